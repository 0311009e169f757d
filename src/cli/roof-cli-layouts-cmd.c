/* roof-cli-layouts-cmd.c — `layouts`: every layout and batch, cheapest per token first
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The enumeration is the solver's (roof_layouts_enumerate, docs/model.md,
 * "Enumerating layouts"): this file gathers the points that meet the
 * targets over the systems given, ranks them and prints them.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-cli-json-writer.h"
#include "roof-cli-private.h"

/* The table's length unless --top N or --all say otherwise. */
#define DEFAULT_TOP 20
/* Batches tried per layout: 1 … MAX_BATCH (per replica). */
#define MAX_BATCH 4096.0
/* CSV is written in pieces of about this many bytes */
#define CHUNK 65536

typedef struct
{
  RoofLayoutPoint p;
  guint target; /* index into ctx->targets */
} Row;

typedef struct
{
  GArray *rows; /* Row */
  guint target;
  guint *met;           /* points of each target that meet the targets */
  guint *layouts_met;   /* layouts of each target with at least one such point */
  gboolean every_batch; /* keep every point, not each layout's best */
  gboolean open;        /* `last` holds the layout of this target's previous meeting point */
  double last[4];       /* its tp, ep, pp, dp */
} Gather;

static gboolean
better (const RoofLayoutPoint *a, const RoofLayoutPoint *b)
{
  if (a->has_cost && b->has_cost)
    return a->usd_per_mtok < b->usd_per_mtok;
  return a->tokens_per_s_per_device > b->tokens_per_s_per_device;
}


/* The solver visits a layout's batches one after the other: without
 * --every-batch, the layout keeps the one point that is cheapest per token
 * (the largest batch meeting the targets, unless the cost turns up). */
static bool
gather_point (const RoofLayoutPoint *point, void *user)
{
  Gather *g = user;
  gboolean new_layout;

  /* some 300,000 calls for one system: nothing here but compares and, for
   * a better point, one copy */
  if (!point->fits || !point->meets)
    return true;
  new_layout = !g->open || point->tp != g->last[0] || point->ep != g->last[1]
               || point->pp != g->last[2] || point->dp != g->last[3];
  g->met[g->target]++;
  if (new_layout)
    {
      g->layouts_met[g->target]++;
      g->last[0] = point->tp;
      g->last[1] = point->ep;
      g->last[2] = point->pp;
      g->last[3] = point->dp;
      g->open = TRUE;
    }
  if (g->every_batch || new_layout)
    {
      Row row = { *point, g->target };
      g_array_append_val (g->rows, row);
    }
  else
    {
      Row *best = &g_array_index (g->rows, Row, g->rows->len - 1);
      if (better (point, &best->p))
        best->p = *point;
    }
  return true;
}

/* Cheapest per token first; then, and for unpriced points, the most output
 * per device; then the fewest devices, the smaller batch, the column order. */
static int
compare_rows (gconstpointer pa, gconstpointer pb)
{
  const RoofLayoutPoint *a = &((const Row *) pa)->p, *b = &((const Row *) pb)->p;
  guint ta = ((const Row *) pa)->target, tb = ((const Row *) pb)->target;

  if (a->has_cost != b->has_cost)
    return a->has_cost ? -1 : 1;
  if (a->has_cost && a->usd_per_mtok != b->usd_per_mtok)
    return a->usd_per_mtok < b->usd_per_mtok ? -1 : 1;
  if (a->tokens_per_s_per_device != b->tokens_per_s_per_device)
    return a->tokens_per_s_per_device > b->tokens_per_s_per_device ? -1 : 1;
  if (a->devices != b->devices)
    return a->devices < b->devices ? -1 : 1;
  if (a->batch != b->batch)
    return a->batch < b->batch ? -1 : 1;
  return (ta > tb) - (ta < tb);
}

/* ---------------------------------------------------------------------- */
/* Output                                                                  */

void
roof_cli_json_writer_layout (RoofCliJsonWriter *w, const char *key, const RoofLayoutPoint *p)
{
  roof_cli_json_writer_begin_object (w, key);
  roof_cli_json_writer_number (w, "tp", p->tp);
  roof_cli_json_writer_number (w, "ep", p->ep);
  roof_cli_json_writer_number (w, "pp", p->pp);
  roof_cli_json_writer_number (w, "dp", p->dp);
  roof_cli_json_writer_number (w, "devices", p->devices);
  roof_cli_json_writer_end_object (w);
}

