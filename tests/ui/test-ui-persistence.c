/* test-ui-persistence.c — custom devices and scenario files, through the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What an analyst does: create a device, type its bandwidth into the
 * editor, compare it, save the scenario, open the file in a new window (as
 * a colleague without the device would) and find the same figures; close
 * with unsaved changes and be asked; delete a device and undo; restore the
 * recovery copy a crash left; open a bad file and lose nothing; import a
 * file whose entries differ and be asked. The saved file also reproduces the
 * summary strip's figures headless, in roofline-cli.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "roof-hardware-panel.h"
#include "roof-json.h"
#include "roof-spec-editor.h"
#include "roof-window.h"
#include "ui-test-util.h"
#include "roof-test-util.h"

#define WAIT_MS 10000
#define DEVICE "new-accelerator"

typedef struct
{
  char *dir;
  RoofUserCatalog *store;
  RoofWindow *window;
} Fixture;

static RoofWindow *
show_window (RoofUserCatalog *store)
{
  return ui_show_roof_window (NULL, store, WAIT_MS);
}

static RoofUserCatalog *
new_store (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, "roofline", "catalog.json", NULL);

  return ui_load_user_catalog (path);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("roofline-persist-XXXXXX", &error);
  g_assert_no_error (error);
  f->store = new_store (f->dir, "me");
  f->window = show_window (f->store);
}

static void
destroy_window (RoofWindow *window)
{
  ui_destroy_window (GTK_WINDOW (window));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  /* dialogs left by a test */
  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i - 1);

      if (ADW_IS_MESSAGE_DIALOG (w))
        gtk_window_destroy (w);
    }
  if (f->window != NULL)
    destroy_window (f->window);
  g_assert_finalize_object (f->store);
  roof_test_remove_tree (f->dir);
  g_free (f->dir);
}

/* ---------------------------------------------------------------------- */
/* Helpers                                                                 */

static AdwMessageDialog *
wait_for_dialog (RoofWindow *window)
{
  return ui_wait_for_dialog (GTK_WINDOW (window), WAIT_MS);
}

/* Answers the way a click does: the response, then the dialog goes. */
static void
respond (AdwMessageDialog *dialog, const char *response)
{
  g_object_ref (dialog);
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
  ui_flush ();
}

static GtkWidget *
editor_field (RoofWindow *window, const char *path)
{
  GtkWidget *editor = ui_find_named (roof_window_get_hardware_panel (window), "hardware-editor");

  g_assert_nonnull (editor);
  return roof_spec_editor_get_field (ROOF_SPEC_EDITOR (editor), path);
}

typedef struct
{
  RoofWindow *window;
  const char *id;
} RowWait;

static gboolean
row_shown (gpointer data)
{
  RowWait *w = data;

  return ui_find_with_spec (roof_window_get_hardware_panel (w->window), "RoofHardwareRow", "spec",
                            w->id)
         != NULL;
}

static void
compare (RoofWindow *window, const char *id)
{
  RoofHardwarePanel *panel = ROOF_HARDWARE_PANEL (roof_window_get_hardware_panel (window));
  RowWait w = { window, id };
  GtkWidget *row, *check;

  roof_hardware_panel_set_search (panel, id);
  ui_wait_for (row_shown, &w, WAIT_MS, "the device's row");
  row = ui_find_with_spec (GTK_WIDGET (panel), "RoofHardwareRow", "spec", id);
  check = ui_find_of_type (row, GTK_TYPE_CHECK_BUTTON);
  g_assert_nonnull (check);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  roof_hardware_panel_set_search (panel, "");
}

static int
row_of (RoofWindow *window, const char *name)
{
  RoofSummaryStrip *strip = roof_window_get_summary_strip (window);

  roof_window_recompute (window);
  for (int i = 0; i < roof_summary_strip_get_n_rows (strip); i++)
    if (g_strcmp0 (roof_summary_strip_get_cell (strip, i, ROOF_SUMMARY_DEVICE), name) == 0)
      return i;
  return -1;
}

static char *
cells (RoofWindow *window, const char *name)
{
  RoofSummaryStrip *strip = roof_window_get_summary_strip (window);
  int row = row_of (window, name);
  GString *out = g_string_new (NULL);

  g_assert_cmpint (row, >=, 0);
  for (int c = 0; c < ROOF_SUMMARY_N_COLUMNS; c++)
    g_string_append_printf (out, "%s|", roof_summary_strip_get_cell (strip, row, c));
  return g_string_free (out, FALSE);
}

