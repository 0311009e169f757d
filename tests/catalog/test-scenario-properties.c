/* test-scenario-properties.c — RoofScenario's properties notify only on change
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * As libadwaita's widget tests do: for every property, setting the value it
 * holds notifies nothing, a new value notifies exactly once, and a value the
 * scenario refuses changes nothing and notifies nothing.
 */
#include "config.h"

#include "catalog-test-util.h"

#include <math.h>
#include <string.h>

#include "roof-scenario.h"

typedef struct
{
  GHashTable *counts; /* property name → notifications */
  guint changed;      /* ::changed emissions */
} Counter;

static void
notify_cb (GObject *object, GParamSpec *pspec, Counter *c)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (c->counts, pspec->name));

  g_hash_table_insert (c->counts, (gpointer) pspec->name, GUINT_TO_POINTER (n + 1));
}

static void
changed_cb (RoofScenario *scenario, Counter *c)
{
  c->changed++;
}

static void
counter_watch (Counter *c, RoofScenario *scenario)
{
  c->counts = g_hash_table_new (g_str_hash, g_str_equal);
  c->changed = 0;
  g_signal_connect (scenario, "notify", G_CALLBACK (notify_cb), c);
  g_signal_connect (scenario, "changed", G_CALLBACK (changed_cb), c);
}

static guint
counter_get (Counter *c, const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (c->counts, name));
}

static guint
counter_total (Counter *c)
{
  GHashTableIter iter;
  gpointer value;
  guint total = 0;

  g_hash_table_iter_init (&iter, c->counts);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    total += GPOINTER_TO_UINT (value);
  return total;
}

static void
counter_reset (Counter *c)
{
  g_hash_table_remove_all (c->counts);
  c->changed = 0;
}

/* A value of the property's type from text: numbers, enum nicks (or a
 * number, for values out of the enum), strings ("NULL" for none), lists
 * separated by commas. */
static void
value_from_text (GParamSpec *pspec, const char *text, GValue *value)
{
  GType type = G_PARAM_SPEC_VALUE_TYPE (pspec);

  g_value_init (value, type);
  if (type == G_TYPE_DOUBLE)
    g_value_set_double (value, g_ascii_strtod (text, NULL));
  else if (type == G_TYPE_BOOLEAN)
    g_value_set_boolean (value, strcmp (text, "true") == 0);
  else if (type == G_TYPE_UINT)
    g_value_set_uint (value, (guint) g_ascii_strtoull (text, NULL, 10));
  else if (type == G_TYPE_BOOLEAN)
    g_value_set_boolean (value, strcmp (text, "true") == 0);
  else if (type == G_TYPE_STRING)
    g_value_set_string (value, strcmp (text, "NULL") == 0 ? NULL : text);
  else if (type == G_TYPE_STRV)
    g_value_take_boxed (value, g_strsplit (text, ",", -1));
  else if (G_TYPE_IS_ENUM (type))
    {
      g_autoptr (GEnumClass) enum_class = g_type_class_ref (type);
      GEnumValue *v = g_enum_get_value_by_nick (enum_class, text);

      g_value_set_enum (value, v != NULL ? v->value : (int) g_ascii_strtoll (text, NULL, 10));
    }
  else
    g_error ("%s: no test for a %s", pspec->name, g_type_name (type));
}

static gboolean
values_equal (GParamSpec *pspec, const GValue *a, const GValue *b)
{
  /* boxed values compare by address */
  if (G_PARAM_SPEC_VALUE_TYPE (pspec) == G_TYPE_STRV)
    return g_strv_equal (g_value_get_boxed (a), g_value_get_boxed (b));
  return g_param_values_cmp (pspec, a, b) == 0;
}

typedef struct
{
  const char *name;
  const char *value;   /* a new, valid value */
  const char *invalid; /* a value the scenario refuses */
  gboolean warns;      /* GObject itself refuses it (outside the pspec), with a warning */
} Case;

