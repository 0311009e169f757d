/* roof-chart-common.h — what every chart shares: text, frame, legend, caption, the pipeline
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chart is drawn in stacked layers: background and grid, tinted regions,
 * data, axes and their labels, legend, then the placed labels on top. Every
 * text goes through roof_render_text* so the layout records its box and the
 * label placer treats it as an obstacle.
 */
#pragma once

#include <cairo.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "roof-chart.h"
#include "roof-label-placer.h"
#include "roof-scale.h"
#include "roof-theme.h"

G_BEGIN_DECLS

typedef enum
{
  ROOF_MARKER_CIRCLE = 0,
  ROOF_MARKER_SQUARE,
  ROOF_MARKER_TRIANGLE,
  ROOF_MARKER_DIAMOND,
  ROOF_MARKER_CROSS,
  ROOF_MARKER_RING, /* the operating point: a wide ring round another marker */
  ROOF_MARKER_NONE,
} RoofMarker;

typedef enum
{
  ROOF_LEGEND_LINE = 0, /* a stroke in colour and dash */
  ROOF_LEGEND_MARKER,   /* a marker */
  ROOF_LEGEND_SWATCH,   /* a filled square */
  ROOF_LEGEND_TEXT,     /* a note, no symbol */
} RoofLegendKind;

typedef struct
{
  RoofLegendKind kind;
  char *text;
  int device; /* −1: a style entry */
  RoofColor color;
  int dash; /* RoofPrecision for the dash, −1 solid */
  double width;
  RoofMarker marker;
  gboolean hollow;
  gboolean hidden; /* the device is toggled off */
  gboolean header; /* bold, no symbol */
} RoofLegendItem;

typedef struct
{
  const char *title;
  const char *x_title, *y_title, *y2_title;
  gboolean x_log, y_log, y2_log, has_y2;
  double x0, x1, y0, y1, y2_0, y2_1; /* data ranges (already snapped) */
  double x_unit, y_unit, y2_unit;    /* tick labels show value / unit */
  /* categorical axes are drawn by the chart; the frame keeps room for them */
  gboolean x_categorical, y_categorical;
  double x_cat_height, y_cat_width;
  gboolean no_x_ticks, no_y_ticks;
  gboolean x_integer; /* whole numbers, no prefixes (years) */
  double reserve_right; /* room for a legend outside the plot, on the right */
  double reserve_bottom; /* or under it, above the caption */

  /* results */
  RoofRect plot;
  RoofScale xs, ys, y2s;
  RoofTicks xt, yt, y2t;
  RoofRect caption_box;
} RoofFrame;

typedef struct
{
  cairo_t *cr;
  const RoofChartInput *in;
  const RoofTheme *th;
  RoofChartLayout *layout;
  double width, height;
  double pad;

  RoofChartCache *cache; /* the input's, or own_cache */
  RoofChartCache *own_cache;
  PangoContext *pctx;    /* the cache's */
  PangoLayout *pl;       /* scratch for wrapped and ellipsized text */
  PangoFontDescription *fonts[ROOF_FONT_COUNT];
  int font_slots[ROOF_FONT_COUNT]; /* in the cache */

  RoofLabelPlacer *placer;
  RoofFrame frame;

  GString *caption; /* assumptions, then notes */
  GString *notes;
  GString *desc;
  GPtrArray *legend; /* RoofLegendItem */
  RoofRect legend_box;
  gboolean legend_outside;
  int legend_cols; /* columns of the legend: 1, or more when it sits under the plot */
  double wrap_max_h; /* > 0: wrapped text is cut (with …) at this height */
  int legend_corners[4]; /* order tried: 0 top left, 1 top right, 2 bottom right, 3 bottom left */
  char *device_names[ROOF_PLOT_MAX_DEVICES]; /* roof_render_device_name */
  /* set by annotate: shown in the plot area over the axes, in place of
   * data that cannot be had (not an error) */
  const char *plot_message;
  struct _RoofMeasuredOverlay *measured; /* the driver's, while a chart runs (roof-chart-measured.h) */
  /* set by annotate (roof_render_operating_line): the operating point */
  RoofOperatingAxis op_axis;
  double op_value, op_lo, op_hi;
  RoofOBox op_box; /* its handle, chosen after the legend (w = 0: none) */
} RoofRender;

