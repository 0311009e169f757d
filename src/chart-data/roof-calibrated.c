/* roof-calibrated.c — a calibration collected, saved and drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Calibration": what roofline-cli calibrate and the app's
 * Calibrate… dialog share (the device's measurements as points, the
 * entry's "calibration" object), and what plot --calibrated and the app's
 * Show Calibrated Predictions draw (a calibrated copy of a device beside
 * the ideal one).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "roof-calibrate.h"
#include "roof-catalog-error.h"

void
roof_calibration_data_clear (RoofCalibrationData *data)
{
  g_clear_pointer (&data->used, g_ptr_array_unref);
  g_clear_pointer (&data->points, g_array_unref);
  g_clear_pointer (&data->sources, g_ptr_array_unref);
}

gboolean
roof_calibration_collect (RoofCatalog *catalog,
                          GPtrArray *const *sets,
                          int n_sets,
                          const char *device,
                          const char *model,
                          int precision,
                          RoofCalibrationData *out,
                          GError **error)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (catalog), FALSE);
  g_return_val_if_fail (device != NULL, FALSE);

  out->used = g_ptr_array_new ();
  out->points = g_array_new (FALSE, FALSE, sizeof (RoofCalibrationPoint));
  out->sources = g_ptr_array_new_with_free_func (g_free);
  for (int s = 0; s < n_sets; s++)
    for (guint i = 0; sets[s] != NULL && i < sets[s]->len; i++)
      {
        const RoofMeasurement *m = g_ptr_array_index (sets[s], i);
        g_autoptr (GError) local = NULL;
        RoofCalibrationPoint pt;

        if (g_strcmp0 (roof_measurement_device_id (m, catalog), device) != 0
            || (model != NULL && g_strcmp0 (m->model, model) != 0)
            || (precision >= 0 && (int) m->compute != precision))
          continue;
        if (!roof_calibration_point (catalog, m, &pt, &local))
          {
            g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                         "measurement %s: %s", m->id, local->message);
            return FALSE;
          }
        g_ptr_array_add (out->used, (gpointer) m);
        g_array_append_val (out->points, pt);
        if (m->source != NULL
            && !g_ptr_array_find_with_equal_func (out->sources, m->source, g_str_equal, NULL))
          g_ptr_array_add (out->sources, g_strdup (m->source));
      }
  return TRUE;
}

JsonObject *
roof_calibration_to_json (const RoofCalibrationFit *fit,
                          const char *model,
                          const char *precision,
                          GPtrArray *sources)
{
  JsonObject *o = json_object_new ();
  JsonArray *array = json_array_new ();
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *date = g_date_time_format (now, "%F");

  if (fit->compute_state != ROOF_CALIBRATION_UNDETERMINED)
    json_object_set_double_member (o, "compute", fit->eta_compute);
  if (fit->memory_state != ROOF_CALIBRATION_UNDETERMINED)
    json_object_set_double_member (o, "memory", fit->eta_memory);
  if (fit->overhead_state != ROOF_CALIBRATION_UNDETERMINED)
    json_object_set_double_member (o, "overhead_us", fit->overhead * 1e6);
  json_object_set_int_member (o, "points", fit->n_points);
  json_object_set_double_member (o, "rms", fit->rms);
  json_object_set_double_member (o, "max_residual", fit->max_residual);
  if (model != NULL)
    json_object_set_string_member (o, "model", model);
  if (precision != NULL)
    json_object_set_string_member (o, "precision", precision);
  json_object_set_string_member (o, "date", date);
  for (guint i = 0; sources != NULL && i < sources->len; i++)
    json_array_add_string_element (array, g_ptr_array_index (sources, i));
  json_object_set_array_member (o, "sources", array);
  return o;
}

gboolean
roof_calibration_from_spec (RoofSpec *spec, RoofCalibration *out)
{
  if (spec == NULL || !roof_spec_has_field (spec, "calibration.points"))
    return FALSE;
  out->compute = roof_spec_get_number (spec, "calibration.compute", 1.0);
  out->memory = roof_spec_get_number (spec, "calibration.memory", 1.0);
  out->overhead = roof_spec_get_number (spec, "calibration.overhead_us", 0.0) * 1e-6;
  out->has_overhead = roof_spec_has_field (spec, "calibration.overhead_us");
  out->points = (int) roof_spec_get_number (spec, "calibration.points", 0.0);
  out->rms = roof_spec_get_number (spec, "calibration.rms", NAN);
  return TRUE;
}

char *
roof_calibration_device (const RoofPlotDevice *ideal,
                         const RoofCalibration *cal,
                         int color,
                         RoofPlotDevice *out)
{
  /* TRANSLATORS: a device's calibrated copy on a chart */
  char *name = g_strdup_printf (_("%s (calibrated)"), ideal->name);

  *out = *ideal;
  out->name = name;
  out->hw.eff_compute = cal->compute;
  out->hw.eff_memory = cal->memory;
  out->color = color;
  out->has_rgb = FALSE;
  out->calibrated = TRUE;
  out->cal_points = cal->points;
  return name;
}
