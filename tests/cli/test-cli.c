/* test-cli.c — roofline-cli end to end (the built binary) and in-process
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected numbers are worked out here by hand from docs/model.md and the
 * catalog files, never by calling the solver: a test that asks the solver
 * what the solver says proves nothing.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "cli-test-util.h"
#include "roof-cli.h"

/* ---------------------------------------------------------------------- */
/* Running the tool                                                        */

static GPtrArray *
collect_args (const char *program, const char *first, va_list ap)
{
  GPtrArray *argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) program);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  g_ptr_array_add (argv, NULL);
  return argv;
}

/* roof_cli_run in this process, output captured in memory */
static void
run_in_process (Run *r, const char *first, ...)
{
  g_autoptr (GPtrArray) argv = NULL;
  char *out_buf = NULL, *err_buf = NULL;
  size_t out_len = 0, err_len = 0;
  FILE *out, *err;
  va_list ap;

  va_start (ap, first);
  argv = collect_args ("roofline-cli", first, ap);
  va_end (ap);

  out = open_memstream (&out_buf, &out_len);
  err = open_memstream (&err_buf, &err_len);
  g_assert_nonnull (out);
  g_assert_nonnull (err);
  r->status = roof_cli_run ((int) argv->len - 1, (char **) argv->pdata, out, err);
  fclose (out);
  fclose (err);
  r->out = g_strdup (out_buf);
  r->err = g_strdup (err_buf);
  free (out_buf);
  free (err_buf);
}

/* the built binary, as a user runs it */
static void
run_binary (Run *r, const char *first, ...)
{
  g_autoptr (GPtrArray) argv = NULL;
  g_autoptr (GError) error = NULL;
  int wait_status = 0;
  va_list ap;

  va_start (ap, first);
  argv = collect_args (cli_path (), first, ap);
  va_end (ap);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &r->err,
                &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  r->status = WEXITSTATUS (wait_status);
}

/* exactly one line "roofline-cli: …", whatever the failure (issue 11: a
 * usage error used to add a second line "Try … --help") */
static void
assert_one_error_line (const Run *r, int status)
{
  if (r->status != status || !g_str_has_prefix (r->err, "roofline-cli: ")
      || count_lines (r->err) != 1 || !g_str_has_suffix (r->err, "\n"))
    g_error ("expected exit status %d and one line \"roofline-cli: …\" on stderr, got %d and "
             "\"%s\"",
             status, r->status, r->err);
}

/* ---------------------------------------------------------------------- */
/* The catalog, read here with json-glib                                   */

static JsonNode *catalog_hardware;
static JsonNode *catalog_models;
static JsonNode *catalog_systems;

static JsonObject *
entry (JsonNode *doc, const char *array, const char *id)
{
  JsonArray *a = json_object_get_array_member (json_node_get_object (doc), array);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *o = json_array_get_object_element (a, i);
      if (g_str_equal (json_object_get_string_member (o, "id"), id))
        return o;
    }
  g_error ("no %s entry %s in the catalog", array, id);
  return NULL;
}

static double
num (JsonObject *o, const char *path)
{
  g_auto (GStrv) parts = g_strsplit (path, ".", -1);
  for (guint i = 0; parts[i + 1] != NULL; i++)
    o = json_object_get_object_member (o, parts[i]);
  return json_object_get_double_member (o, parts[g_strv_length (parts) - 1]);
}

typedef struct
{
  double bw;    /* byte/s */
  double peak;  /* bf16 FLOP/s */
  double cap;   /* bytes */
  double price; /* USD per hour */
  double link;  /* byte/s */
  double latency;
} Hw;

static Hw
hw (const char *id)
{
  JsonObject *o = entry (catalog_hardware, "hardware", id);
  Hw h = {
    num (o, "memory.bandwidth_GBps") * 1e9,
    num (o, "compute_TFLOPS.bf16") * 1e12,
    /* the built-in catalog gives the capacity in GiB (issue 12) */
    json_object_has_member (json_object_get_object_member (o, "memory"), "capacity_GiB")
      ? num (o, "memory.capacity_GiB") * 1073741824.0
      : num (o, "memory.capacity_GB") * 1e9,
    json_object_has_member (o, "price_usd_per_hour") ? num (o, "price_usd_per_hour") : 0.0,
    json_object_has_member (o, "interconnect") ? num (o, "interconnect.bandwidth_GBps") * 1e9 : 0,
    json_object_has_member (o, "interconnect") ? num (o, "interconnect.latency_us") * 1e-6 : 0,
  };
  return h;
}

/* A dense GQA transformer worked out by hand (docs/model.md, "Model" and
 * "Decode step"); the published params_total rescales the derived count. */
typedef struct
{
  double L, d, H, Hkv, dh, ffn, V;
  double derived_total; /* parameters from the architecture */
  double scale;         /* params_total / derived_total */
  double params_total;
  double p_read;     /* read per decode step: everything but the embedding table */
  double p_mm_body;  /* matmul parameters of the layers */
  double p_mm_head;  /* lm_head */
  double kv_tok;     /* KV bytes per token at bf16 */
  double act_tok;    /* activation elements per token, every matmul's input and output */
} Dense;

static Dense
dense (const char *id)
{
  JsonObject *o = entry (catalog_models, "models", id);
  Dense m = { 0 };

  m.L = num (o, "layers");
  m.d = num (o, "hidden");
  m.H = num (o, "heads");
  m.Hkv = num (o, "kv_heads");
  m.dh = num (o, "head_dim");
  m.ffn = num (o, "ffn");
  m.V = num (o, "vocab");
  g_assert_false (json_object_get_boolean_member (o, "tied_embeddings"));
  g_assert_true (json_object_get_boolean_member (o, "ffn_gated"));
  m.params_total = num (o, "params_total");

  double attn = m.d * m.H * m.dh + 2 * m.d * m.Hkv * m.dh + m.H * m.dh * m.d; /* q k v o */
  double ffn = 3 * m.d * m.ffn;                                               /* gate up down */
  double norms = 2 * m.d;
  double embedding = m.V * m.d;
  double lm_head = m.V * m.d + m.d; /* + the final norm */
  m.derived_total = embedding + lm_head + m.L * (attn + ffn + norms);
  m.scale = m.params_total / m.derived_total;
  m.p_read = m.scale * (m.derived_total - embedding);
  m.p_mm_body = m.scale * m.L * (attn + ffn);
  m.p_mm_head = m.scale * m.V * m.d;
  m.kv_tok = 2 * m.L * m.Hkv * m.dh * 2;
  m.act_tok = m.L * (4 * m.d + 4 * m.H * m.dh + 3 * (m.d + m.ffn)) + m.d + m.V;
  return m;
}

static void
assert_close (double got, double want, double rel)
{
  if (!(fabs (got - want) <= rel * fabs (want)))
    g_error ("got %.17g, want %.17g (relative tolerance %g)", got, want, rel);
}

static JsonObject *
result_for (JsonNode *root, const char *hardware)
{
  JsonArray *a = json_object_get_array_member (json_node_get_object (root), "results");
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *o = json_array_get_object_element (a, i);
      if (g_str_equal (json_object_get_string_member (o, "hardware"), hardware))
        return o;
    }
  g_error ("no result for %s", hardware);
  return NULL;
}

/* ---------------------------------------------------------------------- */
/* solve                                                                   */

/* Llama 3.1 70B, decode, B = 1, S = 4096, bf16, one device. */
static void
check_decode_70b (JsonObject *r, const char *hardware_id)
{
  Dense m = dense ("llama-3.1-70b");
  Hw h = hw (hardware_id);
  const double B = 1, S = 4096;

  double weights = 2 * m.p_read;
  double kv = m.kv_tok * B * (S + 1); /* S read, 1 written */
  double act = 2 * B * m.act_tok;
  double bytes = weights + kv + act;
  double flop = 2 * B * (m.p_mm_body + m.p_mm_head) + 4 * B * m.L * m.H * m.dh * S;
  double t_memory = bytes / h.bw;
  double t_compute = flop / h.peak;
  double footprint_min = 2 * m.params_total + B * S * m.kv_tok;

  /* the weights dominate: 2 bytes × (70.55e9 − the 1.05e9 embedding table) */
  assert_close (weights, 2 * (70.55e9 - 128256.0 * 8192 * m.scale), 1e-12);
  assert_close (kv, 2.0 * 80 * 8 * 128 * 2 * 4097, 1e-15);

  g_assert_cmpstr (json_object_get_string_member (r, "hardware"), ==, hardware_id);
  g_assert_cmpstr (json_object_get_string_member (r, "model"), ==, "llama-3.1-70b");
  g_assert_cmpstr (json_object_get_string_member (r, "phase"), ==, "decode");
  g_assert_cmpfloat (num (r, "batch"), ==, 1);
  g_assert_cmpfloat (num (r, "context"), ==, 4096);
  g_assert_cmpfloat (num (r, "devices"), ==, 1);
  assert_close (num (r, "bytes.weights"), weights, 1e-9);
  assert_close (num (r, "bytes.kv"), kv, 1e-12);
  assert_close (num (r, "bytes.activations"), act, 1e-9);
  g_assert_cmpfloat (num (r, "bytes.activations"), <, 1e-3 * bytes);
  assert_close (num (r, "bytes.total"), bytes, 1e-9);
  assert_close (num (r, "flop"), flop, 1e-9);
  assert_close (num (r, "intensity"), flop / bytes, 1e-9);
  assert_close (num (r, "ridge"), h.peak / h.bw, 1e-12);
  assert_close (num (r, "t_memory_s"), t_memory, 1e-9);
  assert_close (num (r, "t_compute_s"), t_compute, 1e-9);
  g_assert_cmpfloat (num (r, "t_comm_s"), ==, 0);
  assert_close (num (r, "t_step_s"), t_memory, 1e-9);
  g_assert_cmpstr (json_object_get_string_member (r, "bound"), ==, "memory");
  assert_close (num (r, "tokens_per_s"), 1 / t_memory, 1e-9);
  assert_close (num (r, "mbu"), 1.0, 1e-9);
  assert_close (num (r, "mfu"), flop / (t_memory * h.peak), 1e-9);
  /* 141 GB of weights against 72 GB usable (0.9 × 80 GB): two devices */
  g_assert_cmpfloat (num (r, "footprint_bytes"), >=, footprint_min);
  g_assert_cmpfloat (num (r, "footprint_bytes"), <, footprint_min * 1.001);
  g_assert_false (json_object_get_boolean_member (r, "fits"));
  g_assert_cmpint (json_object_get_int_member (r, "min_devices"), ==,
                   (gint64) ceil (footprint_min / (0.9 * h.cap)));
  g_assert_cmpint (json_object_get_int_member (r, "min_devices"), ==, 2);
  assert_close (num (r, "usd_per_mtok"), h.price / 3600 * t_memory * 1e6, 1e-9);
}

