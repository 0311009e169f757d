/* roof-png.c — a fast PNG encoder for chart images
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Deflate is most of an export's time, and one stream runs on one core. So
 * the rows are cut into strips of at least STRIP_BYTES (MAX_STRIPS at most),
 * each compressed on its own by as many threads as there are processors,
 * and the strips are joined into the one zlib stream a PNG holds, the way
 * pigz does: each strip but the last ends on a byte boundary with an empty
 * stored block (as zlib's Z_SYNC_FLUSH), and the stream's Adler-32 is
 * combined from the strips' (adler32_combine). Each strip starts with an
 * empty window. The strips depend on the image's size alone, so the same
 * image gives the same file on any machine.
 *
 * The deflate is our own (roof-deflate.c): runs of equal pixels as
 * matches, a Huffman code made for each strip. On the reference roofline
 * (1600 × 1000) the encoder runs some 53 million instructions where zlib's
 * fastest level ran 149 million, for a file 2.5–3% larger (399 against
 * 390 kB); the pixels are the same, which tests/plot checks by decoding
 * what it writes. libpng has no way to take compressed rows, so the
 * chunks are written here; zlib gives their CRC and combines the Adler-32s.
 */
#include <string.h>
#include <zlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <tmmintrin.h>
#endif

#include "roof-chart.h"
#include "roof-deflate.h"
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
  gboolean opaque;      /* written as RGB */
  gboolean check_alpha; /* RGB on trust: any alpha below 255 ends it */
  int rows_per_strip, n_strips;
  Strip *strips;
  int next;        /* the next strip to take (atomic) */
  int translucent; /* check_alpha found a pixel that is not opaque (atomic) */
} Job;

/* One row of cairo's native-endian ARGB32, as a PNG row: filter type 0
 * (none: a chart's flat areas are runs of one pixel, which deflate matches as
 * they are; SUB took a fifth longer for files 15% larger), then RGB, or RGBA
 * with the alpha divided out (cairo stores premultiplied colour). Returns
 * the row's pixels ANDed (as RGB: its alpha is 0xff when all are opaque). */
#if defined(__x86_64__) && defined(__GNUC__)
/* The opaque case four pixels a step: one byte shuffle keeps each pixel's
 * R, G and B in that order and drops its A, and 16 bytes are stored of
 * which the next step overwrites the last 4 (the row has 16 to spare).
 * SSSE3, checked at run time. */
__attribute__ ((target ("ssse3"))) static int
convert_opaque_ssse3 (const guint32 *src, int width, guint8 *d, guint32 *all)
{
  const __m128i rgb = _mm_setr_epi8 (2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
  __m128i acc = _mm_set1_epi32 (-1);
  int x = 0;

  for (; x + 4 <= width; x += 4, d += 12)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (src + x));
      acc = _mm_and_si128 (acc, v);
      _mm_storeu_si128 ((__m128i *) d, _mm_shuffle_epi8 (v, rgb));
    }
  acc = _mm_and_si128 (acc, _mm_shuffle_epi32 (acc, _MM_SHUFFLE (1, 0, 3, 2)));
  acc = _mm_and_si128 (acc, _mm_shuffle_epi32 (acc, _MM_SHUFFLE (2, 3, 0, 1)));
  *all = (guint32) _mm_cvtsi128_si32 (acc);
  return x;
}
#endif

