/* test-chart-levers.c — speculative decoding and disaggregation on the charts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The batch, cost, context and roofline charts rendered with the levers on:
 * the data under their hit items, mapped back through the chart's own
 * axes, against docs/model.md's hand vectors ("Speculative decoding",
 * "Disaggregated prefill and decode") for the solver tests' tiny model;
 * and the scenario's levers as roof_chart_data puts them on the input.
 */
#include "config.h"

#include <cairo.h>
#include <math.h>
#include <string.h>

#include "roof-chart-command.h"
#include "roof-chart-data.h"
#include "roof-chart.h"
#include "solver-fixtures.h"

/* The hand vector's setting: docs/model.md's tiny model (solver-fixtures.h),
 * B = 3, S = 10 on 1,000 TFLOP/s and 1 TB/s at $3.6/h; k = 3, α = 0.7,
 * MTP heads of 10,000 parameters. */
typedef struct
{
  RoofChartInput in;
  RoofPlotDevice dev;
  RoofModelDerived md;
  char *caption; /* of the last render */
} Spec;

static void
spec_init (Spec *s)
{
  RoofModelParams m = tiny ();
  RoofChartInput *in = &s->in;

  memset (s, 0, sizeof *s);
  s->md = derive (&m);
  s->dev.id = s->dev.name = "fast";
  roof_hardware_init (&s->dev.hw);
  s->dev.hw.peak_flops[ROOF_PREC_BF16] = 1e15;
  s->dev.hw.mem_bw = 1e12;
  s->dev.hw.mem_capacity = 1e9;
  s->dev.hw.has_price = TRUE;
  s->dev.hw.price_per_hour = 3.6;
  roof_chart_input_init (in);
  in->devices = &s->dev;
  in->n_devices = 1;
  in->model = &s->md;
  in->model_name = "tiny";
  in->workload.batch = 3;
  in->workload.context = 10;
  in->workload.prompt = 8;
  in->workload.output = 4;
  in->batch_lo = 3, in->batch_hi = 6; /* the first sample, hit item 0, at B = 3 */
  in->context_lo = 10, in->context_hi = 20;
  in->has_spec = TRUE;
  in->spec.k = 3;
  in->spec.accept = 0.7;
  in->spec.drafter = ROOF_DRAFTER_MTP;
  in->spec.mtp_params = 1e4;
}

static void
spec_clear (Spec *s)
{
  g_clear_pointer (&s->caption, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Spec, spec_clear)

static RoofChartLayout *
render (Spec *sp, RoofPlotKind kind)
{
  RoofChartInput copy = sp->in;
  char **caption = &sp->caption;
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 800);
  cairo_t *cr = cairo_create (s);
  RoofChartLayout *layout = roof_chart_layout_new ();
  g_autoptr (GError) error = NULL;

  copy.kind = kind;
  g_assert_true (roof_chart_render (cr, 1200, 800, &copy, layout, &error));
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  g_clear_pointer (caption, g_free);
  for (guint i = 0; i < layout->texts->len; i++)
    {
      const RoofPlacedText *t = &g_array_index (layout->texts, RoofPlacedText, i);
      if (t->role == ROOF_TEXT_CAPTION)
        {
          char *joined = g_strconcat (*caption ? *caption : "", t->text, " ", NULL);
          g_free (*caption);
          *caption = joined;
        }
    }
  return layout;
}

/* The first hit item whose tooltip holds every word. */
static const RoofHitItem *
find_item (const RoofChartLayout *l, const char *a, const char *b)
{
  for (guint i = 0; i < l->items->len; i++)
    {
      const RoofHitItem *it = &g_array_index (l->items, RoofHitItem, i);
      if (it->tooltip && strstr (it->tooltip, a) && (b == NULL || strstr (it->tooltip, b)))
        return it;
    }
  g_error ("no hit item with “%s”", a);
  return NULL;
}

/* docs/model.md, [levers/speculative-mtp]: t_verify = 227,808 B / 1 TB/s =
 * 0.227808 µs (its 1,984,512 FLOP take 1.98 ns), a draft step 20,000 B →
 * 0.020 µs, t_cycle = 0.227808 + 3 · 0.020 = 0.287808 µs over 2.533 tokens:
 * ITL 0.11362 µs, 3 · 2.533 / 0.287808 µs = 26.40e6 tokens/s; plain
 * 0.183384 µs, 3 / 0.183384 µs = 16.36e6. */
