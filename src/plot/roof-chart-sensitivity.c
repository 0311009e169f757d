/* roof-chart-sensitivity.c — elasticity of the step time per parameter
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Horizontal diverging bars grouped by device: −1 means 1 % more of the
 * parameter takes 1 % off the time. The binding constraint is highlighted
 * and named; capacity is reported as feasibility, never as a bar.
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"

#define MAX_ROWS (ROOF_PLOT_MAX_DEVICES * (ROOF_KNOB_COUNT + 1))

typedef struct
{
  int device;
  int knob; /* RoofKnob */
  double y; /* centre, pixels */
} Row;

typedef enum
{
  MODE_ALL = 0,  /* hardware, capacity, workload */
  MODE_HARDWARE, /* hardware and capacity */
  MODE_TIME,     /* hardware knobs that enter the time */
  MODE_COUNT
} Mode;

typedef struct
{
  double step; /* the relative change of each parameter */
  RoofSensitivity sens[ROOF_PLOT_MAX_DEVICES];
  gboolean ok[ROOF_PLOT_MAX_DEVICES];
  RoofError err[ROOF_PLOT_MAX_DEVICES];
  int n_ok;
  double emax; /* the largest |elasticity| */
  /* layout */
  double lh, row_h;
  Row rows[MAX_ROWS];
  int n_rows;
} Sens;

static const RoofKnob knob_order[] = {
  ROOF_KNOB_MEM_BW,   ROOF_KNOB_PEAK_FLOPS, ROOF_KNOB_INTERCONNECT_BW, ROOF_KNOB_OVERHEAD,
  ROOF_KNOB_MEM_CAPACITY, ROOF_KNOB_BATCH,  ROOF_KNOB_CONTEXT,         ROOF_KNOB_BYTES_PER_WEIGHT,
};

static gboolean
knob_shown (const RoofSensitivity *s, RoofKnob k, Mode mode)
{
  if (k == ROOF_KNOB_MEM_CAPACITY)
    return mode <= MODE_HARDWARE;
  if (!s->e[k].applicable)
    return FALSE;
  if (k >= ROOF_KNOB_BATCH)
    return mode == MODE_ALL;
  return TRUE;
}

static void
fmt_e (double e, char *buf, gsize n)
{
  char num[32];
  if (fabs (e) < 0.005)
    e = 0.0;
  g_ascii_formatd (num, sizeof num, "%.2f", fabs (e));
  roof_format_localize (num, sizeof num);
  g_snprintf (buf, n, "%s%s", e < 0 ? "\xe2\x88\x92" : e > 0 ? "+" : "", num);
}

static gboolean
collect (const RoofChartInput *in, gpointer data, GError **error)
{
  Sens *c = data;

  c->step = in->sensitivity_step > 0.0 ? in->sensitivity_step : ROOF_DEFAULT_SENSITIVITY_STEP;
  for (int i = 0; i < in->n_devices; i++)
    {
      if (!roof_input_visible (in, i))
        continue;
      if (roof_sensitivity (&in->devices[i].hw, in->model, &in->workload, c->step, &c->sens[i],
                            &c->err[i])
          != ROOF_OK)
        continue;
      c->ok[i] = TRUE;
      c->n_ok++;
      for (int k = 0; k < ROOF_KNOB_COUNT; k++)
        if (c->sens[i].e[k].applicable)
          c->emax = MAX (c->emax, fabs (c->sens[i].e[k].elasticity));
    }
  if (c->n_ok == 0)
    {
      int i = roof_input_first_visible (in);
      return roof_chart_device_error (in, i, &c->err[i], error);
    }
  return TRUE;
}

