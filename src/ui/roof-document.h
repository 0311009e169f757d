/* roof-document.h — one scenario being worked on: its file, its unsaved
 * changes and its recovery copy
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No widgets here (style.md: state lives in non-widget objects). The window
 * shows the title and the unsaved mark and asks before closing; the document
 * says what they are.
 *
 * A document is dirty when saving it would write something else than what
 * was last saved or opened: an edit of the scenario, or of a catalog entry
 * it uses (which the file embeds), makes it dirty; undoing the edit makes it
 * clean again. Switching charts does not.
 *
 * While dirty, it writes a recovery copy every "autosave-interval" seconds
 * to RECOVERY-DIR/<random>.roofline: the scenario file as Save would write
 * it, plus a "recovery" member naming the document's file. A clean save, a
 * discard or closing removes it; one still there at start-up is what a
 * crash left behind.
 */
#pragma once

#include <gio/gio.h>

#include "roof-catalog.h"
#include "roof-scenario.h"

G_BEGIN_DECLS

#define ROOF_TYPE_DOCUMENT (roof_document_get_type ())
G_DECLARE_FINAL_TYPE (RoofDocument, roof_document, ROOF, DOCUMENT, GObject)

/* Properties: "catalog" (construct-only), "recovery-dir" (GFile,
 * construct-only, NULL: no recovery copies), "scenario", "file", "dirty",
 * "title" ("name.roofline", or "Untitled Scenario"), "subtitle" (the
 * folder, "~" for the home folder, "" without a file), all read-only;
 * "autosave-interval" (seconds, 30; 0 stops autosaving). */

RoofDocument *roof_document_new (RoofCatalog *catalog, GFile *recovery_dir);

RoofCatalog *roof_document_get_catalog (RoofDocument *self);
RoofScenario *roof_document_get_scenario (RoofDocument *self);
GFile *roof_document_get_file (RoofDocument *self);
gboolean roof_document_get_dirty (RoofDocument *self);
const char *roof_document_get_title (RoofDocument *self);
const char *roof_document_get_subtitle (RoofDocument *self);
/* No file and no change: a window showing it may take another file. */
gboolean roof_document_is_pristine (RoofDocument *self);

/* Shows `scenario` (opened from `file`, may be NULL), clean unless `dirty`. */
void roof_document_set_scenario (RoofDocument *self,
                                 RoofScenario *scenario,
                                 GFile *file,
                                 gboolean dirty);

/* Writes the scenario with the custom entries it uses to `file` (the
 * document's own when NULL), atomically; then the document is clean, has
 * that file and no recovery copy. */
gboolean roof_document_save (RoofDocument *self, GFile *file, GError **error);

void roof_document_set_autosave_interval (RoofDocument *self, guint seconds);
/* Writes the recovery copy now if the document is dirty and changed since
 * the last one. */
gboolean roof_document_autosave (RoofDocument *self, GError **error);
/* The recovery copy (which may not exist yet), or NULL without a recovery
 * folder. */
GFile *roof_document_get_recovery_file (RoofDocument *self);
/* Continues a restored recovery copy instead of starting a new one. */
void roof_document_adopt_recovery_file (RoofDocument *self, GFile *recovery);
void roof_document_discard_recovery (RoofDocument *self);

/* $XDG_DATA_HOME/roofline/recovery */
GFile *roof_document_default_recovery_dir (void);
/* The recovery copies in `dir`, oldest first (GFile). */
GPtrArray *roof_document_list_recovery (GFile *dir);
/* The scenario text of a recovery copy, and the file it was a copy of
 * (`original`, NULL when it had none) and when it was written (`saved`). */
char *roof_document_read_recovery (GFile *recovery,
                                   GFile **original,
                                   GDateTime **saved,
                                   gsize *length,
                                   GError **error);

G_END_DECLS
