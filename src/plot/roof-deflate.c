/* roof-deflate.c — deflate (RFC 1951) of a chart image's rows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A strip's rows become tokens first (a literal byte, or a match of 3…258
 * bytes from the pixel on the left or the row above), counted as they
 * come; the block then uses the Huffman codes built from those counts
 * (RFC 1951, 3.2.7) or the fixed codes (3.2.6), whichever makes it shorter,
 * so that it is never longer than roof_deflate_bound ().
 */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "roof-deflate.h"

#define MAX_BITS 15      /* of a literal/length or distance code */
#define MAX_CL_BITS 7    /* of a code-length code */
#define N_LITLEN 286     /* 0…255 bytes, 256 the end of a block, 257…285 lengths */
#define N_DIST 30
#define N_CL 19
#define END_OF_BLOCK 256
#define MATCH 0x8000u      /* a token that is a match: its length in the low 9 bits */
#define FROM_ABOVE 0x0200u /* … at one row's distance, else one pixel's */

static const guint16 length_base[29] = { 3,  4,  5,  6,  7,  8,  9,  10,  11,  13,
                                         15, 17, 19, 23, 27, 31, 35, 43,  51,  59,
                                         67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const guint8 length_extra[29]
    = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const guint16 dist_base[N_DIST]
    = { 1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
        193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
static const guint8 dist_extra[N_DIST] = { 0, 0, 0, 0, 1, 1, 2,  2,  3,  3,  4,  4,  5,  5,  6,
                                           6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };
/* the order in which a block's header gives the code-length code's lengths */
static const guint8 cl_order[N_CL]
    = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };

/* length − 3 → its symbol − 257 */
static guint8 length_symbol[256];

struct _RoofDeflate
{
  int width, bpp;
  int left_dist, up_dist; /* up_dist 0: a row is past the 32 KiB window */
  int left_symbol, up_symbol;
  guint16 *tokens;
  gsize n_tokens;
  guint32 lit_freq[N_LITLEN];
  guint32 dist_freq[N_DIST];
};

/* ---------------------------------------------------------------------- */
/* Bits                                                                    */

typedef struct
{
  guint8 *out;
  gsize len;
  guint64 bits; /* not yet written, the first in the lowest bits */
  int n;
} Bits;

/* `len` ≤ 32 bits of `code`, the first in its lowest bit */
static inline void
put_bits (Bits *w, guint32 code, int len)
{
  w->bits |= (guint64) code << w->n;
  w->n += len;
  if (w->n >= 32)
    {
      guint8 *d = w->out + w->len;
      d[0] = (guint8) w->bits;
      d[1] = (guint8) (w->bits >> 8);
      d[2] = (guint8) (w->bits >> 16);
      d[3] = (guint8) (w->bits >> 24);
      w->len += 4;
      w->bits >>= 32;
      w->n -= 32;
    }
}

/* what is left, up to the next whole byte */
static void
flush_bits (Bits *w)
{
  while (w->n > 0)
    {
      w->out[w->len++] = (guint8) w->bits;
      w->bits >>= 8;
      w->n = MAX (w->n - 8, 0);
    }
  w->bits = 0;
}

/* ---------------------------------------------------------------------- */
/* Codes                                                                   */

static int
distance_symbol (int d)
{
  int k = N_DIST - 1;

  while (dist_base[k] > d)
    k--;
  return k;
}

static gpointer
init_tables (gpointer unused)
{
  for (int len = 3; len <= 258; len++)
    {
      /* 258 has a symbol of its own (227 and 31 extra would say it too) */
      int k = len == 258 ? 28 : 27;
      while (length_base[k] > len)
        k--;
      length_symbol[len - 3] = (guint8) k;
    }
  return NULL;
}

static int
leaf_compare (gconstpointer a, gconstpointer b, gpointer freq)
{
  int x = *(const int *) a, y = *(const int *) b;
  guint32 fx = ((const guint32 *) freq)[x], fy = ((const guint32 *) freq)[y];

  return fx != fy ? (fx < fy ? -1 : 1) : x - y;
}

/* Huffman code lengths of at most `limit` bits for the `n` counts: a
 * Huffman tree (two queues over the sorted leaves); when it is too deep,
 * again with every count halved (never to zero). Fewer than two symbols
 * used get two codes of one bit, a complete code as every decoder takes. */
static void
build_lengths (const guint32 *counts, int n, int limit, guint8 *len)
{
  guint32 freq[N_LITLEN];
  guint64 weight[2 * N_LITLEN];
  int leaf[N_LITLEN], parent[2 * N_LITLEN];
  guint8 depth[2 * N_LITLEN];
  int m = 0;

  memset (len, 0, (gsize) n);
  for (int i = 0; i < n; i++)
    if ((freq[i] = counts[i]) > 0)
      leaf[m++] = i;
  if (m < 2)
    {
      /* symbol 0 and the one used, or 0 and 1 */
      len[0] = 1;
      len[m == 1 && leaf[0] > 0 ? leaf[0] : 1] = 1;
      return;
    }
  for (;;)
    {
      int next_leaf = 0, next_node = m, made = m, deepest = 0;

      g_qsort_with_data (leaf, m, sizeof leaf[0], leaf_compare, freq);
      for (int i = 0; i < m; i++)
        weight[i] = freq[leaf[i]];
      for (int k = 0; k < m - 1; k++, made++)
        {
          int pair[2];
          for (int j = 0; j < 2; j++)
            pair[j] = next_leaf < m && (next_node >= made || weight[next_leaf] <= weight[next_node])
                          ? next_leaf++
                          : next_node++;
          weight[made] = weight[pair[0]] + weight[pair[1]];
          parent[pair[0]] = parent[pair[1]] = made;
        }
      depth[made - 1] = 0;
      for (int i = made - 2; i >= 0; i--)
        {
          depth[i] = (guint8) (depth[parent[i]] + 1);
          deepest = i < m ? MAX (deepest, depth[i]) : deepest;
        }
      if (deepest <= limit)
        {
          for (int i = 0; i < m; i++)
            len[leaf[i]] = depth[i];
          return;
        }
      for (int i = 0; i < m; i++)
        freq[leaf[i]] = (freq[leaf[i]] + 1) / 2;
    }
}

static guint32
reverse_bits (guint32 code, int len)
{
  guint32 r = 0;

  for (int i = 0; i < len; i++, code >>= 1)
    r = (r << 1) | (code & 1);
  return r;
}

/* the canonical code of each length (RFC 1951, 3.2.2), bit-reversed */
static void
canonical_codes (const guint8 *len, int n, guint32 *code)
{
  int count[MAX_BITS + 1] = { 0 };
  guint32 next[MAX_BITS + 1], c = 0;

  for (int i = 0; i < n; i++)
    count[len[i]]++;
  count[0] = 0;
  for (int bits = 1; bits <= MAX_BITS; bits++)
    next[bits] = c = (c + (guint32) count[bits - 1]) << 1;
  for (int i = 0; i < n; i++)
    if (len[i] > 0)
      code[i] = reverse_bits (next[len[i]]++, len[i]);
}

/* ---------------------------------------------------------------------- */
/* A dynamic block's header                                                */

typedef struct
{
  int hlit, hdist, hclen;
  int n_items;
  guint8 item[N_LITLEN + N_DIST]; /* code-length symbols 0…18 */
  guint8 extra[N_LITLEN + N_DIST];
  guint8 cl_len[N_CL];
  guint32 cl_code[N_CL];
} Header;

static const guint8 cl_extra_bits[N_CL] = { [16] = 2, [17] = 3, [18] = 7 };

static void
add_item (Header *h, guint32 *cl_freq, int symbol, int extra)
{
  h->item[h->n_items] = (guint8) symbol;
  h->extra[h->n_items++] = (guint8) extra;
  cl_freq[symbol]++;
}

/* The code lengths run-length coded (16: the last length 3…6 times more,
 * 17: 3…10 zeros, 18: 11…138 zeros) and their code; returns its bits. */
static guint64
plan_header (const guint8 *ll, const guint8 *dl, Header *h)
{
  guint8 all[N_LITLEN + N_DIST];
  guint32 cl_freq[N_CL] = { 0 };
  guint64 bits;
  int total;

  h->hlit = N_LITLEN;
  while (h->hlit > 257 && ll[h->hlit - 1] == 0)
    h->hlit--;
  h->hdist = N_DIST;
  while (h->hdist > 1 && dl[h->hdist - 1] == 0)
    h->hdist--;
  memcpy (all, ll, h->hlit);
  memcpy (all + h->hlit, dl, h->hdist);
  total = h->hlit + h->hdist;
  h->n_items = 0;
  for (int i = 0, run; i < total; i += run)
    {
      int v = all[i], r;

      for (run = 1; i + run < total && all[i + run] == v; run++)
        ;
      r = run;
      if (v == 0)
        {
          while (r >= 11)
            {
              int k = MIN (r, 138);
              add_item (h, cl_freq, 18, k - 11);
              r -= k;
            }
          if (r >= 3)
            {
              add_item (h, cl_freq, 17, r - 3);
              r = 0;
            }
        }
      else
        {
          add_item (h, cl_freq, v, 0);
          r--;
          while (r >= 3)
            {
              int k = MIN (r, 6);
              add_item (h, cl_freq, 16, k - 3);
              r -= k;
            }
        }
      for (; r > 0; r--)
        add_item (h, cl_freq, v, 0);
    }
  build_lengths (cl_freq, N_CL, MAX_CL_BITS, h->cl_len);
  canonical_codes (h->cl_len, N_CL, h->cl_code);
  h->hclen = N_CL;
  while (h->hclen > 4 && h->cl_len[cl_order[h->hclen - 1]] == 0)
    h->hclen--;
  bits = 5 + 5 + 4 + 3 * (guint64) h->hclen;
  for (int i = 0; i < h->n_items; i++)
    bits += h->cl_len[h->item[i]] + cl_extra_bits[h->item[i]];
  return bits;
}

static void
put_header (Bits *w, const Header *h)
{
  put_bits (w, (guint32) (h->hlit - 257), 5);
  put_bits (w, (guint32) (h->hdist - 1), 5);
  put_bits (w, (guint32) (h->hclen - 4), 4);
  for (int i = 0; i < h->hclen; i++)
    put_bits (w, h->cl_len[cl_order[i]], 3);
  for (int i = 0; i < h->n_items; i++)
    {
      int s = h->item[i];
      put_bits (w, h->cl_code[s], h->cl_len[s]);
      if (cl_extra_bits[s] > 0)
        put_bits (w, h->extra[i], cl_extra_bits[s]);
    }
}

/* ---------------------------------------------------------------------- */
/* Strips                                                                  */

RoofDeflate *
roof_deflate_new (int width, int bpp, gsize max_bytes)
{
  static GOnce tables = G_ONCE_INIT;
  RoofDeflate *d = g_new0 (RoofDeflate, 1);
  gsize row_len = 1 + (gsize) width * bpp;

  g_once (&tables, init_tables, NULL);
  d->width = width;
  d->bpp = bpp;
  d->left_dist = bpp;
  d->up_dist = row_len <= 32768 ? (int) row_len : 0;
  d->left_symbol = distance_symbol (d->left_dist);
  d->up_symbol = d->up_dist > 0 ? distance_symbol (d->up_dist) : d->left_symbol;
  /* a token stands for one byte at least */
  d->tokens = g_new (guint16, max_bytes + 1);
  return d;
}

void
roof_deflate_free (RoofDeflate *d)
{
  if (d == NULL)
    return;
  g_free (d->tokens);
  g_free (d);
}

gsize
roof_deflate_bound (gsize bytes)
{
  /* the fixed codes' worst: 9 bits a byte (a literal of 144…255; a match of
   * 3 bytes costs 7 + 5 + 13 bits at most), the block's ends and a stored
   * block's 35 bits, then bytes / 8 · 9 rounding down by up to 8 bytes */
  return bytes / 8 * 9 + 64;
}

void
roof_deflate_begin (RoofDeflate *d)
{
  d->n_tokens = 0;
  memset (d->lit_freq, 0, sizeof d->lit_freq);
  memset (d->dist_freq, 0, sizeof d->dist_freq);
}

static inline void
add_literal (RoofDeflate *d, guint8 b)
{
  d->tokens[d->n_tokens++] = b;
  d->lit_freq[b]++;
}

/* `len` bytes (a multiple of bpp, so at least 3) copied from one pixel or
 * one row back: matches of at most 258 bytes, none shorter than 3 */
static inline void
add_match (RoofDeflate *d, int len, gboolean above)
{
  int dist = above ? d->up_symbol : d->left_symbol;

  while (len > 0)
    {
      int n = len > 258 && len - 258 < 3 ? len - 3 : MIN (len, 258);
      d->tokens[d->n_tokens++] = (guint16) (MATCH | (above ? FROM_ABOVE : 0) | (guint) n);
      d->lit_freq[257 + length_symbol[n - 3]]++;
      d->dist_freq[dist]++;
      len -= n;
    }
}

/* How many of the `n` pixels from `s` on, in a row, equal those from `t`
 * on (`t` NULL: equal `v`). A chart is mostly flat areas, runs of hundreds
 * of pixels: SSE2 compares four at a time. */
static inline int
run_length (const guint32 *s, const guint32 *t, guint32 v, int n)
{
  int k = 0;
#ifdef __SSE2__
  const __m128i same = _mm_set1_epi32 ((int) v);
  for (; k + 4 <= n; k += 4)
    {
      __m128i a = _mm_loadu_si128 ((const __m128i *) (s + k));
      __m128i b = t != NULL ? _mm_loadu_si128 ((const __m128i *) (t + k)) : same;
      int m = _mm_movemask_ps (_mm_castsi128_ps (_mm_cmpeq_epi32 (a, b)));
      if (m != 0xf)
        return k + __builtin_ctz ((unsigned) ~m);
    }
#endif
  while (k < n && s[k] == (t != NULL ? t[k] : v))
    k++;
  return k;
}

/* Per pixel the longer of the run equal to its left neighbour and the run
 * equal to the pixels above, else the pixel's bytes as literals. */
void
roof_deflate_row (RoofDeflate *d, const guint32 *src, const guint32 *up, const guint8 *row)
{
  int width = d->width, bpp = d->bpp, x = 0;

  if (d->up_dist == 0)
    up = NULL;
  add_literal (d, row[0]);
  while (x < width)
    {
      int left = 0, above = 0;

      /* most pixels that start no run are the edges of marks and text */
      if (x > 0 && src[x] == src[x - 1])
        left = run_length (src + x, NULL, src[x - 1], width - x);
      if (up != NULL && src[x] == up[x])
        above = run_length (src + x, up + x, 0, width - x);
      if (above > 0 && above >= left)
        {
          add_match (d, above * bpp, TRUE);
          x += above;
        }
      else if (left > 0)
        {
          add_match (d, left * bpp, FALSE);
          x += left;
        }
      else
        {
          for (int i = 0; i < bpp; i++)
            add_literal (d, row[1 + x * bpp + i]);
          x++;
        }
    }
}

static guint8
fixed_length (int symbol)
{
  return symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8;
}

gsize
roof_deflate_end (RoofDeflate *d, gboolean last, guint8 *out)
{
  /* 288: the fixed code has two more 8-bit codes, before the 9-bit ones */
  guint8 ll[288] = { 0 }, dl[N_DIST];
  guint32 lc[288], dc[N_DIST];
  Header h;
  Bits w = { out, 0, 0, 0 };
  guint64 dynamic, fixed = 0;

  d->lit_freq[END_OF_BLOCK]++;
  build_lengths (d->lit_freq, N_LITLEN, MAX_BITS, ll);
  build_lengths (d->dist_freq, N_DIST, MAX_BITS, dl);
  dynamic = plan_header (ll, dl, &h);
  /* the extra bits are the same either way */
  for (int s = 0; s < N_LITLEN; s++)
    {
      dynamic += (guint64) d->lit_freq[s] * ll[s];
      fixed += (guint64) d->lit_freq[s] * fixed_length (s);
    }
  for (int k = 0; k < N_DIST; k++)
    {
      dynamic += (guint64) d->dist_freq[k] * dl[k];
      fixed += (guint64) d->dist_freq[k] * 5;
    }

  put_bits (&w, last ? 1 : 0, 1);
  if (dynamic < fixed)
    {
      put_bits (&w, 2, 2);
      put_header (&w, &h);
    }
  else
    {
      put_bits (&w, 1, 2);
      for (int s = 0; s < 288; s++)
        ll[s] = fixed_length (s);
      memset (dl, 5, sizeof dl);
    }
  canonical_codes (ll, 288, lc);
  canonical_codes (dl, N_DIST, dc);

  for (gsize i = 0; i < d->n_tokens; i++)
    {
      guint t = d->tokens[i];

      if (!(t & MATCH))
        {
          put_bits (&w, lc[t], ll[t]);
          continue;
        }
      gboolean above = (t & FROM_ABOVE) != 0;
      int n = (int) (t & 0x1ff), s = length_symbol[n - 3];
      int k = above ? d->up_symbol : d->left_symbol, dist = above ? d->up_dist : d->left_dist;
      put_bits (&w, lc[257 + s] | (guint32) (n - length_base[s]) << ll[257 + s],
                ll[257 + s] + length_extra[s]);
      put_bits (&w, dc[k] | (guint32) (dist - dist_base[k]) << dl[k], dl[k] + dist_extra[k]);
    }
  put_bits (&w, lc[END_OF_BLOCK], ll[END_OF_BLOCK]);
  if (!last)
    {
      /* an empty stored block: 0, 00, up to the byte, LEN 0, NLEN 0xffff */
      put_bits (&w, 0, 3);
      flush_bits (&w);
      put_bits (&w, 0xffff0000u, 32);
    }
  flush_bits (&w);
  return w.len;
}
