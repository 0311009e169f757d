/* roof-label-placer.c — labels placed without overlap
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "roof-label-placer.h"

#define CELL 48.0

typedef struct
{
  double x0, y0, x1, y1;
  int owner;
  guint stamp;
} Segment;

typedef struct
{
  double x, y, r;
  guint stamp;
} Marker;

typedef struct
{
  RoofOBox b;
  RoofRect bb; /* bounds, for a cheap first test */
  guint stamp;
} Box;

/* What the grid indexes */
typedef enum
{
  ITEM_SEGMENT = 0,
  ITEM_BOX,
  ITEM_MARKER,
  N_ITEM_KINDS
} ItemKind;

struct RoofLabelPlacer
{
  RoofRect bounds;
  GArray *boxes;    /* Box, hard */
  GArray *segments; /* Segment */
  GArray *markers;  /* Marker */
  double marker_r;  /* the largest marker's radius */
  GPtrArray *requests;
  /* a uniform grid over the bounds (plus a margin): per kind and cell, the
   * indices of the items crossing it; items beyond it go to the edge cells.
   * A candidate looks at the few items near it instead of every text and
   * marker drawn. */
  int gw, gh;
  double gx, gy;
  GArray **cells[N_ITEM_KINDS]; /* guint */
  guint stamp;                  /* a query's mark on the items it has seen */
};

/* ---------------------------------------------------------------------- */
/* Oriented boxes                                                         */

static void
obox_axes (const RoofOBox *b, double ax[2][2])
{
  double c = cos (b->angle), s = sin (b->angle);
  ax[0][0] = c, ax[0][1] = s;
  ax[1][0] = -s, ax[1][1] = c;
}

static void
obox_project (const RoofOBox *b, const double axis[2], double *lo, double *hi)
{
  double ax[2][2];
  obox_axes (b, ax);
  double c = b->cx * axis[0] + b->cy * axis[1];
  double r = 0.5 * b->w * fabs (ax[0][0] * axis[0] + ax[0][1] * axis[1])
             + 0.5 * b->h * fabs (ax[1][0] * axis[0] + ax[1][1] * axis[1]);
  *lo = c - r;
  *hi = c + r;
}

void
roof_obox_bounds (const RoofOBox *b, RoofRect *out)
{
  if (b->angle == 0.0)
    {
      out->x = b->cx - 0.5 * b->w;
      out->y = b->cy - 0.5 * b->h;
      out->width = b->w;
      out->height = b->h;
      return;
    }
  double c = fabs (cos (b->angle)), s = fabs (sin (b->angle));
  double w = b->w * c + b->h * s, h = b->w * s + b->h * c;
  out->x = b->cx - 0.5 * w;
  out->y = b->cy - 0.5 * h;
  out->width = w;
  out->height = h;
}

RoofOBox
roof_obox_from_rect (const RoofRect *r)
{
  RoofOBox b = { r->x + 0.5 * r->width, r->y + 0.5 * r->height, r->width, r->height, 0.0 };
  return b;
}

gboolean
roof_obox_overlap (const RoofOBox *a, const RoofOBox *b)
{
  RoofRect ra, rb;
  roof_obox_bounds (a, &ra);
  roof_obox_bounds (b, &rb);
  if (ra.x >= rb.x + rb.width || rb.x >= ra.x + ra.width || ra.y >= rb.y + rb.height
      || rb.y >= ra.y + ra.height)
    return FALSE;
  if (a->angle == 0.0 && b->angle == 0.0)
    return TRUE;
  /* separating axis theorem over the four edge normals */
  double axa[2][2], axb[2][2];
  obox_axes (a, axa);
  obox_axes (b, axb);
  const double *axes[4] = { axa[0], axa[1], axb[0], axb[1] };
  for (int i = 0; i < 4; i++)
    {
      double alo, ahi, blo, bhi;
      obox_project (a, axes[i], &alo, &ahi);
      obox_project (b, axes[i], &blo, &bhi);
      if (ahi <= blo || bhi <= alo)
        return FALSE;
    }
  return TRUE;
}

static gboolean
rect_inside (const RoofRect *bb, const RoofRect *r)
{
  return bb->x >= r->x - 0.01 && bb->y >= r->y - 0.01
         && bb->x + bb->width <= r->x + r->width + 0.01
         && bb->y + bb->height <= r->y + r->height + 0.01;
}

