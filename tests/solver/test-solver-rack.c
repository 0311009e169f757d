/* test-solver-rack.c — collectives, layouts and the rack-scale vectors of docs/model.md
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected value is computed by hand in the comment next to it, from
 * the formulas of docs/model.md ("Collectives", "Layouts", "Rack scale"),
 * never by calling the code under test twice.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "roof-solver.h"
#include "solver-fixtures.h"

/* 1 TFLOP/s bf16, 1 TB/s, 1000 GB, a 100 GB/s link with 1 µs per hop */
static RoofHardwareParams
unit_device (void)
{
  RoofHardwareParams hw;
  roof_hardware_init (&hw);
  hw.peak_flops[ROOF_PREC_BF16] = 1e12;
  hw.mem_bw = 1e12;
  hw.mem_capacity = 1000e9;
  hw.link_bw = 100e9;
  hw.link_latency = 1e-6;
  return hw;
}

static RoofModelParams
tiny_moe (void)
{
  RoofModelParams m = tiny ();
  m.experts = 8;
  m.experts_per_token = 2;
  m.expert_ffn = 32;
  m.ffn = 0;
  return m;
}

static double
coll (const RoofHardwareParams *hw, RoofCollectiveOp op, double n, double stride, double bytes)
{
  double t = 0;
  RoofError err = { 0 };
  if (roof_collective_time (hw, op, n, stride, bytes, &t, &err) != ROOF_OK)
    g_error ("collective: %s", err.message);
  return t;
}

/* ---------------------------------------------------------------------- */
/* Issue 12, error 1: MLA decodes absorbed                                 */

static void
test_mla_h200 (void)
{
  /* deepseek-v3 on 8 H200 (fp8 1,978.9 TFLOP/s, 4.8 TB/s, 450 GB/s links),
   * B = 1, S = 4096, fp8: attention = 61 · 4096 · 278,528
   * = 69,591,891,968 FLOP (the expanded form gave 61 · 4096 · 81,920 =
   * 20,468,203,520, the 20.47 GFLOP of the issue) */
  RoofHardwareParams hw;
  roof_hardware_init (&hw);
  hw.peak_flops[ROOF_PREC_FP8] = 1978.9e12;
  hw.mem_bw = 4.8e12;
  hw.mem_capacity = 143771.0 * 1048576.0;
  hw.link_bw = 450e9;
  hw.link_latency = 1e-6;
  RoofModelParams m = deepseek_v3 ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.devices = 8;
  wl.context = 4096;
  wl.weights = wl.kv = wl.compute = ROOF_PREC_FP8;
  g_assert_cmpfloat (solve (&hw, &md, &wl).flop_attention, ==, 69591891968.0);
}

/* ---------------------------------------------------------------------- */
/* Issue 12, error 4: collectives per fabric                               */

