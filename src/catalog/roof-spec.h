/* roof-spec.h — what every catalog entry has: its JSON, its state, its edits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * RoofHardwareSpec, RoofModelSpec and RoofSystemSpec derive from RoofSpec. The entry's JSON
 * object is the source of truth (unknown fields included, for round trips);
 * a subclass compiles it into its solver view in the `compile` vfunc, which
 * every edit goes through, so an invalid edit never changes anything.
 * The schema-driven editor and the CLI's `show` work on RoofSpec alone.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "roof-spec-schema.h"

G_BEGIN_DECLS

#define ROOF_TYPE_SPEC (roof_spec_get_type ())
G_DECLARE_DERIVABLE_TYPE (RoofSpec, roof_spec, ROOF, SPEC, GObject)

struct _RoofSpecClass
{
  GObjectClass parent_class;

  RoofEntryKind kind;
  /* "hardware", "models" or "systems": the catalog array, used in messages */
  const char *array_name;

  /* Validates `object` and, on success, replaces the subclass's compiled
   * state with what it computed. `where` prefixes messages; `warnings` (may
   * be NULL) collects char* warnings for unknown fields. Must leave the
   * state untouched on failure. */
  gboolean (*compile) (RoofSpec *self,
                       JsonObject *object,
                       const char *where,
                       GPtrArray *warnings,
                       GError **error);
};

/* Properties: "id" (read-only string: the JSON's "id", which no edit can
 * change), "name" (read-only, follows the JSON), "builtin" (boolean),
 * "modified" (read-only boolean).
 * Signal ::changed () after every successful edit. */

RoofEntryKind roof_spec_get_kind (RoofSpec *self);
const char *roof_spec_get_id (RoofSpec *self);
const char *roof_spec_get_name (RoofSpec *self);      /* the id when absent */
const char *roof_spec_get_notes (RoofSpec *self);     /* "" when absent */
const char *const *roof_spec_get_sources (RoofSpec *self); /* never NULL */
int roof_spec_get_year (RoofSpec *self);              /* 0 when absent */

/* The entry as JSON, unknown fields included (a new reference to a deep copy). */
JsonObject *roof_spec_to_json (RoofSpec *self);

gboolean roof_spec_get_builtin (RoofSpec *self);
void roof_spec_set_builtin (RoofSpec *self, gboolean builtin);
/* Built-in entries: differs by value from the shipped JSON. Others: edited
 * since loading. */
gboolean roof_spec_get_modified (RoofSpec *self);
/* Not built-in, or a modified built-in: what a user file must carry. */
gboolean roof_spec_is_custom (RoofSpec *self);
/* Built-in entries only: back to the shipped values. FALSE for an entry
 * that is not built-in (nothing to reset to); TRUE, changing nothing, for an
 * unmodified built-in one. */
gboolean roof_spec_reset (RoofSpec *self);

/* A non-built-in copy under a new id and name (same subclass). The name goes
 * through roof_spec_fit_name (). */
RoofSpec *roof_spec_duplicate (RoofSpec *self, const char *new_id, const char *new_name);
/* `name`, or, when it is longer than a name may be (ROOF_SPEC_NAME_MAX
 * characters), its beginning, "…" and its last 20 characters, in all as long
 * as a name may be: the copy of a long name keeps the "(custom)" or "(2)"
 * that tells it from the original. */
char *roof_spec_fit_name (const char *name);

/* Field access by schema path ("memory.bandwidth_GBps", "moe.experts").
 * Getters read the JSON; setters validate the whole entry with the change
 * applied through the subclass's compile, and on failure change nothing
 * and say why. A successful edit emits ::changed. The id cannot be set. */
gboolean roof_spec_has_field (RoofSpec *self, const char *path);
double roof_spec_get_number (RoofSpec *self, const char *path, double fallback);
const char *roof_spec_get_string (RoofSpec *self, const char *path);
gboolean roof_spec_get_boolean (RoofSpec *self, const char *path, gboolean fallback);
gboolean roof_spec_set_number (RoofSpec *self, const char *path, double value, GError **error);
gboolean roof_spec_set_string (RoofSpec *self, const char *path, const char *value, GError **error);
gboolean roof_spec_set_boolean (RoofSpec *self, const char *path, gboolean value, GError **error);
gboolean roof_spec_unset (RoofSpec *self, const char *path, GError **error);
/* Whether roof_spec_set_number (), _set_string () or _unset () would take
 * the edit, with the message it would give; changes nothing (an editor
 * checks what is typed, and applies it only when the user commits it). */
gboolean roof_spec_check_number (RoofSpec *self, const char *path, double value, GError **error);
gboolean roof_spec_check_string (RoofSpec *self, const char *path, const char *value, GError **error);
gboolean roof_spec_check_unset (RoofSpec *self, const char *path, GError **error);
/* Replaces the whole entry (validated; the id must stay the same). */
gboolean roof_spec_replace_json (RoofSpec *self, JsonObject *object, GError **error);

/* For subclasses: takes a deep copy of `object` after compiling it. */
gboolean roof_spec_construct (RoofSpec *self,
                              JsonObject *object,
                              const char *where,
                              GPtrArray *warnings,
                              GError **error);

G_END_DECLS
