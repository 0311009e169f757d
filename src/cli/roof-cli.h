/* roof-cli.h — roofline-cli as a function
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>

#include <glib.h>

G_BEGIN_DECLS

/* Runs `roofline-cli ARGS…` (argv[0] is the program name) writing results to
 * `out` and diagnostics to `err`, and flushes both. Returns the exit status:
 * 0 on success, 1 when the work failed or `out` could not be written (or
 * `err`, when something had to be said), 2 on a usage error. Every failure
 * writes exactly one line "roofline-cli: MESSAGE" to `err`; control
 * characters in it and in table output are shown as \xHH. Never exits,
 * never closes `out` or `err`; safe to call repeatedly in one process. */
int roof_cli_run (int argc, char **argv, FILE *out, FILE *err);

/* For a process that exits after roof_cli_run: the catalog it loaded is
 * kept (reachable) instead of freed, which took a millisecond of a `plot`.
 * roofline-cli's main sets it; tests and sanitized builds do not. */
void roof_cli_keep_catalog_at_exit (gboolean keep);

/* For a process in which nothing has used fontconfig yet: the first `plot`
 * loads fontconfig's configuration itself, without the templates FcInit
 * also parses (a quarter of the way to its first text). roofline-cli's main
 * calls it before anything else; a process that may have loaded fonts must
 * not, since the configuration is replaced under them. */
void roof_cli_fonts_untouched (void);

G_END_DECLS
