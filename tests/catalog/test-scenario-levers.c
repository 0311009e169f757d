/* test-scenario-levers.c — a scenario's speculative decoding,
 * disaggregation and cost basis: read, refused, written back, and
 * absent from older files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "catalog-test-util.h"
#include "roof-catalog-error.h"
#include "roof-scenario.h"

#define HEAD "{\"format\": \"roofline-scenario\", \"version\": 2, " \
             "\"hardware\": [\"nvidia-h100-sxm\"], \"model\": \"llama-3.1-70b\""

static RoofScenario *
load (RoofCatalog *catalog, const char *text, GError **error)
{
  return roof_scenario_load_data (text, -1, "s.json", catalog, NULL, error);
}

static void
test_read_and_round_trip (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) s = load (
    catalog,
    HEAD ", \"speculative\": {\"k\": 3, \"accept\": 0.7, \"draft_model\": \"llama-3.1-8b\"},"
         " \"disagg\": {\"enabled\": true, \"prefill_system\": \"nvidia-hgx-h200\","
         " \"prefill_tp\": 8, \"prefill_batch\": 2},"
         " \"cost\": {\"basis\": \"own\", \"capex_usd\": 25000, \"years\": 4,"
         " \"usd_per_kwh\": 0.1, \"pue\": 1.2}}",
    &error);
  g_assert_no_error (error);
  const RoofScenarioLevers *lv = roof_scenario_get_levers (s);
  g_assert_cmpfloat (lv->spec_k, ==, 3);
  g_assert_cmpfloat (lv->spec_accept, ==, 0.7);
  g_assert_cmpstr (lv->draft_model, ==, "llama-3.1-8b");
  g_assert_true (lv->disagg);
  g_assert_cmpstr (lv->prefill_system, ==, "nvidia-hgx-h200");
  g_assert_null (lv->prefill_hardware);
  g_assert_cmpfloat (lv->prefill_tp, ==, 8);
  g_assert_cmpfloat (lv->prefill_batch, ==, 2);
  g_assert_true (lv->cost_own);
  g_assert_cmpfloat (lv->capex_usd, ==, 25000);
  g_assert_cmpfloat (lv->pue, ==, 1.2);

  /* written and read back: the same levers */
  g_autoptr (JsonNode) doc = roof_scenario_to_json (s, catalog);
  g_autofree char *text = json_to_string (doc, FALSE);
  g_autoptr (RoofScenario) back = load (catalog, text, &error);
  g_assert_no_error (error);
  const RoofScenarioLevers *b = roof_scenario_get_levers (back);
  g_assert_cmpfloat (b->spec_k, ==, 3);
  g_assert_cmpfloat (b->spec_accept, ==, 0.7);
  g_assert_cmpstr (b->draft_model, ==, "llama-3.1-8b");
  g_assert_true (b->disagg);
  g_assert_cmpstr (b->prefill_system, ==, "nvidia-hgx-h200");
  g_assert_cmpfloat (b->prefill_tp, ==, 8);
  g_assert_true (b->cost_own);
  g_assert_cmpfloat (b->years, ==, 4);
  g_assert_cmpfloat (b->usd_per_kwh, ==, 0.1);
}

/* A file from before the levers: none stated, none written. */
static void
test_old_file (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) s = load (catalog, HEAD "}", &error);
  g_assert_no_error (error);
  const RoofScenarioLevers *lv = roof_scenario_get_levers (s);
  g_assert_cmpfloat (lv->spec_k, ==, 0);
  g_assert_false (lv->disagg);
  g_assert_false (lv->cost_own);
  g_autoptr (JsonNode) doc = roof_scenario_to_json (s, catalog);
  JsonObject *o = json_node_get_object (doc);
  g_assert_false (json_object_has_member (o, "speculative"));
  g_assert_false (json_object_has_member (o, "disagg"));
  g_assert_false (json_object_has_member (o, "cost"));
}

/* Setting the levers: ::changed once per real change, never for the same. */
static void
count (RoofScenario *s, gpointer data)
{
  (void) s;
  (*(int *) data)++;
}

static void
test_set_levers (void)
{
  g_autoptr (RoofScenario) s = roof_scenario_new_default ();
  int changed = 0;
  g_signal_connect (s, "changed", G_CALLBACK (count), &changed);
  RoofScenarioLevers lv = { 0 };
  lv.spec_k = 2;
  lv.spec_accept = 0.5;
  lv.mtp_params = 14e9;
  roof_scenario_set_levers (s, &lv);
  g_assert_cmpint (changed, ==, 1);
  roof_scenario_set_levers (s, &lv);
  g_assert_cmpint (changed, ==, 1);
  char name[] = "llama-3.1-8b";
  lv.mtp_params = 0;
  lv.draft_model = name;
  roof_scenario_set_levers (s, &lv);
  g_assert_cmpint (changed, ==, 2);
  /* the scenario holds its own copy */
  name[0] = 'X';
  g_assert_cmpstr (roof_scenario_get_levers (s)->draft_model, ==, "llama-3.1-8b");
}

static void
expect_refused (const char *members, const char *words)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_strconcat (HEAD ", ", members, "}", NULL);
  g_autoptr (RoofScenario) s = load (catalog, text, &error);

  g_assert_null (s);
  g_assert_nonnull (error);
  if (strstr (error->message, words) == NULL || !g_str_has_prefix (error->message, "s.json"))
    g_error ("\"%s\" does not name \"%s\"", error->message, words);
}

static void
test_refused (void)
{
  expect_refused ("\"speculative\": {\"k\": 3, \"accept\": 1, \"mtp_params\": 1e9}",
                  "speculative.accept");
  expect_refused ("\"speculative\": {\"k\": 0, \"accept\": 0.5, \"mtp_params\": 1e9}",
                  "speculative.k");
  expect_refused ("\"speculative\": {\"k\": 3, \"mtp_params\": 1e9}", "speculative.accept");
  expect_refused ("\"speculative\": {\"k\": 3, \"accept\": 0.5}", "a drafter");
  expect_refused ("\"disagg\": {\"enabled\": true, \"prefill_system\": \"a\","
                  " \"prefill_hardware\": \"b\"}",
                  "exclude each other");
  expect_refused ("\"cost\": {\"basis\": \"own\", \"years\": 4, \"usd_per_kwh\": 0.1}",
                  "cost.capex_usd");
  expect_refused ("\"cost\": {\"basis\": \"lease\"}", "cost.basis");
  expect_refused ("\"cost\": {\"basis\": \"own\", \"capex_usd\": 1, \"years\": 4,"
                  " \"usd_per_kwh\": 0.1, \"pue\": 0.5}",
                  "cost.pue");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scenario/levers/read-and-round-trip", test_read_and_round_trip);
  g_test_add_func ("/scenario/levers/old-file", test_old_file);
  g_test_add_func ("/scenario/levers/set", test_set_levers);
  g_test_add_func ("/scenario/levers/refused", test_refused);
  return g_test_run ();
}
