/* roof-levers-panel.c — speculative decoding, disaggregated prefill and the
 * cost basis, edited in the workload panel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every control writes one of the scenario's lever properties and follows
 * it (the scenario notifies only what changes, and a value it refuses
 * changes nothing): the rows show what the scenario holds after each edit.
 * docs/model.md says what each lever does; the summary strip shows it.
 */
#include "config.h"

#include "roof-levers-panel.h"

#include <glib/gi18n.h>
#include <math.h>

#include "roof-levers.h"
#include "roof-format.h"
#include "roof-number-row.h"
#include "roof-spec-choices.h"

typedef enum
{
  SPEC,
  DISAGG,
  COST,
  N_LEVERS
} Lever;

typedef struct
{
  const char *property;
  Lever lever;
  gboolean whole;
  gboolean zero_is_none; /* 0 reads "—": the default stands */
  const char *title;     /* translatable */
  const char *unit;      /* translatable, or NULL */
} NumberSpec;

/* clang-format off */
static const NumberSpec number_specs[] = {
  { "spec-k", SPEC, TRUE, FALSE, N_("Draft length k"), N_("tokens") },
  { "spec-accept", SPEC, FALSE, FALSE, N_("Acceptance rate α"), NULL },
  { "mtp-params", SPEC, FALSE, FALSE, N_("MTP head parameters"), NULL },
  { "prefill-tp", DISAGG, TRUE, TRUE, N_("Prefill tensor parallel"), NULL },
  { "prefill-ep", DISAGG, TRUE, TRUE, N_("Prefill expert parallel"), NULL },
  { "prefill-batch", DISAGG, TRUE, TRUE, N_("Prompts per prefill step"), NULL },
  { "capex-usd", COST, FALSE, FALSE, N_("Purchase price per device"), N_("USD") },
  { "years", COST, FALSE, FALSE, N_("Amortised over"), N_("years") },
  { "usd-per-kwh", COST, FALSE, FALSE, N_("Electricity"), N_("USD/kWh") },
  { "pue", COST, FALSE, TRUE, N_("Power usage effectiveness (PUE)"), NULL },
};
/* clang-format on */

#define N_NUMBERS G_N_ELEMENTS (number_specs)
#define MTP_ROW 2

static const char *const switch_properties[N_LEVERS] = { "speculative", "disagg", "cost-own" };

typedef struct
{
  RoofLeversPanel *panel;
  const NumberSpec *spec;
  RoofNumberRow *row;
  gboolean pending, pending_none;
  double pending_value;
} Number;

struct _RoofLeversPanel
{
  RoofPanel parent_instance;

  GtkWidget *group;
  AdwExpanderRow *expanders[N_LEVERS];
  GtkSwitch *switches[N_LEVERS];
  char *refusal[N_LEVERS]; /* why the last switch-on was refused, until an edit */
  AdwComboRow *drafter_row, *prefill_row;
  GtkStringList *drafter_names, *prefill_names;
  GPtrArray *drafter_ids, *prefill_ids; /* char *, [0] NULL: MTP heads / the same device */
  Number numbers[N_NUMBERS];

  gboolean updating; /* showing the scenario: the controls' handlers stand still */
};

G_DEFINE_FINAL_TYPE (RoofLeversPanel, roof_levers_panel, ROOF_TYPE_PANEL)

/* ------------------------------------------------------------------------ */
/* Showing the scenario                                                     */

static double
get_double (RoofLeversPanel *self, const char *property)
{
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  double v = 0.0;
  g_object_get (scenario, property, &v, NULL);
  return v;
}

static gboolean
get_boolean (RoofLeversPanel *self, const char *property)
{
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  gboolean v = FALSE;
  g_object_get (scenario, property, &v, NULL);
  return v;
}

