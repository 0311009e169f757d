/* roof-chart-data.c — what the charts and the summary strip draw, built once per edit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-calibrate.h"
#include "roof-chart-data.h"
#include "roof-measured.h"

#include <glib/gi18n.h>
#include <string.h>

#include "roof-spec.h"
#include "roof-system-spec.h"

struct _RoofChartData
{
  gatomicrefcount ref_count;
  RoofChartInput input;
  RoofPlotDevice devices[ROOF_PLOT_MAX_DEVICES];
  int n_devices;
  RoofModelDerived model;
  gboolean has_model;
  const char *model_name;
  RoofPlotDevice *catalog;
  int n_catalog;
  GStringChunk *strings; /* every string the devices point to */
  char *problem;
  GPtrArray *measured; /* what the input's measured points point to */
  /* the frontier chart's systems: the compared devices, then the
   * scenario's system when it has one (roof_chart_data_get_frontier) */
  RoofPlotDevice frontier[ROOF_PLOT_MAX_DEVICES];
  int n_frontier;
  RoofModelDerived draft; /* the input's spec.draft */
  RoofChartLevers levers;
  char *levers_problem;
  gboolean system_column; /* devices[0] is the scenario's system */
};

G_STATIC_ASSERT (ROOF_SCENARIO_N_COLORS == ROOF_PLOT_PALETTE_SIZE);

G_DEFINE_BOXED_TYPE (RoofChartData, roof_chart_data, roof_chart_data_ref, roof_chart_data_unref)

char *
roof_chart_short_name (const char *name, const char *vendor)
{
  gsize n;

  g_return_val_if_fail (name != NULL, NULL);

  if (vendor == NULL || *vendor == '\0')
    return g_strdup (name);
  n = strlen (vendor);
  /* only a whole leading word, and never down to nothing */
  if (g_ascii_strncasecmp (name, vendor, n) == 0 && name[n] == ' ' && name[n + 1] != '\0')
    return g_strdup (name + n + 1);
  return g_strdup (name);
}

static void
fill_device (RoofChartData *self, RoofHardwareSpec *spec, int color, RoofPlotDevice *out)
{
  RoofSpec *base = ROOF_SPEC (spec);
  const RoofHardwareParams *hw = roof_hardware_spec_get_params (spec);
  const char *vendor = roof_hardware_spec_get_vendor (spec);
  g_autofree char *name = roof_chart_short_name (roof_spec_get_name (base), vendor);

  memset (out, 0, sizeof *out);
  out->id = g_string_chunk_insert_const (self->strings, roof_spec_get_id (base));
  out->name = g_string_chunk_insert_const (self->strings, name);
  out->vendor = vendor ? g_string_chunk_insert_const (self->strings, vendor) : NULL;
  out->year = roof_spec_get_year (base);
  out->hw = *hw;
  for (int k = 0; k < hw->n_caches && k < ROOF_MAX_CACHES; k++)
    {
      const char *cache = roof_hardware_spec_get_cache_name (spec, k);
      out->cache_names[k] = cache ? g_string_chunk_insert_const (self->strings, cache) : NULL;
    }
  out->color = color;
}

/* The scenario's system as the first column, as roofline-cli draws a
 * scenario's layout.system (docs/cli.md, "Devices and systems"): its device
 * on its fabric, under the system's id and name, in the colour
 * roof_scenario_get_system_color () gives it; FALSE without one the
 * catalog holds. */
static gboolean
add_system_column (RoofChartData *self, RoofCatalog *catalog, RoofScenario *scenario)
{
  const char *id = roof_scenario_get_system (scenario);
  RoofSystemSpec *sys = id != NULL ? roof_catalog_find_system (catalog, id) : NULL;
  RoofHardwareSpec *device = sys != NULL ? roof_catalog_find_hardware (
                                             catalog, roof_system_spec_get_device (sys))
                                         : NULL;
  RoofPlotDevice *out = &self->devices[0];
  RoofHardwareParams hw;
  g_autofree char *name = NULL;

  if (device == NULL || !roof_catalog_get_system_params (catalog, id, &hw, NULL))
    return FALSE;
  fill_device (self, device, roof_scenario_get_system_color (scenario), out);
  out->hw = hw;
  out->id = g_string_chunk_insert_const (self->strings, id);
  /* named as the devices are: without its vendor's leading word (the
   * charts cut it to ROOF_CHART_NAME_MAX; tooltips show it whole) */
  out->vendor = NULL;
  name = roof_chart_short_name (roof_spec_get_name (ROOF_SPEC (sys)),
                                roof_system_spec_get_vendor (sys));
  out->name = g_string_chunk_insert_const (self->strings, name);
  out->year = roof_spec_get_year (ROOF_SPEC (sys));
  self->n_devices = 1;
  self->system_column = TRUE;
  return TRUE;
}

