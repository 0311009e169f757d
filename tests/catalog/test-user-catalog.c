/* test-user-catalog.c — the user's catalog on disk, imports and merges
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the app keeps in $XDG_DATA_HOME/roofline/catalog.json: written after
 * every change (once per burst), read back equal by value with built-in
 * entries still built-in, never overwritten when it does not load; and
 * what importing a file or opening a scenario adds, replaces or asks about.
 */
#include "config.h"

#include "catalog-test-util.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "roof-catalog-entries.h"
#include "roof-catalog-merge.h"
#include "roof-json.h"
#include "roof-user-catalog.h"
#include "roof-test-util.h"

typedef struct
{
  char *dir;
  char *path;
  GFile *file;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("roof-user-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "roofline", "catalog.json", NULL);
  f->file = g_file_new_for_path (f->path);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  roof_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
  g_object_unref (f->file);
}

static RoofUserCatalog *
load (Fixture *f)
{
  RoofUserCatalog *store = roof_user_catalog_new (f->file);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) moved = NULL;

  g_assert_true (roof_user_catalog_load (store, NULL, &moved, &error));
  g_assert_no_error (error);
  g_assert_null (moved);
  return store;
}

static void
write_file (Fixture *f, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) parent = g_file_get_parent (f->file);

  g_file_make_directory_with_parents (parent, NULL, NULL);
  g_file_set_contents (f->path, text, -1, &error);
  g_assert_no_error (error);
}

static char *
read_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static gboolean
json_equal (JsonObject *a, JsonObject *b)
{
  /* the writer keeps member order and is deterministic */
  g_autoptr (JsonNode) x = json_node_init_object (json_node_alloc (), a);
  g_autoptr (JsonNode) y = json_node_init_object (json_node_alloc (), b);
  g_autofree char *s = roof_json_to_string (x, FALSE);
  g_autofree char *t = roof_json_to_string (y, FALSE);

  return strcmp (s, t) == 0;
}

static void
assert_spec_equal (RoofSpec *a, RoofSpec *b)
{
  g_autoptr (JsonObject) x = roof_spec_to_json (a);
  g_autoptr (JsonObject) y = roof_spec_to_json (b);

  g_assert_nonnull (a);
  g_assert_nonnull (b);
  if (!json_equal (x, y))
    g_error ("%s differs after the round trip", roof_spec_get_id (a));
}

static gboolean
not_pending (gpointer data)
{
  return !roof_user_catalog_get_pending (data);
}

static void
wait_until_saved (RoofUserCatalog *store)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!not_pending (store) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (roof_user_catalog_get_pending (store));
}

/* ------------------------------------------------------------------------ */
/* The user catalog                                                         */

static void
test_missing_file (Fixture *f, gconstpointer data)
{
  g_autoptr (RoofUserCatalog) store = load (f);
  RoofCatalog *catalog = roof_user_catalog_get_catalog (store);
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, 32);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_models (catalog)), ==, 23);
  /* nothing custom: nothing written, not even the folder */
  g_assert_true (roof_user_catalog_save (store, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

  /* the default place */
  {
    g_autoptr (GFile) def = roof_user_catalog_default_file ();
    g_autofree char *path = g_file_get_path (def);
    g_autofree char *want = g_build_filename (g_get_user_data_dir (), "roofline", "catalog.json",
                                              NULL);

    g_assert_cmpstr (path, ==, want);
  }
}

/* Every built-in entry, edited, is written and read back by value; each
 * stays built-in and Reset takes it back to the shipped values. */
static void
test_every_builtin (Fixture *f, gconstpointer data)
{
  g_autoptr (RoofUserCatalog) store = load (f);
  g_autoptr (RoofUserCatalog) back = NULL;
  g_autoptr (GError) error = NULL;
  RoofCatalog *catalog = roof_user_catalog_get_catalog (store);
  RoofCatalog *reread;
  GListModel *lists[] = { roof_catalog_get_hardware (catalog), roof_catalog_get_models (catalog),
                          roof_catalog_get_systems (catalog) };
  guint n_entries = 0;

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < g_list_model_get_n_items (lists[l]); i++)
      {
        g_autoptr (RoofSpec) spec = g_list_model_get_item (lists[l], i);
        g_autofree char *notes = g_strdup_printf ("edited %u.%u: 0.1 + 0.2", l, i);

        g_assert_true (roof_spec_set_string (spec, "notes", notes, &error));
        g_assert_no_error (error);
        g_assert_true (roof_spec_get_modified (spec));
        n_entries++;
      }
  /* 32 devices, 23 models, 14 systems */
  g_assert_cmpuint (n_entries, ==, 69);
  g_assert_true (roof_user_catalog_get_pending (store));
  g_assert_true (roof_user_catalog_flush (store, &error));
  g_assert_no_error (error);
  g_assert_false (roof_user_catalog_get_pending (store));

  back = load (f);
  reread = roof_user_catalog_get_catalog (back);
  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < g_list_model_get_n_items (lists[l]); i++)
      {
        g_autoptr (RoofSpec) spec = g_list_model_get_item (lists[l], i);
        GListModel *list = l == 0   ? roof_catalog_get_hardware (reread)
                           : l == 1 ? roof_catalog_get_models (reread)
                                    : roof_catalog_get_systems (reread);
        g_autoptr (RoofSpec) again = g_list_model_get_item (list, i);

        g_assert_cmpstr (roof_spec_get_id (spec), ==, roof_spec_get_id (again));
        assert_spec_equal (spec, again);
        g_assert_true (roof_spec_get_builtin (again));
        g_assert_true (roof_spec_get_modified (again));
      }

  /* Reset after the restart */
  {
    RoofHardwareSpec *h100 = roof_catalog_find_hardware (reread, "nvidia-h100-sxm");

    g_assert_true (roof_spec_reset (ROOF_SPEC (h100)));
    g_assert_false (roof_spec_get_modified (ROOF_SPEC (h100)));
    g_assert_cmpstr (roof_spec_get_notes (ROOF_SPEC (h100)), !=, "edited 0.4: 0.1 + 0.2");
  }
}

