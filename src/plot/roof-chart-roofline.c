/* roof-chart-roofline.c — the roofline (log-log): roofs, ceilings, workloads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"
#include "roof-chart-measured.h"

#define MAX_PTS 48

/* Label priorities, the highest placed first (see roof-label-placer.h for
 * the lines each level may cross). */
enum
{
  PRIORITY_OPERATOR = 10,
  PRIORITY_CACHE_ROOF = 20,
  PRIORITY_DERATED_ROOF = 25,
  PRIORITY_OTHER_CEILING = 35, /* a precision other than the workload's */
  PRIORITY_OTHER_RIDGE = 40,
  PRIORITY_CROWDED_WARNING = 44, /* "needs ≥ n devices" with more than three shown */
  PRIORITY_BATCH_MAX = 45,       /* "B=… max", the largest batch that fits */
  PRIORITY_PROMPT = 48,          /* one less every other point */
  PRIORITY_BATCH = 50,           /* one less every other point */
  PRIORITY_END_PROMPT = 54,      /* the first and last prompt lengths */
  PRIORITY_FIRST_BATCH = 56,
  PRIORITY_BALANCE = 60,
  PRIORITY_CEILING = 62,
  PRIORITY_MEMORY_ROOF = 70,
  PRIORITY_RIDGE = 80,
  PRIORITY_REGION = 90, /* one less for "compute-bound" */
  PRIORITY_WARNING = 100,
};

/* Owner of a device's decode path: its labels may sit on it. */
#define OWNER_PATH 100

typedef struct
{
  gboolean ok;
  RoofError err;
  RoofResult base; /* the workload as given (decode) */
  double max_fit;  /* largest batch that fits, 0 = not even 1 */
  int n_dec;
  double dec_b[MAX_PTS];
  RoofResult dec[MAX_PTS];
  int n_pre;
  double pre_s[MAX_PTS];
  RoofResult pre[MAX_PTS];
  gboolean has_bal;
  gboolean bal_beyond_fit; /* the balance batch does not fit in memory */
  RoofBalance bal;
  RoofResult bal_r;
  gboolean has_spec; RoofSpecResult spec; /* speculative decoding: the verify step */
  /* pixel positions */
  double dec_xy[2 * MAX_PTS];
  double pre_xy[2 * MAX_PTS];
} DevData;

typedef struct
{
  const RoofChartInput *in;
  RoofWorkload wl;
  guint ceilings; /* bit per precision */
  double n;       /* devices per system */
  DevData dev[ROOF_PLOT_MAX_DEVICES];
  gboolean any_ok;
  gboolean has_ops;
  RoofBreakdown ops;
  int ops_device;
  gboolean any_cache, any_derated;
  int n_ok; /* devices drawn */
  int focus;  /* the device whose workload points are labelled: the first drawn */
  gboolean roomy; /* an export's size: prompt labels too */
  /* layout */
  double x0, x1, y0, y1;
  double xr0, xr1; /* the smallest and largest ridge, in pixels */
} Roofline;

static double
top_ceiling (const Roofline *c, const RoofHardwareParams *hw)
{
  double top = 0.0;
  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    if ((c->ceilings & (1u << p)) && hw->peak_flops[p] > 0.0)
      top = MAX (top, hw->peak_flops[p]);
  return top * c->n;
}

/* The pixels of a bandwidth roof `bw`, from a tenth of the first intensity
 * up to where it meets the ceiling `top`. */
static void
roof_segment (RoofRender *R, const Roofline *c, double bw, double top, double xy[4])
{
  xy[0] = roof_frame_x (R, c->x0 / 10.0);
  xy[1] = roof_frame_y (R, bw * c->x0 / 10.0);
  xy[2] = roof_frame_x (R, top / bw);
  xy[3] = roof_frame_y (R, top);
}

static void
collect_devices (Roofline *c)
{
  const RoofChartInput *in = c->in;
  double b_lo = roof_input_batch_lo (in), b_hi = roof_input_batch_hi (in);
  double s_lo = roof_input_prompt_lo (in), s_hi = roof_input_prompt_hi (in);

  for (int i = 0; i < in->n_devices; i++)
    {
      DevData *d = &c->dev[i];
      const RoofHardwareParams *hw = &in->devices[i].hw;
      RoofWorkload w = c->wl;

      memset (d, 0, sizeof *d);
      if (!roof_input_visible (in, i))
        continue;
      if (roof_solve (hw, in->model, &w, &d->base, &d->err) != ROOF_OK)
        continue;
      d->ok = TRUE;
      c->any_ok = TRUE;
      d->max_fit = roof_max_batch_that_fits (hw, in->model, &w);
      d->has_spec = roof_chart_spec_step (in, hw, &w, &d->spec);

      /* decode over 1, 2, 4 … up to the largest batch that fits (then that
       * batch itself); a device that never fits is drawn over the whole range */
      double stop = d->max_fit >= 1.0 ? MIN (d->max_fit, b_hi) : b_hi;
      for (double b = b_lo; b <= stop * (1 + 1e-12) && d->n_dec < MAX_PTS - 1; b *= 2.0)
        {
          w.batch = b;
          if (roof_solve (hw, in->model, &w, &d->dec[d->n_dec], &d->err) == ROOF_OK)
            d->dec_b[d->n_dec++] = b;
        }
      if (d->max_fit >= 1.0 && d->n_dec > 0 && d->dec_b[d->n_dec - 1] < stop)
        {
          w.batch = stop;
          if (roof_solve (hw, in->model, &w, &d->dec[d->n_dec], &d->err) == ROOF_OK)
            d->dec_b[d->n_dec++] = stop;
        }

      /* prefill over prompt lengths */
      if (in->model->kind == ROOF_MODEL_TRANSFORMER)
        {
          RoofWorkload p = c->wl;
          p.phase = ROOF_PHASE_PREFILL;
          for (double s = s_lo; s <= s_hi * (1 + 1e-12) && d->n_pre < MAX_PTS; s *= 2.0)
            {
              p.prompt = s;
              if (roof_solve (hw, in->model, &p, &d->pre[d->n_pre], &d->err) == ROOF_OK)
                d->pre_s[d->n_pre++] = s;
            }
        }

      RoofError e;
      if (roof_balance_batch (hw, in->model, &c->wl, &d->bal, &e) == ROOF_OK && !d->bal.never
          && d->max_fit >= 1.0 && d->bal.batch > d->max_fit)
        d->bal_beyond_fit = TRUE;
      else if (!d->bal.never && d->bal.batch >= b_lo && d->bal.batch <= b_hi)
        {
          w = c->wl;
          w.batch = d->bal.batch;
          d->has_bal = roof_solve (hw, in->model, &w, &d->bal_r, &e) == ROOF_OK;
        }
      else if (d->bal.never)
        d->has_bal = FALSE;

      for (int k = 0; k < hw->n_caches; k++)
        if (hw->caches[k].bandwidth > 0.0)
          c->any_cache = TRUE;
      if (roof_hardware_derated (hw))
        c->any_derated = TRUE;
    }

  if (c->in->show_operators)
    for (int i = 0; i < in->n_devices; i++)
      if (c->dev[i].ok)
        {
          RoofError e;
          RoofWorkload w = c->wl;
          c->has_ops = roof_breakdown (&in->devices[i].hw, in->model, &w, &c->ops, &e) == ROOF_OK;
          c->ops_device = i;
          break;
        }
}

