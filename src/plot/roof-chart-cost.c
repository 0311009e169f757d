/* roof-chart-cost.c — cost per million output tokens vs batch (log-log)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"
#include "roof-chart-measured.h"

#define N_SAMPLES 96
#define N_TAIL 32

/* Label priorities, the highest placed first (roof-label-placer.h). */
enum
{
  PRIORITY_COMPONENT = 30,
  PRIORITY_CROSSING = 40,
  PRIORITY_ITL = 58,
  PRIORITY_BALANCE = 60,
  PRIORITY_MEMORY_FULL = 65,
  PRIORITY_UNFIT_NAME = 74,
  PRIORITY_NAME = 75,
};

/* Owner of a device's component lines: their labels may sit on them. */
#define OWNER_COMPONENTS 50

typedef struct
{
  int a, b;
  double batch;
  RoofCostPoint pt;
} Crossing;

#define MAX_CROSSINGS (ROOF_PLOT_MAX_DEVICES * ROOF_PLOT_MAX_DEVICES / 2 * ROOF_MAX_CROSSOVERS)

typedef struct
{
  gboolean ok, priced;
  RoofError err;
  double max_fit; /* 0: not even B = 1 */
  int min_devices;
  double b_end;   /* last batch drawn */
  int n;
  RoofCostPoint pt[N_SAMPLES];
  double xy[2 * N_SAMPLES];
  gboolean has_bal;
  RoofCostPoint bal;
  gboolean has_itl;
  gboolean itl_none; /* not even B = 1 meets the target */
  RoofCostPoint itl;
  RoofCostPoint end; /* at max_fit */
  /* the levers: with speculative decoding every total (pt, bal, itl, end)
   * is the verify cycle's and plain[] the plain step's, drawn faint; with
   * disaggregation every total includes pf, the prefill pool's share */
  gboolean spec, disagg;
  gboolean drafter_unfit; /* the plain step fits at B = 1, the drafter beside it not */
  double pf;
  struct CostLevers *lv; /* allocated with a lever only: a chart without costs no more */
} CostDev;

typedef struct CostLevers
{
  char pf_why[ROOF_ERROR_MESSAGE_MAX];
  double plain[N_SAMPLES]; /* the plain step's totals, drawn thin */
  double p_xy[2 * N_SAMPLES];
  /* past the verify cycle's last batch, up to the plain step's own (the
   * drafter takes memory the plain step gives to the KV cache): the thin
   * line goes on alone, so a lower plain cost at a larger batch shows */
  int n_tail;
  double tail_b[N_TAIL], tail_v[N_TAIL];
  double tail_xy[2 * N_TAIL];
} CostLevers;

typedef struct
{
  RoofWorkload wl; /* the input's, in decode */
  double b_lo, b_hi;
  double ymin, ymax;
  int n_priced, n_ok;
  CostDev dev[ROOF_PLOT_MAX_DEVICES];
  Crossing *cross; /* annotate */
  int n_cross;
  gboolean components_all; /* the component lines of every device, or of comp_dev */
  int comp_dev;
} Cost;

static void
usd_mtok (double v, char *buf, gsize n)
{
  roof_format_usd (v, buf, n);
}

/* The batch axis ends a little past the largest batch any priced device
 * holds, at a power of two at least twice it (room for the memory-full
 * label right of its mark): past it every curve has ended, and the
 * scenario's range (1…4096 by default) would leave most of the chart empty
 * (70B on two 80 GB devices ends at B = 2). Never below 16 (or twice the
 * range's start), never past the range's end. Zooming out shows the rest. */
static double
fitted_batch_hi (const RoofChartInput *in, const RoofWorkload *wl, double b_lo, double b_hi)
{
  double fit = 0.0;

  for (int i = 0; i < in->n_devices; i++)
    {
      const RoofHardwareParams *hw = &in->devices[i].hw;
      if (roof_input_visible (in, i) && hw->has_price)
        fit = MAX (fit, roof_max_batch_that_fits (hw, in->model, wl));
    }
  if (fit < b_lo)
    return b_hi; /* nothing fits: the full range, to show where it would */
  return MAX (MIN (b_hi, exp2 (ceil (log2 (fit * 2.0)))), MIN (b_hi, MAX (16.0, 2.0 * b_lo)));
}

/* The plain step's thin line past the verify cycle's last sample, up to
 * the plain step's own largest batch that fits (end). */