/* The frontier chart's systems: every compared device (a bare device is a
 * system of the scenario's layout's devices, or 8), then the scenario's
 * system, the first column, on its own fabric. */
static void
fill_frontier (RoofChartData *self)
{
  const RoofWorkload *wl = &self->input.workload;
  double used = MAX (wl->devices, 1.0) * MAX (wl->ep, 1.0) * MAX (wl->pp, 1.0)
                * MAX (wl->dp, 1.0);
  int first = self->system_column ? 1 : 0;

  self->input.frontier_devices = used > 1.0 ? used : 0.0;
  self->n_frontier = self->n_devices - first;
  memcpy (self->frontier, self->devices + first, self->n_frontier * sizeof *self->frontier);
  if (self->system_column)
    self->frontier[self->n_frontier++] = self->devices[0];
}

/* The scenario's speculative decoding, for the frontier chart; none when
 * its draft model is not in the catalog. */
static void
fill_speculative (RoofChartData *self, RoofCatalog *catalog, RoofScenario *scenario)
{
  const RoofScenarioLevers *lv = roof_scenario_get_levers (scenario);
  RoofChartInput *in = &self->input;
  RoofModelSpec *draft;

  if (!(lv->spec_k > 0.0))
    return;
  in->spec.k = lv->spec_k;
  in->spec.accept = lv->spec_accept;
  in->spec.mtp_params = lv->mtp_params;
  in->spec.drafter = lv->draft_model != NULL ? ROOF_DRAFTER_MODEL : ROOF_DRAFTER_MTP;
  if (lv->draft_model == NULL)
    {
      in->has_spec = lv->mtp_params > 0.0;
      return;
    }
  draft = roof_catalog_find_model (catalog, lv->draft_model);
  if (draft == NULL)
    return;
  self->draft = *roof_model_spec_get_derived (draft);
  in->draft = &self->draft;
  in->has_spec = TRUE;
}

/* The bundled set, parsed once per catalog (its ids are the built-in
 * catalog's, which a user catalog cannot remove); NULL when it cannot be
 * read, which a test of the bundled set catches. */
GPtrArray *
roof_chart_data_bundled_measurements (RoofCatalog *catalog)
{
  static const char key[] = "roof-chart-data-bundled-measurements";
  GPtrArray *set = g_object_get_data (G_OBJECT (catalog), key);
  g_autoptr (GError) error = NULL;

  if (set != NULL)
    return set;
  set = roof_measurements_bundled (catalog, &error);
  if (set == NULL)
    {
      g_warning ("the bundled measurements are left off the charts: %s", error->message);
      return NULL;
    }
  g_object_set_data_full (G_OBJECT (catalog), key, set, (GDestroyNotify) g_ptr_array_unref);
  return set;
}

/* The scenario's measurements and, when it asks for them, the bundled
 * ones; the sources it hides as in->measured_hidden. */
static void
fill_measured (RoofChartData *self, RoofChartInput *in, RoofCatalog *catalog,
               RoofScenario *scenario)
{
  GPtrArray *sets[3] = { roof_scenario_get_measurements (scenario), NULL, NULL };

  if (roof_scenario_get_published_measurements (scenario))
    sets[1] = roof_chart_data_bundled_measurements (catalog);
  self->measured = g_ptr_array_new_with_free_func (g_free);
  roof_measured_fill_input (in, catalog, roof_scenario_get_model (scenario), sets,
                            self->measured);
  roof_measured_hide_sources (in, scenario);
}

/* With Show Calibrated Predictions, after the compared devices, the
 * calibrated copy of each that has a saved calibration, while there is
 * room; the number drawn in all. */
static int
add_calibrated (RoofChartData *self, RoofCatalog *catalog, RoofScenario *scenario)
{
  int total = self->n_devices;

  if (!roof_scenario_get_show_calibrated (scenario))
    return total;
  for (int i = 0; i < self->n_devices && total < ROOF_PLOT_MAX_DEVICES; i++)
    {
      RoofHardwareSpec *spec = roof_catalog_find_hardware (catalog, self->devices[i].id);
      RoofCalibration cal;

      if (spec == NULL || !roof_calibration_from_spec (ROOF_SPEC (spec), &cal))
        continue;
      int color = (self->devices[i].color + self->n_devices) % ROOF_PLOT_PALETTE_SIZE;
      g_autofree char *name = roof_calibration_device (&self->devices[i], &cal, color,
                                                       &self->devices[total]);
      self->devices[total++].name = g_string_chunk_insert_const (self->strings, name);
    }
  return total;
}

