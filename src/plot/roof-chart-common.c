/* roof-chart-common.c — what every chart shares: set-up, text, caption, marks, labels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"

/* ---------------------------------------------------------------------- */
/* Set-up                                                                 */

static void
legend_item_free (gpointer data)
{
  RoofLegendItem *it = data;
  g_free (it->text);
  g_free (it);
}

void
roof_render_init (RoofRender *R, cairo_t *cr, double width, double height,
                  const RoofChartInput *in, RoofChartLayout *layout)
{
  memset (R, 0, sizeof *R);
  R->cr = cr;
  R->in = in;
  R->th = roof_theme_get (in->theme);
  R->layout = layout;
  R->width = width;
  R->height = height;
  R->pad = CLAMP (MIN (width, height) * 0.018, 6.0, 16.0);

  R->cache = in->cache ? in->cache : (R->own_cache = roof_chart_cache_new ());
  roof_chart_cache_begin (R->cache, cr);
  R->pctx = roof_chart_cache_context (R->cache);
  R->pl = pango_layout_new (R->pctx);
  pango_layout_set_attributes (R->pl, roof_chart_cache_attributes (R->cache));
  for (int i = 0; i < ROOF_FONT_COUNT; i++)
    {
      PangoFontDescription *fd = pango_font_description_from_string (R->th->font_family);
      pango_font_description_set_absolute_size (fd, R->th->font_px[i] * PANGO_SCALE);
      if (i == ROOF_FONT_TITLE || i == ROOF_FONT_LABEL_BOLD)
        pango_font_description_set_weight (fd, PANGO_WEIGHT_BOLD);
      R->fonts[i] = fd;
      R->font_slots[i] = roof_chart_cache_font (R->cache, fd);
    }
  R->caption = g_string_new (NULL);
  R->notes = g_string_new (NULL);
  R->desc = g_string_new (NULL);
  R->legend = g_ptr_array_new_with_free_func (legend_item_free);
  for (int i = 0; i < 4; i++)
    R->legend_corners[i] = i;
  for (int i = 0; i < in->n_devices && i < ROOF_PLOT_MAX_DEVICES; i++)
    R->device_names[i] = roof_input_device_name (in, i);
}

void
roof_render_clear (RoofRender *R)
{
  roof_label_placer_free (R->placer);
  R->placer = NULL;
  for (int i = 0; i < ROOF_FONT_COUNT; i++)
    pango_font_description_free (R->fonts[i]);
  g_clear_object (&R->pl);
  g_string_free (R->caption, TRUE);
  g_string_free (R->notes, TRUE);
  g_string_free (R->desc, TRUE);
  g_ptr_array_unref (R->legend);
  roof_chart_cache_free (R->own_cache);
  for (int i = 0; i < ROOF_PLOT_MAX_DEVICES; i++)
    g_free (R->device_names[i]);
}

gboolean
roof_render_visible (const RoofRender *R, int device)
{
  return roof_input_visible (R->in, device);
}

int
roof_render_n_visible (const RoofRender *R)
{
  return roof_input_n_visible (R->in);
}

RoofColor
roof_render_device_color (const RoofRender *R, int device)
{
  if (device < 0 || device >= R->in->n_devices)
    return R->th->muted;
  return roof_theme_plot_device_color (R->th, &R->in->devices[device]);
}

const char *
roof_render_device_name (const RoofRender *R, int device)
{
  g_return_val_if_fail (device >= 0 && device < R->in->n_devices, "");
  return R->device_names[device];
}

const char *
roof_render_device_full_name (const RoofRender *R, int device)
{
  const RoofPlotDevice *d;

  g_return_val_if_fail (device >= 0 && device < R->in->n_devices, "");
  d = &R->in->devices[device];
  if (d->name != NULL && *d->name != '\0')
    return d->name;
  if (d->id != NULL && *d->id != '\0')
    return d->id;
  return R->device_names[device]; /* "device N" */
}

/* ---------------------------------------------------------------------- */
/* Text                                                                   */

