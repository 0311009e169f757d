/* test-cli-measured.c — roofline-cli measured, solve's "measured", plot's measured points
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The built binary with XDG_DATA_HOME in a temporary folder, so imports
 * land there and nowhere else. Values checked are the fixture's
 * (tests/catalog/measurements/vllm-result.json: 2950 output tokens/s at
 * max_concurrency 64, 1,024,000 input and 128,000 output tokens over 1000
 * requests) and the JSON shapes of docs/cli.md.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include <sys/wait.h>

#include "cli-test-util.h"

static char *data_home;

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "catalog", "measurements", name, NULL);
}

static JsonArray *
measurements_of (JsonNode *root)
{
  JsonObject *o = json_node_get_object (root);
  g_assert_true (json_object_has_member (o, "measurements"));
  return json_object_get_array_member (o, "measurements");
}

static JsonObject *
find (JsonArray *a, const char *id)
{
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *m = json_array_get_object_element (a, i);
      if (g_strcmp0 (json_object_get_string_member (m, "id"), id) == 0)
        return m;
    }
  return NULL;
}

static void
test_list_bundled (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  JsonArray *a;

  run_cli (&r, "measured", "list", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  a = measurements_of (root);
  /* the bundled set of docs/model.md: 100 TensorRT-LLM points and 32 on MI300X */
  g_assert_cmpuint (json_array_get_length (a), ==, 132);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *m = json_array_get_object_element (a, i);
      g_assert_true (json_object_has_member (m, "hardware") || json_object_has_member (m, "system"));
      g_assert_nonnull (json_object_get_string_member (m, "model"));
      g_assert_nonnull (json_object_get_string_member (m, "source"));
      g_assert_true (json_object_get_boolean_member (m, "builtin"));
      g_assert_cmpfloat (json_object_get_double_member (m, "fraction_of_bound"), <=, 1.0);
      g_assert_cmpfloat (json_object_get_double_member (m, "fraction_of_bound"), >, 0.0);
      /* the fraction is the measured rate over the bound */
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (m, "fraction_of_bound"),
                                      json_object_get_double_member (m, "tokens_per_s")
                                        / json_object_get_double_member (m, "bound_tokens_per_s"),
                                      1e-12);
    }
  /* the H100 row of TensorRT-LLM's Llama 3.1 8B table, 128/128: 28,312 tokens/s */
  JsonObject *m = find (a, "trtllm-h100-llama-3.1-8b-128-128");
  g_assert_nonnull (m);
  g_assert_cmpfloat (json_object_get_double_member (m, "tokens_per_s"), ==, 28312.0);
  g_assert_cmpstr (json_object_get_string_member (m, "hardware"), ==, "nvidia-h100-sxm");
  g_assert_cmpstr (json_object_get_string_member (m, "precision"), ==, "fp8");
  g_assert_cmpstr (json_object_get_string_member (m, "date"), ==, "2025-09-22");
  /* AMD's MI300X latency table: 405B, batch 16, 2048/2048 in 57.841 s on 8
   * GPUs: 16 · 2048 / 57.841 = 566.5 output tokens/s */
  m = find (a, "vllm-mi300x-llama-3.1-405b-2048-2048-b16");
  g_assert_nonnull (m);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (m, "tokens_per_s"),
                                  16.0 * 2048.0 / 57.841, 1e-3);
  g_assert_cmpstr (json_object_get_string_member (m, "hardware"), ==, "amd-mi300x");
  g_assert_cmpint (json_object_get_int_member (m, "devices"), ==, 8);
  g_assert_cmpint (json_object_get_int_member (m, "batch"), ==, 16);
  g_assert_cmpstr (json_object_get_string_member (m, "kv_precision"), ==, "fp16");
  g_assert_cmpstr (json_object_get_string_member (m, "date"), ==, "2025-08-12");
}

