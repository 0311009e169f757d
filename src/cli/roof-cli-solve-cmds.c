/* roof-cli-solve-cmds.c — `solve` and `sweep`: the forward model on each device
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "roof-cli-json-writer.h"
#include "roof-cli-private.h"
#include "roof-levers.h"

/* CSV is written in pieces of about this many bytes */
#define CHUNK 65536

static char *
fits_text (const RoofResult *r, gboolean short_form)
{
  if (r->fits)
    return g_strdup ("yes");
  if (short_form && r->min_devices > ROOF_CLI_MAX_DEVICES)
    return g_strdup_printf ("no (> %d)", ROOF_CLI_MAX_DEVICES);
  if (short_form)
    return g_strdup_printf ("no (≥ %d)", r->min_devices);
  g_autofree char *need = roof_cli_describe_min_devices (r->min_devices);
  return g_strdup_printf ("NO: needs %s", need);
}

/* ---------------------------------------------------------------------- */
/* JSON                                                                    */

static void
json_result_fields (JsonBuilder *b, const RoofHardwareParams *hw, const RoofResult *r)
{
  RoofEnergy e;
  roof_energy (hw, r, &e);
  roof_cli_json_number (b, "flop", r->flop);
  roof_cli_json_number (b, "flop_linear", r->flop_linear);
  roof_cli_json_number (b, "flop_attention", r->flop_attention);
  json_builder_set_member_name (b, "bytes");
  json_builder_begin_object (b);
  roof_cli_json_number (b, "weights", r->bytes_weights);
  roof_cli_json_number (b, "kv", r->bytes_kv);
  roof_cli_json_number (b, "activations", r->bytes_act);
  roof_cli_json_number (b, "total", r->bytes_total);
  json_builder_end_object (b);
  roof_cli_json_number (b, "intensity", r->intensity);
  roof_cli_json_number (b, "ridge", r->ridge);
  roof_cli_json_number (b, "t_compute_s", r->t_compute);
  roof_cli_json_number (b, "t_memory_s", r->t_memory);
  roof_cli_json_number (b, "t_comm_s", r->t_comm);
  json_builder_set_member_name (b, "comm");
  json_builder_begin_object (b);
  roof_cli_json_number (b, "all_reduce_s", r->t_comm_all_reduce);
  roof_cli_json_number (b, "all_to_all_s", r->t_comm_all_to_all);
  roof_cli_json_number (b, "p2p_s", r->t_comm_p2p);
  json_builder_end_object (b);
  roof_cli_json_number (b, "t_overhead_s", r->t_overhead);
  roof_cli_json_number (b, "t_step_s", r->t_step);
  roof_cli_json_string (b, "bound", roof_bound_name (r->bound));
  roof_cli_json_number (b, "bubble", r->bubble);
  roof_cli_json_number (b, "tokens", r->tokens);
  roof_cli_json_number (b, "tokens_per_s", r->tokens_per_s);
  roof_cli_json_number (b, "tokens_per_s_total", r->tokens_per_s_total);
  roof_cli_json_number (b, "tokens_per_s_per_device", r->tokens_per_s_per_device);
  roof_cli_json_number_or_null (b, "tokens_per_s_per_kw", r->has_power, r->tokens_per_s_per_kw);
  roof_cli_json_number_or_null (b, "tokens_per_s_per_mw", e.has_power, e.tokens_per_s_per_mw);
  roof_cli_json_number_or_null (b, "joules_per_token", e.has_power, e.joules_per_token);
  roof_cli_json_number (b, "mfu", r->mfu);
  roof_cli_json_number (b, "mbu", r->mbu);
  roof_cli_json_number (b, "attained_flops", r->attained_flops);
  roof_cli_json_number (b, "footprint_bytes", r->footprint);
  json_builder_set_member_name (b, "footprint");
  json_builder_begin_object (b);
  roof_cli_json_number (b, "weights", r->footprint_weights);
  roof_cli_json_number (b, "kv", r->footprint_kv);
  roof_cli_json_number (b, "activations", r->footprint_act);
  json_builder_end_object (b);
  roof_cli_json_number (b, "capacity_bytes", r->capacity);
  roof_cli_json_number (b, "footprint_device_bytes", r->footprint_device);
  roof_cli_json_number (b, "capacity_device_bytes", r->capacity_device);
  roof_cli_json_bool (b, "fits", r->fits);
  roof_cli_json_int (b, "min_devices", r->min_devices);
  roof_cli_json_number_or_null (b, "usd_per_hour", r->has_cost, r->usd_per_s * 3600.0);
  roof_cli_json_number_or_null (b, "usd_per_mtok", r->has_cost, r->usd_per_mtok);
}

