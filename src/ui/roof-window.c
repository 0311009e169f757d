/* roof-window.c — the main window: panels, the seven charts, the summary strip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window shows one RoofDocument (the scenario, its file, its unsaved
 * changes) over the catalog it shares with the application's other windows
 * (RoofUserCatalog, saved on its own). Opening and importing go through a
 * RoofCatalogMerge, so a file's entries never silently replace the user's:
 * each conflict is asked about, and a file that does not load changes
 * nothing.
 */
#define G_LOG_DOMAIN "roofline"

#include "config.h"

#include "roof-window.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "roof-application.h"
#include "roof-catalog-dialogs.h"
#include "roof-catalog-entries.h"
#include "roof-catalog-merge.h"
#include "roof-chart-data.h"
#include "roof-document.h"
#include "roof-export-dialog.h"
#include "roof-file-read.h"
#include "roof-hardware-panel.h"
#include "roof-model-panel.h"
#include "roof-spec-editor.h"

#define SCENARIO_MIME_TYPE "application/x-roofline-scenario"
#define SCENARIO_SUFFIX ".roofline"
#define N_RECENT 10

struct _RoofWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  AdwViewSwitcherTitle *switcher_title;
  AdwToastOverlay *toast_overlay;
  GtkPaned *outer_paned;
  GtkPaned *inner_paned;
  AdwViewStack *stack;
  RoofChartView *views[ROOF_PLOT_COUNT];
  RoofSummaryStrip *summary_strip;
  GtkWidget *hardware_panel;
  GtkWidget *model_panel;
  GtkWidget *doc_title;
  GtkLabel *doc_title_label;
  GtkLabel *doc_subtitle_label;
  GMenu *recent_section;

  GSettings *settings;
  RoofUserCatalog *user_catalog; /* shared by the application's windows */
  RoofCatalog *catalog;          /* the user catalog's */
  RoofDocument *document;
  RoofScenario *scenario; /* the document's */
  RoofChartData *data;

  guint recompute_tick;
  gulong scenario_changed_id;
  int model_panel_width;
  int inner_width_seen;
  gboolean narrow;      /* the window is narrower than FOLD_WIDTH */
  gboolean folded;      /* the model panel was hidden for narrowness */
  gboolean auto_toggle; /* a panel is shown or hidden by the window, not the user */
  gboolean model_width_restored;
  GtkNativeDialog *chooser; /* the one file chooser open, if any */
  gboolean close_confirmed;  /* the unsaved changes were answered for */
  gboolean close_after_save; /* Save in the closing question, then Save As */
  guint doc_title_idle;
  guint n_openings; /* scenarios being opened here, waiting for answers */
  AdwMessageDialog *close_dialog;
};

G_DEFINE_FINAL_TYPE (RoofWindow, roof_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_USER_CATALOG,
  PROP_DOCUMENT,
  PROP_CATALOG,
  PROP_SCENARIO,
  PROP_FILE,
  PROP_CHART,
  PROP_HARDWARE_PANEL_VISIBLE,
  PROP_MODEL_PANEL_VISIBLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static void
toast (RoofWindow *self, const char *text)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static void
show_error (RoofWindow *self, const char *heading, const char *body)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static char *
file_display_name (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);
  return g_filename_display_name (base ? base : "");
}

static RoofThemeKind
screen_theme (RoofWindow *self)
{
  g_autofree char *pref = g_settings_get_string (self->settings, "chart-theme");
  RoofThemeKind theme;

  if (roof_theme_from_name (pref, &theme))
    return theme;
  return adw_style_manager_get_dark (adw_style_manager_get_default ()) ? ROOF_THEME_DARK
                                                                        : ROOF_THEME_LIGHT;
}

static void
apply_theme (RoofWindow *self)
{
  RoofThemeKind theme = screen_theme (self);

  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    roof_chart_view_set_theme (self->views[i], theme);
  roof_summary_strip_set_theme (self->summary_strip, theme);
}

/* "• name.roofline — Roofline" while there are unsaved changes; the header
 * shows the same beside the hardware panel's button, or in place of the view
 * switcher when the window is narrow. */
static void
update_title (RoofWindow *self)
{
  const char *title = roof_document_get_title (self->document);
  const char *subtitle = roof_document_get_subtitle (self->document);
  GFile *file = roof_document_get_file (self->document);
  gboolean dirty = roof_document_get_dirty (self->document);
  /* Translators: the title of a document with unsaved changes */
  g_autofree char *shown = dirty ? g_strdup_printf (_("• %s"), title) : g_strdup (title);
  /* Translators: the window's title: the document's, then the application's name */
  g_autofree char *window_title = g_strdup_printf (_("%s — Roofline"), shown);
  g_autofree char *where = file != NULL ? g_file_get_parse_name (file) : NULL;
  g_autofree char *tooltip = NULL;

  gtk_window_set_title (GTK_WINDOW (self), window_title);
  adw_view_switcher_title_set_title (self->switcher_title, shown);
  adw_view_switcher_title_set_subtitle (self->switcher_title, subtitle);
  gtk_label_set_label (self->doc_title_label, shown);
  gtk_label_set_label (self->doc_subtitle_label, subtitle);
  gtk_widget_set_visible (GTK_WIDGET (self->doc_subtitle_label), *subtitle != '\0');
  if (dirty)
    tooltip = g_strdup_printf (_("%s (unsaved changes)"), where != NULL ? where : title);
  gtk_widget_set_tooltip_text (self->doc_title, tooltip != NULL ? tooltip : where);
}

static int
visible_kind (RoofWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->stack);
  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    if (g_strcmp0 (name, roof_plot_kind_name (i)) == 0)
      return i;
  return ROOF_PLOT_ROOFLINE;
}

/* ------------------------------------------------------------------------ */
/* Recomputing: once per frame, however many edits arrived                  */

static gboolean
recompute_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  RoofWindow *self = ROOF_WINDOW (widget);

  self->recompute_tick = 0;
  roof_window_recompute (self);
  return G_SOURCE_REMOVE;
}

static void
queue_recompute (RoofWindow *self)
{
  /* the tick runs in the frame clock's update phase, so the charts it
   * invalidates are painted in the same frame */
  if (self->recompute_tick == 0)
    self->recompute_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), recompute_tick_cb,
                                                         NULL, NULL);
}

static void
on_scenario_changed (RoofScenario *scenario, RoofWindow *self)
{
  queue_recompute (self);
}

static void
on_entry_changed (RoofCatalog *catalog, gpointer spec, RoofWindow *self)
{
  queue_recompute (self);
}

