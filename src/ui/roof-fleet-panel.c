/* roof-fleet-panel.c — the Fleet view's traffic, targets and plan
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Numbers are typed into RoofNumberRows: what is typed is checked against
 * the scenario (roof_scenario_accepts), the row marked with the reason when
 * it would be refused, and applied when committed (Enter, or the focus
 * leaving); a property's notification shows its value in the row. The
 * lengths are text, checked and committed the same way.
 * The plan under them is the solver's (roof_fleet_plan over
 * roof_fleet_set_compute's candidates), as roofline-cli plan computes it.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "roof-fleet-panel.h"
#include "roof-fleet-set.h"
#include "roof-format.h"
#include "roof-number-row.h"
#include "roof-row-hints.h"

/* One number of the scenario and its row: the property, the factor from
 * the property's unit to the row's (seconds to milliseconds), whether an
 * empty row means 0 (no target). */
typedef struct
{
  const char *property;
  double to_row;
  gboolean none_is_zero;
} NumberField;

static const NumberField number_fields[] = {
  { "rate", 1.0, FALSE },
  { "ttft-p50", 1e3, TRUE },
  { "ttft-p99", 1e3, TRUE },
  { "itl", 1e3, TRUE },
};

struct _RoofFleetPanel
{
  GtkWidget parent_instance;

  GtkWidget *scroller; /* the one child: a scrolled window around a box */
  RoofNumberRow *numbers[G_N_ELEMENTS (number_fields)];
  AdwEntryRow *lengths_row;
  GtkGrid *plan_grid;

  RoofScenario *scenario;
  gulong notify_id;
  RoofChartData *data;
  gboolean plan_stale;
};

G_DEFINE_FINAL_TYPE (RoofFleetPanel, roof_fleet_panel, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SCENARIO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------------------ */
/* The scenario into the rows, and what is typed back                       */

static void
show_number (RoofFleetPanel *self, guint i, gboolean force)
{
  double v = 0.0;

  g_object_get (self->scenario, number_fields[i].property, &v, NULL);
  if (number_fields[i].none_is_zero && v == 0.0)
    roof_number_row_show_none (self->numbers[i], force);
  else
    roof_number_row_show_value (self->numbers[i], v * number_fields[i].to_row, force);
}

static void
show_lengths (RoofFleetPanel *self)
{
  g_autofree char *lengths = NULL;

  g_object_get (self->scenario, "lengths", &lengths, NULL);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->lengths_row)),
                 lengths != NULL ? lengths : "")
      != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->lengths_row), lengths != NULL ? lengths : "");
}

static void
scenario_notify_cb (RoofScenario *scenario, GParamSpec *pspec, RoofFleetPanel *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (number_fields); i++)
    if (g_str_equal (pspec->name, number_fields[i].property))
      show_number (self, i, FALSE);
  if (g_str_equal (pspec->name, "lengths") && !gtk_widget_has_focus (GTK_WIDGET (self->lengths_row)))
    show_lengths (self);
}

/* Which of number_fields a row edits. */
static guint
field_of (RoofFleetPanel *self, RoofNumberRow *row)
{
  guint i = 0;
  while (i < G_N_ELEMENTS (number_fields) && self->numbers[i] != row)
    i++;
  return i;
}

/* `v` set to what the row says, in the property's unit; the message to
 * show when the scenario would refuse it, else NULL. */
static const char *
number_candidate (RoofFleetPanel *self, guint i, gboolean none, double value, GValue *v)
{
  g_value_init (v, G_TYPE_DOUBLE);
  if (none && !number_fields[i].none_is_zero)
    return _("A request rate is needed");
  g_value_set_double (v, none ? 0.0 : value / number_fields[i].to_row);
  if (self->scenario != NULL && !roof_scenario_accepts (self->scenario, number_fields[i].property, v))
    return i == 0 ? _("Above 0 requests per second")
                  : (i == 1 || i == 2 ? _("At least 0, and the P99 target not below the P50")
                                      : _("At least 0"));
  return NULL;
}

