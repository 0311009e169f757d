/* test-solver-frontier.c — the interactivity–throughput frontier (docs/model.md, "The frontier")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expectations are computed by hand in the comments from docs/model.md, not
 * taken from the code under test.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "roof-levers.h"
#include "solver-fixtures.h"

/* The tiny model of solver-fixtures.h with one layer, so that the only
 * layouts of two devices are TP 1 × DP 2 and TP 2 (pp ≤ L = 1). Counts, from
 * the tiny model's (test-solver-vectors, tiny-decode) halved where they are
 * per layer:
 *   layer: attention 4,096 + 2,048 + 2,048 + 4,096 = 12,288, norms 128,
 *          FFN 3 · 64 · 128 = 24,576: 36,992
 *   total 36,992 + embedding 6,400 + lm_head 6,400 + final norm 64 = 49,856
 *   weights read: all but the embedding, 43,456 · 2 B = 86,912 B
 *   matmul params 12,288 + 24,576 + 6,400 = 43,264: 86,528 FLOP per token
 *   attention 4 · L · H · d_h · S = 4 · 1 · 4 · 16 · 127 = 32,512 FLOP per token
 *   KV (S = 127): read 127 · 64 · 2 B = 16,256, written 64 · 2 B = 128: 16,384 B
 *   activations: 1,088 per layer + lm_head 64 + 100 = 1,252 elements: 2,504 B
 * So a decode step of B sequences: 119,040·B FLOP, 86,912 + 18,888·B bytes. */
static RoofModelParams
tiny_one_layer (void)
{
  RoofModelParams m = tiny ();
  m.layers = 1;
  return m;
}

typedef struct
{
  double tp, batch, itl;
} Expected;

/* ITL by hand (overlap max, no overhead):
 *   TP 1: t_m = (86,912 + 18,888·B) / 1e11 (t_c = 119,040·B / 1e12 is below it)
 *     B = 1: 105,800 → 1,058.00 ns; 2: 124,688 → 1,246.88 ns;
 *     3: 143,576 → 1,435.76 ns; 4: 162,464 → 1,624.64 ns
 *   TP 2: t_m = (43,456 + 9,444·B) / 1e11, plus two all-reduces (one layer)
 *     of B · d · b_a = 128·B bytes, ring of 2 on the bare device's link:
 *     2 · (1/2 · 2 · 128·B / 1e10 + 2 · 50 ns) = 25.6·B ns + 200 ns
 *     B = 1: 529.00 + 225.6 = 754.60 ns; 2: 623.44 + 251.2 = 874.64 ns;
 *     3: 717.88 + 276.8 = 994.68 ns; 4: 812.32 + 302.4 = 1,114.72 ns */
static const Expected expected[] = {
  { 1, 1, 1058.00e-9 }, { 1, 2, 1246.88e-9 }, { 1, 3, 1435.76e-9 }, { 1, 4, 1624.64e-9 },
  { 2, 1, 754.60e-9 },  { 2, 2, 874.64e-9 },  { 2, 3, 994.68e-9 },  { 2, 4, 1114.72e-9 },
};

static const Expected *
find_expected (double tp, double batch)
{
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    if (expected[i].tp == tp && expected[i].batch == batch)
      return &expected[i];
  return NULL;
}

/* The hand case: the one-layer model at context 127 on 2 small devices,
 * batches 1 … 4. */
static void
hand_setup (RoofHardwareParams *hw, RoofModelDerived *md, RoofWorkload *wl, RoofLayoutSearch *s)
{
  RoofModelParams m = tiny_one_layer ();
  *hw = small_device ();
  *md = derive (&m);
  roof_workload_init (wl);
  wl->context = 127;
  roof_layout_search_init (s);
  s->devices = 2;
  s->max_batch = 4;
}

static size_t
collect (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
         const RoofLayoutSearch *s, RoofFrontierMetric metric, RoofFrontierPoint *pts,
         size_t cap)
{
  size_t n = 0;
  RoofError err = { 0 };
  if (roof_frontier_collect (hw, md, wl, s, metric, pts, cap, &n, NULL, &err) != ROOF_OK)
    g_error ("frontier: %s", err.message);
  g_assert_cmpuint (n, <=, cap);
  return n;
}

