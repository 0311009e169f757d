/* roof-model-spec.h — one model of the catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "roof-solver.h"

G_BEGIN_DECLS

#define ROOF_TYPE_MODEL_SPEC (roof_model_spec_get_type ())
G_DECLARE_FINAL_TYPE (RoofModelSpec, roof_model_spec, ROOF, MODEL_SPEC, GObject)

RoofModelSpec *roof_model_spec_new_from_json (JsonObject *object,
                                              const char *where,
                                              GPtrArray *warnings,
                                              GError **error);
JsonObject *roof_model_spec_to_json (RoofModelSpec *self);
RoofModelSpec *roof_model_spec_duplicate (RoofModelSpec *self,
                                          const char *new_id,
                                          const char *new_name);

const char *roof_model_spec_get_id (RoofModelSpec *self);
const char *roof_model_spec_get_name (RoofModelSpec *self);
const char *roof_model_spec_get_family (RoofModelSpec *self); /* "" when absent */
int roof_model_spec_get_year (RoofModelSpec *self);
const char *roof_model_spec_get_notes (RoofModelSpec *self);
const char *const *roof_model_spec_get_sources (RoofModelSpec *self);
double roof_model_spec_get_max_context (RoofModelSpec *self); /* 0 when absent */

const RoofModelParams *roof_model_spec_get_params (RoofModelSpec *self);
/* Derived once per change. */
const RoofModelDerived *roof_model_spec_get_derived (RoofModelSpec *self);

gboolean roof_model_spec_get_builtin (RoofModelSpec *self);
void roof_model_spec_set_builtin (RoofModelSpec *self, gboolean builtin);
gboolean roof_model_spec_get_modified (RoofModelSpec *self);
gboolean roof_model_spec_reset (RoofModelSpec *self);

gboolean roof_model_spec_has_field (RoofModelSpec *self, const char *path);
double roof_model_spec_get_number (RoofModelSpec *self, const char *path, double fallback);
const char *roof_model_spec_get_string (RoofModelSpec *self, const char *path);
gboolean roof_model_spec_get_boolean (RoofModelSpec *self, const char *path, gboolean fallback);
gboolean roof_model_spec_set_number (RoofModelSpec *self, const char *path, double value, GError **error);
gboolean roof_model_spec_set_string (RoofModelSpec *self, const char *path, const char *value, GError **error);
gboolean roof_model_spec_set_boolean (RoofModelSpec *self, const char *path, gboolean value, GError **error);
gboolean roof_model_spec_unset (RoofModelSpec *self, const char *path, GError **error);
gboolean roof_model_spec_replace_json (RoofModelSpec *self, JsonObject *object, GError **error);

G_END_DECLS
