/* test-ui-editing.c — editing that never loses or corrupts data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Closing with Discard by a click, as a user does; run under
 * G_DEBUG=fatal-warnings (tests/ui/meson.build), so a GLib or GTK warning
 * fails the test.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "roof-application.h"
#include "roof-hardware-panel.h"
#include "roof-number-row.h"
#include "roof-spec-editor.h"
#include "roof-window.h"
#include "ui-test-util.h"
#include "roof-test-util.h"

#define WAIT_MS 10000

typedef struct
{
  char *dir;
  RoofUserCatalog *store;
} Fixture;

static RoofWindow *
show_window (AdwApplication *app, RoofUserCatalog *store)
{
  return ui_show_roof_window (app, store, WAIT_MS);
}

static RoofUserCatalog *
new_store (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "roofline", "catalog.json", NULL);

  return ui_load_user_catalog (path);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("roofline-editing-XXXXXX", &error);
  g_assert_no_error (error);
  f->store = new_store (f->dir);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i - 1);

      gtk_window_destroy (w);
    }
  ui_flush ();
  g_assert_finalize_object (f->store);
  roof_test_remove_tree (f->dir);
  g_free (f->dir);
}

static AdwMessageDialog *
wait_for_dialog (GtkWindow *window)
{
  return ui_wait_for_dialog (window, WAIT_MS);
}

/* A click on the dialog's button labelled `label`, as the user gives it. */
static void
click (AdwMessageDialog *dialog, const char *label)
{
  GtkWidget *button = ui_find_button_labelled (GTK_WIDGET (dialog), label);

  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  ui_flush ();
}

static void
make_dirty (RoofWindow *window, double batch)
{
  gtk_adjustment_set_value (roof_ui_number_row_get_adjustment (ADW_ENTRY_ROW (ui_find_named (
                              roof_window_get_model_panel (window), "batch-spin"))),
                            batch);
  g_assert_true (roof_document_get_dirty (roof_window_get_document (window)));
}

/* ---------------------------------------------------------------------- */
/* Closing with Discard                                                    */

static void
test_discard_click (Fixture *f, gconstpointer data)
{
  g_autoptr (AdwApplication) app = adw_application_new ("io.github.rooflinelab.RooflineTest",
                                                        G_APPLICATION_NON_UNIQUE);
  RoofWindow *window;
  AdwMessageDialog *dialog;

  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  window = show_window (app, f->store);

  make_dirty (window, 16);
  gtk_window_close (GTK_WINDOW (window));
  dialog = wait_for_dialog (GTK_WINDOW (window));
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  click (dialog, "_Discard");
  /* closed without a warning (fatal here), the dialog gone with it */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_null (dialog);
  g_assert_finalize_object (window);
}

/* The same in the application itself, which quits with its last window. */
static gboolean
discard_in_app_cb (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *window = gtk_application_get_active_window (app);
  AdwMessageDialog *dialog;

  g_assert_true (ROOF_IS_WINDOW (window));
  ui_wait_for (ui_chart_rendered, window, WAIT_MS, "the first chart");
  make_dirty (ROOF_WINDOW (window), 24);
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  dialog = wait_for_dialog (window);
  click (dialog, "_Discard");
  return G_SOURCE_REMOVE;
}

static void
app_activate_cb (GApplication *app)
{
  g_idle_add (discard_in_app_cb, app);
}

static void
test_discard_app (void)
{
  g_autoptr (RoofApplication) app = roof_application_new ();
  char *argv[] = { (char *) "roofline", NULL };

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (app_activate_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
}

/* ---------------------------------------------------------------------- */
/* Values apply when committed, and only when valid                        */

static GtkWidget *
editor_field (RoofWindow *window, const char *path)
{
  GtkWidget *editor = ui_find_named (roof_window_get_hardware_panel (window), "hardware-editor");

  g_assert_nonnull (editor);
  return roof_spec_editor_get_field (ROOF_SPEC_EDITOR (editor), path);
}

/* Types `text` one character at a time, as keystrokes do. */
static void
type_keys (GtkWidget *row, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (row), "");
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      int position = -1;

      gtk_editable_insert_text (GTK_EDITABLE (row), p, g_utf8_next_char (p) - p, &position);
    }
}

