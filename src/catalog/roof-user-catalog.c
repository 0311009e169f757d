/* roof-user-catalog.c — the catalog the app keeps for the user, on disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-user-catalog.h"

#include <string.h>

#include "roof-catalog-entries.h"
#include "roof-catalog-merge.h"
#include "roof-catalog-private.h"
#include "roof-file-read.h"
#include "roof-json.h"

struct _RoofUserCatalog
{
  GObject parent_instance;

  GFile *file;
  RoofCatalog *catalog;
  guint save_delay;
  guint save_source;
  gboolean read_only;
  gboolean loading;
  gboolean failed; /* the last save failed: the file lacks changes */
  char *written;   /* our text of what the file holds: a save that would write it is skipped */
  char *disk;      /* the file's text when we last read or wrote it */
  GFileMonitor *monitor;
  guint check_source;      /* a look at the file after the monitor's events */
  RoofCatalogMerge *merge; /* another writer's entries, waiting for answers */
  gboolean merging;        /* from another writer's change until its merge is applied */
  GError *unreadable;      /* another writer left a file we cannot load: no save over it */
  char *unreadable_text;   /* that file's text */
};

G_DEFINE_FINAL_TYPE (RoofUserCatalog, roof_user_catalog, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FILE,
  PROP_CATALOG,
  PROP_READ_ONLY,
  PROP_SAVE_DELAY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SAVE_FAILED,
  EXTERNAL_CONFLICT,
  EXTERNAL_UNREADABLE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static char *
custom_text (RoofUserCatalog *self)
{
  g_autoptr (JsonNode) doc = roof_catalog_build_custom_document (self->catalog);

  return roof_json_to_string (doc, TRUE);
}

static gboolean
doc_is_empty (JsonNode *doc)
{
  JsonObject *root = json_node_get_object (doc);
  static const char *const arrays[] = { "hardware", "models", "systems" };

  for (guint i = 0; i < G_N_ELEMENTS (arrays); i++)
    if (json_object_has_member (root, arrays[i])
        && json_array_get_length (json_object_get_array_member (root, arrays[i])) > 0)
      return FALSE;
  return TRUE;
}

static void
set_read_only (RoofUserCatalog *self, gboolean read_only)
{
  if (self->read_only == read_only)
    return;
  self->read_only = read_only;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READ_ONLY]);
}

static gboolean
save_timeout_cb (gpointer user_data)
{
  RoofUserCatalog *self = user_data;
  g_autoptr (GError) error = NULL;

  self->save_source = 0;
  if (!roof_user_catalog_save (self, &error))
    g_signal_emit (self, signals[SAVE_FAILED], 0, error);
  return G_SOURCE_REMOVE;
}

/* At most one write per delay: a burst of edits (a spin button held down)
 * is written once, at most `save_delay` after its first edit. */
static void
queue_save (RoofUserCatalog *self)
{
  /* nothing is written over a file another writer left unreadable: the
   * change waits, unsaved, for the user's choice */
  if (self->unreadable != NULL && !self->loading && !self->merging)
    self->failed = TRUE;
  if (self->unreadable != NULL || self->loading || self->merging || self->file == NULL || self->read_only
      || self->save_source != 0)
    return;
  self->save_source = g_timeout_add (self->save_delay, save_timeout_cb, self);
  g_source_set_name_by_id (self->save_source, "[roofline] save the user catalog");
}

static void
on_entry_changed (RoofCatalog *catalog, RoofSpec *spec, RoofUserCatalog *self)
{
  queue_save (self);
}

static void
on_items_changed (GListModel *list, guint position, guint removed, guint added,
                  RoofUserCatalog *self)
{
  queue_save (self);
}

