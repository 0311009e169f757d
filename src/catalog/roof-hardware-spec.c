/* roof-hardware-spec.c — one accelerator of the catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The JSON object is the source of truth: unknown fields ride along so a
 * save round-trips them, and the solver's parameters are recomputed from it
 * after every accepted change.
 */
#define G_LOG_DOMAIN "roof-catalog"

#include "config.h"

#include "roof-hardware-spec.h"

#include <string.h>

#include "roof-catalog-private.h"

/* Modelling assumption for devices without a scale-up fabric: tensor
 * parallelism over PCIe x16, per direction, GB/s (index = generation). */
static const double pcie_x16_GBps[] = { 0.0, 4.0, 8.0, 15.75, 31.5, 63.0, 121.0 };
#define PCIE_LATENCY_S 5e-6
/* Vendors publish no per-hop latency; the built-in catalog assumes 1 µs. */
#define DEFAULT_LINK_LATENCY_US 1.0

typedef struct
{
  RoofHardwareParams params;
  gboolean link_is_pcie;
  char *cache_names[ROOF_MAX_CACHES];
  char **sources;
} HardwareState;

struct _RoofHardwareSpec
{
  GObject parent_instance;

  JsonObject *json;
  JsonObject *shipped; /* built-in entries: the JSON as shipped */
  gboolean builtin;
  gboolean modified;
  HardwareState state;
};

G_DEFINE_FINAL_TYPE (RoofHardwareSpec, roof_hardware_spec, G_TYPE_OBJECT)

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
state_clear (HardwareState *state)
{
  for (int i = 0; i < ROOF_MAX_CACHES; i++)
    g_clear_pointer (&state->cache_names[i], g_free);
  g_clear_pointer (&state->sources, g_strfreev);
}

/* Validates `object` and computes the solver view of it. */
static gboolean
compile (JsonObject *object,
         const char *where,
         GPtrArray *warnings,
         HardwareState *out,
         GError **error)
{
  const RoofSchemaWalk walk = {
    .rows = roof_spec_schema (ROOF_ENTRY_HARDWARE, NULL),
    .kind = ROOF_ENTRY_HARDWARE,
    .is_entry = TRUE,
  };
  RoofHardwareParams *p = &out->params;
  JsonNode *node;
  RoofError err = { 0 };

  memset (out, 0, sizeof *out);
  if (!roof_schema_check_object (&walk, object, where, warnings, error))
    return FALSE;

  roof_hardware_init (p);
  p->mem_capacity = roof_json_get_number (object, "memory.capacity_GB", 0) * 1e9;
  p->mem_bw = roof_json_get_number (object, "memory.bandwidth_GBps", 0) * 1e9;
  p->usable_fraction
    = roof_json_get_number (object, "memory.usable_fraction", ROOF_DEFAULT_USABLE_FRACTION);

  node = json_object_get_member (object, "caches");
  if (node != NULL)
    {
      JsonArray *caches = json_node_get_array (node);

      p->n_caches = (int) json_array_get_length (caches);
      for (int i = 0; i < p->n_caches; i++)
        {
          JsonObject *level = json_array_get_object_element (caches, (guint) i);

          p->caches[i].capacity = roof_json_get_number (level, "capacity_MB", 0) * 1e6;
          p->caches[i].bandwidth = roof_json_get_number (level, "bandwidth_GBps", 0) * 1e9;
          out->cache_names[i] = g_strdup (roof_json_get_string (level, "name"));
        }
    }

  node = json_object_get_member (object, "compute_TFLOPS");
  if (node != NULL)
    {
      g_auto (RoofObjectIter) iter = { 0 };
      const char *name;
      JsonNode *member;

      roof_object_iter_init (&iter, json_node_get_object (node));
      while (roof_object_iter_next (&iter, &name, &member))
        {
          RoofPrecision prec;

          if (roof_precision_from_name (name, &prec))
            p->peak_flops[prec] = roof_json_node_get_number (member) * 1e12;
        }
    }

  if (json_object_has_member (object, "interconnect"))
    {
      p->link_bw = roof_json_get_number (object, "interconnect.bandwidth_GBps", 0) * 1e9;
      p->link_latency
        = roof_json_get_number (object, "interconnect.latency_us", DEFAULT_LINK_LATENCY_US) / 1e6;
    }
  else if (json_object_has_member (object, "pcie_gen"))
    {
      int gen = (int) roof_json_get_number (object, "pcie_gen", 0);

      if (gen >= 1 && gen < (int) G_N_ELEMENTS (pcie_x16_GBps))
        {
          p->link_bw = pcie_x16_GBps[gen] * 1e9;
          p->link_latency = PCIE_LATENCY_S;
          out->link_is_pcie = TRUE;
        }
    }

  if (json_object_has_member (object, "price_usd_per_hour"))
    {
      p->has_price = true;
      p->price_per_hour = roof_json_get_number (object, "price_usd_per_hour", 0);
    }
  p->eff_compute = roof_json_get_number (object, "efficiency.compute", 1.0);
  p->eff_memory = roof_json_get_number (object, "efficiency.memory", 1.0);

  if (roof_hardware_validate (p, &err) != ROOF_OK)
    {
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where, "%s", err.message);
      state_clear (out);
      return FALSE;
    }

  out->sources = roof_json_dup_strv (object, "sources");
  return TRUE;
}

