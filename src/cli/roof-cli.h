/* roof-cli.h — roofline-cli as a function
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>

#include <glib.h>

G_BEGIN_DECLS

/* Runs `roofline-cli ARGS…` (argv[0] is the program name) writing results to
 * `out` and diagnostics to `err`. Returns the exit status: 0 on success, 1
 * when the work failed, 2 on a usage error. Every failure writes exactly one
 * line "roofline-cli: MESSAGE" to `err` (a usage error adds a line pointing
 * at --help). Never exits; safe to call repeatedly in one process. */
int roof_cli_run (int argc, char **argv, FILE *out, FILE *err);

G_END_DECLS
