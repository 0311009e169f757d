/* cli-test-util.h — what the roofline-cli tests share: a captured run,
 * the binary's path, JSON, temporary files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* One run of roofline-cli, its output captured. */
typedef struct
{
  int status;      /* the exit status (of roof_cli_run in process) */
  int wait_status; /* as waitpid gave it, for the built binary */
  char *out;
  char *err;
} Run;

void run_clear (Run *r);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* The built binary ($ROOFLINE_CLI, set by meson test). */
const char *cli_path (void);
/* Parses `text`, failing the test when it is not JSON. */
JsonNode *parse_json (const char *text);
/* The number of '\n' in `text`. */
guint count_lines (const char *text);
/* `text` cut at each '\n', as g_strsplit (text, "\n", -1) cuts it (so the
 * empty string after a last '\n'), in time linear in its length: under
 * AddressSanitizer every strstr that g_strsplit makes measures the rest of
 * the text, which made splitting a 16 MB sweep take minutes. */
GStrv split_lines (const char *text);
/* A new temporary file holding `contents`; its path. */
char *write_temp (const char *name_template, const char *contents);

/* The built binary run with the NULL-terminated arguments, output captured;
 * it must exit (not die of a signal). */
void run_cli (Run *r, const char *first, ...) G_GNUC_NULL_TERMINATED;
/* The same with the arguments as a NULL-terminated array. */
void run_cli_argv (Run *r, const char *const *args);

G_END_DECLS
