/* roof-catalog-dialogs.c — the questions a catalog file asks: which version
 * of an entry to keep, which entries to export
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-catalog-dialogs.h"

#include <glib/gi18n.h>

/* ------------------------------------------------------------------------ */
/* Conflicts                                                                */

typedef struct
{
  GtkWindow *parent;
  RoofCatalogMerge *merge;
  char *file_name;
  RoofMergeSource source;
  guint next;
  gboolean same_for_rest;
  RoofMergeChoice rest_choice;
  GtkCheckButton *check; /* in the dialog on screen, if any */
  RoofMergeQuestionsDone done;
  gpointer user_data;
  GDestroyNotify destroy;
} Questions;

static void ask (Questions *q);

static void
finish (Questions *q, gboolean accepted)
{
  q->done (q->merge, accepted, q->user_data);
  if (q->destroy != NULL)
    q->destroy (q->user_data);
  g_clear_object (&q->parent);
  g_clear_object (&q->merge);
  g_free (q->file_name);
  g_free (q);
}

static char *
tt (const char *path)
{
  g_autofree char *escaped = g_markup_escape_text (path, -1);

  return g_strdup_printf ("<tt>%s</tt>", escaped);
}

/* "<tt>a</tt>", "<tt>a</tt> and <tt>b</tt>", "<tt>a</tt>, <tt>b</tt> and 3 other fields" */
static char *
describe_fields (char **paths)
{
  guint n = g_strv_length (paths);
  g_autofree char *a = n > 0 ? tt (paths[0]) : NULL;
  g_autofree char *b = n > 1 ? tt (paths[1]) : NULL;
  g_autofree char *c = n > 2 ? tt (paths[2]) : NULL;

  switch (n)
    {
    case 0:
      return g_strdup ("");
    case 1:
      return g_steal_pointer (&a);
    case 2:
      /* Translators: two field names of a catalog entry */
      return g_strdup_printf (_("%s and %s"), a, b);
    case 3:
      /* Translators: three field names of a catalog entry */
      return g_strdup_printf (_("%s, %s and %s"), a, b, c);
    default:
      /* Translators: two field names of a catalog entry, and how many more differ */
      return g_strdup_printf (ngettext ("%s, %s and %u other field", "%s, %s and %u other fields",
                                        n - 2),
                              a, b, n - 2);
    }
}

static void
on_conflict_response (AdwMessageDialog *dialog, const char *response, Questions *q)
{
  RoofMergeChoice choice;

  if (g_strcmp0 (response, "replace") == 0)
    choice = ROOF_MERGE_REPLACE;
  else if (g_strcmp0 (response, "keep") == 0)
    choice = ROOF_MERGE_KEEP_BOTH;
  else if (g_strcmp0 (response, "skip") == 0)
    choice = ROOF_MERGE_SKIP;
  else
    {
      q->check = NULL;
      finish (q, FALSE);
      return;
    }
  roof_catalog_merge_set_choice (q->merge, q->next, choice);
  if (q->check != NULL && gtk_check_button_get_active (q->check))
    {
      q->same_for_rest = TRUE;
      q->rest_choice = choice;
    }
  q->check = NULL;
  q->next++;
  ask (q);
}

/* The question's two paragraphs, from markup-escaped `file`, `fields`
 * (those that differ) and `copy` (the name a copy is added under). */
