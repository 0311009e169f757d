/* test-plot-operating.c — the operating point each chart marks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where the line of the workload's batch or context lies is worked out here
 * from the axis range the test sets (the view override, which the charts
 * honour exactly), never from the chart's own mapping.
 */
#include <math.h>
#include <string.h>

#include "plot-fixtures.h"

#define W 1000.0
#define H 640.0

static RoofChartLayout *
render (const RoofChartInput *in)
{
  g_autoptr (GError) error = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) W, (int) H);
  cairo_t *cr = cairo_create (surface);
  RoofChartLayout *layout = roof_chart_layout_new ();

  g_assert_true (roof_chart_render (cr, W, H, in, layout, &error));
  g_assert_no_error (error);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return layout;
}

/* The cost and batch charts' x axis is the batch, logarithmic: with the
 * axis set to 1 … 1000 (three decades), batch 32 lies log10 (32) / 3 =
 * 1.50515 / 3 = 0.501717 of the plot's width from its left edge. */
static void
test_batch_line (gconstpointer user_data)
{
  RoofPlotKind kind = GPOINTER_TO_INT (user_data);
  PlotScenario s;
  g_autoptr (RoofChartLayout) layout = NULL;

  plot_scenario_init (&s, kind, "llama-3.1-70b", 3, NULL);
  s.in.workload.batch = 32;
  s.in.view_x0 = 1.0;
  s.in.view_x1 = 1000.0;
  layout = render (&s.in);
  g_assert_cmpfloat (layout->x0, ==, 1.0);
  g_assert_cmpfloat (layout->x1, ==, 1000.0);
  g_assert_cmpint (layout->op_axis, ==, ROOF_OPERATING_BATCH);
  g_assert_cmpfloat (layout->op_value, ==, 32.0);
  double want = layout->plot_area.x + layout->plot_area.width * (1.50515 / 3.0);
  g_assert_cmpfloat_with_epsilon (layout->op_x, want, 0.05);
  /* the handle is on the line (or as near as the plot's edge lets it) */
  const RoofRect *h = &layout->op_handle;
  g_assert_cmpfloat (h->width, >, 0.0);
  g_assert_cmpfloat (h->x, <=, want);
  g_assert_cmpfloat (h->x + h->width, >=, want);
  /* and its text names the batch */
  gboolean named = FALSE;
  for (guint i = 0; i < layout->texts->len; i++)
    named |= g_strcmp0 (g_array_index (layout->texts, RoofPlacedText, i).text, "B = 32") == 0;
  g_assert_true (named);
  /* the drag range is the chart's batch range: 1 … 4096 by default */
  g_assert_cmpfloat (layout->op_lo, ==, 1.0);
  g_assert_cmpfloat (layout->op_hi, ==, 4096.0);
  plot_scenario_clear (&s);
}

/* The context chart: context 4096 on an axis 128 … 131072 (2^7 … 2^17,
 * ten octaves) lies (12 − 7) / 10 = 0.5 of the way across. */
static void
test_context_line (void)
{
  PlotScenario s;
  g_autoptr (RoofChartLayout) layout = NULL;

  plot_scenario_init (&s, ROOF_PLOT_CONTEXT, "llama-3.1-70b", 2, NULL);
  s.in.workload.context = 4096;
  s.in.view_x0 = 128.0;
  s.in.view_x1 = 131072.0;
  layout = render (&s.in);
  g_assert_cmpint (layout->op_axis, ==, ROOF_OPERATING_CONTEXT);
  g_assert_cmpfloat_with_epsilon (layout->op_x,
                                  layout->plot_area.x + 0.5 * layout->plot_area.width, 0.05);
  plot_scenario_clear (&s);
}

/* A batch outside the axis shown (zoomed away) has no line to drag; the
 * charts without a batch or context axis have none either. */