/* As it is typed: checked, never applied. */
static char *
number_check_cb (RoofNumberRow *row, gboolean none, double value, RoofFleetPanel *self)
{
  g_auto (GValue) v = G_VALUE_INIT;
  guint i = field_of (self, row);

  if (i == G_N_ELEMENTS (number_fields))
    return NULL;
  return g_strdup (number_candidate (self, i, none, value, &v));
}

/* Committed (Enter, or the focus leaving): applied when valid. */
static void
number_typed_cb (RoofNumberRow *row, gboolean none, double value, RoofFleetPanel *self)
{
  g_auto (GValue) v = G_VALUE_INIT;
  guint i = field_of (self, row);
  const char *message;

  if (i == G_N_ELEMENTS (number_fields) || self->scenario == NULL)
    return;
  message = number_candidate (self, i, none, value, &v);
  roof_number_row_set_error (row, message);
  if (message == NULL)
    g_object_set_property (G_OBJECT (self->scenario), number_fields[i].property, &v);
}

/* The lengths as they are typed: checked (a message under the row); NULL
 * for empty text, which means the workload's prompt and output. */
static gboolean
lengths_check (RoofFleetPanel *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->lengths_row));
  g_autoptr (GError) error = NULL;
  RoofFleetDemand d;

  if (*text != '\0' && !roof_fleet_lengths_parse (text, &d, &error))
    {
      /* Translators: under the lengths row when what is typed does not read */
      roof_ui_row_set_error (GTK_WIDGET (self->lengths_row),
                             _("Type PROMPT:OUTPUT@SHARE, …, shares summing to 1"),
                             error->message);
      return FALSE;
    }
  roof_ui_row_set_error (GTK_WIDGET (self->lengths_row), NULL, NULL);
  return TRUE;
}

static void
lengths_changed_cb (RoofFleetPanel *self)
{
  lengths_check (self);
}

/* Enter, or the focus leaving: applied when valid. */
static void
lengths_commit_cb (RoofFleetPanel *self)
{
  g_auto (GValue) v = G_VALUE_INIT;

  if (self->scenario == NULL || !lengths_check (self))
    return;
  g_value_init (&v, G_TYPE_STRING);
  g_value_set_string (&v, gtk_editable_get_text (GTK_EDITABLE (self->lengths_row)));
  g_object_set_property (G_OBJECT (self->scenario), "lengths", &v);
}

/* ------------------------------------------------------------------------ */
/* The plan                                                                 */

typedef struct
{
  int device;
  gboolean ok;
  RoofFleetPlan plan;
} PlanRow;

static int
compare_plans (gconstpointer pa, gconstpointer pb)
{
  const PlanRow *a = pa, *b = pb;
  int r = roof_fleet_plan_compare (a->ok ? &a->plan : NULL, b->ok ? &b->plan : NULL);

  return r != 0 ? r : a->device - b->device;
}

/* A cell of the plan's table: numbers right-aligned and tabular. */
static void
add_cell (RoofFleetPanel *self, int column, int row, const char *text, gboolean numeric,
          gboolean header)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0f : 0.0f);
  if (column == 1)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (label, TRUE);
    }
  if (column == 0)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END), gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
  gtk_widget_add_css_class (label, header ? "dim-label" : "numeric");
  if (header)
    gtk_widget_add_css_class (label, "caption-heading");
  gtk_grid_attach (self->plan_grid, label, column, row, 1, 1);
}

