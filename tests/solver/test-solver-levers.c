/* test-solver-levers.c — speculative decoding, disaggregated serving,
 * energy and ownership (docs/model.md), against hand-computed values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected value is the arithmetic in the test, from docs/model.md,
 * on the tiny model whose counts test-solver-vectors derives by hand:
 * P_mm 80,128 (decode), 73,728 per token in the layers and 6,400 in
 * lm_head, weights read 160,896 B, KV 64 elements per token and layer
 * (128 per token over the 2 layers), 2,340 activation elements per decode
 * token (2,176 in the layers, 164 in lm_head), all bf16.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "roof-levers.h"
#include "solver-fixtures.h"

static RoofHardwareParams
device (double tflops, double tbps)
{
  RoofHardwareParams hw;
  roof_hardware_init (&hw);
  hw.peak_flops[ROOF_PREC_BF16] = tflops * 1e12;
  hw.mem_bw = tbps * 1e12;
  hw.mem_capacity = 1000e9;
  return hw;
}

static void
test_tokens_per_step (void)
{
  /* (1 − α^(k+1)) / (1 − α) = 1 + α + … + α^k */
  assert_rel (roof_spec_tokens_per_step (3, 0.7), 1 + 0.7 + 0.49 + 0.343, 1e-15);
  assert_rel (roof_spec_tokens_per_step (3, 0.7), (1 - pow (0.7, 4)) / (1 - 0.7), 1e-14);
  g_assert_cmpfloat (fabs (roof_spec_tokens_per_step (3, 0.7) - 2.533), <, 1e-12);
  /* α = 0: only the verify step's own token */
  g_assert_cmpfloat (roof_spec_tokens_per_step (5, 0.0), ==, 1.0);
  /* α → 1: k + 1 */
  assert_rel (roof_spec_tokens_per_step (5, 1.0 - 1e-9), 6.0, 1e-8);
  assert_rel (roof_spec_tokens_per_step (1, 0.5), 1.5, 1e-15);
}

/* The verify step of k = 3 (4 tokens per sequence), B = 3, S = 10. */
static void
test_verify_step (void)
{
  RoofHardwareParams hw = device (1, 1);
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  roof_workload_init (&wl);
  wl.batch = 3;
  wl.context = 10;
  wl.step_tokens = 4;

  RoofResult r = solve (&hw, &md, &wl);
  g_assert_cmpfloat (r.tokens, ==, 12.0);
  /* linear 2 · 12 · 80,128; attention 4 · 12 tokens · 2 · 4 · 16 · 10 */
  g_assert_cmpfloat (r.flop_linear, ==, 2.0 * 12 * 80128);
  g_assert_cmpfloat (r.flop_attention, ==, 4.0 * 12 * 2 * 4 * 16 * 10);
  /* the same weights as a plain step */
  g_assert_cmpfloat (r.bytes_weights, ==, 160896.0);
  /* KV: the cache read once per sequence, 3 · 10 · 128 · 2 = 7,680, and
   * 4 tokens written per sequence, 3 · 4 · 128 · 2 = 3,072 */
  g_assert_cmpfloat (r.bytes_kv, ==, 7680.0 + 3072.0);
  /* activations: 12 tokens · 2,340 · 2 B */
  g_assert_cmpfloat (r.bytes_act, ==, 12.0 * 2340 * 2);
  assert_rel (r.t_compute, (1923072.0 + 61440.0) / 1e12, 1e-12);

  /* step_tokens 1 is the plain step */
  wl.step_tokens = 1;
  g_assert_cmpfloat (solve (&hw, &md, &wl).flop_linear, ==, 2.0 * 3 * 80128);
}

/* k = 3, α = 0.7, MTP heads of 10,000 parameters, on a memory-bound device
 * (1,000 TFLOP/s, 1 TB/s): t_verify = (160,896 + 10,752 + 56,160) B / 1 TB/s
 * = 0.227808 µs (compute 1.984512 µs / 1000 = 1.98 ns); a draft step reads
 * 20,000 B (20 ns; 60,000 FLOP is 0.06 ns); the plain step 183,384 B. */
