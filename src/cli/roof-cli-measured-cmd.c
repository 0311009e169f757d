/* roof-cli-measured-cmd.c — roofline-cli measured list|import|show
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Measured serving results (src/catalog/roof-measurement.h) beside the
 * bound Roofline computes for their settings (src/chart-data/roof-measured.h,
 * docs/model.md "Measured points"). Imports are kept in the user's data
 * folder ($XDG_DATA_HOME/roofline/measurements.json), written with
 * roof_file_save.
 */
#include "config.h"

#include <string.h>

#include "roof-cli-json-writer.h"
#include "roof-cli-private.h"
#include "roof-file-read.h"
#include "roof-measured.h"
#include "roof-measurement.h"

static gboolean
failed (GError **error, GError *cause)
{
  g_set_error_literal (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, cause->message);
  return FALSE;
}

/* The user's imported measurements; an unreadable file is an error (a
 * import must not overwrite what it cannot read). */
static GPtrArray *
load_user (RoofCliContext *ctx, GError **error)
{
  g_autoptr (GFile) file = roof_measurements_default_file ();
  g_autoptr (GError) local = NULL;
  GPtrArray *set = roof_measurements_load_file (file, ctx->catalog, &local);

  if (set == NULL)
    failed (error, local);
  return set;
}

/* The measurements of the file at `path`; the importer's own error (a
 * ROOF_MEASUREMENT_ERROR says what the file lacks) in `error`. */
static GPtrArray *
import_file (RoofCliContext *ctx, const char *path, const RoofImportHints *hints,
             RoofImportFormat *format, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (path);
  g_autofree char *contents = NULL;
  g_autofree char *origin = g_file_get_parse_name (file);
  gsize length = 0;

  if (!roof_file_read (file, ROOF_FILE_READ_ALLOW_PIPE, &contents, &length, error))
    return NULL;
  return roof_measurements_import (contents, length, origin, hints, ctx->catalog, format, error);
}

static GPtrArray *
read_measured_file (RoofCliContext *ctx, const char *path, const RoofImportHints *hints,
                    RoofImportFormat *format, GError **error)
{
  g_autoptr (GError) local = NULL;
  GPtrArray *set = import_file (ctx, path, hints, format, &local);

  if (set == NULL)
    failed (error, local);
  return set;
}

/* A --measured file of plot or solve: what it does not say comes from
 * --measured-hardware (or --measured-system), --measured-devices and
 * --measured-model, else from the command itself when that is unambiguous
 * (one -H or one --system, the -m it draws). docs/cli.md, "Measured
 * results". */
static GPtrArray *
read_compared_file (RoofCliContext *ctx, const char *path, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  RoofImportHints hints = { 0 };
  g_autoptr (GError) local = NULL;
  GPtrArray *set;
  const RoofCliTarget *only
    = ctx->targets != NULL && ctx->targets->len == 1 ? &g_array_index (ctx->targets, RoofCliTarget, 0)
                                                      : NULL;

  hints.model = opts->measured_model;
  hints.hardware = opts->measured_hardware;
  hints.system = opts->measured_system;
  hints.devices = opts->measured_devices;
  /* a stated --measured-* is the file's answer; the command's own device
   * and model only answer what the file leaves open */
  for (int tries = 0; tries < 3; tries++)
    {
      g_clear_error (&local);
      if ((set = import_file (ctx, path, &hints, NULL, &local)) != NULL)
        return set;
      if (g_error_matches (local, ROOF_MEASUREMENT_ERROR, ROOF_MEASUREMENT_ERROR_NEEDS_MODEL)
          && hints.model == NULL && ctx->model != NULL)
        hints.model = roof_spec_get_id (ROOF_SPEC (ctx->model));
      else if (g_error_matches (local, ROOF_MEASUREMENT_ERROR,
                                ROOF_MEASUREMENT_ERROR_NEEDS_HARDWARE)
               && hints.hardware == NULL && hints.system == NULL && only != NULL)
        *(only->system != NULL ? &hints.system : &hints.hardware) = only->id;
      else
        break;
    }
  if (g_error_matches (local, ROOF_MEASUREMENT_ERROR, ROOF_MEASUREMENT_ERROR_NEEDS_HARDWARE))
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE,
                   "--measured %s: the file does not say what it ran on and the command "
                   "compares %u devices or systems: give --measured-hardware ID (and "
                   "--measured-devices N) or --measured-system ID",
                   path, ctx->targets != NULL ? ctx->targets->len : 0u);
      return NULL;
    }
  return failed (error, local), NULL;
}