/* clang-format off */
static const Case cases[] = {
  { "hardware", "nvidia-h100-sxm,nvidia-b200", NULL, FALSE },
  { "model", "llama-3.1-8b", "NULL", FALSE },
  { "system", "nvidia-gb200-nvl72", "Not An Id!", FALSE },
  { "chart", "2", "99", TRUE },
  { "ceilings", "1", "4096", TRUE },
  { "sensitivity-step", "0.05", "0", FALSE },
  { "custom-colors", "amd-mi300x #ff0000,nvidia-h100-sxm #123456", "nvidia-h100-sxm red", FALSE },
  { "published-measurements", "true", NULL, FALSE },
  { "show-calibrated", "true", NULL, FALSE },
  /* sorted, as the scenario keeps them */
  { "measured-hidden", "SGLang run.jsonl,vLLM result.json", NULL, FALSE },
  /* the frontier chart's y axis: a roof_frontier_metric_name (); axes */
  { "frontier-y", "kw", "furlongs", FALSE },
  { "frontier-linear", "true", NULL, FALSE },
  { "phase", "prefill", "7", TRUE },
  { "batch", "8", "0", FALSE },
  { "context", "8192", "-1", TRUE },
  { "prompt", "2048", "0", FALSE },
  { "output", "128", "-5", TRUE },
  { "weights", "fp8", "42", TRUE },
  { "kv", "fp8", "42", TRUE },
  { "activations", "fp16", "42", TRUE },
  { "compute", "fp8", "42", TRUE },
  { "bytes-per-weight", "0.5", "65", TRUE },
  { "attention-span", "2048", "-1", TRUE },
  { "devices", "4", "2.5", FALSE },
  { "overlap", "sum", "5", TRUE },
  { "overhead", "1e-5", "-1", TRUE },
  { "ep", "8", "1.5", FALSE },
  { "pp", "2", "2.5", FALSE },
  { "dp", "2", "0.5", FALSE },
  { "attn-parallel", "tensor", "9", TRUE },
  { "ep-imbalance", "1.2", "0.5", FALSE },
  { "microbatches", "4", "1.5", FALSE },
  { "itl", "0.05", "-1", TRUE },
  { "ttft", "0.5", "-1", TRUE },
  { "tokens-per-s", "100", "-1", TRUE },
  { "rate", "25", "0", FALSE },
  { "lengths", "512:128@0.7,4096:512@0.3", "512:128@0.5,4096:512@0.3", FALSE },
  { "ttft-p50", "0.5", "-1", TRUE },
  { "ttft-p99", "2", "-1", TRUE },
  /* the levers, in the order they are installed: a drafter before
   * speculation, the years before owning */
  { "spec-k", "3", "2.5", FALSE },
  { "spec-accept", "0.7", "1", TRUE },
  { "draft-model", "llama-3.2-1b", "Not An Id!", FALSE },
  { "mtp-params", "1e9", "-1", TRUE },
  { "speculative", "true", NULL, FALSE },
  { "prefill-system", "nvidia-gb300-nvl72", "Not An Id!", FALSE },
  { "prefill-tp", "4", "1.5", FALSE },
  { "prefill-ep", "8", "0.5", FALSE },
  { "prefill-batch", "2", "2.5", FALSE },
  { "disagg", "true", NULL, FALSE },
  { "capex-usd", "30000", "-1", TRUE },
  { "years", "5", "-1", TRUE },
  { "usd-per-kwh", "0.1", "-1", TRUE },
  { "pue", "1.3", "0.5", FALSE },
  { "cost-own", "true", NULL, FALSE },
};
/* clang-format on */

static const Case *
case_for (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (strcmp (cases[i].name, name) == 0)
      return &cases[i];
  return NULL;
}

