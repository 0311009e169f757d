/* roof-cli.c — roofline-cli: catalog, scenario and flags merged, then dispatched
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-cli.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "roof-cli-private.h"
#include "roof-json.h"

typedef struct
{
  RoofCliCommandFunc run;
  gboolean needs_model; /* resolve -m, -H and the workload first */
  gboolean no_catalog;  /* reads no catalog (probe writes its --catalog) */
} Dispatch;

static const Dispatch dispatch[ROOF_CLI_N_COMMANDS] = {
  [ROOF_CLI_COMMAND_LIST] = { roof_cli_cmd_list, FALSE },
  [ROOF_CLI_COMMAND_SHOW] = { roof_cli_cmd_show, FALSE },
  [ROOF_CLI_COMMAND_SOLVE] = { roof_cli_cmd_solve, TRUE },
  [ROOF_CLI_COMMAND_SWEEP] = { roof_cli_cmd_sweep, TRUE },
  [ROOF_CLI_COMMAND_SENSITIVITY] = { roof_cli_cmd_sensitivity, TRUE },
  [ROOF_CLI_COMMAND_SYNTHESIZE] = { roof_cli_cmd_synthesize, TRUE },
  [ROOF_CLI_COMMAND_COST] = { roof_cli_cmd_cost, TRUE },
  [ROOF_CLI_COMMAND_PLOT] = { roof_cli_cmd_plot, TRUE },
  [ROOF_CLI_COMMAND_LAYOUTS] = { roof_cli_cmd_layouts, TRUE },
  [ROOF_CLI_COMMAND_PARETO] = { roof_cli_cmd_pareto, TRUE },
  [ROOF_CLI_COMMAND_MEASURED] = { roof_cli_cmd_measured, FALSE },
  [ROOF_CLI_COMMAND_PROBE] = { roof_cli_cmd_probe, FALSE, TRUE },
  [ROOF_CLI_COMMAND_CALIBRATE] = { roof_cli_cmd_calibrate, FALSE },
  [ROOF_CLI_COMMAND_PLAN] = { roof_cli_cmd_plan, TRUE },
};

/* ---------------------------------------------------------------------- */
/* Shared helpers                                                          */

gboolean
roof_cli_solver_error (GError **error, const RoofCliTarget *target, RoofStatus status,
                       const RoofError *err)
{
  const char *id = target != NULL ? target->id : NULL;
  g_autoptr (GString) msg = g_string_new (NULL);

  if (id != NULL)
    g_string_append_printf (msg, "%s: ", id);
  g_string_append (msg, err->message[0] != '\0' ? err->message : "the solver failed");

  if (status == ROOF_ERR_PRECISION && target != NULL)
    {
      /* the closest ceilings to a bf16 default first */
      static const RoofPrecision prefer[] = { ROOF_PREC_FP16, ROOF_PREC_BF16, ROOF_PREC_FP8,
                                              ROOF_PREC_INT8, ROOF_PREC_FP32 };
      const RoofHardwareParams *p = &target->params;
      g_autoptr (GString) have = g_string_new (NULL);
      const char *suggest = NULL;

      for (int i = 0; i < ROOF_PREC_COUNT; i++)
        if (p->peak_flops[i] > 0.0)
          g_string_append_printf (have, "%s%s", have->len ? ", " : "",
                                  roof_precision_name ((RoofPrecision) i));
      for (gsize i = 0; suggest == NULL && i < G_N_ELEMENTS (prefer); i++)
        if (p->peak_flops[prefer[i]] > 0.0)
          suggest = roof_precision_name (prefer[i]);
      for (int i = 0; suggest == NULL && i < ROOF_PREC_COUNT; i++)
        if (p->peak_flops[i] > 0.0)
          suggest = roof_precision_name ((RoofPrecision) i);
      if (suggest != NULL)
        g_string_append_printf (msg, " (it has %s: try --compute %s)", have->str, suggest);
      else
        g_string_append (msg, " (the catalog gives it no compute ceiling at all)");
    }
  g_set_error_literal (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, msg->str);
  return FALSE;
}

static const char *
precision (RoofPrecision p)
{
  const char *name = roof_precision_name (p);
  return name != NULL ? name : "?";
}