static void
test_commit (Fixture *f, gconstpointer data)
{
  RoofWindow *window = show_window (NULL, f->store);
  RoofCatalog *catalog = roof_window_get_catalog (window);
  RoofSpec *h100 = ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"));
  RoofHardwarePanel *panel = ROOF_HARDWARE_PANEL (roof_window_get_hardware_panel (window));
  GtkWidget *bandwidth, *name, *batch;
  RoofScenario *scenario = roof_window_get_scenario (window);

  g_assert_true (roof_hardware_panel_select_hardware (panel, "nvidia-h100-sxm"));
  bandwidth = editor_field (window, "memory.bandwidth_GBps");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bandwidth)), ==, "3350");

  /* ten nines, a keystroke at a time: nothing applies while typing, though
   * the first nine (999,999,999 ≤ the schema's 1e9) would be valid; the
   * tenth makes it too large, marked at once */
  type_keys (bandwidth, "9999999999");
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 3350);
  g_assert_false (roof_spec_get_modified (h100));
  g_assert_true (gtk_widget_has_css_class (bandwidth, "error"));
  g_assert_cmpstr (ui_row_note (bandwidth), ==, "Bandwidth must be at most 1e+09, got 1e+10");
  /* Enter: refused, the text and the mark stay, the old value too */
  g_signal_emit_by_name (bandwidth, "entry-activated");
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 3350);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bandwidth)), ==, "9999999999");
  g_assert_true (gtk_widget_has_css_class (bandwidth, "error"));
  g_assert_false (roof_spec_get_modified (h100));

  /* a valid value typed: not applied until Enter; then applied once */
  type_keys (bandwidth, "8000");
  g_assert_false (gtk_widget_has_css_class (bandwidth, "error"));
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 3350);
  g_signal_emit_by_name (bandwidth, "entry-activated");
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 8000);
  /* 8000 GB/s = 8e12 B/s */
  g_assert_cmpfloat (roof_hardware_spec_get_params (ROOF_HARDWARE_SPEC (h100))->mem_bw, ==, 8e12);

  /* a name: checked as typed (201 characters refused at once), applied on
   * Enter only */
  name = editor_field (window, "name");
  {
    g_autofree char *over = g_strnfill (201, 'x');

    gtk_editable_set_text (GTK_EDITABLE (name), over);
    g_assert_true (gtk_widget_has_css_class (name, "error"));
    g_assert_cmpstr (ui_row_note (name), ==,
                     "Name must be at most 200 characters long, got 201 characters");
    g_signal_emit_by_name (name, "entry-activated");
    g_assert_cmpstr (roof_spec_get_name (h100), ==, "NVIDIA H100 SXM5 80 GB");
  }
  type_keys (name, "H100 typed");
  g_assert_false (gtk_widget_has_css_class (name, "error"));
  g_assert_cmpstr (roof_spec_get_name (h100), ==, "NVIDIA H100 SXM5 80 GB");
  g_signal_emit_by_name (name, "entry-activated");
  g_assert_cmpstr (roof_spec_get_name (h100), ==, "H100 typed");

  /* the workload the same way: batch 1 → "64" typed, applied on Enter */
  batch = ui_find_named (roof_window_get_model_panel (window), "batch-spin");
  type_keys (batch, "64");
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, !=, 64);
  g_signal_emit_by_name (batch, "entry-activated");
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, ==, 64);
  /* 0 is out of range: marked as typed, Enter applies nothing */
  type_keys (batch, "0");
  g_assert_true (gtk_widget_has_css_class (batch, "error"));
  g_signal_emit_by_name (batch, "entry-activated");
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, ==, 64);

  ui_destroy_window (GTK_WINDOW (window));
}

/* ---------------------------------------------------------------------- */
/* File names and fields are text, never markup                            */

/* A GtkLabel under `root` whose text (markup parsed) contains `needle`. */
static GtkLabel *
find_label (GtkWidget *root, const char *needle)
{
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), needle) != NULL)
    return GTK_LABEL (root);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = find_label (c, needle);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct
{
  GtkWidget *root;
  const char *needle;
} LabelWait;

static gboolean
label_shown (gpointer data)
{
  LabelWait *w = data;

  return find_label (w->root, w->needle) != NULL;
}

static void
test_markup (Fixture *f, gconstpointer data)
{
  RoofWindow *window = show_window (NULL, f->store);
  g_autofree char *path = g_build_filename (f->dir, "a&b <i>.roofline", NULL);
  g_autofree char *text = NULL;
  g_autofree char *edited = NULL;
  const char *field = "<span size='300%' foreground='red'>big</span>";
  LabelWait w = { GTK_WIDGET (window), NULL };
  GtkLabel *label;
  char *brace;

  /* a file named with markup's own characters: the toast says the name */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-to", "s", path));
  w.needle = "Saved “a&b <i>.roofline”";
  ui_wait_for (label_shown, &w, WAIT_MS, "the Saved toast");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "a&b <i>.roofline — Roofline");

  /* a field named like markup, warned of as unknown: shown as typed, not
   * rendered (the label's text keeps the tags) */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  brace = strchr (text, '{');
  g_assert_nonnull (brace);
  edited = g_strdup_printf ("{\"%s\": 1,%s", "<span size='300%' foreground='red'>big</span>",
                            brace + 1);
  g_assert_true (g_file_set_contents (path, edited, -1, NULL));
  {
    g_autoptr (GFile) file = g_file_new_for_path (path);
    g_autoptr (GError) error = NULL;

    g_assert_true (roof_window_open_file (window, file, &error));
    g_assert_no_error (error);
  }
  w.needle = field;
  ui_wait_for (label_shown, &w, WAIT_MS, "the warning toast");
  label = find_label (GTK_WIDGET (window), field);
  g_assert_true (g_str_has_prefix (gtk_label_get_text (label), "Opened with 1 warning: "));

  ui_destroy_window (GTK_WINDOW (window));
}

