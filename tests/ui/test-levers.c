/* test-levers.c — the serving levers in the app: the panel's rows edit the
 * scenario, the summary shows their effect
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under Xvfb with LC_ALL=C.UTF-8. The summary's figures are checked against
 * docs/model.md's formulas written here over roof_solve () of the plain
 * steps (itself checked by hand in tests/solver): speculative decoding's
 * ITL = (t_verify + k·t_draft) / (1 + α + … + α^k); disaggregated TTFT =
 * prefill + KV bytes / min(n_p·β_p, n_d·β_d) + the larger latency; owned
 * $/h = capex / (years · 8,760) + kW · $/kWh · PUE.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-chart-data.h"
#include "roof-format.h"
#include "roof-levers-panel.h"
#include "roof-number-row.h"
#include "roof-summary-strip.h"
#include "ui-test-util.h"

static RoofCatalog *
builtin (void)
{
  g_autoptr (GError) error = NULL;
  RoofCatalog *catalog = roof_catalog_new_builtin (&error);
  g_assert_no_error (error);
  return catalog;
}

static void
type_and_enter (GtkWidget *row, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  g_signal_emit_by_name (row, "entry-activated");
}

static double
get_double (RoofScenario *s, const char *property)
{
  double v;
  g_object_get (s, property, &v, NULL);
  return v;
}

/* The rows write the scenario on Enter; the switches turn the levers on,
 * refused (and left off) until what they need is given. */
static void
test_panel_edits (void)
{
  g_autoptr (RoofCatalog) catalog = builtin ();
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *panel = roof_levers_panel_new ();
  const RoofScenarioLevers *lv = roof_scenario_get_levers (scenario);

  gtk_window_set_child (GTK_WINDOW (window), panel);
  g_object_set (panel, "catalog", catalog, "scenario", scenario, NULL);
  gtk_window_present (GTK_WINDOW (window));
  ui_flush ();

  /* typed: nothing until Enter */
  GtkWidget *k = ui_find_named (panel, "spec-k");
  g_assert_nonnull (k);
  gtk_editable_set_text (GTK_EDITABLE (k), "4");
  ui_flush ();
  g_assert_cmpfloat (get_double (scenario, "spec-k"), ==, 1);
  g_signal_emit_by_name (k, "entry-activated");
  g_assert_cmpfloat (get_double (scenario, "spec-k"), ==, 4);
  type_and_enter (ui_find_named (panel, "spec-accept"), "0.8");
  g_assert_cmpfloat (get_double (scenario, "spec-accept"), ==, 0.8);
  /* refused: out of range, or not whole; the row says so, the scenario keeps its value */
  type_and_enter (ui_find_named (panel, "spec-accept"), "1.5");
  g_assert_cmpfloat (get_double (scenario, "spec-accept"), ==, 0.8);
  g_assert_true (roof_number_row_get_in_error (ROOF_NUMBER_ROW (ui_find_named (panel,
                                                                                "spec-accept"))));
  type_and_enter (k, "2.5");
  g_assert_cmpfloat (get_double (scenario, "spec-k"), ==, 4);
  g_assert_nonnull (ui_row_note (k));

  /* speculation on with no drafter named: the catalog's smallest model */
  GtkWidget *spec_row = ui_find_named (panel, "speculative-row");
  GtkSwitch *spec_switch = GTK_SWITCH (ui_find_of_type (spec_row, GTK_TYPE_SWITCH));
  gtk_switch_set_active (spec_switch, TRUE);
  ui_flush ();
  g_assert_cmpfloat (lv->spec_k, ==, 4);
  g_assert_cmpfloat (lv->spec_accept, ==, 0.8);
  g_assert_nonnull (lv->draft_model);
  g_assert_true (gtk_switch_get_active (spec_switch));
  g_assert_nonnull (strstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (spec_row)),
                            "k = 4, α = 0.8: 3.362 tokens per verify step"));
  /* 1 + 0.8 + 0.64 + 0.512 + 0.4096 = 3.3616 */

  /* owning before the years: refused, the switch stays off and says why */
  GtkWidget *cost_row = ui_find_named (panel, "cost-row");
  GtkSwitch *cost_switch = GTK_SWITCH (ui_find_of_type (cost_row, GTK_TYPE_SWITCH));
  gtk_switch_set_active (cost_switch, TRUE);
  ui_flush ();
  g_assert_false (lv->cost_own);
  g_assert_false (gtk_switch_get_active (cost_switch));
  g_assert_nonnull (strstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (cost_row)),
                            "years"));
  type_and_enter (ui_find_named (panel, "years"), "5");
  type_and_enter (ui_find_named (panel, "capex-usd"), "30000");
  type_and_enter (ui_find_named (panel, "usd-per-kwh"), "0.1");
  type_and_enter (ui_find_named (panel, "pue"), "1.3");
  gtk_switch_set_active (cost_switch, TRUE);
  ui_flush ();
  g_assert_true (lv->cost_own);
  g_assert_cmpfloat (lv->capex_usd, ==, 30000);
  g_assert_cmpfloat (lv->pue, ==, 1.3);
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (cost_row)), ==,
                   "Owned: $30000 per device over 5 years, $0.100/kWh, PUE 1.3");

  /* the scenario's edits show in the rows */
  g_object_set (scenario, "prefill-batch", 8.0, NULL);
  ui_flush ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ui_find_named (panel, "prefill-batch"))),
                   ==, "8");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
