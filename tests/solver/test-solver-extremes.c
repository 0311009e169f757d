/* test-solver-extremes.c — the solver at the edges of its input ranges
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 7, part 3: 1 byte/s, 1e21 FLOP/s, a batch of 1e6, a context of 1e7,
 * one layer, a MoE with every expert active and a zero price each give finite,
 * sensible results, and one step past each limit gives an error naming the
 * field. Then the inputs the fuzzer (fuzz/fuzz-solver.c) found, each of which
 * used to return a NaN or an infinity, or to run into undefined behaviour.
 *
 * Expected values are worked out by hand in the comments (docs/model.md),
 * never by asking the solver twice.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "roof-solver.h"
/* its solve checks every field for finiteness too */
#define SOLVER_FIXTURES_OWN_SOLVE
#include "solver-fixtures.h"

/* ---------------------------------------------------------------------- */
/* Fixtures                                                                */

static RoofHardwareParams
device (double peak_bf16, double mem_bw, double capacity)
{
  RoofHardwareParams hw;
  roof_hardware_init (&hw);
  hw.peak_flops[ROOF_PREC_BF16] = peak_bf16;
  hw.mem_bw = mem_bw;
  hw.mem_capacity = capacity;
  return hw;
}

/* The H100 SXM of docs/model.md: 989.4 TFLOP/s dense bf16, 3.35 TB/s, 80 GB,
 * NVLink at 450 GB/s per direction, $2.69 an hour. */
static RoofHardwareParams
h100 (void)
{
  RoofHardwareParams hw = device (989.4e12, 3.35e12, 80e9);
  hw.link_bw = 450e9;
  hw.link_latency = 1e-6;
  hw.has_price = true;
  hw.price_per_hour = 2.69;
  return hw;
}

/* Llama 3.1 70B, derived (no published total): per layer q 8192·8192 =
 * 67,108,864, k and v 8192·1024 = 8,388,608 each, o 67,108,864 (attention
 * 150,994,944), norms 16,384, gated FFN 3·8192·28672 = 704,643,072: 855,654,400
 * a layer, 68,452,352,000 for 80. Embedding and lm_head 128256·8192 =
 * 1,050,673,152 each, + the final norm 8192: 70,553,706,496 in all. */
static RoofModelParams
llama70b (void)
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

static RoofWorkload
decode (double batch, double context)
{
  RoofWorkload wl;
  roof_workload_init (&wl); /* bf16 everywhere, one device, S_in 1024, S_out 256 */
  wl.batch = batch;
  wl.context = context;
  return wl;
}

static void
assert_finite_result (const RoofResult *r)
{
  const double v[] = { r->tokens,       r->flop,          r->flop_linear,  r->flop_attention,
                       r->bytes_weights, r->bytes_kv,      r->bytes_act,    r->bytes_total,
                       r->intensity,    r->ridge,         r->t_compute,    r->t_memory,
                       r->t_comm,       r->t_overhead,    r->t_step,       r->tokens_per_s,
                       r->mfu,          r->mbu,           r->attained_flops, r->footprint_weights,
                       r->footprint_kv, r->footprint_act, r->footprint,    r->capacity,
                       r->usd_per_s,    r->usd_per_mtok };
  for (gsize i = 0; i < G_N_ELEMENTS (v); i++)
    if (!isfinite (v[i]) || v[i] < 0.0)
      g_error ("result field %" G_GSIZE_FORMAT " is %g", i, v[i]);
  g_assert_cmpfloat (r->t_step, >, 0.0);
}

static RoofResult
solve (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl)
{
  RoofResult r;
  RoofError err = { 0 };
  if (roof_solve (hw, md, wl, &r, &err) != ROOF_OK)
    g_error ("solve: %s", err.message);
  assert_finite_result (&r);
  return r;
}

/* An error whose message names `field`. */
static void
assert_error (RoofStatus st, const RoofError *err, RoofStatus expected, const char *field)
{
  g_assert_cmpint (st, ==, expected);
  g_assert_cmpint (err->code, ==, expected);
  if (strstr (err->message, field) == NULL)
    g_error ("message \"%s\" does not name \"%s\"", err->message, field);
}

static void
assert_finite_sensitivity (const RoofSensitivity *s)
{
  g_assert_true (isfinite (s->t_base) && s->t_base > 0.0);
  for (int k = 0; k < ROOF_KNOB_COUNT; k++)
    {
      g_assert_true (isfinite (s->e[k].elasticity));
      g_assert_true (isfinite (s->e[k].up));
      g_assert_true (isfinite (s->e[k].down));
    }
}