static void
test_speculative_mtp (void)
{
  RoofHardwareParams hw = device (1000, 1);
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofSpecResult s;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  wl.batch = 3;
  wl.context = 10;
  hw.power_w = 500;
  hw.has_price = true;
  hw.price_per_hour = 3.6;

  RoofSpeculative spec = { .k = 3, .accept = 0.7, .drafter = ROOF_DRAFTER_MTP,
                           .mtp_params = 10000 };
  g_assert_cmpint (roof_speculative (&hw, &md, &wl, &spec, NULL, &s, &err), ==, ROOF_OK);
  double tps = 1 + 0.7 + 0.49 + 0.343;
  double t_v = 227808.0 / 1e12, t_d = 20000.0 / 1e12, cycle = t_v + 3 * t_d;
  assert_rel (s.tokens_per_step, tps, 1e-15);
  assert_rel (s.t_verify, t_v, 1e-12);
  assert_rel (s.t_draft, t_d, 1e-12);
  assert_rel (s.t_cycle, cycle, 1e-12);
  assert_rel (s.itl, cycle / tps, 1e-12);
  assert_rel (s.itl_plain, 183384.0 / 1e12, 1e-12);
  assert_rel (s.speedup, (183384.0 / 1e12) / (cycle / tps), 1e-12);
  assert_rel (s.tokens_per_s, 3 * tps / cycle, 1e-12);
  assert_rel (s.tokens_per_s_per_kw, 3 * tps / cycle / 0.5, 1e-12);
  /* $3.6/h = $0.001/s: 0.001 · cycle / (3 · tps) · 1e6 */
  assert_rel (s.usd_per_mtok, 0.001 * cycle / (3 * tps) * 1e6, 1e-12);
  g_assert_true (s.fits);
  /* the heads' 20,000 B beside the verify step's footprint */
  assert_rel (s.footprint_device, s.verify.footprint_device + 20000.0, 1e-12);
}

/* A catalog-like draft model (generic, 5,000 parameters, 10,000 FLOP per
 * sample): a draft step reads 10,000 B, 10 ns on 1 TB/s. */
static void
test_speculative_draft_model (void)
{
  RoofHardwareParams hw = device (1000, 1);
  RoofModelParams m = tiny (), dm = generic (5000, 10000);
  RoofModelDerived md = derive (&m), dd = derive (&dm);
  RoofWorkload wl;
  RoofSpecResult s;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  wl.batch = 3;
  wl.context = 10;

  RoofSpeculative spec = { .k = 2, .accept = 0.5, .drafter = ROOF_DRAFTER_MODEL };
  g_assert_cmpint (roof_speculative (&hw, &md, &wl, &spec, &dd, &s, &err), ==, ROOF_OK);
  /* verify at 3 tokens per sequence: weights 160,896, KV 7,680 + 3 · 3 · 256
   * = 2,304, activations 9 · 2,340 · 2 = 42,120 → 212,904 B */
  double t_v = (160896.0 + 7680 + 2304 + 42120) / 1e12, t_d = 10000.0 / 1e12;
  assert_rel (s.t_verify, t_v, 1e-12);
  assert_rel (s.t_draft, t_d, 1e-12);
  assert_rel (s.itl, (t_v + 2 * t_d) / 1.75, 1e-12);
  g_assert_false (s.has_cost);
  g_assert_false (s.has_power);
}

static void
expect_spec_error (double k, double accept, RoofDrafter d, double mtp, const char *words)
{
  RoofSpeculative spec = { .k = k, .accept = accept, .drafter = d, .mtp_params = mtp };
  RoofError err = { 0 };
  g_assert_cmpint (roof_speculative_validate (&spec, &err), ==, ROOF_ERR_INVALID);
  if (strstr (err.message, words) == NULL)
    g_error ("\"%s\" does not name \"%s\"", err.message, words);
}

