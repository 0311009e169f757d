/* roof-window-measured.c — Import Measurements…: measured results into the scenario
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is any format roof_measurements_import () reads (a measurement
 * file, vLLM's result or printed block, SGLang's JSON lines, the MLPerf
 * table). What it does not say (the model, the hardware, the lengths) is
 * asked once in a dialog; the measurements then join the scenario, whose
 * charts draw them, and the user's set in the data folder
 * (roof_measurements_save_file: atomic, as every file).
 *
 * The Measured Results menu: the bundled published results on or off and
 * each source of the chart's points shown or hidden, both saved in the
 * scenario (chart.published_measurements, chart.measured_hidden).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "roof-chart.h"
#include "roof-file-read.h"
#include "roof-measurement.h"
#include "roof-window-private.h"

typedef struct
{
  RoofWindow *self;
  GFile *file;
  char *data;
  gsize length;
  guint needs; /* bit per RoofMeasurementError */
  GtkDropDown *hardware, *model;
  GtkSpinButton *prompt, *output, *batch;
} Asking;

static void
asking_free (Asking *a)
{
  g_object_unref (a->self);
  g_object_unref (a->file);
  g_free (a->data);
  g_free (a);
}

/* ------------------------------------------------------------------------ */
/* Import                                                                   */

/* The new measurements into the user's set (with free ids) and the
 * scenario's. */
static gboolean
keep (RoofWindow *self, GPtrArray *added, GError **error)
{
  g_autoptr (GFile) store = roof_measurements_default_file ();
  g_autoptr (GPtrArray) in_scenario = roof_measurements_new ();
  GPtrArray *current = roof_scenario_get_measurements (self->scenario);

  if (!roof_measurements_add_to_file (added, store, self->catalog, current, error))
    return FALSE;
  for (guint i = 0; i < current->len; i++)
    g_ptr_array_add (in_scenario, roof_measurement_copy (g_ptr_array_index (current, i)));
  for (guint i = 0; i < added->len; i++)
    g_ptr_array_add (in_scenario, roof_measurement_copy (g_ptr_array_index (added, i)));
  roof_scenario_set_measurements (self->scenario, in_scenario);
  return TRUE;
}

static GPtrArray *
import (Asking *a, const RoofImportHints *hints, GError **error)
{
  g_autofree char *origin = _roof_window_file_display_name (a->file);

  return roof_measurements_import (a->data, a->length, origin, hints, a->self->catalog, NULL,
                                   error);
}

static void
finish (Asking *a, const RoofImportHints *hints)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) added = import (a, hints, &error);
  g_autofree char *name = _roof_window_file_display_name (a->file);

  if (added == NULL || !keep (a->self, added, &error))
    {
      _roof_window_show_import_error (a->self, a->file, error);
      return;
    }
  {
    g_autofree char *text = g_strdup_printf (
      ngettext ("Imported %u measurement from “%s”", "Imported %u measurements from “%s”",
                added->len),
      added->len, name);
    _roof_window_toast (a->self, text);
  }
}

/* ------------------------------------------------------------------------ */
/* Asking                                                                   */

static const char *
first_device (RoofWindow *self)
{
  const char *const *ids = roof_scenario_get_hardware (self->scenario);
  g_autoptr (RoofSpec) spec = NULL;

  if (ids != NULL && ids[0] != NULL)
    return ids[0];
  spec = g_list_model_get_item (roof_catalog_get_hardware (self->catalog), 0);
  return spec != NULL ? roof_spec_get_id (spec) : NULL;
}

/* A drop-down of the ids of `list`, `selected` chosen. */
static GtkDropDown *
id_drop_down (GListModel *list, const char *selected)
{
  GtkStringList *ids = gtk_string_list_new (NULL);
  guint at = 0;

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (RoofSpec) spec = g_list_model_get_item (list, i);
      gtk_string_list_append (ids, roof_spec_get_id (spec));
      if (g_strcmp0 (roof_spec_get_id (spec), selected) == 0)
        at = i;
    }
  GtkDropDown *dd = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (ids), NULL));
  gtk_drop_down_set_selected (dd, at);
  gtk_drop_down_set_enable_search (dd, TRUE);
  return dd;
}

static void
add_row (GtkGrid *grid, int row, const char *label, GtkWidget *widget)
{
  GtkWidget *l = gtk_label_new_with_mnemonic (label);

  gtk_label_set_xalign (GTK_LABEL (l), 1.0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (l), widget);
  gtk_grid_attach (grid, l, 0, row, 1, 1);
  gtk_grid_attach (grid, widget, 1, row, 1, 1);
}

static const char *
selected_id (GtkDropDown *dd)
{
  GObject *item = gtk_drop_down_get_selected_item (dd);
  return item != NULL ? gtk_string_object_get_string (GTK_STRING_OBJECT (item)) : NULL;
}

