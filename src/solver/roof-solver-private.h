/* roof-solver-private.h — helpers shared by the solver's translation units
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>
#include <stdarg.h>

#include "roof-solver.h"

#if defined(__GNUC__)
#define ROOF_PRINTF(f, a) __attribute__ ((format (printf, f, a)))
#else
#define ROOF_PRINTF(f, a)
#endif

RoofStatus roof_set_error (RoofError *err, RoofStatus code, const char *fmt, ...)
  ROOF_PRINTF (3, 4);

static inline bool
roof_finite_pos (double x)
{
  return isfinite (x) && x > 0.0;
}

static inline bool
roof_finite_nonneg (double x)
{
  return isfinite (x) && x >= 0.0;
}

static inline bool
roof_whole (double x)
{
  return isfinite (x) && floor (x) == x;
}

/* TRUE when none of the n values is NaN or infinite. */
static inline bool
roof_all_finite (const double *v, size_t n)
{
  /* x · 0 is 0 for every finite x and NaN for ±inf and NaN: one branch-free
   * sum instead of n tests */
  double acc = 0.0;
  for (size_t i = 0; i < n; i++)
    acc += v[i] * 0.0;
  return acc == 0.0;
}

#define ROOF_N_ELEMENTS(a) (sizeof (a) / sizeof (a)[0])

/* Index of `name` in names[0..n), or -1 (also for NULL). */
int roof_name_index (const char *const *names, int n, const char *name);

/* The JSON and command-line names of an enum whose values run from 0, in
 * its order: the table PREFIX_names, its length PREFIX_count, and
 * roof_PREFIX_name () (NULL out of range). */
