/* roof-fleet-set.c — one system's fleet candidates in memory of the right size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-fleet-set.h"

#include <string.h>

RoofStatus
roof_fleet_set_compute (RoofFleetSet *set, const RoofHardwareParams *hw,
                        const RoofModelDerived *md, const RoofWorkload *wl,
                        const RoofFleetDemand *demand, const RoofFleetLevers *levers,
                        RoofError *err)
{
  RoofStatus st;
  size_t capacity = 1024, n = 0;

  roof_fleet_set_clear (set);
  /* room for the usual count; timed again only when there are more */
  set->cands = g_new (RoofFleetCandidate, capacity);
  st = roof_fleet_candidates_levers (hw, md, wl, demand, levers, set->cands, capacity, &n, err);
  if (st == ROOF_OK && n > capacity)
    {
      set->cands = g_renew (RoofFleetCandidate, set->cands, n);
      st = roof_fleet_candidates_levers (hw, md, wl, demand, levers, set->cands, n, &n, err);
    }
  set->n = n;
  if (st != ROOF_OK)
    roof_fleet_set_clear (set);
  return st;
}

const RoofFleetLevers *
roof_fleet_levers_of (const RoofChartInput *in, int device, RoofFleetLevers *out,
                      const RoofHardwareParams **hw)
{
  const RoofHardwareParams *pool = in->disagg_pools != NULL ? &in->disagg_pools[device]
                                                            : &in->devices[device].hw;

  memset (out, 0, sizeof *out);
  *hw = &in->devices[device].hw;
  if (in->has_spec)
    {
      out->spec = &in->spec;
      out->draft = in->draft;
    }
  if (in->has_disagg)
    {
      *hw = pool;
      out->prefill_hw = in->prefill_hw != NULL ? in->prefill_hw : pool;
      out->prefill_wl = in->prefill_workload;
    }
  return in->has_spec || in->has_disagg ? out : NULL;
}

void
roof_fleet_set_clear (RoofFleetSet *set)
{
  g_clear_pointer (&set->cands, g_free);
  set->n = 0;
}

void
roof_fleet_demand_of (RoofFleetDemand *out, const RoofFleetDemand *fleet, const RoofWorkload *wl)
{
  *out = *fleet;
  if (fleet->n_classes > 0)
    return;
  roof_fleet_demand_init (out, fleet->rate, wl->prompt, MAX (wl->output, 1.0));
  out->ttft_p50 = fleet->ttft_p50;
  out->ttft_p99 = fleet->ttft_p99;
  out->itl = fleet->itl;
}

int
roof_fleet_plan_compare (const RoofFleetPlan *a, const RoofFleetPlan *b)
{
  if (a == NULL || b == NULL)
    return (a == NULL) - (b == NULL);
  if (a->meets != b->meets)
    return a->meets ? -1 : 1;
  if (a->has_cost != b->has_cost)
    return a->has_cost ? -1 : 1;
  double ka = a->has_cost ? a->usd_per_month : a->devices;
  double kb = b->has_cost ? b->usd_per_month : b->devices;
  if (ka != kb)
    return ka < kb ? -1 : 1;
  return 0;
}
