/* roof-measurement-import.c — measurements from what serving benchmarks write
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The formats, from the benchmarks' own sources (docs/file-format.md,
 * "Importing benchmark results", cites them line by line):
 *  - vLLM benchmarks/benchmark_serving.py (vllm bench serve): --save-result
 *    writes one JSON object (date "%Y%m%d-%H%M%S", backend, model_id,
 *    max_concurrency, completed, total_input_tokens, total_output_tokens,
 *    output_throughput, mean_/median_/p99_ ttft, tpot, itl and e2el _ms) and
 *    prints the "Serving Benchmark Result" block ("Label:  value" lines);
 *  - vLLM benchmarks/benchmark_latency.py --output-json: avg_latency,
 *    latencies and percentiles of one batch, in seconds;
 *  - SGLang python/sglang/bench_serving.py --output-file: one JSON object a
 *    line, the same names without the model;
 *  - the MLPerf Inference results table (the submission checker's CSV:
 *    Organization, SystemName, MlperfModel, Scenario, Result, Units,
 *    accelerator_model_name, accelerators_per_node, number_of_nodes, …).
 * Each result becomes a JSON object of the measurement fields, which the
 * user's hints overwrite and roof_measurement_from_json () checks.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-measurement-private.h"

G_DEFINE_QUARK (roof-measurement-error-quark, roof_measurement_error)

const char *
roof_import_format_name (RoofImportFormat format)
{
  switch (format)
    {
    case ROOF_IMPORT_NATIVE:
      return "measurement file";
    case ROOF_IMPORT_VLLM_JSON:
      return "vLLM benchmark result (JSON)";
    case ROOF_IMPORT_VLLM_LATENCY_JSON:
      return "vLLM benchmark_latency result (JSON)";
    case ROOF_IMPORT_SERVING_TEXT:
      return "Serving Benchmark Result block";
    case ROOF_IMPORT_SGLANG_JSONL:
      return "SGLang bench_serving result (JSON lines)";
    case ROOF_IMPORT_MLPERF_CSV:
      return "MLPerf Inference results table";
    default:
      return "unknown";
    }
}

/* ------------------------------------------------------------------------ */
/* Shared                                                                   */

static void
set_string (JsonObject *o, const char *name, const char *value)
{
  if (value != NULL && *value != '\0')
    json_object_set_string_member (o, name, value);
}

static void
set_double (JsonObject *o, const char *name, double value)
{
  if (value > 0.0)
    json_object_set_double_member (o, name, value);
}

static void
apply_hints (JsonObject *o, const RoofImportHints *h)
{
  if (h == NULL)
    return;
  if (h->hardware != NULL || h->system != NULL)
    {
      json_object_remove_member (o, "hardware");
      json_object_remove_member (o, "system");
    }
  set_string (o, "hardware", h->hardware);
  set_string (o, "system", h->system);
  set_string (o, "model", h->model);
  set_double (o, "devices", h->devices);
  set_double (o, "tp", h->tp);
  set_double (o, "ep", h->ep);
  set_double (o, "pp", h->pp);
  set_double (o, "batch", h->batch);
  set_double (o, "prompt_tokens", h->prompt);
  set_double (o, "output_tokens", h->output);
  set_string (o, "precision", h->precision);
  set_string (o, "kv_precision", h->kv_precision);
  set_string (o, "engine_version", h->engine_version);
  set_string (o, "date", h->date);
  set_string (o, "source", h->source);
}

/* What every importer reads from and adds to: the file's name, the user's
 * hints, the catalog the ids resolve in (or NULL) and the measurements. */
typedef struct
{
  const char *origin;
  const RoofImportHints *hints;
  RoofCatalog *catalog;
  GPtrArray *out;
} Import;

