/* roof-json.c — JSON text as people diff it, and a guarded parser
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-json.h"

#include <math.h>
#include <stdlib.h>
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

/* What json-glib 1.6 reads that JSON (RFC 8259) is not, found by trying
 * it: its GScanner reads 0070 and 010 as octal (56, 8), 0x10, 0X1F and $10
 * as hexadecimal, 0b101 as binary (5), and takes 1., .5, 01.5, 1.e3 and
 * "- 1" (a space after the minus) as numbers. NaN, Infinity, nan, inf and
 * other bare words it refuses itself ("unexpected identifier"), as it does
 * 1e, 1f, 0o7 and 1_000. In strings it reads octal escapes ("\0" and "\400"
 * are NUL, "\101" is A), keeps what follows a \u0000 out of the string
 * (which is cut there), drops the backslash of an unknown escape ("\x41"
 * is x41; left alone here: no NUL comes of it) and takes 'single-quoted'
 * strings with their escapes undecoded. A raw NUL byte it refuses, without
 * a line or column. */

/* A character of a number token as json-glib's scanner runs it on: a valid
 * number is followed by none of them, so a token is all of them in a row. */
static gboolean
is_number_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '.' || c == '+' || c == '-' || c == '$';
}

/* NULL when the `n` bytes at `tok` are a JSON number,
 * -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, else what is wrong ("" when
 * nothing more can be said). */
static const char *
number_problem (const char *tok, gsize n)
{
  gsize i = 0;

  if (tok[0] == '$' || (n >= 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X'))
      || (n >= 3 && tok[0] == '-' && tok[1] == '0' && (tok[2] == 'x' || tok[2] == 'X')))
    return "hexadecimal numbers are not JSON";
  if (i < n && tok[i] == '-')
    i++;
  if (i == n || !g_ascii_isdigit (tok[i]))
    return i < n && tok[i] == '.' ? "a digit must come before the decimal point"
           : i > 0                ? "a digit must follow the minus sign"
                                  : "";
  if (tok[i] == '0' && i + 1 < n && g_ascii_isdigit (tok[i + 1]))
    return "a number must not start with 0 (octal numbers are not JSON)";
  if (tok[i] == '0' && i + 1 < n && (tok[i + 1] == 'b' || tok[i + 1] == 'B'))
    return "binary numbers are not JSON";
  while (i < n && g_ascii_isdigit (tok[i]))
    i++;
  if (i < n && tok[i] == '.')
    {
      if (++i == n || !g_ascii_isdigit (tok[i]))
        return "a digit must follow the decimal point";
      while (i < n && g_ascii_isdigit (tok[i]))
        i++;
    }
  if (i < n && (tok[i] == 'e' || tok[i] == 'E'))
    {
      i++;
      if (i < n && (tok[i] == '+' || tok[i] == '-'))
        i++;
      if (i == n || !g_ascii_isdigit (tok[i]))
        return "the exponent must have digits";
      while (i < n && g_ascii_isdigit (tok[i]))
        i++;
    }
  return i == n ? NULL : "";
}

/* The value of the octal escape at data[i] ("\0", "\400"), as json-glib
 * reads it: up to three digits, into one byte. */
static guint
octal_escape (const char *data, gsize length, gsize i, gsize *digits)
{
  guint v = 0;

  *digits = 0;
  while (*digits < 3 && i + *digits < length && data[i + *digits] >= '0'
         && data[i + *digits] <= '7')
    {
      v = v * 8 + (guint) (data[i + *digits] - '0');
      (*digits)++;
    }
  return v & 0xff;
}

/* json-glib 1.6 reads an integer literal into a gint64 without checking for
 * overflow (99999999999999999999 becomes -1). Rewrites such a literal in
 * place, padded with spaces so line:column stay right, as the same value in
 * floating point ("mantissa e exponent" is never longer than the digits). */
static gboolean
rewrite_long_integer (char *start, gsize n_digits)
{
  char digits[400];
  char buf[DOUBLE_BUF];
  char mantissa[DOUBLE_BUF];
  char repl[DOUBLE_BUF + 8];
  double value;
  gsize m = 0;
  int exponent;
  const char *e;

  if (n_digits >= sizeof digits)
    value = HUGE_VAL;
  else
    {
      memcpy (digits, start, n_digits);
      digits[n_digits] = '\0';
      value = g_ascii_strtod (digits, NULL);
    }

  if (!isfinite (value))
    g_strlcpy (repl, "1e999", sizeof repl); /* json-glib reads it as inf */
  else if (value == 0.0)
    g_strlcpy (repl, "0", sizeof repl);
  else
    {
      static const char *const formats[] = { "%.14e", "%.15e", "%.16e" };

      for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
        {
          g_ascii_formatd (buf, sizeof buf, formats[i], value);
          if (g_ascii_strtod (buf, NULL) == value)
            break;
        }
      e = strchr (buf, 'e');
      if (e == NULL)
        return FALSE;
      for (const char *p = buf; p < e; p++)
        if (g_ascii_isdigit (*p))
          mantissa[m++] = *p;
      while (m > 1 && mantissa[m - 1] == '0')
        m--;
      mantissa[m] = '\0';
      exponent = atoi (e + 1) - (int) (m - 1);
      g_snprintf (repl, sizeof repl, "%se%d", mantissa, exponent);
    }

  if (strlen (repl) > n_digits)
    return FALSE;
  memset (start, ' ', n_digits);
  memcpy (start, repl, strlen (repl));
  return TRUE;
}

/* The value of 4 hex digits at data[i], or −1. */
static int
hex4 (const char *data, gsize length, gsize i)
{
  int v = 0;

  if (i + 4 > length)
    return -1;
  for (gsize k = i; k < i + 4; k++)
    {
      int d = g_ascii_xdigit_value (data[k]);
      if (d < 0)
        return -1;
      v = v * 16 + d;
    }
  return v;
}

/* Sets a ROOF_CATALOG_ERROR_PARSE "ORIGIN:LINE:COLUMN: message". */
static void G_GNUC_PRINTF (5, 6)
set_parse_error (GError **error, const char *origin, guint line, gsize column,
                 const char *format, ...)
{
  g_autofree char *msg = NULL;
  va_list ap;

  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE, "%s:%u:%u: %s", origin, line,
               (guint) column, msg);
}

