/* test-ui-window.c — the main window with its defaults, edited, exported
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The figures the summary strip must show are worked out here by hand from
 * docs/model.md and the catalog files (as tests/cli/test-cli.c does), never
 * by calling the solver. Edits go through the widgets a user touches: the
 * batch spin button of the model panel, a device's check button in the
 * hardware list.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "roof-hardware-panel.h"
#include "roof-probe-dialog.h"
#include "roof-spec-editor.h"
#include "roof-chart-data.h"
#include "roof-document.h"
#include "roof-measurement.h"
#include "roof-window.h"
#include "ui-test-util.h"

#define WAIT_MS 10000

static JsonNode *catalog_hardware;
static JsonNode *catalog_models;

/* ---------------------------------------------------------------------- */
/* The catalog, read with json-glib, and the model by hand                 */

static JsonNode *
load_catalog_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "catalog", name,
                                                 NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static JsonObject *
entry (JsonNode *doc, const char *array, const char *id)
{
  JsonArray *a = json_object_get_array_member (json_node_get_object (doc), array);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *o = json_array_get_object_element (a, i);
      if (g_str_equal (json_object_get_string_member (o, "id"), id))
        return o;
    }
  g_error ("no %s entry %s in the catalog", array, id);
  return NULL;
}

static double
num (JsonObject *o, const char *path)
{
  g_auto (GStrv) parts = g_strsplit (path, ".", -1);
  for (guint i = 0; parts[i + 1] != NULL; i++)
    o = json_object_get_object_member (o, parts[i]);
  return json_object_get_double_member (o, parts[g_strv_length (parts) - 1]);
}

typedef struct
{
  double bw, peak, price, link, latency;
} Hw;

static Hw
hw (const char *id)
{
  JsonObject *o = entry (catalog_hardware, "hardware", id);
  Hw h = { num (o, "memory.bandwidth_GBps") * 1e9, num (o, "compute_TFLOPS.bf16") * 1e12,
           num (o, "price_usd_per_hour"), num (o, "interconnect.bandwidth_GBps") * 1e9,
           num (o, "interconnect.latency_us") * 1e-6 };
  return h;
}

/* The default comparison runs each model on two devices in tensor parallel
 * (141 GB of bf16 weights fit on no single one of them). */
#define N_DEV 2.0

/* Llama 3.1 70B (dense GQA, gated FFN, untied embeddings); the published
 * params_total rescales the derived count (docs/model.md). */
typedef struct
{
  double L, d, H, dh, p_read, p_mm_body, p_mm_head, kv_tok, act_tok;
} Dense;

static Dense
dense (const char *id)
{
  JsonObject *o = entry (catalog_models, "models", id);
  Dense m = { 0 };
  double Hkv, ffn, V, attn, derived, scale;

  m.L = num (o, "layers");
  m.d = num (o, "hidden");
  m.H = num (o, "heads");
  m.dh = num (o, "head_dim");
  Hkv = num (o, "kv_heads");
  ffn = num (o, "ffn");
  V = num (o, "vocab");
  attn = m.d * m.H * m.dh + 2 * m.d * Hkv * m.dh + m.H * m.dh * m.d;
  derived = V * m.d + V * m.d + m.d + m.L * (attn + 3 * m.d * ffn + 2 * m.d);
  scale = num (o, "params_total") / derived;
  m.p_read = scale * (derived - V * m.d);
  m.p_mm_body = scale * m.L * (attn + 3 * m.d * ffn);
  m.p_mm_head = scale * V * m.d;
  m.kv_tok = 2 * m.L * Hkv * m.dh * 2;
  m.act_tok = m.L * (4 * m.d + 4 * m.H * m.dh + 3 * (m.d + ffn)) + m.d + V;
  return m;
}

/* Two ring all-reduces per layer of `tokens` · d bf16 values over n devices. */
static double
comm (const Dense *m, const Hw *h, double tokens)
{
  double one = 2 * (N_DEV - 1) / N_DEV * tokens * m->d * 2 / h->link + 2 * (N_DEV - 1) * h->latency;
  return 2 * m->L * one;
}

/* Decode step time at batch B and context S, bf16, on N_DEV devices. */
static double
decode_itl (const Dense *m, const Hw *h, double B, double S)
{
  double bytes = 2 * m->p_read + m->kv_tok * B * (S + 1) + 2 * B * m->act_tok;
  double flop = 2 * B * (m->p_mm_body + m->p_mm_head) + 4 * B * m->L * m->H * m->dh * S;
  return MAX (bytes / (N_DEV * h->bw), flop / (N_DEV * h->peak)) + comm (m, h, B);
}

/* Prefill of one 1024-token prompt: compute-bound on these devices. */
static double
prefill_ttft (const Dense *m, const Hw *h, double S)
{
  double flop = 2 * S * m->p_mm_body + 2 * m->p_mm_head + 2 * m->L * m->H * m->dh * S * S;
  return flop / (N_DEV * h->peak) + comm (m, h, S);
}

/* `v` with 4 significant digits, as the app prints in the C locale. */
static char *
sig4 (double v, const char *unit)
{
  int e = (int) floor (log10 (fabs (v)));
  int decimals = MAX (3 - e, 0);
  return g_strdup_printf ("%.*f%s%s", decimals, v, unit ? " " : "", unit ? unit : "");
}

/* ---------------------------------------------------------------------- */
/* The window                                                              */

typedef struct
{
  RoofWindow *window;
  char *tmpdir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GError) error = NULL;

  f->window = roof_window_new (NULL);
  g_object_ref_sink (f->window);
  gtk_window_present (GTK_WINDOW (f->window));
  ui_wait_for (ui_chart_rendered, f->window, WAIT_MS, "the first chart");
  f->tmpdir = g_dir_make_tmp ("roofline-ui-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GDir) dir = g_dir_open (f->tmpdir, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->tmpdir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (f->tmpdir);
  g_free (f->tmpdir);
  gtk_window_destroy (GTK_WINDOW (f->window));
  ui_flush ();
  g_assert_finalize_object (f->window);
}

