/* roof-catalog-dialogs.h — the questions a catalog file asks: which version
 * of an entry to keep, which entries to export
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both are AdwMessageDialogs over `parent`. Nothing changes until the last
 * answer: cancelling either leaves the catalog and the files as they were.
 */
#pragma once

#include <adwaita.h>

#include "roof-catalog-merge.h"

G_BEGIN_DECLS

/* Called once, when every conflict has its choice (`accepted`) or the user
 * cancelled (nothing was applied). */
typedef void (*RoofMergeQuestionsDone) (RoofCatalogMerge *merge, gboolean accepted,
                                        gpointer user_data);

/* Where the other versions come from, which the questions say. */
typedef enum
{
  ROOF_MERGE_FROM_IMPORT,       /* a catalog file being imported */
  ROOF_MERGE_FROM_SCENARIO,     /* a scenario being opened (which then uses the entry kept) */
  ROOF_MERGE_FROM_OTHER_WRITER, /* the user catalog, saved meanwhile by another window or program */
} RoofMergeSource;

/* Asks, one dialog per conflict of `merge`, whether to replace the user's
 * entry, keep both or skip; "Do the same for the rest" answers the others.
 * `file_name` names the file in the questions. Calls `done` at once when
 * there is no conflict. */
void roof_merge_questions_run (GtkWindow *parent,
                               RoofCatalogMerge *merge,
                               const char *file_name,
                               RoofMergeSource source,
                               RoofMergeQuestionsDone done,
                               gpointer user_data,
                               GDestroyNotify destroy);

/* Called with the entries chosen (RoofSpec), or NULL when cancelled. */
typedef void (*RoofEntryPickerDone) (GPtrArray *chosen, gpointer user_data);

/* Lets the user tick the entries to export among `candidates` (RoofSpec),
 * the `checked` ones (may be NULL: all) ticked to begin with. */
GtkWindow *roof_entry_picker_run (GtkWindow *parent,
                                  GPtrArray *candidates,
                                  GPtrArray *checked,
                                  RoofEntryPickerDone done,
                                  gpointer user_data,
                                  GDestroyNotify destroy);

G_END_DECLS
