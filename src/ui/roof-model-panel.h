/* roof-model-panel.h — the right panel: model, workload, targets and cost
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model picker, the model's derived figures, the workload (precisions,
 * batch, lengths, devices, overlap, overhead), the SLA targets, the compared
 * devices' prices, and an editor of the model's specification. Every change
 * goes to the scenario (roof_scenario_set_model / _workload / _sla) or to the
 * model's spec at once. Key controls are named for lookup: "model-dropdown",
 * "batch-spin" (accessible label "Batch size"), "batch-scale",
 * "prompt-spin", "context-spin", "output-spin", "devices-spin"; the numbers
 * are AdwEntryRows whose values roof_ui_number_row_get_adjustment () gives.
 */
#pragma once

#include <adwaita.h>

#include "roof-panel.h"

G_BEGIN_DECLS

#define ROOF_TYPE_MODEL_PANEL (roof_model_panel_get_type ())
G_DECLARE_FINAL_TYPE (RoofModelPanel, roof_model_panel, ROOF, MODEL_PANEL, RoofPanel)

/* Properties (RoofPanel): "catalog" (RoofCatalog *), "scenario" (RoofScenario *); both
 * may be set at construction or later (and replaced).
 * Signal ::edit-hardware (const char *id): the user chose a device's price
 * to edit it; the window shows the hardware panel with that device
 * (roof_hardware_panel_select_hardware). */

GtkWidget *roof_model_panel_new (RoofCatalog *catalog, RoofScenario *scenario);

G_END_DECLS
