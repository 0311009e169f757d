/* roof-chart-plan.c — what a fleet costs against the request rate it serves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For each system, the cheapest plan of the solver (roof_fleet_plan,
 * docs/model.md, "The fleet plan") at request rates from 1/100 to 100
 * times the scenario's, drawn as steps as replicas are added; the
 * scenario's rate marked, with each system's plan there. The candidates
 * (layouts × batches, timed once) are gathered by roof_fleet_set_compute
 * as `roofline-cli plan` gathers them.
 */
#include <math.h>
#include <string.h>

#include "roof-chart-common.h"
#include "roof-fleet-set.h"

/* Rates: 12 a decade, two decades either side of the scenario's. */
#define PER_DECADE 12
#define N_RATES (4 * PER_DECADE + 1)

/* Label priorities, the highest placed first (roof-label-placer.h). */
enum
{
  PRIORITY_PLAN = 45,
  PRIORITY_RATE = 58,
  PRIORITY_NAME = 75,
};

/* Owner of the rate line in the label placer. */
#define OWNER_RATE 60

typedef struct
{
  gboolean ok;
  RoofError err;
  RoofFleetSet set;
  RoofFleetPlan plans[N_RATES]; /* found: meets every target */
  RoofFleetPlan at;             /* at the scenario's rate */
  gboolean has_at;
  double *xy; /* the steps in pixels */
  int n_xy;
} PlanDev;

typedef struct
{
  RoofFleetDemand d;
  RoofWorkload wl;
  double rates[N_RATES];
  gboolean by_cost; /* every system priced: $/month, else devices */
  double ymin, ymax;
  PlanDev dev[ROOF_PLOT_MAX_DEVICES];
} Plan;

static double
value_of (const Plan *c, const RoofFleetPlan *p)
{
  return c->by_cost ? p->usd_per_month : p->devices;
}

static const RoofError *
collect_device (const RoofChartInput *in, gpointer data, int i)
{
  Plan *c = data;
  PlanDev *d = &c->dev[i];
  const RoofHardwareParams *hw;
  RoofFleetLevers lv;
  const RoofFleetLevers *levers = roof_fleet_levers_of (in, i, &lv, &hw);
  RoofFleetDemand at = c->d;

  if (roof_fleet_set_compute (&d->set, hw, in->model, &c->wl, &c->d, levers, &d->err) != ROOF_OK)
    return &d->err;
  if (d->set.n == 0)
    {
      d->err.code = ROOF_ERR_INFEASIBLE;
      g_strlcpy (d->err.message, _("the model fits in no layout at the longest request"),
                 sizeof d->err.message);
      return &d->err;
    }
  for (int k = 0; k < N_RATES; k++)
    {
      RoofFleetDemand dk = c->d;
      RoofError e;
      dk.rate = c->rates[k];
      if (roof_fleet_plan (d->set.cands, d->set.n, &dk, &d->plans[k], &e) != ROOF_OK)
        d->plans[k].found = FALSE;
    }
  d->has_at = roof_fleet_plan (d->set.cands, d->set.n, &at, &d->at, &d->err) == ROOF_OK
              && d->at.found;
  d->ok = TRUE;
  return NULL;
}

static gboolean
collect (const RoofChartInput *in, gpointer data, GError **error)
{
  Plan *c = data;
  RoofError err = { 0 };

  roof_fleet_demand_of (&c->d, &in->fleet, &in->workload);
  if (roof_fleet_demand_validate (&c->d, &err) != ROOF_OK)
    return roof_chart_input_error (error, err.message);
  c->wl = in->workload;
  c->wl.phase = ROOF_PHASE_DECODE;
  for (int k = 0; k < N_RATES; k++)
    c->rates[k] = c->d.rate * pow (10.0, (double) (k - 2 * PER_DECADE) / PER_DECADE);
  if (!roof_chart_collect_devices (in, c, collect_device, error))
    return FALSE;
  c->by_cost = TRUE;
  for (int i = 0; i < in->n_devices; i++)
    if (c->dev[i].ok && !in->devices[i].hw.has_price)
      c->by_cost = FALSE;
  c->ymin = G_MAXDOUBLE;
  c->ymax = 0.0;
  for (int i = 0; i < in->n_devices; i++)
    for (int k = 0; c->dev[i].ok && k < N_RATES; k++)
      if (c->dev[i].plans[k].found && value_of (c, &c->dev[i].plans[k]) > 0.0)
        {
          c->ymin = MIN (c->ymin, value_of (c, &c->dev[i].plans[k]));
          c->ymax = MAX (c->ymax, value_of (c, &c->dev[i].plans[k]));
        }
  if (!(c->ymax > 0.0))
    return roof_chart_input_error (error, _("No system meets the targets at any of these rates"));
  return TRUE;
}