static void
on_hardware_items_changed (GListModel *list, guint position, guint removed, guint added,
                           RoofWindow *self)
{
  queue_recompute (self);
}

static void
apply_preferences (RoofWindow *self)
{
  double lo = g_settings_get_double (self->settings, "batch-min");
  double hi = g_settings_get_double (self->settings, "batch-max");

  roof_scenario_set_sensitivity_step (self->scenario,
                                      g_settings_get_double (self->settings, "sensitivity-step"));
  if (hi > lo)
    roof_scenario_set_batch_range (self->scenario, lo, hi);
}

static void
set_scenario (RoofWindow *self, RoofScenario *scenario)
{
  if (self->scenario == scenario)
    return;
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->scenario_changed_id, self->scenario);
  g_set_object (&self->scenario, scenario);
  self->scenario_changed_id = g_signal_connect (scenario, "changed",
                                                G_CALLBACK (on_scenario_changed), self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
  queue_recompute (self);
}

/* ------------------------------------------------------------------------ */
/* Panels                                                                   */

/* GtkPaned positions its start child; the model panel is the end child and
 * keeps its width when the window or the other panel changes size. After
 * each layout the window compares the inner paned's width with the last one
 * seen and, when it changed, puts the panel back at its width; a drag of the
 * handle at a stable width is the user's and is remembered. */
static void
restore_model_width (RoofWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self->inner_paned));

  if (width <= 0 || !gtk_widget_get_visible (self->model_panel))
    return;
  self->inner_width_seen = width;
  self->model_width_restored = FALSE;
  gtk_paned_set_position (self->inner_paned, MAX (width - self->model_panel_width, 0));
  self->model_width_restored = TRUE;
}

/* Below this width both panels leave the chart too little room: the model
 * panel folds away (Shift+F9 still shows it) and comes back when the window
 * is wide again. The user's choice in GSettings is not touched. */
#define FOLD_WIDTH 1100

static void
set_model_panel_auto (RoofWindow *self, gboolean visible)
{
  self->auto_toggle = TRUE;
  g_object_set (self, "model-panel-visible", visible, NULL);
  self->auto_toggle = FALSE;
}

static void
on_frame_layout (GdkFrameClock *clock, RoofWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  gboolean narrow = width > 0 && width < FOLD_WIDTH;

  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      if (narrow && gtk_widget_get_visible (self->model_panel))
        {
          self->folded = TRUE;
          set_model_panel_auto (self, FALSE);
        }
      else if (!narrow && self->folded)
        {
          self->folded = FALSE;
          set_model_panel_auto (self, TRUE);
        }
    }
  if (gtk_widget_get_width (GTK_WIDGET (self->inner_paned)) != self->inner_width_seen)
    restore_model_width (self);
}

static void
on_realize (GtkWidget *widget, RoofWindow *self)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (widget), "layout",
                           G_CALLBACK (on_frame_layout), self, G_CONNECT_AFTER);
}

static void
on_inner_position (GtkPaned *paned, GParamSpec *pspec, RoofWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (paned));

  if (!self->model_width_restored || !gtk_widget_get_visible (self->model_panel) || width <= 0
      || width != self->inner_width_seen)
    return;
  width = MAX (width - gtk_paned_get_position (paned), 200);
  if (width != self->model_panel_width)
    {
      self->model_panel_width = width;
      g_settings_set_int (self->settings, "model-panel-width", width);
    }
}

/* ------------------------------------------------------------------------ */
/* The document's name in the header                                        */

static gboolean
sync_doc_title_cb (gpointer user_data)
{
  RoofWindow *self = user_data;

  self->doc_title_idle = 0;
  gtk_widget_set_visible (self->doc_title,
                          !adw_view_switcher_title_get_title_visible (self->switcher_title));
  return G_SOURCE_REMOVE;
}

static void
on_title_visible (AdwViewSwitcherTitle *title, GParamSpec *pspec, RoofWindow *self)
{
  /* the switcher decides while it is allocated: a header child shown or
   * hidden then would be drawn before its own allocation */
  if (self->doc_title_idle == 0)
    self->doc_title_idle = g_idle_add (sync_doc_title_cb, self);
}

/* ------------------------------------------------------------------------ */
/* File choosers                                                            */

typedef void (*ChooserDone) (RoofWindow *self, GFile *file);

typedef enum
{
  FILES_SCENARIO, /* .roofline first */
  FILES_CATALOG,  /* .json first */
} FileKind;

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

static void
run_chooser (RoofWindow *self, const char *title, GtkFileChooserAction action,
             const char *accept, FileKind kind, const char *suggested_name, ChooserDone done)
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

static void
add_recent (RoofWindow *self, GFile *file)
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
/* Opening: scenarios and catalogs, each entry that differs asked about      */

typedef enum
{
  OPEN_HERE,        /* replace this window's scenario */
  OPEN_HERE_OR_NEW, /* here when the window shows an untouched untitled scenario */
  OPEN_NEW,         /* in a new window */
} OpenWhere;

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
  show_error (self, heading, body->str);
}

static void
apply_opened_scenario (Opening *o, RoofCatalogMerge *merge)
{
  RoofWindow *self = o->self;
  RoofPlotKind chart;
  guint added = roof_catalog_merge_get_n_new (merge);
  g_autofree char *name = file_display_name (o->document_file ? o->document_file : o->file);

  roof_catalog_merge_apply (merge, o->scenario);
  roof_document_set_scenario (self->document, o->scenario, o->document_file, o->recovery != NULL);
  if (o->recovery != NULL)
    roof_document_adopt_recovery_file (self->document, o->recovery);
  chart = roof_scenario_get_chart (o->scenario);
  if ((int) chart >= 0 && chart < ROOF_PLOT_COUNT)
    adw_view_stack_set_visible_child_name (self->stack, roof_plot_kind_name (chart));
  roof_window_recompute (self);
  if (o->recovery == NULL)
    add_recent (self, o->file);

  if (o->warnings->len > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("Opened with %u warning: %s",
                                                         "Opened with %u warnings, the first: %s",
                                                         o->warnings->len),
                                               o->warnings->len,
                                               (const char *) g_ptr_array_index (o->warnings, 0));
      toast (self, text);
    }
  else if (o->recovery != NULL)
    {
      /* Translators: %s is a file name or "Untitled Scenario" */
      g_autofree char *text = g_strdup_printf (_("Restored the unsaved changes of “%s”"),
                                               roof_document_get_title (self->document));
      toast (self, text);
    }
  else if (added > 0)
    {
      /* Translators: %s is a file name */
      g_autofree char *text = g_strdup_printf (ngettext ("“%s” added %u entry to your catalog",
                                                         "“%s” added %u entries to your catalog",
                                                         added),
                                               name, added);
      toast (self, text);
    }
}

