/* roof-scenario-file.c — a scenario read from and written to its file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The scenario file:
 *
 *   {
 *     "format": "roofline-scenario",
 *     "version": 2,
 *     "hardware": ["nvidia-h100-sxm", "nvidia-h200-sxm"],   required, ids
 *     "model": "llama-3.1-70b",                              required, an id
 *     "workload": {
 *       "phase": "decode",            decode | prefill
 *       "batch": 1,                   sequences, > 0
 *       "context": 4096,              tokens cached at a decode step, ≥ 0
 *       "prompt": 1024,               tokens, > 0
 *       "output": 256,                tokens, ≥ 0
 *       "weights": "bf16", "kv": "bf16", "activations": "bf16", "compute": "bf16",
 *       "bytes_per_weight": 0.53,     optional: overrides the weights precision
 *       "attention_span": 2048,       optional: sparse attention span (0 = full)
 *       "devices": 1,                 tensor-parallel devices, whole number ≥ 1
 *       "overlap": "max",             max | sum
 *       "overhead_us": 0              fixed time per step, µs
 *     },
 *     "layout": {                     version 2; absent: bare devices, TP only
 *       "system": "nvidia-gb200-nvl72",   optional: the system the layout runs on
 *       "tp": 1, "ep": 72, "pp": 1, "dp": 1,   whole numbers ≥ 1 (tp is workload.devices)
 *       "attention": "data",          data | tensor: attention beside EP
 *       "ep_imbalance": 1,            busiest device's routed load / mean, ≥ 1
 *       "microbatches": 0             pipeline microbatches in flight; 0 = pp
 *     },
 *     "sla": { "itl_ms": 50, "ttft_ms": 0, "tokens_per_s": 0 },   0 or absent: no target
 *     "chart": {
 *       "kind": "roofline",           roofline cost sensitivity batch context memory trend
 *       "ceilings": ["bf16", "fp8"],  compute ceilings drawn on the roofline
 *       "sensitivity_step": 0.01,     (0, 0.5]
 *       "batch_range": [1, 4096],
 *       "context_range": [128, 131072],
 *       "colors": { "nvidia-h100-sxm": "#0072b2" },  series colours the user chose
 *       "published_measurements": false,   the bundled measured results drawn
 *       "calibrated": false,          calibrated copies of the devices drawn
 *       "measured_hidden": ["vLLM, result.json"],  measured sources left out
 *       "frontier_y": "device",       device | kw | usd: the frontier chart's y axis
 *       "frontier_linear": false      its axes linear (false: logarithmic)
 *     },
 *     "catalog": { "hardware": [...], "models": [...], "systems": [...] }   custom entries it uses
 *   }
 *
 * Everything but format, version, hardware and model is optional; absent
 * workload and chart fields take the values shown, absent SLA fields mean no
 * target. Unknown fields are kept: saving merges the known ones into the
 * object as loaded.
 */
#include "config.h"

#include "roof-scenario.h"

#include <math.h>
#include <string.h>

#include "roof-catalog-private.h"
#include "roof-json.h"
#include "roof-measurement-private.h"
#include "roof-scenario-private.h"

static const char *const chart_names[] = { ROOF_PLOT_KINDS (ROOF_PLOT_KIND_NAME) NULL };

static const char *const precisions[] = {
  "fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "int8", "int4", "fp4", NULL,
};
static const char *const phases[] = { "decode", "prefill", NULL };
static const char *const overlaps[] = { "max", "sum", NULL };
/* roof_frontier_metric_name () */
static const char *const frontier_metrics[] = { "device", "kw", "usd", NULL };
/* roof_attn_parallel_name () */
static const char *const attn_parallels[] = { "data", "tensor", NULL };
static const char *const cost_bases[] = { "rent", "own", NULL };