static const char *
cell (Fixture *f, int row, RoofSummaryColumn column)
{
  return roof_summary_strip_get_cell (roof_window_get_summary_strip (f->window), row, column);
}

static int
row_of (Fixture *f, const char *name_part)
{
  RoofSummaryStrip *strip = roof_window_get_summary_strip (f->window);
  for (int i = 0; i < roof_summary_strip_get_n_rows (strip); i++)
    if (strstr (roof_summary_strip_get_cell (strip, i, ROOF_SUMMARY_DEVICE), name_part) != NULL)
      return i;
  g_error ("no summary row for %s", name_part);
  return -1;
}

static void
check_device_row (Fixture *f, const char *id, const char *name_part, double B)
{
  Dense m = dense ("llama-3.1-70b");
  Hw h = hw (id);
  int row = row_of (f, name_part);
  double itl = decode_itl (&m, &h, B, 4096);
  g_autofree char *want_itl = sig4 (itl * 1e3, "ms");
  g_autofree char *want_tok = sig4 (B / itl, NULL);
  g_autofree char *want_cost = g_strdup_printf ("$%.2f", N_DEV * h.price / 3600 * itl / B * 1e6);

  g_assert_cmpstr (cell (f, row, ROOF_SUMMARY_ITL), ==, want_itl);
  g_assert_cmpstr (cell (f, row, ROOF_SUMMARY_TOKENS_PER_S), ==, want_tok);
  g_assert_cmpstr (cell (f, row, ROOF_SUMMARY_USD_PER_MTOK), ==, want_cost);
  g_assert_cmpstr (cell (f, row, ROOF_SUMMARY_BOUND), ==, "bandwidth");
}

static void
test_defaults (Fixture *f, gconstpointer user_data)
{
  RoofScenario *scenario = roof_window_get_scenario (f->window);
  const char *const *ids = roof_scenario_get_hardware (scenario);
  Dense m = dense ("llama-3.1-70b");
  Hw h100 = hw ("nvidia-h100-sxm");
  g_autofree char *ttft = sig4 (prefill_ttft (&m, &h100, 1024) * 1e3, "ms");

  g_assert_cmpuint (g_strv_length ((char **) ids), ==, 3);
  g_assert_cmpstr (ids[0], ==, "nvidia-h100-sxm");
  g_assert_cmpstr (ids[1], ==, "nvidia-h200-sxm");
  g_assert_cmpstr (ids[2], ==, "nvidia-a100-sxm-80gb");
  g_assert_cmpstr (roof_scenario_get_model (scenario), ==, "llama-3.1-70b");
  g_assert_cmpint (roof_chart_view_get_kind (roof_window_get_visible_chart (f->window)), ==,
                   ROOF_PLOT_ROOFLINE);

  g_assert_cmpint (roof_summary_strip_get_n_rows (roof_window_get_summary_strip (f->window)), ==,
                   3);
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->devices, ==, 2);
  /* 140.37 GB / (2 · 3.35 TB/s) = 20.95 ms, plus 160 all-reduces of 16 kB
   * at 450 GB/s and 2 µs of hops each: 0.326 ms */
  g_assert_cmpstr (cell (f, row_of (f, "H100"), ROOF_SUMMARY_ITL), ==, "21.28 ms");
  check_device_row (f, "nvidia-h100-sxm", "H100", 1);
  check_device_row (f, "nvidia-h200-sxm", "H200", 1);
  check_device_row (f, "nvidia-a100-sxm-80gb", "A100", 1);
  g_assert_cmpstr (cell (f, row_of (f, "H100"), ROOF_SUMMARY_TTFT), ==, ttft);
  /* 142.4 GB fit in 2 × 0.9 × 80 GB = 144 GB */
  g_assert_cmpstr (cell (f, row_of (f, "H100"), ROOF_SUMMARY_MEMORY), ==, "fits");
  g_assert_cmpstr (cell (f, row_of (f, "A100"), ROOF_SUMMARY_MEMORY), ==, "fits");

  /* the chart answers too: three devices in the legend, a description */
  {
    const RoofChartLayout *layout = roof_chart_view_get_layout (
      roof_window_get_visible_chart (f->window));
    g_assert_cmpint (layout->legend_n_entries, ==, 3);
    g_assert_nonnull (layout->description);
    g_assert_nonnull (strstr (layout->description, "H100"));
  }
}

typedef struct
{
  Fixture *f;
  const char *want;
  int n_rows;
  int n_legend;
} Expect;

static gboolean
strip_shows (gpointer data)
{
  Expect *e = data;
  const char *got;
  if (roof_summary_strip_get_n_rows (roof_window_get_summary_strip (e->f->window)) == 0)
    return FALSE;
  got = cell (e->f, row_of (e->f, "H100"), ROOF_SUMMARY_ITL);
  return g_strcmp0 (got, e->want) == 0;
}

static void
test_batch_spin (Fixture *f, gconstpointer user_data)
{
  GtkWidget *spin = ui_find_named (roof_window_get_model_panel (f->window), "batch-spin");
  Dense m = dense ("llama-3.1-70b");
  Hw h = hw ("nvidia-h100-sxm");
  g_autofree char *want = sig4 (decode_itl (&m, &h, 8, 4096) * 1e3, "ms");
  Expect e = { f, want };

  g_assert_nonnull (spin);
  /* a number row over an adjustment (roof_ui_number_row_setup) */
  g_assert_true (ADW_IS_ENTRY_ROW (spin));
  gtk_adjustment_set_value (roof_ui_number_row_get_adjustment (ADW_ENTRY_ROW (spin)), 8);
  ui_wait_for (strip_shows, &e, WAIT_MS, "the strip at batch 8");

  g_assert_cmpfloat (roof_scenario_get_workload (roof_window_get_scenario (f->window))->batch,
                     ==, 8);
  check_device_row (f, "nvidia-h100-sxm", "H100", 8);
  check_device_row (f, "nvidia-a100-sxm-80gb", "A100", 8);
}

