/* roof-chart-pipeline.c — the driver every chart runs through
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Layers, bottom to top: background, tinted regions, grid, data (clipped),
 * overlays, axes and caption, legend, placed labels. The stages of a chart
 * are described in roof-chart-common.h (RoofChartClass).
 */
#include <string.h>

#include "roof-chart-common.h"
#include "roof-chart-measured.h"

#define ROOF_CHART_CLASS_ROW_(ID, name) [ROOF_PLOT_##ID] = &roof_chart_##name##_class,
static const RoofChartClass *const classes[ROOF_PLOT_COUNT] = {
  ROOF_PLOT_KINDS (ROOF_CHART_CLASS_ROW_)
};
#undef ROOF_CHART_CLASS_ROW_

const RoofChartClass *
roof_chart_class_get (RoofPlotKind kind)
{
  if ((int) kind < 0 || kind >= ROOF_PLOT_COUNT)
    return NULL;
  return classes[kind];
}

const char *
roof_plot_kind_title (RoofPlotKind kind)
{
  const RoofChartClass *klass = roof_chart_class_get (kind);
  return klass != NULL ? _(klass->title) : NULL;
}

gboolean
roof_input_visible (const RoofChartInput *in, int device)
{
  return device >= 0 && device < in->n_devices && device < 32 && !(in->hidden & (1u << device));
}

const char *
roof_input_model_name (const RoofChartInput *in, const char *fallback)
{
  return in->model_name ? in->model_name : fallback;
}

gboolean
roof_hardware_derated (const RoofHardwareParams *hw)
{
  return (hw->eff_memory > 0.0 && hw->eff_memory < 1.0)
         || (hw->eff_compute > 0.0 && hw->eff_compute < 1.0);
}

int
roof_input_n_visible (const RoofChartInput *in)
{
  int n = 0;
  for (int i = 0; i < in->n_devices; i++)
    n += roof_input_visible (in, i);
  return n;
}

int
roof_input_first_visible (const RoofChartInput *in)
{
  for (int i = 0; i < in->n_devices; i++)
    if (roof_input_visible (in, i))
      return i;
  return -1;
}

gboolean
roof_chart_input_error (GError **error, const char *message)
{
  g_set_error_literal (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT, message);
  return FALSE;
}

gboolean
roof_chart_device_error (const RoofChartInput *in, int device, const RoofError *err,
                         GError **error)
{
  g_autofree char *name = roof_input_device_name (in, device);
  g_set_error (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT, "%s: %s", name, err->message);
  return FALSE;
}

gboolean
roof_chart_collect_devices (const RoofChartInput *in,
                            gpointer data,
                            RoofCollectDevice collect_device,
                            GError **error)
{
  const RoofError *first_err = NULL;
  int first = -1;
  gboolean any = FALSE;

  for (int i = 0; i < in->n_devices; i++)
    if (roof_input_visible (in, i))
      {
        const RoofError *err = collect_device (in, data, i);

        if (err == NULL)
          any = TRUE;
        else if (first < 0)
          first = i, first_err = err;
      }
  if (any || first < 0)
    return TRUE;
  return roof_chart_device_error (in, first, first_err, error);
}

char *
roof_chart_ellipsize (const char *text, int max_chars)
{
  if (!g_utf8_validate (text, -1, NULL))
    return g_utf8_make_valid (text, -1); /* the catalog validates names; never here */
  if (g_utf8_strlen (text, max_chars + 1) <= max_chars)
    return g_strdup (text);
  const char *end = g_utf8_offset_to_pointer (text, max_chars - 1);
  return g_strdup_printf ("%.*s…", (int) (end - text), text);
}

char *
roof_input_device_name (const RoofChartInput *in, int device)
{
  const RoofPlotDevice *d = &in->devices[device];
  if (d->name && *d->name)
    return roof_chart_ellipsize (d->name, ROOF_CHART_NAME_MAX);
  if (d->id && *d->id)
    return g_strdup (d->id);
  return g_strdup_printf (_("device %d"), device + 1);
}