/* clang-format off */
static const RoofFieldSpec scenario_fields[] = {
  /* checked first, by roof_check_format_tag (); required here for the docs */
  { .path = "format", .type = ROOF_FIELD_STRING, .required = TRUE },
  { .path = "version", .type = ROOF_FIELD_INTEGER, .required = TRUE, .min = 1, .max = 1e9 },
  { .path = "hardware", .type = ROOF_FIELD_STRINGS, .required = TRUE },
  { .path = "model", .type = ROOF_FIELD_STRING, .required = TRUE },
  { .path = "workload.phase", .type = ROOF_FIELD_ENUM, .choices = phases },
  { .path = "workload.batch", .type = ROOF_FIELD_NUMBER, .min = 0, .min_exclusive = TRUE,
    .max = 1e9 },
  { .path = "workload.context", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 1e10 },
  { .path = "workload.prompt", .type = ROOF_FIELD_NUMBER, .min = 0, .min_exclusive = TRUE,
    .max = 1e10 },
  { .path = "workload.output", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 1e10 },
  { .path = "workload.weights", .type = ROOF_FIELD_ENUM, .choices = precisions },
  { .path = "workload.kv", .type = ROOF_FIELD_ENUM, .choices = precisions },
  { .path = "workload.activations", .type = ROOF_FIELD_ENUM, .choices = precisions },
  { .path = "workload.compute", .type = ROOF_FIELD_ENUM, .choices = precisions },
  { .path = "workload.bytes_per_weight", .type = ROOF_FIELD_NUMBER, .min = 0,
    .min_exclusive = TRUE, .max = 64 },
  { .path = "workload.attention_span", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 1e10 },
  { .path = "workload.devices", .type = ROOF_FIELD_INTEGER, .min = 1, .max = 1e6 },
  { .path = "workload.overlap", .type = ROOF_FIELD_ENUM, .choices = overlaps },
  { .path = "workload.overhead_us", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 1e10 },
  { .path = "layout.system", .type = ROOF_FIELD_STRING },
  { .path = "layout.tp", .type = ROOF_FIELD_INTEGER, .min = 1, .max = 1e6 },
  { .path = "layout.ep", .type = ROOF_FIELD_INTEGER, .min = 1, .max = 1e6 },
  { .path = "layout.pp", .type = ROOF_FIELD_INTEGER, .min = 1, .max = 1e6 },
  { .path = "layout.dp", .type = ROOF_FIELD_INTEGER, .min = 1, .max = 1e6 },
  { .path = "layout.attention", .type = ROOF_FIELD_ENUM, .choices = attn_parallels },
  { .path = "layout.ep_imbalance", .type = ROOF_FIELD_NUMBER, .min = 1, .max = 1e3 },
  { .path = "layout.microbatches", .type = ROOF_FIELD_INTEGER, .min = 0, .max = 1e6 },
  { .path = "sla.itl_ms", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 1e9 },
  { .path = "sla.ttft_ms", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 1e9 },
  { .path = "sla.tokens_per_s", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 1e15 },
  { .path = "speculative.k", .type = ROOF_FIELD_INTEGER, .min = 1, .max = 64 },
  { .path = "speculative.accept", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 0.999999 },
  { .path = "speculative.draft_model", .type = ROOF_FIELD_STRING },
  { .path = "speculative.mtp_params", .type = ROOF_FIELD_NUMBER, .min = 0,
    .min_exclusive = TRUE, .max = 1e15 },
  { .path = "disagg.enabled", .type = ROOF_FIELD_BOOLEAN },
  { .path = "disagg.prefill_system", .type = ROOF_FIELD_STRING },
  { .path = "disagg.prefill_hardware", .type = ROOF_FIELD_STRING },
  { .path = "disagg.prefill_tp", .type = ROOF_FIELD_INTEGER, .min = 1, .max = 1e6 },
  { .path = "disagg.prefill_ep", .type = ROOF_FIELD_INTEGER, .min = 1, .max = 1e6 },
  { .path = "disagg.prefill_batch", .type = ROOF_FIELD_INTEGER, .min = 1, .max = 1e9 },
  { .path = "cost.basis", .type = ROOF_FIELD_ENUM, .choices = cost_bases },
  { .path = "cost.capex_usd", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 1e12 },
  { .path = "cost.years", .type = ROOF_FIELD_NUMBER, .min = 0, .min_exclusive = TRUE,
    .max = 100 },
  { .path = "cost.usd_per_kwh", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 1000 },
  { .path = "cost.pue", .type = ROOF_FIELD_NUMBER, .min = 1, .max = 10 },
  { .path = "fleet.rate", .type = ROOF_FIELD_NUMBER, .min = 0, .min_exclusive = TRUE,
    .max = 1e9 },
  { .path = "fleet.lengths", .type = ROOF_FIELD_STRING },
  { .path = "fleet.ttft_p50_ms", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 1e9 },
  { .path = "fleet.ttft_p99_ms", .type = ROOF_FIELD_NUMBER, .min = 0, .max = 1e9 },
  { .path = "chart.kind", .type = ROOF_FIELD_ENUM, .choices = chart_names },
  { .path = "chart.ceilings", .type = ROOF_FIELD_STRINGS, .choices = precisions },
  { .path = "chart.sensitivity_step", .type = ROOF_FIELD_NUMBER, .min = 0,
    .min_exclusive = TRUE, .max = 0.5 },
  { .path = "chart.batch_range", .type = ROOF_FIELD_RANGE, .min = 0, .min_exclusive = TRUE,
    .max = 1e9 },
  { .path = "chart.context_range", .type = ROOF_FIELD_RANGE, .min = 0, .min_exclusive = TRUE,
    .max = 1e10 },
  { .path = "chart.colors", .type = ROOF_FIELD_COLOR_MAP },
  { .path = "chart.published_measurements", .type = ROOF_FIELD_BOOLEAN },
  { .path = "chart.calibrated", .type = ROOF_FIELD_BOOLEAN },
  { .path = "chart.measured_hidden", .type = ROOF_FIELD_STRINGS },
  { .path = "chart.frontier_y", .type = ROOF_FIELD_ENUM, .choices = frontier_metrics },
  { .path = "chart.frontier_linear", .type = ROOF_FIELD_BOOLEAN },
  { NULL }
};
/* clang-format on */

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

