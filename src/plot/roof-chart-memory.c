/* roof-chart-memory.c — memory footprint per device against usable capacity
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"

/* The series: one stacked bar per visible device the solver accepts, in
 * device order (slots[0..n_slots) index devices). */
static gboolean
collect (const RoofChartInput *in, gpointer data, GError **error)
{
  RoofMemorySeries *m = data;

  for (int i = 0; i < in->n_devices; i++)
    {
      const RoofHardwareParams *hw = &in->devices[i].hw;
      if (!roof_input_visible (in, i))
        continue;
      if (roof_solve (hw, in->model, &in->workload, &m->res[i], &m->err[i]) != ROOF_OK)
        continue;
      m->ok[i] = TRUE;
      m->slots[m->n_slots++] = i;
      /* usable capacity and the raw capacity above it */
      m->ymax = MAX (m->ymax, MAX (m->res[i].footprint,
                                   m->res[i].capacity / (hw->usable_fraction > 0
                                                             ? hw->usable_fraction
                                                             : ROOF_DEFAULT_USABLE_FRACTION)));
    }
  if (m->n_slots == 0)
    {
      int i = roof_input_first_visible (in);
      return roof_chart_device_error (in, i, &m->err[i], error);
    }
  return TRUE;
}

/* A size in the axis's unit, so that the labels and the axis agree. */
static void
fmt_size (const RoofMemorySeries *m, double bytes, char *buf, gsize n)
{
  char num[40];
  roof_format_number (bytes / m->unit, 3, num, sizeof num);
  g_snprintf (buf, n, m->unit == 1e12 ? _("%s TB") : _("%s GB"), num);
}

static void
annotate (RoofRender *R, gpointer data)
{
  RoofMemorySeries *m = data;
  const RoofChartInput *in = R->in;
  const RoofTheme *th = R->th;
  RoofFrame *f = &R->frame;
  char num[48];

  roof_render_assumptions (R, TRUE, TRUE);
  for (int i = 0; i < in->n_devices; i++)
    if (roof_render_visible (R, i) && !m->ok[i])
      roof_render_note_failure (R, i, &m->err[i]);
  {
    const RoofHardwareParams *hw = &in->devices[m->slots[0]].hw;
    double u = hw->usable_fraction > 0 ? hw->usable_fraction : ROOF_DEFAULT_USABLE_FRACTION;
    roof_format_number (u * 100.0, 3, num, sizeof num);
    roof_render_note (R,
                      _("usable capacity = %s %% of the memory (the rest is left to the runtime); "
                         "KV sized for the longest sequence (context or prompt + output)"),
                      num);
  }

  double y0, y1;
  roof_scale_nice_bounds (FALSE, 0.0, m->ymax * 1.12, &y0, &y1);
  f->x_log = f->y_log = FALSE;
  f->x0 = 0.0, f->x1 = m->n_slots;
  f->y0 = 0.0, f->y1 = y1;
  if (in->view_y1 > in->view_y0)
    f->y0 = in->view_y0, f->y1 = in->view_y1;
  f->x_unit = 1.0;
  /* one unit for the axis and the labels: "1.38 TB" on an axis in TB */
  m->unit = f->y1 >= 1e12 ? 1e12 : 1e9;
  f->y_unit = m->unit;
  f->x_categorical = TRUE;
  f->y_title = m->unit == 1e12 ? _("Memory (TB)") : _("Memory (GB)");
  f->x_title = NULL;

  /* device names under the bars, wrapped to an estimate of the slot width */
  roof_render_measure (R, ROOF_FONT_TICK, "Ag", NULL, &m->lh);
  {
    double est = MAX (R->width * 0.8 / m->n_slots - 4.0, 20.0), hmax = m->lh;
    for (int k = 0; k < m->n_slots; k++)
      hmax = MAX (hmax, roof_render_text_wrapped (R, ROOF_FONT_TICK,
                                                  roof_render_device_name (R, m->slots[k]), 0, 0,
                                                  est * 0.85, th->foreground, ROOF_TEXT_TICK, FALSE));
    f->x_cat_height = hmax + 6.0;
  }

  {
    RoofLegendItem *it;
    it = roof_legend_add (R, ROOF_LEGEND_SWATCH, _("weights"), -1, th->muted);
    it = roof_legend_add (R, ROOF_LEGEND_SWATCH, C_("chart", "KV cache"), -1,
                          roof_color_mix (th->muted, th->plot_background, 0.45));
    it = roof_legend_add (R, ROOF_LEGEND_SWATCH, _("activation workspace"), -1,
                          roof_color_mix (th->muted, th->plot_background, 0.72));
    it = roof_legend_add (R, ROOF_LEGEND_LINE, _("usable capacity"), -1, th->foreground);
    it->width = 2.5;
    it = roof_legend_add (R, ROOF_LEGEND_LINE, _("total memory"), -1, th->muted);
    it->dash = ROOF_PREC_INT8;
    it->width = 1.0;
  }
}

