/* test-catalog-errors.c — bad catalog and scenario files, refused clearly
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every case asserts the error code and the message (or the part of it that
 * names the file, the entry and the field).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "roof-catalog-private.h"
#include "roof-json.h"
#include "roof-scenario.h"

#define HEAD "{ \"format\": \"roofline-catalog\", \"version\": 1, "

/* A valid device plus `extra` members (json-glib keeps the last of two
 * members with the same name, so `extra` may also replace one). */
#define DEVICE(extra) \
  "{ \"id\": \"x\", \"name\": \"X\", " \
  "\"memory\": { \"capacity_GB\": 8, \"bandwidth_GBps\": 100 }, " \
  "\"compute_TFLOPS\": { \"bf16\": 10 }" extra " }"

#define MODEL(extra) \
  "{ \"id\": \"x\", \"layers\": 2, \"hidden\": 64, \"heads\": 4, \"kv_heads\": 4, \"ffn\": 256, " \
  "\"vocab\": 1000" extra " }"

/* Loads `text` as bad.json into an empty catalog; checks code and message,
 * and that nothing was added. */
static void
expect_error (const char *text, gssize length, RoofCatalogError code, const char *message)
{
  g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
  g_autoptr (GError) error = NULL;

  g_assert_false (roof_catalog_load_data (catalog, text, length, "bad.json", NULL, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, message) == NULL)
    g_error ("message \"%s\" does not contain \"%s\"", error->message, message);
  g_assert_error (error, ROOF_CATALOG_ERROR, (int) code);
  g_test_message ("%s", error->message);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_models (catalog)), ==, 0);
}

static void
expect_exact (const char *text, RoofCatalogError code, const char *message)
{
  g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
  g_autoptr (GError) error = NULL;

  g_assert_false (roof_catalog_load_data (catalog, text, -1, "bad.json", NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, (int) code);
  g_assert_cmpstr (error->message, ==, message);
}

/* ------------------------------------------------------------------------ */

static void
test_syntax (void)
{
  static const char no_comma[] = "{\n  \"format\": \"roofline-catalog\",\n  \"version\": 1\n"
                                 "  \"hardware\": []\n}\n";

  /* missing comma after the version: json-glib points just past the 1 */
  expect_error (no_comma, -1, ROOF_CATALOG_ERROR_PARSE, "bad.json:3:14: ");
  expect_error (no_comma, -1, ROOF_CATALOG_ERROR_PARSE, "expected character `,'");
  /* trailing comma */
  expect_error (HEAD "\"hardware\": [ " DEVICE ("") ", ] }", -1, ROOF_CATALOG_ERROR_PARSE,
                "bad.json:1:");
  expect_error ("{\n \"a\": 1,\n}", -1, ROOF_CATALOG_ERROR_PARSE, "bad.json:2:8: ");
  /* unterminated string, bare words */
  expect_error ("{ \"format\": \"roofline-catalog", -1, ROOF_CATALOG_ERROR_PARSE, "bad.json:1:");
  expect_error ("{ \"a\": NaN }", -1, ROOF_CATALOG_ERROR_PARSE, "bad.json:1:");
  /* not UTF-8 */
  expect_error ("{ \"a\": \"\xff\" }", -1, ROOF_CATALOG_ERROR_PARSE, "bad.json: ");
  /* empty */
  expect_exact ("", ROOF_CATALOG_ERROR_PARSE, "bad.json:1:1: the file is empty");
  expect_error ("  \n\t ", -1, ROOF_CATALOG_ERROR_PARSE, "the file is empty");
  expect_error (NULL, 0, ROOF_CATALOG_ERROR_PARSE, "the file is empty");
}

/* Loads `text` (of `length` bytes, or up to its NUL when -1) as bad.json,
 * expecting ROOF_CATALOG_ERROR_PARSE "bad.json:LINE:COLUMN: message" with
 * the line and column of the byte `at`, counted here. */
static void
expect_parse_error_at (const char *text, gssize length, gsize at, const char *message)
{
  g_autofree char *expected = NULL;
  guint line = 1;
  gsize line_start = 0;

  for (gsize i = 0; i < at; i++)
    if (text[i] == '\n')
      {
        line++;
        line_start = i + 1;
      }
  expected = g_strdup_printf ("bad.json:%u:%" G_GSIZE_FORMAT ": %s", line, at - line_start + 1,
                              message);
  {
    g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
    g_autoptr (GError) error = NULL;

    g_assert_false (roof_catalog_load_data (catalog, text, length, "bad.json", NULL, &error));
    g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE);
    g_assert_cmpstr (error->message, ==, expected);
    g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, 0);
  }
}

/* A catalog of one device whose memory capacity is written `number`, on the
 * third line. */
static char *
capacity_catalog (const char *number)
{
  return g_strdup_printf (HEAD "\n\"hardware\": [\n  " DEVICE (", \"memory\": { \"capacity_GB\": "
                                                           "%s, \"bandwidth_GBps\": 100 }") "\n] }",
                          number);
}

/* json-glib 1.6 read 0070 as 56, 010 as 8, 0x10 as 16 and 0b101 as 5: every
 * number token is now held to the JSON grammar, with line:column. */
static void
test_numbers (void)
{
  static const struct
  {
    const char *token;
    const char *problem;
  } bad[] = {
    { "0070", "a number must not start with 0 (octal numbers are not JSON)" },
    { "010", "a number must not start with 0 (octal numbers are not JSON)" },
    { "-01", "a number must not start with 0 (octal numbers are not JSON)" },
    { "00", "a number must not start with 0 (octal numbers are not JSON)" },
    { "01.5", "a number must not start with 0 (octal numbers are not JSON)" },
    { "0x10", "hexadecimal numbers are not JSON" },
    { "0X1F", "hexadecimal numbers are not JSON" },
    { "-0x10", "hexadecimal numbers are not JSON" },
    { "$10", "hexadecimal numbers are not JSON" },
    { "0b101", "binary numbers are not JSON" },
    { "1.", "a digit must follow the decimal point" },
    { "1.e3", "a digit must follow the decimal point" },
    { ".5", "a digit must come before the decimal point" },
    { "-.5", "a digit must come before the decimal point" },
    { "1e", "the exponent must have digits" },
    { "1e+", "the exponent must have digits" },
    { "-Infinity", "a digit must follow the minus sign" },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node = NULL;
  JsonArray *array;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = capacity_catalog (bad[i].token);
      g_autofree char *message = g_strdup_printf ("`%s' is not a JSON number: %s", bad[i].token,
                                                  bad[i].problem);
      /* the token's place, found as text */
      g_autofree char *member = g_strdup_printf ("\"capacity_GB\": %s,", bad[i].token);
      const char *at = strstr (text, member);

      g_assert_nonnull (at);
      expect_parse_error_at (text, -1, at - text + strlen ("\"capacity_GB\": "), message);
    }
  {
    /* "- 1" was -1; "1_000" and "1-2" say no more than that */
    g_autofree char *spaced = capacity_catalog ("- 1");
    g_autofree char *underscore = capacity_catalog ("1_000");
    g_autofree char *minus = capacity_catalog ("1-2");

    expect_parse_error_at (spaced, -1, strstr (spaced, "- 1") - spaced,
                           "`-' is not a JSON number: a digit must follow the minus sign");
    expect_parse_error_at (underscore, -1, strstr (underscore, "1_000") - underscore,
                           "`1_000' is not a JSON number");
    expect_parse_error_at (minus, -1, strstr (minus, "1-2") - minus, "`1-2' is not a JSON number");
  }
  /* anywhere: in an unknown member, in an array, at the top level */
  {
    static const char unknown[] = HEAD "\"hardware\": [ " DEVICE (", \"extra\": [1, 2, 0x10]") " ] }";
    static const char top[] = "010";

    expect_parse_error_at (unknown, -1, strstr (unknown, "0x10") - unknown,
                           "`0x10' is not a JSON number: hexadecimal numbers are not JSON");
    expect_parse_error_at (top, -1, 0, "`010' is not a JSON number: a number must not start "
                                       "with 0 (octal numbers are not JSON)");
  }
  /* bare words: json-glib refuses them itself, at their last character */
  expect_error ("{ \"a\":\n Infinity }", -1, ROOF_CATALOG_ERROR_PARSE,
                "bad.json:2:9: Parse error: unexpected identifier `Infinity'");
  expect_error ("{ \"a\": nan }", -1, ROOF_CATALOG_ERROR_PARSE,
                "bad.json:1:10: Parse error: unexpected identifier `nan'");

  /* what is JSON still reads, to the same values; numbers in strings,
   * member names and comments are no tokens */
  node = roof_json_parse ("[0, -0, 0.5, 10, 100, 1e5, 1E+05, 2.5e-3, 0e0, -1.5E2, 1e-0, 0.0,\n"
                          " \"0x10\", { \"010\": 7 } /* 0070 .5 0x */, 123456789012345678]",
                          -1, "n", &error);
  g_assert_no_error (error);
  array = json_node_get_array (node);
  {
    static const double values[] = { 0, 0, 0.5, 10, 100, 100000, 100000, 0.0025, 0, -150, 1, 0 };

    for (guint i = 0; i < G_N_ELEMENTS (values); i++)
      g_assert_cmpfloat (roof_json_node_get_number (json_array_get_element (array, i)), ==,
                         values[i]);
  }
  g_assert_cmpstr (json_node_get_string (json_array_get_element (array, 12)), ==, "0x10");
  g_assert_cmpint (json_object_get_int_member (
                     json_node_get_object (json_array_get_element (array, 13)), "010"),
                   ==, 7);
  g_assert_cmpint (json_node_get_int (json_array_get_element (array, 14)), ==,
                   G_GINT64_CONSTANT (123456789012345678));
}

