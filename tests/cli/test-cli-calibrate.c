/* test-cli-calibrate.c — roofline-cli calibrate, --save, and --calibrated
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The built binary with XDG_DATA_HOME in a temporary folder, so --save
 * writes there and nowhere else. The fit's own numbers are tested in
 * tests/plot/test-calibrate.c; here: the JSON shape of docs/cli.md, each
 * point's residual against its own rates, the saved entry read back, a
 * calibrated solve against the ideal one (memory-bound: tokens/s × η_m),
 * and one message per bad input.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "cli-test-util.h"

static char *data_home;

static JsonObject *
member (JsonObject *o, const char *name)
{
  g_assert_true (json_object_has_member (o, name));
  return json_object_get_object_member (o, name);
}

/* The ten bundled points of Llama 3.1 8B on one H100, no batch stated. */
static void
test_json_shape (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  JsonObject *o, *mem, *t0;
  JsonArray *a;

  run_cli (&r, "calibrate", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b",
           "--bundled-measurements", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  root = parse_json (r.out);
  o = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (o, "hardware"), ==, "nvidia-h100-sxm");
  g_assert_cmpstr (json_object_get_string_member (o, "model"), ==, "llama-3.1-8b");
  g_assert_true (json_object_get_null_member (o, "precision"));
  g_assert_cmpint (json_object_get_int_member (o, "points"), ==, 10);
  mem = member (o, "memory_efficiency");
  g_assert_cmpfloat (json_object_get_double_member (mem, "value"), >, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (mem, "value"), <=, 1.0);
  g_assert_cmpint (json_object_get_int_member (mem, "points"), >, 0);
  g_assert_nonnull (member (o, "compute_efficiency"));
  /* no point states its batch: the overhead is not fitted */
  t0 = member (o, "overhead_us");
  g_assert_true (json_object_get_null_member (t0, "value"));
  g_assert_cmpstr (json_object_get_string_member (t0, "state"), ==, "undetermined");
  g_assert_cmpint (json_object_get_int_member (t0, "points"), ==, 0);
  g_assert_true (json_object_get_null_member (o, "saved_to"));

  a = json_object_get_array_member (o, "measurements");
  g_assert_cmpuint (json_array_get_length (a), ==, 10);
  double sum = 0.0, worst = 0.0;
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *m = json_array_get_object_element (a, i);
      double measured = json_object_get_double_member (m, "tokens_per_s");
      double bound = json_object_get_double_member (m, "bound_tokens_per_s");
      double calibrated = json_object_get_double_member (m, "calibrated_tokens_per_s");
      double residual = json_object_get_double_member (m, "residual");

      /* predicted / measured time = measured / predicted rate */
      g_assert_cmpfloat_with_epsilon (residual, log (measured / calibrated), 1e-12);
      /* a calibrated prediction is never above the ideal bound (η ≤ 1) */
      g_assert_cmpfloat (calibrated, <=, bound * (1.0 + 1e-12));
      sum += residual * residual;
      worst = MAX (worst, fabs (residual));
    }
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "rms"), sqrt (sum / 10.0),
                                  1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "max_residual"), worst, 1e-12);
}

static double
solve_tokens (gboolean calibrated, JsonObject **calibration_out)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  JsonObject *res;
  double tokens;

  /* batch 1: a memory-bound decode step */
  run_cli (&r, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--weights", "fp8",
           "--kv", "fp8", "--compute", "fp8", "-b", "1", "--json",
           calibrated ? "--calibrated" : NULL, NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  res = json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (root), "results"), 0);
  g_assert_cmpstr (json_object_get_string_member (res, "bound"), ==, "memory");
  tokens = json_object_get_double_member (res, "tokens_per_s");
  g_assert_true (json_object_has_member (res, "calibrated") == calibrated);
  if (calibrated && calibration_out != NULL)
    *calibration_out = json_object_ref (json_object_get_object_member (res, "calibrated"));
  return tokens;
}

