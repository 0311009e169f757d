/* roof-params.c — names, defaults and validation of solver inputs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "roof-solver-private.h"

RoofStatus
roof_set_error (RoofError *err, RoofStatus code, const char *fmt, ...)
{
  if (err != NULL)
    {
      va_list ap;

      err->code = code;
      va_start (ap, fmt);
      vsnprintf (err->message, sizeof err->message, fmt, ap);
      va_end (ap);
    }
  return code;
}

RoofStatus
roof_overflow_error (RoofError *err)
{
  return roof_set_error (err, ROOF_ERR_INVALID,
                         "the inputs are out of the range the model can compute "
                         "(a result overflowed)");
}

/* ---------------------------------------------------------------------- */

int
roof_name_index (const char *const *names, int n, const char *name)
{
  if (name == NULL)
    return -1;
  for (int i = 0; i < n; i++)
    if (strcmp (name, names[i]) == 0)
      return i;
  return -1;
}

/* JSON and command-line names, in the order of the enums. */
ROOF_NAMED_ENUM (RoofPrecision, precision, "fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "int8",
                 "int4", "fp4")
_Static_assert ((int) precision_count == (int) ROOF_PREC_COUNT, "a name for every precision");
ROOF_NAMED_ENUM (RoofAttention, attention, "mha", "gqa", "mqa", "mla")
_Static_assert ((int) attention_count == (int) ROOF_ATTN_MLA + 1, "a name for every attention");
ROOF_NAMED_ENUM (RoofTopology, topology, "switch", "mesh", "torus")
ROOF_NAMED_ENUM (RoofCollective, collective, "ring", "tree", "switch")
ROOF_NAMED_ENUM (RoofAttnParallel, attn_parallel, "data", "tensor")
ROOF_NAMED_ENUM (RoofPhase, phase, "decode", "prefill")
ROOF_NAMED_ENUM (RoofOverlap, overlap, "max", "sum")
ROOF_ENUM_NAMES (RoofBound, bound, "compute", "memory", "communication")
ROOF_ENUM_NAMES (RoofOpKind, op, "q_proj", "k_proj", "v_proj", "attn_scores", "softmax", "attn_v",
                 "o_proj", "ffn_gate", "ffn_up", "ffn_down", "router", "experts",
                 "shared_experts", "norms", "lm_head", "generic")
_Static_assert ((int) op_count == (int) ROOF_OP_COUNT, "a name for every operation");
ROOF_ENUM_NAMES (RoofKnob, knob, "peak_flops", "mem_bw", "interconnect_bw", "overhead",
                 "mem_capacity", "batch", "context", "bytes_per_weight")
_Static_assert ((int) knob_count == (int) ROOF_KNOB_COUNT, "a name for every knob");

static const double precision_bytes[ROOF_PREC_COUNT] = {
  8.0, 4.0, 4.0, 2.0, 2.0, 1.0, 1.0, 0.5, 0.5,
};

double
roof_precision_bytes (RoofPrecision p)
{
  if ((int) p < 0 || p >= ROOF_PREC_COUNT)
    return 0.0;
  return precision_bytes[p];
}

/* ---------------------------------------------------------------------- */
/* Hardware                                                               */

void
roof_hardware_init (RoofHardwareParams *hw)
{
  memset (hw, 0, sizeof *hw);
  hw->usable_fraction = ROOF_DEFAULT_USABLE_FRACTION;
  hw->eff_compute = 1.0;
  hw->eff_memory = 1.0;
}

