/* roof-model-spec.h — one model of the catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The JSON, the edits and the built-in state are RoofSpec's (roof_spec_*);
 * this type adds the solver view of a "models" entry.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "roof-solver.h"
#include "roof-spec.h"

G_BEGIN_DECLS

#define ROOF_TYPE_MODEL_SPEC (roof_model_spec_get_type ())
G_DECLARE_FINAL_TYPE (RoofModelSpec, roof_model_spec, ROOF, MODEL_SPEC, RoofSpec)

/* Like roof_hardware_spec_new_from_json (), for a catalog "models" entry. */
RoofModelSpec *roof_model_spec_new_from_json (JsonObject *object,
                                              const char *where,
                                              GPtrArray *warnings,
                                              GError **error);

const char *roof_model_spec_get_family (RoofModelSpec *self); /* "" when absent */
double roof_model_spec_get_max_context (RoofModelSpec *self); /* 0 when absent */

const RoofModelParams *roof_model_spec_get_params (RoofModelSpec *self);
/* Derived once per change. */
const RoofModelDerived *roof_model_spec_get_derived (RoofModelSpec *self);

G_END_DECLS
