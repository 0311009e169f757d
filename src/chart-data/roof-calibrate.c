/* roof-calibrate.c — efficiencies and a per-step overhead fitted to measurements
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Calibration". The unknowns are x = (ln 1/η_c, ln 1/η_m,
 * t_0), each ≥ 0; the residual of point i is
 *
 *   r_i = ln (max (e^x0·c_i, e^x1·m_i) + k_i·x2) − ln τ_i,
 *
 * relative, so that a run of 100 tokens/s weighs as much as one of 10⁵.
 * The max makes the objective piecewise smooth: a grid over η_c, η_m in
 * [0.01, 1] and t_0 in {0} ∪ [10⁻⁸, 0.1] s gives the start, then
 * Levenberg–Marquardt (Marquardt's diagonal scaling, so seconds and
 * logarithms mix) with the bounds held by an active set. A parameter no
 * point depends on at the end is undetermined and left at its ideal value.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-calibrate.h"
#include "roof-catalog-error.h"
#include "roof-measured.h"

#define N_PARAMS 3
#define GRID_ETA 49
#define GRID_T0 36

const char *
roof_calibration_state_name (RoofCalibrationState state)
{
  switch (state)
    {
    case ROOF_CALIBRATION_FITTED:
      return "fitted";
    case ROOF_CALIBRATION_AT_LIMIT:
      return "at limit";
    case ROOF_CALIBRATION_UNDETERMINED:
    default:
      return "undetermined";
    }
}

gboolean
roof_calibration_point (RoofCatalog *catalog,
                        const RoofMeasurement *m,
                        RoofCalibrationPoint *out,
                        GError **error)
{
  RoofMeasuredPoint pt;

  if (!roof_measured_evaluate (catalog, m, &pt, error))
    return FALSE;
  out->compute = pt.peak_seconds_compute;
  out->memory = pt.peak_seconds_memory;
  out->steps = m->batch >= 1.0 ? 1.0 / m->batch : 0.0;
  out->measured = 1.0 / m->tokens_per_s;
  return TRUE;
}

static double
predict (const double x[N_PARAMS], const RoofCalibrationPoint *p, gboolean *compute_sets)
{
  double tc = exp (x[0]) * p->compute, tm = exp (x[1]) * p->memory;

  if (compute_sets != NULL)
    *compute_sets = tc >= tm;
  return MAX (tc, tm) + p->steps * x[2];
}

double
roof_calibration_predict (const RoofCalibrationFit *fit, const RoofCalibrationPoint *p)
{
  double x[N_PARAMS] = { -log (fit->eta_compute), -log (fit->eta_memory), fit->overhead };
  return predict (x, p, NULL);
}

static double
cost (const double x[N_PARAMS], const RoofCalibrationPoint *pts, int n)
{
  double s = 0.0;

  for (int i = 0; i < n; i++)
    {
      double r = log (predict (x, &pts[i], NULL) / pts[i].measured);
      s += r * r;
    }
  return s;
}

/* The best grid point: η_c, η_m = 10^(−2j/48), t_0 ∈ {0} ∪ 10^(−8 … −1). */
static void
grid_start (const RoofCalibrationPoint *pts, int n, gboolean any_steps, double x[N_PARAMS])
{
  double best = INFINITY;
  int n_t = any_steps ? GRID_T0 + 1 : 1;

  for (int i = 0; i < GRID_ETA; i++)
    for (int j = 0; j < GRID_ETA; j++)
      for (int k = 0; k < n_t; k++)
        {
          double y[N_PARAMS] = { 2.0 * G_LN10 * i / (GRID_ETA - 1),
                                 2.0 * G_LN10 * j / (GRID_ETA - 1),
                                 k == 0 ? 0.0 : pow (10.0, -8.0 + 7.0 * (k - 1) / (GRID_T0 - 1)) };
          double c = cost (y, pts, n);
          if (c < best)
            best = c, memcpy (x, y, sizeof y);
        }
}