static void
annotate (RoofRender *R, gpointer data)
{
  Sens *c = data;
  const RoofChartInput *in = R->in;
  RoofFrame *f = &R->frame;
  char buf[200], num[48];

  roof_render_assumptions (R, TRUE, TRUE);
  for (int i = 0; i < in->n_devices; i++)
    if (roof_render_visible (R, i) && !c->ok[i])
      roof_render_note_failure (R, i, &c->err[i]);
  roof_format_number (c->step * 100.0, 3, num, sizeof num);
  roof_render_note (
      R,
      _("elasticity = change in ln(step time) per change in ln(parameter), parameters "
         "moved by ±%s %%; −1: 10 %% more of it cuts the time by about 10 %%"),
      num);

  double L = MAX (1.5, ceil (c->emax * 1.2 * 4.0) / 4.0);
  f->x_log = FALSE;
  f->x0 = -L, f->x1 = L;
  f->y0 = 0, f->y1 = 1;
  f->x_unit = f->y_unit = 1.0;
  f->y_categorical = TRUE;
  /* xgettext:no-c-format */
  f->x_title = _("Elasticity of the step time (−1: 1 % more of it, 1 % less time)");

  /* widths of the two label columns */
  double dev_w = 0.0, knob_w = 0.0, w;
  roof_render_measure (R, ROOF_FONT_TICK, "Ag", NULL, &c->lh);
  for (int i = 0; i < in->n_devices; i++)
    if (c->ok[i])
      {
        roof_render_measure (R, ROOF_FONT_LABEL_BOLD, roof_render_device_name (R, i), &w, NULL);
        dev_w = MAX (dev_w, w);
        g_snprintf (buf, sizeof buf, _("binds: %s"), roof_knob_title (c->sens[i].binding));
        roof_render_measure (R, ROOF_FONT_LABEL, buf, &w, NULL);
        dev_w = MAX (dev_w, w);
      }
  for (guint k = 0; k < G_N_ELEMENTS (knob_order); k++)
    {
      roof_render_measure (R, ROOF_FONT_TICK, roof_knob_title (knob_order[k]), &w, NULL);
      knob_w = MAX (knob_w, w);
    }
  f->y_cat_width = dev_w + 14.0 + knob_w;
}

/* Rows for every knob while they fit, else the hardware ones, else those
 * that enter the time; then the rows top down, the block centred. */
static void
lay_out (RoofRender *R, gpointer data)
{
  Sens *c = data;
  const RoofChartInput *in = R->in;
  RoofFrame *f = &R->frame;
  double row_min = c->lh + 3.0, row_h = 0.0, group_gap;
  Mode mode;

  for (mode = MODE_ALL; mode < MODE_COUNT; mode++)
    {
      roof_frame_layout (R);
      int nr = 0, ng = 0;
      for (int i = 0; i < in->n_devices; i++)
        if (c->ok[i])
          {
            ng++;
            for (guint k = 0; k < G_N_ELEMENTS (knob_order); k++)
              nr += knob_shown (&c->sens[i], knob_order[k], mode);
          }
      double units = nr + 0.6 * (ng - 1) + 0.4;
      row_h = f->plot.height / units;
      if (row_h >= row_min || mode == MODE_TIME)
        break;
    }
  row_h = MIN (row_h, 4.0 * row_min);
  group_gap = 0.6 * row_h;
  c->row_h = row_h;

  int n_groups = 0, n_all = 0;
  for (int i = 0; i < in->n_devices; i++)
    if (c->ok[i])
      {
        n_groups++;
        for (guint k = 0; k < G_N_ELEMENTS (knob_order); k++)
          n_all += knob_shown (&c->sens[i], knob_order[k], mode);
      }
  double block = n_all * row_h + (n_groups - 1) * group_gap;
  double y = f->plot.y + MAX (0.2 * row_h, 0.5 * (f->plot.height - block));
  for (int i = 0; i < in->n_devices; i++)
    if (c->ok[i])
      {
        for (guint k = 0; k < G_N_ELEMENTS (knob_order); k++)
          if (knob_shown (&c->sens[i], knob_order[k], mode) && c->n_rows < MAX_ROWS)
            {
              c->rows[c->n_rows].device = i;
              c->rows[c->n_rows].knob = knob_order[k];
              c->rows[c->n_rows].y = y + 0.5 * row_h;
              c->n_rows++;
              y += row_h;
            }
        y += group_gap;
      }
}