/* "nvidia-h100-sxm\u0000-mine" passed the id rule as "nvidia-h100-sxm" and
 * silently replaced the built-in H100: json-glib cuts a string at a NUL.
 * Every NUL, escaped or raw, in any string or member name, is refused. */
static void
test_nul (void)
{
  static const char h100[] = HEAD "\"hardware\": [\n  " DEVICE (
    ", \"id\": \"nvidia-h100-sxm\\u0000-mine\", \"name\": \"Mine\"") " ] }";
  static const char key[] = HEAD "\"hardware\": [ " DEVICE (", \"no\\u0000tes\": \"\"") " ] }";
  static const char raw_in_string[] = HEAD "\"hardware\": [ " DEVICE (", \"name\": \"A\0B\"") " ] }";
  static const char raw_outside[] = HEAD "\n \0 \"hardware\": [] }";
  static const char escaped_backslash[] = HEAD "\"hardware\": [ " DEVICE (", \"notes\": "
                                                                          "\"C:\\\\u0000\"") " ] }";
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  guint n = g_list_model_get_n_items (roof_catalog_get_hardware (catalog));
  RoofHardwareSpec *spec;

  g_assert_no_error (error);
  g_assert_false (roof_catalog_load_data (catalog, h100, -1, "bad.json", NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "bad.json:2:"));
  g_clear_error (&error);
  spec = roof_catalog_find_hardware (catalog, "nvidia-h100-sxm");
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (spec)), ==, "NVIDIA H100 SXM5 80 GB");
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, n);

  expect_parse_error_at (h100, -1, strstr (h100, "\\u0000") - h100,
                         "\\u0000 (NUL) is not allowed in a string");
  expect_parse_error_at (key, -1, strstr (key, "\\u0000") - key,
                         "\\u0000 (NUL) is not allowed in a string");
  /* json-glib reads octal escapes too: \0, \000 and \400 (one byte) are NUL */
  for (guint i = 0; i < 3; i++)
    {
      static const char *const escapes[] = { "\\0", "\\000", "\\400" };
      g_autofree char *text = g_strdup_printf (HEAD "\"hardware\": [ " DEVICE (
                                                 ", \"name\": \"A%sB\"") " ] }",
                                               escapes[i]);
      g_autofree char *message = g_strdup_printf ("%s (NUL) is not allowed in a string",
                                                  escapes[i]);

      expect_parse_error_at (text, -1, strstr (text, escapes[i]) - text, message);
    }
  /* raw: json-glib said only "JSON data must be UTF-8 encoded" */
  expect_parse_error_at (raw_in_string, sizeof raw_in_string - 1,
                         strstr (raw_in_string, "\"A") + 2 - raw_in_string,
                         "a NUL character is not allowed in a string");
  expect_parse_error_at (raw_outside, sizeof raw_outside - 1, strlen (raw_outside),
                         "a NUL byte is not allowed in JSON text");
  /* an escaped backslash before u0000 is text */
  {
    g_autoptr (RoofCatalog) fine = roof_catalog_new ();

    g_assert_true (roof_catalog_load_data (fine, escaped_backslash, -1, "fine.json", NULL, &error));
    g_assert_no_error (error);
    spec = roof_catalog_find_hardware (fine, "x");
    g_assert_cmpstr (roof_spec_get_notes (ROOF_SPEC (spec)), ==, "C:\\u0000");
  }
  /* a scenario too */
  {
    static const char scenario[] = "{ \"format\": \"roofline-scenario\", \"version\": 1, "
                                   "\"hardware\": [], \"model\": \"llama-3.1-8b\\u0000x\" }";

    g_assert_null (roof_scenario_load_data (scenario, -1, "s.json", catalog, NULL, &error));
    g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE);
    g_assert_true (g_str_has_prefix (error->message, "s.json:1:"));
    g_assert_true (g_str_has_suffix (error->message, ": \\u0000 (NUL) is not allowed in a "
                                                     "string"));
  }
}

/* json-glib 1.6 also read what JSON's string grammar forbids: an unknown
 * escape lost its backslash ("\x41" became "x41"), an octal escape was a
 * byte ("\101" became "A"), a raw tab or line break stayed in the string, and
 * "{…} {…}" loaded its first value and dropped the rest. */
#define ESCAPES " (use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits)"

