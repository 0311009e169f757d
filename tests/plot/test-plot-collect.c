/* test-plot-collect.c — the collect stage of the chart pipeline, without cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chart's series come from the solver alone: these tests run the collect
 * stage with no surface and check its values against docs/model.md done by
 * hand for a model small enough to count (the solver tests' tiny model).
 */
#include <math.h>
#include <string.h>

/* the engine's private header, for the stages and the series */
#define GETTEXT_PACKAGE "roofline"
#include "roof-chart-common.h"
#include "roof-fleet-set.h"

/* docs/model.md's tiny model: per layer q 64·64 + k 64·32 + v 64·32 +
 * o 64·64 = 12,288, norms 2·64, gated FFN 3·64·128 = 24,576; two layers,
 * embedding and lm_head 6,400 each, final norm 64 → 86,848 parameters;
 * KV 2 layers · 2 (K, V) · 2 heads · 16 = 128 elements per token */
static void
tiny_model (RoofModelDerived *md)
{
  RoofModelParams m;
  RoofError err;

  roof_model_init (&m);
  m.layers = 2;
  m.hidden = 64;
  m.heads = 4;
  m.kv_heads = 2;
  m.head_dim = 16;
  m.ffn = 128;
  m.vocab = 100;
  g_assert_cmpint (roof_model_derive (&m, md, &err), ==, ROOF_OK);
}

static void
device (RoofPlotDevice *d, const char *name, double capacity, double usable)
{
  memset (d, 0, sizeof *d);
  d->id = d->name = name;
  roof_hardware_init (&d->hw);
  d->hw.peak_flops[ROOF_PREC_BF16] = 1e12;
  d->hw.mem_bw = 1e12;
  d->hw.mem_capacity = capacity;
  d->hw.usable_fraction = usable;
}

static void
input (RoofChartInput *in, RoofPlotDevice *devs, RoofModelDerived *md)
{
  tiny_model (md);
  device (&devs[0], "small", 100000.0, 0.5);
  device (&devs[1], "hidden", 100000.0, 0.5);
  device (&devs[2], "large", 1e6, 0.0); /* 0: the default 0.9 */
  roof_chart_input_init (in);
  in->kind = ROOF_PLOT_MEMORY;
  in->devices = devs;
  in->n_devices = 3;
  in->hidden = 1u << 1;
  in->model = md;
  in->model_name = "tiny";
  in->workload.batch = 3;
  in->workload.context = 10;
  in->workload.prompt = 4;
  in->workload.output = 2;
}

static void
test_memory_series (void)
{
  RoofPlotDevice devs[3];
  RoofModelDerived md;
  RoofChartInput in;
  const RoofChartClass *klass = roof_chart_class_get (ROOF_PLOT_MEMORY);
  g_autoptr (GError) error = NULL;

  input (&in, devs, &md);
  RoofMemorySeries *m = roof_chart_collect (klass, &in, &error);
  g_assert_no_error (error);
  g_assert_nonnull (m);

  /* one bar per visible device, in order: the hidden one has none */
  g_assert_cmpint (m->n_slots, ==, 2);
  g_assert_cmpint (m->slots[0], ==, 0);
  g_assert_cmpint (m->slots[1], ==, 2);
  g_assert_false (m->ok[1]);

  for (int s = 0; s < 2; s++)
    {
      const RoofResult *r = &m->res[m->slots[s]];
      /* weights b_w · P_total = 2 B · 86,848 */
      g_assert_cmpfloat (r->footprint_weights, ==, 173696.0);
      /* KV B · S_max · 128 · b_kv with S_max = max (S, S_in + S_out) = 10:
       * 3 · 10 · 128 · 2 B */
      g_assert_cmpfloat (r->footprint_kv, ==, 7680.0);
      /* activation workspace b_a · (T · (d + the widest matmul's input +
       * output) + B · V), T = B in decode, the widest the gate or up
       * projection 64 + 128: 2 B · (3 · (64 + 192) + 3 · 100) */
      g_assert_cmpfloat (r->footprint_act, ==, 2136.0);
      g_assert_cmpfloat (r->footprint, ==, 173696.0 + 7680.0 + 2136.0);
    }

  /* small: n · C · u = 50,000 usable, so ceil (183,512 / 50,000) = 4 devices */
  g_assert_cmpfloat (m->res[0].capacity, ==, 50000.0);
  g_assert_false (m->res[0].fits);
  g_assert_cmpint (m->res[0].min_devices, ==, 4);
  /* large: 0.9 of 1 MB */
  g_assert_cmpfloat (fabs (m->res[2].capacity - 900000.0), <, 1e-6);
  g_assert_true (m->res[2].fits);
  /* the axis reaches the larger of the footprints and the raw capacities */
  g_assert_cmpfloat (m->ymax, ==, 1e6);

  roof_chart_collect_free (klass, m);
}

