/* test-panels.c — the hardware and model panels and the spec editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each widget alone on the built-in catalog and the default scenario (Llama
 * 3.1 70B decode on H100 SXM, H200 and A100 SXM 80 GB), in a window when its
 * list rows must exist. Runs under Xvfb with LC_ALL=C.UTF-8: numbers have a
 * decimal point and no grouping.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-hardware-panel.h"
#include "roof-hardware-row.h"
#include "roof-model-panel.h"
#include "roof-spec-editor.h"
#include "ui-test-util.h"

#define WAIT_MS 5000

typedef struct
{
  RoofCatalog *catalog;
  RoofScenario *scenario;
  GtkWindow *window;
  GtkWidget *panel;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GError) error = NULL;

  f->catalog = roof_catalog_new_builtin (&error);
  g_assert_no_error (error);
  f->scenario = roof_scenario_new_default ();
}

static void
fixture_teardown (Fixture *f, gconstpointer user_data)
{
  if (f->window != NULL)
    {
      gtk_window_destroy (f->window);
      ui_flush ();
    }
  if (f->panel != NULL)
    g_assert_finalize_object (f->panel);
  g_assert_finalize_object (f->scenario);
  g_assert_finalize_object (f->catalog);
}

/* The panel, held by the fixture, in a window as wide as a side panel. */
static void
show (Fixture *f, GtkWidget *panel, int width)
{
  f->panel = g_object_ref_sink (panel);
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (f->window, width, 1000);
  gtk_window_set_child (f->window, panel);
  gtk_window_present (f->window);
}

static RoofHardwarePanel *
show_hardware (Fixture *f)
{
  show (f, roof_hardware_panel_new (f->catalog, f->scenario), 360);
  return ROOF_HARDWARE_PANEL (f->panel);
}

static RoofModelPanel *
show_model (Fixture *f)
{
  show (f, roof_model_panel_new (f->catalog, f->scenario), 360);
  return ROOF_MODEL_PANEL (f->panel);
}

static GListModel *
list_items (RoofHardwarePanel *panel)
{
  GtkWidget *list = ui_find_named (GTK_WIDGET (panel), "hardware-list");

  g_assert_true (GTK_IS_LIST_VIEW (list));
  return G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
}

typedef struct
{
  GtkWidget *root;
  const char *id;
} RowWanted;

static gboolean
row_exists (gpointer data)
{
  RowWanted *w = data;

  return ui_find_with_spec (w->root, "RoofHardwareRow", "spec", w->id) != NULL;
}

static RoofHardwareRow *
wait_for_row (GtkWidget *root, const char *id)
{
  RowWanted w = { root, id };

  ui_wait_for (row_exists, &w, WAIT_MS, id);
  return ROOF_HARDWARE_ROW (ui_find_with_spec (root, "RoofHardwareRow", "spec", id));
}

/* A visible label reading `text` under `root`. */
static gboolean
shows_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_visible (root)
      && g_strcmp0 (gtk_label_get_label (GTK_LABEL (root)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_get_visible (c) && shows_label (c, text))
      return TRUE;
  return FALSE;
}

static RoofSpecEditor *
editor_of (GtkWidget *panel, const char *name)
{
  GtkWidget *editor = ui_find_named (panel, name);

  g_assert_true (ROOF_IS_SPEC_EDITOR (editor));
  return ROOF_SPEC_EDITOR (editor);
}

static GtkWidget *
field (RoofSpecEditor *editor, const char *path)
{
  GtkWidget *control = roof_spec_editor_get_field (editor, path);

  if (control == NULL)
    g_error ("the editor has no field %s", path);
  return control;
}

/* ------------------------------------------------------------------------ */
/* Numbers                                                                  */

