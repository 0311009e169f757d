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

#include "roof-export-dialog.h"
#include "roof-hardware-panel.h"
#include "roof-hardware-row.h"
#include "roof-model-panel.h"
#include "roof-preferences-window.h"
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

/* A row that edits a number: an AdwEntryRow for digits or numbers. */
static gboolean
is_number_row (GtkWidget *widget)
{
  GtkInputPurpose purpose;

  if (!ADW_IS_ENTRY_ROW (widget))
    return FALSE;
  purpose = adw_entry_row_get_input_purpose (ADW_ENTRY_ROW (widget));
  return purpose == GTK_INPUT_PURPOSE_NUMBER || purpose == GTK_INPUT_PURPOSE_DIGITS;
}

/* The value a panel's number row edits (roof_ui_number_row_setup). */
static GtkAdjustment *
number_of (GtkWidget *row)
{
  GtkAdjustment *adjustment;

  g_assert_true (is_number_row (row));
  adjustment = roof_ui_number_row_get_adjustment (ADW_ENTRY_ROW (row));
  g_assert_nonnull (adjustment);
  return adjustment;
}

/* What shows under a row (roof_ui_row_set_error, _set_hint): its text, or
 * NULL when nothing does. */
static const char *
note_under (GtkWidget *row)
{
  return ui_row_note (row);
}

/* One wheel detent over `widget` (a spin button or a scale), delivered the
 * way GTK propagates it through the controllers on the widget itself: those
 * of the capture phase, then those of the bubble phase (where the widget's
 * own wheel handling sits), until one handles it. TRUE when one did: the
 * enclosing scrolled window, whose controller comes after, never sees it. */
static gboolean
wheel (GtkWidget *widget, double dx, double dy)
{
  static const GtkPropagationPhase phases[] = { GTK_PHASE_CAPTURE, GTK_PHASE_BUBBLE };
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);
        gboolean handled = FALSE;

        if (!GTK_IS_EVENT_CONTROLLER_SCROLL (c)
            || gtk_event_controller_get_propagation_phase (c) != phases[p])
          continue;
        g_signal_emit_by_name (c, "scroll", dx, dy, &handled);
        if (handled)
          return TRUE;
      }
  return FALSE;
}

static gboolean
has_scroll_room (gpointer data)
{
  GtkAdjustment *adj = data;

  return gtk_adjustment_get_upper (adj) - gtk_adjustment_get_lower (adj)
         > gtk_adjustment_get_page_size (adj) + 400;
}

