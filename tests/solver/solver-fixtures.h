/* solver-fixtures.h — the helpers and models the solver tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Static inline: each test program takes what it uses.
 */
#pragma once

#include <glib.h>
#include <math.h>

#include "roof-solver.h"

#define assert_rel(a, b, tol)                                                                     \
  G_STMT_START                                                                                    \
  {                                                                                               \
    double a_ = (a), b_ = (b);                                                                    \
    if (!(fabs (a_ - b_) <= (tol) * fabs (b_)))                                                   \
      g_error ("%s = %.15g, expected %.15g (rel tol %g)", #a, a_, b_, (double) (tol));            \
  }                                                                                               \
  G_STMT_END

static inline RoofModelDerived
derive (const RoofModelParams *m)
{
  RoofModelDerived d;
  RoofError err = { 0 };
  if (roof_model_derive (m, &d, &err) != ROOF_OK)
    g_error ("derive: %s", err.message);
  return d;
}

#ifndef SOLVER_FIXTURES_OWN_SOLVE
/* roof_solve that must succeed */
static inline RoofResult
solve (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl)
{
  RoofResult r;
  RoofError err = { 0 };
  if (roof_solve (hw, md, wl, &r, &err) != ROOF_OK)
    g_error ("solve: %s", err.message);
  return r;
}
#endif

/* A model given directly as FLOP per sample and parameters read per step. */
static inline RoofModelParams
generic (double params, double flop_per_sample)
{
  RoofModelParams m;
  roof_model_init (&m);
  m.kind = ROOF_MODEL_GENERIC;
  m.params = params;
  m.flop_per_sample = flop_per_sample;
  return m;
}

/* A small model every count of which is done by hand (test-solver-vectors). */
static inline RoofModelParams
tiny (void)
{
  RoofModelParams m;
  roof_model_init (&m);
  m.layers = 2;
  m.hidden = 64;
  m.heads = 4;
  m.kv_heads = 2;
  m.head_dim = 16;
  m.ffn = 128;
  m.vocab = 100;
  return m;
}

/* DeepSeek-V3 as the built-in catalog has it (published totals 671e9 and
 * 37e9 over the derived 671,026,404,352 and 37,552,282,624). */
static inline RoofModelParams
deepseek_v3 (void)
{
  RoofModelParams m;
  roof_model_init (&m);
  m.layers = 61;
  m.hidden = 7168;
  m.heads = 128;
  m.kv_heads = 128;
  m.head_dim = 192;
  m.ffn = 18432;
  m.vocab = 129280;
  m.attention = ROOF_ATTN_MLA;
  m.mla_kv_lora_rank = 512;
  m.mla_rope_dim = 64;
  m.mla_q_lora_rank = 1536;
  m.mla_v_head_dim = 128;
  m.experts = 256;
  m.experts_per_token = 8;
  m.shared_experts = 1;
  m.expert_ffn = 2048;
  m.dense_layers = 3;
  m.params_total = 671e9;
  m.params_active = 37e9;
  return m;
}

/* One Blackwell GPU of a GB200 NVL72 (specs.md, nv_gb200_nvl72): 5 PFLOP/s
 * dense fp8, 8 TB/s HBM3e, NVLink 5 at 1.8 TB/s bidirectional = 900 GB/s
 * per direction, 72 GPUs on NVLink switches with in-network reduction
 * (NVLS), 1 µs per hop (the catalog's modelling assumption). */
static inline RoofHardwareParams
gb200_nvl72 (void)
{
  RoofHardwareParams hw;
  roof_hardware_init (&hw);
  hw.peak_flops[ROOF_PREC_FP8] = 5e15;
  hw.peak_flops[ROOF_PREC_BF16] = 2.5e15;
  hw.mem_bw = 8e12;
  hw.mem_capacity = 186e9;
  hw.link_bw = 900e9;
  hw.link_latency = 1e-6;
  hw.scaleup_size = 72;
  hw.topology = ROOF_TOPOLOGY_SWITCH;
  hw.collective = ROOF_COLLECTIVE_SWITCH;
  hw.power_w = 1200;
  return hw;
}

/* 1 TFLOP/s bf16, 100 GB/s memory (every step memory-bound), 1 GB, a link
 * of 10 GB/s and 50 ns, 500 W and $2 an hour. */
static inline RoofHardwareParams
small_device (void)
{
  RoofHardwareParams hw;
  roof_hardware_init (&hw);
  hw.peak_flops[ROOF_PREC_BF16] = 1e12;
  hw.mem_bw = 1e11;
  hw.mem_capacity = 1e9;
  hw.link_bw = 1e10;
  hw.link_latency = 50e-9;
  hw.power_w = 500;
  hw.has_price = true;
  hw.price_per_hour = 2.0;
  return hw;
}
