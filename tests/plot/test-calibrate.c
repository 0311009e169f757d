/* test-calibrate.c — efficiencies and an overhead fitted to measurements
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Calibration": a hand vector of two points, known
 * parameters recovered from measurements the model itself generates (both
 * regimes, every batch), the bundled H100 points, and the parameters no
 * point depends on reported as undetermined.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-calibrate.h"
#include "roof-catalog-error.h"
#include "roof-chart-data.h"
#include "roof-measured.h"
#include "solver-fixtures.h" /* assert_rel () */

/* Two points, no batch (k = 0): the first compute-bound at η_c = 0.5
 * (c = 1 µs, τ = 2 µs), the second memory-bound at η_m = 0.8 (m = 1 µs,
 * τ = 1.25 µs); each sets its own η exactly, the residuals are 0. */
static void
test_hand_two_points (void)
{
  RoofCalibrationPoint pts[] = {
    { .compute = 1e-6, .memory = 1e-7, .steps = 0, .measured = 2e-6 },
    { .compute = 1e-7, .memory = 1e-6, .steps = 0, .measured = 1.25e-6 },
  };
  g_autoptr (GError) error = NULL;
  RoofCalibrationFit fit;

  g_assert_true (roof_calibration_fit (pts, 2, &fit, &error));
  g_assert_no_error (error);
  assert_rel (fit.eta_compute, 0.5, 1e-9);
  assert_rel (fit.eta_memory, 0.8, 1e-9);
  g_assert_cmpfloat (fit.overhead, ==, 0.0);
  g_assert_cmpint (fit.compute_state, ==, ROOF_CALIBRATION_FITTED);
  g_assert_cmpint (fit.memory_state, ==, ROOF_CALIBRATION_FITTED);
  g_assert_cmpint (fit.overhead_state, ==, ROOF_CALIBRATION_UNDETERMINED);
  g_assert_cmpint (fit.n_points, ==, 2);
  g_assert_cmpint (fit.n_compute, ==, 1);
  g_assert_cmpint (fit.n_memory, ==, 1);
  g_assert_false (fit.collinear);
  g_assert_cmpfloat (fit.rms, <, 1e-9);
  /* τ of the first point under the fit: max (1/0.5, 0.1/0.8) µs = 2 µs */
  assert_rel (roof_calibration_predict (&fit, &pts[0]), 2e-6, 1e-9);
}

/* A measurement of Llama 3.1 8B on one H100 (bf16) at the given settings,
 * its rate made up by the model with η_c = 0.5, η_m = 0.7, t_0 = 20 µs:
 * τ = max (c/0.5, m/0.7) + t_0/B, with c and m the bound's own terms. */
static RoofMeasurement *
synthetic (RoofCatalog *catalog, double batch, double prompt, double output,
           RoofCalibrationPoint *p)
{
  RoofMeasurement *m = roof_measurement_new ();
  g_autoptr (GError) error = NULL;

  m->hardware = g_strdup ("nvidia-h100-sxm");
  m->model = g_strdup ("llama-3.1-8b");
  m->batch = batch;
  m->prompt = prompt;
  m->output = output;
  m->tokens_per_s = 1.0; /* replaced below */
  if (!roof_calibration_point (catalog, m, p, &error))
    g_error ("%s", error->message);
  p->measured = MAX (p->compute / 0.5, p->memory / 0.7) + 20e-6 / batch;
  m->tokens_per_s = 1.0 / p->measured;
  return m;
}

static void
test_recovers_synthetic (void)
{
  static const double batches[] = { 1, 4, 16, 64, 256, 1024 };
  static const double lengths[][2] = { { 128, 128 }, { 2048, 128 }, { 128, 2048 }, { 8000, 500 } };
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  RoofCalibrationPoint pts[G_N_ELEMENTS (batches) * G_N_ELEMENTS (lengths)];
  RoofCalibrationFit fit;
  int n = 0;

  g_assert_no_error (error);
  for (guint b = 0; b < G_N_ELEMENTS (batches); b++)
    for (guint l = 0; l < G_N_ELEMENTS (lengths); l++)
      {
        RoofCalibrationPoint again;
        g_autoptr (RoofMeasurement) m
          = synthetic (catalog, batches[b], lengths[l][0], lengths[l][1], &pts[n]);
        /* the point read back from the measurement is the one generated */
        g_assert_true (roof_calibration_point (catalog, m, &again, &error));
        assert_rel (again.measured, pts[n].measured, 1e-12);
        assert_rel (again.steps, 1.0 / batches[b], 1e-15);
        n++;
      }
  g_assert_true (roof_calibration_fit (pts, n, &fit, &error));
  g_assert_no_error (error);
  /* both regimes are in the set, and every point has a batch */
  g_assert_cmpint (fit.n_compute, >, 0);
  g_assert_cmpint (fit.n_memory, >, 0);
  g_assert_cmpint (fit.n_overhead, ==, n);
  assert_rel (fit.eta_compute, 0.5, 1e-3);
  assert_rel (fit.eta_memory, 0.7, 1e-3);
  assert_rel (fit.overhead, 20e-6, 1e-3);
  g_assert_cmpint (fit.compute_state, ==, ROOF_CALIBRATION_FITTED);
  g_assert_cmpint (fit.memory_state, ==, ROOF_CALIBRATION_FITTED);
  g_assert_cmpint (fit.overhead_state, ==, ROOF_CALIBRATION_FITTED);
  g_assert_false (fit.collinear);
  g_assert_cmpfloat (fit.rms, <, 1e-6);
}