static char *
edit_where (RoofHardwareSpec *self)
{
  return g_strdup_printf ("hardware \"%s\"", roof_hardware_spec_get_id (self));
}

/* Takes `candidate`; on success it becomes the entry. */
static gboolean
commit (RoofHardwareSpec *self, JsonObject *candidate, GError **error)
{
  g_autofree char *where = edit_where (self);
  g_autofree char *old_name = g_strdup (roof_hardware_spec_get_name (self));
  HardwareState state;
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
  if (g_strcmp0 (old_name, roof_hardware_spec_get_name (self)) != 0)
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
roof_hardware_spec_finalize (GObject *object)
{
  RoofHardwareSpec *self = ROOF_HARDWARE_SPEC (object);

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->shipped, json_object_unref);
  state_clear (&self->state);

  G_OBJECT_CLASS (roof_hardware_spec_parent_class)->finalize (object);
}

static void
roof_hardware_spec_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofHardwareSpec *self = ROOF_HARDWARE_SPEC (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, roof_hardware_spec_get_id (self));
      break;
    case PROP_NAME:
      g_value_set_string (value, roof_hardware_spec_get_name (self));
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
roof_hardware_spec_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  RoofHardwareSpec *self = ROOF_HARDWARE_SPEC (object);

  switch (prop_id)
    {
    case PROP_BUILTIN:
      roof_hardware_spec_set_builtin (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_hardware_spec_class_init (RoofHardwareSpecClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = roof_hardware_spec_finalize;
  object_class->get_property = roof_hardware_spec_get_property;
  object_class->set_property = roof_hardware_spec_set_property;

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
   * RoofHardwareSpec::changed:
   *
   * Emitted after every accepted edit, reset or replacement.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
roof_hardware_spec_init (RoofHardwareSpec *self)
{
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofHardwareSpec *
roof_hardware_spec_new_from_json (JsonObject *object,
                                  const char *where,
                                  GPtrArray *warnings,
                                  GError **error)
{
  RoofHardwareSpec *self;
  HardwareState state;

  g_return_val_if_fail (object != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!compile (object, where, warnings, &state, error))
    return NULL;

  self = g_object_new (ROOF_TYPE_HARDWARE_SPEC, NULL);
  self->json = roof_json_object_deep_copy (object);
  self->state = state;
  return self;
}

JsonObject *
roof_hardware_spec_to_json (RoofHardwareSpec *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);

  return json_object_ref (self->json);
}

RoofHardwareSpec *
roof_hardware_spec_duplicate (RoofHardwareSpec *self, const char *new_id, const char *new_name)
{
  g_autoptr (JsonObject) copy = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  RoofHardwareSpec *dup;

  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);
  g_return_val_if_fail (roof_spec_id_is_valid (new_id), NULL);

  name = new_name != NULL ? g_strdup (new_name)
                          : g_strdup_printf ("%s (copy)", roof_hardware_spec_get_name (self));
  copy = roof_json_object_deep_copy (self->json);
  json_object_set_string_member (copy, "id", new_id);
  json_object_set_string_member (copy, "name", name);

  dup = roof_hardware_spec_new_from_json (copy, NULL, NULL, &error);
  if (dup == NULL)
    g_critical ("cannot duplicate hardware \"%s\": %s", roof_hardware_spec_get_id (self),
                error->message);
  return dup;
}

const char *
roof_hardware_spec_get_id (RoofHardwareSpec *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);

  return roof_json_get_string (self->json, "id");
}

const char *
roof_hardware_spec_get_name (RoofHardwareSpec *self)
{
  const char *name;

  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);

  name = roof_json_get_string (self->json, "name");
  return name != NULL ? name : roof_hardware_spec_get_id (self);
}

const char *
roof_hardware_spec_get_vendor (RoofHardwareSpec *self)
{
  const char *vendor;

  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);

  vendor = roof_json_get_string (self->json, "vendor");
  return vendor != NULL ? vendor : "";
}

int
roof_hardware_spec_get_year (RoofHardwareSpec *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), 0);

  return (int) roof_json_get_number (self->json, "year", 0);
}

