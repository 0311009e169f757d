/* roof-spec-editor.h — every field of a catalog entry, edited live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built from roof_spec_schema (): one AdwPreferencesGroup per schema group,
 * one row per field, in schema order. Numbers are typed into RoofNumberRows
 * and strings into AdwEntryRows (the title above the value, the unit after
 * it), so a narrow side panel keeps whole titles. Each edit goes through
 * roof_spec_set_* when committed (Enter, or leaving the field; checked as it
 * is typed); a refused value stays in its field, marked
 * with the "error" style class, the spec's message shows under the row, and
 * the spec is unchanged.
 * Every control is named after its schema path ("memory.bandwidth_GBps",
 * "compute_TFLOPS.bf16", "caches[0].capacity_MB").
 */
#pragma once

#include <adwaita.h>

#include "roof-catalog.h"
#include "roof-spec.h"
/* what the panels share with the editor, which once declared it all: the
 * panels' number format, number rows, the line under a row, the wheel */
#include "roof-format.h"
#include "roof-number-row.h"
#include "roof-row-hints.h"
#include "roof-scroll-guard.h"

G_BEGIN_DECLS

#define ROOF_TYPE_SPEC_EDITOR (roof_spec_editor_get_type ())
G_DECLARE_FINAL_TYPE (RoofSpecEditor, roof_spec_editor, ROOF, SPEC_EDITOR, GtkWidget)

/* Property: "spec" (RoofSpec *, may be NULL). Signal ::edited (RoofSpec
 * *spec, JsonObject *before) after every change of the entry shown. */

GtkWidget *roof_spec_editor_new (void);
RoofSpec *roof_spec_editor_get_spec (RoofSpecEditor *self);
void roof_spec_editor_set_spec (RoofSpecEditor *self, RoofSpec *spec);
/* Shows the spec's values in every field, dropping refused text. */
void roof_spec_editor_reload (RoofSpecEditor *self);
/* The control that edits `path` (a RoofNumberRow for numbers, an AdwEntryRow
 * for strings, a GtkSwitch or a GtkDropDown), or NULL when the editor shows
 * no such field. */
GtkWidget *roof_spec_editor_get_field (RoofSpecEditor *self, const char *path);

G_END_DECLS