static void
obstacles (RoofRender *R, gpointer data)
{
  RoofMemorySeries *m = data;
  RoofFrame *f = &R->frame;

  m->slot_w = f->plot.width / m->n_slots;
  m->bar_w = MIN (m->slot_w * 0.56, 120.0);
  for (int s = 0; s < m->n_slots; s++)
    {
      int i = m->slots[s];
      double cx = f->plot.x + (s + 0.5) * m->slot_w;
      double top = roof_frame_y (R, MAX (m->res[i].footprint, m->res[i].capacity));
      /* the bars and their verdicts as obstacles for the legend */
      double vh = 3.5 * (m->lh + 2.0);
      double half = 0.5 * MAX (m->bar_w, m->slot_w - 6.0), l = cx - half, r = cx + half;
      double b = f->plot.y + f->plot.height;
      roof_label_placer_add_segment (R->placer, l, top - vh, r, top - vh, i);
      roof_label_placer_add_segment (R->placer, l, top - vh, l, b, i);
      roof_label_placer_add_segment (R->placer, r, top - vh, r, b, i);
      /* and the sides of the bar with its capacity lines, whose sizes a
       * legend narrower than the slot would otherwise cover */
      double bl = cx - 0.5 * m->bar_w - 8.0, br = cx + 0.5 * m->bar_w + 8.0;
      roof_label_placer_add_segment (R->placer, bl, top - vh, bl, b, i);
      roof_label_placer_add_segment (R->placer, br, top - vh, br, b, i);
    }
}

/* Weights, KV cache and activations stacked, each with its size inside
 * when it has room. */
static void
draw_stack (RoofRender *R, const RoofMemorySeries *m, int i, double x)
{
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;
  const RoofResult *r = &m->res[i];
  RoofColor col = roof_render_device_color (R, i);
  double bar_w = m->bar_w;
  double parts[3] = { r->footprint_weights, r->footprint_kv, r->footprint_act };
  const char *pnames[3] = { _("weights"), C_("chart", "KV cache"), _("activations") };
  RoofColor fills[3] = { col, roof_color_mix (col, th->plot_background, 0.45),
                         roof_color_mix (col, th->plot_background, 0.72) };
  char num[48], num2[48];
  double acc = 0.0;

  for (int p = 0; p < 3; p++)
    {
      double y_lo = roof_frame_y (R, acc), y_hi = roof_frame_y (R, acc + parts[p]);
      acc += parts[p];
      if (y_lo - y_hi < 0.01)
        continue;
      roof_color_set (cr, fills[p]);
      cairo_rectangle (cr, x, y_hi, bar_w, y_lo - y_hi);
      cairo_fill (cr);
      RoofRect bar = { x, y_hi, bar_w, y_lo - y_hi };
      fmt_size (m, parts[p], num, sizeof num);
      {
        /* the size inside the segment when it has room */
        RoofOBox vb;
        roof_render_measure (R, ROOF_FONT_LABEL, num, &vb.w, &vb.h);
        vb.cx = x + 0.5 * bar_w;
        vb.cy = 0.5 * (y_lo + y_hi);
        vb.angle = 0.0;
        if (vb.w + 6.0 <= bar_w && vb.h + 4.0 <= y_lo - y_hi && roof_render_text_free (R, &vb))
          roof_render_text_box (R, ROOF_FONT_LABEL, num, &vb, th->foreground, ROOF_TEXT_LABEL,
                                TRUE);
      }
      roof_format_number (100.0 * parts[p] / MAX (r->footprint, 1.0), 3, num2, sizeof num2);
      roof_render_hit_bar (R, &bar, i, _("%s · %s\n%s (%s %% of the footprint)"),
                           roof_render_device_full_name (R, i), pnames[p], num, num2);
    }
}

