/* roof-cli-probe-cmd.c — roofline-cli probe: the roofline of this computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Measures with roof_probe_run (src/probe), prints the figures (a table, or
 * --json with the entry) and saves the entry to the user catalog, or to
 * --catalog FILE, unless --no-save.
 */
#include "config.h"

#include "roof-cli-private.h"

#include "roof-cli-json-writer.h"
#include "roof-probe.h"
#include "roof-user-catalog.h"

#include <math.h>

static void
json_result (RoofCliContext *ctx, const RoofProbeResult *r, JsonObject *entry, const char *saved)
{
  g_autoptr (RoofCliJsonWriter) w = roof_cli_json_writer_new (ctx->out);
  g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), entry);

  roof_cli_json_writer_begin_object (w, NULL);
  roof_cli_json_writer_begin_object (w, "machine");
  roof_cli_json_writer_string (w, "cpu", r->cpu_model);
  roof_cli_json_writer_int (w, "cpus", r->cpus);
  roof_cli_json_writer_int (w, "cores", r->cores);
  roof_cli_json_writer_number (w, "memory_bytes", (double) r->memory_bytes);
  roof_cli_json_writer_number_or_null (w, "max_frequency_MHz", r->max_freq_hz > 0,
                                       r->max_freq_hz / 1e6);
  roof_cli_json_writer_string (w, "frequency_source", r->freq_source);
  roof_cli_json_writer_number_or_null (w, "load_average", r->load_average >= 0,
                                       r->load_average);
  roof_cli_json_writer_string (w, "date", r->date);
  roof_cli_json_writer_end_object (w);
  roof_cli_json_writer_number (w, "seconds", r->seconds);

  roof_cli_json_writer_begin_object (w, "memory");
  roof_cli_json_writer_number (w, "bandwidth_GBps", r->memory_bytes_per_s / 1e9);
  roof_cli_json_writer_string (w, "kernel", "triad");
  roof_cli_json_writer_int (w, "bytes_per_element", 3 * sizeof (double));
  roof_cli_json_writer_number (w, "array_bytes", (double) r->triad_array_bytes);
  roof_cli_json_writer_number (w, "rule_array_bytes", (double) r->triad_rule_bytes);
  roof_cli_json_writer_int (w, "threads", r->cpus);
  roof_cli_json_writer_int (w, "runs", r->triad_runs);
  roof_cli_json_writer_end_object (w);

  roof_cli_json_writer_begin_array (w, "caches");
  for (int i = 0; i < r->n_caches; i++)
    {
      const RoofProbeCache *c = &r->caches[i];
      roof_cli_json_writer_begin_object (w, NULL);
      roof_cli_json_writer_string (w, "name", c->name);
      roof_cli_json_writer_int (w, "level", c->level);
      roof_cli_json_writer_number (w, "size_bytes", (double) c->size);
      roof_cli_json_writer_int (w, "shared_cpus", c->shared_cpus);
      roof_cli_json_writer_number (w, "total_bytes", (double) c->total);
      roof_cli_json_writer_number (w, "working_set_bytes", (double) c->working_set);
      roof_cli_json_writer_number (w, "rule_working_set_bytes", (double) c->working_set_rule);
      roof_cli_json_writer_int (w, "threads", r->cores);
      roof_cli_json_writer_number (w, "bandwidth_GBps", c->bytes_per_s / 1e9);
      roof_cli_json_writer_end_object (w);
    }
  roof_cli_json_writer_end_array (w);

  roof_cli_json_writer_begin_array (w, "peaks");
  for (int i = 0; i < r->n_peaks; i++)
    {
      const RoofProbePeak *p = &r->peaks[i];
      double nominal = roof_probe_nominal_per_pipe (r, p);
      roof_cli_json_writer_begin_object (w, NULL);
      roof_cli_json_writer_string (w, "precision",
                                   roof_precision_name (roof_probe_op_precision (p->kernel->op)));
      roof_cli_json_writer_string (w, "isa", p->kernel->isa);
      roof_cli_json_writer_string (w, "instruction", p->kernel->instruction);
      roof_cli_json_writer_int (w, "lanes", p->kernel->lanes);
      roof_cli_json_writer_int (w, "ops_per_lane", p->kernel->ops_per_lane);
      roof_cli_json_writer_int (w, "accumulators", ROOF_PROBE_ACCUMULATORS);
      roof_cli_json_writer_int (w, "threads", r->cpus);
      roof_cli_json_writer_number (w, "TFLOPS", p->ops_per_s / 1e12);
      roof_cli_json_writer_number_or_null (w, "nominal_TFLOPS_per_pipe", nominal > 0,
                                           nominal / 1e12);
      roof_cli_json_writer_end_object (w);
    }
  roof_cli_json_writer_end_array (w);

  roof_cli_json_writer_node (w, "entry", node);
  roof_cli_json_writer_string (w, "saved_to", saved);
  roof_cli_json_writer_end_object (w);
  roof_cli_json_writer_finish (w);
}

static void
row (RoofCliTable *t, char *what, char *figure, char *how)
{
  roof_cli_table_add_row (t);
  roof_cli_table_take (t, 0, what);
  roof_cli_table_take (t, 1, figure);
  roof_cli_table_take (t, 2, how);
}