#define T_CYCLE ((227808.0 + 3 * 20000.0) / 1e12)
#define TOKENS (1 + 0.7 + 0.49 + 0.343)
#define T_PLAIN 0.183384e-6

static void
test_batch (void)
{
  g_auto (Spec) s;

  spec_init (&s);
  g_autoptr (RoofChartLayout) l = render (&s, ROOF_PLOT_BATCH);
  const RoofHitItem *tp = find_item (l, "batch 3\n", "tokens/s · ITL");
  assert_rel (roof_chart_layout_x_to_data (l, tp->x), 3, 1e-9);
  assert_rel (roof_chart_layout_y_to_data (l, tp->y), 3 * TOKENS / T_CYCLE, 1e-9);
  g_assert_nonnull (strstr (tp->tooltip, "speculative"));
  /* the ITL item on the right axis (log): effective ITL 0.11362 µs */
  const RoofHitItem *itl = find_item (l, "batch 3\nITL", NULL);
  RoofRect pa = l->plot_area;
  double f = (pa.y + pa.height - itl->y) / pa.height;
  assert_rel (exp (log (l->y2_0) + f * (log (l->y2_1) - log (l->y2_0))), T_CYCLE / TOKENS, 1e-9);
  g_assert_nonnull (strstr (s.caption, "speculative decoding k = 3, α = 0.7"));
  g_assert_nonnull (strstr (s.caption, "2.533 tokens per verify step"));

  /* without the lever the same item carries the plain step: 3 / 0.183384 µs */
  s.in.has_spec = FALSE;
  g_autoptr (RoofChartLayout) p = render (&s, ROOF_PLOT_BATCH);
  tp = find_item (p, "batch 3\n", "tokens/s · ITL");
  assert_rel (roof_chart_layout_y_to_data (p, tp->y), 3 / T_PLAIN, 1e-6);
  g_assert_null (strstr (s.caption, "speculative"));
}

/* $/Mtok at $3.6/h (0.001 $/s): 0.001 · 0.287808e-6 / (3 · 2.533) · 10⁶ =
 * $3.787e-5 (docs/model.md); plain 0.001 · 0.183384e-6 / 3 · 10⁶. */
static void
test_cost (void)
{
  g_auto (Spec) s;

  spec_init (&s);
  g_autoptr (RoofChartLayout) l = render (&s, ROOF_PLOT_COST);
  const RoofHitItem *it = find_item (l, "batch 3\n", "without speculative decoding");
  assert_rel (roof_chart_layout_y_to_data (l, it->y), 0.001 * T_CYCLE / (3 * TOKENS) * 1e6, 1e-9);
  assert_rel (0.001 * T_CYCLE / (3 * TOKENS) * 1e6, 3.787e-5, 1e-3);
  g_assert_nonnull (strstr (s.caption, "speculative decoding k = 3"));
}

/* The drafter's memory lowers the largest batch: the plain step's thin line
 * goes on past the verify cycle's last batch to its own. The tiny model's
 * KV cache at S = 10 is 2 layers · 2 (K, V) · 2 heads · 16 · 2 B · 10 =
 * 2,560 B a sequence; the MTP heads' 10,000 bf16 parameters take 20,000 B,
 * as much as 7.8 sequences' cache: room for 40.5 caches beside the weights
 * holds at most 40 sequences without the heads (fewer: activations and the
 * step's workspace take room too), and fewer with them. */
