/* roof-scenario-levers.c — the levers a scenario states: speculative
 * decoding, disaggregated serving, the cost basis (docs/file-format.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

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

static void
set_or_remove_string (JsonObject *o, const char *name, const char *value)
{
  if (value != NULL)
    json_object_set_string_member (o, name, value);
  else if (json_object_has_member (o, name))
    json_object_remove_member (o, name);
}

static void
set_or_remove_number (JsonObject *o, const char *name, double value)
{
  if (value > 0.0)
    json_object_set_double_member (o, name, value);
  else if (json_object_has_member (o, name))
    json_object_remove_member (o, name);
}

/* The member `name` of root as an object (kept when it is one: unknown
 * members stay), or removed when `keep` is FALSE; NULL then. */
static JsonObject *
section (JsonObject *root, const char *name, gboolean keep)
{
  JsonNode *node = json_object_get_member (root, name);

  if (!keep)
    {
      if (node != NULL)
        json_object_remove_member (root, name);
      return NULL;
    }
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    json_object_set_object_member (root, name, json_object_new ());
  return json_object_get_object_member (root, name);
}

void
roof_scenario_levers_write (const RoofScenarioLevers *lv, JsonObject *root)
{
  JsonObject *o;

  if ((o = section (root, "speculative", lv->spec_k > 0.0)) != NULL)
    {
      json_object_set_double_member (o, "k", lv->spec_k);
      json_object_set_double_member (o, "accept", lv->spec_accept);
      set_or_remove_string (o, "draft_model", lv->draft_model);
      set_or_remove_number (o, "mtp_params", lv->draft_model == NULL ? lv->mtp_params : 0);
    }
  if ((o = section (root, "disagg", lv->disagg)) != NULL)
    {
      json_object_set_boolean_member (o, "enabled", TRUE);
      set_or_remove_string (o, "prefill_system", lv->prefill_system);
      set_or_remove_string (o, "prefill_hardware", lv->prefill_hardware);
      set_or_remove_number (o, "prefill_tp", lv->prefill_tp);
      set_or_remove_number (o, "prefill_ep", lv->prefill_ep);
      set_or_remove_number (o, "prefill_batch", lv->prefill_batch);
    }
  if ((o = section (root, "cost", lv->cost_own)) != NULL)
    {
      json_object_set_string_member (o, "basis", "own");
      json_object_set_double_member (o, "capex_usd", lv->capex_usd);
      json_object_set_double_member (o, "years", lv->years);
      json_object_set_double_member (o, "usd_per_kwh", lv->usd_per_kwh);
      set_or_remove_number (o, "pue", lv->pue);
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

void
roof_scenario_set_levers (RoofScenario *self, const RoofScenarioLevers *levers)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (levers != NULL);
  g_return_if_fail (levers->spec_k == 0.0
                    || (levers->spec_k >= 1 && levers->spec_k <= 64 && levers->spec_accept >= 0
                        && levers->spec_accept < 1));

  if (levers_equal (&self->levers, levers))
    return;
  RoofScenarioLevers copy = *levers;
  copy.draft_model = g_strdup (levers->draft_model);
  copy.prefill_system = g_strdup (levers->prefill_system);
  copy.prefill_hardware = g_strdup (levers->prefill_hardware);
  roof_scenario_levers_clear (&self->levers);
  self->levers = copy;
  roof_scenario_emit_changed (self);
}