static void
test_strings_and_trailing_text (void)
{
  static const struct
  {
    const char *inside; /* the name's text, between its quotes */
    const char *message;
  } bad[] = {
    { "A\\x41", "\\x is not a JSON escape (use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four "
                "hex digits)" },
    { "A\\a", "\\a is not a JSON escape"
                ESCAPES },
    { "A\\'", "\\' is not a JSON escape"
                ESCAPES },
    { "A\\101", "\\101 is not a JSON escape (write \\u and four hex digits)" },
    { "A\\7", "\\7 is not a JSON escape (write \\u and four hex digits)" },
    { "A\tB", "a control character (U+0009) must be escaped inside a string" },
    { "A\nB", "a control character (U+000A) must be escaped inside a string" },
    { "A\x1b[31mB", "a control character (U+001B) must be escaped inside a string" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = g_strdup_printf (HEAD "\"hardware\": [ " DEVICE (
                                                 ", \"name\": \"%s\"") " ] }",
                                               bad[i].inside);
      /* the offending character: the backslash, or the raw control */
      const char *at = strstr (text, "\"A") + 2;

      expect_parse_error_at (text, -1, at - text, bad[i].message);
    }

  /* a second document after the first, and stray text */
  {
    static const char two[] = HEAD "\"hardware\": [] }\n{ \"hardware\": [] }";
    static const char stray[] = HEAD "\"hardware\": [] } x";

    expect_parse_error_at (two, -1, strrchr (two, '{') - two,
                           "text after the end of the JSON document");
    expect_parse_error_at (stray, -1, strlen (stray) - 1, "text after the end of the JSON document");
  }

  /* every escape JSON has still reads to its character; white space and a
   * comment may follow the document */
  {
    static const char fine_text[] = HEAD "\"hardware\": [ " DEVICE (
      ", \"notes\": \"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9\"") " ] }\n  /* end */\n";
    g_autoptr (RoofCatalog) fine = roof_catalog_new ();
    g_autoptr (GError) error = NULL;
    RoofHardwareSpec *spec;

    g_assert_true (roof_catalog_load_data (fine, fine_text, -1, "fine.json", NULL, &error));
    g_assert_no_error (error);
    spec = roof_catalog_find_hardware (fine, "x");
    g_assert_cmpstr (roof_spec_get_notes (ROOF_SPEC (spec)), ==,
                     "q\" b\\ s/ \b\f\n\r\t \xc3\xa9");
  }
}

/* json-glib takes 'single-quoted' strings, escapes undecoded */
static void
test_single_quotes (void)
{
  static const char text[] = "{ \"format\": \"roofline-catalog\",\n  'version': 1 }";

  expect_parse_error_at (text, -1, strchr (text, '\'') - text,
                         "strings must be in double quotes (\"…\"), not single ones");
  /* inside a string, a quote is a quote */
  expect_exact (HEAD "\"hardware\": [ " DEVICE (", \"name\": \"it's\", \"year\": 1") " ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] \"x\": year must be at least 1900, got 1");
}

static void
test_shape (void)
{
  expect_exact ("[1, 2]", ROOF_CATALOG_ERROR_FORMAT,
                "bad.json: a catalog must be a JSON object, got an array");
  expect_exact ("\"roofline-catalog\"", ROOF_CATALOG_ERROR_FORMAT,
                "bad.json: a catalog must be a JSON object, got a string");
  expect_exact ("{ \"version\": 1, \"hardware\": [] }", ROOF_CATALOG_ERROR_FORMAT,
                "bad.json: not a Roofline catalog: \"format\": \"roofline-catalog\" is missing");
  expect_exact ("{ \"format\": \"roofline-scenario\", \"version\": 1 }", ROOF_CATALOG_ERROR_FORMAT,
                "bad.json: not a Roofline catalog: \"format\" is \"roofline-scenario\", "
                "expected \"roofline-catalog\"");
  expect_error ("{ \"format\": 1, \"version\": 1 }", -1, ROOF_CATALOG_ERROR_FORMAT,
                "\"format\" must be the string \"roofline-catalog\", got a number");
  expect_exact ("{ \"format\": \"roofline-catalog\", \"hardware\": [] }", ROOF_CATALOG_ERROR_FORMAT,
                "bad.json: \"version\" is missing (this build reads version 2)");
  expect_error ("{ \"format\": \"roofline-catalog\", \"version\": \"1\" }", -1,
                ROOF_CATALOG_ERROR_FORMAT, "\"version\" must be a whole number, got a string");
  expect_error ("{ \"format\": \"roofline-catalog\", \"version\": 0.5 }", -1,
                ROOF_CATALOG_ERROR_FORMAT, "\"version\" must be a whole number from 1, got 0.5");
  expect_exact ("{ \"format\": \"roofline-catalog\", \"version\": 3, \"hardware\": [] }",
                ROOF_CATALOG_ERROR_VERSION,
                "bad.json: written by a newer Roofline (file version 3, this build reads 2)");
  expect_exact (HEAD "\"hardware\": {} }", ROOF_CATALOG_ERROR_FORMAT,
                "bad.json: hardware must be an array of entries, got an object");
  expect_exact (HEAD "\"hardware\": [ 3 ] }", ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] must be an object, got a number");
}

static void
test_types (void)
{
  expect_exact (HEAD "\"hardware\": [ { \"id\": \"x\", \"name\": \"X\", "
                "\"memory\": { \"capacity_GB\": \"80\", \"bandwidth_GBps\": 100 }, "
                "\"compute_TFLOPS\": {} } ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] \"x\": memory.capacity_GB must be a number, got a string");
  expect_exact (HEAD "\"hardware\": [ { \"id\": \"x\", \"name\": \"X\", \"memory\": 80, "
                "\"compute_TFLOPS\": {} } ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] \"x\": memory must be an object, got a number");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"price_usd_per_hour\": null") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "price_usd_per_hour must be a number, got null");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"tdp_W\": true") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "tdp_W must be a number, got a boolean");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"sources\": \"datasheet\"") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "sources must be an array of strings, got a string");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"sources\": [\"a\", 2]") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "sources[1] must be a string, got a number");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"caches\": {}") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "caches must be an array of objects, got an object");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"caches\": [ { \"name\": \"L2\" } ]") " ] }",
                -1, ROOF_CATALOG_ERROR_INVALID, "\"x\": caches[0].capacity_MB is required");
  expect_error (HEAD "\"hardware\": [ "
                DEVICE (", \"caches\": [ {\"name\": \"a\", \"capacity_MB\": 1}, "
                "{\"name\": \"b\", \"capacity_MB\": 1}, {\"name\": \"c\", \"capacity_MB\": 1}, "
                "{\"name\": \"d\", \"capacity_MB\": 1}, {\"name\": \"e\", \"capacity_MB\": 1} ]")
                " ] }",
                -1, ROOF_CATALOG_ERROR_INVALID, "caches has 5 levels, at most 4 are supported");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"kind\": \"fpga\"") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID,
                "kind must be one of gpu, tpu, asic, soc, cpu, other, got \"fpga\"");
  expect_exact (HEAD "\"models\": [ " MODEL (", \"attention\": \"xyz\"") " ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: models[0] \"x\": attention must be one of mha, gqa, mqa, mla, got "
                "\"xyz\"");
  expect_error (HEAD "\"models\": [ " MODEL (", \"ffn_gated\": \"yes\"") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "ffn_gated must be true or false, got a string");
  expect_exact (HEAD "\"models\": [ " MODEL (", \"max_context\": 4096.5") " ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: models[0] \"x\": max_context must be a whole number, got 4096.5");
  expect_error (HEAD "\"models\": [ " MODEL (", \"moe\": []") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "moe must be an object, got an array");
  /* ids */
  expect_exact (HEAD "\"hardware\": [ { \"id\": \"Bad Id\" } ] }", ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] \"Bad Id\": id must be 1 to 64 characters of a-z, 0-9, '.', "
                "'_' and '-', starting with a letter or digit, got \"Bad Id\"");
  expect_error (HEAD "\"hardware\": [ { \"id\": 7 } ] }", -1, ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0]: id must be a string, got a number");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"name\": \"  \"") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "name must not be empty");
}

static void
test_values (void)
{
  /* the message of the contract, on the fourth entry */
  expect_exact (HEAD "\"hardware\": [ "
                "{ \"id\": \"a\", \"name\": \"A\", \"memory\": { \"capacity_GB\": 8, "
                "\"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": {} }, "
                "{ \"id\": \"b\", \"name\": \"B\", \"memory\": { \"capacity_GB\": 8, "
                "\"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": {} }, "
                "{ \"id\": \"c\", \"name\": \"C\", \"memory\": { \"capacity_GB\": 8, "
                "\"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": {} }, "
                "{ \"id\": \"nvidia-h100-sxm\", \"name\": \"H\", "
                "\"memory\": { \"capacity_GB\": 80, "
                "\"bandwidth_GBps\": -1 }, \"compute_TFLOPS\": {} } ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[3] \"nvidia-h100-sxm\": "
                "memory.bandwidth_GBps must be > 0, got -1");
  expect_exact (HEAD "\"hardware\": [ { \"id\": \"x\", \"name\": \"X\", \"memory\": { "
                "\"capacity_GB\": 0, \"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": {} } ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] \"x\": memory.capacity_GB must be > 0, got 0");
  /* the capacity in GB or in GiB: exactly one (issue 12) */
  expect_exact (HEAD "\"hardware\": [ { \"id\": \"x\", \"name\": \"X\", \"memory\": { "
                "\"capacity_GB\": 80, \"capacity_GiB\": 80, \"bandwidth_GBps\": 100 }, "
                "\"compute_TFLOPS\": {} } ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] \"x\": memory.capacity_GB and memory.capacity_GiB are "
                "both given; give one of them");
  expect_exact (HEAD "\"hardware\": [ { \"id\": \"x\", \"name\": \"X\", \"memory\": { "
                "\"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": {} } ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] \"x\": memory.capacity_GB or memory.capacity_GiB is "
                "required");
  expect_exact (HEAD "\"hardware\": [ { \"id\": \"x\", \"name\": \"X\", \"memory\": { "
                "\"capacity_GiB\": -8, \"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": {} } ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] \"x\": memory.capacity_GiB must be > 0, got -8");
  /* 1e999 parses to inf */
  expect_exact (HEAD "\"hardware\": [ { \"id\": \"x\", \"name\": \"X\", \"memory\": { "
                "\"capacity_GB\": 1e999, \"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": {} } ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] \"x\": memory.capacity_GB must be finite, got inf");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"tdp_W\": -1e999") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "tdp_W must be finite, got -inf");
  expect_exact (HEAD "\"hardware\": [ { \"id\": \"x\", \"name\": \"X\", \"memory\": { "
                "\"capacity_GB\": 8, \"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": { "
                "\"bf16\": 1e300 } } ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] \"x\": "
                "compute_TFLOPS.bf16 must be at most 1e+07, got 1e+300");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"efficiency\": { \"memory\": 1.5 }") " ] }",
                -1, ROOF_CATALOG_ERROR_INVALID, "efficiency.memory must be at most 1, got 1.5");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"memory\": { \"capacity_GB\": 8, "
                "\"bandwidth_GBps\": 100, \"usable_fraction\": 0 }") " ] }",
                -1, ROOF_CATALOG_ERROR_INVALID, "memory.usable_fraction must be > 0, got 0");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"price_usd_per_hour\": -0.5") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "price_usd_per_hour must be at least 0, got -0.5");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"pcie_gen\": 7") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "pcie_gen must be at most 6, got 7");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"year\": 20240") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "year must be at most 2200, got 20240");
  expect_error (HEAD "\"models\": [ " MODEL (", \"layers\": 0") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "layers must be at least 1, got 0");
  /* an integer json-glib 1.6 would wrap to -1 */
  expect_exact (HEAD "\"models\": [ " MODEL (", \"params_total\": 99999999999999999999") " ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: models[0] \"x\": params_total must be at most 1e+15, got 1e+20");
  expect_error (HEAD "\"models\": [ " MODEL (", \"params_total\": -99999999999999999999") " ] }",
                -1, ROOF_CATALOG_ERROR_INVALID, "params_total must be > 0, got -1e+20");
  /* cross-field rules come from the solver */
  expect_exact (HEAD "\"models\": [ " MODEL (", \"kv_heads\": 3") " ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: models[0] \"x\": heads 4 must be a multiple of kv_heads 3");
  expect_error (HEAD "\"models\": [ "
                MODEL (", \"params_total\": 10, \"params_active\": 20") " ] }",
                -1, ROOF_CATALOG_ERROR_INVALID, "params_active 20 exceeds params_total 10");
  expect_error (HEAD "\"models\": [ " MODEL (", \"window_layers\": 1") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "window_layers is set but sliding_window is not");
}

