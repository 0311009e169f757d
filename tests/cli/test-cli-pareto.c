/* test-cli-pareto.c — `roofline-cli pareto` and `plot pareto`, run as the built binary
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expected figures are worked out here by hand from docs/model.md ("The
 * frontier"), for a one-layer model and a small device of a catalog file
 * written by the test, never by calling the solver.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "cli-test-util.h"

/* tests/solver/test-solver-frontier.c has the counts: a decode step of B
 * sequences at context 127 is 119,040·B FLOP and 86,912 + 18,888·B bytes;
 * on 1 TFLOP/s and 100 GB/s every step is memory-bound. */
static const char catalog[]
  = "{ \"format\": \"roofline-catalog\", \"version\": 2,\n"
    "  \"hardware\": [ { \"id\": \"small\", \"name\": \"Small device\",\n"
    "      \"memory\": { \"capacity_GB\": 1, \"bandwidth_GBps\": 100 },\n"
    "      \"compute_TFLOPS\": { \"bf16\": 1 },\n"
    "      \"interconnect\": { \"bandwidth_GBps\": 10, \"latency_us\": 0.05 },\n"
    "      \"tdp_W\": 500, \"price_usd_per_hour\": 2 },\n"
    "    { \"id\": \"unpowered\", \"name\": \"No power figure\",\n"
    "      \"memory\": { \"capacity_GB\": 1, \"bandwidth_GBps\": 100 },\n"
    "      \"compute_TFLOPS\": { \"bf16\": 1 } } ],\n"
    "  \"models\": [ { \"id\": \"tiny-1\", \"name\": \"Tiny one layer\", \"kind\": "
    "\"transformer\",\n"
    "      \"layers\": 1, \"hidden\": 64, \"heads\": 4, \"kv_heads\": 2, \"head_dim\": 16,\n"
    "      \"ffn\": 128, \"ffn_gated\": true, \"vocab\": 100, \"attention\": \"gqa\" } ] }\n";

static double
num (JsonObject *o, const char *key)
{
  JsonNode *n = json_object_get_member (o, key);
  g_assert_nonnull (n);
  return json_node_get_double (n);
}

/* A bare device is a system of 8: TP 1 × DP 8, TP 2 × DP 4, TP 4 × DP 2.
 * The four most interactive frontier points are TP 2 at B = 4, 3, 2, 1:
 * per device, t_m = (86,912 + 18,888·B) / 2 / 1e11 s, plus two all-reduces
 * of 128·B bytes on a ring of 2 (10 GB/s, 50 ns): 25.6·B + 200 ns.
 *   B = 4: 812.32 + 302.4 = 1,114.72 ns   B = 3: 717.88 + 276.8 = 994.68 ns
 *   B = 2: 623.44 + 251.2 = 874.64 ns     B = 1: 529.00 + 225.6 = 754.60 ns
 * TP 1 and TP 4 are slower per user at these batches or do less per device
 * (TP 4, B = 1: 264.5 + 638.4 = 902.9 ns, 1/(4 · 902.9 ns) per device), and
 * larger batches are slower per user. */
