/* test-ui-marker.c — dragging the operating point sets the scenario's batch and context
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drag goes through the chart view's own GtkGestureDrag (its signals
 * emitted as a pointer would), and the batch the drag must give is worked
 * out here from the axis range the layout reports: the pixel of a value v
 * on a logarithmic axis x0 … x1 is plot.x + width · log(v / x0) / log(x1 / x0).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-chart-data.h"
#include "roof-chart-view.h"
#include "roof-history.h"
#include "roof-theme.h"
#include "roof-window.h"
#include "ui-test-util.h"

#define WAIT_MS 10000

typedef struct
{
  RoofWindow *window;
  RoofPlotKind kind;
  double value; /* the batch or context the chart must have been drawn for */
} Wait;

static gboolean
drawn_for (gpointer data)
{
  Wait *w = data;
  RoofChartView *view = roof_window_get_visible_chart (w->window);
  const RoofChartLayout *l = roof_chart_view_get_layout (view);
  return l != NULL && roof_chart_view_get_kind (view) == w->kind
         && l->op_axis != ROOF_OPERATING_NONE && l->op_value == w->value;
}

static GtkGesture *
drag_gesture (GtkWidget *widget)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_DRAG (c))
        return GTK_GESTURE (c);
    }
  g_assert_not_reached ();
}

static double
log_x (const RoofChartLayout *l, double v)
{
  return l->plot_area.x + l->plot_area.width * log (v / l->x0) / log (l->x1 / l->x0);
}

/* Drags the line from where it is to pixel x. */
static void
drag_line (RoofChartView *view, double x)
{
  const RoofChartLayout *l = roof_chart_view_get_layout (view);
  GtkGesture *drag = drag_gesture (GTK_WIDGET (view));
  double x0 = l->op_x, y0 = l->plot_area.y + 0.5 * l->plot_area.height;

  g_signal_emit_by_name (drag, "drag-begin", x0, y0);
  g_signal_emit_by_name (drag, "drag-update", 0.5 * (x - x0), 0.0);
  g_signal_emit_by_name (drag, "drag-update", x - x0, 0.0);
  g_signal_emit_by_name (drag, "drag-end", x - x0, 0.0);
}

static void
test_drag_batch (void)
{
  RoofWindow *window = roof_window_new (NULL);
  RoofScenario *scenario;
  Wait w = { window, ROOF_PLOT_COST, 0.0 };

  g_object_ref_sink (window);
  gtk_window_present (GTK_WINDOW (window));
  scenario = roof_window_get_scenario (window);
  g_object_set (scenario, "batch", 32.0, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.chart", "s", "cost"));
  w.value = 32.0;
  ui_wait_for (drawn_for, &w, WAIT_MS, "the cost chart at batch 32");

  RoofChartView *view = roof_window_get_visible_chart (window);
  const RoofChartLayout *l = roof_chart_view_get_layout (view);
  g_assert_true (l->x_log);
  /* the line at batch 32 where the axis puts 32 */
  g_assert_cmpfloat_with_epsilon (l->op_x, log_x (l, 32.0), 0.01);

  /* to where the axis has batch 10.4: the batch snaps to 10 */
  drag_line (view, log_x (l, 10.4));
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, ==, 10.0);
  w.value = 10.0;
  ui_wait_for (drawn_for, &w, WAIT_MS, "the cost chart at batch 10");

  /* 9.6 rounds up to 10 as well: nothing changes */
  l = roof_chart_view_get_layout (view);
  drag_line (view, log_x (l, 9.6));
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, ==, 10.0);

  /* far left of the plot: the smallest batch, 1 (the axis and the
   * scenario's range both start there) */
  g_assert_cmpfloat (l->x0, <=, 1.0);
  drag_line (view, l->plot_area.x - 200.0);
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, ==, 1.0);
  w.value = 1.0;
  ui_wait_for (drawn_for, &w, WAIT_MS, "the cost chart at batch 1");

  /* far right: the largest whole batch the axis shows */
  l = roof_chart_view_get_layout (view);
  double right = floor (MIN (l->x1, l->op_hi));
  drag_line (view, l->plot_area.x + l->plot_area.width + 300.0);
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, ==, right);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_flush ();
  g_assert_finalize_object (window);
}

