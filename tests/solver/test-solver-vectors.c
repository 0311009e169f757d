/* test-solver-vectors.c — model.md's test vectors and hand-computed cases
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected value here is computed by hand (in the comment next to it)
 * from docs/model.md, never by calling the code under test twice.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "roof-solver.h"
#include "solver-fixtures.h"

/* The notes' own hardware figures (not the catalog's). */
static RoofHardwareParams
notes_device (double bf16_tflops, double tbps, double gb)
{
  RoofHardwareParams hw;
  roof_hardware_init (&hw);
  hw.peak_flops[ROOF_PREC_BF16] = bf16_tflops * 1e12;
  hw.peak_flops[ROOF_PREC_FP16] = bf16_tflops * 1e12;
  hw.mem_bw = tbps * 1e12;
  hw.mem_capacity = gb * 1e9;
  return hw;
}

static RoofModelParams
llama31_70b (void)
{
  RoofModelParams m;
  roof_model_init (&m);
  m.layers = 80;
  m.hidden = 8192;
  m.heads = 64;
  m.kv_heads = 8;
  m.head_dim = 128;
  m.ffn = 28672;
  m.vocab = 128256;
  m.attention = ROOF_ATTN_GQA;
  return m;
}

/* ---------------------------------------------------------------------- */

static void
test_ridge_points (void)
{
  RoofHardwareParams a100 = notes_device (312, 2.0, 80);
  RoofHardwareParams h100_sparse = notes_device (1979, 3.35, 80);
  RoofHardwareParams h100 = notes_device (989.4, 3.35, 80);

  /* 312e12 / 2.0e12 = 156 */
  assert_rel (roof_hardware_ridge (&a100, ROOF_PREC_BF16), 156.0, 1e-12);
  /* 1979 / 3.35 = 590.746…: the notes' figure, which is the sparse one */
  assert_rel (roof_hardware_ridge (&h100_sparse, ROOF_PREC_BF16), 590.746, 1e-5);
  /* dense 989.4 / 3.35 = 295.343… */
  assert_rel (roof_hardware_ridge (&h100, ROOF_PREC_BF16), 295.343, 1e-5);
  g_assert_cmpfloat (roof_hardware_ridge (&h100, ROOF_PREC_FP64), ==, 0.0);
}

static void
test_7b_decode_floor (void)
{
  /* 7B params in bf16 = 14 GB streamed per token at 3.35 TB/s:
   * 14e9 / 3.35e12 = 4.1791 ms, 1 / that = 239.29 tokens/s */
  RoofHardwareParams h100 = notes_device (989.4, 3.35, 80);
  RoofModelParams m = generic (7e9, 14e9);
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);

  RoofResult r = solve (&h100, &md, &wl);
  assert_rel (r.bytes_total, 14e9, 1e-12);
  assert_rel (r.t_step, 4.179104e-3, 1e-6);
  assert_rel (r.tokens_per_s, 239.2857, 1e-6);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_MEMORY);
  /* the notes' cost exercise halves this (119.6): it counts the bytes twice */
  g_assert_cmpfloat (fabs (r.tokens_per_s - 119.6), >, 100.0);
}

static void
test_gemv (void)
{
  double flop, bytes;
  /* 2·4096·4096 = 33,554,432 FLOP; 2·(4096² + 4096 + 4096) = 33,570,816 B */
  roof_linear (4096, 4096, 1, 2, &flop, &bytes);
  g_assert_cmpfloat (flop, ==, 33554432.0);
  g_assert_cmpfloat (bytes, ==, 33570816.0);
  assert_rel (flop / bytes, 0.999512, 1e-6);
}