/* 0 means 1 in the workload's layout fields: the value a file says */
static double
at_least_one (double v)
{
  return v > 0 ? v : 1;
}

static RoofPrecision
precision_member (JsonObject *root, const char *path, RoofPrecision fallback)
{
  RoofPrecision p = fallback;
  const char *name = roof_json_get_string (root, path);

  if (name != NULL)
    roof_precision_from_name (name, &p);
  return p;
}

static void
read_range (JsonObject *root, const char *path, double *lo, double *hi)
{
  JsonNode *node = roof_json_path_get (root, path);

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      *lo = roof_json_node_get_number (json_array_get_element (array, 0));
      *hi = roof_json_node_get_number (json_array_get_element (array, 1));
    }
}

/* Reads the (validated) document into `self`. */
static void
read_document (RoofScenario *self, JsonObject *root)
{
  RoofWorkload *wl = &self->workload;
  const char *name;
  JsonNode *node;

  g_strfreev (self->hardware);
  self->hardware = roof_json_dup_strv (root, "hardware");
  g_free (self->model);
  self->model = g_strdup (roof_json_get_string (root, "model"));

  if ((name = roof_json_get_string (root, "workload.phase")) != NULL)
    roof_phase_from_name (name, &wl->phase);
  wl->batch = roof_json_get_number (root, "workload.batch", wl->batch);
  wl->context = roof_json_get_number (root, "workload.context", wl->context);
  wl->prompt = roof_json_get_number (root, "workload.prompt", wl->prompt);
  wl->output = roof_json_get_number (root, "workload.output", wl->output);
  wl->weights = precision_member (root, "workload.weights", wl->weights);
  wl->kv = precision_member (root, "workload.kv", wl->kv);
  wl->activations = precision_member (root, "workload.activations", wl->activations);
  wl->compute = precision_member (root, "workload.compute", wl->compute);
  wl->bytes_per_weight = roof_json_get_number (root, "workload.bytes_per_weight", 0);
  wl->attention_span = roof_json_get_number (root, "workload.attention_span", 0);
  wl->devices = roof_json_get_number (root, "workload.devices", wl->devices);
  if ((name = roof_json_get_string (root, "workload.overlap")) != NULL)
    roof_overlap_from_name (name, &wl->overlap);
  /* dividing by the exact 1e6 gives the double nearest the decimal value, so
   * 12.5 µs reads as 12.5e-6 and round15 (12.5e-6 × 1e6) writes 12.5 again */
  wl->overhead = roof_json_get_number (root, "workload.overhead_us", 0) / 1e6;

  /* the layout; tp is workload.devices (checked to agree when both given) */
  g_free (self->system);
  self->system = g_strdup (roof_json_get_string (root, "layout.system"));
  wl->devices = roof_json_get_number (root, "layout.tp", wl->devices);
  wl->ep = roof_json_get_number (root, "layout.ep", wl->ep);
  wl->pp = roof_json_get_number (root, "layout.pp", wl->pp);
  wl->dp = roof_json_get_number (root, "layout.dp", wl->dp);
  if ((name = roof_json_get_string (root, "layout.attention")) != NULL)
    roof_attn_parallel_from_name (name, &wl->attn_parallel);
  wl->ep_imbalance = roof_json_get_number (root, "layout.ep_imbalance", wl->ep_imbalance);
  wl->microbatches = roof_json_get_number (root, "layout.microbatches", wl->microbatches);

  roof_sla_init (&self->sla);
  self->sla.itl = roof_json_get_number (root, "sla.itl_ms", 0) / 1e3;
  self->sla.ttft = roof_json_get_number (root, "sla.ttft_ms", 0) / 1e3;
  self->sla.tokens_per_s = roof_json_get_number (root, "sla.tokens_per_s", 0);

  if ((name = roof_json_get_string (root, "chart.kind")) != NULL)
    roof_plot_kind_from_name (name, &self->chart);
  node = roof_json_path_get (root, "chart.ceilings");
  if (node != NULL)
    {
      JsonArray *array = json_node_get_array (node);

      self->ceilings = 0;
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          RoofPrecision p;

          if (roof_precision_from_name (json_array_get_string_element (array, i), &p))
            self->ceilings |= 1u << p;
        }
    }
  self->sensitivity_step
    = roof_json_get_number (root, "chart.sensitivity_step", self->sensitivity_step);
  read_range (root, "chart.batch_range", &self->batch_lo, &self->batch_hi);
  read_range (root, "chart.context_range", &self->context_lo, &self->context_hi);
  self->published_measurements
    = roof_json_get_boolean (root, "chart.published_measurements", FALSE);
  if ((name = roof_json_get_string (root, "chart.frontier_y")) != NULL)
    roof_frontier_metric_from_name (name, &self->frontier_y);
  self->frontier_linear = roof_json_get_boolean (root, "chart.frontier_linear", FALSE);
  self->show_calibrated = roof_json_get_boolean (root, "chart.calibrated", FALSE);
  node = roof_json_path_get (root, "chart.measured_hidden");
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      g_autoptr (GStrvBuilder) hidden = g_strv_builder_new ();
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        g_strv_builder_add (hidden, json_array_get_string_element (array, i));
      roof_scenario_take_measured_hidden (self, g_strv_builder_end (hidden));
    }
  g_hash_table_remove_all (self->custom_colors);
  node = roof_json_path_get (root, "chart.colors");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      g_auto (RoofObjectIter) iter = { 0 };
      const char *id;
      JsonNode *member;
      guint32 rgb;

      roof_object_iter_init (&iter, json_node_get_object (node));
      while (roof_object_iter_next (&iter, &id, &member))
        if (roof_scenario_parse_color (json_node_get_string (member), &rgb))
          g_hash_table_insert (self->custom_colors, g_strdup (id), GUINT_TO_POINTER (rgb));
    }
}