static void
test_format_number (void)
{
  static const struct
  {
    double value;
    const char *text;
  } cases[] = {
    { 0, "0" },           { 3350, "3350" },         { 989.4, "989.4" },
    { 2.69, "2.69" },     { 5.408, "5.408" },       { 0.515625, "0.515625" },
    { 0.9, "0.9" },       { -5, "-5" },             { 131072, "131072" },
    { 70.55e9, "70.55e9" }, { 1e9, "1e9" },         { 2.1e7, "21000000" },
    { 999.9999e9, "1e12" }, { 1.0 / 3, "0.333333" }, { 1e15, "1e15" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = roof_ui_format_number (cases[i].value);
      double back;

      g_assert_cmpstr (text, ==, cases[i].text);
      /* what is shown reads back as (about) the value */
      g_assert_true (roof_ui_parse_number (text, &back));
      g_assert_cmpfloat_with_epsilon (back, cases[i].value, fabs (cases[i].value) * 1e-6 + 1e-12);
    }
}

static void
test_parse_number (void)
{
  static const struct
  {
    const char *text;
    gboolean ok;
    double value;
  } cases[] = {
    { "3350", TRUE, 3350 },     { " 3 350 ", TRUE, 3350 },  { "1,234.5", TRUE, 1234.5 },
    { "70.55e9", TRUE, 70.55e9 }, { "1E-3", TRUE, 1e-3 },   { "−5", TRUE, -5 },
    { "+2", TRUE, 2 },          { "", FALSE, 0 },           { "—", FALSE, 0 },
    { "12abc", FALSE, 0 },      { "inf", FALSE, 0 },        { "nan", FALSE, 0 },
    { "0x10", FALSE, 0 },       { "1e999", FALSE, 0 },      { "-", FALSE, 0 },
    { "1.234,5", FALSE, 0 },    { "1..2", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double value = -42;

      g_assert_cmpint (roof_ui_parse_number (cases[i].text, &value), ==, cases[i].ok);
      if (cases[i].ok)
        g_assert_cmpfloat (value, ==, cases[i].value);
    }
}

static void
test_format_count (void)
{
  static const struct
  {
    double value;
    const char *text;
  } cases[] = {
    { 70.55e9, "70.55 billion" }, { 8.0302e9, "8.03 billion" }, { 671e9, "671 billion" },
    { 25.6e6, "25.6 million" },   { 1.2e12, "1.2 trillion" },   { 4096, "4096" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = roof_ui_format_count (cases[i].value);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* ------------------------------------------------------------------------ */
/* Each widget alone                                                        */

static void
test_widgets_alone (Fixture *f, gconstpointer user_data)
{
  RoofHardwareSpec *h100 = roof_catalog_find_hardware (f->catalog, "nvidia-h100-sxm");
  RoofModelSpec *llama = roof_catalog_find_model (f->catalog, "llama-3.1-70b");
  GtkWidget *widget;

  widget = g_object_ref_sink (roof_hardware_panel_new (f->catalog, f->scenario));
  g_assert_finalize_object (widget);

  widget = g_object_ref_sink (roof_model_panel_new (f->catalog, f->scenario));
  g_assert_finalize_object (widget);

  widget = g_object_ref_sink (roof_hardware_row_new ());
  roof_hardware_row_set_spec (ROOF_HARDWARE_ROW (widget), h100);
  roof_hardware_row_set_scenario (ROOF_HARDWARE_ROW (widget), f->scenario);
  g_assert_finalize_object (widget);

  widget = g_object_ref_sink (roof_spec_editor_new ());
  roof_spec_editor_set_spec (ROOF_SPEC_EDITOR (widget), ROOF_SPEC (h100));
  g_assert_nonnull (roof_spec_editor_get_field (ROOF_SPEC_EDITOR (widget), "compute_TFLOPS.bf16"));
  roof_spec_editor_set_spec (ROOF_SPEC_EDITOR (widget), ROOF_SPEC (llama));
  g_assert_finalize_object (widget);

  /* the window's template sets both after construction */
  widget = g_object_ref_sink (g_object_new (ROOF_TYPE_HARDWARE_PANEL, NULL));
  g_object_set (widget, "catalog", f->catalog, "scenario", f->scenario, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (list_items (ROOF_HARDWARE_PANEL (widget))), >, 31);
  g_assert_finalize_object (widget);

  widget = g_object_ref_sink (g_object_new (ROOF_TYPE_MODEL_PANEL, NULL));
  g_object_set (widget, "catalog", f->catalog, "scenario", f->scenario, NULL);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (ui_find_named (widget,
                                                                                "model-dropdown"))),
                    !=, GTK_INVALID_LIST_POSITION);
  g_assert_finalize_object (widget);
}

/* ------------------------------------------------------------------------ */
/* Hardware panel                                                           */

static void
test_hardware_groups (Fixture *f, gconstpointer user_data)
{
  static const char *const vendors[] = {
    "NVIDIA", "AMD", "Google", "Intel (Habana)", "Apple", "Groq", "Cerebras", NULL,
  };
  RoofHardwarePanel *panel = show_hardware (f);
  GListModel *items = list_items (panel);
  guint n = g_list_model_get_n_items (items);
  guint n_devices = 0, n_headers = 0;
  const char *vendor = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (items, i);

      if (GTK_IS_STRING_OBJECT (item))
        {
          vendor = gtk_string_object_get_string (GTK_STRING_OBJECT (item));
          g_assert_cmpstr (vendor, ==, vendors[n_headers]);
          n_headers++;
        }
      else
        {
          /* every device sits under its vendor's header */
          g_assert_true (ROOF_IS_HARDWARE_SPEC (item));
          g_assert_cmpstr (roof_hardware_spec_get_vendor (ROOF_HARDWARE_SPEC (item)), ==, vendor);
          n_devices++;
        }
    }
  g_assert_cmpuint (n_devices, ==, 31);
  g_assert_cmpuint (n_headers, ==, g_strv_length ((char **) vendors));
}

static gboolean
search_applied (gpointer data)
{
  return g_list_model_get_n_items (data) == 4;
}

static void
test_hardware_search (Fixture *f, gconstpointer user_data)
{
  RoofHardwarePanel *panel = show_hardware (f);
  GListModel *items = list_items (panel);
  GtkWidget *entry = ui_find_named (GTK_WIDGET (panel), "hardware-search");

  /* typed: after the entry's search delay */
  gtk_editable_set_text (GTK_EDITABLE (entry), "h100");
  ui_wait_for (search_applied, items, WAIT_MS, "the search to apply");
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (items, i);

      if (i == 0)
        g_assert_cmpstr (gtk_string_object_get_string (GTK_STRING_OBJECT (item)), ==, "NVIDIA");
      else
        g_assert_nonnull (strstr (roof_spec_get_id (ROOF_SPEC (item)), "h100"));
    }

  /* every word must match, in any field */
  roof_hardware_panel_set_search (panel, "nvidia pcie");
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, 3); /* A100 PCIe, H100 PCIe */
  roof_hardware_panel_set_search (panel, "no such device");
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, 0);
  roof_hardware_panel_set_search (panel, "");
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, 38);
}