static void
test_speculative_errors (void)
{
  expect_spec_error (0, 0.7, ROOF_DRAFTER_MTP, 1e9, "draft length k");
  expect_spec_error (-1, 0.7, ROOF_DRAFTER_MTP, 1e9, "draft length k");
  expect_spec_error (2.5, 0.7, ROOF_DRAFTER_MTP, 1e9, "draft length k");
  expect_spec_error (3, 1.0, ROOF_DRAFTER_MTP, 1e9, "acceptance");
  expect_spec_error (3, -0.1, ROOF_DRAFTER_MTP, 1e9, "acceptance");
  expect_spec_error (3, NAN, ROOF_DRAFTER_MTP, 1e9, "acceptance");
  expect_spec_error (3, 0.7, ROOF_DRAFTER_MTP, 0, "MTP parameters");

  /* a prefill, and a draft model missing */
  RoofHardwareParams hw = device (1, 1);
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofSpecResult s;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  RoofSpeculative spec = { .k = 3, .accept = 0.7, .drafter = ROOF_DRAFTER_MODEL };
  g_assert_cmpint (roof_speculative (&hw, &md, &wl, &spec, NULL, &s, &err), ==, ROOF_ERR_INVALID);
  wl.phase = ROOF_PHASE_PREFILL;
  g_assert_cmpint (roof_speculative (&hw, &md, &wl, &spec, &md, &s, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "decode"));
  /* step_tokens outside 1 … 1024 */
  wl.phase = ROOF_PHASE_DECODE;
  wl.step_tokens = 0.5;
  g_assert_cmpint (roof_workload_validate (&wl, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "step_tokens"));
}

/* The two pools of the disaggregated vectors: 1 TFLOP/s, 1 TB/s; the
 * prefill pool with 1 GB/s of scale-out and 2 µs at $2/h, the decode pool
 * with 0.5 GB/s and 1 µs at $3/h; 2 prompts per prefill step, B = 3,
 * S_in = 8, S_out = 4. */
static void
disagg_pools (RoofHardwareParams *p, RoofWorkload *pw, RoofHardwareParams *d, RoofWorkload *dw)
{
  *p = device (1, 1);
  *d = device (1, 1);
  p->scaleout_bw = 1e9;
  p->scaleout_latency = 2e-6;
  d->scaleout_bw = 0.5e9;
  d->scaleout_latency = 1e-6;
  p->has_price = d->has_price = true;
  p->price_per_hour = 2;
  d->price_per_hour = 3;
  roof_workload_init (pw);
  roof_workload_init (dw);
  pw->batch = 2;
  dw->batch = 3;
  dw->prompt = 8;
  dw->output = 4;
}

/* Disaggregated: S_in = 8, S_out = 4; prefill pool 2 prompts per step on
 * 1 TFLOP/s, 1 TB/s with 1 GB/s of scale-out and 2 µs; decode pool B = 3
 * on the same device with 0.5 GB/s and 1 µs. */
