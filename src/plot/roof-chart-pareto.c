/* roof-chart-pareto.c — output tokens/s per device against tokens/s per user:
 * every layout × batch of each system, and each system's Pareto frontier
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The points and the frontier are the solver's (docs/model.md, "The
 * frontier"), gathered by roof_frontier_set_compute as `roofline-cli
 * pareto` gathers them.
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"
#include "roof-chart-measured.h"
#include "roof-frontier-set.h"

/* Label priorities, the highest placed first (roof-label-placer.h). */
enum
{
  PRIORITY_KNEE = 40,
  PRIORITY_TARGET = 58,
  PRIORITY_NAME = 75,
};

/* Pixels between two labelled knees of one frontier. */
#define MIN_KNEE_GAP 64.0

/* Owner of the ITL target line in the label placer. */
#define OWNER_TARGET 60

typedef struct
{
  gboolean ok;
  RoofError err;
  RoofFrontierSet set;
  double *xy; /* the frontier's points in pixels (obstacles) */
  int n_xy;
  const RoofFrontierPoint *current; /* the workload's layout and batch, when enumerated */
} ParetoDev;

typedef struct
{
  RoofFrontierMetric metric;
  RoofWorkload wl;
  double xmin, xmax, ymin, ymax;
  ParetoDev dev[ROOF_PLOT_MAX_DEVICES];
} Pareto;

static const char *
metric_title (RoofFrontierMetric m)
{
  switch (m)
    {
    case ROOF_FRONTIER_PER_KW:
      return _("Output tokens/s per kW");
    case ROOF_FRONTIER_PER_USD_HOUR:
      return _("Output tokens/s per US$ per hour");
    case ROOF_FRONTIER_PER_DEVICE:
    case ROOF_FRONTIER_METRIC_COUNT:
    default:
      return _("Output tokens/s per device");
    }
}

/* One system's points; its error when it has none. */
static const RoofError *
collect_device (const RoofChartInput *in, gpointer data, int i)
{
  Pareto *c = data;
  ParetoDev *d = &c->dev[i];
  const RoofHardwareParams *hw = &in->devices[i].hw;

  RoofFrontierOptions fo = { .metric = c->metric,
                             .itl = in->sla.itl,
                             .spec = in->has_spec ? &in->spec : NULL,
                             .draft = in->draft };

  /* a bare device is a system of frontier_devices (0: 8); a system, of its own size */
  fo.devices = hw->scaleup_size > 0 ? 0.0 : in->frontier_devices;
  if (roof_frontier_set_compute (&d->set, hw, in->model, &c->wl, &fo, &d->err) != ROOF_OK)
    return &d->err;
  if (d->set.n == 0)
    {
      RoofResult r;
      int need = roof_solve (hw, in->model, &c->wl, &r, &d->err) == ROOF_OK ? r.min_devices : 0;
      d->err.code = ROOF_ERR_INFEASIBLE;
      if (d->set.n_layouts == 0)
        g_strlcpy (d->err.message, _("no valid layout"), sizeof d->err.message);
      else
        g_snprintf (d->err.message, sizeof d->err.message,
                    _("the model fits in none of its layouts (it needs ≥ %d devices)"), need);
      return &d->err;
    }
  for (size_t k = 0; k < d->set.n; k++)
    {
      const RoofFrontierPoint *f = &d->set.points[k];
      c->xmin = MIN (c->xmin, f->x);
      c->xmax = MAX (c->xmax, f->x);
      c->ymin = MIN (c->ymin, f->y);
      c->ymax = MAX (c->ymax, f->y);
    }
  /* the point of the workload's own layout (TP, EP, PP; DP fills the
   * system) and batch, which the batch grid may not hold */
  for (size_t k = 0; k < d->set.n && d->current == NULL; k++)
    {
      const RoofLayoutPoint *p = &d->set.points[k].p;
      if (p->tp == c->wl.devices && p->ep == MAX (c->wl.ep, 1.0) && p->pp == MAX (c->wl.pp, 1.0)
          && p->batch == c->wl.batch)
        d->current = &d->set.points[k];
    }
  d->ok = TRUE;
  return NULL;
}

static gboolean
collect (const RoofChartInput *in, gpointer data, GError **error)
{
  Pareto *c = data;

  c->metric = (RoofFrontierMetric) in->frontier_metric;
  if ((int) c->metric < 0 || c->metric >= ROOF_FRONTIER_METRIC_COUNT)
    c->metric = ROOF_FRONTIER_PER_DEVICE;
  c->wl = in->workload;
  c->wl.phase = ROOF_PHASE_DECODE;
  c->xmin = c->ymin = G_MAXDOUBLE;
  c->xmax = c->ymax = 0.0;
  return roof_chart_collect_devices (in, c, collect_device, error);
}