static gboolean
has_focus_within (gpointer data)
{
  return !roof_ui_scroll_should_pass (data);
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
  g_assert_cmpuint (g_list_model_get_n_items (list_items (ROOF_HARDWARE_PANEL (widget))), >, 32);
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
  g_assert_cmpuint (n_devices, ==, 32);
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
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, 39); /* 32 devices under 7 vendor headers */
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
  ui_type (bandwidth, "-5");
  g_assert_true (gtk_widget_has_css_class (bandwidth, "error"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bandwidth)), ==, "-5");
  g_assert_cmpfloat (hw->mem_bw, ==, 3350e9);
  g_assert_false (roof_spec_get_modified (ROOF_SPEC (h100)));
  /* the spec's message, under the row, named by the row's title */
  g_assert_nonnull (note_under (bandwidth));
  g_assert_true (g_str_has_prefix (note_under (bandwidth), "Bandwidth "));
  g_assert_nonnull (strstr (note_under (bandwidth), "-5"));

  ui_type (bandwidth, "not a number");
  g_assert_true (gtk_widget_has_css_class (bandwidth, "error"));
  g_assert_cmpfloat (hw->mem_bw, ==, 3350e9);

  /* accepted when committed (Enter): the mark gone */
  ui_type (bandwidth, "4,000");
  g_assert_false (gtk_widget_has_css_class (bandwidth, "error"));
  g_assert_null (note_under (bandwidth));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bandwidth)), ==, "4,000");
  hw = roof_hardware_spec_get_params (h100);
  g_assert_cmpfloat (hw->mem_bw, ==, 4000e9);
  g_assert_true (roof_spec_get_modified (ROOF_SPEC (h100)));
  g_assert_true (gtk_widget_get_visible (reset));

  /* the list row follows: its summary and its "Modified" badge */
  row = wait_for_row (GTK_WIDGET (panel), "nvidia-h100-sxm");
  g_assert_true (shows_label (GTK_WIDGET (row), "Modified"));
  /* 81,559 MiB = 85.5e9 bytes (issue 12: the bytes the device has) */
  g_assert_true (shows_label (GTK_WIDGET (row), "85.5 GB · 4 TB/s · 989 TFLOP/s bf16"));

  /* an optional precision left empty has no ceiling */
  ui_type (field (editor, "compute_TFLOPS.fp8"), "");
  hw = roof_hardware_spec_get_params (h100);
  g_assert_false (roof_spec_has_field (ROOF_SPEC (h100), "compute_TFLOPS.fp8"));
  g_assert_cmpfloat (hw->peak_flops[ROOF_PREC_FP8], ==, 0);

  /* a required field cannot be emptied */
  ui_type (field (editor, "memory.capacity_GiB"), "");
  g_assert_true (gtk_widget_has_css_class (field (editor, "memory.capacity_GiB"), "error"));
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (h100), "memory.capacity_GiB", 0), ==,
                     79.6474609375);

  /* Reset: the shipped values, every field showing them, no marks */
  g_signal_emit_by_name (reset, "clicked");
  hw = roof_hardware_spec_get_params (h100);
  g_assert_cmpfloat (hw->mem_bw, ==, 3350e9);
  g_assert_cmpfloat (hw->peak_flops[ROOF_PREC_FP8], >, 0);
  g_assert_false (roof_spec_get_modified (ROOF_SPEC (h100)));
  g_assert_false (gtk_widget_get_visible (reset));
  /* shown to 6 significant digits; the entry keeps 79.6474609375 */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (editor, "memory.capacity_GiB"))), ==,
                   "79.6475");
  g_assert_false (gtk_widget_has_css_class (field (editor, "memory.capacity_GiB"), "error"));
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

      g_assert_true (is_number_row (field (editor, path)));
    }
  g_assert_true (is_number_row (field (editor, "caches[0].capacity_MB")));
  g_assert_null (roof_spec_editor_get_field (editor, "caches[1].capacity_MB"));

  /* strings apply when committed; the name is required */
  name = field (editor, "name");
  ui_type (name, "H100 renamed");
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, "H100 renamed");
  ui_type (name, "");
  g_assert_true (gtk_widget_has_css_class (name, "error"));
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, "H100 renamed");
  /* and at most 200 characters long: one more is refused, saying so (a
   * 100 000-character name made charts take 47 s to draw) */
  {
    g_autofree char *at_limit = g_strnfill (200, 'n');
    g_autofree char *over = g_strnfill (201, 'n');

    ui_type (name, over);
    g_assert_true (gtk_widget_has_css_class (name, "error"));
    g_assert_cmpstr (note_under (name), ==,
                     "Name must be at most 200 characters long, got 201 characters");
    g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, "H100 renamed");
    ui_type (name, at_limit);
    g_assert_false (gtk_widget_has_css_class (name, "error"));
    g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, at_limit);
  }

  /* a cache level added from the header: the editor grows its rows */
  caches_add = ui_find_named (GTK_WIDGET (editor), "add-cache");
  g_signal_emit_by_name (caches_add, "clicked");
  g_assert_true (roof_spec_has_field (ROOF_SPEC (h100), "caches[1].name"));
  g_assert_true (is_number_row (field (editor, "caches[1].capacity_MB")));
  ui_type (field (editor, "caches[1].capacity_MB"), "256");
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

  g_assert_true (is_number_row (batch));
  problem = gtk_test_accessible_check_property (GTK_ACCESSIBLE (batch),
                                                GTK_ACCESSIBLE_PROPERTY_LABEL, "Batch size");
  g_assert_null (problem);
  g_assert_true (is_number_row (ui_find_named (GTK_WIDGET (panel), "prompt-spin")));
  g_assert_true (is_number_row (ui_find_named (GTK_WIDGET (panel), "output-spin")));
  g_assert_true (GTK_IS_DROP_DOWN (ui_find_named (GTK_WIDGET (panel), "model-dropdown")));

  gtk_adjustment_set_value (number_of (batch), 64);
  wl = roof_scenario_get_workload (f->scenario);
  g_assert_cmpfloat (wl->batch, ==, 64);
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (scale)), ==, 6);

  /* typed: applied at once, the text left alone */
  ui_type (batch, "200");
  g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->batch, ==, 200);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (batch)), ==, "200");
  ui_type (batch, "0");
  g_assert_true (gtk_widget_has_css_class (batch, "error"));
  g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->batch, ==, 200);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (batch)), ==, "0");
  g_assert_cmpstr (note_under (batch), ==, "Must be between 1 and 1000000");

  /* the log slider: 2^10 */
  gtk_range_set_value (GTK_RANGE (scale), 10);
  g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->batch, ==, 1024);
  g_assert_cmpfloat (gtk_adjustment_get_value (number_of (batch)), ==, 1024);
  /* the refused text gave way to the value in force, and its message went */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (batch)), ==, "1024");
  g_assert_false (gtk_widget_has_css_class (batch, "error"));
  g_assert_null (note_under (batch));

  gtk_adjustment_set_value (number_of (context), 32768);
  gtk_adjustment_set_value (number_of (devices), 8);
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
  ui_type (ui_find_named (GTK_WIDGET (panel), "itl-spin"), "");
  g_assert_cmpfloat (roof_scenario_get_sla (f->scenario)->itl, ==, 0);
  ui_type (ui_find_named (GTK_WIDGET (panel), "ttft-spin"), "500");
  g_assert_cmpfloat_with_epsilon (roof_scenario_get_sla (f->scenario)->ttft, 0.5, 1e-12);

  /* and the other way: the scenario sets the controls */
  {
    RoofWorkload w = *roof_scenario_get_workload (f->scenario);

    w.batch = 8;
    roof_scenario_set_workload (f->scenario, &w);
    g_assert_cmpfloat (gtk_adjustment_get_value (number_of (batch)), ==, 8);
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
  ui_type (layers, "81");
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

static void
count_notify_cb (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

/* The controls are bound to the scenario's properties: one edit, one
 * notification; the log slider and the rows agree past its end; a value the
 * scenario refuses leaves it alone and the row shows the value in force. */
static void
test_model_bindings (Fixture *f, gconstpointer user_data)
{
  RoofModelPanel *panel = show_model (f);
  GtkWidget *batch = ui_find_named (GTK_WIDGET (panel), "batch-spin");
  GtkWidget *scale = ui_find_named (GTK_WIDGET (panel), "batch-scale");
  GtkWidget *devices = ui_find_named (GTK_WIDGET (panel), "devices-spin");
  GtkWidget *overhead = ui_find_named (GTK_WIDGET (panel), "overhead-spin");
  GtkWidget *overlap = ui_find_named (GTK_WIDGET (panel), "overlap-dropdown");
  guint batch_notes = 0, any_notes = 0;

  g_signal_connect (f->scenario, "notify::batch", G_CALLBACK (count_notify_cb), &batch_notes);
  g_signal_connect (f->scenario, "notify", G_CALLBACK (count_notify_cb), &any_notes);

  ui_type (batch, "100000");
  g_assert_cmpuint (batch_notes, ==, 1);
  g_assert_cmpuint (any_notes, ==, 1);
  /* the slider stops at 2^16; the batch stays what was typed */
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (scale)), ==, 16);
  g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->batch, ==, 100000);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (batch)), ==, "100000");

  /* past the row's range (a file may say 2e6): the row stops at its end,
   * the scenario keeps its batch */
  g_object_set (f->scenario, "batch", 2e6, NULL);
  g_assert_cmpfloat (gtk_adjustment_get_value (number_of (batch)), ==, 1e6);
  g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->batch, ==, 2e6);
  g_assert_cmpuint (batch_notes, ==, 2);

  /* the slider's step, as the scenario rounds it: the slider shows that */
  gtk_range_set_value (GTK_RANGE (scale), 6.3);
  g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->batch, ==, 79);
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (scale)), ==, log2 (79));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (batch)), ==, "79");
  g_assert_cmpuint (batch_notes, ==, 3);

  /* units: µs in the row, seconds in the scenario */
  ui_type (overhead, "12.5");
  g_assert_cmpfloat_with_epsilon (roof_scenario_get_workload (f->scenario)->overhead, 12.5e-6, 1e-18);
  g_object_set (f->scenario, "overhead", 3e-6, NULL);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (overhead)), ==, "3");

  /* enums: the scenario's and the combo row's */
  g_object_set (f->scenario, "overlap", ROOF_OVERLAP_SUM, NULL);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (overlap)), ==, 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (overlap), 0);
  g_assert_cmpint (roof_scenario_get_workload (f->scenario)->overlap, ==, ROOF_OVERLAP_MAX);

  /* 72-way expert parallelism: 200,000 devices in TP would make a layout
   * past 1e7 devices, which the scenario refuses */
  g_object_set (f->scenario, "ep", 72.0, NULL);
  any_notes = 0;
  ui_type (devices, "200000");
  g_assert_cmpuint (any_notes, ==, 0);
  g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->devices, ==, 2);
  g_assert_cmpfloat (gtk_adjustment_get_value (number_of (devices)), ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (devices)), ==, "2");

  /* another scenario: the controls follow it, the old one no longer */
  {
    g_autoptr (RoofScenario) other = roof_scenario_new_default ();
    RoofWorkload wl = *roof_scenario_get_workload (other);

    wl.batch = 32;
    roof_scenario_set_workload (other, &wl);
    roof_panel_set_scenario (ROOF_PANEL (panel), other);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (batch)), ==, "32");
    ui_type (batch, "48");
    g_assert_cmpfloat (roof_scenario_get_workload (other)->batch, ==, 48);
    g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->batch, ==, 79);
    roof_panel_set_scenario (ROOF_PANEL (panel), f->scenario);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (batch)), ==, "79");
  }
  g_signal_handlers_disconnect_by_func (f->scenario, count_notify_cb, &batch_notes);
  g_signal_handlers_disconnect_by_func (f->scenario, count_notify_cb, &any_notes);
}

