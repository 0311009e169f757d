/* roof-catalog-merge.h — bringing entries from a file into the catalog in use
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Importing a catalog file, or opening a scenario that embeds custom entries,
 * must not silently overwrite an entry the user has: a merge first sorts the
 * incoming entries into those that are new (added), those equal by value to
 * the entry of the same id (nothing to do) and conflicts (the same id with
 * other values). Each conflict takes a choice — replace the entry in place,
 * keep both (the incoming one under a new id), or skip it — and nothing
 * changes until roof_catalog_merge_apply ().
 *
 * A built-in entry that is replaced stays built-in (modified), so Reset
 * still takes it back to the shipped values.
 */
#pragma once

#include "roof-catalog.h"
#include "roof-scenario.h"

G_BEGIN_DECLS

typedef enum
{
  ROOF_MERGE_KEEP_BOTH = 0, /* the default: nothing of the user's changes */
  ROOF_MERGE_REPLACE,
  ROOF_MERGE_SKIP,
} RoofMergeChoice;

#define ROOF_TYPE_CATALOG_MERGE (roof_catalog_merge_get_type ())
G_DECLARE_FINAL_TYPE (RoofCatalogMerge, roof_catalog_merge, ROOF, CATALOG_MERGE, GObject)

/* What overlaying every entry of `incoming` on `target` would do. Entries of
 * `incoming` that are the very objects `target` holds are ignored (a catalog
 * made of target's entries plus a few of its own). */
RoofCatalogMerge *roof_catalog_merge_new (RoofCatalog *target, RoofCatalog *incoming);
/* Parses and validates a whole catalog file (as roof_catalog_load_data) into
 * a merge with `target`, which is not changed. */
RoofCatalogMerge *roof_catalog_merge_new_from_data (RoofCatalog *target,
                                                    const char *data,
                                                    gssize length,
                                                    const char *origin,
                                                    GPtrArray *warnings,
                                                    GError **error);
/* Parses and validates a scenario file against `target` without changing
 * it: returns the scenario and, in `*merge`, what its embedded catalog brings. */
RoofScenario *roof_catalog_merge_load_scenario (RoofCatalog *target,
                                                const char *data,
                                                gssize length,
                                                const char *origin,
                                                GPtrArray *warnings,
                                                RoofCatalogMerge **merge,
                                                GError **error);

/* Entries the target does not have yet. */
guint roof_catalog_merge_get_n_new (RoofCatalogMerge *self);
/* Entries equal by value to the target's: nothing to do. */
guint roof_catalog_merge_get_n_same (RoofCatalogMerge *self);

guint roof_catalog_merge_get_n_conflicts (RoofCatalogMerge *self);
/* The incoming entry of conflict `index`; `existing` (may be NULL) receives
 * the target's entry of the same id. Both borrowed. */
RoofSpec *roof_catalog_merge_get_conflict (RoofCatalogMerge *self, guint index, RoofSpec **existing);
/* The id and name the incoming entry would take with ROOF_MERGE_KEEP_BOTH:
 * "<id>-2" (or the next free number), and "<name> (2)" when the names are
 * the same. */
const char *roof_catalog_merge_get_new_id (RoofCatalogMerge *self, guint index);
const char *roof_catalog_merge_get_new_name (RoofCatalogMerge *self, guint index);
/* The fields in which conflict `index` differs ("memory.bandwidth_GBps",
 * "caches", "notes"…), the incoming entry's order first; NULL-terminated. */
char **roof_catalog_merge_get_differences (RoofCatalogMerge *self, guint index);
RoofMergeChoice roof_catalog_merge_get_choice (RoofCatalogMerge *self, guint index);
void roof_catalog_merge_set_choice (RoofCatalogMerge *self, guint index, RoofMergeChoice choice);

/* Adds the new entries and carries out every conflict's choice, once. The
 * ids `scenario` (may be NULL) names follow the entries kept under a new id,
 * and so do the file's systems built from a device kept under a new id.
 * Returns the number of entries added or replaced. */
guint roof_catalog_merge_apply (RoofCatalogMerge *self, RoofScenario *scenario);

G_END_DECLS