static void
test_hardware_compare (Fixture *f, gconstpointer user_data)
{
  RoofHardwarePanel *panel = show_hardware (f);
  RoofHardwareRow *row, *h100_row;
  GtkCheckButton *check;
  char *problem;

  roof_hardware_panel_set_search (panel, "h100");
  row = wait_for_row (GTK_WIDGET (panel), "nvidia-h100-pcie");
  h100_row = wait_for_row (GTK_WIDGET (panel), "nvidia-h100-sxm");
  check = roof_hardware_row_get_check (row);

  problem = gtk_test_accessible_check_property (GTK_ACCESSIBLE (check),
                                                GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                "Compare NVIDIA H100 PCIe 80 GB");
  g_assert_null (problem);

  /* compared by default: checked, with its chart colour */
  g_assert_true (gtk_check_button_get_active (roof_hardware_row_get_check (h100_row)));
  g_assert_cmpint (roof_hardware_row_get_color (h100_row), ==,
                   roof_scenario_get_color (f->scenario, "nvidia-h100-sxm"));
  g_assert_cmpint (roof_hardware_row_get_color (h100_row), >=, 0);

  g_assert_false (gtk_check_button_get_active (check));
  g_assert_cmpint (roof_hardware_row_get_color (row), ==, -1);
  gtk_check_button_set_active (check, TRUE);
  g_assert_true (roof_scenario_has_hardware (f->scenario, "nvidia-h100-pcie"));
  g_assert_cmpint (roof_hardware_row_get_color (row), ==,
                   roof_scenario_get_color (f->scenario, "nvidia-h100-pcie"));
  g_assert_cmpint (roof_hardware_row_get_color (row), >=, 0);
  g_assert_cmpint (roof_hardware_row_get_color (row), !=, roof_hardware_row_get_color (h100_row));

  /* the scenario drives the rows too */
  roof_scenario_remove_hardware (f->scenario, "nvidia-h100-sxm");
  g_assert_false (gtk_check_button_get_active (roof_hardware_row_get_check (h100_row)));
  g_assert_cmpint (roof_hardware_row_get_color (h100_row), ==, -1);

  gtk_check_button_set_active (check, FALSE);
  g_assert_false (roof_scenario_has_hardware (f->scenario, "nvidia-h100-pcie"));
  g_assert_cmpint (roof_hardware_row_get_color (row), ==, -1);
}