static void
apply_import (Opening *o, RoofCatalogMerge *merge)
{
  RoofWindow *self = o->self;
  g_autofree char *name = file_display_name (o->file);
  guint n = roof_catalog_merge_apply (merge, NULL);

  queue_recompute (self);
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
      toast (self, text);
    }
  else
    {
      /* Translators: %s is a file name */
      g_autofree char *text = g_strdup_printf (ngettext ("Imported %u entry from “%s”",
                                                         "Imported %u entries from “%s”", n),
                                               n, name);
      toast (self, text);
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

/* Loads `data` (a scenario, or a catalog to import) and asks about every
 * entry that differs from the user's; FALSE, changing nothing, when the
 * file does not load. A scenario opens `where` says, a catalog is imported
 * into the catalog every window shares. */
static gboolean
open_data (RoofWindow *self, Opening *o, const char *data, gsize length, OpenWhere where,
           GError **error)
{
  g_autofree char *origin = g_file_get_parse_name (o->file);
  g_autofree char *name = o->document_file != NULL ? file_display_name (o->document_file)
                         : o->recovery != NULL    ? g_strdup (_("Untitled Scenario"))
                                                  : file_display_name (o->file);
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
  roof_merge_questions_run (GTK_WINDOW (o->self), merge, name, o->scenario != NULL,
                            on_questions_done, o, opening_free);
  return TRUE;
}

static gboolean
open_in_window (RoofWindow *self, GFile *file, OpenWhere where, GError **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  Opening *o;

  /* regular files only: the app reads on its main thread, where a pipe
   * would freeze the window while it waits */
  if (!roof_file_read (file, ROOF_FILE_READ_REGULAR, &contents, &length, error))
    return FALSE;
  o = g_new0 (Opening, 1);
  o->file = g_object_ref (file);
  o->document_file = g_object_ref (file);
  if (!open_data (self, o, contents, length, where, error))
    {
      opening_free (o);
      return FALSE;
    }
  return TRUE;
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
  run_chooser (ROOF_WINDOW (widget), _("Open Scenario"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
               FILES_SCENARIO, NULL, open_chosen);
}

static void
open_file_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (parameter, NULL));

  roof_window_open (ROOF_WINDOW (widget), file);
}

/* ------------------------------------------------------------------------ */
/* Saving                                                                   */

static gboolean
save_to (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = file_display_name (file);

  /* the file reopens on the chart the user was looking at */
  g_signal_handler_block (self->scenario, self->scenario_changed_id);
  roof_scenario_set_chart (self->scenario, (RoofPlotKind) visible_kind (self));
  g_signal_handler_unblock (self->scenario, self->scenario_changed_id);

  if (!roof_document_save (self->document, file, &error))
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);

      self->close_after_save = FALSE;
      show_error (self, heading, error->message);
      return FALSE;
    }
  add_recent (self, file);
  {
    g_autofree char *text = g_strdup_printf (_("Saved “%s”"), name);
    toast (self, text);
  }
  if (self->close_after_save)
    {
      self->close_after_save = FALSE;
      gtk_window_close (GTK_WINDOW (self));
    }
  return TRUE;
}

static void
save_chosen (RoofWindow *self, GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);
  g_autoptr (GFile) named = NULL;

  /* a name typed without an extension gets the one the desktop knows */
  if (base != NULL && strchr (base, '.') == NULL)
    {
      g_autofree char *with_suffix = g_strconcat (base, SCENARIO_SUFFIX, NULL);

      g_autoptr (GFile) parent = g_file_get_parent (file);

      named = g_file_get_child (parent, with_suffix);
      file = named;
    }
  save_to (self, file);
}

static void
save_as_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  GFile *current = roof_document_get_file (self->document);
  /* Translators: the name suggested for a new scenario file */
  g_autofree char *name = current ? file_display_name (current)
                                  : g_strconcat (_("scenario"), SCENARIO_SUFFIX, NULL);

  run_chooser (self, _("Save Scenario"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), FILES_SCENARIO,
               name, save_chosen);
}

static void
save_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  GFile *file = roof_document_get_file (self->document);

  if (file != NULL)
    save_to (self, file);
  else
    save_as_activated (widget, action_name, parameter);
}

static void
save_to_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (parameter, NULL));

  save_to (ROOF_WINDOW (widget), file);
}

/* ------------------------------------------------------------------------ */
/* Closing with unsaved changes                                             */