static void
update_plan (RoofFleetPanel *self)
{
  const RoofChartInput *in = self->data ? roof_chart_data_get_input (self->data) : NULL;
  g_autofree PlanRow *rows = NULL;
  RoofFleetDemand d;
  RoofWorkload wl;
  int n = 0;

  self->plan_stale = FALSE;
  /* the rows under the header */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->plan_grid)), *next;
       child != NULL; child = next)
    {
      int row;
      next = gtk_widget_get_next_sibling (child);
      gtk_grid_query_child (self->plan_grid, child, NULL, &row, NULL, NULL);
      if (row > 0)
        gtk_grid_remove (self->plan_grid, child);
    }
  if (in == NULL || in->model == NULL || in->n_devices == 0)
    return;
  roof_fleet_demand_of (&d, &in->fleet, &in->workload);
  wl = in->workload;
  wl.phase = ROOF_PHASE_DECODE;
  rows = g_new0 (PlanRow, in->n_devices);
  for (int i = 0; i < in->n_devices; i++)
    {
      RoofFleetSet set = { 0 };
      RoofError err = { 0 };
      RoofFleetLevers lv;
      const RoofHardwareParams *hw;
      const RoofFleetLevers *levers = roof_fleet_levers_of (in, i, &lv, &hw);

      rows[n].device = i;
      rows[n].ok = roof_fleet_set_compute (&set, hw, in->model, &wl, &d, levers, &err)
                     == ROOF_OK
                   && roof_fleet_plan (set.cands, set.n, &d, &rows[n].plan, &err) == ROOF_OK;
      roof_fleet_set_clear (&set);
      n++;
    }
  qsort (rows, n, sizeof *rows, compare_plans);
  for (int k = 0; k < n; k++)
    {
      const RoofFleetPlan *p = &rows[k].plan;
      char lay[64];
      g_autofree char *plan = NULL, *usd = NULL, *mw = NULL, *p99 = NULL, *itl = NULL;

      if (rows[k].ok)
        {
          roof_layout_label (p->c.tp, p->c.ep, p->c.pp, lay, sizeof lay);
          /* Translators: replicas × layout, batch and devices of a fleet plan */
          plan = g_strdup_printf (_("%g × %s · B %g · %g devices%s"), p->replicas, lay, p->c.batch,
                                  p->devices, p->meets ? "" : _(" · misses a target"));
          usd = p->has_cost ? roof_format (p->usd_per_month, ROOF_UNIT_USD) : g_strdup ("—");
          mw = p->has_power ? roof_format (p->mw * 1e3, ROOF_UNIT_NONE) : g_strdup ("—");
          p99 = roof_format (p->ttft_p99, ROOF_UNIT_TIME);
          itl = roof_format (p->itl, ROOF_UNIT_TIME);
        }
      else
        plan = g_strdup (_("The model fits in no layout"));
      const char *cells[6] = { in->devices[rows[k].device].name, plan, usd, mw, p99, itl };
      for (int c = 0; c < 6; c++)
        add_cell (self, c, k + 1, cells[c] != NULL ? cells[c] : "", c >= 2, FALSE);
    }
}

