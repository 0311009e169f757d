/* roof-label-placer.h — labels placed without overlap
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Greedy by priority: each label tries candidate positions (around its point
 * at growing distances with a leader line, or along its line at the line's
 * on-screen slope) and takes the cheapest one that overlaps no text already
 * placed, covers no marker and stays inside the bounds; crossing data
 * lines only costs. A label with no free candidate is dropped, so the
 * least important ones go first and no two texts ever overlap.
 */
#pragma once

#include <glib.h>

#include "roof-chart.h"

G_BEGIN_DECLS

/* A rectangle of size w × h centred at (cx, cy), rotated by `angle`
 * radians (clockwise on screen, as cairo_rotate). */
typedef struct
{
  double cx, cy, w, h, angle;
} RoofOBox;

gboolean roof_obox_overlap (const RoofOBox *a, const RoofOBox *b);
void roof_obox_bounds (const RoofOBox *b, RoofRect *out);
gboolean roof_obox_inside (const RoofOBox *b, const RoofRect *r);
gboolean roof_obox_hits_segment (const RoofOBox *b, double x0, double y0, double x1, double y1);
RoofOBox roof_obox_from_rect (const RoofRect *r);
/* Liang–Barsky: [*t0, *t1] of a segment's parameter narrowed to where
 * p[i]·t ≤ q[i] for the four edges; FALSE when nothing of it is left. */
gboolean roof_clip_interval (const double p[4], const double q[4], double *t0, double *t1);

typedef struct RoofLabelPlacer RoofLabelPlacer;

typedef enum
{
  ROOF_LABEL_POINT = 0,
  ROOF_LABEL_LINE,
} RoofLabelKind;

/* Priorities: the placer takes labels from the highest priority down. How
 * many data lines a label may cross grows with its priority: the most
 * important may cross any (they get a halo), the rest would rather be left
 * out than make a thicket. The charts name their own levels against these
 * (PRIORITY_* in roof-chart-*.c). */
typedef enum
{
  ROOF_LABEL_PRIORITY_CROSS_ONE = 0,  /* up to here: one data line */
  ROOF_LABEL_PRIORITY_CROSS_TWO = 60, /* from here: two */
  ROOF_LABEL_PRIORITY_CROSS_ANY = 90, /* from here: any number */
} RoofLabelPriority;

typedef struct
{
  RoofLabelKind kind;
  double w, h; /* text extent */
  int priority;
  int owner; /* segments of this owner do not count against the label; −1 none */
  int max_hits; /* data lines the label may cross (−1 any) */
  /* point */
  double ax, ay, radius;
  gboolean allow_leader;
  /* line: a copy of the polyline */
  double *xy;
  int n_xy;
  double prefer; /* preferred fraction along the line, 0…1 */
  /* result */
  gboolean placed;
  RoofOBox box;
  gboolean leader;
  double lx0, ly0, lx1, ly1;
} RoofLabelRequest;

RoofLabelPlacer *roof_label_placer_new (const RoofRect *bounds);
void roof_label_placer_free (RoofLabelPlacer *p);

/* Hard obstacles: text already drawn, the legend. */
void roof_label_placer_add_box (RoofLabelPlacer *p, const RoofOBox *box);
/* Soft obstacles: data lines and markers. */
void roof_label_placer_add_segment (RoofLabelPlacer *p, double x0, double y0, double x1,
                                    double y1, int owner);
void roof_label_placer_add_polyline (RoofLabelPlacer *p, const double *xy, int n, int owner);
void roof_label_placer_add_marker (RoofLabelPlacer *p, double x, double y, double r);
/* Segments crossing the box (for legend placement), owners ignored. */
int roof_label_placer_count_hits (RoofLabelPlacer *p, const RoofRect *r);

int roof_label_placer_add_point (RoofLabelPlacer *p, double w, double h, double ax, double ay,
                                 double radius, int priority, int owner, gboolean allow_leader);
int roof_label_placer_add_line (RoofLabelPlacer *p, double w, double h, const double *xy, int n,
                                double prefer, int priority, int owner);
void roof_label_placer_solve (RoofLabelPlacer *p);
const RoofLabelRequest *roof_label_placer_get (RoofLabelPlacer *p, int index);

G_END_DECLS
