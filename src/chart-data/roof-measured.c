/* roof-measured.c — a measured result next to Roofline's bound for its settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Measured points". Per request of S_in prompt and S_out
 * output tokens: F, the FLOP of its prefill and of its S_out − 1 decode
 * steps (the prefill gives the first token), and Q, their bytes other than
 * weights (KV cache and activations), both from the solver at B = 1. With
 * B requests in flight the weights W(B) are read once per decode step; n
 * devices of Π (at the compute precision) and β give
 *
 *   T ≥ max (B·F / (n·Π·η_c), (B·Q + (S_out − 1)·W(B)) / (n·β·η_m))
 *
 * for B requests, so output tokens/s ≤ B·S_out / T. When the batch is not
 * stated the weights term is left out (B → ∞): the bound of any batch.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "roof-catalog-error.h"
#include "roof-measured.h"
#include "roof-system-spec.h"

/* The counts of one sequence: FLOP and the bytes that are not weights. */
typedef struct
{
  double flop, bytes;
} Counts;

typedef struct
{
  const RoofHardwareParams *hw;
  const RoofModelDerived *md;
  RoofWorkload wl;
  RoofStatus status;
  RoofError err;
} Eval;

static Counts
decode_at (Eval *e, double context)
{
  RoofResult r;
  Counts c = { 0.0, 0.0 };

  e->wl.context = context;
  if (e->status == ROOF_OK)
    e->status = roof_solve (e->hw, e->md, &e->wl, &r, &e->err);
  if (e->status == ROOF_OK)
    c.flop = r.flop, c.bytes = r.bytes_kv + r.bytes_act;
  return c;
}

static gboolean
affine (double a, double m, double b, double fa, double fm, double fb)
{
  double line = fa + (fb - fa) * (m - a) / (b - a);
  return fabs (fm - line) <= 1e-9 * MAX (fabs (fm), 1.0);
}

/* Σ over the integer contexts a … b. The counts are sums of affine pieces
 * of min (S, window) and min (S, span): concave, so a midpoint on the chord
 * means affine on the whole range, summed in closed form; else halve. */
static Counts
decode_sum (Eval *e, double a, double b)
{
  Counts fa, fb, fm, s;
  double m;

  if (b < a)
    return (Counts) { 0.0, 0.0 };
  fa = decode_at (e, a);
  if (b == a)
    return fa;
  fb = decode_at (e, b);
  m = floor (0.5 * (a + b));
  if (b - a >= 2.0)
    {
      fm = decode_at (e, m);
      if (!(affine (a, m, b, fa.flop, fm.flop, fb.flop)
            && affine (a, m, b, fa.bytes, fm.bytes, fb.bytes)))
        {
          Counts lo = decode_sum (e, a, m), hi = decode_sum (e, m + 1.0, b);
          return (Counts) { lo.flop + hi.flop, lo.bytes + hi.bytes };
        }
    }
  s.flop = 0.5 * (b - a + 1.0) * (fa.flop + fb.flop);
  s.bytes = 0.5 * (b - a + 1.0) * (fa.bytes + fb.bytes);
  return s;
}

static gboolean
solver_failed (const Eval *e, GError **error)
{
  g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID, "%s", e->err.message);
  return FALSE;
}

gboolean
roof_measured_evaluate_params (const RoofHardwareParams *hw,
                               const RoofModelDerived *md,
                               const RoofMeasurement *m,
                               double devices,
                               RoofMeasuredPoint *out,
                               GError **error)
{
  Eval e = { hw, md };
  RoofResult r;
  double prompt = MAX (round (m->prompt), 1.0), output = MAX (round (m->output), 1.0);
  double n = MAX (devices, 1.0), b = m->batch >= 1.0 ? m->batch : 0.0;
  double pi, beta, flop, bytes, weights = 0.0, t_c, t_m;
  Counts d;

  g_return_val_if_fail (hw != NULL && md != NULL && m != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  pi = hw->peak_flops[m->compute];
  if (!(pi > 0.0))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "the hardware has no %s ceiling (the measurement's compute precision)",
                   roof_precision_name (m->compute));
      return FALSE;
    }
  roof_workload_init (&e.wl);
  e.wl.weights = m->weights;
  e.wl.kv = m->kv;
  e.wl.compute = m->compute;
  e.wl.batch = 1.0;

  /* the prompt's prefill */
  e.wl.phase = ROOF_PHASE_PREFILL;
  e.wl.prompt = prompt;
  e.wl.context = prompt;
  if (roof_solve (hw, md, &e.wl, &r, &e.err) != ROOF_OK)
    return solver_failed (&e, error);
  flop = r.flop;
  bytes = r.bytes_kv + r.bytes_act;

  /* the decode steps after the first token, at contexts S_in … S_in + S_out − 2 */
  e.wl.phase = ROOF_PHASE_DECODE;
  d = decode_sum (&e, prompt, prompt + output - 2.0);
  if (e.status != ROOF_OK)
    return solver_failed (&e, error);
  flop += d.flop;
  bytes += d.bytes;

  if (b > 0.0 && output > 1.0)
    {
      e.wl.batch = b;
      e.wl.context = prompt;
      if (roof_solve (hw, md, &e.wl, &r, &e.err) != ROOF_OK)
        return solver_failed (&e, error);
      weights = (output - 1.0) * r.bytes_weights;
    }

  out->peak_seconds_compute = flop / (n * pi) / output;
  out->peak_seconds_memory = (bytes + (b > 0.0 ? weights / b : 0.0)) / (n * hw->mem_bw) / output;
  pi *= n * roof_efficiency (hw->eff_compute);
  beta = n * hw->mem_bw * roof_efficiency (hw->eff_memory);
  /* per request: the batch's weights shared by its b requests */
  t_c = flop / pi;
  t_m = (bytes + (b > 0.0 ? weights / b : 0.0)) / beta;

  out->devices = n;
  out->flop_per_token = flop / output;
  out->bytes_per_token = (bytes + (b > 0.0 ? weights / b : 0.0)) / output;
  out->intensity = out->flop_per_token / out->bytes_per_token;
  out->bound = t_c >= t_m ? ROOF_BOUND_COMPUTE : ROOF_BOUND_MEMORY;
  out->bound_tokens_per_s = output / MAX (t_c, t_m);
  out->fraction = m->tokens_per_s / out->bound_tokens_per_s;
  out->attained_flops = m->tokens_per_s * out->flop_per_token;
  out->has_cost = hw->has_price;
  if (hw->has_price)
    out->usd_per_mtok = n * hw->price_per_hour / 3600.0 / m->tokens_per_s * 1e6;
  return TRUE;
}

