/* roof-json-scan.c — the text of a JSON file looked at before json-glib reads it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-glib recurses once per nesting level (100 000 '[' overflow the
 * stack), mis-reads long integers and reads what JSON is not (below). One
 * pass over the text refuses all of that with the line and column, so
 * roof_json_parse () hands json-glib only what it reads as JSON means.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "roof-catalog-private.h"

/* As roof-json.c's: the longest text of a double, and some. */
#define DOUBLE_BUF 40

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

typedef struct
{
  const char *data;
  gsize length;
  const char *origin;
  guint line;
  gsize line_start;
  char *copy; /* the text with long integers rewritten, made on the first */
  GError **error;
} Scan;

#define COLUMN(s, at) ((at) - (s)->line_start + 1)

/* Sets a ROOF_CATALOG_ERROR_PARSE "ORIGIN:LINE:COLUMN: message" for the
 * byte at `at` of the current line; FALSE, for returning. */
static gboolean G_GNUC_PRINTF (3, 4)
scan_error (Scan *s, gsize at, const char *format, ...)
{
  g_autofree char *msg = NULL;
  va_list ap;

  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (s->error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE, "%s:%u:%u: %s", s->origin,
               s->line, (guint) COLUMN (s, at), msg);
  return FALSE;
}

/* The \u escape at data[*i] inside a string; moves *i to its last byte
 * (the second escape's, for a surrogate pair). */
static gboolean
scan_unicode_escape (Scan *s, gsize *i)
{
  const char *data = s->data;
  gsize length = s->length;
  /* json-glib turns a lone surrogate into bytes that are not UTF-8, which
   * a saved file then cannot be read back with */
  int unit = hex4 (data, length, *i + 2);
  int low = unit >= 0xD800 && unit <= 0xDBFF && *i + 7 < length && data[*i + 6] == '\\'
                    && data[*i + 7] == 'u'
                ? hex4 (data, length, *i + 8)
                : -1;

  /* json-glib reads "\ud8na" as U+D800 followed by "na" */
  if (unit < 0)
    return scan_error (s, *i, "\\u must be followed by four hex digits");
  /* json-glib cuts the string there: "nvidia-h100-sxm\u0000-mine" would be
   * the id of the built-in H100 */
  if (unit == 0)
    return scan_error (s, *i, "\\u0000 (NUL) is not allowed in a string");
  if (unit >= 0xD800 && unit <= 0xDFFF && !(low >= 0xDC00 && low <= 0xDFFF))
    return scan_error (s, *i, "\\u%.4s is half of a UTF-16 surrogate pair, not a character",
                       data + *i + 2);
  *i += low >= 0 ? 11 : 1;
  return TRUE;
}

/* The escape whose backslash is at data[*i] inside a string; moves *i to
 * its last byte. */
static gboolean
scan_escape (Scan *s, gsize *i)
{
  const char *data = s->data;
  gsize length = s->length;

  if (*i + 1 < length && data[*i + 1] == 'u')
    return scan_unicode_escape (s, i);
  if (*i + 1 < length && data[*i + 1] >= '0' && data[*i + 1] <= '7')
    {
      gsize digits;

      /* not JSON, but json-glib reads it ("\101" as "A", "\0" cutting the
       * string): refused, the NUL named as such */
      gboolean nul = octal_escape (data, length, *i + 1, &digits) == 0;

      return scan_error (s, *i,
                         nul ? "\\%.*s (NUL) is not allowed in a string"
                             : "\\%.*s is not a JSON escape (write \\u and four hex digits)",
                         (int) digits, data + *i + 1);
    }
  /* json-glib drops the backslash of an unknown escape ("\x41" reads as
   * "x41"): JSON knows only these */
  if (*i + 1 >= length || strchr ("\"\\/bfnrt", data[*i + 1]) == NULL || data[*i + 1] == '\0')
    return scan_error (s, *i,
                       "\\%.1s is not a JSON escape (use \\\" \\\\ \\/ \\b \\f "
                       "\\n \\r \\t or \\u and four hex digits)",
                       *i + 1 < length ? data + *i + 1 : "");
  (*i)++;
  return TRUE;
}

/* The number token starting at data[*i], held to the JSON grammar; an
 * integer of 19 digits or more is rewritten in the copy. Moves *i to the
 * token's last byte. */
