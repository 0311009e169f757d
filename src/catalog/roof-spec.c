/* roof-spec.c — what every catalog entry has: its JSON, its state, its edits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The JSON object is the source of truth: unknown fields ride along so a
 * save round-trips them. Every edit is made on a copy, which the subclass
 * compiles (validating it and recomputing its solver view); only then does
 * the copy replace the entry, so a refused edit changes nothing.
 */
#include "config.h"

#include "roof-spec.h"

#include "roof-catalog-private.h"

typedef struct
{
  JsonObject *json;
  JsonObject *shipped; /* built-in entries: the JSON as shipped */
  char **sources;
  gboolean builtin;
  gboolean modified;
} RoofSpecPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (RoofSpec, roof_spec, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_BUILTIN,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static gboolean
compile (RoofSpec *self, JsonObject *object, const char *where, GPtrArray *warnings, GError **error)
{
  RoofSpecClass *klass = ROOF_SPEC_GET_CLASS (self);

  g_return_val_if_fail (klass->compile != NULL, FALSE);

  return klass->compile (self, object, where, warnings, error);
}

/* Takes `object`, which `compile` accepted. */
static void
take_json (RoofSpec *self, JsonObject *object)
{
  RoofSpecPrivate *priv = roof_spec_get_instance_private (self);

  g_clear_pointer (&priv->json, json_object_unref);
  priv->json = object;
  g_strfreev (priv->sources);
  priv->sources = roof_json_dup_strv (object, "sources");
}

/* "hardware \"h100\"": edits have no file position to name */
static char *
edit_where (RoofSpec *self)
{
  return g_strdup_printf ("%s \"%s\"", roof_entry_kind_noun (ROOF_SPEC_GET_CLASS (self)->kind),
                          roof_spec_get_id (self));
}

static gboolean
edit_failed (RoofSpec *self, GError **error)
{
  g_autofree char *where = edit_where (self);

  g_prefix_error (error, "%s: ", where);
  return FALSE;
}

static JsonObject *
edit_copy (RoofSpec *self)
{
  RoofSpecPrivate *priv = roof_spec_get_instance_private (self);

  return roof_json_object_deep_copy (priv->json);
}

/* Takes `candidate`; on success it becomes the entry. */
static gboolean
commit (RoofSpec *self, JsonObject *candidate, GError **error)
{
  RoofSpecPrivate *priv = roof_spec_get_instance_private (self);
  g_autoptr (JsonObject) owned = candidate;
  g_autofree char *where = edit_where (self);
  g_autofree char *old_name = g_strdup (roof_spec_get_name (self));
  gboolean was_modified = priv->modified;

  if (!compile (self, candidate, where, NULL, error))
    return FALSE;

  take_json (self, g_steal_pointer (&owned));
  if (priv->builtin && priv->shipped != NULL)
    priv->modified = !roof_json_object_equal (priv->json, priv->shipped);
  else
    priv->modified = TRUE;

  g_object_freeze_notify (G_OBJECT (self));
  if (g_strcmp0 (old_name, roof_spec_get_name (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  if (was_modified != priv->modified)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_spec_finalize (GObject *object)
{
  RoofSpec *self = ROOF_SPEC (object);
  RoofSpecPrivate *priv = roof_spec_get_instance_private (self);

  g_clear_pointer (&priv->json, json_object_unref);
  g_clear_pointer (&priv->shipped, json_object_unref);
  g_clear_pointer (&priv->sources, g_strfreev);

  G_OBJECT_CLASS (roof_spec_parent_class)->finalize (object);
}

static void
roof_spec_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofSpec *self = ROOF_SPEC (object);
  RoofSpecPrivate *priv = roof_spec_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, roof_spec_get_id (self));
      break;
    case PROP_NAME:
      g_value_set_string (value, roof_spec_get_name (self));
      break;
    case PROP_BUILTIN:
      g_value_set_boolean (value, priv->builtin);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, priv->modified);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_spec_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  RoofSpec *self = ROOF_SPEC (object);

  switch (prop_id)
    {
    case PROP_BUILTIN:
      roof_spec_set_builtin (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_spec_class_init (RoofSpecClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = roof_spec_finalize;
  object_class->get_property = roof_spec_get_property;
  object_class->set_property = roof_spec_set_property;

  /* the id is the JSON's: it never changes (duplicate the entry instead) */
  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                 | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUILTIN] = g_param_spec_boolean ("builtin", NULL, NULL, FALSE,
                                                   G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                     | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                      | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RoofSpec::changed:
   *
   * Emitted after every accepted edit, reset or replacement.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
roof_spec_init (RoofSpec *self)
{
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

gboolean
roof_spec_construct (RoofSpec *self,
                     JsonObject *object,
                     const char *where,
                     GPtrArray *warnings,
                     GError **error)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), FALSE);
  g_return_val_if_fail (object != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  priv = roof_spec_get_instance_private (self);
  /* once, from the subclass's constructor */
  g_return_val_if_fail (priv->json == NULL, FALSE);

  if (!compile (self, object, where, warnings, error))
    return FALSE;

  take_json (self, roof_json_object_deep_copy (object));
  /* "builtin" set at g_object_new () time, before there was JSON to keep */
  if (priv->builtin && priv->shipped == NULL)
    priv->shipped = json_object_ref (priv->json);
  return TRUE;
}

RoofSpec *
roof_spec_new_of_type (GType type,
                       JsonObject *object,
                       const char *where,
                       GPtrArray *warnings,
                       GError **error)
{
  g_autoptr (RoofSpec) self = NULL;

  g_return_val_if_fail (g_type_is_a (type, ROOF_TYPE_SPEC), NULL);
  g_return_val_if_fail (object != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (type, NULL);
  if (!roof_spec_construct (self, object, where, warnings, error))
    return NULL;
  return g_steal_pointer (&self);
}

RoofEntryKind
roof_spec_get_kind (RoofSpec *self)
{
  g_return_val_if_fail (ROOF_IS_SPEC (self), ROOF_ENTRY_HARDWARE);

  return ROOF_SPEC_GET_CLASS (self)->kind;
}

const char *
roof_spec_get_id (RoofSpec *self)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), NULL);
  priv = roof_spec_get_instance_private (self);

  return roof_json_get_string (priv->json, "id");
}

const char *
roof_spec_get_name (RoofSpec *self)
{
  RoofSpecPrivate *priv;
  const char *name;

  g_return_val_if_fail (ROOF_IS_SPEC (self), NULL);
  priv = roof_spec_get_instance_private (self);

  name = roof_json_get_string (priv->json, "name");
  return name != NULL ? name : roof_spec_get_id (self);
}

const char *
roof_spec_get_notes (RoofSpec *self)
{
  RoofSpecPrivate *priv;
  const char *notes;

  g_return_val_if_fail (ROOF_IS_SPEC (self), NULL);
  priv = roof_spec_get_instance_private (self);

  notes = roof_json_get_string (priv->json, "notes");
  return notes != NULL ? notes : "";
}

const char *const *
roof_spec_get_sources (RoofSpec *self)
{
  RoofSpecPrivate *priv;
  static const char *const none[] = { NULL };

  g_return_val_if_fail (ROOF_IS_SPEC (self), NULL);
  priv = roof_spec_get_instance_private (self);

  return priv->sources != NULL ? (const char *const *) priv->sources : none;
}

int
roof_spec_get_year (RoofSpec *self)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), 0);
  priv = roof_spec_get_instance_private (self);

  return (int) roof_json_get_number (priv->json, "year", 0);
}