static void
question_texts (RoofMergeSource source,
                gboolean device,
                const char *file,
                const char *fields,
                const char *copy,
                char **first,
                char **second)
{
  switch (source)
    {
    case ROOF_MERGE_FROM_SCENARIO:
      *first = g_strdup_printf (device
                                  /* Translators: %s: a file name; the second %s: field names */
                                  ? _("The scenario “%s” was made with another version of this "
                                      "device, which differs in %s.")
                                  : _("The scenario “%s” was made with another version of this "
                                      "model, which differs in %s."),
                                file, fields);
      /* Translators: %s is the name the scenario's version is added under */
      *second = g_strdup_printf (_("Replace yours with it, keep both (the scenario then uses "
                                   "“%s”) or skip it (the scenario then uses yours)."),
                                 copy);
      return;
    case ROOF_MERGE_FROM_OTHER_WRITER:
      *first = g_strdup_printf (device
                                  /* Translators: %s: the user catalog's file name; the second
                                   * %s: field names */
                                  ? _("Another Roofline window or program saved “%s” with its "
                                      "own changes to this device, while you changed it here. "
                                      "The two versions differ in %s.")
                                  : _("Another Roofline window or program saved “%s” with its "
                                      "own changes to this model, while you changed it here. "
                                      "The two versions differ in %s."),
                                file, fields);
      /* Translators: %s is the name the other version is added under */
      *second = g_strdup_printf (_("Keep yours, use theirs, or keep both (theirs is added as "
                                   "“%s”). Nothing is written to the file until you choose."),
                                 copy);
      return;
    case ROOF_MERGE_FROM_IMPORT:
    default:
      *first = g_strdup_printf (device
                                  /* Translators: %s: a file name; the second %s: field names */
                                  ? _("“%s” has another version of this device, which differs "
                                      "in %s.")
                                  : _("“%s” has another version of this model, which differs "
                                      "in %s."),
                                file, fields);
      /* Translators: %s is the name the imported version is added under */
      *second = g_strdup_printf (_("Replace yours with it, keep both (it is added as “%s”) or "
                                   "skip it."),
                                 copy);
      return;
    }
}

static void
ask (Questions *q)
{
  guint n = roof_catalog_merge_get_n_conflicts (q->merge);
  AdwMessageDialog *dialog;
  RoofSpec *existing = NULL;
  RoofSpec *incoming;
  g_auto (GStrv) paths = NULL;
  g_autofree char *fields = NULL;
  g_autofree char *file = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *body = NULL;
  g_autofree char *heading = NULL;
  gboolean device;
  gboolean other_writer = q->source == ROOF_MERGE_FROM_OTHER_WRITER;
  guint rest;

  if (q->same_for_rest)
    for (; q->next < n; q->next++)
      roof_catalog_merge_set_choice (q->merge, q->next, q->rest_choice);
  if (q->next >= n)
    {
      finish (q, TRUE);
      return;
    }

  incoming = roof_catalog_merge_get_conflict (q->merge, q->next, &existing);
  device = ROOF_IS_HARDWARE_SPEC (incoming);
  paths = roof_catalog_merge_get_differences (q->merge, q->next);
  fields = describe_fields (paths);
  file = g_markup_escape_text (q->file_name, -1);
  copy = g_markup_escape_text (roof_catalog_merge_get_new_name (q->merge, q->next), -1);

  question_texts (q->source, device, file, fields, copy, &first, &second);
  body = g_strdup_printf ("%s\n\n%s", first, second);

  heading = other_writer
              /* Translators: %s: a device's or a model's name */
              ? g_strdup_printf (_("“%s” Was Changed Elsewhere"), roof_spec_get_name (existing))
              : g_strdup_printf (_("Replace “%s”?"), roof_spec_get_name (existing));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (q->parent, heading, body));
  adw_message_dialog_set_body_use_markup (dialog, TRUE);
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "skip", other_writer ? _("Keep _Yours") : _("_Skip"),
                                    "keep", _("_Keep Both"),
                                    "replace", other_writer ? _("Use _Theirs") : _("_Replace"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "keep", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_appearance (dialog, "replace", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "keep");
  adw_message_dialog_set_close_response (dialog, "cancel");

  rest = n - q->next - 1;
  if (rest > 0)
    {
      g_autofree char *label
        = g_strdup_printf (ngettext ("_Do the same for the other conflict",
                                     "_Do the same for the other %u conflicts", rest),
                           rest);

      q->check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (label));
      gtk_widget_set_halign (GTK_WIDGET (q->check), GTK_ALIGN_CENTER);
      adw_message_dialog_set_extra_child (dialog, GTK_WIDGET (q->check));
    }
  g_signal_connect (dialog, "response", G_CALLBACK (on_conflict_response), q);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
roof_merge_questions_run (GtkWindow *parent,
                          RoofCatalogMerge *merge,
                          const char *file_name,
                          RoofMergeSource source,
                          RoofMergeQuestionsDone done,
                          gpointer user_data,
                          GDestroyNotify destroy)
{
  Questions *q;

  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (ROOF_IS_CATALOG_MERGE (merge));
  g_return_if_fail (done != NULL);

  q = g_new0 (Questions, 1);
  q->parent = g_object_ref (parent);
  q->merge = g_object_ref (merge);
  q->file_name = g_strdup (file_name != NULL ? file_name : "");
  q->source = source;
  q->done = done;
  q->user_data = user_data;
  q->destroy = destroy;
  ask (q);
}