static void
test_hand (void)
{
  RoofHardwareParams hw;
  RoofModelDerived md;
  RoofWorkload wl;
  RoofLayoutSearch s;
  RoofFrontierPoint pts[64];

  hand_setup (&hw, &md, &wl, &s);

  size_t n = collect (&hw, &md, &wl, &s, ROOF_FRONTIER_PER_DEVICE, pts, G_N_ELEMENTS (pts));
  /* two layouts × batches 1 … 4 */
  g_assert_cmpuint (n, ==, 8);
  for (size_t i = 0; i < n; i++)
    {
      const RoofLayoutPoint *p = &pts[i].p;
      const Expected *e = find_expected (p->tp, p->batch);
      g_assert_nonnull (e);
      g_assert_cmpfloat (p->devices, ==, 2.0);
      g_assert_cmpfloat (p->dp, ==, p->tp == 1.0 ? 2.0 : 1.0);
      assert_rel (p->itl_s, e->itl, 1e-9);
      /* x = 1 / ITL; y = B · DP / (ITL · 2 devices) */
      assert_rel (pts[i].x, 1.0 / e->itl, 1e-9);
      assert_rel (pts[i].y, e->batch * p->dp / (e->itl * 2.0), 1e-9);
    }

  /* By rising x (tokens/s per user), y:
   *   TP1 B4  615,521   2,462,084   frontier
   *   TP1 B3  696,495   2,089,486   frontier
   *   TP1 B2  802,001   1,604,003   below TP2 B4 (faster and more per device)
   *   TP2 B4  897,086   1,794,173   frontier
   *   TP1 B1  945,179     945,179   below TP2 B3
   *   TP2 B3 1,005,348  1,508,022   frontier
   *   TP2 B2 1,143,328  1,143,328   frontier
   *   TP2 B1 1,325,205    662,603   frontier */
  size_t on = roof_frontier_mark (pts, n);
  g_assert_cmpuint (on, ==, 6);
  const Expected order[8] = { { 1, 4, 1 }, { 1, 3, 1 }, { 1, 2, 0 }, { 2, 4, 1 },
                              { 1, 1, 0 }, { 2, 3, 1 }, { 2, 2, 1 }, { 2, 1, 1 } };
  for (size_t i = 0; i < n; i++)
    {
      g_assert_cmpfloat (pts[i].p.tp, ==, order[i].tp);
      g_assert_cmpfloat (pts[i].p.batch, ==, order[i].batch);
      g_assert_cmpint (pts[i].frontier, ==, order[i].itl != 0.0);
    }
  assert_rel (pts[0].x, 615521.0, 1e-6);
  assert_rel (pts[0].y, 2462084.0, 1e-6);
}

/* The other two y axes: per kW of the devices' 500 W each, per $/h of
 * their $2 each. */
static void
test_metrics (void)
{
  RoofHardwareParams hw;
  RoofModelDerived md;
  RoofWorkload wl;
  RoofLayoutSearch s;
  RoofFrontierPoint kw[16], usd[16];
  RoofError err = { 0 };

  hand_setup (&hw, &md, &wl, &s);
  size_t n = collect (&hw, &md, &wl, &s, ROOF_FRONTIER_PER_KW, kw, G_N_ELEMENTS (kw));
  g_assert_cmpuint (collect (&hw, &md, &wl, &s, ROOF_FRONTIER_PER_USD_HOUR, usd,
                             G_N_ELEMENTS (usd)), ==, n);
  for (size_t i = 0; i < n; i++)
    {
      const Expected *e = find_expected (kw[i].p.tp, kw[i].p.batch);
      double tokens = e->batch * kw[i].p.dp / e->itl; /* all replicas */
      /* per kW: tokens / (2 · 0.5 kW); per $/h: tokens / (2 · $2) */
      assert_rel (kw[i].y, tokens / 1.0, 1e-9);
      assert_rel (usd[i].y, tokens / 4.0, 1e-9);
      /* $/Mtok: $4/h over tokens/s · 3600 s, per million */
      assert_rel (usd[i].p.usd_per_mtok, 4.0 / 3600.0 / tokens * 1e6, 1e-9);
    }

  /* a device without the figure: a clear refusal */
  hw.power_w = 0;
  size_t got = 0;
  g_assert_cmpint (roof_frontier_collect (&hw, &md, &wl, &s, ROOF_FRONTIER_PER_KW, kw,
                                          G_N_ELEMENTS (kw), &got, NULL, &err),
                   ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "power"));
  hw.has_price = false;
  g_assert_cmpint (roof_frontier_check_metric (&hw, ROOF_FRONTIER_PER_USD_HOUR, &err), ==,
                   ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "price"));
  g_assert_cmpint (roof_frontier_check_metric (&hw, ROOF_FRONTIER_PER_DEVICE, &err), ==,
                   ROOF_OK);

  RoofFrontierMetric metric;
  g_assert_true (roof_frontier_metric_from_name ("kw", &metric));
  g_assert_cmpint (metric, ==, ROOF_FRONTIER_PER_KW);
  g_assert_false (roof_frontier_metric_from_name ("watts", &metric));
  g_assert_cmpstr (roof_frontier_metric_name (ROOF_FRONTIER_PER_USD_HOUR), ==, "usd");
}

