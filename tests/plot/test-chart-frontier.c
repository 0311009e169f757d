/* test-chart-frontier.c — what the frontier chart draws in the app, from a scenario
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * roof_chart_data_get_frontier (src/chart-data): the compared devices, each
 * a system of the scenario's layout's devices, then the scenario's system;
 * and the scenario's speculative decoding on the chart's input.
 */
#include "config.h"

#include <string.h>

#include "roof-chart-data.h"

static RoofCatalog *
builtin (void)
{
  g_autoptr (GError) error = NULL;
  RoofCatalog *c = roof_catalog_new_builtin (&error);
  g_assert_no_error (error);
  return c;
}

static void
test_systems (void)
{
  g_autoptr (RoofCatalog) catalog = builtin ();
  g_autoptr (RoofScenario) sc = roof_scenario_new_default ();
  const char *ids[] = { "nvidia-h100-sxm", "nvidia-b200", NULL };
  int n = 0;

  roof_scenario_set_hardware (sc, ids);
  {
    g_autoptr (RoofChartData) d = roof_chart_data_new (catalog, sc);
    const RoofPlotDevice *f = roof_chart_data_get_frontier (d, &n);
    /* no system: the two devices; the default layout is TP 2, so each bare
     * device is a system of 2 · 1 · 1 · 1 = 2 */
    g_assert_cmpint (n, ==, 2);
    g_assert_cmpstr (f[0].id, ==, "nvidia-h100-sxm");
    g_assert_cmpfloat (roof_chart_data_get_input (d)->frontier_devices, ==, 2.0);
    g_assert_false (roof_chart_data_get_input (d)->has_spec);
  }

  /* TP 1 × DP 1 is one device: the default of 8 applies (0) */
  RoofWorkload wl = *roof_scenario_get_workload (sc);
  wl.devices = 1;
  roof_scenario_set_workload (sc, &wl);
  roof_scenario_set_system (sc, "nvidia-hgx-b200");
  {
    g_autoptr (RoofChartData) d = roof_chart_data_new (catalog, sc);
    const RoofPlotDevice *f = roof_chart_data_get_frontier (d, &n);
    g_assert_cmpfloat (roof_chart_data_get_input (d)->frontier_devices, ==, 0.0);
    /* the system after the devices, on its fabric: a scale-up domain of 8 */
    g_assert_cmpint (n, ==, 3);
    /* the other charts draw it too, as the first column (roofline-cli
     * draws a scenario's layout.system so) */
    g_assert_cmpint (roof_chart_data_get_n_devices (d), ==, 3);
    g_assert_cmpstr (roof_chart_data_get_device (d, 0)->id, ==, "nvidia-hgx-b200");
    g_assert_cmpstr (f[0].id, ==, "nvidia-h100-sxm");
    g_assert_cmpstr (f[2].id, ==, "nvidia-hgx-b200");
    g_assert_cmpint (f[2].hw.scaleup_size, ==, 8);
    /* a colour neither device took */
    g_assert_cmpint (f[2].color, !=, f[0].color);
    g_assert_cmpint (f[2].color, !=, f[1].color);
  }
}

static void
test_speculative (void)
{
  g_autoptr (RoofCatalog) catalog = builtin ();
  g_autoptr (RoofScenario) sc = roof_scenario_new_default ();
  RoofScenarioLevers lv = *roof_scenario_get_levers (sc);

  lv.spec_k = 3;
  lv.spec_accept = 0.7;
  lv.draft_model = (char *) "llama-3.1-8b";
  roof_scenario_set_levers (sc, &lv);
  g_autoptr (RoofChartData) d = roof_chart_data_new (catalog, sc);
  const RoofChartInput *in = roof_chart_data_get_input (d);
  g_assert_true (in->has_spec);
  g_assert_cmpfloat (in->spec.k, ==, 3);
  g_assert_cmpfloat (in->spec.accept, ==, 0.7);
  g_assert_cmpint (in->spec.drafter, ==, ROOF_DRAFTER_MODEL);
  g_assert_nonnull (in->draft);
  /* Llama 3.1 8B: 32 layers of width 4096 (the 70B: 80 of 8192) */
  g_assert_cmpfloat (in->draft->src.layers, ==, 32);
  g_assert_cmpfloat (in->draft->src.hidden, ==, 4096);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/chart-frontier/systems", test_systems);
  g_test_add_func ("/plot/chart-frontier/speculative", test_speculative);
  return g_test_run ();
}
