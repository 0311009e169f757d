/* roof-chart.c — names, inputs, layouts, the render dispatcher and export
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_POPULATE */

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <math.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "roof-chart-common.h"
#include "roof-chart.h"
#include "roof-file-save.h"
#include "roof-png.h"

G_DEFINE_QUARK (roof-chart-error-quark, roof_chart_error)

static const char *const theme_names[] = { "light", "dark", "print" };

const char *
roof_theme_name (RoofThemeKind theme)
{
  if ((int) theme < 0 || theme > ROOF_THEME_PRINT)
    return NULL;
  return theme_names[theme];
}

gboolean
roof_theme_from_name (const char *name, RoofThemeKind *out)
{
  if (name == NULL)
    return FALSE;
  for (int i = 0; i <= ROOF_THEME_PRINT; i++)
    if (g_ascii_strcasecmp (name, theme_names[i]) == 0)
      {
        if (out)
          *out = (RoofThemeKind) i;
        return TRUE;
      }
  return FALSE;
}

void
roof_chart_input_init (RoofChartInput *in)
{
  memset (in, 0, sizeof *in);
  in->kind = ROOF_PLOT_ROOFLINE;
  in->theme = ROOF_THEME_LIGHT;
  in->scale = 1.0;
  in->caption = TRUE;
  roof_workload_init (&in->workload);
  roof_sla_init (&in->sla);
  /* the scenario's default traffic: 10 requests/s of the workload's lengths */
  in->fleet.rate = 10.0;
}

/* ---------------------------------------------------------------------- */
/* Layout                                                                 */

static void
placed_text_clear (gpointer data)
{
  RoofPlacedText *t = data;
  g_free (t->text);
}

static void
hit_item_clear (gpointer data)
{
  RoofHitItem *it = data;
  g_free (it->tooltip);
}

RoofChartLayout *
roof_chart_layout_new (void)
{
  RoofChartLayout *l = g_new0 (RoofChartLayout, 1);
  l->texts = g_array_new (FALSE, FALSE, sizeof (RoofPlacedText));
  g_array_set_clear_func (l->texts, placed_text_clear);
  l->items = g_array_new (FALSE, FALSE, sizeof (RoofHitItem));
  g_array_set_clear_func (l->items, hit_item_clear);
  return l;
}

void
roof_chart_layout_clear (RoofChartLayout *l)
{
  GArray *texts = l->texts, *items = l->items;
  g_array_set_size (texts, 0);
  g_array_set_size (items, 0);
  g_free (l->x_title);
  g_free (l->y_title);
  g_free (l->y2_title);
  g_free (l->description);
  memset (l, 0, sizeof *l);
  l->texts = texts;
  l->items = items;
}

void
roof_chart_layout_free (RoofChartLayout *l)
{
  if (l == NULL)
    return;
  roof_chart_layout_clear (l);
  g_array_unref (l->texts);
  g_array_unref (l->items);
  g_free (l);
}

static double
axis_frac_to_data (gboolean log, double d0, double d1, double f)
{
  if (log && d0 > 0 && d1 > 0)
    return pow (10.0, log10 (d0) + f * (log10 (d1) - log10 (d0)));
  return d0 + f * (d1 - d0);
}

static double
axis_data_to_frac (gboolean log, double d0, double d1, double v)
{
  if (log)
    {
      if (!(v > 0) || !(d0 > 0) || !(d1 > d0))
        return NAN;
      return (log10 (v) - log10 (d0)) / (log10 (d1) - log10 (d0));
    }
  return d1 != d0 ? (v - d0) / (d1 - d0) : NAN;
}

double
roof_chart_layout_x_to_data (const RoofChartLayout *l, double px)
{
  const RoofRect *p = &l->plot_area;
  if (p->width <= 0)
    return NAN;
  return axis_frac_to_data (l->x_log, l->x0, l->x1, (px - p->x) / p->width);
}

double
roof_chart_layout_y_to_data (const RoofChartLayout *l, double py)
{
  const RoofRect *p = &l->plot_area;
  if (p->height <= 0)
    return NAN;
  return axis_frac_to_data (l->y_log, l->y0, l->y1, (p->y + p->height - py) / p->height);
}

double
roof_chart_layout_data_to_x (const RoofChartLayout *l, double x)
{
  return l->plot_area.x + axis_data_to_frac (l->x_log, l->x0, l->x1, x) * l->plot_area.width;
}

double
roof_chart_layout_data_to_y (const RoofChartLayout *l, double y)
{
  return l->plot_area.y + l->plot_area.height
         - axis_data_to_frac (l->y_log, l->y0, l->y1, y) * l->plot_area.height;
}