static void
clear (gpointer data)
{
  Plan *c = data;

  for (int i = 0; i < ROOF_PLOT_MAX_DEVICES; i++)
    {
      roof_fleet_set_clear (&c->dev[i].set);
      g_free (c->dev[i].xy);
    }
}

static void
annotate (RoofRender *R, gpointer data)
{
  Plan *c = data;
  const RoofChartInput *in = R->in;
  RoofFrame *f = &R->frame;
  char num[48], buf[200];

  roof_render_assumptions_full (R, FALSE, FALSE, FALSE);
  for (int i = 0; i < in->n_devices; i++)
    if (roof_render_visible (R, i) && !c->dev[i].ok)
      roof_render_note_failure (R, i, &c->dev[i].err);
  g_autofree char *targets = NULL;
  {
    GString *t = g_string_new (NULL);
    if (c->d.ttft_p50 > 0.0)
      roof_format_time (c->d.ttft_p50, num, sizeof num),
        g_string_append_printf (t, _(" · TTFT P50 ≤ %s"), num);
    if (c->d.ttft_p99 > 0.0)
      roof_format_time (c->d.ttft_p99, num, sizeof num),
        g_string_append_printf (t, _(" · TTFT P99 ≤ %s"), num);
    if (c->d.itl > 0.0)
      roof_format_time (c->d.itl, num, sizeof num), g_string_append_printf (t, _(" · ITL ≤ %s"), num);
    targets = g_string_free (t, FALSE);
  }
  roof_render_note (R, _("cheapest layout, batch and replicas that meet the targets%s; M/M/c "
                         "queue per replica (c = batch); 30-day month; a gap: no plan meets them"),
                    targets);
  roof_render_spec_note (R, _("ITL is the effective one"));
  if (in->has_disagg)
    roof_render_note (R, _("disaggregated: prompts prefill on the prefill pool, whose replicas "
                           "count in the cost; TTFT adds the KV transfer"));
  f->x_log = f->y_log = TRUE;
  f->x0 = c->rates[0];
  f->x1 = c->rates[N_RATES - 1];
  f->y0 = roof_scale_snap125 (c->ymin / 1.3, FALSE);
  f->y1 = roof_scale_snap125 (c->ymax * 1.3, TRUE);
  if (in->view_x1 > in->view_x0 && in->view_x0 > 0.0)
    f->x0 = in->view_x0, f->x1 = in->view_x1;
  if (in->view_y1 > in->view_y0 && in->view_y0 > 0.0)
    f->y0 = in->view_y0, f->y1 = in->view_y1;
  f->x_unit = f->y_unit = 1.0;
  f->x_title = _("Request rate (requests/s)");
  f->y_title = c->by_cost ? _("Fleet cost (US$ per month)") : _("Devices in the fleet");
  for (int i = 0; i < in->n_devices; i++)
    roof_legend_add (R, ROOF_LEGEND_LINE, roof_render_device_name (R, i), i,
                     roof_render_device_color (R, i));
  roof_format_number (c->d.rate, 4, num, sizeof num);
  g_snprintf (buf, sizeof buf, _("dot: the plan at %s requests/s"), num);
  RoofLegendItem *it = roof_legend_add (R, ROOF_LEGEND_MARKER, buf, -1, R->th->muted);
  it->marker = ROOF_MARKER_CIRCLE;
  /* the costs rise from the bottom left to the top right */
  const int order[4] = { 0, 3, 1, 2 };
  memcpy (R->legend_corners, order, sizeof order);
}

