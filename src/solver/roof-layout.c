/* roof-layout.c — systems, collectives and TP × EP × PP × DP layouts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Collectives" and "Layouts".
 */
#include <string.h>

#include "roof-levers.h"
#include "roof-solver-private.h"

double
roof_workload_replica_devices (const RoofWorkload *wl)
{
  return wl->devices * roof_layout_size (wl->ep) * roof_layout_size (wl->pp);
}

double
roof_workload_total_devices (const RoofWorkload *wl)
{
  return roof_workload_replica_devices (wl) * roof_layout_size (wl->dp);
}

void
roof_layout_dims (const RoofHardwareParams *hw, const RoofModelDerived *md,
                  const RoofWorkload *wl, bool full, RoofLayoutDims *l)
{
  l->tp = wl->devices;
  l->ep = roof_layout_size (wl->ep);
  l->pp = roof_layout_size (wl->pp);
  l->dp = roof_layout_size (wl->dp);
  l->m = wl->microbatches > 0.0 ? wl->microbatches : l->pp;
  l->devices = l->tp * l->ep * l->pp;
  l->trivial = l->ep == 1.0 && l->pp == 1.0 && l->m == 1.0;
  if (l->trivial && !full)
    {
      /* one tensor-parallel group: the rest is not used (roof_solve's own
       * path), keep the per-solve cost of a plain solve down */
      l->attn_data = true;
      l->e_rank = l->imb = l->load = l->stage = 1.0;
      l->miss = l->expert_bytes = l->b_a = l->cross = 0.0;
      return;
    }
  l->attn_data = wl->attn_parallel == ROOF_ATTN_PARALLEL_DATA;
  double E = md->is_moe ? md->src.experts : 1.0;
  l->e_rank = ceil (E / l->ep);
  l->imb = roof_min (roof_layout_size (wl->ep_imbalance), E / l->e_rank);
  l->load = roof_min (1.0, l->e_rank / E * l->imb);
  l->stage = md->kind == ROOF_MODEL_TRANSFORMER && l->pp > 1.0
               ? ceil (md->layers / l->pp) / md->layers
               : 1.0;
  double k = md->is_moe ? md->src.experts_per_token : 0.0;
  l->miss = !md->is_moe ? 0.0 : (k >= E ? -INFINITY : log1p (-k / E));
  l->expert_bytes =
    md->is_moe ? roof_workload_weight_bytes (wl) * md->n_moe_layers * md->p_read_expert : 0.0;
  l->b_a = roof_precision_bytes (wl->activations);
  /* pipeline boundaries crossing scale-up domains: stages of tp·ep
   * contiguous devices, domains of scaleup_size */
  l->cross = 0.0;
  if (hw->scaleup_size > 0 && l->pp > 1.0)
    l->cross = roof_min (l->pp - 1.0,
                         floor ((l->pp * l->tp * l->ep - 1.0) / hw->scaleup_size));
  /* the collectives' costs, once per layout */
  l->ar = roof_coll_cost (hw, ROOF_COLL_ALL_REDUCE, l->attn_data ? l->tp : l->tp * l->ep, 1.0);
  l->a2a = roof_coll_cost (hw, ROOF_COLL_ALL_TO_ALL, l->ep, l->tp);
  l->p2p_in = roof_coll_cost (hw, ROOF_COLL_P2P, 2.0, 1.0);
  l->p2p_out = l->cross > 0.0 ? roof_coll_cost (hw, ROOF_COLL_P2P, 2.0, hw->scaleup_size)
                              : l->p2p_in;
}

/* ---------------------------------------------------------------------- */
/* Collectives                                                            */

/* Sizes of the torus dimensions a group of n spans: the most even
 * factorisation into d factors, largest first. */
static int
torus_factors (double n, int d, double *k)
{
  double rest = n;
  for (int i = 0; i < d; i++)
    {
      int left = d - i;
      double f = left == 1 ? rest : ceil (pow (rest, 1.0 / left) - 1e-9);
      while (f < rest && fmod (rest, f) != 0.0)
        f += 1.0;
      if (f > rest)
        f = rest;
      k[i] = f;
      rest /= f;
    }
  return d;
}

static int
torus_dims (const RoofHardwareParams *hw)
{
  return hw->torus_dims > 0 ? hw->torus_dims : 2;
}

/* Bandwidth one device has towards the n − 1 others of its group on a full
 * mesh of N: N − 1 links of β/(N − 1), the group uses n − 1 of them. */