static void
test_kv_bytes (void)
{
  RoofModelParams m = llama31_70b ();
  m.kv_heads = 64;
  m.attention = ROOF_ATTN_MHA;
  RoofModelDerived mha = derive (&m);
  /* 2 · 80 · 64 · 128 · 2 B = 2,621,440 B/token; × 4096 = 10.737e9; × 32768 = 85.899e9 */
  g_assert_cmpfloat (roof_model_kv_bytes_per_token (&mha, 2), ==, 2621440.0);
  assert_rel (roof_model_kv_bytes (&mha, 4096, 2), 10.737418e9, 1e-7);
  assert_rel (roof_model_kv_bytes (&mha, 32768, 2), 85.899346e9, 1e-7);

  RoofModelParams g = llama31_70b ();
  RoofModelDerived gqa = derive (&g);
  /* 8 KV heads: 327,680 B/token × 4096 = 1.342e9 */
  assert_rel (roof_model_kv_bytes (&gqa, 4096, 2), 1.342177e9, 1e-6);

  /* Llama-3-8B: 2 · 32 · 8 · 128 · 2 = 131,072 B/token; 16 GB of weights
   * equal the cache at 16e9 / 131072 = 122,070.3 tokens */
  RoofModelParams l8;
  roof_model_init (&l8);
  l8.layers = 32;
  l8.hidden = 4096;
  l8.heads = 32;
  l8.kv_heads = 8;
  l8.ffn = 14336;
  l8.vocab = 128256;
  RoofModelDerived d8 = derive (&l8);
  g_assert_cmpfloat (roof_model_kv_bytes_per_token (&d8, 2), ==, 131072.0);
  assert_rel (16e9 / roof_model_kv_bytes_per_token (&d8, 2), 122070.3, 1e-6);
}

static void
test_h200_vs_h100 (void)
{
  RoofHardwareParams h100 = notes_device (989.4, 3.35, 80);
  RoofHardwareParams h200 = notes_device (989.4, 4.8, 141);
  RoofModelParams m = llama31_70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);

  /* memory-bound at B = 1: the ratio is the bandwidth ratio 4.8 / 3.35 = 1.4328 */
  double ratio = solve (&h200, &md, &wl).tokens_per_s / solve (&h100, &md, &wl).tokens_per_s;
  assert_rel (ratio, 1.432836, 1e-6);
}

static void
test_synthesis_vector (void)
{
  /* 70.6B bf16 at ITL ≤ 50 ms, B = 1: 141.2e9 B / 0.05 s = 2.824 TB/s and
   * at least 141.2 GB of memory */
  RoofModelParams m = generic (70.6e9, 2 * 70.6e9);
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofSla sla;
  RoofRequirements req;
  RoofError err = { 0 };

  roof_workload_init (&wl);
  roof_sla_init (&sla);
  sla.itl = 0.050;
  g_assert_cmpint (roof_requirements (&md, &wl, &sla, &req, &err), ==, ROOF_OK);
  assert_rel (req.mem_bw, 2.824e12, 1e-12);
  assert_rel (req.mem_bytes, 141.2e9, 1e-12);
  /* 141.2 GFLOP in 50 ms */
  assert_rel (req.peak_flops, 2.824e12, 1e-12);
}

static void
test_a100_70b_binding (void)
{
  /* the notes' A100 (312 TFLOP/s, 2.0 TB/s, 80 GB), Llama-3.1-70B, B = 1:
   * deeply memory-bound, so e_β = −1 and e_Π = 0; 141 GB of weights need
   * ceil(141.1e9 / (80e9 · 0.9)) = 2 devices. The notes printed 0 / 0 and
   * "peak_flops": that is the mistake this asserts corrected. */
  RoofHardwareParams a100 = notes_device (312, 2.0, 80);
  RoofModelParams m = llama31_70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofSensitivity s;
  RoofError err = { 0 };

  roof_workload_init (&wl);
  g_assert_cmpint (roof_sensitivity (&a100, &md, &wl, 0.01, &s, &err), ==, ROOF_OK);
  g_assert_cmpint (s.binding, ==, ROOF_KNOB_MEM_BW);
  assert_rel (s.e[ROOF_KNOB_MEM_BW].elasticity, -1.0, 1e-12);
  g_assert_cmpfloat (s.e[ROOF_KNOB_PEAK_FLOPS].elasticity, ==, 0.0);
  g_assert_cmpfloat (s.e[ROOF_KNOB_MEM_CAPACITY].elasticity, ==, 0.0);
  g_assert_false (s.fits);
  g_assert_cmpint (s.min_devices, ==, 2);
  g_assert_cmpstr (roof_knob_name (s.binding), ==, "mem_bw");
}

