/* roof-cli-calibrate-cmd.c — roofline-cli calibrate, and --calibrated
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Calibration": the device's compute and memory
 * efficiencies and its overhead per step fitted to its measurements
 * (src/chart-data/roof-calibrate.h); --save writes them into the user
 * catalog as the entry's "calibration" object, beside its ideal
 * "efficiency", with roof_user_catalog_save (roof_file_save underneath).
 * solve and plot --calibrated read that object back.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-calibrate.h"
#include "roof-cli-json-writer.h"
#include "roof-cli-private.h"
#include "roof-measured.h"
#include "roof-measurement.h"
#include "roof-user-catalog.h"

typedef struct
{
  RoofCalibrationData d; /* used, points, sources */
  GPtrArray *sets;       /* what the measurements belong to */
} Points;

static void
points_clear (Points *p)
{
  roof_calibration_data_clear (&p->d);
  g_clear_pointer (&p->sets, g_ptr_array_unref);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Points, points_clear)

/* "-m llama-3.1-8b, fp8": what the filters say, for messages */
static char *
filters (RoofCliContext *ctx)
{
  const RoofCliOptions *opts = ctx->opts;
  g_autoptr (GString) s = g_string_new (NULL);

  if (opts->model != NULL)
    g_string_append_printf (s, " of %s", opts->model);
  if (opts->set & ROOF_CLI_SET_COMPUTE)
    g_string_append_printf (s, " at %s", roof_precision_name (opts->workload.compute));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static gboolean
collect (RoofCliContext *ctx, const char *device, Points *p, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  g_autofree char *what = filters (ctx);
  g_autoptr (GError) local = NULL;

  p->sets = roof_cli_measurement_sets (ctx, TRUE, opts->bundled_measurements, error);
  if (p->sets == NULL)
    return FALSE;
  if (!roof_calibration_collect (ctx->catalog, (GPtrArray *const *) p->sets->pdata,
                                 (int) p->sets->len - 1, device, opts->model,
                                 (opts->set & ROOF_CLI_SET_COMPUTE) ? (int) opts->workload.compute
                                                                     : -1,
                                 &p->d, &local))
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "%s", local->message);
      return FALSE;
    }
  if (p->d.points->len == 0)
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED,
                   "no measurements of %s%s to fit (import some with 'roofline-cli measured "
                   "import', give --measured FILE or --bundled-measurements)",
                   device, what);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Saving                                                                   */

/* The fit into the user catalog's entry of `device` (a built-in entry
 * becomes a modified one): the file's path, or NULL with the error. */
static char *
save (RoofCliContext *ctx, const char *device, const RoofCalibrationFit *fit, const Points *p,
      GError **error)
{
  g_autoptr (GFile) file = roof_user_catalog_default_file ();
  g_autoptr (RoofUserCatalog) user = roof_user_catalog_new (file);
  g_autoptr (GError) local = NULL;
  g_autoptr (JsonObject) entry = NULL;
  RoofHardwareSpec *spec;

  if (!roof_user_catalog_load (user, NULL, NULL, &local)
      || roof_user_catalog_get_read_only (user))
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "--save: %s",
                   local != NULL ? local->message : "the user catalog cannot be written");
      return NULL;
    }
  spec = roof_catalog_lookup_hardware (roof_user_catalog_get_catalog (user), device, NULL);
  if (spec == NULL)
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED,
                   "--save: %s is neither built in nor in the user catalog; add it there first",
                   device);
      return NULL;
    }
  entry = roof_spec_to_json (ROOF_SPEC (spec));
  json_object_set_object_member (entry, "calibration", roof_calibration_to_json (
                                   fit, ctx->opts->model,
                                   (ctx->opts->set & ROOF_CLI_SET_COMPUTE)
                                     ? roof_precision_name (ctx->opts->workload.compute)
                                     : NULL,
                                   p->d.sources));
  if (!roof_spec_replace_json (ROOF_SPEC (spec), entry, &local)
      || !roof_user_catalog_save (user, &local))
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "--save: %s", local->message);
      return NULL;
    }
  return g_file_get_parse_name (file);
}

/* ------------------------------------------------------------------------ */
/* Output                                                                   */

static const char *
state_note (RoofCalibrationState state, int n, gboolean overhead)
{
  if (state != ROOF_CALIBRATION_UNDETERMINED)
    return "";
  if (overhead)
    return " (no measurement states its batch)";
  return n == 0 ? " (no measurement is bound by it)" : "";
}

