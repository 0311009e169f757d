/* roof-chart-cache.c — text shaped by one render, kept for the next
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shaping text was a third of a roofline render, and a view draws the same
 * tick labels, names and units after every edit. The cache keeps one laid-out
 * PangoLayout per (font, text), measured and drawn as it is, on a
 * PangoContext of its own. pango_cairo_update_context marks the context
 * changed on every call, which makes every layout lay itself out again, so
 * the context is updated only when what it derives from the target (the
 * matrix, the device scale, the surface's font options) differs.
 *
 * It also remembers the cost chart's crossovers: each pair of devices costs
 * some 500 solves (a 256-point grid and a bisection), two fifths of that
 * chart, and an edit of the batch, a zoom or a pan asks for the same ones.
 */
#include <string.h>

#include "roof-chart-common.h"

/* the three themes use at most 3 × ROOF_FONT_COUNT descriptions */
#define MAX_FONTS 32
/* a roofline with 8 devices draws some 200 distinct strings */
#define MAX_TEXTS 1024
/* 8 devices make 28 pairs */
#define MAX_CROSSINGS 64

typedef struct
{
  PangoLayout *layout;
  guint used; /* the last render that drew or measured it */
} TextEntry;

/* What roof_cost_crossovers depends on, compared as bytes: a false
 * difference (padding) only costs a recomputation. */
typedef struct
{
  RoofHardwareParams a, b;
  RoofModelDerived md;
  RoofWorkload wl; /* phase and batch zero: the cost curves set their own */
  double lo, hi;
} CrossKey;

typedef struct
{
  CrossKey key;
  RoofStatus status;
  RoofError err;
  int n;
  double batches[ROOF_MAX_CROSSOVERS];
  guint used;
} Crossings;

struct _RoofChartCache
{
  PangoContext *pctx;
  PangoAttrList *attrs;
  PangoFontDescription *fonts[MAX_FONTS];
  int n_fonts;
  GHashTable *texts; /* font slot, '\x1f', text → TextEntry */
  GArray *crossings; /* Crossings */
  guint generation;  /* renders begun */

  /* the target pctx was last updated for */
  gboolean have_target;
  cairo_matrix_t matrix;
  double device_sx, device_sy;
  cairo_font_options_t *target_options;
};

static void
text_entry_free (gpointer data)
{
  TextEntry *e = data;
  g_object_unref (e->layout);
  g_free (e);
}

static gboolean
text_entry_unused (gpointer key, gpointer value, gpointer user_data)
{
  const RoofChartCache *c = user_data;
  const TextEntry *e = value;
  return e->used != c->generation;
}

RoofChartCache *
roof_chart_cache_new (void)
{
  RoofChartCache *c = g_new0 (RoofChartCache, 1);
  cairo_font_options_t *fo = cairo_font_options_create ();

  c->pctx = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  /* metrics independent of the target so PNG, SVG and PDF lay out alike */
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (c->pctx, fo);
  cairo_font_options_destroy (fo);
  c->attrs = pango_attr_list_new ();
  pango_attr_list_insert (c->attrs, pango_attr_font_features_new ("tnum=1"));
  c->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, text_entry_free);
  c->crossings = g_array_new (FALSE, FALSE, sizeof (Crossings));
  c->target_options = cairo_font_options_create ();
  return c;
}

void
roof_chart_cache_free (RoofChartCache *c)
{
  if (c == NULL)
    return;
  g_hash_table_unref (c->texts);
  g_array_unref (c->crossings);
  for (int i = 0; i < c->n_fonts; i++)
    pango_font_description_free (c->fonts[i]);
  pango_attr_list_unref (c->attrs);
  g_object_unref (c->pctx);
  cairo_font_options_destroy (c->target_options);
  g_free (c);
}

void
roof_chart_cache_begin (RoofChartCache *c, cairo_t *cr)
{
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_font_options_t *fo = cairo_font_options_create ();
  cairo_matrix_t m;
  double sx, sy;

  c->generation++;
  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_scale (target, &sx, &sy);
  cairo_surface_get_font_options (target, fo);
  if (c->have_target && m.xx == c->matrix.xx && m.yx == c->matrix.yx && m.xy == c->matrix.xy
      && m.yy == c->matrix.yy && m.x0 == c->matrix.x0 && m.y0 == c->matrix.y0
      && sx == c->device_sx && sy == c->device_sy
      && cairo_font_options_equal (fo, c->target_options))
    {
      cairo_font_options_destroy (fo);
      return;
    }
  pango_cairo_update_context (cr, c->pctx);
  c->have_target = TRUE;
  c->matrix = m;
  c->device_sx = sx;
  c->device_sy = sy;
  cairo_font_options_destroy (c->target_options);
  c->target_options = fo;
}

