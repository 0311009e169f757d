/* roof-layout.c — systems, collectives and TP × EP × PP × DP layouts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Collectives" and "Layouts".
 */
#include <string.h>

#include "roof-solver-private.h"

static inline double
layout_or_one (double v)
{
  return v > 0.0 ? v : 1.0;
}

double
roof_workload_replica_devices (const RoofWorkload *wl)
{
  return wl->devices * layout_or_one (wl->ep) * layout_or_one (wl->pp);
}

double
roof_workload_total_devices (const RoofWorkload *wl)
{
  return roof_workload_replica_devices (wl) * layout_or_one (wl->dp);
}

void
roof_layout_dims (const RoofModelDerived *md, const RoofWorkload *wl, RoofLayoutDims *l)
{
  l->tp = wl->devices;
  l->ep = layout_or_one (wl->ep);
  l->pp = layout_or_one (wl->pp);
  l->dp = layout_or_one (wl->dp);
  l->m = wl->microbatches > 0.0 ? wl->microbatches : l->pp;
  l->devices = l->tp * l->ep * l->pp;
  l->trivial = l->ep == 1.0 && l->pp == 1.0 && l->m == 1.0;
  l->attn_data = wl->attn_parallel == ROOF_ATTN_PARALLEL_DATA;
  double E = md->is_moe ? md->src.experts : 1.0;
  l->e_rank = ceil (E / l->ep);
  l->imb = roof_min (layout_or_one (wl->ep_imbalance), E / l->e_rank);
  l->load = roof_min (1.0, l->e_rank / E * l->imb);
  l->stage = md->kind == ROOF_MODEL_TRANSFORMER && l->pp > 1.0
               ? ceil (md->layers / l->pp) / md->layers
               : 1.0;
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

/* All-reduce of M bytes among n members inside one scale-up domain. */
static double
fabric_all_reduce (const RoofHardwareParams *hw, double n, double M)
{
  double beta = hw->link_bw, lat = hw->link_latency;

  if (n <= 1.0)
    return 0.0;
  switch (hw->topology)
    {
    case ROOF_TOPOLOGY_MESH:
      /* direct: reduce-scatter and all-gather in one step each over the
       * n − 1 links to the other members */
      return 2.0 * (n - 1.0) / n * M / mesh_bw (hw, n) + 2.0 * lat;
    case ROOF_TOPOLOGY_TORUS:
      {
        /* per-dimension rings, all dimensions' links in use at once */
        double k[3], steps = 0.0;
        int d = torus_factors (n, torus_dims (hw), k);
        for (int i = 0; i < d; i++)
          steps += k[i] - 1.0;
        return 2.0 * (n - 1.0) / n * M / beta + 2.0 * steps * lat;
      }
    case ROOF_TOPOLOGY_SWITCH:
    default:
      switch (hw->collective)
        {
        case ROOF_COLLECTIVE_SWITCH:
          /* in-network reduction (NVLS, SHARP): each device sends its
           * buffer up once and receives the sum once; one hop each way */
          return M / beta + 2.0 * lat;
        case ROOF_COLLECTIVE_TREE:
          /* double binary tree: the ring's bandwidth, 2·ceil(log2 n) steps */
          return 2.0 * (n - 1.0) / n * M / beta + 2.0 * ceil (log2 (n) - 1e-12) * lat;
        case ROOF_COLLECTIVE_RING:
        default:
          return 2.0 * (n - 1.0) / n * M / beta + 2.0 * (n - 1.0) * lat;
        }
    }
}

/* All-to-all: each of n members holds M bytes, 1/n for each member. */
static double
fabric_all_to_all (const RoofHardwareParams *hw, double n, double M)
{
  double beta = hw->link_bw, lat = hw->link_latency;

  if (n <= 1.0)
    return 0.0;
  switch (hw->topology)
    {
    case ROOF_TOPOLOGY_MESH:
      return (n - 1.0) / n * M / mesh_bw (hw, n) + lat;
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
        return hop * M / beta + diam * lat;
      }
    case ROOF_TOPOLOGY_SWITCH:
    default:
      return (n - 1.0) / n * M / beta + lat;
    }
}

static double
fabric_p2p (const RoofHardwareParams *hw, double M)
{
  double beta = hw->link_bw;
  if (hw->topology == ROOF_TOPOLOGY_MESH)
    beta = mesh_bw (hw, 2.0); /* one direct link */
  else if (hw->topology == ROOF_TOPOLOGY_TORUS)
    beta = hw->link_bw / (2.0 * torus_dims (hw)); /* one neighbour link */
  return M / beta + hw->link_latency;
}

static double
scaleout_ring (const RoofHardwareParams *hw, double g, double M)
{
  if (g <= 1.0)
    return 0.0;
  return 2.0 * (g - 1.0) / g * M / hw->scaleout_bw + 2.0 * (g - 1.0) * hw->scaleout_latency;
}

double
roof_coll_time (const RoofHardwareParams *hw, RoofCollectiveOp op, double n, double stride,
                double M)
{
  double N = hw->scaleup_size;
  /* members sharing one domain */
  double g_in = n;
  if (N > 0.0 && n * stride > N)
    g_in = stride >= N ? 1.0 : roof_min (n, floor (N / stride));
  double g_out = n / g_in;

  if (n <= 1.0 || M < 0.0)
    return 0.0;
  switch (op)
    {
    case ROOF_COLL_ALL_REDUCE:
      if (g_out <= 1.0)
        return fabric_all_reduce (hw, n, M);
      /* hierarchical: reduce-scatter and all-gather inside each domain,
       * a ring across the domains on each device's 1/g_in shard */
      return fabric_all_reduce (hw, g_in, M) + scaleout_ring (hw, g_out, M / g_in);
    case ROOF_COLL_ALL_TO_ALL:
      if (g_out <= 1.0)
        return fabric_all_to_all (hw, n, M);
      {
        /* the g_in/n of M for the own domain on the fabric, the rest out on
         * the scale-out network, at the same time */
        double inside = fabric_all_to_all (hw, g_in, M * g_in / n);
        double outside = (n - g_in) / n * M / hw->scaleout_bw + hw->scaleout_latency;
        return roof_max (inside, outside);
      }
    case ROOF_COLL_P2P:
    default:
      /* two devices `stride` apart: in different domains when the span
       * crosses a domain boundary (the caller counts which ones do) */
      if (N > 0.0 && stride >= N)
        return M / hw->scaleout_bw + hw->scaleout_latency;
      return fabric_p2p (hw, M);
    }
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
  double ep = layout_or_one (wl->ep), pp = layout_or_one (wl->pp), tp = wl->devices;
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
  return ROOF_OK;
}
