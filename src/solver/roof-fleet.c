/* roof-fleet.c — the fleet plan: M/M/c queueing over the replicas of a layout
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "The fleet plan". A replica running continuous batching
 * at batch B is B servers (slots); a request holds a slot for its prefill
 * and its S_out decode steps; requests are spread evenly over n replicas,
 * each an M/M/c queue with c = B (Erlang C for the wait before admission).
 */
#include <string.h>

#include "roof-fleet.h"
#include "roof-solver-private.h"

void
roof_fleet_demand_init (RoofFleetDemand *d, double rate, double prompt, double output)
{
  memset (d, 0, sizeof *d);
  d->rate = rate;
  d->n_classes = 1;
  d->classes[0].prompt = prompt;
  d->classes[0].output = output;
  d->classes[0].share = 1.0;
}

static RoofStatus
check_target (double v, const char *name, RoofError *err)
{
  if (!roof_finite_nonneg (v) || v > 1e6)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "%s must be ≥ 0 s and at most 1e6 s (0 = none), got %g", name, v);
  return ROOF_OK;
}

RoofStatus
roof_fleet_demand_validate (const RoofFleetDemand *d, RoofError *err)
{
  RoofStatus st;
  double sum = 0.0;

  if (d == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no demand given");
  if (!roof_finite_pos (d->rate) || d->rate > 1e9)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "request rate must be > 0 and at most 1e9 requests/s, got %g",
                           d->rate);
  if (d->n_classes < 1 || d->n_classes > ROOF_FLEET_MAX_CLASSES)
    return roof_set_error (err, ROOF_ERR_INVALID, "lengths must have 1 to %d classes, got %d",
                           ROOF_FLEET_MAX_CLASSES, d->n_classes);
  for (int k = 0; k < d->n_classes; k++)
    {
      const RoofFleetClass *c = &d->classes[k];
      if (!roof_whole (c->prompt) || c->prompt < 1.0 || c->prompt > 1e8)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "lengths class %d prompt must be a whole number from 1 to 1e8, "
                               "got %g",
                               k + 1, c->prompt);
      if (!roof_whole (c->output) || c->output < 1.0 || c->output > 1e8)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "lengths class %d output must be a whole number from 1 to 1e8, "
                               "got %g",
                               k + 1, c->output);
      if (!roof_finite_pos (c->share) || c->share > 1.0)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "lengths class %d share must lie in (0, 1], got %g", k + 1,
                               c->share);
      sum += c->share;
    }
  if (fabs (sum - 1.0) > 1e-6)
    return roof_set_error (err, ROOF_ERR_INVALID, "lengths shares must sum to 1, got %.6g", sum);
  if ((st = check_target (d->ttft_p50, "TTFT P50 target", err)) != ROOF_OK
      || (st = check_target (d->ttft_p99, "TTFT P99 target", err)) != ROOF_OK
      || (st = check_target (d->itl, "ITL target", err)) != ROOF_OK)
    return st;
  if (d->ttft_p50 > 0.0 && d->ttft_p99 > 0.0 && d->ttft_p99 < d->ttft_p50)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "TTFT P99 target (%g s) must not be below the P50 target (%g s)",
                           d->ttft_p99, d->ttft_p50);
  return ROOF_OK;
}

/* ------------------------------------------------------------------------ */
/* M/M/c                                                                    */

double
roof_erlang_c (double c, double a)
{
  if (!(a > 0.0))
    return 0.0;
  if (a >= c)
    return 1.0;
  /* Erlang B: B(0) = 1, B(k) = a·B(k−1) / (k + a·B(k−1)); then
   * C = c·B / (c − a·(1 − B)) */
  double b = 1.0;
  for (double k = 1.0; k <= c; k += 1.0)
    {
      b = a * b / (k + a * b);
      /* past k > a, B only falls (B_k < a·B_{k−1}/k): once C could not
       * exceed 1e-18, it is 0 to every figure it feeds */
      if (k > a && b * c < 1e-18 * (c - a))
        return 0.0;
    }
  return c * b / (c - a * (1.0 - b));
}