static const char custom_catalog[] =
  "{ \"format\": \"roofline-catalog\", \"version\": 1,\n"
  "  \"hardware\": [ { \"id\": \"my-npu\", \"name\": \"My NPU\", \"rack_units\": 2,\n"
  "    \"memory\": { \"capacity_GB\": 32.5, \"bandwidth_GBps\": 1000.1, \"ecc\": true },\n"
  "    \"compute_TFLOPS\": { \"int8\": 400.3, \"fp16\": 0.1 } },\n"
  "    { \"id\": \"nvidia-l4\", \"name\": \"L4, negotiated\", \"memory\": { \"capacity_GB\": 24,\n"
  "      \"bandwidth_GBps\": 300 }, \"compute_TFLOPS\": { \"bf16\": 121 },\n"
  "      \"price_usd_per_hour\": 0.41 } ],\n"
  "  \"models\": [ { \"id\": \"tiny\", \"layers\": 2, \"hidden\": 64, \"heads\": 4,\n"
  "    \"kv_heads\": 4, \"ffn\": 256, \"vocab\": 1000, \"training\": { \"tokens\": 1e12 } } ] }\n";

/* Custom entries, unknown fields included, survive a save and a reload. */
static void
test_custom_round_trip (Fixture *f, gconstpointer data)
{
  g_autoptr (RoofUserCatalog) store = NULL;
  g_autoptr (RoofUserCatalog) back = NULL;
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) moved = NULL;
  RoofCatalog *catalog;
  RoofHardwareSpec *l4;

  write_file (f, custom_catalog);
  store = roof_user_catalog_new (f->file);
  g_assert_true (roof_user_catalog_load (store, warnings, &moved, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 3);
  catalog = roof_user_catalog_get_catalog (store);
  /* loading writes nothing */
  g_assert_false (roof_user_catalog_get_pending (store));

  l4 = roof_catalog_find_hardware (catalog, "nvidia-l4");
  g_assert_true (roof_spec_get_builtin (ROOF_SPEC (l4)));
  g_assert_true (roof_spec_get_modified (ROOF_SPEC (l4)));
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (l4)), ==, "L4, negotiated");
  g_assert_false (roof_spec_get_builtin (ROOF_SPEC (roof_catalog_find_hardware (catalog,
                                                                                "my-npu"))));
  /* the file's entries keep their place: the L4 where the built-in one was */
  {
    g_autoptr (RoofSpec) last = g_list_model_get_item (roof_catalog_get_hardware (catalog), 32);

    g_assert_cmpstr (roof_spec_get_id (last), ==, "my-npu");
  }

  g_assert_true (roof_spec_set_number (ROOF_SPEC (roof_catalog_find_hardware (catalog, "my-npu")),
                                       "tdp_W", 75.5, &error));
  g_assert_no_error (error);
  g_assert_true (roof_user_catalog_flush (store, &error));
  g_assert_no_error (error);
  /* the file before the change is the backup */
  {
    g_autofree char *backup_path = g_strconcat (f->path, "~", NULL);
    g_autofree char *backup = read_file (backup_path);

    g_assert_cmpstr (backup, ==, custom_catalog);
  }

  back = load (f);
  for (guint i = 0; i < 2; i++)
    {
      const char *id = i == 0 ? "my-npu" : "nvidia-l4";

      assert_spec_equal (ROOF_SPEC (roof_catalog_find_hardware (catalog, id)),
                         ROOF_SPEC (roof_catalog_find_hardware (roof_user_catalog_get_catalog (back),
                                                                id)));
    }
  assert_spec_equal (ROOF_SPEC (roof_catalog_find_model (catalog, "tiny")),
                     ROOF_SPEC (roof_catalog_find_model (roof_user_catalog_get_catalog (back),
                                                         "tiny")));
  {
    RoofSpec *npu = ROOF_SPEC (roof_catalog_find_hardware (roof_user_catalog_get_catalog (back),
                                                           "my-npu"));

    g_assert_true (roof_spec_get_boolean (npu, "memory.ecc", FALSE));
    g_assert_cmpfloat (roof_spec_get_number (npu, "rack_units", 0), ==, 2);
    g_assert_cmpfloat (roof_spec_get_number (npu, "tdp_W", 0), ==, 75.5);
  }
}

/* A burst of edits is written once, shortly after its first edit. */
static void
test_debounce (Fixture *f, gconstpointer data)
{
  g_autoptr (RoofUserCatalog) store = load (f);
  RoofCatalog *catalog = roof_user_catalog_get_catalog (store);
  RoofSpec *h100 = ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"));
  g_autofree char *backup = g_strconcat (f->path, "~", NULL);
  g_autoptr (GError) error = NULL;
  gint64 start;

  roof_user_catalog_set_save_delay (store, 200);
  start = g_get_monotonic_time ();
  for (int i = 1; i <= 20; i++)
    {
      g_assert_true (roof_spec_set_number (h100, "memory.bandwidth_GBps", 3000 + i, &error));
      g_assert_no_error (error);
    }
  g_assert_true (roof_user_catalog_get_pending (store));
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  wait_until_saved (store);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 200 * 1000);
  /* one write: the first leaves no backup */
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  {
    g_autoptr (RoofUserCatalog) back = load (f);

    g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (roof_catalog_find_hardware (
                                               roof_user_catalog_get_catalog (back),
                                               "nvidia-h100-sxm")),
                                             "memory.bandwidth_GBps", 0),
                       ==, 3020);
  }

  /* a change that leaves the file as it is writes nothing */
  g_assert_true (roof_spec_set_number (h100, "memory.bandwidth_GBps", 3020, &error));
  wait_until_saved (store);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_true (roof_spec_set_number (h100, "memory.bandwidth_GBps", 3100, &error));
  wait_until_saved (store);
  g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
}