static JsonObject *
read_json (const char *path)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static JsonObject *
embedded (JsonObject *scenario, const char *array, const char *id)
{
  JsonObject *catalog = json_object_get_object_member (scenario, "catalog");
  JsonArray *entries;

  g_assert_nonnull (catalog);
  entries = json_object_get_array_member (catalog, array);
  for (guint i = 0; entries != NULL && i < json_array_get_length (entries); i++)
    {
      JsonObject *e = json_array_get_object_element (entries, i);

      if (g_strcmp0 (json_object_get_string_member (e, "id"), id) == 0)
        return e;
    }
  return NULL;
}

/* A new device, its bandwidth typed into the editor, compared. */
static RoofHardwareSpec *
create_device (RoofWindow *window, double bandwidth)
{
  RoofCatalog *catalog = roof_window_get_catalog (window);
  RoofHardwareSpec *spec;
  GtkWidget *field;
  g_autofree char *text = g_strdup_printf ("%g", bandwidth);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-hardware", NULL));
  spec = roof_catalog_find_hardware (catalog, DEVICE);
  g_assert_nonnull (spec);
  g_assert_false (roof_spec_get_builtin (ROOF_SPEC (spec)));
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (spec)), ==, "New accelerator");
  g_assert_true (roof_hardware_panel_get_selected (
                   ROOF_HARDWARE_PANEL (roof_window_get_hardware_panel (window)))
                 == spec);

  field = editor_field (window, "memory.bandwidth_GBps");
  /* a number typed into an entry row */
  g_assert_true (ADW_IS_ENTRY_ROW (field));
  g_assert_cmpint (adw_entry_row_get_input_purpose (ADW_ENTRY_ROW (field)), ==,
                   GTK_INPUT_PURPOSE_NUMBER);
  ui_type (field, text);
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (spec), "memory.bandwidth_GBps", 0), ==,
                     bandwidth);
  ui_type (editor_field (window, "name"), "Rumoured X1");
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (spec)), ==, "Rumoured X1");

  compare (window, DEVICE);
  g_assert_true (roof_scenario_has_hardware (roof_window_get_scenario (window), DEVICE));
  g_assert_cmpint (row_of (window, "Rumoured X1"), >=, 0);
  return spec;
}

/* ---------------------------------------------------------------------- */
/* create → edit → save → reopen → the same figures                        */

static void
test_round_trip (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "comparison.roofline", NULL);
  g_autofree char *uri = NULL;
  g_autofree char *mine = NULL;
  g_autofree char *h100 = NULL;
  g_autoptr (JsonObject) saved = NULL;
  g_autoptr (RoofUserCatalog) colleague = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (path);
  RoofDocument *document = roof_window_get_document (f->window);
  RoofWindow *other;
  JsonObject *entry;

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==,
                   "Untitled Scenario — Roofline");
  g_assert_false (roof_document_get_dirty (document));

  create_device (f->window, 4321);
  /* the unsaved mark */
  g_assert_true (roof_document_get_dirty (document));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==,
                   "• Untitled Scenario — Roofline");
  mine = cells (f->window, "Rumoured X1");
  h100 = cells (f->window, "H100 SXM5 80 GB");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.save-to", "s", path));
  g_assert_false (roof_document_get_dirty (document));
  g_assert_true (g_file_equal (roof_window_get_file (f->window), file));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==,
                   "comparison.roofline — Roofline");
  uri = g_file_get_uri (file);
  g_assert_true (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));

  /* self-contained: the custom device travels in the file */
  saved = read_json (path);
  g_assert_cmpstr (json_object_get_string_member (saved, "format"), ==, "roofline-scenario");
  entry = embedded (saved, "hardware", DEVICE);
  g_assert_nonnull (entry);
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (entry,
                                                                                    "memory"),
                                                    "bandwidth_GBps"),
                     ==, 4321);

  /* a colleague's Roofline, which has never seen the device */
  colleague = new_store (f->dir, "colleague");
  g_assert_null (roof_catalog_find_hardware (roof_user_catalog_get_catalog (colleague), DEVICE));
  other = show_window (colleague);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "win.open-file", "s", path));
  g_assert_true (g_file_equal (roof_window_get_file (other), file));
  g_assert_false (roof_document_get_dirty (roof_window_get_document (other)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (other)), ==, "comparison.roofline — Roofline");
  {
    RoofHardwareSpec *spec
      = roof_catalog_find_hardware (roof_window_get_catalog (other), DEVICE);
    g_autofree char *theirs = NULL;
    g_autofree char *their_h100 = NULL;

    g_assert_nonnull (spec);
    g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (spec), "memory.bandwidth_GBps", 0), ==,
                       4321);
    g_assert_true (roof_scenario_has_hardware (roof_window_get_scenario (other), DEVICE));
    theirs = cells (other, "Rumoured X1");
    their_h100 = cells (other, "H100 SXM5 80 GB");
    g_assert_cmpstr (theirs, ==, mine);
    g_assert_cmpstr (their_h100, ==, h100);
  }
  destroy_window (other);

  /* opened again in my own Roofline: the same, nothing asked */
  other = show_window (f->store);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "win.open-file", "s", path));
  g_assert_null (ui_find_message_dialog (GTK_WINDOW (other)));
  {
    g_autofree char *again = cells (other, "Rumoured X1");

    g_assert_cmpstr (again, ==, mine);
  }
  destroy_window (other);

  /* and in my catalog, saved */
  g_assert_true (roof_user_catalog_flush (f->store, NULL));
  {
    g_autoptr (RoofUserCatalog) restarted = new_store (f->dir, "me");
    RoofHardwareSpec *spec
      = roof_catalog_find_hardware (roof_user_catalog_get_catalog (restarted), DEVICE);

    g_assert_nonnull (spec);
    g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (spec)), ==, "Rumoured X1");
  }
}

