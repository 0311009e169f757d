/* roof-chart-trend.c — ridge point by year over the catalog (log y)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Compute has grown faster than bandwidth: the ridge point I* = Π / β of
 * each generation, per precision, with a fitted growth rate per precision.
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"

#define MAX_SERIES 6

/* Label priorities, the highest placed first (roof-label-placer.h). */
enum
{
  PRIORITY_OTHER_SERIES = 20, /* a device named on another series than the 16-bit one */
  PRIORITY_DEVICE = 40,
  PRIORITY_COMPARED = 70, /* a device being compared */
};

/* Owner of a series' fitted line. */
#define OWNER_FIT 200

typedef struct
{
  RoofPrecision p;
  const char *label;
  RoofMarker marker;
  int n;
  int *dev;  /* catalog index */
  double *x, *y; /* year (jittered), ridge */
  double *px, *py;
  gboolean has_fit;
  double slope, icpt; /* log10 ridge = icpt + slope · year */
} Series;

typedef struct
{
  const RoofPlotDevice *cat; /* the catalog, or the compared devices without one */
  int n_cat;
  gboolean from_devices;
  Series ser[MAX_SERIES];
  int n_ser;
  double ymin, ymax;
  int ymin_year, ymax_year;
  RoofColor scol[MAX_SERIES]; /* annotate */
} Trend;

/* "NVIDIA H100 SXM5 80 GB" → "H100 SXM5 80 GB" */
static const char *
short_name (const RoofPlotDevice *d)
{
  const char *n = d->name ? d->name : (d->id ? d->id : "?");
  if (d->vendor && g_str_has_prefix (n, d->vendor) && n[strlen (d->vendor)] == ' ')
    n += strlen (d->vendor) + 1;
  if (g_str_has_prefix (n, "Instinct "))
    n += strlen ("Instinct ");
  if (g_str_has_prefix (n, "GeForce "))
    n += strlen ("GeForce ");
  return n;
}

static double
ridge_at (const RoofHardwareParams *hw, RoofPrecision p)
{
  double r = roof_hardware_ridge (hw, p);
  /* 16-bit: bf16, or fp16 where the device has no bf16 */
  if (r <= 0.0 && p == ROOF_PREC_BF16)
    r = roof_hardware_ridge (hw, ROOF_PREC_FP16);
  return r;
}

/* Least squares on log10 (ridge) against the year. */
static void
fit (Series *s, const RoofPlotDevice *cat)
{
  double sx = 0, sy = 0, sxx = 0, sxy = 0;

  if (s->n < 3)
    return;
  for (int k = 0; k < s->n; k++)
    {
      double yr = cat[s->dev[k]].year, ly = log10 (s->y[k]);
      sx += yr, sy += ly, sxx += yr * yr, sxy += yr * ly;
    }
  double den = s->n * sxx - sx * sx;
  if (fabs (den) > 1e-9)
    {
      s->slope = (s->n * sxy - sx * sy) / den;
      s->icpt = (sy - s->slope * sx) / s->n;
      s->has_fit = TRUE;
    }
}

static void
series_free (Series *s)
{
  g_free (s->dev), g_free (s->x), g_free (s->y), g_free (s->px), g_free (s->py);
}

/* The devices with a year and a ridge at precision p, same-year points
 * spread sideways, and the fit. */
