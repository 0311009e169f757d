/* roof-chart.h — the eight charts, drawn on any cairo_t
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One render function per chart: the app's widget (gtk_snapshot_append_cairo),
 * PNG/SVG/PDF export and the tests all call roof_chart_render, so export is
 * what you see and tests need no display. cairo + pango + GLib only.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "roof-chart-kind.h" /* RoofPlotKind and the chart names: the one list of charts */
#include "roof-levers.h" /* RoofSpeculative, RoofOwnership */
#include "roof-fleet.h"
#include "roof-solver.h"

G_BEGIN_DECLS

/* Human title, translated: "Roofline", "Cost per token", … */
const char *roof_plot_kind_title (RoofPlotKind kind);

typedef enum
{
  ROOF_THEME_LIGHT = 0,
  ROOF_THEME_DARK,
  ROOF_THEME_PRINT, /* white, heavier strokes, for papers */
} RoofThemeKind;

const char *roof_theme_name (RoofThemeKind theme);
gboolean roof_theme_from_name (const char *name, RoofThemeKind *out);

#define ROOF_PLOT_MAX_DEVICES 8
#define ROOF_PLOT_PALETTE_SIZE 8

/* A device as the charts need it. */
typedef struct
{
  const char *id;
  const char *name;   /* shown in legends and labels */
  const char *vendor;
  int year;           /* 0 = unknown (left out of the trend chart) */
  RoofHardwareParams hw;
  const char *cache_names[ROOF_MAX_CACHES];
  int color;          /* index into the palette; stable per device across charts */
  gboolean has_rgb;   /* the user chose a colour: rgb (0xRRGGBB) in place of `color` */
  guint32 rgb;
  /* a calibrated copy of a device (docs/model.md, "Calibration"): hw's η
   * are the fit's, fitted to cal_points measurements; the roofline draws
   * only its derated roof, captions call it calibrated, not the bound */
  gboolean calibrated;
  int cal_points;
} RoofPlotDevice;

/* Loads what the first render of a process spends most on before it draws:
 * fontconfig's configuration (some 24 million instructions, on a thread
 * pango starts with its font map), then the fonts of `theme` at `scale`
 * but the message's (17 million: matching, metrics). A process that draws once calls
 * it from the thread that will draw, while another thread does something
 * else (roofline-cli plot loads the catalog): the render then finds the
 * fonts loaded. It changes nothing that is drawn; it returns when the fonts
 * are loaded. */
void roof_chart_prepare (RoofThemeKind theme, double scale);

/* A measured result on a chart (docs/model.md, "Measured points"), from
 * src/chart-data/roof-measured.c: plain numbers, the bound already worked
 * out. */
#define ROOF_PLOT_MAX_MEASURED 64
#define ROOF_PLOT_MAX_SOURCES 8

typedef struct
{
  int source;       /* index into measured_sources: its legend entry and marker */
  int device;       /* index into devices (its colour), −1 for none */
  double devices;   /* devices the measurement ran on */
  double intensity; /* FLOP/byte of its requests */
  double attained_flops; /* measured tokens/s × FLOP per token, all its devices */
  double batch;          /* requests in flight; 0 = not stated (not on the batch and cost charts) */
  double tokens_per_s;   /* measured, all its devices */
  double usd_per_mtok;   /* measured rate at the devices' price; 0 = no price */
  double fraction;       /* of Roofline's bound for its settings */
  double per_user;       /* tokens/s per user, 1 / mean TPOT (else ITL, else output
                            tokens / mean end-to-end latency); 0 = not stated (not on
                            the frontier chart) */
  gboolean per_user_e2e; /* per_user is output ÷ end-to-end latency: a lower bound */
  const char *tooltip;   /* source and settings, several lines */
} RoofPlotMeasured;

/* Text shaped by one render and kept for the next: a view that draws again
 * after every edit, or an exporter writing several files, keeps one and
 * passes it in RoofChartInput.cache; the tick labels, names and units then
 * are not shaped again. It changes nothing that is drawn. One render at a
 * time may use a cache (it is not thread-safe); it holds a few hundred
 * strings at most. */
typedef struct _RoofChartCache RoofChartCache;

