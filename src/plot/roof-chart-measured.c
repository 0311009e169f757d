/* roof-chart-measured.c — measured results drawn over the roofline, batch and cost charts
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
        case ROOF_MEASURED_ON_COST:
        default:
          x = p->batch, y = p->usd_per_mtok;
          break;
        }
      if (!(x > 0.0 && y > 0.0 && isfinite (x) && isfinite (y)))
        continue;
      o->index[o->n] = i;
      o->x[o->n] = x, o->y[o->n] = y;
      o->sources_shown[p->source] = TRUE;
      o->n++;
    }
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
  for (int s = 0; s < in->n_measured_sources && s < ROOF_PLOT_MAX_SOURCES; s++)
    if (o->sources_shown[s])
      {
        g_autofree char *text = g_strdup_printf (_("measured: %s"), in->measured_sources[s]);
        RoofLegendItem *it = roof_legend_add (R, ROOF_LEGEND_MARKER, text, -1, R->th->foreground);
        it->marker = source_marker (s);
      }
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
    }
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

      roof_render_marker (R, source_marker (p->source), o->px[k], o->py[k],
                          th->marker_radius + 1.0, col, th->foreground, FALSE);
      roof_format_number (100.0 * p->fraction, 2, num, sizeof num);
      g_snprintf (pct, sizeof pct, _("%s %%"), num);
      roof_render_label_point (R, labels, pct, ROOF_FONT_LABEL, th->foreground, o->px[k], o->py[k],
                               th->marker_radius + 1.0, PRIORITY_MEASURED, -1, FALSE);
      roof_render_hit (R, o->px[k], o->py[k], th->marker_radius + 5.0, p->device, "%s",
                       p->tooltip != NULL ? p->tooltip : "");
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
    {
      double f = R->in->measured[o->index[k]].fraction;
      lo = MIN (lo, f), hi = MAX (hi, f);
    }
  roof_format_number (100.0 * lo, 2, a, sizeof a);
  roof_format_number (100.0 * hi, 2, b, sizeof b);
  g_string_append_printf (R->desc, _(" Measured points: %d, at %s–%s %% of their bounds."), o->n,
                          a, b);
}