static void
test_solve_json (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_binary (&r, "solve", "-H", "nvidia-h100-sxm", "-H", "nvidia-a100-sxm-80gb", "-m",
              "llama-3.1-70b", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  root = parse_json (r.out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_node_get_object (root), "results")),
                    ==, 2);
  check_decode_70b (result_for (root, "nvidia-h100-sxm"), "nvidia-h100-sxm");
  check_decode_70b (result_for (root, "nvidia-a100-sxm-80gb"), "nvidia-a100-sxm-80gb");
}

static void
test_solve_table (void)
{
  g_auto (Run) r = { 0 };

  run_binary (&r, "solve", "-H", "nvidia-h100-sxm", "-H", "nvidia-a100-sxm-80gb", "-m",
              "llama-3.1-70b", NULL);
  g_assert_cmpint (r.status, ==, 0);
  /* hand: 140.37 GB / 3.35 TB/s and / 2.039 TB/s */
  g_assert_nonnull (strstr (r.out, "41.90 ms"));
  g_assert_nonnull (strstr (r.out, "68.84 ms"));
  g_assert_nonnull (strstr (r.out, "295.3 FLOP/B"));
  g_assert_nonnull (strstr (r.out, "needs ≥ 2 devices"));
  g_assert_nonnull (strstr (r.out, "DOES NOT FIT"));
  g_assert_nonnull (strstr (r.out, "$31.31"));
}

/* docs/model.md test vector: H200 against H100 at B = 1 is the bandwidth
 * ratio, 4.8 / 3.35 = 1.433× the tokens per second. */