/* JᵀJ and Jᵀr at x. */
static void
normal_equations (const double x[N_PARAMS], const RoofCalibrationPoint *pts, int n,
                  double jtj[N_PARAMS][N_PARAMS], double jtr[N_PARAMS])
{
  memset (jtj, 0, sizeof (double) * N_PARAMS * N_PARAMS);
  memset (jtr, 0, sizeof (double) * N_PARAMS);
  for (int i = 0; i < n; i++)
    {
      gboolean compute_sets;
      double tau = predict (x, &pts[i], &compute_sets);
      double r = log (tau / pts[i].measured), j[N_PARAMS];

      j[0] = compute_sets ? exp (x[0]) * pts[i].compute / tau : 0.0;
      j[1] = compute_sets ? 0.0 : exp (x[1]) * pts[i].memory / tau;
      j[2] = pts[i].steps / tau;
      for (int a = 0; a < N_PARAMS; a++)
        {
          jtr[a] += j[a] * r;
          for (int b = 0; b < N_PARAMS; b++)
            jtj[a][b] += j[a] * j[b];
        }
    }
}

/* Solves the m × m system A·d = v (Gaussian elimination, partial
 * pivoting); FALSE when singular. */
static gboolean
solve_small (int m, double a[N_PARAMS][N_PARAMS], double v[N_PARAMS], double d[N_PARAMS])
{
  for (int c = 0; c < m; c++)
    {
      int p = c;
      for (int r = c + 1; r < m; r++)
        if (fabs (a[r][c]) > fabs (a[p][c]))
          p = r;
      if (!(fabs (a[p][c]) > 1e-300))
        return FALSE;
      for (int k = 0; k < m; k++)
        {
          double t = a[c][k];
          a[c][k] = a[p][k], a[p][k] = t;
        }
      double t = v[c];
      v[c] = v[p], v[p] = t;
      for (int r = c + 1; r < m; r++)
        {
          double f = a[r][c] / a[c][c];
          for (int k = c; k < m; k++)
            a[r][k] -= f * a[c][k];
          v[r] -= f * v[c];
        }
    }
  for (int c = m - 1; c >= 0; c--)
    {
      double s = v[c];
      for (int k = c + 1; k < m; k++)
        s -= a[c][k] * d[k];
      d[c] = s / a[c][c];
    }
  return TRUE;
}

/* One Marquardt step over the free parameters (those some point depends
 * on and that are not held at 0 by a gradient pushing outwards). */
static gboolean
lm_step (const double x[N_PARAMS], const RoofCalibrationPoint *pts, int n, double lambda,
         double next[N_PARAMS])
{
  double jtj[N_PARAMS][N_PARAMS], jtr[N_PARAMS], a[N_PARAMS][N_PARAMS], v[N_PARAMS],
    d[N_PARAMS];
  int free_[N_PARAMS], m = 0;

  normal_equations (x, pts, n, jtj, jtr);
  for (int p = 0; p < N_PARAMS; p++)
    if (jtj[p][p] > 0.0 && !(x[p] <= 0.0 && jtr[p] > 0.0))
      free_[m++] = p;
  if (m == 0)
    return FALSE;
  for (int i = 0; i < m; i++)
    {
      for (int k = 0; k < m; k++)
        a[i][k] = jtj[free_[i]][free_[k]];
      a[i][i] *= 1.0 + lambda;
      v[i] = -jtr[free_[i]];
    }
  if (!solve_small (m, a, v, d))
    return FALSE;
  memcpy (next, x, sizeof (double) * N_PARAMS);
  for (int i = 0; i < m; i++)
    next[free_[i]] = MAX (x[free_[i]] + d[i], 0.0);
  return TRUE;
}

static void
levenberg_marquardt (const RoofCalibrationPoint *pts, int n, double x[N_PARAMS])
{
  double lambda = 1e-3, c = cost (x, pts, n);

  for (int it = 0; it < 1000 && lambda < 1e12 && c > 0.0; it++)
    {
      double y[N_PARAMS], cy;

      if (!lm_step (x, pts, n, lambda, y))
        {
          lambda *= 4.0;
          continue;
        }
      cy = cost (y, pts, n);
      if (cy < c)
        {
          gboolean tiny = c - cy <= 1e-15 * c;
          memcpy (x, y, sizeof y);
          c = cy;
          lambda = MAX (lambda / 3.0, 1e-12);
          if (tiny)
            break;
        }
      else
        lambda *= 4.0;
    }
}