/* Looks at the text before json-glib does, in one pass: json-glib recurses
 * once per nesting level (100 000 '[' overflow the stack), mis-reads long
 * integers and reads what JSON is not (above). Strings and comments are
 * skipped but for their escapes and NUL characters; every number token is
 * held to the JSON grammar. */
static gboolean
prescan (const char *data,
         gsize length,
         const char *origin,
         char **rewritten,
         GError **error)
{
  enum { NORMAL, STRING, COMMENT } state = NORMAL;
  g_autofree char *copy = NULL;
  guint depth = 0;
  gsize ended = G_MAXSIZE; /* where the outermost array or object closed */
  guint line = 1;
  gsize line_start = 0;

#define COLUMN(at) ((at) - line_start + 1)

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (state == STRING && (guchar) c < 0x20 && c != '\0')
        {
          /* json-glib keeps a raw tab or line break inside a string */
          set_parse_error (error, origin, line, COLUMN (i),
                           "a control character (U+%04X) must be escaped inside a string",
                           (guint) (guchar) c);
          return FALSE;
        }
      if (c == '\n')
        {
          line++;
          line_start = i + 1;
        }
      if (c == '\0')
        {
          /* json-glib refuses it too, but says neither where nor why */
          set_parse_error (error, origin, line, COLUMN (i),
                           state == STRING ? "a NUL character is not allowed in a string"
                                           : "a NUL byte is not allowed in JSON text");
          return FALSE;
        }

      switch (state)
        {
        case STRING:
          if (c == '\\' && i + 1 < length && data[i + 1] == 'u')
            {
              /* json-glib turns a lone surrogate into bytes that are not
               * UTF-8, which a saved file then cannot be read back with */
              int unit = hex4 (data, length, i + 2);
              int low = unit >= 0xD800 && unit <= 0xDBFF && i + 7 < length
                            && data[i + 6] == '\\' && data[i + 7] == 'u'
                          ? hex4 (data, length, i + 8)
                          : -1;

              if (unit < 0)
                {
                  /* json-glib reads "\ud8na" as U+D800 followed by "na" */
                  set_parse_error (error, origin, line, COLUMN (i),
                                   "\\u must be followed by four hex digits");
                  return FALSE;
                }
              if (unit == 0)
                {
                  /* json-glib cuts the string there: "nvidia-h100-sxm\u0000-mine"
                   * would be the id of the built-in H100 */
                  set_parse_error (error, origin, line, COLUMN (i),
                                   "\\u0000 (NUL) is not allowed in a string");
                  return FALSE;
                }
              if (unit >= 0xD800 && unit <= 0xDFFF && !(low >= 0xDC00 && low <= 0xDFFF))
                {
                  set_parse_error (error, origin, line, COLUMN (i),
                                   "\\u%.4s is half of a UTF-16 surrogate pair, not a character",
                                   data + i + 2);
                  return FALSE;
                }
              i += low >= 0 ? 11 : 1;
            }
          else if (c == '\\' && i + 1 < length && data[i + 1] >= '0' && data[i + 1] <= '7')
            {
              gsize digits;

              /* not JSON, but json-glib reads it ("\101" as "A", "\0" cutting
               * the string): refused, the NUL named as such */
              gboolean nul = octal_escape (data, length, i + 1, &digits) == 0;

              set_parse_error (error, origin, line, COLUMN (i),
                               nul ? "\\%.*s (NUL) is not allowed in a string"
                                   : "\\%.*s is not a JSON escape (write \\u and four hex digits)",
                               (int) digits, data + i + 1);
              return FALSE;
            }
          else if (c == '\\')
            {
              /* json-glib drops the backslash of an unknown escape ("\x41"
               * reads as "x41"): JSON knows only these */
              if (i + 1 >= length || strchr ("\"\\/bfnrt", data[i + 1]) == NULL
                  || data[i + 1] == '\0')
                {
                  set_parse_error (error, origin, line, COLUMN (i),
                                   "\\%.1s is not a JSON escape (use \\\" \\\\ \\/ \\b \\f "
                                   "\\n \\r \\t or \\u and four hex digits)",
                                   i + 1 < length ? data + i + 1 : "");
                  return FALSE;
                }
              i++;
            }
          else if (c == '"')
            state = NORMAL;
          break;

        case COMMENT:
          if (c == '*' && i + 1 < length && data[i + 1] == '/')
            {
              state = NORMAL;
              i++;
            }
          break;

        case NORMAL:
        default:
          if (ended != G_MAXSIZE && !g_ascii_isspace (c)
              && !(c == '/' && i + 1 < length && data[i + 1] == '*'))
            {
              /* json-glib reads "{…} {…}" as its first value and drops the rest */
              set_parse_error (error, origin, line, COLUMN (i),
                               "text after the end of the JSON document");
              return FALSE;
            }
          if (c == '"')
            state = STRING;
          else if (c == '/' && i + 1 < length && data[i + 1] == '*')
            {
              state = COMMENT;
              i++;
            }
          else if (c == '\'')
            {
              /* json-glib takes 'these', escapes undecoded: this scan would
               * lose track of what is a string */
              set_parse_error (error, origin, line, COLUMN (i),
                               "strings must be in double quotes (\"…\"), not single ones");
              return FALSE;
            }
          else if (c == '[' || c == '{')
            {
              if (++depth > ROOF_CATALOG_MAX_DEPTH)
                {
                  g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE,
                               "%s:%u:%u: nested deeper than %d levels", origin, line,
                               (guint) COLUMN (i), ROOF_CATALOG_MAX_DEPTH);
                  return FALSE;
                }
            }
          else if (c == ']' || c == '}')
            {
              if (depth > 0 && --depth == 0)
                ended = i;
            }
          else if (g_ascii_isalpha (c) || c == '_')
            {
              /* true, false, null; json-glib refuses any other word itself */
              while (i + 1 < length && (g_ascii_isalnum (data[i + 1]) || data[i + 1] == '_'))
                i++;
            }
          else if (g_ascii_isdigit (c) || c == '-' || c == '.' || c == '$')
            {
              gsize start = i;
              gsize end = i;
              gsize first = c == '-' ? i + 1 : i; /* the first digit */
              gsize digits = first;
              const char *problem;

              while (end < length && is_number_char (data[end]))
                end++;
              problem = number_problem (data + start, end - start);
              if (problem != NULL)
                {
                  set_parse_error (error, origin, line, COLUMN (start),
                                   "`%.*s%s' is not a JSON number%s%s",
                                   (int) MIN (end - start, 40), data + start,
                                   end - start > 40 ? "…" : "", *problem ? ": " : "", problem);
                  return FALSE;
                }
              /* an integer of 19 digits or more */
              while (digits < end && g_ascii_isdigit (data[digits]))
                digits++;
              if (digits == end && end - first >= 19)
                {
                  if (copy == NULL)
                    {
                      copy = g_malloc (length + 1);
                      memcpy (copy, data, length);
                      copy[length] = '\0';
                    }
                  if (!rewrite_long_integer (copy + first, end - first))
                    {
                      set_parse_error (error, origin, line, COLUMN (first),
                                       "cannot read the integer %.*s", (int) MIN (end - first, 40),
                                       data + first);
                      return FALSE;
                    }
                }
              i = end - 1;
            }
          break;
        }
    }