const RoofHitItem *
roof_chart_layout_hit (const RoofChartLayout *l, double px, double py)
{
  const RoofHitItem *best = NULL;
  double best_d = G_MAXDOUBLE;

  for (guint i = 0; l->items && i < l->items->len; i++)
    {
      const RoofHitItem *it = &g_array_index (l->items, RoofHitItem, i);
      double d;
      if (it->bar.width > 0 && it->bar.height > 0)
        {
          if (px < it->bar.x || px > it->bar.x + it->bar.width || py < it->bar.y
              || py > it->bar.y + it->bar.height)
            continue;
          d = 0.0;
        }
      else
        {
          d = hypot (px - it->x, py - it->y);
          if (d > it->radius)
            continue;
        }
      if (d < best_d)
        {
          best_d = d;
          best = it;
        }
    }
  return best;
}

int
roof_chart_layout_legend_hit (const RoofChartLayout *l, double px, double py)
{
  for (int i = 0; i < l->legend_n_entries; i++)
    {
      const RoofRect *r = &l->legend_entries[i];
      if (px >= r->x && px <= r->x + r->width && py >= r->y && py <= r->y + r->height)
        return l->legend_entry_device[i];
    }
  return -1;
}

gboolean
roof_placed_text_overlap (const RoofPlacedText *a, const RoofPlacedText *b)
{
  RoofOBox oa = { a->cx, a->cy, a->w, a->h, a->angle };
  RoofOBox ob = { b->cx, b->cy, b->w, b->h, b->angle };
  return roof_obox_overlap (&oa, &ob);
}

/* ---------------------------------------------------------------------- */
/* Render                                                                 */

static gboolean
check_input (const RoofChartInput *in, GError **error)
{
  if ((int) in->kind < 0 || in->kind >= ROOF_PLOT_COUNT)
    {
      g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT, "unknown chart kind %d",
                   (int) in->kind);
      return FALSE;
    }
  if (in->n_devices < 0 || in->n_devices > ROOF_PLOT_MAX_DEVICES
      || (in->n_devices > 0 && in->devices == NULL))
    {
      g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT,
                   "between 0 and %d devices can be compared, got %d", ROOF_PLOT_MAX_DEVICES,
                   in->n_devices);
      return FALSE;
    }
  return TRUE;
}

void
roof_chart_prepare (RoofThemeKind theme, double scale)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  RoofChartInput in;
  RoofRender R;

  /* the fonts of a render are keyed by their description and the context's
   * matrix and options: a render's own set-up on the same kind of target
   * makes the same keys */
  roof_chart_input_init (&in);
  in.theme = theme;
  cairo_scale (cr, scale, scale);
  roof_render_init (&R, cr, 1.0, 1.0, &in, NULL);
  /* one glyph loads a font's fontset, its face and its metrics; the render
   * loads the other glyphs it draws, no more (a longer sample loaded some
   * it never drew: 2 million instructions more in all). The message font
   * is drawn only when a chart has nothing to show, and then loads with
   * the message: pango's two fontsets of a font, each with a substitution
   * and two threads, are 5.8 million instructions. */
  for (int f = 0; f < ROOF_FONT_COUNT; f++)
    if (f != ROOF_FONT_MESSAGE)
      roof_render_measure (&R, (RoofFont) f, "0", NULL, NULL);
  roof_render_clear (&R);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

gboolean
roof_chart_render (cairo_t *cr, double width, double height, const RoofChartInput *in,
                   RoofChartLayout *layout, GError **error)
{
  g_return_val_if_fail (cr != NULL, FALSE);
  g_return_val_if_fail (in != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_autoptr (RoofChartLayout) scratch = NULL;
  RoofRender R;
  gboolean ok;
  GError *local = NULL;

  if (layout == NULL)
    layout = scratch = roof_chart_layout_new ();
  else
    roof_chart_layout_clear (layout);

  if (!(width >= 1.0 && height >= 1.0 && width < 1e6 && height < 1e6))
    {
      g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT,
                   "a chart needs a size of at least 1 × 1, got %g × %g", width, height);
      return FALSE;
    }
  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_CAIRO, "cairo: %s",
                   cairo_status_to_string (cairo_status (cr)));
      return FALSE;
    }

  RoofChartInput safe = *in;
  gboolean input_ok = check_input (in, &local);
  if (!input_ok)
    {
      safe.n_devices = 0;
      safe.kind = CLAMP (safe.kind, 0, ROOF_PLOT_COUNT - 1);
    }

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  roof_render_init (&R, cr, width, height, &safe, layout);
  if (!input_ok)
    {
      ok = roof_render_fail (&R, NULL, "%s", local->message);
      g_propagate_error (error, local);
    }
  else
    {
      ok = roof_chart_run (&R, roof_chart_class_get (in->kind), error);
    }
  if (ok && layout->description == NULL)
    layout->description = g_strdup (R.desc->str);
  roof_render_clear (&R);
  cairo_restore (cr);

  if (ok && cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_CAIRO, "cairo: %s",
                   cairo_status_to_string (cairo_status (cr)));
      return FALSE;
    }
  return ok;
}

