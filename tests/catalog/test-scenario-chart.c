/* test-scenario-chart.c — the frontier chart's settings in a scenario:
 * notified only on change, read, refused, written back, absent from older
 * files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "catalog-test-util.h"
#include "roof-scenario.h"

#define HEAD "{\"format\": \"roofline-scenario\", \"version\": 2, " \
             "\"hardware\": [\"nvidia-h100-sxm\"], \"model\": \"llama-3.1-70b\""

static RoofScenario *
load (RoofCatalog *catalog, const char *text, GError **error)
{
  return roof_scenario_load_data (text, -1, "s.json", catalog, NULL, error);
}

static void
count (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(int *) data)++;
}

static void
count_changed (RoofScenario *s, gpointer data)
{
  (*(int *) data)++;
}

/* The setters: one notification and one ::changed per change, none for
 * the value held. */
static void
test_setters (void)
{
  g_autoptr (RoofScenario) s = roof_scenario_new_default ();
  int y = 0, linear = 0, changed = 0;

  g_signal_connect (s, "notify::frontier-y", G_CALLBACK (count), &y);
  g_signal_connect (s, "notify::frontier-linear", G_CALLBACK (count), &linear);
  g_signal_connect (s, "changed", G_CALLBACK (count_changed), &changed);
  /* the defaults: per device, logarithmic */
  g_assert_cmpint (roof_scenario_get_frontier_y (s), ==, ROOF_FRONTIER_PER_DEVICE);
  g_assert_false (roof_scenario_get_frontier_linear (s));

  roof_scenario_set_frontier_y (s, ROOF_FRONTIER_PER_DEVICE);
  roof_scenario_set_frontier_linear (s, FALSE);
  g_assert_cmpint (y + linear + changed, ==, 0);

  roof_scenario_set_frontier_y (s, ROOF_FRONTIER_PER_USD_HOUR);
  roof_scenario_set_frontier_y (s, ROOF_FRONTIER_PER_USD_HOUR);
  roof_scenario_set_frontier_linear (s, TRUE);
  roof_scenario_set_frontier_linear (s, TRUE);
  g_assert_cmpint (y, ==, 1);
  g_assert_cmpint (linear, ==, 1);
  g_assert_cmpint (changed, ==, 2);

  /* the property speaks roof_frontier_metric_name ()'s names */
  g_autofree char *name = NULL;
  g_object_get (s, "frontier-y", &name, NULL);
  g_assert_cmpstr (name, ==, "usd");
  g_object_set (s, "frontier-y", "kw", NULL);
  g_assert_cmpint (roof_scenario_get_frontier_y (s), ==, ROOF_FRONTIER_PER_KW);
  g_assert_cmpint (y, ==, 2);
}

/* Read from chart.frontier_*, written back the same. */
static void
test_round_trip (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) s
    = load (catalog, HEAD ", \"chart\": {\"kind\": \"pareto\", \"frontier_y\": \"kw\","
                          " \"frontier_linear\": true}}",
            &error);
  g_assert_no_error (error);
  g_assert_cmpint (roof_scenario_get_frontier_y (s), ==, ROOF_FRONTIER_PER_KW);
  g_assert_true (roof_scenario_get_frontier_linear (s));

  g_autoptr (JsonNode) doc = roof_scenario_to_json (s, catalog);
  JsonObject *chart = json_object_get_object_member (json_node_get_object (doc), "chart");
  g_assert_cmpstr (json_object_get_string_member (chart, "frontier_y"), ==, "kw");
  g_assert_true (json_object_get_boolean_member (chart, "frontier_linear"));

  g_autofree char *text = json_to_string (doc, FALSE);
  g_autoptr (RoofScenario) back = load (catalog, text, &error);
  g_assert_no_error (error);
  g_assert_cmpint (roof_scenario_get_frontier_y (back), ==, ROOF_FRONTIER_PER_KW);
  g_assert_true (roof_scenario_get_frontier_linear (back));

  /* back to the defaults: the members go, as in a file from before them */
  roof_scenario_set_frontier_y (back, ROOF_FRONTIER_PER_DEVICE);
  roof_scenario_set_frontier_linear (back, FALSE);
  g_autoptr (JsonNode) doc2 = roof_scenario_to_json (back, catalog);
  chart = json_object_get_object_member (json_node_get_object (doc2), "chart");
  g_assert_false (json_object_has_member (chart, "frontier_y"));
  g_assert_false (json_object_has_member (chart, "frontier_linear"));
}

/* A file from before them: the defaults, nothing written. */
static void
test_old_file (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) s = load (catalog, HEAD ", \"chart\": {\"kind\": \"pareto\"}}", &error);
  g_assert_no_error (error);
  g_assert_cmpint (roof_scenario_get_frontier_y (s), ==, ROOF_FRONTIER_PER_DEVICE);
  g_assert_false (roof_scenario_get_frontier_linear (s));
  g_autoptr (JsonNode) doc = roof_scenario_to_json (s, catalog);
  JsonObject *chart = json_object_get_object_member (json_node_get_object (doc), "chart");
  g_assert_false (json_object_has_member (chart, "frontier_y"));
  g_assert_false (json_object_has_member (chart, "frontier_linear"));
}

/* Bad values: one message naming the file and the field. */
static void
test_refused (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  static const char *const bad[] = {
    HEAD ", \"chart\": {\"frontier_y\": \"furlongs\"}}",
    HEAD ", \"chart\": {\"frontier_linear\": \"yes\"}}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (RoofScenario) s = load (catalog, bad[i], &error);
      g_assert_null (s);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "s.json"));
      g_assert_nonnull (strstr (error->message, i == 0 ? "frontier_y" : "frontier_linear"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scenario/chart/setters", test_setters);
  g_test_add_func ("/scenario/chart/round-trip", test_round_trip);
  g_test_add_func ("/scenario/chart/old-file", test_old_file);
  g_test_add_func ("/scenario/chart/refused", test_refused);
  return g_test_run ();
}
