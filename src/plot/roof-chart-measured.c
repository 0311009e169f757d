/* roof-chart-measured.c — measured results drawn over the roofline, batch, cost and frontier
 * charts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where a point goes is docs/model.md, "Measured points"; the numbers come
 * worked out in RoofPlotMeasured (src/chart-data/roof-measured.c).
 */
#include <math.h>
#include <string.h>

#include "roof-chart-measured.h"

/* Above the batch labels, below the roofs' own: a measured point's
 * percentage may cross one data line. */
#define PRIORITY_MEASURED 58

/* One shape per source, drawn with a dark outline so a measured point
 * never reads as one of the model's. */
static RoofMarker
source_marker (int source)
{
  static const RoofMarker markers[]
    = { ROOF_MARKER_DIAMOND, ROOF_MARKER_TRIANGLE, ROOF_MARKER_SQUARE, ROOF_MARKER_CIRCLE };

  return markers[source % G_N_ELEMENTS (markers)];
}

void
roof_measured_collect (const RoofChartInput *in, RoofMeasuredAxes axes, RoofMeasuredOverlay *o)
{
  double devices = 1.0;

  memset (o, 0, sizeof *o);
  o->axes = axes;
  /* the frontier's y is output tokens/s per device: no point on per kW or
   * per US$ per hour */
  if (axes == ROOF_MEASURED_ON_PARETO && in->frontier_metric != 0)
    return;
  if (axes == ROOF_MEASURED_ON_ROOFLINE)
    devices = MAX (in->workload.devices, 1.0);
  else if (axes == ROOF_MEASURED_ON_BATCH)
    devices = roof_workload_replica_devices (&in->workload);
  for (int i = 0; axes != ROOF_MEASURED_NONE && i < in->n_measured && o->n < ROOF_PLOT_MAX_MEASURED;
       i++)
    {
      const RoofPlotMeasured *p = &in->measured[i];
      double per_device = devices / MAX (p->devices, 1.0);
      double x = 0.0, y = 0.0;

      if (p->source < 0 || p->source >= MIN (in->n_measured_sources, ROOF_PLOT_MAX_SOURCES)
          || (in->measured_hidden & (1u << p->source)))
        continue;
      if (p->device >= 0 && !roof_input_visible (in, p->device))
        continue;
      switch (axes)
        {
        case ROOF_MEASURED_ON_ROOFLINE:
          x = p->intensity, y = p->attained_flops * per_device;
          break;
        case ROOF_MEASURED_ON_BATCH:
          x = p->batch, y = p->tokens_per_s * per_device;
          break;
        case ROOF_MEASURED_ON_PARETO:
          x = p->per_user, y = p->tokens_per_s / MAX (p->devices, 1.0);
          break;
        case ROOF_MEASURED_ON_COST:
        default:
          x = p->batch, y = p->usd_per_mtok;
          break;
        }
      if (!(x > 0.0 && y > 0.0 && isfinite (x) && isfinite (y)))
        continue;
      o->index[o->n] = i;
      o->x[o->n] = x, o->y[o->n] = y;
      o->fraction[o->n] = axes == ROOF_MEASURED_ON_PARETO ? NAN : p->fraction;
      o->sources_shown[p->source] = TRUE;
      o->n++;
    }
}

void
roof_measured_set_frontier (RoofMeasuredOverlay *o, int k, double frontier_y)
{
  g_return_if_fail (k >= 0 && k < o->n);
  o->fraction[k] = frontier_y > 0.0 ? o->y[k] / frontier_y : NAN;
}

/* [lo, hi] snapped again when a point falls outside it. */
static void
widen (gboolean log, double lo_data, double hi_data, double *lo, double *hi)
{
  if (lo_data >= *lo && hi_data <= *hi)
    return;
  roof_scale_nice_bounds (log, MIN (*lo, log ? lo_data / 1.5 : lo_data),
                          MAX (*hi, log ? hi_data * 1.5 : hi_data * 1.05), lo, hi);
}

