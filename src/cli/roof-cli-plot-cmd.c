/* roof-cli-plot-cmd.c — `plot`: one chart to a PNG, SVG or PDF file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-cli-private.h"
#include "roof-measured.h"
#include "roof-chart-data.h"
#include "roof-chart.h"
#include "roof-file-save.h"

static const char *const format_names[] = { "png", "svg", "pdf" };

/* One chart device per column, in the columns' order: a bare device as the
 * chart data built it, a system as its device with the system's id, name
 * and parameters (and a colour no bare device uses). */
static gboolean
plot_devices (RoofCliContext *ctx, RoofChartData *data, RoofPlotDevice *out, GPtrArray *names)
{
  guint used = 0;

  for (guint i = 0; i < ctx->targets->len; i++)
    {
      const RoofCliTarget *t = roof_cli_target (ctx, i);
      const char *device = roof_spec_get_id (ROOF_SPEC (t->device));
      const RoofPlotDevice *found = NULL;

      for (int k = 0; k < roof_chart_data_get_n_devices (data) && found == NULL; k++)
        if (g_str_equal (roof_chart_data_get_device (data, k)->id, device))
          found = roof_chart_data_get_device (data, k);
      if (found == NULL)
        return FALSE;
      out[i] = *found;
      if (t->system == NULL)
        used |= 1u << (out[i].color % ROOF_PLOT_PALETTE_SIZE);
    }
  for (guint i = 0; i < ctx->targets->len; i++)
    {
      const RoofCliTarget *t = roof_cli_target (ctx, i);
      RoofSystemSpec *sys = t->system != NULL ? ROOF_SYSTEM_SPEC (t->system) : NULL;
      int color = 0;

      if (sys == NULL)
        continue;
      while (color < ROOF_PLOT_PALETTE_SIZE - 1 && (used & (1u << color)))
        color++;
      used |= 1u << color;
      out[i].id = t->id;
      out[i].vendor = roof_system_spec_get_vendor (sys);
      out[i].name = roof_chart_short_name (roof_spec_get_name (ROOF_SPEC (sys)), out[i].vendor);
      g_ptr_array_add (names, (gpointer) out[i].name);
      out[i].year = roof_spec_get_year (ROOF_SPEC (sys));
      out[i].hw = t->params;
      out[i].color = color;
    }
  return TRUE;
}

/* The cost basis resolved (--cost, else the scenario's) into the scenario
 * the chart data is built from: its caption then says it. */
static void
set_cost_basis (RoofCliContext *ctx, RoofScenario *scenario)
{
  const RoofCliLevers *lv = &ctx->levers;
  RoofScenarioLevers s = *roof_scenario_get_levers (scenario);

  s.cost_own = lv->cost == ROOF_CLI_COST_OWN;
  if (s.cost_own)
    {
      s.capex_usd = lv->own.capex_usd;
      s.years = lv->own.years;
      s.usd_per_kwh = lv->own.usd_per_kwh;
      s.pue = lv->own.pue;
    }
  roof_scenario_set_levers (scenario, &s);
}

