/* roof-chart-measured.h — measured results drawn over a chart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chart whose class sets `measured_on` gets the input's measured points
 * (RoofChartInput.measured) drawn by the driver (roof-chart-pipeline.c):
 * after the chart's annotate stage, roof_measured_begin picks the points
 * the axes can place, widens the axes to hold them and adds a legend entry
 * per source; the layout adds them as obstacles, the data layer draws a
 * marker, its percentage of the bound as a label and a tooltip with the
 * source and settings, and the description counts them. Where a point goes
 * on each chart is docs/model.md, "Measured points".
 */
#pragma once

#include "roof-chart-common.h"

G_BEGIN_DECLS

typedef enum
{
  ROOF_MEASURED_NONE = 0,
  ROOF_MEASURED_ON_ROOFLINE, /* intensity, attained FLOP/s */
  ROOF_MEASURED_ON_BATCH,    /* batch, tokens/s */
  ROOF_MEASURED_ON_COST,     /* batch, $ per million tokens */
  ROOF_MEASURED_ON_PARETO,   /* tokens/s per user, tokens/s per device */
} RoofMeasuredAxes;

typedef struct _RoofMeasuredOverlay
{
  int n;
  int index[ROOF_PLOT_MAX_MEASURED]; /* into in->measured */
  double x[ROOF_PLOT_MAX_MEASURED], y[ROOF_PLOT_MAX_MEASURED];
  double px[ROOF_PLOT_MAX_MEASURED], py[ROOF_PLOT_MAX_MEASURED];
  /* the label's fraction: the point's of its bound, or (frontier chart) of
   * the frontier at its x; NAN = none (the tooltip says why) */
  double fraction[ROOF_PLOT_MAX_MEASURED];
  RoofMeasuredAxes axes;
  gboolean sources_shown[ROOF_PLOT_MAX_SOURCES];
} RoofMeasuredOverlay;

/* The points of the input on these axes (in `o`, which R->measured then
 * points to): the measured throughput and attained FLOP/s per device times
 * the devices the chart's curves are for (the roofline's tensor-parallel
 * group, the batch chart's replica), so that a point sits at its fraction
 * of its roof. Nothing for ROOF_MEASURED_NONE. */
void roof_measured_collect (const RoofChartInput *in,
                            RoofMeasuredAxes axes,
                            RoofMeasuredOverlay *o);
/* The frontier chart's fraction of point k, y over the frontier's y at
 * its x (docs/model.md, "Measured points"): `frontier_y` is the frontier's
 * y there, 0 where the frontier does not reach that x. */
void roof_measured_set_frontier (RoofMeasuredOverlay *o, int k, double frontier_y);
/* roof_measured_collect, then the frame widened to hold the points (unless
 * the view is zoomed) and a legend entry per source with a point. */
void roof_measured_begin (RoofRender *R, RoofMeasuredAxes axes, RoofMeasuredOverlay *o);
void roof_measured_obstacles (RoofRender *R);
/* Markers, "43 %" labels and tooltips. */
void roof_measured_draw (RoofRender *R, GArray *labels);
/* " Measured points: 3, at 23–80 % of their bounds." */
void roof_measured_describe (RoofRender *R);

G_END_DECLS
