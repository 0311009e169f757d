/* roof-catalog-entries.c — making entries: placeholders, free ids, copies, the default model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-catalog-entries.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "roof-json.h"

/* ------------------------------------------------------------------------ */
/* Ids                                                                      */

RoofSpec *
roof_catalog_find_entry (RoofCatalog *self, RoofEntryKind kind, const char *id)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  switch (kind)
    {
    case ROOF_ENTRY_HARDWARE:
      return ROOF_SPEC (roof_catalog_find_hardware (self, id));
    case ROOF_ENTRY_SYSTEM:
      return ROOF_SPEC (roof_catalog_find_system (self, id));
    case ROOF_ENTRY_MODEL:
    default:
      return ROOF_SPEC (roof_catalog_find_model (self, id));
    }
}

void
roof_catalog_add_entry (RoofCatalog *self, RoofSpec *spec)
{
  g_return_if_fail (ROOF_IS_CATALOG (self));
  g_return_if_fail (ROOF_IS_SPEC (spec));

  if (ROOF_IS_HARDWARE_SPEC (spec))
    roof_catalog_add_hardware (self, ROOF_HARDWARE_SPEC (spec));
  else if (ROOF_IS_SYSTEM_SPEC (spec))
    roof_catalog_add_system (self, ROOF_SYSTEM_SPEC (spec));
  else
    roof_catalog_add_model (self, ROOF_MODEL_SPEC (spec));
}

char *
roof_free_id (const char *base, guint first, RoofIdTakenFunc taken, gpointer user_data,
              guint *n_out)
{
  g_autofree char *stem = NULL;
  char *id = NULL;
  guint n;

  g_return_val_if_fail (base != NULL, NULL);
  g_return_val_if_fail (first >= 1, NULL);
  g_return_val_if_fail (taken != NULL, NULL);

  /* room for "-NNNN" within the characters an id may have */
  stem = g_strndup (base, ROOF_SPEC_ID_MAX - 5);
  for (n = first; n < 10000; n++)
    {
      g_free (id);
      id = n == 1 ? g_strdup (stem) : g_strdup_printf ("%s-%u", stem, n);
      if (!taken (id, user_data))
        break;
    }
  if (n == 10000)
    n--;
  if (n_out != NULL)
    *n_out = n;
  return id;
}

typedef struct
{
  RoofCatalog *catalog;
  RoofEntryKind kind;
} CatalogIds;

static gboolean
catalog_has (const char *id, gpointer user_data)
{
  CatalogIds *ids = user_data;

  return roof_catalog_find_entry (ids->catalog, ids->kind, id) != NULL;
}

char *
roof_catalog_free_id (RoofCatalog *self, RoofEntryKind kind, const char *base)
{
  CatalogIds ids = { self, kind };

  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);
  g_return_val_if_fail (base != NULL, NULL);

  return roof_free_id (base, 1, catalog_has, &ids, NULL);
}

/* ------------------------------------------------------------------------ */
/* New entries                                                              */

/* A plausible current accelerator, in round figures: every one is the
 * user's to change. */
static JsonObject *
placeholder_hardware (const char *id)
{
  JsonObject *json = json_object_new ();
  JsonObject *memory = json_object_new ();
  JsonObject *compute = json_object_new ();
  JsonObject *link = json_object_new ();

  json_object_set_string_member (json, "id", id);
  json_object_set_string_member (json, "name", _("New accelerator"));
  json_object_set_string_member (json, "kind", "gpu");
  json_object_set_int_member (memory, "capacity_GB", 80);
  json_object_set_int_member (memory, "bandwidth_GBps", 3000);
  json_object_set_object_member (json, "memory", memory);
  json_object_set_int_member (compute, "bf16", 1000);
  json_object_set_int_member (compute, "fp16", 1000);
  json_object_set_int_member (compute, "fp8", 2000);
  json_object_set_object_member (json, "compute_TFLOPS", compute);
  json_object_set_int_member (link, "bandwidth_GBps", 450);
  json_object_set_object_member (json, "interconnect", link);
  json_object_set_string_member (json, "notes",
                                 _("Placeholder figures: replace each with the device’s own."));
  return json;
}

/* The shape of an 8-billion-parameter GQA decoder. */
static JsonObject *
placeholder_model (const char *id)
{
  JsonObject *json = json_object_new ();

  json_object_set_string_member (json, "id", id);
  json_object_set_string_member (json, "name", _("New model"));
  json_object_set_string_member (json, "kind", "transformer");
  json_object_set_int_member (json, "layers", 32);
  json_object_set_int_member (json, "hidden", 4096);
  json_object_set_int_member (json, "heads", 32);
  json_object_set_int_member (json, "kv_heads", 8);
  json_object_set_int_member (json, "head_dim", 128);
  json_object_set_int_member (json, "ffn", 14336);
  json_object_set_int_member (json, "vocab", 128256);
  json_object_set_string_member (json, "notes",
                                 _("Placeholder figures: replace each with the model’s own."));
  return json;
}