static gboolean
row_appears (gpointer data)
{
  Fixture *f = data;
  return ui_find_with_spec (roof_window_get_hardware_panel (f->window), "RoofHardwareRow", "spec",
                            "nvidia-b200")
         != NULL;
}

static gboolean
legend_grows (gpointer data)
{
  Expect *e = data;
  const RoofChartLayout *layout = roof_chart_view_get_layout (
    roof_window_get_visible_chart (e->f->window));
  return layout != NULL && layout->legend_n_entries == e->n_legend
         && roof_summary_strip_get_n_rows (roof_window_get_summary_strip (e->f->window))
              == e->n_rows;
}

static void
test_add_device (Fixture *f, gconstpointer user_data)
{
  RoofHardwarePanel *panel = ROOF_HARDWARE_PANEL (roof_window_get_hardware_panel (f->window));
  GtkWidget *row, *check;
  Expect e = { f, NULL, 4, 4 };

  roof_hardware_panel_set_search (panel, "B200");
  ui_wait_for (row_appears, f, WAIT_MS, "the B200 row");
  row = ui_find_with_spec (GTK_WIDGET (panel), "RoofHardwareRow", "spec", "nvidia-b200");
  check = ui_find_of_type (row, GTK_TYPE_CHECK_BUTTON);
  g_assert_nonnull (check);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);

  ui_wait_for (legend_grows, &e, WAIT_MS, "a fourth series");
  g_assert_true (roof_scenario_has_hardware (roof_window_get_scenario (f->window),
                                             "nvidia-b200"));
  g_assert_cmpint (roof_chart_data_get_n_devices (
                     roof_chart_view_get_data (roof_window_get_visible_chart (f->window))),
                   ==, 4);
}

static void
test_chart_switch (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *last = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.chart", "s", "cost"));
  g_assert_cmpint (roof_chart_view_get_kind (roof_window_get_visible_chart (f->window)), ==,
                   ROOF_PLOT_COST);
  last = g_settings_get_string (settings, "last-chart");
  g_assert_cmpstr (last, ==, "cost");
  ui_wait_for (ui_chart_rendered, f->window, WAIT_MS, "the cost chart");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.chart", "s",
                                             "roofline"));
}

static void
test_zoom_and_legend (Fixture *f, gconstpointer user_data)
{
  RoofChartView *view = roof_window_get_visible_chart (f->window);
  const RoofChartLayout *layout = roof_chart_view_get_layout (view);
  double x0 = layout->x0, x1 = layout->x1;
  const RoofRect *p = &layout->plot_area;
  RoofChartInput in;

  roof_chart_view_zoom_at (view, p->x + p->width / 2, p->y + p->height / 2, 0.5);
  g_assert_true (roof_chart_view_get_zoomed (view));
  roof_chart_view_build_input (view, &in);
  /* log axis: half the decades, around the centre */
  g_assert_cmpfloat_with_epsilon (log10 (in.view_x1 / in.view_x0), 0.5 * log10 (x1 / x0), 1e-9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.reset-view", NULL));
  g_assert_false (roof_chart_view_get_zoomed (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.zoom-in", NULL));
  g_assert_true (roof_chart_view_get_zoomed (view));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.reset-view", NULL);

  roof_chart_view_set_device_hidden (view, "nvidia-h200-sxm", TRUE);
  roof_chart_view_build_input (view, &in);
  g_assert_cmpuint (in.hidden, ==, 1u << 1);
  roof_chart_view_set_device_hidden (view, "nvidia-h200-sxm", FALSE);
  roof_chart_view_build_input (view, &in);
  g_assert_cmpuint (in.hidden, ==, 0);
}

static gboolean
allocated (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (data)) > 0;
}

/* F9 and Shift+F9 hide and show the panels, which come back at their width. */
static void
test_panels (Fixture *f, gconstpointer user_data)
{
  GtkWidget *hardware = roof_window_get_hardware_panel (f->window);
  GtkWidget *model = roof_window_get_model_panel (f->window);
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  gboolean visible;
  int hw_width, model_width;

  ui_wait_for (allocated, model, WAIT_MS, "the model panel's allocation");
  hw_width = gtk_widget_get_width (hardware);
  model_width = gtk_widget_get_width (model);
  g_assert_cmpint (hw_width, >=, 200);
  g_assert_cmpint (model_width, >=, 200);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.toggle-hardware-panel",
                                             NULL));
  g_object_get (f->window, "hardware-panel-visible", &visible, NULL);
  g_assert_false (visible);
  ui_wait_for (ui_unmapped, hardware, WAIT_MS, "the hardware panel to go");
  g_assert_false (g_settings_get_boolean (settings, "hardware-panel-visible"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.toggle-model-panel",
                                             NULL));
  ui_wait_for (ui_unmapped, model, WAIT_MS, "the model panel to go");
  g_assert_false (g_settings_get_boolean (settings, "model-panel-visible"));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.toggle-hardware-panel", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.toggle-model-panel", NULL);
  ui_wait_for (ui_mapped, hardware, WAIT_MS, "the hardware panel back");
  ui_wait_for (ui_mapped, model, WAIT_MS, "the model panel back");
  ui_flush ();
  g_assert_cmpint (abs (gtk_widget_get_width (hardware) - hw_width), <=, 2);
  g_assert_cmpint (abs (gtk_widget_get_width (model) - model_width), <=, 2);
}

static gboolean
popover_shown (gpointer data)
{
  GtkWidget *popover = ui_find_of_type (GTK_WIDGET (data), GTK_TYPE_POPOVER);
  return popover != NULL && gtk_widget_get_mapped (popover);
}

