/* test-measurement.c — measured results: files, importers, ids, the bundled set
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each importer reads its fixture (tests/catalog/measurements/, shaped as
 * the benchmark writes it; the figures in the fixtures are illustrative,
 * not published results) and the values are checked against the fixture's
 * text, worked out here: a mean length is a total over the completed
 * requests, a latency in ms is stored in seconds.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "catalog-test-util.h"
#include "roof-json.h"
#include "roof-measurement-private.h"
#include "roof-scenario.h"

static RoofCatalog *catalog;

static char *
fixture (const char *name, gsize *length)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "catalog", "measurements", name,
                                                 NULL);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, length, &error))
    g_error ("%s: %s", path, error->message);
  return contents;
}

static GPtrArray *
import (const char *name, const RoofImportHints *hints, RoofImportFormat want)
{
  gsize length = 0;
  g_autofree char *data = fixture (name, &length);
  g_autoptr (GError) error = NULL;
  RoofImportFormat format = -1;
  GPtrArray *set = roof_measurements_import (data, length, name, hints, catalog, &format, &error);

  g_assert_no_error (error);
  g_assert_cmpint (format, ==, want);
  return set;
}

static void
expect_import_error (const char *text, const RoofImportHints *hints, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) set
    = roof_measurements_import (text, strlen (text), "bad.txt", hints, catalog, NULL, &error);

  g_assert_null (set);
  g_assert_nonnull (error);
  if (strstr (error->message, message) == NULL)
    g_error ("message \"%s\" does not contain \"%s\"", error->message, message);
}

static void
expect_parse_error (const char *text, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) set
    = roof_measurements_parse (text, strlen (text), "bad.json", catalog, &error);

  g_assert_null (set);
  g_assert_nonnull (error);
  if (strstr (error->message, message) == NULL)
    g_error ("message \"%s\" does not contain \"%s\"", error->message, message);
}

/* ------------------------------------------------------------------------ */
/* Importers                                                                */

/* vllm-result.json: 1000 requests completed, 1,024,000 input and 128,000
 * output tokens, 2950 output tokens/s, max_concurrency 64. */
static void
check_vllm_values (const RoofMeasurement *m)
{
  g_assert_cmpstr (m->hardware, ==, "nvidia-h100-sxm");
  g_assert_cmpstr (m->model, ==, "llama-3.1-8b"); /* from "meta-llama/Llama-3.1-8B-Instruct" */
  g_assert_cmpfloat (m->prompt, ==, 1024000.0 / 1000.0);
  g_assert_cmpfloat (m->output, ==, 128000.0 / 1000.0);
  g_assert_cmpfloat (m->tokens_per_s, ==, 2950.0);
  g_assert_cmpfloat (m->batch, ==, 64.0);
  catalog_test_assert_rel (m->ttft.mean, 412.7e-3, 1e-12);
  catalog_test_assert_rel (m->ttft.p50, 385.2e-3, 1e-12);
  catalog_test_assert_rel (m->ttft.p99, 801.4e-3, 1e-12);
  catalog_test_assert_rel (m->tpot.mean, 18.43e-3, 1e-12);
  catalog_test_assert_rel (m->tpot.p99, 24.6e-3, 1e-12);
  catalog_test_assert_rel (m->itl.p50, 16.8e-3, 1e-12);
  catalog_test_assert_rel (m->itl.p99, 61.2e-3, 1e-12);
  /* mean_, median_ and p99_e2el_ms (Mean, Median and P99 E2EL (ms):) */
  catalog_test_assert_rel (m->e2e.mean, 2753.31e-3, 1e-12);
  catalog_test_assert_rel (m->e2e.p50, 2712.5e-3, 1e-12);
  catalog_test_assert_rel (m->e2e.p99, 3605.2e-3, 1e-12);
  g_assert_cmpint (m->weights, ==, ROOF_PREC_BF16); /* the file does not say: the default */
}

