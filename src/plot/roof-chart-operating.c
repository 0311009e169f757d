/* roof-chart-operating.c — the operating point: the workload the panels describe, on the charts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chart over batch or context marks the workload's own value with a
 * vertical line and a handle naming it ("B = 32"); the app's view lets the
 * user drag that handle (the layout reports where it is, as data). A chart
 * whose points are workloads (the roofline, the frontier) rings the point
 * of the current one instead.
 */
#include <math.h>

#include "roof-chart-common.h"
#include "roof-number.h"

/* Room round the handle's text, in pixels. */
#define HANDLE_PAD_X 5.0
#define HANDLE_PAD_Y 2.0
/* From the plot's edge to the handle. */
#define HANDLE_INSET 3.0

void
roof_render_operating_line (RoofRender *R, RoofOperatingAxis axis, double value, double lo,
                            double hi)
{
  if (!(value > 0.0) || !isfinite (value))
    return;
  R->op_axis = axis;
  R->op_value = value;
  R->op_lo = lo;
  R->op_hi = hi;
}

static void
handle_text (const RoofRender *R, char *buf, gsize size)
{
  char num[48];

  roof_format_count (R->op_value, num, sizeof num);
  g_snprintf (buf, size, R->op_axis == ROOF_OPERATING_BATCH ? _("B = %s") : _("S = %s"), num);
}

/* The line's x in pixels, or NAN when it lies outside the plot area. */
static double
line_x (RoofRender *R)
{
  const RoofRect *p = &R->frame.plot;
  double x = roof_frame_x (R, R->op_value);

  if (!isfinite (x) || x < p->x - 0.5 || x > p->x + p->width + 0.5)
    return NAN;
  return x;
}

static gboolean
box_hits_legend (const RoofRender *R, const RoofOBox *b)
{
  const RoofRect *l = &R->legend_box;

  if (R->legend_outside || l->width <= 0.0)
    return FALSE;
  return fabs (b->cx - (l->x + 0.5 * l->width)) < 0.5 * (b->w + l->width)
         && fabs (b->cy - (l->y + 0.5 * l->height)) < 0.5 * (b->h + l->height);
}

void
roof_operating_lay_out (RoofRender *R)
{
  const RoofRect *p = &R->frame.plot;
  char text[64];
  double w, h, x;

  R->op_box.w = 0.0;
  if (R->op_axis == ROOF_OPERATING_NONE || isnan (x = line_x (R)))
    return;
  handle_text (R, text, sizeof text);
  roof_render_measure (R, ROOF_FONT_LABEL, text, &w, &h);
  w += 2.0 * HANDLE_PAD_X;
  h += 2.0 * HANDLE_PAD_Y;
  if (w > p->width || 2.0 * h > p->height)
    return;
  /* at the top of the plot, else at its foot: clear of the legend */
  double cx = CLAMP (x, p->x + 0.5 * w, p->x + p->width - 0.5 * w);
  for (int k = 0; k < 2; k++)
    {
      double cy = k == 0 ? p->y + HANDLE_INSET + 0.5 * h : p->y + p->height - HANDLE_INSET - 0.5 * h;
      RoofOBox b = { cx, cy, w, h, 0.0 };
      if (!box_hits_legend (R, &b))
        {
          R->op_box = b;
          roof_label_placer_add_box (R->placer, &b);
          return;
        }
    }
}

void
roof_operating_draw (RoofRender *R)
{
  cairo_t *cr = R->cr;
  const RoofRect *p = &R->frame.plot;
  RoofChartLayout *L = R->layout;
  RoofOBox *b = &R->op_box;
  char text[64];
  double x;

  if (R->op_axis == ROOF_OPERATING_NONE || isnan (x = line_x (R)))
    return;
  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, 1.5);
  roof_color_set (cr, roof_color_alpha (R->th->foreground, 0.6));
  cairo_move_to (cr, x, p->y);
  cairo_line_to (cr, x, p->y + p->height);
  cairo_stroke (cr);
  L->op_axis = R->op_axis;
  L->op_value = R->op_value;
  L->op_lo = R->op_lo;
  L->op_hi = R->op_hi;
  L->op_x = x;
  /* the handle, when it has room and covers no text drawn before it */
  if (b->w > 0.0 && roof_render_text_free (R, b))
    {
      double r = 0.5 * b->h;
      double x0 = b->cx - 0.5 * b->w, y0 = b->cy - 0.5 * b->h;
      cairo_new_sub_path (cr);
      cairo_arc (cr, x0 + b->w - r, y0 + r, r, -G_PI_2, G_PI_2);
      cairo_arc (cr, x0 + r, y0 + r, r, G_PI_2, 3 * G_PI_2);
      cairo_close_path (cr);
      roof_color_set (cr, R->th->foreground);
      cairo_fill (cr);
      handle_text (R, text, sizeof text);
      roof_render_text (R, ROOF_FONT_LABEL, text, b->cx, b->cy, 0.5, 0.5, R->th->background,
                        ROOF_TEXT_LABEL);
      L->op_handle = (RoofRect) { x0, y0, b->w, b->h };
    }
  else
    {
      /* a plain grip at the top of the line to take hold of */
      double s = 5.0;
      cairo_move_to (cr, x - s, p->y);
      cairo_line_to (cr, x + s, p->y);
      cairo_line_to (cr, x, p->y + 1.6 * s);
      cairo_close_path (cr);
      roof_color_set (cr, R->th->foreground);
      cairo_fill (cr);
      L->op_handle = (RoofRect) { x - s, p->y, 2 * s, 1.6 * s };
    }
  cairo_restore (cr);
}

void
roof_render_operating_ring (RoofRender *R, double x, double y, RoofColor color)
{
  roof_render_marker (R, ROOF_MARKER_RING, x, y, R->th->marker_radius, color, color, TRUE);
  if (R->placer != NULL)
    roof_label_placer_add_marker (R->placer, x, y, 2.2 * R->th->marker_radius);
}

void
roof_legend_add_operating_ring (RoofRender *R, const char *text)
{
  RoofLegendItem *it = roof_legend_add (R, ROOF_LEGEND_MARKER, text, -1, R->th->foreground);
  it->marker = ROOF_MARKER_RING;
}
