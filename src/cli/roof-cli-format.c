/* roof-cli-format.c — numbers with units, aligned tables and CSV for roofline-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-cli-format.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "roof-json.h"

/* roofline-cli's figures never follow the locale: the shared formatter in
 * the C locale (roof-number.h). */
char *
roof_cli_format_significant (double value, int digits)
{
  return roof_number_significant (value, digits, ROOF_LOCALE_C);
}

char *
roof_cli_format (double value, RoofUnit unit)
{
  return roof_number_format (value, unit, ROOF_LOCALE_C);
}

char *
roof_cli_format_elasticity (double value)
{
  return roof_number_fixed (value, 3, ROOF_LOCALE_C);
}

/* ---------------------------------------------------------------------- */
/* Tables                                                                  */

typedef enum
{
  ROW_CELLS,
  ROW_HEADER,
  ROW_SECTION,
  ROW_BLANK,
} RowKind;

typedef struct
{
  RowKind kind;
  guint n_cells;
  char **cells; /* n_cells entries, NULL = empty; sections use cells[0] */
} Row;

struct _RoofCliTable
{
  guint n_columns;
  RoofCliAlign *align;
  GPtrArray *rows; /* Row* */
  guint indent;
};

static void
row_free (gpointer data)
{
  Row *row = data;

  for (guint i = 0; i < row->n_cells; i++)
    g_free (row->cells[i]);
  g_free (row->cells);
  g_free (row);
}

/* Cells are shown as they are, but for controls (roof_cli_escape); takes
 * `text`. Most cells are plain ASCII and are kept without a copy. */
static char *
cell_text (char *text)
{
  if (text == NULL)
    return NULL;
  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    if (*p < 0x20 || *p >= 0x7f)
      {
        char *escaped = roof_cli_escape (text);
        g_free (text);
        return escaped;
      }
  return text;
}

static Row *
row_new (RoofCliTable *self, RowKind kind)
{
  Row *row = g_new0 (Row, 1);

  row->kind = kind;
  row->n_cells = self->n_columns;
  row->cells = g_new0 (char *, self->n_columns);
  g_ptr_array_add (self->rows, row);
  return row;
}

RoofCliTable *
roof_cli_table_new (guint n_columns)
{
  RoofCliTable *self;

  g_return_val_if_fail (n_columns > 0, NULL);

  self = g_new0 (RoofCliTable, 1);
  self->n_columns = n_columns;
  self->align = g_new (RoofCliAlign, n_columns);
  for (guint i = 0; i < n_columns; i++)
    self->align[i] = i == 0 ? ROOF_CLI_ALIGN_LEFT : ROOF_CLI_ALIGN_RIGHT;
  self->rows = g_ptr_array_new_with_free_func (row_free);
  return self;
}

void
roof_cli_table_free (RoofCliTable *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->rows);
  g_free (self->align);
  g_free (self);
}

void
roof_cli_table_set_align (RoofCliTable *self, guint column, RoofCliAlign align)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (column < self->n_columns);

  self->align[column] = align;
}

void
roof_cli_table_set_indent (RoofCliTable *self, guint indent)
{
  g_return_if_fail (self != NULL);

  self->indent = indent;
}

void
roof_cli_table_set_header (RoofCliTable *self, const char *first, ...)
{
  va_list ap;
  Row *row;

  g_return_if_fail (self != NULL);

  row = row_new (self, ROW_HEADER);
  row->cells[0] = cell_text (g_strdup (first));
  va_start (ap, first);
  for (guint i = 1; i < self->n_columns; i++)
    row->cells[i] = cell_text (g_strdup (va_arg (ap, const char *)));
  va_end (ap);
}

void
roof_cli_table_set_headerv (RoofCliTable *self, const char *const *cells)
{
  Row *row;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cells != NULL);

  row = row_new (self, ROW_HEADER);
  for (guint i = 0; i < self->n_columns; i++)
    row->cells[i] = cell_text (g_strdup (cells[i]));
}

