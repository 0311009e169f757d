/* roof-chart-frame.c — the frame of a chart: margins, scales, ticks, grid and axes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"

#define TICK_MAJOR 5.0
#define TICK_MINOR 3.0

/* ---------------------------------------------------------------------- */
/* Frame                                                                  */

static double
max_label_width (RoofRender *R, const RoofTicks *t)
{
  double m = 0.0, w;
  for (int i = 0; i < t->n; i++)
    if (t->ticks[i].labelled && t->ticks[i].label[0])
      {
        roof_render_measure (R, ROOF_FONT_TICK, t->ticks[i].label, &w, NULL);
        m = MAX (m, w);
      }
  return m;
}

static double
last_label_half (RoofRender *R, const RoofTicks *t, const RoofScale *s, double edge)
{
  /* how far the last x label sticks out beyond the plot's right edge */
  double out = 0.0, w;
  for (int i = 0; i < t->n; i++)
    if (t->ticks[i].labelled && t->ticks[i].label[0])
      {
        roof_render_measure (R, ROOF_FONT_TICK, t->ticks[i].label, &w, NULL);
        out = MAX (out, roof_scale_map (s, t->ticks[i].value) + 0.5 * w - edge);
      }
  return out;
}

/* Years: every 1, 2, 5 … whole units, labelled plainly. */
static void
integer_ticks (RoofRender *R, RoofFrame *f)
{
  static const int steps[] = { 1, 2, 5, 10, 20, 50, 100 };
  double w;
  roof_render_measure (R, ROOF_FONT_TICK, "0000", &w, NULL);
  double ppu = f->plot.width / (f->xs.d1 - f->xs.d0);
  int step = 100;
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (steps[i] * ppu >= w + 14.0)
      {
        step = steps[i];
        break;
      }
  memset (&f->xt, 0, sizeof f->xt);
  f->xt.major_step = step;
  for (double v = ceil (f->xs.d0); v <= f->xs.d1 && f->xt.n < ROOF_SCALE_MAX_TICKS; v += 1.0)
    {
      RoofTick *t = &f->xt.ticks[f->xt.n++];
      long iv = (long) v;
      t->value = v;
      t->major = iv % step == 0;
      t->labelled = t->major;
      if (t->labelled)
        g_snprintf (t->label, sizeof t->label, "%ld", iv);
      else
        t->label[0] = '\0';
    }
}

