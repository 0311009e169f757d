/* roof-chart-view-pointer.c — a chart explored by hand: hover, crosshair, pins, zoom and pan
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the pointer does over a RoofChartView, and the overlay it leaves on
 * the chart's replayed node: the crosshair with readouts in the units of
 * the tick labels, rings round the hovered and the pinned item. Zoom and
 * pan only change the view ranges, which the renderer honours.
 */
#include "config.h"

#include <math.h>

#include "roof-chart-view-private.h"
#include "roof-format.h"
#include "roof-theme.h"

/* The axes a chart lets the user zoom and pan (the renderer honours the
 * view ranges of exactly these). */
enum
{
  AXIS_X = 1 << 0,
  AXIS_Y = 1 << 1,
};

static const guint zoom_axes[ROOF_PLOT_COUNT] = {
  [ROOF_PLOT_ROOFLINE] = AXIS_X | AXIS_Y,
  [ROOF_PLOT_COST] = AXIS_X | AXIS_Y,
  [ROOF_PLOT_SENSITIVITY] = 0,
  [ROOF_PLOT_BATCH] = AXIS_X,
  [ROOF_PLOT_CONTEXT] = AXIS_X | AXIS_Y,
  [ROOF_PLOT_MEMORY] = AXIS_Y,
  [ROOF_PLOT_TREND] = 0,
  [ROOF_PLOT_PARETO] = AXIS_X | AXIS_Y,
  [ROOF_PLOT_PLAN] = AXIS_X | AXIS_Y,
};

/* Charts whose two axes are both numeric get a crosshair with readouts. */
static const gboolean crosshair_axes[ROOF_PLOT_COUNT] = {
  [ROOF_PLOT_ROOFLINE] = TRUE, [ROOF_PLOT_COST] = TRUE,    [ROOF_PLOT_BATCH] = TRUE,
  [ROOF_PLOT_CONTEXT] = TRUE,  [ROOF_PLOT_TREND] = TRUE,    [ROOF_PLOT_PARETO] = TRUE,
  [ROOF_PLOT_PLAN] = TRUE,
};

#define ZOOM_STEP 1.15
#define DRAG_THRESHOLD 4.0
/* Pixels either side of the operating point's line that take hold of it. */
#define OP_GRIP 4.0

/* ------------------------------------------------------------------------ */
/* The operating point: its handle sets the scenario's batch or context     */

gboolean
roof_chart_view_op_hit (RoofChartView *self, double x, double y)
{
  const RoofChartLayout *l = self->layout;
  const RoofRect *h = &l->op_handle;

  if (!self->rendered_once || self->scenario == NULL || l->op_axis == ROOF_OPERATING_NONE)
    return FALSE;
  if (x >= h->x - OP_GRIP && x <= h->x + h->width + OP_GRIP && y >= h->y - OP_GRIP
      && y <= h->y + h->height + OP_GRIP)
    return TRUE;
  return fabs (x - l->op_x) <= OP_GRIP && roof_chart_view_in_plot_area (l, x, y);
}

/* The line dragged to pixel x of the axes it was taken on: the whole
 * number of batch or context there, within the chart's range and the axis
 * shown, into the scenario when it takes it. */
static void
op_drag_to (RoofChartView *self, double x)
{
  const RoofChartLayout *a = &self->drag_axes;
  const char *property = a->op_axis == ROOF_OPERATING_BATCH ? "batch" : "context";
  double v = round (roof_chart_layout_x_to_data (a, x));
  double lo = MAX (ceil (MAX (a->op_lo, a->x0)), 1.0);
  double hi = MAX (floor (MIN (a->op_hi, a->x1)), lo);
  g_auto (GValue) value = G_VALUE_INIT;
  double now;

  if (!isfinite (v))
    return;
  v = CLAMP (v, lo, hi);
  g_object_get (self->scenario, property, &now, NULL);
  if (v == now)
    return;
  g_value_init (&value, G_TYPE_DOUBLE);
  g_value_set_double (&value, v);
  if (roof_scenario_accepts (self->scenario, property, &value))
    g_object_set_property (G_OBJECT (self->scenario), property, &value);
}

/* ------------------------------------------------------------------------ */
/* Zoom and pan                                                             */

