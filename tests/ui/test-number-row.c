/* test-number-row.c — RoofNumberRow: a number typed into an entry row
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Alone in a preferences group, under Xvfb with LC_ALL=C.UTF-8 (a decimal
 * point, no grouping). Notifications are counted as libadwaita's tests do.
 */
#include "config.h"

#include "roof-number-row.h"
#include "ui-test-util.h"

typedef struct
{
  gboolean none;
  double value;
  guint n;
} Typed;

static void
typed_cb (RoofNumberRow *row, gboolean none, double value, Typed *t)
{
  t->none = none;
  t->value = value;
  t->n++;
}

typedef struct
{
  gboolean none;
  double value;
  const char *refuse; /* the message to answer, or NULL to accept */
} Checked;

static char *
check_cb (RoofNumberRow *row, gboolean none, double value, Checked *c)
{
  c->none = none;
  c->value = value;
  return g_strdup (c->refuse);
}

static void
notify_cb (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

static GtkEventController *
focus_controller (GtkWidget *row)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (row);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (c), "roof-number-focus") == 0)
        return c; /* the row holds it */
    }
  g_assert_not_reached ();
}

static const char *
text_of (GtkWidget *row)
{
  return gtk_editable_get_text (GTK_EDITABLE (row));
}

static void
test_properties (void)
{
  GtkWidget *row = g_object_ref_sink (roof_number_row_new (FALSE));
  guint value_notes = 0, none_notes = 0, whole_notes = 0;
  double value;

  g_assert_true (ADW_IS_ENTRY_ROW (row));
  g_assert_cmpint (adw_entry_row_get_input_purpose (ADW_ENTRY_ROW (row)), ==,
                   GTK_INPUT_PURPOSE_NUMBER);
  g_assert_true (gtk_widget_has_css_class (row, "numeric"));
  g_signal_connect (row, "notify::value", G_CALLBACK (notify_cb), &value_notes);
  g_signal_connect (row, "notify::none", G_CALLBACK (notify_cb), &none_notes);
  g_signal_connect (row, "notify::whole", G_CALLBACK (notify_cb), &whole_notes);

  /* the same value: nothing; a new one: once */
  g_object_set (row, "value", 0.0, "none", FALSE, "whole", FALSE, NULL);
  g_assert_cmpuint (value_notes + none_notes + whole_notes, ==, 0);
  g_object_set (row, "value", 12.5, NULL);
  g_assert_cmpuint (value_notes, ==, 1);
  g_assert_cmpstr (text_of (row), ==, "12.5");
  g_object_set (row, "value", 12.5, NULL);
  g_assert_cmpuint (value_notes, ==, 1);

  g_object_set (row, "none", TRUE, NULL);
  g_assert_cmpuint (none_notes, ==, 1);
  g_assert_cmpstr (text_of (row), ==, "—");
  g_object_set (row, "none", TRUE, NULL);
  g_assert_cmpuint (none_notes, ==, 1);
  /* the value is kept for when there is one again */
  g_object_get (row, "value", &value, NULL);
  g_assert_cmpfloat (value, ==, 12.5);
  roof_number_row_show_value (ROOF_NUMBER_ROW (row), 12.5, FALSE);
  g_assert_cmpuint (none_notes, ==, 2);
  g_assert_cmpuint (value_notes, ==, 1);
  g_assert_cmpstr (text_of (row), ==, "12.5");

  g_object_set (row, "whole", TRUE, NULL);
  g_object_set (row, "whole", TRUE, NULL);
  g_assert_cmpuint (whole_notes, ==, 1);
  g_assert_cmpint (adw_entry_row_get_input_purpose (ADW_ENTRY_ROW (row)), ==,
                   GTK_INPUT_PURPOSE_DIGITS);

  g_assert_finalize_object (row);
}

