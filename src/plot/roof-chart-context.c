/* roof-chart-context.c — decode latency vs context length, weights and KV stacked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The ITL is split into the time to stream the weights (flat) and the time
 * to stream the KV cache and activations (growing with the context); where
 * the second overtakes the first, long context costs more than the model.
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"

#define N_SAMPLES 72

/* Label priorities, the highest placed first (roof-label-placer.h). */
enum
{
  PRIORITY_MEMORY_FULL = 60,
  PRIORITY_NAME = 74,
  PRIORITY_CROSSOVER = 95,
};

/* Owners of label obstacles: a device's weights line, the crossover line. */
#define OWNER_WEIGHTS 20
#define OWNER_CROSSOVER 99

typedef struct
{
  gboolean ok;
  RoofError err;
  RoofResult r[N_SAMPLES];
  double s[N_SAMPLES];
  double t_w[N_SAMPLES], t_kv[N_SAMPLES]; /* seconds, from the solver's bytes and t_memory */
  double xy_w[2 * N_SAMPLES], xy_tot[2 * N_SAMPLES], xy_step[2 * N_SAMPLES];
  int n_fit; /* leading samples that fit */
  gboolean compute_matters;
  /* speculative decoding: the effective ITL per sample, the solid line;
   * the plain step's line stays thin beside it */
  gboolean spec;
  double *s_itl;   /* N_SAMPLES, allocated with the lever only */
  double *xy_spec; /* 2 · N_SAMPLES */
} CtxDev;

typedef struct
{
  gboolean no_kv; /* a model given as FLOP and bytes per sample: a message */
  RoofWorkload wl; /* the input's, in decode */
  double s_lo, s_hi;
  double tmax;
  int n_ok, first_ok;
  double s_cross; /* where KV traffic reaches the weights', 0 for none */
  CtxDev dev[ROOF_PLOT_MAX_DEVICES];
} Context;

static void
split (const RoofResult *r, double *tw, double *tkv)
{
  /* t_memory is the whole traffic over the effective bandwidth: share it */
  double tot = r->bytes_total > 0.0 ? r->bytes_total : 1.0;
  *tw = r->t_memory * r->bytes_weights / tot;
  *tkv = r->t_memory * (r->bytes_kv + r->bytes_act) / tot;
}

/* Context where KV and activation bytes reach the weight bytes (the same on
 * every device); 0 when not within [lo, hi]. */
static double
kv_crossover (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
              double lo, double hi)
{
  RoofWorkload w = *wl;
  RoofResult r;
  RoofError e;
  w.context = hi;
  if (roof_solve (hw, md, &w, &r, &e) != ROOF_OK || r.bytes_kv + r.bytes_act < r.bytes_weights)
    return 0.0;
  w.context = lo;
  if (roof_solve (hw, md, &w, &r, &e) != ROOF_OK || r.bytes_kv + r.bytes_act >= r.bytes_weights)
    return 0.0;
  for (int i = 0; i < 80 && hi - lo > 0.5; i++)
    {
      w.context = sqrt (lo * hi);
      if (roof_solve (hw, md, &w, &r, &e) != ROOF_OK)
        return 0.0;
      if (r.bytes_kv + r.bytes_act >= r.bytes_weights)
        hi = w.context;
      else
        lo = w.context;
    }
  return round (hi);
}

/* The effective ITL at every sample's context; the fit is the verify
 * step's with the drafter beside it. */
static void
collect_spec (const RoofChartInput *in, Context *c, CtxDev *d, const RoofHardwareParams *hw)
{
  RoofWorkload w = c->wl;
  RoofSpecResult s;

  d->spec = TRUE;
  d->n_fit = 0;
  d->s_itl = g_new (double, N_SAMPLES);
  d->xy_spec = g_new (double, 2 * N_SAMPLES);
  for (int k = 0; k < N_SAMPLES && d->spec; k++)
    {
      w.context = round (d->s[k]); /* as roof_sweep rounds it */
      d->spec = roof_chart_spec_step (in, hw, &w, &s);
      d->s_itl[k] = s.itl;
      c->tmax = MAX (c->tmax, s.itl);
      if (s.fits && d->n_fit == k)
        d->n_fit = k + 1;
    }
  if (!d->spec)
    for (int k = 0; k < N_SAMPLES; k++)
      if (d->r[k].fits && d->n_fit == k)
        d->n_fit = k + 1;
}

