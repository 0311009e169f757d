/* roof-cli-pareto-cmd.c — `pareto`: each system's interactivity–throughput frontier
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The points and the frontier are the solver's (roof_frontier_collect and
 * roof_frontier_mark, docs/model.md, "The frontier"), gathered by
 * roof_frontier_set_compute as the chart gathers them: this file prints
 * them as a table, CSV or JSON.
 */
#include "config.h"

#include "roof-cli-json-writer.h"
#include "roof-cli-private.h"
#include "roof-frontier-set.h"

/* What the y axis counts, for the table's header and the notes. */
static const char *const metric_titles[ROOF_FRONTIER_METRIC_COUNT] = {
  "tokens/s per device",
  "tokens/s per kW",
  "tokens/s per $/h",
};

static void
json_point (RoofCliJsonWriter *w, const char *key, const RoofFrontierPoint *f)
{
  const RoofLayoutPoint *p = &f->p;
  char label[64];

  roof_layout_label (p->tp, p->ep, p->pp, label, sizeof label);
  roof_cli_json_writer_begin_object (w, key);
  roof_cli_json_writer_number (w, "tokens_per_s_per_user", f->x);
  roof_cli_json_writer_number (w, "tokens_per_s_per_device", p->tokens_per_s_per_device);
  roof_cli_json_writer_number_or_null (w, "tokens_per_s_per_kw", p->has_power,
                                       p->tokens_per_s_per_kw);
  roof_cli_json_writer_number_or_null (w, "tokens_per_s_per_usd_hour",
                                       p->has_cost && p->usd_per_hour > 0.0,
                                       p->tokens_per_s / p->usd_per_hour);
  roof_cli_json_writer_number (w, "y", f->y);
  roof_cli_json_writer_layout (w, "layout", p);
  roof_cli_json_writer_string (w, "label", label);
  roof_cli_json_writer_number (w, "batch", p->batch);
  roof_cli_json_writer_number (w, "itl_s", p->itl_s);
  roof_cli_json_writer_number (w, "ttft_s", p->ttft_s);
  roof_cli_json_writer_number (w, "tokens_per_s", p->tokens_per_s);
  roof_cli_json_writer_number_or_null (w, "usd_per_mtok", p->has_cost, p->usd_per_mtok);
  roof_cli_json_writer_string (w, "bound", roof_bound_name (p->bound));
  roof_cli_json_writer_bool (w, "meets", p->meets);
  roof_cli_json_writer_end_object (w);
}

static double
devices_available (RoofCliContext *ctx, guint i)
{
  const RoofHardwareParams *hw = params_of (ctx, i);

  if (hw->scaleup_size > 0)
    return hw->scaleup_size;
  return ctx->opts->system_devices > 0.0 ? ctx->opts->system_devices : 8.0;
}

static void
write_json (RoofCliContext *ctx, const RoofWorkload *wl, const RoofFrontierSet *sets,
            RoofFrontierMetric metric)
{
  g_autoptr (RoofCliJsonWriter) w = roof_cli_json_writer_new (ctx->out);
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) head = NULL;

  json_builder_begin_object (b);
  roof_cli_json_workload (b, "workload", wl);
  json_builder_end_object (b);
  head = json_builder_get_root (b);

  roof_cli_json_writer_begin_object (w, NULL);
  roof_cli_json_writer_string (w, "model", roof_spec_get_id (ROOF_SPEC (ctx->model)));
  roof_cli_json_writer_node (w, "workload",
                             json_object_get_member (json_node_get_object (head), "workload"));
  roof_cli_json_writer_string (w, "y", roof_frontier_metric_name (metric));
  roof_cli_json_writer_cost_basis (w, ctx);
  roof_cli_json_writer_speculative (w, ctx);
  roof_cli_json_writer_number_or_null (w, "itl_s", ctx->sla.itl > 0.0, ctx->sla.itl);
  roof_cli_json_writer_number (w, "max_batch", ROOF_FRONTIER_MAX_BATCH);
  roof_cli_json_writer_begin_array (w, "frontiers");
  for (guint i = 0; i < ctx->targets->len && !roof_cli_stream_failed (ctx->out); i++)
    {
      const RoofFrontierSet *set = &sets[i];
      const RoofFrontierPoint *best = roof_frontier_set_best_within (set, ctx->sla.itl);

      roof_cli_json_writer_begin_object (w, NULL);
      roof_cli_json_writer_string (w, "system", id_of (ctx, i));
      roof_cli_json_writer_string (
        w, "device", roof_spec_get_id (ROOF_SPEC (roof_cli_target (ctx, i)->device)));
      roof_cli_json_writer_number (w, "devices_available", devices_available (ctx, i));
      roof_cli_json_writer_int (w, "layouts", set->n_layouts);
      roof_cli_json_writer_int (w, "points_computed", (gint64) set->n);
      roof_cli_json_writer_begin_array (w, "points");
      for (size_t k = 0; k < set->n; k++)
        if (set->points[k].frontier)
          json_point (w, NULL, &set->points[k]);
      roof_cli_json_writer_end_array (w);
      if (best != NULL)
        json_point (w, "best_within_itl", best);
      else
        roof_cli_json_writer_string (w, "best_within_itl", NULL);
      roof_cli_json_writer_end_object (w);
    }
  roof_cli_json_writer_end_array (w);
  roof_cli_json_writer_end_object (w);
  roof_cli_json_writer_finish (w);
}

