/* roof-fleet-set.h — one system's fleet candidates, for the chart and the CLI
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The solver's roof_fleet_candidates (docs/model.md, "The fleet plan")
 * into memory of the right size: every layout × batch on the batch grid
 * that fits, timed once for the demand's lengths, so that plans at many
 * request rates (the plan chart) reuse them. GLib only.
 */
#pragma once

#include <glib.h>

#include "roof-chart.h"
#include "roof-fleet.h"

G_BEGIN_DECLS

typedef struct
{
  RoofFleetCandidate *cands;
  size_t n;
} RoofFleetSet;

/* Fills `set` (zeroed or cleared) for one system, with the levers (NULL:
 * none; roof_fleet_candidates_levers); on a solver error it is empty. The
 * demand's rate and targets are not used: only its lengths. */
RoofStatus roof_fleet_set_compute (RoofFleetSet *set,
                                   const RoofHardwareParams *hw,
                                   const RoofModelDerived *md,
                                   const RoofWorkload *wl,
                                   const RoofFleetDemand *demand,
                                   const RoofFleetLevers *levers,
                                   RoofError *err);
/* The levers of a chart input (speculative decoding, disaggregation) for
 * the plan of device i into `out`, or NULL when it has none; *hw the system
 * the plan runs on: device i, or with disaggregation its pool
 * (RoofChartInput.disagg_pools), which has the scale-out network. */
const RoofFleetLevers *roof_fleet_levers_of (const RoofChartInput *in,
                                             int device,
                                             RoofFleetLevers *out,
                                             const RoofHardwareParams **hw);
void roof_fleet_set_clear (RoofFleetSet *set);

/* `fleet` as a chart input states it (RoofChartInput.fleet): when it has
 * no length class, one class of the workload's prompt and output (at
 * least 1 token), its rate and targets kept. */
void roof_fleet_demand_of (RoofFleetDemand *out, const RoofFleetDemand *fleet,
                           const RoofWorkload *wl);

/* How plans are ranked in a table: those meeting every target first, then
 * priced before unpriced, then by $/month (devices when unpriced), and a
 * system with no plan (NULL) last; 0 when they tie (the caller orders
 * ties). */
int roof_fleet_plan_compare (const RoofFleetPlan *a, const RoofFleetPlan *b);

G_END_DECLS