gboolean
roof_obox_inside (const RoofOBox *b, const RoofRect *r)
{
  RoofRect bb;
  roof_obox_bounds (b, &bb);
  return rect_inside (&bb, r);
}

gboolean
roof_clip_interval (const double p[4], const double q[4], double *t0, double *t1)
{
  for (int i = 0; i < 4; i++)
    {
      if (p[i] == 0.0)
        {
          if (q[i] < 0.0)
            return FALSE;
          continue;
        }
      double t = q[i] / p[i];
      if (p[i] < 0.0)
        {
          if (t > *t1)
            return FALSE;
          if (t > *t0)
            *t0 = t;
        }
      else
        {
          if (t < *t0)
            return FALSE;
          if (t < *t1)
            *t1 = t;
        }
    }
  return *t0 <= *t1;
}

/* c, s: the cosine and sine of b->angle */
static gboolean
obox_hits_segment (const RoofOBox *b, double c, double s, double x0, double y0, double x1,
                   double y1)
{
  /* into the box's frame, then Liang–Barsky against the half extents */
  double px = x0 - b->cx, py = y0 - b->cy, qx = x1 - b->cx, qy = y1 - b->cy;
  double u0 = px * c + py * s, v0 = -px * s + py * c;
  double u1 = qx * c + qy * s, v1 = -qx * s + qy * c;
  double hw = 0.5 * b->w, hh = 0.5 * b->h;
  double t0 = 0.0, t1 = 1.0, du = u1 - u0, dv = v1 - v0;
  double p[4] = { -du, du, -dv, dv };
  double q[4] = { u0 + hw, hw - u0, v0 + hh, hh - v0 };
  return roof_clip_interval (p, q, &t0, &t1);
}

gboolean
roof_obox_hits_segment (const RoofOBox *b, double x0, double y0, double x1, double y1)
{
  return obox_hits_segment (b, cos (b->angle), sin (b->angle), x0, y0, x1, y1);
}

/* ---------------------------------------------------------------------- */

static void
request_free (gpointer data)
{
  RoofLabelRequest *r = data;
  g_free (r->xy);
  g_free (r);
}

RoofLabelPlacer *
roof_label_placer_new (const RoofRect *bounds)
{
  RoofLabelPlacer *p = g_new0 (RoofLabelPlacer, 1);
  p->bounds = *bounds;
  p->boxes = g_array_new (FALSE, FALSE, sizeof (Box));
  p->segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  p->markers = g_array_new (FALSE, FALSE, sizeof (Marker));
  p->requests = g_ptr_array_new_with_free_func (request_free);
  p->gx = bounds->x - CELL;
  p->gy = bounds->y - CELL;
  p->gw = CLAMP ((int) ceil ((bounds->width + 2 * CELL) / CELL), 1, 512);
  p->gh = CLAMP ((int) ceil ((bounds->height + 2 * CELL) / CELL), 1, 512);
  for (int k = 0; k < N_ITEM_KINDS; k++)
    p->cells[k] = g_new0 (GArray *, (gsize) p->gw * p->gh);
  return p;
}

void
roof_label_placer_free (RoofLabelPlacer *p)
{
  if (p == NULL)
    return;
  for (int k = 0; k < N_ITEM_KINDS; k++)
    {
      for (int i = 0; i < p->gw * p->gh; i++)
        if (p->cells[k][i])
          g_array_unref (p->cells[k][i]);
      g_free (p->cells[k]);
    }
  g_array_unref (p->boxes);
  g_array_unref (p->segments);
  g_array_unref (p->markers);
  g_ptr_array_unref (p->requests);
  g_free (p);
}

static int
cell_index (double v, double origin, int n)
{
  /* clamped before the conversion: far away and NaN land on an edge */
  double i = floor ((v - origin) / CELL);
  return !(i >= 0.0) ? 0 : i >= n - 1 ? n - 1 : (int) i;
}

static void
cell_range (RoofLabelPlacer *p, double x0, double y0, double x1, double y1, int *c0, int *r0,
            int *c1, int *r1)
{
  *c0 = cell_index (MIN (x0, x1), p->gx, p->gw);
  *c1 = cell_index (MAX (x0, x1), p->gx, p->gw);
  *r0 = cell_index (MIN (y0, y1), p->gy, p->gh);
  *r1 = cell_index (MAX (y0, y1), p->gy, p->gh);
}