/* Deleting a custom entry is saved; undoing the delete brings it back. */
static void
test_delete_undo (Fixture *f, gconstpointer data)
{
  g_autoptr (RoofUserCatalog) store = load (f);
  RoofCatalog *catalog = roof_user_catalog_get_catalog (store);
  g_autoptr (RoofSpec) copy = roof_spec_duplicate (
    ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm")), "h100-rumoured",
    "H100 (rumoured)");
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  roof_catalog_add_hardware (catalog, ROOF_HARDWARE_SPEC (copy));
  g_assert_true (roof_user_catalog_flush (store, &error));
  text = read_file (f->path);
  g_assert_nonnull (strstr (text, "\"h100-rumoured\""));
  g_clear_pointer (&text, g_free);

  g_assert_true (roof_catalog_remove_hardware (catalog, "h100-rumoured"));
  g_assert_true (roof_user_catalog_flush (store, &error));
  text = read_file (f->path);
  g_assert_null (strstr (text, "\"h100-rumoured\""));
  g_clear_pointer (&text, g_free);

  /* the undo puts back the same object */
  roof_catalog_add_hardware (catalog, ROOF_HARDWARE_SPEC (copy));
  g_assert_true (roof_user_catalog_flush (store, &error));
  {
    g_autoptr (RoofUserCatalog) back = load (f);

    assert_spec_equal (copy, ROOF_SPEC (roof_catalog_find_hardware (
                               roof_user_catalog_get_catalog (back), "h100-rumoured")));
  }
}

static gboolean
is_timestamped (const char *name)
{
  /* catalog.json.corrupt-YYYYMMDD-HHMMSS */
  static const char prefix[] = "catalog.json.corrupt-";
  const char *p = name + strlen (prefix);

  if (!g_str_has_prefix (name, prefix) || strlen (p) != 15 || p[8] != '-')
    return FALSE;
  for (int i = 0; i < 15; i++)
    if (i != 8 && !g_ascii_isdigit (p[i]))
      return FALSE;
  return TRUE;
}

static void
expect_moved_aside (Fixture *f, const char *text, int code, const char *message)
{
  g_autoptr (RoofUserCatalog) store = roof_user_catalog_new (f->file);
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) save_error = NULL;
  g_autoptr (GFile) moved = NULL;
  g_autofree char *name = NULL;
  g_autofree char *kept = NULL;
  RoofCatalog *catalog = roof_user_catalog_get_catalog (store);
  RoofSpec *l4;

  write_file (f, text);
  g_assert_false (roof_user_catalog_load (store, NULL, &moved, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, code);
  g_test_message ("%s", error->message);
  if (strstr (error->message, message) == NULL)
    g_error ("\"%s\" does not say \"%s\"", error->message, message);
  /* the message names the file */
  g_assert_true (g_str_has_prefix (error->message, f->path));

  /* moved aside, with a time stamp, and kept as it was */
  g_assert_nonnull (moved);
  name = g_file_get_basename (moved);
  g_assert_true (is_timestamped (name));
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  kept = read_file (g_file_peek_path (moved));
  g_assert_cmpstr (kept, ==, text);
  g_assert_false (roof_user_catalog_get_read_only (store));

  /* the built-in catalog, whole */
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, 32);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_models (catalog)), ==, 23);
  l4 = ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-l4"));
  g_assert_false (roof_spec_get_modified (l4));

  /* the next change starts a new file and leaves the old one alone */
  g_assert_true (roof_spec_set_number (l4, "price_usd_per_hour", 0.5, &save_error));
  g_assert_true (roof_user_catalog_flush (store, &save_error));
  g_assert_no_error (save_error);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_free (kept);
  kept = read_file (g_file_peek_path (moved));
  g_assert_cmpstr (kept, ==, text);

  g_file_delete (moved, NULL, NULL);
  g_unlink (f->path);
}

static void
test_corrupt (Fixture *f, gconstpointer data)
{
  /* truncated */
  expect_moved_aside (f, "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hardware\": [ {",
                      ROOF_CATALOG_ERROR_PARSE, "catalog.json:1:");
  /* binary junk */
  expect_moved_aside (f, "\x7f" "ELF\x02\x01\x01", ROOF_CATALOG_ERROR_PARSE, "catalog.json");
  /* valid JSON, a bad entry: named with its field */
  expect_moved_aside (f,
                      "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hardware\": [ { "
                      "\"id\": \"x\", \"name\": \"X\", \"memory\": { \"capacity_GB\": 8, "
                      "\"bandwidth_GBps\": -1 }, \"compute_TFLOPS\": {} } ] }",
                      ROOF_CATALOG_ERROR_INVALID,
                      "hardware[0] \"x\": memory.bandwidth_GBps must be > 0, got -1");
  /* not a catalog at all */
  expect_moved_aside (f, "{ \"format\": \"roofline-scenario\", \"version\": 1 }",
                      ROOF_CATALOG_ERROR_FORMAT, "not a Roofline catalog");
}

/* A newer Roofline's file is not corrupt: left where it is, never written. */
static void
test_newer_version (Fixture *f, gconstpointer data)
{
  static const char newer[] = "{ \"format\": \"roofline-catalog\", \"version\": 3, "
                              "\"hardware\": [], \"accelerators\": [] }";
  g_autoptr (RoofUserCatalog) store = roof_user_catalog_new (f->file);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) moved = NULL;
  g_autofree char *text = NULL;
  RoofSpec *l4;

  write_file (f, newer);
  g_assert_false (roof_user_catalog_load (store, NULL, &moved, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_VERSION);
  g_assert_nonnull (strstr (error->message, "written by a newer Roofline (file version 3, this "
                                            "build reads 2)"));
  g_assert_null (moved);
  g_assert_true (roof_user_catalog_get_read_only (store));
  g_clear_error (&error);

  l4 = ROOF_SPEC (roof_catalog_find_hardware (roof_user_catalog_get_catalog (store), "nvidia-l4"));
  g_assert_true (roof_spec_set_number (l4, "price_usd_per_hour", 0.5, &error));
  g_assert_no_error (error);
  g_assert_false (roof_user_catalog_get_pending (store));
  g_assert_true (roof_user_catalog_save (store, &error));
  text = read_file (f->path);
  g_assert_cmpstr (text, ==, newer);
}