double
roof_mmc_wait_tail (double c, double lambda, double mu, double t)
{
  if (t < 0.0)
    return 1.0;
  if (lambda >= c * mu)
    return 1.0;
  return roof_erlang_c (c, lambda / mu) * exp (-(c * mu - lambda) * t);
}

double
roof_mmc_mean_wait (double c, double lambda, double mu)
{
  if (lambda >= c * mu)
    return INFINITY;
  return roof_erlang_c (c, lambda / mu) / (c * mu - lambda);
}

double
roof_mmc_wait_quantile (double c, double lambda, double mu, double q)
{
  if (lambda >= c * mu)
    return INFINITY;
  double C = roof_erlang_c (c, lambda / mu);
  if (C <= 1.0 - q)
    return 0.0;
  return log (C / (1.0 - q)) / (c * mu - lambda);
}

/* ------------------------------------------------------------------------ */
/* Candidates                                                               */

typedef struct
{
  const RoofHardwareParams *hw;
  const RoofModelDerived *md;
  const RoofFleetDemand *d;
  const RoofFleetLevers *lv; /* NULL: none */
  RoofWorkload w; /* decode at the mean context */
  double ctx_mean;
  double ctx_max; /* the longest class's full context: what must fit */
  /* disaggregated: the pool's prefill of each class (P prompts) and its
   * KV cache */
  double pool_t[ROOF_FLEET_MAX_CLASSES], pool_kv[ROOF_FLEET_MAX_CLASSES];
  double pool_devices;
  RoofFleetCandidate *cands;
  size_t capacity, n;
  /* the prefill times of the layout last seen */
  double tp, ep, pp;
  double prefill[ROOF_FLEET_MAX_CLASSES];
  bool prefill_ok;
} Gather;

static bool
time_prefills (Gather *g, const RoofLayoutPoint *p)
{
  RoofWorkload pre = g->w;
  RoofResult r;
  RoofError e;

  g->tp = p->tp;
  g->ep = p->ep;
  g->pp = p->pp;
  pre.phase = ROOF_PHASE_PREFILL;
  pre.batch = 1.0;
  roof_workload_set_layout (&pre, p->tp, p->ep, p->pp, 1.0);
  g->prefill_ok = true;
  for (int k = 0; k < g->d->n_classes && g->prefill_ok; k++)
    {
      pre.prompt = g->d->classes[k].prompt;
      pre.context = pre.prompt;
      g->prefill_ok = roof_solve (g->hw, g->md, &pre, &r, &e) == ROOF_OK;
      g->prefill[k] = r.t_step;
    }
  return g->prefill_ok;
}

/* The decode step of the point (g->w with its layout and batch): ITL(B),
 * or with speculative decoding the effective ITL, when the drafter fits
 * beside the verify step at the longest context. */
static bool
time_decode (Gather *g, double *itl, double *tokens_per_step)
{
  RoofResult r;
  RoofSpecResult s;
  RoofError e;
  RoofWorkload fit = g->w;

  *tokens_per_step = 1.0;
  if (g->lv == NULL || g->lv->spec == NULL)
    {
      if (roof_solve (g->hw, g->md, &g->w, &r, &e) != ROOF_OK)
        return false;
      *itl = r.t_step;
      return true;
    }
  fit.context = g->ctx_max;
  if (roof_speculative (g->hw, g->md, &fit, g->lv->spec, g->lv->draft, &s, &e) != ROOF_OK
      || !s.fits
      || roof_speculative (g->hw, g->md, &g->w, g->lv->spec, g->lv->draft, &s, &e) != ROOF_OK)
    return false;
  *itl = s.itl;
  *tokens_per_step = s.tokens_per_step;
  return true;
}

/* Disaggregated: the prefill pool's time of each class plus its KV transfer
 * to a replica of n_d devices; its price and power per replica. */
