/* roof-catalog-private.h — helpers shared by the catalog's translation units
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not installed and not for the UI or the CLI: everything here may change.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "roof-catalog-error.h"
#include "roof-catalog.h"
#include "roof-file-read.h"
#include "roof-spec-schema.h"
#include "roof-spec.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------------ */
/* JSON nodes                                                               */

/* Members in file order. json_object_iter_*() of json-glib 1.6 walks the
 * hash table (the ordered variant is 1.8), which would scramble saved files
 * and the order of messages. Declare with g_auto (RoofObjectIter) = { 0 }. */
typedef struct
{
  JsonObject *object;
  GList *members;
  GList *next;
} RoofObjectIter;

void roof_object_iter_init (RoofObjectIter *iter, JsonObject *object);
gboolean roof_object_iter_next (RoofObjectIter *iter, const char **name, JsonNode **member);
void roof_object_iter_clear (RoofObjectIter *iter);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RoofObjectIter, roof_object_iter_clear)

/* "a string", "a number", "a boolean", "an object", "an array", "null". */
const char *roof_json_node_kind (JsonNode *node);
/* TRUE for an integer or floating-point value (booleans are not numbers). */
gboolean roof_json_node_is_number (JsonNode *node);
double roof_json_node_get_number (JsonNode *node);
gboolean roof_json_node_is_string (JsonNode *node);
gboolean roof_json_node_is_boolean (JsonNode *node);

/* json_node_copy() shares objects and arrays; these copy every level. */
JsonNode *roof_json_node_deep_copy (JsonNode *node);
JsonObject *roof_json_object_deep_copy (JsonObject *object);
/* Equal by value: 1 and 1.0 are equal, member order does not matter. */
gboolean roof_json_node_equal (JsonNode *a, JsonNode *b);
gboolean roof_json_object_equal (JsonObject *a, JsonObject *b);

/* A number node: an integer node for whole values below 2^53, else a double. */
JsonNode *roof_json_node_new_number (double value);

/* Writing a document's optional members, which are written only when
 * stated so that older files save as they were: member `name` set to `node`
 * (transfer full) or, with NULL, removed when it is there. */
void roof_json_object_put (JsonObject *object, const char *name, JsonNode *node);
/* A string node of `value`; NULL for NULL. */
JsonNode *roof_json_node_new_string_or_null (const char *value);
/* Member `name` of `root` as an object when `keep` (made, or replacing a
 * member that is not an object; a kept object's unknown members stay), else
 * removed: NULL then. */
JsonObject *roof_json_object_section (JsonObject *root, const char *name, gboolean keep);

/* Rounds to 15 significant digits: undoes the last-bit noise of a unit
 * conversion (3e-6 s × 1e6 = 3.0000000000000004 µs) so files round-trip. */
double roof_json_round15 (double value);

/* Paths: "memory.bandwidth_GBps", "caches[0].capacity_MB". */
JsonNode *roof_json_path_get (JsonObject *root, const char *path);
/* Sets (taking `value`), creating missing parent objects and appending an
 * array element when the index equals the length. */
gboolean roof_json_path_set (JsonObject *root, const char *path, JsonNode *value, GError **error);
/* Removes the member; TRUE when something was removed. */
gboolean roof_json_path_unset (JsonObject *root, const char *path);
/* "caches[2].capacity_MB" -> "caches[].capacity_MB" */
char *roof_json_path_normalize (const char *path);

/* ------------------------------------------------------------------------ */
/* Schema-driven validation                                                 */

typedef struct
{
  const RoofFieldSpec *rows; /* zero-terminated */
  RoofEntryKind kind;
  gboolean is_entry;                 /* apply the id rules and entry predicates */
  const char *const *opaque_paths;   /* members accepted as they are (NULL-terminated) */
} RoofSchemaWalk;

/* Checks every member of `object` against the table: types, bounds, choices,
 * required fields; unknown members become warnings (kept). Messages are
 * "WHERE: field message" (`where` may be NULL). */
gboolean roof_schema_check_object (const RoofSchemaWalk *walk,
                                   JsonObject *object,
                                   const char *where,
                                   GPtrArray *warnings,
                                   GError **error);

/* Sets ROOF_CATALOG_ERROR_INVALID "WHERE: message". */
void roof_catalog_set_error (GError **error,
                             RoofCatalogError code,
                             const char *where,
                             const char *format,
                             ...) G_GNUC_PRINTF (4, 5);

/* The effective "kind" / "attention" of a model entry (defaults and
 * inference applied); hardware kind defaults to "other". */
const char *roof_spec_effective_string (RoofEntryKind kind, JsonObject *object, const char *path);

/* Edits by schema path on a copy of an entry, before it is revalidated. */
gboolean roof_spec_edit_number (RoofEntryKind kind,
                                JsonObject *object,
                                const char *path,
                                double value,
                                GError **error);
