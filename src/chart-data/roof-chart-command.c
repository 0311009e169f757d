/* roof-chart-command.c — the roofline-cli command that draws what the app shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Copy as Command" in the app: the flags are docs/cli.md's, their
 * defaults roof_workload_init ()'s and roof_sla_init ()'s, which the CLI
 * starts from without --scenario.
 */
#include "config.h"

#include "roof-chart-command.h"

#include <math.h>
#include <string.h>

/* The shortest text that reads back as the same double, with a point
 * whatever the locale. */
static char *
number_text (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (int digits = 6; digits <= 17; digits++)
    {
      g_autofree char *format = g_strdup_printf ("%%.%dg", digits);
      g_ascii_formatd (buf, sizeof buf, format, v);
      if (g_ascii_strtod (buf, NULL) == v)
        break;
    }
  return g_strdup (buf);
}

static void
add (GPtrArray *args, const char *flag, const char *value)
{
  g_ptr_array_add (args, g_strdup (flag));
  if (value != NULL)
    g_ptr_array_add (args, g_strdup (value));
}

static void
add_number (GPtrArray *args, gboolean full, const char *flag, double v, double dflt)
{
  if (full || v != dflt)
    {
      g_autofree char *text = number_text (v);
      add (args, flag, text);
    }
}

static void
add_precision (GPtrArray *args, gboolean full, const char *flag, RoofPrecision p,
               RoofPrecision dflt)
{
  if (full || p != dflt)
    add (args, flag, roof_precision_name (p));
}

static void
add_workload (GPtrArray *args, const RoofWorkload *wl, gboolean full)
{
  RoofWorkload d;

  roof_workload_init (&d);
  if (full || wl->phase != d.phase)
    add (args, "--phase", wl->phase == ROOF_PHASE_PREFILL ? "prefill" : "decode");
  add_number (args, full, "--batch", wl->batch, d.batch);
  add_number (args, full, "--context", wl->context, d.context);
  add_number (args, full, "--prompt", wl->prompt, d.prompt);
  add_number (args, full, "--output", wl->output, d.output);
  add_precision (args, full, "--weights", wl->weights, d.weights);
  add_precision (args, full, "--kv", wl->kv, d.kv);
  add_precision (args, full, "--compute", wl->compute, d.compute);
  add_precision (args, full, "--activations", wl->activations, d.activations);
  if (wl->bytes_per_weight > 0.0)
    add_number (args, TRUE, "--bytes-per-weight", wl->bytes_per_weight, 0.0);
  if (full || wl->overlap != d.overlap)
    add (args, "--overlap", wl->overlap == ROOF_OVERLAP_SUM ? "sum" : "max");
  add_number (args, full, "--overhead-us", wl->overhead * 1e6, d.overhead * 1e6);
  add_number (args, full, "--tp", roof_layout_size (wl->devices), roof_layout_size (d.devices));
  add_number (args, full, "--ep", roof_layout_size (wl->ep), roof_layout_size (d.ep));
  add_number (args, full, "--pp", roof_layout_size (wl->pp), roof_layout_size (d.pp));
  add_number (args, full, "--dp", roof_layout_size (wl->dp), roof_layout_size (d.dp));
  if (full || wl->attn_parallel != d.attn_parallel)
    add (args, "--attention", roof_attn_parallel_name (wl->attn_parallel));
  add_number (args, full, "--ep-imbalance", roof_layout_size (wl->ep_imbalance),
              roof_layout_size (d.ep_imbalance));
  /* 0 is one per stage, which no number says */
  if (wl->microbatches > 0.0)
    add_number (args, TRUE, "--microbatches", wl->microbatches, 0.0);
}

static gboolean
uses_custom (RoofScenario *scenario, RoofCatalog *catalog)
{
  const char *const *ids = roof_scenario_get_hardware (scenario);
  const char *system = roof_scenario_get_system (scenario);
  RoofSpec *spec;

  for (int i = 0; ids[i] != NULL; i++)
    if ((spec = ROOF_SPEC (roof_catalog_find_hardware (catalog, ids[i]))) != NULL
        && roof_spec_is_custom (spec))
      return TRUE;
  if ((spec = ROOF_SPEC (roof_catalog_find_model (catalog, roof_scenario_get_model (scenario))))
        != NULL
      && roof_spec_is_custom (spec))
    return TRUE;
  if (system != NULL && *system != '\0')
    {
      RoofSystemSpec *sys = roof_catalog_find_system (catalog, system);
      if (sys != NULL && roof_spec_is_custom (ROOF_SPEC (sys)))
        return TRUE;
    }
  return FALSE;
}

