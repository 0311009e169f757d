/* test-cli-levers.c — roofline-cli's speculative decoding, disaggregated
 * serving and cost basis: flags, JSON keys, values and errors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values are the arithmetic of docs/model.md on the catalog's
 * figures, written here: the H100 SXM's 3,350 GB/s, 989.4 TFLOP/s bf16,
 * 700 W and $2.69 per hour; the HGX H100's scale-out of 50 GB/s and 5 µs
 * per device, the GB300 NVL72's 100 GB/s and 5 µs; Llama 3.1 8B's KV
 * cache of 32 layers · 8 KV heads · 128 · 2 (K and V) · 2 B = 131,072 B
 * per token in bf16.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "cli-test-util.h"

static void
assert_close (double got, double want, double rel)
{
  if (!(fabs (got - want) <= rel * fabs (want)))
    g_error ("got %.15g, expected %.15g (rel %g)", got, want, rel);
}

static JsonObject *
first_result (JsonNode *root)
{
  JsonArray *a = json_object_get_array_member (json_node_get_object (root), "results");
  g_assert_cmpuint (json_array_get_length (a), >=, 1);
  return json_array_get_object_element (a, 0);
}

static double
num (JsonObject *o, const char *key)
{
  g_assert_true (json_object_has_member (o, key));
  return json_object_get_double_member (o, key);
}

/* k = 3, α = 0.7 with MTP heads of 1e9 parameters: 2.533 tokens per
 * verify step; a draft step reads 2e9 B at 3,350 GB/s (its 2e9 FLOP take
 * 2 µs at 989.4 TFLOP/s). */