/* ---------------------------------------------------------------------- */
/* A catalog save that failed, at quit                                     */

static gboolean
save_tried (gpointer data)
{
  return !roof_user_catalog_get_pending (data);
}

static void
test_failed_save (Fixture *f, gconstpointer data)
{
  /* a folder that cannot be made: its parent is a regular file (chmod does
   * not stop root, which the tests may run as) */
  g_autofree char *blocker = g_build_filename (f->dir, "blocker", NULL);
  g_autofree char *path = g_build_filename (blocker, "catalog.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (RoofUserCatalog) store = roof_user_catalog_new (file);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  RoofWindow *window;
  AdwMessageDialog *dialog;

  g_assert_true (g_file_set_contents (blocker, "not a folder", -1, NULL));
  g_assert_true (roof_user_catalog_load (store, NULL, NULL, &error));
  g_assert_no_error (error);
  roof_user_catalog_set_save_delay (store, 1);
  window = show_window (NULL, store);

  /* a new device: its deferred save fails, and the change stays unsaved */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-hardware", NULL));
  g_assert_nonnull (roof_catalog_find_hardware (roof_window_get_catalog (window),
                                                "new-accelerator"));
  ui_wait_for (save_tried, store, WAIT_MS, "the deferred save");
  g_assert_true (roof_user_catalog_get_unsaved (store));

  /* closing tries again, fails again, and says so, naming the file */
  gtk_window_close (GTK_WINDOW (window));
  dialog = wait_for_dialog (GTK_WINDOW (window));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Your Catalog Could Not Be Saved");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), path));
  g_assert_true (adw_message_dialog_has_response (dialog, "quit"));
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "quit"), ==,
                   "_Quit Without Saving");
  /* Cancel: still open, still unsaved */
  click (dialog, "_Cancel");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (roof_user_catalog_get_unsaved (store));

  /* the folder can be made now: closing saves and closes, the device kept */
  g_assert_cmpint (g_unlink (blocker), ==, 0);
  gtk_window_close (GTK_WINDOW (window));
  ui_flush ();
  g_assert_null (ui_find_message_dialog (GTK_WINDOW (window)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_false (roof_user_catalog_get_unsaved (store));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"new-accelerator\""));
  g_assert_finalize_object (window);

  /* failing again: Quit Without Saving closes, nothing pending after */
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (blocker), ==, 0);
  g_assert_true (g_file_set_contents (blocker, "not a folder", -1, NULL));
  window = show_window (NULL, store);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-hardware", NULL));
  ui_wait_for (save_tried, store, WAIT_MS, "the deferred save");
  gtk_window_close (GTK_WINDOW (window));
  dialog = wait_for_dialog (GTK_WINDOW (window));
  click (dialog, "_Quit Without Saving");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_false (roof_user_catalog_get_unsaved (store));
  g_assert_finalize_object (window);
}

/* ---------------------------------------------------------------------- */
/* Undo and redo                                                           */

static double
batch_of (RoofWindow *window)
{
  return roof_scenario_get_workload (roof_window_get_scenario (window))->batch;
}

