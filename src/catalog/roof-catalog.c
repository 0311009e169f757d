/* roof-catalog.c — the built-in catalog with user catalogs overlaid
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-catalog.h"

#include <math.h>
#include <string.h>

#include "roof-catalog-private.h"
#include "roof-catalog-resources.h"
#include "roof-file-save.h"
#include "roof-json.h"

#define RESOURCE_PREFIX "/io/github/rooflinelab/Roofline/catalog/"

struct _RoofCatalog
{
  GObject parent_instance;

  GListStore *hardware; /* RoofHardwareSpec */
  GListStore *models;   /* RoofModelSpec */
  GListStore *systems;  /* RoofSystemSpec */
  /* id → entry (the store holds it): a catalog of 10 000 entries loads in
   * linear time, not in the square of it */
  GHashTable *hardware_ids;
  GHashTable *model_ids;
  GHashTable *system_ids;
};

G_DEFINE_FINAL_TYPE (RoofCatalog, roof_catalog, G_TYPE_OBJECT)

enum
{
  ENTRY_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

/* The position of `spec` itself (compared as a pointer, not by id). */
static gboolean
find_item (GListStore *store, gpointer spec, guint *position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (store));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (store), i);

      if (item == spec)
        {
          *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

static GHashTable *
index_of (RoofCatalog *self, GListStore *store)
{
  if (store == self->hardware)
    return self->hardware_ids;
  if (store == self->systems)
    return self->system_ids;
  return self->model_ids;
}

static void
on_spec_changed (RoofSpec *spec, RoofCatalog *self)
{
  g_signal_emit (self, signals[ENTRY_CHANGED], 0, spec);
}

static void
forget (RoofCatalog *self, GListStore *store, guint position)
{
  g_autoptr (RoofSpec) old = g_list_model_get_item (G_LIST_MODEL (store), position);

  g_signal_handlers_disconnect_by_func (old, on_spec_changed, self);
}

/* Adds or replaces by id, and relays the entry's ::changed while it is held. */
static void
store_put (RoofCatalog *self, GListStore *store, RoofSpec *spec)
{
  GHashTable *index = index_of (self, store);
  RoofSpec *old = g_hash_table_lookup (index, roof_spec_get_id (spec));
  guint position = 0;
  gboolean replace;

  if (old == spec)
    return;
  replace = old != NULL && find_item (store, old, &position);
  if (replace)
    forget (self, store, position);
  g_signal_connect_object (spec, "changed", G_CALLBACK (on_spec_changed), self, 0);
  /* the id is copied: an edit replaces the JSON the spec's id points into */
  g_hash_table_insert (index, g_strdup (roof_spec_get_id (spec)), spec);
  if (replace)
    g_list_store_splice (store, position, 1, (gpointer *) &spec, 1);
  else
    g_list_store_append (store, spec);
}

/* The closest id: edit distance ≤ 3, else one containing the query (or
 * contained in it), first in catalog order. */
static const char *
suggest (GListStore *store, const char *id)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (store));
  const char *best = NULL;
  guint best_distance = 4;
  g_autofree char *lower = g_ascii_strdown (id, -1);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RoofSpec) item = g_list_model_get_item (G_LIST_MODEL (store), i);
      roof_edit_distance_consider (id, roof_spec_get_id (item), TRUE, &best, &best_distance);
    }
  if (best != NULL || *lower == '\0')
    return best;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RoofSpec) item = g_list_model_get_item (G_LIST_MODEL (store), i);
      const char *candidate = roof_spec_get_id (item);

      if (strstr (candidate, lower) != NULL || strstr (lower, candidate) != NULL)
        return candidate;
    }
  return NULL;
}

/* The store keeps its items alive: callers get a borrowed pointer. */
static gpointer
borrow (RoofCatalog *self, GListStore *store, const char *id)
{
  return g_hash_table_lookup (index_of (self, store), id);
}

/* borrow (), or NULL and ROOF_CATALOG_ERROR_NOT_FOUND with a suggestion */
static gpointer
lookup (RoofCatalog *self, GListStore *store, const char *what, const char *id, GError **error)
{
  gpointer spec = borrow (self, store, id);
  const char *close;

  if (spec != NULL)
    return spec;
  close = suggest (store, id);
  if (close != NULL)
    g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_NOT_FOUND,
                 "no %s with id \"%s\"; did you mean \"%s\"?", what, id, close);
  else
    g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_NOT_FOUND,
                 "no %s with id \"%s\"", what, id);
  return NULL;
}

