/* roof-spec-validate.c — checking JSON objects against a field table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Field by field: types, finiteness, bounds, choices and required fields,
 * with messages that name the field the way the file spells it. The
 * cross-field rules (kv_heads divides heads, …) are the solver's
 * roof_*_validate, which the spec types call afterwards.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "roof-catalog-private.h"
#include "roof-scenario.h"
#include "roof-solver.h"

void
roof_catalog_set_error (GError **error,
                        RoofCatalogError code,
                        const char *where,
                        const char *format,
                        ...)
{
  g_autofree char *msg = NULL;
  va_list ap;

  if (error == NULL)
    return;
  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  if (where != NULL && *where != '\0')
    g_set_error (error, ROOF_CATALOG_ERROR, code, "%s: %s", where, msg);
  else
    g_set_error_literal (error, ROOF_CATALOG_ERROR, code, msg);
}

/* %g is what people type: 1e+07, 0.5, -1 */
static char *
show_number (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (isnan (v))
    return g_strdup ("NaN");
  if (isinf (v))
    return g_strdup (v > 0 ? "inf" : "-inf");
  g_ascii_formatd (buf, sizeof buf, "%g", v);
  return g_strdup (buf);
}

static char *
join_choices (const char *const *choices)
{
  return g_strjoinv (", ", (char **) choices);
}

/* ------------------------------------------------------------------------ */
/* Effective values and conditions                                          */

const char *
roof_spec_effective_string (RoofEntryKind kind, JsonObject *object, const char *path)
{
  const char *value = roof_json_get_string (object, path);

  if (value != NULL)
    return value;

  if (kind == ROOF_ENTRY_HARDWARE && strcmp (path, "kind") == 0)
    return "other";
  if (kind == ROOF_ENTRY_MODEL && strcmp (path, "kind") == 0)
    return "transformer";
  if (kind == ROOF_ENTRY_SYSTEM && strcmp (path, "scaleup.topology") == 0)
    return "switch";
  if (kind == ROOF_ENTRY_SYSTEM && strcmp (path, "scaleup.collective") == 0)
    return "ring";
  if (kind == ROOF_ENTRY_MODEL && strcmp (path, "attention") == 0)
    {
      JsonNode *heads = json_object_get_member (object, "heads");
      JsonNode *kv = json_object_get_member (object, "kv_heads");

      if (json_object_has_member (object, "mla"))
        return "mla";
      if (roof_json_node_is_number (heads) && roof_json_node_is_number (kv))
        {
          double h = roof_json_node_get_number (heads);
          double k = roof_json_node_get_number (kv);

          if (k == h)
            return "mha";
          if (k == 1)
            return "mqa";
        }
      return "gqa";
    }
  return NULL;
}

static gboolean
eval_clause (RoofEntryKind kind, JsonObject *object, const char *clause)
{
  const char *op;

  if (clause[0] == '!')
    return roof_json_path_get (object, clause + 1) == NULL;

  if ((op = strstr (clause, "!=")) != NULL)
    {
      g_autofree char *path = g_strndup (clause, op - clause);

      return g_strcmp0 (roof_spec_effective_string (kind, object, path), op + 2) != 0;
    }
  if ((op = strchr (clause, '=')) != NULL)
    {
      g_autofree char *path = g_strndup (clause, op - clause);

      return g_strcmp0 (roof_spec_effective_string (kind, object, path), op + 1) == 0;
    }
  if ((op = strchr (clause, '>')) != NULL)
    {
      g_autofree char *path = g_strndup (clause, op - clause);
      JsonNode *node = roof_json_path_get (object, path);

      return roof_json_node_is_number (node)
             && roof_json_node_get_number (node) > g_ascii_strtod (op + 1, NULL);
    }
  return roof_json_path_get (object, clause) != NULL;
}

