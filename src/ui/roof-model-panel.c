/* roof-model-panel.c — the right panel: model, workload, targets and cost
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The controls are bound to the scenario's properties (bind_scenario ()):
 * each writes its field of the workload or SLA and follows it, in the
 * control's unit (µs, ms) where the scenario's is another (seconds); the
 * scenario notifies only what changes, so nothing loops. Numbers are typed into
 * AdwEntryRows over GtkAdjustments (roof_ui_number_row_setup): the title above
 * the value keeps whole words in a narrow panel, and a row keeps what is
 * typed when it already says the value in force.
 */
#include "config.h"

#include "roof-model-panel.h"

#include <glib/gi18n.h>
#include <math.h>

#include "roof-format.h"
#include "roof-follow.h"
#include "roof-layout-panel.h"
#include "roof-levers-panel.h"
#include "roof-catalog-entries.h"
#include "roof-spec-editor.h"

#define BATCH_SCALE_MAX 16 /* log2 of 65,536 */

struct _RoofModelPanel
{
  RoofPanel parent_instance;

  /* template */
  GtkDropDown *model_dropdown;
  AdwActionRow *params_row;
  GtkLabel *params_label;
  AdwActionRow *active_row;
  GtkLabel *active_label;
  AdwActionRow *weights_row;
  GtkLabel *weights_label;
  AdwActionRow *kv_token_row;
  GtkLabel *kv_token_label;
  AdwActionRow *kv_seq_row;
  GtkLabel *kv_seq_label;
  AdwActionRow *flop_row;
  GtkLabel *flop_label;
  AdwActionRow *context_row;
  GtkLabel *context_label;
  GtkDropDown *weights_dropdown;
  GtkDropDown *kv_dropdown;
  GtkDropDown *activations_dropdown;
  GtkDropDown *compute_dropdown;
  AdwEntryRow *bytes_per_weight_entry;
  GtkAdjustment *bytes_per_weight_adjustment;
  GtkDropDown *phase_dropdown;
  AdwEntryRow *batch_entry;
  GtkAdjustment *batch_adjustment;
  GtkScale *batch_scale;
  AdwEntryRow *prompt_entry;
  GtkAdjustment *prompt_adjustment;
  AdwEntryRow *context_entry;
  GtkAdjustment *context_adjustment;
  AdwEntryRow *output_entry;
  GtkAdjustment *output_adjustment;
  AdwComboRow *overlap_row;
  AdwEntryRow *overhead_entry;
  GtkAdjustment *overhead_adjustment;
  AdwEntryRow *itl_entry;
  GtkAdjustment *itl_adjustment;
  AdwEntryRow *ttft_entry;
  GtkAdjustment *ttft_adjustment;
  AdwEntryRow *tokens_entry;
  GtkAdjustment *tokens_adjustment;
  AdwPreferencesGroup *cost_group;
  GtkLabel *custom_badge;
  GtkLabel *modified_badge;
  GtkButton *reset_button;
  GtkButton *delete_button;
  RoofSpecEditor *editor;

  GListModel *models; /* the catalog's */

  RoofModelSpec *model; /* the scenario's, in the editor */
  gulong model_handler;

  GPtrArray *cost_rows; /* AdwActionRow, unowned (the group holds them) */
  char **cost_ids;      /* the compared ids the rows were made for */
  GPtrArray *bindings;  /* GBinding, one reference each, to the scenario */
};

G_DEFINE_FINAL_TYPE (RoofModelPanel, roof_model_panel, ROOF_TYPE_PANEL)

