/* roof-spec-editor-private.h — the spec editor's fields, for its two files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * roof-spec-editor.c builds the rows from the schema and follows the spec;
 * roof-spec-editor-fields.c makes one field's row and carries its edits.
 */
#pragma once

#include "roof-spec-editor.h"

G_BEGIN_DECLS

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
  JsonObject *snapshot; /* the spec as of its last change: ::edited's "before" */

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
  GtkEventController *focus; /* string entries: commits when the focus leaves (unowned) */
  const char *const *choices; /* dropdowns: item i + 1 is choices[i]; item 0 is "absent" */
  gboolean optional;
  gboolean absent;
  gboolean in_error; /* but for numbers: their RoofNumberRow's */
};

/* A field of `path` for the schema row `schema`, titled `title`, added to
 * `group` and showing the spec's value. */
void roof_spec_field_add_number (RoofSpecEditor *self,
                                 AdwPreferencesGroup *group,
                                 const RoofFieldSpec *schema,
                                 const char *path,
                                 const char *title,
                                 const char *accessible_label,
                                 const char *help,
                                 gboolean optional);
void roof_spec_field_add_switch (RoofSpecEditor *self,
                                 AdwPreferencesGroup *group,
                                 const RoofFieldSpec *schema);
void roof_spec_field_add_dropdown (RoofSpecEditor *self,
                                   AdwPreferencesGroup *group,
                                   const RoofFieldSpec *schema);
void roof_spec_field_add_entry (RoofSpecEditor *self,
                                AdwPreferencesGroup *group,
                                const RoofFieldSpec *schema,
                                const char *path,
                                const char *title);
/* The spec's value in the control, unless it is being typed in or holds a
 * refused value (`force`: even then, dropping the refused value). */
void roof_spec_field_refresh (Field *f, gboolean force);
void roof_spec_field_free (Field *f);

/* A plain-text action row; the accessible label and description of a
 * control. */
GtkWidget *roof_spec_editor_action_row_new (const char *title, const char *subtitle);
void roof_spec_editor_set_accessible (GtkWidget *widget,
                                      const char *label,
                                      const char *description);

G_END_DECLS
