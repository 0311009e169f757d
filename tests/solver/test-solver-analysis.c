/* test-solver-analysis.c — balance, cost, sensitivity, breakdown, request, synthesis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "roof-solver.h"
#include "solver-fixtures.h"

static RoofHardwareParams
device (double tflops, double tbps, double gb, double usd)
{
  RoofHardwareParams hw;
  roof_hardware_init (&hw);
  hw.peak_flops[ROOF_PREC_BF16] = tflops * 1e12;
  hw.mem_bw = tbps * 1e12;
  hw.mem_capacity = gb * 1e9;
  hw.link_bw = 450e9;
  hw.link_latency = 1e-6;
  if (usd >= 0)
    {
      hw.has_price = true;
      hw.price_per_hour = usd;
    }
  return hw;
}

static RoofModelParams
llama (void)
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
  return m;
}

static RoofModelParams
mixtral (void)
{
  RoofModelParams m;
  roof_model_init (&m);
  m.layers = 32;
  m.hidden = 4096;
  m.heads = 32;
  m.kv_heads = 8;
  m.head_dim = 128;
  m.vocab = 32000;
  m.experts = 8;
  m.experts_per_token = 2;
  m.expert_ffn = 14336;
  return m;
}

static RoofModelParams
gemma_like (void)
{
  RoofModelParams m;
  roof_model_init (&m);
  m.layers = 42;
  m.hidden = 3584;
  m.heads = 16;
  m.kv_heads = 8;
  m.head_dim = 256;
  m.ffn = 14336;
  m.vocab = 256000;
  m.tied_embeddings = true;
  m.sliding_window = 4096;
  m.window_layers = 21;
  m.qkv_bias = true;
  return m;
}

/* ---------------------------------------------------------------------- */

static void
test_balance_dense (void)
{
  RoofHardwareParams hw = device (989.4, 3.35, 80, 2.69);
  RoofModelParams m = llama ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofBalance bal;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  /* at 4096 tokens a sequence's 1.34 GB of KV outweighs its 150 GFLOP
   * (111 FLOP/B < 295): the balance exists only at shorter context */
  wl.context = 512;

  g_assert_cmpint (roof_balance_batch (&hw, &md, &wl, &bal, &err), ==, ROOF_OK);
  g_assert_false (bal.never);
  /* at the balance batch compute and memory take the same time */
  wl.batch = bal.batch;
  RoofResult r = solve (&hw, &md, &wl);
  assert_rel (r.t_compute, r.t_memory, 1e-9);
  /* closed form (W/β) / (f/Π − k/β) from a B = 1 solve: (139e9 B / 3.35e12)
   * / (141.8 µs − 58.5 µs) ≈ 498 */
  wl.batch = 1;
  RoofResult one = solve (&hw, &md, &wl);
  double beta = 3.35e12, pi = 989.4e12, k = one.bytes_kv + one.bytes_act;
  assert_rel (bal.batch, (one.bytes_weights / beta) / (one.flop / pi - k / beta), 1e-12);
  assert_rel (bal.batch, 498, 0.01);

  /* at 128K context KV bytes grow faster than FLOP: batching never balances.
   * per sequence: f ≈ 2·69.5e9 + 4·80·64·128·131072 = 0.483 TFLOP,
   * k ≈ 327,680 · 131073 = 42.9 GB; f/Π = 0.49 ms < k/β = 12.8 ms */
  roof_workload_init (&wl);
  wl.context = 131072;
  g_assert_cmpint (roof_balance_batch (&hw, &md, &wl, &bal, &err), ==, ROOF_OK);
  g_assert_true (bal.never);
}

