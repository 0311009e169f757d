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
#include "roof-chart.h"
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

/* ------------------------------------------------------------------------ */
/* Collecting, saving and drawing a calibration (the CLI and the app alike) */

/* A device's measurements as points: `used` the measurements (borrowed
 * from the sets), `points` their RoofCalibrationPoint, `sources` the
 * distinct sources (owned). */
typedef struct
{
  GPtrArray *used;
  GArray *points;
  GPtrArray *sources;
} RoofCalibrationData;

void roof_calibration_data_clear (RoofCalibrationData *data);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RoofCalibrationData, roof_calibration_data_clear)

/* The measurements of `sets` (n_sets arrays of RoofMeasurement, NULL ones
 * skipped) on `device` (or a system of it), of `model` when not NULL and
 * at compute precision `precision` when ≥ 0, into `out` (which may end up
 * empty). FALSE with the measurement's id when one has no point. */
gboolean roof_calibration_collect (RoofCatalog *catalog,
                                   GPtrArray *const *sets,
                                   int n_sets,
                                   const char *device,
                                   const char *model,
                                   int precision,
                                   RoofCalibrationData *out,
                                   GError **error);

/* The "calibration" object of a hardware entry (docs/file-format.md): the
 * identified parameters, the points, residuals, filters, today's date and
 * the sources. */
JsonObject *roof_calibration_to_json (const RoofCalibrationFit *fit,
                                      const char *model,
                                      const char *precision,
                                      GPtrArray *sources);

/* A saved calibration as --calibrated and the charts use it. */
typedef struct
{
  double compute, memory; /* η_c, η_m: 1 when left out (undetermined) */
  double overhead;        /* t_0, seconds; 0 when left out */
  gboolean has_overhead;
  int points;
  double rms; /* NaN when left out */
} RoofCalibration;

/* The calibration of `spec`; FALSE when it has none. */
gboolean roof_calibration_from_spec (RoofSpec *spec, RoofCalibration *out);

/* The calibrated copy of `ideal` in `out`: its η the calibration's, drawn
 * in palette colour `color`; returns its name, "NAME (calibrated)",
 * which `out` points to and the caller frees after it. */
char *roof_calibration_device (const RoofPlotDevice *ideal,
                               const RoofCalibration *cal,
                               int color,
                               RoofPlotDevice *out);

G_END_DECLS
