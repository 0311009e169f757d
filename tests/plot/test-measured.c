/* test-measured.c — measured points beside the bound, and on the charts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bound of docs/model.md "Measured points" worked out by hand for the
 * tiny model of the solver tests; every bundled published point checked to
 * sit at or below its bound; the overlay drawn from plain numbers.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "plot-fixtures.h"
#include "roof-frontier-set.h"
#include "roof-chart-data.h"
#include "roof-measured.h"
#include "solver-fixtures.h" /* tiny (), derive (), assert_rel () */

static RoofHardwareParams
device (double flops, double bw)
{
  RoofHardwareParams hw;
  roof_hardware_init (&hw);
  hw.peak_flops[ROOF_PREC_BF16] = flops;
  hw.mem_bw = bw;
  hw.mem_capacity = 1e12;
  return hw;
}

/* One request of 8 prompt and 3 output tokens, bf16, docs/model.md:
 *  prefill F_p = 2·8·73,728 + 2·6,400 (lm_head, last token) + causal
 *    2·L·H·d_h·S² = 2·2·4·16·64 = 16,384: 1,192,448 + 16,384 = 1,208,832;
 *    bytes beside weights: KV written 8·128·2 = 2,048, activations
 *    2·(8·2,176 + 164) = 35,144: 37,192;
 *  two decode steps (the prefill gives the first token) at S = 8 and 9:
 *    FLOP 160,256 + 4·H·d_h·L·S = 160,256 + 512·S: 164,352 + 164,864 =
 *    329,216; bytes KV 256·S read + 256 written, activations 2·2,340 =
 *    4,680: 6,984 + 7,240 = 14,224;
 *  F = 1,538,048, Q = 51,416 per request; weights 160,896 B per step. */
