/* roof-cli-private.h — what the subcommands of roofline-cli share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>

#include <json-glib/json-glib.h>

#include "roof-catalog.h"
#include "roof-chart.h"
#include "roof-cli-format.h"
#include "roof-cli-options.h"
#include "roof-cli-stream.h"
#include "roof-scenario.h"
#include "roof-solver.h"

G_BEGIN_DECLS

/* One column of a comparison: a bare device (-H) or a system (--system),
 * whose device runs on the system's fabric. */
typedef struct
{
  const char *id;           /* what the column is called: the device's or the system's id */
  RoofHardwareSpec *device; /* owned: the device (a system's own device) */
  GObject *system;          /* owned: the system, NULL for a bare device */
  RoofHardwareParams params;
  /* --calibrated: the device's saved calibration, applied to params */
  gboolean calibrated, cal_has_overhead;
  double cal_compute, cal_memory, cal_overhead; /* η_c, η_m (1 when undetermined), t_0 in s */
  double cal_points, cal_rms;
} RoofCliTarget;

/* Everything a subcommand runs on, after the catalog, the scenario and the
 * flags have been merged. */
typedef struct
{
  const RoofCliOptions *opts;
  RoofCliStream *out; /* results: every write checked (roof-cli-stream.h) */
  RoofCliStream *err; /* warnings and notes */

  RoofCatalog *catalog;
  RoofScenario *scenario; /* NULL without --scenario */

  /* resolved for the commands that solve (not list/show) */
  RoofModelSpec *model;
  GArray *targets; /* RoofCliTarget: every -H and --system, in order */
  RoofWorkload workload;
  RoofSla sla;
  double step;                   /* sensitivity */
  double batch_lo, batch_hi;     /* sweep and cost ranges */
  double context_lo, context_hi; /* sweep range */

  /* the levers (roof-cli-levers.c): the flags', else the scenario's (its
   * strings borrowed from either) */
  RoofCliLevers levers;
  RoofModelSpec *draft;        /* --draft-model, owned; NULL otherwise */
  RoofCliTarget prefill;       /* --prefill-system / --prefill-hardware: device NULL when absent */
  RoofWorkload prefill_workload; /* --disagg: the prefill pool's layout and batch */
} RoofCliContext;

typedef gboolean (*RoofCliCommandFunc) (RoofCliContext *ctx, GError **error);