/* ------------------------------------------------------------------------ */
/* Entries to export                                                        */

typedef struct
{
  GPtrArray *candidates; /* RoofSpec */
  GPtrArray *checks;     /* GtkCheckButton, one per candidate (unowned) */
  AdwMessageDialog *dialog;
  RoofEntryPickerDone done;
  gpointer user_data;
  GDestroyNotify destroy;
} Picker;

static void
picker_free (gpointer data)
{
  Picker *p = data;

  if (p->destroy != NULL)
    p->destroy (p->user_data);
  g_ptr_array_unref (p->candidates);
  g_ptr_array_unref (p->checks);
  g_free (p);
}

static void
picker_closure_free (gpointer data, GClosure *closure)
{
  picker_free (data);
}

static void
on_check_toggled (GtkCheckButton *check, Picker *p)
{
  gboolean any = FALSE;

  for (guint i = 0; i < p->checks->len && !any; i++)
    any = gtk_check_button_get_active (g_ptr_array_index (p->checks, i));
  adw_message_dialog_set_response_enabled (p->dialog, "export", any);
}

static void
on_picker_response (AdwMessageDialog *dialog, const char *response, Picker *p)
{
  g_autoptr (GPtrArray) chosen = NULL;

  if (g_strcmp0 (response, "export") == 0)
    {
      chosen = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; i < p->checks->len; i++)
        if (gtk_check_button_get_active (g_ptr_array_index (p->checks, i)))
          g_ptr_array_add (chosen, g_object_ref (g_ptr_array_index (p->candidates, i)));
    }
  p->done (chosen, p->user_data);
}

static const char *
describe_entry (RoofSpec *spec)
{
  gboolean device = ROOF_IS_HARDWARE_SPEC (spec);

  if (!roof_spec_get_builtin (spec))
    return device ? _("Custom device") : _("Custom model");
  if (roof_spec_get_modified (spec))
    return device ? _("Modified device") : _("Modified model");
  return device ? _("Built-in device") : _("Built-in model");
}

GtkWindow *
roof_entry_picker_run (GtkWindow *parent,
                       GPtrArray *candidates,
                       GPtrArray *checked,
                       RoofEntryPickerDone done,
                       gpointer user_data,
                       GDestroyNotify destroy)
{
  Picker *p;
  GtkWidget *list;
  GtkWidget *scroller;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (candidates != NULL, NULL);
  g_return_val_if_fail (done != NULL, NULL);

  p = g_new0 (Picker, 1);
  p->candidates = g_ptr_array_ref (candidates);
  p->checks = g_ptr_array_new ();
  p->done = done;
  p->user_data = user_data;
  p->destroy = destroy;

  p->dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
    parent, _("Export Catalog Entries"),
    _("Choose the devices and models to write to a catalog file. Import Catalog brings them "
      "into another Roofline, and roofline-cli reads them with --catalog.")));
  adw_message_dialog_add_responses (p->dialog, "cancel", _("_Cancel"), "export", _("_Export…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (p->dialog, "export", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (p->dialog, "export");
  adw_message_dialog_set_close_response (p->dialog, "cancel");

  list = gtk_list_box_new ();
  gtk_widget_set_name (list, "export-entries");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < candidates->len; i++)
    {
      RoofSpec *spec = g_ptr_array_index (candidates, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      g_autofree char *subtitle = g_strdup_printf ("%s · %s", describe_entry (spec),
                                                   roof_spec_get_id (spec));

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), roof_spec_get_name (spec));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_name (check, roof_spec_get_id (spec));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                   checked == NULL || g_ptr_array_find (checked, spec, NULL));
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_signal_connect (check, "toggled", G_CALLBACK (on_check_toggled), p);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      g_ptr_array_add (p->checks, check);
    }
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 320);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  adw_message_dialog_set_extra_child (p->dialog, scroller);
  on_check_toggled (NULL, p);

  g_signal_connect_data (p->dialog, "response", G_CALLBACK (on_picker_response), p,
                         picker_closure_free, 0);
  gtk_window_present (GTK_WINDOW (p->dialog));
  return GTK_WINDOW (p->dialog);
}
