/* roof-cli-json-writer.h — JSON written as it is produced, for large outputs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A sweep of 25 devices × 10,000 points as a JsonBuilder tree costs a hash
 * table per point and the whole text in memory before the first byte goes
 * out. This writer appends to a buffer that goes to the stream every 64 KiB,
 * and its text is byte for byte what roof_json_to_string (node, TRUE) makes
 * of the same tree: 2-space indentation, "key": value, the same numbers
 * (roof_cli_append_double) and string escapes, a final newline; but for
 * objects begun with roof_cli_json_writer_begin_object_line, written on one
 * line with ", " between members (whitespace only: the same JSON).
 */
#pragma once

#include <json-glib/json-glib.h>

#include "roof-cli-stream.h"

G_BEGIN_DECLS

typedef struct _RoofCliJsonWriter RoofCliJsonWriter;

RoofCliJsonWriter *roof_cli_json_writer_new (RoofCliStream *out);
void roof_cli_json_writer_free (RoofCliJsonWriter *self);

/* `key` names the member inside an object and must be NULL inside an array
 * and for the root. Keys are written as they are: plain ASCII names. */
void roof_cli_json_writer_begin_object (RoofCliJsonWriter *self, const char *key);
/* An object on one line, `{"a": 1, "b": 2}`, and whatever it holds: for
 * the many small objects of a large output (a sweep's points), which are
 * then some 40% fewer bytes */
void roof_cli_json_writer_begin_object_line (RoofCliJsonWriter *self, const char *key);
void roof_cli_json_writer_end_object (RoofCliJsonWriter *self);
void roof_cli_json_writer_begin_array (RoofCliJsonWriter *self, const char *key);
void roof_cli_json_writer_end_array (RoofCliJsonWriter *self);
/* null when not finite, like roof_cli_json_number */
void roof_cli_json_writer_number (RoofCliJsonWriter *self, const char *key, double value);
/* null when !has */
void roof_cli_json_writer_number_or_null (RoofCliJsonWriter *self,
                                          const char *key,
                                          gboolean has,
                                          double value);
void roof_cli_json_writer_int (RoofCliJsonWriter *self, const char *key, gint64 value);
void roof_cli_json_writer_bool (RoofCliJsonWriter *self, const char *key, gboolean value);
/* null for NULL */
void roof_cli_json_writer_string (RoofCliJsonWriter *self, const char *key, const char *value);
/* A value whose text the caller wrote (`len` bytes, valid JSON on one
 * line, not checked here), inside an array: for the many points of a
 * sweep, each built in one buffer instead of a call per member. */
void roof_cli_json_writer_raw (RoofCliJsonWriter *self, const char *text, gsize len);
/* A whole tree, as roof_json_to_string writes it, at this depth. */
void roof_cli_json_writer_node (RoofCliJsonWriter *self, const char *key, JsonNode *node);

/* Ends the text with a newline and writes what is buffered. FALSE when the
 * stream failed (roof_cli_stream_failed). */
gboolean roof_cli_json_writer_finish (RoofCliJsonWriter *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RoofCliJsonWriter, roof_cli_json_writer_free)

G_END_DECLS