static gboolean
store_remove (RoofCatalog *self, GListStore *store, const char *id)
{
  gpointer spec = borrow (self, store, id);
  guint position;

  if (spec == NULL || !find_item (store, spec, &position))
    return FALSE;
  forget (self, store, position);
  g_hash_table_remove (index_of (self, store), id);
  g_list_store_remove (store, position);
  return TRUE;
}

static void
mark_builtin (GListModel *specs)
{
  guint n = g_list_model_get_n_items (specs);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RoofSpec) spec = g_list_model_get_item (specs, i);

      roof_spec_set_builtin (spec, TRUE);
    }
}

/* Appends to `out` (a new reference each) what a user file must carry. */
static void
collect_custom (GListModel *specs, GPtrArray *out)
{
  guint n = g_list_model_get_n_items (specs);

  for (guint i = 0; i < n; i++)
    {
      RoofSpec *spec = g_list_model_get_item (specs, i);

      if (roof_spec_is_custom (spec))
        g_ptr_array_add (out, spec);
      else
        g_object_unref (spec);
    }
}

/* "ORIGIN: hardware[3] \"h100\"" — the id only when it is a string. */
static char *
entry_where (const char *origin, const char *prefix, const char *array, guint index,
             JsonNode *entry)
{
  GString *where = g_string_new (origin);
  const char *id = NULL;

  if (JSON_NODE_HOLDS_OBJECT (entry))
    id = roof_json_get_string (json_node_get_object (entry), "id");
  g_string_append_printf (where, ": %s%s[%u]", prefix ? prefix : "", array, index);
  if (id != NULL)
    {
      g_autofree char *shown = roof_text_shorten (id, ROOF_SPEC_ID_MAX);

      g_string_append_printf (where, " \"%s\"", shown);
    }
  return g_string_free (where, FALSE);
}

/* Validates every entry of the array of `type` ("hardware" for
 * RoofHardwareSpec) into `out`, refusing duplicate ids. */
static gboolean
read_entries (JsonObject *root,
              GType type,
              const char *origin,
              const char *prefix,
              GPtrArray *out,
              GPtrArray *warnings,
              GError **error)
{
  g_autoptr (GTypeClass) klass = g_type_class_ref (type);
  const char *array_name = ((RoofSpecClass *) klass)->array_name;
  JsonNode *node = json_object_get_member (root, array_name);
  g_autoptr (GHashTable) seen = NULL;
  JsonArray *array;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                   "%s: %s%s must be an array of entries, got %s", origin, prefix ? prefix : "",
                   array_name, roof_json_node_kind (node));
      return FALSE;
    }

  seen = g_hash_table_new (g_str_hash, g_str_equal);
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *entry = json_array_get_element (array, i);
      g_autofree char *where = entry_where (origin, prefix, array_name, i, entry);
      RoofSpec *spec;
      gpointer first;
      const char *id;

      if (!JSON_NODE_HOLDS_OBJECT (entry))
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                       "%s must be an object, got %s", where, roof_json_node_kind (entry));
          return FALSE;
        }
      spec = roof_spec_new_of_type (type, json_node_get_object (entry), where, warnings, error);
      if (spec == NULL)
        return FALSE;
      g_ptr_array_add (out, spec);

      id = roof_spec_get_id (spec);
      if (g_hash_table_lookup_extended (seen, id, NULL, &first))
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_DUPLICATE,
                       "%s: duplicate id, also used by %s%s[%u]", where, prefix ? prefix : "",
                       array_name, GPOINTER_TO_UINT (first));
          return FALSE;
        }
      g_hash_table_insert (seen, (gpointer) id, GUINT_TO_POINTER (i));
    }
  return TRUE;
}