static void
test_typing (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *row = roof_number_row_new (TRUE);
  Typed typed = { 0 };
  Checked checked = { 0 };
  guint error_notes = 0;

  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  gtk_window_set_child (GTK_WINDOW (window), group);
  g_signal_connect (row, "typed", G_CALLBACK (typed_cb), &typed);
  g_signal_connect (row, "notify::in-error", G_CALLBACK (notify_cb), &error_notes);
  roof_number_row_show_value (ROOF_NUMBER_ROW (row), 4000, TRUE);
  g_assert_cmpstr (text_of (row), ==, "4000");
  g_assert_cmpuint (typed.n, ==, 0); /* shown, not typed */

  /* typed: checked as typed, handed over only when committed (Enter, or
   * the focus leaving), the text left alone; what already says the value
   * is nothing to hand over */
  g_signal_connect (row, "check", G_CALLBACK (check_cb), &checked);
  gtk_editable_set_text (GTK_EDITABLE (row), "4,000");
  g_assert_cmpuint (typed.n, ==, 0);
  g_assert_cmpfloat (checked.value, ==, 4000);
  g_signal_emit_by_name (row, "entry-activated");
  g_assert_cmpuint (typed.n, ==, 0);
  gtk_editable_set_text (GTK_EDITABLE (row), "4500");
  g_assert_cmpuint (typed.n, ==, 0);
  g_assert_cmpfloat (checked.value, ==, 4500);
  g_signal_emit_by_name (row, "entry-activated");
  g_assert_cmpuint (typed.n, ==, 1);
  g_assert_false (typed.none);
  g_assert_cmpfloat (typed.value, ==, 4500);
  roof_number_row_show_value (ROOF_NUMBER_ROW (row), 4500, FALSE);
  g_assert_cmpstr (text_of (row), ==, "4500");
  typed.n = 0;
  gtk_editable_set_text (GTK_EDITABLE (row), "");
  g_assert_true (checked.none);
  g_assert_cmpuint (typed.n, ==, 0);
  g_signal_emit_by_name (focus_controller (row), "leave");
  g_assert_cmpuint (typed.n, ==, 1);
  g_assert_true (typed.none);

  /* the owner's check refuses: marked at once with its message, and Enter
   * still hands it over for the owner to refuse again */
  checked.refuse = "Bandwidth must be at most 1e+09, got 1e+10";
  typed.n = 0;
  gtk_editable_set_text (GTK_EDITABLE (row), "10000000000");
  g_assert_true (roof_number_row_get_in_error (ROOF_NUMBER_ROW (row)));
  g_assert_cmpstr (ui_row_note (row), ==, "Bandwidth must be at most 1e+09, got 1e+10");
  g_assert_cmpuint (typed.n, ==, 0);
  checked.refuse = NULL;
  gtk_editable_set_text (GTK_EDITABLE (row), "");
  g_assert_false (roof_number_row_get_in_error (ROOF_NUMBER_ROW (row)));
  error_notes = 0;

  /* no number: marked here, nothing handed over */
  typed.n = 0;
  gtk_editable_set_text (GTK_EDITABLE (row), "12 apples");
  g_assert_cmpuint (typed.n, ==, 0);
  g_assert_true (roof_number_row_get_in_error (ROOF_NUMBER_ROW (row)));
  g_assert_cmpuint (error_notes, ==, 1);
  g_assert_true (gtk_widget_has_css_class (row, "error"));
  g_assert_cmpstr (ui_row_note (row), ==, "Not a number; type e.g. 1234.5");
  /* the refused text stays, unless forced */
  roof_number_row_show_value (ROOF_NUMBER_ROW (row), 80, FALSE);
  g_assert_cmpstr (text_of (row), ==, "12 apples");
  g_signal_emit_by_name (focus_controller (row), "leave");
  g_assert_cmpstr (text_of (row), ==, "12 apples");
  roof_number_row_show_value (ROOF_NUMBER_ROW (row), 80, TRUE);
  g_assert_cmpstr (text_of (row), ==, "80");
  g_assert_cmpuint (typed.n, ==, 0);

  /* the owner refuses, then accepts */
  roof_number_row_set_error (ROOF_NUMBER_ROW (row), "Layers must be > 0, got 0");
  roof_number_row_set_error (ROOF_NUMBER_ROW (row), "Layers must be > 0, got 0");
  g_assert_cmpuint (error_notes, ==, 1);
  g_assert_cmpstr (ui_row_note (row), ==, "Layers must be > 0, got 0");
  roof_number_row_set_error (ROOF_NUMBER_ROW (row), NULL);
  g_assert_cmpuint (error_notes, ==, 2);
  g_assert_false (gtk_widget_has_css_class (row, "error"));
  g_assert_null (ui_row_note (row));

  /* leaving: committed, then the value in force in the locale's format */
  gtk_editable_set_text (GTK_EDITABLE (row), "81.0");
  g_assert_cmpfloat (typed.value, !=, 81);
  g_signal_emit_by_name (focus_controller (row), "leave");
  g_assert_cmpfloat (typed.value, ==, 81);
  g_assert_cmpstr (text_of (row), ==, "80");

  /* none: "—", cleared on entering for a value to be typed */
  roof_number_row_show_none (ROOF_NUMBER_ROW (row), FALSE);
  g_assert_cmpstr (text_of (row), ==, "—");
  typed.n = 0;
  g_signal_emit_by_name (focus_controller (row), "enter");
  g_assert_cmpstr (text_of (row), ==, "");
  g_assert_cmpuint (typed.n, ==, 0);
  g_signal_emit_by_name (focus_controller (row), "leave");
  g_assert_cmpstr (text_of (row), ==, "—");

  gtk_window_destroy (GTK_WINDOW (window));
  ui_flush ();
}

int
main (int argc, char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/number-row/properties", test_properties);
  g_test_add_func ("/number-row/typing", test_typing);
  return g_test_run ();
}