static gboolean
eval_condition (RoofEntryKind kind, JsonObject *object, const char *condition)
{
  g_auto (GStrv) alternatives = g_strsplit (condition, " or ", -1);

  for (guint i = 0; alternatives[i] != NULL; i++)
    {
      g_auto (GStrv) clauses = g_strsplit (alternatives[i], " and ", -1);
      gboolean all = TRUE;

      for (guint j = 0; clauses[j] != NULL && all; j++)
        all = eval_clause (kind, object, g_strstrip (clauses[j]));
      if (all)
        return TRUE;
    }
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Values                                                                   */

/* `ok`, and when it is FALSE the error "SHOWN must be EXPECTED, got a
 * string": a value of the wrong JSON kind. */
static gboolean
expect_kind (gboolean ok,
             JsonNode *node,
             const char *shown,
             const char *expected,
             const char *where,
             GError **error)
{
  if (!ok)
    roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where, "%s must be %s, got %s",
                            shown, expected, roof_json_node_kind (node));
  return ok;
}

static gboolean
check_number (const RoofFieldSpec *row,
              const char *shown,
              JsonNode *node,
              const char *where,
              GError **error)
{
  double v;
  g_autofree char *got = NULL;
  g_autofree char *bound = NULL;

  if (!expect_kind (roof_json_node_is_number (node), node, shown, "a number", where, error))
    return FALSE;
  v = roof_json_node_get_number (node);
  /* the value is formatted for a message only: a catalog has thousands */
  if (!isfinite (v))
    {
      got = show_number (v);
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "%s must be finite, got %s", shown, got);
      return FALSE;
    }
  if (row->type == ROOF_FIELD_INTEGER && floor (v) != v)
    {
      got = show_number (v);
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "%s must be a whole number, got %s", shown, got);
      return FALSE;
    }
  if (row->min_exclusive ? !(v > row->min) : !(v >= row->min))
    {
      got = show_number (v);
      bound = show_number (row->min);
      if (row->min_exclusive)
        roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                                "%s must be > %s, got %s", shown, bound, got);
      else
        roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                                "%s must be at least %s, got %s", shown, bound, got);
      return FALSE;
    }
  if (row->max > row->min && v > row->max)
    {
      got = show_number (v);
      bound = show_number (row->max);
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "%s must be at most %s, got %s", shown, bound, got);
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_blank (const char *s)
{
  for (; *s != '\0'; s++)
    if (!g_ascii_isspace (*s))
      return FALSE;
  return TRUE;
}

static gboolean
check_string (const RoofFieldSpec *row,
              const char *shown,
              JsonNode *node,
              gboolean is_entry,
              const char *where,
              GError **error)
{
  const char *s;

  if (!expect_kind (roof_json_node_is_string (node), node, shown, "a string", where, error))
    return FALSE;
  s = json_node_get_string (node);

  if (row->type == ROOF_FIELD_ENUM && row->choices != NULL
      && !g_strv_contains (row->choices, s))
    {
      g_autofree char *valid = join_choices (row->choices);
      g_autofree char *got = roof_text_shorten (s, ROOF_SPEC_ID_MAX);

      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "%s must be one of %s, got \"%s\"", shown, valid, got);
      return FALSE;
    }
  if (is_entry && strcmp (row->path, "id") == 0 && !roof_spec_id_is_valid (s))
    {
      g_autofree char *got = roof_text_shorten (s, ROOF_SPEC_ID_MAX);

      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "id must be 1 to %d characters of a-z, 0-9, '.', '_' and '-', "
                              "starting with a letter or digit, got \"%s\"",
                              ROOF_SPEC_ID_MAX, got);
      return FALSE;
    }
  if (is_entry && strcmp (row->path, "name") == 0 && is_blank (s))
    {
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where, "name must not be empty");
      return FALSE;
    }
  if (row->type == ROOF_FIELD_STRING && row->max > 0)
    {
      /* loaded strings are UTF-8 (roof_json_parse checks) */
      glong n = g_utf8_strlen (s, -1);

      if (n > row->max)
        {
          roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                                  "%s must be at most %.0f characters long, got %ld characters",
                                  shown, row->max, n);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean check_members (const RoofSchemaWalk *walk,
                               JsonObject *object,
                               const char *schema_prefix,
                               const char *shown_prefix,
                               const char *where,
                               GPtrArray *warnings,
                               GError **error);

static gboolean
check_required (const RoofSchemaWalk *walk,
                JsonObject *object,
                JsonObject *entry,
                const char *element_prefix,
                const char *shown_prefix,
                const char *where,
                GError **error)
{
  gsize prefix_len = element_prefix ? strlen (element_prefix) : 0;

  for (const RoofFieldSpec *row = walk->rows; row->path != NULL; row++)
    {
      const char *rel;
      gboolean needed;

      if (element_prefix != NULL)
        {
          /* rows of one array element: "caches[]." + member */
          if (strncmp (row->path, element_prefix, prefix_len) != 0
              || row->path[prefix_len] != '.')
            continue;
          rel = row->path + prefix_len + 1;
          needed = row->required;
        }
      else
        {
          if (strchr (row->path, '[') != NULL)
            continue;
          rel = row->path;
          needed = row->required
                   || (row->required_if != NULL
                       && eval_condition (walk->kind, entry, row->required_if));
        }

      if (needed && roof_json_path_get (object, rel) == NULL)
        {
          /* "required if the other is absent": one of two alternatives */
          if (element_prefix == NULL && row->required_if != NULL && row->required_if[0] == '!'
              && strchr (row->required_if, ' ') == NULL)
            roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                                    "%s or %s is required", rel, row->required_if + 1);
          else if (shown_prefix != NULL)
            roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                                    "%s.%s is required", shown_prefix, rel);
          else
            roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where, "%s is required",
                                    rel);
          return FALSE;
        }
    }
  return TRUE;
}

