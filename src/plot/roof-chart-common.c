/* roof-chart-common.c — what every chart shares: text, frame, legend, caption
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"

#define TICK_MAJOR 5.0
#define TICK_MINOR 3.0

/* ---------------------------------------------------------------------- */
/* Set-up                                                                 */

static void
legend_item_free (gpointer data)
{
  RoofLegendItem *it = data;
  g_free (it->text);
  g_free (it);
}

void
roof_render_init (RoofRender *R, cairo_t *cr, double width, double height,
                  const RoofChartInput *in, RoofChartLayout *layout)
{
  memset (R, 0, sizeof *R);
  R->cr = cr;
  R->in = in;
  R->th = roof_theme_get (in->theme);
  R->layout = layout;
  R->width = width;
  R->height = height;
  R->pad = CLAMP (MIN (width, height) * 0.018, 6.0, 16.0);

  R->cache = in->cache ? in->cache : (R->own_cache = roof_chart_cache_new ());
  roof_chart_cache_begin (R->cache, cr);
  R->pctx = roof_chart_cache_context (R->cache);
  R->pl = pango_layout_new (R->pctx);
  pango_layout_set_attributes (R->pl, roof_chart_cache_attributes (R->cache));
  for (int i = 0; i < ROOF_FONT_COUNT; i++)
    {
      PangoFontDescription *fd = pango_font_description_from_string (R->th->font_family);
      pango_font_description_set_absolute_size (fd, R->th->font_px[i] * PANGO_SCALE);
      if (i == ROOF_FONT_TITLE || i == ROOF_FONT_LABEL_BOLD)
        pango_font_description_set_weight (fd, PANGO_WEIGHT_BOLD);
      R->fonts[i] = fd;
      R->font_slots[i] = roof_chart_cache_font (R->cache, fd);
    }
  R->caption = g_string_new (NULL);
  R->notes = g_string_new (NULL);
  R->desc = g_string_new (NULL);
  R->legend = g_ptr_array_new_with_free_func (legend_item_free);
  for (int i = 0; i < 4; i++)
    R->legend_corners[i] = i;
  for (int i = 0; i < in->n_devices && i < ROOF_PLOT_MAX_DEVICES; i++)
    R->device_names[i] = roof_input_device_name (in, i);
}

void
roof_render_clear (RoofRender *R)
{
  roof_label_placer_free (R->placer);
  R->placer = NULL;
  for (int i = 0; i < ROOF_FONT_COUNT; i++)
    pango_font_description_free (R->fonts[i]);
  g_clear_object (&R->pl);
  g_string_free (R->caption, TRUE);
  g_string_free (R->notes, TRUE);
  g_string_free (R->desc, TRUE);
  g_ptr_array_unref (R->legend);
  roof_chart_cache_free (R->own_cache);
  for (int i = 0; i < ROOF_PLOT_MAX_DEVICES; i++)
    g_free (R->device_names[i]);
}

gboolean
roof_render_visible (const RoofRender *R, int device)
{
  return roof_input_visible (R->in, device);
}

int
roof_render_n_visible (const RoofRender *R)
{
  return roof_input_n_visible (R->in);
}

RoofColor
roof_render_device_color (const RoofRender *R, int device)
{
  if (device < 0 || device >= R->in->n_devices)
    return R->th->muted;
  return roof_theme_device_color (R->th, R->in->devices[device].color);
}

const char *
roof_render_device_name (const RoofRender *R, int device)
{
  g_return_val_if_fail (device >= 0 && device < R->in->n_devices, "");
  return R->device_names[device];
}

/* ---------------------------------------------------------------------- */
/* Text                                                                   */