static void
plain_tail (const RoofChartInput *in, Cost *c, CostDev *d, const RoofHardwareParams *hw,
            const RoofWorkload *wl, double end)
{
  double start = d->pt[d->n - 1].batch;
  RoofCostPoint pt;
  RoofError e;

  d->lv->n_tail = 0;
  if (!(end > start * 1.0001))
    return;
  for (int k = 0; k < N_TAIL; k++)
    {
      /* whole batches, as the tooltips say; the first is the last drawn */
      double b = k == 0 ? start : round (start * pow (end / start, (double) k / (N_TAIL - 1)));
      if ((d->lv->n_tail > 0 && b <= d->lv->tail_b[d->lv->n_tail - 1])
          || roof_cost_point (hw, in->model, wl, b, &pt, &e) != ROOF_OK)
        continue;
      d->lv->tail_b[d->lv->n_tail] = b;
      d->lv->tail_v[d->lv->n_tail] = pt.total + d->pf;
      c->ymin = MIN (c->ymin, pt.total + d->pf);
      c->ymax = MAX (c->ymax, pt.total + d->pf);
      d->lv->n_tail++;
    }
}

/* A cost point of the plain step turned into what the curve shows: the
 * speculative cycle's total (FALSE when it cannot be had) plus the prefill
 * pool's share; the plain total (with that share) into *plain. */
static gboolean
lever_total (const RoofChartInput *in, const RoofHardwareParams *hw, const RoofWorkload *wl,
             const CostDev *d, RoofCostPoint *pt, double *plain)
{
  RoofWorkload w = *wl;
  RoofSpecResult s;

  pt->total += d->pf;
  if (plain != NULL)
    *plain = pt->total;
  if (!d->spec)
    return TRUE; /* a sample's plain total is its own when there is no lever */
  w.batch = pt->batch;
  if (!roof_chart_spec_step (in, hw, &w, &s) || !s.has_cost)
    return FALSE;
  pt->total = s.usd_per_mtok + d->pf;
  pt->fits = s.fits;
  return TRUE;
}

/* The largest batch meeting the ITL target, into d->itl. */
static void
itl_mark (const RoofChartInput *in, Cost *c, CostDev *d, const RoofHardwareParams *hw)
{
  const RoofWorkload *wl = &c->wl;
  RoofSla sla = in->sla;
  RoofCandidate cand;
  RoofError e;
  double b;

  sla.ttft = 0.0;
  sla.tokens_per_s = 0.0;
  sla.max_batch = c->b_hi;
  if (d->spec)
    b = roof_chart_spec_itl_batch (in, hw, wl, in->sla.itl, c->b_hi);
  else if (roof_candidate_eval (hw, in->model, wl, &sla, (int) MAX (1.0, wl->devices), &cand, &e)
           == ROOF_OK)
    b = cand.meets ? cand.batch : 0.0;
  else
    return;
  /* only when the target, not memory, sets the largest batch */
  if (b >= 1.0 && b >= c->b_lo && (d->max_fit < 1.0 || b < d->max_fit))
    d->has_itl = roof_cost_point (hw, in->model, wl, b, &d->itl, &e) == ROOF_OK
                 && lever_total (in, hw, wl, d, &d->itl, NULL);
  else if (b < 1.0 && d->max_fit >= 1.0)
    d->itl_none = TRUE;
}

/* The cost of one device over the batch range, its balance batch, where
 * memory runs out and where the ITL target stops it. */
static const RoofError *
collect_device (const RoofChartInput *in, gpointer data, int i)
{
  Cost *c = data;
  CostDev *d = &c->dev[i];
  const RoofHardwareParams *hw = &in->devices[i].hw;
  const RoofWorkload *wl = &c->wl;
  double b_lo = c->b_lo, b_hi = c->b_hi;
  RoofResult base;

  if (roof_solve (hw, in->model, wl, &base, &d->err) != ROOF_OK)
    return &d->err;
  d->ok = TRUE;
  c->n_ok++;
  d->min_devices = base.min_devices;
  if (!hw->has_price)
    return NULL;
  d->priced = TRUE;
  c->n_priced++;
  d->max_fit = roof_max_batch_that_fits (hw, in->model, wl);
  d->spec = in->has_spec;
  if (in->has_spec || in->has_disagg)
    d->lv = g_new0 (CostLevers, 1);
  double plain_fit = d->max_fit;
  if (d->spec)
    {
      d->drafter_unfit = d->max_fit >= 1.0;
      d->max_fit = roof_chart_spec_max_fit (in, hw, wl, d->max_fit);
      d->drafter_unfit = d->drafter_unfit && d->max_fit < 1.0;
    }
  if (in->has_disagg)
    {
      RoofError pe = { 0 };
      d->disagg = roof_chart_prefill_cost (in, i, wl, &d->pf, &pe);
      g_strlcpy (d->lv->pf_why, pe.message, sizeof d->lv->pf_why);
    }
  d->b_end = d->max_fit >= b_lo ? MIN (d->max_fit, b_hi) : b_hi;
  double lo = b_lo, hi = MAX (d->b_end, lo);
  for (int k = 0; k < N_SAMPLES; k++)
    {
      double b = hi > lo ? lo * pow (hi / lo, (double) k / (N_SAMPLES - 1)) : lo;
      if (roof_cost_point (hw, in->model, wl, b, &d->pt[d->n], &d->err) == ROOF_OK
          && (d->lv == NULL || lever_total (in, hw, wl, d, &d->pt[d->n], &d->lv->plain[d->n])))
        {
          double plain = d->lv != NULL ? d->lv->plain[d->n] : d->pt[d->n].total;
          double lo = d->spec ? MIN (d->pt[d->n].total, plain) : d->pt[d->n].compute;
          c->ymin = MIN (c->ymin, MIN (d->pt[d->n].total, lo));
          c->ymax = MAX (c->ymax, MAX (d->pt[d->n].total, plain));
          d->n++;
        }
    }
  if (d->spec && d->n > 0)
    plain_tail (in, c, d, hw, wl, MIN (plain_fit, b_hi));
  RoofBalance bal;
  RoofError e;
  /* the balance batch is the plain step's: none for the verify cycle */
  if (!d->spec && roof_balance_batch (hw, in->model, wl, &bal, &e) == ROOF_OK && !bal.never
      && bal.batch >= b_lo && bal.batch <= d->b_end)
    d->has_bal = roof_cost_point (hw, in->model, wl, bal.batch, &d->bal, &e) == ROOF_OK
                 && lever_total (in, hw, wl, d, &d->bal, NULL);
  if (d->max_fit >= b_lo && d->max_fit <= b_hi
      && roof_cost_point (hw, in->model, wl, d->max_fit, &d->end, &e) == ROOF_OK
      && !lever_total (in, hw, wl, d, &d->end, NULL))
    d->end.total = 0.0;
  if (in->sla.itl > 0.0)
    itl_mark (in, c, d, hw);
  return NULL;
}

