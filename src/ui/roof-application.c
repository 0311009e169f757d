/* roof-application.c — the application: its windows, the user's catalog,
 * the files it is asked to open
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-application.h"

#include <glib/gi18n.h>

#include "roof-document.h"
#include "roof-preferences-window.h"
#include "roof-window.h"

struct _RoofApplication
{
  AdwApplication parent_instance;

  RoofUserCatalog *user_catalog;
  /* what went wrong loading it, told by the first window */
  GError *catalog_error;
  GFile *catalog_moved_to;
  gboolean reported;
};

G_DEFINE_FINAL_TYPE (RoofApplication, roof_application, ADW_TYPE_APPLICATION)

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static RoofWindow *
new_window (RoofApplication *self)
{
  return roof_window_new (ADW_APPLICATION (self));
}

/* Once, in the first window: a catalog that did not load, and the recovery
 * copies a crash left behind. */
static void
report_startup (RoofApplication *self, RoofWindow *window)
{
  g_autoptr (GFile) recovery_dir = NULL;
  g_autoptr (GPtrArray) recovered = NULL;

  if (self->reported)
    return;
  self->reported = TRUE;

  if (self->catalog_error != NULL)
    roof_window_report_catalog_problem (window, self->catalog_error, self->catalog_moved_to,
                                        roof_user_catalog_get_read_only (self->user_catalog));
  recovery_dir = roof_document_default_recovery_dir ();
  recovered = roof_document_list_recovery (recovery_dir);
  if (recovered->len > 0)
    roof_window_offer_recovery (window, recovered);
}

/* ------------------------------------------------------------------------ */
/* Actions                                                                  */

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GApplication *app = G_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  /* each window saves its size and asks about its unsaved changes; the
   * application ends with its last window */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static void
new_window_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  gtk_window_present (GTK_WINDOW (new_window (ROOF_APPLICATION (user_data))));
}

static void
about_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *const developers[] = { "The Roofline contributors", NULL };
  GtkWindow *parent = gtk_application_get_active_window (app);
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", parent,
                        "application-name", _("Roofline"),
                        /* in the resources too (ui/roofline.gresource.xml): found
                         * uninstalled as well */
                        "application-icon", APP_ID,
                        "developer-name", _("The Roofline contributors"),
                        "version", PACKAGE_VERSION,
                        "website", "https://github.com/rooflinelab/roofline",
                        "issue-url", "https://github.com/rooflinelab/roofline/issues",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "comments", _("Which accelerators to buy or rent for LLM inference, "
                                      "and why: an analytical roofline of every step."),
                        "developers", developers,
                        "copyright", "© 2026 The Roofline contributors",
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  RoofPreferencesWindow *prefs;

  prefs = roof_preferences_window_new (gtk_application_get_active_window (app));
  gtk_window_present (GTK_WINDOW (prefs));
}

static void
shortcuts_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  if (window != NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = quit_activated },
  { .name = "new-window", .activate = new_window_activated },
  { .name = "about", .activate = about_activated },
  { .name = "preferences", .activate = preferences_activated },
  { .name = "shortcuts", .activate = shortcuts_activated },
};

/* ------------------------------------------------------------------------ */
/* On the user catalog                                                      */

static void
on_save_failed (RoofUserCatalog *store, GError *error, RoofApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (ROOF_IS_WINDOW (window))
    roof_window_report_save_failure (ROOF_WINDOW (window), error);
  else
    g_warning ("%s", error->message);
}

/* ------------------------------------------------------------------------ */
/* GApplication                                                             */

static void
roof_application_activate (GApplication *app)
{
  RoofApplication *self = ROOF_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (new_window (self));
  gtk_window_present (window);
  if (ROOF_IS_WINDOW (window))
    report_startup (self, ROOF_WINDOW (window));
}

static void
roof_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  RoofApplication *self = ROOF_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (!ROOF_IS_WINDOW (window))
    window = GTK_WINDOW (new_window (self));
  gtk_window_present (window);
  /* each file in a window of its own, the first in this one if untouched */
  for (int i = 0; i < n_files; i++)
    roof_window_open (ROOF_WINDOW (window), files[i]);
  report_startup (self, ROOF_WINDOW (window));
}

static void
roof_application_startup (GApplication *app)
{
  RoofApplication *self = ROOF_APPLICATION (app);
  static const char *const quit_accels[] = { "<Control>q", NULL };
  static const char *const new_window_accels[] = { "<Control>n", NULL };
  static const char *const preferences_accels[] = { "<Control>comma", NULL };
  g_autoptr (GFile) file = roof_user_catalog_default_file ();
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);

  G_APPLICATION_CLASS (roof_application_parent_class)->startup (app);

  gtk_window_set_default_icon_name (APP_ID);

  self->user_catalog = roof_user_catalog_new (file);
  if (!roof_user_catalog_load (self->user_catalog, warnings, &self->catalog_moved_to,
                               &self->catalog_error))
    g_message ("%s", self->catalog_error->message);
  for (guint i = 0; i < warnings->len; i++)
    g_message ("%s", (const char *) g_ptr_array_index (warnings, i));
  g_signal_connect_object (self->user_catalog, "save-failed", G_CALLBACK (on_save_failed), self,
                           0);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.new-window",
                                         new_window_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences",
                                         preferences_accels);
}

static void
roof_application_shutdown (GApplication *app)
{
  RoofApplication *self = ROOF_APPLICATION (app);
  g_autoptr (GError) error = NULL;

  /* an edit of the last half second is written too */
  if (self->user_catalog != NULL && !roof_user_catalog_flush (self->user_catalog, &error))
    g_warning ("%s", error->message);

  G_APPLICATION_CLASS (roof_application_parent_class)->shutdown (app);
}

static void
roof_application_finalize (GObject *object)
{
  RoofApplication *self = ROOF_APPLICATION (object);

  g_clear_object (&self->user_catalog);
  g_clear_error (&self->catalog_error);
  g_clear_object (&self->catalog_moved_to);

  G_OBJECT_CLASS (roof_application_parent_class)->finalize (object);
}

static void
roof_application_class_init (RoofApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = roof_application_finalize;
  app_class->activate = roof_application_activate;
  app_class->open = roof_application_open;
  app_class->startup = roof_application_startup;
  app_class->shutdown = roof_application_shutdown;
}

static void
roof_application_init (RoofApplication *self)
{
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofApplication *
roof_application_new (void)
{
  return g_object_new (ROOF_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/rooflinelab/Roofline",
                       NULL);
}

RoofUserCatalog *
roof_application_get_user_catalog (RoofApplication *self)
{
  g_return_val_if_fail (ROOF_IS_APPLICATION (self), NULL);

  return self->user_catalog;
}

gboolean
roof_application_check_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema != NULL)
    return TRUE;

  g_printerr (_("roofline: the GSettings schema %s is not installed.\n"
                "Run the app from the source tree with .ci/run-app, which builds it and sets\n"
                "GSETTINGS_SCHEMA_DIR to the build's compiled schemas, or install it with\n"
                "“meson install”.\n"),
              APP_ID);
  return FALSE;
}
