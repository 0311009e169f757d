/* roof-hardware-panel.c — the left panel: devices to compare, and their specs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8 list views have no sections, so the list is flattened: a
 * GtkStringObject per vendor header followed by that vendor's
 * RoofHardwareSpecs. The flattened list is recomputed when the search, the
 * catalog or an entry changes, and spliced in only when it differs, so an
 * edit that leaves name and vendor alone recreates no row.
 */
#include "config.h"

#include "roof-hardware-panel.h"

#include <glib/gi18n.h>
#include <string.h>

#include "roof-hardware-row.h"
#include "roof-catalog-entries.h"
#include "roof-follow.h"
#include "roof-spec-editor.h"

struct _RoofHardwarePanel
{
  RoofPanel parent_instance;

  /* template */
  GtkSearchEntry *search_entry;
  GtkStack *list_stack;
  GtkListView *list_view;
  GtkStack *editor_stack;
  GtkScrolledWindow *editor_scroller;
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkLabel *custom_badge;
  GtkLabel *modified_badge;
  GtkButton *reset_button;
  GtkButton *delete_button;
  RoofSpecEditor *editor;

  GListModel *hardware; /* the catalog's, watched for additions */

  GListStore *rows; /* GtkStringObject (vendor header) or RoofHardwareSpec */
  GtkSingleSelection *selection;
  RoofHardwareSpec *selected; /* in the editor; may be hidden by the search */
  gulong selected_handler;
  gboolean rebuilding;
  guint focus_tick; /* focusing the list once its rows are on screen */
  int focus_tries;
};

G_DEFINE_FINAL_TYPE (RoofHardwarePanel, roof_hardware_panel, ROOF_TYPE_PANEL)

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static const char *
vendor_of (RoofHardwareSpec *spec)
{
  const char *vendor = roof_hardware_spec_get_vendor (spec);

  return vendor != NULL && *vendor != '\0' ? vendor : NULL;
}

