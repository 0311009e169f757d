/* roof-hardware-row.h — one device in the hardware panel's list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A check that adds the device to the scenario's comparison (accessible
 * label "Compare NAME"), the colour the charts give it, its name and key
 * figures, and badges for custom and modified entries. The row follows the
 * spec and the scenario by itself; the list only binds and unbinds it.
 */
#pragma once

#include <adwaita.h>

#include "roof-scenario.h"

G_BEGIN_DECLS

#define ROOF_TYPE_HARDWARE_ROW (roof_hardware_row_get_type ())
G_DECLARE_FINAL_TYPE (RoofHardwareRow, roof_hardware_row, ROOF, HARDWARE_ROW, GtkWidget)

/* Properties: "spec" (RoofHardwareSpec *), "scenario" (RoofScenario *). */

GtkWidget *roof_hardware_row_new (void);
RoofHardwareSpec *roof_hardware_row_get_spec (RoofHardwareRow *self);
void roof_hardware_row_set_spec (RoofHardwareRow *self, RoofHardwareSpec *spec);
RoofScenario *roof_hardware_row_get_scenario (RoofHardwareRow *self);
void roof_hardware_row_set_scenario (RoofHardwareRow *self, RoofScenario *scenario);

GtkCheckButton *roof_hardware_row_get_check (RoofHardwareRow *self);
/* The palette index the swatch shows, −1 when the device is not compared. */
int roof_hardware_row_get_color (RoofHardwareRow *self);

/* "80 GB · 3.35 TB/s · 989 TFLOP/s bf16" */
char *roof_hardware_row_format_summary (RoofHardwareSpec *spec);

G_END_DECLS