static void
test_hand_json (void)
{
  g_autofree char *path = write_temp ("pareto-catalog-XXXXXX.json", catalog);
  const char *args[] = { "pareto", "-m", "tiny-1", "-H", "small", "--context", "127",
                         "--catalog", path, "--itl-ms", "0.001", "--json", NULL };
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  const double itl[4] = { 1114.72e-9, 994.68e-9, 874.64e-9, 754.60e-9 };

  run_cli_argv (&r, args);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *top = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (top, "model"), ==, "tiny-1");
  g_assert_cmpstr (json_object_get_string_member (top, "y"), ==, "device");
  g_assert_cmpstr (json_object_get_string_member (top, "cost_basis"), ==, "rent");
  JsonArray *frontiers = json_object_get_array_member (top, "frontiers");
  g_assert_cmpuint (json_array_get_length (frontiers), ==, 1);
  JsonObject *f = json_array_get_object_element (frontiers, 0);
  g_assert_cmpstr (json_object_get_string_member (f, "system"), ==, "small");
  JsonArray *pts = json_object_get_array_member (f, "points");
  guint n = json_array_get_length (pts);
  g_assert_cmpuint (n, >=, 4);

  /* the shape: rising per user, non-increasing per device */
  for (guint i = 1; i < n; i++)
    {
      JsonObject *a = json_array_get_object_element (pts, i - 1);
      JsonObject *b = json_array_get_object_element (pts, i);
      g_assert_cmpfloat (num (b, "tokens_per_s_per_user"), >, num (a, "tokens_per_s_per_user"));
      g_assert_cmpfloat (num (b, "tokens_per_s_per_device"), <=,
                         num (a, "tokens_per_s_per_device"));
    }
  for (guint k = 0; k < 4; k++)
    {
      JsonObject *p = json_array_get_object_element (pts, n - 4 + k);
      JsonObject *layout = json_object_get_object_member (p, "layout");
      double b = 4 - k;
      g_assert_cmpfloat (num (p, "batch"), ==, b);
      g_assert_cmpfloat (num (layout, "tp"), ==, 2);
      g_assert_cmpfloat (num (layout, "dp"), ==, 4);
      g_assert_cmpfloat (num (layout, "devices"), ==, 8);
      g_assert_cmpstr (json_object_get_string_member (p, "label"), ==, "TP2");
      g_assert_cmpfloat (fabs (num (p, "itl_s") - itl[k]), <, 1e-9 * itl[k]);
      g_assert_cmpfloat (fabs (num (p, "tokens_per_s_per_user") - 1 / itl[k]), <, 1e-9 / itl[k]);
      /* B · DP / (ITL · 8 devices) = B / (2 · ITL) */
      double per_device = b / (2 * itl[k]);
      g_assert_cmpfloat (fabs (num (p, "tokens_per_s_per_device") - per_device), <,
                         1e-9 * per_device);
      /* 500 W a device: per kW is twice per device */
      g_assert_cmpfloat (fabs (num (p, "tokens_per_s_per_kw") - 2 * per_device), <,
                         1e-9 * per_device);
      /* $2/h × 8 devices = $16/h over 4·B/ITL tokens/s, per million */
      double usd = 16.0 / 3600.0 / (4 * b / itl[k]) * 1e6;
      g_assert_cmpfloat (fabs (num (p, "usd_per_mtok") - usd), <, 1e-9 * usd);
      /* ITL ≤ 1 µs: B = 4 (1.115 µs) misses it, the others meet it */
      g_assert_cmpint (json_object_get_boolean_member (p, "meets"), ==, k > 0);
    }
  /* the best within the target: the most per device among those meeting
   * it, TP 2 at B = 3 */
  JsonObject *best = json_object_get_object_member (f, "best_within_itl");
  g_assert_nonnull (best);
  g_assert_cmpfloat (num (best, "batch"), ==, 3);
  g_unlink (path);
}

/* --y kw and usd change the y field alone; CSV has a row per frontier point. */
static void
test_metrics_and_csv (void)
{
  g_autofree char *path = write_temp ("pareto-catalog-XXXXXX.json", catalog);
  const char *json_kw[] = { "pareto", "-m", "tiny-1", "-H", "small", "--context", "127",
                            "--catalog", path, "--y", "kw", "--json", NULL };
  const char *json_usd[] = { "pareto", "-m", "tiny-1", "-H", "small", "--context", "127",
                             "--catalog", path, "--y", "usd", "--json", NULL };
  const char *csv[] = { "pareto", "-m", "tiny-1", "-H", "small", "--context", "127",
                        "--catalog", path, "--csv", NULL };
  const char *table[] = { "pareto", "-m", "tiny-1", "-H", "small", "--context", "127",
                          "--catalog", path, NULL };
  g_auto (Run) a = { 0 };
  g_auto (Run) b = { 0 };
  g_auto (Run) c = { 0 };
  g_auto (Run) t = { 0 };

  run_cli_argv (&a, json_kw);
  run_cli_argv (&b, json_usd);
  run_cli_argv (&c, csv);
  run_cli_argv (&t, table);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_cmpint (t.status, ==, 0);
  g_autoptr (JsonNode) ra = parse_json (a.out);
  g_autoptr (JsonNode) rb = parse_json (b.out);
  JsonArray *pa = json_object_get_array_member (
    json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (ra), "frontiers"), 0),
    "points");
  JsonArray *pb = json_object_get_array_member (
    json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (rb), "frontiers"), 0),
    "points");
  /* every device draws the same power and costs the same: the frontier is
   * the same points, y scaled: per kW = per device / 0.5 kW, per $/h = per
   * device / $2 */
  g_assert_cmpuint (json_array_get_length (pa), ==, json_array_get_length (pb));
  for (guint i = 0; i < json_array_get_length (pa); i++)
    {
      JsonObject *x = json_array_get_object_element (pa, i);
      JsonObject *y = json_array_get_object_element (pb, i);
      double dev = num (x, "tokens_per_s_per_device");
      g_assert_cmpfloat (fabs (num (x, "y") - dev / 0.5), <, 1e-9 * dev);
      g_assert_cmpfloat (fabs (num (y, "y") - dev / 2.0), <, 1e-9 * dev);
    }
  /* CSV: a header and one row per point */
  g_assert_true (g_str_has_prefix (c.out, "system,tokens_per_s_per_user,tokens_per_s_per_device,"));
  g_assert_cmpuint (count_lines (c.out), ==, json_array_get_length (pa) + 1);
  /* the table names the system and the count */
  g_autofree char *count = g_strdup_printf ("small: %u frontier points", json_array_get_length (pa));
  g_assert_nonnull (strstr (t.out, count));
  g_unlink (path);
}

