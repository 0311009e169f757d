/* test-plot-charts.c — every chart, every theme: layout, pixels, export
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <unistd.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot-fixtures.h"
#include "roof-frontier-set.h"
#include "roof-png.h"
#include "roof-theme.h"

/* ---------------------------------------------------------------------- */

typedef struct
{
  cairo_surface_t *surface;
  RoofChartLayout *layout;
  gboolean ok;
  GError *error;
} Rendered;

static Rendered
render (const RoofChartInput *in, int w, int h)
{
  Rendered r = { 0 };
  r.surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (r.surface);
  r.layout = roof_chart_layout_new ();
  r.ok = roof_chart_render (cr, w, h, in, r.layout, &r.error);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (r.surface);
  return r;
}

static void
rendered_clear (Rendered *r)
{
  cairo_surface_destroy (r->surface);
  roof_chart_layout_free (r->layout);
  g_clear_error (&r->error);
}

/* No two recorded texts overlap and every one lies inside the chart. */
static void
assert_no_overlap (const RoofChartLayout *l, int w, int h, const char *what)
{
  GArray *t = l->texts;
  for (guint i = 0; i < t->len; i++)
    {
      const RoofPlacedText *a = &g_array_index (t, RoofPlacedText, i);
      if (a->box.x < -0.5 || a->box.y < -0.5 || a->box.x + a->box.width > w + 0.5
          || a->box.y + a->box.height > h + 0.5)
        g_error ("%s: text “%s” leaves the %d×%d chart (%.1f, %.1f, %.1f × %.1f)", what, a->text, w,
                 h, a->box.x, a->box.y, a->box.width, a->box.height);
      for (guint j = i + 1; j < t->len; j++)
        {
          const RoofPlacedText *b = &g_array_index (t, RoofPlacedText, j);
          if (roof_placed_text_overlap (a, b))
            g_error ("%s: “%s” (role %d) overlaps “%s” (role %d)", what, a->text, a->role, b->text,
                     b->role);
        }
    }
}

static void
pixel (cairo_surface_t *s, int x, int y, double *r, double *g, double *b)
{
  int stride = cairo_image_surface_get_stride (s);
  const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (s) + (gsize) y * stride);
  guint32 p = row[x];
  *r = ((p >> 16) & 0xff) / 255.0;
  *g = ((p >> 8) & 0xff) / 255.0;
  *b = (p & 0xff) / 255.0;
}

static gboolean
near_color (cairo_surface_t *s, double cx, double cy, double radius, RoofColor c, double tol)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  for (int y = (int) floor (cy - radius); y <= (int) ceil (cy + radius); y++)
    for (int x = (int) floor (cx - radius); x <= (int) ceil (cx + radius); x++)
      {
        double r, g, b;
        if (x < 0 || y < 0 || x >= w || y >= h)
          continue;
        pixel (s, x, y, &r, &g, &b);
        if (fabs (r - c.r) + fabs (g - c.g) + fabs (b - c.b) < tol)
          return TRUE;
      }
  return FALSE;
}

/* ---------------------------------------------------------------------- */

static const int sizes[][2] = { { 800, 500 }, { 1600, 1000 } };

static void
test_every_chart_every_theme (void)
{
  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    for (int t = 0; t <= ROOF_THEME_PRINT; t++)
      for (int n = 1; n <= 8; n += 7)
        for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
          {
            PlotScenario s;
            plot_scenario_init (&s, k, "llama-3.1-70b", n, NULL);
            s.in.theme = t;
            Rendered r = render (&s.in, sizes[z][0], sizes[z][1]);
            g_autofree char *what = g_strdup_printf ("%s/%s/%d devices/%dx%d", roof_plot_kind_name (k),
                                                     roof_theme_name (t), n, sizes[z][0], sizes[z][1]);
            if (!r.ok)
              g_error ("%s: %s", what, r.error->message);
            g_assert_cmpint (cairo_surface_status (r.surface), ==, CAIRO_STATUS_SUCCESS);
            assert_no_overlap (r.layout, sizes[z][0], sizes[z][1], what);
            g_assert_nonnull (r.layout->description);
            g_assert_cmpuint (strlen (r.layout->description), >, 20);
            g_assert_cmpuint (r.layout->items->len, >, 0);
            g_assert_cmpfloat (r.layout->plot_area.width, >, 100);
            rendered_clear (&r);
            plot_scenario_clear (&s);
          }
}

/* Many workloads, 8 devices, both sizes: no text ever overlaps another. */
static void
test_no_overlap_scenarios (void)
{
  static const char *const models[] = { "llama-3.1-8b", "llama-3.1-70b", "mixtral-8x7b",
                                        "deepseek-v3", "resnet-50", "gemma-2-9b" };
  for (guint m = 0; m < G_N_ELEMENTS (models); m++)
    for (int variant = 0; variant < 3; variant++)
      for (int k = 0; k < ROOF_PLOT_COUNT; k++)
        for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
          {
            PlotScenario s;
            plot_scenario_init (&s, k, models[m], 8, NULL);
            if (variant == 1)
              {
                s.in.workload.weights = ROOF_PREC_FP8;
                s.in.workload.kv = ROOF_PREC_FP8;
                s.in.workload.batch = 32;
                s.in.workload.context = 32768;
                s.in.ceilings = (1u << ROOF_PREC_FP32) | (1u << ROOF_PREC_BF16)
                                | (1u << ROOF_PREC_FP8) | (1u << ROOF_PREC_INT8);
                s.in.show_operators = TRUE;
              }
            else if (variant == 2)
              {
                s.in.workload.context = 512;
                s.in.workload.overlap = ROOF_OVERLAP_SUM;
                s.in.workload.overhead = 2e-3;
                s.in.hidden = 0x5;
                for (int i = 0; i < 8; i++)
                  s.devices[i].hw.eff_memory = 0.8, s.devices[i].hw.eff_compute = 0.7;
              }
            Rendered r = render (&s.in, sizes[z][0], sizes[z][1]);
            g_autofree char *what = g_strdup_printf ("%s/%s/variant %d/%dx%d", roof_plot_kind_name (k),
                                                     models[m], variant, sizes[z][0], sizes[z][1]);
            g_assert_cmpint (cairo_surface_status (r.surface), ==, CAIRO_STATUS_SUCCESS);
            assert_no_overlap (r.layout, sizes[z][0], sizes[z][1], what);
            rendered_clear (&r);
            plot_scenario_clear (&s);
          }
}

/* The memory roof of a device passes through β·I at the pixels the layout
 * maps it to; far above it there is none of the device's colour. */
static void
test_roofline_probe (void)
{
  static const char *const ids[] = { "nvidia-h100-sxm" };
  PlotScenario s;
  plot_scenario_init (&s, ROOF_PLOT_ROOFLINE, "llama-3.1-8b", 1, ids);
  s.in.prompt_lo = 1e5; /* keep prefill points off the probed roof */
  Rendered r = render (&s.in, 1600, 1000);
  g_assert_true (r.ok);
  const RoofTheme *th = roof_theme_get (ROOF_THEME_LIGHT);
  RoofColor c = roof_theme_device_color (th, 0);
  double beta = s.devices[0].hw.mem_bw;
  double ridge = roof_hardware_ridge (&s.devices[0].hw, ROOF_PREC_BF16);
  g_assert_cmpfloat (fabs (ridge - 295.3), <, 0.1);
  int hits = 0, probes = 0, above = 0;
  for (double I = 0.15; I < ridge * 0.8; I *= 1.37)
    {
      double x = roof_chart_layout_data_to_x (r.layout, I);
      double y = roof_chart_layout_data_to_y (r.layout, beta * I);
      const RoofRect *p = &r.layout->plot_area;
      if (x < p->x + 2 || x > p->x + p->width - 2 || y < p->y + 2 || y > p->y + p->height - 2)
        continue;
      probes++;
      hits += near_color (r.surface, x, y, 1.5, c, 0.25);
      double ya = roof_chart_layout_data_to_y (r.layout, beta * I * 30.0);
      if (ya > p->y + 2)
        above += near_color (r.surface, x, ya, 1.5, c, 0.25);
    }
  g_assert_cmpint (probes, >=, 10);
  /* a label may cover a spot or two */
  g_assert_cmpint (hits, >=, probes - 2);
  g_assert_cmpint (above, <=, 1);

  /* the ceiling: at 2× the ridge the line is at Π */
  double x = roof_chart_layout_data_to_x (r.layout, ridge * 3.0);
  double y = roof_chart_layout_data_to_y (r.layout, s.devices[0].hw.peak_flops[ROOF_PREC_BF16]);
  g_assert_true (near_color (r.surface, x, y, 1.5, c, 0.25)
                 || near_color (r.surface, roof_chart_layout_data_to_x (r.layout, ridge * 5.0), y,
                                1.5, c, 0.25));
  /* the ridge point is a hit item with its value */
  const RoofHitItem *it = roof_chart_layout_hit (
    r.layout, roof_chart_layout_data_to_x (r.layout, ridge),
    roof_chart_layout_data_to_y (r.layout, s.devices[0].hw.peak_flops[ROOF_PREC_BF16]));
  g_assert_nonnull (it);
  g_assert_nonnull (strstr (it->tooltip, "295"));
  /* and the label with it */
  gboolean labelled = FALSE;
  for (guint i = 0; i < r.layout->texts->len; i++)
    labelled |= strcmp (g_array_index (r.layout->texts, RoofPlacedText, i).text, "I* = 295 FLOP/B") == 0;
  g_assert_true (labelled);
  rendered_clear (&r);
  plot_scenario_clear (&s);
}