/* the free function of the NULL-terminated array of sets */
static void
unref_set (gpointer set)
{
  if (set != NULL)
    g_ptr_array_unref (set);
}

GPtrArray *
roof_cli_measurement_sets (RoofCliContext *ctx, gboolean user, gboolean bundled, GError **error)
{
  g_autoptr (GPtrArray) sets = g_ptr_array_new_with_free_func (unref_set);
  g_autoptr (GError) local = NULL;
  GPtrArray *set;

  if (ctx->scenario != NULL)
    g_ptr_array_add (sets, g_ptr_array_ref (roof_scenario_get_measurements (ctx->scenario)));
  for (guint i = 0; i < ctx->opts->measured_files->len; i++)
    {
      set = read_compared_file (ctx, g_ptr_array_index (ctx->opts->measured_files, i), error);
      if (set == NULL)
        return NULL;
      g_ptr_array_add (sets, set);
    }
  if (user)
    {
      if ((set = load_user (ctx, error)) == NULL)
        return NULL;
      g_ptr_array_add (sets, set);
    }
  if (bundled)
    {
      if ((set = roof_measurements_bundled (ctx->catalog, &local)) == NULL)
        return failed (error, local), NULL;
      g_ptr_array_add (sets, set);
    }
  /* NULL-terminated for roof_measured_fill_input */
  g_ptr_array_add (sets, NULL);
  return g_steal_pointer (&sets);
}

/* Every measurement of the bundled set, then the user's, the --measured
 * files' and the scenario's; the records belong to `*sets`. */
static GPtrArray *
all_measurements (RoofCliContext *ctx, GPtrArray **sets_out, GError **error)
{
  g_autoptr (GPtrArray) all = g_ptr_array_new ();
  g_autoptr (GPtrArray) sets = roof_cli_measurement_sets (ctx, TRUE, TRUE, error);

  if (sets == NULL)
    return NULL;
  /* the bundled set (last) first */
  for (guint s = sets->len - 1; s-- > 0;)
    {
      GPtrArray *set = g_ptr_array_index (sets, s);
      for (guint i = 0; i < set->len; i++)
        g_ptr_array_add (all, g_ptr_array_index (set, i));
    }
  *sets_out = g_steal_pointer (&sets);
  return g_steal_pointer (&all);
}

/* ------------------------------------------------------------------------ */
/* Output                                                                   */

static void
json_measurement (RoofCliJsonWriter *w, RoofCliContext *ctx, const RoofMeasurement *m)
{
  g_autoptr (JsonNode) node = roof_measurement_to_json (m);
  g_autoptr (GError) error = NULL;
  JsonObject *o = json_node_get_object (node);
  RoofMeasuredPoint pt;
  gboolean ok = roof_measured_evaluate (ctx->catalog, m, &pt, &error);

  json_object_set_double_member (o, "devices", roof_measurement_total_devices (m, ctx->catalog));
  json_object_set_boolean_member (o, "builtin", m->builtin);
  if (ok)
    {
      json_object_set_double_member (o, "bound_tokens_per_s", pt.bound_tokens_per_s);
      json_object_set_double_member (o, "fraction_of_bound", pt.fraction);
      json_object_set_string_member (o, "bound", roof_bound_name (pt.bound));
      json_object_set_double_member (o, "intensity", pt.intensity);
      json_object_set_double_member (o, "flop_per_token", pt.flop_per_token);
    }
  else
    json_object_set_string_member (o, "bound_error", error->message);
  roof_cli_json_writer_node (w, NULL, node);
}

