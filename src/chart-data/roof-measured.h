/* roof-measured.h — a measured result next to Roofline's bound for its settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Measured points": the bound is the roofline of the whole
 * request (the prompt's prefill and every decode step, perfectly
 * overlapped, weights read once per step of the measured batch, or not at
 * all when the batch is not stated), so no serving engine can beat it on
 * the stated hardware, precisions and lengths.
 */
#pragma once

#include "roof-catalog.h"
#include "roof-chart.h"
#include "roof-measurement.h"
#include "roof-scenario.h"

G_BEGIN_DECLS

typedef struct
{
  double devices;            /* n, every device of the measurement */
  double flop_per_token;     /* FLOP per output token, the prompt's share included */
  double bytes_per_token;    /* bytes per output token (weights over the batch when known) */
  double intensity;          /* FLOP per byte */
  double bound_tokens_per_s; /* the most the roofline allows, all devices */
  RoofBound bound;           /* compute or memory: which term sets it */
  double fraction;           /* measured / bound */
  double attained_flops;     /* measured × flop_per_token, all devices */
  /* seconds per output token from compute and from memory at the devices'
   * peaks, no efficiency applied (the calibration's c and m) */
  double peak_seconds_compute, peak_seconds_memory;
  gboolean has_cost;
  double usd_per_mtok; /* the measured rate at the devices' price */
} RoofMeasuredPoint;

/* The point of `m`: the hardware (device or system) and model from
 * `catalog`. FALSE with ROOF_CATALOG_ERROR_NOT_FOUND for an id the catalog
 * lacks, _INVALID when the device has no ceiling at the compute precision. */
gboolean roof_measured_evaluate (RoofCatalog *catalog,
                                 const RoofMeasurement *m,
                                 RoofMeasuredPoint *out,
                                 GError **error);
/* The same from plain parameters (what the tests compute by hand). */
gboolean roof_measured_evaluate_params (const RoofHardwareParams *hw,
                                        const RoofModelDerived *md,
                                        const RoofMeasurement *m,
                                        double devices,
                                        RoofMeasuredPoint *out,
                                        GError **error);

/* The measurement of `set` that matches a solve: the same device (or
 * system) id, model, batch (within 0.5) and compute precision; the first
 * of several; NULL for none. docs/cli.md, "Measured results". */
const RoofMeasurement *roof_measured_match (GPtrArray *set,
                                            RoofCatalog *catalog,
                                            const char *target_id,
                                            const char *model,
                                            const RoofWorkload *wl);

/* The chart's measured points: every measurement of `sets` (each a
 * GPtrArray, NULL-terminated) on the input's model (`model_id`) and one of
 * its devices, evaluated. Fills in->measured, in->n_measured,
 * in->measured_sources and in->n_measured_sources with arrays `owner`
 * keeps (a GPtrArray of allocations freed with it). */
void roof_measured_fill_input (RoofChartInput *in,
                               RoofCatalog *catalog,
                               const char *model_id,
                               GPtrArray *const *sets,
                               GPtrArray *owner);

/* in->measured_hidden: the bit of each source the scenario hides
 * (roof_scenario_get_measured_hidden); none without a scenario. */
void roof_measured_hide_sources (RoofChartInput *in, RoofScenario *scenario);

G_END_DECLS