static void
test_cost_plain_tail (void)
{
  g_auto (Spec) s;
  RoofCostPoint pt;
  RoofError err = { 0 };

  spec_init (&s);
  s.in.batch_lo = 1, s.in.batch_hi = 4096;
  s.dev.hw.mem_capacity = s.md.p_total * 2 + 40.5 * 2560;
  double plain = roof_max_batch_that_fits (&s.dev.hw, &s.md, &s.in.workload);
  g_assert_cmpfloat (plain, <=, 40);
  g_assert_cmpfloat (plain, >=, 10);

  g_autoptr (RoofChartLayout) l = render (&s, ROOF_PLOT_COST);
  /* the last item of the thin line: the plain step at its own largest batch */
  const RoofHitItem *last = NULL;
  for (guint i = 0; i < l->items->len; i++)
    {
      const RoofHitItem *it = &g_array_index (l->items, RoofHitItem, i);
      if (it->tooltip && strstr (it->tooltip, "no room for the drafter at this batch"))
        last = it;
    }
  g_assert_nonnull (last);
  assert_rel (roof_chart_layout_x_to_data (l, last->x), plain, 1e-6);
  g_assert_cmpint (roof_cost_point (&s.dev.hw, &s.md, &s.in.workload, plain, &pt, &err), ==,
                   ROOF_OK);
  assert_rel (roof_chart_layout_y_to_data (l, last->y), pt.total, 1e-6);
  /* and the verify cycle's own curve ends before it */
  for (guint i = 0; i < l->items->len; i++)
    {
      const RoofHitItem *it = &g_array_index (l->items, RoofHitItem, i);
      if (it->tooltip && strstr (it->tooltip, "without speculative decoding")
          && !strstr (it->tooltip, "no room for the drafter"))
        g_assert_cmpfloat (roof_chart_layout_x_to_data (l, it->x), <=, plain - 1 + 1e-9);
    }
}

/* Disaggregated, the prefill pool of docs/model.md's vector [levers/disagg]:
 * 2 prompts of 8 per step on 1 TFLOP/s and 1 TB/s at $2/h: t_prefill =
 * (2,384,896 + 32,768) FLOP / 1 TFLOP/s = 2.417664 µs; per output token
 * (S_out = 4) it adds $2/h / 3600 · 2.417664 µs / (2 · 4) · 10⁶ =
 * $1.6789e-4 per Mtok to the decode step's 0.001 · 0.183384e-6 / 3 · 10⁶. */
static void
test_cost_disagg (void)
{
  g_auto (Spec) s;
  RoofHardwareParams pool;

  spec_init (&s);
  s.in.has_spec = FALSE;
  roof_hardware_init (&pool);
  pool.peak_flops[ROOF_PREC_BF16] = 1e12;
  pool.mem_bw = 1e12;
  pool.mem_capacity = 1e9;
  pool.has_price = TRUE;
  pool.price_per_hour = 2;
  s.in.has_disagg = TRUE;
  s.in.prefill_hw = &pool;
  roof_disagg_prefill_workload (&s.in.workload, 2, 1, 1, &s.in.prefill_workload);

  double pf = 2.0 / 3600 * (2384896.0 + 32768.0) / 1e12 / (2 * 4) * 1e6;
  assert_rel (pf, 1.6789e-4, 1e-4);
  g_autoptr (RoofChartLayout) l = render (&s, ROOF_PLOT_COST);
  const RoofHitItem *it = find_item (l, "batch 3\n", "the prefill pool's share");
  assert_rel (roof_chart_layout_y_to_data (l, it->y), 0.001 * T_PLAIN / 3 * 1e6 + pf, 1e-6);
  g_assert_nonnull (strstr (s.caption, "disaggregated"));

  /* an unpriced pool: the curve is the decode step's alone, and says why */
  pool.has_price = FALSE;
  g_autoptr (RoofChartLayout) u = render (&s, ROOF_PLOT_COST);
  g_assert_nonnull (strstr (s.caption, "the prefill pool has no price"));
  it = find_item (u, "batch 3\n", "weights");
  assert_rel (roof_chart_layout_y_to_data (u, it->y), 0.001 * T_PLAIN / 3 * 1e6, 1e-6);
}

/* The context chart's line at S = 10 is the effective ITL, 0.11362 µs. */
static void
test_context (void)
{
  g_auto (Spec) s;

  spec_init (&s);
  g_autoptr (RoofChartLayout) l = render (&s, ROOF_PLOT_CONTEXT);
  const RoofHitItem *it = find_item (l, "context 10\n", "effective ITL");
  assert_rel (roof_chart_layout_y_to_data (l, it->y), T_CYCLE / TOKENS, 1e-9);
  g_assert_nonnull (strstr (s.caption, "speculative decoding k = 3"));
}

/* The roofline's verify step: (1,923,072 + 61,440) FLOP over 227,808 B =
 * 8.7113 FLOP/B (docs/model.md), at that FLOP over t_verify. */