static void
test_hand_tiny (void)
{
  RoofModelParams params = tiny ();
  RoofModelDerived md = derive (&params);
  RoofHardwareParams slow = device (1e12, 1e12), fast = device (1e15, 1e12);
  g_autoptr (RoofMeasurement) m = roof_measurement_new ();
  g_autoptr (GError) error = NULL;
  RoofMeasuredPoint pt;

  m->hardware = g_strdup ("tiny-device");
  m->model = g_strdup ("tiny");
  m->prompt = 8;
  m->output = 3;
  m->batch = 2;
  m->tokens_per_s = 1e6;

  /* B = 2 on 1 TFLOP/s, 1 TB/s: compute 2·F = 3,076,096 FLOP = 3.076096 µs;
   * memory 2·Q + (3 − 1)·160,896 = 424,624 B = 0.424624 µs: compute binds,
   * bound = B·S_out / T = 6 / 3.076096e-6 tokens/s */
  g_assert_true (roof_measured_evaluate_params (&slow, &md, m, 1, &pt, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pt.bound, ==, ROOF_BOUND_COMPUTE);
  assert_rel (pt.bound_tokens_per_s, 6.0 / 3.076096e-6, 1e-12);
  assert_rel (pt.fraction, 1e6 * 3.076096e-6 / 6.0, 1e-12); /* 0.5126827 */
  assert_rel (pt.flop_per_token, 1538048.0 / 3.0, 1e-12);
  assert_rel (pt.intensity, 3076096.0 / 424624.0, 1e-12);
  assert_rel (pt.attained_flops, 1e6 * 1538048.0 / 3.0, 1e-12);

  /* 1 PFLOP/s: memory binds, bound = 6 / 0.424624e-6 */
  g_assert_true (roof_measured_evaluate_params (&fast, &md, m, 1, &pt, &error));
  g_assert_cmpint (pt.bound, ==, ROOF_BOUND_MEMORY);
  assert_rel (pt.bound_tokens_per_s, 6.0 / 424624e-12, 1e-12);

  /* two devices: twice the rates, twice the bound */
  g_assert_true (roof_measured_evaluate_params (&fast, &md, m, 2, &pt, &error));
  assert_rel (pt.bound_tokens_per_s, 2.0 * 6.0 / 424624e-12, 1e-12);

  /* no batch stated: the weights left out, per request T = max (F/Π, Q/β)
   * = max (1.538048 µs, 51.416 ns) on the slow device */
  m->batch = 0;
  g_assert_true (roof_measured_evaluate_params (&slow, &md, m, 1, &pt, &error));
  assert_rel (pt.bound_tokens_per_s, 3.0 / 1.538048e-6, 1e-12);
  assert_rel (pt.intensity, 1538048.0 / 51416.0, 1e-12);

  /* a precision the device has no ceiling at */
  m->compute = ROOF_PREC_FP4;
  g_assert_false (roof_measured_evaluate_params (&slow, &md, m, 1, &pt, &error));
  g_assert_nonnull (strstr (error->message, "no fp4 ceiling"));
}

/* A roofline is a bound: every bundled published point must sit at or
 * below it for its stated settings. */
static void
test_bundled_under_bound (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_autoptr (GPtrArray) set = roof_measurements_bundled (catalog, &error);
  double lo = 1.0, hi = 0.0;

  g_assert_no_error (error);
  g_assert_cmpuint (set->len, ==, 132);
  for (guint i = 0; i < set->len; i++)
    {
      const RoofMeasurement *m = g_ptr_array_index (set, i);
      RoofMeasuredPoint pt;

      if (!roof_measured_evaluate (catalog, m, &pt, &error))
        g_error ("%s: %s", m->id, error->message);
      if (!(pt.fraction > 0.0 && pt.fraction <= 1.0))
        g_error ("%s: measured %g tokens/s is %.3g of the bound %g", m->id, m->tokens_per_s,
                 pt.fraction, pt.bound_tokens_per_s);
      lo = MIN (lo, pt.fraction), hi = MAX (hi, pt.fraction);
    }
  g_test_message ("bundled points at %.1f–%.1f %% of their bounds", 100.0 * lo, 100.0 * hi);
}

/* The frontier of `m`'s device for its own settings (docs/model.md,
 * "Measured points", "Frontier"): its precisions, decode at its prompt's
 * context (the shortest of the run), a system of its devices; the y of the
 * first frontier point with at least `x` tokens/s per user, 0 for none. */
static double
frontier_at (RoofCatalog *catalog, const RoofMeasurement *m, double x)
{
  g_autoptr (GError) error = NULL;
  RoofHardwareSpec *hw = roof_catalog_lookup_hardware (catalog, m->hardware, &error);
  RoofModelSpec *model = roof_catalog_lookup_model (catalog, m->model, &error);
  RoofFrontierOptions fo = { .metric = ROOF_FRONTIER_PER_DEVICE, .devices = m->devices };
  RoofFrontierSet set = { 0 };
  RoofWorkload wl;
  RoofError err;
  double y = 0.0;

  g_assert_no_error (error);
  roof_workload_init (&wl);
  wl.phase = ROOF_PHASE_DECODE;
  wl.weights = m->weights, wl.kv = m->kv, wl.compute = m->compute;
  wl.prompt = m->prompt, wl.context = m->prompt, wl.output = m->output;
  if (roof_frontier_set_compute (&set, roof_hardware_spec_get_params (hw),
                                 roof_model_spec_get_derived (model), &wl, &fo, &err)
      != ROOF_OK)
    g_error ("%s: %s", m->id, err.message);
  for (size_t j = 0; j < set.n && y == 0.0; j++)
    if (set.points[j].frontier && set.points[j].x >= x)
      y = set.points[j].y;
  roof_frontier_set_clear (&set);
  return y;
}

/* Every bundled point with an end-to-end latency and no TPOT or ITL sits
 * on the frontier chart at x = output ÷ latency per user (a lower bound of
 * its decode rate), y = tokens/s per device; being at most the whole run's
 * mean step rate, it must lie at or under its device's frontier there
 * (docs/model.md, "Measured points": each of the S_out steps of batch B at
 * TP n takes at least the frontier's step at context S_in, and the
 * frontier's y does not rise with x). */
static void
test_bundled_under_frontier (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_autoptr (GPtrArray) set = roof_measurements_bundled (catalog, &error);
  double lo = 1.0, hi = 0.0;
  guint n = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < set->len; i++)
    {
      const RoofMeasurement *m = g_ptr_array_index (set, i);
      double x, y, y_f;

      if (!(m->e2e.mean > 0.0) || m->tpot.mean > 0.0 || m->itl.mean > 0.0)
        continue;
      x = m->output / m->e2e.mean;
      y = m->tokens_per_s / m->devices;
      y_f = frontier_at (catalog, m, x);
      if (!(y_f > 0.0 && y <= y_f))
        g_error ("%s: %g tokens/s per device at %g per user, the frontier %g there", m->id, y,
                 x, y_f);
      lo = MIN (lo, y / y_f), hi = MAX (hi, y / y_f);
      g_test_message ("%s: x %.4g, y %.4g, %.1f %%", m->id, x, y, 100.0 * y / y_f);
      n++;
    }
  /* AMD's 32 latencies of the MI300X (ROCm/vllm docs/dev-docker/README.md) */
  g_assert_cmpuint (n, ==, 32);
  g_test_message ("%u points at %.1f–%.1f %% of the frontier", n, 100.0 * lo, 100.0 * hi);
}

