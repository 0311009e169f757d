/* test-catalog-persistence.c — number text, saving, and round trips by value
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Saved files are compared by value after reading them back, never as text
 * against json-glib's own output (it writes 0.1 as 0.10000000000000001).
 */
#include "config.h"

#include "catalog-test-util.h"

#include <float.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "roof-file-save.h"
#include "roof-json.h"
#include "roof-scenario.h"
#include "roof-test-util.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static gboolean node_equal (JsonNode *a, JsonNode *b);

static gboolean
is_number (JsonNode *n)
{
  return JSON_NODE_HOLDS_VALUE (n)
         && (json_node_get_value_type (n) == G_TYPE_INT64
             || json_node_get_value_type (n) == G_TYPE_DOUBLE);
}

static double
number (JsonNode *n)
{
  return json_node_get_value_type (n) == G_TYPE_INT64 ? (double) json_node_get_int (n)
                                                      : json_node_get_double (n);
}

static gboolean
object_equal (JsonObject *a, JsonObject *b)
{
  g_autoptr (GList) members = json_object_get_members (a);

  if (json_object_get_size (a) != json_object_get_size (b))
    return FALSE;
  for (GList *l = members; l != NULL; l = l->next)
    if (!json_object_has_member (b, l->data)
        || !node_equal (json_object_get_member (a, l->data), json_object_get_member (b, l->data)))
      {
        g_test_message ("member \"%s\" differs", (char *) l->data);
        return FALSE;
      }
  return TRUE;
}

