/* roof-cli-stream.h — roofline-cli's stdout and stderr, every write checked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A full disk, a closed stdout or a pipe whose reader went away must not
 * pass for success: every write of roofline-cli goes through here, the first
 * failure is kept with its errno, and nothing more is written after it. The
 * caller turns a failed stream into exit status 1 and one line on stderr.
 */
#pragma once

#include <stdio.h>

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  FILE *file;
  int error; /* errno of the first write or flush that failed; 0 while none has */
} RoofCliStream;

void roof_cli_stream_init (RoofCliStream *self, FILE *file);

/* Writes `data` as it is (JSON, CSV: already escaped as their formats want).
 * FALSE once any write has failed. */
gboolean roof_cli_stream_write (RoofCliStream *self, const char *data, gsize length);
/* Writes `text` for a terminal: controls shown as \xHH (roof_cli_escape),
 * newlines kept. */
gboolean roof_cli_stream_print (RoofCliStream *self, const char *text);
gboolean roof_cli_stream_printf (RoofCliStream *self, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* Flushes the FILE; FALSE when this or any earlier write failed. */
gboolean roof_cli_stream_flush (RoofCliStream *self);

static inline gboolean
roof_cli_stream_failed (const RoofCliStream *self)
{
  return self->error != 0;
}

G_END_DECLS
