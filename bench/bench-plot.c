/* bench-plot.c — the eight charts at reference complexity, as an image, PNG and SVG
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reference scenario (docs/performance.md): 6 devices (A100 SXM, H100
 * SXM, H200, B200, MI300X, L40S), Llama 3.1 70B; the roofline draws 4
 * ceilings each (fp32, bf16, fp8, int8), decode at B = 1 … 2048 and prefill
 * at S = 128 … 262144 (24 labelled workload points); 1600 × 1000. Prints,
 * per chart, the median of N renders (default 25) to an image surface
 * (render only), to PNG (render and encode, roof_chart_export_bytes) and to
 * SVG (render and write). Renders keep a RoofChartCache, as the app and
 * repeated exports do; --no-cache shapes every text anew each time.
 *
 *   bench-plot [-n N] [-c CHART] [-f image|png|svg] [--app] [--no-cache]
 *
 * -f times one format only (for a profiler). --app draws what the app's
 * benchmark shows instead (docs/performance.md, "App"): the eight test
 * devices, two in tensor parallel, the default bf16 and fp8 ceilings, no
 * caption and no tooltips, 690 × 570 (the chart at the default window size).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot-fixtures.h"

static const char *const reference[] = { "nvidia-a100-sxm-80gb", "nvidia-h100-sxm",
                                         "nvidia-h200-sxm",      "nvidia-b200",
                                         "amd-mi300x",           "nvidia-l40s" };

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

static void
scenario (PlotScenario *s, RoofPlotKind kind, gboolean app)
{
  if (app)
    {
      plot_scenario_init (s, kind, "llama-3.1-70b", 8, NULL);
      s->in.ceilings = (1u << ROOF_PREC_BF16) | (1u << ROOF_PREC_FP8);
      s->in.workload.devices = 2;
      s->in.caption = FALSE;
      s->in.no_tooltips = TRUE; /* until the pointer rests on an item */
      return;
    }
  plot_scenario_init (s, kind, "llama-3.1-70b", G_N_ELEMENTS (reference), reference);
  s->in.ceilings = (1u << ROOF_PREC_FP32) | (1u << ROOF_PREC_BF16) | (1u << ROOF_PREC_FP8)
                   | (1u << ROOF_PREC_INT8);
  s->in.batch_lo = 1;
  s->in.batch_hi = 2048;
  s->in.prompt_lo = 128;
  s->in.prompt_hi = 262144;
}

static double
time_image (const RoofChartInput *in, double w, double h, RoofChartLayout *layout)
{
  gint64 t0 = g_get_monotonic_time ();
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) w, (int) h);
  cairo_t *cr = cairo_create (surf);
  g_autoptr (GError) error = NULL;

  if (!roof_chart_render (cr, w, h, in, layout, &error))
    g_error ("%s: %s", roof_plot_kind_name (in->kind), error->message);
  cairo_destroy (cr);
  cairo_surface_flush (surf);
  cairo_surface_destroy (surf);
  return (g_get_monotonic_time () - t0) / 1000.0;
}

static double
time_export (const RoofChartInput *in, RoofExportFormat format, double w, double h)
{
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = roof_chart_export_bytes (in, format, w, h, &error);

  if (bytes == NULL)
    g_error ("%s: %s", roof_plot_kind_name (in->kind), error->message);
  return (g_get_monotonic_time () - t0) / 1000.0;
}

static void
usage (void)
{
  fprintf (stderr,
           "usage: bench-plot [-n N] [-c CHART] [-f image|png|svg] [--app] [--no-cache]\n");
  exit (2);
}

int
main (int argc, char **argv)
{
  int n = 25;
  int only = -1;
  const char *format = NULL;
  double W = 1600, H = 1000;
  gboolean app = FALSE, use_cache = TRUE;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (strcmp (a, "-n") == 0 && i + 1 < argc)
        n = atoi (argv[++i]);
      else if (strcmp (a, "-c") == 0 && i + 1 < argc)
        {
          RoofPlotKind k;
          if (!roof_plot_kind_from_name (argv[++i], &k))
            usage ();
          only = k;
        }
      else if (strcmp (a, "-f") == 0 && i + 1 < argc)
        format = argv[++i];
      else if (strcmp (a, "--app") == 0)
        {
          app = TRUE;
          W = 690;
          H = 570;
        }
      else if (strcmp (a, "--no-cache") == 0)
        use_cache = FALSE;
      else
        usage ();
    }
  n = MAX (n, 1);

  printf ("charts: %s, Llama 3.1 70B, %g×%g, median of %d renders%s\n",
          app ? "the app's 8 devices" : "the 6 reference devices", W, H, n,
          use_cache ? "" : ", no cache");
  printf ("%-12s %9s %9s %9s\n", "chart", "image ms", "PNG ms", "SVG ms");

  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    {
      PlotScenario s;
      g_autoptr (RoofChartCache) cache = use_cache ? roof_chart_cache_new () : NULL;
      g_autoptr (RoofChartLayout) layout = roof_chart_layout_new ();
      g_autofree double *t_img = g_new (double, n);
      g_autofree double *t_png = g_new (double, n);
      g_autofree double *t_svg = g_new (double, n);

      if (only >= 0 && k != only)
        continue;
      scenario (&s, k, app);
      s.in.cache = cache;
      /* one warm-up: fontconfig, glyph caches; then one target at a time,
       * as a view or a series of exports draws (a cache follows its target) */
      time_image (&s.in, W, H, layout);
      for (int i = 0; i < n; i++)
        t_img[i] = !format || strcmp (format, "image") == 0 ? time_image (&s.in, W, H, layout) : 0;
      for (int i = 0; i < n; i++)
        t_png[i] = !format || strcmp (format, "png") == 0
                     ? time_export (&s.in, ROOF_EXPORT_PNG, W, H) : 0;
      for (int i = 0; i < n; i++)
        t_svg[i] = !format || strcmp (format, "svg") == 0
                     ? time_export (&s.in, ROOF_EXPORT_SVG, W, H) : 0;
      printf ("%-12s %9.2f %9.2f %9.2f\n", roof_plot_kind_name (k), median (t_img, n),
              median (t_png, n), median (t_svg, n));
      if (k == ROOF_PLOT_ROOFLINE)
        {
          int labelled = 0;
          for (guint i = 0; i < layout->texts->len; i++)
            {
              const RoofPlacedText *t = &g_array_index (layout->texts, RoofPlacedText, i);
              labelled += g_str_has_prefix (t->text, "B=") || g_str_has_prefix (t->text, "S=");
            }
          printf ("  (%d workload labels placed, %d labels dropped, %u texts, %u hit items)\n",
                  labelled, layout->dropped_labels, layout->texts->len, layout->items->len);
        }
      plot_scenario_clear (&s);
    }
  return 0;
}