static void
on_close_response (AdwMessageDialog *dialog, const char *response, RoofWindow *self)
{
  self->close_dialog = NULL;
  if (g_strcmp0 (response, "discard") == 0)
    {
      roof_document_discard_recovery (self->document);
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
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
/* Catalog entries: new, delete (with undo), import, export                  */

static GtkWidget *
find_spec_editor (GtkWidget *root)
{
  if (ROOF_IS_SPEC_EDITOR (root))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_spec_editor (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
focus_name_field (RoofSpecEditor *editor)
{
  GtkWidget *name = roof_spec_editor_get_field (editor, "name");

  if (name != NULL && gtk_widget_grab_focus (name) && GTK_IS_EDITABLE (name))
    gtk_editable_select_region (GTK_EDITABLE (name), 0, -1);
}

static void
new_hardware_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  RoofSpec *spec = roof_catalog_add_placeholder (self->catalog, ROOF_ENTRY_HARDWARE);
  GtkWidget *editor;

  g_return_if_fail (spec != NULL);
  g_object_set (self, "hardware-panel-visible", TRUE, NULL);
  roof_hardware_panel_select_hardware (ROOF_HARDWARE_PANEL (self->hardware_panel),
                                       roof_spec_get_id (spec));
  editor = find_spec_editor (self->hardware_panel);
  if (editor != NULL)
    focus_name_field (ROOF_SPEC_EDITOR (editor));
}

static void
new_model_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  RoofSpec *spec = roof_catalog_add_placeholder (self->catalog, ROOF_ENTRY_MODEL);
  GtkWidget *editor;

  g_return_if_fail (spec != NULL);
  /* the model panel edits the scenario's model */
  roof_scenario_set_model (self->scenario, roof_spec_get_id (spec));
  g_object_set (self, "model-panel-visible", TRUE, NULL);
  editor = find_spec_editor (self->model_panel);
  if (editor != NULL)
    focus_name_field (ROOF_SPEC_EDITOR (editor));
}

typedef struct
{
  RoofWindow *self;
  RoofSpec *spec;
  char **compared; /* the comparison before the delete, NULL if it was not in it */
  char *model;     /* the scenario's model before, when it was this one */
} Deleted;

static void
deleted_free (gpointer data, GClosure *closure)
{
  Deleted *d = data;

  g_object_unref (d->spec);
  g_strfreev (d->compared);
  g_free (d->model);
  g_free (d);
}

static void
on_undo_delete (AdwToast *t, Deleted *d)
{
  RoofWindow *self = d->self;
  const char *id = roof_spec_get_id (d->spec);

  if (ROOF_IS_HARDWARE_SPEC (d->spec))
    {
      if (roof_catalog_find_hardware (self->catalog, id) == NULL)
        roof_catalog_add_hardware (self->catalog, ROOF_HARDWARE_SPEC (d->spec));
      /* back in the comparison where it was, in its colour if no other took it */
      if (d->compared != NULL)
        roof_scenario_set_hardware (self->scenario, (const char *const *) d->compared);
      roof_hardware_panel_select_hardware (ROOF_HARDWARE_PANEL (self->hardware_panel), id);
    }
  else
    {
      if (roof_catalog_find_model (self->catalog, id) == NULL)
        roof_catalog_add_model (self->catalog, ROOF_MODEL_SPEC (d->spec));
      if (d->model != NULL)
        roof_scenario_set_model (self->scenario, d->model);
    }
}

static void
delete_entry (RoofWindow *self, RoofSpec *spec)
{
  Deleted *d;
  AdwToast *t;
  g_autofree char *text = NULL;
  const char *id;

  /* a built-in entry is reset, never deleted */
  if (spec == NULL || roof_spec_get_builtin (spec))
    return;
  id = roof_spec_get_id (spec);
  d = g_new0 (Deleted, 1);
  d->self = self;
  d->spec = g_object_ref (spec);

  if (ROOF_IS_HARDWARE_SPEC (spec))
    {
      if (roof_scenario_has_hardware (self->scenario, id))
        {
          d->compared = g_strdupv ((char **) roof_scenario_get_hardware (self->scenario));
          roof_scenario_remove_hardware (self->scenario, id);
        }
      roof_catalog_remove_hardware (self->catalog, id);
    }
  else
    {
      if (g_strcmp0 (roof_scenario_get_model (self->scenario), id) == 0)
        {
          const char *fallback = roof_catalog_get_default_model (self->catalog);

          d->model = g_strdup (id);
          if (fallback != NULL && g_strcmp0 (fallback, id) != 0)
            roof_scenario_set_model (self->scenario, fallback);
        }
      roof_catalog_remove_model (self->catalog, id);
    }

  /* Translators: %s is the name of a device or model */
  text = g_strdup_printf (_("Deleted “%s”"), roof_spec_get_name (spec));
  t = adw_toast_new (text);
  adw_toast_set_button_label (t, _("_Undo"));
  adw_toast_set_priority (t, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_data (t, "button-clicked", G_CALLBACK (on_undo_delete), d,
                         deleted_free, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

static void
delete_hardware_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  const char *id = g_variant_get_string (parameter, NULL);

  delete_entry (self, ROOF_SPEC (roof_catalog_find_hardware (self->catalog, id)));
}

static void
delete_model_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  const char *id = g_variant_get_string (parameter, NULL);

  delete_entry (self, ROOF_SPEC (roof_catalog_find_model (self->catalog, id)));
}

static void
import_chosen (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;

  if (!open_in_window (self, file, OPEN_HERE, &error))
    {
      g_autofree char *name = file_display_name (file);
      g_autofree char *heading = g_strdup_printf (_("Could Not Import “%s”"), name);

      show_error (self, heading, error->message);
    }
}

static void
import_hardware_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  run_chooser (ROOF_WINDOW (widget), _("Import Catalog"), GTK_FILE_CHOOSER_ACTION_OPEN,
               _("_Import"), FILES_CATALOG, NULL, import_chosen);
}

static void
import_from_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (parameter, NULL));

  import_chosen (ROOF_WINDOW (widget), file);
}

static void
export_chosen (RoofWindow *self, GFile *file)
{
  GPtrArray *chosen = g_object_get_data (G_OBJECT (self), "export-entries");
  g_autoptr (GError) error = NULL;
  g_autofree char *name = file_display_name (file);

  if (chosen == NULL)
    return;
  if (!roof_window_export_entries (self, chosen, file, &error))
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Export to “%s”"), name);

      show_error (self, heading, error->message);
      return;
    }
  {
    g_autofree char *text = g_strdup_printf (ngettext ("Exported %u entry to “%s”",
                                                       "Exported %u entries to “%s”",
                                                       chosen->len),
                                             chosen->len, name);
    toast (self, text);
  }
}

static void
on_entries_picked (GPtrArray *chosen, gpointer user_data)
{
  RoofWindow *self = user_data;

  if (chosen == NULL || chosen->len == 0)
    return;
  g_object_set_data_full (G_OBJECT (self), "export-entries", g_ptr_array_ref (chosen),
                          (GDestroyNotify) g_ptr_array_unref);
  run_chooser (self, _("Export Catalog Entries"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
               FILES_CATALOG, "roofline-catalog.json", export_chosen);
}

static void
add_custom (GListModel *list, GPtrArray *out)
{
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (RoofSpec) spec = g_list_model_get_item (list, i);

      if (!roof_spec_get_builtin (spec) || roof_spec_get_modified (spec))
        g_ptr_array_add (out, g_object_ref (spec));
    }
}

/* The entries to pick from: every custom or modified one, ticked, and the
 * device in the hardware editor, ticked too, even when it is built-in. */
static void
export_hardware_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  g_autoptr (GPtrArray) candidates = g_ptr_array_new_with_free_func (g_object_unref);
  RoofHardwareSpec *selected
    = roof_hardware_panel_get_selected (ROOF_HARDWARE_PANEL (self->hardware_panel));

  add_custom (roof_catalog_get_hardware (self->catalog), candidates);
  if (selected != NULL && !g_ptr_array_find (candidates, selected, NULL))
    g_ptr_array_insert (candidates, 0, g_object_ref (selected));
  add_custom (roof_catalog_get_models (self->catalog), candidates);
  if (candidates->len == 0)
    {
      toast (self, _("Nothing to export: select a device, or add or edit one first"));
      return;
    }
  roof_entry_picker_run (GTK_WINDOW (self), candidates, NULL, on_entries_picked, self, NULL);
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
/* Chart export and clipboard                                               */

