/* roof-analysis.c — balance batch, cost, sensitivity and synthesis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "roof-solver-private.h"

/* ---------------------------------------------------------------------- */
/* Balance batch                                                          */

/* Smallest batch in [1, 1e9] from which roof_solve says compute-bound:
 * doubling, then bisection to 1e-9. */
static RoofStatus
compute_bound_from (const RoofHardwareParams *hw, const RoofModelDerived *md, RoofWorkload *w,
                    RoofBalance *out, RoofError *err)
{
  RoofResult r;
  RoofStatus st;
  double lo = 0.0, hi = 1.0;

  for (;;)
    {
      w->batch = hi;
      if ((st = roof_solve (hw, md, w, &r, err)) != ROOF_OK)
        return st;
      if (r.bound == ROOF_BOUND_COMPUTE)
        break;
      lo = hi;
      hi *= 2.0;
      if (hi > 1e9)
        {
          out->compute_bound_never = true;
          return ROOF_OK;
        }
    }
  if (lo == 0.0)
    {
      out->compute_bound_batch = 1.0;
      return ROOF_OK;
    }
  for (int i = 0; i < 100 && hi - lo > 1e-9 * hi; i++)
    {
      double mid = 0.5 * (lo + hi);
      w->batch = mid;
      if ((st = roof_solve (hw, md, w, &r, err)) != ROOF_OK)
        return st;
      if (r.bound == ROOF_BOUND_COMPUTE)
        hi = mid;
      else
        lo = mid;
    }
  out->compute_bound_batch = hi;
  return ROOF_OK;
}

/* What solve says at the balance (or at B = 1 when there is none), and from
 * which batch it says compute. */
static RoofStatus
balance_honest (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
                RoofBalance *out, RoofError *err)
{
  RoofWorkload w = *wl;
  RoofResult r;
  RoofStatus st;

  w.phase = ROOF_PHASE_DECODE;
  w.batch = out->never ? 1.0 : out->batch;
  if ((st = roof_solve (hw, md, &w, &r, err)) != ROOF_OK)
    return st;
  out->comm_dominates = r.t_comm > 0.0 && r.t_comm >= roof_max (r.t_compute, r.t_memory);
  /* compute and memory tie at the balance: what binds just above it */
  out->bound = out->comm_dominates ? ROOF_BOUND_COMMUNICATION
                                   : (out->never ? ROOF_BOUND_MEMORY : ROOF_BOUND_COMPUTE);
  return compute_bound_from (hw, md, &w, out, err);
}

RoofStatus
roof_balance_batch (const RoofHardwareParams *hw, const RoofModelDerived *md,
                    const RoofWorkload *wl, RoofBalance *out, RoofError *err)
{
  RoofWorkload w = *wl;
  RoofResult r;
  RoofStatus st;
  RoofLayoutDims l;

  w.phase = ROOF_PHASE_DECODE;
  w.batch = 1.0;
  if ((st = roof_solve (hw, md, &w, &r, err)) != ROOF_OK)
    return st;
  roof_layout_dims (hw, md, &w, false, &l);

  double flops = w.devices * hw->peak_flops[w.compute] * roof_eff (hw->eff_compute);
  double bw = w.devices * hw->mem_bw * roof_eff (hw->eff_memory);
  /* per sequence: FLOP f and the bytes k that grow with B (KV, activations) */
  double f = r.flop;
  double k = r.bytes_kv + r.bytes_act;

  memset (out, 0, sizeof *out);
  if (l.trivial && k / bw >= f / flops)
    {
      out->never = true;
      return balance_honest (hw, md, wl, out, err);
    }
  if (l.trivial && !md->is_moe)
    {
      double W = r.bytes_weights;
      out->batch = (W / bw) / (f / flops - k / bw);
      if (!isfinite (out->batch))
        return roof_overflow_error (err);
      return balance_honest (hw, md, wl, out, err);
    }

  /* MoE (weight bytes grow concavely with B) or a layout (the busiest
   * device's share steps with ceil(B/ep)): g = t_m − t_c is positive at 0
   * and, when a balance exists, negative eventually: doubling, bisection */
  double lo = 0.0, hi = 1.0;
  for (;;)
    {
      w.batch = hi;
      if ((st = roof_solve (hw, md, &w, &r, err)) != ROOF_OK)
        return st;
      if (r.t_memory <= r.t_compute)
        break;
      lo = hi;
      hi *= 2.0;
      if (hi > 1e9)
        {
          out->never = true;
          return balance_honest (hw, md, wl, out, err);
        }
    }
  for (int i = 0; i < 100 && hi - lo > 1e-9 * hi; i++)
    {
      double mid = 0.5 * (lo + hi);
      w.batch = mid;
      if ((st = roof_solve (hw, md, &w, &r, err)) != ROOF_OK)
        return st;
      if (r.t_memory > r.t_compute)
        lo = mid;
      else
        hi = mid;
    }
  out->batch = 0.5 * (lo + hi);
  return balance_honest (hw, md, wl, out, err);
}

