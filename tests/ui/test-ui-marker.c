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

#include "roof-chart-view.h"
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

int
main (int argc, char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/ui/marker/drag-batch", test_drag_batch);
  g_test_add_func ("/ui/marker/drag-context", test_drag_context);
  return g_test_run ();
}
