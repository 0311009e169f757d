/* ui-test-util.h — running GTK tests headless: set-up, waiting, widget lookup
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "roof-user-catalog.h"
#include "roof-window.h"

G_BEGIN_DECLS

/* gtk_test_init + adw_init; exits 77 (skip) without a display. Points
 * XDG_DATA_HOME, XDG_CACHE_HOME, XDG_CONFIG_HOME and XDG_STATE_HOME at a
 * folder of the test's own (removed at exit), so a test never touches the
 * user's catalog, recovery copies or recent files. */
void ui_test_init (int *argc, char ***argv);
/* That folder. */
const char *ui_test_home (void);

typedef gboolean (*UiCondition) (gpointer data);
/* Iterates the main loop (blocking, no sleeping) until `cond` holds; fails
 * the test after `timeout_ms`. */
void ui_wait_for (UiCondition cond, gpointer data, guint timeout_ms, const char *what);
/* Iterates until nothing is pending. */
void ui_flush (void);
/* Conditions for ui_wait_for: the widget is mapped, is not mapped; the
 * RoofWindow's visible chart has been laid out. */
gboolean ui_mapped (gpointer widget);
gboolean ui_unmapped (gpointer widget);
gboolean ui_chart_rendered (gpointer window);
/* The first event controller of `widget` of `type` (GTK_TYPE_GESTURE_DRAG…). */
GtkEventController *ui_find_controller (GtkWidget *widget, GType type);
/* The event controller of `widget` named `name` (gtk_event_controller_set_name). */
GtkEventController *ui_find_controller_named (GtkWidget *widget, const char *name);
/* A key on a number row (roof_ui_number_row_setup) as its key controller
 * sees it first (the capture phase); TRUE when handled. */
gboolean ui_press_number_key (GtkWidget *row, guint keyval);

/* Types `text` into an entry row (the whole of it) and commits it with
 * Enter, as the user does: entry rows apply what is typed only then. */
void ui_type (GtkWidget *row, const char *text);

/* The visible message dialog transient for `parent` (any, when NULL), or
 * NULL; waiting for one fails the test after `timeout_ms`. */
GtkWindow *ui_find_message_dialog (GtkWindow *parent);
AdwMessageDialog *ui_wait_for_dialog (GtkWindow *parent, guint timeout_ms);
/* A user catalog on `path`, loaded (which must succeed). */
RoofUserCatalog *ui_load_user_catalog (const char *path);
/* A RoofWindow of `app` (may be NULL) on `store`, shown, its first chart
 * drawn (failing after `timeout_ms`); the caller owns it. */
RoofWindow *ui_show_roof_window (AdwApplication *app, RoofUserCatalog *store, guint timeout_ms);
/* Destroys `window`, lets GTK finish with it and checks that it is freed. */
void ui_destroy_window (GtkWindow *window);

/* Depth-first search of `root`'s widget tree. */
GtkWidget *ui_find_named (GtkWidget *root, const char *name);
GtkWidget *ui_find_of_type (GtkWidget *root, GType type);
/* A GtkButton whose label is `label` ("_Undo"). */
GtkWidget *ui_find_button_labelled (GtkWidget *root, const char *label);
/* A widget of the type named `type_name` whose object property `prop`
 * (a RoofSpec) has the id `id`. */
GtkWidget *ui_find_with_spec (GtkWidget *root, const char *type_name, const char *prop,
                              const char *id);
/* What shows under a row (roof_ui_row_set_error, _set_hint): its text, or
 * NULL when nothing does. */
const char *ui_row_note (GtkWidget *row);

G_END_DECLS