static void
test_save_round_trip (void)
{
  g_auto (Run) r = { 0 };
  g_auto (Run) plain = { 0 };
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (JsonNode) file_root = NULL;
  g_autoptr (JsonObject) used = NULL;
  g_autofree char *store = g_build_filename (data_home, "roofline", "catalog.json", NULL);
  g_autofree char *text = NULL;
  JsonObject *o, *cal = NULL;
  JsonArray *hw;
  double eta_m, eta_c, ideal, calibrated;

  /* no calibration yet: one message naming the device and the way out */
  run_cli (&plain, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--calibrated", NULL);
  g_assert_cmpint (plain.status, ==, 1);
  g_assert_cmpstr (plain.err, ==,
                   "roofline-cli: --calibrated: nvidia-h100-sxm has no calibration; run "
                   "'roofline-cli calibrate -H nvidia-h100-sxm --save' first\n");

  run_cli (&r, "calibrate", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--precision", "fp8",
           "--bundled-measurements", "--save", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  o = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (o, "precision"), ==, "fp8");
  g_assert_cmpstr (json_object_get_string_member (o, "saved_to"), ==, store);
  eta_m = json_object_get_double_member (member (o, "memory_efficiency"), "value");
  eta_c = json_object_get_double_member (member (o, "compute_efficiency"), "value");

  /* the user catalog's entry: the fit beside the untouched efficiency */
  g_assert_true (g_file_get_contents (store, &text, NULL, NULL));
  file_root = parse_json (text);
  hw = json_object_get_array_member (json_node_get_object (file_root), "hardware");
  for (guint i = 0; i < json_array_get_length (hw); i++)
    {
      JsonObject *e = json_array_get_object_element (hw, i);
      if (g_strcmp0 (json_object_get_string_member (e, "id"), "nvidia-h100-sxm") == 0)
        {
          /* the ideal efficiencies are the built-in entry's, untouched: 1 */
          JsonObject *eff = json_object_has_member (e, "efficiency")
                              ? json_object_get_object_member (e, "efficiency")
                              : NULL;
          g_assert_true (eff == NULL
                         || (json_object_get_double_member_with_default (eff, "memory", 1.0) == 1.0
                             && json_object_get_double_member_with_default (eff, "compute", 1.0)
                                  == 1.0));
          cal = member (e, "calibration");
        }
    }
  g_assert_nonnull (cal);
  g_assert_cmpfloat (json_object_get_double_member (cal, "memory"), ==, eta_m);
  g_assert_cmpfloat (json_object_get_double_member (cal, "compute"), ==, eta_c);
  g_assert_false (json_object_has_member (cal, "overhead_us"));
  g_assert_cmpint (json_object_get_int_member (cal, "points"), ==, 10);
  g_assert_cmpstr (json_object_get_string_member (cal, "model"), ==, "llama-3.1-8b");
  g_assert_cmpstr (json_object_get_string_member (cal, "precision"), ==, "fp8");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (cal, "sources")), ==, 1);

  /* solve --calibrated: a memory-bound step takes 1/η_m as long */
  ideal = solve_tokens (FALSE, NULL);
  calibrated = solve_tokens (TRUE, &used);
  g_assert_cmpfloat_with_epsilon (calibrated / ideal, eta_m, 1e-9);
  g_assert_cmpfloat (json_object_get_double_member (used, "memory_efficiency"), ==, eta_m);
  g_assert_cmpint (json_object_get_int_member (used, "points"), ==, 10);
}

static void
test_errors (void)
{
  g_auto (Run) a = { 0 };
  g_auto (Run) b = { 0 };
  g_auto (Run) c = { 0 };

  /* nothing measured matches */
  run_cli (&a, "calibrate", "-H", "nvidia-b200", "-m", "llama-3.1-8b", "--bundled-measurements",
           NULL);
  g_assert_cmpint (a.status, ==, 1);
  g_assert_cmpstr (a.err, ==,
                   "roofline-cli: no measurements of nvidia-b200 of llama-3.1-8b to fit (import "
                   "some with 'roofline-cli measured import', give --measured FILE or "
                   "--bundled-measurements)\n");
  /* an unknown device */
  run_cli (&b, "calibrate", "-H", "nvidia-h100-sx", "--bundled-measurements", NULL);
  g_assert_cmpint (b.status, ==, 2);
  g_assert_nonnull (strstr (b.err, "nvidia-h100-sxm"));
  g_assert_cmpuint (count_lines (b.err), ==, 1);
  /* no device */
  run_cli (&c, "calibrate", "--bundled-measurements", NULL);
  g_assert_cmpint (c.status, ==, 2);
  g_assert_nonnull (strstr (c.err, "calibrate needs one device: -H ID"));
  g_assert_cmpuint (count_lines (c.err), ==, 1);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  data_home = g_dir_make_tmp ("roof-cli-calibrate-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_add_func ("/cli/calibrate/json-shape", test_json_shape);
  g_test_add_func ("/cli/calibrate/save-round-trip", test_save_round_trip);
  g_test_add_func ("/cli/calibrate/errors", test_errors);
  status = g_test_run ();
  {
    g_autofree char *store = g_build_filename (data_home, "roofline", "catalog.json", NULL);
    g_autofree char *backup = g_strconcat (store, "~", NULL);
    g_autofree char *dir = g_build_filename (data_home, "roofline", NULL);
    g_unlink (store);
    g_unlink (backup);
    g_rmdir (dir);
    g_rmdir (data_home);
  }
  g_free (data_home);
  return status;
}