/* A click on a point pins its exact values; an edit unpins them. */
static void
test_pin (Fixture *f, gconstpointer user_data)
{
  RoofChartView *view = roof_window_get_visible_chart (f->window);
  const RoofChartLayout *layout = roof_chart_view_get_layout (view);
  const RoofHitItem *item = NULL;
  RoofWorkload wl = *roof_scenario_get_workload (roof_window_get_scenario (f->window));

  for (guint i = 0; i < layout->items->len && item == NULL; i++)
    {
      const RoofHitItem *it = &g_array_index (layout->items, RoofHitItem, i);
      if (it->tooltip != NULL && it->device >= 0
          && roof_chart_layout_hit (layout, it->x, it->y) == it)
        item = it;
    }
  g_assert_nonnull (item);
  g_assert_null (roof_chart_view_get_pinned_text (view));
  g_assert_true (roof_chart_view_pin_at (view, item->x, item->y));
  g_assert_cmpstr (roof_chart_view_get_pinned_text (view), ==, item->tooltip);
  ui_wait_for (popover_shown, view, WAIT_MS, "the pinned point's popover");

  wl.batch = 3;
  roof_scenario_set_workload (roof_window_get_scenario (f->window), &wl);
  roof_window_recompute (f->window);
  g_assert_null (roof_chart_view_get_pinned_text (view));
}

/* A narrow window folds the model panel away without forgetting the user's
 * choice, and a wide one brings it back. */
static void
test_fold (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *model = roof_window_get_model_panel (f->window);

  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 700);
  ui_wait_for (ui_unmapped, model, WAIT_MS, "the model panel to fold");
  g_assert_true (g_settings_get_boolean (settings, "model-panel-visible"));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1400, 800);
  ui_wait_for (ui_mapped, model, WAIT_MS, "the model panel to come back");
}

/* Counts the window's frames from a tick callback, which keeps the frame
 * clock running while it is there. */
static gboolean
count_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (*(int *) data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
two_ticks (gpointer data)
{
  return *(int *) data >= 2;
}

/* Two frames have passed: one laid out and painted what changed before it. */
static void
wait_frames (Fixture *f)
{
  int ticks = 0;
  guint id = gtk_widget_add_tick_callback (GTK_WIDGET (f->window), count_tick, &ticks, NULL);

  gtk_widget_queue_draw (GTK_WIDGET (f->window));
  ui_wait_for (two_ticks, &ticks, WAIT_MS, "two frames");
  gtk_widget_remove_tick_callback (GTK_WIDGET (f->window), id);
}

/* The summary strip as its parent draws it: the render node under the
 * strip's offset. */
static GskRenderNode *
strip_node (RoofSummaryStrip *strip)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  gtk_widget_snapshot_child (gtk_widget_get_parent (GTK_WIDGET (strip)), GTK_WIDGET (strip),
                             snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  while (gsk_render_node_get_node_type (node) == GSK_TRANSFORM_NODE)
    {
      GskRenderNode *child = gsk_render_node_ref (gsk_transform_node_get_child (node));
      gsk_render_node_unref (node);
      node = child;
    }
  return node;
}

/* GSK repaints a frame's changes as separate rectangles only up to 30 of
 * them, else the whole of the node holding the chart, the strip and the
 * side panel; so a new set of figures must reach it as one rectangle, the
 * strip's (roof-summary-strip.c). The strip draws its children under a clip
 * node that clips nothing, a new one with each set of figures (GSK cannot
 * compare two clip nodes whose clips differ, and repaints them whole) and the
 * same one otherwise (a hovered button is compared as before). */
static void
test_strip_one_rectangle (Fixture *f, gconstpointer user_data)
{
  RoofSummaryStrip *strip = roof_window_get_summary_strip (f->window);
  RoofScenario *scenario = roof_window_get_scenario (f->window);
  RoofWorkload wl = *roof_scenario_get_workload (scenario);
  GskRenderNode *before, *after, *again;
  graphene_rect_t children;

  wait_frames (f);
  before = strip_node (strip);
  g_assert_cmpint (gsk_render_node_get_node_type (before), ==, GSK_CLIP_NODE);
  gsk_render_node_get_bounds (gsk_clip_node_get_child (before), &children);
  g_assert_true (graphene_rect_contains_rect (gsk_clip_node_get_clip (before), &children));

  wl.batch = wl.batch + 7;
  roof_scenario_set_workload (scenario, &wl);
  roof_window_recompute (f->window);
  wait_frames (f);
  after = strip_node (strip);
  g_assert_cmpint (gsk_render_node_get_node_type (after), ==, GSK_CLIP_NODE);
  gsk_render_node_get_bounds (gsk_clip_node_get_child (after), &children);
  g_assert_true (graphene_rect_contains_rect (gsk_clip_node_get_clip (after), &children));
  g_assert_false (graphene_rect_equal (gsk_clip_node_get_clip (before), gsk_clip_node_get_clip (after)));

  /* drawn again with the same figures: the same clip */
  gtk_widget_queue_draw (GTK_WIDGET (strip));
  wait_frames (f);
  again = strip_node (strip);
  g_assert_true (again != after);
  g_assert_cmpint (gsk_render_node_get_node_type (again), ==, GSK_CLIP_NODE);
  g_assert_true (graphene_rect_equal (gsk_clip_node_get_clip (after), gsk_clip_node_get_clip (again)));

  gsk_render_node_unref (before);
  gsk_render_node_unref (after);
  gsk_render_node_unref (again);
}

static void
test_copy_table (Fixture *f, gconstpointer user_data)
{
  g_autofree char *table = roof_summary_strip_build_table (
    roof_window_get_summary_strip (f->window));
  g_auto (GStrv) lines = g_strsplit (table, "\n", -1);
  g_auto (GStrv) header = g_strsplit (lines[0], "\t", -1);
  g_auto (GStrv) first = g_strsplit (lines[1], "\t", -1);

  g_assert_cmpuint (g_strv_length (lines), ==, 5); /* header, 3 rows, "" after the last \n */
  g_assert_cmpuint (g_strv_length (header), ==, ROOF_SUMMARY_N_COLUMNS);
  g_assert_cmpstr (header[1], ==, "ITL (ms)");
  g_assert_cmpstr (first[1], ==, "21.28");
}

static void
export_and_check (Fixture *f, const char *name)
{
  g_autofree char *path = g_build_filename (f->tmpdir, name, NULL);
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  gsize length = 0;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-to", "s", path));
  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 1000);

  if (g_str_has_suffix (name, ".png"))
    {
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GdkTexture) texture = NULL;

      g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
      texture = gdk_texture_new_from_file (file, &error);
      g_assert_no_error (error);
      /* the export defaults: 1600 × 1000 at scale 1 */
      g_assert_cmpint (gdk_texture_get_width (texture), ==, 1600);
      g_assert_cmpint (gdk_texture_get_height (texture), ==, 1000);
    }
  else if (g_str_has_suffix (name, ".svg"))
    {
      RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) data, length, &error);
      gdouble w = 0, h = 0;
      g_assert_no_error (error);
      g_assert_nonnull (handle);
      g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &w, &h));
      g_assert_cmpfloat_with_epsilon (w / h, 1.6, 1e-6);
      g_object_unref (handle);
    }
  else
    {
      g_assert_cmpmem (data, 5, "%PDF-", 5);
      /* a finished file ends with its trailer */
      gboolean eof = FALSE;
      for (gsize i = length > 32 ? length - 32 : 0; i + 5 <= length; i++)
        eof = eof || memcmp (data + i, "%%EOF", 5) == 0;
      g_assert_true (eof);
    }
}