static void
test_collectives (void)
{
  /* one all-reduce of B · d · b_a = 1 · 7168 · 2 = 14,336 B among 72 GPUs
   * at β = 900 GB/s, λ = 1 µs */
  RoofHardwareParams hw = gb200_nvl72 ();
  double M = 14336;

  /* ring: 2·71/72 · 14336 / 9e11 + 2·71 · 1e-6 = 31.4 ns + 142 µs
   * = 142.0314 µs; × 2 · 61 all-reduces = 17.33 ms per step: the issue's
   * 17 ms */
  hw.collective = ROOF_COLLECTIVE_RING;
  assert_rel (coll (&hw, ROOF_COLL_ALL_REDUCE, 72, 1, M), 1.4203141530864e-4, 1e-12);
  assert_rel (122 * coll (&hw, ROOF_COLL_ALL_REDUCE, 72, 1, M), 17.32783266765e-3, 1e-11);
  /* double binary tree: the same bandwidth term, 2 · ceil(log2 72) = 14
   * latency steps: 31.4 ns + 14 µs = 14.031415 µs */
  hw.collective = ROOF_COLLECTIVE_TREE;
  assert_rel (coll (&hw, ROOF_COLL_ALL_REDUCE, 72, 1, M), 1.4031415308642e-5, 1e-12);
  /* NVLS: M / β up and back, one hop each way: 15.93 ns + 2 µs */
  hw.collective = ROOF_COLLECTIVE_SWITCH;
  assert_rel (coll (&hw, ROOF_COLL_ALL_REDUCE, 72, 1, M), 2.0159288888889e-6, 1e-12);
  /* all-to-all on the switch: 71/72 · M / β + λ = 1.0157077 µs */
  assert_rel (coll (&hw, ROOF_COLL_ALL_TO_ALL, 72, 1, M), 1.0157076543210e-6, 1e-12);

  /* full mesh of 8 (Infinity Fabric: 7 links, 448 GB/s per direction in
   * all): 8 members use every link, 2·7/8 · M / 448e9 + 2 µs = 2.056 µs;
   * 2 members use one link of 64 GB/s: 2·1/2 · M / 64e9 + 2 µs = 2.224 µs */
  RoofHardwareParams mesh = gb200_nvl72 ();
  mesh.scaleup_size = 8;
  mesh.topology = ROOF_TOPOLOGY_MESH;
  mesh.collective = ROOF_COLLECTIVE_RING;
  mesh.link_bw = 448e9;
  assert_rel (coll (&mesh, ROOF_COLL_ALL_REDUCE, 8, 1, M), 2.056e-6, 1e-12);
  assert_rel (coll (&mesh, ROOF_COLL_ALL_REDUCE, 2, 1, M), 2.224e-6, 1e-12);
  /* all-to-all among 8: 7/8 · M / 448e9 + 1 µs = 1.028 µs */
  assert_rel (coll (&mesh, ROOF_COLL_ALL_TO_ALL, 8, 1, M), 1.028e-6, 1e-12);

  /* 2-D torus of 16 (4 × 4), 400 GB/s per chip and direction: rings per
   * dimension, 2 · (3 + 3) latency steps: 2·15/16 · M / 4e11 + 12 µs =
   * 12.0672 µs; all-to-all hop-bytes 2 · floor(16/4)/4 = 2 M over β plus
   * the diameter 2 + 2 hops: 2 · 14336 / 4e11 + 4 µs = 4.07168 µs */
  RoofHardwareParams torus = mesh;
  torus.scaleup_size = 256;
  torus.topology = ROOF_TOPOLOGY_TORUS;
  torus.link_bw = 400e9;
  assert_rel (coll (&torus, ROOF_COLL_ALL_REDUCE, 16, 1, M), 1.20672e-5, 1e-12);
  assert_rel (coll (&torus, ROOF_COLL_ALL_TO_ALL, 16, 1, M), 4.07168e-6, 1e-12);

  /* 16 GPUs over two 8-GPU switched nodes (ring inside), 50 GB/s scale-out
   * per GPU, 5 µs: inside 2·7/8 · M / 9e11 + 14 µs, across a ring of 2 on
   * each GPU's M/8 shard: 2·1/2 · 1792 / 5e10 + 2 · 5 µs; sum 24.06372 µs */
  RoofHardwareParams two = gb200_nvl72 ();
  two.scaleup_size = 8;
  two.collective = ROOF_COLLECTIVE_RING;
  two.scaleout_bw = 50e9;
  two.scaleout_latency = 5e-6;
  assert_rel (coll (&two, ROOF_COLL_ALL_REDUCE, 16, 1, M), 2.4063715555556e-5, 1e-12);
  /* p2p between domains: M / 5e10 + 5 µs = 5.28672 µs; inside: M / 9e11 + 1 µs */
  assert_rel (coll (&two, ROOF_COLL_P2P, 2, 8, M), 5.28672e-6, 1e-12);
  assert_rel (coll (&two, ROOF_COLL_P2P, 2, 1, M), 1e-6 + 14336.0 / 9e11, 1e-12);

  /* a group beyond the domain without a scale-out network: an error */
  RoofError err = { 0 };
  double t;
  two.scaleout_bw = 0;
  g_assert_cmpint (roof_collective_time (&two, ROOF_COLL_ALL_REDUCE, 16, 1, M, &t, &err), ==,
                   ROOF_ERR_UNSUPPORTED);
  g_assert_nonnull (strstr (err.message, "scaleout_bw"));
}

/* ---------------------------------------------------------------------- */
/* Layouts                                                                 */