static gboolean
collect (const RoofChartInput *in, gpointer data, GError **error)
{
  Cost *c = data;

  c->wl = in->workload;
  c->wl.phase = ROOF_PHASE_DECODE;
  roof_input_batch_axis (in, &c->b_lo, &c->b_hi);
  c->ymin = G_MAXDOUBLE, c->ymax = 0.0;
  c->b_hi = fitted_batch_hi (in, &c->wl, c->b_lo, c->b_hi);
  if (!roof_chart_collect_devices (in, c, collect_device, error))
    return FALSE;
  if (c->n_priced == 0 && in->owned)
    return roof_chart_input_error (
      error, _("None of the selected devices has a power figure, so owning them has no "
               "cost to draw. Add a TDP to a device in the catalog, or rent them."));
  if (c->n_priced == 0)
    return roof_chart_input_error (
      error, _("None of the selected devices has a price per hour, so there is no "
               "cost to draw. Add a price to a device in the catalog."));
  return TRUE;
}

static void
clear (gpointer data)
{
  Cost *c = data;
  g_free (c->cross);
  for (int i = 0; i < ROOF_PLOT_MAX_DEVICES; i++)
    g_clear_pointer (&c->dev[i].lv, g_free);
}

/* Crossovers between devices, within the batches both can hold. */
static void
find_crossings (RoofRender *R, Cost *c)
{
  const RoofChartInput *in = R->in;
  CostDev *dev = c->dev;

  c->cross = g_new0 (Crossing, MAX_CROSSINGS);
  /* the solver's crossovers are of the plain step on its own */
  if (in->has_spec || in->has_disagg)
    return;
  for (int a = 0; a < in->n_devices; a++)
    for (int b = a + 1; b < in->n_devices; b++)
      {
        if (!dev[a].priced || !dev[b].priced || dev[a].n == 0 || dev[b].n == 0)
          continue;
        double hi = MIN (dev[a].b_end, dev[b].b_end), xs[ROOF_MAX_CROSSOVERS];
        int nx = 0;
        RoofError e;
        if (hi <= c->b_lo
            || roof_chart_cache_crossovers (R->cache, &in->devices[a].hw, &in->devices[b].hw,
                                            in->model, &c->wl, c->b_lo, hi, xs, &nx, &e)
                   != ROOF_OK)
          continue;
        for (int k = 0; k < nx && c->n_cross < MAX_CROSSINGS; k++)
          if (roof_cost_point (&in->devices[a].hw, in->model, &c->wl, xs[k],
                               &c->cross[c->n_cross].pt, &e)
              == ROOF_OK)
            {
              c->cross[c->n_cross].a = a;
              c->cross[c->n_cross].b = b;
              c->cross[c->n_cross].batch = xs[k];
              c->n_cross++;
            }
      }
}