void
roof_chart_lay_out (RoofRender *R, void (*obstacles) (RoofRender *R, gpointer data),
                    gpointer data)
{
  for (int pass = 0; pass < 2; pass++)
    {
      roof_frame_layout (R);
      if (obstacles != NULL)
        obstacles (R, data);
      roof_measured_obstacles (R);
      if (roof_legend_place (R))
        break;
      /* outside: on the right when it is narrow, else under the plot in
       * columns when the plot keeps half the height, so that the plot
       * keeps most of the width */
      double lw, lh;
      roof_legend_size (R, &lw, &lh);
      if (lw > 0.22 * R->width)
        {
          R->legend_cols = roof_legend_columns (R, R->width - 2.0 * R->pad);
          roof_legend_size (R, &lw, &lh);
          if (R->frame.plot.height - lh - 10.0 >= 0.5 * R->height)
            {
              R->frame.reserve_bottom = lh + 10.0;
              continue;
            }
          R->legend_cols = 1;
          roof_legend_size (R, &lw, &lh);
        }
      R->frame.reserve_right = lw + 10.0;
    }
  roof_operating_lay_out (R);
}

/* What every chart of the compared devices says when there is nothing to
 * compare; NULL when there is. */
static const char *
opening_message (const RoofChartInput *in)
{
  if (in->model == NULL)
    return _("No model is selected.");
  if (roof_input_n_visible (in) == 0)
    return in->n_devices == 0 ? _("No device is selected.") : _("Every device is hidden.");
  return NULL;
}

gpointer
roof_chart_collect (const RoofChartClass *klass, const RoofChartInput *in, GError **error)
{
  g_return_val_if_fail (klass != NULL && klass->collect != NULL, NULL);
  g_return_val_if_fail (in != NULL, NULL);

  const char *why = klass->needs_devices ? opening_message (in) : NULL;
  if (why != NULL)
    {
      g_set_error_literal (error, ROOF_CHART_ERROR, ROOF_CHART_ERROR_INPUT, why);
      return NULL;
    }
  gpointer data = g_malloc0 (klass->data_size);
  if (!klass->collect (in, data, error))
    {
      roof_chart_collect_free (klass, data);
      return NULL;
    }
  return data;
}

void
roof_chart_collect_free (const RoofChartClass *klass, gpointer data)
{
  if (data == NULL)
    return;
  if (klass->clear != NULL)
    klass->clear (data);
  g_free (data);
}

static void
draw_layers (RoofRender *R, const RoofChartClass *klass, gpointer data)
{
  cairo_t *cr = R->cr;
  GArray *labels = roof_pending_labels_new ();

  roof_frame_draw_background (R);
  if (klass->draw_regions != NULL)
    klass->draw_regions (R, data);
  roof_frame_draw_grid (R);
  cairo_save (cr);
  roof_frame_clip (R);
  if (klass->draw_data != NULL)
    klass->draw_data (R, data, labels);
  roof_measured_draw (R, labels);
  cairo_restore (cr);
  if (klass->draw_overlays != NULL)
    klass->draw_overlays (R, data, labels);
  roof_frame_draw_axes (R);
  roof_operating_draw (R);
  if (R->plot_message != NULL)
    roof_render_message (R, R->plot_message, R->th->muted);
  roof_legend_draw (R);
  roof_render_draw_labels (R, labels);
  g_array_unref (labels);
}

static char *
heading (const RoofChartClass *klass, const RoofChartInput *in)
{
  if (klass->heading != NULL)
    return klass->heading (in);
  return g_strdup_printf (_(klass->heading_format), roof_input_model_name (in, _("model")),
                          roof_phase_title (in->workload.phase));
}

gboolean
roof_chart_run (RoofRender *R, const RoofChartClass *klass, GError **error)
{
  g_autofree char *title = heading (klass, R->in);
  g_autoptr (GError) local = NULL;
  RoofMeasuredOverlay measured;

  R->frame.title = title;
  gpointer data = roof_chart_collect (klass, R->in, &local);
  if (data == NULL)
    {
      gboolean ok = roof_render_fail (R, error, "%s", local->message);
      R->frame.title = NULL;
      return ok;
    }
  klass->annotate (R, data);
  roof_measured_begin (R, (RoofMeasuredAxes) klass->measured_on, &measured);
  if (klass->measured_fractions != NULL && measured.n > 0)
    klass->measured_fractions (R, data);
  if (klass->lay_out != NULL)
    klass->lay_out (R, data);
  else
    roof_chart_lay_out (R, klass->obstacles, data);
  draw_layers (R, klass, data);
  if (klass->describe != NULL)
    klass->describe (R, data);
  roof_measured_describe (R);
  R->measured = NULL;
  roof_chart_collect_free (klass, data);
  R->frame.title = NULL;
  return TRUE;
}
