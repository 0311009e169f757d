/* roof-spec-editor.c — every field of a catalog entry, edited live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows are built once per entry (and again only when its shape changes:
 * a cache added, a model turned MoE). Typing never rebuilds anything: each
 * keystroke is checked (roof_spec_check_number and friends), each commit
 * goes to roof_spec_set_number and friends, and the spec's ::changed
 * refreshes every other field in place. The field being
 * typed in and fields holding a refused value keep their text. One field's
 * row and edits are in roof-spec-editor-fields.c.
 */
#include "config.h"

#include "roof-spec-editor.h"
#include "roof-spec-editor-private.h"
#include "roof-follow.h"

#include <glib/gi18n.h>
#include <string.h>

#include "roof-solver.h"

G_DEFINE_FINAL_TYPE (RoofSpecEditor, roof_spec_editor, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SPEC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule_rebuild (RoofSpecEditor *self);

/* ------------------------------------------------------------------------ */
/* Building                                                                 */

static RoofEntryKind
editor_kind (RoofSpecEditor *self)
{
  return roof_spec_get_kind (self->spec);
}

static AdwPreferencesGroup *
new_group (RoofSpecEditor *self, const char *title)
{
  GtkWidget *group = adw_preferences_group_new ();
  g_autofree char *escaped = g_markup_escape_text (title, -1);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), escaped);
  gtk_widget_set_parent (group, GTK_WIDGET (self));
  return ADW_PREFERENCES_GROUP (group);
}

static AdwPreferencesGroup *
ensure_group (RoofSpecEditor *self, GHashTable *groups, const char *name)
{
  AdwPreferencesGroup *group = g_hash_table_lookup (groups, name);

  if (group == NULL)
    {
      group = new_group (self, _(name));
      g_hash_table_insert (groups, (gpointer) name, group);
    }
  return group;
}

static void
add_id_row (RoofSpecEditor *self, AdwPreferencesGroup *group, const RoofFieldSpec *schema)
{
  GtkWidget *row = roof_spec_editor_action_row_new (_(schema->label), NULL);
  GtkWidget *label = gtk_label_new (roof_spec_get_id (self->spec));

  gtk_widget_set_tooltip_text (row, _(schema->help));
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_name (label, "id");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (group, row);
}

static void
add_text_row (AdwPreferencesGroup *group, const char *text, const char *name)
{
  GtkWidget *row = roof_spec_editor_action_row_new (text, NULL);

  adw_preferences_row_set_title_selectable (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (name != NULL)
    gtk_widget_set_name (row, name);
  adw_preferences_group_add (group, row);
}

static void
add_sources (RoofSpecEditor *self, AdwPreferencesGroup *group)
{
  const char *const *sources = roof_spec_get_sources (self->spec);

  for (guint i = 0; sources[i] != NULL; i++)
    add_text_row (group, sources[i], "source");
  if (sources[0] == NULL)
    {
      GtkWidget *row = roof_spec_editor_action_row_new (_("No sources given"), NULL);

      gtk_widget_add_css_class (row, "dim-label");
      adw_preferences_group_add (group, row);
    }
}

static guint
count_caches (RoofSpec *spec)
{
  guint n = 0;

  while (n < 64)
    {
      g_autofree char *path = g_strdup_printf ("caches[%u]", n);

      if (!roof_spec_has_field (spec, path))
        break;
      n++;
    }
  return n;
}

static void
add_cache_clicked_cb (GtkButton *button, RoofSpecEditor *self)
{
  g_autoptr (JsonObject) json = roof_spec_to_json (self->spec);
  g_autoptr (GError) error = NULL;
  JsonObject *cache = json_object_new ();
  JsonArray *caches;
  g_autofree char *name = NULL;

  if (!json_object_has_member (json, "caches"))
    json_object_set_array_member (json, "caches", json_array_new ());
  caches = json_object_get_array_member (json, "caches");
  /* Translators: name of a new cache level, %u its position (1, 2, …) */
  name = g_strdup_printf (_("Cache %u"), json_array_get_length (caches) + 1);
  json_object_set_string_member (cache, "name", name);
  json_object_set_int_member (cache, "capacity_MB", 1);
  json_array_add_object_element (caches, cache);
  if (!roof_spec_replace_json (self->spec, json, &error))
    g_warning ("Cannot add a cache: %s", error->message);
}

static void
remove_cache_clicked_cb (GtkButton *button, RoofSpecEditor *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "cache-index"));
  g_autofree char *path = g_strdup_printf ("caches[%u]", index);
  g_autoptr (GError) error = NULL;

  if (!roof_spec_unset (self->spec, path, &error))
    g_warning ("Cannot remove %s: %s", path, error->message);
}