static void
set_text (RoofRender *R, RoofFont font, const char *text)
{
  pango_layout_set_font_description (R->pl, R->fonts[font]);
  pango_layout_set_width (R->pl, -1);
  pango_layout_set_ellipsize (R->pl, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_text (R->pl, text, -1);
}

/* The text laid out in `font`, shaped once per cache: every layout pass
 * measures the same strings, and drawing reuses the measured layout. */
static PangoLayout *
text_layout (RoofRender *R, RoofFont font, const char *text)
{
  return roof_chart_cache_text (R->cache, R->font_slots[font], text);
}

void
roof_render_measure (RoofRender *R, RoofFont font, const char *text, double *w, double *h)
{
  PangoRectangle log;

  pango_layout_get_extents (text_layout (R, font, text), NULL, &log);
  if (w)
    *w = (double) log.width / PANGO_SCALE;
  if (h)
    *h = (double) log.height / PANGO_SCALE;
}

void
roof_render_record (RoofRender *R, const RoofOBox *box, RoofTextRole role, const char *text)
{
  RoofPlacedText t;
  roof_obox_bounds (box, &t.box);
  t.role = role;
  t.text = g_strdup (text);
  t.cx = box->cx;
  t.cy = box->cy;
  t.w = box->w;
  t.h = box->h;
  t.angle = box->angle;
  g_array_append_val (R->layout->texts, t);
  if (R->placer)
    roof_label_placer_add_box (R->placer, box);
}

gboolean
roof_render_text_free (RoofRender *R, const RoofOBox *box)
{
  GArray *a = R->layout->texts;
  for (guint i = 0; i < a->len; i++)
    {
      const RoofPlacedText *t = &g_array_index (a, RoofPlacedText, i);
      RoofOBox o = { t->cx, t->cy, t->w, t->h, t->angle };
      if (roof_obox_overlap (box, &o))
        return FALSE;
    }
  return TRUE;
}

static void
draw_layout_in_box (RoofRender *R, PangoLayout *pl, const RoofOBox *box, RoofColor color,
                    gboolean halo)
{
  cairo_t *cr = R->cr;
  PangoRectangle log;

  pango_layout_get_extents (pl, NULL, &log);
  cairo_save (cr);
  cairo_translate (cr, box->cx, box->cy);
  if (box->angle != 0.0)
    cairo_rotate (cr, box->angle);
  cairo_move_to (cr, -0.5 * box->w - (double) log.x / PANGO_SCALE,
                 -0.5 * box->h - (double) log.y / PANGO_SCALE);
  if (halo)
    {
      /* a plate behind the text: an outline stroke of every glyph costs
       * more than the rest of the chart together */
      cairo_save (cr);
      cairo_new_path (cr);
      cairo_rectangle (cr, -0.5 * box->w - 1.5, -0.5 * box->h + 0.5, box->w + 3.0, box->h - 1.0);
      roof_color_set (cr, R->th->halo);
      cairo_fill (cr);
      cairo_restore (cr);
      cairo_move_to (cr, -0.5 * box->w - (double) log.x / PANGO_SCALE,
                     -0.5 * box->h - (double) log.y / PANGO_SCALE);
    }
  roof_color_set (cr, color);
  pango_cairo_show_layout (cr, pl);
  cairo_restore (cr);
}

RoofOBox
roof_render_text (RoofRender *R, RoofFont font, const char *text, double x, double y,
                  double xalign, double yalign, RoofColor color, RoofTextRole role)
{
  double w, h;
  roof_render_measure (R, font, text, &w, &h);
  RoofOBox box = { x - xalign * w + 0.5 * w, y - yalign * h + 0.5 * h, w, h, 0.0 };
  draw_layout_in_box (R, text_layout (R, font, text), &box, color, FALSE);
  roof_render_record (R, &box, role, text);
  return box;
}

void
roof_render_text_box (RoofRender *R, RoofFont font, const char *text, const RoofOBox *box,
                      RoofColor color, RoofTextRole role, gboolean halo)
{
  draw_layout_in_box (R, text_layout (R, font, text), box, color, halo);
  roof_render_record (R, box, role, text);
}

double
roof_render_text_wrapped (RoofRender *R, RoofFont font, const char *text, double x, double y,
                          double width, RoofColor color, RoofTextRole role, gboolean draw)
{
  PangoRectangle log;

  pango_layout_set_font_description (R->pl, R->fonts[font]);
  pango_layout_set_ellipsize (R->pl, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_width (R->pl, (int) (MAX (width, 10.0) * PANGO_SCALE));
  pango_layout_set_wrap (R->pl, PANGO_WRAP_WORD_CHAR);
  if (R->wrap_max_h > 0.0)
    {
      pango_layout_set_height (R->pl, (int) (R->wrap_max_h * PANGO_SCALE));
      pango_layout_set_ellipsize (R->pl, PANGO_ELLIPSIZE_END);
    }
  pango_layout_set_text (R->pl, text, -1);
  pango_layout_get_extents (R->pl, NULL, &log);
  double w = (double) log.width / PANGO_SCALE, h = (double) log.height / PANGO_SCALE;
  if (draw)
    {
      cairo_save (R->cr);
      cairo_move_to (R->cr, x, y - (double) log.y / PANGO_SCALE);
      roof_color_set (R->cr, color);
      pango_cairo_show_layout (R->cr, R->pl);
      cairo_restore (R->cr);
      /* the logical rectangle: centred text starts right of x */
      double lx = x + (double) log.x / PANGO_SCALE;
      RoofOBox box = { lx + 0.5 * w, y + 0.5 * h, w, h, 0.0 };
      roof_render_record (R, &box, role, text);
    }
  pango_layout_set_width (R->pl, -1);
  pango_layout_set_height (R->pl, -1);
  pango_layout_set_ellipsize (R->pl, PANGO_ELLIPSIZE_NONE);
  return h;
}

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
                  + TICK_MAJOR + 4.0;
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
          set_text (R, ROOF_FONT_TITLE, f->title);
          pango_layout_set_width (R->pl, (int) ((R->width - 2 * R->pad) * PANGO_SCALE));
          pango_layout_set_ellipsize (R->pl, PANGO_ELLIPSIZE_END);
          PangoRectangle log;
          pango_layout_get_extents (R->pl, NULL, &log);
          tw = (double) log.width / PANGO_SCALE;
          RoofOBox box = { R->pad + 0.5 * tw, R->pad + 0.5 * th, tw, th, 0 };
          draw_layout_in_box (R, R->pl, &box, R->th->foreground, FALSE);
          roof_render_record (R, &box, ROOF_TEXT_TITLE, f->title);
          pango_layout_set_width (R->pl, -1);
        }
      else
        roof_render_text (R, ROOF_FONT_TITLE, f->title, R->pad, R->pad, 0, 0,
                          R->th->foreground, ROOF_TEXT_TITLE);
    }
  double cap_top = f->caption_box.height > 0 ? f->caption_box.y - 0.6 * R->pad : R->height - R->pad;
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