JsonObject *
roof_spec_to_json (RoofSpec *self)
{
  g_return_val_if_fail (ROOF_IS_SPEC (self), NULL);

  /* a copy: the entry changes only through its setters */
  return edit_copy (self);
}

JsonObject *
roof_spec_peek_json (RoofSpec *self)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), NULL);
  priv = roof_spec_get_instance_private (self);

  return priv->json;
}

gboolean
roof_spec_get_builtin (RoofSpec *self)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), FALSE);
  priv = roof_spec_get_instance_private (self);

  return priv->builtin;
}

void
roof_spec_set_builtin (RoofSpec *self, gboolean builtin)
{
  RoofSpecPrivate *priv;

  g_return_if_fail (ROOF_IS_SPEC (self));
  priv = roof_spec_get_instance_private (self);

  builtin = !!builtin;
  if (priv->builtin == builtin)
    return;

  priv->builtin = builtin;
  g_clear_pointer (&priv->shipped, json_object_unref);
  if (builtin && priv->json != NULL)
    {
      /* what reset() returns to: the entry's JSON is replaced, never
       * changed in place (take_json), so it can be shared */
      priv->shipped = json_object_ref (priv->json);
      if (priv->modified)
        {
          priv->modified = FALSE;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
        }
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUILTIN]);
}