shows_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (shows_label (c, text))
      return TRUE;
  return FALSE;
}

static const char *
cell (RoofSummaryStrip *strip, RoofSummaryColumn c)
{
  return roof_summary_strip_get_cell (strip, 0, c);
}

/* The summary under the levers: Llama 3.1 70B on four H100 SXM of an HGX
 * H100 (tensor parallel), batch 8, context 4096, prompt 1024. The system is
 * the summary's first row: its device on its fabric, at its price and
 * power. */
static void
test_summary (void)
{
  g_autoptr (RoofCatalog) catalog = builtin ();
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  static const char *const ids[] = { "nvidia-h100-sxm", NULL };
  GtkWidget *window = gtk_window_new ();
  RoofSummaryStrip *strip = ROOF_SUMMARY_STRIP (roof_summary_strip_new ());
  RoofWorkload wl;
  RoofHardwareParams h100, hgx, gb300;
  RoofError err = { 0 };
  RoofResult plain, verify, draft, prefill;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (strip));
  roof_scenario_set_hardware (scenario, ids);
  roof_scenario_set_model (scenario, "llama-3.1-70b");
  wl = *roof_scenario_get_workload (scenario);
  wl.devices = 4;
  wl.batch = 8;
  wl.context = 4096;
  wl.prompt = 1024;
  wl.phase = ROOF_PHASE_DECODE;
  roof_scenario_set_workload (scenario, &wl);
  roof_scenario_set_system (scenario, "nvidia-hgx-h100");
  h100 = *roof_hardware_spec_get_params (roof_catalog_find_hardware (catalog,
                                                                     "nvidia-h100-sxm"));
  g_assert_true (roof_catalog_get_system_params (catalog, "nvidia-hgx-h100", &hgx, NULL));
  g_assert_true (roof_catalog_get_system_params (catalog, "nvidia-gb300-nvl72", &gb300, NULL));
  const RoofModelDerived *md
    = roof_model_spec_get_derived (roof_catalog_find_model (catalog, "llama-3.1-70b"));
  const RoofModelDerived *dm
    = roof_model_spec_get_derived (roof_catalog_find_model (catalog, "llama-3.1-8b"));
  g_assert_cmpint (roof_solve (&hgx, md, &wl, &plain, &err), ==, ROOF_OK);

  g_autoptr (RoofChartData) rented = roof_chart_data_new (catalog, scenario);
  roof_summary_strip_set_data (strip, rented);
  g_assert_true (shows_label (GTK_WIDGET (strip), "$/Mtok rented"));

  /* owned: $30,000 over 5 years, the HGX's 10.2 kW over its 8 devices at
   * $0.10/kWh, PUE 1.3, four devices */
  g_object_set (scenario, "years", 5.0, "capex-usd", 30000.0, "usd-per-kwh", 0.1, "pue", 1.3,
                "cost-own", TRUE, NULL);
  double usd_h = 30000.0 / (5 * 8760) + 10.2 / 8 * 0.1 * 1.3;
  g_autoptr (RoofChartData) owned = roof_chart_data_new (catalog, scenario);
  roof_summary_strip_set_data (strip, owned);
  g_autofree char *usd = roof_format (4 * usd_h / 3600 * plain.t_step / 8 * 1e6, ROOF_UNIT_USD);
  g_assert_cmpstr (cell (strip, ROOF_SUMMARY_USD_PER_MTOK), ==, usd);
  /* the basis stated: the column's header, the copied table's */
  g_assert_true (shows_label (GTK_WIDGET (strip), "$/Mtok owned"));
  g_assert_false (shows_label (GTK_WIDGET (strip), "$/Mtok rented"));
  g_autofree char *table = roof_summary_strip_build_table (strip);
  g_assert_nonnull (strstr (table, "USD per million output tokens (owned: $30000 per device over "
                                   "5 years, $0.100/kWh, PUE 1.3)\t"));
  g_autofree char *itl_plain = roof_format (plain.t_step, ROOF_UNIT_TIME);
  g_assert_cmpstr (cell (strip, ROOF_SUMMARY_ITL), ==, itl_plain);

  /* speculative, Llama 3.1 8B drafting k = 3 at α = 0.7 on the same four
   * devices: the verify step feeds 4 tokens per sequence, the drafter runs
   * 3 plain steps */
  g_object_set (scenario, "draft-model", "llama-3.1-8b", "spec-k", 3.0, "spec-accept", 0.7,
                "speculative", TRUE, NULL);
  RoofWorkload vw = wl;
  vw.step_tokens = 4;
  g_assert_cmpint (roof_solve (&hgx, md, &vw, &verify, &err), ==, ROOF_OK);
  g_assert_cmpint (roof_solve (&hgx, dm, &wl, &draft, &err), ==, ROOF_OK);
  double tokens = 1 + 0.7 + 0.49 + 0.343;
  double itl = (verify.t_step + 3 * draft.t_step) / tokens;
  g_autoptr (RoofChartData) spec = roof_chart_data_new (catalog, scenario);
  roof_summary_strip_set_data (strip, spec);
  g_autofree char *itl_text = roof_format (itl, ROOF_UNIT_TIME);
  g_assert_cmpstr (cell (strip, ROOF_SUMMARY_ITL), ==, itl_text);
  g_assert_cmpstr (itl_text, !=, itl_plain);
  g_autofree char *tps = roof_format (8 / itl, ROOF_UNIT_RATE);
  g_assert_cmpstr (cell (strip, ROOF_SUMMARY_TOKENS_PER_S), ==, tps);
  g_autofree char *usd_spec = roof_format (4 * usd_h / 3600 * itl / 8 * 1e6, ROOF_UNIT_USD);
  g_assert_cmpstr (cell (strip, ROOF_SUMMARY_USD_PER_MTOK), ==, usd_spec);

  /* disaggregated: 2 prompts per step on a GB300 NVL72 at TP 2; the
   * decode pool four H100 of the HGX. KV of a request: 1,024 tokens ·
   * 80 layers · 8 KV heads · 128 · 2 (K, V) · 2 B = 327,680 B per token,
   * over min(2 · 100, 4 · 50) GB/s (the cache sharded on both sides), plus
   * 5 µs */
  g_object_set (scenario, "speculative", FALSE, "prefill-system", "nvidia-gb300-nvl72",
                "prefill-tp", 2.0, "prefill-batch", 2.0, "disagg", TRUE, NULL);
  RoofWorkload pw = wl;
  pw.phase = ROOF_PHASE_PREFILL;
  pw.batch = 2;
  pw.devices = 2;
  g_assert_cmpint (roof_solve (&gb300, md, &pw, &prefill, &err), ==, ROOF_OK);
  double ttft = prefill.t_step + 1024.0 * 327680 / 200e9 + 5e-6;
  g_autoptr (RoofChartData) dis = roof_chart_data_new (catalog, scenario);
  roof_summary_strip_set_data (strip, dis);
  g_autofree char *ttft_text = roof_format (ttft, ROOF_UNIT_TIME);
  g_assert_cmpstr (cell (strip, ROOF_SUMMARY_TTFT), ==, ttft_text);
  g_assert_cmpstr (cell (strip, ROOF_SUMMARY_ITL), ==, itl_plain);
  g_assert_cmpfloat (hgx.scaleout_bw, ==, 50e9);

  /* without a network on the decode side (no system): the plain TTFT */
  roof_scenario_set_system (scenario, NULL);
  RoofRequest req;
  g_assert_cmpint (roof_request (&h100, md, &wl, &req, &err), ==, ROOF_OK);
  g_autoptr (RoofChartData) bare = roof_chart_data_new (catalog, scenario);
  roof_summary_strip_set_data (strip, bare);
  g_autofree char *ttft_plain = roof_format (req.ttft, ROOF_UNIT_TIME);
  g_assert_cmpstr (cell (strip, ROOF_SUMMARY_TTFT), ==, ttft_plain);
  g_assert_cmpstr (ttft_plain, !=, ttft_text);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What the panel sets is saved in the scenario's levers objects and read
 * back. */
