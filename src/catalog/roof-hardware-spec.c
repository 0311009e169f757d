/* roof-hardware-spec.c — one accelerator of the catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * RoofSpec keeps the JSON and runs the edits; this type compiles a
 * "hardware" entry into the solver's parameters after every accepted change.
 */
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
/* memory.capacity_GiB: 2^30 bytes */
#define GIB 1073741824.0

typedef struct
{
  RoofHardwareParams params;
  gboolean link_is_pcie;
  char *cache_names[ROOF_MAX_CACHES];
} HardwareState;

struct _RoofHardwareSpec
{
  RoofSpec parent_instance;

  HardwareState state;
};

G_DEFINE_FINAL_TYPE (RoofHardwareSpec, roof_hardware_spec, ROOF_TYPE_SPEC)

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static void
state_clear (HardwareState *state)
{
  for (int i = 0; i < ROOF_MAX_CACHES; i++)
    g_clear_pointer (&state->cache_names[i], g_free);
}

/* Exactly one of memory.capacity_GB and memory.capacity_GiB. The schema
 * says "… or … is required" when neither is given; both is said here. */
static gboolean
check_capacity (JsonObject *object, const char *where, GError **error)
{
  if (roof_json_path_get (object, "memory.capacity_GB") != NULL
      && roof_json_path_get (object, "memory.capacity_GiB") != NULL)
    {
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "memory.capacity_GB and memory.capacity_GiB are both given; "
                              "give one of them");
      return FALSE;
    }
  return TRUE;
}

/* Validates `object` and computes the solver view of it. */
static gboolean
compile_state (JsonObject *object,
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
  if (!check_capacity (object, where, error))
    return FALSE;

  roof_hardware_init (p);
  if (roof_json_path_get (object, "memory.capacity_GiB") != NULL)
    p->mem_capacity = roof_json_get_number (object, "memory.capacity_GiB", 0) * GIB;
  else
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
  /* a bare device draws its own TDP; a system adds its share (roof-system-spec.c) */
  p->power_w = roof_json_get_number (object, "tdp_W", 0);
  p->eff_compute = roof_json_get_number (object, "efficiency.compute", 1.0);
  p->eff_memory = roof_json_get_number (object, "efficiency.memory", 1.0);

  if (roof_hardware_validate (p, &err) != ROOF_OK)
    {
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where, "%s", err.message);
      state_clear (out);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Overrides                                                                */

static gboolean
roof_hardware_spec_compile (RoofSpec *spec,
                            JsonObject *object,
                            const char *where,
                            GPtrArray *warnings,
                            GError **error)
{
  RoofHardwareSpec *self = ROOF_HARDWARE_SPEC (spec);
  HardwareState state;

  if (!compile_state (object, where, warnings, &state, error))
    return FALSE;
  state_clear (&self->state);
  self->state = state;
  return TRUE;
}

static void
roof_hardware_spec_finalize (GObject *object)
{
  RoofHardwareSpec *self = ROOF_HARDWARE_SPEC (object);

  state_clear (&self->state);

  G_OBJECT_CLASS (roof_hardware_spec_parent_class)->finalize (object);
}

static void
roof_hardware_spec_class_init (RoofHardwareSpecClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  RoofSpecClass *spec_class = ROOF_SPEC_CLASS (klass);

  object_class->finalize = roof_hardware_spec_finalize;

  spec_class->kind = ROOF_ENTRY_HARDWARE;
  spec_class->array_name = "hardware";
  spec_class->compile = roof_hardware_spec_compile;
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
  g_return_val_if_fail (object != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return (RoofHardwareSpec *) roof_spec_new_of_type (ROOF_TYPE_HARDWARE_SPEC, object, where,
                                                     warnings, error);
}

const char *
roof_hardware_spec_get_vendor (RoofHardwareSpec *self)
{
  const char *vendor;

  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);

  vendor = roof_spec_get_string (ROOF_SPEC (self), "vendor");
  return vendor != NULL ? vendor : "";
}

const char *
roof_hardware_spec_get_kind (RoofHardwareSpec *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (self), NULL);

  return roof_spec_effective_string (ROOF_ENTRY_HARDWARE, roof_spec_peek_json (ROOF_SPEC (self)),
                                     "kind");
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
