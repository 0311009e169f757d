/* test-cli-extremes.c — roofline-cli at the edges of its input ranges
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 7, part 3, end to end: a device of 1 byte/s, the fastest compute a
 * catalog may give (1e7 TFLOP/s; the solver's 1e21 FLOP/s is tested in
 * tests/solver/test-solver-extremes.c), a batch of 1e6, a context of 1e7,
 * one layer, a MoE with every expert active and a zero price, through every
 * subcommand in-process (roof_cli_run). Each run must succeed or fail with
 * one message; no "nan" or "inf" may be printed, in tables or in JSON, and
 * JSON must parse. Expected values are worked out by hand in the comments.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "roof-cli.h"

#define assert_rel(a, b, tol)                                                                     \
  G_STMT_START                                                                                    \
  {                                                                                               \
    double a_ = (a), b_ = (b);                                                                    \
    if (!(fabs (a_ - b_) <= (tol) * fabs (b_)))                                                   \
      g_error ("%s = %.15g, expected %.15g (rel tol %g)", #a, a_, b_, (double) (tol));            \
  }                                                                                               \
  G_STMT_END

/* Devices and models at the edges, next to the built-in catalog. */
static const char extremes_catalog[] =
  "{\n"
  "  \"format\": \"roofline-catalog\", \"version\": 1,\n"
  "  \"hardware\": [\n"
  "    { \"id\": \"one-bps\", \"name\": \"1 byte/s\",\n"
  "      \"memory\": { \"capacity_GB\": 1000, \"bandwidth_GBps\": 1e-9 },\n"
  "      \"compute_TFLOPS\": { \"bf16\": 989.4 },\n"
  "      \"interconnect\": { \"bandwidth_GBps\": 450 }, \"price_usd_per_hour\": 2.69 },\n"
  "    { \"id\": \"fastest\", \"name\": \"1e7 TFLOP/s\",\n"
  "      \"memory\": { \"capacity_GB\": 80, \"bandwidth_GBps\": 3350 },\n"
  "      \"compute_TFLOPS\": { \"bf16\": 1e7 },\n"
  "      \"interconnect\": { \"bandwidth_GBps\": 450 }, \"price_usd_per_hour\": 2.69 },\n"
  "    { \"id\": \"free\", \"name\": \"H100 at no cost\",\n"
  "      \"memory\": { \"capacity_GB\": 80, \"bandwidth_GBps\": 3350 },\n"
  "      \"compute_TFLOPS\": { \"bf16\": 989.4 },\n"
  "      \"interconnect\": { \"bandwidth_GBps\": 450 }, \"price_usd_per_hour\": 0 }\n"
  "  ],\n"
  "  \"models\": [\n"
  "    { \"id\": \"one-layer\", \"layers\": 1, \"hidden\": 8192, \"heads\": 64, \"kv_heads\": 8,\n"
  "      \"head_dim\": 128, \"ffn\": 28672, \"vocab\": 128256 },\n"
  "    { \"id\": \"moe-all\", \"layers\": 2, \"hidden\": 64, \"heads\": 4, \"kv_heads\": 2,\n"
  "      \"head_dim\": 16, \"vocab\": 100,\n"
  "      \"moe\": { \"experts\": 4, \"experts_per_token\": 4, \"shared_experts\": 0,\n"
  "               \"expert_ffn\": 32, \"dense_layers\": 0 } }\n"
  "  ]\n"
  "}\n";

static char *catalog_path;

/* Llama 3.1 70B as the catalog has it: 70,553,706,496 parameters derived,
 * 70.55e9 published, so weights scale by 70.55e9 / 70,553,706,496. A decode
 * step at B = 1, S = 4096 reads 2·69,503,033,344 weight parameters (lm_head
 * and the layers) scaled, + KV 1,342,504,960 + activations 28,453,376 bytes. */
#define L70_SCALE (70.55e9 / 70553706496.0)
#define L70_WEIGHT_BYTES (2.0 * 69503033344.0 * L70_SCALE)
#define L70_BYTES (L70_WEIGHT_BYTES + 1342504960.0 + 28453376.0)

typedef struct
{
  int status;
  char *out;
  char *err;
  JsonNode *json;
} Run;

