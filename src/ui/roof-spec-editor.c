/* roof-spec-editor.c — every field of a catalog entry, edited live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows are built once per entry (and again only when its shape changes:
 * a cache added, a model turned MoE). Typing never rebuilds anything: each
 * keystroke that parses goes to roof_spec_set_number and friends, and the
 * spec's ::changed refreshes every other field in place. The field being
 * typed in and fields holding a refused value keep their text.
 */
#include "config.h"

#include "roof-spec-editor.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "roof-format.h"
#include "roof-number-row.h"
#include "roof-row-hints.h"
#include "roof-solver.h"

typedef enum
{
  CONTROL_NUMBER,
  CONTROL_SWITCH,
  CONTROL_DROPDOWN,
  CONTROL_ENTRY,
} ControlKind;

typedef struct _Field Field;

struct _RoofSpecEditor
{
  GtkWidget parent_instance;

  RoofSpec *spec;
  gulong changed_handler;

  GPtrArray *fields;      /* Field, owned */
  GPtrArray *cache_groups; /* AdwPreferencesGroup, one per cache, unowned */
  Field *editing;         /* the field whose edit the spec is applying */
  char *shape;            /* what the rows were built for, see shape_of () */
  guint rebuild_source;
};

struct _Field
{
  RoofSpecEditor *editor;
  const RoofFieldSpec *schema;
  ControlKind kind;
  char *path;
  char *label;
  char *help;
  GtkWidget *row;     /* RoofNumberRow, AdwEntryRow for strings, else AdwActionRow */
  GtkWidget *control; /* owned reference: the row itself when it is an entry row */
  const char *const *choices; /* dropdowns: item i + 1 is choices[i]; item 0 is "absent" */
  gboolean optional;
  gboolean absent;
  gboolean in_error; /* but for numbers: their RoofNumberRow's */
};

G_DEFINE_FINAL_TYPE (RoofSpecEditor, roof_spec_editor, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SPEC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Shown for an absent optional value (and in dropdowns, to choose absence). */
#define NONE_TEXT ROOF_UI_NONE_TEXT

/* Booleans whose default (when the entry leaves them out) is true. */
static const char *const true_by_default[] = { "ffn_gated", NULL };

static void field_refresh (Field *f, gboolean force);
static void schedule_rebuild (RoofSpecEditor *self);

/* ------------------------------------------------------------------------ */
/* Fields                                                                   */

static void
field_free (Field *f)
{
  if (f->control != NULL)
    {
      g_signal_handlers_disconnect_by_data (f->control, f);
      g_clear_object (&f->control);
    }
  g_free (f->path);
  g_free (f->label);
  g_free (f->help);
  g_free (f);
}

static RoofEntryKind
editor_kind (RoofSpecEditor *self)
{
  return roof_spec_get_kind (self->spec);
}

/* "hardware \"h100\": memory.bandwidth_GBps must be > 0, got -1" reads
 * "Bandwidth must be > 0, got -1" next to the field. */
static char *
field_message (Field *f, const char *message)
{
  g_autofree char *where = g_strdup_printf ("\"%s\": ", roof_spec_get_id (f->editor->spec));
  const char *rest = strstr (message, where);

  rest = rest != NULL ? rest + strlen (where) : message;
  if (g_str_has_prefix (rest, f->path) && rest[strlen (f->path)] == ' ')
    return g_strconcat (f->label, rest + strlen (f->path), NULL);
  return g_strdup (rest);
}

/* The help is the row's tooltip (a side panel has no room for it under every
 * label); a refused value's message shows under the label, or under the
 * entry row, which has no subtitle. */
static gboolean
field_in_error (Field *f)
{
  if (ROOF_IS_NUMBER_ROW (f->row))
    return roof_number_row_get_in_error (ROOF_NUMBER_ROW (f->row));
  return f->in_error;
}

static void
field_set_error (Field *f, const char *message)
{
  g_autofree char *shown = field_message (f, message);

  if (ROOF_IS_NUMBER_ROW (f->row))
    {
      roof_number_row_set_error (ROOF_NUMBER_ROW (f->row), shown);
      return;
    }
  f->in_error = TRUE;
  if (ADW_IS_ENTRY_ROW (f->row))
    {
      roof_ui_row_set_error (f->row, shown, NULL);
      return;
    }
  gtk_widget_add_css_class (f->control, "error");
  gtk_widget_add_css_class (f->row, "error");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (f->row), shown);
  gtk_accessible_update_state (GTK_ACCESSIBLE (f->control), GTK_ACCESSIBLE_STATE_INVALID,
                               GTK_ACCESSIBLE_INVALID_TRUE, -1);
}