/* The frontier chart: each frontier point drawn where its figures put it,
 * in the device's colour, with a tooltip; the side of the ITL target that
 * meets it shaded, the other not; the knees labelled "TP8 · B=1". The
 * points come from the solver (tested by hand in tests/solver); what is
 * tested here is where they are drawn. */
static void
test_pareto_probe (void)
{
  static const char *const ids[] = { "nvidia-h100-sxm" };
  PlotScenario s;
  RoofFrontierSet set = { 0 };
  RoofError err = { 0 };

  plot_scenario_init (&s, ROOF_PLOT_PARETO, "llama-3.1-70b", 1, ids);
  s.in.sla.itl = 0.050;
  Rendered r = render (&s.in, 1600, 1000);
  g_assert_true (r.ok);
  const RoofTheme *th = roof_theme_get (ROOF_THEME_LIGHT);
  RoofColor c = roof_theme_device_color (th, 0);
  RoofWorkload wl = s.in.workload;
  wl.phase = ROOF_PHASE_DECODE;
  RoofFrontierOptions fo = { .metric = ROOF_FRONTIER_PER_DEVICE, .itl = 0.050 };
  g_assert_cmpint (roof_frontier_set_compute (&set, &s.devices[0].hw, s.in.model, &wl, &fo, &err),
                   ==, ROOF_OK);
  g_assert_cmpuint (set.n_frontier, >=, 5);
  g_assert_true (r.layout->x_log && r.layout->y_log);

  const RoofRect *p = &r.layout->plot_area;
  int probes = 0, hits = 0, tips = 0;
  for (size_t k = 0; k < set.n; k++)
    {
      const RoofFrontierPoint *f = &set.points[k];
      if (!f->frontier)
        continue;
      double x = roof_chart_layout_data_to_x (r.layout, f->x);
      double y = roof_chart_layout_data_to_y (r.layout, f->y);
      g_assert_cmpfloat (x, >=, p->x - 0.5);
      g_assert_cmpfloat (x, <=, p->x + p->width + 0.5);
      g_assert_cmpfloat (y, >=, p->y - 0.5);
      g_assert_cmpfloat (y, <=, p->y + p->height + 0.5);
      probes++;
      hits += near_color (r.surface, x, y, 1.5, c, 0.25);
      const RoofHitItem *it = roof_chart_layout_hit (r.layout, x, y);
      tips += it != NULL && it->tooltip != NULL && strstr (it->tooltip, "on the frontier") != NULL;
    }
  /* a label may cover a dot or two */
  g_assert_cmpint (hits, >=, probes - 2);
  g_assert_cmpint (tips, ==, probes);

  /* 50 ms is 20 tokens/s per user: shaded right of it (the region's tint
   * over the plot's background), not left */
  double xt = roof_chart_layout_data_to_x (r.layout, 20.0);
  double a = th->region.a;
  RoofColor tint = { a * th->region.r + (1 - a) * th->plot_background.r,
                     a * th->region.g + (1 - a) * th->plot_background.g,
                     a * th->region.b + (1 - a) * th->plot_background.b, 1 };
  int right = 0, left = 0, n = 0;
  g_assert_cmpfloat (xt, >, p->x + 40);
  for (double yy = p->y + 0.55 * p->height; yy < p->y + 0.98 * p->height; yy += 0.05 * p->height)
    {
      n++;
      right += near_color (r.surface, xt + 17, yy, 0.5, tint, 0.02);
      left += near_color (r.surface, xt - 17, yy, 0.5, tint, 0.02);
    }
  g_assert_cmpint (right, >=, n - 3); /* grid lines and faint points cross some probes */
  g_assert_cmpint (left, ==, 0);

  /* the most interactive end is TP 8 at batch 1 (the fewest sequences on
   * the most devices), labelled */
  const RoofFrontierPoint *last = NULL;
  for (size_t k = 0; k < set.n; k++)
    if (set.points[k].frontier)
      last = &set.points[k];
  g_assert_cmpfloat (last->p.tp, ==, 8);
  g_assert_cmpfloat (last->p.batch, ==, 1);
  gboolean labelled = FALSE;
  for (guint i = 0; i < r.layout->texts->len; i++)
    labelled |= strcmp (g_array_index (r.layout->texts, RoofPlacedText, i).text, "TP8 · B=1") == 0;
  g_assert_true (labelled);
  g_assert_nonnull (strstr (r.layout->description, "Frontier of"));

  roof_frontier_set_clear (&set);
  rendered_clear (&r);
  plot_scenario_clear (&s);
}

/* In each device's group the binding bar is the longest and is drawn in
 * the device's colour. */
static void
test_sensitivity_binding (void)
{
  for (int variant = 0; variant < 2; variant++)
    {
      PlotScenario s;
      plot_scenario_init (&s, ROOF_PLOT_SENSITIVITY, "llama-3.1-8b", 4, NULL);
      if (variant == 1)
        {
          s.in.workload.batch = 4096; /* compute-bound at short context */
          s.in.workload.context = 128;
        }
      Rendered r = render (&s.in, 1600, 1000);
      g_assert_true (r.ok);
      const RoofTheme *th = roof_theme_get (ROOF_THEME_LIGHT);
      for (int d = 0; d < 4; d++)
        {
          RoofSensitivity sens;
          RoofError e;
          g_assert_cmpint (roof_sensitivity (&s.devices[d].hw, &s.model, &s.in.workload, 0.01, &sens, &e),
                           ==, ROOF_OK);
          double best = -1, binding_w = -1;
          const RoofHitItem *bind = NULL;
          for (guint i = 0; i < r.layout->items->len; i++)
            {
              const RoofHitItem *it = &g_array_index (r.layout->items, RoofHitItem, i);
              /* hardware knobs only: workload ones are reported, never binding */
              if (it->device != d || it->bar.width <= 0 || strstr (it->tooltip, "workload"))
                continue;
              best = MAX (best, it->bar.width);
              if (strstr (it->tooltip, "(binding)"))
                {
                  binding_w = it->bar.width;
                  bind = it;
                  g_assert_nonnull (strstr (it->tooltip, variant ? "Peak compute" : "Memory bandwidth"));
                }
            }
          g_assert_nonnull (bind);
          g_assert_cmpfloat (binding_w, >=, best - 1e-6);
          g_assert_cmpint (sens.binding, ==, variant ? ROOF_KNOB_PEAK_FLOPS : ROOF_KNOB_MEM_BW);
          /* the bar spans |e| of the axis: −1 reaches the −1 guide */
          double el = sens.e[sens.binding].elasticity;
          double x0 = roof_chart_layout_data_to_x (r.layout, 0.0);
          double xe = roof_chart_layout_data_to_x (r.layout, el);
          g_assert_cmpfloat (fabs (fabs (xe - x0) - binding_w), <, 1.0);
          g_assert_true (near_color (r.surface, bind->bar.x + 0.5 * bind->bar.width,
                                     bind->bar.y + 0.5 * bind->bar.height, 0.0,
                                     roof_theme_device_color (th, d), 0.05));
        }
      rendered_clear (&r);
      plot_scenario_clear (&s);
    }
}

/* roof_chart_export_reserve () changes no byte of an export: the pixels
 * it readies are taken by an export of their size (opaque and transparent,
 * where an unzeroed buffer would show), and only by that size. */