gboolean
roof_spec_get_modified (RoofSpec *self)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), FALSE);
  priv = roof_spec_get_instance_private (self);

  return priv->modified;
}

gboolean
roof_spec_is_custom (RoofSpec *self)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), FALSE);
  priv = roof_spec_get_instance_private (self);

  return !priv->builtin || priv->modified;
}

gboolean
roof_spec_reset (RoofSpec *self)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), FALSE);
  priv = roof_spec_get_instance_private (self);

  if (!priv->builtin || priv->shipped == NULL)
    return FALSE;
  if (!priv->modified)
    return TRUE;
  return commit (self, roof_json_object_deep_copy (priv->shipped), NULL);
}

RoofSpec *
roof_spec_duplicate (RoofSpec *self, const char *new_id, const char *new_name)
{
  g_autoptr (JsonObject) copy = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  RoofSpec *dup;

  g_return_val_if_fail (ROOF_IS_SPEC (self), NULL);
  g_return_val_if_fail (roof_spec_id_is_valid (new_id), NULL);

  if (new_name != NULL)
    name = roof_spec_fit_name (new_name);
  else
    {
      g_autofree char *copy_name = g_strdup_printf ("%s (copy)", roof_spec_get_name (self));

      name = roof_spec_fit_name (copy_name);
    }
  copy = edit_copy (self);
  json_object_set_string_member (copy, "id", new_id);
  json_object_set_string_member (copy, "name", name);

  dup = roof_spec_new_of_type (G_OBJECT_TYPE (self), copy, NULL, NULL, &error);
  if (dup == NULL)
    g_critical ("cannot duplicate %s \"%s\": %s",
                roof_entry_kind_noun (ROOF_SPEC_GET_CLASS (self)->kind), roof_spec_get_id (self),
                error->message);
  return dup;
}

char *
roof_spec_fit_name (const char *name)
{
  const glong tail = 20;
  glong n;

  g_return_val_if_fail (name != NULL, NULL);

  n = g_utf8_strlen (name, -1);
  if (n <= ROOF_SPEC_NAME_MAX)
    return g_strdup (name);
  return g_strdup_printf ("%.*s…%s",
                          (int) (g_utf8_offset_to_pointer (name, ROOF_SPEC_NAME_MAX - tail - 1)
                                 - name),
                          name, g_utf8_offset_to_pointer (name, n - tail));
}

gboolean
roof_spec_has_field (RoofSpec *self, const char *path)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  priv = roof_spec_get_instance_private (self);

  return roof_json_path_get (priv->json, path) != NULL;
}

double
roof_spec_get_number (RoofSpec *self, const char *path, double fallback)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), fallback);
  g_return_val_if_fail (path != NULL, fallback);
  priv = roof_spec_get_instance_private (self);

  return roof_json_get_number (priv->json, path, fallback);
}

const char *
roof_spec_get_string (RoofSpec *self, const char *path)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);
  priv = roof_spec_get_instance_private (self);

  return roof_json_get_string (priv->json, path);
}

gboolean
roof_spec_get_boolean (RoofSpec *self, const char *path, gboolean fallback)
{
  RoofSpecPrivate *priv;

  g_return_val_if_fail (ROOF_IS_SPEC (self), fallback);
  g_return_val_if_fail (path != NULL, fallback);
  priv = roof_spec_get_instance_private (self);

  return roof_json_get_boolean (priv->json, path, fallback);
}

typedef enum
{
  EDIT_NUMBER,
  EDIT_STRING,
  EDIT_BOOLEAN,
  EDIT_UNSET,
} EditOp;

/* One edit by schema path, on a copy. `check_only`: the copy is compiled
 * as a new entry of the same type, never this one, so the answer and the
 * message are those of the edit and nothing changes. */
