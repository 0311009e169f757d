/* roof-json.c — JSON text as people diff it, and a guarded parser
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-json.h"

#include <math.h>
#include <string.h>

#include "roof-catalog-private.h"

/* ------------------------------------------------------------------------ */
/* Numbers                                                                  */

#define DOUBLE_BUF 40

static void
format_double (char buf[DOUBLE_BUF], double value)
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };

  if (!isfinite (value))
    {
      g_strlcpy (buf, "null", DOUBLE_BUF);
      return;
    }
  if (value == 0.0)
    {
      /* "-0" would read back as the integer 0 in json-glib: keep the sign */
      g_strlcpy (buf, signbit (value) ? "-0.0" : "0", DOUBLE_BUF);
      return;
    }
  if (fabs (value) < 1e16 && floor (value) == value)
    {
      /* exact: every integer below 2^53 is, and %.0f prints the double's
       * exact value for the rest */
      g_ascii_formatd (buf, DOUBLE_BUF, "%.0f", value);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, DOUBLE_BUF, formats[i], value);
      if (g_ascii_strtod (buf, NULL) == value)
        return;
    }
}

char *
roof_json_format_double (double value)
{
  char buf[DOUBLE_BUF];

  format_double (buf, value);
  return g_strdup (buf);
}

void
roof_json_append_double (GString *out, double value)
{
  char buf[DOUBLE_BUF];

  g_return_if_fail (out != NULL);

  format_double (buf, value);
  g_string_append (out, buf);
}

double
roof_json_round15 (double value)
{
  char buf[DOUBLE_BUF];

  if (!isfinite (value) || value == 0.0)
    return value;
  g_ascii_formatd (buf, sizeof buf, "%.15g", value);
  return g_ascii_strtod (buf, NULL);
}

/* ------------------------------------------------------------------------ */
/* Writer                                                                   */

static void
append_string (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const guchar *p = (const guchar *) s; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\b':
          g_string_append (out, "\\b");
          break;
        case '\f':
          g_string_append (out, "\\f");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        default:
          if (*p < 0x20 || *p == 0x7f)
            g_string_append_printf (out, "\\u%04x", *p);
          else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
            {
              /* a C1 control (U+0080 to U+009F; U+009B is CSI to a
               * terminal): escaped like C0, never raw */
              g_string_append_printf (out, "\\u%04x", p[1]);
              p++;
            }
          else
            g_string_append_c (out, (char) *p); /* UTF-8 passes through */
          break;
        }
    }
  g_string_append_c (out, '"');
}

static void
append_indent (GString *out, gboolean pretty, guint level)
{
  if (!pretty)
    return;
  g_string_append_c (out, '\n');
  for (guint i = 0; i < level; i++)
    g_string_append (out, "  ");
}

static void append_node (GString *out, JsonNode *node, gboolean pretty, guint level);

static void
append_object (GString *out, JsonObject *object, gboolean pretty, guint level)
{
  g_auto (RoofObjectIter) iter = { 0 };
  const char *name;
  JsonNode *member;
  gboolean first = TRUE;

  g_string_append_c (out, '{');
  roof_object_iter_init (&iter, object);
  while (roof_object_iter_next (&iter, &name, &member))
    {
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      append_indent (out, pretty, level + 1);
      append_string (out, name);
      g_string_append (out, pretty ? ": " : ":");
      append_node (out, member, pretty, level + 1);
    }
  if (!first)
    append_indent (out, pretty, level);
  g_string_append_c (out, '}');
}

static void
append_array (GString *out, JsonArray *array, gboolean pretty, guint level)
{
  guint n = json_array_get_length (array);

  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      append_indent (out, pretty, level + 1);
      append_node (out, json_array_get_element (array, i), pretty, level + 1);
    }
  if (n > 0)
    append_indent (out, pretty, level);
  g_string_append_c (out, ']');
}