/* ---------------------------------------------------------------------- */
/* The file reproduces the strip's figures in roofline-cli                 */

static char *
sig4 (double v, const char *unit)
{
  int e = (int) floor (log10 (fabs (v)));
  int decimals = MAX (3 - e, 0);

  return g_strdup_printf ("%.*f%s%s", decimals, v, unit ? " " : "", unit ? unit : "");
}

static void
test_cli_reproduces (Fixture *f, gconstpointer data)
{
  const char *cli = g_getenv ("ROOFLINE_CLI");
  g_autofree char *path = g_build_filename (f->dir, "for-cli.roofline", NULL);
  g_autofree char *svg = g_build_filename (f->dir, "cost.svg", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  RoofSummaryStrip *strip = roof_window_get_summary_strip (f->window);
  JsonArray *results;
  int status = 0;
  guint matched = 0;

  roof_window_recompute (f->window);
  if (cli == NULL)
    {
      g_test_skip ("ROOFLINE_CLI is not set");
      return;
    }
  create_device (f->window, 2500);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.save-to", "s", path));

  {
    const char *argv[] = { cli, "solve", "--scenario", path, "--json", NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                  &error);
    g_assert_no_error (error);
    if (!g_spawn_check_wait_status (status, NULL))
      g_error ("roofline-cli solve failed: %s", err);
  }
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  results = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                          "results");
  g_assert_cmpuint (json_array_get_length (results), ==, 4);
  for (guint i = 0; i < json_array_get_length (results); i++)
    {
      JsonObject *r = json_array_get_object_element (results, i);
      const char *id = json_object_get_string_member (r, "hardware");
      /* the strip lists the devices in the scenario's order, as the CLI does */
      int row = (int) i;
      g_autofree char *itl = sig4 (json_object_get_double_member (r, "t_step_s") * 1e3, "ms");

      g_assert_cmpstr (id, ==, roof_scenario_get_hardware (roof_window_get_scenario (f->window))[i]);
      if (g_str_equal (id, DEVICE))
        g_assert_cmpstr (roof_summary_strip_get_cell (strip, row, ROOF_SUMMARY_DEVICE), ==,
                         "Rumoured X1");
      g_test_message ("%s: CLI %s, strip %s", id, itl,
                      roof_summary_strip_get_cell (strip, row, ROOF_SUMMARY_ITL));
      g_assert_cmpstr (roof_summary_strip_get_cell (strip, row, ROOF_SUMMARY_ITL), ==, itl);
      matched += g_str_equal (id, DEVICE);
    }
  g_assert_cmpuint (matched, ==, 1);

  /* and draws its chart */
  {
    const char *argv[] = { cli, "plot", "cost", "--scenario", path, "-o", svg, NULL };
    g_autofree char *contents = NULL;
    g_autofree char *said = NULL;
    gsize length = 0;
    RsvgHandle *handle;

    /* its stdout is captured: a stray line would break this test's TAP */
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &said, NULL, &status,
                  &error);
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (said, "cost chart"));
    g_file_get_contents (svg, &contents, &length, &error);
    g_assert_no_error (error);
    handle = rsvg_handle_new_from_data ((const guint8 *) contents, length, &error);
    g_assert_no_error (error);
    {
      double w = 0, h = 0;

      /* cairo draws text as glyph outlines: a picture of some size is what
       * can be checked here (tests/cli checks the charts themselves) */
      g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &w, &h));
      g_assert_cmpfloat (w, >, 100);
      g_assert_cmpfloat (h, >, 100);
    }
    g_object_unref (handle);
  }
}

