/* ui-test-util.h — running GTK tests headless: set-up, waiting, widget lookup
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* gtk_test_init + adw_init; exits 77 (skip) without a display. */
void ui_test_init (int *argc, char ***argv);

typedef gboolean (*UiCondition) (gpointer data);
/* Iterates the main loop (blocking, no sleeping) until `cond` holds; fails
 * the test after `timeout_ms`. */
void ui_wait_for (UiCondition cond, gpointer data, guint timeout_ms, const char *what);
/* Iterates until nothing is pending. */
void ui_flush (void);

/* Depth-first search of `root`'s widget tree. */
GtkWidget *ui_find_named (GtkWidget *root, const char *name);
GtkWidget *ui_find_of_type (GtkWidget *root, GType type);
/* A widget of the type named `type_name` whose object property `prop`
 * (a RoofSpec) has the id `id`. */
GtkWidget *ui_find_with_spec (GtkWidget *root, const char *type_name, const char *prop,
                              const char *id);

G_END_DECLS
