/* roof-catalog-merge.c — bringing entries from a file into the catalog in use
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-catalog-merge.h"

#include <string.h>

#include "roof-catalog-entries.h"
#include "roof-catalog-private.h"

typedef struct
{
  RoofSpec *incoming;
  RoofSpec *existing;
  RoofMergeChoice choice;
  char *new_id;
  char *new_name;
} Conflict;

struct _RoofCatalogMerge
{
  GObject parent_instance;

  RoofCatalog *target;
  RoofCatalog *incoming; /* kept alive: it owns the incoming entries */
  GPtrArray *added;      /* RoofSpec, new to the target */
  GArray *conflicts;     /* Conflict */
  guint n_same;
  gboolean applied;
};

G_DEFINE_FINAL_TYPE (RoofCatalogMerge, roof_catalog_merge, G_TYPE_OBJECT)

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static void
conflict_clear (gpointer data)
{
  Conflict *c = data;

  g_clear_object (&c->incoming);
  g_clear_object (&c->existing);
  g_clear_pointer (&c->new_id, g_free);
  g_clear_pointer (&c->new_name, g_free);
}

typedef struct
{
  RoofCatalogMerge *self;
  RoofEntryKind kind;
} IdsOf;

/* Taken by the target, the incoming catalog or an earlier conflict's new id. */
static gboolean
id_taken (const char *id, gpointer user_data)
{
  RoofCatalogMerge *self = ((IdsOf *) user_data)->self;
  RoofEntryKind kind = ((IdsOf *) user_data)->kind;

  if (roof_catalog_find_entry (self->target, kind, id) != NULL
      || roof_catalog_find_entry (self->incoming, kind, id) != NULL)
    return TRUE;
  for (guint i = 0; i < self->conflicts->len; i++)
    {
      Conflict *c = &g_array_index (self->conflicts, Conflict, i);

      if (c->new_id != NULL && roof_spec_get_kind (c->incoming) == kind
          && strcmp (c->new_id, id) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
name_keep_both (RoofCatalogMerge *self, Conflict *c)
{
  IdsOf ids = { self, roof_spec_get_kind (c->incoming) };
  const char *name = roof_spec_get_name (c->incoming);
  guint n;

  g_free (c->new_id);
  c->new_id = roof_free_id (roof_spec_get_id (c->incoming), 2, id_taken, &ids, &n);
  /* two entries of one name would be told apart by their id only */
  if (g_strcmp0 (name, roof_spec_get_name (c->existing)) == 0)
    {
      g_autofree char *numbered = g_strdup_printf ("%s (%u)", name, n);

      c->new_name = roof_spec_fit_name (numbered);
    }
  else
    c->new_name = g_strdup (name);
}

static void
sort_entries (RoofCatalogMerge *self, GListModel *entries)
{
  guint n = g_list_model_get_n_items (entries);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RoofSpec) spec = g_list_model_get_item (entries, i);
      RoofSpec *existing
        = roof_catalog_find_entry (self->target, roof_spec_get_kind (spec), roof_spec_get_id (spec));
      Conflict c = { 0 };

      if (existing == spec)
        continue;
      if (existing == NULL)
        {
          g_ptr_array_add (self->added, g_object_ref (spec));
          continue;
        }
      if (roof_json_object_equal (roof_spec_peek_json (existing), roof_spec_peek_json (spec)))
        {
          self->n_same++;
          continue;
        }
      c.incoming = g_object_ref (spec);
      c.existing = g_object_ref (existing);
      c.choice = ROOF_MERGE_KEEP_BOTH;
      name_keep_both (self, &c);
      g_array_append_val (self->conflicts, c);
    }
}

/* Appends the paths of the members of `a` that `b` lacks or holds other
 * values in (objects walked, arrays and values compared whole); with
 * `missing_only`, only those `b` lacks. */
static void
collect_differences (JsonObject *a, JsonObject *b, const char *prefix, gboolean missing_only,
                     GPtrArray *out)
{
  g_auto (RoofObjectIter) iter = { 0 };
  const char *name;
  JsonNode *member;

  roof_object_iter_init (&iter, a);
  while (roof_object_iter_next (&iter, &name, &member))
    {
      g_autofree char *path = prefix ? g_strdup_printf ("%s.%s", prefix, name) : g_strdup (name);
      JsonNode *other = b != NULL ? json_object_get_member (b, name) : NULL;

      if (prefix == NULL && strcmp (name, "id") == 0)
        continue;
      if (JSON_NODE_HOLDS_OBJECT (member) && other != NULL && JSON_NODE_HOLDS_OBJECT (other))
        collect_differences (json_node_get_object (member), json_node_get_object (other), path,
                             missing_only, out);
      else if (other == NULL || (!missing_only && !roof_json_node_equal (member, other)))
        {
          if (!g_ptr_array_find_with_equal_func (out, path, g_str_equal, NULL))
            g_ptr_array_add (out, g_steal_pointer (&path));
        }
    }
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_catalog_merge_finalize (GObject *object)
{
  RoofCatalogMerge *self = ROOF_CATALOG_MERGE (object);

  g_clear_object (&self->target);
  g_clear_object (&self->incoming);
  g_clear_pointer (&self->added, g_ptr_array_unref);
  g_clear_pointer (&self->conflicts, g_array_unref);

  G_OBJECT_CLASS (roof_catalog_merge_parent_class)->finalize (object);
}

static void
roof_catalog_merge_class_init (RoofCatalogMergeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = roof_catalog_merge_finalize;
}

static void
roof_catalog_merge_init (RoofCatalogMerge *self)
{
  self->added = g_ptr_array_new_with_free_func (g_object_unref);
  self->conflicts = g_array_new (FALSE, TRUE, sizeof (Conflict));
  g_array_set_clear_func (self->conflicts, conflict_clear);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofCatalogMerge *
roof_catalog_merge_new (RoofCatalog *target, RoofCatalog *incoming)
{
  RoofCatalogMerge *self;

  g_return_val_if_fail (ROOF_IS_CATALOG (target), NULL);
  g_return_val_if_fail (ROOF_IS_CATALOG (incoming), NULL);

  self = g_object_new (ROOF_TYPE_CATALOG_MERGE, NULL);
  self->target = g_object_ref (target);
  self->incoming = g_object_ref (incoming);
  sort_entries (self, roof_catalog_get_hardware (incoming));
  sort_entries (self, roof_catalog_get_models (incoming));
  sort_entries (self, roof_catalog_get_systems (incoming));
  return self;
}

RoofCatalogMerge *
roof_catalog_merge_new_from_data (RoofCatalog *target,
                                  const char *data,
                                  gssize length,
                                  const char *origin,
                                  GPtrArray *warnings,
                                  GError **error)
{
  g_autoptr (RoofCatalog) incoming = NULL;

  g_return_val_if_fail (ROOF_IS_CATALOG (target), NULL);
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  incoming = roof_catalog_new ();
  /* its systems may be built from the target's devices */
  if (!roof_catalog_load_data_in (incoming, data, length, origin, target, warnings, error))
    return NULL;
  return roof_catalog_merge_new (target, incoming);
}

RoofScenario *
roof_catalog_merge_load_scenario (RoofCatalog *target,
                                  const char *data,
                                  gssize length,
                                  const char *origin,
                                  GPtrArray *warnings,
                                  RoofCatalogMerge **merge,
                                  GError **error)
{
  g_autoptr (RoofCatalog) scratch = NULL;
  RoofScenario *scenario;

  g_return_val_if_fail (ROOF_IS_CATALOG (target), NULL);
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (merge != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* the scenario overlays its embedded entries on a copy: the target's
   * objects, which the merge ignores, and the file's own */
  scratch = roof_catalog_new_sharing (target);
  scenario = roof_scenario_load_data (data, length, origin, scratch, warnings, error);
  if (scenario == NULL)
    return NULL;
  *merge = roof_catalog_merge_new (target, scratch);
  return scenario;
}

guint
roof_catalog_merge_get_n_new (RoofCatalogMerge *self)
{
  g_return_val_if_fail (ROOF_IS_CATALOG_MERGE (self), 0);

  return self->added->len;
}

guint
roof_catalog_merge_get_n_same (RoofCatalogMerge *self)
{
  g_return_val_if_fail (ROOF_IS_CATALOG_MERGE (self), 0);

  return self->n_same;
}

guint
roof_catalog_merge_get_n_conflicts (RoofCatalogMerge *self)
{
  g_return_val_if_fail (ROOF_IS_CATALOG_MERGE (self), 0);

  return self->conflicts->len;
}

RoofSpec *
roof_catalog_merge_get_conflict (RoofCatalogMerge *self, guint index, RoofSpec **existing)
{
  Conflict *c;

  g_return_val_if_fail (ROOF_IS_CATALOG_MERGE (self), NULL);
  g_return_val_if_fail (index < self->conflicts->len, NULL);

  c = &g_array_index (self->conflicts, Conflict, index);
  if (existing != NULL)
    *existing = c->existing;
  return c->incoming;
}

const char *
roof_catalog_merge_get_new_id (RoofCatalogMerge *self, guint index)
{
  g_return_val_if_fail (ROOF_IS_CATALOG_MERGE (self), NULL);
  g_return_val_if_fail (index < self->conflicts->len, NULL);

  return g_array_index (self->conflicts, Conflict, index).new_id;
}

const char *
roof_catalog_merge_get_new_name (RoofCatalogMerge *self, guint index)
{
  g_return_val_if_fail (ROOF_IS_CATALOG_MERGE (self), NULL);
  g_return_val_if_fail (index < self->conflicts->len, NULL);

  return g_array_index (self->conflicts, Conflict, index).new_name;
}

char **
roof_catalog_merge_get_differences (RoofCatalogMerge *self, guint index)
{
  GPtrArray *out;
  Conflict *c;

  g_return_val_if_fail (ROOF_IS_CATALOG_MERGE (self), NULL);
  g_return_val_if_fail (index < self->conflicts->len, NULL);

  c = &g_array_index (self->conflicts, Conflict, index);
  out = g_ptr_array_new ();
  collect_differences (roof_spec_peek_json (c->incoming), roof_spec_peek_json (c->existing), NULL,
                       FALSE, out);
  collect_differences (roof_spec_peek_json (c->existing), roof_spec_peek_json (c->incoming), NULL,
                       TRUE, out);
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

RoofMergeChoice
roof_catalog_merge_get_choice (RoofCatalogMerge *self, guint index)
{
  g_return_val_if_fail (ROOF_IS_CATALOG_MERGE (self), ROOF_MERGE_SKIP);
  g_return_val_if_fail (index < self->conflicts->len, ROOF_MERGE_SKIP);

  return g_array_index (self->conflicts, Conflict, index).choice;
}

void
roof_catalog_merge_set_choice (RoofCatalogMerge *self, guint index, RoofMergeChoice choice)
{
  g_return_if_fail (ROOF_IS_CATALOG_MERGE (self));
  g_return_if_fail (index < self->conflicts->len);
  g_return_if_fail (choice == ROOF_MERGE_KEEP_BOTH || choice == ROOF_MERGE_REPLACE
                    || choice == ROOF_MERGE_SKIP);

  g_array_index (self->conflicts, Conflict, index).choice = choice;
}

guint
roof_catalog_merge_apply (RoofCatalogMerge *self, RoofScenario *scenario)
{
  g_auto (GStrv) ids = NULL;
  /* devices of the file kept under a new id → that id; the file's systems
   * (borrowed: the target holds them) follow them */
  g_autoptr (GHashTable) renamed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) systems = g_ptr_array_new ();
  guint changed = 0;

  g_return_val_if_fail (ROOF_IS_CATALOG_MERGE (self), 0);
  g_return_val_if_fail (scenario == NULL || ROOF_IS_SCENARIO (scenario), 0);
  g_return_val_if_fail (!self->applied, 0);

  self->applied = TRUE;
  for (guint i = 0; i < self->added->len; i++)
    {
      RoofSpec *spec = g_ptr_array_index (self->added, i);

      roof_catalog_add_entry (self->target, spec);
      if (ROOF_IS_SYSTEM_SPEC (spec))
        g_ptr_array_add (systems, spec);
    }
  changed += self->added->len;

  if (scenario != NULL)
    ids = g_strdupv ((char **) roof_scenario_get_hardware (scenario));

  for (guint i = 0; i < self->conflicts->len; i++)
    {
      Conflict *c = &g_array_index (self->conflicts, Conflict, i);
      g_autoptr (GError) error = NULL;
      g_autoptr (RoofSpec) copy = NULL;

      switch (c->choice)
        {
        case ROOF_MERGE_REPLACE:
          /* in place: a built-in entry stays built-in, and can be reset */
          if (!roof_spec_replace_json (c->existing, roof_spec_peek_json (c->incoming), &error))
            g_warning ("cannot replace %s: %s", roof_spec_get_id (c->existing), error->message);
          else
            changed++;
          if (ROOF_IS_SYSTEM_SPEC (c->existing))
            g_ptr_array_add (systems, c->existing);
          break;
        case ROOF_MERGE_KEEP_BOTH:
          copy = roof_spec_duplicate (c->incoming, c->new_id, c->new_name);
          if (copy == NULL)
            break;
          roof_catalog_add_entry (self->target, copy);
          changed++;
          if (ROOF_IS_HARDWARE_SPEC (copy))
            g_hash_table_insert (renamed, (gpointer) roof_spec_get_id (c->incoming), c->new_id);
          else if (ROOF_IS_SYSTEM_SPEC (copy))
            g_ptr_array_add (systems, copy);
          if (scenario == NULL)
            break;
          if (ROOF_IS_HARDWARE_SPEC (copy))
            {
              for (guint k = 0; ids[k] != NULL; k++)
                if (strcmp (ids[k], roof_spec_get_id (c->incoming)) == 0)
                  {
                    g_free (ids[k]);
                    ids[k] = g_strdup (c->new_id);
                  }
            }
          else if (ROOF_IS_SYSTEM_SPEC (copy))
            {
              if (g_strcmp0 (roof_scenario_get_system (scenario), roof_spec_get_id (c->incoming))
                  == 0)
                roof_scenario_set_system (scenario, c->new_id);
            }
          else if (g_strcmp0 (roof_scenario_get_model (scenario), roof_spec_get_id (c->incoming))
                   == 0)
            roof_scenario_set_model (scenario, c->new_id);
          break;
        case ROOF_MERGE_SKIP:
        default:
          break;
        }
    }

  for (guint i = 0; i < systems->len; i++)
    {
      RoofSpec *system = g_ptr_array_index (systems, i);
      const char *was = roof_system_spec_get_device (ROOF_SYSTEM_SPEC (system));
      const char *device = g_hash_table_lookup (renamed, was);
      g_autoptr (GError) error = NULL;

      if (device != NULL && !roof_spec_set_string (system, "device", device, &error))
        g_warning ("%s", error->message);
    }

  if (scenario != NULL)
    roof_scenario_set_hardware (scenario, (const char *const *) ids);
  return changed;
}