/* By value: 1 == 1.0, member order ignored, array order kept. */
static gboolean
node_equal (JsonNode *a, JsonNode *b)
{
  if (is_number (a) && is_number (b))
    return number (a) == number (b) && signbit (number (a)) == signbit (number (b));
  if (JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
    return FALSE;
  switch (JSON_NODE_TYPE (a))
    {
    case JSON_NODE_OBJECT:
      return object_equal (json_node_get_object (a), json_node_get_object (b));
    case JSON_NODE_ARRAY:
      {
        JsonArray *x = json_node_get_array (a), *y = json_node_get_array (b);

        if (json_array_get_length (x) != json_array_get_length (y))
          return FALSE;
        for (guint i = 0; i < json_array_get_length (x); i++)
          if (!node_equal (json_array_get_element (x, i), json_array_get_element (y, i)))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (a) != json_node_get_value_type (b))
        return FALSE;
      if (json_node_get_value_type (a) == G_TYPE_STRING)
        return g_strcmp0 (json_node_get_string (a), json_node_get_string (b)) == 0;
      return json_node_get_boolean (a) == json_node_get_boolean (b);
    case JSON_NODE_NULL:
    default:
      return TRUE;
    }
}

static JsonNode *
parse (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static JsonNode *
parse_file (GFile *file)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_file_load_contents (file, NULL, &text, NULL, NULL, &error);
  g_assert_no_error (error);
  return parse (text);
}

static void
assert_hardware_equal (RoofHardwareSpec *a, RoofHardwareSpec *b)
{
  g_autoptr (JsonObject) x = roof_spec_to_json (ROOF_SPEC (a));
  g_autoptr (JsonObject) y = roof_spec_to_json (ROOF_SPEC (b));
  const RoofHardwareParams *p = roof_hardware_spec_get_params (a);
  const RoofHardwareParams *q = roof_hardware_spec_get_params (b);

  g_assert_true (object_equal (x, y));
  g_assert_cmpfloat (p->mem_bw, ==, q->mem_bw);
  g_assert_cmpfloat (p->mem_capacity, ==, q->mem_capacity);
  g_assert_cmpfloat (p->link_bw, ==, q->link_bw);
  g_assert_cmpfloat (p->price_per_hour, ==, q->price_per_hour);
  for (int i = 0; i < ROOF_PREC_COUNT; i++)
    g_assert_cmpfloat (p->peak_flops[i], ==, q->peak_flops[i]);
}

static void
assert_model_equal (RoofModelSpec *a, RoofModelSpec *b)
{
  g_autoptr (JsonObject) x = roof_spec_to_json (ROOF_SPEC (a));
  g_autoptr (JsonObject) y = roof_spec_to_json (ROOF_SPEC (b));

  g_assert_true (object_equal (x, y));
  g_assert_cmpfloat (roof_model_spec_get_derived (a)->p_total, ==,
                     roof_model_spec_get_derived (b)->p_total);
  g_assert_cmpfloat (roof_model_spec_get_derived (a)->p_active, ==,
                     roof_model_spec_get_derived (b)->p_active);
}

static char *
make_tmpdir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("roof-persistence-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* ------------------------------------------------------------------------ */
/* Numbers                                                                  */

static void
test_format_double (void)
{
  static const struct
  {
    double value;
    const char *text;
  } cases[] = {
    { 0.1, "0.1" },
    { 1e-06, "1e-06" },
    { 70550000000.0, "70550000000" },
    { 70.55e9, "70550000000" },
    { 2.69, "2.69" },
    { 1e21, "1e+21" },
    { -0.0, "-0.0" },
    { 0.0, "0" },
    { 989.4, "989.4" },
    { 1978.9, "1978.9" },
    { 362.05, "362.05" },
    { 1e15, "1000000000000000" },
    { 9999999999999998.0, "9999999999999998" },
    { 1e16, "1e+16" },
    { 0.30000000000000004, "0.30000000000000004" },
    { 1.0 / 3.0, "0.3333333333333333" },
    { -3350, "-3350" },
    { 5e-324, "4.94065645841247e-324" }, /* 15 digits suffice for a denormal */
    { DBL_MAX, "1.7976931348623157e+308" },
    { 123456.789, "123456.789" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = roof_json_format_double (cases[i].value);
      g_autofree char *doc = g_strdup_printf ("[%s]", text);
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonNode) node = roof_json_parse (doc, -1, "n", &error);
      JsonNode *element;
      double back = g_ascii_strtod (text, NULL);

      g_assert_cmpstr (text, ==, cases[i].text);
      /* reads back to the same double, sign of zero included … */
      g_assert_true (back == cases[i].value);
      g_assert_cmpint (!!signbit (back), ==, !!signbit (cases[i].value));
      /* … also through json-glib */
      g_assert_no_error (error);
      element = json_array_get_element (json_node_get_array (node), 0);
      g_assert_true (number (element) == cases[i].value);
      g_assert_cmpint (!!signbit (number (element)), ==, !!signbit (cases[i].value));
    }

  {
    g_autofree char *nan_text = roof_json_format_double (NAN);
    g_autofree char *inf_text = roof_json_format_double (-INFINITY);
    GString *out = g_string_new ("x=");

    g_assert_cmpstr (nan_text, ==, "null");
    g_assert_cmpstr (inf_text, ==, "null");
    roof_json_append_double (out, 0.25);
    g_assert_cmpstr (out->str, ==, "x=0.25");
    g_string_free (out, TRUE);
  }
}

/* Random doubles: the text reads back exactly and is the shortest of
 * %.15g, %.16g and %.17g that does. */
static void
test_format_double_random (void)
{
  for (int i = 0; i < 200000; i++)
    {
      union
      {
        guint64 bits;
        double value;
      } u;
      g_autofree char *text = NULL;
      double v;

      u.bits = ((guint64) g_test_rand_int () << 32) | (guint32) g_test_rand_int ();
      v = (i % 2) ? u.value : g_test_rand_double_range (-1e6, 1e6);
      if (!isfinite (v))
        continue;
      text = roof_json_format_double (v);
      g_assert_true (g_ascii_strtod (text, NULL) == v);
      g_assert_null (strchr (text, ',')); /* locale-independent */
      if (strchr (text, 'e') == NULL && strchr (text, '.') == NULL)
        continue; /* an integer below 1e16 */
      {
        char shorter[64];
        int digits = 0;

        gboolean significant = FALSE;

        /* significant digits: from the first non-zero one */
        for (const char *p = text; *p && *p != 'e'; p++)
          {
            significant = significant || (*p >= '1' && *p <= '9');
            digits += significant && g_ascii_isdigit (*p);
          }
        if (digits > 15)
          {
            g_ascii_formatd (shorter, sizeof shorter, digits >= 17 ? "%.16g" : "%.15g", v);
            g_assert_true (g_ascii_strtod (shorter, NULL) != v);
          }
      }
    }
}

/* ------------------------------------------------------------------------ */
/* Writer                                                                   */

static void
test_writer (void)
{
  g_autoptr (JsonNode) node = parse ("{\"b\": [1, 2.5, {}, []], \"a\": {\"x\": null, \"y\": true},"
                                     " \"s\": \"q\\\"b\\\\s\\n\\t\\u0001é€\", \"z\": 0.1}");
  g_autofree char *pretty = roof_json_to_string (node, TRUE);
  g_autofree char *compact = roof_json_to_string (node, FALSE);

  g_assert_cmpstr (pretty, ==,
                   "{\n"
                   "  \"b\": [\n"
                   "    1,\n"
                   "    2.5,\n"
                   "    {},\n"
                   "    []\n"
                   "  ],\n"
                   "  \"a\": {\n"
                   "    \"x\": null,\n"
                   "    \"y\": true\n"
                   "  },\n"
                   "  \"s\": \"q\\\"b\\\\s\\n\\t\\u0001é€\",\n"
                   "  \"z\": 0.1\n"
                   "}\n");
  g_assert_cmpstr (compact, ==,
                   "{\"b\":[1,2.5,{},[]],\"a\":{\"x\":null,\"y\":true},"
                   "\"s\":\"q\\\"b\\\\s\\n\\t\\u0001é€\",\"z\":0.1}");

  /* reads back by value */
  {
    g_autoptr (JsonNode) back = parse (pretty);

    g_assert_true (node_equal (node, back));
  }
}

/* Integer literals json-glib 1.6 would wrap are read as the right double,
 * with line:column intact for later errors. */
static void
test_long_integers (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node
    = roof_json_parse ("[99999999999999999999, -18446744073709551616, 9223372036854775807,\n"
                       " 1000000000000000000000001, 1e5, 12345678901234567890123456789]",
                       -1, "n", &error);
  JsonArray *array;

  g_assert_no_error (error);
  array = json_node_get_array (node);
  g_assert_cmpfloat (number (json_array_get_element (array, 0)), ==, 1e20);
  g_assert_cmpfloat (number (json_array_get_element (array, 1)), ==, -18446744073709551616.0);
  g_assert_cmpfloat (number (json_array_get_element (array, 2)), ==, 9223372036854775807.0);
  /* 10^24 + 1 rounds to the double nearest 10^24 (they are 2^27 apart there) */
  g_assert_cmpfloat (number (json_array_get_element (array, 3)), ==, 1e24);
  g_assert_cmpfloat (number (json_array_get_element (array, 4)), ==, 1e5);
  g_assert_cmpfloat (number (json_array_get_element (array, 5)), ==,
                     12345678901234567890123456789.0);

  /* leading zeros are not JSON (json-glib would read 0070 as octal 56), in
   * a long literal too */
  g_clear_pointer (&node, json_node_unref);
  node = roof_json_parse ("[1,\n 00000000000000000000000001]", -1, "n", &error);
  g_assert_null (node);
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==,
                   "n:2:2: `00000000000000000000000001' is not a JSON number: a number must not "
                   "start with 0 (octal numbers are not JSON)");
  g_clear_error (&error);

  /* the position of a later syntax error is unchanged */
  g_clear_pointer (&node, json_node_unref);
  node = roof_json_parse ("[99999999999999999999999999999999 x]", -1, "n", &error);
  g_assert_null (node);
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "n:1:"));
  g_test_message ("%s", error->message);
}

/* ------------------------------------------------------------------------ */
/* Catalog files                                                            */