/* ---------------------------------------------------------------------- */
/* 1 byte/s                                                                */

/* Decode of Llama 3.1 70B at B = 1, S = 4096, bf16 (2 bytes everything):
 *   weights 2·(lm_head 1,050,681,344 + layers 68,452,352,000) = 139,006,066,688
 *   KV      2·(2048·80·4096 + 2048·80)                        =   1,342,504,960
 *   act     2·(80·176,128 + 8192 + 128256)                    =      28,453,376
 *   bytes                                                       140,377,025,024
 *   FLOP 2·(80·855,638,016 + 1,050,673,152) + 32768·80·4096   = 149,740,847,104 */
#define L70_BYTES 140377025024.0
#define L70_FLOP 149740847104.0

static void
test_one_byte_per_second (void)
{
  RoofHardwareParams hw = device (989.4e12, 1.0, 1e12);
  RoofModelParams m = llama70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = decode (1, 4096);
  RoofError err = { 0 };

  hw.has_price = true;
  hw.price_per_hour = 2.69;
  RoofResult r = solve (&hw, &md, &wl);
  g_assert_cmpfloat (r.bytes_total, ==, L70_BYTES);
  g_assert_cmpfloat (r.flop, ==, L70_FLOP);
  /* 140,377,025,024 bytes at 1 B/s: 1.4e11 s, some 4,450 years per token */
  assert_rel (r.t_step, 1.40377025024e11, 1e-12);
  assert_rel (r.t_memory, 1.40377025024e11, 1e-12);
  assert_rel (r.t_compute, L70_FLOP / 989.4e12, 1e-12); /* 1.513e-4 s */
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_MEMORY);
  assert_rel (r.tokens_per_s, 1.0 / 1.40377025024e11, 1e-12); /* 7.12e-12 */
  assert_rel (r.ridge, 989.4e12, 1e-12);                         /* Π / 1 */
  assert_rel (r.mbu, 1.0, 1e-12);
  assert_rel (r.mfu, L70_FLOP / (1.40377025024e11 * 989.4e12), 1e-12); /* 1.08e-15 */
  /* $2.69/h for 1.4e11 s a token: 2.69/3600 · 1.4e11 · 1e6 = 1.049e14 $/Mtok */
  assert_rel (r.usd_per_mtok, 2.69 / 3600.0 * 1.40377025024e11 * 1e6, 1e-12);

  /* memory binds with elasticity −1 exactly (the arc form is exact for T ∝ 1/β) */
  RoofSensitivity s;
  g_assert_cmpint (roof_sensitivity (&hw, &md, &wl, 0.01, &s, &err), ==, ROOF_OK);
  assert_finite_sensitivity (&s);
  g_assert_cmpfloat (fabs (s.e[ROOF_KNOB_MEM_BW].elasticity + 1.0), <, 1e-9);
  g_assert_cmpfloat (s.e[ROOF_KNOB_PEAK_FLOPS].elasticity, ==, 0.0);
  g_assert_cmpint (s.binding, ==, ROOF_KNOB_MEM_BW);

  /* a request: TTFT alone is the prefill's 168,198,695,424 bytes (weights,
   * KV written 2·1024·163,840, activations 2·(1024·14,090,240 + 136,448)) */
  RoofRequest q;
  g_assert_cmpint (roof_request (&hw, &md, &wl, &q, &err), ==, ROOF_OK);
  assert_rel (q.ttft, 168198695424.0, 1e-9);
  g_assert_true (isfinite (q.total) && q.total > q.ttft + 256 * 1.39e11);
  g_assert_true (isfinite (q.usd_per_request) && q.usd_per_request > 0.0);

  /* ranked after an H100 that meets 50 ms, with a reason, every field finite
   * (with a link, so the reason is the ITL at every count up to 64) */
  hw.link_bw = 450e9;
  RoofHardwareParams fast = h100 ();
  const RoofHardwareParams *both[2] = { &hw, &fast };
  RoofCandidate c[2];
  RoofSla sla;
  roof_sla_init (&sla);
  sla.itl = 0.05;
  g_assert_cmpint (roof_synthesize (both, 2, &md, &wl, &sla, c, &err), ==, ROOF_OK);
  g_assert_cmpint (c[0].hardware_index, ==, 1);
  g_assert_true (c[0].meets);
  g_assert_cmpint (c[1].hardware_index, ==, 0);
  g_assert_false (c[1].meets);
  g_assert_cmpstr (c[1].reason, ==, "misses the ITL target");

  /* below 1 B/s is no memory: refused, naming the field */
  hw.mem_bw = 0.5;
  assert_error (roof_solve (&hw, &md, &wl, &r, &err), &err, ROOF_ERR_INVALID,
                "memory bandwidth");
  assert_error (roof_hardware_validate (&hw, &err), &err, ROOF_ERR_INVALID, "memory bandwidth");
}

