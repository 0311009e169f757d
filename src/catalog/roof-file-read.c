/* roof-file-read.c — the one way Roofline reads a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * g_file_get_contents () and g_file_load_contents () read until the end of
 * the file, whatever it is: `--catalog /dev/zero` allocated 4 GB before
 * failing, `yes |` as /dev/stdin aborted under a memory limit, and a FIFO
 * nobody wrote to blocked in open () for ever. Here the open cannot block
 * (O_NONBLOCK), fstat () says what was opened before a byte is read, and the
 * buffer never grows past the limit plus the one byte that shows the input
 * is over it.
 */
#define G_LOG_DOMAIN "roof-catalog"

#include "config.h"

#include "roof-file-read.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "roof-catalog-private.h"

/* Refuses what is not a regular file (nor an allowed pipe), saying what it
 * is; `mode` 0 when unknown. */
static void
set_not_a_file (GError **error, const char *name, mode_t mode)
{
  const char *kind = NULL;

  if (S_ISDIR (mode))
    kind = "a directory";
  else if (S_ISCHR (mode))
    kind = "a character device";
  else if (S_ISBLK (mode))
    kind = "a block device";
  else if (S_ISSOCK (mode))
    kind = "a socket";

  if (S_ISFIFO (mode))
    g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO,
                 "%s: is a pipe (FIFO); only regular files are read here", name);
  else if (kind != NULL)
    g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "%s: is %s, not a file", name,
                 kind);
  else
    g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "%s: is not a regular file",
                 name);
}

static void
set_too_large (GError **error, const char *name, gboolean pipe, gsize limit)
{
  g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE,
               pipe ? "%s: the pipe gives more than the limit of %" G_GSIZE_FORMAT " bytes"
                    : "%s: the file is larger than the limit of %" G_GSIZE_FORMAT " bytes",
               name, limit);
}

/* Grows `buf` (of `*cap` bytes plus a NUL) towards limit + 1 bytes: FALSE
 * when it already holds that many. */
static gboolean
grow (char **buf, gsize *cap, gsize limit)
{
  if (*cap > limit)
    return FALSE;
  *cap = MIN (MAX (*cap * 2, 64 * 1024), limit + 1);
  *buf = g_realloc (*buf, *cap + 1);
  return TRUE;
}

/* Reads `fd` to its end. A pipe is polled first: on Linux, a FIFO opened
 * with O_NONBLOCK reads as ended while no process has it open for writing,
 * but poll () waits for a writer to come and send or close; so does it for
 * a writer that is there but silent. Each wait is at most `timeout_ms`. */
static gboolean
read_fd (int fd,
         const char *name,
         gboolean pipe,
         gsize size_hint,
         gsize limit,
         int timeout_ms,
         char **contents,
         gsize *length,
         GError **error)
{
  gsize cap = MIN (size_hint, limit) + 1;
  g_autofree char *buf = g_malloc (cap + 1);
  gsize len = 0;

  for (;;)
    {
      ssize_t n;

      if (len == cap && !grow (&buf, &cap, limit))
        {
          set_too_large (error, name, pipe, limit);
          return FALSE;
        }
      if (pipe)
        {
          struct pollfd pfd = { .fd = fd, .events = POLLIN };
          int ready = poll (&pfd, 1, timeout_ms);

          if (ready < 0 && errno == EINTR)
            continue;
          if (ready < 0)
            {
              int saved = errno;

              g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "%s: %s", name,
                           g_strerror (saved));
              return FALSE;
            }
          if (ready == 0)
            {
              g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO,
                           "%s: nothing came through the pipe for %d s (does any process "
                           "write to it?)",
                           name, timeout_ms / 1000);
              return FALSE;
            }
        }
      n = read (fd, buf + len, cap - len);
      if (n > 0)
        len += (gsize) n;
      else if (n == 0)
        break;
      else if (errno != EINTR && errno != EAGAIN)
        {
          int saved = errno;

          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "%s: %s", name,
                       g_strerror (saved));
          return FALSE;
        }
    }

  if (len > limit)
    {
      set_too_large (error, name, pipe, limit);
      return FALSE;
    }
  buf[len] = '\0';
  *contents = g_steal_pointer (&buf);
  *length = len;
  return TRUE;
}

