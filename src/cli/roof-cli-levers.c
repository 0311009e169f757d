/* roof-cli-levers.c — speculative decoding, disaggregated serving and the
 * cost basis in roofline-cli (docs/model.md, docs/cli.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "roof-cli-json-writer.h"
#include "roof-cli-private.h"
#include "roof-levers.h"

struct RoofCliLeverResults
{
  guint n;
  RoofSpecResult *spec;     /* n of them, or NULL */
  RoofDisaggResult *disagg; /* n of them, or NULL */
};

void
roof_cli_lever_results_free (RoofCliLeverResults *lr)
{
  if (lr == NULL)
    return;
  g_free (lr->spec);
  g_free (lr->disagg);
  g_free (lr);
}

void
roof_cli_levers_clear (RoofCliContext *ctx)
{
  g_clear_object (&ctx->draft);
  roof_cli_target_clear (&ctx->prefill);
}

/* ---------------------------------------------------------------------- */
/* Resolving                                                               */

/* --cost own: the device's price per hour from its purchase and its power.
 * `unpriced` (synthesize over the whole catalog, where some entries have no
 * power figure): such a device is left without a price, counted there. */
static gboolean
own_price (RoofCliContext *ctx, RoofCliTarget *t, GPtrArray *unpriced, GError **error)
{
  RoofError rerr = { 0 };
  double usd = 0.0;

  if (roof_owned_price_per_hour (t->params.power_w, &ctx->levers.own, &usd, &rerr)
      != ROOF_OK)
    {
      if (unpriced != NULL)
        {
          t->params.has_price = FALSE;
          t->params.price_per_hour = 0.0;
          g_ptr_array_add (unpriced, (gpointer) t->id);
          return TRUE;
        }
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED,
                   "--cost own: %s: %s (its entry has no tdp_W%s)", t->id, rerr.message,
                   t->system != NULL ? " and its system no power_W" : "");
      return FALSE;
    }
  t->params.has_price = TRUE;
  t->params.price_per_hour = usd;
  return TRUE;
}

/* --prefill-system or --prefill-hardware into ctx->prefill. */
static gboolean
resolve_prefill_target (RoofCliContext *ctx, GError **error)
{
  const RoofCliLevers *lv = &ctx->levers;
  g_autoptr (GError) local = NULL;

  if (lv->prefill_system != NULL)
    {
      RoofSystemSpec *sys = roof_cli_lookup_system (ctx->catalog, lv->prefill_system, &local);
      if (sys == NULL || !roof_cli_target_from_system (ctx, sys, &ctx->prefill, &local))
        {
          g_set_error (error, ROOF_CLI_ERROR, local->code, "%s: %s", lv->prefill_what,
                       local->message);
          return FALSE;
        }
    }
  else if (lv->prefill_hardware != NULL)
    {
      RoofHardwareSpec *hw = roof_cli_lookup_hardware (ctx->catalog, lv->prefill_hardware,
                                                       &local);
      if (hw == NULL)
        {
          g_set_error (error, ROOF_CLI_ERROR, local->code, "%s: %s", lv->prefill_what,
                       local->message);
          return FALSE;
        }
      roof_cli_target_from_device (hw, &ctx->prefill);
    }
  if (ctx->prefill.device != NULL && lv->cost == ROOF_CLI_COST_OWN)
    return own_price (ctx, &ctx->prefill, NULL, error);
  return TRUE;
}