gboolean
roof_check_format_tag (JsonObject *root,
                       const char *origin,
                       const char *format,
                       int version,
                       const char *what,
                       GError **error)
{
  JsonNode *tag = json_object_get_member (root, "format");
  JsonNode *ver = json_object_get_member (root, "version");
  char shown[G_ASCII_DTOSTR_BUF_SIZE];
  double v;

  if (tag == NULL)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                   "%s: not a Roofline %s: \"format\": \"%s\" is missing", origin, what,
                   format);
      return FALSE;
    }
  if (!roof_json_node_is_string (tag) || strcmp (json_node_get_string (tag), format) != 0)
    {
      if (roof_json_node_is_string (tag))
        g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                     "%s: not a Roofline %s: \"format\" is \"%s\", expected \"%s\"", origin,
                     what, json_node_get_string (tag), format);
      else
        g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                     "%s: not a Roofline %s: \"format\" must be the string \"%s\", got %s",
                     origin, what, format, roof_json_node_kind (tag));
      return FALSE;
    }
  if (ver == NULL)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                   "%s: \"version\" is missing (this build reads version %d)", origin, version);
      return FALSE;
    }
  if (!roof_json_node_is_number (ver))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                   "%s: \"version\" must be a whole number, got %s", origin,
                   roof_json_node_kind (ver));
      return FALSE;
    }
  v = roof_json_node_get_number (ver);
  g_ascii_formatd (shown, sizeof shown, "%g", v);
  if (!isfinite (v) || floor (v) != v || v < 1)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                   "%s: \"version\" must be a whole number from 1, got %s", origin, shown);
      return FALSE;
    }
  if (v > version)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_VERSION,
                   "%s: written by a newer Roofline (file version %s, this build reads %d)",
                   origin, shown, version);
      return FALSE;
    }
  return TRUE;
}

/* Every system of `systems` (read from the file in this order) must be
 * built from a hardware entry of the file, of `self` or of `context`. */
static gboolean
check_system_devices (RoofCatalog *self,
                      RoofCatalog *context,
                      GPtrArray *hardware,
                      GPtrArray *systems,
                      const char *origin,
                      const char *prefix,
                      GError **error)
{
  g_autoptr (GHashTable) file_ids = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < hardware->len; i++)
    g_hash_table_add (file_ids, (gpointer) roof_spec_get_id (g_ptr_array_index (hardware, i)));

  for (guint i = 0; i < systems->len; i++)
    {
      RoofSystemSpec *system = g_ptr_array_index (systems, i);
      const char *device = roof_system_spec_get_device (system);
      const char *close;

      if (g_hash_table_contains (file_ids, device) || borrow (self, self->hardware, device) != NULL
          || (context != NULL && roof_catalog_find_hardware (context, device) != NULL))
        continue;
      close = suggest (self->hardware, device);
      if (close == NULL && context != NULL)
        close = suggest (context->hardware, device);
      if (close != NULL)
        g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                     "%s: %ssystems[%u] \"%s\": device \"%s\" names no hardware entry; did you "
                     "mean \"%s\"?",
                     origin, prefix ? prefix : "", i, roof_spec_get_id (ROOF_SPEC (system)),
                     device, close);
      else
        g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                     "%s: %ssystems[%u] \"%s\": device \"%s\" names no hardware entry", origin,
                     prefix ? prefix : "", i, roof_spec_get_id (ROOF_SPEC (system)), device);
      return FALSE;
    }
  return TRUE;
}

static gboolean
load_object (RoofCatalog *self,
             JsonObject *root,
             const char *origin,
             const char *prefix,
             gboolean embedded,
             RoofCatalog *context,
             GPtrArray *warnings,
             GError **error)
{
  g_autoptr (GPtrArray) hardware = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) models = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) systems = g_ptr_array_new_with_free_func (g_object_unref);
  static const char *const known[] = {
    "format", "version", "hardware", "models", "systems", NULL,
  };
  g_auto (RoofObjectIter) iter = { 0 };
  const char *name;
  JsonNode *member;

  /* an embedded catalog may leave out the tag; a file may not */
  if (!embedded || json_object_has_member (root, "format")
      || json_object_has_member (root, "version"))
    if (!roof_check_format_tag (root, origin, ROOF_CATALOG_FORMAT, ROOF_CATALOG_VERSION,
                                "catalog", error))
      return FALSE;

  roof_object_iter_init (&iter, root);
  while (roof_object_iter_next (&iter, &name, &member))
    if (!g_strv_contains (known, name) && warnings != NULL)
      g_ptr_array_add (warnings, g_strdup_printf ("%s: unknown field \"%s%s\" (kept, ignored)",
                                                  origin, prefix ? prefix : "", name));

  if (!read_entries (root, ROOF_TYPE_HARDWARE_SPEC, origin, prefix, hardware, warnings, error))
    return FALSE;
  if (!read_entries (root, ROOF_TYPE_MODEL_SPEC, origin, prefix, models, warnings, error))
    return FALSE;
  if (!read_entries (root, ROOF_TYPE_SYSTEM_SPEC, origin, prefix, systems, warnings, error))
    return FALSE;
  if (!roof_json_object_check_finite (root, origin, prefix, NULL, error))
    return FALSE;
  if (!check_system_devices (self, context, hardware, systems, origin, prefix, error))
    return FALSE;

  /* all valid: overlay */
  for (guint i = 0; i < hardware->len; i++)
    roof_catalog_add_hardware (self, g_ptr_array_index (hardware, i));
  for (guint i = 0; i < models->len; i++)
    roof_catalog_add_model (self, g_ptr_array_index (models, i));
  for (guint i = 0; i < systems->len; i++)
    roof_catalog_add_system (self, g_ptr_array_index (systems, i));
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_catalog_dispose (GObject *object)
{
  RoofCatalog *self = ROOF_CATALOG (object);

  g_clear_object (&self->hardware);
  g_clear_object (&self->models);
  g_clear_object (&self->systems);
  g_clear_pointer (&self->hardware_ids, g_hash_table_unref);
  g_clear_pointer (&self->model_ids, g_hash_table_unref);
  g_clear_pointer (&self->system_ids, g_hash_table_unref);

  G_OBJECT_CLASS (roof_catalog_parent_class)->dispose (object);
}