/* ---------------------------------------------------------------------- */
/* Closing with unsaved changes asks                                       */

static void
make_dirty (RoofWindow *window, double batch)
{
  GtkWidget *spin = ui_find_named (roof_window_get_model_panel (window), "batch-spin");

  gtk_adjustment_set_value (roof_ui_number_row_get_adjustment (ADW_ENTRY_ROW (spin)), batch);
  g_assert_true (roof_document_get_dirty (roof_window_get_document (window)));
}

static void
test_close_asks (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "asked.roofline", NULL);
  AdwMessageDialog *dialog;
  g_autoptr (JsonObject) saved = NULL;

  /* clean: closes at once (with no application, closing destroys) */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.save-to", "s", path));
  make_dirty (f->window, 8);
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "• "));

  gtk_window_close (GTK_WINDOW (f->window));
  dialog = wait_for_dialog (f->window);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==,
                   "Save Changes to “asked.roofline”?");
  g_assert_true (adw_message_dialog_has_response (dialog, "discard"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));

  /* Cancel: nothing happens */
  respond (dialog, "cancel");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));
  g_assert_true (roof_document_get_dirty (roof_window_get_document (f->window)));

  /* Save: written, then closed */
  gtk_window_close (GTK_WINDOW (f->window));
  dialog = wait_for_dialog (f->window);
  g_object_ref (f->window);
  respond (dialog, "save");
  saved = read_json (path);
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (saved,
                                                                                    "workload"),
                                                    "batch"),
                     ==, 8);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->window)));
  g_object_unref (f->window);
  ui_flush ();
  g_assert_finalize_object (f->window);
  f->window = NULL;

  /* Discard: closed, the file as it was */
  f->window = show_window (f->store);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-file", "s", path));
  make_dirty (f->window, 32);
  gtk_window_close (GTK_WINDOW (f->window));
  dialog = wait_for_dialog (f->window);
  g_object_ref (f->window);
  respond (dialog, "discard");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->window)));
  g_object_unref (f->window);
  ui_flush ();
  g_assert_finalize_object (f->window);
  f->window = NULL;
  g_clear_pointer (&saved, json_object_unref);
  saved = read_json (path);
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (saved,
                                                                                    "workload"),
                                                    "batch"),
                     ==, 8);
}

/* ---------------------------------------------------------------------- */
/* Deleting a device, and Undo                                             */

static void
test_delete_undo (Fixture *f, gconstpointer data)
{
  RoofCatalog *catalog = roof_window_get_catalog (f->window);
  RoofScenario *scenario = roof_window_get_scenario (f->window);
  RoofHardwareSpec *spec = create_device (f->window, 1234);
  int color = roof_scenario_get_color (scenario, DEVICE);
  g_auto (GStrv) before = g_strdupv ((char **) roof_scenario_get_hardware (scenario));
  GtkWidget *undo;

  g_object_ref (spec);
  /* built-in devices offer no Delete */
  g_assert_true (roof_hardware_panel_select_hardware (
    ROOF_HARDWARE_PANEL (roof_window_get_hardware_panel (f->window)), "nvidia-l4"));
  g_assert_false (gtk_widget_get_visible (
    ui_find_named (roof_window_get_hardware_panel (f->window), "delete-hardware")));
  g_assert_true (roof_hardware_panel_select_hardware (
    ROOF_HARDWARE_PANEL (roof_window_get_hardware_panel (f->window)), DEVICE));
  g_assert_true (gtk_widget_get_visible (
    ui_find_named (roof_window_get_hardware_panel (f->window), "delete-hardware")));

  g_signal_emit_by_name (ui_find_named (roof_window_get_hardware_panel (f->window),
                                        "delete-hardware"),
                         "clicked");
  g_assert_null (roof_catalog_find_hardware (catalog, DEVICE));
  g_assert_false (roof_scenario_has_hardware (scenario, DEVICE));
  g_assert_cmpint (row_of (f->window, "Rumoured X1"), <, 0);
  ui_flush ();

  undo = ui_find_button_labelled (GTK_WIDGET (f->window), "_Undo");
  g_assert_nonnull (undo);
  g_signal_emit_by_name (undo, "clicked");
  ui_flush ();
  g_assert_true (roof_catalog_find_hardware (catalog, DEVICE) == spec);
  g_assert_true (g_strv_equal ((const char *const *) before, roof_scenario_get_hardware (scenario)));
  g_assert_cmpint (roof_scenario_get_color (scenario, DEVICE), ==, color);
  g_assert_cmpint (row_of (f->window, "Rumoured X1"), >=, 0);
  g_object_unref (spec);
}

