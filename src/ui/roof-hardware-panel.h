/* roof-hardware-panel.h — the left panel: devices to compare, and their specs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A searchable list of the catalog's devices grouped by vendor (a check per
 * device adds it to the scenario's comparison) over an editor of the
 * selected device's every field. Edits go straight to the catalog's specs;
 * the window recomputes on RoofScenario::changed and RoofCatalog::entry-changed.
 */
#pragma once

#include <adwaita.h>

#include "roof-panel.h"

G_BEGIN_DECLS

#define ROOF_TYPE_HARDWARE_PANEL (roof_hardware_panel_get_type ())
G_DECLARE_FINAL_TYPE (RoofHardwarePanel, roof_hardware_panel, ROOF, HARDWARE_PANEL, RoofPanel)

/* Properties (RoofPanel): "catalog" (RoofCatalog *), "scenario" (RoofScenario *); both
 * may be set at construction or later (and replaced). */

GtkWidget *roof_hardware_panel_new (RoofCatalog *catalog, RoofScenario *scenario);

/* Shows `id` in the editor and selects it in the list (clearing a search
 * that hides it). FALSE when the catalog has no such device. */
gboolean roof_hardware_panel_select_hardware (RoofHardwarePanel *self, const char *id);
/* The device in the editor, or NULL. */
RoofHardwareSpec *roof_hardware_panel_get_selected (RoofHardwarePanel *self);
/* Focuses the search entry (for Ctrl+F while the panel shows). */
void roof_hardware_panel_focus_search (RoofHardwarePanel *self);
/* Focuses the device list (its focused row, else its first): Space or
 * Enter then ticks the device. */
void roof_hardware_panel_focus_list (RoofHardwarePanel *self);
void roof_hardware_panel_set_search (RoofHardwarePanel *self, const char *text);

G_END_DECLS
