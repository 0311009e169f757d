/* roof-cli-analysis-cmds.c — `sensitivity`, `synthesize` and `cost`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-cli-private.h"
#include "roof-json.h"

static void
print_heading (RoofCliContext *ctx, const RoofWorkload *wl, guint omit)
{
  g_autofree char *model = roof_cli_describe_model (ctx->model);
  g_autofree char *workload = roof_cli_describe_workload (wl, omit);

  roof_cli_stream_printf (ctx->out, "%s\n%s\n", model, workload);
}

/* ---------------------------------------------------------------------- */
/* sensitivity                                                             */

static const char *
knob_label (RoofKnob k, RoofPhase phase)
{
  switch (k)
    {
    case ROOF_KNOB_PEAK_FLOPS:
      return "peak FLOP/s";
    case ROOF_KNOB_MEM_BW:
      return "memory bandwidth";
    case ROOF_KNOB_INTERCONNECT_BW:
      return "interconnect bandwidth";
    case ROOF_KNOB_OVERHEAD:
      return "per-step overhead";
    case ROOF_KNOB_MEM_CAPACITY:
      return "memory capacity";
    case ROOF_KNOB_BATCH:
      return "batch size";
    case ROOF_KNOB_CONTEXT:
      return phase == ROOF_PHASE_DECODE ? "context length" : "prompt length";
    case ROOF_KNOB_BYTES_PER_WEIGHT:
      return "bytes per weight";
    case ROOF_KNOB_COUNT:
    default:
      return "?";
    }
}

static const char *
not_applicable_reason (RoofKnob k, const RoofWorkload *wl)
{
  switch (k)
    {
    case ROOF_KNOB_INTERCONNECT_BW:
      return roof_workload_replica_devices (wl) > 1.0 ? "no interconnect"
                                                      : "one device: no communication";
    case ROOF_KNOB_OVERHEAD:
      return "no overhead set (--overhead-us)";
    case ROOF_KNOB_CONTEXT:
      return "no context";
    case ROOF_KNOB_PEAK_FLOPS:
    case ROOF_KNOB_MEM_BW:
    case ROOF_KNOB_MEM_CAPACITY:
    case ROOF_KNOB_BATCH:
    case ROOF_KNOB_BYTES_PER_WEIGHT:
    case ROOF_KNOB_COUNT:
    default:
      return "not applicable";
    }
}

static gboolean
knob_shown (const RoofSensitivity *s, RoofKnob k)
{
  return s->e[k].applicable && k != ROOF_KNOB_MEM_CAPACITY;
}

static void
sensitivity_print_json (RoofCliContext *ctx, const RoofSensitivity *s, const RoofResult *base)
{
  guint n = ctx->targets->len;
  const RoofWorkload *wl = &ctx->workload;

  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  roof_cli_json_number (b, "step", ctx->step);
  roof_cli_json_string (b, "model", roof_spec_get_id (ROOF_SPEC (ctx->model)));
  roof_cli_json_workload (b, "workload", wl);
  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      json_builder_begin_object (b);
      roof_cli_json_string (b, "hardware", id_of (ctx, i));
      json_builder_set_member_name (b, "elasticities");
      json_builder_begin_object (b);
      for (int k = 0; k < ROOF_KNOB_COUNT; k++)
        roof_cli_json_number (b, roof_knob_name ((RoofKnob) k),
                              knob_shown (&s[i], k) ? s[i].e[k].elasticity : 0.0);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "one_sided");
      json_builder_begin_object (b);
      for (int k = 0; k < ROOF_KNOB_COUNT; k++)
        {
          gboolean shown = knob_shown (&s[i], k);
          json_builder_set_member_name (b, roof_knob_name ((RoofKnob) k));
          json_builder_begin_object (b);
          roof_cli_json_number (b, "up", shown ? s[i].e[k].up : 0.0);
          roof_cli_json_number (b, "down", shown ? s[i].e[k].down : 0.0);
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
      json_builder_set_member_name (b, "applicable");
      json_builder_begin_object (b);
      for (int k = 0; k < ROOF_KNOB_COUNT; k++)
        roof_cli_json_bool (b, roof_knob_name ((RoofKnob) k), knob_shown (&s[i], k));
      json_builder_end_object (b);
      roof_cli_json_string (b, "binding", roof_knob_name (s[i].binding));
      roof_cli_json_bool (b, "fits", s[i].fits);
      roof_cli_json_int (b, "min_devices", s[i].min_devices);
      roof_cli_json_number (b, "t_step_s", s[i].t_base);
      roof_cli_json_string (b, "bound", roof_bound_name (base[i].bound));
      roof_cli_json_number (b, "footprint_bytes", base[i].footprint);
      roof_cli_json_number (b, "capacity_bytes", base[i].capacity);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  roof_cli_print_json (ctx->out, b);
}

