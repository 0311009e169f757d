/* roof-chart-view.c — one chart on screen: drawn by the export renderer, explored by hand
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-chart-view.h"
#include "roof-chart-view-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "roof-format.h"
#include "roof-theme.h"

G_DEFINE_FINAL_TYPE (RoofChartView, roof_chart_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_KIND,
  PROP_THEME,
  PROP_DATA,
  PROP_ZOOMED,
  PROP_FRONTIER_Y,
  PROP_FRONTIER_LINEAR,
  N_PROPS
};

enum
{
  RENDERED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* Enum types of the plot library, for properties and .ui files             */

GType
roof_plot_kind_get_type (void)
{
  static gsize type_id = 0;
#define KIND_VALUE(ID, name) { ROOF_PLOT_##ID, "ROOF_PLOT_" #ID, #name },
  static const GEnumValue values[] = {
    ROOF_PLOT_KINDS (KIND_VALUE)
    { 0, NULL, NULL },
  };
#undef KIND_VALUE
  if (g_once_init_enter (&type_id))
    g_once_init_leave (&type_id, g_enum_register_static (g_intern_static_string ("RoofPlotKind"),
                                                         values));
  return type_id;
}

GType
roof_theme_kind_get_type (void)
{
  static gsize type_id = 0;
  static const GEnumValue values[] = {
    { ROOF_THEME_LIGHT, "ROOF_THEME_LIGHT", "light" },
    { ROOF_THEME_DARK, "ROOF_THEME_DARK", "dark" },
    { ROOF_THEME_PRINT, "ROOF_THEME_PRINT", "print" },
    { 0, NULL, NULL },
  };
  if (g_once_init_enter (&type_id))
    g_once_init_leave (&type_id, g_enum_register_static (g_intern_static_string ("RoofThemeKind"),
                                                         values));
  return type_id;
}

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static void
invalidate (RoofChartView *self)
{
  g_clear_pointer (&self->node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
roof_chart_view_unpin (RoofChartView *self)
{
  self->pin_index = -1;
  g_clear_pointer (&self->pin_text, g_free);
  if (self->popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->popover));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
view_is_set (RoofChartView *self)
{
  return self->view[0] != 0.0 || self->view[1] != 0.0 || self->view[2] != 0.0
         || self->view[3] != 0.0;
}

void
roof_chart_view_set_view (RoofChartView *self, const double view[4])
{
  gboolean was = view_is_set (self);
  for (int i = 0; i < 4; i++)
    self->view[i] = view[i];
  invalidate (self);
  if (was != view_is_set (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOMED]);
}

static guint
hidden_bits (RoofChartView *self)
{
  guint bits = 0;
  if (self->data == NULL)
    return 0;
  /* a device's calibrated copy (same id) hides with it */
  const RoofChartInput *in = roof_chart_data_get_input (self->data);
  for (int i = 0; i < in->n_devices; i++)
    if (g_hash_table_contains (self->hidden, in->devices[i].id))
      bits |= 1u << i;
  return bits;
}

static void
update_accessible (RoofChartView *self, const char *description)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  roof_plot_kind_title (self->kind), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description ? description : "", -1);
}

/* What render_node draws: the data as shown, without the summary's caption. */
static gboolean
view_input (RoofChartView *self, RoofChartInput *in)
{
  if (!roof_chart_view_build_input (self, in))
    return FALSE;
  in->theme = self->theme;
  in->caption = FALSE; /* the summary strip and the panels state the assumptions */
  return TRUE;
}

/* The node's image as a raster source: a surface source would make cairo
 * keep a snapshot of the image in the node's recording and copy it (1.5 MB
 * at 690 × 570) when the image goes; the pattern just holds a reference. */
static cairo_surface_t *
image_acquire (cairo_pattern_t *pattern, void *image, cairo_surface_t *target,
               const cairo_rectangle_int_t *extents)
{
  return cairo_surface_reference (image);
}

static void
image_release (cairo_pattern_t *pattern, void *image, cairo_surface_t *surface)
{
  cairo_surface_destroy (surface);
}

