/* fuzz-cli-args.c — roofline-cli's command line, parsed and run in-process
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is split on NUL bytes into argv[1..] (argv[0] is the program).
 * roof_cli_parse must accept it or reject it with a usage error. What it
 * accepts is then run with roof_cli_run, output captured in memory, and must
 * exit 0, 1 or 2 with exactly one "roofline-cli: …" line on stderr when it
 * fails and none when it succeeds (warnings and notes, "roofline-cli:
 * warning: …" and "roofline-cli: note: …", may come either way), no NaN or
 * inf printed, valid JSON under --json, and no raw control character (C0
 * but newline, DEL, C1, bytes that are not UTF-8) on stderr or, but for
 * JSON, on stdout: arguments are full of them, and a terminal obeys them.
 *
 Only the subcommands known to write nothing are run (is_read_only). The
 * only files they read are --catalog and --scenario: a bare name of a file
 * in fuzz/data (FUZZ_DATA_DIR) is rewritten to that file's path, and a line
 * naming any other path is parsed but not run, so a run never touches the
 * file system beyond those files.
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "fuzz-common.h"
#include "roof-catalog.h"
#include "roof-cli-options.h"
#include "roof-cli.h"

#define MAX_ARGS 64

static const char *const data_files[] = {
  "custom.json",
  "bad.json",
  "scenario.json",
  "embedded.json",
};

static char *data_paths[G_N_ELEMENTS (data_files)];

/* roofline-cli parses the 90 kB of built-in catalog on every run: 20 ms
 * under ASan, which would leave a few hundred runs a second. This target is
 * linked with --wrap=roof_catalog_new_builtin, so each run gets a new catalog
 * holding the entries parsed once here (the CLI never edits an entry; what a
 * --catalog or --scenario overlays replaces entries in that run's catalog
 * only). The loader itself is fuzz-catalog's. */
RoofCatalog *__real_roof_catalog_new_builtin (GError **error);
RoofCatalog *__wrap_roof_catalog_new_builtin (GError **error);

static RoofCatalog *builtin;

RoofCatalog *
__wrap_roof_catalog_new_builtin (GError **error)
{
  return roof_catalog_new_sharing (builtin);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;

  fuzz_setup_glib ();
  for (gsize i = 0; i < G_N_ELEMENTS (data_files); i++)
    data_paths[i] = g_build_filename (FUZZ_DATA_DIR, data_files[i], NULL);
  builtin = __real_roof_catalog_new_builtin (&error);
  if (builtin == NULL)
    fuzz_fail ("the built-in catalog does not load: %s", error->message);
  return 0;
}

/* The path of a bare data-file name, else NULL. */
static const char *
data_path (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (data_files); i++)
    if (strcmp (name, data_files[i]) == 0)
      return data_paths[i];
  return NULL;
}

static gboolean
is_data_path (const char *path)
{
  for (gsize i = 0; i < G_N_ELEMENTS (data_files); i++)
    if (strcmp (path, data_paths[i]) == 0)
      return TRUE;
  return FALSE;
}

/* Rewrites "--catalog NAME", "--catalog=NAME" (and --scenario) in place. */
static void
rewrite_file_options (GPtrArray *args)
{
  static const char *const flags[] = { "--catalog", "--scenario" };

  for (guint i = 1; i < args->len; i++)
    {
      char *arg = g_ptr_array_index (args, i);

      for (gsize f = 0; f < G_N_ELEMENTS (flags); f++)
        {
          gsize len = strlen (flags[f]);
          const char *path;

          if (strcmp (arg, flags[f]) == 0 && i + 1 < args->len
              && (path = data_path (g_ptr_array_index (args, i + 1))) != NULL)
            {
              g_free (g_ptr_array_index (args, i + 1));
              g_ptr_array_index (args, i + 1) = g_strdup (path);
              break;
            }
          else if (strncmp (arg, flags[f], len) == 0 && arg[len] == '='
                   && (path = data_path (arg + len + 1)) != NULL)
            {
              g_ptr_array_index (args, i) = g_strdup_printf ("%s=%s", flags[f], path);
              g_free (arg);
              break;
            }
        }
    }
}

/* Commands known to write nothing: a new one (plot, which will write
 * images) is parsed but not run until it is added here. */
static gboolean
is_read_only (RoofCliCommand command)
{
  switch (command)
    {
    case ROOF_CLI_COMMAND_NONE: /* --help, --version or a usage error */
    case ROOF_CLI_COMMAND_LIST:
    case ROOF_CLI_COMMAND_SHOW:
    case ROOF_CLI_COMMAND_SOLVE:
    case ROOF_CLI_COMMAND_SWEEP:
    case ROOF_CLI_COMMAND_SENSITIVITY:
    case ROOF_CLI_COMMAND_SYNTHESIZE:
    case ROOF_CLI_COMMAND_COST:
      return TRUE;
    case ROOF_CLI_COMMAND_PROBE: /* measures for seconds and writes the user catalog */
    case ROOF_CLI_N_COMMANDS:
    default:
      return FALSE;
    }
}