/* Whether a point shown (of source `source`, −1 for any) is placed at
 * output ÷ end-to-end latency per user. */
static gboolean
lower_bound_shown (const RoofChartInput *in, const RoofMeasuredOverlay *o, int source)
{
  for (int k = 0; k < o->n; k++)
    {
      const RoofPlotMeasured *p = &in->measured[o->index[k]];
      if (p->per_user_e2e && (source < 0 || p->source == source))
        return TRUE;
    }
  return FALSE;
}

void
roof_measured_begin (RoofRender *R, RoofMeasuredAxes axes, RoofMeasuredOverlay *o)
{
  const RoofChartInput *in = R->in;
  RoofFrame *f = &R->frame;
  double x0 = G_MAXDOUBLE, x1 = 0.0, y0 = G_MAXDOUBLE, y1 = 0.0;

  roof_measured_collect (in, axes, o);
  R->measured = o;
  if (o->n == 0)
    return;
  for (int k = 0; k < o->n; k++)
    {
      x0 = MIN (x0, o->x[k]), x1 = MAX (x1, o->x[k]);
      y0 = MIN (y0, o->y[k]), y1 = MAX (y1, o->y[k]);
    }
  if (!(in->view_x1 > in->view_x0))
    widen (f->x_log, x0, x1, &f->x0, &f->x1);
  if (!(in->view_y1 > in->view_y0))
    widen (f->y_log, y0, y1, &f->y0, &f->y1);
  if (axes == ROOF_MEASURED_ON_PARETO && lower_bound_shown (in, o, -1))
    roof_render_note (R, "%s", _("measured points with an arrow (→) state no TPOT or ITL: "
                                 "their tokens/s per user is output ÷ end-to-end latency, a "
                                 "lower bound"));
  for (int s = 0; s < in->n_measured_sources && s < ROOF_PLOT_MAX_SOURCES; s++)
    if (o->sources_shown[s])
      {
        g_autofree char *text
          = axes == ROOF_MEASURED_ON_PARETO && lower_bound_shown (in, o, s)
              ? g_strdup_printf (_("measured: %s (→ per user ≥)"), in->measured_sources[s])
              : g_strdup_printf (_("measured: %s"), in->measured_sources[s]);
        RoofLegendItem *it = roof_legend_add (R, ROOF_LEGEND_MARKER, text, -1, R->th->foreground);
        it->marker = source_marker (s);
      }
}

/* Whether point k of the frontier chart sits at a lower bound of its
 * tokens/s per user: an arrow then points right, where its rate lies. */
static gboolean
has_arrow (const RoofRender *R, const RoofMeasuredOverlay *o, int k)
{
  return o->axes == ROOF_MEASURED_ON_PARETO && R->in->measured[o->index[k]].per_user_e2e;
}

/* The arrow's shaft from the marker's edge, 3 radii long, and its head. */
static void
arrow_path (const RoofRender *R, double x, double y, double shaft[4], double head[6])
{
  double r = R->th->marker_radius + 1.0, end = x + 4.0 * r, h = 0.8 * r;

  shaft[0] = x + r, shaft[1] = y, shaft[2] = end, shaft[3] = y;
  head[0] = end - h, head[1] = y - h, head[2] = end, head[3] = y, head[4] = end - h,
  head[5] = y + h;
}

void
roof_measured_obstacles (RoofRender *R)
{
  RoofMeasuredOverlay *o = R->measured;

  for (int k = 0; o != NULL && k < o->n; k++)
    {
      o->px[k] = roof_frame_x (R, o->x[k]);
      o->py[k] = roof_frame_y (R, o->y[k]);
      roof_label_placer_add_marker (R->placer, o->px[k], o->py[k], R->th->marker_radius + 1.0);
      if (has_arrow (R, o, k))
        {
          double shaft[4], head[6];
          arrow_path (R, o->px[k], o->py[k], shaft, head);
          roof_label_placer_add_segment (R->placer, shaft[0], head[1], shaft[2], head[5], -1);
          roof_label_placer_add_segment (R->placer, shaft[0], head[5], shaft[2], head[1], -1);
        }
    }
}

