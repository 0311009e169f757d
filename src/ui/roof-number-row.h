/* roof-number-row.h — numbers typed into entry rows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* An AdwEntryRow for a number in the format of roof_ui_format_number (): it
 * shows the value it is given (or "—" for none) unless its text already
 * says it, or holds a value refused (roof_number_row_set_error ()), which
 * stays for the user to fix until a forced show. What is typed is checked
 * as it is typed (text that is no number here, a number through ::check
 * (none, value), whose answer is the message to show) and goes out through
 * ::typed (none, value) only when the user commits it: Enter, or the focus
 * leaving the row. Entering the row clears a "—"; leaving it shows the value
 * in force in the locale's format, unless it holds a refused value.
 * Properties: "value", "none", "whole" (digits for input), "in-error"
 * (read-only). */
#define ROOF_TYPE_NUMBER_ROW (roof_number_row_get_type ())
G_DECLARE_FINAL_TYPE (RoofNumberRow, roof_number_row, ROOF, NUMBER_ROW, AdwEntryRow)

GtkWidget *roof_number_row_new (gboolean whole);
double roof_number_row_get_value (RoofNumberRow *self);
gboolean roof_number_row_get_none (RoofNumberRow *self);
/* `force`: the text too, even when it says the value or holds one refused. */
void roof_number_row_show_value (RoofNumberRow *self, double value, gboolean force);
void roof_number_row_show_none (RoofNumberRow *self, gboolean force);
gboolean roof_number_row_get_whole (RoofNumberRow *self);
void roof_number_row_set_whole (RoofNumberRow *self, gboolean whole);
gboolean roof_number_row_get_in_error (RoofNumberRow *self);
/* Marks the row, with `message` under it (roof_ui_row_set_error ()); NULL
 * clears the mark. */
void roof_number_row_set_error (RoofNumberRow *self, const char *message);

/* Makes `row` edit the value of `adjustment` as a number typed in the format
 * above. What is typed is checked as it is typed: anything but a number in
 * the adjustment's range (a whole number when `digits` is 0) is marked
 * "error" with a message under it. It applies when the user commits it
 * (Enter, or the focus leaving the row) and it is valid; refused text stays
 * until the row loses the focus, then the value in force shows again. With `zero_is_none`, 0 reads "—"
 * and an empty row means 0. Up and Down step by the adjustment's step, Page Up
 * and Page Down by its page. The text is left alone while it already says the
 * value, so typing is never overwritten. */
void roof_ui_number_row_setup (AdwEntryRow *row,
                               GtkAdjustment *adjustment,
                               guint digits,
                               gboolean zero_is_none);
GtkAdjustment *roof_ui_number_row_get_adjustment (AdwEntryRow *row);

G_END_DECLS