static void
roof_catalog_class_init (RoofCatalogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = roof_catalog_dispose;

  /**
   * RoofCatalog::entry-changed:
   * @spec: the RoofSpec that was edited
   *
   * Emitted after any successful edit of an entry the catalog holds.
   */
  signals[ENTRY_CHANGED] = g_signal_new ("entry-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                         ROOF_TYPE_SPEC);
}

static void
roof_catalog_init (RoofCatalog *self)
{
  self->hardware = g_list_store_new (ROOF_TYPE_HARDWARE_SPEC);
  self->models = g_list_store_new (ROOF_TYPE_MODEL_SPEC);
  self->systems = g_list_store_new (ROOF_TYPE_SYSTEM_SPEC);
  self->hardware_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->model_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->system_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofCatalog *
roof_catalog_new (void)
{
  return g_object_new (ROOF_TYPE_CATALOG, NULL);
}

RoofCatalog *
roof_catalog_new_sharing (RoofCatalog *from)
{
  RoofCatalog *self;
  GListStore *stores[3];

  g_return_val_if_fail (ROOF_IS_CATALOG (from), NULL);

  self = roof_catalog_new ();
  stores[0] = from->hardware;
  stores[1] = from->models;
  stores[2] = from->systems;
  for (guint s = 0; s < G_N_ELEMENTS (stores); s++)
    {
      GListStore *to = s == 0 ? self->hardware : s == 1 ? self->models : self->systems;
      guint n = g_list_model_get_n_items (G_LIST_MODEL (stores[s]));

      for (guint i = 0; i < n; i++)
        {
          g_autoptr (RoofSpec) spec = g_list_model_get_item (G_LIST_MODEL (stores[s]), i);

          store_put (self, to, spec);
        }
    }
  return self;
}

RoofCatalog *
roof_catalog_new_builtin (GError **error)
{
  /* systems last: they name the hardware */
  static const char *const files[] = { "hardware.json", "models.json", "systems.json" };
  g_autoptr (RoofCatalog) self = roof_catalog_new ();

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_strconcat (RESOURCE_PREFIX, files[i], NULL);
      g_autofree char *origin = g_strdup_printf ("built-in %s", files[i]);
      g_autoptr (GBytes) bytes = NULL;
      gsize size;
      const char *data;

      /* referencing the resource directly keeps it linked in */
      bytes = g_resource_lookup_data (roof_catalog_get_resource (), path,
                                      G_RESOURCE_LOOKUP_FLAGS_NONE, error);
      if (bytes == NULL)
        return NULL;
      data = g_bytes_get_data (bytes, &size);
      if (!roof_catalog_load_data (self, data, (gssize) size, origin, NULL, error))
        return NULL;
    }

  mark_builtin (G_LIST_MODEL (self->hardware));
  mark_builtin (G_LIST_MODEL (self->models));
  mark_builtin (G_LIST_MODEL (self->systems));
  return g_steal_pointer (&self);
}

gboolean
roof_catalog_load_data_in (RoofCatalog *self,
                           const char *data,
                           gssize length,
                           const char *origin,
                           RoofCatalog *context,
                           GPtrArray *warnings,
                           GError **error)
{
  g_autoptr (JsonNode) root = NULL;

  g_return_val_if_fail (ROOF_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (context == NULL || ROOF_IS_CATALOG (context), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (origin == NULL)
    origin = "<data>";
  root = roof_json_parse_document (data, length, origin, "catalog", error);
  if (root == NULL)
    return FALSE;
  return load_object (self, json_node_get_object (root), origin, NULL, FALSE, context, warnings,
                      error);
}

gboolean
roof_catalog_load_data (RoofCatalog *self,
                        const char *data,
                        gssize length,
                        const char *origin,
                        GPtrArray *warnings,
                        GError **error)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return roof_catalog_load_data_in (self, data, length, origin, NULL, warnings, error);
}

gboolean
roof_catalog_load_file (RoofCatalog *self, GFile *file, GPtrArray *warnings, GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *origin = NULL;
  gsize length;

  g_return_val_if_fail (ROOF_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!roof_file_read (file, ROOF_FILE_READ_REGULAR, &contents, &length, error))
    return FALSE;
  origin = g_file_get_parse_name (file);
  return roof_catalog_load_data (self, contents, (gssize) length, origin, warnings, error);
}

gboolean
roof_catalog_load_object_in (RoofCatalog *self,
                             JsonObject *object,
                             const char *origin,
                             RoofCatalog *context,
                             GPtrArray *warnings,
                             GError **error)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (object != NULL, FALSE);
  g_return_val_if_fail (context == NULL || ROOF_IS_CATALOG (context), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return load_object (self, object, origin ? origin : "<data>", "catalog.", TRUE, context,
                      warnings, error);
}

gboolean
roof_catalog_load_object (RoofCatalog *self,
                          JsonObject *object,
                          const char *origin,
                          GPtrArray *warnings,
                          GError **error)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (object != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return roof_catalog_load_object_in (self, object, origin, NULL, warnings, error);
}

GListModel *
roof_catalog_get_hardware (RoofCatalog *self)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);

  return G_LIST_MODEL (self->hardware);
}