static void
test_ep_data_attention (void)
{
  /* tiny MoE (E = 8, k = 2, expert 3·64·32 = 6,144 params), EP 2, TP 1,
   * data-parallel attention, B = 4, S = 10, bf16, unit device */
  RoofHardwareParams hw = unit_device ();
  RoofModelParams m = tiny_moe ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.batch = 4;
  wl.context = 10;
  wl.ep = 2;

  RoofResult r = solve (&hw, &md, &wl);
  /* replica FLOP: linear 2 · 4 · (2 · (12,288 + 512 + 2 · 6,144) + 6,400)
   * = 452,608; attention 4 · 4 · 16 · 4 · 20 = 20,480 */
  g_assert_cmpfloat (r.flop, ==, 473088.0);
  /* the busiest rank: ceil(4/2) = 2 of the 4 sequences (share 1/2), 4 of
   * the 8 experts (load 1/2): (473,088 − 196,608) / 2 + 196,608 / 2 =
   * 236,544 FLOP, routed 2 · 4 · 2 · 2 · 6,144 = 196,608 */
  assert_rel (r.t_compute, 236544e-12, 1e-12);
  /* its bytes: the non-expert weights 2 · 32,320 = 64,640 (every rank holds
   * attention), its experts 4 · (1 − (6/8)^4) = 2.734375 per layer:
   * 2 · 2 · 6,144 · 2.734375 = 67,200; KV 2 · 4 · (64 · 20 + 128) = 11,264,
   * activations 2 · 4 · 2,484 = 19,872 of which routed 2 · 4 · 2 · 576 =
   * 9,216: (11,264 + 19,872 − 9,216) / 2 + 9,216 / 2 = 15,568 */
  assert_rel (r.t_memory_weights, 131840e-12, 1e-12);
  assert_rel (r.t_memory, 147408e-12, 1e-12);
  /* dispatch and combine per MoE layer: 2 tokens · k 2 · 64 · 2 B = 512 B
   * each, 1/2 · 512 / 1e11 + 1 µs = 1.00256 µs, × 2 × 2 layers */
  assert_rel (r.t_comm_all_to_all, 4.01024e-6, 1e-12);
  g_assert_cmpfloat (r.t_comm_all_reduce, ==, 0.0);
  assert_rel (r.t_step, 236544e-12 + 4.01024e-6, 1e-12);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_COMMUNICATION);
  /* the replica reads attention twice and 8 · (1 − 0.75^4) = 5.46875
   * experts per layer: 2 · 64,640 + 2 · 2 · 6,144 · 5.46875 = 263,680 */
  assert_rel (r.bytes_weights, 263680.0, 1e-12);
  g_assert_cmpfloat (r.devices, ==, 2);
  /* memory of the busiest device: non-expert 2 · (137,024 − 98,304) =
   * 77,440, its 4 experts 2 · 2 · 4 · 6,144 = 98,304, half of the KV
   * 4 · 1280 · 128 · 2 = 1,310,720 and workspace 2 · (4 · 640 + 4 · 100) =
   * 5,920: 175,744 + 658,320 = 834,064 */
  assert_rel (r.footprint_device, 834064.0, 1e-12);

  /* attention tensor-parallel over the EP group instead: 1/2 of everything
   * but the routed experts, and the non-expert weights split too:
   * 32,320 + 67,200 = 99,520 B; two all-reduces per layer over 2 devices of
   * 4 · 64 · 2 = 512 B: 2 · 1/2 · 512 / 1e11 + 2 µs, × 4; no all-to-all */
  wl.attn_parallel = ROOF_ATTN_PARALLEL_TENSOR;
  r = solve (&hw, &md, &wl);
  assert_rel (r.t_memory_weights, 99520e-12, 1e-12);
  assert_rel (r.t_comm_all_reduce, 4 * 2.00512e-6, 1e-12);
  g_assert_cmpfloat (r.t_comm_all_to_all, ==, 0.0);
}

static void
test_pipeline (void)
{
  /* tiny dense model, B = 3, S = 10 (test-solver-vectors tiny-decode:
   * 496,128 FLOP, 183,384 B of which 160,896 weights), PP 2 */
  RoofHardwareParams hw = unit_device ();
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.batch = 3;
  wl.context = 10;
  wl.pp = 2;
  wl.microbatches = 1;

  /* one microbatch: each stage does half the layers, one after the other:
   * the token's latency is the sum over stages = the unpipelined time,
   * and each device idles half the step (bubble 1 − 1/2); one transfer of
   * 3 · 64 · 2 = 384 B: 384 / 1e11 + 1 µs */
  RoofResult r = solve (&hw, &md, &wl);
  assert_rel (r.t_compute, 496128e-12, 1e-12);
  assert_rel (r.t_memory, 183384e-12, 1e-12);
  assert_rel (r.t_comm_p2p, 1.00384e-6, 1e-12);
  assert_rel (r.t_step, 496128e-12 + 1.00384e-6, 1e-12);
  assert_rel (r.bubble, 0.5, 1e-15);
  /* MFU: 496,128 / (1.499968 µs · 2 · 1e12) = 0.16538 */
  assert_rel (r.mfu, 496128.0 / (1.499968e-6 * 2e12), 1e-12);

  /* two microbatches of 1.5: no bubble; each stage runs both, 2 rounds of
   * a half-model on half the batch: compute 2 · 248,064 · 1/2 = 248,064
   * FLOP-time; memory reads the weights once per microbatch:
   * 2 · (160,896 + 22,488 / 2) / 2 = 172,140; transfer 192 B */
  wl.microbatches = 2;
  r = solve (&hw, &md, &wl);
  assert_rel (r.t_compute, 248064e-12, 1e-12);
  assert_rel (r.t_memory, 172140e-12, 1e-12);
  assert_rel (r.t_comm_p2p, 1.00192e-6, 1e-12);
  g_assert_cmpfloat (r.bubble, ==, 0.0);
  assert_rel (r.bytes_weights, 2 * 160896.0, 1e-12);

  /* prefill fills and drains the pipe: m + pp − 1 = 3 rounds, bubble 1/3 */
  wl.phase = ROOF_PHASE_PREFILL;
  r = solve (&hw, &md, &wl);
  assert_rel (r.rounds, 3.0, 1e-15);
  assert_rel (r.bubble, 1.0 / 3.0, 1e-15);
}

