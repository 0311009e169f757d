/* roof-theme.h — colours, strokes, fonts and line styles of the charts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "roof-chart.h"

G_BEGIN_DECLS

typedef struct
{
  double r, g, b, a;
} RoofColor;

typedef enum
{
  ROOF_FONT_TITLE = 0,
  ROOF_FONT_AXIS_TITLE,
  ROOF_FONT_TICK,
  ROOF_FONT_LABEL,
  ROOF_FONT_LABEL_BOLD,
  ROOF_FONT_LEGEND,
  ROOF_FONT_CAPTION,
  ROOF_FONT_MESSAGE,
  ROOF_FONT_COUNT
} RoofFont;

typedef struct
{
  RoofThemeKind kind;
  RoofColor background;
  RoofColor plot_background;
  RoofColor foreground; /* text, axes */
  RoofColor muted;      /* secondary text, leaders */
  RoofColor grid_major;
  RoofColor grid_minor;
  RoofColor region;      /* memory-bound tint */
  RoofColor region_soft; /* partially memory-bound tint */
  RoofColor halo;        /* behind labels */
  RoofColor legend_background;
  RoofColor error;
  RoofColor palette[ROOF_PLOT_PALETTE_SIZE];

  double line_width;      /* data lines */
  double thin_width;      /* asymptotes, derated roofs, leaders */
  double axis_width;
  double grid_width;
  double marker_radius;
  double font_px[ROOF_FONT_COUNT];
  const char *font_family;
} RoofTheme;

const RoofTheme *roof_theme_get (RoofThemeKind kind);

/* Palette entry `index` (wrapped into range). */
RoofColor roof_theme_device_color (const RoofTheme *theme, int index);
/* A device's series colour: the one the user chose, else its palette's. */
RoofColor roof_theme_plot_device_color (const RoofTheme *theme, const RoofPlotDevice *device);
/* 0xRRGGBB as an opaque colour. */
RoofColor roof_color_from_rgb (guint32 rgb);
/* `c` mixed towards the plot background by `t` in [0, 1]. */
RoofColor roof_color_mix (RoofColor c, RoofColor towards, double t);
RoofColor roof_color_alpha (RoofColor c, double a);
void roof_color_set (cairo_t *cr, RoofColor c);

/* One dash pattern per precision (bf16/fp16 solid, fp8 dash, int8 dot,
 * fp32 dash-dot …), scaled by the stroke width. Returns the number of
 * entries written to dashes (0 = solid, at most 6). */
int roof_precision_dash (RoofPrecision p, double width, double *dashes);
void roof_set_precision_dash (cairo_t *cr, RoofPrecision p, double width);

G_END_DECLS