static void
test_hardware_editor (Fixture *f, gconstpointer user_data)
{
  RoofHardwarePanel *panel = show_hardware (f);
  RoofHardwareSpec *h100 = roof_catalog_find_hardware (f->catalog, "nvidia-h100-sxm");
  const RoofHardwareParams *hw = roof_hardware_spec_get_params (h100);
  RoofSpecEditor *editor = editor_of (GTK_WIDGET (panel), "hardware-editor");
  GtkWidget *reset = ui_find_named (GTK_WIDGET (panel), "reset-hardware");
  GtkWidget *bandwidth;
  RoofHardwareRow *row;

  g_assert_true (roof_hardware_panel_select_hardware (panel, "nvidia-h100-sxm"));
  g_assert_true (roof_hardware_panel_get_selected (panel) == h100);
  g_assert_false (gtk_widget_get_visible (reset));
  bandwidth = field (editor, "memory.bandwidth_GBps");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bandwidth)), ==, "3350");

  /* refused: marked, the text kept, the spec unchanged */
  gtk_editable_set_text (GTK_EDITABLE (bandwidth), "-5");
  g_assert_true (gtk_widget_has_css_class (bandwidth, "error"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bandwidth)), ==, "-5");
  g_assert_cmpfloat (hw->mem_bw, ==, 3350e9);
  g_assert_false (roof_spec_get_modified (ROOF_SPEC (h100)));

  gtk_editable_set_text (GTK_EDITABLE (bandwidth), "not a number");
  g_assert_true (gtk_widget_has_css_class (bandwidth, "error"));
  g_assert_cmpfloat (hw->mem_bw, ==, 3350e9);

  /* accepted as typed: live, the mark gone */
  gtk_editable_set_text (GTK_EDITABLE (bandwidth), "4,000");
  g_assert_false (gtk_widget_has_css_class (bandwidth, "error"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bandwidth)), ==, "4,000");
  hw = roof_hardware_spec_get_params (h100);
  g_assert_cmpfloat (hw->mem_bw, ==, 4000e9);
  g_assert_true (roof_spec_get_modified (ROOF_SPEC (h100)));
  g_assert_true (gtk_widget_get_visible (reset));

  /* the list row follows: its summary and its "Modified" badge */
  row = wait_for_row (GTK_WIDGET (panel), "nvidia-h100-sxm");
  g_assert_true (shows_label (GTK_WIDGET (row), "Modified"));
  g_assert_true (shows_label (GTK_WIDGET (row), "80 GB · 4 TB/s · 989 TFLOP/s bf16"));

  /* an optional precision left empty has no ceiling */
  gtk_editable_set_text (GTK_EDITABLE (field (editor, "compute_TFLOPS.fp8")), "");
  hw = roof_hardware_spec_get_params (h100);
  g_assert_false (roof_spec_has_field (ROOF_SPEC (h100), "compute_TFLOPS.fp8"));
  g_assert_cmpfloat (hw->peak_flops[ROOF_PREC_FP8], ==, 0);

  /* a required field cannot be emptied */
  gtk_editable_set_text (GTK_EDITABLE (field (editor, "memory.capacity_GB")), "");
  g_assert_true (gtk_widget_has_css_class (field (editor, "memory.capacity_GB"), "error"));
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (h100), "memory.capacity_GB", 0), ==, 80);

  /* Reset: the shipped values, every field showing them, no marks */
  g_signal_emit_by_name (reset, "clicked");
  hw = roof_hardware_spec_get_params (h100);
  g_assert_cmpfloat (hw->mem_bw, ==, 3350e9);
  g_assert_cmpfloat (hw->peak_flops[ROOF_PREC_FP8], >, 0);
  g_assert_false (roof_spec_get_modified (ROOF_SPEC (h100)));
  g_assert_false (gtk_widget_get_visible (reset));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (editor, "memory.capacity_GB"))), ==,
                   "80");
  g_assert_false (gtk_widget_has_css_class (field (editor, "memory.capacity_GB"), "error"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bandwidth)), ==, "3350");
  g_assert_false (shows_label (GTK_WIDGET (row), "Modified"));
}

