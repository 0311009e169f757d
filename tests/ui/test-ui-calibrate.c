/* test-ui-calibrate.c — Calibrate… and Show Calibrated Predictions in the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dialog's figures are those of roof_calibration_fit () run here on
 * the same measurements, gathered here (the bundled set's points on the
 * H100, by roof_calibration_point ()) rather than by the window, and
 * docs/model.md's published vector for them; Save writes them into the
 * user catalog's file, read back here; the chart setting adds the
 * calibrated copy to the chart input and takes it away, undoably; a
 * device without measurements gets a message, not a dialog of numbers.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "roof-calibrate.h"
#include "roof-chart-view.h"
#include "roof-measured.h"
#include "ui-test-util.h"

#define WAIT_MS 20000
#define H100 "nvidia-h100-sxm"

typedef struct
{
  char *path; /* the user catalog's file */
  RoofUserCatalog *store;
  RoofWindow *window;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer user_data)
{
  f->path = g_build_filename (ui_test_home (), "calibrate-catalog.json", NULL);
  g_unlink (f->path);
  f->store = ui_load_user_catalog (f->path);
  f->window = ui_show_roof_window (NULL, f->store, WAIT_MS);
}

static void
fixture_tear_down (Fixture *f, gconstpointer user_data)
{
  GtkWindow *dialog;

  while ((dialog = ui_find_message_dialog (NULL)) != NULL)
    gtk_window_destroy (dialog);
  ui_destroy_window (GTK_WINDOW (f->window));
  g_object_unref (f->store);
  g_unlink (f->path);
  g_free (f->path);
}

/* The fit of the bundled H100 points, computed here. */
static RoofCalibrationFit
direct_fit (RoofCatalog *catalog)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) bundled = roof_measurements_bundled (catalog, &error);
  g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (RoofCalibrationPoint));
  RoofCalibrationFit fit;

  g_assert_no_error (error);
  for (guint i = 0; i < bundled->len; i++)
    {
      const RoofMeasurement *m = g_ptr_array_index (bundled, i);
      RoofCalibrationPoint pt;

      if (g_strcmp0 (roof_measurement_device_id (m, catalog), H100) != 0)
        continue;
      g_assert_true (roof_calibration_point (catalog, m, &pt, &error));
      g_array_append_val (points, pt);
    }
  g_assert_true (roof_calibration_fit ((RoofCalibrationPoint *) points->data, (int) points->len,
                                       &fit, &error));
  g_assert_no_error (error);
  return fit;
}

static const char *
label_text (GtkWidget *root, const char *name)
{
  GtkWidget *w = ui_find_named (root, name);

  g_assert_nonnull (w);
  return gtk_label_get_text (GTK_LABEL (w));
}

static JsonObject *
saved_calibration (const char *path, const char *id)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *hardware;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  hardware = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                           "hardware");
  for (guint i = 0; i < json_array_get_length (hardware); i++)
    {
      JsonObject *e = json_array_get_object_element (hardware, i);
      if (g_strcmp0 (json_object_get_string_member (e, "id"), id) == 0
          && json_object_has_member (e, "calibration"))
        return json_object_ref (json_object_get_object_member (e, "calibration"));
    }
  return NULL;
}

typedef struct
{
  RoofWindow *window;
  int n_devices;
} Expect;

static gboolean
input_has (gpointer data)
{
  Expect *e = data;
  RoofChartInput in;

  return roof_chart_view_build_input (roof_window_get_chart (e->window, ROOF_PLOT_ROOFLINE), &in)
         && in.n_devices == e->n_devices;
}

static gboolean
input_has_batch (gpointer data)
{
  Expect *e = data;
  RoofChartInput in;

  return roof_chart_view_build_input (roof_window_get_chart (e->window, ROOF_PLOT_BATCH), &in)
         && in.n_devices == e->n_devices;
}