static void
pool_into (const Gather *g, RoofFleetCandidate *c)
{
  const RoofHardwareParams *ph = g->lv->prefill_hw;

  c->disagg = true;
  c->pool_devices = g->pool_devices;
  c->has_cost = c->has_cost && ph->has_price;
  c->pool_usd_per_hour = ph->has_price ? g->pool_devices * ph->price_per_hour : 0.0;
  c->has_power = c->has_power && ph->power_w > 0.0;
  c->pool_watts = g->pool_devices * ph->power_w;
  c->prefill_mean = 0.0;
  for (int k = 0; k < g->d->n_classes; k++)
    {
      c->prefill[k] = g->pool_t[k]
                      + roof_disagg_transfer_time (ph, g->pool_devices, g->hw, c->devices,
                                                   g->pool_kv[k]);
      c->prefill_mean += g->d->classes[k].share * c->prefill[k];
      c->pool_seconds += g->d->classes[k].share * g->pool_t[k] / g->lv->prefill_wl.batch;
    }
}

static bool
gather_point (const RoofLayoutPoint *p, void *user)
{
  Gather *g = user;
  bool disagg = g->lv != NULL && g->lv->prefill_hw != NULL;
  double itl, tokens_per_step;

  if (!disagg && (p->tp != g->tp || p->ep != g->ep || p->pp != g->pp) && !time_prefills (g, p))
    return true;
  if (!disagg && !g->prefill_ok)
    return true;
  roof_workload_set_layout (&g->w, p->tp, p->ep, p->pp, 1.0);
  g->w.batch = p->batch;
  if (!time_decode (g, &itl, &tokens_per_step))
    return true;
  if (g->n < g->capacity)
    {
      RoofFleetCandidate *c = &g->cands[g->n];
      memset (c, 0, sizeof *c);
      c->tp = p->tp;
      c->ep = p->ep;
      c->pp = p->pp;
      c->batch = p->batch;
      c->devices = p->tp * p->ep * p->pp;
      c->itl = itl;
      c->tokens_per_step = tokens_per_step;
      for (int k = 0; k < g->d->n_classes; k++)
        {
          c->prefill[k] = g->prefill[k];
          c->prefill_mean += g->d->classes[k].share * g->prefill[k];
          c->output_mean += g->d->classes[k].share * g->d->classes[k].output;
        }
      c->has_cost = g->hw->has_price;
      c->usd_per_hour = c->has_cost ? c->devices * g->hw->price_per_hour : 0.0;
      c->has_power = g->hw->power_w > 0.0;
      c->watts = c->devices * g->hw->power_w;
      if (disagg)
        pool_into (g, c);
    }
  g->n++;
  return true;
}

/* The levers checked, and the prefill pool's prefills timed once. */
static RoofStatus
prepare_levers (Gather *g, RoofError *err)
{
  const RoofFleetLevers *lv = g->lv;
  RoofStatus st;
  RoofResult r;

  if (lv == NULL)
    return ROOF_OK;
  if (lv->spec != NULL && (st = roof_speculative_validate (lv->spec, err)) != ROOF_OK)
    return st;
  if (lv->prefill_hw == NULL)
    return ROOF_OK;
  if (!(lv->prefill_hw->scaleout_bw > 0.0) || !(g->hw->scaleout_bw > 0.0))
    return roof_set_error (err, ROOF_ERR_UNSUPPORTED,
                           "the %s pool has no scale-out network: the KV cache cannot cross "
                           "between the pools",
                           lv->prefill_hw->scaleout_bw > 0.0 ? "decode" : "prefill");
  for (int k = 0; k < g->d->n_classes; k++)
    {
      RoofWorkload pw = lv->prefill_wl;
      pw.phase = ROOF_PHASE_PREFILL;
      pw.prompt = pw.context = g->d->classes[k].prompt;
      pw.output = g->d->classes[k].output;
      pw.step_tokens = 0.0;
      if ((st = roof_solve (lv->prefill_hw, g->md, &pw, &r, err)) != ROOF_OK)
        return st;
      g->pool_t[k] = r.t_step;
      g->pool_devices = r.devices;
      g->pool_kv[k] = roof_model_kv_bytes (g->md, pw.prompt, roof_precision_bytes (pw.kv));
    }
  return ROOF_OK;
}