static void
test_intensity_is_b_not_half_b (void)
{
  /* bf16 decode at short context: FLOP = 2·B·P, bytes ≈ 2·P, so I ≈ B.
   * The notes derive B/2 by counting weight bytes twice. */
  RoofHardwareParams a100 = notes_device (312, 2.0, 80);
  RoofModelParams m = llama31_70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.context = 1;

  for (double b = 1; b <= 32; b *= 2)
    {
      wl.batch = b;
      RoofResult r = solve (&a100, &md, &wl);
      assert_rel (r.intensity / b, 1.0, 0.01);
    }

  /* hence the crossover batch is B* ≈ I* · b_w / 2 = 156 on the A100, not
   * the notes' 312; activation traffic (27.8 MB per sequence) moves the exact
   * balance 3.5 % above the approximation */
  RoofBalance bal;
  RoofError err = { 0 };
  wl.context = 1;
  g_assert_cmpint (roof_balance_batch (&a100, &md, &wl, &bal, &err), ==, ROOF_OK);
  g_assert_false (bal.never);
  assert_rel (bal.batch, 156.0, 0.05);
  g_assert_cmpfloat (fabs (bal.batch - 312.0), >, 100.0);
}

/* ---------------------------------------------------------------------- */
/* A small model every count of which is done by hand                      */

static void
test_tiny_params (void)
{
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  /* per layer: q 64·64 + k 64·32 + v 64·32 + o 64·64 = 12,288; norms 2·64 = 128;
   * gated FFN 3·64·128 = 24,576 → 36,992; two layers 73,984;
   * embedding 6,400 + lm_head 6,400 + final norm 64 → 86,848 */
  g_assert_cmpfloat (md.p_total_derived, ==, 86848.0);
  g_assert_cmpfloat (md.p_active_derived, ==, 86848.0);
  /* matmul params per token: 2 · (12,288 + 24,576) + 6,400 = 80,128 */
  g_assert_cmpfloat (md.p_mm_active, ==, 80128.0);
  /* KV per token: 2 layers · 2 (K, V) · 2 heads · 16 = 128 elements */
  g_assert_cmpfloat (md.kv_elems_per_token, ==, 128.0);

  m.tied_embeddings = true;
  RoofModelDerived tied = derive (&m);
  g_assert_cmpfloat (tied.p_total_derived, ==, 86848.0 - 6400.0);
  g_assert_cmpfloat (tied.p_mm_active, ==, 80128.0);
}

static void
test_tiny_decode (void)
{
  RoofHardwareParams hw = notes_device (1, 1, 1000);
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.batch = 3;
  wl.context = 10;

  RoofResult r = solve (&hw, &md, &wl);
  /* linear: 2 · 3 · 80,128 = 480,768; attention: 4 · B · L · H · d_h · S
   * = 4 · 3 · 2 · 4 · 16 · 10 = 15,360 */
  g_assert_cmpfloat (r.flop_linear, ==, 480768.0);
  g_assert_cmpfloat (r.flop_attention, ==, 15360.0);
  /* weights: everything but the (untied) embedding, 2 B each:
   * 2 · (86,848 − 6,400) = 160,896 */
  g_assert_cmpfloat (r.bytes_weights, ==, 160896.0);
  /* KV: read 3 · 10 · 64 elem · 2 layers · 2 B = 7,680, written 3 · 128 · 2 = 768 */
  g_assert_cmpfloat (r.bytes_kv, ==, 8448.0);
  /* activations per token per layer (in + out of each matmul, fused attention):
   * q 64+64, k 64, v 64, scores 64 (query), attn·V 64 (out), o 64+64,
   * gate 64+128, up 64+128, down 128+64 = 1,088; two layers 2,176;
   * lm_head 64 + 100 → 2,340 per token · 3 tokens · 2 B = 14,040 */
  g_assert_cmpfloat (r.bytes_act, ==, 14040.0);
  g_assert_cmpfloat (r.bytes_total, ==, 183384.0);
  /* times on 1 TFLOP/s and 1 TB/s */
  assert_rel (r.t_compute, 496128.0 / 1e12, 1e-12);
  assert_rel (r.t_memory, 183384.0 / 1e12, 1e-12);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_COMPUTE);
  assert_rel (r.intensity, 496128.0 / 183384.0, 1e-12);
  assert_rel (r.mfu, 1.0, 1e-12);
  assert_rel (r.mbu, 183384.0 / 496128.0, 1e-12);
}

