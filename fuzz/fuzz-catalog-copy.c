/* fuzz-catalog-copy.c — a catalog holding another's entries
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-catalog-copy.h"

RoofCatalog *
fuzz_catalog_copy (RoofCatalog *from)
{
  RoofCatalog *catalog = roof_catalog_new ();
  GListModel *hardware = roof_catalog_get_hardware (from);
  GListModel *models = roof_catalog_get_models (from);

  for (guint i = 0; i < g_list_model_get_n_items (hardware); i++)
    {
      g_autoptr (RoofHardwareSpec) spec = g_list_model_get_item (hardware, i);
      roof_catalog_add_hardware (catalog, spec);
    }
  for (guint i = 0; i < g_list_model_get_n_items (models); i++)
    {
      g_autoptr (RoofModelSpec) spec = g_list_model_get_item (models, i);
      roof_catalog_add_model (catalog, spec);
    }
  return catalog;
}