enum
{
  EDIT_HARDWARE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

/* As the summary strip shows them: 4 significant digits, decimal prefixes. */
static char *
format_bytes (double bytes)
{
  return roof_format (bytes, ROOF_UNIT_BYTES);
}

static void
set_row (AdwActionRow *row, GtkLabel *label, const char *value, const char *subtitle)
{
  gtk_label_set_label (label, value);
  adw_action_row_set_subtitle (row, subtitle != NULL ? subtitle : "");
}

static void
update_derived (RoofModelPanel *self)
{
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  const RoofModelDerived *md;
  const RoofWorkload *wl;
  gboolean generic;
  double max_context;
  g_autofree char *text = NULL;
  g_autofree char *subtitle = NULL;

  if (self->model == NULL || scenario == NULL)
    {
      set_row (self->params_row, self->params_label, "—", NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->active_row), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->weights_row), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->kv_token_row), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->kv_seq_row), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->flop_row), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->context_row), FALSE);
      return;
    }

  md = roof_model_spec_get_derived (self->model);
  wl = roof_scenario_get_workload (scenario);
  generic = md->kind == ROOF_MODEL_GENERIC;

  /* parameters: the published figure when given, else the derived one */
  text = roof_ui_format_count (md->p_total);
  if (generic)
    subtitle = g_strdup (_("As given"));
  else if (md->src.params_total > 0)
    {
      g_autofree char *derived = roof_ui_format_count (md->p_total_derived);

      /* Translators: %s is a parameter count such as "70.55 billion" */
      subtitle = g_strdup_printf (_("Published; derived %s"), derived);
    }
  else
    subtitle = g_strdup (_("From the architecture"));
  set_row (self->params_row, self->params_label, text, subtitle);
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&subtitle, g_free);

  gtk_widget_set_visible (GTK_WIDGET (self->active_row), !generic);
  if (!generic)
    {
      text = roof_ui_format_count (md->p_active);
      if (md->src.params_active > 0)
        {
          g_autofree char *derived = roof_ui_format_count (md->p_active_derived);

          subtitle = g_strdup_printf (_("Published; derived %s"), derived);
        }
      else
        subtitle = g_strdup (_("Per token, input embedding included"));
      set_row (self->active_row, self->active_label, text, subtitle);
      g_clear_pointer (&text, g_free);
      g_clear_pointer (&subtitle, g_free);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->weights_row), TRUE);
  text = format_bytes (md->p_total * roof_workload_weight_bytes (wl));
  if (wl->bytes_per_weight > 0)
    {
      g_autofree char *b = roof_ui_format_number (wl->bytes_per_weight);

      /* Translators: %s is a number of bytes such as 0.515625 */
      subtitle = g_strdup_printf (_("At %s bytes per weight"), b);
    }
  else
    /* Translators: %s is a precision such as bf16 */
    subtitle = g_strdup_printf (_("At %s"), roof_precision_name (wl->weights));
  set_row (self->weights_row, self->weights_label, text, subtitle);
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&subtitle, g_free);

  gtk_widget_set_visible (GTK_WIDGET (self->kv_token_row), !generic);
  gtk_widget_set_visible (GTK_WIDGET (self->kv_seq_row), !generic);
  if (!generic)
    {
      double b_kv = roof_precision_bytes (wl->kv);
      g_autofree char *context = roof_ui_format_number (wl->context);

      text = format_bytes (roof_model_kv_bytes_per_token (md, b_kv));
      /* Translators: %s is a precision such as bf16 */
      subtitle = g_strdup_printf (_("At %s, all layers"), roof_precision_name (wl->kv));
      set_row (self->kv_token_row, self->kv_token_label, text, subtitle);
      g_clear_pointer (&text, g_free);
      g_clear_pointer (&subtitle, g_free);

      text = format_bytes (roof_model_kv_bytes (md, wl->context, b_kv));
      /* Translators: %s is a number of tokens such as 4096 */
      subtitle = g_strdup_printf (_("At a context of %s tokens"), context);
      set_row (self->kv_seq_row, self->kv_seq_label, text, subtitle);
      g_clear_pointer (&text, g_free);
      g_clear_pointer (&subtitle, g_free);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->flop_row), generic);
  if (generic)
    {
      text = roof_format (md->flop_per_sample, ROOF_UNIT_FLOP);
      set_row (self->flop_row, self->flop_label, text, NULL);
      g_clear_pointer (&text, g_free);
    }

  max_context = roof_model_spec_get_max_context (self->model);
  gtk_widget_set_visible (GTK_WIDGET (self->context_row), !generic);
  if (max_context > 0)
    {
      g_autofree char *tokens = roof_ui_format_number (max_context);

      /* Translators: %s is a number of tokens such as 131,072 */
      text = g_strdup_printf (_("%s tokens"), tokens);
      subtitle = wl->context > max_context
                   ? g_strdup (_("The workload’s context is longer"))
                   : NULL;
      set_row (self->context_row, self->context_label, text, subtitle);
    }
  else
    set_row (self->context_row, self->context_label, "—", _("Not given"));
}