/* The steps of one system: flat until the next rate, then up (or down,
 * when a larger batch or another layout becomes cheaper); broken where no
 * plan meets the targets. Points with x < 0 mark a break. */
static void
obstacles (RoofRender *R, gpointer data)
{
  Plan *c = data;
  RoofFrame *f = &R->frame;

  for (int i = 0; i < R->in->n_devices; i++)
    {
      PlanDev *d = &c->dev[i];
      if (!d->ok)
        continue;
      g_free (d->xy);
      d->xy = g_new (double, 4 * N_RATES);
      d->n_xy = 0;
      for (int k = 0; k < N_RATES; k++)
        {
          if (!d->plans[k].found)
            continue;
          double x = roof_frame_x (R, c->rates[k]), y = roof_frame_y (R, value_of (c, &d->plans[k]));
          if (d->n_xy > 0 && k > 0 && d->plans[k - 1].found)
            {
              d->xy[2 * d->n_xy] = x;
              d->xy[2 * d->n_xy + 1] = d->xy[2 * d->n_xy - 1];
              d->n_xy++;
            }
          d->xy[2 * d->n_xy] = x;
          d->xy[2 * d->n_xy + 1] = y;
          d->n_xy++;
        }
      roof_label_placer_add_polyline (R->placer, d->xy, d->n_xy, i);
    }
  double x = roof_frame_x (R, c->d.rate);
  roof_label_placer_add_segment (R->placer, x, f->plot.y, x, f->plot.y + f->plot.height,
                                 OWNER_RATE);
}

/* A tooltip with every figure of a plan. */
static void
hit_plan (RoofRender *R, int i, const RoofFleetPlan *p, double rate, double x, double y)
{
  char lay[64], r[48], usd[48], mw[48], p50[48], p99[48], itl[48], util[48], b[24];

  if (R->in->no_tooltips)
    {
      roof_render_hit (R, x, y, R->th->marker_radius + 3.0, i, "%s", "");
      return;
    }
  roof_layout_label (p->c.tp, p->c.ep, p->c.pp, lay, sizeof lay);
  roof_format_number (rate, 4, r, sizeof r);
  if (p->has_cost)
    roof_format_usd (p->usd_per_month, usd, sizeof usd);
  else
    g_strlcpy (usd, _("no price"), sizeof usd);
  if (p->has_power)
    roof_format_number (p->mw, 3, mw, sizeof mw);
  else
    g_strlcpy (mw, "—", sizeof mw);
  roof_format_time (p->ttft_p50, p50, sizeof p50);
  roof_format_time (p->ttft_p99, p99, sizeof p99);
  roof_format_time (p->itl, itl, sizeof itl);
  roof_format_number (p->utilisation * 100.0, 3, util, sizeof util);
  roof_format_count (p->c.batch, b, sizeof b);
  roof_render_hit (R, x, y, R->th->marker_radius + 3.0, i,
                   _("%s at %s requests/s\n%g replicas of %s · batch %s · %g devices\n"
                     "%s per month · %s MW at TDP\nTTFT P50 %s · P99 %s · ITL %s\n"
                     "utilisation %s %%"),
                   roof_render_device_full_name (R, i), r, p->replicas, lay, b, p->devices, usd, mw,
                   p50, p99, itl, util);
}