static void
json_breakdown (JsonBuilder *b, const RoofBreakdown *bd)
{
  json_builder_set_member_name (b, "breakdown");
  json_builder_begin_array (b);
  for (int i = 0; i < bd->n_rows; i++)
    {
      const RoofOpRow *row = &bd->rows[i];
      json_builder_begin_object (b);
      roof_cli_json_string (b, "op", roof_op_name (row->op));
      roof_cli_json_number (b, "layers", row->layers);
      roof_cli_json_bool (b, "window", (row->layer_flags & ROOF_LAYER_WINDOW) != 0);
      roof_cli_json_number (b, "flop", row->flop);
      roof_cli_json_number (b, "bytes_weights", row->bytes_weights);
      roof_cli_json_number (b, "bytes_kv", row->bytes_kv);
      roof_cli_json_number (b, "bytes_act", row->bytes_act);
      roof_cli_json_number (b, "bytes", row->bytes);
      roof_cli_json_number (b, "intensity", row->intensity);
      roof_cli_json_number (b, "t_compute_s", row->t_compute);
      roof_cli_json_number (b, "t_memory_s", row->t_memory);
      roof_cli_json_number (b, "time_s", row->time);
      roof_cli_json_string (b, "bound", roof_bound_name (row->bound));
      roof_cli_json_bool (b, "counted", row->counted);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* ---------------------------------------------------------------------- */
/* solve                                                                   */

static void
metric_row (RoofCliTable *t, const char *label, const RoofResult *r, guint n, gsize offset,
            RoofUnit unit)
{
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, label);
  for (guint i = 0; i < n; i++)
    {
      double v = *(const double *) ((const char *) &r[i] + offset);
      roof_cli_table_take (t, i + 1, roof_cli_format (v, unit));
    }
}

#define METRIC(t, label, r, n, field, unit)                                                       \
  metric_row (t, label, r, n, offsetof (RoofResult, field), unit)

static void
print_breakdown (RoofCliContext *ctx, guint index, const RoofBreakdown *bd, const RoofResult *r)
{
  g_autoptr (RoofCliTable) t = roof_cli_table_new (10);
  double flop = 0, bytes = 0, time = 0;
  gboolean any_uncounted = FALSE;

  roof_cli_stream_printf (ctx->out,
                          "\nPer-operator breakdown on %s (values per layer; a step runs each row "
                          "× layers):\n",
                          id_of (ctx, index));
  roof_cli_table_set_header (t, "operator", "layers", "FLOP", "weights", "KV", "activations",
                             "intensity", "time", "bound", "");
  roof_cli_table_set_align (t, 8, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 9, ROOF_CLI_ALIGN_LEFT);
  for (int i = 0; i < bd->n_rows; i++)
    {
      const RoofOpRow *row = &bd->rows[i];
      g_autofree char *name = NULL;

      if (row->layer_flags & ROOF_LAYER_WINDOW)
        name = g_strdup_printf ("%s (window)", roof_op_name (row->op));
      else
        name = g_strdup (roof_op_name (row->op));
      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, name);
      roof_cli_table_take (t, 1, g_strdup_printf ("%.15g", row->layers));
      roof_cli_table_take (t, 2, roof_cli_format (row->flop, ROOF_UNIT_FLOP));
      roof_cli_table_take (t, 3, roof_cli_format (row->bytes_weights, ROOF_UNIT_BYTES));
      roof_cli_table_take (t, 4, roof_cli_format (row->bytes_kv, ROOF_UNIT_BYTES));
      roof_cli_table_take (t, 5, roof_cli_format (row->bytes_act, ROOF_UNIT_BYTES));
      roof_cli_table_take (t, 6, row->bytes > 0.0 ? roof_cli_format (row->intensity,
                                                                     ROOF_UNIT_INTENSITY)
                                                  : g_strdup ("—"));
      roof_cli_table_take (t, 7, roof_cli_format (row->time, ROOF_UNIT_TIME));
      roof_cli_table_set (t, 8, roof_bound_name (row->bound));
      roof_cli_table_set (t, 9, row->counted ? "" : "*");
      if (row->counted)
        {
          flop += row->flop * row->layers;
          bytes += row->bytes * row->layers;
          time += row->time * row->layers;
        }
      else
        any_uncounted = TRUE;
    }
  roof_cli_table_print (t, ctx->out);

  g_autofree char *tf = roof_cli_format (flop, ROOF_UNIT_FLOP);
  g_autofree char *tb = roof_cli_format (bytes, ROOF_UNIT_BYTES);
  g_autofree char *tt = roof_cli_format (time, ROOF_UNIT_TIME);
  g_autofree char *ts = roof_cli_format (r->t_step - r->t_comm - r->t_overhead,
                                         ROOF_UNIT_TIME);
  roof_cli_stream_printf (ctx->out,
                          "Σ rows × layers: %s, %s; operator times add up to %s against %s for "
                          "the step\n(the step overlaps compute and memory across operators; "
                          "each operator alone cannot).\n",
                          tf, tb, tt, ts);
  if (any_uncounted)
    roof_cli_stream_printf (ctx->out,
                            "* fused into its neighbours by serving engines: shown for its "
                            "intensity, not counted in the step.\n");
}

/* Below the table, why each device that does not fit does not, and what
 * would make it: under a layout its busiest device decides. */