static void
ranges (Roofline *c, double *x0, double *x1, double *y0, double *y1)
{
  double xmin = G_MAXDOUBLE, xmax = 0.0, ymin = G_MAXDOUBLE, ymax = 0.0;
  const RoofChartInput *in = c->in;

  for (int i = 0; i < in->n_devices; i++)
    {
      DevData *d = &c->dev[i];
      const RoofHardwareParams *hw = &in->devices[i].hw;
      if (!d->ok)
        continue;
      for (int p = 0; p < ROOF_PREC_COUNT; p++)
        if ((c->ceilings & (1u << p)) && hw->peak_flops[p] > 0.0)
          {
            double r = roof_hardware_ridge (hw, p);
            xmin = MIN (xmin, r);
            xmax = MAX (xmax, r);
            ymax = MAX (ymax, hw->peak_flops[p] * c->n);
            ymin = MIN (ymin, hw->peak_flops[p] * c->n);
          }
      for (int k = 0; k < d->n_dec; k++)
        {
          xmin = MIN (xmin, d->dec[k].intensity);
          xmax = MAX (xmax, d->dec[k].intensity);
          ymin = MIN (ymin, d->dec[k].attained_flops);
        }
      xmax = MAX (xmax, d->has_spec ? d->spec.verify.intensity : 0.0);
      for (int k = 0; k < d->n_pre; k++)
        {
          xmin = MIN (xmin, d->pre[k].intensity);
          xmax = MAX (xmax, d->pre[k].intensity);
          ymin = MIN (ymin, d->pre[k].attained_flops);
        }
    }
  if (c->has_ops)
    for (int k = 0; k < c->ops.n_rows; k++)
      {
        const RoofOpRow *r = &c->ops.rows[k];
        if (r->intensity > 0.0 && r->time > 0.0 && r->flop > 0.0)
          {
            xmin = MIN (xmin, r->intensity);
            xmax = MAX (xmax, r->intensity);
            ymin = MIN (ymin, r->flop / r->time);
          }
      }
  if (!(xmax > 0.0))
    xmin = 0.1, xmax = 1000.0, ymin = 1e12, ymax = 1e15;
  /* room for the roof to the left of the first point and past the ridge */
  roof_scale_nice_bounds (TRUE, xmin / 2.0, xmax * 4.0, x0, x1);
  /* y: down to a decade (room for the roofs' labels under the first
   * points), up to the top ceiling with a margin for its labels, not out
   * to the next decade */
  roof_scale_nice_bounds (TRUE, ymin / 1.5, ymax * 1.8, y0, y1);
  *y1 = ymax * 1.8;
  if (in->view_x1 > in->view_x0 && in->view_x0 > 0.0)
    *x0 = in->view_x0, *x1 = in->view_x1;
  if (in->view_y1 > in->view_y0 && in->view_y0 > 0.0)
    *y0 = in->view_y0, *y1 = in->view_y1;
}

/* A workload point: `what` is a format of one string, `value` with `digits`. */
static void
add_tooltip (RoofRender *R, int dev, const RoofResult *r, const char *what, double value,
             int digits, double x, double y)
{
  char perf[32], itl[32], tps[32], fp[32], cap[32], inten[32], mfu[16], mbu[16], need[48] = "";
  char num[32], title[96];

  if (R->in->no_tooltips)
    {
      roof_render_hit (R, x, y, R->th->marker_radius + 4.0, dev, "%s", "");
      return;
    }
  roof_format_number (value, digits, num, sizeof num);
  g_snprintf (title, sizeof title, what, num);
  roof_format_unit (r->attained_flops, "FLOP/s", perf, sizeof perf);
  roof_format_time (r->t_step, itl, sizeof itl);
  roof_format_si (r->tokens_per_s, 3, tps, sizeof tps);
  roof_format_unit (r->footprint, "B", fp, sizeof fp);
  roof_format_unit (r->capacity, "B", cap, sizeof cap);
  roof_format_number (r->intensity, 4, inten, sizeof inten);
  roof_format_number (100.0 * r->mfu, 3, mfu, sizeof mfu);
  roof_format_number (100.0 * r->mbu, 3, mbu, sizeof mbu);
  if (!r->fits)
    g_snprintf (need, sizeof need, _(" (needs ≥ %d devices)"), r->min_devices);
  roof_render_hit (R, x, y, R->th->marker_radius + 4.0, dev,
                   _("%s · %s\nintensity %s FLOP/byte\n%s attained (MFU %s %%, MBU %s %%)\n"
                      "%s %s · %s tokens/s\n%s\n%s%s of %s usable%s"),
                   roof_render_device_full_name (R, dev), title, inten, perf, mfu, mbu,
                   r->phase == ROOF_PHASE_DECODE ? _("ITL") : _("TTFT"), itl, tps,
                   roof_bound_title (r->bound), r->fits ? _("fits: ") : _("does not fit: "), fp,
                   cap, need);
}