/* ---------------------------------------------------------------------- */
/* Legend                                                                 */

#define LEGEND_SYMBOL 26.0
#define LEGEND_GAP 6.0
#define LEGEND_PAD 8.0

RoofLegendItem *
roof_legend_add (RoofRender *R, RoofLegendKind kind, const char *text, int device, RoofColor color)
{
  RoofLegendItem *it = g_new0 (RoofLegendItem, 1);
  it->kind = kind;
  it->text = g_strdup (text);
  it->device = device;
  it->color = color;
  it->dash = -1;
  it->width = R->th->line_width;
  it->marker = kind == ROOF_LEGEND_MARKER ? ROOF_MARKER_CIRCLE : ROOF_MARKER_NONE;
  it->hidden = device >= 0 && !roof_render_visible (R, device);
  g_ptr_array_add (R->legend, it);
  return it;
}

void
roof_legend_add_devices (RoofRender *R, RoofLegendKind kind, const char *suffix)
{
  for (int i = 0; i < R->in->n_devices; i++)
    {
      g_autofree char *t = g_strdup_printf ("%s%s", roof_render_device_name (R, i),
                                            suffix ? suffix : "");
      roof_legend_add (R, kind, t, i, roof_render_device_color (R, i));
    }
}

static double
legend_row_height (RoofRender *R)
{
  double h;
  roof_render_measure (R, ROOF_FONT_LEGEND, "Ag", NULL, &h);
  return MAX (h, 12.0) + 2.0;
}

void
roof_legend_size (RoofRender *R, double *w, double *h)
{
  double mw = 0.0, tw;
  double row = legend_row_height (R);
  for (guint i = 0; i < R->legend->len; i++)
    {
      RoofLegendItem *it = g_ptr_array_index (R->legend, i);
      roof_render_measure (R, it->header ? ROOF_FONT_LABEL_BOLD : ROOF_FONT_LEGEND, it->text,
                           &tw, NULL);
      double sym = (it->kind == ROOF_LEGEND_TEXT || it->header) ? 0.0 : LEGEND_SYMBOL + LEGEND_GAP;
      mw = MAX (mw, sym + tw);
    }
  *w = R->legend->len ? mw + 2 * LEGEND_PAD : 0.0;
  *h = R->legend->len ? row * R->legend->len + 2 * LEGEND_PAD - 2.0 : 0.0;
}