static void
test_hardware_editor_fields (Fixture *f, gconstpointer user_data)
{
  RoofHardwareSpec *h100 = roof_catalog_find_hardware (f->catalog, "nvidia-h100-sxm");
  RoofSpecEditor *editor = ROOF_SPEC_EDITOR (g_object_ref_sink (roof_spec_editor_new ()));
  const RoofFieldSpec *schema = roof_spec_schema (ROOF_ENTRY_HARDWARE, NULL);
  GtkWidget *name, *caches_add;

  roof_spec_editor_set_spec (editor, ROOF_SPEC (h100));

  /* every scalar field of the schema has its control, named by its path */
  for (const RoofFieldSpec *row = schema; row->path != NULL; row++)
    {
      if (g_str_has_prefix (row->path, "caches[]") || strcmp (row->path, "id") == 0
          || strcmp (row->path, "notes") == 0)
        continue;
      if (row->type == ROOF_FIELD_NUMBER || row->type == ROOF_FIELD_INTEGER
          || row->type == ROOF_FIELD_BOOLEAN || row->type == ROOF_FIELD_ENUM
          || row->type == ROOF_FIELD_STRING)
        g_assert_cmpstr (gtk_widget_get_name (field (editor, row->path)), ==, row->path);
    }
  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    {
      g_autofree char *path = g_strdup_printf ("compute_TFLOPS.%s", roof_precision_name (p));

      g_assert_true (GTK_IS_SPIN_BUTTON (field (editor, path)));
    }
  g_assert_true (GTK_IS_SPIN_BUTTON (field (editor, "caches[0].capacity_MB")));
  g_assert_null (roof_spec_editor_get_field (editor, "caches[1].capacity_MB"));

  /* strings apply as typed; the name is required */
  name = field (editor, "name");
  gtk_editable_set_text (GTK_EDITABLE (name), "H100 renamed");
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, "H100 renamed");
  gtk_editable_set_text (GTK_EDITABLE (name), "");
  g_assert_true (gtk_widget_has_css_class (name, "error"));
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, "H100 renamed");

  /* a cache level added from the header: the editor grows its rows */
  caches_add = ui_find_named (GTK_WIDGET (editor), "add-cache");
  g_signal_emit_by_name (caches_add, "clicked");
  g_assert_true (roof_spec_has_field (ROOF_SPEC (h100), "caches[1].name"));
  g_assert_true (GTK_IS_SPIN_BUTTON (field (editor, "caches[1].capacity_MB")));
  gtk_editable_set_text (GTK_EDITABLE (field (editor, "caches[1].capacity_MB")), "256");
  g_assert_cmpint (roof_hardware_spec_get_params (h100)->n_caches, ==, 2);
  g_assert_cmpfloat (roof_hardware_spec_get_params (h100)->caches[1].capacity, ==, 256e6);

  /* and the first level removed from its own header: the new one moves up */
  g_signal_emit_by_name (ui_find_named (GTK_WIDGET (editor), "remove-cache"), "clicked");
  g_assert_cmpint (roof_hardware_spec_get_params (h100)->n_caches, ==, 1);
  g_assert_cmpfloat (roof_hardware_spec_get_params (h100)->caches[0].capacity, ==, 256e6);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (editor, "caches[0].capacity_MB"))),
                   ==, "256");
  g_assert_null (roof_spec_editor_get_field (editor, "caches[1].capacity_MB"));

  roof_spec_reset (ROOF_SPEC (h100));
  roof_spec_editor_reload (editor);
  g_assert_null (roof_spec_editor_get_field (editor, "caches[1].capacity_MB"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (editor, "caches[0].capacity_MB"))),
                   ==, "50");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (editor, "name"))), ==,
                   "NVIDIA H100 SXM5 80 GB");
  g_assert_false (gtk_widget_has_css_class (field (editor, "name"), "error"));
  g_assert_finalize_object (editor);
}

