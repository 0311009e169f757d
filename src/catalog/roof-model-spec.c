/* roof-model-spec.c — one model of the catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Like RoofHardwareSpec: the JSON object is the source of truth; the solver's
 * parameters and the derived counts are recomputed after every accepted
 * change, so getters never derive.
 */
#define G_LOG_DOMAIN "roof-catalog"

#include "config.h"

#include "roof-model-spec.h"

#include <string.h>

#include "roof-catalog-private.h"

typedef struct
{
  RoofModelParams params;
  RoofModelDerived derived;
  char **sources;
} ModelState;

struct _RoofModelSpec
{
  GObject parent_instance;

  JsonObject *json;
  JsonObject *shipped; /* built-in entries: the JSON as shipped */
  gboolean builtin;
  gboolean modified;
  ModelState state;
};

G_DEFINE_FINAL_TYPE (RoofModelSpec, roof_model_spec, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_BUILTIN,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static void
state_clear (ModelState *state)
{
  g_clear_pointer (&state->sources, g_strfreev);
}

static gboolean
compile (JsonObject *object,
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

  out->sources = roof_json_dup_strv (object, "sources");
  return TRUE;
}

static char *
edit_where (RoofModelSpec *self)
{
  return g_strdup_printf ("model \"%s\"", roof_model_spec_get_id (self));
}

/* Takes `candidate`; on success it becomes the entry. */
static gboolean
commit (RoofModelSpec *self, JsonObject *candidate, GError **error)
{
  g_autofree char *where = edit_where (self);
  g_autofree char *old_name = g_strdup (roof_model_spec_get_name (self));
  ModelState state;
  gboolean was_modified = self->modified;

  if (!compile (candidate, where, NULL, &state, error))
    {
      json_object_unref (candidate);
      return FALSE;
    }

  g_clear_pointer (&self->json, json_object_unref);
  self->json = candidate;
  state_clear (&self->state);
  self->state = state;

  if (self->builtin && self->shipped != NULL)
    self->modified = !roof_json_object_equal (self->json, self->shipped);
  else
    self->modified = TRUE;

  g_object_freeze_notify (G_OBJECT (self));
  if (g_strcmp0 (old_name, roof_model_spec_get_name (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  if (was_modified != self->modified)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_model_spec_finalize (GObject *object)
{
  RoofModelSpec *self = ROOF_MODEL_SPEC (object);

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->shipped, json_object_unref);
  state_clear (&self->state);

  G_OBJECT_CLASS (roof_model_spec_parent_class)->finalize (object);
}

static void
roof_model_spec_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofModelSpec *self = ROOF_MODEL_SPEC (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, roof_model_spec_get_id (self));
      break;
    case PROP_NAME:
      g_value_set_string (value, roof_model_spec_get_name (self));
      break;
    case PROP_BUILTIN:
      g_value_set_boolean (value, self->builtin);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_model_spec_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  RoofModelSpec *self = ROOF_MODEL_SPEC (object);

  switch (prop_id)
    {
    case PROP_BUILTIN:
      roof_model_spec_set_builtin (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_model_spec_class_init (RoofModelSpecClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = roof_model_spec_finalize;
  object_class->get_property = roof_model_spec_get_property;
  object_class->set_property = roof_model_spec_set_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                 | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUILTIN] = g_param_spec_boolean ("builtin", NULL, NULL, FALSE,
                                                   G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                     | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                      | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RoofModelSpec::changed:
   *
   * Emitted after every accepted edit, reset or replacement.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
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
  RoofModelSpec *self;
  ModelState state;

  g_return_val_if_fail (object != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!compile (object, where, warnings, &state, error))
    return NULL;

  self = g_object_new (ROOF_TYPE_MODEL_SPEC, NULL);
  self->json = roof_json_object_deep_copy (object);
  self->state = state;
  return self;
}

JsonObject *
roof_model_spec_to_json (RoofModelSpec *self)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), NULL);

  return json_object_ref (self->json);
}

RoofModelSpec *
roof_model_spec_duplicate (RoofModelSpec *self, const char *new_id, const char *new_name)
{
  g_autoptr (JsonObject) copy = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  RoofModelSpec *dup;

  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), NULL);
  g_return_val_if_fail (roof_spec_id_is_valid (new_id), NULL);

  name = new_name != NULL ? g_strdup (new_name)
                          : g_strdup_printf ("%s (copy)", roof_model_spec_get_name (self));
  copy = roof_json_object_deep_copy (self->json);
  json_object_set_string_member (copy, "id", new_id);
  json_object_set_string_member (copy, "name", name);

  dup = roof_model_spec_new_from_json (copy, NULL, NULL, &error);
  if (dup == NULL)
    g_critical ("cannot duplicate model \"%s\": %s", roof_model_spec_get_id (self),
                error->message);
  return dup;
}

const char *
roof_model_spec_get_id (RoofModelSpec *self)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), NULL);

  return roof_json_get_string (self->json, "id");
}

const char *
roof_model_spec_get_name (RoofModelSpec *self)
{
  const char *name;

  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), NULL);

  name = roof_json_get_string (self->json, "name");
  return name != NULL ? name : roof_model_spec_get_id (self);
}

const char *
roof_model_spec_get_family (RoofModelSpec *self)
{
  const char *family;

  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), NULL);

  family = roof_json_get_string (self->json, "family");
  return family != NULL ? family : "";
}

