/* roof-chart-view.h — one chart on screen: drawn by the export renderer, explored by hand
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view draws through roof_chart_render, the function export uses, into
 * an image once per change, and keeps the RoofChartLayout it returns for hit
 * testing: hovering shows a crosshair with the axis values and a tooltip with
 * the exact values of the item under the pointer, a click pins that item in
 * a popover, scrolling zooms around the pointer, dragging pans, and a click on
 * a legend entry hides or shows that device's series.
 */
#pragma once

#include <gtk/gtk.h>

#include "roof-chart-data.h"

G_BEGIN_DECLS

#define ROOF_TYPE_PLOT_KIND (roof_plot_kind_get_type ())
GType roof_plot_kind_get_type (void) G_GNUC_CONST;
#define ROOF_TYPE_THEME_KIND (roof_theme_kind_get_type ())
GType roof_theme_kind_get_type (void) G_GNUC_CONST;

#define ROOF_TYPE_CHART_VIEW (roof_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (RoofChartView, roof_chart_view, ROOF, CHART_VIEW, GtkWidget)

/* Properties: "kind" (RoofPlotKind), "theme" (RoofThemeKind), "data"
 * (RoofChartData), "zoomed" (read-only: the view differs from automatic).
 * Signal ::rendered () after each render of the chart (not of the overlay). */

GtkWidget *roof_chart_view_new (RoofPlotKind kind);

RoofPlotKind roof_chart_view_get_kind (RoofChartView *self);
void roof_chart_view_set_kind (RoofChartView *self, RoofPlotKind kind);
RoofThemeKind roof_chart_view_get_theme (RoofChartView *self);
void roof_chart_view_set_theme (RoofChartView *self, RoofThemeKind theme);
RoofChartData *roof_chart_view_get_data (RoofChartView *self);
void roof_chart_view_set_data (RoofChartView *self, RoofChartData *data);

/* What is on screen as a chart input (kind, hidden series, zoom) for export
 * and the clipboard; theme and size are the caller's. FALSE without data. */
gboolean roof_chart_view_build_input (RoofChartView *self, RoofChartInput *out);

/* Back to the automatic axis ranges; FALSE when there was nothing to reset. */
gboolean roof_chart_view_reset_view (RoofChartView *self);
gboolean roof_chart_view_get_zoomed (RoofChartView *self);
/* Zooms by `factor` (< 1 zooms in) around the point (x, y) in widget pixels. */
void roof_chart_view_zoom_at (RoofChartView *self, double x, double y, double factor);

/* The same around the plot's centre (Ctrl+plus, Ctrl+minus); FALSE when the
 * chart has no zoomable axis. */
gboolean roof_chart_view_zoom (RoofChartView *self, double factor);

/* Legend toggles, by device id; they survive edits of the comparison. */
void roof_chart_view_set_device_hidden (RoofChartView *self, const char *id, gboolean hidden);
gboolean roof_chart_view_get_device_hidden (RoofChartView *self, const char *id);

/* The scenario whose batch or context the user sets by dragging the
 * operating point's handle on the cost, batch and context charts (the
 * layout's op_*); NULL: the handle cannot be dragged. */
void roof_chart_view_set_scenario (RoofChartView *self, RoofScenario *scenario);

/* The layout of the last render, NULL before the first one. */
const RoofChartLayout *roof_chart_view_get_layout (RoofChartView *self);
/* Pins the item under (x, y) in widget pixels, as a click does; FALSE when
 * there is none there. */
gboolean roof_chart_view_pin_at (RoofChartView *self, double x, double y);
/* The pinned item's text, NULL when nothing is pinned. */
const char *roof_chart_view_get_pinned_text (RoofChartView *self);

G_END_DECLS
