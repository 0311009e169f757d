/* roof-disagg.c — disaggregated prefill and decode, against co-located
 * serving with chunked prefill
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Disaggregated prefill and decode".
 */
#include <string.h>

#include "roof-levers.h"
#include "roof-solver-private.h"

/* Either pool must reach the other over its scale-out network. */
static RoofStatus
check_pools (const RoofHardwareParams *prefill_hw, const RoofWorkload *prefill_wl,
             const RoofHardwareParams *decode_hw, const RoofWorkload *decode_wl, RoofError *err)
{
  if (prefill_hw == NULL || decode_hw == NULL || prefill_wl == NULL || decode_wl == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "both pools need a device and a workload");
  if (!(prefill_hw->scaleout_bw > 0.0))
    return roof_set_error (err, ROOF_ERR_UNSUPPORTED,
                           "the prefill pool has no scale-out network: its KV cache cannot "
                           "reach the decode pool");
  if (!(decode_hw->scaleout_bw > 0.0))
    return roof_set_error (err, ROOF_ERR_UNSUPPORTED,
                           "the decode pool has no scale-out network: it cannot receive the "
                           "prefill pool's KV cache");
  if (!(decode_wl->output >= 1.0))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "disaggregated serving needs an output length of at least 1 token, "
                           "got %g",
                           decode_wl->output);
  return ROOF_OK;
}

/* Co-located serving on the decode pool: every step carries B/S_out
 * prompts' worth of chunked prefill beside its B decode tokens, sharing
 * the step's weight read (docs/model.md). */
static RoofStatus
colocated (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *dw,
           RoofDisaggResult *out, RoofError *err)
{
  RoofWorkload cw = *dw;
  RoofResult c;
  RoofStatus st;
  const RoofResult *d = &out->decode;
  double B = dw->batch, s_out = dw->output;

  cw.phase = ROOF_PHASE_PREFILL;
  cw.batch = 1.0;
  if ((st = roof_solve (hw, md, &cw, &c, err)) != ROOF_OK)
    return st;
  double f = B / s_out;
  double tc = d->t_compute + f * c.t_compute;
  double tm = d->t_memory + f * (c.t_memory - c.t_memory_weights);
  double comm = d->t_comm + f * c.t_comm;
  double dp = d->devices_total / d->devices;

  out->colo_chunk_tokens = f * dw->prompt;
  out->colo_itl = roof_step_time (dw->overlap, tc, tm, comm, dw->overhead);
  out->colo_ttft = roof_max (1.0, ceil (s_out / B)) * out->colo_itl;
  out->colo_tokens_per_s_per_device = B / out->colo_itl / d->devices;
  out->colo_has_cost = d->has_cost;
  if (d->has_cost)
    out->colo_usd_per_mtok = d->usd_per_s * out->colo_itl / (dp * B) * 1e6;
  return ROOF_OK;
}

void
roof_disagg_prefill_workload (const RoofWorkload *decode_wl, double batch, double tp, double ep,
                              RoofWorkload *out)
{
  *out = *decode_wl;
  out->phase = ROOF_PHASE_PREFILL;
  out->batch = batch > 0.0 ? batch : 1.0;
  if (tp > 0.0)
    out->devices = tp;
  if (ep > 0.0)
    out->ep = ep;
  out->dp = 0.0;
}

double
roof_disagg_transfer_time (const RoofHardwareParams *prefill_hw, double n_p,
                           const RoofHardwareParams *decode_hw, double n_d, double kv_bytes)
{
  /* the cache is sharded over the prefill replica's devices, each sending
   * its share at once to the decode replica's devices: the narrower side's
   * aggregate scale-out bandwidth bounds the transfer (a best case) */
  double bw = roof_min (n_p * prefill_hw->scaleout_bw, n_d * decode_hw->scaleout_bw);
  return kv_bytes / bw + roof_max (prefill_hw->scaleout_latency, decode_hw->scaleout_latency);
}

RoofStatus
roof_disagg (const RoofHardwareParams *prefill_hw, const RoofWorkload *prefill_wl,
             const RoofHardwareParams *decode_hw, const RoofWorkload *decode_wl,
             const RoofModelDerived *md, RoofDisaggResult *out, RoofError *err)
{
  RoofStatus st;
  RoofWorkload pw, dw;

  if ((st = check_pools (prefill_hw, prefill_wl, decode_hw, decode_wl, err)) != ROOF_OK)
    return st;
  memset (out, 0, sizeof *out);

  double s_in = decode_wl->prompt, s_out = decode_wl->output;
  pw = *prefill_wl;
  pw.phase = ROOF_PHASE_PREFILL;
  pw.prompt = s_in;
  pw.output = s_out;
  pw.step_tokens = 0.0;
  if ((st = roof_solve (prefill_hw, md, &pw, &out->prefill, err)) != ROOF_OK)
    return st;
  dw = *decode_wl;
  dw.phase = ROOF_PHASE_DECODE;
  dw.step_tokens = 0.0;
  dw.context = s_in + 0.5 * (s_out - 1.0);
  if ((st = roof_solve (decode_hw, md, &dw, &out->decode, err)) != ROOF_OK)
    return st;

  const RoofResult *p = &out->prefill, *d = &out->decode;
  out->kv_bytes = roof_model_kv_bytes (md, s_in, roof_precision_bytes (dw.kv));
  out->link_bw = roof_min (p->devices * prefill_hw->scaleout_bw,
                           d->devices * decode_hw->scaleout_bw);
  out->t_transfer = roof_disagg_transfer_time (prefill_hw, p->devices, decode_hw, d->devices,
                                               out->kv_bytes);
  out->t_prefill = p->t_step;
  out->ttft = out->t_prefill + out->t_transfer;
  out->prefill_devices = p->devices;
  out->prefill_requests_per_s_per_device = pw.batch / p->t_step / p->devices;
  out->itl = d->t_step;
  out->decode_devices = d->devices;
  out->decode_requests_per_s_per_device = dw.batch / (s_out * d->t_step) / d->devices;

  double pre = out->prefill_requests_per_s_per_device;
  double dec = out->decode_requests_per_s_per_device;
  out->prefill_per_decode = dec / pre;
  out->tokens_per_s_per_device = s_out / (1.0 / pre + 1.0 / dec);
  out->has_cost = prefill_hw->has_price && decode_hw->has_price;
  if (out->has_cost)
    out->usd_per_mtok = (prefill_hw->price_per_hour / pre + decode_hw->price_per_hour / dec)
                        / 3600.0 / s_out * 1e6;

  if ((st = colocated (decode_hw, md, &dw, out, err)) != ROOF_OK)
    return st;

  const double f[] = { out->t_transfer, out->ttft, out->prefill_per_decode,
                       out->tokens_per_s_per_device, out->usd_per_mtok, out->colo_itl,
                       out->colo_ttft, out->colo_tokens_per_s_per_device,
                       out->colo_usd_per_mtok, out->colo_chunk_tokens };
  if (!roof_all_finite (f, ROOF_N_ELEMENTS (f)) || !(out->prefill_per_decode > 0.0))
    return roof_overflow_error (err);
  return ROOF_OK;
}