/* The scenario's levers on the charts that draw them (docs/cli.md, "plot"). */
static void
add_levers (GPtrArray *args, RoofScenario *scenario, RoofPlotKind kind)
{
  const RoofScenarioLevers *lv = roof_scenario_get_levers (scenario);

  if (lv->spec_k > 0.0 && kind != ROOF_PLOT_SENSITIVITY && kind != ROOF_PLOT_MEMORY
      && kind != ROOF_PLOT_TREND)
    {
      add_number (args, TRUE, "--spec-k", lv->spec_k, 0.0);
      add_number (args, TRUE, "--spec-accept", lv->spec_accept, 0.0);
      if (lv->draft_model != NULL)
        add (args, "--draft-model", lv->draft_model);
      else
        add_number (args, TRUE, "--mtp-params", lv->mtp_params, 0.0);
    }
  if (!lv->disagg || (kind != ROOF_PLOT_COST && kind != ROOF_PLOT_PLAN))
    return;
  g_ptr_array_add (args, g_strdup ("--disagg"));
  if (lv->prefill_system != NULL)
    add (args, "--prefill-system", lv->prefill_system);
  else if (lv->prefill_hardware != NULL)
    add (args, "--prefill-hardware", lv->prefill_hardware);
  add_number (args, FALSE, "--prefill-tp", lv->prefill_tp, 0.0);
  add_number (args, FALSE, "--prefill-ep", lv->prefill_ep, 0.0);
  add_number (args, FALSE, "--prefill-batch", lv->prefill_batch, 0.0);
}

GStrv
roof_chart_command_args (RoofScenario *scenario,
                         RoofCatalog *catalog,
                         RoofPlotKind kind,
                         const char *catalog_file,
                         const char *scenario_file,
                         const char *out_file)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  const RoofWorkload *wl;
  const RoofSla *sla;
  const char *const *ids;
  const char *system;
  gboolean full;
  RoofSla d;

  g_return_val_if_fail (ROOF_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (ROOF_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (out_file != NULL, NULL);

  wl = roof_scenario_get_workload (scenario);
  sla = roof_scenario_get_sla (scenario);
  ids = roof_scenario_get_hardware (scenario);
  system = roof_scenario_get_system (scenario);
  /* flags override a scenario file's values: every one is given */
  full = wl->attention_span > 0.0 && scenario_file != NULL;

  add (args, "plot", roof_plot_kind_name (kind));
  if (catalog_file != NULL && uses_custom (scenario, catalog))
    add (args, "--catalog", catalog_file);
  if (full)
    add (args, "--scenario", scenario_file);
  if (system != NULL && *system != '\0' && roof_catalog_find_system (catalog, system) != NULL)
    add (args, "--system", system);
  for (int i = 0; ids[i] != NULL; i++)
    if (roof_catalog_find_hardware (catalog, ids[i]) != NULL)
      add (args, "-H", ids[i]);
  add (args, "-m", roof_scenario_get_model (scenario));
  add_workload (args, wl, full);

  if (kind == ROOF_PLOT_ROOFLINE)
    {
      g_autoptr (RoofScenario) plain = g_object_new (ROOF_TYPE_SCENARIO, NULL);
      guint mask = roof_scenario_get_ceilings (scenario);
      if (full || mask != roof_scenario_get_ceilings (plain))
        {
          g_autoptr (GString) names = g_string_new (NULL);
          for (int p = 0; p < ROOF_PREC_COUNT; p++)
            if (mask & (1u << p))
              g_string_append_printf (names, "%s%s", names->len ? "," : "",
                                      roof_precision_name (p));
          if (names->len > 0)
            add (args, "--ceilings", names->str);
        }
    }
  roof_sla_init (&d);
  if ((kind == ROOF_PLOT_COST || kind == ROOF_PLOT_BATCH) && sla->itl > 0.0)
    add_number (args, TRUE, "--itl-ms", sla->itl * 1e3, d.itl * 1e3);
  add_levers (args, scenario, kind);
  add (args, "-o", out_file);

  g_ptr_array_add (args, NULL);
  return (GStrv) g_ptr_array_steal (args, NULL);
}

char *
roof_chart_command_line (const char *const *args)
{
  GString *s = g_string_new ("roofline-cli");

  for (int i = 0; args[i] != NULL; i++)
    {
      const char *a = args[i];
      g_string_append_c (s, ' ');
      /* plain words stay readable; anything else is quoted */
      if (*a != '\0' && strspn (a, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                   "0123456789-_.,/:=+@%") == strlen (a))
        g_string_append (s, a);
      else
        {
          g_autofree char *quoted = g_shell_quote (a);
          g_string_append (s, quoted);
        }
    }
  return g_string_free (s, FALSE);
}