gboolean roof_spec_edit_string (RoofEntryKind kind,
                                JsonObject *object,
                                const char *path,
                                const char *value,
                                GError **error);
gboolean roof_spec_edit_boolean (RoofEntryKind kind,
                                 JsonObject *object,
                                 const char *path,
                                 gboolean value,
                                 GError **error);
/* Sets *changed. Group paths ("interconnect", "moe") are accepted. */
gboolean roof_spec_edit_unset (RoofEntryKind kind,
                               JsonObject *object,
                               const char *path,
                               gboolean *changed,
                               GError **error);

/* "hardware" or "model": an entry in messages ("model \"x\": …"). */
const char *roof_entry_kind_noun (RoofEntryKind kind);

/* Looks at the text before json-glib does (roof-json-scan.c): nesting
 * deeper than ROOF_CATALOG_MAX_DEPTH, NUL, escapes and numbers that are not
 * JSON are refused with "ORIGIN:LINE:COLUMN: message". `*rewritten` is set to
 * a copy of the text with integers of 19 digits or more written as floating
 * point (json-glib 1.6 overflows on them), or NULL when there were none. */
gboolean roof_json_prescan (const char *data,
                            gsize length,
                            const char *origin,
                            char **rewritten,
                            GError **error);

/* roof_json_parse () with the caller's parser, whose signals it may have
 * connected (the line each object starts on: roof-measurement.c). */
JsonNode *roof_json_parse_with (JsonParser *parser,
                                const char *data,
                                gssize length,
                                const char *origin,
                                GError **error);

/* roof_json_parse () of a catalog or scenario (`what`), which must be an
 * object: else ROOF_CATALOG_ERROR_FORMAT. `data` may be NULL when empty. */
JsonNode *roof_json_parse_document (const char *data,
                                    gssize length,
                                    const char *origin,
                                    const char *what,
                                    GError **error);

/* ROOF_CATALOG_ERROR_INVALID "ORIGIN: PREFIXpath must be finite, got inf" for
 * the first infinite number anywhere under `object` but in its member `skip`
 * (may be NULL). The schema checks the fields it knows; this catches those
 * kept unchecked (unknown fields), which a save would turn into null. */
gboolean roof_json_object_check_finite (JsonObject *object,
                                        const char *origin,
                                        const char *prefix,
                                        const char *skip,
                                        GError **error);

/* NULL-terminated copy of a STRINGS member ("sources"); never NULL. */
char **roof_json_dup_strv (JsonObject *object, const char *member);

/* JSON string member or NULL. */
const char *roof_json_get_string (JsonObject *object, const char *path);
double roof_json_get_number (JsonObject *object, const char *path, double fallback);
gboolean roof_json_get_boolean (JsonObject *object, const char *path, gboolean fallback);

/* The "format" / "version" pair of a catalog or scenario document:
 * FORMAT when missing or wrong, VERSION when newer than `version`. */
gboolean roof_check_format_tag (JsonObject *root,
                                const char *origin,
                                const char *format,
                                int version,
                                const char *what,
                                GError **error);

/* roof_file_read () with the size limit and the pipe's timeout given (the
 * tests use small ones). */
gboolean roof_file_read_full (GFile *file,
                              RoofFileReadFlags flags,
                              gsize limit,
                              int timeout_ms,
                              char **contents,
                              gsize *length,
                              GError **error);

/* `s`, or its first `max_chars` characters and "…" when it is longer: an
 * over-long id shown in a message. */
char *roof_text_shorten (const char *s, glong max_chars);

/* roof_catalog_load_data () and roof_catalog_load_object () where the
 * file's systems may also be built from a device of `context` (may be NULL):
 * a file read apart (to merge, or a user catalog) before it is laid over
 * the catalog in use. */
gboolean roof_catalog_load_data_in (RoofCatalog *self,
                                    const char *data,
                                    gssize length,
                                    const char *origin,
                                    RoofCatalog *context,
                                    GPtrArray *warnings,
                                    GError **error);
gboolean roof_catalog_load_object_in (RoofCatalog *self,
                                      JsonObject *object,
                                      const char *origin,
                                      RoofCatalog *context,
                                      GPtrArray *warnings,
                                      GError **error);

/* The scenario file's fields (no labels or help: it has no editor), for the
 * documentation test. Zero-terminated. */
const RoofFieldSpec *roof_scenario_schema (void);

/* ------------------------------------------------------------------------ */
/* Entries                                                                  */

/* g_object_new (type) and roof_spec_construct (): what every subclass's
 * new_from_json and roof_spec_duplicate () do. */
RoofSpec *roof_spec_new_of_type (GType type,
                                 JsonObject *object,
                                 const char *where,
                                 GPtrArray *warnings,
                                 GError **error);
/* The entry's own JSON, borrowed: valid until the next edit, never to be
 * changed (subclass getters that read what compile accepted). */
JsonObject *roof_spec_peek_json (RoofSpec *self);

G_END_DECLS