static void
test_save_builtin (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofCatalog) back = roof_catalog_new ();
  g_autoptr (GPtrArray) hardware = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) models = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (JsonNode) doc = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "nested", "deeper", "catalog.json", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  GListModel *list;

  list = roof_catalog_get_hardware (catalog);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    g_ptr_array_add (hardware, g_list_model_get_item (list, i));
  list = roof_catalog_get_models (catalog);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    g_ptr_array_add (models, g_list_model_get_item (list, i));
  doc = roof_catalog_build_document (hardware, models);

  /* missing parent directories are created */
  g_assert_true (roof_json_save_atomic (doc, file, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  g_assert_true (roof_catalog_load_file (back, file, warnings, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (back)), ==, 32);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_models (back)), ==, 23);
  for (guint i = 0; i < hardware->len; i++)
    {
      RoofHardwareSpec *a = g_ptr_array_index (hardware, i);
      g_autoptr (RoofHardwareSpec) b = g_list_model_get_item (roof_catalog_get_hardware (back), i);

      g_assert_cmpstr (roof_spec_get_id (ROOF_SPEC (a)), ==, roof_spec_get_id (ROOF_SPEC (b)));
      assert_hardware_equal (a, b);
    }
  for (guint i = 0; i < models->len; i++)
    {
      RoofModelSpec *a = g_ptr_array_index (models, i);
      g_autoptr (RoofModelSpec) b = g_list_model_get_item (roof_catalog_get_models (back), i);

      g_assert_cmpstr (roof_spec_get_id (ROOF_SPEC (a)), ==, roof_spec_get_id (ROOF_SPEC (b)));
      assert_model_equal (a, b);
    }

  /* the document as a whole, by value */
  {
    g_autoptr (JsonNode) reread = parse_file (file);

    g_assert_true (node_equal (doc, reread));
  }

  /* our writer: shortest numbers, a final newline */
  g_file_load_contents (file, NULL, &text, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (text, "}\n"));
  g_assert_nonnull (strstr (text, "\"params_total\": 70550000000,"));
  g_assert_nonnull (strstr (text, "\"price_usd_per_hour\": 2.69,"));
  g_assert_null (strstr (text, "0000000001"));

  /* saving again keeps the previous version as FILE~ */
  g_assert_true (roof_json_save_atomic (doc, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));

  roof_test_remove_tree (dir);
}

static const char custom_json[] =
  "{ \"format\": \"roofline-catalog\", \"version\": 1, \"generator\": \"hand\",\n"
  "  \"hardware\": [ { \"id\": \"my-npu\", \"name\": \"My NPU\", \"rack_units\": 2,\n"
  "    \"memory\": { \"capacity_GB\": 32.5, \"bandwidth_GBps\": 1000.1, \"ecc\": true },\n"
  "    \"caches\": [ { \"name\": \"SRAM\", \"capacity_MB\": 0.1, \"banks\": [1, 2] } ],\n"
  "    \"compute_TFLOPS\": { \"int8\": 400.3, \"fp16\": 0.1 },\n"
  "    \"price_usd_per_hour\": 0.3, \"sources\": [ \"me\" ] } ],\n"
  "  \"models\": [ { \"id\": \"tiny\", \"layers\": 2, \"hidden\": 64, \"heads\": 4,\n"
  "    \"kv_heads\": 4, \"ffn\": 256, \"vocab\": 1000, \"params_total\": 1.1e6,\n"
  "    \"training\": { \"tokens\": 1e12 } } ] }\n";

/* Unknown fields are warned about, kept, edited around and saved. */
static void
test_unknown_round_trip (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofCatalog) back = catalog_test_builtin ();
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) warnings_back = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) doc = NULL;
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "custom.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  RoofHardwareSpec *npu;

  g_assert_true (roof_catalog_load_data (catalog, custom_json, -1, "custom.json", warnings,
                                         &error));
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (warnings, 4), ==,
                   "custom.json: models[0] \"tiny\": unknown field \"training\" (kept, ignored)");

  npu = roof_catalog_find_hardware (catalog, "my-npu");
  g_assert_true (roof_spec_set_number (ROOF_SPEC (npu), "tdp_W", 75.5, &error));
  g_assert_true (roof_spec_set_number (
    ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-l4")), "price_usd_per_hour", 0.5,
    &error));
  g_assert_no_error (error);

  /* the custom entries and the modified built-in one */
  doc = roof_catalog_build_custom_document (catalog);
  g_assert_true (roof_json_save_atomic (doc, file, &error));
  g_assert_no_error (error);

  g_assert_true (roof_catalog_load_file (back, file, warnings_back, &error));
  g_assert_no_error (error);
  /* the same unknown fields (the top-level one is not entry data) */
  g_assert_cmpuint (warnings_back->len, ==, 4);
  assert_hardware_equal (npu, roof_catalog_find_hardware (back, "my-npu"));
  assert_hardware_equal (roof_catalog_find_hardware (catalog, "nvidia-l4"),
                         roof_catalog_find_hardware (back, "nvidia-l4"));
  assert_model_equal (roof_catalog_find_model (catalog, "tiny"),
                      roof_catalog_find_model (back, "tiny"));
  g_assert_true (roof_spec_has_field (ROOF_SPEC (roof_catalog_find_hardware (back, "my-npu")),
                                      "caches[0].banks"));
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (roof_catalog_find_model (back, "tiny")),
                                           "training.tokens", 0),
                     ==, 1e12);
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (roof_catalog_find_hardware (back, "my-npu")),
                                           "tdp_W", 0),
                     ==, 75.5);
  /* built-in entries that were not touched are not in the file */
  {
    g_autoptr (JsonNode) saved = parse_file (file);
    JsonObject *root = json_node_get_object (saved);

    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "hardware")), ==,
                      2);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "models")), ==, 1);
  }

  roof_test_remove_tree (dir);
}

/* ------------------------------------------------------------------------ */
/* Scenarios                                                                */

static void
assert_workload_equal (const RoofWorkload *a, const RoofWorkload *b)
{
  g_assert_cmpint (a->phase, ==, b->phase);
  g_assert_cmpfloat (a->batch, ==, b->batch);
  g_assert_cmpfloat (a->context, ==, b->context);
  g_assert_cmpfloat (a->prompt, ==, b->prompt);
  g_assert_cmpfloat (a->output, ==, b->output);
  g_assert_cmpint (a->weights, ==, b->weights);
  g_assert_cmpint (a->kv, ==, b->kv);
  g_assert_cmpint (a->activations, ==, b->activations);
  g_assert_cmpint (a->compute, ==, b->compute);
  g_assert_cmpfloat (a->bytes_per_weight, ==, b->bytes_per_weight);
  g_assert_cmpfloat (a->attention_span, ==, b->attention_span);
  g_assert_cmpfloat (a->devices, ==, b->devices);
  g_assert_cmpint (a->overlap, ==, b->overlap);
  g_assert_cmpfloat (a->overhead, ==, b->overhead);
}