static void
update_badges (RoofModelPanel *self)
{
  RoofSpec *spec = ROOF_SPEC (self->model);
  gboolean builtin = spec != NULL && roof_spec_get_builtin (spec);
  gboolean modified = spec != NULL && roof_spec_get_modified (spec);

  gtk_widget_set_visible (GTK_WIDGET (self->custom_badge), spec != NULL && !builtin);
  gtk_widget_set_visible (GTK_WIDGET (self->modified_badge), builtin && modified);
  gtk_widget_set_visible (GTK_WIDGET (self->reset_button), builtin && modified);
  /* a built-in model is reset, never deleted */
  gtk_widget_set_visible (GTK_WIDGET (self->delete_button), spec != NULL && !builtin);
  if (spec != NULL)
    gtk_actionable_set_action_target (GTK_ACTIONABLE (self->delete_button), "s",
                                      roof_spec_get_id (spec));
}

static void
cost_row_activated_cb (AdwActionRow *row, RoofModelPanel *self)
{
  const char *id = g_object_get_data (G_OBJECT (row), "hardware-id");

  if (id != NULL)
    g_signal_emit (self, signals[EDIT_HARDWARE], 0, id);
}

static void
update_cost (RoofModelPanel *self)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  const char *const *ids = scenario != NULL ? roof_scenario_get_hardware (scenario)
                                                  : NULL;
  static const char *const none[] = { NULL };

  if (ids == NULL)
    ids = none;

  if (self->cost_ids == NULL || !g_strv_equal ((const char *const *) self->cost_ids, ids))
    {
      for (guint i = 0; i < self->cost_rows->len; i++)
        adw_preferences_group_remove (self->cost_group, g_ptr_array_index (self->cost_rows, i));
      g_ptr_array_set_size (self->cost_rows, 0);
      g_strfreev (self->cost_ids);
      self->cost_ids = g_strdupv ((char **) ids);

      for (guint i = 0; ids[i] != NULL; i++)
        {
          GtkWidget *row = adw_action_row_new ();
          GtkWidget *price = gtk_label_new (NULL);
          GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
          gtk_widget_add_css_class (price, "numeric");
          gtk_widget_set_name (price, "price");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), price);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
          g_object_set_data_full (G_OBJECT (row), "hardware-id", g_strdup (ids[i]), g_free);
          g_object_set_data (G_OBJECT (row), "price-label", price);
          g_signal_connect (row, "activated", G_CALLBACK (cost_row_activated_cb), self);
          adw_preferences_group_add (self->cost_group, row);
          g_ptr_array_add (self->cost_rows, row);
        }
      if (ids[0] == NULL)
        {
          GtkWidget *row = adw_action_row_new ();

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No device is compared"));
          gtk_widget_add_css_class (row, "dim-label");
          adw_preferences_group_add (self->cost_group, row);
          g_ptr_array_add (self->cost_rows, row);
        }
    }

  for (guint i = 0; ids[i] != NULL && i < self->cost_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->cost_rows, i);
      GtkLabel *price = g_object_get_data (G_OBJECT (row), "price-label");
      RoofHardwareSpec *spec = catalog != NULL
                                 ? roof_catalog_find_hardware (catalog, ids[i])
                                 : NULL;
      const RoofHardwareParams *hw = spec != NULL ? roof_hardware_spec_get_params (spec) : NULL;
      g_autofree char *text = NULL;
      g_autofree char *a11y = NULL;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     spec != NULL ? roof_spec_get_name (ROOF_SPEC (spec)) : ids[i]);
      if (hw != NULL && hw->has_price)
        {
          g_autofree char *usd = roof_format (hw->price_per_hour, ROOF_UNIT_USD);

          /* Translators: a price per device-hour, %s is an amount such as $2.69 */
          text = g_strdup_printf (_("%s/h"), usd);
          gtk_widget_remove_css_class (GTK_WIDGET (price), "dim-label");
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), "");
        }
      else
        {
          text = g_strdup (_("No price"));
          gtk_widget_add_css_class (GTK_WIDGET (price), "dim-label");
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                       _("Cost figures need a price: choose to add one"));
        }
      gtk_label_set_label (price, text);
      /* Translators: accessible label, e.g. "Edit the price of NVIDIA H100: $2.69/h" */
      a11y = g_strdup_printf (_("Edit the price of %s: %s"),
                              adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y,
                                      -1);
    }
}

