/* test-scenario-fleet.c — a scenario's fleet traffic: read, refused with
 * one message naming the field, written back, absent from older files
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
test_round_trip (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) s
    = load (catalog,
            HEAD ", \"fleet\": {\"rate\": 42.5, \"lengths\": \"512:128@0.7,4096:512@0.3\","
                 " \"ttft_p50_ms\": 300, \"ttft_p99_ms\": 2000}}",
            &error);
  g_assert_no_error (error);
  const RoofScenarioFleet *f = roof_scenario_get_fleet (s);
  g_assert_cmpfloat (f->rate, ==, 42.5);
  g_assert_cmpstr (f->lengths, ==, "512:128@0.7,4096:512@0.3");
  g_assert_cmpfloat_with_epsilon (f->ttft_p50, 0.3, 1e-15);
  g_assert_cmpfloat_with_epsilon (f->ttft_p99, 2.0, 1e-15);

  g_autoptr (JsonNode) doc = roof_scenario_to_json (s, catalog);
  g_autofree char *text = json_to_string (doc, FALSE);
  g_autoptr (RoofScenario) back = load (catalog, text, &error);
  g_assert_no_error (error);
  const RoofScenarioFleet *b = roof_scenario_get_fleet (back);
  g_assert_cmpfloat (b->rate, ==, 42.5);
  g_assert_cmpstr (b->lengths, ==, f->lengths);
  g_assert_cmpfloat_with_epsilon (b->ttft_p50, 0.3, 1e-15);
  g_assert_cmpfloat_with_epsilon (b->ttft_p99, 2.0, 1e-15);
}

static void
test_old_file (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) s = load (catalog, HEAD "}", &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (roof_scenario_get_fleet (s)->rate, ==, ROOF_SCENARIO_DEFAULT_RATE);
  g_assert_null (roof_scenario_get_fleet (s)->lengths);
  g_autoptr (JsonNode) doc = roof_scenario_to_json (s, catalog);
  g_assert_false (json_object_has_member (json_node_get_object (doc), "fleet"));
}

static void
test_refused (void)
{
  static const struct
  {
    const char *fleet, *words;
  } cases[] = {
    { "{\"rate\": 0}", "fleet.rate" },
    { "{\"rate\": -3}", "fleet.rate" },
    { "{\"lengths\": \"512:128@0.7,4096:512@0.2\"}", "sum to 0.9" },
    { "{\"lengths\": \"512:0\"}", "class 1" },
    { "{\"lengths\": \"512:128,4096:512\"}", "class 1 has no @SHARE" },
    { "{\"ttft_p50_ms\": 500, \"ttft_p99_ms\": 100}", "fleet.ttft_p99_ms (100) is below" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
      g_autoptr (GError) error = NULL;
      g_autofree char *text = g_strdup_printf (HEAD ", \"fleet\": %s}", cases[i].fleet);
      g_autoptr (RoofScenario) s = load (catalog, text, &error);

      g_assert_null (s);
      g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "s.json"));
      g_assert_nonnull (strstr (error->message, cases[i].words));
    }
}

/* PROMPT:OUTPUT@SHARE, read and written back */
static void
test_lengths (void)
{
  RoofFleetDemand d;
  g_autoptr (GError) error = NULL;

  roof_fleet_demand_init (&d, 1, 1, 1);
  g_assert_true (roof_fleet_lengths_parse (" 512:128@0.7, 4096:512@0.3 ", &d, &error));
  g_assert_cmpint (d.n_classes, ==, 2);
  g_assert_cmpfloat (d.classes[0].prompt, ==, 512);
  g_assert_cmpfloat (d.classes[0].output, ==, 128);
  g_assert_cmpfloat (d.classes[0].share, ==, 0.7);
  g_assert_cmpfloat (d.classes[1].prompt, ==, 4096);
  g_assert_cmpfloat (d.classes[1].share, ==, 0.3);
  g_autofree char *text = roof_fleet_lengths_format (&d);
  g_assert_cmpstr (text, ==, "512:128@0.7,4096:512@0.3");
  g_assert_true (roof_fleet_lengths_parse ("1000:200", &d, &error));
  g_assert_cmpint (d.n_classes, ==, 1);
  g_assert_cmpfloat (d.classes[0].share, ==, 1.0);
  g_autofree char *one = roof_fleet_lengths_format (&d);
  g_assert_cmpstr (one, ==, "1000:200");
  g_assert_false (roof_fleet_lengths_parse ("1000:2e2x", &d, &error));
  g_clear_error (&error);
  g_assert_false (roof_fleet_lengths_parse ("", &d, &error));
  g_clear_error (&error);
  g_assert_false (roof_fleet_lengths_parse ("1:1@0.1,1:1@0.1,1:1@0.1,1:1@0.1,1:1@0.1,1:1@0.1,"
                                            "1:1@0.1,1:1@0.1,1:1@0.2",
                                            &d, &error));
  g_assert_nonnull (strstr (error->message, "at most 8"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scenario/fleet/round-trip", test_round_trip);
  g_test_add_func ("/scenario/fleet/old-file", test_old_file);
  g_test_add_func ("/scenario/fleet/refused", test_refused);
  g_test_add_func ("/scenario/fleet/lengths", test_lengths);
  return g_test_run ();
}