static void
on_open_export_clicked (AdwToast *t, RoofWindow *self)
{
  const char *uri = g_object_get_data (G_OBJECT (t), "uri");
  g_autoptr (GError) error = NULL;
  g_autoptr (GdkAppLaunchContext) context = NULL;

  context = gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (self)));
  if (!g_app_info_launch_default_for_uri (uri, G_APP_LAUNCH_CONTEXT (context), &error))
    show_error (self, _("Could Not Open the File"), error->message);
}

static void
export_and_report (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = file_display_name (file);

  if (!roof_window_export_chart (self, file, &error))
    {
      show_error (self, _("Could Not Export the Chart"), error->message);
      return;
    }
  {
    g_autofree char *text = g_strdup_printf (_("Exported “%s”"), name);
    AdwToast *t = adw_toast_new (text);
    adw_toast_set_button_label (t, _("_Open"));
    g_object_set_data_full (G_OBJECT (t), "uri", g_file_get_uri (file), g_free);
    g_signal_connect_object (t, "button-clicked", G_CALLBACK (on_open_export_clicked), self, 0);
    adw_toast_overlay_add_toast (self->toast_overlay, t);
  }
}

static void
on_export_dialog_export (RoofExportDialog *dialog, GFile *file, RoofWindow *self)
{
  export_and_report (self, file);
}

static void
export_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  RoofExportDialog *dialog = roof_export_dialog_new (GTK_WINDOW (self),
                                                     (RoofPlotKind) visible_kind (self));

  g_signal_connect_object (dialog, "export", G_CALLBACK (on_export_dialog_export), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
export_to_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (path);

  export_and_report (self, file);
}

static void
copy_chart_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  RoofChartView *view = roof_window_get_visible_chart (self);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) png = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  RoofChartInput in;
  int width = MAX (gtk_widget_get_width (GTK_WIDGET (view)), 400);
  int height = MAX (gtk_widget_get_height (GTK_WIDGET (view)), 250);

  if (!roof_chart_view_build_input (view, &in))
    return;
  /* what is on screen, at the screen's pixel density, with its caption */
  in.theme = screen_theme (self);
  in.scale = gtk_widget_get_scale_factor (GTK_WIDGET (view));
  in.caption = g_settings_get_boolean (self->settings, "export-caption");
  png = roof_chart_export_bytes (&in, ROOF_EXPORT_PNG, width, height, &error);
  if (png != NULL)
    texture = gdk_texture_new_from_bytes (png, &error);
  if (texture == NULL)
    {
      show_error (self, _("Could Not Copy the Chart"), error->message);
      return;
    }
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
  toast (self, _("Chart copied to the clipboard"));
}

static void
zoom_in_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  roof_chart_view_zoom (roof_window_get_visible_chart (ROOF_WINDOW (widget)), 1.0 / 1.25);
}

static void
zoom_out_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  roof_chart_view_zoom (roof_window_get_visible_chart (ROOF_WINDOW (widget)), 1.25);
}

static void
search_hardware_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);

  g_object_set (self, "hardware-panel-visible", TRUE, NULL);
  roof_hardware_panel_focus_search (ROOF_HARDWARE_PANEL (self->hardware_panel));
}

static void
on_edit_hardware (GtkWidget *panel, const char *id, RoofWindow *self)
{
  g_object_set (self, "hardware-panel-visible", TRUE, NULL);
  roof_hardware_panel_select_hardware (ROOF_HARDWARE_PANEL (self->hardware_panel), id);
}

static void
reset_view_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  roof_chart_view_reset_view (roof_window_get_visible_chart (self));
}

/* ------------------------------------------------------------------------ */
/* GtkWindow                                                                */

static gboolean
roof_window_close_request (GtkWindow *window)
{
  RoofWindow *self = ROOF_WINDOW (window);
  int width, height;

  if (roof_document_get_dirty (self->document) && !self->close_confirmed)
    {
      ask_before_closing (self);
      return TRUE;
    }

  gtk_window_get_default_size (window, &width, &height);
  g_settings_delay (self->settings);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_apply (self->settings);

  return GTK_WINDOW_CLASS (roof_window_parent_class)->close_request (window);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
on_visible_child_name (AdwViewStack *stack, GParamSpec *pspec, RoofWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHART]);
}

static void
on_chart_theme_changed (GSettings *settings, const char *key, RoofWindow *self)
{
  apply_theme (self);
}

static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, RoofWindow *self)
{
  apply_theme (self);
}

static void
on_preferences_changed (GSettings *settings, const char *key, RoofWindow *self)
{
  apply_preferences (self);
}

static void
on_document_notify (RoofDocument *document, GParamSpec *pspec, RoofWindow *self)
{
  const char *name = g_param_spec_get_name (pspec);

  if (g_str_equal (name, "scenario"))
    set_scenario (self, roof_document_get_scenario (document));
  else if (g_str_equal (name, "file"))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
      update_title (self);
    }
  else
    update_title (self);
}

static void
on_autosave_failed (RoofDocument *document, GError *error, RoofWindow *self)
{
  /* said once a session: the edits themselves are not lost */
  if (g_object_get_data (G_OBJECT (self), "autosave-reported") != NULL)
    return;
  g_object_set_data (G_OBJECT (self), "autosave-reported", GINT_TO_POINTER (1));
  {
    /* Translators: %s says why */
    g_autofree char *text = g_strdup_printf (_("The recovery copy could not be written: %s"),
                                             error->message);
    toast (self, text);
  }
}

/* The catalog, the document and everything that follows them: the
 * application's shared catalog is a construct property, set after init. */