static gboolean
collect (const RoofChartInput *in, gpointer data, GError **error)
{
  Roofline *c = data;

  c->in = in;
  c->wl = in->workload;
  c->wl.phase = ROOF_PHASE_DECODE;
  c->n = in->workload.devices >= 1.0 ? in->workload.devices : 1.0;
  c->ceilings = in->ceilings ? in->ceilings : (1u << in->workload.compute);
  collect_devices (c);
  c->focus = -1;
  for (int i = 0; i < in->n_devices; i++)
    {
      c->n_ok += c->dev[i].ok;
      /* the first that holds the model, else the first drawn */
      if (c->dev[i].ok
          && (c->focus < 0 || (c->dev[i].max_fit >= 1.0 && c->dev[c->focus].max_fit < 1.0)))
        c->focus = i;
    }
  if (!c->any_ok)
    {
      int i = roof_input_first_visible (in);
      return roof_chart_device_error (in, i, &c->dev[i].err, error);
    }
  return TRUE;
}

/* Devices that never turn compute-bound, and those that would beyond what fits. */
static void
note_balance (RoofRender *R, const Roofline *c)
{
  const RoofChartInput *in = R->in;
  GString *never = g_string_new (NULL);
  int n_never = 0, n_ok_dev = 0;
  char num[48];

  for (int i = 0; i < in->n_devices; i++)
    if (c->dev[i].ok)
      {
        n_ok_dev++;
        if (c->dev[i].bal.never)
          {
            n_never++;
            g_string_append_printf (never, "%s%s", never->len ? ", " : "",
                                    roof_render_device_name (R, i));
          }
      }
  if (n_never > 1 && n_never == n_ok_dev)
    g_string_assign (never, _("any device"));
  if (never->len)
    {
      roof_format_count (c->wl.context, num, sizeof num);
      roof_render_note (
          R,
          _("decode never turns compute-bound at context %s on %s: each sequence's "
             "KV-cache traffic outweighs its compute, however large the batch"),
          num, never->str);
    }
  g_string_free (never, TRUE);
  for (int i = 0; i < in->n_devices; i++)
    if (c->dev[i].ok && c->dev[i].bal_beyond_fit)
      {
        char a[32], b[32];
        roof_format_number (c->dev[i].bal.batch, 3, a, sizeof a);
        roof_format_count (c->dev[i].max_fit, b, sizeof b);
        roof_render_note (R, _("%s would turn compute-bound at B ≈ %s, beyond the %s that fit"),
                          roof_render_device_name (R, i), a, b);
      }
}

/* The style entries after the devices and ceilings. */
static void
legend_styles (RoofRender *R, const Roofline *c)
{
  const RoofChartInput *in = R->in;
  double blo = roof_input_batch_lo (in), bhi = roof_input_batch_hi (in);
  char buf[160], a[16], b[16];

  roof_format_count (blo, a, sizeof a);
  roof_format_count (bhi, b, sizeof b);
  g_snprintf (buf, sizeof buf, _("decode, batch B = %s…%s"), a, b);
  RoofLegendItem *it = roof_legend_add (R, ROOF_LEGEND_LINE, buf, -1, R->th->muted);
  it->width = 1.2;
  it->kind = ROOF_LEGEND_MARKER;
  it->marker = ROOF_MARKER_CIRCLE;
  if (in->model->kind == ROOF_MODEL_TRANSFORMER)
    {
      roof_format_count (roof_input_prompt_lo (in), a, sizeof a);
      roof_format_count (roof_input_prompt_hi (in), b, sizeof b);
      g_snprintf (buf, sizeof buf, _("prefill, prompt S = %s…%s"), a, b);
      it = roof_legend_add (R, ROOF_LEGEND_MARKER, buf, -1, R->th->muted);
      it->marker = ROOF_MARKER_SQUARE;
    }
  roof_format_count (in->workload.phase == ROOF_PHASE_DECODE ? in->workload.batch
                                                             : in->workload.prompt,
                     a, sizeof a);
  g_snprintf (buf, sizeof buf,
              in->workload.phase == ROOF_PHASE_DECODE ? _("current workload: batch %s")
                                                      : _("current workload: prompt %s"),
              a);
  roof_legend_add_operating_ring (R, buf);
  gboolean any_bal = FALSE, any_unfit = FALSE;
  for (int i = 0; i < in->n_devices; i++)
    {
      any_bal |= c->dev[i].has_bal;
      any_unfit |= c->dev[i].ok && c->dev[i].max_fit < 1.0;
      for (int k = 0; k < c->dev[i].n_pre; k++)
        any_unfit |= !c->dev[i].pre[k].fits;
    }
  if (any_unfit)
    {
      it = roof_legend_add (R, ROOF_LEGEND_MARKER, _("hollow: does not fit in memory"), -1,
                            R->th->muted);
      it->hollow = TRUE;
    }
  if (any_bal)
    {
      it = roof_legend_add (R, ROOF_LEGEND_MARKER, _("decode turns compute-bound"), -1,
                            R->th->muted);
      it->marker = ROOF_MARKER_DIAMOND;
    }
  if (c->has_ops)
    {
      g_snprintf (buf, sizeof buf, _("operators of one layer (%s)"),
                  roof_render_device_name (R, c->ops_device));
      it = roof_legend_add (R, ROOF_LEGEND_MARKER, buf, -1, R->th->muted);
      it->marker = ROOF_MARKER_TRIANGLE;
    }
  if (c->any_cache)
    {
      it = roof_legend_add (R, ROOF_LEGEND_LINE, _("cache bandwidth roof"), -1, R->th->muted);
      it->dash = ROOF_PREC_INT8;
      it->width = R->th->thin_width;
    }
  if (c->any_derated)
    {
      it = roof_legend_add (R, ROOF_LEGEND_LINE, _("derated roof (η below 1)"), -1,
                            roof_color_alpha (R->th->muted, 0.8));
      it->dash = ROOF_PREC_FP8;
      it->width = R->th->thin_width;
    }
}