/* Every element of `array` against `each` (a number or string row),
 * named "SHOWN[i]"; strings without an entry's id and name rules. */
static gboolean
check_elements (const RoofFieldSpec *each,
                const char *shown,
                JsonArray *array,
                const char *where,
                GError **error)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *element = g_strdup_printf ("%s[%u]", shown, i);
      JsonNode *node = json_array_get_element (array, i);
      gboolean ok = each->type == ROOF_FIELD_NUMBER
                      ? check_number (each, element, node, where, error)
                      : check_string (each, element, node, FALSE, where, error);

      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* An array of strings, or of the choices of an enum. */
static gboolean
check_strings (const RoofFieldSpec *row,
               const char *shown,
               JsonNode *node,
               const char *where,
               GError **error)
{
  RoofFieldSpec each = *row;

  if (!expect_kind (JSON_NODE_HOLDS_ARRAY (node), node, shown, "an array of strings", where,
                    error))
    return FALSE;
  each.type = row->choices != NULL ? ROOF_FIELD_ENUM : ROOF_FIELD_STRING;
  return check_elements (&each, shown, json_node_get_array (node), where, error);
}

/* [low, high]: two numbers in the field's range, low below high. */
static gboolean
check_range (const RoofFieldSpec *row,
             const char *shown,
             JsonNode *node,
             const char *where,
             GError **error)
{
  JsonArray *array;
  RoofFieldSpec bounds = *row;
  double lo, hi;

  if (!expect_kind (JSON_NODE_HOLDS_ARRAY (node)
                      && json_array_get_length (json_node_get_array (node)) == 2,
                    node, shown, "an array of two numbers [low, high]", where, error))
    return FALSE;
  array = json_node_get_array (node);
  bounds.type = ROOF_FIELD_NUMBER;
  if (!check_elements (&bounds, shown, array, where, error))
    return FALSE;
  lo = roof_json_node_get_number (json_array_get_element (array, 0));
  hi = roof_json_node_get_number (json_array_get_element (array, 1));
  if (!(lo < hi))
    {
      g_autofree char *a = show_number (lo);
      g_autofree char *b = show_number (hi);

      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "%s must go from low to high, got [%s, %s]", shown, a, b);
      return FALSE;
    }
  return TRUE;
}

/* The cache levels: objects checked against the rows under PATH[]. */
static gboolean
check_caches (const RoofSchemaWalk *walk,
              const RoofFieldSpec *row,
              const char *shown,
              JsonNode *node,
              const char *where,
              GPtrArray *warnings,
              GError **error)
{
  JsonArray *array;
  g_autofree char *element_prefix = g_strdup_printf ("%s[]", row->path);

  if (!expect_kind (JSON_NODE_HOLDS_ARRAY (node), node, shown, "an array of objects", where,
                    error))
    return FALSE;
  array = json_node_get_array (node);
  if (json_array_get_length (array) > ROOF_MAX_CACHES)
    {
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "%s has %u levels, at most %d are supported", shown,
                              json_array_get_length (array), ROOF_MAX_CACHES);
      return FALSE;
    }
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *element_shown = g_strdup_printf ("%s[%u]", shown, i);

      if (!expect_kind (JSON_NODE_HOLDS_OBJECT (element), element, element_shown, "an object",
                        where, error))
        return FALSE;
      if (!check_members (walk, json_node_get_object (element), element_prefix,
                          element_shown, where, warnings, error))
        return FALSE;
      if (!check_required (walk, json_node_get_object (element), NULL, element_prefix,
                           element_shown, where, error))
        return FALSE;
    }
  return TRUE;
}