static void
test_balance_moe (void)
{
  RoofHardwareParams hw = device (989.4, 3.35, 80, 2.69);
  RoofModelParams m = mixtral ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofBalance bal;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  /* 12.9B active parameters do 26 GFLOP per sequence: at 1024 tokens its
   * 143 MB of KV and activations already outweigh that on an H100 */
  wl.context = 1024;
  g_assert_cmpint (roof_balance_batch (&hw, &md, &wl, &bal, &err), ==, ROOF_OK);
  g_assert_true (bal.never);
  wl.context = 128;

  g_assert_cmpint (roof_balance_batch (&hw, &md, &wl, &bal, &err), ==, ROOF_OK);
  g_assert_false (bal.never);
  wl.batch = bal.batch;
  RoofResult r = solve (&hw, &md, &wl);
  assert_rel (r.t_compute, r.t_memory, 1e-6);
  /* sparsity raises the balance batch: with all experts read but only 2 of
   * 8 computed it sits near I* · b_w/2 · N/A = 295 · 46.7/12.9 ≈ 1070, far
   * above the dense 295 */
  g_assert_cmpfloat (bal.batch, >, 295.0 * 2);
  g_assert_cmpfloat (bal.batch, <, 295.0 * 46.7 / 12.9 * 1.5);
}

static void
test_cost_components (void)
{
  RoofHardwareParams hw = device (989.4, 3.35, 80, 3.6);
  RoofModelParams m = llama ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofCostPoint p1, p2;
  RoofError err = { 0 };
  roof_workload_init (&wl);

  g_assert_cmpint (roof_cost_point (&hw, &md, &wl, 1, &p1, &err), ==, ROOF_OK);
  g_assert_cmpint (roof_cost_point (&hw, &md, &wl, 2, &p2, &err), ==, ROOF_OK);
  /* weight traffic amortises as 1/B; compute and KV per token are flat */
  assert_rel (p2.weights, p1.weights / 2, 1e-12);
  assert_rel (p2.compute, p1.compute, 1e-12);
  assert_rel (p2.kv, p1.kv, 1e-12);
  /* $3.6/h = $0.001/s; weights alone: 0.001 · (2 · 69.5e9 / 3.35e12) · 1e6 $/Mtok */
  wl.batch = 1;
  RoofResult r = solve (&hw, &md, &wl);
  assert_rel (p1.weights, 1e-3 * r.bytes_weights / 3.35e12 * 1e6, 1e-12);
  /* the max model: the total is the larger of weights + KV and compute */
  assert_rel (p1.total, fmax (p1.weights + p1.kv, p1.compute) + p1.fixed, 1e-12);

  /* no price: an error that says so */
  hw.has_price = false;
  g_assert_cmpint (roof_cost_point (&hw, &md, &wl, 1, &p1, &err), ==, ROOF_ERR_UNSUPPORTED);
  g_assert_nonnull (strstr (err.message, "price"));
}

static void
test_crossover (void)
{
  /* the notes' exercise: H100 $2.50/h and H200 $3.50/h, same compute.
   * H200 wins while memory-bound (1.433 > 1.40 price ratio), H100 once both
   * are compute-bound: one crossover */
  RoofHardwareParams h100 = device (989.4, 3.35, 80, 2.5);
  RoofHardwareParams h200 = device (989.4, 4.8, 141, 3.5);
  RoofModelParams m = llama ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofError err = { 0 };
  double batches[ROOF_MAX_CROSSOVERS];
  int n = 0;
  roof_workload_init (&wl);
  wl.context = 1024;

  g_assert_cmpint (roof_cost_crossovers (&h100, &h200, &md, &wl, 1, 4096, batches, &n, &err), ==,
                   ROOF_OK);
  g_assert_cmpint (n, ==, 1);
  RoofCostPoint a, b;
  g_assert_cmpint (roof_cost_point (&h100, &md, &wl, batches[0], &a, &err), ==, ROOF_OK);
  g_assert_cmpint (roof_cost_point (&h200, &md, &wl, batches[0], &b, &err), ==, ROOF_OK);
  assert_rel (a.total, b.total, 1e-8);
  /* below the crossover the H200 is cheaper per token, above it the H100 */
  g_assert_cmpint (roof_cost_point (&h100, &md, &wl, 1, &a, &err), ==, ROOF_OK);
  g_assert_cmpint (roof_cost_point (&h200, &md, &wl, 1, &b, &err), ==, ROOF_OK);
  g_assert_cmpfloat (b.total, <, a.total);
  g_assert_cmpint (roof_cost_point (&h100, &md, &wl, 4096, &a, &err), ==, ROOF_OK);
  g_assert_cmpint (roof_cost_point (&h200, &md, &wl, 4096, &b, &err), ==, ROOF_OK);
  g_assert_cmpfloat (a.total, <, b.total);
  /* the H200 reaches its compute floor later than the H100 (its ridge in
   * batch is lower), so the crossover lies between the two balance batches */
  RoofBalance b1, b2;
  g_assert_cmpint (roof_balance_batch (&h100, &md, &wl, &b1, &err), ==, ROOF_OK);
  g_assert_cmpint (roof_balance_batch (&h200, &md, &wl, &b2, &err), ==, ROOF_OK);
  g_assert_cmpfloat (batches[0], >, b2.batch);
  g_assert_cmpfloat (batches[0], <=, b1.batch * 1.0001);
}

