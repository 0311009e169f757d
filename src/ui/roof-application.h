/* roof-application.h — the application: one window per activation, app-wide actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Actions: app.quit (Ctrl+Q: closes every window, each asking about its
 * unsaved changes), app.new-window (Ctrl+N), app.about, app.preferences
 * (Ctrl+comma) and app.shortcuts (shows the active window's shortcuts; GTK
 * binds Ctrl+? to win.show-help-overlay, loaded from gtk/help-overlay.ui).
 *
 * The application opens the files it is given (`roofline FILE…`, the
 * desktop's Open With) and keeps the user's catalog, which every window
 * shares: loaded at start-up (a corrupt one moved aside, and the first
 * window says where to), written after each change and once more at exit.
 * The first window also offers back the recovery copies a crash left.
 */
#pragma once

#include <adwaita.h>

#include "roof-user-catalog.h"

G_BEGIN_DECLS

#define ROOF_TYPE_APPLICATION (roof_application_get_type ())
G_DECLARE_FINAL_TYPE (RoofApplication, roof_application, ROOF, APPLICATION, AdwApplication)

RoofApplication *roof_application_new (void);

/* The catalog every window of the application shows and edits. */
RoofUserCatalog *roof_application_get_user_catalog (RoofApplication *self);

/* FALSE (with a message on stderr saying how to run it) when the GSettings
 * schema is not installed and GSETTINGS_SCHEMA_DIR does not point at it. */
gboolean roof_application_check_schema (void);

G_END_DECLS
