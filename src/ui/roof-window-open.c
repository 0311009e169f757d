/* roof-window-open.c — opening, importing and merging files; recent and dropped files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opening and importing go through a RoofCatalogMerge, so a file's entries
 * never silently replace the user's: each conflict is asked about, and a
 * file that does not load changes nothing. A scenario opens in this window
 * or a new one, a catalog is imported into the catalog every window shares.
 */
#include "config.h"

#include "roof-window-private.h"

#include <glib/gi18n.h>

#include "roof-catalog-dialogs.h"
#include "roof-catalog-entries.h"
#include "roof-catalog-merge.h"
#include "roof-file-read.h"

#define N_RECENT 10

/* ------------------------------------------------------------------------ */
/* File choosers                                                            */

static void
on_chooser_response (GtkNativeDialog *native, int response, RoofWindow *self)
{
  ChooserDone done = (ChooserDone) g_object_get_data (G_OBJECT (native), "done");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      if (file != NULL)
        done (self, file);
    }
  else
    self->close_after_save = FALSE;
  if (self->chooser == native)
    g_clear_object (&self->chooser);
}

void
_roof_window_run_chooser (RoofWindow *self, const char *title, GtkFileChooserAction action,
                          const char *accept, FileKind kind, const char *suggested_name,
                          ChooserDone done)
{
  GtkFileChooserNative *native;
  g_autoptr (GtkFileFilter) scenarios = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) json = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);

  native = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (scenarios, _("Roofline scenarios"));
  gtk_file_filter_add_mime_type (scenarios, SCENARIO_MIME_TYPE);
  gtk_file_filter_add_suffix (scenarios, "roofline");
  gtk_file_filter_set_name (json, _("JSON files"));
  gtk_file_filter_add_mime_type (json, "application/json");
  gtk_file_filter_add_suffix (json, "json");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  if (kind == FILES_SCENARIO)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), scenarios);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), json);
  if (kind == FILES_CATALOG && action == GTK_FILE_CHOOSER_ACTION_OPEN)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), scenarios);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);
  if (suggested_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested_name);
  g_object_set_data (G_OBJECT (native), "done", (gpointer) done);
  g_signal_connect (native, "response", G_CALLBACK (on_chooser_response), self);
  self->chooser = GTK_NATIVE_DIALOG (native);
  gtk_native_dialog_show (self->chooser);
}

/* ------------------------------------------------------------------------ */
/* Recent files                                                             */

void
_roof_window_add_recent (RoofWindow *self, GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *exec = g_strdup_printf ("%s %%u", g_get_prgname () ? g_get_prgname ()
                                                                        : "roofline");
  GtkRecentData data = {
    .mime_type = (char *) SCENARIO_MIME_TYPE,
    .app_name = (char *) g_get_application_name (),
    .app_exec = exec,
  };

  if (data.app_name == NULL)
    data.app_name = (char *) "Roofline";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static int
by_recency (gconstpointer a, gconstpointer b)
{
  GtkRecentInfo *x = *(GtkRecentInfo **) a;
  GtkRecentInfo *y = *(GtkRecentInfo **) b;
  g_autoptr (GDateTime) s = g_date_time_ref (gtk_recent_info_get_modified (x));
  g_autoptr (GDateTime) t = g_date_time_ref (gtk_recent_info_get_modified (y));

  return g_date_time_compare (t, s);
}

/* The ten scenario files used last, newest first, in Open Recent. */
static void
update_recent_menu (RoofWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr (GPtrArray) mine = g_ptr_array_new_with_free_func ((GDestroyNotify) gtk_recent_info_unref);

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);

      if ((g_strcmp0 (gtk_recent_info_get_mime_type (info), SCENARIO_MIME_TYPE) == 0
           || g_str_has_suffix (uri, SCENARIO_SUFFIX))
          && (!gtk_recent_info_is_local (info) || gtk_recent_info_exists (info)))
        g_ptr_array_add (mine, gtk_recent_info_ref (info));
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  g_ptr_array_sort (mine, by_recency);

  g_menu_remove_all (self->recent_section);
  for (guint i = 0; i < mine->len && i < N_RECENT; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (mine, i);
      g_autoptr (GMenuItem) item = NULL;

      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-file", "s",
                                         gtk_recent_info_get_uri (info));
      g_menu_append_item (self->recent_section, item);
    }
  if (mine->len == 0)
    {
      g_autoptr (GMenuItem) none = g_menu_item_new (_("No Recent Scenarios"), "win.no-recent");

      g_menu_append_item (self->recent_section, none);
    }
}

static void
on_recent_changed (GtkRecentManager *manager, RoofWindow *self)
{
  update_recent_menu (self);
}

/* ------------------------------------------------------------------------ */
/* Opening: scenarios and catalogs, each entry that differs asked about     */