#undef COLUMN

  *rewritten = g_steal_pointer (&copy);
  return TRUE;
}

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
  g_autoptr (JsonParser) parser = NULL;
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

  if (!prescan (data, len, origin, &rewritten, error))
    return NULL;

  parser = json_parser_new ();
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
  if (find_node (root, path, not_utf8, NULL) != NULL)
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
      g_autoptr (GString) path = g_string_new (prefix);
      JsonNode *found;

      if (skip != NULL && strcmp (name, skip) == 0)
        continue;
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
/* Paths                                                                    */

typedef struct
{
  char *name;
  gboolean has_index;
  guint index;
} PathSegment;

/* Splits "caches[0].capacity_MB"; NULL when malformed. */
static GArray *
path_split (const char *path)
{
  g_auto (GStrv) parts = NULL;
  GArray *segments;

  if (path == NULL || *path == '\0')
    return NULL;

  segments = g_array_new (FALSE, TRUE, sizeof (PathSegment));
  parts = g_strsplit (path, ".", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      PathSegment seg = { 0 };
      char *bracket = strchr (parts[i], '[');

      if (bracket != NULL)
        {
          char *end = NULL;
          guint64 index;

          if (!g_ascii_isdigit (bracket[1]))
            goto fail;
          index = g_ascii_strtoull (bracket + 1, &end, 10);
          if (end == NULL || end[0] != ']' || end[1] != '\0' || index > G_MAXUINT)
            goto fail;
          seg.has_index = TRUE;
          seg.index = (guint) index;
          seg.name = g_strndup (parts[i], bracket - parts[i]);
        }
      else
        seg.name = g_strdup (parts[i]);
      if (*seg.name == '\0')
        {
          g_free (seg.name);
          goto fail;
        }
      g_array_append_val (segments, seg);
    }
  return segments;

fail:
  for (guint i = 0; i < segments->len; i++)
    g_free (g_array_index (segments, PathSegment, i).name);
  g_array_free (segments, TRUE);
  return NULL;
}