static void
test_match (void)
{
  g_autoptr (GPtrArray) set = roof_measurements_new ();
  RoofMeasurement *m = roof_measurement_new ();
  RoofWorkload wl;

  m->hardware = g_strdup ("nvidia-h100-sxm");
  m->model = g_strdup ("llama-3.1-8b");
  m->batch = 64;
  g_ptr_array_add (set, m);
  roof_workload_init (&wl);
  wl.batch = 64;
  g_assert_true (roof_measured_match (set, NULL, "nvidia-h100-sxm", "llama-3.1-8b", &wl) == m);
  g_assert_null (roof_measured_match (set, NULL, "nvidia-h200-sxm", "llama-3.1-8b", &wl));
  g_assert_null (roof_measured_match (set, NULL, "nvidia-h100-sxm", "llama-3.1-70b", &wl));
  wl.compute = ROOF_PREC_FP8;
  g_assert_null (roof_measured_match (set, NULL, "nvidia-h100-sxm", "llama-3.1-8b", &wl));
  wl.compute = ROOF_PREC_BF16;
  wl.batch = 32;
  g_assert_null (roof_measured_match (set, NULL, "nvidia-h100-sxm", "llama-3.1-8b", &wl));
  /* the batch is per replica: 32 on each of 2 replicas is 64 in flight */
  wl.dp = 2;
  g_assert_true (roof_measured_match (set, NULL, "nvidia-h100-sxm", "llama-3.1-8b", &wl) == m);
}

/* ------------------------------------------------------------------------ */
/* The overlay                                                              */

static const RoofPlotMeasured points[] = {
  /* on one device: 100 FLOP/byte, 150 TFLOP/s, batch 16, half its bound */
  { .source = 0, .device = 0, .devices = 1, .intensity = 100, .attained_flops = 1.5e14,
    .batch = 16, .tokens_per_s = 2000, .usd_per_mtok = 0.5, .fraction = 0.5,
    .tooltip = "engine X · 1 × H100\nsource A" },
  /* on two devices, batch not stated: 40 %, only on the roofline */
  { .source = 1, .device = 0, .devices = 2, .intensity = 30, .attained_flops = 1.2e14,
    .batch = 0, .tokens_per_s = 3000, .fraction = 0.4, .tooltip = "engine Y\nsource B" },
};
static const char *const sources[] = { "engine X, source A", "engine Y, source B" };