static const char *
cache_title (RoofSpec *spec, guint index, char **owned)
{
  g_autofree char *path = g_strdup_printf ("caches[%u].name", index);
  const char *name = roof_spec_get_string (spec, path);

  if (name != NULL && *name != '\0')
    return name;
  /* Translators: %u is the position of a cache level (1, 2, …) */
  *owned = g_strdup_printf (_("Cache %u"), index + 1);
  return *owned;
}

/* the schema's rows of one cache level: "caches[].name", … */
#define CACHE_ROW "caches[]."

static void
add_caches (RoofSpecEditor *self, GHashTable *groups, const RoofFieldSpec *schema)
{
  const RoofFieldSpec *members = schema + 1; /* "caches[].…" follow the "caches" row */
  AdwPreferencesGroup *caches = ensure_group (self, groups, schema->group);
  guint n = count_caches (self->spec);
  GtkWidget *add = gtk_button_new_from_icon_name ("list-add-symbolic");

  gtk_widget_add_css_class (add, "flat");
  gtk_widget_set_valign (add, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (add, _("Add a cache level"));
  roof_spec_editor_set_accessible (add, _("Add a cache level"), NULL);
  gtk_widget_set_sensitive (add, n < ROOF_MAX_CACHES);
  gtk_widget_set_name (add, "add-cache");
  g_signal_connect (add, "clicked", G_CALLBACK (add_cache_clicked_cb), self);
  adw_preferences_group_set_header_suffix (caches, add);
  adw_preferences_group_set_description (caches, _(schema->help));

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *owned = NULL;
      AdwPreferencesGroup *group = new_group (self, cache_title (self->spec, i, &owned));
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      g_autofree char *remove_label = NULL;

      /* Translators: %s is the name of a cache level, e.g. L2 */
      remove_label = g_strdup_printf (_("Remove %s"), cache_title (self->spec, i, &owned));
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (remove, remove_label);
      roof_spec_editor_set_accessible (remove, remove_label, NULL);
      g_object_set_data (G_OBJECT (remove), "cache-index", GUINT_TO_POINTER (i));
      gtk_widget_set_name (remove, "remove-cache");
      g_signal_connect (remove, "clicked", G_CALLBACK (remove_cache_clicked_cb), self);
      adw_preferences_group_set_header_suffix (group, remove);
      g_ptr_array_add (self->cache_groups, group);

      for (const RoofFieldSpec *m = members; m->path != NULL && g_str_has_prefix (m->path, CACHE_ROW);
           m++)
        {
          g_autofree char *path = g_strdup_printf ("caches[%u].%s", i, m->path + strlen (CACHE_ROW));

          if (m->type == ROOF_FIELD_STRING)
            roof_spec_field_add_entry (self, group, m, path, _(m->label));
          else
            roof_spec_field_add_number (self, group, m, path, _(m->label), _(m->label),
                                        _(m->help), !m->required);
        }
    }
}

static void
add_precision_map (RoofSpecEditor *self, AdwPreferencesGroup *group, const RoofFieldSpec *schema)
{
  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    {
      const char *precision = roof_precision_name (p);
      g_autofree char *path = g_strdup_printf ("%s.%s", schema->path, precision);
      /* Translators: "Peak compute, bf16" */
      g_autofree char *accessible = g_strdup_printf (_("%s, %s"), _(schema->label), precision);

      roof_spec_field_add_number (self, group, schema, path, precision, accessible, NULL, TRUE);
    }
  /* the help once for the nine rows */
  adw_preferences_group_set_description (group, _(schema->help));
}

static gboolean
model_is_generic (RoofSpec *spec)
{
  return g_strcmp0 (roof_spec_get_string (spec, "kind"), "generic") == 0;
}

static gboolean
model_is_mla (RoofSpec *spec)
{
  return roof_spec_has_field (spec, "mla")
         || g_strcmp0 (roof_spec_get_string (spec, "attention"), "mla") == 0;
}

/* Model rows that cannot apply are left out: the generic model's figures on
 * a transformer, MoE rows on a dense model (turning a dense model into an
 * MoE one takes all five at once, which only a catalog file can say). */
static gboolean
row_applies (RoofSpecEditor *self, const RoofFieldSpec *row)
{
  static const char *const generic_groups[] = { "General", "Generic model", "Sources", NULL };

  if (editor_kind (self) != ROOF_ENTRY_MODEL)
    return TRUE;
  if (model_is_generic (self->spec))
    return g_strv_contains (generic_groups, row->group);
  if (strcmp (row->group, "Generic model") == 0)
    return FALSE;
  if (g_str_has_prefix (row->path, "moe."))
    return roof_spec_has_field (self->spec, "moe");
  if (g_str_has_prefix (row->path, "mla."))
    return model_is_mla (self->spec);
  return TRUE;
}

