/* test-solver-fleet.c — the fleet plan (docs/model.md, "The fleet plan")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expectations are computed by hand in the comments: Erlang C from its
 * closed form (the sum of a^k/k!, not the recursion the code uses), the
 * plan's replica counts from the model's formulas step by step.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "roof-fleet.h"
#include "roof-test-util.h"
#include "solver-fixtures.h"

static void
test_erlang_c_hand (void)
{
  /* c = 2, λ = 1, μ = 1 (a = 1): Σ_{k<2} = 1 + 1 = 2, a²/2!·2/(2−1) = 1:
   * C = 1/3. P(W > 0) = C = 1/3; E[W] = C/(cμ − λ) = (1/3)/1 = 1/3 s;
   * P(W > 1) = e^{−1}/3; the P99 wait ln((1/3)/0.01) = ln 33.33… = 3.50656 s;
   * the P50 wait 0 (C < 0.5). */
  g_assert_cmpfloat_with_epsilon (roof_erlang_c (2, 1), 1.0 / 3.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (roof_mmc_wait_tail (2, 1, 1, 0), 1.0 / 3.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (roof_mmc_mean_wait (2, 1, 1), 1.0 / 3.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (roof_mmc_wait_tail (2, 1, 1, 1), exp (-1.0) / 3.0, 1e-15);
  assert_rel (roof_mmc_wait_quantile (2, 1, 1, 0.99), 3.506557897, 1e-9);
  g_assert_cmpfloat (roof_mmc_wait_quantile (2, 1, 1, 0.50), ==, 0.0);
  /* M/M/1: C = ρ. ρ = 0.5: P(W > 0) = 0.5, E[W] = 0.5/(1 − 0.5) = 1 s */
  g_assert_cmpfloat_with_epsilon (roof_erlang_c (1, 0.5), 0.5, 1e-15);
  g_assert_cmpfloat_with_epsilon (roof_mmc_mean_wait (1, 0.5, 1), 1.0, 1e-15);
  /* saturated: everyone waits */
  g_assert_cmpfloat (roof_erlang_c (4, 4), ==, 1.0);
  g_assert_cmpfloat (roof_erlang_c (4, 0), ==, 0.0);
  /* against the closed form over a range of c and load; a C below 1e-18
   * is returned as 0 (docs/model.md: the recursion stops there) */
  for (int c = 1; c <= 64; c *= 2)
    for (double rho = 0.1; rho < 1.0; rho += 0.2)
      {
        double closed = roof_test_erlang_c (c, rho * c);
        if (closed >= 1e-18)
          assert_rel (roof_erlang_c (c, rho * c), closed, 1e-12);
        else
          g_assert_cmpfloat (roof_erlang_c (c, rho * c), ==, 0.0);
      }
  /* c = 32, a = 3.2: C = 2.5e-21 by the closed form, below the cut */
  g_assert_cmpfloat (roof_test_erlang_c (32, 3.2), <, 1e-18);
  /* c = 4096 at ρ = 0.99: as the closed form (in logs, to stay finite) */
  {
    double a = 0.99 * 4096, lsum = -INFINITY, lterm = 0.0;
    for (int k = 0; k < 4096; k++)
      {
        double m = fmax (lsum, lterm);
        lsum = m + log (exp (lsum - m) + exp (lterm - m));
        lterm += log (a / (k + 1));
      }
    double ltop = lterm + log (4096.0 / (4096.0 - a));
    double m = fmax (lsum, ltop);
    double closed = exp (ltop - (m + log (exp (lsum - m) + exp (ltop - m))));
    assert_rel (roof_erlang_c (4096, a), closed, 1e-9);
  }
}

/* One replica: 2 devices at $2 an hour ($4 per replica-hour), batch 4,
 * a prompt's prefill 0.05 s, ITL(4) 0.02 s, 50 output tokens; 4 requests/s.
 * With n replicas: λ_r = 4/n, ρ_pf = λ_r · 0.05 = 0.2/n,
 * ITL = 0.02/(1 − 0.2/n), S = 0.05 + 50 · ITL, a = λ_r · S, c = 4.
 *   n = 1: ρ_pf 0.2, ITL 0.025, S = 1.3, a = 5.2 ≥ 4: unstable.
 *   n = 2: ρ_pf 0.1, ITL 0.0222…, S = 1.16111, a = 2.32222.
 *   n = 3: ρ_pf 0.0667, ITL 0.0214286, S = 1.121429, a = 1.495238:
 *     terms 1, 1.495238, 1.117868, 0.557160; a⁴/4!·4/(4 − a) = 0.332592;
 *     C = 0.332592/4.502858 = 0.073862; θ = 4/S − λ_r = 2.233546;
 *     P99 wait ln(0.073862/0.01)/θ = 0.89526: TTFT P99 = 0.94526 s.
 *   n = 4: λ_r 1, ITL 0.0210526, S = 1.102632, C = 0.028164,
 *     θ = 2.627685, P99 wait ln(2.8164)/θ = 0.394063: TTFT P99 0.444063 s. */
static RoofFleetCandidate
hand_candidate (void)
{
  RoofFleetCandidate c;
  memset (&c, 0, sizeof c);
  c.tp = 2;
  c.ep = c.pp = 1;
  c.batch = 4;
  c.devices = 2;
  c.itl = 0.02;
  c.prefill[0] = 0.05;
  c.prefill_mean = 0.05;
  c.output_mean = 50;
  c.has_cost = true;
  c.usd_per_hour = 4.0;
  c.has_power = true;
  c.watts = 2 * 700.0;
  return c;
}

static void
test_evaluate_hand (void)
{
  RoofFleetCandidate c = hand_candidate ();
  RoofFleetDemand d;
  RoofFleetPlan p;

  roof_fleet_demand_init (&d, 4, 512, 50);
  roof_fleet_evaluate (&c, &d, 1, &p);
  g_assert_false (p.utilisation < 1.0); /* a = 5.2 on 4 slots */
  g_assert_false (p.meets);

  roof_fleet_evaluate (&c, &d, 3, &p);
  double itl = 0.02 / (1 - 0.2 / 3), S = 0.05 + 50 * itl, lr = 4.0 / 3, a = lr * S;
  assert_rel (p.itl, itl, 1e-12);
  assert_rel (p.service, 1.121429, 1e-6);
  assert_rel (p.utilisation, a / 4, 1e-12);
  assert_rel (p.wait_probability, roof_test_erlang_c (4, a), 1e-12);
  assert_rel (p.wait_probability, 0.073862, 1e-4);
  assert_rel (p.ttft_p99, 0.94526, 1e-4);
  g_assert_cmpfloat_with_epsilon (p.ttft_p50, 0.05, 1e-15); /* C < 0.5: no wait at P50 */
  assert_rel (p.wait_mean, roof_test_erlang_c (4, a) / (4 / S - lr), 1e-12);
  /* 3 replicas · 2 devices · $2 · 720 h = $8,640; 6 · 700 W = 0.0042 MW */
  g_assert_cmpfloat_with_epsilon (p.usd_per_month, 8640.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (p.mw, 0.0042, 1e-15);
  g_assert_cmpfloat (p.devices, ==, 6);
}

static void
test_plan_hand (void)
{
  RoofFleetCandidate c[2] = { hand_candidate (), hand_candidate () };
  RoofFleetDemand d;
  RoofFleetPlan p;
  RoofError err = { 0 };

  /* ITL ≤ 21.5 ms: 0.02/(1 − 0.2/n) ≤ 0.0215 ⇔ n ≥ 2.867: 3 replicas, whose
   * TTFT P99 0.945 s meets 1 s */
  roof_fleet_demand_init (&d, 4, 512, 50);
  d.itl = 0.0215;
  d.ttft_p99 = 1.0;
  g_assert_cmpint (roof_fleet_plan (c, 1, &d, &p, &err), ==, ROOF_OK);
  g_assert_true (p.found);
  g_assert_cmpfloat (p.replicas, ==, 3);

  /* TTFT P99 ≤ 0.5 s: n = 3 gives 0.945, n = 4 gives 0.444: 4 replicas,
   * 8 devices, 4 · $4 · 720 = $11,520 */
  d.ttft_p99 = 0.5;
  g_assert_cmpint (roof_fleet_plan (c, 1, &d, &p, &err), ==, ROOF_OK);
  g_assert_cmpfloat (p.replicas, ==, 4);
  g_assert_cmpfloat (p.devices, ==, 8);
  g_assert_cmpfloat_with_epsilon (p.usd_per_month, 11520.0, 1e-9);
  assert_rel (p.ttft_p99, 0.444063, 1e-5);

  /* a second candidate of one device at $3 an hour, same times: 4 of them
   * cost 4 · 3 · 720 = $8,640 < $11,520, so it is chosen */
  c[1].devices = 1;
  c[1].usd_per_hour = 3.0;
  g_assert_cmpint (roof_fleet_plan (c, 2, &d, &p, &err), ==, ROOF_OK);
  g_assert_cmpuint (p.index, ==, 1);
  g_assert_cmpfloat_with_epsilon (p.usd_per_month, 8640.0, 1e-9);

  /* an ITL target below ITL(4) = 20 ms: no replica count meets it; the
   * plan is the floor candidate at the fewest stable replicas (n = 2) */
  d.itl = 0.019;
  g_assert_cmpint (roof_fleet_plan (c, 1, &d, &p, &err), ==, ROOF_OK);
  g_assert_false (p.found);
  g_assert_false (p.meets);
  g_assert_cmpfloat (p.replicas, ==, 2);
}

/* Two classes, half each: prefill 0.1 s and 0.3 s. P(TTFT > t) =
 * ½ G(t − 0.1) + ½ G(t − 0.3), G(x) = C e^{−θx} for x ≥ 0, 1 below. The
 * P99 lies above 0.3 s when C > 0.01: then ½ C e^{−θ(t−0.1)} + ½ C
 * e^{−θ(t−0.3)} = 0.01, so e^{−θt} = 0.02 / (C (e^{0.1θ} + e^{0.3θ})). */
static void
test_mixture_quantile (void)
{
  RoofFleetCandidate c = hand_candidate ();
  RoofFleetDemand d;
  RoofFleetPlan p;

  roof_fleet_demand_init (&d, 4, 512, 50);
  d.n_classes = 2;
  d.classes[0].share = d.classes[1].share = 0.5;
  d.classes[1].prompt = 4096;
  d.classes[1].output = 50;
  c.prefill[0] = 0.1;
  c.prefill[1] = 0.3;
  c.prefill_mean = 0.2;
  roof_fleet_evaluate (&c, &d, 3, &p);
  double lr = 4.0 / 3, itl = 0.02 / (1 - lr * 0.2), S = 0.2 + 50 * itl, a = lr * S;
  double C = roof_test_erlang_c (4, a), th = 4 / S - lr;
  g_assert_cmpfloat (C, >, 0.01);
  double t99 = -log (0.02 / (C * (exp (0.1 * th) + exp (0.3 * th)))) / th;
  assert_rel (p.ttft_p99, t99, 1e-9);
  /* P50: P(TTFT > t) for t in [0.1, 0.3) is ½ C e^{−θ(t−0.1)} + ½ > ½;
   * at t = 0.3 it is ½ C e^{−0.2θ} + ½ C < ½ (C < 0.5): the median is 0.3 s */
  g_assert_cmpfloat (C, <, 0.5);
  g_assert_cmpfloat_with_epsilon (p.ttft_p50, 0.3, 1e-9);
}

static void
test_demand_errors (void)
{
  RoofFleetDemand d;
  RoofError err = { 0 };

  roof_fleet_demand_init (&d, 0, 512, 128);
  g_assert_cmpint (roof_fleet_demand_validate (&d, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "request rate"));
  d.rate = NAN;
  g_assert_cmpint (roof_fleet_demand_validate (&d, &err), ==, ROOF_ERR_INVALID);
  d.rate = -1;
  g_assert_cmpint (roof_fleet_demand_validate (&d, &err), ==, ROOF_ERR_INVALID);
  d.rate = 10;
  d.ttft_p50 = 1;
  d.ttft_p99 = 0.5;
  g_assert_cmpint (roof_fleet_demand_validate (&d, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "P99"));
  d.ttft_p99 = 2;
  g_assert_cmpint (roof_fleet_demand_validate (&d, &err), ==, ROOF_OK);
  d.n_classes = 2;
  d.classes[0].share = 0.7;
  d.classes[1] = (RoofFleetClass){ 4096, 512, 0.2 };
  g_assert_cmpint (roof_fleet_demand_validate (&d, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "sum to 1"));
  d.classes[1].share = 0.3;
  g_assert_cmpint (roof_fleet_demand_validate (&d, &err), ==, ROOF_OK);
  d.classes[1].output = 0;
  g_assert_cmpint (roof_fleet_demand_validate (&d, &err), ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "class 2 output"));
}

/* The candidates are the solver's own times: a candidate's ITL is
 * roof_solve's decode step at its layout and batch and the mean context
 * S_in + (S_out − 1)/2 = 512 + 63.5 → 576 (rounded), its prefill
 * roof_solve's prefill of one prompt. */
static void
test_candidates_match_solve (void)
{
  RoofModelParams mp = tiny ();
  RoofModelDerived md = derive (&mp);
  RoofHardwareParams hw = small_device ();
  RoofWorkload wl;
  RoofFleetDemand d;
  RoofError err = { 0 };
  size_t n = 0;

  roof_workload_init (&wl);
  roof_fleet_demand_init (&d, 10, 512, 128);
  g_assert_cmpint (roof_fleet_candidates (&hw, &md, &wl, &d, NULL, 0, &n, &err), ==, ROOF_OK);
  g_assert_cmpuint (n, >, 0);
  RoofFleetCandidate *c = g_new (RoofFleetCandidate, n);
  size_t n2 = 0;
  g_assert_cmpint (roof_fleet_candidates (&hw, &md, &wl, &d, c, n, &n2, &err), ==, ROOF_OK);
  g_assert_cmpuint (n2, ==, n);
  for (size_t i = 0; i < n; i += 7)
    {
      RoofWorkload w = wl;
      RoofResult r;
      w.devices = c[i].tp;
      w.ep = c[i].ep;
      w.pp = c[i].pp;
      w.microbatches = c[i].pp;
      w.batch = c[i].batch;
      w.context = 576;
      g_assert_cmpint (roof_solve (&hw, &md, &w, &r, &err), ==, ROOF_OK);
      assert_rel (c[i].itl, r.t_step, 1e-12);
      /* it fits at the full context 640 */
      w.context = 640;
      g_assert_cmpint (roof_solve (&hw, &md, &w, &r, &err), ==, ROOF_OK);
      g_assert_true (r.fits);
      w.phase = ROOF_PHASE_PREFILL;
      w.batch = 1;
      w.prompt = 512;
      g_assert_cmpint (roof_solve (&hw, &md, &w, &r, &err), ==, ROOF_OK);
      assert_rel (c[i].prefill[0], r.t_step, 1e-12);
      g_assert_cmpfloat (c[i].usd_per_hour, ==, c[i].devices * hw.price_per_hour);
    }
  RoofFleetPlan p;
  g_assert_cmpint (roof_fleet_plan (c, n, &d, &p, &err), ==, ROOF_OK);
  g_assert_true (p.found);
  g_assert_cmpfloat (p.utilisation, <, 1.0);
  /* nothing cheaper: every candidate at one replica fewer than it needs
   * fails, and no candidate's plan is cheaper */
  for (size_t i = 0; i < n; i++)
    {
      RoofFleetPlan q;
      for (double r = 1; r <= p.replicas * 8; r++)
        {
          roof_fleet_evaluate (&c[i], &d, r, &q);
          if (q.meets)
            break;
        }
      if (q.meets)
        g_assert_cmpfloat (q.usd_per_month, >=, p.usd_per_month);
    }
  g_free (c);
}

/* Speculative decoding in the candidates (docs/model.md, "The fleet plan"
 * and "Speculative decoding"): the one-layer tiny model (test-solver-
 * frontier: a step of B reads 86,912 + 18,888·B bytes at context 127) on
 * the small device, 64:127 (mean context 64 + 126/2 = 127), k = 3,
 * α = 0.7, MTP heads of 10,000 parameters. TP 1, B = 1: the verify step
 * reads 86,912 + 16,256 (cache once) + 4·128 (written) + 4·2,504
 * (activations) = 113,696 B → 1,136.96 ns at 100 GB/s (476,160 FLOP:
 * 476.16 ns); a draft step 20,000 B → 200 ns; t_cycle = 1,736.96 ns over
 * 1 + 0.7 + 0.49 + 0.343 = 2.533 tokens: ITL 685.73 ns against 1,058. */
static void
test_candidates_speculative (void)
{
  RoofModelParams mp = tiny ();
  mp.layers = 1;
  RoofModelDerived md = derive (&mp);
  RoofHardwareParams hw = small_device ();
  RoofWorkload wl;
  RoofFleetDemand d;
  RoofError err = { 0 };
  RoofSpeculative spec = { .k = 3, .accept = 0.7, .drafter = ROOF_DRAFTER_MTP,
                           .mtp_params = 1e4 };
  RoofFleetLevers lv = { .spec = &spec };
  RoofFleetCandidate c[256];
  size_t n = 0;
  gboolean seen = FALSE;

  roof_workload_init (&wl);
  roof_fleet_demand_init (&d, 10, 64, 127);
  g_assert_cmpint (roof_fleet_candidates_levers (&hw, &md, &wl, &d, &lv, c, G_N_ELEMENTS (c), &n,
                                                 &err),
                   ==, ROOF_OK);
  g_assert_cmpuint (n, <=, G_N_ELEMENTS (c));
  for (size_t i = 0; i < n; i++)
    if (c[i].tp == 1 && c[i].ep == 1 && c[i].pp == 1 && c[i].batch == 1)
      {
        seen = TRUE;
        assert_rel (c[i].tokens_per_step, 1 + 0.7 + 0.49 + 0.343, 1e-12);
        assert_rel (c[i].itl, (113696 / 1e11 + 3 * 20000 / 1e11) / 2.533, 1e-9);
        g_assert_false (c[i].disagg);
      }
  g_assert_true (seen);

  /* an invalid lever is the candidates' error */
  spec.accept = 1.0;
  g_assert_cmpint (roof_fleet_candidates_levers (&hw, &md, &wl, &d, &lv, c, G_N_ELEMENTS (c), &n,
                                                 &err),
                   ==, ROOF_ERR_INVALID);
}

/* Disaggregation in the plan, the candidate of /solver/fleet/evaluate-hand
 * (2 devices at $2/h, B = 4, ITL(4) = 0.02 s, S_out = 50, λ = 4/s) with
 * its prompts on a prefill pool of 1-device replicas at $1/h: t_pf 0.05 s
 * a prompt (1 per step) and a KV transfer of 0.01 s.
 *   - the replica prefills nothing: ρ_pf = 0, ITL = 0.02 s whatever n;
 *   - a slot is held for prefill + transfer + 50 · ITL: S = 0.06 + 1 = 1.06 s;
 *   - n = 1: a = 4 · 1.06 = 4.24 ≥ 4, unstable; n = 2: λ_r = 2, a = 2.12,
 *     ρ = 0.53; so ITL ≤ 21.5 ms takes 2 replicas (3 co-located);
 *   - the pool: ⌈λ · 0.05⌉ = ⌈0.2⌉ = 1 replica of 1 device;
 *   - devices 2 · 2 + 1 = 5; $/month (2 · $4 + 1 · $1) · 720 = $6,480;
 *   - TTFT P99 = 0.06 + ln(C / 0.01) / (4/1.06 − 2), C = C(4, 2.12). */
static void
test_evaluate_disagg (void)
{
  RoofFleetDemand d;
  RoofFleetCandidate c = { 0 };
  RoofFleetPlan p;
  RoofError err = { 0 };

  roof_fleet_demand_init (&d, 4, 100, 50);
  d.itl = 0.0215;
  c.tp = 2, c.ep = 1, c.pp = 1, c.batch = 4, c.devices = 2;
  c.itl = 0.02;
  c.tokens_per_step = 1;
  c.prefill[0] = c.prefill_mean = 0.05 + 0.01;
  c.output_mean = 50;
  c.has_cost = TRUE, c.usd_per_hour = 4;
  c.disagg = TRUE;
  c.pool_seconds = 0.05, c.pool_devices = 1, c.pool_usd_per_hour = 1;

  roof_fleet_evaluate (&c, &d, 1, &p);
  g_assert_false (p.meets); /* a = 4.24 */
  g_assert_cmpfloat (p.prefill_share, ==, 0.0);
  roof_fleet_evaluate (&c, &d, 2, &p);
  g_assert_true (p.meets);
  assert_rel (p.itl, 0.02, 1e-15);
  assert_rel (p.service, 0.06 + 50 * 0.02, 1e-15);
  assert_rel (p.utilisation, 2 * 1.06 / 4, 1e-12);
  g_assert_cmpfloat (p.prefill_replicas, ==, 1);
  g_assert_cmpfloat (p.devices, ==, 5);
  assert_rel (p.usd_per_month, (2 * 4 + 1 * 1) * 720.0, 1e-15);
  double C = roof_test_erlang_c (4, 2.12), theta = 4 / 1.06 - 2;
  assert_rel (p.wait_probability, C, 1e-9);
  assert_rel (p.ttft_p99, 0.06 + (C > 0.01 ? log (C / 0.01) / theta : 0.0), 1e-9);

  /* the search: 2 replicas where co-located serving took 3 */
  RoofFleetPlan best;
  g_assert_cmpint (roof_fleet_plan (&c, 1, &d, &best, &err), ==, ROOF_OK);
  g_assert_true (best.found);
  g_assert_cmpfloat (best.replicas, ==, 2);
  g_assert_cmpfloat (best.devices, ==, 5);
  c.disagg = FALSE; /* prefilling itself, 0.05 s a prompt: /solver/fleet/evaluate-hand */
  c.prefill[0] = c.prefill_mean = 0.05;
  g_assert_cmpint (roof_fleet_plan (&c, 1, &d, &best, &err), ==, ROOF_OK);
  g_assert_cmpfloat (best.replicas, ==, 3);
  g_assert_cmpfloat (best.prefill_replicas, ==, 0);

  /* ⌈λ · pool_seconds⌉ at 40 requests/s: 2 pool replicas */
  c.disagg = TRUE;
  d.rate = 40;
  roof_fleet_evaluate (&c, &d, 40, &p);
  g_assert_cmpfloat (p.prefill_replicas, ==, 2);
}

/* Both pools need a scale-out network for the KV cache to cross. */
static void
test_candidates_disagg_errors (void)
{
  RoofModelParams mp = tiny ();
  RoofModelDerived md = derive (&mp);
  RoofHardwareParams hw = small_device (), pool = small_device ();
  RoofWorkload wl;
  RoofFleetDemand d;
  RoofError err = { 0 };
  RoofFleetLevers lv = { .prefill_hw = &pool };
  size_t n = 0;

  roof_workload_init (&wl);
  roof_disagg_prefill_workload (&wl, 1, 1, 1, &lv.prefill_wl);
  roof_fleet_demand_init (&d, 10, 64, 127);
  g_assert_cmpint (roof_fleet_candidates_levers (&hw, &md, &wl, &d, &lv, NULL, 0, &n, &err), ==,
                   ROOF_ERR_UNSUPPORTED);
  g_assert_nonnull (strstr (err.message, "prefill pool has no scale-out"));
  pool.scaleout_bw = 1e9;
  g_assert_cmpint (roof_fleet_candidates_levers (&hw, &md, &wl, &d, &lv, NULL, 0, &n, &err), ==,
                   ROOF_ERR_UNSUPPORTED);
  g_assert_nonnull (strstr (err.message, "decode pool has no scale-out"));
}

/* With a prefill pool, a candidate's TTFT floor is the pool's prefill of
 * the class plus the transfer of its KV cache (docs/model.md,
 * "Disaggregated prefill and decode"): the tiny model, a prompt of 8,
 * 2,048 B of cache (8 · 128 · 2) over min(1 · 1 GB/s, n_d · 0.5 GB/s) + 2 µs. */
static void
test_candidates_disagg (void)
{
  RoofModelParams mp = tiny ();
  RoofModelDerived md = derive (&mp);
  RoofHardwareParams hw = small_device (), pool = small_device ();
  RoofWorkload wl, pw;
  RoofFleetDemand d;
  RoofError err = { 0 };
  RoofFleetLevers lv = { .prefill_hw = &pool };
  RoofFleetCandidate c[512];
  size_t n = 0;
  RoofResult r;

  hw.scaleout_bw = 0.5e9, hw.scaleout_latency = 1e-6;
  pool.scaleout_bw = 1e9, pool.scaleout_latency = 2e-6;
  pool.mem_bw = 1e12; /* the docs' vector: 1 TFLOP/s and 1 TB/s */
  pool.price_per_hour = 3;
  roof_workload_init (&wl);
  roof_disagg_prefill_workload (&wl, 2, 1, 1, &lv.prefill_wl);
  roof_fleet_demand_init (&d, 10, 8, 4);
  g_assert_cmpint (roof_fleet_candidates_levers (&hw, &md, &wl, &d, &lv, c, G_N_ELEMENTS (c), &n,
                                                 &err),
                   ==, ROOF_OK);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, <=, G_N_ELEMENTS (c));
  /* the pool's step: 2 prompts of 8, (2,384,896 + 32,768) FLOP at
   * 1 TFLOP/s = 2.417664 µs (docs/model.md, [levers/disagg]) */
  pw = lv.prefill_wl;
  pw.prompt = pw.context = 8;
  g_assert_cmpint (roof_solve (&pool, &md, &pw, &r, &err), ==, ROOF_OK);
  assert_rel (r.t_step, (2384896.0 + 32768.0) / 1e12, 1e-12);
  for (size_t i = 0; i < n; i++)
    {
      double n_d = c[i].tp * c[i].ep * c[i].pp;
      double xfer = 2048 / fmin (1e9, n_d * 0.5e9) + 2e-6;
      g_assert_true (c[i].disagg);
      assert_rel (c[i].prefill[0], r.t_step + xfer, 1e-12);
      assert_rel (c[i].pool_seconds, r.t_step / 2, 1e-12);
      g_assert_cmpfloat (c[i].pool_devices, ==, 1);
      g_assert_cmpfloat (c[i].pool_usd_per_hour, ==, 3);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solver/fleet/erlang-c-hand", test_erlang_c_hand);
  g_test_add_func ("/solver/fleet/evaluate-hand", test_evaluate_hand);
  g_test_add_func ("/solver/fleet/plan-hand", test_plan_hand);
  g_test_add_func ("/solver/fleet/mixture-quantile", test_mixture_quantile);
  g_test_add_func ("/solver/fleet/demand-errors", test_demand_errors);
  g_test_add_func ("/solver/fleet/candidates-match-solve", test_candidates_match_solve);
  g_test_add_func ("/solver/fleet/candidates-speculative", test_candidates_speculative);
  g_test_add_func ("/solver/fleet/evaluate-disagg", test_evaluate_disagg);
  g_test_add_func ("/solver/fleet/candidates-disagg", test_candidates_disagg);
  g_test_add_func ("/solver/fleet/candidates-disagg-errors", test_candidates_disagg_errors);
  return g_test_run ();
}
