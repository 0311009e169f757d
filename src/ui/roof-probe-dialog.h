/* roof-probe-dialog.h — "Measure This Computer…": the probe with a progress bar
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs roof_probe_run (src/probe) in a GTask thread as soon as it is shown,
 * with its progress in a GtkProgressBar; closing the dialog cancels it. On
 * success it emits ::measured (RoofHardwareSpec *spec), the validated entry
 * "this-computer", which the window adds to the catalog and ticks, and
 * shows the figures; on failure it shows why.
 */
#pragma once

#include <adwaita.h>

#include "roof-hardware-spec.h"
#include "roof-probe.h"

G_BEGIN_DECLS

#define ROOF_TYPE_PROBE_DIALOG (roof_probe_dialog_get_type ())
G_DECLARE_FINAL_TYPE (RoofProbeDialog, roof_probe_dialog, ROOF, PROBE_DIALOG, AdwWindow)

/* `seconds`: how long to measure (ROOF_PROBE_DEFAULT_SECONDS in the app). */
RoofProbeDialog *roof_probe_dialog_new (GtkWindow *parent, double seconds);

/* The text the dialog shows after a run of `r`: the figures, a word on
 * arrays the clock cut short, where the entry went. Free it. */
char *roof_probe_dialog_describe (const RoofProbeResult *r);

/* TRUE while the measurement runs. */
gboolean roof_probe_dialog_get_running (RoofProbeDialog *self);

G_END_DECLS