void
roof_render_set_text (RoofRender *R, RoofFont font, const char *text)
{
  pango_layout_set_font_description (R->pl, R->fonts[font]);
  pango_layout_set_width (R->pl, -1);
  pango_layout_set_ellipsize (R->pl, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_text (R->pl, text, -1);
}

/* The text laid out in `font`, shaped once per cache: every layout pass
 * measures the same strings, and drawing reuses the measured layout. */
static PangoLayout *
text_layout (RoofRender *R, RoofFont font, const char *text)
{
  return roof_chart_cache_text (R->cache, R->font_slots[font], text);
}

void
roof_render_measure (RoofRender *R, RoofFont font, const char *text, double *w, double *h)
{
  PangoRectangle log;

  pango_layout_get_extents (text_layout (R, font, text), NULL, &log);
  if (w)
    *w = (double) log.width / PANGO_SCALE;
  if (h)
    *h = (double) log.height / PANGO_SCALE;
}

void
roof_render_record (RoofRender *R, const RoofOBox *box, RoofTextRole role, const char *text)
{
  RoofPlacedText t;
  roof_obox_bounds (box, &t.box);
  t.role = role;
  t.text = g_strdup (text);
  t.cx = box->cx;
  t.cy = box->cy;
  t.w = box->w;
  t.h = box->h;
  t.angle = box->angle;
  g_array_append_val (R->layout->texts, t);
  if (R->placer)
    roof_label_placer_add_box (R->placer, box);
}

gboolean
roof_render_text_free (RoofRender *R, const RoofOBox *box)
{
  GArray *a = R->layout->texts;
  for (guint i = 0; i < a->len; i++)
    {
      const RoofPlacedText *t = &g_array_index (a, RoofPlacedText, i);
      RoofOBox o = { t->cx, t->cy, t->w, t->h, t->angle };
      if (roof_obox_overlap (box, &o))
        return FALSE;
    }
  return TRUE;
}

void
roof_render_layout_in_box (RoofRender *R, PangoLayout *pl, const RoofOBox *box, RoofColor color,
                    gboolean halo)
{
  cairo_t *cr = R->cr;
  PangoRectangle log;

  pango_layout_get_extents (pl, NULL, &log);
  cairo_save (cr);
  cairo_translate (cr, box->cx, box->cy);
  if (box->angle != 0.0)
    cairo_rotate (cr, box->angle);
  cairo_move_to (cr, -0.5 * box->w - (double) log.x / PANGO_SCALE,
                 -0.5 * box->h - (double) log.y / PANGO_SCALE);
  if (halo)
    {
      /* a plate behind the text: an outline stroke of every glyph costs
       * more than the rest of the chart together */
      cairo_save (cr);
      cairo_new_path (cr);
      cairo_rectangle (cr, -0.5 * box->w - 1.5, -0.5 * box->h + 0.5, box->w + 3.0, box->h - 1.0);
      roof_color_set (cr, R->th->halo);
      cairo_fill (cr);
      cairo_restore (cr);
      cairo_move_to (cr, -0.5 * box->w - (double) log.x / PANGO_SCALE,
                     -0.5 * box->h - (double) log.y / PANGO_SCALE);
    }
  roof_color_set (cr, color);
  pango_cairo_show_layout (cr, pl);
  cairo_restore (cr);
}

RoofOBox
roof_render_text (RoofRender *R, RoofFont font, const char *text, double x, double y,
                  double xalign, double yalign, RoofColor color, RoofTextRole role)
{
  double w, h;
  roof_render_measure (R, font, text, &w, &h);
  RoofOBox box = { x - xalign * w + 0.5 * w, y - yalign * h + 0.5 * h, w, h, 0.0 };
  roof_render_layout_in_box (R, text_layout (R, font, text), &box, color, FALSE);
  roof_render_record (R, &box, role, text);
  return box;
}

void
roof_render_text_box (RoofRender *R, RoofFont font, const char *text, const RoofOBox *box,
                      RoofColor color, RoofTextRole role, gboolean halo)
{
  roof_render_layout_in_box (R, text_layout (R, font, text), box, color, halo);
  roof_render_record (R, box, role, text);
}

double
roof_render_text_wrapped (RoofRender *R, RoofFont font, const char *text, double x, double y,
                          double width, RoofColor color, RoofTextRole role, gboolean draw)
{
  PangoRectangle log;

  pango_layout_set_font_description (R->pl, R->fonts[font]);
  pango_layout_set_ellipsize (R->pl, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_width (R->pl, (int) (MAX (width, 10.0) * PANGO_SCALE));
  pango_layout_set_wrap (R->pl, PANGO_WRAP_WORD_CHAR);
  if (R->wrap_max_h > 0.0)
    {
      pango_layout_set_height (R->pl, (int) (R->wrap_max_h * PANGO_SCALE));
      pango_layout_set_ellipsize (R->pl, PANGO_ELLIPSIZE_END);
    }
  pango_layout_set_text (R->pl, text, -1);
  pango_layout_get_extents (R->pl, NULL, &log);
  double w = (double) log.width / PANGO_SCALE, h = (double) log.height / PANGO_SCALE;
  if (draw)
    {
      cairo_save (R->cr);
      cairo_move_to (R->cr, x, y - (double) log.y / PANGO_SCALE);
      roof_color_set (R->cr, color);
      pango_cairo_show_layout (R->cr, R->pl);
      cairo_restore (R->cr);
      /* the logical rectangle: centred text starts right of x */
      double lx = x + (double) log.x / PANGO_SCALE;
      RoofOBox box = { lx + 0.5 * w, y + 0.5 * h, w, h, 0.0 };
      roof_render_record (R, &box, role, text);
    }
  pango_layout_set_width (R->pl, -1);
  pango_layout_set_height (R->pl, -1);
  pango_layout_set_ellipsize (R->pl, PANGO_ELLIPSIZE_NONE);
  return h;
}

/* ---------------------------------------------------------------------- */
/* Caption                                                                */

void
roof_render_note (RoofRender *R, const char *fmt, ...)
{
  va_list ap;
  if (R->notes->len)
    g_string_append (R->notes, " · ");
  va_start (ap, fmt);
  g_string_append_vprintf (R->notes, fmt, ap);
  va_end (ap);
}

void
roof_render_cost_basis (RoofRender *R, double devices)
{
  const RoofChartInput *in = R->in;
  g_autoptr (GString) prices = g_string_new (NULL);
  char num[48], years[48], kwh[48], pue[48];

  for (int i = 0; i < in->n_devices; i++)
    if (roof_render_visible (R, i) && in->devices[i].hw.has_price)
      {
        roof_format_usd (in->devices[i].hw.price_per_hour, num, sizeof num);
        g_string_append_printf (prices, "%s%s %s/h", prices->len > 0 ? ", " : "",
                                roof_render_device_name (R, i), num);
      }
  if (devices > 1.0 && prices->len > 0)
    {
      roof_format_number (devices, 4, num, sizeof num);
      g_string_append_printf (prices, _(" per device, × %s devices"), num);
    }
  else if (prices->len > 0)
    g_string_append (prices, _(" per device"));
  if (!in->owned)
    {
      if (prices->len > 0)
        roof_render_note (R, _("cost basis: rented at %s"), prices->str);
      return;
    }
  roof_format_usd (in->own.capex_usd, num, sizeof num);
  roof_format_number (in->own.years, 4, years, sizeof years);
  roof_format_usd (in->own.usd_per_kwh, kwh, sizeof kwh);
  roof_format_number (in->own.pue, 3, pue, sizeof pue);
  if (prices->len > 0)
    roof_render_note (R, _("cost basis: owned: %s per device over %s years, %s/kWh, PUE %s (%s)"),
                      num, years, kwh, pue, prices->str);
  else
    roof_render_note (R, _("cost basis: owned: %s per device over %s years, %s/kWh, PUE %s"),
                      num, years, kwh, pue);
}

double
roof_input_batch_lo (const RoofChartInput *in)
{
  return in->batch_lo >= 1.0 ? floor (in->batch_lo) : 1.0;
}

double
roof_input_batch_hi (const RoofChartInput *in)
{
  double hi = in->batch_hi > 0.0 ? floor (in->batch_hi) : 4096.0;
  return MAX (hi, roof_input_batch_lo (in));
}

void
roof_input_batch_axis (const RoofChartInput *in, double *lo, double *hi)
{
  *lo = roof_input_batch_lo (in);
  *hi = roof_input_batch_hi (in);
  if (*hi <= *lo)
    *hi = *lo * 2.0;
}

double
roof_input_context_lo (const RoofChartInput *in)
{
  return in->context_lo > 0.0 ? in->context_lo : 128.0;
}

double
roof_input_context_hi (const RoofChartInput *in)
{
  double hi = in->context_hi > 0.0 ? in->context_hi : 131072.0;
  return MAX (hi, roof_input_context_lo (in) * 2.0);
}

double
roof_input_prompt_lo (const RoofChartInput *in)
{
  return in->prompt_lo >= 1.0 ? in->prompt_lo : 128.0;
}

double
roof_input_prompt_hi (const RoofChartInput *in)
{
  double hi = in->prompt_hi > 0.0 ? in->prompt_hi : 262144.0;
  return MAX (hi, roof_input_prompt_lo (in));
}

void
roof_render_assumptions (RoofRender *R, gboolean with_batch, gboolean with_context)
{
  roof_render_assumptions_full (R, with_batch, with_context, TRUE);
}

gboolean
roof_append_layout (GString *s, const RoofWorkload *wl)
{
  char tp[32], ep[32], pp[32], dp[32], num[48];

  if (!(wl->ep > 1.0 || wl->pp > 1.0 || wl->dp > 1.0))
    return FALSE;
  roof_format_number (wl->devices, 4, tp, sizeof tp);
  roof_format_number (MAX (wl->ep, 1.0), 4, ep, sizeof ep);
  roof_format_number (MAX (wl->pp, 1.0), 4, pp, sizeof pp);
  roof_format_number (MAX (wl->dp, 1.0), 4, dp, sizeof dp);
  roof_format_number (roof_workload_total_devices (wl), 7, num, sizeof num);
  g_string_append_printf (s, _(" · layout TP×EP×PP×DP %s×%s×%s×%s = %s devices"), tp, ep, pp, dp,
                          num);
  if (wl->ep > 1.0)
    g_string_append (s, wl->attn_parallel == ROOF_ATTN_PARALLEL_TENSOR
                          ? _(", attention tensor-parallel")
                          : _(", attention data-parallel"));
  return TRUE;
}

void
roof_render_assumptions_full (RoofRender *R, gboolean with_batch, gboolean with_context,
                              gboolean with_layout)
{
  const RoofChartInput *in = R->in;
  const RoofWorkload *wl = &in->workload;
  GString *s = R->caption;
  char num[48];
  gboolean generic = in->model && in->model->kind == ROOF_MODEL_GENERIC;

  g_string_truncate (s, 0);
  g_string_append_printf (s, _("Assumptions: %s"), roof_input_model_name (in, _("model")));
  g_string_append_printf (s, " · %s", roof_phase_title (wl->phase));
  if (with_batch)
    {
      roof_format_number (wl->batch, 6, num, sizeof num);
      g_string_append_printf (s, _(" · batch %s"), num);
    }
  if (with_context && !generic)
    {
      roof_format_number (wl->context, 7, num, sizeof num);
      g_string_append_printf (s, _(" · context %s tokens"), num);
      roof_format_number (wl->prompt, 7, num, sizeof num);
      g_string_append_printf (s, _(" · prompt %s"), num);
    }
  if (wl->bytes_per_weight > 0.0)
    {
      roof_format_number (wl->bytes_per_weight, 3, num, sizeof num);
      g_string_append_printf (s, _(" · weights %s B/param"), num);
    }
  else
    g_string_append_printf (s, _(" · weights %s"), roof_precision_name (wl->weights));
  if (!generic)
    g_string_append_printf (s, _(", KV %s"), roof_precision_name (wl->kv));
  g_string_append_printf (s, _(", activations %s, compute %s"),
                          roof_precision_name (wl->activations), roof_precision_name (wl->compute));
  if (!with_layout)
    ; /* the chart says which layouts it draws */
  else if (roof_append_layout (s, wl))
    ; /* a layout beyond TP: every factor, and the devices it takes */
  else
    {
      roof_format_number (wl->devices, 4, num, sizeof num);
      g_string_append_printf (s, " · %s %s", num,
                              wl->devices > 1.0 ? _("devices per system (tensor parallel)")
                                                : _("device per system"));
    }
  g_string_append_printf (s, _(" · overlap: %s"),
                          wl->overlap == ROOF_OVERLAP_MAX ? _("compute and memory overlap (max)")
                                                          : _("none (compute + memory)"));
  if (wl->overhead > 0.0)
    {
      roof_format_time (wl->overhead, num, sizeof num);
      g_string_append_printf (s, _(" · step overhead %s"), num);
    }
  gboolean derated = FALSE, calibrated = FALSE;
  for (int i = 0; i < in->n_devices; i++)
    {
      const RoofHardwareParams *hw = &in->devices[i].hw;
      if (in->devices[i].calibrated)
        calibrated = TRUE;
      else if (roof_hardware_derated (hw))
        derated = TRUE;
    }
  if (calibrated)
    g_string_append (s, derated ? _(" · ideal bound: efficiencies η from the device entries")
                                : _(" · ideal bound: peak figures (η = 1)"));
  else
    g_string_append (s, derated ? _(" · efficiencies η from the device entries")
                                : _(" · peak figures (η = 1)"));
  for (int i = 0; i < in->n_devices; i++)
    if (in->devices[i].calibrated)
      {
        char em[16], ec[16];
        roof_format_number (in->devices[i].hw.eff_memory, 3, em, sizeof em);
        roof_format_number (in->devices[i].hw.eff_compute, 3, ec, sizeof ec);
        g_string_append_printf (s,
                                /* TRANSLATORS: the name says "(calibrated)" */
                                dngettext (GETTEXT_PACKAGE,
                                           " · %s: η_m %s, η_c %s, fitted to %d point",
                                           " · %s: η_m %s, η_c %s, fitted to %d points",
                                           (unsigned long) in->devices[i].cal_points),
                                in->devices[i].name, em, ec, in->devices[i].cal_points);
      }
  g_string_append (s, ".");
}

char *
roof_render_solver_note (const RoofRender *R, int device, const RoofError *err)
{
  const char *name = roof_render_device_name (R, device);
  switch (err->code)
    {
    case ROOF_ERR_PRECISION:
      return g_strdup_printf (_("%s: no %s compute ceiling, not drawn"), name,
                              roof_precision_name (R->in->workload.compute));
    case ROOF_OK:
    case ROOF_ERR_INVALID:
    case ROOF_ERR_UNSUPPORTED:
    case ROOF_ERR_INFEASIBLE:
    default:
      return g_strdup_printf (_("%s: not drawn (%s)"), name, err->message);
    }
}

void
roof_render_note_failure (RoofRender *R, int device, const RoofError *err)
{
  g_autofree char *note = roof_render_solver_note (R, device, err);
  roof_render_note (R, "%s", note);
}

/* ---------------------------------------------------------------------- */
/* Marks                                                                  */

void
roof_render_marker (RoofRender *R, RoofMarker m, double x, double y, double r, RoofColor fill,
                    RoofColor stroke, gboolean hollow)
{
  cairo_t *cr = R->cr;

  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_new_path (cr);
  switch (m)
    {
    case ROOF_MARKER_CIRCLE:
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      break;
    case ROOF_MARKER_SQUARE:
      cairo_rectangle (cr, x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
      break;
    case ROOF_MARKER_TRIANGLE:
      cairo_move_to (cr, x, y - r * 1.15);
      cairo_line_to (cr, x + r * 1.05, y + r * 0.7);
      cairo_line_to (cr, x - r * 1.05, y + r * 0.7);
      cairo_close_path (cr);
      break;
    case ROOF_MARKER_DIAMOND:
      cairo_move_to (cr, x, y - r * 1.35);
      cairo_line_to (cr, x + r * 1.1, y);
      cairo_line_to (cr, x, y + r * 1.35);
      cairo_line_to (cr, x - r * 1.1, y);
      cairo_close_path (cr);
      break;
    case ROOF_MARKER_CROSS:
      cairo_move_to (cr, x - r, y - r);
      cairo_line_to (cr, x + r, y + r);
      cairo_move_to (cr, x + r, y - r);
      cairo_line_to (cr, x - r, y + r);
      roof_color_set (cr, stroke);
      cairo_set_line_width (cr, MAX (1.6, R->th->line_width * 0.9));
      cairo_stroke (cr);
      cairo_restore (cr);
      return;
    case ROOF_MARKER_RING:
      cairo_arc (cr, x, y, 2.1 * r, 0, 2 * G_PI);
      roof_color_set (cr, R->th->plot_background);
      cairo_set_line_width (cr, 4.0);
      cairo_stroke_preserve (cr);
      roof_color_set (cr, stroke);
      cairo_set_line_width (cr, 2.0);
      cairo_stroke (cr);
      cairo_restore (cr);
      return;
    case ROOF_MARKER_NONE:
    default:
      cairo_restore (cr);
      return;
    }
  if (hollow)
    {
      roof_color_set (cr, R->th->plot_background);
      cairo_fill_preserve (cr);
      roof_color_set (cr, stroke);
      cairo_set_line_width (cr, 1.4);
      cairo_stroke (cr);
    }
  else
    {
      roof_color_set (cr, fill);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

void
roof_render_polyline (RoofRender *R, const double *xy, int n)
{
  if (n < 1)
    return;
  cairo_move_to (R->cr, xy[0], xy[1]);
  for (int i = 1; i < n; i++)
    cairo_line_to (R->cr, xy[2 * i], xy[2 * i + 1]);
}

void
roof_render_stroke (RoofRender *R,
                    const double *xy,
                    int n,
                    double width,
                    int dash,
                    double dash_width,
                    RoofColor color)
{
  cairo_set_line_width (R->cr, width);
  if (dash == ROOF_STROKE_SOLID)
    cairo_set_dash (R->cr, NULL, 0, 0);
  else
    roof_set_precision_dash (R->cr, (RoofPrecision) dash, dash_width);
  roof_color_set (R->cr, color);
  roof_render_polyline (R, xy, n);
  cairo_stroke (R->cr);
}

/* Adds `it` to the layout's hit items, its tooltip formatted unless the
 * input asks for none (the view draws those only when the pointer rests). */
static void
add_hit (RoofRender *R, RoofHitItem *it, const char *fmt, va_list ap)
{
  if (!R->in->no_tooltips)
    it->tooltip = g_strdup_vprintf (fmt, ap);
  g_array_append_val (R->layout->items, *it);
}

void
roof_render_hit (RoofRender *R, double x, double y, double radius, int device, const char *fmt,
                 ...)
{
  va_list ap;
  RoofHitItem it = { 0 };
  RoofRect *p = &R->frame.plot;

  if (x < p->x - 1 || x > p->x + p->width + 1 || y < p->y - 1 || y > p->y + p->height + 1)
    return;
  it.x = x;
  it.y = y;
  it.radius = radius;
  it.device = device;
  va_start (ap, fmt);
  add_hit (R, &it, fmt, ap);
  va_end (ap);
}

void
roof_render_hit_bar (RoofRender *R, const RoofRect *bar, int device, const char *fmt, ...)
{
  va_list ap;
  RoofHitItem it = { 0 };

  it.x = bar->x + 0.5 * bar->width;
  it.y = bar->y + 0.5 * bar->height;
  it.radius = 0.5 * MIN (bar->width, bar->height);
  it.bar = *bar;
  it.device = device;
  va_start (ap, fmt);
  add_hit (R, &it, fmt, ap);
  va_end (ap);
}

/* ---------------------------------------------------------------------- */
/* Labels                                                                 */

static void
pending_clear (gpointer data)
{
  RoofPendingLabel *l = data;
  g_free (l->text);
}

GArray *
roof_pending_labels_new (void)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (RoofPendingLabel));
  g_array_set_clear_func (a, pending_clear);
  return a;
}

int
roof_render_label_point (RoofRender *R, GArray *pending, const char *text, RoofFont font,
                         RoofColor color, double x, double y, double radius, int priority,
                         int owner, gboolean leader)
{
  double w, h;
  RoofRect *p = &R->frame.plot;
  if (x < p->x - 0.5 || x > p->x + p->width + 0.5 || y < p->y - 0.5 || y > p->y + p->height + 0.5)
    return -1;
  roof_render_measure (R, font, text, &w, &h);
  RoofPendingLabel l = { 0 };
  l.request = roof_label_placer_add_point (R->placer, w, h, x, y, radius, priority, owner, leader);
  l.text = g_strdup (text);
  l.font = font;
  l.color = color;
  g_array_append_val (pending, l);
  return l.request;
}

int
roof_render_label_line (RoofRender *R, GArray *pending, const char *text, RoofFont font,
                        RoofColor color, const double *xy, int n, double prefer, int priority,
                        int owner)
{
  double w, h;
  roof_render_measure (R, font, text, &w, &h);
  RoofPendingLabel l = { 0 };
  l.request = roof_label_placer_add_line (R->placer, w, h, xy, n, prefer, priority, owner);
  l.text = g_strdup (text);
  l.font = font;
  l.color = color;
  g_array_append_val (pending, l);
  return l.request;
}

void
roof_render_draw_labels (RoofRender *R, GArray *pending)
{
  cairo_t *cr = R->cr;

  roof_label_placer_solve (R->placer);
  cairo_save (cr);
  for (guint i = 0; i < pending->len; i++)
    {
      RoofPendingLabel *l = &g_array_index (pending, RoofPendingLabel, i);
      const RoofLabelRequest *r = roof_label_placer_get (R->placer, l->request);
      if (r == NULL)
        continue;
      if (!r->placed)
        {
          R->layout->dropped_labels++;
          continue;
        }
      if (r->leader)
        {
          roof_color_set (cr, roof_color_alpha (l->color, 0.8));
          cairo_set_line_width (cr, 0.9);
          cairo_set_dash (cr, NULL, 0, 0);
          cairo_move_to (cr, r->lx0, r->ly0);
          cairo_line_to (cr, r->lx1, r->ly1);
          cairo_stroke (cr);
        }
    }
  /* the placer already holds these boxes: record without adding again */
  RoofLabelPlacer *placer = R->placer;
  R->placer = NULL;
  for (guint i = 0; i < pending->len; i++)
    {
      RoofPendingLabel *l = &g_array_index (pending, RoofPendingLabel, i);
      const RoofLabelRequest *r = roof_label_placer_get (placer, l->request);
      if (r == NULL || !r->placed)
        continue;
      roof_render_text_box (R, l->font, l->text, &r->box, l->color, ROOF_TEXT_LABEL, TRUE);
    }
  R->placer = placer;
  cairo_restore (cr);
}

void
roof_render_message (RoofRender *R, const char *text, RoofColor color)
{
  RoofRect *p = &R->frame.plot;
  double w = MIN (p->width - 24.0, 520.0);
  if (w < 40.0)
    w = MAX (p->width, 40.0);
  double h = roof_render_text_wrapped (R, ROOF_FONT_MESSAGE, text, 0, 0, w, color,
                                       ROOF_TEXT_LABEL, FALSE);
  pango_layout_set_alignment (R->pl, PANGO_ALIGN_CENTER);
  roof_render_text_wrapped (R, ROOF_FONT_MESSAGE, text, p->x + 0.5 * (p->width - w),
                            p->y + 0.5 * (p->height - h), w, color, ROOF_TEXT_LABEL, TRUE);
  pango_layout_set_alignment (R->pl, PANGO_ALIGN_LEFT);
}

gboolean
roof_render_fail (RoofRender *R, GError **error, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);

  /* a bare frame: the title stays so the user knows which chart it is */
  RoofFrame *f = &R->frame;
  const char *title = f->title;
  memset (f, 0, sizeof *f);
  f->title = title;
  f->x0 = 0, f->x1 = 1, f->y0 = 0, f->y1 = 1;
  f->x_unit = f->y_unit = 1.0;
  f->no_x_ticks = f->no_y_ticks = TRUE;
  g_string_truncate (R->caption, 0);
  g_string_truncate (R->notes, 0);
  g_array_set_size (R->layout->texts, 0);
  g_array_set_size (R->layout->items, 0);
  roof_frame_layout (R);
  roof_frame_draw_background (R);
  if (title)
    roof_render_text (R, ROOF_FONT_TITLE, title, R->pad, R->pad, 0, 0, R->th->foreground,
                      ROOF_TEXT_TITLE);
  roof_render_message (R, msg, R->th->error);
  g_free (R->layout->description);
  R->layout->description = g_strdup_printf (_("The chart cannot be drawn: %s"), msg);
  return roof_chart_input_error (error, msg);
}

/* titles[value] translated, or "?" past the table's n entries */
static const char *
enum_title (const char *const *titles, gsize n, int value)
{
  return value >= 0 && (gsize) value < n && titles[value] != NULL ? _(titles[value]) : "?";
}

const char *
roof_knob_title (RoofKnob k)
{
  static const char *const titles[ROOF_KNOB_COUNT] = {
    [ROOF_KNOB_PEAK_FLOPS] = N_("Peak compute"),
    [ROOF_KNOB_MEM_BW] = N_("Memory bandwidth"),
    [ROOF_KNOB_INTERCONNECT_BW] = N_("Interconnect bandwidth"),
    [ROOF_KNOB_OVERHEAD] = N_("Per-step overhead"),
    [ROOF_KNOB_MEM_CAPACITY] = N_("Memory capacity"),
    [ROOF_KNOB_BATCH] = N_("Batch size"),
    [ROOF_KNOB_CONTEXT] = N_("Context length"),
    [ROOF_KNOB_BYTES_PER_WEIGHT] = N_("Bytes per weight"),
  };

  return enum_title (titles, G_N_ELEMENTS (titles), k);
}

const char *
roof_bound_title (RoofBound b)
{
  static const char *const titles[] = {
    [ROOF_BOUND_COMPUTE] = N_("compute-bound"),
    [ROOF_BOUND_MEMORY] = N_("memory-bound"),
    [ROOF_BOUND_COMMUNICATION] = N_("communication-bound"),
  };

  return enum_title (titles, G_N_ELEMENTS (titles), b);
}

const char *
roof_phase_title (RoofPhase phase)
{
  return phase == ROOF_PHASE_PREFILL ? _("prefill") : _("decode");
}

gboolean
roof_clip_segment (const RoofRect *r, double *x0, double *y0, double *x1, double *y1)
{
  double dx = *x1 - *x0, dy = *y1 - *y0, t0 = 0.0, t1 = 1.0;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { *x0 - r->x, r->x + r->width - *x0, *y0 - r->y, r->y + r->height - *y0 };
  if (!roof_clip_interval (p, q, &t0, &t1))
    return FALSE;
  double ax = *x0 + t0 * dx, ay = *y0 + t0 * dy, bx = *x0 + t1 * dx, by = *y0 + t1 * dy;
  *x0 = ax, *y0 = ay, *x1 = bx, *y1 = by;
  return TRUE;
}