static void
set_up_document (RoofWindow *self)
{
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  g_autoptr (GFile) recovery_dir = NULL;
  GFile *store_file;

  if (self->user_catalog == NULL)
    self->user_catalog = roof_user_catalog_new (NULL);
  self->catalog = g_object_ref (roof_user_catalog_get_catalog (self->user_catalog));
  /* recovery copies next to the catalog file, none for one in memory */
  store_file = roof_user_catalog_get_file (self->user_catalog);
  if (store_file != NULL)
    {
      g_autoptr (GFile) parent = g_file_get_parent (store_file);

      recovery_dir = g_file_get_child (parent, "recovery");
    }
  self->document = roof_document_new (self->catalog, recovery_dir);
  g_signal_connect_object (self->document, "notify", G_CALLBACK (on_document_notify), self, 0);
  g_signal_connect_object (self->document, "autosave-failed", G_CALLBACK (on_autosave_failed),
                           self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATALOG]);

  /* the preferences are the starting point, not a change to save */
  set_scenario (self, scenario);
  apply_preferences (self);
  roof_document_set_scenario (self->document, scenario, NULL, FALSE);

  /* a catalog without the signal yet (older library) only misses live
   * spec edits; never connect to a signal that does not exist */
  if (g_signal_lookup ("entry-changed", ROOF_TYPE_CATALOG) != 0)
    g_signal_connect_object (self->catalog, "entry-changed", G_CALLBACK (on_entry_changed), self,
                             0);
  g_signal_connect_object (roof_catalog_get_hardware (self->catalog), "items-changed",
                           G_CALLBACK (on_hardware_items_changed), self, 0);
  g_signal_connect_object (roof_catalog_get_models (self->catalog), "items-changed",
                           G_CALLBACK (on_hardware_items_changed), self, 0);
  update_title (self);
}

static void
roof_window_constructed (GObject *object)
{
  RoofWindow *self = ROOF_WINDOW (object);

  G_OBJECT_CLASS (roof_window_parent_class)->constructed (object);

  set_up_document (self);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (on_recent_changed), self, 0);
  update_recent_menu (self);
  /* the first frame already shows the answer */
  roof_window_recompute (self);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
roof_window_dispose (GObject *object)
{
  RoofWindow *self = ROOF_WINDOW (object);

  if (self->recompute_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->recompute_tick);
      self->recompute_tick = 0;
    }
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->scenario_changed_id, self->scenario);

  g_clear_handle_id (&self->doc_title_idle, g_source_remove);
  if (self->close_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->close_dialog));
  self->close_dialog = NULL;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);

  gtk_widget_dispose_template (GTK_WIDGET (self), ROOF_TYPE_WINDOW);

  g_clear_pointer (&self->data, roof_chart_data_unref);
  g_clear_object (&self->settings);
  /* closed: its recovery copy goes with it */
  g_clear_object (&self->document);

  G_OBJECT_CLASS (roof_window_parent_class)->dispose (object);
}

static void
roof_window_finalize (GObject *object)
{
  RoofWindow *self = ROOF_WINDOW (object);

  g_clear_object (&self->scenario);
  g_clear_object (&self->catalog);
  g_clear_object (&self->user_catalog);

  G_OBJECT_CLASS (roof_window_parent_class)->finalize (object);
}

static void
roof_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofWindow *self = ROOF_WINDOW (object);

  switch (prop_id)
    {
    case PROP_USER_CATALOG:
      g_value_set_object (value, self->user_catalog);
      break;
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_CATALOG:
      g_value_set_object (value, self->catalog);
      break;
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;
    case PROP_FILE:
      g_value_set_object (value,
                          self->document != NULL ? roof_document_get_file (self->document) : NULL);
      break;
    case PROP_CHART:
      g_value_set_string (value, roof_plot_kind_name (visible_kind (self)));
      break;
    /* the header's toggle buttons ask before the template is complete */
    case PROP_HARDWARE_PANEL_VISIBLE:
      g_value_set_boolean (value, self->hardware_panel == NULL
                                    || gtk_widget_get_visible (self->hardware_panel));
      break;
    case PROP_MODEL_PANEL_VISIBLE:
      g_value_set_boolean (value, self->model_panel == NULL
                                    || gtk_widget_get_visible (self->model_panel));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_window_set_property (GObject *object, guint prop_id, const GValue *value,
                          GParamSpec *pspec)
{
  RoofWindow *self = ROOF_WINDOW (object);

  switch (prop_id)
    {
    case PROP_USER_CATALOG:
      self->user_catalog = g_value_dup_object (value);
      break;
    case PROP_CHART:
      {
        const char *name = g_value_get_string (value);
        RoofPlotKind kind;
        if (name != NULL && roof_plot_kind_from_name (name, &kind))
          adw_view_stack_set_visible_child_name (self->stack, roof_plot_kind_name (kind));
      }
      break;
    case PROP_HARDWARE_PANEL_VISIBLE:
      if (g_value_get_boolean (value) != gtk_widget_get_visible (self->hardware_panel))
        {
          gtk_widget_set_visible (self->hardware_panel, g_value_get_boolean (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_MODEL_PANEL_VISIBLE:
      if (!self->auto_toggle)
        {
          /* the user's choice: remembered, and it ends a fold */
          self->folded = FALSE;
          if (self->settings != NULL
              && g_settings_get_boolean (self->settings, "model-panel-visible")
                   != g_value_get_boolean (value))
            g_settings_set_boolean (self->settings, "model-panel-visible",
                                    g_value_get_boolean (value));
        }
      if (g_value_get_boolean (value) != gtk_widget_get_visible (self->model_panel))
        {
          gtk_widget_set_visible (self->model_panel, g_value_get_boolean (value));
          /* put the panel back at its width after the next layout */
          self->inner_width_seen = -1;
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
add_chart_binding (GtkWidgetClass *widget_class, guint key, const char *chart)
{
  gtk_widget_class_add_binding_action (widget_class, key, GDK_CONTROL_MASK, "win.chart", "s",
                                       chart);
}

static void
roof_window_class_init (RoofWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = roof_window_constructed;
  object_class->dispose = roof_window_dispose;
  object_class->finalize = roof_window_finalize;
  object_class->get_property = roof_window_get_property;
  object_class->set_property = roof_window_set_property;
  window_class->close_request = roof_window_close_request;

  properties[PROP_USER_CATALOG]
    = g_param_spec_object ("user-catalog", NULL, NULL, ROOF_TYPE_USER_CATALOG,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DOCUMENT] = g_param_spec_object ("document", NULL, NULL, ROOF_TYPE_DOCUMENT,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CATALOG] = g_param_spec_object ("catalog", NULL, NULL, ROOF_TYPE_CATALOG,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCENARIO] = g_param_spec_object ("scenario", NULL, NULL, ROOF_TYPE_SCENARIO,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHART] = g_param_spec_string ("chart", NULL, NULL, "roofline",
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                  | G_PARAM_STATIC_STRINGS);
  properties[PROP_HARDWARE_PANEL_VISIBLE]
    = g_param_spec_boolean ("hardware-panel-visible", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODEL_PANEL_VISIBLE]
    = g_param_spec_boolean ("model-panel-visible", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rooflinelab/Roofline/roof-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, outer_paned);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, inner_paned);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, summary_strip);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, hardware_panel);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, model_panel);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, doc_title);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, doc_title_label);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, doc_subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, recent_section);
  gtk_widget_class_bind_template_child_full (widget_class, "roofline_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_ROOFLINE]));
  gtk_widget_class_bind_template_child_full (widget_class, "cost_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_COST]));
  gtk_widget_class_bind_template_child_full (widget_class, "sensitivity_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow,
                                                              views[ROOF_PLOT_SENSITIVITY]));
  gtk_widget_class_bind_template_child_full (widget_class, "batch_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_BATCH]));
  gtk_widget_class_bind_template_child_full (widget_class, "context_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow,
                                                              views[ROOF_PLOT_CONTEXT]));
  gtk_widget_class_bind_template_child_full (widget_class, "memory_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_MEMORY]));
  gtk_widget_class_bind_template_child_full (widget_class, "trend_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_TREND]));

  gtk_widget_class_install_property_action (widget_class, "win.chart", "chart");
  gtk_widget_class_install_property_action (widget_class, "win.toggle-hardware-panel",
                                            "hardware-panel-visible");
  gtk_widget_class_install_property_action (widget_class, "win.toggle-model-panel",
                                            "model-panel-visible");
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_activated);
  gtk_widget_class_install_action (widget_class, "win.export-to", "s", export_to_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-chart", NULL, copy_chart_activated);
  gtk_widget_class_install_action (widget_class, "win.reset-view", NULL, reset_view_activated);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, zoom_in_activated);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, zoom_out_activated);
  gtk_widget_class_install_action (widget_class, "win.search-hardware", NULL,
                                   search_hardware_activated);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "win.open-file", "s", open_file_activated);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "win.save-to", "s", save_to_activated);
  gtk_widget_class_install_action (widget_class, "win.new-hardware", NULL,
                                   new_hardware_activated);
  gtk_widget_class_install_action (widget_class, "win.new-model", NULL, new_model_activated);
  gtk_widget_class_install_action (widget_class, "win.delete-hardware", "s",
                                   delete_hardware_activated);
  gtk_widget_class_install_action (widget_class, "win.delete-model", "s", delete_model_activated);
  gtk_widget_class_install_action (widget_class, "win.import-hardware", NULL,
                                   import_hardware_activated);
  gtk_widget_class_install_action (widget_class, "win.import-from", "s", import_from_activated);
  gtk_widget_class_install_action (widget_class, "win.export-hardware", NULL,
                                   export_hardware_activated);
  /* the insensitive placeholder of an empty Open Recent */
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, NULL);

  /* every accelerator of the window, as listed in gtk/help-overlay.ui */
  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    {
      add_chart_binding (widget_class, GDK_KEY_1 + i, roof_plot_kind_name (i));
      add_chart_binding (widget_class, GDK_KEY_KP_1 + i, roof_plot_kind_name (i));
    }
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.copy-chart", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK,
                                       "win.reset-view", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK,
                                       "win.reset-view", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK,
                                       "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK,
                                       "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK,
                                       "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK,
                                       "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK,
                                       "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-hardware-panel",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, GDK_SHIFT_MASK,
                                       "win.toggle-model-panel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK,
                                       "win.search-hardware", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close",
                                       NULL);
}