/* Start-up reads a regular file only: a FIFO or a directory in its place is
 * refused at once (a FIFO without a writer used to block the app for ever),
 * left where it is and never written over. */
static void
test_not_a_file (Fixture *f, gconstpointer data)
{
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (RoofUserCatalog) store = roof_user_catalog_new (f->file);
      g_autoptr (GFile) parent = g_file_get_parent (f->file);
      g_autoptr (GError) error = NULL;
      g_autoptr (GFile) moved = NULL;
      g_autofree char *expected = NULL;
      RoofCatalog *catalog = roof_user_catalog_get_catalog (store);
      RoofSpec *l4;
      struct stat st;

      g_file_make_directory_with_parents (parent, NULL, NULL);
      if (i == 0)
        g_assert_cmpint (mkfifo (f->path, 0600), ==, 0);
      else
        g_assert_cmpint (g_mkdir (f->path, 0700), ==, 0);
      expected = g_strconcat (f->path,
                              i == 0 ? ": is a pipe (FIFO); only regular files are read here"
                                     : ": is a directory, not a file",
                              NULL);

      g_assert_false (roof_user_catalog_load (store, NULL, &moved, &error));
      g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO);
      g_assert_cmpstr (error->message, ==, expected);
      g_assert_null (moved);
      g_assert_true (roof_user_catalog_get_read_only (store));
      g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, 32);
      g_clear_error (&error);

      /* an edit is not saved over it */
      l4 = ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-l4"));
      g_assert_true (roof_spec_set_number (l4, "price_usd_per_hour", 0.5, &error));
      g_assert_no_error (error);
      g_assert_true (roof_user_catalog_save (store, &error));
      g_assert_cmpint (g_stat (f->path, &st), ==, 0);
      g_assert_true (i == 0 ? S_ISFIFO (st.st_mode) : S_ISDIR (st.st_mode));
      roof_test_remove_tree (f->path);
    }
}

/* ------------------------------------------------------------------------ */
/* Merges                                                                   */

/* An unmodified copy of the L4 (nothing to do), a derated H100 (a conflict
 * with a built-in entry), a new device and the user's own "mine" twice over. */
static char *
import_text (RoofCatalog *catalog)
{
  g_autoptr (JsonObject) l4 = roof_spec_to_json (ROOF_SPEC (roof_catalog_find_hardware (
    catalog, "nvidia-l4")));
  g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), l4);
  g_autofree char *l4_text = roof_json_to_string (node, FALSE);

  return g_strdup_printf (
    "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hardware\": [ %s,\n"
    "  { \"id\": \"nvidia-h100-sxm\", \"name\": \"NVIDIA H100 SXM5 80 GB\", \"memory\": {\n"
    "    \"capacity_GiB\": 79.6474609375, \"bandwidth_GBps\": 3000 },\n"
    "    \"compute_TFLOPS\": { \"bf16\": 900 },\n"
    "    \"interconnect\": { \"bandwidth_GBps\": 450 } },\n"
    "  { \"id\": \"brand-new\", \"name\": \"Brand New\", \"memory\": { \"capacity_GB\": 8,\n"
    "    \"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": {} },\n"
    "  { \"id\": \"mine\", \"name\": \"Theirs\", \"memory\": { \"capacity_GB\": 16,\n"
    "    \"bandwidth_GBps\": 200 }, \"compute_TFLOPS\": {} } ],\n"
    "  \"models\": [ { \"id\": \"tiny\", \"layers\": 4, \"hidden\": 64, \"heads\": 4,\n"
    "    \"kv_heads\": 4, \"ffn\": 256, \"vocab\": 1000 } ] }",
    l4_text);
}

static void
add_mine (RoofCatalog *catalog)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (roof_catalog_load_data (
    catalog,
    "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hardware\": [ { \"id\": \"mine\", "
    "\"name\": \"Mine\", \"memory\": { \"capacity_GB\": 16, \"bandwidth_GBps\": 150 }, "
    "\"compute_TFLOPS\": {} }, { \"id\": \"mine-2\", \"name\": \"Mine too\", \"memory\": { "
    "\"capacity_GB\": 16, \"bandwidth_GBps\": 150 }, \"compute_TFLOPS\": {} } ], \"models\": [ "
    "{ \"id\": \"tiny\", \"layers\": 2, \"hidden\": 64, \"heads\": 4, \"kv_heads\": 4, \"ffn\": "
    "256, \"vocab\": 1000 } ] }",
    -1, "mine.json", NULL, &error));
  g_assert_no_error (error);
}

