/* roof-measurement.c — a measured result: its fields, JSON and CSV
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One table of fields (`fields` below) reads a JSON object and a CSV row
 * alike and writes the JSON; docs/file-format.md, "Measurement files",
 * lists the same names (tests/catalog/test-measurement.c checks them
 * against each other).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-measurement-private.h"

typedef enum
{
  FIELD_STRING,
  FIELD_NUMBER,    /* > min (or ≥ min with `inclusive`) */
  FIELD_COUNT,     /* whole number ≥ 1 */
  FIELD_PRECISION, /* a precision name */
  FIELD_MS,        /* milliseconds ≥ 0 in the file, seconds in memory */
} FieldType;

typedef struct
{
  const char *name;
  FieldType type;
  gsize offset;
  double min;
  gboolean inclusive;
} Field;

#define OFF(member) G_STRUCT_OFFSET (RoofMeasurement, member)

static const Field fields[] = {
  { "id", FIELD_STRING, OFF (id) },
  { "hardware", FIELD_STRING, OFF (hardware) },
  { "system", FIELD_STRING, OFF (system) },
  { "model", FIELD_STRING, OFF (model) },
  { "devices", FIELD_COUNT, OFF (devices) },
  { "tp", FIELD_COUNT, OFF (tp) },
  { "ep", FIELD_COUNT, OFF (ep) },
  { "pp", FIELD_COUNT, OFF (pp) },
  { "precision", FIELD_PRECISION, OFF (weights) },
  { "kv_precision", FIELD_PRECISION, OFF (kv) },
  { "compute_precision", FIELD_PRECISION, OFF (compute) },
  { "batch", FIELD_NUMBER, OFF (batch), 1.0, TRUE },
  { "prompt_tokens", FIELD_NUMBER, OFF (prompt), 0.0, FALSE },
  { "output_tokens", FIELD_NUMBER, OFF (output), 1.0, TRUE },
  { "tokens_per_s", FIELD_NUMBER, OFF (tokens_per_s), 0.0, FALSE },
  { "ttft_ms_mean", FIELD_MS, OFF (ttft.mean) },
  { "ttft_ms_p50", FIELD_MS, OFF (ttft.p50) },
  { "ttft_ms_p99", FIELD_MS, OFF (ttft.p99) },
  { "tpot_ms_mean", FIELD_MS, OFF (tpot.mean) },
  { "tpot_ms_p50", FIELD_MS, OFF (tpot.p50) },
  { "tpot_ms_p99", FIELD_MS, OFF (tpot.p99) },
  { "itl_ms_mean", FIELD_MS, OFF (itl.mean) },
  { "itl_ms_p50", FIELD_MS, OFF (itl.p50) },
  { "itl_ms_p99", FIELD_MS, OFF (itl.p99) },
  { "e2e_latency_ms_mean", FIELD_MS, OFF (e2e.mean) },
  { "e2e_latency_ms_p50", FIELD_MS, OFF (e2e.p50) },
  { "e2e_latency_ms_p99", FIELD_MS, OFF (e2e.p99) },
  { "engine", FIELD_STRING, OFF (engine) },
  { "engine_version", FIELD_STRING, OFF (engine_version) },
  { "date", FIELD_STRING, OFF (date) },
  { "source", FIELD_STRING, OFF (source) },
  { "notes", FIELD_STRING, OFF (notes) },
};

#define MEMBER(m, f, type) (*(type *) G_STRUCT_MEMBER_P ((m), (f)->offset))

/* Longest text a field may hold: a URL, a sentence of notes. */
#define MAX_TEXT 2000

/* ------------------------------------------------------------------------ */
/* The record                                                               */

RoofMeasurement *
roof_measurement_new (void)
{
  RoofMeasurement *m = g_new0 (RoofMeasurement, 1);

  m->weights = ROOF_PREC_BF16;
  m->kv = ROOF_PREC_BF16;
  m->compute = ROOF_PREC_BF16;
  m->ttft.mean = m->ttft.p50 = m->ttft.p99 = NAN;
  m->tpot.mean = m->tpot.p50 = m->tpot.p99 = NAN;
  m->itl.mean = m->itl.p50 = m->itl.p99 = NAN;
  m->e2e.mean = m->e2e.p50 = m->e2e.p99 = NAN;
  return m;
}

