/* roof-frontier.c — the interactivity–throughput frontier over layouts and batches
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "The frontier": every layout × batch of
 * roof_layouts_enumerate as a point (tokens/s per user, output tokens/s
 * per device, per kW or per $/h), and the points no other dominates.
 */
#include <stdio.h>
#include <stdlib.h>

#include "roof-solver-private.h"

ROOF_NAMED_ENUM (RoofFrontierMetric, frontier_metric, "device", "kw", "usd")
_Static_assert ((int) frontier_metric_count == (int) ROOF_FRONTIER_METRIC_COUNT,
                "a name for every metric");

RoofStatus
roof_frontier_check_metric (const RoofHardwareParams *hw, RoofFrontierMetric metric,
                            RoofError *err)
{
  switch (metric)
    {
    case ROOF_FRONTIER_PER_DEVICE:
      return ROOF_OK;
    case ROOF_FRONTIER_PER_KW:
      if (!(hw->power_w > 0.0))
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "no power figure (the device's tdp_W or the system's power_W): "
                               "no tokens/s per kW");
      return ROOF_OK;
    case ROOF_FRONTIER_PER_USD_HOUR:
      if (!hw->has_price || !(hw->price_per_hour > 0.0))
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "no price per hour above 0: no tokens/s per $/h");
      return ROOF_OK;
    case ROOF_FRONTIER_METRIC_COUNT:
    default:
      break;
    }
  return roof_set_error (err, ROOF_ERR_INVALID, "unknown frontier metric %d", (int) metric);
}

typedef struct
{
  RoofFrontierMetric metric;
  RoofFrontierPoint *points;
  size_t capacity, n;
} Collect;

static bool
collect_point (const RoofLayoutPoint *p, void *user)
{
  Collect *c = user;

  if (c->n < c->capacity)
    {
      RoofFrontierPoint *f = &c->points[c->n];
      f->p = *p;
      f->x = 1.0 / p->itl_s;
      f->frontier = false;
      switch (c->metric)
        {
        case ROOF_FRONTIER_PER_KW:
          f->y = p->tokens_per_s_per_kw;
          break;
        case ROOF_FRONTIER_PER_USD_HOUR:
          f->y = p->tokens_per_s / p->usd_per_hour;
          break;
        case ROOF_FRONTIER_PER_DEVICE:
        case ROOF_FRONTIER_METRIC_COUNT:
        default:
          f->y = p->tokens_per_s_per_device;
          break;
        }
    }
  c->n++;
  return true;
}

RoofStatus
roof_frontier_collect (const RoofHardwareParams *hw, const RoofModelDerived *md,
                       const RoofWorkload *wl, const RoofLayoutSearch *search,
                       RoofFrontierMetric metric, RoofFrontierPoint *points, size_t capacity,
                       size_t *n_points, int *n_layouts, RoofError *err)
{
  Collect c = { metric, points, points ? capacity : 0, 0 };
  RoofStatus st;

  *n_points = 0;
  if (n_layouts)
    *n_layouts = 0;
  if ((st = roof_frontier_check_metric (hw, metric, err)) != ROOF_OK)
    return st;
  st = roof_layouts_enumerate (hw, md, wl, search, collect_point, &c, n_layouts, NULL, err);
  *n_points = c.n;
  return st;
}

static int
compare_xy (const void *pa, const void *pb)
{
  const RoofFrontierPoint *a = pa, *b = pb;

  if (a->x != b->x)
    return a->x < b->x ? -1 : 1;
  if (a->y != b->y)
    return a->y < b->y ? -1 : 1;
  return 0;
}

size_t
roof_frontier_mark (RoofFrontierPoint *points, size_t n)
{
  size_t count = 0;
  double best = 0.0;

  if (n == 0)
    return 0;
  qsort (points, n, sizeof *points, compare_xy);
  /* from the fastest per user down: a point is on the frontier when it
   * does more per device than every point faster than it (of equal x, the
   * one of the largest y comes first from this end) */
  for (size_t i = n; i-- > 0;)
    {
      points[i].frontier = count == 0 || points[i].y > best;
      if (points[i].frontier)
        {
          best = points[i].y;
          count++;
        }
    }
  return count;
}

void
roof_layout_label (double tp, double ep, double pp, char *buf, size_t size)
{
  int n = snprintf (buf, size, "TP%.15g", tp > 1.0 ? tp : 1.0);

  if (ep > 1.0 && n >= 0 && (size_t) n < size)
    n += snprintf (buf + n, size - (size_t) n, "·EP%.15g", ep);
  if (pp > 1.0 && n >= 0 && (size_t) n < size)
    snprintf (buf + n, size - (size_t) n, "·PP%.15g", pp);
}