static double
mesh_bw (const RoofHardwareParams *hw, double n)
{
  double N = hw->scaleup_size > 0 ? roof_max (hw->scaleup_size, n) : n;
  return N > 1.0 ? hw->link_bw * (n - 1.0) / (N - 1.0) : hw->link_bw;
}

static RoofCollCost
term (double c, double bw, double lat)
{
  RoofCollCost t = { c, bw, lat, 0.0, 1.0, 0.0, false };
  return t;
}

/* All-reduce among n members inside one scale-up domain. */
static RoofCollCost
fabric_all_reduce (const RoofHardwareParams *hw, double n)
{
  double beta = hw->link_bw, lat = hw->link_latency;

  if (n <= 1.0)
    return term (0.0, 1.0, 0.0);
  switch (hw->topology)
    {
    case ROOF_TOPOLOGY_MESH:
      /* direct: reduce-scatter and all-gather in one step each over the
       * n − 1 links to the other members */
      return term (2.0 * (n - 1.0) / n, mesh_bw (hw, n), 2.0 * lat);
    case ROOF_TOPOLOGY_TORUS:
      {
        /* per-dimension rings, all dimensions' links in use at once */
        double k[3], steps = 0.0;
        int d = torus_factors (n, torus_dims (hw), k);
        for (int i = 0; i < d; i++)
          steps += k[i] - 1.0;
        return term (2.0 * (n - 1.0) / n, beta, 2.0 * steps * lat);
      }
    case ROOF_TOPOLOGY_SWITCH:
    default:
      switch (hw->collective)
        {
        case ROOF_COLLECTIVE_SWITCH:
          /* in-network reduction (NVLS, SHARP): each device sends its
           * buffer up once and receives the sum once; one hop each way */
          return term (1.0, beta, 2.0 * lat);
        case ROOF_COLLECTIVE_TREE:
          /* double binary tree: the ring's bandwidth, 2·ceil(log2 n) steps */
          return term (2.0 * (n - 1.0) / n, beta, 2.0 * ceil (log2 (n) - 1e-12) * lat);
        case ROOF_COLLECTIVE_RING:
        default:
          return term (2.0 * (n - 1.0) / n, beta, 2.0 * (n - 1.0) * lat);
        }
    }
}

/* All-to-all: each of n members holds M bytes, 1/n for each member. */
static RoofCollCost
fabric_all_to_all (const RoofHardwareParams *hw, double n)
{
  double beta = hw->link_bw, lat = hw->link_latency;

  if (n <= 1.0)
    return term (0.0, 1.0, 0.0);
  switch (hw->topology)
    {
    case ROOF_TOPOLOGY_MESH:
      return term ((n - 1.0) / n, mesh_bw (hw, n), lat);
    case ROOF_TOPOLOGY_TORUS:
      {
        /* hop-bytes: a ring of k carries floor(k²/4)/k of M per member on
         * average per dimension; the diameter in latency */
        double k[3], hop = 0.0, diam = 0.0;
        int d = torus_factors (n, torus_dims (hw), k);
        for (int i = 0; i < d; i++)
          {
            hop += floor (k[i] * k[i] / 4.0) / k[i];
            diam += floor (k[i] / 2.0);
          }
        return term (hop, beta, diam * lat);
      }
    case ROOF_TOPOLOGY_SWITCH:
    default:
      return term ((n - 1.0) / n, beta, lat);
    }
}