static void
legend (RoofRender *R, const Roofline *c)
{
  const RoofChartInput *in = R->in;
  char buf[160];

  for (int i = 0; i < in->n_devices; i++)
    {
      RoofLegendItem *it = roof_legend_add (R, ROOF_LEGEND_LINE, roof_render_device_name (R, i), i,
                                            roof_render_device_color (R, i));
      if (roof_render_visible (R, i) && c->dev[i].ok && c->dev[i].max_fit < 1.0)
        {
          g_free (it->text);
          it->text = g_strdup_printf (_("%s (≥ %d devices)"), roof_render_device_name (R, i),
                                      c->dev[i].base.min_devices);
        }
    }
  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    if (c->ceilings & (1u << p))
      {
        g_snprintf (buf, sizeof buf, _("%s compute ceiling"), roof_precision_name (p));
        RoofLegendItem *it = roof_legend_add (R, ROOF_LEGEND_LINE, buf, -1, R->th->muted);
        it->dash = p;
        it->width = R->th->line_width * 0.75;
      }
  legend_styles (R, c);
}

static void
annotate (RoofRender *R, gpointer data)
{
  Roofline *c = data;
  const RoofChartInput *in = R->in;
  RoofFrame *f = &R->frame;
  char num[48];

  roof_render_assumptions (R, FALSE, TRUE);
  for (int i = 0; i < in->n_devices; i++)
    if (roof_render_visible (R, i) && !c->dev[i].ok)
      roof_render_note_failure (R, i, &c->dev[i].err);
  if (c->n > 1.0)
    {
      roof_format_number (c->n, 4, num, sizeof num);
      roof_render_note (R, _("roofs are for the whole system of %s devices"), num);
    }
  note_balance (R, c);

  ranges (c, &c->x0, &c->x1, &c->y0, &c->y1);
  f->x_log = f->y_log = TRUE;
  f->x0 = c->x0, f->x1 = c->x1, f->y0 = c->y0, f->y1 = c->y1;
  f->x_unit = 1.0;
  f->y_unit = c->y1 >= 1e13 ? 1e12 : c->y1 >= 1e10 ? 1e9 : 1.0;
  f->x_title = _("Arithmetic intensity (FLOP/byte)");
  f->y_title = f->y_unit == 1e12  ? _("Performance (TFLOP/s)")
               : f->y_unit == 1e9 ? _("Performance (GFLOP/s)")
                                  : _("Performance (FLOP/s)");

  legend (R, c);
  roof_render_spec_legend (R); /* the verify step */
  /* legend inside when a corner is free, else outside; below the ceilings
   * right of the ridges is usually empty */
  const int order[4] = { 2, 0, 1, 3 };
  memcpy (R->legend_corners, order, sizeof order);
}

/* Roofs, ceilings and workload points, whose pixel positions are kept. */
static void
obstacles (RoofRender *R, gpointer data)
{
  Roofline *c = data;
  const RoofChartInput *in = R->in;
  RoofFrame *f = &R->frame;
  RoofLabelPlacer *pl = R->placer;

  for (int i = 0; i < in->n_devices; i++)
    {
      DevData *d = &c->dev[i];
      const RoofHardwareParams *hw = &in->devices[i].hw;
      if (!d->ok)
        continue;
      double top = top_ceiling (c, hw), bw = hw->mem_bw * c->n;
      double xy[4];
      roof_segment (R, c, bw, top, xy);
      roof_label_placer_add_segment (pl, xy[0], xy[1], xy[2], xy[3], i);
      for (int p = 0; p < ROOF_PREC_COUNT; p++)
        if ((c->ceilings & (1u << p)) && hw->peak_flops[p] > 0.0)
          {
            double y = roof_frame_y (R, hw->peak_flops[p] * c->n);
            roof_label_placer_add_segment (pl, roof_frame_x (R, hw->peak_flops[p] / hw->mem_bw),
                                           y, f->plot.x + f->plot.width + 10, y, i);
          }
      for (int k = 0; k < d->n_dec; k++)
        {
          d->dec_xy[2 * k] = roof_frame_x (R, d->dec[k].intensity);
          d->dec_xy[2 * k + 1] = roof_frame_y (R, d->dec[k].attained_flops);
          roof_label_placer_add_marker (pl, d->dec_xy[2 * k], d->dec_xy[2 * k + 1],
                                        R->th->marker_radius);
        }
      roof_label_placer_add_polyline (pl, d->dec_xy, d->n_dec, OWNER_PATH + i);
      for (int k = 0; k < d->n_pre; k++)
        {
          d->pre_xy[2 * k] = roof_frame_x (R, d->pre[k].intensity);
          d->pre_xy[2 * k + 1] = roof_frame_y (R, d->pre[k].attained_flops);
          roof_label_placer_add_marker (pl, d->pre_xy[2 * k], d->pre_xy[2 * k + 1],
                                        R->th->marker_radius);
        }
    }
}

