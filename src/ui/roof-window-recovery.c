/* roof-window-recovery.c — restoring unsaved changes after a crash; start-up reports
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * RoofDocument keeps a recovery copy of a scenario with unsaved changes;
 * the application finds the copies a crash left and asks a window to offer
 * them. A copy restored opens as its file's unsaved changes, through the
 * same merge as any file (roof-window-open.c). The problems the
 * application meets with the user's catalog at start-up are said here too.
 */
#include "config.h"

#include "roof-window-private.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

/* ------------------------------------------------------------------------ */
/* Recovery copies                                                          */

/* A copy that cannot be restored is kept under another name, not offered
 * again: what to tell about it, `error` and where it went. */
static char *
set_aside (GFile *recovery, const GError *error)
{
  g_autofree char *path = g_file_get_path (recovery);
  g_autofree char *failed = g_strconcat (path, ".failed", NULL);

  if (g_rename (path, failed) != 0)
    return g_strdup (error->message);
  /* Translators: %s says why; the second %s is where the copy is kept */
  return g_strdup_printf (_("%s\n\nThe copy is kept as “%s”."), error->message, failed);
}

static void
on_recovery_response (AdwMessageDialog *dialog, const char *response, RoofWindow *self)
{
  GPtrArray *files = g_object_get_data (G_OBJECT (dialog), "files");

  if (g_strcmp0 (response, "discard") == 0)
    {
      for (guint i = 0; i < files->len; i++)
        {
          g_autofree char *path = g_file_get_path (g_ptr_array_index (files, i));
          g_autofree char *backup = path != NULL ? g_strconcat (path, "~", NULL) : NULL;

          g_file_delete (g_ptr_array_index (files, i), NULL, NULL);
          if (backup != NULL)
            g_unlink (backup);
        }
      return;
    }
  if (g_strcmp0 (response, "restore") != 0)
    return;
  for (guint i = 0; i < files->len; i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      g_autoptr (GError) error = NULL;

      if (!roof_window_restore_recovery (self, file, i > 0, &error))
        {
          g_autofree char *body = set_aside (file, error);

          _roof_window_show_error (self, _("Could Not Restore the Unsaved Changes"), body);
        }
    }
}

/* The name of the file a recovery copy is of, and when it was written;
 * FALSE, with `error`, when the copy cannot be read. */
static gboolean
describe_recovery (GFile *recovery, char **name, char **when, GError **error)
{
  g_autoptr (GFile) original = NULL;
  g_autoptr (GDateTime) saved = NULL;
  g_autoptr (GDateTime) local = NULL;
  g_autofree char *text = roof_document_read_recovery (recovery, &original, &saved, NULL, error);

  if (text == NULL)
    return FALSE;
  *name = original != NULL ? _roof_window_file_display_name (original)
                           : g_strdup (_("Untitled Scenario"));
  local = saved != NULL ? g_date_time_to_local (saved) : NULL;
  *when = local != NULL ? g_date_time_format (local, "%x %X") : NULL;
  return TRUE;
}

/* The copies that can be read; those that cannot are set aside, and said
 * so in one message. */
static GPtrArray *
readable_recovery (RoofWindow *self, GPtrArray *files)
{
  GPtrArray *readable = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GString) problems = g_string_new (NULL);

  for (guint i = 0; i < files->len; i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      g_autoptr (GError) error = NULL;
      g_autofree char *name = NULL;
      g_autofree char *when = NULL;

      if (describe_recovery (file, &name, &when, &error))
        {
          g_ptr_array_add (readable, g_object_ref (file));
          continue;
        }
      {
        g_autofree char *problem = set_aside (file, error);

        g_string_append_printf (problems, "%s%s", problems->len > 0 ? "\n\n" : "", problem);
      }
    }
  if (problems->len > 0)
    _roof_window_show_error (self, _("Could Not Restore the Unsaved Changes"), problems->str);
  return readable;
}

/* ------------------------------------------------------------------------ */
/* Start-up reports                                                         */

static void
on_catalog_problem_response (AdwMessageDialog *dialog, const char *response, RoofWindow *self)
{
  GFile *moved_to = g_object_get_data (G_OBJECT (dialog), "moved-to");
  g_autoptr (GFile) folder = NULL;
  g_autofree char *uri = NULL;
  g_autoptr (GdkAppLaunchContext) context = NULL;

  if (g_strcmp0 (response, "open-folder") != 0 || moved_to == NULL)
    return;
  folder = g_file_get_parent (moved_to);
  uri = g_file_get_uri (folder);
  context = gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (self)));
  g_app_info_launch_default_for_uri (uri, G_APP_LAUNCH_CONTEXT (context), NULL);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