static void
test_vllm_json (void)
{
  RoofImportHints hints = { .hardware = "nvidia-h100-sxm" };
  g_autoptr (GPtrArray) set = import ("vllm-result.json", &hints, ROOF_IMPORT_VLLM_JSON);
  const RoofMeasurement *m;

  g_assert_cmpuint (set->len, ==, 1);
  m = g_ptr_array_index (set, 0);
  check_vllm_values (m);
  g_assert_cmpstr (m->engine, ==, "vLLM");
  g_assert_cmpstr (m->date, ==, "2025-04-15"); /* "20250415-103012" */
  g_assert_cmpstr (m->source, ==, "vllm-result.json");
}

static void
test_vllm_text (void)
{
  /* the printed block names neither the model nor the hardware; the
   * hardware is given as MLPerf and nvidia-smi name it */
  RoofImportHints hints = { .hardware = "NVIDIA H100-SXM-80GB",
                            .model = "meta-llama/Llama-3.1-8B-Instruct" };
  g_autoptr (GPtrArray) set = import ("vllm-result.txt", &hints, ROOF_IMPORT_SERVING_TEXT);

  g_assert_cmpuint (set->len, ==, 1);
  check_vllm_values (g_ptr_array_index (set, 0));
}

/* vllm-latency.json, benchmark_latency.py --output-json of one batch:
 * avg_latency 57.84107872319994 s, percentiles "50" 57.84421009600011 and
 * "99" 57.885141249879986 s; it states nothing else. With batch 16 and
 * 2048 output tokens: 16 · 2048 / 57.84107872319994 = 566.5178 tokens/s. */
static void
test_vllm_latency (void)
{
  RoofImportHints hints = { .hardware = "amd-mi300x", .devices = 8, .model = "llama-3.1-405b",
                            .batch = 16, .prompt = 2048, .output = 2048, .precision = "fp8" };
  g_autoptr (GPtrArray) set = import ("vllm-latency.json", &hints, ROOF_IMPORT_VLLM_LATENCY_JSON);
  const RoofMeasurement *m;
  gsize length = 0;
  g_autofree char *data = fixture ("vllm-latency.json", &length);
  RoofImportHints no_batch = hints, no_lengths = hints;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) none = NULL;

  g_assert_cmpuint (set->len, ==, 1);
  m = g_ptr_array_index (set, 0);
  catalog_test_assert_rel (m->tokens_per_s, 16.0 * 2048.0 / 57.84107872319994, 1e-12);
  catalog_test_assert_rel (m->tokens_per_s, 566.5178, 1e-6);
  catalog_test_assert_rel (m->e2e.mean, 57.84107872319994, 1e-12);
  catalog_test_assert_rel (m->e2e.p50, 57.84421009600011, 1e-12);
  catalog_test_assert_rel (m->e2e.p99, 57.885141249879986, 1e-12);
  g_assert_false (m->tpot.mean > 0.0 || m->itl.mean > 0.0 || m->ttft.mean > 0.0);
  g_assert_cmpfloat (m->batch, ==, 16.0);
  g_assert_cmpfloat (m->prompt, ==, 2048.0);
  g_assert_cmpfloat (m->output, ==, 2048.0);
  g_assert_cmpfloat (m->devices, ==, 8.0);
  g_assert_cmpstr (m->engine, ==, "vLLM");
  g_assert_cmpint (m->compute, ==, ROOF_PREC_FP8);

  /* what only the user can say, each asked for by its own error */
  no_batch.batch = 0;
  none = roof_measurements_import (data, length, "lat.json", &no_batch, catalog, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, ROOF_MEASUREMENT_ERROR, ROOF_MEASUREMENT_ERROR_NEEDS_BATCH);
  g_assert_cmpstr (error->message, ==,
                   "lat.json:1: vLLM latency result: the result does not state the batch: give "
                   "it (--batch N, its --batch-size)");
  g_clear_error (&error);
  no_lengths.output = 0;
  none = roof_measurements_import (data, length, "lat.json", &no_lengths, catalog, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, ROOF_MEASUREMENT_ERROR, ROOF_MEASUREMENT_ERROR_NEEDS_LENGTHS);
}