/* ------------------------------------------------------------------------ */
/* Rows the panels share                                                    */

static void
test_number_row (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *row = adw_entry_row_new ();
  GtkWidget *target = adw_entry_row_new ();
  GtkAdjustment *adj = gtk_adjustment_new (1, 1, 1000, 1, 10, 0);
  GtkAdjustment *target_adj = gtk_adjustment_new (0, 0, 100, 0.5, 5, 0);

  g_object_ref_sink (adj);
  g_object_ref_sink (target_adj);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), target);
  gtk_window_set_child (GTK_WINDOW (window), group);
  roof_ui_number_row_setup (ADW_ENTRY_ROW (row), adj, 0, FALSE);
  roof_ui_number_row_setup (ADW_ENTRY_ROW (target), target_adj, 3, TRUE);
  g_assert_true (is_number_row (row));
  g_assert_true (roof_ui_number_row_get_adjustment (ADW_ENTRY_ROW (row)) == adj);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "1");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (target)), ==, "—");

  /* the value shows; what is typed applies on Enter and keeps the text */
  gtk_adjustment_set_value (adj, 50);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "50");
  ui_type (row, "200.0");
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 200);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "200.0");

  /* refused: marked, the text kept, the value unchanged, the reason under it */
  ui_type (row, "0");
  g_assert_true (gtk_widget_has_css_class (row, "error"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "0");
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 200);
  g_assert_cmpstr (note_under (row), ==, "Must be between 1 and 1000");
  ui_type (row, "2.5");
  g_assert_cmpstr (note_under (row), ==, "Must be a whole number");
  ui_type (row, "12 apples");
  g_assert_cmpstr (note_under (row), ==, "Not a number; type e.g. 1234");
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 200);

  /* Up and Down step from the value in force, Page Up and Down by the page;
   * the refused text goes with its mark and its message */
  g_assert_true (ui_press_number_key (row, GDK_KEY_Up));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 201);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "201");
  g_assert_false (gtk_widget_has_css_class (row, "error"));
  g_assert_null (note_under (row));
  g_assert_true (ui_press_number_key (row, GDK_KEY_Page_Down));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 191);
  g_assert_true (ui_press_number_key (row, GDK_KEY_Down));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "190");
  gtk_adjustment_set_value (adj, 1000);
  g_assert_true (ui_press_number_key (row, GDK_KEY_Up));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 1000);
  g_assert_false (ui_press_number_key (row, GDK_KEY_a));

  /* zero is none: "—", and empty means 0 */
  ui_type (target, "12.5");
  g_assert_cmpfloat (gtk_adjustment_get_value (target_adj), ==, 12.5);
  ui_type (target, "");
  g_assert_cmpfloat (gtk_adjustment_get_value (target_adj), ==, 0);
  g_assert_false (gtk_widget_has_css_class (target, "error"));
  g_assert_true (ui_press_number_key (target, GDK_KEY_Up));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (target)), ==, "0.5");
  gtk_adjustment_set_value (target_adj, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (target)), ==, "—");

  /* a hint shows under the row until an error takes its place */
  roof_ui_row_set_hint (target, "Empty for none");
  g_assert_cmpstr (note_under (target), ==, "Empty for none");
  ui_type (target, "-1");
  g_assert_cmpstr (note_under (target), ==, "Must be between 0 and 100");
  ui_type (target, "1");
  g_assert_cmpstr (note_under (target), ==, "Empty for none");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (adj);
  g_assert_finalize_object (target_adj);
}