static void
append_node (GString *out, JsonNode *node, gboolean pretty, guint level)
{
  if (node == NULL)
    {
      g_string_append (out, "null");
      return;
    }

  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      append_object (out, json_node_get_object (node), pretty, level);
      break;
    case JSON_NODE_ARRAY:
      append_array (out, json_node_get_array (node), pretty, level);
      break;
    case JSON_NODE_NULL:
      g_string_append (out, "null");
      break;
    case JSON_NODE_VALUE:
      {
        GType type = json_node_get_value_type (node);

        if (type == G_TYPE_INT64)
          g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
        else if (type == G_TYPE_DOUBLE)
          roof_json_append_double (out, json_node_get_double (node));
        else if (type == G_TYPE_BOOLEAN)
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
        else if (type == G_TYPE_STRING)
          append_string (out, json_node_get_string (node));
        else
          g_string_append (out, "null");
      }
      break;
    default:
      g_string_append (out, "null");
      break;
    }
}

char *
roof_json_to_string (JsonNode *node, gboolean pretty)
{
  GString *out;

  g_return_val_if_fail (node != NULL, NULL);

  out = g_string_new (NULL);
  append_node (out, node, pretty, 0);
  if (pretty)
    g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------ */
/* Parser                                                                   */

/* Finds the first node under `node` (itself included, in document order)
 * for which `bad` is TRUE, and appends its path ("a.b[2].c") to `path`. A
 * member is also bad when `bad` says so of its name (called with the name
 * and no node). Returns that node, or NULL when there is none. */
typedef gboolean (*RoofNodeTest) (JsonNode *node, const char *name, gpointer data);

static JsonNode *
find_node (JsonNode *node, GString *path, RoofNodeTest bad, gpointer data)
{
  gsize len = path->len;
  JsonNode *found = NULL;

  if (bad (node, NULL, data))
    return node;
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_auto (RoofObjectIter) iter = { 0 };
      const char *name;
      JsonNode *member;

      roof_object_iter_init (&iter, json_node_get_object (node));
      while (found == NULL && roof_object_iter_next (&iter, &name, &member))
        {
          g_string_append_printf (path, "%s%s", len > 0 ? "." : "", name);
          found = bad (member, name, data) ? member : find_node (member, path, bad, data);
          if (found == NULL)
            g_string_truncate (path, len);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; found == NULL && i < json_array_get_length (array); i++)
        {
          g_string_append_printf (path, "[%u]", i);
          found = find_node (json_array_get_element (array, i), path, bad, data);
          if (found == NULL)
            g_string_truncate (path, len);
        }
    }
  return found;
}

/* Whether find_node would find a node, without writing any path: a
 * document that passes, as nearly all do, costs no formatted path per node
 * (a tenth of loading the built-in catalog). */
static gboolean
any_node (JsonNode *node, RoofNodeTest bad, gpointer data)
{
  if (bad (node, NULL, data))
    return TRUE;
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &name, &member))
        if (bad (member, name, data) || any_node (member, bad, data))
          return TRUE;
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        if (any_node (json_array_get_element (array, i), bad, data))
          return TRUE;
    }
  return FALSE;
}

/* A member name or a string that is not UTF-8. */
static gboolean
not_utf8 (JsonNode *node, const char *name, gpointer data)
{
  if (name != NULL)
    return !g_utf8_validate (name, -1, NULL);
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
         && !g_utf8_validate (json_node_get_string (node), -1, NULL);
}

/* A number that is infinite or NaN. */
static gboolean
not_finite (JsonNode *node, const char *name, gpointer data)
{
  return name == NULL && JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_DOUBLE
         && !isfinite (json_node_get_double (node));
}

JsonNode *
roof_json_parse (const char *data, gssize length, const char *origin, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();

  return roof_json_parse_with (parser, data, length, origin, error);
}