typedef struct
{
  RoofWindow *self;     /* the window that shows the result */
  GFile *file;          /* what was opened */
  GFile *document_file; /* the document's file afterwards (a recovery copy's original) */
  GFile *recovery;      /* a recovery copy being restored */
  RoofScenario *scenario; /* NULL: a catalog import */
  GPtrArray *warnings;
  RoofWindow *on_cancel_close; /* a new window opened for the file */
} Opening;

static void
opening_free (gpointer data)
{
  Opening *o = data;

  g_clear_object (&o->self);
  g_clear_object (&o->file);
  g_clear_object (&o->document_file);
  g_clear_object (&o->recovery);
  g_clear_object (&o->scenario);
  g_clear_pointer (&o->warnings, g_ptr_array_unref);
  g_clear_object (&o->on_cancel_close);
  g_free (o);
}

static void
report_warnings (RoofWindow *self, const char *heading, GPtrArray *warnings)
{
  g_autoptr (GString) body = g_string_new (NULL);

  for (guint i = 0; i < warnings->len && i < 12; i++)
    g_string_append_printf (body, "%s%s", i ? "\n" : "",
                            (const char *) g_ptr_array_index (warnings, i));
  if (warnings->len > 12)
    {
      g_string_append_c (body, '\n');
      g_string_append_printf (body, ngettext ("… and %u more", "… and %u more",
                                              warnings->len - 12),
                              warnings->len - 12);
    }
  _roof_window_show_error (self, heading, body->str);
}

static void
apply_opened_scenario (Opening *o, RoofCatalogMerge *merge)
{
  RoofWindow *self = o->self;
  RoofPlotKind chart;
  guint added = roof_catalog_merge_get_n_new (merge);
  g_autofree char *name
    = _roof_window_file_display_name (o->document_file ? o->document_file : o->file);

  roof_catalog_merge_apply (merge, o->scenario);
  roof_document_set_scenario (self->document, o->scenario, o->document_file, o->recovery != NULL);
  if (o->recovery != NULL)
    roof_document_adopt_recovery_file (self->document, o->recovery);
  chart = roof_scenario_get_chart (o->scenario);
  if ((int) chart >= 0 && chart < ROOF_PLOT_COUNT)
    adw_view_stack_set_visible_child_name (self->stack, roof_plot_kind_name (chart));
  roof_window_recompute (self);
  if (o->recovery == NULL)
    _roof_window_add_recent (self, o->file);

  if (o->warnings->len > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("Opened with %u warning: %s",
                                                         "Opened with %u warnings, the first: %s",
                                                         o->warnings->len),
                                               o->warnings->len,
                                               (const char *) g_ptr_array_index (o->warnings, 0));
      _roof_window_toast (self, text);
    }
  else if (o->recovery != NULL)
    {
      /* Translators: %s is a file name or "Untitled Scenario" */
      g_autofree char *text = g_strdup_printf (_("Restored the unsaved changes of “%s”"),
                                               roof_document_get_title (self->document));
      _roof_window_toast (self, text);
    }
  else if (added > 0)
    {
      /* Translators: %s is a file name */
      g_autofree char *text = g_strdup_printf (ngettext ("“%s” added %u entry to your catalog",
                                                         "“%s” added %u entries to your catalog",
                                                         added),
                                               name, added);
      _roof_window_toast (self, text);
    }
}

static void
apply_import (Opening *o, RoofCatalogMerge *merge)
{
  RoofWindow *self = o->self;
  g_autofree char *name = _roof_window_file_display_name (o->file);
  guint n = roof_catalog_merge_apply (merge, NULL);

  _roof_window_queue_recompute (self);
  if (o->warnings->len > 0)
    {
      g_autofree char *heading = g_strdup_printf (_("Imported “%s” with Warnings"), name);

      report_warnings (self, heading, o->warnings);
    }
  else if (n == 0)
    {
      /* Translators: %s is a file name */
      g_autofree char *text = g_strdup_printf (_("Nothing imported: your catalog already has "
                                                 "everything in “%s”"),
                                               name);
      _roof_window_toast (self, text);
    }
  else
    {
      /* Translators: %s is a file name */
      g_autofree char *text = g_strdup_printf (ngettext ("Imported %u entry from “%s”",
                                                         "Imported %u entries from “%s”", n),
                                               n, name);
      _roof_window_toast (self, text);
    }
}

static void
on_questions_done (RoofCatalogMerge *merge, gboolean accepted, gpointer user_data)
{
  Opening *o = user_data;

  if (o->scenario != NULL)
    o->self->n_openings--;
  if (!accepted)
    {
      if (o->on_cancel_close != NULL)
        gtk_window_destroy (GTK_WINDOW (o->on_cancel_close));
      return;
    }
  if (o->scenario != NULL)
    apply_opened_scenario (o, merge);
  else
    apply_import (o, merge);
}