static void model_changed_cb (RoofModelPanel *self);

static void
set_model (RoofModelPanel *self, RoofModelSpec *model)
{
  if (roof_follow_changed (&self->model, &self->model_handler, model,
                           G_CALLBACK (model_changed_cb), self, G_CONNECT_SWAPPED))
    roof_spec_editor_set_spec (self->editor, ROOF_SPEC (model));
  update_badges (self);
  update_derived (self);
}

/* ---- bindings ---- */

/* A number row's value: the scenario's property in the row's unit. */
typedef struct
{
  const char *property;
  gsize adjustment; /* offset of the GtkAdjustment * in RoofModelPanel */
  double to_row;    /* factor from the scenario's unit to the row's */
  double to_scenario;
  gboolean whole;
} NumberBinding;

/* clang-format off */
static const NumberBinding number_bindings[] = {
  { "bytes-per-weight", G_STRUCT_OFFSET (RoofModelPanel, bytes_per_weight_adjustment), 1, 1,
    FALSE },
  { "batch", G_STRUCT_OFFSET (RoofModelPanel, batch_adjustment), 1, 1, TRUE },
  { "prompt", G_STRUCT_OFFSET (RoofModelPanel, prompt_adjustment), 1, 1, TRUE },
  { "context", G_STRUCT_OFFSET (RoofModelPanel, context_adjustment), 1, 1, TRUE },
  { "output", G_STRUCT_OFFSET (RoofModelPanel, output_adjustment), 1, 1, TRUE },
  { "overhead", G_STRUCT_OFFSET (RoofModelPanel, overhead_adjustment), 1e6, 1e-6, FALSE },
  { "itl", G_STRUCT_OFFSET (RoofModelPanel, itl_adjustment), 1e3, 1e-3, FALSE },
  { "ttft", G_STRUCT_OFFSET (RoofModelPanel, ttft_adjustment), 1e3, 1e-3, FALSE },
  { "tokens-per-s", G_STRUCT_OFFSET (RoofModelPanel, tokens_adjustment), 1, 1, FALSE },
};
/* clang-format on */

static gboolean
number_to_row (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  const NumberBinding *nb = user_data;

  g_value_set_double (to, g_value_get_double (from) * nb->to_row);
  return TRUE;
}

/* Whole numbers of tokens, sequences and devices are rounded; a value the
 * scenario would refuse (a layout past 1e7 devices) is not handed over, and
 * the row shows the value in force again. */
