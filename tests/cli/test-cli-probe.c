/* test-cli-probe.c — roofline-cli probe: the figures for sanity only, the
 * entry it writes, --no-save, --catalog, and its bad flags
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The figures depend on the machine and its load, so only their sanity is
 * checked (finite, above 1 GB/s and 1 GFLOP/s); no test asserts a time.
 */
#include "cli-test-util.h"

#include "roof-catalog.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

/* The built binary with XDG_DATA_HOME at `data_home`. */
static void
run_probe (Run *r, const char *data_home, const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_auto (GStrv) env = g_get_environ ();
  g_autoptr (GError) error = NULL;

  env = g_environ_setenv (env, "XDG_DATA_HOME", data_home, TRUE);
  g_ptr_array_add (argv, (gpointer) cli_path ());
  for (int i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  memset (r, 0, sizeof *r);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                               &r->out, &r->err, &r->wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (r->wait_status));
  r->status = WEXITSTATUS (r->wait_status);
}

static char *
temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("roofline-probe-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Removes `dir` and what the tests wrote in it (files, and roofline/…). */
static void
remove_tree (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_tree (path);
      else
        g_remove (path);
    }
  g_rmdir (dir);
}

static void
assert_sane_rate (JsonObject *o, const char *member, double floor)
{
  double v = json_object_get_double_member (o, member);

  g_assert_true (isfinite (v));
  g_assert_cmpfloat (v, >, floor);
}

/* --json: sane figures; the entry saved to --catalog FILE, which the catalog
 * loads back to the same JSON, keeping the file's other entry */
