/* roof-levers.h — what moves the frontier: speculative decoding,
 * disaggregated prefill and decode, energy and ownership
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Speculative decoding", "Disaggregated prefill and decode"
 * and "Energy and ownership". C11 + libm only, like the rest of the solver:
 * nothing allocates, every entry point validates its inputs and returns
 * ROOF_OK or an error with a message.
 */
#pragma once

#include "roof-solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Speculative decoding and multi-token prediction                          */

typedef enum
{
  ROOF_DRAFTER_MODEL = 0, /* a draft model of the catalog, on the replica's TP group */
  ROOF_DRAFTER_MTP,       /* multi-token-prediction heads of mtp_params parameters */
} RoofDrafter;

typedef struct RoofSpeculative
{
  double k;      /* draft length: tokens proposed per verify step, whole, 1 … 64 */
  double accept; /* α: probability that each drafted token is accepted, [0, 1) */
  RoofDrafter drafter;
  double mtp_params; /* ROOF_DRAFTER_MTP: parameters of the heads, > 0 */
} RoofSpeculative;

/* Expected tokens per verify step: (1 − α^(k+1)) / (1 − α), for α in
 * [0, 1) (1 at α = 0, → k + 1 as α → 1). */
double roof_spec_tokens_per_step (double k, double accept);

/* k a whole number 1 … 64, α in [0, 1), mtp_params > 0 for MTP. Messages
 * name the field ("draft length k", "acceptance α", "MTP parameters"). */
RoofStatus roof_speculative_validate (const RoofSpeculative *spec, RoofError *err);

typedef struct
{
  double tokens_per_step; /* (1 − α^(k+1)) / (1 − α) */
  double t_verify;        /* one verify step: k + 1 tokens per sequence */
  double t_draft;         /* one draft step of the drafter at the same batch */
  double t_cycle;         /* t_verify + k · t_draft */
  double itl;             /* t_cycle / tokens_per_step */
  double itl_plain;       /* the decode step without speculation */
  double speedup;         /* itl_plain / itl (< 1: speculation loses) */
  double tokens_per_s;            /* one replica: B · tokens_per_step / t_cycle */
  double tokens_per_s_total;      /* × dp */
  double tokens_per_s_per_device; /* / devices_total */
  bool has_power;
  double tokens_per_s_per_kw;
  bool has_cost;
  double usd_per_mtok; /* devices_total · price / 3600 · t_cycle / (dp · B · tokens_per_step) · 10⁶ */
  double footprint_device; /* the verify step's busiest device plus the drafter's share */
  bool fits;               /* footprint_device ≤ C · u */
  RoofResult verify;       /* roof_solve of the verify step (tokens = B · (k + 1)) */
  RoofResult draft;        /* roof_solve of one draft step */
} RoofSpecResult;

/* Speculative decoding of wl (a decode step) on hw: the verify step is wl
 * with step_tokens = k + 1; the drafter runs k sequential decode steps at
 * the same batch and context on the replica's tensor-parallel group (EP,
 * PP 1): `draft` (a derived model) for ROOF_DRAFTER_MODEL, a dense block of
 * spec->mtp_params parameters (2 FLOP per parameter and token, its weights
 * read once per step) for ROOF_DRAFTER_MTP (`draft` ignored). */
RoofStatus roof_speculative (const RoofHardwareParams *hw,
                             const RoofModelDerived *md,
                             const RoofWorkload *wl,
                             const RoofSpeculative *spec,
                             const RoofModelDerived *draft,
                             RoofSpecResult *out,
                             RoofError *err);

/* A point of roof_layouts_enumerate (its layout and batch) with speculative
 * decoding: roof_speculative of wl on that layout (tp, ep, pp, microbatches
 * = pp, dp) and batch; the point's ITL becomes the effective ITL t_cycle /
 * tokens_per_step, its tokens/s (per device, per kW) and $/Mtok those of
 * roof_speculative, its bound the verify step's, `fits` whether the drafter
 * fits beside it, `meets` recomputed against the search's targets (TTFT,
 * a prefill, is unchanged). docs/model.md, "Speculative decoding". */
RoofStatus roof_speculative_layout_point (const RoofHardwareParams *hw,
                                          const RoofModelDerived *md,
                                          const RoofWorkload *wl,
                                          const RoofSpeculative *spec,
                                          const RoofModelDerived *draft,
                                          const RoofLayoutSearch *search,
                                          RoofLayoutPoint *point,
                                          RoofError *err);

/* ------------------------------------------------------------------------ */
/* Disaggregated prefill and decode                                         */