PangoContext *
roof_chart_cache_context (RoofChartCache *c)
{
  return c->pctx;
}

PangoAttrList *
roof_chart_cache_attributes (RoofChartCache *c)
{
  return c->attrs;
}

int
roof_chart_cache_font (RoofChartCache *c, const PangoFontDescription *font)
{
  for (int i = 0; i < c->n_fonts; i++)
    if (pango_font_description_equal (c->fonts[i], font))
      return i;
  g_return_val_if_fail (c->n_fonts < MAX_FONTS, 0);
  c->fonts[c->n_fonts] = pango_font_description_copy (font);
  return c->n_fonts++;
}

PangoLayout *
roof_chart_cache_text (RoofChartCache *c, int font, const char *text)
{
  char key_buf[256];
  char *key = key_buf;
  gsize len = strlen (text);
  TextEntry *e;

  if (len + 3 > sizeof key_buf)
    key = g_malloc (len + 3);
  key[0] = (char) ('A' + font);
  key[1] = '\x1f';
  memcpy (key + 2, text, len + 1);
  e = g_hash_table_lookup (c->texts, key);
  if (e == NULL)
    {
      /* least recently used, a render at a time */
      if (g_hash_table_size (c->texts) >= MAX_TEXTS)
        g_hash_table_foreach_remove (c->texts, text_entry_unused, c);
      e = g_new (TextEntry, 1);
      e->layout = pango_layout_new (c->pctx);
      pango_layout_set_attributes (e->layout, c->attrs);
      pango_layout_set_font_description (e->layout, c->fonts[font]);
      pango_layout_set_text (e->layout, text, -1);
      g_hash_table_insert (c->texts, key == key_buf ? g_strdup (key) : key, e);
      key = key_buf;
    }
  e->used = c->generation;
  if (key != key_buf)
    g_free (key);
  return e->layout;
}

RoofStatus
roof_chart_cache_crossovers (RoofChartCache *c, const RoofHardwareParams *a,
                             const RoofHardwareParams *b, const RoofModelDerived *md,
                             const RoofWorkload *wl, double lo, double hi, double *batches,
                             int *n_found, RoofError *err)
{
  CrossKey key;
  Crossings *x = NULL;

  memset (&key, 0, sizeof key);
  memcpy (&key.a, a, sizeof *a);
  memcpy (&key.b, b, sizeof *b);
  memcpy (&key.md, md, sizeof *md);
  memcpy (&key.wl, wl, sizeof *wl);
  key.wl.phase = 0;
  key.wl.batch = 0.0;
  key.lo = lo;
  key.hi = hi;
  for (guint i = 0; i < c->crossings->len && x == NULL; i++)
    if (memcmp (&g_array_index (c->crossings, Crossings, i).key, &key, sizeof key) == 0)
      x = &g_array_index (c->crossings, Crossings, i);
  if (x == NULL)
    {
      Crossings fresh = { 0 };
      /* least recently used, a render at a time */
      for (guint i = c->crossings->len; c->crossings->len >= MAX_CROSSINGS && i-- > 0;)
        if (g_array_index (c->crossings, Crossings, i).used != c->generation)
          g_array_remove_index_fast (c->crossings, i);
      if (c->crossings->len >= MAX_CROSSINGS)
        g_array_remove_index_fast (c->crossings, 0);
      fresh.key = key;
      fresh.status = roof_cost_crossovers (a, b, md, wl, lo, hi, fresh.batches, &fresh.n,
                                           &fresh.err);
      g_array_append_val (c->crossings, fresh);
      x = &g_array_index (c->crossings, Crossings, c->crossings->len - 1);
    }
  x->used = c->generation;
  *n_found = x->n;
  memcpy (batches, x->batches, sizeof x->batches[0] * (gsize) x->n);
  if (x->status != ROOF_OK && err != NULL)
    *err = x->err;
  return x->status;
}