static void
test_unknown_precision (void)
{
  expect_exact (HEAD "\"hardware\": [ " DEVICE (", \"compute_TFLOPS\": { \"fp12\": 3 }") " ] }",
                ROOF_CATALOG_ERROR_INVALID,
                "bad.json: hardware[0] \"x\": compute_TFLOPS: unknown precision \"fp12\" (valid: "
                "fp64, fp32, tf32, bf16, fp16, fp8, int8, int4, fp4)");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"compute_TFLOPS\": [ 3 ]") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "compute_TFLOPS must be an object");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"compute_TFLOPS\": { \"fp8\": \"fast\" }")
                " ] }",
                -1, ROOF_CATALOG_ERROR_INVALID,
                "compute_TFLOPS.fp8 must be a number, got a string");
}

/* `n` characters of "é" (two bytes each: limits count characters) */
static char *
text_of (gsize n)
{
  GString *out = g_string_new (NULL);

  for (gsize i = 0; i < n; i++)
    g_string_append (out, "é");
  return g_string_free (out, FALSE);
}

/* A catalog of one valid entry of `kind` with the string `value` at `path`
 * ("sources[1]": the second of two sources, "caches[0].name": a cache). */
static char *
entry_with_text (RoofEntryKind kind, const char *path, const char *value)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonNode) doc = NULL;
  JsonObject *entry;
  JsonNode *node;

  g_assert_true (json_parser_load_from_data (
    parser, kind == ROOF_ENTRY_HARDWARE ? HEAD "\"hardware\": [ " DEVICE ("") " ] }"
                                        : HEAD "\"models\": [ " MODEL ("") " ] }",
    -1, NULL));
  doc = json_node_copy (json_parser_get_root (parser));
  entry = json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (doc),
                                  kind == ROOF_ENTRY_HARDWARE ? "hardware" : "models"),
    0);
  if (g_str_has_prefix (path, "sources["))
    {
      JsonArray *sources = json_array_new ();

      json_array_add_string_element (sources, "a datasheet");
      json_array_add_string_element (sources, value);
      json_object_set_array_member (entry, "sources", sources);
    }
  else if (g_str_has_prefix (path, "caches["))
    {
      JsonArray *caches = json_array_new ();
      JsonObject *cache = json_object_new ();

      json_object_set_string_member (cache, "name", value);
      json_object_set_double_member (cache, "capacity_MB", 50);
      json_array_add_object_element (caches, cache);
      json_object_set_array_member (entry, "caches", caches);
    }
  else if (g_str_has_prefix (path, "interconnect."))
    {
      JsonObject *link = json_object_new ();

      json_object_set_string_member (link, "name", value);
      json_object_set_double_member (link, "bandwidth_GBps", 450);
      json_object_set_object_member (entry, "interconnect", link);
    }
  else if (g_str_has_prefix (path, "memory."))
    json_object_set_string_member (json_object_get_object_member (entry, "memory"), "type",
                                   value);
  else
    json_object_set_string_member (entry, path, value);
  node = json_node_init_object (json_node_alloc (), json_node_get_object (doc));
  {
    char *text = roof_json_to_string (node, FALSE);

    json_node_unref (node);
    return text;
  }
}

/* A name of 100 000 characters made `plot memory` take 47 s: every text
 * of an entry has a length limit, in characters. */
static void
test_text_length (void)
{
  static const struct
  {
    RoofEntryKind kind;
    const char *path;
    gsize limit;
  } fields[] = {
    { ROOF_ENTRY_HARDWARE, "name", 200 },
    { ROOF_ENTRY_HARDWARE, "vendor", 200 },
    { ROOF_ENTRY_HARDWARE, "arch", 200 },
    { ROOF_ENTRY_HARDWARE, "form_factor", 200 },
    { ROOF_ENTRY_HARDWARE, "memory.type", 200 },
    { ROOF_ENTRY_HARDWARE, "caches[0].name", 200 },
    { ROOF_ENTRY_HARDWARE, "interconnect.name", 200 },
    { ROOF_ENTRY_HARDWARE, "price_date", 200 },
    { ROOF_ENTRY_HARDWARE, "price_source", 2000 },
    { ROOF_ENTRY_HARDWARE, "sources[1]", 2000 },
    { ROOF_ENTRY_HARDWARE, "notes", 10000 },
    { ROOF_ENTRY_MODEL, "name", 200 },
    { ROOF_ENTRY_MODEL, "family", 200 },
    { ROOF_ENTRY_MODEL, "input", 200 },
    { ROOF_ENTRY_MODEL, "sources[1]", 2000 },
    { ROOF_ENTRY_MODEL, "notes", 10000 },
  };
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *at_limit = text_of (fields[i].limit);
      g_autofree char *over = text_of (fields[i].limit + 1);
      g_autofree char *good = entry_with_text (fields[i].kind, fields[i].path, at_limit);
      g_autofree char *bad = entry_with_text (fields[i].kind, fields[i].path, over);
      g_autofree char *message = g_strdup_printf (
        "bad.json: %s[0] \"x\": %s must be at most %" G_GSIZE_FORMAT " characters long, got %"
        G_GSIZE_FORMAT " characters",
        fields[i].kind == ROOF_ENTRY_HARDWARE ? "hardware" : "models", fields[i].path,
        fields[i].limit, fields[i].limit + 1);
      g_autoptr (RoofCatalog) catalog = roof_catalog_new ();

      g_test_message ("%s", fields[i].path);
      g_assert_true (roof_catalog_load_data (catalog, good, -1, "good.json", NULL, &error));
      g_assert_no_error (error);
      expect_exact (bad, ROOF_CATALOG_ERROR_INVALID, message);
    }

  /* the 100 000 characters of the report, in a name */
  {
    g_autofree char *huge = g_strnfill (100000, 'n');
    g_autofree char *text = entry_with_text (ROOF_ENTRY_MODEL, "name", huge);

    expect_exact (text, ROOF_CATALOG_ERROR_INVALID,
                  "bad.json: models[0] \"x\": name must be at most 200 characters long, got "
                  "100000 characters");
  }

  /* ids keep their rule, 1 to 64 characters; a long one is shown cut short */
  {
    g_autofree char *id64 = g_strnfill (64, 'a');
    g_autofree char *id65 = g_strnfill (65, 'a');
    g_autofree char *id_huge = g_strnfill (100000, 'a');
    g_autofree char *good = entry_with_text (ROOF_ENTRY_HARDWARE, "id", id64);
    g_autofree char *bad = entry_with_text (ROOF_ENTRY_HARDWARE, "id", id65);
    g_autofree char *huge = entry_with_text (ROOF_ENTRY_MODEL, "id", id_huge);
    g_autofree char *message = g_strdup_printf (
      "bad.json: hardware[0] \"%s…\": id must be 1 to 64 characters of a-z, 0-9, '.', '_' and "
      "'-', starting with a letter or digit, got \"%s…\"",
      id64, id64);
    g_autofree char *huge_message = g_strdup_printf (
      "bad.json: models[0] \"%s…\": id must be 1 to 64 characters of a-z, 0-9, '.', '_' and "
      "'-', starting with a letter or digit, got \"%s…\"",
      id64, id64);
    g_autoptr (RoofCatalog) catalog = roof_catalog_new ();

    g_assert_true (roof_catalog_load_data (catalog, good, -1, "good.json", NULL, &error));
    g_assert_no_error (error);
    g_assert_nonnull (roof_catalog_find_hardware (catalog, id64));
    expect_exact (bad, ROOF_CATALOG_ERROR_INVALID, message);
    expect_exact (huge, ROOF_CATALOG_ERROR_INVALID, huge_message);
  }

  /* an embedded entry of a scenario */
  {
    g_autofree char *name = text_of (201);
    g_autofree char *scenario = g_strdup_printf (
      "{ \"format\": \"roofline-scenario\", \"version\": 1, \"hardware\": [\"x\"], \"model\": "
      "\"llama-3.1-8b\", \"catalog\": { \"hardware\": [ " DEVICE (", \"name\": \"%s\"") " ] } }",
      name);
    g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);

    g_assert_no_error (error);
    g_assert_null (roof_scenario_load_data (scenario, -1, "s.json", catalog, NULL, &error));
    g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==,
                     "s.json: catalog.hardware[0] \"x\": name must be at most 200 characters long, "
                     "got 201 characters");
    g_clear_error (&error);
  }

  /* an edit of the app goes through the same check */
  {
    g_autofree char *text = entry_with_text (ROOF_ENTRY_HARDWARE, "name", "Mine");
    g_autofree char *at_limit = text_of (200);
    g_autofree char *over = text_of (201);
    g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
    RoofSpec *spec;

    g_assert_true (roof_catalog_load_data (catalog, text, -1, "good.json", NULL, &error));
    spec = ROOF_SPEC (roof_catalog_find_hardware (catalog, "x"));
    g_assert_false (roof_spec_set_string (spec, "name", over, &error));
    g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==,
                     "hardware \"x\": name must be at most 200 characters long, got 201 "
                     "characters");
    g_clear_error (&error);
    g_assert_cmpstr (roof_spec_get_name (spec), ==, "Mine");
    g_assert_true (roof_spec_set_string (spec, "name", at_limit, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (roof_spec_get_name (spec), ==, at_limit);
  }
}