static void
test_data_parallel (void)
{
  /* DP 3: three replicas triple the tokens and the price, not the cost per
   * token or the latency */
  RoofHardwareParams hw = unit_device ();
  hw.has_price = true;
  hw.price_per_hour = 3.6;
  hw.power_w = 500;
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.batch = 3;
  wl.context = 10;
  RoofResult one = solve (&hw, &md, &wl);
  wl.dp = 3;
  RoofResult r = solve (&hw, &md, &wl);
  g_assert_cmpfloat (r.t_step, ==, one.t_step);
  assert_rel (r.tokens_per_s_total, 3 * one.tokens_per_s, 1e-15);
  g_assert_cmpfloat (r.devices_total, ==, 3);
  assert_rel (r.usd_per_s, 3 * 1e-3, 1e-15);
  assert_rel (r.usd_per_mtok, one.usd_per_mtok, 1e-15);
  /* 3 / 496,128 ps = 6.0468e6 tokens/s per device, per 0.5 kW */
  assert_rel (r.tokens_per_s_per_device, 3.0 / 496128e-12, 1e-12);
  assert_rel (r.tokens_per_s_per_kw, 3.0 / 496128e-12 / 0.5, 1e-12);
}

static void
test_layout_validation (void)
{
  RoofHardwareParams hw = unit_device ();
  RoofModelParams dense = tiny (), moe = tiny_moe ();
  RoofModelDerived mdd = derive (&dense), mdm = derive (&moe);
  RoofWorkload wl;
  RoofResult r;
  RoofError err = { 0 };
  roof_workload_init (&wl);

  wl.ep = 2; /* on a dense model */
  g_assert_cmpint (roof_solve (&hw, &mdd, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "ep = 2"));
  wl.ep = 16; /* more ranks than the 8 experts */
  g_assert_cmpint (roof_solve (&hw, &mdm, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "moe.experts"));
  wl.ep = 1.5;
  g_assert_cmpint (roof_solve (&hw, &mdm, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "ep"));
  wl.ep = 0;
  wl.pp = 3; /* 2 layers */
  g_assert_cmpint (roof_solve (&hw, &mdd, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "pp = 3"));
  wl.pp = 0;
  wl.ep_imbalance = 0.5;
  g_assert_cmpint (roof_solve (&hw, &mdm, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "ep_imbalance"));
  wl.ep_imbalance = 0;

  /* a fabric without bandwidth */
  wl.ep = 2;
  hw.link_bw = 0;
  g_assert_cmpint (roof_solve (&hw, &mdm, &wl, &r, &err), ==, ROOF_ERR_UNSUPPORTED);
  g_assert_nonnull (strstr (err.message, "link_bw"));
  hw.link_bw = 100e9;
  wl.ep = 0;

  /* a layout larger than an 8-device system without scale-out */
  hw.scaleup_size = 8;
  wl.devices = 16;
  g_assert_cmpint (roof_solve (&hw, &mdd, &wl, &r, &err), ==, ROOF_ERR_UNSUPPORTED);
  g_assert_nonnull (strstr (err.message, "scaleout_bw"));
  /* with one, a group must fill whole domains */
  hw.scaleout_bw = 50e9;
  wl.devices = 12;
  g_assert_cmpint (roof_solve (&hw, &mdd, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "scaleup_size"));
  wl.devices = 16;
  g_assert_cmpint (roof_solve (&hw, &mdd, &wl, &r, &err), ==, ROOF_OK);
  /* pipeline stages of EP 6 on 8-device domains: the second stage
   * (devices 6–11) would straddle two domains */
  wl.devices = 1;
  wl.ep = 6;
  wl.pp = 2;
  g_assert_cmpint (roof_solve (&hw, &mdm, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "straddle"));
  wl.ep = 4; /* stages of 4 tile the domains of 8 */
  g_assert_cmpint (roof_solve (&hw, &mdm, &wl, &r, &err), ==, ROOF_OK);
  wl.ep = 0;
  wl.pp = 0;

  /* in-network reduction needs a switch */
  hw.topology = ROOF_TOPOLOGY_MESH;
  hw.collective = ROOF_COLLECTIVE_SWITCH;
  wl.devices = 2;
  g_assert_cmpint (roof_solve (&hw, &mdd, &wl, &r, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "collective"));
}

/* roof_layout_fit: one case per rule, each with the numbers its message
 * needs. tiny () has 2 layers, tiny_moe () 8 routed experts. */