void roof_render_init (RoofRender *R, cairo_t *cr, double width, double height,
                       const RoofChartInput *in, RoofChartLayout *layout);
void roof_render_clear (RoofRender *R);

gboolean roof_render_visible (const RoofRender *R, int device);
RoofColor roof_render_device_color (const RoofRender *R, int device);
int roof_render_n_visible (const RoofRender *R);

/* Text ------------------------------------------------------------------ */

/* roof-chart-cache.c: begin marks a render and follows the target; text
 * returns the laid-out text in font slot `font` (roof_chart_cache_font). */
void roof_chart_cache_begin (RoofChartCache *cache, cairo_t *cr);
PangoContext *roof_chart_cache_context (RoofChartCache *cache);
PangoAttrList *roof_chart_cache_attributes (RoofChartCache *cache);
int roof_chart_cache_font (RoofChartCache *cache, const PangoFontDescription *font);
PangoLayout *roof_chart_cache_text (RoofChartCache *cache, int font, const char *text);
/* roof_cost_crossovers, remembered across renders */
RoofStatus roof_chart_cache_crossovers (RoofChartCache *cache, const RoofHardwareParams *a,
                                        const RoofHardwareParams *b, const RoofModelDerived *md,
                                        const RoofWorkload *wl, double lo, double hi,
                                        double *batches, int *n_found, RoofError *err);

void roof_render_measure (RoofRender *R, RoofFont font, const char *text, double *w, double *h);
/* Draws at (x, y) aligned by xalign/yalign in 0…1 (0 = left/top) and records
 * it. Returns the box. */
RoofOBox roof_render_text (RoofRender *R, RoofFont font, const char *text, double x, double y,
                           double xalign, double yalign, RoofColor color, RoofTextRole role);
/* Draws centred in `box` (rotated by box->angle), optionally with a halo. */
void roof_render_text_box (RoofRender *R, RoofFont font, const char *text, const RoofOBox *box,
                           RoofColor color, RoofTextRole role, gboolean halo);
/* Wrapped to `width`: returns the height used. */
double roof_render_text_wrapped (RoofRender *R, RoofFont font, const char *text, double x,
                                 double y, double width, RoofColor color, RoofTextRole role,
                                 gboolean draw);
/* R->pl set to `text` in `font`, unwrapped (roof-chart-frame.c's title). */
void roof_render_set_text (RoofRender *R, RoofFont font, const char *text);
/* Draws a laid-out text centred in `box`, rotated by box->angle. */
void roof_render_layout_in_box (RoofRender *R, PangoLayout *pl, const RoofOBox *box,
                                RoofColor color, gboolean halo);
/* TRUE when the box overlaps no recorded text. */
gboolean roof_render_text_free (RoofRender *R, const RoofOBox *box);
void roof_render_record (RoofRender *R, const RoofOBox *box, RoofTextRole role, const char *text);

/* Frame ----------------------------------------------------------------- */

/* Margins from measured text, scales and ticks for the plot area; creates
 * the label placer for the plot area. */
void roof_frame_layout (RoofRender *R);
void roof_frame_draw_background (RoofRender *R);
void roof_frame_draw_grid (RoofRender *R);
void roof_frame_draw_axes (RoofRender *R);
void roof_frame_clip (RoofRender *R);
double roof_frame_x (RoofRender *R, double v);
double roof_frame_y (RoofRender *R, double v);
double roof_frame_y2 (RoofRender *R, double v);

/* Legend ---------------------------------------------------------------- */

RoofLegendItem *roof_legend_add (RoofRender *R, RoofLegendKind kind, const char *text,
                                 int device, RoofColor color);