static void
test_hardware_duplicate (Fixture *f, gconstpointer user_data)
{
  RoofHardwarePanel *panel = show_hardware (f);
  GtkWidget *duplicate = ui_find_named (GTK_WIDGET (panel), "duplicate-hardware");
  RoofHardwareSpec *copy;
  RoofHardwareRow *row;
  GListModel *items = list_items (panel);
  guint n = g_list_model_get_n_items (items);

  roof_hardware_panel_select_hardware (panel, "nvidia-h100-sxm");
  g_signal_emit_by_name (duplicate, "clicked");

  copy = roof_catalog_find_hardware (f->catalog, "nvidia-h100-sxm-custom");
  g_assert_nonnull (copy);
  g_assert_false (roof_spec_get_builtin (ROOF_SPEC (copy)));
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (copy)), ==, "NVIDIA H100 SXM5 80 GB (custom)");
  g_assert_true (roof_hardware_panel_get_selected (panel) == copy);
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, n + 1);
  g_assert_true (roof_spec_editor_get_spec (editor_of (GTK_WIDGET (panel), "hardware-editor"))
                 == ROOF_SPEC (copy));

  row = wait_for_row (GTK_WIDGET (panel), "nvidia-h100-sxm-custom");
  g_assert_true (shows_label (GTK_WIDGET (row), "Custom"));
  g_assert_false (shows_label (GTK_WIDGET (row), "Modified"));
  row = wait_for_row (GTK_WIDGET (panel), "nvidia-h100-sxm");
  g_assert_false (shows_label (GTK_WIDGET (row), "Custom"));

  /* a copy of the copy counts on */
  g_signal_emit_by_name (duplicate, "clicked");
  copy = roof_catalog_find_hardware (f->catalog, "nvidia-h100-sxm-custom-2");
  g_assert_nonnull (copy);
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (copy)), ==, "NVIDIA H100 SXM5 80 GB (custom 2)");
}

/* ------------------------------------------------------------------------ */
/* Model panel                                                              */

static const char *
label_text (GtkWidget *root, const char *name)
{
  GtkWidget *label = ui_find_named (root, name);

  g_assert_true (GTK_IS_LABEL (label));
  return gtk_label_get_label (GTK_LABEL (label));
}

static void
test_model_workload (Fixture *f, gconstpointer user_data)
{
  RoofModelPanel *panel = show_model (f);
  GtkWidget *batch = ui_find_named (GTK_WIDGET (panel), "batch-spin");
  GtkWidget *scale = ui_find_named (GTK_WIDGET (panel), "batch-scale");
  GtkWidget *context = ui_find_named (GTK_WIDGET (panel), "context-spin");
  GtkWidget *devices = ui_find_named (GTK_WIDGET (panel), "devices-spin");
  const RoofWorkload *wl;
  char *problem;

  g_assert_true (GTK_IS_SPIN_BUTTON (batch));
  problem = gtk_test_accessible_check_property (GTK_ACCESSIBLE (batch),
                                                GTK_ACCESSIBLE_PROPERTY_LABEL, "Batch size");
  g_assert_null (problem);
  g_assert_true (GTK_IS_SPIN_BUTTON (ui_find_named (GTK_WIDGET (panel), "prompt-spin")));
  g_assert_true (GTK_IS_SPIN_BUTTON (ui_find_named (GTK_WIDGET (panel), "output-spin")));
  g_assert_true (GTK_IS_DROP_DOWN (ui_find_named (GTK_WIDGET (panel), "model-dropdown")));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (batch), 64);
  wl = roof_scenario_get_workload (f->scenario);
  g_assert_cmpfloat (wl->batch, ==, 64);
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (scale)), ==, 6);

  /* typed: applied at once, the text left alone */
  gtk_editable_set_text (GTK_EDITABLE (batch), "200");
  g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->batch, ==, 200);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (batch)), ==, "200");
  gtk_editable_set_text (GTK_EDITABLE (batch), "0");
  g_assert_true (gtk_widget_has_css_class (batch, "error"));
  g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->batch, ==, 200);

  /* the log slider: 2^10 */
  gtk_range_set_value (GTK_RANGE (scale), 10);
  g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->batch, ==, 1024);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (batch)), ==, 1024);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (context), 32768);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (devices), 8);
  wl = roof_scenario_get_workload (f->scenario);
  g_assert_cmpfloat (wl->context, ==, 32768);
  g_assert_cmpfloat (wl->devices, ==, 8);

  /* precisions and phase */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (ui_find_named (GTK_WIDGET (panel), "kv-dropdown")),
                              ROOF_PREC_FP8);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (ui_find_named (GTK_WIDGET (panel), "phase-dropdown")),
                              1);
  wl = roof_scenario_get_workload (f->scenario);
  g_assert_cmpint (wl->kv, ==, ROOF_PREC_FP8);
  g_assert_cmpint (wl->phase, ==, ROOF_PHASE_PREFILL);

  /* targets: empty is none */
  gtk_editable_set_text (GTK_EDITABLE (ui_find_named (GTK_WIDGET (panel), "itl-spin")), "");
  g_assert_cmpfloat (roof_scenario_get_sla (f->scenario)->itl, ==, 0);
  gtk_editable_set_text (GTK_EDITABLE (ui_find_named (GTK_WIDGET (panel), "ttft-spin")), "500");
  g_assert_cmpfloat_with_epsilon (roof_scenario_get_sla (f->scenario)->ttft, 0.5, 1e-12);

  /* and the other way: the scenario sets the controls */
  {
    RoofWorkload w = *roof_scenario_get_workload (f->scenario);

    w.batch = 8;
    roof_scenario_set_workload (f->scenario, &w);
    g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (batch)), ==, 8);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (batch)), ==, "8");
    g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (scale)), ==, 3);
  }
}