static const RoofError *
collect_device (const RoofChartInput *in, gpointer data, int i)
{
  Context *c = data;
  CtxDev *d = &c->dev[i];
  const RoofHardwareParams *hw = &in->devices[i].hw;
  double s_lo = c->s_lo, s_hi = c->s_hi;

  if (roof_sweep (hw, in->model, &c->wl, ROOF_SWEEP_CONTEXT, s_lo, s_hi, N_SAMPLES, TRUE, d->r,
                  &d->err) != ROOF_OK)
    return &d->err;
  d->ok = TRUE;
  c->n_ok++;
  if (c->first_ok < 0)
    c->first_ok = i;
  for (int k = 0; k < N_SAMPLES; k++)
    {
      d->s[k] = s_lo * pow (s_hi / s_lo, (double) k / (N_SAMPLES - 1));
      split (&d->r[k], &d->t_w[k], &d->t_kv[k]);
      c->tmax = MAX (c->tmax, MAX (d->r[k].t_step, d->t_w[k] + d->t_kv[k]));
      if (d->r[k].fits && d->n_fit == k)
        d->n_fit = k + 1;
      if (d->r[k].t_step > (d->t_w[k] + d->t_kv[k]) * 1.02)
        d->compute_matters = TRUE;
    }
  if (in->has_spec)
    collect_spec (in, c, d, hw);
  return NULL;
}

static gboolean
collect (const RoofChartInput *in, gpointer data, GError **error)
{
  Context *c = data;

  c->wl = in->workload;
  c->wl.phase = ROOF_PHASE_DECODE;
  c->s_lo = roof_input_context_lo (in), c->s_hi = roof_input_context_hi (in);
  c->first_ok = -1;
  if (in->model->kind != ROOF_MODEL_TRANSFORMER)
    {
      c->no_kv = TRUE; /* not an error: the chart explains */
      return TRUE;
    }
  if (!roof_chart_collect_devices (in, c, collect_device, error))
    return FALSE;
  c->s_cross = kv_crossover (&in->devices[c->first_ok].hw, in->model, &c->wl, c->s_lo, c->s_hi);
  return TRUE;
}

static char *
heading (const RoofChartInput *in)
{
  char num[48];
  roof_format_number (in->workload.batch, 6, num, sizeof num);
  return g_strdup_printf (_("Decode latency vs context length · %s at batch %s"),
                          roof_input_model_name (in, _("model")), num);
}

/* A frame with the explanation in the plot area. */
static void
annotate_no_kv (RoofRender *R, const Context *c)
{
  RoofFrame *f = &R->frame;

  roof_render_assumptions (R, TRUE, FALSE);
  f->x_log = TRUE;
  f->x0 = c->s_lo, f->x1 = c->s_hi, f->y0 = 0, f->y1 = 1;
  f->x_unit = f->y_unit = 1.0;
  f->no_y_ticks = TRUE;
  f->x_title = _("Context length S (tokens already in the KV cache)");
  f->y_title = _("Time per decode step (ms)");
  R->plot_message = _("This model has no KV cache (it is given as FLOP and bytes per sample), so "
                      "its latency does not depend on a context length.");
}

static void
legend (RoofRender *R, const Context *c)
{
  const RoofTheme *th = R->th;
  RoofLegendItem *it;
  gboolean any_unfit = FALSE;

  roof_legend_add_devices (R, ROOF_LEGEND_LINE, NULL);
  it = roof_legend_add (R, ROOF_LEGEND_SWATCH, _("weight streaming time"), -1,
                        roof_color_alpha (th->muted, 0.35));
  it = roof_legend_add (R, ROOF_LEGEND_SWATCH, _("KV-cache streaming time"), -1,
                        roof_color_alpha (th->muted, 0.7));
  if (R->in->has_spec)
    {
      it = roof_legend_add (R, ROOF_LEGEND_LINE, _("thin: without speculative decoding"), -1,
                            roof_color_alpha (th->muted, 0.5));
      it->width = th->thin_width;
    }
  for (int i = 0; i < R->in->n_devices; i++)
    any_unfit |= c->dev[i].ok && c->dev[i].n_fit < N_SAMPLES;
  if (any_unfit)
    {
      it = roof_legend_add (R, ROOF_LEGEND_MARKER, _("memory full at this context"), -1,
                            th->muted);
      it->marker = ROOF_MARKER_CROSS;
      it = roof_legend_add (R, ROOF_LEGEND_LINE, _("dotted: does not fit in memory"), -1,
                            th->muted);
      it->dash = ROOF_PREC_INT8;
    }
}