/* ---------------------------------------------------------------------- */
/* The recovery copy a crash leaves                                        */

static gboolean
recovery_written (gpointer data)
{
  GFile *recovery = roof_document_get_recovery_file (data);

  return recovery != NULL && g_file_query_exists (recovery, NULL);
}

static void
test_recovery (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "recover-me.roofline", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  RoofDocument *document = roof_window_get_document (f->window);
  g_autoptr (GFile) recovery = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *mine = NULL;
  RoofWindow *restored;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.save-to", "s", path));
  create_device (f->window, 777);
  make_dirty (f->window, 64);
  mine = cells (f->window, "Rumoured X1");

  /* the timer (every 30 seconds; one here) writes the copy */
  g_assert_null (roof_document_get_recovery_file (document));
  roof_document_set_autosave_interval (document, 1);
  ui_wait_for (recovery_written, document, WAIT_MS, "the recovery copy");
  recovery = g_object_ref (roof_document_get_recovery_file (document));
  /* and writes it again only after a change */
  g_assert_true (roof_document_autosave (document, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_query_exists (recovery, NULL));
  {
    g_autoptr (GFile) store_dir = g_file_get_parent (roof_user_catalog_get_file (f->store));
    g_autoptr (GFile) expected = g_file_get_child (store_dir, "recovery");
    g_autoptr (GFile) parent = g_file_get_parent (recovery);
    g_autoptr (GPtrArray) found = roof_document_list_recovery (expected);

    g_assert_true (g_file_equal (parent, expected));
    g_assert_cmpuint (found->len, ==, 1);
  }

  /* a crash: the window goes, its copy stays (simulated by keeping a copy
   * of the copy, since closing removes it) */
  {
    g_autofree char *kept = g_strconcat (g_file_peek_path (recovery), ".kept", NULL);
    g_autoptr (GFile) kept_file = g_file_new_for_path (kept);

    g_assert_true (g_file_copy (recovery, kept_file, G_FILE_COPY_NONE, NULL, NULL, NULL, &error));
    destroy_window (f->window);
    f->window = NULL;
    g_assert_false (g_file_query_exists (recovery, NULL));
    g_assert_true (g_file_move (kept_file, recovery, G_FILE_COPY_NONE, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
  }

  f->window = show_window (f->store);
  g_assert_true (roof_window_restore_recovery (f->window, recovery, FALSE, &error));
  g_assert_no_error (error);
  restored = f->window;
  g_assert_true (g_file_equal (roof_window_get_file (restored), file));
  g_assert_true (roof_document_get_dirty (roof_window_get_document (restored)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (restored)), ==,
                   "• recover-me.roofline — Roofline");
  g_assert_cmpfloat (roof_scenario_get_workload (roof_window_get_scenario (restored))->batch, ==,
                     64);
  {
    g_autofree char *again = cells (restored, "Rumoured X1");

    g_assert_cmpstr (again, ==, mine);
  }
  /* saving ends the recovery copy */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (restored), "win.save", NULL));
  g_assert_false (roof_document_get_dirty (roof_window_get_document (restored)));
  g_assert_false (g_file_query_exists (recovery, NULL));
}

/* ---------------------------------------------------------------------- */
/* A bad file: a dialog naming the place, and nothing changed              */

static void
test_bad_file (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "broken.roofline", NULL);
  g_autofree char *before = NULL;
  AdwMessageDialog *dialog;
  const char *body;

  before = cells (f->window, "H100 SXM5 80 GB");
  g_file_set_contents (path,
                       "{\n  \"format\": \"roofline-scenario\", \"version\": 1,\n"
                       "  \"hardware\": [\"nvidia-l4\"], \"model\": \"llama-3.1-8b\",\n"
                       "  \"workload\": { \"batch\": 8 \n}\n",
                       -1, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-file", "s", path));
  dialog = wait_for_dialog (f->window);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==,
                   "Could Not Open “broken.roofline”");
  body = adw_message_dialog_get_body (dialog);
  g_test_message ("%s", body);
  g_assert_true (g_str_has_prefix (body, path));
  g_assert_nonnull (strstr (body, ".roofline:5:"));
  respond (dialog, "close");

  /* invalid values: the field is named */
  g_file_set_contents (path,
                       "{ \"format\": \"roofline-scenario\", \"version\": 1, \"hardware\": "
                       "[\"nvidia-l4\"], \"model\": \"llama-3.1-8b\", \"workload\": { "
                       "\"batch\": -3 } }",
                       -1, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-file", "s", path));
  dialog = wait_for_dialog (f->window);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog),
                            "workload.batch must be > 0, got -3"));
  respond (dialog, "close");

  /* a newer version */
  g_file_set_contents (path,
                       "{ \"format\": \"roofline-scenario\", \"version\": 9, \"hardware\": [], "
                       "\"model\": \"x\" }",
                       -1, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-file", "s", path));
  dialog = wait_for_dialog (f->window);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog),
                            "written by a newer Roofline (file version 9, this build reads 2)"));
  respond (dialog, "close");

  /* not a file: refused at once, saying what it is (a FIFO without a
   * writer used to freeze the window for ever) */
  {
    g_autofree char *fifo = g_build_filename (f->dir, "pipe.roofline", NULL);
    g_autofree char *expected = g_strconcat (fifo, ": is a pipe (FIFO); only regular files are "
                                                   "read here", NULL);
    g_autoptr (GFile) fifo_file = g_file_new_for_path (fifo);
    g_autoptr (GError) error = NULL;

    g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-file", "s",
                                               fifo));
    dialog = wait_for_dialog (f->window);
    g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, expected);
    respond (dialog, "close");
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-file", "s",
                                               "/dev/zero"));
    dialog = wait_for_dialog (f->window);
    g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                     "/dev/zero: is a character device, not a file");
    respond (dialog, "close");

    /* nor is a recovery copy read from one */
    g_assert_null (roof_document_read_recovery (fifo_file, NULL, NULL, NULL, &error));
    g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO);
    g_assert_cmpstr (error->message, ==, expected);
    g_unlink (fifo);
  }

  g_assert_null (roof_window_get_file (f->window));
  g_assert_false (roof_document_get_dirty (roof_window_get_document (f->window)));
  {
    g_autofree char *after = cells (f->window, "H100 SXM5 80 GB");

    g_assert_cmpstr (after, ==, before);
  }
}

