/* ui-test-util.c — running GTK tests headless: set-up, waiting, widget lookup
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ui-test-util.h"

#include <stdio.h>
#include <stdlib.h>

#include "roof-spec.h"

void
ui_test_init (int *argc, char ***argv)
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      /* TAP: a plan of nothing, skipped */
      printf ("1..0 # SKIP no display: run under xvfb-run (meson test does)\n");
      exit (77);
    }
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
  guint id = g_timeout_add (timeout_ms, timed_out, &expired);

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