static gboolean
read_path (const char *path,
           const char *name,
           RoofFileReadFlags flags,
           gsize limit,
           int timeout_ms,
           char **contents,
           gsize *length,
           GError **error)
{
  struct stat st;
  gboolean pipe;
  gboolean ok;
  int fd;

  /* O_NONBLOCK: opening a FIFO for reading waits for a writer otherwise */
  fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    {
      int saved = errno;

      /* opening a socket fails with "No such device or address" */
      if (stat (path, &st) == 0 && S_ISSOCK (st.st_mode))
        set_not_a_file (error, name, st.st_mode);
      else
        g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "%s: %s", name,
                     g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      close (fd);
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "%s: %s", name,
                   g_strerror (saved));
      return FALSE;
    }

  pipe = S_ISFIFO (st.st_mode);
  if (!S_ISREG (st.st_mode) && !(pipe && (flags & ROOF_FILE_READ_ALLOW_PIPE) != 0))
    {
      close (fd);
      set_not_a_file (error, name, st.st_mode);
      return FALSE;
    }
  if (!pipe && st.st_size > 0 && (guint64) st.st_size > limit)
    {
      close (fd);
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE,
                   "%s: the file is %" G_GINT64_FORMAT " bytes, larger than the limit of %"
                   G_GSIZE_FORMAT " bytes",
                   name, (gint64) st.st_size, limit);
      return FALSE;
    }

  ok = read_fd (fd, name, pipe, pipe ? 64 * 1024 : (gsize) MAX (st.st_size, 0), limit,
                timeout_ms, contents, length, error);
  close (fd);
  return ok;
}

/* A file GIO reaches without a local path (resource://, a gvfs mount):
 * regular files only, through a stream, with the same limit. */
static gboolean
read_stream (GFile *file,
             const char *name,
             gsize limit,
             char **contents,
             gsize *length,
             GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GFileInputStream) stream = NULL;
  g_autofree char *buf = NULL;
  gsize cap, len = 0;
  goffset size;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "%s: %s", name,
                   local_error->message);
      return FALSE;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      set_not_a_file (error, name,
                      g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY ? S_IFDIR : 0);
      return FALSE;
    }
  size = g_file_info_get_size (info);
  if (size > 0 && (guint64) size > limit)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE,
                   "%s: the file is %" G_GOFFSET_FORMAT " bytes, larger than the limit of %"
                   G_GSIZE_FORMAT " bytes",
                   name, size, limit);
      return FALSE;
    }

  stream = g_file_read (file, NULL, &local_error);
  if (stream == NULL)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "%s: %s", name,
                   local_error->message);
      return FALSE;
    }
  cap = MIN ((gsize) MAX (size, 0), limit) + 1;
  buf = g_malloc (cap + 1);
  for (;;)
    {
      gsize n = 0;

      if (len == cap && !grow (&buf, &cap, limit))
        {
          set_too_large (error, name, FALSE, limit);
          return FALSE;
        }
      if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buf + len, cap - len, &n, NULL,
                                    &local_error))
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "%s: %s", name,
                       local_error->message);
          return FALSE;
        }
      if (n == 0)
        break;
      len += n;
    }
  if (len > limit)
    {
      set_too_large (error, name, FALSE, limit);
      return FALSE;
    }
  buf[len] = '\0';
  *contents = g_steal_pointer (&buf);
  *length = len;
  return TRUE;
}

gboolean
roof_file_read_full (GFile *file,
                     RoofFileReadFlags flags,
                     gsize limit,
                     int timeout_ms,
                     char **contents,
                     gsize *length,
                     GError **error)
{
  g_autofree char *name = NULL;
  const char *path;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (contents != NULL && length != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = g_file_get_parse_name (file);
  path = g_file_peek_path (file);
  if (path != NULL)
    return read_path (path, name, flags, limit, timeout_ms, contents, length, error);
  return read_stream (file, name, limit, contents, length, error);
}

gboolean
roof_file_read (GFile *file,
                RoofFileReadFlags flags,
                char **contents,
                gsize *length,
                GError **error)
{
  return roof_file_read_full (file, flags, ROOF_CATALOG_MAX_FILE_SIZE,
                              ROOF_FILE_PIPE_TIMEOUT_S * 1000, contents, length, error);
}