JsonNode *
roof_json_parse_with (JsonParser *parser,
                      const char *data,
                      gssize length,
                      const char *origin,
                      GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *rewritten = NULL;
  JsonNode *root;
  gsize len;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (origin == NULL)
    origin = "<data>";
  len = length < 0 ? strlen (data) : (gsize) length;

  if (len > ROOF_CATALOG_MAX_FILE_SIZE)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE,
                   "%s: the file is %" G_GSIZE_FORMAT " bytes, larger than the limit of %d bytes",
                   origin, len, ROOF_CATALOG_MAX_FILE_SIZE);
      return NULL;
    }

  if (!roof_json_prescan (data, len, origin, &rewritten, error))
    return NULL;

  if (!json_parser_load_from_data (parser, rewritten != NULL ? rewritten : data, (gssize) len,
                                   &local_error))
    {
      const char *msg = local_error->message;

      /* json-glib names the buffer "<data>" and prefixes line:column */
      if (g_str_has_prefix (msg, "<data>:"))
        g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE, "%s:%s", origin,
                     msg + strlen ("<data>:"));
      else
        g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE, "%s: %s", origin, msg);
      return NULL;
    }

  root = json_parser_steal_root (parser);
  if (root == NULL)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE,
                   "%s:1:1: the file is empty", origin);
      return NULL;
    }

  /* json-glib decodes some escapes ("\333" as octal, a lone "\udc00") to
   * bytes that are not UTF-8: kept, they would be saved to a file that
   * json-glib then refuses */
  g_autoptr (GString) path = g_string_new (NULL);
  if (any_node (root, not_utf8, NULL) && find_node (root, path, not_utf8, NULL) != NULL)
    {
      g_autofree char *shown = g_utf8_make_valid (path->str, -1);

      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE,
                   "%s: %s%sa string escape makes bytes that are not UTF-8 text", origin,
                   shown, path->len > 0 ? ": " : "");
      json_node_unref (root);
      return NULL;
    }
  return root;
}

JsonNode *
roof_json_parse_document (const char *data,
                          gssize length,
                          const char *origin,
                          const char *what,
                          GError **error)
{
  g_autoptr (JsonNode) root = roof_json_parse (data != NULL ? data : "", length, origin, error);

  if (root == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                   "%s: a %s must be a JSON object, got %s", origin, what,
                   roof_json_node_kind (root));
      return NULL;
    }
  return g_steal_pointer (&root);
}

gboolean
roof_json_object_check_finite (JsonObject *object,
                               const char *origin,
                               const char *prefix,
                               const char *skip,
                               GError **error)
{
  g_auto (RoofObjectIter) iter = { 0 };
  const char *name;
  JsonNode *member;

  roof_object_iter_init (&iter, object);
  while (roof_object_iter_next (&iter, &name, &member))
    {
      g_autoptr (GString) path = NULL;
      JsonNode *found;

      if ((skip != NULL && strcmp (name, skip) == 0) || !any_node (member, not_finite, NULL))
        continue;
      path = g_string_new (prefix);
      g_string_append (path, name);
      if ((found = find_node (member, path, not_finite, NULL)) != NULL)
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                       "%s: %s must be finite, got %s", origin, path->str,
                       json_node_get_double (found) > 0 ? "inf" : "-inf");
          return FALSE;
        }
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Node helpers (roof-catalog-private.h)                                    */

void
roof_object_iter_init (RoofObjectIter *iter, JsonObject *object)
{
  roof_object_iter_clear (iter);
  iter->object = json_object_ref (object);
  iter->members = json_object_get_members (object);
  iter->next = iter->members;
}

gboolean
roof_object_iter_next (RoofObjectIter *iter, const char **name, JsonNode **member)
{
  if (iter->next == NULL)
    return FALSE;
  *name = iter->next->data;
  *member = json_object_get_member (iter->object, *name);
  iter->next = iter->next->next;
  return TRUE;
}

void
roof_object_iter_clear (RoofObjectIter *iter)
{
  g_clear_pointer (&iter->members, g_list_free);
  g_clear_pointer (&iter->object, json_object_unref);
  iter->next = NULL;
}