/* ---------------------------------------------------------------------- */
/* Cost                                                                   */

RoofStatus
roof_cost_point (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
                 double batch, RoofCostPoint *out, RoofError *err)
{
  RoofWorkload w = *wl;
  RoofResult r;
  RoofStatus st;

  w.phase = ROOF_PHASE_DECODE;
  w.batch = batch;
  if ((st = roof_solve (hw, md, &w, &r, err)) != ROOF_OK)
    return st;
  if (!r.has_cost)
    return roof_set_error (err, ROOF_ERR_UNSUPPORTED, "the device has no price per hour");

  double per_tok = r.usd_per_s / (r.tokens * (r.devices_total / r.devices)) * 1e6;

  memset (out, 0, sizeof *out);
  out->batch = batch;
  out->total = r.usd_per_mtok;
  out->weights = per_tok * r.t_memory_weights;
  out->kv = per_tok * (r.t_memory - r.t_memory_weights);
  out->compute = per_tok * r.t_compute;
  out->comm = per_tok * r.t_comm;
  out->fixed = per_tok * r.t_overhead;
  out->bound = r.bound;
  out->fits = r.fits;

  const double v[] = { out->batch, out->total,   out->weights, out->kv,
                       out->compute, out->comm, out->fixed };
  if (!roof_all_finite (v, ROOF_N_ELEMENTS (v)))
    return roof_overflow_error (err);
  return ROOF_OK;
}

static RoofStatus
cost_diff (const RoofHardwareParams *a, const RoofHardwareParams *b, const RoofModelDerived *md,
           const RoofWorkload *wl, double batch, double *diff, RoofError *err)
{
  RoofCostPoint pa, pb;
  RoofStatus st;

  if ((st = roof_cost_point (a, md, wl, batch, &pa, err)) != ROOF_OK)
    return st;
  if ((st = roof_cost_point (b, md, wl, batch, &pb, err)) != ROOF_OK)
    return st;
  /* compare in log space: the curves span decades */
  *diff = log (pa.total) - log (pb.total);
  if (!isfinite (*diff))
    *diff = pa.total - pb.total;
  return ROOF_OK;
}

RoofStatus
roof_cost_crossovers (const RoofHardwareParams *a, const RoofHardwareParams *b,
                      const RoofModelDerived *md, const RoofWorkload *wl, double lo, double hi,
                      double *batches, int *n_found, RoofError *err)
{
  enum
  {
    GRID = 256
  };
  RoofStatus st;
  double prev_b = lo, prev_d;

  *n_found = 0;
  if (!roof_finite_pos (lo) || !isfinite (hi) || hi < lo)
    return roof_set_error (err, ROOF_ERR_INVALID, "crossover range %g:%g is not valid", lo, hi);
  if ((st = cost_diff (a, b, md, wl, lo, &prev_d, err)) != ROOF_OK)
    return st;

  for (int i = 1; i <= GRID && *n_found < ROOF_MAX_CROSSOVERS; i++)
    {
      double x = lo * pow (hi / lo, (double) i / GRID), d;
      if ((st = cost_diff (a, b, md, wl, x, &d, err)) != ROOF_OK)
        return st;
      if ((prev_d < 0 && d > 0) || (prev_d > 0 && d < 0))
        {
          double l = prev_b, h = x, dl = prev_d;
          for (int it = 0; it < 80 && h - l > 1e-10 * h; it++)
            {
              double mid = sqrt (l * h), dm;
              if ((st = cost_diff (a, b, md, wl, mid, &dm, err)) != ROOF_OK)
                return st;
              if ((dl < 0) == (dm < 0))
                {
                  l = mid;
                  dl = dm;
                }
              else
                h = mid;
            }
          batches[(*n_found)++] = sqrt (l * h);
        }
      else if (d == 0.0 && prev_d != 0.0)
        batches[(*n_found)++] = x;
      prev_b = x;
      prev_d = d;
    }
  return ROOF_OK;
}

