/* test-solver-properties.c — properties over thousands of random valid inputs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The generator is GLib's seeded test RNG: a failure prints the seed
 * (--seed=R02S…) and replays exactly.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "roof-solver.h"
#include "solver-fixtures.h"

#define N_CASES 3000

static double
log_uniform (double lo, double hi)
{
  return exp (g_test_rand_double_range (log (lo), log (hi)));
}

static double
whole (double lo, double hi)
{
  return round (log_uniform (lo, hi));
}

static void
random_hardware (RoofHardwareParams *hw)
{
  roof_hardware_init (hw);
  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    hw->peak_flops[p] = log_uniform (1e12, 1e16);
  hw->mem_bw = log_uniform (1e11, 1e14);
  hw->mem_capacity = log_uniform (1e10, 1e12);
  hw->link_bw = log_uniform (1e10, 2e12);
  hw->link_latency = log_uniform (1e-7, 1e-5);
  hw->has_price = TRUE;
  hw->price_per_hour = log_uniform (0.1, 20);
  hw->eff_compute = g_test_rand_double_range (0.3, 1.0);
  hw->eff_memory = g_test_rand_double_range (0.3, 1.0);
}

static void
random_model (RoofModelParams *m)
{
  roof_model_init (m);
  if (g_test_rand_int_range (0, 10) == 0)
    {
      m->kind = ROOF_MODEL_GENERIC;
      m->params = log_uniform (1e6, 1e11);
      m->flop_per_sample = log_uniform (1e8, 1e13);
      m->bytes_per_sample = log_uniform (1e3, 1e9);
      return;
    }
  double kv = ldexp (1.0, g_test_rand_int_range (0, 5));
  m->layers = whole (1, 128);
  m->kv_heads = kv;
  m->heads = kv * ldexp (1.0, g_test_rand_int_range (0, 4));
  m->head_dim = ldexp (1.0, g_test_rand_int_range (5, 9));
  m->hidden = m->heads * m->head_dim;
  m->vocab = whole (1000, 300000);
  m->ffn = whole (64, 60000);
  m->ffn_gated = g_test_rand_bit ();
  m->tied_embeddings = g_test_rand_bit ();
  m->qkv_bias = g_test_rand_bit ();
  m->attention = m->kv_heads == m->heads ? ROOF_ATTN_MHA
                 : m->kv_heads == 1      ? ROOF_ATTN_MQA
                                         : ROOF_ATTN_GQA;
  switch (g_test_rand_int_range (0, 4))
    {
    case 0: /* MoE, sometimes with shared experts and first dense layers */
      m->experts = whole (2, 256);
      m->experts_per_token = fmax (1, round (m->experts * g_test_rand_double_range (0.01, 1.0)));
      m->shared_experts = g_test_rand_int_range (0, 3);
      m->expert_ffn = whole (64, 20000);
      m->dense_layers = g_test_rand_int_range (0, (int) m->layers + 1);
      break;
    case 1: /* MLA */
      m->attention = ROOF_ATTN_MLA;
      m->mla_kv_lora_rank = whole (16, 1024);
      m->mla_rope_dim = fmin (m->head_dim - 1, whole (8, 128));
      m->mla_q_lora_rank = g_test_rand_bit () ? whole (64, 2048) : 0;
      break;
    case 2: /* sliding window */
      m->sliding_window = whole (16, 8192);
      m->window_layers = g_test_rand_int_range (0, (int) m->layers + 1);
      break;
    default:
      break;
    }
}

static void
random_workload (RoofWorkload *wl)
{
  static const RoofPrecision precs[] = { ROOF_PREC_FP32, ROOF_PREC_BF16, ROOF_PREC_FP8,
                                         ROOF_PREC_INT4 };
  roof_workload_init (wl);
  wl->phase = g_test_rand_int_range (0, 4) == 0 ? ROOF_PHASE_PREFILL : ROOF_PHASE_DECODE;
  wl->batch = whole (1, 4096);
  wl->context = whole (1, 262144);
  wl->prompt = whole (1, 65536);
  wl->output = whole (1, 4096);
  wl->weights = precs[g_test_rand_int_range (0, 4)];
  wl->kv = precs[g_test_rand_int_range (0, 3)];
  wl->activations = ROOF_PREC_BF16;
  wl->compute = precs[g_test_rand_int_range (0, 3)];
  wl->devices = ldexp (1.0, g_test_rand_int_range (0, 4));
  wl->overlap = g_test_rand_bit () ? ROOF_OVERLAP_MAX : ROOF_OVERLAP_SUM;
  wl->overhead = g_test_rand_bit () ? 0 : log_uniform (1e-7, 1e-3);
}