static gboolean
edit (RoofSpec *self,
      EditOp op,
      const char *path,
      double number,
      const char *string,
      gboolean boolean,
      gboolean check_only,
      GError **error)
{
  RoofEntryKind kind = ROOF_SPEC_GET_CLASS (self)->kind;
  g_autoptr (JsonObject) candidate = edit_copy (self);
  gboolean changed = TRUE;
  gboolean ok = FALSE;

  switch (op)
    {
    case EDIT_NUMBER:
      ok = roof_spec_edit_number (kind, candidate, path, number, error);
      break;
    case EDIT_STRING:
      ok = roof_spec_edit_string (kind, candidate, path, string, error);
      break;
    case EDIT_BOOLEAN:
      ok = roof_spec_edit_boolean (kind, candidate, path, boolean, error);
      break;
    case EDIT_UNSET:
      ok = roof_spec_edit_unset (kind, candidate, path, &changed, error);
      break;
    default:
      g_assert_not_reached ();
    }
  if (!ok)
    return edit_failed (self, error);
  if (!changed)
    return TRUE;
  if (check_only)
    {
      g_autofree char *where = edit_where (self);
      g_autoptr (RoofSpec) trial = roof_spec_new_of_type (G_OBJECT_TYPE (self), candidate, where,
                                                          NULL, error);

      return trial != NULL;
    }
  return commit (self, g_steal_pointer (&candidate), error);
}

#define EDIT_PRECONDITIONS(self, path, error)                                     \
  G_STMT_START                                                                         \
  {                                                                                    \
    g_return_val_if_fail (ROOF_IS_SPEC (self), FALSE);                                 \
    g_return_val_if_fail (path != NULL, FALSE);                                        \
    g_return_val_if_fail (error == NULL || *error == NULL, FALSE);                     \
  }                                                                                    \
  G_STMT_END

gboolean
roof_spec_set_number (RoofSpec *self, const char *path, double value, GError **error)
{
  EDIT_PRECONDITIONS (self, path, error);
  return edit (self, EDIT_NUMBER, path, value, NULL, FALSE, FALSE, error);
}

gboolean
roof_spec_set_string (RoofSpec *self, const char *path, const char *value, GError **error)
{
  EDIT_PRECONDITIONS (self, path, error);
  g_return_val_if_fail (value != NULL, FALSE);
  return edit (self, EDIT_STRING, path, 0, value, FALSE, FALSE, error);
}

gboolean
roof_spec_set_boolean (RoofSpec *self, const char *path, gboolean value, GError **error)
{
  EDIT_PRECONDITIONS (self, path, error);
  return edit (self, EDIT_BOOLEAN, path, 0, NULL, value, FALSE, error);
}

gboolean
roof_spec_unset (RoofSpec *self, const char *path, GError **error)
{
  EDIT_PRECONDITIONS (self, path, error);
  return edit (self, EDIT_UNSET, path, 0, NULL, FALSE, FALSE, error);
}

gboolean
roof_spec_check_number (RoofSpec *self, const char *path, double value, GError **error)
{
  EDIT_PRECONDITIONS (self, path, error);
  return edit (self, EDIT_NUMBER, path, value, NULL, FALSE, TRUE, error);
}

gboolean
roof_spec_check_string (RoofSpec *self, const char *path, const char *value, GError **error)
{
  EDIT_PRECONDITIONS (self, path, error);
  g_return_val_if_fail (value != NULL, FALSE);
  return edit (self, EDIT_STRING, path, 0, value, FALSE, TRUE, error);
}

gboolean
roof_spec_check_unset (RoofSpec *self, const char *path, GError **error)
{
  EDIT_PRECONDITIONS (self, path, error);
  return edit (self, EDIT_UNSET, path, 0, NULL, FALSE, TRUE, error);
}

gboolean
roof_spec_replace_json (RoofSpec *self, JsonObject *object, GError **error)
{
  const char *new_id;

  g_return_val_if_fail (ROOF_IS_SPEC (self), FALSE);
  g_return_val_if_fail (object != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  new_id = roof_json_get_string (object, "id");
  if (g_strcmp0 (new_id, roof_spec_get_id (self)) != 0)
    {
      g_autofree char *where = edit_where (self);

      roof_catalog_set_error (error, ROOF_CATALOG_ERROR_INVALID, where,
                              "the replacement has id \"%s\"; the id cannot be changed",
                              new_id ? new_id : "");
      return FALSE;
    }
  return commit (self, roof_json_object_deep_copy (object), error);
}
