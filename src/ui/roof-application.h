/* roof-application.h — the application: one window per activation, app-wide actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Actions: app.quit (Ctrl+Q), app.about, app.preferences (Ctrl+comma) and
 * app.shortcuts (shows the active window's shortcuts; GTK binds Ctrl+? to
 * win.show-help-overlay, loaded from gtk/help-overlay.ui).
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ROOF_TYPE_APPLICATION (roof_application_get_type ())
G_DECLARE_FINAL_TYPE (RoofApplication, roof_application, ROOF, APPLICATION, AdwApplication)

RoofApplication *roof_application_new (void);

/* FALSE (with a message on stderr saying how to run it) when the GSettings
 * schema is not installed and GSETTINGS_SCHEMA_DIR does not point at it. */
gboolean roof_application_check_schema (void);

G_END_DECLS
