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

static gboolean
draw (RoofRender *R, GError **error)
{
  const RoofChartInput *in = R->in;
  const RoofTheme *th = R->th;
  RoofFrame *f = &R->frame;
  Series ser[MAX_SERIES];
  int n_ser = 0;
  char buf[200], num[48];
  static const RoofMarker markers[] = { ROOF_MARKER_CIRCLE, ROOF_MARKER_SQUARE,
                                        ROOF_MARKER_TRIANGLE, ROOF_MARKER_DIAMOND,
                                        ROOF_MARKER_CIRCLE, ROOF_MARKER_SQUARE };
  const RoofPlotDevice *cat = in->catalog;
  int n_cat = in->n_catalog;
  gboolean from_devices = FALSE;

  f->title = _("Ridge point I* by year and precision");
  if (cat == NULL || n_cat <= 0)
    {
      /* no catalog: the compared devices alone */
      cat = in->devices;
      n_cat = in->n_devices;
      from_devices = TRUE;
    }
  if (n_cat <= 0)
    return roof_render_fail (R, error, _("No devices to compare: the catalog is empty."));

  guint mask = in->ceilings ? in->ceilings
                            : (1u << ROOF_PREC_FP32) | (1u << ROOF_PREC_BF16) | (1u << ROOF_PREC_FP8)
                                | (1u << ROOF_PREC_INT8);
  mask &= ~(1u << ROOF_PREC_FP16); /* folded into bf16 */
  double ymin = G_MAXDOUBLE, ymax = 0.0;
  int ymin_year = 9999, ymax_year = 0;
  for (int p = 0; p < ROOF_PREC_COUNT && n_ser < MAX_SERIES; p++)
    {
      if (!(mask & (1u << p)))
        continue;
      Series *s = &ser[n_ser];
      memset (s, 0, sizeof *s);
      s->p = p;
      s->label = p == ROOF_PREC_BF16 ? "bf16 / fp16" : roof_precision_name (p);
      s->marker = markers[n_ser];
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
          ymin = MIN (ymin, r);
          ymax = MAX (ymax, r);
          ymin_year = MIN (ymin_year, d->year);
          ymax_year = MAX (ymax_year, d->year);
        }
      /* spread same-year points of one series sideways */
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
      /* least squares on log10 (ridge) against the year */
      if (s->n >= 3)
        {
          double sx = 0, sy = 0, sxx = 0, sxy = 0;
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
      if (s->n > 0)
        n_ser++;
      else
        {
          g_free (s->dev), g_free (s->x), g_free (s->y), g_free (s->px), g_free (s->py);
        }
    }
  if (n_ser == 0)
    return roof_render_fail (R, error,
                             _("No device of the catalog has both a year and a ceiling at the "
                                "chosen precisions."));

  g_string_truncate (R->caption, 0);
  g_string_append_printf (
      R->caption,
      _("Each point is one device: dense peak FLOP/s at the precision divided "
         "by main-memory bandwidth (I* = Π / β). A workload with fewer FLOP per byte "
         "than I* is memory-bound on that device. Lines: least-squares growth per "
         "precision. %d devices from %s."),
      n_cat, from_devices ? _("the comparison") : _("the catalog"));

  double y0, y1;
  roof_scale_nice_bounds (TRUE, ymin / 1.3, ymax * 1.3, &y0, &y1);
  f->x_log = FALSE;
  f->y_log = TRUE;
  f->x0 = ymin_year - 0.8, f->x1 = ymax_year + 0.8;
  if (in->view_x1 > in->view_x0)
    f->x0 = in->view_x0, f->x1 = in->view_x1;
  f->y0 = y0, f->y1 = y1;
  if (in->view_y1 > in->view_y0 && in->view_y0 > 0)
    f->y0 = in->view_y0, f->y1 = in->view_y1;
  f->x_unit = f->y_unit = 1.0;
  f->x_integer = TRUE;
  f->x_title = _("Year of introduction");
  f->y_title = _("Ridge point I* (FLOP/byte)");

  /* series colours: not device colours, so a neutral ramp keyed by marker too */
  RoofColor scol[MAX_SERIES];
  static const int pal_idx[MAX_SERIES] = { 7, 0, 1, 2, 3, 4 };
  for (int k = 0; k < n_ser; k++)
    scol[k] = th->palette[pal_idx[k]];

  for (int k = 0; k < n_ser; k++)
    {
      if (ser[k].has_fit)
        {
          double per_year = pow (10.0, ser[k].slope);
          roof_format_number (per_year, 3, num, sizeof num);
          g_snprintf (buf, sizeof buf, _("%s (×%s per year)"), ser[k].label, num);
        }
      else
        g_strlcpy (buf, ser[k].label, sizeof buf);
      RoofLegendItem *it = roof_legend_add (R, ROOF_LEGEND_LINE, buf, -1, scol[k]);
      it->marker = ser[k].marker;
      it->dash = ROOF_PREC_INT8;
      it->width = R->th->thin_width;
      it->kind = ROOF_LEGEND_LINE;
    }
  if (!from_devices && in->n_devices > 0)
    {
      RoofLegendItem *it = roof_legend_add (
          R, ROOF_LEGEND_MARKER, _("ringed: devices being compared"), -1, th->foreground);
      it->hollow = TRUE;
    }

  for (int pass = 0; pass < 2; pass++)
    {
      roof_frame_layout (R);
      for (int k = 0; k < n_ser; k++)
        {
          Series *s = &ser[k];
          for (int j = 0; j < s->n; j++)
            {
              s->px[j] = roof_frame_x (R, s->x[j]);
              s->py[j] = roof_frame_y (R, s->y[j]);
              roof_label_placer_add_marker (R->placer, s->px[j], s->py[j], th->marker_radius + 1);
            }
          if (s->has_fit)
            {
              double xa = f->x0, xb = f->x1;
              roof_label_placer_add_segment (R->placer, roof_frame_x (R, xa),
                                             roof_frame_y (R, pow (10.0, s->icpt + s->slope * xa)),
                                             roof_frame_x (R, xb),
                                             roof_frame_y (R, pow (10.0, s->icpt + s->slope * xb)),
                                             200 + k);
            }
        }
      if (roof_legend_place (R))
        break;
      double lw, lh;
      roof_legend_size (R, &lw, &lh);
      f->reserve_right = lw + 10.0;
    }

  cairo_t *cr = R->cr;
  GArray *labels = roof_pending_labels_new ();
  roof_frame_draw_background (R);
  roof_frame_draw_grid (R);
  cairo_save (cr);
  roof_frame_clip (R);
  for (int k = 0; k < n_ser; k++)
    {
      Series *s = &ser[k];
      if (!s->has_fit)
        continue;
      double xa = f->x0, xb = f->x1;
      cairo_set_line_width (cr, th->thin_width);
      roof_set_precision_dash (cr, ROOF_PREC_INT8, th->thin_width * 1.5);
      roof_color_set (cr, roof_color_alpha (scol[k], 0.8));
      cairo_move_to (cr, roof_frame_x (R, xa), roof_frame_y (R, pow (10.0, s->icpt + s->slope * xa)));
      cairo_line_to (cr, roof_frame_x (R, xb), roof_frame_y (R, pow (10.0, s->icpt + s->slope * xb)));
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  /* generations are named once: on the 16-bit series, else the first one */
  int label_series = 0;
  for (int k = 0; k < n_ser; k++)
    if (ser[k].p == ROOF_PREC_BF16)
      label_series = k;
  gboolean *named = g_new0 (gboolean, n_cat);
  for (int kk = 0; kk < n_ser; kk++)
    {
      int k = (kk + label_series) % n_ser;
      Series *s = &ser[k];
      for (int j = 0; j < s->n; j++)
        {
          const RoofPlotDevice *d = &cat[s->dev[j]];
          roof_render_marker (R, s->marker, s->px[j], s->py[j], th->marker_radius + 0.5, scol[k],
                              scol[k], FALSE);
          /* devices being compared: ringed in their own colour */
          int cmp = -1;
          for (int c = 0; c < in->n_devices && !from_devices; c++)
            if (in->devices[c].id && d->id && strcmp (in->devices[c].id, d->id) == 0)
              cmp = c;
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
                           _("%s (%d)\n%s: %s / %s = %s FLOP/byte"), d->name ? d->name : d->id,
                           d->year, s->label, pt, bw, r);
          if (!named[s->dev[j]])
            {
              named[s->dev[j]] = TRUE;
              roof_render_label_point (R, labels, short_name (d), ROOF_FONT_LABEL,
                                       cmp >= 0 ? roof_render_device_color (R, cmp) : th->foreground,
                                       s->px[j], s->py[j], th->marker_radius + 1,
                                       cmp >= 0 ? 70 : (k == label_series ? 40 : 20), -1, TRUE);
            }
        }
    }
  cairo_restore (cr);
  g_free (named);

  roof_frame_draw_axes (R);
  roof_legend_draw (R);
  roof_render_draw_labels (R, labels);
  g_array_unref (labels);

  {
    GString *s = R->desc;
    g_string_append_printf (s, _("Ridge points of %d devices from %d to %d."), n_cat, ymin_year,
                            ymax_year);
    for (int k = 0; k < n_ser; k++)
      if (ser[k].has_fit)
        {
          roof_format_number (pow (10.0, ser[k].slope), 3, num, sizeof num);
          g_string_append_printf (
              s, _(" At %s the ridge point grows about ×%s per year (%d devices)."), ser[k].label,
              num, ser[k].n);
        }
    g_string_append (s,
                     _(" A higher ridge point means more work per byte is needed before compute, "
                        "not memory, limits speed."));
  }
  for (int k = 0; k < n_ser; k++)
    {
      g_free (ser[k].dev), g_free (ser[k].x), g_free (ser[k].y);
      g_free (ser[k].px), g_free (ser[k].py);
    }
  return TRUE;
}

const RoofChartClass roof_chart_trend_class = {
  .title = N_("Ridge point by year"),
  .draw = draw,
};