static void
test_export_to (Fixture *f, gconstpointer user_data)
{
  g_autofree char *bad = g_build_filename (f->tmpdir, "chart.txt", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (bad);

  export_and_check (f, "chart.png");
  export_and_check (f, "chart.svg");
  export_and_check (f, "chart.pdf");
  /* another chart exports too */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.chart", "s", "memory");
  export_and_check (f, "memory.svg");

  g_assert_false (roof_window_export_chart (f->window, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
}

/* The frontier view: in the switcher, drawn from the compared devices (each
 * a system of 8), drawn again on every edit, exported like the others. */
typedef struct
{
  Fixture *f;
  int n_legend;
  const char *description; /* a text it must no longer be, or NULL */
  int device;              /* a device whose points must be under the pointer, or −1 */
} FrontierExpect;

static gboolean
frontier_shows (gpointer data)
{
  FrontierExpect *e = data;
  RoofChartView *view = roof_window_get_visible_chart (e->f->window);
  const RoofChartLayout *layout = roof_chart_view_get_layout (view);
  gboolean device_seen = e->device < 0;

  if (layout == NULL || roof_chart_view_get_kind (view) != ROOF_PLOT_PARETO
      || layout->legend_n_entries != e->n_legend || layout->description == NULL
      || g_strcmp0 (layout->description, e->description) == 0)
    return FALSE;
  for (guint i = 0; i < layout->items->len && !device_seen; i++)
    device_seen = g_array_index (layout->items, RoofHitItem, i).device == e->device;
  return device_seen;
}

static gboolean
frontier_per_kw_linear (gpointer data)
{
  Fixture *f = data;
  const RoofChartLayout *layout
    = roof_chart_view_get_layout (roof_window_get_visible_chart (f->window));
  return layout != NULL && !layout->x_log && !layout->y_log
         && g_strcmp0 (layout->y_title, "Output tokens/s per kW") == 0;
}

static gboolean
frontier_per_device_log (gpointer data)
{
  Fixture *f = data;
  const RoofChartLayout *layout
    = roof_chart_view_get_layout (roof_window_get_visible_chart (f->window));
  return layout != NULL && layout->x_log && layout->y_log
         && g_strcmp0 (layout->y_title, "Output tokens/s per device") == 0;
}

static void
test_frontier_view (Fixture *f, gconstpointer user_data)
{
  RoofScenario *scenario = roof_window_get_scenario (f->window);
  int n = (int) g_strv_length ((char **) roof_scenario_get_hardware (scenario));
  FrontierExpect e = { f, n, NULL, 0 };
  g_autofree char *before = NULL;
  RoofWorkload wl;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.chart", "s",
                                             "pareto"));
  g_assert_cmpint (roof_chart_view_get_kind (roof_window_get_visible_chart (f->window)), ==,
                   ROOF_PLOT_PARETO);
  ui_wait_for (frontier_shows, &e, WAIT_MS, "the frontier");
  before = g_strdup (roof_chart_view_get_layout (roof_window_get_visible_chart (f->window))
                       ->description);
  g_assert_nonnull (strstr (before, "Frontier of"));
  g_assert_nonnull (strstr (before, "tokens/s per user"));

  /* a ticked device: a frontier more */
  roof_scenario_add_hardware (scenario, "nvidia-b200");
  e.n_legend = n + 1;
  e.description = before;
  e.device = n;
  ui_wait_for (frontier_shows, &e, WAIT_MS, "the B200's frontier");
  g_free (before);
  before = g_strdup (roof_chart_view_get_layout (roof_window_get_visible_chart (f->window))
                       ->description);

  /* the workload: fp8 weights move every frontier */
  wl = *roof_scenario_get_workload (scenario);
  wl.weights = ROOF_PREC_FP8;
  roof_scenario_set_workload (scenario, &wl);
  e.description = before;
  ui_wait_for (frontier_shows, &e, WAIT_MS, "the frontier at fp8");

  /* the main menu's frontier.y and frontier.linear: per kW on linear axes */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "frontier.y", "s", "kw"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "frontier.linear", NULL));
  ui_wait_for (frontier_per_kw_linear, f, WAIT_MS, "the frontier per kW, linear");
  /* they are the scenario's: saved with it */
  g_assert_cmpint (roof_scenario_get_frontier_y (scenario), ==, ROOF_FRONTIER_PER_KW);
  g_assert_true (roof_scenario_get_frontier_linear (scenario));

  export_and_check (f, "frontier.png");
  export_and_check (f, "frontier.svg");

  /* and undone as every edit of it: logarithmic, then per device again */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_false (roof_scenario_get_frontier_linear (scenario));
  g_assert_cmpint (roof_scenario_get_frontier_y (scenario), ==, ROOF_FRONTIER_PER_KW);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_cmpint (roof_scenario_get_frontier_y (scenario), ==, ROOF_FRONTIER_PER_DEVICE);
  ui_wait_for (frontier_per_device_log, f, WAIT_MS, "the frontier per device, logarithmic");
  /* the view, whose properties the menu's frontier.* actions show, follows */
  {
    g_autofree char *y = NULL;
    gboolean linear = TRUE;
    g_object_get (roof_window_get_visible_chart (f->window), "frontier-y", &y, "frontier-linear",
                  &linear, NULL);
    g_assert_cmpstr (y, ==, "device");
    g_assert_false (linear);
  }
  /* a scenario of its own (opened): its settings, drawn */
  {
    g_autoptr (RoofScenario) other = roof_scenario_new_default ();
    roof_scenario_set_frontier_y (other, ROOF_FRONTIER_PER_KW);
    roof_scenario_set_frontier_linear (other, TRUE);
    roof_document_set_scenario (roof_window_get_document (f->window), other, NULL, FALSE);
    ui_wait_for (frontier_per_kw_linear, f, WAIT_MS, "the opened scenario's frontier");
  }
}

