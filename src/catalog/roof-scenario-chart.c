/* roof-scenario-chart.c — how a scenario's charts are drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chart shown, the roofline's ceilings, the sensitivity step, the
 * sweeps' ranges and the frontier chart's y axis and axes (file: "chart",
 * docs/file-format.md, "Scenario files"). Each setter notifies its
 * property and emits ::changed only when the value changes.
 */
#include "config.h"

#include <math.h>

#include "roof-scenario-private.h"

RoofPlotKind
roof_scenario_get_chart (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), ROOF_PLOT_ROOFLINE);

  return self->chart;
}

void
roof_scenario_set_chart (RoofScenario *self, RoofPlotKind kind)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail ((int) kind >= 0 && kind < ROOF_PLOT_COUNT);

  if (self->chart == kind)
    return;
  self->chart = kind;
  g_object_notify (G_OBJECT (self), "chart");
  roof_scenario_emit_changed (self);
}

guint
roof_scenario_get_ceilings (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), 0);

  return self->ceilings;
}

void
roof_scenario_set_ceilings (RoofScenario *self, guint mask)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));

  mask &= ALL_CEILINGS;
  if (self->ceilings == mask)
    return;
  self->ceilings = mask;
  g_object_notify (G_OBJECT (self), "ceilings");
  roof_scenario_emit_changed (self);
}

double
roof_scenario_get_sensitivity_step (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), ROOF_DEFAULT_SENSITIVITY_STEP);

  return self->sensitivity_step;
}

void
roof_scenario_set_sensitivity_step (RoofScenario *self, double step)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (step > 0.0 && step <= 0.5);

  if (self->sensitivity_step == step)
    return;
  self->sensitivity_step = step;
  g_object_notify (G_OBJECT (self), "sensitivity-step");
  roof_scenario_emit_changed (self);
}

void
roof_scenario_get_batch_range (RoofScenario *self, double *lo, double *hi)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));

  if (lo != NULL)
    *lo = self->batch_lo;
  if (hi != NULL)
    *hi = self->batch_hi;
}

void
roof_scenario_set_batch_range (RoofScenario *self, double lo, double hi)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (isfinite (lo) && isfinite (hi) && lo > 0 && lo < hi);

  if (self->batch_lo == lo && self->batch_hi == hi)
    return;
  self->batch_lo = lo;
  self->batch_hi = hi;
  roof_scenario_emit_changed (self);
}

void
roof_scenario_get_context_range (RoofScenario *self, double *lo, double *hi)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));

  if (lo != NULL)
    *lo = self->context_lo;
  if (hi != NULL)
    *hi = self->context_hi;
}

void
roof_scenario_set_context_range (RoofScenario *self, double lo, double hi)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (isfinite (lo) && isfinite (hi) && lo > 0 && lo < hi);

  if (self->context_lo == lo && self->context_hi == hi)
    return;
  self->context_lo = lo;
  self->context_hi = hi;
  roof_scenario_emit_changed (self);
}

RoofFrontierMetric
roof_scenario_get_frontier_y (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), ROOF_FRONTIER_PER_DEVICE);

  return self->frontier_y;
}

void
roof_scenario_set_frontier_y (RoofScenario *self, RoofFrontierMetric metric)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail ((int) metric >= 0 && metric < ROOF_FRONTIER_METRIC_COUNT);

  if (self->frontier_y == metric)
    return;
  self->frontier_y = metric;
  g_object_notify (G_OBJECT (self), "frontier-y");
  roof_scenario_emit_changed (self);
}

gboolean
roof_scenario_get_frontier_linear (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), FALSE);

  return self->frontier_linear;
}

void
roof_scenario_set_frontier_linear (RoofScenario *self, gboolean linear)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));

  linear = !!linear;
  if (self->frontier_linear == linear)
    return;
  self->frontier_linear = linear;
  g_object_notify (G_OBJECT (self), "frontier-linear");
  roof_scenario_emit_changed (self);
}