static void
undo (RoofWindow *window)
{
  g_assert_true (roof_history_get_can_undo (roof_window_get_history (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
}

static void
redo (RoofWindow *window)
{
  g_assert_true (roof_history_get_can_redo (roof_window_get_history (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
}

static void
test_undo (Fixture *f, gconstpointer data)
{
  RoofWindow *window = show_window (NULL, f->store);
  RoofScenario *scenario = roof_window_get_scenario (window);
  RoofHistory *history = roof_window_get_history (window);
  RoofSpec *h100 = ROOF_SPEC (roof_catalog_find_hardware (roof_window_get_catalog (window),
                                                          "nvidia-h100-sxm"));
  GtkWidget *batch = ui_find_named (roof_window_get_model_panel (window), "batch-spin");
  RoofHardwarePanel *panel = ROOF_HARDWARE_PANEL (roof_window_get_hardware_panel (window));
  g_auto (GStrv) devices = g_strdupv ((char **) roof_scenario_get_hardware (scenario));
  g_autofree char *model = g_strdup (roof_scenario_get_model (scenario));
  double batch0 = batch_of (window);
  guint ceilings0 = roof_scenario_get_ceilings (scenario);
  const char *other_model = g_strcmp0 (model, "llama-3.1-8b") == 0 ? "llama-3.1-70b"
                                                                   : "llama-3.1-8b";
  GtkWidget *bandwidth;

  g_assert_false (roof_history_get_can_undo (history));
  g_assert_false (roof_history_get_can_redo (history));
  g_assert_cmpfloat (batch0, !=, 64);
  g_assert_false (roof_scenario_has_hardware (scenario, "amd-mi300x"));
  g_assert_nonnull (roof_catalog_find_model (roof_window_get_catalog (window), other_model));

  /* five edits: the workload, a device ticked, the model, a chart setting,
   * a spec */
  ui_type (batch, "64");
  roof_scenario_add_hardware (scenario, "amd-mi300x");
  roof_scenario_set_model (scenario, other_model);
  roof_scenario_set_ceilings (scenario, ceilings0 ^ 1u);
  g_assert_true (roof_hardware_panel_select_hardware (panel, "nvidia-h100-sxm"));
  bandwidth = editor_field (window, "memory.bandwidth_GBps");
  ui_type (bandwidth, "8000");
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 8000);
  /* the chart on screen is where one looks: no step */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.chart", "s", "cost"));
  g_assert_true (roof_history_get_can_undo (history));

  /* Ctrl+Z in a field is the window's: the fields keep no text history */
  g_assert_false (gtk_editable_get_enable_undo (GTK_EDITABLE (bandwidth)));
  g_assert_false (gtk_editable_get_enable_undo (GTK_EDITABLE (batch)));
  g_assert_false (gtk_editable_get_enable_undo (GTK_EDITABLE (editor_field (window, "name"))));

  /* undone in the reverse order, each value back and shown */
  undo (window);
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 3350);
  g_assert_false (roof_spec_get_modified (h100));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bandwidth)), ==, "3350");
  g_assert_true (roof_history_get_can_redo (history));
  undo (window);
  g_assert_cmpuint (roof_scenario_get_ceilings (scenario), ==, ceilings0);
  undo (window);
  g_assert_cmpstr (roof_scenario_get_model (scenario), ==, model);
  undo (window);
  g_assert_false (roof_scenario_has_hardware (scenario, "amd-mi300x"));
  g_assert_true (g_strv_equal ((const char *const *) devices, roof_scenario_get_hardware (scenario)));
  undo (window);
  g_assert_cmpfloat (batch_of (window), ==, batch0);
  g_assert_false (roof_history_get_can_undo (history));
  /* the chart stayed where it was put */
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (ui_find_of_type (
                     GTK_WIDGET (window), ADW_TYPE_VIEW_STACK))), ==, "cost");

  /* redone in order */
  redo (window);
  g_assert_cmpfloat (batch_of (window), ==, 64);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (batch)), ==, "64");
  redo (window);
  g_assert_true (roof_scenario_has_hardware (scenario, "amd-mi300x"));
  redo (window);
  g_assert_cmpstr (roof_scenario_get_model (scenario), ==, other_model);
  redo (window);
  g_assert_cmpuint (roof_scenario_get_ceilings (scenario), ==, ceilings0 ^ 1u);
  redo (window);
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 8000);
  /* 8000 GB/s = 8e12 B/s in the solver's view */
  g_assert_cmpfloat (roof_hardware_spec_get_params (ROOF_HARDWARE_SPEC (h100))->mem_bw, ==, 8e12);
  g_assert_false (roof_history_get_can_redo (history));

  /* a device's colour, a chart setting kept in the scenario */
  roof_scenario_set_custom_color (scenario, "amd-mi300x", 0x123456);
  undo (window);
  g_assert_false (roof_scenario_get_custom_color (scenario, "amd-mi300x", NULL));
  redo (window);
  {
    guint32 rgb = 0;

    g_assert_true (roof_scenario_get_custom_color (scenario, "amd-mi300x", &rgb));
    g_assert_cmphex (rgb, ==, 0x123456);
  }

  /* a new edit after an undo: nothing left to redo */
  undo (window);
  ui_type (batch, "32");
  g_assert_false (roof_history_get_can_redo (history));

  /* an entry changed elsewhere since (Reset) is not overwritten: the
   * spec's step is dropped, the next one is undone */
  ui_type (bandwidth, "5000");
  roof_spec_reset (h100);
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 3350);
  undo (window); /* Reset, which the editor showing the entry recorded */
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 5000);
  /* changed where this window does not show it (another window's editor):
   * the redo of Reset would overwrite that 6000, and is dropped */
  g_assert_true (roof_hardware_panel_select_hardware (panel, "amd-mi300x"));
  g_assert_true (roof_spec_set_number (h100, "memory.bandwidth_GBps", 6000, NULL));
  g_assert_true (roof_history_get_can_redo (history));
  g_assert_false (roof_history_redo (history));
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 6000);
  g_assert_false (roof_history_get_can_redo (history));

  roof_spec_reset (h100);
  ui_destroy_window (GTK_WINDOW (window));
}

/* ---------------------------------------------------------------------- */
/* Another process writing the same catalog                                */

static gboolean
merged (gpointer data)
{
  return !roof_user_catalog_get_merging (data);
}