/* Too little room: the count says how much, nothing past the room is written. */
static void
test_capacity (void)
{
  RoofHardwareParams hw;
  RoofModelDerived md;
  RoofWorkload wl;
  RoofLayoutSearch s;
  RoofFrontierPoint pts[4];
  RoofError err = { 0 };
  size_t n = 0;

  hand_setup (&hw, &md, &wl, &s);
  memset (pts, 0x5a, sizeof pts);
  g_assert_cmpint (roof_frontier_collect (&hw, &md, &wl, &s, ROOF_FRONTIER_PER_DEVICE, pts, 3,
                                          &n, NULL, &err),
                   ==, ROOF_OK);
  g_assert_cmpuint (n, ==, 8);
  /* the fourth slot is as it was */
  RoofFrontierPoint untouched;
  memset (&untouched, 0x5a, sizeof untouched);
  g_assert_cmpmem (&pts[3], sizeof pts[3], &untouched, sizeof untouched);
  g_assert_cmpuint (roof_frontier_mark (pts, 0), ==, 0);
}

static gboolean
on_grid (double b, double top)
{
  /* 1, 2, 3, 4, 6, 8, 12, …: 2^k or 3 · 2^k, or the largest batch that fits */
  if (b == top)
    return TRUE;
  double k = log2 (b), k3 = log2 (b / 3.0);
  return k == floor (k) || (b >= 3.0 && k3 == floor (k3));
}

/* DeepSeek-V3 on a GB200 NVL72 (solver-fixtures.h): the batches of the
 * grid, and the frontier's shape over every layout. */
static void
test_nvl72_shape (void)
{
  RoofHardwareParams hw = gb200_nvl72 ();
  RoofModelParams m = deepseek_v3 ();
  RoofModelDerived md = derive (&m);
  RoofWorkload wl;
  RoofLayoutSearch s;
  size_t cap = 1 << 15;
  g_autofree RoofFrontierPoint *pts = g_new (RoofFrontierPoint, cap);
  int layouts = 0;
  size_t n = 0;
  RoofError err = { 0 };

  roof_workload_init (&wl);
  wl.weights = wl.kv = wl.compute = ROOF_PREC_FP8;
  roof_layout_search_init (&s);
  s.max_batch = 4096;
  s.batch_grid = true;
  g_assert_cmpint (roof_frontier_collect (&hw, &md, &wl, &s, ROOF_FRONTIER_PER_DEVICE, pts, cap,
                                          &n, &layouts, &err),
                   ==, ROOF_OK);
  g_assert_cmpint (layouts, ==, 87); /* as `layouts` enumerates them (docs/performance.md) */
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, <=, 87 * 26);

  /* every batch is on the grid or the largest that fits its layout */
  for (size_t i = 0; i < n; i++)
    {
      RoofWorkload w = wl;
      w.devices = pts[i].p.tp;
      w.ep = pts[i].p.ep;
      w.pp = w.microbatches = pts[i].p.pp;
      w.dp = pts[i].p.dp;
      double top = fmin (floor (roof_max_batch_that_fits (&hw, &md, &w)), 4096.0);
      g_assert_true (on_grid (pts[i].p.batch, top));
      g_assert_cmpfloat (pts[i].p.batch, <=, top);
    }

  size_t on = roof_frontier_mark (pts, n);
  g_assert_cmpuint (on, >=, 2);
  /* by rising x; along the frontier x rises and y falls; every point off
   * it is dominated by one on it */
  const RoofFrontierPoint *prev = NULL;
  for (size_t i = 0; i < n; i++)
    {
      if (i > 0)
        g_assert_cmpfloat (pts[i].x, >=, pts[i - 1].x);
      if (!pts[i].frontier)
        continue;
      if (prev != NULL)
        {
          g_assert_cmpfloat (pts[i].x, >, prev->x);
          g_assert_cmpfloat (pts[i].y, <, prev->y);
        }
      prev = &pts[i];
    }
  for (size_t i = 0; i < n; i++)
    {
      gboolean dominated = pts[i].frontier;
      for (size_t j = 0; j < n && !dominated; j++)
        dominated = pts[j].frontier && pts[j].x >= pts[i].x && pts[j].y >= pts[i].y;
      g_assert_true (dominated);
    }
}

static void
test_layout_label (void)
{
  char buf[64];
  roof_layout_label (4, 8, 1, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "TP4·EP8");
  roof_layout_label (1, 1, 2, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "TP1·PP2");
  roof_layout_label (0, 0, 0, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "TP1");
  roof_layout_label (64, 72, 16, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "TP64·EP72·PP16");
}