/* The ±1 guides, the zero line and the separators between devices. */
static void
draw_guides (RoofRender *R, const Sens *c)
{
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;
  RoofRect *pa = &R->frame.plot;
  double dash[2] = { 4.0, 3.0 };

  cairo_set_line_width (cr, 1.0);
  cairo_set_dash (cr, dash, 2, 0);
  roof_color_set (cr, th->muted);
  for (int s = -1; s <= 1; s += 2)
    {
      double x = round (roof_frame_x (R, s)) + 0.5;
      cairo_move_to (cr, x, pa->y);
      cairo_line_to (cr, x, pa->y + pa->height);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  roof_color_set (cr, th->foreground);
  cairo_set_line_width (cr, th->axis_width * 1.2);
  double x_zero = roof_frame_x (R, 0.0);
  cairo_move_to (cr, x_zero, pa->y);
  cairo_line_to (cr, x_zero, pa->y + pa->height);
  cairo_stroke (cr);

  roof_color_set (cr, th->grid_major);
  cairo_set_line_width (cr, 1.0);
  for (int r = 1; r < c->n_rows; r++)
    if (c->rows[r].device != c->rows[r - 1].device)
      {
        double sy = round (0.5 * (c->rows[r].y + c->rows[r - 1].y)) + 0.5;
        cairo_move_to (cr, R->pad, sy);
        cairo_line_to (cr, pa->x + pa->width, sy);
      }
  cairo_stroke (cr);
}

/* Capacity is a verdict, not a bar. */
static void
draw_capacity_row (RoofRender *R, const Sens *c, const Row *row)
{
  const RoofSensitivity *s = &c->sens[row->device];
  RoofRect *pa = &R->frame.plot;
  char buf[200];
  RoofOBox b;

  if (s->fits)
    g_strlcpy (buf, _("fits: capacity does not change the time"), sizeof buf);
  else
    g_snprintf (buf, sizeof buf, _("needs ≥ %d devices: capacity does not change the time"),
                s->min_devices);
  roof_render_measure (R, ROOF_FONT_LABEL, buf, &b.w, &b.h);
  b.cx = roof_frame_x (R, 0.0) + 6.0 + 0.5 * b.w;
  b.cy = row->y;
  b.angle = 0.0;
  if (b.cx + 0.5 * b.w <= pa->x + pa->width && b.h <= c->row_h + 2.0)
    roof_render_text_box (R, ROOF_FONT_LABEL, buf, &b,
                          s->fits ? R->th->muted : roof_render_device_color (R, row->device),
                          ROOF_TEXT_LABEL, FALSE);
}

/* A diverging bar, its value at its end and its hit item. */
static void
draw_bar_row (RoofRender *R, const Sens *c, const Row *row)
{
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;
  RoofRect *pa = &R->frame.plot;
  int i = row->device;
  RoofKnob k = row->knob;
  const RoofSensitivity *s = &c->sens[i];
  RoofColor col = roof_render_device_color (R, i);
  gboolean binding = k == s->binding;
  gboolean workload = k >= ROOF_KNOB_BATCH;
  double bar_h = MAX (4.0, MIN (c->row_h * 0.64, 26.0));
  double x_zero = roof_frame_x (R, 0.0), cy = row->y;
  char num[48];

  double e = s->e[k].elasticity;
  double xe = roof_frame_x (R, e);
  RoofRect bar = { MIN (x_zero, xe), cy - 0.5 * bar_h, fabs (xe - x_zero), bar_h };
  RoofColor fill = binding ? col : roof_color_alpha (col, workload ? 0.28 : 0.5);
  roof_color_set (cr, fill);
  cairo_rectangle (cr, bar.x, bar.y, MAX (bar.width, 1.0), bar.height);
  cairo_fill (cr);
  if (binding)
    {
      roof_color_set (cr, th->foreground);
      cairo_set_line_width (cr, 1.5);
      cairo_rectangle (cr, bar.x, bar.y, MAX (bar.width, 1.0), bar.height);
      cairo_stroke (cr);
    }
  /* the value at the bar's end, outside it */
  fmt_e (e, num, sizeof num);
  RoofOBox b;
  roof_render_measure (R, binding ? ROOF_FONT_LABEL_BOLD : ROOF_FONT_LABEL, num, &b.w, &b.h);
  b.angle = 0.0;
  b.cy = cy;
  b.cx = e < 0 ? xe - 5.0 - 0.5 * b.w : xe + 5.0 + 0.5 * b.w;
  if (b.cx - 0.5 * b.w < pa->x || b.cx + 0.5 * b.w > pa->x + pa->width)
    b.cx = e < 0 ? xe + 5.0 + 0.5 * b.w : xe - 5.0 - 0.5 * b.w;
  if (b.h <= c->row_h + 2.0 && roof_render_text_free (R, &b))
    roof_render_text_box (R, binding ? ROOF_FONT_LABEL_BOLD : ROOF_FONT_LABEL, num, &b,
                          th->foreground, ROOF_TEXT_LABEL, TRUE);
  char up[32], down[32], t[32];
  fmt_e (s->e[k].up, up, sizeof up);
  fmt_e (s->e[k].down, down, sizeof down);
  roof_format_time (s->t_base, t, sizeof t);
  RoofRect hit = bar;
  if (hit.width < 6.0)
    hit.x -= 3.0, hit.width = 6.0;
  roof_render_hit_bar (R, &hit, i,
                       _("%s · %s%s\nelasticity %s (one-sided: %s up, %s down)\n"
                          "step time %s%s"),
                       roof_render_device_full_name (R, i), roof_knob_title (k),
                       binding ? _(" (binding)") : "", num, up, down, t,
                       workload ? _("\na workload parameter: reported, never binding") : "");
}

/* The knob's name at the left of the plot. */
static void
draw_knob_name (RoofRender *R, const Sens *c, const Row *row)
{
  RoofKnob k = row->knob;
  gboolean binding = k == c->sens[row->device].binding;
  RoofOBox b;

  roof_render_measure (R, ROOF_FONT_TICK, roof_knob_title (k), &b.w, &b.h);
  b.cx = R->frame.plot.x - 6.0 - 0.5 * b.w;
  b.cy = row->y;
  b.angle = 0.0;
  if (b.h <= c->row_h + 2.0 && roof_render_text_free (R, &b))
    roof_render_text_box (R, ROOF_FONT_TICK, roof_knob_title (k), &b,
                          binding ? R->th->foreground : R->th->muted, ROOF_TEXT_TICK, FALSE);
}

/* Device names and what binds, centred on each group of rows. */
static void
draw_groups (RoofRender *R, const Sens *c)
{
  const Row *rows = c->rows;

  for (int r0 = 0; r0 < c->n_rows;)
    {
      int r1 = r0;
      while (r1 + 1 < c->n_rows && rows[r1 + 1].device == rows[r0].device)
        r1++;
      int i = rows[r0].device;
      double top = rows[r0].y - 0.5 * c->row_h, bottom = rows[r1].y + 0.5 * c->row_h;
      const char *lines[3];
      RoofFont fonts[3] = { ROOF_FONT_LABEL_BOLD, ROOF_FONT_LABEL, ROOF_FONT_LABEL };
      char bind[96], need[64];
      int n_lines = 0;
      lines[n_lines++] = roof_render_device_name (R, i);
      g_snprintf (bind, sizeof bind, _("binds: %s"), roof_knob_title (c->sens[i].binding));
      lines[n_lines++] = bind;
      if (!c->sens[i].fits)
        {
          g_snprintf (need, sizeof need, _("needs ≥ %d devices"), c->sens[i].min_devices);
          lines[n_lines++] = need;
        }
      while (n_lines > 1 && n_lines * c->lh > bottom - top + 2.0)
        n_lines--;
      double ty = 0.5 * (top + bottom) - 0.5 * n_lines * c->lh;
      for (int l = 0; l < n_lines; l++)
        {
          RoofColor col = l == 0 ? roof_render_device_color (R, i) : R->th->foreground;
          RoofOBox b;
          roof_render_measure (R, fonts[l], lines[l], &b.w, &b.h);
          b.cx = R->pad + 0.5 * b.w;
          b.cy = ty + (l + 0.5) * c->lh;
          b.angle = 0.0;
          if (roof_render_text_free (R, &b))
            roof_render_text_box (R, fonts[l], lines[l], &b, col, ROOF_TEXT_LABEL, FALSE);
        }
      r0 = r1 + 1;
    }
}

/* Everything but the grid is unclipped: the rows' names sit left of the plot. */
static void
draw_overlays (RoofRender *R, gpointer data, GArray *labels)
{
  Sens *c = data;

  cairo_save (R->cr);
  draw_guides (R, c);
  for (int r = 0; r < c->n_rows; r++)
    {
      if (c->rows[r].knob == ROOF_KNOB_MEM_CAPACITY)
        draw_capacity_row (R, c, &c->rows[r]);
      else
        draw_bar_row (R, c, &c->rows[r]);
      draw_knob_name (R, c, &c->rows[r]);
    }
  draw_groups (R, c);
  cairo_restore (R->cr);
}

static void
describe (RoofRender *R, gpointer data)
{
  Sens *c = data;
  const RoofChartInput *in = R->in;
  GString *s = R->desc;
  int n_mem = 0, n_cmp = 0, n_ok = c->n_ok;
  char num[48];

  for (int i = 0; i < in->n_devices; i++)
    if (c->ok[i])
      {
        n_mem += c->sens[i].binding == ROOF_KNOB_MEM_BW;
        n_cmp += c->sens[i].binding == ROOF_KNOB_PEAK_FLOPS;
      }
  roof_format_number (in->workload.batch, 6, num, sizeof num);
  g_string_append_printf (s, _("For %s %s at batch %s, "),
                          roof_input_model_name (in, _("the model")),
                          roof_phase_title (in->workload.phase), num);
  if (n_mem == n_ok)
    g_string_append (s, n_ok > 1 ? _("memory bandwidth binds on every device")
                                 : _("memory bandwidth binds"));
  else if (n_cmp == n_ok)
    g_string_append (s, n_ok > 1 ? _("peak compute binds on every device")
                                 : _("peak compute binds"));
  else
    g_string_append_printf (s, _("memory bandwidth binds on %d and peak compute on %d of %d devices"),
                            n_mem, n_cmp, n_ok);
  g_string_append (s, ".");
  for (int i = 0; i < in->n_devices; i++)
    if (c->ok[i])
      {
        char eb[32], ef[32];
        fmt_e (c->sens[i].e[ROOF_KNOB_MEM_BW].elasticity, eb, sizeof eb);
        fmt_e (c->sens[i].e[ROOF_KNOB_PEAK_FLOPS].elasticity, ef, sizeof ef);
        g_string_append_printf (s, _(" %s: bandwidth %s, compute %s"),
                                roof_render_device_name (R, i), eb, ef);
        if (!c->sens[i].fits)
          g_string_append_printf (s, _(", needs ≥ %d devices"), c->sens[i].min_devices);
        g_string_append (s, ".");
      }
}

const RoofChartClass roof_chart_sensitivity_class = {
  .title = N_("Sensitivity"),
  .data_size = sizeof (Sens),
  .needs_devices = TRUE,
  .heading_format = N_("Sensitivity of the step time · %s %s"),
  .collect = collect,
  .annotate = annotate,
  .lay_out = lay_out,
  .draw_overlays = draw_overlays,
  .describe = describe,
};
