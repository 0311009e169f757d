/* roof-png.c — a fast PNG encoder for chart images
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Deflate is most of an export's time (a 1600 × 1000 chart: some 10 ms,
 * drawing it 5), and one stream runs on one core. So the rows are cut into
 * strips of at least STRIP_BYTES (MAX_STRIPS at most), each compressed on
 * its own (zlib's raw deflate at its fastest level) by as many threads as
 * there are processors, and the strips are joined into the one zlib stream a
 * PNG holds, the way pigz does: each strip but the last ends on a byte
 * boundary with an empty stored block (Z_SYNC_FLUSH), and the stream's
 * Adler-32 is combined from the strips' (adler32_combine). Each strip starts with an empty window,
 * which costs a fraction of a percent of the file. The strips depend on the
 * image's size alone, so the same image gives the same file on any machine.
 * libpng has no way to take compressed rows, so the chunks are written
 * here; zlib gives their CRC.
 */
#include <string.h>
#include <zlib.h>

#include "roof-chart.h"
#include "roof-png.h"

/* big enough that a strip's empty window and its final flush cost little,
 * small enough that 2 to 8 threads get even shares of a chart; a large
 * image is cut into MAX_STRIPS, which keeps that cost near 0.1% (a
 * 10000 × 10000 image in 256 KiB strips grew by 2.9%) */
#define STRIP_BYTES (256 * 1024)
#define MAX_STRIPS 64
#define MAX_THREADS 8

typedef struct
{
  GByteArray *data; /* raw deflate */
  guint32 adler;    /* of the strip's filtered rows */
  gsize length;     /* their size */
} Strip;

typedef struct
{
  const guint8 *pixels;
  int width, height, stride;
  gboolean opaque;
  int rows_per_strip, n_strips;
  Strip *strips;
  int next; /* the next strip to take (atomic) */
  int failed; /* a stream could not be set up (atomic) */
} Job;

/* One row of cairo's native-endian ARGB32, as a PNG row: filter type 0
 * (none: a chart's flat areas are runs of one pixel, which deflate matches as
 * they are; SUB took a fifth longer for files 15% larger), then RGB, or RGBA
 * with the alpha divided out (cairo stores premultiplied colour). */
static void
convert_row (const guint32 *src, int width, gboolean opaque, guint8 *d)
{
  *d++ = 0;
  if (opaque)
    {
      for (int x = 0; x < width; x++)
        {
          guint32 p = src[x];
          d[0] = (guint8) (p >> 16);
          d[1] = (guint8) (p >> 8);
          d[2] = (guint8) p;
          d += 3;
        }
      return;
    }
  for (int x = 0; x < width; x++)
    {
      guint32 p = src[x];
      guint a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
      if (a == 0)
        r = g = b = 0;
      else if (a != 0xff)
        {
          r = (r * 255 + a / 2) / a;
          g = (g * 255 + a / 2) / a;
          b = (b * 255 + a / 2) / a;
        }
      d[0] = (guint8) r;
      d[1] = (guint8) g;
      d[2] = (guint8) b;
      d[3] = (guint8) a;
      d += 4;
    }
}

/* Feeds `len` bytes to the stream, appending what comes out to `out`. */
static gboolean
deflate_into (z_stream *z, const guint8 *in, gsize len, int flush, GByteArray *out)
{
  z->next_in = (Bytef *) in;
  z->avail_in = (uInt) len;
  do
    {
      gsize have = out->len;
      gsize room = MAX (len / 2, 16384);
      int ret;

      g_byte_array_set_size (out, (guint) (have + room));
      z->next_out = out->data + have;
      z->avail_out = (uInt) room;
      ret = deflate (z, flush);
      g_byte_array_set_size (out, (guint) (have + room - z->avail_out));
      if (ret == Z_STREAM_ERROR)
        return FALSE;
    }
  while (z->avail_out == 0 || z->avail_in > 0);
  return TRUE;
}