static char *
subtitle (RoofLeversPanel *self, Lever lever)
{
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  const RoofScenarioLevers *lv = roof_scenario_get_levers (scenario);

  if (self->refusal[lever] != NULL)
    return g_strdup (self->refusal[lever]);
  if (lever == SPEC)
    {
      if (!(lv->spec_k > 0.0))
        return g_strdup (_("Off"));
      g_autofree char *k = roof_format_integer (lv->spec_k);
      g_autofree char *a = roof_ui_format_number (lv->spec_accept);
      g_autofree char *t = roof_format_significant (
        roof_spec_tokens_per_step (lv->spec_k, lv->spec_accept), 4);
      return g_strdup_printf (_("k = %s, α = %s: %s tokens per verify step"), k, a, t);
    }
  if (lever == DISAGG)
    {
      if (!lv->disagg)
        return g_strdup (_("Off: prompts are prefilled on the decode devices"));
      guint pos = roof_spec_choices_find (self->prefill_ids, lv->prefill_system);
      const char *pool = pos > 0 ? gtk_string_list_get_string (self->prefill_names, pos)
                                 : _("the decode devices’ own kind");
      return g_strdup_printf (_("Prefill on %s"), pool);
    }
  if (!lv->cost_own)
    return g_strdup (_("Rented at each device’s price per hour"));
  g_autofree char *capex = roof_format (lv->capex_usd, ROOF_UNIT_USD);
  g_autofree char *years = roof_ui_format_number (lv->years);
  g_autofree char *kwh = roof_format (lv->usd_per_kwh, ROOF_UNIT_USD);
  g_autofree char *pue = roof_ui_format_number (lv->pue > 0.0 ? lv->pue : 1.0);
  return g_strdup_printf (_("Owned: %s per device over %s years, %s/kWh, PUE %s"), capex, years,
                          kwh, pue);
}

static void
show_scenario (RoofLeversPanel *self)
{
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));

  if (scenario == NULL)
    return;
  self->updating = TRUE;
  for (guint i = 0; i < N_NUMBERS; i++)
    {
      Number *n = &self->numbers[i];
      double v = get_double (self, n->spec->property);
      if (n->spec->zero_is_none && v == 0.0)
        roof_number_row_show_none (n->row, FALSE);
      else
        roof_number_row_show_value (n->row, v, FALSE);
    }
  for (int l = 0; l < N_LEVERS; l++)
    {
      gboolean on = get_boolean (self, switch_properties[l]);
      g_autofree char *text = subtitle (self, l);
      gtk_switch_set_active (self->switches[l], on);
      gtk_switch_set_state (self->switches[l], on);
      adw_expander_row_set_subtitle (self->expanders[l], text);
    }
  const RoofScenarioLevers *lv = roof_scenario_get_levers (scenario);
  guint drafter = roof_spec_choices_find (self->drafter_ids, lv->draft_model);
  adw_combo_row_set_selected (self->drafter_row, drafter);
  gtk_widget_set_visible (GTK_WIDGET (self->numbers[MTP_ROW].row), drafter == 0);
  adw_combo_row_set_selected (self->prefill_row,
                              roof_spec_choices_find (self->prefill_ids, lv->prefill_system));
  self->updating = FALSE;
}

static void
scenario_changed_cb (RoofPanel *panel)
{
  RoofLeversPanel *self = ROOF_LEVERS_PANEL (panel);

  for (int l = 0; l < N_LEVERS; l++)
    g_clear_pointer (&self->refusal[l], g_free);
  show_scenario (self);
}

/* ------------------------------------------------------------------------ */
/* The catalog's drafters and prefill systems                               */

static void
fill_lists (RoofLeversPanel *self)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));

  self->updating = TRUE;
  if (catalog != NULL)
    {
      roof_spec_choices_fill (self->drafter_names, self->drafter_ids,
                              roof_catalog_get_models (catalog),
                              _("Multi-token prediction heads"));
      roof_spec_choices_fill (self->prefill_names, self->prefill_ids,
                              roof_catalog_get_systems (catalog),
                              _("The decode devices’ own kind"));
    }
  self->updating = FALSE;
  show_scenario (self);
}

/* The drafter a switch-on picks when none is named: the catalog's smallest
 * transformer other than the one served. */
static const char *
smallest_model (RoofLeversPanel *self)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  GListModel *models = roof_catalog_get_models (catalog);
  const char *served = roof_scenario_get_model (scenario);
  const char *best = NULL;
  double best_params = INFINITY;

  for (guint i = 0; i < g_list_model_get_n_items (models); i++)
    {
      g_autoptr (RoofModelSpec) m = g_list_model_get_item (models, i);
      const char *id = roof_spec_get_id (ROOF_SPEC (m));
      const RoofModelParams *mp = roof_model_spec_get_params (m);
      double p = mp->params_total;
      if (g_strcmp0 (id, served) != 0 && mp->kind != ROOF_MODEL_GENERIC && p > 0.0
          && p < best_params)
        {
          best_params = p;
          best = g_ptr_array_index (self->drafter_ids,
                                    roof_spec_choices_find (self->drafter_ids, id));
        }
    }
  return best;
}

/* ------------------------------------------------------------------------ */
/* Edits                                                                    */

