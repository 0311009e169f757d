/* roof-layout-panel.h — the parallel layout and the system, edited in the
 * workload panel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "roof-panel.h"

G_BEGIN_DECLS

/* The "Layout" group, bound to the scenario's layout properties
 * (roof-scenario.h): "system" picked from the catalog's systems (or none:
 * the compared devices bare), "devices" (tensor parallel), "ep", "pp",
 * "dp", "attn-parallel", "ep-imbalance" and "microbatches". A row that does
 * not apply (EP on a dense model, microbatches with one stage) is
 * insensitive and says why; a degree the model or a column cannot take is
 * refused as it is typed, with one message naming the field, and a layout
 * that stops fitting (another model, another system) says so under the
 * group. Properties: "catalog", "scenario". */
#define ROOF_TYPE_LAYOUT_PANEL (roof_layout_panel_get_type ())
G_DECLARE_FINAL_TYPE (RoofLayoutPanel, roof_layout_panel, ROOF, LAYOUT_PANEL, RoofPanel)

GtkWidget *roof_layout_panel_new (void);

/* Why the scenario's layout, with `property` ("devices", "ep", "pp", "dp";
 * NULL: none) set to `value`, cannot run on its model and every column
 * (its system, its compared devices), in one translated sentence naming
 * the field; NULL when it can. */
char *roof_layout_panel_check (RoofCatalog *catalog,
                               RoofScenario *scenario,
                               const char *property,
                               double value);

G_END_DECLS
