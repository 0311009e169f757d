/* roof-theme.c — colours, strokes, fonts and line styles of the charts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "roof-theme.h"

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0 }
#define RGBA(hex, alpha) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, alpha }

/* Strokes, marker and fonts of the two screen themes (print has its own). */
#define SCREEN_METRICS                                                                   \
  .line_width = 2.0, .thin_width = 1.0, .axis_width = 1.0, .grid_width = 1.0,            \
  .marker_radius = 3.5, .font_px = { 17, 13, 12, 12, 12, 12, 11.5, 15 },                 \
  .font_family = "Cantarell, DejaVu Sans, Sans"

/* Okabe–Ito, reordered so the first colours are the most distinct; the
 * yellow is darkened on light backgrounds and black becomes a neutral grey
 * so that it cannot be mistaken for an axis. The dark variants keep the hues
 * and raise the lightness so every colour reaches 4.5:1 on the background. */
static const RoofTheme themes[] = {
  [ROOF_THEME_LIGHT] = {
    .kind = ROOF_THEME_LIGHT,
    .background = RGB (0xffffff),
    .plot_background = RGB (0xffffff),
    .foreground = RGB (0x241f31),
    .muted = RGB (0x5e5c64),
    .grid_major = RGBA (0x241f31, 0.13),
    .grid_minor = RGBA (0x241f31, 0.05),
    .region = RGBA (0x1c71d8, 0.07),
    .region_soft = RGBA (0x1c71d8, 0.035),
    .halo = RGBA (0xffffff, 0.85),
    .legend_background = RGBA (0xffffff, 0.92),
    .error = RGB (0xc01c28),
    .palette = { RGB (0x0072b2), RGB (0xd55e00), RGB (0x009e73), RGB (0xcc79a7),
                 RGB (0xe69f00), RGB (0x56b4e9), RGB (0x9a8700), RGB (0x3d3846) },
    SCREEN_METRICS,
  },
  [ROOF_THEME_DARK] = {
    .kind = ROOF_THEME_DARK,
    .background = RGB (0x1e1e1e),
    .plot_background = RGB (0x242424),
    .foreground = RGB (0xf6f5f4),
    .muted = RGB (0xb0afb3),
    .grid_major = RGBA (0xffffff, 0.14),
    .grid_minor = RGBA (0xffffff, 0.05),
    .region = RGBA (0x62a0ea, 0.10),
    .region_soft = RGBA (0x62a0ea, 0.05),
    .halo = RGBA (0x242424, 0.85),
    .legend_background = RGBA (0x2e2e2e, 0.94),
    .error = RGB (0xff7b63),
    .palette = { RGB (0x4ba3e3), RGB (0xff7043), RGB (0x2cc79a), RGB (0xe89ac7),
                 RGB (0xf2a01f), RGB (0x9ad7f7), RGB (0xf0e442), RGB (0xc0bfbc) },
    SCREEN_METRICS,
  },
  [ROOF_THEME_PRINT] = {
    .kind = ROOF_THEME_PRINT,
    .background = RGB (0xffffff),
    .plot_background = RGB (0xffffff),
    .foreground = RGB (0x000000),
    .muted = RGB (0x3d3846),
    .grid_major = RGBA (0x000000, 0.18),
    .grid_minor = RGBA (0x000000, 0.07),
    .region = RGBA (0x000000, 0.06),
    .region_soft = RGBA (0x000000, 0.03),
    .halo = RGBA (0xffffff, 0.9),
    .legend_background = RGBA (0xffffff, 1.0),
    .error = RGB (0xa51d2d),
    .palette = { RGB (0x0072b2), RGB (0xd55e00), RGB (0x009e73), RGB (0xcc79a7),
                 RGB (0xe69f00), RGB (0x56b4e9), RGB (0x8a7a00), RGB (0x000000) },
    .line_width = 2.8,
    .thin_width = 1.4,
    .axis_width = 1.6,
    .grid_width = 1.0,
    .marker_radius = 4.2,
    .font_px = { 18, 14, 13, 13, 13, 13, 12.5, 16 },
    .font_family = "DejaVu Sans, Sans",
  },
};

const RoofTheme *
roof_theme_get (RoofThemeKind kind)
{
  if ((int) kind < 0 || kind > ROOF_THEME_PRINT)
    kind = ROOF_THEME_LIGHT;
  return &themes[kind];
}

RoofColor
roof_theme_device_color (const RoofTheme *theme, int index)
{
  int i = index % ROOF_PLOT_PALETTE_SIZE;
  if (i < 0)
    i += ROOF_PLOT_PALETTE_SIZE;
  return theme->palette[i];
}

RoofColor
roof_color_from_rgb (guint32 rgb)
{
  RoofColor c = { (rgb >> 16 & 0xff) / 255.0, (rgb >> 8 & 0xff) / 255.0, (rgb & 0xff) / 255.0,
                  1.0 };
  return c;
}

RoofColor
roof_theme_plot_device_color (const RoofTheme *theme, const RoofPlotDevice *device)
{
  return device->has_rgb ? roof_color_from_rgb (device->rgb)
                         : roof_theme_device_color (theme, device->color);
}

RoofColor
roof_color_mix (RoofColor c, RoofColor towards, double t)
{
  RoofColor o = { c.r + (towards.r - c.r) * t, c.g + (towards.g - c.g) * t,
                  c.b + (towards.b - c.b) * t, c.a };
  return o;
}

RoofColor
roof_color_alpha (RoofColor c, double a)
{
  c.a *= a;
  return c;
}

void
roof_color_set (cairo_t *cr, RoofColor c)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, c.a);
}

int
roof_precision_dash (RoofPrecision p, double width, double *dashes)
{
  double w = width > 0.0 ? width : 1.0;
  int n = 0;

  switch (p)
    {
    case ROOF_PREC_BF16:
    case ROOF_PREC_FP16:
      break; /* solid */
    case ROOF_PREC_FP8:
      dashes[n++] = 5.0 * w, dashes[n++] = 3.0 * w;
      break;
    case ROOF_PREC_INT8:
      dashes[n++] = 1.0 * w, dashes[n++] = 2.2 * w;
      break;
    case ROOF_PREC_FP32:
      dashes[n++] = 6.0 * w, dashes[n++] = 2.5 * w, dashes[n++] = 1.0 * w, dashes[n++] = 2.5 * w;
      break;
    case ROOF_PREC_TF32:
      dashes[n++] = 10.0 * w, dashes[n++] = 3.0 * w;
      break;
    case ROOF_PREC_FP64:
      dashes[n++] = 6.0 * w, dashes[n++] = 2.0 * w, dashes[n++] = 1.0 * w;
      dashes[n++] = 2.0 * w, dashes[n++] = 1.0 * w, dashes[n++] = 2.0 * w;
      break;
    case ROOF_PREC_INT4:
      dashes[n++] = 2.5 * w, dashes[n++] = 2.5 * w;
      break;
    case ROOF_PREC_FP4:
      dashes[n++] = 3.0 * w, dashes[n++] = 1.5 * w, dashes[n++] = 3.0 * w, dashes[n++] = 4.5 * w;
      break;
    case ROOF_PREC_COUNT:
    default:
      break;
    }
  return n;
}

void
roof_set_precision_dash (cairo_t *cr, RoofPrecision p, double width)
{
  double d[6];
  int n = roof_precision_dash (p, width, d);
  cairo_set_dash (cr, d, n, 0.0);
}