static gboolean
scan_number (Scan *s, gsize *i)
{
  const char *data = s->data;
  gsize start = *i;
  gsize end = *i;
  gsize first = data[*i] == '-' ? *i + 1 : *i; /* the first digit */
  gsize digits = first;
  const char *problem;

  while (end < s->length && is_number_char (data[end]))
    end++;
  problem = number_problem (data + start, end - start);
  if (problem != NULL)
    return scan_error (s, start, "`%.*s%s' is not a JSON number%s%s",
                       (int) MIN (end - start, 40), data + start, end - start > 40 ? "…" : "",
                       *problem ? ": " : "", problem);
  while (digits < end && g_ascii_isdigit (data[digits]))
    digits++;
  if (digits == end && end - first >= 19)
    {
      if (s->copy == NULL)
        {
          s->copy = g_malloc (s->length + 1);
          memcpy (s->copy, data, s->length);
          s->copy[s->length] = '\0';
        }
      if (!rewrite_long_integer (s->copy + first, end - first))
        return scan_error (s, first, "cannot read the integer %.*s", (int) MIN (end - first, 40),
                           data + first);
    }
  *i = end - 1;
  return TRUE;
}

typedef enum
{
  IN_VALUES,
  IN_STRING,
  IN_COMMENT,
} ScanState;

/* The byte at data[*i] outside strings and comments: nesting, words,
 * numbers, and the end of the document. */
static gboolean
scan_values (Scan *s, gsize *i, ScanState *state, guint *depth, gsize *ended)
{
  const char *data = s->data;
  gsize length = s->length;
  char c = data[*i];

  /* json-glib reads "{…} {…}" as its first value and drops the rest */
  if (*ended != G_MAXSIZE && !g_ascii_isspace (c)
      && !(c == '/' && *i + 1 < length && data[*i + 1] == '*'))
    return scan_error (s, *i, "text after the end of the JSON document");
  if (c == '"')
    *state = IN_STRING;
  else if (c == '/' && *i + 1 < length && data[*i + 1] == '*')
    {
      *state = IN_COMMENT;
      (*i)++;
    }
  /* json-glib takes 'these', escapes undecoded: this scan would lose track
   * of what is a string */
  else if (c == '\'')
    return scan_error (s, *i, "strings must be in double quotes (\"…\"), not single ones");
  else if (c == '[' || c == '{')
    {
      if (++*depth > ROOF_CATALOG_MAX_DEPTH)
        {
          g_set_error (s->error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE,
                       "%s:%u:%u: nested deeper than %d levels", s->origin, s->line,
                       (guint) COLUMN (s, *i), ROOF_CATALOG_MAX_DEPTH);
          return FALSE;
        }
    }
  else if (c == ']' || c == '}')
    {
      if (*depth > 0 && --*depth == 0)
        *ended = *i;
    }
  else if (g_ascii_isalpha (c) || c == '_')
    {
      /* true, false, null; json-glib refuses any other word itself */
      while (*i + 1 < length && (g_ascii_isalnum (data[*i + 1]) || data[*i + 1] == '_'))
        (*i)++;
    }
  else if (g_ascii_isdigit (c) || c == '-' || c == '.' || c == '$')
    return scan_number (s, i);
  return TRUE;
}

gboolean
roof_json_prescan (const char *data,
                   gsize length,
                   const char *origin,
                   char **rewritten,
                   GError **error)
{
  Scan s = { data, length, origin, 1, 0, NULL, error };
  ScanState state = IN_VALUES;
  guint depth = 0;
  gsize ended = G_MAXSIZE; /* where the outermost array or object closed */
  gboolean ok = TRUE;

  for (gsize i = 0; ok && i < length; i++)
    {
      char c = data[i];

      /* json-glib keeps a raw tab or line break inside a string */
      if (state == IN_STRING && (guchar) c < 0x20 && c != '\0')
        {
          ok = scan_error (&s, i, "a control character (U+%04X) must be escaped inside a string",
                           (guint) (guchar) c);
          break;
        }
      if (c == '\n')
        {
          s.line++;
          s.line_start = i + 1;
        }
      /* json-glib refuses it too, but says neither where nor why */
      if (c == '\0')
        {
          ok = scan_error (&s, i,
                           state == IN_STRING ? "a NUL character is not allowed in a string"
                                              : "a NUL byte is not allowed in JSON text");
          break;
        }

      switch (state)
        {
        case IN_STRING:
          if (c == '\\')
            ok = scan_escape (&s, &i);
          else if (c == '"')
            state = IN_VALUES;
          break;

        case IN_COMMENT:
          if (c == '*' && i + 1 < length && data[i + 1] == '/')
            {
              state = IN_VALUES;
              i++;
            }
          break;

        case IN_VALUES:
        default:
          ok = scan_values (&s, &i, &state, &depth, &ended);
          break;
        }
    }

  if (!ok)
    {
      g_free (s.copy);
      return FALSE;
    }
  *rewritten = s.copy;
  return TRUE;
}
