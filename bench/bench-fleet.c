/* bench-fleet.c — how long a fleet plan takes, median of many runs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The plan of docs/model.md, "The fleet plan": Llama 3.1 70B (bf16) at 20
 * requests/s of the mix 512:128@0.7,4096:512@0.3, TTFT P99 ≤ 2 s and
 * ITL ≤ 50 ms, on eight systems of the built-in catalog. Three figures:
 * the candidates (every layout × batch on the grid, timed once), the plan
 * over them, and both (what `roofline-cli plan` computes); then the 49
 * plans of the plan chart over the candidates (what the chart adds). Figures
 * in docs/performance.md, "The fleet plan".
 */
#include "config.h"

#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "roof-catalog.h"
#include "roof-fleet.h"

#define N_SYSTEMS 8
#define CAPACITY 4096

typedef struct
{
  RoofHardwareParams systems[N_SYSTEMS];
  const RoofModelDerived *md;
  RoofWorkload wl;
  RoofFleetDemand d;
  RoofFleetCandidate *cands[N_SYSTEMS];
  size_t n[N_SYSTEMS];
  size_t total;
  int found;
} Ctx;

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The median of `samples` samples of `inner` calls, seconds per call. */
static double
bench (void (*fn) (Ctx *), Ctx *c, int inner, int samples)
{
  double t[64];
  fn (c);
  for (int s = 0; s < samples; s++)
    {
      gint64 t0 = g_get_monotonic_time ();
      for (int i = 0; i < inner; i++)
        fn (c);
      t[s] = (g_get_monotonic_time () - t0) * 1e-6 / inner;
    }
  qsort (t, samples, sizeof t[0], cmp_double);
  return t[samples / 2];
}

static void
candidates (Ctx *c)
{
  c->total = 0;
  for (int k = 0; k < N_SYSTEMS; k++)
    {
      RoofError err;
      if (roof_fleet_candidates (&c->systems[k], c->md, &c->wl, &c->d, c->cands[k], CAPACITY,
                                 &c->n[k], &err)
            != ROOF_OK
          || c->n[k] > CAPACITY)
        g_error ("bench-fleet: candidates of system %d: %s", k, err.message);
      c->total += c->n[k];
    }
}

static void
plans (Ctx *c)
{
  c->found = 0;
  for (int k = 0; k < N_SYSTEMS; k++)
    {
      RoofFleetPlan p;
      RoofError err;
      if (c->n[k] > 0 && roof_fleet_plan (c->cands[k], c->n[k], &c->d, &p, &err) == ROOF_OK)
        c->found += p.found;
    }
}

static void
both (Ctx *c)
{
  candidates (c);
  plans (c);
}

/* The chart: 49 rates from 1/100 to 100 times the rate, 12 a decade. */
static void
chart_rates (Ctx *c)
{
  RoofFleetDemand d = c->d;
  double rate = c->d.rate;
  for (int r = 0; r < 49; r++)
    {
      c->d.rate = rate * pow (10.0, (r - 24) / 12.0);
      plans (c);
    }
  c->d = d;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = roof_catalog_new_builtin (&error);
  static const char *const ids[N_SYSTEMS] = {
    "nvidia-gb200-nvl72",  "nvidia-gb300-nvl72",  "nvidia-hgx-b200",     "nvidia-hgx-h200",
    "nvidia-hgx-h100",     "amd-mi355x-platform", "amd-mi325x-platform", "amd-mi300x-platform",
  };
  Ctx c = { 0 };

  if (catalog == NULL)
    g_error ("bench-fleet: %s", error->message);
  for (int k = 0; k < N_SYSTEMS; k++)
    {
      RoofSystemSpec *sys = roof_catalog_find_system (catalog, ids[k]);
      RoofHardwareSpec *dev
        = sys ? roof_catalog_find_hardware (catalog, roof_system_spec_get_device (sys)) : NULL;
      g_autoptr (GError) local = NULL;
      if (dev == NULL || !roof_system_spec_get_params (sys, dev, &c.systems[k], &local))
        g_error ("bench-fleet: system %s: %s", ids[k], local ? local->message : "not found");
      c.cands[k] = g_new (RoofFleetCandidate, CAPACITY);
    }
  c.md = roof_model_spec_get_derived (roof_catalog_find_model (catalog, "llama-3.1-70b"));
  roof_workload_init (&c.wl);
  roof_fleet_demand_init (&c.d, 20, 512, 128);
  c.d.n_classes = 2;
  c.d.classes[0].share = 0.7;
  c.d.classes[1] = (RoofFleetClass){ 4096, 512, 0.3 };
  c.d.ttft_p99 = 2.0;
  c.d.itl = 0.050;

  double t_c = bench (candidates, &c, 3, 21);
  double t_p = bench (plans, &c, 3, 21);
  double t_b = bench (both, &c, 3, 21);
  double t_chart = bench (chart_rates, &c, 1, 11);
  printf ("the fleet plan (Llama 3.1 70B bf16, 20 requests/s of 512:128@0.7,4096:512@0.3, "
          "TTFT P99 2 s, ITL 50 ms, %d systems)\n",
          N_SYSTEMS);
  printf ("  candidates of 8 systems    %8.2f ms  (%zu layout × batch candidates)\n",
          1e3 * t_c, c.total);
  printf ("  plans over them            %8.3f ms  (%d of 8 meet every target)\n", 1e3 * t_p,
          c.found);
  printf ("  plan of 8 systems          %8.2f ms\n", 1e3 * t_b);
  printf ("  49 chart rates × 8 plans   %8.2f ms\n", 1e3 * t_chart);
  for (int k = 0; k < N_SYSTEMS; k++)
    g_free (c.cands[k]);
  return 0;
}
