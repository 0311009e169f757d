/* roof-scenario-fleet.c — the traffic a scenario plans a fleet for: the
 * request rate, the lengths, the TTFT targets (docs/file-format.md, "fleet")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-catalog-error.h"
#include "roof-catalog-private.h"
#include "roof-scenario-private.h"

/* ------------------------------------------------------------------------ */
/* The lengths histogram                                                    */

/* A whole number of tokens from 1 to 1e8, spelled in full. */
static gboolean
read_tokens (const char *text, double *out)
{
  char *end = NULL;

  if (!g_ascii_isdigit (*text))
    return FALSE;
  *out = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && floor (*out) == *out && *out >= 1 && *out <= 1e8;
}

static gboolean G_GNUC_PRINTF (3, 4)
lengths_error (GError **error, const char *text, const char *format, ...)
{
  va_list ap;
  g_autofree char *msg = NULL;

  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
               "lengths '%s': %s (the form is PROMPT:OUTPUT@SHARE,…, e.g. "
               "512:128@0.7,4096:512@0.3)",
               text, msg);
  return FALSE;
}

gboolean
roof_fleet_lengths_parse (const char *text, RoofFleetDemand *demand, GError **error)
{
  g_auto (GStrv) parts = NULL;
  RoofFleetClass classes[ROOF_FLEET_MAX_CLASSES];
  double sum = 0.0;
  guint n;

  g_return_val_if_fail (text != NULL && demand != NULL, FALSE);
  parts = g_strsplit (text, ",", -1);
  n = g_strv_length (parts);
  if (n == 0 || *text == '\0')
    return lengths_error (error, text, "no class given");
  if (n > ROOF_FLEET_MAX_CLASSES)
    return lengths_error (error, text, "at most %d classes, got %u", ROOF_FLEET_MAX_CLASSES, n);
  for (guint k = 0; k < n; k++)
    {
      char *part = g_strstrip (parts[k]);
      char *at = strchr (part, '@');
      char *colon = strchr (part, ':');
      char *end = NULL;

      if (colon == NULL || (at != NULL && at < colon))
        return lengths_error (error, text, "class %u is not PROMPT:OUTPUT@SHARE", k + 1);
      *colon = '\0';
      if (at != NULL)
        *at = '\0';
      if (!read_tokens (part, &classes[k].prompt) || !read_tokens (colon + 1, &classes[k].output))
        return lengths_error (error, text,
                              "class %u: the prompt and output lengths are whole numbers of "
                              "tokens from 1 to 1e8",
                              k + 1);
      if (at == NULL && n > 1)
        return lengths_error (error, text, "class %u has no @SHARE", k + 1);
      classes[k].share = 1.0;
      if (at != NULL)
        {
          const char *s = at + 1;
          classes[k].share = g_ascii_strtod (s, &end);
          if (!(g_ascii_isdigit (*s) || *s == '.') || end == s || *end != '\0'
              || !(classes[k].share > 0.0 && classes[k].share <= 1.0))
            return lengths_error (error, text, "class %u: the share lies in (0, 1]", k + 1);
        }
      sum += classes[k].share;
    }
  if (fabs (sum - 1.0) > 1e-6)
    return lengths_error (error, text, "the shares sum to %.6g, not 1", sum);
  demand->n_classes = (int) n;
  memcpy (demand->classes, classes, n * sizeof classes[0]);
  return TRUE;
}

char *
roof_fleet_lengths_format (const RoofFleetDemand *demand)
{
  GString *s = g_string_new (NULL);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (int k = 0; k < demand->n_classes; k++)
    {
      const RoofFleetClass *c = &demand->classes[k];
      g_string_append_printf (s, "%s%.0f:%.0f", k > 0 ? "," : "", c->prompt, c->output);
      if (demand->n_classes > 1 || c->share != 1.0)
        g_string_append_printf (s, "@%s", g_ascii_formatd (buf, sizeof buf, "%.15g", c->share));
    }
  return g_string_free (s, FALSE);
}