static void
count_change (guint *n)
{
  (*n)++;
}

/* A drag is one undo step, however many batches it went through. */
static void
test_drag_undo (void)
{
  RoofWindow *window = roof_window_new (NULL);
  RoofHistory *history = roof_window_get_history (window);
  RoofScenario *scenario;
  Wait w = { window, ROOF_PLOT_COST, 32.0 };
  RoofChartView *view;
  const RoofChartLayout *l;
  GtkGesture *drag;
  double batch0;
  guint changes = 0;

  g_object_ref_sink (window);
  gtk_window_present (GTK_WINDOW (window));
  scenario = roof_window_get_scenario (window);
  batch0 = roof_scenario_get_workload (scenario)->batch;
  g_assert_cmpfloat (batch0, !=, 32.0);
  g_object_set (scenario, "batch", 32.0, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.chart", "s", "cost"));
  ui_wait_for (drawn_for, &w, WAIT_MS, "the cost chart at batch 32");

  view = roof_window_get_visible_chart (window);
  l = roof_chart_view_get_layout (view);
  drag = drag_gesture (GTK_WIDGET (view));
  g_signal_connect_swapped (scenario, "notify::batch", G_CALLBACK (count_change), &changes);
  /* from 32 to 18, to 14, then after a pause longer than the history's
   * second that joins steps in a row, to 10: three batches on the way */
  g_signal_emit_by_name (drag, "drag-begin", l->op_x, l->plot_area.y + 0.5 * l->plot_area.height);
  g_signal_emit_by_name (drag, "drag-update", log_x (l, 18.0) - l->op_x, 0.0);
  g_signal_emit_by_name (drag, "drag-update", log_x (l, 14.0) - l->op_x, 0.0);
  g_usleep (G_USEC_PER_SEC + G_USEC_PER_SEC / 5);
  g_signal_emit_by_name (drag, "drag-update", log_x (l, 10.0) - l->op_x, 0.0);
  g_signal_emit_by_name (drag, "drag-end", log_x (l, 10.0) - l->op_x, 0.0);
  g_assert_cmpuint (changes, ==, 3);
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, ==, 10.0);

  /* one undo: back to 32, where the drag began; one more: the batch
   * before that, a step of its own */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, ==, 32.0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, ==, batch0);
  g_assert_false (roof_history_get_can_undo (history));
  /* and one redo, the whole drag */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->batch, ==, 10.0);
  g_assert_false (roof_history_get_can_redo (history));

  g_signal_handlers_disconnect_by_data (scenario, &changes);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_flush ();
  g_assert_finalize_object (window);
}

/* The context chart's line sets the context the same way. */
static void
test_drag_context (void)
{
  RoofWindow *window = roof_window_new (NULL);
  RoofScenario *scenario;
  Wait w = { window, ROOF_PLOT_CONTEXT, 4096.0 };

  g_object_ref_sink (window);
  gtk_window_present (GTK_WINDOW (window));
  scenario = roof_window_get_scenario (window);
  g_object_set (scenario, "context", 4096.0, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.chart", "s", "context"));
  ui_wait_for (drawn_for, &w, WAIT_MS, "the context chart at 4096");

  RoofChartView *view = roof_window_get_visible_chart (window);
  const RoofChartLayout *l = roof_chart_view_get_layout (view);
  g_assert_cmpfloat_with_epsilon (l->op_x, log_x (l, 4096.0), 0.01);
  drag_line (view, log_x (l, 20000.3));
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->context, ==, 20000.0);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_flush ();
  g_assert_finalize_object (window);
}

