/* plot-fixtures.h — devices, models and chart inputs for the plot tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>

#include "roof-chart.h"

G_BEGIN_DECLS

typedef struct
{
  const char *name;
  double capacity, bandwidth;
} PlotFixtureCache;

typedef struct
{
  const char *id, *name, *vendor;
  int year;
  double peak[ROOF_PREC_COUNT];
  double mem_bw, mem_capacity;
  int n_caches;
  PlotFixtureCache caches[ROOF_MAX_CACHES];
  double link_bw, link_latency;
  bool has_price;
  double price, eff_compute, eff_memory;
} PlotFixtureDevice;

typedef struct
{
  const char *id, *name;
  bool generic;
  double layers, hidden, heads, kv_heads, head_dim, ffn;
  bool gated;
  double vocab;
  bool tied, qkv_bias;
  const char *attention;
  double window, window_layers, kv_lora, rope, q_lora, v_head;
  double experts, k, shared, expert_ffn, dense_layers;
  double params_total, params_active;
  double flop_per_sample, bytes_per_sample, params, max_context;
} PlotFixtureModel;

extern const PlotFixtureDevice plot_fixture_catalog[];
extern const int plot_fixture_n_catalog;
extern const PlotFixtureModel plot_fixture_models[];
extern const int plot_fixture_n_models;

/* The eight devices compared in the tests, in colour order. */
extern const char *const plot_fixture_eight[8];

gboolean plot_fixture_device (const char *id, int color, RoofPlotDevice *out);
/* Derives the model; returns its display name or NULL. */
const char *plot_fixture_model (const char *id, RoofModelDerived *md);

/* A chart input owning its storage: `n` of plot_fixture_eight (or `ids`). */
typedef struct
{
  RoofChartInput in;
  RoofPlotDevice devices[ROOF_PLOT_MAX_DEVICES];
  RoofModelDerived model;
  RoofPlotDevice *catalog;
} PlotScenario;

void plot_scenario_init (PlotScenario *s, RoofPlotKind kind, const char *model_id, int n,
                         const char *const *ids);
void plot_scenario_clear (PlotScenario *s);

G_END_DECLS