static void
collect_series (Trend *c, Series *s, RoofPrecision p)
{
  const RoofPlotDevice *cat = c->cat;
  int n_cat = c->n_cat;

  memset (s, 0, sizeof *s);
  s->p = p;
  s->label = p == ROOF_PREC_BF16 ? "bf16 / fp16" : roof_precision_name (p);
  s->dev = g_new0 (int, n_cat);
  s->x = g_new0 (double, n_cat);
  s->y = g_new0 (double, n_cat);
  s->px = g_new0 (double, n_cat);
  s->py = g_new0 (double, n_cat);
  for (int i = 0; i < n_cat; i++)
    {
      const RoofPlotDevice *d = &cat[i];
      double r = ridge_at (&d->hw, p);
      if (d->year <= 0 || !(r > 0.0) || !isfinite (r) || !(d->hw.mem_bw > 0.0))
        continue;
      s->dev[s->n] = i;
      s->x[s->n] = d->year;
      s->y[s->n] = r;
      s->n++;
      c->ymin = MIN (c->ymin, r);
      c->ymax = MAX (c->ymax, r);
      c->ymin_year = MIN (c->ymin_year, d->year);
      c->ymax_year = MAX (c->ymax_year, d->year);
    }
  for (int a = 0; a < s->n; a++)
    {
      int same = 0, idx = 0;
      for (int b = 0; b < s->n; b++)
        if (s->x[b] == cat[s->dev[a]].year)
          {
            if (b < a)
              idx++;
            same++;
          }
      if (same > 1)
        s->x[a] = cat[s->dev[a]].year + 0.5 * ((idx + 0.5) / same - 0.5);
    }
  fit (s, cat);
}

static gboolean
collect (const RoofChartInput *in, gpointer data, GError **error)
{
  static const RoofMarker markers[] = { ROOF_MARKER_CIRCLE, ROOF_MARKER_SQUARE,
                                        ROOF_MARKER_TRIANGLE, ROOF_MARKER_DIAMOND,
                                        ROOF_MARKER_CIRCLE, ROOF_MARKER_SQUARE };
  Trend *c = data;

  c->cat = in->catalog;
  c->n_cat = in->n_catalog;
  if (c->cat == NULL || c->n_cat <= 0)
    {
      /* no catalog: the compared devices alone */
      c->cat = in->devices;
      c->n_cat = in->n_devices;
      c->from_devices = TRUE;
    }
  if (c->n_cat <= 0)
    return roof_chart_input_error (error, _("No devices to compare: the catalog is empty."));

  guint mask = in->ceilings ? in->ceilings
                            : (1u << ROOF_PREC_FP32) | (1u << ROOF_PREC_BF16) | (1u << ROOF_PREC_FP8)
                                | (1u << ROOF_PREC_INT8);
  mask &= ~(1u << ROOF_PREC_FP16); /* folded into bf16 */
  c->ymin = G_MAXDOUBLE, c->ymax = 0.0;
  c->ymin_year = 9999, c->ymax_year = 0;
  for (int p = 0; p < ROOF_PREC_COUNT && c->n_ser < MAX_SERIES; p++)
    {
      if (!(mask & (1u << p)))
        continue;
      Series *s = &c->ser[c->n_ser];
      collect_series (c, s, p);
      s->marker = markers[c->n_ser];
      if (s->n > 0)
        c->n_ser++;
      else
        series_free (s);
    }
  if (c->n_ser == 0)
    return roof_chart_input_error (error, _("No device of the catalog has both a year and a "
                                            "ceiling at the chosen precisions."));
  return TRUE;
}

static void
clear (gpointer data)
{
  Trend *c = data;
  for (int k = 0; k < c->n_ser; k++)
    series_free (&c->ser[k]);
}

static char *
heading (const RoofChartInput *in)
{
  return g_strdup (_("Ridge point I* by year and precision"));
}

static void
legend (RoofRender *R, Trend *c)
{
  const RoofTheme *th = R->th;
  char buf[200], num[48];

  /* series colours: not device colours, so a neutral ramp keyed by marker too */
  static const int pal_idx[MAX_SERIES] = { 7, 0, 1, 2, 3, 4 };
  for (int k = 0; k < c->n_ser; k++)
    c->scol[k] = th->palette[pal_idx[k]];

  for (int k = 0; k < c->n_ser; k++)
    {
      const Series *s = &c->ser[k];
      if (s->has_fit)
        {
          double per_year = pow (10.0, s->slope);
          roof_format_number (per_year, 3, num, sizeof num);
          g_snprintf (buf, sizeof buf, _("%s (×%s per year)"), s->label, num);
        }
      else
        g_strlcpy (buf, s->label, sizeof buf);
      RoofLegendItem *it = roof_legend_add (R, ROOF_LEGEND_LINE, buf, -1, c->scol[k]);
      it->marker = s->marker;
      it->dash = ROOF_PREC_INT8;
      it->width = R->th->thin_width;
      it->kind = ROOF_LEGEND_LINE;
    }
  if (!c->from_devices && R->in->n_devices > 0)
    {
      RoofLegendItem *it = roof_legend_add (R, ROOF_LEGEND_MARKER,
                                            _("ringed: devices being compared"), -1,
                                            th->foreground);
      it->hollow = TRUE;
    }
}