static void
on_response (AdwMessageDialog *dialog, const char *response, Asking *a)
{
  RoofImportHints hints = { 0 };

  if (g_strcmp0 (response, "import") == 0)
    {
      if (a->hardware != NULL)
        hints.hardware = selected_id (a->hardware);
      if (a->model != NULL)
        hints.model = selected_id (a->model);
      if (a->prompt != NULL)
        hints.prompt = gtk_spin_button_get_value (a->prompt);
      if (a->output != NULL)
        hints.output = gtk_spin_button_get_value (a->output);
      if (a->batch != NULL)
        hints.batch = gtk_spin_button_get_value (a->batch);
      finish (a, &hints);
    }
  asking_free (a);
}

static GtkSpinButton *
tokens_spin (double value)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, 1e7, 1));
  gtk_spin_button_set_value (spin, value);
  return spin;
}

/* One dialog for everything the file lacks. */
static void
ask (Asking *a)
{
  RoofWindow *self = a->self;
  g_autofree char *name = _roof_window_file_display_name (a->file);
  g_autofree char *body = g_strdup_printf (_("“%s” does not say everything a measurement "
                                             "needs. What did it measure?"),
                                           name);
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (
    adw_message_dialog_new (GTK_WINDOW (self), _("Import Measurements"), body));
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  int row = 0;

  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);
  if (a->needs & (1u << ROOF_MEASUREMENT_ERROR_NEEDS_HARDWARE))
    {
      a->hardware = id_drop_down (roof_catalog_get_hardware (self->catalog), first_device (self));
      add_row (grid, row++, _("_Device"), GTK_WIDGET (a->hardware));
    }
  if (a->needs & (1u << ROOF_MEASUREMENT_ERROR_NEEDS_MODEL))
    {
      a->model = id_drop_down (roof_catalog_get_models (self->catalog),
                               roof_scenario_get_model (self->scenario));
      add_row (grid, row++, _("_Model"), GTK_WIDGET (a->model));
    }
  if (a->needs & (1u << ROOF_MEASUREMENT_ERROR_NEEDS_LENGTHS))
    {
      const RoofWorkload *wl = roof_scenario_get_workload (self->scenario);
      a->prompt = tokens_spin (wl->prompt);
      a->output = tokens_spin (wl->output);
      add_row (grid, row++, _("Mean _input tokens"), GTK_WIDGET (a->prompt));
      add_row (grid, row++, _("Mean _output tokens"), GTK_WIDGET (a->output));
    }
  if (a->needs & (1u << ROOF_MEASUREMENT_ERROR_NEEDS_BATCH))
    {
      a->batch = tokens_spin (roof_scenario_get_workload (self->scenario)->batch);
      add_row (grid, row++, _("Requests in _flight (batch)"), GTK_WIDGET (a->batch));
    }
  adw_message_dialog_set_extra_child (dialog, GTK_WIDGET (grid));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "import", _("_Import"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "import", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "import");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_response), a);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Which of the model, the hardware, the lengths and the batch the file
 * lacks: each answered with a stand-in in turn until the import needs
 * nothing more. */
static guint
probe (Asking *a)
{
  RoofImportHints hints = { 0 };
  guint needs = 0;

  for (int tries = 0; tries <= ROOF_MEASUREMENT_ERROR_NEEDS_BATCH; tries++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) set = import (a, &hints, &error);

      if (set != NULL || error->domain != ROOF_MEASUREMENT_ERROR)
        break;
      needs |= 1u << error->code;
      if (error->code == ROOF_MEASUREMENT_ERROR_NEEDS_MODEL)
        hints.model = roof_scenario_get_model (a->self->scenario);
      else if (error->code == ROOF_MEASUREMENT_ERROR_NEEDS_HARDWARE)
        hints.hardware = first_device (a->self);
      else if (error->code == ROOF_MEASUREMENT_ERROR_NEEDS_BATCH)
        hints.batch = 1;
      else
        hints.prompt = hints.output = 1;
    }
  return needs;
}

static void
import_chosen (RoofWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  Asking *a = g_new0 (Asking, 1);

  a->self = g_object_ref (self);
  a->file = g_object_ref (file);
  if (!roof_file_read (file, ROOF_FILE_READ_REGULAR, &a->data, &a->length, &error))
    {
      _roof_window_show_import_error (self, file, error);
      asking_free (a);
      return;
    }
  a->needs = probe (a);
  if (a->needs != 0)
    {
      ask (a);
      return;
    }
  finish (a, NULL);
  asking_free (a);
}

static void
import_measurements_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  _roof_window_run_chooser (ROOF_WINDOW (widget), _("Import Measurements"),
                            GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), FILES_CATALOG, NULL,
                            import_chosen);
}

/* ------------------------------------------------------------------------ */
/* The Measured Results menu                                                */