static gboolean
number_to_scenario (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  const NumberBinding *nb = user_data;
  double value = g_value_get_double (from) * nb->to_scenario;
  g_autoptr (GObject) scenario = g_binding_dup_source (binding);
  g_autoptr (GObject) adjustment = g_binding_dup_target (binding);
  double in_force;

  g_value_set_double (to, nb->whole ? round (value) : value);
  if (scenario == NULL || roof_scenario_accepts (ROOF_SCENARIO (scenario), nb->property, to))
    return TRUE;
  g_object_get (scenario, nb->property, &in_force, NULL);
  gtk_adjustment_set_value (GTK_ADJUSTMENT (adjustment), in_force * nb->to_row);
  return FALSE;
}

/* Dropdowns list an enum's values in order. */
static gboolean
enum_to_position (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  g_value_set_uint (to, (guint) g_value_get_enum (from));
  return TRUE;
}

static gboolean
position_to_enum (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  g_autoptr (GEnumClass) enum_class = g_type_class_ref (G_VALUE_TYPE (to));
  guint position = g_value_get_uint (from);

  if (position > G_MAXINT || g_enum_get_value (enum_class, (int) position) == NULL)
    return FALSE;
  g_value_set_enum (to, (int) position);
  return TRUE;
}

/* The log slider: 2^0 … 2^16 sequences. */
static double
batch_position (double batch)
{
  return CLAMP (log2 (MAX (batch, 1)), 0, BATCH_SCALE_MAX);
}

static gboolean
batch_to_scale (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  g_value_set_double (to, batch_position (g_value_get_double (from)));
  return TRUE;
}

/* The slider moved: the batch rounded to a whole number, unless the slider
 * only shows the batch in force (at its end, 100,000 sits at 2^16). The
 * binding back (batch_to_scale) puts the slider where that whole batch
 * is. */
static gboolean
scale_to_batch (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  g_autoptr (GObject) scenario = g_binding_dup_target (binding);
  double position = g_value_get_double (from);
  double batch;

  g_object_get (scenario, "batch", &batch, NULL);
  if (position == batch_position (batch))
    return FALSE;
  g_value_set_double (to, round (exp2 (position)));
  return TRUE;
}

static guint
model_position (RoofModelPanel *self, RoofModelSpec *model)
{
  guint n = self->models != NULL ? g_list_model_get_n_items (self->models) : 0;

  for (guint i = 0; model != NULL && i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (self->models, i);

      if (item == (GObject *) model)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static RoofModelSpec *
scenario_model (RoofModelPanel *self)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));

  if (scenario == NULL || catalog == NULL)
    return NULL;
  return roof_catalog_find_model (catalog, roof_scenario_get_model (scenario));
}

static gboolean
model_to_position (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  RoofModelPanel *self = user_data;

  g_value_set_uint (to, model_position (self, scenario_model (self)));
  return TRUE;
}

static gboolean
position_to_model (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  RoofModelPanel *self = user_data;
  guint position = g_value_get_uint (from);
  g_autoptr (GObject) item = NULL;

  if (self->models == NULL || position >= g_list_model_get_n_items (self->models))
    return FALSE;
  item = g_list_model_get_item (self->models, position);
  if (!ROOF_IS_SPEC (item))
    return FALSE;
  g_value_set_string (to, roof_spec_get_id (ROOF_SPEC (item)));
  return TRUE;
}

static void
bind_full (RoofModelPanel *self,
           gpointer source,
           const char *property,
           gpointer target,
           const char *target_property,
           GBindingFlags flags,
           GBindingTransformFunc to,
           GBindingTransformFunc from,
           gpointer user_data)
{
  GBinding *binding = g_object_bind_property_full (source, property, target, target_property,
                                                   flags, to, from, user_data, NULL);

  g_ptr_array_add (self->bindings, g_object_ref (binding));
}

static void
bind (RoofModelPanel *self,
      const char *property,
      gpointer target,
      const char *target_property,
      GBindingTransformFunc to,
      GBindingTransformFunc from,
      gpointer user_data)
{
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));

  bind_full (self, scenario, property, target, target_property,
             G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE, to, from, user_data);
}

