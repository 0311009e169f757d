/* roof-frontier-set.h — one system's frontier points, for the chart and the CLI
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The solver's roof_frontier_collect and roof_frontier_mark (docs/model.md,
 * "The frontier") into memory of the right size: every layout × batch on
 * the batch grid 1, 2, 3, 4, 6, … 4096 (and the largest that fits) of the
 * model on one system, sorted by tokens/s per user, the frontier flagged.
 * GLib only.
 */
#pragma once

#include <glib.h>

#include "roof-solver.h"

G_BEGIN_DECLS

/* Batches per replica the frontier tries: 1 … ROOF_FRONTIER_MAX_BATCH. */
#define ROOF_FRONTIER_MAX_BATCH 4096.0

typedef struct
{
  RoofFrontierPoint *points; /* n, by rising x; `frontier` flags the frontier */
  size_t n;
  size_t n_frontier;
  int n_layouts; /* valid layouts */
} RoofFrontierSet;

/* What a frontier is computed with beside the system and the workload. */
typedef struct
{
  RoofFrontierMetric metric;
  double itl;     /* seconds, 0 for none: sets each point's `meets` */
  double devices; /* devices available (RoofLayoutSearch.devices): 0 = the
                   * system's scale-up domain, or 8 for a bare device */
  const struct RoofSpeculative *spec; /* speculative decoding, or NULL */
  const RoofModelDerived *draft;      /* its draft model (ROOF_DRAFTER_MODEL) */
} RoofFrontierOptions;

/* Fills `set` (zeroed or cleared) for one system. On a solver error, `set`
 * is empty. */
RoofStatus roof_frontier_set_compute (RoofFrontierSet *set,
                                      const RoofHardwareParams *hw,
                                      const RoofModelDerived *md,
                                      const RoofWorkload *wl,
                                      const RoofFrontierOptions *options,
                                      RoofError *err);
void roof_frontier_set_clear (RoofFrontierSet *set);

/* The frontier point of the largest y among those meeting ITL ≤ itl (the
 * first frontier point with x ≥ 1/itl), or NULL when none does. */
const RoofFrontierPoint *roof_frontier_set_best_within (const RoofFrontierSet *set, double itl);

G_END_DECLS