void
roof_cli_table_add_row (RoofCliTable *self)
{
  g_return_if_fail (self != NULL);

  row_new (self, ROW_CELLS);
}

void
roof_cli_table_take (RoofCliTable *self, guint column, char *text)
{
  Row *row;

  g_return_if_fail (self != NULL);
  g_return_if_fail (column < self->n_columns);
  g_return_if_fail (self->rows->len > 0);

  row = g_ptr_array_index (self->rows, self->rows->len - 1);
  g_return_if_fail (row->kind == ROW_CELLS);
  g_free (row->cells[column]);
  row->cells[column] = cell_text (text);
}

void
roof_cli_table_set (RoofCliTable *self, guint column, const char *text)
{
  roof_cli_table_take (self, column, g_strdup (text));
}

void
roof_cli_table_add_section (RoofCliTable *self, const char *title)
{
  Row *row;

  g_return_if_fail (self != NULL);

  row = row_new (self, ROW_SECTION);
  row->cells[0] = cell_text (g_strdup (title));
}

void
roof_cli_table_add_blank (RoofCliTable *self)
{
  g_return_if_fail (self != NULL);

  row_new (self, ROW_BLANK);
}

static glong
text_width (const char *text)
{
  return text != NULL ? g_utf8_strlen (text, -1) : 0;
}

static void
append_spaces (GString *s, glong n)
{
  for (glong i = 0; i < n; i++)
    g_string_append_c (s, ' ');
}

static void
trim_trailing_spaces (GString *s)
{
  while (s->len > 0 && s->str[s->len - 1] == ' ')
    g_string_truncate (s, s->len - 1);
}

char *
roof_cli_table_to_string (RoofCliTable *self)
{
  g_autofree glong *widths = NULL;
  GString *s;

  g_return_val_if_fail (self != NULL, NULL);

  widths = g_new0 (glong, self->n_columns);
  for (guint r = 0; r < self->rows->len; r++)
    {
      Row *row = g_ptr_array_index (self->rows, r);
      if (row->kind != ROW_CELLS && row->kind != ROW_HEADER)
        continue;
      for (guint c = 0; c < self->n_columns; c++)
        widths[c] = MAX (widths[c], text_width (row->cells[c]));
    }
  s = g_string_new (NULL);
  for (guint r = 0; r < self->rows->len; r++)
    {
      Row *row = g_ptr_array_index (self->rows, r);
      gsize line_start = s->len;

      switch (row->kind)
        {
        case ROW_BLANK:
          break;
        case ROW_SECTION:
          append_spaces (s, self->indent);
          g_string_append (s, row->cells[0] != NULL ? row->cells[0] : "");
          break;
        case ROW_CELLS:
        case ROW_HEADER:
        default:
          append_spaces (s, self->indent);
          for (guint c = 0; c < self->n_columns; c++)
            {
              const char *text = row->cells[c] != NULL ? row->cells[c] : "";
              glong pad = widths[c] - text_width (text);

              if (c > 0)
                g_string_append (s, "  ");
              if (self->align[c] == ROOF_CLI_ALIGN_RIGHT)
                append_spaces (s, pad);
              g_string_append (s, text);
              if (self->align[c] == ROOF_CLI_ALIGN_LEFT)
                append_spaces (s, pad);
            }
          break;
        }
      if (s->len > line_start)
        trim_trailing_spaces (s);
      g_string_append_c (s, '\n');

      if (row->kind == ROW_HEADER)
        {
          /* under the titled columns only: a trailing untitled column of
           * notes would stretch the rule across the terminal */
          glong rule = 0;
          for (guint c = 0; c < self->n_columns; c++)
            if (row->cells[c] != NULL && *row->cells[c] != '\0')
              {
                rule = 0;
                for (guint k = 0; k <= c; k++)
                  rule += widths[k] + (k > 0 ? 2 : 0);
              }
          append_spaces (s, self->indent);
          for (glong i = 0; i < rule; i++)
            g_string_append (s, "─");
          g_string_append_c (s, '\n');
        }
    }
  return g_string_free (s, FALSE);
}