/* Everything that decides which rows exist. */
static char *
shape_of (RoofSpecEditor *self)
{
  RoofSpec *spec = self->spec;
  g_autofree char *sources = NULL;

  if (spec == NULL)
    return NULL;
  sources = g_strjoinv ("\n", (char **) roof_spec_get_sources (spec));
  return g_strdup_printf ("%s|%d|%d|%d|%u|%s|%s", roof_spec_get_id (spec),
                          model_is_generic (spec), roof_spec_has_field (spec, "moe"),
                          model_is_mla (spec), count_caches (spec), sources,
                          roof_spec_get_notes (spec));
}

static void
clear_rows (RoofSpecEditor *self)
{
  GtkWidget *child;

  self->editing = NULL;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_ptr_array_set_size (self->cache_groups, 0);
  g_ptr_array_set_size (self->fields, 0);
}

static void
build (RoofSpecEditor *self)
{
  g_autoptr (GHashTable) groups = g_hash_table_new (g_str_hash, g_str_equal);
  const RoofFieldSpec *rows;
  const char *notes;

  clear_rows (self);
  g_clear_pointer (&self->shape, g_free);
  if (self->spec == NULL)
    return;
  self->shape = shape_of (self);

  rows = roof_spec_schema (editor_kind (self), NULL);
  for (const RoofFieldSpec *row = rows; row->path != NULL; row++)
    {
      AdwPreferencesGroup *group;

      if (g_str_has_prefix (row->path, "caches[]") || !row_applies (self, row))
        continue;
      if (strcmp (row->path, "notes") == 0)
        continue; /* read-only, at the very end */
      group = ensure_group (self, groups, row->group);

      switch (row->type)
        {
        case ROOF_FIELD_STRING:
          if (strcmp (row->path, "id") == 0)
            add_id_row (self, group, row);
          else
            roof_spec_field_add_entry (self, group, row, row->path, _(row->label));
          break;
        case ROOF_FIELD_NUMBER:
        case ROOF_FIELD_INTEGER:
          roof_spec_field_add_number (self, group, row, row->path, _(row->label), _(row->label),
                                      _(row->help), !row->required);
          break;
        case ROOF_FIELD_BOOLEAN:
          roof_spec_field_add_switch (self, group, row);
          break;
        case ROOF_FIELD_ENUM:
          roof_spec_field_add_dropdown (self, group, row);
          break;
        case ROOF_FIELD_STRINGS:
          add_sources (self, group);
          break;
        case ROOF_FIELD_CACHES:
          add_caches (self, groups, row);
          break;
        case ROOF_FIELD_PRECISION_MAP:
          add_precision_map (self, group, row);
          break;
        case ROOF_FIELD_RANGE:
        default:
          break;
        }
    }

  notes = roof_spec_get_notes (self->spec);
  if (notes != NULL && *notes != '\0')
    {
      const RoofFieldSpec *schema = roof_spec_schema_lookup (editor_kind (self), "notes");
      AdwPreferencesGroup *group = new_group (self, _(schema->label));

      add_text_row (group, notes, "notes");
    }
}

static void
refresh_all (RoofSpecEditor *self, gboolean force)
{
  for (guint i = 0; i < self->fields->len; i++)
    roof_spec_field_refresh (g_ptr_array_index (self->fields, i), force);
  for (guint i = 0; i < self->cache_groups->len; i++)
    {
      g_autofree char *owned = NULL;
      g_autofree char *escaped = g_markup_escape_text (cache_title (self->spec, i, &owned), -1);

      adw_preferences_group_set_title (g_ptr_array_index (self->cache_groups, i), escaped);
    }
}

static gboolean
rebuild_cb (gpointer user_data)
{
  RoofSpecEditor *self = ROOF_SPEC_EDITOR (user_data);

  self->rebuild_source = 0;
  build (self);
  return G_SOURCE_REMOVE;
}

/* Not from inside the handler of the control that caused it. */
static void
schedule_rebuild (RoofSpecEditor *self)
{
  if (self->rebuild_source == 0)
    self->rebuild_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, rebuild_cb, self, NULL);
}

