/* test-chart-data.c — what src/chart-data builds from the built-in catalog
 * and a scenario: the cost basis the scenario states
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "roof-chart-data.h"

static RoofChartData *
chart_data (RoofScenario *scenario)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_assert_no_error (error);
  return roof_chart_data_new (catalog, scenario);
}

/* Owned: $30,000 per device over 5 years, $0.10/kWh, PUE 1.3 (docs/model.md,
 * "Energy and ownership"): capex / (years · 8,760 h) + kW · $/kWh · PUE per
 * device-hour, from each entry's tdp_W (H100 SXM 700 W, B200 1,000 W); the
 * A10G has no tdp_W, so no owned price. Rented, the catalog's prices stand. */
static void
test_owned_prices (void)
{
  static const char *const ids[] = { "nvidia-h100-sxm", "nvidia-b200", "nvidia-a10g", NULL };
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  RoofScenarioLevers lv = { 0 };

  roof_scenario_set_hardware (scenario, ids);
  roof_scenario_set_model (scenario, "llama-3.1-8b");
  g_autoptr (RoofChartData) rent = chart_data (scenario);
  const RoofChartInput *in = roof_chart_data_get_input (rent);
  g_assert_false (in->owned);
  g_assert_cmpint (in->n_devices, ==, 3);
  RoofHardwareParams rented_a10g = in->devices[2].hw;

  lv.cost_own = TRUE;
  lv.capex_usd = 30000;
  lv.years = 5;
  lv.usd_per_kwh = 0.10;
  lv.pue = 1.3;
  roof_scenario_set_levers (scenario, &lv);
  g_autoptr (RoofChartData) own = chart_data (scenario);
  in = roof_chart_data_get_input (own);
  g_assert_true (in->owned);
  g_assert_cmpfloat (in->own.capex_usd, ==, 30000);
  g_assert_cmpfloat (in->own.pue, ==, 1.3);
  g_assert_true (in->devices[0].hw.has_price);
  g_assert_cmpfloat_with_epsilon (in->devices[0].hw.price_per_hour,
                                  30000.0 / (5 * 8760) + 0.700 * 0.10 * 1.3, 1e-12);
  g_assert_cmpfloat_with_epsilon (in->devices[1].hw.price_per_hour,
                                  30000.0 / (5 * 8760) + 1.000 * 0.10 * 1.3, 1e-12);
  g_assert_false (in->devices[2].hw.has_price);
  /* only the price changes */
  g_assert_cmpfloat (in->devices[2].hw.mem_bw, ==, rented_a10g.mem_bw);

  /* PUE left out (0) is 1 */
  lv.pue = 0;
  roof_scenario_set_levers (scenario, &lv);
  g_autoptr (RoofChartData) pue1 = chart_data (scenario);
  g_assert_cmpfloat_with_epsilon (roof_chart_data_get_input (pue1)->devices[0].hw.price_per_hour,
                                  30000.0 / (5 * 8760) + 0.700 * 0.10, 1e-12);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart-data/owned-prices", test_owned_prices);
  return g_test_run ();
}