void
roof_frame_layout (RoofRender *R)
{
  RoofFrame *f = &R->frame;
  double pad = R->pad, th, tick_h, axis_h, cap_h = 0.0, dummy;

  roof_render_measure (R, ROOF_FONT_TITLE, "Ag", &dummy, &th);
  roof_render_measure (R, ROOF_FONT_TICK, "0.1k", &dummy, &tick_h);
  roof_render_measure (R, ROOF_FONT_AXIS_TITLE, "Ag", &dummy, &axis_h);

  if (R->in->caption && R->caption->len > 0)
    {
      GString *full = g_string_new (R->caption->str);
      if (R->notes->len)
        g_string_append_printf (full, "\n%s", R->notes->str);
      cap_h = roof_render_text_wrapped (R, ROOF_FONT_CAPTION, full->str, 0, 0,
                                        R->width - 2 * pad, R->th->muted, ROOF_TEXT_CAPTION,
                                        FALSE);
      g_string_free (full, TRUE);
      /* never more than a third of the chart */
      cap_h = MIN (cap_h, R->height / 3.0);
    }

  double top = pad + (f->title ? th + 0.6 * pad : 0.0);
  double bottom = pad + (cap_h > 0 ? cap_h + 0.6 * pad : 0.0)
                  + (f->x_title ? axis_h + 6.0 : 0.0)
                  + (f->x_categorical ? f->x_cat_height : (f->no_x_ticks ? 0.0 : tick_h))
                  + TICK_MAJOR + 4.0 + f->reserve_bottom;
  double ytitle = f->y_title ? axis_h + 8.0 : 0.0;
  double y2title = f->has_y2 && f->y2_title ? axis_h + 8.0 : 0.0;
  double left = pad + ytitle + 40.0 + TICK_MAJOR + 4.0;
  double right = pad + (f->has_y2 ? y2title + 40.0 + TICK_MAJOR + 4.0 : 12.0) + f->reserve_right;

  for (int iter = 0; iter < 3; iter++)
    {
      f->plot.x = left;
      f->plot.y = top;
      f->plot.width = MAX (R->width - left - right, 10.0);
      f->plot.height = MAX (R->height - top - bottom, 10.0);
      roof_scale_init (&f->xs, f->x_log, f->x0, f->x1, f->plot.x, f->plot.x + f->plot.width);
      roof_scale_init (&f->ys, f->y_log, f->y0, f->y1, f->plot.y + f->plot.height, f->plot.y);
      if (f->has_y2)
        roof_scale_init (&f->y2s, f->y2_log, f->y2_0, f->y2_1, f->plot.y + f->plot.height,
                         f->plot.y);

      memset (&f->xt, 0, sizeof f->xt);
      memset (&f->yt, 0, sizeof f->yt);
      memset (&f->y2t, 0, sizeof f->y2t);
      if (!f->x_categorical && !f->no_x_ticks)
        {
          roof_scale_ticks (&f->xs, f->x_unit, 48.0, 5.0, &f->xt);
          double w = max_label_width (R, &f->xt);
          roof_scale_ticks (&f->xs, f->x_unit, w + 14.0, 5.0, &f->xt);
          if (f->x_integer)
            integer_ticks (R, f);
        }
      /* linear axes read better with fewer, rounder labels */
      if (!f->y_categorical && !f->no_y_ticks)
        roof_scale_ticks (&f->ys, f->y_unit, tick_h * (f->y_log ? 1.9 : 3.2), 5.0, &f->yt);
      if (f->has_y2)
        roof_scale_ticks (&f->y2s, f->y2_unit, tick_h * (f->y2_log ? 1.9 : 3.2), 5.0, &f->y2t);

      double ylw = f->y_categorical ? f->y_cat_width : max_label_width (R, &f->yt);
      double nleft = pad + ytitle + ylw + TICK_MAJOR + 5.0;
      double nright = pad + f->reserve_right;
      if (f->has_y2)
        nright += y2title + max_label_width (R, &f->y2t) + TICK_MAJOR + 5.0;
      else
        nright += MAX (12.0, last_label_half (R, &f->xt, &f->xs, f->plot.x + f->plot.width) + 4.0);
      if (fabs (nleft - left) < 0.5 && fabs (nright - right) < 0.5)
        break;
      left = nleft;
      right = nright;
    }

  f->caption_box.x = pad;
  f->caption_box.y = R->height - pad - cap_h;
  f->caption_box.width = R->width - 2 * pad;
  f->caption_box.height = cap_h;

  R->layout->plot_area = f->plot;
  R->layout->x_log = f->x_log;
  R->layout->y_log = f->y_log;
  R->layout->x0 = f->xs.d0;
  R->layout->x1 = f->xs.d1;
  R->layout->y0 = f->ys.d0;
  R->layout->y1 = f->ys.d1;
  R->layout->x_unit = f->x_unit > 0.0 ? f->x_unit : 1.0;
  R->layout->y_unit = f->y_unit > 0.0 ? f->y_unit : 1.0;
  R->layout->y2_unit = f->y2_unit > 0.0 ? f->y2_unit : 1.0;
  R->layout->has_y2 = f->has_y2;
  if (f->has_y2)
    {
      R->layout->y2_log = f->y2_log;
      R->layout->y2_0 = f->y2s.d0;
      R->layout->y2_1 = f->y2s.d1;
    }
  g_free (R->layout->x_title);
  g_free (R->layout->y_title);
  g_free (R->layout->y2_title);
  R->layout->x_title = g_strdup (f->x_title);
  R->layout->y_title = g_strdup (f->y_title);
  R->layout->y2_title = g_strdup (f->y2_title);

  roof_label_placer_free (R->placer);
  R->placer = roof_label_placer_new (&f->plot);
}

double
roof_frame_x (RoofRender *R, double v)
{
  return roof_scale_map (&R->frame.xs, v);
}

double
roof_frame_y (RoofRender *R, double v)
{
  return roof_scale_map (&R->frame.ys, v);
}

double
roof_frame_y2 (RoofRender *R, double v)
{
  return roof_scale_map (&R->frame.y2s, v);
}

void
roof_frame_draw_background (RoofRender *R)
{
  cairo_t *cr = R->cr;
  RoofRect *p = &R->frame.plot;

  if (!R->in->transparent)
    {
      roof_color_set (cr, R->th->background);
      cairo_rectangle (cr, 0, 0, R->width, R->height);
      cairo_fill (cr);
    }
  if (R->th->plot_background.r != R->th->background.r || R->in->transparent)
    {
      roof_color_set (cr, R->th->plot_background);
      cairo_rectangle (cr, p->x, p->y, p->width, p->height);
      cairo_fill (cr);
    }
}

void
roof_frame_clip (RoofRender *R)
{
  RoofRect *p = &R->frame.plot;
  cairo_rectangle (R->cr, p->x, p->y, p->width, p->height);
  cairo_clip (R->cr);
}

