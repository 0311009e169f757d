/* roof-window-private.h — what the files of RoofWindow share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * RoofWindow is one type in five files, split by concern as GNOME Text
 * Editor splits its window: roof-window.c (construction, state, layout, the
 * title), roof-window-close.c (closing: unsaved changes, the catalog),
 * roof-window-actions.c (the win. actions, their accelerators, saving, new
 * and deleted entries, undo and redo, chart export),
 * roof-window-open.c (file choosers, recent files, opening, importing and
 * merging, dropped files) and roof-window-recovery.c (restoring unsaved
 * changes after a crash, start-up reports). Only these files include this
 * header.
 */
#pragma once

#include "roof-chart-data.h"
#include "roof-history.h"
#include "roof-fleet-panel.h"
#include "roof-window.h"

G_BEGIN_DECLS

#define SCENARIO_MIME_TYPE "application/x-roofline-scenario"
#define SCENARIO_SUFFIX ".roofline"

struct _RoofWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  AdwViewSwitcherTitle *switcher_title;
  AdwToastOverlay *toast_overlay;
  AdwFlap *hardware_flap;
  AdwFlap *model_flap;
  GtkWidget *hardware_handle;
  GtkWidget *model_handle;
  GtkWidget *empty_page;
  GtkWidget *strip_separator;
  AdwViewStack *stack;
  RoofChartView *views[ROOF_PLOT_COUNT];
  RoofSummaryStrip *summary_strip;
  RoofFleetPanel *fleet_panel; /* beside the plan chart */
  GtkWidget *hardware_panel;
  GtkWidget *model_panel;
  GMenu *recent_section;
  GMenu *measured_section; /* Measured Results: one item per source of the chart */

  GSettings *settings;
  RoofUserCatalog *user_catalog; /* shared by the application's windows */
  RoofCatalog *catalog;          /* the user catalog's */
  RoofDocument *document;
  RoofScenario *scenario; /* the document's */
  RoofHistory *history;   /* undo and redo of the scenario's and the editors' edits */
  RoofChartData *data;

  guint recompute_tick;
  gulong scenario_changed_id;
  int hardware_panel_width; /* as the user left them, never squeezed */
  int model_panel_width;
  int drag_start_width;
  GtkNativeDialog *chooser; /* the one file chooser open, if any */
  gboolean close_confirmed;  /* the unsaved changes were answered for */
  gboolean close_after_save; /* Save in the closing question, then Save As */
  guint doc_title_idle;
  char *doc_shown;   /* the document's name as shown, "• " when unsaved */
  char *doc_tooltip; /* where it is saved */
  guint n_openings; /* scenarios being opened here, waiting for answers */
  AdwMessageDialog *close_dialog;
  GSimpleActionGroup *measured_actions; /* measured.published, measured.source-N */
};

/* ------------------------------------------------------------------------ */
/* roof-window.c                                                            */

/* A toast saying `text`, plain text (escaped for the toast's markup). */
AdwToast *_roof_window_toast_new (const char *text);
void _roof_window_toast (RoofWindow *self, const char *text);
/* A message dialog with a Close button. */
void _roof_window_show_error (RoofWindow *self, const char *heading, const char *body);
/* The file's name as the user knows it. */
char *_roof_window_file_display_name (GFile *file);
/* "Could Not Import “NAME”" with the error's message. */
void _roof_window_show_import_error (RoofWindow *self, GFile *file, const GError *error);
/* The chart theme of the screen: the preference, else light or dark as the desktop is. */
RoofThemeKind _roof_window_screen_theme (RoofWindow *self);
/* Closes the window from the main loop, once the handler running now (a
 * dialog's response) is over. */
void _roof_window_close_later (RoofWindow *self);
/* The RoofPlotKind of the chart on screen. */
int _roof_window_visible_kind (RoofWindow *self);
/* Recomputes at the next frame, once however many edits arrive before it. */
void _roof_window_queue_recompute (RoofWindow *self);

