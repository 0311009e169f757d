/* roof-catalog-entries.h — making entries: placeholders, free ids, copies, the default model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the app's "New Device", "New Model" and "Duplicate" and a merge's
 * "Keep Both" need to know about the catalog, in one place the CLI can use
 * too; and which kind of Roofline file a document is, before it is loaded.
 */
#pragma once

#include "roof-catalog.h"

G_BEGIN_DECLS

/* The model a new scenario shows, and the one a scenario falls back to
 * when its model is deleted. */
#define ROOF_DEFAULT_MODEL "llama-3.1-70b"

/* ------------------------------------------------------------------------ */
/* Ids                                                                      */

/* The device, model or system `id` of `self`, or NULL (borrowed). */
RoofSpec *roof_catalog_find_entry (RoofCatalog *self, RoofEntryKind kind, const char *id);
/* Adds `spec` (a device, model or system) to `self` under its kind. */
void roof_catalog_add_entry (RoofCatalog *self, RoofSpec *spec);

/* Whether `id` is taken, for roof_free_id (). */
typedef gboolean (*RoofIdTakenFunc) (const char *id, gpointer user_data);

/* The first of "<base>", "<base>-2", "<base>-3"… (from the `first`th, 1 or
 * more) that `taken` does not claim, `base` shortened so that every one is
 * a valid length for an id. In `*n_out` (may be NULL) the number used (1 for
 * "<base>"). After "<base>-9999" it gives up and returns that one. */
char *roof_free_id (const char *base,
                    guint first,
                    RoofIdTakenFunc taken,
                    gpointer user_data,
                    guint *n_out);
/* roof_free_id () from the first, against the entries of `kind` in `self`:
 * "new-model", then "new-model-2"… */
char *roof_catalog_free_id (RoofCatalog *self, RoofEntryKind kind, const char *base);

/* ------------------------------------------------------------------------ */
/* New entries                                                              */

/* A device or model (`kind`: not ROOF_ENTRY_SYSTEM) under `id` with
 * plausible round figures for the user to replace, and a note saying so:
 * an 80 GB, 3 TB/s GPU of 1,000 bf16 TFLOPS, or an 8-billion-parameter
 * decoder with grouped-query attention. Its name is translated. */
RoofSpec *roof_spec_new_placeholder (RoofEntryKind kind, const char *id);
/* roof_spec_new_placeholder () under a free id ("new-accelerator" or
 * "new-model", then "-2"…), added to `self`; borrowed. */
RoofSpec *roof_catalog_add_placeholder (RoofCatalog *self, RoofEntryKind kind);

/* Adds a custom copy of `spec` (a device or model) to `self` under a new
 * id ("nvidia-h100-sxm-custom", then "-custom-2"…, a copy of a copy counting
 * on from its original's) and name ("… (custom)", "… (custom 2)", after the
 * original when the catalog has it), and returns the id. */
char *roof_catalog_duplicate_entry (RoofCatalog *self, RoofSpec *spec);

/* ROOF_DEFAULT_MODEL when `self` has it, else its first model; NULL when it
 * has none. */
const char *roof_catalog_get_default_model (RoofCatalog *self);

/* ------------------------------------------------------------------------ */
/* Files                                                                    */

typedef enum
{
  ROOF_FILE_KIND_UNKNOWN,  /* not JSON, or no format tag Roofline knows */
  ROOF_FILE_KIND_CATALOG,  /* "format": "roofline-catalog" */
  ROOF_FILE_KIND_SCENARIO, /* "format": "roofline-scenario" */
} RoofFileKind;

/* Which Roofline file `data` is by its "format" tag, without validating
 * anything else: what to load it as. */
RoofFileKind roof_file_kind_sniff (const char *data, gssize length);

G_END_DECLS