/* The measurement of `o` (hints applied), its ids resolved. */
static gboolean
finish (const Import *im, JsonObject *o, const char *where, GError **error)
{
  g_autofree char *file = g_path_get_basename (im->origin);

  apply_hints (o, im->hints);
  if (!json_object_has_member (o, "model"))
    {
      g_set_error (error, ROOF_MEASUREMENT_ERROR, ROOF_MEASUREMENT_ERROR_NEEDS_MODEL,
                   "%s: the result does not name the model: give it (--model ID)", where);
      return FALSE;
    }
  if (!json_object_has_member (o, "hardware") && !json_object_has_member (o, "system"))
    {
      g_set_error (error, ROOF_MEASUREMENT_ERROR, ROOF_MEASUREMENT_ERROR_NEEDS_HARDWARE,
                   "%s: the result does not say what it ran on: give the hardware "
                   "(--hardware ID, and --devices N) or the system (--system ID)",
                   where);
      return FALSE;
    }
  return roof_measurement_add_resolved (im->out, roof_measurement_from_json (o, where, error),
                                        im->catalog, file, where, error);
}

/* A member that must be a number: the field's name in the message. */
static gboolean
number_member (JsonObject *o, const char *name, double *out, const char *where, GError **error)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || !roof_json_node_is_number (n))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "%s: %s %s", where, name,
                   n == NULL ? "is missing" : "must be a number");
      return FALSE;
    }
  *out = roof_json_node_get_number (n);
  return TRUE;
}

/* Per-request means and the throughput of a vLLM or SGLang result, and
 * its latencies where given. */
static gboolean
serving_fields (JsonObject *in, JsonObject *o, const char *where, GError **error)
{
  /* the result's name of each latency, then the measurement field's */
  static const char *const metrics[][2]
    = { { "ttft", "ttft" }, { "tpot", "tpot" }, { "itl", "itl" }, { "e2el", "e2e_latency" } };
  static const char *const stats[][2] = { { "mean", "mean" }, { "median", "p50" }, { "p99", "p99" } };
  double completed, input, output, rate;
  JsonNode *n;

  if (!number_member (in, "completed", &completed, where, error)
      || !number_member (in, "total_input_tokens", &input, where, error)
      || !number_member (in, "total_output_tokens", &output, where, error)
      || !number_member (in, "output_throughput", &rate, where, error))
    return FALSE;
  if (!(completed >= 1.0))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "%s: completed is %g: no request finished", where, completed);
      return FALSE;
    }
  json_object_set_double_member (o, "prompt_tokens", input / completed);
  json_object_set_double_member (o, "output_tokens", output / completed);
  json_object_set_double_member (o, "tokens_per_s", rate);
  n = json_object_get_member (in, "max_concurrency");
  if (n != NULL && roof_json_node_is_number (n))
    json_object_set_double_member (o, "batch", roof_json_node_get_number (n));
  for (gsize i = 0; i < G_N_ELEMENTS (metrics); i++)
    for (gsize j = 0; j < G_N_ELEMENTS (stats); j++)
      {
        g_autofree char *key = g_strdup_printf ("%s_%s_ms", stats[j][0], metrics[i][0]);
        g_autofree char *field = g_strdup_printf ("%s_ms_%s", metrics[i][1], stats[j][1]);
        n = json_object_get_member (in, key);
        if (n != NULL && roof_json_node_is_number (n))
          json_object_set_double_member (o, field, roof_json_node_get_number (n));
      }
  return TRUE;
}

/* "vllm" → "vLLM", "sglang-oai" → "SGLang": the engine a backend names. */
static const char *
engine_of_backend (const char *backend)
{
  if (backend == NULL)
    return NULL;
  if (g_str_has_prefix (backend, "vllm"))
    return "vLLM";
  if (g_str_has_prefix (backend, "sglang"))
    return "SGLang";
  if (g_str_has_prefix (backend, "lmdeploy"))
    return "LMDeploy";
  if (strcmp (backend, "tgi") == 0)
    return "TGI";
  if (g_str_has_prefix (backend, "trt") || g_str_has_prefix (backend, "tensorrt"))
    return "TensorRT-LLM";
  return backend;
}

/* Python's json.dumps writes float('inf') and NaN as the bare words
 * Infinity, -Infinity and NaN, which are not JSON (SGLang's request_rate is
 * Infinity when requests are sent at once): outside strings they become
 * null, and the fields read as numbers refuse them by name. */