RoofMeasurement *
roof_measurement_copy (const RoofMeasurement *m)
{
  RoofMeasurement *c;

  g_return_val_if_fail (m != NULL, NULL);

  c = g_memdup2 (m, sizeof *m);
  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    if (fields[i].type == FIELD_STRING)
      MEMBER (c, &fields[i], char *) = g_strdup (MEMBER (m, &fields[i], char *));
  return c;
}

void
roof_measurement_free (RoofMeasurement *m)
{
  if (m == NULL)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    if (fields[i].type == FIELD_STRING)
      g_free (MEMBER (m, &fields[i], char *));
  g_free (m);
}

GPtrArray *
roof_measurements_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) roof_measurement_free);
}

const char *
roof_measurement_device_id (const RoofMeasurement *m, RoofCatalog *catalog)
{
  RoofSystemSpec *system;

  g_return_val_if_fail (m != NULL, NULL);

  if (m->hardware != NULL)
    return m->hardware;
  if (m->system == NULL || catalog == NULL)
    return NULL;
  system = roof_catalog_find_system (catalog, m->system);
  return system != NULL ? roof_system_spec_get_device (system) : NULL;
}

double
roof_measurement_total_devices (const RoofMeasurement *m, RoofCatalog *catalog)
{
  RoofSystemSpec *system;

  g_return_val_if_fail (m != NULL, 1.0);

  if (m->devices >= 1.0)
    return m->devices;
  if (m->system != NULL && catalog != NULL
      && (system = roof_catalog_find_system (catalog, m->system)) != NULL)
    return roof_system_spec_get_size (system);
  return 1.0;
}

char *
roof_measurement_engine_label (const RoofMeasurement *m)
{
  if (m->engine == NULL || *m->engine == '\0')
    return g_strdup ("unknown engine");
  if (m->engine_version == NULL || *m->engine_version == '\0')
    return g_strdup (m->engine);
  return g_strdup_printf ("%s %s", m->engine, m->engine_version);
}

/* ------------------------------------------------------------------------ */
/* Checking                                                                 */

static gboolean
field_error (GError **error, const char *where, const Field *f, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

static gboolean
field_error (GError **error, const char *where, const Field *f, const char *format, ...)
{
  g_autofree char *msg = NULL;
  va_list ap;

  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID, "%s: %s %s", where,
               f->name, msg);
  return FALSE;
}

const char *
roof_measurement_field_name (guint i)
{
  return i < G_N_ELEMENTS (fields) ? fields[i].name : NULL;
}

static const Field *
field_named (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    if (strcmp (fields[i].name, name) == 0)
      return &fields[i];
  g_return_val_if_reached (NULL);
}

/* A number field's value, checked; `text` is what the file said. */
static gboolean
set_number (RoofMeasurement *m, const Field *f, double v, const char *where, GError **error)
{
  if (!isfinite (v))
    return field_error (error, where, f, "must be a finite number");
  switch (f->type)
    {
    case FIELD_COUNT:
      if (v < 1.0 || v != floor (v) || v > 1e6)
        return field_error (error, where, f, "must be a whole number from 1 to 1000000, got %g", v);
      break;
    case FIELD_MS:
      if (v < 0.0)
        return field_error (error, where, f, "must be ≥ 0 milliseconds, got %g", v);
      v /= 1000.0;
      break;
    case FIELD_NUMBER:
      if (f->inclusive ? v < f->min : v <= f->min)
        return field_error (error, where, f, "must be %s %g, got %g", f->inclusive ? "≥" : ">",
                            f->min, v);
      if (v > 1e12)
        return field_error (error, where, f, "is out of range (%g)", v);
      break;
    default:
      g_assert_not_reached ();
    }
  MEMBER (m, f, double) = v;
  return TRUE;
}

static gboolean
set_text (RoofMeasurement *m, const Field *f, const char *text, const char *where, GError **error)
{
  if (!g_utf8_validate (text, -1, NULL))
    return field_error (error, where, f, "is not valid UTF-8");
  if (g_utf8_strlen (text, -1) > MAX_TEXT)
    return field_error (error, where, f, "is longer than %d characters", MAX_TEXT);
  if (f->type == FIELD_PRECISION)
    {
      RoofPrecision p;
      if (!roof_precision_from_name (text, &p))
        return field_error (error, where, f,
                            "must be one of fp64 fp32 tf32 bf16 fp16 fp8 int8 int4 fp4, got \"%s\"",
                            text);
      MEMBER (m, f, RoofPrecision) = p;
      return TRUE;
    }
  g_free (MEMBER (m, f, char *));
  MEMBER (m, f, char *) = *text != '\0' ? g_strdup (text) : NULL;
  return TRUE;
}

