/* main.c — roofline-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "roof-cli.h"

#ifdef __has_feature
#define ROOF_HAS_FEATURE(x) __has_feature (x)
#else
#define ROOF_HAS_FEATURE(x) 0
#endif

/* Started with stdout closed (`>&-`), the next file opened — a catalog, the
 * chart's temporary file — would get descriptor 1 and receive what was
 * meant for stdout. /dev/null opened the wrong way round takes the place
 * instead, so every write to it fails (EBADF) and is reported. */
static void
hold_standard_descriptors (void)
{
  for (int fd = 0; fd <= 2; fd++)
    if (fcntl (fd, F_GETFD) == -1 && errno == EBADF)
      {
        int held = open ("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (held >= 0 && held != fd)
          close (held);
      }
}

int
main (int argc, char **argv)
{
  int status;

  hold_standard_descriptors ();
  /* messages and file names in the user's locale; numbers never are
   * (every number goes through g_ascii_formatd or roof_json_format_double) */
  setlocale (LC_ALL, "");
  /* the texts of `plot` charts are translated like the app's (po/) */
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
#if !defined(__SANITIZE_ADDRESS__) && !ROOF_HAS_FEATURE (address_sanitizer)
  /* freeing it would only delay the exit (see _exit below) */
  roof_cli_keep_catalog_at_exit (TRUE);
#endif
  roof_cli_fonts_untouched ();
  status = roof_cli_run (argc, argv, stdout, stderr);

  /* roof_cli_run flushed and checked both streams; closing can still fail
   * (a file system that reports errors on close) */
  if (fclose (stdout) != 0 && status == 0)
    {
      fprintf (stderr, "roofline-cli: cannot write the output: %s\n", g_strerror (errno));
      status = 1;
    }
  if (fclose (stderr) != 0 && status == 0)
    status = 1;
#if !defined(__SANITIZE_ADDRESS__) && !ROOF_HAS_FEATURE (address_sanitizer)
  /* everything is written, flushed and closed, every failure counted: what
   * exit () would add is the libraries' destructors and atexit handlers,
   * which free what the kernel is about to take anyway (a millisecond of a
   * `plot`). Sanitized builds return, for LeakSanitizer's check at exit. */
  _exit (status);
#endif
  return status;
}
