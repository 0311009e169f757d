/* fuzz-scenario.c — the scenario loader on arbitrary bytes, and its round trip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each input is loaded against a catalog holding exactly the built-in
 * entries (the entry objects are parsed once and shared: a scenario's
 * embedded entries replace them in that catalog only, which is then
 * rebuilt for the next input). A failed load must leave
 * that catalog as it was. A loaded scenario, saved with roof_scenario_to_json
 * and roof_json_to_string, must load again into another fresh catalog and
 * save to the same document by value, with the same workload and SLA.
 */
#include <math.h>
#include <string.h>

#include "fuzz-common.h"
#include "roof-catalog-private.h"
#include "roof-catalog.h"
#include "roof-json.h"
#include "roof-scenario.h"

static RoofCatalog *builtin;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;

  fuzz_setup_glib ();
  builtin = roof_catalog_new_builtin (&error);
  if (builtin == NULL)
    fuzz_fail ("the built-in catalog does not load: %s", error->message);
  return 0;
}

static RoofCatalog *
fresh_catalog (void)
{
  return roof_catalog_new_sharing (builtin);
}

/* Same entry objects in the same order: nothing was overlaid. */
static gboolean
same_entries (RoofCatalog *a, RoofCatalog *b)
{
  GListModel *lists[2][2] = {
    { roof_catalog_get_hardware (a), roof_catalog_get_models (a) },
    { roof_catalog_get_hardware (b), roof_catalog_get_models (b) },
  };

  for (int k = 0; k < 2; k++)
    {
      guint n = g_list_model_get_n_items (lists[0][k]);
      if (n != g_list_model_get_n_items (lists[1][k]))
        return FALSE;
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (GObject) x = g_list_model_get_item (lists[0][k], i);
          g_autoptr (GObject) y = g_list_model_get_item (lists[1][k], i);
          if (x != y)
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
close_enough (double a, double b)
{
  /* overhead and targets are stored in µs and ms, rounded to 15 digits */
  return a == b || fabs (a - b) <= 1e-14 * fmax (fabs (a), fabs (b));
}

static void
compare_scenarios (RoofScenario *a, RoofScenario *b, const char *text)
{
  const RoofWorkload *w = roof_scenario_get_workload (a);
  const RoofWorkload *v = roof_scenario_get_workload (b);
  const RoofSla *s = roof_scenario_get_sla (a);
  const RoofSla *t = roof_scenario_get_sla (b);
  const char *const *ha = roof_scenario_get_hardware (a);
  const char *const *hb = roof_scenario_get_hardware (b);

  if (g_strcmp0 (roof_scenario_get_model (a), roof_scenario_get_model (b)) != 0)
    fuzz_fail ("the model changed in the round trip:\n%s", text);
  if (!g_strv_equal ((const char *const *) ha, (const char *const *) hb))
    fuzz_fail ("the hardware list changed in the round trip:\n%s", text);
  if (w->phase != v->phase || w->batch != v->batch || w->context != v->context
      || w->prompt != v->prompt || w->output != v->output || w->weights != v->weights
      || w->kv != v->kv || w->activations != v->activations || w->compute != v->compute
      || w->bytes_per_weight != v->bytes_per_weight || w->attention_span != v->attention_span
      || w->devices != v->devices || w->overlap != v->overlap
      || !close_enough (w->overhead, v->overhead))
    fuzz_fail ("the workload changed in the round trip:\n%s", text);
  if (!close_enough (s->itl, t->itl) || !close_enough (s->ttft, t->ttft)
      || s->tokens_per_s != t->tokens_per_s)
    fuzz_fail ("the SLA changed in the round trip:\n%s", text);
  if (roof_scenario_get_chart (a) != roof_scenario_get_chart (b)
      || roof_scenario_get_ceilings (a) != roof_scenario_get_ceilings (b)
      || roof_scenario_get_sensitivity_step (a) != roof_scenario_get_sensitivity_step (b))
    fuzz_fail ("the chart settings changed in the round trip:\n%s", text);
}

/* A catalog with exactly the built-in entries: the one of the last input
 * when that input overlaid nothing (building one costs as much as the load). */
static RoofCatalog *
reuse_catalog (RoofCatalog **slot)
{
  if (*slot == NULL || !same_entries (*slot, builtin))
    {
      g_clear_object (slot);
      *slot = fresh_catalog ();
    }
  return g_object_ref (*slot);
}

static RoofCatalog *spare[2];

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (RoofCatalog) catalog = reuse_catalog (&spare[0]);
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) scenario = NULL;

  scenario = roof_scenario_load_data ((const char *) data, (gssize) size, "fuzz.roofline",
                                      catalog, warnings, &error);
  if (scenario == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        fuzz_fail ("a failed load must set an error with a message");
      if (!same_entries (catalog, builtin))
        fuzz_fail ("a failed load changed the catalog: %s", error->message);
      return 0;
    }

  /* what the getters promise */
  if (roof_scenario_get_hardware (scenario) == NULL)
    fuzz_fail ("a loaded scenario has no hardware list");
  for (const char *const *id = roof_scenario_get_hardware (scenario); *id != NULL; id++)
    if (roof_catalog_find_hardware (catalog, *id) == NULL)
      fuzz_fail ("a loaded scenario names hardware \"%s\" its catalog lacks", *id);
  if (roof_scenario_get_model (scenario) == NULL
      || roof_catalog_find_model (catalog, roof_scenario_get_model (scenario)) == NULL)
    fuzz_fail ("a loaded scenario names a model its catalog lacks");

  g_autoptr (JsonNode) doc = roof_scenario_to_json (scenario, catalog);
  g_autofree char *text = roof_json_to_string (doc, TRUE);
  g_autoptr (RoofCatalog) catalog2 = reuse_catalog (&spare[1]);
  g_autoptr (GError) error2 = NULL;
  g_autoptr (RoofScenario) again
    = roof_scenario_load_data (text, -1, "saved.roofline", catalog2, NULL, &error2);

  if (again == NULL)
    fuzz_fail ("a loaded scenario, saved, does not load again: %s\n--- saved:\n%s",
               error2->message, text);
  compare_scenarios (scenario, again, text);

  g_autoptr (JsonNode) doc2 = roof_scenario_to_json (again, catalog2);
  if (!roof_json_node_equal (doc, doc2))
    {
      g_autofree char *text2 = roof_json_to_string (doc2, TRUE);
      fuzz_fail ("saving the reloaded scenario gives another document:\n--- first:\n%s\n"
                 "--- second:\n%s",
                 text, text2);
    }
  return 0;
}