static guint32
convert_row (const guint32 *src, int width, gboolean opaque, guint8 *d)
{
  guint32 all = 0xffffffffu;

  *d++ = 0;
  if (opaque)
    {
      int x = 0;
#if defined(__x86_64__) && defined(__GNUC__)
      if (__builtin_cpu_supports ("ssse3"))
        {
          x = convert_opaque_ssse3 (src, width, d, &all);
          d += 3 * x;
        }
#endif
      for (; x < width; x++)
        {
          guint32 p = src[x];
          all &= p;
          d[0] = (guint8) (p >> 16);
          d[1] = (guint8) (p >> 8);
          d[2] = (guint8) p;
          d += 3;
        }
      return all;
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
  return 0;
}

/* Adler-32 of `len` bytes after `adler`, as zlib's adler32 () computes it.
 * zlib 1.2's takes a byte at a time, a third of the encoder's time; this
 * takes 16 (SSE2, every x86-64): per block of at most 5552 bytes (zlib's
 * NMAX: no sum overflows before the modulo), s1 grows by the bytes' sum
 * and s2 by 16 · s1 per 16 bytes, plus each 16 bytes' sum weighted 16…1. */
static guint32
png_adler32 (guint32 adler, const guint8 *p, gsize len)
{
#ifdef __SSE2__
  guint32 a = adler & 0xffff, b = adler >> 16;
  const __m128i zero = _mm_setzero_si128 ();
  const __m128i w_lo = _mm_setr_epi16 (16, 15, 14, 13, 12, 11, 10, 9);
  const __m128i w_hi = _mm_setr_epi16 (8, 7, 6, 5, 4, 3, 2, 1);

  while (len >= 16)
    {
      gsize n = MIN (len, 5552) / 16;
      __m128i s1 = zero, before = zero, weighted = zero;
      guint32 t1[4], t2[4], t3[4];

      len -= n * 16;
      for (gsize k = 0; k < n; k++, p += 16)
        {
          __m128i v = _mm_loadu_si128 ((const __m128i *) p);
          before = _mm_add_epi32 (before, s1);
          s1 = _mm_add_epi32 (s1, _mm_sad_epu8 (v, zero));
          weighted = _mm_add_epi32 (
              weighted, _mm_add_epi32 (_mm_madd_epi16 (_mm_unpacklo_epi8 (v, zero), w_lo),
                                       _mm_madd_epi16 (_mm_unpackhi_epi8 (v, zero), w_hi)));
        }
      _mm_storeu_si128 ((__m128i *) t1, s1);
      _mm_storeu_si128 ((__m128i *) t2, before);
      _mm_storeu_si128 ((__m128i *) t3, weighted);
      guint64 sum = (guint64) t1[0] + t1[2];
      guint64 sums_before = (guint64) t2[0] + t2[1] + t2[2] + t2[3];
      guint64 w = (guint64) t3[0] + t3[1] + t3[2] + t3[3];
      b = (guint32) ((b + 16 * (guint64) n * a + 16 * sums_before + w) % 65521);
      a = (guint32) ((a + sum) % 65521);
    }
  for (; len > 0; len--)
    {
      a += *p++;
      b += a;
    }
  return (b % 65521) << 16 | a % 65521;
#else
  return adler32 (adler, p, (uInt) len);
#endif
}

static gpointer
compress_strips (gpointer data)
{
  Job *job = data;
  int bpp = job->opaque ? 3 : 4;
  gsize row_len = 1 + (gsize) job->width * bpp;
  /* 16 bytes to spare for convert_opaque_ssse3 () */
  g_autofree guint8 *row = g_malloc (row_len + 16);
  RoofDeflate *deflate = roof_deflate_new (job->width, bpp, row_len * job->rows_per_strip);
  int s;

  while ((s = g_atomic_int_add (&job->next, 1)) < job->n_strips)
    {
      Strip *strip = &job->strips[s];
      int y0 = s * job->rows_per_strip, y1 = MIN (y0 + job->rows_per_strip, job->height);

      strip->adler = adler32 (0, NULL, 0);
      strip->length = (gsize) (y1 - y0) * row_len;
      roof_deflate_begin (deflate);
      for (int y = y0; y < y1; y++)
        {
          const guint8 *line = job->pixels + (gsize) y * job->stride;
          const guint32 *up = y > y0 ? (const guint32 *) (line - job->stride) : NULL;
          guint32 all = convert_row ((const guint32 *) line, job->width, job->opaque, row);

          if (job->check_alpha && (all >> 24 != 0xff || g_atomic_int_get (&job->translucent)))
            {
              /* this image needs its alpha: all of it again, as RGBA */
              g_atomic_int_set (&job->translucent, 1);
              roof_deflate_free (deflate);
              return NULL;
            }
          strip->adler = png_adler32 (strip->adler, row, row_len);
          roof_deflate_row (deflate, (const guint32 *) line, up, row);
        }
      strip->data = g_byte_array_sized_new ((guint) roof_deflate_bound (strip->length));
      g_byte_array_set_size (
          strip->data,
          (guint) roof_deflate_end (deflate, s == job->n_strips - 1, strip->data->data));
    }
  roof_deflate_free (deflate);
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

/* The strips of `job`, compressed on every core */
static void
compress_image (Job *job)
{
  gsize row_len = 1 + (gsize) job->width * (job->opaque ? 3 : 4);
  job->rows_per_strip
      = (int) MAX (1, MAX (STRIP_BYTES, row_len * job->height / MAX_STRIPS) / row_len);
  job->n_strips = (job->height + job->rows_per_strip - 1) / job->rows_per_strip;
  job->strips = g_new0 (Strip, job->n_strips);
  job->next = 0;

  int n_threads = MIN (MIN ((int) g_get_num_processors (), MAX_THREADS), job->n_strips);
  GThread *threads[MAX_THREADS];
  for (int i = 1; i < n_threads; i++)
    threads[i] = g_thread_new ("roof-png", compress_strips, job);
  compress_strips (job);
  for (int i = 1; i < n_threads; i++)
    g_thread_join (threads[i]);
}

static void
free_strips (Job *job)
{
  for (int i = 0; i < job->n_strips; i++)
    if (job->strips[i].data != NULL)
      g_byte_array_unref (job->strips[i].data);
  g_clear_pointer (&job->strips, g_free);
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

  /* opaque images lose nothing as RGB: ARGB32 is written so on trust, and
   * again as RGBA if a pixel turns out not to be opaque (a chart is opaque
   * unless exported with a transparent background, and then its first row
   * says so) */
  Job job = {
    .pixels = data,
    .width = w,
    .height = h,
    .stride = stride,
    .opaque = TRUE,
    .check_alpha = fmt == CAIRO_FORMAT_ARGB32,
  };
  compress_image (&job);
  if (g_atomic_int_get (&job.translucent))
    {
      free_strips (&job);
      job.opaque = job.check_alpha = FALSE;
      compress_image (&job);
    }
  gboolean opaque = job.opaque;

  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  /* deflate, a 32 KiB window, "fastest" level; the check bits make it a
   * multiple of 31 */
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

  free_strips (&job);
  return TRUE;
}