/* The prefill pool's workload, and its layout checked on its devices. */
static gboolean
resolve_prefill_workload (RoofCliContext *ctx, GError **error)
{
  const RoofCliLevers *lv = &ctx->levers;
  RoofWorkload *pw = &ctx->prefill_workload;
  const RoofModelDerived *md = roof_model_spec_get_derived (ctx->model);

  roof_disagg_prefill_workload (&ctx->workload, lv->prefill_batch, lv->prefill_tp,
                                lv->prefill_ep, pw);
  for (guint i = 0; i < ctx->targets->len; i++)
    {
      const RoofCliTarget *t = ctx->prefill.device != NULL ? &ctx->prefill
                                                           : roof_cli_target (ctx, i);
      RoofError rerr = { 0 };
      RoofStatus st = roof_hardware_validate (&t->params, &rerr);
      if (st == ROOF_OK)
        st = roof_workload_validate (pw, &rerr);
      if (st == ROOF_OK)
        st = roof_layout_validate (&t->params, md, pw, &rerr);
      if (st != ROOF_OK)
        {
          g_set_error (error, ROOF_CLI_ERROR,
                       st == ROOF_ERR_INVALID ? ROOF_CLI_ERROR_USAGE : ROOF_CLI_ERROR_FAILED,
                       "the prefill pool (--prefill-tp %.15g, --prefill-ep %.15g) on %s: %s",
                       pw->devices, roof_layout_size (pw->ep), t->id, rerr.message);
          return FALSE;
        }
    }
  return TRUE;
}

/* --cost own over every column. synthesize without -H or --system weighs
 * the whole catalog: an entry without a power figure is left unpriced
 * there (ranked after the priced ones) and named in one warning; a column
 * the user named must have one. */
static gboolean
own_prices (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  gboolean whole_catalog = opts->command == ROOF_CLI_COMMAND_SYNTHESIZE
                           && opts->target_is_system->len == 0;
  g_autoptr (GPtrArray) unpriced = whole_catalog ? g_ptr_array_new () : NULL;

  for (guint i = 0; i < ctx->targets->len; i++)
    if (!own_price (ctx, &g_array_index (ctx->targets, RoofCliTarget, i), unpriced, error))
      return FALSE;
  if (unpriced != NULL && unpriced->len > 0)
    {
      g_ptr_array_add (unpriced, NULL);
      g_autofree char *ids = g_strjoinv (", ", (char **) unpriced->pdata);
      roof_cli_warning (ctx, "--cost own: no power figure (tdp_W), so no owned price, for %s",
                        ids);
    }
  return TRUE;
}

/* The scenario's levers for each group no flag set. */
static void
merge_scenario (RoofCliContext *ctx)
{
  RoofCliLevers *lv = &ctx->levers;
  const RoofScenarioLevers *s;

  *lv = ctx->opts->levers;
  lv->draft_what = "--draft-model";
  if (lv->prefill_system != NULL)
    lv->prefill_what = "--prefill-system";
  else
    lv->prefill_what = "--prefill-hardware";
  if (ctx->scenario == NULL)
    return;
  s = roof_scenario_get_levers (ctx->scenario);
  /* speculative decoding is every command's that times decode steps over
   * layouts or batches, disaggregation solve's; the cost basis is every
   * priced command's */
  gboolean solve = ctx->opts->command == ROOF_CLI_COMMAND_SOLVE;
  gboolean disaggregates = roof_cli_disaggregates (ctx);
  gboolean speculates = roof_cli_speculates (ctx);
  RoofCliCommand cmd = ctx->opts->command;
  gboolean priced = solve || cmd == ROOF_CLI_COMMAND_SWEEP || cmd == ROOF_CLI_COMMAND_COST
                    || cmd == ROOF_CLI_COMMAND_LAYOUTS || cmd == ROOF_CLI_COMMAND_SYNTHESIZE
                    || cmd == ROOF_CLI_COMMAND_PLOT || cmd == ROOF_CLI_COMMAND_PARETO
                    || cmd == ROOF_CLI_COMMAND_PLAN;
  if (speculates && !lv->spec && s->spec_k > 0.0)
    {
      lv->spec = lv->has_accept = TRUE;
      lv->spec_k = s->spec_k;
      lv->spec_accept = s->spec_accept;
      lv->draft_model = s->draft_model;
      lv->mtp_params = s->mtp_params;
      lv->draft_what = "speculative.draft_model";
    }
  if (disaggregates && !lv->disagg && s->disagg)
    {
      lv->disagg = TRUE;
      lv->prefill_system = s->prefill_system;
      lv->prefill_hardware = s->prefill_hardware;
      lv->prefill_tp = s->prefill_tp;
      lv->prefill_ep = s->prefill_ep;
      lv->prefill_batch = s->prefill_batch;
      lv->prefill_what = s->prefill_system != NULL ? "disagg.prefill_system"
                                                   : "disagg.prefill_hardware";
    }
  if (priced && !lv->cost_given && s->cost_own)
    {
      lv->cost = ROOF_CLI_COST_OWN;
      lv->own.capex_usd = s->capex_usd;
      lv->own.years = s->years;
      lv->own.usd_per_kwh = s->usd_per_kwh;
      lv->own.pue = s->pue > 0.0 ? s->pue : 1.0;
    }
}