static void
spec_changed_cb (RoofSpec *spec, RoofSpecEditor *self)
{
  g_autofree char *shape = shape_of (self);
  g_autoptr (JsonObject) before = g_steal_pointer (&self->snapshot);

  self->snapshot = roof_spec_to_json (spec);
  if (before != NULL)
    g_signal_emit (self, signals[EDITED], 0, spec, before);

  if (g_strcmp0 (shape, self->shape) != 0)
    {
      refresh_all (self, FALSE);
      schedule_rebuild (self);
      return;
    }
  refresh_all (self, FALSE);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_spec_editor_dispose (GObject *object)
{
  RoofSpecEditor *self = ROOF_SPEC_EDITOR (object);

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  clear_rows (self);
  if (self->spec != NULL)
    g_clear_signal_handler (&self->changed_handler, self->spec);
  g_clear_object (&self->spec);
  g_clear_pointer (&self->snapshot, json_object_unref);

  G_OBJECT_CLASS (roof_spec_editor_parent_class)->dispose (object);
}

static void
roof_spec_editor_finalize (GObject *object)
{
  RoofSpecEditor *self = ROOF_SPEC_EDITOR (object);

  g_ptr_array_unref (self->fields);
  g_ptr_array_unref (self->cache_groups);
  g_free (self->shape);

  G_OBJECT_CLASS (roof_spec_editor_parent_class)->finalize (object);
}

static void
roof_spec_editor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofSpecEditor *self = ROOF_SPEC_EDITOR (object);

  switch (prop_id)
    {
    case PROP_SPEC:
      g_value_set_object (value, self->spec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_spec_editor_set_property (GObject *object,
                               guint prop_id,
                               const GValue *value,
                               GParamSpec *pspec)
{
  RoofSpecEditor *self = ROOF_SPEC_EDITOR (object);

  switch (prop_id)
    {
    case PROP_SPEC:
      roof_spec_editor_set_spec (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_spec_editor_class_init (RoofSpecEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = roof_spec_editor_dispose;
  object_class->finalize = roof_spec_editor_finalize;
  object_class->get_property = roof_spec_editor_get_property;
  object_class->set_property = roof_spec_editor_set_property;

  properties[PROP_SPEC] = g_param_spec_object ("spec", NULL, NULL, ROOF_TYPE_SPEC,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                 | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RoofSpecEditor::edited:
   * @spec: the entry shown
   * @before: its JSON before the change
   *
   * Emitted after every change of the entry shown, whatever made it (a
   * field, a cache added, Reset, another window): what an undo history
   * records.
   */
  signals[EDITED] = g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 2, ROOF_TYPE_SPEC, JSON_TYPE_OBJECT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "roofspeceditor");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
roof_spec_editor_init (RoofSpecEditor *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 18);
  self->fields = g_ptr_array_new_with_free_func ((GDestroyNotify) roof_spec_field_free);
  self->cache_groups = g_ptr_array_new ();
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

GtkWidget *
roof_spec_editor_new (void)
{
  return g_object_new (ROOF_TYPE_SPEC_EDITOR, NULL);
}

RoofSpec *
roof_spec_editor_get_spec (RoofSpecEditor *self)
{
  g_return_val_if_fail (ROOF_IS_SPEC_EDITOR (self), NULL);

  return self->spec;
}

void
roof_spec_editor_set_spec (RoofSpecEditor *self, RoofSpec *spec)
{
  g_return_if_fail (ROOF_IS_SPEC_EDITOR (self));
  g_return_if_fail (spec == NULL || ROOF_IS_SPEC (spec));

  if (!roof_follow_changed (&self->spec, &self->changed_handler, spec,
                            G_CALLBACK (spec_changed_cb), self, 0))
    return;
  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  g_clear_pointer (&self->snapshot, json_object_unref);
  if (spec != NULL)
    self->snapshot = roof_spec_to_json (spec);
  build (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEC]);
}

void
roof_spec_editor_reload (RoofSpecEditor *self)
{
  g_autofree char *shape = NULL;

  g_return_if_fail (ROOF_IS_SPEC_EDITOR (self));

  shape = shape_of (self);
  if (g_strcmp0 (shape, self->shape) != 0)
    {
      g_clear_handle_id (&self->rebuild_source, g_source_remove);
      build (self);
    }
  else
    refresh_all (self, TRUE);
}

GtkWidget *
roof_spec_editor_get_field (RoofSpecEditor *self, const char *path)
{
  g_return_val_if_fail (ROOF_IS_SPEC_EDITOR (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  if (self->rebuild_source != 0)
    {
      g_clear_handle_id (&self->rebuild_source, g_source_remove);
      build (self);
    }
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = g_ptr_array_index (self->fields, i);

      if (strcmp (f->path, path) == 0)
        return f->control;
    }
  return NULL;
}