gboolean
roof_legend_place (RoofRender *R)
{
  RoofFrame *f = &R->frame;
  RoofRect *p = &f->plot;
  double w, h, inset = 6.0;

  memset (&R->legend_box, 0, sizeof R->legend_box);
  R->legend_outside = FALSE;
  if (R->legend->len == 0)
    return TRUE;
  roof_legend_size (R, &w, &h);

  if (f->reserve_right <= 0.0)
    {
      const double cx[4] = { 0, 1, 1, 0 }, cy[4] = { 0, 0, 1, 1 };
      for (int k = 0; k < 4; k++)
        {
          int c = R->legend_corners[k] & 3;
          RoofRect r = { p->x + inset + cx[c] * (p->width - w - 2 * inset),
                         p->y + inset + cy[c] * (p->height - h - 2 * inset), w, h };
          if (w + 2 * inset > p->width || h + 2 * inset > p->height)
            break;
          RoofOBox b = roof_obox_from_rect (&r);
          if (roof_label_placer_count_hits (R->placer, &r) == 0 && roof_render_text_free (R, &b))
            {
              R->legend_box = r;
              return TRUE;
            }
        }
      return FALSE;
    }
  double x = R->width - R->pad - f->reserve_right + 8.0;
  R->legend_box = (RoofRect){ x, p->y, w, h };
  R->legend_outside = TRUE;
  return TRUE;
}

static void
draw_legend_symbol (RoofRender *R, const RoofLegendItem *it, double x, double y)
{
  cairo_t *cr = R->cr;
  RoofColor c = it->hidden ? roof_color_alpha (it->color, 0.3) : it->color;

  cairo_save (cr);
  switch (it->kind)
    {
    case ROOF_LEGEND_LINE:
      cairo_set_line_width (cr, it->width);
      if (it->dash >= 0)
        roof_set_precision_dash (cr, (RoofPrecision) it->dash, it->width);
      roof_color_set (cr, c);
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + LEGEND_SYMBOL, y);
      cairo_stroke (cr);
      if (it->marker != ROOF_MARKER_NONE)
        roof_render_marker (R, it->marker, x + 0.5 * LEGEND_SYMBOL, y, R->th->marker_radius, c,
                            c, it->hollow);
      break;
    case ROOF_LEGEND_MARKER:
      roof_render_marker (R, it->marker, x + 0.5 * LEGEND_SYMBOL, y, R->th->marker_radius + 0.5,
                          c, c, it->hollow);
      break;
    case ROOF_LEGEND_SWATCH:
      roof_color_set (cr, c);
      cairo_rectangle (cr, x + 4, y - 5, LEGEND_SYMBOL - 8, 10);
      cairo_fill (cr);
      break;
    case ROOF_LEGEND_TEXT:
    default:
      break;
    }
  cairo_restore (cr);
}

