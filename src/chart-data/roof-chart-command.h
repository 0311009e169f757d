/* roof-chart-command.h — the roofline-cli command that draws what the app shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "roof-catalog.h"
#include "roof-scenario.h"

G_BEGIN_DECLS

/* The arguments after "roofline-cli" that draw chart `kind` of `scenario`
 * into `out_file` (docs/cli.md, "plot"): the kind, the scenario's system
 * and devices as --system and -H (in its order, ids the catalog lacks left
 * out), -m, every workload and layout flag whose value is not the default
 * (all of them with --scenario), --ceilings and --itl-ms where they differ.
 * `catalog_file` is given as --catalog when a device, model or system used
 * is custom (roof_spec_is_custom ()); `scenario_file`, the scenario saved
 * as shown or NULL, as --scenario when the workload holds what no flag
 * says (a sparse attention span). Free with g_strfreev (). */
GStrv roof_chart_command_args (RoofScenario *scenario,
                               RoofCatalog *catalog,
                               RoofPlotKind kind,
                               const char *catalog_file,
                               const char *scenario_file,
                               const char *out_file);

/* The same as one shell command line, "roofline-cli …", every argument
 * quoted with g_shell_quote () where it needs it. */
char *roof_chart_command_line (const char *const *args);

G_END_DECLS