static void
cell_add (RoofLabelPlacer *p, ItemKind kind, int c, int r, guint index)
{
  GArray **a = &p->cells[kind][r * p->gw + c];
  if (*a == NULL)
    *a = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (*a, index);
}

static void
cells_add_rect (RoofLabelPlacer *p, ItemKind kind, const RoofRect *bb, guint index)
{
  int c0, r0, c1, r1;
  cell_range (p, bb->x, bb->y, bb->x + bb->width, bb->y + bb->height, &c0, &r0, &c1, &r1);
  for (int r = r0; r <= r1; r++)
    for (int c = c0; c <= c1; c++)
      cell_add (p, kind, c, r, index);
}

void
roof_label_placer_add_box (RoofLabelPlacer *p, const RoofOBox *box)
{
  Box b;
  b.b = *box;
  roof_obox_bounds (box, &b.bb);
  b.stamp = 0;
  cells_add_rect (p, ITEM_BOX, &b.bb, p->boxes->len);
  g_array_append_val (p->boxes, b);
}

void
roof_label_placer_add_segment (RoofLabelPlacer *p, double x0, double y0, double x1, double y1,
                               int owner)
{
  if (!isfinite (x0) || !isfinite (y0) || !isfinite (x1) || !isfinite (y1))
    return;
  /* clip to the grid area so huge off-screen lines stay cheap */
  double gx1 = p->gx + p->gw * CELL, gy1 = p->gy + p->gh * CELL;
  if (MAX (x0, x1) < p->gx || MIN (x0, x1) > gx1 || MAX (y0, y1) < p->gy || MIN (y0, y1) > gy1)
    return;
  Segment s = { x0, y0, x1, y1, owner, 0 };
  guint idx = p->segments->len;
  g_array_append_val (p->segments, s);
  int c0, r0, c1, r1;
  cell_range (p, x0, y0, x1, y1, &c0, &r0, &c1, &r1);
  for (int r = r0; r <= r1; r++)
    for (int c = c0; c <= c1; c++)
      {
        /* only cells the segment actually crosses */
        RoofOBox cell = { p->gx + (c + 0.5) * CELL, p->gy + (r + 0.5) * CELL, CELL, CELL, 0 };
        if ((r1 > r0 || c1 > c0) && !roof_obox_hits_segment (&cell, x0, y0, x1, y1))
          continue;
        cell_add (p, ITEM_SEGMENT, c, r, idx);
      }
}

void
roof_label_placer_add_polyline (RoofLabelPlacer *p, const double *xy, int n, int owner)
{
  for (int i = 0; i + 1 < n; i++)
    roof_label_placer_add_segment (p, xy[2 * i], xy[2 * i + 1], xy[2 * i + 2], xy[2 * i + 3],
                                   owner);
}

void
roof_label_placer_add_marker (RoofLabelPlacer *p, double x, double y, double r)
{
  Marker m = { x, y, r, 0 };
  RoofRect bb = { x - r, y - r, 2 * r, 2 * r };
  cells_add_rect (p, ITEM_MARKER, &bb, p->markers->len);
  p->marker_r = MAX (p->marker_r, r);
  g_array_append_val (p->markers, m);
}

/* Calls `test` once for every item of `kind` in the cells the rectangle
 * touches, until it returns TRUE; returns the number of TRUE returns when
 * `all`, else whether there was one. Items stored in several cells are seen
 * once. */
typedef gboolean (*ItemTest) (RoofLabelPlacer *p, guint index, gconstpointer data);

static int
query_cells (RoofLabelPlacer *p, const RoofRect *bb, ItemKind kind, ItemTest test,
             gconstpointer data, gboolean all)
{
  int c0, r0, c1, r1, n = 0;

  cell_range (p, bb->x, bb->y, bb->x + bb->width, bb->y + bb->height, &c0, &r0, &c1, &r1);
  p->stamp++;
  for (int r = r0; r <= r1; r++)
    for (int c = c0; c <= c1; c++)
      {
        GArray *a = p->cells[kind][r * p->gw + c];
        for (guint i = 0; a != NULL && i < a->len; i++)
          if (test (p, g_array_index (a, guint, i), data))
            {
              n++;
              if (!all)
                return n;
            }
      }
  return n;
}

/* Whether this query meets the item for the first time; marks it met. */
static gboolean
first_visit (RoofLabelPlacer *p, guint *stamp)
{
  if (*stamp == p->stamp)
    return FALSE;
  *stamp = p->stamp;
  return TRUE;
}