/* Ctrl+Shift+C puts the chart on the clipboard as an image; the strip's
 * button puts its table there as text. */
static void
test_clipboard (Fixture *f, gconstpointer user_data)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f->window));
  GdkContentFormats *formats;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-chart", NULL));
  formats = gdk_clipboard_get_formats (clipboard);
  g_assert_true (gdk_clipboard_is_local (clipboard));
  g_assert_true (gdk_content_formats_contain_gtype (formats, GDK_TYPE_TEXTURE));

  g_assert_true (gtk_widget_activate_action (
    GTK_WIDGET (roof_window_get_summary_strip (f->window)), "strip.copy", NULL));
  formats = gdk_clipboard_get_formats (clipboard);
  g_assert_true (gdk_content_formats_contain_gtype (formats, G_TYPE_STRING));
}

static GtkWindow *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* transfer none */
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (w))
        return w;
    }
  return NULL;
}

static gboolean
message_dialog_shown (gpointer data)
{
  return find_message_dialog () != NULL;
}

/* A failed export says why in a dialog. */
static void
test_export_failure (Fixture *f, gconstpointer user_data)
{
  g_autofree char *path = g_build_filename (f->tmpdir, "no-such-dir", "chart.png", NULL);
  GtkWindow *dialog;
  const char *body;

  g_assert_null (find_message_dialog ());
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-to", "s", path));
  ui_wait_for (message_dialog_shown, NULL, WAIT_MS, "the error dialog");
  dialog = find_message_dialog ();
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "chart.png"));
  gtk_window_destroy (dialog);
}

static void
test_save_and_open (Fixture *f, gconstpointer user_data)
{
  g_autofree char *path = g_build_filename (f->tmpdir, "scenario.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  RoofWorkload wl = *roof_scenario_get_workload (roof_window_get_scenario (f->window));

  wl.batch = 16;
  roof_scenario_set_workload (roof_window_get_scenario (f->window), &wl);
  g_assert_true (roof_scenario_save_file (roof_window_get_scenario (f->window),
                                          roof_window_get_catalog (f->window), file, &error));
  g_assert_no_error (error);
  wl.batch = 2;
  roof_scenario_set_workload (roof_window_get_scenario (f->window), &wl);

  g_assert_true (roof_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_equal (roof_window_get_file (f->window), file));
  g_assert_cmpfloat (roof_scenario_get_workload (roof_window_get_scenario (f->window))->batch, ==,
                     16);
  /* the panels follow the new scenario */
  {
    GtkWidget *spin = ui_find_named (roof_window_get_model_panel (f->window), "batch-spin");
    g_assert_cmpfloat (
      gtk_adjustment_get_value (roof_ui_number_row_get_adjustment (ADW_ENTRY_ROW (spin))), ==, 16);
  }
}

/* File → Import Measurements…: a complete measurement file joins the
 * scenario (and the user's set) at once; vLLM's result, which names no
 * hardware, is asked about first, the scenario's first device offered. */
static void
test_import_measurements (Fixture *f, gconstpointer user_data)
{
  g_autofree char *csv = g_build_filename (f->tmpdir, "bench.csv", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (csv);
  g_autofree char *vllm_path = g_test_build_filename (G_TEST_DIST, "..", "catalog",
                                                      "measurements", "vllm-result.json", NULL);
  g_autoptr (GFile) vllm = g_file_new_for_path (vllm_path);
  g_autofree char *store = g_build_filename (g_get_user_data_dir (), "roofline",
                                             "measurements.json", NULL);
  RoofScenario *scenario = roof_window_get_scenario (f->window);
  const char *first = roof_scenario_get_hardware (scenario)[0];
  const RoofMeasurement *m;
  GPtrArray *set;
  GtkWindow *dialog;

  g_assert_true (g_file_set_contents (csv,
                                      "hardware,model,batch,prompt_tokens,output_tokens,"
                                      "tokens_per_s\n"
                                      "nvidia-h100-sxm,llama-3.1-70b,32,1024,256,900\n",
                                      -1, NULL));
  roof_window_import_measurements (f->window, file);
  set = roof_scenario_get_measurements (scenario);
  g_assert_cmpuint (set->len, ==, 1);
  m = g_ptr_array_index (set, 0);
  g_assert_cmpfloat (m->tokens_per_s, ==, 900.0);
  g_assert_cmpfloat (m->batch, ==, 32.0);
  g_assert_true (g_file_test (store, G_FILE_TEST_IS_REGULAR));

  roof_window_import_measurements (f->window, vllm);
  ui_wait_for (message_dialog_shown, NULL, WAIT_MS, "the question");
  dialog = find_message_dialog ();
  g_assert_cmpuint (roof_scenario_get_measurements (scenario)->len, ==, 1);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "import");
  ui_flush ();
  set = roof_scenario_get_measurements (scenario);
  g_assert_cmpuint (set->len, ==, 2);
  m = g_ptr_array_index (set, 1);
  g_assert_cmpstr (m->hardware, ==, first);
  g_assert_cmpstr (m->model, ==, "llama-3.1-8b"); /* the file's, not asked */
  g_assert_cmpfloat (m->tokens_per_s, ==, 2950.0);
  g_unlink (store);
  {
    g_autofree char *backup = g_strconcat (store, "~", NULL);
    g_unlink (backup);
  }
}

/* ---------------------------------------------------------------------- */
/* Measure This Computer…                                                  */

static RoofProbeDialog *
open_probe_dialog (Fixture *f)
{
  GListModel *toplevels; /* transfer none */

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.measure-computer",
                                             NULL));
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (ROOF_IS_PROBE_DIALOG (w))
        return g_object_ref (ROOF_PROBE_DIALOG (w));
    }
  g_assert_not_reached ();
}