/* ---------------------------------------------------------------------- */
/* Sensitivity                                                            */

static RoofStatus
perturbed_time (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
                RoofKnob knob, double factor, double *t, RoofError *err)
{
  RoofHardwareParams h = *hw;
  RoofWorkload w = *wl;
  RoofResult r;
  RoofStatus st;

  switch (knob)
    {
    case ROOF_KNOB_PEAK_FLOPS:
      for (int p = 0; p < ROOF_PREC_COUNT; p++)
        h.peak_flops[p] *= factor;
      break;
    case ROOF_KNOB_MEM_BW:
      h.mem_bw *= factor;
      break;
    case ROOF_KNOB_INTERCONNECT_BW:
      h.link_bw *= factor;
      h.scaleout_bw *= factor;
      break;
    case ROOF_KNOB_OVERHEAD:
      w.overhead *= factor;
      break;
    case ROOF_KNOB_MEM_CAPACITY:
      h.mem_capacity *= factor;
      break;
    case ROOF_KNOB_BATCH:
      w.batch *= factor;
      break;
    case ROOF_KNOB_CONTEXT:
      if (w.phase == ROOF_PHASE_DECODE)
        w.context *= factor;
      else
        w.prompt *= factor;
      break;
    case ROOF_KNOB_BYTES_PER_WEIGHT:
      w.bytes_per_weight = roof_workload_weight_bytes (wl) * factor;
      break;
    case ROOF_KNOB_COUNT:
    default:
      return roof_set_error (err, ROOF_ERR_INVALID, "unknown knob %d", (int) knob);
    }
  /* the base case was validated; x(1 ± h) may step past an input limit
   * (a batch of 1e9, 1e21 FLOP/s) without leaving what the model computes */
  if ((st = roof_solve_unchecked (&h, md, &w, &r, err)) != ROOF_OK)
    return st;
  *t = r.t_step;
  return ROOF_OK;
}

static bool
knob_applies (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
              RoofKnob k)
{
  switch (k)
    {
    case ROOF_KNOB_INTERCONNECT_BW:
      return roof_workload_replica_devices (wl) > 1.0 && hw->link_bw > 0.0
             && md->kind == ROOF_MODEL_TRANSFORMER;
    case ROOF_KNOB_OVERHEAD:
      return wl->overhead > 0.0;
    case ROOF_KNOB_CONTEXT:
      return md->kind == ROOF_MODEL_TRANSFORMER
             && (wl->phase == ROOF_PHASE_PREFILL || wl->context > 0.0);
    case ROOF_KNOB_BYTES_PER_WEIGHT:
      return md->p_total > 0.0;
    case ROOF_KNOB_PEAK_FLOPS:
    case ROOF_KNOB_MEM_BW:
    case ROOF_KNOB_MEM_CAPACITY:
    case ROOF_KNOB_BATCH:
    case ROOF_KNOB_COUNT:
    default:
      return true;
    }
}