/* { "precision": number }, each number in the field's range. */
static gboolean
check_precision_map (const RoofFieldSpec *row,
                     const char *shown,
                     JsonNode *node,
                     const char *where,
                     GError **error)
{
  g_auto (RoofObjectIter) iter = { 0 };
  const char *name;
  JsonNode *member;
  RoofFieldSpec each = *row;

  if (!expect_kind (JSON_NODE_HOLDS_OBJECT (node), node, shown,
                    "an object of precision: number", where, error))
    return FALSE;
  each.type = ROOF_FIELD_NUMBER;
  roof_object_iter_init (&iter, json_node_get_object (node));
  while (roof_object_iter_next (&iter, &name, &member))
    {
      g_autofree char *member_shown = g_strdup_printf ("%s.%s", shown, name);

      if (!roof_precision_from_name (name, NULL))
        {
          g_autoptr (GString) valid = g_string_new (NULL);

          for (int p = 0; p < ROOF_PREC_COUNT; p++)
            g_string_append_printf (valid, "%s%s", p ? ", " : "",
                                    roof_precision_name ((RoofPrecision) p));
          roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                                  "%s: unknown precision \"%s\" (valid: %s)", shown, name,
                                  valid->str);
          return FALSE;
        }
      if (!check_number (&each, member_shown, member, where, error))
        return FALSE;
    }
  return TRUE;
}

