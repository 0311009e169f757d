/* test-persistence-crash.c — a save killed at any moment loses nothing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A child process saves two catalogs of about a megabyte, A and B, one after
 * the other to the same path with roof_json_save_atomic (); the parent kills
 * it with SIGKILL at a random moment, 200 times. After every kill the file
 * must be A or B exactly (by value) and load as a catalog, and its backup
 * FILE~, when there is one, too. Half the runs start from the state a kill
 * between two steps of a save can leave: FILE and FILE~ the same file (two
 * hard links), where GIO's own replace would rewrite the file in place.
 * Two processes saving at once leave one whole version too.
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "roof-catalog.h"
#include "roof-json.h"

#define N_KILLS 200

static JsonNode *doc_a;
static JsonNode *doc_b;
static char *text_a; /* compact text of each, to compare with */
static char *text_b;
static char *pretty_a; /* what the writer puts in the file */
static char *pretty_b;
static guint n_devices_a; /* in each */
static guint n_devices_b;

/* A valid catalog of `n` devices whose notes say `tag`: about 700 bytes each. */
static JsonNode *
make_catalog (const char *tag, guint n)
{
  g_autoptr (GString) text = g_string_new ("{ \"format\": \"roofline-catalog\", \"version\": 1, "
                                           "\"hardware\": [");
  g_autoptr (GError) error = NULL;
  JsonNode *root;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text,
                            "%s{ \"id\": \"dev-%c-%u\", \"name\": \"Device %s %u\", "
                            "\"vendor\": \"Vendor %u\", \"year\": %u, \"kind\": \"gpu\", "
                            "\"memory\": { \"capacity_GB\": %u, \"bandwidth_GBps\": %u.5 }, "
                            "\"compute_TFLOPS\": { \"bf16\": %u.25, \"fp8\": %u.5 }, "
                            "\"interconnect\": { \"bandwidth_GBps\": 450, \"latency_us\": 1 }, "
                            "\"price_usd_per_hour\": 2.%02u, "
                            "\"notes\": \"%s: padding padding padding padding padding padding "
                            "padding padding padding padding padding padding padding padding "
                            "padding padding padding padding padding padding padding padding\" }",
                            i ? ", " : "", g_ascii_tolower (tag[0]), i, tag, i, i % 17, 2000 + i % 100, 16 + i % 200,
                            100 + i, 100 + i, 200 + i, i % 100, tag);
  g_string_append (text, "] }");
  root = roof_json_parse (text->str, (gssize) text->len, tag, &error);
  g_assert_no_error (error);
  return root;
}

/* Versions A and B, of `n_a` and `n_b` devices, and their texts. */
static void
versions_set_up (guint n_a, guint n_b)
{
  n_devices_a = n_a;
  n_devices_b = n_b;
  doc_a = make_catalog ("A", n_devices_a);
  doc_b = make_catalog ("B", n_devices_b);
  text_a = roof_json_to_string (doc_a, FALSE);
  text_b = roof_json_to_string (doc_b, FALSE);
  pretty_a = roof_json_to_string (doc_a, TRUE);
  pretty_b = roof_json_to_string (doc_b, TRUE);
}

static void
versions_clear (void)
{
  g_clear_pointer (&doc_a, json_node_unref);
  g_clear_pointer (&doc_b, json_node_unref);
  g_clear_pointer (&text_a, g_free);
  g_clear_pointer (&text_b, g_free);
  g_clear_pointer (&pretty_a, g_free);
  g_clear_pointer (&pretty_b, g_free);
}

/* The writer is deterministic and keeps member order, so a document read
 * back is equal by value to A exactly when its compact text is A's. */
static gboolean
is_version (JsonNode *root, const char *text)
{
  g_autofree char *x = roof_json_to_string (root, FALSE);

  return strcmp (x, text) == 0;
}

/* The file at `path` is A or B. Its bytes are compared with the text the
 * writer makes of each (which parses: checked once, and again by value with
 * a load as a catalog every `full` time), so 200 kills stay quick. */
static void
check_file (const char *path, gboolean full, guint *n_a, guint *n_b)
{
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  gboolean is_a, is_b;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  is_a = length == strlen (pretty_a) && memcmp (contents, pretty_a, length) == 0;
  is_b = length == strlen (pretty_b) && memcmp (contents, pretty_b, length) == 0;
  if (!is_a && !is_b)
    g_error ("%s is neither version A nor version B (%" G_GSIZE_FORMAT " bytes)", path, length);
  *(is_a ? n_a : n_b) += 1;

  if (full)
    {
      g_autoptr (JsonNode) root = roof_json_parse (contents, (gssize) length, path, &error);
      g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
      gboolean ok;

      g_assert_no_error (error);
      g_assert_true (is_version (root, is_a ? text_a : text_b));
      ok = roof_catalog_load_data (catalog, contents, (gssize) length, path, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (ok);
      g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==,
                        is_a ? n_devices_a : n_devices_b);
    }
}

