/* roof-system-spec.c — one system of the catalog: N devices and their networks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * RoofSpec keeps the JSON and runs the edits; this type compiles a
 * "systems" entry into the fabric figures the solver takes, in SI units,
 * after every accepted change.
 */
#include "config.h"

#include "roof-system-spec.h"

#include <string.h>

#include "roof-catalog-private.h"

/* Vendors publish no per-hop latency; as for a device's interconnect. */
#define DEFAULT_SCALEUP_LATENCY_US 1.0

typedef struct
{
  int size;
  gboolean has_scaleup;
  double scaleup_bw;      /* byte/s per device and direction */
  double scaleup_latency; /* s */
  RoofTopology topology;
  RoofCollective collective;
  double scaleout_bw;      /* byte/s per device and direction; 0 = none */
  double scaleout_latency; /* s */
  double power_w;          /* the whole system; 0 = not given */
  gboolean has_price;
  double price_per_hour; /* USD per system-hour */
} SystemState;

struct _RoofSystemSpec
{
  RoofSpec parent_instance;

  SystemState state;
};

G_DEFINE_FINAL_TYPE (RoofSystemSpec, roof_system_spec, ROOF_TYPE_SPEC)

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static char *
where_of (RoofSystemSpec *self)
{
  return g_strdup_printf ("system \"%s\"", roof_spec_get_id (ROOF_SPEC (self)));
}