static void
test_roofline (void)
{
  g_auto (Spec) s;

  spec_init (&s);
  g_autoptr (RoofChartLayout) l = render (&s, ROOF_PLOT_ROOFLINE);
  const RoofHitItem *it = find_item (l, "verify step: 4 tokens per sequence", NULL);
  assert_rel (roof_chart_layout_x_to_data (l, it->x), (1923072.0 + 61440.0) / 227808.0, 1e-9);
  assert_rel (roof_chart_layout_y_to_data (l, it->y), (1923072.0 + 61440.0) / 0.227808e-6, 1e-9);
  g_assert_nonnull (strstr (s.caption, "the triangle is the verify step"));
}

/* A scenario's disaggregation on the chart input: its prefill pool's
 * layout and prompts per step and the prefill system on its fabric; each
 * column is its own decode pool (a system column has the system's fabric). */
static void
test_chart_data (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_assert_no_error (error);
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  RoofScenarioLevers lv = *roof_scenario_get_levers (scenario);

  lv.disagg = TRUE;
  lv.prefill_batch = 4;
  lv.prefill_tp = 8;
  lv.prefill_system = (char *) "nvidia-hgx-h200";
  roof_scenario_set_levers (scenario, &lv);
  g_autoptr (RoofChartData) data = roof_chart_data_new (catalog, scenario);
  const RoofChartInput *in = roof_chart_data_get_input (data);
  g_assert_true (in->has_disagg);
  g_assert_cmpfloat (in->prefill_workload.batch, ==, 4);
  g_assert_cmpfloat (in->prefill_workload.devices, ==, 8);
  g_assert_cmpint (in->prefill_workload.phase, ==, ROOF_PHASE_PREFILL);
  g_assert_nonnull (in->prefill_hw);
  g_assert_cmpfloat (in->prefill_hw->scaleout_bw, >, 0);
  g_assert_null (in->disagg_pools); /* each column its own pool: a system column is its system */

  lv.disagg = FALSE;
  roof_scenario_set_levers (scenario, &lv);
  g_autoptr (RoofChartData) off = roof_chart_data_new (catalog, scenario);
  g_assert_false (roof_chart_data_get_input (off)->has_disagg);
  g_assert_null (roof_chart_data_get_input (off)->prefill_hw);
}

/* Copy as Command gives the levers on the charts that draw them, so that
 * roofline-cli draws what the app shows. */
static void
test_command (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  RoofScenarioLevers lv = *roof_scenario_get_levers (scenario);

  lv.spec_k = 3;
  lv.spec_accept = 0.7;
  lv.mtp_params = 1e9;
  lv.disagg = TRUE;
  lv.prefill_system = (char *) "nvidia-hgx-h200";
  lv.prefill_batch = 4;
  roof_scenario_set_levers (scenario, &lv);
  g_auto (GStrv) cost = roof_chart_command_args (scenario, catalog, ROOF_PLOT_COST, NULL, NULL,
                                                 "x.png");
  g_autofree char *line = roof_chart_command_line ((const char *const *) cost);
  g_assert_nonnull (strstr (line, " --spec-k 3 --spec-accept 0.7 --mtp-params 1e+09 "
                                  "--disagg --prefill-system nvidia-hgx-h200 --prefill-batch 4 "
                                  "-o x.png"));
  g_auto (GStrv) batch = roof_chart_command_args (scenario, catalog, ROOF_PLOT_BATCH, NULL, NULL,
                                                  "x.png");
  g_autofree char *bline = roof_chart_command_line ((const char *const *) batch);
  g_assert_nonnull (strstr (bline, "--spec-k 3"));
  g_assert_null (strstr (bline, "--disagg"));
  g_auto (GStrv) mem = roof_chart_command_args (scenario, catalog, ROOF_PLOT_MEMORY, NULL, NULL,
                                                "x.png");
  g_autofree char *mline = roof_chart_command_line ((const char *const *) mem);
  g_assert_null (strstr (mline, "--spec-k"));
}


int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/levers/batch", test_batch);
  g_test_add_func ("/plot/levers/cost", test_cost);
  g_test_add_func ("/plot/levers/cost-disagg", test_cost_disagg);
  g_test_add_func ("/plot/levers/cost-plain-tail", test_cost_plain_tail);
  g_test_add_func ("/plot/levers/context", test_context);
  g_test_add_func ("/plot/levers/roofline", test_roofline);
  g_test_add_func ("/plot/levers/chart-data", test_chart_data);
  g_test_add_func ("/plot/levers/command", test_command);
  return g_test_run ();
}