RoofCollCost
roof_coll_cost (const RoofHardwareParams *hw, RoofCollectiveOp op, double n, double stride)
{
  double N = hw->scaleup_size;
  /* members sharing one domain */
  double g_in = n;
  if (N > 0.0 && n * stride > N)
    g_in = stride >= N ? 1.0 : roof_min (n, floor (N / stride));
  double g_out = n / g_in;
  RoofCollCost c;

  if (n <= 1.0)
    return term (0.0, 1.0, 0.0);
  switch (op)
    {
    case ROOF_COLL_ALL_REDUCE:
      c = fabric_all_reduce (hw, g_in);
      if (g_out > 1.0)
        {
          /* hierarchical: reduce-scatter and all-gather inside each
           * domain, a ring across the domains on each device's 1/g_in
           * shard */
          c.c2 = 2.0 * (g_out - 1.0) / g_out / g_in;
          c.bw2 = hw->scaleout_bw;
          c.lat2 = 2.0 * (g_out - 1.0) * hw->scaleout_latency;
        }
      return c;
    case ROOF_COLL_ALL_TO_ALL:
      if (g_out <= 1.0)
        return fabric_all_to_all (hw, n);
      /* the g_in/n of M for the own domain on the fabric, the rest out on
       * the scale-out network, at the same time */
      c = fabric_all_to_all (hw, g_in);
      c.c1 *= g_in / n;
      c.c2 = (n - g_in) / n;
      c.bw2 = hw->scaleout_bw;
      c.lat2 = hw->scaleout_latency;
      c.max = true;
      return c;
    case ROOF_COLL_P2P:
    default:
      /* two devices `stride` apart: in different domains when the span
       * crosses a domain boundary (the caller counts which ones do) */
      if (N > 0.0 && stride >= N)
        return term (1.0, hw->scaleout_bw, hw->scaleout_latency);
      if (hw->topology == ROOF_TOPOLOGY_MESH)
        return term (1.0, mesh_bw (hw, 2.0), hw->link_latency); /* one direct link */
      if (hw->topology == ROOF_TOPOLOGY_TORUS) /* one neighbour link */
        return term (1.0, hw->link_bw / (2.0 * torus_dims (hw)), hw->link_latency);
      return term (1.0, hw->link_bw, hw->link_latency);
    }
}

double
roof_coll_time (const RoofHardwareParams *hw, RoofCollectiveOp op, double n, double stride,
                double M)
{
  RoofCollCost c = roof_coll_cost (hw, op, n, stride);
  return roof_coll_at (&c, M);
}

static RoofStatus
check_group (const RoofHardwareParams *hw, const char *name, double span, bool fill,
             RoofError *err)
{
  double N = hw->scaleup_size;
  if (span <= 1.0)
    return ROOF_OK;
  if (!(hw->link_bw > 0.0))
    return roof_set_error (err, ROOF_ERR_UNSUPPORTED,
                           "%s = %g devices need an interconnect (link_bw), and the device has "
                           "none",
                           name, span);
  if (N > 0.0 && span > N)
    {
      if (!(hw->scaleout_bw > 0.0))
        return roof_set_error (err, ROOF_ERR_UNSUPPORTED,
                               "%s = %g devices exceed the scale-up domain (scaleup_size %d) "
                               "and the system has no scale-out network (scaleout_bw)",
                               name, span, hw->scaleup_size);
      if (fill && fmod (span, N) != 0.0)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "%s = %g devices span scale-up domains of %d without filling "
                               "them: use a multiple of scaleup_size",
                               name, span, hw->scaleup_size);
    }
  return ROOF_OK;
}

RoofStatus
roof_collective_time (const RoofHardwareParams *hw, RoofCollectiveOp op, double members,
                      double stride, double bytes, double *seconds, RoofError *err)
{
  RoofStatus st;
  if ((st = roof_hardware_validate (hw, err)) != ROOF_OK)
    return st;
  if ((int) op < 0 || op > ROOF_COLL_P2P)
    return roof_set_error (err, ROOF_ERR_INVALID, "unknown collective %d", (int) op);
  if (!roof_whole (members) || members < 1.0 || members > 1e6 || !roof_whole (stride)
      || stride < 1.0 || stride > 1e6)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "members and stride must be whole numbers from 1 to 1e6, got %g and "
                           "%g",
                           members, stride);
  if (!roof_finite_nonneg (bytes) || bytes > ROOF_HUGE)
    return roof_set_error (err, ROOF_ERR_INVALID, "message bytes must be ≥ 0, got %g", bytes);
  if ((st = check_group (hw, "the group", op == ROOF_COLL_P2P ? stride + 1.0 : members * stride,
                         op != ROOF_COLL_P2P, err))
      != ROOF_OK)
    return st;
  *seconds = roof_coll_time (hw, op, members, stride, bytes);
  if (!isfinite (*seconds))
    return roof_overflow_error (err);
  return ROOF_OK;
}

/* ---------------------------------------------------------------------- */
/* Validation                                                             */

