/* roof-hardware-row.c — one device in the hardware panel's list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-hardware-row.h"
#include "roof-follow.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "roof-spec-editor.h"
#include "roof-spec.h"
#include "roof-theme.h"

struct _RoofHardwareRow
{
  GtkWidget parent_instance;

  GtkCheckButton *check;
  GtkDrawingArea *swatch;       /* a faint ring while not compared */
  GtkColorButton *color_button; /* the series colour while compared */
  GtkLabel *name_label;
  GtkLabel *subtitle_label;
  GtkLabel *custom_badge;
  GtkLabel *modified_badge;

  RoofHardwareSpec *spec;
  RoofScenario *scenario;
  gulong spec_handler;
  gulong scenario_handler;
  GBinding *compared; /* the check to the scenario's "hardware", owned */
  int color;          /* palette index shown, −1 = not compared */
  gboolean has_rgb;   /* the user chose the colour: rgb */
  guint32 rgb;
};

G_DEFINE_FINAL_TYPE (RoofHardwareRow, roof_hardware_row, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SPEC,
  PROP_SCENARIO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

/* Three significant digits: summaries, not specifications. */
static char *
format_short (double value)
{
  double rounded = value;

  if (value != 0 && isfinite (value))
    {
      double scale = pow (10, 2 - floor (log10 (fabs (value))));

      rounded = round (value * scale) / scale;
    }
  return roof_ui_format_number (rounded);
}

static const RoofTheme *
current_theme (void)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  return roof_theme_get (dark ? ROOF_THEME_DARK : ROOF_THEME_LIGHT);
}

/* The colour button shows the series colour in the current theme, with the
 * theme's palette to choose from. */
static void
sync_color_button (RoofHardwareRow *self)
{
  const RoofTheme *theme = current_theme ();
  RoofPlotDevice dev = { .color = MAX (self->color, 0), .has_rgb = self->has_rgb,
                         .rgb = self->rgb };
  RoofColor c = roof_theme_plot_device_color (theme, &dev);
  GdkRGBA rgba = { c.r, c.g, c.b, 1.0 }, palette[ROOF_PLOT_PALETTE_SIZE];

  for (int i = 0; i < ROOF_PLOT_PALETTE_SIZE; i++)
    palette[i] = (GdkRGBA){ theme->palette[i].r, theme->palette[i].g, theme->palette[i].b, 1.0 };
  gtk_color_chooser_add_palette (GTK_COLOR_CHOOSER (self->color_button), GTK_ORIENTATION_HORIZONTAL,
                                 0, 0, NULL);
  gtk_color_chooser_add_palette (GTK_COLOR_CHOOSER (self->color_button), GTK_ORIENTATION_HORIZONTAL,
                                 ROOF_PLOT_PALETTE_SIZE, ROOF_PLOT_PALETTE_SIZE, palette);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (self->color_button), &rgba);
  gtk_widget_set_visible (GTK_WIDGET (self->color_button), self->color >= 0);
  gtk_widget_set_visible (GTK_WIDGET (self->swatch), self->color < 0);
}

static void
update_color (RoofHardwareRow *self)
{
  const char *id = self->spec != NULL ? roof_spec_get_id (ROOF_SPEC (self->spec)) : NULL;
  int color = id != NULL && self->scenario != NULL ? roof_scenario_get_color (self->scenario, id)
                                                   : -1;
  guint32 rgb = 0;
  gboolean has_rgb = id != NULL && self->scenario != NULL
                     && roof_scenario_get_custom_color (self->scenario, id, &rgb);

  if (color != self->color || has_rgb != self->has_rgb || rgb != self->rgb)
    {
      self->color = color;
      self->has_rgb = has_rgb;
      self->rgb = rgb;
      sync_color_button (self);
      gtk_widget_queue_draw (GTK_WIDGET (self->swatch));
    }
}

/* 0…1 → 0…255 */
static guint32
channel (double v)
{
  return (guint32) CLAMP (lround (v * 255.0), 0, 255);
}

/* The user chose a colour: kept in the scenario, unless it is the device's
 * own palette colour, which needs no keeping. */
static void
color_set_cb (RoofHardwareRow *self)
{
  GdkRGBA rgba;
  const RoofTheme *theme = current_theme ();

  if (self->spec == NULL || self->scenario == NULL || self->color < 0)
    return;
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (self->color_button), &rgba);
  guint32 rgb = channel (rgba.red) << 16 | channel (rgba.green) << 8 | channel (rgba.blue);
  RoofColor own = roof_theme_device_color (theme, self->color);
  guint32 own_rgb = channel (own.r) << 16 | channel (own.g) << 8 | channel (own.b);
  roof_scenario_set_custom_color (self->scenario, roof_spec_get_id (ROOF_SPEC (self->spec)),
                                  rgb == own_rgb ? -1 : (gint64) rgb);
}