void roof_legend_add_devices (RoofRender *R, RoofLegendKind kind, const char *suffix);
/* Chooses a corner inside the plot covering no data, else returns FALSE
 * (the caller reserves room and lays out again) or, when room is reserved,
 * places the legend outside on the right. */
gboolean roof_legend_place (RoofRender *R);
void roof_legend_draw (RoofRender *R);
void roof_legend_size (RoofRender *R, double *w, double *h);
/* How many columns of entries fit in `width`, at least 1. */
int roof_legend_columns (RoofRender *R, double width);

/* Caption, labels and items ---------------------------------------------- */

/* "Llama-3.1-70B · decode · batch 1 · …" into R->caption. */
void roof_render_assumptions (RoofRender *R, gboolean with_batch, gboolean with_context);
/* The same, the layout left out when !with_layout (a chart over layouts). */
void roof_render_assumptions_full (RoofRender *R, gboolean with_batch, gboolean with_context,
                                   gboolean with_layout);
void roof_render_note (RoofRender *R, const char *fmt, ...) G_GNUC_PRINTF (2, 3);
/* The note of a chart that prices tokens: its cost basis, "rented at H100
 * $2.99/h, …" or "owned: $30000 per device over 5 years, $0.10/kWh, PUE
 * 1.3 (H100 $1.23/h, …)", the visible priced devices' price per
 * device-hour; `devices` > 1 adds "× N devices" (tensor parallel). */
void roof_render_cost_basis (RoofRender *R, double devices);

void roof_render_marker (RoofRender *R, RoofMarker m, double x, double y, double r,
                         RoofColor fill, RoofColor stroke, gboolean hollow);
void roof_render_polyline (RoofRender *R, const double *xy, int n);
/* Strokes the polyline `width` wide in `color`, dashed as precision `dash`
 * is (roof_set_precision_dash, dash_width) or solid when `dash` is
 * ROOF_STROKE_SOLID; the dash stays set for what is stroked next. */
#define ROOF_STROKE_SOLID (-1)
void roof_render_stroke (RoofRender *R,
                         const double *xy,
                         int n,
                         double width,
                         int dash,
                         double dash_width,
                         RoofColor color);
void roof_render_hit (RoofRender *R, double x, double y, double radius, int device,
                      const char *fmt, ...) G_GNUC_PRINTF (6, 7);
void roof_render_hit_bar (RoofRender *R, const RoofRect *bar, int device, const char *fmt, ...)
  G_GNUC_PRINTF (4, 5);

/* Label placement: requests go to R->placer; draw_labels solves and draws. */
typedef struct
{
  int request;
  char *text;
  RoofFont font;
  RoofColor color;
} RoofPendingLabel;

int roof_render_label_point (RoofRender *R, GArray *pending, const char *text, RoofFont font,
                             RoofColor color, double x, double y, double radius, int priority,
                             int owner, gboolean leader);
int roof_render_label_line (RoofRender *R, GArray *pending, const char *text, RoofFont font,
                            RoofColor color, const double *xy, int n, double prefer,
                            int priority, int owner);
void roof_render_draw_labels (RoofRender *R, GArray *pending);
GArray *roof_pending_labels_new (void);

/* A message in the middle of the plot area (errors, "no KV cache"). */
void roof_render_message (RoofRender *R, const char *text, RoofColor color);
/* Fills the whole chart with a message and sets `error`. */
gboolean roof_render_fail (RoofRender *R, GError **error, const char *fmt, ...)
  G_GNUC_PRINTF (3, 4);

/* The device's name, or its id, or "device N", cut to ROOF_CHART_NAME_MAX
 * characters as the charts draw it; owned by R. */
const char *roof_render_device_name (const RoofRender *R, int device);
/* The same in full, for tooltips: the input's. */
const char *roof_render_device_full_name (const RoofRender *R, int device);
/* Human name of a solver failure for the caption. */
char *roof_render_solver_note (const RoofRender *R, int device, const RoofError *err);
/* The same, added to the caption's notes. */
void roof_render_note_failure (RoofRender *R, int device, const RoofError *err);