static void
test_merge_import (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofCatalogMerge) merge = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  RoofSpec *h100 = ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"));
  RoofSpec *incoming, *existing;

  add_mine (catalog);
  text = import_text (catalog);
  merge = roof_catalog_merge_new_from_data (catalog, text, -1, "import.json", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (roof_catalog_merge_get_n_new (merge), ==, 1);
  g_assert_cmpuint (roof_catalog_merge_get_n_same (merge), ==, 1);
  g_assert_cmpuint (roof_catalog_merge_get_n_conflicts (merge), ==, 3);

  /* nothing happened yet */
  g_assert_null (roof_catalog_find_hardware (catalog, "brand-new"));
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 3350);

  incoming = roof_catalog_merge_get_conflict (merge, 0, &existing);
  g_assert_true (existing == h100);
  g_assert_cmpstr (roof_spec_get_id (incoming), ==, "nvidia-h100-sxm");
  g_assert_cmpint (roof_catalog_merge_get_choice (merge, 0), ==, ROOF_MERGE_KEEP_BOTH);
  g_assert_cmpstr (roof_catalog_merge_get_new_id (merge, 0), ==, "nvidia-h100-sxm-2");
  /* the same name: numbered like the id */
  g_assert_cmpstr (roof_catalog_merge_get_new_name (merge, 0), ==, "NVIDIA H100 SXM5 80 GB (2)");
  /* "mine-2" is taken: "mine-3", and a name of its own stays */
  g_assert_cmpstr (roof_catalog_merge_get_new_id (merge, 1), ==, "mine-3");
  g_assert_cmpstr (roof_catalog_merge_get_new_name (merge, 1), ==, "Theirs");
  /* models have their own ids */
  g_assert_cmpstr (roof_catalog_merge_get_new_id (merge, 2), ==, "tiny-2");

  {
    g_auto (GStrv) diff = roof_catalog_merge_get_differences (merge, 0);

    /* what the file changes first, then what it leaves out; not what is equal */
    g_assert_cmpstr (diff[0], ==, "memory.bandwidth_GBps");
    g_assert_cmpstr (diff[1], ==, "compute_TFLOPS.bf16");
    g_assert_true (g_strv_contains ((const char *const *) diff, "compute_TFLOPS.fp8"));
    g_assert_true (g_strv_contains ((const char *const *) diff, "notes"));
    g_assert_false (g_strv_contains ((const char *const *) diff, "id"));
    g_assert_false (g_strv_contains ((const char *const *) diff, "name"));
    g_assert_false (g_strv_contains ((const char *const *) diff, "memory.capacity_GiB"));
    g_assert_false (g_strv_contains ((const char *const *) diff, "interconnect.bandwidth_GBps"));
  }
  roof_catalog_merge_set_choice (merge, 0, ROOF_MERGE_REPLACE);
  roof_catalog_merge_set_choice (merge, 2, ROOF_MERGE_SKIP);
  g_assert_cmpuint (roof_catalog_merge_apply (merge, NULL), ==, 3);

  /* replaced in place: the same object, still built-in, modified */
  g_assert_true (ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm")) == h100);
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 3000);
  g_assert_true (roof_spec_get_builtin (h100));
  g_assert_true (roof_spec_get_modified (h100));
  g_assert_true (roof_spec_reset (h100));
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 3350);
  /* kept both */
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (roof_catalog_find_hardware (catalog, "mine"))),
                   ==, "Mine");
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (roof_catalog_find_hardware (catalog, "mine-3"))),
                   ==, "Theirs");
  /* skipped */
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (roof_catalog_find_model (catalog, "tiny")),
                                           "layers", 0),
                     ==, 2);
  g_assert_null (roof_catalog_find_model (catalog, "tiny-2"));
  g_assert_nonnull (roof_catalog_find_hardware (catalog, "brand-new"));
}

/* A bad file changes nothing and says where it is bad. */
/* A copy's name stays within the 200 characters of a name: Keep Both of an
 * entry named with all 200 would have made an entry the catalog refuses. */