gboolean
roof_cli_cmd_plot (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  g_autoptr (RoofScenario) scenario = NULL;
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  g_autoptr (GError) local = NULL;

  if (ctx->targets->len > ROOF_PLOT_MAX_DEVICES)
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE,
                   "a chart compares at most %d devices, %u given", ROOF_PLOT_MAX_DEVICES,
                   ctx->targets->len);
      return FALSE;
    }

  /* the chart settings (ceilings, ranges) come from the scenario when there
   * is one; what the flags resolved replaces its comparison */
  scenario = ctx->scenario != NULL ? g_object_ref (ctx->scenario) : roof_scenario_new_default ();
  for (guint i = 0; i < ctx->targets->len; i++)
    {
      /* a system's column is drawn from its device, on the system's fabric */
      const char *id = roof_spec_get_id (ROOF_SPEC (roof_cli_target (ctx, i)->device));
      if (!g_ptr_array_find_with_equal_func (ids, id, g_str_equal, NULL))
        g_ptr_array_add (ids, (gpointer) id);
    }
  g_ptr_array_add (ids, NULL);
  roof_scenario_set_hardware (scenario, (const char *const *) ids->pdata);
  roof_scenario_set_model (scenario, roof_spec_get_id (ROOF_SPEC (ctx->model)));
  roof_scenario_set_workload (scenario, &ctx->workload);
  roof_scenario_set_sla (scenario, &ctx->sla);
  roof_scenario_set_sensitivity_step (scenario, ctx->step);
  if (opts->set & ROOF_CLI_SET_CEILINGS)
    roof_scenario_set_ceilings (scenario, opts->plot_ceilings);
  set_cost_basis (ctx, scenario);

  g_autoptr (RoofChartData) data = roof_chart_data_new (ctx->catalog, scenario);
  RoofChartInput in = *roof_chart_data_get_input (data);
  RoofPlotDevice devices[ROOF_PLOT_MAX_DEVICES];
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  if (!plot_devices (ctx, data, devices, names))
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "%s",
                   roof_chart_data_get_problem (data) != NULL ? roof_chart_data_get_problem (data)
                                                             : "a device cannot be drawn");
      return FALSE;
    }
  in.devices = devices;
  in.n_devices = (int) ctx->targets->len;
  /* --calibrated: each device again, derated by its fitted efficiencies */
  if (opts->calibrated
      && (in.n_devices = roof_cli_calibrated_devices (ctx, devices, in.n_devices, names, error)) < 0)
    return FALSE;
  in.kind = (RoofPlotKind) opts->plot_kind;
  in.theme = (RoofThemeKind) opts->plot_theme;
  in.scale = opts->plot_scale;
  in.caption = !opts->plot_no_caption;
  in.transparent = opts->plot_transparent;
  /* pareto: --y and --linear over the scenario's chart.frontier_* */
  in.frontier_metric = (opts->set & ROOF_CLI_SET_FRONTIER_Y) ? opts->frontier_metric
                                                             : (int) roof_scenario_get_frontier_y (scenario);
  in.frontier_linear = opts->plot_linear || roof_scenario_get_frontier_linear (scenario);
  /* pareto: --devices N sizes a bare device's system; --spec-* (or the
   * scenario's) time every decode step speculatively */
  in.frontier_devices = opts->system_devices;
  in.has_spec = roof_cli_speculative (ctx, &in.spec, &in.draft) != NULL;
  /* --disagg (or the scenario's): the prefill pool beside each column */
  in.has_disagg = ctx->levers.disagg;
  in.prefill_workload = ctx->prefill_workload;
  in.prefill_hw = ctx->prefill.device != NULL ? &ctx->prefill.params : NULL;
  in.disagg_pools = NULL; /* each column's own, its system's when it is one */
  if (in.kind == ROOF_PLOT_PLAN && !roof_cli_fleet_demand (ctx, &in.fleet, error))
    return FALSE;

  /* measured points: the scenario's, --measured files, the bundled set
   * (--bundled-measurements, or the scenario's published_measurements);
   * the scenario's hidden sources left out */
  g_autoptr (GPtrArray) sets = roof_cli_measurement_sets (
    ctx, FALSE,
    opts->bundled_measurements
      || (ctx->scenario != NULL && roof_scenario_get_published_measurements (ctx->scenario)),
    error);
  g_autoptr (GPtrArray) measured = g_ptr_array_new_with_free_func (g_free);
  if (sets == NULL)
    return FALSE;
  roof_measured_fill_input (&in, ctx->catalog, roof_spec_get_id (ROOF_SPEC (ctx->model)),
                            (GPtrArray *const *) sets->pdata, measured);
  roof_measured_hide_sources (&in, ctx->scenario);

  /* drawn in memory, then saved as every file is (roof-file-save.h), with
   * a backup that could not be kept said as a warning */
  g_autoptr (GBytes) bytes = roof_chart_export_bytes (&in, (RoofExportFormat) opts->plot_format,
                                                      opts->plot_width, opts->plot_height, &local);
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  if (bytes == NULL
      || !roof_file_save (opts->plot_file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                          warnings, &local))
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "%s", local->message);
      return FALSE;
    }
  for (guint i = 0; i < warnings->len; i++)
    roof_cli_warning (ctx, "%s", (const char *) g_ptr_array_index (warnings, i));

  if (opts->json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      json_builder_begin_object (b);
      roof_cli_json_string (b, "file", opts->plot_file);
      roof_cli_json_string (b, "chart", roof_plot_kind_name (in.kind));
      roof_cli_json_string (b, "format", format_names[opts->plot_format]);
      roof_cli_json_number (b, "width", opts->plot_width);
      roof_cli_json_number (b, "height", opts->plot_height);
      roof_cli_json_number (b, "scale", opts->plot_scale);
      roof_cli_json_string (b, "theme", roof_theme_name (in.theme));
      roof_cli_json_cost_basis (b, ctx);
      json_builder_end_object (b);
      roof_cli_print_json (ctx->out, b);
    }
  else
    {
      g_autofree char *display = g_filename_display_name (opts->plot_file);
      g_autofree char *shown = roof_cli_escape (display);
      roof_cli_stream_printf (ctx->out, "Wrote the %s chart to %s (%.15g × %.15g",
                              roof_plot_kind_name (in.kind), shown, opts->plot_width,
                              opts->plot_height);
      if (opts->plot_format == ROOF_EXPORT_PNG && opts->plot_scale != 1.0)
        roof_cli_stream_printf (ctx->out, " at scale %.15g", opts->plot_scale);
      roof_cli_stream_printf (ctx->out, ", %s).\n", format_names[opts->plot_format]);
    }
  return TRUE;
}