static void
test_layout_fit (void)
{
  RoofHardwareParams hw = unit_device ();
  RoofModelParams dense = tiny (), moe = tiny_moe ();
  RoofModelDerived mdd = derive (&dense), mdm = derive (&moe);
  RoofWorkload wl;
  RoofLayoutFit fit;
  roof_workload_init (&wl);

  /* 0 means 1 */
  g_assert_cmpfloat (roof_layout_size (0.0), ==, 1.0);
  g_assert_cmpfloat (roof_layout_size (4.0), ==, 4.0);

  /* one device fits anything: ep = pp = 0 read as 1, replica 1 · 1 · 1 */
  g_assert_cmpint (roof_layout_fit (&hw, &mdd, &wl, &fit), ==, ROOF_LAYOUT_FITS);
  g_assert_cmpfloat (fit.ep, ==, 1.0);
  g_assert_cmpfloat (fit.replica, ==, 1.0);

  /* EP 2 on the dense model, with or without a device */
  wl.ep = 2;
  g_assert_cmpint (roof_layout_fit (NULL, &mdd, &wl, &fit), ==, ROOF_LAYOUT_EP_DENSE);
  g_assert_cmpfloat (fit.ep, ==, 2.0);
  g_assert_cmpint (roof_layout_fit (&hw, &mdd, &wl, &fit), ==, ROOF_LAYOUT_EP_DENSE);

  /* EP 16 over the 8 routed experts */
  wl.ep = 16;
  g_assert_cmpint (roof_layout_fit (NULL, &mdm, &wl, &fit), ==, ROOF_LAYOUT_EP_EXPERTS);
  g_assert_cmpfloat (fit.ep, ==, 16.0);
  g_assert_cmpfloat (fit.experts, ==, 8.0);
  wl.ep = 8; /* one expert a device */
  g_assert_cmpint (roof_layout_fit (NULL, &mdm, &wl, &fit), ==, ROOF_LAYOUT_FITS);
  wl.ep = 0;

  /* PP 3 over 2 layers */
  wl.pp = 3;
  g_assert_cmpint (roof_layout_fit (NULL, &mdd, &wl, &fit), ==, ROOF_LAYOUT_PP_LAYERS);
  g_assert_cmpfloat (fit.pp, ==, 3.0);
  g_assert_cmpfloat (fit.layers, ==, 2.0);
  wl.pp = 2;
  g_assert_cmpint (roof_layout_fit (NULL, &mdd, &wl, &fit), ==, ROOF_LAYOUT_FITS);
  wl.pp = 0;

  /* TP 4 × EP 4 = 16 devices on domains of 8 without scale-out */
  hw.scaleup_size = 8;
  wl.devices = 4;
  wl.ep = 4;
  g_assert_cmpint (roof_layout_fit (&hw, &mdm, &wl, &fit), ==, ROOF_LAYOUT_NO_SCALEOUT);
  g_assert_cmpfloat (fit.replica, ==, 16.0);
  g_assert_cmpint (fit.scaleup_size, ==, 8);
  /* the model alone takes it */
  g_assert_cmpint (roof_layout_fit (NULL, &mdm, &wl, &fit), ==, ROOF_LAYOUT_FITS);

  /* TP 2 × EP 4 = 8 devices within the domain of 8, no link bandwidth */
  wl.devices = 2;
  hw.link_bw = 0;
  g_assert_cmpint (roof_layout_fit (&hw, &mdm, &wl, &fit), ==, ROOF_LAYOUT_NO_FABRIC);
  g_assert_cmpfloat (fit.replica, ==, 8.0);
  hw.link_bw = 100e9;
  g_assert_cmpint (roof_layout_fit (&hw, &mdm, &wl, &fit), ==, ROOF_LAYOUT_FITS);

  /* roof_layout_validate's: with scale-out, TP 12 = 12 devices over
   * domains of 8 fills neither one domain nor two */
  hw.scaleout_bw = 50e9;
  wl.ep = 0;
  wl.devices = 12;
  g_assert_cmpint (roof_layout_fit (&hw, &mdd, &wl, &fit), ==, ROOF_LAYOUT_VALIDATE);
  g_assert_cmpint (fit.status, ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (fit.err.message, "scaleup_size"));
  wl.devices = 16; /* two whole domains */
  g_assert_cmpint (roof_layout_fit (&hw, &mdd, &wl, &fit), ==, ROOF_LAYOUT_FITS);
}

static void
test_synthesis_on_a_system (void)
{
  /* the tiny model's 173,696 B of weights on 40 kB devices need 8 of them
   * (ceil(173,696 / 36,000) = 5 → TP 8); a 4-device domain without a
   * scale-out network cannot hold that: the reason says so */
  RoofHardwareParams hw = unit_device ();
  hw.mem_capacity = 40e3;
  hw.scaleup_size = 4;
  hw.has_price = true;
  hw.price_per_hour = 1;
  const RoofHardwareParams *list[] = { &hw };
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofSla sla;
  RoofCandidate c;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  wl.context = 10;
  wl.prompt = 8;
  wl.output = 2;
  roof_sla_init (&sla);
  sla.itl = 1.0;
  g_assert_cmpint (roof_synthesize (list, 1, &md, &wl, &sla, &c, &err), ==, ROOF_OK);
  g_assert_false (c.meets);
  g_assert_nonnull (strstr (c.reason, "scale-up domain"));
  /* with a scale-out network it runs on two domains */
  hw.scaleout_bw = 50e9;
  hw.scaleout_latency = 5e-6;
  g_assert_cmpint (roof_synthesize (list, 1, &md, &wl, &sla, &c, &err), ==, ROOF_OK);
  g_assert_true (c.meets);
  g_assert_cmpint (c.devices, ==, 8);
}