static void
check_dialog (AdwMessageDialog *dialog, const RoofCalibrationFit *want)
{
  const RoofCalibrationFit *shown = g_object_get_data (G_OBJECT (dialog), "roof-calibration-fit");
  GtkWidget *root = GTK_WIDGET (dialog);
  g_autofree char *ec = g_strdup_printf ("%.3f", want->eta_compute);
  g_autofree char *em = g_strdup_printf ("%.3f", want->eta_memory);
  g_autofree char *rms = g_strdup_printf ("%.3f", want->rms);
  g_autofree char *max = g_strdup_printf ("%.3f", want->max_residual);

  g_assert_cmpstr (gtk_widget_get_name (root), ==, "calibration-dialog");
  /* the same fit, to the last bit: the same points in the same order */
  g_assert_nonnull (shown);
  g_assert_cmpfloat (shown->eta_compute, ==, want->eta_compute);
  g_assert_cmpfloat (shown->eta_memory, ==, want->eta_memory);
  g_assert_cmpfloat (shown->rms, ==, want->rms);
  g_assert_cmpfloat (shown->max_residual, ==, want->max_residual);
  g_assert_cmpint (shown->n_points, ==, want->n_points);
  /* shown to 3 significant figures; η and the residuals all lie in
   * [0.1, 1), where that is 3 decimals */
  g_assert_cmpstr (label_text (root, "calibration-compute"), ==, ec);
  g_assert_cmpstr (label_text (root, "calibration-memory"), ==, em);
  g_assert_cmpstr (label_text (root, "calibration-overhead"), ==, "undetermined");
  g_assert_cmpstr (label_text (root, "calibration-points"), ==, "30");
  g_assert_cmpstr (label_text (root, "calibration-rms"), ==, rms);
  g_assert_cmpstr (label_text (root, "calibration-max"), ==, max);
}

/* The bundled H100 points: 30 (Llama 3.1 8B on one, 3.3 70B on two, 3.1
 * 405B on eight), no batch stated; docs/model.md [calibrate/bundled-h100]
 * gives η_c 0.280, η_m 0.570, RMS 0.269, largest 0.573. */
static void
test_fit_save_and_show (Fixture *f, gconstpointer user_data)
{
  static const char *const ids[] = { H100, NULL };
  RoofScenario *scenario = roof_window_get_scenario (f->window);
  RoofCatalog *catalog = roof_window_get_catalog (f->window);
  RoofCalibrationFit want = direct_fit (catalog);
  g_autoptr (JsonObject) saved = NULL;
  AdwMessageDialog *dialog;
  Expect e = { f->window, 1 };
  RoofChartInput in;

  g_assert_cmpint (want.n_points, ==, 30);
  g_assert_cmpfloat_with_epsilon (want.eta_compute, 0.280, 5e-4);
  g_assert_cmpfloat_with_epsilon (want.eta_memory, 0.570, 5e-4);
  g_assert_cmpint (want.overhead_state, ==, ROOF_CALIBRATION_UNDETERMINED);

  roof_scenario_set_hardware (scenario, ids);
  roof_scenario_set_model (scenario, "llama-3.1-8b");
  roof_scenario_set_published_measurements (scenario, TRUE);
  ui_flush ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.calibrate", NULL));
  dialog = ui_wait_for_dialog (GTK_WINDOW (f->window), WAIT_MS);
  check_dialog (dialog, &want);

  /* Save: the user catalog's file has it, as the CLI writes it */
  g_assert_null (saved_calibration (f->path, H100));
  adw_message_dialog_response (dialog, "save");
  ui_flush ();
  saved = saved_calibration (f->path, H100);
  g_assert_nonnull (saved);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (saved, "compute"),
                                  want.eta_compute, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (saved, "memory"),
                                  want.eta_memory, 1e-12);
  g_assert_cmpint (json_object_get_int_member (saved, "points"), ==, 30);
  g_assert_false (json_object_has_member (saved, "overhead_us")); /* undetermined */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (saved, "sources")), >,
                    0);
  /* the ideal efficiency is not touched */
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (roof_catalog_find_hardware (catalog, H100)),
                                           "efficiency.memory", 1.0),
                     ==, 1.0);

  /* the setting off: the ideal device only */
  g_assert_false (roof_scenario_get_show_calibrated (scenario));
  ui_wait_for (input_has, &e, WAIT_MS, "the ideal device alone");

  /* on: its calibrated copy beside it on the roofline and batch charts */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "calibration.show", NULL));
  g_assert_true (roof_scenario_get_show_calibrated (scenario));
  e.n_devices = 2;
  ui_wait_for (input_has, &e, WAIT_MS, "the calibrated copy on the roofline");
  ui_wait_for (input_has_batch, &e, WAIT_MS, "the calibrated copy on the batch chart");
  g_assert_true (roof_chart_view_build_input (roof_window_get_chart (f->window, ROOF_PLOT_ROOFLINE),
                                              &in));
  g_assert_false (in.devices[0].calibrated);
  g_assert_cmpfloat (in.devices[0].hw.eff_compute, ==, 1.0);
  g_assert_true (in.devices[1].calibrated);
  g_assert_cmpstr (in.devices[1].id, ==, H100);
  g_assert_nonnull (strstr (in.devices[1].name, "(calibrated)"));
  g_assert_cmpfloat_with_epsilon (in.devices[1].hw.eff_compute, want.eta_compute, 1e-12);
  g_assert_cmpfloat_with_epsilon (in.devices[1].hw.eff_memory, want.eta_memory, 1e-12);
  g_assert_cmpint (in.devices[1].cal_points, ==, 30);

  /* hiding the device hides its calibrated copy too (the same id) */
  roof_chart_view_set_device_hidden (roof_window_get_chart (f->window, ROOF_PLOT_ROOFLINE), H100,
                                     TRUE);
  g_assert_true (roof_chart_view_build_input (roof_window_get_chart (f->window, ROOF_PLOT_ROOFLINE),
                                              &in));
  g_assert_cmpuint (in.hidden, ==, (1u << 0) | (1u << 1));
  roof_chart_view_set_device_hidden (roof_window_get_chart (f->window, ROOF_PLOT_ROOFLINE), H100,
                                     FALSE);

  /* undone: the setting is a scenario property like any other */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_false (roof_scenario_get_show_calibrated (scenario));
  e.n_devices = 1;
  ui_wait_for (input_has, &e, WAIT_MS, "the calibrated copy gone");
}