/* FILE.corrupt-20260314-093012, or with -2, -3… when that is taken. */
static GFile *
move_aside (GFile *file, GError **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *base = g_file_get_basename (file);
  g_autoptr (GFile) parent = g_file_get_parent (file);

  for (guint n = 1; n < 100; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("%s.corrupt-%s", base, stamp)
                                     : g_strdup_printf ("%s.corrupt-%s-%u", base, stamp, n);
      g_autoptr (GFile) aside = g_file_get_child (parent, name);
      g_autoptr (GError) local_error = NULL;

      if (g_file_move (file, aside, G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL,
                       &local_error))
        return g_steal_pointer (&aside);
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, "too many files named %s.corrupt-%s",
               base, stamp);
  return NULL;
}

/* Overlays every entry of `from`: a built-in entry takes the file's values
 * in place (and stays built-in), any other is added or replaced. */
static void
overlay (RoofCatalog *catalog, RoofCatalog *from)
{
  GListModel *lists[] = {
    roof_catalog_get_hardware (from),
    roof_catalog_get_models (from),
    roof_catalog_get_systems (from),
  };

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < g_list_model_get_n_items (lists[l]); i++)
      {
        g_autoptr (RoofSpec) spec = g_list_model_get_item (lists[l], i);
        const char *id = roof_spec_get_id (spec);
        RoofSpec *mine = roof_catalog_find_entry (catalog, roof_spec_get_kind (spec), id);
        g_autoptr (GError) error = NULL;

        if (mine != NULL && roof_spec_get_builtin (mine)
            && roof_spec_replace_json (mine, roof_spec_peek_json (spec), &error))
          continue;
        if (error != NULL)
          g_warning ("%s", error->message);
        roof_catalog_add_entry (catalog, spec);
      }
}

/* ------------------------------------------------------------------------ */
/* Another writer                                                           */

static const char *const kind_arrays[] = { "hardware", "models", "systems" };

/* The entry `kind`, `id` of the text the file held when we last read or
 * wrote it (parsed into `base`), or NULL. */
static JsonObject *
base_entry (JsonObject *base, RoofEntryKind kind, const char *id)
{
  JsonArray *array;

  if (base == NULL || !json_object_has_member (base, kind_arrays[kind]))
    return NULL;
  array = json_object_get_array_member (base, kind_arrays[kind]);
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *entry = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;

      if (entry != NULL && g_strcmp0 (roof_json_get_string (entry, "id"), id) == 0)
        return entry;
    }
  return NULL;
}

static void
remove_entry (RoofCatalog *catalog, RoofSpec *spec)
{
  const char *id = roof_spec_get_id (spec);

  if (roof_spec_get_builtin (spec))
    roof_spec_reset (spec);
  else if (roof_spec_get_kind (spec) == ROOF_ENTRY_HARDWARE)
    roof_catalog_remove_hardware (catalog, id);
  else if (roof_spec_get_kind (spec) == ROOF_ENTRY_MODEL)
    roof_catalog_remove_model (catalog, id);
  else
    roof_catalog_remove_system (catalog, id);
}

/* A three-way merge of one entry of theirs: ours unchanged since the base
 * takes theirs, theirs unchanged keeps ours, anything else goes to the
 * merge (new: added; the same id with other values: a question). */
static void
merge_entry (RoofUserCatalog *self, JsonObject *base, RoofSpec *theirs, RoofCatalog *pending)
{
  RoofEntryKind kind = roof_spec_get_kind (theirs);
  RoofSpec *ours = roof_catalog_find_entry (self->catalog, kind, roof_spec_get_id (theirs));
  JsonObject *was = base_entry (base, kind, roof_spec_get_id (theirs));
  JsonObject *their_json = roof_spec_peek_json (theirs);
  g_autoptr (GError) error = NULL;

  if (ours != NULL && roof_json_object_equal (roof_spec_peek_json (ours), their_json))
    return;
  /* ours unchanged: as the file had it, or a built-in entry as shipped */
  if (ours != NULL
      && (was != NULL ? roof_json_object_equal (roof_spec_peek_json (ours), was)
                      : roof_spec_get_builtin (ours) && !roof_spec_get_modified (ours)))
    {
      if (!roof_spec_replace_json (ours, their_json, &error))
        g_warning ("%s", error->message);
      return;
    }
  if (was != NULL && roof_json_object_equal (their_json, was))
    return;
  roof_catalog_add_entry (pending, theirs);
}

