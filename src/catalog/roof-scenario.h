/* roof-scenario.h — what is compared, on what, and how it is drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "roof-catalog.h"
#include "roof-chart-kind.h" /* RoofPlotKind: the one list of charts, in src/plot */
#include "roof-fleet.h"

G_BEGIN_DECLS

#define ROOF_TYPE_SCENARIO (roof_scenario_get_type ())
G_DECLARE_FINAL_TYPE (RoofScenario, roof_scenario, ROOF, SCENARIO, GObject)

/* The solver's enums as GTypes, for the scenario's properties. */
#define ROOF_TYPE_PHASE (roof_phase_get_type ())
GType roof_phase_get_type (void) G_GNUC_CONST;
#define ROOF_TYPE_OVERLAP (roof_overlap_get_type ())
GType roof_overlap_get_type (void) G_GNUC_CONST;
#define ROOF_TYPE_ATTN_PARALLEL (roof_attn_parallel_get_type ())
GType roof_attn_parallel_get_type (void) G_GNUC_CONST;
#define ROOF_TYPE_PRECISION (roof_precision_get_type ())
GType roof_precision_get_type (void) G_GNUC_CONST;

/* Properties, each notified only when it changes (G_PARAM_EXPLICIT_NOTIFY),
 * before the one ::changed of the edit:
 *   "hardware" (GStrv), "model", "system" (strings; system may be NULL),
 *   the workload's fields: "phase" (RoofPhase), "batch", "context", "prompt",
 *   "output", "weights", "kv", "activations", "compute" (RoofPrecision),
 *   "bytes-per-weight", "attention-span", "devices", "overlap" (RoofOverlap),
 *   "overhead" (seconds), "ep", "pp", "dp", "attn-parallel"
 *   (RoofAttnParallel), "ep-imbalance", "microbatches" (doubles but the enums),
 *   the SLA's "itl", "ttft" (seconds) and "tokens-per-s", the fleet's
 *   "rate" (requests/s), "lengths" (a string, NULL: the workload's prompt
 *   and output), "ttft-p50" and "ttft-p99" (seconds, 0 = none), and the
 *   chart's "chart" (a RoofPlotKind), "ceilings", "sensitivity-step",
 *   "frontier-y", "frontier-linear" and
 *   "custom-colors" (GStrv: "id #rrggbb" for each colour the user chose, by
 *   id; roof_scenario_set_custom_color () below); the levers
 *   (RoofScenarioLevers below): "speculative" (boolean: on needs a drafter),
 *   "spec-k" (kept while off), "spec-accept", "draft-model" (an id, NULL:
 *   MTP heads), "mtp-params", "disagg", "prefill-system", "prefill-tp",
 *   "prefill-ep", "prefill-batch" (0: the default), "cost-own" (boolean: on
 *   needs "years" > 0), "capex-usd", "years", "usd-per-kwh" and "pue" (0 or
 *   ≥ 1; 0 reads as 1).
 * A value the setters below would refuse (a batch of 0, 2.5 devices) is
 * refused by the property too: nothing changes, nothing is notified. */

/* Llama 3.1 70B decode on two of H100 SXM, H200 or A100 SXM 80 GB in tensor
 * parallel, bf16, context 4096. */
RoofScenario *roof_scenario_new_default (void);

/* Parses a scenario document. Custom entries of its "catalog" are overlaid on
 * `catalog` (which may be NULL to skip them); every hardware and model id it
 * names must then exist in `catalog`. Unknown fields are kept and warned. */
RoofScenario *roof_scenario_load_data (const char *data,
                                       gssize length,
                                       const char *origin,
                                       RoofCatalog *catalog,
                                       GPtrArray *warnings,
                                       GError **error);
/* The same, of a regular file (roof_file_read (), as roof_catalog_load_file). */
RoofScenario *roof_scenario_load_file (GFile *file,
                                       RoofCatalog *catalog,
                                       GPtrArray *warnings,
                                       GError **error);
/* The document, embedding every non-built-in or modified entry it uses. */
JsonNode *roof_scenario_to_json (RoofScenario *self, RoofCatalog *catalog);
gboolean roof_scenario_save_file (RoofScenario *self,
                                  RoofCatalog *catalog,
                                  GFile *file,
                                  GError **error);