static gboolean
print_json (RoofCliContext *ctx, GPtrArray *set, const char *format)
{
  g_autoptr (RoofCliJsonWriter) w = roof_cli_json_writer_new (ctx->out);

  roof_cli_json_writer_begin_object (w, NULL);
  if (format != NULL)
    roof_cli_json_writer_string (w, "imported_from", format);
  roof_cli_json_writer_begin_array (w, "measurements");
  for (guint i = 0; i < set->len; i++)
    json_measurement (w, ctx, g_ptr_array_index (set, i));
  roof_cli_json_writer_end_array (w);
  roof_cli_json_writer_end_object (w);
  return roof_cli_json_writer_finish (w);
}

static void
print_table (RoofCliContext *ctx, GPtrArray *set)
{
  g_autoptr (RoofCliTable) t = roof_cli_table_new (9);

  roof_cli_table_set_align (t, 0, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 1, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 2, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 3, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_header (t, "id", "hardware", "model", "precision", "in/out", "batch",
                             "tokens/s", "bound", "% of bound", NULL);
  for (guint i = 0; i < set->len; i++)
    {
      const RoofMeasurement *m = g_ptr_array_index (set, i);
      g_autoptr (GError) error = NULL;
      RoofMeasuredPoint pt;
      gboolean ok = roof_measured_evaluate (ctx->catalog, m, &pt, &error);
      double n = roof_measurement_total_devices (m, ctx->catalog);

      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, m->id);
      roof_cli_table_take (t, 1, g_strdup_printf ("%.15g × %s", n,
                                                  m->system != NULL ? m->system : m->hardware));
      roof_cli_table_set (t, 2, m->model);
      roof_cli_table_set (t, 3, roof_precision_name (m->weights));
      roof_cli_table_take (t, 4, g_strdup_printf ("%.15g/%.15g", m->prompt, m->output));
      roof_cli_table_take (t, 5, m->batch >= 1.0 ? g_strdup_printf ("%.15g", m->batch)
                                                 : g_strdup ("–"));
      roof_cli_table_take (t, 6, g_strdup_printf ("%.0f", m->tokens_per_s));
      roof_cli_table_take (t, 7, ok ? g_strdup_printf ("%.0f", pt.bound_tokens_per_s)
                                    : g_strdup ("–"));
      roof_cli_table_take (t, 8, ok ? g_strdup_printf ("%.1f", 100.0 * pt.fraction)
                                    : g_strdup ("–"));
      if (!ok)
        roof_cli_note (ctx, "%s: no bound: %s", m->id, error->message);
    }
  roof_cli_table_print (t, ctx->out);
}