gboolean
roof_cli_resolve_levers (RoofCliContext *ctx, GError **error)
{
  const RoofCliLevers *lv = &ctx->levers;

  merge_scenario (ctx);
  /* layouts, pareto and plot pareto time the decode step whatever the phase */
  if (lv->spec && ctx->workload.phase != ROOF_PHASE_DECODE
      && (ctx->opts->command == ROOF_CLI_COMMAND_SOLVE
          || ctx->opts->command == ROOF_CLI_COMMAND_SWEEP))
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE,
                   "speculative decoding applies to decode, not the prefill: drop --phase "
                   "prefill or the scenario's speculative");
      return FALSE;
    }

  if (lv->cost == ROOF_CLI_COST_OWN && !own_prices (ctx, error))
    return FALSE;
  if (lv->draft_model != NULL)
    {
      g_autoptr (GError) local = NULL;
      RoofModelSpec *m = roof_cli_lookup_model (ctx->catalog, lv->draft_model, &local);
      if (m == NULL)
        {
          g_set_error (error, ROOF_CLI_ERROR, local->code, "%s: %s", lv->draft_what,
                       local->message);
          return FALSE;
        }
      ctx->draft = g_object_ref (m);
    }
  if (lv->disagg
      && (!resolve_prefill_target (ctx, error) || !resolve_prefill_workload (ctx, error)))
    return FALSE;
  return TRUE;
}

gboolean
roof_cli_speculates (const RoofCliContext *ctx)
{
  RoofCliCommand cmd = ctx->opts->command;

  RoofPlotKind kind = (RoofPlotKind) ctx->opts->plot_kind;

  return cmd == ROOF_CLI_COMMAND_SOLVE || cmd == ROOF_CLI_COMMAND_SWEEP
         || cmd == ROOF_CLI_COMMAND_LAYOUTS || cmd == ROOF_CLI_COMMAND_PARETO
         || cmd == ROOF_CLI_COMMAND_PLAN
         || (cmd == ROOF_CLI_COMMAND_PLOT
             && (kind == ROOF_PLOT_PARETO || kind == ROOF_PLOT_BATCH || kind == ROOF_PLOT_COST
                 || kind == ROOF_PLOT_CONTEXT || kind == ROOF_PLOT_ROOFLINE
                 || kind == ROOF_PLOT_PLAN));
}

gboolean
roof_cli_disaggregates (const RoofCliContext *ctx)
{
  RoofCliCommand cmd = ctx->opts->command;
  RoofPlotKind kind = (RoofPlotKind) ctx->opts->plot_kind;

  return cmd == ROOF_CLI_COMMAND_SOLVE || cmd == ROOF_CLI_COMMAND_PLAN
         || (cmd == ROOF_CLI_COMMAND_PLOT && (kind == ROOF_PLOT_COST || kind == ROOF_PLOT_PLAN));
}

const RoofSpeculative *
roof_cli_speculative (const RoofCliContext *ctx, RoofSpeculative *spec,
                      const RoofModelDerived **draft)
{
  const RoofCliLevers *lv = &ctx->levers;

  *draft = NULL;
  if (!lv->spec)
    return NULL;
  spec->k = lv->spec_k;
  spec->accept = lv->spec_accept;
  spec->drafter = ctx->draft != NULL ? ROOF_DRAFTER_MODEL : ROOF_DRAFTER_MTP;
  spec->mtp_params = lv->mtp_params;
  if (ctx->draft != NULL)
    *draft = roof_model_spec_get_derived (ctx->draft);
  return spec;
}

