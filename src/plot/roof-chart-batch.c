/* roof-chart-batch.c — throughput and ITL vs batch: the batch-doubling diagnostic
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * While decode is memory-bound, doubling the batch doubles tokens/s at the
 * same ITL; past the knee (the balance batch) throughput flattens and ITL
 * grows with the batch.
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"
#include "roof-chart-measured.h"

#define N_SAMPLES 80

/* Label priorities, the highest placed first (roof-label-placer.h). */
enum
{
  PRIORITY_MEMORY_FULL = 60,
  PRIORITY_KNEE = 65,
  PRIORITY_TARGET = 70,
  PRIORITY_NAME = 74,
};

/* Owners of label obstacles: a device's ITL curve, and the ITL target. */
#define OWNER_ITL 20
#define OWNER_TARGET 99

typedef struct
{
  gboolean ok;
  RoofError err;
  int n;
  RoofResult r[N_SAMPLES];
  double b[N_SAMPLES];
  double tp_xy[2 * N_SAMPLES], itl_xy[2 * N_SAMPLES];
  int n_fit; /* samples that fit */
  double max_fit;
  int min_devices;
  gboolean has_bal;
  double bal;
  RoofResult bal_r;
  RoofResult fit_r;
  /* speculative decoding (the input's has_spec): the verify cycle's
   * tokens/s and effective ITL per sample, drawn in place of the plain
   * curves, which stay faint beside them */
  gboolean spec;
  gboolean drafter_unfit; /* the plain step fits at B = 1, the drafter beside it not */
  int p_fit; /* samples whose plain step fits */
  struct BatchSpec *sp; /* allocated with the lever only: a chart without it costs no more */
  double s_fit_tps;     /* at max_fit */
} BatchDev;

typedef struct BatchSpec
{
  double tps[N_SAMPLES], itl[N_SAMPLES];
  double tp_xy[2 * N_SAMPLES], itl_xy[2 * N_SAMPLES];
} BatchSpec;

/* What the device's solid curves show: the speculative figures when it
 * has them, else the plain step's. */
static double
shown_tps (const BatchDev *d, int k)
{
  return d->spec ? d->sp->tps[k] : d->r[k].tokens_per_s;
}

static double
shown_itl (const BatchDev *d, int k)
{
  return d->spec ? d->sp->itl[k] : d->r[k].t_step;
}

/* The solid curves' pixels. */
static const double *
shown_tp_xy (const BatchDev *d)
{
  return d->spec ? d->sp->tp_xy : d->tp_xy;
}

static const double *
shown_itl_xy (const BatchDev *d)
{
  return d->spec ? d->sp->itl_xy : d->itl_xy;
}

typedef struct
{
  RoofWorkload wl; /* the input's, in decode */
  double b_lo, b_hi;
  double tmin, tmax, lmin, lmax; /* tokens/s and ITL over every curve */
  int n_ok;
  BatchDev dev[ROOF_PLOT_MAX_DEVICES];
} Batch;