/* ---------------------------------------------------------------------- */
/* Issue 12, error 3: the binding term at every batch                       */

static void
test_balance_names_communication (void)
{
  /* Llama 3.1 70B on 8 H100-like devices with 10 µs per hop: at context 512
   * compute and memory balance near B = 498 (test-solver-analysis), but 160
   * ring all-reduces of 2·7/8 · B · 16,384 B / 450e9 + 140 µs take 27 ms
   * there against 8.9 ms of compute: communication binds, and the balance
   * says so */
  RoofHardwareParams hw;
  roof_hardware_init (&hw);
  hw.peak_flops[ROOF_PREC_BF16] = 989.4e12;
  hw.mem_bw = 3.35e12;
  hw.mem_capacity = 80e9;
  hw.link_bw = 450e9;
  hw.link_latency = 10e-6;
  hw.has_price = true;
  hw.price_per_hour = 3.6;
  RoofModelParams m;
  roof_model_init (&m);
  m.layers = 80;
  m.hidden = 8192;
  m.heads = 64;
  m.kv_heads = 8;
  m.head_dim = 128;
  m.ffn = 28672;
  m.vocab = 128256;
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofBalance bal;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  wl.context = 512;
  wl.devices = 8;

  g_assert_cmpint (roof_balance_batch (&hw, &md, &wl, &bal, &err), ==, ROOF_OK);
  g_assert_false (bal.never);
  g_assert_cmpint (bal.bound, ==, ROOF_BOUND_COMMUNICATION);
  g_assert_true (bal.comm_dominates);
  /* compute overtakes communication only where its 17.8 µs per sequence
   * (141.8 GFLOP / 7.915 PFLOP/s) outgrows the all-reduces' 10.2 µs per
   * sequence plus their 22.4 ms of latency: B ≈ 22.4 ms / 7.6 µs ≈ 2,950 */
  g_assert_false (bal.compute_bound_never);
  g_assert_cmpfloat (bal.compute_bound_batch, >, 2500);
  g_assert_cmpfloat (bal.compute_bound_batch, <, 3500);
  RoofResult r;
  wl.batch = bal.compute_bound_batch * 1.001;
  r = solve (&hw, &md, &wl);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_COMPUTE);
  wl.batch = bal.compute_bound_batch * 0.999;
  r = solve (&hw, &md, &wl);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_COMMUNICATION);

  /* the cost split: communication is its own term, not in the fixed part */
  RoofCostPoint p;
  g_assert_cmpint (roof_cost_point (&hw, &md, &wl, bal.batch, &p, &err), ==, ROOF_OK);
  g_assert_cmpint (p.bound, ==, ROOF_BOUND_COMMUNICATION);
  g_assert_cmpfloat (p.fixed, ==, 0.0);
  g_assert_cmpfloat (p.comm, >, fmax (p.compute, p.weights + p.kv));
  assert_rel (p.total, fmax (p.weights + p.kv, p.compute) + p.comm + p.fixed, 1e-12);
}

/* ---------------------------------------------------------------------- */
/* Rack scale: the example and the lecture note's claims            */

/* DeepSeek-V3 at EP 72 (TP 1) on fp8 weights, KV and compute, bf16
 * activations, context 1 */
static RoofWorkload
ep72 (double batch)
{
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.weights = wl.kv = wl.compute = ROOF_PREC_FP8;
  wl.batch = batch;
  wl.context = 1;
  wl.ep = 72;
  return wl;
}

static void
test_nvl72_deepseek_ep72 (void)
{
  /* docs/model.md, "Worked example: DeepSeek-V3 on a GB200 NVL72": EP 72,
   * TP 1, data-parallel attention, fp8 weights, KV and compute, bf16
   * activations, B = 1, S = 1 */
  RoofHardwareParams hw = gb200_nvl72 ();
  RoofModelParams m = deepseek_v3 ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = ep72 (1);

  RoofResult r = solve (&hw, &md, &wl);
  /* the GPU holding the sequence reads every non-routed weight:
   * (671,026,404,352 − 129,280 · 7,168 − 58 · 256 · 44,040,192) · 671e9 /
   * 671,026,404,352 = 16,190,317,395 B, and one routed expert per MoE
   * layer: 58 · 44,040,192 · 0.99996065 = 2,554,230,625 B; KV 70,272 B;
   * activations 2 · (37,716,736 − 12,828,672 · 7/8) = 52,983,296 B (the
   * routed experts' once, not k times): 18,797,601,588 B / 8 TB/s =
   * 2.349700 ms */
  assert_rel (r.t_memory, 2.34970019850e-3, 1e-9);
  assert_rel (r.t_memory_weights, (16190317394.898 + 2554230625.114) / 8e12, 1e-9);
  /* compute: 36,954,202,863 FLOP / 5 PFLOP/s = 7.39 µs */
  assert_rel (r.t_compute, 7.390840572582e-6, 1e-9);
  /* dispatch and combine: 8 copies of 7168 · 2 B = 114,688 B out of the
   * busiest GPU, 71/72 · 114,688 / 9e11 + 1 µs = 1.125663 µs, × 2 × 58 */
  assert_rel (r.t_comm_all_to_all, 0.13057670320988e-3, 1e-9);
  g_assert_cmpfloat (r.t_comm_all_reduce, ==, 0.0);
  /* step: 2.349700 + 0.130577 = 2.480277 ms, against 17.3 ms for TP over
   * 72 with a ring */
  assert_rel (r.t_step, 2.4802769017114e-3, 1e-9);
  g_assert_cmpint (r.bound, ==, ROOF_BOUND_MEMORY);
  g_assert_true (r.fits);
}