/* The bundled published points of the H100 (Llama 3.1 8B, 3.3 70B on two,
 * 3.1 405B on eight; no batch stated): a bandwidth efficiency in (0, 1],
 * finite residuals, and no overhead (no point has a batch). */
static void
test_bundled_h100 (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_autoptr (GPtrArray) set = roof_measurements_bundled (catalog, &error);
  g_autoptr (GArray) pts = g_array_new (FALSE, FALSE, sizeof (RoofCalibrationPoint));
  RoofCalibrationFit fit;

  g_assert_no_error (error);
  for (guint i = 0; i < set->len; i++)
    {
      const RoofMeasurement *m = g_ptr_array_index (set, i);
      RoofCalibrationPoint p;

      if (g_strcmp0 (m->hardware, "nvidia-h100-sxm") != 0)
        continue;
      g_assert_true (roof_calibration_point (catalog, m, &p, &error));
      g_array_append_val (pts, p);
    }
  g_assert_cmpuint (pts->len, ==, 30);
  g_assert_true (roof_calibration_fit ((RoofCalibrationPoint *) pts->data, pts->len, &fit, &error));
  g_assert_no_error (error);
  g_assert_cmpint (fit.n_points, ==, 30);
  g_assert_cmpfloat (fit.eta_memory, >, 0.0);
  g_assert_cmpfloat (fit.eta_memory, <=, 1.0);
  g_assert_cmpint (fit.n_memory, >, 0);
  g_assert_true (isfinite (fit.rms) && isfinite (fit.max_residual));
  g_assert_cmpfloat (fit.max_residual, >=, fit.rms);
  g_assert_cmpint (fit.overhead_state, ==, ROOF_CALIBRATION_UNDETERMINED);
  g_assert_cmpfloat (fit.overhead, ==, 0.0);
  g_test_message ("H100: eta_c %.4f (%s, %d points), eta_m %.4f (%s, %d points), rms %.4f, max %.4f",
                  fit.eta_compute, roof_calibration_state_name (fit.compute_state), fit.n_compute,
                  fit.eta_memory, roof_calibration_state_name (fit.memory_state), fit.n_memory,
                  fit.rms, fit.max_residual);
}

/* Every point memory-bound (c ≪ m): nothing says what η_c is, so it stays
 * at 1, reported undetermined; η_m is the geometric mean of m/τ:
 * ln η_m = mean ln (m/τ) = (ln 0.5 + ln 0.5·… ) here all 0.5. */
static void
test_all_memory_bound (void)
{
  RoofCalibrationPoint pts[] = {
    { .compute = 1e-8, .memory = 1e-6, .steps = 0, .measured = 2e-6 },
    { .compute = 2e-8, .memory = 3e-6, .steps = 0, .measured = 6e-6 },
    { .compute = 1e-9, .memory = 5e-7, .steps = 0, .measured = 1e-6 },
  };
  g_autoptr (GError) error = NULL;
  RoofCalibrationFit fit;

  g_assert_true (roof_calibration_fit (pts, 3, &fit, &error));
  g_assert_cmpint (fit.compute_state, ==, ROOF_CALIBRATION_UNDETERMINED);
  g_assert_cmpint (fit.n_compute, ==, 0);
  g_assert_cmpfloat (fit.eta_compute, ==, 1.0);
  g_assert_cmpint (fit.memory_state, ==, ROOF_CALIBRATION_FITTED);
  assert_rel (fit.eta_memory, 0.5, 1e-9);
  g_assert_cmpint (fit.overhead_state, ==, ROOF_CALIBRATION_UNDETERMINED);

  /* one memory-bound point with a batch: η_m and t_0 both act on it and
   * trade off: collinear */
  pts[0].steps = 0.5;
  g_assert_true (roof_calibration_fit (pts, 1, &fit, &error));
  g_assert_true (fit.collinear);
}