RoofStatus
roof_fleet_candidates (const RoofHardwareParams *hw, const RoofModelDerived *md,
                       const RoofWorkload *wl, const RoofFleetDemand *demand,
                       RoofFleetCandidate *cands, size_t capacity, size_t *n_cands,
                       RoofError *err)
{
  return roof_fleet_candidates_levers (hw, md, wl, demand, NULL, cands, capacity, n_cands, err);
}

RoofStatus
roof_fleet_candidates_levers (const RoofHardwareParams *hw, const RoofModelDerived *md,
                              const RoofWorkload *wl, const RoofFleetDemand *demand,
                              const RoofFleetLevers *levers, RoofFleetCandidate *cands,
                              size_t capacity, size_t *n_cands, RoofError *err)
{
  RoofStatus st;
  RoofLayoutSearch s;
  RoofWorkload fit = *wl;
  Gather g;
  double ctx_max = 0.0, tokens = 0.0, weighted = 0.0;

  *n_cands = 0;
  if ((st = roof_fleet_demand_validate (demand, err)) != ROOF_OK)
    return st;
  /* the mean context of a decode step: each class's S_in + (S_out − 1)/2,
   * weighted by the decode steps it takes (share · S_out) */
  for (int k = 0; k < demand->n_classes; k++)
    {
      const RoofFleetClass *c = &demand->classes[k];
      ctx_max = roof_max (ctx_max, c->prompt + c->output);
      tokens += c->share * c->output;
      weighted += c->share * c->output * (c->prompt + (c->output - 1.0) / 2.0);
    }
  memset (&g, 0, sizeof g);
  g.hw = hw;
  g.md = md;
  g.d = demand;
  g.lv = levers;
  g.ctx_max = ctx_max;
  g.cands = cands;
  g.capacity = cands ? capacity : 0;
  g.tp = g.ep = g.pp = -1.0;
  g.w = *wl;
  g.w.phase = ROOF_PHASE_DECODE;
  g.w.context = round (weighted / tokens);
  g.w.prompt = demand->classes[0].prompt;
  g.w.output = demand->classes[0].output;
  g.w.step_tokens = 0.0;
  if ((st = prepare_levers (&g, err)) != ROOF_OK)
    return st;
  /* what must fit: B sequences at the longest class's full context */
  fit.phase = ROOF_PHASE_DECODE;
  fit.context = ctx_max;
  fit.step_tokens = 0.0;
  roof_layout_search_init (&s);
  s.batch_grid = true;
  st = roof_layouts_enumerate (hw, md, &fit, &s, gather_point, &g, NULL, NULL, err);
  *n_cands = g.n;
  return st;
}

/* ------------------------------------------------------------------------ */
/* The plan                                                                 */

/* P(TTFT > t) of the mix: Σ share_k · P(W > t − prefill_k). */
static double
ttft_tail (const RoofFleetCandidate *c, const RoofFleetDemand *d, double C, double theta,
           double t)
{
  double p = 0.0;
  for (int k = 0; k < d->n_classes; k++)
    {
      double x = t - c->prefill[k];
      p += d->classes[k].share * (x < 0.0 ? 1.0 : C * exp (-theta * x));
    }
  return p;
}

/* The q-quantile of TTFT = prefill of the request's class + W: closed
 * form for one class, else bisection on the tail (non-increasing in t). */