static void
annotate (RoofRender *R, gpointer data)
{
  Trend *c = data;
  const RoofChartInput *in = R->in;
  RoofFrame *f = &R->frame;

  g_string_truncate (R->caption, 0);
  g_string_append_printf (
      R->caption,
      _("Each point is one device: dense peak FLOP/s at the precision divided "
         "by main-memory bandwidth (I* = Π / β). A workload with fewer FLOP per byte "
         "than I* is memory-bound on that device. Lines: least-squares growth per "
         "precision. %d devices from %s."),
      c->n_cat, c->from_devices ? _("the comparison") : _("the catalog"));

  double y0, y1;
  roof_scale_nice_bounds (TRUE, c->ymin / 1.3, c->ymax * 1.3, &y0, &y1);
  f->x_log = FALSE;
  f->y_log = TRUE;
  f->x0 = c->ymin_year - 0.8, f->x1 = c->ymax_year + 0.8;
  if (in->view_x1 > in->view_x0)
    f->x0 = in->view_x0, f->x1 = in->view_x1;
  f->y0 = y0, f->y1 = y1;
  if (in->view_y1 > in->view_y0 && in->view_y0 > 0)
    f->y0 = in->view_y0, f->y1 = in->view_y1;
  f->x_unit = f->y_unit = 1.0;
  f->x_integer = TRUE;
  f->x_title = _("Year of introduction");
  f->y_title = _("Ridge point I* (FLOP/byte)");
  legend (R, c);
}

/* A point of the fitted line of series s at year x, in pixels. */
static void
fit_point (RoofRender *R, const Series *s, double x, double *px, double *py)
{
  *px = roof_frame_x (R, x);
  *py = roof_frame_y (R, pow (10.0, s->icpt + s->slope * x));
}

static void
obstacles (RoofRender *R, gpointer data)
{
  Trend *c = data;
  RoofFrame *f = &R->frame;

  for (int k = 0; k < c->n_ser; k++)
    {
      Series *s = &c->ser[k];
      for (int j = 0; j < s->n; j++)
        {
          s->px[j] = roof_frame_x (R, s->x[j]);
          s->py[j] = roof_frame_y (R, s->y[j]);
          roof_label_placer_add_marker (R->placer, s->px[j], s->py[j], R->th->marker_radius + 1);
        }
      if (s->has_fit)
        {
          double xa, ya, xb, yb;
          fit_point (R, s, f->x0, &xa, &ya);
          fit_point (R, s, f->x1, &xb, &yb);
          roof_label_placer_add_segment (R->placer, xa, ya, xb, yb, OWNER_FIT + k);
        }
    }
}