static void
field_clear_error (Field *f)
{
  if (!field_in_error (f))
    return;
  if (ROOF_IS_NUMBER_ROW (f->row))
    {
      roof_number_row_set_error (ROOF_NUMBER_ROW (f->row), NULL);
      return;
    }
  f->in_error = FALSE;
  if (ADW_IS_ENTRY_ROW (f->row))
    {
      roof_ui_row_set_error (f->row, NULL, NULL);
      return;
    }
  gtk_widget_remove_css_class (f->control, "error");
  gtk_widget_remove_css_class (f->row, "error");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (f->row), "");
  gtk_accessible_update_state (GTK_ACCESSIBLE (f->control), GTK_ACCESSIBLE_STATE_INVALID,
                               GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

typedef enum
{
  APPLY_NUMBER,
  APPLY_STRING,
  APPLY_BOOLEAN,
  APPLY_UNSET,
} ApplyOp;

/* One edit through the spec's validation; the spec's ::changed refreshes
 * every other field while `editing` marks this one. */
static gboolean
field_apply (Field *f, ApplyOp op, double number, const char *string, gboolean boolean)
{
  RoofSpecEditor *self = f->editor;
  g_autoptr (GError) error = NULL;
  Field *outer = self->editing;
  gboolean ok = FALSE;

  self->editing = f;
  switch (op)
    {
    case APPLY_NUMBER:
      ok = roof_spec_set_number (self->spec, f->path, number, &error);
      break;
    case APPLY_STRING:
      ok = roof_spec_set_string (self->spec, f->path, string, &error);
      break;
    case APPLY_BOOLEAN:
      ok = roof_spec_set_boolean (self->spec, f->path, boolean, &error);
      break;
    case APPLY_UNSET:
      ok = roof_spec_unset (self->spec, f->path, &error);
      break;
    default:
      g_assert_not_reached ();
    }
  self->editing = outer;

  if (ok)
    field_clear_error (f);
  else
    field_set_error (f, error->message);
  return ok;
}

/* ---- numbers ---- */

/* The spec's value, unless the row's text already says it (or `force`); a
 * refused value stays for the user to fix unless `force`. */
static void
number_show (Field *f, gboolean force)
{
  RoofNumberRow *row = ROOF_NUMBER_ROW (f->control);

  if (f->absent)
    roof_number_row_show_none (row, force);
  else
    roof_number_row_show_value (row, roof_spec_get_number (f->editor->spec, f->path, 0), force);
}

static void
number_typed_cb (RoofNumberRow *row, gboolean none, double value, Field *f)
{
  RoofSpec *spec = f->editor->spec;

  if (none)
    {
      if (field_apply (f, APPLY_UNSET, 0, NULL, FALSE))
        {
          f->absent = TRUE;
          number_show (f, FALSE); /* the empty text already says so */
        }
      return;
    }
  if (!f->absent && roof_spec_has_field (spec, f->path)
      && roof_spec_get_number (spec, f->path, NAN) == value)
    field_clear_error (f); /* "4,000" after "4000": nothing new */
  else if (field_apply (f, APPLY_NUMBER, value, NULL, FALSE))
    {
      f->absent = FALSE;
      number_show (f, FALSE); /* the text typed already says it */
    }
}

/* ---- booleans, choices, strings ---- */

static gboolean
boolean_default (const char *path)
{
  return g_strv_contains (true_by_default, path);
}

static void
switch_active_cb (GtkSwitch *sw, GParamSpec *pspec, Field *f)
{
  field_apply (f, APPLY_BOOLEAN, 0, NULL, gtk_switch_get_active (sw));
}

static void
dropdown_selected_cb (GtkDropDown *dropdown, GParamSpec *pspec, Field *f)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (selected == GTK_INVALID_LIST_POSITION)
    return;
  if (selected == 0)
    {
      if (field_apply (f, APPLY_UNSET, 0, NULL, FALSE))
        f->absent = TRUE;
    }
  else if (field_apply (f, APPLY_STRING, 0, f->choices[selected - 1], FALSE))
    f->absent = FALSE;
}

static void
entry_changed_cb (GtkEditable *editable, Field *f)
{
  g_autofree char *text = NULL;

  text = g_strstrip (g_strdup (gtk_editable_get_text (editable)));
  if (*text == '\0')
    {
      if (field_apply (f, APPLY_UNSET, 0, NULL, FALSE))
        f->absent = TRUE;
    }
  else if (field_apply (f, APPLY_STRING, 0, gtk_editable_get_text (editable), FALSE))
    f->absent = FALSE;
}

/* ---- refresh ---- */