static gboolean
hardware_to_active (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  RoofHardwareRow *self = user_data;
  const char *const *ids = g_value_get_boxed (from);

  g_value_set_boolean (to, ids != NULL
                             && g_strv_contains (ids, roof_spec_get_id (ROOF_SPEC (self->spec))));
  return TRUE;
}

/* Checked: the device appended to the compared ones; unchecked: removed. */
static gboolean
active_to_hardware (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  RoofHardwareRow *self = user_data;
  const char *id = roof_spec_get_id (ROOF_SPEC (self->spec));
  const char *const *ids = roof_scenario_get_hardware (self->scenario);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  gboolean found = FALSE;

  for (guint i = 0; ids[i] != NULL; i++)
    {
      if (!found && strcmp (ids[i], id) == 0)
        {
          found = TRUE;
          if (!g_value_get_boolean (from))
            continue;
        }
      g_strv_builder_add (builder, ids[i]);
    }
  if (!found && g_value_get_boolean (from))
    g_strv_builder_add (builder, id);
  g_value_take_boxed (to, g_strv_builder_end (builder));
  return TRUE;
}

/* The check follows the scenario while the row shows a device of it. */
static void
bind_comparison (RoofHardwareRow *self)
{
  if (self->compared != NULL)
    {
      g_binding_unbind (self->compared);
      g_clear_object (&self->compared);
    }
  if (self->spec != NULL && self->scenario != NULL)
    self->compared = g_object_ref (g_object_bind_property_full (
      self->scenario, "hardware", self->check, "active",
      G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE, hardware_to_active, active_to_hardware,
      self, NULL));
  else
    gtk_check_button_set_active (self->check, FALSE);
  update_color (self);
}

static void
update_labels (RoofHardwareRow *self)
{
  RoofSpec *spec = ROOF_SPEC (self->spec);
  g_autofree char *summary = NULL;
  g_autofree char *compare = NULL;

  if (spec == NULL)
    return;

  gtk_label_set_label (self->name_label, roof_spec_get_name (spec));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->name_label), roof_spec_get_name (spec));
  summary = roof_hardware_row_format_summary (self->spec);
  gtk_label_set_label (self->subtitle_label, summary);
  gtk_widget_set_visible (GTK_WIDGET (self->custom_badge), !roof_spec_get_builtin (spec));
  gtk_widget_set_visible (GTK_WIDGET (self->modified_badge),
                          roof_spec_get_builtin (spec) && roof_spec_get_modified (spec));

  /* Translators: accessible label of a check box, %s is a device name */
  compare = g_strdup_printf (_("Compare %s"), roof_spec_get_name (spec));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  compare, -1);
}

/* ------------------------------------------------------------------------ */
/* Callbacks                                                                */

static void
spec_changed_cb (RoofHardwareRow *self)
{
  update_labels (self);
}

static void
scenario_changed_cb (RoofHardwareRow *self)
{
  update_color (self);
}

static void
dark_changed_cb (RoofHardwareRow *self)
{
  sync_color_button (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->swatch));
}

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  double radius = MIN (width, height) / 2.0;

  cairo_arc (cr, width / 2.0, height / 2.0, radius - 0.5, 0, 2 * G_PI);
  {
    GdkRGBA fg;

    /* a faint ring keeps the column without claiming a colour */
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
    G_GNUC_END_IGNORE_DEPRECATIONS
    cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * 0.25);
    cairo_set_line_width (cr, 1);
    cairo_stroke (cr);
  }
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_hardware_row_dispose (GObject *object)
{
  RoofHardwareRow *self = ROOF_HARDWARE_ROW (object);
  GtkWidget *child;

  roof_hardware_row_set_spec (self, NULL);
  roof_hardware_row_set_scenario (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ROOF_TYPE_HARDWARE_ROW);
  /* the template's root box is not a bound child: it goes here */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (roof_hardware_row_parent_class)->dispose (object);
}