static void
unbind_scenario (RoofModelPanel *self)
{
  for (guint i = 0; i < self->bindings->len; i++)
    g_binding_unbind (g_ptr_array_index (self->bindings, i));
  g_ptr_array_set_size (self->bindings, 0);
}

/* Every control to its property of the scenario (and the model picker to
 * the catalog's models, so it is bound again when they are replaced). */
static void
bind_scenario (RoofModelPanel *self)
{
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));

  static const struct
  {
    const char *property;
    gsize dropdown; /* offset of the GtkDropDown * in RoofModelPanel */
  } dropdowns[] = {
    { "weights", G_STRUCT_OFFSET (RoofModelPanel, weights_dropdown) },
    { "kv", G_STRUCT_OFFSET (RoofModelPanel, kv_dropdown) },
    { "activations", G_STRUCT_OFFSET (RoofModelPanel, activations_dropdown) },
    { "compute", G_STRUCT_OFFSET (RoofModelPanel, compute_dropdown) },
    { "phase", G_STRUCT_OFFSET (RoofModelPanel, phase_dropdown) },
  };
  GtkAdjustment *scale;

  unbind_scenario (self);
  if (scenario == NULL)
    return;
  bind (self, "model", self->model_dropdown, "selected", model_to_position, position_to_model,
        self);
  for (guint i = 0; i < G_N_ELEMENTS (dropdowns); i++)
    bind (self, dropdowns[i].property, G_STRUCT_MEMBER (GtkDropDown *, self, dropdowns[i].dropdown),
          "selected", enum_to_position, position_to_enum, NULL);
  bind (self, "overlap", self->overlap_row, "selected", enum_to_position, position_to_enum, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (number_bindings); i++)
    bind (self, number_bindings[i].property,
          G_STRUCT_MEMBER (GtkAdjustment *, self, number_bindings[i].adjustment), "value",
          number_to_row, number_to_scenario, (gpointer) &number_bindings[i]);
  /* two ways, each a binding of its own: a bidirectional binding would
   * not move the slider to the whole batch its move made */
  scale = gtk_range_get_adjustment (GTK_RANGE (self->batch_scale));
  bind_full (self, scenario, "batch", scale, "value", G_BINDING_SYNC_CREATE, batch_to_scale,
             NULL, NULL);
  bind_full (self, scale, "value", scenario, "batch", G_BINDING_DEFAULT, scale_to_batch,
             NULL, NULL);
}

/* What follows the scenario without being one of its properties: the model
 * in the editor, its derived figures, the cost rows. */
static void
update_from_scenario (RoofModelPanel *self)
{
  set_model (self, scenario_model (self));
  update_cost (self);
}

/* ------------------------------------------------------------------------ */
/* Callbacks                                                                */

static void
scenario_changed_cb (RoofPanel *panel)
{
  update_from_scenario (ROOF_MODEL_PANEL (panel));
}

static void
model_changed_cb (RoofModelPanel *self)
{
  update_badges (self);
  update_derived (self);
}

static void
models_changed_cb (RoofModelPanel *self)
{
  /* the picker's selection follows its items; the scenario's model stays */
  if (roof_panel_get_scenario (ROOF_PANEL (self)) != NULL)
    gtk_drop_down_set_selected (self->model_dropdown, model_position (self, scenario_model (self)));
  update_from_scenario (self);
}

static void
entry_changed_cb (RoofModelPanel *self, RoofSpec *spec)
{
  /* a compared device's name or price */
  if (ROOF_IS_HARDWARE_SPEC (spec))
    update_cost (self);
}

static void
duplicate_clicked_cb (RoofModelPanel *self)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  g_autofree char *id = NULL;

  if (self->model == NULL || catalog == NULL || scenario == NULL)
    return;
  id = roof_catalog_duplicate_entry (catalog, ROOF_SPEC (self->model));
  /* the editor follows the scenario's model: work on the copy from here on */
  if (id != NULL)
    roof_scenario_set_model (scenario, id);
}