static void
write_csv (RoofCliContext *ctx, const RoofFrontierSet *sets)
{
  g_autoptr (GString) s = g_string_new ("system,tokens_per_s_per_user,tokens_per_s_per_device,"
                                        "tokens_per_s_per_kw,y,tp,ep,pp,dp,devices,batch,"
                                        "itl_s,ttft_s,usd_per_mtok,bound,meets\n");

  for (guint i = 0; i < ctx->targets->len; i++)
    for (size_t k = 0; k < sets[i].n; k++)
      {
        const RoofFrontierPoint *f = &sets[i].points[k];
        const RoofLayoutPoint *p = &f->p;
        const double numbers[] = { f->y,        p->tp,    p->ep,    p->pp,    p->dp,
                                   p->devices, p->batch, p->itl_s, p->ttft_s };

        if (!f->frontier)
          continue;
        roof_cli_csv_append_field (s, id_of (ctx, i));
        g_string_append_c (s, ',');
        roof_cli_csv_append_number (s, f->x);
        g_string_append_c (s, ',');
        roof_cli_csv_append_number (s, p->tokens_per_s_per_device);
        g_string_append_c (s, ',');
        if (p->has_power)
          roof_cli_csv_append_number (s, p->tokens_per_s_per_kw);
        roof_cli_csv_append_numbers (s, numbers, G_N_ELEMENTS (numbers));
        g_string_append_c (s, ',');
        if (p->has_cost)
          roof_cli_csv_append_number (s, p->usd_per_mtok);
        g_string_append_printf (s, ",%s,%s\n", roof_bound_name (p->bound),
                                p->meets ? "true" : "false");
      }
  roof_cli_stream_write (ctx->out, s->str, s->len);
}

/* A row: per user, per device, the metric when it is another (the
 * column `extra` is 1 then), the layout, batch, ITL, bound and $/Mtok. */
static void
table_row (RoofCliTable *t, const RoofFrontierPoint *f, guint extra)
{
  const RoofLayoutPoint *p = &f->p;

  roof_cli_table_add_row (t);
  roof_cli_table_take (t, 0, roof_cli_format (f->x, ROOF_UNIT_RATE));
  roof_cli_table_take (t, 1, roof_cli_format (p->tokens_per_s_per_device, ROOF_UNIT_RATE));
  if (extra)
    roof_cli_table_take (t, 2, roof_cli_format (f->y, ROOF_UNIT_RATE));
  roof_cli_table_take (t, 2 + extra, roof_cli_format_layout (p->tp, p->ep, p->pp, p->dp));
  roof_cli_table_take (t, 3 + extra, g_strdup_printf ("%.15g", p->batch));
  roof_cli_table_take (t, 4 + extra, roof_cli_format (p->itl_s, ROOF_UNIT_TIME));
  roof_cli_table_set (t, 5 + extra, roof_bound_name (p->bound));
  roof_cli_table_take (t, 6 + extra, p->has_cost ? roof_cli_format (p->usd_per_mtok,
                                                                  ROOF_UNIT_USD)
                                                 : g_strdup ("no price"));
}