static void
write_json (RoofCliContext *ctx, const RoofWorkload *wl, GArray *rows, guint limit)
{
  g_autoptr (RoofCliJsonWriter) w = roof_cli_json_writer_new (ctx->out);
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) head = NULL;
  JsonObject *o;

  /* the workload and SLA objects as every other command writes them */
  json_builder_begin_object (b);
  roof_cli_json_workload (b, "workload", wl);
  json_builder_set_member_name (b, "sla");
  json_builder_begin_object (b);
  roof_cli_json_number_or_null (b, "itl_s", ctx->sla.itl > 0.0, ctx->sla.itl);
  roof_cli_json_number_or_null (b, "ttft_s", ctx->sla.ttft > 0.0, ctx->sla.ttft);
  roof_cli_json_number (b, "max_batch", MAX_BATCH);
  json_builder_end_object (b);
  json_builder_end_object (b);
  head = json_builder_get_root (b);
  o = json_node_get_object (head);

  roof_cli_json_writer_begin_object (w, NULL);
  roof_cli_json_writer_string (w, "model", roof_spec_get_id (ROOF_SPEC (ctx->model)));
  roof_cli_json_writer_node (w, "workload", json_object_get_member (o, "workload"));
  roof_cli_json_writer_node (w, "sla", json_object_get_member (o, "sla"));
  roof_cli_json_writer_cost_basis (w, ctx);
  roof_cli_json_writer_speculative (w, ctx);
  roof_cli_json_writer_int (w, "count", rows->len);
  roof_cli_json_writer_begin_array (w, "layouts");
  for (guint i = 0; i < limit && !roof_cli_stream_failed (ctx->out); i++)
    {
      const Row *row = &g_array_index (rows, Row, i);
      const RoofLayoutPoint *p = &row->p;

      roof_cli_json_writer_begin_object (w, NULL);
      roof_cli_json_writer_string (w, "system", id_of (ctx, row->target));
      roof_cli_json_writer_string (
        w, "device", roof_spec_get_id (ROOF_SPEC (roof_cli_target (ctx, row->target)->device)));
      roof_cli_json_writer_layout (w, "layout", p);
      roof_cli_json_writer_number (w, "batch", p->batch);
      roof_cli_json_writer_number (w, "itl_s", p->itl_s);
      roof_cli_json_writer_number (w, "ttft_s", p->ttft_s);
      roof_cli_json_writer_number (w, "tokens_per_s", p->tokens_per_s);
      roof_cli_json_writer_number (w, "tokens_per_s_per_device", p->tokens_per_s_per_device);
      if (p->has_power)
        roof_cli_json_writer_number (w, "tokens_per_s_per_kw", p->tokens_per_s_per_kw);
      roof_cli_json_writer_number_or_null (w, "usd_per_mtok", p->has_cost, p->usd_per_mtok);
      roof_cli_json_writer_string (w, "bound", roof_bound_name (p->bound));
      roof_cli_json_writer_number (w, "devices_idle", p->devices_idle);
      roof_cli_json_writer_bool (w, "fits", p->fits);
      roof_cli_json_writer_bool (w, "meets", p->meets);
      roof_cli_json_writer_end_object (w);
    }
  roof_cli_json_writer_end_array (w);
  roof_cli_json_writer_end_object (w);
  roof_cli_json_writer_finish (w);
}

static void
write_csv (RoofCliContext *ctx, GArray *rows, guint limit)
{
  g_autoptr (GString) s = g_string_sized_new (CHUNK + 1024);

  g_string_append (s, "system,tp,ep,pp,dp,devices,batch,itl_s,ttft_s,tokens_per_s,"
                      "tokens_per_s_per_device,tokens_per_s_per_kw,usd_per_mtok,bound,fits,"
                      "meets\n");
  for (guint i = 0; i < limit && !roof_cli_stream_failed (ctx->out); i++)
    {
      const Row *row = &g_array_index (rows, Row, i);
      const RoofLayoutPoint *p = &row->p;
      const double numbers[] = { p->tp,     p->ep,     p->pp,           p->dp,
                                 p->devices, p->batch, p->itl_s,        p->ttft_s,
                                 p->tokens_per_s, p->tokens_per_s_per_device };

      roof_cli_csv_append_field (s, id_of (ctx, row->target));
      roof_cli_csv_append_numbers (s, numbers, G_N_ELEMENTS (numbers));
      g_string_append_c (s, ',');
      if (p->has_power)
        roof_cli_csv_append_number (s, p->tokens_per_s_per_kw);
      g_string_append_c (s, ',');
      if (p->has_cost)
        roof_cli_csv_append_number (s, p->usd_per_mtok);
      g_string_append_c (s, ',');
      g_string_append (s, roof_bound_name (p->bound));
      g_string_append (s, p->fits ? ",true" : ",false");
      g_string_append (s, p->meets ? ",true\n" : ",false\n");
      if (s->len >= CHUNK)
        {
          roof_cli_stream_write (ctx->out, s->str, s->len);
          g_string_truncate (s, 0);
        }
    }
  roof_cli_stream_write (ctx->out, s->str, s->len);
}

