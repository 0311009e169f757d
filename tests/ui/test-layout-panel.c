/* test-layout-panel.c — the Layout group: its rows on the scenario, its
 * refusals, the summary's figures, undo and a saved file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The limits and messages are roofline-cli's (docs/cli.md, "Layout
 * flags"); the figures follow docs/model.md, "Layouts: TP × EP × PP × DP":
 * a replica is TP · EP · PP devices and DP copies it, multiplying tokens/s
 * and leaving the ITL and $/Mtok alone.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "roof-format.h"
#include "roof-layout-panel.h"
#include "roof-number-row.h"
#include "roof-summary-strip.h"
#include "roof-window.h"
#include "ui-test-util.h"

#define WAIT_MS 10000

static RoofCatalog *
builtin (void)
{
  g_autoptr (GError) error = NULL;
  RoofCatalog *catalog = roof_catalog_new_builtin (&error);

  g_assert_no_error (error);
  return catalog;
}

static double
number (RoofScenario *scenario, const char *property)
{
  double v = -1.0;
  g_object_get (scenario, property, &v, NULL);
  return v;
}

/* The position of the system named `name` in the System row's list. */
static guint
system_position (GtkWidget *row, const char *name)
{
  GListModel *names = adw_combo_row_get_model (ADW_COMBO_ROW (row));

  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), i), name) == 0)
      return i;
  g_assert_not_reached ();
}

static const char *
used (GtkWidget *root)
{
  return gtk_label_get_label (GTK_LABEL (ui_find_named (root, "layout-used")));
}

static const char *
status (GtkWidget *root)
{
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (ui_find_named (root, "layout-status")));
}

