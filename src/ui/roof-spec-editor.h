/* roof-spec-editor.h — every field of a catalog entry, edited live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built from roof_spec_schema (): one AdwPreferencesGroup per schema group,
 * one row per field, in schema order. Each edit goes through roof_spec_set_*
 * as it is typed; a refused value stays in its field, marked with the
 * "error" style class and the spec's message, and the spec is unchanged.
 * Every control is named after its schema path ("memory.bandwidth_GBps",
 * "compute_TFLOPS.bf16", "caches[0].capacity_MB").
 */
#pragma once

#include <adwaita.h>

#include "roof-catalog.h"
#include "roof-spec.h"

G_BEGIN_DECLS

#define ROOF_TYPE_SPEC_EDITOR (roof_spec_editor_get_type ())
G_DECLARE_FINAL_TYPE (RoofSpecEditor, roof_spec_editor, ROOF, SPEC_EDITOR, GtkWidget)

/* Property: "spec" (RoofSpec *, may be NULL). */

GtkWidget *roof_spec_editor_new (void);
RoofSpec *roof_spec_editor_get_spec (RoofSpecEditor *self);
void roof_spec_editor_set_spec (RoofSpecEditor *self, RoofSpec *spec);
/* Shows the spec's values in every field, dropping refused text. */
void roof_spec_editor_reload (RoofSpecEditor *self);
/* The control that edits `path` (a GtkSpinButton, GtkSwitch, GtkDropDown or
 * GtkEntry), or NULL when the editor shows no such field. */
GtkWidget *roof_spec_editor_get_field (RoofSpecEditor *self, const char *path);

/* ------------------------------------------------------------------------ */
/* Numbers as the panels show them                                          */

/* In the user's locale: decimal point of LC_NUMERIC, digit grouping from five
 * digits up (2022 but 12,800), at most six significant digits, no trailing
 * zeros; from 10⁹ up with an exponent that is a multiple of three (70.55e9). */
char *roof_ui_format_number (double value);
/* Parses what roof_ui_format_number writes, and what people type: grouping
 * separators and spaces ignored, the locale's decimal point or '.', an
 * exponent. FALSE for anything else (empty text included). */
gboolean roof_ui_parse_number (const char *text, double *value);
/* Counts of parameters: "70.55 billion", "566 million", "25,600". */
char *roof_ui_format_count (double count);

/* Makes `spin` show and read numbers like the functions above. With
 * `zero_is_none`, 0 reads "—" and an empty field means 0. The text is left
 * alone while it already says the value, so typing is never overwritten. */
void roof_ui_spin_button_setup (GtkSpinButton *spin, gboolean zero_is_none);

/* ------------------------------------------------------------------------ */
/* Duplicates                                                               */

/* Adds a custom copy of `spec` (hardware or model) to `catalog` under a new
 * id ("nvidia-h100-sxm-custom", then "-custom-2"…) and name ("… (custom)"),
 * and returns the id. */
char *roof_ui_duplicate_spec (RoofCatalog *catalog, RoofSpec *spec);

G_END_DECLS
