/* roof-preferences-window.h — chart theme, sensitivity step, batch range, caption
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every row is bound to its GSettings key; the main window follows the keys.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ROOF_TYPE_PREFERENCES_WINDOW (roof_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (RoofPreferencesWindow, roof_preferences_window, ROOF, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

RoofPreferencesWindow *roof_preferences_window_new (GtkWindow *parent);

G_END_DECLS