static char *
python_json (const char *data, gsize length)
{
  static const char *const words[] = { "-Infinity", "Infinity", "NaN" };
  GString *out = g_string_sized_new (length);
  gboolean in_string = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      gboolean replaced = FALSE;

      if (in_string)
        {
          if (data[i] == '\\' && i + 1 < length)
            g_string_append_c (out, data[i++]);
          else if (data[i] == '"')
            in_string = FALSE;
        }
      else if (data[i] == '"')
        in_string = TRUE;
      else
        for (gsize w = 0; w < G_N_ELEMENTS (words) && !replaced; w++)
          if (strncmp (data + i, words[w], MIN (strlen (words[w]), length - i)) == 0
              && length - i >= strlen (words[w]))
            {
              g_string_append (out, "null");
              i += strlen (words[w]) - 1;
              replaced = TRUE;
            }
      if (!replaced)
        g_string_append_c (out, data[i]);
    }
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------ */
/* vLLM's saved result and SGLang's lines                                   */

/* One JSON result of vLLM (`what` "vLLM result") or SGLang: the same
 * names, but only vLLM's has model_id and date. */
static gboolean
import_serving_json (const Import *im, JsonObject *in, guint line, const char *what, GError **error)
{
  g_autoptr (JsonObject) o = json_object_new ();
  g_autofree char *where = g_strdup_printf ("%s:%u: %s", im->origin, line, what);
  const char *date = roof_json_get_string (in, "date");
  const char *backend = roof_json_get_string (in, "backend");

  if (!serving_fields (in, o, where, error))
    return FALSE;
  set_string (o, "model", roof_json_get_string (in, "model_id"));
  set_string (o, "engine", engine_of_backend (backend));
  /* "20250301-142233" */
  if (date != NULL && strlen (date) >= 8 && g_ascii_isdigit (date[0]))
    {
      g_autofree char *iso = g_strdup_printf ("%.4s-%.2s-%.2s", date, date + 4, date + 6);
      set_string (o, "date", iso);
    }
  return finish (im, o, where, error);
}

/* Each non-blank line a JSON object. */
static gboolean
import_json_lines (const Import *im, const char *data, gsize length, GError **error)
{
  const char *origin = im->origin;
  g_autofree char *copy = python_json (data, length);
  g_auto (GStrv) lines = g_strsplit (copy, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (GHashTable) object_lines = NULL;
      g_autoptr (JsonNode) node = NULL;
      g_autoptr (GError) local = NULL;

      if (*g_strstrip (lines[i]) == '\0')
        continue;
      node = roof_measurement_json_parse (lines[i], strlen (lines[i]), origin, &object_lines,
                                          &local);
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE,
                       "%s:%u: not a JSON object%s%s", origin, i + 1, local ? ": " : "",
                       local ? local->message : "");
          return FALSE;
        }
      if (!import_serving_json (im, json_node_get_object (node), i + 1, "SGLang result", error))
        return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* vLLM's latency benchmark                                                 */

/* benchmarks/benchmark_latency.py --output-json: {"avg_latency": s,
 * "latencies": [s, …], "percentiles": {"10": s, …, "50": s, …, "99": s}},
 * the time of one batch of --batch-size requests of --input-len prompt and
 * exactly --output-len output tokens (ignore_eos), none of which it writes:
 * the user gives them. */