const RoofFleetLevers *
roof_cli_fleet_levers (const RoofCliContext *ctx, RoofSpeculative *spec, RoofFleetLevers *out)
{
  memset (out, 0, sizeof *out);
  out->spec = roof_cli_speculative (ctx, spec, &out->draft);
  if (ctx->levers.disagg)
    {
      out->prefill_hw = ctx->prefill.device != NULL ? &ctx->prefill.params : NULL;
      out->prefill_wl = ctx->prefill_workload;
    }
  return out->spec != NULL || ctx->levers.disagg ? out : NULL;
}

void
roof_cli_json_writer_speculative (RoofCliJsonWriter *w, const RoofCliContext *ctx)
{
  const RoofCliLevers *lv = &ctx->levers;

  if (!lv->spec)
    {
      roof_cli_json_writer_string (w, "speculative", NULL);
      return;
    }
  roof_cli_json_writer_begin_object (w, "speculative");
  roof_cli_json_writer_number (w, "k", lv->spec_k);
  roof_cli_json_writer_number (w, "accept", lv->spec_accept);
  roof_cli_json_writer_string (w, "drafter", ctx->draft != NULL ? "model" : "mtp");
  roof_cli_json_writer_string (w, "draft_model", ctx->draft != NULL
                                                   ? roof_spec_get_id (ROOF_SPEC (ctx->draft))
                                                   : NULL);
  roof_cli_json_writer_number_or_null (w, "mtp_params", ctx->draft == NULL, lv->mtp_params);
  roof_cli_json_writer_number (w, "tokens_per_step",
                               roof_spec_tokens_per_step (lv->spec_k, lv->spec_accept));
  roof_cli_json_writer_end_object (w);
}

void
roof_cli_print_speculative (RoofCliContext *ctx)
{
  const RoofCliLevers *lv = &ctx->levers;

  if (!lv->spec)
    return;
  roof_cli_stream_printf (ctx->out,
                          "\nSpeculative decoding: k = %.15g, α = %.15g (%.4g tokens per verify "
                          "step), drafter %s; ITL = (t_verify + k · t_draft) / tokens per step.\n",
                          lv->spec_k, lv->spec_accept,
                          roof_spec_tokens_per_step (lv->spec_k, lv->spec_accept),
                          ctx->draft != NULL ? roof_spec_get_id (ROOF_SPEC (ctx->draft))
                                             : "MTP heads");
}

/* ---------------------------------------------------------------------- */
/* Cost basis                                                              */

const char *
roof_cli_cost_basis_name (const RoofCliContext *ctx)
{
  return ctx->levers.cost == ROOF_CLI_COST_OWN ? "own" : "rent";
}

void
roof_cli_json_cost_basis (JsonBuilder *b, const RoofCliContext *ctx)
{
  const RoofCliLevers *lv = &ctx->levers;

  roof_cli_json_string (b, "cost_basis", roof_cli_cost_basis_name (ctx));
  if (lv->cost != ROOF_CLI_COST_OWN)
    return;
  json_builder_set_member_name (b, "ownership");
  json_builder_begin_object (b);
  roof_cli_json_number (b, "capex_usd", lv->own.capex_usd);
  roof_cli_json_number (b, "years", lv->own.years);
  roof_cli_json_number (b, "usd_per_kwh", lv->own.usd_per_kwh);
  roof_cli_json_number (b, "pue", lv->own.pue);
  json_builder_end_object (b);
}

void
roof_cli_json_writer_cost_basis (RoofCliJsonWriter *w, const RoofCliContext *ctx)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GList) members = NULL;
  JsonObject *o;

  /* the members roof_cli_json_cost_basis writes, in its order */
  json_builder_begin_object (b);
  roof_cli_json_cost_basis (b, ctx);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  o = json_node_get_object (root);
  members = json_object_get_members (o);
  for (GList *l = members; l != NULL; l = l->next)
    roof_cli_json_writer_node (w, l->data, json_object_get_member (o, l->data));
}