RoofStatus
roof_sensitivity (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
                  double step, RoofSensitivity *out, RoofError *err)
{
  RoofResult base;
  RoofStatus st;

  if (!(step > 0.0 && step <= 0.5))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "the sensitivity step must lie in (0, 0.5], got %g", step);
  if ((st = roof_solve (hw, md, wl, &base, err)) != ROOF_OK)
    return st;

  memset (out, 0, sizeof *out);
  out->step = step;
  out->t_base = base.t_step;
  out->fits = base.fits;
  out->min_devices = base.min_devices;

  double T = base.t_step;
  double l_up = log1p (step), l_down = -log1p (-step);
  for (int k = 0; k < ROOF_KNOB_COUNT; k++)
    {
      RoofElasticity *e = &out->e[k];
      double tu, td;

      e->applicable = knob_applies (hw, md, wl, (RoofKnob) k);
      /* capacity is a feasibility constraint: it never enters the time */
      if (!e->applicable || k == ROOF_KNOB_MEM_CAPACITY)
        continue;
      if ((st = perturbed_time (hw, md, wl, (RoofKnob) k, 1.0 + step, &tu, err)) != ROOF_OK)
        return st;
      if ((st = perturbed_time (hw, md, wl, (RoofKnob) k, 1.0 - step, &td, err)) != ROOF_OK)
        return st;
      /* arc elasticities: d ln T / d ln x over the step (exact for power laws) */
      e->up = log (tu / T) / l_up;
      e->down = log (T / td) / l_down;
      e->elasticity = log (tu / td) / (l_up + l_down);
      const double v[] = { e->up, e->down, e->elasticity };
      if (!roof_all_finite (v, ROOF_N_ELEMENTS (v)))
        return roof_overflow_error (err);
    }

  /* ties go to the first in this order */
  static const RoofKnob order[] = { ROOF_KNOB_MEM_BW, ROOF_KNOB_PEAK_FLOPS,
                                    ROOF_KNOB_INTERCONNECT_BW, ROOF_KNOB_OVERHEAD };
  double best = -1.0;
  out->binding = ROOF_KNOB_MEM_BW;
  for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
    {
      double a = fabs (out->e[order[i]].elasticity);
      if (a > best + 1e-12)
        {
          best = a;
          out->binding = order[i];
        }
    }
  return ROOF_OK;
}

/* ---------------------------------------------------------------------- */
/* Synthesis                                                              */

static double
sla_max_batch (const RoofSla *sla)
{
  return sla->max_batch > 0.0 ? sla->max_batch : 65536.0;
}

static RoofStatus
sla_validate (const RoofSla *sla, RoofError *err)
{
  if (sla == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no SLA given");
  if (!roof_finite_nonneg (sla->itl) || !roof_finite_nonneg (sla->ttft)
      || !roof_finite_nonneg (sla->tokens_per_s))
    return roof_set_error (err, ROOF_ERR_INVALID, "SLA targets must be finite and ≥ 0");
  if (!(sla->eff_compute >= 0.0 && sla->eff_compute <= 1.0)
      || !(sla->eff_memory >= 0.0 && sla->eff_memory <= 1.0))
    return roof_set_error (err, ROOF_ERR_INVALID, "assumed efficiencies must lie in (0, 1]");
  if (!roof_finite_nonneg (sla->link_bw) || !roof_finite_nonneg (sla->link_latency))
    return roof_set_error (err, ROOF_ERR_INVALID, "assumed link must be finite and ≥ 0");
  if (!(sla->usable_fraction >= 0.0 && sla->usable_fraction <= 1.0))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "assumed usable fraction must lie in (0, 1] (0 = 0.9), got %g",
                           sla->usable_fraction);
  /* the device counts tried double up to it in an int */
  if (!roof_whole (sla->max_devices) || sla->max_devices < 0.0 || sla->max_devices > 1e6)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "max_devices must be a whole number from 0 to 1e6 (0 = 64), got %g",
                           sla->max_devices);
  if (!roof_finite_nonneg (sla->max_batch) || sla->max_batch > 1e9)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "max_batch must lie in [0, 1e9] (0 = 65536), got %g", sla->max_batch);
  return ROOF_OK;
}