static void
test_probe_json_saves (void)
{
  g_autofree char *home = temp_dir ();
  g_autofree char *path = g_build_filename (home, "mine.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) back = NULL;
  g_auto (Run) r = { 0 };
  JsonObject *o, *entry;
  JsonArray *caches, *peaks;
  RoofHardwareSpec *spec;
  const char *mine = "{\"format\": \"roofline-catalog\", \"version\": 2, \"hardware\": [{\"id\": "
                     "\"mine\", \"name\": \"Mine\", \"memory\": {\"capacity_GB\": 1, "
                     "\"bandwidth_GBps\": 2}, \"compute_TFLOPS\": {\"fp32\": 3}}]}";

  g_assert_true (g_file_set_contents (path, mine, -1, &error));
  run_probe (&r, home,
             (const char *const[]){ "probe", "--seconds", "1", "--json", "--catalog", path, NULL });
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  root = parse_json (r.out);
  o = json_node_get_object (root);

  assert_sane_rate (json_object_get_object_member (o, "memory"), "bandwidth_GBps", 1.0);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "memory"),
                                               "bytes_per_element"), ==, 3 * 8);
  /* the arrays used, and what STREAM's rule asks when the clock cut them */
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (o, "memory"),
                                                    "array_bytes"),
                     <=, json_object_get_double_member (json_object_get_object_member (o, "memory"),
                                                        "rule_array_bytes"));
  caches = json_object_get_array_member (o, "caches");
  for (guint i = 0; i < json_array_get_length (caches); i++)
    {
      JsonObject *c = json_array_get_object_element (caches, i);

      assert_sane_rate (c, "bandwidth_GBps", 0.0);
      g_assert_cmpfloat (json_object_get_double_member (c, "working_set_bytes"), <=,
                         json_object_get_double_member (c, "rule_working_set_bytes"));
    }
  peaks = json_object_get_array_member (o, "peaks");
  /* every x86-64 and aarch64 CPU has fp64 and fp32 */
  g_assert_cmpuint (json_array_get_length (peaks), >=, 2);
  for (guint i = 0; i < json_array_get_length (peaks); i++)
    /* 1 GFLOP/s = 0.001 TFLOP/s */
    assert_sane_rate (json_array_get_object_element (peaks, i), "TFLOPS", 0.001);

  entry = json_object_get_object_member (o, "entry");
  g_assert_cmpstr (json_object_get_string_member (entry, "id"), ==, "this-computer");
  g_assert_cmpstr (json_object_get_string_member (entry, "kind"), ==, "cpu");
  g_assert_cmpstr (json_object_get_string_member (o, "saved_to"), ==, path);

  /* the file loads (the catalog's own validation) with both entries */
  back = roof_catalog_new_builtin (&error);
  g_assert_no_error (error);
  g_assert_true (roof_catalog_load_file (back, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (roof_catalog_find_hardware (back, "mine"));
  spec = roof_catalog_find_hardware (back, "this-computer");
  g_assert_nonnull (spec);
  {
    g_autoptr (JsonObject) saved = roof_spec_to_json (ROOF_SPEC (spec));
    g_autoptr (JsonNode) a = json_node_init_object (json_node_alloc (), saved);
    g_autoptr (JsonNode) b = json_node_init_object (json_node_alloc (), entry);
    g_assert_true (json_node_equal (a, b));
  }
  /* the user catalog in XDG_DATA_HOME is not touched when --catalog is given */
  {
    g_autofree char *user = g_build_filename (home, "roofline", "catalog.json", NULL);
    g_assert_false (g_file_test (user, G_FILE_TEST_EXISTS));
  }
  remove_tree (home);
}

/* without --catalog the entry goes to $XDG_DATA_HOME/roofline/catalog.json */
static void
test_probe_user_catalog (void)
{
  g_autofree char *home = temp_dir ();
  g_autofree char *user = g_build_filename (home, "roofline", "catalog.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (user);
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) back = NULL;
  g_auto (Run) r = { 0 };

  run_probe (&r, home, (const char *const[]){ "probe", "--seconds", "0.5", NULL });
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "This computer: "));
  g_assert_nonnull (strstr (r.out, user));
  back = roof_catalog_new_builtin (&error);
  g_assert_true (roof_catalog_load_file (back, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (roof_catalog_find_hardware (back, "this-computer"));
  remove_tree (home);
}

/* --no-save writes nothing: XDG_DATA_HOME stays empty */
static void
test_probe_no_save (void)
{
  g_autofree char *home = temp_dir ();
  g_autoptr (GDir) dir = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_auto (Run) r = { 0 };

  run_probe (&r, home, (const char *const[]){ "probe", "--seconds", "0.5", "--no-save", "--json",
                                              NULL });
  g_assert_cmpint (r.status, ==, 0);
  root = parse_json (r.out);
  g_assert_true (json_object_get_null_member (json_node_get_object (root), "saved_to"));
  dir = g_dir_open (home, 0, NULL);
  g_assert_null (g_dir_read_name (dir));
  remove_tree (home);
}

/* a catalog file that does not load is refused and left as it was */
static void
test_probe_bad_catalog (void)
{
  g_autofree char *home = temp_dir ();
  g_autofree char *path = g_build_filename (home, "bad.json", NULL);
  g_autofree char *after = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (Run) r = { 0 };
  const char *bad = "{\"format\": \"roofline-catalog\", \"version\": 2, \"hardware\": [{]}";

  g_assert_true (g_file_set_contents (path, bad, -1, &error));
  run_probe (&r, home, (const char *const[]){ "probe", "--seconds", "0.2", "--catalog", path,
                                              NULL });
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpuint (count_lines (r.err), ==, 1);
  g_assert_true (g_str_has_prefix (r.err, "roofline-cli: the measured entry is not saved: "));
  g_assert_nonnull (strstr (r.err, "bad.json"));
  g_assert_true (g_file_get_contents (path, &after, NULL, &error));
  g_assert_cmpstr (after, ==, bad);
  remove_tree (home);
}

/* a save that fails (the catalog's folder is a regular file) is said once:
 * the user catalog does not try it again when it is dropped, which printed
 * a second, GLib-formatted line */
static void
test_probe_save_fails (void)
{
  g_autofree char *home = temp_dir ();
  g_autofree char *blocker = g_build_filename (home, "roofline", NULL);
  g_autoptr (GError) error = NULL;
  g_auto (Run) r = { 0 };

  g_assert_true (g_file_set_contents (blocker, "", -1, &error));
  run_probe (&r, home, (const char *const[]){ "probe", "--seconds", "0.2", NULL });
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpuint (count_lines (r.err), ==, 1);
  g_assert_true (g_str_has_prefix (r.err, "roofline-cli: the measured entry is not saved: "));
  g_assert_nonnull (strstr (r.err, "Not a directory"));
  remove_tree (home);
}

/* bad flags: one line each, exit status 2, nothing measured */
static void
test_probe_bad_flags (void)
{
  static const struct
  {
    const char *args[6];
    const char *line;
  } cases[] = {
    { { "probe", "--seconds", "0" },
      "roofline-cli: --seconds expects a number > 0 and at most 3600, got '0' (see 'roofline-cli "
      "probe --help')\n" },
    { { "probe", "--seconds", "-1" },
      "roofline-cli: --seconds expects a number > 0 and at most 3600, got '-1' (see "
      "'roofline-cli probe --help')\n" },
    { { "probe", "--seconds", "nan" },
      "roofline-cli: --seconds expects a number > 0 and at most 3600, got 'nan' (see "
      "'roofline-cli probe --help')\n" },
    { { "probe", "--seconds", "inf" },
      "roofline-cli: --seconds expects a number > 0 and at most 3600, got 'inf' (see "
      "'roofline-cli probe --help')\n" },
    { { "probe", "--seconds", "3601" },
      "roofline-cli: --seconds expects a number > 0 and at most 3600, got '3601' (see "
      "'roofline-cli probe --help')\n" },
    { { "probe", "--no-save", "--catalog", "x.json" },
      "roofline-cli: --no-save and --catalog exclude each other (see 'roofline-cli probe "
      "--help')\n" },
    { { "probe", "--catalog", "a.json", "--catalog", "b.json" },
      "roofline-cli: probe writes one catalog file: --catalog is given 2 times (see "
      "'roofline-cli probe --help')\n" },
    { { "probe", "--scenario", "s.roofline" },
      "roofline-cli: option '--scenario' does not apply to probe (see 'roofline-cli probe "
      "--help')\n" },
    { { "probe", "extra" },
      "roofline-cli: unexpected argument 'extra' (probe takes options only) (see 'roofline-cli "
      "probe --help')\n" },
  };
  g_autofree char *home = temp_dir ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) r = { 0 };
      g_autoptr (GDir) dir = NULL;

      run_probe (&r, home, cases[i].args);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_cmpstr (r.out, ==, "");
      g_assert_cmpstr (r.err, ==, cases[i].line);
      dir = g_dir_open (home, 0, NULL);
      g_assert_null (g_dir_read_name (dir));
    }
  remove_tree (home);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/probe/json-saves", test_probe_json_saves);
  g_test_add_func ("/cli/probe/user-catalog", test_probe_user_catalog);
  g_test_add_func ("/cli/probe/no-save", test_probe_no_save);
  g_test_add_func ("/cli/probe/bad-catalog", test_probe_bad_catalog);
  g_test_add_func ("/cli/probe/save-fails", test_probe_save_fails);
  g_test_add_func ("/cli/probe/bad-flags", test_probe_bad_flags);
  return g_test_run ();
}