static void
run_clear (Run *r)
{
  g_clear_pointer (&r->out, g_free);
  g_clear_pointer (&r->err, g_free);
  g_clear_pointer (&r->json, json_node_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* "nan" or "inf" as a word, any case: printf's spelling of a non-finite */
static void
assert_no_nonfinite (const char *text, const char *what)
{
  for (const char *p = text; *p != '\0'; p++)
    if ((p == text || !is_word_char (p[-1]))
        && (g_ascii_strncasecmp (p, "nan", 3) == 0 || g_ascii_strncasecmp (p, "inf", 3) == 0)
        && !is_word_char (p[3]))
      g_error ("%s prints a non-finite number at \"%.20s\":\n%s", what, p, text);
}

/* roofline-cli --catalog EXTREMES ARGS… in-process; NULL-terminated. */
static void
run (Run *r, const char *first, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  char *out_buf = NULL, *err_buf = NULL;
  size_t out_len = 0, err_len = 0;
  gboolean json = FALSE;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) "roofline-cli");
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    {
      g_ptr_array_add (argv, (gpointer) a);
      json |= g_str_equal (a, "--json");
    }
  va_end (ap);
  g_ptr_array_add (argv, (gpointer) "--catalog");
  g_ptr_array_add (argv, catalog_path);
  g_ptr_array_add (argv, NULL);

  FILE *out = open_memstream (&out_buf, &out_len);
  FILE *err = open_memstream (&err_buf, &err_len);
  r->status = roof_cli_run ((int) argv->len - 1, (char **) argv->pdata, out, err);
  fclose (out);
  fclose (err);
  r->out = g_strdup (out_buf);
  r->err = g_strdup (err_buf);
  free (out_buf);
  free (err_buf);

  assert_no_nonfinite (r->out, first);
  if (r->status == 0 && json)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;

      json_parser_load_from_data (parser, r->out, -1, &error);
      g_assert_no_error (error);
      r->json = json_node_copy (json_parser_get_root (parser));
    }
}

/* A number at a path of object members and array indices ("results", "0", …). */
static double
number_at (JsonNode *node, ...)
{
  va_list ap;

  va_start (ap, node);
  for (const char *key = va_arg (ap, const char *); key != NULL; key = va_arg (ap, const char *))
    {
      if (JSON_NODE_HOLDS_ARRAY (node))
        node = json_array_get_element (json_node_get_array (node), (guint) atoi (key));
      else
        node = json_object_get_member (json_node_get_object (node), key);
      g_assert_nonnull (node);
    }
  va_end (ap);
  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  return json_node_get_double (node);
}

/* Every command of the line, as a table and as JSON: no run prints a NaN. */
static void
run_both (int expect, const char *command, const char *const *args)
{
  for (int json = 0; json < 2; json++)
    {
      g_autoptr (GPtrArray) argv = g_ptr_array_new ();

      g_ptr_array_add (argv, (gpointer) "roofline-cli");
      g_ptr_array_add (argv, (gpointer) command);
      for (guint i = 0; args[i] != NULL; i++)
        g_ptr_array_add (argv, (gpointer) args[i]);
      if (json)
        g_ptr_array_add (argv, (gpointer) "--json");
      g_ptr_array_add (argv, (gpointer) "--catalog");
      g_ptr_array_add (argv, catalog_path);
      g_ptr_array_add (argv, NULL);

      char *out_buf = NULL, *err_buf = NULL;
      size_t out_len = 0, err_len = 0;
      FILE *out = open_memstream (&out_buf, &out_len);
      FILE *err = open_memstream (&err_buf, &err_len);
      int status = roof_cli_run ((int) argv->len - 1, (char **) argv->pdata, out, err);
      fclose (out);
      fclose (err);
      if (status != expect)
        g_error ("%s exits %d, expected %d:\n%s", command, status, expect, err_buf);
      assert_no_nonfinite (out_buf, command);
      if (json && status == 0)
        {
          g_autoptr (JsonParser) parser = json_parser_new ();
          g_autoptr (GError) error = NULL;
          json_parser_load_from_data (parser, out_buf, -1, &error);
          g_assert_no_error (error);
        }
      free (out_buf);
      free (err_buf);
    }
}

/* ---------------------------------------------------------------------- */

