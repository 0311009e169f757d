/* bench-solver.c — how long the solver takes, median of many runs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints one line per figure. The workload is the app's default: Llama 3.1
 * 70B decode, bf16, context 4096, on the built-in catalog's devices.
 */
#include "config.h"

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "roof-catalog.h"
#include "roof-solver.h"

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (double *v, int n)
{
  qsort (v, n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Times `inner` calls of fn per sample, `samples` samples; returns the
 * median seconds per call. */
typedef void (*BenchFn) (gpointer data, int i);

static double
bench (BenchFn fn, gpointer data, int inner, int samples)
{
  double *t = g_new (double, samples);
  for (int i = 0; i < inner; i++) /* warm up */
    fn (data, i);
  for (int s = 0; s < samples; s++)
    {
      gint64 t0 = g_get_monotonic_time ();
      for (int i = 0; i < inner; i++)
        fn (data, i);
      t[s] = (g_get_monotonic_time () - t0) * 1e-6 / inner;
    }
  double m = median (t, samples);
  g_free (t);
  return m;
}

typedef struct
{
  const RoofHardwareParams *hw;
  const RoofHardwareParams **all;
  int n_all;
  const RoofModelDerived *md;
  RoofWorkload wl;
  RoofSla sla;
  RoofResult *sweep;
  RoofCandidate *candidates;
  /* rack scale: DeepSeek-V3 on a GB200 NVL72 */
  RoofHardwareParams nvl72;
  const RoofModelDerived *deepseek;
  RoofWorkload rack;
  long points;
  int layouts;
  /* the frontier: eight systems of the catalog */
  RoofHardwareParams systems[8];
  int n_systems;
  RoofFrontierPoint *frontier;
  size_t frontier_cap, frontier_points, frontier_on;
  volatile double sink;
} Ctx;

static void
one_layout_solve (gpointer data, int i)
{
  Ctx *c = data;
  RoofResult r;
  RoofError err;
  c->rack.batch = 1 + (i & 255);
  roof_solve (&c->nvl72, c->deepseek, &c->rack, &r, &err);
  c->sink += r.t_step;
}

static bool
count_point (const RoofLayoutPoint *p, void *user)
{
  Ctx *c = user;
  c->sink += p->usd_per_mtok;
  return true;
}

static void
one_enumeration (gpointer data, int i)
{
  Ctx *c = data;
  RoofError err;
  RoofLayoutSearch s;
  roof_layout_search_init (&s);
  s.itl = 0.050;
  roof_layouts_enumerate (&c->nvl72, c->deepseek, &c->rack, &s, count_point, c,
                          &c->layouts, &c->points, &err);
}

/* Every layout × batch on the grid of each system and its frontier, as
 * the pareto chart and `roofline-cli pareto` compute them. */
static void
one_frontier (gpointer data, int i)
{
  Ctx *c = data;
  RoofError err;
  RoofLayoutSearch s;
  roof_layout_search_init (&s);
  s.max_batch = 4096;
  s.batch_grid = true;
  c->frontier_points = c->frontier_on = 0;
  for (int k = 0; k < c->n_systems; k++)
    {
      size_t n = 0;
      if (roof_frontier_collect (&c->systems[k], c->deepseek, &c->rack, &s,
                                 ROOF_FRONTIER_PER_DEVICE, c->frontier, c->frontier_cap, &n, NULL,
                                 &err)
          != ROOF_OK)
        continue;
      if (n > c->frontier_cap)
        g_error ("bench-solver: %zu frontier points, room for %zu", n, c->frontier_cap);
      c->frontier_points += n;
      c->frontier_on += roof_frontier_mark (c->frontier, n);
    }
}

static void
one_solve (gpointer data, int i)
{
  Ctx *c = data;
  RoofResult r;
  RoofError err;
  c->wl.batch = 1 + (i & 255);
  roof_solve (c->hw, c->md, &c->wl, &r, &err);
  c->sink += r.t_step;
}

static void
one_sensitivity (gpointer data, int i)
{
  Ctx *c = data;
  RoofSensitivity s;
  RoofError err;
  c->wl.batch = 1 + (i & 255);
  roof_sensitivity (c->hw, c->md, &c->wl, ROOF_DEFAULT_SENSITIVITY_STEP, &s, &err);
  c->sink += s.t_base;
}

static void
one_synthesis (gpointer data, int i)
{
  Ctx *c = data;
  RoofError err;
  c->wl.batch = 1;
  roof_synthesize (c->all, c->n_all, c->md, &c->wl, &c->sla, c->candidates, &err);
  c->sink += c->candidates[0].usd_per_mtok;
}

static void
one_sweep (gpointer data, int i)
{
  Ctx *c = data;
  RoofError err;
  roof_sweep (c->hw, c->md, &c->wl, ROOF_SWEEP_BATCH, 1, 4096, 4096, FALSE, c->sweep, &err);
  c->sink += c->sweep[4095].t_step;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  if (catalog == NULL)
    {
      g_printerr ("bench-solver: %s\n", error->message);
      return 1;
    }
  RoofHardwareSpec *h100 = roof_catalog_find_hardware (catalog, "nvidia-h100-sxm");
  RoofModelSpec *llama = roof_catalog_find_model (catalog, "llama-3.1-70b");
  g_assert (h100 != NULL && llama != NULL);

  GListModel *hw = roof_catalog_get_hardware (catalog);
  guint n = g_list_model_get_n_items (hw);
  g_autofree const RoofHardwareParams **all = g_new (const RoofHardwareParams *, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RoofHardwareSpec) spec = g_list_model_get_item (hw, i);
      all[i] = roof_hardware_spec_get_params (spec);
    }

  Ctx c = { 0 };
  c.hw = roof_hardware_spec_get_params (h100);
  c.all = all;
  c.n_all = n;
  c.md = roof_model_spec_get_derived (llama);
  roof_workload_init (&c.wl);
  roof_sla_init (&c.sla);
  c.sla.itl = 0.050;
  c.sweep = g_new (RoofResult, 4096);

  /* the GB200 per-GPU entry and the NVL72's fabric (what a system entry of
   * the catalog supplies): 72 GPUs, NVLink switch with NVLS */
  RoofHardwareSpec *gb200 = roof_catalog_find_hardware (catalog, "nvidia-gb200-per-gpu");
  RoofModelSpec *ds = roof_catalog_find_model (catalog, "deepseek-v3");
  g_assert (gb200 != NULL && ds != NULL);
  c.nvl72 = *roof_hardware_spec_get_params (gb200);
  c.nvl72.scaleup_size = 72;
  c.nvl72.topology = ROOF_TOPOLOGY_SWITCH;
  c.nvl72.collective = ROOF_COLLECTIVE_SWITCH;
  c.nvl72.power_w = 1200;
  c.nvl72.has_price = TRUE;
  c.nvl72.price_per_hour = 6.0;
  c.deepseek = roof_model_spec_get_derived (ds);
  roof_workload_init (&c.rack);
  c.rack.weights = c.rack.kv = c.rack.compute = ROOF_PREC_FP8;
  c.rack.ep = 72;
  c.candidates = g_new (RoofCandidate, n);

  static const char *const system_ids[] = {
    "nvidia-gb200-nvl72",  "nvidia-gb300-nvl72",  "nvidia-hgx-b200",     "nvidia-hgx-h200",
    "nvidia-hgx-h100",     "amd-mi355x-platform", "amd-mi325x-platform", "amd-mi300x-platform",
  };
  for (guint k = 0; k < G_N_ELEMENTS (system_ids); k++)
    {
      RoofSystemSpec *sys = roof_catalog_find_system (catalog, system_ids[k]);
      RoofHardwareSpec *dev = sys ? roof_catalog_find_hardware (catalog,
                                                                roof_system_spec_get_device (sys))
                                  : NULL;
      g_autoptr (GError) local = NULL;
      if (dev == NULL
          || !roof_system_spec_get_params (sys, dev, &c.systems[c.n_systems], &local))
        g_error ("bench-solver: system %s: %s", system_ids[k],
                 local ? local->message : "not in the catalog");
      c.n_systems++;
    }
  c.frontier_cap = 1 << 16;
  c.frontier = g_new (RoofFrontierPoint, c.frontier_cap);

  printf ("roofline solver benchmark (median; Llama 3.1 70B decode, bf16, context 4096)\n");
  printf ("  decode solve               %8.1f ns\n", 1e9 * bench (one_solve, &c, 200000, 31));
  printf ("  sensitivity (8 knobs)      %8.2f µs\n", 1e6 * bench (one_sensitivity, &c, 20000, 31));
  printf ("  synthesis, %2u devices      %8.3f ms\n", n, 1e3 * bench (one_synthesis, &c, 50, 31));
  printf ("  sweep, 4096 batch points   %8.1f µs\n", 1e6 * bench (one_sweep, &c, 100, 31));
  printf ("rack scale (DeepSeek-V3 fp8, context 4096, GB200 NVL72)\n");
  printf ("  layout solve (EP 72)       %8.1f ns\n",
          1e9 * bench (one_layout_solve, &c, 200000, 31));
  double t_enum = bench (one_enumeration, &c, 3, 11);
  printf ("  every layout, batch 1-4096 %8.2f ms  (%d layouts, %ld points)\n", 1e3 * t_enum,
          c.layouts, c.points);

  double t_frontier = bench (one_frontier, &c, 3, 21);
  printf ("the frontier (DeepSeek-V3 fp8, context 4096, %d systems of the catalog)\n",
          c.n_systems);
  printf ("  frontier of 8 systems      %8.2f ms  (%zu points, %zu on the frontiers)\n",
          1e3 * t_frontier, c.frontier_points, c.frontier_on);

  g_free (c.frontier);
  g_free (c.sweep);
  g_free (c.candidates);
  return 0;
}