static void
test_tiny_prefill (void)
{
  RoofHardwareParams hw = notes_device (1, 1, 1000);
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.phase = ROOF_PHASE_PREFILL;
  wl.batch = 2;
  wl.prompt = 8;

  RoofResult r = solve (&hw, &md, &wl);
  /* layers on 16 tokens, lm_head on the last token of each prompt:
   * 2 · 16 · 73,728 + 2 · 2 · 6,400 = 2,384,896 */
  g_assert_cmpfloat (r.flop_linear, ==, 2384896.0);
  /* causal attention 2 · B · L · H · d_h · S² = 2 · 2 · 2 · 4 · 16 · 64 = 32,768 */
  g_assert_cmpfloat (r.flop_attention, ==, 32768.0);
  /* KV written: 16 tokens · 128 elements · 2 B */
  g_assert_cmpfloat (r.bytes_kv, ==, 4096.0);
  g_assert_cmpfloat (r.tokens, ==, 16.0);
  assert_rel (r.tokens_per_s, 16.0 / r.t_step, 1e-15);
}

static void
test_sliding_window (void)
{
  RoofHardwareParams hw = notes_device (1, 1, 1000);
  RoofModelParams m = tiny ();
  m.sliding_window = 4;
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.batch = 1;
  wl.context = 10;

  RoofResult r = solve (&hw, &md, &wl);
  /* every layer attends min(10, 4) = 4 tokens: 4 · 1 · 2 · 4 · 16 · 4 = 2,048 */
  g_assert_cmpfloat (r.flop_attention, ==, 2048.0);
  /* KV read 4 · 64 · 2 layers · 2 B = 1,024 plus 256 written */
  g_assert_cmpfloat (r.bytes_kv, ==, 1280.0);
  /* the cache stores at most w tokens per windowed layer */
  g_assert_cmpfloat (roof_model_kv_bytes (&md, 100, 2), ==, 4.0 * 64 * 2 * 2);

  /* one of two layers windowed: 4·H·d_h · (10 + 4) = 256 · 14 = 3,584 */
  m.window_layers = 1;
  md = derive (&m);
  g_assert_cmpfloat (solve (&hw, &md, &wl).flop_attention, ==, 3584.0);
}

static void
test_moe_experts (void)
{
  /* E = 8, k = 2: one token hits 2 experts, two tokens 8·(1 − (6/8)²) = 3.5 */
  RoofModelParams m = tiny ();
  m.experts = 8;
  m.experts_per_token = 2;
  m.expert_ffn = 32;
  m.ffn = 0;
  RoofModelDerived md = derive (&m);
  RoofHardwareParams hw = notes_device (1, 1, 1000);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.context = 0;

  /* expert = 3 · 64 · 32 = 6,144; router 64 · 8 = 512; attention 12,288; norms 128
   * layer total = 12,288 + 128 + 8 · 6,144 + 512 = 62,080; two layers 124,160;
   * + 6,400 + 6,400 + 64 = 137,024 */
  g_assert_cmpfloat (md.p_total_derived, ==, 137024.0);
  /* active: 2 experts instead of 8 → 137,024 − 2 · 6 · 6,144 = 63,296 */
  g_assert_cmpfloat (md.p_active_derived, ==, 63296.0);

  /* B = 1 reads the non-expert weights and 2 experts per layer:
   * 2 B · (137,024 − 6,400 − 2 · 8 · 6,144 + 2 · 2 · 6,144) = 2 · 56,896 */
  wl.batch = 1;
  g_assert_cmpfloat (solve (&hw, &md, &wl).bytes_weights, ==, 2.0 * 56896.0);
  /* B = 2: 3.5 distinct experts per layer */
  wl.batch = 2;
  assert_rel (solve (&hw, &md, &wl).bytes_weights,
              2.0 * (137024.0 - 6400.0 - 16 * 6144.0 + 2 * 3.5 * 6144.0), 1e-14);
  /* B = 10,000: all of them */
  wl.batch = 10000;
  assert_rel (solve (&hw, &md, &wl).bytes_weights, 2.0 * (137024.0 - 6400.0), 1e-12);

  /* every expert active: k = E reads everything at B = 1 */
  m.experts_per_token = 8;
  md = derive (&m);
  wl.batch = 1;
  assert_rel (solve (&hw, &md, &wl).bytes_weights, 2.0 * (137024.0 - 6400.0), 1e-12);
}

