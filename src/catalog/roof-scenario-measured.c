/* roof-scenario-measured.c — the measured results a scenario carries and
 * which of them its charts draw
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file's "measurements" (RoofMeasurement records), chart.published_measurements
 * (the bundled set drawn for the scenario's model and devices) and
 * chart.measured_hidden (the sources toggled off, by legend text):
 * docs/file-format.md, "Scenario files".
 */
#include "config.h"

#include <string.h>

#include "roof-measurement.h"
#include "roof-scenario-private.h"

GPtrArray *
roof_scenario_get_measurements (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), NULL);

  return self->measurements;
}

void
roof_scenario_set_measurements (RoofScenario *self, GPtrArray *set)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));

  g_ptr_array_set_size (self->measurements, 0);
  for (guint i = 0; set != NULL && i < set->len; i++)
    g_ptr_array_add (self->measurements, roof_measurement_copy (g_ptr_array_index (set, i)));
  roof_scenario_emit_changed (self);
}

gboolean
roof_scenario_get_published_measurements (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), FALSE);

  return self->published_measurements;
}

void
roof_scenario_set_published_measurements (RoofScenario *self, gboolean shown)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));

  shown = !!shown;
  if (self->published_measurements == shown)
    return;
  self->published_measurements = shown;
  g_object_notify (G_OBJECT (self), "published-measurements");
  roof_scenario_emit_changed (self);
}

gboolean
roof_scenario_get_show_calibrated (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), FALSE);

  return self->show_calibrated;
}

void
roof_scenario_set_show_calibrated (RoofScenario *self, gboolean shown)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));

  shown = !!shown;
  if (self->show_calibrated == shown)
    return;
  self->show_calibrated = shown;
  g_object_notify (G_OBJECT (self), "show-calibrated");
  roof_scenario_emit_changed (self);
}

const char *const *
roof_scenario_get_measured_hidden (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), NULL);

  return (const char *const *) self->measured_hidden;
}

gboolean
roof_scenario_get_measured_source_hidden (RoofScenario *self, const char *source)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (source != NULL, FALSE);

  return g_strv_contains ((const char *const *) self->measured_hidden, source);
}

/* Takes `list` (NULL-terminated, any order, may repeat): sorted and unique
 * into the scenario, notified when it differs. */
void
roof_scenario_take_measured_hidden (RoofScenario *self, char **list)
{
  guint n = list != NULL ? g_strv_length (list) : 0, kept = 0;

  if (list == NULL)
    list = g_new0 (char *, 1);
  roof_strv_sort (list, n);
  for (guint i = 0; i < n; i++)
    {
      if (kept > 0 && strcmp (list[kept - 1], list[i]) == 0)
        g_free (list[i]);
      else
        list[kept++] = list[i];
    }
  list[kept] = NULL;
  if (self->measured_hidden != NULL
      && g_strv_equal ((const char *const *) self->measured_hidden, (const char *const *) list))
    {
      g_strfreev (list);
      return;
    }
  g_strfreev (self->measured_hidden);
  self->measured_hidden = list;
  g_object_notify (G_OBJECT (self), "measured-hidden");
  roof_scenario_emit_changed (self);
}

void
roof_scenario_set_measured_source_hidden (RoofScenario *self, const char *source, gboolean hidden)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();

  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (source != NULL);

  for (guint i = 0; self->measured_hidden[i] != NULL; i++)
    if (strcmp (self->measured_hidden[i], source) != 0)
      g_strv_builder_add (b, self->measured_hidden[i]);
  if (hidden)
    g_strv_builder_add (b, source);
  roof_scenario_take_measured_hidden (self, g_strv_builder_end (b));
}

void
roof_scenario_measured_install (GParamSpec **p)
{
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  /* the bundled measurements drawn; calibrated copies of the devices drawn
   * beside them; the measured sources left out */
  p[0] = g_param_spec_boolean ("published-measurements", NULL, NULL, FALSE, flags);
  p[1] = g_param_spec_boolean ("show-calibrated", NULL, NULL, FALSE, flags);
  p[2] = g_param_spec_boxed ("measured-hidden", NULL, NULL, G_TYPE_STRV, flags);
}

void
roof_scenario_measured_get_value (RoofScenario *self, const char *name, GValue *value)
{
  if (g_str_equal (name, "published-measurements"))
    g_value_set_boolean (value, self->published_measurements);
  else if (g_str_equal (name, "show-calibrated"))
    g_value_set_boolean (value, self->show_calibrated);
  else
    g_value_set_boxed (value, self->measured_hidden);
}

void
roof_scenario_measured_set (RoofScenario *self, const char *name, const GValue *value)
{
  if (g_str_equal (name, "published-measurements"))
    roof_scenario_set_published_measurements (self, g_value_get_boolean (value));
  else if (g_str_equal (name, "show-calibrated"))
    roof_scenario_set_show_calibrated (self, g_value_get_boolean (value));
  else
    roof_scenario_take_measured_hidden (self, g_value_dup_boxed (value));
}