/* "fits: 61 % of 80 GB" or "needs ≥ 2 devices (72 GB usable)" above the
 * bar, wrapped to the slot. */
static void
draw_verdict (RoofRender *R, const RoofMemorySeries *m, int i, double cx, double yt)
{
  const RoofTheme *th = R->th;
  const RoofResult *r = &m->res[i];
  RoofRect *pa = &R->frame.plot;
  char buf[200], num[48], num2[48];

  fmt_size (m, r->capacity, num2, sizeof num2);
  if (r->fits)
    {
      roof_format_number (100.0 * r->footprint / r->capacity, 2, num, sizeof num);
      g_snprintf (buf, sizeof buf, _("fits: %s %% of %s"), num, num2);
    }
  else
    g_snprintf (buf, sizeof buf, _("needs ≥ %d devices (%s usable)"), r->min_devices, num2);

  RoofFont font = r->fits ? ROOF_FONT_LABEL : ROOF_FONT_LABEL_BOLD;
  double top = MIN (roof_frame_y (R, r->footprint), yt) - 4.0;
  double tw = m->slot_w - 6.0;
  pango_layout_set_alignment (R->pl, PANGO_ALIGN_CENTER);
  double th_ = roof_render_text_wrapped (R, font, buf, 0, 0, tw, th->foreground, ROOF_TEXT_LABEL,
                                         FALSE);
  PangoRectangle log;
  pango_layout_set_width (R->pl, (int) (tw * PANGO_SCALE));
  pango_layout_get_extents (R->pl, NULL, &log);
  RoofOBox b = { cx, top - 0.5 * th_, (double) log.width / PANGO_SCALE, th_, 0.0 };
  if (top - th_ >= pa->y && roof_render_text_free (R, &b))
    roof_render_text_wrapped (R, font, buf, cx - 0.5 * tw, top - th_, tw,
                              r->fits ? th->foreground : roof_render_device_color (R, i),
                              ROOF_TEXT_LABEL, TRUE);
  pango_layout_set_alignment (R->pl, PANGO_ALIGN_LEFT);
  pango_layout_set_width (R->pl, -1);
}

static void
draw_data (RoofRender *R, gpointer data, GArray *labels)
{
  RoofMemorySeries *m = data;
  cairo_t *cr = R->cr;
  const RoofTheme *th = R->th;
  RoofRect *pa = &R->frame.plot;
  char buf[200], num[48], num2[48];

  for (int s = 0; s < m->n_slots; s++)
    {
      int i = m->slots[s];
      const RoofResult *r = &m->res[i];
      const RoofHardwareParams *hw = &R->in->devices[i].hw;
      double cx = pa->x + (s + 0.5) * m->slot_w, x = cx - 0.5 * m->bar_w;

      draw_stack (R, m, i, x);
      /* capacity: usable (solid) and total (dotted) */
      double u = hw->usable_fraction > 0 ? hw->usable_fraction : ROOF_DEFAULT_USABLE_FRACTION;
      double yc = round (roof_frame_y (R, r->capacity)) + 0.5;
      double yt = round (roof_frame_y (R, r->capacity / u)) + 0.5;
      cairo_set_line_width (cr, 1.0);
      roof_set_precision_dash (cr, ROOF_PREC_INT8, 1.5);
      roof_color_set (cr, th->muted);
      cairo_move_to (cr, x - 8, yt);
      cairo_line_to (cr, x + m->bar_w + 8, yt);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_line_width (cr, 2.5);
      roof_color_set (cr, th->foreground);
      cairo_move_to (cr, x - 8, yc);
      cairo_line_to (cr, x + m->bar_w + 8, yc);
      cairo_stroke (cr);

      draw_verdict (R, m, i, cx, yt);
      fmt_size (m, r->footprint, num, sizeof num);
      fmt_size (m, r->capacity, num2, sizeof num2);
      roof_render_hit (R, cx, yc, 6.0, i,
                       _("%s · usable capacity %s (of %s total)\nfootprint %s%s"),
                       roof_render_device_full_name (R, i), num2,
                       (fmt_size (m, r->capacity / u, buf, sizeof buf), buf), num,
                       r->fits ? "" : _("\ndoes not fit"));
    }
}

