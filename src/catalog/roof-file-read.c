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
set_io_error (GError **error, const char *name, const char *message)
{
  g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "%s: %s", name, message);
}

/* A regular file is refused unread when its size says it is over the limit
 * (one that grows while it is read is caught by read_all ()). */
static gboolean
check_size (gint64 size, const char *name, gsize limit, GError **error)
{
  if (size <= 0 || (guint64) size <= limit)
    return TRUE;
  g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE,
               "%s: the file is %" G_GINT64_FORMAT " bytes, larger than the limit of %"
               G_GSIZE_FORMAT " bytes",
               name, size, limit);
  return FALSE;
}

static void
set_too_large (GError **error, const char *name, gboolean pipe, gsize limit)
{
  g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE,
               pipe ? "%s: the pipe gives more than the limit of %" G_GSIZE_FORMAT " bytes"
                    : "%s: the file is larger than the limit of %" G_GSIZE_FORMAT " bytes",
               name, limit);
}

/* Reads at most `size` bytes into `buf`: how many (0 at the end of the
 * input), or -1 with `error` set. */
typedef gssize (*ReadPiece) (gpointer source, char *buf, gsize size, GError **error);

/* Reads all of `source` into a buffer that grows from `size_hint` + 1 bytes
 * up to limit + 1 at the most: with that many, the input is over the limit
 * and the read stops there. */
static gboolean
read_all (ReadPiece read_piece,
          gpointer source,
          const char *name,
          gboolean pipe,
          gsize size_hint,
          gsize limit,
          char **contents,
          gsize *length,
          GError **error)
{
  gsize cap = MIN (size_hint, limit) + 1;
  g_autofree char *buf = g_malloc (cap + 1);
  gsize len = 0;
  gssize n;

  do
    {
      if (len == cap)
        {
          if (cap > limit)
            {
              set_too_large (error, name, pipe, limit);
              return FALSE;
            }
          cap = MIN (MAX (cap * 2, 64 * 1024), limit + 1);
          buf = g_realloc (buf, cap + 1);
        }
      n = read_piece (source, buf + len, cap - len, error);
      if (n < 0)
        return FALSE;
      len += (gsize) n;
    }
  while (n > 0);

  buf[len] = '\0';
  *contents = g_steal_pointer (&buf);
  *length = len;
  return TRUE;
}

typedef struct
{
  int fd;
  const char *name;
  gboolean pipe;
  int timeout_ms;
} FdSource;


/* A pipe is polled first: on Linux, a FIFO opened with O_NONBLOCK reads as
 * ended while no process has it open for writing, but poll () waits for a
 * writer to come and send or close; so does it for a writer that is there
 * but silent. Each wait is at most `timeout_ms`. */
static gssize
read_fd_piece (gpointer data, char *buf, gsize size, GError **error)
{
  FdSource *src = data;

  for (;;)
    {
      ssize_t n;

      if (src->pipe)
        {
          struct pollfd pfd = { .fd = src->fd, .events = POLLIN };
          int ready = poll (&pfd, 1, src->timeout_ms);

          if (ready < 0 && errno == EINTR)
            continue;
          if (ready < 0)
            {
              set_io_error (error, src->name, g_strerror (errno));
              return -1;
            }
          if (ready == 0)
            {
              g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO,
                           "%s: nothing came through the pipe for %d s (does any process "
                           "write to it?)",
                           src->name, src->timeout_ms / 1000);
              return -1;
            }
        }
      n = read (src->fd, buf, size);
      if (n >= 0)
        return n;
      if (errno != EINTR && errno != EAGAIN)
        {
          set_io_error (error, src->name, g_strerror (errno));
          return -1;
        }
    }
}

typedef struct
{
  GInputStream *stream;
  const char *name;
} StreamSource;

static gssize
read_stream_piece (gpointer data, char *buf, gsize size, GError **error)
{
  StreamSource *src = data;
  g_autoptr (GError) local_error = NULL;
  gssize n = g_input_stream_read (src->stream, buf, size, NULL, &local_error);

  if (n < 0)
    set_io_error (error, src->name, local_error->message);
  return n;
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
        set_io_error (error, name, g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      close (fd);
      set_io_error (error, name, g_strerror (saved));
      return FALSE;
    }

  pipe = S_ISFIFO (st.st_mode);
  if (!S_ISREG (st.st_mode) && !(pipe && (flags & ROOF_FILE_READ_ALLOW_PIPE) != 0))
    {
      close (fd);
      set_not_a_file (error, name, st.st_mode);
      return FALSE;
    }
  if (!pipe && !check_size (st.st_size, name, limit, error))
    {
      close (fd);
      return FALSE;
    }

  {
    FdSource src = { fd, name, pipe, timeout_ms };

    ok = read_all (read_fd_piece, &src, name, pipe,
                   pipe ? 64 * 1024 : (gsize) MAX (st.st_size, 0), limit, contents, length,
                   error);
  }
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
  goffset size;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      set_io_error (error, name, local_error->message);
      return FALSE;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      set_not_a_file (error, name,
                      g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY ? S_IFDIR : 0);
      return FALSE;
    }
  size = g_file_info_get_size (info);
  if (!check_size (size, name, limit, error))
    return FALSE;

  stream = g_file_read (file, NULL, &local_error);
  if (stream == NULL)
    {
      set_io_error (error, name, local_error->message);
      return FALSE;
    }
  {
    StreamSource src = { G_INPUT_STREAM (stream), name };

    return read_all (read_stream_piece, &src, name, FALSE, (gsize) MAX (size, 0), limit,
                     contents, length, error);
  }
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
