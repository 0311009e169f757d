/* roof-user-catalog.h — the catalog the app keeps for the user, on disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The built-in catalog with the user's file laid over it
 * ($XDG_DATA_HOME/roofline/catalog.json): the custom entries and the
 * modified built-in ones. Every change to the catalog is written back
 * shortly after (at most one write per save delay, plus roof_user_catalog_flush ()
 * on quit), atomically, the previous version kept as FILE~; a write that
 * would not change the file is skipped.
 *
 * A modified built-in entry in the file is applied to the built-in entry
 * itself, which stays built-in: Reset still takes it back to the shipped
 * values after a restart.
 *
 * Another process (a second instance without a session bus) may write the
 * same file: a file monitor, and a look before every save, notice it. Its
 * entries are merged in (three-way, against the file as last read or
 * written): an entry only one side changed takes that side's version, a
 * new one is added, one removed there and unchanged here goes; an entry
 * both changed is a conflict for ::external-conflict to ask about. Nothing
 * of the other writer's is overwritten without an answer. A file the
 * other writer left that does not load (::external-unreadable, with the
 * error naming the file and the place) is not written over either: our
 * catalog stays in memory, unsaved, until the file loads again (it is then
 * merged), the user writes ours over it (roof_user_catalog_overwrite ()) or
 * saves ours beside it (roof_user_catalog_save_beside ()).
 *
 * A file that does not load is never overwritten: a malformed one (syntax,
 * types, values, size) is renamed to FILE.corrupt-YYYYMMDD-HHMMSS and the
 * catalog starts from the built-in entries; one written by a newer Roofline,
 * or one that cannot be read, stays where it is and nothing is saved.
 */
#pragma once

#include "roof-catalog.h"
#include "roof-catalog-merge.h"

G_BEGIN_DECLS

#define ROOF_TYPE_USER_CATALOG (roof_user_catalog_get_type ())
G_DECLARE_FINAL_TYPE (RoofUserCatalog, roof_user_catalog, ROOF, USER_CATALOG, GObject)

/* Properties: "file" (GFile, construct-only; NULL keeps everything in
 * memory), "catalog" (RoofCatalog, read-only), "read-only" (boolean: saving
 * is off because the file could not be loaded nor moved aside),
 * "save-delay" (guint, milliseconds, 500).
 * Signals ::save-failed (GError *error) when a deferred save fails,
 * ::external-conflict (RoofCatalogMerge *merge) and
 * ::external-unreadable (GError *error) below. */

/* $XDG_DATA_HOME/roofline/catalog.json */
GFile *roof_user_catalog_default_file (void);

/* The built-in catalog, watched for changes. A broken build whose built-in
 * catalog does not load gets an empty one and a critical. */
RoofUserCatalog *roof_user_catalog_new (GFile *file);

/* Lays the file over the built-in entries. A missing file is not an error.
 * On error, the catalog keeps the built-in entries only, `error` says why
 * (naming the file, line:column or entry and field) and, when the file was
 * moved aside, `moved_to` (may be NULL) receives where it went. Warnings
 * (unknown fields) are appended to `warnings` (may be NULL). */
gboolean roof_user_catalog_load (RoofUserCatalog *self,
                                 GPtrArray *warnings,
                                 GFile **moved_to,
                                 GError **error);

RoofCatalog *roof_user_catalog_get_catalog (RoofUserCatalog *self);
GFile *roof_user_catalog_get_file (RoofUserCatalog *self);
gboolean roof_user_catalog_get_read_only (RoofUserCatalog *self);
void roof_user_catalog_set_save_delay (RoofUserCatalog *self, guint milliseconds);
/* TRUE while a change waits to be written. */
gboolean roof_user_catalog_get_pending (RoofUserCatalog *self);

/* Writes the custom entries now (skipped when the file already says the
 * same). TRUE with nothing done when there is no file or it is read-only. */
gboolean roof_user_catalog_save (RoofUserCatalog *self, GError **error);
/* Writes a pending change now, or tries again what a failed save left
 * unwritten. */
gboolean roof_user_catalog_flush (RoofUserCatalog *self, GError **error);
/* TRUE while the file lacks changes: one waits to be written, or the last
 * save failed (a read-only folder, a full disk). */
gboolean roof_user_catalog_get_unsaved (RoofUserCatalog *self);
/* The user chose to quit without them: nothing is pending any more. */
void roof_user_catalog_forget_unsaved (RoofUserCatalog *self);

/* Another process's change is being merged and waits for answers (no save
 * until then). */
gboolean roof_user_catalog_get_merging (RoofUserCatalog *self);
/* Carries out `merge` (that of ::external-conflict, its choices made),
 * then writes what the file lacks. */
void roof_user_catalog_finish_merge (RoofUserCatalog *self, RoofCatalogMerge *merge);

/* Why the file another writer left cannot be loaded, or NULL. Saves fail
 * with it meanwhile, and changes stay unsaved. */
const GError *roof_user_catalog_get_unreadable (RoofUserCatalog *self);
/* Writes ours over that file (kept as FILE~, as every save keeps the
 * previous version) and saves as before from then on. */
gboolean roof_user_catalog_overwrite (RoofUserCatalog *self, GError **error);
/* Writes ours beside the file, as FILE.conflict-YYYYMMDD-HHMMSS (returned),
 * leaving the file as it is: nothing is unsaved until the next change. */
GFile *roof_user_catalog_save_beside (RoofUserCatalog *self, GError **error);

G_END_DECLS
