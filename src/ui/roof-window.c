/* roof-window.c — the main window: panels, the seven charts, the summary strip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "roofline"

#include "config.h"

#include "roof-window.h"

#include <glib/gi18n.h>

#include "roof-chart-data.h"
#include "roof-export-dialog.h"
#include "roof-hardware-panel.h"
#include "roof-model-panel.h"

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

  GSettings *settings;
  RoofCatalog *catalog;
  RoofScenario *scenario;
  RoofChartData *data;

  /* the document: a later issue adds recent files, unsaved marks and
   * autosave on top of this */
  GFile *file;

  guint recompute_tick;
  gulong scenario_changed_id;
  int model_panel_width;
  int inner_width_seen;
  gboolean narrow;      /* the window is narrower than FOLD_WIDTH */
  gboolean folded;      /* the model panel was hidden for narrowness */
  gboolean auto_toggle; /* a panel is shown or hidden by the window, not the user */
  gboolean model_width_restored;
  GtkNativeDialog *chooser; /* the one file chooser open, if any */
};

G_DEFINE_FINAL_TYPE (RoofWindow, roof_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_CATALOG,
  PROP_SCENARIO,
  PROP_FILE,
  PROP_CHART,
  PROP_HARDWARE_PANEL_VISIBLE,
  PROP_MODEL_PANEL_VISIBLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *const chart_names[ROOF_PLOT_COUNT] = {
  "roofline", "cost", "sensitivity", "batch", "context", "memory", "trend",
};

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

static void
update_subtitle (RoofWindow *self)
{
  g_autofree char *name = self->file ? file_display_name (self->file) : NULL;
  adw_view_switcher_title_set_subtitle (self->switcher_title, name ? name : "");
}

static int
visible_kind (RoofWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->stack);
  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    if (g_strcmp0 (name, chart_names[i]) == 0)
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
/* File choosers                                                            */

typedef void (*ChooserDone) (RoofWindow *self, GFile *file);

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
  if (self->chooser == native)
    g_clear_object (&self->chooser);
}

static void
run_chooser (RoofWindow *self, const char *title, GtkFileChooserAction action,
             const char *accept, const char *suggested_name, ChooserDone done)
{
  GtkFileChooserNative *native;
  g_autoptr (GtkFileFilter) json = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);

  native = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (json, _("JSON files"));
  gtk_file_filter_add_mime_type (json, "application/json");
  gtk_file_filter_add_suffix (json, "json");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), json);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);
  if (suggested_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested_name);
  g_object_set_data (G_OBJECT (native), "done", (gpointer) done);
  g_signal_connect (native, "response", G_CALLBACK (on_chooser_response), self);
  self->chooser = GTK_NATIVE_DIALOG (native);
  gtk_native_dialog_show (self->chooser);
}

/* ------------------------------------------------------------------------ */
/* Scenario files                                                           */

static gboolean
save_to (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;

  /* the file reopens on the chart the user was looking at */
  g_signal_handler_block (self->scenario, self->scenario_changed_id);
  roof_scenario_set_chart (self->scenario, (RoofChartKind) visible_kind (self));
  g_signal_handler_unblock (self->scenario, self->scenario_changed_id);

  if (!roof_scenario_save_file (self->scenario, self->catalog, file, &error))
    {
      show_error (self, _("Could Not Save the Scenario"), error->message);
      return FALSE;
    }
  if (self->file == NULL || !g_file_equal (self->file, file))
    {
      g_set_object (&self->file, file);
      update_subtitle (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
  {
    g_autofree char *name = file_display_name (file);
    g_autofree char *text = g_strdup_printf (_("Saved “%s”"), name);
    toast (self, text);
  }
  return TRUE;
}

static void
open_chosen (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;

  if (!roof_window_open_file (self, file, &error))
    show_error (self, _("Could Not Open the Scenario"), error->message);
}

static void
save_chosen (RoofWindow *self, GFile *file)
{
  save_to (self, file);
}

static void
open_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  run_chooser (ROOF_WINDOW (widget), _("Open Scenario"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
               NULL, open_chosen);
}

static void
save_as_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  g_autofree char *name = self->file ? file_display_name (self->file)
                                     : g_strdup_printf ("%s.json", _("scenario"));

  run_chooser (self, _("Save Scenario"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), name,
               save_chosen);
}

static void
save_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);

  if (self->file != NULL)
    save_to (self, self->file);
  else
    save_as_activated (widget, action_name, parameter);
}

/* ------------------------------------------------------------------------ */
/* Hardware files                                                           */

static void
import_chosen (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *name = file_display_name (file);

  if (!roof_catalog_load_file (self->catalog, file, warnings, &error))
    {
      show_error (self, _("Could Not Import the Hardware"), error->message);
      return;
    }
  if (warnings->len > 0)
    {
      g_autoptr (GString) body = g_string_new (NULL);
      for (guint i = 0; i < warnings->len; i++)
        g_string_append_printf (body, "%s%s", i ? "\n" : "",
                                (const char *) g_ptr_array_index (warnings, i));
      show_error (self, _("Imported with Warnings"), body->str);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("Imported “%s”"), name);
      toast (self, text);
    }
  queue_recompute (self);
}

static void
import_hardware_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  run_chooser (ROOF_WINDOW (widget), _("Import Hardware"), GTK_FILE_CHOOSER_ACTION_OPEN,
               _("_Import"), NULL, import_chosen);
}