static char *
describe_targets (const RoofSla *sla)
{
  GString *s = g_string_new ("Targets:");

  if (sla->itl > 0.0)
    {
      g_autofree char *v = roof_cli_format (sla->itl, ROOF_UNIT_TIME);
      g_string_append_printf (s, " ITL ≤ %s", v);
    }
  if (sla->ttft > 0.0)
    {
      g_autofree char *v = roof_cli_format (sla->ttft, ROOF_UNIT_TIME);
      g_string_append_printf (s, "%s TTFT ≤ %s", sla->itl > 0.0 ? "," : "", v);
    }
  if (!(sla->itl > 0.0) && !(sla->ttft > 0.0))
    g_string_append (s, " none: every layout and batch that fits");
  g_string_append_printf (s, "; batches 1 to %.15g per replica.", MAX_BATCH);
  return g_string_free (s, FALSE);
}

static void
write_table (RoofCliContext *ctx, const RoofWorkload *wl, GArray *rows, guint limit,
             const Gather *g, const int *n_layouts)
{
  g_autofree char *model = roof_cli_describe_model (ctx->model);
  g_autofree char *workload = roof_cli_describe_workload (wl, ROOF_CLI_SET_BATCH
                                                                | ROOF_CLI_SET_LAYOUT);
  g_autofree char *targets = describe_targets (&ctx->sla);
  gboolean any_power = FALSE;
  guint col = 0, c_power, c_bound, c_usd;

  for (guint i = 0; i < limit; i++)
    any_power = any_power || g_array_index (rows, Row, i).p.has_power;

  roof_cli_stream_printf (ctx->out, "%s\n%s\n%s\n", model, workload, targets);
  if (limit > 0)
    {
      const char *header[13] = { "#", "system", "TP×EP×PP×DP", "devices", "batch", "ITL",
                                 "TTFT", "tokens/s", "per device" };
      g_autoptr (RoofCliTable) t = NULL;

      col = 9;
      c_power = any_power ? col++ : G_MAXUINT;
      c_bound = col++;
      c_usd = col++;
      if (c_power != G_MAXUINT)
        header[c_power] = "per kW";
      header[c_bound] = "bound";
      header[c_usd] = "$/Mtok";
      t = roof_cli_table_new (col);
      roof_cli_table_set_align (t, 1, ROOF_CLI_ALIGN_LEFT);
      roof_cli_table_set_align (t, c_bound, ROOF_CLI_ALIGN_LEFT);
      roof_cli_table_set_headerv (t, header);
      for (guint i = 0; i < limit; i++)
        {
          const Row *row = &g_array_index (rows, Row, i);
          const RoofLayoutPoint *p = &row->p;

          roof_cli_table_add_row (t);
          roof_cli_table_take (t, 0, g_strdup_printf ("%u", i + 1));
          roof_cli_table_set (t, 1, id_of (ctx, row->target));
          roof_cli_table_take (t, 2, roof_cli_format_layout (p->tp, p->ep, p->pp, p->dp));
          roof_cli_table_take (t, 3, g_strdup_printf ("%.15g", p->devices));
          roof_cli_table_take (t, 4, g_strdup_printf ("%.15g", p->batch));
          roof_cli_table_take (t, 5, roof_cli_format (p->itl_s, ROOF_UNIT_TIME));
          roof_cli_table_take (t, 6, roof_cli_format (p->ttft_s, ROOF_UNIT_TIME));
          roof_cli_table_take (t, 7, roof_cli_format (p->tokens_per_s, ROOF_UNIT_RATE));
          roof_cli_table_take (t, 8, roof_cli_format (p->tokens_per_s_per_device,
                                                      ROOF_UNIT_RATE));
          if (c_power != G_MAXUINT)
            roof_cli_table_take (t, c_power,
                                 p->has_power ? roof_cli_format (p->tokens_per_s_per_kw,
                                                                 ROOF_UNIT_RATE)
                                              : g_strdup ("—"));
          roof_cli_table_set (t, c_bound, roof_bound_name (p->bound));
          roof_cli_table_take (t, c_usd, p->has_cost ? roof_cli_format (p->usd_per_mtok,
                                                                        ROOF_UNIT_USD)
                                                     : g_strdup ("no price"));
        }
      roof_cli_stream_print (ctx->out, "\n");
      roof_cli_table_print (t, ctx->out);
    }

  roof_cli_stream_print (ctx->out, "\n");
  if (rows->len == 0)
    roof_cli_stream_print (ctx->out, "No layout fits and meets the targets at any batch.\n");
  else
    roof_cli_stream_printf (ctx->out, "%s %u of %u %s that meet the targets%s.\n",
                            limit < rows->len ? "The cheapest" : "All", limit, rows->len,
                            g->every_batch ? "layouts and batches" : "layouts, each at its "
                                                                      "cheapest batch,",
                            limit < rows->len ? " (--top N, --all)" : "");
  for (guint i = 0; i < ctx->targets->len; i++)
    roof_cli_stream_printf (ctx->out, "  %s: %u of %d valid layouts meet them, at %u "
                                      "layout-batch points\n",
                            id_of (ctx, i), g->layouts_met[i], n_layouts[i], g->met[i]);
  roof_cli_stream_print (ctx->out, "Tokens/s are output tokens of all DP replicas; per device "
                                   "divides by the TP×EP×PP×DP devices used.\n");
  roof_cli_print_speculative (ctx);
  roof_cli_print_cost_basis (ctx);
}