/* Every word of the search appears in the name, the id or the vendor. */
static gboolean
matches (RoofHardwareSpec *spec, char **words)
{
  g_autofree char *haystack = NULL;
  g_autofree char *folded = NULL;

  if (words == NULL || words[0] == NULL)
    return TRUE;
  haystack = g_strjoin (" ", roof_spec_get_name (ROOF_SPEC (spec)),
                        roof_spec_get_id (ROOF_SPEC (spec)),
                        vendor_of (spec) != NULL ? vendor_of (spec) : "", NULL);
  folded = g_utf8_casefold (haystack, -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (folded, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static char **
search_words (RoofHardwarePanel *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *folded = g_utf8_casefold (text, -1);
  g_auto (GStrv) split = g_strsplit_set (folded, " \t", -1);
  GPtrArray *words = g_ptr_array_new ();

  for (guint i = 0; split[i] != NULL; i++)
    if (*split[i] != '\0')
      g_ptr_array_add (words, g_strdup (split[i]));
  g_ptr_array_add (words, NULL);
  return (char **) g_ptr_array_free (words, FALSE);
}

static gboolean
same_item (GObject *a, GObject *b)
{
  if (GTK_IS_STRING_OBJECT (a) && GTK_IS_STRING_OBJECT (b))
    return g_strcmp0 (gtk_string_object_get_string (GTK_STRING_OBJECT (a)),
                      gtk_string_object_get_string (GTK_STRING_OBJECT (b)))
           == 0;
  return a == b;
}

static guint
position_of (RoofHardwarePanel *self, RoofHardwareSpec *spec)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));

  for (guint i = 0; spec != NULL && i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (self->rows), i);

      if (item == (GObject *) spec)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static void
sync_selection (RoofHardwarePanel *self)
{
  guint position = position_of (self, self->selected);

  self->rebuilding = TRUE;
  if (position != gtk_single_selection_get_selected (self->selection))
    gtk_single_selection_set_selected (self->selection, position);
  self->rebuilding = FALSE;
}

/* Vendors in catalog order, each followed by its devices that match. */
static void
rebuild_rows (RoofHardwarePanel *self)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) vendors = g_ptr_array_new ();
  g_auto (GStrv) words = search_words (self);
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  guint n = self->hardware != NULL ? g_list_model_get_n_items (self->hardware) : 0;
  gboolean same;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RoofHardwareSpec) spec = g_list_model_get_item (self->hardware, i);
      const char *vendor = vendor_of (spec);

      if (vendor != NULL && !g_ptr_array_find_with_equal_func (vendors, vendor, g_str_equal, NULL))
        g_ptr_array_add (vendors, (gpointer) vendor);
    }
  /* devices without a vendor last, under "Other" */
  g_ptr_array_add (vendors, NULL);

  for (guint v = 0; v < vendors->len; v++)
    {
      const char *vendor = g_ptr_array_index (vendors, v);
      gboolean header = FALSE;

      for (guint i = 0; i < n; i++)
        {
          g_autoptr (RoofHardwareSpec) spec = g_list_model_get_item (self->hardware, i);

          if (g_strcmp0 (vendor_of (spec), vendor) != 0 || !matches (spec, words))
            continue;
          if (!header)
            {
              const char *title = vendor != NULL ? vendor : C_("vendor", "Other");

              g_ptr_array_add (items, gtk_string_object_new (title));
              header = TRUE;
            }
          g_ptr_array_add (items, g_object_ref (spec));
        }
    }

  same = n_old == items->len;
  for (guint i = 0; same && i < n_old; i++)
    {
      g_autoptr (GObject) old = g_list_model_get_item (G_LIST_MODEL (self->rows), i);

      same = same_item (old, g_ptr_array_index (items, i));
    }
  if (!same)
    {
      self->rebuilding = TRUE;
      g_list_store_splice (self->rows, 0, n_old, items->pdata, items->len);
      self->rebuilding = FALSE;
    }
  sync_selection (self);
  gtk_stack_set_visible_child_name (self->list_stack, items->len > 0 ? "list" : "no-results");
}

static void
update_header (RoofHardwarePanel *self)
{
  RoofSpec *spec = ROOF_SPEC (self->selected);
  g_autoptr (GString) subtitle = g_string_new (NULL);
  const char *vendor;
  gboolean builtin, modified;

  if (spec == NULL)
    return;

  builtin = roof_spec_get_builtin (spec);
  modified = roof_spec_get_modified (spec);
  gtk_label_set_label (self->title_label, roof_spec_get_name (spec));
  vendor = vendor_of (self->selected);
  if (vendor != NULL)
    g_string_append_printf (subtitle, "%s · ", vendor);
  if (roof_spec_get_year (spec) > 0)
    g_string_append_printf (subtitle, "%d · ", roof_spec_get_year (spec));
  g_string_append (subtitle, roof_spec_get_id (spec));
  gtk_label_set_label (self->subtitle_label, subtitle->str);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->subtitle_label), subtitle->str);
  gtk_widget_set_visible (GTK_WIDGET (self->custom_badge), !builtin);
  gtk_widget_set_visible (GTK_WIDGET (self->modified_badge), builtin && modified);
  gtk_widget_set_visible (GTK_WIDGET (self->reset_button), builtin && modified);
  /* a built-in device is reset, never deleted */
  gtk_widget_set_visible (GTK_WIDGET (self->delete_button), !builtin);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->delete_button), "s",
                                    roof_spec_get_id (spec));
}

static void
selected_changed_cb (RoofHardwarePanel *self)
{
  update_header (self);
}

static void
show_spec (RoofHardwarePanel *self, RoofHardwareSpec *spec)
{
  if (!roof_follow_changed (&self->selected, &self->selected_handler, spec,
                            G_CALLBACK (selected_changed_cb), self, G_CONNECT_SWAPPED))
    return;
  roof_spec_editor_set_spec (self->editor, ROOF_SPEC (spec));
  update_header (self);
  gtk_stack_set_visible_child_name (self->editor_stack, spec != NULL ? "editor" : "empty");
  /* nothing to edit: the list takes the whole panel */
  gtk_widget_set_visible (GTK_WIDGET (self->editor_stack), spec != NULL);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->editor_scroller), 0);
  sync_selection (self);
}

