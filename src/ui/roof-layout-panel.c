/* roof-layout-panel.c — the parallel layout and the system, edited in the
 * workload panel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every control writes one of the scenario's layout properties and follows
 * it (the scenario notifies only what changes): the rows show what the
 * scenario holds after each edit. docs/model.md, "Layouts: TP × EP × PP ×
 * DP", says what each degree costs; the limits and messages are
 * roofline-cli's (--tp, --ep, --pp, --dp, --attention, --ep-imbalance,
 * --microbatches, docs/cli.md), said of the rows' titles.
 */
#include "config.h"

#include "roof-layout-panel.h"

#include <glib/gi18n.h>
#include <math.h>

#include "roof-format.h"
#include "roof-number-row.h"
#include "roof-panel.h"
#include "roof-row-hints.h"
#include "roof-spec-choices.h"
#include "roof-system-spec.h"

typedef enum
{
  APPLIES_ALWAYS,
  APPLIES_WITH_EP, /* ep > 1 */
  APPLIES_WITH_PP, /* pp > 1 */
} Applies;

typedef struct
{
  const char *property;
  const char *title; /* translatable */
  gboolean whole;
  double max;            /* the CLI's: from 1 to max */
  gboolean zero_is_none; /* 0 reads "—" (one per stage); else 0 reads 1 */
  Applies applies;
} NumberSpec;

/* clang-format off */
static const NumberSpec number_specs[] = {
  { "ep", N_("Expert parallel"), TRUE, 1e6, FALSE, APPLIES_ALWAYS },
  { "pp", N_("Pipeline parallel"), TRUE, 1e6, FALSE, APPLIES_ALWAYS },
  { "dp", N_("Data parallel"), TRUE, 1e6, FALSE, APPLIES_ALWAYS },
  { "ep-imbalance", N_("EP imbalance"), FALSE, 1e3, FALSE, APPLIES_WITH_EP },
  { "microbatches", N_("Pipeline microbatches"), TRUE, 1e6, TRUE, APPLIES_WITH_PP },
};
/* clang-format on */

#define N_NUMBERS G_N_ELEMENTS (number_specs)
#define EP_ROW 0

typedef struct
{
  RoofLayoutPanel *panel;
  const NumberSpec *spec;
  RoofNumberRow *row;
} Number;

struct _RoofLayoutPanel
{
  RoofPanel parent_instance;

  GtkWidget *group;
  AdwComboRow *system_row;
  GtkStringList *system_names;
  GPtrArray *system_ids; /* char *, [0] NULL: the compared devices bare */
  AdwEntryRow *tp_row;
  GtkAdjustment *tp_adjustment;
  GBinding *tp_binding;
  Number numbers[N_NUMBERS];
  AdwComboRow *attn_row;
  AdwActionRow *status_row;
  GtkSizeGroup *units; /* the units in one column, as wide as the widest */
  GtkLabel *used_label;

  gboolean updating; /* showing the scenario: the controls' handlers stand still */
};

G_DEFINE_FINAL_TYPE (RoofLayoutPanel, roof_layout_panel, ROOF_TYPE_PANEL)

/* ------------------------------------------------------------------------ */
/* What a layout asks of the model and of each column                       */