static gboolean
switch_state_set_cb (GtkSwitch *sw, gboolean state, RoofLeversPanel *self)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  int l = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (sw), "lever"));
  const RoofScenarioLevers *lv;

  if (self->updating || scenario == NULL)
    return FALSE;
  lv = roof_scenario_get_levers (scenario);
  if (state && l == SPEC && lv->draft_model == NULL && !(lv->mtp_params > 0.0)
      && catalog != NULL && smallest_model (self) != NULL)
    g_object_set (scenario, "draft-model", smallest_model (self), NULL);
  g_object_set (scenario, switch_properties[l], state, NULL);
  if (state && !get_boolean (self, switch_properties[l]))
    {
      g_free (self->refusal[l]);
      self->refusal[l] = g_strdup (l == COST ? _("Owning needs the years to amortise over: "
                                                 "type them below")
                                             : _("Speculative decoding needs a drafter: "
                                                 "choose one below"));
      adw_expander_row_set_expanded (self->expanders[l], TRUE);
    }
  show_scenario (self);
  return TRUE;
}

static void
combo_selected_cb (AdwComboRow *row, GParamSpec *pspec, RoofLeversPanel *self)
{
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  gboolean drafter = row == self->drafter_row;
  GPtrArray *ids = drafter ? self->drafter_ids : self->prefill_ids;
  guint pos = adw_combo_row_get_selected (row);

  if (self->updating || scenario == NULL || pos >= ids->len)
    return;
  g_object_set (scenario, drafter ? "draft-model" : "prefill-system",
                g_ptr_array_index (ids, pos), NULL);
  show_scenario (self);
}

/* What was typed, applied: refused (out of the property's range, not a
 * whole number, not accepted by the scenario) it stays in the row, marked. */
static void
commit (Number *n)
{
  RoofLeversPanel *self = n->panel;
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  GParamSpec *pspec;
  g_auto (GValue) v = G_VALUE_INIT;
  double x;

  if (!n->pending || scenario == NULL)
    return;
  n->pending = FALSE;
  if (n->pending_none && !n->spec->zero_is_none)
    {
      roof_number_row_set_error (n->row, _("A number is needed here"));
      return;
    }
  x = n->pending_none ? 0.0 : n->pending_value;
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (scenario), n->spec->property);
  g_value_init (&v, G_TYPE_DOUBLE);
  g_value_set_double (&v, x);
  if (g_param_value_validate (pspec, &v))
    {
      GParamSpecDouble *d = G_PARAM_SPEC_DOUBLE (pspec);
      g_autofree char *lo = roof_format_significant (d->minimum, 4);
      g_autofree char *hi = roof_format_significant (d->maximum, 4);
      g_autofree char *msg = g_strdup_printf (_("Between %s and %s"), lo, hi);
      roof_number_row_set_error (n->row, msg);
      return;
    }
  g_object_set (scenario, n->spec->property, x, NULL);
  if (get_double (self, n->spec->property) != x)
    {
      roof_number_row_set_error (n->row, n->spec->whole && x != floor (x)
                                           ? _("A whole number is needed here")
                                           : _("Not accepted here"));
      return;
    }
  roof_number_row_set_error (n->row, NULL);
  show_scenario (self);
}

static void
number_typed_cb (RoofNumberRow *row, gboolean none, double value, Number *n)
{
  n->pending = TRUE;
  n->pending_none = none;
  n->pending_value = value;
}

static void
number_activated_cb (AdwEntryRow *row, Number *n)
{
  commit (n);
}

static void
number_leave_cb (GtkEventControllerFocus *controller, Number *n)
{
  commit (n);
}

/* ------------------------------------------------------------------------ */
/* Building                                                                 */

static AdwExpanderRow *
add_expander (RoofLeversPanel *self, Lever l, const char *title, const char *name)
{
  GtkWidget *row = adw_expander_row_new ();
  GtkWidget *sw = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_widget_set_name (row, name);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (sw), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  g_object_set_data (G_OBJECT (sw), "lever", GINT_TO_POINTER (l));
  g_signal_connect (sw, "state-set", G_CALLBACK (switch_state_set_cb), self);
  adw_expander_row_add_action (ADW_EXPANDER_ROW (row), sw);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->group), row);
  self->expanders[l] = ADW_EXPANDER_ROW (row);
  self->switches[l] = GTK_SWITCH (sw);
  return ADW_EXPANDER_ROW (row);
}

static AdwComboRow *
add_combo (RoofLeversPanel *self, Lever l, const char *title, GtkStringList *names)
{
  GtkWidget *row = adw_combo_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
  g_signal_connect (row, "notify::selected", G_CALLBACK (combo_selected_cb), self);
  adw_expander_row_add_row (self->expanders[l], row);
  return ADW_COMBO_ROW (row);
}