static cairo_status_t
image_copy (cairo_pattern_t *pattern, void *image, const cairo_pattern_t *other)
{
  cairo_surface_reference (image);
  return CAIRO_STATUS_SUCCESS;
}

static void
image_finish (cairo_pattern_t *pattern, void *image)
{
  cairo_surface_destroy (image);
}

/* The chart is rasterised once per change at the screen's scale, and the
 * node only paints that image: hovering, the crosshair and the pinned point
 * then cost a blit, not a render of the chart. A cairo node rather than a
 * texture node: GTK 4.8's cairo renderer converts a memory texture pixel by
 * pixel through floats on every frame (a quarter of an edit's instructions
 * at 690 × 570), while it paints a cairo node's image as it is; the GL
 * renderer uploads either once. */
static void
render_node (RoofChartView *self, int width, int height)
{
  g_autoptr (GError) error = NULL;
  int scale = MAX (gtk_widget_get_scale_factor (GTK_WIDGET (self)), 1);
  cairo_surface_t *surface;
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;
  RoofChartInput in;
  cairo_t *cr;

  g_clear_pointer (&self->node, gsk_render_node_unref);
  self->node_width = width;
  self->node_height = height;
  self->hover = NULL;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  if (view_input (self, &in))
    {
      in.no_tooltips = TRUE; /* ensure_tooltips */
      /* the renderer draws the reason into the plot area when it fails */
      roof_chart_render (cr, width, height, &in, self->layout, &error);
    }
  else
    roof_chart_layout_clear (self->layout);
  cairo_destroy (cr);
  self->tooltips_ready = FALSE;

  /* in device pixels, scaled down to the node's units */
  pattern = cairo_pattern_create_raster_source (surface, CAIRO_CONTENT_COLOR_ALPHA, width * scale,
                                                height * scale);
  cairo_raster_source_pattern_set_acquire (pattern, image_acquire, image_release);
  cairo_raster_source_pattern_set_copy (pattern, image_copy);
  cairo_raster_source_pattern_set_finish (pattern, image_finish);
  cairo_matrix_init_scale (&matrix, scale, scale);
  cairo_pattern_set_matrix (pattern, &matrix);
  self->node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0, width, height));
  cr = gsk_cairo_node_get_draw_context (self->node);
  cairo_set_source (cr, pattern);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_pattern_destroy (pattern); /* the recording's copy keeps the image */
  self->rendered_once = TRUE;
  self->x_factor = self->layout->x_unit > 0.0 ? self->layout->x_unit : 1.0;
  self->y_factor = self->layout->y_unit > 0.0 ? self->layout->y_unit : 1.0;

  if (error != NULL)
    update_accessible (self, error->message);
  else
    update_accessible (self, self->layout->description);

  /* the pinned item is the same one while the data stays the same */
  if (self->pin_index >= 0 && (guint) self->pin_index >= self->layout->items->len)
    roof_chart_view_unpin (self);

  g_signal_emit (self, signals[RENDERED], 0);
}

/* The items' tooltips, for the pointer, a pin or the layout's users:
 * render_node leaves them out (formatting their numbers was a sixth of a
 * roofline's render), and the same input drawn again into one pixel gives
 * the same items with them. */
void
roof_chart_view_ensure_tooltips (RoofChartView *self)
{
  g_autoptr (RoofChartLayout) full = NULL;
  int scale = MAX (gtk_widget_get_scale_factor (GTK_WIDGET (self)), 1);
  cairo_surface_t *surface;
  RoofChartInput in;
  cairo_t *cr;

  /* without a node the layout is older than the input */
  if (self->tooltips_ready || self->node == NULL || !view_input (self, &in))
    return;
  self->tooltips_ready = TRUE;
  /* the scale the view drew at, so the cache keeps its shaped text */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  full = roof_chart_layout_new ();
  roof_chart_render (cr, self->node_width, self->node_height, &in, full, NULL);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  if (full->items->len != self->layout->items->len)
    return;
  for (guint i = 0; i < full->items->len; i++)
    g_array_index (self->layout->items, RoofHitItem, i).tooltip
      = g_steal_pointer (&g_array_index (full->items, RoofHitItem, i).tooltip);
}