RoofStatus
roof_layout_validate (const RoofHardwareParams *hw, const RoofModelDerived *md,
                      const RoofWorkload *wl, RoofError *err)
{
  RoofStatus st;
  double ep = roof_layout_size (wl->ep), pp = roof_layout_size (wl->pp), tp = wl->devices;
  bool transformer = md->kind == ROOF_MODEL_TRANSFORMER;

  if (ep > 1.0 && !md->is_moe)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "ep = %g needs a mixture-of-experts model, and this one is dense", ep);
  if (ep > 1.0 && ep > md->src.experts)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "ep = %g exceeds the model's %g routed experts (moe.experts): a "
                           "device would hold none",
                           ep, md->src.experts);
  if (pp > 1.0 && !transformer)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "pp = %g needs a transformer model (layers to split)", pp);
  if (pp > 1.0 && pp > md->layers)
    return roof_set_error (err, ROOF_ERR_INVALID, "pp = %g exceeds the model's %g layers", pp,
                           md->layers);
  if (!transformer)
    return ROOF_OK; /* a generic model communicates nothing */
  if (ep == 1.0 && pp == 1.0 && hw->scaleup_size == 0 && hw->collective != ROOF_COLLECTIVE_SWITCH)
    {
      /* one tensor-parallel group on a bare device's link */
      if (tp > 1.0 && !(hw->link_bw > 0.0))
        return roof_set_error (err, ROOF_ERR_UNSUPPORTED,
                               "%g devices in tensor parallel need an interconnect, and the "
                               "device has none",
                               tp);
      return ROOF_OK;
    }
  if (hw->collective == ROOF_COLLECTIVE_SWITCH && hw->topology != ROOF_TOPOLOGY_SWITCH
      && roof_workload_replica_devices (wl) > 1.0)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "collective \"switch\" (in-network reduction) needs topology "
                           "\"switch\", got \"%s\"",
                           roof_topology_name (hw->topology));
  if (tp > 1.0 && !(hw->link_bw > 0.0))
    return roof_set_error (err, ROOF_ERR_UNSUPPORTED,
                           "%g devices in tensor parallel need an interconnect, and the device "
                           "has none",
                           tp);
  if ((st = check_group (hw, "tp", tp, true, err)) != ROOF_OK)
    return st;
  if ((st = check_group (hw, "tp·ep", tp * ep, true, err)) != ROOF_OK)
    return st;
  /* pipeline stages only pass activations on: they need not fill domains */
  if ((st = check_group (hw, "tp·ep·pp", tp * ep * pp, false, err)) != ROOF_OK)
    return st;
  /* a group inside a domain must not straddle two of them: groups are laid
   * out contiguously, so the smaller one must tile the domain */
  double N = hw->scaleup_size;
  if (N > 0.0 && tp * ep > N && tp < N && fmod (N, tp) != 0.0)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "tp = %g does not divide scaleup_size %d: with tp·ep = %g spanning "
                           "domains, a tensor-parallel group would straddle two",
                           tp, hw->scaleup_size, tp * ep);
  if (N > 0.0 && tp * ep * pp > N && tp * ep < N && fmod (N, tp * ep) != 0.0)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "tp·ep = %g does not divide scaleup_size %d: with tp·ep·pp = %g "
                           "spanning domains, a pipeline stage would straddle two",
                           tp * ep, hw->scaleup_size, tp * ep * pp);
  return ROOF_OK;
}

RoofLayoutRule
roof_layout_fit (const RoofHardwareParams *hw, const RoofModelDerived *md,
                 const RoofWorkload *wl, RoofLayoutFit *fit)
{
  bool transformer = md->kind == ROOF_MODEL_TRANSFORMER;

  memset (fit, 0, sizeof *fit);
  fit->ep = roof_layout_size (wl->ep);
  fit->pp = roof_layout_size (wl->pp);
  fit->replica = roof_workload_replica_devices (wl);
  fit->experts = md->src.experts;
  fit->layers = md->layers;
  fit->status = ROOF_OK;
  if (fit->ep > 1.0 && (!transformer || !md->is_moe))
    return fit->rule = ROOF_LAYOUT_EP_DENSE;
  if (fit->ep > 1.0 && fit->ep > fit->experts)
    return fit->rule = ROOF_LAYOUT_EP_EXPERTS;
  if (fit->pp > 1.0 && transformer && fit->pp > fit->layers)
    return fit->rule = ROOF_LAYOUT_PP_LAYERS;
  if (hw == NULL || fit->replica <= 1.0)
    return fit->rule = ROOF_LAYOUT_FITS;

  bool beyond = hw->scaleup_size > 0 && fit->replica > hw->scaleup_size;
  fit->scaleup_size = hw->scaleup_size;
  if (beyond && !(hw->scaleout_bw > 0.0))
    return fit->rule = ROOF_LAYOUT_NO_SCALEOUT;
  if (!beyond && !(hw->link_bw > 0.0))
    return fit->rule = ROOF_LAYOUT_NO_FABRIC;
  if ((fit->status = roof_layout_validate (hw, md, wl, &fit->err)) != ROOF_OK)
    return fit->rule = ROOF_LAYOUT_VALIDATE;
  return fit->rule = ROOF_LAYOUT_FITS;
}