void
roof_cli_table_print (RoofCliTable *self, RoofCliStream *out)
{
  g_autofree char *text = roof_cli_table_to_string (self);

  /* the cells are escaped already */
  roof_cli_stream_write (out, text, strlen (text));
}

/* ---------------------------------------------------------------------- */
/* CSV                                                                     */

void
roof_cli_csv_append_field (GString *line, const char *text)
{
  roof_csv_append_field (line, text);
}

void
roof_cli_csv_append_number (GString *line, double value)
{
  g_return_if_fail (line != NULL);

  roof_cli_append_double (line, value);
}

/* ---------------------------------------------------------------------- */
/* Text for a terminal                                                     */

void
roof_cli_append_escaped (GString *out, const char *text, gboolean keep_newlines)
{
  const char *p = text;

  g_return_if_fail (out != NULL);

  if (text == NULL)
    return;
  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char_validated (p, -1);
      const char *next;

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* not UTF-8: a lone 0x9b is CSI to a terminal in a Latin locale */
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          p++;
          continue;
        }
      next = g_utf8_next_char (p);
      if ((c < 0x20 && !(c == '\n' && keep_newlines)) || (c >= 0x7f && c <= 0x9f))
        {
          /* every byte of a C0 or C1 control or DEL, as \xHH */
          for (const char *b = p; b < next; b++)
            g_string_append_printf (out, "\\x%02x", (guchar) *b);
        }
      else
        g_string_append_len (out, p, next - p);
      p = next;
    }
}

char *
roof_cli_escape (const char *text)
{
  GString *s = g_string_new (NULL);

  roof_cli_append_escaped (s, text, FALSE);
  return g_string_free (s, FALSE);
}

/* ---------------------------------------------------------------------- */
/* Numbers for JSON and CSV                                                */

/* "00" to "99" */
static const char digit_pairs[] =
  "0001020304050607080910111213141516171819"
  "2021222324252627282930313233343536373839"
  "4041424344454647484950515253545556575859"
  "6061626364656667686970717273747576777879"
  "8081828384858687888990919293949596979899";

/* v < 10^8 as 8 digits, leading zeros included */
static inline void
put8 (char *d, guint32 v)
{
  guint32 hi = v / 10000, lo = v % 10000;

  memcpy (d, digit_pairs + 2 * (hi / 100), 2);
  memcpy (d + 2, digit_pairs + 2 * (hi % 100), 2);
  memcpy (d + 4, digit_pairs + 2 * (lo / 100), 2);
  memcpy (d + 6, digit_pairs + 2 * (lo % 100), 2);
}

/* q < 10^17 as 17 digits, leading zeros included */
static void
put_digits17 (char *dst, guint64 q)
{
  guint64 hi = q / 100000000;

  g_assert (q < G_GUINT64_CONSTANT (100000000000000000));
  dst[0] = (char) ('0' + hi / 100000000);
  put8 (dst + 1, (guint32) (hi % 100000000));
  put8 (dst + 9, (guint32) (q % 100000000));
}

/* Clinger's fast path: with m < 2^53 and |k| ≤ 22 both operands are exact
 * doubles, so one correctly rounded operation is what strtod returns. */
static gboolean
decimal_to_double (guint64 m, int k, double *out)
{
  static const double pow10[]
      = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
          1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };

  if (m >= (G_GUINT64_CONSTANT (1) << 53) || k > 22 || k < -22)
    return FALSE;
  *out = k >= 0 ? (double) m * pow10[k] : (double) m / pow10[-k];
  return TRUE;
}