/* ---------------------------------------------------------------------- */
/* Importing a file whose entries differ asks                              */

static void
test_import_conflict (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "theirs.json", NULL);
  RoofCatalog *catalog = roof_window_get_catalog (f->window);
  AdwMessageDialog *dialog;
  GtkWidget *same_for_rest;

  g_file_set_contents (
    path,
    "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hardware\": [\n"
    "  { \"id\": \"nvidia-h100-sxm\", \"name\": \"NVIDIA H100 SXM5 80 GB\", \"memory\": {\n"
    "    \"capacity_GB\": 80, \"bandwidth_GBps\": 3000 }, \"compute_TFLOPS\": { \"bf16\": 900 } },\n"
    "  { \"id\": \"nvidia-l4\", \"name\": \"L4, negotiated\", \"memory\": {\n"
    "    \"capacity_GB\": 24, \"bandwidth_GBps\": 300 }, \"compute_TFLOPS\": { \"bf16\": 121 },\n"
    "    \"price_usd_per_hour\": 0.4 },\n"
    "  { \"id\": \"brand-new\", \"name\": \"Brand New\", \"memory\": { \"capacity_GB\": 8,\n"
    "    \"bandwidth_GBps\": 100 }, \"compute_TFLOPS\": {} } ] }",
    -1, NULL);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.import-from", "s",
                                             path));
  dialog = wait_for_dialog (f->window);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==,
                   "Replace “NVIDIA H100 SXM5 80 GB”?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "memory.bandwidth_GBps"));
  same_for_rest = adw_message_dialog_get_extra_child (dialog);
  g_assert_true (GTK_IS_CHECK_BUTTON (same_for_rest));
  /* nothing changed while asking */
  g_assert_null (roof_catalog_find_hardware (catalog, "brand-new"));
  respond (dialog, "keep");

  dialog = wait_for_dialog (f->window);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Replace “NVIDIA L4”?");
  g_assert_null (adw_message_dialog_get_extra_child (dialog));
  respond (dialog, "replace");

  g_assert_nonnull (roof_catalog_find_hardware (catalog, "brand-new"));
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (roof_catalog_find_hardware (
                     catalog, "nvidia-h100-sxm-2"))),
                   ==, "NVIDIA H100 SXM5 80 GB (2)");
  g_assert_false (roof_spec_get_modified (
    ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"))));
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (roof_catalog_find_hardware (catalog,
                                                                              "nvidia-l4"))),
                   ==, "L4, negotiated");
  g_assert_true (roof_spec_get_builtin (ROOF_SPEC (roof_catalog_find_hardware (catalog,
                                                                               "nvidia-l4"))));

  /* again: only what still differs is asked about, and Cancel changes nothing */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.import-from", "s",
                                             path));
  dialog = wait_for_dialog (f->window);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==,
                   "Replace “NVIDIA H100 SXM5 80 GB”?");
  respond (dialog, "cancel");
  g_assert_null (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm-3"));
}