static void
test_sglang_jsonl (void)
{
  RoofImportHints hints = { .system = "nvidia-hgx-h100", .model = "llama-3.1-70b",
                            .precision = "fp8", .kv_precision = "fp8" };
  g_autoptr (GPtrArray) set = import ("sglang-results.jsonl", &hints, ROOF_IMPORT_SGLANG_JSONL);
  const RoofMeasurement *a, *b;

  g_assert_cmpuint (set->len, ==, 2);
  a = g_ptr_array_index (set, 0);
  b = g_ptr_array_index (set, 1);
  /* 1,024,000 / 500 = 2048 in, 128,000 / 500 = 256 out, both lines */
  g_assert_cmpfloat (a->prompt, ==, 2048.0);
  g_assert_cmpfloat (a->output, ==, 256.0);
  g_assert_cmpfloat (a->tokens_per_s, ==, 2091.5);
  g_assert_cmpfloat (a->batch, ==, 16.0);
  g_assert_cmpfloat (b->tokens_per_s, ==, 5000.0);
  g_assert_cmpfloat (b->batch, ==, 64.0);
  catalog_test_assert_rel (b->ttft.p99, 1011.5e-3, 1e-12);
  catalog_test_assert_rel (b->itl.mean, 10.55e-3, 1e-12);
  g_assert_cmpstr (a->system, ==, "nvidia-hgx-h100");
  g_assert_null (a->hardware);
  g_assert_cmpstr (a->engine, ==, "SGLang");
  g_assert_cmpint (a->weights, ==, ROOF_PREC_FP8);
  g_assert_cmpint (a->compute, ==, ROOF_PREC_FP8); /* follows the weights */
  g_assert_cmpint (a->kv, ==, ROOF_PREC_FP8);
  /* an HGX H100 is 8 devices */
  g_assert_cmpfloat (roof_measurement_total_devices (a, catalog), ==, 8.0);
  g_assert_cmpstr (roof_measurement_device_id (a, catalog), ==, "nvidia-h100-sxm");
}

static void
test_mlperf_csv (void)
{
  RoofImportHints hints = { .prompt = 294, .output = 294 };
  g_autoptr (GPtrArray) set = import ("mlperf-summary.csv", &hints, ROOF_IMPORT_MLPERF_CSV);
  const RoofMeasurement *m;

  /* two rows in Tokens/s; the resnet row in Samples/s is left out */
  g_assert_cmpuint (set->len, ==, 2);
  m = g_ptr_array_index (set, 0);
  g_assert_cmpstr (m->hardware, ==, "nvidia-h200-sxm"); /* "NVIDIA H200-SXM-141GB" */
  g_assert_cmpstr (m->model, ==, "llama-2-70b");        /* "llama2-70b-99" */
  g_assert_cmpfloat (m->devices, ==, 8.0);              /* 8 per node × 1 node */
  g_assert_cmpfloat (m->tokens_per_s, ==, 31000.5);
  g_assert_cmpint (m->weights, ==, ROOF_PREC_FP8);      /* weight_data_types */
  g_assert_cmpfloat (m->batch, ==, 0.0);                /* Offline states none */
  g_assert_cmpstr (m->engine, ==, "TensorRT 10.8, CUDA 12.8");
  g_assert_nonnull (strstr (m->source, "MLPerf Inference v5.0 closed, NVIDIA"));
  g_assert_nonnull (strstr (m->source, "Offline"));
  m = g_ptr_array_index (set, 1);
  g_assert_cmpfloat (m->tokens_per_s, ==, 29000.0);
  g_assert_nonnull (strstr (m->source, "Server"));
}

/* ------------------------------------------------------------------------ */
/* Bad files: the file, the line and the field                              */