/* Whether the workload or SLA property `property` (a name above, "batch")
 * would take `value` (of its type, or one that converts to it): the check a
 * binding makes before it hands a typed value over. */
gboolean roof_scenario_accepts (RoofScenario *self, const char *property, const GValue *value);

/* Hardware ids compared, in order. */
const char *const *roof_scenario_get_hardware (RoofScenario *self);
void roof_scenario_set_hardware (RoofScenario *self, const char *const *ids);
/* Comparison edits: append (no-op if present) and remove by id. */
void roof_scenario_add_hardware (RoofScenario *self, const char *id);
gboolean roof_scenario_remove_hardware (RoofScenario *self, const char *id);
gboolean roof_scenario_has_hardware (RoofScenario *self, const char *id);
/* Palette index of a compared device, −1 when not compared. It depends on
 * the set of compared devices alone, not on their order: each takes the
 * index its id hashes to, or the next one no other took (in the order of
 * the ids), so two devices share a colour only beyond the palette's size. */
int roof_scenario_get_color (RoofScenario *self, const char *id);
/* Palette index of the scenario's system drawn beside its compared devices
 * (the frontier chart), −1 without a system: chosen by the same rule, as if
 * the system were one more device, so it looks like none of theirs while
 * a colour that does not is free. */
int roof_scenario_get_system_color (RoofScenario *self);
/* The size of the charts' palette (ROOF_PLOT_PALETTE_SIZE). */
#define ROOF_SCENARIO_N_COLORS 8
/* A colour the user chose for a device (file: chart.colors), as 0xRRGGBB,
 * in place of its palette colour; kept while the device is not compared. */
gboolean roof_scenario_get_custom_color (RoofScenario *self, const char *id, guint32 *rgb);
/* `rgb` 0xRRGGBB, or −1 to go back to the palette's colour. */
void roof_scenario_set_custom_color (RoofScenario *self, const char *id, gint64 rgb);
/* "#rrggbb" (hex digits, either case) → 0xRRGGBB; FALSE for anything else. */
gboolean roof_scenario_parse_color (const char *text, guint32 *rgb);
const char *roof_scenario_get_model (RoofScenario *self);
void roof_scenario_set_model (RoofScenario *self, const char *id);
/* The system the layout runs on (file: "layout.system"); NULL: the compared
 * devices bare, as before systems. The rest of the layout is the
 * workload's: devices (TP), ep, pp, dp, attn_parallel, ep_imbalance,
 * microbatches. */
const char *roof_scenario_get_system (RoofScenario *self);
void roof_scenario_set_system (RoofScenario *self, const char *id);
const RoofWorkload *roof_scenario_get_workload (RoofScenario *self);
void roof_scenario_set_workload (RoofScenario *self, const RoofWorkload *workload);
/* The levers of docs/model.md, as the scenario states them ("speculative",
 * "disagg" and "cost" in the file; docs/file-format.md). Strings are owned
 * by the scenario; 0 and NULL mean "not stated". */
typedef struct
{
  double spec_k;      /* draft length; 0 = no speculative decoding */
  double spec_accept; /* α in [0, 1) */
  char *draft_model;  /* a model id, or NULL */
  double mtp_params;  /* MTP heads' parameters, or 0 */
  gboolean disagg;
  char *prefill_system;
  char *prefill_hardware;
  double prefill_tp, prefill_ep, prefill_batch;
  gboolean cost_own;
  double capex_usd, years, usd_per_kwh, pue; /* pue 0 = 1 */
} RoofScenarioLevers;

const RoofScenarioLevers *roof_scenario_get_levers (RoofScenario *self);
/* Copies `levers` (its strings too) and emits ::changed when it differs. */
void roof_scenario_set_levers (RoofScenario *self, const RoofScenarioLevers *levers);

const RoofSla *roof_scenario_get_sla (RoofScenario *self);

/* The traffic of the fleet plan (docs/model.md, "The fleet plan"; "fleet"
 * in the file). Set through the properties "rate", "lengths", "ttft-p50"
 * and "ttft-p99"; the ITL target is the SLA's "itl". */