/* ------------------------------------------------------------------------ */
/* roof-window-close.c                                                      */

/* What close-request asks first: FALSE, with a question on screen, while
 * unsaved changes or an unsaved catalog wait for the user's answer. */
gboolean _roof_window_may_close (RoofWindow *self);

/* ------------------------------------------------------------------------ */
/* roof-window-actions.c                                                    */

/* Installs the actions and their accelerators (as listed in gtk/help-overlay.ui). */
void _roof_window_class_actions_init (GtkWidgetClass *widget_class);
/* Follows the history: Undo and Redo enabled when there is something to
 * undo or redo, every spec editor of the window recorded (from constructed). */
void _roof_window_history_init (RoofWindow *self);

/* ------------------------------------------------------------------------ */
/* roof-window-open.c                                                       */

typedef void (*ChooserDone) (RoofWindow *self, GFile *file);

typedef enum
{
  FILES_SCENARIO, /* .roofline first */
  FILES_CATALOG,  /* .json first */
} FileKind;

typedef enum
{
  OPEN_HERE,        /* replace this window's scenario */
  OPEN_HERE_OR_NEW, /* here when the window shows an untouched untitled scenario */
  OPEN_NEW,         /* in a new window */
} OpenWhere;

/* The one file chooser of the window (a new one replaces it); `done` runs
 * with the file accepted. */
void _roof_window_run_chooser (RoofWindow *self,
                               const char *title,
                               GtkFileChooserAction action,
                               const char *accept,
                               FileKind kind,
                               const char *suggested_name,
                               ChooserDone done);
/* Adds a scenario file to the desktop's recent files (Open Recent). */
void _roof_window_add_recent (RoofWindow *self, GFile *file);
/* Open Recent, kept up to date (from constructed). */
void _roof_window_recent_init (RoofWindow *self);
/* Asks about the entries another process changed in the user catalog as
 * this window's user did (RoofUserCatalog::external-conflict). */
void _roof_window_watch_catalog (RoofWindow *self);
/* Files dropped on the window open as win.open-file does (from init). */
void _roof_window_dnd_init (RoofWindow *self);
/* ------------------------------------------------------------------------ */
/* roof-window-measured.c                                                   */

/* Installs win.import-measurements (File menu: Import Measurements…). */
void _roof_window_class_measured_init (GtkWidgetClass *widget_class);
/* The "measured" actions of the Measured Results menu (from init):
 * measured.published shows the bundled set, measured.source-N toggles the
 * chart's source N; both edit the scenario. */
void _roof_window_measured_init (RoofWindow *self);
/* The menu and the actions' states as the chart data and scenario are
 * now (from roof_window_recompute). */
void _roof_window_measured_sync (RoofWindow *self);

/* ------------------------------------------------------------------------ */
/* roof-window-calibrate.c                                                  */

/* Installs win.calibrate (Measured Results: Calibrate…). */
void _roof_window_class_calibrate_init (GtkWidgetClass *widget_class);
/* calibration.show, the scenario's "show-calibrated" (from constructed,
 * once the scenario is there). */
void _roof_window_calibrate_init (RoofWindow *self);

/* Installs win.open, win.open-file, win.import-hardware, win.import-from
 * and win.no-recent, and Ctrl+O. */
void _roof_window_class_open_init (GtkWidgetClass *widget_class);
/* Loads `data`, the contents of `file` (a scenario, or a catalog to import
 * unless it is the `recovery` copy being restored), asks about every entry
 * that differs from the catalog's, then shows it where `where` says, as
 * `document_file` (NULL: untitled). FALSE, changing nothing, when it does
 * not load. */
gboolean _roof_window_open_data (RoofWindow *self,
                                 GFile *file,
                                 GFile *document_file,
                                 GFile *recovery,
                                 const char *data,
                                 gsize length,
                                 OpenWhere where,
                                 GError **error);

G_END_DECLS