static void
test_bad_files (void)
{
  RoofImportHints hw = { .hardware = "nvidia-h100-sxm" };
  RoofImportHints both = { .hardware = "nvidia-h100-sxm", .model = "llama-3.1-8b" };

  /* a measurement file: the object's line, its index and the field */
  expect_parse_error ("{\n"
                      "  \"format\": \"roofline-measurements\", \"version\": 1,\n"
                      "  \"measurements\": [\n"
                      "    { \"hardware\": \"nvidia-h100-sxm\", \"model\": \"llama-3.1-8b\",\n"
                      "      \"prompt_tokens\": 128, \"output_tokens\": 128, \"tokens_per_s\": 10 },\n"
                      "    { \"hardware\": \"nvidia-h100-sxm\", \"model\": \"llama-3.1-8b\",\n"
                      "      \"prompt_tokens\": 128, \"output_tokens\": 128, \"tokens_per_s\": -5 }\n"
                      "  ]\n"
                      "}\n",
                      "bad.json:6: measurements[1]: tokens_per_s must be > 0, got -5");
  expect_parse_error ("{ \"format\": \"roofline-measurements\", \"version\": 1,\n"
                      "  \"measurements\": [ { \"hardware\": \"nvidia-h100-sxm\",\n"
                      "    \"prompt_tokens\": 1, \"output_tokens\": 1, \"tokens_per_s\": 1 } ] }",
                      "bad.json:2: measurements[0]: model is missing");
  expect_parse_error ("{ \"format\": \"roofline-measurements\", \"version\": 1,\n"
                      "  \"measurements\": [ { \"hardware\": \"nvidia-h100-sxm\", \"model\": "
                      "\"llama-3.1-8b\", \"precision\": \"fp7\",\n"
                      "    \"prompt_tokens\": 1, \"output_tokens\": 1, \"tokens_per_s\": 1 } ] }",
                      "bad.json:2: measurements[0]: precision must be one of");
  expect_parse_error ("{ \"format\": \"roofline-measurements\", \"version\": 1, "
                      "\"measurements\": [ { \"hardware\": \"nvidia-h100-sxm\", \"model\": "
                      "\"llama-3.1-8b\", \"prompt_tokens\": 1, \"output_tokens\": 1, "
                      "\"tokens_per_s\": 1, \"batsh\": 4 } ] }",
                      "bad.json:1: measurements[0]: unknown field \"batsh\"");
  expect_parse_error ("{ \"format\": \"roofline-measurements\", \"version\": 1,\n"
                      "  \"measurements\": [ {\n"
                      "   \"hardware\": \"nvidia-h100-sxm\", \"model\": \"llama-3.1-8b\" ,\n",
                      "bad.json:3:59: Parse error");
  /* CSV: the row's line and the field */
  expect_parse_error ("hardware,model,prompt_tokens,output_tokens,tokens_per_s\n"
                      "nvidia-h100-sxm,llama-3.1-8b,128,128,1000\n"
                      "nvidia-h100-sxm,llama-3.1-8b,128,128,abc\n",
                      "bad.json:3: tokens_per_s must be a number, got \"abc\"");
  expect_parse_error ("hardware,model,prompt_tokens,output_tokens,tokens_per_s,speed\n",
                      "bad.json:1: column 6: unknown field \"speed\"");
  expect_parse_error ("hardware,model,prompt_tokens,output_tokens,tokens_per_s,notes\n"
                      "nvidia-h100-sxm,llama-3.1-8b,128,128,1000,\"never closed\n",
                      "bad.json:2: a quoted field is not closed");
  expect_parse_error ("model,prompt_tokens,output_tokens,tokens_per_s\n"
                      "llama-3.1-8b,128,128,1000\n",
                      "bad.json:2: hardware (or system) is missing");
  expect_parse_error ("hardware,model,devices,tp,prompt_tokens,output_tokens,tokens_per_s\n"
                      "nvidia-h100-sxm,llama-3.1-8b,4,3,128,128,1000\n",
                      "bad.json:2: tp × ep × pp = 3 must divide devices (4)");
  /* an id no catalog entry matches: the closest ones */
  expect_parse_error ("hardware,model,prompt_tokens,output_tokens,tokens_per_s\n"
                      "nvidia-h100-sxm,llama-3.3-70b,128,128,1000\n",
                      "bad.json:2: model \"llama-3.3-70b\" is not in the catalog; the closest "
                      "ids are llama-3.1-70b");

  /* the end-to-end latency, as every latency: ≥ 0 and a number */
  expect_parse_error ("{ \"format\": \"roofline-measurements\", \"version\": 1,\n"
                      "  \"measurements\": [ { \"hardware\": \"nvidia-h100-sxm\", \"model\": "
                      "\"llama-3.1-8b\",\n"
                      "    \"prompt_tokens\": 1, \"output_tokens\": 1, \"tokens_per_s\": 1,\n"
                      "    \"e2e_latency_ms_mean\": -5 } ] }",
                      "bad.json:2: measurements[0]: e2e_latency_ms_mean must be ≥ 0 milliseconds, "
                      "got -5");
  expect_parse_error ("hardware,model,prompt_tokens,output_tokens,tokens_per_s,e2e_latency_ms_p99\n"
                      "nvidia-h100-sxm,llama-3.1-8b,128,128,1000,nan\n",
                      "bad.json:2: e2e_latency_ms_p99 must be");
  expect_import_error ("{\"avg_latency\": -1, \"latencies\": [], \"percentiles\": {}}", &both,
                       "bad.txt:1: vLLM latency result: avg_latency must be > 0 seconds, got -1");
  expect_import_error ("{\"avg_latency\": NaN, \"latencies\": [], \"percentiles\": {}}", &both,
                       "bad.txt:1: vLLM latency result: avg_latency must be a number");

  /* importers */
  expect_import_error ("{\"backend\": \"vllm\", \"model_id\": \"meta-llama/Llama-3.1-8B\", "
                       "\"completed\": 10, \"total_input_tokens\": 100, "
                       "\"total_output_tokens\": 100}",
                       &hw, "bad.txt:1: vLLM result: output_throughput is missing");
  expect_import_error ("{\"backend\": \"vllm\", \"model_id\": \"x\", \"completed\": 10, "
                       "\"total_input_tokens\": 100, \"total_output_tokens\": 100, "
                       "\"output_throughput\": 5}",
                       NULL, "does not say what it ran on: give the hardware");
  expect_import_error ("{\"backend\": \"sglang\", \"completed\": 10, \"total_input_tokens\": 100, "
                       "\"total_output_tokens\": 100, \"output_throughput\": 5}\n"
                       "{\"backend\": \"sglang\", \"completed\": 10, \"total_input_tokens\": 100, "
                       "\"total_output_tokens\": \"many\", \"output_throughput\": 5}\n",
                       &both, "bad.txt:2: SGLang result: total_output_tokens must be a number");
  expect_import_error ("{\"backend\": \"sglang\", \"completed\": 10, \"total_input_tokens\": 100, "
                       "\"total_output_tokens\": 100, \"output_throughput\": 5}\n",
                       &hw, "bad.txt:1: SGLang result: the result does not name the model");
  expect_import_error ("junk\n============ Serving Benchmark Result ============\n"
                       "Successful requests:                     10\n"
                       "Total input tokens:                      1000\n"
                       "Total generated tokens:                  lots\n",
                       &both, "bad.txt:5: Total generated tokens: must be followed by a number");
  {
    gsize length = 0;
    g_autofree char *csv = fixture ("mlperf-summary.csv", &length);
    expect_import_error (csv, NULL, "bad.txt:2: MLPerf result: the MLPerf table does not state "
                                    "the mean input and output lengths");
  }
}