static void
test_seed_weight_floor (void)
{
  /* the note: "latency ≥ N · bytes / mem_bw". 671e9 B of fp8 weights over
   * 72 · 8 TB/s = 576 TB/s is 1.1649 ms: a floor only if every GPU streams
   * just its 1/72 of the weights. Tensor-parallel attention over the 72
   * (no replicated part) and large B (every expert read): the busiest GPU
   * reads 16,190,317,395 / 72 + 4 · 58 · 44,038,459 (ceil(256/72) = 4
   * experts) = 224,865,519 + 10,216,922,500 B = 10.4418 GB: 1.3052 ms of
   * weights at 8 TB/s; the uneven 4-vs-3.56 expert split costs 12 % over
   * the note's floor. */
  RoofHardwareParams hw = gb200_nvl72 ();
  RoofModelParams m = deepseek_v3 ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl = ep72 (4096);
  wl.attn_parallel = ROOF_ATTN_PARALLEL_TENSOR;
  RoofResult r = solve (&hw, &md, &wl);
  assert_rel (r.t_memory_weights, (16190317394.898 / 72 + 4 * 58 * 44038459.0537) / 8e12, 1e-9);
  assert_rel (671e9 / (72 * 8e12), 1.1649305555556e-3, 1e-12);
  g_assert_cmpfloat (r.t_memory_weights, >, 1.12 * 1.1649e-3);
}

static void
test_seed_balance_sparsity (void)
{
  /* the note: balance at "B ≥ 300 · (A/N)". Equating weight reads N · b_w / β
   * with compute 2 · B · A / Π gives B* = (Π/β) · (N/A) · b_w / 2: the ridge
   * divided by the sparsity A/N, not multiplied (its own example, 1/8 →
   * ~2400, is 300 × 8). The whole rack as one device (72 · 5 PFLOP/s fp8,
   * 72 · 8 TB/s: ridge 625), DeepSeek-V3 at fp8, S = 0, every expert read
   * (1 − (31/32)^B = 1 at these B): N = (671,026,404,352 − 926,679,040) ·
   * 671e9/671,026,404,352 = 670.0734e9 parameters read, A = 36,624,596,992
   * · 37e9/37,552,282,624 = 36.0860e9 matmul parameters per token:
   * 625 · 670.0734 / 36.0860 / 2 = 5,803 before the bytes that grow with B;
   * with them (activations 2 · 37,716,736 + KV 35,136 = 75,468,608 B per
   * sequence): B* = (670.0734e9 / 576e12) / (72.1719e9 / 360e15 −
   * 75.4686e6 / 576e12) = 16,749 */
  RoofHardwareParams hw;
  roof_hardware_init (&hw);
  hw.peak_flops[ROOF_PREC_FP8] = 72 * 5e15;
  hw.mem_bw = 72 * 8e12;
  hw.mem_capacity = 72 * 186e9;
  RoofModelParams m = deepseek_v3 ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofBalance bal;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  wl.weights = wl.kv = wl.compute = ROOF_PREC_FP8;
  wl.context = 0;
  g_assert_cmpint (roof_balance_batch (&hw, &md, &wl, &bal, &err), ==, ROOF_OK);
  g_assert_false (bal.never);
  double N = (671026404352.0 - 926679040.0) * (671e9 / 671026404352.0);
  double A = 2.0 * 36624596992.0 * (37e9 / 37552282624.0);
  double k = 2.0 * 37716736.0 + 35136.0;
  assert_rel (bal.batch, (N / 576e12) / (A / 360e15 - k / 576e12), 1e-6);
  assert_rel (bal.batch, 16749.13, 1e-6);
  assert_rel (625.0 * N / A, 5802.75, 1e-6);
}

/* ---------------------------------------------------------------------- */
/* Enumeration                                                             */

typedef struct
{
  const RoofHardwareParams *hw;
  const RoofModelDerived *md;
  RoofWorkload wl;
  long n;
  double last_tp, last_ep, last_pp, last_batch;
  int layouts_seen;
  int with_ep72;
} EnumCheck;