/* chart.colors, in the order of the ids; NULL when the user chose none. */
static JsonObject *
colors_object (RoofScenario *self)
{
  if (g_hash_table_size (self->custom_colors) == 0)
    return NULL;
  GList *ids = g_list_sort (g_hash_table_get_keys (self->custom_colors), (GCompareFunc) g_strcmp0);
  JsonObject *colors = json_object_new ();
  for (GList *l = ids; l != NULL; l = l->next)
    {
      char hex[8];
      g_snprintf (hex, sizeof hex, "#%06x",
                  GPOINTER_TO_UINT (g_hash_table_lookup (self->custom_colors, l->data)));
      json_object_set_string_member (colors, l->data, hex);
    }
  g_list_free (ids);
  return colors;
}

/* Appends a reference to `spec` (may be NULL) when a file must carry it and
 * `out` does not hold it yet. */
static void
add_if_custom (GPtrArray *out, gpointer spec)
{
  if (spec != NULL && roof_spec_is_custom (ROOF_SPEC (spec))
      && !g_ptr_array_find (out, spec, NULL))
    g_ptr_array_add (out, g_object_ref (spec));
}

static void
set_number (JsonObject *object, const char *name, double value)
{
  json_object_set_member (object, name, roof_json_node_new_number (value));
}

