/* roof-chart-levers.c — speculative decoding and disaggregation on the charts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Speculative decoding" and "Disaggregated prefill and
 * decode": the batch, cost, context and roofline charts draw the lever's
 * figures beside the plain bound; the solver computes, this file gathers
 * what they share (the step, the prefill pool's cost, the caption's words
 * and the verify step on the roofline).
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"

gboolean
roof_chart_spec_step (const RoofChartInput *in, const RoofHardwareParams *hw,
                      const RoofWorkload *wl, RoofSpecResult *out)
{
  RoofError err;

  if (!in->has_spec)
    return FALSE;
  if (roof_speculative (hw, in->model, wl, &in->spec, in->draft, out, &err) == ROOF_OK)
    return TRUE;
  memset (out, 0, sizeof *out);
  return FALSE;
}

void
roof_chart_spec_numbers (const RoofChartInput *in, char k[48], char a[48], char tps[48])
{
  roof_format_count (in->spec.k, k, 48);
  roof_format_number (in->spec.accept, 3, a, 48);
  roof_format_number (roof_spec_tokens_per_step (in->spec.k, in->spec.accept), 4, tps, 48);
}

void
roof_render_spec_note (RoofRender *R, const char *plain)
{
  const RoofChartInput *in = R->in;
  char k[48], a[48], tps[48];

  if (!in->has_spec)
    return;
  roof_chart_spec_numbers (in, k, a, tps);
  /* TRANSLATORS: the last %s says how the plain bound is drawn, "faint:
   * without it" */
  roof_render_note (R, _("speculative decoding k = %s, α = %s: %s tokens per verify step of "
                         "k + 1 tokens per sequence, drafter included; %s"),
                    k, a, tps, plain);
}

const RoofHardwareParams *
roof_chart_prefill_pool (const RoofChartInput *in, int device)
{
  if (in->prefill_hw != NULL)
    return in->prefill_hw;
  return in->disagg_pools != NULL ? &in->disagg_pools[device] : &in->devices[device].hw;
}

gboolean
roof_chart_prefill_cost (const RoofChartInput *in, int device, const RoofWorkload *wl,
                         double *usd_per_mtok, RoofError *err)
{
  const RoofHardwareParams *hw = roof_chart_prefill_pool (in, device);
  RoofWorkload pw = in->prefill_workload;
  RoofResult r;

  *usd_per_mtok = 0.0;
  if (!(wl->output >= 1.0))
    {
      err->code = ROOF_ERR_INVALID;
      g_strlcpy (err->message, _("the output length must be at least 1 token"),
                 sizeof err->message);
      return FALSE;
    }
  pw.prompt = wl->prompt;
  if (roof_solve (hw, in->model, &pw, &r, err) != ROOF_OK)
    return FALSE;
  if (!r.has_cost)
    {
      err->code = ROOF_ERR_INVALID;
      g_strlcpy (err->message, _("the prefill pool has no price"), sizeof err->message);
      return FALSE;
    }
  /* per million prompt tokens × S_in / S_out: price_s · t_prefill / (P · S_out) · 10⁶ */
  *usd_per_mtok = r.usd_per_mtok * wl->prompt / wl->output;
  return TRUE;
}

/* The verify step of device i's workload, `s` of roof_chart_spec_step
 * (NULL: none): a hollow triangle at its intensity and attained FLOP/s,
 * joined to the plain step at (x0, y0), with a tooltip. */
void
roof_render_verify_step (RoofRender *R, int i, const RoofSpecResult *s, double x0, double y0)
{
  const RoofTheme *th = R->th;
  RoofColor col = roof_render_device_color (R, i);
  char inten[32], itl[32], cycle[32], k[32];

  if (s == NULL)
    return;
  double x = roof_frame_x (R, s->verify.intensity), y = roof_frame_y (R, s->verify.attained_flops);
  double xy[4] = { x0, y0, x, y };

  roof_render_stroke (R, xy, 2, th->thin_width, ROOF_PREC_INT8, th->thin_width,
                      roof_color_alpha (col, 0.8));
  cairo_set_dash (R->cr, NULL, 0, 0);
  roof_render_marker (R, ROOF_MARKER_TRIANGLE, x, y, th->marker_radius + 1.0, col, col, TRUE);
  roof_label_placer_add_marker (R->placer, x, y, th->marker_radius + 1.0);
  roof_format_number (s->verify.intensity, 4, inten, sizeof inten);
  roof_format_time (s->itl, itl, sizeof itl);
  roof_format_time (s->t_cycle, cycle, sizeof cycle);
  roof_format_count (R->in->spec.k + 1.0, k, sizeof k);
  roof_render_hit (R, x, y, th->marker_radius + 5.0, i,
                   _("%s · verify step: %s tokens per sequence\nintensity %s FLOP/byte\n"
                     "cycle %s with the drafter · effective ITL %s"),
                   roof_render_device_full_name (R, i), k, inten, cycle, itl);
}

double
roof_chart_spec_max_fit (const RoofChartInput *in, const RoofHardwareParams *hw,
                         const RoofWorkload *wl, double plain_max)
{
  RoofWorkload w = *wl;
  RoofSpecResult s;
  double lo = 0.0, hi = plain_max; /* fits at lo (0: none yet), not past hi */

  w.batch = hi;
  if (hi < 1.0 || (roof_chart_spec_step (in, hw, &w, &s) && s.fits))
    return hi;
  /* the drafter's footprint only lowers it: bisect over whole batches */
  while (hi - lo > 1.0)
    {
      w.batch = floor ((lo + hi) / 2.0);
      if (roof_chart_spec_step (in, hw, &w, &s) && s.fits)
        lo = w.batch;
      else
        hi = w.batch;
    }
  return lo;
}

char *
roof_render_unfit_name (RoofRender *R, int i, gboolean unfit, gboolean drafter_unfit,
                        int min_devices, gboolean label)
{
  const char *name = roof_render_device_name (R, i);

  if (drafter_unfit)
    return g_strdup_printf (_("%s (no room for the drafter)"), name);
  if (!unfit)
    return g_strdup (name);
  return label ? g_strdup_printf (_("%s (needs ≥ %d devices)"), name, min_devices)
               : g_strdup_printf (_("%s (≥ %d devices)"), name, min_devices);
}

double
roof_chart_spec_itl_batch (const RoofChartInput *in, const RoofHardwareParams *hw,
                           const RoofWorkload *wl, double itl, double hi)
{
  RoofWorkload w = *wl;
  RoofSpecResult s;
  double lo = 0.0; /* meets at lo (0: none yet) */

  hi = floor (hi);
  w.batch = hi;
  if (hi >= 1.0 && roof_chart_spec_step (in, hw, &w, &s) && s.itl <= itl)
    return hi;
  /* the effective ITL grows with the batch */
  while (hi - lo > 1.0)
    {
      w.batch = floor ((lo + hi) / 2.0);
      if (roof_chart_spec_step (in, hw, &w, &s) && s.itl <= itl)
        lo = w.batch;
      else
        hi = w.batch;
    }
  return lo;
}

void
roof_render_spec_legend (RoofRender *R)
{
  RoofLegendItem *it;

  if (!R->in->has_spec)
    return;
  roof_render_spec_note (R, _("the triangle is the verify step, the ring the plain step"));
  it = roof_legend_add (R, ROOF_LEGEND_MARKER, _("verify step (k + 1 tokens per sequence)"), -1,
                        R->th->muted);
  it->marker = ROOF_MARKER_TRIANGLE;
  it->hollow = TRUE;
}