static void
test_every_property (void)
{
  g_autoptr (RoofScenario) scenario = g_object_new (ROOF_TYPE_SCENARIO, NULL);
  guint n_pspecs = 0;
  g_autofree GParamSpec **pspecs
    = g_object_class_list_properties (G_OBJECT_GET_CLASS (scenario), &n_pspecs);
  Counter c;

  counter_watch (&c, scenario);
  g_assert_cmpuint (n_pspecs, ==, G_N_ELEMENTS (cases));
  for (guint i = 0; i < n_pspecs; i++)
    {
      GParamSpec *pspec = pspecs[i];
      const Case *tc = case_for (pspec->name);
      g_auto (GValue) old = G_VALUE_INIT;
      g_auto (GValue) now = G_VALUE_INIT;
      g_auto (GValue) next = G_VALUE_INIT;

      g_test_message ("%s", pspec->name);
      g_assert_nonnull (tc);
      g_assert_true ((pspec->flags & G_PARAM_EXPLICIT_NOTIFY) != 0);
      g_assert_true ((pspec->flags & G_PARAM_STATIC_STRINGS) == G_PARAM_STATIC_STRINGS);
      g_assert_true ((pspec->flags & G_PARAM_READWRITE) == G_PARAM_READWRITE);

      /* the same value: nothing */
      g_value_init (&old, G_PARAM_SPEC_VALUE_TYPE (pspec));
      g_object_get_property (G_OBJECT (scenario), pspec->name, &old);
      counter_reset (&c);
      g_object_set_property (G_OBJECT (scenario), pspec->name, &old);
      g_assert_cmpuint (counter_total (&c), ==, 0);
      g_assert_cmpuint (c.changed, ==, 0);

      /* a new value: once, and ::changed once */
      value_from_text (pspec, tc->value, &next);
      g_assert_false (values_equal (pspec, &old, &next));
      g_object_set_property (G_OBJECT (scenario), pspec->name, &next);
      g_assert_cmpuint (counter_get (&c, pspec->name), ==, 1);
      g_assert_cmpuint (counter_total (&c), ==, 1);
      g_assert_cmpuint (c.changed, ==, 1);
      g_value_init (&now, G_PARAM_SPEC_VALUE_TYPE (pspec));
      g_object_get_property (G_OBJECT (scenario), pspec->name, &now);
      g_assert_true (values_equal (pspec, &now, &next));

      /* and again: nothing more */
      g_object_set_property (G_OBJECT (scenario), pspec->name, &next);
      g_assert_cmpuint (counter_total (&c), ==, 1);
      g_assert_cmpuint (c.changed, ==, 1);

      /* refused: unchanged and silent */
      if (tc->invalid != NULL)
        {
          g_auto (GValue) bad = G_VALUE_INIT;

          value_from_text (pspec, tc->invalid, &bad);
          counter_reset (&c);
          if (tc->warns)
            g_test_expect_message ("GLib-GObject", G_LOG_LEVEL_WARNING, "*out of range*");
          g_object_set_property (G_OBJECT (scenario), pspec->name, &bad);
          if (tc->warns)
            g_test_assert_expected_messages ();
          g_assert_cmpuint (counter_total (&c), ==, 0);
          g_assert_cmpuint (c.changed, ==, 0);
          g_value_reset (&now);
          g_object_get_property (G_OBJECT (scenario), pspec->name, &now);
          g_assert_true (values_equal (pspec, &now, &next));
        }
    }
  g_hash_table_unref (c.counts);
}

/* The C setters notify exactly what they change, and ::changed once. */
static void
test_setters (void)
{
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  RoofWorkload wl = *roof_scenario_get_workload (scenario);
  RoofSla sla = *roof_scenario_get_sla (scenario);
  Counter c;

  counter_watch (&c, scenario);

  roof_scenario_set_workload (scenario, &wl);
  roof_scenario_set_sla (scenario, &sla);
  roof_scenario_set_model (scenario, roof_scenario_get_model (scenario));
  roof_scenario_set_hardware (scenario, roof_scenario_get_hardware (scenario));
  roof_scenario_add_hardware (scenario, "nvidia-h100-sxm");
  g_assert_false (roof_scenario_remove_hardware (scenario, "no-such-device"));
  roof_scenario_set_system (scenario, NULL);
  roof_scenario_set_chart (scenario, roof_scenario_get_chart (scenario));
  g_assert_cmpuint (counter_total (&c), ==, 0);
  g_assert_cmpuint (c.changed, ==, 0);

  /* three fields in one edit: three notifications, one ::changed */
  wl.batch = 64;
  wl.kv = ROOF_PREC_FP8;
  wl.overhead = 20e-6;
  roof_scenario_set_workload (scenario, &wl);
  g_assert_cmpuint (counter_get (&c, "batch"), ==, 1);
  g_assert_cmpuint (counter_get (&c, "kv"), ==, 1);
  g_assert_cmpuint (counter_get (&c, "overhead"), ==, 1);
  g_assert_cmpuint (counter_total (&c), ==, 3);
  g_assert_cmpuint (c.changed, ==, 1);

  counter_reset (&c);
  sla.ttft = 0.25;
  roof_scenario_set_sla (scenario, &sla);
  g_assert_cmpuint (counter_get (&c, "ttft"), ==, 1);
  g_assert_cmpuint (counter_total (&c), ==, 1);
  g_assert_cmpuint (c.changed, ==, 1);

  counter_reset (&c);
  roof_scenario_add_hardware (scenario, "nvidia-b200");
  g_assert_true (roof_scenario_remove_hardware (scenario, "nvidia-b200"));
  roof_scenario_set_model (scenario, "llama-3.1-8b");
  roof_scenario_set_system (scenario, "nvidia-gb200-nvl72");
  roof_scenario_set_ceilings (scenario, 1);
  roof_scenario_set_sensitivity_step (scenario, 0.1);
  g_assert_cmpuint (counter_get (&c, "hardware"), ==, 2);
  g_assert_cmpuint (counter_get (&c, "model"), ==, 1);
  g_assert_cmpuint (counter_get (&c, "system"), ==, 1);
  g_assert_cmpuint (counter_get (&c, "ceilings"), ==, 1);
  g_assert_cmpuint (counter_get (&c, "sensitivity-step"), ==, 1);
  g_assert_cmpuint (counter_total (&c), ==, 6);
  g_assert_cmpuint (c.changed, ==, 6);

  /* the properties read what the setters wrote, in the structs' units */
  {
    double overhead, batch;
    RoofPrecision kv;
    g_autofree char *model = NULL;

    g_object_get (scenario, "overhead", &overhead, "batch", &batch, "kv", &kv, "model", &model,
                  NULL);
    g_assert_cmpfloat (overhead, ==, 20e-6);
    g_assert_cmpfloat (batch, ==, 64);
    g_assert_cmpint (kv, ==, ROOF_PREC_FP8);
    g_assert_cmpstr (model, ==, "llama-3.1-8b");
  }
  g_hash_table_unref (c.counts);
}