GListModel *
roof_catalog_get_models (RoofCatalog *self)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);

  return G_LIST_MODEL (self->models);
}

GListModel *
roof_catalog_get_systems (RoofCatalog *self)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);

  return G_LIST_MODEL (self->systems);
}

RoofSystemSpec *
roof_catalog_find_system (RoofCatalog *self, const char *id)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  return borrow (self, self->systems, id);
}

RoofSystemSpec *
roof_catalog_lookup_system (RoofCatalog *self, const char *id, GError **error)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return lookup (self, self->systems, "system", id, error);
}

void
roof_catalog_add_system (RoofCatalog *self, RoofSystemSpec *spec)
{
  g_return_if_fail (ROOF_IS_CATALOG (self));
  g_return_if_fail (ROOF_IS_SYSTEM_SPEC (spec));

  store_put (self, self->systems, ROOF_SPEC (spec));
}

gboolean
roof_catalog_remove_system (RoofCatalog *self, const char *id)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  return store_remove (self, self->systems, id);
}

gboolean
roof_catalog_get_system_params (RoofCatalog *self,
                                const char *system_id,
                                RoofHardwareParams *out,
                                GError **error)
{
  RoofSystemSpec *system;
  RoofHardwareSpec *device;
  const char *device_id;

  g_return_val_if_fail (ROOF_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (system_id != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  system = roof_catalog_lookup_system (self, system_id, error);
  if (system == NULL)
    return FALSE;
  device_id = roof_system_spec_get_device (system);
  device = borrow (self, self->hardware, device_id);
  if (device == NULL)
    {
      /* the device was deleted, or the system edited, after loading */
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_NOT_FOUND,
                   "system \"%s\": device \"%s\" names no hardware entry", system_id,
                   device_id);
      return FALSE;
    }
  return roof_system_spec_get_params (system, device, out, error);
}

RoofHardwareSpec *
roof_catalog_find_hardware (RoofCatalog *self, const char *id)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  return borrow (self, self->hardware, id);
}

RoofModelSpec *
roof_catalog_find_model (RoofCatalog *self, const char *id)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  return borrow (self, self->models, id);
}

RoofHardwareSpec *
roof_catalog_lookup_hardware (RoofCatalog *self, const char *id, GError **error)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return lookup (self, self->hardware, "hardware", id, error);
}

RoofModelSpec *
roof_catalog_lookup_model (RoofCatalog *self, const char *id, GError **error)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return lookup (self, self->models, "model", id, error);
}