/* ---------------------------------------------------------------------- */

gboolean
roof_cli_cmd_layouts (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  const RoofModelDerived *md = roof_model_spec_get_derived (ctx->model);
  guint n = ctx->targets->len;
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (Row));
  g_autofree guint *met = g_new0 (guint, n);
  g_autofree int *n_layouts = g_new0 (int, n);
  RoofWorkload wl = ctx->workload;
  RoofLayoutSearch search;
  g_autofree guint *layouts_met = g_new0 (guint, n);
  Gather gather = { rows, 0, met, layouts_met, opts->every_batch, FALSE, { 0, 0, 0, 0 } };
  guint limit;

  if (opts->set & ROOF_CLI_SET_PHASE)
    roof_cli_note (ctx, "layouts times the decode step for the ITL and the prefill of the "
                        "batch for the TTFT, whatever --phase says");
  wl.phase = ROOF_PHASE_DECODE;

  roof_layout_search_init (&search);
  search.max_batch = MAX_BATCH;
  search.itl = ctx->sla.itl;
  search.ttft = ctx->sla.ttft;
  RoofSpeculative spec;
  search.spec = roof_cli_speculative (ctx, &spec, &search.draft);

  for (guint i = 0; i < n; i++)
    {
      RoofError rerr = { 0 };
      RoofStatus st;

      gather.target = i;
      gather.open = FALSE;
      search.devices = roof_cli_layout_devices (ctx, i);
      if (!params_of (ctx, i)->has_price)
        roof_cli_note (ctx, "%s has no price in the catalog: its layouts rank after the priced "
                            "ones, by tokens/s per device",
                       id_of (ctx, i));
      st = roof_layouts_enumerate (params_of (ctx, i), md, &wl, &search, gather_point, &gather,
                                   &n_layouts[i], NULL, &rerr);
      if (st != ROOF_OK)
        return roof_cli_solver_error (error, roof_cli_target (ctx, i), st, &rerr);
    }
  g_array_sort (rows, compare_rows);

  /* the table shows the top 20 unless told; JSON and CSV every row */
  if (opts->all)
    limit = rows->len;
  else if (opts->set & ROOF_CLI_SET_TOP)
    limit = MIN ((guint) opts->top, rows->len);
  else
    limit = opts->json || opts->csv ? rows->len : MIN (DEFAULT_TOP, rows->len);

  if (opts->json)
    write_json (ctx, &wl, rows, limit);
  else if (opts->csv)
    write_csv (ctx, rows, limit);
  else
    write_table (ctx, &wl, rows, limit, &gather, n_layouts);
  return TRUE;
}
