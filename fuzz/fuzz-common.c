/* fuzz-common.c — what every libFuzzer target of Roofline shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include <stdarg.h>
#include <string.h>

void
fuzz_fail (const char *format, ...)
{
  va_list ap;

  fputs ("fuzz invariant broken: ", stderr);
  va_start (ap, format);
  vfprintf (stderr, format, ap);
  va_end (ap);
  fputc ('\n', stderr);
  fflush (stderr);
  abort ();
}

static void
log_handler (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    fuzz_fail ("%s-%s: %s", domain != NULL ? domain : "(none)",
               (level & G_LOG_LEVEL_WARNING) ? "WARNING" : "CRITICAL", message);
}

void
fuzz_setup_glib (void)
{
  /* the default handler for every domain, GLib's own included */
  g_log_set_default_handler (log_handler, NULL);
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

gboolean
fuzz_text_has_nonfinite (const char *text)
{
  static const char *const words[] = { "nan", "inf" };

  for (const char *p = text; *p != '\0'; p++)
    {
      if (p > text && is_word_char (p[-1]))
        continue;
      for (gsize i = 0; i < G_N_ELEMENTS (words); i++)
        if (g_ascii_strncasecmp (p, words[i], 3) == 0 && !is_word_char (p[3]))
          return TRUE;
    }
  return FALSE;
}