void
roof_cli_print_cost_basis (RoofCliContext *ctx)
{
  const RoofCliLevers *lv = &ctx->levers;

  if (lv->cost != ROOF_CLI_COST_OWN)
    {
      roof_cli_stream_printf (ctx->out, "\nCost basis: rented, the catalog's price per "
                                        "device-hour.\n");
      return;
    }
  g_autofree char *capex = roof_cli_format (lv->own.capex_usd, ROOF_UNIT_USD);
  roof_cli_stream_printf (ctx->out,
                          "\nCost basis: owned, %s per device over %.15g years, plus its power "
                          "at $%.15g/kWh × PUE %.15g.\n",
                          capex, lv->own.years, lv->own.usd_per_kwh, lv->own.pue);
}

/* ---------------------------------------------------------------------- */
/* Computing                                                               */

static gboolean
compute_spec (RoofCliContext *ctx, RoofCliLeverResults *lr, GError **error)
{
  const RoofModelDerived *md = roof_model_spec_get_derived (ctx->model);
  RoofSpeculative spec;
  const RoofModelDerived *draft;

  roof_cli_speculative (ctx, &spec, &draft);
  lr->spec = g_new0 (RoofSpecResult, lr->n);
  for (guint i = 0; i < lr->n; i++)
    {
      RoofError rerr = { 0 };
      RoofStatus st = roof_speculative (params_of (ctx, i), md, &ctx->workload, &spec, draft,
                                        &lr->spec[i], &rerr);
      if (st != ROOF_OK)
        return roof_cli_solver_error (error, roof_cli_target (ctx, i), st, &rerr);
    }
  return TRUE;
}

static gboolean
compute_disagg (RoofCliContext *ctx, RoofCliLeverResults *lr, GError **error)
{
  const RoofModelDerived *md = roof_model_spec_get_derived (ctx->model);

  lr->disagg = g_new0 (RoofDisaggResult, lr->n);
  for (guint i = 0; i < lr->n; i++)
    {
      const RoofCliTarget *d = roof_cli_target (ctx, i);
      const RoofCliTarget *p = ctx->prefill.device != NULL ? &ctx->prefill : d;
      RoofError rerr = { 0 };
      RoofStatus st = roof_disagg (&p->params, &ctx->prefill_workload, &d->params,
                                   &ctx->workload, md, &lr->disagg[i], &rerr);
      if (st != ROOF_OK)
        {
          g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED,
                       "--disagg: prefill pool %s, decode pool %s: %s", p->id, d->id,
                       rerr.message);
          return FALSE;
        }
    }
  return TRUE;
}

RoofCliLeverResults *
roof_cli_levers_compute (RoofCliContext *ctx, GError **error)
{
  const RoofCliLevers *lv = &ctx->levers;
  g_autoptr (RoofCliLeverResults) lr = g_new0 (RoofCliLeverResults, 1);

  lr->n = ctx->targets->len;
  if (lv->spec && !compute_spec (ctx, lr, error))
    return NULL;
  if (lv->disagg && !compute_disagg (ctx, lr, error))
    return NULL;
  return g_steal_pointer (&lr);
}

/* ---------------------------------------------------------------------- */
/* JSON                                                                    */