static void
annotate (RoofRender *R, gpointer data)
{
  Context *c = data;
  const RoofChartInput *in = R->in;
  RoofFrame *f = &R->frame;
  char num[48];

  if (c->no_kv)
    {
      annotate_no_kv (R, c);
      return;
    }
  roof_render_assumptions (R, TRUE, FALSE);
  for (int i = 0; i < in->n_devices; i++)
    if (roof_render_visible (R, i) && !c->dev[i].ok)
      roof_render_note_failure (R, i, &c->dev[i].err);
  roof_render_note (R,
                    _("fills: weight streaming (light) and KV-cache streaming (darker); the line "
                       "is the ITL (the larger of compute and memory time, plus fixed costs)"));
  roof_render_spec_note (R, _("the fills and the thin line are the plain step's"));
  if (c->s_cross <= 0.0)
    {
      roof_format_count (c->s_hi, num, sizeof num);
      roof_render_note (R, _("KV traffic stays below the weight traffic up to %s tokens"), num);
    }

  double y0, y1;
  roof_scale_nice_bounds (FALSE, 0.0, c->tmax * 1.08, &y0, &y1);
  f->x_log = TRUE;
  f->y_log = FALSE;
  f->x0 = c->s_lo, f->x1 = c->s_hi;
  if (in->view_x1 > in->view_x0 && in->view_x0 > 0.0)
    f->x0 = in->view_x0, f->x1 = in->view_x1;
  f->y0 = 0.0, f->y1 = y1;
  if (in->view_y1 > in->view_y0)
    f->y0 = in->view_y0, f->y1 = in->view_y1;
  f->x_unit = 1.0;
  f->y_unit = 1e-3;
  f->x_title = _("Context length S (tokens already in the KV cache)");
  f->y_title = _("Time per decode step, ITL (ms)");
  legend (R, c);
  roof_render_operating_line (R, ROOF_OPERATING_CONTEXT, in->workload.context, c->s_lo, c->s_hi);
}

static void
obstacles (RoofRender *R, gpointer data)
{
  Context *c = data;
  RoofFrame *f = &R->frame;

  for (int i = 0; i < R->in->n_devices; i++)
    {
      CtxDev *d = &c->dev[i];
      if (!d->ok)
        continue;
      for (int k = 0; k < N_SAMPLES; k++)
        {
          double x = roof_frame_x (R, d->s[k]);
          d->xy_w[2 * k] = d->xy_tot[2 * k] = d->xy_step[2 * k] = x;
          d->xy_w[2 * k + 1] = roof_frame_y (R, d->t_w[k]);
          d->xy_tot[2 * k + 1] = roof_frame_y (R, d->t_w[k] + d->t_kv[k]);
          d->xy_step[2 * k + 1] = roof_frame_y (R, d->r[k].t_step);
          if (d->spec)
            {
              d->xy_spec[2 * k] = x;
              d->xy_spec[2 * k + 1] = roof_frame_y (R, d->s_itl[k]);
            }
        }
      roof_label_placer_add_polyline (R->placer, d->xy_step, N_SAMPLES, i);
      if (d->spec)
        roof_label_placer_add_polyline (R->placer, d->xy_spec, N_SAMPLES, i);
      roof_label_placer_add_polyline (R->placer, d->xy_w, N_SAMPLES, OWNER_WEIGHTS + i);
    }
  if (c->s_cross > 0.0)
    {
      double x = roof_frame_x (R, c->s_cross);
      roof_label_placer_add_segment (R->placer, x, f->plot.y, x, f->plot.y + f->plot.height,
                                     OWNER_CROSSOVER);
    }
}

/* The weights and KV bands of the devices, the slowest at the back;
 * `order` lists the drawn devices so. */