const char *
roof_hardware_spec_get_kind (RoofHardwareSpec *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);

  return roof_spec_effective_string (ROOF_ENTRY_HARDWARE, self->json, "kind");
}

const char *
roof_hardware_spec_get_notes (RoofHardwareSpec *self)
{
  const char *notes;

  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);

  notes = roof_json_get_string (self->json, "notes");
  return notes != NULL ? notes : "";
}

const char *const *
roof_hardware_spec_get_sources (RoofHardwareSpec *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);

  return (const char *const *) self->state.sources;
}

const RoofHardwareParams *
roof_hardware_spec_get_params (RoofHardwareSpec *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);

  return &self->state.params;
}

gboolean
roof_hardware_spec_link_is_pcie (RoofHardwareSpec *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), FALSE);

  return self->state.link_is_pcie;
}

const char *
roof_hardware_spec_get_cache_name (RoofHardwareSpec *self, int index)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);
  g_return_val_if_fail (index >= 0 && index < self->state.params.n_caches, NULL);

  return self->state.cache_names[index];
}

gboolean
roof_hardware_spec_get_builtin (RoofHardwareSpec *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), FALSE);

  return self->builtin;
}

void
roof_hardware_spec_set_builtin (RoofHardwareSpec *self, gboolean builtin)
{
  g_return_if_fail (ROOF_IS_HARDWARE_SPEC (self));

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
roof_hardware_spec_get_modified (RoofHardwareSpec *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), FALSE);

  return self->modified;
}

gboolean
roof_hardware_spec_reset (RoofHardwareSpec *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), FALSE);

  if (!self->builtin || self->shipped == NULL)
    return FALSE;
  if (!self->modified)
    return TRUE;
  return commit (self, roof_json_object_deep_copy (self->shipped), NULL);
}

gboolean
roof_hardware_spec_has_field (RoofHardwareSpec *self, const char *path)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return roof_json_path_get (self->json, path) != NULL;
}

double
roof_hardware_spec_get_number (RoofHardwareSpec *self, const char *path, double fallback)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), fallback);
  g_return_val_if_fail (path != NULL, fallback);

  return roof_json_get_number (self->json, path, fallback);
}

const char *
roof_hardware_spec_get_string (RoofHardwareSpec *self, const char *path)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  return roof_json_get_string (self->json, path);
}

gboolean
roof_hardware_spec_set_number (RoofHardwareSpec *self,
                               const char *path,
                               double value,
                               GError **error)
{
  g_autoptr (JsonObject) candidate = NULL;

  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  candidate = roof_json_object_deep_copy (self->json);
  if (!roof_spec_edit_number (ROOF_ENTRY_HARDWARE, candidate, path, value, error))
    {
      g_autofree char *where = edit_where (self);

      g_prefix_error (error, "%s: ", where);
      return FALSE;
    }
  return commit (self, g_steal_pointer (&candidate), error);
}

gboolean
roof_hardware_spec_set_string (RoofHardwareSpec *self,
                               const char *path,
                               const char *value,
                               GError **error)
{
  g_autoptr (JsonObject) candidate = NULL;

  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  candidate = roof_json_object_deep_copy (self->json);
  if (!roof_spec_edit_string (ROOF_ENTRY_HARDWARE, candidate, path, value, error))
    {
      g_autofree char *where = edit_where (self);

      g_prefix_error (error, "%s: ", where);
      return FALSE;
    }
  return commit (self, g_steal_pointer (&candidate), error);
}

gboolean
roof_hardware_spec_unset (RoofHardwareSpec *self, const char *path, GError **error)
{
  g_autoptr (JsonObject) candidate = NULL;
  gboolean changed;

  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  candidate = roof_json_object_deep_copy (self->json);
  if (!roof_spec_edit_unset (ROOF_ENTRY_HARDWARE, candidate, path, &changed, error))
    {
      g_autofree char *where = edit_where (self);

      g_prefix_error (error, "%s: ", where);
      return FALSE;
    }
  if (!changed)
    return TRUE;
  return commit (self, g_steal_pointer (&candidate), error);
}

gboolean
roof_hardware_spec_replace_json (RoofHardwareSpec *self, JsonObject *object, GError **error)
{
  const char *new_id;

  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), FALSE);
  g_return_val_if_fail (object != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  new_id = roof_json_get_string (object, "id");
  if (g_strcmp0 (new_id, roof_hardware_spec_get_id (self)) != 0)
    {
      g_autofree char *where = edit_where (self);

      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "the replacement has id \"%s\"; the id cannot be changed",
                              new_id ? new_id : "");
      return FALSE;
    }
  return commit (self, roof_json_object_deep_copy (object), error);
}