/* "TP 4 × PP 4 = 16 devices", "EP 8", "one device" */
static char *
describe_replica (const RoofWorkload *wl)
{
  const char *names[] = { "TP", "EP", "PP" };
  double sizes[] = { wl->devices, roof_layout_size (wl->ep), roof_layout_size (wl->pp) };
  g_autoptr (GString) s = g_string_new (NULL);
  int factors = 0;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (sizes[i] > 1.0)
      {
        g_autofree char *n = roof_format_integer (sizes[i]);
        g_string_append_printf (s, "%s%s %s", factors++ > 0 ? " × " : "", names[i], n);
      }
  if (factors == 0)
    return g_strdup (_("one device"));
  if (factors > 1)
    {
      g_autofree char *total = roof_format_integer (sizes[0] * sizes[1] * sizes[2]);
      /* Translators: a layout such as "TP 4 × PP 4" and its devices, "16" */
      return g_strdup_printf (_("%s = %s devices"), s->str, total);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* The rule `fit` says failed, in the rows' words: the model's rules name
 * the model, the others the column `name` (a system when `system`). */
static char *
fit_refusal (RoofModelSpec *model, const RoofWorkload *wl, const RoofLayoutFit *fit,
             const char *name, gboolean system)
{
  g_autofree char *e = roof_format_integer (fit->ep);
  g_autofree char *p = roof_format_integer (fit->pp);
  g_autofree char *layout = NULL;
  const char *model_name = roof_spec_get_name (ROOF_SPEC (model));

  switch (fit->rule)
    {
    case ROOF_LAYOUT_FITS:
      return NULL;
    case ROOF_LAYOUT_EP_DENSE:
      /* Translators: %s are the degree and the model's name */
      return g_strdup_printf (_("Expert parallel %s: %s is dense; expert parallelism needs a "
                                "mixture-of-experts model"),
                              e, model_name);
    case ROOF_LAYOUT_EP_EXPERTS:
      {
        g_autofree char *experts = roof_format_integer (fit->experts);
        return g_strdup_printf (_("Expert parallel %s exceeds the %s routed experts of %s: "
                                  "some devices would hold none (at most %s)"),
                                e, experts, model_name, experts);
      }
    case ROOF_LAYOUT_PP_LAYERS:
      {
        g_autofree char *layers = roof_format_integer (fit->layers);
        return g_strdup_printf (_("Pipeline parallel %s: %s has only %s layers to split into "
                                  "stages"),
                                p, model_name, layers);
      }
    default:
      break;
    }
  layout = describe_replica (wl);
  switch (fit->rule)
    {
    case ROOF_LAYOUT_NO_SCALEOUT:
      return g_strdup_printf (_("%s: more devices per replica than the %d of %s, which has "
                                "no scale-out network"),
                              layout, fit->scaleup_size, name);
    case ROOF_LAYOUT_NO_FABRIC:
      return g_strdup_printf (system ? _("%s: %s has no scale-up fabric bandwidth to spread "
                                         "the model over")
                                     : _("%s: %s has no interconnect bandwidth to spread the "
                                         "model over"),
                              layout, name);
    case ROOF_LAYOUT_VALIDATE:
    default:
      /* Translators: the layout, the column's name and the solver's reason */
      return g_strdup_printf (_("%s: %s: %s"), layout, name, fit->err.message);
    }
}

/* What one column (`name` on `hw`, NULL: none) or else the model refuses of
 * the layout (roof_layout_fit). */
static char *
check_fit (RoofModelSpec *model, const RoofWorkload *wl, const char *name,
           const RoofHardwareParams *hw, gboolean system)
{
  RoofLayoutFit fit;

  roof_layout_fit (hw, roof_model_spec_get_derived (model), wl, &fit);
  return fit_refusal (model, wl, &fit, name, system);
}

char *
roof_layout_panel_check (RoofCatalog *catalog, RoofScenario *scenario, const char *property,
                         double value)
{
  RoofWorkload wl;
  RoofModelSpec *model;
  RoofSystemSpec *found;
  const char *system;
  const char *const *ids;
  char *why;

  g_return_val_if_fail (ROOF_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (ROOF_IS_SCENARIO (scenario), NULL);

  wl = *roof_scenario_get_workload (scenario);
  if (g_strcmp0 (property, "devices") == 0)
    wl.devices = value;
  else if (g_strcmp0 (property, "ep") == 0)
    wl.ep = value;
  else if (g_strcmp0 (property, "pp") == 0)
    wl.pp = value;
  else if (g_strcmp0 (property, "dp") == 0)
    wl.dp = value;
  /* no model: the summary says so */
  model = roof_catalog_find_model (catalog, roof_scenario_get_model (scenario));
  if (model == NULL)
    return NULL;
  if ((why = check_fit (model, &wl, NULL, NULL, FALSE)) != NULL)
    return why;

  system = roof_scenario_get_system (scenario);
  if (system != NULL && (found = roof_catalog_find_system (catalog, system)) != NULL)
    {
      RoofHardwareParams hw;
      if (roof_catalog_get_system_params (catalog, system, &hw, NULL)
          && (why = check_fit (model, &wl, roof_spec_get_name (ROOF_SPEC (found)), &hw, TRUE))
               != NULL)
        return why;
    }
  ids = roof_scenario_get_hardware (scenario);
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      RoofHardwareSpec *spec = roof_catalog_find_hardware (catalog, ids[i]);
      if (spec != NULL
          && (why = check_fit (model, &wl, roof_spec_get_name (ROOF_SPEC (spec)),
                                  roof_hardware_spec_get_params (spec), FALSE))
               != NULL)
        return why;
    }
  return NULL;
}

/* ------------------------------------------------------------------------ */
/* Showing the scenario                                                     */

static double
get_double (RoofLayoutPanel *self, const char *property)
{
  double v = 0.0;
  g_object_get (roof_panel_get_scenario (ROOF_PANEL (self)), property, &v, NULL);
  return v;
}

static gboolean
model_is_moe (RoofLayoutPanel *self)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  RoofModelSpec *model = catalog != NULL ? roof_catalog_find_model (
                                             catalog, roof_scenario_get_model (scenario))
                                         : NULL;
  const RoofModelDerived *md = model != NULL ? roof_model_spec_get_derived (model) : NULL;

  return md != NULL && md->kind == ROOF_MODEL_TRANSFORMER && md->is_moe;
}

/* Sensitive when it applies, with the reason under it when it does not. */
static void
show_applies (GtkWidget *row, gboolean applies, const char *why, const char *hint)
{
  gtk_widget_set_sensitive (row, applies);
  if (ADW_IS_ACTION_ROW (row))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), applies ? "" : why);
  else
    roof_ui_row_set_hint (row, applies ? hint : why);
}