/* A layout refused as a whole: 1e7 devices at most over tp · ep · pp · dp. */
static void
test_refused_together (void)
{
  g_autoptr (RoofScenario) scenario = g_object_new (ROOF_TYPE_SCENARIO, NULL);
  Counter c;
  double ep;

  counter_watch (&c, scenario);
  g_object_set (scenario, "devices", 1000.0, "ep", 1000.0, NULL);
  g_assert_cmpuint (counter_total (&c), ==, 2);
  counter_reset (&c);
  g_object_set (scenario, "pp", 100.0, NULL);
  g_assert_cmpuint (counter_total (&c), ==, 0);
  g_assert_cmpuint (c.changed, ==, 0);
  g_object_get (scenario, "ep", &ep, NULL);
  g_assert_cmpfloat (ep, ==, 1000);
  g_assert_cmpfloat (roof_scenario_get_workload (scenario)->pp, ==, 0);

  /* and asked beforehand, as a binding does */
  {
    g_auto (GValue) v = G_VALUE_INIT;

    g_value_init (&v, G_TYPE_DOUBLE);
    g_value_set_double (&v, 100);
    g_assert_false (roof_scenario_accepts (scenario, "pp", &v));
    g_value_set_double (&v, 2);
    g_assert_true (roof_scenario_accepts (scenario, "pp", &v));
    g_value_set_double (&v, 0);
    g_assert_false (roof_scenario_accepts (scenario, "batch", &v));
    g_value_set_double (&v, -1);
    g_assert_false (roof_scenario_accepts (scenario, "itl", &v));
    g_assert_cmpuint (counter_total (&c), ==, 0);
  }
  g_hash_table_unref (c.counts);
}

/* The fleet's targets are checked together: a P50 target above the P99
 * one is refused, changing nothing; the demand reads the lengths. */