RoofStatus
roof_requirements (const RoofModelDerived *md, const RoofWorkload *wl, const RoofSla *sla,
                   RoofRequirements *out, RoofError *err)
{
  RoofStatus st;

  if (md == NULL || sla == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no model or SLA given");
  if ((st = roof_workload_validate (wl, err)) != ROOF_OK)
    return st;
  if ((st = sla_validate (sla, err)) != ROOF_OK)
    return st;
  if (sla->itl == 0.0 && sla->ttft == 0.0 && sla->tokens_per_s == 0.0)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "give at least one target: ITL, TTFT or tokens per second");

  RoofWorkload dec = *wl, pre = *wl;
  RoofWork wd, wp;
  dec.phase = ROOF_PHASE_DECODE;
  pre.phase = ROOF_PHASE_PREFILL;
  roof_work_compute (md, &dec, &wd);
  roof_work_compute (md, &pre, &wp);

  double comm_d = 0.0, comm_p = 0.0;
  if (roof_workload_replica_devices (wl) > 1.0 && sla->link_bw > 0.0)
    {
      /* one flat fabric of the assumed link (ring all-reduce, switched) */
      RoofHardwareParams link;
      roof_hardware_init (&link);
      link.link_bw = sla->link_bw;
      link.link_latency = sla->link_latency;
      comm_d = roof_comm_time (&link, md, &dec, &wd, NULL);
      comm_p = roof_comm_time (&link, md, &pre, &wp, NULL);
    }

  memset (out, 0, sizeof *out);
  out->decode_bytes = wd.bytes_weights + wd.bytes_kv + wd.bytes_act;
  out->decode_flop = wd.flop_linear + wd.flop_attention;
  out->prefill_flop = wp.flop_linear + wp.flop_attention;
  double prefill_bytes = wp.bytes_weights + wp.bytes_kv + wp.bytes_act;

  /* a throughput target is an ITL target at this batch */
  double itl = sla->itl;
  if (sla->tokens_per_s > 0.0)
    {
      double from_tps = wd.tokens / sla->tokens_per_s;
      itl = itl > 0.0 ? roof_min (itl, from_tps) : from_tps;
    }

  double bw = 0.0, flops = 0.0;
  if (itl > 0.0)
    {
      out->itl_budget = itl - wl->overhead - comm_d;
      if (!(out->itl_budget > 0.0))
        return roof_set_error (err, ROOF_ERR_INFEASIBLE,
                               "an ITL of %g ms leaves no time after the fixed overhead and "
                               "communication (%g ms)",
                               itl * 1e3, (wl->overhead + comm_d) * 1e3);
      bw = out->decode_bytes / out->itl_budget;
      flops = out->decode_flop / out->itl_budget;
    }
  if (sla->ttft > 0.0)
    {
      out->ttft_budget = sla->ttft - wl->overhead - comm_p;
      if (!(out->ttft_budget > 0.0))
        return roof_set_error (err, ROOF_ERR_INFEASIBLE,
                               "a TTFT of %g ms leaves no time after the fixed overhead and "
                               "communication (%g ms)",
                               sla->ttft * 1e3, (wl->overhead + comm_p) * 1e3);
      bw = roof_max (bw, prefill_bytes / out->ttft_budget);
      flops = roof_max (flops, out->prefill_flop / out->ttft_budget);
    }
  out->mem_bw = bw / roof_eff (sla->eff_memory);
  out->peak_flops = flops / roof_eff (sla->eff_compute);
  out->mem_bytes = roof_footprint (md, wl, NULL, NULL, NULL);
  const double v[] = { out->mem_bw,       out->peak_flops,   out->mem_bytes,
                       out->decode_bytes, out->decode_flop,  out->prefill_flop,
                       out->itl_budget,   out->ttft_budget };
  if (!roof_all_finite (v, ROOF_N_ELEMENTS (v)))
    return roof_set_error (err, ROOF_ERR_INVALID, "the requirements overflowed");
  return ROOF_OK;
}

typedef struct
{
  bool ok;
  double itl, ttft;
  const char *why;
} SlaCheck;