RoofStatus
roof_hardware_validate (const RoofHardwareParams *hw, RoofError *err)
{
  if (hw == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no hardware given");
  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    if (!roof_finite_nonneg (hw->peak_flops[p]) || hw->peak_flops[p] > ROOF_HUGE * 1e6)
      return roof_set_error (err, ROOF_ERR_INVALID,
                             "peak FLOP/s at %s must be finite, ≥ 0 and at most 1e21, got %g",
                             precision_names[p], hw->peak_flops[p]);
  /* at least 1 B/s: the ridge Π/β (no error channel) must stay finite for
   * every legal peak, and slower is no memory at all */
  if (!isfinite (hw->mem_bw) || hw->mem_bw < 1.0 || hw->mem_bw > ROOF_HUGE * 1e6)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "memory bandwidth must be finite, ≥ 1 B/s and at most 1e21 B/s, "
                           "got %g B/s",
                           hw->mem_bw);
  if (!roof_finite_pos (hw->mem_capacity) || hw->mem_capacity > ROOF_HUGE * 1e6)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "memory capacity must be finite, > 0 and at most 1e21 B, got %g B",
                           hw->mem_capacity);
  if (!(hw->usable_fraction >= 0.0 && hw->usable_fraction <= 1.0))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "usable memory fraction must lie in (0, 1] (0 = the default 0.9), got %g",
                           hw->usable_fraction);
  if (hw->n_caches < 0 || hw->n_caches > ROOF_MAX_CACHES)
    return roof_set_error (err, ROOF_ERR_INVALID, "at most %d cache levels, got %d",
                           ROOF_MAX_CACHES, hw->n_caches);
  for (int i = 0; i < hw->n_caches; i++)
    if (!roof_finite_nonneg (hw->caches[i].bandwidth)
        || !roof_finite_nonneg (hw->caches[i].capacity))
      return roof_set_error (err, ROOF_ERR_INVALID,
                             "cache level %d needs finite, non-negative size and bandwidth", i);
  if (!roof_finite_nonneg (hw->link_bw) || hw->link_bw > ROOF_HUGE * 1e6)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "interconnect bandwidth must be finite, ≥ 0 and at most 1e21 B/s, "
                           "got %g B/s",
                           hw->link_bw);
  if (!roof_finite_nonneg (hw->link_latency) || hw->link_latency > 1e3)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "interconnect latency must be finite and ≥ 0, got %g s",
                           hw->link_latency);
  if (hw->has_price && (!roof_finite_nonneg (hw->price_per_hour) || hw->price_per_hour > 1e9))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "price must be finite and ≥ 0, got %g USD/h", hw->price_per_hour);
  if (!(hw->eff_compute >= 0.0 && hw->eff_compute <= 1.0))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "compute efficiency must lie in (0, 1] (0 = the default 1), got %g", hw->eff_compute);
  if (!(hw->eff_memory >= 0.0 && hw->eff_memory <= 1.0))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "memory efficiency must lie in (0, 1] (0 = the default 1), got %g", hw->eff_memory);
  if (hw->scaleup_size < 0 || hw->scaleup_size > 1000000)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "scaleup_size must lie in [0, 1e6] (0 = a bare device), got %d",
                           hw->scaleup_size);
  if ((int) hw->topology < 0 || (int) hw->topology >= topology_count)
    return roof_set_error (err, ROOF_ERR_INVALID, "unknown topology %d", (int) hw->topology);
  if ((int) hw->collective < 0 || (int) hw->collective >= collective_count)
    return roof_set_error (err, ROOF_ERR_INVALID, "unknown collective %d", (int) hw->collective);
  if (hw->torus_dims < 0 || hw->torus_dims > 3)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "torus_dims must be 1, 2 or 3 (0 = 2), got %d", hw->torus_dims);
  if (!roof_finite_nonneg (hw->scaleout_bw) || hw->scaleout_bw > ROOF_HUGE * 1e6)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "scale-out bandwidth (scaleout_bw) must be finite, ≥ 0 and at most "
                           "1e21 B/s, got %g B/s",
                           hw->scaleout_bw);
  if (!roof_finite_nonneg (hw->scaleout_latency) || hw->scaleout_latency > 1e3)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "scale-out latency (scaleout_latency) must be finite and ≥ 0, got %g s",
                           hw->scaleout_latency);
  if (!roof_finite_nonneg (hw->power_w) || hw->power_w > 1e9)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "power_w must be finite and ≥ 0 (0 = unknown), got %g W", hw->power_w);
  return ROOF_OK;
}

double
roof_hardware_ridge (const RoofHardwareParams *hw, RoofPrecision p)
{
  if (hw == NULL || (int) p < 0 || p >= ROOF_PREC_COUNT || !(hw->mem_bw > 0.0))
    return 0.0;
  return hw->peak_flops[p] / hw->mem_bw;
}

double
roof_efficiency (double eta)
{
  return roof_eff (eta);
}

/* ---------------------------------------------------------------------- */
/* Workload                                                               */

void
roof_workload_init (RoofWorkload *wl)
{
  memset (wl, 0, sizeof *wl);
  wl->phase = ROOF_PHASE_DECODE;
  wl->batch = 1;
  wl->context = 4096;
  wl->prompt = 1024;
  wl->output = 256;
  wl->weights = ROOF_PREC_BF16;
  wl->kv = ROOF_PREC_BF16;
  wl->activations = ROOF_PREC_BF16;
  wl->compute = ROOF_PREC_BF16;
  wl->devices = 1;
  wl->overlap = ROOF_OVERLAP_MAX;
}

static bool
valid_precision (RoofPrecision p)
{
  return (int) p >= 0 && p < ROOF_PREC_COUNT;
}