static void
notes (RoofRender *R, const Cost *c)
{
  const RoofChartInput *in = R->in;
  const CostDev *dev = c->dev;
  char num2[48];

  roof_render_assumptions (R, FALSE, TRUE);
  for (int i = 0; i < in->n_devices; i++)
    if (roof_render_visible (R, i))
      {
        if (!dev[i].ok)
          roof_render_note_failure (R, i, &dev[i].err);
        else if (!dev[i].priced)
          roof_render_note (R, in->owned ? _("%s has no power figure to own it by: no curve")
                                         : _("%s has no price per hour: no curve"),
                            roof_render_device_name (R, i));
        else if (dev[i].itl_none)
          {
            roof_format_time (in->sla.itl, num2, sizeof num2);
            roof_render_note (R, _("%s misses ITL ≤ %s even at batch 1"),
                              roof_render_device_name (R, i), num2);
          }
        if (dev[i].priced && in->has_disagg && !dev[i].disagg)
          roof_render_note (R, _("%s: no prefill pool's cost (%s)"),
                            roof_render_device_name (R, i), dev[i].lv->pf_why);
      }
  roof_render_spec_note (R, _("thin: without it; the cost components are the plain step's, "
                              "left out"));
  if (in->has_disagg)
    roof_render_note (R, _("disaggregated: every curve includes the prefill pool's devices at "
                           "the ratio that keeps both pools busy"));
  roof_render_cost_basis (R, c->wl.devices);
}

static void
axes (RoofRender *R, const Cost *c)
{
  const RoofChartInput *in = R->in;
  RoofFrame *f = &R->frame;
  double x0, x1, y0, y1;

  roof_scale_nice_bounds (TRUE, c->b_lo, c->b_hi, &x0, &x1);
  x0 = c->b_lo, x1 = c->b_hi;
  roof_scale_nice_bounds (TRUE, c->ymin * 0.7, c->ymax * 1.5, &y0, &y1);
  if (in->view_x1 > in->view_x0 && in->view_x0 > 0.0)
    x0 = in->view_x0, x1 = in->view_x1;
  if (in->view_y1 > in->view_y0 && in->view_y0 > 0.0)
    y0 = in->view_y0, y1 = in->view_y1;
  f->x_log = f->y_log = TRUE;
  f->x0 = x0, f->x1 = x1, f->y0 = y0, f->y1 = y1;
  f->x_unit = f->y_unit = 1.0;
  f->x_title = _("Batch size B (sequences decoded together)");
  /* on screen there is no caption: an owned basis shows in the axis too */
  f->y_title = in->owned ? _("Cost (US$ per million output tokens, owned)")
                         : _("Cost (US$ per million output tokens)");
}

/* The entries for the component lines and the marks. */
static void
legend_styles (RoofRender *R, const Cost *c)
{
  const RoofTheme *th = R->th;
  const CostDev *dev = c->dev;
  RoofLegendItem *it;
  char buf[200], num[48];
  gboolean any_bal = FALSE, any_end = FALSE, any_itl = FALSE;

  for (int i = 0; i < R->in->n_devices; i++)
    {
      any_bal |= dev[i].has_bal;
      any_end |= dev[i].priced && dev[i].max_fit >= c->b_lo && dev[i].max_fit <= c->b_hi;
      any_itl |= dev[i].has_itl;
    }
  const char *whose = c->components_all ? "" : roof_render_device_name (R, c->comp_dev);
  gboolean any_pf = FALSE;
  for (int i = 0; i < R->in->n_devices; i++)
    any_pf |= dev[i].disagg;
  if (R->in->has_spec)
    {
      it = roof_legend_add (R, ROOF_LEGEND_LINE, _("thin: without speculative decoding"), -1,
                            roof_color_alpha (th->muted, 0.5));
      it->width = th->thin_width;
    }
  else
    {
      g_snprintf (buf, sizeof buf, _("%s%sweights cost ∝ 1/B"), whose, *whose ? " " : "");
      it = roof_legend_add (R, ROOF_LEGEND_LINE, buf, -1, th->muted);
      it->dash = ROOF_PREC_FP8, it->width = th->thin_width;
      g_snprintf (buf, sizeof buf, _("%s%sKV-cache cost (flat)"), whose, *whose ? " " : "");
      it = roof_legend_add (R, ROOF_LEGEND_LINE, buf, -1, th->muted);
      it->dash = ROOF_PREC_INT8, it->width = th->thin_width;
      g_snprintf (buf, sizeof buf, _("%s%scompute cost (flat)"), whose, *whose ? " " : "");
      it = roof_legend_add (R, ROOF_LEGEND_LINE, buf, -1, th->muted);
      it->dash = ROOF_PREC_FP32, it->width = th->thin_width;
    }
  if (any_pf && !R->in->has_spec)
    {
      g_snprintf (buf, sizeof buf, _("%s%sprefill pool cost (flat)"), whose, *whose ? " " : "");
      it = roof_legend_add (R, ROOF_LEGEND_LINE, buf, -1, th->muted);
      it->dash = ROOF_PREC_FP4, it->width = th->thin_width;
    }
  if (any_bal)
    {
      it = roof_legend_add (R, ROOF_LEGEND_MARKER, _("balance batch B* (compute = memory time)"),
                            -1, th->muted);
      it->marker = ROOF_MARKER_DIAMOND;
    }
  if (any_end)
    {
      it = roof_legend_add (R, ROOF_LEGEND_MARKER, _("memory full: largest batch that fits"), -1,
                            th->muted);
      it->marker = ROOF_MARKER_CROSS;
    }
  if (any_itl)
    {
      roof_format_time (R->in->sla.itl, num, sizeof num);
      g_snprintf (buf, sizeof buf, _("largest batch with ITL ≤ %s"), num);
      it = roof_legend_add (R, ROOF_LEGEND_MARKER, buf, -1, th->muted);
      it->marker = ROOF_MARKER_SQUARE;
      it->hollow = TRUE;
    }
  if (c->n_cross > 0)
    {
      it = roof_legend_add (R, ROOF_LEGEND_MARKER, _("devices cost the same"), -1,
                            th->foreground);
      it->marker = ROOF_MARKER_CIRCLE;
      it->hollow = TRUE;
    }
}

