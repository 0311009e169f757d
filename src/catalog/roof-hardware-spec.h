/* roof-hardware-spec.h — one accelerator of the catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The JSON, the edits and the built-in state are RoofSpec's (roof_spec_*);
 * this type adds the solver view of a "hardware" entry.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "roof-solver.h"
#include "roof-spec.h"

G_BEGIN_DECLS

#define ROOF_TYPE_HARDWARE_SPEC (roof_hardware_spec_get_type ())
G_DECLARE_FINAL_TYPE (RoofHardwareSpec, roof_hardware_spec, ROOF, HARDWARE_SPEC, RoofSpec)

/* Validates `object` (a catalog "hardware" entry) and takes a deep copy of it.
 * `where` prefixes every message, e.g. "my.json: hardware[3] \"h100\"".
 * Unknown fields are kept (for round trips) and reported in `warnings`
 * (element type: char*, may be NULL). */
RoofHardwareSpec *roof_hardware_spec_new_from_json (JsonObject *object,
                                                    const char *where,
                                                    GPtrArray *warnings,
                                                    GError **error);

const char *roof_hardware_spec_get_vendor (RoofHardwareSpec *self); /* "" when absent */
const char *roof_hardware_spec_get_kind (RoofHardwareSpec *self);   /* "other" when absent */

/* Solver view: SI units, PCIe used as the link when there is no scale-up fabric. */
const RoofHardwareParams *roof_hardware_spec_get_params (RoofHardwareSpec *self);
/* TRUE when params.link_bw comes from the PCIe generation, not a fabric. */
gboolean roof_hardware_spec_link_is_pcie (RoofHardwareSpec *self);
/* Cache names in the order of params.caches. */
const char *roof_hardware_spec_get_cache_name (RoofHardwareSpec *self, int index);

G_END_DECLS
