/* roof-levers-panel.h — speculative decoding, disaggregated prefill and the
 * cost basis, edited in the workload panel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "roof-panel.h"

G_BEGIN_DECLS

/* Three expander rows under "Serving", each bound to the scenario's lever
 * properties (roof-scenario.h): a switch turns the lever on (refused, and
 * the switch stays off, until what it needs is given), numbers are typed
 * into RoofNumberRows and applied on Enter or when the row loses the
 * focus, drafters and prefill systems are picked from the catalog.
 * Properties: "catalog", "scenario". */
#define ROOF_TYPE_LEVERS_PANEL (roof_levers_panel_get_type ())
G_DECLARE_FINAL_TYPE (RoofLeversPanel, roof_levers_panel, ROOF, LEVERS_PANEL, RoofPanel)

GtkWidget *roof_levers_panel_new (void);

G_END_DECLS