static double
ttft_quantile (const RoofFleetCandidate *c, const RoofFleetDemand *d, double C, double theta,
               double q)
{
  double tail = 1.0 - q;

  if (d->n_classes == 1)
    return c->prefill[0] + (C <= tail ? 0.0 : log (C / tail) / theta);
  double lo = INFINITY, hi = 0.0;
  for (int k = 0; k < d->n_classes; k++)
    {
      lo = roof_min (lo, c->prefill[k]);
      hi = roof_max (hi, c->prefill[k]);
    }
  if (C > tail)
    hi += log (C / tail) / theta;
  if (ttft_tail (c, d, C, theta, lo) <= tail)
    return lo;
  for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++)
    {
      double mid = 0.5 * (lo + hi);
      if (ttft_tail (c, d, C, theta, mid) <= tail)
        hi = mid;
      else
        lo = mid;
    }
  return hi;
}

static bool ok_at (const RoofFleetCandidate *c, const RoofFleetDemand *d, double n,
                   bool want_meets);

/* The seconds of prefill per request a replica runs itself: none when
 * the prefill pool runs them. */
static double
own_prefill (const RoofFleetCandidate *c)
{
  return c->disagg ? 0.0 : c->prefill_mean;
}

/* The prefill pool at the ratio that keeps it busy: ⌈λ · pool_seconds⌉
 * replicas, at least one (its own queueing left out). */
static double
pool_replicas (const RoofFleetCandidate *c, const RoofFleetDemand *d)
{
  return roof_max (1.0, ceil (d->rate * c->pool_seconds * (1.0 - 1e-12)));
}

void
roof_fleet_evaluate (const RoofFleetCandidate *c, const RoofFleetDemand *d, double replicas,
                     RoofFleetPlan *out)
{
  memset (out, 0, sizeof *out);
  out->c = *c;
  out->replicas = replicas;
  out->devices = replicas * c->devices;
  out->has_cost = c->has_cost;
  out->usd_per_month = replicas * c->usd_per_hour * ROOF_FLEET_HOURS_PER_MONTH;
  out->has_power = c->has_power;
  out->mw = replicas * c->watts * 1e-6;
  if (c->disagg)
    {
      out->prefill_replicas = pool_replicas (c, d);
      out->prefill_devices = out->prefill_replicas * c->pool_devices;
      out->devices += out->prefill_devices;
      out->usd_per_month += out->prefill_replicas * c->pool_usd_per_hour
                            * ROOF_FLEET_HOURS_PER_MONTH;
      out->mw += out->prefill_replicas * c->pool_watts * 1e-6;
    }
  out->rate_per_replica = d->rate / replicas;
  out->prefill_share = out->rate_per_replica * own_prefill (c);
  if (out->prefill_share >= 1.0)
    {
      out->utilisation = INFINITY;
      return;
    }
  out->itl = c->itl / (1.0 - out->prefill_share);
  out->service = c->prefill_mean + c->output_mean * out->itl;
  out->utilisation = out->rate_per_replica * out->service / c->batch;
  if (!(out->utilisation < 1.0))
    return;
  double mu = 1.0 / out->service, B = c->batch;
  double theta = B * mu - out->rate_per_replica;
  double C = roof_erlang_c (B, out->rate_per_replica / mu);
  out->wait_probability = C;
  out->wait_mean = C / theta;
  out->ttft_mean = c->prefill_mean + out->wait_mean;
  out->ttft_p50 = ttft_quantile (c, d, C, theta, 0.50);
  out->ttft_p99 = ttft_quantile (c, d, C, theta, 0.99);
  /* the search's own test, so that what it found is what is reported */
  out->meets = ok_at (c, d, replicas, true);
  out->found = out->meets;
}

/* Whether candidate c on n replicas meets every target (want_meets) or
 * is only stable: roof_fleet_evaluate's verdict without its quantiles. A
 * TTFT target T of quantile q is met when P(TTFT > T) ≤ 1 − q (the tail
 * is non-increasing), one exponential per class. */
