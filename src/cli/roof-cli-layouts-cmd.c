/* roof-cli-layouts-cmd.c — `layouts`: every layout and batch, cheapest per token first
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "roofline-cli"

#include "config.h"

#include "roof-cli-private.h"

gboolean
roof_cli_cmd_layouts (RoofCliContext *ctx, GError **error)
{
  (void) ctx;
  g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "layouts: not yet");
  return FALSE;
}