/* The serving levers (roof-chart-levers.c) ------------------------------- */

/* The speculative step of `wl` (decode) on hw with the input's spec
 * (docs/model.md, "Speculative decoding"); FALSE, `out` zeroed, when the
 * input has none or the solver refuses it. */
gboolean roof_chart_spec_step (const RoofChartInput *in, const RoofHardwareParams *hw,
                               const RoofWorkload *wl, RoofSpecResult *out);
/* With speculative decoding, the caption's note: "speculative decoding
 * k = 3, α = 0.7: 2.533 tokens per verify step …; `plain`" (how the plain
 * bound is drawn). */
void roof_render_spec_note (RoofRender *R, const char *plain);
/* k, α and the tokens per verify step as the captions write them. */
void roof_chart_spec_numbers (const RoofChartInput *in, char k[48], char a[48], char tps[48]);
/* The largest whole batch up to plain_max (the plain step's) at which the
 * verify step and the drafter fit (docs/model.md: the drafter's footprint
 * beside the verify step's); 0 when not even 1. */
double roof_chart_spec_max_fit (const RoofChartInput *in, const RoofHardwareParams *hw,
                                const RoofWorkload *wl, double plain_max);
/* Device i's name as the batch and cost charts show it on its curve
 * (`label`) and in the legend: when one device cannot run batch 1
 * (`unfit`), with why: no room for the drafter beside the model
 * (`drafter_unfit`: the plain step fits, the verify cycle not), else the
 * devices the model needs ("needs ≥ N devices" on the curve, "≥ N
 * devices" in the legend); the name alone when it fits. Free it. */
char *roof_render_unfit_name (RoofRender *R, int i, gboolean unfit, gboolean drafter_unfit,
                              int min_devices, gboolean label);
/* The largest whole batch in [1, hi] whose effective ITL is at most
 * `itl`; 0 when not even 1. */
double roof_chart_spec_itl_batch (const RoofChartInput *in, const RoofHardwareParams *hw,
                                  const RoofWorkload *wl, double itl, double hi);
/* Disaggregated: device i's prefill pool (the input's prefill_hw, else
 * the device's own pool). */
const RoofHardwareParams *roof_chart_prefill_pool (const RoofChartInput *in, int device);
/* The prefill pool's share of $/Mtok (output) at the balanced ratio of
 * pools: price_s,p · t_prefill / (P · S_out) · 10⁶ for wl's lengths
 * (docs/model.md, "Disaggregated prefill and decode"); FALSE with the
 * reason when the pool is unpriced or cannot run the prompts. */
gboolean roof_chart_prefill_cost (const RoofChartInput *in, int device, const RoofWorkload *wl,
                                  double *usd_per_mtok, RoofError *err);
/* The roofline's verify step of device i (from roof_chart_spec_step), joined
 * to the plain step's point at x0, y0 (pixels). */
void roof_render_verify_step (RoofRender *R, int i, const RoofSpecResult *s, double x0, double y0);
/* The roofline's note and legend entry for the verify steps. */
void roof_render_spec_legend (RoofRender *R);

/* The operating point (roof-chart-operating.c) --------------------------- */

/* From annotate: the x axis marks the workload's `value` of `axis` (a
 * vertical line with a handle naming it, "B = 32"), which the app lets the
 * user drag over lo … hi. The driver places the handle clear of the legend
 * and of text, draws it over the data and reports it in the layout. */
void roof_render_operating_line (RoofRender *R, RoofOperatingAxis axis, double value, double lo,
                                 double hi);
/* The driver's: after the legend is placed, the handle as an obstacle to
 * the label placer; then the line and handle drawn, into R->layout. */
void roof_operating_lay_out (RoofRender *R);
void roof_operating_draw (RoofRender *R);
/* A ring round a point at the operating point (the roofline's workload, the
 * frontier's current layout and batch), distinct from every RoofMarker. */