static void
print_unfit_notes (RoofCliContext *ctx, const RoofResult *r, gboolean beyond_tp)
{
  guint n = ctx->targets->len;

  for (guint i = 0; i < n && beyond_tp; i++)
    {
      /* under a layout the busiest device decides, and more TP is not the
       * only way out */
      if (r[i].fits)
        continue;
      g_autofree char *fp = roof_cli_format (r[i].footprint_device, ROOF_UNIT_BYTES);
      g_autofree char *cap = roof_cli_format (r[i].capacity_device, ROOF_UNIT_BYTES);
      g_autofree char *need = roof_cli_describe_min_devices (r[i].min_devices);
      roof_cli_stream_printf (ctx->out,
                              "\n✗ %s DOES NOT FIT: its busiest device needs %s, %s usable; "
                              "the model needs %s in all (a larger --tp, --ep or --pp).\n  Its "
                              "times assume the bytes stream from device memory anyway.\n",
                              id_of (ctx, i), fp, cap, need);
    }
  for (guint i = 0; i < n && !beyond_tp; i++)
    {
      if (r[i].fits)
        continue;
      g_autofree char *fp = roof_cli_format (r[i].footprint, ROOF_UNIT_BYTES);
      g_autofree char *cap = roof_cli_format (r[i].capacity, ROOF_UNIT_BYTES);
      g_autofree char *need = roof_cli_describe_min_devices (r[i].min_devices);
      g_autofree char *hint = r[i].min_devices > ROOF_CLI_MAX_DEVICES
                                  ? g_strdup ("more than --devices accepts")
                                  : g_strdup_printf ("--devices %d", r[i].min_devices);
      roof_cli_stream_printf (ctx->out,
                              "\n✗ %s DOES NOT FIT: %s needed, %s usable on %.15g device%s; "
                              "needs %s (%s).\n  Its times assume the bytes stream from "
                              "device memory anyway.\n",
                              id_of (ctx, i), fp, cap, ctx->workload.devices,
                              ctx->workload.devices == 1.0 ? "" : "s", need, hint);
    }
}

static void
print_solve_table (RoofCliContext *ctx, const RoofResult *r, RoofBreakdown *bd)
{
  guint n = ctx->targets->len;
  /* one column per device */
  g_autoptr (RoofCliTable) t = roof_cli_device_table_new (ctx, "");
  g_autofree char *model = roof_cli_describe_model (ctx->model);
  g_autofree char *workload = roof_cli_describe_workload (&ctx->workload, 0);
  gboolean decode = ctx->workload.phase == ROOF_PHASE_DECODE;
  g_autofree char *ridge_label = g_strdup_printf ("Ridge (%s)",
                                                  roof_precision_name (ctx->workload.compute));
  gboolean any_comm = roof_workload_replica_devices (&ctx->workload) > 1.0;
  gboolean spread = roof_workload_total_devices (&ctx->workload) > 1.0;
  gboolean beyond_tp = roof_workload_total_devices (&ctx->workload) > ctx->workload.devices;
  gboolean any_overhead = ctx->workload.overhead > 0.0;
  gboolean any_power = FALSE;

  for (guint i = 0; i < n; i++)
    any_power = any_power || r[i].has_power;

  roof_cli_stream_printf (ctx->out, "%s\n%s\n\n", model, workload);
  roof_cli_print_calibrated (ctx);

  if (beyond_tp)
    {
      /* the same in every column; said beside the figures it moves */
      const RoofWorkload *wl = &ctx->workload;
      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, "TP×EP×PP×DP");
      for (guint i = 0; i < n; i++)
        roof_cli_table_take (t, i + 1, roof_cli_format_layout (wl->devices, wl->ep, wl->pp,
                                                               wl->dp));
      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, "Devices");
      for (guint i = 0; i < n; i++)
        roof_cli_table_take (t, i + 1, g_strdup_printf ("%.15g", r[i].devices_total));
    }
  METRIC (t, "FLOP", r, n, flop, ROOF_UNIT_FLOP);
  METRIC (t, "  linear", r, n, flop_linear, ROOF_UNIT_FLOP);
  METRIC (t, "  attention", r, n, flop_attention, ROOF_UNIT_FLOP);
  METRIC (t, "Bytes moved", r, n, bytes_total, ROOF_UNIT_BYTES);
  METRIC (t, "  weights", r, n, bytes_weights, ROOF_UNIT_BYTES);
  METRIC (t, "  KV cache", r, n, bytes_kv, ROOF_UNIT_BYTES);
  METRIC (t, "  activations", r, n, bytes_act, ROOF_UNIT_BYTES);
  METRIC (t, "Intensity", r, n, intensity, ROOF_UNIT_INTENSITY);
  METRIC (t, ridge_label, r, n, ridge, ROOF_UNIT_INTENSITY);
  METRIC (t, "t_compute", r, n, t_compute, ROOF_UNIT_TIME);
  METRIC (t, "t_memory", r, n, t_memory, ROOF_UNIT_TIME);
  if (any_comm)
    {
      METRIC (t, "t_comm", r, n, t_comm, ROOF_UNIT_TIME);
      METRIC (t, "  all-reduce", r, n, t_comm_all_reduce, ROOF_UNIT_TIME);
      METRIC (t, "  all-to-all", r, n, t_comm_all_to_all, ROOF_UNIT_TIME);
      METRIC (t, "  point-to-point", r, n, t_comm_p2p, ROOF_UNIT_TIME);
    }
  else
    {
      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, "t_comm");
      for (guint i = 0; i < n; i++)
        roof_cli_table_set (t, i + 1, "— (1 device)");
    }
  if (any_overhead)
    METRIC (t, "Overhead", r, n, t_overhead, ROOF_UNIT_TIME);
  METRIC (t, decode ? "ITL (step time)" : "TTFT (prefill time)", r, n, t_step,
          ROOF_UNIT_TIME);
  METRIC (t, decode ? "Tokens/s (output)" : "Tokens/s (prompt)", r, n, tokens_per_s,
          ROOF_UNIT_RATE);
  if (ctx->workload.dp > 1.0)
    METRIC (t, "  all replicas", r, n, tokens_per_s_total, ROOF_UNIT_RATE);
  if (spread)
    METRIC (t, "  per device", r, n, tokens_per_s_per_device, ROOF_UNIT_RATE);
  if (any_power)
    {
      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, "  per kW");
      for (guint i = 0; i < n; i++)
        roof_cli_table_take (t, i + 1, r[i].has_power
                                         ? roof_cli_format (r[i].tokens_per_s_per_kw,
                                                            ROOF_UNIT_RATE)
                                         : g_strdup ("no power"));
      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, decode ? "Energy per output token" : "Energy per prompt token");
      for (guint i = 0; i < n; i++)
        {
          RoofEnergy e;
          roof_energy (params_of (ctx, i), &r[i], &e);
          roof_cli_table_take (t, i + 1, e.has_power
                                           ? g_strdup_printf ("%.4g J", e.joules_per_token)
                                           : g_strdup ("no power"));
        }
    }

  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, "Bound");
  for (guint i = 0; i < n; i++)
    roof_cli_table_set (t, i + 1, roof_bound_name (r[i].bound));

  METRIC (t, "MFU", r, n, mfu, ROOF_UNIT_PERCENT);
  METRIC (t, "MBU", r, n, mbu, ROOF_UNIT_PERCENT);
  METRIC (t, "Memory footprint", r, n, footprint, ROOF_UNIT_BYTES);
  METRIC (t, "Usable memory", r, n, capacity, ROOF_UNIT_BYTES);
  if (beyond_tp)
    {
      /* under a layout the busiest device decides whether it fits */
      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, "  busiest device");
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *fp = roof_cli_format (r[i].footprint_device, ROOF_UNIT_BYTES);
          g_autofree char *cap = roof_cli_format (r[i].capacity_device, ROOF_UNIT_BYTES);
          roof_cli_table_take (t, i + 1, g_strdup_printf ("%s of %s", fp, cap));
        }
    }

  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, "Fits");
  for (guint i = 0; i < n; i++)
    roof_cli_table_take (t, i + 1, fits_text (&r[i], FALSE));

  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, decode ? "$/Mtok (output)" : "$/Mtok (input)");
  for (guint i = 0; i < n; i++)
    roof_cli_table_take (t, i + 1, r[i].has_cost ? roof_cli_format (r[i].usd_per_mtok,
                                                                    ROOF_UNIT_USD)
                                                 : g_strdup ("no price"));
  roof_cli_table_print (t, ctx->out);

  print_unfit_notes (ctx, r, beyond_tp);

  if (bd != NULL)
    for (guint i = 0; i < n; i++)
      print_breakdown (ctx, i, &bd[i], &r[i]);
}