static JsonArray *
range_array (double lo, double hi)
{
  JsonArray *array = json_array_new ();

  json_array_add_element (array, roof_json_node_new_number (lo));
  json_array_add_element (array, roof_json_node_new_number (hi));
  return array;
}

/* layout.tp and workload.devices, when both are given, say the same. */
static gboolean
check_tp (JsonObject *root, const char *origin, GError **error)
{
  JsonNode *tp = roof_json_path_get (root, "layout.tp");
  JsonNode *devices = roof_json_path_get (root, "workload.devices");
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];

  if (tp == NULL || devices == NULL
      || roof_json_node_get_number (tp) == roof_json_node_get_number (devices))
    return TRUE;
  g_ascii_formatd (a, sizeof a, "%g", roof_json_node_get_number (tp));
  g_ascii_formatd (b, sizeof b, "%g", roof_json_node_get_number (devices));
  g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
               "%s: layout.tp %s and workload.devices %s disagree (both are the "
               "tensor-parallel degree; give one, or the same)",
               origin, a, b);
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

const RoofFieldSpec *
roof_scenario_schema (void)
{
  return scenario_fields;
}

static gboolean
resolve_measurements (GPtrArray *set,
                      RoofCatalog *embedded,
                      RoofCatalog *catalog,
                      const char *origin,
                      GError **error)
{
  for (guint i = 0; set != NULL && i < set->len; i++)
    {
      RoofMeasurement *m = g_ptr_array_index (set, i);
      g_autofree char *where = g_strdup_printf ("%s: measurements[%u]", origin, i);

      /* an entry the scenario embeds, else one of the catalog in use */
      if (!roof_measurement_resolve_in (m, embedded, catalog, where, error))
        return FALSE;
    }
  return TRUE;
}

/* The hardware ids, each listed once. */
static gboolean
check_hardware_unique (char **hardware, const char *origin, GError **error)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; hardware[i] != NULL; i++)
    {
      gpointer first;

      if (g_hash_table_lookup_extended (seen, hardware[i], NULL, &first))
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_DUPLICATE,
                       "%s: hardware[%u] \"%s\" is listed twice (also hardware[%u])", origin, i,
                       hardware[i], GPOINTER_TO_UINT (first));
          return FALSE;
        }
      g_hash_table_insert (seen, hardware[i], GUINT_TO_POINTER (i));
    }
  return TRUE;
}

/* Checks every id the scenario names against its embedded entries and
 * `catalog`, then adds the embedded entries to `catalog` (nothing is added
 * when a check fails). */
