/* roof-calibrate.h — efficiencies and a per-step overhead fitted to measurements
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Calibration". Each measurement becomes a point: the time
 * per output token its bound allows from compute (c) and from memory (m)
 * at the devices' peaks, 1/B steps per output token (k, 0 when the batch
 * is not stated) and the measured time per output token (1/R). The model
 * predicts
 *
 *   τ = max (c/η_c, m/η_m) + k·t_0
 *
 * (the whole-request bound of roof-measured.c, derated, plus t_0 per step
 * of B requests), and the fit minimises Σ ln² (τ / τ_measured) over
 * 0 < η ≤ 1, t_0 ≥ 0: a coarse grid, then Levenberg–Marquardt with the
 * bounds, deterministic.
 */
#pragma once

#include "roof-catalog.h"
#include "roof-measurement.h"

G_BEGIN_DECLS

typedef struct
{
  double compute;  /* c: seconds per output token from compute at peak */
  double memory;   /* m: seconds per output token from memory at peak */
  double steps;    /* k: steps per output token, 1/B (0: batch not stated) */
  double measured; /* seconds per output token measured, 1/R */
} RoofCalibrationPoint;

typedef enum
{
  ROOF_CALIBRATION_FITTED,       /* identified and inside its range */
  ROOF_CALIBRATION_AT_LIMIT,     /* identified, at η = 1 or t_0 = 0 */
  ROOF_CALIBRATION_UNDETERMINED, /* no point depends on it: left at 1 (η) or 0 (t_0) */
} RoofCalibrationState;

typedef struct
{
  double eta_compute, eta_memory; /* (0, 1] */
  double overhead;                /* t_0, seconds per step */
  RoofCalibrationState compute_state, memory_state, overhead_state;
  gboolean collinear; /* the identified parameters trade off (singular normal matrix) */
  int n_points;
  int n_compute, n_memory, n_overhead; /* points whose time each parameter sets */
  double rms;          /* √(mean ln² (predicted / measured)) */
  double max_residual; /* max |ln (predicted / measured)| */
} RoofCalibrationFit;

/* The point of `m` (its bound's terms at the peaks, whatever efficiencies
 * the catalog gives the device). Errors as roof_measured_evaluate. */
gboolean roof_calibration_point (RoofCatalog *catalog,
                                 const RoofMeasurement *m,
                                 RoofCalibrationPoint *out,
                                 GError **error);

/* Fits `n` ≥ 1 points with finite positive times. FALSE with
 * ROOF_CATALOG_ERROR_INVALID for none or a point that is not. */
gboolean roof_calibration_fit (const RoofCalibrationPoint *points,
                               int n,
                               RoofCalibrationFit *out,
                               GError **error);

/* τ of `p` under `fit`. */
double roof_calibration_predict (const RoofCalibrationFit *fit, const RoofCalibrationPoint *p);

/* "fitted", "at limit", "undetermined" (untranslated: JSON and CLI). */
const char *roof_calibration_state_name (RoofCalibrationState state);

G_END_DECLS