/* Saves A, B, A, B… for ever, writing a byte to `progress` after each. */
G_GNUC_NORETURN static void
child_main (const char *path, int progress)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  for (guint i = 0;; i++)
    {
      g_autoptr (GError) error = NULL;

      if (!roof_json_save_atomic (i % 2 ? doc_b : doc_a, file, &error))
        {
          g_printerr ("child: %s\n", error->message);
          _exit (3);
        }
      if (write (progress, "s", 1) != 1)
        _exit (4);
    }
}

/* Waits until the child has finished `n` saves. */
static void
wait_for_saves (int progress, guint n)
{
  char c;

  for (guint i = 0; i < n; i++)
    g_assert_cmpint (read (progress, &c, 1), ==, 1);
}

static void
test_kill_while_saving (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roof-crash-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "catalog.json", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  guint n_a = 0, n_b = 0, n_backups = 0, n_backup_a = 0, n_backup_b = 0;
  gint64 start, save_us;

  g_assert_no_error (error);
  versions_set_up (1400, 1500);

  /* how long one save takes, so the kills land all over it */
  start = g_get_monotonic_time ();
  g_assert_true (roof_json_save_atomic (doc_a, file, &error));
  g_assert_no_error (error);
  save_us = MAX (g_get_monotonic_time () - start, 1000);
  g_test_message ("one save of %s takes %" G_GINT64_FORMAT " µs", path, save_us);

  for (guint k = 0; k < N_KILLS; k++)
    {
      pid_t pid;
      int status = 0;
      int progress[2];

      if (k % 2 == 1)
        {
          /* what a kill between the backup's link and the rename leaves */
          g_unlink (backup);
          g_assert_cmpint (link (path, backup), ==, 0);
        }

      g_assert_cmpint (pipe (progress), ==, 0);
      pid = fork ();
      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          close (progress[0]);
          child_main (path, progress[1]);
        }
      close (progress[1]);

      if (k % 4 == 3)
        {
          /* at the start of the third save, once A and B are written: the
           * file is B unless that save completes first. A loaded machine
           * slows the child down, and the random kills below then land
           * mostly during the first two saves, whose kills leave A. */
          wait_for_saves (progress[0], 2);
        }
      else
        {
          /* anywhere within the first three saves */
          g_usleep ((gulong) g_test_rand_int_range (0, (gint32) MIN (save_us * 3, G_MAXINT32)));
        }
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      close (progress[0]);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      if (!(WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL))
        g_error ("the child did not die of SIGKILL (status %d)", status);

      check_file (path, k % 10 == 0, &n_a, &n_b);
      if (g_file_test (backup, G_FILE_TEST_EXISTS))
        {
          n_backups++;
          check_file (backup, k % 10 == 5, &n_backup_a, &n_backup_b);
        }
    }

  g_test_message ("after %u kills: A %u times, B %u times; a backup %u times", N_KILLS, n_a, n_b,
                  n_backups);
  /* the kills did land during saves of both versions */
  g_assert_cmpuint (n_a + n_b, ==, N_KILLS);
  g_assert_cmpuint (n_b, >, 0);
  g_assert_cmpuint (n_backups, >, 0);

  /* the temporary files of the killed saves are all that is left over */
  {
    g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *child = g_build_filename (dir, name, NULL);

        g_unlink (child);
      }
  }
  g_rmdir (dir);
  versions_clear ();
}

/* Two processes save A and B to the same path at the same time, 100 times
 * each, while this one reads the file: every read, and the end, finds one
 * whole version, and so does the backup. */
static void
test_two_writers (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roof-race-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "catalog.json", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  guint n_a = 0, n_b = 0, n_reads = 0;
  pid_t writers[2];

  g_assert_no_error (error);
  versions_set_up (60, 70);
  g_assert_true (roof_json_save_atomic (doc_a, file, &error));
  g_assert_no_error (error);

  for (guint w = 0; w < 2; w++)
    {
      writers[w] = fork ();
      g_assert_cmpint (writers[w], >=, 0);
      if (writers[w] == 0)
        {
          for (guint i = 0; i < 100; i++)
            if (!roof_json_save_atomic (w ? doc_b : doc_a, file, &error))
              {
                g_printerr ("writer %u: %s\n", w, error->message);
                _exit (3);
              }
          _exit (0);
        }
    }
  for (guint w = 0; w < 2; w++)
    {
      int status = 0;

      while (waitpid (writers[w], &status, WNOHANG) == 0)
        {
          check_file (path, n_reads % 50 == 0, &n_a, &n_b);
          n_reads++;
        }
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 0);
    }
  check_file (path, TRUE, &n_a, &n_b);
  check_file (backup, TRUE, &n_a, &n_b);
  g_test_message ("%u reads while two processes saved: A %u times, B %u times", n_reads, n_a,
                  n_b);
  g_assert_cmpuint (n_a + n_b, ==, n_reads + 2);

  /* and no temporary file is left over */
  {
    g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    guint n_files = 0;

    while ((name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *child = g_build_filename (dir, name, NULL);

        g_assert_false (g_str_has_prefix (name, ".roofline-"));
        n_files++;
        g_unlink (child);
      }
    g_assert_cmpuint (n_files, ==, 2);
  }
  g_rmdir (dir);
  versions_clear ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/persistence/crash/kill-while-saving", test_kill_while_saving);
  g_test_add_func ("/persistence/crash/two-writers", test_two_writers);

  return g_test_run ();
}