static gpointer
compress_strips (gpointer data)
{
  Job *job = data;
  int bpp = job->opaque ? 3 : 4;
  gsize row_len = 1 + (gsize) job->width * bpp;
  g_autofree guint8 *row = g_malloc (row_len);
  z_stream z = { 0 };
  int s;

  if (deflateInit2 (&z, Z_BEST_SPEED, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    {
      g_atomic_int_set (&job->failed, 1);
      return NULL;
    }
  while ((s = g_atomic_int_add (&job->next, 1)) < job->n_strips)
    {
      Strip *strip = &job->strips[s];
      int y0 = s * job->rows_per_strip, y1 = MIN (y0 + job->rows_per_strip, job->height);
      gboolean last = s == job->n_strips - 1;

      strip->adler = adler32 (0, NULL, 0);
      strip->length = (gsize) (y1 - y0) * row_len;
      strip->data = g_byte_array_sized_new ((guint) (strip->length / 8));
      deflateReset (&z);
      for (int y = y0; y < y1; y++)
        {
          int flush = y + 1 < y1 ? Z_NO_FLUSH : last ? Z_FINISH : Z_SYNC_FLUSH;

          convert_row ((const guint32 *) (job->pixels + (gsize) y * job->stride), job->width,
                       job->opaque, row);
          strip->adler = adler32 (strip->adler, row, (uInt) row_len);
          if (!deflate_into (&z, row, row_len, flush, strip->data))
            g_atomic_int_set (&job->failed, 1);
        }
    }
  deflateEnd (&z);
  return NULL;
}

static void
put_u32 (GByteArray *out, guint32 v)
{
  guint8 b[4] = { v >> 24, v >> 16, v >> 8, v };
  g_byte_array_append (out, b, 4);
}

/* A chunk: length, type, data (`parts`, joined), CRC of type and data. */
static void
put_chunk (GByteArray *out, const char *type, const guint8 *const *parts, const gsize *lengths,
           int n_parts)
{
  gsize length = 0;
  guint32 crc;

  for (int i = 0; i < n_parts; i++)
    length += lengths[i];
  put_u32 (out, (guint32) length);
  g_byte_array_append (out, (const guint8 *) type, 4);
  crc = crc32 (0, (const Bytef *) type, 4);
  for (int i = 0; i < n_parts; i++)
    {
      g_byte_array_append (out, parts[i], (guint) lengths[i]);
      crc = crc32 (crc, parts[i], (uInt) lengths[i]);
    }
  put_u32 (out, crc);
}

gboolean
roof_png_encode (cairo_surface_t *image, double dpi, GByteArray *out, GError **error)
{
  g_return_val_if_fail (cairo_surface_get_type (image) == CAIRO_SURFACE_TYPE_IMAGE, FALSE);

  cairo_format_t fmt = cairo_image_surface_get_format (image);
  int w = cairo_image_surface_get_width (image), h = cairo_image_surface_get_height (image);
  int stride = cairo_image_surface_get_stride (image);
  if (fmt != CAIRO_FORMAT_ARGB32 && fmt != CAIRO_FORMAT_RGB24)
    {
      g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_CAIRO, "PNG: unsupported pixel format");
      return FALSE;
    }
  if (w < 1 || h < 1)
    {
      g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_CAIRO, "PNG: an empty image");
      return FALSE;
    }
  cairo_surface_flush (image);
  const guint8 *data = cairo_image_surface_get_data (image);

  /* opaque images lose nothing as RGB */
  gboolean opaque = fmt == CAIRO_FORMAT_RGB24;
  if (!opaque)
    {
      guint32 all = 0xff000000;
      for (int y = 0; y < h && all == 0xff000000; y++)
        {
          const guint32 *row = (const guint32 *) (data + (gsize) y * stride);
          for (int x = 0; x < w; x++)
            all &= row[x];
        }
      opaque = all == 0xff000000;
    }

  gsize row_len = 1 + (gsize) w * (opaque ? 3 : 4);
  Job job = {
    .pixels = data,
    .width = w,
    .height = h,
    .stride = stride,
    .opaque = opaque,
    .rows_per_strip = (int) MAX (1, MAX (STRIP_BYTES, row_len * h / MAX_STRIPS) / row_len),
  };
  job.n_strips = (h + job.rows_per_strip - 1) / job.rows_per_strip;
  job.strips = g_new0 (Strip, job.n_strips);

  int n_threads = MIN (MIN ((int) g_get_num_processors (), MAX_THREADS), job.n_strips);
  GThread *threads[MAX_THREADS];
  for (int i = 1; i < n_threads; i++)
    threads[i] = g_thread_new ("roof-png", compress_strips, &job);
  compress_strips (&job);
  for (int i = 1; i < n_threads; i++)
    g_thread_join (threads[i]);

  gboolean ok = !g_atomic_int_get (&job.failed);
  if (ok)
    {
      static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
      /* deflate, a 32 KiB window, "fastest" level; the check bits make it a multiple of 31 */
      static const guint8 zlib_header[2] = { 0x78, 0x01 };
      guint8 ihdr[13], phys[9], trailer[4];
      guint32 adler = adler32 (0, NULL, 0);

      for (int i = 0; i < job.n_strips; i++)
        adler = adler32_combine (adler, job.strips[i].adler, (z_off_t) job.strips[i].length);
      g_byte_array_append (out, signature, sizeof signature);

      for (int i = 0; i < 4; i++)
        {
          ihdr[i] = (guint8) ((guint32) w >> (24 - 8 * i));
          ihdr[4 + i] = (guint8) ((guint32) h >> (24 - 8 * i));
        }
      ihdr[8] = 8;                  /* bits per sample */
      ihdr[9] = opaque ? 2 : 6;     /* RGB or RGBA */
      ihdr[10] = ihdr[11] = ihdr[12] = 0; /* deflate, adaptive filtering, not interlaced */
      put_chunk (out, "IHDR", (const guint8 *[]){ ihdr }, (gsize[]){ sizeof ihdr }, 1);

      if (dpi > 0.0)
        {
          guint32 ppm = (guint32) (dpi / 0.0254 + 0.5);
          for (int i = 0; i < 4; i++)
            phys[i] = phys[4 + i] = (guint8) (ppm >> (24 - 8 * i));
          phys[8] = 1; /* per metre */
          put_chunk (out, "pHYs", (const guint8 *[]){ phys }, (gsize[]){ sizeof phys }, 1);
        }

      /* one IDAT per strip: the header rides with the first, the checksum
       * with the last */
      for (int i = 0; i < 4; i++)
        trailer[i] = (guint8) (adler >> (24 - 8 * i));
      for (int i = 0; i < job.n_strips; i++)
        {
          const guint8 *parts[3];
          gsize lengths[3];
          int n = 0;

          if (i == 0)
            {
              parts[n] = zlib_header;
              lengths[n++] = sizeof zlib_header;
            }
          parts[n] = job.strips[i].data->data;
          lengths[n++] = job.strips[i].data->len;
          if (i == job.n_strips - 1)
            {
              parts[n] = trailer;
              lengths[n++] = sizeof trailer;
            }
          put_chunk (out, "IDAT", parts, lengths, n);
        }
      put_chunk (out, "IEND", NULL, NULL, 0);
    }
  else
    g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_CAIRO, "PNG: out of memory");

  for (int i = 0; i < job.n_strips; i++)
    if (job.strips[i].data != NULL)
      g_byte_array_unref (job.strips[i].data);
  g_free (job.strips);
  return ok;
}
