/* roof-summary-strip.h — the comparison in figures, one row per device, under the chart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "roof-chart-data.h"

G_BEGIN_DECLS

typedef enum
{
  ROOF_SUMMARY_DEVICE = 0,
  ROOF_SUMMARY_ITL,
  ROOF_SUMMARY_TTFT,
  ROOF_SUMMARY_TOKENS_PER_S,
  ROOF_SUMMARY_USD_PER_MTOK,
  ROOF_SUMMARY_BOUND,
  ROOF_SUMMARY_MEMORY,
  ROOF_SUMMARY_N_COLUMNS
} RoofSummaryColumn;

/* How the table is copied: tab-separated for a spreadsheet (the user's
 * decimal sign), CSV (RFC 4180, C-locale numbers), a Markdown table. */
typedef enum
{
  ROOF_SUMMARY_TSV,
  ROOF_SUMMARY_CSV,
  ROOF_SUMMARY_MARKDOWN,
} RoofSummaryFormat;

#define ROOF_TYPE_SUMMARY_STRIP (roof_summary_strip_get_type ())
G_DECLARE_FINAL_TYPE (RoofSummaryStrip, roof_summary_strip, ROOF, SUMMARY_STRIP, GtkWidget)

GtkWidget *roof_summary_strip_new (void);

/* Recomputes every row from `data` (roof_solve, roof_request and
 * roof_sensitivity of the scenario's workload on each compared device). */
void roof_summary_strip_set_data (RoofSummaryStrip *self, RoofChartData *data);
/* Colour swatches follow the chart theme. */
/* The document's name in front of the workload's, `tooltip` over it (where
 * it is saved); NULL or "" shows none. */
void roof_summary_strip_set_document (RoofSummaryStrip *self, const char *title, const char *tooltip);
/* The name shown, or NULL. */
const char *roof_summary_strip_get_document (RoofSummaryStrip *self);
void roof_summary_strip_set_theme (RoofSummaryStrip *self, RoofThemeKind theme);

int roof_summary_strip_get_n_rows (RoofSummaryStrip *self);
/* The text shown in a cell (row 0 is the first device). */
const char *roof_summary_strip_get_cell (RoofSummaryStrip *self, int row, RoofSummaryColumn column);
/* What the copy button puts on the clipboard: a header line and one line
 * per device, tab-separated, numbers in the column's unit. */
char *roof_summary_strip_build_table (RoofSummaryStrip *self);
char *roof_summary_strip_build_table_as (RoofSummaryStrip *self, RoofSummaryFormat format);
/* Whether the cell is shown as the column's best, or greyed. */
gboolean roof_summary_strip_get_cell_best (RoofSummaryStrip *self, int row, RoofSummaryColumn column);
gboolean roof_summary_strip_get_cell_dimmed (RoofSummaryStrip *self, int row, RoofSummaryColumn column);

G_END_DECLS