static void
show_status (RoofLayoutPanel *self)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  const RoofWorkload *wl = roof_scenario_get_workload (scenario);
  double dp = roof_layout_size (wl->dp);
  double replica = roof_workload_replica_devices (wl);
  g_autofree char *used = roof_format_integer (replica * dp);
  g_autofree char *why = catalog != NULL
                           ? roof_layout_panel_check (catalog, scenario, NULL, 0.0)
                           : NULL;
  g_autofree char *r = roof_format_integer (replica);
  g_autofree char *d = roof_format_integer (dp);
  /* Translators: devices per replica (TP × EP × PP) and replicas (DP) */
  g_autofree char *how = g_strdup_printf (_("%s per replica × %s replicas"), r, d);

  gtk_label_set_label (self->used_label, used);
  adw_action_row_set_subtitle (self->status_row, why != NULL ? why : how);
  if (why != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_row), "error");
}

static void
show_scenario (RoofLayoutPanel *self)
{
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  gboolean moe, ep_on, pp_on;

  if (scenario == NULL)
    return;
  self->updating = TRUE;
  for (guint i = 0; i < N_NUMBERS; i++)
    {
      Number *n = &self->numbers[i];
      double v = get_double (self, n->spec->property);
      if (n->spec->zero_is_none && v == 0.0)
        /* an empty row reads as none too: "—" says it while nobody types */
        roof_number_row_show_none (n->row,
                                   gtk_widget_get_focus_child (GTK_WIDGET (n->row)) == NULL
                                     && !roof_number_row_get_in_error (n->row));
      else
        roof_number_row_show_value (n->row, roof_layout_size (v), FALSE);
    }
  adw_combo_row_set_selected (self->system_row,
                              roof_spec_choices_find (self->system_ids,
                                                      roof_scenario_get_system (scenario)));
  adw_combo_row_set_selected (self->attn_row,
                              (guint) roof_scenario_get_workload (scenario)->attn_parallel);

  moe = model_is_moe (self);
  ep_on = get_double (self, "ep") > 1.0;
  pp_on = get_double (self, "pp") > 1.0;
  /* a dense model's EP stays editable while it is set, to be put back */
  show_applies (GTK_WIDGET (self->numbers[EP_ROW].row), moe || ep_on,
                _("The model is dense: expert parallelism needs a mixture-of-experts model"),
                NULL);
  for (guint i = 0; i < N_NUMBERS; i++)
    if (number_specs[i].applies == APPLIES_WITH_EP)
      show_applies (GTK_WIDGET (self->numbers[i].row), ep_on,
                    _("Applies with expert parallel above 1"), NULL);
    else if (number_specs[i].applies == APPLIES_WITH_PP)
      show_applies (GTK_WIDGET (self->numbers[i].row), pp_on,
                    _("Applies with pipeline parallel above 1"), _("Empty: one per stage"));
  show_applies (GTK_WIDGET (self->attn_row), ep_on, _("Applies with expert parallel above 1"),
                NULL);
  show_status (self);
  self->updating = FALSE;
}