static void
write_table (RoofCliContext *ctx, const RoofWorkload *wl, const RoofFrontierSet *sets,
             RoofFrontierMetric metric)
{
  g_autofree char *model = roof_cli_describe_model (ctx->model);
  g_autofree char *workload = roof_cli_describe_workload (wl, ROOF_CLI_SET_BATCH
                                                                | ROOF_CLI_SET_LAYOUT);
  const char *all[8] = { "tokens/s/user", "per device", metric_titles[metric], "TP×EP×PP×DP",
                         "batch",         "ITL",        "bound",               "$/Mtok" };
  const char *header[8];
  guint extra = metric != ROOF_FRONTIER_PER_DEVICE, n_cols = 0;

  for (guint k = 0; k < G_N_ELEMENTS (all); k++)
    if (k != 2 || extra)
      header[n_cols++] = all[k];
  roof_cli_stream_printf (ctx->out, "%s\n%s\n", model, workload);
  for (guint i = 0; i < ctx->targets->len; i++)
    {
      const RoofFrontierSet *set = &sets[i];
      const RoofFrontierPoint *best = roof_frontier_set_best_within (set, ctx->sla.itl);
      g_autoptr (RoofCliTable) t = roof_cli_table_new (n_cols);

      roof_cli_stream_printf (ctx->out, "\n%s: %zu frontier points of %zu (%d layouts on %.15g "
                                        "devices × batches 1 … %.15g that fit)\n",
                              id_of (ctx, i), set->n_frontier, set->n, set->n_layouts,
                              devices_available (ctx, i), ROOF_FRONTIER_MAX_BATCH);
      if (set->n == 0)
        continue;
      roof_cli_table_set_headerv (t, header);
      roof_cli_table_set_align (t, 5 + extra, ROOF_CLI_ALIGN_LEFT);
      for (size_t k = 0; k < set->n; k++)
        if (set->points[k].frontier)
          table_row (t, &set->points[k], extra);
      roof_cli_table_print (t, ctx->out);
      if (best != NULL)
        {
          g_autofree char *itl = roof_cli_format (ctx->sla.itl, ROOF_UNIT_TIME);
          g_autofree char *y = roof_cli_format (best->y, ROOF_UNIT_RATE);
          g_autofree char *layout = roof_cli_format_layout (best->p.tp, best->p.ep, best->p.pp,
                                                            best->p.dp);
          roof_cli_stream_printf (ctx->out, "Within ITL ≤ %s: %s %s at %s, batch %.15g.\n", itl,
                                  y, metric_titles[metric], layout, best->p.batch);
        }
      else if (ctx->sla.itl > 0.0)
        {
          g_autofree char *itl = roof_cli_format (ctx->sla.itl, ROOF_UNIT_TIME);
          roof_cli_stream_printf (ctx->out, "No layout meets ITL ≤ %s at any batch.\n", itl);
        }
    }
  roof_cli_stream_print (ctx->out,
                         "\nTokens/s per user = 1/ITL; per device = output tokens/s of all DP "
                         "replicas over the TP×EP×PP×DP devices used.\n");
  roof_cli_print_speculative (ctx);
  roof_cli_print_cost_basis (ctx);
}

gboolean
roof_cli_cmd_pareto (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  const RoofModelDerived *md = roof_model_spec_get_derived (ctx->model);
  RoofFrontierMetric metric = (RoofFrontierMetric) opts->frontier_metric;
  guint n = ctx->targets->len, with_points = 0;
  g_autofree RoofFrontierSet *sets = g_new0 (RoofFrontierSet, n);
  RoofWorkload wl = ctx->workload;
  gboolean ok = TRUE;

  if (opts->set & ROOF_CLI_SET_PHASE)
    roof_cli_note (ctx, "pareto times the decode step for the ITL and the prefill of the batch "
                        "for the TTFT, whatever --phase says");
  wl.phase = ROOF_PHASE_DECODE;

  RoofSpeculative spec;
  RoofFrontierOptions fo = { .metric = metric, .itl = ctx->sla.itl };
  fo.spec = roof_cli_speculative (ctx, &spec, &fo.draft);
  for (guint i = 0; i < n && ok; i++)
    {
      RoofError rerr = { 0 };
      RoofStatus st;

      fo.devices = roof_cli_layout_devices (ctx, i);
      st = roof_frontier_set_compute (&sets[i], params_of (ctx, i), md, &wl, &fo, &rerr);
      if (st != ROOF_OK)
        ok = roof_cli_solver_error (error, roof_cli_target (ctx, i), st, &rerr);
      with_points += sets[i].n > 0;
    }
  /* a system with no point: a warning beside the others, the error alone */
  for (guint i = 0; i < n && ok; i++)
    if (sets[i].n == 0)
      {
        g_autofree char *why
          = sets[i].n_layouts == 0
              ? g_strdup_printf ("%s: no valid layout of %s (tensor parallel needs an "
                                 "interconnect)",
                                 id_of (ctx, i), roof_spec_get_id (ROOF_SPEC (ctx->model)))
              : g_strdup_printf ("%s: %s fits in none of its %d layouts, even at batch 1",
                                 id_of (ctx, i), roof_spec_get_id (ROOF_SPEC (ctx->model)),
                                 sets[i].n_layouts);
        if (with_points > 0)
          roof_cli_warning (ctx, "%s", why);
        else
          {
            g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "no frontier: %s", why);
            ok = FALSE;
          }
      }
  if (ok && opts->json)
    write_json (ctx, &wl, sets, metric);
  else if (ok && opts->csv)
    write_csv (ctx, sets);
  else if (ok)
    write_table (ctx, &wl, sets, metric);
  for (guint i = 0; i < n; i++)
    roof_frontier_set_clear (&sets[i]);
  return ok;
}
