/* roof-scenario-levers.c — the levers a scenario states: speculative
 * decoding, disaggregated serving, the cost basis (docs/file-format.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-catalog-error.h"
#include "roof-catalog-private.h"
#include "roof-scenario-private.h"

void
roof_scenario_levers_clear (RoofScenarioLevers *lv)
{
  g_clear_pointer (&lv->draft_model, g_free);
  g_clear_pointer (&lv->prefill_system, g_free);
  g_clear_pointer (&lv->prefill_hardware, g_free);
  memset (lv, 0, sizeof *lv);
}

/* "ORIGIN: message" (roof_catalog_set_error), FALSE for returning. */
#define invalid(error, origin, ...)                                                              \
  (roof_catalog_set_error ((error), ROOF_CATALOG_ERROR_INVALID, (origin), __VA_ARGS__), FALSE)

/* What needs what, once each field is in its range. */
static gboolean
check (const RoofScenarioLevers *lv, JsonObject *root, const char *origin, GError **error)
{
  gboolean has_spec = json_object_has_member (root, "speculative");

  if (has_spec && !(lv->spec_k > 0.0))
    return invalid (error, origin, "speculative needs speculative.k, the draft length");
  if (lv->spec_k > 0.0 && roof_json_path_get (root, "speculative.accept") == NULL)
    return invalid (error, origin, "speculative.k needs speculative.accept, the acceptance α");
  if (lv->spec_k > 0.0 && lv->draft_model == NULL && !(lv->mtp_params > 0.0))
    return invalid (error, origin,
                    "speculative needs a drafter: speculative.draft_model or "
                    "speculative.mtp_params");
  if (lv->draft_model != NULL && lv->mtp_params > 0.0)
    return invalid (error, origin,
                    "speculative.draft_model and speculative.mtp_params exclude each other");
  if (lv->prefill_system != NULL && lv->prefill_hardware != NULL)
    return invalid (error, origin,
                    "disagg.prefill_system and disagg.prefill_hardware exclude each other");
  if (lv->cost_own)
    {
      static const char *const needed[] = { "cost.capex_usd", "cost.years", "cost.usd_per_kwh" };
      for (guint i = 0; i < G_N_ELEMENTS (needed); i++)
        if (roof_json_path_get (root, needed[i]) == NULL)
          return invalid (error, origin, "cost.basis \"own\" needs %s (no built-in device has a "
                                         "purchase price)",
                          needed[i]);
    }
  return TRUE;
}

gboolean
roof_scenario_levers_read (RoofScenarioLevers *lv, JsonObject *root, const char *origin,
                           GError **error)
{
  const char *basis = roof_json_get_string (root, "cost.basis");

  roof_scenario_levers_clear (lv);
  lv->spec_k = roof_json_get_number (root, "speculative.k", 0);
  lv->spec_accept = roof_json_get_number (root, "speculative.accept", 0);
  lv->draft_model = g_strdup (roof_json_get_string (root, "speculative.draft_model"));
  lv->mtp_params = roof_json_get_number (root, "speculative.mtp_params", 0);
  lv->disagg = roof_json_get_boolean (root, "disagg.enabled", FALSE);
  lv->prefill_system = g_strdup (roof_json_get_string (root, "disagg.prefill_system"));
  lv->prefill_hardware = g_strdup (roof_json_get_string (root, "disagg.prefill_hardware"));
  lv->prefill_tp = roof_json_get_number (root, "disagg.prefill_tp", 0);
  lv->prefill_ep = roof_json_get_number (root, "disagg.prefill_ep", 0);
  lv->prefill_batch = roof_json_get_number (root, "disagg.prefill_batch", 0);
  lv->cost_own = g_strcmp0 (basis, "own") == 0;
  lv->capex_usd = roof_json_get_number (root, "cost.capex_usd", 0);
  lv->years = roof_json_get_number (root, "cost.years", 0);
  lv->usd_per_kwh = roof_json_get_number (root, "cost.usd_per_kwh", 0);
  lv->pue = roof_json_get_number (root, "cost.pue", 0);
  return check (lv, root, origin, error);
}