/* The B200 without the published set: no measurements, a message. */
static void
test_no_measurements (Fixture *f, gconstpointer user_data)
{
  static const char *const ids[] = { "nvidia-b200", NULL };
  RoofScenario *scenario = roof_window_get_scenario (f->window);
  AdwMessageDialog *dialog;

  roof_scenario_set_hardware (scenario, ids);
  roof_scenario_set_published_measurements (scenario, FALSE);
  ui_flush ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.calibrate", NULL));
  dialog = ui_wait_for_dialog (GTK_WINDOW (f->window), WAIT_MS);
  g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (dialog)), ==, "calibration-message");
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "No Measurements of"));
  g_assert_null (ui_find_named (GTK_WIDGET (dialog), "calibration-compute"));
  g_assert_null (saved_calibration (f->path, "nvidia-b200"));
}

/* A synthetic measurement on one H100, no batch: `fraction` of its own
 * bound, so that a fit to measurements all at the same fraction k has
 * every identified efficiency exactly k (τ = max (c/k, m/k) = τ_measured,
 * residuals 0), whatever the bound is. */
static RoofMeasurement *
synthetic (RoofCatalog *catalog, const char *model, RoofPrecision prec, double in, double out,
           double fraction)
{
  RoofMeasurement *m = roof_measurement_new ();
  g_autoptr (GError) error = NULL;
  RoofMeasuredPoint pt;

  m->id = g_strdup_printf ("synthetic-%s-%s-%g-%g", model, roof_precision_name (prec), in, out);
  m->hardware = g_strdup (H100);
  m->model = g_strdup (model);
  m->devices = 1;
  m->weights = m->kv = m->compute = prec;
  m->prompt = in;
  m->output = out;
  m->tokens_per_s = 1.0; /* replaced below */
  g_assert_true (roof_measured_evaluate (catalog, m, &pt, &error));
  g_assert_no_error (error);
  m->tokens_per_s = fraction * pt.bound_tokens_per_s;
  return m;
}

/* Each identified efficiency of the dialog's fit is `k`, the residuals 0. */
static void
check_filtered (AdwMessageDialog *dialog, double k, int n_points)
{
  const RoofCalibrationFit *fit = g_object_get_data (G_OBJECT (dialog), "roof-calibration-fit");

  g_assert_nonnull (fit);
  g_assert_cmpint (fit->n_points, ==, n_points);
  g_assert_true (fit->compute_state != ROOF_CALIBRATION_UNDETERMINED
                 || fit->memory_state != ROOF_CALIBRATION_UNDETERMINED);
  if (fit->compute_state != ROOF_CALIBRATION_UNDETERMINED)
    g_assert_cmpfloat_with_epsilon (fit->eta_compute, k, 1e-6);
  if (fit->memory_state != ROOF_CALIBRATION_UNDETERMINED)
    g_assert_cmpfloat_with_epsilon (fit->eta_memory, k, 1e-6);
  g_assert_cmpfloat (fit->max_residual, <, 1e-6);
  g_assert_null (ui_find_named (GTK_WIDGET (dialog), "calibration-none"));
}

static void
choose (AdwMessageDialog *dialog, const char *name, guint position)
{
  GtkWidget *drop = ui_find_named (GTK_WIDGET (dialog), name);

  g_assert_nonnull (drop);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop), position);
  ui_flush ();
}

/* The model and precision filters: Llama 3.1 8B at 0.5 of its bound in
 * bf16 and 0.25 in fp8, Llama 3.1 70B at 0.4 in fp8, four lengths each
 * (both regimes). Fitting one model at one precision recovers its
 * fraction; fitting all together cannot (no single η fits 0.5 and 0.25);
 * a filter no measurement passes says so and cannot be saved; the saved
 * calibration names its filters. */