static void
roof_window_init (RoofWindow *self)
{
  GtkDropTarget *drop;

  /* the catalog and the scenario come in constructed (): the panels bound
   * to them follow when they are set */
  self->settings = g_settings_new (APP_ID);

  g_type_ensure (ROOF_TYPE_CHART_VIEW);
  g_type_ensure (ROOF_TYPE_SUMMARY_STRIP);
  g_type_ensure (ROOF_TYPE_HARDWARE_PANEL);
  g_type_ensure (ROOF_TYPE_MODEL_PANEL);
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->settings, "changed::chart-theme",
                           G_CALLBACK (on_chart_theme_changed), self, 0);
  g_signal_connect_object (self->settings, "changed::sensitivity-step",
                           G_CALLBACK (on_preferences_changed), self, 0);
  g_signal_connect_object (self->settings, "changed::batch-min",
                           G_CALLBACK (on_preferences_changed), self, 0);
  g_signal_connect_object (self->settings, "changed::batch-max",
                           G_CALLBACK (on_preferences_changed), self, 0);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed), self, 0);
  if (g_signal_lookup ("edit-hardware", G_OBJECT_TYPE (self->model_panel)) != 0)
    g_signal_connect_object (self->model_panel, "edit-hardware", G_CALLBACK (on_edit_hardware),
                             self, 0);
  g_signal_connect_object (self->stack, "notify::visible-child-name",
                           G_CALLBACK (on_visible_child_name), self, 0);

  g_settings_bind (self->settings, "last-chart", self, "chart", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "hardware-panel-visible", self, "hardware-panel-visible",
                   G_SETTINGS_BIND_DEFAULT);
  /* written by the property's setter, which knows a fold from a choice */
  g_settings_bind (self->settings, "model-panel-visible", self, "model-panel-visible",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "hardware-panel-width", self->outer_paned, "position",
                   G_SETTINGS_BIND_DEFAULT);
  self->model_panel_width = g_settings_get_int (self->settings, "model-panel-width");
  self->inner_width_seen = -1;
  g_signal_connect_object (self, "realize", G_CALLBACK (on_realize), self, 0);
  g_signal_connect_object (self->inner_paned, "notify::position",
                           G_CALLBACK (on_inner_position), self, 0);
  /* the document's name beside the panel button while the view switcher
   * takes the middle; the switcher title shows it when narrow */
  g_signal_connect_object (self->switcher_title, "notify::title-visible",
                           G_CALLBACK (on_title_visible), self, 0);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  apply_theme (self);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofWindow *
roof_window_new (AdwApplication *application)
{
  RoofUserCatalog *user_catalog = NULL;

  g_return_val_if_fail (application == NULL || ADW_IS_APPLICATION (application), NULL);

  if (ROOF_IS_APPLICATION (application))
    user_catalog = roof_application_get_user_catalog (ROOF_APPLICATION (application));
  return g_object_new (ROOF_TYPE_WINDOW, "application", application, "user-catalog", user_catalog,
                       NULL);
}