gboolean roof_cli_cmd_list (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_show (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_solve (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_sweep (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_sensitivity (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_synthesize (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_cost (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_plot (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_layouts (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_pareto (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_measured (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_calibrate (RoofCliContext *ctx, GError **error);
/* --calibrated (roof-cli-calibrate-cmd.c): each target's saved calibration
 * (its entry in the catalog in use, else in the user catalog) applied to its
 * efficiencies, and its overhead to the workload; an error names a device
 * without one. */
gboolean roof_cli_apply_calibrated (RoofCliContext *ctx, GError **error);
/* plot --calibrated: after the `n` ideal devices, a calibrated copy of each
 * ("NAME (calibrated)", its η the fitted ones); returns the new count. */
/* solve --calibrated: the line that says so above the table, and each
 * result's "calibrated" object. */
void roof_cli_print_calibrated (RoofCliContext *ctx);
void roof_cli_json_calibrated (JsonBuilder *b, RoofCliContext *ctx, guint i);
int roof_cli_calibrated_devices (RoofCliContext *ctx, RoofPlotDevice *devices, int n,
                                 GPtrArray *names, GError **error);

/* The measurements a solve or a chart is compared with (roof-cli-measured-cmd.c):
 * the scenario's, every --measured FILE, with `user` the user's imported
 * ones and with `bundled` the published set. A new array of GPtrArray,
 * NULL-terminated. */
GPtrArray *roof_cli_measurement_sets (RoofCliContext *ctx,
                                      gboolean user,
                                      gboolean bundled,
                                      GError **error);
/* "measured": {tokens_per_s, fraction_of_bound, bound_tokens_per_s, source, id} of the
 * first measurement of `sets` (may be NULL) matching the solve of
 * `target_id` (roof_measured_match); nothing when none does. */
void roof_cli_json_measured (JsonBuilder *b, RoofCliContext *ctx, GPtrArray *sets,
                             const char *target_id);
gboolean roof_cli_cmd_probe (RoofCliContext *ctx, GError **error);
gboolean roof_cli_cmd_plan (RoofCliContext *ctx, GError **error);

/* The traffic plan and plot plan serve: the scenario's fleet, then the
 * flags (--rate, --lengths, else --prompt and --output; --ttft-p50-ms,
 * --ttft-p99-ms, --itl-ms); one usage error naming the flag (or the
 * scenario's field) when it is not valid (roof-cli-plan-cmd.c). */
gboolean roof_cli_fleet_demand (RoofCliContext *ctx, RoofFleetDemand *demand, GError **error);

static inline const RoofCliTarget *
roof_cli_target (RoofCliContext *ctx, guint i)
{
  return &g_array_index (ctx->targets, RoofCliTarget, i);
}

/* the solver's view of column i, and its name */
static inline const RoofHardwareParams *
params_of (RoofCliContext *ctx, guint i)
{
  return &roof_cli_target (ctx, i)->params;
}

static inline const char *
id_of (RoofCliContext *ctx, guint i)
{
  return roof_cli_target (ctx, i)->id;
}

/* The devices column i's layouts may use (layouts, pareto): 0, its own
 * scale-up domain, for a system; --devices N (8) for a bare device, which
 * stands for a system of that many. */
static inline double
roof_cli_layout_devices (RoofCliContext *ctx, guint i)
{
  return params_of (ctx, i)->scaleup_size > 0 ? 0.0 : ctx->opts->system_devices;
}

/* One line "roofline-cli: warning: MESSAGE" (or "note: ") on stderr, every
 * control character of the message shown as \xHH: messages quote names
 * and values from files and arguments. */
void roof_cli_warning (RoofCliContext *ctx, const char *format, ...) G_GNUC_PRINTF (2, 3);
void roof_cli_note (RoofCliContext *ctx, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* The catalog, then (for commands that need a model) the model, targets,
 * workload, ranges and SLA of ctx, from the options (roof-cli-resolve.c). */
gboolean roof_cli_load_catalog (RoofCliContext *ctx, GError **error);
gboolean roof_cli_resolve (RoofCliContext *ctx, GError **error);
/* The levers after roof_cli_resolve: the owned price of every column
 * (--cost own), the draft model, the prefill pool (roof-cli-levers.c). */
/* One column from a device or a system (its device on its fabric); cleared
 * with roof_cli_target_clear. */
void roof_cli_target_from_device (RoofHardwareSpec *hw, RoofCliTarget *t);
gboolean roof_cli_target_from_system (RoofCliContext *ctx, RoofSystemSpec *system,
                                      RoofCliTarget *t, GError **error);
void roof_cli_target_clear (RoofCliTarget *t);
gboolean roof_cli_resolve_levers (RoofCliContext *ctx, GError **error);
void roof_cli_levers_clear (RoofCliContext *ctx);
/* "rent" or "own" */
const char *roof_cli_cost_basis_name (const RoofCliContext *ctx);
/* "cost_basis" (and "ownership" when owned) into an open JSON object */
void roof_cli_json_cost_basis (JsonBuilder *b, const RoofCliContext *ctx);
/* the same through the streaming writer (sweep, layouts) */
typedef struct _RoofCliJsonWriter RoofCliJsonWriter;
void roof_cli_json_writer_cost_basis (RoofCliJsonWriter *w, const RoofCliContext *ctx);
/* {"tp", "ep", "pp", "dp", "devices"} of a layout point, through the
 * streaming writer (layouts, pareto) */
void roof_cli_json_writer_layout (RoofCliJsonWriter *w, const char *key, const RoofLayoutPoint *p);
/* The footer line under a table with $/Mtok: "Cost basis: rented …" */
void roof_cli_print_cost_basis (RoofCliContext *ctx);
/* A table of a column per device: a header of `corner`, then each
 * target's id. */
RoofCliTable *roof_cli_device_table_new (RoofCliContext *ctx, const char *corner);
/* Whether the command times decode steps speculatively when told (solve,
 * sweep, layouts, pareto, plan; plot roofline, batch, cost, context,
 * pareto and plan). */
gboolean roof_cli_speculates (const RoofCliContext *ctx);
/* Whether it has a prefill pool when told (solve, plan, plot cost and plan). */
gboolean roof_cli_disaggregates (const RoofCliContext *ctx);
/* The plan's levers resolved (`spec` holds the speculation), or NULL
 * without; prefill_hw is the --prefill-system/--prefill-hardware pool, or
 * NULL for each column's own. */
const RoofFleetLevers *roof_cli_fleet_levers (const RoofCliContext *ctx,
                                              RoofSpeculative *spec,
                                              RoofFleetLevers *out);
/* The speculative decoding resolved (--spec-*, else the scenario's) into
 * `spec` and its draft model, or NULL (and *draft NULL) without. */
const RoofSpeculative *roof_cli_speculative (const RoofCliContext *ctx,
                                             RoofSpeculative *spec,
                                             const RoofModelDerived **draft);
/* "speculative": {k, accept, drafter, draft_model, mtp_params,
 * tokens_per_step} or null, through the streaming writer */
void roof_cli_json_writer_speculative (RoofCliJsonWriter *w, const RoofCliContext *ctx);
/* A footer line "Speculative decoding: k = …" when there is some. */
void roof_cli_print_speculative (RoofCliContext *ctx);
/* solve --spec-k / --disagg: what each column adds, computed before anything
 * is printed (roof_cli_levers_compute), then written into result i's JSON
 * object or as tables after solve's own. */
typedef struct RoofCliLeverResults RoofCliLeverResults;
RoofCliLeverResults *roof_cli_levers_compute (RoofCliContext *ctx, GError **error);
void roof_cli_levers_json (RoofCliContext *ctx, const RoofCliLeverResults *lr, guint i,
                           JsonBuilder *b);
void roof_cli_levers_print (RoofCliContext *ctx, const RoofCliLeverResults *lr);
void roof_cli_lever_results_free (RoofCliLeverResults *lr);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RoofCliLeverResults, roof_cli_lever_results_free)

/* Like roof_catalog_lookup_*, but an unknown id is a ROOF_CLI_ERROR_USAGE
 * error whose "did you mean" prefers ids that start with what was typed. */
RoofHardwareSpec *roof_cli_lookup_hardware (RoofCatalog *catalog, const char *id, GError **error);
RoofModelSpec *roof_cli_lookup_model (RoofCatalog *catalog, const char *id, GError **error);
RoofSystemSpec *roof_cli_lookup_system (RoofCatalog *catalog, const char *id, GError **error);

/* Sets a ROOF_CLI_ERROR_FAILED error "ID: solver message", with a hint for
 * a missing precision ceiling. Returns FALSE. `target` may be NULL. */
gboolean roof_cli_solver_error (GError **error,
                                const RoofCliTarget *target,
                                RoofStatus status,
                                const RoofError *err);

/* "decode · batch 1 · context 4096 · bf16 · 1 device", leaving out the
 * axis a sweep varies (ROOF_CLI_SET_BATCH / ROOF_CLI_SET_CONTEXT in `omit`)
 * and the layout (ROOF_CLI_SET_LAYOUT, which layouts enumerates). */
char *roof_cli_describe_workload (const RoofWorkload *wl, guint omit);
/* "8 devices", or "TP 1 × EP 72 = 72 devices, data-parallel attention" */
char *roof_cli_describe_layout (const RoofWorkload *wl);
/* "1×72×1×1": TP×EP×PP×DP, 0 read as 1 */
char *roof_cli_format_layout (double tp, double ep, double pp, double dp);
/* "Llama-3.1-70B (llama-3.1-70b)" */
char *roof_cli_describe_model (RoofModelSpec *model);

/* What a result that does not fit needs: "≥ 2 devices", or "more than
 * 1000000 devices" beyond what --devices accepts (ROOF_CLI_MAX_DEVICES). */
char *roof_cli_describe_min_devices (int min_devices);

/* Batch (or context) values from lo to hi: lo, 2·lo, 4·lo, … and hi; or
 * `points` values spaced evenly on a log scale, rounded and deduplicated. */
GArray *roof_cli_axis_values (double lo, double hi, int points);

/* JSON */
void roof_cli_json_number (JsonBuilder *b, const char *key, double value);
/* null when !has */
void roof_cli_json_number_or_null (JsonBuilder *b, const char *key, gboolean has, double value);
void roof_cli_json_int (JsonBuilder *b, const char *key, gint64 value);
void roof_cli_json_bool (JsonBuilder *b, const char *key, gboolean value);
/* null for NULL */
void roof_cli_json_string (JsonBuilder *b, const char *key, const char *value);
/* {"phase", "batch", …}: the workload as the results were computed */
void roof_cli_json_workload (JsonBuilder *b, const char *key, const RoofWorkload *wl);
/* {"tp", "ep", "pp", "dp", "devices"}: devices = tp · ep · pp · dp, every
 * device the layout occupies */
void roof_cli_json_layout (JsonBuilder *b, const char *key, const RoofWorkload *wl);
/* ",v0,v1,…": `n` numbers, each after a comma, onto a CSV line */
void roof_cli_csv_append_numbers (GString *line, const double *v, gsize n);
/* Writes the builder's root, pretty, with a final newline. */
void roof_cli_print_json (RoofCliStream *out, JsonBuilder *b);

G_END_DECLS