/* {hardware id: "#rrggbb"}: the series colours of a scenario. */
static gboolean
check_color_map (const char *shown, JsonNode *node, const char *where, GError **error)
{
  g_auto (RoofObjectIter) iter = { 0 };
  const char *id;
  JsonNode *member;

  if (!expect_kind (JSON_NODE_HOLDS_OBJECT (node), node, shown,
                    "an object of hardware id: \"#rrggbb\"", where, error))
    return FALSE;
  roof_object_iter_init (&iter, json_node_get_object (node));
  while (roof_object_iter_next (&iter, &id, &member))
    {
      g_autofree char *member_shown = g_strdup_printf ("%s.%s", shown, id);
      gboolean is_string = JSON_NODE_HOLDS_VALUE (member)
                           && json_node_get_value_type (member) == G_TYPE_STRING;

      if (!expect_kind (is_string, member, member_shown, "a colour \"#rrggbb\"", where, error))
        return FALSE;
      if (!roof_scenario_parse_color (json_node_get_string (member), NULL))
        {
          roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                                  "%s must be a colour \"#rrggbb\" (# and six hex digits)",
                                  member_shown);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_value (const RoofSchemaWalk *walk,
             const RoofFieldSpec *row,
             const char *shown,
             JsonNode *node,
             const char *where,
             GPtrArray *warnings,
             GError **error)
{
  switch (row->type)
    {
    case ROOF_FIELD_STRING:
    case ROOF_FIELD_ENUM:
      return check_string (row, shown, node, walk->is_entry, where, error);

    case ROOF_FIELD_NUMBER:
    case ROOF_FIELD_INTEGER:
      return check_number (row, shown, node, where, error);

    case ROOF_FIELD_BOOLEAN:
      return expect_kind (roof_json_node_is_boolean (node), node, shown, "true or false", where,
                          error);

    case ROOF_FIELD_STRINGS:
      return check_strings (row, shown, node, where, error);

    case ROOF_FIELD_RANGE:
      return check_range (row, shown, node, where, error);

    case ROOF_FIELD_CACHES:
      return check_caches (walk, row, shown, node, where, warnings, error);

    case ROOF_FIELD_PRECISION_MAP:
      return check_precision_map (row, shown, node, where, error);

    case ROOF_FIELD_COLOR_MAP:
      return check_color_map (shown, node, where, error);

    default:
      return TRUE;
    }
}

/* ------------------------------------------------------------------------ */
/* Objects                                                                  */

static const RoofFieldSpec *
find_row (const RoofFieldSpec *rows, const char *path)
{
  for (const RoofFieldSpec *row = rows; row->path != NULL; row++)
    if (strcmp (row->path, path) == 0)
      return row;
  return NULL;
}

/* TRUE when some row lies below `path` ("memory" for "memory.type"). */
static gboolean
is_group (const RoofFieldSpec *rows, const char *path)
{
  gsize len = strlen (path);

  for (const RoofFieldSpec *row = rows; row->path != NULL; row++)
    if (strncmp (row->path, path, len) == 0 && row->path[len] == '.')
      return TRUE;
  return FALSE;
}

static gboolean
check_members (const RoofSchemaWalk *walk,
               JsonObject *object,
               const char *schema_prefix,
               const char *shown_prefix,
               const char *where,
               GPtrArray *warnings,
               GError **error)
{
  g_auto (RoofObjectIter) iter = { 0 };
  const char *name;
  JsonNode *member;

  roof_object_iter_init (&iter, object);
  while (roof_object_iter_next (&iter, &name, &member))
    {
      g_autofree char *path = schema_prefix ? g_strdup_printf ("%s.%s", schema_prefix, name)
                                            : g_strdup (name);
      g_autofree char *shown = shown_prefix ? g_strdup_printf ("%s.%s", shown_prefix, name)
                                            : g_strdup (name);
      const RoofFieldSpec *row = find_row (walk->rows, path);

      if (walk->opaque_paths != NULL && g_strv_contains (walk->opaque_paths, path))
        continue;

      if (row != NULL)
        {
          if (!check_value (walk, row, shown, member, where, warnings, error))
            return FALSE;
        }
      else if (is_group (walk->rows, path))
        {
          if (!expect_kind (JSON_NODE_HOLDS_OBJECT (member), member, shown, "an object", where,
                            error))
            return FALSE;
          if (!check_members (walk, json_node_get_object (member), path, shown, where, warnings,
                              error))
            return FALSE;
        }
      else if (warnings != NULL)
        {
          if (where != NULL && *where != '\0')
            g_ptr_array_add (warnings,
                             g_strdup_printf ("%s: unknown field \"%s\" (kept, ignored)", where,
                                              shown));
          else
            g_ptr_array_add (warnings,
                             g_strdup_printf ("unknown field \"%s\" (kept, ignored)", shown));
        }
    }
  return TRUE;
}

gboolean
roof_schema_check_object (const RoofSchemaWalk *walk,
                          JsonObject *object,
                          const char *where,
                          GPtrArray *warnings,
                          GError **error)
{
  g_return_val_if_fail (walk != NULL && walk->rows != NULL, FALSE);
  g_return_val_if_fail (object != NULL, FALSE);

  if (!check_members (walk, object, NULL, NULL, where, warnings, error))
    return FALSE;
  return check_required (walk, object, object, NULL, NULL, where, error);
}

/* ------------------------------------------------------------------------ */
/* Edits                                                                    */

const char *
roof_entry_kind_noun (RoofEntryKind kind)
{
  switch (kind)
    {
    case ROOF_ENTRY_HARDWARE:
      return "hardware";
    case ROOF_ENTRY_SYSTEM:
      return "system";
    case ROOF_ENTRY_MODEL:
    default:
      return "model";
    }
}

/* Fields of which an entry holds exactly one (the entry's compile says so
 * when it holds both or neither). */
static const struct
{
  RoofEntryKind kind;
  const char *a;
  const char *b;
} alternatives[] = {
  { ROOF_ENTRY_HARDWARE, "memory.capacity_GB", "memory.capacity_GiB" },
};

static const RoofFieldSpec *
edit_row (RoofEntryKind kind, const char *path, GError **error)
{
  const RoofFieldSpec *row = roof_spec_schema_lookup (kind, path);

  if (row == NULL)
    roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, NULL,
                            "%s entries have no field \"%s\"", roof_entry_kind_noun (kind), path);
  return row;
}

#define FIELD_BIT(type) (1u << (type))

/* edit_row () of a field whose type is one of `types` (FIELD_BIT ()s);
 * another: NULL and the error "PATH is not WHAT". */
static const RoofFieldSpec *
edit_row_of_type (RoofEntryKind kind,
                  const char *path,
                  guint types,
                  const char *what,
                  GError **error)
{
  const RoofFieldSpec *row = edit_row (kind, path, error);

  if (row != NULL && (types & FIELD_BIT (row->type)) == 0)
    {
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, NULL, "%s is not %s", path,
                              what);
      return NULL;
    }
  return row;
}