gboolean
roof_measured_evaluate (RoofCatalog *catalog,
                        const RoofMeasurement *m,
                        RoofMeasuredPoint *out,
                        GError **error)
{
  RoofHardwareParams hw;
  RoofModelSpec *model;

  g_return_val_if_fail (ROOF_IS_CATALOG (catalog), FALSE);
  g_return_val_if_fail (m != NULL, FALSE);

  if (m->system != NULL)
    {
      if (!roof_catalog_get_system_params (catalog, m->system, &hw, error))
        return FALSE;
    }
  else
    {
      RoofHardwareSpec *spec = roof_catalog_lookup_hardware (catalog, m->hardware, error);
      if (spec == NULL)
        return FALSE;
      hw = *roof_hardware_spec_get_params (spec);
    }
  model = roof_catalog_lookup_model (catalog, m->model, error);
  if (model == NULL)
    return FALSE;
  return roof_measured_evaluate_params (&hw, roof_model_spec_get_derived (model), m,
                                        roof_measurement_total_devices (m, catalog), out, error);
}

const RoofMeasurement *
roof_measured_match (GPtrArray *set,
                     RoofCatalog *catalog,
                     const char *target_id,
                     const char *model,
                     const RoofWorkload *wl)
{
  double batch = wl->batch * MAX (wl->dp, 1.0);

  for (guint i = 0; set != NULL && i < set->len; i++)
    {
      const RoofMeasurement *m = g_ptr_array_index (set, i);
      gboolean same_target = g_strcmp0 (m->hardware, target_id) == 0
                             || g_strcmp0 (m->system, target_id) == 0;

      if (same_target && g_strcmp0 (m->model, model) == 0 && m->compute == wl->compute
          && m->batch >= 1.0 && fabs (m->batch - batch) <= 0.5)
        return m;
    }
  return NULL;
}

/* ------------------------------------------------------------------------ */
/* The charts' points                                                       */

static int
device_of (const RoofChartInput *in, const RoofMeasurement *m, RoofCatalog *catalog)
{
  const char *device = roof_measurement_device_id (m, catalog);

  for (int k = 0; k < in->n_devices; k++)
    {
      const char *id = in->devices[k].id;
      if (id != NULL
          && (g_strcmp0 (id, m->hardware) == 0 || g_strcmp0 (id, m->system) == 0
              || g_strcmp0 (id, device) == 0))
        return k;
    }
  return -1;
}

/* Tokens/s per user: 1 / mean TPOT, else 1 / mean ITL, else output tokens
 * over the mean end-to-end latency, which counts the first token's wait too
 * and so is a lower bound (`*from_e2e`; docs/model.md, "Measured points");
 * 0 when the measurement gives none. */
static double
per_user (const RoofMeasurement *m, gboolean *from_e2e)
{
  *from_e2e = FALSE;
  if (isfinite (m->tpot.mean) && m->tpot.mean > 0.0)
    return 1.0 / m->tpot.mean;
  if (isfinite (m->itl.mean) && m->itl.mean > 0.0)
    return 1.0 / m->itl.mean;
  if (isfinite (m->e2e.mean) && m->e2e.mean > 0.0)
    {
      *from_e2e = TRUE;
      return m->output / m->e2e.mean;
    }
  return 0.0;
}

/* "TensorRT-LLM 1.0, perf-overview.md": the engine and the source's last
 * path segment. */