static void
test_export_reserve (void)
{
  PlotScenario s;
  GError *error = NULL;
  plot_scenario_init (&s, ROOF_PLOT_ROOFLINE, "llama-3.1-70b", 3, NULL);
  s.in.scale = 2.0;

  for (int transparent = 0; transparent <= 1; transparent++)
    {
      s.in.transparent = transparent;
      g_autoptr (GBytes) plain = roof_chart_export_bytes (&s.in, ROOF_EXPORT_PNG, 400, 250, &error);
      g_assert_no_error (error);
      g_autoptr (GBytes) small = roof_chart_export_bytes (&s.in, ROOF_EXPORT_PNG, 200, 100, &error);
      g_assert_no_error (error);

      /* the size it was made for */
      roof_chart_export_reserve (400, 250, 2.0);
      g_autoptr (GBytes) reserved
          = roof_chart_export_bytes (&s.in, ROOF_EXPORT_PNG, 400, 250, &error);
      g_assert_no_error (error);
      g_assert_true (g_bytes_equal (plain, reserved));

      /* another size leaves it for the next export of its own */
      roof_chart_export_reserve (400, 250, 2.0);
      g_autoptr (GBytes) other = roof_chart_export_bytes (&s.in, ROOF_EXPORT_PNG, 200, 100, &error);
      g_assert_no_error (error);
      g_assert_true (g_bytes_equal (small, other));
      g_autoptr (GBytes) again = roof_chart_export_bytes (&s.in, ROOF_EXPORT_PNG, 400, 250, &error);
      g_assert_no_error (error);
      g_assert_true (g_bytes_equal (plain, again));
    }
  /* a size past the limit is not reserved (nor drawn) */
  roof_chart_export_reserve (8000, 8000, 4.0);
  g_assert_null (roof_chart_export_bytes (&s.in, ROOF_EXPORT_PNG, 8000, 8000, &error));
  g_assert_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT);
  g_clear_error (&error);
  plot_scenario_clear (&s);
}