static void
roof_hardware_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofHardwareRow *self = ROOF_HARDWARE_ROW (object);

  switch (prop_id)
    {
    case PROP_SPEC:
      g_value_set_object (value, self->spec);
      break;
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_hardware_row_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  RoofHardwareRow *self = ROOF_HARDWARE_ROW (object);

  switch (prop_id)
    {
    case PROP_SPEC:
      roof_hardware_row_set_spec (self, g_value_get_object (value));
      break;
    case PROP_SCENARIO:
      roof_hardware_row_set_scenario (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_hardware_row_class_init (RoofHardwareRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = roof_hardware_row_dispose;
  object_class->get_property = roof_hardware_row_get_property;
  object_class->set_property = roof_hardware_row_set_property;

  properties[PROP_SPEC] = g_param_spec_object ("spec", NULL, NULL, ROOF_TYPE_HARDWARE_SPEC,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                 | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCENARIO] = g_param_spec_object ("scenario", NULL, NULL, ROOF_TYPE_SCENARIO,
                                                   G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                     | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rooflinelab/Roofline/"
                                               "roof-hardware-row.ui");
  gtk_widget_class_bind_template_child (widget_class, RoofHardwareRow, check);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwareRow, swatch);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwareRow, color_button);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwareRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwareRow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwareRow, custom_badge);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwareRow, modified_badge);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "roofhardwarerow");
}

static void
roof_hardware_row_init (RoofHardwareRow *self)
{
  self->color = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->swatch, draw_swatch, self, NULL);
  g_signal_connect_object (self->color_button, "color-set", G_CALLBACK (color_set_cb), self,
                           G_CONNECT_SWAPPED);
  {
    /* a dot the size of the summary's, not GTK's 48 × 32 swatch */
    GtkWidget *button = gtk_widget_get_first_child (GTK_WIDGET (self->color_button));
    GtkWidget *swatch = GTK_IS_BUTTON (button) ? gtk_button_get_child (GTK_BUTTON (button)) : NULL;
    if (swatch != NULL)
      gtk_widget_set_size_request (swatch, 12, 12);
  }
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (dark_changed_cb), self, G_CONNECT_SWAPPED);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

GtkWidget *
roof_hardware_row_new (void)
{
  return g_object_new (ROOF_TYPE_HARDWARE_ROW, NULL);
}

RoofHardwareSpec *
roof_hardware_row_get_spec (RoofHardwareRow *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_ROW (self), NULL);

  return self->spec;
}

void
roof_hardware_row_set_spec (RoofHardwareRow *self, RoofHardwareSpec *spec)
{
  g_return_if_fail (ROOF_IS_HARDWARE_ROW (self));
  g_return_if_fail (spec == NULL || ROOF_IS_HARDWARE_SPEC (spec));

  if (!roof_follow_changed (&self->spec, &self->spec_handler, spec, G_CALLBACK (spec_changed_cb),
                            self, G_CONNECT_SWAPPED))
    return;
  update_labels (self);
  bind_comparison (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEC]);
}

RoofScenario *
roof_hardware_row_get_scenario (RoofHardwareRow *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_ROW (self), NULL);

  return self->scenario;
}

void
roof_hardware_row_set_scenario (RoofHardwareRow *self, RoofScenario *scenario)
{
  g_return_if_fail (ROOF_IS_HARDWARE_ROW (self));
  g_return_if_fail (scenario == NULL || ROOF_IS_SCENARIO (scenario));

  if (!roof_follow_changed (&self->scenario, &self->scenario_handler, scenario,
                            G_CALLBACK (scenario_changed_cb), self, G_CONNECT_SWAPPED))
    return;
  bind_comparison (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
}

GtkCheckButton *
roof_hardware_row_get_check (RoofHardwareRow *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_ROW (self), NULL);

  return self->check;
}

int
roof_hardware_row_get_color (RoofHardwareRow *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_ROW (self), -1);

  return self->color;
}

char *
roof_hardware_row_format_summary (RoofHardwareSpec *spec)
{
  static const RoofPrecision shown[] = { ROOF_PREC_BF16, ROOF_PREC_FP16, ROOF_PREC_FP32 };
  const RoofHardwareParams *hw;
  g_autofree char *capacity = NULL;
  g_autofree char *bandwidth = NULL;

  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (spec), NULL);

  hw = roof_hardware_spec_get_params (spec);
  capacity = format_short (hw->mem_capacity / 1e9);
  bandwidth = format_short (hw->mem_bw / 1e12);
  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    if (hw->peak_flops[shown[i]] > 0)
      {
        g_autofree char *flops = format_short (hw->peak_flops[shown[i]] / 1e12);

        /* Translators: memory, bandwidth and peak compute of a device,
         * e.g. "80 GB · 3.35 TB/s · 989 TFLOP/s bf16" */
        return g_strdup_printf (_("%s GB · %s TB/s · %s TFLOP/s %s"), capacity, bandwidth, flops,
                                roof_precision_name (shown[i]));
      }
  /* Translators: memory and bandwidth of a device, e.g. "80 GB · 3.35 TB/s" */
  return g_strdup_printf (_("%s GB · %s TB/s"), capacity, bandwidth);
}
