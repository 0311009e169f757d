/* roof-fleet-set.c — one system's fleet candidates in memory of the right size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-fleet-set.h"

RoofStatus
roof_fleet_set_compute (RoofFleetSet *set, const RoofHardwareParams *hw,
                        const RoofModelDerived *md, const RoofWorkload *wl,
                        const RoofFleetDemand *demand, RoofError *err)
{
  RoofStatus st;
  size_t capacity = 1024, n = 0;

  roof_fleet_set_clear (set);
  /* room for the usual count; timed again only when there are more */
  set->cands = g_new (RoofFleetCandidate, capacity);
  st = roof_fleet_candidates (hw, md, wl, demand, set->cands, capacity, &n, err);
  if (st == ROOF_OK && n > capacity)
    {
      set->cands = g_renew (RoofFleetCandidate, set->cands, n);
      st = roof_fleet_candidates (hw, md, wl, demand, set->cands, n, &n, err);
    }
  set->n = n;
  if (st != ROOF_OK)
    roof_fleet_set_clear (set);
  return st;
}

void
roof_fleet_set_clear (RoofFleetSet *set)
{
  g_clear_pointer (&set->cands, g_free);
  set->n = 0;
}
