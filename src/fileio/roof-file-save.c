/* roof-file-save.c — the one way Roofline writes a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Why not GLib's own savers (2.74), which were evaluated for this:
 *
 * - g_file_set_contents () names its temporary file NAME.XXXXXX, so a name
 *   of 249 to 255 bytes cannot be saved at all ("File name too long"); it
 *   replaces a symbolic link by a file, keeps no NAME~, and gives the new
 *   file 0666 less the umask whatever the old one had (a 0444 file became
 *   0644). Its errors name the temporary file.
 * - g_file_replace () / g_file_replace_contents () on a local file
 *   (glocalfileoutputstream.c) first opens the existing file for writing:
 *   a pipe there blocks the caller, and root rewrites a 0444 file. A
 *   symbolic link, or a file with a second hard link (which is what a kill
 *   between its backup's link and its rename leaves), is truncated and
 *   rewritten in place, not atomically; G_FILE_CREATE_REPLACE_DESTINATION
 *   avoids that by replacing the link itself, which the rules forbid. A
 *   backup that cannot be made (NAME~ a folder, or too long a name) fails
 *   the whole save with "Backup file creation failed", naming no file.
 *
 * So the steps are done here with GLib's portable pieces (g_mkstemp_full,
 * g_rename) and POSIX (fsync, link, fchmod). GIO's replace remains the
 * catalog's way to write to a location that is not a local file (GVfs),
 * where there is no path to do this with.
 */
#include "config.h"

#include "roof-file-save.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* links followed before giving up with ELOOP, as Linux does */
#define MAX_LINKS 40
/* the temporary file: short, so any NAME the folder allows can be saved */
#define TEMP_NAME ".roofline-XXXXXX"

G_LOCK_DEFINE_STATIC (warned);
static GHashTable *warned; /* the NAME~ already warned about */

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static void
warn_once (GPtrArray *warnings, const char *backup, char *message)
{
  gboolean first;

  G_LOCK (warned);
  if (warned == NULL)
    warned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  first = g_hash_table_add (warned, g_strdup (backup));
  G_UNLOCK (warned);

  if (first && warnings != NULL)
    {
      g_ptr_array_add (warnings, message);
      return;
    }
  if (first)
    g_warning ("%s", message);
  g_free (message);
}

static gboolean fail (GError **error, int code, const char *shown, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

/* "cannot save PATH: " and the reason */
static gboolean
fail (GError **error, int code, const char *shown, const char *format, ...)
{
  g_autofree char *reason = NULL;
  va_list args;

  va_start (args, format);
  reason = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, G_FILE_ERROR, code, "cannot save %s: %s", shown, reason);
  return FALSE;
}

static gboolean
fail_errno (GError **error, int saved_errno, const char *shown)
{
  return fail (error, g_file_error_from_errno (saved_errno), shown, "%s",
               g_strerror (saved_errno));
}

/* readlink () into a string of the right size; NULL with errno set */
static char *
read_link (const char *path)
{
  for (gsize size = 256;; size *= 2)
    {
      char *buffer = g_malloc (size);
      ssize_t n = readlink (path, buffer, size);

      if (n < 0)
        {
          int saved = errno;

          g_free (buffer);
          errno = saved;
          return NULL;
        }
      if ((gsize) n < size)
        {
          buffer[n] = '\0';
          return buffer;
        }
      g_free (buffer);
    }
}

/* The file `path` stands for: links followed to the end of the chain (a
 * dangling link gives the file to create). A relative target is taken from
 * the link's folder as the kernel does, without folding "..". NULL with
 * errno set. */