/* A positive number, or nothing: 0 means unset. */
static void
put_positive (JsonObject *o, const char *name, double value)
{
  roof_json_object_put (o, name, value > 0.0 ? json_node_init_double (json_node_alloc (), value)
                                             : NULL);
}

void
roof_scenario_levers_write (const RoofScenarioLevers *lv, JsonObject *root)
{
  JsonObject *o;

  if ((o = roof_json_object_section (root, "speculative", lv->spec_k > 0.0)) != NULL)
    {
      json_object_set_double_member (o, "k", lv->spec_k);
      json_object_set_double_member (o, "accept", lv->spec_accept);
      roof_json_object_put (o, "draft_model",
                            roof_json_node_new_string_or_null (lv->draft_model));
      put_positive (o, "mtp_params", lv->draft_model == NULL ? lv->mtp_params : 0);
    }
  if ((o = roof_json_object_section (root, "disagg", lv->disagg)) != NULL)
    {
      json_object_set_boolean_member (o, "enabled", TRUE);
      roof_json_object_put (o, "prefill_system",
                            roof_json_node_new_string_or_null (lv->prefill_system));
      roof_json_object_put (o, "prefill_hardware",
                            roof_json_node_new_string_or_null (lv->prefill_hardware));
      put_positive (o, "prefill_tp", lv->prefill_tp);
      put_positive (o, "prefill_ep", lv->prefill_ep);
      put_positive (o, "prefill_batch", lv->prefill_batch);
    }
  if ((o = roof_json_object_section (root, "cost", lv->cost_own)) != NULL)
    {
      json_object_set_string_member (o, "basis", "own");
      json_object_set_double_member (o, "capex_usd", lv->capex_usd);
      json_object_set_double_member (o, "years", lv->years);
      json_object_set_double_member (o, "usd_per_kwh", lv->usd_per_kwh);
      put_positive (o, "pue", lv->pue);
    }
}

const RoofScenarioLevers *
roof_scenario_get_levers (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), NULL);

  return &self->levers;
}

static gboolean
levers_equal (const RoofScenarioLevers *a, const RoofScenarioLevers *b)
{
  return a->spec_k == b->spec_k && a->spec_accept == b->spec_accept
         && g_strcmp0 (a->draft_model, b->draft_model) == 0 && a->mtp_params == b->mtp_params
         && a->disagg == b->disagg && g_strcmp0 (a->prefill_system, b->prefill_system) == 0
         && g_strcmp0 (a->prefill_hardware, b->prefill_hardware) == 0
         && a->prefill_tp == b->prefill_tp && a->prefill_ep == b->prefill_ep
         && a->prefill_batch == b->prefill_batch && a->cost_own == b->cost_own
         && a->capex_usd == b->capex_usd && a->years == b->years
         && a->usd_per_kwh == b->usd_per_kwh && a->pue == b->pue;
}

/* ------------------------------------------------------------------------ */
/* The levers as properties                                                 */

typedef enum
{
  LEVER_BOOLEAN,
  LEVER_DOUBLE,
  LEVER_ID, /* a catalog id or NULL */
} LeverKind;

typedef struct
{
  const char *name;
  LeverKind kind;
  gsize offset; /* in RoofScenarioLevers; (gsize) -1 for "speculative" and "spec-k" */
  double min, max;
  gboolean whole;
} LeverProperty;

#define SPECIAL ((gsize) -1)
#define LV(name, kind, field, min, max, whole)                                                    \
  { name, kind, G_STRUCT_OFFSET (RoofScenarioLevers, field), min, max, whole }

/* In the order the app sets them: a drafter before speculation, the years
 * before owning (what a setter requires is set first). pue 0 reads as 1. */
