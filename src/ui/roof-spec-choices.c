/* roof-spec-choices.c — catalog entries offered in a combo row, after a
 * first choice that names none
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-spec-choices.h"

#include "roof-spec.h"

void
roof_spec_choices_fill (GtkStringList *names, GPtrArray *ids, GListModel *specs, const char *first)
{
  guint n = g_list_model_get_n_items (specs);
  g_autoptr (GPtrArray) strings = g_ptr_array_new ();

  g_ptr_array_set_size (ids, 0);
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (strings, (gpointer) first);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RoofSpec) spec = g_list_model_get_item (specs, i);
      g_ptr_array_add (ids, g_strdup (roof_spec_get_id (spec)));
      g_ptr_array_add (strings, (gpointer) roof_spec_get_name (spec));
    }
  g_ptr_array_add (strings, NULL);
  gtk_string_list_splice (names, 0, g_list_model_get_n_items (G_LIST_MODEL (names)),
                          (const char *const *) strings->pdata);
}

guint
roof_spec_choices_find (GPtrArray *ids, const char *id)
{
  for (guint i = 1; id != NULL && i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id) == 0)
      return i;
  return 0;
}