/* Values typed into the rows, what does not apply, and what is refused. */
static void
test_edits (void)
{
  g_autoptr (RoofCatalog) catalog = builtin ();
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *panel = roof_layout_panel_new ();
  GtkWidget *ep = ui_find_named (panel, "ep");
  GtkWidget *pp = ui_find_named (panel, "pp");
  GtkWidget *dp = ui_find_named (panel, "dp");
  GtkWidget *tp = ui_find_named (panel, "devices-spin");
  GtkWidget *imbalance = ui_find_named (panel, "ep-imbalance");
  GtkWidget *micro = ui_find_named (panel, "microbatches");
  GtkWidget *attn = ui_find_named (panel, "attn-row");
  GtkWidget *system = ui_find_named (panel, "system-row");

  gtk_window_set_child (GTK_WINDOW (window), panel);
  roof_panel_set_catalog (ROOF_PANEL (panel), catalog);
  roof_panel_set_scenario (ROOF_PANEL (panel), scenario);
  gtk_window_present (GTK_WINDOW (window));
  ui_flush ();

  /* the default: Llama 3.1 70B, dense, TP 2 on three bare devices */
  g_assert_cmpstr (roof_scenario_get_model (scenario), ==, "llama-3.1-70b");
  g_assert_cmpfloat (number (scenario, "devices"), ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tp)), ==, "2");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (system)), ==, 0);
  g_assert_cmpstr (used (panel), ==, "2");
  /* what does not apply is insensitive, and says why */
  g_assert_false (gtk_widget_get_sensitive (ep));
  g_assert_cmpstr (ui_row_note (ep), ==,
                   "The model is dense: expert parallelism needs a mixture-of-experts model");
  g_assert_false (gtk_widget_get_sensitive (micro));
  g_assert_cmpstr (ui_row_note (micro), ==, "Applies with pipeline parallel above 1");
  g_assert_false (gtk_widget_get_sensitive (attn));
  g_assert_false (gtk_widget_get_sensitive (imbalance));

  /* TP 2 × PP 2 × DP 3: 2 · 1 · 2 · 3 = 12 devices */
  ui_type (pp, "2");
  ui_type (dp, "3");
  g_assert_cmpfloat (number (scenario, "pp"), ==, 2);
  g_assert_cmpfloat (number (scenario, "dp"), ==, 3);
  g_assert_cmpstr (used (panel), ==, "12");
  g_assert_cmpstr (status (panel), ==, "4 per replica × 3 replicas");
  g_assert_true (gtk_widget_get_sensitive (micro));
  g_assert_cmpstr (ui_row_note (micro), ==, "Empty: one per stage");
  ui_type (micro, "4");
  g_assert_cmpfloat (number (scenario, "microbatches"), ==, 4);
  ui_type (micro, "");
  g_assert_cmpfloat (number (scenario, "microbatches"), ==, 0);
  /* TP through the one devices property */
  ui_type (tp, "4");
  g_assert_cmpfloat (number (scenario, "devices"), ==, 4);
  g_assert_cmpstr (used (panel), ==, "24"); /* 4 · 1 · 2 · 3 */

  /* refused as typed, naming the field; the row keeps the text, the
   * scenario its value */
  ui_type (pp, "81");
  g_assert_cmpstr (ui_row_note (pp), ==,
                   "Pipeline parallel 81: Llama-3.1-70B has only 80 layers to split into stages");
  g_assert_true (roof_number_row_get_in_error (ROOF_NUMBER_ROW (pp)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (pp)), ==, "81");
  g_assert_cmpfloat (number (scenario, "pp"), ==, 2);
  ui_type (dp, "0");
  g_assert_cmpstr (ui_row_note (dp), ==, "Data parallel: a whole number from 1 to 1000000");
  ui_type (dp, "2.5");
  g_assert_cmpstr (ui_row_note (dp), ==, "Data parallel: a whole number from 1 to 1000000");
  g_assert_cmpfloat (number (scenario, "dp"), ==, 3);
  ui_type (pp, "1");
  g_assert_false (roof_number_row_get_in_error (ROOF_NUMBER_ROW (pp)));
  g_assert_cmpfloat (number (scenario, "pp"), ==, 1);
  g_assert_false (gtk_widget_get_sensitive (micro));

  /* a mixture of experts: EP applies, at most its 256 routed experts */
  roof_scenario_set_model (scenario, "deepseek-v3");
  g_assert_true (gtk_widget_get_sensitive (ep));
  g_assert_null (ui_row_note (ep));
  ui_type (ep, "300");
  g_assert_cmpstr (ui_row_note (ep), ==,
                   "Expert parallel 300 exceeds the 256 routed experts of DeepSeek-V3 (671B / 37B "
                   "active): some devices would hold none (at most 256)");
  g_assert_cmpfloat (number (scenario, "ep"), ==, 0); /* the default: 1 */
  ui_type (tp, "2");
  ui_type (ep, "8");
  g_assert_cmpfloat (number (scenario, "ep"), ==, 8);
  g_assert_cmpstr (used (panel), ==, "48"); /* 2 · 8 · 1 · 3 */
  g_assert_true (gtk_widget_get_sensitive (attn));
  g_assert_true (gtk_widget_get_sensitive (imbalance));
  adw_combo_row_set_selected (ADW_COMBO_ROW (attn), 1);
  g_assert_cmpint (roof_scenario_get_workload (scenario)->attn_parallel, ==,
                   ROOF_ATTN_PARALLEL_TENSOR);
  ui_type (imbalance, "1.5");
  g_assert_cmpfloat (number (scenario, "ep-imbalance"), ==, 1.5);
  ui_type (imbalance, "0.5");
  g_assert_cmpstr (ui_row_note (imbalance), ==, "EP imbalance: a number ≥ 1 and at most 1000");
  g_assert_cmpfloat (number (scenario, "ep-imbalance"), ==, 1.5);

  /* a system: the HGX H100's scale-up domains of 8 take TP 2 × EP 8 = 16
   * (two whole domains), not TP 2 × EP 6 = 12 */
  adw_combo_row_set_selected (ADW_COMBO_ROW (system),
                              system_position (system, "NVIDIA HGX H100 (8 x H100 SXM5)"));
  g_assert_cmpstr (roof_scenario_get_system (scenario), ==, "nvidia-hgx-h100");
  g_assert_cmpstr (status (panel), ==, "16 per replica × 3 replicas");
  ui_type (ep, "6");
  g_assert_cmpstr (ui_row_note (ep), ==,
                   "TP 2 × EP 6 = 12 devices: NVIDIA HGX H100 (8 x H100 SXM5): tp·ep = 12 "
                   "devices span scale-up domains of 8 without filling them: use a multiple of "
                   "scaleup_size");
  g_assert_cmpfloat (number (scenario, "ep"), ==, 8);
  ui_type (ep, "8");
  adw_combo_row_set_selected (ADW_COMBO_ROW (system), 0);
  g_assert_null (roof_scenario_get_system (scenario));

  /* a model the layout no longer fits: said under the group, the layout
   * kept and EP still editable, to be put back */
  roof_scenario_set_model (scenario, "llama-3.1-70b");
  g_assert_cmpfloat (number (scenario, "ep"), ==, 8);
  g_assert_cmpstr (status (panel), ==,
                   "Expert parallel 8: Llama-3.1-70B is dense; expert parallelism needs a "
                   "mixture-of-experts model");
  g_assert_true (gtk_widget_get_sensitive (ep));
  ui_type (ep, "1");
  g_assert_cmpstr (status (panel), ==, "2 per replica × 3 replicas");

  /* None, then every system of the catalog */
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (system))),
                    ==, 1 + g_list_model_get_n_items (roof_catalog_get_systems (catalog)));

  gtk_window_destroy (GTK_WINDOW (window));
}