static void
print_table (RoofCliContext *ctx, const char *device, const RoofCalibrationFit *fit,
             const Points *p, const char *saved)
{
  g_autoptr (RoofCliTable) t = roof_cli_table_new (4);
  g_autoptr (RoofCliTable) r = roof_cli_table_new (6);
  g_autofree char *what = filters (ctx);
  struct
  {
    const char *name;
    double value;
    RoofCalibrationState state;
    int n;
    gboolean overhead;
  } rows[] = {
    { "compute efficiency", fit->eta_compute, fit->compute_state, fit->n_compute, FALSE },
    { "memory efficiency", fit->eta_memory, fit->memory_state, fit->n_memory, FALSE },
    { "overhead per step", fit->overhead, fit->overhead_state, fit->n_overhead, TRUE },
  };

  roof_cli_stream_printf (ctx->out, "Calibration of %s%s from %d measurement%s\n\n", device,
                          what, fit->n_points, fit->n_points == 1 ? "" : "s");
  roof_cli_table_set_align (t, 0, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 2, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_header (t, "parameter", "value", "state", "points bound by it", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, rows[i].name);
      roof_cli_table_take (t, 1, rows[i].state == ROOF_CALIBRATION_UNDETERMINED
                                   ? g_strdup ("–")
                                 : rows[i].overhead ? roof_cli_format (rows[i].value, ROOF_UNIT_TIME)
                                                    : g_strdup_printf ("%.4f", rows[i].value));
      roof_cli_table_take (t, 2, g_strconcat (roof_calibration_state_name (rows[i].state),
                                              state_note (rows[i].state, rows[i].n,
                                                          rows[i].overhead),
                                              NULL));
      roof_cli_table_take (t, 3, g_strdup_printf ("%d", rows[i].n));
    }
  roof_cli_table_print (t, ctx->out);
  roof_cli_stream_printf (ctx->out,
                          "\nResiduals, ln (predicted / measured time): RMS %.4f, largest %.4f%s\n\n",
                          fit->rms, fit->max_residual,
                          fit->collinear ? "; the fitted parameters trade off against each other "
                                           "(too few or too similar points)"
                                         : "");

  roof_cli_table_set_align (r, 0, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_header (r, "measurement", "in/out", "measured tok/s", "ideal bound",
                             "calibrated", "measured vs calibrated", NULL);
  for (guint i = 0; i < p->d.used->len; i++)
    {
      const RoofMeasurement *m = g_ptr_array_index (p->d.used, i);
      const RoofCalibrationPoint *pt = &g_array_index (p->d.points, RoofCalibrationPoint, i);
      double ideal = 1.0 / MAX (pt->compute, pt->memory);
      double calibrated = 1.0 / roof_calibration_predict (fit, pt);

      roof_cli_table_add_row (r);
      roof_cli_table_set (r, 0, m->id);
      roof_cli_table_take (r, 1, g_strdup_printf ("%.15g/%.15g", m->prompt, m->output));
      roof_cli_table_take (r, 2, g_strdup_printf ("%.0f", m->tokens_per_s));
      roof_cli_table_take (r, 3, g_strdup_printf ("%.0f", ideal));
      roof_cli_table_take (r, 4, g_strdup_printf ("%.0f", calibrated));
      roof_cli_table_take (r, 5, g_strdup_printf ("%+.1f %%", 100.0 * (m->tokens_per_s / calibrated - 1.0)));
    }
  roof_cli_table_print (r, ctx->out);
  if (saved != NULL)
    {
      g_autofree char *shown = roof_cli_escape (saved);
      roof_cli_stream_printf (ctx->out, "\nSaved as the calibration of %s in %s.\n", device,
                              shown);
    }
}

static void
json_parameter (RoofCliJsonWriter *w, const char *key, double value, RoofCalibrationState state,
                int n)
{
  roof_cli_json_writer_begin_object (w, key);
  roof_cli_json_writer_number (w, "value", state == ROOF_CALIBRATION_UNDETERMINED ? NAN : value);
  roof_cli_json_writer_string (w, "state", roof_calibration_state_name (state));
  roof_cli_json_writer_number (w, "points", n);
  roof_cli_json_writer_end_object (w);
}

static gboolean
print_json (RoofCliContext *ctx, const char *device, const RoofCalibrationFit *fit,
            const Points *p, const char *saved)
{
  g_autoptr (RoofCliJsonWriter) w = roof_cli_json_writer_new (ctx->out);
  const RoofCliOptions *opts = ctx->opts;

  roof_cli_json_writer_begin_object (w, NULL);
  roof_cli_json_writer_string (w, "hardware", device);
  roof_cli_json_writer_string (w, "model", opts->model);
  roof_cli_json_writer_string (w, "precision", (opts->set & ROOF_CLI_SET_COMPUTE)
                                                 ? roof_precision_name (opts->workload.compute)
                                                 : NULL);
  roof_cli_json_writer_number (w, "points", fit->n_points);
  json_parameter (w, "compute_efficiency", fit->eta_compute, fit->compute_state, fit->n_compute);
  json_parameter (w, "memory_efficiency", fit->eta_memory, fit->memory_state, fit->n_memory);
  json_parameter (w, "overhead_us", fit->overhead * 1e6, fit->overhead_state, fit->n_overhead);
  roof_cli_json_writer_bool (w, "collinear", fit->collinear);
  roof_cli_json_writer_number (w, "rms", fit->rms);
  roof_cli_json_writer_number (w, "max_residual", fit->max_residual);
  roof_cli_json_writer_begin_array (w, "measurements");
  for (guint i = 0; i < p->d.used->len; i++)
    {
      const RoofMeasurement *m = g_ptr_array_index (p->d.used, i);
      const RoofCalibrationPoint *pt = &g_array_index (p->d.points, RoofCalibrationPoint, i);
      double predicted = roof_calibration_predict (fit, pt);

      roof_cli_json_writer_begin_object (w, NULL);
      roof_cli_json_writer_string (w, "id", m->id);
      roof_cli_json_writer_number (w, "tokens_per_s", m->tokens_per_s);
      roof_cli_json_writer_number (w, "bound_tokens_per_s", 1.0 / MAX (pt->compute, pt->memory));
      roof_cli_json_writer_number (w, "calibrated_tokens_per_s", 1.0 / predicted);
      roof_cli_json_writer_number (w, "residual", log (predicted / pt->measured));
      roof_cli_json_writer_end_object (w);
    }
  roof_cli_json_writer_end_array (w);
  roof_cli_json_writer_string (w, "saved_to", saved);
  roof_cli_json_writer_end_object (w);
  return roof_cli_json_writer_finish (w);
}

gboolean
roof_cli_cmd_calibrate (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  RoofHardwareSpec *spec;
  g_auto (Points) p = { 0 };
  g_autoptr (GError) local = NULL;
  g_autofree char *saved = NULL;
  RoofCalibrationFit fit;
  const char *device;

  spec = roof_cli_lookup_hardware (ctx->catalog, g_ptr_array_index (opts->hardware, 0), error);
  if (spec == NULL)
    return FALSE;
  device = roof_spec_get_id (ROOF_SPEC (spec));
  if (opts->model != NULL && roof_cli_lookup_model (ctx->catalog, opts->model, error) == NULL)
    return FALSE;
  if (!collect (ctx, device, &p, error))
    return FALSE;
  if (!roof_calibration_fit ((RoofCalibrationPoint *) p.d.points->data, (int) p.d.points->len, &fit,
                             &local))
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "%s", local->message);
      return FALSE;
    }
  if (opts->save && (saved = save (ctx, device, &fit, &p, error)) == NULL)
    return FALSE;
  if (opts->json)
    return print_json (ctx, device, &fit, &p, saved);
  print_table (ctx, device, &fit, &p, saved);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* --calibrated                                                             */