#define ROOF_SCENARIO_DEFAULT_RATE 10.0
typedef struct
{
  double rate;      /* requests/s, > 0 */
  char *lengths;    /* "512:128@0.7,4096:512@0.3", or NULL: the workload's prompt:output */
  double ttft_p50;  /* seconds, 0 = no target */
  double ttft_p99;
} RoofScenarioFleet;

const RoofScenarioFleet *roof_scenario_get_fleet (RoofScenario *self);
/* The demand the fleet states: its rate, lengths (else the workload's
 * prompt and output, share 1), TTFT targets, and the SLA's ITL target. */
gboolean roof_scenario_get_fleet_demand (RoofScenario *self,
                                         RoofFleetDemand *demand,
                                         GError **error);
/* "PROMPT:OUTPUT@SHARE,…" (a single "PROMPT:OUTPUT" is a share of 1) into
 * demand's classes; one message naming what is wrong otherwise (shares
 * that do not sum to 1, a length of 0, more than 8 classes). */
gboolean roof_fleet_lengths_parse (const char *text, RoofFleetDemand *demand, GError **error);
/* The classes written back in that form. */
char *roof_fleet_lengths_format (const RoofFleetDemand *demand);
void roof_scenario_set_sla (RoofScenario *self, const RoofSla *sla);

/* Chart settings */
RoofPlotKind roof_scenario_get_chart (RoofScenario *self);
void roof_scenario_set_chart (RoofScenario *self, RoofPlotKind kind);
/* Compute ceilings drawn on the roofline chart (bit per RoofPrecision). */
guint roof_scenario_get_ceilings (RoofScenario *self);
void roof_scenario_set_ceilings (RoofScenario *self, guint mask);
double roof_scenario_get_sensitivity_step (RoofScenario *self);
void roof_scenario_set_sensitivity_step (RoofScenario *self, double step);
/* Batch range of the cost, throughput and roofline sweeps. */
void roof_scenario_get_batch_range (RoofScenario *self, double *lo, double *hi);
void roof_scenario_set_batch_range (RoofScenario *self, double lo, double hi);
void roof_scenario_get_context_range (RoofScenario *self, double *lo, double *hi);
void roof_scenario_set_context_range (RoofScenario *self, double lo, double hi);
/* The frontier chart's y axis (property "frontier-y": "device", "kw" or
 * "usd", roof_frontier_metric_name; file: chart.frontier_y) and whether its
 * axes are linear rather than logarithmic (property "frontier-linear",
 * file: chart.frontier_linear). */
RoofFrontierMetric roof_scenario_get_frontier_y (RoofScenario *self);
void roof_scenario_set_frontier_y (RoofScenario *self, RoofFrontierMetric metric);
gboolean roof_scenario_get_frontier_linear (RoofScenario *self);
void roof_scenario_set_frontier_linear (RoofScenario *self, gboolean linear);

/* Measured results the scenario carries (file: "measurements", the
 * RoofMeasurement records of roof-measurement.h); borrowed, never NULL. */
GPtrArray *roof_scenario_get_measurements (RoofScenario *self);
/* Replaces them with copies of `set` (NULL: none), then ::changed. */
void roof_scenario_set_measurements (RoofScenario *self, GPtrArray *set);
/* Whether the charts draw the bundled published measurements of the
 * scenario's model on its devices (property "published-measurements",
 * file: chart.published_measurements). */
gboolean roof_scenario_get_published_measurements (RoofScenario *self);
void roof_scenario_set_published_measurements (RoofScenario *self, gboolean shown);
/* Whether the charts draw, beside each compared device with a saved
 * calibration, its calibrated copy (property "show-calibrated", file:
 * chart.calibrated; docs/model.md, "Calibration"). */
gboolean roof_scenario_get_show_calibrated (RoofScenario *self);
void roof_scenario_set_show_calibrated (RoofScenario *self, gboolean shown);
/* The measured sources the charts leave out, by their legend text
 * ("vLLM, result.json"; property "measured-hidden", file:
 * chart.measured_hidden); sorted, never NULL. */
const char *const *roof_scenario_get_measured_hidden (RoofScenario *self);
gboolean roof_scenario_get_measured_source_hidden (RoofScenario *self, const char *source);
void roof_scenario_set_measured_source_hidden (RoofScenario *self,
                                              const char *source,
                                              gboolean hidden);

G_END_DECLS