static void
test_required (void)
{
  expect_exact (HEAD "\"models\": [ { \"id\": \"x\", \"hidden\": 64, \"heads\": 4, "
                "\"kv_heads\": 4, \"ffn\": 256, \"vocab\": 1000 } ] }",
                ROOF_CATALOG_ERROR_INVALID, "bad.json: models[0] \"x\": layers is required");
  expect_exact (HEAD "\"models\": [ { \"layers\": 2 } ] }", ROOF_CATALOG_ERROR_INVALID,
                "bad.json: models[0]: id is required");
  expect_error (HEAD "\"models\": [ " MODEL (", \"kind\": \"generic\"") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "flop_per_sample is required");
  expect_error (HEAD "\"models\": [ { \"id\": \"x\", \"layers\": 2, \"hidden\": 64, "
                "\"heads\": 4, \"ffn\": 256, \"vocab\": 1000 } ] }",
                -1, ROOF_CATALOG_ERROR_INVALID, "\"x\": kv_heads is required");
  expect_error (HEAD "\"models\": [ " MODEL (", \"attention\": \"mla\"") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "\"x\": mla.kv_lora_rank is required");
  expect_error (HEAD "\"models\": [ " MODEL (", \"moe\": { \"experts\": 8 }") " ] }", -1,
                ROOF_CATALOG_ERROR_INVALID, "\"x\": moe.experts_per_token is required");
  expect_exact (HEAD "\"hardware\": [ { \"id\": \"x\", \"memory\": { \"capacity_GB\": 8, "
                "\"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": {} } ] }",
                ROOF_CATALOG_ERROR_INVALID, "bad.json: hardware[0] \"x\": name is required");
  expect_error (HEAD "\"hardware\": [ { \"id\": \"x\", \"name\": \"X\", \"memory\": { "
                "\"capacity_GB\": 8, \"bandwidth_GBps\": 100 } } ] }",
                -1, ROOF_CATALOG_ERROR_INVALID, "\"x\": compute_TFLOPS is required");
  expect_error (HEAD "\"hardware\": [ " DEVICE (", \"interconnect\": { \"name\": \"NVLink\" }")
                " ] }",
                -1, ROOF_CATALOG_ERROR_INVALID, "\"x\": interconnect.bandwidth_GBps is required");
}

static void
test_duplicates (void)
{
  expect_exact (HEAD "\"hardware\": [ " DEVICE ("") ", "
                "{ \"id\": \"y\", \"name\": \"Y\", \"memory\": { \"capacity_GB\": 8, "
                "\"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": {} }, " DEVICE ("") " ] }",
                ROOF_CATALOG_ERROR_DUPLICATE,
                "bad.json: hardware[2] \"x\": duplicate id, also used by hardware[0]");
  expect_error (HEAD "\"models\": [ " MODEL ("") ", " MODEL ("") " ] }", -1,
                ROOF_CATALOG_ERROR_DUPLICATE,
                "models[1] \"x\": duplicate id, also used by models[0]");
}

static void
test_too_deep (void)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < 100000; i++)
    g_string_append_c (text, '[');
  for (int i = 0; i < 100000; i++)
    g_string_append_c (text, ']');
  expect_error (text->str, (gssize) text->len, ROOF_CATALOG_ERROR_TOO_LARGE,
                "bad.json:1:33: nested deeper than 32 levels");

  /* brackets inside strings and comments do not count */
  g_string_truncate (text, 0);
  g_string_append (text, "{ \"format\": \"roofline-catalog\", \"version\": 1, \"x\": \"");
  for (int i = 0; i < 1000; i++)
    g_string_append (text, "[{");
  g_string_append (text, "\" /* [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ */ }");
  {
    g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
    g_autoptr (GError) error = NULL;

    g_assert_true (roof_catalog_load_data (catalog, text->str, -1, "ok.json", NULL, &error));
    g_assert_no_error (error);
  }
  g_string_free (text, TRUE);

  /* 33 levels in an otherwise plausible file */
  text = g_string_new (HEAD "\"hardware\": [ " DEVICE (", \"x\": "));
  for (int i = 0; i < 31; i++)
    g_string_append_c (text, '[');
  for (int i = 0; i < 31; i++)
    g_string_append_c (text, ']');
  g_string_append (text, " } ] }");
  expect_error (text->str, -1, ROOF_CATALOG_ERROR_TOO_LARGE, "nested deeper than 32 levels");
  g_string_free (text, TRUE);
}

static void
test_too_large (void)
{
  gsize n = ROOF_CATALOG_MAX_FILE_SIZE + 16;
  char *text = g_malloc (n + 1);
  const char head[] = HEAD "\"notes\": \"";

  memcpy (text, head, strlen (head));
  memset (text + strlen (head), 'x', n - strlen (head) - 2);
  memcpy (text + n - 2, "\"}", 2);
  text[n] = '\0';
  expect_error (text, (gssize) n, ROOF_CATALOG_ERROR_TOO_LARGE,
                "bad.json: the file is 67108880 bytes, larger than the limit of 67108864 bytes");
  g_free (text);
}