gboolean
roof_spec_edit_number (RoofEntryKind kind,
                       JsonObject *object,
                       const char *path,
                       double value,
                       GError **error)
{
  const RoofFieldSpec *row
    = edit_row_of_type (kind, path,
                        FIELD_BIT (ROOF_FIELD_NUMBER) | FIELD_BIT (ROOF_FIELD_INTEGER)
                          | FIELD_BIT (ROOF_FIELD_PRECISION_MAP),
                        "a number", error);
  JsonNode *node;

  if (row == NULL)
    return FALSE;
  if (row->type == ROOF_FIELD_PRECISION_MAP)
    {
      const char *precision = strrchr (path, '.');

      if (precision == NULL || !roof_precision_from_name (precision + 1, NULL))
        {
          roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, NULL,
                                  "%s: give a precision, e.g. %s.bf16", path, row->path);
          return FALSE;
        }
    }

  /* one field of a pair of alternatives replaces the other: setting the
   * capacity in GB drops the one in GiB */
  for (guint i = 0; i < G_N_ELEMENTS (alternatives); i++)
    if (alternatives[i].kind == kind && strcmp (path, alternatives[i].a) == 0)
      roof_json_path_unset (object, alternatives[i].b);
    else if (alternatives[i].kind == kind && strcmp (path, alternatives[i].b) == 0)
      roof_json_path_unset (object, alternatives[i].a);

  if (isfinite (value))
    node = roof_json_node_new_number (value);
  else
    {
      /* refused by validation with a message naming the field */
      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_double (node, value);
    }
  return roof_json_path_set (object, path, node, error);
}

gboolean
roof_spec_edit_string (RoofEntryKind kind,
                       JsonObject *object,
                       const char *path,
                       const char *value,
                       GError **error)
{
  if (edit_row_of_type (kind, path, FIELD_BIT (ROOF_FIELD_STRING) | FIELD_BIT (ROOF_FIELD_ENUM),
                        "a string", error)
      == NULL)
    return FALSE;
  if (strcmp (path, "id") == 0)
    {
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, NULL,
                              "the id cannot be changed; duplicate the entry instead");
      return FALSE;
    }
  return roof_json_path_set (object, path, json_node_init_string (json_node_alloc (), value),
                             error);
}

gboolean
roof_spec_edit_boolean (RoofEntryKind kind,
                        JsonObject *object,
                        const char *path,
                        gboolean value,
                        GError **error)
{
  if (edit_row_of_type (kind, path, FIELD_BIT (ROOF_FIELD_BOOLEAN), "true/false", error) == NULL)
    return FALSE;
  return roof_json_path_set (object, path, json_node_init_boolean (json_node_alloc (), value),
                             error);
}

gboolean
roof_spec_edit_unset (RoofEntryKind kind,
                      JsonObject *object,
                      const char *path,
                      gboolean *changed,
                      GError **error)
{
  *changed = FALSE;
  if (roof_spec_schema_lookup (kind, path) == NULL
      && !is_group (roof_spec_schema (kind, NULL), path))
    {
      g_autofree char *normal = roof_json_path_normalize (path);

      g_autofree char *array = g_str_has_suffix (normal, "[]")
                                 ? g_strndup (normal, strlen (normal) - 2)
                                 : NULL;

      /* "caches[1]" removes one level */
      if (array == NULL || roof_spec_schema_lookup (kind, array) == NULL)
        {
          edit_row (kind, path, error);
          return FALSE;
        }
    }
  if (strcmp (path, "id") == 0)
    {
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, NULL, "the id cannot be removed");
      return FALSE;
    }
  *changed = roof_json_path_unset (object, path);
  return TRUE;
}