RoofChartCache *roof_chart_cache_new (void);
void roof_chart_cache_free (RoofChartCache *cache);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RoofChartCache, roof_chart_cache_free)

/* Everything a chart depends on; plain data, owned by the caller. */
typedef struct
{
  RoofPlotKind kind;
  RoofThemeKind theme;
  double scale;        /* device pixels per unit: 1, 2 (HiDPI) …; 0 = 1 */
  gboolean transparent; /* PNG only: no background fill */
  gboolean caption;     /* a line stating the assumptions under the chart */

  const RoofPlotDevice *devices; /* compared devices */
  int n_devices;                 /* ≤ ROOF_PLOT_MAX_DEVICES */
  guint hidden;                  /* bit i hides devices[i]'s series (legend toggle) */

  const RoofModelDerived *model;
  const char *model_name;
  RoofWorkload workload;
  RoofSla sla; /* ITL target drawn on the cost and batch charts */
  /* The cost basis of every $/Mtok drawn: FALSE, the devices' price_per_hour
   * is their rent; TRUE, it is what roof_owned_price_per_hour makes of
   * `own` (a device without a power figure then has no price). The caption
   * of a chart that prices tokens says which (roof_render_cost_basis). */
  gboolean owned;
  RoofOwnership own;

  guint ceilings;           /* roofline: bit per RoofPrecision to draw; 0 = the compute precision */
  gboolean show_operators;  /* roofline: per-operator points of one layer */
  double batch_lo, batch_hi;     /* sweeps; 0 = 1 … 4096 */
  double context_lo, context_hi; /* 0 = 128 … model max context or 131072 */
  double prompt_lo, prompt_hi;   /* roofline prefill points; 0 = 128 … 262144 */
  double sensitivity_step;       /* 0 = 0.01 */
  int frontier_metric;           /* pareto: the y axis, a RoofFrontierMetric (0 = per device) */
  gboolean frontier_linear;      /* pareto: linear axes (FALSE: logarithmic) */
  double frontier_devices;       /* pareto: a bare device's system size; 0 = 8 */
  /* speculative decoding of every decode step (docs/model.md,
   * "Speculative decoding"): the batch, cost, context, roofline, pareto and
   * plan charts time the verify cycle; has_spec FALSE: none. `draft` is the
   * draft model of a ROOF_DRAFTER_MODEL drafter. */
  gboolean has_spec;
  RoofSpeculative spec;
  const RoofModelDerived *draft;
  /* disaggregated prefill and decode (docs/model.md, "Disaggregated
   * prefill and decode"): the cost chart adds the prefill pool's devices,
   * the plan prefills on it. prefill_workload: the pool's layout and
   * prompts per step (roof_disagg_prefill_workload); prefill_hw: its
   * device on its fabric, NULL for each device's own pool; disagg_pools:
   * device i as a pool (its system's fabric and scale-out), NULL for
   * devices[i].hw. */
  gboolean has_disagg;
  RoofWorkload prefill_workload;
  const RoofHardwareParams *prefill_hw;
  const RoofHardwareParams *disagg_pools;
  /* plan: the traffic and its targets (docs/model.md, "The fleet plan");
   * n_classes 0: one class of the workload's prompt and output */
  RoofFleetDemand fleet;

  /* trend chart: every device of the catalog */
  const RoofPlotDevice *catalog;
  int n_catalog;

  /* view override from the app's zoom and pan: data-space ranges of the
   * plot area; 0/0 = automatic */
  double view_x0, view_x1, view_y0, view_y1;

  /* measured results over the roofline, batch, cost and frontier charts */
  const RoofPlotMeasured *measured;
  int n_measured;                      /* ≤ ROOF_PLOT_MAX_MEASURED */
  const char *const *measured_sources; /* legend texts, one per source */
  int n_measured_sources;              /* ≤ ROOF_PLOT_MAX_SOURCES */
  guint measured_hidden;               /* bit s hides source s (toggled per source) */

  RoofChartCache *cache; /* optional, the caller's; NULL = shape everything anew */
  /* hit items without their tooltips (NULL), which are most of the cost of
   * a roofline's text: for a view that asks for them only when the pointer
   * rests on an item, by drawing once more with FALSE */
  gboolean no_tooltips;
} RoofChartInput;

