/* render-gallery.c — every chart in every theme at both sizes, for looking
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * render-gallery DIR [--docs]   writes DIR/<kind>-<theme>-<n>dev-<w>x<h>.png;
 * with --docs, DIR/chart-<kind>.png (1600×1000 light) and
 * DIR/chart-roofline-dark.png for the README.
 */
#include <stdio.h>
#include <string.h>

#include "plot-fixtures.h"

static const int sizes[][2] = { { 800, 500 }, { 1600, 1000 } };

static gboolean
write_one (PlotScenario *s, const char *path, double w, double h)
{
  g_autoptr (GError) error = NULL;
  if (!roof_chart_export (&s->in, ROOF_EXPORT_PNG, path, w, h, &error))
    {
      g_printerr ("%s: %s\n", path, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
docs_scenario (PlotScenario *s, RoofPlotKind kind)
{
  static const char *const three[] = { "nvidia-h100-sxm", "nvidia-h200-sxm", "amd-mi300x" };
  static const char *const four[] = { "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-b200",
                                      "amd-mi300x" };
  switch (kind)
    {
    case ROOF_PLOT_ROOFLINE:
      plot_scenario_init (s, kind, "llama-3.1-70b", 4, four);
      s->in.ceilings = (1u << ROOF_PREC_BF16) | (1u << ROOF_PREC_FP8);
      s->in.workload.weights = s->in.workload.kv = s->in.workload.compute = ROOF_PREC_FP8;
      s->in.workload.devices = 2;
      s->in.workload.context = 1024;
      break;
    case ROOF_PLOT_COST:
    case ROOF_PLOT_BATCH:
      plot_scenario_init (s, kind, "llama-3.1-70b", 3, three);
      s->in.workload.weights = s->in.workload.kv = s->in.workload.compute = ROOF_PREC_FP8;
      s->in.workload.devices = 2;
      s->in.workload.context = 1024;
      break;
    case ROOF_PLOT_CONTEXT:
      plot_scenario_init (s, kind, "llama-3.1-8b", 3, three);
      s->in.workload.batch = 16;
      break;
    case ROOF_PLOT_SENSITIVITY:
      plot_scenario_init (s, kind, "llama-3.1-70b", 3, three);
      s->in.workload.weights = s->in.workload.kv = s->in.workload.compute = ROOF_PREC_FP8;
      s->in.workload.devices = 2;
      s->in.workload.context = 1024;
      s->in.workload.batch = 256;
      break;
    case ROOF_PLOT_MEMORY:
      plot_scenario_init (s, kind, "llama-3.1-70b", 4, four);
      s->in.workload.batch = 32;
      s->in.workload.context = 8192;
      break;
    case ROOF_PLOT_TREND:
      plot_scenario_init (s, kind, "llama-3.1-70b", 3, three);
      break;
    case ROOF_PLOT_PARETO:
      /* each device a system of 8, every layout and batch; ITL ≤ 30 ms */
      plot_scenario_init (s, kind, "llama-3.1-70b", 4, four);
      s->in.sla.itl = 0.030;
      break;
    case ROOF_PLOT_PLAN:
      /* 20 requests/s of a chat mix, TTFT P99 ≤ 2 s, ITL ≤ 50 ms */
      plot_scenario_init (s, kind, "llama-3.1-70b", 4, four);
      roof_fleet_demand_init (&s->in.fleet, 20, 512, 128);
      s->in.fleet.n_classes = 2;
      s->in.fleet.classes[0].share = 0.7;
      s->in.fleet.classes[1] = (RoofFleetClass){ 4096, 512, 0.3 };
      s->in.fleet.ttft_p99 = 2.0;
      s->in.fleet.itl = 0.050;
      break;
    default:
      plot_scenario_init (s, kind, "llama-3.1-70b", 3, three);
      break;
    }
}

int
main (int argc, char **argv)
{
  int failures = 0;

  if (argc < 2)
    {
      g_printerr ("usage: %s DIR [--docs]\n", argv[0]);
      return 2;
    }
  const char *dir = argv[1];
  gboolean docs = argc > 2 && strcmp (argv[2], "--docs") == 0;
  g_mkdir_with_parents (dir, 0755);

  if (docs)
    {
      for (int k = 0; k < ROOF_PLOT_COUNT; k++)
        {
          PlotScenario s;
          docs_scenario (&s, k);
          g_autofree char *path = g_strdup_printf ("%s/chart-%s.png", dir, roof_plot_kind_name (k));
          failures += !write_one (&s, path, 1600, 1000);
          if (k == ROOF_PLOT_ROOFLINE)
            {
              g_autofree char *dark = g_strdup_printf ("%s/chart-roofline-dark.png", dir);
              s.in.theme = ROOF_THEME_DARK;
              failures += !write_one (&s, dark, 1600, 1000);
            }
          plot_scenario_clear (&s);
        }
      return failures ? 1 : 0;
    }

  const char *only = g_getenv ("GALLERY_ONLY");
  for (int k = 0; k < ROOF_PLOT_COUNT; k++)
    {
      if (only && !strstr (only, roof_plot_kind_name (k)))
        continue;
      for (int t = 0; t <= ROOF_THEME_PRINT; t++)
        for (int n = 1; n <= 8; n += 7)
          for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
            {
              PlotScenario s;
              plot_scenario_init (&s, k, "llama-3.1-70b", n, NULL);
              s.in.theme = t;
              g_autofree char *path =
                g_strdup_printf ("%s/%s-%s-%ddev-%dx%d.png", dir, roof_plot_kind_name (k),
                                 roof_theme_name (t), n, sizes[z][0], sizes[z][1]);
              failures += !write_one (&s, path, sizes[z][0], sizes[z][1]);
              plot_scenario_clear (&s);
            }
    }
  return failures ? 1 : 0;
}