gboolean
roof_window_restore_recovery (RoofWindow *self, GFile *recovery, gboolean new_window,
                              GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr (GFile) original = NULL;
  gsize length = 0;

  g_return_val_if_fail (ROOF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (recovery), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = roof_document_read_recovery (recovery, &original, NULL, &length, error);
  if (text == NULL)
    return FALSE;
  return _roof_window_open_data (self, recovery, original, recovery, text, length,
                                 new_window ? OPEN_NEW : OPEN_HERE_OR_NEW, error);
}

void
roof_window_offer_recovery (RoofWindow *self, GPtrArray *all)
{
  AdwMessageDialog *dialog;
  g_autoptr (GString) list = g_string_new (NULL);
  g_autofree char *body = NULL;
  g_autoptr (GPtrArray) files = NULL;

  g_return_if_fail (ROOF_IS_WINDOW (self));
  g_return_if_fail (all != NULL && all->len > 0);

  files = readable_recovery (self, all);
  if (files->len == 0)
    return;

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *when = NULL;

      describe_recovery (g_ptr_array_index (files, i), &name, &when, NULL);
      if (when != NULL)
        /* Translators: a scenario's name, and when its unsaved changes were last copied */
        g_string_append_printf (list, _("• “%s”, as of %s"), name, when);
      else
        g_string_append_printf (list, "• “%s”", name);
      if (i + 1 < files->len)
        g_string_append_c (list, '\n');
    }
  if (files->len == 1)
    {
      g_autofree char *name = NULL;
      g_autofree char *when = NULL;

      describe_recovery (g_ptr_array_index (files, 0), &name, &when, NULL);
      body = when != NULL
               /* Translators: a scenario's name, and when its unsaved changes were last copied */
               ? g_strdup_printf (_("Roofline closed before the changes to “%s” were saved. "
                                    "They can be restored as they were at %s."),
                                  name, when)
               : g_strdup_printf (_("Roofline closed before the changes to “%s” were saved. "
                                    "They can be restored."),
                                  name);
    }
  else
    body = g_strdup_printf (_("Roofline closed before the changes to these scenarios were "
                              "saved:\n%s"),
                            list->str);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), NULL, body));
  adw_message_dialog_set_heading (dialog,
                                  ngettext ("Restore Unsaved Changes?",
                                            "Restore Unsaved Changes?", files->len));
  adw_message_dialog_add_responses (dialog, "discard", _("_Discard"), "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "restore", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "restore");
  /* closed without an answer: asked again next time */
  adw_message_dialog_set_close_response (dialog, "later");
  g_object_set_data_full (G_OBJECT (dialog), "files", g_ptr_array_ref (files),
                          (GDestroyNotify) g_ptr_array_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_recovery_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
roof_window_report_catalog_problem (RoofWindow *self, const GError *error, GFile *moved_to,
                                    gboolean read_only)
{
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;
  const char *heading;

  g_return_if_fail (ROOF_IS_WINDOW (self));
  g_return_if_fail (error != NULL);

  if (moved_to != NULL)
    {
      g_autofree char *where = g_file_get_parse_name (moved_to);

      heading = _("Your Catalog Could Not Be Read");
      /* Translators: the first %s says what is wrong, naming the file and the place in it; the
       * second is where the file went */
      body = g_strdup_printf (_("%s\n\nThe file was moved to “%s”, and Roofline started with the "
                                "built-in catalog. Nothing in it is lost: once it is fixed, "
                                "Import Catalog brings its entries back."),
                              error->message, where);
    }
  else
    {
      heading = g_error_matches (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_VERSION)
                  ? _("Your Catalog Is From a Newer Roofline")
                  : _("Your Catalog Could Not Be Read");
      /* Translators: %s says what is wrong, naming the file */
      body = g_strdup_printf (read_only
                                ? _("%s\n\nThe file is left as it is, and devices and models you "
                                    "add or edit in this session are not saved to it.")
                                : _("%s\n\nRoofline started with the built-in catalog."),
                              error->message);
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  if (moved_to != NULL)
    {
      adw_message_dialog_add_response (dialog, "open-folder", _("_Open Folder"));
      g_object_set_data_full (G_OBJECT (dialog), "moved-to", g_object_ref (moved_to),
                              g_object_unref);
    }
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_catalog_problem_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
roof_window_report_save_failure (RoofWindow *self, const GError *error)
{
  g_autofree char *body = NULL;

  g_return_if_fail (ROOF_IS_WINDOW (self));
  g_return_if_fail (error != NULL);

  /* Translators: %s says why */
  body = g_strdup_printf (_("%s\n\nYour devices and models are kept in this session, and the next "
                            "change tries again."),
                          error->message);
  _roof_window_show_error (self, _("Your Catalog Could Not Be Saved"), body);
}