gboolean
roof_measurement_check (const RoofMeasurement *m, const char *where, GError **error)
{
  static const char *const required[] = { "model", "prompt_tokens", "output_tokens",
                                          "tokens_per_s" };

  for (gsize i = 0; i < G_N_ELEMENTS (required); i++)
    {
      const Field *f = field_named (required[i]);
      gboolean missing = f->type == FIELD_STRING ? MEMBER (m, f, char *) == NULL
                                                 : !(MEMBER (m, f, double) > 0.0);
      if (missing)
        return field_error (error, where, f, "is missing");
    }
  if (m->hardware == NULL && m->system == NULL)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "%s: hardware (or system) is missing: say what it ran on", where);
      return FALSE;
    }
  if (m->hardware != NULL && m->system != NULL)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "%s: give hardware or system, not both", where);
      return FALSE;
    }
  if (m->devices >= 1.0)
    {
      double layout = MAX (m->tp, 1.0) * MAX (m->ep, 1.0) * MAX (m->pp, 1.0);
      if (layout > m->devices || fmod (m->devices, layout) != 0.0)
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                       "%s: tp × ep × pp = %g must divide devices (%g)", where, layout, m->devices);
          return FALSE;
        }
    }
  return TRUE;
}

/* The compute precision when the file names only the weights': int4
 * weight-only formats (AWQ, GPTQ) multiply in 16 bits. */
static void
default_compute (RoofMeasurement *m, gboolean has_compute)
{
  if (!has_compute)
    m->compute = m->weights == ROOF_PREC_INT4 ? ROOF_PREC_BF16 : m->weights;
}

/* ------------------------------------------------------------------------ */
/* JSON                                                                     */

RoofMeasurement *
roof_measurement_from_json (JsonObject *object, const char *where, GError **error)
{
  g_autoptr (RoofMeasurement) m = roof_measurement_new ();
  g_auto (RoofObjectIter) iter = { 0 };
  const char *name;
  JsonNode *node;
  gboolean has_compute = FALSE;

  g_return_val_if_fail (object != NULL, NULL);

  roof_object_iter_init (&iter, object);
  while (roof_object_iter_next (&iter, &name, &node))
    {
      const Field *f = NULL;

      for (gsize i = 0; i < G_N_ELEMENTS (fields) && f == NULL; i++)
        if (strcmp (fields[i].name, name) == 0)
          f = &fields[i];
      if (f == NULL)
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                       "%s: unknown field \"%s\"", where, name);
          return NULL;
        }
      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      if (f->type == FIELD_STRING || f->type == FIELD_PRECISION)
        {
          if (!roof_json_node_is_string (node))
            return field_error (error, where, f, "must be a string, got %s",
                                roof_json_node_kind (node)),
                   NULL;
          if (!set_text (m, f, json_node_get_string (node), where, error))
            return NULL;
        }
      else
        {
          if (!roof_json_node_is_number (node))
            return field_error (error, where, f, "must be a number, got %s",
                                roof_json_node_kind (node)),
                   NULL;
          if (!set_number (m, f, roof_json_node_get_number (node), where, error))
            return NULL;
        }
      has_compute |= strcmp (name, "compute_precision") == 0;
    }
  default_compute (m, has_compute);
  if (!roof_measurement_check (m, where, error))
    return NULL;
  return g_steal_pointer (&m);
}

JsonNode *
roof_measurement_to_json (const RoofMeasurement *m)
{
  JsonObject *o = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const Field *f = &fields[i];
      double v;

      switch (f->type)
        {
        case FIELD_STRING:
          if (MEMBER (m, f, char *) != NULL)
            json_object_set_string_member (o, f->name, MEMBER (m, f, char *));
          break;
        case FIELD_PRECISION:
          json_object_set_string_member (o, f->name,
                                         roof_precision_name (MEMBER (m, f, RoofPrecision)));
          break;
        case FIELD_MS:
          v = MEMBER (m, f, double);
          if (isfinite (v))
            json_object_set_double_member (o, f->name, roof_json_round15 (v * 1000.0));
          break;
        default:
          v = MEMBER (m, f, double);
          if (v > 0.0)
            json_object_set_double_member (o, f->name, v);
          break;
        }
    }
  json_node_take_object (node, o);
  return node;
}