/* clang-format off */
static const LeverProperty lever_properties[] = {
  { "spec-k", LEVER_DOUBLE, SPECIAL, 1, 64, TRUE },
  LV ("spec-accept", LEVER_DOUBLE, spec_accept, 0, 0.9999, FALSE),
  LV ("draft-model", LEVER_ID, draft_model, 0, 0, FALSE),
  LV ("mtp-params", LEVER_DOUBLE, mtp_params, 0, 1e15, FALSE),
  { "speculative", LEVER_BOOLEAN, SPECIAL, 0, 0, FALSE },
  LV ("prefill-system", LEVER_ID, prefill_system, 0, 0, FALSE),
  LV ("prefill-tp", LEVER_DOUBLE, prefill_tp, 0, 1e6, TRUE),
  LV ("prefill-ep", LEVER_DOUBLE, prefill_ep, 0, 1e6, TRUE),
  LV ("prefill-batch", LEVER_DOUBLE, prefill_batch, 0, 1e9, TRUE),
  LV ("disagg", LEVER_BOOLEAN, disagg, 0, 0, FALSE),
  LV ("capex-usd", LEVER_DOUBLE, capex_usd, 0, 1e12, FALSE),
  LV ("years", LEVER_DOUBLE, years, 0, 100, FALSE),
  LV ("usd-per-kwh", LEVER_DOUBLE, usd_per_kwh, 0, 1000, FALSE),
  LV ("pue", LEVER_DOUBLE, pue, 0, 10, FALSE),
  LV ("cost-own", LEVER_BOOLEAN, cost_own, 0, 0, FALSE),
};
/* clang-format on */

#undef LV

static GParamSpec *lever_pspecs[G_N_ELEMENTS (lever_properties)];

guint
roof_scenario_levers_n_properties (void)
{
  return G_N_ELEMENTS (lever_properties);
}

void
roof_scenario_levers_install (GObjectClass *klass, guint first)
{
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  for (guint i = 0; i < G_N_ELEMENTS (lever_properties); i++)
    {
      const LeverProperty *lp = &lever_properties[i];

      if (lp->kind == LEVER_BOOLEAN)
        lever_pspecs[i] = g_param_spec_boolean (lp->name, NULL, NULL, FALSE, flags);
      else if (lp->kind == LEVER_ID)
        lever_pspecs[i] = g_param_spec_string (lp->name, NULL, NULL, NULL, flags);
      else
        lever_pspecs[i] = g_param_spec_double (lp->name, NULL, NULL, lp->min, lp->max,
                                               lp->offset == SPECIAL ? 1 : lp->min, flags);
      g_object_class_install_property (klass, first + i, lever_pspecs[i]);
    }
}

static void
lever_get (RoofScenario *self, guint index, GValue *value)
{
  const LeverProperty *lp = &lever_properties[index];

  if (g_str_equal (lp->name, "speculative"))
    g_value_set_boolean (value, self->levers.spec_k > 0.0);
  else if (g_str_equal (lp->name, "spec-k"))
    g_value_set_double (value, self->spec_k);
  else if (lp->kind == LEVER_BOOLEAN)
    g_value_set_boolean (value, G_STRUCT_MEMBER (gboolean, &self->levers, lp->offset));
  else if (lp->kind == LEVER_ID)
    g_value_set_string (value, G_STRUCT_MEMBER (char *, &self->levers, lp->offset));
  else
    g_value_set_double (value, G_STRUCT_MEMBER (double, &self->levers, lp->offset));
}

void
roof_scenario_levers_get_property (RoofScenario *self, guint index, GValue *value)
{
  lever_get (self, index, value);
}

/* The levers with property `index` set to `value` into *lv (a copy
 * sharing self's strings but the one set) and *spec_k; FALSE, with a debug
 * message, when the scenario refuses it: a fractional count, a malformed
 * id, speculation without a drafter, owning over no years, a PUE below 1. */