/* ------------------------------------------------------------------------ */
/* The scenario's fleet                                                     */

void
roof_scenario_fleet_init (RoofScenarioFleet *f)
{
  memset (f, 0, sizeof *f);
  f->rate = ROOF_SCENARIO_DEFAULT_RATE;
}

void
roof_scenario_fleet_clear (RoofScenarioFleet *f)
{
  g_clear_pointer (&f->lengths, g_free);
}

gboolean
roof_scenario_fleet_check (const RoofScenarioFleet *f, GError **error)
{
  RoofFleetDemand d;

  roof_fleet_demand_init (&d, f->rate, 1, 1);
  if (f->lengths != NULL && !roof_fleet_lengths_parse (f->lengths, &d, error))
    return FALSE;
  if (f->ttft_p50 > 0.0 && f->ttft_p99 > 0.0 && f->ttft_p99 < f->ttft_p50)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "the TTFT P99 target (%g ms) is below the P50 target (%g ms)",
                   f->ttft_p99 * 1e3, f->ttft_p50 * 1e3);
      return FALSE;
    }
  return TRUE;
}

gboolean
roof_scenario_fleet_read (RoofScenarioFleet *f, JsonObject *root, const char *origin,
                          GError **error)
{
  g_autoptr (GError) local = NULL;

  roof_scenario_fleet_clear (f);
  roof_scenario_fleet_init (f);
  f->rate = roof_json_get_number (root, "fleet.rate", ROOF_SCENARIO_DEFAULT_RATE);
  f->lengths = g_strdup (roof_json_get_string (root, "fleet.lengths"));
  f->ttft_p50 = roof_json_get_number (root, "fleet.ttft_p50_ms", 0) * 1e-3;
  f->ttft_p99 = roof_json_get_number (root, "fleet.ttft_p99_ms", 0) * 1e-3;
  if (!roof_scenario_fleet_check (f, &local))
    {
      /* "fleet.lengths '…': …", or the targets named by their fields */
      if (f->lengths != NULL && g_str_has_prefix (local->message, "lengths"))
        g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID, "%s: fleet.%s", origin,
                     local->message);
      else
        g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                     "%s: fleet.ttft_p99_ms (%g) is below fleet.ttft_p50_ms (%g)", origin,
                     f->ttft_p99 * 1e3, f->ttft_p50 * 1e3);
      return FALSE;
    }
  return TRUE;
}

void
roof_scenario_fleet_write (const RoofScenarioFleet *f, JsonObject *root)
{
  gboolean stated = f->rate != ROOF_SCENARIO_DEFAULT_RATE || f->lengths != NULL
                    || f->ttft_p50 > 0.0 || f->ttft_p99 > 0.0;
  JsonObject *o = roof_json_object_section (root, "fleet", stated);

  if (o == NULL)
    return;
  json_object_set_double_member (o, "rate", f->rate);
  roof_json_object_put (o, "lengths", roof_json_node_new_string_or_null (f->lengths));
  json_object_set_double_member (o, "ttft_p50_ms", f->ttft_p50 * 1e3);
  json_object_set_double_member (o, "ttft_p99_ms", f->ttft_p99 * 1e3);
}

const RoofScenarioFleet *
roof_scenario_get_fleet (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), NULL);

  return &self->fleet;
}