static int
draw_bands (RoofRender *R, const Context *c, int *order)
{
  cairo_t *cr = R->cr;
  const CtxDev *dev = c->dev;
  double base_y = roof_frame_y (R, 0.0);
  int n_order = 0;

  for (int i = 0; i < R->in->n_devices; i++)
    if (dev[i].ok)
      order[n_order++] = i;
  for (int a = 1; a < n_order; a++)
    for (int b = a; b > 0 && dev[order[b]].r[N_SAMPLES - 1].t_step
                               > dev[order[b - 1]].r[N_SAMPLES - 1].t_step;
         b--)
      {
        int t = order[b];
        order[b] = order[b - 1];
        order[b - 1] = t;
      }
  double fill_a = n_order > 3 ? 0.05 : n_order > 1 ? 0.08 : 0.14;
  for (int o = 0; o < n_order; o++)
    {
      const CtxDev *d = &dev[order[o]];
      RoofColor col = roof_render_device_color (R, order[o]);
      /* weights band */
      cairo_move_to (cr, d->xy_w[0], base_y);
      for (int k = 0; k < N_SAMPLES; k++)
        cairo_line_to (cr, d->xy_w[2 * k], d->xy_w[2 * k + 1]);
      cairo_line_to (cr, d->xy_w[2 * (N_SAMPLES - 1)], base_y);
      cairo_close_path (cr);
      roof_color_set (cr, roof_color_alpha (col, fill_a));
      cairo_fill (cr);
      /* KV band on top */
      roof_render_polyline (R, d->xy_w, N_SAMPLES);
      for (int k = N_SAMPLES - 1; k >= 0; k--)
        cairo_line_to (cr, d->xy_tot[2 * k], d->xy_tot[2 * k + 1]);
      cairo_close_path (cr);
      roof_color_set (cr, roof_color_alpha (col, fill_a * 2.0));
      cairo_fill (cr);
    }
  return n_order;
}

/* The weights line and the ITL: solid while it fits, dotted after, with
 * where memory runs out, hit items and the device's name. */
static void
draw_lines (RoofRender *R, const CtxDev *d, int i, GArray *labels)
{
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;
  RoofColor col = roof_render_device_color (R, i);
  const char *name = roof_render_device_name (R, i);
  char buf[200], num[48];
  int nf = d->n_fit;
  const double *line = d->spec ? d->xy_spec : d->xy_step;

  cairo_set_line_width (cr, th->thin_width);
  roof_color_set (cr, roof_color_alpha (col, 0.7));
  roof_render_polyline (R, d->xy_w, N_SAMPLES);
  cairo_stroke (cr);
  if (d->spec)
    {
      roof_color_set (cr, roof_color_alpha (col, 0.5));
      roof_render_polyline (R, d->xy_step, N_SAMPLES);
      cairo_stroke (cr);
    }
  cairo_set_line_width (cr, th->line_width);
  roof_color_set (cr, col);
  if (nf >= 2)
    {
      roof_render_polyline (R, line, nf);
      cairo_stroke (cr);
    }
  if (nf < N_SAMPLES)
    {
      int a = MAX (nf - 1, 0);
      roof_set_precision_dash (cr, ROOF_PREC_INT8, th->line_width);
      roof_render_polyline (R, line + 2 * a, N_SAMPLES - a);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      if (nf > 0)
        {
          /* memory full between the last fitting sample and the next */
          double x = line[2 * (nf - 1)], y = line[2 * (nf - 1) + 1];
          roof_render_marker (R, ROOF_MARKER_CROSS, x, y, th->marker_radius + 1, col, col, FALSE);
          roof_label_placer_add_marker (R->placer, x, y, th->marker_radius + 1);
          roof_format_si (d->s[nf - 1], 3, num, sizeof num);
          g_snprintf (buf, sizeof buf, _("memory full beyond S ≈ %s"), num);
          roof_render_label_point (R, labels, buf, ROOF_FONT_LABEL, col, x, y,
                                   th->marker_radius + 1, PRIORITY_MEMORY_FULL, i, TRUE);
        }
    }
  for (int k = 0; k < N_SAMPLES; k += 6)
    {
      char s[24], t[24], w[24], kv[24];
      roof_format_count (round (d->s[k]), s, sizeof s);
      roof_format_time (d->r[k].t_step, t, sizeof t);
      roof_format_time (d->t_w[k], w, sizeof w);
      roof_format_time (d->t_kv[k], kv, sizeof kv);
      if (d->spec)
        {
          char e[24];
          roof_format_time (d->s_itl[k], e, sizeof e);
          roof_render_hit (R, line[2 * k], line[2 * k + 1], 8.0, i,
                           _("%s · context %s\neffective ITL %s with speculative decoding\n"
                             "the plain step %s = weights %s + KV %s%s"),
                           roof_render_device_full_name (R, i), s, e, t, w, kv,
                           k < nf ? "" : _(" · does not fit"));
          continue;
        }
      roof_render_hit (R, line[2 * k], line[2 * k + 1], 8.0, i,
                       _("%s · context %s\nITL %s = weights %s + KV %s%s\n%s%s"), roof_render_device_full_name (R, i), s, t, w,
                       kv, d->compute_matters ? _(" (or compute, if larger)") : "",
                       roof_bound_title (d->r[k].bound), d->r[k].fits ? "" : _(" · does not fit"));
    }
  if (nf == 0)
    g_snprintf (buf, sizeof buf, _("%s (needs ≥ %d devices)"), name, d->r[0].min_devices);
  else
    g_strlcpy (buf, name, sizeof buf);
  roof_render_label_line (R, labels, buf, ROOF_FONT_LABEL_BOLD, col,
                          line + 2 * (N_SAMPLES / 2), N_SAMPLES / 2, 0.5, PRIORITY_NAME, i);
}

