/* test-i18n.c — the app in the language of $LANGUAGE, and its icon
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run once per translated language (tests/i18n/meson.build) with the
 * catalogs the build compiled into <builddir>/po, as the installed app finds
 * them in LOCALEDIR: what a template says (.ui), what the C code says (_())
 * and what a chart draws (src/plot) must all come out translated. The
 * expected words are written here, not looked up, so a string that is
 * marked but never reaches gettext fails.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "roof-application.h"
#include "roof-chart-view.h"
#include "roof-window.h"
#include "ui-test-util.h"

#define WAIT_MS 10000

typedef struct
{
  const char *language;
  const char *cost_page;  /* ui/roof-window.ui: the view switcher */
  const char *x_title;    /* src/plot: the roofline chart's x axis */
  const char *preferences; /* ui/roof-window.ui's menu, by gettext */
} Expected;

static const Expected expected[] = {
  { "de", "Kosten", "Arithmetische Intensität (FLOP/Byte)", "_Einstellungen" },
  { "fr", "Coût", "Intensité arithmétique (FLOP/octet)", "_Préférences" },
};

static const Expected *want;

static gboolean
chart_drawn (gpointer data)
{
  return roof_chart_view_get_layout (ROOF_CHART_VIEW (data)) != NULL;
}

static void
test_gettext (void)
{
  /* the menu label, straight from the catalog */
  g_assert_cmpstr (_("_Preferences"), ==, want->preferences);
  /* the plot library's own domain (gi18n-lib.h) */
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Arithmetic intensity (FLOP/byte)"), ==,
                   want->x_title);
}

static void
test_window (void)
{
  RoofWindow *window = roof_window_new (NULL);
  GtkWidget *stack;
  g_autoptr (GtkSelectionModel) pages = NULL;
  RoofChartView *view;
  const RoofChartLayout *layout;
  gboolean found = FALSE;

  gtk_window_present (GTK_WINDOW (window));

  /* a template string */
  stack = ui_find_of_type (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK);
  g_assert_nonnull (stack);
  pages = adw_view_stack_get_pages (ADW_VIEW_STACK (stack));
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
    {
      g_autoptr (AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i);
      if (g_strcmp0 (adw_view_stack_page_get_name (page), "cost") == 0)
        {
          g_assert_cmpstr (adw_view_stack_page_get_title (page), ==, want->cost_page);
          found = TRUE;
        }
    }
  g_assert_true (found);

  /* a chart as drawn in the window */
  view = roof_window_get_chart (window, ROOF_PLOT_ROOFLINE);
  ui_wait_for (chart_drawn, view, WAIT_MS, "the roofline chart");
  layout = roof_chart_view_get_layout (view);
  g_assert_cmpstr (layout->x_title, ==, want->x_title);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_flush ();
}

/* The About window shows the app's icon, found in the resources when the
 * app runs from the build tree and in hicolor once installed. */
static void
test_icon (void)
{
  g_autoptr (RoofApplication) app = roof_application_new ();
  g_autoptr (GError) error = NULL;
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_autoptr (GtkIconPaintable) icon = NULL;
  g_autofree char *name = NULL;
  static const char *const installed[] = { "scalable/apps/" APP_ID ".svg",
                                           "symbolic/apps/" APP_ID "-symbolic.svg" };
  GdkPixbuf *pixbuf;

  /* non-unique: no session bus is needed, startup runs all the same */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID));
  /* loadable as GTK loads it: gdk-pixbuf sniffs the format from the first
   * bytes, which must show "<svg" early */
  pixbuf = gdk_pixbuf_new_from_resource_at_scale ("/io/github/rooflinelab/Roofline/icons/scalable/"
                                                  "apps/" APP_ID ".svg",
                                                  64, 64, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, 64);
  g_clear_object (&pixbuf);
  for (guint i = 0; i < G_N_ELEMENTS (installed); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "icons",
                                                     "hicolor", installed[i], NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GInputStream) stream = G_INPUT_STREAM (g_file_read (file, NULL, &error));

      g_assert_no_error (error);
      /* from a stream, so no file name helps the sniffing */
      pixbuf = gdk_pixbuf_new_from_stream_at_scale (stream, 32, 32, TRUE, NULL, &error);
      g_assert_no_error (error);
      g_clear_object (&pixbuf);
    }
  icon = gtk_icon_theme_lookup_icon (theme, APP_ID, NULL, 128, 1, GTK_TEXT_DIR_NONE, 0);
  name = g_strdup (gtk_icon_paintable_get_icon_name (icon));
  g_assert_cmpstr (name, ==, APP_ID);
  g_assert_cmpstr (gtk_window_get_default_icon_name (), ==, APP_ID);
}

int
main (int argc, char *argv[])
{
  const char *language = g_getenv ("LANGUAGE");
  const char *localedir = g_getenv ("ROOFLINE_LOCALEDIR");

  ui_test_init (&argc, &argv);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (g_strcmp0 (language, expected[i].language) == 0)
      want = &expected[i];
  if (want == NULL || localedir == NULL)
    g_error ("run with LANGUAGE=de or fr and ROOFLINE_LOCALEDIR=<builddir>/po");

  /* gtk_test_init() asks for en_US.UTF-8, which may not exist; C.UTF-8
   * always does, and glibc honours LANGUAGE under it */
  g_assert_nonnull (setlocale (LC_ALL, "C.UTF-8"));
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/i18n/gettext", test_gettext);
  g_test_add_func ("/i18n/window", test_window);
  g_test_add_func ("/i18n/icon", test_icon);
  return g_test_run ();
}