static void
draw_fits (RoofRender *R, const Trend *c)
{
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;

  for (int k = 0; k < c->n_ser; k++)
    {
      const Series *s = &c->ser[k];
      if (!s->has_fit)
        continue;
      double xa, ya, xb, yb;
      fit_point (R, s, R->frame.x0, &xa, &ya);
      fit_point (R, s, R->frame.x1, &xb, &yb);
      cairo_set_line_width (cr, th->thin_width);
      roof_set_precision_dash (cr, ROOF_PREC_INT8, th->thin_width * 1.5);
      roof_color_set (cr, roof_color_alpha (c->scol[k], 0.8));
      cairo_move_to (cr, xa, ya);
      cairo_line_to (cr, xb, yb);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
}

/* The index of the device among the compared ones, or −1. */
static int
compared (RoofRender *R, const Trend *c, const RoofPlotDevice *d)
{
  int cmp = -1;
  for (int i = 0; i < R->in->n_devices && !c->from_devices; i++)
    if (R->in->devices[i].id && d->id && strcmp (R->in->devices[i].id, d->id) == 0)
      cmp = i;
  return cmp;
}

/* Point j of series k: its marker, a ring when it is being compared, its
 * hit item and, once per device, its name. */
static void
draw_point (RoofRender *R, const Trend *c, int k, int j, gboolean named_here, int priority,
            GArray *labels)
{
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;
  const Series *s = &c->ser[k];
  const RoofPlotDevice *d = &c->cat[s->dev[j]];
  int cmp = compared (R, c, d);

  roof_render_marker (R, s->marker, s->px[j], s->py[j], th->marker_radius + 0.5, c->scol[k],
                      c->scol[k], FALSE);
  if (cmp >= 0)
    {
      cairo_save (cr);
      roof_color_set (cr, roof_render_device_color (R, cmp));
      cairo_set_line_width (cr, 2.0);
      cairo_arc (cr, s->px[j], s->py[j], th->marker_radius + 4.0, 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
  double pk = d->hw.peak_flops[s->p] > 0 ? d->hw.peak_flops[s->p] : d->hw.peak_flops[ROOF_PREC_FP16];
  char pt[32], bw[32], r[32];
  roof_format_unit (pk, "FLOP/s", pt, sizeof pt);
  roof_format_unit (d->hw.mem_bw, "B/s", bw, sizeof bw);
  roof_format_number (s->y[j], 3, r, sizeof r);
  roof_render_hit (R, s->px[j], s->py[j], th->marker_radius + 4, cmp,
                   _("%s (%d)\n%s: %s / %s = %s FLOP/byte"), d->name ? d->name : d->id, d->year,
                   s->label, pt, bw, r);
  if (named_here)
    {
      /* cut as every chart cuts names; the tooltip has it in full */
      g_autofree char *name = roof_chart_ellipsize (short_name (d), ROOF_CHART_NAME_MAX);
      roof_render_label_point (R, labels, name, ROOF_FONT_LABEL,
                               cmp >= 0 ? roof_render_device_color (R, cmp) : th->foreground,
                               s->px[j], s->py[j], th->marker_radius + 1,
                               cmp >= 0 ? PRIORITY_COMPARED : priority, -1, TRUE);
    }
}

static void
draw_data (RoofRender *R, gpointer data, GArray *labels)
{
  Trend *c = data;

  draw_fits (R, c);
  /* generations are named once: on the 16-bit series, else the first one */
  int label_series = 0;
  for (int k = 0; k < c->n_ser; k++)
    if (c->ser[k].p == ROOF_PREC_BF16)
      label_series = k;
  gboolean *named = g_new0 (gboolean, c->n_cat);
  for (int kk = 0; kk < c->n_ser; kk++)
    {
      int k = (kk + label_series) % c->n_ser;
      const Series *s = &c->ser[k];
      for (int j = 0; j < s->n; j++)
        {
          gboolean first = !named[s->dev[j]];
          named[s->dev[j]] = TRUE;
          draw_point (R, c, k, j, first,
                      k == label_series ? PRIORITY_DEVICE : PRIORITY_OTHER_SERIES, labels);
        }
    }
  g_free (named);
}

static void
describe (RoofRender *R, gpointer data)
{
  Trend *c = data;
  GString *s = R->desc;
  char num[48];

  g_string_append_printf (s, _("Ridge points of %d devices from %d to %d."), c->n_cat,
                          c->ymin_year, c->ymax_year);
  for (int k = 0; k < c->n_ser; k++)
    if (c->ser[k].has_fit)
      {
        roof_format_number (pow (10.0, c->ser[k].slope), 3, num, sizeof num);
        g_string_append_printf (s, _(" At %s the ridge point grows about ×%s per year (%d devices)."),
                                c->ser[k].label, num, c->ser[k].n);
      }
  g_string_append (s, _(" A higher ridge point means more work per byte is needed before compute, "
                         "not memory, limits speed."));
}

const RoofChartClass roof_chart_trend_class = {
  .title = N_("Ridge point by year"),
  .data_size = sizeof (Trend),
  .heading = heading,
  .collect = collect,
  .annotate = annotate,
  .obstacles = obstacles,
  .draw_data = draw_data,
  .describe = describe,
  .clear = clear,
};