/* Only the allowed files, and only from a fresh parse of the same line. */
static gboolean
reads_only_data_files (const RoofCliOptions *opts)
{
  for (guint i = 0; i < opts->catalogs->len; i++)
    if (!is_data_path (g_ptr_array_index (opts->catalogs, i)))
      return FALSE;
  return opts->scenario == NULL || is_data_path (opts->scenario);
}

/* the offset of the first byte a terminal would take as a control, or -1 */
static gssize
raw_control (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, -1);
      if (c == (gunichar) -1 || c == (gunichar) -2 || (c < 0x20 && c != '\n')
          || (c >= 0x7f && c <= 0x9f))
        return p - text;
    }
  return -1;
}

static void
check_run (int status, const char *out, const char *err, gboolean json)
{
  guint failures = 0;
  g_auto (GStrv) lines = NULL;

  if (status != 0 && status != 1 && status != 2)
    fuzz_fail ("exit status %d", status);

  lines = g_strsplit (err, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "roofline-cli: ")
        && !g_str_has_prefix (lines[i], "roofline-cli: warning: ")
        && !g_str_has_prefix (lines[i], "roofline-cli: note: "))
      failures++;
  if (status == 0 && failures != 0)
    fuzz_fail ("exit status 0 with an error on stderr:\n%s", err);
  if (status != 0 && failures != 1)
    fuzz_fail ("exit status %d with %u error lines (one expected):\n%s", status, failures, err);
  if (raw_control (err) >= 0)
    fuzz_fail ("a raw control character at byte %" G_GSSIZE_FORMAT " of stderr:\n%s",
               raw_control (err), err);
  if (!json && raw_control (out) >= 0)
    fuzz_fail ("a raw control character at byte %" G_GSSIZE_FORMAT " of stdout:\n%s",
               raw_control (out), out);

  if (status != 0)
    return;
  if (fuzz_text_has_nonfinite (out))
    fuzz_fail ("NaN or inf printed:\n%s", out);
  if (json)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;

      if (!json_parser_load_from_data (parser, out, -1, &error))
        fuzz_fail ("--json printed invalid JSON (%s):\n%s", error->message, out);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  RoofCliOptions opts;
  gboolean parsed, run;
  gboolean json;
  size_t start = 0;

  g_ptr_array_add (args, g_strdup ("roofline-cli"));
  for (size_t i = 0; i <= size && args->len <= MAX_ARGS; i++)
    if (i == size || data[i] == '\0')
      {
        if (i == size && i == start && args->len > 1)
          break; /* a trailing NUL ends the last argument, it adds none */
        g_ptr_array_add (args, g_strndup ((const char *) data + start, i - start));
        start = i + 1;
      }
  if (args->len > MAX_ARGS)
    return 0;
  rewrite_file_options (args);
  g_ptr_array_add (args, NULL);

  int argc = (int) args->len - 1;
  char **argv = (char **) args->pdata;

  roof_cli_options_init (&opts);
  parsed = roof_cli_parse (argc, argv, &opts, &error);
  if (!parsed)
    {
      if (error == NULL || !g_error_matches (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE)
          || error->message[0] == '\0')
        fuzz_fail ("roof_cli_parse failed without a usage error");
    }
  else if (error != NULL)
    fuzz_fail ("roof_cli_parse succeeded and set an error: %s", error->message);
  else if (!opts.help && !opts.version
           && (opts.command <= ROOF_CLI_COMMAND_NONE || opts.command >= ROOF_CLI_N_COMMANDS))
    fuzz_fail ("roof_cli_parse succeeded without a command");
  run = is_read_only (opts.command) && reads_only_data_files (&opts);
  json = opts.json;
  roof_cli_options_clear (&opts);

  /* a rejected line runs too (it must fail the same way), unless it names files */
  if (!run)
    return 0;

  char *out_buf = NULL, *err_buf = NULL;
  size_t out_len = 0, err_len = 0;
  FILE *out = open_memstream (&out_buf, &out_len);
  FILE *err = open_memstream (&err_buf, &err_len);
  if (out == NULL || err == NULL)
    fuzz_fail ("open_memstream failed");

  int status = roof_cli_run (argc, argv, out, err);
  fclose (out);
  fclose (err);

  if (!parsed && status != 2)
    fuzz_fail ("a line the parser rejects exits %d, not 2", status);
  check_run (status, out_buf, err_buf, json && parsed);
  free (out_buf);
  free (err_buf);
  return 0;
}
