/* roof-catalog.h — the built-in catalog with user catalogs overlaid
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "roof-catalog-error.h"
#include "roof-hardware-spec.h"
#include "roof-model-spec.h"
#include "roof-system-spec.h"

G_BEGIN_DECLS

#define ROOF_TYPE_CATALOG (roof_catalog_get_type ())
G_DECLARE_FINAL_TYPE (RoofCatalog, roof_catalog, ROOF, CATALOG, GObject)

/* Signals: ::entry-changed (RoofSpec *spec) after any edit of an entry the
 * catalog holds (re-emitted from the spec's ::changed). */

RoofCatalog *roof_catalog_new (void);
/* A new catalog holding the very entry objects of `from` (devices, models,
 * systems), in its order: adding or replacing entries in either leaves the
 * other's list alone; editing an entry shows in both. */
RoofCatalog *roof_catalog_new_sharing (RoofCatalog *from);
/* The catalog compiled into the binary (GResource), every entry built-in. */
RoofCatalog *roof_catalog_new_builtin (GError **error);

/* Parses and validates a whole catalog file, then overlays it by id: the
 * same id replaces, a new id adds. All or nothing: on error the catalog is
 * unchanged. `origin` names the file in messages ("my.json"). Warnings
 * (unknown fields) are appended as char* to `warnings` when non-NULL. */
gboolean roof_catalog_load_data (RoofCatalog *self,
                                 const char *data,
                                 gssize length,
                                 const char *origin,
                                 GPtrArray *warnings,
                                 GError **error);
/* The same, of a regular file read with roof_file_read (); a pipe the user
 * named is read with ROOF_FILE_READ_ALLOW_PIPE and given to _load_data (). */
gboolean roof_catalog_load_file (RoofCatalog *self,
                                 GFile *file,
                                 GPtrArray *warnings,
                                 GError **error);
/* Overlays a parsed "catalog" object (as embedded in a scenario). */
gboolean roof_catalog_load_object (RoofCatalog *self,
                                   JsonObject *object,
                                   const char *origin,
                                   GPtrArray *warnings,
                                   GError **error);

/* Lists of RoofHardwareSpec / RoofModelSpec in catalog order (built-in
 * order, user additions after). The catalog keeps them alive. */
GListModel *roof_catalog_get_hardware (RoofCatalog *self);
GListModel *roof_catalog_get_models (RoofCatalog *self);
RoofHardwareSpec *roof_catalog_find_hardware (RoofCatalog *self, const char *id);
RoofModelSpec *roof_catalog_find_model (RoofCatalog *self, const char *id);
/* Like find, but sets ROOF_CATALOG_ERROR_NOT_FOUND naming the id and, when
 * one is close, suggesting it ("did you mean nvidia-h100-sxm?"). */
RoofHardwareSpec *roof_catalog_lookup_hardware (RoofCatalog *self, const char *id, GError **error);
RoofModelSpec *roof_catalog_lookup_model (RoofCatalog *self, const char *id, GError **error);

/* Adds or replaces by id. */
void roof_catalog_add_hardware (RoofCatalog *self, RoofHardwareSpec *spec);
void roof_catalog_add_model (RoofCatalog *self, RoofModelSpec *spec);
/* FALSE, removing nothing, for a device a system of the catalog is built
 * from (roof_catalog_get_device_user ()): remove or change the system first. */
gboolean roof_catalog_remove_hardware (RoofCatalog *self, const char *id);
gboolean roof_catalog_remove_model (RoofCatalog *self, const char *id);

/* Systems (RoofSystemSpec): the same as hardware and models. A system
 * names a hardware entry (its "device"); loading a file checks that it
 * exists, in the file or the catalog. */
GListModel *roof_catalog_get_systems (RoofCatalog *self);
RoofSystemSpec *roof_catalog_find_system (RoofCatalog *self, const char *id);
RoofSystemSpec *roof_catalog_lookup_system (RoofCatalog *self, const char *id, GError **error);
void roof_catalog_add_system (RoofCatalog *self, RoofSystemSpec *spec);
/* The first system (borrowed) built from the hardware entry `device_id`, or NULL. */
RoofSystemSpec *roof_catalog_get_device_user (RoofCatalog *self, const char *device_id);
gboolean roof_catalog_remove_system (RoofCatalog *self, const char *id);
/* roof_system_spec_get_params () of the system `system_id` with its device
 * from this catalog: NOT_FOUND when either is missing (a device deleted
 * after loading). */
gboolean roof_catalog_get_system_params (RoofCatalog *self,
                                         const char *system_id,
                                         RoofHardwareParams *out,
                                         GError **error);

/* A catalog JSON document of the given entries (any array may be NULL). */
JsonNode *roof_catalog_build_document (GPtrArray *hardware, GPtrArray *models);
JsonNode *roof_catalog_build_document_with_systems (GPtrArray *hardware,
                                                   GPtrArray *models,
                                                   GPtrArray *systems);
/* Every non-built-in (or modified built-in) entry. */
JsonNode *roof_catalog_build_custom_document (RoofCatalog *self);

/* Serialises `root` with 2-space indentation and writes it as every file
 * is written (roof_file_save (): temporary file, fsync, FILE~, rename;
 * through links, never over a read-only file), creating missing parent
 * folders. A backup that cannot be kept is warned about with g_warning (),
 * once per process. Errors are ROOF_CATALOG_ERROR_IO. */
gboolean roof_json_save_atomic (JsonNode *root, GFile *file, GError **error);

/* "Did you mean": the Levenshtein distance between a and b, letters compared
 * as they are or with ASCII case folded. */
guint roof_edit_distance (const char *a, const char *b, gboolean fold_case);

/* One step of a search for the name closest to `name`: `candidate` replaces
 * *best when its roof_edit_distance () is below *best_distance (which it
 * then becomes). Start *best_distance one above the largest distance worth
 * suggesting; the first of equally close candidates wins. */
void roof_edit_distance_consider (const char *name,
                                  const char *candidate,
                                  gboolean fold_case,
                                  const char **best,
                                  guint *best_distance);

G_END_DECLS
