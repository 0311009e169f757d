/* roof-energy.c — joules per token, and the price of an owned device
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/model.md, "Energy and ownership".
 */
#include <string.h>

#include "roof-levers.h"
#include "roof-solver-private.h"

RoofStatus
roof_owned_price_per_hour (double power_w, const RoofOwnership *own, double *usd_per_hour,
                           RoofError *err)
{
  if (own == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no ownership figures given");
  if (!roof_finite_nonneg (own->capex_usd) || own->capex_usd > 1e12)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "purchase price must be ≥ 0 and at most 1e12 USD, got %g",
                           own->capex_usd);
  if (!roof_finite_pos (own->years) || own->years > 100.0)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "amortisation years must be > 0 and at most 100, got %g", own->years);
  if (!roof_finite_nonneg (own->usd_per_kwh) || own->usd_per_kwh > 1e3)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "electricity price must be ≥ 0 and at most 1000 USD/kWh, got %g",
                           own->usd_per_kwh);
  if (!isfinite (own->pue) || own->pue < 1.0 || own->pue > 10.0)
    return roof_set_error (err, ROOF_ERR_INVALID, "PUE must lie in [1, 10], got %g", own->pue);
  if (!roof_finite_pos (power_w))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "the device's power is not known: an owned device's cost needs it");
  *usd_per_hour = own->capex_usd / (own->years * ROOF_HOURS_PER_YEAR)
                  + power_w * 1e-3 * own->usd_per_kwh * own->pue;
  return ROOF_OK;
}

void
roof_energy_of (double power_w, double devices, double t, double tokens, RoofEnergy *out)
{
  memset (out, 0, sizeof *out);
  out->has_power = power_w > 0.0 && devices > 0.0 && t > 0.0 && tokens > 0.0;
  if (!out->has_power)
    return;
  out->watts = power_w * devices;
  out->joules_per_token = out->watts * t / tokens;
  out->tokens_per_s_per_mw = tokens / t / out->watts * 1e6;
  out->kwh_per_mtok = out->joules_per_token * 1e6 / 3.6e6;
}

void
roof_energy (const RoofHardwareParams *hw, const RoofResult *r, RoofEnergy *out)
{
  double dp = r->devices > 0.0 ? r->devices_total / r->devices : 1.0;
  roof_energy_of (hw->power_w, r->devices_total, r->t_step, r->tokens * dp, out);
}