/* Entries of the base the other writer removed (or reset) go too, unless
 * we changed them since. */
static void
merge_removals (RoofUserCatalog *self, JsonObject *base, RoofCatalog *theirs)
{
  for (RoofEntryKind kind = 0; kind < G_N_ELEMENTS (kind_arrays); kind++)
    {
      JsonArray *array = base != NULL && json_object_has_member (base, kind_arrays[kind])
                           ? json_object_get_array_member (base, kind_arrays[kind])
                           : NULL;

      for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
        {
          JsonNode *node = json_array_get_element (array, i);
          JsonObject *was = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
          const char *id = was != NULL ? roof_json_get_string (was, "id") : NULL;
          RoofSpec *ours = id != NULL ? roof_catalog_find_entry (self->catalog, kind, id) : NULL;

          if (ours != NULL && roof_catalog_find_entry (theirs, kind, id) == NULL
              && roof_json_object_equal (roof_spec_peek_json (ours), was))
            remove_entry (self->catalog, ours);
        }
    }
}

/* The file holds `contents`, which another process wrote: merged into the
 * catalog (see merge_entry ()), the conflicts left to ::external-conflict,
 * then what we have and the file lacks is written, never over theirs. */
static void
take_external (RoofUserCatalog *self, const char *contents, gsize length)
{
  g_autoptr (RoofCatalog) theirs = roof_catalog_new ();
  g_autoptr (RoofCatalog) pending = roof_catalog_new ();
  g_autoptr (JsonNode) base_node = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *origin = g_file_get_parse_name (self->file);
  JsonObject *base = NULL;
  gboolean handled = FALSE;

  if (!roof_catalog_load_data_in (theirs, contents, (gssize) length, origin, self->catalog, NULL,
                                  &error))
    {
      /* nothing to merge from, and nothing written over it until the user
       * chooses (roof_user_catalog_overwrite (), _save_beside ()) */
      g_autoptr (JsonNode) ours = roof_catalog_build_custom_document (self->catalog);

      g_clear_error (&self->unreadable);
      self->unreadable = g_error_copy (error);
      g_free (self->unreadable_text);
      self->unreadable_text = g_strndup (contents, length);
      g_clear_handle_id (&self->save_source, g_source_remove);
      /* our entries are in memory only now */
      self->failed = self->failed || !doc_is_empty (ours);
      g_signal_emit (self, signals[EXTERNAL_UNREADABLE], 0, self->unreadable);
      return;
    }
  /* readable again: what it holds is merged as any other writer's */
  g_clear_error (&self->unreadable);
  g_clear_pointer (&self->unreadable_text, g_free);
  if (self->disk != NULL)
    base_node = json_from_string (self->disk, NULL);
  if (base_node != NULL && JSON_NODE_HOLDS_OBJECT (base_node))
    base = json_node_get_object (base_node);

  /* no save until theirs is in and every question answered */
  self->merging = TRUE;
  g_clear_handle_id (&self->save_source, g_source_remove);
  {
    GListModel *lists[] = { roof_catalog_get_hardware (theirs), roof_catalog_get_models (theirs),
                            roof_catalog_get_systems (theirs) };

    for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
      for (guint i = 0; i < g_list_model_get_n_items (lists[l]); i++)
        {
          g_autoptr (RoofSpec) spec = g_list_model_get_item (lists[l], i);

          merge_entry (self, base, spec, pending);
        }
  }
  merge_removals (self, base, theirs);
  g_free (self->disk);
  self->disk = g_strndup (contents, length);
  /* ours, merged, is written even when it says the same in other words */
  g_clear_pointer (&self->written, g_free);

  self->merge = roof_catalog_merge_new (self->catalog, pending);
  if (roof_catalog_merge_get_n_conflicts (self->merge) > 0)
    g_signal_emit (self, signals[EXTERNAL_CONFLICT], 0, self->merge, &handled);
  if (!handled)
    roof_user_catalog_finish_merge (self, self->merge);
}