static void
random_case (RoofHardwareParams *hw, RoofModelDerived *md, RoofWorkload *wl)
{
  RoofModelParams m;
  RoofError err = { 0 };

  random_hardware (hw);
  random_model (&m);
  if (roof_model_derive (&m, md, &err) != ROOF_OK)
    g_error ("generator made an invalid model: %s", err.message);
  random_workload (wl);
}

static void
assert_finite_result (const RoofResult *r)
{
  const double v[] = { r->flop,      r->bytes_total,  r->intensity,  r->t_step,  r->t_compute,
                       r->t_memory,  r->t_comm,       r->tokens_per_s, r->mfu,   r->mbu,
                       r->footprint, r->usd_per_mtok, r->ridge };
  for (size_t i = 0; i < G_N_ELEMENTS (v); i++)
    g_assert_true (isfinite (v[i]) && v[i] >= 0);
  g_assert_cmpfloat (r->t_step, >, 0);
  g_assert_cmpfloat (r->mfu, <=, 1.0 + 1e-12);
  g_assert_cmpfloat (r->mbu, <=, 1.0 + 1e-12);
}

/* ---------------------------------------------------------------------- */

static void
test_more_resources_never_slower (void)
{
  for (int i = 0; i < N_CASES; i++)
    {
      RoofHardwareParams hw, more;
      RoofModelDerived md;
      RoofWorkload wl;
      random_case (&hw, &md, &wl);
      RoofResult base = solve (&hw, &md, &wl);
      assert_finite_result (&base);

      double f = log_uniform (1.0001, 10);
      more = hw;
      more.mem_bw *= f;
      g_assert_cmpfloat (solve (&more, &md, &wl).t_step, <=, base.t_step);
      more = hw;
      for (int p = 0; p < ROOF_PREC_COUNT; p++)
        more.peak_flops[p] *= f;
      g_assert_cmpfloat (solve (&more, &md, &wl).t_step, <=, base.t_step);
      more = hw;
      more.link_bw *= f;
      g_assert_cmpfloat (solve (&more, &md, &wl).t_step, <=, base.t_step);
    }
}

static void
test_throughput_monotone_in_batch (void)
{
  for (int i = 0; i < N_CASES / 3; i++)
    {
      RoofHardwareParams hw;
      RoofModelDerived md;
      RoofWorkload wl;
      random_case (&hw, &md, &wl);
      double prev = 0;
      for (double b = 1; b <= 8192; b *= 2)
        {
          wl.batch = b;
          RoofResult r = solve (&hw, &md, &wl);
          if (!r.fits)
            break;
          g_assert_cmpfloat (r.tokens_per_s, >=, prev * (1 - 1e-12));
          prev = r.tokens_per_s;
        }
    }
}

static void
test_synthesis_meets_sla (void)
{
  for (int i = 0; i < N_CASES; i++)
    {
      RoofHardwareParams hw;
      RoofModelDerived md;
      RoofWorkload wl;
      RoofSla sla;
      RoofRequirements req;
      RoofError err = { 0 };
      random_case (&hw, &md, &wl);
      wl.phase = ROOF_PHASE_DECODE; /* the ITL is a decode step */
      wl.overlap = ROOF_OVERLAP_MAX;
      wl.devices = 1;
      roof_sla_init (&sla);
      sla.itl = log_uniform (1e-3, 1);
      sla.ttft = g_test_rand_bit () ? log_uniform (1e-2, 100) : 0;
      if (wl.overhead >= sla.itl || (sla.ttft > 0 && wl.overhead >= sla.ttft))
        wl.overhead = 0;

      if (roof_requirements (&md, &wl, &sla, &req, &err) != ROOF_OK)
        g_error ("requirements: %s", err.message);

      /* 4096 prompts of 65k tokens in 10 ms ask for more than 1e21 FLOP/s,
       * past what a device may declare: nothing to build then */
      if (req.peak_flops > 1e21 || req.mem_bw > 1e21 || req.mem_bytes > 1e21)
        continue;

      /* a device with exactly the required figures meets every target */
      RoofHardwareParams just;
      roof_hardware_init (&just);
      just.peak_flops[wl.compute] = req.peak_flops;
      just.mem_bw = req.mem_bw;
      just.mem_capacity = req.mem_bytes / ROOF_DEFAULT_USABLE_FRACTION;
      RoofResult r = solve (&just, &md, &wl);
      g_assert_cmpfloat (r.t_step, <=, sla.itl * (1 + 1e-9));
      g_assert_true (r.footprint <= r.capacity * (1 + 1e-9));
      if (sla.ttft > 0)
        {
          RoofWorkload pre = wl;
          pre.phase = ROOF_PHASE_PREFILL;
          g_assert_cmpfloat (solve (&just, &md, &pre).t_step, <=, sla.ttft * (1 + 1e-9));
        }
      /* and it is the minimum: 1 % less bandwidth misses the ITL whenever the
       * decode step is memory-bound */
      if (r.t_memory >= r.t_compute)
        {
          just.mem_bw *= 0.99;
          if (sla.ttft == 0)
            g_assert_cmpfloat (solve (&just, &md, &wl).t_step, >, sla.itl);
        }

      /* and every candidate the synthesis reports as meeting does so */
      const RoofHardwareParams *list[] = { &hw };
      RoofCandidate c;
      sla.max_devices = 8;
      g_assert_cmpint (roof_synthesize (list, 1, &md, &wl, &sla, &c, &err), ==, ROOF_OK);
      if (c.meets)
        {
          RoofWorkload w = wl;
          w.devices = c.devices;
          w.batch = c.batch;
          RoofResult d = solve (&hw, &md, &w);
          g_assert_cmpfloat (d.t_step, <=, sla.itl * (1 + 1e-9));
          g_assert_true (d.fits);
        }
    }
}