/* A box looking for what it covers */
typedef struct
{
  const RoofOBox *b;
  RoofRect bb; /* its bounds */
  double c, s; /* the cosine and sine of its angle */
  int ignore_owner;
} BoxQuery;

static BoxQuery
box_query (const RoofOBox *b, int ignore_owner)
{
  BoxQuery q = { b, { 0 }, cos (b->angle), sin (b->angle), ignore_owner };
  roof_obox_bounds (b, &q.bb);
  return q;
}

/* Whether the box x0…x1 × y0…y1 and bb are apart: no area in common
 * (touching edges are apart). The cheap test before an exact overlap. */
static inline gboolean
apart (double x0, double y0, double x1, double y1, const RoofRect *bb)
{
  return x1 <= bb->x || x0 >= bb->x + bb->width || y1 <= bb->y || y0 >= bb->y + bb->height;
}

static gboolean
segment_crosses (RoofLabelPlacer *p, guint index, gconstpointer data)
{
  Segment *s = &g_array_index (p->segments, Segment, index);
  const BoxQuery *q = data;
  if (!first_visit (p, &s->stamp))
    return FALSE;
  if (q->ignore_owner >= 0 && s->owner == q->ignore_owner)
    return FALSE;
  if (MAX (s->x0, s->x1) < q->bb.x || MIN (s->x0, s->x1) > q->bb.x + q->bb.width
      || MAX (s->y0, s->y1) < q->bb.y || MIN (s->y0, s->y1) > q->bb.y + q->bb.height)
    return FALSE;
  return obox_hits_segment (q->b, q->c, q->s, s->x0, s->y0, s->x1, s->y1);
}

static int
segment_hits (RoofLabelPlacer *p, const BoxQuery *q)
{
  return query_cells (p, &q->bb, ITEM_SEGMENT, segment_crosses, q, TRUE);
}

static gboolean
marker_centre_in (RoofLabelPlacer *p, guint index, gconstpointer data)
{
  Marker *m = &g_array_index (p->markers, Marker, index);
  const RoofRect *r = data;
  if (!first_visit (p, &m->stamp))
    return FALSE;
  return m->x >= r->x && m->x <= r->x + r->width && m->y >= r->y && m->y <= r->y + r->height;
}

int
roof_label_placer_count_hits (RoofLabelPlacer *p, const RoofRect *r)
{
  RoofOBox b = roof_obox_from_rect (r);
  BoxQuery q = box_query (&b, -1);
  int hits = segment_hits (p, &q);
  return hits + query_cells (p, r, ITEM_MARKER, marker_centre_in, r, TRUE);
}

static gboolean
marker_under (RoofLabelPlacer *p, guint index, gconstpointer data)
{
  Marker *m = &g_array_index (p->markers, Marker, index);
  const BoxQuery *q = data;
  if (!first_visit (p, &m->stamp))
    return FALSE;
  if (apart (m->x - m->r, m->y - m->r, m->x + m->r, m->y + m->r, &q->bb))
    return FALSE;
  RoofOBox mb = { m->x, m->y, 2 * m->r, 2 * m->r, 0 };
  return roof_obox_overlap (q->b, &mb);
}

static int
marker_hits (RoofLabelPlacer *p, const BoxQuery *q)
{
  return query_cells (p, &q->bb, ITEM_MARKER, marker_under, q, TRUE);
}

static gboolean
box_overlaps (RoofLabelPlacer *p, guint index, gconstpointer data)
{
  Box *o = &g_array_index (p->boxes, Box, index);
  const BoxQuery *q = data;
  if (!first_visit (p, &o->stamp))
    return FALSE;
  if (apart (o->bb.x, o->bb.y, o->bb.x + o->bb.width, o->bb.y + o->bb.height, &q->bb))
    return FALSE;
  return roof_obox_overlap (q->b, &o->b);
}

static gboolean
box_free (RoofLabelPlacer *p, const BoxQuery *q)
{
  return query_cells (p, &q->bb, ITEM_BOX, box_overlaps, q, FALSE) == 0;
}

