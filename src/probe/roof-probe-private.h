/* roof-probe-private.h — what the probe's files share with each other and
 * with tests/probe, and nothing else calls
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "roof-probe.h"

G_BEGIN_DECLS

/* Elements written to each array between two looks at the clock (1 MiB). */
#define ROOF_PROBE_FILL_CHUNK ((gsize) 1 << 17)

/* roof-probe-machine.c */
void _roof_probe_read_machine (RoofProbeResult *r);

/* roof-probe.c */
gsize _roof_probe_fill (double *const *arrays,
                        const double *values,
                        int n_arrays,
                        gsize n,
                        gsize floor,
                        double deadline);

G_END_DECLS