static void
path_free (GArray *segments)
{
  if (segments == NULL)
    return;
  for (guint i = 0; i < segments->len; i++)
    g_free (g_array_index (segments, PathSegment, i).name);
  g_array_free (segments, TRUE);
}

char *
roof_json_path_normalize (const char *path)
{
  GString *out = g_string_new (NULL);

  for (const char *p = path; *p != '\0'; p++)
    {
      g_string_append_c (out, *p);
      if (*p == '[')
        {
          while (p[1] != '\0' && p[1] != ']')
            p++;
        }
    }
  return g_string_free (out, FALSE);
}

JsonNode *
roof_json_path_get (JsonObject *root, const char *path)
{
  GArray *segments = path_split (path);
  JsonNode *node = NULL;
  JsonObject *object = root;

  if (segments == NULL)
    return NULL;

  for (guint i = 0; i < segments->len; i++)
    {
      PathSegment *seg = &g_array_index (segments, PathSegment, i);

      if (object == NULL)
        {
          node = NULL;
          break;
        }
      node = json_object_get_member (object, seg->name);
      if (node != NULL && seg->has_index)
        {
          JsonArray *array;

          if (!JSON_NODE_HOLDS_ARRAY (node))
            {
              node = NULL;
              break;
            }
          array = json_node_get_array (node);
          node = seg->index < json_array_get_length (array)
                   ? json_array_get_element (array, seg->index)
                   : NULL;
        }
      if (node == NULL)
        break;
      object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
    }

  path_free (segments);
  return node;
}

