/* roof-window-calibrate.c — Calibrate…: a device's efficiencies fitted to its measurements
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Calibration". win.calibrate fits η_c, η_m and t_0 of the
 * device in the editor when it is compared, else of the first compared
 * device, to its measurements the charts have (the scenario's imported
 * ones and, when the scenario shows them, the bundled published set) with
 * roof-calibrate.c, as roofline-cli calibrate does. The dialog shows the
 * fit and, as calibrate's -m and --precision, a model and a compute
 * precision to fit to (each "every" by default, the choices those of the
 * device's measurements), refitting when either changes; Save Calibration
 * writes the fit into the entry's "calibration" object in the user catalog
 * (roof_user_catalog_save: roof_file_save), with the filters, beside its
 * ideal "efficiency", which stays. calibration.show (Show Calibrated
 * Predictions) is the scenario's "show-calibrated": the charts then draw
 * each calibrated device beside its ideal bound.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "roof-calibrate.h"
#include "roof-chart-data.h"
#include "roof-format.h"
#include "roof-hardware-panel.h"
#include "roof-user-catalog.h"
#include "roof-window-private.h"

typedef struct
{
  RoofWindow *self;
  char *device;
  GPtrArray *sets[2];    /* the scenario's and the bundled measurements (a ref; NULL: none) */
  GPtrArray *models;     /* char *: the model ids of the device's measurements */
  GArray *precisions;    /* int: their compute precisions, in RoofPrecision order */
  const char *model;     /* the filter: one of `models`, NULL for every model */
  int precision;         /* the filter: a RoofPrecision, -1 for every precision */
  gboolean fitted;       /* FALSE: no measurement passes the filters */
  RoofCalibrationFit fit;
  GPtrArray *sources; /* char *: the measurements' sources */
  AdwMessageDialog *dialog;            /* unowned: the dialog owns this */
  GtkWidget *holder;                   /* unowned: where the figures go */
  GtkWidget *model_drop, *precision_drop; /* the filters (a ref each) */
} Calibrating;

static void
calibrating_free (Calibrating *c)
{
  g_object_unref (c->self);
  g_free (c->device);
  for (int i = 0; i < 2; i++)
    g_clear_pointer (&c->sets[i], g_ptr_array_unref);
  g_ptr_array_unref (c->models);
  g_array_unref (c->precisions);
  g_clear_pointer (&c->sources, g_ptr_array_unref);
  if (c->model_drop != NULL)
    {
      g_signal_handlers_disconnect_by_data (c->model_drop, c);
      g_signal_handlers_disconnect_by_data (c->precision_drop, c);
      g_object_unref (c->model_drop);
      g_object_unref (c->precision_drop);
    }
  g_free (c);
}

static void
calibrating_notify (gpointer data, GClosure *closure)
{
  calibrating_free (data);
}

/* The device in the editor when it is compared, else the first compared
 * one, else the editor's; NULL when there is none. */
static RoofHardwareSpec *
chosen_device (RoofWindow *self)
{
  const char *const *ids = roof_scenario_get_hardware (self->scenario);
  RoofHardwareSpec *selected
    = roof_hardware_panel_get_selected (ROOF_HARDWARE_PANEL (self->hardware_panel));
  const char *id = selected != NULL ? roof_spec_get_id (ROOF_SPEC (selected)) : NULL;

  if (id != NULL && ids != NULL && g_strv_contains (ids, id))
    return selected;
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      RoofHardwareSpec *spec = roof_catalog_find_hardware (self->catalog, ids[i]);
      if (spec != NULL)
        return spec;
    }
  return selected;
}

static void
tell (RoofWindow *self, const char *heading, const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  gtk_widget_set_name (dialog, "calibration-message");
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ------------------------------------------------------------------------ */
/* Saving                                                                   */

static gboolean
save (Calibrating *c, GError **error)
{
  RoofWindow *self = c->self;
  RoofHardwareSpec *spec = roof_catalog_find_hardware (self->catalog, c->device);
  g_autoptr (JsonObject) entry = NULL;

  if (spec == NULL)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   _("The catalog no longer has “%s”."), c->device);
      return FALSE;
    }
  if (roof_user_catalog_get_read_only (self->user_catalog))
    {
      g_set_error_literal (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                           _("The user catalog cannot be written."));
      return FALSE;
    }
  entry = roof_spec_to_json (ROOF_SPEC (spec));
  json_object_set_object_member (
    entry, "calibration",
    roof_calibration_to_json (&c->fit, c->model,
                              c->precision >= 0 ? roof_precision_name (c->precision) : NULL,
                              c->sources));
  return roof_spec_replace_json (ROOF_SPEC (spec), entry, error)
         && roof_user_catalog_save (self->user_catalog, error);
}

