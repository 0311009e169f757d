/* roof-scenario-private.h — RoofScenario's fields, for roof-scenario-file.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "roof-scenario.h"

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

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

  JsonObject *original; /* as loaded, unknown fields included; NULL when new */
  GHashTable *colors;   /* id → palette index + 1, reconciled with `hardware` */
};

G_END_DECLS