static const char *
cell (RoofSummaryStrip *strip, int row, RoofSummaryColumn c)
{
  return roof_summary_strip_get_cell (strip, row, c);
}

static void
show (RoofSummaryStrip *strip, RoofCatalog *catalog, RoofScenario *scenario)
{
  g_autoptr (RoofChartData) data = roof_chart_data_new (catalog, scenario);
  roof_summary_strip_set_data (strip, data);
}

/* What the summary shows of edits made in the panel. */
static void
test_figures (void)
{
  g_autoptr (RoofCatalog) catalog = builtin ();
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  static const char *const ids[] = { "nvidia-h100-sxm", NULL };
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *panel = roof_layout_panel_new ();
  RoofSummaryStrip *strip = ROOF_SUMMARY_STRIP (roof_summary_strip_new ());
  const RoofHardwareParams *h100
    = roof_hardware_spec_get_params (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"));
  const RoofModelDerived *md
    = roof_model_spec_get_derived (roof_catalog_find_model (catalog, "qwen3-30b-a3b"));
  RoofWorkload wl;
  RoofResult one, ep2;
  RoofError err = { 0 };

  gtk_box_append (GTK_BOX (box), panel);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (strip));
  gtk_window_set_child (GTK_WINDOW (window), box);
  roof_scenario_set_hardware (scenario, ids);
  roof_scenario_set_model (scenario, "qwen3-30b-a3b");
  roof_panel_set_catalog (ROOF_PANEL (panel), catalog);
  roof_panel_set_scenario (ROOF_PANEL (panel), scenario);
  gtk_window_present (GTK_WINDOW (window));

  wl = *roof_scenario_get_workload (scenario);
  g_assert_cmpint (roof_solve (h100, md, &wl, &one, &err), ==, ROOF_OK);
  show (strip, catalog, scenario);
  g_autofree char *itl1 = roof_format (one.t_step, ROOF_UNIT_TIME);
  g_autofree char *tps1 = roof_format (one.tokens_per_s, ROOF_UNIT_RATE);
  g_autofree char *usd1 = g_strdup (cell (strip, 0, ROOF_SUMMARY_USD_PER_MTOK));
  g_assert_cmpstr (cell (strip, 0, ROOF_SUMMARY_ITL), ==, itl1);
  g_assert_cmpstr (cell (strip, 0, ROOF_SUMMARY_TOKENS_PER_S), ==, tps1);

  /* DP 3: three replicas, three times the tokens/s; the ITL and $/Mtok as
   * they were */
  ui_type (ui_find_named (panel, "dp"), "3");
  show (strip, catalog, scenario);
  g_autofree char *tps3 = roof_format (3 * one.tokens_per_s, ROOF_UNIT_RATE);
  g_assert_cmpstr (cell (strip, 0, ROOF_SUMMARY_TOKENS_PER_S), ==, tps3);
  g_assert_cmpstr (cell (strip, 0, ROOF_SUMMARY_ITL), ==, itl1);
  g_assert_cmpstr (cell (strip, 0, ROOF_SUMMARY_USD_PER_MTOK), ==, usd1);
  g_assert_cmpstr (used (panel), ==, "6"); /* TP 2 · DP 3 */

  /* EP 2 over the 128 experts: the step the solver times with ep 2 */
  ui_type (ui_find_named (panel, "ep"), "2");
  g_assert_cmpfloat (number (scenario, "ep"), ==, 2);
  wl.ep = 2;
  g_assert_cmpint (roof_solve (h100, md, &wl, &ep2, &err), ==, ROOF_OK);
  show (strip, catalog, scenario);
  g_autofree char *itl2 = roof_format (ep2.t_step, ROOF_UNIT_TIME);
  g_assert_cmpstr (cell (strip, 0, ROOF_SUMMARY_ITL), ==, itl2);
  g_assert_cmpstr (itl2, !=, itl1);
  /* the charts draw the same layout */
  {
    g_autoptr (RoofChartData) data = roof_chart_data_new (catalog, scenario);
    const RoofChartInput *in = roof_chart_data_get_input (data);
    g_assert_cmpfloat (in->workload.ep, ==, 2);
    g_assert_cmpfloat (in->workload.dp, ==, 3);
    g_assert_cmpfloat (in->frontier_devices, ==, 12); /* 2 · 2 · 1 · 3 */
  }
  /* the summary's line names the whole layout, not the TP alone */
  {
    const char *title = gtk_label_get_text (GTK_LABEL (ui_find_named (GTK_WIDGET (strip), "summary-title")));
    g_assert_nonnull (strstr (title, "TP×EP×PP×DP 2×2×1×3 = 12 devices"));
    g_assert_null (strstr (title, " · 2 devices")); /* the TP alone, as before */
  }

  /* a system: the summary's first row, its device on its fabric */
  GtkWidget *system = ui_find_named (panel, "system-row");
  adw_combo_row_set_selected (ADW_COMBO_ROW (system),
                              system_position (system, "NVIDIA HGX H100 (8 x H100 SXM5)"));
  RoofHardwareParams hgx;
  RoofResult on_hgx;
  g_assert_true (roof_catalog_get_system_params (catalog, "nvidia-hgx-h100", &hgx, NULL));
  g_assert_cmpint (roof_solve (&hgx, md, &wl, &on_hgx, &err), ==, ROOF_OK);
  show (strip, catalog, scenario);
  g_assert_cmpstr (cell (strip, 0, ROOF_SUMMARY_DEVICE), ==, "HGX H100 (8 x H100 SXM5)");
  g_autofree char *itl_hgx = roof_format (on_hgx.t_step, ROOF_UNIT_TIME);
  g_assert_cmpstr (cell (strip, 0, ROOF_SUMMARY_ITL), ==, itl_hgx);
  g_assert_cmpstr (cell (strip, 1, ROOF_SUMMARY_ITL), ==, itl2);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---------------------------------------------------------------------- */
/* Through the window: undo and redo, a file saved and opened              */

static gboolean
file_written (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

static void
test_window (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roofline-layout-XXXXXX", &error);
  g_autofree char *store_path = g_build_filename (dir, "roofline", "catalog.json", NULL);
  g_autofree char *path = g_build_filename (dir, "layout.roofline", NULL);
  RoofUserCatalog *store = ui_load_user_catalog (store_path);
  RoofWindow *window = ui_show_roof_window (NULL, store, WAIT_MS);
  RoofScenario *scenario = roof_window_get_scenario (window);
  GtkWidget *mp = roof_window_get_model_panel (window);
  GtkWidget *ep = ui_find_named (mp, "ep");
  GtkWidget *system = ui_find_named (mp, "system-row");
  guint hgx = system_position (system, "NVIDIA HGX H100 (8 x H100 SXM5)");

  g_assert_no_error (error);
  /* the one devices row is the Layout group's */
  g_assert_true (gtk_widget_is_ancestor (ui_find_named (mp, "devices-spin"),
                                         ui_find_named (mp, "layout-group")));
  roof_scenario_set_model (scenario, "deepseek-v3");
  ui_type (ep, "8");
  adw_combo_row_set_selected (ADW_COMBO_ROW (system), hgx);
  ui_type (ui_find_named (mp, "pp"), "2");
  ui_type (ui_find_named (mp, "microbatches"), "4");
  adw_combo_row_set_selected (ADW_COMBO_ROW (ui_find_named (mp, "attn-row")), 1);
  ui_type (ui_find_named (mp, "ep-imbalance"), "1.25");
  ui_type (ui_find_named (mp, "dp"), "2");
  g_assert_cmpfloat (number (scenario, "dp"), ==, 2);

  /* undo: DP back to the default, shown; redo: 2 again */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpfloat (number (scenario, "dp"), ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ui_find_named (mp, "dp"))), ==, "1");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpfloat (number (scenario, "dp"), ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ui_find_named (mp, "dp"))), ==, "2");

  /* saved, then changed, then opened: every field as saved, in the rows */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-to", "s", path));
  ui_wait_for (file_written, path, WAIT_MS, "the saved file");
  {
    g_autoptr (JsonParser) parser = json_parser_new ();
    g_assert_true (json_parser_load_from_file (parser, path, &error));
    g_assert_no_error (error);
    JsonObject *layout = json_object_get_object_member (
      json_node_get_object (json_parser_get_root (parser)), "layout");
    g_assert_cmpstr (json_object_get_string_member (layout, "system"), ==, "nvidia-hgx-h100");
    g_assert_cmpfloat (json_object_get_double_member (layout, "ep"), ==, 8);
    g_assert_cmpstr (json_object_get_string_member (layout, "attention"), ==, "tensor");
  }
  ui_type (ep, "16");
  adw_combo_row_set_selected (ADW_COMBO_ROW (system), 0);
  ui_type (ui_find_named (mp, "pp"), "1");
  {
    g_autoptr (GFile) file = g_file_new_for_path (path);
    g_assert_true (roof_window_open_file (window, file, &error));
    g_assert_no_error (error);
  }
  scenario = roof_window_get_scenario (window);
  g_assert_cmpstr (roof_scenario_get_system (scenario), ==, "nvidia-hgx-h100");
  g_assert_cmpfloat (number (scenario, "ep"), ==, 8);
  g_assert_cmpfloat (number (scenario, "pp"), ==, 2);
  g_assert_cmpfloat (number (scenario, "dp"), ==, 2);
  g_assert_cmpfloat (number (scenario, "microbatches"), ==, 4);
  g_assert_cmpfloat (number (scenario, "ep-imbalance"), ==, 1.25);
  g_assert_cmpint (roof_scenario_get_workload (scenario)->attn_parallel, ==,
                   ROOF_ATTN_PARALLEL_TENSOR);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (system)), ==, hgx);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ep)), ==, "8");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ui_find_named (mp, "pp"))), ==, "2");
  g_assert_cmpstr (used (mp), ==, "64"); /* 2 · 8 · 2 · 2 */

  ui_destroy_window (GTK_WINDOW (window));
  g_object_unref (store);
  g_assert_cmpint (g_remove (path), ==, 0);
}

int
main (int argc, char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/layout-panel/edits", test_edits);
  g_test_add_func ("/layout-panel/figures", test_figures);
  g_test_add_func ("/layout-panel/window", test_window);
  return g_test_run ();
}