gboolean
roof_cli_cmd_solve (RoofCliContext *ctx, GError **error)
{
  guint n = ctx->targets->len;
  const RoofModelDerived *md = roof_model_spec_get_derived (ctx->model);
  g_autofree RoofResult *results = g_new0 (RoofResult, n);
  g_autofree RoofBreakdown *bd = ctx->opts->breakdown ? g_new0 (RoofBreakdown, n) : NULL;

  /* everything is computed before anything is printed: no half outputs */
  for (guint i = 0; i < n; i++)
    {
      RoofError rerr = { 0 };
      RoofStatus st = roof_solve (params_of (ctx, i), md, &ctx->workload, &results[i], &rerr);
      if (st == ROOF_OK && bd != NULL)
        st = roof_breakdown (params_of (ctx, i), md, &ctx->workload, &bd[i], &rerr);
      if (st != ROOF_OK)
        return roof_cli_solver_error (error, roof_cli_target (ctx, i), st, &rerr);
    }
  g_autoptr (RoofCliLeverResults) levers = roof_cli_levers_compute (ctx, error);
  if (levers == NULL)
    return FALSE;

  if (ctx->opts->json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      g_autoptr (GError) local = NULL;
      /* a result gains "measured" when a measurement matches it */
      g_autoptr (GPtrArray) sets = roof_cli_measurement_sets (ctx, TRUE, TRUE, &local);

      if (sets == NULL)
        roof_cli_warning (ctx, "measurements left out: %s", local->message);
      json_builder_begin_object (b);
      roof_cli_json_string (b, "model", roof_spec_get_id (ROOF_SPEC (ctx->model)));
      roof_cli_json_workload (b, "workload", &ctx->workload);
      roof_cli_json_cost_basis (b, ctx);
      json_builder_set_member_name (b, "results");
      json_builder_begin_array (b);
      for (guint i = 0; i < n; i++)
        {
          const RoofWorkload *wl = &ctx->workload;
          json_builder_begin_object (b);
          roof_cli_json_string (b, "hardware", id_of (ctx, i));
          {
            /* what the column is: a bare device, or a system's device */
            const RoofCliTarget *t = roof_cli_target (ctx, i);
            roof_cli_json_string (b, "device", roof_spec_get_id (ROOF_SPEC (t->device)));
            roof_cli_json_string (b, "system", t->system != NULL ? t->id : NULL);
          }
          roof_cli_json_string (b, "model", roof_spec_get_id (ROOF_SPEC (ctx->model)));
          roof_cli_json_string (b, "phase", roof_phase_name (wl->phase));
          roof_cli_json_number (b, "batch", wl->batch);
          roof_cli_json_number (b, "context", wl->context);
          roof_cli_json_number (b, "prompt", wl->prompt);
          roof_cli_json_number (b, "output", wl->output);
          roof_cli_json_number (b, "devices", wl->devices);
          roof_cli_json_layout (b, "layout", wl);
          json_result_fields (b, params_of (ctx, i), &results[i]);
          roof_cli_levers_json (ctx, levers, i, b);
          if (bd != NULL)
            json_breakdown (b, &bd[i]);
          roof_cli_json_measured (b, ctx, sets, id_of (ctx, i));
          roof_cli_json_calibrated (b, ctx, i);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      roof_cli_print_json (ctx->out, b);
      return TRUE;
    }

  print_solve_table (ctx, results, bd);
  roof_cli_levers_print (ctx, levers);
  roof_cli_print_cost_basis (ctx);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* sweep                                                                   */

/* What sweep computes: every target at every point of the axis, all
 * solved once before any output (sweep_check), then formatted and written
 * one point at a time. An array of whole results was 360 bytes a point,
 * 45 MB for 25 devices × 5,000 points, and its pages some 19 ms of that
 * sweep's 73 as CSV; what CSV and JSON print of a point is 64 bytes, held
 * for the first SWEEP_HELD_MAX points (docs/performance.md, "sweep as
 * JSON and CSV"). */
typedef struct
{
  gboolean by_batch; /* else the context */
  GArray *values;    /* the axis: double, m of them */
  guint n, m;        /* targets, points */
  /* what CSV and JSON print of the first n_held points, target-major, kept
   * from sweep_check so that those are solved once */
  struct SweepPoint *held;
  gsize n_held;
} Sweep;

/* What a line of the CSV or the JSON prints of a point's result */
typedef struct SweepPoint
{
  double t_step, tokens_per_s, intensity, footprint, mfu, mbu, usd_per_mtok;
  gint32 min_devices;
  guint8 bound; /* a RoofBound */
  guint fits : 1;
  guint has_cost : 1;
} SweepPoint;

G_STATIC_ASSERT (sizeof (SweepPoint) == 64);

/* Held points at most: 64 bytes each, 8 MiB; a larger sweep solves the
 * points beyond twice, keeping its memory bounded */
#define SWEEP_HELD_MAX 131072

static RoofStatus sweep_point (RoofCliContext *ctx, guint i, const RoofWorkload *wl,
                               RoofResult *r, RoofError *err);

static double
sweep_batch (RoofCliContext *ctx, const Sweep *sw, guint j)
{
  return sw->by_batch ? g_array_index (sw->values, double, j) : ctx->workload.batch;
}

static double
sweep_context (RoofCliContext *ctx, const Sweep *sw, guint j)
{
  return sw->by_batch ? ctx->workload.context : g_array_index (sw->values, double, j);
}

/* Target i at point j. Solving is a pure function of the two, so a point
 * that solved once (sweep_check) solves again the same. */
static gboolean
sweep_solve (RoofCliContext *ctx, const Sweep *sw, guint i, guint j, RoofResult *r,
             GError **error)
{
  RoofWorkload wl = ctx->workload;
  RoofError rerr = { 0 };
  RoofStatus st;

  wl.batch = sweep_batch (ctx, sw, j);
  wl.context = sweep_context (ctx, sw, j);
  st = sweep_point (ctx, i, &wl, r, &rerr);
  if (st != ROOF_OK)
    return roof_cli_solver_error (error, roof_cli_target (ctx, i), st, &rerr);
  return TRUE;
}

static void
sweep_point_of (const RoofResult *r, SweepPoint *p)
{
  *p = (SweepPoint) {
    .t_step = r->t_step,
    .tokens_per_s = r->tokens_per_s,
    .intensity = r->intensity,
    .footprint = r->footprint,
    .mfu = r->mfu,
    .mbu = r->mbu,
    .usd_per_mtok = r->usd_per_mtok,
    .min_devices = r->min_devices,
    .bound = (guint8) MIN ((guint) r->bound, G_MAXUINT8),
    .fits = r->fits ? 1 : 0,
    .has_cost = r->has_cost ? 1 : 0,
  };
}

/* Solves every point once, so that a point the solver refuses stops the
 * command before any output, as when the results were held; what CSV and
 * JSON print of the first sw->n_held points is kept in sw->held (sweep_get
 * takes it from there), the rest is solved again as it is written. */
static gboolean
sweep_check (RoofCliContext *ctx, const Sweep *sw, GError **error)
{
  gsize k = 0;

  for (guint i = 0; i < sw->n; i++)
    for (guint j = 0; j < sw->m; j++, k++)
      {
        RoofResult r;

        if (!sweep_solve (ctx, sw, i, j, &r, error))
          return FALSE;
        if (k < sw->n_held)
          sweep_point_of (&r, &sw->held[k]);
      }
  return TRUE;
}

/* Target i at point j for CSV and JSON: held, or solved again */
static gboolean
sweep_get (RoofCliContext *ctx, const Sweep *sw, guint i, guint j, SweepPoint *p,
           GError **error)
{
  gsize k = (gsize) i * sw->m + j;
  RoofResult r;

  if (k < sw->n_held)
    {
      *p = sw->held[k];
      return TRUE;
    }
  if (!sweep_solve (ctx, sw, i, j, &r, error))
    return FALSE;
  sweep_point_of (&r, p);
  return TRUE;
}

/* A CSV or JSON line's text up to the number of the axis point and from
 * there to the first result (CSV: "ID," and ",CONTEXT," or "ID,BATCH," and
 * ","; JSON: "{\"batch\": " and ", \"context\": C, \"t_step_s\": " or the
 * like), the other of batch and context being the same at every point. */
typedef struct
{
  GString *head, *tail;
} SweepAxisText;

static void
sweep_axis_text_clear (SweepAxisText *t)
{
  g_string_free (t->head, TRUE);
  g_string_free (t->tail, TRUE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SweepAxisText, sweep_axis_text_clear)

static void
sweep_axis_text (RoofCliContext *ctx, const Sweep *sw, const char *head, const char *sep,
                 const char *tail, SweepAxisText *t)
{
  /* batch then context, separated by `sep` */
  t->head = g_string_new (head);
  t->tail = g_string_new (NULL);
  if (!sw->by_batch)
    {
      roof_cli_append_double (t->head, ctx->workload.batch);
      g_string_append (t->head, sep);
      g_string_append (t->tail, tail);
      return;
    }
  g_string_append (t->tail, sep);
  roof_cli_append_double (t->tail, ctx->workload.context);
  g_string_append (t->tail, tail);
}

static char *
put_piece (char *d, const GString *piece)
{
  memcpy (d, piece->str, piece->len);
  return d + piece->len;
}

/* One row of the CSV into `line` (room for the head and tail, 5 numbers,
 * a bound and 64 bytes), its length returned */
static gsize
sweep_csv_point (char *line, const SweepAxisText *t, double axis, const GString *bound,
                 const SweepPoint *p)
{
  char *d = line;

  d = put_piece (d, t->head);
  d += roof_cli_put_double (d, axis);
  d = put_piece (d, t->tail);
  d += roof_cli_put_double (d, p->t_step);
  *d++ = ',';
  d += roof_cli_put_double (d, p->tokens_per_s);
  *d++ = ',';
  d += roof_cli_put_double (d, p->intensity);
  *d++ = ',';
  d = put_piece (d, bound);
  if (p->fits)
    {
      memcpy (d, ",true,", 6);
      d += 6;
    }
  else
    {
      memcpy (d, ",false,", 7);
      d += 7;
    }
  if (p->has_cost)
    d += roof_cli_put_double (d, p->usd_per_mtok);
  *d++ = '\n';
  return (gsize) (d - line);
}

/* The CSV fields of the three bounds and of any other value (empty, as
 * roof_bound_name gives it no name) */
typedef struct
{
  GString *field[ROOF_BOUND_COMMUNICATION + 2];
} SweepBoundFields;

static void
sweep_bound_fields_clear (SweepBoundFields *f)
{
  for (gsize b = 0; b < G_N_ELEMENTS (f->field); b++)
    if (f->field[b] != NULL)
      g_string_free (f->field[b], TRUE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SweepBoundFields, sweep_bound_fields_clear)

/* One row per target and point, written in chunks as it goes. */
static gboolean
sweep_write_csv (RoofCliContext *ctx, const Sweep *sw, GError **error)
{
  guint n = sw->n, m = sw->m;

  g_autoptr (GString) s = g_string_sized_new (CHUNK + 1024);
  g_autoptr (GString) id = g_string_new (NULL);
  g_auto (SweepBoundFields) bound = { { NULL } };

  /* the bound's field and the target's, escaped once */
  for (gsize b = 0; b < G_N_ELEMENTS (bound.field); b++)
    {
      bound.field[b] = g_string_new (NULL);
      roof_cli_csv_append_field (bound.field[b], roof_bound_name ((RoofBound) b));
    }
  g_string_append (s, "hardware,batch,context,t_step_s,tokens_per_s,intensity,bound,fits,"
                      "usd_per_mtok\n");
  for (guint i = 0; i < n && !roof_cli_stream_failed (ctx->out); i++)
    {
      g_auto (SweepAxisText) t = { 0 };
      gsize max;

      g_string_truncate (id, 0);
      roof_cli_csv_append_field (id, id_of (ctx, i));
      g_string_append_c (id, ',');
      sweep_axis_text (ctx, sw, id->str, ",", ",", &t);
      max = t.head->len + t.tail->len + 5 * ROOF_CLI_NUMBER_MAX + 64;
      g_autofree char *line = g_malloc (max);
      for (guint j = 0; j < m; j++)
        {
          SweepPoint point;

          if (!sweep_get (ctx, sw, i, j, &point, error))
            return FALSE;
          roof_cli_append_len (
              s, line,
              sweep_csv_point (line, &t, g_array_index (sw->values, double, j),
                               bound.field[MIN ((guint) point.bound, ROOF_BOUND_COMMUNICATION + 1)],
                               &point));
          if (s->len >= CHUNK)
            {
              /* written as it goes: a reader sees the first rows early,
               * and a full disk stops the loop */
              roof_cli_stream_write (ctx->out, s->str, s->len);
              g_string_truncate (s, 0);
            }
        }
    }
  roof_cli_stream_write (ctx->out, s->str, s->len);
  return TRUE;
}

/* 12 keys and their punctuation (196 bytes), 10 numbers and a bound's name */
#define SWEEP_JSON_LINE_MAX (256 + 10 * ROOF_CLI_NUMBER_MAX + 64)

#define PUT_TEXT(d, literal) (memcpy ((d), (literal), sizeof (literal) - 1), \
                              (d) += sizeof (literal) - 1)

/* One point on one line, as roof_cli_json_writer_begin_object_line and a
 * member call per value wrote it, into `line`: the keys and separators as
 * constant pieces, the numbers by roof_cli_put_double ("null" when not
 * finite). Its length returned. */
static gsize
sweep_json_point (char *line, const SweepAxisText *t, double axis, const SweepPoint *p)
{
  const char *bound = roof_bound_name ((RoofBound) p->bound);
  char *d = line;

  d = put_piece (d, t->head);
  d += roof_cli_put_double (d, axis);
  d = put_piece (d, t->tail);
  d += roof_cli_put_double (d, p->t_step);
  PUT_TEXT (d, ", \"tokens_per_s\": ");
  d += roof_cli_put_double (d, p->tokens_per_s);
  PUT_TEXT (d, ", \"intensity\": ");
  d += roof_cli_put_double (d, p->intensity);
  PUT_TEXT (d, ", \"bound\": ");
  if (bound != NULL)
    {
      /* one of the solver's three plain words: nothing to escape */
      gsize bound_len = strlen (bound);

      g_assert (bound_len < 32);
      *d++ = '"';
      memcpy (d, bound, bound_len);
      d += bound_len;
      *d++ = '"';
    }
  else
    PUT_TEXT (d, "null");
  if (p->fits)
    PUT_TEXT (d, ", \"fits\": true, \"min_devices\": ");
  else
    PUT_TEXT (d, ", \"fits\": false, \"min_devices\": ");
  d += roof_cli_put_int (d, p->min_devices);
  PUT_TEXT (d, ", \"footprint_bytes\": ");
  d += roof_cli_put_double (d, p->footprint);
  PUT_TEXT (d, ", \"mfu\": ");
  d += roof_cli_put_double (d, p->mfu);
  PUT_TEXT (d, ", \"mbu\": ");
  d += roof_cli_put_double (d, p->mbu);
  PUT_TEXT (d, ", \"usd_per_mtok\": ");
  d += roof_cli_put_double (d, p->has_cost ? p->usd_per_mtok : NAN);
  PUT_TEXT (d, "}");
  return (gsize) (d - line);
}

/* Streamed too: a long sweep never sits whole in memory as a JSON tree. */
static gboolean
sweep_write_json (RoofCliContext *ctx, const Sweep *sw, GError **error)
{
  guint n = sw->n, m = sw->m;

  g_autoptr (RoofCliJsonWriter) w = roof_cli_json_writer_new (ctx->out);
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) workload = NULL;
  g_auto (SweepAxisText) t = { 0 };

  /* the workload object as every other command writes it */
  json_builder_begin_object (b);
  roof_cli_json_workload (b, "workload", &ctx->workload);
  json_builder_end_object (b);
  workload = json_builder_get_root (b);
  sweep_axis_text (ctx, sw, "{\"batch\": ", ", \"context\": ", ", \"t_step_s\": ", &t);

  roof_cli_json_writer_begin_object (w, NULL);
  roof_cli_json_writer_string (w, "model", roof_spec_get_id (ROOF_SPEC (ctx->model)));
  roof_cli_json_writer_string (w, "axis", sw->by_batch ? "batch" : "context");
  roof_cli_json_writer_node (
      w, "workload", json_object_get_member (json_node_get_object (workload), "workload"));
  roof_cli_json_writer_cost_basis (w, ctx);
  roof_cli_json_writer_speculative (w, ctx);
  roof_cli_json_writer_begin_array (w, "results");
  for (guint i = 0; i < n; i++)
    {
      roof_cli_json_writer_begin_object (w, NULL);
      roof_cli_json_writer_string (w, "hardware", id_of (ctx, i));
      roof_cli_json_writer_begin_array (w, "points");
      for (guint j = 0; j < m && !roof_cli_stream_failed (ctx->out); j++)
        {
          SweepPoint point;
          char line[SWEEP_JSON_LINE_MAX];

          if (!sweep_get (ctx, sw, i, j, &point, error))
            return FALSE;
          roof_cli_json_writer_raw (
              w, line,
              sweep_json_point (line, &t, g_array_index (sw->values, double, j), &point));
        }
      roof_cli_json_writer_end_array (w);
      roof_cli_json_writer_end_object (w);
    }
  roof_cli_json_writer_end_array (w);
  roof_cli_json_writer_end_object (w);
  roof_cli_json_writer_finish (w);
  return TRUE;
}

/* A table per target, a row per point. */
static gboolean
sweep_print_tables (RoofCliContext *ctx, const Sweep *sw, GError **error)
{
  guint n = sw->n, m = sw->m;

  g_autofree char *model = roof_cli_describe_model (ctx->model);
  g_autofree char *workload =
    roof_cli_describe_workload (&ctx->workload,
                                sw->by_batch ? ROOF_CLI_SET_BATCH : ROOF_CLI_SET_CONTEXT);
  gboolean decode = ctx->workload.phase == ROOF_PHASE_DECODE;

  roof_cli_stream_printf (ctx->out, "%s\n%s\n", model, workload);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RoofCliTable) t = roof_cli_table_new (9);

      roof_cli_stream_printf (ctx->out, "\n%s\n", id_of (ctx, i));
      roof_cli_table_set_align (t, 0, ROOF_CLI_ALIGN_RIGHT);
      roof_cli_table_set_align (t, 6, ROOF_CLI_ALIGN_LEFT);
      roof_cli_table_set_align (t, 7, ROOF_CLI_ALIGN_LEFT);
      roof_cli_table_set_header (t, sw->by_batch ? "batch" : "context", decode ? "ITL" : "TTFT",
                                 "tokens/s", "intensity", "MFU", "MBU", "bound", "fits",
                                 "$/Mtok");
      for (guint j = 0; j < m; j++)
        {
          RoofResult point, *r = &point;

          if (!sweep_solve (ctx, sw, i, j, r, error))
            return FALSE;
          roof_cli_table_add_row (t);
          roof_cli_table_take (t, 0, g_strdup_printf ("%.15g", g_array_index (sw->values,
                                                                              double, j)));
          roof_cli_table_take (t, 1, roof_cli_format (r->t_step, ROOF_UNIT_TIME));
          roof_cli_table_take (t, 2, roof_cli_format (r->tokens_per_s, ROOF_UNIT_RATE));
          roof_cli_table_take (t, 3, roof_cli_format (r->intensity, ROOF_UNIT_INTENSITY));
          roof_cli_table_take (t, 4, roof_cli_format (r->mfu, ROOF_UNIT_PERCENT));
          roof_cli_table_take (t, 5, roof_cli_format (r->mbu, ROOF_UNIT_PERCENT));
          roof_cli_table_set (t, 6, roof_bound_name (r->bound));
          roof_cli_table_take (t, 7, fits_text (r, TRUE));
          roof_cli_table_take (t, 8, r->has_cost ? roof_cli_format (r->usd_per_mtok,
                                                                    ROOF_UNIT_USD)
                                                 : g_strdup ("—"));
        }
      roof_cli_table_print (t, ctx->out);
    }
  return TRUE;
}