/* Owned: `hw` priced by its purchase and its power (docs/model.md, "Energy
 * and ownership"); without a power figure it has no price, which the cost
 * chart says. */
static void
own_price (const RoofChartInput *in, RoofHardwareParams *hw)
{
  RoofError err = { 0 };
  double usd = 0.0;

  if (!in->owned)
    return;
  hw->has_price = roof_owned_price_per_hour (hw->power_w, &in->own, &usd, &err) == ROOF_OK;
  hw->price_per_hour = hw->has_price ? usd : 0.0;
}

/* The scenario's cost basis, on every compared device. */
static void
apply_cost_basis (RoofChartData *self, RoofScenario *scenario)
{
  const RoofScenarioLevers *lv = roof_scenario_get_levers (scenario);
  RoofChartInput *in = &self->input;

  if (!lv->cost_own)
    return;
  in->owned = TRUE;
  in->own.capex_usd = lv->capex_usd;
  in->own.years = lv->years;
  in->own.usd_per_kwh = lv->usd_per_kwh;
  in->own.pue = lv->pue > 0.0 ? lv->pue : 1.0;
  /* the calibrated copies too (in->n_devices counts them) */
  for (int i = 0; i < in->n_devices; i++)
    own_price (in, &self->devices[i].hw);
}

static void
levers_problem (RoofChartData *self, const char *format, const char *id)
{
  if (self->levers_problem == NULL)
    self->levers_problem = g_strdup_printf (format, id);
}

/* Speculative decoding and disaggregation as the scenario states them. */
static void
resolve_levers (RoofChartData *self, RoofCatalog *catalog, RoofScenario *scenario)
{
  const RoofScenarioLevers *lv = roof_scenario_get_levers (scenario);
  RoofChartLevers *out = &self->levers;

  /* speculation as fill_speculative () put it in the input */
  out->spec = self->input.has_spec;
  out->speculative = self->input.spec;
  out->draft = self->input.draft;
  if (out->draft != NULL)
    out->draft_name = g_string_chunk_insert_const (
      self->strings,
      roof_spec_get_name (ROOF_SPEC (roof_catalog_find_model (catalog, lv->draft_model))));
  if (lv->spec_k > 0.0 && lv->draft_model != NULL && out->draft == NULL)
    levers_problem (self, _("The catalog has no draft model “%s”."), lv->draft_model);
  if (lv->disagg)
    {
      roof_disagg_prefill_workload (&self->input.workload, lv->prefill_batch, lv->prefill_tp,
                                    lv->prefill_ep, &out->prefill_workload);
      out->disagg = TRUE;
      if (lv->prefill_system != NULL)
        {
          RoofSystemSpec *sys = roof_catalog_find_system (catalog, lv->prefill_system);
          if (sys != NULL
              && roof_catalog_get_system_params (catalog, lv->prefill_system, &out->prefill_hw,
                                                 NULL))
            {
              own_price (&self->input, &out->prefill_hw);
              out->prefill_name = g_string_chunk_insert_const (
                self->strings, roof_spec_get_name (ROOF_SPEC (sys)));
            }
          else
            {
              out->disagg = FALSE;
              levers_problem (self, _("The catalog has no system “%s” for the prefill pool."),
                              lv->prefill_system);
            }
        }
    }
  out->problem = self->levers_problem;
  /* the charts' disaggregated pools (roof-chart.h) */
  self->input.has_disagg = out->disagg;
  self->input.prefill_workload = out->prefill_workload;
  self->input.prefill_hw = out->disagg && out->prefill_name != NULL ? &out->prefill_hw : NULL;
  self->input.disagg_pools = NULL; /* each column is its own pool: a system column has its fabric */
}