static gboolean
probe_done (gpointer data)
{
  return !roof_probe_dialog_get_running (data);
}

static gboolean
label_is (GtkWidget *root, const char *text)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if ((GTK_IS_LABEL (c) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (c)), text) == 0)
        || label_is (c, text))
      return TRUE;
  return FALSE;
}

/* The measurement runs with a progress bar, then "this-computer" is in the
 * catalog and ticked in the comparison; the figures are the probe's, which
 * tests/probe checks. */
static void
test_measure_computer (Fixture *f, gconstpointer user_data)
{
  g_autoptr (RoofProbeDialog) dialog = open_probe_dialog (f);
  RoofScenario *scenario = roof_window_get_scenario (f->window);

  g_assert_true (roof_probe_dialog_get_running (dialog));
  g_assert_nonnull (ui_find_of_type (GTK_WIDGET (dialog), GTK_TYPE_PROGRESS_BAR));
  g_assert_null (roof_catalog_find_hardware (roof_window_get_catalog (f->window),
                                             "this-computer"));
  ui_wait_for (probe_done, dialog, 120000, "the measurement");
  g_assert_nonnull (roof_catalog_find_hardware (roof_window_get_catalog (f->window),
                                                "this-computer"));
  g_assert_true (roof_scenario_has_hardware (scenario, "this-computer"));
  g_assert_true (label_is (GTK_WIDGET (dialog), "This computer is measured"));
  g_assert_nonnull (ui_find_button_labelled (GTK_WIDGET (dialog), "_Close"));
  gtk_window_close (GTK_WINDOW (dialog));
  ui_flush ();
}

/* After a run, the dialog says when the triad's arrays fell short of
 * STREAM's rule (the clock cut their filling): 16 MiB = 16,777,216 bytes,
 * "16.78 MB"; 2032 MiB = 2,130,706,432 bytes, "2.131 GB"; and says nothing
 * of it when they did not. */
static void
test_measure_computer_short_arrays (void)
{
  RoofProbeResult r = { .memory_bytes_per_s = 42.93e9,
                        .triad_array_bytes = (guint64) 16 << 20,
                        .triad_rule_bytes = (guint64) 2032 << 20,
                        .load_average = 0.5 };
  g_autofree char *cut = roof_probe_dialog_describe (&r);
  g_autofree char *whole = NULL;

  g_assert_nonnull (strstr (cut, "Memory: 42.93 GB/s\n"));
  g_assert_nonnull (strstr (cut, "The memory figure comes from arrays of 16.78 MB, smaller than "
                                 "the 2.131 GB that STREAM's rule asks"));
  r.triad_array_bytes = r.triad_rule_bytes;
  whole = roof_probe_dialog_describe (&r);
  g_assert_null (strstr (whole, "STREAM"));
  g_assert_nonnull (strstr (whole, "Memory: 42.93 GB/s\n"));
}

/* Closing the dialog cancels the measurement: nothing is added. */
static void
test_measure_computer_cancel (Fixture *f, gconstpointer user_data)
{
  g_autoptr (RoofProbeDialog) dialog = open_probe_dialog (f);

  gtk_window_close (GTK_WINDOW (dialog));
  ui_wait_for (probe_done, dialog, 120000, "the cancelled measurement");
  ui_flush ();
  g_assert_null (roof_catalog_find_hardware (roof_window_get_catalog (f->window),
                                             "this-computer"));
  g_assert_false (roof_scenario_has_hardware (roof_window_get_scenario (f->window),
                                              "this-computer"));
}

/* The label of the main menu's item for `action` (searched through the
 * submenus and sections), or NULL. */
static char *
menu_label_of (GMenuModel *menu, const char *action)
{
  for (int i = 0; menu != NULL && i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *a = NULL, *label = NULL;
      g_autoptr (GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);
      GMenuModel *child;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &a)
          && strcmp (a, action) == 0
          && g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        return g_steal_pointer (&label);
      while (g_menu_link_iter_get_next (links, NULL, &child))
        {
          char *found = menu_label_of (child, action);
          g_object_unref (child);
          if (found != NULL)
            return found;
        }
    }
  return NULL;
}

typedef struct
{
  Fixture *f;
  int n_measured;
  guint hidden;
} MeasuredExpect;

