/* test-ui-widgets.c — every template widget builds, shows and goes away
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gtk-builder-tool cannot validate templates with custom types: building
 * each one here is what catches a misspelt property or a missing child.
 * Under G_DEBUG=fatal-warnings any builder warning fails the case.
 */
#include "config.h"

#include "roof-application.h"
#include "roof-chart-view.h"
#include "roof-export-dialog.h"
#include "roof-hardware-panel.h"
#include "roof-hardware-row.h"
#include "roof-model-panel.h"
#include "roof-preferences-window.h"
#include "roof-spec-editor.h"
#include "roof-summary-strip.h"
#include "roof-window.h"
#include "ui-test-util.h"

static RoofCatalog *catalog;

/* A widget is sunk, shown in a window, removed and must then be freed. */
static void
check_widget (GtkWidget *widget)
{
  GtkWidget *window = gtk_window_new ();

  g_object_ref_sink (widget);
  gtk_window_set_child (GTK_WINDOW (window), widget);
  gtk_window_present (GTK_WINDOW (window));
  ui_flush ();
  gtk_window_set_child (GTK_WINDOW (window), NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (widget);
}

static void
check_window (GtkWidget *window)
{
  g_object_ref (window);
  gtk_window_present (GTK_WINDOW (window));
  ui_flush ();
  gtk_window_destroy (GTK_WINDOW (window));
  ui_flush ();
  g_assert_finalize_object (window);
}

static void
test_chart_view (void)
{
  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    {
      GtkWidget *view = roof_chart_view_new ((RoofPlotKind) k);
      g_assert_cmpint (roof_chart_view_get_kind (ROOF_CHART_VIEW (view)), ==, k);
      check_widget (view);
    }
}

static void
test_summary_strip (void)
{
  check_widget (roof_summary_strip_new ());
}

static void
test_hardware_panel (void)
{
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  check_widget (g_object_new (ROOF_TYPE_HARDWARE_PANEL, "catalog", catalog, "scenario", scenario,
                              NULL));
}

static void
test_hardware_row (void)
{
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  RoofHardwareSpec *spec = roof_catalog_find_hardware (catalog, "nvidia-h100-sxm");
  GtkWidget *row = g_object_new (ROOF_TYPE_HARDWARE_ROW, NULL);

  roof_hardware_row_set_scenario (ROOF_HARDWARE_ROW (row), scenario);
  roof_hardware_row_set_spec (ROOF_HARDWARE_ROW (row), spec);
  check_widget (row);
}

static void
test_model_panel (void)
{
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  check_widget (g_object_new (ROOF_TYPE_MODEL_PANEL, "catalog", catalog, "scenario", scenario,
                              NULL));
}

static void
test_spec_editor (void)
{
  check_widget (g_object_new (ROOF_TYPE_SPEC_EDITOR, "spec",
                              roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"), NULL));
  check_widget (g_object_new (ROOF_TYPE_SPEC_EDITOR, "spec",
                              roof_catalog_find_model (catalog, "llama-3.1-70b"), NULL));
}

static void
test_export_dialog (void)
{
  RoofExportDialog *dialog = roof_export_dialog_new (NULL, ROOF_PLOT_COST);
  g_autofree char *name = roof_export_dialog_suggest_name (ROOF_PLOT_COST, ROOF_EXPORT_SVG);

  g_assert_cmpstr (name, ==, "roofline-cost.svg");

  /* a PNG past the limit of roof_export_size_fits cannot be started */
  static const char *const keys[] = { "export-format", "export-width", "export-height",
                                      "export-scale" };
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *button = ui_find_button_labelled (GTK_WIDGET (dialog), "_Export…");
  g_assert_nonnull (button);
  g_settings_set_string (settings, "export-format", "png");
  g_settings_set_int (settings, "export-width", 16000);
  g_settings_set_int (settings, "export-height", 16000);
  g_settings_set_double (settings, "export-scale", 3);
  ui_flush ();
  g_assert_false (gtk_widget_get_sensitive (button));
  /* a drawing has no pixels to count */
  g_settings_set_string (settings, "export-format", "svg");
  ui_flush ();
  g_assert_true (gtk_widget_get_sensitive (button));
  g_settings_set_string (settings, "export-format", "png");
  ui_flush ();
  g_assert_false (gtk_widget_get_sensitive (button));
  /* 5000 × 5000 at scale 2: 100 megapixels, the limit itself */
  g_settings_set_int (settings, "export-width", 5000);
  g_settings_set_int (settings, "export-height", 5000);
  g_settings_set_double (settings, "export-scale", 2);
  ui_flush ();
  g_assert_true (gtk_widget_get_sensitive (button));
  g_settings_set_int (settings, "export-height", 5001);
  ui_flush ();
  g_assert_false (gtk_widget_get_sensitive (button));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings, keys[i]);
  ui_flush ();
  g_assert_true (gtk_widget_get_sensitive (button));

  check_window (GTK_WIDGET (dialog));
}

static void
test_preferences_window (void)
{
  check_window (GTK_WIDGET (roof_preferences_window_new (NULL)));
}

static void
test_main_window (void)
{
  check_window (GTK_WIDGET (roof_window_new (NULL)));
}

static void
test_help_overlay (void)
{
  g_autoptr (GtkBuilder) builder
    = gtk_builder_new_from_resource ("/io/github/rooflinelab/Roofline/gtk/help-overlay.ui");
  GObject *overlay = gtk_builder_get_object (builder, "help_overlay");

  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (overlay));
  gtk_window_destroy (GTK_WINDOW (overlay));
}

static void
test_chart_icons (void)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  static const char *const icons[] = {
    "roof-chart-roofline-symbolic", "roof-chart-cost-symbolic", "roof-chart-sensitivity-symbolic",
    "roof-chart-batch-symbolic",    "roof-chart-context-symbolic", "roof-chart-memory-symbolic",
    "roof-chart-trend-symbolic",    "roof-chart-pareto-symbolic",
  };

  gtk_icon_theme_add_resource_path (theme, "/io/github/rooflinelab/Roofline/icons");
  for (guint i = 0; i < G_N_ELEMENTS (icons); i++)
    g_assert_true (gtk_icon_theme_has_icon (theme, icons[i]));
}

int
main (int argc, char *argv[])
{
  g_autoptr (GError) error = NULL;
  int status;

  ui_test_init (&argc, &argv);
  catalog = roof_catalog_new_builtin (&error);
  g_assert_no_error (error);

  g_test_add_func ("/ui/widgets/chart-view", test_chart_view);
  g_test_add_func ("/ui/widgets/summary-strip", test_summary_strip);
  g_test_add_func ("/ui/widgets/hardware-panel", test_hardware_panel);
  g_test_add_func ("/ui/widgets/hardware-row", test_hardware_row);
  g_test_add_func ("/ui/widgets/model-panel", test_model_panel);
  g_test_add_func ("/ui/widgets/spec-editor", test_spec_editor);
  g_test_add_func ("/ui/widgets/export-dialog", test_export_dialog);
  g_test_add_func ("/ui/widgets/preferences-window", test_preferences_window);
  g_test_add_func ("/ui/widgets/main-window", test_main_window);
  g_test_add_func ("/ui/widgets/help-overlay", test_help_overlay);
  g_test_add_func ("/ui/widgets/chart-icons", test_chart_icons);
  status = g_test_run ();
  g_clear_object (&catalog);
  return status;
}