/* ------------------------------------------------------------------------ */
/* The catalog's systems                                                    */

static void
fill_systems (RoofLayoutPanel *self)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));

  if (catalog == NULL)
    return;
  self->updating = TRUE;
  roof_spec_choices_fill (self->system_names, self->system_ids, roof_catalog_get_systems (catalog),
                          _("None — the compared devices"));
  self->updating = FALSE;
  show_scenario (self);
}

/* ------------------------------------------------------------------------ */
/* Edits                                                                    */

static void
system_selected_cb (AdwComboRow *row, GParamSpec *pspec, RoofLayoutPanel *self)
{
  guint pos = adw_combo_row_get_selected (row);

  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));

  if (self->updating || scenario == NULL || pos >= self->system_ids->len)
    return;
  roof_scenario_set_system (scenario, g_ptr_array_index (self->system_ids, pos));
  show_scenario (self);
}

static void
attn_selected_cb (AdwComboRow *row, GParamSpec *pspec, RoofLayoutPanel *self)
{
  guint pos = adw_combo_row_get_selected (row);

  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));

  if (self->updating || scenario == NULL || pos > ROOF_ATTN_PARALLEL_TENSOR)
    return;
  g_object_set (scenario, "attn-parallel", (RoofAttnParallel) pos, NULL);
  show_scenario (self);
}

/* Why `value` (or none) cannot be the row's field, naming it; NULL if it can. */
static char *
refusal (Number *n, gboolean none, double value)
{
  RoofLayoutPanel *self = n->panel;
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  const char *title = _(n->spec->title);

  if (none)
    return n->spec->zero_is_none ? NULL
                                 /* Translators: %s is a row's title, "Expert parallel" */
                                 : g_strdup_printf (_("%s: a number is needed here"), title);
  if (!(value >= 1.0 && value <= n->spec->max) || (n->spec->whole && value != floor (value)))
    {
      g_autofree char *max = roof_format_integer (n->spec->max);
      return g_strdup_printf (n->spec->whole ? _("%s: a whole number from 1 to %s")
                                             : _("%s: a number ≥ 1 and at most %s"),
                              title, max);
    }
  if (catalog == NULL || scenario == NULL)
    return NULL;
  return roof_layout_panel_check (catalog, scenario, n->spec->property, value);
}

static char *
number_check_cb (RoofNumberRow *row, gboolean none, double value, Number *n)
{
  return refusal (n, none, value);
}

/* What was typed, applied; refused, it stays in the row with the reason. */
static void
number_typed_cb (RoofNumberRow *row, gboolean none, double value, Number *n)
{
  RoofLayoutPanel *self = n->panel;
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  g_autofree char *why = refusal (n, none, value);

  if (scenario == NULL)
    return;
  roof_number_row_set_error (n->row, why);
  if (why != NULL)
    return;
  g_object_set (scenario, n->spec->property, none ? 0.0 : value, NULL);
  show_scenario (self);
}

