/* roof-frontier-set.c — one system's frontier points, for the chart and the CLI
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "roof-frontier-set.h"

#include <string.h>

/* Room for the points of most systems in one pass (DeepSeek-V3 on an
 * NVL72: 87 layouts × some 26 batches); more takes a second. */
#define FIRST_CAPACITY 4096

RoofStatus
roof_frontier_set_compute (RoofFrontierSet *set, const RoofHardwareParams *hw,
                           const RoofModelDerived *md, const RoofWorkload *wl,
                           const RoofFrontierOptions *o, RoofError *err)
{
  RoofFrontierMetric metric = o->metric;
  RoofLayoutSearch search;
  RoofStatus st;
  size_t capacity = FIRST_CAPACITY, n = 0;

  roof_frontier_set_clear (set);
  roof_layout_search_init (&search);
  search.max_batch = ROOF_FRONTIER_MAX_BATCH;
  search.itl = o->itl;
  search.devices = o->devices;
  search.spec = o->spec;
  search.draft = o->draft;
  search.batch_grid = true;
  set->points = g_new (RoofFrontierPoint, capacity);
  st = roof_frontier_collect (hw, md, wl, &search, metric, set->points, capacity, &n,
                              &set->n_layouts, err);
  if (st == ROOF_OK && n > capacity)
    {
      capacity = n;
      set->points = g_renew (RoofFrontierPoint, set->points, capacity);
      st = roof_frontier_collect (hw, md, wl, &search, metric, set->points, capacity, &n,
                                  &set->n_layouts, err);
    }
  if (st == ROOF_OK && n > capacity)
    {
      /* the second pass found more points than the first: never, as the
       * enumeration is deterministic, but never past the memory either */
      err->code = st = ROOF_ERR_INVALID;
      g_strlcpy (err->message, "the layouts changed between two passes", sizeof err->message);
    }
  if (st != ROOF_OK)
    {
      roof_frontier_set_clear (set);
      return st;
    }
  set->n = n;
  set->n_frontier = roof_frontier_mark (set->points, n);
  return ROOF_OK;
}

void
roof_frontier_set_clear (RoofFrontierSet *set)
{
  g_free (set->points);
  memset (set, 0, sizeof *set);
}

const RoofFrontierPoint *
roof_frontier_set_best_within (const RoofFrontierSet *set, double itl)
{
  if (!(itl > 0.0))
    return NULL;
  for (size_t i = 0; i < set->n; i++)
    if (set->points[i].frontier && set->points[i].p.itl_s <= itl)
      return &set->points[i];
  return NULL;
}