/* _roof_window_open_data () once the Opening is made: FALSE leaves it to
 * the caller to free. */
static gboolean
open_opening (RoofWindow *self, Opening *o, const char *data, gsize length, OpenWhere where,
              GError **error)
{
  g_autofree char *origin = g_file_get_parse_name (o->file);
  g_autofree char *name = o->document_file != NULL
                           ? _roof_window_file_display_name (o->document_file)
                         : o->recovery != NULL ? g_strdup (_("Untitled Scenario"))
                                               : _roof_window_file_display_name (o->file);
  g_autoptr (RoofCatalogMerge) merge = NULL;

  o->warnings = g_ptr_array_new_with_free_func (g_free);

  /* a catalog dropped on the window, or given on the command line, is
   * imported; anything else is read as a scenario */
  if (o->recovery == NULL && roof_file_kind_sniff (data, (gssize) length) == ROOF_FILE_KIND_CATALOG)
    merge = roof_catalog_merge_new_from_data (self->catalog, data, (gssize) length, origin,
                                              o->warnings, error);
  else
    o->scenario = roof_catalog_merge_load_scenario (self->catalog, data, (gssize) length, origin,
                                                    o->warnings, &merge, error);
  if (merge == NULL)
    return FALSE;

  o->self = g_object_ref (self);
  if (o->scenario != NULL
      && (where == OPEN_NEW
          || (where == OPEN_HERE_OR_NEW
              && (!roof_document_is_pristine (self->document) || self->n_openings > 0))))
    {
      RoofWindow *window
        = roof_window_new_with_catalog (ADW_APPLICATION (gtk_window_get_application (
                                          GTK_WINDOW (self))),
                                        self->user_catalog);

      /* the questions, if any, over the window the scenario opens in */
      g_set_object (&o->self, window);
      o->on_cancel_close = g_object_ref (window);
      gtk_window_present (GTK_WINDOW (window));
    }
  /* a second file given at once goes elsewhere while this one is asked about */
  if (o->scenario != NULL)
    o->self->n_openings++;
  roof_merge_questions_run (GTK_WINDOW (o->self), merge, name,
                            o->scenario != NULL ? ROOF_MERGE_FROM_SCENARIO : ROOF_MERGE_FROM_IMPORT,
                            on_questions_done, o, opening_free);
  return TRUE;
}

gboolean
_roof_window_open_data (RoofWindow *self, GFile *file, GFile *document_file, GFile *recovery,
                        const char *data, gsize length, OpenWhere where, GError **error)
{
  Opening *o = g_new0 (Opening, 1);

  o->file = g_object_ref (file);
  o->document_file = document_file != NULL ? g_object_ref (document_file) : NULL;
  o->recovery = recovery != NULL ? g_object_ref (recovery) : NULL;
  if (!open_opening (self, o, data, length, where, error))
    {
      opening_free (o);
      return FALSE;
    }
  return TRUE;
}

static gboolean
open_in_window (RoofWindow *self, GFile *file, OpenWhere where, GError **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  /* regular files only: the app reads on its main thread, where a pipe
   * would freeze the window while it waits */
  if (!roof_file_read (file, ROOF_FILE_READ_REGULAR, &contents, &length, error))
    return FALSE;
  return _roof_window_open_data (self, file, file, NULL, contents, length, where, error);
}

static RoofWindow *
window_showing (RoofWindow *self, GFile *file)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l != NULL; l = l->next)
    if (ROOF_IS_WINDOW (l->data))
      {
        GFile *shown = roof_document_get_file (ROOF_WINDOW (l->data)->document);

        if (shown != NULL && g_file_equal (shown, file))
          return l->data;
      }
  return NULL;
}

static void
open_chosen (RoofWindow *self, GFile *file)
{
  roof_window_open (self, file);
}

static void
open_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  _roof_window_run_chooser (ROOF_WINDOW (widget), _("Open Scenario"),
                            GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), FILES_SCENARIO, NULL,
                            open_chosen);
}

static void
open_file_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (parameter, NULL));

  roof_window_open (ROOF_WINDOW (widget), file);
}

static void
import_chosen (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;

  if (!open_in_window (self, file, OPEN_HERE, &error))
    _roof_window_show_import_error (self, file, error);
}

static void
import_hardware_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  _roof_window_run_chooser (ROOF_WINDOW (widget), _("Import Catalog"),
                            GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), FILES_CATALOG, NULL,
                            import_chosen);
}

static void
import_from_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (parameter, NULL));

  import_chosen (ROOF_WINDOW (widget), file);
}

/* ------------------------------------------------------------------------ */
/* Dropped files                                                            */

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, RoofWindow *self)
{
  GSList *files;
  gboolean any;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  any = files != NULL;
  for (GSList *l = files; l != NULL; l = l->next)
    roof_window_open (self, l->data);
  g_slist_free (files);
  return any;
}

