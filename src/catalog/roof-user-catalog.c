/* roof-user-catalog.c — the catalog the app keeps for the user, on disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-user-catalog.h"

#include <string.h>

#include "roof-catalog-entries.h"
#include "roof-catalog-private.h"
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
  char *written;   /* the text the file holds, as far as we know */
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
  if (self->loading || self->file == NULL || self->read_only || self->save_source != 0)
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
/* GObject                                                                  */

static void
roof_user_catalog_dispose (GObject *object)
{
  RoofUserCatalog *self = ROOF_USER_CATALOG (object);
  g_autoptr (GError) error = NULL;

  /* a change not yet written is written now */
  if (!roof_user_catalog_flush (self, &error))
    g_warning ("%s", error->message);
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
        return TRUE;
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

  g_return_val_if_fail (ROOF_IS_USER_CATALOG (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_clear_handle_id (&self->save_source, g_source_remove);
  if (self->file == NULL || self->read_only || self->catalog == NULL)
    return TRUE;
  self->failed = FALSE;

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
  g_free (self->written);
  self->written = g_steal_pointer (&text);
  return TRUE;
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
