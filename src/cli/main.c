/* main.c — roofline-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>

#include "roof-cli.h"

int
main (int argc, char **argv)
{
  /* messages and file names in the user's locale; numbers never are
   * (every number goes through g_ascii_formatd or roof_json_format_double) */
  setlocale (LC_ALL, "");
  /* the texts of `plot` charts are translated like the app's (po/) */
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  return roof_cli_run (argc, argv, stdout, stderr);
}