static void
legend (RoofRender *R, Cost *c)
{
  const RoofChartInput *in = R->in;
  const CostDev *dev = c->dev;
  int n_vis = 0;

  for (int i = 0; i < in->n_devices; i++)
    n_vis += dev[i].priced;
  c->components_all = n_vis <= 4;
  c->comp_dev = -1;
  for (int i = 0; i < in->n_devices && c->comp_dev < 0; i++)
    if (dev[i].priced && dev[i].n > 0 && dev[i].max_fit >= 1.0)
      c->comp_dev = i;
  for (int i = 0; i < in->n_devices && c->comp_dev < 0; i++)
    if (dev[i].priced && dev[i].n > 0)
      c->comp_dev = i;

  for (int i = 0; i < in->n_devices; i++)
    {
      RoofLegendItem *it = roof_legend_add (R, ROOF_LEGEND_LINE, roof_render_device_name (R, i), i,
                                            roof_render_device_color (R, i));
      if (roof_render_visible (R, i) && dev[i].ok && !dev[i].priced)
        {
          g_free (it->text);
          it->text = g_strdup_printf (_("%s: no price"), roof_render_device_name (R, i));
          it->kind = ROOF_LEGEND_TEXT;
        }
      else if (dev[i].priced && dev[i].max_fit < 1.0)
        {
          g_free (it->text);
          it->text = roof_render_unfit_name (R, i, TRUE, dev[i].drafter_unfit,
                                             dev[i].min_devices, FALSE);
          it->dash = ROOF_PREC_INT8;
        }
    }
  legend_styles (R, c);
}

static void
annotate (RoofRender *R, gpointer data)
{
  Cost *c = data;

  find_crossings (R, c);
  notes (R, c);
  axes (R, c);
  legend (R, c);
  roof_render_operating_line (R, ROOF_OPERATING_BATCH, R->in->workload.batch,
                              roof_input_batch_lo (R->in), roof_input_batch_hi (R->in));
  /* the hyperbolas fall from the top left: top right is usually free */
  const int order[4] = { 1, 3, 2, 0 };
  memcpy (R->legend_corners, order, sizeof order);
}

static void
obstacles (RoofRender *R, gpointer data)
{
  Cost *c = data;

  for (int i = 0; i < R->in->n_devices; i++)
    {
      CostDev *d = &c->dev[i];
      for (int k = 0; k < d->n; k++)
        {
          d->xy[2 * k] = roof_frame_x (R, d->pt[k].batch);
          d->xy[2 * k + 1] = roof_frame_y (R, d->pt[k].total);
          if (d->spec)
            {
              d->lv->p_xy[2 * k] = d->xy[2 * k];
              d->lv->p_xy[2 * k + 1] = roof_frame_y (R, d->lv->plain[k]);
            }
        }
      roof_label_placer_add_polyline (R->placer, d->xy, d->n, i);
      if (d->spec)
        {
          roof_label_placer_add_polyline (R->placer, d->lv->p_xy, d->n, i);
          for (int k = 0; k < d->lv->n_tail; k++)
            {
              d->lv->tail_xy[2 * k] = roof_frame_x (R, d->lv->tail_b[k]);
              d->lv->tail_xy[2 * k + 1] = roof_frame_y (R, d->lv->tail_v[k]);
            }
          roof_label_placer_add_polyline (R->placer, d->lv->tail_xy, d->lv->n_tail, i);
        }
    }
}