static void
clear (gpointer data)
{
  Pareto *c = data;

  for (int i = 0; i < ROOF_PLOT_MAX_DEVICES; i++)
    {
      roof_frontier_set_clear (&c->dev[i].set);
      g_free (c->dev[i].xy);
    }
}

static void
axes (RoofRender *R, const Pareto *c)
{
  const RoofChartInput *in = R->in;
  RoofFrame *f = &R->frame;
  gboolean lin = in->frontier_linear;
  double xlo = c->xmin, xhi = c->xmax;

  if (in->sla.itl > 0.0)
    xlo = MIN (xlo, 1.0 / in->sla.itl), xhi = MAX (xhi, 1.0 / in->sla.itl);
  f->x_log = f->y_log = !lin;
  if (lin)
    {
      roof_scale_nice_bounds (FALSE, 0.0, xhi * 1.05, &f->x0, &f->x1);
      roof_scale_nice_bounds (FALSE, 0.0, c->ymax * 1.05, &f->y0, &f->y1);
    }
  else
    {
      f->x0 = roof_scale_snap125 (xlo * 0.9, FALSE), f->x1 = roof_scale_snap125 (xhi * 1.15, TRUE);
      /* three decades down from the best: below them only the faint points
       * of poor layouts lie */
      f->y0 = roof_scale_snap125 (MAX (c->ymin, c->ymax * 1e-3) * 0.9, FALSE);
      f->y1 = roof_scale_snap125 (c->ymax * 1.3, TRUE);
    }
  if (in->view_x1 > in->view_x0 && (lin || in->view_x0 > 0.0))
    f->x0 = in->view_x0, f->x1 = in->view_x1;
  if (in->view_y1 > in->view_y0 && (lin || in->view_y0 > 0.0))
    f->y0 = in->view_y0, f->y1 = in->view_y1;
  f->x_unit = f->y_unit = 1.0;
  f->x_title = _("Interactivity (tokens/s per user = 1 / ITL)");
  f->y_title = metric_title (c->metric);
}

static void
annotate (RoofRender *R, gpointer data)
{
  Pareto *c = data;
  const RoofChartInput *in = R->in;
  const RoofTheme *th = R->th;
  RoofLegendItem *it;
  char buf[200], num[48];

  roof_render_assumptions_full (R, FALSE, TRUE, FALSE);
  for (int i = 0; i < in->n_devices; i++)
    if (roof_render_visible (R, i) && !c->dev[i].ok)
      roof_render_note_failure (R, i, &c->dev[i].err);
  char size[48];

  roof_format_count (ROOF_FRONTIER_MAX_BATCH, num, sizeof num);
  roof_format_count (in->frontier_devices > 0.0 ? in->frontier_devices : 8.0, size, sizeof size);
  roof_render_note (R, _("every layout TP×EP×PP×DP × batch 1, 2, 3, 4, 6, … %s that fits; per "
                         "device counts the devices a layout uses; a bare device is a system "
                         "of %s"),
                    num, size);
  if (in->has_spec)
    {
      char k[48], a[48], tps[48];
      roof_chart_spec_numbers (in, k, a, tps);
      roof_render_note (R, _("speculative decoding, k = %s, α = %s: ITL = (t_verify + k · "
                             "t_draft) / %s tokens per step"),
                        k, a, tps);
    }
  /* the cost basis of the per-$/h axis and the tooltips' $/Mtok */
  roof_render_cost_basis (R, 0.0);
  axes (R, c);

  for (int i = 0; i < in->n_devices; i++)
    roof_legend_add (R, ROOF_LEGEND_LINE, roof_render_device_name (R, i), i,
                     roof_render_device_color (R, i));
  it = roof_legend_add (R, ROOF_LEGEND_MARKER, _("faint: every layout × batch"), -1,
                        roof_color_alpha (th->muted, 0.5));
  it->marker = ROOF_MARKER_SQUARE;
  it = roof_legend_add (R, ROOF_LEGEND_MARKER, _("frontier point (label: layout changes)"), -1,
                        th->muted);
  it->marker = ROOF_MARKER_CIRCLE;
  gboolean any_current = FALSE;
  for (int i = 0; i < in->n_devices; i++)
    any_current |= c->dev[i].ok && c->dev[i].current != NULL;
  if (any_current)
    {
      roof_layout_label (c->wl.devices, MAX (c->wl.ep, 1.0), MAX (c->wl.pp, 1.0), num, sizeof num);
      char b[24];
      roof_format_count (c->wl.batch, b, sizeof b);
      g_snprintf (buf, sizeof buf, _("current layout %s · batch %s"), num, b);
      roof_legend_add_operating_ring (R, buf);
    }
  if (in->sla.itl > 0.0)
    {
      roof_format_time (in->sla.itl, num, sizeof num);
      g_snprintf (buf, sizeof buf, _("shaded: meets ITL ≤ %s"), num);
      roof_legend_add (R, ROOF_LEGEND_SWATCH, buf, -1, th->region);
    }
  /* the frontiers fall from the top left to the bottom right */
  const int order[4] = { 2, 1, 3, 0 };
  memcpy (R->legend_corners, order, sizeof order);
}