static void
test_files (void)
{
  g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roof-catalog-XXXXXX", &error);
  g_autofree char *missing_path = g_build_filename (dir, "missing.json", NULL);
  g_autofree char *huge_path = g_build_filename (dir, "huge.json", NULL);
  g_autoptr (GFile) missing = g_file_new_for_path (missing_path);
  g_autoptr (GFile) huge = g_file_new_for_path (huge_path);
  int fd;

  g_assert_no_error (error);
  g_assert_false (roof_catalog_load_file (catalog, missing, NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, missing_path));
  g_clear_error (&error);

  /* a sparse file over the limit is refused unread */
  fd = g_open (huge_path, O_CREAT | O_WRONLY, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) ROOF_CATALOG_MAX_FILE_SIZE + 1), ==, 0);
  close (fd);
  g_assert_false (roof_catalog_load_file (catalog, huge, NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE);
  g_clear_error (&error);
  g_assert_null (roof_scenario_load_file (huge, NULL, NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE);

  g_unlink (huge_path);
  g_rmdir (dir);
}

/* roof_file_read_full () of `path`, expected to fail with `code` and exactly
 * `message` ("%s" is the path). */
static void
expect_read_error (const char *path,
                   RoofFileReadFlags flags,
                   gsize limit,
                   RoofCatalogError code,
                   const char *message)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *expected = g_strdup_printf (message, path);
  char *contents = NULL;
  gsize length = 0;

  g_assert_false (roof_file_read_full (file, flags, limit, 1000, &contents, &length, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, (int) code);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_null (contents);
}

/* What is not a regular file is refused before a byte is read, saying what
 * it is: /dev/zero once took 4 GB of memory, a FIFO blocked for ever. */
static void
test_file_kinds (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roof-kinds-XXXXXX", &error);
  g_autofree char *fifo = g_build_filename (dir, "fifo.json", NULL);
  g_autofree char *sock = g_build_filename (dir, "sock.json", NULL);
  g_autofree char *exact = g_build_filename (dir, "exact.json", NULL);
  g_autofree char *over = g_build_filename (dir, "over.json", NULL);
  g_autoptr (GFile) zero = g_file_new_for_path ("/dev/zero");
  g_autoptr (GFile) fifo_file = g_file_new_for_path (fifo);
  g_autoptr (GFile) dir_file = g_file_new_for_path (dir);
  g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  g_autofree char *text = g_strnfill (1000, ' ');
  char *contents = NULL;
  gsize length = 0;
  int s;

  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      RoofFileReadFlags flags = i == 0 ? ROOF_FILE_READ_REGULAR : ROOF_FILE_READ_ALLOW_PIPE;

      expect_read_error (dir, flags, 1000, ROOF_CATALOG_ERROR_IO, "%s: is a directory, not a file");
      expect_read_error ("/dev/zero", flags, 1000, ROOF_CATALOG_ERROR_IO,
                         "%s: is a character device, not a file");
      expect_read_error ("/dev/null", flags, 1000, ROOF_CATALOG_ERROR_IO,
                         "%s: is a character device, not a file");
    }

  /* a socket cannot even be opened */
  g_assert_cmpuint (strlen (sock), <, sizeof addr.sun_path);
  strcpy (addr.sun_path, sock);
  s = socket (AF_UNIX, SOCK_STREAM, 0);
  g_assert_cmpint (s, >=, 0);
  g_assert_cmpint (bind (s, (struct sockaddr *) &addr, sizeof addr), ==, 0);
  expect_read_error (sock, ROOF_FILE_READ_ALLOW_PIPE, 1000, ROOF_CATALOG_ERROR_IO,
                     "%s: is a socket, not a file");
  close (s);

  /* a FIFO only where a pipe is allowed; refused at once, no writer needed */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  expect_read_error (fifo, ROOF_FILE_READ_REGULAR, 1000, ROOF_CATALOG_ERROR_IO,
                     "%s: is a pipe (FIFO); only regular files are read here");

  /* the loaders read regular files only */
  g_assert_false (roof_catalog_load_file (catalog, zero, NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO);
  g_assert_cmpstr (error->message, ==, "/dev/zero: is a character device, not a file");
  g_clear_error (&error);
  g_assert_false (roof_catalog_load_file (catalog, dir_file, NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO);
  g_assert_true (g_str_has_suffix (error->message, ": is a directory, not a file"));
  g_clear_error (&error);
  g_assert_null (roof_scenario_load_file (fifo_file, catalog, NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO);
  g_assert_true (g_str_has_suffix (error->message, ": is a pipe (FIFO); only regular files are "
                                                   "read here"));
  g_clear_error (&error);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, 0);

  /* a regular file of the limit is read whole; one byte more is refused
   * unread, with its size */
  g_assert_true (g_file_set_contents (exact, text, 1000, NULL));
  g_assert_true (g_file_set_contents (over, text, 1000, NULL));
  s = g_open (over, O_WRONLY | O_APPEND, 0);
  g_assert_cmpint (write (s, "x", 1), ==, 1);
  close (s);
  {
    g_autoptr (GFile) file = g_file_new_for_path (exact);

    g_assert_true (roof_file_read_full (file, ROOF_FILE_READ_REGULAR, 1000, 1000, &contents,
                                        &length, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (length, ==, 1000);
    g_assert_cmpmem (contents, length, text, 1000);
    g_assert_cmpint (contents[length], ==, '\0');
    g_clear_pointer (&contents, g_free);
  }
  expect_read_error (over, ROOF_FILE_READ_REGULAR, 1000, ROOF_CATALOG_ERROR_TOO_LARGE,
                     "%s: the file is 1001 bytes, larger than the limit of 1000 bytes");

  g_unlink (exact);
  g_unlink (over);
  g_unlink (fifo);
  g_unlink (sock);
  g_rmdir (dir);
}

/* A file GIO reaches without a local path goes through a stream, with the
 * same checks: the built-in catalog as a resource:// file. */
static void
test_file_stream (void)
{
  static const char prefix[] = "/io/github/rooflinelab/Roofline/catalog";
  g_autofree char *uri = g_strconcat ("resource://", prefix, "/hardware.json", NULL);
  g_autofree char *dir_uri = g_strconcat ("resource://", prefix, NULL);
  g_autoptr (GFile) file = g_file_new_for_uri (uri);
  g_autoptr (GFile) dir = g_file_new_for_uri (dir_uri);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *path = g_strconcat (prefix, "/hardware.json", NULL);
  gsize length = 0;

  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_null (g_file_peek_path (file));

  g_assert_true (roof_file_read (file, ROOF_FILE_READ_REGULAR, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (contents, length, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_clear_pointer (&contents, g_free);

  /* over a limit just below its size: refused unread */
  g_assert_false (roof_file_read_full (file, ROOF_FILE_READ_REGULAR, g_bytes_get_size (bytes) - 1,
                                       1000, &contents, &length, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE);
  g_clear_error (&error);

  g_assert_false (roof_file_read (dir, ROOF_FILE_READ_ALLOW_PIPE, &contents, &length, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO);
  g_assert_true (g_str_has_suffix (error->message, ": is a directory, not a file"));
}

/* Fills a pipe with `n` bytes of `c` and closes its write end unless `keep`;
 * returns its read end and its /dev/fd path. */
static int
filled_pipe (gsize n, char c, gboolean keep, int *write_end, char **path)
{
  g_autofree char *data = g_strnfill (n, c);
  int fds[2];

  g_assert_cmpint (pipe (fds), ==, 0);
  /* 64 KiB fit in a pipe's buffer: no reader needed yet */
  g_assert_cmpuint (n, <=, 65536);
  g_assert_cmpint (write (fds[1], data, n), ==, (gssize) n);
  if (keep)
    *write_end = fds[1];
  else
    close (fds[1]);
  *path = g_strdup_printf ("/dev/fd/%d", fds[0]);
  return fds[0];
}

/* A pipe is read to its end, never more than the limit + 1 bytes of it, and
 * never waited for longer than the timeout. */
static void
test_file_pipes (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  char *contents = NULL;
  gsize length = 0;
  char rest[8192];
  gssize n;
  int r, w = -1;

  /* exactly the limit: read whole */
  r = filled_pipe (1000, 'a', FALSE, NULL, &path);
  {
    g_autoptr (GFile) file = g_file_new_for_path (path);
    g_autofree char *expected = g_strnfill (1000, 'a');

    g_assert_true (roof_file_read_full (file, ROOF_FILE_READ_ALLOW_PIPE, 1000, 1000, &contents,
                                        &length, &error));
    g_assert_no_error (error);
    g_assert_cmpmem (contents, length, expected, 1000);
    g_clear_pointer (&contents, g_free);
  }
  close (r);
  g_clear_pointer (&path, g_free);

  /* 5000 bytes against a limit of 1000: 1001 are read, the rest stays in
   * the pipe */
  r = filled_pipe (5000, 'b', FALSE, NULL, &path);
  expect_read_error (path, ROOF_FILE_READ_ALLOW_PIPE, 1000, ROOF_CATALOG_ERROR_TOO_LARGE,
                     "%s: the pipe gives more than the limit of 1000 bytes");
  n = read (r, rest, sizeof rest);
  g_assert_cmpint (n, ==, 5000 - 1001);
  close (r);
  g_clear_pointer (&path, g_free);

  /* a pipe is not a file where only files are read */
  r = filled_pipe (10, 'c', FALSE, NULL, &path);
  expect_read_error (path, ROOF_FILE_READ_REGULAR, 1000, ROOF_CATALOG_ERROR_IO,
                     "%s: is a pipe (FIFO); only regular files are read here");
  g_assert_cmpint (read (r, rest, sizeof rest), ==, 10);
  close (r);
  g_clear_pointer (&path, g_free);

  /* an empty pipe whose writer is gone is empty, at once */
  r = filled_pipe (0, 'd', FALSE, NULL, &path);
  {
    g_autoptr (GFile) file = g_file_new_for_path (path);

    g_assert_true (roof_file_read_full (file, ROOF_FILE_READ_ALLOW_PIPE, 1000, 60 * 1000,
                                        &contents, &length, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (length, ==, 0);
    g_assert_cmpstr (contents, ==, "");
    g_clear_pointer (&contents, g_free);
  }
  close (r);
  g_clear_pointer (&path, g_free);

  /* a writer that sends part and then nothing, without closing: given up
   * after the timeout */
  r = filled_pipe (10, 'e', TRUE, &w, &path);
  expect_read_error (path, ROOF_FILE_READ_ALLOW_PIPE, 1000, ROOF_CATALOG_ERROR_IO,
                     "%s: nothing came through the pipe for 1 s (does any process write to it?)");
  close (w);
  close (r);
}

typedef struct
{
  const char *path;
  const char *text;
} FifoWriter;

/* Opens the FIFO for writing once the reader is there, sends the text in
 * two parts with a pause between them, and closes it. */
static gpointer
fifo_writer (gpointer data)
{
  FifoWriter *fw = data;
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  gsize half = strlen (fw->text) / 2;
  int fd;

  g_usleep (100 * 1000);
  /* without a reader, a non-blocking open fails (ENXIO): wait for it */
  while ((fd = open (fw->path, O_WRONLY | O_NONBLOCK)) < 0 && errno == ENXIO
         && g_get_monotonic_time () < end)
    g_usleep (10 * 1000);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (fcntl (fd, F_SETFL, 0), ==, 0);
  g_assert_cmpint (write (fd, fw->text, half), ==, (gssize) half);
  g_usleep (100 * 1000);
  g_assert_cmpint (write (fd, fw->text + half, strlen (fw->text) - half), ==,
                   (gssize) (strlen (fw->text) - half));
  close (fd);
  return NULL;
}

/* A FIFO named by the user (mkfifo): read from its writer when one comes
 * within the timeout, refused when none does. */
static void
test_file_fifo (void)
{
  static const char text[] = HEAD "\"hardware\": [ " DEVICE ("") " ] }";
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roof-fifo-XXXXXX", &error);
  g_autofree char *fifo = g_build_filename (dir, "catalog.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (fifo);
  g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
  FifoWriter fw = { fifo, text };
  g_autofree char *contents = NULL;
  GThread *writer;
  gsize length = 0;

  g_assert_no_error (error);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  /* no process ever opens it for writing */
  expect_read_error (fifo, ROOF_FILE_READ_ALLOW_PIPE, 1000, ROOF_CATALOG_ERROR_IO,
                     "%s: nothing came through the pipe for 1 s (does any process write to it?)");

  /* a writer that comes after the reader, and pauses */
  writer = g_thread_new ("fifo-writer", fifo_writer, &fw);
  g_assert_true (roof_file_read_full (file, ROOF_FILE_READ_ALLOW_PIPE, ROOF_CATALOG_MAX_FILE_SIZE,
                                      5000, &contents, &length, &error));
  g_thread_join (writer);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, text);
  g_assert_true (roof_catalog_load_data (catalog, contents, (gssize) length, fifo, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (roof_catalog_find_hardware (catalog, "x"));

  g_unlink (fifo);
  g_rmdir (dir);
}

/* A failing file leaves a populated catalog exactly as it was. */
static void
test_all_or_nothing (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  RoofModelSpec *llama = roof_catalog_find_model (catalog, "llama-3.1-70b");

  g_assert_no_error (error);
  g_assert_false (roof_catalog_load_data (catalog,
                                          HEAD "\"models\": [ { \"id\": \"llama-3.1-70b\", "
                                          "\"kind\": \"generic\", \"flop_per_sample\": 1 }, "
                                          MODEL (", \"layers\": -3") " ] }",
                                          -1, "bad.json", NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
  g_assert_true (roof_catalog_find_model (catalog, "llama-3.1-70b") == llama);
  g_assert_true (roof_spec_get_builtin (ROOF_SPEC (llama)));
  g_assert_null (roof_catalog_find_model (catalog, "x"));
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_models (catalog)), ==, 23);
}

/* ------------------------------------------------------------------------ */
/* Scenarios                                                                */

#define SCENARIO "{ \"format\": \"roofline-scenario\", \"version\": 1, "

static void
expect_scenario_error (const char *text, RoofCatalogError code, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_autoptr (RoofScenario) scenario = NULL;

  g_assert_no_error (error);
  scenario = roof_scenario_load_data (text, -1, "s.json", catalog, NULL, &error);
  g_assert_null (scenario);
  g_assert_nonnull (error);
  if (strstr (error->message, message) == NULL)
    g_error ("message \"%s\" does not contain \"%s\"", error->message, message);
  g_assert_error (error, ROOF_CATALOG_ERROR, (int) code);
  /* nothing embedded was added */
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, 32);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_models (catalog)), ==, 23);
}

static void
test_scenario_errors (void)
{
  expect_scenario_error (SCENARIO "\"hardware\": [\"nvidia-h100-sxm\", \"h100\"], "
                         "\"model\": \"llama-3.1-70b\" }",
                         ROOF_CATALOG_ERROR_NOT_FOUND,
                         "s.json: no hardware with id \"h100\"; did you mean \"nvidia-h100-sxm\"?");
  expect_scenario_error (SCENARIO "\"hardware\": [], \"model\": \"llama-70b\" }",
                         ROOF_CATALOG_ERROR_NOT_FOUND, "s.json: no model with id \"llama-70b\"");
  /* an embedded custom entry may be named, but it must be valid */
  expect_scenario_error (SCENARIO "\"hardware\": [\"mine\"], \"model\": \"llama-3.1-70b\", "
                         "\"catalog\": { \"hardware\": [ { \"id\": \"mine\", \"name\": \"M\", "
                         "\"memory\": { \"capacity_GB\": 8, \"bandwidth_GBps\": 0 }, "
                         "\"compute_TFLOPS\": {} } ] } }",
                         ROOF_CATALOG_ERROR_INVALID,
                         "s.json: catalog.hardware[0] \"mine\": memory.bandwidth_GBps must be > 0, "
                         "got 0");
  /* a valid embedded entry is not added when the scenario fails */
  expect_scenario_error (SCENARIO "\"hardware\": [\"mine\", \"nope\"], "
                         "\"model\": \"llama-3.1-70b\", "
                         "\"catalog\": { \"hardware\": [ { \"id\": \"mine\", \"name\": \"M\", "
                         "\"memory\": { \"capacity_GB\": 8, \"bandwidth_GBps\": 10 }, "
                         "\"compute_TFLOPS\": {} } ] } }",
                         ROOF_CATALOG_ERROR_NOT_FOUND, "no hardware with id \"nope\"");
  expect_scenario_error (SCENARIO "\"hardware\": [\"nvidia-l4\"], \"model\": \"llama-3.1-8b\", "
                         "\"workload\": { \"batch\": 0 } }",
                         ROOF_CATALOG_ERROR_INVALID, "s.json: workload.batch must be > 0, got 0");
  expect_scenario_error (SCENARIO "\"hardware\": [\"nvidia-l4\"], \"model\": \"llama-3.1-8b\", "
                         "\"workload\": { \"devices\": 2.5 } }",
                         ROOF_CATALOG_ERROR_INVALID,
                         "s.json: workload.devices must be a whole number, got 2.5");
  expect_scenario_error (SCENARIO "\"hardware\": [\"nvidia-l4\"], \"model\": \"llama-3.1-8b\", "
                         "\"workload\": { \"kv\": \"fp6\" } }",
                         ROOF_CATALOG_ERROR_INVALID,
                         "s.json: workload.kv must be one of fp64, fp32, tf32, bf16, fp16, fp8, "
                         "int8, int4, fp4, got \"fp6\"");
  expect_scenario_error (SCENARIO "\"hardware\": [\"nvidia-l4\"], \"model\": \"llama-3.1-8b\", "
                         "\"chart\": { \"batch_range\": [64, 1] } }",
                         ROOF_CATALOG_ERROR_INVALID,
                         "s.json: chart.batch_range must go from low to high, got [64, 1]");
  expect_scenario_error (SCENARIO "\"hardware\": [\"nvidia-l4\"], \"model\": \"llama-3.1-8b\", "
                         "\"chart\": { \"kind\": \"pie\" } }",
                         ROOF_CATALOG_ERROR_INVALID, "chart.kind must be one of roofline, cost");
  expect_scenario_error (SCENARIO "\"hardware\": [\"nvidia-l4\"], \"model\": \"llama-3.1-8b\", "
                         "\"sla\": { \"itl_ms\": -5 } }",
                         ROOF_CATALOG_ERROR_INVALID,
                         "s.json: sla.itl_ms must be at least 0, got -5");
  expect_scenario_error (SCENARIO "\"hardware\": [\"nvidia-l4\", \"nvidia-l4\"], "
                         "\"model\": \"llama-3.1-8b\" }",
                         ROOF_CATALOG_ERROR_DUPLICATE,
                         "s.json: hardware[1] \"nvidia-l4\" is listed twice (also hardware[0])");
  expect_scenario_error (SCENARIO "\"hardware\": [\"nvidia-l4\"] }", ROOF_CATALOG_ERROR_INVALID,
                         "s.json: model is required");
  expect_scenario_error (SCENARIO "\"model\": \"llama-3.1-8b\" }", ROOF_CATALOG_ERROR_INVALID,
                         "s.json: hardware is required");
  expect_scenario_error (SCENARIO "\"hardware\": \"nvidia-l4\", \"model\": \"llama-3.1-8b\" }",
                         ROOF_CATALOG_ERROR_INVALID,
                         "s.json: hardware must be an array of strings, got a string");
  expect_scenario_error ("{ \"format\": \"roofline-scenario\", \"version\": 7, \"hardware\": [], "
                         "\"model\": \"x\" }",
                         ROOF_CATALOG_ERROR_VERSION,
                         "s.json: written by a newer Roofline "
                         "(file version 7, this build reads 2)");
  expect_scenario_error ("{ \"format\": \"roofline-scenario\", \"hardware\": [], "
                         "\"model\": \"x\" }",
                         ROOF_CATALOG_ERROR_FORMAT, "s.json: \"version\" is missing");
  expect_scenario_error (HEAD "\"hardware\": [] }", ROOF_CATALOG_ERROR_FORMAT,
                         "s.json: not a Roofline scenario: \"format\" is \"roofline-catalog\", "
                         "expected \"roofline-scenario\"");
  expect_scenario_error ("[]", ROOF_CATALOG_ERROR_FORMAT,
                         "s.json: a scenario must be a JSON object, got an array");
  expect_scenario_error (SCENARIO "\"hardware\": [], \"model\": \"x\", \"catalog\": [] }",
                         ROOF_CATALOG_ERROR_INVALID,
                         "s.json: catalog must be an object, got an array");
  expect_scenario_error (SCENARIO "\"hardware\": [], \"model\": \"x\" ", ROOF_CATALOG_ERROR_PARSE,
                         "s.json:1:");
}

/* ------------------------------------------------------------------------ */
/* The bad-file matrix of issue 5                                           */

/* One file of each kind of damage, as a catalog and as a scenario: each is
 * refused with its code and a message that names the file and where, and
 * leaves the catalog as it was. */
typedef struct
{
  const char *what;
  const char *catalog; /* NULL: no catalog case */
  const char *scenario; /* NULL: no scenario case */
  RoofCatalogError code;
  const char *message;
} BadFile;

#define SCEN(extra) SCENARIO "\"hardware\": [\"nvidia-l4\"], \"model\": \"llama-3.1-8b\"" extra " }"

static const BadFile bad_files[] = {
  { "truncated", HEAD "\"hardware\": [ " DEVICE ("") ", { \"id\": \"y\", \"na", NULL,
    ROOF_CATALOG_ERROR_PARSE, "bad.json:1:" },
  { "truncated", NULL, SCENARIO "\"hardware\": [\"nvidia-l4\"], \"model\": \"llama-3.1-8b\", "
    "\"workload\": { \"batch\": 8", ROOF_CATALOG_ERROR_PARSE, "s.json:1:" },
  { "wrong type", HEAD "\"hardware\": [ " DEVICE (", \"tdp_W\": \"700\"") " ] }",
    SCEN (", \"workload\": { \"batch\": \"8\" }"), ROOF_CATALOG_ERROR_INVALID,
    "must be a number, got a string" },
  { "NaN", HEAD "\"hardware\": [ " DEVICE (", \"tdp_W\": NaN") " ] }",
    SCEN (", \"sla\": { \"itl_ms\": NaN }"), ROOF_CATALOG_ERROR_PARSE, ":1:" },
  { "infinite", HEAD "\"hardware\": [ " DEVICE (", \"tdp_W\": 1e999") " ] }",
    SCEN (", \"sla\": { \"itl_ms\": 1e999 }"), ROOF_CATALOG_ERROR_INVALID,
    "must be finite, got inf" },
  { "negative", HEAD "\"hardware\": [ " DEVICE (", \"memory\": { \"capacity_GB\": 8, "
    "\"bandwidth_GBps\": -1 }") " ] }", SCEN (", \"workload\": { \"output\": -1 }"),
    ROOF_CATALOG_ERROR_INVALID, "-1" },
  { "huge", HEAD "\"hardware\": [ " DEVICE (", \"compute_TFLOPS\": { \"bf16\": 1e300 }") " ] }",
    SCEN (", \"workload\": { \"batch\": 1e300 }"), ROOF_CATALOG_ERROR_INVALID,
    "must be at most" },
  { "duplicate id", HEAD "\"hardware\": [ " DEVICE ("") ", " DEVICE ("") " ] }",
    SCENARIO "\"hardware\": [\"nvidia-l4\", \"nvidia-l4\"], \"model\": \"llama-3.1-8b\" }",
    ROOF_CATALOG_ERROR_DUPLICATE, "hardware[1] \"" },
  { "missing field", HEAD "\"hardware\": [ { \"id\": \"x\", \"name\": \"X\", "
    "\"compute_TFLOPS\": {} } ] }", SCENARIO "\"hardware\": [\"nvidia-l4\"] }",
    ROOF_CATALOG_ERROR_INVALID, "is required" },
  { "wrong format tag", "{ \"format\": \"roofline-scenario\", \"version\": 1 }",
    HEAD "\"hardware\": [] }", ROOF_CATALOG_ERROR_FORMAT, "not a Roofline " },
  { "future version", "{ \"format\": \"roofline-catalog\", \"version\": 3, \"hardware\": [] }",
    "{ \"format\": \"roofline-scenario\", \"version\": 3, \"hardware\": [], \"model\": \"x\" }",
    ROOF_CATALOG_ERROR_VERSION, "written by a newer Roofline (file version 3, this build reads 2)" },
};

static void
test_matrix (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_files); i++)
    {
      const BadFile *b = &bad_files[i];

      g_test_message ("%s", b->what);
      if (b->catalog != NULL)
        expect_error (b->catalog, -1, b->code, b->message);
      if (b->scenario != NULL)
        expect_scenario_error (b->scenario, b->code, b->message);
    }

  /* nested deeper than any valid file, in a scenario's unknown member */
  {
    g_autoptr (GString) text = g_string_new (SCENARIO "\"hardware\": [], \"model\": "
                                             "\"llama-3.1-8b\", \"x\": ");
    for (int i = 0; i < 40; i++)
      g_string_append_c (text, '[');
    for (int i = 0; i < 40; i++)
      g_string_append_c (text, ']');
    g_string_append (text, " }");
    expect_scenario_error (text->str, ROOF_CATALOG_ERROR_TOO_LARGE, "nested deeper than 32 levels");
  }
}

/* Ten megabytes: a valid catalog of that size loads (in reasonable time),
 * and ten megabytes of junk are refused with a position, not a crash. */
/* Random junk is a syntax error, or, when a run of its brackets opens more
 * than 32 levels before the first syntax error (seen at 1:8622 with one
 * seed), refused by the nesting limit: either way, named with the file. */
static void
assert_junk_refused (const GError *error, const char *path)
{
  g_assert_nonnull (error);
  if (!g_error_matches (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE))
    g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_PARSE);
  else
    g_assert_nonnull (strstr (error->message, "nested deeper than 32 levels"));
  g_assert_true (g_str_has_prefix (error->message, path));
}

static void
test_ten_megabytes (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roof-big-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "big.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
  g_autoptr (GString) text = g_string_new (HEAD "\"hardware\": [");
  guint n = 0;
  gint64 start;

  g_assert_no_error (error);
  while (text->len < 10 * 1000 * 1000)
    g_string_append_printf (text,
                            "%s{ \"id\": \"dev-%u\", \"name\": \"Device %u\", \"vendor\": "
                            "\"Vendor %u\", \"memory\": { \"capacity_GB\": 80, "
                            "\"bandwidth_GBps\": %u }, \"compute_TFLOPS\": { \"bf16\": 1000, "
                            "\"fp8\": 2000 }, \"interconnect\": { \"bandwidth_GBps\": 450 }, "
                            "\"price_usd_per_hour\": 2.5, \"sources\": [ \"a datasheet, "
                            "page %u\" ], \"notes\": \"%0400u\" }",
                            n ? ", " : "", n, n, n % 20, 1000 + n % 5000, n, n),
      n++;
  g_string_append (text, "] }");
  g_file_set_contents (path, text->str, (gssize) text->len, &error);
  g_assert_no_error (error);

  start = g_get_monotonic_time ();
  g_assert_true (roof_catalog_load_file (catalog, file, NULL, &error));
  g_assert_no_error (error);
  g_test_message ("%u entries, %" G_GSIZE_FORMAT " bytes, loaded in %.2f s", n, text->len,
                  (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, n);
  g_assert_nonnull (roof_catalog_find_hardware (catalog, "dev-7777"));

  /* junk: printable bytes, then some that are not */
  for (gsize i = 0; i < text->len; i++)
    text->str[i] = (char) (i < text->len / 2 ? g_test_rand_int_range (32, 127)
                                             : g_test_rand_int_range (1, 256));
  g_file_set_contents (path, text->str, (gssize) text->len, &error);
  g_assert_no_error (error);
  g_assert_false (roof_catalog_load_file (catalog, file, NULL, &error));
  assert_junk_refused (error, path);
  g_clear_error (&error);
  g_assert_null (roof_scenario_load_file (file, catalog, NULL, &error));
  assert_junk_refused (error, path);
  /* nothing changed */
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, n);

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/catalog-errors/syntax", test_syntax);
  g_test_add_func ("/catalog-errors/numbers", test_numbers);
  g_test_add_func ("/catalog-errors/nul", test_nul);
  g_test_add_func ("/catalog-errors/single-quotes", test_single_quotes);
  g_test_add_func ("/catalog-errors/strings-and-trailing-text", test_strings_and_trailing_text);
  g_test_add_func ("/catalog-errors/shape", test_shape);
  g_test_add_func ("/catalog-errors/types", test_types);
  g_test_add_func ("/catalog-errors/values", test_values);
  g_test_add_func ("/catalog-errors/unknown-precision", test_unknown_precision);
  g_test_add_func ("/catalog-errors/text-length", test_text_length);
  g_test_add_func ("/catalog-errors/required", test_required);
  g_test_add_func ("/catalog-errors/duplicates", test_duplicates);
  g_test_add_func ("/catalog-errors/too-deep", test_too_deep);
  g_test_add_func ("/catalog-errors/too-large", test_too_large);
  g_test_add_func ("/catalog-errors/files", test_files);
  g_test_add_func ("/catalog-errors/files/kinds", test_file_kinds);
  g_test_add_func ("/catalog-errors/files/stream", test_file_stream);
  g_test_add_func ("/catalog-errors/files/pipes", test_file_pipes);
  g_test_add_func ("/catalog-errors/files/fifo", test_file_fifo);
  g_test_add_func ("/catalog-errors/all-or-nothing", test_all_or_nothing);
  g_test_add_func ("/catalog-errors/scenario", test_scenario_errors);
  g_test_add_func ("/catalog-errors/persistence/matrix", test_matrix);
  g_test_add_func ("/catalog-errors/persistence/ten-megabytes", test_ten_megabytes);

  return g_test_run ();
}
