/* cli-test-util.c — what the roofline-cli tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cli-test-util.h"

#include <string.h>

#include <stdarg.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

void
run_clear (Run *r)
{
  g_clear_pointer (&r->out, g_free);
  g_clear_pointer (&r->err, g_free);
}

const char *
cli_path (void)
{
  const char *path = g_getenv ("ROOFLINE_CLI");
  if (path == NULL)
    g_error ("ROOFLINE_CLI is not set: run through meson test");
  return path;
}

JsonNode *
parse_json (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

guint
count_lines (const char *text)
{
  guint n = 0;
  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

GStrv
split_lines (const char *text)
{
  GPtrArray *lines = g_ptr_array_new ();
  const char *end = text + strlen (text);
  const char *p = text, *nl;

  while ((nl = memchr (p, '\n', (gsize) (end - p))) != NULL)
    {
      g_ptr_array_add (lines, g_strndup (p, (gsize) (nl - p)));
      p = nl + 1;
    }
  g_ptr_array_add (lines, g_strdup (p));
  g_ptr_array_add (lines, NULL);
  return (GStrv) g_ptr_array_free (lines, FALSE);
}

char *
write_temp (const char *name_template, const char *contents)
{
  g_autoptr (GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp (name_template, &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

void
run_cli_argv (Run *r, const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &r->err,
                &r->wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (r->wait_status));
  r->status = WEXITSTATUS (r->wait_status);
}

void
run_cli (Run *r, const char *first, ...)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  run_cli_argv (r, (const char *const *) args->pdata);
}