static void
json_spec (RoofCliContext *ctx, const RoofSpecResult *s, JsonBuilder *b)
{
  const RoofCliLevers *lv = &ctx->levers;

  json_builder_set_member_name (b, "speculative");
  json_builder_begin_object (b);
  roof_cli_json_number (b, "k", lv->spec_k);
  roof_cli_json_number (b, "accept", lv->spec_accept);
  roof_cli_json_string (b, "drafter", ctx->draft != NULL ? "model" : "mtp");
  roof_cli_json_string (b, "draft_model",
                        ctx->draft != NULL ? roof_spec_get_id (ROOF_SPEC (ctx->draft)) : NULL);
  roof_cli_json_number_or_null (b, "mtp_params", ctx->draft == NULL, lv->mtp_params);
  roof_cli_json_number (b, "tokens_per_step", s->tokens_per_step);
  roof_cli_json_number (b, "t_verify_s", s->t_verify);
  roof_cli_json_number (b, "t_draft_s", s->t_draft);
  roof_cli_json_number (b, "t_cycle_s", s->t_cycle);
  roof_cli_json_number (b, "itl_s", s->itl);
  roof_cli_json_number (b, "itl_plain_s", s->itl_plain);
  roof_cli_json_number (b, "speedup", s->speedup);
  roof_cli_json_number (b, "tokens_per_s", s->tokens_per_s);
  roof_cli_json_number (b, "tokens_per_s_total", s->tokens_per_s_total);
  roof_cli_json_number (b, "tokens_per_s_per_device", s->tokens_per_s_per_device);
  roof_cli_json_number_or_null (b, "tokens_per_s_per_kw", s->has_power, s->tokens_per_s_per_kw);
  roof_cli_json_number_or_null (b, "usd_per_mtok", s->has_cost, s->usd_per_mtok);
  roof_cli_json_number (b, "footprint_device_bytes", s->footprint_device);
  roof_cli_json_bool (b, "fits", s->fits);
  json_builder_end_object (b);
}

static void
json_disagg (RoofCliContext *ctx, guint i, const RoofDisaggResult *r, JsonBuilder *b)
{
  const RoofCliTarget *p = ctx->prefill.device != NULL ? &ctx->prefill : roof_cli_target (ctx, i);
  const RoofWorkload *pw = &ctx->prefill_workload;

  json_builder_set_member_name (b, "disagg");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "prefill_pool");
  json_builder_begin_object (b);
  roof_cli_json_string (b, "hardware", p->id);
  roof_cli_json_layout (b, "layout", pw);
  roof_cli_json_number (b, "batch", pw->batch);
  json_builder_end_object (b);
  roof_cli_json_number (b, "kv_bytes", r->kv_bytes);
  roof_cli_json_number (b, "link_bw", r->link_bw);
  roof_cli_json_number (b, "t_transfer_s", r->t_transfer);
  roof_cli_json_number (b, "t_prefill_s", r->t_prefill);
  roof_cli_json_number (b, "ttft_s", r->ttft);
  roof_cli_json_number (b, "itl_s", r->itl);
  roof_cli_json_number (b, "prefill_requests_per_s_per_device",
                        r->prefill_requests_per_s_per_device);
  roof_cli_json_number (b, "decode_requests_per_s_per_device",
                        r->decode_requests_per_s_per_device);
  roof_cli_json_number (b, "prefill_per_decode", r->prefill_per_decode);
  roof_cli_json_number (b, "tokens_per_s_per_device", r->tokens_per_s_per_device);
  roof_cli_json_number_or_null (b, "usd_per_mtok", r->has_cost, r->usd_per_mtok);
  json_builder_set_member_name (b, "colocated");
  json_builder_begin_object (b);
  roof_cli_json_number (b, "chunk_tokens", r->colo_chunk_tokens);
  roof_cli_json_number (b, "itl_s", r->colo_itl);
  roof_cli_json_number (b, "ttft_s", r->colo_ttft);
  roof_cli_json_number (b, "tokens_per_s_per_device", r->colo_tokens_per_s_per_device);
  roof_cli_json_number_or_null (b, "usd_per_mtok", r->colo_has_cost, r->colo_usd_per_mtok);
  json_builder_end_object (b);
  json_builder_end_object (b);
}

void
roof_cli_levers_json (RoofCliContext *ctx, const RoofCliLeverResults *lr, guint i,
                      JsonBuilder *b)
{
  roof_cli_json_number (b, "tokens_per_step",
                        lr->spec != NULL ? lr->spec[i].tokens_per_step : 1.0);
  if (lr->spec != NULL)
    json_spec (ctx, &lr->spec[i], b);
  if (lr->disagg != NULL)
    json_disagg (ctx, i, &lr->disagg[i], b);
}