/* The normal matrix of the identified parameters, as correlations, is
 * (nearly) singular: they trade off against each other. */
static gboolean
collinear (const double x[N_PARAMS], const RoofCalibrationPoint *pts, int n,
           const gboolean identified[N_PARAMS])
{
  double jtj[N_PARAMS][N_PARAMS], jtr[N_PARAMS], a[N_PARAMS][N_PARAMS], det = 1.0;
  int idx[N_PARAMS], m = 0;

  normal_equations (x, pts, n, jtj, jtr);
  for (int p = 0; p < N_PARAMS; p++)
    if (identified[p] && jtj[p][p] > 0.0)
      idx[m++] = p;
  for (int i = 0; i < m; i++)
    for (int k = 0; k < m; k++)
      a[i][k] = jtj[idx[i]][idx[k]] / sqrt (jtj[idx[i]][idx[i]] * jtj[idx[k]][idx[k]]);
  /* determinant by elimination, without pivoting: a correlation matrix is
   * positive semi-definite */
  for (int c = 0; c < m; c++)
    {
      if (!(a[c][c] > 1e-12))
        return TRUE;
      det *= a[c][c];
      for (int r = c + 1; r < m; r++)
        {
          double f = a[r][c] / a[c][c];
          for (int k = c; k < m; k++)
            a[r][k] -= f * a[c][k];
        }
    }
  return det < 1e-8;
}

static RoofCalibrationState
state_of (int n_depending, double value)
{
  if (n_depending == 0)
    return ROOF_CALIBRATION_UNDETERMINED;
  return value <= 0.0 ? ROOF_CALIBRATION_AT_LIMIT : ROOF_CALIBRATION_FITTED;
}

gboolean
roof_calibration_fit (const RoofCalibrationPoint *pts,
                      int n,
                      RoofCalibrationFit *out,
                      GError **error)
{
  double x[N_PARAMS] = { 0.0, 0.0, 0.0 }, sum = 0.0;
  gboolean any_steps = FALSE, identified[N_PARAMS];

  memset (out, 0, sizeof *out);
  if (n < 1)
    {
      g_set_error_literal (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                           "no measurements to fit");
      return FALSE;
    }
  for (int i = 0; i < n; i++)
    {
      const RoofCalibrationPoint *p = &pts[i];
      if (!(isfinite (p->compute) && isfinite (p->memory) && isfinite (p->steps)
            && isfinite (p->measured) && p->compute > 0.0 && p->memory > 0.0
            && p->steps >= 0.0 && p->measured > 0.0))
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                       "point %d: its times must be finite and positive", i + 1);
          return FALSE;
        }
      any_steps |= p->steps > 0.0;
    }

  grid_start (pts, n, any_steps, x);
  levenberg_marquardt (pts, n, x);

  out->n_points = n;
  for (int i = 0; i < n; i++)
    {
      gboolean compute_sets;
      predict (x, &pts[i], &compute_sets);
      out->n_compute += compute_sets;
      out->n_memory += !compute_sets;
      out->n_overhead += pts[i].steps > 0.0;
    }
  /* what no point depends on keeps its ideal value (1, 1, 0): lowering an
   * unused η's term keeps it unused */
  if (out->n_compute == 0)
    x[0] = 0.0;
  if (out->n_memory == 0)
    x[1] = 0.0;
  if (out->n_overhead == 0)
    x[2] = 0.0;
  out->compute_state = state_of (out->n_compute, x[0]);
  out->memory_state = state_of (out->n_memory, x[1]);
  out->overhead_state = state_of (out->n_overhead, x[2]);
  identified[0] = out->n_compute > 0;
  identified[1] = out->n_memory > 0;
  identified[2] = out->n_overhead > 0;
  out->collinear = collinear (x, pts, n, identified);

  out->eta_compute = exp (-x[0]);
  out->eta_memory = exp (-x[1]);
  out->overhead = x[2];
  for (int i = 0; i < n; i++)
    {
      double r = fabs (log (predict (x, &pts[i], NULL) / pts[i].measured));
      sum += r * r;
      out->max_residual = MAX (out->max_residual, r);
    }
  out->rms = sqrt (sum / n);
  return TRUE;
}
