/* roof-cli-json-writer.c — JSON written as it is produced, for large outputs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-cli-json-writer.h"

#include <math.h>
#include <string.h>

#include "roof-cli-format.h"
#include "roof-json.h"

/* big enough that write() calls cost nothing, small enough for a pipe's
 * reader to see the first points early */
#define FLUSH_AT 65536

struct _RoofCliJsonWriter
{
  RoofCliStream *out;
  GString *buf;
  GArray *members; /* guint per open container: members written so far */
};

RoofCliJsonWriter *
roof_cli_json_writer_new (RoofCliStream *out)
{
  RoofCliJsonWriter *self;

  g_return_val_if_fail (out != NULL, NULL);

  self = g_new0 (RoofCliJsonWriter, 1);
  self->out = out;
  self->buf = g_string_sized_new (FLUSH_AT + 4096);
  self->members = g_array_new (FALSE, FALSE, sizeof (guint));
  return self;
}

void
roof_cli_json_writer_free (RoofCliJsonWriter *self)
{
  if (self == NULL)
    return;
  g_string_free (self->buf, TRUE);
  g_array_unref (self->members);
  g_free (self);
}

static void
flush (RoofCliJsonWriter *self)
{
  roof_cli_stream_write (self->out, self->buf->str, self->buf->len);
  g_string_truncate (self->buf, 0);
}

static void
newline_indent (GString *buf, guint level)
{
  static const char spaces[] = "                                                                ";

  g_string_append_c (buf, '\n');
  for (guint n = 2 * level; n > 0;)
    {
      guint k = MIN (n, sizeof spaces - 1);
      g_string_append_len (buf, spaces, k);
      n -= k;
    }
}

/* a container's entry in `members`: its count, and this bit when it is
 * written on one line */
#define ONE_LINE 0x80000000u

/* The separator, line break and indentation before a value, and its key:
 * one append, this being the writer's most frequent call. */
static void
begin_value (RoofCliJsonWriter *self, const char *key)
{
  guint depth = self->members->len;
  gsize key_len = key != NULL ? strlen (key) : 0;
  char buf[256];
  char *d = buf;

  if (depth == 0)
    return;
  guint *entry = &g_array_index (self->members, guint, depth - 1);
  gboolean one_line = (*entry & ONE_LINE) != 0;
  gboolean first = (*entry & ~ONE_LINE) == 0;
  (*entry)++;
  if (2 * (gsize) depth + key_len + 8 > sizeof buf)
    {
      /* deeper or longer than any output of ours: piece by piece */
      if (!first)
        g_string_append (self->buf, one_line ? ", " : ",");
      if (!one_line)
        newline_indent (self->buf, depth);
      if (key != NULL)
        {
          g_string_append_c (self->buf, '"');
          g_string_append_len (self->buf, key, key_len);
          g_string_append_len (self->buf, "\": ", 3);
        }
      return;
    }
  if (!first)
    *d++ = ',';
  if (one_line && !first)
    *d++ = ' ';
  else if (!one_line)
    {
      *d++ = '\n';
      memset (d, ' ', 2 * depth);
      d += 2 * depth;
    }
  if (key != NULL)
    {
      *d++ = '"';
      memcpy (d, key, key_len);
      d += key_len;
      memcpy (d, "\": ", 3);
      d += 3;
    }
  roof_cli_append_len (self->buf, buf, (gsize) (d - buf));
}

static void
open_container (RoofCliJsonWriter *self, const char *key, char bracket, gboolean one_line)
{
  guint depth = self->members->len;
  /* what is inside a line stays on it */
  guint entry = one_line || (depth > 0 && (g_array_index (self->members, guint, depth - 1)
                                           & ONE_LINE))
                    ? ONE_LINE
                    : 0;

  begin_value (self, key);
  g_string_append_c (self->buf, bracket);
  g_array_append_val (self->members, entry);
}

static void
close_container (RoofCliJsonWriter *self, char bracket)
{
  guint depth = self->members->len;

  g_return_if_fail (depth > 0);

  guint entry = g_array_index (self->members, guint, depth - 1);
  if ((entry & ~ONE_LINE) > 0 && !(entry & ONE_LINE))
    newline_indent (self->buf, depth - 1);
  g_string_append_c (self->buf, bracket);
  g_array_set_size (self->members, depth - 1);
  if (self->buf->len >= FLUSH_AT)
    flush (self);
}