/* ---------------------------------------------------------------------- */
/* Tables                                                                  */

/* Column i's double: the one at v + i · stride. */
static double
strided (const double *v, guint i, gsize stride)
{
  return *(const double *) ((const char *) v + i * stride);
}

/* A row of one figure per column: the double at v + i · stride, as a unit. */
static void
row (RoofCliTable *t, const char *label, const RoofCliLeverResults *lr, const double *v,
     gsize stride, RoofUnit unit)
{
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, label);
  for (guint i = 0; i < lr->n; i++)
    roof_cli_table_take (t, i + 1, roof_cli_format (strided (v, i, stride), unit));
}

/* The same with `digits` decimals and a suffix ("1.234×"). */
static void
fixed_row (RoofCliTable *t, const char *label, const RoofCliLeverResults *lr, const double *v,
           gsize stride, int digits, const char *suffix)
{
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, label);
  for (guint i = 0; i < lr->n; i++)
    roof_cli_table_take (t, i + 1, g_strdup_printf ("%.*f%s", digits, strided (v, i, stride),
                                                    suffix));
}

#define SPEC_ROW(t, label, lr, field, unit)                                                      \
  row (t, label, lr, &(lr)->spec[0].field, sizeof (RoofSpecResult), unit)
#define DIS_ROW(t, label, lr, field, unit)                                                       \
  row (t, label, lr, &(lr)->disagg[0].field, sizeof (RoofDisaggResult), unit)

/* "$/Mtok" figures, or "no price" */
static void
usd_row (RoofCliTable *t, const char *label, const RoofCliLeverResults *lr, const double *v,
         const bool *has, gsize stride)
{
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, label);
  for (guint i = 0; i < lr->n; i++)
    {
      gboolean priced = *(const bool *) ((const char *) has + i * stride);
      double x = strided (v, i, stride);
      roof_cli_table_take (t, i + 1, priced ? roof_cli_format (x, ROOF_UNIT_USD)
                                            : g_strdup ("no price"));
    }
}

RoofCliTable *
roof_cli_device_table_new (RoofCliContext *ctx, const char *corner)
{
  guint n = ctx->targets->len;
  RoofCliTable *t = roof_cli_table_new (n + 1);
  g_autofree const char **header = g_new0 (const char *, n + 1);

  header[0] = corner;
  for (guint i = 0; i < n; i++)
    header[i + 1] = id_of (ctx, i);
  roof_cli_table_set_headerv (t, header);
  return t;
}

static void
print_spec (RoofCliContext *ctx, const RoofCliLeverResults *lr)
{
  const RoofCliLevers *lv = &ctx->levers;
  g_autoptr (RoofCliTable) t = roof_cli_device_table_new (ctx, "");
  g_autofree char *drafter = NULL;

  if (ctx->draft != NULL)
    drafter = roof_cli_describe_model (ctx->draft);
  else
    drafter = g_strdup_printf ("MTP heads of %.4g parameters", lv->mtp_params);
  roof_cli_stream_printf (ctx->out, "\nSpeculative decoding: k = %.15g, α = %.15g, drafter %s\n\n",
                          lv->spec_k, lv->spec_accept, drafter);
  fixed_row (t, "Tokens per verify step", lr, &lr->spec[0].tokens_per_step,
             sizeof (RoofSpecResult), 4, "");
  SPEC_ROW (t, "Verify step (k + 1 tokens)", lr, t_verify, ROOF_UNIT_TIME);
  SPEC_ROW (t, "Draft step", lr, t_draft, ROOF_UNIT_TIME);
  SPEC_ROW (t, "Cycle (verify + k drafts)", lr, t_cycle, ROOF_UNIT_TIME);
  SPEC_ROW (t, "ITL (effective)", lr, itl, ROOF_UNIT_TIME);
  SPEC_ROW (t, "ITL without speculation", lr, itl_plain, ROOF_UNIT_TIME);
  fixed_row (t, "Speed-up", lr, &lr->spec[0].speedup, sizeof (RoofSpecResult), 3, "×");
  SPEC_ROW (t, "Tokens/s (output)", lr, tokens_per_s, ROOF_UNIT_RATE);
  SPEC_ROW (t, "  per device", lr, tokens_per_s_per_device, ROOF_UNIT_RATE);
  usd_row (t, "$/Mtok (output)", lr, &lr->spec[0].usd_per_mtok, &lr->spec[0].has_cost,
           sizeof (RoofSpecResult));
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, "Fits, drafter included");
  for (guint i = 0; i < lr->n; i++)
    roof_cli_table_set (t, i + 1, lr->spec[i].fits ? "yes" : "NO");
  roof_cli_table_print (t, ctx->out);
}