static void
test_import_show_solve (void)
{
  g_autofree char *path = fixture ("vllm-result.json");
  g_autofree char *store = g_build_filename (data_home, "roofline", "measurements.json", NULL);
  g_autoptr (JsonNode) root = NULL;
  const char *id;
  double fraction;

  {
    g_auto (Run) r = { 0 };
    run_cli (&r, "measured", "import", path, "-H", "nvidia-h100-sxm", "--json", NULL);
    g_assert_cmpint (r.status, ==, 0);
    root = parse_json (r.out);
    JsonArray *a = measurements_of (root);
    g_assert_cmpuint (json_array_get_length (a), ==, 1);
    JsonObject *m = json_array_get_object_element (a, 0);
    g_assert_cmpstr (json_object_get_string_member (root ? json_node_get_object (root) : NULL,
                                                    "imported_from"),
                     ==, "vLLM benchmark result (JSON)");
    g_assert_cmpstr (json_object_get_string_member (m, "model"), ==, "llama-3.1-8b");
    g_assert_cmpfloat (json_object_get_double_member (m, "tokens_per_s"), ==, 2950.0);
    g_assert_cmpfloat (json_object_get_double_member (m, "batch"), ==, 64.0);
    g_assert_cmpfloat (json_object_get_double_member (m, "prompt_tokens"), ==, 1024.0);
    g_assert_cmpfloat (json_object_get_double_member (m, "output_tokens"), ==, 128.0);
    g_assert_cmpfloat (json_object_get_double_member (m, "ttft_ms_p99"), ==, 801.4);
    g_assert_false (json_object_get_boolean_member (m, "builtin"));
    id = json_object_get_string_member (m, "id");
    g_assert_cmpstr (id, ==, "vllm-h100-sxm-llama-3.1-8b-1024-128");
    fraction = json_object_get_double_member (m, "fraction_of_bound");
    g_assert_cmpfloat (fraction, >, 0.0);
    g_assert_cmpfloat (fraction, <=, 1.0);
  }
  /* kept in the data folder */
  g_assert_true (g_file_test (store, G_FILE_TEST_IS_REGULAR));
  {
    g_auto (Run) r = { 0 };
    g_autoptr (JsonNode) shown = NULL;
    run_cli (&r, "measured", "show", "vllm-h100-sxm-llama-3.1-8b-1024-128", "--json", NULL);
    g_assert_cmpint (r.status, ==, 0);
    shown = parse_json (r.out);
    JsonObject *m = json_array_get_object_element (measurements_of (shown), 0);
    g_assert_cmpfloat (json_object_get_double_member (m, "tokens_per_s"), ==, 2950.0);
    g_assert_cmpfloat (json_object_get_double_member (m, "fraction_of_bound"), ==, fraction);
  }
  /* solve at the measured batch and precision gains "measured" */
  {
    g_auto (Run) r = { 0 };
    g_autoptr (JsonNode) solved = NULL;
    run_cli (&r, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "-b", "64", "--json",
             NULL);
    g_assert_cmpint (r.status, ==, 0);
    solved = parse_json (r.out);
    JsonObject *res = json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (solved), "results"), 0);
    g_assert_true (json_object_has_member (res, "measured"));
    JsonObject *m = json_object_get_object_member (res, "measured");
    g_assert_cmpfloat (json_object_get_double_member (m, "tokens_per_s"), ==, 2950.0);
    g_assert_cmpfloat (json_object_get_double_member (m, "fraction_of_bound"), ==, fraction);
    g_assert_cmpstr (json_object_get_string_member (m, "source"), ==, "vllm-result.json");
  }
  /* another batch, another precision: none matches */
  {
    g_auto (Run) r = { 0 }, q = { 0 };
    g_autoptr (JsonNode) a = NULL, b = NULL;
    run_cli (&r, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "-b", "32", "--json",
             NULL);
    run_cli (&q, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "-b", "64", "--compute",
             "fp8", "--json", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpint (q.status, ==, 0);
    a = parse_json (r.out);
    b = parse_json (q.out);
    g_assert_false (json_object_has_member (
      json_array_get_object_element (
        json_object_get_array_member (json_node_get_object (a), "results"), 0),
      "measured"));
    g_assert_false (json_object_has_member (
      json_array_get_object_element (
        json_object_get_array_member (json_node_get_object (b), "results"), 0),
      "measured"));
  }
  /* a second import of the same file gets a new id; list shows both */
  {
    g_auto (Run) r = { 0 }, l = { 0 };
    g_autoptr (JsonNode) listed = NULL;
    run_cli (&r, "measured", "import", path, "-H", "nvidia-h100-sxm", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "vllm-h100-sxm-llama-3.1-8b-1024-128-2"));
    run_cli (&l, "measured", "list", "--json", NULL);
    listed = parse_json (l.out);
    g_assert_nonnull (find (measurements_of (listed), "vllm-h100-sxm-llama-3.1-8b-1024-128"));
    g_assert_nonnull (find (measurements_of (listed), "vllm-h100-sxm-llama-3.1-8b-1024-128-2"));
  }
}