static bool
check_point (const RoofLayoutPoint *p, void *user)
{
  EnumCheck *c = user;
  RoofWorkload w = c->wl;
  RoofResult d, f;
  RoofError err = { 0 };

  w.devices = p->tp;
  w.ep = p->ep;
  w.pp = p->pp;
  w.dp = p->dp;
  w.microbatches = p->pp;
  w.batch = p->batch;
  g_assert_cmpint (roof_solve (c->hw, c->md, &w, &d, &err), ==, ROOF_OK);
  w.phase = ROOF_PHASE_PREFILL;
  g_assert_cmpint (roof_solve (c->hw, c->md, &w, &f, &err), ==, ROOF_OK);
  /* the enumeration is roof_solve, to rounding */
  assert_rel (p->itl_s, d.t_step, 1e-12);
  assert_rel (p->ttft_s, f.t_step, 1e-12);
  assert_rel (p->tokens_per_s, d.tokens_per_s_total, 1e-12);
  assert_rel (p->usd_per_mtok, d.usd_per_mtok, 1e-12);
  assert_rel (p->tokens_per_s_per_kw, d.tokens_per_s_per_kw, 1e-12);
  g_assert_cmpint (p->bound, ==, d.bound);
  g_assert_true (d.fits && p->fits);
  g_assert_cmpint (p->meets, ==, d.t_step <= 0.050 && f.t_step <= 1.0);
  g_assert_cmpfloat (p->devices + p->devices_idle, ==, 8);
  if (p->batch == 1)
    {
      c->layouts_seen++;
      if (p->ep * p->tp == 8)
        c->with_ep72++;
    }
  else
    g_assert_cmpfloat (p->batch, ==, c->last_batch + 1);
  c->last_batch = p->batch;
  c->n++;
  return true;
}

static void
test_enumerate_matches_solve (void)
{
  /* tiny MoE on an 8-device switched system: every point the enumeration
   * visits equals roof_solve at that layout and batch */
  RoofHardwareParams hw = unit_device ();
  hw.scaleup_size = 8;
  hw.has_price = true;
  hw.price_per_hour = 2;
  hw.power_w = 700;
  hw.mem_capacity = 2e6; /* small: batches stop where they no longer fit */
  RoofModelParams m = tiny_moe ();
  RoofModelDerived md = derive (&m);
  EnumCheck c = { &hw, &md, { 0 }, 0, 0, 0, 0, 0, 0, 0 };
  roof_workload_init (&c.wl);
  c.wl.context = 100;
  c.wl.prompt = 64;
  c.wl.output = 16;
  RoofLayoutSearch s;
  roof_layout_search_init (&s);
  s.max_batch = 64;
  s.itl = 0.050;
  s.ttft = 1.0;
  int n_layouts = 0;
  long n_points = 0;
  RoofError err = { 0 };
  g_assert_cmpint (roof_layouts_enumerate (&hw, &md, &c.wl, &s, check_point, &c, &n_layouts,
                                           &n_points, &err),
                   ==, ROOF_OK);
  /* tp ∈ {1, 2, 4} (4 heads), ep ∈ {1, 2, 4, 8} with tp·ep ≤ 8, pp ∈ {1, 2}
   * (2 layers) with tp·ep·pp ≤ 8: (1,1) 2, (1,2) 2, (1,4) 2, (1,8) 1,
   * (2,1) 2, (2,2) 2, (2,4) 1, (4,1) 2, (4,2) 1 = 15 layouts */
  g_assert_cmpint (n_layouts, ==, 15);
  g_assert_cmpint (c.layouts_seen, ==, 15);
  g_assert_cmpint (n_points, ==, c.n);
  g_assert_cmpint (c.n, >, 15);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solver/rack/mla-h200", test_mla_h200);
  g_test_add_func ("/solver/rack/collectives", test_collectives);
  g_test_add_func ("/solver/rack/ep-data-attention", test_ep_data_attention);
  g_test_add_func ("/solver/rack/pipeline", test_pipeline);
  g_test_add_func ("/solver/rack/data-parallel", test_data_parallel);
  g_test_add_func ("/solver/rack/layout-validation", test_layout_validation);
  g_test_add_func ("/solver/rack/layout-fit", test_layout_fit);
  g_test_add_func ("/solver/rack/synthesis-on-a-system", test_synthesis_on_a_system);
  g_test_add_func ("/solver/rack/balance-names-communication", test_balance_names_communication);
  g_test_add_func ("/solver/rack/nvl72-deepseek-ep72", test_nvl72_deepseek_ep72);
  g_test_add_func ("/solver/rack/seed-weight-floor", test_seed_weight_floor);
  g_test_add_func ("/solver/rack/seed-balance-sparsity", test_seed_balance_sparsity);
  g_test_add_func ("/solver/rack/enumerate-matches-solve", test_enumerate_matches_solve);
  return g_test_run ();
}