static const RoofError *
collect_device (const RoofChartInput *in, gpointer data, int i)
{
  Batch *c = data;
  BatchDev *d = &c->dev[i];
  const RoofHardwareParams *hw = &in->devices[i].hw;
  const RoofWorkload *wl = &c->wl;
  double b_lo = c->b_lo, b_hi = c->b_hi;

  if (roof_sweep (hw, in->model, wl, ROOF_SWEEP_BATCH, b_lo, b_hi, N_SAMPLES, TRUE, d->r, &d->err)
      != ROOF_OK)
    return &d->err;
  d->ok = TRUE;
  c->n_ok++;
  d->n = N_SAMPLES;
  d->max_fit = roof_max_batch_that_fits (hw, in->model, wl);
  d->min_devices = d->r[0].min_devices;
  d->spec = in->has_spec;
  if (d->spec)
    d->sp = g_new (BatchSpec, 1);
  for (int k = 0; k < d->n; k++)
    {
      d->b[k] = d->r[k].tokens;
      if (d->r[k].fits)
        d->p_fit = k + 1;
      if (d->spec)
        {
          RoofWorkload w = *wl;
          RoofSpecResult s;
          w.batch = d->b[k];
          d->spec = roof_chart_spec_step (in, hw, &w, &s);
          d->sp->tps[k] = s.tokens_per_s, d->sp->itl[k] = s.itl;
          if (s.fits)
            d->n_fit = k + 1;
          c->tmin = MIN (c->tmin, s.tokens_per_s), c->tmax = MAX (c->tmax, s.tokens_per_s);
          c->lmin = MIN (c->lmin, s.itl), c->lmax = MAX (c->lmax, s.itl);
        }
      c->tmin = MIN (c->tmin, d->r[k].tokens_per_s);
      c->tmax = MAX (c->tmax, d->r[k].tokens_per_s);
      c->lmin = MIN (c->lmin, d->r[k].t_step);
      c->lmax = MAX (c->lmax, d->r[k].t_step);
    }
  if (!d->spec)
    d->n_fit = d->p_fit;
  else
    {
      d->drafter_unfit = d->max_fit >= 1.0;
      d->max_fit = roof_chart_spec_max_fit (in, hw, wl, d->max_fit);
      d->drafter_unfit = d->drafter_unfit && d->max_fit < 1.0;
    }
  RoofBalance bal;
  RoofError e;
  /* the knee is the plain step's: none for the verify cycle */
  if (!d->spec && roof_balance_batch (hw, in->model, wl, &bal, &e) == ROOF_OK && !bal.never
      && bal.batch >= b_lo && bal.batch <= b_hi)
    {
      RoofWorkload w = *wl;
      w.batch = bal.batch;
      d->bal = bal.batch;
      d->has_bal = roof_solve (hw, in->model, &w, &d->bal_r, &e) == ROOF_OK;
    }
  if (d->max_fit >= b_lo && d->max_fit <= b_hi)
    {
      RoofWorkload w = *wl;
      w.batch = d->max_fit;
      roof_solve (hw, in->model, &w, &d->fit_r, &e);
      RoofSpecResult s;
      d->s_fit_tps = d->spec && roof_chart_spec_step (in, hw, &w, &s) ? s.tokens_per_s : 0.0;
    }
  return NULL;
}

static gboolean
collect (const RoofChartInput *in, gpointer data, GError **error)
{
  Batch *c = data;

  c->wl = in->workload;
  c->wl.phase = ROOF_PHASE_DECODE;
  roof_input_batch_axis (in, &c->b_lo, &c->b_hi);
  c->tmin = c->lmin = G_MAXDOUBLE;
  return roof_chart_collect_devices (in, c, collect_device, error);
}

static void
axes (RoofRender *R, Batch *c)
{
  const RoofChartInput *in = R->in;
  RoofFrame *f = &R->frame;

  if (in->sla.itl > 0.0)
    {
      c->lmin = MIN (c->lmin, in->sla.itl);
      c->lmax = MAX (c->lmax, in->sla.itl);
    }
  double y0, y1, z0, z1;
  roof_scale_nice_bounds (TRUE, c->tmin * 0.8, c->tmax * 1.25, &y0, &y1);
  roof_scale_nice_bounds (TRUE, c->lmin * 0.8, c->lmax * 1.25, &z0, &z1);
  f->x_log = f->y_log = f->y2_log = TRUE;
  f->has_y2 = TRUE;
  f->x0 = c->b_lo, f->x1 = c->b_hi;
  if (in->view_x1 > in->view_x0 && in->view_x0 > 0.0)
    f->x0 = in->view_x0, f->x1 = in->view_x1;
  f->y0 = y0, f->y1 = y1;
  f->y2_0 = z0, f->y2_1 = z1;
  f->x_unit = f->y_unit = 1.0;
  f->y2_unit = 1e-3;
  f->x_title = _("Batch size B (sequences decoded together)");
  f->y_title = _("Throughput (output tokens/s, solid)");
  f->y2_title = _("Inter-token latency (ms, dashed)");
}