static void
obstacles (RoofRender *R, gpointer data)
{
  Pareto *c = data;
  RoofFrame *f = &R->frame;

  for (int i = 0; i < R->in->n_devices; i++)
    {
      ParetoDev *d = &c->dev[i];
      if (!d->ok)
        continue;
      g_free (d->xy);
      d->xy = g_new (double, 2 * d->set.n_frontier);
      d->n_xy = 0;
      for (size_t k = 0; k < d->set.n; k++)
        if (d->set.points[k].frontier)
          {
            d->xy[2 * d->n_xy] = roof_frame_x (R, d->set.points[k].x);
            d->xy[2 * d->n_xy + 1] = roof_frame_y (R, d->set.points[k].y);
            d->n_xy++;
          }
      roof_label_placer_add_polyline (R->placer, d->xy, d->n_xy, i);
    }
  if (R->in->sla.itl > 0.0)
    {
      double x = roof_frame_x (R, 1.0 / R->in->sla.itl);
      roof_label_placer_add_segment (R->placer, x, f->plot.y, x, f->plot.y + f->plot.height,
                                     OWNER_TARGET);
    }
}

/* The side of the ITL target that meets it: x ≥ 1 / ITL. */
static void
draw_regions (RoofRender *R, gpointer data)
{
  RoofRect *pa = &R->frame.plot;
  (void) data;

  if (!(R->in->sla.itl > 0.0))
    return;
  double x = MAX (roof_frame_x (R, 1.0 / R->in->sla.itl), pa->x);
  if (x >= pa->x + pa->width)
    return;
  roof_color_set (R->cr, R->th->region);
  cairo_rectangle (R->cr, x, pa->y, pa->x + pa->width - x, pa->height);
  cairo_fill (R->cr);
}

/* The tooltip of a point: every figure of it. */
static void
hit_point (RoofRender *R, int i, const RoofFrontierPoint *f, double px, double py, double radius)
{
  const RoofLayoutPoint *p = &f->p;
  char lay[64], x[48], itl[48], dev[48], kw[64], tot[48], ttft[48], usd[64], b[24], n[24];

  if (R->in->no_tooltips)
    {
      roof_render_hit (R, px, py, radius, i, "%s", "");
      return;
    }
  roof_layout_label (p->tp, p->ep, p->pp, lay, sizeof lay);
  roof_format_number (f->x, 4, x, sizeof x);
  roof_format_time (p->itl_s, itl, sizeof itl);
  roof_format_number (p->tokens_per_s_per_device, 4, dev, sizeof dev);
  kw[0] = usd[0] = '\0';
  if (p->has_power)
    {
      char v[48];
      roof_format_number (p->tokens_per_s_per_kw, 4, v, sizeof v);
      g_snprintf (kw, sizeof kw, _(" · %s per kW"), v);
    }
  if (p->has_cost)
    {
      char v[48];
      roof_format_usd (p->usd_per_mtok, v, sizeof v);
      g_snprintf (usd, sizeof usd, _("\n%s per million output tokens"), v);
    }
  roof_format_number (p->tokens_per_s, 4, tot, sizeof tot);
  roof_format_time (p->ttft_s, ttft, sizeof ttft);
  roof_format_count (p->batch, b, sizeof b);
  roof_format_number (p->devices, 6, n, sizeof n);
  roof_render_hit (R, px, py, radius, i,
                   _("%s · %s × DP %g · batch %s%s\n%s tokens/s per user (ITL %s)\n"
                     "%s output tokens/s per device%s\n%s tokens/s on %s devices · TTFT %s%s\n"
                     "bound: %s"),
                   roof_render_device_full_name (R, i), lay, p->dp, b,
                   f->frontier ? _(" · on the frontier") : "", x, itl, dev, kw, tot, n, ttft, usd,
                   roof_bound_title (p->bound));
}

