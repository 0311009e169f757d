/* roof-chart-data.h — what the charts and the summary strip draw, built once per edit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A RoofChartData snapshots the catalog and the scenario into the plain data
 * of a RoofChartInput (roof-chart.h): the compared devices with their stable
 * palette colours, the derived model, the workload, the chart settings and,
 * for the trend chart, every device of the catalog. It is immutable and
 * reference counted, so every chart view and the summary strip share the
 * one built after an edit, and a later edit never changes what a view holds.
 */
#pragma once

#include "roof-catalog.h"
#include "roof-chart.h"
#include "roof-scenario.h"

G_BEGIN_DECLS

typedef struct _RoofChartData RoofChartData;

#define ROOF_TYPE_CHART_DATA (roof_chart_data_get_type ())
GType roof_chart_data_get_type (void) G_GNUC_CONST;

RoofChartData *roof_chart_data_new (RoofCatalog *catalog, RoofScenario *scenario);
RoofChartData *roof_chart_data_ref (RoofChartData *self);
void roof_chart_data_unref (RoofChartData *self);

/* The input with every field from the scenario; kind, theme, hidden and the
 * view ranges are the caller's to set on a copy. */
const RoofChartInput *roof_chart_data_get_input (RoofChartData *self);

/* The columns that are drawn (at most ROOF_PLOT_MAX_DEVICES): the
 * scenario's system first when it has one the catalog holds (its device on
 * its fabric, under the system's id and name, as roofline-cli draws a
 * scenario's layout.system), then the compared devices, bare. */
int roof_chart_data_get_n_devices (RoofChartData *self);
const RoofPlotDevice *roof_chart_data_get_device (RoofChartData *self, int index);
/* What the frontier chart draws (the view puts them in place of the
 * devices): the compared devices, each a system of the scenario's layout's
 * TP × EP × PP × DP devices (input.frontier_devices, 8 when that is 1),
 * then the scenario's system, the first column, on its own fabric. */
const RoofPlotDevice *roof_chart_data_get_frontier (RoofChartData *self, int *n);
/* The model's name, or NULL when the scenario names none the catalog holds. */
const char *roof_chart_data_get_model_name (RoofChartData *self);
/* Why some or all of the comparison cannot be drawn (unknown ids, more
 * devices than a chart holds), or NULL. Translated. */
const char *roof_chart_data_get_problem (RoofChartData *self);

/* The bundled published measurements (roof_measurements_bundled), parsed
 * once per catalog and kept with it (borrowed); NULL, with a warning, when
 * they cannot be read. */
GPtrArray *roof_chart_data_bundled_measurements (RoofCatalog *catalog);

/* The scenario's serving levers resolved against the catalog (docs/model.md,
 * "Speculative decoding", "Disaggregated prefill and decode"), for the
 * summary: what the solver needs beside a device. Prices follow the cost
 * basis (RoofChartInput.owned). */
typedef struct
{
  gboolean spec;               /* speculative decoding, its drafter found */
  RoofSpeculative speculative; /* k, α, the drafter's kind and MTP size */
  const RoofModelDerived *draft; /* ROOF_DRAFTER_MODEL: the draft model */
  const char *draft_name;        /* its name, or NULL for MTP heads */
  gboolean disagg;             /* disaggregated serving */
  const char *prefill_name;    /* the prefill system's name; NULL: each column's own device */
  RoofHardwareParams prefill_hw; /* the prefill system's device on its fabric */
  RoofWorkload prefill_workload; /* prefill: its layout and prompts per step */
  const char *problem;         /* why a lever stated cannot apply (translated), or NULL */
} RoofChartLevers;

const RoofChartLevers *roof_chart_data_get_levers (RoofChartData *self);
/* Column `index` as a pool of disaggregated serving: the scenario's
 * system on its fabric and scale-out network, a bare device as it is. */
const RoofHardwareParams *roof_chart_data_get_pool (RoofChartData *self, int index);

/* The name a chart shows for a device: the catalog name without the vendor
 * it starts with ("NVIDIA H100 SXM5 80 GB" → "H100 SXM5 80 GB"). */
char *roof_chart_short_name (const char *name, const char *vendor);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RoofChartData, roof_chart_data_unref)

G_END_DECLS
