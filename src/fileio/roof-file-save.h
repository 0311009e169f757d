/* roof-file-save.h — the one way Roofline writes a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every file Roofline writes (the user catalog, exported catalogs,
 * scenarios, recovery copies, chart exports) goes through
 * roof_file_save (), which follows the saving rules of
 * docs/file-format.md ("Saving a file"): a temporary file in the folder of
 * the file actually written, flushed to disk, the previous version kept as
 * NAME~, then renamed over NAME, so that NAME is at every moment the old
 * version or the new one, whole.
 *
 * GLib only (no GIO, no cairo, no json-glib): the catalog and the chart
 * renderer both sit on top of it.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writes `length` bytes of `data` to the local file `path`:
 *
 * - a symbolic link is written through: the link stays, the file it points
 *   to (followed to the end of a chain, created when missing) gets the new
 *   contents, with its backup beside it;
 * - an existing file keeps its permissions (and, where the process may set
 *   them, its owner and group);
 * - a file the user cannot write (no write bit at all, even for root, or
 *   refused by access ()) is left as it is: "cannot save PATH: it is
 *   read-only"; so is a folder, a device, a pipe or a socket, none of
 *   which is ever opened;
 * - the previous version is kept as NAME~ (a hard link, a copy where the
 *   file system has none); when it cannot be kept (NAME~ is a folder, or
 *   would be longer than the file system allows), the file is saved all
 *   the same and a warning says so, once per NAME~ and process: appended
 *   to `warnings` (strings) when given, else logged with g_warning ();
 * - the temporary file is `.roofline-XXXXXX` in the same folder, whatever
 *   the length of NAME, and is removed when anything fails.
 *
 * Errors are in the G_FILE_ERROR domain and start "cannot save PATH: ", PATH
 * as given: never the temporary file. Missing folders are not created. */
gboolean roof_file_save (const char *path,
                         const void *data,
                         gsize length,
                         GPtrArray *warnings,
                         GError **error);

G_END_DECLS