static void
axis_zoom (gboolean log, double d0, double d1, double f, double factor, double *o0, double *o1)
{
  if (log && d0 > 0.0 && d1 > d0)
    {
      double u0 = log10 (d0), u1 = log10 (d1);
      double uc = u0 + f * (u1 - u0);
      double span = (u1 - u0) * factor;
      /* between a twentieth of a decade and 40 decades */
      span = CLAMP (span, 0.05, 40.0);
      double n0 = uc - (uc - u0) / (u1 - u0) * span;
      *o0 = pow (10.0, n0);
      *o1 = pow (10.0, n0 + span);
    }
  else if (d1 > d0)
    {
      double c = d0 + f * (d1 - d0);
      double span = (d1 - d0) * factor;
      double min_span = 1e-9 * MAX (fabs (c), 1e-12);
      span = MAX (span, min_span);
      *o0 = c - (c - d0) / (d1 - d0) * span;
      *o1 = *o0 + span;
    }
  else
    *o0 = *o1 = 0.0;
}

static void
axis_pan (gboolean log, double d0, double d1, double frac, double *o0, double *o1)
{
  if (log && d0 > 0.0 && d1 > d0)
    {
      double shift = frac * (log10 (d1) - log10 (d0));
      *o0 = pow (10.0, log10 (d0) + shift);
      *o1 = pow (10.0, log10 (d1) + shift);
    }
  else
    {
      double shift = frac * (d1 - d0);
      *o0 = d0 + shift;
      *o1 = d1 + shift;
    }
}

/* ------------------------------------------------------------------------ */
/* Overlay: crosshair, readouts, hover and pin rings                        */

static GdkRGBA
rgba_of (RoofColor c, double alpha)
{
  GdkRGBA rgba = { (float) c.r, (float) c.g, (float) c.b, (float) (c.a * alpha) };
  return rgba;
}

static void
append_ring (GtkSnapshot *snapshot, double x, double y, double r, double width, GdkRGBA color)
{
  GskRoundedRect rr;
  const GdkRGBA colors[4] = { color, color, color, color };
  const float widths[4] = { (float) width, (float) width, (float) width, (float) width };

  gsk_rounded_rect_init_from_rect (&rr, &GRAPHENE_RECT_INIT ((float) (x - r), (float) (y - r),
                                                             (float) (2 * r), (float) (2 * r)),
                                   (float) r);
  gtk_snapshot_append_border (snapshot, &rr, widths, colors);
}

static void
append_readout (RoofChartView *self, GtkSnapshot *snapshot, const RoofTheme *th,
                const char *text, double x, double y, gboolean centre_x, gboolean centre_y)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int w, h;
  double pad = 3.0;
  GdkRGBA bg = rgba_of (th->foreground, 0.85);
  GdkRGBA fg = rgba_of (th->background, 1.0);

  pango_layout_get_pixel_size (layout, &w, &h);
  if (centre_x)
    x -= (w + 2 * pad) / 2.0;
  if (centre_y)
    y -= (h + 2 * pad) / 2.0;
  x = CLAMP (x, 0.0, MAX (gtk_widget_get_width (GTK_WIDGET (self)) - w - 2 * pad, 0.0));
  gtk_snapshot_append_color (snapshot, &bg,
                             &GRAPHENE_RECT_INIT ((float) x, (float) y, (float) (w + 2 * pad),
                                                  (float) (h + 2 * pad)));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) (x + pad), (float) (y + pad)));
  gtk_snapshot_append_layout (snapshot, layout, &fg);
  gtk_snapshot_restore (snapshot);
}

static void
append_crosshair (RoofChartView *self, GtkSnapshot *snapshot, const RoofTheme *th)
{
  const RoofChartLayout *l = self->layout;
  const RoofRect *p = &l->plot_area;
  GdkRGBA line = rgba_of (th->foreground, 0.35);
  double x = floor (self->px) + 0.5, y = floor (self->py) + 0.5;

  gtk_snapshot_append_color (snapshot, &line,
                             &GRAPHENE_RECT_INIT ((float) (x - 0.5), (float) p->y, 1.0f,
                                                  (float) p->height));
  gtk_snapshot_append_color (snapshot, &line,
                             &GRAPHENE_RECT_INIT ((float) p->x, (float) (y - 0.5),
                                                  (float) p->width, 1.0f));

  /* in the units of the tick labels next to them */
  g_autofree char *xs = roof_format_significant (roof_chart_layout_x_to_data (l, self->px)
                                                   / self->x_factor,
                                                 3);
  g_autofree char *ys = roof_format_significant (roof_chart_layout_y_to_data (l, self->py)
                                                   / self->y_factor,
                                                 3);
  append_readout (self, snapshot, th, xs, self->px, p->y + p->height + 2, TRUE, FALSE);
  append_readout (self, snapshot, th, ys, p->x + 2, self->py, FALSE, TRUE);
}