static gboolean
import_latency_json (const Import *im, JsonObject *in, GError **error)
{
  static const char *const stats[][2] = { { "50", "e2e_latency_ms_p50" },
                                          { "99", "e2e_latency_ms_p99" } };
  const RoofImportHints *h = im->hints;
  g_autoptr (JsonObject) o = json_object_new ();
  g_autofree char *where = g_strdup_printf ("%s:1: vLLM latency result", im->origin);
  JsonObject *percentiles = NULL;
  JsonNode *n = json_object_get_member (in, "percentiles");
  double avg;

  if (!number_member (in, "avg_latency", &avg, where, error))
    return FALSE;
  if (!(avg > 0.0))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "%s: avg_latency must be > 0 seconds, got %g", where, avg);
      return FALSE;
    }
  if (h == NULL || !(h->prompt > 0.0) || !(h->output > 0.0))
    {
      g_set_error (error, ROOF_MEASUREMENT_ERROR, ROOF_MEASUREMENT_ERROR_NEEDS_LENGTHS,
                   "%s: the result does not state the input and output lengths: give them "
                   "(--prompt N --output N, its --input-len and --output-len)",
                   where);
      return FALSE;
    }
  if (!(h->batch >= 1.0))
    {
      g_set_error (error, ROOF_MEASUREMENT_ERROR, ROOF_MEASUREMENT_ERROR_NEEDS_BATCH,
                   "%s: the result does not state the batch: give it (--batch N, its "
                   "--batch-size)",
                   where);
      return FALSE;
    }
  /* every request of the batch gives its output tokens in avg_latency */
  json_object_set_double_member (o, "tokens_per_s", h->batch * h->output / avg);
  json_object_set_double_member (o, "e2e_latency_ms_mean", avg * 1e3);
  if (n != NULL && JSON_NODE_HOLDS_OBJECT (n))
    percentiles = json_node_get_object (n);
  for (gsize i = 0; percentiles != NULL && i < G_N_ELEMENTS (stats); i++)
    {
      n = json_object_get_member (percentiles, stats[i][0]);
      if (n != NULL && roof_json_node_is_number (n))
        json_object_set_double_member (o, stats[i][1], roof_json_node_get_number (n) * 1e3);
    }
  set_string (o, "engine", "vLLM");
  return finish (im, o, where, error);
}

/* ------------------------------------------------------------------------ */
/* The printed block                                                        */

typedef struct
{
  const char *label;
  const char *field; /* a measurement field, or one of the totals below */
} TextRow;

static const TextRow text_rows[] = {
  { "Backend:", "backend" },
  { "Successful requests:", "completed" },
  { "Total input tokens:", "total_input_tokens" },
  { "Total generated tokens:", "total_output_tokens" },
  { "Output token throughput (tok/s):", "output_throughput" },
  { "Maximum request concurrency:", "max_concurrency" },
  { "Max request concurrency:", "max_concurrency" },
  { "Mean TTFT (ms):", "mean_ttft_ms" },
  { "Median TTFT (ms):", "median_ttft_ms" },
  { "P99 TTFT (ms):", "p99_ttft_ms" },
  { "Mean TPOT (ms):", "mean_tpot_ms" },
  { "Median TPOT (ms):", "median_tpot_ms" },
  { "P99 TPOT (ms):", "p99_tpot_ms" },
  { "Mean ITL (ms):", "mean_itl_ms" },
  { "Median ITL (ms):", "median_itl_ms" },
  { "P99 ITL (ms):", "p99_itl_ms" },
  { "Mean E2EL (ms):", "mean_e2el_ms" },
  { "Median E2EL (ms):", "median_e2el_ms" },
  { "P99 E2EL (ms):", "p99_e2el_ms" },
};

/* One "Label:   value" line into `in` (as the JSON result would hold it). */
static gboolean
text_line (JsonObject *in, const char *line, const char *origin, guint n, GError **error)
{
  for (gsize r = 0; r < G_N_ELEMENTS (text_rows); r++)
    {
      const TextRow *row = &text_rows[r];
      g_autofree char *value = NULL;
      char *end = NULL;
      double v;

      if (!g_str_has_prefix (line, row->label))
        continue;
      value = g_strstrip (g_strdup (line + strlen (row->label)));
      if (strcmp (row->field, "backend") == 0)
        {
          json_object_set_string_member (in, row->field, value);
          return TRUE;
        }
      v = g_ascii_strtod (value, &end);
      if (end == value || *end != '\0' || !isfinite (v))
        {
          /* "Maximum request concurrency: None" */
          if (strcmp (row->field, "max_concurrency") == 0)
            return TRUE;
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                       "%s:%u: %s must be followed by a number, got \"%s\"", origin, n,
                       row->label, value);
          return FALSE;
        }
      json_object_set_double_member (in, row->field, v);
      return TRUE;
    }
  return TRUE;
}