static gboolean
show_one (RoofCliContext *ctx, const RoofMeasurement *m)
{
  g_autoptr (JsonNode) node = roof_measurement_to_json (m);
  g_autoptr (RoofCliTable) t = roof_cli_table_new (2);
  g_autoptr (GError) error = NULL;
  RoofMeasuredPoint pt;
  if (ctx->opts->json)
    {
      g_autoptr (GPtrArray) one = g_ptr_array_new ();
      g_ptr_array_add (one, (gpointer) m);
      return print_json (ctx, one, NULL);
    }
  roof_cli_table_set_align (t, 0, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 1, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_header (t, "field", "value", NULL);
  {
    JsonObject *o = json_node_get_object (node);
    g_autoptr (GList) names = json_object_get_members (o);
    for (GList *l = names; l != NULL; l = l->next)
      {
        JsonNode *v = json_object_get_member (o, l->data);
        roof_cli_table_add_row (t);
        roof_cli_table_set (t, 0, l->data);
        roof_cli_table_take (t, 1, JSON_NODE_HOLDS_VALUE (v)
                                        && json_node_get_value_type (v) == G_TYPE_STRING
                                      ? g_strdup (json_node_get_string (v))
                                      : roof_cli_format_significant (json_node_get_double (v), 6));
      }
  }
  roof_cli_table_print (t, ctx->out);
  if (roof_measured_evaluate (ctx->catalog, m, &pt, &error))
    roof_cli_stream_printf (ctx->out,
                            "\nbound: %.5g tokens/s (%s-bound over the whole request), "
                            "measured %.3g %% of it\n",
                            pt.bound_tokens_per_s, roof_bound_name (pt.bound), 100.0 * pt.fraction);
  else
    roof_cli_stream_printf (ctx->out, "\nno bound: %s\n", error->message);
  return TRUE;
}

void
roof_cli_json_measured (JsonBuilder *b, RoofCliContext *ctx, GPtrArray *sets,
                        const char *target_id)
{
  const char *model = roof_spec_get_id (ROOF_SPEC (ctx->model));

  for (guint s = 0; sets != NULL && s < sets->len && g_ptr_array_index (sets, s) != NULL; s++)
    {
      const RoofMeasurement *m
        = roof_measured_match (g_ptr_array_index (sets, s), ctx->catalog, target_id, model,
                               &ctx->workload);
      g_autoptr (GError) error = NULL;
      RoofMeasuredPoint pt;

      if (m == NULL)
        continue;
      if (!roof_measured_evaluate (ctx->catalog, m, &pt, &error))
        {
          roof_cli_warning (ctx, "measurement %s: no bound: %s", m->id, error->message);
          continue;
        }
      json_builder_set_member_name (b, "measured");
      json_builder_begin_object (b);
      roof_cli_json_string (b, "id", m->id);
      roof_cli_json_number (b, "tokens_per_s", m->tokens_per_s);
      roof_cli_json_number (b, "bound_tokens_per_s", pt.bound_tokens_per_s);
      roof_cli_json_number (b, "fraction_of_bound", pt.fraction);
      roof_cli_json_string (b, "source", m->source);
      json_builder_end_object (b);
      return;
    }
}

/* ------------------------------------------------------------------------ */
/* The command                                                              */

static gboolean
import (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  const RoofWorkload *wl = &opts->workload;
  RoofImportHints hints = { 0 };
  RoofImportFormat format;
  g_autoptr (GFile) file = roof_measurements_default_file ();
  g_autoptr (GPtrArray) added = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree char *where = NULL;

  hints.hardware = opts->hardware->len > 0 ? g_ptr_array_index (opts->hardware, 0) : NULL;
  hints.system = opts->systems->len > 0 ? g_ptr_array_index (opts->systems, 0) : NULL;
  hints.model = opts->model;
  hints.devices = (opts->set & ROOF_CLI_SET_DEVICES) ? wl->devices : 0.0;
  hints.batch = (opts->set & ROOF_CLI_SET_BATCH) ? wl->batch : 0.0;
  hints.prompt = (opts->set & ROOF_CLI_SET_PROMPT) ? wl->prompt : 0.0;
  hints.output = (opts->set & ROOF_CLI_SET_OUTPUT) ? wl->output : 0.0;
  hints.precision = (opts->set & ROOF_CLI_SET_WEIGHTS) ? roof_precision_name (wl->weights) : NULL;
  hints.kv_precision = (opts->set & ROOF_CLI_SET_KV) ? roof_precision_name (wl->kv) : NULL;

  added = read_measured_file (ctx, opts->measured_arg, &hints, &format, error);
  if (added == NULL)
    return FALSE;
  if (!roof_measurements_add_to_file (added, file, ctx->catalog, NULL, &local))
    return failed (error, local);

  where = g_file_get_parse_name (file);
  if (opts->json)
    return print_json (ctx, added, roof_import_format_name (format));
  roof_cli_stream_printf (ctx->out, "imported %u measurement%s (%s) into %s\n", added->len,
                          added->len == 1 ? "" : "s", roof_import_format_name (format), where);
  print_table (ctx, added);
  return TRUE;
}

gboolean
roof_cli_cmd_measured (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  g_autoptr (GPtrArray) sets = NULL;
  g_autoptr (GPtrArray) all = NULL;
  const RoofMeasurement *m;

  if (opts->measured_action == ROOF_CLI_MEASURED_IMPORT)
    return import (ctx, error);
  if ((all = all_measurements (ctx, &sets, error)) == NULL)
    return FALSE;
  if (opts->measured_action == ROOF_CLI_MEASURED_LIST)
    {
      if (opts->json)
        return print_json (ctx, all, NULL);
      print_table (ctx, all);
      return TRUE;
    }
  m = roof_measurements_find (all, opts->measured_arg);
  if (m == NULL)
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_UNKNOWN_ID,
                   "no measurement has the id '%s' (roofline-cli measured list shows them)",
                   opts->measured_arg);
      return FALSE;
    }
  return show_one (ctx, m);
}
