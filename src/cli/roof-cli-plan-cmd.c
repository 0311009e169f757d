/* roof-cli-plan-cmd.c — `plan`: the fleet that serves a request rate
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The candidates and the plan are the solver's (roof_fleet_candidates and
 * roof_fleet_plan, docs/model.md, "The fleet plan"), gathered per system
 * by roof_fleet_set_compute as the chart gathers them: this file resolves
 * the traffic from the scenario and the flags, and prints the plans as a
 * table ranked by $/month, CSV or JSON.
 */
#include "config.h"

#include <math.h>

#include "roof-cli-json-writer.h"
#include "roof-cli-private.h"
#include "roof-fleet-set.h"

static gboolean G_GNUC_PRINTF (2, 3)
usage (GError **error, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  g_propagate_error (error, g_error_new_valist (ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE, format, ap));
  va_end (ap);
  return FALSE;
}

gboolean
roof_cli_fleet_demand (RoofCliContext *ctx, RoofFleetDemand *d, GError **error)
{
  const RoofCliOptions *o = ctx->opts;
  const RoofWorkload *wl = &ctx->workload;
  g_autoptr (GError) local = NULL;
  RoofError rerr = { 0 };

  if (ctx->scenario != NULL)
    {
      if (!roof_scenario_get_fleet_demand (ctx->scenario, d, &local))
        return usage (error, "--scenario: fleet.%s", local->message);
    }
  else if (!(o->fleet_set & ROOF_CLI_FLEET_RATE))
    return usage (error, "%s needs --rate R, the requests per second to serve",
                  roof_cli_command_name (o->command));
  else
    roof_fleet_demand_init (d, o->rate, wl->prompt, wl->output);
  if (o->fleet_set & ROOF_CLI_FLEET_RATE)
    d->rate = o->rate;
  /* --lengths, else --prompt/--output when given, else the scenario's */
  if (o->fleet_set & ROOF_CLI_FLEET_LENGTHS)
    {
      if (o->set & (ROOF_CLI_SET_PROMPT | ROOF_CLI_SET_OUTPUT))
        return usage (error, "--lengths and --prompt/--output exclude each other: the "
                             "histogram gives both lengths");
      if (!roof_fleet_lengths_parse (o->lengths, d, &local))
        return usage (error, "--%s", local->message);
    }
  else if (o->set & (ROOF_CLI_SET_PROMPT | ROOF_CLI_SET_OUTPUT))
    {
      double rate = d->rate, p50 = d->ttft_p50, p99 = d->ttft_p99;
      roof_fleet_demand_init (d, rate, wl->prompt, wl->output);
      d->ttft_p50 = p50;
      d->ttft_p99 = p99;
    }
  if (o->fleet_set & ROOF_CLI_FLEET_TTFT_P50)
    d->ttft_p50 = o->ttft_p50;
  if (o->fleet_set & ROOF_CLI_FLEET_TTFT_P99)
    d->ttft_p99 = o->ttft_p99;
  d->itl = ctx->sla.itl;
  if (d->ttft_p50 > 0.0 && d->ttft_p99 > 0.0 && d->ttft_p99 < d->ttft_p50)
    return usage (error, "--ttft-p99-ms (%g) is below --ttft-p50-ms (%g): the 99th percentile "
                         "cannot be faster than the median",
                  d->ttft_p99 * 1e3, d->ttft_p50 * 1e3);
  if (d->n_classes == 1 && !(d->classes[0].output >= 1.0))
    return usage (error, "--output must be at least 1 token to plan a fleet");
  if (roof_fleet_demand_validate (d, &rerr) != ROOF_OK)
    return usage (error, "%s", rerr.message);
  return TRUE;
}

typedef struct
{
  guint target;
  gboolean ok;
  RoofFleetPlan plan;
  size_t n_cands;
  char why[ROOF_ERROR_MESSAGE_MAX];
} Row;

/* Planned rows first, by $/month (unpriced after priced, by devices), then
 * those that meet every target before those that do not. */
static int
compare_rows (gconstpointer pa, gconstpointer pb)
{
  const Row *a = pa, *b = pb;
  int r = roof_fleet_plan_compare (a->ok ? &a->plan : NULL, b->ok ? &b->plan : NULL);

  return r != 0 ? r : (int) a->target - (int) b->target;
}

