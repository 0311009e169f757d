/* roof-scale.c — axes as plain objects mapping data values to 0..1, and ticks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The log ticks follow the usual habits of scientific plotting libraries
 * (majors at decades, the step widened when labels crowd, minors at 2…9)
 * and are written from scratch here.
 */
#include <math.h>

#include "roof-scale.h"

#define LOG_EPS 1e-9

static double
pow10i (int k)
{
  return pow (10.0, (double) k);
}

/* ---------------------------------------------------------------------- */
/* Scales                                                                 */

static gboolean
valid_range (gboolean log, double a, double b)
{
  if (!isfinite (a) || !isfinite (b))
    return FALSE;
  if (log && (a <= 0.0 || b <= 0.0))
    return FALSE;
  return TRUE;
}

/* An empty range widened: log to the decade(s) around v, linear by ±10 %. */
static void
widen (gboolean log, double v, double *lo, double *hi)
{
  if (log)
    {
      double l = log10 (v);
      *lo = pow (10.0, ceil (l - LOG_EPS) - 1.0);
      *hi = pow (10.0, floor (l + LOG_EPS) + 1.0);
    }
  else if (v == 0.0)
    *lo = -1.0, *hi = 1.0;
  else
    *lo = v - 0.1 * fabs (v), *hi = v + 0.1 * fabs (v);
}

/* A range made usable: an invalid one replaced by 1…10 (log) or 0…1
 * (linear), and FALSE; else its ends in order and an empty one widened. */
static gboolean
normalize_range (gboolean log, double *lo, double *hi)
{
  if (!valid_range (log, *lo, *hi))
    {
      *lo = log ? 1.0 : 0.0;
      *hi = log ? 10.0 : 1.0;
      return FALSE;
    }
  if (*hi < *lo)
    {
      double t = *lo;
      *lo = *hi;
      *hi = t;
    }
  if (*hi == *lo)
    widen (log, *lo, lo, hi);
  return TRUE;
}

gboolean
roof_scale_init (RoofScale *s, gboolean log, double d0, double d1, double p0, double p1)
{
  gboolean ok = normalize_range (log, &d0, &d1);

  s->log = log;
  s->d0 = d0;
  s->d1 = d1;
  s->p0 = p0;
  s->p1 = p1;
  s->t0 = log ? log10 (d0) : d0;
  s->t1 = log ? log10 (d1) : d1;
  if (!(s->t1 > s->t0)) /* subnormal bounds: log10 collapsed */
    s->t1 = s->t0 + 1.0;
  return ok;
}

double
roof_scale_fraction (const RoofScale *s, double v)
{
  double t;

  if (s->log)
    {
      if (!(v > 0.0))
        return -1e6;
      t = log10 (v);
    }
  else
    t = v;
  double f = (t - s->t0) / (s->t1 - s->t0);
  if (!isfinite (f))
    return f > 0 ? 1e6 : -1e6;
  return CLAMP (f, -1e6, 1e6);
}

double
roof_scale_map (const RoofScale *s, double v)
{
  return s->p0 + roof_scale_fraction (s, v) * (s->p1 - s->p0);
}

double
roof_scale_unmap (const RoofScale *s, double px)
{
  if (s->p1 == s->p0)
    return s->d0;
  double f = (px - s->p0) / (s->p1 - s->p0);
  double t = s->t0 + f * (s->t1 - s->t0);
  return s->log ? pow (10.0, t) : t;
}

static double
nice_step (double raw)
{
  if (!(raw > 0.0) || !isfinite (raw))
    return 1.0;
  double mag = pow (10.0, floor (log10 (raw)));
  double m = raw / mag;
  if (m <= 1.0 + 1e-9)
    return mag;
  if (m <= 2.0 + 1e-9)
    return 2.0 * mag;
  if (m <= 2.5 + 1e-9)
    return 2.5 * mag;
  if (m <= 5.0 + 1e-9)
    return 5.0 * mag;
  return 10.0 * mag;
}