static gboolean
resolve_in_catalog (RoofScenario *self,
                    JsonNode *catalog_node,
                    GPtrArray *measurements,
                    RoofCatalog *catalog,
                    const char *origin,
                    GPtrArray *warnings,
                    GError **error)
{
  /* validate the embedded entries apart, so a failure changes nothing */
  g_autoptr (RoofCatalog) embedded = roof_catalog_new ();

  /* its systems may be built from devices of the catalog in use */
  if (catalog_node != NULL
      && !roof_catalog_load_object_in (embedded, json_node_get_object (catalog_node), origin,
                                       catalog, warnings, error))
    return FALSE;

  for (guint i = 0; self->hardware[i] != NULL; i++)
    if (roof_catalog_find_hardware (embedded, self->hardware[i]) == NULL
        && roof_catalog_lookup_hardware (catalog, self->hardware[i], error) == NULL)
      {
        g_prefix_error (error, "%s: ", origin);
        return FALSE;
      }
  if (roof_catalog_find_model (embedded, self->model) == NULL
      && roof_catalog_lookup_model (catalog, self->model, error) == NULL)
    {
      g_prefix_error (error, "%s: ", origin);
      return FALSE;
    }
  if (self->system != NULL && roof_catalog_find_system (embedded, self->system) == NULL
      && roof_catalog_lookup_system (catalog, self->system, error) == NULL)
    {
      g_prefix_error (error, "%s: layout.system: ", origin);
      return FALSE;
    }

  if (!resolve_measurements (measurements, embedded, catalog, origin, error))
    return FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (roof_catalog_get_hardware (embedded)); i++)
    {
      g_autoptr (RoofHardwareSpec) spec
        = g_list_model_get_item (roof_catalog_get_hardware (embedded), i);

      roof_catalog_add_hardware (catalog, spec);
    }
  for (guint i = 0; i < g_list_model_get_n_items (roof_catalog_get_models (embedded)); i++)
    {
      g_autoptr (RoofModelSpec) spec
        = g_list_model_get_item (roof_catalog_get_models (embedded), i);

      roof_catalog_add_model (catalog, spec);
    }
  for (guint i = 0; i < g_list_model_get_n_items (roof_catalog_get_systems (embedded)); i++)
    {
      g_autoptr (RoofSystemSpec) spec
        = g_list_model_get_item (roof_catalog_get_systems (embedded), i);

      roof_catalog_add_system (catalog, spec);
    }
  return TRUE;
}

RoofScenario *
roof_scenario_load_data (const char *data,
                         gssize length,
                         const char *origin,
                         RoofCatalog *catalog,
                         GPtrArray *warnings,
                         GError **error)
{
  static const char *const opaque[] = { "catalog", "measurements", NULL };
  const RoofSchemaWalk walk = {
    .rows = scenario_fields,
    .kind = ROOF_ENTRY_MODEL, /* unused: no entry predicates here */
    .is_entry = FALSE,
    .opaque_paths = opaque,
  };
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (RoofScenario) self = NULL;
  g_autoptr (GPtrArray) measurements = NULL;
  JsonObject *root;
  JsonNode *catalog_node;
  RoofError err = { 0 };

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (catalog == NULL || ROOF_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (origin == NULL)
    origin = "<data>";
  node = roof_json_parse_document (data, length, origin, "scenario", error);
  if (node == NULL)
    return NULL;
  root = json_node_get_object (node);

  if (!roof_check_format_tag (root, origin, ROOF_SCENARIO_FORMAT, ROOF_SCENARIO_VERSION,
                              "scenario", error))
    return NULL;
  if (!roof_schema_check_object (&walk, root, origin, warnings, error))
    return NULL;

  catalog_node = json_object_get_member (root, "catalog");
  if (catalog_node != NULL && !JSON_NODE_HOLDS_OBJECT (catalog_node))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "%s: catalog must be an object, got %s", origin,
                   roof_json_node_kind (catalog_node));
      return NULL;
    }

  /* unknown members are kept and saved back: an infinity there would come
   * back as null (the embedded catalog checks its own, when it is read) */
  if (!roof_json_object_check_finite (root, origin, NULL, catalog != NULL ? "catalog" : NULL,
                                      error))
    return NULL;

  if (!check_tp (root, origin, error))
    return NULL;

  /* ids are checked below, against the embedded entries too */
  if (json_object_has_member (root, "measurements"))
    {
      measurements = roof_measurements_parse_member (data, length < 0 ? strlen (data) : (gsize) length,
                                                     origin, "measurements", NULL, error);
      if (measurements == NULL)
        return NULL;
    }

  self = g_object_new (ROOF_TYPE_SCENARIO, NULL);
  read_document (self, root);
  if (!roof_scenario_levers_read (&self->levers, root, origin, error)
      || !roof_scenario_fleet_read (&self->fleet, root, origin, error))
    return NULL;
  if (self->levers.spec_k > 0.0)
    self->spec_k = self->levers.spec_k;

  if (roof_workload_validate (&self->workload, &err) != ROOF_OK)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID, "%s: workload: %s",
                   origin, err.message);
      return NULL;
    }

  if (!check_hardware_unique (self->hardware, origin, error))
    return NULL;

  if (catalog != NULL
      && !resolve_in_catalog (self, catalog_node, measurements, catalog, origin, warnings, error))
    return NULL;

  if (measurements != NULL)
    roof_scenario_set_measurements (self, measurements);
  self->original = json_object_ref (root);
  return g_steal_pointer (&self);
}