static void
published_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  RoofWindow *self = user_data;

  roof_scenario_set_published_measurements (
    self->scenario, !roof_scenario_get_published_measurements (self->scenario));
}

/* measured.source-N: source N of the chart data, hidden or shown */
static void
source_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  RoofWindow *self = user_data;
  int s = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (action), "roof-source"));
  const RoofChartInput *in = self->data != NULL ? roof_chart_data_get_input (self->data) : NULL;
  const char *source;

  if (in == NULL || s >= in->n_measured_sources)
    return;
  source = in->measured_sources[s];
  roof_scenario_set_measured_source_hidden (
    self->scenario, source, !roof_scenario_get_measured_source_hidden (self->scenario, source));
}

void
_roof_window_measured_init (RoofWindow *self)
{
  g_autoptr (GSimpleAction) published
    = g_simple_action_new_stateful ("published", NULL, g_variant_new_boolean (FALSE));

  self->measured_actions = g_simple_action_group_new ();
  g_signal_connect_object (published, "activate", G_CALLBACK (published_activated), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self->measured_actions), G_ACTION (published));
  for (int s = 0; s < ROOF_PLOT_MAX_SOURCES; s++)
    {
      g_autofree char *name = g_strdup_printf ("source-%d", s);
      g_autoptr (GSimpleAction) action
        = g_simple_action_new_stateful (name, NULL, g_variant_new_boolean (TRUE));

      g_object_set_data (G_OBJECT (action), "roof-source", GINT_TO_POINTER (s));
      g_signal_connect_object (action, "activate", G_CALLBACK (source_activated), self, 0);
      g_action_map_add_action (G_ACTION_MAP (self->measured_actions), G_ACTION (action));
    }
  gtk_widget_insert_action_group (GTK_WIDGET (self), "measured",
                                  G_ACTION_GROUP (self->measured_actions));
}

/* A menu label that shows `text` as it is: underscores are mnemonics there. */
static char *
menu_label (const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, "_", -1);

  return g_strjoinv ("__", parts);
}

/* Whether the menu's section already lists `labels` with `actions`, so
 * that an edit which changes neither rebuilds nothing: the open-or-not
 * popover menu remakes its widgets on every change of its model. */
static gboolean
section_lists (GMenuModel *section, char **labels, char **actions)
{
  int n = g_menu_model_get_n_items (section);

  if ((guint) n != g_strv_length (labels))
    return FALSE;
  for (int i = 0; i < n; i++)
    {
      g_autofree char *label = NULL;
      g_autofree char *action = NULL;

      if (!g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label)
          || !g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action)
          || strcmp (label, labels[i]) != 0 || strcmp (action, actions[i]) != 0)
        return FALSE;
    }
  return TRUE;
}

void
_roof_window_measured_sync (RoofWindow *self)
{
  const RoofChartInput *in = self->data != NULL ? roof_chart_data_get_input (self->data) : NULL;
  int n = in != NULL ? in->n_measured_sources : 0;
  g_autoptr (GStrvBuilder) labels = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) actions = g_strv_builder_new ();
  g_auto (GStrv) label_v = NULL;
  g_auto (GStrv) action_v = NULL;
  GAction *published;

  if (self->measured_actions == NULL || self->measured_section == NULL)
    return;
  published = g_action_map_lookup_action (G_ACTION_MAP (self->measured_actions), "published");
  g_simple_action_set_state (G_SIMPLE_ACTION (published),
                             g_variant_new_boolean (
                               roof_scenario_get_published_measurements (self->scenario)));
  for (int s = 0; s < ROOF_PLOT_MAX_SOURCES; s++)
    {
      g_autofree char *name = g_strdup_printf ("source-%d", s);
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->measured_actions), name);
      gboolean shown = s < n && !(in->measured_hidden & (1u << s));

      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), s < n);
      g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (shown));
      if (s < n)
        {
          g_autofree char *label = menu_label (in->measured_sources[s]);
          g_autofree char *detailed = g_strdup_printf ("measured.%s", name);

          g_strv_builder_add (labels, label);
          g_strv_builder_add (actions, detailed);
        }
    }
  if (n == 0)
    {
      g_strv_builder_add (labels, _("No Measured Results for This Model and These Devices"));
      g_strv_builder_add (actions, "measured.none");
    }
  label_v = g_strv_builder_end (labels);
  action_v = g_strv_builder_end (actions);
  if (section_lists (G_MENU_MODEL (self->measured_section), label_v, action_v))
    return;
  g_menu_remove_all (self->measured_section);
  for (guint i = 0; label_v[i] != NULL; i++)
    g_menu_append (self->measured_section, label_v[i], action_v[i]);
}

void
_roof_window_class_measured_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.import-measurements", NULL,
                                   import_measurements_activated);
}

void
roof_window_import_measurements (RoofWindow *self, GFile *file)
{
  g_return_if_fail (ROOF_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  import_chosen (self, file);
}