/* ---------------------------------------------------------------------- */
/* 1e21 FLOP/s                                                             */

static void
test_1e21_flops (void)
{
  RoofHardwareParams hw = h100 ();
  RoofModelParams m = llama70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = decode (1, 4096);
  RoofError err = { 0 };

  hw.peak_flops[ROOF_PREC_BF16] = 1e21; /* the largest peak the solver takes */
  RoofResult r = solve (&hw, &md, &wl);
  /* 149,740,847,104 / 1e21 = 1.497e-10 s of compute against
   * 140,377,025,024 / 3.35e12 = 0.041903589559403 s of memory */
  assert_rel (r.t_compute, 1.49740847104e-10, 1e-12);
  assert_rel (r.t_step, 0.041903589559403, 1e-12);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_MEMORY);
  assert_rel (r.ridge, 1e21 / 3.35e12, 1e-12); /* 298,507,462.7 FLOP/B */

  /* never balanced: per sequence f/Π = 1.5e-10 s < k/β = 1,370,958,336 B /
   * 3.35e12 = 4.09e-4 s */
  RoofBalance bal;
  g_assert_cmpint (roof_balance_batch (&hw, &md, &wl, &bal, &err), ==, ROOF_OK);
  g_assert_true (bal.never);

  RoofSensitivity s;
  g_assert_cmpint (roof_sensitivity (&hw, &md, &wl, 0.01, &s, &err), ==, ROOF_OK);
  assert_finite_sensitivity (&s);
  g_assert_cmpfloat (s.e[ROOF_KNOB_PEAK_FLOPS].elasticity, ==, 0.0);
  g_assert_cmpfloat (fabs (s.e[ROOF_KNOB_MEM_BW].elasticity + 1.0), <, 1e-9);

  /* prefill of 1e6 tokens at 1e21 FLOP/s is still memory-bound, and finite */
  wl.phase = ROOF_PHASE_PREFILL;
  wl.batch = 1000;
  r = solve (&hw, &md, &wl);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_MEMORY);

  wl = decode (1, 4096);
  hw.peak_flops[ROOF_PREC_BF16] = 1.1e21;
  assert_error (roof_solve (&hw, &md, &wl, &r, &err), &err, ROOF_ERR_INVALID,
                "peak FLOP/s at bf16");
}

/* ---------------------------------------------------------------------- */
/* Batch 1e6                                                               */

static void
test_batch_1e6 (void)
{
  RoofHardwareParams hw = h100 ();
  RoofModelParams m = llama70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = decode (1e6, 4096);
  RoofError err = { 0 };

  RoofResult r = solve (&hw, &md, &wl);
  /* weights 139,006,066,688 + KV 1e6·1,342,504,960 + act 1e6·28,453,376
   * = 1,371,097,342,066,688 B; FLOP 1e6·149,740,847,104 = 1.497e17 */
  assert_rel (r.bytes_total, 1371097342066688.0, 1e-12);
  assert_rel (r.flop, 1.49740847104e17, 1e-12);
  /* memory 1.371e15 / 3.35e12 = 409.28 s against compute 151.35 s */
  assert_rel (r.t_step, 409.2827886766233, 1e-12);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_MEMORY);
  assert_rel (r.tokens_per_s, 2443.298442217432, 1e-12);
  /* footprint: weights 2·70,553,706,496 + KV 1e6·2048·80·4096·2 + workspace
   * 2·1e6·(45,056 + 128,256) = 1,342,665,011,412,992 B; per device 72 GB:
   * 18,648.1 devices, so 18,649, and it does not fit on one */
  assert_rel (r.footprint, 1342665011412992.0, 1e-12);
  g_assert_false (r.fits);
  g_assert_cmpint (r.min_devices, ==, 18649);

  RoofCostPoint cp;
  g_assert_cmpint (roof_cost_point (&hw, &md, &wl, 1e6, &cp, &err), ==, ROOF_OK);
  /* $2.69/h · 409.28 s / 1e6 tokens · 1e6 = 0.30582 $/Mtok */
  assert_rel (cp.total, 2.69 / 3600.0 * 409.2827886766233, 1e-12);
  g_assert_false (cp.fits);

  /* a sweep up to it */
  RoofResult sweep[7];
  g_assert_cmpint (roof_sweep (&hw, &md, &wl, ROOF_SWEEP_BATCH, 1, 1e6, 7, true, sweep, &err),
                   ==, ROOF_OK);
  for (int i = 0; i < 7; i++)
    assert_finite_result (&sweep[i]);
  g_assert_cmpfloat (sweep[6].tokens, ==, 1e6);

  /* the largest batch the solver takes is 1e9; past it, an error */
  wl.batch = 1e9;
  r = solve (&hw, &md, &wl);
  wl.batch = 1.5e9;
  assert_error (roof_solve (&hw, &md, &wl, &r, &err), &err, ROOF_ERR_INVALID, "batch");
}