static void
test_merge_long_name (void)
{
  g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
  g_autoptr (RoofCatalogMerge) merge = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_strnfill (200, 'n');
  g_autofree char *mine = g_strdup_printf (
    "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hardware\": [ { \"id\": \"mine\", "
    "\"name\": \"%s\", \"memory\": { \"capacity_GB\": 16, \"bandwidth_GBps\": %d }, "
    "\"compute_TFLOPS\": {} } ] }",
    name, 150);
  g_autofree char *theirs = g_strdup_printf (
    "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hardware\": [ { \"id\": \"mine\", "
    "\"name\": \"%s\", \"memory\": { \"capacity_GB\": 16, \"bandwidth_GBps\": %d }, "
    "\"compute_TFLOPS\": {} } ] }",
    name, 300);
  /* the first 179 characters, "…", and the last 20 of "nnn…n (2)" */
  g_autofree char *head = g_strnfill (179, 'n');
  g_autofree char *tail = g_strnfill (16, 'n');
  g_autofree char *expected = g_strdup_printf ("%s…%s (2)", head, tail);
  RoofSpec *copy;

  g_assert_true (roof_catalog_load_data (catalog, mine, -1, "mine.json", NULL, &error));
  g_assert_no_error (error);
  merge = roof_catalog_merge_new_from_data (catalog, theirs, -1, "theirs.json", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (roof_catalog_merge_get_n_conflicts (merge), ==, 1);
  g_assert_cmpint (roof_catalog_merge_get_choice (merge, 0), ==, ROOF_MERGE_KEEP_BOTH);
  g_assert_cmpstr (roof_catalog_merge_get_new_name (merge, 0), ==, expected);
  g_assert_cmpuint (g_utf8_strlen (expected, -1), ==, 200);
  roof_catalog_merge_apply (merge, NULL);
  copy = ROOF_SPEC (roof_catalog_find_hardware (catalog, "mine-2"));
  g_assert_nonnull (copy);
  g_assert_cmpstr (roof_spec_get_name (copy), ==, expected);
  g_assert_cmpfloat (roof_spec_get_number (copy, "memory.bandwidth_GBps", 0), ==, 300);

  /* and the default name of a duplicate: "(copy)" stays, the name is cut */
  {
    g_autoptr (RoofSpec) dup = roof_spec_duplicate (copy, "mine-3", NULL);
    /* the last 20: 9 of the 16 "n" before " (2)", then " (2) (copy)" */
    g_autofree char *copy_tail = g_strnfill (9, 'n');
    g_autofree char *want = g_strdup_printf ("%s…%s (2) (copy)", head, copy_tail);

    g_assert_nonnull (dup);
    g_assert_cmpstr (roof_spec_get_name (dup), ==, want);
  }
}

static void
test_merge_bad_file (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;

  g_assert_null (roof_catalog_merge_new_from_data (
    catalog,
    "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hardware\": [ { \"id\": \"a\", "
    "\"name\": \"A\", \"memory\": { \"capacity_GB\": 8, \"bandwidth_GBps\": 1 }, "
    "\"compute_TFLOPS\": {} }, { \"id\": \"b\", \"name\": \"B\", \"memory\": { "
    "\"capacity_GB\": \"8\" } } ] }",
    -1, "import.json", NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "import.json: hardware[1] \"b\": memory.capacity_GB must be a number, got a "
                   "string");
  g_assert_null (roof_catalog_find_hardware (catalog, "a"));
}

static const char shared_scenario[] =
  "{ \"format\": \"roofline-scenario\", \"version\": 1, \"author\": \"a colleague\",\n"
  "  \"hardware\": [ \"nvidia-h100-sxm\", \"mine\", \"theirs\" ], \"model\": \"tiny\",\n"
  "  \"workload\": { \"batch\": 8, \"note\": \"measured\" },\n"
  "  \"catalog\": { \"hardware\": [\n"
  "    { \"id\": \"nvidia-h100-sxm\", \"name\": \"H100, derated\", \"memory\": {\n"
  "      \"capacity_GB\": 80, \"bandwidth_GBps\": 3000 }, \"compute_TFLOPS\": { \"bf16\": 900 } },\n"
  "    { \"id\": \"mine\", \"name\": \"Mine\", \"memory\": { \"capacity_GB\": 16,\n"
  "      \"bandwidth_GBps\": 150 }, \"compute_TFLOPS\": {} },\n"
  "    { \"id\": \"theirs\", \"name\": \"Theirs\", \"memory\": { \"capacity_GB\": 16,\n"
  "      \"bandwidth_GBps\": 250 }, \"compute_TFLOPS\": {} } ],\n"
  "  \"models\": [ { \"id\": \"tiny\", \"layers\": 4, \"hidden\": 64, \"heads\": 4,\n"
  "    \"kv_heads\": 4, \"ffn\": 256, \"vocab\": 1000 } ] } }\n";

/* A scenario's embedded entries: new ones added, equal ones shared, others
 * asked about; kept both, the scenario follows the new ids. */
static void
test_merge_scenario (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofCatalogMerge) merge = NULL;
  g_autoptr (RoofScenario) scenario = NULL;
  g_autoptr (RoofScenario) back = NULL;
  g_autoptr (RoofCatalog) fresh = catalog_test_builtin ();
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) doc = NULL;
  g_autofree char *text = NULL;
  guint n_hardware;

  add_mine (catalog);
  n_hardware = g_list_model_get_n_items (roof_catalog_get_hardware (catalog));
  scenario = roof_catalog_merge_load_scenario (catalog, shared_scenario, -1, "s.roofline",
                                               warnings, &merge, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_assert_cmpuint (warnings->len, ==, 2);
  /* the catalog is as it was */
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==,
                    n_hardware);
  g_assert_null (roof_catalog_find_hardware (catalog, "theirs"));
  g_assert_false (roof_spec_get_modified (
    ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"))));

  g_assert_cmpuint (roof_catalog_merge_get_n_new (merge), ==, 1);  /* theirs */
  g_assert_cmpuint (roof_catalog_merge_get_n_same (merge), ==, 1); /* mine */
  g_assert_cmpuint (roof_catalog_merge_get_n_conflicts (merge), ==, 2); /* h100, tiny */
  roof_catalog_merge_apply (merge, scenario);

  g_assert_cmpstr (roof_scenario_get_hardware (scenario)[0], ==, "nvidia-h100-sxm-2");
  g_assert_cmpstr (roof_scenario_get_hardware (scenario)[1], ==, "mine");
  g_assert_cmpstr (roof_scenario_get_hardware (scenario)[2], ==, "theirs");
  g_assert_cmpstr (roof_scenario_get_model (scenario), ==, "tiny-2");
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (roof_catalog_find_hardware (
                     catalog, "nvidia-h100-sxm-2"))),
                   ==, "H100, derated");
  g_assert_false (roof_spec_get_modified (
    ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"))));
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, ==, 8);

  /* saved, it carries what it uses and what it did not know */
  doc = roof_scenario_to_json (scenario, catalog);
  text = roof_json_to_string (doc, TRUE);
  back = roof_scenario_load_data (text, -1, "back.roofline", fresh, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (roof_catalog_find_hardware (
                                             fresh, "nvidia-h100-sxm-2")),
                                           "memory.bandwidth_GBps", 0),
                     ==, 3000);
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (roof_catalog_find_model (fresh, "tiny-2")),
                                           "layers", 0),
                     ==, 4);
  g_assert_nonnull (strstr (text, "\"author\": \"a colleague\""));
  g_assert_nonnull (strstr (text, "\"note\": \"measured\""));
}

/* A scenario that does not load changes nothing. */
static void
test_merge_scenario_bad (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofCatalogMerge) merge = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *bad = g_strdup (shared_scenario);

  /* "theirs" now has no bandwidth */
  char *p = strstr (bad, "\"bandwidth_GBps\": 250");
  memcpy (p, "\"bandwidth_GBpx\"", strlen ("\"bandwidth_GBpx\""));
  g_assert_null (roof_catalog_merge_load_scenario (catalog, bad, -1, "s.roofline", NULL, &merge,
                                                   &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "s.roofline: catalog.hardware[2] \"theirs\": memory.bandwidth_GBps is required");
  g_assert_null (merge);
  g_assert_null (roof_catalog_find_hardware (catalog, "theirs"));
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, 32);
}

/* Two writers on one file                                                  */

typedef struct
{
  RoofCatalog *catalog;
  RoofEntryKind kind;
  const char *id;
  const char *path;
  double value;
} Seen;

static gboolean
seen (gpointer data)
{
  Seen *w = data;
  RoofSpec *spec = roof_catalog_find_entry (w->catalog, w->kind, w->id);

  return spec != NULL && (w->path == NULL || roof_spec_get_number (spec, w->path, 0) == w->value);
}