char *
roof_cli_describe_workload (const RoofWorkload *wl, guint omit)
{
  GString *s = g_string_new (roof_phase_name (wl->phase));
  gboolean decode = wl->phase == ROOF_PHASE_DECODE;

  if (!(omit & ROOF_CLI_SET_BATCH))
    g_string_append_printf (s, " · batch %.15g", wl->batch);
  if (decode && !(omit & ROOF_CLI_SET_CONTEXT))
    g_string_append_printf (s, " · context %.15g", wl->context);
  if (!decode)
    g_string_append_printf (s, " · prompt %.15g", wl->prompt);

  if (wl->bytes_per_weight > 0.0)
    {
      g_autofree char *b = roof_cli_format_significant (wl->bytes_per_weight, 4);
      g_string_append_printf (s, " · weights %s B each, KV %s, compute %s", b,
                              precision (wl->kv), precision (wl->compute));
    }
  else if (wl->weights == wl->kv && wl->kv == wl->compute)
    g_string_append_printf (s, " · %s", precision (wl->weights));
  else
    g_string_append_printf (s, " · weights %s, KV %s, compute %s", precision (wl->weights),
                            precision (wl->kv), precision (wl->compute));
  if (wl->activations != wl->compute)
    g_string_append_printf (s, ", activations %s", precision (wl->activations));

  if ((omit & ROOF_CLI_SET_LAYOUT) != ROOF_CLI_SET_LAYOUT)
    {
      g_autofree char *layout = roof_cli_describe_layout (wl);
      g_string_append_printf (s, " · %s", layout);
    }
  if (wl->overlap == ROOF_OVERLAP_SUM)
    g_string_append (s, " · overlap sum");
  if (wl->overhead > 0.0)
    {
      g_autofree char *t = roof_cli_format (wl->overhead, ROOF_UNIT_TIME);
      g_string_append_printf (s, " · overhead %s", t);
    }
  return g_string_free (s, FALSE);
}

char *
roof_cli_describe_layout (const RoofWorkload *wl)
{
  double ep = roof_layout_size (wl->ep), pp = roof_layout_size (wl->pp);
  double dp = roof_layout_size (wl->dp);
  double total = wl->devices * ep * pp * dp;
  GString *s;

  if (ep == 1.0 && pp == 1.0 && dp == 1.0)
    return g_strdup_printf ("%.15g device%s", wl->devices, wl->devices == 1.0 ? "" : "s");
  s = g_string_new (NULL);
  g_string_append_printf (s, "TP %.15g", wl->devices);
  if (ep > 1.0)
    g_string_append_printf (s, " × EP %.15g", ep);
  if (pp > 1.0)
    g_string_append_printf (s, " × PP %.15g", pp);
  if (dp > 1.0)
    g_string_append_printf (s, " × DP %.15g", dp);
  g_string_append_printf (s, " = %.15g devices", total);
  if (ep > 1.0)
    g_string_append_printf (s, ", %s-parallel attention",
                            roof_attn_parallel_name (wl->attn_parallel));
  if (ep > 1.0 && wl->ep_imbalance > 1.0)
    g_string_append_printf (s, ", EP imbalance %.15g", wl->ep_imbalance);
  if (pp > 1.0 && wl->microbatches > 0.0)
    g_string_append_printf (s, ", %.15g microbatches", wl->microbatches);
  return g_string_free (s, FALSE);
}

char *
roof_cli_format_layout (double tp, double ep, double pp, double dp)
{
  return g_strdup_printf ("%.15g×%.15g×%.15g×%.15g", roof_layout_size (tp),
                          roof_layout_size (ep), roof_layout_size (pp),
                          roof_layout_size (dp));
}

char *
roof_cli_describe_model (RoofModelSpec *model)
{
  const char *name = roof_spec_get_name (ROOF_SPEC (model));
  const char *id = roof_spec_get_id (ROOF_SPEC (model));

  if (name == NULL || *name == '\0' || g_str_equal (name, id))
    return g_strdup (id);
  g_autofree char *shown = roof_cli_escape (name);
  return g_strdup_printf ("%s (%s)", shown, id);
}

char *
roof_cli_describe_min_devices (int min_devices)
{
  /* the solver counts up to 2e9; suggest no count --devices refuses */
  if (min_devices > ROOF_CLI_MAX_DEVICES)
    return g_strdup_printf ("more than %d devices", ROOF_CLI_MAX_DEVICES);
  return g_strdup_printf ("≥ %d devices", min_devices);
}

GArray *
roof_cli_axis_values (double lo, double hi, int points)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

  if (lo > hi || lo < 1.0)
    return values;
  if (points >= 2)
    {
      double llo = log (lo), lhi = log (hi);
      for (int i = 0; i < points; i++)
        {
          double v = round (exp (llo + (lhi - llo) * i / (points - 1)));
          v = CLAMP (v, lo, hi);
          if (values->len == 0 || v > g_array_index (values, double, values->len - 1))
            g_array_append_val (values, v);
        }
      return values;
    }
  for (double v = lo; v < hi; v *= 2.0)
    g_array_append_val (values, v);
  g_array_append_val (values, hi);
  return values;
}