/* ------------------------------------------------------------------------ */
/* Callbacks                                                                */

static void
search_changed_cb (RoofHardwarePanel *self)
{
  rebuild_rows (self);
}

static void
stop_search_cb (RoofHardwarePanel *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

static void
duplicate_clicked_cb (RoofHardwarePanel *self)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));
  g_autofree char *id = NULL;

  if (self->selected == NULL || catalog == NULL)
    return;
  id = roof_catalog_duplicate_entry (catalog, ROOF_SPEC (self->selected));
  if (id != NULL)
    roof_hardware_panel_select_hardware (self, id);
}

static void
reset_clicked_cb (RoofHardwarePanel *self)
{
  if (self->selected == NULL)
    return;
  roof_spec_reset (ROOF_SPEC (self->selected));
  /* fields holding refused text show the shipped values too */
  roof_spec_editor_reload (self->editor);
  update_header (self);
}

static void
selection_changed_cb (RoofHardwarePanel *self)
{
  GObject *item = gtk_single_selection_get_selected_item (self->selection);

  if (self->rebuilding)
    return;
  if (ROOF_IS_HARDWARE_SPEC (item))
    show_spec (self, ROOF_HARDWARE_SPEC (item));
}

static void
hardware_items_changed_cb (RoofHardwarePanel *self)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));

  rebuild_rows (self);
  if (self->selected != NULL
      && roof_catalog_find_hardware (catalog, roof_spec_get_id (ROOF_SPEC (self->selected)))
           != self->selected)
    show_spec (self, NULL);
}

static void
entry_changed_cb (RoofHardwarePanel *self, RoofSpec *spec)
{
  /* a new name or vendor may move the device or hide it from the search */
  if (ROOF_IS_HARDWARE_SPEC (spec))
    rebuild_rows (self);
}

/* Space and Enter on a focused device tick it or untick it, as a click on
 * its check does; the list sees the keys before its rows do. */
static gboolean
list_key_pressed_cb (GtkEventControllerKey *controller,
                     guint keyval,
                     guint keycode,
                     GdkModifierType state,
                     RoofHardwarePanel *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self->list_view));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if ((state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_ALT_MASK)) != 0
      || (keyval != GDK_KEY_space && keyval != GDK_KEY_KP_Space && keyval != GDK_KEY_Return
          && keyval != GDK_KEY_KP_Enter))
    return FALSE;
  /* the focus is the list's item widget; the device's row is its child */
  if (focus == NULL || gtk_widget_get_parent (focus) != GTK_WIDGET (self->list_view)
      || !ROOF_IS_HARDWARE_ROW (gtk_widget_get_first_child (focus)))
    return FALSE;
  {
    GtkWidget *row = gtk_widget_get_first_child (focus);
    GtkCheckButton *check = roof_hardware_row_get_check (ROOF_HARDWARE_ROW (row));
    gtk_check_button_set_active (check, !gtk_check_button_get_active (check));
  }
  return TRUE;
}