void
roof_chart_view_append_overlay (RoofChartView *self, GtkSnapshot *snapshot)
{
  const RoofTheme *th = roof_theme_get (self->theme);
  GdkRectangle rect;

  if (self->pointer_inside && !self->panning && crosshair_axes[self->kind]
      && roof_chart_view_in_plot_area (self->layout, self->px, self->py) && self->hover == NULL)
    append_crosshair (self, snapshot, th);
  if (self->hover != NULL && self->hover->bar.width <= 0)
    append_ring (snapshot, self->hover->x, self->hover->y, th->marker_radius + 4, 2.0,
                 rgba_of (th->foreground, 0.6));
  if (roof_chart_view_pin_rect (self, &rect) && self->pin_index >= 0)
    {
      const RoofHitItem *it = &g_array_index (self->layout->items, RoofHitItem, self->pin_index);
      if (it->bar.width <= 0)
        append_ring (snapshot, it->x, it->y, th->marker_radius + 5, 2.5,
                     rgba_of (th->foreground, 1.0));
    }
}

/* ------------------------------------------------------------------------ */
/* Event handlers                                                           */

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, RoofChartView *self)
{
  const RoofHitItem *hover;
  const char *cursor = "default";

  self->pointer_inside = TRUE;
  self->px = x;
  self->py = y;
  if (!self->rendered_once)
    return;

  hover = roof_chart_layout_hit (self->layout, x, y);
  if (self->dragging_op || roof_chart_view_op_hit (self, x, y))
    cursor = "ew-resize";
  else if (hover != NULL || roof_chart_layout_legend_hit (self->layout, x, y) >= 0)
    cursor = "pointer";
  else if (self->panning)
    cursor = "grabbing";
  else if (roof_chart_view_in_plot_area (self->layout, x, y) && crosshair_axes[self->kind])
    cursor = "crosshair";
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), cursor);
  self->hover = hover;
  /* only the overlay changes: the chart's node is replayed as it is */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *motion, RoofChartView *self)
{
  self->pointer_inside = FALSE;
  self->hover = NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, RoofChartView *self)
{
  if (!self->rendered_once || zoom_axes[self->kind] == 0 || dy == 0.0)
    return FALSE;
  if (!roof_chart_view_in_plot_area (self->layout, self->px, self->py))
    return FALSE;
  roof_chart_view_zoom_at (self, self->px, self->py, pow (ZOOM_STEP, dy));
  return TRUE;
}

static void
on_drag_begin (GtkGestureDrag *drag, double x, double y, RoofChartView *self)
{
  self->dragging_op = FALSE;
  if (roof_chart_view_op_hit (self, x, y))
    {
      self->drag_axes = *self->layout;
      self->op_drag_x = self->layout->op_x;
      self->dragging_op = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_CLAIMED);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "ew-resize");
      return;
    }
  if (!self->rendered_once || zoom_axes[self->kind] == 0
      || !roof_chart_view_in_plot_area (self->layout, x, y))
    {
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->drag_axes = *self->layout;
  self->panning = FALSE;
}

static void
on_drag_update (GtkGestureDrag *drag, double ox, double oy, RoofChartView *self)
{
  const RoofChartLayout *a = &self->drag_axes;
  double view[4];
  guint axes = zoom_axes[self->kind];

  if (self->dragging_op)
    {
      if (self->scenario != NULL)
        op_drag_to (self, self->op_drag_x + ox);
      return;
    }
  if (!self->panning && hypot (ox, oy) < DRAG_THRESHOLD)
    return;
  if (!self->panning)
    {
      self->panning = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_CLAIMED);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }
  for (int i = 0; i < 4; i++)
    view[i] = self->view[i];
  if ((axes & AXIS_X) && a->plot_area.width > 0)
    axis_pan (a->x_log, a->x0, a->x1, -ox / a->plot_area.width, &view[0], &view[1]);
  if ((axes & AXIS_Y) && a->plot_area.height > 0)
    axis_pan (a->y_log, a->y0, a->y1, oy / a->plot_area.height, &view[2], &view[3]);
  roof_chart_view_set_view (self, view);
}