gboolean
roof_json_path_set (JsonObject *root, const char *path, JsonNode *value, GError **error)
{
  GArray *segments = path_split (path);
  JsonObject *object = root;
  gboolean ok = FALSE;

  if (segments == NULL)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "\"%s\" is not a field path", path ? path : "");
      json_node_unref (value);
      return FALSE;
    }

  for (guint i = 0; i < segments->len; i++)
    {
      PathSegment *seg = &g_array_index (segments, PathSegment, i);
      gboolean last = i + 1 == segments->len;
      JsonNode *node = json_object_get_member (object, seg->name);

      if (seg->has_index)
        {
          JsonArray *array;

          if (node == NULL)
            {
              node = json_node_new (JSON_NODE_ARRAY);
              json_node_take_array (node, json_array_new ());
              json_object_set_member (object, seg->name, node);
            }
          if (!JSON_NODE_HOLDS_ARRAY (node))
            {
              g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                           "%s is %s, not an array", seg->name, roof_json_node_kind (node));
              goto out;
            }
          array = json_node_get_array (node);
          if (seg->index > json_array_get_length (array))
            {
              g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                           "%s has %u elements: cannot set element %u", seg->name,
                           json_array_get_length (array), seg->index);
              goto out;
            }
          if (last)
            {
              if (seg->index == json_array_get_length (array))
                json_array_add_element (array, g_steal_pointer (&value));
              else
                {
                  /* JsonArray has no replace: rebuild it */
                  JsonArray *rebuilt = json_array_new ();

                  for (guint k = 0; k < json_array_get_length (array); k++)
                    json_array_add_element (rebuilt,
                                            k == seg->index
                                              ? g_steal_pointer (&value)
                                              : json_node_ref (json_array_get_element (array, k)));
                  json_node_take_array (node, rebuilt);
                }
              ok = TRUE;
              goto out;
            }
          if (seg->index == json_array_get_length (array))
            {
              JsonNode *element = json_node_new (JSON_NODE_OBJECT);

              json_node_take_object (element, json_object_new ());
              json_array_add_element (array, element);
            }
          node = json_array_get_element (array, seg->index);
        }
      else if (last)
        {
          json_object_set_member (object, seg->name, g_steal_pointer (&value));
          ok = TRUE;
          goto out;
        }
      else if (node == NULL)
        {
          node = json_node_new (JSON_NODE_OBJECT);
          json_node_take_object (node, json_object_new ());
          json_object_set_member (object, seg->name, node);
        }

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                       "%s is %s, not an object", seg->name, roof_json_node_kind (node));
          goto out;
        }
      object = json_node_get_object (node);
    }

out:
  if (value != NULL)
    json_node_unref (value);
  path_free (segments);
  return ok;
}

gboolean
roof_json_path_unset (JsonObject *root, const char *path)
{
  g_autofree char *parent_path = NULL;
  const char *dot = strrchr (path, '.');
  const char *leaf = path;
  JsonObject *parent = root;
  g_autofree char *leaf_name = NULL;
  char *bracket;

  if (dot != NULL)
    {
      JsonNode *node;

      parent_path = g_strndup (path, dot - path);
      leaf = dot + 1;
      node = roof_json_path_get (root, parent_path);
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        return FALSE;
      parent = json_node_get_object (node);
    }

  leaf_name = g_strdup (leaf);
  bracket = strchr (leaf_name, '[');
  if (bracket != NULL)
    {
      guint64 index = g_ascii_strtoull (bracket + 1, NULL, 10);
      JsonNode *node;
      JsonArray *array, *rebuilt;

      *bracket = '\0';
      node = json_object_get_member (parent, leaf_name);
      if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
        return FALSE;
      array = json_node_get_array (node);
      if (index >= json_array_get_length (array))
        return FALSE;
      rebuilt = json_array_new ();
      for (guint k = 0; k < json_array_get_length (array); k++)
        if (k != index)
          json_array_add_element (rebuilt, json_node_ref (json_array_get_element (array, k)));
      json_node_take_array (node, rebuilt);
      return TRUE;
    }

  if (!json_object_has_member (parent, leaf_name))
    return FALSE;
  json_object_remove_member (parent, leaf_name);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Typed getters                                                            */

const char *
roof_json_get_string (JsonObject *object, const char *path)
{
  JsonNode *node = roof_json_path_get (object, path);

  return roof_json_node_is_string (node) ? json_node_get_string (node) : NULL;
}

double
roof_json_get_number (JsonObject *object, const char *path, double fallback)
{
  JsonNode *node = roof_json_path_get (object, path);

  return roof_json_node_is_number (node) ? roof_json_node_get_number (node) : fallback;
}

gboolean
roof_json_get_boolean (JsonObject *object, const char *path, gboolean fallback)
{
  JsonNode *node = roof_json_path_get (object, path);

  return roof_json_node_is_boolean (node) ? json_node_get_boolean (node) : fallback;
}

char **
roof_json_dup_strv (JsonObject *object, const char *member)
{
  GPtrArray *out = g_ptr_array_new ();
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (roof_json_node_is_string (element))
            g_ptr_array_add (out, g_strdup (json_node_get_string (element)));
        }
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

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
roof_edit_distance (const char *a, const char *b)
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
          guint cost = g_ascii_tolower (a[i - 1]) == g_ascii_tolower (b[j - 1]) ? 0 : 1;

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diag + cost);
          diag = up;
        }
    }
  return row[m];
}