static void
test_no_line (void)
{
  PlotScenario s;
  RoofChartLayout *layout;
  const RoofPlotKind none[] = { ROOF_PLOT_ROOFLINE, ROOF_PLOT_SENSITIVITY, ROOF_PLOT_MEMORY,
                                ROOF_PLOT_TREND, ROOF_PLOT_PARETO };

  plot_scenario_init (&s, ROOF_PLOT_COST, "llama-3.1-70b", 2, NULL);
  s.in.workload.batch = 32;
  s.in.view_x0 = 64.0;
  s.in.view_x1 = 1024.0;
  layout = render (&s.in);
  g_assert_cmpint (layout->op_axis, ==, ROOF_OPERATING_NONE);
  roof_chart_layout_free (layout);
  plot_scenario_clear (&s);
  for (gsize k = 0; k < G_N_ELEMENTS (none); k++)
    {
      plot_scenario_init (&s, none[k], "llama-3.1-70b", 2, NULL);
      layout = render (&s.in);
      g_assert_cmpint (layout->op_axis, ==, ROOF_OPERATING_NONE);
      roof_chart_layout_free (layout);
      plot_scenario_clear (&s);
    }
}

/* The roofline rings each device's point at the workload: its tooltip
 * says so, and the legend has the ring's entry. */
static void
test_roofline_ring (void)
{
  PlotScenario s;
  g_autoptr (RoofChartLayout) layout = NULL;
  int rings = 0;

  plot_scenario_init (&s, ROOF_PLOT_ROOFLINE, "llama-3.1-70b", 3, NULL);
  s.in.workload.batch = 24;
  layout = render (&s.in);
  for (guint i = 0; i < layout->items->len; i++)
    {
      const RoofHitItem *it = &g_array_index (layout->items, RoofHitItem, i);
      rings += it->tooltip != NULL && strstr (it->tooltip, "current workload: decode, batch 24");
    }
  g_assert_cmpint (rings, ==, 3);
  gboolean legend = FALSE;
  for (guint i = 0; i < layout->texts->len; i++)
    legend |= g_strcmp0 (g_array_index (layout->texts, RoofPlacedText, i).text,
                         "current workload: batch 24")
              == 0;
  g_assert_true (legend);
  plot_scenario_clear (&s);
}

/* A name of 60 characters: drawn cut to 40 (39 and "…"), in full in the
 * tooltips of every chart that has tooltips, and cut on the trend chart's
 * labels too. */
#define LONG_NAME "Accelerator with a deliberately long marketing name, rev 2.0"

static gboolean
has_text (const RoofChartLayout *l, const char *text)
{
  for (guint i = 0; i < l->texts->len; i++)
    if (strstr (g_array_index (l->texts, RoofPlacedText, i).text, text) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_names (void)
{
  g_assert_cmpint (g_utf8_strlen (LONG_NAME, -1), ==, 60);
  /* the first 39 characters and the ellipsis */
  const char *cut = "Accelerator with a deliberately long ma…";
  g_assert_cmpint (g_utf8_strlen (cut, -1), ==, 40);

  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    {
      PlotScenario s;
      g_autoptr (RoofChartLayout) layout = NULL;
      gboolean full = FALSE;

      plot_scenario_init (&s, (RoofPlotKind) k, "llama-3.1-70b", 2, NULL);
      s.devices[0].name = LONG_NAME;
      for (int c = 0; c < s.in.n_catalog; c++)
        if (g_strcmp0 (s.in.catalog[c].id, s.devices[0].id) == 0)
          s.catalog[c].name = LONG_NAME;
      layout = render (&s.in);
      g_assert_false (has_text (layout, LONG_NAME));
      if (k != ROOF_PLOT_SENSITIVITY)
        g_assert_true (has_text (layout, cut));
      for (guint i = 0; i < layout->items->len; i++)
        {
          const RoofHitItem *it = &g_array_index (layout->items, RoofHitItem, i);
          full |= it->tooltip != NULL && strstr (it->tooltip, LONG_NAME) != NULL;
        }
      g_assert_true (full);
      plot_scenario_clear (&s);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/plot/operating/cost", GINT_TO_POINTER (ROOF_PLOT_COST),
                        test_batch_line);
  g_test_add_data_func ("/plot/operating/batch", GINT_TO_POINTER (ROOF_PLOT_BATCH),
                        test_batch_line);
  g_test_add_func ("/plot/operating/context", test_context_line);
  g_test_add_func ("/plot/operating/none", test_no_line);
  g_test_add_func ("/plot/operating/roofline-ring", test_roofline_ring);
  g_test_add_func ("/plot/names/tooltips-in-full", test_names);
  return g_test_run ();
}