static gboolean
import_text (const Import *im, const char *data, gsize length, GError **error)
{
  const char *origin = im->origin;
  g_autofree char *copy = g_strndup (data, length);
  g_auto (GStrv) lines = g_strsplit (copy, "\n", -1);
  g_autoptr (JsonObject) in = NULL;
  guint start = 0;

  for (guint i = 0; lines[i] != NULL || in != NULL; i++)
    {
      const char *line = lines[i] != NULL ? g_strstrip (lines[i]) : "";
      gboolean rule = *line != '\0' && strspn (line, "=") == strlen (line);

      if (in != NULL && (rule || lines[i] == NULL || strstr (line, "Serving Benchmark Result")))
        {
          g_autoptr (JsonObject) o = json_object_new ();
          g_autofree char *where = g_strdup_printf ("%s:%u: Serving Benchmark Result", origin,
                                                    start);
          const char *engine = engine_of_backend (roof_json_get_string (in, "backend"));

          if (!serving_fields (in, o, where, error))
            return FALSE;
          set_string (o, "engine", engine);
          if (!finish (im, o, where, error))
            return FALSE;
          g_clear_pointer (&in, json_object_unref);
          if (lines[i] == NULL)
            break;
        }
      if (strstr (line, "Serving Benchmark Result") != NULL)
        {
          in = json_object_new ();
          start = i + 1;
        }
      else if (in != NULL && !text_line (in, line, origin, i + 1, error))
        return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* MLPerf                                                                   */

static gboolean
mlperf_row (const Import *im, RoofCsv *csv, guint r, GError **error)
{
  const RoofImportHints *hints = im->hints;
  g_autoptr (JsonObject) o = json_object_new ();
  guint line = g_array_index (csv->lines, guint, r);
  g_autofree char *where = g_strdup_printf ("%s:%u: MLPerf result", im->origin, line);
  const char *model = roof_csv_cell (csv, r, roof_csv_column (csv, "MlperfModel"));
  const char *result = roof_csv_cell (csv, r, roof_csv_column (csv, "Result"));
  const char *per_node = roof_csv_cell (csv, r, roof_csv_column (csv, "accelerators_per_node"));
  const char *nodes = roof_csv_cell (csv, r, roof_csv_column (csv, "number_of_nodes"));
  const char *types = roof_csv_cell (csv, r, roof_csv_column (csv, "weight_data_types"));
  g_autofree char *source = NULL;
  g_autofree char *lower = g_ascii_strdown (types, -1);
  char *end = NULL;
  double rate = g_ascii_strtod (result, &end), a = 0.0, n = 1.0;
  RoofPrecision p;

  if (end == result || *end != '\0' || !(rate > 0.0))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "%s: Result must be a number of tokens/s, got \"%s\"", where, result);
      return FALSE;
    }
  if (*model == '\0')
    model = roof_csv_cell (csv, r, roof_csv_column (csv, "Model"));
  a = g_ascii_strtod (per_node, NULL);
  if (*nodes != '\0')
    n = MAX (g_ascii_strtod (nodes, NULL), 1.0);
  json_object_set_double_member (o, "tokens_per_s", rate);
  set_string (o, "model", model);
  set_string (o, "hardware",
              roof_csv_cell (csv, r, roof_csv_column (csv, "accelerator_model_name")));
  if (a >= 1.0 && a == floor (a))
    json_object_set_double_member (o, "devices", a * n);
  if (roof_precision_from_name (g_strstrip (lower), &p))
    set_string (o, "precision", lower);
  set_string (o, "engine", roof_csv_cell (csv, r, roof_csv_column (csv, "framework")));
  source = g_strdup_printf ("MLPerf Inference %s %s, %s, %s, %s",
                            roof_csv_cell (csv, r, roof_csv_column (csv, "version")),
                            roof_csv_cell (csv, r, roof_csv_column (csv, "Division")),
                            roof_csv_cell (csv, r, roof_csv_column (csv, "Organization")),
                            roof_csv_cell (csv, r, roof_csv_column (csv, "SystemName")),
                            roof_csv_cell (csv, r, roof_csv_column (csv, "Scenario")));
  set_string (o, "source", source);
  if ((hints == NULL || !(hints->prompt > 0.0) || !(hints->output > 0.0)))
    {
      g_set_error (error, ROOF_MEASUREMENT_ERROR, ROOF_MEASUREMENT_ERROR_NEEDS_LENGTHS,
                   "%s: the MLPerf table does not state the mean input and output lengths: "
                   "give them (--prompt N --output N)",
                   where);
      return FALSE;
    }
  return finish (im, o, where, error);
}