/* Runs the main loop until `cond` holds (file monitors report through it);
 * fails after ten seconds. */
static void
wait_for (gboolean (*cond) (gpointer), gpointer data, const char *what)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
conflict_cb (RoofUserCatalog *store, RoofCatalogMerge *merge, guint *n)
{
  RoofSpec *existing = NULL;
  RoofSpec *incoming = roof_catalog_merge_get_conflict (merge, 0, &existing);

  (*n)++;
  g_assert_cmpuint (roof_catalog_merge_get_n_conflicts (merge), ==, 1);
  g_assert_cmpstr (roof_spec_get_id (incoming), ==, "new-accelerator");
  /* theirs (A's 200) against ours (B's 300) */
  g_assert_cmpfloat (roof_spec_get_number (incoming, "memory.bandwidth_GBps", 0), ==, 200);
  g_assert_cmpfloat (roof_spec_get_number (existing, "memory.bandwidth_GBps", 0), ==, 300);
  return FALSE; /* unanswered: both kept */
}

/* Two instances (no session bus) on one catalog file: each merges what the
 * other writes, never writes over it, and asks about an entry both edited. */
static void
test_two_writers (Fixture *f, gconstpointer data)
{
  g_autoptr (GFile) parent = g_file_get_parent (f->file);
  g_autoptr (RoofUserCatalog) a = NULL;
  g_autoptr (RoofUserCatalog) b = NULL;
  g_autoptr (GError) error = NULL;
  RoofCatalog *ca, *cb;
  RoofSpec *x;
  guint conflicts = 0;
  Seen w = { 0 };

  g_assert_true (g_file_make_directory_with_parents (parent, NULL, &error));
  a = load (f);
  b = load (f);
  ca = roof_user_catalog_get_catalog (a);
  cb = roof_user_catalog_get_catalog (b);
  g_signal_connect (b, "external-conflict", G_CALLBACK (conflict_cb), &conflicts);

  /* A adds a device: B gets it */
  x = roof_catalog_add_placeholder (ca, ROOF_ENTRY_HARDWARE);
  g_assert_cmpstr (roof_spec_get_id (x), ==, "new-accelerator");
  g_assert_true (roof_user_catalog_save (a, &error));
  g_assert_no_error (error);
  w = (Seen){ cb, ROOF_ENTRY_HARDWARE, "new-accelerator", NULL, 0 };
  wait_for (seen, &w, "B to merge A's device");

  /* B edits it and adds a model: A takes both (A had not changed it) */
  g_assert_true (roof_spec_set_number (roof_catalog_find_entry (cb, ROOF_ENTRY_HARDWARE,
                                                                "new-accelerator"),
                                       "memory.bandwidth_GBps", 100, &error));
  g_assert_nonnull (roof_catalog_add_placeholder (cb, ROOF_ENTRY_MODEL));
  g_assert_true (roof_user_catalog_save (b, &error));
  g_assert_no_error (error);
  w = (Seen){ ca, ROOF_ENTRY_HARDWARE, "new-accelerator", "memory.bandwidth_GBps", 100 };
  wait_for (seen, &w, "A to take B's edit");
  w = (Seen){ ca, ROOF_ENTRY_MODEL, "new-model", NULL, 0 };
  wait_for (seen, &w, "A to merge B's model");
  g_assert_cmpuint (conflicts, ==, 0);

  /* both edit the device, then both save at once (before either monitor
   * reports): B's save finds A's write, merges it, and asks */
  g_assert_true (roof_spec_set_number (x, "memory.bandwidth_GBps", 200, &error));
  g_assert_true (roof_spec_set_number (roof_catalog_find_entry (cb, ROOF_ENTRY_HARDWARE,
                                                                "new-accelerator"),
                                       "memory.bandwidth_GBps", 300, &error));
  g_assert_true (roof_user_catalog_save (a, &error));
  g_assert_true (roof_user_catalog_save (b, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (conflicts, ==, 1);
  /* unanswered, B keeps both: its own, and A's under a new id, saved */
  g_assert_false (roof_user_catalog_get_merging (b));
  g_assert_cmpfloat (roof_spec_get_number (roof_catalog_find_entry (cb, ROOF_ENTRY_HARDWARE,
                                                                    "new-accelerator"),
                                           "memory.bandwidth_GBps", 0),
                     ==, 300);
  g_assert_cmpfloat (roof_spec_get_number (roof_catalog_find_entry (cb, ROOF_ENTRY_HARDWARE,
                                                                    "new-accelerator-2"),
                                           "memory.bandwidth_GBps", 0),
                     ==, 200);
  g_assert_true (roof_user_catalog_flush (b, &error));
  {
    g_autoptr (RoofUserCatalog) back = load (f);
    RoofCatalog *cr = roof_user_catalog_get_catalog (back);

    /* on disk: nothing of either writer lost */
    g_assert_cmpfloat (roof_spec_get_number (roof_catalog_find_entry (cr, ROOF_ENTRY_HARDWARE,
                                                                      "new-accelerator"),
                                             "memory.bandwidth_GBps", 0),
                       ==, 300);
    g_assert_cmpfloat (roof_spec_get_number (roof_catalog_find_entry (cr, ROOF_ENTRY_HARDWARE,
                                                                      "new-accelerator-2"),
                                             "memory.bandwidth_GBps", 0),
                       ==, 200);
    g_assert_nonnull (roof_catalog_find_entry (cr, ROOF_ENTRY_MODEL, "new-model"));
  }
  /* and A, which had not changed it since its own save, takes B's file */
  w = (Seen){ ca, ROOF_ENTRY_HARDWARE, "new-accelerator-2", "memory.bandwidth_GBps", 200 };
  wait_for (seen, &w, "A to merge B's merge");
  g_assert_cmpfloat (roof_spec_get_number (x, "memory.bandwidth_GBps", 0), ==, 300);

  /* B removes the model A never changed: A removes it too */
  roof_catalog_remove_model (cb, "new-model");
  g_assert_true (roof_user_catalog_save (b, &error));
  g_assert_no_error (error);
  g_assert_true (roof_catalog_find_entry (ca, ROOF_ENTRY_MODEL, "new-model") != NULL);
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (roof_catalog_find_entry (ca, ROOF_ENTRY_MODEL, "new-model") != NULL)
      {
        g_assert_cmpint (g_get_monotonic_time (), <, end);
        g_main_context_iteration (NULL, FALSE);
        g_usleep (1000);
      }
  }
}

static gboolean
blocked (gpointer data)
{
  return roof_user_catalog_get_unreadable (data) != NULL;
}

static void
count_cb (RoofUserCatalog *store, GError *error, guint *n)
{
  (*n)++;
}

static gboolean
has_device (const char *path, const char *id)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (RoofUserCatalog) back = roof_user_catalog_new (file);
  g_autoptr (GError) error = NULL;

  g_assert_true (roof_user_catalog_load (back, NULL, NULL, &error));
  g_assert_no_error (error);
  return roof_catalog_find_hardware (roof_user_catalog_get_catalog (back), id) != NULL;
}