static void
test_fleet (void)
{
  g_autoptr (RoofScenario) scenario = g_object_new (ROOF_TYPE_SCENARIO, NULL);
  g_autoptr (GError) error = NULL;
  RoofFleetDemand d;
  double p50 = -1;

  g_object_set (scenario, "ttft-p99", 1.0, NULL);
  g_object_set (scenario, "ttft-p50", 2.0, NULL);
  g_object_get (scenario, "ttft-p50", &p50, NULL);
  g_assert_cmpfloat (p50, ==, 0.0);
  g_object_set (scenario, "ttft-p50", 0.5, "lengths", "1000:100@0.25,2000:200@0.75", "rate",
                3.0, "itl", 0.04, NULL);
  g_assert_true (roof_scenario_get_fleet_demand (scenario, &d, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (d.rate, ==, 3.0);
  g_assert_cmpint (d.n_classes, ==, 2);
  g_assert_cmpfloat (d.classes[1].prompt, ==, 2000);
  g_assert_cmpfloat (d.classes[1].output, ==, 200);
  g_assert_cmpfloat (d.classes[0].share, ==, 0.25);
  g_assert_cmpfloat (d.ttft_p50, ==, 0.5);
  g_assert_cmpfloat (d.ttft_p99, ==, 1.0);
  g_assert_cmpfloat (d.itl, ==, 0.04);
  /* an empty string is "the workload's lengths" */
  g_object_set (scenario, "lengths", "", NULL);
  g_assert_null (roof_scenario_get_fleet (scenario)->lengths);
  g_assert_true (roof_scenario_get_fleet_demand (scenario, &d, &error));
  g_assert_cmpint (d.n_classes, ==, 1);
  g_assert_cmpfloat (d.classes[0].prompt, ==, roof_scenario_get_workload (scenario)->prompt);
}

/* The levers' rules: speculation needs a drafter and keeps its draft
 * length while off; owning needs the years; roof_scenario_set_levers ()
 * notifies each property it changes, once; what the properties set is what
 * the struct (and so the file and roofline-cli) reads. */
static void
test_levers (void)
{
  g_autoptr (RoofScenario) scenario = g_object_new (ROOF_TYPE_SCENARIO, NULL);
  const RoofScenarioLevers *lv = roof_scenario_get_levers (scenario);
  gboolean on;
  double k;
  Counter c;

  counter_watch (&c, scenario);
  g_object_set (scenario, "speculative", TRUE, "cost-own", TRUE, NULL);
  g_assert_cmpuint (counter_total (&c), ==, 0);
  g_assert_cmpuint (c.changed, ==, 0);

  g_object_set (scenario, "spec-k", 4.0, "spec-accept", 0.6, "mtp-params", 14e9, NULL);
  g_assert_cmpfloat (lv->spec_k, ==, 0); /* still off */
  counter_reset (&c);
  g_object_set (scenario, "speculative", TRUE, NULL);
  g_assert_cmpuint (counter_get (&c, "speculative"), ==, 1);
  g_assert_cmpuint (counter_total (&c), ==, 1);
  g_assert_cmpfloat (lv->spec_k, ==, 4);
  g_assert_cmpfloat (lv->spec_accept, ==, 0.6);
  g_assert_cmpfloat (lv->mtp_params, ==, 14e9);
  g_object_set (scenario, "spec-k", 5.0, NULL);
  g_assert_cmpfloat (lv->spec_k, ==, 5);
  g_object_set (scenario, "speculative", FALSE, NULL);
  g_assert_cmpfloat (lv->spec_k, ==, 0);
  g_object_get (scenario, "spec-k", &k, "speculative", &on, NULL);
  g_assert_cmpfloat (k, ==, 5);
  g_assert_false (on);

  g_object_set (scenario, "years", 4.0, "capex-usd", 25000.0, "usd-per-kwh", 0.1, NULL);
  g_object_set (scenario, "cost-own", TRUE, NULL);
  g_assert_true (lv->cost_own);
  g_assert_cmpfloat (lv->years, ==, 4);

  /* the C setter: what differs is notified, each once */
  RoofScenarioLevers next = *lv;
  next.disagg = TRUE;
  next.prefill_system = (char *) "nvidia-gb300-nvl72";
  next.spec_k = 2;
  counter_reset (&c);
  roof_scenario_set_levers (scenario, &next);
  g_assert_cmpuint (counter_get (&c, "disagg"), ==, 1);
  g_assert_cmpuint (counter_get (&c, "prefill-system"), ==, 1);
  g_assert_cmpuint (counter_get (&c, "speculative"), ==, 1);
  g_assert_cmpuint (counter_get (&c, "spec-k"), ==, 1);
  g_assert_cmpuint (counter_total (&c), ==, 4);
  g_assert_cmpuint (c.changed, ==, 1);
  g_assert_cmpstr (lv->prefill_system, ==, "nvidia-gb300-nvl72");
  g_hash_table_unref (c.counts);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scenario/properties/every", test_every_property);
  g_test_add_func ("/scenario/properties/setters", test_setters);
  g_test_add_func ("/scenario/properties/refused-together", test_refused_together);
  g_test_add_func ("/scenario/properties/fleet", test_fleet);
  g_test_add_func ("/scenario/properties/levers", test_levers);
  return g_test_run ();
}