static void
test_bad_input (void)
{
  RoofCalibrationPoint bad = { .compute = 1e-6, .memory = NAN, .steps = 0, .measured = 1e-6 };
  g_autoptr (GError) error = NULL;
  RoofCalibrationFit fit;

  g_assert_false (roof_calibration_fit (&bad, 0, &fit, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "no measurements to fit");
  g_clear_error (&error);
  g_assert_false (roof_calibration_fit (&bad, 1, &fit, &error));
  g_assert_cmpstr (error->message, ==, "point 1: its times must be finite and positive");
}

/* The chart data with Show Calibrated Predictions: the H100 given a
 * calibration by hand (η_c 0.25, η_m 0.5, 12 points) comes twice, ideal
 * and calibrated; on the roofline the copy draws its derated roof only
 * (no memory roof or ceiling of its own: no "(calibrated) 3.35 TB/s"
 * label) and the caption says which is the bound and which the fit. */
static void
test_chart_copy (void)
{
  static const char *const ids[] = { "nvidia-h100-sxm", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  RoofSpec *h100 = ROOF_SPEC (roof_catalog_find_hardware (catalog, ids[0]));
  g_autoptr (JsonObject) entry = roof_spec_to_json (h100);
  JsonObject *cal = json_object_new ();
  RoofChartLayout *layout = roof_chart_layout_new ();
  cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (surface);
  int copy_labels = 0, copy_roofs = 0;
  gboolean caption_ideal = FALSE, caption_fit = FALSE;
  RoofChartInput in;

  g_assert_no_error (error);
  json_object_set_double_member (cal, "compute", 0.25);
  json_object_set_double_member (cal, "memory", 0.5);
  json_object_set_int_member (cal, "points", 12);
  json_object_set_double_member (cal, "rms", 0.1);
  json_object_set_object_member (entry, "calibration", cal);
  g_assert_true (roof_spec_replace_json (h100, entry, &error));
  roof_scenario_set_hardware (scenario, ids);
  roof_scenario_set_model (scenario, "llama-3.1-8b");

  /* off: the ideal device alone */
  {
    g_autoptr (RoofChartData) data = roof_chart_data_new (catalog, scenario);
    g_assert_cmpint (roof_chart_data_get_input (data)->n_devices, ==, 1);
  }
  roof_scenario_set_show_calibrated (scenario, TRUE);
  g_autoptr (RoofChartData) data = roof_chart_data_new (catalog, scenario);
  in = *roof_chart_data_get_input (data);
  g_assert_cmpint (in.n_devices, ==, 2);
  g_assert_cmpint (roof_chart_data_get_n_devices (data), ==, 1); /* compared: one */
  g_assert_false (in.devices[0].calibrated);
  g_assert_cmpfloat (in.devices[0].hw.eff_memory, ==, 1.0);
  g_assert_true (in.devices[1].calibrated);
  g_assert_cmpfloat (in.devices[1].hw.eff_compute, ==, 0.25);
  g_assert_cmpfloat (in.devices[1].hw.eff_memory, ==, 0.5);
  g_assert_cmpint (in.devices[1].cal_points, ==, 12);
  g_assert_cmpint (in.devices[1].color, !=, in.devices[0].color);

  in.kind = ROOF_PLOT_ROOFLINE;
  g_assert_true (roof_chart_render (cr, 1600, 1000, &in, layout, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < layout->texts->len; i++)
    {
      const RoofPlacedText *t = &g_array_index (layout->texts, RoofPlacedText, i);
      if (t->role == ROOF_TEXT_LABEL && g_str_has_prefix (t->text, in.devices[1].name))
        {
          copy_labels++;
          if (strstr (t->text, "B/s") != NULL || strstr (t->text, "FLOP/s") != NULL)
            copy_roofs++;
        }
      if (t->role == ROOF_TEXT_CAPTION && strstr (t->text, "ideal bound") != NULL)
        caption_ideal = TRUE;
      if (t->role == ROOF_TEXT_CAPTION && strstr (t->text, "fitted to 12 points") != NULL)
        caption_fit = TRUE;
    }
  g_assert_cmpint (copy_labels, >=, 1); /* its derated roof, "…: η_m 0.5, η_c 0.25" */
  g_assert_cmpint (copy_roofs, ==, 0);
  g_assert_true (caption_ideal);
  g_assert_true (caption_fit);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  roof_chart_layout_free (layout);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/calibrate/hand/two-points", test_hand_two_points);
  g_test_add_func ("/calibrate/recovers-synthetic", test_recovers_synthetic);
  g_test_add_func ("/calibrate/bundled-h100", test_bundled_h100);
  g_test_add_func ("/calibrate/all-memory-bound", test_all_memory_bound);
  g_test_add_func ("/calibrate/bad-input", test_bad_input);
  g_test_add_func ("/calibrate/chart-copy", test_chart_copy);
  return g_test_run ();
}