void
roof_cli_json_number (JsonBuilder *b, const char *key, double value)
{
  json_builder_set_member_name (b, key);
  if (isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
roof_cli_json_number_or_null (JsonBuilder *b, const char *key, gboolean has, double value)
{
  json_builder_set_member_name (b, key);
  if (has && isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
roof_cli_json_int (JsonBuilder *b, const char *key, gint64 value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_int_value (b, value);
}

void
roof_cli_json_bool (JsonBuilder *b, const char *key, gboolean value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_boolean_value (b, value);
}

void
roof_cli_json_string (JsonBuilder *b, const char *key, const char *value)
{
  json_builder_set_member_name (b, key);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
roof_cli_csv_append_numbers (GString *line, const double *v, gsize n)
{
  for (gsize i = 0; i < n; i++)
    {
      g_string_append_c (line, ',');
      roof_cli_csv_append_number (line, v[i]);
    }
}

void
roof_cli_json_workload (JsonBuilder *b, const char *key, const RoofWorkload *wl)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  roof_cli_json_string (b, "phase", roof_phase_name (wl->phase));
  roof_cli_json_number (b, "batch", wl->batch);
  roof_cli_json_number (b, "context", wl->context);
  roof_cli_json_number (b, "prompt", wl->prompt);
  roof_cli_json_number (b, "output", wl->output);
  roof_cli_json_string (b, "weights", roof_precision_name (wl->weights));
  roof_cli_json_string (b, "kv", roof_precision_name (wl->kv));
  roof_cli_json_string (b, "compute", roof_precision_name (wl->compute));
  roof_cli_json_string (b, "activations", roof_precision_name (wl->activations));
  roof_cli_json_number (b, "bytes_per_weight", roof_workload_weight_bytes (wl));
  roof_cli_json_number (b, "devices", wl->devices);
  roof_cli_json_string (b, "overlap", roof_overlap_name (wl->overlap));
  roof_cli_json_number (b, "overhead_s", wl->overhead);
  roof_cli_json_layout (b, "layout", wl);
  roof_cli_json_string (b, "attention", roof_attn_parallel_name (wl->attn_parallel));
  roof_cli_json_number (b, "ep_imbalance", roof_layout_size (wl->ep_imbalance));
  roof_cli_json_number (b, "microbatches", wl->microbatches > 0.0 ? wl->microbatches
                                                                  : roof_layout_size (wl->pp));
  json_builder_end_object (b);
}

void
roof_cli_json_layout (JsonBuilder *b, const char *key, const RoofWorkload *wl)
{
  double ep = roof_layout_size (wl->ep), pp = roof_layout_size (wl->pp);
  double dp = roof_layout_size (wl->dp);

  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  roof_cli_json_number (b, "tp", wl->devices);
  roof_cli_json_number (b, "ep", ep);
  roof_cli_json_number (b, "pp", pp);
  roof_cli_json_number (b, "dp", dp);
  roof_cli_json_number (b, "devices", wl->devices * ep * pp * dp);
  json_builder_end_object (b);
}

void
roof_cli_print_json (RoofCliStream *out, JsonBuilder *b)
{
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  g_autofree char *text = roof_json_to_string (root, TRUE);
  gsize len = strlen (text);

  roof_cli_stream_write (out, text, len);
  if (len > 0 && text[len - 1] != '\n')
    roof_cli_stream_write (out, "\n", 1);
}

/* "roofline-cli: KIND: MESSAGE" as one line, whatever the message quotes */
static void
diagnostic (RoofCliStream *err, const char *kind, const char *message)
{
  g_autoptr (GString) line = g_string_new ("roofline-cli: ");

  if (kind != NULL)
    g_string_append_printf (line, "%s: ", kind);
  roof_cli_append_escaped (line, message, FALSE);
  g_string_append_c (line, '\n');
  roof_cli_stream_write (err, line->str, line->len);
}

static void G_GNUC_PRINTF (3, 0)
diagnosticv (RoofCliStream *err, const char *kind, const char *format, va_list ap)
{
  g_autofree char *message = g_strdup_vprintf (format, ap);

  diagnostic (err, kind, message);
}

void
roof_cli_warning (RoofCliContext *ctx, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  diagnosticv (ctx->err, "warning", format, ap);
  va_end (ap);
}

void
roof_cli_note (RoofCliContext *ctx, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  diagnosticv (ctx->err, "note", format, ap);
  va_end (ap);
}

/* ---------------------------------------------------------------------- */
/* Entry point                                                             */

/* One line per failure. A usage error points at the command's --help; an id
 * the catalog lacks already names the closest ids or `list` instead. */
static void
report (RoofCliStream *err, const GError *error, RoofCliCommand command)
{
  g_autoptr (GString) message = g_string_new (error->message);

  if (g_error_matches (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE))
    {
      const char *name = roof_cli_command_name (command);
      g_string_append_printf (message, " (see 'roofline-cli %s%s--help')", name ? name : "",
                              name ? " " : "");
    }
  diagnostic (err, NULL, message->str);
}

static gboolean keep_catalog;

void
roof_cli_keep_catalog_at_exit (gboolean keep)
{
  keep_catalog = keep;
}

static int
run_command (const RoofCliOptions *opts, RoofCliStream *out, RoofCliStream *err, GError **error)
{
  RoofCliContext ctx = { 0 };
  gboolean ok;

  ctx.opts = opts;
  ctx.out = out;
  ctx.err = err;

  ok = dispatch[opts->command].no_catalog || roof_cli_load_catalog (&ctx, error);
  if (ok && dispatch[opts->command].needs_model)
    ok = roof_cli_resolve (&ctx, error);
  if (ok && opts->calibrated && opts->command == ROOF_CLI_COMMAND_SOLVE)
    ok = roof_cli_apply_calibrated (&ctx, error);
  if (ok)
    ok = dispatch[opts->command].run (&ctx, error);

  g_clear_pointer (&ctx.targets, g_array_unref);
  roof_cli_levers_clear (&ctx);
  g_clear_object (&ctx.model);
  g_clear_object (&ctx.scenario);
  if (keep_catalog && ctx.catalog != NULL)
    {
      /* the process ends next: the kernel takes it back at once */
      static RoofCatalog *kept;
      g_clear_object (&kept);
      kept = g_steal_pointer (&ctx.catalog);
    }
  g_clear_object (&ctx.catalog);
  return ok ? ROOF_CLI_EXIT_OK : -1;
}

int
roof_cli_run (int argc, char **argv, FILE *out_file, FILE *err_file)
{
  RoofCliOptions opts;
  RoofCliStream out, err;
  g_autoptr (GError) error = NULL;
  int status;

  g_return_val_if_fail (out_file != NULL && err_file != NULL, ROOF_CLI_EXIT_FAILED);

  roof_cli_stream_init (&out, out_file);
  roof_cli_stream_init (&err, err_file);
  roof_cli_options_init (&opts);
  if (!roof_cli_parse (argc, argv, &opts, &error))
    status = ROOF_CLI_EXIT_USAGE;
  else if (opts.version)
    {
      roof_cli_stream_printf (&out, "roofline-cli %s\n", PACKAGE_VERSION);
      status = ROOF_CLI_EXIT_OK;
    }
  else if (opts.help)
    {
      g_autofree char *help = roof_cli_help_text (opts.command);
      roof_cli_stream_print (&out, help);
      status = ROOF_CLI_EXIT_OK;
    }
  else if (dispatch[opts.command].run == NULL)
    {
      g_set_error (&error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE, "no command given");
      status = ROOF_CLI_EXIT_USAGE;
    }
  else
    {
      status = run_command (&opts, &out, &err, &error);
      if (status != ROOF_CLI_EXIT_OK)
        status = g_error_matches (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE)
                         || g_error_matches (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_UNKNOWN_ID)
                     ? ROOF_CLI_EXIT_USAGE
                     : ROOF_CLI_EXIT_FAILED;
    }

  /* what was printed is only done once it is flushed: a full disk or a
   * closed stdout shows here, if no write said so before */
  if (!roof_cli_stream_flush (&out) && error == NULL)
    {
      g_set_error (&error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "cannot write the output: %s",
                   g_strerror (out.error));
      status = ROOF_CLI_EXIT_FAILED;
    }

  if (error != NULL)
    report (&err, error, opts.command);
  else if (status != ROOF_CLI_EXIT_OK)
    diagnostic (&err, NULL, "failed");
  /* a warning or an error nobody could read: never a success */
  if (!roof_cli_stream_flush (&err) && status == ROOF_CLI_EXIT_OK)
    status = ROOF_CLI_EXIT_FAILED;
  roof_cli_options_clear (&opts);
  return status;
}