JsonNode *
roof_measurements_to_array (GPtrArray *measurements)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; measurements != NULL && i < measurements->len; i++)
    json_array_add_element (array, roof_measurement_to_json (g_ptr_array_index (measurements, i)));
  json_node_take_array (node, array);
  return node;
}

JsonNode *
roof_measurements_to_document (GPtrArray *measurements)
{
  JsonObject *root = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (root, "format", ROOF_MEASUREMENTS_FORMAT);
  json_object_set_int_member (root, "version", ROOF_MEASUREMENTS_VERSION);
  json_object_set_member (root, "measurements", roof_measurements_to_array (measurements));
  json_node_take_object (node, root);
  return node;
}

/* ------------------------------------------------------------------------ */
/* JSON with lines                                                          */

typedef struct
{
  JsonParser *parser;
  GArray *stack; /* guint: the lines of the objects being read */
  GHashTable *lines;
} LineTrack;

static void
on_object_start (JsonParser *parser, gpointer user_data)
{
  LineTrack *t = user_data;
  guint line = json_parser_get_current_line (parser);

  g_array_append_val (t->stack, line);
}

static void
on_object_end (JsonParser *parser, JsonObject *object, gpointer user_data)
{
  LineTrack *t = user_data;

  if (t->stack->len == 0)
    return;
  g_hash_table_insert (t->lines, object,
                       GUINT_TO_POINTER (g_array_index (t->stack, guint, t->stack->len - 1)));
  g_array_set_size (t->stack, t->stack->len - 1);
}

JsonNode *
roof_measurement_json_parse (const char *data,
                             gsize length,
                             const char *origin,
                             GHashTable **object_lines,
                             GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GHashTable) lines = g_hash_table_new (NULL, NULL);
  LineTrack t = { parser, stack, lines };
  JsonNode *root;

  g_signal_connect (parser, "object-start", G_CALLBACK (on_object_start), &t);
  g_signal_connect (parser, "object-end", G_CALLBACK (on_object_end), &t);
  root = roof_json_parse_with (parser, data, (gssize) length, origin, error);
  if (root == NULL)
    return NULL;
  *object_lines = g_steal_pointer (&lines);
  return root;
}

gboolean
roof_measurement_add_resolved (GPtrArray *out,
                               RoofMeasurement *m,
                               RoofCatalog *catalog,
                               const char *source,
                               const char *where,
                               GError **error)
{
  if (m == NULL)
    return FALSE;
  g_ptr_array_add (out, m);
  if (m->source == NULL)
    m->source = g_strdup (source);
  return catalog == NULL || roof_measurement_resolve (m, catalog, where, error);
}

/* The measurements of a JSON array, each checked and resolved. */
static GPtrArray *
from_json_array (JsonNode *node,
                 const char *origin,
                 const char *member,
                 GHashTable *lines,
                 RoofCatalog *catalog,
                 GError **error)
{
  g_autoptr (GPtrArray) out = roof_measurements_new ();
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                   "%s: %s must be an array, got %s", origin, member, roof_json_node_kind (node));
      return NULL;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      guint line = 0;
      g_autofree char *where = NULL;
      RoofMeasurement *m;

      if (JSON_NODE_HOLDS_OBJECT (item))
        line = GPOINTER_TO_UINT (g_hash_table_lookup (lines, json_node_get_object (item)));
      where = line > 0 ? g_strdup_printf ("%s:%u: %s[%u]", origin, line, member, i)
                       : g_strdup_printf ("%s: %s[%u]", origin, member, i);
      if (!JSON_NODE_HOLDS_OBJECT (item))
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                       "%s must be an object, got %s", where, roof_json_node_kind (item));
          return NULL;
        }
      m = roof_measurement_from_json (json_node_get_object (item), where, error);
      if (!roof_measurement_add_resolved (out, m, catalog, origin, where, error))
        return NULL;
    }
  return g_steal_pointer (&out);
}