static void
test_spec_json (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_cli (&r, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--spec-k", "3",
           "--spec-accept", "0.7", "--mtp-params", "1e9", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *res = first_result (root);
  assert_close (num (res, "tokens_per_step"), 1 + 0.7 + 0.49 + 0.343, 1e-12);
  JsonObject *s = json_object_get_object_member (res, "speculative");
  g_assert_nonnull (s);
  g_assert_cmpstr (json_object_get_string_member (s, "drafter"), ==, "mtp");
  g_assert_true (json_object_get_null_member (s, "draft_model"));
  assert_close (num (s, "tokens_per_step"), 2.533, 1e-12);
  double t_draft = 2e9 / 3350e9;
  assert_close (num (s, "t_draft_s"), t_draft, 1e-9);
  double t_verify = num (s, "t_verify_s");
  /* the verify step reads the same weights as the plain step, plus KV and
   * activations for 4 tokens: slower, but by less than 4× */
  g_assert_cmpfloat (t_verify, >, num (s, "itl_plain_s"));
  g_assert_cmpfloat (t_verify, <, 1.1 * num (s, "itl_plain_s"));
  assert_close (num (s, "itl_plain_s"), num (res, "t_step_s"), 1e-12);
  double cycle = t_verify + 3 * t_draft;
  assert_close (num (s, "t_cycle_s"), cycle, 1e-9);
  assert_close (num (s, "itl_s"), cycle / 2.533, 1e-9);
  assert_close (num (s, "tokens_per_s"), 2.533 / cycle, 1e-9);
  /* $2.69 per hour: 2.69 / 3600 · cycle / 2.533 · 1e6 */
  assert_close (num (s, "usd_per_mtok"), 2.69 / 3600 * cycle / 2.533 * 1e6, 1e-9);
  /* 0.7 kW */
  assert_close (num (s, "tokens_per_s_per_kw"), 2.533 / cycle / 0.7, 1e-9);
}

/* A draft model of the catalog, and no speculation: 1 token per step. */
static void
test_spec_draft_model (void)
{
  g_auto (Run) r = { 0 }, plain = { 0 };
  g_autoptr (JsonNode) root = NULL, proot = NULL;

  run_cli (&r, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--tp", "4",
           "--spec-k", "4", "--spec-accept", "0", "--draft-model", "llama-3.1-8b", "--json",
           NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *s = json_object_get_object_member (first_result (root), "speculative");
  g_assert_cmpstr (json_object_get_string_member (s, "drafter"), ==, "model");
  g_assert_cmpstr (json_object_get_string_member (s, "draft_model"), ==, "llama-3.1-8b");
  /* α = 0: one token per cycle, so speculation only costs */
  g_assert_cmpfloat (num (s, "tokens_per_step"), ==, 1.0);
  g_assert_cmpfloat (num (s, "speedup"), <, 1.0);

  run_cli (&plain, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--json", NULL);
  g_assert_cmpint (plain.status, ==, 0);
  proot = parse_json (plain.out);
  g_assert_cmpfloat (num (first_result (proot), "tokens_per_step"), ==, 1.0);
  g_assert_false (json_object_has_member (first_result (proot), "speculative"));
}

/* Disaggregated: Llama 3.1 8B, prompts of 1,000, outputs of 100, B = 8 on
 * an HGX H100, prefill on a GB300 NVL72. */
static void
test_disagg_json (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_cli (&r, "solve", "--system", "nvidia-hgx-h100", "-m", "llama-3.1-8b", "--prompt",
           "1000", "--output", "100", "-b", "8", "--disagg", "--prefill-system",
           "nvidia-gb300-nvl72", "--prefill-batch", "2", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *d = json_object_get_object_member (first_result (root), "disagg");
  g_assert_nonnull (d);
  JsonObject *pool = json_object_get_object_member (d, "prefill_pool");
  g_assert_cmpstr (json_object_get_string_member (pool, "hardware"), ==, "nvidia-gb300-nvl72");
  g_assert_cmpfloat (num (pool, "batch"), ==, 2.0);
  /* 1,000 tokens · 131,072 B over min (1 · 100, 1 · 50) GB/s (one device
   * per replica), plus 5 µs */
  g_assert_cmpfloat (num (d, "kv_bytes"), ==, 131072000.0);
  g_assert_cmpfloat (num (d, "link_bw"), ==, 50e9);
  assert_close (num (d, "t_transfer_s"), 131072000.0 / 50e9 + 5e-6, 1e-12);
  assert_close (num (d, "ttft_s"), num (d, "t_prefill_s") + 131072000.0 / 50e9 + 5e-6, 1e-12);
  /* requests/s per device: 2 prompts per prefill on one device; 8 slots
   * of 100 steps each on one decode device */
  double pre = 2 / num (d, "t_prefill_s"), dec = 8 / (100 * num (d, "itl_s"));
  assert_close (num (d, "prefill_requests_per_s_per_device"), pre, 1e-12);
  assert_close (num (d, "decode_requests_per_s_per_device"), dec, 1e-12);
  assert_close (num (d, "prefill_per_decode"), dec / pre, 1e-12);
  assert_close (num (d, "tokens_per_s_per_device"), 100 / (1 / pre + 1 / dec), 1e-12);
  /* the GB300 NVL72 has no price: no $ for the pair */
  g_assert_true (json_object_get_null_member (d, "usd_per_mtok"));
  JsonObject *c = json_object_get_object_member (d, "colocated");
  /* 8 · 1,000 / 100 prompt tokens ride along each step */
  g_assert_cmpfloat (num (c, "chunk_tokens"), ==, 80.0);
  g_assert_cmpfloat (num (c, "itl_s"), >, num (d, "itl_s"));
  assert_close (num (c, "ttft_s"), ceil (100.0 / 8) * num (c, "itl_s"), 1e-12);
  assert_close (num (c, "usd_per_mtok"), 39.328 / 8 / 3600 * num (c, "itl_s") / 8 * 1e6, 1e-9);
}

/* The cache sharded: prefill TP 4 on the GB300 NVL72 (100 GB/s of
 * scale-out per device: 400 GB/s together), decode TP 2 on the HGX H100
 * (50 GB/s per device: 100 GB/s together); the decode side bounds it. */
static void
test_disagg_sharded (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_cli (&r, "solve", "--system", "nvidia-hgx-h100", "-m", "llama-3.1-8b", "--prompt",
           "1000", "--output", "100", "-b", "8", "--tp", "2", "--disagg", "--prefill-system",
           "nvidia-gb300-nvl72", "--prefill-tp", "4", "--prefill-batch", "2", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *d = json_object_get_object_member (first_result (root), "disagg");
  JsonObject *layout = json_object_get_object_member (
      json_object_get_object_member (d, "prefill_pool"), "layout");
  g_assert_cmpfloat (num (layout, "tp"), ==, 4.0);
  g_assert_cmpfloat (num (d, "link_bw"), ==, 100e9); /* min (4 · 100, 2 · 50) GB/s */
  assert_close (num (d, "t_transfer_s"), 131072000.0 / 100e9 + 5e-6, 1e-12);
  assert_close (num (d, "ttft_s"), num (d, "t_prefill_s") + 131072000.0 / 100e9 + 5e-6, 1e-12);
}

/* --cost own: $25,000 over 4 years plus 0.7 kW at $0.10/kWh × PUE 1.2. */
static void
test_cost_own (void)
{
  g_auto (Run) r = { 0 }, rent = { 0 };
  g_autoptr (JsonNode) root = NULL, rroot = NULL;

  run_cli (&r, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--cost", "own",
           "--capex-usd", "25000", "--years", "4", "--usd-per-kwh", "0.1", "--pue", "1.2",
           "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *top = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (top, "cost_basis"), ==, "own");
  JsonObject *own = json_object_get_object_member (top, "ownership");
  g_assert_cmpfloat (num (own, "capex_usd"), ==, 25000);
  g_assert_cmpfloat (num (own, "pue"), ==, 1.2);
  JsonObject *res = first_result (root);
  double usd_h = 25000.0 / (4 * 8760) + 0.7 * 0.1 * 1.2;
  assert_close (num (res, "usd_per_hour"), usd_h, 1e-12);
  double t = num (res, "t_step_s");
  assert_close (num (res, "usd_per_mtok"), usd_h / 3600 * t * 1e6, 1e-12);
  /* joules per token = W · t_step / B; tokens per MW */
  assert_close (num (res, "joules_per_token"), 700 * t, 1e-12);
  assert_close (num (res, "tokens_per_s_per_mw"), 1 / t / 700 * 1e6, 1e-12);

  run_cli (&rent, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--json", NULL);
  rroot = parse_json (rent.out);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (rroot), "cost_basis"),
                   ==, "rent");
  g_assert_false (json_object_has_member (json_node_get_object (rroot), "ownership"));
  assert_close (num (first_result (rroot), "usd_per_hour"), 2.69, 1e-12);
}

/* Every command that prices tokens says on which basis, in JSON and in its
 * table's last line. */
static void
test_cost_basis_everywhere (void)
{
  const char *const commands[][2] = { { "sweep", "1:4" }, { "cost", "1:4" } };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (Run) j = { 0 }, t = { 0 };
      g_autoptr (JsonNode) root = NULL;
      run_cli (&j, commands[i][0], "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--batch",
               commands[i][1], "--cost", "own", "--capex-usd", "1000", "--years", "1",
               "--usd-per-kwh", "0", "--json", NULL);
      g_assert_cmpint (j.status, ==, 0);
      root = parse_json (j.out);
      g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "cost_basis"),
                       ==, "own");
      run_cli (&t, commands[i][0], "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--batch",
               commands[i][1], NULL);
      g_assert_cmpint (t.status, ==, 0);
      g_assert_nonnull (strstr (t.out, "\nCost basis: rented, the catalog's price per "
                                       "device-hour.\n"));
    }
  g_auto (Run) l = { 0 };
  g_autoptr (JsonNode) lroot = NULL;
  run_cli (&l, "layouts", "--system", "nvidia-hgx-h100", "-m", "llama-3.1-8b", "--top", "1",
           "--json", NULL);
  g_assert_cmpint (l.status, ==, 0);
  lroot = parse_json (l.out);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (lroot), "cost_basis"),
                   ==, "rent");
}