/* `digits` (n of them, the first nonzero) × 10^exp10 as printf's "%.Pg"
 * prints it: fixed notation for -4 ≤ exp10 < P, else d.ddde±XX; trailing
 * zeros of the fraction dropped. Written into `buf` (at most 26 bytes: 17
 * digits, a sign, a point and "e-308", or "0.0000" and 17 digits), its
 * length returned: a GString append per character was a fifth of a large
 * sweep's time. */
/* Digit buffers hold DIGITS_ROOM bytes, so that a run of up to 17 digits
 * starting at any of the first 23 is copied as 17 fixed bytes, inline,
 * and the digits past the run ignored (a memcpy of variable length is a
 * call). The destination, ROOF_CLI_NUMBER_MAX bytes, has room for the
 * same: the text's end plus 17 is within 40 bytes of its start. */
#define DIGITS_ROOM 40
#define COPY_DIGITS(d, src, n) (memcpy ((d), (src), 17), (d) += (n))

static gsize
put_g_style (char *buf, gboolean negative, const char *digits, int n, int exp10, int p)
{
  char *d = buf;

  G_STATIC_ASSERT (ROOF_CLI_NUMBER_MAX >= 1 + 16 + 1 + 17 + 5);

  while (n > 1 && digits[n - 1] == '0')
    n--;
  if (negative)
    *d++ = '-';
  if (exp10 < -4 || exp10 >= p)
    {
      int e = ABS (exp10);

      *d++ = digits[0];
      if (n > 1)
        {
          *d++ = '.';
          COPY_DIGITS (d, digits + 1, n - 1);
        }
      *d++ = 'e';
      *d++ = exp10 < 0 ? '-' : '+';
      if (e >= 100)
        *d++ = (char) ('0' + e / 100);
      *d++ = (char) ('0' + e / 10 % 10);
      *d++ = (char) ('0' + e % 10);
    }
  else if (exp10 < 0)
    {
      *d++ = '0';
      *d++ = '.';
      for (int i = 0; i < -exp10 - 1; i++)
        *d++ = '0';
      COPY_DIGITS (d, digits, n);
    }
  else
    {
      int whole = exp10 + 1;
      if (n <= whole)
        {
          COPY_DIGITS (d, digits, n);
          for (int i = n; i < whole; i++)
            *d++ = '0';
        }
      else
        {
          COPY_DIGITS (d, digits, whole);
          *d++ = '.';
          COPY_DIGITS (d, digits + whole, n - whole);
        }
    }
  return (gsize) (d - buf);
}

/* The first `p` of the 17 digits rounded half up, into `rounded`; FALSE when
 * the digits dropped are exactly "5" or "50": the exact value may lie on
 * either side of the tie, which only the printf of the value itself knows. */
static gboolean
round_digits (const char d17[DIGITS_ROOM], int p, char rounded[DIGITS_ROOM], int *exp10)
{
  const char *tail = d17 + p;
  gboolean up;

  if (p == 15 && tail[0] == '5' && tail[1] == '0')
    return FALSE;
  if (p == 16 && tail[0] == '5')
    return FALSE;
  up = tail[0] >= '5';
  memcpy (rounded, d17, p);
  for (int i = p - 1; up && i >= 0; i--)
    {
      if (rounded[i] == '9')
        rounded[i] = '0';
      else
        {
          rounded[i]++;
          up = FALSE;
        }
    }
  if (up)
    {
      /* 9.99…9 rounded to 10.0…0 */
      rounded[0] = '1';
      (*exp10)++;
    }
  return TRUE;
}

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 Uint128;

/* 10^k for 0 ≤ k ≤ 22, the largest the callers need (10^22 · 2^53 < 2^128),
 * as high and low 64 bits */