/* CIE L*a*b* of an sRGB colour (D65), for ΔE76: the Euclidean distance. */
static void
to_lab (RoofColor c, double lab[3])
{
  double rgb[3] = { c.r, c.g, c.b }, xyz[3];
  for (int k = 0; k < 3; k++)
    rgb[k] = rgb[k] <= 0.04045 ? rgb[k] / 12.92 : pow ((rgb[k] + 0.055) / 1.055, 2.4);
  xyz[0] = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047;
  xyz[1] = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  xyz[2] = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883;
  for (int k = 0; k < 3; k++)
    xyz[k] = xyz[k] > 0.008856 ? cbrt (xyz[k]) : 7.787 * xyz[k] + 16.0 / 116.0;
  lab[0] = 116.0 * xyz[1] - 16.0;
  lab[1] = 500.0 * (xyz[0] - xyz[1]);
  lab[2] = 200.0 * (xyz[1] - xyz[2]);
}

static double
delta_e (RoofColor a, RoofColor b)
{
  double la[3], lb[3];
  to_lab (a, la);
  to_lab (b, lb);
  return sqrt ((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1])
               + (la[2] - lb[2]) * (la[2] - lb[2]));
}

/* The devices compared together most often (the README's H100, H200, A100
 * and MI300X, and their successors): every set of two to four of them gets
 * default colours at least ΔE76 = 40 apart in the light and the dark
 * palette (orange e69f00 against vermillion d55e00 is 33: too close). */
static void
test_colours_apart (void)
{
  const char *ids[] = { "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-a100-sxm-80gb",
                        "amd-mi300x",      "nvidia-b200",     "amd-mi325x",
                        "google-tpu-v5p",  "intel-gaudi3" };
  const int n = G_N_ELEMENTS (ids);
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  int sets = 0;

  /* a light and a dark sanity check of the measure: vermillion vs orange */
  g_assert_cmpfloat (delta_e (roof_color_from_rgb (0xd55e00), roof_color_from_rgb (0xe69f00)),
                     <, 40.0);
  for (guint mask = 0; mask < (1u << n); mask++)
    {
      const char *set[5];
      int k = 0;
      for (int i = 0; i < n; i++)
        if (mask & (1u << i))
          set[k < 4 ? k : 4] = ids[i], k++;
      if (k < 2 || k > 4)
        continue;
      set[k] = NULL;
      roof_scenario_set_hardware (scenario, set);
      for (int t = ROOF_THEME_LIGHT; t <= ROOF_THEME_DARK; t++)
        for (int a = 0; a < k; a++)
          for (int b = a + 1; b < k; b++)
            {
              RoofColor ca = roof_theme_device_color (roof_theme_get (t),
                                                      roof_scenario_get_color (scenario, set[a]));
              RoofColor cb = roof_theme_device_color (roof_theme_get (t),
                                                      roof_scenario_get_color (scenario, set[b]));
              if (delta_e (ca, cb) < 40.0)
                g_error ("%s and %s: delta E %.1f in theme %d", set[a], set[b], delta_e (ca, cb), t);
            }
      sets++;
    }
  /* C(8,2) + C(8,3) + C(8,4) = 28 + 56 + 70 */
  g_assert_cmpint (sets, ==, 154);
}

/* The frontier chart draws the scenario's system beside its devices: the
 * README's H100, H200, A100 and MI300X (every set of one to four of them)
 * with the GB200 NVL72. The system's colour is ΔE76 ≥ 40 from each
 * device's in the light and the dark palette (the rule prefers such a
 * colour while one is free; for these sets one always is). Its
 * label is its name without the vendor, as the devices' are; cut to 40
 * characters with "…" when longer (roof_chart_ellipsize). */