static gboolean
has_text (const RoofChartLayout *layout, RoofTextRole role, const char *text)
{
  for (guint i = 0; i < layout->texts->len; i++)
    {
      const RoofPlacedText *t = &g_array_index (layout->texts, RoofPlacedText, i);
      if (t->role == role && strcmp (t->text, text) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_text_part (const RoofChartLayout *layout, RoofTextRole role, const char *part)
{
  for (guint i = 0; i < layout->texts->len; i++)
    {
      const RoofPlacedText *t = &g_array_index (layout->texts, RoofPlacedText, i);
      if (t->role == role && strstr (t->text, part) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* One H100 and Llama 3.1 8B on `kind`, with the two points above. */
static void
overlay_init (PlotScenario *s, RoofPlotKind kind)
{
  const char *ids[] = { "nvidia-h100-sxm" };

  plot_scenario_init (s, kind, "llama-3.1-8b", 1, ids);
  s->in.measured = points;
  s->in.n_measured = 2;
  s->in.measured_sources = sources;
  s->in.n_measured_sources = 2;
}

static RoofChartLayout *
render (PlotScenario *s, cairo_surface_t **surface_out)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1000, 650);
  cairo_t *cr = cairo_create (surface);
  RoofChartLayout *layout = roof_chart_layout_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (roof_chart_render (cr, 1000, 650, &s->in, layout, &error));
  g_assert_no_error (error);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  *surface_out = surface;
  return layout;
}

static void
test_overlay_roofline (void)
{
  PlotScenario s;
  cairo_surface_t *surface = NULL;
  g_autoptr (RoofChartLayout) layout = NULL;
  const RoofHitItem *hit;
  double x, y;

  overlay_init (&s, ROOF_PLOT_ROOFLINE);
  layout = render (&s, &surface);

  g_assert_true (has_text (layout, ROOF_TEXT_LABEL, "50 %"));
  g_assert_true (has_text (layout, ROOF_TEXT_LABEL, "40 %"));
  g_assert_true (has_text (layout, ROOF_TEXT_LEGEND, "measured: engine X, source A"));
  g_assert_true (has_text (layout, ROOF_TEXT_LEGEND, "measured: engine Y, source B"));
  g_assert_nonnull (strstr (layout->description, "Measured points: 2, at 40–50 %"));

  /* the first point where its numbers put it: 100 FLOP/byte, 150 TFLOP/s
   * (one device on a one-device chart); a marker there, its tooltip */
  x = roof_chart_layout_data_to_x (layout, 100);
  y = roof_chart_layout_data_to_y (layout, 1.5e14);
  hit = roof_chart_layout_hit (layout, x, y);
  g_assert_nonnull (hit);
  g_assert_cmpstr (hit->tooltip, ==, "engine X · 1 × H100\nsource A");
  {
    int stride = cairo_image_surface_get_stride (surface);
    const guint32 *px = (const guint32 *) (cairo_image_surface_get_data (surface)
                                           + (gsize) lround (y) * stride)
                        + lround (x);
    /* not the light background: the marker's fill */
    g_assert_cmphex (*px & 0xffffff, !=, 0xffffff);
  }
  /* the second, on two devices: per device 6e13 on this one-device chart */
  x = roof_chart_layout_data_to_x (layout, 30);
  y = roof_chart_layout_data_to_y (layout, 6e13);
  hit = roof_chart_layout_hit (layout, x, y);
  g_assert_nonnull (hit);
  g_assert_cmpstr (hit->tooltip, ==, "engine Y\nsource B");
  cairo_surface_destroy (surface);
  g_clear_pointer (&layout, roof_chart_layout_free);

  /* a source toggled off leaves the chart, label and legend entry */
  s.in.measured_hidden = 1u << 0;
  layout = render (&s, &surface);
  g_assert_false (has_text (layout, ROOF_TEXT_LABEL, "50 %"));
  g_assert_false (has_text (layout, ROOF_TEXT_LEGEND, "measured: engine X, source A"));
  g_assert_true (has_text (layout, ROOF_TEXT_LABEL, "40 %"));
  cairo_surface_destroy (surface);
  plot_scenario_clear (&s);
}

static void
test_overlay_batch_cost (void)
{
  const RoofPlotKind kinds[] = { ROOF_PLOT_BATCH, ROOF_PLOT_COST };

  for (gsize k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      PlotScenario s;
      cairo_surface_t *surface = NULL;
      g_autoptr (RoofChartLayout) layout = NULL;
      const RoofHitItem *hit;

      overlay_init (&s, kinds[k]);
      layout = render (&s, &surface);
      /* the point with a batch: at batch 16, 2000 tokens/s or $0.5 per
       * million tokens; the one without is not on these charts */
      g_assert_true (has_text (layout, ROOF_TEXT_LABEL, "50 %"));
      g_assert_false (has_text (layout, ROOF_TEXT_LABEL, "40 %"));
      g_assert_false (has_text (layout, ROOF_TEXT_LEGEND, "measured: engine Y, source B"));
      hit = roof_chart_layout_hit (layout, roof_chart_layout_data_to_x (layout, 16),
                                   roof_chart_layout_data_to_y (layout, k == 0 ? 2000 : 0.5));
      g_assert_nonnull (hit);
      g_assert_cmpstr (hit->tooltip, ==, "engine X · 1 × H100\nsource A");
      cairo_surface_destroy (surface);
      plot_scenario_clear (&s);
    }
}

/* The frontier chart (docs/model.md, "Measured points"): x = 1 / TPOT,
 * y = tokens/s over the devices, the label its share of the frontier's y at
 * the first frontier point with at least that x. Two points on one H100:
 * 50 tokens/s per user at 2,000 tokens/s on 2 devices (1,000 per device),
 * and 5,000 per user, beyond the frontier (at batch 1 the H100's
 * 3.35e12 B/s over Llama 3.1 8B's 16 GB of weights gives about 210 tokens/s
 * per user, under TP8 about 1,700). */
static const RoofPlotMeasured pareto_points[] = {
  { .source = 0, .device = 0, .devices = 2, .batch = 16, .tokens_per_s = 2000, .fraction = 0.5,
    .per_user = 50, .tooltip = "engine X" },
  { .source = 0, .device = 0, .devices = 1, .tokens_per_s = 100, .fraction = 0.1,
    .per_user = 5000, .tooltip = "engine Z" },
  /* no TPOT: not on this chart */
  { .source = 1, .device = 0, .devices = 1, .batch = 4, .tokens_per_s = 400, .fraction = 0.3,
    .tooltip = "engine Y" },
};

static void
test_overlay_pareto (void)
{
  PlotScenario s;
  cairo_surface_t *surface = NULL;
  g_autoptr (RoofChartLayout) layout = NULL;
  RoofFrontierSet set = { 0 };
  RoofWorkload wl;
  RoofError err;
  const RoofHitItem *hit;
  RoofFrontierOptions fo = { 0 };
  double frontier_y = 0.0, pct;
  char label[32];

  overlay_init (&s, ROOF_PLOT_PARETO);
  s.in.measured = pareto_points;
  s.in.n_measured = G_N_ELEMENTS (pareto_points);
  /* the frontier the chart draws: the input's workload at decode */
  wl = s.in.workload;
  wl.phase = ROOF_PHASE_DECODE;
  fo.metric = ROOF_FRONTIER_PER_DEVICE;
  fo.devices = s.in.frontier_devices; /* as the chart: a bare device, 0 = 8 */
  g_assert_cmpint (roof_frontier_set_compute (&set, &s.in.devices[0].hw, s.in.model, &wl,
                                              &fo, &err),
                   ==, ROOF_OK);
  for (size_t j = 0; j < set.n && frontier_y == 0.0; j++)
    if (set.points[j].frontier && set.points[j].x >= 50.0)
      frontier_y = set.points[j].y;
  g_assert_cmpfloat (frontier_y, >, 1000.0);
  pct = 100.0 * (2000.0 / 2.0) / frontier_y;
  g_assert_cmpfloat (pct, >=, 10.0); /* two digits: "%.0f" writes it as the chart does */
  g_snprintf (label, sizeof label, "%.0f %%", pct);
  roof_frontier_set_clear (&set);

  layout = render (&s, &surface);
  g_assert_true (has_text (layout, ROOF_TEXT_LABEL, label));
  /* not the bound's 50 %: the frontier's */
  g_assert_false (has_text (layout, ROOF_TEXT_LABEL, "50 %"));
  g_assert_false (has_text (layout, ROOF_TEXT_LEGEND, "measured: engine Y, source B"));
  g_assert_true (has_text (layout, ROOF_TEXT_LEGEND, "measured: engine X, source A"));
  hit = roof_chart_layout_hit (layout, roof_chart_layout_data_to_x (layout, 50),
                               roof_chart_layout_data_to_y (layout, 1000));
  g_assert_nonnull (hit);
  g_assert_true (g_str_has_prefix (hit->tooltip, "engine X\n"));
  g_assert_nonnull (strstr (hit->tooltip, "of the frontier at the same tokens/s per user"));
  /* beyond the frontier: drawn, no percentage, the tooltip says why */
  hit = roof_chart_layout_hit (layout, roof_chart_layout_data_to_x (layout, 5000),
                               roof_chart_layout_data_to_y (layout, 100));
  g_assert_nonnull (hit);
  g_assert_cmpstr (hit->tooltip, ==,
                   "engine Z\nmore tokens/s per user than any point of the frontier");
  g_assert_false (has_text (layout, ROOF_TEXT_LABEL, "10 %"));
  g_assert_nonnull (strstr (layout->description, "Measured points: 2, at "));
  g_assert_nonnull (strstr (layout->description, "% of the frontier."));
  cairo_surface_destroy (surface);
  g_clear_pointer (&layout, roof_chart_layout_free);

  /* per kW (a power figure given so the frontier draws): no measured point */
  s.devices[0].hw.power_w = 700;
  s.in.frontier_metric = ROOF_FRONTIER_PER_KW;
  layout = render (&s, &surface);
  g_assert_false (has_text (layout, ROOF_TEXT_LABEL, label));
  g_assert_false (has_text (layout, ROOF_TEXT_LEGEND, "measured: engine X, source A"));
  cairo_surface_destroy (surface);
  plot_scenario_clear (&s);
}

/* The 405B on 8 MI300X at batch 16, 2048/2048, in 57.841 s (AMD's table):
 * per user 2048 / 57.841 = 35.4074 tokens/s, per device 16 · 2048 / 57.841
 * / 8 = 70.8148; the chart built from the catalog and a scenario of those
 * settings (TP 8, fp8 weights and compute, fp16 cache, context 2048) draws
 * it there with its lower-bound tooltip. */
static void
test_overlay_pareto_e2e (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  g_autoptr (GPtrArray) bundled = roof_measurements_bundled (catalog, &error);
  const char *ids[] = { "amd-mi300x", NULL };
  const RoofMeasurement *m
    = roof_measurements_find (bundled, "vllm-mi300x-llama-3.1-405b-2048-2048-b16");
  RoofWorkload wl = *roof_scenario_get_workload (scenario);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1000, 650);
  cairo_t *cr = cairo_create (surface);
  g_autoptr (RoofChartLayout) layout = roof_chart_layout_new ();
  g_autoptr (RoofChartData) data = NULL;
  const RoofChartInput *in;
  RoofChartInput pareto;
  const RoofHitItem *hit;
  double x = 2048.0 / 57.841, y = 16.0 * 2048.0 / 57.841 / 8.0, y_f;
  int k;

  g_assert_no_error (error);
  g_assert_nonnull (m);
  assert_rel (m->e2e.mean, 57.841, 1e-12);
  assert_rel (x, 35.4074, 1e-5);
  assert_rel (y, 70.8148, 1e-5);

  roof_scenario_set_model (scenario, "llama-3.1-405b");
  roof_scenario_set_hardware (scenario, ids);
  wl.weights = ROOF_PREC_FP8, wl.compute = ROOF_PREC_FP8, wl.kv = ROOF_PREC_FP16;
  wl.devices = 8, wl.context = 2048, wl.prompt = 2048, wl.output = 2048;
  roof_scenario_set_workload (scenario, &wl);
  roof_scenario_set_published_measurements (scenario, TRUE);
  data = roof_chart_data_new (catalog, scenario);
  in = roof_chart_data_get_input (data);
  for (k = 0; k < in->n_measured; k++)
    if (fabs (in->measured[k].per_user - x) < 1e-9 * x && in->measured[k].batch == 16)
      break;
  g_assert_cmpint (k, <, in->n_measured);
  g_assert_true (in->measured[k].per_user_e2e);
  assert_rel (in->measured[k].tokens_per_s / in->measured[k].devices, y, 1e-4);

  /* the chart the view shows: the input is every chart's */
  pareto = *in;
  pareto.kind = ROOF_PLOT_PARETO;
  g_assert_true (roof_chart_render (cr, 1000, 650, &pareto, layout, &error));
  g_assert_no_error (error);
  hit = roof_chart_layout_hit (layout, roof_chart_layout_data_to_x (layout, x),
                               roof_chart_layout_data_to_y (layout, y));
  g_assert_nonnull (hit);
  g_assert_nonnull (strstr (hit->tooltip, "tokens/s per user: output ÷ end-to-end latency, "
                                          "a lower bound"));
  g_assert_nonnull (strstr (hit->tooltip, "35.41 tokens/s per user"));
  /* its share of the frontier the chart draws: that of the scenario,
   * which here is the measurement's own settings at context 2048 */
  y_f = frontier_at (catalog, m, x);
  g_assert_cmpfloat (y, <=, y_f);
  g_assert_true (has_text (layout, ROOF_TEXT_LEGEND, "measured: vLLM 0.10.0, README.md (→ per user ≥)"));
  g_assert_true (has_text_part (layout, ROOF_TEXT_CAPTION,
                                "output ÷ end-to-end latency, a lower bound"));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/measured/hand/tiny", test_hand_tiny);
  g_test_add_func ("/measured/bundled-under-bound", test_bundled_under_bound);
  g_test_add_func ("/measured/match", test_match);
  g_test_add_func ("/measured/overlay/roofline", test_overlay_roofline);
  g_test_add_func ("/measured/overlay/batch-cost", test_overlay_batch_cost);
  g_test_add_func ("/measured/overlay/pareto", test_overlay_pareto);
  g_test_add_func ("/measured/bundled-under-frontier", test_bundled_under_frontier);
  g_test_add_func ("/measured/overlay/pareto-e2e", test_overlay_pareto_e2e);
  return g_test_run ();
}