static void
reset_clicked_cb (RoofModelPanel *self)
{
  if (self->model == NULL)
    return;
  roof_spec_reset (ROOF_SPEC (self->model));
  roof_spec_editor_reload (self->editor);
  update_badges (self);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_model_panel_dispose (GObject *object)
{
  RoofModelPanel *self = ROOF_MODEL_PANEL (object);
  GtkWidget *child;

  roof_panel_set_scenario (ROOF_PANEL (self), NULL);
  roof_panel_set_catalog (ROOF_PANEL (self), NULL);
  if (self->model != NULL)
    g_clear_signal_handler (&self->model_handler, self->model);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), ROOF_TYPE_MODEL_PANEL);
  /* the template's root box is not a bound child: it goes here */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->cost_ids, g_strfreev);

  G_OBJECT_CLASS (roof_model_panel_parent_class)->dispose (object);
}

static void
roof_model_panel_finalize (GObject *object)
{
  RoofModelPanel *self = ROOF_MODEL_PANEL (object);

  g_ptr_array_unref (self->cost_rows);
  g_ptr_array_unref (self->bindings);

  G_OBJECT_CLASS (roof_model_panel_parent_class)->finalize (object);
}

static void
roof_model_panel_catalog_set (RoofPanel *panel, RoofCatalog *old)
{
  RoofModelPanel *self = ROOF_MODEL_PANEL (panel);
  RoofCatalog *catalog = roof_panel_get_catalog (panel);

  self->models = NULL;
  /* a new list moves the picker's selection: not the scenario's model */
  unbind_scenario (self);
  if (catalog != NULL)
    {
      self->models = roof_catalog_get_models (catalog);
      gtk_drop_down_set_model (self->model_dropdown, self->models);
      /* after the dropdown's own handler, which keeps its selection in step */
      g_signal_connect_object (self->models, "items-changed", G_CALLBACK (models_changed_cb),
                               self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      g_signal_connect_swapped (catalog, "entry-changed", G_CALLBACK (entry_changed_cb), self);
    }
  else if (self->model_dropdown != NULL)
    gtk_drop_down_set_model (self->model_dropdown, NULL);

  if (self->model_dropdown != NULL)
    {
      bind_scenario (self);
      update_from_scenario (self);
    }
}

static void
roof_model_panel_scenario_set (RoofPanel *panel)
{
  RoofModelPanel *self = ROOF_MODEL_PANEL (panel);

  if (self->model_dropdown != NULL)
    {
      bind_scenario (self);
      update_from_scenario (self);
    }
}

static void
roof_model_panel_class_init (RoofModelPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  RoofPanelClass *panel_class = ROOF_PANEL_CLASS (klass);

  object_class->dispose = roof_model_panel_dispose;
  object_class->finalize = roof_model_panel_finalize;
  panel_class->catalog_set = roof_model_panel_catalog_set;
  panel_class->scenario_set = roof_model_panel_scenario_set;
  panel_class->scenario_changed = scenario_changed_cb;

  signals[EDIT_HARDWARE] = g_signal_new ("edit-hardware", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                         G_TYPE_STRING);

  g_type_ensure (ROOF_TYPE_SPEC_EDITOR);
  g_type_ensure (ROOF_TYPE_LEVERS_PANEL);
  g_type_ensure (ROOF_TYPE_LAYOUT_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rooflinelab/Roofline/"
                                               "roof-model-panel.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, RoofModelPanel, name)
  BIND (model_dropdown);
  BIND (params_row);
  BIND (params_label);
  BIND (active_row);
  BIND (active_label);
  BIND (weights_row);
  BIND (weights_label);
  BIND (kv_token_row);
  BIND (kv_token_label);
  BIND (kv_seq_row);
  BIND (kv_seq_label);
  BIND (flop_row);
  BIND (flop_label);
  BIND (context_row);
  BIND (context_label);
  BIND (weights_dropdown);
  BIND (kv_dropdown);
  BIND (activations_dropdown);
  BIND (compute_dropdown);
  BIND (bytes_per_weight_entry);
  BIND (bytes_per_weight_adjustment);
  BIND (phase_dropdown);
  BIND (batch_entry);
  BIND (batch_adjustment);
  BIND (batch_scale);
  BIND (prompt_entry);
  BIND (prompt_adjustment);
  BIND (context_entry);
  BIND (context_adjustment);
  BIND (output_entry);
  BIND (output_adjustment);
  BIND (overlap_row);
  BIND (overhead_entry);
  BIND (overhead_adjustment);
  BIND (itl_entry);
  BIND (itl_adjustment);
  BIND (ttft_entry);
  BIND (ttft_adjustment);
  BIND (tokens_entry);
  BIND (tokens_adjustment);
  BIND (cost_group);
  BIND (custom_badge);
  BIND (modified_badge);
  BIND (reset_button);
  BIND (delete_button);
  BIND (editor);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, duplicate_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, reset_clicked_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "roofmodelpanel");
}

static void
add_scale_marks (GtkScale *scale)
{
  /* 1, 16, 256, 4,096 and 65,536 sequences */
  for (int e = 0; e <= BATCH_SCALE_MAX; e += 4)
    {
      g_autofree char *label = roof_ui_format_number (exp2 (e));

      gtk_scale_add_mark (scale, e, GTK_POS_BOTTOM, label);
    }
}

static void
roof_model_panel_init (RoofModelPanel *self)
{
  /* the picker's factories and search expression, in the template, name it */
  g_type_ensure (ROOF_TYPE_SPEC);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cost_rows = g_ptr_array_new ();
  self->bindings = g_ptr_array_new_with_free_func (g_object_unref);

  /* whole numbers of tokens, sequences and devices; "—" for no target */
  roof_ui_number_row_setup (self->bytes_per_weight_entry, self->bytes_per_weight_adjustment, 6,
                            TRUE);
  roof_ui_number_row_setup (self->batch_entry, self->batch_adjustment, 0, FALSE);
  roof_ui_number_row_setup (self->prompt_entry, self->prompt_adjustment, 0, FALSE);
  roof_ui_number_row_setup (self->context_entry, self->context_adjustment, 0, FALSE);
  roof_ui_number_row_setup (self->output_entry, self->output_adjustment, 0, FALSE);
  roof_ui_number_row_setup (self->overhead_entry, self->overhead_adjustment, 3, FALSE);
  roof_ui_number_row_setup (self->itl_entry, self->itl_adjustment, 3, TRUE);
  roof_ui_number_row_setup (self->ttft_entry, self->ttft_adjustment, 3, TRUE);
  roof_ui_number_row_setup (self->tokens_entry, self->tokens_adjustment, 3, TRUE);
  /* the entry row has no subtitle: the hint goes under it */
  roof_ui_row_set_hint (GTK_WIDGET (self->bytes_per_weight_entry),
                        _("Empty: from the weights’ precision"));
  add_scale_marks (self->batch_scale);
  gtk_range_set_round_digits (GTK_RANGE (self->batch_scale), 1);
  /* the wheel over the log slider scrolls the panel unless it has the focus */
  roof_ui_guard_scroll_all (GTK_WIDGET (self));

  update_from_scenario (self);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

GtkWidget *
roof_model_panel_new (RoofCatalog *catalog, RoofScenario *scenario)
{
  g_return_val_if_fail (catalog == NULL || ROOF_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (scenario == NULL || ROOF_IS_SCENARIO (scenario), NULL);

  return g_object_new (ROOF_TYPE_MODEL_PANEL, "catalog", catalog, "scenario", scenario, NULL);
}