static void
json_plan (RoofCliJsonWriter *w, RoofCliContext *ctx, const Row *r)
{
  const RoofFleetPlan *p = &r->plan;
  char label[64];

  roof_cli_json_writer_begin_object (w, NULL);
  roof_cli_json_writer_string (w, "system", id_of (ctx, r->target));
  roof_cli_json_writer_string (
    w, "device", roof_spec_get_id (ROOF_SPEC (roof_cli_target (ctx, r->target)->device)));
  if (!r->ok)
    {
      roof_cli_json_writer_string (w, "error", r->why);
      roof_cli_json_writer_end_object (w);
      return;
    }
  roof_layout_label (p->c.tp, p->c.ep, p->c.pp, label, sizeof label);
  roof_cli_json_writer_string (w, "layout", label);
  roof_cli_json_writer_number (w, "tp", p->c.tp);
  roof_cli_json_writer_number (w, "ep", p->c.ep);
  roof_cli_json_writer_number (w, "pp", p->c.pp);
  roof_cli_json_writer_number (w, "batch", p->c.batch);
  roof_cli_json_writer_number (w, "replicas", p->replicas);
  roof_cli_json_writer_number (w, "devices_per_replica", p->c.devices);
  roof_cli_json_writer_number (w, "devices", p->devices);
  roof_cli_json_writer_number_or_null (w, "usd_per_month", p->has_cost, p->usd_per_month);
  roof_cli_json_writer_number_or_null (w, "mw", p->has_power, p->mw);
  roof_cli_json_writer_number (w, "ttft_p50_s", p->ttft_p50);
  roof_cli_json_writer_number (w, "ttft_p99_s", p->ttft_p99);
  roof_cli_json_writer_number (w, "ttft_mean_s", p->ttft_mean);
  roof_cli_json_writer_number (w, "itl_s", p->itl);
  roof_cli_json_writer_number (w, "utilisation", p->utilisation);
  roof_cli_json_writer_number (w, "wait_probability", p->wait_probability);
  roof_cli_json_writer_number (w, "prefill_share", p->prefill_share);
  roof_cli_json_writer_number (w, "tokens_per_step", p->c.tokens_per_step);
  roof_cli_json_writer_number_or_null (w, "prefill_replicas", p->c.disagg, p->prefill_replicas);
  roof_cli_json_writer_number_or_null (w, "prefill_devices", p->c.disagg, p->prefill_devices);
  roof_cli_json_writer_bool (w, "meets", p->meets);
  roof_cli_json_writer_int (w, "candidates", (gint64) r->n_cands);
  roof_cli_json_writer_end_object (w);
}

static void
write_json (RoofCliContext *ctx, const RoofFleetDemand *d, const Row *rows, guint n)
{
  g_autoptr (RoofCliJsonWriter) w = roof_cli_json_writer_new (ctx->out);

  roof_cli_json_writer_begin_object (w, NULL);
  roof_cli_json_writer_string (w, "model", roof_spec_get_id (ROOF_SPEC (ctx->model)));
  roof_cli_json_writer_number (w, "rate", d->rate);
  roof_cli_json_writer_begin_array (w, "lengths");
  for (int k = 0; k < d->n_classes; k++)
    {
      roof_cli_json_writer_begin_object (w, NULL);
      roof_cli_json_writer_number (w, "prompt", d->classes[k].prompt);
      roof_cli_json_writer_number (w, "output", d->classes[k].output);
      roof_cli_json_writer_number (w, "share", d->classes[k].share);
      roof_cli_json_writer_end_object (w);
    }
  roof_cli_json_writer_end_array (w);
  roof_cli_json_writer_begin_object (w, "targets");
  roof_cli_json_writer_number_or_null (w, "ttft_p50_s", d->ttft_p50 > 0.0, d->ttft_p50);
  roof_cli_json_writer_number_or_null (w, "ttft_p99_s", d->ttft_p99 > 0.0, d->ttft_p99);
  roof_cli_json_writer_number_or_null (w, "itl_s", d->itl > 0.0, d->itl);
  roof_cli_json_writer_end_object (w);
  roof_cli_json_writer_cost_basis (w, ctx);
  roof_cli_json_writer_number (w, "hours_per_month", ROOF_FLEET_HOURS_PER_MONTH);
  roof_cli_json_writer_string (w, "power", "tdp");
  roof_cli_json_writer_string (w, "queue", "M/M/c");
  roof_cli_json_writer_speculative (w, ctx);
  roof_cli_json_writer_bool (w, "disagg", ctx->levers.disagg);
  roof_cli_json_writer_begin_array (w, "plans");
  for (guint i = 0; i < n && !roof_cli_stream_failed (ctx->out); i++)
    json_plan (w, ctx, &rows[i]);
  roof_cli_json_writer_end_array (w);
  roof_cli_json_writer_end_object (w);
  roof_cli_json_writer_finish (w);
}

