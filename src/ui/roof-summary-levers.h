/* roof-summary-levers.h — the serving levers in the summary's figures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "roof-chart-data.h"

G_BEGIN_DECLS

/* One compared device's figures under the scenario's levers: speculative
 * decoding replaces the decode step's ITL, tokens/s and $/Mtok by the
 * verify cycle's; disaggregated serving replaces TTFT by prefill on the
 * prefill pool plus the KV transfer. A lever the solver refuses for this
 * device leaves the plain figure and says why in the tip. */
typedef struct
{
  double itl, tokens_per_s, usd_per_mtok, ttft;
  gboolean has_cost;
  char *itl_tip;  /* NULL: no lever on ITL */
  char *ttft_tip; /* NULL: no lever on TTFT */
  gboolean itl_refused, ttft_refused;
} RoofSummaryLevers;

/* `decode` and `ttft`: the plain decode step and TTFT of device `index`. */
void roof_summary_levers_compute (RoofChartData *data,
                                  int index,
                                  const RoofResult *decode,
                                  double ttft,
                                  RoofSummaryLevers *out);
void roof_summary_levers_clear (RoofSummaryLevers *lv);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RoofSummaryLevers, roof_summary_levers_clear)

/* The cost basis in words: "rented" or "owned: $30000 per device over 5
 * years, $0.1/kWh, PUE 1.3" (translated). */
char *roof_summary_cost_basis (const RoofChartInput *in);

G_END_DECLS