static bool
ok_at (const RoofFleetCandidate *c, const RoofFleetDemand *d, double n, bool want_meets)
{
  double lr = d->rate / n, rho = lr * own_prefill (c);

  if (rho >= 1.0)
    return false;
  double itl = c->itl / (1.0 - rho);
  double S = c->prefill_mean + c->output_mean * itl;
  double B = c->batch;
  if (!(lr * S < B))
    return false;
  if (!want_meets)
    return true;
  if (d->itl > 0.0 && itl > d->itl)
    return false;
  if (d->ttft_p50 <= 0.0 && d->ttft_p99 <= 0.0)
    return true;
  double C = roof_erlang_c (B, lr * S), theta = B / S - lr;
  return (d->ttft_p50 <= 0.0 || ttft_tail (c, d, C, theta, d->ttft_p50) <= 0.5)
         && (d->ttft_p99 <= 0.0 || ttft_tail (c, d, C, theta, d->ttft_p99) <= 0.01);
}

/* The smallest n in [lo, ROOF_FLEET_MAX_REPLICAS] for which ok_at holds
 * (it is monotone in n: more replicas, less load on each); 0 when none. */
static double
smallest_replicas (const RoofFleetCandidate *c, const RoofFleetDemand *d, double lo,
                   bool want_meets)
{
  double hi = roof_max (lo, 1.0);

  while (!ok_at (c, d, hi, want_meets))
    {
      lo = hi + 1.0;
      hi *= 2.0;
      if (hi > ROOF_FLEET_MAX_REPLICAS)
        {
          if (!ok_at (c, d, ROOF_FLEET_MAX_REPLICAS, want_meets))
            return 0.0;
          hi = ROOF_FLEET_MAX_REPLICAS;
          break;
        }
    }
  while (lo < hi)
    {
      double mid = floor (0.5 * (lo + hi));
      if (ok_at (c, d, mid, want_meets))
        hi = mid;
      else
        lo = mid + 1.0;
    }
  return hi;
}

/* How far the candidate's floors lie above the targets: TTFT of a request
 * that never waits (its prefill; the mix's quantile of prefills), ITL(B).
 * ≤ 1 when more replicas can meet every target. */
/* The q-quantile of the prefills alone (no request waits): the smallest
 * t_pf,k whose class and the faster ones hold a share ≥ q. */
static double
prefill_quantile (const RoofFleetCandidate *c, const RoofFleetDemand *d, double q)
{
  double best = INFINITY;
  for (int k = 0; k < d->n_classes; k++)
    {
      double below = 0.0;
      for (int j = 0; j < d->n_classes; j++)
        if (c->prefill[j] <= c->prefill[k])
          below += d->classes[j].share;
      if (below >= q - 1e-12)
        best = roof_min (best, c->prefill[k]);
    }
  return best;
}

static double
floor_ratio (const RoofFleetCandidate *c, const RoofFleetDemand *d)
{
  double r = 0.0;
  if (d->ttft_p50 > 0.0)
    r = roof_max (r, prefill_quantile (c, d, 0.50) / d->ttft_p50);
  if (d->ttft_p99 > 0.0)
    r = roof_max (r, prefill_quantile (c, d, 0.99) / d->ttft_p99);
  if (d->itl > 0.0)
    r = roof_max (r, c->itl / d->itl);
  return r;
}

/* Fewer replicas than this cannot be stable or meet the ITL target, what
 * ever the queue: n > λ·S∞/B with S at its value at n → ∞, n > λ·t̄_pf
 * (the prefill share below 1), and ITL(B)/(1 − λ·t̄_pf/n) ≤ target. */
static double
fleet_lower_replicas (const RoofFleetCandidate *c, const RoofFleetDemand *d)
{
  double own = own_prefill (c);
  double lo = floor (d->rate * (c->prefill_mean + c->output_mean * c->itl) / c->batch) + 1.0;
  lo = roof_max (lo, floor (d->rate * own) + 1.0);
  if (d->itl > 0.0 && c->itl < d->itl)
    lo = roof_max (lo, ceil (d->rate * own / (1.0 - c->itl / d->itl)));
  return lo;
}