gboolean
roof_chart_view_pin_rect (RoofChartView *self, GdkRectangle *rect)
{
  const RoofHitItem *it;

  if (self->pin_index < 0 || (guint) self->pin_index >= self->layout->items->len)
    return FALSE;
  it = &g_array_index (self->layout->items, RoofHitItem, self->pin_index);
  if (it->bar.width > 0 && it->bar.height > 0)
    *rect = (GdkRectangle) { (int) it->bar.x, (int) it->bar.y, MAX ((int) it->bar.width, 1),
                             MAX ((int) it->bar.height, 1) };
  else
    *rect = (GdkRectangle) { (int) (it->x - 4), (int) (it->y - 4), 8, 8 };
  return roof_chart_view_in_plot_area (self->layout, rect->x + rect->width / 2.0,
                                       rect->y + rect->height / 2.0)
         || (it->bar.width > 0);
}

void
roof_chart_view_pin (RoofChartView *self, const RoofHitItem *it)
{
  GdkRectangle rect;

  roof_chart_view_ensure_tooltips (self);
  self->pin_index = (int) (it - &g_array_index (self->layout->items, RoofHitItem, 0));
  g_free (self->pin_text);
  self->pin_text = g_strdup (it->tooltip ? it->tooltip : "");
  gtk_label_set_text (GTK_LABEL (self->popover_label), self->pin_text);
  if (roof_chart_view_pin_rect (self, &rect))
    {
      gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &rect);
      gtk_popover_popup (GTK_POPOVER (self->popover));
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
unpin_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofChartView *self = ROOF_CHART_VIEW (widget);
  if (self->pin_index >= 0)
    roof_chart_view_unpin (self);
}

/* ------------------------------------------------------------------------ */
/* GtkWidget                                                                */

static void
roof_chart_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  RoofChartView *self = ROOF_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  if (width < 1 || height < 1)
    return;
  if (self->node == NULL || width != self->node_width || height != self->node_height)
    render_node (self, width, height);
  gtk_snapshot_append_node (snapshot, self->node);
  roof_chart_view_append_overlay (self, snapshot);
}

static void
roof_chart_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 320;
      *natural = 800;
    }
  else
    {
      *minimum = 240;
      *natural = 500;
    }
}

static void
roof_chart_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  RoofChartView *self = ROOF_CHART_VIEW (widget);
  GdkRectangle rect;

  if (gtk_widget_get_visible (self->popover))
    {
      /* the layout is re-made at the new size before the rectangle is used */
      if (self->node == NULL || width != self->node_width || height != self->node_height)
        render_node (self, width, height);
      if (roof_chart_view_pin_rect (self, &rect))
        gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &rect);
      gtk_popover_present (GTK_POPOVER (self->popover));
    }
}

static void
on_scale_factor (RoofChartView *self, GParamSpec *pspec, gpointer user_data)
{
  invalidate (self);
}

static void
on_popover_closed (GtkPopover *popover, RoofChartView *self)
{
  self->pin_index = -1;
  g_clear_pointer (&self->pin_text, g_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The frontier chart's y axis and axes, from the scenario or the view's
 * own properties; each change redraws and is notified. */
static void
set_frontier (RoofChartView *self, RoofFrontierMetric metric, gboolean linear)
{
  linear = !!linear;
  if (metric != self->frontier_metric)
    {
      self->frontier_metric = metric;
      /* another quantity on y: the zoom's range means nothing there */
      roof_chart_view_reset_view (self);
      invalidate (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRONTIER_Y]);
    }
  if (linear != self->frontier_linear)
    {
      self->frontier_linear = linear;
      invalidate (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRONTIER_LINEAR]);
    }
}

static void
on_scenario_frontier (RoofScenario *scenario, GParamSpec *pspec, RoofChartView *self)
{
  set_frontier (self, roof_scenario_get_frontier_y (scenario),
                roof_scenario_get_frontier_linear (scenario));
}