/* Weights, KV and compute cost of a device, beneath the curves. */
static void
draw_components (RoofRender *R, const Cost *c, int i, GArray *labels)
{
  const RoofTheme *th = R->th;
  const CostDev *d = &c->dev[i];
  RoofRect *pa = &R->frame.plot;
  RoofColor col = roof_color_alpha (roof_render_device_color (R, i), 0.75);
  double *xy = g_new (double, 2 * d->n);
  const int kinds[4] = { ROOF_PREC_FP8, ROOF_PREC_INT8, ROOF_PREC_FP32, ROOF_PREC_FP4 };

  for (int k3 = 0; k3 < (d->disagg ? 4 : 3); k3++)
    {
      int m = 0;
      for (int k = 0; k < d->n; k++)
        {
          double v = k3 == 0   ? d->pt[k].weights
                     : k3 == 1 ? d->pt[k].kv
                     : k3 == 2 ? d->pt[k].compute
                               : d->pf;
          if (!(v > 0.0))
            continue;
          xy[2 * m] = d->xy[2 * k];
          xy[2 * m + 1] = roof_frame_y (R, v);
          m++;
        }
      if (m < 2)
        continue;
      roof_render_stroke (R, xy, m, th->thin_width, kinds[k3], th->thin_width * 1.2, col);
      roof_label_placer_add_polyline (R->placer, xy, m, OWNER_COMPONENTS + i);
      if (i == c->comp_dev)
        {
          const char *names[4] = { _("weights ∝ 1/B"), C_("chart", "KV cache"), _("compute"),
                                   _("prefill pool") };
          /* the visible part of the line */
          int a = 0, b = m - 1;
          while (a < m && (xy[2 * a + 1] < pa->y || xy[2 * a + 1] > pa->y + pa->height))
            a++;
          while (b > a && (xy[2 * b + 1] < pa->y || xy[2 * b + 1] > pa->y + pa->height))
            b--;
          if (b - a >= 1)
            roof_render_label_line (R, labels, names[k3], ROOF_FONT_LABEL, col, xy + 2 * a,
                                    b - a + 1, k3 == 0 ? 0.3 : k3 == 3 ? 0.55 : 0.8,
                                    PRIORITY_COMPONENT,
                                    OWNER_COMPONENTS + i);
        }
    }
  g_free (xy);
}

/* A sample's tooltip with a lever on: the total, and what it is made of. */
static void
lever_tip (RoofRender *R, const CostDev *d, int i, const RoofCostPoint *p, double plain)
{
  char b[24], t[24], w[24], pf[24];
  g_autofree char *spec = NULL, *pool = NULL;

  roof_format_count (p->batch, b, sizeof b);
  usd_mtok (p->total, t, sizeof t);
  usd_mtok (plain, w, sizeof w);
  usd_mtok (d->pf, pf, sizeof pf);
  if (d->spec)
    spec = g_strdup_printf (_("\nwithout speculative decoding %s"), w);
  if (d->disagg)
    pool = g_strdup_printf (_("\nthe prefill pool's share %s"), pf);
  roof_render_hit (R, roof_frame_x (R, p->batch), roof_frame_y (R, p->total), 8.0, i,
                   _("%s · batch %s\n%s per million output tokens%s%s%s"),
                   roof_render_device_full_name (R, i), b, t, spec ? spec : "", pool ? pool : "",
                   p->fits ? "" : _("\ndoes not fit in memory"));
}

/* A hit item on the plain step's line past the verify cycle's last batch. */
static void
plain_tail_tip (RoofRender *R, const CostDev *d, int i, int k)
{
  char b[24], t[24];

  roof_format_count (d->lv->tail_b[k], b, sizeof b);
  usd_mtok (d->lv->tail_v[k], t, sizeof t);
  roof_render_hit (R, d->lv->tail_xy[2 * k], d->lv->tail_xy[2 * k + 1], 8.0, i,
                   _("%s · batch %s\nwithout speculative decoding %s per million output "
                     "tokens\nno room for the drafter at this batch"),
                   roof_render_device_full_name (R, i), b, t);
}

/* Hit items along that line, every eighth sample and its last (the plain
 * step's own largest batch); not the first, the verify cycle's last batch. */
static void
plain_tail_tips (RoofRender *R, const CostDev *d, int i)
{
  int n = d->lv->n_tail;

  for (int k = 8; k < n; k += 8)
    plain_tail_tip (R, d, i, k);
  if (n > 1 && (n - 1) % 8 != 0)
    plain_tail_tip (R, d, i, n - 1);
}