RoofScenario *
roof_scenario_load_file (GFile *file, RoofCatalog *catalog, GPtrArray *warnings, GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *origin = NULL;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!roof_file_read (file, ROOF_FILE_READ_REGULAR, &contents, &length, error))
    return NULL;
  origin = g_file_get_parse_name (file);
  return roof_scenario_load_data (contents, (gssize) length, origin, catalog, warnings, error);
}

static JsonNode *
true_node (gboolean value)
{
  return value ? json_node_init_boolean (json_node_alloc (), TRUE) : NULL;
}

/* The "chart" object: the view, its ceilings and ranges, and the settings
 * written only when not their default. */
static void
write_chart (RoofScenario *self, JsonObject *root)
{
  JsonObject *object = roof_json_object_section (root, "chart", TRUE);
  JsonObject *colors = colors_object (self);
  JsonArray *array = json_array_new ();
  JsonNode *hidden = NULL;

  json_object_set_string_member (object, "kind", roof_plot_kind_name (self->chart));
  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    if (self->ceilings & (1u << p))
      json_array_add_string_element (array, roof_precision_name ((RoofPrecision) p));
  json_object_set_array_member (object, "ceilings", array);
  set_number (object, "sensitivity_step", self->sensitivity_step);
  json_object_set_array_member (object, "batch_range",
                                range_array (self->batch_lo, self->batch_hi));
  json_object_set_array_member (object, "context_range",
                                range_array (self->context_lo, self->context_hi));
  roof_json_object_put (object, "published_measurements",
                        true_node (self->published_measurements));
  roof_json_object_put (object, "frontier_y",
                        roof_json_node_new_string_or_null (
                          self->frontier_y != ROOF_FRONTIER_PER_DEVICE
                            ? roof_frontier_metric_name (self->frontier_y)
                            : NULL));
  roof_json_object_put (object, "frontier_linear", true_node (self->frontier_linear));
  roof_json_object_put (object, "calibrated", true_node (self->show_calibrated));
  if (self->measured_hidden[0] != NULL)
    {
      array = json_array_new ();
      for (guint i = 0; self->measured_hidden[i] != NULL; i++)
        json_array_add_string_element (array, self->measured_hidden[i]);
      hidden = json_node_init_array (json_node_alloc (), array);
      json_array_unref (array);
    }
  roof_json_object_put (object, "measured_hidden", hidden);
  roof_json_object_put (object, "colors",
                        colors != NULL ? json_node_init_object (json_node_alloc (), colors)
                                       : NULL);
  if (colors != NULL)
    json_object_unref (colors);
}

