/* roof-window-close.c — closing a window: unsaved changes, the catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A window with unsaved changes asks before closing (Save, Discard,
 * Cancel); the last window also makes sure the user catalog is on disk:
 * a save that failed (a read-only folder, a full disk) is tried again, and
 * when it fails again the user is told what would be lost before it is.
 * Every answer closes the window from the main loop, never from inside
 * the dialog's response (see _roof_window_close_later ()).
 */
#include "config.h"

#include "roof-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Closing with unsaved changes                                             */

static gboolean
close_later_cb (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

void
_roof_window_close_later (RoofWindow *self)
{
  /* Not from inside a response of a dialog of this window: the dialog,
   * still being answered, would outlive the window it is transient for and
   * then unset that freed parent (four "invalid class pointer" warnings). */
  g_idle_add_full (G_PRIORITY_HIGH_IDLE, close_later_cb, g_object_ref (self), g_object_unref);
}

static void
on_close_response (AdwMessageDialog *dialog, const char *response, RoofWindow *self)
{
  self->close_dialog = NULL;
  if (g_strcmp0 (response, "discard") == 0)
    {
      roof_document_discard_recovery (self->document);
      self->close_confirmed = TRUE;
      _roof_window_close_later (self);
    }
  else if (g_strcmp0 (response, "save") == 0)
    {
      self->close_after_save = TRUE;
      gtk_widget_activate_action (GTK_WIDGET (self), "win.save", NULL);
    }
}

static void
ask_before_closing (RoofWindow *self)
{
  AdwMessageDialog *dialog;

  if (self->close_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->close_dialog));
      return;
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
    GTK_WINDOW (self), NULL,
    _("Changes which are not saved will be lost. Custom devices and models stay in your "
      "catalog either way.")));
  /* Translators: %s is a file name or "Untitled Scenario" */
  adw_message_dialog_format_heading (dialog, _("Save Changes to “%s”?"),
                                     roof_document_get_title (self->document));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "discard", _("_Discard"),
                                    "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_close_response), self, 0);
  self->close_dialog = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ------------------------------------------------------------------------ */
/* Closing the last window with the catalog unsaved                         */

/* The last of the application's windows (or one without an application):
 * when it closes, the catalog in memory goes. */
static gboolean
is_last_window (RoofWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  for (GList *l = app != NULL ? gtk_application_get_windows (app) : NULL; l != NULL; l = l->next)
    if (l->data != self && ROOF_IS_WINDOW (l->data))
      return FALSE;
  return TRUE;
}

static void
on_catalog_loss_response (AdwMessageDialog *dialog, const char *response, RoofWindow *self)
{
  self->close_dialog = NULL;
  if (g_strcmp0 (response, "quit") != 0)
    return;
  roof_user_catalog_forget_unsaved (self->user_catalog);
  _roof_window_close_later (self);
}

/* A save of the catalog that failed is tried again; when it fails again,
 * the user is told what would be lost and chooses. FALSE: not closing. */
static gboolean
catalog_saved_before_closing (RoofWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *where = NULL;
  g_autofree char *what = NULL;
  AdwMessageDialog *dialog;

  if (!is_last_window (self) || !roof_user_catalog_get_unsaved (self->user_catalog)
      || roof_user_catalog_flush (self->user_catalog, &error))
    return TRUE;

  where = g_file_get_parse_name (roof_user_catalog_get_file (self->user_catalog));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("Your Catalog Could Not Be Saved"),
                                                       NULL));
  /* the message names the file already, as roof_file_save's do */
  if (strstr (error->message, where) != NULL)
    what = g_strdup (error->message);
  else
    /* Translators: %s is the catalog's file, the second %s why it could not be written */
    what = g_strdup_printf (_("Roofline could not write “%s”: %s"), where, error->message);
  adw_message_dialog_format_body (dialog, "%s\n\n%s", what,
                                  _("The devices and models you imported or edited since the "
                                    "last save will be lost if you quit now. Cancel to keep "
                                    "them open, free some space or fix the folder's permissions, "
                                    "or export them with Export Catalog Entries."));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "quit",
                                    _("_Quit Without Saving"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "quit", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_catalog_loss_response), self, 0);
  self->close_dialog = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* From close-request                                                       */

gboolean
_roof_window_may_close (RoofWindow *self)
{
  if (self->close_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->close_dialog));
      return FALSE;
    }
  if (roof_document_get_dirty (self->document) && !self->close_confirmed)
    {
      ask_before_closing (self);
      return FALSE;
    }
  return catalog_saved_before_closing (self);
}