/* Tensor parallel typed: a whole number the scenario takes, or else the
 * row shows the value in force again (a layout past 1e7 devices). */
static gboolean
tp_to_scenario (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  RoofLayoutPanel *self = user_data;
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));

  g_value_set_double (to, round (g_value_get_double (from)));
  if (scenario == NULL || roof_scenario_accepts (scenario, "devices", to))
    return TRUE;
  gtk_adjustment_set_value (self->tp_adjustment, roof_scenario_get_workload (scenario)->devices);
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Building                                                                 */

static GtkWidget *
unit_label (RoofLayoutPanel *self, const char *text)
{
  GtkWidget *unit = gtk_label_new (text);
  gtk_widget_add_css_class (unit, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (unit), 0.0);
  gtk_size_group_add_widget (self->units, unit);
  return unit;
}

static void
add_tp_row (RoofLayoutPanel *self)
{
  GtkWidget *row = adw_entry_row_new ();

  self->tp_adjustment = g_object_ref_sink (gtk_adjustment_new (2, 1, 1e6, 1, 8, 0));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Tensor parallel"));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_widget_set_name (row, "devices-spin");
  gtk_widget_set_tooltip_text (row, _("Devices that split every layer, over the interconnect"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Tensor parallel"), -1);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), unit_label (self, _("devices")));
  roof_ui_number_row_setup (ADW_ENTRY_ROW (row), self->tp_adjustment, 0, FALSE);
  roof_ui_entry_row_wrap_title (row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->group), row);
  self->tp_row = ADW_ENTRY_ROW (row);
}

static void
add_number (RoofLayoutPanel *self, guint i)
{
  Number *n = &self->numbers[i];
  GtkWidget *row = roof_number_row_new (number_specs[i].whole);

  n->panel = self;
  n->spec = &number_specs[i];
  n->row = ROOF_NUMBER_ROW (row);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(n->spec->title));
  gtk_widget_set_name (row, n->spec->property);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(n->spec->title), -1);
  /* every row has its unit's column, empty for a ratio or a count */
  adw_entry_row_add_suffix (
    ADW_ENTRY_ROW (row),
    unit_label (self, g_str_equal (n->spec->property, "dp")   ? _("replicas")
                      : g_str_equal (n->spec->property, "pp") ? _("stages")
                      : g_str_equal (n->spec->property, "ep") ? _("devices")
                                                              : ""));
  roof_ui_entry_row_wrap_title (row);
  g_signal_connect (row, "check", G_CALLBACK (number_check_cb), n);
  g_signal_connect (row, "typed", G_CALLBACK (number_typed_cb), n);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->group), row);
}

static AdwComboRow *
add_combo (RoofLayoutPanel *self, const char *name, const char *title, GListModel *items,
           GCallback selected)
{
  GtkWidget *row = adw_combo_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_widget_set_name (row, name);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), items);
  g_signal_connect (row, "notify::selected", selected, self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->group), row);
  return ADW_COMBO_ROW (row);
}

static void
add_status (RoofLayoutPanel *self)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Devices in use"));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_widget_set_name (row, "layout-status");
  self->used_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->used_label), "numeric");
  gtk_widget_set_name (GTK_WIDGET (self->used_label), "layout-used");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->used_label));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->group), row);
  self->status_row = ADW_ACTION_ROW (row);
}

static void
roof_layout_panel_dispose (GObject *object)
{
  RoofLayoutPanel *self = ROOF_LAYOUT_PANEL (object);

  roof_panel_set_scenario (ROOF_PANEL (self), NULL);
  g_clear_pointer (&self->group, gtk_widget_unparent);
  G_OBJECT_CLASS (roof_layout_panel_parent_class)->dispose (object);
}

