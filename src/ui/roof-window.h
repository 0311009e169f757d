/* roof-window.h — the main window: panels, the eight charts, the summary strip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window shows a RoofDocument (the scenario, its file, its unsaved
 * changes) over the catalog of a RoofUserCatalog, which the application's
 * windows share, and recomputes what the charts and the summary strip show
 * once per frame after any edit of either. The title says the document's
 * name, with "•" while there are unsaved changes; closing then asks first.
 *
 * Actions (those with an accelerator have it on this class and in
 * gtk/help-overlay.ui): win.chart (string: "roofline" … "trend"), win.export,
 * win.export-to (string: a path; format from its extension, the rest from the
 * export defaults), win.copy-chart, win.reset-view, win.toggle-hardware-panel,
 * win.toggle-model-panel, win.open (Ctrl+O), win.open-file (string: a path
 * or URI, as Open Recent does), win.save (Ctrl+S), win.save-as
 * (Shift+Ctrl+S), win.save-to (string: a path, no dialog), win.new-hardware,
 * win.new-model, win.delete-hardware and win.delete-model (string: an id;
 * custom entries only, with an Undo toast), win.import-hardware (a catalog
 * file, asking about each entry that differs), win.import-from (string: a
 * path), win.export-hardware (the entries to export, then the file),
 * win.search-hardware, win.zoom-in, win.zoom-out. Files dropped on the
 * window open as win.open-file does.
 */
#pragma once

#include <adwaita.h>

#include "roof-catalog.h"
#include "roof-chart-view.h"
#include "roof-document.h"
#include "roof-history.h"
#include "roof-scenario.h"
#include "roof-summary-strip.h"
#include "roof-user-catalog.h"

G_BEGIN_DECLS

#define ROOF_TYPE_WINDOW (roof_window_get_type ())
G_DECLARE_FINAL_TYPE (RoofWindow, roof_window, ROOF, WINDOW, AdwApplicationWindow)

/* Properties: "user-catalog" (construct-only: the application's, or one in
 * memory when NULL), "document", "catalog", "scenario" (read-only), "file"
 * (the scenario's file or NULL), "chart" (string), "hardware-panel-visible",
 * "model-panel-visible". */

/* With the application's catalog when `application` is a RoofApplication. */
RoofWindow *roof_window_new (AdwApplication *application);
RoofWindow *roof_window_new_with_catalog (AdwApplication *application,
                                          RoofUserCatalog *user_catalog);

RoofDocument *roof_window_get_document (RoofWindow *self);
/* The undo and redo of the window's edits (win.undo, win.redo). */
RoofHistory *roof_window_get_history (RoofWindow *self);
RoofUserCatalog *roof_window_get_user_catalog (RoofWindow *self);

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

/* Opens a scenario file in this window, replacing the scenario (a catalog
 * file is imported). FALSE, changing nothing, when the file does not load;
 * when its entries differ from the catalog's, the change waits for the
 * answers to the questions asked first. */
gboolean roof_window_open_file (RoofWindow *self, GFile *file, GError **error);
/* Imports the measured results of `file` into the scenario and the user's
 * set, as File → Import Measurements… does: asks what the file does not
 * say, then says how many were imported (or why none were). */
void roof_window_import_measurements (RoofWindow *self, GFile *file);
/* What Open does with a file: the window that shows it comes forward; else
 * it opens here when this window shows an untouched untitled scenario, or in
 * a new window. Problems are said in a dialog. */
void roof_window_open (RoofWindow *self, GFile *file);
/* Opens a recovery copy as the unsaved changes of its file (here if
 * untouched, else, or when `new_window`, in a new window). */
gboolean roof_window_restore_recovery (RoofWindow *self,
                                       GFile *recovery,
                                       gboolean new_window,
                                       GError **error);
/* Writes a catalog file of `specs` (RoofSpec). */
gboolean roof_window_export_entries (RoofWindow *self,
                                     GPtrArray *specs,
                                     GFile *file,
                                     GError **error);

/* Start-up reports, from the application. */
void roof_window_report_catalog_problem (RoofWindow *self,
                                         const GError *error,
                                         GFile *moved_to,
                                         gboolean read_only);
void roof_window_report_save_failure (RoofWindow *self, const GError *error);
/* Asks whether to restore `files`, recovery copies (GFile) a crash left;
 * a copy that cannot be read is set aside as NAME.failed and a message
 * names it and says why. */
void roof_window_offer_recovery (RoofWindow *self, GPtrArray *files);

G_END_DECLS