static void
test_model_derived (Fixture *f, gconstpointer user_data)
{
  RoofModelPanel *panel = show_model (f);
  RoofModelSpec *llama = roof_catalog_find_model (f->catalog, "llama-3.1-70b");
  RoofSpecEditor *editor = editor_of (GTK_WIDGET (panel), "model-editor");
  GtkWidget *layers;

  /* L = 80, d = 8192, H = 64, H_kv = 8, d_h = 128, d_ff = 28672 gated, V = 128256 untied:
   * per layer q, o 2·8192² + k, v 2·8192·8·128 + FFN 3·8192·28672 + norms 2·8192
   * = 855,654,400; × 80 + embedding and lm_head 2·128256·8192 + final norm 8192
   * = 70,553,706,496, and the published 70.55e9 overrides it */
  g_assert_cmpfloat (roof_model_spec_get_derived (llama)->p_total_derived, ==, 70553706496.0);
  g_assert_cmpstr (label_text (GTK_WIDGET (panel), "derived-params-total"), ==, "70.55 billion");
  /* 70.55e9 × 2 bytes */
  g_assert_cmpstr (label_text (GTK_WIDGET (panel), "derived-weight-bytes"), ==, "141.1 GB");
  /* K and V: 2 · 8 heads · 128 · 80 layers · 2 bytes = 327,680 B */
  g_assert_cmpstr (label_text (GTK_WIDGET (panel), "derived-kv-per-token"), ==, "327.7 kB");

  /* the weights precision halves the weights */
  gtk_drop_down_set_selected (
    GTK_DROP_DOWN (ui_find_named (GTK_WIDGET (panel), "weights-dropdown")), ROOF_PREC_FP8);
  g_assert_cmpstr (label_text (GTK_WIDGET (panel), "derived-weight-bytes"), ==, "70.55 GB");

  /* an architecture edit updates the figures live: 81 layers of KV */
  layers = field (editor, "layers");
  gtk_editable_set_text (GTK_EDITABLE (layers), "81");
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (llama), "layers", 0), ==, 81);
  g_assert_cmpstr (label_text (GTK_WIDGET (panel), "derived-kv-per-token"), ==, "331.8 kB");
  g_assert_true (gtk_widget_get_visible (ui_find_named (GTK_WIDGET (panel), "reset-model")));

  g_signal_emit_by_name (ui_find_named (GTK_WIDGET (panel), "reset-model"), "clicked");
  g_assert_cmpstr (label_text (GTK_WIDGET (panel), "derived-kv-per-token"), ==, "327.7 kB");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (editor, "layers"))), ==, "80");
}