/* ---------------------------------------------------------------------- */
/* Context 1e7                                                             */

static void
test_context_1e7 (void)
{
  RoofHardwareParams hw = h100 ();
  RoofModelParams m = llama70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = decode (1, 1e7);
  RoofError err = { 0 };

  RoofResult r = solve (&hw, &md, &wl);
  /* KV 2·(2048·80·1e7 + 2048·80) = 3,276,800,327,680 B dwarfs the weights:
   * 3,415,834,847,744 B in all, 1.0197 s at 3.35 TB/s; attention FLOP
   * 32768·80·1e7 = 2.62e13 take 0.0266 s */
  assert_rel (r.bytes_kv, 3276800327680.0, 1e-12);
  assert_rel (r.bytes_total, 3415834847744.0, 1e-12);
  assert_rel (r.flop, 26353403428864.0, 1e-12);
  assert_rel (r.t_step, 1.019652193356418, 1e-12);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_MEMORY);
  /* 3,417,907,759,616 B of footprint: 47.5 of 72 GB, so 48 devices */
  g_assert_false (r.fits);
  g_assert_cmpint (r.min_devices, ==, 48);

  /* the prefill of a 1e7-token prompt: 2·1e7·68,451,041,280 + 2·1,050,673,152
   * + 32768·80·1e14/2 = 1.3244102082770135e20 FLOP, 133,859.94 s at
   * 989.4 TFLOP/s: compute-bound (its 2.85e14 bytes take 85 s) */
  wl.phase = ROOF_PHASE_PREFILL;
  wl.prompt = 1e7;
  r = solve (&hw, &md, &wl);
  assert_rel (r.flop, 1.3244102082770135e20, 1e-12);
  assert_rel (r.t_step, 133859.9361509009, 1e-12);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_COMPUTE);

  RoofSensitivity s;
  g_assert_cmpint (roof_sensitivity (&hw, &md, &wl, 0.01, &s, &err), ==, ROOF_OK);
  assert_finite_sensitivity (&s);
  /* S² attention dominates: the prompt's elasticity approaches 2 */
  g_assert_cmpfloat (s.e[ROOF_KNOB_CONTEXT].elasticity, >, 1.9);
  g_assert_cmpfloat (s.e[ROOF_KNOB_CONTEXT].elasticity, <, 2.0 + 1e-9);

  RoofRequirements req;
  RoofSla sla;
  roof_sla_init (&sla);
  sla.ttft = 3600.0;
  g_assert_cmpint (roof_requirements (&md, &wl, &sla, &req, &err), ==, ROOF_OK);
  /* Π_min = prefill FLOP / 3600 s = 3.679e16 FLOP/s */
  assert_rel (req.peak_flops, 1.3244102082770135e20 / 3600.0, 1e-12);

  wl = decode (1, 1.1e10);
  assert_error (roof_solve (&hw, &md, &wl, &r, &err), &err, ROOF_ERR_INVALID, "context");
}

/* ---------------------------------------------------------------------- */
/* One layer                                                               */