static inline Uint128
pow10_128 (int k)
{
  static const guint64 table[23][2] = {
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x1) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0xa) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x64) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x3e8) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x2710) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x186a0) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0xf4240) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x989680) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x5f5e100) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x3b9aca00) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x2540be400) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x174876e800) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0xe8d4a51000) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x9184e72a000) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x5af3107a4000) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x38d7ea4c68000) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x2386f26fc10000) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x16345785d8a0000) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0xde0b6b3a7640000) },
    { G_GUINT64_CONSTANT (0x0), G_GUINT64_CONSTANT (0x8ac7230489e80000) },
    { G_GUINT64_CONSTANT (0x5), G_GUINT64_CONSTANT (0x6bc75e2d63100000) },
    { G_GUINT64_CONSTANT (0x36), G_GUINT64_CONSTANT (0x35c9adc5dea00000) },
    { G_GUINT64_CONSTANT (0x21e), G_GUINT64_CONSTANT (0x19e0c9bab2400000) },
  };

  g_assert (k >= 0 && k < 23);
  return ((Uint128) table[k][0] << 64) | table[k][1];
}

/* `q`, a whole number of `p` digits (or 10^p after rounding up), as digits
 * with the decimal exponent `x` of its first one. */
static gsize
put_rounded (char *dst, gboolean negative, guint64 q, int p, int x)
{
  char digits[DIGITS_ROOM];

  if (q == (guint64) pow10_128 (p))
    {
      q = (guint64) pow10_128 (p - 1);
      x++;
    }
  put_digits17 (digits, q);
  return put_g_style (dst, negative, digits + 17 - p, p, x, p);
}

/* |c − n17 − rem / 2^shift| · 2^shift, for c within 100 of n17: how far a
 * candidate lies from the value, in units of the 17th digit times 2^shift */
static inline Uint128
offset (guint64 c, guint64 n17, Uint128 rem, int shift)
{
  Uint128 d = ((Uint128) (__int128) (gint64) (c - n17) << shift) - rem;
  Uint128 negative = -(d >> 127);

  return (d ^ negative) - negative;
}

/* 10^k for -6 ≤ k ≤ 16, as the nearest doubles: where the decimal exponent
 * estimated from the binary one is one short */
static const double pow10_from_minus6[] = {
  1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2, 1e3, 1e4, 1e5,
  1e6,  1e7,  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
};

/* roof_json_format_double's text in exact integer arithmetic, no printf or
 * strtod: |value| is m / 2^shift with 2^52 < m < 2^53. One product
 * m · 10^k (k = 16 − x, x the decimal exponent) split at 2^shift into a
 * 17-digit whole part n17 and a remainder gives all three candidates:
 * those of 16 and 15 digits are n17 / 10 and n17 / 100 rounded by the digits
 * dropped and the remainder, and one reads back when it lies within half an
 * ulp of the value, |c · 2^shift − m · 10^k| < 10^k / 2 with c the candidate
 * in units of the 17th digit. All of it fits in 128 bits for
 * 1e-6 ≤ |value| < 2^53. Written into `dst`, its length returned; 0, for
 * printf to decide, outside that range, at a power of two (its lower
 * neighbour is nearer) and on exact ties. */