static RoofStatus
check_at (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
          const RoofSla *sla, double batch, SlaCheck *c, RoofError *err)
{
  RoofWorkload w = *wl;
  RoofResult r;
  RoofStatus st;
  const double tol = 1.0 + 1e-12;

  c->ok = true;
  c->why = NULL;
  w.batch = batch;
  w.phase = ROOF_PHASE_DECODE;
  if ((st = roof_solve (hw, md, &w, &r, err)) != ROOF_OK)
    return st;
  c->itl = r.t_step;
  w.phase = ROOF_PHASE_PREFILL;
  if ((st = roof_solve (hw, md, &w, &r, err)) != ROOF_OK)
    return st;
  c->ttft = r.t_step;
  if (sla->itl > 0.0 && c->itl > sla->itl * tol)
    {
      c->ok = false;
      c->why = "misses the ITL target";
    }
  else if (sla->ttft > 0.0 && c->ttft > sla->ttft * tol)
    {
      c->ok = false;
      c->why = "misses the TTFT target";
    }
  return ROOF_OK;
}

RoofStatus
roof_candidate_eval (const RoofHardwareParams *hw, const RoofModelDerived *md,
                     const RoofWorkload *wl, const RoofSla *sla, int devices, RoofCandidate *out,
                     RoofError *err)
{
  RoofWorkload w = *wl;
  RoofStatus st;
  SlaCheck c;

  memset (out, 0, sizeof *out);
  out->devices = devices;
  w.devices = devices;
  w.phase = ROOF_PHASE_DECODE;
  if ((st = sla_validate (sla, err)) != ROOF_OK)
    return st;

  /* validates everything, including the precision and the interconnect */
  if ((st = check_at (hw, md, &w, sla, 1.0, &c, err)) != ROOF_OK)
    return st;

  /* whole: the bisection below halves an integer interval, and on (1, 2) with
   * a fractional top it would stand still at floor (mid) = lo */
  double max_b = floor (roof_min (roof_max_batch_that_fits (hw, md, &w), sla_max_batch (sla)));
  if (max_b < 1.0)
    {
      out->reason = "does not fit in memory";
      return ROOF_OK;
    }
  if (!c.ok)
    {
      out->reason = c.why;
      return ROOF_OK;
    }
  /* ITL and TTFT never fall as B grows: bisect for the largest batch */
  double lo = 1.0, hi = max_b;
  SlaCheck best = c;
  if ((st = check_at (hw, md, &w, sla, hi, &c, err)) != ROOF_OK)
    return st;
  if (c.ok)
    {
      lo = hi;
      best = c;
    }
  else
    while (hi - lo > 1.0)
      {
        double mid = floor (0.5 * (lo + hi));
        if ((st = check_at (hw, md, &w, sla, mid, &c, err)) != ROOF_OK)
          return st;
        if (c.ok)
          {
            lo = mid;
            best = c;
          }
        else
          hi = mid;
      }

  out->batch = lo;
  out->itl = best.itl;
  out->ttft = best.ttft;
  out->tokens_per_s = lo / best.itl;
  if (sla->tokens_per_s > 0.0 && out->tokens_per_s < sla->tokens_per_s / (1.0 + 1e-12))
    {
      out->reason = "misses the throughput target";
      return ROOF_OK;
    }
  out->meets = true;
  out->has_cost = hw->has_price;
  if (hw->has_price)
    {
      out->usd_per_hour = roof_workload_replica_devices (&w) * hw->price_per_hour;
      out->usd_per_mtok = out->usd_per_hour / 3600.0 / out->tokens_per_s * 1e6;
    }
  const double v[] = { out->itl, out->ttft, out->tokens_per_s, out->usd_per_hour,
                       out->usd_per_mtok };
  if (!roof_all_finite (v, ROOF_N_ELEMENTS (v)))
    return roof_overflow_error (err);
  return ROOF_OK;
}

static bool
ranks_before (const RoofCandidate *a, const RoofCandidate *b)
{
  if (a->meets != b->meets)
    return a->meets;
  if (!a->meets)
    return false; /* keep catalog order */
  if (a->has_cost != b->has_cost)
    return a->has_cost;
  if (a->has_cost && a->usd_per_mtok != b->usd_per_mtok)
    return a->usd_per_mtok < b->usd_per_mtok;
  if (a->devices != b->devices)
    return a->devices < b->devices;
  return a->itl < b->itl;
}