static void
print_disagg (RoofCliContext *ctx, const RoofCliLeverResults *lr)
{
  const RoofWorkload *pw = &ctx->prefill_workload;
  g_autoptr (RoofCliTable) t = roof_cli_device_table_new (ctx, "");
  g_autofree char *layout = roof_cli_describe_layout (pw);

  roof_cli_stream_printf (ctx->out,
                          "\nDisaggregated prefill and decode: prefill pool %s (%s, %.15g "
                          "prompt%s per step), the column the decode pool\n\n",
                          ctx->prefill.device != NULL ? ctx->prefill.id : "the column's own",
                          layout, pw->batch, pw->batch == 1.0 ? "" : "s");
  DIS_ROW (t, "Prefill step", lr, t_prefill, ROOF_UNIT_TIME);
  DIS_ROW (t, "KV cache per request", lr, kv_bytes, ROOF_UNIT_BYTES);
  DIS_ROW (t, "KV transfer", lr, t_transfer, ROOF_UNIT_TIME);
  DIS_ROW (t, "TTFT (prefill + transfer)", lr, ttft, ROOF_UNIT_TIME);
  DIS_ROW (t, "ITL (decode, mean context)", lr, itl, ROOF_UNIT_TIME);
  DIS_ROW (t, "Requests/s per prefill device", lr, prefill_requests_per_s_per_device,
           ROOF_UNIT_RATE);
  DIS_ROW (t, "Requests/s per decode device", lr, decode_requests_per_s_per_device,
           ROOF_UNIT_RATE);
  DIS_ROW (t, "Prefill devices per decode device", lr, prefill_per_decode, ROOF_UNIT_NONE);
  DIS_ROW (t, "Tokens/s per device (both pools)", lr, tokens_per_s_per_device, ROOF_UNIT_RATE);
  usd_row (t, "$/Mtok (output, both pools)", lr, &lr->disagg[0].usd_per_mtok,
           &lr->disagg[0].has_cost, sizeof (RoofDisaggResult));
  roof_cli_table_add_section (t, "Co-located, chunked prefill");
  DIS_ROW (t, "Prompt tokens per step", lr, colo_chunk_tokens, ROOF_UNIT_NONE);
  DIS_ROW (t, "ITL", lr, colo_itl, ROOF_UNIT_TIME);
  DIS_ROW (t, "TTFT", lr, colo_ttft, ROOF_UNIT_TIME);
  DIS_ROW (t, "Tokens/s per device", lr, colo_tokens_per_s_per_device, ROOF_UNIT_RATE);
  usd_row (t, "$/Mtok (output)", lr, &lr->disagg[0].colo_usd_per_mtok,
           &lr->disagg[0].colo_has_cost, sizeof (RoofDisaggResult));
  roof_cli_table_print (t, ctx->out);
}

void
roof_cli_levers_print (RoofCliContext *ctx, const RoofCliLeverResults *lr)
{
  if (lr->spec != NULL)
    print_spec (ctx, lr);
  if (lr->disagg != NULL)
    print_disagg (ctx, lr);
}