static void
assert_scenario_equal (RoofScenario *a, RoofScenario *b)
{
  double lo1, hi1, lo2, hi2;

  g_assert_true (g_strv_equal (roof_scenario_get_hardware (a), roof_scenario_get_hardware (b)));
  g_assert_cmpstr (roof_scenario_get_model (a), ==, roof_scenario_get_model (b));
  assert_workload_equal (roof_scenario_get_workload (a), roof_scenario_get_workload (b));
  g_assert_cmpfloat (roof_scenario_get_sla (a)->itl, ==, roof_scenario_get_sla (b)->itl);
  g_assert_cmpfloat (roof_scenario_get_sla (a)->ttft, ==, roof_scenario_get_sla (b)->ttft);
  g_assert_cmpfloat (roof_scenario_get_sla (a)->tokens_per_s, ==,
                     roof_scenario_get_sla (b)->tokens_per_s);
  g_assert_cmpint (roof_scenario_get_chart (a), ==, roof_scenario_get_chart (b));
  g_assert_cmpuint (roof_scenario_get_ceilings (a), ==, roof_scenario_get_ceilings (b));
  g_assert_cmpfloat (roof_scenario_get_sensitivity_step (a), ==,
                     roof_scenario_get_sensitivity_step (b));
  roof_scenario_get_batch_range (a, &lo1, &hi1);
  roof_scenario_get_batch_range (b, &lo2, &hi2);
  g_assert_cmpfloat (lo1, ==, lo2);
  g_assert_cmpfloat (hi1, ==, hi2);
  roof_scenario_get_context_range (a, &lo1, &hi1);
  roof_scenario_get_context_range (b, &lo2, &hi2);
  g_assert_cmpfloat (lo1, ==, lo2);
  g_assert_cmpfloat (hi1, ==, hi2);
}

static void
test_scenario_default (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  g_autoptr (RoofScenario) back = NULL;
  g_autoptr (JsonNode) doc = roof_scenario_to_json (scenario, catalog);
  g_autofree char *text = roof_json_to_string (doc, TRUE);
  g_autoptr (GError) error = NULL;
  const RoofWorkload *wl = roof_scenario_get_workload (scenario);
  RoofWorkload expected;
  double lo, hi;

  roof_workload_init (&expected);
  expected.devices = 2; /* 141 GB of weights fit on none of the three alone */
  assert_workload_equal (wl, &expected);
  g_assert_cmpstr (roof_scenario_get_hardware (scenario)[0], ==, "nvidia-h100-sxm");
  g_assert_cmpstr (roof_scenario_get_hardware (scenario)[1], ==, "nvidia-h200-sxm");
  g_assert_cmpstr (roof_scenario_get_hardware (scenario)[2], ==, "nvidia-a100-sxm-80gb");
  g_assert_null (roof_scenario_get_hardware (scenario)[3]);
  g_assert_cmpstr (roof_scenario_get_model (scenario), ==, "llama-3.1-70b");
  g_assert_cmpfloat (roof_scenario_get_sla (scenario)->itl, ==, 0.050);
  g_assert_cmpfloat (roof_scenario_get_sla (scenario)->ttft, ==, 0);
  g_assert_cmpint (roof_scenario_get_chart (scenario), ==, ROOF_PLOT_ROOFLINE);
  g_assert_cmpuint (roof_scenario_get_ceilings (scenario), ==,
                    (1u << ROOF_PREC_BF16) | (1u << ROOF_PREC_FP8));
  g_assert_cmpfloat (roof_scenario_get_sensitivity_step (scenario), ==, 0.01);
  roof_scenario_get_batch_range (scenario, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 1);
  g_assert_cmpfloat (hi, ==, 4096);
  roof_scenario_get_context_range (scenario, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 128);
  g_assert_cmpfloat (hi, ==, 131072);

  /* every entry is built-in: nothing embedded */
  g_assert_false (json_object_has_member (json_node_get_object (doc), "catalog"));
  /* written as version 2 (issue 12) */
  g_assert_true (g_str_has_prefix (text, "{\n  \"format\": \"roofline-scenario\",\n"
                                         "  \"version\": 2,\n"));
  g_assert_nonnull (strstr (text, "\"itl_ms\": 50,"));

  back = roof_scenario_load_data (text, -1, "default.json", catalog, NULL, &error);
  g_assert_no_error (error);
  assert_scenario_equal (scenario, back);
}

/* A minimal file: everything but the ids from the defaults; no SLA target. */
static void
test_scenario_minimal (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) scenario
    = roof_scenario_load_data ("{\"format\":\"roofline-scenario\",\"version\":1,"
                               "\"hardware\":[\"nvidia-l4\"],\"model\":\"llama-3.1-8b\"}",
                               -1, "min.json", NULL, NULL, &error);
  RoofWorkload expected;

  g_assert_no_error (error);
  roof_workload_init (&expected);
  assert_workload_equal (roof_scenario_get_workload (scenario), &expected);
  g_assert_cmpfloat (roof_scenario_get_sla (scenario)->itl, ==, 0);
  g_assert_cmpuint (roof_scenario_get_ceilings (scenario), ==,
                    (1u << ROOF_PREC_BF16) | (1u << ROOF_PREC_FP8));
}