void roof_render_operating_ring (RoofRender *R, double x, double y, RoofColor color);
/* The legend's entry for those rings. */
void roof_legend_add_operating_ring (RoofRender *R, const char *text);

/* Clips the segment to the rectangle; FALSE when nothing is left. */
gboolean roof_clip_segment (const RoofRect *r, double *x0, double *y0, double *x1, double *y1);

/* The chart pipeline ---------------------------------------------------- */

/* A chart is a RoofChartClass: its title and its stages, which
 * roof_chart_run calls in this order on a zeroed block of `data_size` bytes
 * (the chart's own struct, shared by its stages):
 *
 *   heading     the title line over the plot, allocated; or, in its place,
 *               heading_format: N_("… · %s …") given the model's name
 *               (roof_input_model_name) and then the phase's title (a
 *               format may leave the phase out)
 *   collect     the series from the solver: no cairo, no pango, unit-tested
 *               alone (tests/plot/test-plot-collect.c). FALSE with `error`
 *               when nothing can be drawn; the message fills the plot area
 *   annotate    caption notes, the axes (ranges, units, titles) and the
 *               legend entries, into R->frame, R->notes and R->legend
 *   obstacles   once per layout try, with the plot area known: where the
 *               data lies, for the legend and the label placer
 *   lay_out     a chart's own layout in place of the frame and legend's
 *               (optional: the sensitivity chart's rows)
 *   draw_regions tinted regions under the grid (optional)
 *   draw_data   clipped to the plot area, over the grid (optional)
 *   draw_overlays unclipped, under the axes, legend and placed labels
 *   describe    the accessible summary, into R->desc
 *   clear       frees what collect allocated (optional)
 *
 * The driver owns the shared opening (no model, no visible device), the
 * layout (the frame, then the legend inside a free corner or outside on the
 * right with room reserved: roof_chart_lay_out) and the layer order. */
typedef struct _RoofChartClass RoofChartClass;

struct _RoofChartClass
{
  const char *title;  /* N_("Memory footprint"): the app's view, the PDF's title */
  gsize data_size;
  gboolean needs_devices; /* a model and one visible device, or a message */
  int measured_on; /* RoofMeasuredAxes: the driver draws the measured points; 0 none */
  /* optional, after the measured points are collected: their fractions
   * against the chart's own curves (the frontier's), R->measured */
  void (*measured_fractions) (RoofRender *R, gpointer data);

  const char *heading_format;
  char *(*heading) (const RoofChartInput *in);
  gboolean (*collect) (const RoofChartInput *in, gpointer data, GError **error);
  void (*annotate) (RoofRender *R, gpointer data);
  void (*obstacles) (RoofRender *R, gpointer data);
  void (*lay_out) (RoofRender *R, gpointer data);
  void (*draw_regions) (RoofRender *R, gpointer data);
  void (*draw_data) (RoofRender *R, gpointer data, GArray *labels);
  void (*draw_overlays) (RoofRender *R, gpointer data, GArray *labels);
  void (*describe) (RoofRender *R, gpointer data);
  void (*clear) (gpointer data);
};

/* roof-chart-<name>.c defines roof_chart_<name>_class for each row of
 * ROOF_PLOT_KINDS (roof-chart-kind.h). */
#define ROOF_CHART_CLASS_DECLARE_(ID, name) extern const RoofChartClass roof_chart_##name##_class;
ROOF_PLOT_KINDS (ROOF_CHART_CLASS_DECLARE_)
#undef ROOF_CHART_CLASS_DECLARE_

const RoofChartClass *roof_chart_class_get (RoofPlotKind kind);
/* Runs the stages of `klass` on R (roof-chart-pipeline.c). */
gboolean roof_chart_run (RoofRender *R, const RoofChartClass *klass, GError **error);
/* Collect alone, without cairo: for tests. The caller frees `data` with
 * roof_chart_collect_free. */
gpointer roof_chart_collect (const RoofChartClass *klass, const RoofChartInput *in,
                             GError **error);