/* TRUE when the file holds something else than what we last read or wrote
 * (`contents` receives it); a file that cannot be read is left to the save,
 * which says why. */
static gboolean
changed_on_disk (RoofUserCatalog *self, char **contents, gsize *length)
{
  g_autoptr (GError) error = NULL;

  if (self->file == NULL || self->read_only)
    return FALSE;
  if (!roof_file_read (self->file, ROOF_FILE_READ_REGULAR, contents, length, &error))
    return FALSE;
  if ((self->disk != NULL && strcmp (*contents, self->disk) == 0)
      || (self->unreadable_text != NULL && strcmp (*contents, self->unreadable_text) == 0))
    {
      g_clear_pointer (contents, g_free);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_cb (gpointer user_data)
{
  RoofUserCatalog *self = user_data;
  g_autofree char *contents = NULL;
  gsize length = 0;

  self->check_source = 0;
  if (!self->merging && changed_on_disk (self, &contents, &length))
    take_external (self, contents, length);
  return G_SOURCE_REMOVE;
}

static void
on_file_changed (GFileMonitor *monitor,
                 GFile *file,
                 GFile *other,
                 GFileMonitorEvent event,
                 RoofUserCatalog *self)
{
  if (event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED || event == G_FILE_MONITOR_EVENT_DELETED
      || event == G_FILE_MONITOR_EVENT_PRE_UNMOUNT || event == G_FILE_MONITOR_EVENT_UNMOUNTED
      || self->check_source != 0)
    return;
  /* once the writer is done: a burst of events is one look */
  self->check_source = g_timeout_add (50, check_cb, self);
  g_source_set_name_by_id (self->check_source, "[roofline] look at the user catalog");
}

static void
watch (RoofUserCatalog *self)
{
  g_autoptr (GError) error = NULL;

  if (self->file == NULL || self->read_only || self->monitor != NULL)
    return;
  self->monitor = g_file_monitor_file (self->file, G_FILE_MONITOR_NONE, NULL, &error);
  if (self->monitor == NULL)
    {
      /* saves still look at the file before they write */
      g_debug ("not watching the user catalog: %s", error->message);
      return;
    }
  g_signal_connect (self->monitor, "changed", G_CALLBACK (on_file_changed), self);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_user_catalog_dispose (GObject *object)
{
  RoofUserCatalog *self = ROOF_USER_CATALOG (object);
  g_autoptr (GError) error = NULL;

  /* a merge still asking keeps both versions of each conflict */
  if (self->merge != NULL)
    roof_user_catalog_finish_merge (self, self->merge);
  /* a change still waiting for its delayed save is written now; a save
   * that failed has told its caller already (the CLI's error line, the
   * app's quit dialog), and trying it again here would only say it twice */
  if (self->save_source != 0 && !roof_user_catalog_save (self, &error))
    g_warning ("%s", error->message);
  g_clear_handle_id (&self->check_source, g_source_remove);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  if (self->catalog != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->catalog, self);
      g_signal_handlers_disconnect_by_data (roof_catalog_get_hardware (self->catalog), self);
      g_signal_handlers_disconnect_by_data (roof_catalog_get_models (self->catalog), self);
      g_signal_handlers_disconnect_by_data (roof_catalog_get_systems (self->catalog), self);
    }
  g_clear_object (&self->catalog);

  G_OBJECT_CLASS (roof_user_catalog_parent_class)->dispose (object);
}

static void
roof_user_catalog_finalize (GObject *object)
{
  RoofUserCatalog *self = ROOF_USER_CATALOG (object);

  g_clear_object (&self->file);
  g_clear_pointer (&self->written, g_free);
  g_clear_pointer (&self->disk, g_free);
  g_clear_error (&self->unreadable);
  g_clear_pointer (&self->unreadable_text, g_free);

  G_OBJECT_CLASS (roof_user_catalog_parent_class)->finalize (object);
}

static void
roof_user_catalog_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofUserCatalog *self = ROOF_USER_CATALOG (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_CATALOG:
      g_value_set_object (value, self->catalog);
      break;
    case PROP_READ_ONLY:
      g_value_set_boolean (value, self->read_only);
      break;
    case PROP_SAVE_DELAY:
      g_value_set_uint (value, self->save_delay);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_user_catalog_set_property (GObject *object,
                                guint prop_id,
                                const GValue *value,
                                GParamSpec *pspec)
{
  RoofUserCatalog *self = ROOF_USER_CATALOG (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_set_object (&self->file, g_value_get_object (value));
      break;
    case PROP_SAVE_DELAY:
      roof_user_catalog_set_save_delay (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_user_catalog_class_init (RoofUserCatalogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = roof_user_catalog_dispose;
  object_class->finalize = roof_user_catalog_finalize;
  object_class->get_property = roof_user_catalog_get_property;
  object_class->set_property = roof_user_catalog_set_property;

  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                                                 | G_PARAM_STATIC_STRINGS);
  properties[PROP_CATALOG] = g_param_spec_object ("catalog", NULL, NULL, ROOF_TYPE_CATALOG,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_READ_ONLY] = g_param_spec_boolean ("read-only", NULL, NULL, FALSE,
                                                     G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                       | G_PARAM_STATIC_STRINGS);
  properties[PROP_SAVE_DELAY] = g_param_spec_uint ("save-delay", NULL, NULL, 0, G_MAXUINT, 500,
                                                   G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                     | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RoofUserCatalog::save-failed:
   * @error: why
   *
   * A deferred save failed; the next change tries again.
   */
  signals[SAVE_FAILED] = g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /**
   * RoofUserCatalog::external-conflict:
   * @merge: another process's entries that differ from ours, by id
   *
   * Another process changed the file: its entries were merged in where
   * only one side changed them since the file was last read or written,
   * and these are changed on both sides. A handler that returns TRUE asks
   * the user (roof_catalog_merge_set_choice ()) and then calls
   * roof_user_catalog_finish_merge (); saving waits until then. Unhandled,
   * both versions are kept (ROOF_MERGE_KEEP_BOTH).
   */
  signals[EXTERNAL_CONFLICT] = g_signal_new ("external-conflict", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, g_signal_accumulator_true_handled,
                                             NULL, NULL, G_TYPE_BOOLEAN, 1,
                                             ROOF_TYPE_CATALOG_MERGE);
  signals[EXTERNAL_UNREADABLE] = g_signal_new ("external-unreadable", G_TYPE_FROM_CLASS (klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
roof_user_catalog_init (RoofUserCatalog *self)
{
  self->save_delay = 500;
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

GFile *
roof_user_catalog_default_file (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "roofline", "catalog.json",
                                            NULL);

  return g_file_new_for_path (path);
}

RoofUserCatalog *
roof_user_catalog_new (GFile *file)
{
  RoofUserCatalog *self;
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  self = g_object_new (ROOF_TYPE_USER_CATALOG, "file", file, NULL);
  self->catalog = roof_catalog_new_builtin (&error);
  if (self->catalog == NULL)
    {
      /* the built-in catalog is compiled in: this is a broken build */
      g_critical ("the built-in catalog does not load: %s", error->message);
      self->catalog = roof_catalog_new ();
    }
  g_signal_connect_object (self->catalog, "entry-changed", G_CALLBACK (on_entry_changed), self, 0);
  g_signal_connect_object (roof_catalog_get_hardware (self->catalog), "items-changed",
                           G_CALLBACK (on_items_changed), self, 0);
  g_signal_connect_object (roof_catalog_get_models (self->catalog), "items-changed",
                           G_CALLBACK (on_items_changed), self, 0);
  g_signal_connect_object (roof_catalog_get_systems (self->catalog), "items-changed",
                           G_CALLBACK (on_items_changed), self, 0);
  return self;
}

gboolean
roof_user_catalog_load (RoofUserCatalog *self,
                        GPtrArray *warnings,
                        GFile **moved_to,
                        GError **error)
{
  g_autoptr (RoofCatalog) incoming = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GError) move_error = NULL;
  g_autoptr (GFile) aside = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *origin = NULL;
  gsize length = 0;

  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), FALSE);
  g_return_val_if_fail (moved_to == NULL || *moved_to == NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->file == NULL)
    return TRUE;
  origin = g_file_get_parse_name (self->file);

  if (!roof_file_read (self->file, ROOF_FILE_READ_REGULAR, &contents, &length, &local_error))
    {
      if (!g_file_query_exists (self->file, NULL))
        {
          watch (self);
          return TRUE;
        }
      if (!g_error_matches (local_error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_TOO_LARGE))
        {
          /* unreadable is not corrupt: leave it, and do not write over it */
          set_read_only (self, TRUE);
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }
  else
    {
      incoming = roof_catalog_new ();
      /* its systems may be built from built-in devices */
      if (roof_catalog_load_data_in (incoming, contents, (gssize) length, origin, self->catalog,
                                     warnings, &local_error))
        {
          self->loading = TRUE;
          overlay (self->catalog, incoming);
          self->loading = FALSE;
          g_free (self->written);
          self->written = custom_text (self);
          g_free (self->disk);
          self->disk = g_strndup (contents, length);
          watch (self);
          return TRUE;
        }
      if (g_error_matches (local_error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_VERSION))
        {
          /* a newer Roofline's file is not corrupt: keep it as it is */
          set_read_only (self, TRUE);
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }

  aside = move_aside (self->file, &move_error);
  if (aside == NULL)
    {
      set_read_only (self, TRUE);
      g_set_error (error, local_error->domain, local_error->code,
                   "%s; the file could not be moved aside (%s), so it stays as it is and "
                   "nothing is saved to it",
                   local_error->message, move_error->message);
      return FALSE;
    }
  if (moved_to != NULL)
    *moved_to = g_steal_pointer (&aside);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

RoofCatalog *
roof_user_catalog_get_catalog (RoofUserCatalog *self)
{
  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), NULL);

  return self->catalog;
}

GFile *
roof_user_catalog_get_file (RoofUserCatalog *self)
{
  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), NULL);

  return self->file;
}

gboolean
roof_user_catalog_get_read_only (RoofUserCatalog *self)
{
  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), FALSE);

  return self->read_only;
}

void
roof_user_catalog_set_save_delay (RoofUserCatalog *self, guint milliseconds)
{
  g_return_if_fail (ROOF_IS_USER_CATALOG (self));

  if (self->save_delay == milliseconds)
    return;
  self->save_delay = milliseconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVE_DELAY]);
}

gboolean
roof_user_catalog_get_pending (RoofUserCatalog *self)
{
  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), FALSE);

  return self->save_source != 0;
}

