/* roof-cli-format.h — numbers with units, aligned tables and CSV for roofline-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nothing here follows the locale: human output uses '.' as the decimal
 * separator like the JSON and CSV, so a pasted number reads back anywhere.
 * The figures are roof-number.h's, in ROOF_LOCALE_C.
 */
#pragma once

#include <string.h>

#include <stdio.h>

#include <glib.h>

#include "roof-cli-stream.h"
#include "roof-number.h"

G_BEGIN_DECLS

/* The units of roof-number.h; ROOF_CLI_UNIT_* are their names in the tests
 * of tests/cli, which predate the shared formatter. */
typedef RoofUnit RoofCliUnit;
#define ROOF_CLI_UNIT_TIME ROOF_UNIT_TIME
#define ROOF_CLI_UNIT_BYTES ROOF_UNIT_BYTES
#define ROOF_CLI_UNIT_BANDWIDTH ROOF_UNIT_BANDWIDTH
#define ROOF_CLI_UNIT_FLOPS ROOF_UNIT_FLOPS
#define ROOF_CLI_UNIT_FLOP ROOF_UNIT_FLOP
#define ROOF_CLI_UNIT_INTENSITY ROOF_UNIT_INTENSITY
#define ROOF_CLI_UNIT_COUNT ROOF_UNIT_COUNT
#define ROOF_CLI_UNIT_RATE ROOF_UNIT_RATE
#define ROOF_CLI_UNIT_PERCENT ROOF_UNIT_PERCENT
#define ROOF_CLI_UNIT_USD ROOF_UNIT_USD

/* `value` rounded to `digits` significant digits, never in exponent form for
 * magnitudes 1e-6 … 1e15, "0" for zero. */
char *roof_cli_format_significant (double value, int digits);
/* `value` with the prefix its magnitude calls for, 4 significant digits:
 * roof_cli_format (0.04253, ROOF_UNIT_TIME) → "42.53 ms". Non-finite
 * values give "—". */
char *roof_cli_format (double value, RoofUnit unit);
/* A signed elasticity with three decimals ("-1.000", "0.000"). */
char *roof_cli_format_elasticity (double value);

/* ---------------------------------------------------------------------- */
/* Tables                                                                  */

typedef enum
{
  ROOF_CLI_ALIGN_LEFT,
  ROOF_CLI_ALIGN_RIGHT,
} RoofCliAlign;

typedef struct _RoofCliTable RoofCliTable;

/* A table of `n_columns` columns; column 0 is left-aligned, the others
 * right-aligned until set otherwise. Widths count characters
 * (g_utf8_strlen), so "µs" and "—" pad like any other letter. */
RoofCliTable *roof_cli_table_new (guint n_columns);
void roof_cli_table_free (RoofCliTable *self);
void roof_cli_table_set_align (RoofCliTable *self, guint column, RoofCliAlign align);
/* A header row, underlined; NULL cells are empty. Takes `n_columns` strings. */
void roof_cli_table_set_header (RoofCliTable *self, const char *first, ...);
/* The same from an array of `n_columns` strings. */
void roof_cli_table_set_headerv (RoofCliTable *self, const char *const *cells);
/* Starts a new row; cells are then filled with set/take. */
void roof_cli_table_add_row (RoofCliTable *self);
void roof_cli_table_set (RoofCliTable *self, guint column, const char *text);
void roof_cli_table_take (RoofCliTable *self, guint column, char *text);
/* A row holding one label that spans the table (a group title). */
void roof_cli_table_add_section (RoofCliTable *self, const char *title);
/* An empty line between groups. */
void roof_cli_table_add_blank (RoofCliTable *self);
/* Leading spaces before every line. */
void roof_cli_table_set_indent (RoofCliTable *self, guint indent);

char *roof_cli_table_to_string (RoofCliTable *self);
void roof_cli_table_print (RoofCliTable *self, RoofCliStream *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RoofCliTable, roof_cli_table_free)

/* ---------------------------------------------------------------------- */
/* CSV (RFC 4180)                                                          */

/* Appends `text` quoted when it holds a comma, quote or line break. */
void roof_cli_csv_append_field (GString *line, const char *text);
/* Appends the shortest round-trip text of `value` (roof_cli_append_double). */
void roof_cli_csv_append_number (GString *line, double value);

/* ---------------------------------------------------------------------- */
/* Numbers for JSON and CSV                                                */

/* g_string_append_len () for the many short pieces of a large output
 * (a sweep appends some 15 a point): GLib 2.74 has no inline version, and
 * the call was a tenth of a large sweep's time */
static inline void
roof_cli_append_len (GString *out, const char *text, gsize len)
{
  if (out->len + len < out->allocated_len)
    {
      memcpy (out->str + out->len, text, len);
      out->len += len;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, text, (gssize) len);
}

/* Appends exactly what roof_json_append_double() does (the shortest of
 * "%.15g", "%.16g", "%.17g" that reads back to `value`; "null" when not
 * finite), several times faster: in exact 128-bit integer arithmetic for
 * 1e-6 ≤ |value| < 2^53, elsewhere from one printf of 17 digits with the
 * shorter candidates rounded from them and read back by Clinger's exact
 * fast path; exact ties and the rest go to roof_json_append_double(). */
void roof_cli_append_double (GString *out, double value);
/* "%" G_GINT64_FORMAT, without a printf */
void roof_cli_append_int (GString *out, gint64 value);

/* The longest text of the two below, with room to spare */
#define ROOF_CLI_NUMBER_MAX 40
/* The same texts written into `dst` (ROOF_CLI_NUMBER_MAX bytes, no NUL
 * added), their length returned: for callers that build a whole line
 * before appending it once. The bytes of `dst` past the length may be
 * overwritten too (digits are copied in runs of fixed size). */
gsize roof_cli_put_double (char *dst, double value);
gsize roof_cli_put_int (char *dst, gint64 value);

/* ---------------------------------------------------------------------- */
/* Text for a terminal                                                     */

/* Appends `text` with every byte of a control character — C0 (U+0000 to
 * U+001F), DEL and C1 (U+0080 to U+009F) — and every byte that is not
 * UTF-8 written as \xHH, so names from files and arguments cannot move the
 * cursor, retitle the terminal or hide text. `keep_newlines` lets '\n'
 * through (for whole lines of our own text). */
void roof_cli_append_escaped (GString *out, const char *text, gboolean keep_newlines);
/* The same as a new string, newlines escaped too. */
char *roof_cli_escape (const char *text);

G_END_DECLS