static void
test_other_writer (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "roofline", "catalog.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (RoofUserCatalog) other = NULL;
  g_autoptr (GError) error = NULL;
  RoofWindow *window = show_window (NULL, f->store);
  RoofCatalog *mine = roof_window_get_catalog (window);
  RoofSpec *h100 = ROOF_SPEC (roof_catalog_find_hardware (mine, "nvidia-h100-sxm"));
  RoofSpec *their_h100;
  AdwMessageDialog *dialog;
  g_autofree char *text = NULL;

  /* a first save makes the file both processes start from */
  g_assert_true (roof_spec_set_number (h100, "memory.bandwidth_GBps", 3000, &error));
  g_assert_true (roof_user_catalog_save (f->store, &error));
  g_assert_no_error (error);
  other = roof_user_catalog_new (file);
  g_assert_true (roof_user_catalog_load (other, NULL, NULL, &error));
  their_h100 = ROOF_SPEC (roof_catalog_find_hardware (roof_user_catalog_get_catalog (other),
                                                      "nvidia-h100-sxm"));

  /* both change the H100; the other process writes first */
  g_assert_true (roof_spec_set_number (h100, "memory.bandwidth_GBps", 4000, &error));
  g_assert_true (roof_spec_set_number (their_h100, "memory.bandwidth_GBps", 5000, &error));
  g_assert_true (roof_user_catalog_save (other, &error));
  g_assert_no_error (error);

  /* this window notices and asks, naming the entry and who changed the
   * file (not an import's wording); nothing written yet */
  dialog = wait_for_dialog (GTK_WINDOW (window));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==,
                   "“NVIDIA H100 SXM5 80 GB” Was Changed Elsewhere");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "Another Roofline window or program saved “catalog.json” "
                                   "with its own changes to this device"));
  g_assert_null (strstr (adw_message_dialog_get_body (dialog), "has another version"));
  g_assert_true (roof_user_catalog_get_merging (f->store));
  /* a save meanwhile writes nothing over theirs */
  g_assert_true (roof_user_catalog_save (f->store, &error));
  g_assert_true (roof_user_catalog_get_merging (f->store));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "5000"));
  g_clear_pointer (&text, g_free);

  /* Use Theirs: theirs here too, and the file keeps it */
  click (dialog, "Use _Theirs");
  ui_wait_for (merged, f->store, WAIT_MS, "the merge");
  g_assert_cmpfloat (roof_spec_get_number (h100, "memory.bandwidth_GBps", 0), ==, 5000);
  g_assert_true (roof_user_catalog_flush (f->store, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "5000"));

  roof_spec_reset (h100);
  g_assert_true (roof_user_catalog_save (f->store, &error));
  ui_destroy_window (GTK_WINDOW (window));
}

/* Another writer leaves the catalog malformed: the window says so, naming
 * the file and the place; nothing is written over it until the user
 * chooses, and each choice does what it says. */
static void
test_other_writer_unreadable (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "roofline", "catalog.json", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;
  RoofWindow *window = show_window (NULL, f->store);
  RoofCatalog *mine = roof_window_get_catalog (window);
  AdwMessageDialog *dialog;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  const char *name = NULL;
  GDir *dir;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-hardware", NULL));
  g_assert_true (roof_user_catalog_save (f->store, &error));
  g_assert_no_error (error);

  /* a "hardware" array never closed: the file ends on line 3 */
  g_assert_true (g_file_set_contents (path, "{\n  \"hardware\": [\n", -1, NULL));
  dialog = wait_for_dialog (GTK_WINDOW (window));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==,
                   "Your Catalog Was Changed and Cannot Be Read");
  expected = g_strdup_printf ("%s:3:0: Parse error: unexpected end of file, expected character "
                              "`]'\n\nAnother Roofline window or program changed “catalog.json”",
                              path);
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog), expected));
  g_assert_true (roof_user_catalog_get_unsaved (f->store));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "{\n  \"hardware\": [\n");
  g_clear_pointer (&text, g_free);

  /* Save Beside It: ours as catalog.json.conflict-…, theirs untouched */
  click (dialog, "Save _Beside It");
  dir = g_dir_open (folder, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL && !g_str_has_prefix (name, "catalog.json.conflict-"))
    ;
  g_assert_nonnull (name);
  {
    g_autofree char *beside = g_build_filename (folder, name, NULL);

    g_assert_true (g_file_get_contents (beside, &text, NULL, NULL));
    g_assert_nonnull (strstr (text, "\"new-accelerator\""));
    g_clear_pointer (&text, g_free);
    g_unlink (beside);
  }
  g_dir_close (dir);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "{\n  \"hardware\": [\n");
  g_clear_pointer (&text, g_free);

  /* broken another way: asked again; Write Over It, theirs kept as FILE~ */
  g_assert_true (g_file_set_contents (path, "not json", -1, NULL));
  dialog = wait_for_dialog (GTK_WINDOW (window));
  click (dialog, "_Write Over It");
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"new-accelerator\""));
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (backup, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "not json");
  g_assert_false (roof_user_catalog_get_unsaved (f->store));

  roof_catalog_remove_hardware (mine, "new-accelerator");
  g_assert_true (roof_user_catalog_save (f->store, &error));
  ui_destroy_window (GTK_WINDOW (window));
}