/* Said after the bytes a measurement used when the rule of docs/probe.md
 * asked more and filling them took longer than the time allowed: "" or
 * " (rule: 3 × 2032 MiB, too slow to fill)". */
static char *
short_by_time (guint64 used, guint64 rule, gboolean triad)
{
  g_autofree char *bytes = NULL;

  if (used >= rule)
    return g_strdup ("");
  bytes = triad ? g_strdup_printf ("3 × %" G_GUINT64_FORMAT " MiB", rule >> 20)
                : roof_cli_format ((double) rule, ROOF_UNIT_BYTES);
  return g_strdup_printf (" (rule: %s, too slow to fill)", bytes);
}

static void
table_result (RoofCliContext *ctx, const RoofProbeResult *r, const char *saved)
{
  g_autoptr (GString) head = g_string_new (NULL);
  RoofCliTable *t = roof_cli_table_new (3);
  g_autofree char *model = roof_cli_escape (r->cpu_model);
  g_autofree char *mem = roof_cli_format ((double) r->memory_bytes, ROOF_UNIT_BYTES);
  g_autofree char *triad_short = short_by_time (r->triad_array_bytes, r->triad_rule_bytes, TRUE);

  g_string_append_printf (head, "This computer: %s, %d CPUs (%d cores), %s of memory, %s\n",
                          model, r->cpus, r->cores, mem, r->date);
  if (r->load_average >= 0)
    g_string_append_printf (head, "Load average when the measurement started: %.2f\n",
                            r->load_average);
  roof_cli_stream_print (ctx->out, head->str);

  roof_cli_table_set_header (t, "", "measured", "how", NULL);
  roof_cli_table_set_align (t, 2, ROOF_CLI_ALIGN_LEFT);
  row (t, g_strdup ("memory"), roof_cli_format (r->memory_bytes_per_s, ROOF_UNIT_BANDWIDTH),
       g_strdup_printf ("triad, 3 × %" G_GUINT64_FORMAT " MiB%s, %d threads, best of %d",
                        r->triad_array_bytes >> 20, triad_short, r->cpus, r->triad_runs));
  for (int i = 0; i < r->n_caches; i++)
    {
      const RoofProbeCache *c = &r->caches[i];
      g_autofree char *size = roof_cli_format ((double) c->total, ROOF_UNIT_BYTES);
      g_autofree char *ws = roof_cli_format ((double) c->working_set, ROOF_UNIT_BYTES);
      g_autofree char *cut = short_by_time (c->working_set, c->working_set_rule, FALSE);
      row (t, g_strdup (c->name), roof_cli_format (c->bytes_per_s, ROOF_UNIT_BANDWIDTH),
           g_strdup_printf ("%s in all, reading %s%s on %d threads", size, ws, cut, r->cores));
    }
  for (int i = 0; i < r->n_peaks; i++)
    {
      const RoofProbePeak *p = &r->peaks[i];
      double nominal = roof_probe_nominal_per_pipe (r, p);
      g_autofree char *nom = roof_cli_format (nominal, ROOF_UNIT_FLOPS);
      row (t, g_strdup (roof_precision_name (roof_probe_op_precision (p->kernel->op))),
           roof_cli_format (p->ops_per_s, ROOF_UNIT_FLOPS),
           nominal > 0 ? g_strdup_printf ("%s, %d threads; one pipe at %.0f MHz: %s",
                                          p->kernel->instruction, r->cpus,
                                          r->max_freq_hz / 1e6, nom)
                       : g_strdup_printf ("%s, %d threads; clock unknown",
                                          p->kernel->instruction, r->cpus));
    }
  roof_cli_table_print (t, ctx->out);
  roof_cli_table_free (t);
  if (saved != NULL)
    {
      g_autofree char *where = roof_cli_escape (saved);
      roof_cli_stream_printf (ctx->out, "Saved as \"%s\" to %s\n", ROOF_PROBE_ENTRY_ID, where);
    }
}

gboolean
roof_cli_cmd_probe (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  g_auto (RoofProbeResult) r = { 0 };
  g_autoptr (RoofHardwareSpec) spec = NULL;
  g_autoptr (JsonObject) entry = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree char *saved = NULL;

  if (!roof_probe_run (opts->probe_seconds, NULL, NULL, NULL, &r, &local))
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "probe: %s", local->message);
      return FALSE;
    }
  entry = roof_probe_entry_json (&r);
  spec = roof_probe_entry_spec (&r, &local);
  if (spec == NULL)
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "probe: %s", local->message);
      return FALSE;
    }
  if (!opts->no_save)
    {
      file = opts->catalogs->len > 0
                 ? g_file_new_for_commandline_arg (g_ptr_array_index (opts->catalogs, 0))
                 : roof_user_catalog_default_file ();
      if (!roof_probe_save (spec, file, &local))
        {
          g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED,
                       "the measured entry is not saved: %s", local->message);
          return FALSE;
        }
      saved = g_file_get_parse_name (file);
    }
  if (opts->json)
    json_result (ctx, &r, entry, saved);
  else
    table_result (ctx, &r, saved);
  return TRUE;
}