/* ---------------------------------------------------------------------- */
/* Exporting chosen entries                                                */

static void
test_export_entries (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "export.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GPtrArray) specs = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) back = roof_catalog_new ();
  AdwMessageDialog *dialog;
  GtkWidget *list;

  create_device (f->window, 999);
  /* the picker lists the custom device (ticked) */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-hardware", NULL));
  dialog = wait_for_dialog (f->window);
  list = ui_find_named (GTK_WIDGET (dialog), "export-entries");
  g_assert_nonnull (list);
  g_assert_true (gtk_check_button_get_active (
    GTK_CHECK_BUTTON (ui_find_named (GTK_WIDGET (dialog), DEVICE))));
  respond (dialog, "cancel");

  g_ptr_array_add (specs, roof_catalog_find_hardware (roof_window_get_catalog (f->window), DEVICE));
  g_assert_true (roof_window_export_entries (f->window, specs, file, &error));
  g_assert_no_error (error);
  g_assert_true (roof_catalog_load_file (back, file, NULL, &error));
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (roof_catalog_find_hardware (back, DEVICE)),
                                           "memory.bandwidth_GBps", 0),
                     ==, 999);
}

/* ---------------------------------------------------------------------- */
/* A corrupt catalog at start-up                                           */

static void
test_corrupt_catalog (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "broken", "roofline", "catalog.json", NULL);
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (RoofUserCatalog) store = roof_user_catalog_new (file);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) moved = NULL;
  g_autofree char *where = NULL;
  AdwMessageDialog *dialog;
  const char *body;

  g_mkdir_with_parents (folder, 0700);
  g_file_set_contents (path, "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hard", -1,
                       NULL);
  g_assert_false (roof_user_catalog_load (store, NULL, &moved, &error));
  g_assert_nonnull (moved);
  where = g_file_get_parse_name (moved);

  roof_window_report_catalog_problem (f->window, error, moved, FALSE);
  dialog = wait_for_dialog (f->window);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Your Catalog Could Not Be Read");
  body = adw_message_dialog_get_body (dialog);
  g_test_message ("%s", body);
  /* the problem, with its place in the file, and where the file went */
  g_assert_true (g_str_has_prefix (body, path));
  g_assert_nonnull (strstr (body, "catalog.json:1:"));
  g_assert_nonnull (strstr (body, where));
  g_assert_true (adw_message_dialog_has_response (dialog, "open-folder"));
  respond (dialog, "close");
}

/* ---------------------------------------------------------------------- */
/* Files dropped on the window                                             */

static void
test_drop (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "dropped.roofline", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
  GtkDropTarget *target = NULL;
  GdkFileList *list;
  GSList *files = g_slist_prepend (NULL, file);
  GValue value = G_VALUE_INIT;
  gboolean handled = FALSE;

  g_file_set_contents (path,
                       "{ \"format\": \"roofline-scenario\", \"version\": 1, \"hardware\": "
                       "[\"nvidia-l4\"], \"model\": \"llama-3.1-8b\", \"workload\": { "
                       "\"batch\": 5 } }",
                       -1, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (c))
        target = GTK_DROP_TARGET (c);
    }
  g_assert_nonnull (target);
  g_assert_true (g_type_is_a (GDK_TYPE_FILE_LIST,
                              gtk_drop_target_get_gtypes (target, NULL)[0]));

  list = gdk_file_list_new_from_list (files);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, list);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &handled);
  g_value_unset (&value);
  g_slist_free (files);

  g_assert_true (handled);
  g_assert_true (g_file_equal (roof_window_get_file (f->window), file));
  g_assert_cmpfloat (roof_scenario_get_workload (roof_window_get_scenario (f->window))->batch, ==,
                     5);
}

/* ---------------------------------------------------------------------- */
/* Every file the app writes follows the saving rules (docs/file-format.md) */

static mode_t
mode_of (const char *path)
{
  struct stat st;

  g_assert_cmpint (g_lstat (path, &st), ==, 0);
  return st.st_mode & 07777;
}