/* The calibration of `device` in `catalog` into `t`; FALSE when it has none. */
static gboolean
read_calibration (RoofCatalog *catalog, const char *device, RoofCliTarget *t)
{
  RoofHardwareSpec *spec = catalog != NULL
                             ? roof_catalog_lookup_hardware (catalog, device, NULL)
                             : NULL;
  RoofCalibration cal;

  if (!roof_calibration_from_spec (ROOF_SPEC (spec), &cal))
    return FALSE;
  t->calibrated = TRUE;
  t->cal_compute = cal.compute;
  t->cal_memory = cal.memory;
  t->cal_overhead = cal.overhead;
  t->cal_has_overhead = cal.has_overhead;
  t->cal_points = cal.points;
  t->cal_rms = cal.rms;
  return TRUE;
}

/* Each target's calibration: from the catalog in use (built-in and
 * --catalog files), else from the user catalog that calibrate --save
 * writes. */
static gboolean
find_calibrations (RoofCliContext *ctx, GError **error)
{
  g_autoptr (RoofUserCatalog) user = NULL;

  for (guint i = 0; i < ctx->targets->len; i++)
    {
      RoofCliTarget *t = &g_array_index (ctx->targets, RoofCliTarget, i);
      const char *device = roof_spec_get_id (ROOF_SPEC (t->device));

      if (read_calibration (ctx->catalog, device, t))
        continue;
      if (user == NULL)
        {
          g_autoptr (GFile) file = roof_user_catalog_default_file ();
          g_autoptr (GError) local = NULL;

          user = roof_user_catalog_new (file);
          if (!roof_user_catalog_load (user, NULL, NULL, &local))
            {
              g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "--calibrated: %s",
                           local->message);
              return FALSE;
            }
        }
      if (!read_calibration (roof_user_catalog_get_catalog (user), device, t))
        {
          g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED,
                       "--calibrated: %s has no calibration; run 'roofline-cli calibrate -H %s "
                       "--save' first",
                       device, device);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
roof_cli_apply_calibrated (RoofCliContext *ctx, GError **error)
{
  if (!find_calibrations (ctx, error))
    return FALSE;
  for (guint i = 0; i < ctx->targets->len; i++)
    {
      RoofCliTarget *t = &g_array_index (ctx->targets, RoofCliTarget, i);
      if (t->cal_overhead != roof_cli_target (ctx, 0)->cal_overhead)
        {
          g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED,
                       "--calibrated: %s and %s have different calibrated overheads per step; "
                       "solve them one at a time",
                       roof_cli_target (ctx, 0)->id, t->id);
          return FALSE;
        }
      t->params.eff_compute = t->cal_compute;
      t->params.eff_memory = t->cal_memory;
    }
  if (ctx->targets->len > 0 && roof_cli_target (ctx, 0)->cal_overhead > 0.0)
    {
      if (ctx->opts->set & ROOF_CLI_SET_OVERHEAD)
        {
          g_set_error_literal (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE,
                               "--calibrated and --overhead-us exclude each other: the "
                               "calibration has its own overhead");
          return FALSE;
        }
      ctx->workload.overhead = roof_cli_target (ctx, 0)->cal_overhead;
    }
  return TRUE;
}