/* The wheel over a spin button or a scale scrolls the panel around it unless
 * the control has the keyboard focus; then it is the control's, as in GTK. */
static void
test_scroll_guard (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 100, 1);
  GtkWidget *scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 16, 1);
  GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  double page, detent;

  for (int i = 0; i < 40; i++)
    gtk_box_append (GTK_BOX (box), gtk_label_new ("row"));
  gtk_box_append (GTK_BOX (box), spin);
  gtk_box_append (GTK_BOX (box), scale);
  for (int i = 0; i < 40; i++)
    gtk_box_append (GTK_BOX (box), gtk_label_new ("row"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 5);
  gtk_range_set_value (GTK_RANGE (scale), 8);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 300);
  roof_ui_guard_scroll_all (window);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_for (has_scroll_room, vadj, WAIT_MS, "the scrolled window's layout");
  /* the window gives its first focusable widget the focus: none here */
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  ui_flush ();
  page = gtk_adjustment_get_page_size (vadj);
  detent = pow (page, 2.0 / 3.0);
  gtk_adjustment_set_value (vadj, 100);

  g_assert_nonnull (ui_find_controller_named (spin, "roof-scroll-guard"));
  g_assert_nonnull (ui_find_controller_named (scale, "roof-scroll-guard"));
  g_assert_true (roof_ui_scroll_should_pass (spin));
  g_assert_true (roof_ui_scroll_should_pass (scale));

  /* not focused: the panel scrolls a wheel detent, the values stay */
  g_assert_true (wheel (spin, 0, 1));
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 5);
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (vadj), 100 + detent, 1e-9);
  g_assert_true (wheel (scale, 0, -1));
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (scale)), ==, 8);
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (vadj), 100, 1e-9);
  /* sideways too: nowhere to go, the scale still unchanged */
  g_assert_true (wheel (scale, 1, 0));
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (scale)), ==, 8);
  /* at the end of the panel the wheel goes no further */
  gtk_adjustment_set_value (vadj, 0);
  g_assert_true (wheel (spin, 0, -3));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, 0);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 5);

  /* focused: the wheel is the spin button's, the panel stays */
  gtk_adjustment_set_value (vadj, 100);
  gtk_widget_grab_focus (spin);
  ui_wait_for (has_focus_within, spin, WAIT_MS, "the spin button's focus");
  g_assert_true (roof_ui_scroll_should_pass (scale));
  g_assert_true (wheel (spin, 0, -1));
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 6);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, 100);
  g_assert_true (wheel (scale, 0, -1));
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (scale)), ==, 8);

  gtk_widget_grab_focus (scale);
  ui_wait_for (has_focus_within, scale, WAIT_MS, "the scale's focus");
  g_assert_true (roof_ui_scroll_should_pass (spin));
  g_assert_true (wheel (scale, 0, -1));
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (scale)), !=, 8);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_flush ();
}