static gsize
put_exact (char *dst, double value)
{
  const guint64 p16 = G_GUINT64_CONSTANT (10000000000000000);
  double a = fabs (value);
  Uint128 num = 0, rem, half, unit, d15, d16;
  guint64 bits, m, n17 = 0, q15, q16, q17, q;
  int e2, x, k = 0, shift, p;
  gboolean ok15, ok16;

  if (!(a >= 1e-6 && a < 9007199254740992.0))
    return 0;
  /* a normal double: its 52 stored bits and the hidden one, and a = m / 2^shift
   * with e2 as frexp gives it (a = f · 2^e2, 0.5 ≤ f < 1) */
  memcpy (&bits, &a, sizeof bits);
  e2 = (int) (bits >> 52) - 1022;
  m = (bits & ((G_GUINT64_CONSTANT (1) << 52) - 1)) | (G_GUINT64_CONSTANT (1) << 52);
  shift = 53 - e2;
  if (shift <= 0 || shift > 72 || m == (G_GUINT64_CONSTANT (1) << 52))
    return 0;

  /* the decimal exponent: floor (log10 (2^(e2-1))) (78913 / 2^18 is log10 (2)
   * less 8e-7, an error below 1e-4 for the |e2 - 1| ≤ 54 of this range, and
   * no multiple of log10 (2) there is that near a whole number), -7 to 15,
   * then one more when a reaches the next power of ten; the loop corrects
   * what the rounded powers of ten below 1 get wrong */
  x = (int) (((gint64) (e2 - 1) * 78913) >> 18);
  if (a >= pow10_from_minus6[x + 7])
    x++;
  for (int attempt = 0;; attempt++)
    {
      k = 16 - x;
      if (attempt == 3 || k < 0 || k > 22)
        return 0;
      num = (Uint128) m * pow10_128 (k);
      n17 = (guint64) (num >> shift);
      if (n17 >= 10 * p16)
        x++;
      else if (n17 < p16)
        x--;
      else
        break;
    }
  rem = num - ((Uint128) n17 << shift);
  half = (Uint128) 1 << (shift - 1);
  unit = pow10_128 (k);
  q17 = n17 + (rem > half ? 1 : 0);
  /* rounded to nearest: the dropped part is (r + rem / 2^shift) / div */
  q16 = n17 / 10 + (n17 % 10 >= 5 ? 1 : 0);
  q15 = n17 / 100 + (n17 % 100 >= 50 ? 1 : 0);
  d16 = offset (q16 * 10, n17, rem, shift);
  d15 = offset (q15 * 100, n17, rem, shift);
  /* exact ties, of the rounding or of the read-back: printf decides */
  if (G_UNLIKELY (rem == half || (rem == 0 && (n17 % 10 == 5 || n17 % 100 == 50))
                  || 2 * d15 == unit || 2 * d16 == unit))
    return 0;
  /* the first that reads back, chosen without a branch (which of the three
   * is as good as random from one number to the next) */
  ok15 = 2 * d15 < unit;
  ok16 = 2 * d16 < unit;
  p = ok15 ? 15 : ok16 ? 16 : 17;
  q = ok15 ? q15 : ok16 ? q16 : q17;
  return put_rounded (dst, signbit (value), q, p, x);
}
#endif

static guint64
digits_value (const char *digits, int n)
{
  guint64 m = 0;

  for (int i = 0; i < n; i++)
    m = m * 10 + (guint64) (digits[i] - '0');
  return m;
}

/* how many decimal digits u has: from its bit length (1233 / 4096 is just
 * above log10 (2)), then one more when it reaches the next power of ten */
static inline int
decimal_digits (guint64 u)
{
  static const guint64 pow10[20] = {
    G_GUINT64_CONSTANT (1), G_GUINT64_CONSTANT (10), G_GUINT64_CONSTANT (100),
    G_GUINT64_CONSTANT (1000), G_GUINT64_CONSTANT (10000), G_GUINT64_CONSTANT (100000),
    G_GUINT64_CONSTANT (1000000), G_GUINT64_CONSTANT (10000000),
    G_GUINT64_CONSTANT (100000000), G_GUINT64_CONSTANT (1000000000),
    G_GUINT64_CONSTANT (10000000000), G_GUINT64_CONSTANT (100000000000),
    G_GUINT64_CONSTANT (1000000000000), G_GUINT64_CONSTANT (10000000000000),
    G_GUINT64_CONSTANT (100000000000000), G_GUINT64_CONSTANT (1000000000000000),
    G_GUINT64_CONSTANT (10000000000000000), G_GUINT64_CONSTANT (100000000000000000),
    G_GUINT64_CONSTANT (1000000000000000000), G_GUINT64_CONSTANT (10000000000000000000),
  };
  int bits = 64 - __builtin_clzll (u | 1);
  int guess = (bits * 1233) >> 12;

  return guess + (guess < 20 && (u | 1) >= pow10[guess] ? 1 : 0);
}