static void
test_one_layer (void)
{
  RoofHardwareParams hw = h100 ();
  RoofModelParams m = llama70b ();
  RoofWorkload wl = decode (1, 4096);
  RoofError err = { 0 };

  m.layers = 1;
  RoofModelDerived md = derive (&m);
  /* 855,654,400 + 1,050,673,152 + 1,050,681,344 = 2,957,008,896 */
  g_assert_cmpfloat (md.p_total, ==, 2957008896.0);

  RoofResult r = solve (&hw, &md, &wl);
  /* weights 2·(1,050,681,344 + 855,654,400) = 3,812,671,488, KV
   * 2·(2048·4096 + 2048) = 16,781,312, act 2·(176,128 + 136,448) = 625,152 */
  g_assert_cmpfloat (r.bytes_total, ==, 3830077952.0);
  g_assert_cmpfloat (r.flop, ==, 3946840064.0);
  assert_rel (r.t_step, 3830077952.0 / 3.35e12, 1e-12); /* 1.1433 ms */

  /* every row of the breakdown is one layer; the counted FLOP add up */
  RoofBreakdown bd;
  double flop = 0.0;
  g_assert_cmpint (roof_breakdown (&hw, &md, &wl, &bd, &err), ==, ROOF_OK);
  g_assert_cmpint (bd.n_rows, >, 0);
  for (int i = 0; i < bd.n_rows; i++)
    {
      g_assert_cmpfloat (bd.rows[i].layers, ==, 1.0);
      g_assert_true (isfinite (bd.rows[i].time));
      if (bd.rows[i].counted)
        flop += bd.rows[i].flop * bd.rows[i].layers;
    }
  assert_rel (flop, r.flop, 1e-12);

  /* a window on its only layer: S = 4096 reads 512 tokens, KV
   * 2·(2048·512 + 2048) = 2,101,248 */
  m.sliding_window = 512;
  m.window_layers = 1;
  md = derive (&m);
  r = solve (&hw, &md, &wl);
  g_assert_cmpfloat (r.bytes_kv, ==, 2101248.0);

  m.layers = 0;
  RoofModelDerived bad;
  assert_error (roof_model_derive (&m, &bad, &err), &err, ROOF_ERR_INVALID, "layers");
}

/* ---------------------------------------------------------------------- */
/* MoE with every expert active                                            */

/* L = 2, d = 64, H = 4, H_kv = 2, d_h = 16, V = 100, E = k = 4 experts of
 * d_e = 32, gated, no shared or dense layers. Per layer: attention 12,288,
 * norms 128, router 64·4 = 256, experts 4·3·64·32 = 24,576: 37,248. Total
 * 2·37,248 + embedding 6,400 + lm_head 6,464 = 87,360, all of it active. */
static RoofModelParams
moe_all_active (void)
{
  RoofModelParams m;
  roof_model_init (&m);
  m.layers = 2;
  m.hidden = 64;
  m.heads = 4;
  m.kv_heads = 2;
  m.head_dim = 16;
  m.vocab = 100;
  m.experts = 4;
  m.experts_per_token = 4;
  m.expert_ffn = 32;
  return m;
}

static void
test_moe_every_expert_active (void)
{
  RoofModelParams m = moe_all_active ();
  RoofModelDerived md = derive (&m);
  RoofError err = { 0 };

  g_assert_true (md.is_moe);
  g_assert_cmpfloat (md.p_total, ==, 87360.0);
  g_assert_cmpfloat (md.p_active, ==, 87360.0);

  /* Π = 1e11, β = 1e10 (ridge 10): at S = 16 one sequence costs
   * f = 2·80,640 + 256·2·16 = 169,472 FLOP and k = KV 4,352 + act 7,256 =
   * 11,608 bytes; the weights W = 2·80,960 = 161,920 bytes are read whole at
   * any batch (k = E), so B_bal = (W/β)/(f/Π − k/β) = 30.3266406952352 */
  RoofHardwareParams hw = device (1e11, 1e10, 1e9);
  RoofWorkload wl = decode (1, 16);
  RoofResult r = solve (&hw, &md, &wl);
  g_assert_cmpfloat (r.bytes_weights, ==, 161920.0);
  g_assert_cmpfloat (r.flop, ==, 169472.0);
  g_assert_cmpfloat (r.bytes_kv + r.bytes_act, ==, 11608.0);
  wl.batch = 4096;
  r = solve (&hw, &md, &wl);
  g_assert_cmpfloat (r.bytes_weights, ==, 161920.0);

  RoofBalance bal;
  wl.batch = 1;
  g_assert_cmpint (roof_balance_batch (&hw, &md, &wl, &bal, &err), ==, ROOF_OK);
  g_assert_false (bal.never);
  assert_rel (bal.batch, 30.32664069523524, 1e-6);

  /* the breakdown reads all four experts at B = 1 */
  RoofBreakdown bd;
  g_assert_cmpint (roof_breakdown (&hw, &md, &wl, &bd, &err), ==, ROOF_OK);
  gboolean seen = FALSE;
  for (int i = 0; i < bd.n_rows; i++)
    if (bd.rows[i].op == ROOF_OP_EXPERTS)
      {
        g_assert_cmpfloat (bd.rows[i].bytes_weights, ==, 2.0 * 4 * 6144);
        seen = TRUE;
      }
  g_assert_true (seen);

  RoofSensitivity s;
  g_assert_cmpint (roof_sensitivity (&hw, &md, &wl, 0.01, &s, &err), ==, ROOF_OK);
  assert_finite_sensitivity (&s);

  m.experts_per_token = 5;
  RoofModelDerived bad;
  assert_error (roof_model_derive (&m, &bad, &err), &err, ROOF_ERR_INVALID,
                "moe.experts_per_token");
}