static void
expect_failure (int status, const char *message, ...) G_GNUC_NULL_TERMINATED;

static void
expect_failure (int status, const char *message, ...)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_auto (Run) r = { 0 };
  va_list ap;

  va_start (ap, message);
  for (const char *a = va_arg (ap, const char *); a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  run_cli_argv (&r, (const char *const *) args->pdata);
  g_assert_cmpint (r.status, ==, status);
  if (strstr (r.err, message) == NULL)
    g_error ("stderr \"%s\" does not contain \"%s\"", r.err, message);
  g_assert_cmpuint (count_lines (r.err), ==, 1);
}

static void
test_errors (void)
{
  g_autofree char *bad = write_temp ("bad-XXXXXX.csv",
                                     "hardware,model,prompt_tokens,output_tokens,tokens_per_s\n"
                                     "nvidia-h100-sxm,llama-3.1-8b,128,128,1000\n"
                                     "nvidia-h100-sxm,llama-3.1-8b,128,128,-3\n");
  g_autofree char *vllm = fixture ("vllm-result.json");
  g_autofree char *line3 = g_strdup_printf ("%s:3: tokens_per_s must be > 0, got -3", bad);

  expect_failure (1, line3, "measured", "import", bad, NULL);
  expect_failure (1, "does not say what it ran on", "measured", "import", vllm, NULL);
  expect_failure (1, "hardware \"NVIDIA GB200\" is not in the catalog; the closest ids are",
                  "measured", "import", vllm, "-H", "NVIDIA GB200", NULL);
  expect_failure (1, "/no/such/file", "measured", "import", "/no/such/file", NULL);
  expect_failure (2, "no measurement has the id 'nope'", "measured", "show", "nope", NULL);
  expect_failure (2, "measured expects list, import or show, got 'drop'", "measured", "drop",
                  NULL);
  expect_failure (2, "measured import needs the file to read", "measured", "import", NULL);
  g_unlink (bad);
}

static void
test_plot (void)
{
  g_autofree char *out = g_build_filename (data_home, "roof.png", NULL);
  g_auto (Run) r = { 0 };
  gsize len = 0;
  g_autofree char *png = NULL;

  run_cli (&r, "plot", "roofline", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--weights",
           "fp8", "--kv", "fp8", "--compute", "fp8", "--bundled-measurements", "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (out, &png, &len, NULL));
  g_assert_cmpuint (len, >, 8);
  g_assert_cmpint (memcmp (png, "\x89PNG", 4), ==, 0);
  g_unlink (out);
}

/* results[i]'s "measured" of `solve ARGS --json`, NULL for none */
static JsonObject *
solved_measured (JsonNode *root, guint i)
{
  JsonObject *res = json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (root), "results"), i);
  return json_object_has_member (res, "measured") ? json_object_get_object_member (res, "measured")
                                                  : NULL;
}

/* What a --measured file of plot or solve does not say: the command's one
 * device and its model, else --measured-hardware and --measured-model
 * (docs/cli.md, "Measured results"). The fixture names neither hardware
 * nor, here, the compared device: no H200 or B200 measurement is in the
 * user's set, so a match can only come from the file with the flags. */
