/* roof-row-hints.h — a line under a preferences row, and whole titles
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* AdwEntryRow has no subtitle: a line under `row`, in its list, shows its
 * error `message` (NULL: none) or else its `hint` (NULL: none). The error also
 * marks the row "error" and invalid, and becomes its accessible description
 * (`description` again once cleared). */
void roof_ui_row_set_hint (GtkWidget *row, const char *hint);
void roof_ui_row_set_error (GtkWidget *row, const char *message, const char *description);

/* AdwEntryRow ellipsizes its title: its title labels wrap at word
 * boundaries instead, so a narrow side panel keeps whole titles. */
void roof_ui_entry_row_wrap_title (GtkWidget *row);

G_END_DECLS
