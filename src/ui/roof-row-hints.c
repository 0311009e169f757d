/* roof-row-hints.c — a line under a preferences row, and whole titles
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-row-hints.h"

#define ROW_NOTE "roof-row-note"   /* the AdwPreferencesRow under the row, owned */
#define ROW_HINT "roof-row-hint"   /* char *, owned */
#define ROW_ERROR "roof-row-error" /* char *, owned */

static GtkWidget *
note_row_new (void)
{
  GtkWidget *note = adw_preferences_row_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_add_css_class (label, "caption");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (note), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (note), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (note), FALSE);
  /* the row it explains is what the keyboard goes to */
  gtk_widget_set_focusable (note, FALSE);
  gtk_widget_set_name (note, "row-note");
  return note;
}

static void
row_update_note (GtkWidget *row)
{
  const char *error = g_object_get_data (G_OBJECT (row), ROW_ERROR);
  const char *hint = g_object_get_data (G_OBJECT (row), ROW_HINT);
  const char *text = error != NULL ? error : hint;
  GtkWidget *note = g_object_get_data (G_OBJECT (row), ROW_NOTE);
  GtkWidget *parent = gtk_widget_get_parent (row);
  GtkWidget *label;

  if (note == NULL)
    {
      /* made when first needed, right under the row in its list */
      if (text == NULL || !GTK_IS_LIST_BOX (parent))
        return;
      note = note_row_new ();
      gtk_list_box_insert (GTK_LIST_BOX (parent), note,
                           gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)) + 1);
      g_object_set_data_full (G_OBJECT (row), ROW_NOTE, g_object_ref (note), g_object_unref);
    }
  label = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (note));
  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
  if (error != NULL)
    {
      gtk_widget_remove_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "error");
    }
  else
    {
      gtk_widget_remove_css_class (label, "error");
      gtk_widget_add_css_class (label, "dim-label");
    }
  gtk_widget_set_visible (note, text != NULL && gtk_widget_get_visible (row));
}

void
roof_ui_row_set_hint (GtkWidget *row, const char *hint)
{
  g_return_if_fail (GTK_IS_LIST_BOX_ROW (row));

  g_object_set_data_full (G_OBJECT (row), ROW_HINT, g_strdup (hint), g_free);
  row_update_note (row);
}

void
roof_ui_row_set_error (GtkWidget *row, const char *message, const char *description)
{
  g_return_if_fail (GTK_IS_LIST_BOX_ROW (row));

  if (message == NULL && g_object_get_data (G_OBJECT (row), ROW_ERROR) == NULL)
    return;
  g_object_set_data_full (G_OBJECT (row), ROW_ERROR, g_strdup (message), g_free);
  if (message != NULL)
    {
      gtk_widget_add_css_class (row, "error");
      gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_INVALID,
                                   GTK_ACCESSIBLE_INVALID_TRUE, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      message, -1);
    }
  else
    {
      const char *tooltip = gtk_widget_get_tooltip_text (row);

      if (description == NULL)
        description = tooltip;
      gtk_widget_remove_css_class (row, "error");
      gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_INVALID,
                                   GTK_ACCESSIBLE_INVALID_FALSE, -1);
      if (description != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                        GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  row_update_note (row);
}

static void
wrap_labels_reading (GtkWidget *widget, const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)), text) == 0)
        {
          gtk_label_set_ellipsize (GTK_LABEL (child), PANGO_ELLIPSIZE_NONE);
          gtk_label_set_wrap (GTK_LABEL (child), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (child), PANGO_WRAP_WORD);
        }
      else
        wrap_labels_reading (child, text);
    }
}

/* AdwEntryRow ellipsizes its title, which a narrow side panel cuts short in
 * some languages ("Temps jusqu'au premier…"): its title labels wrap at word
 * boundaries instead. The row's layout measures the title for its width, so a
 * second line takes room above the value; where the labels are not found (a
 * later libadwaita), the title ellipsizes as before. */
void
roof_ui_entry_row_wrap_title (GtkWidget *row)
{
  const char *title;

  g_return_if_fail (ADW_IS_PREFERENCES_ROW (row));

  title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  if (title != NULL && *title != '\0')
    wrap_labels_reading (row, title);
}