static void
on_response (AdwMessageDialog *dialog, const char *response, Calibrating *c)
{
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "save") != 0)
    return;
  if (!save (c, &error))
    {
      tell (c->self, _("The Calibration Was Not Saved"), error->message);
      return;
    }
  _roof_window_toast (c->self, _("Calibration saved in the catalog: turn on Show Calibrated "
                                 "Predictions to draw it beside the ideal bound"));
}

/* ------------------------------------------------------------------------ */
/* The dialog                                                               */

static char *
state_text (RoofCalibrationState state, int n, gboolean overhead)
{
  switch (state)
    {
    case ROOF_CALIBRATION_UNDETERMINED:
      return g_strdup (overhead ? _("no measurement states its batch")
                                : _("no measurement is bound by it"));
    case ROOF_CALIBRATION_AT_LIMIT:
      return g_strdup_printf (ngettext ("at its limit, %d point", "at its limit, %d points", n),
                              n);
    case ROOF_CALIBRATION_FITTED:
    default:
      return g_strdup_printf (ngettext ("fitted, %d point", "fitted, %d points", n), n);
    }
}

static void
add_row (GtkGrid *grid, int row, const char *name, const char *title, char *value, char *note)
{
  GtkWidget *t = gtk_label_new (title);
  GtkWidget *v = gtk_label_new (value);
  GtkWidget *n = gtk_label_new (note);

  gtk_label_set_xalign (GTK_LABEL (t), 0.0);
  gtk_label_set_xalign (GTK_LABEL (v), 1.0);
  gtk_label_set_xalign (GTK_LABEL (n), 0.0);
  gtk_widget_set_name (v, name);
  gtk_label_set_selectable (GTK_LABEL (v), TRUE);
  gtk_widget_add_css_class (v, "numeric");
  gtk_widget_add_css_class (n, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (n), TRUE);
  gtk_grid_attach (grid, t, 0, row, 1, 1);
  gtk_grid_attach (grid, v, 1, row, 1, 1);
  gtk_grid_attach (grid, n, 2, row, 1, 1);
  g_free (value);
  g_free (note);
}

/* η to 3 significant figures, or "undetermined" */
static char *
eta_text (double eta, RoofCalibrationState state)
{
  return state == ROOF_CALIBRATION_UNDETERMINED ? g_strdup (_("undetermined"))
                                                : roof_format_significant (eta, 3);
}

static GtkWidget *
figures (const RoofCalibrationFit *fit)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);
  add_row (grid, 0, "calibration-compute", _("Compute efficiency η_c"),
           eta_text (fit->eta_compute, fit->compute_state),
           state_text (fit->compute_state, fit->n_compute, FALSE));
  add_row (grid, 1, "calibration-memory", _("Memory efficiency η_m"),
           eta_text (fit->eta_memory, fit->memory_state),
           state_text (fit->memory_state, fit->n_memory, FALSE));
  add_row (grid, 2, "calibration-overhead", _("Overhead per step t_0"),
           fit->overhead_state == ROOF_CALIBRATION_UNDETERMINED
             ? g_strdup (_("undetermined"))
             : roof_format (fit->overhead, ROOF_UNIT_TIME),
           state_text (fit->overhead_state, fit->n_overhead, TRUE));
  add_row (grid, 3, "calibration-points", _("Measurements"), roof_format_integer (fit->n_points),
           g_strdup (""));
  add_row (grid, 4, "calibration-rms", _("RMS residual"), roof_format_significant (fit->rms, 3),
           g_strdup (_("ln (predicted / measured time)")));
  add_row (grid, 5, "calibration-max", _("Largest residual"),
           roof_format_significant (fit->max_residual, 3),
           g_strdup (fit->collinear ? _("the parameters trade off: too few or too similar points")
                                    : ""));
  return GTK_WIDGET (grid);
}

