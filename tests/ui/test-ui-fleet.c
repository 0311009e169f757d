/* test-ui-fleet.c — the Fleet view: its rows bound to the scenario, the
 * plan chart and the plan table following every edit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "roof-fleet-panel.h"
#include "roof-number-row.h"
#include "roof-window.h"
#include "ui-test-util.h"

#define WAIT_MS 10000

typedef struct
{
  RoofWindow *window;
  const char *needle; /* a text the plan chart's description must hold */
} Shows;

static gboolean
chart_rendered (gpointer data)
{
  RoofWindow *window = data;
  return roof_chart_view_get_layout (roof_window_get_visible_chart (window)) != NULL;
}

static gboolean
plan_shows (gpointer data)
{
  Shows *s = data;
  RoofChartView *view = roof_window_get_visible_chart (s->window);
  const RoofChartLayout *layout = roof_chart_view_get_layout (view);

  return layout != NULL && roof_chart_view_get_kind (view) == ROOF_PLOT_PLAN
         && layout->description != NULL && strstr (layout->description, s->needle) != NULL;
}

/* Typed into a row and committed, as Enter does. */
static void
type_in (gpointer row, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  g_signal_emit_by_name (row, "entry-activated");
}

/* The entry rows of the panel, in order: rate, lengths, P50, P99, ITL. */
static void
collect_rows (GtkWidget *w, GPtrArray *out)
{
  if (ADW_IS_ENTRY_ROW (w))
    g_ptr_array_add (out, w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    collect_rows (c, out);
}

/* The text of the plan table's cell, or NULL. */
static const char *
cell (RoofFleetPanel *panel, int column, int row)
{
  GtkWidget *w = gtk_grid_get_child_at (roof_fleet_panel_get_plan_grid (panel), column, row);
  return w != NULL ? gtk_label_get_text (GTK_LABEL (w)) : NULL;
}

typedef struct
{
  RoofFleetPanel *panel;
  int rows;
} TableRows;

static gboolean
table_has_rows (gpointer data)
{
  TableRows *t = data;
  return cell (t->panel, 0, t->rows) != NULL && cell (t->panel, 0, t->rows + 1) == NULL;
}

static void
test_fleet_view (void)
{
  g_autoptr (RoofWindow) window = g_object_ref_sink (roof_window_new (NULL));
  RoofScenario *scenario;
  RoofFleetPanel *panel;
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  Shows shows = { window, "at 10 requests/s" };
  double rate = 0;
  g_autofree char *lengths = NULL;

  gtk_window_present (GTK_WINDOW (window));
  ui_wait_for (chart_rendered, window, WAIT_MS, "the first chart");
  scenario = roof_window_get_scenario (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.chart", "s", "plan"));
  ui_wait_for (plan_shows, &shows, WAIT_MS, "the plan chart at 10 requests/s");

  panel = ROOF_FLEET_PANEL (ui_find_of_type (GTK_WIDGET (window), ROOF_TYPE_FLEET_PANEL));
  g_assert_nonnull (panel);
  collect_rows (GTK_WIDGET (panel), rows);
  g_assert_cmpuint (rows->len, ==, 5);
  g_assert_true (ROOF_IS_NUMBER_ROW (rows->pdata[0]));
  g_assert_false (ROOF_IS_NUMBER_ROW (rows->pdata[1]));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rows->pdata[0])), ==, "10");
  /* the default scenario's ITL target, 50 ms, in milliseconds */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rows->pdata[4])), ==, "50");

  /* one row of the table per compared device */
  TableRows t = { panel, (int) g_strv_length ((char **) roof_scenario_get_hardware (scenario)) };
  ui_wait_for (table_has_rows, &t, WAIT_MS, "a plan per device");
  g_assert_cmpstr (cell (panel, 1, 0), ==, "Plan");

  /* typed: the scenario, then the chart */
  type_in (rows->pdata[0], "25");
  g_object_get (scenario, "rate", &rate, NULL);
  g_assert_cmpfloat (rate, ==, 25);
  shows.needle = "at 25 requests/s";
  ui_wait_for (plan_shows, &shows, WAIT_MS, "the plan chart at 25 requests/s");

  /* refused: marked as typed, nothing changes when committed */
  gtk_editable_set_text (GTK_EDITABLE (rows->pdata[0]), "0");
  g_assert_true (roof_number_row_get_in_error (ROOF_NUMBER_ROW (rows->pdata[0])));
  g_signal_emit_by_name (rows->pdata[0], "entry-activated");
  g_assert_true (roof_number_row_get_in_error (ROOF_NUMBER_ROW (rows->pdata[0])));
  g_object_get (scenario, "rate", &rate, NULL);
  g_assert_cmpfloat (rate, ==, 25);

  /* fixed, then the scenario into the row */
  type_in (rows->pdata[0], "30");
  g_object_get (scenario, "rate", &rate, NULL);
  g_assert_cmpfloat (rate, ==, 30);
  g_assert_false (roof_number_row_get_in_error (ROOF_NUMBER_ROW (rows->pdata[0])));
  g_object_set (scenario, "rate", 40.0, NULL);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rows->pdata[0])), ==, "40");
  g_object_set (scenario, "ttft-p99", 2.0, NULL);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rows->pdata[3])), ==, "2000");

  /* a P50 target above the P99 one is refused */
  type_in (rows->pdata[2], "3000");
  g_assert_true (roof_number_row_get_in_error (ROOF_NUMBER_ROW (rows->pdata[2])));
  type_in (rows->pdata[2], "500");
  g_object_get (scenario, "ttft-p50", &rate, NULL);
  g_assert_cmpfloat (rate, ==, 0.5);
  g_assert_false (roof_number_row_get_in_error (ROOF_NUMBER_ROW (rows->pdata[2])));

  /* lengths whose shares do not sum to 1: said under the row, not taken */
  type_in (rows->pdata[1], "512:128@0.7,4096:512@0.2");
  g_clear_pointer (&lengths, g_free);
  g_object_get (scenario, "lengths", &lengths, NULL);
  g_assert_null (lengths);
  g_assert_nonnull (ui_row_note (rows->pdata[1]));
  gtk_editable_set_text (GTK_EDITABLE (rows->pdata[1]), "512:128@0.7,4096:512@0.3");
  g_clear_pointer (&lengths, g_free);
  g_object_get (scenario, "lengths", &lengths, NULL);
  g_assert_null (lengths); /* typed, not yet committed */
  g_signal_emit_by_name (rows->pdata[1], "entry-activated");
  g_clear_pointer (&lengths, g_free);
  g_object_get (scenario, "lengths", &lengths, NULL);
  g_assert_cmpstr (lengths, ==, "512:128@0.7,4096:512@0.3");
  shows.needle = "at 40 requests/s";
  ui_wait_for (plan_shows, &shows, WAIT_MS, "the plan chart of the mix at 40 requests/s");
  ui_wait_for (table_has_rows, &t, WAIT_MS, "the plans of the mix");

  gtk_window_destroy (GTK_WINDOW (window));
  ui_flush ();
}

int
main (int argc, char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/ui/fleet/view", test_fleet_view);
  return g_test_run ();
}