static GtkWidget *
header_new (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_margin_top (label, 12);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, RoofHardwarePanel *self)
{
  RoofScenario *scenario = roof_panel_get_scenario (ROOF_PANEL (self));
  GObject *object = gtk_list_item_get_item (item);
  GtkWidget *child = gtk_list_item_get_child (item);

  if (GTK_IS_STRING_OBJECT (object))
    {
      if (!GTK_IS_LABEL (child))
        {
          child = header_new ();
          gtk_list_item_set_child (item, child);
        }
      gtk_label_set_label (GTK_LABEL (child),
                           gtk_string_object_get_string (GTK_STRING_OBJECT (object)));
      gtk_list_item_set_selectable (item, FALSE);
      gtk_list_item_set_activatable (item, FALSE);
    }
  else
    {
      if (!ROOF_IS_HARDWARE_ROW (child))
        {
          child = roof_hardware_row_new ();
          gtk_list_item_set_child (item, child);
        }
      roof_hardware_row_set_scenario (ROOF_HARDWARE_ROW (child), scenario);
      roof_hardware_row_set_spec (ROOF_HARDWARE_ROW (child), ROOF_HARDWARE_SPEC (object));
      gtk_list_item_set_selectable (item, TRUE);
      gtk_list_item_set_activatable (item, TRUE);
    }
}

static void
unbind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, RoofHardwarePanel *self)
{
  GtkWidget *child = gtk_list_item_get_child (item);

  /* a row waiting for reuse follows nothing */
  if (ROOF_IS_HARDWARE_ROW (child))
    {
      roof_hardware_row_set_spec (ROOF_HARDWARE_ROW (child), NULL);
      roof_hardware_row_set_scenario (ROOF_HARDWARE_ROW (child), NULL);
    }
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_hardware_panel_dispose (GObject *object)
{
  RoofHardwarePanel *self = ROOF_HARDWARE_PANEL (object);
  GtkWidget *child;

  if (self->focus_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->focus_tick);
  self->focus_tick = 0;
  roof_panel_set_catalog (ROOF_PANEL (self), NULL);
  roof_panel_set_scenario (ROOF_PANEL (self), NULL);
  show_spec (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ROOF_TYPE_HARDWARE_PANEL);
  /* the template's root box is not a bound child: it goes here */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);

  G_OBJECT_CLASS (roof_hardware_panel_parent_class)->dispose (object);
}

static void
roof_hardware_panel_catalog_set (RoofPanel *panel, RoofCatalog *old)
{
  RoofHardwarePanel *self = ROOF_HARDWARE_PANEL (panel);
  RoofCatalog *catalog = roof_panel_get_catalog (panel);

  self->hardware = catalog != NULL ? roof_catalog_get_hardware (catalog) : NULL;
  if (catalog != NULL)
    {
      g_signal_connect_swapped (self->hardware, "items-changed",
                                G_CALLBACK (hardware_items_changed_cb), self);
      g_signal_connect_swapped (catalog, "entry-changed", G_CALLBACK (entry_changed_cb), self);
    }
  show_spec (self, NULL);
  rebuild_rows (self);
}

static void
roof_hardware_panel_scenario_set (RoofPanel *panel)
{
  RoofHardwarePanel *self = ROOF_HARDWARE_PANEL (panel);

  /* the rows bound so far follow the old scenario: rebind them all */
  if (self->rows != NULL)
    {
      GListModel *rows = G_LIST_MODEL (self->rows);
      g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
      guint n = g_list_model_get_n_items (rows);

      for (guint i = 0; i < n; i++)
        g_ptr_array_add (items, g_list_model_get_item (rows, i));
      self->rebuilding = TRUE;
      g_list_store_splice (self->rows, 0, n, items->pdata, n);
      self->rebuilding = FALSE;
      sync_selection (self);
    }
}

static void
roof_hardware_panel_class_init (RoofHardwarePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  RoofPanelClass *panel_class = ROOF_PANEL_CLASS (klass);

  object_class->dispose = roof_hardware_panel_dispose;
  panel_class->catalog_set = roof_hardware_panel_catalog_set;
  panel_class->scenario_set = roof_hardware_panel_scenario_set;

  g_type_ensure (ROOF_TYPE_SPEC_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rooflinelab/Roofline/"
                                               "roof-hardware-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, search_entry);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, list_stack);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, list_view);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, editor_stack);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, editor_scroller);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, title_label);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, custom_badge);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, modified_badge);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, reset_button);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, delete_button);
  gtk_widget_class_bind_template_child (widget_class, RoofHardwarePanel, editor);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, duplicate_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, reset_clicked_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "roofhardwarepanel");
}