/* One target's knobs as a table, what binds, and whether it fits. */
static void
sensitivity_print_target (RoofCliContext *ctx,
                          guint i,
                          const RoofSensitivity *s,
                          const RoofResult *base)
{
  const RoofWorkload *wl = &ctx->workload;
  g_autoptr (RoofCliTable) t = roof_cli_table_new (6);
  g_autofree char *tb = roof_cli_format (s[i].t_base, ROOF_UNIT_TIME);
  g_autofree char *h = roof_json_format_double (ctx->step * 100.0);
  g_autofree char *up = g_strdup_printf ("up +%s %%", h);
  g_autofree char *down = g_strdup_printf ("down −%s %%", h);

  roof_cli_stream_printf (ctx->out, "\n%s (%s %s, %s-bound)\n", id_of (ctx, i),
                          wl->phase == ROOF_PHASE_DECODE ? "ITL" : "TTFT", tb,
                          roof_bound_name (base[i].bound));
  roof_cli_table_set_align (t, 1, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 5, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_header (t, "knob", "name", "elasticity", up, down, "");
  for (int k = 0; k < ROOF_KNOB_COUNT; k++)
    {
      const RoofElasticity *e = &s[i].e[k];

      if (k == ROOF_KNOB_BATCH)
        roof_cli_table_add_section (t, "workload (reported, never binding):");
      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, knob_label ((RoofKnob) k, wl->phase));
      roof_cli_table_set (t, 1, roof_knob_name ((RoofKnob) k));
      if (k == ROOF_KNOB_MEM_CAPACITY)
        {
          roof_cli_table_set (t, 2, "0");
          roof_cli_table_set (t, 3, "—");
          roof_cli_table_set (t, 4, "—");
          roof_cli_table_set (t, 5, "feasibility only: never changes the time");
        }
      else if (!e->applicable)
        {
          roof_cli_table_set (t, 2, "—");
          roof_cli_table_set (t, 3, "—");
          roof_cli_table_set (t, 4, "—");
          roof_cli_table_set (t, 5, not_applicable_reason ((RoofKnob) k, wl));
        }
      else
        {
          roof_cli_table_take (t, 2, roof_cli_format_elasticity (e->elasticity));
          roof_cli_table_take (t, 3, roof_cli_format_elasticity (e->up));
          roof_cli_table_take (t, 4, roof_cli_format_elasticity (e->down));
          if ((RoofKnob) k == s[i].binding)
            roof_cli_table_set (t, 5, "← binding");
        }
    }
  roof_cli_table_print (t, ctx->out);

  {
    g_autofree char *e = roof_cli_format_elasticity (s[i].e[s[i].binding].elasticity);
    roof_cli_stream_printf (ctx->out, "binding: %s (e = %s)\n",
                            knob_label (s[i].binding, wl->phase), e);
  }
  if (s[i].fits)
    {
      g_autofree char *fp = roof_cli_format (base[i].footprint, ROOF_UNIT_BYTES);
      g_autofree char *cap = roof_cli_format (base[i].capacity, ROOF_UNIT_BYTES);
      roof_cli_stream_printf (ctx->out, "capacity: fits (%s of %s usable)\n", fp, cap);
    }
  else
    {
      g_autofree char *fp = roof_cli_format (base[i].footprint, ROOF_UNIT_BYTES);
      g_autofree char *cap = roof_cli_format (base[i].capacity, ROOF_UNIT_BYTES);
      g_autofree char *need = roof_cli_describe_min_devices (s[i].min_devices);
      g_autofree char *layout = roof_cli_describe_layout (wl);
      roof_cli_stream_printf (ctx->out,
                              "capacity: ✗ needs %s to fit (%s needed, %s usable on %s)\n",
                              need, fp, cap, layout);
    }
}

