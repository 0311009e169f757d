/* roof-fleet-panel.h — the Fleet view's traffic, targets and plan
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "roof-chart-data.h"
#include "roof-scenario.h"

G_BEGIN_DECLS

/* Under the plan chart: the request rate, the lengths and the TTFT and
 * ITL targets, each bound to its property of the scenario ("rate",
 * "lengths", "ttft-p50", "ttft-p99", "itl"), and the plan of every compared
 * device at that rate, cheapest first (docs/model.md, "The fleet plan"),
 * from the data the charts draw. Properties: "scenario". */
#define ROOF_TYPE_FLEET_PANEL (roof_fleet_panel_get_type ())
G_DECLARE_FINAL_TYPE (RoofFleetPanel, roof_fleet_panel, ROOF, FLEET_PANEL, GtkWidget)

GtkWidget *roof_fleet_panel_new (void);
void roof_fleet_panel_set_scenario (RoofFleetPanel *self, RoofScenario *scenario);
/* The data the plan is computed from; it is computed when the panel is
 * mapped, and again on each new data while it is. */
void roof_fleet_panel_set_data (RoofFleetPanel *self, RoofChartData *data);
/* The plan's table, for tests: a header row, then a row of labels per
 * device (device, plan, $/month, MW, TTFT P99, ITL), cheapest first. */
GtkGrid *roof_fleet_panel_get_plan_grid (RoofFleetPanel *self);

G_END_DECLS