static void
test_sensitivity_sum_and_ridge (void)
{
  RoofHardwareParams hw = device (989.4, 3.35, 80, 2.69);
  RoofModelParams m = llama ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofSensitivity s;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  wl.batch = 64;
  wl.context = 512;
  wl.overlap = ROOF_OVERLAP_SUM;

  g_assert_cmpint (roof_sensitivity (&hw, &md, &wl, 0.01, &s, &err), ==, ROOF_OK);
  RoofResult r = solve (&hw, &md, &wl);
  /* sum model: e_β = −t_m / T and e_Π = −t_c / T (to O(h²)) */
  assert_rel (s.e[ROOF_KNOB_MEM_BW].elasticity, -r.t_memory / r.t_step, 1e-4);
  assert_rel (s.e[ROOF_KNOB_PEAK_FLOPS].elasticity, -r.t_compute / r.t_step, 1e-4);
  g_assert_cmpint (s.binding, ==, ROOF_KNOB_MEM_BW);
  /* one device: the interconnect does not enter */
  g_assert_false (s.e[ROOF_KNOB_INTERCONNECT_BW].applicable);
  /* batch raises the step time, elasticity between 0 and 1 */
  g_assert_cmpfloat (s.e[ROOF_KNOB_BATCH].elasticity, >, 0.0);
  g_assert_cmpfloat (s.e[ROOF_KNOB_BATCH].elasticity, <, 1.0);
  /* a larger step is allowed (0.10 is common) */
  g_assert_cmpint (roof_sensitivity (&hw, &md, &wl, 0.10, &s, &err), ==, ROOF_OK);
  g_assert_cmpint (roof_sensitivity (&hw, &md, &wl, 0.0, &s, &err), ==, ROOF_ERR_INVALID);

  /* max model at the balance batch: each side binds on one side only */
  RoofBalance bal;
  wl.overlap = ROOF_OVERLAP_MAX;
  g_assert_cmpint (roof_balance_batch (&hw, &md, &wl, &bal, &err), ==, ROOF_OK);
  g_assert_false (bal.never);
  wl.batch = bal.batch;
  g_assert_cmpint (roof_sensitivity (&hw, &md, &wl, 0.01, &s, &err), ==, ROOF_OK);
  /* more bandwidth: compute binds, no gain; less: memory binds, full loss */
  g_assert_cmpfloat (fabs (s.e[ROOF_KNOB_MEM_BW].up), <, 1e-6);
  assert_rel (s.e[ROOF_KNOB_MEM_BW].down, -1.0, 1e-6);
  /* symmetric: ln(1 − h) / ln((1 + h)/(1 − h)) ≈ −0.4975 */
  assert_rel (s.e[ROOF_KNOB_MEM_BW].elasticity, log (0.99) / log (1.01 / 0.99), 1e-6);

  /* compute-bound at large batch: peak FLOP/s binds */
  wl.batch = 4 * bal.batch;
  wl.context = 16;
  g_assert_cmpint (roof_sensitivity (&hw, &md, &wl, 0.01, &s, &err), ==, ROOF_OK);
  g_assert_cmpint (s.binding, ==, ROOF_KNOB_PEAK_FLOPS);
  assert_rel (s.e[ROOF_KNOB_PEAK_FLOPS].elasticity, -1.0, 1e-12);

  /* a big fixed overhead becomes the binding constraint */
  wl.batch = 1;
  wl.overhead = 1.0;
  g_assert_cmpint (roof_sensitivity (&hw, &md, &wl, 0.01, &s, &err), ==, ROOF_OK);
  g_assert_cmpint (s.binding, ==, ROOF_KNOB_OVERHEAD);
}