/* Every point of a system, faint, as small squares. */
static void
draw_cloud (RoofRender *R, const ParetoDev *d, int i)
{
  cairo_t *cr = R->cr;
  RoofRect *pa = &R->frame.plot;
  double r = R->th->marker_radius * 0.45;

  roof_color_set (cr, roof_color_alpha (roof_render_device_color (R, i), 0.28));
  for (size_t k = 0; k < d->set.n; k++)
    {
      const RoofFrontierPoint *f = &d->set.points[k];
      double x = roof_frame_x (R, f->x), y = roof_frame_y (R, f->y);
      if (f->frontier || x < pa->x - r || x > pa->x + pa->width + r || y < pa->y - r
          || y > pa->y + pa->height + r)
        continue;
      cairo_rectangle (cr, x - r, y - r, 2 * r, 2 * r);
      hit_point (R, i, f, x, y, r + 2.0);
    }
  cairo_fill (cr);
}

/* The frontier: its line, a dot per point, a label where the layout
 * changes ("TP4·EP8 · B=64"), the system's name. */
static void
draw_frontier (RoofRender *R, const ParetoDev *d, int i, GArray *labels)
{
  const RoofTheme *th = R->th;
  RoofColor col = roof_render_device_color (R, i);
  int m = 0;
  const RoofFrontierPoint *prev = NULL;
  double lx = -G_MAXDOUBLE, ly = -G_MAXDOUBLE; /* the last knee labelled */

  roof_render_stroke (R, d->xy, d->n_xy, th->line_width, ROOF_STROKE_SOLID, 0.0, col);
  for (size_t k = 0; k < d->set.n; k++)
    {
      const RoofFrontierPoint *f = &d->set.points[k];
      if (!f->frontier)
        continue;
      double x = d->xy[2 * m], y = d->xy[2 * m + 1];
      m++;
      roof_render_marker (R, ROOF_MARKER_CIRCLE, x, y, th->marker_radius * 0.6, col, col, FALSE);
      roof_label_placer_add_marker (R->placer, x, y, th->marker_radius * 0.6);
      hit_point (R, i, f, x, y, th->marker_radius + 4.0);
      /* a knee: the last point of a run of one layout, and the first point */
      const RoofFrontierPoint *next = NULL;
      for (size_t j = k + 1; j < d->set.n && next == NULL; j++)
        if (d->set.points[j].frontier)
          next = &d->set.points[j];
      gboolean ends = prev == NULL || next == NULL;
      gboolean knee = ends || next->p.tp != f->p.tp || next->p.ep != f->p.ep
                      || next->p.pp != f->p.pp;
      prev = f;
      /* layouts that take turns along the frontier (EP 8 and EP 9 on an
       * NVL72) would label every point: one label per MIN_KNEE_GAP pixels */
      if (!knee || (!ends && hypot (x - lx, y - ly) < MIN_KNEE_GAP))
        continue;
      lx = x, ly = y;
      char lay[64], b[24], buf[96];
      roof_layout_label (f->p.tp, f->p.ep, f->p.pp, lay, sizeof lay);
      roof_format_count (f->p.batch, b, sizeof b);
      g_snprintf (buf, sizeof buf, "%s · B=%s", lay, b);
      roof_render_label_point (R, labels, buf, ROOF_FONT_LABEL, col, x, y,
                               th->marker_radius * 0.6 + 1.0, PRIORITY_KNEE, i, TRUE);
    }
  roof_render_label_line (R, labels, roof_render_device_name (R, i), ROOF_FONT_LABEL_BOLD, col,
                          d->xy, d->n_xy, 0.2, PRIORITY_NAME, i);
}

static void
draw_target (RoofRender *R, GArray *labels)
{
  const RoofTheme *th = R->th;
  RoofRect *pa = &R->frame.plot;
  char buf[200], num[48], rate[48];
  double x = roof_frame_x (R, 1.0 / R->in->sla.itl);
  double xy[4] = { x, pa->y + pa->height, x, pa->y };

  roof_render_stroke (R, xy, 2, th->thin_width, ROOF_PREC_INT8, th->thin_width * 1.5,
                      th->foreground);
  cairo_set_dash (R->cr, NULL, 0, 0);
  roof_format_time (R->in->sla.itl, num, sizeof num);
  roof_format_number (1.0 / R->in->sla.itl, 3, rate, sizeof rate);
  g_snprintf (buf, sizeof buf, _("ITL ≤ %s (%s tokens/s per user)"), num, rate);
  roof_render_label_line (R, labels, buf, ROOF_FONT_LABEL, th->foreground, xy, 2, 0.85,
                          PRIORITY_TARGET, OWNER_TARGET);
}