gboolean
roof_scenario_get_fleet_demand (RoofScenario *self, RoofFleetDemand *demand, GError **error)
{
  const RoofScenarioFleet *f;

  g_return_val_if_fail (ROOF_IS_SCENARIO (self), FALSE);
  f = &self->fleet;
  roof_fleet_demand_init (demand, f->rate, self->workload.prompt,
                          self->workload.output > 0 ? self->workload.output : 1);
  if (f->lengths != NULL && !roof_fleet_lengths_parse (f->lengths, demand, error))
    return FALSE;
  demand->ttft_p50 = f->ttft_p50;
  demand->ttft_p99 = f->ttft_p99;
  demand->itl = self->sla.itl;
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Properties: "rate", "lengths", "ttft-p50", "ttft-p99"                    */

gboolean
roof_scenario_fleet_equal (const RoofScenarioFleet *a, const RoofScenarioFleet *b)
{
  return a->rate == b->rate && g_strcmp0 (a->lengths, b->lengths) == 0
         && a->ttft_p50 == b->ttft_p50 && a->ttft_p99 == b->ttft_p99;
}

gboolean
roof_scenario_fleet_candidate (RoofScenario *self, const char *name, const GValue *value,
                               RoofScenarioFleet *f)
{
  g_autoptr (GError) local = NULL;

  *f = self->fleet;
  f->lengths = g_strdup (self->fleet.lengths);
  if (g_str_equal (name, "lengths"))
    {
      const char *s = g_value_get_string (value);
      g_free (f->lengths);
      f->lengths = s != NULL && *s != '\0' ? g_strdup (s) : NULL;
    }
  else
    {
      double v = g_value_get_double (value);
      if (!isfinite (v) || v < 0.0 || (g_str_equal (name, "rate") && !(v > 0.0)))
        {
          roof_scenario_fleet_clear (f);
          return FALSE;
        }
      if (g_str_equal (name, "rate"))
        f->rate = v;
      else if (g_str_equal (name, "ttft-p50"))
        f->ttft_p50 = v;
      else
        f->ttft_p99 = v;
    }
  if (!roof_scenario_fleet_check (f, &local))
    {
      g_debug ("%s refused: %s", name, local->message);
      roof_scenario_fleet_clear (f);
      return FALSE;
    }
  return TRUE;
}

void
roof_scenario_fleet_get_value (RoofScenario *self, const char *name, GValue *value)
{
  if (g_str_equal (name, "lengths"))
    g_value_set_string (value, self->fleet.lengths);
  else if (g_str_equal (name, "rate"))
    g_value_set_double (value, self->fleet.rate);
  else if (g_str_equal (name, "ttft-p50"))
    g_value_set_double (value, self->fleet.ttft_p50);
  else
    g_value_set_double (value, self->fleet.ttft_p99);
}

/* A fleet property set: refused, changing nothing, when it is invalid; the
 * one property notified and ::changed emitted when it changes. */
void
roof_scenario_fleet_set (RoofScenario *self, GParamSpec *pspec, const GValue *value)
{
  RoofScenarioFleet f;

  if (!roof_scenario_fleet_candidate (self, pspec->name, value, &f))
    return;
  if (roof_scenario_fleet_equal (&f, &self->fleet))
    {
      roof_scenario_fleet_clear (&f);
      return;
    }
  roof_scenario_fleet_clear (&self->fleet);
  self->fleet = f;
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
  roof_scenario_emit_changed (self);
}

gboolean
roof_scenario_fleet_accepts (RoofScenario *self, GParamSpec *pspec, const GValue *value)
{
  g_auto (GValue) copy = G_VALUE_INIT;
  RoofScenarioFleet f;

  g_value_init (&copy, G_PARAM_SPEC_VALUE_TYPE (pspec));
  if (!g_value_transform (value, &copy) || g_param_value_validate (pspec, &copy)
      || !roof_scenario_fleet_candidate (self, pspec->name, &copy, &f))
    return FALSE;
  roof_scenario_fleet_clear (&f);
  return TRUE;
}

void
roof_scenario_fleet_install (GParamSpec **p)
{
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  /* the fleet plan's traffic: requests/s, the lengths histogram, TTFT
   * targets in seconds (0 = none) */
  p[0] = g_param_spec_double ("rate", NULL, NULL, 0, 1e9, ROOF_SCENARIO_DEFAULT_RATE, flags);
  p[1] = g_param_spec_string ("lengths", NULL, NULL, NULL, flags);
  p[2] = g_param_spec_double ("ttft-p50", NULL, NULL, 0, 1e6, 0, flags);
  p[3] = g_param_spec_double ("ttft-p99", NULL, NULL, 0, 1e6, 0, flags);
}