gboolean
roof_user_catalog_save (RoofUserCatalog *self, GError **error)
{
  g_autoptr (JsonNode) doc = NULL;
  g_autofree char *text = NULL;
  g_autofree char *theirs = NULL;
  gsize their_length = 0;

  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_clear_handle_id (&self->save_source, g_source_remove);
  if (self->file == NULL || self->read_only || self->catalog == NULL)
    return TRUE;
  self->failed = FALSE;

  if (self->merging)
    return TRUE; /* written once the merge is applied */
  /* never over what another process wrote since: theirs is merged first */
  if (changed_on_disk (self, &theirs, &their_length))
    {
      take_external (self, theirs, their_length);
      if (self->merging)
        return TRUE;
      g_clear_handle_id (&self->save_source, g_source_remove);
    }
  if (self->unreadable != NULL)
    {
      g_autofree char *where = g_file_get_parse_name (self->file);

      self->failed = TRUE;
      g_set_error (error, self->unreadable->domain, self->unreadable->code,
                   "%s was changed by another program and cannot be read (%s); it is not "
                   "written over without your say",
                   where, self->unreadable->message);
      return FALSE;
    }
  doc = roof_catalog_build_custom_document (self->catalog);
  text = roof_json_to_string (doc, TRUE);
  if (self->written != NULL && strcmp (text, self->written) == 0)
    return TRUE;
  /* no file and nothing custom: nothing to keep */
  if (self->written == NULL && doc_is_empty (doc) && !g_file_query_exists (self->file, NULL))
    return TRUE;
  if (!roof_json_save_atomic (doc, self->file, error))
    {
      self->failed = TRUE;
      return FALSE;
    }
  g_free (self->disk);
  self->disk = g_strdup (text);
  g_free (self->written);
  self->written = g_steal_pointer (&text);
  return TRUE;
}

