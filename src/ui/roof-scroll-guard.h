/* roof-scroll-guard.h — the mouse wheel scrolls the panel, not the control under it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

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