static gboolean
import_mlperf (const Import *im, RoofCsv *csv, GError **error)
{
  int units = roof_csv_column (csv, "Units");

  for (guint r = 1; r < csv->rows->len; r++)
    {
      /* the table also holds samples/s, latencies and power */
      if (units >= 0 && g_ascii_strcasecmp (roof_csv_cell (csv, r, units), "Tokens/s") != 0)
        continue;
      if (!mlperf_row (im, csv, r, error))
        return FALSE;
    }
  if (im->out->len == 0)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "%s: no row of the MLPerf table is in Tokens/s", im->origin);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Recognising the format                                                   */

static RoofImportFormat
json_format (const char *data, gsize length, JsonObject **first_out)
{
  g_autoptr (GHashTable) lines = NULL;
  g_autofree char *text = python_json (data, length);
  g_autoptr (JsonNode) node = roof_measurement_json_parse (text, strlen (text), "", &lines, NULL);
  JsonObject *o;

  if (node == NULL)
    return ROOF_IMPORT_SGLANG_JSONL; /* several documents: one a line */
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return ROOF_IMPORT_NATIVE; /* refused there, with the reason */
  o = json_node_get_object (node);
  if (json_object_has_member (o, "format"))
    return ROOF_IMPORT_NATIVE;
  *first_out = json_object_ref (o);
  if (json_object_has_member (o, "avg_latency"))
    return ROOF_IMPORT_VLLM_LATENCY_JSON;
  if (json_object_has_member (o, "model_id") || json_object_has_member (o, "tokenizer_id"))
    return ROOF_IMPORT_VLLM_JSON;
  return ROOF_IMPORT_SGLANG_JSONL;
}

GPtrArray *
roof_measurements_import (const char *data,
                          gsize length,
                          const char *origin,
                          const RoofImportHints *hints,
                          RoofCatalog *catalog,
                          RoofImportFormat *format,
                          GError **error)
{
  g_autoptr (GPtrArray) out = roof_measurements_new ();
  g_autoptr (JsonObject) first = NULL;
  RoofImportFormat f = ROOF_IMPORT_NATIVE;
  Import im;
  gboolean ok = TRUE;
  gsize i = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (catalog == NULL || ROOF_IS_CATALOG (catalog), NULL);

  if (origin == NULL)
    origin = "<data>";
  while (i < length && g_ascii_isspace (data[i]))
    i++;
  if (g_strstr_len (data, (gssize) MIN (length, 1 << 20), "Serving Benchmark Result") != NULL)
    f = ROOF_IMPORT_SERVING_TEXT;
  else if (i < length && data[i] == '{')
    f = json_format (data, length, &first);
  else if (g_strstr_len (data, (gssize) MIN (length, 4096), "MlperfModel") != NULL)
    f = ROOF_IMPORT_MLPERF_CSV;
  if (format != NULL)
    *format = f;

  im = (Import){ origin, hints, catalog, out };
  switch (f)
    {
    case ROOF_IMPORT_SERVING_TEXT:
      ok = import_text (&im, data, length, error);
      break;
    case ROOF_IMPORT_VLLM_JSON:
      ok = import_serving_json (&im, first, 1, "vLLM result", error);
      break;
    case ROOF_IMPORT_VLLM_LATENCY_JSON:
      ok = import_latency_json (&im, first, error);
      break;
    case ROOF_IMPORT_SGLANG_JSONL:
      ok = import_json_lines (&im, data, length, error);
      break;
    case ROOF_IMPORT_MLPERF_CSV:
      {
        g_autoptr (RoofCsv) csv = roof_csv_parse (data, length, origin, error);
        ok = csv != NULL && import_mlperf (&im, csv, error);
        break;
      }
    case ROOF_IMPORT_NATIVE:
    default:
      {
        GPtrArray *native = roof_measurements_parse (data, length, origin, catalog, error);
        if (native == NULL)
          return NULL;
        g_ptr_array_unref (g_steal_pointer (&out));
        out = native;
        break;
      }
    }
  if (!ok)
    return NULL;
  if (out->len == 0)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "%s: no measurement found", origin);
      return NULL;
    }
  return g_steal_pointer (&out);
}
