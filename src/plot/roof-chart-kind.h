/* roof-chart-kind.h — the charts there are: one row each
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one list of charts, for the plot engine, the app, the CLI and the
 * scenario files. A row names the enum value (ROOF_PLOT_<ID>) and the chart
 * (the CLI argument, the file key and the app's action target, and the chart
 * file: roof-chart-<name>.c defines roof_chart_<name>_class, which holds the
 * chart's title and its stages). GLib only, so src/catalog can read it too.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* In the order of the app's view switcher. */
#define ROOF_PLOT_KINDS(X)                                                       \
  X (ROOFLINE, roofline)                                                         \
  X (COST, cost)                                                                 \
  X (SENSITIVITY, sensitivity)                                                   \
  X (BATCH, batch)     /* throughput and ITL vs batch */                         \
  X (CONTEXT, context) /* latency vs context length */                           \
  X (MEMORY, memory)   /* memory footprint */                                    \
  X (TREND, trend)     /* ridge point by year over the catalog */                \
  X (PARETO, pareto)   /* tokens/s per device vs per user: the frontier */           \
  X (PLAN, plan)       /* fleet cost vs request rate */

typedef enum
{
#define ROOF_PLOT_KIND_ENUM_(ID, name) ROOF_PLOT_##ID,
  ROOF_PLOT_KINDS (ROOF_PLOT_KIND_ENUM_)
#undef ROOF_PLOT_KIND_ENUM_
  ROOF_PLOT_COUNT
} RoofPlotKind;

/* A row's name as a string: ROOF_PLOT_KINDS (ROOF_PLOT_KIND_NAME) makes
 * "roofline", "cost", … (a static list of choices for a file's field). */
#define ROOF_PLOT_KIND_NAME(ID, name) #name,

/* "roofline", "cost", …, then NULL. */
static inline const char *const *
roof_plot_kind_names (void)
{
  static const char *const names[ROOF_PLOT_COUNT + 1] = { ROOF_PLOT_KINDS (ROOF_PLOT_KIND_NAME)
                                                              NULL };
  return names;
}

/* "roofline", "cost", "sensitivity", "batch", "context", "memory", "trend",
 * "pareto", "plan";
 * NULL out of range. */
static inline const char *
roof_plot_kind_name (RoofPlotKind kind)
{
  if ((int) kind < 0 || kind >= ROOF_PLOT_COUNT)
    return NULL;
  return roof_plot_kind_names ()[kind];
}

/* From a name, case-insensitive; `out` is left alone when there is none.
 * Defined here, as the two above, so that src/catalog, which does not link
 * the plot engine, reads the same list; kept out of line so that a caller's
 * `out` counts as possibly set (GCC's -Wmaybe-uninitialized). */
G_GNUC_NO_INLINE static gboolean G_GNUC_UNUSED
roof_plot_kind_from_name (const char *name, RoofPlotKind *out)
{
  if (name == NULL)
    return FALSE;
  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    if (g_ascii_strcasecmp (name, roof_plot_kind_names ()[i]) == 0)
      {
        if (out)
          *out = (RoofPlotKind) i;
        return TRUE;
      }
  return FALSE;
}

G_END_DECLS
