/* roof-measurement.h — measured serving results: what a benchmark reported
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A measurement is one run of a serving engine: which hardware (a device
 * and a device count, or a system), which model, the layout, the
 * precisions, the batch (concurrency), the mean prompt and output lengths,
 * the measured output tokens/s and whatever latencies the benchmark gave,
 * the engine and where the figure comes from. The file format is
 * docs/file-format.md, "Measurement files"; importers for vLLM, SGLang and
 * MLPerf are in roof-measurement-import.c; the bound each is compared with
 * is src/chart-data/roof-measured.c (docs/model.md, "Measured points").
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "roof-catalog.h"
#include "roof-solver.h"

G_BEGIN_DECLS

#define ROOF_MEASUREMENTS_FORMAT "roofline-measurements"
#define ROOF_MEASUREMENTS_VERSION 1

/* A latency the benchmark reported as mean, median and 99th percentile,
 * in seconds; NAN where it gave none. */
typedef struct
{
  double mean, p50, p99;
} RoofLatency;

typedef struct
{
  char *id;       /* unique in a set: "trtllm-h100-llama-3.1-8b-128-128" */
  char *hardware; /* a catalog device id, or NULL when `system` is given */
  char *system;   /* a catalog system id, or NULL */
  char *model;    /* a catalog model id */
  double devices; /* devices serving, in all (0: the system's size, or 1) */
  double tp, ep, pp; /* the layout; 0 = not stated (tp = devices) */
  RoofPrecision weights, kv, compute;
  double batch;  /* requests in flight (concurrency); 0 = not stated */
  double prompt; /* mean input tokens per request */
  double output; /* mean output tokens per request */
  double tokens_per_s; /* measured output tokens/s of all devices */
  /* e2e: a request's end-to-end latency, arrival to last token (a batch
   * benchmark's: the whole batch's) */
  RoofLatency ttft, tpot, itl, e2e;
  char *engine, *engine_version, *date, *source, *notes;
  gboolean builtin; /* from the bundled set: read-only */
} RoofMeasurement;

RoofMeasurement *roof_measurement_new (void);
RoofMeasurement *roof_measurement_copy (const RoofMeasurement *m);
void roof_measurement_free (RoofMeasurement *m);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RoofMeasurement, roof_measurement_free)

/* A GPtrArray that frees its RoofMeasurements. */
GPtrArray *roof_measurements_new (void);

/* The device id the measurement ran on: `hardware`, or the system's device
 * (looked up in `catalog`); NULL when neither is known. */
const char *roof_measurement_device_id (const RoofMeasurement *m, RoofCatalog *catalog);
/* Devices in all: `devices`, else the system's size, else 1. */
double roof_measurement_total_devices (const RoofMeasurement *m, RoofCatalog *catalog);
/* "TensorRT-LLM 1.0", the engine and its version (or "unknown engine"). */
char *roof_measurement_engine_label (const RoofMeasurement *m);

/* ------------------------------------------------------------------------ */
/* Files                                                                    */

/* A measurement document (JSON, "format": "roofline-measurements") or a
 * CSV table with a header row of the same field names, chosen by the first
 * character that is not a space ('{' is JSON). Each measurement is checked
 * and its ids resolved against `catalog` (roof_measurement_resolve); errors
 * are ROOF_CATALOG_ERROR_* "ORIGIN:LINE: measurements[i]: field: what". */
GPtrArray *roof_measurements_parse (const char *data,
                                    gsize length,
                                    const char *origin,
                                    RoofCatalog *catalog,
                                    GError **error);
/* The member `member` (an array of measurement objects) of the JSON object
 * document `data`: a scenario's "measurements", with line numbers. */
GPtrArray *roof_measurements_parse_member (const char *data,
                                           gsize length,
                                           const char *origin,
                                           const char *member,
                                           RoofCatalog *catalog,
                                           GError **error);
/* One object of a JSON document, as the importers build it. */
RoofMeasurement *roof_measurement_from_json (JsonObject *object,
                                             const char *where,
                                             GError **error);

JsonNode *roof_measurement_to_json (const RoofMeasurement *m);
/* {"format", "version", "measurements": […]} */
JsonNode *roof_measurements_to_document (GPtrArray *measurements);
/* The array alone, for a scenario's "measurements". */
JsonNode *roof_measurements_to_array (GPtrArray *measurements);

