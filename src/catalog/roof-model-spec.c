/* roof-model-spec.c — one model of the catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * RoofSpec keeps the JSON and runs the edits; this type compiles a "models"
 * entry into the solver's parameters and derived counts after every
 * accepted change, so getters never derive.
 */
#include "config.h"

#include "roof-model-spec.h"

#include <string.h>

#include "roof-catalog-private.h"

typedef struct
{
  RoofModelParams params;
  RoofModelDerived derived;
} ModelState;

struct _RoofModelSpec
{
  RoofSpec parent_instance;

  ModelState state;
};

G_DEFINE_FINAL_TYPE (RoofModelSpec, roof_model_spec, ROOF_TYPE_SPEC)

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

/* Validates `object` and computes the solver view of it. */
static gboolean
compile_state (JsonObject *object,
               const char *where,
               GPtrArray *warnings,
               ModelState *out,
               GError **error)
{
  const RoofSchemaWalk walk = {
    .rows = roof_spec_schema (ROOF_ENTRY_MODEL, NULL),
    .kind = ROOF_ENTRY_MODEL,
    .is_entry = TRUE,
  };
  RoofModelParams *m = &out->params;
  RoofError err = { 0 };

  memset (out, 0, sizeof *out);
  if (!roof_schema_check_object (&walk, object, where, warnings, error))
    return FALSE;

  roof_model_init (m);
  if (strcmp (roof_spec_effective_string (ROOF_ENTRY_MODEL, object, "kind"), "generic") == 0)
    {
      m->kind = ROOF_MODEL_GENERIC;
      m->flop_per_sample = roof_json_get_number (object, "flop_per_sample", 0);
      m->bytes_per_sample = roof_json_get_number (object, "bytes_per_sample", 0);
      m->params = roof_json_get_number (object, "params", 0);
    }
  else
    {
      RoofAttention attention = ROOF_ATTN_GQA;

      m->kind = ROOF_MODEL_TRANSFORMER;
      m->layers = roof_json_get_number (object, "layers", 0);
      m->hidden = roof_json_get_number (object, "hidden", 0);
      m->heads = roof_json_get_number (object, "heads", 0);
      m->kv_heads = roof_json_get_number (object, "kv_heads", 0);
      m->head_dim = roof_json_get_number (object, "head_dim", 0);
      m->ffn = roof_json_get_number (object, "ffn", 0);
      m->ffn_gated = roof_json_get_boolean (object, "ffn_gated", TRUE);
      m->vocab = roof_json_get_number (object, "vocab", 0);
      m->tied_embeddings = roof_json_get_boolean (object, "tied_embeddings", FALSE);
      m->qkv_bias = roof_json_get_boolean (object, "qkv_bias", FALSE);
      roof_attention_from_name (roof_spec_effective_string (ROOF_ENTRY_MODEL, object, "attention"),
                                &attention);
      m->attention = attention;
      m->sliding_window = roof_json_get_number (object, "sliding_window", 0);
      m->window_layers = roof_json_get_number (object, "window_layers", 0);

      if (attention == ROOF_ATTN_MLA)
        {
          m->mla_kv_lora_rank = roof_json_get_number (object, "mla.kv_lora_rank", 0);
          m->mla_rope_dim = roof_json_get_number (object, "mla.rope_dim", 0);
          m->mla_q_lora_rank = roof_json_get_number (object, "mla.q_lora_rank", 0);
          m->mla_v_head_dim = roof_json_get_number (object, "mla.v_head_dim", 0);
        }
      if (json_object_has_member (object, "moe"))
        {
          m->experts = roof_json_get_number (object, "moe.experts", 0);
          m->experts_per_token = roof_json_get_number (object, "moe.experts_per_token", 0);
          m->shared_experts = roof_json_get_number (object, "moe.shared_experts", 0);
          m->expert_ffn = roof_json_get_number (object, "moe.expert_ffn", 0);
          m->dense_layers = roof_json_get_number (object, "moe.dense_layers", 0);
        }
      m->params_total = roof_json_get_number (object, "params_total", 0);
      m->params_active = roof_json_get_number (object, "params_active", 0);
    }

  if (roof_model_derive (m, &out->derived, &err) != ROOF_OK)
    {
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where, "%s", err.message);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Overrides                                                                */

static gboolean
roof_model_spec_compile (RoofSpec *spec,
                         JsonObject *object,
                         const char *where,
                         GPtrArray *warnings,
                         GError **error)
{
  RoofModelSpec *self = ROOF_MODEL_SPEC (spec);
  ModelState state;

  if (!compile_state (object, where, warnings, &state, error))
    return FALSE;
  self->state = state;
  return TRUE;
}

static void
roof_model_spec_class_init (RoofModelSpecClass *klass)
{
  RoofSpecClass *spec_class = ROOF_SPEC_CLASS (klass);

  spec_class->kind = ROOF_ENTRY_MODEL;
  spec_class->array_name = "models";
  spec_class->compile = roof_model_spec_compile;
}

static void
roof_model_spec_init (RoofModelSpec *self)
{
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofModelSpec *
roof_model_spec_new_from_json (JsonObject *object,
                               const char *where,
                               GPtrArray *warnings,
                               GError **error)
{
  g_return_val_if_fail (object != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return (RoofModelSpec *) roof_spec_new_of_type (ROOF_TYPE_MODEL_SPEC, object, where, warnings,
                                                  error);
}

const char *
roof_model_spec_get_family (RoofModelSpec *self)
{
  const char *family;

  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), NULL);

  family = roof_spec_get_string (ROOF_SPEC (self), "family");
  return family != NULL ? family : "";
}

double
roof_model_spec_get_max_context (RoofModelSpec *self)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), 0);

  return roof_spec_get_number (ROOF_SPEC (self), "max_context", 0);
}

const RoofModelParams *
roof_model_spec_get_params (RoofModelSpec *self)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), NULL);

  return &self->state.params;
}

const RoofModelDerived *
roof_model_spec_get_derived (RoofModelSpec *self)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), NULL);

  return &self->state.derived;
}