gboolean
roof_scale_nice_bounds (gboolean log, double lo, double hi, double *out_lo, double *out_hi)
{
  if (!normalize_range (log, &lo, &hi))
    {
      *out_lo = lo;
      *out_hi = hi;
      return FALSE;
    }
  if (log)
    {
      double a = floor (log10 (lo) + LOG_EPS), b = ceil (log10 (hi) - LOG_EPS);
      a = CLAMP (a, -300.0, 300.0);
      b = CLAMP (b, -300.0, 300.0);
      if (b <= a)
        b = a + 1.0;
      *out_lo = pow (10.0, a);
      *out_hi = pow (10.0, b);
      return TRUE;
    }
  double step = nice_step ((hi - lo) / 5.0);
  *out_lo = floor (lo / step + LOG_EPS) * step;
  *out_hi = ceil (hi / step - LOG_EPS) * step;
  if (!(*out_hi > *out_lo))
    *out_hi = *out_lo + step;
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Ticks                                                                  */

static RoofTick *
add_tick (RoofTicks *out, double v, gboolean major, gboolean labelled)
{
  if (out->n >= ROOF_SCALE_MAX_TICKS)
    return NULL;
  RoofTick *t = &out->ticks[out->n++];
  t->value = v;
  t->major = major;
  t->labelled = labelled;
  t->label[0] = '\0';
  return t;
}

static void
sort_ticks (RoofTicks *out)
{
  /* insertion sort; n is small */
  for (int i = 1; i < out->n; i++)
    {
      RoofTick key = out->ticks[i];
      int j = i - 1;
      while (j >= 0 && out->ticks[j].value > key.value)
        {
          out->ticks[j + 1] = out->ticks[j];
          j--;
        }
      out->ticks[j + 1] = key;
    }
}

static void
label_linear (RoofTicks *out, double step, double unit, double absmax)
{
  double st = step / unit, amax = absmax / unit;
  int g = amax >= 1000.0 ? (int) floor (log10 (amax) / 3.0 + LOG_EPS) : 0;
  g = CLAMP (g, 0, 6);
  double div = pow (1000.0, g);
  double s = st / div;
  if (amax < 1e-3)
    {
      /* tiny values: significant digits enough to tell the steps apart */
      int digits = CLAMP ((int) ceil (log10 (amax / st) - 1e-9) + 1, 1, 12);
      for (int i = 0; i < out->n; i++)
        if (out->ticks[i].labelled)
          roof_format_si (out->ticks[i].value / unit, digits, out->ticks[i].label,
                          sizeof out->ticks[i].label);
      return;
    }
  int decimals = 0;
  while (decimals < 12)
    {
      double scaled = s * pow (10.0, decimals);
      if (scaled >= 0.999 && fabs (scaled - round (scaled)) < 1e-6 * scaled)
        break;
      decimals++;
    }
  for (int i = 0; i < out->n; i++)
    {
      RoofTick *t = &out->ticks[i];
      char num[32];
      if (!t->labelled)
        continue;
      double v = t->value / unit / div;
      if (fabs (v) < s * 1e-9)
        v = 0.0;
      roof_format_fixed (v, decimals, num, sizeof num);
      g_snprintf (t->label, sizeof t->label, "%s%s", num,
                  v != 0.0 ? roof_format_si_prefix (g) : "");
    }
}

static void
linear_ticks (double lo, double hi, double px, double unit, double min_label_px,
              double min_minor_px, gboolean labelled, RoofTicks *out,
              double (*to_px) (const RoofScale *, double), const RoofScale *s)
{
  int n_target = (int) floor (px / MAX (min_label_px, 1.0));
  if (n_target < 1)
    n_target = 1;
  double step = nice_step ((hi - lo) / n_target);
  /* the step may still crowd when the range is not a multiple of it */
  for (int guard = 0; guard < 8; guard++)
    {
      double first = ceil (lo / step - LOG_EPS) * step;
      double gap = px * step / (hi - lo);
      if (to_px)
        {
          /* on a log axis the steps shrink towards the top */
          double last = floor (hi / step + LOG_EPS) * step;
          gap = MIN (fabs (to_px (s, first + step) - to_px (s, first)),
                     fabs (to_px (s, last) - to_px (s, last - step)));
        }
      if (gap >= min_label_px || (hi - lo) / step < 1.5)
        break;
      step = nice_step (step * 1.01);
    }
  out->major_step = step;
  double first = ceil (lo / step - LOG_EPS) * step;
  double mstep_px = px * step / (hi - lo);
  int sub = 0;
  double mant = step / pow (10.0, floor (log10 (step) + LOG_EPS));
  if (mstep_px / 5.0 >= min_minor_px && fabs (mant - 2.0) > 1e-6)
    sub = 5;
  else if (mstep_px / 4.0 >= min_minor_px && fabs (mant - 2.0) < 1e-6)
    sub = 4;
  else if (mstep_px / 2.0 >= min_minor_px)
    sub = 2;
  for (int i = -1; i < ROOF_SCALE_MAX_TICKS; i++)
    {
      double v = first + i * step;
      if (v > hi + step * 1e-9)
        break;
      if (v >= lo - step * 1e-9)
        add_tick (out, fabs (v) < step * 1e-9 ? 0.0 : v, TRUE, labelled);
      for (int j = 1; j < sub; j++)
        {
          double m = v + j * step / sub;
          if (m >= lo - step * 1e-9 && m <= hi + step * 1e-9)
            add_tick (out, m, FALSE, FALSE);
        }
    }
  sort_ticks (out);
  label_linear (out, step, unit, MAX (fabs (lo), fabs (hi)));
}

static double
map_px (const RoofScale *s, double v)
{
  return roof_scale_map (s, v);
}

static void
label_log (RoofTicks *out, double unit, int force)
{
  /* superscripts when labels would leave the compact SI range or the
   * span is too wide to read as prefixes */
  double vmin = INFINITY, vmax = 0.0;
  for (int i = 0; i < out->n; i++)
    if (out->ticks[i].labelled)
      {
        vmin = MIN (vmin, out->ticks[i].value / unit);
        vmax = MAX (vmax, out->ticks[i].value / unit);
      }
  if (force >= 0)
    out->superscript = force;
  else if (vmax > 0.0)
    {
      double span = log10 (vmax / vmin);
      out->superscript = vmin < 1e-3 * (1 - 1e-9) || vmax >= 1e18 * (1 - 1e-9) || span > 9.0 + 1e-9;
    }
  for (int i = 0; i < out->n; i++)
    {
      RoofTick *t = &out->ticks[i];
      if (!t->labelled)
        continue;
      double v = t->value / unit;
      double l = log10 (v);
      if (out->superscript && fabs (l - round (l)) < 1e-6)
        roof_format_pow10 ((int) round (l), t->label, sizeof t->label);
      else
        roof_format_si (v, 3, t->label, sizeof t->label);
    }
}

void
roof_scale_ticks (const RoofScale *s, double unit, double min_label_px, double min_minor_px,
                  RoofTicks *out)
{
  memset (out, 0, sizeof *out);
  if (!(unit > 0.0) || !isfinite (unit))
    unit = 1.0;
  if (!(min_label_px > 0.0))
    min_label_px = 40.0;
  if (!(min_minor_px > 0.0))
    min_minor_px = 5.0;

  double lo = MIN (s->d0, s->d1), hi = MAX (s->d0, s->d1);
  double px = fabs (s->p1 - s->p0);
  if (!(px > 0.0) || !isfinite (lo) || !isfinite (hi) || !(hi > lo))
    return;

  if (!s->log)
    {
      linear_ticks (lo, hi, px, unit, min_label_px, min_minor_px, TRUE, out, NULL, NULL);
      return;
    }

  double llo = log10 (lo), lhi = log10 (hi);
  double ppd = px / (lhi - llo); /* pixels per decade */
  int k0 = (int) ceil (llo - LOG_EPS), k1 = (int) floor (lhi + LOG_EPS);

  if (k1 - k0 + 1 >= 2)
    {
      static const int steps[] = { 1, 2, 3, 5, 10, 20, 25, 50, 100, 200, 250, 500 };
      int step = steps[G_N_ELEMENTS (steps) - 1];
      for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
        if (ppd * steps[i] >= min_label_px)
          {
            step = steps[i];
            break;
          }
      out->major_step = step;
      /* the decision to use superscripts depends on the decades only */
      double umin = pow10i (k0) / unit, umax = pow10i (k1) / unit;
      gboolean wide = umin < 1e-3 * (1 - 1e-9) || umax >= 1e18 * (1 - 1e-9) || k1 - k0 > 9;
      gboolean promote25 = step == 1 && !wide && ppd * log10 (2.0) >= min_label_px;
      gboolean promote_all = promote25 && ppd * log10 (10.0 / 9.0) >= min_label_px;
      gboolean minors_all = step == 1 && ppd * log10 (10.0 / 9.0) >= min_minor_px;
      gboolean minors_25 = step == 1 && !minors_all && ppd * log10 (2.0) >= min_minor_px;

      for (int k = k0 - 1; k <= k1; k++)
        {
          double dec = pow10i (k);
          if (k >= k0)
            {
              /* majors aligned to multiples of the step so 10⁰ shows */
              int mod = ((k % step) + step) % step;
              if (mod == 0)
                add_tick (out, dec, TRUE, TRUE);
              else if (ppd >= min_minor_px)
                add_tick (out, dec, FALSE, FALSE);
            }
          if (step != 1)
            continue;
          for (int m = 2; m <= 9; m++)
            {
              double v = m * dec;
              if (v < lo * (1 - 1e-12) || v > hi * (1 + 1e-12))
                continue;
              gboolean is25 = m == 2 || m == 5;
              if (promote_all || (promote25 && is25))
                add_tick (out, v, FALSE, TRUE);
              else if (minors_all || (minors_25 && is25))
                add_tick (out, v, FALSE, FALSE);
            }
        }
      sort_ticks (out);
      label_log (out, unit, wide);
      return;
    }

  /* within about one decade: 1…9 or 1-2-5 mantissas, else linear ticks */
  static const int set_all[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
  static const int set_125[] = { 1, 2, 5 };
  const int *sets[] = { set_all, set_125 };
  const int set_n[] = { 9, 3 };
  int kl = (int) floor (llo + LOG_EPS), kh = (int) ceil (lhi - LOG_EPS);
  for (int si = 0; si < 2; si++)
    {
      RoofTicks trial;
      memset (&trial, 0, sizeof trial);
      double prev_px = NAN;
      gboolean ok = TRUE;
      for (int k = kl; k <= kh && ok; k++)
        for (int j = 0; j < set_n[si]; j++)
          {
            double v = sets[si][j] * pow10i (k);
            if (v < lo * (1 - 1e-12) || v > hi * (1 + 1e-12))
              continue;
            double p = roof_scale_map (s, v);
            if (!isnan (prev_px) && fabs (p - prev_px) < min_label_px)
              ok = FALSE;
            prev_px = p;
            add_tick (&trial, v, sets[si][j] == 1, TRUE);
          }
      if (ok && trial.n >= 2)
        {
          *out = trial;
          out->major_step = 0.0;
          /* the rest of 1…9 as minors when there is room */
          if (si == 1 && ppd * log10 (10.0 / 9.0) >= min_minor_px)
            for (int k = kl; k <= kh; k++)
              for (int m = 3; m <= 9; m++)
                {
                  double v = m * pow10i (k);
                  if (m != 5 && v >= lo && v <= hi)
                    add_tick (out, v, FALSE, FALSE);
                }
          sort_ticks (out);
          label_log (out, unit, -1);
          return;
        }
    }
  linear_ticks (lo, hi, px, unit, min_label_px, min_minor_px, TRUE, out, map_px, s);
}

/* The 1, 2, 5 × 10^k at or below v (up = FALSE) or at or above it: a log
 * axis that ends near its data, not at the decade (points from 6 to 300
 * tokens/s per user get 5 … 500, not 1 … 1000). */
double
roof_scale_snap125 (double v, gboolean up)
{
  static const double steps[4] = { 1.0, 2.0, 5.0, 10.0 };
  double p = pow (10.0, floor (log10 (v)));

  if (up)
    {
      for (int i = 0; i < 4; i++)
        if (steps[i] * p >= v * (1.0 - 1e-12))
          return steps[i] * p;
      return 10.0 * p;
    }
  for (int i = 3; i >= 0; i--)
    if (steps[i] * p <= v * (1.0 + 1e-12))
      return steps[i] * p;
  return p;
}