/* Fits the measurements the filters pass into c->fit (c->fitted FALSE
 * when none does); FALSE with the error of one that has no point. */
static gboolean
refit (Calibrating *c, GError **error)
{
  g_auto (RoofCalibrationData) data = { 0 };

  c->fitted = FALSE;
  if (!roof_calibration_collect (c->self->catalog, c->sets, 2, c->device, c->model, c->precision,
                                 &data, error))
    return FALSE;
  g_clear_pointer (&c->sources, g_ptr_array_unref);
  c->sources = g_ptr_array_ref (data.sources);
  if (data.points->len == 0)
    return TRUE;
  c->fitted = roof_calibration_fit ((RoofCalibrationPoint *) data.points->data,
                                    (int) data.points->len, &c->fit, error);
  return c->fitted;
}

/* The figures of c->fit in the dialog (or that no measurement passes the
 * filters), the fit as numbers for whoever checks them, and Save enabled
 * only with a fit. */
static void
show_figures (Calibrating *c)
{
  GtkWidget *old = gtk_widget_get_first_child (c->holder);
  GtkWidget *shown;

  if (old != NULL)
    gtk_box_remove (GTK_BOX (c->holder), old);
  if (c->fitted)
    shown = figures (&c->fit);
  else
    {
      shown = gtk_label_new (_("None of the device's measurements is of this model at this "
                               "precision."));
      gtk_widget_set_name (shown, "calibration-none");
      gtk_label_set_wrap (GTK_LABEL (shown), TRUE);
    }
  gtk_box_append (GTK_BOX (c->holder), shown);
  g_object_set_data_full (G_OBJECT (c->dialog), "roof-calibration-fit",
                          c->fitted ? g_memdup2 (&c->fit, sizeof c->fit) : NULL, g_free);
  adw_message_dialog_set_response_enabled (c->dialog, "save", c->fitted);
}

static void
on_filter (GObject *drop, GParamSpec *pspec, Calibrating *c)
{
  guint m = gtk_drop_down_get_selected (GTK_DROP_DOWN (c->model_drop));
  guint p = gtk_drop_down_get_selected (GTK_DROP_DOWN (c->precision_drop));
  g_autoptr (GError) error = NULL;

  /* choice 0 is "every" */
  c->model = m >= 1 && m <= c->models->len ? g_ptr_array_index (c->models, m - 1) : NULL;
  c->precision = p >= 1 && p <= c->precisions->len ? g_array_index (c->precisions, int, p - 1)
                                                    : -1;
  if (!refit (c, &error))
    tell (c->self, _("The Device Cannot Be Calibrated"), error->message);
  show_figures (c);
}

/* The models and compute precisions of the device's measurements, the
 * filters' choices. */
static void
find_choices (Calibrating *c, GPtrArray *used)
{
  gboolean seen[ROOF_PREC_COUNT] = { FALSE };

  for (guint i = 0; i < used->len; i++)
    {
      const RoofMeasurement *m = g_ptr_array_index (used, i);

      if (!g_ptr_array_find_with_equal_func (c->models, m->model, g_str_equal, NULL))
        g_ptr_array_add (c->models, g_strdup (m->model));
      if ((int) m->compute >= 0 && m->compute < ROOF_PREC_COUNT)
        seen[m->compute] = TRUE;
    }
  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    if (seen[p])
      g_array_append_val (c->precisions, p);
}

static GtkWidget *
filter_drop (Calibrating *c, GtkGrid *grid, int row, const char *mnemonic, const char *name,
             GPtrArray *choices)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);
  GtkWidget *drop;

  g_ptr_array_add (choices, NULL);
  drop = gtk_drop_down_new_from_strings ((const char *const *) choices->pdata);
  gtk_widget_set_name (drop, name);
  gtk_widget_set_hexpand (drop, TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), drop);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, drop, 1, row, 1, 1);
  g_signal_connect (drop, "notify::selected", G_CALLBACK (on_filter), c);
  return g_object_ref (drop);
}