static void
test_disagg (void)
{
  RoofHardwareParams p, d;
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload pw, dw;
  RoofDisaggResult r;
  RoofError err = { 0 };
  disagg_pools (&p, &pw, &d, &dw);

  g_assert_cmpint (roof_disagg (&p, &pw, &d, &dw, &md, &r, &err), ==, ROOF_OK);
  /* KV of a request: 8 tokens · 128 elements · 2 B = 2,048 B over the
   * narrower replica's aggregate link, min (1 · 1 GB/s, 1 · 0.5 GB/s) (one
   * device per replica), plus the larger latency, 2 µs */
  g_assert_cmpfloat (r.kv_bytes, ==, 2048.0);
  g_assert_cmpfloat (r.link_bw, ==, 0.5e9);
  assert_rel (r.t_transfer, 2048.0 / 0.5e9 + 2e-6, 1e-12);
  /* prefill of 2 prompts of 8 (test-solver-vectors' tiny-prefill):
   * 2,384,896 + 32,768 FLOP at 1 TFLOP/s, compute-bound */
  double t_pre = (2384896.0 + 32768.0) / 1e12;
  assert_rel (r.t_prefill, t_pre, 1e-12);
  assert_rel (r.ttft, t_pre + 2048.0 / 0.5e9 + 2e-6, 1e-12);
  /* decode at the mean context 8 + 3/2 = 9.5: 480,768 + 4 · 3 · 2 · 4 · 16
   * · 9.5 = 495,360 FLOP (compute-bound: 183,000 B) */
  double itl = 495360.0 / 1e12;
  assert_rel (r.itl, itl, 1e-12);
  double pre = 2 / t_pre, dec = 3 / (4 * itl);
  assert_rel (r.prefill_requests_per_s_per_device, pre, 1e-12);
  assert_rel (r.decode_requests_per_s_per_device, dec, 1e-12);
  assert_rel (r.prefill_per_decode, dec / pre, 1e-12);
  assert_rel (r.tokens_per_s_per_device, 4 / (1 / pre + 1 / dec), 1e-12);
  g_assert_true (r.has_cost);
  assert_rel (r.usd_per_mtok, (2 / pre + 3 / dec) / 3600 / 4 * 1e6, 1e-12);

  /* co-located, chunked prefill: 3/4 of a prompt per step, 6 tokens. One
   * prompt of 8: 2 · 8 · 73,728 + 2 · 6,400 + 2 · 2 · 4 · 16 · 64 =
   * 1,208,832 FLOP; its non-weight bytes 2,048 (KV) + 2 · (8 · 2,176 +
   * 164) = 35,144 (activations). */
  double tc = 495360.0 / 1e12 + 0.75 * 1208832.0 / 1e12;
  double tm = 183000.0 / 1e12 + 0.75 * (2048.0 + 35144.0) / 1e12;
  g_assert_cmpfloat (tc, >, tm);
  assert_rel (r.colo_chunk_tokens, 6.0, 1e-15);
  assert_rel (r.colo_itl, tc, 1e-12);
  assert_rel (r.colo_ttft, 2 * tc, 1e-12); /* ⌈4/3⌉ = 2 steps */
  assert_rel (r.colo_tokens_per_s_per_device, 3 / tc, 1e-12);
  assert_rel (r.colo_usd_per_mtok, 3.0 / 3600 * tc / 3 * 1e6, 1e-12);
}

/* The KV transfer of a sharded cache: the prefill replica TP 4, the
 * decode replica TP 2, the links of test_disagg. Each prefill device sends
 * its quarter through its own 1 GB/s NIC (4 GB/s together) and each decode
 * device receives through its 0.5 GB/s one (1 GB/s together): the decode
 * side bounds it, min (4 · 1e9, 2 · 0.5e9) = 1e9 B/s. Then the prefill
 * side: decode TP 8, min (4 · 1e9, 8 · 0.5e9) = 4e9 B/s. */
static void
test_disagg_sharded_transfer (void)
{
  RoofHardwareParams p, d;
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload pw, dw;
  RoofDisaggResult r;
  RoofError err = { 0 };
  disagg_pools (&p, &pw, &d, &dw);
  p.link_bw = d.link_bw = 100e9;
  p.scaleup_size = d.scaleup_size = 8;
  pw.devices = 4;
  dw.devices = 2;

  g_assert_cmpint (roof_disagg (&p, &pw, &d, &dw, &md, &r, &err), ==, ROOF_OK);
  g_assert_cmpfloat (r.prefill_devices, ==, 4.0);
  g_assert_cmpfloat (r.decode_devices, ==, 2.0);
  g_assert_cmpfloat (r.link_bw, ==, 1e9);
  assert_rel (r.t_transfer, 2048.0 / 1e9 + 2e-6, 1e-12); /* 4.048 µs */
  assert_rel (r.ttft, r.t_prefill + 2048.0 / 1e9 + 2e-6, 1e-12);

  dw.devices = 8;
  g_assert_cmpint (roof_disagg (&p, &pw, &d, &dw, &md, &r, &err), ==, ROOF_OK);
  g_assert_cmpfloat (r.link_bw, ==, 4e9);
  assert_rel (r.t_transfer, 2048.0 / 4e9 + 2e-6, 1e-12); /* 2.512 µs */
}