static void
test_mla_kv (void)
{
  /* DeepSeek-V3: (512 + 64) · 61 layers · 2 B = 70,272 B per token;
   * derived totals, without the catalog's published ones */
  RoofModelParams m = deepseek_v3 ();
  m.params_total = 0;
  m.params_active = 0;
  RoofModelDerived md = derive (&m);
  g_assert_cmpfloat (roof_model_kv_bytes_per_token (&md, 2), ==, 70272.0);
  /* total 671.026e9 and active 37.552e9 from the published config */
  assert_rel (md.p_total_derived, 671.026e9, 2e-6);
  assert_rel (md.p_active_derived, 37.552e9, 2e-5);

  /* decode attends in the absorbed form, over the cached latent: per layer
   * and cached token 2 · 128 · (512 + 64) scores + 2 · 128 · 512 weighted sum
   * = 147,456 + 131,072 = 278,528 FLOP; at S = 1000, B = 1:
   * 278,528 · 61 · 1000 = 16,990,208,000. (The expanded form's
   * 2 · 128 · (192 + 128) = 81,920 per token, 4,997,120,000 here, charged
   * the latent's bytes but the per-head keys' FLOP.) */
  RoofHardwareParams hw = notes_device (989.4, 3.35, 80);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.context = 1000;
  g_assert_cmpfloat (solve (&hw, &md, &wl).flop_attention, ==, 16990208000.0);
  /* prefill expands the latent into per-head keys (192) and values (128):
   * causal 81,920 · 61 · S²/2 at S = 1000 = 2,498,560,000,000 per prompt */
  wl.phase = ROOF_PHASE_PREFILL;
  wl.prompt = 1000;
  g_assert_cmpfloat (solve (&hw, &md, &wl).flop_attention, ==, 2498560000000.0);
  wl.phase = ROOF_PHASE_DECODE;
  /* the latent is read once per cached token and layer: 1000 · 576 · 61 · 2 B,
   * plus the new token's 70,272 B written */
  g_assert_cmpfloat (solve (&hw, &md, &wl).bytes_kv, ==, 1000.0 * 576 * 61 * 2 + 70272.0);
}

static void
test_tensor_parallel (void)
{
  RoofHardwareParams hw = notes_device (1, 1, 1000);
  hw.link_bw = 100e9;
  hw.link_latency = 1e-6;
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.batch = 3;
  wl.context = 10;
  wl.devices = 2;

  RoofResult r = solve (&hw, &md, &wl);
  /* message B · d · b_a = 3 · 64 · 2 = 384 B; ring with n = 2:
   * 2·(1)/2 · 384 / 100e9 + 2 · 1 · 1e-6 per all-reduce, 2 per layer, 2 layers */
  double one = 384.0 / 100e9 + 2e-6;
  assert_rel (r.t_comm, 4.0 * one, 1e-12);
  /* compute and memory split over both devices */
  assert_rel (r.t_compute, 496128.0 / 2e12, 1e-12);
  assert_rel (r.t_step, 496128.0 / 2e12 + 4.0 * one, 1e-12);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_COMMUNICATION);

  /* no interconnect: an error, not a number */
  RoofError err = { 0 };
  hw.link_bw = 0;
  g_assert_cmpint (roof_solve (&hw, &md, &wl, &r, &err), ==, ROOF_ERR_UNSUPPORTED);
  g_assert_nonnull (strstr (err.message, "interconnect"));
}

static void
test_overlap_overhead_efficiency (void)
{
  RoofHardwareParams hw = notes_device (1, 1, 1000);
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.batch = 3;
  wl.context = 10;
  wl.overhead = 5e-6;

  double tc = 496128.0 / 1e12, tm = 183384.0 / 1e12;
  assert_rel (solve (&hw, &md, &wl).t_step, tc + 5e-6, 1e-12);
  wl.overlap = ROOF_OVERLAP_SUM;
  assert_rel (solve (&hw, &md, &wl).t_step, tc + tm + 5e-6, 1e-12);

  wl.overlap = ROOF_OVERLAP_MAX;
  wl.overhead = 0;
  hw.eff_compute = 0.25;
  hw.eff_memory = 0.5;
  RoofResult r = solve (&hw, &md, &wl);
  assert_rel (r.t_compute, 4 * tc, 1e-12);
  assert_rel (r.t_memory, 2 * tm, 1e-12);
  /* MFU is against the peak, so a 25 % efficient device shows 25 % */
  assert_rel (r.mfu, 0.25, 1e-12);
}