/* The filters above the figures. */
static GtkWidget *
dialog_body (Calibrating *c)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  g_autoptr (GPtrArray) models = g_ptr_array_new ();
  g_autoptr (GPtrArray) precisions = g_ptr_array_new ();

  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);
  g_ptr_array_add (models, (gpointer) _("Every model"));
  for (guint i = 0; i < c->models->len; i++)
    {
      const char *id = g_ptr_array_index (c->models, i);
      RoofModelSpec *spec = roof_catalog_find_model (c->self->catalog, id);

      g_ptr_array_add (models, (gpointer) (spec != NULL ? roof_spec_get_name (ROOF_SPEC (spec)) : id));
    }
  g_ptr_array_add (precisions, (gpointer) _("Every precision"));
  for (guint i = 0; i < c->precisions->len; i++)
    g_ptr_array_add (precisions,
                     (gpointer) roof_precision_name (g_array_index (c->precisions, int, i)));
  c->model_drop = filter_drop (c, grid, 0, _("_Model"), "calibration-model", models);
  c->precision_drop = filter_drop (c, grid, 1, _("Compute _precision"), "calibration-precision",
                                   precisions);
  c->holder = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (grid));
  gtk_box_append (GTK_BOX (box), c->holder);
  return box;
}

static void
show_fit (Calibrating *c, RoofHardwareSpec *spec, gboolean published)
{
  g_autofree char *heading
    = g_strdup_printf (_("Calibration of %s"), roof_spec_get_name (ROOF_SPEC (spec)));
  const char *body
    = published ? _("Fitted by least squares on log time to the device's measurements of the "
                    "chosen model and compute precision: the scenario's and the published "
                    "results. Saved, it is drawn beside the ideal bound, never in its place.")
                : _("Fitted by least squares on log time to the device's measurements of the "
                    "chosen model and compute precision in the scenario. Saved, it is drawn "
                    "beside the ideal bound, never in its place.");
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (c->self), heading, body);

  c->dialog = ADW_MESSAGE_DIALOG (dialog);
  gtk_widget_set_name (dialog, "calibration-dialog");
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "save",
                                    _("_Save Calibration"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), dialog_body (c));
  show_figures (c);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_response), c,
                         calibrating_notify, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
calibrate_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofWindow *self = ROOF_WINDOW (widget);
  RoofHardwareSpec *spec = chosen_device (self);
  gboolean published = roof_scenario_get_published_measurements (self->scenario);
  GPtrArray *sets[2] = { roof_scenario_get_measurements (self->scenario),
                         published ? roof_chart_data_bundled_measurements (self->catalog) : NULL };
  g_auto (RoofCalibrationData) data = { 0 };
  g_autoptr (GError) error = NULL;
  Calibrating *c;

  if (spec == NULL)
    {
      tell (self, _("No Device to Calibrate"), _("Compare a device first."));
      return;
    }
  if (!roof_calibration_collect (self->catalog, sets, 2, roof_spec_get_id (ROOF_SPEC (spec)),
                                 NULL, -1, &data, &error))
    {
      tell (self, _("The Device Cannot Be Calibrated"), error->message);
      return;
    }
  if (data.points->len == 0)
    {
      g_autofree char *heading = g_strdup_printf (_("No Measurements of %s"),
                                                  roof_spec_get_name (ROOF_SPEC (spec)));
      tell (self, heading,
            _("A calibration is fitted to measured results. Import some (File ▸ Import "
              "Measurements…) or show the Published Results (Measured Results menu), then "
              "calibrate again."));
      return;
    }
  c = g_new0 (Calibrating, 1);
  c->self = g_object_ref (self);
  c->device = g_strdup (roof_spec_get_id (ROOF_SPEC (spec)));
  for (int i = 0; i < 2; i++)
    c->sets[i] = sets[i] != NULL ? g_ptr_array_ref (sets[i]) : NULL;
  c->models = g_ptr_array_new_with_free_func (g_free);
  c->precisions = g_array_new (FALSE, FALSE, sizeof (int));
  c->precision = -1;
  find_choices (c, data.used);
  if (!refit (c, &error))
    {
      calibrating_free (c);
      tell (self, _("The Device Cannot Be Calibrated"), error->message);
      return;
    }
  show_fit (c, spec, published);
}

void
_roof_window_class_calibrate_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.calibrate", NULL, calibrate_activated);
}

void
_roof_window_calibrate_init (RoofWindow *self)
{
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr (GPropertyAction) show
    = g_property_action_new ("show", self->scenario, "show-calibrated");

  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (show));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "calibration", G_ACTION_GROUP (group));
}
