/* roof-scroll-guard.c — the mouse wheel scrolls the panel, not the control under it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-scroll-guard.h"

#include <math.h>

#define SCROLL_GUARD "roof-scroll-guard"

gboolean
roof_ui_scroll_should_pass (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), TRUE);

  return (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_FOCUS_WITHIN) == 0;
}

/* The adjustment of the nearest scrolled window around `widget` that has
 * somewhere to go in `orientation`, as GTK passes a scroll outwards. */
static GtkAdjustment *
scrollable_adjustment (GtkWidget *widget, GtkOrientation orientation)
{
  GtkWidget *sw = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);

  while (sw != NULL)
    {
      GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (sw);
      GtkAdjustment *adj = orientation == GTK_ORIENTATION_VERTICAL
                             ? gtk_scrolled_window_get_vadjustment (scrolled)
                             : gtk_scrolled_window_get_hadjustment (scrolled);

      if (adj != NULL
          && gtk_adjustment_get_upper (adj) - gtk_adjustment_get_lower (adj)
               > gtk_adjustment_get_page_size (adj))
        return adj;
      sw = gtk_widget_get_parent (sw);
      sw = sw != NULL ? gtk_widget_get_ancestor (sw, GTK_TYPE_SCROLLED_WINDOW) : NULL;
    }
  return NULL;
}

static void
scroll_by (GtkAdjustment *adj, double delta, GdkScrollUnit unit)
{
  /* a wheel detent moves as far as GtkScrolledWindow moves it */
  if (unit == GDK_SCROLL_UNIT_WHEEL)
    delta *= pow (gtk_adjustment_get_page_size (adj), 2.0 / 3.0);
  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + delta); /* clamps */
}

static gboolean
guard_scroll_cb (GtkEventControllerScroll *controller, double dx, double dy, gpointer user_data)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GdkScrollUnit unit = gtk_event_controller_scroll_get_unit (controller);
  GtkAdjustment *adj;

  if (!roof_ui_scroll_should_pass (widget))
    return GDK_EVENT_PROPAGATE; /* the control's own wheel handling */
  if (dy != 0 && (adj = scrollable_adjustment (widget, GTK_ORIENTATION_VERTICAL)) != NULL)
    scroll_by (adj, dy, unit);
  if (dx != 0 && (adj = scrollable_adjustment (widget, GTK_ORIENTATION_HORIZONTAL)) != NULL)
    scroll_by (adj, dx, unit);
  /* never the control's value */
  return GDK_EVENT_STOP;
}

void
roof_ui_guard_scroll (GtkWidget *widget)
{
  GtkEventController *controller;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (g_object_get_data (G_OBJECT (widget), SCROLL_GUARD) != NULL)
    return;
  /* in the capture phase: before the control's own scroll controller, which
   * sits on it (or on a child) in the bubble phase */
  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  gtk_event_controller_set_name (controller, SCROLL_GUARD);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "scroll", G_CALLBACK (guard_scroll_cb), NULL);
  gtk_widget_add_controller (widget, controller);
  g_object_set_data (G_OBJECT (widget), SCROLL_GUARD, controller);
}

void
roof_ui_guard_scroll_all (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  /* a GtkScrollbar's inner range is no GtkScale: the wheel over a
   * scrollbar keeps scrolling */
  if (GTK_IS_SPIN_BUTTON (root) || GTK_IS_SCALE (root))
    {
      roof_ui_guard_scroll (root);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    roof_ui_guard_scroll_all (child);
}