static gboolean
lever_candidate (RoofScenario *self, guint index, const GValue *value, RoofScenarioLevers *lv,
                 double *spec_k)
{
  const LeverProperty *lp = &lever_properties[index];

  *lv = self->levers;
  *spec_k = self->spec_k;
  if (lp->kind == LEVER_DOUBLE)
    {
      double x = g_value_get_double (value);
      if (lp->whole && x != floor (x))
        {
          g_debug ("%s refused: a whole number, got %g", lp->name, x);
          return FALSE;
        }
      if (g_str_equal (lp->name, "pue") && x > 0.0 && x < 1.0)
        {
          g_debug ("pue refused: 1 or more (0: not stated), got %g", x);
          return FALSE;
        }
      if (lp->offset == SPECIAL)
        {
          *spec_k = x;
          if (lv->spec_k > 0.0)
            lv->spec_k = x;
        }
      else
        G_STRUCT_MEMBER (double, lv, lp->offset) = x;
      return TRUE;
    }
  if (lp->kind == LEVER_ID)
    {
      const char *id = g_value_get_string (value);
      if (id != NULL && !roof_spec_id_is_valid (id))
        {
          g_debug ("%s refused: not an id", lp->name);
          return FALSE;
        }
      G_STRUCT_MEMBER (char *, lv, lp->offset) = (char *) id;
      return TRUE;
    }
  gboolean on = g_value_get_boolean (value);
  if (lp->offset == SPECIAL)
    {
      if (on && lv->draft_model == NULL && !(lv->mtp_params > 0.0))
        {
          g_debug ("speculative refused: no drafter (draft-model or mtp-params)");
          return FALSE;
        }
      lv->spec_k = on ? self->spec_k : 0.0;
      return TRUE;
    }
  if (g_str_equal (lp->name, "cost-own") && on && !(lv->years > 0.0))
    {
      g_debug ("cost-own refused: owning needs the years to amortise over");
      return FALSE;
    }
  G_STRUCT_MEMBER (gboolean, lv, lp->offset) = on;
  return TRUE;
}

/* Takes `levers` (copied) and `spec_k`, notifies every lever property
 * whose value they change, then ::changed once. */
static void
apply_levers (RoofScenario *self, const RoofScenarioLevers *levers, double spec_k)
{
  GValue before[G_N_ELEMENTS (lever_properties)] = { G_VALUE_INIT };

  if (levers_equal (&self->levers, levers) && spec_k == self->spec_k)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (lever_properties); i++)
    {
      g_value_init (&before[i], G_PARAM_SPEC_VALUE_TYPE (lever_pspecs[i]));
      lever_get (self, i, &before[i]);
    }
  RoofScenarioLevers copy = *levers;
  copy.draft_model = g_strdup (levers->draft_model);
  copy.prefill_system = g_strdup (levers->prefill_system);
  copy.prefill_hardware = g_strdup (levers->prefill_hardware);
  roof_scenario_levers_clear (&self->levers);
  self->levers = copy;
  self->spec_k = spec_k;

  g_object_freeze_notify (G_OBJECT (self));
  for (guint i = 0; i < G_N_ELEMENTS (lever_properties); i++)
    {
      g_auto (GValue) now = G_VALUE_INIT;
      g_value_init (&now, G_PARAM_SPEC_VALUE_TYPE (lever_pspecs[i]));
      lever_get (self, i, &now);
      if (g_param_values_cmp (lever_pspecs[i], &before[i], &now) != 0)
        g_object_notify_by_pspec (G_OBJECT (self), lever_pspecs[i]);
      g_value_unset (&before[i]);
    }
  g_object_thaw_notify (G_OBJECT (self));
  roof_scenario_emit_changed (self);
}

void
roof_scenario_levers_set_property (RoofScenario *self, guint index, const GValue *value)
{
  RoofScenarioLevers lv;
  double spec_k;

  if (lever_candidate (self, index, value, &lv, &spec_k))
    apply_levers (self, &lv, spec_k);
}

void
roof_scenario_set_levers (RoofScenario *self, const RoofScenarioLevers *levers)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (levers != NULL);
  g_return_if_fail (levers->spec_k == 0.0
                    || (levers->spec_k >= 1 && levers->spec_k <= 64 && levers->spec_accept >= 0
                        && levers->spec_accept < 1));

  apply_levers (self, levers, levers->spec_k > 0.0 ? levers->spec_k : self->spec_k);
}