gboolean
roof_cli_cmd_sensitivity (RoofCliContext *ctx, GError **error)
{
  guint n = ctx->targets->len;
  const RoofModelDerived *md = roof_model_spec_get_derived (ctx->model);
  const RoofWorkload *wl = &ctx->workload;
  g_autofree RoofSensitivity *s = g_new0 (RoofSensitivity, n);
  g_autofree RoofResult *base = g_new0 (RoofResult, n);

  for (guint i = 0; i < n; i++)
    {
      RoofError rerr = { 0 };
      RoofStatus st = roof_sensitivity (params_of (ctx, i), md, wl, ctx->step, &s[i], &rerr);
      if (st == ROOF_OK)
        st = roof_solve (params_of (ctx, i), md, wl, &base[i], &rerr);
      if (st != ROOF_OK)
        return roof_cli_solver_error (error, roof_cli_target (ctx, i), st, &rerr);
    }

  if (ctx->opts->json)
    {
      sensitivity_print_json (ctx, s, base);
      return TRUE;
    }

  print_heading (ctx, wl, 0);
  {
    g_autofree char *h = roof_json_format_double (ctx->step * 100.0);
    roof_cli_stream_printf (
        ctx->out,
        "Elasticity of the step time: d ln T / d ln x from x·(1 ± %s %%). −1: T ∝ 1/x "
        "(binds); 0: no effect.\n",
        h);
  }

  for (guint i = 0; i < n; i++)
    sensitivity_print_target (ctx, i, s, base);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* synthesize                                                              */

static char *
describe_sla (const RoofSla *sla)
{
  GString *s = g_string_new ("SLA:");
  const char *sep = " ";

  if (sla->itl > 0.0)
    {
      g_autofree char *v = roof_cli_format (sla->itl, ROOF_UNIT_TIME);
      g_string_append_printf (s, "%sITL ≤ %s", sep, v);
      sep = ", ";
    }
  if (sla->ttft > 0.0)
    {
      g_autofree char *v = roof_cli_format (sla->ttft, ROOF_UNIT_TIME);
      g_string_append_printf (s, "%sTTFT ≤ %s", sep, v);
      sep = ", ";
    }
  if (sla->tokens_per_s > 0.0)
    {
      g_autofree char *v = roof_cli_format (sla->tokens_per_s, ROOF_UNIT_RATE);
      g_string_append_printf (s, "%sthroughput ≥ %s tokens/s", sep, v);
    }
  return g_string_free (s, FALSE);
}

static void
synthesize_print_json (RoofCliContext *ctx, const RoofRequirements *req, const RoofCandidate *c)
{
  guint n = ctx->targets->len;
  const RoofWorkload *wl = &ctx->workload;
  const RoofSla *sla = &ctx->sla;

  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  roof_cli_json_string (b, "model", roof_spec_get_id (ROOF_SPEC (ctx->model)));
  roof_cli_json_workload (b, "workload", wl);
  json_builder_set_member_name (b, "sla");
  json_builder_begin_object (b);
  roof_cli_json_number_or_null (b, "itl_s", sla->itl > 0.0, sla->itl);
  roof_cli_json_number_or_null (b, "ttft_s", sla->ttft > 0.0, sla->ttft);
  roof_cli_json_number_or_null (b, "tokens_per_s", sla->tokens_per_s > 0.0,
                                sla->tokens_per_s);
  roof_cli_json_number (b, "max_devices", sla->max_devices > 0.0 ? sla->max_devices : 64.0);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "required");
  json_builder_begin_object (b);
  roof_cli_json_number (b, "mem_bw_Bps", req->mem_bw);
  roof_cli_json_number (b, "peak_flops", req->peak_flops);
  roof_cli_json_number (b, "mem_bytes", req->mem_bytes);
  roof_cli_json_number (b, "decode_bytes", req->decode_bytes);
  roof_cli_json_number (b, "decode_flop", req->decode_flop);
  roof_cli_json_number (b, "prefill_flop", req->prefill_flop);
  roof_cli_json_number (b, "itl_budget_s", req->itl_budget);
  roof_cli_json_number (b, "ttft_budget_s", req->ttft_budget);
  json_builder_end_object (b);
  roof_cli_json_cost_basis (b, ctx);
  json_builder_set_member_name (b, "candidates");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      const RoofCandidate *k = &c[i];
      json_builder_begin_object (b);
      roof_cli_json_string (b, "hardware", id_of (ctx, (guint) k->hardware_index));
      roof_cli_json_int (b, "devices", k->meets ? k->devices : 0);
      roof_cli_json_bool (b, "meets", k->meets);
      roof_cli_json_number_or_null (b, "usd_per_hour", k->meets && k->has_cost,
                                    k->usd_per_hour);
      roof_cli_json_number_or_null (b, "usd_per_mtok", k->meets && k->has_cost,
                                    k->usd_per_mtok);
      roof_cli_json_number_or_null (b, "batch", k->meets, k->batch);
      roof_cli_json_number_or_null (b, "itl_s", k->meets, k->itl);
      roof_cli_json_number_or_null (b, "ttft_s", k->meets, k->ttft);
      roof_cli_json_number_or_null (b, "tokens_per_s", k->meets, k->tokens_per_s);
      if (k->meets)
        {
          json_builder_set_member_name (b, "cheapest");
          json_builder_begin_object (b);
          roof_cli_json_int (b, "devices", k->best_devices);
          roof_cli_json_number (b, "batch", k->best_batch);
          roof_cli_json_number (b, "itl_s", k->best_itl);
          roof_cli_json_number (b, "tokens_per_s", k->best_tokens_per_s);
          roof_cli_json_number_or_null (b, "usd_per_hour", k->has_cost, k->best_usd_per_hour);
          roof_cli_json_number_or_null (b, "usd_per_mtok", k->has_cost, k->best_usd_per_mtok);
          json_builder_end_object (b);
        }
      roof_cli_json_string (b, "reason", k->meets ? NULL
                                         : k->reason != NULL ? k->reason
                                                             : "does not meet the SLA");
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  roof_cli_print_json (ctx->out, b);
}