/* device names under the slots */
static void
draw_overlays (RoofRender *R, gpointer data, GArray *labels)
{
  RoofMemorySeries *m = data;
  RoofRect *pa = &R->frame.plot;

  for (int s = 0; s < m->n_slots; s++)
    {
      int i = m->slots[s];
      double cx = pa->x + (s + 0.5) * m->slot_w;
      pango_layout_set_alignment (R->pl, PANGO_ALIGN_CENTER);
      roof_render_text_wrapped (R, ROOF_FONT_TICK, roof_render_device_name (R, i),
                                cx - 0.5 * m->slot_w + 2, pa->y + pa->height + 6.0,
                                m->slot_w - 4, R->th->foreground, ROOF_TEXT_TICK, TRUE);
      pango_layout_set_alignment (R->pl, PANGO_ALIGN_LEFT);
    }
}

static void
describe (RoofRender *R, gpointer data)
{
  RoofMemorySeries *m = data;
  GString *s = R->desc;
  const RoofResult *r = &m->res[m->slots[0]];
  char num[48], w[32], kv[32], a[32];

  fmt_size (m, r->footprint, num, sizeof num);
  fmt_size (m, r->footprint_weights, w, sizeof w);
  fmt_size (m, r->footprint_kv, kv, sizeof kv);
  fmt_size (m, r->footprint_act, a, sizeof a);
  g_string_append_printf (s,
                          _("%s needs %s of memory: %s of weights, %s of KV cache and %s of "
                             "activations."),
                          roof_input_model_name (R->in, _("The model")), num, w, kv, a);
  for (int k = 0; k < m->n_slots; k++)
    {
      int i = m->slots[k];
      fmt_size (m, m->res[i].capacity, num, sizeof num);
      if (m->res[i].fits)
        g_string_append_printf (s, _(" %s fits (%s usable)."), roof_render_device_name (R, i),
                                num);
      else
        g_string_append_printf (s, _(" %s does not fit (%s usable) and needs at least %d devices."),
                                roof_render_device_name (R, i), num, m->res[i].min_devices);
    }
}

/* The workload the bars are for: its batch, context and devices. */
static char *
heading (const RoofChartInput *in)
{
  const RoofWorkload *w = &in->workload;
  char b[48], s[48], n[48];

  roof_format_count (w->batch, b, sizeof b);
  roof_format_count (w->context, s, sizeof s);
  roof_format_count (w->devices, n, sizeof n);
  if (w->devices > 1.0)
    return g_strdup_printf (_("Memory footprint · %s %s · batch %s · context %s · %s devices"),
                            roof_input_model_name (in, _("model")), roof_phase_title (w->phase),
                            b, s, n);
  return g_strdup_printf (_("Memory footprint · %s %s · batch %s · context %s"),
                          roof_input_model_name (in, _("model")), roof_phase_title (w->phase), b,
                          s);
}

const RoofChartClass roof_chart_memory_class = {
  .title = N_("Memory footprint"),
  .data_size = sizeof (RoofMemorySeries),
  .needs_devices = TRUE,
  .heading = heading,
  .collect = collect,
  .annotate = annotate,
  .obstacles = obstacles,
  .draw_data = draw_data,
  .draw_overlays = draw_overlays,
  .describe = describe,
};