static void
map_cb (RoofFleetPanel *self)
{
  if (self->plan_stale)
    update_plan (self);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_fleet_panel_dispose (GObject *object)
{
  RoofFleetPanel *self = ROOF_FLEET_PANEL (object);

  roof_fleet_panel_set_scenario (self, NULL);
  g_clear_pointer (&self->data, roof_chart_data_unref);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (roof_fleet_panel_parent_class)->dispose (object);
}

static void
roof_fleet_panel_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofFleetPanel *self = ROOF_FLEET_PANEL (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_fleet_panel_set_property (GObject *object, guint prop_id, const GValue *value,
                               GParamSpec *pspec)
{
  RoofFleetPanel *self = ROOF_FLEET_PANEL (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      roof_fleet_panel_set_scenario (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_fleet_panel_class_init (RoofFleetPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = roof_fleet_panel_dispose;
  object_class->get_property = roof_fleet_panel_get_property;
  object_class->set_property = roof_fleet_panel_set_property;
  properties[PROP_SCENARIO]
    = g_param_spec_object ("scenario", NULL, NULL, ROOF_TYPE_SCENARIO,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "roof-fleet-panel");
}

/* An entry row in a boxed list of its own, in the inputs' grid at column
 * `x` of row `y`, `span` columns wide. */
static GtkWidget *
add_item (GtkGrid *grid, GtkWidget *row, const char *title, int x, int y, int span,
          const char *accessible)
{
  GtkWidget *list = gtk_list_box_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                  -1);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  gtk_widget_set_hexpand (list, TRUE);
  gtk_grid_attach (grid, list, x, y, span, 1);
  return row;
}

static void
add_number (RoofFleetPanel *self, GtkGrid *grid, guint i, int x, int y, const char *title,
            const char *unit, const char *accessible)
{
  GtkWidget *row = roof_number_row_new (FALSE);
  if (unit != NULL)
    {
      GtkWidget *label = gtk_label_new (unit);
      gtk_widget_add_css_class (label, "dim-label");
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), label);
    }
  g_signal_connect (row, "check", G_CALLBACK (number_check_cb), self);
  g_signal_connect (row, "typed", G_CALLBACK (number_typed_cb), self);
  add_item (grid, row, title, x, y, 1, accessible);
  self->numbers[i] = ROOF_NUMBER_ROW (row);
}

static void
roof_fleet_panel_init (RoofFleetPanel *self)
{
  static const char *const headers[6] = { N_("Device"), N_("Plan"), N_("Per month"), N_("kW"),
                                          N_("TTFT P99"), N_("ITL") };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkGrid *inputs = GTK_GRID (gtk_grid_new ());
  GtkEventController *focus;
  GtkWidget *lengths;

  /* as tall as it needs when there is room; in a short window (900 × 600)
   * it scrolls, and the chart above keeps its height */
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), box);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);

  gtk_grid_set_column_homogeneous (inputs, TRUE);
  gtk_grid_set_column_spacing (inputs, 6);
  gtk_grid_set_row_spacing (inputs, 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (inputs));
  add_number (self, inputs, 0, 0, 0, _("Requests/s"), NULL,
              _("Requests per second the fleet serves"));
  lengths = add_item (inputs, adw_entry_row_new (), _("Lengths (prompt:output@share)"), 1, 0, 2,
                      _("Prompt and output lengths and their shares"));
  gtk_widget_set_tooltip_text (lengths, _("e.g. 512:128@0.7,4096:512@0.3, shares summing to 1; "
                                          "empty: the workload’s prompt and output"));
  self->lengths_row = ADW_ENTRY_ROW (lengths);
  g_signal_connect_swapped (lengths, "changed", G_CALLBACK (lengths_changed_cb), self);
  g_signal_connect_swapped (lengths, "entry-activated", G_CALLBACK (lengths_commit_cb), self);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (lengths_commit_cb), self);
  gtk_widget_add_controller (lengths, focus);
  add_number (self, inputs, 1, 0, 1, _("TTFT median"), _("ms"),
              _("Median time-to-first-token target in milliseconds; empty for none"));
  add_number (self, inputs, 2, 1, 1, _("TTFT P99"), _("ms"),
              _("99th-percentile time-to-first-token target in milliseconds; empty for none"));
  add_number (self, inputs, 3, 2, 1, _("Inter-token latency"), _("ms"),
              _("Inter-token latency target in milliseconds; empty for none"));

  self->plan_grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_column_spacing (self->plan_grid, 12);
  gtk_grid_set_row_spacing (self->plan_grid, 2);
  gtk_widget_set_margin_start (GTK_WIDGET (self->plan_grid), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->plan_grid), 6);
  for (int c = 0; c < 6; c++)
    add_cell (self, c, 0, _(headers[c]), c >= 2, TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->plan_grid));
  g_signal_connect (self, "map", G_CALLBACK (map_cb), NULL);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

GtkWidget *
roof_fleet_panel_new (void)
{
  return g_object_new (ROOF_TYPE_FLEET_PANEL, NULL);
}

void
roof_fleet_panel_set_scenario (RoofFleetPanel *self, RoofScenario *scenario)
{
  g_return_if_fail (ROOF_IS_FLEET_PANEL (self));

  if (self->scenario == scenario)
    return;
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->notify_id, self->scenario);
  g_set_object (&self->scenario, scenario);
  if (scenario != NULL)
    {
      self->notify_id
        = g_signal_connect (scenario, "notify", G_CALLBACK (scenario_notify_cb), self);
      for (guint i = 0; i < G_N_ELEMENTS (number_fields); i++)
        show_number (self, i, TRUE);
      show_lengths (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
}

void
roof_fleet_panel_set_data (RoofFleetPanel *self, RoofChartData *data)
{
  g_return_if_fail (ROOF_IS_FLEET_PANEL (self));

  if (data != NULL)
    roof_chart_data_ref (data);
  g_clear_pointer (&self->data, roof_chart_data_unref);
  self->data = data;
  self->plan_stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    update_plan (self);
}

GtkGrid *
roof_fleet_panel_get_plan_grid (RoofFleetPanel *self)
{
  g_return_val_if_fail (ROOF_IS_FLEET_PANEL (self), NULL);
  return self->plan_grid;
}