/* The roofline view's input has n_measured points with these sources hidden. */
static gboolean
measured_shows (gpointer data)
{
  MeasuredExpect *e = data;
  RoofChartInput in;

  if (!roof_chart_view_build_input (roof_window_get_chart (e->f->window, ROOF_PLOT_ROOFLINE), &in))
    return FALSE;
  return in.n_measured == e->n_measured && in.measured_hidden == e->hidden;
}

/* Measured Results: the published set shown without importing anything,
 * its one source toggled off and on, both kept by a saved scenario. The
 * bundled set has 10 TensorRT-LLM points of Llama 3.1 8B on each of the
 * H100 and the H200 (docs/model.md, "The bundled set"): 20 on the two. */
static void
test_measured_menu (Fixture *f, gconstpointer user_data)
{
  static const char *const ids[] = { "nvidia-h100-sxm", "nvidia-h200-sxm", NULL };
  static const char source[] = "TensorRT-LLM 1.0, perf-overview.md";
  RoofScenario *scenario = roof_window_get_scenario (f->window);
  GtkWidget *menu_button = ui_find_of_type (GTK_WIDGET (f->window), GTK_TYPE_MENU_BUTTON);
  GMenuModel *menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button));
  g_autofree char *path = g_build_filename (f->tmpdir, "measured.roofline", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) loaded = NULL;
  MeasuredExpect e = { f, 0, 0 };
  char *label;

  roof_scenario_set_hardware (scenario, ids);
  roof_scenario_set_model (scenario, "llama-3.1-8b");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.chart", "s",
                                             "roofline"));
  ui_wait_for (measured_shows, &e, WAIT_MS, "no measured points");
  g_assert_false (roof_scenario_get_published_measurements (scenario));
  label = menu_label_of (menu, "measured.none");
  g_assert_nonnull (label);
  g_free (label);

  /* the published results: 20 points, one source in the menu and the legend */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "measured.published", NULL));
  g_assert_true (roof_scenario_get_published_measurements (scenario));
  e.n_measured = 20;
  ui_wait_for (measured_shows, &e, WAIT_MS, "the published points");
  ui_wait_for (ui_chart_rendered, f->window, WAIT_MS, "the chart with them");
  label = menu_label_of (menu, "measured.source-0");
  g_assert_cmpstr (label, ==, source);
  g_free (label);
  g_assert_null (menu_label_of (menu, "measured.source-1"));
  {
    const RoofChartLayout *layout
      = roof_chart_view_get_layout (roof_window_get_chart (f->window, ROOF_PLOT_ROOFLINE));
    g_assert_nonnull (layout);
    g_assert_nonnull (strstr (layout->description, "Measured points: 20, at "));
  }

  /* the source off: hidden in the input, named in the scenario */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "measured.source-0", NULL));
  g_assert_true (roof_scenario_get_measured_source_hidden (scenario, source));
  e.hidden = 1u << 0;
  ui_wait_for (measured_shows, &e, WAIT_MS, "the source hidden");

  /* saved and opened again: both kept, the chart data hides it too */
  g_assert_true (roof_scenario_save_file (scenario, roof_window_get_catalog (f->window), file,
                                          &error));
  g_assert_no_error (error);
  loaded = roof_scenario_load_file (file, roof_window_get_catalog (f->window), NULL, &error);
  g_assert_no_error (error);
  g_assert_true (roof_scenario_get_published_measurements (loaded));
  g_assert_cmpuint (g_strv_length ((char **) roof_scenario_get_measured_hidden (loaded)), ==, 1);
  g_assert_cmpstr (roof_scenario_get_measured_hidden (loaded)[0], ==, source);
  {
    RoofChartData *data = roof_chart_data_new (roof_window_get_catalog (f->window), loaded);
    const RoofChartInput *in = roof_chart_data_get_input (data);
    g_assert_cmpint (in->n_measured, ==, 20);
    g_assert_cmpuint (in->measured_hidden, ==, 1u << 0);
    roof_chart_data_unref (data);
  }

  /* on again; then the published set off: nothing left */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "measured.source-0", NULL));
  e.hidden = 0;
  ui_wait_for (measured_shows, &e, WAIT_MS, "the source shown again");
  g_assert_null (roof_scenario_get_measured_hidden (scenario)[0]);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "measured.published", NULL));
  e.n_measured = 0;
  ui_wait_for (measured_shows, &e, WAIT_MS, "the published points gone");
}

int
main (int argc, char *argv[])
{
  int status;

  ui_test_init (&argc, &argv);
  catalog_hardware = load_catalog_file ("hardware.json");
  catalog_models = load_catalog_file ("models.json");

#define ADD(path, fn) g_test_add ("/ui/window/" path, Fixture, NULL, fixture_set_up, fn, \
                                  fixture_tear_down)
  ADD ("defaults", test_defaults);
  ADD ("batch-spin", test_batch_spin);
  ADD ("add-device", test_add_device);
  ADD ("chart-switch", test_chart_switch);
  ADD ("zoom-and-legend", test_zoom_and_legend);
  ADD ("panels", test_panels);
  ADD ("pin", test_pin);
  ADD ("fold", test_fold);
  ADD ("copy-table", test_copy_table);
  ADD ("strip-one-rectangle", test_strip_one_rectangle);
  ADD ("export-to", test_export_to);
  ADD ("export-failure", test_export_failure);
  ADD ("frontier-view", test_frontier_view);
  ADD ("clipboard", test_clipboard);
  ADD ("save-and-open", test_save_and_open);
  ADD ("import-measurements", test_import_measurements);
  ADD ("measure-computer", test_measure_computer);
  ADD ("measure-computer-cancel", test_measure_computer_cancel);
  g_test_add_func ("/ui/window/measure-computer-short-arrays", test_measure_computer_short_arrays);
  ADD ("measured-menu", test_measured_menu);
#undef ADD

  status = g_test_run ();
  json_node_unref (catalog_hardware);
  json_node_unref (catalog_models);
  return status;
}