static void
legend (RoofRender *R, const Batch *c)
{
  const RoofChartInput *in = R->in;
  const RoofTheme *th = R->th;
  const BatchDev *dev = c->dev;
  char buf[200], num[48];

  roof_legend_add_devices (R, ROOF_LEGEND_LINE, NULL);
  for (int i = 0; i < in->n_devices; i++)
    if (dev[i].ok && dev[i].max_fit < 1.0)
      {
        RoofLegendItem *it = g_ptr_array_index (R->legend, i);
        g_free (it->text);
        it->text = roof_render_unfit_name (R, i, TRUE, dev[i].drafter_unfit, dev[i].min_devices,
                                           FALSE);
      }
  RoofLegendItem *it
      = roof_legend_add (R, ROOF_LEGEND_LINE, _("throughput (left axis)"), -1, th->muted);
  it = roof_legend_add (R, ROOF_LEGEND_LINE, _("ITL (right axis)"), -1, th->muted);
  it->dash = ROOF_PREC_FP8;
  gboolean any_bal = FALSE, any_end = FALSE, any_unfit = FALSE;
  for (int i = 0; i < in->n_devices; i++)
    {
      any_bal |= dev[i].has_bal;
      any_end |= dev[i].ok && dev[i].max_fit >= c->b_lo && dev[i].max_fit < c->b_hi;
      any_unfit |= dev[i].ok && dev[i].n_fit < dev[i].n;
    }
  if (any_bal)
    {
      it = roof_legend_add (R, ROOF_LEGEND_MARKER, _("knee: compute-bound from here"), -1,
                            th->muted);
      it->marker = ROOF_MARKER_DIAMOND;
    }
  if (any_end)
    {
      it = roof_legend_add (R, ROOF_LEGEND_MARKER, _("memory full: largest batch that fits"), -1,
                            th->muted);
      it->marker = ROOF_MARKER_CROSS;
    }
  if (any_unfit)
    roof_legend_add (R, ROOF_LEGEND_LINE, _("faint: does not fit in memory"), -1,
                     roof_color_alpha (th->muted, 0.35));
  if (in->has_spec)
    {
      it = roof_legend_add (R, ROOF_LEGEND_LINE, _("thin: without speculative decoding"), -1,
                            roof_color_alpha (th->muted, 0.5));
      it->width = th->thin_width;
    }
  if (in->sla.itl > 0.0)
    {
      roof_format_time (in->sla.itl, num, sizeof num);
      g_snprintf (buf, sizeof buf, _("ITL target %s"), num);
      it = roof_legend_add (R, ROOF_LEGEND_LINE, buf, -1, th->foreground);
      it->dash = ROOF_PREC_INT8;
      it->width = th->thin_width;
    }
}

static void
annotate (RoofRender *R, gpointer data)
{
  Batch *c = data;
  const RoofChartInput *in = R->in;

  roof_render_assumptions (R, FALSE, TRUE);
  for (int i = 0; i < in->n_devices; i++)
    if (roof_render_visible (R, i) && !c->dev[i].ok)
      roof_render_note_failure (R, i, &c->dev[i].err);
  roof_render_note (R, _("memory-bound: doubling the batch doubles tokens/s at the same ITL; "
                          "compute-bound: it doubles the ITL instead"));
  roof_render_spec_note (R, _("thin: without it"));
  axes (R, c);
  legend (R, c);
  roof_render_operating_line (R, ROOF_OPERATING_BATCH, in->workload.batch,
                              roof_input_batch_lo (in), roof_input_batch_hi (in));
}