/* ------------------------------------------------------------------------ */
/* Class and instance                                                       */

/* ------------------------------------------------------------------------ */
/* The catalog changed by another process                                   */

static void
on_external_questions_done (RoofCatalogMerge *merge, gboolean accepted, gpointer user_data)
{
  /* cancelled: what was not answered keeps both versions */
  roof_user_catalog_finish_merge (ROOF_USER_CATALOG (user_data), merge);
}

static gboolean
on_external_conflict (RoofUserCatalog *store, RoofCatalogMerge *merge, RoofWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *name = NULL;

  /* one window asks: the one in use */
  if (app != NULL && gtk_application_get_active_window (app) != GTK_WINDOW (self))
    return FALSE;
  name = _roof_window_file_display_name (roof_user_catalog_get_file (store));
  roof_merge_questions_run (GTK_WINDOW (self), merge, name, ROOF_MERGE_FROM_OTHER_WRITER,
                            on_external_questions_done,
                            g_object_ref (store), g_object_unref);
  return TRUE;
}

static void
on_unreadable_response (AdwMessageDialog *dialog, const char *response, RoofWindow *self)
{
  RoofUserCatalog *store = self->user_catalog;
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "overwrite") == 0)
    {
      if (!roof_user_catalog_overwrite (store, &error))
        roof_window_report_save_failure (self, error);
    }
  else if (g_strcmp0 (response, "beside") == 0)
    {
      g_autoptr (GFile) beside = roof_user_catalog_save_beside (store, &error);
      g_autofree char *name = NULL;
      g_autofree char *text = NULL;

      if (beside == NULL)
        {
          roof_window_report_save_failure (self, error);
          return;
        }
      name = _roof_window_file_display_name (beside);
      /* Translators: %s is the file the catalog was saved to */
      text = g_strdup_printf (_("Your catalog was saved as “%s”"), name);
      _roof_window_toast (self, text);
    }
}

/* Another writer left the catalog in a form that does not load: nothing is
 * written over it until the user says so. */
static void
on_external_unreadable (RoofUserCatalog *store, GError *error, RoofWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *name = NULL;
  AdwMessageDialog *dialog;

  /* one window asks: the one in use */
  if (app != NULL && gtk_application_get_active_window (app) != GTK_WINDOW (self))
    return;
  name = _roof_window_file_display_name (roof_user_catalog_get_file (store));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("Your Catalog Was Changed and Cannot Be "
                                                         "Read"),
                                                       NULL));
  /* Translators: %s says what is wrong, naming the file and the place in it; the second and
   * third %s are the file's name */
  adw_message_dialog_format_body (dialog,
                                  _("%s\n\nAnother Roofline window or program changed “%s”, "
                                    "and Roofline cannot read it now. Your devices and models "
                                    "are kept in this session; nothing is written to the file "
                                    "unless you choose to. If you write over it, its current "
                                    "text is kept as “%s~”."),
                                  error->message, name, name);
  adw_message_dialog_add_responses (dialog, "later", _("_Not Now"), "beside",
                                    _("Save _Beside It"), "overwrite", _("_Write Over It"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "overwrite", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "beside");
  adw_message_dialog_set_close_response (dialog, "later");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_unreadable_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_roof_window_watch_catalog (RoofWindow *self)
{
  g_signal_connect_object (self->user_catalog, "external-conflict",
                           G_CALLBACK (on_external_conflict), self, 0);
  g_signal_connect_object (self->user_catalog, "external-unreadable",
                           G_CALLBACK (on_external_unreadable), self, 0);
}

void
_roof_window_dnd_init (RoofWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

void
_roof_window_recent_init (RoofWindow *self)
{
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (on_recent_changed), self, 0);
  update_recent_menu (self);
}

void
_roof_window_class_open_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "win.open-file", "s", open_file_activated);
  gtk_widget_class_install_action (widget_class, "win.import-hardware", NULL,
                                   import_hardware_activated);
  gtk_widget_class_install_action (widget_class, "win.import-from", "s", import_from_activated);
  /* the insensitive placeholder of an empty Open Recent */
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open",
                                       NULL);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

gboolean
roof_window_open_file (RoofWindow *self, GFile *file, GError **error)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return open_in_window (self, file, OPEN_HERE, error);
}

void
roof_window_open (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  RoofWindow *showing;

  g_return_if_fail (ROOF_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  showing = window_showing (self, file);
  if (showing != NULL)
    {
      gtk_window_present (GTK_WINDOW (showing));
      return;
    }
  if (!open_in_window (self, file, OPEN_HERE_OR_NEW, &error))
    {
      g_autofree char *name = _roof_window_file_display_name (file);
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);

      _roof_window_show_error (self, heading, error->message);
    }
}