/* The frontier chart's lines under a point's tooltip: how its tokens/s
 * per user were found when not from a TPOT or ITL, and its share of the
 * frontier (`num`, formatted) or why it has none. */
static char *
pareto_tooltip (const RoofPlotMeasured *p, double x, double fraction, const char *num)
{
  GString *s = g_string_new (NULL);
  char per_user[32];

  if (p->per_user_e2e)
    {
      roof_format_number (x, 4, per_user, sizeof per_user);
      g_string_append_printf (s, _("%s tokens/s per user: output ÷ end-to-end latency, a lower "
                                   "bound\n"),
                              per_user);
    }
  if (isfinite (fraction))
    g_string_append_printf (s, _("%s %% of the frontier at the same tokens/s per user"), num);
  else
    g_string_append (s, _("more tokens/s per user than any point of the frontier"));
  return g_string_free (s, FALSE);
}

void
roof_measured_draw (RoofRender *R, GArray *labels)
{
  const RoofMeasuredOverlay *o = R->measured;
  const RoofTheme *th = R->th;

  for (int k = 0; o != NULL && k < o->n; k++)
    {
      const RoofPlotMeasured *p = &R->in->measured[o->index[k]];
      RoofColor col = p->device >= 0 ? roof_render_device_color (R, p->device) : th->muted;
      char pct[48], num[32];

      const char *tip = p->tooltip != NULL ? p->tooltip : "";

      if (has_arrow (R, o, k))
        {
          double shaft[4], head[6];
          arrow_path (R, o->px[k], o->py[k], shaft, head);
          roof_render_stroke (R, shaft, 2, th->line_width, ROOF_STROKE_SOLID, 0.0, col);
          roof_render_stroke (R, head, 3, th->line_width, ROOF_STROKE_SOLID, 0.0, col);
        }
      roof_render_marker (R, source_marker (p->source), o->px[k], o->py[k],
                          th->marker_radius + 1.0, col, th->foreground, FALSE);
      if (isfinite (o->fraction[k]))
        {
          roof_format_number (100.0 * o->fraction[k], 2, num, sizeof num);
          g_snprintf (pct, sizeof pct, _("%s %%"), num);
          roof_render_label_point (R, labels, pct, ROOF_FONT_LABEL, th->foreground, o->px[k],
                                   o->py[k], th->marker_radius + 1.0, PRIORITY_MEASURED, -1,
                                   FALSE);
        }
      if (o->axes != ROOF_MEASURED_ON_PARETO)
        roof_render_hit (R, o->px[k], o->py[k], th->marker_radius + 5.0, p->device, "%s", tip);
      else
        {
          g_autofree char *x = pareto_tooltip (p, o->x[k], o->fraction[k], num);
          roof_render_hit (R, o->px[k], o->py[k], th->marker_radius + 5.0, p->device, "%s\n%s",
                           tip, x);
        }
    }
}

void
roof_measured_describe (RoofRender *R)
{
  const RoofMeasuredOverlay *o = R->measured;
  double lo = G_MAXDOUBLE, hi = 0.0;
  char a[32], b[32];

  if (o == NULL || o->n == 0)
    return;
  for (int k = 0; k < o->n; k++)
    if (isfinite (o->fraction[k]))
      lo = MIN (lo, o->fraction[k]), hi = MAX (hi, o->fraction[k]);
  if (hi == 0.0)
    {
      g_string_append_printf (R->desc, _(" Measured points: %d."), o->n);
      return;
    }
  roof_format_number (100.0 * lo, 2, a, sizeof a);
  roof_format_number (100.0 * hi, 2, b, sizeof b);
  if (o->axes == ROOF_MEASURED_ON_PARETO)
    g_string_append_printf (R->desc, _(" Measured points: %d, at %s–%s %% of the frontier."),
                            o->n, a, b);
  else
    g_string_append_printf (R->desc, _(" Measured points: %d, at %s–%s %% of their bounds."),
                            o->n, a, b);
}