/* ------------------------------------------------------------------------ */
/* Ids                                                                      */

static void
expect_match (RoofEntryKind kind, const char *text, const char *want)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *id = roof_catalog_match_id (catalog, kind, text, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (id, ==, want);
}

static void
test_match_ids (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *none = NULL;

  expect_match (ROOF_ENTRY_HARDWARE, "nvidia-h100-sxm", "nvidia-h100-sxm");
  expect_match (ROOF_ENTRY_HARDWARE, "NVIDIA H100-SXM-80GB", "nvidia-h100-sxm");
  expect_match (ROOF_ENTRY_HARDWARE, "NVIDIA H200-SXM-141GB", "nvidia-h200-sxm");
  expect_match (ROOF_ENTRY_HARDWARE, "AMD Instinct MI300X", "amd-mi300x");
  expect_match (ROOF_ENTRY_HARDWARE, "NVIDIA B200-SXM-180GB", "nvidia-b200");
  expect_match (ROOF_ENTRY_MODEL, "meta-llama/Llama-3.1-70B-Instruct", "llama-3.1-70b");
  expect_match (ROOF_ENTRY_MODEL, "llama3.1-405b", "llama-3.1-405b");
  expect_match (ROOF_ENTRY_MODEL, "llama2-70b-99.9", "llama-2-70b");
  expect_match (ROOF_ENTRY_MODEL, "mistralai/Mixtral-8x7B-Instruct-v0.1", "mixtral-8x7b");
  /* "gb200" is not "b200": words start where the text's words start */
  none = roof_catalog_match_id (catalog, ROOF_ENTRY_HARDWARE, "NVIDIA GB200", &error);
  g_assert_null (none);
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "hardware \"NVIDIA GB200\" is not in the catalog; "
                                            "the closest ids are"));
}