static void
on_drag_end (GtkGestureDrag *drag, double ox, double oy, RoofChartView *self)
{
  if (self->dragging_op)
    {
      self->dragging_op = FALSE;
      return;
    }
  if (self->panning)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "crosshair");
  self->panning = FALSE;
}

static void
on_click_released (GtkGestureClick *click, int n_press, double x, double y, RoofChartView *self)
{
  int device;
  const RoofHitItem *it;

  if (!self->rendered_once || self->panning || roof_chart_view_op_hit (self, x, y))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));

  device = roof_chart_layout_legend_hit (self->layout, x, y);
  if (device >= 0 && self->data != NULL
      && device < roof_chart_data_get_input (self->data)->n_devices)
    {
      /* a calibrated copy's entry toggles its device, both series */
      const char *id = roof_chart_data_get_input (self->data)->devices[device].id;
      roof_chart_view_set_device_hidden (self, id, !roof_chart_view_get_device_hidden (self, id));
      return;
    }
  it = roof_chart_layout_hit (self->layout, x, y);
  if (it != NULL)
    {
      roof_chart_view_pin (self, it);
      return;
    }
  if (n_press == 2 && roof_chart_view_in_plot_area (self->layout, x, y))
    roof_chart_view_reset_view (self);
  roof_chart_view_unpin (self);
}

gboolean
roof_chart_view_query_tooltip (GtkWidget *widget,
                               int x,
                               int y,
                               gboolean keyboard,
                               GtkTooltip *tooltip)
{
  RoofChartView *self = ROOF_CHART_VIEW (widget);
  const RoofHitItem *it;
  GdkRectangle area;

  if (!self->rendered_once || keyboard)
    return FALSE;
  it = roof_chart_layout_hit (self->layout, x, y);
  if (it != NULL)
    roof_chart_view_ensure_tooltips (self);
  if (it == NULL || it->tooltip == NULL || *it->tooltip == '\0')
    return FALSE;
  if (self->pin_index >= 0
      && it == &g_array_index (self->layout->items, RoofHitItem, self->pin_index))
    return FALSE;
  if (it->bar.width > 0 && it->bar.height > 0)
    area = (GdkRectangle) { (int) it->bar.x, (int) it->bar.y, MAX ((int) it->bar.width, 1),
                            MAX ((int) it->bar.height, 1) };
  else
    area = (GdkRectangle) { (int) (it->x - it->radius), (int) (it->y - it->radius),
                            MAX ((int) (2 * it->radius), 1), MAX ((int) (2 * it->radius), 1) };
  gtk_tooltip_set_text (tooltip, it->tooltip);
  gtk_tooltip_set_tip_area (tooltip, &area);
  return TRUE;
}

void
roof_chart_view_add_pointer_controllers (RoofChartView *self)
{
  GtkEventController *motion, *scroll;
  GtkGesture *drag, *click;

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

void
roof_chart_view_zoom_at (RoofChartView *self, double x, double y, double factor)
{
  const RoofChartLayout *l;
  double view[4];
  guint axes;

  g_return_if_fail (ROOF_IS_CHART_VIEW (self));
  g_return_if_fail (factor > 0.0);

  l = self->layout;
  axes = zoom_axes[self->kind];
  if (!self->rendered_once || axes == 0 || l->plot_area.width <= 0 || l->plot_area.height <= 0)
    return;
  for (int i = 0; i < 4; i++)
    view[i] = self->view[i];
  if (axes & AXIS_X)
    axis_zoom (l->x_log, l->x0, l->x1, CLAMP ((x - l->plot_area.x) / l->plot_area.width, 0, 1),
               factor, &view[0], &view[1]);
  if (axes & AXIS_Y)
    axis_zoom (l->y_log, l->y0, l->y1,
               CLAMP ((l->plot_area.y + l->plot_area.height - y) / l->plot_area.height, 0, 1),
               factor, &view[2], &view[3]);
  roof_chart_view_set_view (self, view);
}

gboolean
roof_chart_view_zoom (RoofChartView *self, double factor)
{
  const RoofRect *p;

  g_return_val_if_fail (ROOF_IS_CHART_VIEW (self), FALSE);

  p = &self->layout->plot_area;
  if (!self->rendered_once || zoom_axes[self->kind] == 0 || p->width <= 0)
    return FALSE;
  roof_chart_view_zoom_at (self, p->x + p->width / 2, p->y + p->height / 2, factor);
  return TRUE;
}