void roof_chart_input_init (RoofChartInput *in);

/* Appends " · layout TP×EP×PP×DP 2×8×1×4 = 64 devices" (and where attention
 * runs) when the layout goes beyond tensor parallelism; FALSE, and nothing
 * appended, otherwise. The charts' captions and the app's summary say it so. */
gboolean roof_append_layout (GString *s, const RoofWorkload *wl);

/* ------------------------------------------------------------------------ */
/* What was drawn, for hit-testing in the app and overlap tests             */

typedef struct
{
  double x, y, width, height;
} RoofRect;

typedef enum
{
  ROOF_TEXT_TITLE,
  ROOF_TEXT_AXIS_TITLE,
  ROOF_TEXT_TICK,
  ROOF_TEXT_LEGEND,
  ROOF_TEXT_LABEL,   /* point and line labels placed by the label placer */
  ROOF_TEXT_CAPTION,
} RoofTextRole;

typedef struct
{
  RoofRect box;     /* user-space pixels, as placed (axis-aligned bounds) */
  RoofTextRole role;
  char *text;
  /* the text's own rectangle: w × h centred at (cx, cy), rotated by `angle`
   * radians (labels along a sloped line); box is its bounds */
  double cx, cy, w, h, angle;
} RoofPlacedText;

/* TRUE when the two texts' (rotated) rectangles overlap. */
gboolean roof_placed_text_overlap (const RoofPlacedText *a, const RoofPlacedText *b);

/* A thing under the pointer: a workload point, a ridge point, a bar, a
 * curve sample. Tooltips show `tooltip`; the summary names `series`. */
typedef struct
{
  double x, y;      /* pixels */
  double radius;    /* hit radius in pixels (bars: half the smaller side) */
  RoofRect bar;     /* for bars; zero otherwise */
  int device;       /* index into devices, −1 for none */
  char *tooltip;    /* multi-line, exact values with units; NULL with no_tooltips */
} RoofHitItem;

/* The axis of the operating point a chart marks: the workload's batch or
 * context as a vertical line with a handle (roof-chart-operating.c). */
typedef enum
{
  ROOF_OPERATING_NONE = 0,
  ROOF_OPERATING_BATCH,
  ROOF_OPERATING_CONTEXT,
} RoofOperatingAxis;

typedef struct
{
  RoofRect plot_area; /* where data is drawn */
  RoofRect legend;    /* zero when there is none */
  RoofRect legend_entries[ROOF_PLOT_MAX_DEVICES]; /* click to toggle */
  /* axis mapping of the plot area (for the app's crosshair and zoom) */
  gboolean x_log, y_log;
  double x0, x1, y0, y1; /* data range shown */
  char *x_title, *y_title;
  /* a second y axis on the right (batch chart: ITL) */
  gboolean has_y2, y2_log;
  double y2_0, y2_1;
  char *y2_title;
  /* what the tick labels divide values by (a TFLOP/s axis shows 989 for
   * 9.89e14): the frame's units, for readouts in the units of the axes */
  double x_unit, y_unit, y2_unit;
  int legend_n_entries; /* legend_entries[0..n) are valid */
  int legend_entry_device[ROOF_PLOT_MAX_DEVICES]; /* device index of each entry */
  GArray *texts; /* RoofPlacedText */
  GArray *items; /* RoofHitItem */
  char *description; /* accessible summary of the result, one paragraph */
  int dropped_labels; /* labels the placer could not fit and left out */
  /* the operating point's line at x = op_x pixels (the x axis's mapping of
   * op_value) and its handle, which the app lets the user drag over
   * op_lo … op_hi; op_axis is NONE when the chart has none or it lies
   * outside the axis shown */
  RoofOperatingAxis op_axis;
  double op_value, op_lo, op_hi, op_x;
  RoofRect op_handle;
} RoofChartLayout;

RoofChartLayout *roof_chart_layout_new (void);
void roof_chart_layout_free (RoofChartLayout *layout);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RoofChartLayout, roof_chart_layout_free)