const GError *
roof_user_catalog_get_unreadable (RoofUserCatalog *self)
{
  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), NULL);

  return self->unreadable;
}

gboolean
roof_user_catalog_overwrite (RoofUserCatalog *self, GError **error)
{
  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->unreadable == NULL)
    return roof_user_catalog_save (self, error);
  /* theirs becomes what we last saw there: the save writes over it, and
   * roof_file_save keeps it as FILE~ */
  g_free (self->disk);
  self->disk = g_steal_pointer (&self->unreadable_text);
  g_clear_error (&self->unreadable);
  g_clear_pointer (&self->written, g_free);
  return roof_user_catalog_save (self, error);
}

GFile *
roof_user_catalog_save_beside (RoofUserCatalog *self, GError **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;
  g_autoptr (GFile) parent = NULL;
  g_autoptr (GFile) beside = NULL;
  g_autoptr (JsonNode) doc = NULL;

  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), NULL);
  g_return_val_if_fail (self->file != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  base = g_file_get_basename (self->file);
  parent = g_file_get_parent (self->file);
  name = g_strdup_printf ("%s.conflict-%s", base, stamp);
  beside = g_file_get_child (parent, name);
  doc = roof_catalog_build_custom_document (self->catalog);
  if (!roof_json_save_atomic (doc, beside, error))
    return NULL;
  /* kept on disk: quitting loses nothing of it */
  self->failed = FALSE;
  return g_steal_pointer (&beside);
}

gboolean
roof_user_catalog_flush (RoofUserCatalog *self, GError **error)
{
  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->save_source == 0 && !self->failed)
    return TRUE;
  return roof_user_catalog_save (self, error);
}

gboolean
roof_user_catalog_get_unsaved (RoofUserCatalog *self)
{
  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), FALSE);

  return self->save_source != 0 || self->failed;
}

void
roof_user_catalog_forget_unsaved (RoofUserCatalog *self)
{
  g_return_if_fail (ROOF_IS_USER_CATALOG (self));

  g_clear_handle_id (&self->save_source, g_source_remove);
  self->failed = FALSE;
}

gboolean
roof_user_catalog_get_merging (RoofUserCatalog *self)
{
  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), FALSE);

  return self->merging;
}

void
roof_user_catalog_finish_merge (RoofUserCatalog *self, RoofCatalogMerge *merge)
{
  g_return_if_fail (ROOF_IS_USER_CATALOG (self));
  g_return_if_fail (merge != NULL && merge == self->merge);

  roof_catalog_merge_apply (merge, NULL);
  g_clear_object (&self->merge);
  self->merging = FALSE;
  /* what we have and the file lacks (ours, the answers) is written */
  queue_save (self);
}