/* What the SLA asks of the devices together: β_min, Π_min, C_min. */
static void
synthesize_print_requirements (RoofCliContext *ctx, const RoofRequirements *req)
{
  const RoofWorkload *wl = &ctx->workload;
  g_autofree char *what = describe_sla (&ctx->sla);
  g_autofree char *bw = roof_cli_format (req->mem_bw, ROOF_UNIT_BANDWIDTH);
  g_autofree char *fl = roof_cli_format (req->peak_flops, ROOF_UNIT_FLOPS);
  g_autofree char *mem = roof_cli_format (req->mem_bytes, ROOF_UNIT_BYTES);
  g_autofree char *db = roof_cli_format (req->decode_bytes, ROOF_UNIT_BYTES);
  g_autoptr (RoofCliTable) t = roof_cli_table_new (3);

  roof_cli_stream_printf (
      ctx->out, "%s\n\nRequirements (aggregate over devices, at the batch above):\n", what);
  roof_cli_table_set_indent (t, 2);
  roof_cli_table_set_align (t, 2, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, "memory bandwidth β_min");
  roof_cli_table_take (t, 1, g_strdup_printf ("≥ %s", bw));
  if (req->itl_budget > 0.0)
    {
      g_autofree char *budget = roof_cli_format (req->itl_budget, ROOF_UNIT_TIME);
      roof_cli_table_take (t, 2, g_strdup_printf ("%s per decode step in %s", db, budget));
    }
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, "compute Π_min");
  roof_cli_table_take (t, 1, g_strdup_printf ("≥ %s", fl));
  roof_cli_table_set (t, 2, roof_precision_name (wl->compute));
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, "memory C_min");
  roof_cli_table_take (t, 1, g_strdup_printf ("≥ %s", mem));
  roof_cli_table_set (t, 2, "weights + KV cache + activations");
  roof_cli_table_print (t, ctx->out);
}

/* The devices that meet the SLA, cheapest first, then those that do not
 * and why. */