static void
test_filters (Fixture *f, gconstpointer user_data)
{
  static const char *const ids[] = { H100, NULL };
  static const double lengths[][2] = { { 128, 128 }, { 2048, 128 }, { 128, 2048 }, { 8000, 500 } };
  RoofScenario *scenario = roof_window_get_scenario (f->window);
  RoofCatalog *catalog = roof_window_get_catalog (f->window);
  g_autoptr (GPtrArray) set = roof_measurements_new ();
  g_autoptr (JsonObject) saved = NULL;
  const RoofCalibrationFit *fit;
  AdwMessageDialog *dialog;

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_ptr_array_add (set, synthetic (catalog, "llama-3.1-8b", ROOF_PREC_BF16, lengths[i][0],
                                       lengths[i][1], 0.5));
      g_ptr_array_add (set, synthetic (catalog, "llama-3.1-8b", ROOF_PREC_FP8, lengths[i][0],
                                       lengths[i][1], 0.25));
      g_ptr_array_add (set, synthetic (catalog, "llama-3.1-70b", ROOF_PREC_FP8, lengths[i][0],
                                       lengths[i][1], 0.4));
    }
  roof_scenario_set_hardware (scenario, ids);
  roof_scenario_set_published_measurements (scenario, FALSE);
  roof_scenario_set_measurements (scenario, set);
  ui_flush ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.calibrate", NULL));
  dialog = ui_wait_for_dialog (GTK_WINDOW (f->window), WAIT_MS);
  g_assert_cmpstr (gtk_widget_get_name (GTK_WIDGET (dialog)), ==, "calibration-dialog");

  /* every model and precision: 12 points that no one η fits */
  fit = g_object_get_data (G_OBJECT (dialog), "roof-calibration-fit");
  g_assert_nonnull (fit);
  g_assert_cmpint (fit->n_points, ==, 12);
  g_assert_cmpfloat (fit->max_residual, >, 0.1);
  g_assert_cmpstr (label_text (GTK_WIDGET (dialog), "calibration-points"), ==, "12");

  /* the choices are the measurements' own: models in their order, then
   * precisions in the order bf16, fp8 (0 is "every") */
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (
                      ui_find_named (GTK_WIDGET (dialog), "calibration-model")))),
                    ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (
                      ui_find_named (GTK_WIDGET (dialog), "calibration-precision")))),
                    ==, 3);

  choose (dialog, "calibration-precision", 1); /* bf16: the 8B alone */
  check_filtered (dialog, 0.5, 4);
  g_assert_cmpstr (label_text (GTK_WIDGET (dialog), "calibration-points"), ==, "4");
  choose (dialog, "calibration-model", 2); /* 70B in bf16: none */
  g_assert_null (g_object_get_data (G_OBJECT (dialog), "roof-calibration-fit"));
  g_assert_nonnull (ui_find_named (GTK_WIDGET (dialog), "calibration-none"));
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "save"));
  choose (dialog, "calibration-precision", 2); /* 70B in fp8 */
  check_filtered (dialog, 0.4, 4);
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "save"));
  choose (dialog, "calibration-model", 1); /* 8B in fp8 */
  check_filtered (dialog, 0.25, 4);
  choose (dialog, "calibration-model", 0); /* every model in fp8: 8 points, two fractions */
  fit = g_object_get_data (G_OBJECT (dialog), "roof-calibration-fit");
  g_assert_cmpint (fit->n_points, ==, 8);
  g_assert_cmpfloat (fit->max_residual, >, 0.1);

  /* saved with its filters: the 8B in fp8 */
  choose (dialog, "calibration-model", 1);
  adw_message_dialog_response (dialog, "save");
  ui_flush ();
  saved = saved_calibration (f->path, H100);
  g_assert_nonnull (saved);
  g_assert_cmpstr (json_object_get_string_member (saved, "model"), ==, "llama-3.1-8b");
  g_assert_cmpstr (json_object_get_string_member (saved, "precision"), ==, "fp8");
  g_assert_cmpint (json_object_get_int_member (saved, "points"), ==, 4);
  if (json_object_has_member (saved, "compute"))
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (saved, "compute"), 0.25, 1e-6);
  if (json_object_has_member (saved, "memory"))
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (saved, "memory"), 0.25, 1e-6);
}

int
main (int argc, char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add ("/ui/calibrate/fit-save-and-show", Fixture, NULL, fixture_set_up,
              test_fit_save_and_show, fixture_tear_down);
  g_test_add ("/ui/calibrate/filters", Fixture, NULL, fixture_set_up, test_filters,
              fixture_tear_down);
  g_test_add ("/ui/calibrate/no-measurements", Fixture, NULL, fixture_set_up,
              test_no_measurements, fixture_tear_down);
  return g_test_run ();
}