static void
roof_layout_panel_finalize (GObject *object)
{
  RoofLayoutPanel *self = ROOF_LAYOUT_PANEL (object);

  g_ptr_array_unref (self->system_ids);
  g_object_unref (self->tp_adjustment);
  g_object_unref (self->units);
  G_OBJECT_CLASS (roof_layout_panel_parent_class)->finalize (object);
}

static void
roof_layout_panel_catalog_set (RoofPanel *panel, RoofCatalog *old)
{
  RoofLayoutPanel *self = ROOF_LAYOUT_PANEL (panel);
  RoofCatalog *catalog = roof_panel_get_catalog (panel);

  if (catalog != NULL)
    {
      /* a system added, removed or renamed; a model's experts or a
       * device's fabric edited */
      g_signal_connect_object (roof_catalog_get_systems (catalog), "items-changed",
                               G_CALLBACK (fill_systems), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (catalog, "entry-changed", G_CALLBACK (show_scenario), self,
                               G_CONNECT_SWAPPED);
    }
  fill_systems (self);
}

static void
roof_layout_panel_scenario_set (RoofPanel *panel)
{
  RoofLayoutPanel *self = ROOF_LAYOUT_PANEL (panel);
  RoofScenario *scenario = roof_panel_get_scenario (panel);

  if (self->tp_binding != NULL)
    g_binding_unbind (self->tp_binding);
  g_clear_object (&self->tp_binding);
  if (scenario != NULL)
    self->tp_binding = g_object_ref (
      g_object_bind_property_full (scenario, "devices", self->tp_adjustment, "value",
                                   G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE, NULL,
                                   tp_to_scenario, self, NULL));
  show_scenario (self);
}

static void
roof_layout_panel_scenario_changed (RoofPanel *panel)
{
  show_scenario (ROOF_LAYOUT_PANEL (panel));
}

static void
roof_layout_panel_class_init (RoofLayoutPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  RoofPanelClass *panel_class = ROOF_PANEL_CLASS (klass);

  object_class->dispose = roof_layout_panel_dispose;
  object_class->finalize = roof_layout_panel_finalize;
  panel_class->catalog_set = roof_layout_panel_catalog_set;
  panel_class->scenario_set = roof_layout_panel_scenario_set;
  panel_class->scenario_changed = roof_layout_panel_scenario_changed;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
roof_layout_panel_init (RoofLayoutPanel *self)
{
  const char *const attn[] = { _("Data parallel"), _("Tensor parallel"), NULL };
  g_autoptr (GtkStringList) attn_names = gtk_string_list_new (attn);

  self->system_ids = g_ptr_array_new_with_free_func (g_free);
  self->system_names = gtk_string_list_new (NULL);
  self->units = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);

  self->group = adw_preferences_group_new ();
  gtk_widget_set_name (self->group, "layout-group");
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->group), _("Layout"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->group),
                                         _("How the model is spread over the devices, saved "
                                           "in the scenario"));
  gtk_widget_set_parent (self->group, GTK_WIDGET (self));

  self->system_row = add_combo (self, "system-row", _("System"),
                                G_LIST_MODEL (self->system_names), G_CALLBACK (system_selected_cb));
  g_object_unref (self->system_names); /* the combo row holds it */
  /* the choice as the subtitle: a system's long name keeps the title whole */
  adw_combo_row_set_use_subtitle (self->system_row, TRUE);
  add_tp_row (self);
  for (guint i = 0; i < N_NUMBERS; i++)
    {
      add_number (self, i);
      if (i == EP_ROW)
        self->attn_row = add_combo (self, "attn-row", _("Attention beside EP"),
                                    G_LIST_MODEL (attn_names), G_CALLBACK (attn_selected_cb));
    }
  add_status (self);
}

GtkWidget *
roof_layout_panel_new (void)
{
  return g_object_new (ROOF_TYPE_LAYOUT_PANEL, NULL);
}
