/* roof-window-actions.c — the window's actions and their accelerators
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Installed on the class (roof-window.h lists them); every accelerator is
 * declared here and listed in gtk/help-overlay.ui. Saving, new and deleted
 * entries (a delete is undone from its toast), exporting entries and
 * charts, the clipboard, zoom and search. Opening and importing files are
 * roof-window-open.c's.
 */
#include "config.h"

#include "roof-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "roof-catalog-dialogs.h"
#include "roof-chart-command.h"
#include "roof-catalog-entries.h"
#include "roof-export-dialog.h"
#include "roof-hardware-panel.h"
#include "roof-probe-dialog.h"
#include "roof-probe.h"
#include "roof-spec-editor.h"

/* ------------------------------------------------------------------------ */
/* Saving                                                                   */

static gboolean
save_to (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = _roof_window_file_display_name (file);

  /* the file reopens on the chart the user was looking at */
  g_signal_handler_block (self->scenario, self->scenario_changed_id);
  roof_scenario_set_chart (self->scenario, (RoofPlotKind) _roof_window_visible_kind (self));
  g_signal_handler_unblock (self->scenario, self->scenario_changed_id);

  if (!roof_document_save (self->document, file, &error))
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);

      self->close_after_save = FALSE;
      _roof_window_show_error (self, heading, error->message);
      return FALSE;
    }
  _roof_window_add_recent (self, file);
  {
    g_autofree char *text = g_strdup_printf (_("Saved “%s”"), name);
    _roof_window_toast (self, text);
  }
  if (self->close_after_save)
    {
      self->close_after_save = FALSE;
      _roof_window_close_later (self);
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
  g_autofree char *name = current ? _roof_window_file_display_name (current)
                                  : g_strconcat (_("scenario"), SCENARIO_SUFFIX, NULL);

  _roof_window_run_chooser (self, _("Save Scenario"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"),
                            FILES_SCENARIO, name, save_chosen);
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
/* Catalog entries: new, delete (with undo), export                         */

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
  t = _roof_window_toast_new (text);
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
export_chosen (RoofWindow *self, GFile *file)
{
  GPtrArray *chosen = g_object_get_data (G_OBJECT (self), "export-entries");
  g_autoptr (GError) error = NULL;
  g_autofree char *name = _roof_window_file_display_name (file);

  if (chosen == NULL)
    return;
  if (!roof_window_export_entries (self, chosen, file, &error))
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Export to “%s”"), name);

      _roof_window_show_error (self, heading, error->message);
      return;
    }
  {
    g_autofree char *text = g_strdup_printf (ngettext ("Exported %u entry to “%s”",
                                                       "Exported %u entries to “%s”",
                                                       chosen->len),
                                             chosen->len, name);
    _roof_window_toast (self, text);
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
  _roof_window_run_chooser (self, _("Export Catalog Entries"), GTK_FILE_CHOOSER_ACTION_SAVE,
                            _("_Export"), FILES_CATALOG, "roofline-catalog.json", export_chosen);
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
      _roof_window_toast (self, _("Nothing to export: select a device, or add or edit one first"));
      return;
    }
  roof_entry_picker_run (GTK_WINDOW (self), candidates, NULL, on_entries_picked, self, NULL);
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
    _roof_window_show_error (self, _("Could Not Open the File"), error->message);
}

static void
export_and_report (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = _roof_window_file_display_name (file);

  if (!roof_window_export_chart (self, file, &error))
    {
      _roof_window_show_error (self, _("Could Not Export the Chart"), error->message);
      return;
    }
  {
    g_autofree char *text = g_strdup_printf (_("Exported “%s”"), name);
    AdwToast *t = _roof_window_toast_new (text);
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
  RoofPlotKind kind = (RoofPlotKind) _roof_window_visible_kind (self);
  RoofExportDialog *dialog = roof_export_dialog_new (GTK_WINDOW (self), kind);

  g_signal_connect_object (dialog, "export", G_CALLBACK (on_export_dialog_export), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The measured entry replaces the last one, joins the comparison and is
 * shown in the hardware panel; the user catalog saves it. */
static void
on_probe_measured (RoofProbeDialog *dialog, RoofHardwareSpec *spec, RoofWindow *self)
{
  const char *id = roof_spec_get_id (ROOF_SPEC (spec));

  roof_catalog_add_hardware (self->catalog, spec);
  if (!roof_scenario_has_hardware (self->scenario, id))
    roof_scenario_add_hardware (self->scenario, id);
  roof_hardware_panel_select_hardware (ROOF_HARDWARE_PANEL (self->hardware_panel), id);
}

static void
measure_computer_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  RoofProbeDialog *dialog = roof_probe_dialog_new (GTK_WINDOW (self), ROOF_PROBE_DEFAULT_SECONDS);

  g_signal_connect_object (dialog, "measured", G_CALLBACK (on_probe_measured), self, 0);
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
  in.theme = _roof_window_screen_theme (self);
  in.scale = gtk_widget_get_scale_factor (GTK_WIDGET (view));
  in.caption = g_settings_get_boolean (self->settings, "export-caption");
  png = roof_chart_export_bytes (&in, ROOF_EXPORT_PNG, width, height, &error);
  if (png != NULL)
    texture = gdk_texture_new_from_bytes (png, &error);
  if (texture == NULL)
    {
      _roof_window_show_error (self, _("Could Not Copy the Chart"), error->message);
      return;
    }
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
  _roof_window_toast (self, _("Chart copied to the clipboard"));
}

/* ------------------------------------------------------------------------ */
/* The view                                                                 */

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
reset_view_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  roof_chart_view_reset_view (roof_window_get_visible_chart (self));
}

static void
search_hardware_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);

  g_object_set (self, "hardware-panel-visible", TRUE, NULL);
  roof_hardware_panel_focus_search (ROOF_HARDWARE_PANEL (self->hardware_panel));
}

