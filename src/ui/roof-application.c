/* roof-application.c — the application: one window per activation, app-wide actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "roofline"

#include "config.h"

#include "roof-application.h"

#include <glib/gi18n.h>

#include "roof-preferences-window.h"
#include "roof-window.h"

struct _RoofApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (RoofApplication, roof_application, ADW_TYPE_APPLICATION)

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GApplication *app = G_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  /* closing saves each window's size and panels */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
  g_application_quit (app);
}

static void
about_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *const developers[] = { "The Roofline contributors", NULL };
  GtkWindow *parent = gtk_application_get_active_window (app);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (parent ? gtk_widget_get_display (GTK_WIDGET (parent))
                                                               : gdk_display_get_default ());
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", parent,
                        "application-name", _("Roofline"),
                        /* uninstalled, the app's icon is not in the theme yet */
                        "application-icon", gtk_icon_theme_has_icon (theme, APP_ID)
                                              ? APP_ID
                                              : "roof-chart-roofline-symbolic",
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
  { .name = "about", .activate = about_activated },
  { .name = "preferences", .activate = preferences_activated },
  { .name = "shortcuts", .activate = shortcuts_activated },
};

static void
roof_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (roof_window_new (ADW_APPLICATION (app)));
  gtk_window_present (window);
}

static void
roof_application_startup (GApplication *app)
{
  static const char *const quit_accels[] = { "<Control>q", NULL };
  static const char *const preferences_accels[] = { "<Control>comma", NULL };

  G_APPLICATION_CLASS (roof_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences",
                                         preferences_accels);
}

static void
roof_application_class_init (RoofApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = roof_application_activate;
  app_class->startup = roof_application_startup;
}

static void
roof_application_init (RoofApplication *self)
{
}

RoofApplication *
roof_application_new (void)
{
  return g_object_new (ROOF_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/rooflinelab/Roofline",
                       NULL);
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
