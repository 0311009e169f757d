/* roof-window.h — the main window: panels, the seven charts, the summary strip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window owns the catalog and the scenario and recomputes what the charts
 * and the summary strip show once per frame after any edit of either.
 * Actions (all with their accelerator on this class and in
 * gtk/help-overlay.ui): win.chart (string: "roofline" … "trend"), win.export,
 * win.export-to (string: a path; format from its extension, the rest from the
 * export defaults), win.copy-chart, win.reset-view, win.toggle-hardware-panel,
 * win.toggle-model-panel, win.open, win.save, win.save-as,
 * win.import-hardware, win.export-hardware, win.search-hardware, win.zoom-in,
 * win.zoom-out.
 */
#pragma once

#include <adwaita.h>

#include "roof-catalog.h"
#include "roof-chart-view.h"
#include "roof-scenario.h"
#include "roof-summary-strip.h"

G_BEGIN_DECLS

#define ROOF_TYPE_WINDOW (roof_window_get_type ())
G_DECLARE_FINAL_TYPE (RoofWindow, roof_window, ROOF, WINDOW, AdwApplicationWindow)

/* Properties: "catalog", "scenario" (read-only), "file" (the scenario's file
 * or NULL), "chart" (string), "hardware-panel-visible",
 * "model-panel-visible". */

RoofWindow *roof_window_new (AdwApplication *application);

RoofCatalog *roof_window_get_catalog (RoofWindow *self);
RoofScenario *roof_window_get_scenario (RoofWindow *self);
/* The file the scenario was opened from or last saved to, or NULL. */
GFile *roof_window_get_file (RoofWindow *self);

/* The chart on screen and the one for a kind. */
RoofChartView *roof_window_get_visible_chart (RoofWindow *self);
RoofChartView *roof_window_get_chart (RoofWindow *self, RoofPlotKind kind);
RoofSummaryStrip *roof_window_get_summary_strip (RoofWindow *self);
GtkWidget *roof_window_get_hardware_panel (RoofWindow *self);
GtkWidget *roof_window_get_model_panel (RoofWindow *self);

/* Recomputes now rather than at the next frame (tests, benchmarks). */
void roof_window_recompute (RoofWindow *self);

/* Writes the visible chart with the export defaults of GSettings (size,
 * scale, theme, background, caption); the format follows the extension. */
gboolean roof_window_export_chart (RoofWindow *self, GFile *file, GError **error);

/* Opens a scenario file in this window, replacing the scenario. */
gboolean roof_window_open_file (RoofWindow *self, GFile *file, GError **error);

G_END_DECLS
