/* roof-fleet.h — the fleet plan: replicas, devices, cost and power that
 * serve a request rate under latency targets, with queueing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "The fleet plan". C11 + libm only, like the rest of the
 * solver: nothing allocates (the caller owns the candidate array), every
 * entry point validates its inputs and returns ROOF_OK or an error with a
 * message naming the field.
 */
#pragma once

#include "roof-levers.h"
#include "roof-solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Length classes of a traffic mix ("512:128@0.7,4096:512@0.3"). */
#define ROOF_FLEET_MAX_CLASSES 8
/* A month of the plan's $/month: 30 days. */
#define ROOF_FLEET_HOURS_PER_MONTH 720.0
/* The most replicas a plan may have. */
#define ROOF_FLEET_MAX_REPLICAS 1e7

typedef struct
{
  double prompt; /* S_in, tokens, ≥ 1 */
  double output; /* S_out, tokens, ≥ 1 */
  double share;  /* of the requests, (0, 1]; the shares sum to 1 */
} RoofFleetClass;

typedef struct
{
  double rate; /* λ, requests/s, > 0 */
  int n_classes;
  RoofFleetClass classes[ROOF_FLEET_MAX_CLASSES];
  /* targets, seconds; 0 = none */
  double ttft_p50;
  double ttft_p99;
  double itl;
} RoofFleetDemand;

/* A rate and one class (prompt, output, share 1), no targets. */
void roof_fleet_demand_init (RoofFleetDemand *d, double rate, double prompt, double output);
/* Messages name the field: "request rate", "lengths class 2 share",
 * "lengths shares", "TTFT P99 target" (below the P50 target too). */
RoofStatus roof_fleet_demand_validate (const RoofFleetDemand *d, RoofError *err);

/* ------------------------------------------------------------------------ */
/* M/M/c                                                                    */

/* Erlang C: the probability that an arrival waits in an M/M/c queue with
 * c servers (a whole number ≥ 1) and offered load a = λ/μ in [0, c).
 * 1 when a ≥ c. Computed by the Erlang B recursion, O(c). */
double roof_erlang_c (double c, double a);
/* P(W > t) = C(c, a) · e^{−(cμ − λ) t} for t ≥ 0 (1 for t < 0). */
double roof_mmc_wait_tail (double c, double lambda, double mu, double t);
/* E[W] = C(c, a) / (cμ − λ). */
double roof_mmc_mean_wait (double c, double lambda, double mu);
/* The q-quantile of the wait: max(0, ln(C / (1 − q)) / (cμ − λ)), q in (0, 1). */
double roof_mmc_wait_quantile (double c, double lambda, double mu, double q);

/* ------------------------------------------------------------------------ */
/* Candidates: one replica's layout and batch, timed once                   */

typedef struct
{
  double tp, ep, pp;
  double batch;   /* B: sequences the replica decodes together (the c of M/M/c) */
  double devices; /* one replica: tp · ep · pp */
  double itl;     /* decode step at batch B and the mix's mean context */
  double prefill[ROOF_FLEET_MAX_CLASSES]; /* one prompt of each class, alone */
  double prefill_mean;                    /* Σ share · prefill */
  double output_mean;                     /* Σ share · S_out */
  bool has_cost;
  double usd_per_hour; /* the replica's devices */
  bool has_power;
  double watts; /* the replica's devices at their power figure (TDP) */
  /* speculative decoding: itl is the effective ITL t_cycle / tokens_per_step
   * (1 without) */
  double tokens_per_step;
  /* disaggregated: the prompts prefill on the prefill pool, so the replica
   * does none (its steps are not stretched); prefill[k] is then the pool's
   * prefill of class k plus its KV transfer to this replica */
  bool disagg;
  double pool_seconds; /* prefill-pool replica-seconds per request: Σ share · t_pf,k / P */
  double pool_devices; /* one prefill replica */
  double pool_usd_per_hour;
  double pool_watts;
} RoofFleetCandidate;