static void
roof_hardware_panel_init (RoofHardwarePanel *self)
{
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->rows = g_list_store_new (G_TYPE_OBJECT);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->rows)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_swapped (self->selection, "notify::selected-item",
                            G_CALLBACK (selection_changed_cb), self);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  {
    GtkEventController *keys = gtk_event_controller_key_new ();
    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect (keys, "key-pressed", G_CALLBACK (list_key_pressed_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self->list_view), keys);
  }

  gtk_stack_set_visible_child_name (self->editor_stack, "empty");
  gtk_widget_set_visible (GTK_WIDGET (self->editor_stack), FALSE);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

GtkWidget *
roof_hardware_panel_new (RoofCatalog *catalog, RoofScenario *scenario)
{
  g_return_val_if_fail (catalog == NULL || ROOF_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (scenario == NULL || ROOF_IS_SCENARIO (scenario), NULL);

  return g_object_new (ROOF_TYPE_HARDWARE_PANEL, "catalog", catalog, "scenario", scenario, NULL);
}

gboolean
roof_hardware_panel_select_hardware (RoofHardwarePanel *self, const char *id)
{
  RoofCatalog *catalog = roof_panel_get_catalog (ROOF_PANEL (self));
  RoofHardwareSpec *spec;
  guint position;

  g_return_val_if_fail (ROOF_IS_HARDWARE_PANEL (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  spec = catalog != NULL ? roof_catalog_find_hardware (catalog, id) : NULL;
  if (spec == NULL)
    return FALSE;
  if (position_of (self, spec) == GTK_INVALID_LIST_POSITION)
    roof_hardware_panel_set_search (self, "");
  show_spec (self, spec);
  position = position_of (self, spec);
  if (position != GTK_INVALID_LIST_POSITION)
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u",
                                position);
  return TRUE;
}

RoofHardwareSpec *
roof_hardware_panel_get_selected (RoofHardwarePanel *self)
{
  g_return_val_if_fail (ROOF_IS_HARDWARE_PANEL (self), NULL);

  return self->selected;
}

void
roof_hardware_panel_focus_search (RoofHardwarePanel *self)
{
  g_return_if_fail (ROOF_IS_HARDWARE_PANEL (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/* The focused device, else the first shown (the list's children are its
 * items' widgets, in order; a vendor's heading is not a device). FALSE
 * while no device row is on screen. */
static gboolean
focus_first_device (RoofHardwarePanel *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && gtk_widget_get_parent (focus) == GTK_WIDGET (self->list_view))
    return TRUE;
  for (GtkWidget *item = gtk_widget_get_first_child (GTK_WIDGET (self->list_view)); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    if (gtk_widget_get_mapped (item) && ROOF_IS_HARDWARE_ROW (gtk_widget_get_first_child (item))
        && gtk_widget_grab_focus (item))
      return TRUE;
  return FALSE;
}

static gboolean
focus_list_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  RoofHardwarePanel *self = ROOF_HARDWARE_PANEL (widget);

  /* a panel just shown lays out its rows in the frames that follow */
  if (focus_first_device (self) || ++self->focus_tries >= 10)
    {
      if (self->focus_tries >= 10)
        gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
      self->focus_tick = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
roof_hardware_panel_focus_list (RoofHardwarePanel *self)
{
  g_return_if_fail (ROOF_IS_HARDWARE_PANEL (self));

  if (focus_first_device (self) || self->focus_tick != 0)
    return;
  self->focus_tries = 0;
  self->focus_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), focus_list_tick, NULL, NULL);
}

void
roof_hardware_panel_set_search (RoofHardwarePanel *self, const char *text)
{
  g_return_if_fail (ROOF_IS_HARDWARE_PANEL (self));
  g_return_if_fail (text != NULL);

  /* at once, without the entry's typing delay */
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
  rebuild_rows (self);
}