static RoofLabelRequest *
new_request (RoofLabelPlacer *p, RoofLabelKind kind, double w, double h, int priority, int owner)
{
  RoofLabelRequest *r = g_new0 (RoofLabelRequest, 1);
  r->kind = kind;
  r->w = w;
  r->h = h;
  r->priority = priority;
  r->owner = owner;
  /* the most important labels may cross lines (with a halo); the rest
   * would rather be left out than make a thicket */
  r->max_hits = priority >= ROOF_LABEL_PRIORITY_CROSS_ANY   ? -1
                : priority >= ROOF_LABEL_PRIORITY_CROSS_TWO ? 2
                                                            : 1;
  g_ptr_array_add (p->requests, r);
  return r;
}

int
roof_label_placer_add_point (RoofLabelPlacer *p, double w, double h, double ax, double ay,
                             double radius, int priority, int owner, gboolean allow_leader)
{
  RoofLabelRequest *r = new_request (p, ROOF_LABEL_POINT, w, h, priority, owner);
  r->ax = ax;
  r->ay = ay;
  r->radius = radius;
  r->allow_leader = allow_leader;
  return (int) p->requests->len - 1;
}

int
roof_label_placer_add_line (RoofLabelPlacer *p, double w, double h, const double *xy, int n,
                            double prefer, int priority, int owner)
{
  RoofLabelRequest *r = new_request (p, ROOF_LABEL_LINE, w, h, priority, owner);
  r->xy = g_memdup2 (xy, sizeof (double) * 2 * MAX (n, 0));
  r->n_xy = n;
  r->prefer = CLAMP (prefer, 0.0, 1.0);
  return (int) p->requests->len - 1;
}

const RoofLabelRequest *
roof_label_placer_get (RoofLabelPlacer *p, int index)
{
  if (index < 0 || (guint) index >= p->requests->len)
    return NULL;
  return g_ptr_array_index (p->requests, index);
}

/* Cost of a candidate, or −1 when it is not allowed. */
static double
candidate_cost (RoofLabelPlacer *p, const RoofLabelRequest *r, const RoofOBox *b, double base)
{
  BoxQuery q = box_query (b, r->owner);
  if (!rect_inside (&q.bb, &p->bounds))
    return -1.0;
  if (!box_free (p, &q))
    return -1.0;
  int hits = segment_hits (p, &q);
  if (r->max_hits >= 0 && hits > r->max_hits)
    return -1.0;
  /* a label never hides a data point */
  if (marker_hits (p, &q) > 0)
    return -1.0;
  return base + 40.0 * hits;
}

static void
place_point (RoofLabelPlacer *p, RoofLabelRequest *r)
{
  /* right, upper right, above, upper left, left, lower right, below, lower left */
  static const double dirs[8][2] = { { 1, 0 },  { 1, -1 }, { 0, -1 }, { -1, -1 },
                                     { -1, 0 }, { 1, 1 },  { 0, 1 },  { -1, 1 } };
  static const double rings[] = { 3.0, 12.0, 26.0, 44.0, 70.0 };
  int n_rings = r->allow_leader ? G_N_ELEMENTS (rings) : 1;
  double best = G_MAXDOUBLE;
  RoofOBox best_box = { 0 };
  int best_ring = -1;

  for (int ring = 0; ring < n_rings; ring++)
    {
      double gap = r->radius + rings[ring];
      for (int d = 0; d < 8; d++)
        {
          double dx = dirs[d][0], dy = dirs[d][1];
          RoofOBox b = { r->ax + dx * (gap + 0.5 * r->w), r->ay + dy * (gap + 0.5 * r->h),
                         r->w, r->h, 0.0 };
          if (dx != 0 && dy != 0)
            {
              /* diagonals: the corner of the box at the gap */
              b.cx = r->ax + dx * (gap * 0.75 + 0.5 * r->w);
              b.cy = r->ay + dy * (gap * 0.75 + 0.5 * r->h);
            }
          double c = candidate_cost (p, r, &b, ring * 30.0 + d * 1.5);
          if (c >= 0.0 && c < best)
            {
              best = c;
              best_box = b;
              best_ring = ring;
            }
        }
      /* a clean spot on an inner ring beats any outer one */
      if (best_ring >= 0 && best < (ring + 1) * 30.0)
        break;
    }
  if (best_ring < 0)
    return;
  r->placed = TRUE;
  r->box = best_box;
  if (best_ring >= 1)
    {
      /* from the marker's edge to the nearest point of the box */
      double nx = CLAMP (r->ax, best_box.cx - 0.5 * r->w, best_box.cx + 0.5 * r->w);
      double ny = CLAMP (r->ay, best_box.cy - 0.5 * r->h, best_box.cy + 0.5 * r->h);
      double dx = nx - r->ax, dy = ny - r->ay, len = hypot (dx, dy);
      if (len > r->radius + 2.0)
        {
          r->leader = TRUE;
          r->lx0 = r->ax + dx / len * (r->radius + 1.0);
          r->ly0 = r->ay + dy / len * (r->radius + 1.0);
          r->lx1 = nx;
          r->ly1 = ny;
        }
    }
}