/* Pixel ↔ data in the plot area of a finished layout. */
double roof_chart_layout_x_to_data (const RoofChartLayout *layout, double px);
double roof_chart_layout_y_to_data (const RoofChartLayout *layout, double py);
double roof_chart_layout_data_to_x (const RoofChartLayout *layout, double x);
double roof_chart_layout_data_to_y (const RoofChartLayout *layout, double y);
/* Nearest hit item within its radius of (px, py), or NULL. */
const RoofHitItem *roof_chart_layout_hit (const RoofChartLayout *layout, double px, double py);
/* Device index whose legend entry contains (px, py), or −1. */
int roof_chart_layout_legend_hit (const RoofChartLayout *layout, double px, double py);
/* Empties a layout for reuse. */
void roof_chart_layout_clear (RoofChartLayout *layout);

/* ------------------------------------------------------------------------ */

#define ROOF_CHART_ERROR (roof_chart_error_quark ())
GQuark roof_chart_error_quark (void);

typedef enum
{
  ROOF_CHART_ERROR_INPUT, /* nothing to draw or the solver refused the input */
  ROOF_CHART_ERROR_CAIRO, /* cairo reported an error status */
  ROOF_CHART_ERROR_IO,    /* the file cannot be written */
} RoofChartError;

/* Draws the chart into the rectangle (0, 0, width, height) of `cr` in user
 * units (pixels before scale). Fills `layout` when non-NULL. A device the
 * solver refuses (e.g. no ceiling at the compute precision) is drawn as far
 * as possible and named in the caption, not an error; nothing drawable at all
 * is an error, and the chart then shows the reason in its plot area. */
gboolean roof_chart_render (cairo_t *cr,
                            double width,
                            double height,
                            const RoofChartInput *in,
                            RoofChartLayout *layout,
                            GError **error);

typedef enum
{
  ROOF_EXPORT_PNG = 0,
  ROOF_EXPORT_SVG,
  ROOF_EXPORT_PDF,
} RoofExportFormat;

/* From the file name's extension (.png, .svg, .pdf, case-insensitive). */
gboolean roof_export_format_from_path (const char *path, RoofExportFormat *out);

/* The largest PNG export, in device pixels (width × height × scale²):
 * 100 megapixels, a 400 MB image in memory and about a second's work, which
 * holds an A1 poster at 300 dpi or an A0 at 250; and 32767 pixels a side,
 * cairo's limit for image surfaces. SVG and PDF, the formats to print
 * from, are held to the side alone. */
#define ROOF_EXPORT_MAX_MEGAPIXELS 100
#define ROOF_EXPORT_MAX_SIDE 32767

/* TRUE when a PNG of width × height pixels at `scale` (all finite and
 * positive, scale at most 16) keeps within those limits; `device_width` and
 * `device_height` (either may be NULL) receive its size in device pixels. */
gboolean roof_export_size_fits (double width,
                                double height,
                                double scale,
                                double *device_width,
                                double *device_height);

/* Renders into memory and writes `path` with roof_file_save () (atomic,
 * through links, NAME~ kept, never over a read-only file; a backup that
 * cannot be kept is warned about with g_warning ()); width and height in pixels (PNG: × in->scale device pixels;
 * SVG: CSS pixels; PDF: points). 0 × 0 means the default 1600 × 1000. */
gboolean roof_chart_export (const RoofChartInput *in,
                            RoofExportFormat format,
                            const char *path,
                            double width,
                            double height,
                            GError **error);
/* Allocates the pixels of a PNG export of width × height at `scale` (0 × 0:
 * the default size) and writes every page of them once, so that a
 * roof_chart_export_bytes () of that size, which then takes them, draws
 * into memory already there instead of faulting in its 6.4 MB page by page
 * (1,600 page faults, some 2 ms, for a 1600 × 1000 chart). For a process
 * that draws once: roofline-cli plot calls it on the thread that loads the
 * catalog, beside the fonts. The pixels are zero, as a new image surface's
 * are: nothing drawn changes. Thread-safe. */
void roof_chart_export_reserve (double width, double height, double scale);
/* The same, into a byte buffer (the app's clipboard copy uses PNG). */
GBytes *roof_chart_export_bytes (const RoofChartInput *in,
                                 RoofExportFormat format,
                                 double width,
                                 double height,
                                 GError **error);

G_END_DECLS