static void
test_max_mode_elasticities_bounded (void)
{
  for (int i = 0; i < N_CASES; i++)
    {
      RoofHardwareParams hw;
      RoofModelDerived md;
      RoofWorkload wl;
      RoofSensitivity s;
      RoofError err = { 0 };
      random_case (&hw, &md, &wl);
      wl.overlap = ROOF_OVERLAP_MAX;
      double h = g_test_rand_bit () ? 0.01 : g_test_rand_double_range (0.001, 0.3);
      g_assert_cmpint (roof_sensitivity (&hw, &md, &wl, h, &s, &err), ==, ROOF_OK);
      const RoofKnob knobs[] = { ROOF_KNOB_PEAK_FLOPS, ROOF_KNOB_MEM_BW,
                                 ROOF_KNOB_INTERCONNECT_BW };
      for (size_t k = 0; k < G_N_ELEMENTS (knobs); k++)
        {
          const RoofElasticity *e = &s.e[knobs[k]];
          g_assert_true (e->elasticity >= -1.0 - 1e-12 && e->elasticity <= 1e-12);
          g_assert_true (e->up >= -1.0 - 1e-12 && e->up <= 1e-12);
          g_assert_true (e->down >= -1.0 - 1e-12 && e->down <= 1e-12);
        }
      /* the overhead adds time: between 0 and 1 */
      g_assert_true (s.e[ROOF_KNOB_OVERHEAD].elasticity >= 0
                     && s.e[ROOF_KNOB_OVERHEAD].elasticity <= 1 + 1e-12);
      g_assert_cmpfloat (s.e[ROOF_KNOB_MEM_CAPACITY].elasticity, ==, 0);
      g_assert_true (s.binding <= ROOF_KNOB_OVERHEAD);
    }
}

static void
test_invalid_never_nan (void)
{
  const double bad[] = { 0, -1, NAN, INFINITY, -INFINITY, 1e300 };
  for (int i = 0; i < 400; i++)
    {
      RoofHardwareParams hw;
      RoofModelDerived md;
      RoofWorkload wl;
      RoofResult r;
      RoofError err = { 0 };
      random_case (&hw, &md, &wl);
      double v = bad[g_test_rand_int_range (0, G_N_ELEMENTS (bad))];
      switch (g_test_rand_int_range (0, 6))
        {
        case 0:
          hw.mem_bw = v;
          break;
        case 1:
          hw.mem_capacity = v;
          break;
        case 2:
          wl.batch = v;
          break;
        case 3:
          if (v == 0)
            v = -1; /* a zero ceiling means "none": a precision error */
          hw.peak_flops[wl.compute] = v;
          break;
        case 4:
          wl.devices = v == 1e300 ? 0.5 : v;
          break;
        default:
          wl.prompt = v;
          break;
        }
      RoofStatus st = roof_solve (&hw, &md, &wl, &r, &err);
      g_assert_cmpint (st, !=, ROOF_OK);
      g_assert_cmpint (err.code, ==, st);
      g_assert_cmpuint (strlen (err.message), >, 10);
    }
}