/* The serving levers of a plan (docs/model.md, "The fleet plan"). */
typedef struct
{
  /* speculative decoding of every decode step; NULL: none. `draft`: the
   * draft model of a ROOF_DRAFTER_MODEL drafter */
  const RoofSpeculative *spec;
  const RoofModelDerived *draft;
  /* disaggregated: the prefill pool's device on its fabric; NULL: none */
  const RoofHardwareParams *prefill_hw;
  /* its layout and prompts per step (roof_disagg_prefill_workload) */
  RoofWorkload prefill_wl;
} RoofFleetLevers;

/* Every layout of roof_layouts_enumerate (devices: the system, or 8 bare
 * devices) × batch on its grid that fits B sequences at the longest class's
 * full context S_in + S_out, timed for the demand's classes. Written into
 * cands[0 … capacity); *n_cands counts them all (call again with room for
 * all when it exceeds capacity). The workload gives the precisions,
 * overhead, attention layout and EP imbalance; its phase, batch, context,
 * lengths and layout are replaced. */
RoofStatus roof_fleet_candidates (const RoofHardwareParams *hw,
                                  const RoofModelDerived *md,
                                  const RoofWorkload *wl,
                                  const RoofFleetDemand *demand,
                                  RoofFleetCandidate *cands,
                                  size_t capacity,
                                  size_t *n_cands,
                                  RoofError *err);
/* The same with the levers (NULL: none): speculative decoding times every
 * decode step as a verify cycle (a candidate whose drafter does not fit
 * beside it at the longest context is left out); disaggregation prefills
 * on the prefill pool (both pools need a scale-out network). */
RoofStatus roof_fleet_candidates_levers (const RoofHardwareParams *hw,
                                         const RoofModelDerived *md,
                                         const RoofWorkload *wl,
                                         const RoofFleetDemand *demand,
                                         const RoofFleetLevers *levers,
                                         RoofFleetCandidate *cands,
                                         size_t capacity,
                                         size_t *n_cands,
                                         RoofError *err);

/* ------------------------------------------------------------------------ */
/* The plan                                                                 */

typedef struct
{
  bool found;    /* some candidate and replica count meet every target */
  bool meets;    /* = found; the figures are of the plan below either way */
  size_t index;  /* the candidate chosen */
  RoofFleetCandidate c;
  double replicas;
  double devices;
  bool has_cost;
  double usd_per_month; /* devices · price per device-hour · 720 */
  bool has_power;
  double mw; /* devices · power figure / 10⁶: every device at TDP */
  double rate_per_replica;
  double prefill_share; /* ρ_pf: the replica's time spent in prefill */
  double itl;           /* ITL(B) / (1 − ρ_pf) */
  double service;       /* a slot's mean holding time: prefill + S_out · ITL */
  double utilisation;   /* λ_r · service / B */
  double wait_probability; /* Erlang C */
  double wait_mean;
  double ttft_p50, ttft_p99, ttft_mean;
  /* disaggregated: the prefill pool, ⌈λ · pool_seconds⌉ replicas (in
   * devices, $/month and MW above) */
  double prefill_replicas;
  double prefill_devices;
} RoofFleetPlan;

/* The figures of candidate c run as `replicas` replicas for the demand
 * (utilisation may be ≥ 1: then the waits are 0 and meets false). */
void roof_fleet_evaluate (const RoofFleetCandidate *c,
                          const RoofFleetDemand *demand,
                          double replicas,
                          RoofFleetPlan *out);

/* The cheapest plan (by $/month when every candidate is priced, else by
 * devices; ties: fewer devices, then the lower TTFT P99) over the
 * candidates and replica counts whose utilisation is below 1 and which
 * meet every target. When none does, found is false and the plan is the
 * candidate whose floors (TTFT of a prompt that never waits, ITL(B)) lie
 * closest to the targets, at the fewest replicas that keep it stable.
 * ROOF_ERR_INFEASIBLE when no candidate can be stable at all. */
RoofStatus roof_fleet_plan (const RoofFleetCandidate *cands,
                            size_t n_cands,
                            const RoofFleetDemand *demand,
                            RoofFleetPlan *out,
                            RoofError *err);

#ifdef __cplusplus
}
#endif