static void
test_disagg_errors (void)
{
  RoofHardwareParams p = device (1, 1), d = device (1, 1);
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofDisaggResult r;
  RoofError err = { 0 };
  roof_workload_init (&wl);
  d.scaleout_bw = 1e9;
  g_assert_cmpint (roof_disagg (&p, &wl, &d, &wl, &md, &r, &err), ==, ROOF_ERR_UNSUPPORTED);
  g_assert_nonnull (strstr (err.message, "prefill pool has no scale-out network"));
  p.scaleout_bw = 1e9;
  d.scaleout_bw = 0;
  g_assert_cmpint (roof_disagg (&p, &wl, &d, &wl, &md, &r, &err), ==, ROOF_ERR_UNSUPPORTED);
  g_assert_nonnull (strstr (err.message, "decode pool"));
  d.scaleout_bw = 1e9;
  wl.output = 0;
  g_assert_cmpint (roof_disagg (&p, &wl, &d, &wl, &md, &r, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "output length"));
}

static void
test_owned_price (void)
{
  RoofOwnership own = { .capex_usd = 30000, .years = 5, .usd_per_kwh = 0.10, .pue = 1.3 };
  RoofError err = { 0 };
  double usd;
  /* 30,000 / (5 · 8,760) + 1 kW · $0.10 · 1.3 = 0.684932 + 0.13 */
  g_assert_cmpint (roof_owned_price_per_hour (1000, &own, &usd, &err), ==, ROOF_OK);
  assert_rel (usd, 30000.0 / 43800.0 + 0.13, 1e-12);
  g_assert_cmpfloat (fabs (usd - 0.814932), <, 1e-6);

  g_assert_cmpint (roof_owned_price_per_hour (0, &own, &usd, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "power"));
  own.pue = 0.9;
  g_assert_cmpint (roof_owned_price_per_hour (1000, &own, &usd, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "PUE"));
  own.pue = 1.3;
  own.years = 0;
  g_assert_cmpint (roof_owned_price_per_hour (1000, &own, &usd, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "years"));
  own.years = 5;
  own.capex_usd = -1;
  g_assert_cmpint (roof_owned_price_per_hour (1000, &own, &usd, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "purchase price"));
}

/* joules per token = W · t_step / B: the tiny decode, B = 3, S = 10, on
 * 1 TFLOP/s (0.496128 µs) at 700 W per device, TP 2 with a link. */
static void
test_energy (void)
{
  RoofHardwareParams hw = device (1, 1);
  RoofModelParams m = tiny ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofEnergy e;
  roof_workload_init (&wl);
  wl.batch = 3;
  wl.context = 10;
  hw.power_w = 700;

  RoofResult r = solve (&hw, &md, &wl);
  roof_energy (&hw, &r, &e);
  g_assert_true (e.has_power);
  assert_rel (e.joules_per_token, 700 * 0.496128e-6 / 3, 1e-12);
  assert_rel (e.tokens_per_s_per_mw, 3 / 0.496128e-6 / 700 * 1e6, 1e-12);
  assert_rel (e.kwh_per_mtok, 700 * 0.496128e-6 / 3 * 1e6 / 3.6e6, 1e-12);

  /* 2 replicas: twice the watts for twice the tokens, the same per token */
  wl.dp = 2;
  r = solve (&hw, &md, &wl);
  roof_energy (&hw, &r, &e);
  assert_rel (e.watts, 1400, 1e-15);
  assert_rel (e.joules_per_token, 700 * 0.496128e-6 / 3, 1e-12);

  hw.power_w = 0;
  roof_energy (&hw, &r, &e);
  g_assert_false (e.has_power);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solver/levers/tokens-per-step", test_tokens_per_step);
  g_test_add_func ("/solver/levers/verify-step", test_verify_step);
  g_test_add_func ("/solver/levers/speculative-mtp", test_speculative_mtp);
  g_test_add_func ("/solver/levers/speculative-draft-model", test_speculative_draft_model);
  g_test_add_func ("/solver/levers/speculative-errors", test_speculative_errors);
  g_test_add_func ("/solver/levers/disagg", test_disagg);
  g_test_add_func ("/solver/levers/disagg-sharded-transfer", test_disagg_sharded_transfer);
  g_test_add_func ("/solver/levers/disagg-errors", test_disagg_errors);
  g_test_add_func ("/solver/levers/owned-price", test_owned_price);
  g_test_add_func ("/solver/levers/energy", test_energy);
  return g_test_run ();
}