/* Memory-bound tint: left of every ridge (all devices) and between the
 * smallest and largest ridge (some devices) at the compute precision. */
static void
draw_regions (RoofRender *R, gpointer data)
{
  Roofline *c = data;
  cairo_t *cr = R->cr;
  RoofRect *pa = &R->frame.plot;
  double rmin = G_MAXDOUBLE, rmax = 0.0;

  for (int i = 0; i < R->in->n_devices; i++)
    if (c->dev[i].ok)
      {
        rmin = MIN (rmin, c->dev[i].base.ridge);
        rmax = MAX (rmax, c->dev[i].base.ridge);
      }
  cairo_save (cr);
  roof_frame_clip (R);
  c->xr0 = roof_frame_x (R, rmin), c->xr1 = roof_frame_x (R, rmax);
  roof_color_set (cr, R->th->region);
  cairo_rectangle (cr, pa->x, pa->y, CLAMP (c->xr0, pa->x, pa->x + pa->width) - pa->x,
                   pa->height);
  cairo_fill (cr);
  if (c->xr1 > c->xr0 + 0.5)
    {
      roof_color_set (cr, R->th->region_soft);
      cairo_rectangle (cr, c->xr0, pa->y, c->xr1 - c->xr0, pa->height);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

/* Cache roofs: thin dotted, up to the top ceiling. */
static void
draw_cache_roofs (RoofRender *R, const Roofline *c, int i, GArray *labels)
{
  const RoofTheme *th = R->th;
  const RoofChartInput *in = R->in;
  const RoofHardwareParams *hw = &in->devices[i].hw;
  RoofColor col = roof_render_device_color (R, i);
  double top = top_ceiling (c, hw);
  char buf[160];

  for (int k = 0; k < hw->n_caches; k++)
    {
      double cb = hw->caches[k].bandwidth * c->n;
      if (!(cb > 0.0))
        continue;
      double xy[4];
      roof_segment (R, c, cb, top, xy);
      roof_render_stroke (R, xy, 2, th->thin_width, ROOF_PREC_INT8, th->thin_width * 1.5,
                          roof_color_alpha (col, 0.85));
      if (roof_clip_segment (&R->frame.plot, &xy[0], &xy[1], &xy[2], &xy[3]))
        {
          char bwt[32];
          roof_format_unit (cb, "B/s", bwt, sizeof bwt);
          g_snprintf (buf, sizeof buf, "%s %s %s", roof_render_device_name (R, i),
                      in->devices[i].cache_names[k] ? in->devices[i].cache_names[k] : _("cache"),
                      bwt);
          roof_render_label_line (R, labels, buf, ROOF_FONT_LABEL, col, xy, 2, 0.5,
                                  PRIORITY_CACHE_ROOF, i);
        }
    }
}

/* The derated roof beneath the peak one. */
static void
draw_derated_roof (RoofRender *R, const Roofline *c, int i, GArray *labels)
{
  const RoofTheme *th = R->th;
  const RoofHardwareParams *hw = &R->in->devices[i].hw;
  RoofRect *pa = &R->frame.plot;
  RoofColor col = roof_render_device_color (R, i);
  double bw = hw->mem_bw * c->n;
  double em = roof_efficiency (hw->eff_memory);
  double ec = roof_efficiency (hw->eff_compute);
  char buf[160], a[16], b[16];

  if (!roof_hardware_derated (hw))
    return;
  double pc = hw->peak_flops[c->wl.compute] * c->n * ec, bd = bw * em;
  double xy[6];
  roof_segment (R, c, bd, pc, xy);
  xy[4] = pa->x + pa->width + 10, xy[5] = xy[3];
  roof_render_stroke (R, xy, 3, th->thin_width, ROOF_PREC_FP8, th->thin_width,
                      roof_color_alpha (col, 0.8));
  roof_format_number (em, 2, a, sizeof a);
  roof_format_number (ec, 2, b, sizeof b);
  g_snprintf (buf, sizeof buf, R->in->devices[i].calibrated ? _("%s: η_m %s, η_c %s")
                                                             : _("%s derated (η_m %s, η_c %s)"),
              roof_render_device_name (R, i), a, b);
  double seg[4] = { xy[2], xy[3], xy[4], xy[5] };
  if (roof_clip_segment (pa, &seg[0], &seg[1], &seg[2], &seg[3]))
    roof_render_label_line (R, labels, buf, ROOF_FONT_LABEL, col, seg, 2, 0.6,
                            PRIORITY_DERATED_ROOF, i);
}

/* The memory roof up to the highest ceiling. */
static void
draw_memory_roof (RoofRender *R, const Roofline *c, int i, GArray *labels)
{
  const RoofHardwareParams *hw = &R->in->devices[i].hw;
  RoofColor col = roof_render_device_color (R, i);
  double top = top_ceiling (c, hw), bw = hw->mem_bw * c->n;
  double xy[4];
  roof_segment (R, c, bw, top, xy);
  char buf[160], bwt[32];

  roof_render_stroke (R, xy, 2, R->th->line_width, ROOF_STROKE_SOLID, 0.0, col);
  if (roof_clip_segment (&R->frame.plot, &xy[0], &xy[1], &xy[2], &xy[3]))
    {
      roof_format_unit (bw, "B/s", bwt, sizeof bwt);
      g_snprintf (buf, sizeof buf, "%s %s", roof_render_device_name (R, i), bwt);
      roof_render_label_line (R, labels, buf, ROOF_FONT_LABEL, col, xy, 2, 0.35 + 0.1 * (i % 4),
                              PRIORITY_MEMORY_ROOF, i);
    }
}

/* The compute ceilings and their ridge points. */
static void
draw_ceilings (RoofRender *R, const Roofline *c, int i, GArray *labels)
{
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;
  const RoofHardwareParams *hw = &R->in->devices[i].hw;
  RoofRect *pa = &R->frame.plot;
  RoofColor col = roof_render_device_color (R, i);
  const char *name = roof_render_device_full_name (R, i); /* tooltips */
  double bw = hw->mem_bw * c->n;
  char buf[160], num[48];

  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    {
      if (!(c->ceilings & (1u << p)) || !(hw->peak_flops[p] > 0.0))
        continue;
      double pk = hw->peak_flops[p] * c->n, ridge = roof_hardware_ridge (hw, p);
      double y = roof_frame_y (R, pk), xs = roof_frame_x (R, ridge);
      double xy[4] = { xs, y, pa->x + pa->width + 10, y };
      roof_render_stroke (R, xy, 2, th->line_width * (p == (int) c->wl.compute ? 1.0 : 0.75), p,
                          th->line_width, col);
      cairo_set_dash (cr, NULL, 0, 0);
      gboolean main = p == (int) c->wl.compute;
      if (roof_clip_segment (pa, &xy[0], &xy[1], &xy[2], &xy[3]))
        {
          char pt[32];
          roof_format_unit (pk, "FLOP/s", pt, sizeof pt);
          g_snprintf (buf, sizeof buf, "%s %s", roof_precision_name (p), pt);
          roof_render_label_line (R, labels, buf, ROOF_FONT_LABEL, col, xy, 2, 0.9,
                                  main ? PRIORITY_CEILING
                                       : PRIORITY_OTHER_CEILING,
                                  i);
        }
      /* ridge point */
      double rx = xs, ry = y;
      roof_render_marker (R, ROOF_MARKER_CIRCLE, rx, ry, th->marker_radius * 0.9, col, col, TRUE);
      roof_format_number (ridge, 3, num, sizeof num);
      if (c->ceilings & ~(1u << p))
        g_snprintf (buf, sizeof buf, _("%s I* = %s FLOP/B"), roof_precision_name (p), num);
      else
        g_snprintf (buf, sizeof buf, _("I* = %s FLOP/B"), num);
      roof_render_label_point (R, labels, buf, main ? ROOF_FONT_LABEL_BOLD : ROOF_FONT_LABEL, col,
                               rx, ry, th->marker_radius,
                               main ? PRIORITY_RIDGE : PRIORITY_OTHER_RIDGE,
                               i, TRUE);
      {
        char pt[32], bwt[32];
        roof_format_unit (pk, "FLOP/s", pt, sizeof pt);
        roof_format_unit (bw, "B/s", bwt, sizeof bwt);
        roof_render_hit (R, rx, ry, th->marker_radius + 4, i,
                         _("%s · ridge point (%s)\nI* = Π / β = %s / %s = %s FLOP/byte\n"
                            "below it the device is memory-bound"),
                         name, roof_precision_name (p), pt, bwt, num);
      }
    }
}

/* The decode path, the prefill points, the balance point and "needs ≥ n". */
static void
draw_workload (RoofRender *R, const Roofline *c, int i, GArray *labels)
{
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;
  const DevData *d = &c->dev[i];
  RoofColor col = roof_render_device_color (R, i);
  const char *name = roof_render_device_name (R, i);
  char buf[160], num[48];

  if (d->n_dec > 0)
    {
      cairo_set_line_width (cr, MAX (1.2, th->line_width * 0.6));
      roof_color_set (cr, roof_color_alpha (col, 0.75));
      roof_render_polyline (R, d->dec_xy, d->n_dec);
      cairo_stroke (cr);
      for (int k = 0; k < d->n_dec; k++)
        {
          roof_render_marker (R, ROOF_MARKER_CIRCLE, d->dec_xy[2 * k], d->dec_xy[2 * k + 1],
                              th->marker_radius, col, col, !d->dec[k].fits);
          add_tooltip (R, i, &d->dec[k], _("decode, batch %s"), d->dec_b[k], 6, d->dec_xy[2 * k],
                       d->dec_xy[2 * k + 1]);
        }
    }
  for (int k = 0; k < d->n_pre; k++)
    {
      roof_render_marker (R, ROOF_MARKER_SQUARE, d->pre_xy[2 * k], d->pre_xy[2 * k + 1],
                          th->marker_radius, col, col, !d->pre[k].fits);
      add_tooltip (R, i, &d->pre[k], _("prefill, prompt %s tokens"), d->pre_s[k], 7,
                   d->pre_xy[2 * k], d->pre_xy[2 * k + 1]);
    }
  /* the workload the panels describe, ringed */
  double ox = roof_frame_x (R, d->base.intensity), oy = roof_frame_y (R, d->base.attained_flops);
  roof_render_operating_ring (R, ox, oy, col);
  roof_render_verify_step (R, i, d->has_spec ? &d->spec : NULL, ox, oy);
  add_tooltip (R, i, &d->base,
               c->wl.phase == ROOF_PHASE_DECODE ? _("current workload: decode, batch %s")
                                                : _("current workload: prefill, prompt %s tokens"),
               c->wl.phase == ROOF_PHASE_DECODE ? c->wl.batch : c->wl.prompt, 7, ox, oy);
  if (d->has_bal)
    {
      double bx = roof_frame_x (R, d->bal_r.intensity), by = roof_frame_y (R, d->bal_r.attained_flops);
      roof_render_marker (R, ROOF_MARKER_DIAMOND, bx, by, th->marker_radius + 1.0, col, col, FALSE);
      roof_format_number (d->bal.batch, 3, num, sizeof num);
      g_snprintf (buf, sizeof buf,
                  c->n_ok > 1 ? _("%s: compute-bound from B ≈ %s") : _("%s compute-bound from B ≈ %s"),
                  c->n_ok > 1 ? name : _("decode"), num);
      roof_render_label_point (R, labels, buf, ROOF_FONT_LABEL, col, bx, by, th->marker_radius + 1,
                               PRIORITY_BALANCE, i, TRUE);
      roof_render_hit (R, bx, by, th->marker_radius + 5, i,
                       _("%s · balance batch B* = %s\ncompute time equals memory time; "
                          "larger batches are compute-bound"),
                       roof_render_device_full_name (R, i), num);
    }
  if (d->max_fit < 1.0 && d->n_dec > 0)
    {
      g_snprintf (buf, sizeof buf, _("%s needs ≥ %d devices"), name, d->base.min_devices);
      /* with many devices the legend says it already */
      roof_render_label_point (R, labels, buf, ROOF_FONT_LABEL_BOLD, col, d->dec_xy[0],
                               d->dec_xy[1], th->marker_radius,
                               c->n_ok > 3 ? PRIORITY_CROWDED_WARNING
                                           : PRIORITY_WARNING,
                               i, TRUE);
    }
}

/* Per-operator points of one layer. */
static void
draw_operators (RoofRender *R, const Roofline *c, GArray *labels)
{
  const RoofTheme *th = R->th;
  RoofColor col = roof_render_device_color (R, c->ops_device);

  for (int k = 0; k < c->ops.n_rows; k++)
    {
      const RoofOpRow *r = &c->ops.rows[k];
      if (!(r->intensity > 0.0 && r->time > 0.0 && r->flop > 0.0))
        continue;
      double px = roof_frame_x (R, r->intensity), py = roof_frame_y (R, r->flop / r->time);
      roof_render_marker (R, ROOF_MARKER_TRIANGLE, px, py, th->marker_radius, col, col,
                          !r->counted);
      roof_label_placer_add_marker (R->placer, px, py, th->marker_radius);
      roof_render_label_point (R, labels, roof_op_name (r->op), ROOF_FONT_LABEL, th->muted, px, py,
                               th->marker_radius, PRIORITY_OPERATOR, -1, TRUE);
      char inten[24], t[24];
      roof_format_number (r->intensity, 4, inten, sizeof inten);
      roof_format_time (r->time, t, sizeof t);
      roof_render_hit (R, px, py, th->marker_radius + 4, c->ops_device,
                       _("%s (%s)\nintensity %s FLOP/byte\n%s per layer\n%s%s"),
                       roof_op_name (r->op), roof_render_device_full_name (R, c->ops_device),
                       inten, t, roof_bound_title (r->bound), r->counted ? "" : _("\nfused: not counted"));
    }
}

static void
draw_data (RoofRender *R, gpointer data, GArray *labels)
{
  Roofline *c = data;

  cairo_set_line_join (R->cr, CAIRO_LINE_JOIN_ROUND);
  for (int i = 0; i < R->in->n_devices; i++)
    {
      if (!c->dev[i].ok)
        continue;
      /* a calibrated copy: its derated roof only, the peaks are its ideal's */
      if (!R->in->devices[i].calibrated)
        draw_cache_roofs (R, c, i, labels);
      draw_derated_roof (R, c, i, labels);
      if (!R->in->devices[i].calibrated)
        {
          draw_memory_roof (R, c, i, labels);
          draw_ceilings (R, c, i, labels);
        }
      draw_workload (R, c, i, labels);
    }
  if (c->has_ops)
    draw_operators (R, c, labels);
}

/* A path point's label: `format` with the count (B=…, S=…) at xy[0], xy[1]. */
static void
label_count (RoofRender *R,
             GArray *labels,
             const char *format,
             double count,
             RoofColor color,
             const double *xy,
             int priority,
             int owner,
             gboolean allow_leader)
{
  char buf[160], num[48];

  roof_format_count (count, num, sizeof num);
  g_snprintf (buf, sizeof buf, format, num);
  roof_render_label_point (R, labels, buf, ROOF_FONT_LABEL, color, xy[0], xy[1],
                           R->th->marker_radius, priority, owner, allow_leader);
}

/* Labels of the focused device's workload points, in its colour and on its
 * path: decode batches ("B=…", "B=… max" for the largest that fits) and, at
 * an export's size, prompt lengths; of the other devices only the largest
 * batch that fits, beside its own point; the rest have their tooltips. */
static void
label_points (RoofRender *R, const Roofline *c, GArray *labels)
{
  const DevData *d = &c->dev[c->focus];
  RoofColor col = roof_render_device_color (R, c->focus);

  for (int k = 0; k < d->n_dec; k++)
    {
      /* the extra "largest that fits" point after the powers of two */
      gboolean pow2 = k == 0 || fabs (d->dec_b[k] - 2.0 * d->dec_b[k - 1]) < 1e-9;
      label_count (R, labels, pow2 ? "B=%s" : _("B=%s max"), d->dec_b[k], col, &d->dec_xy[2 * k],
                   !pow2    ? PRIORITY_BATCH_MAX
                   : k == 0 ? PRIORITY_FIRST_BATCH
                            : PRIORITY_BATCH - k % 2,
                   OWNER_PATH + c->focus, TRUE);
    }
  for (int i = 0; i < R->in->n_devices; i++)
    {
      const DevData *o = &c->dev[i];
      int k = o->n_dec - 1;
      if (i == c->focus || !o->ok || o->max_fit < 1.0 || k < 1
          || fabs (o->dec_b[k] - 2.0 * o->dec_b[k - 1]) < 1e-9)
        continue;
      label_count (R, labels, _("B=%s max"), o->dec_b[k], roof_render_device_color (R, i),
                   &o->dec_xy[2 * k], PRIORITY_BATCH_MAX, OWNER_PATH + i, FALSE);
    }
  if (!c->roomy)
    return;
  for (int k = 0; k < d->n_pre; k++)
    label_count (R, labels, "S=%s", d->pre_s[k], col, &d->pre_xy[2 * k],
                 k == 0 || k == d->n_pre - 1 ? PRIORITY_END_PROMPT : PRIORITY_PROMPT - k % 2, -1,
                 TRUE);
}

/* Batch and prompt labels, then the region names at the top of the plot. */
static void
draw_overlays (RoofRender *R, gpointer data, GArray *labels)
{
  Roofline *c = data;
  const RoofTheme *th = R->th;
  RoofRect *pa = &R->frame.plot;
  double w, h;

  /* prompt labels where there is room for them: an export's 1600 × 1000,
   * not the app's view at its default size */
  c->roomy = R->width >= 1200.0 && R->height >= 800.0;
  label_points (R, c, labels);

  const char *mb = c->n_ok > 1 ? _("memory-bound on every device") : _("memory-bound");
  roof_render_measure (R, ROOF_FONT_LABEL, mb, &w, &h);
  if (c->xr0 - pa->x > 24.0)
    roof_render_label_point (R, labels, mb, ROOF_FONT_LABEL, th->muted,
                             MIN (pa->x + 8.0 + 0.5 * w, 0.5 * (pa->x + c->xr0)), pa->y + 2.0, 0.0,
                             PRIORITY_REGION, -1, FALSE);
  const char *cb = c->n_ok > 1 ? _("compute-bound on every device") : _("compute-bound");
  roof_render_measure (R, ROOF_FONT_LABEL, cb, &w, &h);
  if (pa->x + pa->width - c->xr1 > w + 16.0)
    roof_render_label_point (R, labels, cb, ROOF_FONT_LABEL, th->muted,
                             pa->x + pa->width - 8.0 - 0.5 * w, pa->y + 2.0, 0.0,
                             PRIORITY_REGION - 1, -1, FALSE);
}

/* Ridge, balance batch and fit of each device. */
static void
describe_devices (RoofRender *R, const Roofline *c)
{
  GString *s = R->desc;
  char num[48];

  for (int i = 0; i < R->in->n_devices; i++)
    if (c->dev[i].ok)
      {
        roof_format_number (c->dev[i].base.ridge, 3, num, sizeof num);
        g_string_append_printf (s, _(" %s: ridge %s FLOP/byte"), roof_render_device_name (R, i),
                                num);
        if (c->dev[i].has_bal)
          {
            roof_format_number (c->dev[i].bal.batch, 3, num, sizeof num);
            g_string_append_printf (s, _(", compute-bound from batch %s"), num);
          }
        else if (c->dev[i].bal.never)
          g_string_append (s, _(", never compute-bound at this context"));
        if (c->dev[i].max_fit < 1.0)
          g_string_append_printf (s, _(", needs ≥ %d devices"), c->dev[i].base.min_devices);
        g_string_append (s, ".");
      }
}

static void
describe (RoofRender *R, gpointer data)
{
  Roofline *c = data;
  const RoofChartInput *in = R->in;
  GString *s = R->desc;
  int n_mem = 0, n_ok = 0, fastest = -1;
  char num[48], t[32];

  for (int i = 0; i < in->n_devices; i++)
    if (c->dev[i].ok)
      {
        n_ok++;
        n_mem += c->dev[i].base.bound == ROOF_BOUND_MEMORY;
        if (fastest < 0 || c->dev[i].base.t_step < c->dev[fastest].base.t_step)
          fastest = i;
      }
  roof_format_number (c->wl.batch, 6, num, sizeof num);
  g_string_append_printf (s, _("On %s decode at batch %s, "),
                          roof_input_model_name (in, _("the model")), num);
  if (n_ok == 1)
    g_string_append_printf (s, _("%s is %s"), roof_render_device_name (R, fastest),
                            roof_bound_title (c->dev[fastest].base.bound));
  else if (n_mem == n_ok)
    g_string_append_printf (s, _("all %d devices are memory-bound"), n_ok);
  else if (n_mem == 0)
    g_string_append_printf (s, _("all %d devices are compute-bound"), n_ok);
  else
    g_string_append_printf (s, _("%d of %d devices are memory-bound"), n_mem, n_ok);
  roof_format_time (c->dev[fastest].base.t_step, t, sizeof t);
  if (n_ok > 1)
    g_string_append_printf (s, _("; %s is fastest at %s per token"),
                            roof_render_device_name (R, fastest), t);
  else
    g_string_append_printf (s, _(" at %s per token"), t);
  if (!c->dev[fastest].base.fits)
    g_string_append_printf (s, _(" but needs ≥ %d devices to hold the model"),
                            c->dev[fastest].base.min_devices);
  g_string_append (s, ".");
  describe_devices (R, c);
}

const RoofChartClass roof_chart_roofline_class = {
  .measured_on = ROOF_MEASURED_ON_ROOFLINE, /* roof-chart-measured.h */
  .title = N_("Roofline"),
  .data_size = sizeof (Roofline),
  .needs_devices = TRUE,
  .heading_format = N_("Roofline · %s"),
  .collect = collect,
  .annotate = annotate,
  .obstacles = obstacles,
  .draw_regions = draw_regions,
  .draw_data = draw_data,
  .draw_overlays = draw_overlays,
  .describe = describe,
};