GPtrArray *
roof_measurements_parse_member (const char *data,
                                gsize length,
                                const char *origin,
                                const char *member,
                                RoofCatalog *catalog,
                                GError **error)
{
  g_autoptr (GHashTable) lines = NULL;
  g_autoptr (JsonNode) root = roof_measurement_json_parse (data, length, origin, &lines, error);
  JsonNode *node;

  if (root == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (root)
      || (node = json_object_get_member (json_node_get_object (root), member)) == NULL)
    return roof_measurements_new ();
  return from_json_array (node, origin, member, lines, catalog, error);
}

static GPtrArray *
parse_json_document (const char *data,
                     gsize length,
                     const char *origin,
                     RoofCatalog *catalog,
                     GError **error)
{
  g_autoptr (GHashTable) lines = NULL;
  g_autoptr (JsonNode) root = roof_measurement_json_parse (data, length, origin, &lines, error);
  JsonObject *object;
  JsonNode *node;

  if (root == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                   "%s: a measurement file must be a JSON object, got %s", origin,
                   roof_json_node_kind (root));
      return NULL;
    }
  object = json_node_get_object (root);
  if (!roof_check_format_tag (object, origin, ROOF_MEASUREMENTS_FORMAT, ROOF_MEASUREMENTS_VERSION,
                              "measurement file", error))
    return NULL;
  node = json_object_get_member (object, "measurements");
  if (node == NULL)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                   "%s: \"measurements\" is missing", origin);
      return NULL;
    }
  return from_json_array (node, origin, "measurements", lines, catalog, error);
}

/* ------------------------------------------------------------------------ */
/* CSV                                                                      */

void
roof_csv_free (RoofCsv *csv)
{
  if (csv == NULL)
    return;
  g_ptr_array_unref (csv->rows);
  g_array_unref (csv->lines);
  g_free (csv);
}

RoofCsv *
roof_csv_parse (const char *data, gsize length, const char *origin, GError **error)
{
  g_autoptr (RoofCsv) csv = g_new0 (RoofCsv, 1);
  g_autoptr (GPtrArray) row = NULL;
  g_autoptr (GString) cell = g_string_new (NULL);
  guint line = 1, row_line = 1, quote_line = 0;
  gboolean quoted = FALSE, any = FALSE;

  csv->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  csv->lines = g_array_new (FALSE, FALSE, sizeof (guint));
  if (length > ROOF_CATALOG_MAX_FILE_SIZE)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE,
                   "%s: the file is larger than the limit of %d bytes", origin,
                   ROOF_CATALOG_MAX_FILE_SIZE);
      return NULL;
    }
  if (!g_utf8_validate_len (data, length, NULL))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE,
                   "%s: the file is not UTF-8 text", origin);
      return NULL;
    }
  row = g_ptr_array_new_with_free_func (g_free);
  for (gsize i = 0; i <= length; i++)
    {
      char c = i < length ? data[i] : '\n';
      gboolean at_end = i == length;

      if (quoted && !at_end)
        {
          if (c == '"' && i + 1 < length && data[i + 1] == '"')
            g_string_append_c (cell, '"'), i++;
          else if (c == '"')
            quoted = FALSE;
          else
            {
              if (c == '\n')
                line++;
              g_string_append_c (cell, c);
            }
          continue;
        }
      if (quoted)
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE,
                       "%s:%u: a quoted field is not closed", origin, quote_line);
          return NULL;
        }
      if (c == '"' && cell->len == 0)
        quoted = TRUE, quote_line = line, any = TRUE;
      else if (c == ',')
        g_ptr_array_add (row, g_strdup (cell->str)), g_string_truncate (cell, 0), any = TRUE;
      else if (c == '\r' && i + 1 < length && data[i + 1] == '\n')
        continue;
      else if (c == '\n')
        {
          if (any || cell->len > 0)
            {
              g_ptr_array_add (row, g_string_free (g_steal_pointer (&cell), FALSE));
              cell = g_string_new (NULL);
              g_ptr_array_add (row, NULL);
              g_ptr_array_add (csv->rows, g_ptr_array_steal (row, NULL));
              g_array_append_val (csv->lines, row_line);
            }
          any = FALSE;
          line++;
          row_line = line;
        }
      else
        g_string_append_c (cell, c), any = TRUE;
    }
  return g_steal_pointer (&csv);
}