/* synthesize ranks by $/Mtok on the owned basis: $25,000 over 4 years,
 * $0.10/kWh, PUE 1.2 make 25,000 / (4 · 8,760) + kW · 0.1 · 1.2 per
 * device-hour from each entry's tdp_W (H100 SXM 700 W, B200 1,000 W, L40S
 * 350 W); a candidate's $/h is its devices times that, its $/Mtok
 * $/h / 3,600 / tokens/s · 10⁶, and the list is cheapest first. */
static void
test_synthesize_owned (void)
{
  static const struct
  {
    const char *id;
    double kw;
  } devices[] = { { "nvidia-h100-sxm", 0.7 }, { "nvidia-b200", 1.0 }, { "nvidia-l40s", 0.35 } };
  g_auto (Run) r = { 0 }, t = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_cli (&r, "synthesize", "-m", "llama-3.1-8b", "-H", "nvidia-h100-sxm", "-H", "nvidia-b200",
           "-H", "nvidia-l40s", "--itl-ms", "20", "--cost", "own", "--capex-usd", "25000",
           "--years", "4", "--usd-per-kwh", "0.1", "--pue", "1.2", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *top = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (top, "cost_basis"), ==, "own");
  JsonArray *c = json_object_get_array_member (top, "candidates");
  g_assert_cmpuint (json_array_get_length (c), ==, 3);
  double last = 0.0;
  for (guint i = 0; i < 3; i++)
    {
      JsonObject *k = json_array_get_object_element (c, i);
      const char *id = json_object_get_string_member (k, "hardware");
      double kw = -1;
      for (guint d = 0; d < G_N_ELEMENTS (devices); d++)
        if (g_str_equal (id, devices[d].id))
          kw = devices[d].kw;
      g_assert_cmpfloat (kw, >, 0);
      g_assert_true (json_object_get_boolean_member (k, "meets"));
      double usd_h = num (k, "devices") * (25000.0 / (4 * 8760) + kw * 0.1 * 1.2);
      double mtok = usd_h / 3600 / num (k, "tokens_per_s") * 1e6;
      assert_close (num (k, "usd_per_hour"), usd_h, 1e-12);
      assert_close (num (k, "usd_per_mtok"), mtok, 1e-9);
      g_assert_cmpfloat (mtok, >=, last);
      last = mtok;
    }

  run_cli (&t, "synthesize", "-m", "llama-3.1-8b", "-H", "nvidia-h100-sxm", "--itl-ms", "20",
           "--cost", "own", "--capex-usd", "25000", "--years", "4", "--usd-per-kwh", "0.1", NULL);
  g_assert_cmpint (t.status, ==, 0);
  g_assert_nonnull (strstr (t.out, "\nCost basis: owned, $25000 per device over 4 years, plus "
                                   "its power at $0.1/kWh × PUE 1.\n"));
}