static const char scenario_json[] =
  "{\n"
  "  \"format\": \"roofline-scenario\", \"version\": 1,\n"
  "  \"title\": \"NPU vs H100\",\n"
  "  \"hardware\": [ \"my-npu\", \"nvidia-h100-sxm\", \"nvidia-l4\" ],\n"
  "  \"model\": \"tiny\",\n"
  "  \"workload\": { \"phase\": \"prefill\", \"batch\": 4, \"context\": 2048, \"prompt\": 512,\n"
  "                \"output\": 64, \"weights\": \"fp8\", \"kv\": \"fp8\",\n"
  "                \"activations\": \"bf16\",\n"
  "                \"compute\": \"fp8\", \"bytes_per_weight\": 1.0625, \"devices\": 2,\n"
  "                \"overlap\": \"sum\", \"overhead_us\": 3, \"note\": \"measured\" },\n"
  "  \"sla\": { \"itl_ms\": 75, \"ttft_ms\": 1500.5, \"tokens_per_s\": 0.1 },\n"
  "  \"chart\": { \"kind\": \"cost\", \"ceilings\": [ \"fp8\", \"int8\" ], \"legend\": \"top\",\n"
  "             \"sensitivity_step\": 0.05, \"batch_range\": [ 2, 512 ],\n"
  "             \"context_range\": [ 256, 32768 ] },\n"
  "  \"ui\": { \"split\": 0.3, \"panels\": [ \"a\", \"b\" ] },\n"
  "  \"catalog\": {\n"
  "    \"hardware\": [\n"
  "      { \"id\": \"my-npu\", \"name\": \"My NPU\", \"memory\": { \"capacity_GB\": 32,\n"
  "        \"bandwidth_GBps\": 1000 }, \"compute_TFLOPS\": { \"fp8\": 400, \"int8\": 400 },\n"
  "        \"price_usd_per_hour\": 0.7, \"cooling\": \"air\" },\n"
  "      { \"id\": \"nvidia-h100-sxm\", \"name\": \"H100 (derated)\", \"memory\": {\n"
  "        \"capacity_GB\": 80, \"bandwidth_GBps\": 3000 },\n"
  "        \"compute_TFLOPS\": { \"fp8\": 1500 },\n"
  "        \"interconnect\": { \"bandwidth_GBps\": 450, \"latency_us\": 2 } } ],\n"
  "    \"models\": [ { \"id\": \"tiny\", \"layers\": 2, \"hidden\": 64, \"heads\": 4,\n"
  "      \"kv_heads\": 4, \"ffn\": 256, \"vocab\": 1000 } ]\n"
  "  }\n"
  "}\n";

static void
count_changed (RoofScenario *scenario, guint *count)
{
  (*count)++;
}

static void
test_scenario_round_trip (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofCatalog) fresh = catalog_test_builtin ();
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) warnings_back = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) scenario = NULL;
  g_autoptr (RoofScenario) back = NULL;
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "s.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  const RoofWorkload *wl;
  RoofWorkload edited;

  scenario = roof_scenario_load_data (scenario_json, -1, "s.json", catalog, warnings, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  for (guint i = 0; i < warnings->len; i++)
    g_test_message ("%s", (char *) g_ptr_array_index (warnings, i));
  g_assert_cmpuint (warnings->len, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==,
                   "s.json: unknown field \"title\" (kept, ignored)");
  g_assert_cmpstr (g_ptr_array_index (warnings, 1), ==,
                   "s.json: unknown field \"workload.note\" (kept, ignored)");
  g_assert_cmpstr (g_ptr_array_index (warnings, 4), ==,
                   "s.json: catalog.hardware[0] \"my-npu\": unknown field \"cooling\" "
                   "(kept, ignored)");

  wl = roof_scenario_get_workload (scenario);
  g_assert_cmpint (wl->phase, ==, ROOF_PHASE_PREFILL);
  g_assert_cmpint (wl->weights, ==, ROOF_PREC_FP8);
  g_assert_cmpint (wl->overlap, ==, ROOF_OVERLAP_SUM);
  g_assert_cmpfloat (wl->bytes_per_weight, ==, 1.0625);
  g_assert_cmpfloat (fabs (wl->overhead - 3e-6), <, 1e-20);
  g_assert_cmpfloat (fabs (roof_scenario_get_sla (scenario)->ttft - 1.5005), <, 1e-15);
  g_assert_cmpint (roof_scenario_get_chart (scenario), ==, ROOF_PLOT_COST);
  g_assert_cmpuint (roof_scenario_get_ceilings (scenario), ==,
                    (1u << ROOF_PREC_FP8) | (1u << ROOF_PREC_INT8));

  /* the embedded entries were overlaid */
  g_assert_nonnull (roof_catalog_find_hardware (catalog, "my-npu"));
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (roof_catalog_find_hardware (catalog,
                                                                              "nvidia-h100-sxm"))),
                   ==, "H100 (derated)");
  g_assert_nonnull (roof_catalog_find_model (catalog, "tiny"));

  /* edit the scenario and a built-in entry it uses */
  {
    guint changed = 0;

    g_signal_connect (scenario, "changed", G_CALLBACK (count_changed), &changed);
    edited = *wl;
    edited.batch = 8;
    edited.overhead = 12.5e-6;
    roof_scenario_set_workload (scenario, &edited);
    roof_scenario_set_workload (scenario, &edited); /* same: no signal */
    roof_scenario_set_chart (scenario, ROOF_PLOT_SENSITIVITY);
    roof_scenario_set_chart (scenario, ROOF_PLOT_SENSITIVITY);
    roof_scenario_set_ceilings (scenario, roof_scenario_get_ceilings (scenario));
    roof_scenario_set_context_range (scenario, 512, 65536);
    g_assert_cmpuint (changed, ==, 3);
  }
  g_assert_true (roof_spec_set_number (
    ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-l4")), "memory.bandwidth_GBps", 320,
    &error));
  g_assert_no_error (error);

  g_assert_true (roof_scenario_save_file (scenario, catalog, file, &error));
  g_assert_no_error (error);

  back = roof_scenario_load_file (file, fresh, warnings_back, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  assert_scenario_equal (scenario, back);
  g_assert_cmpfloat (roof_scenario_get_workload (back)->overhead, ==, 12.5e-6);
  g_assert_cmpuint (warnings_back->len, ==, warnings->len);
  for (guint i = 0; i < warnings->len; i++)
    {
      const char *w = g_ptr_array_index (warnings_back, i);

      g_assert_true (g_str_has_prefix (w, path));
      g_assert_cmpstr (w + strlen (path), ==,
                       (char *) g_ptr_array_index (warnings, i) + strlen ("s.json"));
    }

  /* the custom and modified entries it uses came along, by value */
  assert_hardware_equal (roof_catalog_find_hardware (catalog, "my-npu"),
                         roof_catalog_find_hardware (fresh, "my-npu"));
  assert_hardware_equal (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"),
                         roof_catalog_find_hardware (fresh, "nvidia-h100-sxm"));
  assert_hardware_equal (roof_catalog_find_hardware (catalog, "nvidia-l4"),
                         roof_catalog_find_hardware (fresh, "nvidia-l4"));
  assert_model_equal (roof_catalog_find_model (catalog, "tiny"),
                      roof_catalog_find_model (fresh, "tiny"));
  g_assert_cmpfloat (roof_hardware_spec_get_params (roof_catalog_find_hardware (fresh,
                                                                               "nvidia-l4"))
                       ->mem_bw,
                     ==, 320e9);

  /* unknown fields kept where they were */
  {
    g_autoptr (JsonNode) saved = parse_file (file);
    g_autoptr (JsonNode) original = parse (scenario_json);
    JsonObject *s = json_node_get_object (saved);
    JsonObject *o = json_node_get_object (original);
    JsonObject *embedded = json_object_get_object_member (s, "catalog");
    g_autoptr (GList) members = json_object_get_members (s);

    g_assert_true (node_equal (json_object_get_member (s, "ui"), json_object_get_member (o, "ui")));
    g_assert_cmpstr (json_object_get_string_member (s, "title"), ==, "NPU vs H100");
    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (s, "workload"),
                                                    "note"),
                     ==, "measured");
    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (s, "chart"),
                                                    "legend"),
                     ==, "top");
    /* members stay in the order of the file */
    g_assert_cmpstr (g_list_nth_data (members, 2), ==, "title");
    g_assert_cmpstr (g_list_nth_data (members, 3), ==, "hardware");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (embedded, "hardware")),
                      ==, 3);
    g_assert_cmpstr (json_object_get_string_member (embedded, "format"), ==, "roofline-catalog");
  }

  roof_test_remove_tree (dir);
}

