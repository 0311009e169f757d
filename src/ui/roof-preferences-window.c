/* roof-preferences-window.c — chart theme, sensitivity step, batch range, caption
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-preferences-window.h"

#include <math.h>

#include "roof-spec-editor.h"

struct _RoofPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  AdwComboRow *theme_row;
  AdwComboRow *step_row;
  GtkSpinButton *batch_min_spin;
  GtkSpinButton *batch_max_spin;
  GtkSwitch *caption_switch;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (RoofPreferencesWindow, roof_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static const char *const theme_names[] = { "system", "light", "dark", "print", NULL };
static const double steps[] = { 0.01, 0.05, 0.10 };

static gboolean
get_theme (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *s = g_variant_get_string (variant, NULL);
  g_value_set_uint (value, 0);
  for (guint i = 0; theme_names[i] != NULL; i++)
    if (g_strcmp0 (s, theme_names[i]) == 0)
      g_value_set_uint (value, i);
  return TRUE;
}

static GVariant *
set_theme (const GValue *value, const GVariantType *type, gpointer user_data)
{
  guint i = g_value_get_uint (value);
  if (i >= G_N_ELEMENTS (theme_names) - 1)
    return NULL;
  return g_variant_new_string (theme_names[i]);
}

static gboolean
get_step (GValue *value, GVariant *variant, gpointer user_data)
{
  double step = g_variant_get_double (variant);
  guint best = 0;
  for (guint i = 1; i < G_N_ELEMENTS (steps); i++)
    if (fabs (steps[i] - step) < fabs (steps[best] - step))
      best = i;
  g_value_set_uint (value, best);
  return TRUE;
}

static GVariant *
set_step (const GValue *value, const GVariantType *type, gpointer user_data)
{
  guint i = g_value_get_uint (value);
  if (i >= G_N_ELEMENTS (steps))
    return NULL;
  return g_variant_new_double (steps[i]);
}

static void
on_batch_min_changed (GtkSpinButton *spin, RoofPreferencesWindow *self)
{
  /* the range stays a range */
  if (gtk_spin_button_get_value (self->batch_max_spin) <= gtk_spin_button_get_value (spin))
    gtk_spin_button_set_value (self->batch_max_spin, gtk_spin_button_get_value (spin) + 1);
}

static void
on_batch_max_changed (GtkSpinButton *spin, RoofPreferencesWindow *self)
{
  if (gtk_spin_button_get_value (self->batch_min_spin) >= gtk_spin_button_get_value (spin))
    gtk_spin_button_set_value (self->batch_min_spin, MAX (gtk_spin_button_get_value (spin) - 1, 1));
}

static void
roof_preferences_window_dispose (GObject *object)
{
  RoofPreferencesWindow *self = ROOF_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ROOF_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (roof_preferences_window_parent_class)->dispose (object);
}

static void
roof_preferences_window_class_init (RoofPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = roof_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rooflinelab/Roofline/"
                                               "roof-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RoofPreferencesWindow, theme_row);
  gtk_widget_class_bind_template_child (widget_class, RoofPreferencesWindow, step_row);
  gtk_widget_class_bind_template_child (widget_class, RoofPreferencesWindow, batch_min_spin);
  gtk_widget_class_bind_template_child (widget_class, RoofPreferencesWindow, batch_max_spin);
  gtk_widget_class_bind_template_child (widget_class, RoofPreferencesWindow, caption_switch);
}

static void
roof_preferences_window_init (RoofPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the wheel scrolls the page; it changes the batch range only once focused */
  roof_ui_guard_scroll_all (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  g_settings_bind_with_mapping (self->settings, "chart-theme", self->theme_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, get_theme, set_theme, NULL, NULL);
  g_settings_bind_with_mapping (self->settings, "sensitivity-step", self->step_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, get_step, set_step, NULL, NULL);
  g_settings_bind (self->settings, "batch-min", self->batch_min_spin, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "batch-max", self->batch_max_spin, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-caption", self->caption_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->batch_min_spin, "value-changed",
                           G_CALLBACK (on_batch_min_changed), self, 0);
  g_signal_connect_object (self->batch_max_spin, "value-changed",
                           G_CALLBACK (on_batch_max_changed), self, 0);
}

RoofPreferencesWindow *
roof_preferences_window_new (GtkWindow *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  return g_object_new (ROOF_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
}
