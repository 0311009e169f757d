/* roof-chart-legend.c — the legend: entries, size, placement and drawing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"

/* ---------------------------------------------------------------------- */
/* Legend                                                                 */

#define LEGEND_SYMBOL 26.0
#define LEGEND_GAP 6.0
#define LEGEND_PAD 8.0
#define LEGEND_COL_GAP 18.0

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

/* The widest entry: symbol and text. */
static double
legend_entry_width (RoofRender *R)
{
  double mw = 0.0, tw;
  for (guint i = 0; i < R->legend->len; i++)
    {
      RoofLegendItem *it = g_ptr_array_index (R->legend, i);
      roof_render_measure (R, it->header ? ROOF_FONT_LABEL_BOLD : ROOF_FONT_LEGEND, it->text,
                           &tw, NULL);
      double sym = (it->kind == ROOF_LEGEND_TEXT || it->header) ? 0.0 : LEGEND_SYMBOL + LEGEND_GAP;
      mw = MAX (mw, sym + tw);
    }
  return mw;
}

static int
legend_cols (const RoofRender *R)
{
  return MAX (R->legend_cols, 1);
}

void
roof_legend_size (RoofRender *R, double *w, double *h)
{
  double mw = legend_entry_width (R);
  double row = legend_row_height (R);
  int cols = legend_cols (R), rows = ((int) R->legend->len + cols - 1) / cols;
  *w = R->legend->len ? cols * mw + (cols - 1) * LEGEND_COL_GAP + 2 * LEGEND_PAD : 0.0;
  *h = R->legend->len ? row * rows + 2 * LEGEND_PAD - 2.0 : 0.0;
}

int
roof_legend_columns (RoofRender *R, double width)
{
  double mw = legend_entry_width (R);
  int cols = (int) floor ((width - 2 * LEGEND_PAD + LEGEND_COL_GAP) / (mw + LEGEND_COL_GAP));
  return CLAMP (cols, 1, MAX ((int) R->legend->len, 1));
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

  if (f->reserve_right <= 0.0 && f->reserve_bottom <= 0.0)
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
  if (f->reserve_bottom > 0.0)
    {
      /* under the plot, centred, just above the caption */
      double y = f->caption_box.y - (f->caption_box.height > 0 ? 0.6 * R->pad : 0.0)
                 - f->reserve_bottom + 4.0;
      R->legend_box = (RoofRect){ MAX (R->pad, 0.5 * (R->width - w)), y, w, h };
      R->legend_outside = TRUE;
      return TRUE;
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
  int cols = legend_cols (R);
  double col_w = cols > 1 ? legend_entry_width (R) : b->width - 2 * LEGEND_PAD;
  for (guint i = 0; i < R->legend->len; i++)
    {
      RoofLegendItem *it = g_ptr_array_index (R->legend, i);
      double y = b->y + LEGEND_PAD + (int) (i / cols) * row;
      double x = b->x + LEGEND_PAD + (int) (i % cols) * (col_w + LEGEND_COL_GAP);
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
              R->layout->legend_entries[n_dev] = cols > 1 ? (RoofRect){ x, y, col_w, row }
                                                          : (RoofRect){ b->x, y, b->width, row };
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
