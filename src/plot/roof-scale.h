/* roof-scale.h — axes as plain objects mapping data values to 0..1, and ticks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* tick labels are written by the chart formatter */
#include "roof-number.h"

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

/* The 1, 2, 5 × 10^k at or below v (up = FALSE) or at or above it: a log
 * axis that ends near its data, not at the decade. v > 0. */
double roof_scale_snap125 (double v, gboolean up);

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

G_END_DECLS