static char *
resolve (const char *path)
{
  g_autofree char *current = g_strdup (path);

  for (guint hops = 0; hops <= MAX_LINKS; hops++)
    {
      g_autofree char *target = NULL;
      g_autofree char *dir = NULL;
      struct stat st;

      if (g_lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      target = read_link (current);
      if (target == NULL)
        return NULL;
      if (g_path_is_absolute (target))
        {
          g_free (current);
          current = g_steal_pointer (&target);
          continue;
        }
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_build_filename (dir, target, NULL);
    }
  errno = ELOOP;
  return NULL;
}

/* What a refusal says the file is: "it" or, through a link, "it links to
 * TARGET, which". */
static char *
subject (const char *path, const char *real)
{
  g_autofree char *absolute = NULL;
  g_autofree char *shown = NULL;

  if (strcmp (path, real) == 0)
    return g_strdup ("it");
  absolute = g_canonicalize_filename (real, NULL);
  shown = g_filename_display_name (absolute);
  return g_strdup_printf ("it links to %s, which", shown);
}

static const char *
kind_of (mode_t mode)
{
  if (S_ISFIFO (mode))
    return "a pipe";
  if (S_ISSOCK (mode))
    return "a socket";
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return "a device";
  return "not a regular file";
}

/* A new temporary file in `dir` holding the data, flushed to disk, with the
 * owner and mode of `old` when given. Its path, or NULL with errno set and
 * nothing left behind; `created` says whether the folder took a new file. */
static char *
write_temp (const char *dir, const struct stat *old, const void *data, gsize length,
            gboolean *created)
{
  g_autofree char *tmp = g_build_filename (dir, TEMP_NAME, NULL);
  const char *bytes = data;
  gsize done = 0;
  int fd, saved;

  *created = FALSE;
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return NULL;
  *created = TRUE;
  if (old != NULL)
    {
      /* root saving someone's file leaves it theirs; anyone else cannot
       * give a file away, and the new version is then theirs */
      if (fchown (fd, old->st_uid, old->st_gid) != 0)
        (void) !fchown (fd, (uid_t) -1, old->st_gid);
      if (fchmod (fd, old->st_mode & 07777) != 0)
        goto fail;
    }
  while (done < length)
    {
      gssize n = write (fd, bytes + done, length - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        goto fail;
      done += (gsize) n;
    }
  if (fsync (fd) != 0 && errno != EINVAL)
    goto fail;
  if (close (fd) != 0)
    {
      fd = -1;
      goto fail;
    }
  return g_steal_pointer (&tmp);

fail:
  saved = errno;
  if (fd >= 0)
    close (fd);
  g_unlink (tmp);
  errno = saved;
  return NULL;
}

/* Keeps the file `real` (of status `st`) as `real`~: a second hard link, or
 * a copy where the file system has none. A backup that cannot be made never
 * stops the save; it is said once. */
static void
keep_backup (const char *shown, const char *real, const char *dir, const struct stat *st,
             GPtrArray *warnings)
{
  g_autofree char *base = g_path_get_basename (real);
  g_autofree char *backup = g_strconcat (real, "~", NULL);
  g_autofree char *backup_shown = g_filename_display_name (backup);
  long name_max = pathconf (dir, _PC_NAME_MAX);
  struct stat bst;
  int linked = -1;
  int saved;

  if (name_max <= 0)
    name_max = 255;
  if ((glong) strlen (base) + 1 > name_max)
    {
      warn_once (warnings, backup,
                 g_strdup_printf ("saved %s without keeping the previous version: its name "
                                  "with a ~ would be longer than the %ld bytes a file name may "
                                  "have there",
                                  shown, name_max));
      return;
    }
  /* a folder or a device of that name is the user's, not a backup */
  if (g_lstat (backup, &bst) == 0 && !S_ISREG (bst.st_mode) && !S_ISLNK (bst.st_mode))
    {
      warn_once (warnings, backup,
                 g_strdup_printf ("saved %s without keeping the previous version: %s is %s",
                                  shown, backup_shown,
                                  S_ISDIR (bst.st_mode) ? "a folder" : kind_of (bst.st_mode)));
      return;
    }
  if (g_unlink (backup) != 0 && errno != ENOENT)
    goto fail;
  /* ENOENT: another save renamed its version over `real` while this link
   * was being made; the one now there is a previous version too */
  for (guint tries = 0; tries < 3; tries++)
    {
      linked = link (real, backup);
      if (linked == 0 || errno != ENOENT)
        break;
    }
  if (linked == 0)
    return;
  /* another save made one between the unlink and the link: it is a
   * previous version too */
  if (errno == EEXIST)
    return;
  if (errno == EPERM || errno == EXDEV || errno == EMLINK || errno == ENOSYS
      || errno == EOPNOTSUPP)
    {
      g_autoptr (GError) local = NULL;
      g_autofree char *old = NULL;
      g_autofree char *tmp = NULL;
      gsize old_length = 0;
      gboolean created;

      if (!g_file_get_contents (real, &old, &old_length, &local))
        {
          warn_once (warnings, backup,
                     g_strdup_printf ("saved %s without keeping the previous version as %s: %s",
                                      shown, backup_shown, local->message));
          return;
        }
      tmp = write_temp (dir, st, old, old_length, &created);
      if (tmp == NULL)
        goto fail;
      if (g_rename (tmp, backup) == 0)
        return;
      saved = errno;
      g_unlink (tmp);
      errno = saved;
    }

fail:
  saved = errno;
  warn_once (warnings, backup,
             g_strdup_printf ("saved %s without keeping the previous version as %s: %s", shown,
                              backup_shown, g_strerror (saved)));
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

gboolean
roof_file_save (const char *path, const void *data, gsize length, GPtrArray *warnings,
                GError **error)
{
  g_autofree char *shown = NULL;
  g_autofree char *real = NULL;
  g_autofree char *it = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *tmp = NULL;
  struct stat st;
  gboolean exists, created;
  int saved, dfd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  shown = g_filename_display_name (path);
  if (path[0] == '\0')
    return fail_errno (error, ENOENT, shown);
  real = resolve (path);
  if (real == NULL)
    return fail_errno (error, errno, shown);
  it = subject (path, real);

  exists = g_lstat (real, &st) == 0;
  if (!exists && errno != ENOENT)
    return fail_errno (error, errno, shown);
  if (exists)
    {
      /* never opened: a pipe would block, a device take the bytes */
      if (S_ISDIR (st.st_mode))
        return fail (error, G_FILE_ERROR_ISDIR, shown, "%s is a folder", it);
      if (!S_ISREG (st.st_mode))
        return fail (error, G_FILE_ERROR_FAILED, shown, "%s is %s", it, kind_of (st.st_mode));
      /* the rename needs only the folder: the file's own permission is
       * checked here. Its mode bits, because root passes access (). */
      if ((st.st_mode & 0222) == 0
          || (access (real, W_OK) != 0 && (errno == EACCES || errno == EPERM || errno == EROFS)))
        return fail (error, G_FILE_ERROR_ACCES, shown, "%s is read-only", it);
    }

  dir = g_path_get_dirname (real);
  tmp = write_temp (dir, exists ? &st : NULL, data, length, &created);
  if (tmp == NULL && !created)
    {
      g_autofree char *dir_shown = g_filename_display_name (dir);

      saved = errno;
      return fail (error, g_file_error_from_errno (saved), shown,
                   "cannot create a file in %s: %s", dir_shown, g_strerror (saved));
    }
  if (tmp == NULL)
    return fail_errno (error, errno, shown);

  if (exists)
    keep_backup (shown, real, dir, &st, warnings);
  if (g_rename (tmp, real) != 0)
    {
      saved = errno;
      g_unlink (tmp);
      return fail_errno (error, saved, shown);
    }

  /* the rename itself reaches the disk */
  dfd = open (dir, O_RDONLY | O_CLOEXEC);
  if (dfd >= 0)
    {
      (void) fsync (dfd);
      close (dfd);
    }
  return TRUE;
}