static void
test_save_rules (Fixture *f, gconstpointer data)
{
  g_autofree char *real_dir = g_build_filename (f->dir, "real", NULL);
  g_autofree char *target = g_build_filename (real_dir, "chart.png", NULL);
  g_autofree char *target_backup = g_strconcat (target, "~", NULL);
  g_autofree char *link = g_build_filename (f->dir, "link.png", NULL);
  g_autofree char *ro = g_build_filename (f->dir, "ro.svg", NULL);
  g_autofree char *scenario = g_build_filename (real_dir, "s.roofline", NULL);
  g_autofree char *scenario_link = g_build_filename (f->dir, "s.roofline", NULL);
  g_autofree char *catalog = g_build_filename (f->dir, "me", "roofline", "catalog.json", NULL);
  g_autofree char *catalog_backup = g_strconcat (catalog, "~", NULL);
  g_autofree char *expected = g_strdup_printf ("cannot save %s: it is read-only", ro);
  g_autofree char *warning = g_strdup_printf (
    "saved %s without keeping the previous version: %s is a folder", catalog, catalog_backup);
  g_autoptr (GFile) link_file = g_file_new_for_path (link);
  g_autoptr (GFile) ro_file = g_file_new_for_path (ro);
  g_autoptr (GError) error = NULL;
  g_autofree char *png = NULL;
  g_autofree char *text = NULL;
  g_autofree char *points_to = NULL;
  g_autoptr (JsonObject) saved = NULL;
  gsize length = 0;
  RoofHardwareSpec *spec;

  /* the chart export, through a link: the link stays, its target gets
   * the PNG and keeps its mode, the old one kept beside it */
  g_assert_cmpint (g_mkdir (real_dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (g_chmod (target, 0640), ==, 0);
  g_assert_cmpint (symlink ("real/chart.png", link), ==, 0);
  g_assert_true (roof_window_export_chart (f->window, link_file, &error));
  g_assert_no_error (error);
  points_to = g_file_read_link (link, NULL);
  g_assert_cmpstr (points_to, ==, "real/chart.png");
  g_assert_true (g_file_get_contents (target, &png, &length, NULL));
  g_assert_cmpmem (png, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpint (mode_of (target), ==, 0640);
  g_assert_true (g_file_get_contents (target_backup, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "old");
  g_clear_pointer (&text, g_free);

  /* a read-only file is not replaced, even by root */
  g_assert_true (g_file_set_contents (ro, "old", -1, NULL));
  g_assert_cmpint (g_chmod (ro, 0444), ==, 0);
  g_assert_false (roof_window_export_chart (f->window, ro_file, &error));
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_assert_cmpint (mode_of (ro), ==, 0444);
  g_assert_true (g_file_get_contents (ro, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "old");
  g_clear_pointer (&text, g_free);

  /* Save As onto a link to a scenario: written through */
  g_assert_true (g_file_set_contents (scenario, "{}", -1, NULL));
  g_assert_cmpint (symlink ("real/s.roofline", scenario_link), ==, 0);
  g_assert_true (
    gtk_widget_activate_action (GTK_WIDGET (f->window), "win.save-to", "s", scenario_link));
  g_assert_true (g_file_test (scenario_link, G_FILE_TEST_IS_SYMLINK));
  saved = read_json (scenario);
  g_assert_cmpstr (json_object_get_string_member (saved, "format"), ==, "roofline-scenario");

  /* the user catalog past a folder named catalog.json~: saved, one warning */
  spec = create_device (f->window, 1234);
  g_assert_true (roof_user_catalog_save (f->store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (catalog_backup, 0755), ==, 0);
  g_assert_true (roof_spec_set_string (ROOF_SPEC (spec), "name", "Rumoured X2", &error));
  g_test_expect_message ("Roofline-FileIO", G_LOG_LEVEL_WARNING, warning);
  g_assert_true (roof_user_catalog_save (f->store, &error));
  g_assert_no_error (error);
  g_test_assert_expected_messages ();
  /* no second warning (it would be fatal here) */
  g_assert_true (roof_spec_set_string (ROOF_SPEC (spec), "name", "Rumoured X3", &error));
  g_assert_true (roof_user_catalog_save (f->store, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (catalog, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"Rumoured X3\""));
  g_assert_true (g_file_test (catalog_backup, G_FILE_TEST_IS_DIR));
}

int
main (int argc, char *argv[])
{
  ui_test_init (&argc, &argv);

#define ADD(path, fn) g_test_add ("/persistence/ui/" path, Fixture, NULL, fixture_set_up, fn, \
                                  fixture_tear_down)
  ADD ("round-trip", test_round_trip);
  ADD ("cli-reproduces", test_cli_reproduces);
  ADD ("close-asks", test_close_asks);
  ADD ("delete-undo", test_delete_undo);
  ADD ("recovery", test_recovery);
  ADD ("bad-file", test_bad_file);
  ADD ("import-conflict", test_import_conflict);
  ADD ("export-entries", test_export_entries);
  ADD ("corrupt-catalog", test_corrupt_catalog);
  ADD ("drop", test_drop);
  ADD ("save-rules", test_save_rules);
#undef ADD

  return g_test_run ();
}