/* The control shows the spec's value; its own handlers, which apply what
 * the user does, are blocked meanwhile (a number row sets its text quietly
 * itself). */
static void
field_refresh (Field *f, gboolean force)
{
  RoofSpec *spec = f->editor->spec;

  if (!force && (f == f->editor->editing || field_in_error (f)))
    return;
  if (force)
    field_clear_error (f);

  f->absent = !roof_spec_has_field (spec, f->path);
  if (f->kind == CONTROL_NUMBER)
    {
      number_show (f, force);
      return;
    }
  g_signal_handlers_block_matched (f->control, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, f);
  switch (f->kind)
    {
    case CONTROL_SWITCH:
      gtk_switch_set_active (GTK_SWITCH (f->control),
                             roof_spec_get_boolean (spec, f->path, boolean_default (f->path)));
      break;

    case CONTROL_DROPDOWN:
      {
        const char *value = roof_spec_get_string (spec, f->path);
        guint selected = 0;

        for (guint i = 0; value != NULL && f->choices[i] != NULL; i++)
          if (strcmp (f->choices[i], value) == 0)
            selected = i + 1;
        gtk_drop_down_set_selected (GTK_DROP_DOWN (f->control), selected);
      }
      break;

    case CONTROL_ENTRY:
      {
        const char *value = roof_spec_get_string (spec, f->path);

        if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (f->control)), value ? value : "") != 0)
          gtk_editable_set_text (GTK_EDITABLE (f->control), value ? value : "");
      }
      break;

    case CONTROL_NUMBER:
    default:
      g_assert_not_reached ();
    }
  g_signal_handlers_unblock_matched (f->control, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, f);
}

/* ------------------------------------------------------------------------ */
/* Building                                                                 */

static void
set_accessible (GtkWidget *widget, const char *label, const char *description)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  if (description != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
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

static Field *
field_new (RoofSpecEditor *self, const RoofFieldSpec *schema, const char *path, const char *label)
{
  Field *f = g_new0 (Field, 1);

  f->editor = self;
  f->schema = schema;
  f->path = g_strdup (path);
  f->label = g_strdup (label);
  f->help = g_strdup (schema->help != NULL ? _(schema->help) : NULL);
  f->optional = !schema->required;
  f->absent = !roof_spec_has_field (self->spec, path);
  g_ptr_array_add (self->fields, f);
  return f;
}

static GtkWidget *
action_row_new (const char *title, const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  /* labels and messages are plain text: "> 0" must not be parsed as markup */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  return row;
}

/* One size group per preferences group: the units of a group line up
 * without every group paying for the widest unit of all. */
static GtkSizeGroup *
unit_size_group (AdwPreferencesGroup *group)
{
  GtkSizeGroup *units = g_object_get_data (G_OBJECT (group), "roof-units");

  if (units == NULL)
    {
      units = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
      g_object_set_data_full (G_OBJECT (group), "roof-units", units, g_object_unref);
    }
  return units;
}

static void
add_number_field (RoofSpecEditor *self,
                  AdwPreferencesGroup *group,
                  const RoofFieldSpec *schema,
                  const char *path,
                  const char *title,
                  const char *accessible_label,
                  const char *help,
                  gboolean optional)
{
  Field *f = field_new (self, schema, path, title);
  g_autofree char *tooltip = NULL;
  GtkWidget *row, *unit;

  f->kind = CONTROL_NUMBER;
  f->optional = optional;
  if (optional)
    /* Translators: added to a field's help */
    tooltip = help != NULL ? g_strdup_printf ("%s\n%s", help, _("Leave empty for none."))
                           : g_strdup (_("Leave empty for none."));
  else
    tooltip = g_strdup (help);

  /* the title above the value: a narrow panel keeps it whole */
  row = roof_number_row_new (schema->type == ROOF_FIELD_INTEGER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  roof_ui_entry_row_wrap_title (row);
  gtk_widget_set_tooltip_text (row, tooltip);
  gtk_widget_set_name (row, path);
  set_accessible (row, accessible_label, tooltip);
  f->row = row;
  f->control = g_object_ref (row);

  unit = gtk_label_new (schema->unit != NULL ? _(schema->unit) : NULL);
  gtk_label_set_xalign (GTK_LABEL (unit), 0);
  gtk_widget_add_css_class (unit, "dim-label");
  gtk_size_group_add_widget (unit_size_group (group), unit);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), unit);

  g_signal_connect (row, "typed", G_CALLBACK (number_typed_cb), f);

  adw_preferences_group_add (group, row);
  field_refresh (f, TRUE);
}