static void
test_saved (void)
{
  g_autoptr (RoofCatalog) catalog = builtin ();
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  g_autoptr (GError) error = NULL;

  g_object_set (scenario, "mtp-params", 14e9, "spec-k", 2.0, "spec-accept", 0.6,
                "speculative", TRUE, "years", 4.0, "capex-usd", 25000.0, "cost-own", TRUE,
                NULL);
  g_autoptr (JsonNode) node = roof_scenario_to_json (scenario, catalog);
  g_autofree char *text = json_to_string (node, FALSE);
  g_autoptr (RoofScenario) back = roof_scenario_load_data (text, -1, "saved", catalog, NULL,
                                                           &error);
  g_assert_no_error (error);
  const RoofScenarioLevers *lv = roof_scenario_get_levers (back);
  g_assert_cmpfloat (lv->spec_k, ==, 2);
  g_assert_cmpfloat (lv->spec_accept, ==, 0.6);
  g_assert_cmpfloat (lv->mtp_params, ==, 14e9);
  g_assert_true (lv->cost_own);
  g_assert_cmpfloat (lv->years, ==, 4);
  g_assert_cmpfloat (get_double (back, "spec-k"), ==, 2);
}

int
main (int argc, char **argv)
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/levers/panel-edits", test_panel_edits);
  g_test_add_func ("/levers/summary", test_summary);
  g_test_add_func ("/levers/saved", test_saved);
  return g_test_run ();
}