/* A random system around the device and a random layout on it. */
static void
random_layout (RoofHardwareParams *hw, const RoofModelDerived *md, RoofWorkload *wl)
{
  static const int sizes[] = { 0, 8, 16, 72, 256 };
  hw->scaleup_size = sizes[g_test_rand_int_range (0, G_N_ELEMENTS (sizes))];
  hw->topology = (RoofTopology) g_test_rand_int_range (0, 3);
  hw->collective = hw->topology == ROOF_TOPOLOGY_SWITCH ? (RoofCollective) g_test_rand_int_range (0, 3)
                                                        : ROOF_COLLECTIVE_RING;
  hw->torus_dims = g_test_rand_int_range (0, 4);
  if (g_test_rand_bit ())
    {
      hw->scaleout_bw = log_uniform (1e9, 1e11);
      hw->scaleout_latency = log_uniform (1e-6, 2e-5);
    }
  hw->power_w = g_test_rand_bit () ? log_uniform (100, 2000) : 0;
  wl->ep = md->is_moe ? ldexp (1.0, g_test_rand_int_range (0, 7)) : 0;
  if (md->is_moe && g_test_rand_int_range (0, 4) == 0)
    wl->ep = whole (1, 72); /* not a power of two, need not divide E */
  wl->pp = ldexp (1.0, g_test_rand_int_range (0, 4));
  wl->dp = whole (1, 8);
  wl->microbatches = g_test_rand_bit () ? 0 : whole (1, 16);
  wl->attn_parallel = (RoofAttnParallel) g_test_rand_int_range (0, 2);
  wl->ep_imbalance = g_test_rand_bit () ? 0 : g_test_rand_double_range (1.0, 3.0);
}

static bool
finite_point (const RoofLayoutPoint *p, void *user)
{
  const double v[] = { p->itl_s, p->ttft_s, p->tokens_per_s, p->tokens_per_s_per_device,
                       p->tokens_per_s_per_kw, p->usd_per_mtok };
  for (size_t i = 0; i < G_N_ELEMENTS (v); i++)
    g_assert_true (isfinite (v[i]) && v[i] >= 0);
  g_assert_cmpfloat (p->itl_s, >, 0);
  (*(int *) user)++;
  return true;
}

static void
test_layouts_finite (void)
{
  /* every layout on every system either solves to finite figures no better
   * than the roofline allows (MFU and MBU ≤ 1 on the busiest device), with
   * DP changing neither latency nor $/Mtok, or fails with a message */
  int ok = 0, errors = 0, points = 0;
  for (int i = 0; i < N_CASES; i++)
    {
      RoofHardwareParams hw;
      RoofModelDerived md;
      RoofWorkload wl;
      RoofResult r, one;
      RoofError err = { 0 };
      random_case (&hw, &md, &wl);
      random_layout (&hw, &md, &wl);
      RoofStatus st = roof_solve (&hw, &md, &wl, &r, &err);
      if (st != ROOF_OK)
        {
          g_assert_cmpint (err.code, ==, st);
          g_assert_cmpuint (strlen (err.message), >, 10);
          errors++;
          continue;
        }
      ok++;
      assert_finite_result (&r);
      const double v[] = { r.t_comm_all_reduce, r.t_comm_all_to_all, r.t_comm_p2p, r.bubble,
                           r.tokens_per_s_total, r.tokens_per_s_per_device,
                           r.tokens_per_s_per_kw, r.footprint_device, r.t_memory_weights };
      for (size_t k = 0; k < G_N_ELEMENTS (v); k++)
        g_assert_true (isfinite (v[k]) && v[k] >= 0);
      g_assert_cmpfloat (r.bubble, <, 1);
      g_assert_cmpfloat (r.t_memory_weights, <=, r.t_memory * (1 + 1e-12));
      RoofWorkload w1 = wl;
      w1.dp = 1;
      g_assert_cmpint (roof_solve (&hw, &md, &w1, &one, &err), ==, ROOF_OK);
      g_assert_cmpfloat (one.t_step, ==, r.t_step);
      if (r.has_cost)
        g_assert_cmpfloat (fabs (one.usd_per_mtok - r.usd_per_mtok), <=, 1e-12 * r.usd_per_mtok);
      if (i % 150 == 0)
        {
          RoofLayoutSearch s;
          roof_layout_search_init (&s);
          s.max_batch = 16;
          s.devices = whole (1, 64);
          s.itl = 0.05;
          st = roof_layouts_enumerate (&hw, &md, &wl, &s, finite_point, &points, NULL, NULL,
                                       &err);
          g_assert_true (st == ROOF_OK || strlen (err.message) > 10);
        }
    }
  /* both outcomes happen */
  g_assert_cmpint (ok, >, N_CASES / 10);
  g_assert_cmpint (errors, >, 10);
  g_assert_cmpint (points, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solver/properties/more-resources-never-slower",
                   test_more_resources_never_slower);
  g_test_add_func ("/solver/properties/throughput-monotone-in-batch",
                   test_throughput_monotone_in_batch);
  g_test_add_func ("/solver/properties/synthesis-meets-sla", test_synthesis_meets_sla);
  g_test_add_func ("/solver/properties/layouts-finite", test_layouts_finite);
  g_test_add_func ("/solver/properties/max-mode-elasticities-bounded",
                   test_max_mode_elasticities_bounded);
  g_test_add_func ("/solver/properties/invalid-never-nan", test_invalid_never_nan);
  return g_test_run ();
}