/* The measurement's hardware, system and model ids made catalog ids: an id
 * of the catalog is kept; anything else ("NVIDIA H100-SXM-80GB",
 * "meta-llama/Llama-3.1-8B-Instruct") is matched to the one catalog entry
 * whose id's words all appear in it, in order; none or several is
 * ROOF_CATALOG_ERROR_NOT_FOUND naming the closest ids. */
gboolean roof_measurement_resolve (RoofMeasurement *m,
                                   RoofCatalog *catalog,
                                   const char *where,
                                   GError **error);
/* The catalog id of `kind` that `text` names (as above), or NULL with the
 * error. */
char *roof_catalog_match_id (RoofCatalog *catalog,
                             RoofEntryKind kind,
                             const char *text,
                             GError **error);

/* ------------------------------------------------------------------------ */
/* Importing what benchmarks print (roof-measurement-import.c)              */

typedef enum
{
  ROOF_IMPORT_NATIVE,      /* a measurement file, JSON or CSV */
  ROOF_IMPORT_VLLM_JSON,   /* vLLM benchmark_serving --save-result */
  ROOF_IMPORT_VLLM_LATENCY_JSON, /* vLLM benchmark_latency --output-json */
  ROOF_IMPORT_SERVING_TEXT, /* the printed "Serving Benchmark Result" block (vLLM, SGLang) */
  ROOF_IMPORT_SGLANG_JSONL, /* SGLang bench_serving --output-file, one result a line */
  ROOF_IMPORT_MLPERF_CSV,  /* the MLPerf Inference results table */
} RoofImportFormat;

const char *roof_import_format_name (RoofImportFormat format);

/* A result that lacks what only the user can say: the app asks for it and
 * imports again with the answer in the hints (the CLI's flags). */
#define ROOF_MEASUREMENT_ERROR (roof_measurement_error_quark ())
GQuark roof_measurement_error_quark (void);

typedef enum
{
  ROOF_MEASUREMENT_ERROR_NEEDS_MODEL,    /* the model it served */
  ROOF_MEASUREMENT_ERROR_NEEDS_HARDWARE, /* the device or system it ran on */
  ROOF_MEASUREMENT_ERROR_NEEDS_LENGTHS,  /* the mean prompt and output tokens */
  ROOF_MEASUREMENT_ERROR_NEEDS_BATCH,    /* the requests in flight */
} RoofMeasurementError;

/* What a file may not say, from the user (roofline-cli's flags): a value
 * given here replaces the file's; NULL or 0 leaves it. */
typedef struct
{
  const char *hardware, *system, *model;
  double devices, tp, ep, pp;
  double batch, prompt, output;
  const char *precision, *kv_precision;
  const char *engine_version, *date, *source;
} RoofImportHints;

/* The measurements of any format above, recognised from its content;
 * `*format` (may be NULL) says which. Errors name the file, the line and
 * the field. */
GPtrArray *roof_measurements_import (const char *data,
                                     gsize length,
                                     const char *origin,
                                     const RoofImportHints *hints,
                                     RoofCatalog *catalog,
                                     RoofImportFormat *format,
                                     GError **error);

/* ------------------------------------------------------------------------ */
/* The bundled set and the user's                                          */

/* The published measurements compiled in (data/catalog/measurements.json),
 * each marked builtin; a new array. */
GPtrArray *roof_measurements_bundled (RoofCatalog *catalog, GError **error);

/* $XDG_DATA_HOME/roofline/measurements.json */
GFile *roof_measurements_default_file (void);
/* The user's measurements: an empty set when the file does not exist. */
GPtrArray *roof_measurements_load_file (GFile *file, RoofCatalog *catalog, GError **error);
/* Written with roof_file_save (temporary file, fsync, FILE~, rename). */
gboolean roof_measurements_save_file (GPtrArray *measurements, GFile *file, GError **error);

/* Adds `added` to the user's measurements in `file` (read, then written
 * with roof_file_save), each first given an id that no measurement of the
 * file, the bundled set or `also_taken` (may be NULL: a scenario's) has.
 * On failure the file is as it was. */
gboolean roof_measurements_add_to_file (GPtrArray *added,
                                        GFile *file,
                                        RoofCatalog *catalog,
                                        GPtrArray *also_taken,
                                        GError **error);

/* Gives `m` an id no measurement of `set` has, from its engine, device,
 * model and lengths, unless it has one that is free. */
void roof_measurement_assign_id (RoofMeasurement *m, GPtrArray *set, RoofCatalog *catalog);
/* The measurement of `set` with `id`, or NULL. */
RoofMeasurement *roof_measurements_find (GPtrArray *set, const char *id);

G_END_DECLS