int
roof_csv_column (RoofCsv *csv, const char *name)
{
  char **header;

  if (csv->rows->len == 0)
    return -1;
  header = g_ptr_array_index (csv->rows, 0);
  for (int i = 0; header[i] != NULL; i++)
    {
      g_autofree char *h = g_strstrip (g_strdup (header[i]));
      if (g_ascii_strcasecmp (h, name) == 0)
        return i;
    }
  return -1;
}

const char *
roof_csv_cell (RoofCsv *csv, guint row, int column)
{
  char **cells = g_ptr_array_index (csv->rows, row);

  if (column < 0)
    return "";
  for (int i = 0; i <= column; i++)
    if (cells[i] == NULL)
      return "";
  return cells[column];
}

RoofMeasurement *
roof_measurement_from_text (RoofFieldTextFunc get,
                            gpointer user_data,
                            const char *where,
                            GError **error)
{
  g_autoptr (RoofMeasurement) m = roof_measurement_new ();
  gboolean has_compute = FALSE;

  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const Field *f = &fields[i];
      const char *raw = get (f->name, user_data);
      g_autofree char *text = NULL;

      if (raw == NULL)
        continue;
      text = g_strstrip (g_strdup (raw));
      if (*text == '\0')
        continue;
      if (f->type == FIELD_STRING || f->type == FIELD_PRECISION)
        {
          if (!set_text (m, f, text, where, error))
            return NULL;
          has_compute |= f->offset == OFF (compute);
        }
      else
        {
          char *end = NULL;
          double v = g_ascii_strtod (text, &end);
          if (end == text || *end != '\0')
            return field_error (error, where, f, "must be a number, got \"%s\"", text), NULL;
          if (!set_number (m, f, v, where, error))
            return NULL;
        }
    }
  default_compute (m, has_compute);
  if (!roof_measurement_check (m, where, error))
    return NULL;
  return g_steal_pointer (&m);
}

typedef struct
{
  RoofCsv *csv;
  guint row;
} CsvRow;

static const char *
csv_field (const char *field, gpointer user_data)
{
  CsvRow *r = user_data;
  int column = roof_csv_column (r->csv, field);

  return column >= 0 ? roof_csv_cell (r->csv, r->row, column) : NULL;
}

static GPtrArray *
parse_csv (const char *data, gsize length, const char *origin, RoofCatalog *catalog, GError **error)
{
  g_autoptr (RoofCsv) csv = roof_csv_parse (data, length, origin, error);
  g_autoptr (GPtrArray) out = roof_measurements_new ();
  char **header;

  if (csv == NULL)
    return NULL;
  if (csv->rows->len == 0)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE, "%s:1: the file is empty",
                   origin);
      return NULL;
    }
  header = g_ptr_array_index (csv->rows, 0);
  for (guint c = 0; header[c] != NULL; c++)
    {
      g_autofree char *h = g_strstrip (g_strdup (header[c]));
      gboolean known = FALSE;
      for (gsize i = 0; i < G_N_ELEMENTS (fields) && !known; i++)
        known = g_ascii_strcasecmp (fields[i].name, h) == 0;
      if (!known)
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                       "%s:%u: column %u: unknown field \"%s\"", origin,
                       g_array_index (csv->lines, guint, 0), c + 1, h);
          return NULL;
        }
    }
  for (guint r = 1; r < csv->rows->len; r++)
    {
      CsvRow row = { csv, r };
      g_autofree char *where = g_strdup_printf ("%s:%u", origin,
                                                g_array_index (csv->lines, guint, r));
      RoofMeasurement *m = roof_measurement_from_text (csv_field, &row, where, error);

      if (!roof_measurement_add_resolved (out, m, catalog, origin, where, error))
        return NULL;
    }
  return g_steal_pointer (&out);
}

GPtrArray *
roof_measurements_parse (const char *data,
                         gsize length,
                         const char *origin,
                         RoofCatalog *catalog,
                         GError **error)
{
  gsize i = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (origin == NULL)
    origin = "<data>";
  while (i < length && g_ascii_isspace (data[i]))
    i++;
  if (i < length && data[i] == '{')
    return parse_json_document (data, length, origin, catalog, error);
  return parse_csv (data, length, origin, catalog, error);
}