/* Another process leaves the file malformed: ours is not written over it
 * (it used to be, with only a log message): the error names the file and
 * the place, saves fail and changes stay unsaved until the user writes ours
 * beside it or over it. */
static void
test_other_writer_unreadable (Fixture *f, gconstpointer data)
{
  /* a "hardware" array never closed: the text ends on line 3, before its
   * first character (json-glib's column 0) */
  static const char broken[] = "{\n  \"hardware\": [\n";
  g_autoptr (GFile) parent = g_file_get_parent (f->file);
  g_autoptr (RoofUserCatalog) store = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) beside = NULL;
  g_autofree char *text = NULL;
  g_autofree char *backup = g_strconcat (f->path, "~", NULL);
  g_autofree char *beside_path = NULL;
  RoofCatalog *catalog;
  guint reports = 0;

  g_assert_true (g_file_make_directory_with_parents (parent, NULL, &error));
  store = load (f);
  catalog = roof_user_catalog_get_catalog (store);
  g_signal_connect (store, "external-unreadable", G_CALLBACK (count_cb), &reports);
  g_assert_nonnull (roof_catalog_add_placeholder (catalog, ROOF_ENTRY_HARDWARE));
  g_assert_true (roof_user_catalog_save (store, &error));
  g_assert_no_error (error);

  write_file (f, broken);
  wait_for (blocked, store, "the broken file to be noticed");
  g_assert_cmpuint (reports, ==, 1);
  g_assert_true (g_str_has_prefix (roof_user_catalog_get_unreadable (store)->message, f->path));
  g_assert_true (g_str_has_prefix (roof_user_catalog_get_unreadable (store)->message
                                     + strlen (f->path),
                                   ":3:0: Parse error: unexpected end of file"));
  /* our device is in memory only now */
  g_assert_true (roof_user_catalog_get_unsaved (store));

  /* a change and a save: nothing written, the save says why */
  g_assert_nonnull (roof_catalog_add_placeholder (catalog, ROOF_ENTRY_MODEL));
  g_assert_false (roof_user_catalog_get_pending (store));
  g_assert_false (roof_user_catalog_save (store, &error));
  g_assert_nonnull (strstr (error->message, "cannot be read"));
  g_clear_error (&error);
  g_assert_true (roof_user_catalog_get_unsaved (store));
  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, broken);
  g_clear_pointer (&text, g_free);
  g_assert_cmpuint (reports, ==, 1); /* the same file is not reported twice */

  /* beside it: ours in FILE.conflict-…, theirs untouched, still blocked */
  beside = roof_user_catalog_save_beside (store, &error);
  g_assert_no_error (error);
  beside_path = g_file_get_path (beside);
  g_assert_true (g_str_has_prefix (beside_path, f->path));
  g_assert_true (g_str_has_prefix (beside_path + strlen (f->path), ".conflict-"));
  g_assert_true (has_device (beside_path, "new-accelerator"));
  g_assert_false (roof_user_catalog_get_unsaved (store));
  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, broken);
  g_clear_pointer (&text, g_free);
  g_assert_nonnull (roof_user_catalog_get_unreadable (store));

  /* over it: ours in the file, theirs kept as FILE~, saving as before */
  g_assert_true (roof_user_catalog_overwrite (store, &error));
  g_assert_no_error (error);
  g_assert_null (roof_user_catalog_get_unreadable (store));
  g_assert_false (roof_user_catalog_get_unsaved (store));
  g_assert_true (has_device (f->path, "new-accelerator"));
  g_assert_true (g_file_get_contents (backup, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, broken);
  g_unlink (beside_path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, fn) \
  g_test_add ("/persistence/user-catalog/" path, Fixture, NULL, fixture_set_up, fn, \
              fixture_tear_down)
  ADD ("missing-file", test_missing_file);
  ADD ("every-builtin", test_every_builtin);
  ADD ("custom-round-trip", test_custom_round_trip);
  ADD ("debounce", test_debounce);
  ADD ("delete-undo", test_delete_undo);
  ADD ("corrupt", test_corrupt);
  ADD ("newer-version", test_newer_version);
  ADD ("not-a-file", test_not_a_file);
  ADD ("two-writers", test_two_writers);
  ADD ("other-writer-unreadable", test_other_writer_unreadable);
#undef ADD
  g_test_add_func ("/persistence/merge/import", test_merge_import);
  g_test_add_func ("/persistence/merge/bad-file", test_merge_bad_file);
  g_test_add_func ("/persistence/merge/long-name", test_merge_long_name);
  g_test_add_func ("/persistence/merge/scenario", test_merge_scenario);
  g_test_add_func ("/persistence/merge/scenario-bad", test_merge_scenario_bad);

  return g_test_run ();
}
