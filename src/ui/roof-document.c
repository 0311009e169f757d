/* roof-document.c — one scenario being worked on: its file, its unsaved
 * changes and its recovery copy
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-document.h"

#include <glib/gi18n.h>
#include <string.h>

#include "roof-file-read.h"
#include "roof-json.h"

#define RECOVERY_MEMBER "recovery"

struct _RoofDocument
{
  GObject parent_instance;

  RoofCatalog *catalog;
  RoofScenario *scenario;
  GFile *file;
  GFile *recovery_dir;
  GFile *recovery;

  char *clean_text;     /* what the file says (as this build writes it) */
  char *autosaved_text; /* what the recovery copy says */
  char *title;
  char *subtitle;
  gboolean dirty;
  guint autosave_interval;
  guint autosave_source;
};

G_DEFINE_FINAL_TYPE (RoofDocument, roof_document, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CATALOG,
  PROP_RECOVERY_DIR,
  PROP_SCENARIO,
  PROP_FILE,
  PROP_DIRTY,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_AUTOSAVE_INTERVAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  AUTOSAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static JsonNode *
document_json (RoofDocument *self)
{
  return roof_scenario_to_json (self->scenario, self->catalog);
}

static char *
document_text (RoofDocument *self)
{
  g_autoptr (JsonNode) node = NULL;

  if (self->scenario == NULL)
    return g_strdup ("");
  node = document_json (self);
  return roof_json_to_string (node, FALSE);
}

static void
set_dirty (RoofDocument *self, gboolean dirty)
{
  if (self->dirty == dirty)
    return;
  self->dirty = dirty;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRTY]);
}

static void
update_dirty (RoofDocument *self)
{
  g_autofree char *text = document_text (self);

  set_dirty (self, g_strcmp0 (text, self->clean_text) != 0);
}

static void
mark_clean (RoofDocument *self)
{
  g_free (self->clean_text);
  self->clean_text = document_text (self);
  set_dirty (self, FALSE);
}

static char *
folder_name (GFile *file)
{
  g_autoptr (GFile) parent = g_file_get_parent (file);
  g_autoptr (GFile) home = g_file_new_for_path (g_get_home_dir ());
  g_autofree char *relative = NULL;

  if (parent == NULL)
    return g_strdup ("");
  if (g_file_equal (parent, home))
    return g_strdup ("~");
  relative = g_file_get_relative_path (home, parent);
  if (relative != NULL)
    return g_strconcat ("~", G_DIR_SEPARATOR_S, relative, NULL);
  return g_file_get_parse_name (parent);
}

static void
update_title (RoofDocument *self)
{
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  if (self->file != NULL)
    {
      g_autofree char *base = g_file_get_basename (self->file);

      title = g_filename_display_name (base != NULL ? base : "");
      subtitle = folder_name (self->file);
    }
  else
    {
      title = g_strdup (_("Untitled Scenario"));
      subtitle = g_strdup ("");
    }
  if (g_strcmp0 (title, self->title) != 0)
    {
      g_free (self->title);
      self->title = g_steal_pointer (&title);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
  if (g_strcmp0 (subtitle, self->subtitle) != 0)
    {
      g_free (self->subtitle);
      self->subtitle = g_steal_pointer (&subtitle);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBTITLE]);
    }
}