static void
place_line (RoofLabelPlacer *p, RoofLabelRequest *r)
{
  static const double offsets[] = { 0.0, 0.1, -0.1, 0.2, -0.2, 0.3, -0.3, 0.4, -0.4,
                                    0.5, -0.5, 0.05, -0.05, 0.15, -0.15, 0.25, -0.25 };
  int n = r->n_xy;
  if (n < 2)
    return;
  double *cum = g_newa (double, n);
  cum[0] = 0.0;
  for (int i = 1; i < n; i++)
    cum[i] = cum[i - 1] + hypot (r->xy[2 * i] - r->xy[2 * i - 2], r->xy[2 * i + 1] - r->xy[2 * i - 1]);
  double total = cum[n - 1];
  if (total < r->w * 0.5)
    return;

  double best = G_MAXDOUBLE;
  RoofOBox best_box = { 0 };
  gboolean found = FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (offsets); k++)
    {
      double f = r->prefer + offsets[k];
      if (f < 0.0 || f > 1.0)
        continue;
      double at = f * total;
      /* keep the text within the line's length */
      if (at < 0.5 * r->w * 0.9 && total > r->w)
        at = 0.5 * r->w;
      if (at > total - 0.5 * r->w && total > r->w)
        at = total - 0.5 * r->w;
      int i = 1;
      while (i < n - 1 && cum[i] < at)
        i++;
      double seg = cum[i] - cum[i - 1];
      double t = seg > 0 ? (at - cum[i - 1]) / seg : 0.0;
      double x0 = r->xy[2 * i - 2], y0 = r->xy[2 * i - 1], x1 = r->xy[2 * i], y1 = r->xy[2 * i + 1];
      double x = x0 + t * (x1 - x0), y = y0 + t * (y1 - y0);
      double ang = atan2 (y1 - y0, x1 - x0);
      if (ang > G_PI / 2)
        ang -= G_PI;
      if (ang <= -G_PI / 2)
        ang += G_PI;
      /* normal pointing up on screen */
      double nx = sin (ang), ny = -cos (ang);
      for (int side = 0; side < 2; side++)
        {
          /* clear of the markers drawn on the line */
          double off = (0.5 * r->h + MAX (2.5, p->marker_r + 1.0)) * (side == 0 ? 1.0 : -1.0);
          RoofOBox b = { x + nx * off, y + ny * off, r->w, r->h, ang };
          double c = candidate_cost (p, r, &b, fabs (offsets[k]) * 20.0 + side * 6.0);
          if (c >= 0.0 && c < best)
            {
              best = c;
              best_box = b;
              found = TRUE;
            }
        }
      if (found && best < 8.0)
        break;
    }
  if (!found)
    return;
  r->placed = TRUE;
  r->box = best_box;
}

static int
by_priority (gconstpointer a, gconstpointer b)
{
  const RoofLabelRequest *ra = *(RoofLabelRequest *const *) a;
  const RoofLabelRequest *rb = *(RoofLabelRequest *const *) b;
  return rb->priority - ra->priority;
}

void
roof_label_placer_solve (RoofLabelPlacer *p)
{
  GPtrArray *order = g_ptr_array_sized_new (p->requests->len);
  for (guint i = 0; i < p->requests->len; i++)
    g_ptr_array_add (order, g_ptr_array_index (p->requests, i));
  /* g_ptr_array_sort is a stable merge sort */
  g_ptr_array_sort (order, by_priority);
  for (guint i = 0; i < order->len; i++)
    {
      RoofLabelRequest *r = g_ptr_array_index (order, i);
      if (r->placed)
        continue;
      if (r->kind == ROOF_LABEL_POINT)
        place_point (p, r);
      else
        place_line (p, r);
      if (r->placed)
        {
          roof_label_placer_add_box (p, &r->box);
          if (r->leader)
            roof_label_placer_add_segment (p, r->lx0, r->ly0, r->lx1, r->ly1, -2);
        }
    }
  g_ptr_array_unref (order);
}
