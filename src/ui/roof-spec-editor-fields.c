/* roof-spec-editor-fields.c — one field of the spec editor: its row, its edits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A field edits one schema path of the spec through its control: what the
 * user does goes through roof_spec_set_* (field_apply ()), a refused value
 * stays in the control with the spec's message, and roof_spec_field_refresh () shows
 * the spec's value again, with the control's own handlers blocked.
 */
#include "config.h"

#include "roof-spec-editor-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "roof-format.h"
#include "roof-number-row.h"
#include "roof-row-hints.h"

/* Shown for an absent optional value (and in dropdowns, to choose absence). */
#define NONE_TEXT ROOF_UI_NONE_TEXT

/* Booleans whose default (when the entry leaves them out) is true. */
static const char *const true_by_default[] = { "ffn_gated", NULL };

void
roof_spec_field_free (Field *f)
{
  if (f->focus != NULL)
    g_signal_handlers_disconnect_by_data (f->focus, f);
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

/* As it is typed: why the spec would refuse it, or NULL. */
static char *
number_check_cb (RoofNumberRow *row, gboolean none, double value, Field *f)
{
  RoofSpec *spec = f->editor->spec;
  g_autoptr (GError) error = NULL;

  if (none ? roof_spec_check_unset (spec, f->path, &error)
           : roof_spec_check_number (spec, f->path, value, &error))
    return NULL;
  return field_message (f, error->message);
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

/* A string field as it is typed: checked, marked when refused, not
 * applied. */
static void
entry_changed_cb (GtkEditable *editable, Field *f)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (editable)));
  g_autoptr (GError) error = NULL;

  if (*text == '\0' ? roof_spec_check_unset (f->editor->spec, f->path, &error)
                     : roof_spec_check_string (f->editor->spec, f->path,
                                               gtk_editable_get_text (editable), &error))
    field_clear_error (f);
  else
    field_set_error (f, error->message);
}

/* Enter, or the focus leaving: what is typed applies, unless it is what
 * the spec already says. */
static void
entry_commit (Field *f)
{
  GtkEditable *editable = GTK_EDITABLE (f->control);
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (editable)));
  const char *value = roof_spec_get_string (f->editor->spec, f->path);

  if (g_strcmp0 (gtk_editable_get_text (editable), value != NULL ? value : "") == 0)
    return;
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
void
roof_spec_field_refresh (Field *f, gboolean force)
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

void
roof_spec_editor_set_accessible (GtkWidget *widget, const char *label, const char *description)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  if (description != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

GtkWidget *
roof_spec_editor_action_row_new (const char *title, const char *subtitle)
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

void
roof_spec_field_add_number (RoofSpecEditor *self,
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
  roof_spec_editor_set_accessible (row, accessible_label, tooltip);
  f->row = row;
  f->control = g_object_ref (row);

  unit = gtk_label_new (schema->unit != NULL ? _(schema->unit) : NULL);
  gtk_label_set_xalign (GTK_LABEL (unit), 0);
  gtk_widget_add_css_class (unit, "dim-label");
  gtk_size_group_add_widget (unit_size_group (group), unit);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), unit);

  g_signal_connect (row, "typed", G_CALLBACK (number_typed_cb), f);
  g_signal_connect (row, "check", G_CALLBACK (number_check_cb), f);

  adw_preferences_group_add (group, row);
  roof_spec_field_refresh (f, TRUE);
}

void
roof_spec_field_add_switch (RoofSpecEditor *self,
                            AdwPreferencesGroup *group,
                            const RoofFieldSpec *schema)
{
  Field *f = field_new (self, schema, schema->path, _(schema->label));
  GtkWidget *sw = gtk_switch_new ();

  f->kind = CONTROL_SWITCH;
  f->row = roof_spec_editor_action_row_new (f->label, NULL);
  gtk_widget_set_tooltip_text (f->row, f->help);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  gtk_widget_set_name (sw, schema->path);
  roof_spec_editor_set_accessible (sw, f->label, f->help);
  f->control = g_object_ref (sw);
  adw_action_row_add_suffix (ADW_ACTION_ROW (f->row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (f->row), sw);
  roof_spec_field_refresh (f, TRUE);
  g_signal_connect (sw, "notify::active", G_CALLBACK (switch_active_cb), f);
  adw_preferences_group_add (group, f->row);
}

void
roof_spec_field_add_dropdown (RoofSpecEditor *self,
                              AdwPreferencesGroup *group,
                              const RoofFieldSpec *schema)
{
  Field *f = field_new (self, schema, schema->path, _(schema->label));
  g_autoptr (GtkStringList) items = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  f->kind = CONTROL_DROPDOWN;
  f->choices = schema->choices;
  f->row = roof_spec_editor_action_row_new (f->label, NULL);
  gtk_widget_set_tooltip_text (f->row, f->help);
  gtk_string_list_append (items, NONE_TEXT);
  for (guint i = 0; schema->choices[i] != NULL; i++)
    gtk_string_list_append (items, schema->choices[i]);
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&items)), NULL);
  gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
  gtk_widget_set_name (dropdown, schema->path);
  roof_spec_editor_set_accessible (dropdown, f->label, f->help);
  f->control = g_object_ref (dropdown);
  adw_action_row_add_suffix (ADW_ACTION_ROW (f->row), dropdown);
  roof_spec_field_refresh (f, TRUE);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (dropdown_selected_cb), f);
  adw_preferences_group_add (group, f->row);
}

void
roof_spec_field_add_entry (RoofSpecEditor *self,
                           AdwPreferencesGroup *group,
                           const RoofFieldSpec *schema,
                           const char *path,
                           const char *label)
{
  Field *f = field_new (self, schema, path, label);
  GtkWidget *row = adw_entry_row_new ();
  GtkWidget *no_unit = gtk_label_new (NULL);
  GtkEventController *focus;

  f->kind = CONTROL_ENTRY;
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  /* Ctrl+Z is the window's Undo, of committed values, not the text's */
  gtk_editable_set_enable_undo (GTK_EDITABLE (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), label);
  roof_ui_entry_row_wrap_title (row);
  gtk_widget_set_tooltip_text (row, f->help);
  gtk_widget_set_name (row, path);
  roof_spec_editor_set_accessible (row, label, f->help);
  /* as wide as the units of the group's numbers: the edit icons line up */
  gtk_size_group_add_widget (unit_size_group (group), no_unit);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), no_unit);
  f->row = row;
  f->control = g_object_ref (row);
  roof_spec_field_refresh (f, TRUE);
  g_signal_connect (row, "changed", G_CALLBACK (entry_changed_cb), f);
  g_signal_connect_swapped (row, "entry-activated", G_CALLBACK (entry_commit), f);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (entry_commit), f);
  gtk_widget_add_controller (row, focus);
  f->focus = focus;
  adw_preferences_group_add (group, row);
}