RoofChartData *
roof_chart_data_new (RoofCatalog *catalog, RoofScenario *scenario)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (ROOF_IS_SCENARIO (scenario), NULL);

  RoofChartData *self = g_new0 (RoofChartData, 1);
  RoofChartInput *in = &self->input;
  const char *const *ids = roof_scenario_get_hardware (scenario);
  g_autoptr (GString) missing = g_string_new (NULL);
  guint n_ids = ids ? g_strv_length ((char **) ids) : 0;
  GListModel *all = roof_catalog_get_hardware (catalog);
  guint n_all = g_list_model_get_n_items (all);
  RoofModelSpec *model;

  g_atomic_ref_count_init (&self->ref_count);
  self->strings = g_string_chunk_new (1024);

  add_system_column (self, catalog, scenario);
  for (guint i = 0; i < n_ids; i++)
    {
      RoofHardwareSpec *spec = roof_catalog_find_hardware (catalog, ids[i]);
      int color;

      if (spec == NULL)
        {
          g_string_append_printf (missing, "%s%s", missing->len ? ", " : "", ids[i]);
          continue;
        }
      if (self->n_devices == ROOF_PLOT_MAX_DEVICES)
        continue;
      color = roof_scenario_get_color (scenario, ids[i]);
      if (color < 0)
        color = self->n_devices;
      fill_device (self, spec, color, &self->devices[self->n_devices]);
      self->devices[self->n_devices].has_rgb
        = roof_scenario_get_custom_color (scenario, ids[i], &self->devices[self->n_devices].rgb);
      self->n_devices++;
    }

  /* the trend chart plots the whole catalog */
  self->catalog = g_new0 (RoofPlotDevice, MAX (n_all, 1));
  for (guint i = 0; i < n_all; i++)
    {
      g_autoptr (RoofHardwareSpec) spec = g_list_model_get_item (all, i);
      const char *id = roof_spec_get_id (ROOF_SPEC (spec));
      int color = roof_scenario_get_color (scenario, id);
      if (color < 0)
        color = (int) (i % ROOF_PLOT_PALETTE_SIZE);
      fill_device (self, spec, color, &self->catalog[self->n_catalog++]);
    }

  model = roof_catalog_find_model (catalog, roof_scenario_get_model (scenario));
  if (model != NULL)
    {
      self->model = *roof_model_spec_get_derived (model);
      self->has_model = TRUE;
      self->model_name = g_string_chunk_insert_const (self->strings,
                                                      roof_spec_get_name (ROOF_SPEC (model)));
    }

  roof_chart_input_init (in);
  in->devices = self->devices;
  in->n_devices = add_calibrated (self, catalog, scenario);
  in->model = self->has_model ? &self->model : NULL;
  in->model_name = self->model_name;
  in->workload = *roof_scenario_get_workload (scenario);
  in->sla = *roof_scenario_get_sla (scenario);
  /* the fleet's traffic: its lengths were checked when they were set */
  if (!roof_scenario_get_fleet_demand (scenario, &in->fleet, NULL))
    in->fleet.n_classes = 0;
  in->ceilings = roof_scenario_get_ceilings (scenario);
  roof_scenario_get_batch_range (scenario, &in->batch_lo, &in->batch_hi);
  roof_scenario_get_context_range (scenario, &in->context_lo, &in->context_hi);
  in->sensitivity_step = roof_scenario_get_sensitivity_step (scenario);
  in->catalog = self->catalog;
  in->n_catalog = self->n_catalog;
  apply_cost_basis (self, scenario);
  fill_frontier (self);
  fill_speculative (self, catalog, scenario);
  fill_measured (self, in, catalog, scenario);
  resolve_levers (self, catalog, scenario);

  if (!self->has_model)
    self->problem = g_strdup_printf (_("The catalog has no model “%s”."),
                                     roof_scenario_get_model (scenario));
  else if (missing->len > 0)
    self->problem = g_strdup_printf (_("Not in the catalog: %s."), missing->str);
  else if (n_ids + self->system_column > ROOF_PLOT_MAX_DEVICES)
    self->problem = g_strdup_printf (ngettext ("A chart compares at most %d device: the first "
                                               "%d are drawn.",
                                               "A chart compares at most %d devices: the first "
                                               "%d are drawn.",
                                               ROOF_PLOT_MAX_DEVICES),
                                     ROOF_PLOT_MAX_DEVICES, ROOF_PLOT_MAX_DEVICES);
  return self;
}

RoofChartData *
roof_chart_data_ref (RoofChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
roof_chart_data_unref (RoofChartData *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_string_chunk_free (self->strings);
  g_free (self->catalog);
  g_free (self->problem);
  g_ptr_array_unref (self->measured);
  g_free (self->levers_problem);
  g_free (self);
}

const RoofChartInput *
roof_chart_data_get_input (RoofChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->input;
}

int
roof_chart_data_get_n_devices (RoofChartData *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_devices;
}

const RoofPlotDevice *
roof_chart_data_get_device (RoofChartData *self, int index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index >= 0 && index < self->n_devices, NULL);
  return &self->devices[index];
}

const RoofPlotDevice *
roof_chart_data_get_frontier (RoofChartData *self, int *n)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n != NULL, NULL);
  *n = self->n_frontier;
  return self->frontier;
}

const char *
roof_chart_data_get_model_name (RoofChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->model_name;
}

const char *
roof_chart_data_get_problem (RoofChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->problem;
}

const RoofChartLevers *
roof_chart_data_get_levers (RoofChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->levers;
}

const RoofHardwareParams *
roof_chart_data_get_pool (RoofChartData *self, int index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index >= 0 && index < self->n_devices, NULL);
  return &self->devices[index].hw;
}
