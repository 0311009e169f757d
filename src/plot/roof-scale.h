/* roof-scale.h — axes as plain objects mapping data values to 0..1, and ticks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A data range [d0, d1] mapped onto pixels [p0, p1] (p1 < p0 for a y axis
 * drawn upwards), linear or log10. */
typedef struct
{
  gboolean log;
  double d0, d1;
  double p0, p1;
  /* cached: log10 of the bounds (log) or the bounds (linear) */
  double t0, t1;
} RoofScale;

/* Sets up the scale. A range that cannot be drawn (NaN or infinite bounds,
 * a log range touching 0 or below) is replaced by a default (1 … 10 log,
 * 0 … 1 linear) and FALSE is returned; a reversed range is swapped and an
 * empty one (d0 == d1) widened around its value, both returning TRUE. */
gboolean roof_scale_init (RoofScale *s, gboolean log, double d0, double d1, double p0, double p1);
/* Position of v in the range: 0 at d0, 1 at d1 (outside for values outside;
 * a log scale maps v ≤ 0 to −1e6). */
double roof_scale_fraction (const RoofScale *s, double v);
double roof_scale_map (const RoofScale *s, double v);
double roof_scale_unmap (const RoofScale *s, double px);

/* Bounds snapped outwards: log to whole decades (1e-3 … 1e18 stays as is),
 * linear to a nice step. Returns FALSE (and a default range) for a range that
 * cannot be drawn, as roof_scale_init. Equal bounds are widened (log: the
 * decade around the value; linear: ±1 or ±10 %). */
gboolean roof_scale_nice_bounds (gboolean log, double lo, double hi, double *out_lo, double *out_hi);

#define ROOF_SCALE_MAX_TICKS 256

typedef struct
{
  double value;
  gboolean major;
  gboolean labelled;
  char label[40]; /* UTF-8; empty for unlabelled ticks */
} RoofTick;

typedef struct
{
  int n;
  RoofTick ticks[ROOF_SCALE_MAX_TICKS];
  gboolean superscript; /* labels are 10ⁿ */
  double major_step;    /* log: decades between majors; linear: data units */
} RoofTicks;

/* Ticks inside the scale's range, majors no closer than `min_label_px`
 * pixels (the caller passes the label extent plus a gap), minors no closer
 * than `min_minor_px`. Log: majors at decades, the step widened to 2, 3, 5,
 * 10 … decades as they crowd, minors at 2…9 (then 2 and 5, then none) as
 * pixel density falls; 2 and 5 are promoted to labelled majors when a
 * decade is very wide, and a range within one decade gets 1-2-5 or linear
 * ticks. Labels divide values by `unit` first (e.g. 1e12 for TFLOP/s).
 * Compact SI (0.1, 1, 10, 1k, 1M …) unless the span is wide, then 10ⁿ. */
void roof_scale_ticks (const RoofScale *s,
                       double unit,
                       double min_label_px,
                       double min_minor_px,
                       RoofTicks *out);

/* Every number below is written with LC_NUMERIC's decimal point ("1,5k" in
 * German) and no grouping of thousands; the examples show the C locale. */

/* The decimal point of a number in `buf`, written in the C locale, made
 * LC_NUMERIC's. */
void roof_format_localize (char *buf, gsize size);
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
/* Money: "$1.23", "$0.045", "$1,234". */
void roof_format_usd (double v, char *buf, gsize size);

G_END_DECLS