static void
test_measured_flags (void)
{
  g_autofree char *vllm = fixture ("vllm-result.json");
  g_autofree char *out = g_build_filename (data_home, "flags.png", NULL);

  /* one -H: the file ran on it */
  {
    g_auto (Run) r = { 0 };
    g_autoptr (JsonNode) root = NULL;
    JsonObject *m;
    run_cli (&r, "solve", "-H", "nvidia-h200-sxm", "-m", "llama-3.1-8b", "-b", "64", "--measured",
             vllm, "--json", NULL);
    g_assert_cmpint (r.status, ==, 0);
    root = parse_json (r.out);
    m = solved_measured (root, 0);
    g_assert_nonnull (m);
    g_assert_cmpfloat (json_object_get_double_member (m, "tokens_per_s"), ==, 2950.0);
    g_assert_cmpstr (json_object_get_string_member (m, "source"), ==, "vllm-result.json");
  }
  /* two devices: --measured-hardware names the one it ran on, and only
   * that column gains "measured" */
  {
    g_auto (Run) r = { 0 };
    g_autoptr (JsonNode) root = NULL;
    run_cli (&r, "solve", "-H", "nvidia-b200", "-H", "nvidia-h200-sxm", "-m", "llama-3.1-8b", "-b",
             "64", "--measured", vllm, "--measured-hardware", "nvidia-h200-sxm", "--json", NULL);
    g_assert_cmpint (r.status, ==, 0);
    root = parse_json (r.out);
    g_assert_null (solved_measured (root, 0));
    g_assert_nonnull (solved_measured (root, 1));
    g_assert_cmpfloat (json_object_get_double_member (solved_measured (root, 1), "tokens_per_s"),
                       ==, 2950.0);
  }
  /* --measured-model replaces the model the file names: a 70B solve
   * matches it, the 8B one no longer does */
  {
    g_auto (Run) r = { 0 }, q = { 0 };
    g_autoptr (JsonNode) a = NULL, b = NULL;
    run_cli (&r, "solve", "-H", "nvidia-h200-sxm", "-m", "llama-3.1-70b", "-b", "64", "--measured",
             vllm, "--measured-model", "llama-3.1-70b", "--measured-devices", "8", "--json", NULL);
    run_cli (&q, "solve", "-H", "nvidia-h200-sxm", "-m", "llama-3.1-8b", "-b", "64", "--measured",
             vllm, "--measured-model", "llama-3.1-70b", "--json", NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpint (q.status, ==, 0);
    a = parse_json (r.out);
    b = parse_json (q.out);
    g_assert_nonnull (solved_measured (a, 0));
    g_assert_null (solved_measured (b, 0));
  }
  /* plot draws it with one -H; with two and no flag it refuses, naming the
   * file and the flags */
  {
    g_auto (Run) r = { 0 };
    run_cli (&r, "plot", "batch", "-H", "nvidia-h200-sxm", "-m", "llama-3.1-8b", "--measured", vllm,
             "-o", out, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_file_test (out, G_FILE_TEST_IS_REGULAR));
    g_unlink (out);
  }
  {
    g_autofree char *message = g_strdup_printf (
      "--measured %s: the file does not say what it ran on and the command compares 2 devices "
      "or systems: give --measured-hardware ID",
      vllm);
    expect_failure (2, message, "plot", "roofline", "-H", "nvidia-h200-sxm", "-H", "nvidia-b200",
                    "-m", "llama-3.1-8b", "--measured", vllm, "-o", out, NULL);
  }
  expect_failure (2, "--measured-devices expects a whole number from 1", "plot", "roofline", "-H",
                  "nvidia-h200-sxm", "--measured", vllm, "--measured-devices", "0", NULL);
  expect_failure (2, "give --measured-hardware or --measured-system, not both", "plot", "roofline",
                  "--measured-hardware", "nvidia-b200", "--measured-system", "x", NULL);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  data_home = g_dir_make_tmp ("roof-cli-measured-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  /* imports go here, for this process and the binaries it runs */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_add_func ("/cli/measured/list-bundled", test_list_bundled);
  g_test_add_func ("/cli/measured/import-show-solve", test_import_show_solve);
  g_test_add_func ("/cli/measured/errors", test_errors);
  g_test_add_func ("/cli/measured/plot", test_plot);
  g_test_add_func ("/cli/measured/flags", test_measured_flags);
  status = g_test_run ();
  {
    g_autofree char *store = g_build_filename (data_home, "roofline", "measurements.json", NULL);
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
