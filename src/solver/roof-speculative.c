/* roof-speculative.c — speculative decoding and multi-token prediction
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Speculative decoding": a verify step of k + 1 tokens per
 * sequence, k draft steps before it, (1 − α^(k+1)) / (1 − α) tokens out.
 */
#include <stdio.h>
#include <string.h>

#include "roof-levers.h"
#include "roof-solver-private.h"

#define ROOF_SPEC_MAX_K 64.0

double
roof_spec_tokens_per_step (double k, double accept)
{
  /* 1 + α + α² + … + α^k, summed directly: exact at α = 0 and free of the
   * cancellation of 1 − α^(k+1) near α = 1 */
  double sum = 1.0, term = 1.0;
  for (int i = 1; i <= (int) k; i++)
    {
      term *= accept;
      sum += term;
    }
  return sum;
}

RoofStatus
roof_speculative_validate (const RoofSpeculative *spec, RoofError *err)
{
  if (spec == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no speculative decoding given");
  if (!roof_whole (spec->k) || spec->k < 1.0 || spec->k > ROOF_SPEC_MAX_K)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "draft length k must be a whole number from 1 to %g, got %g",
                           ROOF_SPEC_MAX_K, spec->k);
  if (!isfinite (spec->accept) || spec->accept < 0.0 || spec->accept >= 1.0)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "acceptance α must lie in [0, 1), got %g", spec->accept);
  if (spec->drafter != ROOF_DRAFTER_MODEL && spec->drafter != ROOF_DRAFTER_MTP)
    return roof_set_error (err, ROOF_ERR_INVALID, "unknown drafter %d", (int) spec->drafter);
  if (spec->drafter == ROOF_DRAFTER_MTP
      && (!roof_finite_pos (spec->mtp_params) || spec->mtp_params > ROOF_HUGE))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "MTP parameters must be > 0 and at most 1e15, got %g",
                           spec->mtp_params);
  return ROOF_OK;
}

/* One draft step: the drafter at the workload's batch and context on the
 * replica's tensor-parallel group, one token per sequence. */
static RoofStatus
draft_step (const RoofHardwareParams *hw, const RoofWorkload *wl, const RoofSpeculative *spec,
            const RoofModelDerived *draft, RoofResult *out, RoofError *err)
{
  RoofWorkload dw = *wl;
  RoofModelDerived mtp;
  RoofStatus st;

  dw.step_tokens = 0.0;
  dw.ep = dw.pp = dw.microbatches = 0.0;
  dw.ep_imbalance = 0.0;
  if (spec->drafter == ROOF_DRAFTER_MTP)
    {
      RoofModelParams g;
      roof_model_init (&g);
      g.kind = ROOF_MODEL_GENERIC;
      g.params = spec->mtp_params;
      g.flop_per_sample = 2.0 * spec->mtp_params;
      g.bytes_per_sample = 0.0;
      if ((st = roof_model_derive (&g, &mtp, err)) != ROOF_OK)
        return st;
      draft = &mtp;
    }
  else if (draft == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no draft model given");
  if ((st = roof_solve (hw, draft, &dw, out, err)) != ROOF_OK)
    {
      /* say which of the two models failed */
      char msg[ROOF_ERROR_MESSAGE_MAX];
      snprintf (msg, sizeof msg, "%s", err ? err->message : "");
      return roof_set_error (err, st, "the drafter: %s", msg);
    }
  return ROOF_OK;
}

RoofStatus
roof_speculative (const RoofHardwareParams *hw, const RoofModelDerived *md,
                  const RoofWorkload *wl, const RoofSpeculative *spec,
                  const RoofModelDerived *draft, RoofSpecResult *out, RoofError *err)
{
  RoofStatus st;
  RoofResult plain;
  RoofWorkload vw;

  if ((st = roof_speculative_validate (spec, err)) != ROOF_OK)
    return st;
  if (wl == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no workload given");
  if (wl->phase != ROOF_PHASE_DECODE)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "speculative decoding applies to the decode phase, not prefill");
  memset (out, 0, sizeof *out);
  vw = *wl;
  vw.step_tokens = 0.0;
  if ((st = roof_solve (hw, md, &vw, &plain, err)) != ROOF_OK)
    return st;
  vw.step_tokens = spec->k + 1.0;
  if ((st = roof_solve (hw, md, &vw, &out->verify, err)) != ROOF_OK)
    return st;
  if ((st = draft_step (hw, wl, spec, draft, &out->draft, err)) != ROOF_OK)
    return st;

  const RoofResult *v = &out->verify;
  double B = wl->batch;
  double dp = v->devices_total / v->devices;
  double tps = roof_spec_tokens_per_step (spec->k, spec->accept);

  out->tokens_per_step = tps;
  out->t_verify = v->t_step;
  out->t_draft = out->draft.t_step;
  out->t_cycle = out->t_verify + spec->k * out->t_draft;
  out->itl = out->t_cycle / tps;
  out->itl_plain = plain.t_step;
  out->speedup = out->itl_plain / out->itl;
  out->tokens_per_s = B * tps / out->t_cycle;
  out->tokens_per_s_total = out->tokens_per_s * dp;
  out->tokens_per_s_per_device = out->tokens_per_s_total / v->devices_total;
  out->has_power = v->has_power;
  if (v->has_power)
    out->tokens_per_s_per_kw = out->tokens_per_s_per_device / (hw->power_w * 1e-3);
  out->has_cost = v->has_cost;
  if (v->has_cost)
    out->usd_per_mtok = v->usd_per_s * out->t_cycle / (dp * B * tps) * 1e6;
  out->footprint_device = v->footprint_device + out->draft.footprint_device;
  out->fits = out->footprint_device <= v->capacity_device;

  const double f[] = { out->t_cycle, out->itl, out->speedup, out->tokens_per_s_total,
                       out->tokens_per_s_per_kw, out->usd_per_mtok, out->footprint_device };
  if (!roof_all_finite (f, ROOF_N_ELEMENTS (f)) || !(out->itl > 0.0))
    return roof_overflow_error (err);
  return ROOF_OK;
}

RoofStatus
roof_speculative_layout_point (const RoofHardwareParams *hw, const RoofModelDerived *md,
                               const RoofWorkload *wl, const RoofSpeculative *spec,
                               const RoofModelDerived *draft, const RoofLayoutSearch *search,
                               RoofLayoutPoint *p, RoofError *err)
{
  RoofWorkload w;
  RoofSpecResult s;
  RoofStatus st;

  if (wl == NULL || p == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no workload or point given");
  /* the layout and batch as roof_layouts_enumerate set them */
  w = *wl;
  w.phase = ROOF_PHASE_DECODE;
  roof_workload_set_layout (&w, p->tp, p->ep, p->pp, p->dp);
  w.batch = p->batch;
  if ((st = roof_speculative (hw, md, &w, spec, draft, &s, err)) != ROOF_OK)
    return st;
  p->itl_s = s.itl;
  p->tokens_per_s = s.tokens_per_s_total;
  p->tokens_per_s_per_device = s.tokens_per_s_per_device;
  p->has_power = s.has_power;
  p->tokens_per_s_per_kw = s.has_power ? s.tokens_per_s_per_kw : 0.0;
  p->has_cost = s.has_cost;
  p->usd_per_mtok = s.has_cost ? s.usd_per_mtok : 0.0;
  p->bound = s.verify.bound;
  p->fits = s.fits;
  p->meets = search == NULL
             || ((search->itl <= 0.0 || p->itl_s <= search->itl)
                 && (search->ttft <= 0.0 || p->ttft_s <= search->ttft));
  return ROOF_OK;
}