static void
draw_data (RoofRender *R, gpointer data, GArray *labels)
{
  Pareto *c = data;

  for (int i = 0; i < R->in->n_devices; i++)
    if (c->dev[i].ok)
      draw_cloud (R, &c->dev[i], i);
  cairo_set_line_join (R->cr, CAIRO_LINE_JOIN_ROUND);
  for (int i = 0; i < R->in->n_devices; i++)
    if (c->dev[i].ok && c->dev[i].n_xy > 0)
      draw_frontier (R, &c->dev[i], i, labels);
  for (int i = 0; i < R->in->n_devices; i++)
    if (c->dev[i].ok && c->dev[i].current != NULL)
      {
        const RoofFrontierPoint *f = c->dev[i].current;
        double x = roof_frame_x (R, f->x), y = roof_frame_y (R, f->y);
        roof_render_operating_ring (R, x, y, roof_render_device_color (R, i));
        hit_point (R, i, f, x, y, R->th->marker_radius + 4.0);
      }
  if (R->in->sla.itl > 0.0)
    draw_target (R, labels);
}

/* A measured point against its device's frontier (docs/model.md,
 * "Measured points"): the frontier at x tokens/s per user is the most
 * tokens/s per device of any frontier point giving at least x, the first
 * with x_f ≥ x (the frontier rises in x and falls in y). */
static void
measured_fractions (RoofRender *R, gpointer data)
{
  Pareto *c = data;
  RoofMeasuredOverlay *o = R->measured;

  for (int k = 0; k < o->n; k++)
    {
      int i = R->in->measured[o->index[k]].device;
      const ParetoDev *d = i >= 0 && i < R->in->n_devices ? &c->dev[i] : NULL;
      double y = 0.0;

      for (size_t j = 0; d != NULL && d->ok && j < d->set.n && y == 0.0; j++)
        if (d->set.points[j].frontier && d->set.points[j].x >= o->x[k])
          y = d->set.points[j].y;
      roof_measured_set_frontier (o, k, y);
    }
}

/* Each system's frontier from its most interactive point to its most
 * productive one, and the best within the ITL target. */
static void
describe (RoofRender *R, gpointer data)
{
  Pareto *c = data;
  const RoofChartInput *in = R->in;
  GString *s = R->desc;

  g_string_append_printf (s, _("Frontier of %s, %s against tokens/s per user."),
                          roof_input_model_name (in, _("the model")), metric_title (c->metric));
  for (int i = 0; i < in->n_devices; i++)
    {
      const ParetoDev *d = &c->dev[i];
      const RoofFrontierPoint *lo = NULL, *hi = NULL, *best;
      char x0[48], y0[48], x1[48], y1[48];

      if (!d->ok)
        continue;
      for (size_t k = 0; k < d->set.n; k++)
        if (d->set.points[k].frontier)
          {
            hi = hi ? hi : &d->set.points[k]; /* the first: the most per device */
            lo = &d->set.points[k];           /* the last: the most per user */
          }
      roof_format_number (hi->x, 3, x0, sizeof x0);
      roof_format_number (hi->y, 3, y0, sizeof y0);
      roof_format_number (lo->x, 3, x1, sizeof x1);
      roof_format_number (lo->y, 3, y1, sizeof y1);
      g_string_append_printf (s, _(" %s: %zu frontier points, from %s per user at %s to %s per "
                                   "user at %s."),
                              roof_render_device_name (R, i), d->set.n_frontier, x0, y0, x1, y1);
      best = roof_frontier_set_best_within (&d->set, in->sla.itl);
      if (best != NULL)
        {
          char lay[64], b[24];
          roof_layout_label (best->p.tp, best->p.ep, best->p.pp, lay, sizeof lay);
          roof_format_number (best->y, 3, y0, sizeof y0);
          roof_format_count (best->p.batch, b, sizeof b);
          g_string_append_printf (s, _(" Within the ITL target: %s at %s, batch %s."), y0, lay,
                                  b);
        }
    }
}

const RoofChartClass roof_chart_pareto_class = {
  .title = N_("Throughput–interactivity frontier"),
  .data_size = sizeof (Pareto),
  .needs_devices = TRUE,
  .measured_on = ROOF_MEASURED_ON_PARETO, /* roof-chart-measured.h */
  .measured_fractions = measured_fractions,
  .heading_format = N_("Throughput against interactivity · %s"),
  .collect = collect,
  .annotate = annotate,
  .obstacles = obstacles,
  .draw_regions = draw_regions,
  .draw_data = draw_data,
  .describe = describe,
  .clear = clear,
};