static void
test_export_formats (void)
{
  PlotScenario s;
  GError *error = NULL;
  plot_scenario_init (&s, ROOF_PLOT_ROOFLINE, "llama-3.1-70b", 3, NULL);

  g_autoptr (GBytes) svg = roof_chart_export_bytes (&s.in, ROOF_EXPORT_SVG, 1600, 1000, &error);
  g_assert_no_error (error);
  gsize n;
  const guint8 *data = g_bytes_get_data (svg, &n);
  RsvgHandle *h = rsvg_handle_new_from_data (data, n, &error);
  g_assert_no_error (error);
  g_assert_nonnull (h);
  double w = 0, ht = 0;
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (h, &w, &ht));
  g_assert_cmpfloat (fabs (w - 1600), <, 1);
  g_assert_cmpfloat (fabs (ht - 1000), <, 1);
  g_object_unref (h);

  g_autoptr (GBytes) pdf = roof_chart_export_bytes (&s.in, ROOF_EXPORT_PDF, 0, 0, &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (pdf, &n);
  g_assert_cmpuint (n, >, 1000);
  g_assert_cmpmem (data, 4, "%PDF", 4);

  s.in.scale = 2.0;
  g_autoptr (GBytes) png = roof_chart_export_bytes (&s.in, ROOF_EXPORT_PNG, 800, 500, &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (png, &n);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  /* IHDR: width and height in device pixels */
  guint32 pw = (guint32) data[16] << 24 | data[17] << 16 | data[18] << 8 | data[19];
  guint32 ph = (guint32) data[20] << 24 | data[21] << 16 | data[22] << 8 | data[23];
  g_assert_cmpuint (pw, ==, 1600);
  g_assert_cmpuint (ph, ==, 1000);
  g_assert_cmpuint (data[25], ==, 2); /* opaque: RGB */

  /* transparent: straight RGBA, and it decodes back through cairo */
  s.in.transparent = TRUE;
  g_autoptr (GBytes) tpng = roof_chart_export_bytes (&s.in, ROOF_EXPORT_PNG, 400, 250, &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (tpng, &n);
  g_assert_cmpuint (data[25], ==, 6);
  {
    g_autofree char *tmp = NULL;
    int fd = g_file_open_tmp ("roof-plot-XXXXXX.png", &tmp, &error);
    g_assert_no_error (error);
    close (fd);
    g_assert_true (g_file_set_contents (tmp, (const char *) data, (gssize) n, &error));
    cairo_surface_t *back = cairo_image_surface_create_from_png (tmp);
    g_assert_cmpint (cairo_surface_status (back), ==, CAIRO_STATUS_SUCCESS);
    g_assert_cmpint (cairo_image_surface_get_width (back), ==, 800);
    cairo_surface_destroy (back);
    g_unlink (tmp);
  }
  s.in.transparent = FALSE;

  /* every chart in every format renders */
  s.in.scale = 1.0;
  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    for (int f = ROOF_EXPORT_PNG; f <= ROOF_EXPORT_PDF; f++)
      {
        s.in.kind = k;
        g_autoptr (GBytes) b = roof_chart_export_bytes (&s.in, f, 800, 500, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (g_bytes_get_size (b), >, 100);
      }
  plot_scenario_clear (&s);
}

typedef struct
{
  const guint8 *data;
  gsize left;
} PngReader;

static cairo_status_t
png_read (void *closure, unsigned char *out, unsigned int length)
{
  PngReader *r = closure;
  if (length > r->left)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (out, r->data, length);
  r->data += length;
  r->left -= length;
  return CAIRO_STATUS_SUCCESS;
}

static guint32
be32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
}

/* roof_png_encode cuts the rows into strips compressed apart: whatever the
 * size (one pixel; rows longer than a strip; a last strip of a few rows),
 * opaque or not, the file decodes to the image, and its bytes do not depend
 * on the processors. */
/* A PNG decoded by libpng through cairo, which checks its zlib stream and
 * the stream's Adler-32 */
static cairo_surface_t *
decode_png (const GByteArray *png)
{
  PngReader reader = { png->data, png->len };
  cairo_surface_t *back = cairo_image_surface_create_from_png_stream (png_read, &reader);

  g_assert_cmpint (cairo_surface_status (back), ==, CAIRO_STATUS_SUCCESS);
  return back;
}

static guint32 *
pixel_ptr (cairo_surface_t *img, int x, int y)
{
  return (guint32 *) (cairo_image_surface_get_data (img)
                      + (gsize) y * cairo_image_surface_get_stride (img))
         + x;
}

static guint32
pixel_at (cairo_surface_t *img, int x, int y)
{
  return *pixel_ptr (img, x, y);
}

static void
test_png_encoder (void)
{
  static const int sizes[][2] = { { 1, 1 }, { 3, 2 }, { 997, 333 }, { 1600, 1000 }, { 30000, 21 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (int opaque = 0; opaque < 2; opaque++)
      {
        int w = sizes[i][0], h = sizes[i][1];
        cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
        guint8 *px = cairo_image_surface_get_data (img);
        int stride = cairo_image_surface_get_stride (img);
        g_autoptr (GByteArray) png = g_byte_array_new ();
        g_autoptr (GByteArray) again = g_byte_array_new ();
        GError *error = NULL;

        /* runs of 5 × 3 pixels, for deflate's matches and literals alike;
         * premultiplied, with clear and solid pixels among the others */
        for (int y = 0; y < h; y++)
          for (int x = 0; x < w; x++)
            {
              guint32 v = (guint32) (x / 5) * 2654435761u ^ (guint32) (y / 3) * 40503u;
              guint a = opaque ? 255 : (x + y) % 4 == 0 ? 0 : (x + y) % 4 == 1 ? 255 : v >> 24;
              guint r = (v & 0xff) * a / 255, g = (v >> 8 & 0xff) * a / 255,
                    b = (v >> 16 & 0xff) * a / 255;
              ((guint32 *) (px + (gsize) y * stride))[x] = a << 24 | r << 16 | g << 8 | b;
            }
        cairo_surface_mark_dirty (img);

        g_assert_true (roof_png_encode (img, 192.0, png, &error));
        g_assert_no_error (error);
        g_assert_cmpmem (png->data, 8, "\x89PNG\r\n\x1a\n", 8);
        g_assert_cmpuint (be32 (png->data + 16), ==, (guint) w);
        g_assert_cmpuint (be32 (png->data + 20), ==, (guint) h);
        g_assert_cmpuint (png->data[25], ==, opaque ? 2 : 6);
        /* pHYs right after IHDR: 192 dpi is 7559 pixels per metre */
        g_assert_cmpmem (png->data + 37, 4, "pHYs", 4);
        g_assert_cmpuint (be32 (png->data + 41), ==, 7559);
        g_assert_true (roof_png_encode (img, 192.0, again, &error));
        g_assert_cmpmem (png->data, png->len, again->data, again->len);

        cairo_surface_t *back = decode_png (png);
        g_assert_cmpint (cairo_image_surface_get_width (back), ==, w);
        g_assert_cmpint (cairo_image_surface_get_height (back), ==, h);
        const guint8 *bp = cairo_image_surface_get_data (back);
        int bstride = cairo_image_surface_get_stride (back);
        for (int y = 0; y < h; y++)
          for (int x = 0; x < w; x++)
            {
              guint32 want = ((const guint32 *) (px + (gsize) y * stride))[x];
              guint32 got = ((const guint32 *) (bp + (gsize) y * bstride))[x];
              if (opaque)
                g_assert_cmphex (got & 0xffffff, ==, want & 0xffffff);
              else
                {
                  /* straight colour back to premultiplied: ±1 from rounding */
                  g_assert_cmphex (got >> 24, ==, want >> 24);
                  for (int shift = 0; shift < 24; shift += 8)
                    {
                      int d = (int) (got >> shift & 0xff) - (int) (want >> shift & 0xff);
                      g_assert_cmpint (abs (d), <=, 1);
                    }
                }
            }
        cairo_surface_destroy (back);
        cairo_surface_destroy (img);
      }
}

/* Runs of every length the encoder cuts into deflate's matches (at most
 * 258 bytes, none under 3): a solid row is one run of (w − 1) pixels on
 * the left, and each later row one match of a row above; with 3 or 4
 * bytes a pixel, widths 83…90 and 170…176 put the run's bytes at and just
 * past one and two times 258 (86 · 3 = 258, 65 · 4 = 260 = 258 + 2). A
 * diagonal pixel breaks both runs once a row. Decoded by libpng through
 * cairo, which checks the zlib stream and its Adler-32. */
/* `img` encoded (no pHYs) with the colour type expected and decoded back
 * to the same premultiplied pixels; returns the first block's type (1: the
 * fixed Huffman codes, 2: codes made for the block) */
static int
assert_png_round_trip (cairo_surface_t *img, int colour_type)
{
  g_autoptr (GByteArray) png = g_byte_array_new ();
  GError *error = NULL;
  int w = cairo_image_surface_get_width (img), h = cairo_image_surface_get_height (img);

  cairo_surface_mark_dirty (img);
  g_assert_true (roof_png_encode (img, 0.0, png, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (png->data[25], ==, colour_type);
  /* signature 8, IHDR 25, the IDAT's length and name 8, zlib's header 2 */
  g_assert_cmpmem (png->data + 37, 4, "IDAT", 4);
  cairo_surface_t *back = decode_png (png);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      g_assert_cmphex (pixel_at (back, x, y), ==, pixel_at (img, x, y));
  cairo_surface_destroy (back);
  return png->data[43] >> 1 & 3;
}

static void
test_png_encoder_runs (void)
{
  int blocks[4] = { 0 };

  for (int opaque = 0; opaque < 2; opaque++)
    for (int w = 1; w <= 176; w++)
      {
        if (w > 6 && w < 83)
          continue;
        if (w > 90 && w < 170)
          continue;
        int h = 5;
        /* premultiplied: 0x80193366 is (50, 102, 203) at alpha 128
         * unpremultiplied, which premultiplies back to (25, 51, 102) */
        guint32 solid = opaque ? 0xff3366ccu : 0x80193366u;
        cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);

        for (int y = 0; y < h; y++)
          for (int x = 0; x < w; x++)
            *pixel_ptr (img, x, y) = x == y * 7 % w && y > 2 ? 0xff000000u : solid;
        blocks[assert_png_round_trip (img, opaque ? 2 : 6)]++;
        cairo_surface_destroy (img);
      }

  /* opaque but for the very last pixel, in the last strip: RGB is begun on
   * every strip, found wanting there, and the whole image written as RGBA */
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1600, 1000);
  for (int y = 0; y < 1000; y++)
    for (int x = 0; x < 1600; x++)
      *pixel_ptr (img, x, y) = 0xff000000u | (guint32) (x / 100 * 0x101010 ^ y / 7);
  *pixel_ptr (img, 1599, 999) = 0;
  blocks[assert_png_round_trip (img, 6)]++;
  cairo_surface_destroy (img);
  /* both kinds of block were written and read back: the smallest images
   * take the fixed codes (their symbols cost less than a code's header) */
  g_assert_cmpint (blocks[1], >, 0);
  g_assert_cmpint (blocks[2], >, 0);
  g_assert_cmpint (blocks[0] + blocks[3], ==, 0);
}

/* The PNG limit: 100 megapixels and 32767 pixels a side, in device pixels. */
static void
test_export_limit (void)
{
  PlotScenario s;
  GError *error = NULL;
  double w = 0, h = 0;

  g_assert_true (roof_export_size_fits (1600, 1000, 4, &w, &h));
  g_assert_cmpfloat (w, ==, 6400);
  g_assert_cmpfloat (h, ==, 4000);
  /* exactly 100 000 000 pixels, and one row more */
  g_assert_true (roof_export_size_fits (10000, 10000, 1, NULL, NULL));
  g_assert_true (roof_export_size_fits (5000, 5000, 2, NULL, NULL));
  g_assert_false (roof_export_size_fits (10000, 10001, 1, NULL, NULL));
  g_assert_false (roof_export_size_fits (5000, 5000.5, 2, NULL, NULL));
  /* the side: cairo's 32767, however few pixels in all */
  g_assert_true (roof_export_size_fits (32767, 100, 1, NULL, NULL));
  g_assert_false (roof_export_size_fits (32768, 100, 1, NULL, NULL));
  g_assert_false (roof_export_size_fits (100, 16384, 2, NULL, NULL));
  /* a fractional size rounds up to whole device pixels, as the surface does */
  g_assert_true (roof_export_size_fits (100.2, 100, 1.5, &w, &h));
  g_assert_cmpfloat (w, ==, 151);
  g_assert_cmpfloat (h, ==, 150);
  g_assert_false (roof_export_size_fits (6667, 6667, 1.5, NULL, NULL));
  /* the largest the CLI used to accept: 32000 × 32000, a gigapixel */
  g_assert_false (roof_export_size_fits (8000, 8000, 4, &w, &h));
  g_assert_cmpfloat (w * h, ==, 1.024e9);
  g_assert_false (roof_export_size_fits (0, 1000, 1, NULL, NULL));
  g_assert_false (roof_export_size_fits (1600, 1000, 0, NULL, NULL));
  g_assert_false (roof_export_size_fits (NAN, 1000, 1, NULL, NULL));
  g_assert_false (roof_export_size_fits (1600, 1000, 17, NULL, NULL));

  /* export refuses it before drawing, and says why */
  plot_scenario_init (&s, ROOF_PLOT_ROOFLINE, "llama-3.1-70b", 2, NULL);
  s.in.scale = 4.0;
  g_assert_null (roof_chart_export_bytes (&s.in, ROOF_EXPORT_PNG, 8000, 8000, &error));
  g_assert_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT);
  g_assert_nonnull (strstr (error->message, "32000 × 32000"));
  g_assert_nonnull (strstr (error->message, "100 megapixels"));
  g_clear_error (&error);
  /* a drawing is not counted in pixels, only held to the side */
  g_autoptr (GBytes) svg = roof_chart_export_bytes (&s.in, ROOF_EXPORT_SVG, 8000, 8000, &error);
  g_assert_no_error (error);
  g_assert_nonnull (svg);
  g_assert_null (roof_chart_export_bytes (&s.in, ROOF_EXPORT_PDF, 40000, 1000, &error));
  g_assert_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT);
  g_clear_error (&error);
  plot_scenario_clear (&s);
}

static void
test_export_files (void)
{
  PlotScenario s;
  GError *error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roof-plot-XXXXXX", &error);
  g_assert_no_error (error);
  plot_scenario_init (&s, ROOF_PLOT_COST, "llama-3.1-8b", 2, NULL);

  const char *names[] = { "chart.png", "chart.SVG", "chart.pdf" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      RoofExportFormat fmt;
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_assert_true (roof_export_format_from_path (path, &fmt));
      g_assert_cmpint (fmt, ==, (RoofExportFormat) i);
      g_assert_true (roof_chart_export (&s.in, fmt, path, 1600, 1000, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
      /* overwritten in place, atomically */
      g_assert_true (roof_chart_export (&s.in, fmt, path, 800, 500, &error));
      g_assert_no_error (error);
      g_unlink (path);
    }
  g_assert_false (roof_export_format_from_path ("chart.jpeg", NULL));
  g_assert_false (roof_export_format_from_path ("dir.png/chart", NULL));

  /* a directory that does not exist: the error names the path */
  g_autofree char *bad = g_build_filename (dir, "missing", "chart.png", NULL);
  g_assert_false (roof_chart_export (&s.in, ROOF_EXPORT_PNG, bad, 800, 500, &error));
  g_assert_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_IO);
  g_assert_nonnull (strstr (error->message, bad));
  g_clear_error (&error);
  /* a path that is a directory */
  g_assert_false (roof_chart_export (&s.in, ROOF_EXPORT_SVG, dir, 800, 500, &error));
  g_assert_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_IO);
  g_clear_error (&error);
  /* nothing drawable: an input error, no file */
  g_autofree char *none = g_build_filename (dir, "none.png", NULL);
  s.in.n_devices = 0;
  g_assert_false (roof_chart_export (&s.in, ROOF_EXPORT_PNG, none, 800, 500, &error));
  g_assert_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT);
  g_clear_error (&error);
  g_assert_false (g_file_test (none, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
  plot_scenario_clear (&s);
}

/* Degenerate inputs draw a message and return an error; never crash. */
static void
test_degenerate (void)
{
  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    for (int c = 0; c < 7; c++)
      {
        PlotScenario s;
        plot_scenario_init (&s, k, "llama-3.1-70b", 3, NULL);
        gboolean expect_ok = FALSE;
        switch (c)
          {
          case 0:
            s.in.model = NULL;
            expect_ok = k == ROOF_PLOT_TREND;
            break;
          case 1:
            s.in.n_devices = 0;
            expect_ok = k == ROOF_PLOT_TREND;
            break;
          case 2:
            s.in.n_devices = 9;
            break;
          case 3:
            s.in.hidden = 0x7;
            expect_ok = k == ROOF_PLOT_TREND;
            break;
          case 4:
            for (int i = 0; i < 3; i++)
              s.devices[i].hw.mem_bw = NAN;
            expect_ok = k == ROOF_PLOT_TREND;
            break;
          case 5:
            /* a bad workload */
            s.in.workload.batch = -1;
            s.in.workload.context = NAN;
            expect_ok = k == ROOF_PLOT_TREND;
            break;
          case 6:
            /* one device cannot be solved: the others are drawn, it is named */
            s.devices[1].hw.peak_flops[ROOF_PREC_BF16] = 0;
            expect_ok = TRUE;
            break;
          }
        Rendered r = render (&s.in, 800, 500);
        g_autofree char *what = g_strdup_printf ("%s case %d", roof_plot_kind_name (k), c);
        if (expect_ok && !r.ok)
          g_error ("%s: %s", what, r.error->message);
        if (!expect_ok)
          {
            if (r.ok)
              g_error ("%s: expected an error", what);
            g_assert_error (r.error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT);
            /* the reason is drawn in the chart */
            gboolean shown = FALSE;
            for (guint i = 0; i < r.layout->texts->len; i++)
              shown |= g_array_index (r.layout->texts, RoofPlacedText, i).role == ROOF_TEXT_LABEL;
            g_assert_true (shown);
          }
        if (c == 6 && k != ROOF_PLOT_TREND)
          {
            /* the caption names the device that was left out */
            gboolean named = FALSE;
            for (guint i = 0; i < r.layout->texts->len; i++)
              {
                const RoofPlacedText *t = &g_array_index (r.layout->texts, RoofPlacedText, i);
                named |= t->role == ROOF_TEXT_CAPTION && strstr (t->text, "H100 SXM: no bf16") != NULL;
              }
            g_assert_true (named);
          }
        assert_no_overlap (r.layout, 800, 500, what);
        rendered_clear (&r);
        plot_scenario_clear (&s);
      }

  /* sizes */
  PlotScenario s;
  plot_scenario_init (&s, ROOF_PLOT_ROOFLINE, "llama-3.1-70b", 1, NULL);
  for (int i = 0; i < 3; i++)
    {
      cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
      cairo_t *cr = cairo_create (surf);
      GError *error = NULL;
      double w = i == 0 ? 0 : i == 1 ? NAN : 5;
      gboolean ok = roof_chart_render (cr, w, 5, &s.in, NULL, &error);
      if (i < 2)
        {
          g_assert_false (ok);
          g_assert_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT);
        }
      g_clear_error (&error);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_destroy (surf);
    }
  plot_scenario_clear (&s);
}

/* A model without a KV cache: the context chart explains itself. */
static void
test_generic_model (void)
{
  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    {
      PlotScenario s;
      plot_scenario_init (&s, k, "resnet-50", 3, NULL);
      s.in.workload.batch = 64;
      Rendered r = render (&s.in, 1600, 1000);
      if (!r.ok)
        g_error ("%s: %s", roof_plot_kind_name (k), r.error->message);
      if (k == ROOF_PLOT_CONTEXT)
        {
          gboolean explained = FALSE;
          for (guint i = 0; i < r.layout->texts->len; i++)
            explained |= strstr (g_array_index (r.layout->texts, RoofPlacedText, i).text,
                                 "no KV cache") != NULL;
          g_assert_true (explained);
        }
      assert_no_overlap (r.layout, 1600, 1000, roof_plot_kind_name (k));
      rendered_clear (&r);
      plot_scenario_clear (&s);
    }
}

static void
test_cost_unpriced (void)
{
  static const char *const ids[] = { "nvidia-h100-sxm", "nvidia-gb200-per-gpu" };
  PlotScenario s;
  plot_scenario_init (&s, ROOF_PLOT_COST, "llama-3.1-8b", 2, ids);
  Rendered r = render (&s.in, 1600, 1000);
  g_assert_true (r.ok);
  gboolean said = FALSE;
  for (guint i = 0; i < r.layout->texts->len; i++)
    said |= strstr (g_array_index (r.layout->texts, RoofPlacedText, i).text, "no price") != NULL;
  g_assert_true (said);
  for (guint i = 0; i < r.layout->items->len; i++)
    g_assert_cmpint (g_array_index (r.layout->items, RoofHitItem, i).device, !=, 1);
  rendered_clear (&r);

  /* nothing priced at all: an error drawn in the chart */
  s.in.devices = &s.devices[1];
  s.in.n_devices = 1;
  r = render (&s.in, 800, 500);
  g_assert_false (r.ok);
  g_assert_error (r.error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT);
  rendered_clear (&r);
  plot_scenario_clear (&s);
}

/* Two renders drew the same when the text, the glyphs and every hit item
 * are the same and no pixel differs. */
static void
assert_same_render (const Rendered *a, const Rendered *b, gboolean tooltips, const char *what)
{
  int h = cairo_image_surface_get_height (a->surface);
  int stride = cairo_image_surface_get_stride (a->surface);

  g_assert_cmpuint (a->layout->texts->len, ==, b->layout->texts->len);
  for (guint i = 0; i < a->layout->texts->len; i++)
    {
      const RoofPlacedText *ta = &g_array_index (a->layout->texts, RoofPlacedText, i);
      const RoofPlacedText *tb = &g_array_index (b->layout->texts, RoofPlacedText, i);
      g_assert_cmpstr (ta->text, ==, tb->text);
      g_assert_cmpfloat (ta->cx, ==, tb->cx);
      g_assert_cmpfloat (ta->cy, ==, tb->cy);
      g_assert_cmpfloat (ta->w, ==, tb->w);
    }
  g_assert_cmpuint (a->layout->items->len, ==, b->layout->items->len);
  for (guint i = 0; i < a->layout->items->len; i++)
    {
      const RoofHitItem *ia = &g_array_index (a->layout->items, RoofHitItem, i);
      const RoofHitItem *ib = &g_array_index (b->layout->items, RoofHitItem, i);
      g_assert_cmpfloat (ia->x, ==, ib->x);
      g_assert_cmpfloat (ia->y, ==, ib->y);
      if (tooltips)
        g_assert_cmpstr (ia->tooltip, ==, ib->tooltip);
    }
  if (memcmp (cairo_image_surface_get_data (a->surface), cairo_image_surface_get_data (b->surface),
              (gsize) stride * h) != 0)
    g_error ("%s: the pixels differ", what);
}

/* A cache kept across renders, targets and themes changes nothing drawn.
 * Theme "3" is the light one on devices whose costs cross (the cache keeps
 * the crossings too). */
static void
test_cache (void)
{
  static const char *const crossing[] = { "nvidia-h100-nvl", "nvidia-b200", "nvidia-h100-sxm" };
  g_autoptr (RoofChartCache) cache = roof_chart_cache_new ();

  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    for (int t = ROOF_THEME_LIGHT; t <= ROOF_THEME_PRINT + 1; t++)
      {
        PlotScenario s;
        g_autofree char *what = g_strdup_printf ("%s, theme %d", roof_plot_kind_name (k), t);
        if (t <= ROOF_THEME_PRINT)
          {
            plot_scenario_init (&s, k, "llama-3.1-70b", 8, NULL);
            s.in.theme = t;
          }
        else
          {
            plot_scenario_init (&s, k, "llama-3.1-8b", G_N_ELEMENTS (crossing), crossing);
            s.in.workload.devices = 2;
          }
        Rendered plain = render (&s.in, 800, 500);
        s.in.cache = cache;
        /* a vector target in between makes the cache follow another target */
        g_autoptr (GBytes) svg = roof_chart_export_bytes (&s.in, ROOF_EXPORT_SVG, 800, 500, NULL);
        g_assert_nonnull (svg);
        for (int pass = 0; pass < 2; pass++)
          {
            Rendered cached = render (&s.in, 800, 500);
            assert_same_render (&plain, &cached, TRUE, what);
            rendered_clear (&cached);
          }
        rendered_clear (&plain);
        plot_scenario_clear (&s);
      }
}

/* Without tooltips the items are where they were, and nothing else changes. */
static void
test_no_tooltips (void)
{
  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    {
      PlotScenario s;
      plot_scenario_init (&s, k, "llama-3.1-70b", 8, NULL);
      Rendered full = render (&s.in, 800, 500);
      s.in.no_tooltips = TRUE;
      Rendered bare = render (&s.in, 800, 500);
      assert_same_render (&full, &bare, FALSE, roof_plot_kind_name (k));
      for (guint i = 0; i < bare.layout->items->len; i++)
        g_assert_null (g_array_index (bare.layout->items, RoofHitItem, i).tooltip);
      rendered_clear (&full);
      rendered_clear (&bare);
      plot_scenario_clear (&s);
    }
}

static void
test_layout_api (void)
{
  PlotScenario s;
  plot_scenario_init (&s, ROOF_PLOT_ROOFLINE, "llama-3.1-8b", 3, NULL);
  s.in.hidden = 0x2;
  Rendered r = render (&s.in, 1600, 1000);
  RoofChartLayout *l = r.layout;
  g_assert_true (l->x_log && l->y_log);
  for (double v = 0.1; v < 1e4; v *= 7.3)
    g_assert_cmpfloat (fabs (roof_chart_layout_x_to_data (l, roof_chart_layout_data_to_x (l, v)) / v - 1), <, 1e-9);
  double y = 3e14;
  g_assert_cmpfloat (fabs (roof_chart_layout_y_to_data (l, roof_chart_layout_data_to_y (l, y)) / y - 1), <, 1e-9);
  g_assert_cmpstr (l->x_title, ==, "Arithmetic intensity (FLOP/byte)");
  g_assert_nonnull (strstr (l->y_title, "FLOP/s"));

  /* every hit item is found where it is; hidden devices have none */
  for (guint i = 0; i < l->items->len; i++)
    {
      const RoofHitItem *it = &g_array_index (l->items, RoofHitItem, i);
      g_assert_cmpint (it->device, !=, 1);
      const RoofHitItem *found = roof_chart_layout_hit (l, it->x, it->y);
      g_assert_nonnull (found);
      g_assert_nonnull (found->tooltip);
    }
  g_assert_null (roof_chart_layout_hit (l, -100, -100));
  /* the legend keeps every device, hidden ones too, for toggling back */
  g_assert_cmpint (l->legend_n_entries, ==, 3);
  for (int i = 0; i < l->legend_n_entries; i++)
    {
      const RoofRect *e = &l->legend_entries[i];
      g_assert_cmpint (roof_chart_layout_legend_hit (l, e->x + 2, e->y + 0.5 * e->height), ==,
                       l->legend_entry_device[i]);
    }
  g_assert_cmpint (roof_chart_layout_legend_hit (l, -5, -5), ==, -1);
  /* the summary names the phase and the bound */
  g_assert_nonnull (strstr (l->description, "decode at batch 1"));
  g_assert_nonnull (strstr (l->description, "memory-bound"));
  rendered_clear (&r);
  plot_scenario_clear (&s);
}

/* A device keeps its palette colour in every chart. */
static void
test_device_colour (void)
{
  static const char *const ids[] = { "nvidia-h100-sxm", "amd-mi300x" };
  const RoofTheme *th = roof_theme_get (ROOF_THEME_DARK);
  for (int k = ROOF_PLOT_ROOFLINE; k <= ROOF_PLOT_BATCH; k++)
    {
      PlotScenario s;
      plot_scenario_init (&s, k, "llama-3.1-8b", 2, ids);
      s.devices[1].color = 6;
      s.in.theme = ROOF_THEME_DARK;
      Rendered r = render (&s.in, 1600, 1000);
      g_assert_true (r.ok);
      int found = 0;
      for (guint i = 0; i < r.layout->items->len; i++)
        {
          const RoofHitItem *it = &g_array_index (r.layout->items, RoofHitItem, i);
          if (it->device != 1)
            continue;
          double x = it->bar.width > 0 ? it->bar.x + 0.5 * it->bar.width : it->x;
          double y = it->bar.width > 0 ? it->bar.y + 0.5 * it->bar.height : it->y;
          found += near_color (r.surface, x, y, 2.0, roof_theme_device_color (th, 6), 0.2);
        }
      g_assert_cmpint (found, >, 0);
      rendered_clear (&r);
      plot_scenario_clear (&s);
    }
}

static void
test_names (void)
{
  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    {
      RoofPlotKind out;
      g_assert_true (roof_plot_kind_from_name (roof_plot_kind_name (k), &out));
      g_assert_cmpint (out, ==, k);
      g_assert_nonnull (roof_plot_kind_title (k));
    }
  g_assert_false (roof_plot_kind_from_name ("pie", NULL));
  g_assert_null (roof_plot_kind_name (ROOF_PLOT_COUNT));
  for (int t = 0; t <= ROOF_THEME_PRINT; t++)
    {
      RoofThemeKind out;
      g_assert_true (roof_theme_from_name (roof_theme_name (t), &out));
      g_assert_cmpint (out, ==, t);
    }
  RoofChartInput in;
  roof_chart_input_init (&in);
  g_assert_cmpfloat (in.scale, ==, 1.0);
  g_assert_true (in.caption);
  g_assert_cmpint (in.workload.phase, ==, ROOF_PHASE_DECODE);
}

/* The cost chart's batch axis ends at the smallest power of two at least
 * twice the largest batch any device holds (never below 16, never past the
 * scenario's range), so every memory-full mark is inside the plot with room
 * for its label, and the rest of the range is not drawn empty. The largest
 * batch that fits is the solver's own (tested in tests/solver). */
static void
test_cost_batch_axis (void)
{
  static const char *const two[] = { "nvidia-h100-sxm", "nvidia-h200-sxm" };
  static const char *const small[] = { "nvidia-h100-sxm", "nvidia-a100-sxm-80gb" };
  static const char *const l40s[] = { "nvidia-l40s" };
  static const struct
  {
    const char *model;
    const char *const *ids;
    int n, devices;
    double expect_hi; /* 0: derived from the largest fit */
  } cases[] = {
    /* H200 × 2 holds some 83 sequences: the axis ends at 256, not 4096 */
    { "llama-3.1-70b", two, 2, 2, 0 },
    /* two sequences at most: the floor of 16 */
    { "llama-3.1-70b", small, 2, 2, 16 },
    /* an 8B model on eight devices each fits more than 2048: the range's end */
    { "llama-3.1-8b", NULL, 8, 8, 4096 },
    /* 70B on one 48 GB device fits nothing: the whole range, to show it */
    { "llama-3.1-70b", l40s, 1, 1, 4096 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      PlotScenario s;
      double fit = 0.0, hi;

      plot_scenario_init (&s, ROOF_PLOT_COST, cases[c].model, cases[c].n, cases[c].ids);
      s.in.workload.devices = cases[c].devices;
      for (int i = 0; i < cases[c].n; i++)
        {
          RoofWorkload wl = s.in.workload;
          wl.phase = ROOF_PHASE_DECODE;
          fit = MAX (fit, roof_max_batch_that_fits (&s.in.devices[i].hw, s.in.model, &wl));
        }
      Rendered r = render (&s.in, 1600, 1000);
      g_assert_true (r.ok);
      if (cases[c].expect_hi > 0)
        hi = cases[c].expect_hi;
      else
        {
          /* the smallest power of two ≥ 2 · fit */
          hi = 1.0;
          while (hi < 2.0 * fit)
            hi *= 2.0;
          g_assert_cmpfloat (hi, <, 4096.0);
        }
      g_test_message ("%s, %d devices, %d per system: largest fit %.0f, axis to %g", cases[c].model,
                      cases[c].n, cases[c].devices, fit, r.layout->x1);
      g_assert_cmpfloat (r.layout->x0, ==, 1.0);
      g_assert_cmpfloat (r.layout->x1, ==, hi);
      if (c == 2)
        g_assert_cmpfloat (fit, >, 2048.0);
      if (c == 3)
        g_assert_cmpfloat (fit, <, 1.0);
      rendered_clear (&r);
      plot_scenario_clear (&s);
    }
}

/* The caption under a layout beyond TP states every factor and the devices
 * it takes (it used to say "1 device per system" under EP 8). */
static void
test_layout_caption (void)
{
  static const struct
  {
    double tp, ep, pp, dp;
    RoofAttnParallel attn;
    const char *expected;
  } cases[] = {
    { 1, 8, 1, 1, ROOF_ATTN_PARALLEL_DATA,
      "layout TP×EP×PP×DP 1×8×1×1 = 8 devices, attention data-parallel" },
    { 2, 4, 2, 3, ROOF_ATTN_PARALLEL_TENSOR,
      "layout TP×EP×PP×DP 2×4×2×3 = 48 devices, attention tensor-parallel" },
    { 4, 1, 2, 1, ROOF_ATTN_PARALLEL_DATA, "layout TP×EP×PP×DP 4×1×2×1 = 8 devices · " },
    { 4, 0, 0, 0, ROOF_ATTN_PARALLEL_DATA, "· 4 devices per system (tensor parallel) ·" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      PlotScenario s;
      g_autoptr (GString) caption = g_string_new (NULL);

      plot_scenario_init (&s, ROOF_PLOT_MEMORY, "deepseek-v3", 2, NULL);
      s.in.workload.devices = cases[c].tp;
      s.in.workload.ep = cases[c].ep;
      s.in.workload.pp = cases[c].pp;
      s.in.workload.dp = cases[c].dp;
      s.in.workload.attn_parallel = cases[c].attn;
      Rendered r = render (&s.in, 1600, 1000);
      for (guint i = 0; i < r.layout->texts->len; i++)
        {
          const RoofPlacedText *t = &g_array_index (r.layout->texts, RoofPlacedText, i);
          if (t->role == ROOF_TEXT_CAPTION)
            g_string_append_printf (caption, "%s ", t->text);
        }
      if (strstr (caption->str, cases[c].expected) == NULL)
        g_error ("case %u: caption “%s” lacks “%s”", c, caption->str, cases[c].expected);
      if (cases[c].ep + cases[c].pp + cases[c].dp > 0)
        g_assert_null (strstr (caption->str, "per system"));
      rendered_clear (&r);
      plot_scenario_clear (&s);
    }
}

/* ---------------------------------------------------------------------- */
/* What an analyst reads at the app's size                                */

/* No placed label covers a marker: the roofline's markers are its hit items
 * (workload points, ridge points), each a square of side 2 × radius around
 * the centre, the marker radius being the theme's (3.5 px in light). */
static void
assert_no_label_on_marker (const RoofChartLayout *l, double r, const char *what)
{
  for (guint i = 0; i < l->texts->len; i++)
    {
      const RoofPlacedText *t = &g_array_index (l->texts, RoofPlacedText, i);
      if (t->role != ROOF_TEXT_LABEL)
        continue;
      for (guint k = 0; k < l->items->len; k++)
        {
          const RoofHitItem *it = &g_array_index (l->items, RoofHitItem, k);
          RoofPlacedText m = { .cx = it->x, .cy = it->y, .w = 2 * r, .h = 2 * r };
          m.box = (RoofRect){ it->x - r, it->y - r, 2 * r, 2 * r };
          if (it->bar.width == 0 && roof_placed_text_overlap (t, &m))
            g_error ("%s: label “%s” covers the marker at (%.1f, %.1f)", what, t->text, it->x,
                     it->y);
        }
    }
}

/* Pixels of the label's box (its axis-aligned bounds, 1 px in) within 0.12
 * of colour `c`: glyphs are drawn in the series colour over a halo. */
static int
label_pixels (const Rendered *r, const RoofPlacedText *t, RoofColor c)
{
  int n = 0;
  for (int y = (int) ceil (t->box.y + 1); y < (int) floor (t->box.y + t->box.height - 1); y++)
    for (int x = (int) ceil (t->box.x + 1); x < (int) floor (t->box.x + t->box.width - 1); x++)
      n += near_color (r->surface, x, y, 0.0, c, 0.12);
  return n;
}

static void
test_roofline_labels (void)
{
  static const char *const four[] = { "nvidia-h100-sxm", "nvidia-h200-sxm",
                                      "nvidia-a100-sxm-80gb", "amd-mi300x" };
  const RoofTheme *th = roof_theme_get (ROOF_THEME_LIGHT);
  /* the app's chart at 1280 × 800 is about 690 × 590; the export 1600 × 1000 */
  static const int sz[][2] = { { 690, 590 }, { 1600, 1000 } };

  for (guint z = 0; z < G_N_ELEMENTS (sz); z++)
    {
      PlotScenario s;
      plot_scenario_init (&s, ROOF_PLOT_ROOFLINE, "llama-3.1-8b", 4, four);
      s.in.ceilings = (1u << ROOF_PREC_BF16) | (1u << ROOF_PREC_FP8);
      for (int i = 0; i < 4; i++)
        s.devices[i].color = i; /* four distinct palette colours */
      Rendered r = render (&s.in, sz[z][0], sz[z][1]);
      g_assert_true (r.ok);
      assert_no_overlap (r.layout, sz[z][0], sz[z][1], "roofline labels");
      assert_no_label_on_marker (r.layout, th->marker_radius, "roofline labels");
      int n_batch = 0, n_prompt = 0, n_fp8 = 0;
      for (guint i = 0; i < r.layout->texts->len; i++)
        {
          const RoofPlacedText *t = &g_array_index (r.layout->texts, RoofPlacedText, i);
          if (t->role != ROOF_TEXT_LABEL)
            continue;
          n_prompt += g_str_has_prefix (t->text, "S=");
          n_fp8 += g_str_has_prefix (t->text, "fp8 I* =");
          /* every device holds Llama-3.1-8B, so the first is the focused
           * one: its batches are labelled in its colour, nobody else's */
          if (g_str_has_prefix (t->text, "B=") && !g_str_has_suffix (t->text, " max"))
            {
              n_batch++;
              int own = label_pixels (&r, t, roof_theme_device_color (th, 0));
              g_assert_cmpint (own, >, 3);
              /* a line crossing the box has fewer pixels than the glyphs */
              for (int i = 1; i < 4; i++)
                g_assert_cmpint (label_pixels (&r, t, roof_theme_device_color (th, i)), <, own);
            }
        }
      g_assert_cmpint (n_batch, >=, 3);
      g_assert_cmpint (n_fp8, >=, 1);
      /* prompt lengths are for tooltips at the app's size, labelled on an export */
      if (z == 0)
        g_assert_cmpint (n_prompt, ==, 0);
      else
        g_assert_cmpint (n_prompt, >, 0);
      rendered_clear (&r);
      plot_scenario_clear (&s);
    }
}

/* Batches are whole numbers in the cost chart's tooltips. */
static void
test_cost_tooltip_batches (void)
{
  static const char *const two[] = { "nvidia-h100-sxm", "amd-mi300x" };
  PlotScenario s;
  plot_scenario_init (&s, ROOF_PLOT_COST, "llama-3.1-8b", 2, two);
  Rendered r = render (&s.in, 800, 500);
  int n = 0;

  g_assert_true (r.ok);
  for (guint i = 0; i < r.layout->items->len; i++)
    {
      const RoofHitItem *it = &g_array_index (r.layout->items, RoofHitItem, i);
      const char *at = it->tooltip ? strstr (it->tooltip, " · batch ") : NULL;
      if (at == NULL)
        continue;
      at += strlen (" · batch ");
      gsize digits = strspn (at, "0123456789");
      g_assert_cmpuint (digits, >, 0);
      /* the number ends at the line's end: no decimal part */
      g_assert_cmpint (at[digits], ==, '\n');
      n++;
    }
  g_assert_cmpint (n, >, 4);
  rendered_clear (&r);
  plot_scenario_clear (&s);
}

/* The memory chart writes every size in its axis's unit. Llama-3.1-405B's
 * 405.9e9 weights at bf16 are 811.8 GB (docs/model.md: 2 bytes a weight),
 * plus its KV cache at batch 32 and context 32768 (516.1 kB a token, the
 * catalog's figure): 32 × (32768 + 256) × 516.1e3 B = 545 GB, 1.36 TB in
 * all, so the axis is in TB; Llama-3.1-8B's 16 GB stays in GB. */
static void
test_memory_unit (void)
{
  static const struct { const char *model; double batch, context; const char *unit, *title; } cases[] = {
    { "llama-3.1-405b", 32, 32768, " TB", "Memory (TB)" },
    { "llama-3.1-8b", 1, 4096, " GB", "Memory (GB)" },
  };
  static const char *const one[] = { "nvidia-h200-sxm" };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      PlotScenario s;
      plot_scenario_init (&s, ROOF_PLOT_MEMORY, cases[k].model, 1, one);
      s.in.workload.batch = cases[k].batch;
      s.in.workload.context = cases[k].context;
      Rendered r = render (&s.in, 800, 500);
      g_assert_true (r.ok);
      g_assert_cmpstr (r.layout->y_title, ==, cases[k].title);
      int n = 0;
      for (guint i = 0; i < r.layout->texts->len; i++)
        {
          const RoofPlacedText *t = &g_array_index (r.layout->texts, RoofPlacedText, i);
          if (t->role != ROOF_TEXT_LABEL)
            continue;
          g_assert_null (strstr (t->text, k == 0 ? " GB" : " TB"));
          n += strstr (t->text, cases[k].unit) != NULL;
        }
      g_assert_cmpint (n, >, 0);
      rendered_clear (&r);
      plot_scenario_clear (&s);
    }
}

/* A 20,000-character name is cut on every chart, legend included. */
static void
test_long_name (void)
{
  static const char *const one[] = { "nvidia-h100-sxm" };
  g_autofree char *name = g_strnfill (20000, 'x');
  g_autofree char *x40 = g_strnfill (40, 'x');

  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    {
      if (k == ROOF_PLOT_TREND)
        continue; /* the catalog's names, not the compared devices' */
      PlotScenario s;
      plot_scenario_init (&s, k, "llama-3.1-8b", 1, one);
      s.devices[0].name = name;
      Rendered r = render (&s.in, 800, 500);
      g_assert_true (r.ok);
      for (guint i = 0; i < r.layout->texts->len; i++)
        {
          const RoofPlacedText *t = &g_array_index (r.layout->texts, RoofPlacedText, i);
          /* at most ROOF_CHART_NAME_MAX (40) characters of it, "…" last */
          if (strstr (t->text, x40) != NULL)
            g_error ("%s: “%.60s…” holds more than 39 characters of the name",
                     roof_plot_kind_name (k), t->text);
        }
      rendered_clear (&r);
      plot_scenario_clear (&s);
    }
}

/* A colour the user chose replaces the palette's on the chart. */
static void
test_custom_colour (void)
{
  static const char *const one[] = { "nvidia-h100-sxm" };
  PlotScenario s;
  plot_scenario_init (&s, ROOF_PLOT_ROOFLINE, "llama-3.1-8b", 1, one);
  s.devices[0].has_rgb = TRUE;
  s.devices[0].rgb = 0x8000ff;
  Rendered r = render (&s.in, 800, 500);
  RoofColor want = { 0x80 / 255.0, 0.0, 1.0, 1.0 };
  int found = 0;

  g_assert_true (r.ok);
  for (guint i = 0; i < r.layout->items->len; i++)
    {
      const RoofHitItem *it = &g_array_index (r.layout->items, RoofHitItem, i);
      found += near_color (r.surface, it->x, it->y, 2.0, want, 0.1);
    }
  g_assert_cmpint (found, >, 0);
  rendered_clear (&r);
  plot_scenario_clear (&s);
}

/* The cost chart states its cost basis in its caption: rented, each
 * device's price per device-hour as given (the fixtures' $2.69/h and
 * $5.98/h); owned, the purchase, years, electricity and PUE, and the
 * price they make (here given as 30,000 / (5 · 8,760) + 0.7 kW · $0.10 ·
 * 1.3 = $0.776/h, shown $0.78/h; chart-data computes it, test-chart-data). */
static char *
caption_of (const RoofChartInput *in)
{
  GString *caption = g_string_new (NULL);
  Rendered r = render (in, 2400, 1000);

  g_assert_true (r.ok);
  for (guint i = 0; i < r.layout->texts->len; i++)
    {
      const RoofPlacedText *t = &g_array_index (r.layout->texts, RoofPlacedText, i);
      if (t->role == ROOF_TEXT_CAPTION)
        g_string_append_printf (caption, "%s ", t->text);
    }
  rendered_clear (&r);
  return g_string_free (caption, FALSE);
}

static void
test_cost_basis_caption (void)
{
  static const char *const ids[] = { "nvidia-h100-sxm", "nvidia-b200" };
  PlotScenario s;

  plot_scenario_init (&s, ROOF_PLOT_COST, "llama-3.1-8b", 2, ids);
  g_autofree char *rent = caption_of (&s.in);
  g_assert_nonnull (strstr (rent, "cost basis: rented at H100 SXM $2.69/h, B200 $5.98/h "
                                  "per device"));
  g_assert_null (strstr (rent, "owned"));

  s.in.owned = TRUE;
  s.in.own = (RoofOwnership) { .capex_usd = 30000, .years = 5, .usd_per_kwh = 0.1, .pue = 1.3 };
  s.devices[0].hw.price_per_hour = 30000.0 / (5 * 8760) + 0.7 * 0.1 * 1.3;
  s.devices[1].hw.has_price = FALSE; /* no power figure: no owned price */
  g_autofree char *own = caption_of (&s.in);
  g_assert_nonnull (strstr (own, "cost basis: owned: $30000 per device over 5 years, $0.1/kWh, "
                                 "PUE 1.3 (H100 SXM $0.78/h per device)"));
  g_assert_nonnull (strstr (own, "B200 has no power figure to own it by"));
  g_assert_null (strstr (own, "rented"));
  {
    Rendered r = render (&s.in, 1600, 1000);
    gboolean axis = FALSE;
    for (guint i = 0; i < r.layout->texts->len; i++)
      {
        const RoofPlacedText *t = &g_array_index (r.layout->texts, RoofPlacedText, i);
        axis |= t->role == ROOF_TEXT_AXIS_TITLE
                && g_strcmp0 (t->text, "Cost (US$ per million output tokens, owned)") == 0;
      }
    g_assert_true (axis);
    rendered_clear (&r);
  }
  plot_scenario_clear (&s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/chart/names", test_names);
  g_test_add_func ("/plot/chart/every-chart-every-theme", test_every_chart_every_theme);
  g_test_add_func ("/plot/chart/no-overlap-scenarios", test_no_overlap_scenarios);
  g_test_add_func ("/plot/chart/roofline-probe", test_roofline_probe);
  g_test_add_func ("/plot/chart/cost-batch-axis", test_cost_batch_axis);
  g_test_add_func ("/plot/chart/sensitivity-binding", test_sensitivity_binding);
  g_test_add_func ("/plot/chart/pareto-probe", test_pareto_probe);
  g_test_add_func ("/plot/chart/export-formats", test_export_formats);
  g_test_add_func ("/plot/chart/export-reserve", test_export_reserve);
  g_test_add_func ("/plot/chart/png-encoder", test_png_encoder);
  g_test_add_func ("/plot/chart/png-encoder-runs", test_png_encoder_runs);
  g_test_add_func ("/plot/chart/export-limit", test_export_limit);
  g_test_add_func ("/plot/chart/export-files", test_export_files);
  g_test_add_func ("/plot/chart/degenerate", test_degenerate);
  g_test_add_func ("/plot/chart/generic-model", test_generic_model);
  g_test_add_func ("/plot/chart/cost-unpriced", test_cost_unpriced);
  g_test_add_func ("/plot/chart/layout-api", test_layout_api);
  g_test_add_func ("/plot/chart/cache", test_cache);
  g_test_add_func ("/plot/chart/no-tooltips", test_no_tooltips);
  g_test_add_func ("/plot/chart/device-colour", test_device_colour);
  g_test_add_func ("/plot/chart/layout-caption", test_layout_caption);
  g_test_add_func ("/plot/chart/roofline-labels", test_roofline_labels);
  g_test_add_func ("/plot/chart/cost-tooltip-batches", test_cost_tooltip_batches);
  g_test_add_func ("/plot/chart/memory-unit", test_memory_unit);
  g_test_add_func ("/plot/chart/long-name", test_long_name);
  g_test_add_func ("/plot/chart/custom-colour", test_custom_colour);
  g_test_add_func ("/plot/chart/cost-basis-caption", test_cost_basis_caption);
  return g_test_run ();
}