/* One line of error each, naming what is wrong. */
static void
test_errors (void)
{
  g_autofree char *path = write_temp ("pareto-catalog-XXXXXX.json", catalog);
  static const struct
  {
    int status;
    const char *args[14];
    const char *in_message;
  } cases[] = {
    { 2, { "pareto", "-m", "deepseek-v3", "--system", "nvidia-gb200-nv" },
      "did you mean \"nvidia-gb200-nvl72\"" },
    { 2, { "pareto", "-m", "deepseek-v", "-H", "nvidia-h100-sxm" }, "deepseek-v3" },
    { 2, { "pareto", "-m", "deepseek-v3" }, "--system ID" },
    { 2, { "pareto", "-m", "tiny-1", "-H", "small", "--catalog", "@", "--y", "watts" },
      "--y expects device, kw or usd, got 'watts'" },
    { 2, { "pareto", "-m", "tiny-1", "-H", "small", "--catalog", "@", "--json", "--csv" },
      "--json and --csv exclude each other" },
    { 1, { "pareto", "-m", "tiny-1", "-H", "unpowered", "--catalog", "@", "--y", "kw" },
      "unpowered: no power figure" },
    { 1, { "pareto", "-m", "tiny-1", "-H", "unpowered", "--catalog", "@", "--y", "usd" },
      "unpowered: no price" },
    /* 671e9 parameters in fp8 do not fit in 8 × 80 GB */
    { 1, { "pareto", "-m", "deepseek-v3", "--system", "nvidia-hgx-h100", "--weights", "fp8" },
      "no frontier: nvidia-hgx-h100: deepseek-v3 fits in none of its" },
    { 2, { "plot", "pareto", "-m", "tiny-1", "-H", "small", "--catalog", "@", "-o", "x.png",
           "--y", "dollars" },
      "--y expects device, kw or usd" },
    { 2, { "plot", "cost", "-m", "tiny-1", "-H", "small", "--catalog", "@", "-o", "x.png",
           "--linear" },
      "--linear applies to the pareto chart only" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *args[16] = { 0 };
      g_auto (Run) r = { 0 };

      for (gsize k = 0; k < G_N_ELEMENTS (cases[i].args) && cases[i].args[k] != NULL; k++)
        args[k] = g_str_equal (cases[i].args[k], "@") ? path : cases[i].args[k];
      run_cli_argv (&r, args);
      if (strstr (r.err, cases[i].in_message) == NULL)
        g_error ("case %" G_GSIZE_FORMAT ": \"%s\" lacks \"%s\"", i, r.err, cases[i].in_message);
      g_assert_cmpint (r.status, ==, cases[i].status);
      g_assert_true (g_str_has_prefix (r.err, "roofline-cli: "));
      g_assert_cmpuint (count_lines (r.err), ==, 1);
      g_assert_cmpstr (r.out, ==, "");
    }
  g_unlink (path);
}

/* plot pareto writes a PNG and an SVG whose text names the frontier. */
static void
test_plot (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pareto-plot-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "f.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "f.svg", NULL);
  const char *a[] = { "plot", "pareto", "-m", "llama-3.1-70b", "-H", "nvidia-h100-sxm",
                      "-H", "nvidia-b200", "--itl-ms", "30", "-o", png, NULL };
  const char *b[] = { "plot", "pareto", "-m", "llama-3.1-70b", "-H", "nvidia-h100-sxm",
                      "--y", "kw", "--linear", "-o", svg, NULL };
  g_auto (Run) ra = { 0 };
  g_auto (Run) rb = { 0 };
  g_autofree char *text = NULL;

  run_cli_argv (&ra, a);
  g_assert_cmpint (ra.status, ==, 0);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  run_cli_argv (&rb, b);
  g_assert_cmpint (rb.status, ==, 0);
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<svg"));
  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/pareto/hand-json", test_hand_json);
  g_test_add_func ("/cli/pareto/metrics-and-csv", test_metrics_and_csv);
  g_test_add_func ("/cli/pareto/errors", test_errors);
  g_test_add_func ("/cli/pareto/plot", test_plot);
  return g_test_run ();
}