typedef struct
{
  /* the traffic: prompt S_in and output S_out from the decode workload */
  double kv_bytes;   /* one request's KV cache: roof_model_kv_bytes (S_in) */
  double link_bw;    /* min (n_p · β_so,p, n_d · β_so,d): the narrower replica's
                      * aggregate scale-out bandwidth, n the devices of one replica */
  double t_transfer; /* kv_bytes / link_bw + the larger scale-out latency */

  /* prefill pool: prefill_wl's batch of prompts per step */
  double t_prefill;
  double ttft; /* t_prefill + t_transfer */
  double prefill_devices;            /* one prefill replica: tp · ep · pp */
  double prefill_requests_per_s_per_device; /* batch / t_prefill / prefill_devices */

  /* decode pool at the mean context S_in + (S_out − 1)/2 */
  double itl;
  double decode_devices;
  double decode_requests_per_s_per_device; /* B / (S_out · itl) / decode_devices */
  /* prefill devices per decode device that keep both pools busy:
   * decode rps per device / prefill rps per device */
  double prefill_per_decode;
  /* output tokens/s per device of the balanced fleet (both pools):
   * S_out / (1/prefill rps + 1/decode rps) */
  double tokens_per_s_per_device;
  bool has_cost; /* both pools priced */
  /* per million output tokens, the prefill pool's devices included */
  double usd_per_mtok;

  /* co-located on the decode pool's devices and layout, chunked prefill:
   * every step carries B · S_in / S_out prompt tokens beside its B decode
   * tokens */
  double colo_chunk_tokens;
  double colo_itl;
  double colo_ttft; /* ⌈S_out / B⌉ steps */
  double colo_tokens_per_s_per_device;
  bool colo_has_cost;
  double colo_usd_per_mtok;
  RoofResult prefill; /* the prefill pool's step */
  RoofResult decode;  /* the decode pool's step at the mean context */
} RoofDisaggResult;

/* The prefill pool runs prefill_wl (its phase set to prefill; its batch the
 * prompts per step, its layout its own) on prefill_hw; the decode pool runs
 * decode_wl (phase decode) on decode_hw; both use decode_wl's prompt and
 * output lengths. A pool without a scale-out network (scaleout_bw 0) is an
 * error naming the pool; so is an output length of 0. */
/* The prefill pool's workload from the decode workload: phase prefill,
 * `batch` prompts per step (0: 1), tensor parallel `tp` and expert
 * parallel `ep` (0: the decode workload's), one replica (dp 0). */
void roof_disagg_prefill_workload (const RoofWorkload *decode_wl,
                                   double batch,
                                   double tp,
                                   double ep,
                                   RoofWorkload *out);

/* The KV transfer of kv_bytes from a prefill replica of n_p devices to a
 * decode replica of n_d devices: kv_bytes / min (n_p · β_so,p, n_d · β_so,d)
 * + the larger scale-out latency (both pools need a scale-out network). */
double roof_disagg_transfer_time (const RoofHardwareParams *prefill_hw,
                                  double n_p,
                                  const RoofHardwareParams *decode_hw,
                                  double n_d,
                                  double kv_bytes);

RoofStatus roof_disagg (const RoofHardwareParams *prefill_hw,
                        const RoofWorkload *prefill_wl,
                        const RoofHardwareParams *decode_hw,
                        const RoofWorkload *decode_wl,
                        const RoofModelDerived *md,
                        RoofDisaggResult *out,
                        RoofError *err);

/* ------------------------------------------------------------------------ */
/* Energy and ownership                                                     */

#define ROOF_HOURS_PER_YEAR 8760.0

typedef struct
{
  double capex_usd;   /* purchase price of one device (a system's share: price / N), ≥ 0 */
  double years;       /* amortisation period, > 0 */
  double usd_per_kwh; /* electricity, ≥ 0 */
  double pue;         /* power usage effectiveness, ≥ 1 */
} RoofOwnership;

/* capex/(years · 8760) + power_w/1000 · usd_per_kwh · pue, USD per
 * device-hour. power_w must be > 0 (the device's power is needed). */
RoofStatus roof_owned_price_per_hour (double power_w,
                                      const RoofOwnership *own,
                                      double *usd_per_hour,
                                      RoofError *err);

typedef struct
{
  bool has_power;
  double watts;             /* every device of the layout: devices_total · power_w */
  double joules_per_token;  /* watts · t_step / (dp · tokens) = power_w · t / B per replica */
  double tokens_per_s_per_mw; /* output tokens/s per MW of device power */
  double kwh_per_mtok;      /* joules_per_token · 10⁶ / 3.6e6 */
} RoofEnergy;

/* From a result of roof_solve on hw (decode: per output token; prefill:
 * per prompt token). has_power false (and zeros) without power_w. */
void roof_energy (const RoofHardwareParams *hw, const RoofResult *r, RoofEnergy *out);
/* The same for an effective step: t seconds for `tokens` tokens on
 * `devices` devices. */
void roof_energy_of (double power_w, double devices, double t, double tokens, RoofEnergy *out);

#ifdef __cplusplus
}
#endif
