/* roof-hardware-spec.h — one accelerator of the catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "roof-solver.h"

G_BEGIN_DECLS

#define ROOF_TYPE_HARDWARE_SPEC (roof_hardware_spec_get_type ())
G_DECLARE_FINAL_TYPE (RoofHardwareSpec, roof_hardware_spec, ROOF, HARDWARE_SPEC, GObject)

/* Validates `object` (a catalog "hardware" entry) and takes a deep copy of it.
 * `where` prefixes every message, e.g. "my.json: hardware[3] \"h100\"".
 * Unknown fields are kept (for round trips) and reported in `warnings`
 * (element type: char*, may be NULL). */
RoofHardwareSpec *roof_hardware_spec_new_from_json (JsonObject *object,
                                                    const char *where,
                                                    GPtrArray *warnings,
                                                    GError **error);

/* The entry as JSON, unknown fields included (a new reference). */
JsonObject *roof_hardware_spec_to_json (RoofHardwareSpec *self);
/* A custom copy under a new id and name, not built-in. */
RoofHardwareSpec *roof_hardware_spec_duplicate (RoofHardwareSpec *self,
                                                const char *new_id,
                                                const char *new_name);

const char *roof_hardware_spec_get_id (RoofHardwareSpec *self);
const char *roof_hardware_spec_get_name (RoofHardwareSpec *self);
const char *roof_hardware_spec_get_vendor (RoofHardwareSpec *self);
int roof_hardware_spec_get_year (RoofHardwareSpec *self); /* 0 when absent */
const char *roof_hardware_spec_get_kind (RoofHardwareSpec *self);
const char *roof_hardware_spec_get_notes (RoofHardwareSpec *self);     /* "" when absent */
const char *const *roof_hardware_spec_get_sources (RoofHardwareSpec *self); /* never NULL */

/* Solver view: SI units, PCIe used as the link when there is no scale-up fabric. */
const RoofHardwareParams *roof_hardware_spec_get_params (RoofHardwareSpec *self);
/* TRUE when params.link_bw comes from the PCIe generation, not a fabric. */
gboolean roof_hardware_spec_link_is_pcie (RoofHardwareSpec *self);
/* Cache names in the order of params.caches. */
const char *roof_hardware_spec_get_cache_name (RoofHardwareSpec *self, int index);

gboolean roof_hardware_spec_get_builtin (RoofHardwareSpec *self);
void roof_hardware_spec_set_builtin (RoofHardwareSpec *self, gboolean builtin);
/* TRUE once edited after loading (built-in entries can be reset). */
gboolean roof_hardware_spec_get_modified (RoofHardwareSpec *self);
/* Built-in entries only: returns to the shipped values (emits ::changed). */
gboolean roof_hardware_spec_reset (RoofHardwareSpec *self);

/* Field access by schema path ("memory.bandwidth_GBps"). Setters validate the
 * whole entry with the new value; on failure nothing changes and `error` says
 * why. A successful set emits ::changed. */
gboolean roof_hardware_spec_has_field (RoofHardwareSpec *self, const char *path);
double roof_hardware_spec_get_number (RoofHardwareSpec *self, const char *path, double fallback);
const char *roof_hardware_spec_get_string (RoofHardwareSpec *self, const char *path);
gboolean roof_hardware_spec_set_number (RoofHardwareSpec *self,
                                        const char *path,
                                        double value,
                                        GError **error);
gboolean roof_hardware_spec_set_string (RoofHardwareSpec *self,
                                        const char *path,
                                        const char *value,
                                        GError **error);
/* Removes an optional field (e.g. a precision ceiling). */
gboolean roof_hardware_spec_unset (RoofHardwareSpec *self, const char *path, GError **error);
/* Replaces the whole entry (validated; id must stay the same). */
gboolean roof_hardware_spec_replace_json (RoofHardwareSpec *self, JsonObject *object, GError **error);

G_END_DECLS