/* A device's hyperbola, with hit items along it and its name. */
static void
draw_curve (RoofRender *R, const Cost *c, int i, GArray *labels)
{
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;
  const CostDev *d = &c->dev[i];
  RoofColor col = roof_render_device_color (R, i);
  gboolean unfit = d->max_fit < 1.0;

  if (d->spec)
    {
      roof_render_stroke (R, d->lv->p_xy, d->n, th->thin_width, ROOF_STROKE_SOLID, 0.0,
                          roof_color_alpha (col, 0.5));
      roof_render_stroke (R, d->lv->tail_xy, d->lv->n_tail, th->thin_width, ROOF_STROKE_SOLID,
                          0.0, roof_color_alpha (col, 0.5));
      plain_tail_tips (R, d, i);
    }
  roof_render_stroke (R, d->xy, d->n, unfit ? th->line_width * 0.7 : th->line_width,
                      unfit ? ROOF_PREC_INT8 : ROOF_STROKE_SOLID, th->line_width,
                      unfit ? roof_color_alpha (col, 0.6) : col);
  cairo_set_dash (cr, NULL, 0, 0);

  for (int k = 0; k < d->n; k += 8)
    {
      /* a batch is a whole number of sequences: the tooltip tells of the
       * whole batch nearest the sample, where that batch lies */
      char b[24], t[24], w[24], kv[24], cp[24];
      RoofCostPoint p;
      RoofError e;
      double plain;
      if (roof_cost_point (&R->in->devices[i].hw, R->in->model, &c->wl,
                           MAX (1.0, round (d->pt[k].batch)), &p, &e) != ROOF_OK)
        continue;
      if (d->spec || d->disagg)
        {
          if (!lever_total (R->in, &R->in->devices[i].hw, &c->wl, d, &p, &plain))
            continue;
          lever_tip (R, d, i, &p, plain);
          continue;
        }
      roof_format_count (p.batch, b, sizeof b);
      usd_mtok (p.total, t, sizeof t);
      usd_mtok (p.weights, w, sizeof w);
      usd_mtok (p.kv, kv, sizeof kv);
      usd_mtok (p.compute, cp, sizeof cp);
      roof_render_hit (R, roof_frame_x (R, p.batch), roof_frame_y (R, p.total), 8.0, i,
                       _("%s · batch %s\n%s per million output tokens\n"
                          "weights %s · KV %s · compute %s%s"),
                       roof_render_device_full_name (R, i), b, t, w, kv, cp, p.fits ? "" : _("\ndoes not fit in memory"));
    }
  /* name the curve near its left end */
  g_autofree char *label
    = roof_render_unfit_name (R, i, unfit, d->drafter_unfit, d->min_devices, TRUE);
  roof_render_label_line (R, labels, label, ROOF_FONT_LABEL_BOLD, col, d->xy,
                          MIN (d->n, N_SAMPLES / 3), 0.3,
                          unfit ? PRIORITY_UNFIT_NAME : PRIORITY_NAME, i);
}

/* A marked point on a curve: the mark, an obstacle, a label and a hit item. */
static void
draw_mark (RoofRender *R, GArray *labels, int i, RoofMarker marker, gboolean hollow, double r,
           double batch, double total, const char *label, int priority, const char *tooltip)
{
  const RoofTheme *th = R->th;
  RoofColor col = i >= 0 ? roof_render_device_color (R, i) : th->foreground;
  double x = roof_frame_x (R, batch), y = roof_frame_y (R, total);

  roof_render_marker (R, marker, x, y, th->marker_radius + r, col, col, hollow);
  roof_label_placer_add_marker (R->placer, x, y, th->marker_radius + r);
  roof_render_label_point (R, labels, label, ROOF_FONT_LABEL, col, x, y,
                           th->marker_radius + (r > 1.0 ? 2.0 : 1.0), priority, i, TRUE);
  roof_render_hit (R, x, y, th->marker_radius + 5, i, "%s", tooltip);
}

/* The balance batch, where memory runs out and the ITL target. */
static void
draw_marks (RoofRender *R, const Cost *c, int i, GArray *labels)
{
  const CostDev *d = &c->dev[i];
  /* tooltips name the device in full */
  const char *name = roof_render_device_full_name (R, i);
  char buf[200], num[48], num2[48];

  if (d->has_bal)
    {
      roof_format_number (d->bal.batch, 3, num, sizeof num);
      usd_mtok (d->bal.total, num2, sizeof num2);
      g_snprintf (buf, sizeof buf, "B* ≈ %s", num);
      g_autofree char *tip = g_strdup_printf (_("%s · balance batch B* = %s\n%s per million "
                                                 "output tokens\nbeyond it compute sets the "
                                                 "cost floor"),
                                              name, num, num2);
      draw_mark (R, labels, i, ROOF_MARKER_DIAMOND, FALSE, 1.0, d->bal.batch, d->bal.total, buf,
                 PRIORITY_BALANCE, tip);
    }
  if (d->max_fit >= c->b_lo && d->max_fit <= c->b_hi && d->end.total > 0.0)
    {
      roof_format_count (d->max_fit, num, sizeof num);
      usd_mtok (d->end.total, num2, sizeof num2);
      g_snprintf (buf, sizeof buf, _("memory full at B = %s"), num);
      g_autofree char *tip = g_strdup_printf (
          _("%s · largest batch that fits: %s\n%s per million output tokens"), name, num, num2);
      draw_mark (R, labels, i, ROOF_MARKER_CROSS, FALSE, 1.0, d->max_fit, d->end.total, buf,
                 PRIORITY_MEMORY_FULL, tip);
    }
  if (d->has_itl)
    {
      roof_format_count (d->itl.batch, num, sizeof num);
      roof_format_time (R->in->sla.itl, num2, sizeof num2);
      g_snprintf (buf, sizeof buf, _("ITL ≤ %s up to B = %s"), num2, num);
      usd_mtok (d->itl.total, num, sizeof num);
      g_autofree char *tip = g_strdup_printf (
          _("%s · largest batch meeting ITL ≤ %s\n%s per million output tokens"), name, num2,
          num);
      draw_mark (R, labels, i, ROOF_MARKER_SQUARE, TRUE, 1.5, d->itl.batch, d->itl.total, buf,
                 PRIORITY_ITL, tip);
    }
}

