/* roof-panel.h — a side panel that shows a catalog and a scenario
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The hardware, model, layout and levers panels hold the window's catalog
 * and scenario in the properties "catalog" and "scenario" (bound in their
 * templates); this base holds them, notifies each once per change and
 * calls the panel's hooks.
 */
#pragma once

#include <adwaita.h>

#include "roof-catalog.h"
#include "roof-scenario.h"

G_BEGIN_DECLS

#define ROOF_TYPE_PANEL (roof_panel_get_type ())
G_DECLARE_DERIVABLE_TYPE (RoofPanel, roof_panel, ROOF, PANEL, GtkWidget)

struct _RoofPanelClass
{
  GtkWidgetClass parent_class;

  /* The catalog was replaced (before "catalog" is notified), and every
   * handler whose data is the panel disconnected from the old one and its
   * lists of hardware, models and systems: the panel connects to the new
   * one, roof_panel_get_catalog (), and refills. `old` may be NULL. */
  void (*catalog_set) (RoofPanel *self, RoofCatalog *old);
  /* The scenario was replaced (before "scenario" is notified). */
  void (*scenario_set) (RoofPanel *self);
  /* The scenario's ::changed; NULL: the panel does not follow it. */
  void (*scenario_changed) (RoofPanel *self);
};

RoofCatalog *roof_panel_get_catalog (RoofPanel *self);
void roof_panel_set_catalog (RoofPanel *self, RoofCatalog *catalog);
RoofScenario *roof_panel_get_scenario (RoofPanel *self);
void roof_panel_set_scenario (RoofPanel *self, RoofScenario *scenario);

G_END_DECLS