/* ---------------------------------------------------------------------- */
/* Zero price                                                              */

static void
test_zero_price (void)
{
  RoofHardwareParams free_hw = h100 ();
  RoofHardwareParams paid = h100 ();
  RoofModelParams m = llama70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = decode (8, 4096);
  RoofError err = { 0 };

  free_hw.price_per_hour = 0.0;
  wl.devices = 2;
  RoofResult r = solve (&free_hw, &md, &wl);
  g_assert_true (r.has_cost);
  g_assert_cmpfloat (r.usd_per_s, ==, 0.0);
  g_assert_cmpfloat (r.usd_per_mtok, ==, 0.0);

  RoofCostPoint cp;
  g_assert_cmpint (roof_cost_point (&free_hw, &md, &wl, 64, &cp, &err), ==, ROOF_OK);
  g_assert_cmpfloat (cp.total, ==, 0.0);
  g_assert_cmpfloat (cp.weights + cp.kv + cp.compute + cp.fixed, ==, 0.0);

  RoofRequest q;
  g_assert_cmpint (roof_request (&free_hw, &md, &wl, &q, &err), ==, ROOF_OK);
  g_assert_true (q.has_cost);
  g_assert_cmpfloat (q.usd_per_request, ==, 0.0);

  /* free is always cheaper than paid, and two free devices never differ:
   * no crossover, and no NaN from log (0) − log (0) */
  double x[ROOF_MAX_CROSSOVERS];
  int n = -1;
  g_assert_cmpint (roof_cost_crossovers (&free_hw, &paid, &md, &wl, 1, 4096, x, &n, &err), ==,
                   ROOF_OK);
  g_assert_cmpint (n, ==, 0);
  g_assert_cmpint (roof_cost_crossovers (&free_hw, &free_hw, &md, &wl, 1, 4096, x, &n, &err),
                   ==, ROOF_OK);
  g_assert_cmpint (n, ==, 0);

  /* synthesis ranks it first, at $0 per million tokens */
  const RoofHardwareParams *both[2] = { &paid, &free_hw };
  RoofCandidate c[2];
  RoofSla sla;
  roof_sla_init (&sla);
  sla.itl = 0.05;
  g_assert_cmpint (roof_synthesize (both, 2, &md, &wl, &sla, c, &err), ==, ROOF_OK);
  g_assert_cmpint (c[0].hardware_index, ==, 1);
  g_assert_true (c[0].meets && c[0].has_cost);
  g_assert_cmpfloat (c[0].usd_per_mtok, ==, 0.0);
  g_assert_cmpfloat (c[0].best_usd_per_mtok, ==, 0.0);
  g_assert_true (c[1].meets);
  g_assert_cmpfloat (c[1].usd_per_mtok, >, 0.0);

  free_hw.price_per_hour = -1.0;
  assert_error (roof_solve (&free_hw, &md, &wl, &r, &err), &err, ROOF_ERR_INVALID, "price");
}

/* ---------------------------------------------------------------------- */
/* What fuzz-solver found (docs/reliability.md)                            */

/* A bandwidth of 1e-300 B/s passed validation; roof_hardware_ridge, which
 * has no error channel, then returned inf. */
static void
test_fuzz_denormal_bandwidth (void)
{
  RoofHardwareParams hw = device (989.4e12, 1e-300, 80e9);
  RoofError err = { 0 };

  assert_error (roof_hardware_validate (&hw, &err), &err, ROOF_ERR_INVALID, "memory bandwidth");
  hw.mem_bw = 1.0;
  g_assert_cmpint (roof_hardware_validate (&hw, &err), ==, ROOF_OK);
  g_assert_true (isfinite (roof_hardware_ridge (&hw, ROOF_PREC_BF16)));
}

/* A peak of 8.7e-311 FLOP/s (denormal, > 0): roof_solve refused it, but
 * roof_breakdown returned rows with t_compute = inf. */
static void
test_fuzz_breakdown_overflow (void)
{
  RoofHardwareParams hw = h100 ();
  RoofModelParams m = llama70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = decode (16, 16384);
  RoofBreakdown bd;
  RoofResult r;
  RoofError err = { 0 };

  hw.peak_flops[ROOF_PREC_BF16] = 8.6916947597937554e-311;
  assert_error (roof_solve (&hw, &md, &wl, &r, &err), &err, ROOF_ERR_INVALID, "overflowed");
  assert_error (roof_breakdown (&hw, &md, &wl, &bd, &err), &err, ROOF_ERR_INVALID, "overflowed");
}