gsize
roof_cli_put_int (char *dst, gint64 value)
{
  /* the magnitude as unsigned: -G_MININT64 does not fit a gint64 */
  guint64 u = value < 0 ? -(guint64) value : (guint64) value;
  gsize sign = value < 0 ? 1 : 0, n;
  char *d;

  if (sign)
    *dst = '-';
  if (u < 10)
    {
      /* the most frequent: a count of devices, a utilisation of 1 */
      dst[sign] = (char) ('0' + u);
      return sign + 1;
    }
  n = (gsize) decimal_digits (u);
  if (u < G_GUINT64_CONSTANT (10000000000000000))
    {
      /* the 16 digits, leading zeros included, as two independent halves;
       * the last n copied as 16 fixed bytes (the destination has room) */
      char digits[32];

      put8 (digits, (guint32) (u / 100000000));
      put8 (digits + 8, (guint32) (u % 100000000));
      memcpy (dst + sign, digits + 16 - n, 16);
      return sign + n;
    }
  d = dst + sign + n;
  while (u >= 100)
    {
      d -= 2;
      memcpy (d, digit_pairs + 2 * (u % 100), 2);
      u /= 100;
    }
  if (u >= 10)
    memcpy (d - 2, digit_pairs + 2 * u, 2);
  else
    d[-1] = (char) ('0' + u);
  return sign + n;
}

void
roof_cli_append_int (GString *out, gint64 value)
{
  char buf[ROOF_CLI_NUMBER_MAX];

  g_return_if_fail (out != NULL);
  roof_cli_append_len (out, buf, roof_cli_put_int (buf, value));
}

/* the reference formatter's text, copied into `dst` */
static gsize
put_reference (char *dst, double value)
{
  g_autoptr (GString) text = g_string_sized_new (32);

  roof_json_append_double (text, value);
  g_assert (text->len < ROOF_CLI_NUMBER_MAX);
  memcpy (dst, text->str, text->len);
  return text->len;
}

gsize
roof_cli_put_double (char *dst, double value)
{
  char buf[64];
  char d17[DIGITS_ROOM];
  int n = 0, exp10;
  gboolean negative;
  const char *e;
  gsize len;

  if (!isfinite (value) || value == 0.0)
    return put_reference (dst, value);
  if (fabs (value) < 1e16 && (double) (gint64) value == value)
    {
      /* a whole number below 2^63: it prints exactly like "%.0f" */
      return roof_cli_put_int (dst, (gint64) value);
    }

#ifdef __SIZEOF_INT128__
  if ((len = put_exact (dst, value)) > 0)
    return len;
#endif

  /* the exact value rounded to 17 significant digits by printf, once; the
   * 15- and 16-digit candidates are rounded from these and read back
   * exactly without strtod where Clinger's fast path allows */
  g_snprintf (buf, sizeof buf, "%.16e", value);
  negative = buf[0] == '-';
  e = strchr (buf, 'e');
  for (const char *p = buf; e != NULL && p < e && n < 17; p++)
    if (g_ascii_isdigit (*p))
      d17[n++] = *p;
  if (e == NULL || n != 17)
    return put_reference (dst, value);
  exp10 = atoi (e + 1);

  for (int p = 15; p <= 16; p++)
    {
      char rounded[DIGITS_ROOM];
      int x = exp10;
      double back;

      if (!round_digits (d17, p, rounded, &x)
          || !decimal_to_double (digits_value (rounded, p), x - (p - 1), &back))
        {
          /* a tie or beyond the fast path: the reference formatter */
          return put_reference (dst, value);
        }
      if (back == fabs (value))
        return put_g_style (dst, negative, rounded, p, x, p);
    }
  return put_g_style (dst, negative, d17, 17, exp10, 17);
}

void
roof_cli_append_double (GString *out, double value)
{
  char buf[ROOF_CLI_NUMBER_MAX];

  g_return_if_fail (out != NULL);
  roof_cli_append_len (out, buf, roof_cli_put_double (buf, value));
}