static void
test_footprint_and_cost (void)
{
  RoofHardwareParams hw = notes_device (989.4, 3.35, 80);
  hw.has_price = true;
  hw.price_per_hour = 3.6;
  RoofModelParams m = llama31_70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);

  RoofResult r = solve (&hw, &md, &wl);
  /* weights 2 · 70.554e9; KV for max(4096, 1024 + 256) tokens
   * = 327,680 · 4096 = 1.342e9 */
  assert_rel (r.footprint_weights, 2.0 * md.p_total, 1e-15);
  assert_rel (r.footprint_kv, 327680.0 * 4096, 1e-15);
  g_assert_false (r.fits);
  /* ceil(142.5e9 / 72e9) = 2 */
  g_assert_cmpint (r.min_devices, ==, 2);
  /* $3.6/h = $0.001/s; per Mtok at B = 1: 0.001 · t · 1e6 */
  assert_rel (r.usd_per_mtok, 1e-3 * r.t_step * 1e6, 1e-12);

  wl.devices = 2;
  hw.link_bw = 450e9;
  r = solve (&hw, &md, &wl);
  g_assert_true (r.fits);

  /* no price: no cost, never a made-up number */
  hw.has_price = false;
  r = solve (&hw, &md, &wl);
  g_assert_false (r.has_cost);
  g_assert_cmpfloat (r.usd_per_mtok, ==, 0.0);
}

static void
test_invalid_inputs (void)
{
  RoofHardwareParams hw = notes_device (989.4, 3.35, 80);
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofResult r;
  RoofError err = { 0 };

  roof_workload_init (&wl);
  wl.batch = 0;
  g_assert_cmpint (roof_solve (&hw, &md, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "batch"));
  wl.batch = NAN;
  g_assert_cmpint (roof_solve (&hw, &md, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  wl.batch = INFINITY;
  g_assert_cmpint (roof_solve (&hw, &md, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  roof_workload_init (&wl);

  hw.mem_bw = -1;
  g_assert_cmpint (roof_solve (&hw, &md, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "bandwidth"));
  hw.mem_bw = 3.35e12;

  wl.compute = ROOF_PREC_FP8; /* the notes' device has no fp8 ceiling */
  g_assert_cmpint (roof_solve (&hw, &md, &wl, &r, &err), ==, ROOF_ERR_PRECISION);
  g_assert_nonnull (strstr (err.message, "fp8"));
  wl.compute = ROOF_PREC_BF16;

  m.layers = 0;
  g_assert_cmpint (roof_model_derive (&m, &md, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "layers"));
  m = tiny ();
  m.heads = 5; /* not a multiple of kv_heads 2 */
  g_assert_cmpint (roof_model_derive (&m, &md, &err), ==, ROOF_ERR_INVALID);
  m = tiny ();
  m.experts = 4;
  m.experts_per_token = 5;
  m.expert_ffn = 8;
  g_assert_cmpint (roof_model_derive (&m, &md, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "experts_per_token"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solver/vectors/ridge-points", test_ridge_points);
  g_test_add_func ("/solver/vectors/7b-decode-floor", test_7b_decode_floor);
  g_test_add_func ("/solver/vectors/gemv", test_gemv);
  g_test_add_func ("/solver/vectors/kv-bytes", test_kv_bytes);
  g_test_add_func ("/solver/vectors/h200-vs-h100", test_h200_vs_h100);
  g_test_add_func ("/solver/vectors/synthesis-70b", test_synthesis_vector);
  g_test_add_func ("/solver/vectors/a100-70b-binding", test_a100_70b_binding);
  g_test_add_func ("/solver/vectors/intensity-is-b", test_intensity_is_b_not_half_b);
  g_test_add_func ("/solver/hand/tiny-params", test_tiny_params);
  g_test_add_func ("/solver/hand/tiny-decode", test_tiny_decode);
  g_test_add_func ("/solver/hand/tiny-prefill", test_tiny_prefill);
  g_test_add_func ("/solver/hand/sliding-window", test_sliding_window);
  g_test_add_func ("/solver/hand/moe-experts", test_moe_experts);
  g_test_add_func ("/solver/hand/mla-kv", test_mla_kv);
  g_test_add_func ("/solver/hand/tensor-parallel", test_tensor_parallel);
  g_test_add_func ("/solver/hand/overlap-overhead-efficiency", test_overlap_overhead_efficiency);
  g_test_add_func ("/solver/hand/footprint-and-cost", test_footprint_and_cost);
  g_test_add_func ("/solver/hand/invalid-inputs", test_invalid_inputs);
  return g_test_run ();
}