static void
write_csv (RoofCliContext *ctx, const Row *rows, guint n)
{
  g_autoptr (GString) s = g_string_new ("system,tp,ep,pp,batch,replicas,devices,usd_per_month,"
                                        "mw,ttft_p50_s,ttft_p99_s,itl_s,utilisation,meets\n");

  for (guint i = 0; i < n; i++)
    {
      const RoofFleetPlan *p = &rows[i].plan;
      const double numbers[] = { p->c.tp,       p->c.ep,       p->c.pp, p->c.batch,
                                 p->replicas, p->devices };
      const double after[] = { p->ttft_p50, p->ttft_p99, p->itl, p->utilisation };

      if (!rows[i].ok)
        continue;
      roof_cli_csv_append_field (s, id_of (ctx, rows[i].target));
      roof_cli_csv_append_numbers (s, numbers, G_N_ELEMENTS (numbers));
      g_string_append_c (s, ',');
      if (p->has_cost)
        roof_cli_csv_append_number (s, p->usd_per_month);
      g_string_append_c (s, ',');
      if (p->has_power)
        roof_cli_csv_append_number (s, p->mw);
      roof_cli_csv_append_numbers (s, after, G_N_ELEMENTS (after));
      g_string_append_printf (s, ",%s\n", p->meets ? "true" : "false");
    }
  roof_cli_stream_write (ctx->out, s->str, s->len);
}

static char *
describe_demand (const RoofFleetDemand *d)
{
  g_autofree char *lengths = roof_fleet_lengths_format (d);
  g_autofree char *p50 = d->ttft_p50 > 0.0 ? roof_cli_format (d->ttft_p50, ROOF_UNIT_TIME) : NULL;
  g_autofree char *p99 = d->ttft_p99 > 0.0 ? roof_cli_format (d->ttft_p99, ROOF_UNIT_TIME) : NULL;
  g_autofree char *itl = d->itl > 0.0 ? roof_cli_format (d->itl, ROOF_UNIT_TIME) : NULL;
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "%.15g requests/s · lengths (prompt:output@share) %s", d->rate,
                          lengths);
  if (p50 || p99 || itl)
    g_string_append (s, " · targets");
  if (p50)
    g_string_append_printf (s, " TTFT P50 ≤ %s", p50);
  if (p99)
    g_string_append_printf (s, "%s TTFT P99 ≤ %s", p50 ? "," : "", p99);
  if (itl)
    g_string_append_printf (s, "%s ITL ≤ %s", p50 || p99 ? "," : "", itl);
  return g_string_free (s, FALSE);
}

