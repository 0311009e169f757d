/* roof-panel.c — a side panel that shows a catalog and a scenario
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-panel.h"

#include "roof-follow.h"

typedef struct
{
  RoofCatalog *catalog;
  RoofScenario *scenario;
  gulong scenario_handler; /* the scenario's ::changed, when the panel follows it */
} RoofPanelPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (RoofPanel, roof_panel, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CATALOG,
  PROP_SCENARIO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
scenario_changed_cb (RoofPanel *self)
{
  ROOF_PANEL_GET_CLASS (self)->scenario_changed (self);
}

/* What the panel connected to the catalog and its lists no longer
 * refills it. */
static void
disconnect_catalog (RoofPanel *self, RoofCatalog *catalog)
{
  g_signal_handlers_disconnect_by_data (catalog, self);
  g_signal_handlers_disconnect_by_data (roof_catalog_get_hardware (catalog), self);
  g_signal_handlers_disconnect_by_data (roof_catalog_get_models (catalog), self);
  g_signal_handlers_disconnect_by_data (roof_catalog_get_systems (catalog), self);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_panel_dispose (GObject *object)
{
  RoofPanelPrivate *priv = roof_panel_get_instance_private (ROOF_PANEL (object));

  /* a panel that needs its hooks for it lets go of both in its own
   * dispose, while its children are still there */
  if (priv->scenario != NULL)
    g_clear_signal_handler (&priv->scenario_handler, priv->scenario);
  g_clear_object (&priv->scenario);
  if (priv->catalog != NULL)
    disconnect_catalog (ROOF_PANEL (object), priv->catalog);
  g_clear_object (&priv->catalog);
  G_OBJECT_CLASS (roof_panel_parent_class)->dispose (object);
}

static void
roof_panel_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofPanelPrivate *priv = roof_panel_get_instance_private (ROOF_PANEL (object));

  switch (prop_id)
    {
    case PROP_CATALOG:
      g_value_set_object (value, priv->catalog);
      break;
    case PROP_SCENARIO:
      g_value_set_object (value, priv->scenario);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_panel_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  RoofPanel *self = ROOF_PANEL (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      roof_panel_set_catalog (self, g_value_get_object (value));
      break;
    case PROP_SCENARIO:
      roof_panel_set_scenario (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_panel_class_init (RoofPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = roof_panel_dispose;
  object_class->get_property = roof_panel_get_property;
  object_class->set_property = roof_panel_set_property;
  properties[PROP_CATALOG] = g_param_spec_object ("catalog", NULL, NULL, ROOF_TYPE_CATALOG, flags);
  properties[PROP_SCENARIO]
    = g_param_spec_object ("scenario", NULL, NULL, ROOF_TYPE_SCENARIO, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
roof_panel_init (RoofPanel *self)
{
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofCatalog *
roof_panel_get_catalog (RoofPanel *self)
{
  RoofPanelPrivate *priv;

  g_return_val_if_fail (ROOF_IS_PANEL (self), NULL);

  priv = roof_panel_get_instance_private (self);
  return priv->catalog;
}

void
roof_panel_set_catalog (RoofPanel *self, RoofCatalog *catalog)
{
  RoofPanelPrivate *priv;
  g_autoptr (RoofCatalog) old = NULL;

  g_return_if_fail (ROOF_IS_PANEL (self));
  g_return_if_fail (catalog == NULL || ROOF_IS_CATALOG (catalog));

  priv = roof_panel_get_instance_private (self);
  if (priv->catalog == catalog)
    return;
  old = g_steal_pointer (&priv->catalog);
  if (old != NULL)
    disconnect_catalog (self, old);
  g_set_object (&priv->catalog, catalog);
  if (ROOF_PANEL_GET_CLASS (self)->catalog_set != NULL)
    ROOF_PANEL_GET_CLASS (self)->catalog_set (self, old);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATALOG]);
}

RoofScenario *
roof_panel_get_scenario (RoofPanel *self)
{
  RoofPanelPrivate *priv;

  g_return_val_if_fail (ROOF_IS_PANEL (self), NULL);

  priv = roof_panel_get_instance_private (self);
  return priv->scenario;
}

void
roof_panel_set_scenario (RoofPanel *self, RoofScenario *scenario)
{
  RoofPanelClass *klass;
  RoofPanelPrivate *priv;

  g_return_if_fail (ROOF_IS_PANEL (self));
  g_return_if_fail (scenario == NULL || ROOF_IS_SCENARIO (scenario));

  klass = ROOF_PANEL_GET_CLASS (self);
  priv = roof_panel_get_instance_private (self);
  if (klass->scenario_changed != NULL
        ? !roof_follow_changed (&priv->scenario, &priv->scenario_handler, scenario,
                                G_CALLBACK (scenario_changed_cb), self, G_CONNECT_SWAPPED)
        : !g_set_object (&priv->scenario, scenario))
    return;
  if (klass->scenario_set != NULL)
    klass->scenario_set (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
}
