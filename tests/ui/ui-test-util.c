/* ui-test-util.c — running GTK tests headless: set-up, waiting, widget lookup
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ui-test-util.h"

#include "roof-window.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "roof-spec.h"
#include "roof-test-util.h"

/* AddressSanitizer with full unwinding at every allocation (tests/ui's
 * ASAN_OPTIONS) makes the UI tests some ten times slower (test-ui-window:
 * 200 s against 19 s on a 2-core virtual machine): a wait there allows six
 * times as long. The tests' own timeouts stay the outer guard. */
#if defined(__SANITIZE_ADDRESS__)
#define UI_WAIT_SCALE 6
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UI_WAIT_SCALE 6
#endif
#endif
#ifndef UI_WAIT_SCALE
#define UI_WAIT_SCALE 1
#endif

static char *test_home;

static void
remove_test_home (void)
{
  if (test_home != NULL)
    roof_test_remove_tree (test_home);
  g_clear_pointer (&test_home, g_free);
}

const char *
ui_test_home (void)
{
  return test_home;
}

void
ui_test_init (int *argc, char ***argv)
{
  static const char *const dirs[][2] = {
    { "XDG_DATA_HOME", "data" },
    { "XDG_CACHE_HOME", "cache" },
    { "XDG_CONFIG_HOME", "config" },
    { "XDG_STATE_HOME", "state" },
  };

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      /* TAP: a plan of nothing, skipped */
      printf ("1..0 # SKIP no display: run under xvfb-run (meson test does)\n");
      exit (77);
    }
  /* the user catalog, recovery copies and recent files of the tests go to
   * a folder of their own, removed at exit: never the real home */
  test_home = g_dir_make_tmp ("roofline-ui-home-XXXXXX", NULL);
  g_assert (test_home != NULL);
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *dir = g_build_filename (test_home, dirs[i][1], NULL);

      g_mkdir_with_parents (dir, 0700);
      g_setenv (dirs[i][0], dir, TRUE);
    }
  atexit (remove_test_home);

  gtk_test_init (argc, argv, NULL);
  adw_init ();
}

static gboolean
timed_out (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
ui_wait_for (UiCondition cond, gpointer data, guint timeout_ms, const char *what)
{
  gboolean expired = FALSE;
  guint id;

  timeout_ms *= UI_WAIT_SCALE;
  id = g_timeout_add (timeout_ms, timed_out, &expired);

  while (!cond (data) && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (expired)
    g_error ("timed out after %u ms waiting for %s", timeout_ms, what);
  g_source_remove (id);
}

void
ui_flush (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

GtkWidget *
ui_find_named (GtkWidget *root, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = ui_find_named (c, name);
      if (found)
        return found;
    }
  return NULL;
}

GtkWidget *
ui_find_button_labelled (GtkWidget *root, const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = ui_find_button_labelled (c, label);
      if (found)
        return found;
    }
  return NULL;
}

GtkWidget *
ui_find_of_type (GtkWidget *root, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = ui_find_of_type (c, type);
      if (found)
        return found;
    }
  return NULL;
}

GtkWidget *
ui_find_with_spec (GtkWidget *root, const char *type_name, const char *prop, const char *id)
{
  GType type = g_type_from_name (type_name);

  if (type != 0 && G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    {
      g_autoptr (GObject) spec = NULL;
      g_object_get (root, prop, &spec, NULL);
      if (spec != NULL && ROOF_IS_SPEC (spec)
          && g_strcmp0 (roof_spec_get_id (ROOF_SPEC (spec)), id) == 0)
        return root;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = ui_find_with_spec (c, type_name, prop, id);
      if (found)
        return found;
    }
  return NULL;
}

const char *
ui_row_note (GtkWidget *row)
{
  GtkWidget *next = gtk_widget_get_next_sibling (row);

  if (next == NULL || g_strcmp0 (gtk_widget_get_name (next), "row-note") != 0
      || !gtk_widget_get_visible (next))
    return NULL;
  return gtk_label_get_label (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (next))));
}

gboolean
ui_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (GTK_WIDGET (widget));
}

gboolean
ui_unmapped (gpointer widget)
{
  return !gtk_widget_get_mapped (GTK_WIDGET (widget));
}

GtkEventController *
ui_find_controller (GtkWidget *widget, GType type)
{
  GListModel *controllers = gtk_widget_observe_controllers (widget);
  GtkEventController *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && found == NULL; i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        found = GTK_EVENT_CONTROLLER (c);
    }
  g_object_unref (controllers);
  return found;
}

GtkEventController *
ui_find_controller_named (GtkWidget *widget, const char *name)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (c), name) == 0)
        return c; /* the widget holds it */
    }
  return NULL;
}

gboolean
ui_press_number_key (GtkWidget *row, guint keyval)
{
  GtkEventController *keys = ui_find_controller_named (row, "roof-number-keys");
  gboolean handled = FALSE;

  g_assert_nonnull (keys);
  g_signal_emit_by_name (keys, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
  return handled;
}

gboolean
ui_chart_rendered (gpointer window)
{
  return roof_chart_view_get_layout (roof_window_get_visible_chart (window)) != NULL;
}

void
ui_type (GtkWidget *row, const char *text)
{
  g_assert_true (ADW_IS_ENTRY_ROW (row));
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  g_signal_emit_by_name (row, "entry-activated");
}

GtkWindow *
ui_find_message_dialog (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w))
          && (parent == NULL || gtk_window_get_transient_for (w) == parent))
        return w;
    }
  return NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  return ui_find_message_dialog (data) != NULL;
}

AdwMessageDialog *
ui_wait_for_dialog (GtkWindow *parent, guint timeout_ms)
{
  ui_wait_for (dialog_shown, parent, timeout_ms, "a message dialog");
  return ADW_MESSAGE_DIALOG (ui_find_message_dialog (parent));
}

void
ui_destroy_window (GtkWindow *window)
{
  gtk_window_destroy (window);
  ui_flush ();
  g_assert_finalize_object (window);
}

RoofUserCatalog *
ui_load_user_catalog (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  RoofUserCatalog *store = roof_user_catalog_new (file);
  g_autoptr (GError) error = NULL;

  g_assert_true (roof_user_catalog_load (store, NULL, NULL, &error));
  g_assert_no_error (error);
  return store;
}

RoofWindow *
ui_show_roof_window (AdwApplication *app, RoofUserCatalog *store, guint timeout_ms)
{
  RoofWindow *window = roof_window_new_with_catalog (app, store);

  g_object_ref_sink (window);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_for (ui_chart_rendered, window, timeout_ms, "the first chart");
  return window;
}