void
roof_cli_print_calibrated (RoofCliContext *ctx)
{
  for (guint i = 0; ctx->opts->calibrated && i < ctx->targets->len; i++)
    {
      const RoofCliTarget *t = roof_cli_target (ctx, i);
      g_autofree char *t0 = t->cal_has_overhead ? roof_cli_format (t->cal_overhead, ROOF_UNIT_TIME)
                                                : g_strdup ("not fitted");
      roof_cli_stream_printf (ctx->out,
                              "Calibrated, not the ideal bound: %s at η_c %.4f, η_m %.4f, t_0 %s "
                              "(fitted to %.15g measurements, RMS %.4f)\n",
                              t->id, t->cal_compute, t->cal_memory, t0, t->cal_points,
                              t->cal_rms);
    }
  if (ctx->opts->calibrated)
    roof_cli_stream_printf (ctx->out, "\n");
}

void
roof_cli_json_calibrated (JsonBuilder *b, RoofCliContext *ctx, guint i)
{
  const RoofCliTarget *t = roof_cli_target (ctx, i);

  if (!ctx->opts->calibrated)
    return;
  json_builder_set_member_name (b, "calibrated");
  json_builder_begin_object (b);
  roof_cli_json_number (b, "compute_efficiency", t->cal_compute);
  roof_cli_json_number (b, "memory_efficiency", t->cal_memory);
  roof_cli_json_number (b, "overhead_us", t->cal_overhead * 1e6);
  roof_cli_json_number (b, "points", t->cal_points);
  roof_cli_json_number (b, "rms", t->cal_rms);
  json_builder_end_object (b);
}

int
roof_cli_calibrated_devices (RoofCliContext *ctx, RoofPlotDevice *devices, int n,
                             GPtrArray *names, GError **error)
{
  int total = n;

  if (!find_calibrations (ctx, error))
    return -1;
  if (2 * n > ROOF_PLOT_MAX_DEVICES)
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE,
                   "--calibrated draws each device twice: at most %d devices, %d given",
                   ROOF_PLOT_MAX_DEVICES / 2, n);
      return -1;
    }
  for (int i = 0; i < n; i++)
    {
      const RoofCliTarget *t = roof_cli_target (ctx, (guint) i);
      RoofCalibration cal = { .compute = t->cal_compute, .memory = t->cal_memory,
                              .points = (int) t->cal_points };

      g_ptr_array_add (names, roof_calibration_device (&devices[i], &cal, devices[i].color + n,
                                                       &devices[total++]));
    }
  return total;
}