/* ---------------------------------------------------------------------- */
/* Enumeration                                                            */

void
roof_layout_search_init (RoofLayoutSearch *s)
{
  memset (s, 0, sizeof *s);
}

/* Candidate degrees: powers of two ≤ hi, plus `extra` when it is whole,
 * not a power of two and ≤ hi. Returns the count (≤ 32). */
static int
degrees (double hi, double extra, double *out)
{
  int n = 0;
  for (double v = 1.0; v <= hi && n < 31; v *= 2.0)
    out[n++] = v;
  if (extra > 1.0 && extra <= hi && roof_whole (extra) && exp2 (floor (log2 (extra))) != extra)
    out[n++] = extra;
  return n;
}

/* The batch after b: b + 1, or on the grid 1, 2, 3, 4, 6, 8, 12, …
 * (2^k and 1.5 · 2^k), then `top` when the grid steps past it. */
static double
next_batch (double b, double top, bool grid)
{
  if (!grid)
    return b + 1.0;
  double p2 = exp2 (floor (log2 (b)));
  double n = b == p2 && b >= 2.0 ? 1.5 * b : 2.0 * p2;
  return n > top && b < top ? top : n;
}

/* Every batch of one layout, by roof_layout_step on the work of one
 * sequence (computed once per layout): the same model as roof_solve, to
 * rounding (tests/solver rack/enumerate-matches-solve). Returns false when
 * `visit` asked to stop. */
static bool
enumerate_batches (const RoofHardwareParams *hw, const RoofModelDerived *md, RoofWorkload *w,
                   const RoofLayoutSearch *s, double avail, double max_batch,
                   RoofLayoutVisit visit, void *user, long *n_points)
{
  RoofLayoutPoint p;
  RoofLayoutDims l;
  RoofWork w1, p1;
  RoofLayoutStep sd, sp;
  RoofWorkload pre = *w;
  double top = roof_min (floor (roof_max_batch_that_fits (hw, md, w)), max_batch);

  pre.phase = ROOF_PHASE_PREFILL;
  w->batch = pre.batch = 1.0;
  roof_work_compute (md, w, &w1);
  roof_work_compute (md, &pre, &p1);
  roof_layout_dims (hw, md, w, true, &l);

  memset (&p, 0, sizeof p);
  p.tp = l.tp;
  p.ep = l.ep;
  p.pp = l.pp;
  p.dp = l.dp;
  p.devices = l.devices * l.dp;
  p.devices_idle = avail - p.devices;
  p.fits = true;
  p.has_power = hw->power_w > 0.0;
  p.has_cost = hw->has_price;
  p.usd_per_hour = p.has_cost ? p.devices * hw->price_per_hour : 0.0;
  double usd_per_s = p.usd_per_hour / 3600.0;
  for (double b = 1.0; b <= top; b = next_batch (b, top, s->batch_grid))
    {
      w->batch = pre.batch = b;
      roof_layout_step (hw, md, w, &l, &w1, b / l.m, &sd, NULL);
      roof_layout_step (hw, md, &pre, &l, &p1, b / l.m, &sp, NULL);
      double cd = sd.comm.all_reduce + sd.comm.all_to_all + sd.comm.p2p;
      double cp = sp.comm.all_reduce + sp.comm.all_to_all + sp.comm.p2p;
      p.batch = b;
      p.itl_s = roof_step_time (w->overlap, sd.t_compute, sd.t_memory, cd, w->overhead);
      p.ttft_s = roof_step_time (w->overlap, sp.t_compute, sp.t_memory, cp, w->overhead);
      p.bound = roof_bound_of (sd.t_compute, sd.t_memory, cd);
      p.tokens_per_s = b / p.itl_s * l.dp;
      p.tokens_per_s_per_device = p.tokens_per_s / p.devices;
      if (p.has_power)
        p.tokens_per_s_per_kw = p.tokens_per_s_per_device / (hw->power_w * 1e-3);
      if (p.has_cost)
        p.usd_per_mtok = usd_per_s * p.itl_s / (b * l.dp) * 1e6;
      p.meets = (s->itl <= 0.0 || p.itl_s <= s->itl) && (s->ttft <= 0.0 || p.ttft_s <= s->ttft);
      if (!isfinite (p.itl_s) || !isfinite (p.ttft_s) || !isfinite (p.usd_per_mtok)
          || !isfinite (p.tokens_per_s_per_kw) || !(p.itl_s > 0.0))
        continue; /* out of the computable range: never a NaN to the caller */
      if (s->spec != NULL)
        {
          /* the same layout and batch with speculative decoding; left out
           * when the drafter cannot run there or does not fit beside it */
          RoofLayoutPoint q = p;
          RoofError local;
          if (roof_speculative_layout_point (hw, md, w, s->spec, s->draft, s, &q, &local)
                != ROOF_OK
              || !q.fits)
            continue;
          (*n_points)++;
          if (!visit (&q, user))
            return false;
          continue;
        }
      (*n_points)++;
      if (!visit (&p, user))
        return false;
    }
  return true;
}