/* ---------------------------------------------------------------------- */
/* Start-up with what is not a file where files are read                   */

typedef struct
{
  GPtrArray *headings; /* of every message dialog shown */
  GPtrArray *bodies;
} Startup;

static gboolean
startup_dialogs_cb (gpointer data)
{
  GApplication *app = data;
  Startup *st = g_object_get_data (G_OBJECT (app), "startup");
  GListModel *toplevels = gtk_window_get_toplevels ();
  gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

  /* the dialogs come at start-up, not after a wait on a pipe */
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i - 1);

      if (ADW_IS_MESSAGE_DIALOG (w))
        {
          g_ptr_array_add (st->headings,
                           g_strdup (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (w))));
          g_ptr_array_add (st->bodies,
                           g_strdup (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (w))));
        }
    }
  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i - 1);

      gtk_window_destroy (w);
    }
  return G_SOURCE_REMOVE;
}

static void
startup_open_cb (GApplication *app)
{
  g_idle_add (startup_dialogs_cb, app);
}

static gboolean
has_suffix (GPtrArray *texts, const char *suffix)
{
  for (guint i = 0; i < texts->len; i++)
    if (g_str_has_suffix (g_ptr_array_index (texts, i), suffix))
      return TRUE;
  return FALSE;
}

static void
test_startup_not_files (void)
{
  g_autofree char *data_dir = g_build_filename (g_get_user_data_dir (), "roofline", NULL);
  g_autofree char *catalog = g_build_filename (data_dir, "catalog.json", NULL);
  g_autofree char *recovery_dir = g_build_filename (data_dir, "recovery", NULL);
  g_autofree char *recovery = g_build_filename (recovery_dir, "huge.roofline", NULL);
  g_autofree char *fifo = g_build_filename (ui_test_home (), "pipe.roofline", NULL);
  g_autoptr (RoofApplication) app = roof_application_new ();
  Startup st = { g_ptr_array_new_with_free_func (g_free), g_ptr_array_new_with_free_func (g_free) };
  char *argv[] = { (char *) "roofline", fifo, (char *) "/dev/zero", NULL };
  FILE *huge;

  /* a FIFO without a writer where the catalog is (it used to block for
   * ever), a 100 MB recovery copy (over the 64 MiB limit, sparse: nothing
   * is read of it), a FIFO and a device named on the command line */
  g_assert_cmpint (g_mkdir_with_parents (recovery_dir, 0700), ==, 0);
  g_assert_cmpint (mkfifo (catalog, 0600), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  huge = fopen (recovery, "w");
  g_assert_nonnull (huge);
  g_assert_cmpint (fseek (huge, 100 * 1000 * 1000, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('}', huge), !=, EOF);
  g_assert_cmpint (fclose (huge), ==, 0);

  g_object_set_data (G_OBJECT (app), "startup", &st);
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_signal_connect_after (app, "open", G_CALLBACK (startup_open_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 3, argv), ==, 0);

  for (guint i = 0; i < st.bodies->len; i++)
    g_test_message ("%s: %s", (char *) g_ptr_array_index (st.headings, i),
                    (char *) g_ptr_array_index (st.bodies, i));
  /* each refused at once, saying what it is */
  g_assert_true (has_suffix (st.bodies, ": is a pipe (FIFO); only regular files are read here"));
  g_assert_true (has_suffix (st.bodies, "/dev/zero: is a character device, not a file"));
  /* the recovery copy too large to read is not offered as "Untitled
   * Scenario": the message names it and says why, and where it is kept */
  {
    g_autofree char *kept = g_strconcat (recovery, ".failed", NULL);
    /* 100 MB and the one byte written there; the limit, 64 MiB */
    g_autofree char *expected = g_strdup_printf ("%s: the file is %u bytes, larger than the "
                                                 "limit of %u bytes\n\nThe copy is kept as "
                                                 "“%s”.",
                                                 recovery, 100u * 1000 * 1000 + 1,
                                                 64u * 1024 * 1024, kept);
    gboolean found = FALSE;

    for (guint i = 0; i < st.bodies->len; i++)
      {
        found |= g_strcmp0 (g_ptr_array_index (st.bodies, i), expected) == 0;
        g_assert_null (strstr (g_ptr_array_index (st.bodies, i), "Untitled Scenario"));
        g_assert_cmpstr (g_ptr_array_index (st.headings, i), !=, "Restore Unsaved Changes?");
      }
    g_assert_true (found);
    g_assert_false (g_file_test (recovery, G_FILE_TEST_EXISTS));
    g_assert_true (g_file_test (kept, G_FILE_TEST_IS_REGULAR));
    g_unlink (kept);
  }
  /* the catalog left where it is, not moved aside nor written over */
  {
    struct stat sb;

    g_assert_cmpint (stat (catalog, &sb), ==, 0);
    g_assert_true (S_ISFIFO (sb.st_mode));
  }
  g_unlink (catalog);
  g_unlink (fifo);
  g_unlink (recovery);
  g_ptr_array_unref (st.headings);
  g_ptr_array_unref (st.bodies);
}

/* ---------------------------------------------------------------------- */
/* Steps in a row, groups, and Ctrl+Z from a field                         */

static double
context_of (RoofWindow *window)
{
  return roof_scenario_get_workload (roof_window_get_scenario (window))->context;
}

static void
test_undo_groups (Fixture *f, gconstpointer data)
{
  RoofWindow *window = show_window (NULL, f->store);
  RoofScenario *scenario = roof_window_get_scenario (window);
  RoofHistory *history = roof_window_get_history (window);
  GtkWidget *batch = ui_find_named (roof_window_get_model_panel (window), "batch-spin");
  GtkAdjustment *adjustment = roof_ui_number_row_get_adjustment (ADW_ENTRY_ROW (batch));
  double batch0 = batch_of (window), context0 = context_of (window);
  double step = gtk_adjustment_get_step_increment (adjustment);

  g_assert_false (roof_history_get_can_undo (history));
  g_assert_cmpfloat (step, >, 0);

  /* Up three times in a row: batch0 + 3 steps, one undo step */
  g_assert_true (ui_press_number_key (batch, GDK_KEY_Up));
  g_assert_true (ui_press_number_key (batch, GDK_KEY_Up));
  g_assert_true (ui_press_number_key (batch, GDK_KEY_Up));
  g_assert_cmpfloat (batch_of (window), ==, batch0 + 3 * step);
  undo (window);
  g_assert_cmpfloat (batch_of (window), ==, batch0);
  g_assert_false (roof_history_get_can_undo (history));
  /* and one redo step */
  redo (window);
  g_assert_cmpfloat (batch_of (window), ==, batch0 + 3 * step);
  g_assert_false (roof_history_get_can_redo (history));

  /* after a redo, the next step is a step of its own */
  g_assert_true (ui_press_number_key (batch, GDK_KEY_Down));
  undo (window);
  g_assert_cmpfloat (batch_of (window), ==, batch0 + 3 * step);
  undo (window);
  g_assert_cmpfloat (batch_of (window), ==, batch0);
  g_assert_false (roof_history_get_can_undo (history));

  /* another property in between is another step, even at once */
  g_assert_true (ui_press_number_key (batch, GDK_KEY_Up));
  g_object_set (scenario, "context", (double) (context0 + 1000), NULL);
  undo (window);
  g_assert_cmpfloat (context_of (window), ==, context0);
  g_assert_cmpfloat (batch_of (window), ==, batch0 + step);
  undo (window);
  g_assert_cmpfloat (batch_of (window), ==, batch0);

  /* a step more than a second after the last is a step of its own */
  g_assert_true (ui_press_number_key (batch, GDK_KEY_Up));
  g_usleep (G_USEC_PER_SEC + G_USEC_PER_SEC / 5);
  g_assert_true (ui_press_number_key (batch, GDK_KEY_Up));
  undo (window);
  g_assert_cmpfloat (batch_of (window), ==, batch0 + step);
  undo (window);
  g_assert_cmpfloat (batch_of (window), ==, batch0);

  /* Up then Down comes back where it started: no step at all (and, an
   * edit after an undo, nothing left to redo) */
  g_assert_true (ui_press_number_key (batch, GDK_KEY_Up));
  g_assert_true (ui_press_number_key (batch, GDK_KEY_Down));
  g_assert_cmpfloat (batch_of (window), ==, batch0);
  g_assert_false (roof_history_get_can_undo (history));
  g_assert_false (roof_history_get_can_redo (history));

  /* a group (a drag on a chart): batch and context, any number of times,
   * then more than a second later, are one step; what follows its end is
   * another, even the same property at once */
  roof_history_begin_group (history);
  g_object_set (scenario, "batch", (double) (batch0 + 7), NULL);
  g_object_set (scenario, "context", (double) (context0 + 2000), NULL);
  g_usleep (G_USEC_PER_SEC + G_USEC_PER_SEC / 5);
  roof_history_begin_group (history); /* nested: the outermost counts */
  g_object_set (scenario, "batch", (double) (batch0 + 9), NULL);
  roof_history_end_group (history);
  g_object_set (scenario, "context", (double) (context0 + 3000), NULL);
  roof_history_end_group (history);
  g_object_set (scenario, "context", (double) (context0 + 4000), NULL);
  undo (window);
  g_assert_cmpfloat (context_of (window), ==, context0 + 3000);
  g_assert_cmpfloat (batch_of (window), ==, batch0 + 9);
  undo (window);
  g_assert_cmpfloat (context_of (window), ==, context0);
  g_assert_cmpfloat (batch_of (window), ==, batch0);
  g_assert_false (roof_history_get_can_undo (history));

  ui_destroy_window (GTK_WINDOW (window));
}

/* What a key press does on its way from the window to `focus` (the capture
 * phase) and back (target and bubble), as GTK delivers it: the key
 * controllers' ::key-pressed and the shortcut controllers' shortcuts for
 * the key, the first that handles it ends the trip. The name of what
 * handled it goes to `by`. */
static gboolean
deliver_key (GtkWidget *focus, guint keyval, GdkModifierType mods, const char **by)
{
  g_autoptr (GPtrArray) path = g_ptr_array_new ();
  g_autoptr (GtkShortcutTrigger) trigger = gtk_keyval_trigger_new (keyval, mods);

  for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent (w))
    g_ptr_array_insert (path, 0, w);
  for (guint pass = 0; pass < 2; pass++)
    for (guint k = 0; k < path->len; k++)
      {
        GtkWidget *w = g_ptr_array_index (path, pass == 0 ? k : path->len - 1 - k);
        g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (w);

        for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
          {
            g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);
            GtkPropagationPhase phase = gtk_event_controller_get_propagation_phase (c);
            gboolean handled = FALSE;

            if (pass == 0 ? phase != GTK_PHASE_CAPTURE
                          : phase != GTK_PHASE_BUBBLE && !(phase == GTK_PHASE_TARGET && w == focus))
              continue;
            if (GTK_IS_EVENT_CONTROLLER_KEY (c))
              g_signal_emit_by_name (c, "key-pressed", keyval, 0, mods, &handled);
            else if (GTK_IS_SHORTCUT_CONTROLLER (c))
              for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)) && !handled; j++)
                {
                  g_autoptr (GtkShortcut) s = g_list_model_get_item (G_LIST_MODEL (c), j);

                  if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (s), trigger))
                    handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (s),
                                                            GTK_SHORTCUT_ACTION_EXCLUSIVE, w,
                                                            gtk_shortcut_get_arguments (s));
                  if (handled)
                    *by = gtk_event_controller_get_name (c);
                  if (handled && GTK_IS_NAMED_ACTION (gtk_shortcut_get_action (s)))
                    *by = gtk_named_action_get_action_name (
                      GTK_NAMED_ACTION (gtk_shortcut_get_action (s)));
                }
            if (handled)
              return TRUE;
          }
      }
  return FALSE;
}