/* Scrolling the right panel over the batch slider leaves the workload alone. */
static void
test_model_wheel (Fixture *f, gconstpointer user_data)
{
  RoofModelPanel *panel = show_model (f);
  GtkWidget *scale = ui_find_named (GTK_WIDGET (panel), "batch-scale");
  GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment (
    GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (scale, GTK_TYPE_SCROLLED_WINDOW)));
  RoofWorkload wl = *roof_scenario_get_workload (f->scenario);
  double before;

  wl.batch = 64;
  roof_scenario_set_workload (f->scenario, &wl);
  ui_wait_for (has_scroll_room, vadj, WAIT_MS, "the panel's layout");
  before = gtk_adjustment_get_value (vadj);
  g_assert_true (wheel (scale, 0, 1));
  g_assert_true (wheel (scale, 0, -1));
  g_assert_true (wheel (scale, 0, 1));
  g_assert_cmpfloat (roof_scenario_get_workload (f->scenario)->batch, ==, 64);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), >, before);
  g_assert_false (roof_spec_get_modified (
    ROOF_SPEC (roof_catalog_find_model (f->catalog, roof_scenario_get_model (f->scenario)))));

  /* every number of the panel is typed into a row, which has no wheel of its own */
  g_assert_null (ui_find_of_type (GTK_WIDGET (panel), GTK_TYPE_SPIN_BUTTON));
}