JsonNode *
roof_scenario_to_json (RoofScenario *self, RoofCatalog *catalog)
{
  JsonObject *root;
  JsonObject *object;
  JsonArray *array;
  JsonNode *node;
  const RoofWorkload *wl;

  g_return_val_if_fail (ROOF_IS_SCENARIO (self), NULL);
  g_return_val_if_fail (catalog == NULL || ROOF_IS_CATALOG (catalog), NULL);

  wl = &self->workload;
  root = self->original != NULL ? roof_json_object_deep_copy (self->original) : json_object_new ();

  json_object_set_string_member (root, "format", ROOF_SCENARIO_FORMAT);
  json_object_set_int_member (root, "version", ROOF_SCENARIO_VERSION);
  array = json_array_new ();
  for (guint i = 0; self->hardware[i] != NULL; i++)
    json_array_add_string_element (array, self->hardware[i]);
  json_object_set_array_member (root, "hardware", array);
  json_object_set_string_member (root, "model", self->model);

  object = roof_json_object_section (root, "workload", TRUE);
  json_object_set_string_member (object, "phase", roof_phase_name (wl->phase));
  set_number (object, "batch", wl->batch);
  set_number (object, "context", wl->context);
  set_number (object, "prompt", wl->prompt);
  set_number (object, "output", wl->output);
  json_object_set_string_member (object, "weights", roof_precision_name (wl->weights));
  json_object_set_string_member (object, "kv", roof_precision_name (wl->kv));
  json_object_set_string_member (object, "activations", roof_precision_name (wl->activations));
  json_object_set_string_member (object, "compute", roof_precision_name (wl->compute));
  if (wl->bytes_per_weight > 0)
    set_number (object, "bytes_per_weight", wl->bytes_per_weight);
  else if (json_object_has_member (object, "bytes_per_weight"))
    json_object_remove_member (object, "bytes_per_weight");
  if (wl->attention_span > 0)
    set_number (object, "attention_span", wl->attention_span);
  else if (json_object_has_member (object, "attention_span"))
    json_object_remove_member (object, "attention_span");
  set_number (object, "devices", wl->devices);
  json_object_set_string_member (object, "overlap", roof_overlap_name (wl->overlap));
  set_number (object, "overhead_us", roof_json_round15 (wl->overhead * 1e6));

  object = roof_json_object_section (root, "layout", TRUE);
  roof_json_object_put (object, "system", roof_json_node_new_string_or_null (self->system));
  set_number (object, "tp", wl->devices);
  set_number (object, "ep", at_least_one (wl->ep));
  set_number (object, "pp", at_least_one (wl->pp));
  set_number (object, "dp", at_least_one (wl->dp));
  json_object_set_string_member (object, "attention", roof_attn_parallel_name (wl->attn_parallel));
  set_number (object, "ep_imbalance", at_least_one (wl->ep_imbalance));
  set_number (object, "microbatches", wl->microbatches);

  object = roof_json_object_section (root, "sla", TRUE);
  set_number (object, "itl_ms", roof_json_round15 (self->sla.itl * 1e3));
  set_number (object, "ttft_ms", roof_json_round15 (self->sla.ttft * 1e3));
  set_number (object, "tokens_per_s", self->sla.tokens_per_s);

  write_chart (self, root);

  roof_scenario_levers_write (&self->levers, root);
  roof_scenario_fleet_write (&self->fleet, root);

  if (catalog != NULL)
    {
      g_autoptr (GPtrArray) hardware = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr (GPtrArray) models = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr (GPtrArray) systems = g_ptr_array_new_with_free_func (g_object_unref);
      RoofSystemSpec *system = self->system ? roof_catalog_find_system (catalog, self->system)
                                            : NULL;
      RoofModelSpec *model;

      for (guint i = 0; self->hardware[i] != NULL; i++)
        add_if_custom (hardware, roof_catalog_find_hardware (catalog, self->hardware[i]));
      /* the layout's system, and the device it is built from: the file alone
       * reproduces it */
      if (system != NULL)
        {
          const char *device = roof_system_spec_get_device (system);

          add_if_custom (systems, system);
          add_if_custom (hardware, roof_catalog_find_hardware (catalog, device));
        }
      model = roof_catalog_find_model (catalog, self->model);
      add_if_custom (models, model);

      roof_json_object_put (root, "catalog",
                            hardware->len > 0 || models->len > 0 || systems->len > 0
                              ? roof_catalog_build_document_with_systems (
                                  hardware->len ? hardware : NULL, models->len ? models : NULL,
                                  systems->len ? systems : NULL)
                              : NULL);
    }

  roof_json_object_put (root, "measurements",
                        self->measurements->len > 0
                          ? roof_measurements_to_array (self->measurements)
                          : NULL);

  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, root);
  return node;
}

gboolean
roof_scenario_save_file (RoofScenario *self, RoofCatalog *catalog, GFile *file, GError **error)
{
  g_autoptr (JsonNode) root = NULL;

  g_return_val_if_fail (ROOF_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  root = roof_scenario_to_json (self, catalog);
  return roof_json_save_atomic (root, file, error);
}