#define ROOF_ENUM_NAMES(type, prefix, ...)                                                  \
  static const char *const prefix##_names[] = { __VA_ARGS__ };                             \
  enum { prefix##_count = ROOF_N_ELEMENTS (prefix##_names) };                              \
  const char *roof_##prefix##_name (type v)                                                \
  {                                                                                        \
    return ((int) v >= 0 && (int) v < prefix##_count) ? prefix##_names[v] : NULL;          \
  }

/* ROOF_ENUM_NAMES and roof_PREFIX_from_name (), its inverse: false for
 * NULL or a name not in the table; `out` may be NULL. */
#define ROOF_NAMED_ENUM(type, prefix, ...)                                                  \
  ROOF_ENUM_NAMES (type, prefix, __VA_ARGS__)                                              \
  bool roof_##prefix##_from_name (const char *name, type *out)                             \
  {                                                                                        \
    int i = roof_name_index (prefix##_names, prefix##_count, name);                        \
    if (i < 0)                                                                             \
      return false;                                                                        \
    if (out != NULL)                                                                       \
      *out = (type) i;                                                                     \
    return true;                                                                           \
  }

/* The error of an entry point whose inputs are each valid but whose result
 * overflowed (extreme but legal magnitudes: a denormal bandwidth, a batch of
 * 1e-300): results are never returned NaN or infinite. */
RoofStatus roof_overflow_error (RoofError *err);

static inline double
roof_min (double a, double b)
{
  return a < b ? a : b;
}

static inline double
roof_max (double a, double b)
{
  return a > b ? a : b;
}

/* A layout's degrees onto a workload, as roof_layouts_enumerate sets them:
 * `tp` devices per tensor group, `ep` and `pp` with one microbatch per
 * pipeline stage, `dp` replicas. */
static inline void
roof_workload_set_layout (RoofWorkload *w, double tp, double ep, double pp, double dp)
{
  w->devices = tp;
  w->ep = ep;
  w->pp = pp;
  w->microbatches = pp;
  w->dp = dp;
}

/* An efficiency η of the hardware or the SLA: 0 (unset) means 1. */
static inline double
roof_eff (double v)
{
  return v > 0.0 ? v : 1.0;
}

/* Largest magnitude any input may have: keeps every product finite. */
#define ROOF_HUGE 1e15
/* Largest architecture dimension (hidden size, vocabulary, …). */
#define ROOF_MAX_DIM 1e9

/* Per-token, per-layer quantities of one layer kind, in elements. */
typedef struct
{
  double mm;       /* matmul parameters (FLOP / token / 2) */
  double act;      /* activation elements read + written per token */
  double kv_write; /* KV elements written per token */
} RoofLayerCost;

/* Workload-dependent decode/prefill quantities without the hardware. */
typedef struct
{
  double tokens;
  double flop_linear;
  double flop_attention;
  double bytes_weights;
  double bytes_kv;
  double bytes_act;
  double comm_bytes_per_allreduce;
  double n_allreduce;
  /* for layouts: the routed experts' share, and what the routing saw */
  double flop_routed;
  double bytes_act_routed;
  double bytes_weights_always; /* everything but the routed experts */
  double experts_tokens;       /* tokens routed (decode B, prefill B·S_in) */
} RoofWork;

void roof_work_compute (const RoofModelDerived *md, const RoofWorkload *wl, RoofWork *w);
double roof_moe_distinct_experts (double experts, double k, double tokens);
double roof_footprint (const RoofModelDerived *md,
                       const RoofWorkload *wl,
                       double *weights,
                       double *kv,
                       double *act);
/* The model, hardware and workload each valid, and a ceiling at the
 * compute precision (the layout is checked by roof_layout_validate). */
RoofStatus roof_check_basics (const RoofHardwareParams *hw,
                              const RoofModelDerived *md,
                              const RoofWorkload *wl,
                              RoofError *err);
/* roof_solve without the range checks, for inputs that passed them and were
 * then perturbed (sensitivity: 1e21 FLOP/s × 1.01 is past the limit on
 * inputs, not past what the model computes). Results are still checked. */
RoofStatus roof_solve_unchecked (const RoofHardwareParams *hw,
                                 const RoofModelDerived *md,
                                 const RoofWorkload *wl,
                                 RoofResult *out,
                                 RoofError *err);

/* ceil and floor of 0 ≤ x < 2^52 without a libm call (baseline x86-64
 * has no rounding instruction) */
static inline double
roof_floor_pos (double x)
{
  return (double) (long long) x;
}

static inline double
roof_ceil_pos (double x)
{
  double t = (double) (long long) x;
  return t < x ? t + 1.0 : t;
}

/* A step from its parts (docs/model.md): max(t_c, t_m) + t_comm + t_0
 * with overlap, else the sum. */
static inline double
roof_step_time (RoofOverlap overlap, double tc, double tm, double comm, double t0)
{
  return (overlap == ROOF_OVERLAP_MAX ? (tc > tm ? tc : tm) : tc + tm) + comm + t0;
}

/* The binding term: communication when it exceeds both, else the larger
 * of compute and memory (ties: memory). */
static inline RoofBound
roof_bound_of (double tc, double tm, double comm)
{
  if (comm > tc && comm > tm)
    return ROOF_BOUND_COMMUNICATION;
  return tc > tm ? ROOF_BOUND_COMPUTE : ROOF_BOUND_MEMORY;
}

/* A collective's cost for a message of M bytes: c1·M/bw1 + lat1, then
 * plus (or, with `max`, the larger of it and) c2·M/bw2 + lat2. */
typedef struct
{
  double c1, bw1, lat1;
  double c2, bw2, lat2;
  bool max;
} RoofCollCost;

static inline double
roof_coll_at (const RoofCollCost *c, double M)
{
  double t1 = c->c1 * M / c->bw1 + c->lat1, t2 = c->c2 * M / c->bw2 + c->lat2;
  return c->max ? (t1 > t2 ? t1 : t2) : t1 + t2;
}

RoofCollCost roof_coll_cost (const RoofHardwareParams *hw, RoofCollectiveOp op, double members,
                             double stride);

/* The layout with defaults resolved (docs/model.md, "Layouts"). */
typedef struct
{
  double tp, ep, pp, dp;
  double m;        /* microbatches */
  double devices;  /* tp · ep · pp */
  bool trivial;    /* ep = pp = 1 (m = 1): the single tensor-parallel group */
  bool attn_data;  /* attention data-parallel over the EP group */
  double e_rank;   /* routed experts on the busiest EP rank: ceil(E / ep) */
  double load;     /* busiest rank's share of the routed work: min(1, e_rank/E · imbalance) */
  double imb;      /* imbalance used: min(ep_imbalance, E / e_rank) */
  double stage;    /* busiest stage's share of the layers: ceil(L / pp) / L */
  /* constants of the step, once per layout */
  double miss;        /* log1p(−k/E): a token misses one expert (−inf when k = E) */
  double expert_bytes; /* b_w · MoE layers · one routed expert: one expert per layer read */
  double b_a;          /* activation bytes per element */
  double cross;        /* pipeline boundaries on the scale-out network */
  RoofCollCost ar, a2a, p2p_in, p2p_out; /* the layout's collectives */
} RoofLayoutDims;


/* `full`: resolve everything even without a layout (else a trivial layout
 * fills tp, dp, devices and m only: roof_solve's own path needs no more). */
void roof_layout_dims (const RoofHardwareParams *hw,
                       const RoofModelDerived *md,
                       const RoofWorkload *wl,
                       bool full,
                       RoofLayoutDims *l);

/* Collective times without validation (docs/model.md, "Collectives"). */
double roof_coll_time (const RoofHardwareParams *hw, RoofCollectiveOp op, double members,
                       double stride, double bytes);

/* Communication of one step of `wl` under its layout (per-collective
 * times, stage rounds included) on hw's fabric. */
typedef struct
{
  double all_reduce, all_to_all, p2p;
} RoofCommTimes;

/* One step of a layout on the busiest device: `w` is the work at some
 * batch and f the factor that turns it into one microbatch of
 * wl->batch / m sequences (w at B: f = 1/m; w at B = 1: f = B/m). w_all
 * (may be NULL) receives the weight bytes the replica's ranks read for one
 * microbatch. */
typedef struct
{
  double t_compute, t_memory, t_memory_weights, rounds, bubble;
  RoofCommTimes comm; /* stage rounds included */
} RoofLayoutStep;

void roof_layout_step (const RoofHardwareParams *hw,
                       const RoofModelDerived *md,
                       const RoofWorkload *wl,
                       const RoofLayoutDims *l,
                       const RoofWork *w,
                       double f,
                       RoofLayoutStep *o,
                       double *w_all);

/* t_comm of one step, split by collective; returns the sum. */
double roof_comm_time (const RoofHardwareParams *hw,
                       const RoofModelDerived *md,
                       const RoofWorkload *wl,
                       const RoofWork *w,
                       RoofCommTimes *split);
