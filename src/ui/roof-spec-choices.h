/* roof-spec-choices.h — catalog entries offered in a combo row, after a
 * first choice that names none
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Fills `names` (the combo row's model) and `ids` (char *, freed by the
 * array) from `specs` (a GListModel of RoofSpec): position 0 is `first`,
 * id NULL; then each entry's name, id for id. */
void roof_spec_choices_fill (GtkStringList *names,
                             GPtrArray *ids,
                             GListModel *specs,
                             const char *first);

/* The position of `id` in `ids`, filled as above; 0 (the first choice) for
 * NULL or an id not there. */
guint roof_spec_choices_find (GPtrArray *ids, const char *id);

G_END_DECLS