int
roof_model_spec_get_year (RoofModelSpec *self)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), 0);

  return (int) roof_json_get_number (self->json, "year", 0);
}

const char *
roof_model_spec_get_notes (RoofModelSpec *self)
{
  const char *notes;

  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), NULL);

  notes = roof_json_get_string (self->json, "notes");
  return notes != NULL ? notes : "";
}

const char *const *
roof_model_spec_get_sources (RoofModelSpec *self)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), NULL);

  return (const char *const *) self->state.sources;
}

double
roof_model_spec_get_max_context (RoofModelSpec *self)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), 0);

  return roof_json_get_number (self->json, "max_context", 0);
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

gboolean
roof_model_spec_get_builtin (RoofModelSpec *self)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), FALSE);

  return self->builtin;
}

void
roof_model_spec_set_builtin (RoofModelSpec *self, gboolean builtin)
{
  g_return_if_fail (ROOF_IS_MODEL_SPEC (self));

  builtin = !!builtin;
  if (self->builtin == builtin)
    return;

  self->builtin = builtin;
  g_clear_pointer (&self->shipped, json_object_unref);
  if (builtin)
    {
      /* what reset() returns to */
      self->shipped = roof_json_object_deep_copy (self->json);
      if (self->modified)
        {
          self->modified = FALSE;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
        }
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUILTIN]);
}

gboolean
roof_model_spec_get_modified (RoofModelSpec *self)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), FALSE);

  return self->modified;
}

gboolean
roof_model_spec_reset (RoofModelSpec *self)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), FALSE);

  if (!self->builtin || self->shipped == NULL)
    return FALSE;
  if (!self->modified)
    return TRUE;
  return commit (self, roof_json_object_deep_copy (self->shipped), NULL);
}

gboolean
roof_model_spec_has_field (RoofModelSpec *self, const char *path)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return roof_json_path_get (self->json, path) != NULL;
}

double
roof_model_spec_get_number (RoofModelSpec *self, const char *path, double fallback)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), fallback);
  g_return_val_if_fail (path != NULL, fallback);

  return roof_json_get_number (self->json, path, fallback);
}

const char *
roof_model_spec_get_string (RoofModelSpec *self, const char *path)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  return roof_json_get_string (self->json, path);
}

gboolean
roof_model_spec_get_boolean (RoofModelSpec *self, const char *path, gboolean fallback)
{
  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), fallback);
  g_return_val_if_fail (path != NULL, fallback);

  return roof_json_get_boolean (self->json, path, fallback);
}

static gboolean
edit_failed (RoofModelSpec *self, GError **error)
{
  g_autofree char *where = edit_where (self);

  g_prefix_error (error, "%s: ", where);
  return FALSE;
}

gboolean
roof_model_spec_set_number (RoofModelSpec *self, const char *path, double value, GError **error)
{
  g_autoptr (JsonObject) candidate = NULL;

  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  candidate = roof_json_object_deep_copy (self->json);
  if (!roof_spec_edit_number (ROOF_ENTRY_MODEL, candidate, path, value, error))
    return edit_failed (self, error);
  return commit (self, g_steal_pointer (&candidate), error);
}

gboolean
roof_model_spec_set_string (RoofModelSpec *self,
                            const char *path,
                            const char *value,
                            GError **error)
{
  g_autoptr (JsonObject) candidate = NULL;

  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  candidate = roof_json_object_deep_copy (self->json);
  if (!roof_spec_edit_string (ROOF_ENTRY_MODEL, candidate, path, value, error))
    return edit_failed (self, error);
  return commit (self, g_steal_pointer (&candidate), error);
}

gboolean
roof_model_spec_set_boolean (RoofModelSpec *self,
                             const char *path,
                             gboolean value,
                             GError **error)
{
  g_autoptr (JsonObject) candidate = NULL;

  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  candidate = roof_json_object_deep_copy (self->json);
  if (!roof_spec_edit_boolean (ROOF_ENTRY_MODEL, candidate, path, value, error))
    return edit_failed (self, error);
  return commit (self, g_steal_pointer (&candidate), error);
}

gboolean
roof_model_spec_unset (RoofModelSpec *self, const char *path, GError **error)
{
  g_autoptr (JsonObject) candidate = NULL;
  gboolean changed;

  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  candidate = roof_json_object_deep_copy (self->json);
  if (!roof_spec_edit_unset (ROOF_ENTRY_MODEL, candidate, path, &changed, error))
    return edit_failed (self, error);
  if (!changed)
    return TRUE;
  return commit (self, g_steal_pointer (&candidate), error);
}

gboolean
roof_model_spec_replace_json (RoofModelSpec *self, JsonObject *object, GError **error)
{
  const char *new_id;

  g_return_val_if_fail (ROOF_IS_MODEL_SPEC (self), FALSE);
  g_return_val_if_fail (object != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  new_id = roof_json_get_string (object, "id");
  if (g_strcmp0 (new_id, roof_model_spec_get_id (self)) != 0)
    {
      g_autofree char *where = edit_where (self);

      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "the replacement has id \"%s\"; the id cannot be changed",
                              new_id ? new_id : "");
      return FALSE;
    }
  return commit (self, roof_json_object_deep_copy (object), error);
}