/* The rank of a plan of candidate c at `lo` replicas, its lower bound. */
static double
fleet_bound_at (const RoofFleetCandidate *c, const RoofFleetDemand *d, double lo, bool by_cost)
{
  if (!c->disagg)
    return by_cost ? lo * c->usd_per_hour * ROOF_FLEET_HOURS_PER_MONTH : lo * c->devices;
  double pool = pool_replicas (c, d);
  return by_cost ? (lo * c->usd_per_hour + pool * c->pool_usd_per_hour)
                     * ROOF_FLEET_HOURS_PER_MONTH
                 : lo * c->devices + pool * c->pool_devices;
}

static double
fleet_bound (const RoofFleetCandidate *c, const RoofFleetDemand *d, bool by_cost)
{
  return fleet_bound_at (c, d, fleet_lower_replicas (c, d), by_cost);
}

static double
rank_of (const RoofFleetPlan *p, bool by_cost)
{
  return by_cost ? p->usd_per_month : p->devices;
}

static bool
better (const RoofFleetPlan *a, const RoofFleetPlan *b, bool by_cost)
{
  double ra = rank_of (a, by_cost), rb = rank_of (b, by_cost);
  if (ra != rb)
    return ra < rb;
  if (a->devices != b->devices)
    return a->devices < b->devices;
  return a->ttft_p99 < b->ttft_p99;
}

RoofStatus
roof_fleet_plan (const RoofFleetCandidate *cands, size_t n_cands, const RoofFleetDemand *d,
                 RoofFleetPlan *out, RoofError *err)
{
  RoofStatus st;
  RoofFleetPlan p, best;
  bool by_cost = n_cands > 0, have = false;
  double best_floor = INFINITY;
  size_t floor_index = 0;

  memset (out, 0, sizeof *out);
  if ((st = roof_fleet_demand_validate (d, err)) != ROOF_OK)
    return st;
  for (size_t i = 0; i < n_cands; i++)
    by_cost = by_cost && cands[i].has_cost;
  /* the candidate of the lowest bound first: its plan prunes the others */
  size_t first = 0;
  double first_bound = INFINITY;
  for (size_t i = 0; i < n_cands; i++)
    {
      double b = fleet_bound (&cands[i], d, by_cost);
      if (b < first_bound && floor_ratio (&cands[i], d) <= 1.0)
        first_bound = b, first = i;
    }
  for (size_t k = 0; k <= n_cands; k++)
    {
      /* k = 0: the first; then every other in order */
      size_t i = k == 0 ? first : k - 1;
      if (k > 0 && i == first)
        continue;
      if (i >= n_cands)
        break;
      const RoofFleetCandidate *c = &cands[i];
      double fr = floor_ratio (c, d);
      if (fr < best_floor)
        {
          best_floor = fr;
          floor_index = i;
        }
      if (fr > 1.0)
        continue;
      double lo = fleet_lower_replicas (c, d);
      if (lo > ROOF_FLEET_MAX_REPLICAS
          || (have && fleet_bound_at (c, d, lo, by_cost) > rank_of (&best, by_cost)))
        continue;
      double n = smallest_replicas (c, d, lo, true);
      if (n <= 0.0)
        continue;
      roof_fleet_evaluate (c, d, n, &p);
      p.index = i;
      if (!have || better (&p, &best, by_cost))
        {
          best = p;
          have = true;
        }
    }
  if (have)
    {
      *out = best;
      return ROOF_OK;
    }
  if (n_cands == 0)
    return roof_set_error (err, ROOF_ERR_INFEASIBLE,
                           "the model fits in no layout of the system at the longest context");
  double n = smallest_replicas (&cands[floor_index], d, 1.0, false);
  if (n <= 0.0)
    return roof_set_error (err, ROOF_ERR_INFEASIBLE,
                           "no layout keeps up with %g requests/s within %g replicas", d->rate,
                           ROOF_FLEET_MAX_REPLICAS);
  roof_fleet_evaluate (&cands[floor_index], d, n, out);
  out->index = floor_index;
  return ROOF_OK;
}