static JsonNode *
custom_hardware_document (RoofWindow *self, guint *n_entries)
{
  JsonNode *doc = roof_catalog_build_custom_document (self->catalog);
  JsonObject *root = json_node_get_object (doc);

  /* the menu item says hardware: custom models travel with scenarios */
  if (json_object_has_member (root, "models"))
    json_object_remove_member (root, "models");
  *n_entries = json_object_has_member (root, "hardware")
                 ? json_array_get_length (json_object_get_array_member (root, "hardware"))
                 : 0;
  return doc;
}

static void
export_hardware_chosen (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  guint n = 0;
  g_autoptr (JsonNode) doc = custom_hardware_document (self, &n);

  if (!roof_json_save_atomic (doc, file, &error))
    {
      show_error (self, _("Could Not Export the Hardware"), error->message);
      return;
    }
  {
    g_autofree char *name = file_display_name (file);
    g_autofree char *text = g_strdup_printf (ngettext ("Exported %u entry to “%s”",
                                                       "Exported %u entries to “%s”", n),
                                             n, name);
    toast (self, text);
  }
}

static void
export_hardware_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  guint n = 0;

  json_node_unref (custom_hardware_document (self, &n));
  if (n == 0)
    {
      toast (self, _("No custom or modified hardware to export"));
      return;
    }
  run_chooser (self, _("Export Custom Hardware"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
               "roofline-hardware.json", export_hardware_chosen);
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
roof_window_constructed (GObject *object)
{
  RoofWindow *self = ROOF_WINDOW (object);

  G_OBJECT_CLASS (roof_window_parent_class)->constructed (object);

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

  gtk_widget_dispose_template (GTK_WIDGET (self), ROOF_TYPE_WINDOW);

  g_clear_pointer (&self->data, roof_chart_data_unref);
  g_clear_object (&self->settings);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (roof_window_parent_class)->dispose (object);
}

static void
roof_window_finalize (GObject *object)
{
  RoofWindow *self = ROOF_WINDOW (object);

  g_clear_object (&self->scenario);
  g_clear_object (&self->catalog);

  G_OBJECT_CLASS (roof_window_parent_class)->finalize (object);
}

static void
roof_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofWindow *self = ROOF_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      g_value_set_object (value, self->catalog);
      break;
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_CHART:
      g_value_set_string (value, chart_names[visible_kind (self)]);
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
    case PROP_CHART:
      {
        const char *name = g_value_get_string (value);
        RoofPlotKind kind;
        if (name != NULL && roof_plot_kind_from_name (name, &kind))
          adw_view_stack_set_visible_child_name (self->stack, chart_names[kind]);
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
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "win.import-hardware", NULL,
                                   import_hardware_activated);
  gtk_widget_class_install_action (widget_class, "win.export-hardware", NULL,
                                   export_hardware_activated);

  /* every accelerator of the window, as listed in gtk/help-overlay.ui */
  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    {
      add_chart_binding (widget_class, GDK_KEY_1 + i, chart_names[i]);
      add_chart_binding (widget_class, GDK_KEY_KP_1 + i, chart_names[i]);
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
  g_autoptr (GError) error = NULL;

  /* state first: the template binds the panels to it */
  self->settings = g_settings_new (APP_ID);
  self->catalog = roof_catalog_new_builtin (&error);
  if (self->catalog == NULL)
    {
      /* the built-in catalog is compiled in: this is a broken build */
      g_critical ("the built-in catalog does not load: %s", error->message);
      self->catalog = roof_catalog_new ();
    }
  self->scenario = roof_scenario_new_default ();
  self->scenario_changed_id = g_signal_connect (self->scenario, "changed",
                                                G_CALLBACK (on_scenario_changed), self);
  apply_preferences (self);

  g_type_ensure (ROOF_TYPE_CHART_VIEW);
  g_type_ensure (ROOF_TYPE_SUMMARY_STRIP);
  g_type_ensure (ROOF_TYPE_HARDWARE_PANEL);
  g_type_ensure (ROOF_TYPE_MODEL_PANEL);
  gtk_widget_init_template (GTK_WIDGET (self));

  /* a catalog without the signal yet (older library) only misses live
   * spec edits; never connect to a signal that does not exist */
  if (g_signal_lookup ("entry-changed", ROOF_TYPE_CATALOG) != 0)
    g_signal_connect_object (self->catalog, "entry-changed", G_CALLBACK (on_entry_changed), self,
                             0);
  g_signal_connect_object (roof_catalog_get_hardware (self->catalog), "items-changed",
                           G_CALLBACK (on_hardware_items_changed), self, 0);
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

  apply_theme (self);
  /* the first frame already shows the answer */
  roof_window_recompute (self);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofWindow *
roof_window_new (AdwApplication *application)
{
  return g_object_new (ROOF_TYPE_WINDOW, "application", application, NULL);
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
  return self->file;
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
  g_autoptr (RoofScenario) scenario = NULL;
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  RoofChartKind chart;

  g_return_val_if_fail (ROOF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  scenario = roof_scenario_load_file (file, self->catalog, warnings, error);
  if (scenario == NULL)
    return FALSE;

  set_scenario (self, scenario);
  chart = roof_scenario_get_chart (scenario);
  if ((int) chart >= 0 && chart < ROOF_CHART_COUNT)
    adw_view_stack_set_visible_child_name (self->stack, chart_names[chart]);
  g_set_object (&self->file, file);
  update_subtitle (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  roof_window_recompute (self);

  if (warnings->len > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("Opened with %u warning: %s",
                                                         "Opened with %u warnings, the first: %s",
                                                         warnings->len),
                                               warnings->len,
                                               (const char *) g_ptr_array_index (warnings, 0));
      toast (self, text);
    }
  return TRUE;
}
