/* roof-export-dialog.h — format, size, scale and theme of a chart export, then a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The choices are the export defaults of GSettings (the dialog edits them in
 * place), so win.export-to and the next export use them too. After the file
 * chooser the dialog emits ::export (GFile *file) and closes; the window
 * writes the file and reports success or failure.
 */
#pragma once

#include <adwaita.h>

#include "roof-chart.h"

G_BEGIN_DECLS

#define ROOF_TYPE_EXPORT_DIALOG (roof_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (RoofExportDialog, roof_export_dialog, ROOF, EXPORT_DIALOG, AdwWindow)

RoofExportDialog *roof_export_dialog_new (GtkWindow *parent, RoofPlotKind kind);

/* The name the file chooser suggests: "roofline-cost.svg". */
char *roof_export_dialog_suggest_name (RoofPlotKind kind, RoofExportFormat format);

G_END_DECLS