static void
test_solve_h200_vs_h100 (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_in_process (&r, "solve", "-H", "nvidia-h100-sxm", "-H", "nvidia-h200-sxm", "-m",
                  "llama-3.1-70b", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  double ratio = num (result_for (root, "nvidia-h200-sxm"), "tokens_per_s")
                 / num (result_for (root, "nvidia-h100-sxm"), "tokens_per_s");
  assert_close (ratio, 4.8 / 3.35, 1e-12);
  assert_close (ratio, 1.433, 1e-3);
}

/* Prefill: 2·B·S_in·P_body + 2·B·P_head + 2·B·L·H·d_h·S_in² (causal). */
static void
test_solve_prefill (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  Dense m = dense ("llama-3.1-8b");
  Hw h = hw ("nvidia-h100-sxm");
  const double B = 2, S = 2000;

  run_in_process (&r, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--phase",
                  "prefill", "--prompt", "2000", "-b", "2", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *o = result_for (root, "nvidia-h100-sxm");

  double flop = 2 * B * S * m.p_mm_body + 2 * B * m.p_mm_head + 2 * B * m.L * m.H * m.dh * S * S;
  assert_close (num (o, "flop"), flop, 1e-9);
  assert_close (num (o, "bytes.weights"), 2 * m.p_read, 1e-9);
  assert_close (num (o, "bytes.kv"), B * S * m.kv_tok, 1e-12);
  g_assert_cmpstr (json_object_get_string_member (o, "bound"), ==, "compute");
  assert_close (num (o, "t_compute_s"), flop / h.peak, 1e-9);
  assert_close (num (o, "t_step_s"), flop / h.peak, 1e-9);
  /* prompt tokens per second */
  assert_close (num (o, "tokens_per_s"), B * S / (flop / h.peak), 1e-9);
}

/* Tensor parallel: two ring all-reduces of B·d·2 bytes per layer. */
static void
test_solve_tensor_parallel (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  Dense m = dense ("llama-3.1-70b");
  Hw h = hw ("nvidia-h100-sxm");
  const double n = 4, B = 8;

  run_in_process (&r, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--devices", "4",
                  "-b", "8", "--overhead-us", "100", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *o = result_for (root, "nvidia-h100-sxm");

  double msg = B * m.d * 2;
  double comm = 2 * m.L * (2 * (n - 1) / n * msg / h.link + 2 * (n - 1) * h.latency);
  assert_close (num (o, "t_comm_s"), comm, 1e-9);
  assert_close (num (o, "t_memory_s"), num (o, "bytes.total") / (n * h.bw), 1e-12);
  assert_close (num (o, "t_step_s"), num (o, "t_memory_s") + comm + 100e-6, 1e-9);
  g_assert_true (json_object_get_boolean_member (o, "fits"));
  assert_close (num (o, "capacity_bytes"), n * 0.9 * h.cap, 1e-12);
  assert_close (num (o, "usd_per_mtok"), n * h.price / 3600 * num (o, "t_step_s") / B * 1e6, 1e-9);
}

static void
test_solve_breakdown (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  double flop = 0, bytes = 0;

  run_in_process (&r, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "-b", "4",
                  "--breakdown", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *o = result_for (root, "nvidia-h100-sxm");
  JsonArray *rows = json_object_get_array_member (o, "breakdown");
  g_assert_cmpuint (json_array_get_length (rows), >=, 10);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      double layers = num (row, "layers");
      /* weights and KV of every row are read; fused rows (softmax, norms)
       * add no FLOP or activation traffic of their own */
      bytes += (num (row, "bytes_weights") + num (row, "bytes_kv")) * layers;
      if (!json_object_get_boolean_member (row, "counted"))
        continue;
      flop += num (row, "flop") * layers;
      bytes += num (row, "bytes_act") * layers;
    }
  /* the rows add up to the step */
  assert_close (flop, num (o, "flop"), 1e-9);
  assert_close (bytes, num (o, "bytes.total"), 1e-9);

  g_auto (Run) t = { 0 };
  run_in_process (&t, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--breakdown",
                  NULL);
  g_assert_cmpint (t.status, ==, 0);
  g_assert_nonnull (strstr (t.out, "Per-operator breakdown"));
  g_assert_nonnull (strstr (t.out, "ffn_down"));
}

/* ---------------------------------------------------------------------- */
/* sensitivity                                                             */

static void
test_sensitivity (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_binary (&r, "sensitivity", "-H", "nvidia-a100-sxm-80gb", "-m", "llama-3.1-70b", "--json",
              NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  g_assert_cmpfloat (num (json_node_get_object (root), "step"), ==, 0.01);
  JsonObject *o = result_for (root, "nvidia-a100-sxm-80gb");

  /* decode at B = 1 is deeply memory-bound: T ∝ 1/β */
  g_assert_cmpstr (json_object_get_string_member (o, "binding"), ==, "mem_bw");
  assert_close (num (o, "elasticities.mem_bw"), -1.0, 1e-3);
  g_assert_cmpfloat (fabs (num (o, "elasticities.peak_flops")), <, 1e-3);
  g_assert_cmpfloat (num (o, "elasticities.mem_capacity"), ==, 0);
  g_assert_cmpfloat (num (o, "elasticities.interconnect_bw"), ==, 0);
  g_assert_cmpfloat (num (o, "elasticities.overhead"), ==, 0);
  assert_close (num (o, "one_sided.mem_bw.up"), -1.0, 1e-3);
  assert_close (num (o, "one_sided.mem_bw.down"), -1.0, 1e-3);
  /* every knob of the contract is there */
  static const char *const knobs[] = { "peak_flops", "mem_bw", "interconnect_bw", "overhead",
                                       "mem_capacity", "batch", "context", "bytes_per_weight" };
  for (gsize i = 0; i < G_N_ELEMENTS (knobs); i++)
    g_assert_true (json_object_has_member (json_object_get_object_member (o, "elasticities"),
                                           knobs[i]));
  /* weights are 99 % of the bytes: e ≈ weights / total */
  Dense m = dense ("llama-3.1-70b");
  double weights = 2 * m.p_read, total = weights + m.kv_tok * 4097 + 2 * m.act_tok;
  assert_close (num (o, "elasticities.bytes_per_weight"), weights / total, 1e-3);
  g_assert_false (json_object_get_boolean_member (o, "fits"));
  g_assert_cmpint (json_object_get_int_member (o, "min_devices"), ==, 2);

  g_auto (Run) t = { 0 };
  run_binary (&t, "sensitivity", "-H", "nvidia-a100-sxm-80gb", "-m", "llama-3.1-70b", NULL);
  g_assert_cmpint (t.status, ==, 0);
  g_assert_nonnull (strstr (t.out, "binding: memory bandwidth"));
  g_assert_nonnull (strstr (t.out, "needs ≥ 2 devices to fit"));
}

static void
test_sensitivity_step (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  /* compute-bound prefill: e_Π = −1 */
  run_in_process (&r, "sensitivity", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--phase",
                  "prefill", "--step", "0.1", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  g_assert_cmpfloat (num (json_node_get_object (root), "step"), ==, 0.1);
  JsonObject *o = result_for (root, "nvidia-h100-sxm");
  g_assert_cmpstr (json_object_get_string_member (o, "binding"), ==, "peak_flops");
  assert_close (num (o, "elasticities.peak_flops"), -1.0, 1e-3);
  g_assert_cmpfloat (fabs (num (o, "elasticities.mem_bw")), <, 1e-3);
}

/* ---------------------------------------------------------------------- */
/* synthesize                                                              */

static void
test_synthesize (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  Dense m = dense ("llama-3.1-70b");
  double decode_bytes = 2 * m.p_read + m.kv_tok * 4097 + 2 * m.act_tok;
  double decode_flop = 2 * (m.p_mm_body + m.p_mm_head) + 4 * m.L * m.H * m.dh * 4096;
  double prev = 0;

  run_in_process (&r, "synthesize", "-m", "llama-3.1-70b", "--itl-ms", "50", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *top = json_node_get_object (root);

  /* β_min = decode bytes / ITL: 2.81 TB/s (the notes' 2.824 counts the
   * embedding table, which decode never reads) */
  assert_close (num (top, "required.mem_bw_Bps"), decode_bytes / 0.050, 1e-9);
  assert_close (num (top, "required.peak_flops"), decode_flop / 0.050, 1e-9);
  g_assert_cmpfloat (num (top, "required.mem_bytes"), >=, 2 * m.params_total + 4096 * m.kv_tok);

  JsonArray *c = json_object_get_array_member (top, "candidates");
  /* every device of the catalog is a candidate */
  g_assert_cmpuint (json_array_get_length (c), ==,
                    json_array_get_length (json_object_get_array_member (
                      json_node_get_object (catalog_hardware), "hardware")));
  gboolean seen_failing = FALSE;
  for (guint i = 0; i < json_array_get_length (c); i++)
    {
      JsonObject *k = json_array_get_object_element (c, i);
      gboolean meets = json_object_get_boolean_member (k, "meets");
      if (!meets)
        {
          seen_failing = TRUE;
          g_assert_nonnull (json_object_get_string_member (k, "reason"));
          continue;
        }
      /* meeting candidates first, priced ones by cost per token */
      g_assert_false (seen_failing);
      g_assert_cmpfloat (num (k, "itl_s"), <=, 0.050 * (1 + 1e-9));
      if (json_node_is_null (json_object_get_member (k, "usd_per_mtok")))
        {
          prev = INFINITY;
          continue;
        }
      g_assert_cmpfloat (num (k, "usd_per_mtok"), >=, prev);
      prev = num (k, "usd_per_mtok");
      /* $/Mtok = $/h / 3600 / (batch / ITL) × 1e6 */
      assert_close (num (k, "usd_per_mtok"),
                    num (k, "usd_per_hour") / 3600 / (num (k, "batch") / num (k, "itl_s")) * 1e6,
                    1e-9);
    }
}

static void
test_synthesize_restricted (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_in_process (&r, "synthesize", "-m", "llama-3.1-70b", "--itl-ms", "50", "-H",
                  "nvidia-h100-sxm", "-H", "nvidia-h200-sxm", "--max-devices", "8", "--json",
                  NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonArray *c = json_object_get_array_member (json_node_get_object (root), "candidates");
  g_assert_cmpuint (json_array_get_length (c), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *k = json_array_get_object_element (c, i);
      g_assert_true (json_object_get_boolean_member (k, "meets"));
      /* 141 GB of weights: two devices of either */
      g_assert_cmpint (json_object_get_int_member (k, "devices"), ==, 2);
    }

  g_auto (Run) t = { 0 };
  run_in_process (&t, "synthesize", "-m", "llama-3.1-70b", "--itl-ms", "50", NULL);
  g_assert_cmpint (t.status, ==, 0);
  g_assert_nonnull (strstr (t.out, "TB/s"));
  g_assert_nonnull (strstr (t.out, "TFLOP/s"));
  g_assert_nonnull (strstr (t.out, "no ceiling at the compute precision"));
}

/* ---------------------------------------------------------------------- */
/* cost                                                                    */

static void
test_cost_balance (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  Dense m = dense ("llama-3.1-8b");
  Hw h = hw ("nvidia-h100-sxm");

  /* context 0: per sequence f FLOP and k bytes (one KV write, activations);
   * B_bal = (W/β) / (f/Π − k/β) */
  double W = 2 * m.p_read;
  double f = 2 * (m.p_mm_body + m.p_mm_head);
  double k = m.kv_tok + 2 * m.act_tok;
  double balance = (W / h.bw) / (f / h.peak - k / h.bw);

  run_in_process (&r, "cost", "-H", "nvidia-h100-sxm", "-H", "nvidia-h200-sxm", "-m",
                  "llama-3.1-8b", "--context", "0", "--batch", "1:1024", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *o = result_for (root, "nvidia-h100-sxm");
  assert_close (num (o, "balance_batch"), balance, 1e-6);
  /* near the ridge (295 FLOP/B), as I ≈ B for bf16 weights */
  g_assert_cmpfloat (balance, >, 295);
  g_assert_cmpfloat (balance, <, 400);

  JsonArray *points = json_object_get_array_member (o, "points");
  g_assert_cmpuint (json_array_get_length (points), ==, 11); /* 1 … 1024 */
  JsonObject *p1 = json_array_get_object_element (points, 0);
  g_assert_cmpfloat (num (p1, "batch"), ==, 1);
  /* at B = 1 the weights set the cost: price · W/β per token */
  assert_close (num (p1, "usd_per_mtok"), h.price / 3600 * ((W + k) / h.bw) * 1e6, 1e-9);
  assert_close (num (p1, "weights"), h.price / 3600 * (W / h.bw) * 1e6, 1e-9);
  g_assert_true (json_object_get_boolean_member (p1, "fits"));

  JsonArray *x = json_object_get_array_member (json_node_get_object (root), "crossovers");
  for (guint i = 0; i < json_array_get_length (x); i++)
    {
      JsonObject *c = json_array_get_object_element (x, i);
      g_assert_cmpstr (json_object_get_string_member (c, "a"), ==, "nvidia-h100-sxm");
      g_assert_cmpstr (json_object_get_string_member (c, "b"), ==, "nvidia-h200-sxm");
      g_assert_cmpfloat (num (c, "batch"), >=, 1);
      g_assert_cmpfloat (num (c, "batch"), <=, 1024);
    }
}

static void
test_cost_names_communication (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  /* Llama 3.1 70B on 8 L40S over PCIe 4 (31.5 GB/s, 5 µs per hop) at
   * context 256: per sequence the 160 ring all-reduces move
   * 160 · 2·7/8 · 16,384 B / 31.5e9 = 145.6 µs, against 141.7 GFLOP /
   * (8 · 362 TFLOP/s) = 48.9 µs of compute: communication binds at the
   * compute/memory balance and at every batch above it */
  run_in_process (&r, "cost", "-H", "nvidia-l40s", "-m", "llama-3.1-70b", "--devices", "8",
                  "--context", "256", "--batch", "64:4096", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *o = result_for (root, "nvidia-l40s");
  g_assert_false (json_node_is_null (json_object_get_member (o, "balance_batch")));
  g_assert_cmpstr (json_object_get_string_member (o, "balance_bound"), ==, "communication");
  g_assert_true (json_object_get_boolean_member (o, "comm_dominates"));
  g_assert_true (json_node_is_null (json_object_get_member (o, "compute_bound_batch")));
  JsonArray *points = json_object_get_array_member (o, "points");
  for (guint i = 0; i < json_array_get_length (points); i++)
    {
      JsonObject *p = json_array_get_object_element (points, i);
      /* below the balance the weight reads still bind */
      if (num (p, "batch") >= num (o, "balance_batch"))
        g_assert_cmpstr (json_object_get_string_member (p, "bound"), ==, "communication");
      /* the communication is its own term, not in the fixed part */
      g_assert_cmpfloat (num (p, "comm"), >, num (p, "compute"));
      g_assert_cmpfloat (num (p, "fixed"), ==, 0);
    }

  g_auto (Run) t = { 0 };
  run_in_process (&t, "cost", "-H", "nvidia-l40s", "-m", "llama-3.1-70b", "--devices", "8",
                  "--context", "256", NULL);
  g_assert_cmpint (t.status, ==, 0);
  g_assert_nonnull (strstr (t.out, "communication binds there and at every larger batch"));
}

static void
test_cost_never_and_default_range (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  /* 70B at context 4096 on H100: per sequence 1.34 GB of KV take 401 µs,
   * its 150 GFLOP 151 µs: batching never makes decode compute-bound */
  run_in_process (&r, "cost", "-H", "nvidia-h100-sxm", "-H", "nvidia-h200-sxm", "-m",
                  "llama-3.1-70b", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *o = result_for (root, "nvidia-h100-sxm");
  g_assert_true (json_node_is_null (json_object_get_member (o, "balance_batch")));
  JsonArray *points = json_object_get_array_member (o, "points");
  g_assert_cmpuint (json_array_get_length (points), ==, 13); /* 1, 2, … 4096 */
  g_assert_cmpfloat (num (json_array_get_object_element (points, 12), "batch"), ==, 4096);
  g_assert_true (json_object_has_member (json_node_get_object (root), "crossovers"));

  g_auto (Run) t = { 0 };
  run_in_process (&t, "cost", "-H", "nvidia-h100-sxm", "-H", "nvidia-h200-sxm", "-m",
                  "llama-3.1-70b", NULL);
  g_assert_cmpint (t.status, ==, 0);
  g_assert_nonnull (strstr (t.out, "never"));
  g_assert_nonnull (strstr (t.out, "Crossovers"));
}

static void
test_cost_no_price (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_in_process (&r, "cost", "-H", "nvidia-b300", "-H", "nvidia-h200-sxm", "-m",
                  "llama-3.1-8b", "--batch", "1:4", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.err, "nvidia-b300"));
  root = parse_json (r.out);
  JsonObject *o = result_for (root, "nvidia-b300");
  JsonObject *p = json_array_get_object_element (json_object_get_array_member (o, "points"), 0);
  g_assert_true (json_node_is_null (json_object_get_member (p, "usd_per_mtok")));
  g_assert_cmpfloat (num (p, "t_step_s"), >, 0);
  /* no priced pair: no crossover */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_node_get_object (root), "crossovers")),
                    ==, 0);
}

/* ---------------------------------------------------------------------- */
/* sweep                                                                   */

static void
test_sweep_csv (void)
{
  g_auto (Run) r = { 0 };
  g_auto (GStrv) lines = NULL;
  Hw h = hw ("nvidia-h100-sxm");
  Dense m = dense ("llama-3.1-70b");

  run_binary (&r, "sweep", "-H", "nvidia-h100-sxm", "-H", "nvidia-h200-sxm", "-m",
              "llama-3.1-70b", "--batch", "1:64", "--csv", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==,
                   "hardware,batch,context,t_step_s,tokens_per_s,intensity,bound,fits,"
                   "usd_per_mtok");
  /* 2 devices × 1, 2, 4, … 64, then the empty string after the last newline */
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 2 * 7 + 1);
  g_assert_cmpstr (lines[15], ==, "");
  for (guint i = 1; i <= 14; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 9);
      g_assert_cmpstr (f[0], ==, i <= 7 ? "nvidia-h100-sxm" : "nvidia-h200-sxm");
      g_assert_cmpfloat (g_ascii_strtod (f[1], NULL), ==, pow (2, (i - 1) % 7));
      g_assert_cmpstr (f[2], ==, "4096");
      g_assert_cmpstr (f[6], ==, "memory");
      g_assert_cmpstr (f[7], ==, "false");
    }
  /* first row = the hand-computed decode step */
  g_auto (GStrv) first = g_strsplit (lines[1], ",", -1);
  double bytes = 2 * m.p_read + m.kv_tok * 4097 + 2 * m.act_tok;
  assert_close (g_ascii_strtod (first[3], NULL), bytes / h.bw, 1e-12);
}

static void
test_sweep_json (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_in_process (&r, "sweep", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--context",
                  "128:131072", "--points", "4", "-b", "2", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *o = result_for (root, "nvidia-h100-sxm");
  JsonArray *points = json_object_get_array_member (o, "points");
  g_assert_cmpuint (json_array_get_length (points), ==, 4);
  /* log-spaced, ends included: 128, 1290, 13004, 131072 */
  g_assert_cmpfloat (num (json_array_get_object_element (points, 0), "context"), ==, 128);
  g_assert_cmpfloat (num (json_array_get_object_element (points, 3), "context"), ==, 131072);
  for (guint i = 0; i < 4; i++)
    {
      JsonObject *p = json_array_get_object_element (points, i);
      g_assert_cmpfloat (num (p, "batch"), ==, 2);
      g_assert_true (json_object_has_member (p, "usd_per_mtok"));
      g_assert_true (json_object_has_member (p, "intensity"));
    }
}

/* ---------------------------------------------------------------------- */
/* list, show, catalogs and scenarios                                      */

static void
test_list_json (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;

  run_in_process (&r, "list", "hardware", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonArray *a = json_object_get_array_member (json_node_get_object (root), "hardware");
  g_assert_cmpuint (json_array_get_length (a), ==,
                    json_array_get_length (json_object_get_array_member (
                      json_node_get_object (catalog_hardware), "hardware")));
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *o = json_array_get_object_element (a, i);
      if (!g_str_equal (json_object_get_string_member (o, "id"), "nvidia-h100-sxm"))
        continue;
      /* 989.4 TFLOP/s / 3.35 TB/s */
      assert_close (num (o, "derived.ridge.bf16"), 989.4 / 3.35, 1e-12);
      /* 0.9 × nvidia-smi's 81,559 MiB = 0.9 × 85,520,809,984 B (was 0.9 × 80e9) */
      assert_close (num (o, "derived.usable_bytes"), 0.9 * 81559.0 * 1048576.0, 1e-12);
      assert_close (num (o, "memory.bandwidth_GBps"), 3350, 0);
    }

  g_auto (Run) m = { 0 };
  run_in_process (&m, "list", "models", NULL);
  g_assert_cmpint (m.status, ==, 0);
  g_assert_nonnull (strstr (m.out, "Mixture of experts"));
  g_assert_nonnull (strstr (m.out, "327.7 kB")); /* 70B: 2·80·8·128·2 B */
}

static void
test_show (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  Dense m = dense ("llama-3.1-70b");

  run_in_process (&r, "show", "llama-3.1-70b", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonObject *o = json_object_get_object_member (json_node_get_object (root), "model");
  g_assert_cmpstr (json_object_get_string_member (o, "id"), ==, "llama-3.1-70b");
  assert_close (num (o, "derived.kv_bytes_per_token_bf16"), 327680, 1e-15);
  assert_close (num (o, "derived.params_total_derived"), m.derived_total, 1e-12);
  /* the architecture gives the published count within 2 % */
  assert_close (num (o, "derived.params_total_derived"), 70.55e9, 0.02);

  g_auto (Run) t = { 0 };
  run_in_process (&t, "show", "nvidia-h100-sxm", NULL);
  g_assert_cmpint (t.status, ==, 0);
  g_assert_nonnull (strstr (t.out, "3350 GB/s"));
  g_assert_nonnull (strstr (t.out, "295.3 FLOP/B"));
  g_assert_nonnull (strstr (t.out, "Ridge point fp8"));
}

static const char custom_catalog[] =
  "{ \"format\": \"roofline-catalog\", \"version\": 1,\n"
  "  \"hardware\": [ { \"id\": \"test-accel\", \"name\": \"Test accelerator\", \"vendor\": "
  "\"Test\",\n"
  "    \"kind\": \"gpu\", \"memory\": { \"capacity_GB\": 400, \"bandwidth_GBps\": 10000 },\n"
  "    \"compute_TFLOPS\": { \"bf16\": 2000 }, \"price_usd_per_hour\": 5,\n"
  "    \"warp_drive\": true } ] }\n";

static void
test_catalog_overlay (void)
{
  g_autofree char *path = write_temp ("roofline-cli-XXXXXX.json", custom_catalog);
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  Dense m = dense ("llama-3.1-70b");

  run_in_process (&r, "solve", "--catalog", path, "-H", "test-accel", "-H", "nvidia-h100-sxm",
                  "-m", "llama-3.1-70b", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  /* the unknown field is a warning on stderr, not a failure */
  g_assert_nonnull (strstr (r.err, "warning"));
  g_assert_nonnull (strstr (r.err, "warp_drive"));
  root = parse_json (r.out);
  JsonObject *o = result_for (root, "test-accel");
  double bytes = 2 * m.p_read + m.kv_tok * 4097 + 2 * m.act_tok;
  assert_close (num (o, "t_step_s"), bytes / 10e12, 1e-9);
  g_assert_true (json_object_get_boolean_member (o, "fits")); /* 360 GB usable */
  assert_close (num (o, "usd_per_mtok"), 5.0 / 3600 * bytes / 10e12 * 1e6, 1e-9);
  g_unlink (path);
}

static void
test_scenario (void)
{
  g_autofree char *text = g_strdup_printf (
    "{ \"format\": \"roofline-scenario\", \"version\": 1,\n"
    "  \"hardware\": [\"nvidia-h100-sxm\", \"test-accel\"],\n"
    "  \"model\": \"llama-3.1-8b\",\n"
    "  \"workload\": { \"phase\": \"decode\", \"batch\": 16, \"context\": 1000, \"prompt\": 512,\n"
    "                \"output\": 128, \"weights\": \"bf16\", \"kv\": \"bf16\",\n"
    "                \"activations\": \"bf16\", \"compute\": \"bf16\", \"devices\": 1,\n"
    "                \"overlap\": \"max\", \"overhead_us\": 0 },\n"
    "  \"sla\": { \"itl_ms\": 20 },\n"
    "  \"catalog\": %s }\n",
    custom_catalog);
  g_autofree char *path = write_temp ("roofline-scenario-XXXXXX.json", text);
  g_autoptr (JsonNode) root = NULL;

  /* the scenario's devices, model and workload */
  g_auto (Run) r = { 0 };
  run_in_process (&r, "solve", "--scenario", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  JsonArray *a = json_object_get_array_member (json_node_get_object (root), "results");
  g_assert_cmpuint (json_array_get_length (a), ==, 2);
  JsonObject *o = result_for (root, "test-accel");
  g_assert_cmpstr (json_object_get_string_member (o, "model"), ==, "llama-3.1-8b");
  g_assert_cmpfloat (num (o, "batch"), ==, 16);
  g_assert_cmpfloat (num (o, "context"), ==, 1000);
  g_clear_pointer (&root, json_node_unref);

  /* flags override; -H replaces the scenario's list */
  g_auto (Run) s = { 0 };
  run_in_process (&s, "solve", "--scenario", path, "-H", "nvidia-a100-sxm-80gb", "--batch", "2",
                  "--json", NULL);
  g_assert_cmpint (s.status, ==, 0);
  root = parse_json (s.out);
  a = json_object_get_array_member (json_node_get_object (root), "results");
  g_assert_cmpuint (json_array_get_length (a), ==, 1);
  o = result_for (root, "nvidia-a100-sxm-80gb");
  g_assert_cmpfloat (num (o, "batch"), ==, 2);
  g_assert_cmpfloat (num (o, "context"), ==, 1000);
  g_clear_pointer (&root, json_node_unref);

  /* the scenario's SLA is synthesize's default target */
  g_auto (Run) t = { 0 };
  run_in_process (&t, "synthesize", "--scenario", path, "--json", NULL);
  g_assert_cmpint (t.status, ==, 0);
  root = parse_json (t.out);
  assert_close (num (json_node_get_object (root), "sla.itl_s"), 0.020, 1e-12);
  g_unlink (path);
}

/* ---------------------------------------------------------------------- */
/* Failures                                                                */

static void
test_exit_unknown_flag (void)
{
  g_auto (Run) r = { 0 };

  run_binary (&r, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--frobnicate", NULL);
  assert_one_error_line (&r, 2);
  g_assert_nonnull (strstr (r.err, "--frobnicate"));
  /* the pointer at --help is on the same line */
  g_assert_nonnull (strstr (r.err, "(see 'roofline-cli solve --help')\n"));
  g_assert_cmpstr (r.out, ==, "");
}

static void
test_exit_unknown_id (void)
{
  g_auto (Run) r = { 0 };
  g_auto (Run) s = { 0 };

  run_binary (&r, "solve", "-H", "nvidia-h100-sxn", "-m", "llama-3.1-70b", NULL);
  assert_one_error_line (&r, 2);
  g_assert_nonnull (strstr (r.err, "did you mean"));
  g_assert_nonnull (strstr (r.err, "nvidia-h100-sxm"));

  run_binary (&s, "sensitivity", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70", NULL);
  assert_one_error_line (&s, 2);
  g_assert_nonnull (strstr (s.err, "did you mean"));
  g_assert_nonnull (strstr (s.err, "llama-3.1-70b"));
}

static void
test_exit_bad_catalog (void)
{
  g_autofree char *path = write_temp ("broken-catalog-XXXXXX.json",
                                      "{ \"format\": \"roofline-catalog\", \"version\": 1,\n"
                                      "  \"hardware\": [ { \"id\": \"x\",, } ] }\n");
  g_autofree char *base = g_path_get_basename (path);
  g_auto (Run) r = { 0 };

  run_binary (&r, "solve", "--catalog", path, "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b",
              NULL);
  assert_one_error_line (&r, 1);
  g_assert_nonnull (strstr (r.err, base));
  g_assert_cmpstr (r.out, ==, "");
  g_unlink (path);

  g_auto (Run) s = { 0 };
  run_binary (&s, "list", "hardware", "--catalog", "/nonexistent/roofline.json", NULL);
  assert_one_error_line (&s, 1);
  g_assert_nonnull (strstr (s.err, "roofline.json"));
}

static void
test_exit_work_failed (void)
{
  /* no bf16 ceiling on the Apple GPUs: the work fails (1), with a hint */
  g_auto (Run) r = { 0 };
  run_in_process (&r, "solve", "-H", "nvidia-h100-sxm", "-H", "apple-m2-ultra", "-m",
                  "llama-3.1-8b", NULL);
  assert_one_error_line (&r, 1);
  g_assert_nonnull (strstr (r.err, "apple-m2-ultra"));
  g_assert_nonnull (strstr (r.err, "--compute"));
  /* nothing half-printed */
  g_assert_cmpstr (r.out, ==, "");

  /* an ITL no overhead leaves room for */
  g_auto (Run) s = { 0 };
  run_in_process (&s, "synthesize", "-m", "llama-3.1-8b", "--itl-ms", "1", "--overhead-us",
                  "2000", NULL);
  assert_one_error_line (&s, 1);

  /* a usage error found after parsing still exits 2 */
  g_auto (Run) t = { 0 };
  run_in_process (&t, "solve", "-m", "llama-3.1-8b", NULL);
  assert_one_error_line (&t, 2);
  g_auto (Run) u = { 0 };
  run_in_process (&u, "synthesize", "-m", "llama-3.1-8b", NULL);
  assert_one_error_line (&u, 2);
}

/* ---------------------------------------------------------------------- */
/* Pipes, FIFOs and what is not a file                                     */

/* Every byte of a pipe's read end, until its writer closes it. */
static char *
drain (int fd)
{
  GString *text = g_string_new (NULL);
  char buf[4096];
  gssize n;

  while ((n = read (fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (text, buf, n);
  close (fd);
  return g_string_free (text, FALSE);
}

/* The built binary fed through a pipe, as its stdin or (`fd3`) as its file
 * descriptor 3, the way the shell's <(…) passes one. `input` is written once,
 * or with `flood` again and again until the tool closes the pipe. Returns
 * how many bytes went into the pipe. */
static gsize
run_binary_piped (Run *r, const char *input, gboolean flood, gboolean fd3, const char *first, ...)
{
  g_autoptr (GPtrArray) argv = NULL;
  g_autoptr (GError) error = NULL;
  gsize len = strlen (input), sent = 0;
  int fds[2], out_fd = -1, err_fd = -1, wait_status = 0;
  int target = 3;
  GPid pid;
  va_list ap;

  va_start (ap, first);
  argv = collect_args (cli_path (), first, ap);
  va_end (ap);

  g_assert_cmpint (pipe (fds), ==, 0);
  g_spawn_async_with_pipes_and_fds (NULL, (const char *const *) argv->pdata, NULL,
                                    G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, fd3 ? -1 : fds[0], -1,
                                    -1, fd3 ? &fds[0] : NULL, fd3 ? &target : NULL, fd3 ? 1 : 0,
                                    &pid, NULL, &out_fd, &err_fd, &error);
  g_assert_no_error (error);
  close (fds[0]);
  do
    {
      gsize done = 0;

      while (done < len)
        {
          gssize n = write (fds[1], input + done, len - done);

          if (n < 0 && errno == EINTR)
            continue;
          if (n < 0)
            {
              /* the tool closed its end: only a flood expects that */
              g_assert_cmpint (errno, ==, EPIPE);
              g_assert_true (flood);
              flood = FALSE;
              break;
            }
          done += (gsize) n;
        }
      sent += done;
    }
  while (flood);
  close (fds[1]);
  r->out = drain (out_fd);
  r->err = drain (err_fd);
  g_assert_cmpint (waitpid (pid, &wait_status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFEXITED (wait_status));
  r->status = WEXITSTATUS (wait_status);
  return sent;
}

/* `--catalog /dev/zero` read 4 GB before failing; a directory, a device
 * and a socket are refused before a byte is read, saying what they are. */
static void
test_files_not_files (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roofline-cli-XXXXXX", &error);
  g_autofree char *dir_message = g_strdup_printf ("roofline-cli: %s: is a directory, not a file\n",
                                                  dir);
  g_auto (Run) r = { 0 };
  g_auto (Run) s = { 0 };
  g_auto (Run) t = { 0 };

  g_assert_no_error (error);
  run_binary (&r, "list", "hardware", "--catalog", "/dev/zero", NULL);
  assert_one_error_line (&r, 1);
  g_assert_cmpstr (r.err, ==, "roofline-cli: /dev/zero: is a character device, not a file\n");
  g_assert_cmpstr (r.out, ==, "");

  run_binary (&s, "solve", "--scenario", "/dev/zero", NULL);
  assert_one_error_line (&s, 1);
  g_assert_cmpstr (s.err, ==, "roofline-cli: /dev/zero: is a character device, not a file\n");

  run_binary (&t, "list", "models", "--catalog", dir, NULL);
  assert_one_error_line (&t, 1);
  g_assert_cmpstr (t.err, ==, dir_message);
  g_rmdir (dir);
}

/* `yes | roofline-cli … --catalog /dev/stdin` aborted under a memory limit:
 * the tool now stops reading one byte past the limit. */
static void
test_files_stdin_flood (void)
{
  g_autoptr (GString) yes = g_string_new (NULL);
  g_auto (Run) r = { 0 };
  gsize sent;

  while (yes->len < 64 * 1024)
    g_string_append (yes, "y\n");
  sent = run_binary_piped (&r, yes->str, TRUE, FALSE, "list", "hardware", "--catalog",
                           "/dev/stdin", NULL);
  assert_one_error_line (&r, 1);
  g_assert_cmpstr (r.err, ==,
                   "roofline-cli: /dev/stdin: the pipe gives more than the limit of 67108864 "
                   "bytes\n");
  /* what went in: the 64 MiB + 1 the tool read, at most what the pipe's
   * buffer held when it closed (1 MiB at most, Linux's pipe-max-size), and
   * less than one more write of 64 KiB */
  g_test_message ("%" G_GSIZE_FORMAT " bytes sent", sent);
  g_assert_cmpuint (sent, >, 64 * 1024 * 1024);
  g_assert_cmpuint (sent, <=, 64 * 1024 * 1024 + 1 + 1024 * 1024 + 64 * 1024);
}

/* A catalog through stdin, and a scenario through <(…) (a pipe at
 * /dev/fd/3) */
static void
test_files_pipes (void)
{
  static const char scenario[] =
    "{ \"format\": \"roofline-scenario\", \"version\": 1, \"hardware\": [\"nvidia-l4\"],\n"
    "  \"model\": \"llama-3.1-8b\", \"workload\": { \"batch\": 3, \"context\": 777 } }\n";
  g_autoptr (JsonNode) root = NULL;
  g_auto (Run) r = { 0 };
  g_auto (Run) s = { 0 };
  g_auto (Run) t = { 0 };
  JsonObject *o;

  run_binary_piped (&r, custom_catalog, FALSE, FALSE, "show", "test-accel", "--json",
                    "--catalog", "/dev/stdin", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  o = json_object_get_object_member (json_node_get_object (root), "hardware");
  g_assert_cmpstr (json_object_get_string_member (o, "name"), ==, "Test accelerator");
  g_assert_cmpfloat (num (o, "memory.bandwidth_GBps"), ==, 10000);
  g_clear_pointer (&root, json_node_unref);

  run_binary_piped (&s, scenario, FALSE, TRUE, "solve", "--scenario", "/dev/fd/3", "--json", NULL);
  g_assert_cmpint (s.status, ==, 0);
  root = parse_json (s.out);
  o = result_for (root, "nvidia-l4");
  g_assert_cmpfloat (num (o, "batch"), ==, 3);
  g_assert_cmpfloat (num (o, "context"), ==, 777);

  /* an empty pipe is an empty file */
  run_binary_piped (&t, "", FALSE, FALSE, "list", "hardware", "--catalog", "/dev/stdin", NULL);
  assert_one_error_line (&t, 1);
  g_assert_cmpstr (t.err, ==, "roofline-cli: /dev/stdin:1:1: the file is empty\n");
}

/* `--catalog FIFO` blocked for ever when nothing wrote to it: the tool now
 * waits ROOF_FILE_PIPE_TIMEOUT_S (10 s) for a writer, and reads one that
 * comes. */
static void
test_files_fifo (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roofline-cli-XXXXXX", &error);
  g_autofree char *fifo = g_build_filename (dir, "catalog.json", NULL);
  g_autofree char *expected = g_strdup_printf (
    "roofline-cli: %s: nothing came through the pipe for 10 s (does any process write to it?)\n",
    fifo);
  const char *argv[] = { cli_path (), "list", "hardware", "--catalog", fifo, NULL };
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  g_auto (Run) r = { 0 };
  g_auto (Run) s = { 0 };
  int out_fd = -1, err_fd = -1, wait_status = 0, fd;
  gsize len = strlen (custom_catalog);
  GPid pid;

  g_assert_no_error (error);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  run_binary (&r, "list", "hardware", "--catalog", fifo, NULL);
  assert_one_error_line (&r, 1);
  g_assert_cmpstr (r.err, ==, expected);

  /* the tool first, then a writer */
  g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                            &pid, NULL, &out_fd, &err_fd, &error);
  g_assert_no_error (error);
  while ((fd = open (fifo, O_WRONLY | O_NONBLOCK)) < 0 && errno == ENXIO
         && g_get_monotonic_time () < end)
    g_usleep (10 * 1000);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, custom_catalog, len), ==, (gssize) len);
  close (fd);
  s.out = drain (out_fd);
  s.err = drain (err_fd);
  g_assert_cmpint (waitpid (pid, &wait_status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, 0);
  g_assert_nonnull (strstr (s.out, "test-accel"));

  g_unlink (fifo);
  g_rmdir (dir);
}

static void
test_parser_rejects_end_to_end (void)
{
  static const char *const bad[][8] = {
    { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--batch", "abc" },
    { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--batch", "-1" },
    { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--devices", "0" },
    { "sensitivity", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--step", "2" },
    { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--weights", "fp12" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_auto (Run) r = { 0 };
      run_binary (&r, bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4], bad[i][5],
                  bad[i][6], NULL);
      assert_one_error_line (&r, 2);
      g_assert_cmpstr (r.out, ==, "");
    }
}

static void
test_help (void)
{
  static const struct
  {
    const char *command;
    const char *flag;
  } cases[] = {
    { "list", "hardware|models" }, { "show", "--json" },        { "solve", "--breakdown" },
    { "sweep", "--csv" },          { "sensitivity", "--step" }, { "synthesize", "--itl-ms" },
    { "cost", "--batch A:B" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) a = { 0 };
      g_auto (Run) b = { 0 };

      run_binary (&a, cases[i].command, "--help", NULL);
      g_assert_cmpint (a.status, ==, 0);
      g_assert_cmpstr (a.err, ==, "");
      g_assert_true (g_str_has_prefix (a.out, "Usage: roofline-cli "));
      g_assert_nonnull (strstr (a.out, cases[i].flag));
      g_assert_nonnull (strstr (a.out, "--catalog"));

      run_binary (&b, "help", cases[i].command, NULL);
      g_assert_cmpint (b.status, ==, 0);
      g_assert_cmpstr (a.out, ==, b.out);
    }

  g_auto (Run) g = { 0 };
  run_binary (&g, "--help", NULL);
  g_assert_cmpint (g.status, ==, 0);
  g_assert_nonnull (strstr (g.out, "synthesize"));

  g_auto (Run) v = { 0 };
  run_binary (&v, "--version", NULL);
  g_assert_cmpint (v.status, ==, 0);
  g_assert_cmpstr (v.out, ==, "roofline-cli " PACKAGE_VERSION "\n");
}

/* JSON and CSV never follow the locale. */
static void
test_locale (void)
{
  static const char *const locales[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8",
                                         "fr_FR.utf8", "ru_RU.UTF-8", NULL };
  const char *found = NULL;
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));

  for (guint i = 0; locales[i] != NULL && found == NULL; i++)
    if (setlocale (LC_NUMERIC, locales[i]) != NULL)
      found = locales[i];
  if (found == NULL)
    {
      g_test_skip ("no locale with a decimal comma installed");
      return;
    }

  g_auto (Run) r = { 0 };
  run_in_process (&r, "sweep", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--batch", "1:2",
                  "--csv", NULL);
  g_auto (Run) j = { 0 };
  run_in_process (&j, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", "--json", NULL);
  g_auto (Run) t = { 0 };
  run_in_process (&t, "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-8b", NULL);
  setlocale (LC_NUMERIC, saved);

  g_assert_cmpint (r.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL && *lines[i]; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 9);
    }
  g_autoptr (JsonNode) root = parse_json (j.out);
  g_assert_cmpfloat (num (result_for (root, "nvidia-h100-sxm"), "ridge"), >, 295.3);
  g_assert_nonnull (strstr (t.out, "ms"));
  g_assert_null (strstr (t.out, ",5"));
}

/* ---------------------------------------------------------------------- */

/* ---------------------------------------------------------------------- */
/* Systems and layouts (issue 12)                                          */

static double
member_or (JsonObject *o, const char *path, double fallback)
{
  g_auto (GStrv) parts = g_strsplit (path, ".", -1);
  for (guint i = 0; parts[i + 1] != NULL; i++)
    {
      if (!json_object_has_member (o, parts[i]))
        return fallback;
      o = json_object_get_object_member (o, parts[i]);
    }
  if (!json_object_has_member (o, parts[g_strv_length (parts) - 1])
      || json_object_get_null_member (o, parts[g_strv_length (parts) - 1]))
    return fallback;
  return json_object_get_double_member (o, parts[g_strv_length (parts) - 1]);
}

/* every layout flag reaches the workload and the results */
static void
test_rack_flags (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  JsonObject *w, *res;

  run_in_process (&r, "solve", "--system", "nvidia-gb200-nvl72", "-m", "deepseek-v3", "--tp", "2",
                  "--devices", "2", "--ep", "4", "--pp", "2", "--dp", "3", "--attention", "tensor",
                  "--ep-imbalance", "1.5", "--microbatches", "4", "--weights", "fp8", "--json",
                  NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  w = json_object_get_object_member (json_node_get_object (root), "workload");
  g_assert_cmpfloat (num (w, "devices"), ==, 2);
  g_assert_cmpfloat (num (w, "layout.tp"), ==, 2);
  g_assert_cmpfloat (num (w, "layout.ep"), ==, 4);
  g_assert_cmpfloat (num (w, "layout.pp"), ==, 2);
  g_assert_cmpfloat (num (w, "layout.dp"), ==, 3);
  g_assert_cmpfloat (num (w, "layout.devices"), ==, 2 * 4 * 2 * 3);
  g_assert_cmpstr (json_object_get_string_member (w, "attention"), ==, "tensor");
  g_assert_cmpfloat (num (w, "ep_imbalance"), ==, 1.5);
  g_assert_cmpfloat (num (w, "microbatches"), ==, 4);

  res = result_for (root, "nvidia-gb200-nvl72");
  g_assert_cmpfloat (num (res, "layout.devices"), ==, 48);
  /* DP copies the replica: all replicas make 3 × its tokens, per device
   * 1/48 of that */
  assert_close (num (res, "tokens_per_s_total"), 3 * num (res, "tokens_per_s"), 1e-12);
  assert_close (num (res, "tokens_per_s_per_device"), 3 * num (res, "tokens_per_s") / 48, 1e-12);
  /* the collectives add up to t_comm */
  assert_close (num (res, "comm.all_reduce_s") + num (res, "comm.all_to_all_s")
                  + num (res, "comm.p2p_s"),
                num (res, "t_comm_s"), 1e-12);
  /* docs/model.md, "Layouts": tensor-parallel attention all-reduces over
   * the tp·ep devices, which also combines the experts: no all-to-all */
  g_assert_cmpfloat (num (res, "comm.all_reduce_s"), >, 0);
  g_assert_cmpfloat (num (res, "comm.all_to_all_s"), ==, 0);
  g_assert_cmpfloat (num (res, "comm.p2p_s"), >, 0); /* PP 2 */
  {
    /* data-parallel attention dispatches and combines over EP instead */
    g_auto (Run) d = { 0 };
    g_autoptr (JsonNode) droot = NULL;
    JsonObject *dres;
    run_in_process (&d, "solve", "--system", "nvidia-gb200-nvl72", "-m", "deepseek-v3", "--tp",
                    "2", "--ep", "4", "--pp", "2", "--attention", "data", "--json", NULL);
    g_assert_cmpint (d.status, ==, 0);
    droot = parse_json (d.out);
    dres = result_for (droot, "nvidia-gb200-nvl72");
    g_assert_cmpfloat (num (dres, "comm.all_reduce_s"), >, 0); /* TP 2 */
    g_assert_cmpfloat (num (dres, "comm.all_to_all_s"), >, 0); /* EP 4 */
    g_assert_cmpfloat (num (dres, "comm.p2p_s"), >, 0);        /* PP 2 */
  }
  /* the heading says the layout */
  g_auto (Run) t = { 0 };
  run_in_process (&t, "solve", "--system", "nvidia-gb200-nvl72", "-m", "deepseek-v3", "--tp", "2",
                  "--ep", "4", "--pp", "2", "--dp", "3", "--attention", "tensor", NULL);
  g_assert_cmpint (t.status, ==, 0);
  g_assert_nonnull (strstr (t.out, "TP 2 × EP 4 × PP 2 × DP 3 = 48 devices, tensor-parallel "
                                   "attention"));
  g_assert_nonnull (strstr (t.out, "2×4×2×3"));
}

/* docs/model.md, "Rack scale: DeepSeek-V3 on a GB200 NVL72", by hand: the
 * GPU holding the one sequence reads every weight that is not a routed
 * expert and one routed expert per MoE layer, its KV and activations, then
 * dispatches and combines its token over NVLink. */
static void
test_rack_nvl72 (void)
{
  JsonObject *gpu = entry (catalog_hardware, "hardware", "nvidia-gb200-per-gpu");
  JsonObject *nvl = entry (catalog_systems, "systems", "nvidia-gb200-nvl72");
  JsonObject *ds = entry (catalog_models, "models", "deepseek-v3");
  const double hbm = num (gpu, "memory.bandwidth_GBps") * 1e9; /* 8e12 */
  const double fp8 = num (gpu, "compute_TFLOPS.fp8") * 1e12;   /* 5e15 */
  const double up = num (nvl, "scaleup.bandwidth_GBps") * 1e9; /* 9e11 per direction */
  const double lat = num (nvl, "scaleup.latency_us") * 1e-6;   /* 1 µs */
  const double d = num (ds, "hidden"), V = num (ds, "vocab"), L = num (ds, "layers");
  const double E = num (ds, "moe.experts"), k = num (ds, "moe.experts_per_token");
  const double moe_layers = L - num (ds, "moe.dense_layers");
  const double p_expert = 3 * d * num (ds, "moe.expert_ffn");
  const double latent = num (ds, "mla.kv_lora_rank") + num (ds, "mla.rope_dim");
  /* the derived total of docs/model.md, scaled to the published 671e9 */
  const double derived = 671026404352.0;
  const double scale = num (ds, "params_total") / derived;
  const double non_expert = (derived - V * d - moe_layers * E * p_expert) * scale;
  const double routed = moe_layers * p_expert * scale; /* one expert per MoE layer */
  const double kv = 2 * L * latent;                     /* fp8: one cached token read, one written */
  const double act = 52983296.0;                        /* docs/model.md, step 3 */
  const double t_memory = (non_expert + routed + kv + act) / hbm;
  /* dispatch and combine: the token's k copies of d bf16 values */
  const double a2a = 2 * moe_layers * ((71.0 / 72.0) * k * d * 2 / up + lat);
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  JsonObject *res;

  assert_close (non_expert, 16190317395.0, 1e-10);
  assert_close (t_memory, 2.3497e-3, 1e-4);
  assert_close (a2a, 0.1306e-3, 1e-3);

  run_in_process (&r, "solve", "--system", "nvidia-gb200-nvl72", "-m", "deepseek-v3", "--ep",
                  "72", "--weights", "fp8", "--kv", "fp8", "--compute", "fp8", "-b", "1",
                  "--context", "1", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  /* EP 72 does not divide 256 experts: served, with a note */
  g_assert_nonnull (strstr (r.err, "note: --ep 72 does not divide the 256 routed experts"));
  root = parse_json (r.out);
  res = result_for (root, "nvidia-gb200-nvl72");
  g_assert_cmpfloat (num (res, "layout.tp"), ==, 1);
  g_assert_cmpfloat (num (res, "layout.ep"), ==, 72);
  g_assert_cmpfloat (num (res, "layout.pp"), ==, 1);
  g_assert_cmpfloat (num (res, "layout.dp"), ==, 1);
  g_assert_cmpfloat (num (res, "layout.devices"), ==, 72);
  assert_close (num (res, "t_memory_s"), t_memory, 1e-6);
  assert_close (num (res, "t_compute_s"), 36954202863.0 / fp8, 1e-6);
  g_assert_cmpfloat (num (res, "comm.all_reduce_s"), ==, 0); /* TP 1 */
  g_assert_cmpfloat (num (res, "comm.p2p_s"), ==, 0);        /* PP 1 */
  assert_close (num (res, "comm.all_to_all_s"), a2a, 1e-9);
  assert_close (num (res, "t_comm_s"), a2a, 1e-9);
  assert_close (num (res, "t_step_s"), t_memory + a2a, 1e-6);
  assert_close (num (res, "t_step_s"), 2.4803e-3, 1e-4);
  /* well under the 17 ms a ring all-reduce over 72 devices charged */
  g_assert_cmpfloat (num (res, "t_step_s"), <, 17e-3 / 5);
  g_assert_cmpstr (json_object_get_string_member (res, "bound"), ==, "memory");
  assert_close (num (res, "tokens_per_s"), 1 / (t_memory + a2a), 1e-6);

  /* the table shows the layout and the split */
  g_auto (Run) t = { 0 };
  run_in_process (&t, "solve", "--system", "nvidia-gb200-nvl72", "-m", "deepseek-v3", "--ep",
                  "72", "--weights", "fp8", "--kv", "fp8", "--compute", "fp8", "-b", "1",
                  "--context", "1", NULL);
  g_assert_cmpint (t.status, ==, 0);
  g_assert_nonnull (strstr (t.out, "TP 1 × EP 72 = 72 devices"));
  g_assert_nonnull (strstr (t.out, "1×72×1×1"));
  g_assert_nonnull (strstr (t.out, "  all-to-all"));
  g_assert_nonnull (strstr (t.out, "130.6 µs"));
  g_assert_nonnull (strstr (t.out, "2.480 ms"));
}

/* a system and a bare device side by side, in the order given */
static void
test_rack_system_beside_device (void)
{
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  JsonArray *a;

  run_in_process (&r, "solve", "-H", "nvidia-h200-sxm", "--system", "nvidia-hgx-h200", "-m",
                  "llama-3.1-70b", "--tp", "8", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  a = json_object_get_array_member (json_node_get_object (root), "results");
  g_assert_cmpuint (json_array_get_length (a), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (a, 0),
                                                  "hardware"), ==, "nvidia-h200-sxm");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (a, 1),
                                                  "hardware"), ==, "nvidia-hgx-h200");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (a, 1),
                                                  "device"), ==, "nvidia-h200-sxm");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (a, 1),
                                                  "system"), ==, "nvidia-hgx-h200");
  g_assert_true (json_object_get_null_member (json_array_get_object_element (a, 0), "system"));
  /* the same memory traffic; the system's switch reduces in the network
   * where the bare device's link runs a ring: less communication */
  {
    JsonObject *bare = json_array_get_object_element (a, 0);
    JsonObject *sys = json_array_get_object_element (a, 1);
    assert_close (num (sys, "t_memory_s"), num (bare, "t_memory_s"), 1e-12);
    g_assert_cmpfloat (num (sys, "comm.all_reduce_s"), <, num (bare, "comm.all_reduce_s"));
    /* the system's price per device-hour: the HGX price / 8, × 8 devices */
    assert_close (num (sys, "usd_per_hour"),
                  num (entry (catalog_systems, "systems", "nvidia-hgx-h200"),
                       "price_usd_per_hour"),
                  1e-12);
  }

  /* cost and sweep take the system too, at its price */
  g_auto (Run) c = { 0 };
  g_autoptr (JsonNode) croot = NULL;
  run_in_process (&c, "cost", "--system", "nvidia-hgx-h200", "-m", "llama-3.1-70b", "--tp", "8",
                  "--batch", "1:4", "--json", NULL);
  g_assert_cmpint (c.status, ==, 0);
  croot = parse_json (c.out);
  JsonObject *cr = result_for (croot, "nvidia-hgx-h200");
  assert_close (num (cr, "usd_per_hour"),
                num (entry (catalog_systems, "systems", "nvidia-hgx-h200"), "price_usd_per_hour"),
                1e-12);
  g_auto (Run) w = { 0 };
  run_in_process (&w, "sweep", "--system", "nvidia-hgx-h200", "-m", "llama-3.1-70b", "--tp", "8",
                  "--batch", "1:4", "--csv", NULL);
  g_assert_cmpint (w.status, ==, 0);
  g_assert_nonnull (strstr (w.out, "\nnvidia-hgx-h200,1,4096,"));
}

/* a version-2 scenario: its layout.system is a column before its devices,
 * its layout the workload's; flags replace both */
static void
test_rack_scenario (void)
{
  g_autofree char *path = write_temp (
    "rack-XXXXXX.roofline",
    "{ \"format\": \"roofline-scenario\", \"version\": 2,\n"
    "  \"hardware\": [\"nvidia-h200-sxm\"], \"model\": \"deepseek-v3\",\n"
    "  \"workload\": { \"batch\": 4, \"weights\": \"fp8\" },\n"
    "  \"layout\": { \"system\": \"nvidia-gb200-nvl72\", \"tp\": 1, \"ep\": 64, "
    "\"dp\": 2 } }\n");
  g_auto (Run) r = { 0 };
  g_auto (Run) f = { 0 };
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (JsonNode) froot = NULL;
  JsonArray *a;

  run_in_process (&r, "solve", "--scenario", path, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  a = json_object_get_array_member (json_node_get_object (root), "results");
  g_assert_cmpuint (json_array_get_length (a), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (a, 0),
                                                  "hardware"), ==, "nvidia-gb200-nvl72");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (a, 1),
                                                  "hardware"), ==, "nvidia-h200-sxm");
  g_assert_cmpfloat (num (json_array_get_object_element (a, 0), "layout.devices"), ==, 128);

  run_in_process (&f, "solve", "--scenario", path, "--system", "nvidia-hgx-h200", "--ep", "8",
                  "--dp", "1", "--json", NULL);
  g_assert_cmpint (f.status, ==, 0);
  froot = parse_json (f.out);
  a = json_object_get_array_member (json_node_get_object (froot), "results");
  g_assert_cmpuint (json_array_get_length (a), ==, 1);
  g_assert_cmpfloat (num (json_array_get_object_element (a, 0), "layout.ep"), ==, 8);
  g_assert_cmpfloat (num (json_array_get_object_element (a, 0), "batch"), ==, 4);
  g_unlink (path);
}

/* layouts over an HGX H200 and a GB200 NVL72 at an ITL of 50 ms */
static void
test_rack_layouts (void)
{
  JsonObject *hgx = entry (catalog_systems, "systems", "nvidia-hgx-h200");
  JsonObject *nvl = entry (catalog_systems, "systems", "nvidia-gb200-nvl72");
  const double hgx_usd_per_device_s = num (hgx, "price_usd_per_hour") / num (hgx, "devices")
                                      / 3600;
  const double nvl_usd_per_device_s = num (nvl, "price_usd_per_hour") / num (nvl, "devices")
                                      / 3600;
  g_auto (Run) r = { 0 };
  g_autoptr (JsonNode) root = NULL;
  JsonArray *a;
  guint n, seen_hgx = 0, seen_nvl = 0, priced = 0;
  double last = 0;
  gboolean unpriced_seen = FALSE;

  run_in_process (&r, "layouts", "-m", "deepseek-v3", "--system", "nvidia-hgx-h200", "--system",
                  "nvidia-gb200-nvl72", "--weights", "fp8", "--kv", "fp8", "--compute", "fp8",
                  "--itl-ms", "50", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  a = json_object_get_array_member (json_node_get_object (root), "layouts");
  n = json_array_get_length (a);
  g_assert_cmpuint (n, >, 10);
  g_assert_cmpfloat (num (json_node_get_object (root), "count"), ==, n);
  for (guint i = 0; i < n; i++)
    {
      JsonObject *o = json_array_get_object_element (a, i);
      const char *sys = json_object_get_string_member (o, "system");
      double tp = num (o, "layout.tp"), ep = num (o, "layout.ep"), pp = num (o, "layout.pp");
      double dp = num (o, "layout.dp"), devices = num (o, "layout.devices");
      double batch = num (o, "batch"), itl = num (o, "itl_s"), tps = num (o, "tokens_per_s");
      double usd = member_or (o, "usd_per_mtok", -1);

      g_assert_true (json_object_get_boolean_member (o, "fits"));
      g_assert_true (json_object_get_boolean_member (o, "meets"));
      g_assert_cmpfloat (itl, <=, 0.050);
      g_assert_cmpfloat (devices, ==, tp * ep * pp * dp);
      g_assert_cmpfloat (batch, >=, 1);
      g_assert_cmpfloat (batch, <=, 4096);
      /* every replica decodes its batch once per ITL */
      assert_close (tps, dp * batch / itl, 1e-9);
      assert_close (num (o, "tokens_per_s_per_device"), tps / devices, 1e-12);
      if (g_str_equal (sys, "nvidia-hgx-h200"))
        {
          seen_hgx++;
          g_assert_cmpstr (json_object_get_string_member (o, "device"), ==, "nvidia-h200-sxm");
          g_assert_cmpfloat (devices, <=, 8);
          /* the used devices' share of the system price, per million tokens */
          assert_close (usd, devices * hgx_usd_per_device_s / tps * 1e6, 1e-9);
          /* power: 10.2 kW for 8 GPUs */
          assert_close (num (o, "tokens_per_s_per_kw"),
                        tps / (devices * num (hgx, "power_W") / num (hgx, "devices") / 1e3),
                        1e-9);
        }
      else
        {
          g_assert_cmpstr (sys, ==, "nvidia-gb200-nvl72");
          seen_nvl++;
          g_assert_cmpfloat (devices, <=, 72);
          assert_close (usd, devices * nvl_usd_per_device_s / tps * 1e6, 1e-9);
        }
      /* sorted by usd_per_mtok, the unpriced (null) after the priced */
      if (usd >= 0)
        {
          g_assert_false (unpriced_seen);
          g_assert_cmpfloat (usd, >=, last);
          last = usd;
          priced++;
        }
      else
        unpriced_seen = TRUE;
    }
  g_assert_cmpuint (seen_hgx, >, 0);
  g_assert_cmpuint (seen_nvl, >, 0);
  g_assert_cmpuint (priced, >, 0);
  /* EP 72 on the NVL72 is among them (the replica filling the rack) */
  {
    gboolean ep72 = FALSE;
    for (guint i = 0; i < n; i++)
      {
        JsonObject *o = json_array_get_object_element (a, i);
        ep72 = ep72 || (num (o, "layout.ep") == 72 && num (o, "layout.tp") == 1);
      }
    g_assert_true (ep72);
  }
  /* both systems have a price: every row is ranked by it */
  g_assert_false (unpriced_seen);
  g_assert_cmpuint (priced, ==, n);
  g_assert_null (strstr (r.err, "has no price"));

  /* a system without a price (nor its GPU) ranks after the priced, with a note */
  {
    g_auto (Run) u = { 0 };
    g_autoptr (JsonNode) unpriced = NULL;
    JsonArray *rows;
    gboolean after = FALSE;

    run_in_process (&u, "layouts", "-m", "deepseek-v3", "--system", "nvidia-hgx-h200",
                    "--system", "nvidia-gb300-nvl72", "--weights", "fp8", "--kv", "fp8",
                    "--compute", "fp8", "--itl-ms", "50", "--json", NULL);
    unpriced = parse_json (u.out);
    rows = json_object_get_array_member (json_node_get_object (unpriced), "layouts");
    for (guint i = 0; i < json_array_get_length (rows); i++)
      {
        JsonObject *o = json_array_get_object_element (rows, i);
        gboolean has = member_or (o, "usd_per_mtok", -1) >= 0;

        g_assert_true (has || g_str_equal (json_object_get_string_member (o, "system"),
                                           "nvidia-gb300-nvl72"));
        g_assert_false (has && after);
        after = after || !has;
      }
    g_assert_true (after);
    g_assert_nonnull (strstr (u.err, "nvidia-gb300-nvl72 has no price"));
  }

  /* --top 3: the first three of the same order */
  g_auto (Run) t = { 0 };
  g_autoptr (JsonNode) top = NULL;
  run_in_process (&t, "layouts", "-m", "deepseek-v3", "--system", "nvidia-hgx-h200", "--system",
                  "nvidia-gb200-nvl72", "--weights", "fp8", "--kv", "fp8", "--compute", "fp8",
                  "--itl-ms", "50", "--json", "--top", "3", NULL);
  top = parse_json (t.out);
  JsonArray *b = json_object_get_array_member (json_node_get_object (top), "layouts");
  g_assert_cmpuint (json_array_get_length (b), ==, 3);
  for (guint i = 0; i < 3; i++)
    assert_close (num (json_array_get_object_element (b, i), "usd_per_mtok"),
                  num (json_array_get_object_element (a, i), "usd_per_mtok"), 0);
}

static void
test_rack_layouts_text (void)
{
  g_auto (Run) r = { 0 };
  g_auto (Run) c = { 0 };
  g_auto (Run) e = { 0 };
  g_auto (GStrv) lines = NULL;

  run_binary (&r, "layouts", "-m", "deepseek-v3", "--system", "nvidia-hgx-h200", "--weights",
              "fp8", "--compute", "fp8", "--itl-ms", "50", "--top", "4", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Targets: ITL ≤ 50.00 ms"));
  g_assert_nonnull (strstr (r.out, "TP×EP×PP×DP"));
  g_assert_nonnull (strstr (r.out, "$/Mtok"));
  g_assert_nonnull (strstr (r.out, "The cheapest 4 of "));
  g_assert_nonnull (strstr (r.out, "\n1  nvidia-hgx-h200"));
  g_assert_nonnull (strstr (r.out, "\n4  nvidia-hgx-h200"));
  g_assert_null (strstr (r.out, "\n5  "));

  run_binary (&c, "layouts", "-m", "deepseek-v3", "--system", "nvidia-hgx-h200", "--weights",
              "fp8", "--compute", "fp8", "--itl-ms", "50", "--csv", NULL);
  g_assert_cmpint (c.status, ==, 0);
  lines = g_strsplit (c.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "system,tp,ep,pp,dp,devices,batch,itl_s,ttft_s,tokens_per_s,"
                                 "tokens_per_s_per_device,tokens_per_s_per_kw,usd_per_mtok,bound,"
                                 "fits,meets");
  g_assert_true (g_str_has_prefix (lines[1], "nvidia-hgx-h200,"));
  g_assert_true (g_str_has_suffix (lines[1], ",true,true"));

  /* --every-batch: more rows, one per batch */
  run_in_process (&e, "layouts", "-m", "llama-3.1-8b", "-H", "nvidia-h100-sxm", "--itl-ms",
                  "20", "--every-batch", "--csv", NULL);
  g_assert_cmpint (e.status, ==, 0);
  g_assert_cmpuint (count_lines (e.out), >, 4096);
}

static void
test_rack_systems (void)
{
  JsonObject *h200 = entry (catalog_hardware, "hardware", "nvidia-h200-sxm");
  g_auto (Run) l = { 0 };
  g_auto (Run) j = { 0 };
  g_auto (Run) s = { 0 };
  g_auto (Run) sj = { 0 };
  g_autoptr (JsonNode) list = NULL;
  g_autoptr (JsonNode) one = NULL;
  JsonArray *a;

  run_in_process (&l, "list", "systems", NULL);
  g_assert_cmpint (l.status, ==, 0);
  g_assert_nonnull (strstr (l.out, "nvidia-gb200-nvl72"));
  g_assert_nonnull (strstr (l.out, "nvidia-gb200-per-gpu × 72"));
  g_assert_nonnull (strstr (l.out, "amd-mi355x-platform"));

  run_in_process (&j, "list", "systems", "--json", NULL);
  g_assert_cmpint (j.status, ==, 0);
  list = parse_json (j.out);
  a = json_object_get_array_member (json_node_get_object (list), "systems");
  g_assert_cmpuint (json_array_get_length (a), ==,
                    json_array_get_length (json_object_get_array_member (
                      json_node_get_object (catalog_systems), "systems")));

  run_in_process (&s, "show", "nvidia-hgx-h200", NULL);
  g_assert_cmpint (s.status, ==, 0);
  g_assert_nonnull (strstr (s.out, "nvidia-hgx-h200 — "));
  g_assert_nonnull (strstr (s.out, "Derived (totals over the devices)"));
  g_assert_nonnull (strstr (s.out, "38.40 TB/s")); /* 8 × 4.8 TB/s */

  run_in_process (&sj, "show", "nvidia-hgx-h200", "--json", NULL);
  g_assert_cmpint (sj.status, ==, 0);
  one = parse_json (sj.out);
  JsonObject *sys = json_object_get_object_member (json_node_get_object (one), "system");
  g_assert_cmpstr (json_object_get_string_member (sys, "device"), ==, "nvidia-h200-sxm");
  assert_close (num (sys, "derived.mem_capacity_bytes"),
                8 * num (h200, "memory.capacity_GiB") * 1073741824.0, 1e-12);
  assert_close (num (sys, "derived.power_w_per_device"), 10200.0 / 8, 1e-12);
  assert_close (num (sys, "derived.usd_per_device_hour"), num (sys, "price_usd_per_hour") / 8,
                1e-12);
}

/* each bad layout: one line naming the flag */
static void
test_rack_errors (void)
{
  static const char catalog[]
      = "{ \"format\": \"roofline-catalog\", \"version\": 2,\n"
        "  \"hardware\": [ { \"id\": \"lonely\", \"name\": \"No link\",\n"
        "      \"memory\": { \"capacity_GB\": 80, \"bandwidth_GBps\": 2000 },\n"
        "      \"compute_TFLOPS\": { \"bf16\": 500 } } ],\n"
        "  \"systems\": [ { \"id\": \"island-8\", \"name\": \"8 H100, no scale-out\",\n"
        "      \"device\": \"nvidia-h100-sxm\", \"devices\": 8,\n"
        "      \"scaleup\": { \"bandwidth_GBps\": 450 } } ] }\n";
  g_autofree char *path = write_temp ("rack-catalog-XXXXXX.json", catalog);
  static const struct
  {
    int status;
    const char *args[14];
    const char *in_message;
  } cases[] = {
    { 2, { "solve", "-H", "nvidia-h100-sxm", "-m", "llama-3.1-70b", "--ep", "2" },
      "--ep 2: llama-3.1-70b is dense" },
    { 2, { "solve", "--system", "nvidia-gb200-nvl72", "-m", "deepseek-v3", "--ep", "512" },
      "--ep 512 exceeds the 256 routed experts" },
    { 2, { "solve", "--system", "nvidia-gb200-nvl72", "-m", "deepseek-v3", "--pp", "64" },
      "--pp 64: deepseek-v3 has only 61 layers" },
    { 2, { "solve", "--system", "island-8", "-m", "llama-3.1-70b", "--tp", "4", "--pp", "4",
           "--catalog", "@" },
      "--tp 4 × --pp 4 = 16 devices: more devices per replica than the 8 of island-8, which "
      "has no scale-out network" },
    { 1, { "solve", "-H", "lonely", "-m", "llama-3.1-8b", "--tp", "2", "--catalog", "@" },
      "--tp 2: lonely has no interconnect bandwidth" },
    /* the solver's rule, said of the flags: a group spanning domains fills
     * them (EP 12 on 8-GPU systems would leave a domain half used) */
    { 2, { "solve", "--system", "nvidia-hgx-h200", "-m", "deepseek-v3", "--ep", "12" },
      "--ep 12: nvidia-hgx-h200: tp·ep = 12 devices span scale-up domains of 8 without filling "
      "them" },
    { 2, { "solve", "--system", "nvidia-gb200-nv", "-m", "deepseek-v3" },
      "no system with id \"nvidia-gb200-nv\"; did you mean \"nvidia-gb200-nvl72\"?" },
    { 2, { "layouts", "--system", "nvidia-hgx-h20", "-m", "deepseek-v3" },
      "did you mean \"nvidia-hgx-h200\"" },
    { 2, { "solve", "--system", "nvidia-hgx-h200", "-m", "deepseek-v3", "--tp", "0" }, "--tp" },
    { 2, { "solve", "--system", "nvidia-hgx-h200", "-m", "deepseek-v3", "--tp", "4", "--devices",
           "8" },
      "--devices 8 contradicts --tp 4" },
    { 2, { "solve", "--system", "nvidia-hgx-h200", "-m", "deepseek-v3", "--ep-imbalance",
           "0.5" },
      "--ep-imbalance" },
    { 2, { "layouts", "-m", "deepseek-v3" }, "--system ID" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GPtrArray) argv = g_ptr_array_new ();
      g_auto (Run) r = { 0 };
      int wait_status = 0;
      g_autoptr (GError) error = NULL;

      g_ptr_array_add (argv, (gpointer) cli_path ());
      for (gsize k = 0; k < G_N_ELEMENTS (cases[i].args) && cases[i].args[k] != NULL; k++)
        g_ptr_array_add (argv, (gpointer) (g_str_equal (cases[i].args[k], "@")
                                             ? path
                                             : cases[i].args[k]));
      g_ptr_array_add (argv, NULL);
      g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r.out,
                    &r.err, &wait_status, &error);
      g_assert_no_error (error);
      r.status = WEXITSTATUS (wait_status);
      if (strstr (r.err, cases[i].in_message) == NULL)
        g_error ("case %" G_GSIZE_FORMAT ": \"%s\" lacks \"%s\"", i, r.err,
                 cases[i].in_message);
      assert_one_error_line (&r, cases[i].status);
      g_assert_cmpstr (r.out, ==, "");
    }
  g_unlink (path);
}

static JsonNode *
load_catalog_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "catalog", name,
                                                 NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return parse_json (text);
}

int
main (int argc, char **argv)
{
  int status;

  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  /* a flooded pipe's reader goes away: a failed write, not a signal */
  signal (SIGPIPE, SIG_IGN);

  catalog_hardware = load_catalog_file ("hardware.json");
  catalog_models = load_catalog_file ("models.json");
  catalog_systems = load_catalog_file ("systems.json");

  g_test_add_func ("/cli/solve/json", test_solve_json);
  g_test_add_func ("/cli/solve/table", test_solve_table);
  g_test_add_func ("/cli/solve/h200-vs-h100", test_solve_h200_vs_h100);
  g_test_add_func ("/cli/solve/prefill", test_solve_prefill);
  g_test_add_func ("/cli/solve/tensor-parallel", test_solve_tensor_parallel);
  g_test_add_func ("/cli/solve/breakdown", test_solve_breakdown);
  g_test_add_func ("/cli/sensitivity/memory-bound", test_sensitivity);
  g_test_add_func ("/cli/sensitivity/compute-bound", test_sensitivity_step);
  g_test_add_func ("/cli/synthesize/catalog", test_synthesize);
  g_test_add_func ("/cli/synthesize/restricted", test_synthesize_restricted);
  g_test_add_func ("/cli/cost/balance", test_cost_balance);
  g_test_add_func ("/cli/cost/names-communication", test_cost_names_communication);
  g_test_add_func ("/cli/cost/never", test_cost_never_and_default_range);
  g_test_add_func ("/cli/cost/no-price", test_cost_no_price);
  g_test_add_func ("/cli/sweep/csv", test_sweep_csv);
  g_test_add_func ("/cli/sweep/json", test_sweep_json);
  g_test_add_func ("/cli/list/json", test_list_json);
  g_test_add_func ("/cli/show", test_show);
  g_test_add_func ("/cli/catalog/overlay", test_catalog_overlay);
  g_test_add_func ("/cli/scenario", test_scenario);
  g_test_add_func ("/cli/exit/unknown-flag", test_exit_unknown_flag);
  g_test_add_func ("/cli/exit/unknown-id", test_exit_unknown_id);
  g_test_add_func ("/cli/exit/bad-catalog", test_exit_bad_catalog);
  g_test_add_func ("/cli/exit/work-failed", test_exit_work_failed);
  g_test_add_func ("/cli/exit/parser-rejects", test_parser_rejects_end_to_end);
  g_test_add_func ("/cli/files/not-files", test_files_not_files);
  g_test_add_func ("/cli/files/stdin-flood", test_files_stdin_flood);
  g_test_add_func ("/cli/files/pipes", test_files_pipes);
  g_test_add_func ("/cli/files/fifo", test_files_fifo);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/locale", test_locale);
  g_test_add_func ("/cli/rack/flags-reach-the-workload", test_rack_flags);
  g_test_add_func ("/cli/rack/nvl72-deepseek-ep72", test_rack_nvl72);
  g_test_add_func ("/cli/rack/system-beside-device", test_rack_system_beside_device);
  g_test_add_func ("/cli/rack/scenario-system", test_rack_scenario);
  g_test_add_func ("/cli/rack/layouts-h200-vs-nvl72", test_rack_layouts);
  g_test_add_func ("/cli/rack/layouts-csv-and-table", test_rack_layouts_text);
  g_test_add_func ("/cli/rack/list-and-show-systems", test_rack_systems);
  g_test_add_func ("/cli/rack/bad-layouts", test_rack_errors);

  status = g_test_run ();
  json_node_unref (catalog_hardware);
  json_node_unref (catalog_models);
  return status;
}