static void
test_request_time (void)
{
  RoofHardwareParams hw = device (989.4, 3.35, 80, 3.6);
  RoofModelParams m = gemma_like ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofRequest req;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  wl.batch = 300; /* near the ridge so the max switches branch */
  wl.prompt = 3000;
  wl.output = 2500; /* crosses the 4096 window */

  g_assert_cmpint (roof_request (&hw, &md, &wl, &req, &err), ==, ROOF_OK);
  /* brute force: one decode step per output token */
  double sum = 0;
  RoofWorkload w = wl;
  w.phase = ROOF_PHASE_DECODE;
  for (int i = 0; i < 2500; i++)
    {
      w.context = 3000 + i;
      sum += solve (&hw, &md, &w).t_step;
    }
  assert_rel (req.itl_mean, sum / 2500, 1e-9);
  w.phase = ROOF_PHASE_PREFILL;
  assert_rel (req.ttft, solve (&hw, &md, &w).t_step, 1e-15);
  assert_rel (req.total, req.ttft + sum, 1e-9);
  assert_rel (req.usd_per_request, 1e-3 * req.total / 300, 1e-9);
}

static void
check_breakdown_sums (const RoofModelParams *m, RoofPhase phase, double batch, double ctx)
{
  RoofHardwareParams hw = device (989.4, 3.35, 80, 2.69);
  RoofModelDerived md = derive (m);
  RoofWorkload wl;
  RoofBreakdown bd;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  wl.phase = phase;
  wl.batch = batch;
  wl.context = ctx;
  wl.prompt = ctx > 0 ? ctx : 512;

  g_assert_cmpint (roof_breakdown (&hw, &md, &wl, &bd, &err), ==, ROOF_OK);
  RoofResult r = solve (&hw, &md, &wl);
  double flop = 0, weights = 0, kv = 0, act = 0;
  for (int i = 0; i < bd.n_rows; i++)
    {
      const RoofOpRow *row = &bd.rows[i];
      weights += row->layers * row->bytes_weights;
      kv += row->layers * row->bytes_kv;
      if (row->counted)
        {
          flop += row->layers * row->flop;
          act += row->layers * row->bytes_act;
        }
      g_assert_true (isfinite (row->intensity) && row->intensity >= 0);
    }
  assert_rel (flop, r.flop, 1e-12);
  assert_rel (weights, r.bytes_weights, 1e-12);
  if (r.bytes_kv > 0)
    assert_rel (kv, r.bytes_kv, 1e-12);
  assert_rel (act, r.bytes_act, 1e-12);
}

static void
test_breakdown_identity (void)
{
  RoofModelParams models[] = { llama (), mixtral (), deepseek_v3 (), gemma_like () };
  for (size_t i = 0; i < G_N_ELEMENTS (models); i++)
    {
      check_breakdown_sums (&models[i], ROOF_PHASE_DECODE, 1, 4096);
      check_breakdown_sums (&models[i], ROOF_PHASE_DECODE, 37, 8000);
      check_breakdown_sums (&models[i], ROOF_PHASE_PREFILL, 3, 2048);
      check_breakdown_sums (&models[i], ROOF_PHASE_PREFILL, 1, 9000);
    }
}