const char *
roof_json_node_kind (JsonNode *node)
{
  if (node == NULL)
    return "nothing";
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      return "an object";
    case JSON_NODE_ARRAY:
      return "an array";
    case JSON_NODE_NULL:
      return "null";
    case JSON_NODE_VALUE:
      {
        GType type = json_node_get_value_type (node);

        if (type == G_TYPE_STRING)
          return "a string";
        if (type == G_TYPE_BOOLEAN)
          return "a boolean";
        return "a number";
      }
    default:
      return "null";
    }
}

gboolean
roof_json_node_is_number (JsonNode *node)
{
  GType type;

  if (node == NULL || json_node_get_node_type (node) != JSON_NODE_VALUE)
    return FALSE;
  type = json_node_get_value_type (node);
  return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE;
}

double
roof_json_node_get_number (JsonNode *node)
{
  if (!roof_json_node_is_number (node))
    return 0.0;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    return (double) json_node_get_int (node);
  return json_node_get_double (node);
}

gboolean
roof_json_node_is_string (JsonNode *node)
{
  return node != NULL && json_node_get_node_type (node) == JSON_NODE_VALUE
         && json_node_get_value_type (node) == G_TYPE_STRING;
}

gboolean
roof_json_node_is_boolean (JsonNode *node)
{
  return node != NULL && json_node_get_node_type (node) == JSON_NODE_VALUE
         && json_node_get_value_type (node) == G_TYPE_BOOLEAN;
}

void
roof_json_object_put (JsonObject *object, const char *name, JsonNode *node)
{
  if (node != NULL)
    json_object_set_member (object, name, node);
  else if (json_object_has_member (object, name))
    json_object_remove_member (object, name);
}

JsonNode *
roof_json_node_new_string_or_null (const char *value)
{
  return value != NULL ? json_node_init_string (json_node_alloc (), value) : NULL;
}

JsonObject *
roof_json_object_section (JsonObject *root, const char *name, gboolean keep)
{
  JsonNode *node = json_object_get_member (root, name);

  if (!keep)
    {
      if (node != NULL)
        json_object_remove_member (root, name);
      return NULL;
    }
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    json_object_set_object_member (root, name, json_object_new ());
  return json_object_get_object_member (root, name);
}

JsonNode *
roof_json_node_new_number (double value)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  if (floor (value) == value && fabs (value) < 9007199254740992.0
      && !(value == 0.0 && signbit (value)))
    json_node_set_int (node, (gint64) value);
  else
    json_node_set_double (node, value);
  return node;
}

JsonObject *
roof_json_object_deep_copy (JsonObject *object)
{
  JsonObject *copy = json_object_new ();
  g_auto (RoofObjectIter) iter = { 0 };
  const char *name;
  JsonNode *member;

  roof_object_iter_init (&iter, object);
  while (roof_object_iter_next (&iter, &name, &member))
    json_object_set_member (copy, name, roof_json_node_deep_copy (member));
  return copy;
}

JsonNode *
roof_json_node_deep_copy (JsonNode *node)
{
  JsonNode *copy;

  if (node == NULL)
    return NULL;

  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      copy = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (copy, roof_json_object_deep_copy (json_node_get_object (node)));
      return copy;

    case JSON_NODE_ARRAY:
      {
        JsonArray *src = json_node_get_array (node);
        guint n = json_array_get_length (src);
        JsonArray *dst = json_array_sized_new (n);

        for (guint i = 0; i < n; i++)
          json_array_add_element (dst, roof_json_node_deep_copy (json_array_get_element (src, i)));
        copy = json_node_new (JSON_NODE_ARRAY);
        json_node_take_array (copy, dst);
        return copy;
      }

    case JSON_NODE_VALUE:
      {
        GType type = json_node_get_value_type (node);

        copy = json_node_new (JSON_NODE_VALUE);
        if (type == G_TYPE_INT64)
          json_node_set_int (copy, json_node_get_int (node));
        else if (type == G_TYPE_DOUBLE)
          json_node_set_double (copy, json_node_get_double (node));
        else if (type == G_TYPE_BOOLEAN)
          json_node_set_boolean (copy, json_node_get_boolean (node));
        else
          json_node_set_string (copy, json_node_get_string (node));
        return copy;
      }

    case JSON_NODE_NULL:
    default:
      return json_node_new (JSON_NODE_NULL);
    }
}