void
roof_catalog_add_hardware (RoofCatalog *self, RoofHardwareSpec *spec)
{
  g_return_if_fail (ROOF_IS_CATALOG (self));
  g_return_if_fail (ROOF_IS_HARDWARE_SPEC (spec));

  store_put (self, self->hardware, ROOF_SPEC (spec));
}

void
roof_catalog_add_model (RoofCatalog *self, RoofModelSpec *spec)
{
  g_return_if_fail (ROOF_IS_CATALOG (self));
  g_return_if_fail (ROOF_IS_MODEL_SPEC (spec));

  store_put (self, self->models, ROOF_SPEC (spec));
}

gboolean
roof_catalog_remove_hardware (RoofCatalog *self, const char *id)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  /* a system left without its device would make the file holding it
   * unreadable: the system goes (or changes device) first */
  if (roof_catalog_get_device_user (self, id) != NULL)
    return FALSE;
  return store_remove (self, self->hardware, id);
}

RoofSystemSpec *
roof_catalog_get_device_user (RoofCatalog *self, const char *device_id)
{
  guint n;

  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);
  g_return_val_if_fail (device_id != NULL, NULL);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->systems));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RoofSystemSpec) system = g_list_model_get_item (G_LIST_MODEL (self->systems), i);

      if (g_strcmp0 (roof_system_spec_get_device (system), device_id) == 0)
        return system; /* the store keeps it alive */
    }
  return NULL;
}

gboolean
roof_catalog_remove_model (RoofCatalog *self, const char *id)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  return store_remove (self, self->models, id);
}

static JsonNode *
entries_node (GPtrArray *specs)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  /* copies: the document must not change when an entry is edited */
  for (guint i = 0; i < specs->len; i++)
    json_array_add_object_element (array, roof_spec_to_json (g_ptr_array_index (specs, i)));
  json_node_take_array (node, array);
  return node;
}

JsonNode *
roof_catalog_build_document_with_systems (GPtrArray *hardware,
                                          GPtrArray *models,
                                          GPtrArray *systems)
{
  JsonObject *root = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (root, "format", ROOF_CATALOG_FORMAT);
  json_object_set_int_member (root, "version", ROOF_CATALOG_VERSION);
  if (hardware != NULL)
    json_object_set_member (root, "hardware", entries_node (hardware));
  if (models != NULL)
    json_object_set_member (root, "models", entries_node (models));
  if (systems != NULL)
    json_object_set_member (root, "systems", entries_node (systems));
  json_node_take_object (node, root);
  return node;
}

JsonNode *
roof_catalog_build_document (GPtrArray *hardware, GPtrArray *models)
{
  return roof_catalog_build_document_with_systems (hardware, models, NULL);
}

JsonNode *
roof_catalog_build_custom_document (RoofCatalog *self)
{
  g_autoptr (GPtrArray) hardware = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) models = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) systems = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (ROOF_IS_CATALOG (self), NULL);

  collect_custom (G_LIST_MODEL (self->hardware), hardware);
  collect_custom (G_LIST_MODEL (self->models), models);
  collect_custom (G_LIST_MODEL (self->systems), systems);
  /* a file without systems stays as it was: no empty "systems" member */
  return roof_catalog_build_document_with_systems (hardware, models,
                                                   systems->len > 0 ? systems : NULL);
}

gboolean
roof_json_save_atomic (JsonNode *root, GFile *file, GError **error)
{
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GFile) parent = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (root != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = g_file_get_parse_name (file);
  text = roof_json_to_string (root, TRUE);

  parent = g_file_get_parent (file);
  if (parent != NULL && !g_file_make_directory_with_parents (parent, NULL, &local_error)
      && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "cannot save %s: %s", name,
                   local_error->message);
      return FALSE;
    }
  g_clear_error (&local_error);

  path = g_file_get_path (file);
  if (path != NULL)
    {
      /* the saving rules: roof-file-save.h */
      if (!roof_file_save (path, text, strlen (text), NULL, &local_error))
        {
          g_set_error_literal (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO,
                               local_error->message);
          return FALSE;
        }
      return TRUE;
    }

  /* elsewhere (a GVfs location), GIO writes a temporary file next to it,
   * syncs it and renames it over the old one, which it keeps as FILE~ */
  if (!g_file_replace_contents (file, text, strlen (text), NULL, TRUE, G_FILE_CREATE_NONE, NULL,
                                NULL, &local_error))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_IO, "cannot save %s: %s", name,
                   local_error->message);
      return FALSE;
    }
  return TRUE;
}