/* Over the whole catalog an entry without tdp_W is left unpriced, named
 * once; a device the user names must have one (plot, like solve). */
static void
test_owned_unpowered (void)
{
  g_auto (Run) all = { 0 }, named = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_cli (&all, "synthesize", "-m", "llama-3.1-8b", "--itl-ms", "50", "--cost", "own",
           "--capex-usd", "25000", "--years", "4", "--usd-per-kwh", "0.1", "--json", NULL);
  g_assert_cmpint (all.status, ==, 0);
  g_assert_nonnull (strstr (all.err, "--cost own: no power figure (tdp_W), so no owned price, "
                                     "for "));
  g_assert_nonnull (strstr (all.err, "nvidia-a10g"));
  root = parse_json (all.out);
  JsonArray *c = json_object_get_array_member (json_node_get_object (root), "candidates");
  gboolean seen = FALSE;
  for (guint i = 0; i < json_array_get_length (c); i++)
    {
      JsonObject *k = json_array_get_object_element (c, i);
      if (g_str_equal (json_object_get_string_member (k, "hardware"), "nvidia-a10g"))
        {
          seen = TRUE;
          g_assert_true (json_object_get_null_member (k, "usd_per_mtok"));
        }
    }
  g_assert_true (seen);

  g_autofree char *dir = g_dir_make_tmp ("roofline-levers-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "cost.png", NULL);
  run_cli (&named, "plot", "cost", "-m", "llama-3.1-8b", "-H", "nvidia-a10g", "--cost", "own",
           "--capex-usd", "25000", "--years", "4", "--usd-per-kwh", "0.1", "-o", png, NULL);
  g_assert_cmpint (named.status, ==, 1);
  g_assert_nonnull (strstr (named.err, "--cost own: nvidia-a10g: "));
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

/* plot takes the cost basis and says it (the caption's text is
 * test-plot-charts' and test-chart-data's). */
static void
test_plot_owned (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roofline-levers-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "cost.png", NULL);

  run_cli (&r, "plot", "cost", "-m", "llama-3.1-8b", "-H", "nvidia-h100-sxm", "--cost", "own",
           "--capex-usd", "25000", "--years", "4", "--usd-per-kwh", "0.1", "--pue", "1.2",
           "--width", "800", "--height", "500", "-o", png, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *top = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (top, "cost_basis"), ==, "own");
  g_assert_cmpfloat (num (json_object_get_object_member (top, "ownership"), "years"), ==, 4);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  g_unlink (png);
  g_rmdir (dir);
}

/* The scenario states the levers; a flag overrides its group. */
static void
test_scenario_levers (void)
{
  g_autofree char *path = write_temp (
    "levers-XXXXXX.json",
    "{\"format\": \"roofline-scenario\", \"version\": 2, \"hardware\": [\"nvidia-h100-sxm\"],"
    " \"model\": \"llama-3.1-8b\", \"speculative\": {\"k\": 3, \"accept\": 0.7,"
    " \"mtp_params\": 1e9}, \"cost\": {\"basis\": \"own\", \"capex_usd\": 25000,"
    " \"years\": 4, \"usd_per_kwh\": 0.1, \"pue\": 1.2}}");
  g_auto (Run) r = { 0 }, rent = { 0 };
  g_autoptr (JsonNode) root = NULL, rroot = NULL;

  run_cli (&r, "solve", "--scenario", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "cost_basis"), ==,
                   "own");
  JsonObject *res = first_result (root);
  assert_close (num (res, "tokens_per_step"), 2.533, 1e-12);
  assert_close (num (res, "usd_per_hour"), 25000.0 / (4 * 8760) + 0.7 * 0.1 * 1.2, 1e-12);

  run_cli (&rent, "solve", "--scenario", path, "--cost", "rent", "--json", NULL);
  g_assert_cmpint (rent.status, ==, 0);
  rroot = parse_json (rent.out);
  assert_close (num (first_result (rroot), "usd_per_hour"), 2.69, 1e-12);
  g_remove (path);
}