/* Without a catalog the ids are not checked and the embedded catalog is
 * passed through untouched. */
static void
test_scenario_without_catalog (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) scenario
    = roof_scenario_load_data (scenario_json, -1, "s.json", NULL, NULL, &error);
  g_autoptr (JsonNode) doc = NULL;
  g_autoptr (JsonNode) original = parse (scenario_json);

  g_assert_no_error (error);
  doc = roof_scenario_to_json (scenario, NULL);
  g_assert_true (node_equal (json_object_get_member (json_node_get_object (doc), "catalog"),
                             json_object_get_member (json_node_get_object (original), "catalog")));
}

static void
test_scenario_setters (void)
{
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  static const char *const ids[] = { "nvidia-b200", NULL };
  guint changed = 0;
  RoofSla sla = *roof_scenario_get_sla (scenario);
  double lo, hi;

  g_signal_connect (scenario, "changed", G_CALLBACK (count_changed), &changed);
  roof_scenario_set_hardware (scenario, ids);
  roof_scenario_set_hardware (scenario, ids);
  g_assert_cmpstr (roof_scenario_get_hardware (scenario)[0], ==, "nvidia-b200");
  roof_scenario_set_model (scenario, "deepseek-v3");
  roof_scenario_set_model (scenario, "deepseek-v3");
  sla.ttft = 2;
  roof_scenario_set_sla (scenario, &sla);
  roof_scenario_set_sla (scenario, &sla);
  roof_scenario_set_sensitivity_step (scenario, 0.1);
  roof_scenario_set_sensitivity_step (scenario, 0.1);
  roof_scenario_set_batch_range (scenario, 4, 64);
  roof_scenario_set_batch_range (scenario, 4, 64);
  roof_scenario_set_ceilings (scenario, 1u << ROOF_PREC_FP4);
  g_assert_cmpuint (changed, ==, 6);
  roof_scenario_get_batch_range (scenario, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 4);
  g_assert_cmpfloat (hi, ==, 64);

  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    {
      RoofPlotKind back = ROOF_PLOT_COUNT;

      g_assert_true (roof_plot_kind_from_name (roof_plot_kind_name (k), &back));
      g_assert_cmpint (back, ==, k);
    }
  g_assert_null (roof_plot_kind_name (ROOF_PLOT_COUNT));
  g_assert_false (roof_plot_kind_from_name ("pie", NULL));
  g_assert_cmpstr (roof_plot_kind_name (ROOF_PLOT_TREND), ==, "trend");
}

/* ------------------------------------------------------------------------ */
/* Saving a file (docs/file-format.md): roof_file_save (), which every      */
/* writer of the app and the CLI goes through                               */

static void
write_with_mode (const char *path, const char *text, mode_t mode)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
}

static void
assert_contents (const char *path, const char *expected)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected);
}

static mode_t
mode_of (const char *path)
{
  struct stat st;

  g_assert_cmpint (g_lstat (path, &st), ==, 0);
  return st.st_mode & 07777;
}

static char *
link_target (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *target = g_file_read_link (path, &error);

  g_assert_no_error (error);
  return target;
}

/* The temporary files of a save left in `dir`: none, whatever happened. */
static guint
count_temporaries (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    n += g_str_has_prefix (name, ".roofline-");
  return n;
}

/* A link is written through: it stays a link to the same target, which
 * gets the new version, keeps its mode and has its backup beside it. */
