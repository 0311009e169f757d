/* roof-deflate.h — deflate (RFC 1951) of a chart image's rows, for roof-png.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * zlib's fastest level looks for matches at every byte; a chart's matches
 * are pixels equal to the one on their left (a flat area: distance bpp) or
 * above (the rows of a flat area: distance one row), which comparing whole
 * pixels finds at once. A strip of rows becomes one block, with the
 * Huffman codes made for it or the fixed ones, whichever is shorter.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _RoofDeflate RoofDeflate;

/* For rows of `width` pixels of `bpp` bytes (3 or 4) each, filter byte
 * first, strips of at most `max_bytes` bytes. One per thread. */
RoofDeflate *roof_deflate_new (int width, int bpp, gsize max_bytes);
void roof_deflate_free (RoofDeflate *d);

/* The most roof_deflate_end () writes for a strip of `bytes` */
gsize roof_deflate_bound (gsize bytes);

/* Starts a strip: its first row matches nothing above. */
void roof_deflate_begin (RoofDeflate *d);
/* Adds a row: `row`, the PNG row (filter byte 0, then the pixels' bytes),
 * made from the 32-bit pixels `src`; `up` the pixels of the row above in
 * this strip, or NULL. Equal pixels must make equal bytes. */
void roof_deflate_row (RoofDeflate *d, const guint32 *src, const guint32 *up, const guint8 *row);
/* Writes the strip's block to `out` (roof_deflate_bound () bytes at
 * least), the stream's last when `last`; otherwise followed by an empty
 * stored block, which ends it on a byte boundary, as zlib's Z_SYNC_FLUSH
 * does, for the next strip's block to follow. Returns the bytes written. */
gsize roof_deflate_end (RoofDeflate *d, gboolean last, guint8 *out);

G_END_DECLS
