/* test-catalog-fuzz.c — what fuzz-catalog and fuzz-scenario found
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each case is a fuzzer's input, cut down by hand to what triggers it
 * (docs/reliability.md). All of them broke the same promise: a file that
 * loads, saved by the app, loads again with the same values. Each is now
 * refused when read, with a message saying where.
 */
#include "config.h"

#include <string.h>

#include "roof-catalog-private.h"
#include "roof-json.h"
#include "roof-scenario.h"

#define HEAD "{ \"format\": \"roofline-catalog\", \"version\": 1, "

/* A valid device with `name`, and `extra` members. */
#define DEVICE(name, extra)                                                                       \
  "{ \"id\": \"x\", \"name\": \"" name "\", "                                                     \
  "\"memory\": { \"capacity_GB\": 8, \"bandwidth_GBps\": 100 }, "                                 \
  "\"compute_TFLOPS\": { \"bf16\": 10 }" extra " }"

#define SCENARIO(extra)                                                                           \
  "{ \"format\": \"roofline-scenario\", \"version\": 1, \"hardware\": [\"nvidia-h100-sxm\"], "    \
  "\"model\": \"llama-3.1-70b\"" extra " }"

static void
expect_refused (const char *text, RoofCatalogError code, const char *message)
{
  g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
  g_autoptr (GError) error = NULL;

  g_assert_false (roof_catalog_load_data (catalog, text, -1, "fuzz.json", NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, (int) code);
  if (strstr (error->message, message) == NULL)
    g_error ("message \"%s\" does not contain \"%s\"", error->message, message);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, 0);
}

/* Loads `text`, saves it as the app does, loads that: the same by value. */
static void
expect_round_trip (const char *text)
{
  g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
  g_autoptr (RoofCatalog) again = roof_catalog_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) hardware = g_ptr_array_new_with_free_func (g_object_unref);

  g_assert_true (roof_catalog_load_data (catalog, text, -1, "fuzz.json", NULL, &error));
  g_assert_no_error (error);
  g_ptr_array_add (hardware, g_list_model_get_item (roof_catalog_get_hardware (catalog), 0));

  g_autoptr (JsonNode) doc = roof_catalog_build_document (hardware, NULL);
  g_autofree char *saved = roof_json_to_string (doc, TRUE);
  g_assert_true (roof_catalog_load_data (again, saved, -1, "saved.json", NULL, &error));
  g_assert_no_error (error);

  g_autoptr (RoofSpec) a = g_list_model_get_item (roof_catalog_get_hardware (catalog), 0);
  g_autoptr (RoofSpec) b = g_list_model_get_item (roof_catalog_get_hardware (again), 0);
  g_autoptr (JsonObject) ja = roof_spec_to_json (a);
  g_autoptr (JsonObject) jb = roof_spec_to_json (b);
  g_assert_true (roof_json_object_equal (ja, jb));
}

/* "\ud800" followed by anything but a low surrogate: json-glib 1.6 stores the
 * bytes ED A0 80, which are not UTF-8; the saved file was refused ("JSON data
 * must be UTF-8 encoded"). A proper pair is a character and round-trips. */
static void
test_lone_surrogate (void)
{
  expect_refused (HEAD "\"hardware\": [\n" DEVICE ("\\ud800x", "") "] }",
                  ROOF_CATALOG_ERROR_PARSE,
                  "fuzz.json:2:23: \\ud800 is half of a UTF-16 surrogate pair");
  expect_refused (HEAD "\"hardware\": [" DEVICE ("a\\udc00", "") "] }", ROOF_CATALOG_ERROR_PARSE,
                  "\\udc00 is half of a UTF-16 surrogate pair");
  expect_refused (HEAD "\"hardware\": [" DEVICE ("\\ud800\\u0041", "") "] }",
                  ROOF_CATALOG_ERROR_PARSE, "\\ud800 is half");
  /* an escaped backslash before "u" is no escape */
  expect_round_trip (HEAD "\"hardware\": [" DEVICE ("\\\\ud800", "") "] }");
  expect_round_trip (HEAD "\"hardware\": [" DEVICE ("\\ud83d\\ude00 \\u00e9", "") "] }");
}

/* "\ud8na": json-glib reads the two hex digits there are as U+D800. */
static void
test_short_unicode_escape (void)
{
  expect_refused (HEAD "\"hardware\": [" DEVICE ("\\ud8na", "") "] }", ROOF_CATALOG_ERROR_PARSE,
                  "\\u must be followed by four hex digits");
  expect_refused (HEAD "\"hardware\": [" DEVICE ("\\u12g4", "") "] }", ROOF_CATALOG_ERROR_PARSE,
                  "\\u must be followed by four hex digits");
}

/* "\333": json-glib's scanner reads octal escapes, here the byte DB alone,
 * which once reached the catalog as text that is not UTF-8. Octal escapes are
 * not JSON: the scan before parsing refuses them where they stand. */
static void
test_octal_escape (void)
{
  expect_refused (HEAD "\"hardware\": [" DEVICE ("x", ", \"note\\333\": 1") "] }",
                  ROOF_CATALOG_ERROR_PARSE,
                  "\\333 is not a JSON escape (write \\u and four hex digits)");
  expect_refused (HEAD "\"hardware\": [" DEVICE ("\\333", "") "] }", ROOF_CATALOG_ERROR_PARSE,
                  "\\333 is not a JSON escape (write \\u and four hex digits)");
}

/* 1e999 in an unknown field: kept unchecked, then saved as null. */
static void
test_infinity_in_unknown_field (void)
{
  expect_refused (HEAD "\"hardware\": [" DEVICE ("x", ", \"extra\": { \"a\": [1, -1e999] }") "] }",
                  ROOF_CATALOG_ERROR_INVALID, "fuzz.json: hardware[0].extra.a[1] must be finite, "
                                              "got -inf");

  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_assert_no_error (error);
  g_autoptr (RoofScenario) scenario
    = roof_scenario_load_data (SCENARIO (", \"workload\": { \"sensitivity_ge\": [11e99928, 1] }"),
                               -1, "fuzz.roofline", catalog, NULL, &error);
  g_assert_null (scenario);
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "fuzz.roofline: workload.sensitivity_ge[0] must be finite, got inf");

  /* known fields keep their own message */
  expect_refused (HEAD "\"hardware\": [" DEVICE ("x", ", \"tdp_W\": 1e999") "] }",
                  ROOF_CATALOG_ERROR_INVALID, "hardware[0] \"x\": tdp_W must be finite, got inf");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/catalog/fuzz/lone-surrogate", test_lone_surrogate);
  g_test_add_func ("/catalog/fuzz/short-unicode-escape", test_short_unicode_escape);
  g_test_add_func ("/catalog/fuzz/octal-escape", test_octal_escape);
  g_test_add_func ("/catalog/fuzz/infinity-in-unknown-field", test_infinity_in_unknown_field);
  return g_test_run ();
}
