/* roof-number.h — numbers as text: roofline-cli's tables, the app and the charts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one number formatter of Roofline, in two styles over the same
 * rounding and the same decimal point:
 *
 * - figures (roof_number_*): a fixed number of significant digits and the
 *   unit the magnitude calls for, "42.53 ms", "1.343 GB": roofline-cli's
 *   tables and the app's summary strip and panels;
 * - chart labels (roof_format_*): compact, trailing zeros dropped, the
 *   typographic minus, "1.5k", "−0.25", "21.3 ms".
 *
 * ROOF_LOCALE_C writes '.' whatever the locale (roofline-cli: a pasted
 * number reads back anywhere, like its JSON and CSV); ROOF_LOCALE_USER the
 * decimal point of LC_NUMERIC (the app; chart labels always). Thousands are
 * never grouped. GLib only: it lives in src/plot, the lowest layer that the
 * charts, src/cli and src/ui all reach (the catalog writes no figures).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  ROOF_LOCALE_C,    /* '.', for text that is read back */
  ROOF_LOCALE_USER, /* LC_NUMERIC's decimal point, for people */
} RoofLocale;

typedef enum
{
  ROOF_UNIT_NONE = 0,  /* 4 significant digits, no unit */
  ROOF_UNIT_TIME,      /* seconds → ns, µs, ms, s */
  ROOF_UNIT_BYTES,     /* B, kB, MB, GB, TB, PB (decimal) */
  ROOF_UNIT_BANDWIDTH, /* byte/s → kB/s … PB/s */
  ROOF_UNIT_FLOPS,     /* FLOP/s → kFLOP/s … EFLOP/s */
  ROOF_UNIT_FLOP,      /* FLOP → kFLOP … EFLOP */
  ROOF_UNIT_INTENSITY, /* FLOP/B, no prefix */
  ROOF_UNIT_COUNT,     /* a count: k, M, B (billion), T */
  ROOF_UNIT_RATE,      /* tokens/s: 4 significant digits, whole from 1,000 on */
  ROOF_UNIT_PERCENT,   /* a fraction as a percentage, at most 2 decimals */
  ROOF_UNIT_USD,       /* $: whole from $1,000, cents from $1, 3 significant digits below */
} RoofUnit;

/* ---------------------------------------------------------------------- */
/* Figures                                                                 */

/* `value` with `decimals` decimals (0 … 30), never "-0.00"; "—" when not
 * finite. */
char *roof_number_fixed (double value, int decimals, RoofLocale locale);
/* `value` rounded to `digits` significant digits, never in exponent form,
 * trailing zeros kept ("512.0"); "0" for zero, "—" when not finite. */
char *roof_number_significant (double value, int digits, RoofLocale locale);
/* `value` with at most `digits` significant digits and at most 10 decimals,
 * trailing zeros dropped ("0.515625", "989.4", "21000000"): the numbers the
 * app's panels show and read back. "0" for zero, "—" when not finite. */
char *roof_number_plain (double value, int digits, RoofLocale locale);
/* `value` with the unit its magnitude calls for, 4 significant digits:
 * (0.04253, ROOF_UNIT_TIME) → "42.53 ms"; 999.96 kB moves up to "1.000 MB".
 * Zero is written in the base unit ("0 s"); "—" when not finite. */
char *roof_number_format (double value, RoofUnit unit, RoofLocale locale);

/* ---------------------------------------------------------------------- */
/* Chart labels: always in the user's locale                              */

/* The decimal point of a number in `buf`, written in the C locale, made
 * LC_NUMERIC's ("1,98" in German); left alone when `size` has no room. */
void roof_format_localize (char *buf, gsize size);
/* `v` with `decimals` decimals, "−" for negative values. */
void roof_format_fixed (double v, int decimals, char *buf, gsize size);
/* The prefix of 1000^g, g from 0 to 6: "", "k", "M", "G", "T", "P", "E". */
const char *roof_format_si_prefix (int g);
/* Compact SI: 1500 → "1.5k", 2e6 → "2M", 0.25 → "0.25"; at most `digits`
 * significant digits (0 = 3). */
void roof_format_si (double v, int digits, char *buf, gsize size);
/* "10" followed by a superscript exponent: 1e-3 → "10⁻³". */
void roof_format_pow10 (int exponent, char *buf, gsize size);
/* A value with a unit: 3.35e12 B/s → "3.35 TB/s"; base unit given ("B/s",
 * "FLOP/s", "B"); SI prefixes k … E, plain below 1000. */
void roof_format_unit (double v, const char *unit, char *buf, gsize size);
/* Duration: "29.4 ms", "1.2 s", "850 µs". */
void roof_format_time (double seconds, char *buf, gsize size);
/* Plain number with `digits` significant digits, no exponent for
 * 1e-4 ≤ |v| < 1e15; thousands are not grouped. */
void roof_format_number (double v, int digits, char *buf, gsize size);
/* Token counts and batches: plain below 10 000 ("2048"), binary k for
 * multiples of 1024 above ("128k" = 131072), else compact SI. */
void roof_format_count (double v, char *buf, gsize size);
/* Money: "$1.23", "$0.045", "$1234". */
void roof_format_usd (double v, char *buf, gsize size);

/* Appends `text` to `line` as one CSV field (RFC 4180): quoted when it
 * holds a comma, a quote or a line break, inner quotes doubled. For the
 * CLI's --csv and the app's copied table alike. */
void roof_csv_append_field (GString *line, const char *text);

G_END_DECLS
