/* roof-format.h — numbers with units for the app, in the user's locale
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * roofline-cli's formatter (roof-number.h: units chosen by magnitude, 4
 * significant digits, decimal prefixes) in ROOF_LOCALE_USER: the decimal
 * point of the locale the app runs in, no grouping. The clipboard table uses
 * the same decimal point so it pastes into a spreadsheet of the same locale.
 */
#pragma once

#include <glib.h>

#include "roof-number.h"

G_BEGIN_DECLS

/* `value` rounded to `digits` significant digits in the locale, never in
 * exponent form; "—" when not finite. */
char *roof_format_significant (double value, int digits);
/* A whole number, rounded: "4096". */
char *roof_format_integer (double value);
/* `value` with the unit its magnitude calls for: roof_format (0.04190,
 * ROOF_UNIT_TIME) → "41.90 ms" (or "41,90 ms" in a German locale). */
char *roof_format (double value, RoofUnit unit);

/* ------------------------------------------------------------------------ */
/* Numbers as the panels show them and read them                            */

/* Shown for an absent optional value, and for a number that is not finite. */
#define ROOF_UI_NONE_TEXT "—"

/* In the user's locale: decimal point of LC_NUMERIC, no grouping (12800), at
 * most six significant digits, no trailing zeros (roof_number_plain); from
 * 10⁹ up with an exponent that is a multiple of three (70.55e9). */
char *roof_ui_format_number (double value);
/* Parses what roof_ui_format_number writes, and what people type: grouping
 * separators and spaces ignored, the locale's decimal point or '.', an
 * exponent. FALSE for anything else (empty text included). */
gboolean roof_ui_parse_number (const char *text, double *value);
/* Counts of parameters: "70.55 billion", "566 million", "25600". */
char *roof_ui_format_count (double count);

G_END_DECLS