void
roof_cli_json_writer_begin_object (RoofCliJsonWriter *self, const char *key)
{
  g_return_if_fail (self != NULL);
  open_container (self, key, '{', FALSE);
}

void
roof_cli_json_writer_begin_object_line (RoofCliJsonWriter *self, const char *key)
{
  g_return_if_fail (self != NULL);
  open_container (self, key, '{', TRUE);
}

void
roof_cli_json_writer_end_object (RoofCliJsonWriter *self)
{
  g_return_if_fail (self != NULL);
  close_container (self, '}');
}

void
roof_cli_json_writer_begin_array (RoofCliJsonWriter *self, const char *key)
{
  g_return_if_fail (self != NULL);
  open_container (self, key, '[', FALSE);
}

void
roof_cli_json_writer_end_array (RoofCliJsonWriter *self)
{
  g_return_if_fail (self != NULL);
  close_container (self, ']');
}

void
roof_cli_json_writer_number (RoofCliJsonWriter *self, const char *key, double value)
{
  g_return_if_fail (self != NULL);

  begin_value (self, key);
  if (isfinite (value))
    roof_cli_append_double (self->buf, value);
  else
    g_string_append (self->buf, "null");
}

void
roof_cli_json_writer_number_or_null (RoofCliJsonWriter *self,
                                     const char *key,
                                     gboolean has,
                                     double value)
{
  g_return_if_fail (self != NULL);

  roof_cli_json_writer_number (self, key, has ? value : NAN);
}

void
roof_cli_json_writer_int (RoofCliJsonWriter *self, const char *key, gint64 value)
{
  g_return_if_fail (self != NULL);

  begin_value (self, key);
  roof_cli_append_int (self->buf, value);
}

void
roof_cli_json_writer_bool (RoofCliJsonWriter *self, const char *key, gboolean value)
{
  g_return_if_fail (self != NULL);

  begin_value (self, key);
  if (value)
    roof_cli_append_len (self->buf, "true", 4);
  else
    roof_cli_append_len (self->buf, "false", 5);
}

void
roof_cli_json_writer_string (RoofCliJsonWriter *self, const char *key, const char *value)
{
  g_return_if_fail (self != NULL);

  begin_value (self, key);
  if (value == NULL)
    {
      g_string_append (self->buf, "null");
      return;
    }
  for (const guchar *p = (const guchar *) value; *p != '\0'; p++)
    if (*p < 0x20 || *p == '"' || *p == '\\' || *p == 0x7f || *p == 0xc2)
      {
        /* something to escape: exactly as roof_json_to_string does */
        g_autoptr (JsonNode) node = json_node_init_string (json_node_alloc (), value);
        g_autofree char *text = roof_json_to_string (node, FALSE);
        g_string_append (self->buf, text);
        return;
      }
  g_string_append_c (self->buf, '"');
  roof_cli_append_len (self->buf, value, strlen (value));
  g_string_append_c (self->buf, '"');
}

void
roof_cli_json_writer_raw (RoofCliJsonWriter *self, const char *text, gsize len)
{
  g_return_if_fail (self != NULL);

  begin_value (self, NULL);
  roof_cli_append_len (self->buf, text, len);
  if (self->buf->len >= FLUSH_AT)
    flush (self);
}

void
roof_cli_json_writer_node (RoofCliJsonWriter *self, const char *key, JsonNode *node)
{
  g_autofree char *text = NULL;
  gsize len;

  g_return_if_fail (self != NULL);
  g_return_if_fail (node != NULL);

  begin_value (self, key);
  if (self->members->len > 0
      && (g_array_index (self->members, guint, self->members->len - 1) & ONE_LINE))
    {
      /* on one line: the compact text */
      text = roof_json_to_string (node, FALSE);
      g_string_append (self->buf, text);
      return;
    }
  text = roof_json_to_string (node, TRUE);
  len = strlen (text);
  if (len > 0 && text[len - 1] == '\n')
    text[--len] = '\0';
  /* strings hold no raw line breaks: every '\n' is the tree's own */
  for (const char *p = text; *p != '\0'; p++)
    if (*p == '\n')
      newline_indent (self->buf, self->members->len);
    else
      g_string_append_c (self->buf, *p);
}

gboolean
roof_cli_json_writer_finish (RoofCliJsonWriter *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (self->members->len == 0, FALSE);

  g_string_append_c (self->buf, '\n');
  flush (self);
  return !roof_cli_stream_failed (self->out);
}