static void
expect_error (int status, const char *words, const char *const *args)
{
  g_auto (Run) r = { 0 };

  run_cli_argv (&r, args);
  if (r.status != status || count_lines (r.err) != 1 || strstr (r.err, words) == NULL)
    g_error ("%s …: expected status %d and one line naming \"%s\", got %d: %s", args[5],
             status, words, r.status, r.err);
}

#define ERR(status, words, ...)                                                                   \
  expect_error (status, words,                                                                    \
                (const char *const[]){ "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b",   \
                                       __VA_ARGS__, NULL })

static void
test_errors (void)
{
  ERR (2, "--spec-accept expects the acceptance rate α, a number in [0, 1), got '1'",
       "--spec-k", "3", "--spec-accept", "1", "--mtp-params", "1e9");
  ERR (2, "--spec-accept", "--spec-k", "3", "--spec-accept", "-0.1", "--mtp-params", "1e9");
  ERR (2, "--spec-k expects a whole number from 1 to 64, got '0'", "--spec-k", "0",
       "--spec-accept", "0.5", "--mtp-params", "1e9");
  ERR (2, "--spec-k", "--spec-k", "-2", "--spec-accept", "0.5", "--mtp-params", "1e9");
  ERR (2, "--draft-model: no model with id \"llama-9\"", "--spec-k", "3", "--spec-accept",
       "0.5", "--draft-model", "llama-9");
  ERR (2, "--spec-k needs --spec-accept", "--spec-k", "3", "--mtp-params", "1e9");
  ERR (2, "--spec-k needs a drafter", "--spec-k", "3", "--spec-accept", "0.5");
  ERR (2, "--mtp-params", "--mtp-params", "0", "--spec-k", "3", "--spec-accept", "0.5");
  ERR (2, "--spec-k applies to decode", "--phase", "prefill", "--spec-k", "3", "--spec-accept",
       "0.5", "--mtp-params", "1e9");
  ERR (2, "--prefill-tp needs --disagg", "--prefill-tp", "2");
  ERR (1, "the prefill pool has no scale-out network", "--disagg");
  ERR (2, "--prefill-system: no system with id", "--disagg", "--prefill-system", "nope");
  ERR (2, "--cost expects rent or own, got 'lease'", "--cost", "lease");
  ERR (2, "--cost own needs --capex-usd", "--cost", "own", "--years", "4", "--usd-per-kwh",
       "0.1");
  ERR (2, "--years needs --cost own", "--years", "4");
  ERR (2, "--pue expects a number ≥ 1", "--cost", "own", "--capex-usd", "1", "--years", "4",
       "--usd-per-kwh", "0.1", "--pue", "0.5");
}

/* `plot` with the lever flags draws what the app draws from a scenario
 * with those levers (both build the chart's input through RoofChartData,
 * so the files are the same byte for byte), and not what it draws without
 * them. */
