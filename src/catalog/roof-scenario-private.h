/* roof-scenario-private.h — RoofScenario's fields, for roof-scenario-file.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "roof-scenario.h"

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* chart.ceilings: the default (bf16, fp8) and every precision */
#define DEFAULT_CEILINGS ((1u << ROOF_PREC_BF16) | (1u << ROOF_PREC_FP8))
#define ALL_CEILINGS ((1u << ROOF_PREC_COUNT) - 1)

struct _RoofScenario
{
  GObject parent_instance;

  char **hardware;
  char *model;
  char *system; /* the layout's system; NULL: bare devices */
  RoofWorkload workload;
  RoofSla sla;
  RoofPlotKind chart;
  guint ceilings;
  double sensitivity_step;
  double batch_lo, batch_hi;
  double context_lo, context_hi;
  RoofScenarioLevers levers;
  RoofScenarioFleet fleet;
  double spec_k; /* the draft length chosen, kept while speculation is off (levers.spec_k 0) */

  JsonObject *original; /* as loaded, unknown fields included; NULL when new */
  GHashTable *colors;   /* id → palette index + 1, reconciled with `hardware` */
  char **colors_for;    /* the `hardware` that `colors` was reconciled with, or NULL */
  GHashTable *custom_colors; /* id → 0xRRGGBB chosen by the user (file: chart.colors) */
  GPtrArray *measurements; /* RoofMeasurement: the file's "measurements" */
  gboolean published_measurements; /* chart.published_measurements: the bundled set drawn */
  gboolean show_calibrated; /* chart.calibrated: calibrated copies beside the ideal devices */
  char **measured_hidden; /* chart.measured_hidden: sources not drawn, sorted, never NULL */
  RoofFrontierMetric frontier_y; /* chart.frontier_y */
  gboolean frontier_linear;      /* chart.frontier_linear */
};

/* roof-scenario-levers.c: the levers read from a validated document (and
 * their cross-field rules checked: a message naming the file and field),
 * written back, freed, and the schema rows of the file. */
gboolean roof_scenario_levers_read (RoofScenarioLevers *lv, JsonObject *root, const char *origin,
                                    GError **error);
void roof_scenario_levers_write (const RoofScenarioLevers *lv, JsonObject *root);
void roof_scenario_levers_clear (RoofScenarioLevers *lv);
void roof_scenario_emit_changed (RoofScenario *self);
/* roof-scenario-measured.c: the "measured-hidden" list, sorted and unique */
void roof_scenario_take_measured_hidden (RoofScenario *self, char **sorted);
/* Sorts the `n` strings of `strv` in place, by strcmp. */
void roof_strv_sort (char **strv, guint n);
/* The levers as properties (roof-scenario-levers.c): installed with ids
 * from `first`, read and set by their index among them. */
void roof_scenario_levers_install (GObjectClass *klass, guint first);
void roof_scenario_levers_get_property (RoofScenario *self, guint index, GValue *value);
void roof_scenario_levers_set_property (RoofScenario *self, guint index, const GValue *value);
guint roof_scenario_levers_n_properties (void);

/* roof-scenario-fleet.c: the fleet read (and checked: a message naming the
 * file and field) and written back, and the properties "rate", "lengths",
 * "ttft-p50" and "ttft-p99": a candidate fleet with one set (FALSE when it
 * is refused; its lengths then freed), compared, read. */
void roof_scenario_fleet_init (RoofScenarioFleet *f);
void roof_scenario_fleet_clear (RoofScenarioFleet *f);
gboolean roof_scenario_fleet_check (const RoofScenarioFleet *f, GError **error);
gboolean roof_scenario_fleet_read (RoofScenarioFleet *f, JsonObject *root, const char *origin,
                                   GError **error);
void roof_scenario_fleet_write (const RoofScenarioFleet *f, JsonObject *root);
gboolean roof_scenario_fleet_equal (const RoofScenarioFleet *a, const RoofScenarioFleet *b);
gboolean roof_scenario_fleet_candidate (RoofScenario *self, const char *name, const GValue *value,
                                        RoofScenarioFleet *f);
void roof_scenario_fleet_get_value (RoofScenario *self, const char *name, GValue *value);
/* The property `pspec` set (notified, ::changed) unless refused; whether
 * `value` would be taken (roof_scenario_accepts ()). */
void roof_scenario_fleet_set (RoofScenario *self, GParamSpec *pspec, const GValue *value);
gboolean roof_scenario_fleet_accepts (RoofScenario *self, GParamSpec *pspec, const GValue *value);
/* The four properties' specs into p[0 … 3]: rate, lengths, ttft-p50, ttft-p99. */
void roof_scenario_fleet_install (GParamSpec **p);
/* roof-scenario-measured.c: the specs of "published-measurements",
 * "show-calibrated" and "measured-hidden" into p[0 … 2], and their values. */
void roof_scenario_measured_install (GParamSpec **p);
void roof_scenario_measured_get_value (RoofScenario *self, const char *name, GValue *value);
void roof_scenario_measured_set (RoofScenario *self, const char *name, const GValue *value);

G_END_DECLS