static void
obstacles (RoofRender *R, gpointer data)
{
  Batch *c = data;
  RoofFrame *f = &R->frame;

  for (int i = 0; i < R->in->n_devices; i++)
    {
      BatchDev *d = &c->dev[i];
      for (int k = 0; k < d->n; k++)
        {
          d->tp_xy[2 * k] = d->itl_xy[2 * k] = roof_frame_x (R, d->b[k]);
          d->tp_xy[2 * k + 1] = roof_frame_y (R, d->r[k].tokens_per_s);
          d->itl_xy[2 * k + 1] = roof_frame_y2 (R, d->r[k].t_step);
          if (d->spec)
            {
              d->sp->tp_xy[2 * k] = d->sp->itl_xy[2 * k] = d->tp_xy[2 * k];
              d->sp->tp_xy[2 * k + 1] = roof_frame_y (R, d->sp->tps[k]);
              d->sp->itl_xy[2 * k + 1] = roof_frame_y2 (R, d->sp->itl[k]);
            }
        }
      roof_label_placer_add_polyline (R->placer, shown_tp_xy (d), d->n, i);
      roof_label_placer_add_polyline (R->placer, shown_itl_xy (d), d->n, OWNER_ITL + i);
      if (d->spec)
        {
          roof_label_placer_add_polyline (R->placer, d->tp_xy, d->n, i);
          roof_label_placer_add_polyline (R->placer, d->itl_xy, d->n, OWNER_ITL + i);
        }
    }
  if (R->in->sla.itl > 0.0)
    {
      double y = roof_frame_y2 (R, R->in->sla.itl);
      roof_label_placer_add_segment (R->placer, f->plot.x, y, f->plot.x + f->plot.width, y,
                                     OWNER_TARGET);
    }
}

static void
draw_target (RoofRender *R, GArray *labels)
{
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;
  RoofRect *pa = &R->frame.plot;
  char buf[200], num[48];
  double y = roof_frame_y2 (R, R->in->sla.itl);
  double xy[4] = { pa->x, y, pa->x + pa->width, y };

  roof_render_stroke (R, xy, 2, th->thin_width, ROOF_PREC_INT8, th->thin_width * 1.5,
                      th->foreground);
  cairo_set_dash (cr, NULL, 0, 0);
  roof_format_time (R->in->sla.itl, num, sizeof num);
  g_snprintf (buf, sizeof buf, _("ITL target %s"), num);
  roof_render_label_line (R, labels, buf, ROOF_FONT_LABEL, th->foreground, xy, 2, 0.95,
                          PRIORITY_TARGET, OWNER_TARGET);
}

/* Throughput (solid) and ITL (dashed) in `width`: the part that fits,
 * then the rest fainter. */
