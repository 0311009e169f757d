/* roof-chart-view-private.h — what the files of RoofChartView share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * roof-chart-view.c draws the chart and owns its state;
 * roof-chart-view-pointer.c is what the pointer does with it.
 */
#pragma once

#include "roof-chart-view.h"

G_BEGIN_DECLS

struct _RoofChartView
{
  GtkWidget parent_instance;

  RoofPlotKind kind;
  RoofThemeKind theme;
  RoofChartData *data;
  GHashTable *hidden; /* ids toggled off in the legend */
  double view[4];     /* x0, x1, y0, y1; 0 = automatic */
  RoofFrontierMetric frontier_metric; /* the pareto chart's y axis */
  gboolean frontier_linear;           /* and its axes */

  RoofChartLayout *layout;
  GskRenderNode *node; /* the chart as last rendered, replayed until something changes */
  RoofChartCache *cache; /* text shaped by the last render, for the next one and exports */
  int node_width, node_height;
  gboolean rendered_once;
  gboolean tooltips_ready; /* the layout's items have their tooltips */

  /* what the tick labels divide values by (TFLOP/s axes show 989, not
   * 9.894e14), from the layout after each render */
  double x_factor, y_factor;

  /* pointer */
  gboolean pointer_inside;
  double px, py;
  const RoofHitItem *hover;

  /* drag to pan: the axes as they were when the drag began */
  gboolean panning;
  RoofChartLayout drag_axes;

  /* the scenario whose batch or context the operating point's handle
   * sets, and a drag of that handle: the line's x when it began */
  RoofScenario *scenario;
  gboolean dragging_op;
  double op_drag_x;

  /* pinned item */
  int pin_index; /* into layout->items, −1 for none */
  char *pin_text;
  GtkWidget *popover;
  GtkWidget *popover_label;
};

static inline gboolean
roof_chart_view_in_plot_area (const RoofChartLayout *l, double x, double y)
{
  const RoofRect *p = &l->plot_area;
  return p->width > 0 && x >= p->x && x <= p->x + p->width && y >= p->y && y <= p->y + p->height;
}

/* roof-chart-view.c */
void roof_chart_view_unpin (RoofChartView *self);
void roof_chart_view_pin (RoofChartView *self, const RoofHitItem *it);
/* The pinned item's area; FALSE when it is off the plot */
gboolean roof_chart_view_pin_rect (RoofChartView *self, GdkRectangle *rect);
/* New view ranges (x0, x1, y0, y1; 0 = automatic), notifying :zoomed */
void roof_chart_view_set_view (RoofChartView *self, const double view[4]);
void roof_chart_view_ensure_tooltips (RoofChartView *self);

/* roof-chart-view-pointer.c */
/* Whether (x, y) takes hold of the operating point's line or handle. */
gboolean roof_chart_view_op_hit (RoofChartView *self, double x, double y);
void roof_chart_view_add_pointer_controllers (RoofChartView *self);
void roof_chart_view_append_overlay (RoofChartView *self, GtkSnapshot *snapshot);
gboolean roof_chart_view_query_tooltip (GtkWidget *widget,
                                        int x,
                                        int y,
                                        gboolean keyboard,
                                        GtkTooltip *tooltip);

G_END_DECLS