static void
synthesize_print_candidates (RoofCliContext *ctx, const RoofCandidate *c)
{
  guint n = ctx->targets->len;
  const RoofSla *sla = &ctx->sla;
  g_autoptr (RoofCliTable) t = roof_cli_table_new (10);
  g_autoptr (RoofCliTable) f = roof_cli_table_new (2);
  guint n_meet = 0, n_fail = 0;

  roof_cli_table_set_align (t, 1, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 9, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_header (t, "#", "device", "devices", "batch", "ITL", "TTFT", "tokens/s",
                             "$/h", "$/Mtok", "cheapest per token");
  roof_cli_table_set_align (f, 1, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_header (f, "device", "why not");
  for (guint i = 0; i < n; i++)
    {
      const RoofCandidate *k = &c[i];
      const char *id = id_of (ctx, (guint) k->hardware_index);

      if (!k->meets)
        {
          roof_cli_table_add_row (f);
          roof_cli_table_set (f, 0, id);
          roof_cli_table_set (f, 1, k->reason != NULL ? k->reason : "does not meet the SLA");
          n_fail++;
          continue;
        }
      n_meet++;
      roof_cli_table_add_row (t);
      roof_cli_table_take (t, 0, g_strdup_printf ("%u", n_meet));
      roof_cli_table_set (t, 1, id);
      roof_cli_table_take (t, 2, g_strdup_printf ("%d", k->devices));
      roof_cli_table_take (t, 3, g_strdup_printf ("%.15g", k->batch));
      roof_cli_table_take (t, 4, roof_cli_format (k->itl, ROOF_UNIT_TIME));
      roof_cli_table_take (t, 5, roof_cli_format (k->ttft, ROOF_UNIT_TIME));
      roof_cli_table_take (t, 6, roof_cli_format (k->tokens_per_s, ROOF_UNIT_RATE));
      roof_cli_table_take (t, 7, k->has_cost ? roof_cli_format (k->usd_per_hour,
                                                                ROOF_UNIT_USD)
                                             : g_strdup ("no price"));
      roof_cli_table_take (t, 8, k->has_cost ? roof_cli_format (k->usd_per_mtok,
                                                                ROOF_UNIT_USD)
                                             : g_strdup ("—"));
      if (k->has_cost && k->best_devices != k->devices)
        {
          g_autofree char *usd = roof_cli_format (k->best_usd_per_mtok, ROOF_UNIT_USD);
          roof_cli_table_take (t, 9, g_strdup_printf ("%d devices, batch %.15g: %s", k->best_devices,
                                                      k->best_batch, usd));
        }
      else
        roof_cli_table_set (t, 9, k->has_cost ? "same" : "—");
    }
  if (n_meet > 0)
    {
      roof_cli_stream_printf (ctx->out,
                              "\nDevices that meet it (fewest devices, largest batch that still "
                              "does), cheapest per token first:\n");
      roof_cli_table_print (t, ctx->out);
    }
  else
    roof_cli_stream_printf (ctx->out, "\nNo device of the %u considered meets it.\n", n);
  if (n_fail > 0)
    {
      roof_cli_stream_printf (ctx->out, "\nNot meeting it (up to %.15g devices tried):\n",
                              sla->max_devices > 0.0 ? sla->max_devices : 64.0);
      roof_cli_table_print (f, ctx->out);
    }
}

gboolean
roof_cli_cmd_synthesize (RoofCliContext *ctx, GError **error)
{
  guint n = ctx->targets->len;
  const RoofModelDerived *md = roof_model_spec_get_derived (ctx->model);
  const RoofWorkload *wl = &ctx->workload;
  const RoofSla *sla = &ctx->sla;
  g_autofree const RoofHardwareParams **hw = g_new0 (const RoofHardwareParams *, n + 1);
  g_autofree RoofCandidate *c = g_new0 (RoofCandidate, n + 1);
  RoofRequirements req;
  RoofError rerr = { 0 };
  RoofStatus st;

  if (sla->itl <= 0.0 && sla->ttft <= 0.0 && sla->tokens_per_s <= 0.0)
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE,
                   "synthesize needs a target: --itl-ms, --ttft-ms or --tokens-per-s");
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    hw[i] = params_of (ctx, i);

  st = roof_requirements (md, wl, sla, &req, &rerr);
  if (st == ROOF_OK)
    st = roof_synthesize (hw, (int) n, md, wl, sla, c, &rerr);
  if (st != ROOF_OK)
    return roof_cli_solver_error (error, NULL, st, &rerr);

  if (ctx->opts->json)
    {
      synthesize_print_json (ctx, &req, c);
      return TRUE;
    }
  print_heading (ctx, wl, 0);
  synthesize_print_requirements (ctx, &req);
  synthesize_print_candidates (ctx, c);
  roof_cli_print_cost_basis (ctx);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* cost                                                                    */

typedef struct
{
  RoofBalance balance;
  double seq_kv_time;      /* per sequence at B = 1: KV + activation bytes / bandwidth */
  double seq_compute_time; /* FLOP / peak */
  RoofCostPoint *points;   /* one per batch; valid when priced */
  RoofResult *results;     /* one per batch */
} CostRow;

typedef struct
{
  guint a, b; /* indices into ctx->targets */
  double batch;
} Crossover;

static gboolean
cheaper_at (const RoofHardwareParams *a, const RoofHardwareParams *b, const RoofModelDerived *md,
            const RoofWorkload *wl, double batch, gboolean *a_cheaper)
{
  RoofCostPoint pa, pb;
  RoofError rerr;

  if (roof_cost_point (a, md, wl, batch, &pa, &rerr) != ROOF_OK
      || roof_cost_point (b, md, wl, batch, &pb, &rerr) != ROOF_OK)
    return FALSE;
  *a_cheaper = pa.total < pb.total;
  return TRUE;
}

/* What cost computes, for the JSON and the text alike. */
typedef struct
{
  guint n, m;            /* targets, batches */
  const RoofModelDerived *md;
  RoofWorkload wl;       /* decode */
  GArray *batches;       /* double, m of them */
  CostRow *rows;         /* n */
  RoofCostPoint *points; /* n × m, for the rows */
  RoofResult *results;   /* n × m, for the rows */
  GArray *crossovers;    /* Crossover */
} CostRun;

static void
cost_run_clear (CostRun *run)
{
  g_clear_pointer (&run->batches, g_array_unref);
  g_clear_pointer (&run->crossovers, g_array_unref);
  g_clear_pointer (&run->rows, g_free);
  g_clear_pointer (&run->points, g_free);
  g_clear_pointer (&run->results, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CostRun, cost_run_clear)

/* Each target's balance batch, the per-sequence times behind "never", and
 * its step and cost at every batch. */
static gboolean
cost_compute (RoofCliContext *ctx, CostRun *run, GError **error)
{
  guint n = run->n, m = run->m;
  CostRow *rows = run->rows;
  GArray *batches = run->batches;
  const RoofModelDerived *md = run->md;
  const RoofWorkload wl = run->wl;

  for (guint i = 0; i < n; i++)
    {
      const RoofHardwareParams *hw = params_of (ctx, i);
      RoofError rerr = { 0 };
      RoofStatus st;
      RoofResult one;
      RoofWorkload w1 = wl;

      rows[i].points = &run->points[(gsize) i * m];
      rows[i].results = &run->results[(gsize) i * m];
      st = roof_balance_batch (hw, md, &wl, &rows[i].balance, &rerr);
      w1.batch = 1.0;
      if (st == ROOF_OK)
        st = roof_solve (hw, md, &w1, &one, &rerr);
      if (st != ROOF_OK)
        return roof_cli_solver_error (error, roof_cli_target (ctx, i), st, &rerr);
      {
        double n_dev = roof_workload_replica_devices (&wl);
        double bw = n_dev * hw->mem_bw * roof_efficiency (hw->eff_memory);
        double fl = n_dev * hw->peak_flops[wl.compute] * roof_efficiency (hw->eff_compute);
        rows[i].seq_kv_time = (one.bytes_kv + one.bytes_act) / bw;
        rows[i].seq_compute_time = one.flop / fl;
      }
      if (!hw->has_price)
        roof_cli_note (ctx, "%s has no price in the catalog: its costs are left out",
                       id_of (ctx, i));

      for (guint j = 0; j < m; j++)
        {
          RoofWorkload w = wl;
          w.batch = g_array_index (batches, double, j);
          st = roof_solve (hw, md, &w, &rows[i].results[j], &rerr);
          if (st == ROOF_OK && hw->has_price)
            st = roof_cost_point (hw, md, &wl, w.batch, &rows[i].points[j], &rerr);
          if (st != ROOF_OK)
            return roof_cli_solver_error (error, roof_cli_target (ctx, i), st,
                                          &rerr);
        }
    }
  return TRUE;
}

/* Every priced pair's crossovers over the batch range. */
static gboolean
cost_find_crossovers (RoofCliContext *ctx, CostRun *run, GError **error)
{
  guint n = run->n;
  GArray *crossovers = run->crossovers;
  const RoofModelDerived *md = run->md;
  const RoofWorkload wl = run->wl;

  for (guint a = 0; a < n; a++)
    for (guint b = a + 1; b < n; b++)
      {
        double found[ROOF_MAX_CROSSOVERS];
        int n_found = 0;
        RoofError rerr = { 0 };
        RoofStatus st;

        if (!params_of (ctx, a)->has_price || !params_of (ctx, b)->has_price)
          continue;
        st = roof_cost_crossovers (params_of (ctx, a), params_of (ctx, b), md, &wl,
                                   ctx->batch_lo, ctx->batch_hi, found, &n_found, &rerr);
        if (st != ROOF_OK)
          return roof_cli_solver_error (error, roof_cli_target (ctx, a), st, &rerr);
        for (int k = 0; k < n_found; k++)
          {
            Crossover x = { a, b, found[k] };
            g_array_append_val (crossovers, x);
          }
      }
  return TRUE;
}

static void
cost_print_json (RoofCliContext *ctx, const CostRun *run)
{
  guint n = run->n, m = run->m;
  CostRow *rows = run->rows;
  GArray *batches = run->batches;
  GArray *crossovers = run->crossovers;
  const RoofWorkload wl = run->wl;

  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  roof_cli_json_string (b, "model", roof_spec_get_id (ROOF_SPEC (ctx->model)));
  roof_cli_json_workload (b, "workload", &wl);
  roof_cli_json_cost_basis (b, ctx);
  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      gboolean priced = params_of (ctx, i)->has_price;
      json_builder_begin_object (b);
      roof_cli_json_string (b, "hardware", id_of (ctx, i));
      roof_cli_json_number_or_null (b, "balance_batch", !rows[i].balance.never,
                                    rows[i].balance.batch);
      /* what binds just above it, and where it really turns compute-bound */
      roof_cli_json_string (b, "balance_bound", roof_bound_name (rows[i].balance.bound));
      roof_cli_json_bool (b, "comm_dominates", rows[i].balance.comm_dominates);
      roof_cli_json_number_or_null (b, "compute_bound_batch",
                                    !rows[i].balance.compute_bound_never,
                                    rows[i].balance.compute_bound_batch);
      roof_cli_json_number_or_null (b, "usd_per_hour", priced,
                                    params_of (ctx, i)->price_per_hour
                                      * roof_workload_total_devices (&wl));
      json_builder_set_member_name (b, "points");
      json_builder_begin_array (b);
      for (guint j = 0; j < m; j++)
        {
          const RoofCostPoint *p = &rows[i].points[j];
          const RoofResult *r = &rows[i].results[j];
          json_builder_begin_object (b);
          roof_cli_json_number (b, "batch", g_array_index (batches, double, j));
          roof_cli_json_number_or_null (b, "usd_per_mtok", priced, p->total);
          roof_cli_json_number (b, "t_step_s", r->t_step);
          roof_cli_json_number (b, "tokens_per_s", r->tokens_per_s);
          roof_cli_json_bool (b, "fits", r->fits);
          roof_cli_json_number_or_null (b, "weights", priced, p->weights);
          roof_cli_json_number_or_null (b, "kv", priced, p->kv);
          roof_cli_json_number_or_null (b, "compute", priced, p->compute);
          roof_cli_json_number_or_null (b, "comm", priced, p->comm);
          roof_cli_json_number_or_null (b, "fixed", priced, p->fixed);
          roof_cli_json_string (b, "bound", roof_bound_name (r->bound));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "crossovers");
  json_builder_begin_array (b);
  for (guint k = 0; k < crossovers->len; k++)
    {
      const Crossover *x = &g_array_index (crossovers, Crossover, k);
      json_builder_begin_object (b);
      roof_cli_json_string (b, "a", id_of (ctx, x->a));
      roof_cli_json_string (b, "b", id_of (ctx, x->b));
      roof_cli_json_number (b, "batch", x->batch);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  roof_cli_print_json (ctx->out, b);
}

/* The balance batch of each target (decode turns compute-bound above it,
 * unless communication binds). */
static void
cost_print_balance (RoofCliContext *ctx, const CostRun *run)
{
  guint n = run->n;
  CostRow *rows = run->rows;
  g_autoptr (RoofCliTable) t = roof_cli_table_new (2);

  roof_cli_stream_printf (ctx->out, "\nBalance batch (decode turns compute-bound above it, "
                                    "unless communication binds):\n");
  roof_cli_table_set_indent (t, 2);
  roof_cli_table_set_align (t, 1, ROOF_CLI_ALIGN_LEFT);
  for (guint i = 0; i < n; i++)
    {
      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, id_of (ctx, i));
      if (rows[i].balance.never)
        {
          g_autofree char *kv = roof_cli_format (rows[i].seq_kv_time, ROOF_UNIT_TIME);
          g_autofree char *fl = roof_cli_format (rows[i].seq_compute_time,
                                                 ROOF_UNIT_TIME);
          roof_cli_table_take (t, 1,
                               g_strdup_printf ("never: per sequence, KV and activation "
                                                "traffic takes %s, compute %s",
                                                kv, fl));
        }
      else
        {
          g_autofree char *bb = roof_cli_format_significant (rows[i].balance.batch, 4);
          const RoofBalance *bal = &rows[i].balance;
          if (bal->comm_dominates && bal->compute_bound_never)
            roof_cli_table_take (t, 1,
                                 g_strdup_printf ("%s, but communication binds there and "
                                                  "at every larger batch",
                                                  bb));
          else if (bal->comm_dominates)
            {
              g_autofree char *cb = roof_cli_format_significant (bal->compute_bound_batch, 4);
              roof_cli_table_take (t, 1,
                                   g_strdup_printf ("%s, but communication binds there; "
                                                    "compute-bound from %s",
                                                    bb, cb));
            }
          else
            roof_cli_table_take (t, 1, g_steal_pointer (&bb));
        }
    }
  roof_cli_table_print (t, ctx->out);
}

/* $/Mtok against batch, a column per target. */
static void
cost_print_table (RoofCliContext *ctx, const CostRun *run)
{
  guint n = run->n, m = run->m;
  CostRow *rows = run->rows;
  GArray *batches = run->batches;
  const RoofWorkload wl = run->wl;
  g_autoptr (RoofCliTable) t = roof_cli_device_table_new (ctx, "batch");
  gboolean any_unfit = FALSE;

  roof_cli_table_set_align (t, 0, ROOF_CLI_ALIGN_RIGHT);
  for (guint j = 0; j < m; j++)
    {
      roof_cli_table_add_row (t);
      roof_cli_table_take (t, 0, g_strdup_printf ("%.15g", g_array_index (batches, double, j)));
      for (guint i = 0; i < n; i++)
        {
          const RoofResult *r = &rows[i].results[j];
          g_autofree char *v = NULL;

          if (params_of (ctx, i)->has_price)
            v = roof_cli_format (rows[i].points[j].total, ROOF_UNIT_USD);
          else
            v = g_strdup ("no price");
          any_unfit = any_unfit || !r->fits;
          /* the marker keeps the digits aligned either way */
          roof_cli_table_take (t, i + 1, g_strdup_printf ("%s%s", v, r->fits ? " " : "*"));
        }
    }
  roof_cli_stream_print (ctx->out, "\n");
  roof_cli_table_print (t, ctx->out);
  if (any_unfit)
    {
      g_autofree char *layout = roof_cli_describe_layout (&wl);
      roof_cli_stream_printf (ctx->out,
                              "* does not fit in memory on %s at this batch (costed as if it "
                              "streamed from memory anyway)\n",
                              layout);
    }
}

static void
cost_print_crossovers (RoofCliContext *ctx, const CostRun *run)
{
  guint n = run->n;
  GArray *crossovers = run->crossovers;
  const RoofModelDerived *md = run->md;
  const RoofWorkload wl = run->wl;
  guint n_priced = 0;
  for (guint i = 0; i < n; i++)
    n_priced += params_of (ctx, i)->has_price ? 1 : 0;
  if (n_priced >= 2)
    {
      roof_cli_stream_printf (
          ctx->out, "\nCrossovers (equal cost per token) between batch %.15g and %.15g:\n",
          ctx->batch_lo, ctx->batch_hi);
      for (guint a = 0; a < n; a++)
        for (guint b = a + 1; b < n; b++)
          {
            const RoofHardwareParams *pa = params_of (ctx, a), *pb = params_of (ctx, b);
            double prev = ctx->batch_lo;
            gboolean any = FALSE, a_cheaper = FALSE;

            if (!pa->has_price || !pb->has_price)
              continue;
            for (guint k = 0; k < crossovers->len; k++)
              {
                const Crossover *x = &g_array_index (crossovers, Crossover, k);
                g_autofree char *at = NULL;
                if (x->a != a || x->b != b)
                  continue;
                at = roof_cli_format_significant (x->batch, 4);
                if (cheaper_at (pa, pb, md, &wl, sqrt (prev * x->batch), &a_cheaper))
                  roof_cli_stream_printf (
                      ctx->out, "  %s = %s at batch %s: %s is cheaper below, %s above\n",
                      id_of (ctx, a), id_of (ctx, b), at, id_of (ctx, a_cheaper ? a : b),
                      id_of (ctx, a_cheaper ? b : a));
                else
                  roof_cli_stream_printf (ctx->out, "  %s = %s at batch %s\n", id_of (ctx, a),
                                          id_of (ctx, b), at);
                prev = x->batch;
                any = TRUE;
              }
            if (!any)
              {
                if (cheaper_at (pa, pb, md, &wl, ctx->batch_lo, &a_cheaper))
                  roof_cli_stream_printf (
                      ctx->out, "  %s and %s: none; %s is cheaper throughout\n", id_of (ctx, a),
                      id_of (ctx, b), id_of (ctx, a_cheaper ? a : b));
                else
                  roof_cli_stream_printf (ctx->out, "  %s and %s: none\n", id_of (ctx, a),
                                          id_of (ctx, b));
              }
          }
    }
}

gboolean
roof_cli_cmd_cost (RoofCliContext *ctx, GError **error)
{
  g_auto (CostRun) run = { 0 };

  run.n = ctx->targets->len;
  run.md = roof_model_spec_get_derived (ctx->model);
  run.wl = ctx->workload;
  run.batches = roof_cli_axis_values (ctx->batch_lo, ctx->batch_hi, ctx->opts->points);
  run.m = run.batches->len;
  run.rows = g_new0 (CostRow, run.n);
  run.points = g_new0 (RoofCostPoint, (gsize) run.n * run.m);
  run.results = g_new0 (RoofResult, (gsize) run.n * run.m);
  run.crossovers = g_array_new (FALSE, FALSE, sizeof (Crossover));

  if (run.wl.phase != ROOF_PHASE_DECODE && (ctx->opts->set & ROOF_CLI_SET_PHASE))
    roof_cli_note (ctx, "cost is per output token: it uses decode steps, not the prefill");
  run.wl.phase = ROOF_PHASE_DECODE;

  if (!cost_compute (ctx, &run, error) || !cost_find_crossovers (ctx, &run, error))
    return FALSE;
  if (ctx->opts->json)
    {
      cost_print_json (ctx, &run);
      return TRUE;
    }
  print_heading (ctx, &run.wl, ROOF_CLI_SET_BATCH);
  roof_cli_stream_printf (ctx->out, "Decode cost per million output tokens.\n");
  cost_print_balance (ctx, &run);
  cost_print_table (ctx, &run);
  cost_print_crossovers (ctx, &run);
  roof_cli_print_cost_basis (ctx);
  return TRUE;
}