/* ------------------------------------------------------------------------ */
/* Files, the store, scenarios                                              */

static void
test_round_trip (void)
{
  RoofImportHints hints = { .hardware = "nvidia-h100-sxm" };
  g_autoptr (GPtrArray) set = import ("vllm-result.json", &hints, ROOF_IMPORT_VLLM_JSON);
  g_autoptr (JsonNode) doc = roof_measurements_to_document (set);
  g_autofree char *text = roof_json_to_string (doc, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) back
    = roof_measurements_parse (text, strlen (text), "back.json", catalog, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, 1);
  check_vllm_values (g_ptr_array_index (back, 0));
  g_assert_cmpstr (((RoofMeasurement *) g_ptr_array_index (back, 0))->date, ==, "2025-04-15");
}

static void
test_store (void)
{
  RoofImportHints hints = { .hardware = "nvidia-h100-sxm" };
  g_autoptr (GPtrArray) set = import ("vllm-result.json", &hints, ROOF_IMPORT_VLLM_JSON);
  g_autofree char *dir = g_dir_make_tmp ("roof-measured-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sub", "measurements.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) empty = roof_measurements_load_file (file, catalog, &error);
  g_autoptr (GPtrArray) back = NULL;
  RoofMeasurement *copy;

  /* nothing imported yet: an empty set */
  g_assert_no_error (error);
  g_assert_cmpuint (empty->len, ==, 0);
  /* the same measurement twice gets two ids */
  copy = roof_measurement_copy (g_ptr_array_index (set, 0));
  g_ptr_array_add (set, copy);
  roof_measurement_assign_id (g_ptr_array_index (set, 0), empty, catalog);
  g_ptr_array_add (empty, roof_measurement_copy (g_ptr_array_index (set, 0)));
  roof_measurement_assign_id (copy, empty, catalog);
  g_assert_cmpstr (((RoofMeasurement *) g_ptr_array_index (set, 0))->id, ==,
                   "vllm-h100-sxm-llama-3.1-8b-1024-128");
  g_assert_cmpstr (copy->id, ==, "vllm-h100-sxm-llama-3.1-8b-1024-128-2");
  g_assert_true (roof_measurements_save_file (set, file, &error));
  g_assert_no_error (error);
  back = roof_measurements_load_file (file, catalog, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, 2);
  g_assert_nonnull (roof_measurements_find (back, "vllm-h100-sxm-llama-3.1-8b-1024-128-2"));
  check_vllm_values (g_ptr_array_index (back, 1));
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_autofree char *sub = g_path_get_dirname (path);
  g_assert_cmpint (g_rmdir (sub), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_scenario (void)
{
  RoofImportHints hints = { .hardware = "nvidia-h100-sxm" };
  g_autoptr (GPtrArray) set = import ("vllm-result.json", &hints, ROOF_IMPORT_VLLM_JSON);
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *text = NULL;
  g_autoptr (RoofScenario) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) old = NULL;
  g_autofree char *old_text = NULL;

  roof_scenario_set_measurements (scenario, set);
  node = roof_scenario_to_json (scenario, catalog);
  text = roof_json_to_string (node, TRUE);
  back = roof_scenario_load_data (text, -1, "s.json", catalog, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (roof_scenario_get_measurements (back)->len, ==, 1);
  check_vllm_values (g_ptr_array_index (roof_scenario_get_measurements (back), 0));

  /* a scenario written before measurements still loads, with none */
  json_object_remove_member (json_node_get_object (node), "measurements");
  old_text = roof_json_to_string (node, TRUE);
  old = roof_scenario_load_data (old_text, -1, "old.json", catalog, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (roof_scenario_get_measurements (old)->len, ==, 0);

  /* a bad measurement in a scenario: its index and field */
  {
    g_autoptr (GError) bad = NULL;
    g_autofree char *broken = g_strdup (text);
    char *at = strstr (broken, "\"tokens_per_s\": 2950");
    g_assert_nonnull (at);
    memcpy (at, "\"tokens_per_s\": -295", strlen ("\"tokens_per_s\": -295"));
    g_assert_null (roof_scenario_load_data (broken, -1, "s.json", catalog, NULL, &bad));
    g_assert_nonnull (bad);
    g_assert_nonnull (strstr (bad->message, "measurements[0]: tokens_per_s must be > 0"));
  }
}

/* ------------------------------------------------------------------------ */
/* The bundled set                                                          */

static void
test_bundled (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) set = roof_measurements_bundled (catalog, &error);
  g_autoptr (GHashTable) hardware = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) models = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_no_error (error);
  /* docs/model.md, "The bundled set": 100 TensorRT-LLM points (10 tables
   * of 10 ISL/OSL pairs) and 32 vLLM points on MI300X (2 models × 2
   * lengths × 8 batches) */
  g_assert_cmpuint (set->len, ==, 100 + 2 * 2 * 8);
  for (guint i = 0; i < set->len; i++)
    {
      const RoofMeasurement *m = g_ptr_array_index (set, i);
      g_assert_true (m->builtin);
      g_assert_nonnull (m->id);
      /* a web address pinned to a commit or a dated page */
      g_assert_true (g_str_has_prefix (m->source, "https://github.com/"));
      g_assert_nonnull (strstr (m->source, "/blob/"));
      /* the day of its source, YYYY-MM-DD */
      g_assert_nonnull (m->date);
      g_assert_true (g_regex_match_simple ("^20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$",
                                           m->date, 0, 0));
      g_assert_nonnull (m->engine);
      g_assert_nonnull (roof_catalog_find_model (catalog, m->model));
      g_assert_nonnull (roof_catalog_find_hardware (catalog, roof_measurement_device_id (m, catalog)));
      g_hash_table_add (hardware, (gpointer) roof_measurement_device_id (m, catalog));
      g_hash_table_add (models, m->model);
    }
  /* H100, H200, B200, GB200 and MI300X; Llama 3.1 8B, 70B and 405B */
  g_assert_cmpuint (g_hash_table_size (hardware), ==, 5);
  g_assert_cmpuint (g_hash_table_size (models), ==, 3);
  g_assert_true (g_hash_table_contains (hardware, "amd-mi300x"));
}

/* docs/file-format.md's table of measurement fields: a row per field of
 * the code, in its order, and no other. */
static void
test_doc_table (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "docs", "file-format.md",
                                                 NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  const char *marker;
  guint i = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  marker = strstr (text, "<!-- measurement fields -->");
  g_assert_nonnull (marker);
  lines = g_strsplit (marker, "\n", -1);
  /* the marker, the header, the rule, then the rows up to a blank line */
  for (guint l = 3; lines[l] != NULL && lines[l][0] == '|'; l++, i++)
    {
      g_autofree char *want = g_strdup_printf ("| `%s` |", roof_measurement_field_name (i));
      g_assert_nonnull (roof_measurement_field_name (i));
      if (!g_str_has_prefix (lines[l], want))
        g_error ("docs/file-format.md row %u \"%s\" should name %s", i, lines[l], want);
    }
  g_assert_null (roof_measurement_field_name (i));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  catalog = catalog_test_builtin ();
  g_test_add_func ("/measurement/import/vllm-json", test_vllm_json);
  g_test_add_func ("/measurement/import/vllm-text", test_vllm_text);
  g_test_add_func ("/measurement/import/vllm-latency", test_vllm_latency);
  g_test_add_func ("/measurement/import/sglang-jsonl", test_sglang_jsonl);
  g_test_add_func ("/measurement/import/mlperf-csv", test_mlperf_csv);
  g_test_add_func ("/measurement/bad-files", test_bad_files);
  g_test_add_func ("/measurement/match-ids", test_match_ids);
  g_test_add_func ("/measurement/round-trip", test_round_trip);
  g_test_add_func ("/measurement/store", test_store);
  g_test_add_func ("/measurement/scenario", test_scenario);
  g_test_add_func ("/measurement/bundled", test_bundled);
  g_test_add_func ("/measurement/doc-table", test_doc_table);
  int status = g_test_run ();
  g_object_unref (catalog);
  return status;
}