gboolean
roof_json_object_equal (JsonObject *a, JsonObject *b)
{
  g_auto (RoofObjectIter) iter = { 0 };
  const char *name;
  JsonNode *member;

  if (json_object_get_size (a) != json_object_get_size (b))
    return FALSE;
  roof_object_iter_init (&iter, a);
  while (roof_object_iter_next (&iter, &name, &member))
    if (!json_object_has_member (b, name)
        || !roof_json_node_equal (member, json_object_get_member (b, name)))
      return FALSE;
  return TRUE;
}

gboolean
roof_json_node_equal (JsonNode *a, JsonNode *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (roof_json_node_is_number (a) && roof_json_node_is_number (b))
    return roof_json_node_get_number (a) == roof_json_node_get_number (b);
  if (json_node_get_node_type (a) != json_node_get_node_type (b))
    return FALSE;

  switch (json_node_get_node_type (a))
    {
    case JSON_NODE_OBJECT:
      return roof_json_object_equal (json_node_get_object (a), json_node_get_object (b));
    case JSON_NODE_ARRAY:
      {
        JsonArray *x = json_node_get_array (a);
        JsonArray *y = json_node_get_array (b);
        guint n = json_array_get_length (x);

        if (n != json_array_get_length (y))
          return FALSE;
        for (guint i = 0; i < n; i++)
          if (!roof_json_node_equal (json_array_get_element (x, i), json_array_get_element (y, i)))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (a) != json_node_get_value_type (b))
        return FALSE;
      if (json_node_get_value_type (a) == G_TYPE_BOOLEAN)
        return json_node_get_boolean (a) == json_node_get_boolean (b);
      if (json_node_get_value_type (a) == G_TYPE_STRING)
        return g_strcmp0 (json_node_get_string (a), json_node_get_string (b)) == 0;
      return FALSE;
    case JSON_NODE_NULL:
    default:
      return TRUE;
    }
}

/* ------------------------------------------------------------------------ */
/* Text                                                                     */

char *
roof_text_shorten (const char *s, glong max_chars)
{
  const char *end = s;

  for (glong i = 0; i < max_chars && *end != '\0'; i++)
    end = g_utf8_next_char (end);
  if (*end == '\0')
    return g_strdup (s);
  return g_strdup_printf ("%.*s…", (int) (end - s), s);
}

guint
roof_edit_distance (const char *a, const char *b, gboolean fold_case)
{
  gsize n = strlen (a), m = strlen (b);
  g_autofree guint *row = g_new (guint, m + 1);

  for (gsize j = 0; j <= m; j++)
    row[j] = (guint) j;
  for (gsize i = 1; i <= n; i++)
    {
      guint diag = row[0];

      row[0] = (guint) i;
      for (gsize j = 1; j <= m; j++)
        {
          guint up = row[j];
          char ca = fold_case ? g_ascii_tolower (a[i - 1]) : a[i - 1];
          char cb = fold_case ? g_ascii_tolower (b[j - 1]) : b[j - 1];
          guint cost = ca == cb ? 0 : 1;

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diag + cost);
          diag = up;
        }
    }
  return row[m];
}

void
roof_edit_distance_consider (const char *name,
                             const char *candidate,
                             gboolean fold_case,
                             const char **best,
                             guint *best_distance)
{
  guint d = roof_edit_distance (name, candidate, fold_case);

  if (d < *best_distance)
    {
      *best_distance = d;
      *best = candidate;
    }
}
