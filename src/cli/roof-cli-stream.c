/* roof-cli-stream.c — roofline-cli's stdout and stderr, every write checked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-cli-stream.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "roof-cli-format.h"

void
roof_cli_stream_init (RoofCliStream *self, FILE *file)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (file != NULL);

  self->file = file;
  self->error = 0;
}

/* errno as the failed call left it; EIO when it left none (a stream already
 * in error, or a write that failed without saying why) */
static gboolean
fail (RoofCliStream *self, int saved)
{
  if (self->error == 0)
    self->error = saved != 0 ? saved : EIO;
  return FALSE;
}

gboolean
roof_cli_stream_write (RoofCliStream *self, const char *data, gsize length)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->error != 0)
    return FALSE;
  if (length == 0)
    return TRUE;
  errno = 0;
  if (fwrite (data, 1, length, self->file) != length || ferror (self->file))
    return fail (self, errno);
  return TRUE;
}

gboolean
roof_cli_stream_print (RoofCliStream *self, const char *text)
{
  g_autoptr (GString) escaped = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    if ((*p < 0x20 && *p != '\n') || *p >= 0x7f)
      {
        escaped = g_string_new (NULL);
        roof_cli_append_escaped (escaped, text, TRUE);
        return roof_cli_stream_write (self, escaped->str, escaped->len);
      }
  return roof_cli_stream_write (self, text, strlen (text));
}

gboolean
roof_cli_stream_printf (RoofCliStream *self, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list ap;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->error != 0)
    return FALSE;
  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  return roof_cli_stream_print (self, text);
}

gboolean
roof_cli_stream_flush (RoofCliStream *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->error != 0)
    return FALSE;
  errno = 0;
  if (fflush (self->file) != 0 || ferror (self->file))
    return fail (self, errno);
  return TRUE;
}