RoofStatus
roof_workload_validate (const RoofWorkload *wl, RoofError *err)
{
  if (wl == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no workload given");
  if (wl->phase != ROOF_PHASE_DECODE && wl->phase != ROOF_PHASE_PREFILL)
    return roof_set_error (err, ROOF_ERR_INVALID, "unknown phase %d", (int) wl->phase);
  if (!roof_finite_pos (wl->batch) || wl->batch > 1e9)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "batch must be > 0 and at most 1e9, got %g", wl->batch);
  if (!roof_finite_nonneg (wl->context) || wl->context > 1e10)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "context must be ≥ 0 and at most 1e10 tokens, got %g", wl->context);
  if (!roof_finite_pos (wl->prompt) || wl->prompt > 1e10)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "prompt length must be > 0 and at most 1e10 tokens, got %g",
                           wl->prompt);
  if (!roof_finite_nonneg (wl->output) || wl->output > 1e10)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "output length must be ≥ 0 and at most 1e10 tokens, got %g",
                           wl->output);
  if (!valid_precision (wl->weights) || !valid_precision (wl->kv)
      || !valid_precision (wl->activations) || !valid_precision (wl->compute))
    return roof_set_error (err, ROOF_ERR_INVALID, "unknown precision");
  if (!roof_finite_nonneg (wl->bytes_per_weight) || wl->bytes_per_weight > 64)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "bytes per weight must lie in (0, 64], got %g", wl->bytes_per_weight);
  if (!roof_finite_nonneg (wl->attention_span) || wl->attention_span > 1e10)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "attention span must be ≥ 0 (0 = full), got %g", wl->attention_span);
  if (!roof_whole (wl->devices) || wl->devices < 1 || wl->devices > 1e6)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "devices must be a whole number from 1 to 1e6, got %g", wl->devices);
  if (wl->overlap != ROOF_OVERLAP_MAX && wl->overlap != ROOF_OVERLAP_SUM)
    return roof_set_error (err, ROOF_ERR_INVALID, "unknown overlap mode %d", (int) wl->overlap);
  if (!roof_finite_nonneg (wl->overhead) || wl->overhead > 1e4)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "overhead must be ≥ 0 and at most 1e4 s, got %g s", wl->overhead);
  /* the layout beyond TP: 0 (the default) everywhere is the common case */
  if (wl->ep != 0.0 || wl->pp != 0.0 || wl->dp != 0.0 || wl->microbatches != 0.0)
    {
      const struct
      {
        const char *name;
        double v;
      } degrees[] = { { "ep", wl->ep }, { "pp", wl->pp }, { "dp", wl->dp },
                      { "microbatches", wl->microbatches } };
      for (size_t i = 0; i < sizeof degrees / sizeof degrees[0]; i++)
        if (degrees[i].v != 0.0
            && (!roof_whole (degrees[i].v) || degrees[i].v < 0 || degrees[i].v > 1e6))
          return roof_set_error (err, ROOF_ERR_INVALID,
                                 "%s must be a whole number from 1 to 1e6 (0 = the default), "
                                 "got %g",
                                 degrees[i].name, degrees[i].v);
      if (wl->devices * (wl->ep > 0 ? wl->ep : 1) * (wl->pp > 0 ? wl->pp : 1)
            * (wl->dp > 0 ? wl->dp : 1)
          > 1e7)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "the layout tp·ep·pp·dp must use at most 1e7 devices");
    }
  if (!(wl->ep_imbalance == 0.0 || (wl->ep_imbalance >= 1.0 && wl->ep_imbalance <= 1e6)))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "ep_imbalance must be ≥ 1 (0 = 1): the busiest device's load over "
                           "the mean, got %g",
                           wl->ep_imbalance);
  if (wl->step_tokens != 0.0
      && (!roof_whole (wl->step_tokens) || wl->step_tokens < 1 || wl->step_tokens > 1024))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "step_tokens must be a whole number from 1 to 1024 (0 = 1), got %g",
                           wl->step_tokens);
  if ((int) wl->attn_parallel < 0 || (int) wl->attn_parallel >= attn_parallel_count)
    return roof_set_error (err, ROOF_ERR_INVALID, "unknown attn_parallel %d",
                           (int) wl->attn_parallel);
  return ROOF_OK;
}

double
roof_workload_weight_bytes (const RoofWorkload *wl)
{
  if (wl->bytes_per_weight > 0.0)
    return wl->bytes_per_weight;
  return roof_precision_bytes (wl->weights);
}

void
roof_sla_init (RoofSla *sla)
{
  memset (sla, 0, sizeof *sla);
}