static void
copy_command_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  RoofPlotKind kind = _roof_window_visible_kind (self);
  GFile *store = roof_user_catalog_get_file (self->user_catalog);
  GFile *file = roof_document_get_file (self->document);
  g_autofree char *catalog_path = store != NULL ? g_file_get_path (store) : NULL;
  /* the saved file says what no flag does, unless it was changed since */
  g_autofree char *scenario_path
    = file != NULL && !roof_document_get_dirty (self->document) ? g_file_get_path (file) : NULL;
  g_autofree char *out = g_strdup_printf ("%s.png", roof_plot_kind_name (kind));
  g_auto (GStrv) args = roof_chart_command_args (self->scenario, self->catalog, kind,
                                                 catalog_path, scenario_path, out);
  g_autofree char *line = roof_chart_command_line ((const char *const *) args);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), line);
  _roof_window_toast (self, _("Command copied to the clipboard"));
}

/* ------------------------------------------------------------------------ */
/* The keyboard: panes and their first controls                             */

static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_named (c, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Shows the panel if it is hidden or folded away, then focuses `name` in it
 * (NULL: its first control). */
static void
focus_in_panel (RoofWindow *self, const char *property, GtkWidget *panel, const char *name)
{
  GtkWidget *target;

  g_object_set (self, property, TRUE, NULL);
  target = name != NULL ? find_named (panel, name) : NULL;
  if (target == NULL || !gtk_widget_grab_focus (target))
    gtk_widget_child_focus (panel, GTK_DIR_TAB_FORWARD);
}

static void
focus_devices_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);

  g_object_set (self, "hardware-panel-visible", TRUE, NULL);
  roof_hardware_panel_focus_list (ROOF_HARDWARE_PANEL (self->hardware_panel));
}

static void
focus_workload_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  focus_in_panel (self, "model-panel-visible", self->model_panel, "batch-spin");
}

static void
focus_model_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  focus_in_panel (self, "model-panel-visible", self->model_panel, "model-dropdown");
}

/* F6 and Shift+F6 go round the panes as GNOME applications do: the device
 * list, the chart, the model and workload panel. */
static void
cycle_panes (RoofWindow *self, int step)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  int pane;

  if (focus == NULL)
    pane = step > 0 ? -1 : 3; /* from the header bar: the first or the last */
  else if (gtk_widget_is_ancestor (focus, self->hardware_panel))
    pane = 0;
  else if (gtk_widget_is_ancestor (focus, self->model_panel))
    pane = 2;
  else if (focus == GTK_WIDGET (roof_window_get_visible_chart (self))
           || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->stack))
           || gtk_widget_is_ancestor (focus, self->empty_page)
           || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->summary_strip)))
    pane = 1;
  else
    pane = step > 0 ? -1 : 3;
  pane = (pane + step + 3) % 3;

  if (pane == 0)
    focus_devices_activated (GTK_WIDGET (self), NULL, NULL);
  else if (pane == 2)
    focus_in_panel (self, "model-panel-visible", self->model_panel, "model-dropdown");
  else
    {
      /* a panel overlaid on the chart goes away */
      if (adw_flap_get_fold_policy (self->hardware_flap) == ADW_FLAP_FOLD_POLICY_ALWAYS)
        adw_flap_set_reveal_flap (self->hardware_flap, FALSE);
      if (adw_flap_get_fold_policy (self->model_flap) == ADW_FLAP_FOLD_POLICY_ALWAYS)
        adw_flap_set_reveal_flap (self->model_flap, FALSE);
      if (gtk_widget_get_visible (self->empty_page))
        gtk_widget_child_focus (self->empty_page, GTK_DIR_TAB_FORWARD);
      else
        gtk_widget_grab_focus (GTK_WIDGET (roof_window_get_visible_chart (self)));
    }
}

