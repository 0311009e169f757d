/* roof-spec-editor.h — every field of a catalog entry, edited live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built from roof_spec_schema (): one AdwPreferencesGroup per schema group,
 * one row per field, in schema order. Numbers and strings are typed into
 * AdwEntryRows (the title above the value, the unit after it), so a narrow
 * side panel keeps whole titles. Each edit goes through roof_spec_set_* as it
 * is typed; a refused value stays in its field, marked with the "error" style
 * class, the spec's message shows under the row, and the spec is unchanged.
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
/* The control that edits `path` (an AdwEntryRow for numbers and strings, a
 * GtkSwitch or a GtkDropDown), or NULL when the editor shows no such field. */
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

/* ------------------------------------------------------------------------ */
/* Rows the panels share                                                    */

/* Makes `row` edit the value of `adjustment` as a number typed in the format
 * above. What is typed applies as it is typed when it reads as a number in the
 * adjustment's range (a whole number when `digits` is 0); anything else stays
 * in the row, marked "error" with a message under it, and the value is left
 * as it was until the row loses the focus. With `zero_is_none`, 0 reads "—"
 * and an empty row means 0. Up and Down step by the adjustment's step, Page Up
 * and Page Down by its page. The text is left alone while it already says the
 * value, so typing is never overwritten. */
void roof_ui_number_row_setup (AdwEntryRow *row,
                               GtkAdjustment *adjustment,
                               guint digits,
                               gboolean zero_is_none);
GtkAdjustment *roof_ui_number_row_get_adjustment (AdwEntryRow *row);

/* AdwEntryRow has no subtitle: a line under `row`, in its list, shows its
 * error `message` (NULL: none) or else its `hint` (NULL: none). The error also
 * marks the row "error" and invalid, and becomes its accessible description
 * (`description` again once cleared). */
void roof_ui_row_set_hint (GtkWidget *row, const char *hint);
void roof_ui_row_set_error (GtkWidget *row, const char *message, const char *description);

/* The mouse wheel over a spin button or a scale changes its value only while
 * it has the keyboard focus; otherwise the wheel scrolls the enclosing
 * GtkScrolledWindow as if the control were not there, so scrolling a panel
 * never edits what passes under the pointer. */
void roof_ui_guard_scroll (GtkWidget *widget);
/* Guards every GtkSpinButton and GtkScale under `root` (a template's). */
void roof_ui_guard_scroll_all (GtkWidget *root);
/* TRUE when the wheel over the guarded `widget` must scroll its scrolled
 * window instead: `widget` does not have the keyboard focus. */
gboolean roof_ui_scroll_should_pass (GtkWidget *widget);

G_END_DECLS
