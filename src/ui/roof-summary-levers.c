/* roof-summary-levers.c — the serving levers in the summary's figures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Speculative decoding" and "Disaggregated prefill and
 * decode": the solver computes; this file picks the figures the summary
 * shows and says in the tips where they come from.
 */
#include "config.h"

#include "roof-summary-levers.h"

#include <glib/gi18n.h>
#include <string.h>

#include "roof-format.h"

static void
speculative (RoofChartData *data, int index, const RoofResult *decode, RoofSummaryLevers *out)
{
  const RoofChartInput *in = roof_chart_data_get_input (data);
  const RoofChartLevers *lv = roof_chart_data_get_levers (data);
  const RoofPlotDevice *dev = roof_chart_data_get_device (data, index);
  RoofWorkload wl = in->workload;
  RoofSpecResult s;
  RoofError err = { 0 };

  wl.phase = ROOF_PHASE_DECODE;
  if (roof_speculative (&dev->hw, in->model, &wl, &lv->speculative, lv->draft, &s, &err)
      != ROOF_OK)
    {
      out->itl_refused = TRUE;
      out->itl_tip = g_strdup_printf (_("Speculative decoding cannot apply: %s"), err.message);
      return;
    }
  out->itl = s.itl;
  /* one replica's: the data-parallel replicas each serve as many */
  out->tokens_per_s = s.tokens_per_s * (in->workload.dp > 1.0 ? in->workload.dp : 1.0);
  out->has_cost = s.has_cost;
  out->usd_per_mtok = s.usd_per_mtok;

  g_autofree char *tokens = roof_format_significant (s.tokens_per_step, 3);
  g_autofree char *cycle = roof_format (s.t_cycle, ROOF_UNIT_TIME);
  g_autofree char *plain = roof_format (decode->t_step, ROOF_UNIT_TIME);
  g_autofree char *speedup = roof_format_significant (s.speedup, 3);
  g_autofree char *k = roof_format_integer (lv->speculative.k);
  g_autofree char *a = roof_ui_format_number (lv->speculative.accept);
  g_autofree char *mtp = roof_format (lv->speculative.mtp_params, ROOF_UNIT_COUNT);
  g_autofree char *drafter = lv->draft_name != NULL
                               ? g_strdup (lv->draft_name)
                               : g_strdup_printf (_("MTP heads of %s parameters"), mtp);
  out->itl_tip = g_strdup_printf (_("Speculative decoding, k = %s, α = %s, drafter %s: %s "
                                    "tokens per verify cycle of %s; without it %s (× %s)"),
                                  k, a, drafter, tokens, cycle, plain, speedup);
}

static void
disaggregated (RoofChartData *data, int index, RoofSummaryLevers *out)
{
  const RoofChartInput *in = roof_chart_data_get_input (data);
  const RoofChartLevers *lv = roof_chart_data_get_levers (data);
  const RoofHardwareParams *pool = roof_chart_data_get_pool (data, index);
  const RoofHardwareParams *prefill = lv->prefill_name != NULL ? &lv->prefill_hw : pool;
  RoofWorkload wl = in->workload;
  RoofDisaggResult d;
  RoofError err = { 0 };

  wl.phase = ROOF_PHASE_DECODE;
  if (roof_disagg (prefill, &lv->prefill_workload, pool, &wl, in->model, &d, &err) != ROOF_OK)
    {
      out->ttft_refused = TRUE;
      out->ttft_tip = g_strdup_printf (_("Disaggregated serving cannot apply: %s"), err.message);
      return;
    }
  out->ttft = d.ttft;
  g_autofree char *pre = roof_format (d.t_prefill, ROOF_UNIT_TIME);
  g_autofree char *xfer = roof_format (d.t_transfer, ROOF_UNIT_TIME);
  g_autofree char *kv = roof_format (d.kv_bytes, ROOF_UNIT_BYTES);
  g_autofree char *ratio = roof_format_significant (d.prefill_per_decode, 3);
  g_autofree char *colo = roof_format (d.colo_ttft, ROOF_UNIT_TIME);
  out->ttft_tip = g_strdup_printf (_("Disaggregated, prefill on %s: prefill %s + KV transfer "
                                     "%s (%s); %s prefill devices per decode device; "
                                     "co-located with chunked prefill %s"),
                                   lv->prefill_name != NULL ? lv->prefill_name
                                                            : _("the same device"),
                                   pre, xfer, kv, ratio, colo);
}

void
roof_summary_levers_compute (RoofChartData *data, int index, const RoofResult *decode,
                             double ttft, RoofSummaryLevers *out)
{
  const RoofChartLevers *lv = roof_chart_data_get_levers (data);

  memset (out, 0, sizeof *out);
  out->itl = decode->t_step;
  out->tokens_per_s = decode->tokens_per_s_total; /* every data-parallel replica's */
  out->has_cost = decode->has_cost;
  out->usd_per_mtok = decode->usd_per_mtok;
  out->ttft = ttft;
  if (lv->spec)
    speculative (data, index, decode, out);
  if (lv->disagg)
    disaggregated (data, index, out);
}

void
roof_summary_levers_clear (RoofSummaryLevers *lv)
{
  g_clear_pointer (&lv->itl_tip, g_free);
  g_clear_pointer (&lv->ttft_tip, g_free);
}

char *
roof_summary_cost_basis (const RoofChartInput *in)
{
  if (!in->owned)
    return g_strdup (_("rented"));
  g_autofree char *capex = roof_format (in->own.capex_usd, ROOF_UNIT_USD);
  g_autofree char *years = roof_ui_format_number (in->own.years);
  g_autofree char *kwh = roof_format (in->own.usd_per_kwh, ROOF_UNIT_USD);
  g_autofree char *pue = roof_ui_format_number (in->own.pue);
  return g_strdup_printf (_("owned: %s per device over %s years, %s/kWh, PUE %s"), capex, years,
                          kwh, pue);
}