static void
test_save_through_link (void)
{
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *real_dir = g_build_filename (dir, "real", NULL);
  g_autofree char *target = g_build_filename (real_dir, "catalog.json", NULL);
  g_autofree char *target_backup = g_strconcat (target, "~", NULL);
  g_autofree char *link = g_build_filename (dir, "link.json", NULL);
  g_autofree char *link_backup = g_strconcat (link, "~", NULL);
  g_autofree char *a = g_build_filename (dir, "a.json", NULL);
  g_autofree char *b = g_build_filename (dir, "b.json", NULL);
  g_autofree char *created = g_build_filename (real_dir, "new.json", NULL);
  g_autoptr (JsonNode) doc = roof_catalog_build_document (NULL, NULL);
  g_autofree char *text = roof_json_to_string (doc, TRUE);
  g_autoptr (GFile) file = g_file_new_for_path (link);
  g_autoptr (GError) error = NULL;
  g_autofree char *points_to = NULL;

  g_assert_cmpint (g_mkdir (real_dir, 0755), ==, 0);
  write_with_mode (target, "old", 0640);
  g_assert_cmpint (symlink ("real/catalog.json", link), ==, 0);

  g_assert_true (roof_json_save_atomic (doc, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  points_to = link_target (link);
  g_assert_cmpstr (points_to, ==, "real/catalog.json");
  assert_contents (target, text);
  g_assert_cmpint (mode_of (target), ==, 0640);
  assert_contents (target_backup, "old");
  g_assert_false (g_file_test (link_backup, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_temporaries (dir), ==, 0);
  g_assert_cmpuint (count_temporaries (real_dir), ==, 0);

  /* a chain of links whose last one dangles: the file is made at its end */
  g_assert_cmpint (symlink ("b.json", a), ==, 0);
  g_assert_cmpint (symlink (created, b), ==, 0);
  g_assert_true (roof_file_save (a, "new\n", 4, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (a, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (b, G_FILE_TEST_IS_SYMLINK));
  assert_contents (created, "new\n");

  roof_test_remove_tree (dir);
}

/* A file without write permission stays as it is, even for root, and the
 * message names it; a writable one keeps its mode. */
static void
test_save_read_only (void)
{
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "catalog.json", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *link = g_build_filename (dir, "link.json", NULL);
  g_autofree char *private = g_build_filename (dir, "private.json", NULL);
  g_autofree char *expected = g_strdup_printf ("cannot save %s: it is read-only", path);
  g_autofree char *expected_link
    = g_strdup_printf ("cannot save %s: it links to %s, which is read-only", link, path);
  g_autoptr (JsonNode) doc = roof_catalog_build_document (NULL, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  write_with_mode (path, "old", 0444);
  g_assert_false (roof_file_save (path, "new", 3, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_assert_cmpint (mode_of (path), ==, 0444);
  assert_contents (path, "old");
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_temporaries (dir), ==, 0);

  /* the JSON saver says the same, in the catalog's domain */
  g_assert_false (roof_json_save_atomic (doc, file, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  assert_contents (path, "old");

  /* through a link, naming both */
  g_assert_cmpint (symlink (path, link), ==, 0);
  g_assert_false (roof_file_save (link, "new", 3, NULL, &error));
  g_assert_cmpstr (error->message, ==, expected_link);
  g_clear_error (&error);
  assert_contents (path, "old");
  g_assert_cmpint (mode_of (path), ==, 0444);

  /* a writable file keeps its mode, not 0666 less the umask */
  write_with_mode (private, "old", 0600);
  g_assert_true (roof_file_save (private, "new", 3, NULL, &error));
  g_assert_no_error (error);
  assert_contents (private, "new");
  g_assert_cmpint (mode_of (private), ==, 0600);

  roof_test_remove_tree (dir);
}

/* Names up to the longest a folder allows: the temporary name does not grow
 * with NAME; NAME~ is kept while it fits, else the save goes on without it
 * and says so once. */
static void
test_save_long_names (void)
{
  static const guint lengths[] = { 248, 250, 254, 255 };
  g_autofree char *dir = make_tmpdir ();

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_autofree char *stem = g_strnfill (lengths[i] - strlen (".json"), 'n');
      g_autofree char *name = g_strconcat (stem, ".json", NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *backup = g_strconcat (path, "~", NULL);
      g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GError) error = NULL;

      g_assert_cmpuint (strlen (name), ==, lengths[i]);
      g_assert_true (roof_file_save (path, "one", 3, warnings, &error));
      g_assert_no_error (error);
      g_assert_true (roof_file_save (path, "two", 3, warnings, &error));
      g_assert_no_error (error);
      g_assert_true (roof_file_save (path, "three", 5, warnings, &error));
      g_assert_no_error (error);
      assert_contents (path, "three");
      g_assert_cmpuint (count_temporaries (dir), ==, 0);
      if (lengths[i] < 255)
        {
          assert_contents (backup, "two");
          g_assert_cmpuint (warnings->len, ==, 0);
        }
      else
        {
          g_autofree char *expected = g_strdup_printf (
            "saved %s without keeping the previous version: its name with a ~ would be longer "
            "than the 255 bytes a file name may have there",
            path);

          g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
          /* once, not at every save */
          g_assert_cmpuint (warnings->len, ==, 1);
          g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==, expected);
        }
    }
  roof_test_remove_tree (dir);
}

/* A folder named NAME~ is the user's: it is left alone and the file is
 * saved all the same, with one warning naming NAME~. */
static void
test_save_backup_is_folder (void)
{
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "catalog.json", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *inside = g_build_filename (backup, "mine.txt", NULL);
  g_autofree char *other = g_build_filename (dir, "other.json", NULL);
  g_autofree char *other_backup = g_strconcat (other, "~", NULL);
  g_autofree char *expected = g_strdup_printf (
    "saved %s without keeping the previous version: %s is a folder", path, backup);
  g_autofree char *pattern = g_strdup_printf (
    "saved %s without keeping the previous version: %s is a folder", other, other_backup);
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (JsonNode) doc = roof_catalog_build_document (NULL, NULL);
  g_autofree char *text = roof_json_to_string (doc, TRUE);
  g_autoptr (GFile) other_file = g_file_new_for_path (other);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir (backup, 0755), ==, 0);
  write_with_mode (inside, "keep", 0644);
  write_with_mode (path, "old", 0644);

  g_assert_true (roof_file_save (path, "new", 3, warnings, &error));
  g_assert_no_error (error);
  g_assert_true (roof_file_save (path, "newer", 5, warnings, &error));
  g_assert_no_error (error);
  assert_contents (path, "newer");
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_DIR));
  assert_contents (inside, "keep");
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==, expected);

  /* the JSON savers (the app's user catalog) warn through GLib, once: a
   * second warning would be fatal here */
  g_assert_cmpint (g_mkdir (other_backup, 0755), ==, 0);
  write_with_mode (other, "old", 0644);
  g_test_expect_message ("Roofline-FileIO", G_LOG_LEVEL_WARNING, pattern);
  g_assert_true (roof_json_save_atomic (doc, other_file, &error));
  g_assert_no_error (error);
  g_test_assert_expected_messages ();
  g_assert_true (roof_json_save_atomic (doc, other_file, &error));
  g_assert_no_error (error);
  assert_contents (other, text);
  g_assert_true (g_file_test (other_backup, G_FILE_TEST_IS_DIR));

  roof_test_remove_tree (dir);
}

static void
on_alarm (int signal_number)
{
  g_error ("a save blocked");
}

/* A folder, a pipe, a device: refused, never opened, left as they were. A
 * link to /dev/full (a full disk) is refused before anything is written,
 * and stays a link. */
static void
test_save_not_regular (void)
{
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *fifo = g_build_filename (dir, "pipe.json", NULL);
  g_autofree char *full = g_build_filename (dir, "full.json", NULL);
  g_autofree char *expected_dir = g_strdup_printf ("cannot save %s: it is a folder", dir);
  g_autofree char *expected_fifo = g_strdup_printf ("cannot save %s: it is a pipe", fifo);
  g_autofree char *expected_full
    = g_strdup_printf ("cannot save %s: it links to /dev/full, which is a device", full);
  g_autofree char *points_to = NULL;
  g_autoptr (GError) error = NULL;
  struct stat st;

  g_assert_false (roof_file_save (dir, "x", 1, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_assert_cmpstr (error->message, ==, expected_dir);
  g_clear_error (&error);

  /* opening a pipe for writing would wait for a reader */
  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  signal (SIGALRM, on_alarm);
  alarm (20);
  g_assert_false (roof_file_save (fifo, "x", 1, NULL, &error));
  alarm (0);
  g_assert_cmpstr (error->message, ==, expected_fifo);
  g_clear_error (&error);
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  g_assert_cmpint (symlink ("/dev/full", full), ==, 0);
  g_assert_false (roof_file_save (full, "x", 1, NULL, &error));
  g_assert_cmpstr (error->message, ==, expected_full);
  g_clear_error (&error);
  points_to = link_target (full);
  g_assert_cmpstr (points_to, ==, "/dev/full");
  g_assert_cmpuint (count_temporaries (dir), ==, 0);

  roof_test_remove_tree (dir);
}

/* A write that fails half-way (the disk full; here the file size limit,
 * which fails write () the same way) leaves the old version, no backup
 * and no temporary file, and names the user's file. */
static void
test_save_write_fails (void)
{
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "catalog.json", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *expected = g_strdup_printf ("cannot save %s: File too large", path);
  g_autofree char *big = g_strnfill (1 << 16, 'x');
  g_autoptr (GError) error = NULL;
  struct rlimit limit, small;
  void (*handler) (int);
  gboolean ok;

  write_with_mode (path, "old", 0644);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  small = limit;
  small.rlim_cur = 4096;
  handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  ok = roof_file_save (path, big, strlen (big), NULL, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  signal (SIGXFSZ, handler);

  g_assert_false (ok);
  g_assert_cmpstr (error->message, ==, expected);
  assert_contents (path, "old");
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_temporaries (dir), ==, 0);

  roof_test_remove_tree (dir);
}

static void
save_into_locked_folder (const char *path, const char *folder)
{
  g_autofree char *expected = g_strdup_printf (
    "cannot save %s: cannot create a file in %s: Permission denied", path, folder);
  g_autoptr (GError) error = NULL;

  g_assert_false (roof_file_save (path, "new", 3, NULL, &error));
  g_assert_cmpstr (error->message, ==, expected);
}

/* A folder the user cannot write to: a clear error, the file as it was.
 * Root writes anywhere, so as root the save runs as nobody. */
static void
test_save_read_only_folder (void)
{
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *folder = g_build_filename (dir, "locked", NULL);
  g_autofree char *path = g_build_filename (folder, "catalog.json", NULL);

  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  write_with_mode (path, "old", 0666);
  if (geteuid () == 0)
    {
      int status = 0;
      pid_t pid = fork ();

      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          if (setgid (65534) != 0 || setuid (65534) != 0)
            _exit (2);
          save_into_locked_folder (path, folder);
          _exit (0);
        }
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 0);
    }
  else
    {
      g_assert_cmpint (g_chmod (folder, 0555), ==, 0);
      save_into_locked_folder (path, folder);
      g_assert_cmpint (g_chmod (folder, 0755), ==, 0);
    }
  assert_contents (path, "old");
  g_assert_cmpint (mode_of (path), ==, 0666);
  g_assert_cmpuint (count_temporaries (folder), ==, 0);

  roof_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/catalog-persistence/format-double", test_format_double);
  g_test_add_func ("/catalog-persistence/format-double-random", test_format_double_random);
  g_test_add_func ("/catalog-persistence/writer", test_writer);
  g_test_add_func ("/catalog-persistence/long-integers", test_long_integers);
  g_test_add_func ("/catalog-persistence/save-builtin", test_save_builtin);
  g_test_add_func ("/catalog-persistence/unknown-fields", test_unknown_round_trip);
  g_test_add_func ("/catalog-persistence/scenario/default", test_scenario_default);
  g_test_add_func ("/catalog-persistence/scenario/minimal", test_scenario_minimal);
  g_test_add_func ("/catalog-persistence/scenario/round-trip", test_scenario_round_trip);
  g_test_add_func ("/catalog-persistence/scenario/without-catalog", test_scenario_without_catalog);
  g_test_add_func ("/catalog-persistence/scenario/setters", test_scenario_setters);
  g_test_add_func ("/catalog-persistence/save/through-link", test_save_through_link);
  g_test_add_func ("/catalog-persistence/save/read-only", test_save_read_only);
  g_test_add_func ("/catalog-persistence/save/long-names", test_save_long_names);
  g_test_add_func ("/catalog-persistence/save/backup-is-folder", test_save_backup_is_folder);
  g_test_add_func ("/catalog-persistence/save/not-regular", test_save_not_regular);
  g_test_add_func ("/catalog-persistence/save/write-fails", test_save_write_fails);
  g_test_add_func ("/catalog-persistence/save/read-only-folder", test_save_read_only_folder);

  return g_test_run ();
}