static void
test_system_colour_apart (void)
{
  const char *ids[] = { "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-a100-sxm-80gb",
                        "amd-mi300x" };
  const int n = G_N_ELEMENTS (ids);
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  int sets = 0;

  g_assert_no_error (error);
  roof_scenario_set_system (scenario, "nvidia-gb200-nvl72");
  for (guint mask = 1; mask < (1u << n); mask++)
    {
      const char *set[5];
      int k = 0, fd = 0;
      gboolean far = TRUE;
      for (int i = 0; i < n; i++)
        if (mask & (1u << i))
          set[k++] = ids[i];
      set[k] = NULL;
      roof_scenario_set_hardware (scenario, set);
      g_autoptr (RoofChartData) data = roof_chart_data_new (catalog, scenario);
      const RoofPlotDevice *fr = roof_chart_data_get_frontier (data, &fd);
      /* the devices, then the system */
      g_assert_cmpint (fd, ==, k + 1);
      g_assert_cmpstr (fr[k].id, ==, "nvidia-gb200-nvl72");
      /* "NVIDIA GB200 NVL72 (72 x Blackwell GPU)" without its vendor's word */
      g_assert_cmpstr (fr[k].name, ==, "GB200 NVL72 (72 x Blackwell GPU)");
      for (int t = ROOF_THEME_LIGHT; t <= ROOF_THEME_DARK; t++)
        for (int a = 0; a < k; a++)
          {
            RoofColor cs = roof_theme_device_color (roof_theme_get (t), fr[k].color);
            RoofColor cd = roof_theme_device_color (roof_theme_get (t), fr[a].color);
            g_assert_cmpint (fr[k].color, !=, fr[a].color);
            if (delta_e (cs, cd) < 40.0)
              {
                far = FALSE;
                g_test_message ("%s beside %s: delta E %.1f in theme %d", fr[k].id, set[a],
                                delta_e (cs, cd), t);
              }
          }
      g_assert_true (far);
      sets++;
    }
  g_assert_cmpint (sets, ==, 15); /* 2⁴ − 1 */
}

/* The frontier chart names the system as it names devices: a name over 40
 * characters is cut to 39 and "…" in its legend entry and line label, and
 * given whole in its tooltips. */
static void
test_system_name_cut (void)
{
  /* 52 characters; the first 39 are "Rack-scale system with a very long cata" */
  static const char long_name[] = "Rack-scale system with a very long catalog name (72)";
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  g_autoptr (RoofChartLayout) layout = roof_chart_layout_new ();
  RoofPlotDevice devices[ROOF_PLOT_MAX_DEVICES];
  int n = 0, cut = 0, whole = 0, tips = 0;

  g_assert_no_error (error);
  roof_scenario_set_system (scenario, "nvidia-gb200-nvl72");
  g_autoptr (RoofChartData) data = roof_chart_data_new (catalog, scenario);
  const RoofPlotDevice *fr = roof_chart_data_get_frontier (data, &n);
  g_assert_cmpint (n, ==, 4); /* the default's three devices and the system */
  memcpy (devices, fr, n * sizeof *devices);
  devices[n - 1].name = long_name;
  RoofChartInput in = *roof_chart_data_get_input (data);
  in.kind = ROOF_PLOT_PARETO;
  in.devices = devices;
  in.n_devices = n;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1280, 800);
  cairo_t *cr = cairo_create (surface);
  g_assert_true (roof_chart_render (cr, 1280, 800, &in, layout, &error));
  g_assert_no_error (error);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  for (guint i = 0; i < layout->texts->len; i++)
    {
      const RoofPlacedText *t = &g_array_index (layout->texts, RoofPlacedText, i);
      cut += g_strcmp0 (t->text, "Rack-scale system with a very long cata…") == 0;
      whole += t->text != NULL && strstr (t->text, long_name) != NULL;
    }
  for (guint i = 0; i < layout->items->len; i++)
    {
      const RoofHitItem *h = &g_array_index (layout->items, RoofHitItem, i);
      tips += h->device == n - 1 && h->tooltip != NULL && strstr (h->tooltip, long_name) != NULL;
    }
  g_assert_cmpint (cut, >=, 1); /* the legend entry, and the line's label when placed */
  g_assert_cmpint (whole, ==, 0);
  g_assert_cmpint (tips, >=, 1);
}

int
main (int argc, char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/ui/marker/drag-batch", test_drag_batch);
  g_test_add_func ("/ui/marker/drag-context", test_drag_context);
  g_test_add_func ("/ui/marker/drag-undo", test_drag_undo);
  g_test_add_func ("/ui/colours/apart", test_colours_apart);
  g_test_add_func ("/ui/colours/system-apart", test_system_colour_apart);
  g_test_add_func ("/ui/frontier/system-name-cut", test_system_name_cut);
  return g_test_run ();
}