static void
test_undo_key_in_field (Fixture *f, gconstpointer data)
{
  RoofWindow *window = show_window (NULL, f->store);
  GtkWidget *batch = ui_find_named (roof_window_get_model_panel (window), "batch-spin");
  double batch0 = batch_of (window);
  GtkWidget *text;
  const char *by = NULL;

  ui_type (batch, "48");
  g_assert_cmpfloat (batch_of (window), ==, 48);
  g_assert_cmpfloat (batch0, !=, 48);
  /* typed, not committed: the text has something its own undo could take */
  gtk_editable_set_text (GTK_EDITABLE (batch), "4");
  g_assert_true (gtk_widget_grab_focus (batch));
  text = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (GTK_IS_TEXT (text));
  g_assert_true (gtk_widget_is_ancestor (text, batch));

  /* Ctrl+Z there is the window's Undo, taken on the way in (the text's own
   * binding, text.undo, comes before the window's in the bubble phase):
   * the committed 48 is undone */
  g_assert_true (deliver_key (text, GDK_KEY_z, GDK_CONTROL_MASK, &by));
  g_assert_cmpstr (by, ==, "roof-undo-keys");
  g_assert_cmpfloat (batch_of (window), ==, batch0);
  g_assert_true (roof_history_get_can_redo (roof_window_get_history (window)));
  /* Shift+Ctrl+Z, its Redo */
  by = NULL;
  g_assert_true (deliver_key (gtk_root_get_focus (GTK_ROOT (window)), GDK_KEY_z,
                              GDK_CONTROL_MASK | GDK_SHIFT_MASK, &by));
  g_assert_cmpstr (by, ==, "roof-undo-keys");
  g_assert_cmpfloat (batch_of (window), ==, 48);

  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  ui_test_init (&argc, &argv);

#define ADD(path, fn) g_test_add ("/editing/" path, Fixture, NULL, fixture_set_up, fn, \
                                  fixture_tear_down)
  ADD ("discard-click", test_discard_click);
  ADD ("commit", test_commit);
  ADD ("markup", test_markup);
  ADD ("failed-save", test_failed_save);
  ADD ("undo", test_undo);
  ADD ("undo-groups", test_undo_groups);
  ADD ("undo-key-in-field", test_undo_key_in_field);
  ADD ("other-writer", test_other_writer);
  ADD ("other-writer-unreadable", test_other_writer_unreadable);
#undef ADD
  g_test_add_func ("/editing/discard-app", test_discard_app);
  g_test_add_func ("/editing/startup-not-files", test_startup_not_files);

  return g_test_run ();
}