static void
test_model_picker (Fixture *f, gconstpointer user_data)
{
  RoofModelPanel *panel = show_model (f);
  GtkDropDown *dropdown = GTK_DROP_DOWN (ui_find_named (GTK_WIDGET (panel), "model-dropdown"));
  RoofSpecEditor *editor = editor_of (GTK_WIDGET (panel), "model-editor");
  GListModel *models = gtk_drop_down_get_model (dropdown);
  guint deepseek = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; i < g_list_model_get_n_items (models); i++)
    {
      g_autoptr (RoofSpec) spec = g_list_model_get_item (models, i);

      if (g_str_equal (roof_spec_get_id (spec), "deepseek-v3"))
        deepseek = i;
    }
  gtk_drop_down_set_selected (dropdown, deepseek);
  g_assert_cmpstr (roof_scenario_get_model (f->scenario), ==, "deepseek-v3");
  g_assert_cmpstr (roof_spec_get_id (roof_spec_editor_get_spec (editor)), ==, "deepseek-v3");
  /* MoE and MLA rows for this one; a generic model shows its own */
  g_assert_nonnull (roof_spec_editor_get_field (editor, "moe.experts"));
  g_assert_nonnull (roof_spec_editor_get_field (editor, "mla.kv_lora_rank"));
  g_assert_cmpstr (label_text (GTK_WIDGET (panel), "derived-params-total"), ==, "671 billion");
  g_assert_cmpstr (label_text (GTK_WIDGET (panel), "derived-params-active"), ==, "37 billion");

  roof_scenario_set_model (f->scenario, "resnet-50");
  g_assert_cmpstr (roof_spec_get_id (roof_spec_editor_get_spec (editor)), ==, "resnet-50");
  g_assert_null (roof_spec_editor_get_field (editor, "layers"));
  g_assert_nonnull (roof_spec_editor_get_field (editor, "flop_per_sample"));
  g_assert_false (gtk_widget_get_visible (
    gtk_widget_get_ancestor (ui_find_named (GTK_WIDGET (panel), "derived-kv-per-token"),
                             ADW_TYPE_ACTION_ROW)));

  roof_scenario_set_model (f->scenario, "llama-3.1-70b");
  g_assert_null (roof_spec_editor_get_field (editor, "moe.experts"));

  /* Duplicate: a custom copy, used from then on */
  g_signal_emit_by_name (ui_find_named (GTK_WIDGET (panel), "duplicate-model"), "clicked");
  g_assert_cmpstr (roof_scenario_get_model (f->scenario), ==, "llama-3.1-70b-custom");
  g_assert_false (roof_spec_get_builtin (roof_spec_editor_get_spec (editor)));
  {
    guint selected = gtk_drop_down_get_selected (dropdown);
    g_autoptr (RoofSpec) shown = g_list_model_get_item (models, selected);

    g_assert_true (shown == roof_spec_editor_get_spec (editor));
  }
}

static void
edit_hardware_cb (RoofModelPanel *panel, const char *id, char **out)
{
  g_free (*out);
  *out = g_strdup (id);
}

static void
test_model_cost (Fixture *f, gconstpointer user_data)
{
  RoofModelPanel *panel = show_model (f);
  GtkWidget *price = ui_find_named (GTK_WIDGET (panel), "price");
  g_autofree char *edited = NULL;
  GtkWidget *row;

  /* the first compared device: H100 SXM at 2.69 USD/h */
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (price)), ==, "$2.69/h");
  row = gtk_widget_get_ancestor (price, ADW_TYPE_ACTION_ROW);
  g_signal_connect (panel, "edit-hardware", G_CALLBACK (edit_hardware_cb), &edited);
  g_signal_emit_by_name (row, "activated");
  g_assert_cmpstr (edited, ==, "nvidia-h100-sxm");

  /* a price edited in the catalog shows at once */
  g_assert_true (roof_spec_set_number (
    ROOF_SPEC (roof_catalog_find_hardware (f->catalog, "nvidia-h100-sxm")), "price_usd_per_hour",
    3.5, NULL));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (ui_find_named (GTK_WIDGET (panel), "price"))),
                   ==, "$3.50/h");
}

int
main (int argc, char *argv[])
{
  /* the test AT context keeps accessible labels to check (GTK_A11Y=none keeps none) */
  g_setenv ("GTK_A11Y", "test", TRUE);
  ui_test_init (&argc, &argv);

  g_test_add_func ("/panels/format-number", test_format_number);
  g_test_add_func ("/panels/parse-number", test_parse_number);
  g_test_add_func ("/panels/format-count", test_format_count);
#define ADD(path, func) \
  g_test_add ("/panels/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("widgets-alone", test_widgets_alone);
  ADD ("hardware/groups", test_hardware_groups);
  ADD ("hardware/search", test_hardware_search);
  ADD ("hardware/compare", test_hardware_compare);
  ADD ("hardware/editor", test_hardware_editor);
  ADD ("hardware/editor-fields", test_hardware_editor_fields);
  ADD ("hardware/duplicate", test_hardware_duplicate);
  ADD ("model/workload", test_model_workload);
  ADD ("model/derived", test_model_derived);
  ADD ("model/picker", test_model_picker);
  ADD ("model/cost", test_model_cost);
#undef ADD
  return g_test_run ();
}