/* Nothing to draw is the collect stage's error, which the chart shows. */
static void
test_memory_nothing (void)
{
  RoofPlotDevice devs[3];
  RoofModelDerived md;
  RoofChartInput in;
  const RoofChartClass *klass = roof_chart_class_get (ROOF_PLOT_MEMORY);
  GError *error = NULL;

  input (&in, devs, &md);
  in.hidden = 0x7;
  g_assert_null (roof_chart_collect (klass, &in, &error));
  g_assert_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT);
  g_clear_error (&error);

  in.hidden = 0;
  in.model = NULL;
  g_assert_null (roof_chart_collect (klass, &in, &error));
  g_assert_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT);
  g_clear_error (&error);

  /* the solver refuses every visible device: the first one's reason */
  in.model = &md;
  in.hidden = 1u << 1;
  devs[0].hw.mem_bw = devs[2].hw.mem_bw = -1.0;
  g_assert_null (roof_chart_collect (klass, &in, &error));
  g_assert_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT);
  g_assert_true (g_str_has_prefix (error->message, "small: "));
  g_clear_error (&error);
}

/* Every chart has a title and the stages the driver needs. */
static void
test_classes (void)
{
  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    {
      const RoofChartClass *klass = roof_chart_class_get (k);
      g_assert_nonnull (klass);
      g_assert_nonnull (klass->title);
      /* a heading: made by a function or from a format, never both */
      g_assert_true ((klass->heading != NULL) != (klass->heading_format != NULL));
      g_assert_nonnull (klass->collect);
      g_assert_nonnull (klass->annotate);
      g_assert_true (klass->draw_data != NULL || klass->draw_overlays != NULL);
    }
  g_assert_null (roof_chart_class_get (ROOF_PLOT_COUNT));
}

/* The fleet plan's table order (roof-fleet-set.h): meeting every target
 * first, then priced before unpriced, then by $/month; a system with no
 * plan (NULL) last. Five plans whose order is known by those rules:
 * met $50 < met $100 < met unpriced < missed $10 < none. */
static void
test_fleet_plan_order (void)
{
  RoofFleetPlan cheap = { 0 }, dear = { 0 }, unpriced = { 0 }, missed = { 0 };
  const RoofFleetPlan *order[] = { &cheap, &dear, &unpriced, &missed, NULL };

  cheap.meets = dear.meets = unpriced.meets = true;
  cheap.has_cost = dear.has_cost = missed.has_cost = true;
  cheap.usd_per_month = 50.0;
  dear.usd_per_month = 100.0;
  missed.usd_per_month = 10.0;
  unpriced.devices = 4.0;
  for (gsize i = 0; i < G_N_ELEMENTS (order); i++)
    for (gsize j = 0; j < G_N_ELEMENTS (order); j++)
      {
        int r = roof_fleet_plan_compare (order[i], order[j]);
        g_assert_cmpint (r, ==, i < j ? -1 : i > j ? 1 : 0);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/collect/memory", test_memory_series);
  g_test_add_func ("/plot/collect/memory-nothing", test_memory_nothing);
  g_test_add_func ("/plot/collect/classes", test_classes);
  g_test_add_func ("/plot/collect/fleet-plan-order", test_fleet_plan_order);
  return g_test_run ();
}