static void
next_pane_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  cycle_panes (ROOF_WINDOW (widget), 1);
}

static void
previous_pane_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  cycle_panes (ROOF_WINDOW (widget), -1);
}

/* ------------------------------------------------------------------------ */
/* Class                                                                    */

/* Every accelerator of the window but the charts' (Ctrl+1 onwards) and Ctrl+O
 * (_roof_window_class_open_init), as listed in gtk/help-overlay.ui. */
static const struct
{
  guint key;
  GdkModifierType modifiers;
  const char *action;
} accelerators[] = {
  { GDK_KEY_e, GDK_CONTROL_MASK, "win.export" },
  { GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.copy-chart" },
  { GDK_KEY_KP_0, GDK_CONTROL_MASK, "win.reset-view" },
  /* after the keypad's: menus show the last one */
  { GDK_KEY_0, GDK_CONTROL_MASK, "win.reset-view" },
  { GDK_KEY_plus, GDK_CONTROL_MASK, "win.zoom-in" },
  { GDK_KEY_equal, GDK_CONTROL_MASK, "win.zoom-in" },
  { GDK_KEY_KP_Add, GDK_CONTROL_MASK, "win.zoom-in" },
  { GDK_KEY_minus, GDK_CONTROL_MASK, "win.zoom-out" },
  { GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "win.zoom-out" },
  { GDK_KEY_F9, 0, "win.toggle-hardware-panel" },
  { GDK_KEY_F9, GDK_SHIFT_MASK, "win.toggle-model-panel" },
  { GDK_KEY_s, GDK_CONTROL_MASK, "win.save" },
  { GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as" },
  { GDK_KEY_f, GDK_CONTROL_MASK, "win.search-hardware" },
  { GDK_KEY_l, GDK_CONTROL_MASK, "win.focus-devices" },
  { GDK_KEY_m, GDK_CONTROL_MASK, "win.focus-model" },
  { GDK_KEY_b, GDK_CONTROL_MASK, "win.focus-workload" },
  { GDK_KEY_F6, 0, "win.next-pane" },
  { GDK_KEY_F6, GDK_SHIFT_MASK, "win.previous-pane" },
  { GDK_KEY_w, GDK_CONTROL_MASK, "window.close" },
  { GDK_KEY_z, GDK_CONTROL_MASK, "win.undo" },
  { GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo" },
};

/* ------------------------------------------------------------------------ */
/* Undo and redo                                                            */

static void
undo_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);

  if (roof_history_undo (self->history))
    roof_window_recompute (self);
}

static void
redo_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);

  if (roof_history_redo (self->history))
    roof_window_recompute (self);
}

static void
on_history_notify (RoofHistory *history, GParamSpec *pspec, RoofWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 roof_history_get_can_undo (history));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 roof_history_get_can_redo (history));
}

static void
on_spec_edited (RoofSpecEditor *editor, RoofSpec *spec, JsonObject *before, RoofWindow *self)
{
  roof_history_record_spec (self->history, spec, before);
}

static void
follow_editors (RoofWindow *self, GtkWidget *widget)
{
  if (ROOF_IS_SPEC_EDITOR (widget))
    {
      g_signal_connect_object (widget, "edited", G_CALLBACK (on_spec_edited), self, 0);
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    follow_editors (self, c);
}

/* Ctrl+Z and Shift+Ctrl+Z are the window's wherever the focus is: a text
 * field would take them first (its own undo of what is typed), since the
 * window's bindings come last */
static gboolean
undo_key_cb (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));

  gtk_widget_activate_action (window, user_data, NULL);
  return TRUE;
}