/* A batch of 3.5e-310 (> 0, so valid) with a step of picoseconds: the step's
 * cost per token, $2.69/h · 6e-13 s / 3.5e-310 · 1e6 = 1.3e300, is finite,
 * but the price per token the terms are split with, $2.69/h / 3.5e-310 · 1e6,
 * is not: roof_cost_point returned weights = inf. */
static void
test_fuzz_cost_point_overflow (void)
{
  RoofHardwareParams hw = h100 ();
  RoofModelParams m;
  RoofWorkload wl = decode (8, 1024);
  RoofCostPoint cp;
  RoofError err = { 0 };

  roof_model_init (&m);
  m.kind = ROOF_MODEL_GENERIC;
  m.params = 1; /* 2 bytes in bf16: 6e-13 s at 3.35 TB/s */
  m.flop_per_sample = 1;
  RoofModelDerived md = derive (&m);
  assert_error (roof_cost_point (&hw, &md, &wl, 3.4936538702452243e-310, &cp, &err), &err,
                ROOF_ERR_INVALID, "overflowed");
  g_assert_cmpint (roof_cost_point (&hw, &md, &wl, 1.0, &cp, &err), ==, ROOF_OK);
}

/* A dense model (experts = 0) with experts_per_token = NaN: the MoE fields
 * are not validated for a dense model, yet 0·NaN reached p_active. */
static void
test_fuzz_dense_ignores_moe_fields (void)
{
  RoofModelParams m = llama70b ();
  RoofModelDerived clean = derive (&m);

  m.experts_per_token = NAN;
  m.shared_experts = INFINITY;
  m.expert_ffn = -1;
  m.dense_layers = NAN;
  RoofModelDerived md = derive (&m);
  g_assert_false (md.is_moe);
  g_assert_cmpfloat (md.p_active, ==, clean.p_active);
  g_assert_cmpfloat (md.p_total, ==, clean.p_total);
  g_assert_cmpfloat (md.p_mm_active, ==, clean.p_mm_active);
}

/* tokens_per_s = 8e-320 made the ITL target B / z infinite: roof_requirements
 * returned ROOF_OK with itl_budget = inf. */
static void
test_fuzz_requirements_overflow (void)
{
  RoofModelParams m = llama70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = decode (2, 2);
  RoofRequirements req;
  RoofSla sla;
  RoofError err = { 0 };

  roof_sla_init (&sla);
  sla.tokens_per_s = 8.1189807581092045e-320;
  assert_error (roof_requirements (&md, &wl, &sla, &req, &err), &err, ROOF_ERR_INVALID,
                "overflowed");
  sla.tokens_per_s = 100.0;
  g_assert_cmpint (roof_requirements (&md, &wl, &sla, &req, &err), ==, ROOF_OK);
}

/* η_m = 1e-308 (a denormal product with β): every step is finite, about
 * 1.4e11 B / (3.35e12 · 1e-308 B/s) = 4.2e306 s, but their sum over 256
 * output tokens is not: roof_request returned itl_mean = inf. */
static void
test_fuzz_request_overflow (void)
{
  RoofHardwareParams hw = h100 ();
  RoofModelParams m = llama70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = decode (1, 4096);
  RoofResult r;
  RoofRequest q;
  RoofError err = { 0 };

  hw.has_price = false;
  hw.eff_memory = 1e-308;
  wl.context = wl.prompt + wl.output - 1; /* the longest step of the request */
  r = solve (&hw, &md, &wl);
  g_assert_cmpfloat (r.t_step, >, 1e306);
  assert_error (roof_request (&hw, &md, &wl, &q, &err), &err, ROOF_ERR_INVALID, "overflowed");
}

/* max_devices = 2^31: the device counts tried (1, 2, 4 …) doubled past
 * INT_MAX, signed overflow (UBSan). */