/* Validates `object` and computes the fabric figures of it. */
static gboolean
compile_state (JsonObject *object,
               const char *where,
               GPtrArray *warnings,
               SystemState *out,
               GError **error)
{
  const RoofSchemaWalk walk = {
    .rows = roof_spec_schema (ROOF_ENTRY_SYSTEM, NULL),
    .kind = ROOF_ENTRY_SYSTEM,
    .is_entry = TRUE,
  };

  memset (out, 0, sizeof *out);
  if (!roof_schema_check_object (&walk, object, where, warnings, error))
    return FALSE;

  out->size = (int) roof_json_get_number (object, "devices", 1);
  out->has_scaleup = json_object_has_member (object, "scaleup");
  if (out->has_scaleup)
    {
      out->scaleup_bw = roof_json_get_number (object, "scaleup.bandwidth_GBps", 0) * 1e9;
      out->scaleup_latency
        = roof_json_get_number (object, "scaleup.latency_us", DEFAULT_SCALEUP_LATENCY_US) / 1e6;
    }
  /* the schema checked the names against the solver's */
  roof_topology_from_name (
    roof_spec_effective_string (ROOF_ENTRY_SYSTEM, object, "scaleup.topology"), &out->topology);
  roof_collective_from_name (
    roof_spec_effective_string (ROOF_ENTRY_SYSTEM, object, "scaleup.collective"),
    &out->collective);
  /* the solver's rule (roof_layout_validate): a file refuses what it cannot
   * compute */
  if (out->collective == ROOF_COLLECTIVE_SWITCH && out->topology != ROOF_TOPOLOGY_SWITCH)
    {
      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "scaleup.collective \"switch\" (in-network reduction) needs "
                              "scaleup.topology \"switch\", got \"%s\"",
                              roof_topology_name (out->topology));
      return FALSE;
    }
  if (json_object_has_member (object, "scaleout"))
    {
      out->scaleout_bw = roof_json_get_number (object, "scaleout.bandwidth_GBps", 0) * 1e9;
      out->scaleout_latency
        = roof_json_get_number (object, "scaleout.latency_us", ROOF_DEFAULT_SCALEOUT_LATENCY_US)
          / 1e6;
    }
  out->power_w = roof_json_get_number (object, "power_W", 0);
  if (json_object_has_member (object, "price_usd_per_hour"))
    {
      out->has_price = TRUE;
      out->price_per_hour = roof_json_get_number (object, "price_usd_per_hour", 0);
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Overrides                                                                */

static gboolean
roof_system_spec_compile (RoofSpec *spec,
                          JsonObject *object,
                          const char *where,
                          GPtrArray *warnings,
                          GError **error)
{
  RoofSystemSpec *self = ROOF_SYSTEM_SPEC (spec);
  SystemState state;

  if (!compile_state (object, where, warnings, &state, error))
    return FALSE;
  self->state = state;
  return TRUE;
}

static void
roof_system_spec_class_init (RoofSystemSpecClass *klass)
{
  RoofSpecClass *spec_class = ROOF_SPEC_CLASS (klass);

  spec_class->kind = ROOF_ENTRY_SYSTEM;
  spec_class->array_name = "systems";
  spec_class->compile = roof_system_spec_compile;
}

static void
roof_system_spec_init (RoofSystemSpec *self)
{
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofSystemSpec *
roof_system_spec_new_from_json (JsonObject *object,
                                const char *where,
                                GPtrArray *warnings,
                                GError **error)
{
  g_return_val_if_fail (object != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return (RoofSystemSpec *) roof_spec_new_of_type (ROOF_TYPE_SYSTEM_SPEC, object, where,
                                                   warnings, error);
}

const char *
roof_system_spec_get_vendor (RoofSystemSpec *self)
{
  const char *vendor;

  g_return_val_if_fail (ROOF_IS_SYSTEM_SPEC (self), NULL);

  vendor = roof_spec_get_string (ROOF_SPEC (self), "vendor");
  return vendor != NULL ? vendor : "";
}

const char *
roof_system_spec_get_device (RoofSystemSpec *self)
{
  g_return_val_if_fail (ROOF_IS_SYSTEM_SPEC (self), NULL);

  return roof_spec_get_string (ROOF_SPEC (self), "device");
}

int
roof_system_spec_get_size (RoofSystemSpec *self)
{
  g_return_val_if_fail (ROOF_IS_SYSTEM_SPEC (self), 1);

  return self->state.size;
}

RoofTopology
roof_system_spec_get_topology (RoofSystemSpec *self)
{
  g_return_val_if_fail (ROOF_IS_SYSTEM_SPEC (self), ROOF_TOPOLOGY_SWITCH);

  return self->state.topology;
}

RoofCollective
roof_system_spec_get_collective (RoofSystemSpec *self)
{
  g_return_val_if_fail (ROOF_IS_SYSTEM_SPEC (self), ROOF_COLLECTIVE_RING);

  return self->state.collective;
}

double
roof_system_spec_get_power (RoofSystemSpec *self)
{
  g_return_val_if_fail (ROOF_IS_SYSTEM_SPEC (self), 0);

  return self->state.power_w;
}

gboolean
roof_system_spec_get_price (RoofSystemSpec *self, double *usd_per_hour)
{
  g_return_val_if_fail (ROOF_IS_SYSTEM_SPEC (self), FALSE);

  if (usd_per_hour != NULL)
    *usd_per_hour = self->state.has_price ? self->state.price_per_hour : 0;
  return self->state.has_price;
}

gboolean
roof_system_spec_get_params (RoofSystemSpec *self,
                             RoofHardwareSpec *device,
                             RoofHardwareParams *out,
                             GError **error)
{
  const SystemState *s;
  RoofHardwareParams p;
  RoofError err = { 0 };
  const char *device_id;

  g_return_val_if_fail (ROOF_IS_SYSTEM_SPEC (self), FALSE);
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (device), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  s = &self->state;
  device_id = roof_spec_get_id (ROOF_SPEC (device));
  if (g_strcmp0 (device_id, roof_system_spec_get_device (self)) != 0)
    {
      g_autofree char *where = where_of (self);

      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "is built from \"%s\", not \"%s\"",
                              roof_system_spec_get_device (self), device_id);
      return FALSE;
    }

  p = *roof_hardware_spec_get_params (device);
  /* a domain of one has no scale-up fabric: the device's own link stays,
   * and a group of more than one crosses the scale-out network */
  if (s->has_scaleup)
    {
      p.link_bw = s->scaleup_bw;
      p.link_latency = s->scaleup_latency;
    }
  p.scaleup_size = s->size;
  p.topology = s->topology;
  p.collective = s->collective;
  p.scaleout_bw = s->scaleout_bw;
  p.scaleout_latency = s->scaleout_latency;
  /* the system's power and price include what is not a device (switches,
   * CPUs, NICs, cooling): each device carries its share */
  if (s->power_w > 0)
    p.power_w = s->power_w / s->size;
  if (s->has_price)
    {
      p.has_price = true;
      p.price_per_hour = s->price_per_hour / s->size;
    }

  if (roof_hardware_validate (&p, &err) != ROOF_OK)
    {
      g_autofree char *where = where_of (self);

      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where, "%s", err.message);
      return FALSE;
    }
  *out = p;
  return TRUE;
}
