/* bench-plot.c — the reference roofline chart, rendered to PNG and SVG
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 6 devices (A100 SXM, H100 SXM, H200, B200, MI300X, L40S), 4 ceilings
 * each (fp32, bf16, fp8, int8), Llama 3.1 70B decode at B = 1 … 2048 and
 * prefill at S = 128 … 262144 (24 labelled workload points), 1600 × 1000.
 * Prints the median of N renders (default 25) for an image surface, an
 * image surface written to PNG, and an SVG surface. Goals: ≤ 10 ms PNG,
 * ≤ 15 ms SVG.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>

#include "plot-fixtures.h"
#include "roof-png.h"

static cairo_status_t
discard (void *closure, const unsigned char *data, unsigned int length)
{
  *(gsize *) closure += length;
  return CAIRO_STATUS_SUCCESS;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (double *v, int n)
{
  qsort (v, n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int
main (int argc, char **argv)
{
  static const char *const ids[] = { "nvidia-a100-sxm-80gb", "nvidia-h100-sxm", "nvidia-h200-sxm",
                                     "nvidia-b200",          "amd-mi300x",      "nvidia-l40s" };
  int n = argc > 1 ? atoi (argv[1]) : 25;
  const double W = 1600, H = 1000;
  PlotScenario s;
  double *t_img, *t_png, *t_svg;
  gsize bytes = 0;

  if (n < 1)
    n = 25;
  plot_scenario_init (&s, ROOF_PLOT_ROOFLINE, "llama-3.1-70b", 6, ids);
  s.in.ceilings = (1u << ROOF_PREC_FP32) | (1u << ROOF_PREC_BF16) | (1u << ROOF_PREC_FP8)
                  | (1u << ROOF_PREC_INT8);
  s.in.batch_lo = 1;
  s.in.batch_hi = 2048;
  s.in.prompt_lo = 128;
  s.in.prompt_hi = 262144;

  t_img = g_new (double, n);
  t_png = g_new (double, n);
  t_svg = g_new (double, n);
  RoofChartLayout *layout = roof_chart_layout_new ();

  /* one warm-up: fontconfig, glyph caches */
  {
    cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) W, (int) H);
    cairo_t *cr = cairo_create (surf);
    roof_chart_render (cr, W, H, &s.in, layout, NULL);
    cairo_destroy (cr);
    cairo_surface_destroy (surf);
  }

  for (int i = 0; i < n; i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) W, (int) H);
      cairo_t *cr = cairo_create (surf);
      GError *error = NULL;
      if (!roof_chart_render (cr, W, H, &s.in, layout, &error))
        {
          g_printerr ("render failed: %s\n", error->message);
          return 1;
        }
      cairo_destroy (cr);
      cairo_surface_flush (surf);
      gint64 t1 = g_get_monotonic_time ();
      GByteArray *png = g_byte_array_new ();
      roof_png_encode (surf, 96.0, png, NULL);
      bytes += png->len;
      g_byte_array_unref (png);
      gint64 t2 = g_get_monotonic_time ();
      cairo_surface_destroy (surf);
      t_img[i] = (t1 - t0) / 1000.0;
      t_png[i] = (t2 - t0) / 1000.0;

      t0 = g_get_monotonic_time ();
      surf = cairo_svg_surface_create_for_stream (discard, &bytes, W, H);
      cr = cairo_create (surf);
      roof_chart_render (cr, W, H, &s.in, NULL, NULL);
      cairo_destroy (cr);
      cairo_surface_finish (surf);
      cairo_surface_destroy (surf);
      t_svg[i] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  int labelled = 0;
  for (guint i = 0; i < layout->texts->len; i++)
    {
      const RoofPlacedText *t = &g_array_index (layout->texts, RoofPlacedText, i);
      labelled += g_str_has_prefix (t->text, "B=") || g_str_has_prefix (t->text, "S=");
    }
  printf ("reference roofline: 6 devices × 4 ceilings, %d workload labels placed "
          "(%d labels dropped), %u texts, %u hit items, 1600×1000, %d renders\n",
          labelled, layout->dropped_labels, layout->texts->len, layout->items->len, n);
  printf ("image surface (render only)   median %6.2f ms   goal ≤ 10 ms\n", median (t_img, n));
  printf ("PNG (render + encode)         median %6.2f ms\n", median (t_png, n));
  printf ("SVG (render + write)          median %6.2f ms   goal ≤ 15 ms\n", median (t_svg, n));

  roof_chart_layout_free (layout);
  g_free (t_img);
  g_free (t_png);
  g_free (t_svg);
  plot_scenario_clear (&s);
  return 0;
}