void
roof_legend_draw (RoofRender *R)
{
  cairo_t *cr = R->cr;
  RoofRect *b = &R->legend_box;
  double row = legend_row_height (R);
  int n_dev = 0;

  if (R->legend->len == 0 || b->width <= 0)
    return;
  cairo_save (cr);
  roof_color_set (cr, R->th->legend_background);
  cairo_rectangle (cr, b->x, b->y, b->width, b->height);
  cairo_fill_preserve (cr);
  roof_color_set (cr, R->th->grid_major);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  cairo_restore (cr);

  R->layout->legend = *b;
  for (guint i = 0; i < R->legend->len; i++)
    {
      RoofLegendItem *it = g_ptr_array_index (R->legend, i);
      double y = b->y + LEGEND_PAD + i * row;
      double x = b->x + LEGEND_PAD;
      double cy = y + 0.5 * (row - 2.0);
      gboolean sym = it->kind != ROOF_LEGEND_TEXT && !it->header;
      if (sym)
        draw_legend_symbol (R, it, x, cy);
      double tx = sym ? x + LEGEND_SYMBOL + LEGEND_GAP : x;
      RoofColor tc = it->hidden ? R->th->muted : (it->kind == ROOF_LEGEND_TEXT ? R->th->muted
                                                                               : R->th->foreground);
      RoofOBox box = roof_render_text (R, it->header ? ROOF_FONT_LABEL_BOLD : ROOF_FONT_LEGEND,
                                       it->text, tx, cy, 0.0, 0.5, tc, ROOF_TEXT_LEGEND);
      if (it->hidden)
        {
          /* struck through: toggled off */
          cairo_save (cr);
          roof_color_set (cr, R->th->muted);
          cairo_set_line_width (cr, 1.0);
          cairo_move_to (cr, tx, cy);
          cairo_line_to (cr, tx + box.w, cy);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      if (it->device >= 0 && n_dev < ROOF_PLOT_MAX_DEVICES)
        {
          gboolean dup = FALSE;
          for (int k = 0; k < n_dev; k++)
            dup |= R->layout->legend_entry_device[k] == it->device;
          if (!dup)
            {
              R->layout->legend_entries[n_dev] = (RoofRect){ b->x, y, b->width, row };
              R->layout->legend_entry_device[n_dev] = it->device;
              n_dev++;
            }
        }
    }
  R->layout->legend_n_entries = n_dev;
  if (R->placer)
    {
      RoofOBox ob = roof_obox_from_rect (b);
      roof_label_placer_add_box (R->placer, &ob);
    }
}

/* ---------------------------------------------------------------------- */
/* Caption                                                                */

void
roof_render_note (RoofRender *R, const char *fmt, ...)
{
  va_list ap;
  if (R->notes->len)
    g_string_append (R->notes, " · ");
  va_start (ap, fmt);
  g_string_append_vprintf (R->notes, fmt, ap);
  va_end (ap);
}

double
roof_input_batch_lo (const RoofChartInput *in)
{
  return in->batch_lo >= 1.0 ? floor (in->batch_lo) : 1.0;
}

double
roof_input_batch_hi (const RoofChartInput *in)
{
  double hi = in->batch_hi > 0.0 ? floor (in->batch_hi) : 4096.0;
  return MAX (hi, roof_input_batch_lo (in));
}

double
roof_input_context_lo (const RoofChartInput *in)
{
  return in->context_lo > 0.0 ? in->context_lo : 128.0;
}

double
roof_input_context_hi (const RoofChartInput *in)
{
  double hi = in->context_hi > 0.0 ? in->context_hi : 131072.0;
  return MAX (hi, roof_input_context_lo (in) * 2.0);
}

double
roof_input_prompt_lo (const RoofChartInput *in)
{
  return in->prompt_lo >= 1.0 ? in->prompt_lo : 128.0;
}

double
roof_input_prompt_hi (const RoofChartInput *in)
{
  double hi = in->prompt_hi > 0.0 ? in->prompt_hi : 262144.0;
  return MAX (hi, roof_input_prompt_lo (in));
}

void
roof_render_assumptions (RoofRender *R, gboolean with_batch, gboolean with_context)
{
  const RoofChartInput *in = R->in;
  const RoofWorkload *wl = &in->workload;
  GString *s = R->caption;
  char num[48];
  gboolean generic = in->model && in->model->kind == ROOF_MODEL_GENERIC;

  g_string_truncate (s, 0);
  g_string_append_printf (s, _("Assumptions: %s"), in->model_name ? in->model_name : _("model"));
  g_string_append_printf (s, " · %s", roof_phase_title (wl->phase));
  if (with_batch)
    {
      roof_format_number (wl->batch, 6, num, sizeof num);
      g_string_append_printf (s, _(" · batch %s"), num);
    }
  if (with_context && !generic)
    {
      roof_format_number (wl->context, 7, num, sizeof num);
      g_string_append_printf (s, _(" · context %s tokens"), num);
      roof_format_number (wl->prompt, 7, num, sizeof num);
      g_string_append_printf (s, _(" · prompt %s"), num);
    }
  if (wl->bytes_per_weight > 0.0)
    {
      roof_format_number (wl->bytes_per_weight, 3, num, sizeof num);
      g_string_append_printf (s, _(" · weights %s B/param"), num);
    }
  else
    g_string_append_printf (s, _(" · weights %s"), roof_precision_name (wl->weights));
  if (!generic)
    g_string_append_printf (s, _(", KV %s"), roof_precision_name (wl->kv));
  g_string_append_printf (s, _(", activations %s, compute %s"),
                          roof_precision_name (wl->activations), roof_precision_name (wl->compute));
  roof_format_number (wl->devices, 4, num, sizeof num);
  g_string_append_printf (s, " · %s %s", num,
                          wl->devices > 1.0 ? _("devices per system (tensor parallel)")
                                            : _("device per system"));
  g_string_append_printf (s, _(" · overlap: %s"),
                          wl->overlap == ROOF_OVERLAP_MAX ? _("compute and memory overlap (max)")
                                                          : _("none (compute + memory)"));
  if (wl->overhead > 0.0)
    {
      roof_format_time (wl->overhead, num, sizeof num);
      g_string_append_printf (s, _(" · step overhead %s"), num);
    }
  gboolean derated = FALSE;
  for (int i = 0; i < in->n_devices; i++)
    {
      const RoofHardwareParams *hw = &in->devices[i].hw;
      if ((hw->eff_compute > 0.0 && hw->eff_compute < 1.0)
          || (hw->eff_memory > 0.0 && hw->eff_memory < 1.0))
        derated = TRUE;
    }
  g_string_append (s, derated ? _(" · efficiencies η from the device entries")
                              : _(" · peak figures (η = 1)"));
  g_string_append (s, ".");
}

char *
roof_render_solver_note (const RoofRender *R, int device, const RoofError *err)
{
  const char *name = roof_render_device_name (R, device);
  switch (err->code)
    {
    case ROOF_ERR_PRECISION:
      return g_strdup_printf (_("%s: no %s compute ceiling, not drawn"), name,
                              roof_precision_name (R->in->workload.compute));
    case ROOF_OK:
    case ROOF_ERR_INVALID:
    case ROOF_ERR_UNSUPPORTED:
    case ROOF_ERR_INFEASIBLE:
    default:
      return g_strdup_printf (_("%s: not drawn (%s)"), name, err->message);
    }
}

/* ---------------------------------------------------------------------- */
/* Marks                                                                  */

void
roof_render_marker (RoofRender *R, RoofMarker m, double x, double y, double r, RoofColor fill,
                    RoofColor stroke, gboolean hollow)
{
  cairo_t *cr = R->cr;

  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_new_path (cr);
  switch (m)
    {
    case ROOF_MARKER_CIRCLE:
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      break;
    case ROOF_MARKER_SQUARE:
      cairo_rectangle (cr, x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
      break;
    case ROOF_MARKER_TRIANGLE:
      cairo_move_to (cr, x, y - r * 1.15);
      cairo_line_to (cr, x + r * 1.05, y + r * 0.7);
      cairo_line_to (cr, x - r * 1.05, y + r * 0.7);
      cairo_close_path (cr);
      break;
    case ROOF_MARKER_DIAMOND:
      cairo_move_to (cr, x, y - r * 1.35);
      cairo_line_to (cr, x + r * 1.1, y);
      cairo_line_to (cr, x, y + r * 1.35);
      cairo_line_to (cr, x - r * 1.1, y);
      cairo_close_path (cr);
      break;
    case ROOF_MARKER_CROSS:
      cairo_move_to (cr, x - r, y - r);
      cairo_line_to (cr, x + r, y + r);
      cairo_move_to (cr, x + r, y - r);
      cairo_line_to (cr, x - r, y + r);
      roof_color_set (cr, stroke);
      cairo_set_line_width (cr, MAX (1.6, R->th->line_width * 0.9));
      cairo_stroke (cr);
      cairo_restore (cr);
      return;
    case ROOF_MARKER_NONE:
    default:
      cairo_restore (cr);
      return;
    }
  if (hollow)
    {
      roof_color_set (cr, R->th->plot_background);
      cairo_fill_preserve (cr);
      roof_color_set (cr, stroke);
      cairo_set_line_width (cr, 1.4);
      cairo_stroke (cr);
    }
  else
    {
      roof_color_set (cr, fill);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

void
roof_render_polyline (RoofRender *R, const double *xy, int n)
{
  if (n < 1)
    return;
  cairo_move_to (R->cr, xy[0], xy[1]);
  for (int i = 1; i < n; i++)
    cairo_line_to (R->cr, xy[2 * i], xy[2 * i + 1]);
}

void
roof_render_hit (RoofRender *R, double x, double y, double radius, int device, const char *fmt,
                 ...)
{
  va_list ap;
  RoofHitItem it = { 0 };
  RoofRect *p = &R->frame.plot;

  if (x < p->x - 1 || x > p->x + p->width + 1 || y < p->y - 1 || y > p->y + p->height + 1)
    return;
  it.x = x;
  it.y = y;
  it.radius = radius;
  it.device = device;
  if (!R->in->no_tooltips)
    {
      va_start (ap, fmt);
      it.tooltip = g_strdup_vprintf (fmt, ap);
      va_end (ap);
    }
  g_array_append_val (R->layout->items, it);
}

void
roof_render_hit_bar (RoofRender *R, const RoofRect *bar, int device, const char *fmt, ...)
{
  va_list ap;
  RoofHitItem it = { 0 };

  it.x = bar->x + 0.5 * bar->width;
  it.y = bar->y + 0.5 * bar->height;
  it.radius = 0.5 * MIN (bar->width, bar->height);
  it.bar = *bar;
  it.device = device;
  if (!R->in->no_tooltips)
    {
      va_start (ap, fmt);
      it.tooltip = g_strdup_vprintf (fmt, ap);
      va_end (ap);
    }
  g_array_append_val (R->layout->items, it);
}

/* ---------------------------------------------------------------------- */
/* Labels                                                                 */

static void
pending_clear (gpointer data)
{
  RoofPendingLabel *l = data;
  g_free (l->text);
}

GArray *
roof_pending_labels_new (void)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (RoofPendingLabel));
  g_array_set_clear_func (a, pending_clear);
  return a;
}

int
roof_render_label_point (RoofRender *R, GArray *pending, const char *text, RoofFont font,
                         RoofColor color, double x, double y, double radius, int priority,
                         int owner, gboolean leader)
{
  double w, h;
  RoofRect *p = &R->frame.plot;
  if (x < p->x - 0.5 || x > p->x + p->width + 0.5 || y < p->y - 0.5 || y > p->y + p->height + 0.5)
    return -1;
  roof_render_measure (R, font, text, &w, &h);
  RoofPendingLabel l = { 0 };
  l.request = roof_label_placer_add_point (R->placer, w, h, x, y, radius, priority, owner, leader);
  l.text = g_strdup (text);
  l.font = font;
  l.color = color;
  g_array_append_val (pending, l);
  return l.request;
}

int
roof_render_label_line (RoofRender *R, GArray *pending, const char *text, RoofFont font,
                        RoofColor color, const double *xy, int n, double prefer, int priority,
                        int owner)
{
  double w, h;
  roof_render_measure (R, font, text, &w, &h);
  RoofPendingLabel l = { 0 };
  l.request = roof_label_placer_add_line (R->placer, w, h, xy, n, prefer, priority, owner);
  l.text = g_strdup (text);
  l.font = font;
  l.color = color;
  g_array_append_val (pending, l);
  return l.request;
}

void
roof_render_draw_labels (RoofRender *R, GArray *pending)
{
  cairo_t *cr = R->cr;

  roof_label_placer_solve (R->placer);
  cairo_save (cr);
  for (guint i = 0; i < pending->len; i++)
    {
      RoofPendingLabel *l = &g_array_index (pending, RoofPendingLabel, i);
      const RoofLabelRequest *r = roof_label_placer_get (R->placer, l->request);
      if (r == NULL)
        continue;
      if (!r->placed)
        {
          R->layout->dropped_labels++;
          continue;
        }
      if (r->leader)
        {
          roof_color_set (cr, roof_color_alpha (l->color, 0.8));
          cairo_set_line_width (cr, 0.9);
          cairo_set_dash (cr, NULL, 0, 0);
          cairo_move_to (cr, r->lx0, r->ly0);
          cairo_line_to (cr, r->lx1, r->ly1);
          cairo_stroke (cr);
        }
    }
  /* the placer already holds these boxes: record without adding again */
  RoofLabelPlacer *placer = R->placer;
  R->placer = NULL;
  for (guint i = 0; i < pending->len; i++)
    {
      RoofPendingLabel *l = &g_array_index (pending, RoofPendingLabel, i);
      const RoofLabelRequest *r = roof_label_placer_get (placer, l->request);
      if (r == NULL || !r->placed)
        continue;
      roof_render_text_box (R, l->font, l->text, &r->box, l->color, ROOF_TEXT_LABEL, TRUE);
    }
  R->placer = placer;
  cairo_restore (cr);
}

void
roof_render_message (RoofRender *R, const char *text, RoofColor color)
{
  RoofRect *p = &R->frame.plot;
  double w = MIN (p->width - 24.0, 520.0);
  if (w < 40.0)
    w = MAX (p->width, 40.0);
  double h = roof_render_text_wrapped (R, ROOF_FONT_MESSAGE, text, 0, 0, w, color,
                                       ROOF_TEXT_LABEL, FALSE);
  pango_layout_set_alignment (R->pl, PANGO_ALIGN_CENTER);
  roof_render_text_wrapped (R, ROOF_FONT_MESSAGE, text, p->x + 0.5 * (p->width - w),
                            p->y + 0.5 * (p->height - h), w, color, ROOF_TEXT_LABEL, TRUE);
  pango_layout_set_alignment (R->pl, PANGO_ALIGN_LEFT);
}

gboolean
roof_render_fail (RoofRender *R, GError **error, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);

  /* a bare frame: the title stays so the user knows which chart it is */
  RoofFrame *f = &R->frame;
  const char *title = f->title;
  memset (f, 0, sizeof *f);
  f->title = title;
  f->x0 = 0, f->x1 = 1, f->y0 = 0, f->y1 = 1;
  f->x_unit = f->y_unit = 1.0;
  f->no_x_ticks = f->no_y_ticks = TRUE;
  g_string_truncate (R->caption, 0);
  g_string_truncate (R->notes, 0);
  g_array_set_size (R->layout->texts, 0);
  g_array_set_size (R->layout->items, 0);
  roof_frame_layout (R);
  roof_frame_draw_background (R);
  if (title)
    roof_render_text (R, ROOF_FONT_TITLE, title, R->pad, R->pad, 0, 0, R->th->foreground,
                      ROOF_TEXT_TITLE);
  roof_render_message (R, msg, R->th->error);
  g_free (R->layout->description);
  R->layout->description = g_strdup_printf (_("The chart cannot be drawn: %s"), msg);
  g_set_error_literal (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT, msg);
  return FALSE;
}

const char *
roof_knob_title (RoofKnob k)
{
  switch (k)
    {
    case ROOF_KNOB_PEAK_FLOPS:
      return _("Peak compute");
    case ROOF_KNOB_MEM_BW:
      return _("Memory bandwidth");
    case ROOF_KNOB_INTERCONNECT_BW:
      return _("Interconnect bandwidth");
    case ROOF_KNOB_OVERHEAD:
      return _("Per-step overhead");
    case ROOF_KNOB_MEM_CAPACITY:
      return _("Memory capacity");
    case ROOF_KNOB_BATCH:
      return _("Batch size");
    case ROOF_KNOB_CONTEXT:
      return _("Context length");
    case ROOF_KNOB_BYTES_PER_WEIGHT:
      return _("Bytes per weight");
    case ROOF_KNOB_COUNT:
    default:
      return "?";
    }
}

const char *
roof_bound_title (RoofBound b)
{
  switch (b)
    {
    case ROOF_BOUND_COMPUTE:
      return _("compute-bound");
    case ROOF_BOUND_MEMORY:
      return _("memory-bound");
    case ROOF_BOUND_COMMUNICATION:
      return _("communication-bound");
    default:
      return "?";
    }
}

const char *
roof_phase_title (RoofPhase phase)
{
  return phase == ROOF_PHASE_PREFILL ? _("prefill") : _("decode");
}

gboolean
roof_clip_segment (const RoofRect *r, double *x0, double *y0, double *x1, double *y1)
{
  double dx = *x1 - *x0, dy = *y1 - *y0, t0 = 0.0, t1 = 1.0;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { *x0 - r->x, r->x + r->width - *x0, *y0 - r->y, r->y + r->height - *y0 };
  for (int i = 0; i < 4; i++)
    {
      if (p[i] == 0.0)
        {
          if (q[i] < 0.0)
            return FALSE;
          continue;
        }
      double t = q[i] / p[i];
      if (p[i] < 0.0)
        t0 = MAX (t0, t);
      else
        t1 = MIN (t1, t);
      if (t0 > t1)
        return FALSE;
    }
  double ax = *x0 + t0 * dx, ay = *y0 + t0 * dy, bx = *x0 + t1 * dx, by = *y0 + t1 * dy;
  *x0 = ax, *y0 = ay, *x1 = bx, *y1 = by;
  return TRUE;
}