static void
add_undo_keys (RoofWindow *self)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();
  const struct
  {
    GdkModifierType modifiers;
    const char *action;
  } undo_keys[] = { { GDK_CONTROL_MASK, "win.undo" },
                    { GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo" } };

  gtk_event_controller_set_name (keys, "roof-undo-keys");
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  for (gsize i = 0; i < G_N_ELEMENTS (undo_keys); i++)
    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, undo_keys[i].modifiers),
                        gtk_callback_action_new (undo_key_cb, (gpointer) undo_keys[i].action,
                                                 NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

static void
on_chart_drag_begin (GtkGestureDrag *drag, double x, double y, RoofWindow *self)
{
  roof_history_begin_group (self->history);
}

static void
on_chart_drag_end (GtkGestureDrag *drag, double x, double y, RoofWindow *self)
{
  roof_history_end_group (self->history);
}

/* A drag on a chart (the operating point's, from press to release) is one
 * step, however many values it went through; a pan changes nothing the
 * history keeps. */
static void
group_chart_drags (RoofWindow *self)
{
  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    {
      g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (
        GTK_WIDGET (self->views[i]));

      for (guint j = 0; j < g_list_model_get_n_items (controllers); j++)
        {
          g_autoptr (GObject) c = g_list_model_get_item (controllers, j);

          if (!GTK_IS_GESTURE_DRAG (c))
            continue;
          g_signal_connect_object (c, "drag-begin", G_CALLBACK (on_chart_drag_begin), self, 0);
          g_signal_connect_object (c, "drag-end", G_CALLBACK (on_chart_drag_end), self, 0);
        }
    }
}

void
_roof_window_history_init (RoofWindow *self)
{
  add_undo_keys (self);
  group_chart_drags (self);
  g_signal_connect_object (self->history, "notify", G_CALLBACK (on_history_notify), self, 0);
  on_history_notify (self->history, NULL, self);
  follow_editors (self, self->hardware_panel);
  follow_editors (self, self->model_panel);
}

static void
add_chart_binding (GtkWidgetClass *widget_class, guint key, const char *chart)
{
  gtk_widget_class_add_binding_action (widget_class, key, GDK_CONTROL_MASK, "win.chart", "s",
                                       chart);
}

void
_roof_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_property_action (widget_class, "win.chart", "chart");
  gtk_widget_class_install_property_action (widget_class, "win.toggle-hardware-panel",
                                            "hardware-panel-visible");
  gtk_widget_class_install_property_action (widget_class, "win.toggle-model-panel",
                                            "model-panel-visible");
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_activated);
  gtk_widget_class_install_action (widget_class, "win.export-to", "s", export_to_activated);
  gtk_widget_class_install_action (widget_class, "win.measure-computer", NULL,
                                   measure_computer_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-chart", NULL, copy_chart_activated);
  gtk_widget_class_install_action (widget_class, "win.reset-view", NULL, reset_view_activated);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, zoom_in_activated);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, zoom_out_activated);
  gtk_widget_class_install_action (widget_class, "win.search-hardware", NULL,
                                   search_hardware_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-command", NULL,
                                   copy_command_activated);
  gtk_widget_class_install_action (widget_class, "win.focus-devices", NULL,
                                   focus_devices_activated);
  gtk_widget_class_install_action (widget_class, "win.focus-model", NULL, focus_model_activated);
  gtk_widget_class_install_action (widget_class, "win.focus-workload", NULL,
                                   focus_workload_activated);
  gtk_widget_class_install_action (widget_class, "win.next-pane", NULL, next_pane_activated);
  gtk_widget_class_install_action (widget_class, "win.previous-pane", NULL,
                                   previous_pane_activated);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "win.save-to", "s", save_to_activated);
  gtk_widget_class_install_action (widget_class, "win.new-hardware", NULL,
                                   new_hardware_activated);
  gtk_widget_class_install_action (widget_class, "win.new-model", NULL, new_model_activated);
  gtk_widget_class_install_action (widget_class, "win.delete-hardware", "s",
                                   delete_hardware_activated);
  gtk_widget_class_install_action (widget_class, "win.delete-model", "s", delete_model_activated);
  gtk_widget_class_install_action (widget_class, "win.export-hardware", NULL,
                                   export_hardware_activated);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);

  /* Ctrl+1 onwards and the keypad's, in the order of the view switcher */
  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    {
      add_chart_binding (widget_class, GDK_KEY_1 + i, roof_plot_kind_name (i));
      add_chart_binding (widget_class, GDK_KEY_KP_1 + i, roof_plot_kind_name (i));
    }
  for (gsize i = 0; i < G_N_ELEMENTS (accelerators); i++)
    gtk_widget_class_add_binding_action (widget_class, accelerators[i].key,
                                         accelerators[i].modifiers, accelerators[i].action, NULL);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

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
      g_autofree char *name = _roof_window_file_display_name (file);
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