static void
test_plot_as_scenario (void)
{
  g_autofree char *spec = write_temp (
    "levers-XXXXXX.json",
    "{\"format\": \"roofline-scenario\", \"version\": 2, \"hardware\": [\"nvidia-h100-sxm\"],"
    " \"model\": \"llama-3.1-8b\", \"speculative\": {\"k\": 3, \"accept\": 0.7,"
    " \"mtp_params\": 1e9}}");
  g_autofree char *disagg = write_temp (
    "levers-XXXXXX.json",
    "{\"format\": \"roofline-scenario\", \"version\": 2, \"hardware\": [\"nvidia-h100-sxm\"],"
    " \"model\": \"llama-3.1-8b\", \"disagg\": {\"enabled\": true,"
    " \"prefill_system\": \"nvidia-hgx-h200\", \"prefill_batch\": 4}}");
  g_autofree char *dir = g_dir_make_tmp ("levers-plot-XXXXXX", NULL);
  const char *kinds[] = { "batch", "cost", "context", "roofline", "cost" };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      gboolean dis = i == 4;
      g_autofree char *a = g_build_filename (dir, "scenario.png", NULL);
      g_autofree char *b = g_build_filename (dir, "flags.png", NULL);
      g_autofree char *c = g_build_filename (dir, "plain.png", NULL);
      g_auto (Run) ra = { 0 }, rb = { 0 }, rc = { 0 };
      g_autofree char *da = NULL, *db = NULL, *dc = NULL;
      gsize la, lb, lc;

      run_cli (&ra, "plot", kinds[i], "--scenario", dis ? disagg : spec, "-o", a, NULL);
      if (dis)
        run_cli (&rb, "plot", kinds[i], "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b",
                 "--disagg", "--prefill-system", "nvidia-hgx-h200", "--prefill-batch", "4",
                 "-o", b, NULL);
      else
        run_cli (&rb, "plot", kinds[i], "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b",
                 "--spec-k", "3", "--spec-accept", "0.7", "--mtp-params", "1e9", "-o", b, NULL);
      run_cli (&rc, "plot", kinds[i], "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "-o", c,
               NULL);
      g_assert_cmpint (ra.status, ==, 0);
      g_assert_cmpint (rb.status, ==, 0);
      g_assert_cmpint (rc.status, ==, 0);
      g_assert_true (g_file_get_contents (a, &da, &la, NULL));
      g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
      g_assert_true (g_file_get_contents (c, &dc, &lc, NULL));
      g_assert_cmpmem (da, la, db, lb);
      g_assert_false (la == lc && memcmp (da, dc, la) == 0);
      g_remove (a);
      g_remove (b);
      g_remove (c);
    }
  g_rmdir (dir);
  g_remove (spec);
  g_remove (disagg);
}

/* The charts a lever does not apply to say so. */
static void
test_plot_errors (void)
{
  g_auto (Run) r = { 0 }, d = { 0 };

  run_cli (&r, "plot", "memory", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--spec-k", "3",
           "--spec-accept", "0.7", "--mtp-params", "1e9", "-o", "x.png", NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "--spec-k applies to the roofline, batch, cost, context, "
                                   "pareto and plan charts"));
  run_cli (&d, "plot", "batch", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--disagg", "-o",
           "x.png", NULL);
  g_assert_cmpint (d.status, ==, 2);
  g_assert_nonnull (strstr (d.err, "--disagg applies to the cost and plan charts"));
}


int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/levers/spec-json", test_spec_json);
  g_test_add_func ("/cli/levers/spec-draft-model", test_spec_draft_model);
  g_test_add_func ("/cli/levers/disagg-json", test_disagg_json);
  g_test_add_func ("/cli/levers/plot-as-scenario", test_plot_as_scenario);
  g_test_add_func ("/cli/levers/plot-errors", test_plot_errors);
  g_test_add_func ("/cli/levers/disagg-sharded", test_disagg_sharded);
  g_test_add_func ("/cli/levers/cost-own", test_cost_own);
  g_test_add_func ("/cli/levers/cost-basis-everywhere", test_cost_basis_everywhere);
  g_test_add_func ("/cli/levers/synthesize-owned", test_synthesize_owned);
  g_test_add_func ("/cli/levers/owned-unpowered", test_owned_unpowered);
  g_test_add_func ("/cli/levers/plot-owned", test_plot_owned);
  g_test_add_func ("/cli/levers/scenario", test_scenario_levers);
  g_test_add_func ("/cli/levers/errors", test_errors);
  return g_test_run ();
}