static void
add_switch_field (RoofSpecEditor *self, AdwPreferencesGroup *group, const RoofFieldSpec *schema)
{
  Field *f = field_new (self, schema, schema->path, _(schema->label));
  GtkWidget *sw = gtk_switch_new ();

  f->kind = CONTROL_SWITCH;
  f->row = action_row_new (f->label, NULL);
  gtk_widget_set_tooltip_text (f->row, f->help);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  gtk_widget_set_name (sw, schema->path);
  set_accessible (sw, f->label, f->help);
  f->control = g_object_ref (sw);
  adw_action_row_add_suffix (ADW_ACTION_ROW (f->row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (f->row), sw);
  field_refresh (f, TRUE);
  g_signal_connect (sw, "notify::active", G_CALLBACK (switch_active_cb), f);
  adw_preferences_group_add (group, f->row);
}

static void
add_dropdown_field (RoofSpecEditor *self, AdwPreferencesGroup *group, const RoofFieldSpec *schema)
{
  Field *f = field_new (self, schema, schema->path, _(schema->label));
  g_autoptr (GtkStringList) items = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  f->kind = CONTROL_DROPDOWN;
  f->choices = schema->choices;
  f->row = action_row_new (f->label, NULL);
  gtk_widget_set_tooltip_text (f->row, f->help);
  gtk_string_list_append (items, NONE_TEXT);
  for (guint i = 0; schema->choices[i] != NULL; i++)
    gtk_string_list_append (items, schema->choices[i]);
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&items)), NULL);
  gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
  gtk_widget_set_name (dropdown, schema->path);
  set_accessible (dropdown, f->label, f->help);
  f->control = g_object_ref (dropdown);
  adw_action_row_add_suffix (ADW_ACTION_ROW (f->row), dropdown);
  field_refresh (f, TRUE);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (dropdown_selected_cb), f);
  adw_preferences_group_add (group, f->row);
}

static void
add_entry_field (RoofSpecEditor *self,
                 AdwPreferencesGroup *group,
                 const RoofFieldSpec *schema,
                 const char *path,
                 const char *label)
{
  Field *f = field_new (self, schema, path, label);
  GtkWidget *row = adw_entry_row_new ();
  GtkWidget *no_unit = gtk_label_new (NULL);

  f->kind = CONTROL_ENTRY;
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), label);
  roof_ui_entry_row_wrap_title (row);
  gtk_widget_set_tooltip_text (row, f->help);
  gtk_widget_set_name (row, path);
  set_accessible (row, label, f->help);
  /* as wide as the units of the group's numbers: the edit icons line up */
  gtk_size_group_add_widget (unit_size_group (group), no_unit);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), no_unit);
  f->row = row;
  f->control = g_object_ref (row);
  field_refresh (f, TRUE);
  g_signal_connect (row, "changed", G_CALLBACK (entry_changed_cb), f);
  adw_preferences_group_add (group, row);
}

static void
add_id_row (RoofSpecEditor *self, AdwPreferencesGroup *group, const RoofFieldSpec *schema)
{
  GtkWidget *row = action_row_new (_(schema->label), NULL);
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
  GtkWidget *row = action_row_new (text, NULL);

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
      GtkWidget *row = action_row_new (_("No sources given"), NULL);

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
  set_accessible (add, _("Add a cache level"), NULL);
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
      set_accessible (remove, remove_label, NULL);
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
            add_entry_field (self, group, m, path, _(m->label));
          else
            add_number_field (self, group, m, path, _(m->label), _(m->label), _(m->help),
                              !m->required);
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

      add_number_field (self, group, schema, path, precision, accessible, NULL, TRUE);
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
            add_entry_field (self, group, row, row->path, _(row->label));
          break;
        case ROOF_FIELD_NUMBER:
        case ROOF_FIELD_INTEGER:
          add_number_field (self, group, row, row->path, _(row->label), _(row->label),
                            _(row->help), !row->required);
          break;
        case ROOF_FIELD_BOOLEAN:
          add_switch_field (self, group, row);
          break;
        case ROOF_FIELD_ENUM:
          add_dropdown_field (self, group, row);
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
    field_refresh (g_ptr_array_index (self->fields, i), force);
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
  self->fields = g_ptr_array_new_with_free_func ((GDestroyNotify) field_free);
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

  if (self->spec == spec)
    return;
  if (self->spec != NULL)
    g_clear_signal_handler (&self->changed_handler, self->spec);
  g_set_object (&self->spec, spec);
  if (spec != NULL)
    self->changed_handler = g_signal_connect (spec, "changed", G_CALLBACK (spec_changed_cb), self);
  g_clear_handle_id (&self->rebuild_source, g_source_remove);
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