static void
stroke_pair (RoofRender *R, const double *tp_xy, const double *itl_xy, int n_fit, int n,
             double width, RoofColor col)
{
  cairo_t *cr = R->cr;

  for (int part = 0; part < 2; part++)
    {
      int a = part == 0 ? 0 : MAX (n_fit - 1, 0), b = part == 0 ? n_fit : n;
      if (b - a < 2)
        continue;
      RoofColor c = part == 0 ? col : roof_color_alpha (col, col.a * 0.35);
      roof_render_stroke (R, tp_xy + 2 * a, b - a, width, ROOF_STROKE_SOLID, 0.0, c);
      roof_set_precision_dash (cr, ROOF_PREC_FP8, width);
      roof_render_polyline (R, itl_xy + 2 * a, b - a);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
}

/* Throughput and ITL, the plain step's thin and faint beside the
 * speculative ones; hit items along both and the device's name. */
static void
draw_curves (RoofRender *R, const BatchDev *d, int i, GArray *labels)
{
  const RoofTheme *th = R->th;
  RoofColor col = roof_render_device_color (R, i);
  const char *spec = d->spec ? _(" · speculative") : "";

  if (d->spec)
    stroke_pair (R, d->tp_xy, d->itl_xy, d->p_fit, d->n, th->thin_width,
                 roof_color_alpha (col, 0.5));
  const double *tp_xy = shown_tp_xy (d), *itl_xy = shown_itl_xy (d);
  stroke_pair (R, tp_xy, itl_xy, d->n_fit, d->n, th->line_width, col);
  for (int k = 0; k < d->n; k += 6)
    {
      char b[24], t[24], l[24];
      gboolean fits = d->spec ? k < d->n_fit : d->r[k].fits;
      roof_format_count (d->b[k], b, sizeof b);
      roof_format_si (shown_tps (d, k), 3, t, sizeof t);
      roof_format_time (shown_itl (d, k), l, sizeof l);
      roof_render_hit (R, tp_xy[2 * k], tp_xy[2 * k + 1], 8.0, i,
                       _("%s · batch %s\n%s tokens/s · ITL %s\n%s%s"), roof_render_device_full_name (R, i), b, t, l,
                       roof_bound_title (d->r[k].bound), fits ? spec : _(" · does not fit"));
      roof_render_hit (R, itl_xy[2 * k], itl_xy[2 * k + 1], 8.0, i,
                       _("%s · batch %s\nITL %s · %s tokens/s\n%s%s"), roof_render_device_full_name (R, i), b, l, t,
                       roof_bound_title (d->r[k].bound), fits ? spec : _(" · does not fit"));
    }
  g_autofree char *label
    = roof_render_unfit_name (R, i, d->max_fit < 1.0, d->drafter_unfit, d->min_devices, TRUE);
  roof_render_label_line (R, labels, label, ROOF_FONT_LABEL_BOLD, col, tp_xy,
                          MAX (2, MIN (d->n_fit > 1 ? d->n_fit : d->n, d->n)), 0.35,
                          PRIORITY_NAME, i);
}

/* The knee on both curves and where memory runs out. */
static void
draw_marks (RoofRender *R, const Batch *c, const BatchDev *d, int i, GArray *labels)
{
  const RoofTheme *th = R->th;
  RoofColor col = roof_render_device_color (R, i);
  const char *name = roof_render_device_full_name (R, i); /* tooltips: in full */
  char buf[200], num[48], num2[48];

  if (d->has_bal)
    {
      double x = roof_frame_x (R, d->bal), y = roof_frame_y (R, d->bal_r.tokens_per_s);
      double y2 = roof_frame_y2 (R, d->bal_r.t_step);
      roof_render_marker (R, ROOF_MARKER_DIAMOND, x, y, th->marker_radius + 1, col, col, FALSE);
      roof_render_marker (R, ROOF_MARKER_DIAMOND, x, y2, th->marker_radius + 1, col, col, FALSE);
      roof_label_placer_add_marker (R->placer, x, y, th->marker_radius + 1);
      roof_label_placer_add_marker (R->placer, x, y2, th->marker_radius + 1);
      roof_format_number (d->bal, 3, num, sizeof num);
      g_snprintf (buf, sizeof buf, _("knee B* ≈ %s"), num);
      roof_render_label_point (R, labels, buf, ROOF_FONT_LABEL, col, x, y, th->marker_radius + 1,
                               PRIORITY_KNEE, i, TRUE);
      roof_format_si (d->bal_r.tokens_per_s, 3, num2, sizeof num2);
      roof_render_hit (R, x, y, th->marker_radius + 5, i,
                       _("%s · knee at batch %s\n%s tokens/s; beyond it ITL grows with the batch"),
                       name, num, num2);
    }
  if (d->max_fit >= c->b_lo && d->max_fit < c->b_hi)
    {
      double x = roof_frame_x (R, d->max_fit);
      double y = roof_frame_y (R, d->spec ? d->s_fit_tps : d->fit_r.tokens_per_s);
      roof_render_marker (R, ROOF_MARKER_CROSS, x, y, th->marker_radius + 1, col, col, FALSE);
      roof_label_placer_add_marker (R->placer, x, y, th->marker_radius + 1);
      roof_format_count (d->max_fit, num, sizeof num);
      g_snprintf (buf, sizeof buf, _("memory full at B = %s"), num);
      roof_render_label_point (R, labels, buf, ROOF_FONT_LABEL, col, x, y, th->marker_radius + 1,
                               PRIORITY_MEMORY_FULL, i, TRUE);
      roof_render_hit (R, x, y, th->marker_radius + 5, i, _("%s · largest batch that fits: %s"),
                       name, num);
    }
}

static void
draw_data (RoofRender *R, gpointer data, GArray *labels)
{
  Batch *c = data;

  cairo_set_line_join (R->cr, CAIRO_LINE_JOIN_ROUND);
  if (R->in->sla.itl > 0.0)
    draw_target (R, labels);
  for (int i = 0; i < R->in->n_devices; i++)
    if (c->dev[i].ok)
      {
        draw_curves (R, &c->dev[i], i, labels);
        draw_marks (R, c, &c->dev[i], i, labels);
      }
}

static void
describe (RoofRender *R, gpointer data)
{
  Batch *c = data;
  const RoofChartInput *in = R->in;
  const BatchDev *dev = c->dev;
  GString *s = R->desc;
  char num[48], num2[48];
  int best = -1;

  for (int i = 0; i < in->n_devices; i++)
    if (dev[i].ok && dev[i].n_fit > 0
        && (best < 0 || shown_tps (&dev[i], dev[i].n_fit - 1)
                          > shown_tps (&dev[best], dev[best].n_fit - 1)))
      best = i;
  g_string_append_printf (s, _("Decode throughput of %s against batch size."),
                          roof_input_model_name (in, _("the model")));
  if (best >= 0)
    {
      const BatchDev *d = &dev[best];
      roof_format_si (shown_tps (d, d->n_fit - 1), 3, num, sizeof num);
      roof_format_count (d->b[d->n_fit - 1], num2, sizeof num2);
      g_string_append_printf (s,
                              _(" The highest throughput that fits in memory is %s at %s tokens/s "
                                 "(batch %s)."),
                              roof_render_device_name (R, best), num, num2);
    }
  for (int i = 0; i < in->n_devices; i++)
    if (dev[i].ok)
      {
        roof_format_time (shown_itl (&dev[i], 0), num, sizeof num);
        roof_format_number (c->b_lo, 6, num2, sizeof num2);
        g_string_append_printf (s, _(" %s: ITL %s at batch %s"), roof_render_device_name (R, i),
                                num, num2);
        if (dev[i].has_bal)
          {
            roof_format_number (dev[i].bal, 3, num, sizeof num);
            g_string_append_printf (s, _(", knee at batch %s"), num);
          }
        if (dev[i].drafter_unfit)
          g_string_append (s, _(", no room for the drafter"));
        else if (dev[i].max_fit < 1.0)
          g_string_append_printf (s, _(", needs ≥ %d devices"), dev[i].min_devices);
        else if (dev[i].max_fit < c->b_hi)
          {
            roof_format_count (dev[i].max_fit, num, sizeof num);
            g_string_append_printf (s, _(", memory full at batch %s"), num);
          }
        g_string_append (s, ".");
      }
}

static void
clear (gpointer data)
{
  Batch *c = data;

  for (int i = 0; i < ROOF_PLOT_MAX_DEVICES; i++)
    g_clear_pointer (&c->dev[i].sp, g_free);
}

const RoofChartClass roof_chart_batch_class = {
  .measured_on = ROOF_MEASURED_ON_BATCH, /* roof-chart-measured.h */
  .title = N_("Throughput and latency vs batch"),
  .data_size = sizeof (Batch),
  .needs_devices = TRUE,
  .heading_format = N_("Throughput and latency vs batch · %s decode"),
  .collect = collect,
  .annotate = annotate,
  .obstacles = obstacles,
  .draw_data = draw_data,
  .describe = describe,
  .clear = clear,
};
