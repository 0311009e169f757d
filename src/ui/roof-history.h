/* roof-history.h — undo and redo of a window's edits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No widgets here (style.md: state lives in non-widget objects). Two kinds
 * of steps, each holding the state before and after it:
 *
 *  - an edit of the scenario: every ::changed of the scenario it follows is
 *    one step, holding the values of the scenario's read-write properties
 *    (workload, SLA, compared devices, model, system, chart settings) but
 *    "chart", the chart on screen, which is where one looks, not an edit;
 *  - an edit of a catalog entry (roof_history_record_spec ()): the entry's
 *    JSON before and after.
 *
 * A typed value is one step because editors apply it only when it is
 * committed (Enter, or leaving the field); steps in a row and groups are
 * joined (roof_history_begin_group ()). A new step clears what could be
 * redone. A step whose entry was changed since by something else (another
 * window, Reset, an import) is dropped instead of overwriting that change.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "roof-scenario.h"
#include "roof-spec.h"

G_BEGIN_DECLS

#define ROOF_TYPE_HISTORY (roof_history_get_type ())
G_DECLARE_FINAL_TYPE (RoofHistory, roof_history, ROOF, HISTORY, GObject)

/* Properties: "can-undo", "can-redo" (read-only booleans). */

RoofHistory *roof_history_new (void);

/* Follows `scenario` (may be NULL), forgetting every step: a scenario
 * opened from a file starts a history of its own. */
void roof_history_set_scenario (RoofHistory *self, RoofScenario *scenario);
/* An edit of `spec`, from `before` to its JSON now. Ignored while the
 * history itself undoes or redoes, and when nothing changed. */
void roof_history_record_spec (RoofHistory *self, RoofSpec *spec, JsonObject *before);

gboolean roof_history_get_can_undo (RoofHistory *self);
gboolean roof_history_get_can_redo (RoofHistory *self);
/* TRUE when a step was undone or redone. */
gboolean roof_history_undo (RoofHistory *self);
gboolean roof_history_redo (RoofHistory *self);
/* Steps in a row: a change of the scenario that changes the same
 * properties as the last step, less than a second after it (an arrow key
 * held on a number row), joins that step, as long as nothing was undone,
 * redone or recorded between. Every change between begin_group () and
 * end_group () (a drag on a chart, from press to release) is one step,
 * whatever it changes; groups nest, the outermost counts. A step that comes
 * back to where it started is dropped. */
void roof_history_begin_group (RoofHistory *self);
void roof_history_end_group (RoofHistory *self);
/* Forgets every step. */
void roof_history_clear (RoofHistory *self);

G_END_DECLS