void roof_chart_collect_free (const RoofChartClass *klass, gpointer data);
/* The frame, then the legend: inside the plot when a corner is free, else
 * outside on the right, with `obstacles` called on every try. */
void roof_chart_lay_out (RoofRender *R, void (*obstacles) (RoofRender *R, gpointer data),
                         gpointer data);

/* Series of the charts, for their tests ---------------------------------- */

/* The memory chart: one stacked bar per visible device the solver accepts;
 * slots[0..n_slots) are their device indices, in order. */
typedef struct
{
  RoofResult res[ROOF_PLOT_MAX_DEVICES];
  RoofError err[ROOF_PLOT_MAX_DEVICES];
  gboolean ok[ROOF_PLOT_MAX_DEVICES];
  int slots[ROOF_PLOT_MAX_DEVICES], n_slots;
  double ymax; /* the largest footprint or raw capacity */
  double unit; /* 1e9 (GB) or 1e12 (TB): the axis's, and every size's on the chart */
  /* layout */
  double lh, slot_w, bar_w;
} RoofMemorySeries;

/* Input helpers, usable without a RoofRender (collect stages) ------------ */

gboolean roof_input_visible (const RoofChartInput *in, int device);
int roof_input_n_visible (const RoofChartInput *in);
/* The device's name, or its id, or "device N"; allocated. */
/* A device's name as the charts show it: cut to ROOF_CHART_NAME_MAX
 * characters with "…" (a name of thousands of characters draws as fast as
 * a short one); tooltips name it in full (roof_render_device_full_name). */
char *roof_input_device_name (const RoofChartInput *in, int device);
#define ROOF_CHART_NAME_MAX 40
/* `text` cut to at most `max_chars` characters, the last one "…". */
char *roof_chart_ellipsize (const char *text, int max_chars);
/* The first visible device, or −1. */
int roof_input_first_visible (const RoofChartInput *in);
/* The model's name, or `fallback` when the input has none. */
const char *roof_input_model_name (const RoofChartInput *in, const char *fallback);
/* Whether the device runs below its peak figures: an efficiency η set
 * below 1 (0 means unset, so 1). */
gboolean roof_hardware_derated (const RoofHardwareParams *hw);
/* Sets `error` to "name: the solver's reason" for a collect stage that has
 * nothing to draw; returns FALSE. */
/* Sets ROOF_CHART_ERROR_INPUT with `message` as it is; FALSE. */
gboolean roof_chart_input_error (GError **error, const char *message);
gboolean roof_chart_device_error (const RoofChartInput *in, int device, const RoofError *err,
                                  GError **error);

/* collect_device: one device's series into a chart's data; NULL, or the
 * device's error when it has nothing to draw. */
typedef const RoofError *(*RoofCollectDevice) (const RoofChartInput *in, gpointer data, int device);

/* Runs collect_device on every visible device, in order; FALSE with the
 * first one's error (roof_chart_device_error) when none has anything to draw. */
gboolean roof_chart_collect_devices (const RoofChartInput *in,
                                     gpointer data,
                                     RoofCollectDevice collect_device,
                                     GError **error);

/* Workload helpers ------------------------------------------------------- */

double roof_input_batch_lo (const RoofChartInput *in);
double roof_input_batch_hi (const RoofChartInput *in);
/* A batch axis's ends: [batch_lo, batch_hi], or [lo, 2 lo] when the
 * range is one batch, so that a sweep has two ends. */
void roof_input_batch_axis (const RoofChartInput *in, double *lo, double *hi);
double roof_input_context_lo (const RoofChartInput *in);
double roof_input_context_hi (const RoofChartInput *in);
double roof_input_prompt_lo (const RoofChartInput *in);
double roof_input_prompt_hi (const RoofChartInput *in);
const char *roof_knob_title (RoofKnob k);
const char *roof_bound_title (RoofBound b);
/* "decode" or "prefill", translated (roof_phase_name is the identifier) */
const char *roof_phase_title (RoofPhase phase);

G_END_DECLS