static void
test_breakdown_rows (void)
{
  RoofHardwareParams hw = device (989.4, 3.35, 80, 2.69);
  RoofModelParams m = llama ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofBreakdown bd;
  RoofError err = { 0 };
  roof_workload_init (&wl);

  g_assert_cmpint (roof_breakdown (&hw, &md, &wl, &bd, &err), ==, ROOF_OK);
  gboolean seen[ROOF_OP_COUNT] = { 0 };
  for (int i = 0; i < bd.n_rows; i++)
    {
      seen[bd.rows[i].op] = TRUE;
      if (bd.rows[i].op == ROOF_OP_Q_PROJ)
        {
          /* one layer's q projection at B = 1: a GEMV 8192 × 8192,
           * 2 · 8192² FLOP over 2 · 8192² weight bytes (+ 2 · 2 · 8192 of
           * activations): intensity just under 1 */
          g_assert_cmpfloat (bd.rows[i].flop, ==, 2.0 * 8192 * 8192 * md.flop_scale);
          g_assert_cmpfloat (bd.rows[i].layers, ==, 80);
          g_assert_cmpint (bd.rows[i].bound, ==, ROOF_BOUND_MEMORY);
          assert_rel (bd.rows[i].intensity, 0.99976, 1e-4);
        }
      if (bd.rows[i].op == ROOF_OP_SOFTMAX || bd.rows[i].op == ROOF_OP_NORMS)
        g_assert_false (bd.rows[i].counted);
    }
  RoofOpKind expected[] = { ROOF_OP_Q_PROJ, ROOF_OP_K_PROJ,   ROOF_OP_V_PROJ, ROOF_OP_ATTN_SCORES,
                            ROOF_OP_SOFTMAX, ROOF_OP_ATTN_V, ROOF_OP_O_PROJ, ROOF_OP_FFN_GATE,
                            ROOF_OP_FFN_UP,  ROOF_OP_FFN_DOWN, ROOF_OP_NORMS, ROOF_OP_LM_HEAD };
  for (size_t i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_true (seen[expected[i]]);
  g_assert_false (seen[ROOF_OP_EXPERTS]);
}

static void
test_sweep_and_fit (void)
{
  RoofHardwareParams hw = device (989.4, 3.35, 80, 2.69);
  RoofModelParams m = llama ();
  m.layers = 8; /* a 7.9B-ish model that fits */
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofError err = { 0 };
  RoofResult pts[12];
  roof_workload_init (&wl);

  g_assert_cmpint (roof_sweep (&hw, &md, &wl, ROOF_SWEEP_BATCH, 1, 2048, 12, TRUE, pts, &err), ==,
                   ROOF_OK);
  /* 12 log-spaced points from 1 to 2048 are the powers of two */
  for (int i = 0; i < 12; i++)
    g_assert_cmpfloat (pts[i].tokens, ==, ldexp (1.0, i));

  double bmax = roof_max_batch_that_fits (&hw, &md, &wl);
  g_assert_cmpfloat (bmax, >, 1);
  RoofResult r;
  wl.batch = bmax;
  g_assert_cmpint (roof_solve (&hw, &md, &wl, &r, &err), ==, ROOF_OK);
  g_assert_true (r.fits);
  wl.batch = bmax + 1;
  g_assert_cmpint (roof_solve (&hw, &md, &wl, &r, &err), ==, ROOF_OK);
  g_assert_false (r.fits);

  g_assert_cmpint (roof_sweep (&hw, &md, &wl, ROOF_SWEEP_BATCH, 5, 1, 4, TRUE, pts, &err), ==,
                   ROOF_ERR_INVALID);
}

static void
test_synthesis_ranking (void)
{
  RoofHardwareParams a = device (312, 2.039, 80, 1.39);
  RoofHardwareParams b = device (989.4, 3.35, 80, 2.69);
  RoofHardwareParams c = device (989.4, 4.8, 141, 5.408);
  RoofHardwareParams d = device (362, 0.864, 48, 0.79);
  d.link_bw = 0; /* no interconnect */
  RoofHardwareParams e = device (989.4, 3.35, 80, -1); /* no price */
  const RoofHardwareParams *hw[] = { &a, &b, &c, &d, &e };
  RoofModelParams m = llama ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofSla sla;
  RoofCandidate cand[5];
  RoofError err = { 0 };
  roof_workload_init (&wl);
  roof_sla_init (&sla);
  sla.itl = 0.050;

  g_assert_cmpint (roof_synthesize (hw, 5, &md, &wl, &sla, cand, &err), ==, ROOF_OK);
  /* priced, meeting candidates first, cheapest per token first */
  for (int i = 0; i + 1 < 5; i++)
    if (cand[i].meets && cand[i + 1].meets && cand[i].has_cost && cand[i + 1].has_cost)
      g_assert_cmpfloat (cand[i].usd_per_mtok, <=, cand[i + 1].usd_per_mtok);
  for (int i = 0; i < 5; i++)
    {
      const RoofCandidate *k = &cand[i];
      if (k->hardware_index == 3)
        {
          /* 141 GB of weights on 48 GB cards needs tensor parallel, which
           * the card cannot do */
          g_assert_false (k->meets);
          g_assert_nonnull (k->reason);
          continue;
        }
      g_assert_true (k->meets);
      /* the forward model at the reported batch meets the SLA, and one more
       * sequence would not (or would not fit) */
      RoofWorkload w = wl;
      RoofResult r;
      w.devices = k->devices;
      w.batch = k->batch;
      g_assert_cmpint (roof_solve (hw[k->hardware_index], &md, &w, &r, &err), ==, ROOF_OK);
      g_assert_cmpfloat (r.t_step, <=, 0.050 * (1 + 1e-12));
      g_assert_true (r.fits);
      w.batch = k->batch + 1;
      g_assert_cmpint (roof_solve (hw[k->hardware_index], &md, &w, &r, &err), ==, ROOF_OK);
      g_assert_true (r.t_step > 0.050 || !r.fits || k->batch >= 65536);
      /* 141 GB of weights: two 80 GB parts, and two 141 GB ones too since
       * 141 · 0.9 = 126.9 GB usable is less than the 142.5 GB footprint */
      g_assert_cmpint (k->devices, ==, 2);
    }
  /* two 80 GB devices hold batch 2 at most; more devices free memory for a
   * larger batch and a lower cost per token, which best_* reports */
  for (int i = 0; i < 5; i++)
    {
      const RoofCandidate *k = &cand[i];
      if (!k->meets || !k->has_cost)
        continue;
      g_assert_cmpfloat (k->best_usd_per_mtok, <=, k->usd_per_mtok);
      g_assert_cmpint (k->best_devices, >=, k->devices);
      RoofWorkload w = wl;
      RoofResult r;
      w.devices = k->best_devices;
      w.batch = k->best_batch;
      g_assert_cmpint (roof_solve (hw[k->hardware_index], &md, &w, &r, &err), ==, ROOF_OK);
      g_assert_cmpfloat (r.t_step, <=, 0.050 * (1 + 1e-12));
      g_assert_true (r.fits);
      /* the candidate computes it from tokens/s: the same to rounding */
      assert_rel (r.usd_per_mtok, k->best_usd_per_mtok, 1e-12);
      if (k->hardware_index == 1) /* the H100-like part: batch 2 on two, far more on eight */
        {
          g_assert_cmpfloat (k->batch, ==, 2);
          g_assert_cmpint (k->best_devices, >, 2);
          g_assert_cmpfloat (k->best_usd_per_mtok, <, k->usd_per_mtok / 10);
        }
    }
  /* the unpriced device meets the SLA and ranks after every priced one,
   * the one that cannot run it comes last */
  g_assert_true (cand[3].meets);
  g_assert_false (cand[3].has_cost);
  g_assert_cmpint (cand[3].hardware_index, ==, 4);
  g_assert_cmpint (cand[4].hardware_index, ==, 3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solver/analysis/balance-dense", test_balance_dense);
  g_test_add_func ("/solver/analysis/balance-moe", test_balance_moe);
  g_test_add_func ("/solver/analysis/cost-components", test_cost_components);
  g_test_add_func ("/solver/analysis/crossover", test_crossover);
  g_test_add_func ("/solver/analysis/sensitivity", test_sensitivity_sum_and_ridge);
  g_test_add_func ("/solver/analysis/request-time", test_request_time);
  g_test_add_func ("/solver/analysis/breakdown-identity", test_breakdown_identity);
  g_test_add_func ("/solver/analysis/breakdown-rows", test_breakdown_rows);
  g_test_add_func ("/solver/analysis/sweep-and-fit", test_sweep_and_fit);
  g_test_add_func ("/solver/analysis/synthesis-ranking", test_synthesis_ranking);
  return g_test_run ();
}
