/* roof-png.h — a fast PNG encoder for chart images
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cairo's own writer compresses at zlib's default level, which takes five
 * times as long as drawing the chart. A chart is mostly runs of equal
 * pixels: roof-png.c deflates them as such, in strips, on every core.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Appends the PNG of an ARGB32 or RGB24 image surface to `out`. An opaque
 * image is written as RGB, otherwise as straight (not premultiplied) RGBA;
 * `dpi` > 0 is recorded in a pHYs chunk. The bytes depend on the image and
 * `dpi` alone, not on the number of processors. */
gboolean roof_png_encode (cairo_surface_t *image, double dpi, GByteArray *out, GError **error);

G_END_DECLS