static double
snap (double v, double w)
{
  /* crisp 1-px lines on the pixel grid */
  double r = round (v);
  return ((int) round (w) % 2) ? r + 0.5 : r;
}

void
roof_frame_draw_grid (RoofRender *R)
{
  RoofFrame *f = &R->frame;
  cairo_t *cr = R->cr;
  RoofRect *p = &f->plot;
  double w = R->th->grid_width;

  cairo_save (cr);
  cairo_set_line_width (cr, w);
  for (int pass = 0; pass < 2; pass++)
    {
      roof_color_set (cr, pass == 0 ? R->th->grid_minor : R->th->grid_major);
      for (int i = 0; i < f->xt.n; i++)
        {
          const RoofTick *t = &f->xt.ticks[i];
          if ((t->major || t->labelled) != (pass == 1))
            continue;
          double x = snap (roof_scale_map (&f->xs, t->value), w);
          if (x < p->x + 0.5 || x > p->x + p->width - 0.5)
            continue;
          cairo_move_to (cr, x, p->y);
          cairo_line_to (cr, x, p->y + p->height);
        }
      for (int i = 0; i < f->yt.n; i++)
        {
          const RoofTick *t = &f->yt.ticks[i];
          if ((t->major || t->labelled) != (pass == 1))
            continue;
          double y = snap (roof_scale_map (&f->ys, t->value), w);
          if (y < p->y + 0.5 || y > p->y + p->height - 0.5)
            continue;
          cairo_move_to (cr, p->x, y);
          cairo_line_to (cr, p->x + p->width, y);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_axis_ticks (RoofRender *R, const RoofTicks *t, const RoofScale *s, int side)
{
  /* side: 0 bottom, 1 left, 2 right */
  RoofFrame *f = &R->frame;
  cairo_t *cr = R->cr;
  RoofRect *p = &f->plot;
  double w = R->th->axis_width;

  roof_color_set (cr, R->th->foreground);
  cairo_set_line_width (cr, w);
  for (int i = 0; i < t->n; i++)
    {
      const RoofTick *k = &t->ticks[i];
      double v = roof_scale_map (s, k->value);
      double len = (k->major || k->labelled) ? TICK_MAJOR : TICK_MINOR;
      if (side == 0)
        {
          if (v < p->x - 0.5 || v > p->x + p->width + 0.5)
            continue;
          v = snap (v, w);
          cairo_move_to (cr, v, p->y + p->height);
          cairo_line_to (cr, v, p->y + p->height + len);
        }
      else
        {
          if (v < p->y - 0.5 || v > p->y + p->height + 0.5)
            continue;
          v = snap (v, w);
          double x = side == 1 ? p->x : p->x + p->width;
          cairo_move_to (cr, x, v);
          cairo_line_to (cr, side == 1 ? x - len : x + len, v);
        }
    }
  cairo_stroke (cr);

  for (int i = 0; i < t->n; i++)
    {
      const RoofTick *k = &t->ticks[i];
      double bw, bh;
      if (!k->labelled || !k->label[0])
        continue;
      double v = roof_scale_map (s, k->value);
      roof_render_measure (R, ROOF_FONT_TICK, k->label, &bw, &bh);
      RoofOBox box;
      if (side == 0)
        {
          if (v < p->x - 0.5 || v > p->x + p->width + 0.5)
            continue;
          box = (RoofOBox){ v, p->y + p->height + TICK_MAJOR + 3.0 + 0.5 * bh, bw, bh, 0 };
        }
      else
        {
          if (v < p->y - 0.5 || v > p->y + p->height + 0.5)
            continue;
          double x = side == 1 ? p->x - TICK_MAJOR - 4.0 - 0.5 * bw
                               : p->x + p->width + TICK_MAJOR + 4.0 + 0.5 * bw;
          box = (RoofOBox){ x, v, bw, bh, 0 };
        }
      /* a label that would touch another one (the corner) is left out */
      if (box.cx - 0.5 * bw < 0 || box.cx + 0.5 * bw > R->width || !roof_render_text_free (R, &box))
        continue;
      roof_render_text_box (R, ROOF_FONT_TICK, k->label, &box, R->th->foreground, ROOF_TEXT_TICK,
                            FALSE);
    }
}

void
roof_frame_draw_axes (RoofRender *R)
{
  RoofFrame *f = &R->frame;
  cairo_t *cr = R->cr;
  RoofRect *p = &f->plot;
  double w = R->th->axis_width, th, aw, ah;

  cairo_save (cr);
  roof_color_set (cr, R->th->foreground);
  cairo_set_line_width (cr, w);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  double x0 = snap (p->x, w), y1 = snap (p->y + p->height, w);
  cairo_move_to (cr, x0, p->y);
  cairo_line_to (cr, x0, y1);
  cairo_line_to (cr, p->x + p->width, y1);
  if (f->has_y2)
    {
      double x1 = snap (p->x + p->width, w);
      cairo_move_to (cr, x1, y1);
      cairo_line_to (cr, x1, p->y);
    }
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  /* titles first so tick labels yield to them at the corners */
  if (f->title)
    {
      double tw;
      roof_render_measure (R, ROOF_FONT_TITLE, f->title, &tw, &th);
      if (tw > R->width - 2 * R->pad)
        {
          /* ellipsized to the width */
          roof_render_set_text (R, ROOF_FONT_TITLE, f->title);
          pango_layout_set_width (R->pl, (int) ((R->width - 2 * R->pad) * PANGO_SCALE));
          pango_layout_set_ellipsize (R->pl, PANGO_ELLIPSIZE_END);
          PangoRectangle log;
          pango_layout_get_extents (R->pl, NULL, &log);
          tw = (double) log.width / PANGO_SCALE;
          RoofOBox box = { R->pad + 0.5 * tw, R->pad + 0.5 * th, tw, th, 0 };
          roof_render_layout_in_box (R, R->pl, &box, R->th->foreground, FALSE);
          roof_render_record (R, &box, ROOF_TEXT_TITLE, f->title);
          pango_layout_set_width (R->pl, -1);
        }
      else
        roof_render_text (R, ROOF_FONT_TITLE, f->title, R->pad, R->pad, 0, 0,
                          R->th->foreground, ROOF_TEXT_TITLE);
    }
  double cap_top = f->caption_box.height > 0 ? f->caption_box.y - 0.6 * R->pad : R->height - R->pad;
  cap_top -= f->reserve_bottom; /* a legend under the plot sits between */
  if (f->x_title)
    {
      /* centred under the plot, kept inside the chart */
      roof_render_measure (R, ROOF_FONT_AXIS_TITLE, f->x_title, &aw, &ah);
      double cx = p->x + 0.5 * p->width;
      cx = MIN (cx, R->width - R->pad - 0.5 * aw);
      cx = MAX (cx, R->pad + 0.5 * aw);
      roof_render_text (R, ROOF_FONT_AXIS_TITLE, f->x_title, cx, cap_top, 0.5, 1.0,
                        R->th->foreground, ROOF_TEXT_AXIS_TITLE);
    }
  if (f->y_title)
    {
      roof_render_measure (R, ROOF_FONT_AXIS_TITLE, f->y_title, &aw, &ah);
      aw = MIN (aw, p->height + p->y - R->pad);
      RoofOBox box = { R->pad + 0.5 * ah, p->y + 0.5 * p->height, aw, ah, -G_PI / 2 };
      roof_render_text_box (R, ROOF_FONT_AXIS_TITLE, f->y_title, &box, R->th->foreground,
                            ROOF_TEXT_AXIS_TITLE, FALSE);
    }
  if (f->has_y2 && f->y2_title)
    {
      roof_render_measure (R, ROOF_FONT_AXIS_TITLE, f->y2_title, &aw, &ah);
      RoofOBox box = { R->width - R->pad - f->reserve_right - 0.5 * ah, p->y + 0.5 * p->height,
                       aw, ah, G_PI / 2 };
      roof_render_text_box (R, ROOF_FONT_AXIS_TITLE, f->y2_title, &box, R->th->foreground,
                            ROOF_TEXT_AXIS_TITLE, FALSE);
    }
  if (!f->x_categorical)
    draw_axis_ticks (R, &f->xt, &f->xs, 0);
  if (!f->y_categorical)
    draw_axis_ticks (R, &f->yt, &f->ys, 1);
  if (f->has_y2)
    draw_axis_ticks (R, &f->y2t, &f->y2s, 2);

  if (R->in->caption && f->caption_box.height > 0)
    {
      GString *full = g_string_new (R->caption->str);
      if (R->notes->len)
        g_string_append_printf (full, "\n%s", R->notes->str);
      /* notes added while drawing must not grow past the room kept for it */
      R->wrap_max_h = f->caption_box.height + 0.5;
      roof_render_text_wrapped (R, ROOF_FONT_CAPTION, full->str, f->caption_box.x,
                                f->caption_box.y, f->caption_box.width, R->th->muted,
                                ROOF_TEXT_CAPTION, TRUE);
      R->wrap_max_h = 0.0;
      g_string_free (full, TRUE);
    }
  cairo_restore (cr);
}