/* ---------------------------------------------------------------------- */
/* Export                                                                 */

gboolean
roof_export_format_from_path (const char *path, RoofExportFormat *out)
{
  if (path == NULL)
    return FALSE;
  const char *dot = strrchr (path, '.');
  const char *slash = strrchr (path, '/');
  if (dot == NULL || (slash && dot < slash))
    return FALSE;
  static const struct
  {
    const char *ext;
    RoofExportFormat f;
  } map[] = { { ".png", ROOF_EXPORT_PNG }, { ".svg", ROOF_EXPORT_SVG }, { ".pdf", ROOF_EXPORT_PDF } };
  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (g_ascii_strcasecmp (dot, map[i].ext) == 0)
      {
        if (out)
          *out = map[i].f;
        return TRUE;
      }
  return FALSE;
}

gboolean
roof_export_size_fits (double width, double height, double scale, double *device_width,
                       double *device_height)
{
  /* the surface roof_chart_export_bytes creates */
  double w = ceil (width * scale), h = ceil (height * scale);

  if (device_width != NULL)
    *device_width = w;
  if (device_height != NULL)
    *device_height = h;
  return width > 0.0 && height > 0.0 && scale > 0.0 && scale <= 16.0 && w <= ROOF_EXPORT_MAX_SIDE
         && h <= ROOF_EXPORT_MAX_SIDE && w * h <= ROOF_EXPORT_MAX_MEGAPIXELS * 1e6;
}

static cairo_status_t
write_to_array (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* An image's pixels, zero, every page already in memory: mapped with
 * MAP_POPULATE where there is one (the kernel fills the pages in one call,
 * a fifth faster than writing them: 1.8 against 2.2 ms for 6.4 MB here),
 * else allocated and written. */
typedef struct
{
  guchar *data;
  gsize size;
  gboolean mapped;
} Pixels;

static Pixels *
pixels_new (gsize size)
{
  Pixels *p = g_new0 (Pixels, 1);

  p->size = size;
#ifdef MAP_POPULATE
  void *m = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE,
                  -1, 0);
  if (m != MAP_FAILED)
    {
      p->data = m;
      p->mapped = TRUE;
      return p;
    }
#endif
  /* g_malloc, not calloc: calloc would leave fresh pages untouched */
  p->data = g_malloc (size);
  memset (p->data, 0, size);
  return p;
}

static void
pixels_free (gpointer data)
{
  Pixels *p = data;

  if (p == NULL)
    return;
#ifdef MAP_POPULATE
  if (p->mapped)
    munmap (p->data, p->size);
  else
#endif
    g_free (p->data);
  g_free (p);
}

/* the pixels roof_chart_export_reserve () made ready, for one export */
static GMutex reserve_lock;
static Pixels *reserved;
static int reserved_w, reserved_h;

static void
export_pixel_size (double width, double height, double scale, int *w, int *h)
{
  *w = (int) ceil ((width <= 0.0 ? 1600.0 : width) * scale);
  *h = (int) ceil ((height <= 0.0 ? 1000.0 : height) * scale);
}

void
roof_chart_export_reserve (double width, double height, double scale)
{
  int w, h;
  Pixels *pixels;

  scale = scale > 0.0 ? scale : 1.0;
  if (!roof_export_size_fits (width <= 0.0 ? 1600.0 : width, height <= 0.0 ? 1000.0 : height,
                              scale, NULL, NULL))
    return;
  export_pixel_size (width, height, scale, &w, &h);
  pixels = pixels_new ((gsize) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, w) * (gsize) h);
  g_mutex_lock (&reserve_lock);
  pixels_free (reserved);
  reserved = pixels;
  reserved_w = w;
  reserved_h = h;
  g_mutex_unlock (&reserve_lock);
}

/* A w × h ARGB32 surface: on the reserved pixels when they fit, which it
 * then owns. */