/* Speculative decoding moves the frontier (docs/model.md, "Speculative
 * decoding"): k = 3, α = 0.7, MTP heads of 10,000 parameters, on the hand
 * case. At TP 1, B = 1 (context 127, memory-bound throughout):
 *   verify step, q = 4 tokens: weights 86,912 B + the cache read once
 *     127 · 64 · 2 = 16,256 B + 4 tokens written 4 · 128 = 512 B +
 *     activations 4 · 2,504 = 10,016 B = 113,696 B → 1,136.96 ns
 *     (FLOP 4 · 86,528 + 4 · 32,512 = 476,160 → 476.16 ns, below it)
 *   draft step: 10,000 · 2 B = 20,000 B → 200 ns (20,000 FLOP: 20 ns)
 *   t_cycle = 1,136.96 + 3 · 200 = 1,736.96 ns; tokens per step 2.533
 *   ITL = 1,736.96 / 2.533 = 685.7323 ns against 1,058 ns plain: the point
 *   moves right by 1,058 / 685.7323 = 1.54288, and per device (DP 2 of
 *   B = 1 over 2 devices) from 1 / 1,058 ns to 2.533 / 1,736.96 ns, the
 *   same factor. */
static void
test_speculative_moves (void)
{
  RoofHardwareParams hw;
  RoofModelDerived md;
  RoofWorkload wl;
  RoofLayoutSearch s;
  RoofFrontierPoint plain[64], spec[64];
  RoofSpeculative sp = { .k = 3, .accept = 0.7, .drafter = ROOF_DRAFTER_MTP,
                         .mtp_params = 10000 };
  const double t_cycle = 1136.96e-9 + 3 * 200e-9, tps = 1 + 0.7 + 0.49 + 0.343;
  const double itl = t_cycle / tps, factor = 1058e-9 / itl;

  hand_setup (&hw, &md, &wl, &s);
  size_t n0 = collect (&hw, &md, &wl, &s, ROOF_FRONTIER_PER_DEVICE, plain, 64);
  s.spec = &sp;
  size_t n1 = collect (&hw, &md, &wl, &s, ROOF_FRONTIER_PER_DEVICE, spec, 64);
  /* the drafter is small: every point still fits */
  g_assert_cmpuint (n1, ==, n0);
  const RoofFrontierPoint *a = NULL, *b = NULL;
  for (size_t i = 0; i < n0; i++)
    {
      if (plain[i].p.tp == 1 && plain[i].p.batch == 1)
        a = &plain[i];
      if (spec[i].p.tp == 1 && spec[i].p.batch == 1)
        b = &spec[i];
    }
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  assert_rel (a->p.itl_s, 1058e-9, 1e-9);
  assert_rel (b->p.itl_s, itl, 1e-9);
  assert_rel (b->x / a->x, factor, 1e-9);
  assert_rel (b->y, tps / t_cycle, 1e-9);
  assert_rel (b->y / a->y, factor, 1e-9);
  /* $2/h × 2 devices over 2 · 2.533 tokens per cycle */
  assert_rel (b->p.usd_per_mtok, 4.0 / 3600.0 * t_cycle / (2 * tps) * 1e6, 1e-9);
  g_assert_true (b->p.fits);

  /* the ITL target is met on the effective ITL: 0.7 µs holds 685.7 ns */
  s.itl = 0.7e-6;
  collect (&hw, &md, &wl, &s, ROOF_FRONTIER_PER_DEVICE, spec, 64);
  for (size_t i = 0; i < n1; i++)
    if (spec[i].p.tp == 1 && spec[i].p.batch == 1)
      g_assert_true (spec[i].p.meets);

  /* the speculative settings are checked once, naming the field */
  RoofError err = { 0 };
  size_t n = 0;
  sp.k = 0;
  g_assert_cmpint (roof_frontier_collect (&hw, &md, &wl, &s, ROOF_FRONTIER_PER_DEVICE, spec, 64,
                                          &n, NULL, &err),
                   ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "draft length k"));
  sp.k = 3;
  sp.drafter = ROOF_DRAFTER_MODEL;
  g_assert_cmpint (roof_frontier_collect (&hw, &md, &wl, &s, ROOF_FRONTIER_PER_DEVICE, spec, 64,
                                          &n, NULL, &err),
                   ==, ROOF_ERR_INVALID);
  g_assert_nonnull (strstr (err.message, "draft model"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solver/frontier/hand", test_hand);
  g_test_add_func ("/solver/frontier/speculative-moves", test_speculative_moves);
  g_test_add_func ("/solver/frontier/metrics", test_metrics);
  g_test_add_func ("/solver/frontier/capacity", test_capacity);
  g_test_add_func ("/solver/frontier/nvl72-shape", test_nvl72_shape);
  g_test_add_func ("/solver/frontier/layout-label", test_layout_label);
  return g_test_run ();
}