/* One point of the sweep: roof_solve, or with speculative decoding the
 * verify step's result carrying roof_speculative's effective figures (the
 * ITL as t_step, tokens/s, $/Mtok, the footprint with the drafter's). */
static RoofStatus
sweep_point (RoofCliContext *ctx, guint i, const RoofWorkload *wl, RoofResult *r,
             RoofError *err)
{
  const RoofModelDerived *md = roof_model_spec_get_derived (ctx->model);
  const RoofModelDerived *draft;
  RoofSpeculative spec;
  RoofSpecResult s;
  RoofStatus st;

  if (roof_cli_speculative (ctx, &spec, &draft) == NULL || wl->phase != ROOF_PHASE_DECODE)
    return roof_solve (params_of (ctx, i), md, wl, r, err);
  if ((st = roof_speculative (params_of (ctx, i), md, wl, &spec, draft, &s, err)) != ROOF_OK)
    return st;
  *r = s.verify;
  r->t_step = s.itl;
  r->tokens_per_s = s.tokens_per_s;
  r->tokens_per_s_total = s.tokens_per_s_total;
  r->tokens_per_s_per_device = s.tokens_per_s_per_device;
  r->tokens_per_s_per_kw = s.tokens_per_s_per_kw;
  r->usd_per_mtok = s.usd_per_mtok;
  r->footprint_device = s.footprint_device;
  r->fits = s.fits;
  return ROOF_OK;
}

gboolean
roof_cli_cmd_sweep (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  g_autoptr (GArray) values = NULL;
  g_autofree SweepPoint *held = NULL;
  Sweep sw = { .by_batch = opts->batch_is_range, .n = ctx->targets->len };

  values = sw.by_batch ? roof_cli_axis_values (ctx->batch_lo, ctx->batch_hi, opts->points)
                       : roof_cli_axis_values (ctx->context_lo, ctx->context_hi, opts->points);
  sw.values = values;
  sw.m = values->len;
  if (opts->csv || opts->json)
    {
      sw.n_held = (gsize) MIN ((guint64) sw.n * sw.m, SWEEP_HELD_MAX);
      held = sw.held = g_new (SweepPoint, sw.n_held);
    }
  if (!sweep_check (ctx, &sw, error))
    return FALSE;

  if (opts->csv)
    return sweep_write_csv (ctx, &sw, error);
  if (opts->json)
    return sweep_write_json (ctx, &sw, error);
  if (!sweep_print_tables (ctx, &sw, error))
    return FALSE;
  roof_cli_print_speculative (ctx);
  roof_cli_print_cost_basis (ctx);
  return TRUE;
}