static char *
source_label (const RoofMeasurement *m)
{
  g_autofree char *engine = m->engine != NULL ? roof_measurement_engine_label (m)
                                               : g_strdup (_("unknown engine"));
  g_autofree char *base = NULL;
  const char *src = m->source != NULL ? m->source : "";
  const char *slash = strrchr (src, '/');
  const char *hash;
  char *label;

  base = g_strdup (slash != NULL && slash[1] != '\0' ? slash + 1 : src);
  if ((hash = strpbrk (base, "#?")) != NULL)
    base[hash - base] = '\0';
  label = g_strdup_printf ("%s, %s", engine, base);
  if (g_utf8_strlen (label, -1) > 48)
    {
      char *cut = g_utf8_substring (label, 0, 47);
      g_free (label);
      label = g_strconcat (cut, "…", NULL);
      g_free (cut);
    }
  return label;
}

static char *
tooltip (const RoofMeasurement *m, const RoofMeasuredPoint *pt, const char *device_name)
{
  g_autofree char *engine = m->engine != NULL ? roof_measurement_engine_label (m)
                                               : g_strdup (_("unknown engine"));
  g_autoptr (GString) s = g_string_new (NULL);
  g_autofree char *batch = m->batch >= 1.0 ? g_strdup_printf ("%g", m->batch)
                                           : g_strdup (_("not stated"));

  g_string_append_printf (s, "%s · %g × %s · %s\n", engine, pt->devices, device_name, m->model);
  g_string_append_printf (s, _("%g in / %g out tokens · %s · batch %s\n"), m->prompt, m->output,
                          roof_precision_name (m->weights), batch);
  g_string_append_printf (s, _("measured %.4g tokens/s · bound %.4g tokens/s (%.0f %%)\n"),
                          m->tokens_per_s, pt->bound_tokens_per_s, 100.0 * pt->fraction);
  g_string_append_printf (s, "%s%s%s", m->source != NULL ? m->source : "",
                          m->date != NULL ? " · " : "", m->date != NULL ? m->date : "");
  return g_string_free (g_steal_pointer (&s), FALSE);
}

void
roof_measured_fill_input (RoofChartInput *in,
                          RoofCatalog *catalog,
                          const char *model_id,
                          GPtrArray *const *sets,
                          GPtrArray *owner)
{
  RoofPlotMeasured *points = g_new0 (RoofPlotMeasured, ROOF_PLOT_MAX_MEASURED);
  const char **sources = g_new0 (const char *, ROOF_PLOT_MAX_SOURCES + 1);
  int n = 0, n_sources = 0;

  g_ptr_array_add (owner, points);
  g_ptr_array_add (owner, sources);
  for (guint s = 0; sets != NULL && sets[s] != NULL; s++)
    for (guint i = 0; i < sets[s]->len && n < ROOF_PLOT_MAX_MEASURED; i++)
      {
        const RoofMeasurement *m = g_ptr_array_index (sets[s], i);
        g_autoptr (GError) error = NULL;
        g_autofree char *label = NULL;
        RoofMeasuredPoint pt;
        int device, source = -1;

        if (g_strcmp0 (m->model, model_id) != 0 || (device = device_of (in, m, catalog)) < 0)
          continue;
        if (!roof_measured_evaluate (catalog, m, &pt, &error))
          {
            g_debug ("measurement %s left off the charts: %s", m->id, error->message);
            continue;
          }
        label = source_label (m);
        for (int k = 0; k < n_sources && source < 0; k++)
          if (strcmp (sources[k], label) == 0)
            source = k;
        if (source < 0 && n_sources == ROOF_PLOT_MAX_SOURCES)
          continue;
        if (source < 0)
          {
            source = n_sources;
            sources[n_sources++] = g_steal_pointer (&label);
            g_ptr_array_add (owner, (gpointer) sources[source]);
          }
        points[n] = (RoofPlotMeasured) {
          .source = source,
          .device = device,
          .devices = pt.devices,
          .intensity = pt.intensity,
          .attained_flops = pt.attained_flops,
          .batch = m->batch,
          .tokens_per_s = m->tokens_per_s,
          .usd_per_mtok = pt.has_cost ? pt.usd_per_mtok : 0.0,
          .fraction = pt.fraction,
        };
        points[n].per_user = per_user (m, &points[n].per_user_e2e);
        points[n].tooltip = tooltip (m, &pt, in->devices[device].name != NULL
                                                ? in->devices[device].name
                                                : in->devices[device].id);
        g_ptr_array_add (owner, (gpointer) points[n].tooltip);
        n++;
      }
  in->measured = points;
  in->n_measured = n;
  in->measured_sources = sources;
  in->n_measured_sources = n_sources;
}

void
roof_measured_hide_sources (RoofChartInput *in, RoofScenario *scenario)
{
  in->measured_hidden = 0;
  for (int s = 0; scenario != NULL && s < in->n_measured_sources; s++)
    if (roof_scenario_get_measured_source_hidden (scenario, in->measured_sources[s]))
      in->measured_hidden |= 1u << s;
}