static void
roof_chart_view_dispose (GObject *object)
{
  RoofChartView *self = ROOF_CHART_VIEW (object);

  g_clear_pointer (&self->popover, gtk_widget_unparent);
  g_clear_pointer (&self->node, gsk_render_node_unref);
  g_clear_pointer (&self->data, roof_chart_data_unref);
  if (self->scenario != NULL)
    g_signal_handlers_disconnect_by_func (self->scenario, on_scenario_frontier, self);
  g_clear_object (&self->scenario);

  G_OBJECT_CLASS (roof_chart_view_parent_class)->dispose (object);
}

static void
roof_chart_view_finalize (GObject *object)
{
  RoofChartView *self = ROOF_CHART_VIEW (object);

  g_clear_pointer (&self->layout, roof_chart_layout_free);
  g_clear_pointer (&self->cache, roof_chart_cache_free);
  g_clear_pointer (&self->hidden, g_hash_table_unref);
  g_clear_pointer (&self->pin_text, g_free);

  G_OBJECT_CLASS (roof_chart_view_parent_class)->finalize (object);
}

static void
roof_chart_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofChartView *self = ROOF_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_THEME:
      g_value_set_enum (value, self->theme);
      break;
    case PROP_DATA:
      g_value_set_boxed (value, self->data);
      break;
    case PROP_ZOOMED:
      g_value_set_boolean (value, view_is_set (self));
      break;
    case PROP_FRONTIER_Y:
      g_value_set_string (value, roof_frontier_metric_name (self->frontier_metric));
      break;
    case PROP_FRONTIER_LINEAR:
      g_value_set_boolean (value, self->frontier_linear);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_chart_view_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  RoofChartView *self = ROOF_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_KIND:
      roof_chart_view_set_kind (self, g_value_get_enum (value));
      break;
    case PROP_THEME:
      roof_chart_view_set_theme (self, g_value_get_enum (value));
      break;
    case PROP_DATA:
      roof_chart_view_set_data (self, g_value_get_boxed (value));
      break;
    case PROP_FRONTIER_Y:
    case PROP_FRONTIER_LINEAR:
      /* the scenario's settings (saved, undoable) when there is one */
      if (self->scenario != NULL)
        g_object_set_property (G_OBJECT (self->scenario), pspec->name, value);
      else if (prop_id == PROP_FRONTIER_LINEAR)
        set_frontier (self, self->frontier_metric, g_value_get_boolean (value));
      else
        {
          RoofFrontierMetric m;
          if (roof_frontier_metric_from_name (g_value_get_string (value), &m))
            set_frontier (self, m, self->frontier_linear);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_chart_view_class_init (RoofChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = roof_chart_view_dispose;
  object_class->finalize = roof_chart_view_finalize;
  object_class->get_property = roof_chart_view_get_property;
  object_class->set_property = roof_chart_view_set_property;

  widget_class->snapshot = roof_chart_view_snapshot;
  widget_class->measure = roof_chart_view_measure;
  widget_class->size_allocate = roof_chart_view_size_allocate;
  widget_class->query_tooltip = roof_chart_view_query_tooltip;

  properties[PROP_KIND] = g_param_spec_enum ("kind", NULL, NULL, ROOF_TYPE_PLOT_KIND,
                                             ROOF_PLOT_ROOFLINE,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                               | G_PARAM_STATIC_STRINGS);
  properties[PROP_THEME] = g_param_spec_enum ("theme", NULL, NULL, ROOF_TYPE_THEME_KIND,
                                              ROOF_THEME_LIGHT,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                | G_PARAM_STATIC_STRINGS);
  properties[PROP_DATA] = g_param_spec_boxed ("data", NULL, NULL, ROOF_TYPE_CHART_DATA,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                | G_PARAM_STATIC_STRINGS);
  properties[PROP_ZOOMED] = g_param_spec_boolean ("zoomed", NULL, NULL, FALSE,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* the frontier chart's y axis ("device", "kw", "usd") and linear axes,
   * for the window's frontier.y and frontier.linear actions */
  properties[PROP_FRONTIER_Y] = g_param_spec_string ("frontier-y", NULL, NULL, "device",
                                                     G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                       | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRONTIER_LINEAR]
    = g_param_spec_boolean ("frontier-linear", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[RENDERED] = g_signal_new ("rendered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "chart.unpin", NULL, unpin_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "chart.unpin", NULL);

  gtk_widget_class_set_css_name (widget_class, "chartview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
roof_chart_view_init (RoofChartView *self)
{
  GtkWidget *box;

  self->kind = ROOF_PLOT_ROOFLINE;
  self->theme = ROOF_THEME_LIGHT;
  self->hidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->layout = roof_chart_layout_new ();
  self->cache = roof_chart_cache_new ();
  self->pin_index = -1;
  self->x_factor = self->y_factor = 1.0;
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (on_scale_factor), NULL);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  roof_chart_view_add_pointer_controllers (self);

  self->popover = gtk_popover_new ();
  gtk_popover_set_autohide (GTK_POPOVER (self->popover), FALSE);
  gtk_popover_set_position (GTK_POPOVER (self->popover), GTK_POS_TOP);
  gtk_widget_add_css_class (self->popover, "chart-pin");
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->popover_label = gtk_label_new (NULL);
  gtk_label_set_selectable (GTK_LABEL (self->popover_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->popover_label), 0.0f);
  gtk_widget_add_css_class (self->popover_label, "chart-pin-text");
  gtk_box_append (GTK_BOX (box), self->popover_label);
  {
    GtkWidget *close = gtk_button_new_from_icon_name ("window-close-symbolic");
    gtk_widget_set_valign (close, GTK_ALIGN_START);
    gtk_widget_add_css_class (close, "flat");
    gtk_widget_add_css_class (close, "circular");
    gtk_widget_set_tooltip_text (close, _("Unpin"));
    gtk_accessible_update_property (GTK_ACCESSIBLE (close), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Unpin"), -1);
    gtk_actionable_set_action_name (GTK_ACTIONABLE (close), "chart.unpin");
    gtk_box_append (GTK_BOX (box), close);
  }
  gtk_popover_set_child (GTK_POPOVER (self->popover), box);
  gtk_widget_set_parent (self->popover, GTK_WIDGET (self));
  g_signal_connect (self->popover, "closed", G_CALLBACK (on_popover_closed), self);

  update_accessible (self, NULL);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

GtkWidget *
roof_chart_view_new (RoofPlotKind kind)
{
  return g_object_new (ROOF_TYPE_CHART_VIEW, "kind", kind, NULL);
}

RoofPlotKind
roof_chart_view_get_kind (RoofChartView *self)
{
  g_return_val_if_fail (ROOF_IS_CHART_VIEW (self), ROOF_PLOT_ROOFLINE);
  return self->kind;
}

void
roof_chart_view_set_kind (RoofChartView *self, RoofPlotKind kind)
{
  g_return_if_fail (ROOF_IS_CHART_VIEW (self));
  g_return_if_fail ((int) kind >= 0 && kind < ROOF_PLOT_COUNT);

  if (self->kind == kind)
    return;
  self->kind = kind;
  for (int i = 0; i < 4; i++)
    self->view[i] = 0.0;
  roof_chart_view_unpin (self);
  invalidate (self);
  update_accessible (self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
}

RoofThemeKind
roof_chart_view_get_theme (RoofChartView *self)
{
  g_return_val_if_fail (ROOF_IS_CHART_VIEW (self), ROOF_THEME_LIGHT);
  return self->theme;
}

void
roof_chart_view_set_theme (RoofChartView *self, RoofThemeKind theme)
{
  g_return_if_fail (ROOF_IS_CHART_VIEW (self));

  if (self->theme == theme)
    return;
  self->theme = theme;
  invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THEME]);
}

RoofChartData *
roof_chart_view_get_data (RoofChartView *self)
{
  g_return_val_if_fail (ROOF_IS_CHART_VIEW (self), NULL);
  return self->data;
}

void
roof_chart_view_set_data (RoofChartView *self, RoofChartData *data)
{
  g_return_if_fail (ROOF_IS_CHART_VIEW (self));

  if (self->data == data)
    return;
  g_clear_pointer (&self->data, roof_chart_data_unref);
  if (data != NULL)
    self->data = roof_chart_data_ref (data);
  /* a pinned item's values are stale after an edit */
  if (self->pin_index >= 0)
    roof_chart_view_unpin (self);
  invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATA]);
}

void
roof_chart_view_set_scenario (RoofChartView *self, RoofScenario *scenario)
{
  g_return_if_fail (ROOF_IS_CHART_VIEW (self));
  g_return_if_fail (scenario == NULL || ROOF_IS_SCENARIO (scenario));

  self->dragging_op = FALSE;
  if (self->scenario == scenario)
    return;
  if (self->scenario != NULL)
    g_signal_handlers_disconnect_by_func (self->scenario, on_scenario_frontier, self);
  g_set_object (&self->scenario, scenario);
  if (scenario == NULL)
    return;
  /* the frontier chart's settings are the scenario's */
  g_signal_connect_object (scenario, "notify::frontier-y", G_CALLBACK (on_scenario_frontier), self,
                           0);
  g_signal_connect_object (scenario, "notify::frontier-linear",
                           G_CALLBACK (on_scenario_frontier), self, 0);
  on_scenario_frontier (scenario, NULL, self);
}

gboolean
roof_chart_view_build_input (RoofChartView *self, RoofChartInput *out)
{
  g_return_val_if_fail (ROOF_IS_CHART_VIEW (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (self->data == NULL)
    {
      roof_chart_input_init (out);
      out->kind = self->kind;
      return FALSE;
    }
  *out = *roof_chart_data_get_input (self->data);
  out->kind = self->kind;
  out->theme = self->theme;
  out->hidden = hidden_bits (self);
  out->view_x0 = self->view[0];
  out->view_x1 = self->view[1];
  out->view_y0 = self->view[2];
  out->view_y1 = self->view[3];
  out->frontier_metric = self->frontier_metric;
  out->frontier_linear = self->frontier_linear;
  if (self->kind == ROOF_PLOT_PARETO)
    out->devices = roof_chart_data_get_frontier (self->data, &out->n_devices);
  out->cache = self->cache;
  return TRUE;
}

gboolean
roof_chart_view_reset_view (RoofChartView *self)
{
  static const double automatic[4] = { 0, 0, 0, 0 };

  g_return_val_if_fail (ROOF_IS_CHART_VIEW (self), FALSE);

  if (!view_is_set (self))
    return FALSE;
  roof_chart_view_set_view (self, automatic);
  return TRUE;
}

gboolean
roof_chart_view_get_zoomed (RoofChartView *self)
{
  g_return_val_if_fail (ROOF_IS_CHART_VIEW (self), FALSE);
  return view_is_set (self);
}

void
roof_chart_view_set_device_hidden (RoofChartView *self, const char *id, gboolean hidden)
{
  g_return_if_fail (ROOF_IS_CHART_VIEW (self));
  g_return_if_fail (id != NULL);

  if (hidden == g_hash_table_contains (self->hidden, id))
    return;
  if (hidden)
    g_hash_table_add (self->hidden, g_strdup (id));
  else
    g_hash_table_remove (self->hidden, id);
  invalidate (self);
}

gboolean
roof_chart_view_get_device_hidden (RoofChartView *self, const char *id)
{
  g_return_val_if_fail (ROOF_IS_CHART_VIEW (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  return g_hash_table_contains (self->hidden, id);
}

const RoofChartLayout *
roof_chart_view_get_layout (RoofChartView *self)
{
  g_return_val_if_fail (ROOF_IS_CHART_VIEW (self), NULL);
  if (!self->rendered_once)
    return NULL;
  roof_chart_view_ensure_tooltips (self);
  return self->layout;
}

gboolean
roof_chart_view_pin_at (RoofChartView *self, double x, double y)
{
  const RoofHitItem *it;

  g_return_val_if_fail (ROOF_IS_CHART_VIEW (self), FALSE);

  if (!self->rendered_once || (it = roof_chart_layout_hit (self->layout, x, y)) == NULL)
    return FALSE;
  roof_chart_view_pin (self, it);
  return TRUE;
}

const char *
roof_chart_view_get_pinned_text (RoofChartView *self)
{
  g_return_val_if_fail (ROOF_IS_CHART_VIEW (self), NULL);
  return self->pin_index >= 0 ? self->pin_text : NULL;
}