static void
draw_crossings (RoofRender *R, const Cost *c, GArray *labels)
{
  char buf[200], num[48], num2[48];

  for (int k = 0; k < c->n_cross; k++)
    {
      const Crossing *x = &c->cross[k];
      roof_format_number (x->batch, 3, num, sizeof num);
      usd_mtok (x->pt.total, num2, sizeof num2);
      g_snprintf (buf, sizeof buf, _("%s = %s at B ≈ %s"), roof_render_device_name (R, x->a),
                  roof_render_device_name (R, x->b), num);
      g_autofree char *tip = g_strdup_printf (
          _("%s and %s cost the same at batch %s\n%s per million output tokens"),
          roof_render_device_full_name (R, x->a), roof_render_device_full_name (R, x->b), num,
          num2);
      draw_mark (R, labels, -1, ROOF_MARKER_CIRCLE, TRUE, 1.5, x->batch, x->pt.total, buf,
                 PRIORITY_CROSSING, tip);
    }
}

static void
draw_data (RoofRender *R, gpointer data, GArray *labels)
{
  Cost *c = data;

  cairo_set_line_join (R->cr, CAIRO_LINE_JOIN_ROUND);
  for (int i = 0; i < R->in->n_devices; i++)
    if (c->dev[i].priced && c->dev[i].n >= 2 && !c->dev[i].spec
        && (c->components_all || i == c->comp_dev))
      draw_components (R, c, i, labels);
  cairo_set_dash (R->cr, NULL, 0, 0);
  for (int i = 0; i < R->in->n_devices; i++)
    if (c->dev[i].priced && c->dev[i].n >= 1)
      {
        draw_curve (R, c, i, labels);
        draw_marks (R, c, i, labels);
      }
  draw_crossings (R, c, labels);
}

/* The cheapest at batch 1 and at each device's largest batch. */
static void
describe (RoofRender *R, gpointer data)
{
  Cost *c = data;
  const RoofChartInput *in = R->in;
  const CostDev *dev = c->dev;
  GString *s = R->desc;
  int best1 = -1, bestend = -1;
  char num[48], num2[48];

  for (int i = 0; i < in->n_devices; i++)
    if (dev[i].priced && dev[i].n > 0)
      {
        if (best1 < 0 || dev[i].pt[0].total < dev[best1].pt[0].total)
          best1 = i;
        if (bestend < 0 || dev[i].pt[dev[i].n - 1].total < dev[bestend].pt[dev[bestend].n - 1].total)
          bestend = i;
      }
  usd_mtok (dev[best1].pt[0].total, num, sizeof num);
  roof_format_number (c->b_lo, 5, num2, sizeof num2);
  g_string_append_printf (
      s, _("Decode cost of %s: at batch %s the cheapest is %s at %s per million output tokens"),
      roof_input_model_name (in, _("the model")), num2, roof_render_device_name (R, best1),
      num);
  const CostDev *e = &dev[bestend];
  usd_mtok (e->pt[e->n - 1].total, num, sizeof num);
  roof_format_count (e->pt[e->n - 1].batch, num2, sizeof num2);
  g_string_append_printf (s,
                          _("; at the largest batch each can hold, %s is cheapest at %s (batch %s)."),
                          roof_render_device_name (R, bestend), num, num2);
  for (int i = 0; i < in->n_devices; i++)
    if (roof_render_visible (R, i) && dev[i].ok && !dev[i].priced)
      g_string_append_printf (s, _(" %s has no price."), roof_render_device_name (R, i));
    else if (dev[i].priced && dev[i].drafter_unfit)
      g_string_append_printf (s, _(" %s has no room for the drafter beside the model."),
                              roof_render_device_name (R, i));
    else if (dev[i].priced && dev[i].max_fit < 1.0)
      g_string_append_printf (s, _(" %s needs at least %d devices to hold the model."),
                              roof_render_device_name (R, i), dev[i].min_devices);
}

const RoofChartClass roof_chart_cost_class = {
  .measured_on = ROOF_MEASURED_ON_COST, /* roof-chart-measured.h */
  .title = N_("Cost per token"),
  .data_size = sizeof (Cost),
  .needs_devices = TRUE,
  .heading_format = N_("Cost per million output tokens · %s"),
  .collect = collect,
  .annotate = annotate,
  .obstacles = obstacles,
  .draw_data = draw_data,
  .describe = describe,
  .clear = clear,
};