RoofStatus
roof_synthesize (const RoofHardwareParams *const *hw, int n_hw, const RoofModelDerived *md,
                 const RoofWorkload *wl, const RoofSla *sla, RoofCandidate *candidates,
                 RoofError *err)
{
  RoofRequirements req;
  RoofStatus st;

  if (n_hw < 0 || (n_hw > 0 && (hw == NULL || candidates == NULL)))
    return roof_set_error (err, ROOF_ERR_INVALID, "no devices given");
  /* validates the model, the workload and the SLA once */
  if ((st = roof_requirements (md, wl, sla, &req, err)) != ROOF_OK)
    return st;
  double max_n = sla->max_devices > 0.0 ? sla->max_devices : 64.0;

  for (int i = 0; i < n_hw; i++)
    {
      RoofCandidate *c = &candidates[i];
      RoofError local;

      memset (c, 0, sizeof *c);
      if (roof_hardware_validate (hw[i], &local) != ROOF_OK)
        {
          c->reason = "invalid hardware entry";
          c->hardware_index = i;
          continue;
        }
      /* tensor-parallel degrees are powers of two (head counts divide evenly);
       * start at the first one that holds the weights */
      double per_device = hw[i]->mem_capacity * (hw[i]->usable_fraction > 0.0
                                                   ? hw[i]->usable_fraction
                                                   : ROOF_DEFAULT_USABLE_FRACTION);
      double need = ceil (md->p_total * roof_workload_weight_bytes (wl) / per_device
                          / (roof_workload_replica_devices (wl) / wl->devices));
      int n = 1;
      while (n < need && n <= max_n)
        n *= 2;
      const char *reason = "does not fit in memory";
      for (; n <= max_n; n *= 2)
        {
          st = roof_candidate_eval (hw[i], md, wl, sla, n, c, &local);
          if (st == ROOF_ERR_PRECISION)
            {
              reason = "no ceiling at the compute precision";
              break;
            }
          if (st == ROOF_ERR_UNSUPPORTED)
            {
              reason = hw[i]->link_bw > 0.0
                         ? "needs more devices than its scale-up domain and has no scale-out "
                           "network"
                         : "needs tensor parallel but has no interconnect";
              break;
            }
          if (st != ROOF_OK)
            {
              reason = "cannot be evaluated";
              break;
            }
          if (c->meets)
            break;
          reason = c->reason;
        }
      c->hardware_index = i;
      if (!c->meets)
        {
          memset (c, 0, sizeof *c);
          c->hardware_index = i;
          c->reason = reason;
          continue;
        }
      c->best_devices = c->devices;
      c->best_batch = c->batch;
      c->best_itl = c->itl;
      c->best_tokens_per_s = c->tokens_per_s;
      c->best_usd_per_hour = c->usd_per_hour;
      c->best_usd_per_mtok = c->usd_per_mtok;
      if (!c->has_cost)
        continue;
      for (n *= 2; n <= max_n; n *= 2)
        {
          RoofCandidate more;
          if (roof_candidate_eval (hw[i], md, wl, sla, n, &more, &local) != ROOF_OK)
            break;
          if (more.meets && more.usd_per_mtok < c->best_usd_per_mtok)
            {
              c->best_devices = n;
              c->best_batch = more.batch;
              c->best_itl = more.itl;
              c->best_tokens_per_s = more.tokens_per_s;
              c->best_usd_per_hour = more.usd_per_hour;
              c->best_usd_per_mtok = more.usd_per_mtok;
            }
        }
    }

  /* stable insertion sort: n is small (the catalog) */
  for (int i = 1; i < n_hw; i++)
    {
      RoofCandidate key = candidates[i];
      int j = i - 1;
      while (j >= 0 && ranks_before (&key, &candidates[j]))
        {
          candidates[j + 1] = candidates[j];
          j--;
        }
      candidates[j + 1] = key;
    }
  return ROOF_OK;
}