/* Where KV traffic overtakes the weights': a dashed vertical line. */
static void
draw_crossover (RoofRender *R, double s_cross, GArray *labels)
{
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;
  RoofRect *pa = &R->frame.plot;
  double x = round (roof_frame_x (R, s_cross)) + 0.5;
  double dash[2] = { 5.0, 4.0 };
  char buf[200], num[48];

  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_width (cr, th->thin_width * 1.2);
  roof_color_set (cr, th->foreground);
  cairo_move_to (cr, x, pa->y);
  cairo_line_to (cr, x, pa->y + pa->height);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  roof_format_si (s_cross, 3, num, sizeof num);
  g_snprintf (buf, sizeof buf, _("KV traffic = weight traffic at S ≈ %s"), num);
  double xy[4] = { x, pa->y + pa->height, x, pa->y };
  roof_render_label_line (R, labels, buf, ROOF_FONT_LABEL_BOLD, th->foreground, xy, 2, 0.75,
                          PRIORITY_CROSSOVER, OWNER_CROSSOVER);
  roof_render_hit (R, x, pa->y + 0.5 * pa->height, 6.0, -1,
                   _("from a context of %s tokens the KV cache moves more bytes per step than "
                      "the weights"),
                   num);
}

static void
draw_data (RoofRender *R, gpointer data, GArray *labels)
{
  Context *c = data;
  int order[ROOF_PLOT_MAX_DEVICES];

  if (c->no_kv)
    return;
  cairo_set_line_join (R->cr, CAIRO_LINE_JOIN_ROUND);
  int n_order = draw_bands (R, c, order);
  for (int o = 0; o < n_order; o++)
    draw_lines (R, &c->dev[order[o]], order[o], labels);
  if (c->s_cross > 0.0)
    draw_crossover (R, c->s_cross, labels);
}

static void
describe (RoofRender *R, gpointer data)
{
  Context *c = data;
  const RoofChartInput *in = R->in;
  GString *s = R->desc;
  char buf[200], num[48], num2[48];

  if (c->no_kv)
    {
      g_string_append_printf (s,
                              _("%s has no KV cache: its latency does not depend on the "
                                 "context length."),
                              roof_input_model_name (in, _("The model")));
      return;
    }
  roof_format_number (c->wl.batch, 6, num2, sizeof num2);
  g_string_append_printf (s, _("Decode latency of %s at batch %s from %s to %s tokens of context."),
                          roof_input_model_name (in, _("the model")), num2,
                          (roof_format_count (c->s_lo, num, sizeof num), num),
                          (roof_format_count (c->s_hi, buf, sizeof buf), buf));
  if (c->s_cross > 0.0)
    {
      roof_format_count (c->s_cross, num, sizeof num);
      g_string_append_printf (s, _(" The KV cache moves more bytes than the weights from %s tokens."),
                              num);
    }
  else
    g_string_append (s, _(" The KV cache stays below the weights over this range."));
  for (int i = 0; i < in->n_devices; i++)
    if (c->dev[i].ok)
      {
        roof_format_time (c->dev[i].r[0].t_step, num, sizeof num);
        roof_format_time (c->dev[i].r[N_SAMPLES - 1].t_step, num2, sizeof num2);
        g_string_append_printf (s, _(" %s: ITL from %s to %s%s."), roof_render_device_name (R, i),
                                num, num2,
                                c->dev[i].n_fit < N_SAMPLES ? _(" (not all contexts fit)") : "");
      }
}

static void
clear (gpointer data)
{
  Context *c = data;

  for (int i = 0; i < ROOF_PLOT_MAX_DEVICES; i++)
    {
      g_clear_pointer (&c->dev[i].s_itl, g_free);
      g_clear_pointer (&c->dev[i].xy_spec, g_free);
    }
}

const RoofChartClass roof_chart_context_class = {
  .title = N_("Latency vs context length"),
  .data_size = sizeof (Context),
  .needs_devices = TRUE,
  .heading = heading,
  .collect = collect,
  .annotate = annotate,
  .obstacles = obstacles,
  .draw_data = draw_data,
  .describe = describe,
  .clear = clear,
};