RoofSpec *
roof_spec_new_placeholder (RoofEntryKind kind, const char *id)
{
  g_autoptr (JsonObject) json = NULL;
  g_autoptr (GError) error = NULL;
  RoofSpec *spec;

  g_return_val_if_fail (kind == ROOF_ENTRY_HARDWARE || kind == ROOF_ENTRY_MODEL, NULL);
  g_return_val_if_fail (roof_spec_id_is_valid (id), NULL);

  if (kind == ROOF_ENTRY_HARDWARE)
    {
      json = placeholder_hardware (id);
      spec = ROOF_SPEC (roof_hardware_spec_new_from_json (json, NULL, NULL, &error));
    }
  else
    {
      json = placeholder_model (id);
      spec = ROOF_SPEC (roof_model_spec_new_from_json (json, NULL, NULL, &error));
    }
  if (spec == NULL)
    g_critical ("the placeholder %s does not validate: %s", id, error->message);
  return spec;
}

RoofSpec *
roof_catalog_add_placeholder (RoofCatalog *self, RoofEntryKind kind)
{
  g_autofree char *id = NULL;
  g_autoptr (RoofSpec) spec = NULL;

  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);
  g_return_val_if_fail (kind == ROOF_ENTRY_HARDWARE || kind == ROOF_ENTRY_MODEL, NULL);

  id = roof_catalog_free_id (self, kind,
                             kind == ROOF_ENTRY_HARDWARE ? "new-accelerator" : "new-model");
  spec = roof_spec_new_placeholder (kind, id);
  g_return_val_if_fail (spec != NULL, NULL);
  roof_catalog_add_entry (self, spec);
  return spec;
}

/* "x-custom" and "x-custom-3" are copies of "x": their copies count on
 * from "x" too. */
static char *
original_id (const char *id)
{
  char *base = g_strdup (id);
  char *suffix = g_strrstr (base, "-custom");

  if (suffix != NULL)
    {
      const char *rest = suffix + strlen ("-custom");

      if (*rest == '\0'
          || (*rest == '-' && rest[1] != '\0'
              && strspn (rest + 1, "0123456789") == strlen (rest + 1)))
        *suffix = '\0';
    }
  return base;
}

char *
roof_catalog_duplicate_entry (RoofCatalog *self, RoofSpec *spec)
{
  CatalogIds ids = { self, 0 };
  g_autofree char *base = NULL;
  g_autofree char *custom = NULL;
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;
  g_autoptr (RoofSpec) copy = NULL;
  RoofSpec *original;
  guint n;

  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);
  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (spec) || ROOF_IS_MODEL_SPEC (spec), NULL);

  ids.kind = roof_spec_get_kind (spec);
  base = original_id (roof_spec_get_id (spec));
  /* room for "-custom-NNNN" */
  if (strlen (base) > ROOF_SPEC_ID_MAX - 12)
    base[ROOF_SPEC_ID_MAX - 12] = '\0';
  custom = g_strconcat (base, "-custom", NULL);
  id = roof_free_id (custom, 1, catalog_has, &ids, &n);

  /* named after the original when the catalog still has it */
  original = roof_catalog_find_entry (self, ids.kind, base);
  if (original == NULL)
    original = spec;
  if (n == 1)
    /* Translators: name of a custom copy of a device or model, %s is its name */
    name = g_strdup_printf (_("%s (custom)"), roof_spec_get_name (original));
  else
    /* Translators: name of the n-th custom copy of a device or model */
    name = g_strdup_printf (_("%s (custom %u)"), roof_spec_get_name (original), n);

  copy = roof_spec_duplicate (spec, id, name);
  g_return_val_if_fail (copy != NULL, NULL);
  roof_catalog_add_entry (self, copy);
  return g_steal_pointer (&id);
}

const char *
roof_catalog_get_default_model (RoofCatalog *self)
{
  GListModel *models;
  g_autoptr (RoofSpec) first = NULL;

  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);

  if (roof_catalog_find_model (self, ROOF_DEFAULT_MODEL) != NULL)
    return ROOF_DEFAULT_MODEL;
  models = roof_catalog_get_models (self);
  first = g_list_model_get_item (models, 0);
  /* the catalog keeps its entries alive: the id outlives the reference */
  return first != NULL ? roof_spec_get_id (first) : NULL;
}

/* ------------------------------------------------------------------------ */
/* Files                                                                    */

RoofFileKind
roof_file_kind_sniff (const char *data, gssize length)
{
  g_autoptr (JsonNode) root = NULL;
  JsonNode *tag;
  const char *format;

  if (data == NULL)
    return ROOF_FILE_KIND_UNKNOWN;
  root = roof_json_parse (data, length, "", NULL);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return ROOF_FILE_KIND_UNKNOWN;
  tag = json_object_get_member (json_node_get_object (root), "format");
  if (tag == NULL || !JSON_NODE_HOLDS_VALUE (tag)
      || json_node_get_value_type (tag) != G_TYPE_STRING)
    return ROOF_FILE_KIND_UNKNOWN;
  format = json_node_get_string (tag);
  if (g_strcmp0 (format, ROOF_CATALOG_FORMAT) == 0)
    return ROOF_FILE_KIND_CATALOG;
  if (g_strcmp0 (format, ROOF_SCENARIO_FORMAT) == 0)
    return ROOF_FILE_KIND_SCENARIO;
  return ROOF_FILE_KIND_UNKNOWN;
}