static void
add_number (RoofLeversPanel *self, guint i)
{
  Number *n = &self->numbers[i];
  GtkWidget *row = roof_number_row_new (number_specs[i].whole);
  GtkEventController *focus = gtk_event_controller_focus_new ();

  n->panel = self;
  n->spec = &number_specs[i];
  n->row = ROOF_NUMBER_ROW (row);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(n->spec->title));
  gtk_widget_set_name (row, n->spec->property);
  if (n->spec->unit != NULL)
    {
      GtkWidget *unit = gtk_label_new (_(n->spec->unit));
      gtk_widget_add_css_class (unit, "dim-label");
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), unit);
    }
  g_signal_connect (row, "typed", G_CALLBACK (number_typed_cb), n);
  g_signal_connect (row, "entry-activated", G_CALLBACK (number_activated_cb), n);
  g_signal_connect (focus, "leave", G_CALLBACK (number_leave_cb), n);
  gtk_widget_add_controller (row, focus);
  adw_expander_row_add_row (self->expanders[n->spec->lever], row);
}

static void
roof_levers_panel_dispose (GObject *object)
{
  RoofLeversPanel *self = ROOF_LEVERS_PANEL (object);

  g_clear_pointer (&self->group, gtk_widget_unparent);
  G_OBJECT_CLASS (roof_levers_panel_parent_class)->dispose (object);
}

static void
roof_levers_panel_finalize (GObject *object)
{
  RoofLeversPanel *self = ROOF_LEVERS_PANEL (object);

  g_ptr_array_unref (self->drafter_ids);
  g_ptr_array_unref (self->prefill_ids);
  for (int l = 0; l < N_LEVERS; l++)
    g_free (self->refusal[l]);
  G_OBJECT_CLASS (roof_levers_panel_parent_class)->finalize (object);
}

static void
roof_levers_panel_catalog_set (RoofPanel *panel, RoofCatalog *old)
{
  RoofLeversPanel *self = ROOF_LEVERS_PANEL (panel);
  RoofCatalog *catalog = roof_panel_get_catalog (panel);

  if (catalog != NULL)
    {
      /* a model or system added, removed or renamed */
      g_signal_connect_object (roof_catalog_get_models (catalog), "items-changed",
                               G_CALLBACK (fill_lists), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (roof_catalog_get_systems (catalog), "items-changed",
                               G_CALLBACK (fill_lists), self, G_CONNECT_SWAPPED);
    }
  fill_lists (self);
}

static void
roof_levers_panel_class_init (RoofLeversPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  RoofPanelClass *panel_class = ROOF_PANEL_CLASS (klass);

  object_class->dispose = roof_levers_panel_dispose;
  object_class->finalize = roof_levers_panel_finalize;
  panel_class->catalog_set = roof_levers_panel_catalog_set;
  /* a new scenario, or an edit: the refusals said of the old values go */
  panel_class->scenario_set = scenario_changed_cb;
  panel_class->scenario_changed = scenario_changed_cb;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
roof_levers_panel_init (RoofLeversPanel *self)
{
  self->drafter_ids = g_ptr_array_new_with_free_func (g_free);
  self->prefill_ids = g_ptr_array_new_with_free_func (g_free);
  self->drafter_names = gtk_string_list_new (NULL);
  self->prefill_names = gtk_string_list_new (NULL);

  self->group = adw_preferences_group_new ();
  gtk_widget_set_name (self->group, "levers-group");
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->group), _("Serving"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->group),
                                         _("Levers on ITL, TTFT and cost, saved in the "
                                           "scenario; the summary shows their effect"));
  gtk_widget_set_parent (self->group, GTK_WIDGET (self));

  add_expander (self, SPEC, _("Speculative decoding"), "speculative-row");
  self->drafter_row = add_combo (self, SPEC, _("Drafter"), self->drafter_names);
  add_expander (self, DISAGG, _("Disaggregated prefill"), "disagg-row");
  self->prefill_row = add_combo (self, DISAGG, _("Prefill pool"), self->prefill_names);
  add_expander (self, COST, _("Owned hardware"), "cost-row");
  for (guint i = 0; i < N_NUMBERS; i++)
    add_number (self, i);
  g_object_unref (self->drafter_names); /* the combo rows hold them */
  g_object_unref (self->prefill_names);
}

GtkWidget *
roof_levers_panel_new (void)
{
  return g_object_new (ROOF_TYPE_LEVERS_PANEL, NULL);
}