RoofStatus
roof_layouts_enumerate (const RoofHardwareParams *hw, const RoofModelDerived *md,
                        const RoofWorkload *wl, const RoofLayoutSearch *search,
                        RoofLayoutVisit visit, void *user, int *n_layouts, long *n_points,
                        RoofError *err)
{
  RoofStatus st;
  RoofLayoutSearch s;
  RoofWorkload w;
  int layouts = 0;
  long points = 0;

  if (n_layouts)
    *n_layouts = 0;
  if (n_points)
    *n_points = 0;
  if (visit == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no visitor given");
  if ((st = roof_check_basics (hw, md, wl, err)) != ROOF_OK)
    return st;
  if (search)
    s = *search;
  else
    roof_layout_search_init (&s);
  if (!roof_finite_nonneg (s.devices) || !roof_whole (s.devices) || s.devices > 1e6)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "devices available must be a whole number from 1 to 1e6 (0 = the "
                           "system), got %g",
                           s.devices);
  if (!roof_finite_nonneg (s.max_batch) || !roof_whole (s.max_batch) || s.max_batch > 1e9)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "max_batch must be a whole number from 1 to 1e9 (0 = 4096), got %g",
                           s.max_batch);
  if (!roof_finite_nonneg (s.itl) || !roof_finite_nonneg (s.ttft))
    return roof_set_error (err, ROOF_ERR_INVALID, "SLA targets must be finite and ≥ 0");
  if (s.spec != NULL && (st = roof_speculative_validate (s.spec, err)) != ROOF_OK)
    return st;
  if (s.spec != NULL && s.spec->drafter == ROOF_DRAFTER_MODEL && s.draft == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no draft model given");

  double avail = s.devices > 0.0 ? s.devices : (hw->scaleup_size > 0 ? hw->scaleup_size : 8.0);
  double max_batch = s.max_batch > 0.0 ? s.max_batch : 4096.0;
  bool transformer = md->kind == ROOF_MODEL_TRANSFORMER;
  double tps[32], eps[32], pps[32];
  int n_tp = degrees (roof_min (avail, transformer ? md->heads : avail), 0.0, tps);

  w = *wl;
  w.phase = ROOF_PHASE_DECODE;
  for (int i = 0; i < n_tp; i++)
    {
      double tp = tps[i];
      int n_ep = md->is_moe ? degrees (roof_min (avail / tp, md->src.experts), avail / tp, eps)
                            : degrees (1.0, 0.0, eps);
      for (int j = 0; j < n_ep; j++)
        {
          double ep = eps[j];
          int n_pp = degrees (roof_min (floor (avail / (tp * ep)), transformer ? md->layers : 1.0),
                              0.0, pps);
          for (int q = 0; q < n_pp; q++)
            {
              double pp = pps[q];
              RoofError local;
              roof_workload_set_layout (&w, tp, ep, pp, floor (avail / (tp * ep * pp)));
              if (roof_layout_validate (hw, md, &w, &local) != ROOF_OK)
                continue;
              layouts++;
              bool go = enumerate_batches (hw, md, &w, &s, avail, max_batch, visit, user, &points);
              if (n_layouts)
                *n_layouts = layouts;
              if (n_points)
                *n_points = points;
              if (!go)
                return ROOF_OK;
            }
        }
    }
  return ROOF_OK;
}