static void
write_table (RoofCliContext *ctx, const RoofFleetDemand *d, const Row *rows, guint n)
{
  g_autofree char *model = roof_cli_describe_model (ctx->model);
  g_autofree char *demand = describe_demand (d);
  g_autoptr (RoofCliTable) t = roof_cli_table_new (12);
  gboolean any_miss = FALSE;

  roof_cli_stream_printf (ctx->out, "%s\n%s\n\n", model, demand);
  roof_cli_table_set_header (t, "system", "layout", "batch", "replicas", "devices", "$/month",
                             "MW", "TTFT P50", "TTFT P99", "ITL", "util", "meets", NULL);
  roof_cli_table_set_align (t, 0, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 1, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 11, ROOF_CLI_ALIGN_LEFT);
  for (guint i = 0; i < n; i++)
    {
      const RoofFleetPlan *p = &rows[i].plan;
      char label[64];
      if (!rows[i].ok)
        continue;
      any_miss = any_miss || !p->meets;
      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, id_of (ctx, rows[i].target));
      roof_layout_label (p->c.tp, p->c.ep, p->c.pp, label, sizeof label);
      roof_cli_table_set (t, 1, label);
      roof_cli_table_take (t, 2, g_strdup_printf ("%.15g", p->c.batch));
      roof_cli_table_take (t, 3, g_strdup_printf ("%.15g", p->replicas));
      roof_cli_table_take (t, 4, g_strdup_printf ("%.15g", p->devices));
      roof_cli_table_take (t, 5, p->has_cost ? roof_cli_format (p->usd_per_month, ROOF_UNIT_USD)
                                             : g_strdup ("no price"));
      roof_cli_table_take (t, 6, p->has_power ? g_strdup_printf ("%.4g", p->mw)
                                              : g_strdup ("no power"));
      roof_cli_table_take (t, 7, roof_cli_format (p->ttft_p50, ROOF_UNIT_TIME));
      roof_cli_table_take (t, 8, roof_cli_format (p->ttft_p99, ROOF_UNIT_TIME));
      roof_cli_table_take (t, 9, roof_cli_format (p->itl, ROOF_UNIT_TIME));
      roof_cli_table_take (t, 10, roof_cli_format (p->utilisation, ROOF_UNIT_PERCENT));
      roof_cli_table_set (t, 11, p->meets ? "yes" : "no");
    }
  roof_cli_table_print (t, ctx->out);
  for (guint i = 0; i < n; i++)
    if (!rows[i].ok)
      roof_cli_stream_printf (ctx->out, "%s: %s\n", id_of (ctx, rows[i].target), rows[i].why);
  if (any_miss)
    roof_cli_stream_print (ctx->out,
                           "meets = no: no layout and batch meets every target at any replica "
                           "count (the floors are a prompt's prefill alone and ITL at the "
                           "batch); shown at the fewest replicas that keep up.\n");
  roof_cli_stream_print (
    ctx->out,
    "\nEach replica (TP×EP×PP devices) decodes `batch` requests at once: an M/M/c queue with "
    "c = batch (Erlang C), requests spread evenly over the replicas. $/month: 30 days of every "
    "device; MW: every device at its power figure (TDP), facility overhead (PUE) excluded.\n");
  if (ctx->levers.disagg)
    roof_cli_stream_printf (
      ctx->out,
      "Disaggregated: prompts prefill on %s, %.15g per step; its replicas keep up with the "
      "rate and are counted in devices, $/month and MW; TTFT = the wait for a decode slot + "
      "that prefill + the KV transfer.\n",
      ctx->prefill.device != NULL ? ctx->prefill.id : "a pool of each system's own devices",
      ctx->prefill_workload.batch);
  roof_cli_print_speculative (ctx);
  roof_cli_print_cost_basis (ctx);
}

gboolean
roof_cli_cmd_plan (RoofCliContext *ctx, GError **error)
{
  const RoofModelDerived *md = roof_model_spec_get_derived (ctx->model);
  guint n = ctx->targets->len, planned = 0;
  g_autofree Row *rows = g_new0 (Row, n);
  RoofFleetDemand d;
  RoofWorkload wl = ctx->workload;

  RoofFleetLevers lv = { 0 };
  RoofSpeculative spec;
  const RoofFleetLevers *levers = roof_cli_fleet_levers (ctx, &spec, &lv);

  if (!roof_cli_fleet_demand (ctx, &d, error))
    return FALSE;
  wl.phase = ROOF_PHASE_DECODE;
  for (guint i = 0; i < n; i++)
    {
      RoofFleetSet set = { 0 };
      RoofError rerr = { 0 };
      RoofStatus st;

      /* --disagg without a pool of its own: each column prefills on itself */
      lv.prefill_hw = levers != NULL && ctx->levers.disagg && ctx->prefill.device == NULL
                        ? params_of (ctx, i)
                        : lv.prefill_hw;
      st = roof_fleet_set_compute (&set, params_of (ctx, i), md, &wl, &d, levers, &rerr);

      rows[i].target = i;
      rows[i].n_cands = set.n;
      if (st == ROOF_OK)
        st = roof_fleet_plan (set.cands, set.n, &d, &rows[i].plan, &rerr);
      roof_fleet_set_clear (&set);
      rows[i].ok = st == ROOF_OK;
      if (st == ROOF_ERR_INVALID)
        {
          roof_cli_solver_error (error, roof_cli_target (ctx, i), st, &rerr);
          return FALSE;
        }
      if (!rows[i].ok)
        g_strlcpy (rows[i].why, rerr.message, sizeof rows[i].why);
      planned += rows[i].ok;
    }
  if (planned == 0)
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "no plan: %s: %s", id_of (ctx, 0),
                   rows[0].why);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (!rows[i].ok)
      roof_cli_warning (ctx, "%s: %s", id_of (ctx, i), rows[i].why);
  qsort (rows, n, sizeof *rows, compare_rows);
  if (ctx->opts->json)
    write_json (ctx, &d, rows, n);
  else if (ctx->opts->csv)
    write_csv (ctx, rows, n);
  else
    write_table (ctx, &d, rows, n);
  return TRUE;
}