/* The other spin buttons of the app are guarded as well. */
static void
check_spins_guarded (GtkWidget *root, guint expected)
{
  guint n = 0;
  GPtrArray *stack = g_ptr_array_new ();

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

      if (GTK_IS_SPIN_BUTTON (w))
        {
          double value = gtk_spin_button_get_value (GTK_SPIN_BUTTON (w));

          n++;
          g_assert_nonnull (ui_find_controller_named (w, "roof-scroll-guard"));
          g_assert_true (roof_ui_scroll_should_pass (w));
          g_assert_true (wheel (w, 0, -1));
          g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (w)), ==, value);
        }
      for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL;
           c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (stack, c);
    }
  g_ptr_array_unref (stack);
  g_assert_cmpuint (n, ==, expected);
}

static void
test_dialogs_wheel (void)
{
  GtkWidget *window;

  window = GTK_WIDGET (roof_export_dialog_new (NULL, ROOF_PLOT_COST));
  check_spins_guarded (window, 3); /* width, height, scale */
  gtk_window_destroy (GTK_WINDOW (window));

  window = GTK_WIDGET (roof_preferences_window_new (NULL));
  check_spins_guarded (window, 2); /* batch range */
  gtk_window_destroy (GTK_WINDOW (window));
  ui_flush ();
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
  g_test_add_func ("/panels/number-row", test_number_row);
  g_test_add_func ("/panels/scroll-guard", test_scroll_guard);
  g_test_add_func ("/panels/dialogs-wheel", test_dialogs_wheel);
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
  ADD ("model/bindings", test_model_bindings);
  ADD ("model/wheel", test_model_wheel);
#undef ADD
  return g_test_run ();
}