static void
set_file (RoofDocument *self, GFile *file)
{
  if (self->file == file || (self->file != NULL && file != NULL && g_file_equal (self->file, file)))
    return;
  g_set_object (&self->file, file);
  update_title (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

static gboolean
uses (RoofDocument *self, RoofSpec *spec)
{
  const char *id = roof_spec_get_id (spec);

  if (ROOF_IS_HARDWARE_SPEC (spec))
    return roof_scenario_has_hardware (self->scenario, id);
  return g_strcmp0 (roof_scenario_get_model (self->scenario), id) == 0;
}

static void
on_scenario_changed (RoofScenario *scenario, RoofDocument *self)
{
  update_dirty (self);
}

static void
on_entry_changed (RoofCatalog *catalog, RoofSpec *spec, RoofDocument *self)
{
  /* the file embeds the custom entries the scenario uses, and only those */
  if (self->scenario != NULL && uses (self, spec))
    update_dirty (self);
}

static void
on_items_changed (GListModel *list, guint position, guint removed, guint added,
                  RoofDocument *self)
{
  if (self->scenario != NULL)
    update_dirty (self);
}

static gboolean
autosave_cb (gpointer user_data)
{
  RoofDocument *self = user_data;
  g_autoptr (GError) error = NULL;

  if (!roof_document_autosave (self, &error))
    g_signal_emit (self, signals[AUTOSAVE_FAILED], 0, error);
  return G_SOURCE_CONTINUE;
}

static void
restart_autosave (RoofDocument *self)
{
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  if (self->recovery_dir != NULL && self->autosave_interval > 0)
    {
      self->autosave_source = g_timeout_add_seconds (self->autosave_interval, autosave_cb, self);
      g_source_set_name_by_id (self->autosave_source, "[roofline] autosave");
    }
}

static void
delete_quietly (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *backup = path != NULL ? g_strconcat (path, "~", NULL) : NULL;
  g_autoptr (GFile) backup_file = backup != NULL ? g_file_new_for_path (backup) : NULL;

  g_file_delete (file, NULL, NULL);
  if (backup_file != NULL)
    g_file_delete (backup_file, NULL, NULL);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_document_constructed (GObject *object)
{
  RoofDocument *self = ROOF_DOCUMENT (object);

  G_OBJECT_CLASS (roof_document_parent_class)->constructed (object);

  g_return_if_fail (ROOF_IS_CATALOG (self->catalog));
  g_signal_connect_object (self->catalog, "entry-changed", G_CALLBACK (on_entry_changed), self, 0);
  g_signal_connect_object (roof_catalog_get_hardware (self->catalog), "items-changed",
                           G_CALLBACK (on_items_changed), self, 0);
  g_signal_connect_object (roof_catalog_get_models (self->catalog), "items-changed",
                           G_CALLBACK (on_items_changed), self, 0);
  {
    g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();

    roof_document_set_scenario (self, scenario, NULL, FALSE);
  }
  restart_autosave (self);
}

static void
roof_document_dispose (GObject *object)
{
  RoofDocument *self = ROOF_DOCUMENT (object);

  /* closed: what was to recover is either saved or given up */
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  roof_document_discard_recovery (self);
  if (self->scenario != NULL)
    g_signal_handlers_disconnect_by_func (self->scenario, on_scenario_changed, self);
  g_clear_object (&self->scenario);
  g_clear_object (&self->catalog);

  G_OBJECT_CLASS (roof_document_parent_class)->dispose (object);
}

static void
roof_document_finalize (GObject *object)
{
  RoofDocument *self = ROOF_DOCUMENT (object);

  g_clear_object (&self->file);
  g_clear_object (&self->recovery_dir);
  g_clear_object (&self->recovery);
  g_clear_pointer (&self->clean_text, g_free);
  g_clear_pointer (&self->autosaved_text, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->subtitle, g_free);

  G_OBJECT_CLASS (roof_document_parent_class)->finalize (object);
}

static void
roof_document_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofDocument *self = ROOF_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      g_value_set_object (value, self->catalog);
      break;
    case PROP_RECOVERY_DIR:
      g_value_set_object (value, self->recovery_dir);
      break;
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_DIRTY:
      g_value_set_boolean (value, self->dirty);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;
    case PROP_AUTOSAVE_INTERVAL:
      g_value_set_uint (value, self->autosave_interval);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_document_set_property (GObject *object, guint prop_id, const GValue *value,
                            GParamSpec *pspec)
{
  RoofDocument *self = ROOF_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      self->catalog = g_value_dup_object (value);
      break;
    case PROP_RECOVERY_DIR:
      self->recovery_dir = g_value_dup_object (value);
      break;
    case PROP_AUTOSAVE_INTERVAL:
      roof_document_set_autosave_interval (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_document_class_init (RoofDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = roof_document_constructed;
  object_class->dispose = roof_document_dispose;
  object_class->finalize = roof_document_finalize;
  object_class->get_property = roof_document_get_property;
  object_class->set_property = roof_document_set_property;

  properties[PROP_CATALOG] = g_param_spec_object ("catalog", NULL, NULL, ROOF_TYPE_CATALOG,
                                                  G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                                                    | G_PARAM_STATIC_STRINGS);
  properties[PROP_RECOVERY_DIR] = g_param_spec_object ("recovery-dir", NULL, NULL, G_TYPE_FILE,
                                                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                                                         | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCENARIO] = g_param_spec_object ("scenario", NULL, NULL, ROOF_TYPE_SCENARIO,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIRTY] = g_param_spec_boolean ("dirty", NULL, NULL, FALSE,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUBTITLE] = g_param_spec_string ("subtitle", NULL, NULL, NULL,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_AUTOSAVE_INTERVAL]
    = g_param_spec_uint ("autosave-interval", NULL, NULL, 0, G_MAXUINT, 30,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RoofDocument::autosave-failed:
   * @error: why the recovery copy could not be written
   */
  signals[AUTOSAVE_FAILED] = g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                           G_TYPE_ERROR);
}

static void
roof_document_init (RoofDocument *self)
{
  self->autosave_interval = 30;
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofDocument *
roof_document_new (RoofCatalog *catalog, GFile *recovery_dir)
{
  g_return_val_if_fail (ROOF_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (recovery_dir == NULL || G_IS_FILE (recovery_dir), NULL);

  return g_object_new (ROOF_TYPE_DOCUMENT, "catalog", catalog, "recovery-dir", recovery_dir,
                       NULL);
}

RoofCatalog *
roof_document_get_catalog (RoofDocument *self)
{
  g_return_val_if_fail (ROOF_IS_DOCUMENT (self), NULL);

  return self->catalog;
}

RoofScenario *
roof_document_get_scenario (RoofDocument *self)
{
  g_return_val_if_fail (ROOF_IS_DOCUMENT (self), NULL);

  return self->scenario;
}

GFile *
roof_document_get_file (RoofDocument *self)
{
  g_return_val_if_fail (ROOF_IS_DOCUMENT (self), NULL);

  return self->file;
}

gboolean
roof_document_get_dirty (RoofDocument *self)
{
  g_return_val_if_fail (ROOF_IS_DOCUMENT (self), FALSE);

  return self->dirty;
}

const char *
roof_document_get_title (RoofDocument *self)
{
  g_return_val_if_fail (ROOF_IS_DOCUMENT (self), NULL);

  return self->title;
}

const char *
roof_document_get_subtitle (RoofDocument *self)
{
  g_return_val_if_fail (ROOF_IS_DOCUMENT (self), NULL);

  return self->subtitle;
}

gboolean
roof_document_is_pristine (RoofDocument *self)
{
  g_return_val_if_fail (ROOF_IS_DOCUMENT (self), FALSE);

  return self->file == NULL && !self->dirty;
}

void
roof_document_set_scenario (RoofDocument *self, RoofScenario *scenario, GFile *file,
                            gboolean dirty)
{
  g_return_if_fail (ROOF_IS_DOCUMENT (self));
  g_return_if_fail (ROOF_IS_SCENARIO (scenario));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  if (self->scenario != scenario)
    {
      if (self->scenario != NULL)
        g_signal_handlers_disconnect_by_func (self->scenario, on_scenario_changed, self);
      g_set_object (&self->scenario, scenario);
      g_signal_connect_object (scenario, "changed", G_CALLBACK (on_scenario_changed), self, 0);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
    }
  /* a recovery copy of what was shown before is no longer one */
  roof_document_discard_recovery (self);
  if (file != NULL || self->file != NULL)
    {
      g_clear_object (&self->file);
      if (file != NULL)
        self->file = g_object_ref (file);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
  update_title (self);
  mark_clean (self);
  if (dirty)
    {
      /* restored from a recovery copy: the file on disk says something else */
      g_free (self->clean_text);
      self->clean_text = NULL;
      set_dirty (self, TRUE);
    }
}

gboolean
roof_document_save (RoofDocument *self, GFile *file, GError **error)
{
  g_return_val_if_fail (ROOF_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (file == NULL)
    file = self->file;
  g_return_val_if_fail (file != NULL, FALSE);

  if (!roof_scenario_save_file (self->scenario, self->catalog, file, error))
    return FALSE;
  set_file (self, file);
  mark_clean (self);
  roof_document_discard_recovery (self);
  return TRUE;
}

void
roof_document_set_autosave_interval (RoofDocument *self, guint seconds)
{
  g_return_if_fail (ROOF_IS_DOCUMENT (self));

  if (self->autosave_interval == seconds)
    return;
  self->autosave_interval = seconds;
  if (self->scenario != NULL)
    restart_autosave (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_INTERVAL]);
}

gboolean
roof_document_autosave (RoofDocument *self, GError **error)
{
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (GDateTime) now = NULL;
  g_autofree char *text = NULL;
  g_autofree char *stamp = NULL;
  JsonObject *info;

  g_return_val_if_fail (ROOF_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->recovery_dir == NULL)
    return TRUE;
  if (!self->dirty)
    {
      /* back to what is saved: nothing to recover */
      roof_document_discard_recovery (self);
      return TRUE;
    }
  text = document_text (self);
  if (self->recovery != NULL && g_strcmp0 (text, self->autosaved_text) == 0)
    return TRUE;

  if (self->recovery == NULL)
    {
      g_autofree char *uuid = g_uuid_string_random ();
      g_autofree char *name = g_strconcat (uuid, ".roofline", NULL);

      self->recovery = g_file_get_child (self->recovery_dir, name);
    }
  node = document_json (self);
  info = json_object_new ();
  if (self->file != NULL)
    {
      g_autofree char *uri = g_file_get_uri (self->file);

      json_object_set_string_member (info, "file", uri);
    }
  else
    json_object_set_null_member (info, "file");
  now = g_date_time_new_now_local ();
  stamp = g_date_time_format_iso8601 (now);
  json_object_set_string_member (info, "saved", stamp);
  json_object_set_object_member (json_node_get_object (node), RECOVERY_MEMBER, info);
  if (!roof_json_save_atomic (node, self->recovery, error))
    return FALSE;
  g_free (self->autosaved_text);
  self->autosaved_text = g_steal_pointer (&text);
  return TRUE;
}

GFile *
roof_document_get_recovery_file (RoofDocument *self)
{
  g_return_val_if_fail (ROOF_IS_DOCUMENT (self), NULL);

  return self->recovery;
}

void
roof_document_adopt_recovery_file (RoofDocument *self, GFile *recovery)
{
  g_return_if_fail (ROOF_IS_DOCUMENT (self));
  g_return_if_fail (recovery == NULL || G_IS_FILE (recovery));

  if (self->recovery != NULL && recovery != NULL && g_file_equal (self->recovery, recovery))
    return;
  roof_document_discard_recovery (self);
  g_set_object (&self->recovery, recovery);
}

void
roof_document_discard_recovery (RoofDocument *self)
{
  g_return_if_fail (ROOF_IS_DOCUMENT (self));

  if (self->recovery == NULL)
    return;
  delete_quietly (self->recovery);
  g_clear_object (&self->recovery);
  g_clear_pointer (&self->autosaved_text, g_free);
}

GFile *
roof_document_default_recovery_dir (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "roofline", "recovery", NULL);

  return g_file_new_for_path (path);
}

static int
by_time (gconstpointer a, gconstpointer b)
{
  GFileInfo *x = *(GFileInfo **) a;
  GFileInfo *y = *(GFileInfo **) b;
  guint64 s = g_file_info_get_attribute_uint64 (x, G_FILE_ATTRIBUTE_TIME_MODIFIED);
  guint64 t = g_file_info_get_attribute_uint64 (y, G_FILE_ATTRIBUTE_TIME_MODIFIED);

  return s < t ? -1 : s > t;
}

GPtrArray *
roof_document_list_recovery (GFile *dir)
{
  g_autoptr (GFileEnumerator) children = NULL;
  g_autoptr (GPtrArray) infos = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);
  GFileInfo *info;

  g_return_val_if_fail (G_IS_FILE (dir), files);

  children = g_file_enumerate_children (dir,
                                        G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                        G_FILE_ATTRIBUTE_TIME_MODIFIED,
                                        G_FILE_QUERY_INFO_NONE, NULL, NULL);
  while (children != NULL && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
    {
      const char *name = g_file_info_get_name (info);

      /* not the backups nor the temporary files of a save */
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR && name[0] != '.'
          && g_str_has_suffix (name, ".roofline"))
        g_ptr_array_add (infos, info);
      else
        g_object_unref (info);
    }
  g_ptr_array_sort (infos, by_time);
  for (guint i = 0; i < infos->len; i++)
    g_ptr_array_add (files, g_file_get_child (dir, g_file_info_get_name (
                                                     g_ptr_array_index (infos, i))));
  return files;
}

char *
roof_document_read_recovery (GFile *recovery,
                             GFile **original,
                             GDateTime **saved,
                             gsize *length,
                             GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *origin = NULL;
  g_autoptr (JsonNode) root = NULL;
  gsize size = 0;
  JsonObject *object;
  JsonNode *info;
  char *text;

  g_return_val_if_fail (G_IS_FILE (recovery), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!roof_file_read (recovery, ROOF_FILE_READ_REGULAR, &contents, &size, error))
    return NULL;
  origin = g_file_get_parse_name (recovery);
  root = roof_json_parse (contents, (gssize) size, origin, error);
  if (root == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT,
                   "%s: not a recovery copy", origin);
      return NULL;
    }
  object = json_node_get_object (root);
  info = json_object_get_member (object, RECOVERY_MEMBER);
  if (info != NULL && JSON_NODE_HOLDS_OBJECT (info))
    {
      JsonObject *o = json_node_get_object (info);
      JsonNode *uri = json_object_get_member (o, "file");
      JsonNode *when = json_object_get_member (o, "saved");

      if (original != NULL && uri != NULL && JSON_NODE_HOLDS_VALUE (uri)
          && json_node_get_value_type (uri) == G_TYPE_STRING)
        *original = g_file_new_for_uri (json_node_get_string (uri));
      if (saved != NULL && when != NULL && JSON_NODE_HOLDS_VALUE (when)
          && json_node_get_value_type (when) == G_TYPE_STRING)
        *saved = g_date_time_new_from_iso8601 (json_node_get_string (when), NULL);
    }
  if (info != NULL)
    json_object_remove_member (object, RECOVERY_MEMBER);
  text = roof_json_to_string (root, TRUE);
  if (length != NULL)
    *length = strlen (text);
  return text;
}
