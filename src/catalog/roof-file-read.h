/* roof-file-read.h — the one way Roofline reads a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Catalogs, scenarios, the app's user catalog and recovery copies are all
 * read by roof_file_read (), so every one of them gets the same guards: the
 * open never blocks, nothing but a regular file (or, where the user named
 * it, a pipe) is read, and never more than ROOF_CATALOG_MAX_FILE_SIZE + 1
 * bytes are read into memory, whatever the file is.
 *
 * The reading side of src/fileio's roof_file_save (), but here: it reads
 * GFiles (GIO, which src/fileio does without) and says what is wrong with
 * the catalog's error codes, which the user catalog acts on (a file over the
 * limit is moved aside, one that cannot be read is left alone).
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  /* regular files only: the user catalog, recovery copies, what the app opens */
  ROOF_FILE_READ_REGULAR = 0,
  /* also a pipe or FIFO, for a file the user named on a command line
   * (`--catalog /dev/stdin`, `--scenario <(…)`, a FIFO's path) */
  ROOF_FILE_READ_ALLOW_PIPE = 1 << 0,
} RoofFileReadFlags;

/* How long a pipe may stay silent (no data and no end of file) before the
 * read gives up: a FIFO that no process opens for writing, a writer that
 * stops sending without closing it. */
#define ROOF_FILE_PIPE_TIMEOUT_S 10

/* Reads the whole of `file` into `contents` (NUL-terminated, for g_free) and
 * its size into `length`. Refuses, with ROOF_CATALOG_ERROR_IO and a message
 * "NAME: …" naming the file and what it is, a directory, a device, a socket
 * and, without ROOF_FILE_READ_ALLOW_PIPE, a pipe or FIFO; a regular file
 * over ROOF_CATALOG_MAX_FILE_SIZE unread and a pipe once it has given more
 * with ROOF_CATALOG_ERROR_TOO_LARGE. */
gboolean roof_file_read (GFile *file,
                         RoofFileReadFlags flags,
                         char **contents,
                         gsize *length,
                         GError **error);

G_END_DECLS