static void
draw_data (RoofRender *R, gpointer data, GArray *labels)
{
  Plan *c = data;
  const RoofTheme *th = R->th;
  RoofRect *pa = &R->frame.plot;
  char num[48], buf[160];

  cairo_set_line_join (R->cr, CAIRO_LINE_JOIN_ROUND);
  for (int i = 0; i < R->in->n_devices; i++)
    {
      PlanDev *d = &c->dev[i];
      RoofColor col = roof_render_device_color (R, i);
      int start = 0;
      if (!d->ok || d->n_xy == 0)
        continue;
      /* one stroke per run of rates with a plan */
      for (int k = 0, m = 0; k < N_RATES; k++)
        {
          if (!d->plans[k].found)
            continue;
          int here = m + (m > 0 && k > 0 && d->plans[k - 1].found ? 1 : 0);
          gboolean run_ends = k + 1 >= N_RATES || !d->plans[k + 1].found;
          hit_plan (R, i, &d->plans[k], c->rates[k], d->xy[2 * here], d->xy[2 * here + 1]);
          m = here + 1;
          if (run_ends)
            {
              roof_render_stroke (R, d->xy + 2 * start, m - start, th->line_width,
                                  ROOF_STROKE_SOLID, 0.0, col);
              start = m;
            }
        }
      roof_render_label_line (R, labels, roof_render_device_name (R, i), ROOF_FONT_LABEL_BOLD,
                              col, d->xy, d->n_xy, 0.75, PRIORITY_NAME, i);
      if (d->has_at)
        {
          char lay[64], b[24];
          double x = roof_frame_x (R, c->d.rate), y = roof_frame_y (R, value_of (c, &d->at));
          roof_render_marker (R, ROOF_MARKER_CIRCLE, x, y, th->marker_radius, col, col, FALSE);
          roof_label_placer_add_marker (R->placer, x, y, th->marker_radius);
          hit_plan (R, i, &d->at, c->d.rate, x, y);
          roof_layout_label (d->at.c.tp, d->at.c.ep, d->at.c.pp, lay, sizeof lay);
          roof_format_count (d->at.c.batch, b, sizeof b);
          if (d->at.c.disagg)
            g_snprintf (buf, sizeof buf, _("%g × %s · B=%s + %g prefill"), d->at.replicas, lay, b,
                        d->at.prefill_replicas);
          else
            g_snprintf (buf, sizeof buf, "%g × %s · B=%s", d->at.replicas, lay, b);
          roof_render_label_point (R, labels, buf, ROOF_FONT_LABEL, col, x, y,
                                   th->marker_radius + 1.0, PRIORITY_PLAN, i, TRUE);
        }
    }
  double x = roof_frame_x (R, c->d.rate);
  double xy[4] = { x, pa->y + pa->height, x, pa->y };
  roof_render_stroke (R, xy, 2, th->thin_width, ROOF_PREC_INT8, th->thin_width * 1.5,
                      th->foreground);
  cairo_set_dash (R->cr, NULL, 0, 0);
  roof_format_number (c->d.rate, 4, num, sizeof num);
  g_snprintf (buf, sizeof buf, _("%s requests/s"), num);
  roof_render_label_line (R, labels, buf, ROOF_FONT_LABEL, th->foreground, xy, 2, 0.9,
                          PRIORITY_RATE, OWNER_RATE);
}

/* Each system's plan at the scenario's rate, cheapest first as listed. */
static void
describe (RoofRender *R, gpointer data)
{
  Plan *c = data;
  const RoofChartInput *in = R->in;
  GString *s = R->desc;
  char rate[48];

  roof_format_number (c->d.rate, 4, rate, sizeof rate);
  g_string_append_printf (s, _("Fleet plan of %s at %s requests/s."),
                          roof_input_model_name (in, _("the model")), rate);
  for (int i = 0; i < in->n_devices; i++)
    {
      const PlanDev *d = &c->dev[i];
      char lay[64], v[48];
      if (!d->ok)
        continue;
      if (!d->has_at)
        {
          g_string_append_printf (s, _(" %s: no plan meets the targets."),
                                  roof_render_device_name (R, i));
          continue;
        }
      roof_layout_label (d->at.c.tp, d->at.c.ep, d->at.c.pp, lay, sizeof lay);
      if (d->at.has_cost)
        roof_format_usd (d->at.usd_per_month, v, sizeof v);
      else
        g_strlcpy (v, _("no price"), sizeof v);
      g_string_append_printf (s, _(" %s: %g replicas of %s, %g devices, %s per month."),
                              roof_render_device_name (R, i), d->at.replicas, lay,
                              d->at.devices, v);
    }
}

const RoofChartClass roof_chart_plan_class = {
  .title = N_("Fleet plan"),
  .data_size = sizeof (Plan),
  .needs_devices = TRUE,
  .heading_format = N_("Fleet cost against request rate · %s"),
  .collect = collect,
  .annotate = annotate,
  .obstacles = obstacles,
  .draw_data = draw_data,
  .describe = describe,
  .clear = clear,
};