static cairo_surface_t *
export_image_surface (int w, int h)
{
  static const cairo_user_data_key_t key;
  Pixels *pixels = NULL;
  cairo_surface_t *surface;

  g_mutex_lock (&reserve_lock);
  if (reserved != NULL && reserved_w == w && reserved_h == h)
    pixels = g_steal_pointer (&reserved);
  g_mutex_unlock (&reserve_lock);
  if (pixels == NULL)
    return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  surface = cairo_image_surface_create_for_data (pixels->data, CAIRO_FORMAT_ARGB32, w, h,
                                                 cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32,
                                                                                w));
  if (cairo_surface_set_user_data (surface, &key, pixels, pixels_free) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      pixels_free (pixels);
      return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
    }
  return surface;
}

GBytes *
roof_chart_export_bytes (const RoofChartInput *in, RoofExportFormat format, double width,
                         double height, GError **error)
{
  g_return_val_if_fail (in != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  double scale = in->scale > 0.0 ? in->scale : 1.0;
  if (width <= 0.0)
    width = 1600.0;
  if (height <= 0.0)
    height = 1000.0;
  double device_w, device_h;
  if (format == ROOF_EXPORT_PNG
      && !roof_export_size_fits (width, height, scale, &device_w, &device_h))
    {
      g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT,
                   _("a PNG of %g × %g at scale %g would be %.0f × %.0f pixels, past the "
                     "limit of %d megapixels and %d pixels a side"),
                   width, height, scale, device_w, device_h, ROOF_EXPORT_MAX_MEGAPIXELS,
                   ROOF_EXPORT_MAX_SIDE);
      return NULL;
    }
  if (format != ROOF_EXPORT_PNG
      && !(width <= ROOF_EXPORT_MAX_SIDE && height <= ROOF_EXPORT_MAX_SIDE))
    {
      g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT,
                   _("a drawing of %g × %g exceeds the limit of %d a side"), width, height,
                   ROOF_EXPORT_MAX_SIDE);
      return NULL;
    }

  GByteArray *buf = g_byte_array_new ();
  cairo_surface_t *surface = NULL;
  cairo_status_t st;

  switch (format)
    {
    case ROOF_EXPORT_SVG:
      surface = cairo_svg_surface_create_for_stream (write_to_array, buf, width, height);
      /* CSS pixels, so a 1600 × 1000 chart is 1600 × 1000 in a browser */
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      break;
    case ROOF_EXPORT_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_to_array, buf, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                      roof_plot_kind_title (in->kind));
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Roofline");
      break;
    case ROOF_EXPORT_PNG:
    default:
      {
        int w, h;
        export_pixel_size (width, height, scale, &w, &h);
        surface = export_image_surface (w, h);
      }
      break;
    }
  if ((st = cairo_surface_status (surface)) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_CAIRO, "cairo: %s",
                   cairo_status_to_string (st));
      cairo_surface_destroy (surface);
      g_byte_array_unref (buf);
      return NULL;
    }

  cairo_t *cr = cairo_create (surface);
  if (format == ROOF_EXPORT_PNG)
    cairo_scale (cr, scale, scale);
  /* nobody sees an export's hit items: their tooltips are left unwritten
   * (a twentieth of a roofline's render; /plot/chart/no-tooltips checks that
   * it changes no pixel) */
  RoofChartInput bare = *in;
  bare.no_tooltips = TRUE;
  gboolean ok = roof_chart_render (cr, width, height, &bare, NULL, error);
  cairo_destroy (cr);

  if (ok && format == ROOF_EXPORT_PNG)
    ok = roof_png_encode (surface, 96.0 * scale, buf, error);
  cairo_surface_finish (surface);
  if (ok && (st = cairo_surface_status (surface)) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_CAIRO, "cairo: %s",
                   cairo_status_to_string (st));
      ok = FALSE;
    }
  cairo_surface_destroy (surface);
  if (!ok)
    {
      g_byte_array_unref (buf);
      return NULL;
    }
  return g_byte_array_free_to_bytes (buf);
}

gboolean
roof_chart_export (const RoofChartInput *in, RoofExportFormat format, const char *path,
                   double width, double height, GError **error)
{
  g_return_val_if_fail (in != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_autoptr (GError) local = NULL;
  g_autoptr (GBytes) bytes = roof_chart_export_bytes (in, format, width, height, error);
  if (bytes == NULL)
    return FALSE;

  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  /* atomically, through a link, keeping the previous version as NAME~,
   * never over a read-only file; the message names `path` */
  if (!roof_file_save (path, data, size, NULL, &local))
    {
      g_set_error_literal (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_IO, local->message);
      return FALSE;
    }
  return TRUE;
}