static void
test_fuzz_synthesize_max_devices (void)
{
  RoofHardwareParams hw = h100 ();
  const RoofHardwareParams *list[1] = { &hw };
  RoofModelParams m = llama70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = decode (1, 4096);
  RoofCandidate c[1];
  RoofSla sla;
  RoofError err = { 0 };

  roof_sla_init (&sla);
  sla.itl = 1e-9; /* never met: every count up to the maximum is tried */
  sla.max_devices = 2147483648.0;
  assert_error (roof_synthesize (list, 1, &md, &wl, &sla, c, &err), &err, ROOF_ERR_INVALID,
                "max_devices");
  sla.max_devices = 1e6;
  g_assert_cmpint (roof_synthesize (list, 1, &md, &wl, &sla, c, &err), ==, ROOF_OK);
  g_assert_false (c[0].meets);
  sla.max_devices = NAN;
  assert_error (roof_synthesize (list, 1, &md, &wl, &sla, c, &err), &err, ROOF_ERR_INVALID,
                "max_devices");
}

/* A weightless generic model on a device of 5e-324 bytes, 10% usable:
 * footprint 0 over 0 usable bytes per device made min_devices (int) NaN
 * (UBSan: float-cast-overflow). */
static void
test_fuzz_min_devices_nan (void)
{
  RoofHardwareParams hw = device (1e12, 1e9, 5e-324);
  RoofModelParams m;
  RoofWorkload wl = decode (1, 0);

  hw.usable_fraction = 0.1; /* 5e-324 · 0.1 underflows to 0 */
  roof_model_init (&m);
  m.kind = ROOF_MODEL_GENERIC;
  m.flop_per_sample = 1e9;
  RoofModelDerived md = derive (&m);
  RoofResult r = solve (&hw, &md, &wl);
  g_assert_cmpfloat (r.footprint, ==, 0.0);
  g_assert_true (r.fits);
  g_assert_cmpint (r.min_devices, ==, 1);
}

/* max_batch = 2.0000017: the largest batch was bisected on [1, 2.0000017],
 * where floor (mid) = 1 = lo forever; roof_candidate_eval never returned
 * (libFuzzer: timeout). Whole batches only: 2 misses the target, 1 meets it. */
static void
test_fuzz_fractional_max_batch (void)
{
  RoofHardwareParams hw = h100 ();
  RoofModelParams m = llama70b ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = decode (1, 4096);
  RoofCandidate c;
  RoofSla sla;
  RoofError err = { 0 };

  /* four devices hold 288 GB: some 100 sequences fit, so the SLA's
   * max_batch is what bounds the search */
  wl.devices = 4;
  RoofResult one = solve (&hw, &md, &wl);
  roof_sla_init (&sla);
  sla.itl = one.t_step; /* met at B = 1, missed at B = 2 (more KV to read) */
  sla.max_batch = 2.0000017291307719;
  g_assert_cmpint (roof_candidate_eval (&hw, &md, &wl, &sla, 4, &c, &err), ==, ROOF_OK);
  g_assert_true (c.meets);
  g_assert_cmpfloat (c.batch, ==, 1.0);

  sla.itl = 0.05;
  sla.max_batch = 7.5;
  g_assert_cmpint (roof_candidate_eval (&hw, &md, &wl, &sla, 4, &c, &err), ==, ROOF_OK);
  g_assert_true (c.meets);
  g_assert_cmpfloat (c.batch, ==, 7.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/solver/extremes/one-byte-per-second", test_one_byte_per_second);
  g_test_add_func ("/solver/extremes/1e21-flops", test_1e21_flops);
  g_test_add_func ("/solver/extremes/batch-1e6", test_batch_1e6);
  g_test_add_func ("/solver/extremes/context-1e7", test_context_1e7);
  g_test_add_func ("/solver/extremes/one-layer", test_one_layer);
  g_test_add_func ("/solver/extremes/moe-every-expert-active", test_moe_every_expert_active);
  g_test_add_func ("/solver/extremes/zero-price", test_zero_price);
  g_test_add_func ("/solver/fuzz/denormal-bandwidth", test_fuzz_denormal_bandwidth);
  g_test_add_func ("/solver/fuzz/breakdown-overflow", test_fuzz_breakdown_overflow);
  g_test_add_func ("/solver/fuzz/cost-point-overflow", test_fuzz_cost_point_overflow);
  g_test_add_func ("/solver/fuzz/dense-ignores-moe-fields", test_fuzz_dense_ignores_moe_fields);
  g_test_add_func ("/solver/fuzz/requirements-overflow", test_fuzz_requirements_overflow);
  g_test_add_func ("/solver/fuzz/request-overflow", test_fuzz_request_overflow);
  g_test_add_func ("/solver/fuzz/synthesize-max-devices", test_fuzz_synthesize_max_devices);
  g_test_add_func ("/solver/fuzz/min-devices-nan", test_fuzz_min_devices_nan);
  g_test_add_func ("/solver/fuzz/fractional-max-batch", test_fuzz_fractional_max_batch);
  return g_test_run ();
}
