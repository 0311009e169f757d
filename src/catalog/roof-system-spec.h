/* roof-system-spec.h — one system of the catalog: N devices and their networks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A system is a scale-up domain of `devices` copies of one hardware entry
 * (`device`), joined by a scale-up fabric (bandwidth per device and
 * direction, latency, topology, collective algorithm), with a scale-out
 * network per device beyond it, and the power and price of the whole. The
 * JSON, the edits and the built-in state are RoofSpec's (roof_spec_*); this
 * type adds what the solver needs: the device's parameters with the system's
 * fabric (roof_system_spec_get_params ()).
 */
#pragma once

#include <json-glib/json-glib.h>

#include "roof-hardware-spec.h"
#include "roof-solver.h"
#include "roof-spec.h"

G_BEGIN_DECLS

#define ROOF_TYPE_SYSTEM_SPEC (roof_system_spec_get_type ())
G_DECLARE_FINAL_TYPE (RoofSystemSpec, roof_system_spec, ROOF, SYSTEM_SPEC, RoofSpec)

/* Default scale-out latency, a modelling assumption (µs). */
#define ROOF_DEFAULT_SCALEOUT_LATENCY_US 5.0

/* Like roof_hardware_spec_new_from_json (), for a catalog "systems" entry.
 * The entry alone is checked here; that its `device` names a hardware entry
 * is the catalog's check, when it loads the file. */
RoofSystemSpec *roof_system_spec_new_from_json (JsonObject *object,
                                                const char *where,
                                                GPtrArray *warnings,
                                                GError **error);

const char *roof_system_spec_get_vendor (RoofSystemSpec *self); /* "" when absent */
/* The id of the hardware entry the system is built from. */
const char *roof_system_spec_get_device (RoofSystemSpec *self);
/* N, the devices of the scale-up domain (≥ 1). */
int roof_system_spec_get_size (RoofSystemSpec *self);
RoofTopology roof_system_spec_get_topology (RoofSystemSpec *self);
RoofCollective roof_system_spec_get_collective (RoofSystemSpec *self);
/* Watts of the whole system; 0 when not given. */
double roof_system_spec_get_power (RoofSystemSpec *self);
/* USD per system-hour; FALSE (and 0) when not given. */
gboolean roof_system_spec_get_price (RoofSystemSpec *self, double *usd_per_hour);

/* The solver's view of one device of the system: `device`'s parameters with
 * link_bw and link_latency of the scale-up fabric, scaleup_size N, its
 * topology and collective, the scale-out network (scaleout_bw 0 when the
 * system has none), power_w the system's power / N (else the device's TDP)
 * and the price per device-hour the system's price / N (else the device's).
 * `device` must be the hardware entry the system names; else, or when the
 * result is out of the solver's range, FALSE and an error naming the
 * system. */
gboolean roof_system_spec_get_params (RoofSystemSpec *self,
                                      RoofHardwareSpec *device,
                                      RoofHardwareParams *out,
                                      GError **error);

G_END_DECLS