RoofWindow *
roof_window_new_with_catalog (AdwApplication *application, RoofUserCatalog *user_catalog)
{
  g_return_val_if_fail (application == NULL || ADW_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (user_catalog == NULL || ROOF_IS_USER_CATALOG (user_catalog), NULL);

  return g_object_new (ROOF_TYPE_WINDOW, "application", application, "user-catalog", user_catalog,
                       NULL);
}

RoofDocument *
roof_window_get_document (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->document;
}

RoofUserCatalog *
roof_window_get_user_catalog (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->user_catalog;
}

RoofCatalog *
roof_window_get_catalog (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->catalog;
}

RoofScenario *
roof_window_get_scenario (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->scenario;
}

GFile *
roof_window_get_file (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return roof_document_get_file (self->document);
}

RoofChartView *
roof_window_get_visible_chart (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->views[visible_kind (self)];
}

RoofChartView *
roof_window_get_chart (RoofWindow *self, RoofPlotKind kind)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  g_return_val_if_fail ((int) kind >= 0 && kind < ROOF_PLOT_COUNT, NULL);
  return self->views[kind];
}

RoofSummaryStrip *
roof_window_get_summary_strip (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->summary_strip;
}

GtkWidget *
roof_window_get_hardware_panel (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->hardware_panel;
}

GtkWidget *
roof_window_get_model_panel (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->model_panel;
}

void
roof_window_recompute (RoofWindow *self)
{
  g_return_if_fail (ROOF_IS_WINDOW (self));

  if (self->recompute_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->recompute_tick);
      self->recompute_tick = 0;
    }
  g_clear_pointer (&self->data, roof_chart_data_unref);
  self->data = roof_chart_data_new (self->catalog, self->scenario);
  /* every view takes the data; only the visible one renders it */
  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    roof_chart_view_set_data (self->views[i], self->data);
  roof_summary_strip_set_data (self->summary_strip, self->data);
}

gboolean
roof_window_export_chart (RoofWindow *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *theme_name = NULL;
  RoofExportFormat format;
  RoofChartInput in;

  g_return_val_if_fail (ROOF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("“%s” is not a local file"), uri);
      return FALSE;
    }
  if (!roof_export_format_from_path (path, &format))
    {
      g_autofree char *name = file_display_name (file);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s”: the name must end in .png, .svg or .pdf"), name);
      return FALSE;
    }

  if (self->recompute_tick != 0)
    roof_window_recompute (self);
  roof_chart_view_build_input (roof_window_get_visible_chart (self), &in);
  theme_name = g_settings_get_string (self->settings, "export-theme");
  if (!roof_theme_from_name (theme_name, &in.theme))
    in.theme = ROOF_THEME_LIGHT;
  in.scale = format == ROOF_EXPORT_PNG ? g_settings_get_double (self->settings, "export-scale")
                                       : 1.0;
  in.transparent = format == ROOF_EXPORT_PNG
                   && g_settings_get_boolean (self->settings, "export-transparent");
  in.caption = g_settings_get_boolean (self->settings, "export-caption");

  if (!roof_chart_export (&in, format, path, g_settings_get_int (self->settings, "export-width"),
                          g_settings_get_int (self->settings, "export-height"), error))
    return FALSE;

  {
    g_autoptr (GFile) parent = g_file_get_parent (file);
    g_autofree char *folder = parent ? g_file_get_path (parent) : NULL;
    if (folder != NULL)
      g_settings_set_string (self->settings, "export-folder", folder);
  }
  return TRUE;
}

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
      g_autofree char *name = file_display_name (file);
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);

      show_error (self, heading, error->message);
    }
}

gboolean
roof_window_restore_recovery (RoofWindow *self, GFile *recovery, gboolean new_window,
                              GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr (GFile) original = NULL;
  gsize length = 0;
  Opening *o;

  g_return_val_if_fail (ROOF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (recovery), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = roof_document_read_recovery (recovery, &original, NULL, &length, error);
  if (text == NULL)
    return FALSE;
  o = g_new0 (Opening, 1);
  o->file = g_object_ref (recovery);
  o->document_file = original != NULL ? g_object_ref (original) : NULL;
  o->recovery = g_object_ref (recovery);
  if (!open_data (self, o, text, length, new_window ? OPEN_NEW : OPEN_HERE_OR_NEW, error))
    {
      opening_free (o);
      return FALSE;
    }
  return TRUE;
}

gboolean
roof_window_export_entries (RoofWindow *self, GPtrArray *specs, GFile *file, GError **error)
{
  g_autoptr (GPtrArray) hardware = g_ptr_array_new ();
  g_autoptr (GPtrArray) models = g_ptr_array_new ();
  g_autoptr (JsonNode) doc = NULL;

  g_return_val_if_fail (ROOF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (specs != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; i < specs->len; i++)
    g_ptr_array_add (ROOF_IS_HARDWARE_SPEC (g_ptr_array_index (specs, i)) ? hardware : models,
                     g_ptr_array_index (specs, i));
  doc = roof_catalog_build_document (hardware->len > 0 ? hardware : NULL,
                                     models->len > 0 ? models : NULL);
  return roof_json_save_atomic (doc, file, error);
}

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
  show_error (self, _("Your Catalog Could Not Be Saved"), body);
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
          g_autofree char *path = g_file_get_path (file);
          g_autofree char *failed = g_strconcat (path, ".failed", NULL);
          g_autofree char *body = NULL;

          /* kept under another name, not offered again */
          g_rename (path, failed);
          /* Translators: %s says why; the second %s is where the copy is kept */
          body = g_strdup_printf (_("%s\n\nThe copy is kept as “%s”."), error->message, failed);
          show_error (self, _("Could Not Restore the Unsaved Changes"), body);
        }
    }
}

/* The name of the file a recovery copy is of, and when it was written. */
static void
describe_recovery (GFile *recovery, char **name, char **when)
{
  g_autoptr (GFile) original = NULL;
  g_autoptr (GDateTime) saved = NULL;
  g_autoptr (GDateTime) local = NULL;

  g_free (roof_document_read_recovery (recovery, &original, &saved, NULL, NULL));
  *name = original != NULL ? file_display_name (original) : g_strdup (_("Untitled Scenario"));
  local = saved != NULL ? g_date_time_to_local (saved) : NULL;
  *when = local != NULL ? g_date_time_format (local, "%x %X") : NULL;
}

void
roof_window_offer_recovery (RoofWindow *self, GPtrArray *files)
{
  AdwMessageDialog *dialog;
  g_autoptr (GString) list = g_string_new (NULL);
  g_autofree char *body = NULL;

  g_return_if_fail (ROOF_IS_WINDOW (self));
  g_return_if_fail (files != NULL && files->len > 0);

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *when = NULL;

      describe_recovery (g_ptr_array_index (files, i), &name, &when);
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

      describe_recovery (g_ptr_array_index (files, 0), &name, &when);
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