static void
test_one_byte_per_second (void)
{
  g_auto (Run) r = { 0 };

  /* the decode step reads L70_BYTES = 140,369,722,425 bytes at 1 B/s */
  run (&r, "solve", "-H", "one-bps", "-m", "llama-3.1-70b", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  assert_rel (number_at (r.json, "results", "0", "t_step_s", NULL), L70_BYTES, 1e-12);
  assert_rel (number_at (r.json, "results", "0", "ridge", NULL), 989.4e12, 1e-12);
  run_clear (&r);

  run (&r, "sensitivity", "-H", "one-bps", "-m", "llama-3.1-70b", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpfloat (fabs (number_at (r.json, "results", "0", "elasticities", "mem_bw", NULL) + 1),
                     <, 1e-9);
  run_clear (&r);

  /* at 64 devices it still takes 2.2e9 s a token: listed, never meeting */
  run (&r, "synthesize", "-m", "llama-3.1-70b", "--itl-ms", "50", "-H", "one-bps", "-H", "free",
       "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "misses the ITL target"));

  static const char *const solve[] = { "-H", "one-bps", "-m", "llama-3.1-70b", "--breakdown",
                                       NULL };
  run_both (0, "solve", solve);
  static const char *const cost[] = { "-H", "one-bps", "-H", "free", "-m", "llama-3.1-70b",
                                      NULL };
  run_both (0, "cost", cost);
  static const char *const sweep[] = { "-H", "one-bps", "-m", "llama-3.1-70b", "--batch",
                                       "1:1000000", NULL };
  run_both (0, "sweep", sweep);
  run_both (0, "show", (const char *const[]){ "one-bps", NULL });
}

static void
test_fastest_compute (void)
{
  g_auto (Run) r = { 0 };

  /* 1e19 FLOP/s against 3.35e12 B/s: a ridge of 2,985,074.6 FLOP/B */
  run (&r, "show", "fastest", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "2985074.6"));
  run_clear (&r);

  /* prefill of 1e6 tokens of one layer: memory-bound even so */
  run (&r, "solve", "-H", "fastest", "-m", "one-layer", "--phase", "prefill", "--prompt",
       "1000000", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "\"bound\": \"memory\""));

  static const char *const sens[] = { "-H", "fastest", "-m", "moe-all", NULL };
  run_both (0, "sensitivity", sens);
  static const char *const cost[] = { "-H", "fastest", "-H", "free", "-m", "llama-3.1-8b",
                                      "--batch", "1:1000000", "--points", "50", NULL };
  run_both (0, "cost", cost);
}

static void
test_batch_1e6 (void)
{
  g_auto (Run) r = { 0 };

  /* B = 1e6: the KV cache, 1e6·1,342,504,960 B, dwarfs the weights; the step
   * reads L70_BYTES − 1,370,958,336 + 1e6·1,370,958,336 bytes, 409.28 s at
   * 3.35 TB/s, for 2,443 tokens/s */
  run (&r, "solve", "-H", "free", "-m", "llama-3.1-70b", "--batch", "1000000", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  double bytes = L70_WEIGHT_BYTES + 1e6 * (1342504960.0 + 28453376.0);
  assert_rel (number_at (r.json, "results", "0", "t_step_s", NULL), bytes / 3.35e12, 1e-12);
  g_assert_nonnull (strstr (r.out, "\"fits\": false"));

  static const char *const args[] = { "-H", "free", "-H", "fastest", "-m", "llama-3.1-70b",
                                      "--batch", "1000000", NULL };
  run_both (0, "solve", args);
  run_both (0, "sensitivity", args);
  static const char *const synth[] = { "-m", "llama-3.1-8b", "--batch", "1000000",
                                       "--tokens-per-s", "1e9", NULL };
  run_both (0, "synthesize", synth);
}

static void
test_context_1e7 (void)
{
  g_auto (Run) r = { 0 };

  /* KV of 1e7 tokens: 2·2048·80·1e7 + 2·2048·80 = 3,276,800,327,680 B on top
   * of the weights and activations; longer than the model's 131,072: a
   * warning, and the numbers */
  run (&r, "solve", "-H", "free", "-m", "llama-3.1-70b", "--context", "10000000", "--json",
       NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.err, "warning"));
  double bytes = L70_WEIGHT_BYTES + 3276800327680.0 + 28453376.0;
  assert_rel (number_at (r.json, "results", "0", "t_step_s", NULL), bytes / 3.35e12, 1e-12);

  static const char *const args[] = { "-H", "free", "-m", "llama-3.1-70b", "--context",
                                      "10000000", NULL };
  run_both (0, "solve", args);
  run_both (0, "sensitivity", args);
  run_both (0, "cost", args);
  static const char *const prefill[] = { "-H", "free", "-m", "llama-3.1-70b", "--phase",
                                         "prefill", "--prompt", "10000000", NULL };
  run_both (0, "solve", prefill);
  static const char *const sweep[] = { "-H", "free", "-m", "one-layer", "--context",
                                       "1:10000000", "--points", "8", NULL };
  run_both (0, "sweep", sweep);
  static const char *const too_long[] = { "-H", "free", "-m", "llama-3.1-70b", "--context",
                                          "20000000000", NULL };
  run_both (2, "solve", too_long);
}

static void
test_one_layer_and_moe (void)
{
  g_auto (Run) r = { 0 };

  /* one layer: 2·(1,050,681,344 + 855,654,400) + KV 16,781,312 + act
   * 625,152 = 3,830,077,952 bytes, 1.1433 ms */
  run (&r, "solve", "-H", "free", "-m", "one-layer", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  assert_rel (number_at (r.json, "results", "0", "t_step_s", NULL), 3830077952.0 / 3.35e12,
              1e-12);
  run_clear (&r);

  /* every expert active: 161,920 bytes of weights at any batch */
  run (&r, "solve", "-H", "free", "-m", "moe-all", "--batch", "4096", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpfloat (number_at (r.json, "results", "0", "bytes", "weights", NULL), ==, 161920.0);

  static const char *const args[] = { "-H", "free", "-H", "fastest", "-m", "moe-all", NULL };
  run_both (0, "solve", args);
  run_both (0, "cost", args);
  static const char *const synth[] = { "-m", "one-layer", "--itl-ms", "1", "--ttft-ms", "10",
                                       NULL };
  run_both (0, "synthesize", synth);
  run_both (0, "show", (const char *const[]){ "moe-all", NULL });
}

static void
test_zero_price (void)
{
  g_auto (Run) r = { 0 };

  run (&r, "solve", "-H", "free", "-m", "llama-3.1-70b", "--devices", "2", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpfloat (number_at (r.json, "results", "0", "usd_per_mtok", NULL), ==, 0.0);
  run_clear (&r);

  /* free and paid never cost the same: no crossover; free ranks first */
  run (&r, "cost", "-H", "free", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  run (&r, "synthesize", "-m", "llama-3.1-70b", "--itl-ms", "50", "-H", "nvidia-h100-sxm", "-H",
       "free", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  JsonArray *candidates
    = json_object_get_array_member (json_node_get_object (r.json), "candidates");
  JsonObject *first = json_array_get_object_element (candidates, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "hardware"), ==, "free");
  g_assert_cmpfloat (json_object_get_double_member (first, "usd_per_mtok"), ==, 0.0);

  static const char *const args[] = { "-H", "free", "-H", "free", "-m", "llama-3.1-70b",
                                      "--devices", "2", NULL };
  run_both (0, "cost", args);
  run_both (0, "solve", args);
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = g_dir_make_tmp ("roofline-extremes-XXXXXX", &error);
  g_assert_no_error (error);
  catalog_path = g_build_filename (dir, "extremes.json", NULL);
  g_file_set_contents (catalog_path, extremes_catalog, -1, &error);
  g_assert_no_error (error);

  g_test_add_func ("/cli/extremes/one-byte-per-second", test_one_byte_per_second);
  g_test_add_func ("/cli/extremes/fastest-compute", test_fastest_compute);
  g_test_add_func ("/cli/extremes/batch-1e6", test_batch_1e6);
  g_test_add_func ("/cli/extremes/context-1e7", test_context_1e7);
  g_test_add_func ("/cli/extremes/one-layer-and-moe", test_one_layer_and_moe);
  g_test_add_func ("/cli/extremes/zero-price", test_zero_price);
  status = g_test_run ();

  g_unlink (catalog_path);
  g_rmdir (dir);
  g_free (catalog_path);
  return status;
}
