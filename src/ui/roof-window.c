/* roof-window.c — the main window: panels, the eight charts, the summary strip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window shows one RoofDocument (the scenario, its file, its unsaved
 * changes) over the catalog it shares with the application's other windows
 * (RoofUserCatalog, saved on its own). This file builds it and keeps its
 * state: the charts recomputed once per frame, the panels' widths and
 * folding, the title, the question before closing with unsaved changes.
 * Actions, opening and recovery are in the other roof-window-*.c files
 * (roof-window-private.h).
 */
#include "config.h"

#include "roof-window-private.h"

#include <glib/gi18n.h>

#include "roof-application.h"
#include "roof-follow.h"
#include "roof-hardware-panel.h"
#include "roof-model-panel.h"

G_DEFINE_FINAL_TYPE (RoofWindow, roof_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_USER_CATALOG,
  PROP_DOCUMENT,
  PROP_CATALOG,
  PROP_SCENARIO,
  PROP_FILE,
  PROP_CHART,
  PROP_HARDWARE_PANEL_VISIBLE,
  PROP_MODEL_PANEL_VISIBLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

AdwToast *
_roof_window_toast_new (const char *text)
{
  /* a toast's title is Pango markup (libadwaita 1.2 has no switch for it),
   * and the text names files and entries: "a&b.json" would be no markup */
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  return adw_toast_new (escaped);
}

void
_roof_window_toast (RoofWindow *self, const char *text)
{
  adw_toast_overlay_add_toast (self->toast_overlay, _roof_window_toast_new (text));
}

void
_roof_window_show_error (RoofWindow *self, const char *heading, const char *body)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

char *
_roof_window_file_display_name (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);
  return g_filename_display_name (base ? base : "");
}

void
_roof_window_show_import_error (RoofWindow *self, GFile *file, const GError *error)
{
  g_autofree char *name = _roof_window_file_display_name (file);
  g_autofree char *heading = g_strdup_printf (_("Could Not Import “%s”"), name);

  _roof_window_show_error (self, heading, error->message);
}

RoofThemeKind
_roof_window_screen_theme (RoofWindow *self)
{
  g_autofree char *pref = g_settings_get_string (self->settings, "chart-theme");
  RoofThemeKind theme;

  if (roof_theme_from_name (pref, &theme))
    return theme;
  return adw_style_manager_get_dark (adw_style_manager_get_default ()) ? ROOF_THEME_DARK
                                                                        : ROOF_THEME_LIGHT;
}

static void
apply_theme (RoofWindow *self)
{
  RoofThemeKind theme = _roof_window_screen_theme (self);

  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    roof_chart_view_set_theme (self->views[i], theme);
  roof_summary_strip_set_theme (self->summary_strip, theme);
}

/* The document's name: in the header in place of the view switcher when the
 * window is too narrow for it, in the summary's heading while the switcher
 * takes the header (the header keeps its width for the switcher's nine
 * views at 1280 px). */
static void
sync_doc_title (RoofWindow *self)
{
  gboolean in_header = adw_view_switcher_title_get_title_visible (self->switcher_title);

  roof_summary_strip_set_document (self->summary_strip, in_header ? NULL : self->doc_shown,
                                   self->doc_tooltip);
}

/* "• name.roofline — Roofline" while there are unsaved changes. */
static void
update_title (RoofWindow *self)
{
  const char *title = roof_document_get_title (self->document);
  const char *subtitle = roof_document_get_subtitle (self->document);
  GFile *file = roof_document_get_file (self->document);
  gboolean dirty = roof_document_get_dirty (self->document);
  /* Translators: the title of a document with unsaved changes */
  g_autofree char *shown = dirty ? g_strdup_printf (_("• %s"), title) : g_strdup (title);
  /* Translators: the window's title: the document's, then the application's name */
  g_autofree char *window_title = g_strdup_printf (_("%s — Roofline"), shown);
  g_autofree char *where = file != NULL ? g_file_get_parse_name (file) : NULL;
  g_autofree char *tooltip = NULL;

  gtk_window_set_title (GTK_WINDOW (self), window_title);
  adw_view_switcher_title_set_title (self->switcher_title, shown);
  adw_view_switcher_title_set_subtitle (self->switcher_title, subtitle);
  if (dirty)
    tooltip = g_strdup_printf (_("%s (unsaved changes)"), where != NULL ? where : title);
  g_free (self->doc_shown);
  self->doc_shown = g_steal_pointer (&shown);
  g_free (self->doc_tooltip);
  self->doc_tooltip = tooltip != NULL ? g_steal_pointer (&tooltip) : g_strdup (where);
  sync_doc_title (self);
}

int
_roof_window_visible_kind (RoofWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->stack);
  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    if (g_strcmp0 (name, roof_plot_kind_name (i)) == 0)
      return i;
  return ROOF_PLOT_ROOFLINE;
}

/* ------------------------------------------------------------------------ */
/* Recomputing: once per frame, however many edits arrived                  */

static gboolean
recompute_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  RoofWindow *self = ROOF_WINDOW (widget);

  self->recompute_tick = 0;
  roof_window_recompute (self);
  return G_SOURCE_REMOVE;
}

void
_roof_window_queue_recompute (RoofWindow *self)
{
  /* the tick runs in the frame clock's update phase, so the charts it
   * invalidates are painted in the same frame */
  if (self->recompute_tick == 0)
    self->recompute_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), recompute_tick_cb,
                                                         NULL, NULL);
}

static void
on_scenario_changed (RoofScenario *scenario, RoofWindow *self)
{
  _roof_window_queue_recompute (self);
}

static void
on_entry_changed (RoofCatalog *catalog, gpointer spec, RoofWindow *self)
{
  _roof_window_queue_recompute (self);
}

static void
on_hardware_items_changed (GListModel *list, guint position, guint removed, guint added,
                           RoofWindow *self)
{
  _roof_window_queue_recompute (self);
}

static void
apply_preferences (RoofWindow *self)
{
  double lo = g_settings_get_double (self->settings, "batch-min");
  double hi = g_settings_get_double (self->settings, "batch-max");

  roof_scenario_set_sensitivity_step (self->scenario,
                                      g_settings_get_double (self->settings, "sensitivity-step"));
  if (hi > lo)
    roof_scenario_set_batch_range (self->scenario, lo, hi);
}

static void
set_scenario (RoofWindow *self, RoofScenario *scenario)
{
  if (!roof_follow_changed (&self->scenario, &self->scenario_changed_id, scenario,
                            G_CALLBACK (on_scenario_changed), self, 0))
    return;
  /* the charts' operating point is dragged into this scenario */
  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    roof_chart_view_set_scenario (self->views[i], scenario);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
  _roof_window_queue_recompute (self);
}

/* ------------------------------------------------------------------------ */
/* Panels                                                                   */

/* The panels are AdwFlaps beside the chart. Each keeps the width the user
 * dragged it to (saved, never squeezed): when the window leaves the chart
 * less than CHART_MIN_WIDTH, a panel folds into an overlay the header's
 * button (F9, Shift+F9) shows over the chart, and docks again, as the user
 * left it, when the window is wide again. The model panel folds first. */
#define CHART_MIN_WIDTH 640
#define PANEL_MIN_WIDTH 240
#define PANEL_MAX_WIDTH 560
/* style.css, separator.panel-handle: a 1 px line with 3 px either side */
#define HANDLE_WIDTH 7

static const char *
visible_key (RoofWindow *self, AdwFlap *flap)
{
  return flap == self->hardware_flap ? "hardware-panel-visible" : "model-panel-visible";
}

static gboolean
flap_folded (AdwFlap *flap)
{
  return adw_flap_get_fold_policy (flap) == ADW_FLAP_FOLD_POLICY_ALWAYS;
}

static void
set_folded (RoofWindow *self, AdwFlap *flap, gboolean folded)
{
  if (folded == flap_folded (flap))
    return;
  /* docked is AUTO, not NEVER: an AUTO flap leaves itself out of its
   * minimum width (a NEVER one adds its own), so the window's minimum is
   * the chart area's whatever is docked, and the window can be made 900 px
   * wide in one step. AUTO would fold only below the content's minimum
   * plus the panel's, far under where the rule above folds it; between a
   * resize and the next frame's update_folds it may do so for a frame. */
  adw_flap_set_fold_policy (flap, folded ? ADW_FLAP_FOLD_POLICY_ALWAYS
                                         : ADW_FLAP_FOLD_POLICY_AUTO);
  /* folded, the panel is an overlay shown on demand; docked, as the user left it */
  adw_flap_set_reveal_flap (flap, !folded
                                    && g_settings_get_boolean (self->settings,
                                                               visible_key (self, flap)));
}

/* Which panels fold in a window `width` wide. */
static void
update_folds (RoofWindow *self, int width)
{
  int hardware = self->hardware_panel_width;
  gboolean hardware_folds, model_folds;

  if (width <= 0)
    return;
  hardware_folds = width - hardware - HANDLE_WIDTH < CHART_MIN_WIDTH;
  if (hardware_folds || !g_settings_get_boolean (self->settings, "hardware-panel-visible"))
    hardware = -HANDLE_WIDTH;
  model_folds = width - hardware - HANDLE_WIDTH - self->model_panel_width - HANDLE_WIDTH
                < CHART_MIN_WIDTH;
  set_folded (self, self->model_flap, model_folds);
  set_folded (self, self->hardware_flap, hardware_folds);
}

static void
on_frame_layout (GdkFrameClock *clock, RoofWindow *self)
{
  update_folds (self, gtk_widget_get_width (GTK_WIDGET (self)));
}

static void
on_realize (GtkWidget *widget, RoofWindow *self)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (widget), "layout",
                           G_CALLBACK (on_frame_layout), self, G_CONNECT_AFTER);
}

static void
on_reveal_flap (AdwFlap *flap, GParamSpec *pspec, RoofWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[flap == self->hardware_flap ? PROP_HARDWARE_PANEL_VISIBLE
                                                                   : PROP_MODEL_PANEL_VISIBLE]);
}

/* Shows or hides a panel at the user's request; a docked panel's state is
 * remembered, a folded one's is not (it is an overlay for the moment). */
static void
reveal_panel (RoofWindow *self, AdwFlap *flap, gboolean reveal)
{
  const char *key = visible_key (self, flap);

  if (!flap_folded (flap) && g_settings_get_boolean (self->settings, key) != reveal)
    g_settings_set_boolean (self->settings, key, reveal);
  adw_flap_set_reveal_flap (flap, reveal);
  /* a panel shown or hidden leaves the other more or less room */
  update_folds (self, gtk_widget_get_width (GTK_WIDGET (self)));
}

static void
set_panel_width (RoofWindow *self, gboolean hardware, int width)
{
  width = CLAMP (width, PANEL_MIN_WIDTH, PANEL_MAX_WIDTH);
  if (hardware)
    self->hardware_panel_width = width;
  else
    self->model_panel_width = width;
  gtk_widget_set_size_request (hardware ? self->hardware_panel : self->model_panel, width, -1);
}

static void
on_handle_drag_begin (GtkGestureDrag *gesture, double x, double y, RoofWindow *self)
{
  GtkWidget *handle = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  self->drag_start_width = handle == self->hardware_handle ? self->hardware_panel_width
                                                           : self->model_panel_width;
}

static void
on_handle_drag_update (GtkGestureDrag *gesture, double dx, double dy, RoofWindow *self)
{
  GtkWidget *handle = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  gboolean hardware = handle == self->hardware_handle;
  AdwFlap *other = hardware ? self->model_flap : self->hardware_flap;
  int other_width = hardware ? self->model_panel_width : self->hardware_panel_width;
  int room = gtk_widget_get_width (GTK_WIDGET (self)) - CHART_MIN_WIDTH - HANDLE_WIDTH;

  if (!flap_folded (other) && adw_flap_get_reveal_flap (other))
    room -= other_width + HANDLE_WIDTH;
  /* the chart stays the largest thing on screen */
  set_panel_width (self, hardware,
                   MIN (self->drag_start_width + (int) (hardware ? dx : -dx),
                        MAX (room, PANEL_MIN_WIDTH)));
}

static void
on_handle_drag_end (GtkGestureDrag *gesture, double dx, double dy, RoofWindow *self)
{
  GtkWidget *handle = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  gboolean hardware = handle == self->hardware_handle;

  g_settings_set_int (self->settings, hardware ? "hardware-panel-width" : "model-panel-width",
                      hardware ? self->hardware_panel_width : self->model_panel_width);
}

static void
panels_init (RoofWindow *self)
{
  GtkWidget *handles[] = { self->hardware_handle, self->model_handle };

  set_panel_width (self, TRUE, g_settings_get_int (self->settings, "hardware-panel-width"));
  set_panel_width (self, FALSE, g_settings_get_int (self->settings, "model-panel-width"));
  adw_flap_set_reveal_flap (self->hardware_flap,
                            g_settings_get_boolean (self->settings, "hardware-panel-visible"));
  adw_flap_set_reveal_flap (self->model_flap,
                            g_settings_get_boolean (self->settings, "model-panel-visible"));
  g_signal_connect_object (self->hardware_flap, "notify::reveal-flap",
                           G_CALLBACK (on_reveal_flap), self, 0);
  g_signal_connect_object (self->model_flap, "notify::reveal-flap", G_CALLBACK (on_reveal_flap),
                           self, 0);
  for (guint i = 0; i < G_N_ELEMENTS (handles); i++)
    {
      GtkGesture *drag = gtk_gesture_drag_new ();
      g_signal_connect_object (drag, "drag-begin", G_CALLBACK (on_handle_drag_begin), self, 0);
      g_signal_connect_object (drag, "drag-update", G_CALLBACK (on_handle_drag_update), self, 0);
      g_signal_connect_object (drag, "drag-end", G_CALLBACK (on_handle_drag_end), self, 0);
      gtk_widget_add_controller (handles[i], GTK_EVENT_CONTROLLER (drag));
      gtk_widget_set_cursor_from_name (handles[i], "col-resize");
    }
  g_signal_connect_object (self, "realize", G_CALLBACK (on_realize), self, 0);
}

/* With no device ticked there is nothing to chart: a page says what to do
 * in place of the chart and the table. */
static void
update_empty_state (RoofWindow *self)
{
  gboolean empty = roof_chart_data_get_n_devices (self->data) == 0
                   && roof_chart_data_get_problem (self->data) == NULL;

  gtk_widget_set_visible (self->empty_page, empty);
  gtk_widget_set_visible (GTK_WIDGET (self->stack), !empty);
}

static void
on_edit_hardware (GtkWidget *panel, const char *id, RoofWindow *self)
{
  g_object_set (self, "hardware-panel-visible", TRUE, NULL);
  roof_hardware_panel_select_hardware (ROOF_HARDWARE_PANEL (self->hardware_panel), id);
}

/* ------------------------------------------------------------------------ */
/* The document's name in the header or the summary                        */

static gboolean
sync_doc_title_cb (gpointer user_data)
{
  RoofWindow *self = user_data;

  self->doc_title_idle = 0;
  sync_doc_title (self);
  return G_SOURCE_REMOVE;
}

static void
on_title_visible (AdwViewSwitcherTitle *title, GParamSpec *pspec, RoofWindow *self)
{
  /* the switcher decides while it is allocated: a header child shown or
   * hidden then would be drawn before its own allocation */
  if (self->doc_title_idle == 0)
    self->doc_title_idle = g_idle_add (sync_doc_title_cb, self);
}

/* ------------------------------------------------------------------------ */
/* GtkWindow                                                                */

static gboolean
roof_window_close_request (GtkWindow *window)
{
  RoofWindow *self = ROOF_WINDOW (window);
  int width, height;

  if (!_roof_window_may_close (self))
    return TRUE;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_delay (self->settings);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_apply (self->settings);

  return GTK_WINDOW_CLASS (roof_window_parent_class)->close_request (window);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
on_visible_child_name (AdwViewStack *stack, GParamSpec *pspec, RoofWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHART]);
}

static void
on_chart_theme_changed (GSettings *settings, const char *key, RoofWindow *self)
{
  apply_theme (self);
}

static void
on_dark_changed (AdwStyleManager *manager, GParamSpec *pspec, RoofWindow *self)
{
  apply_theme (self);
}

static void
on_preferences_changed (GSettings *settings, const char *key, RoofWindow *self)
{
  apply_preferences (self);
}

static void
on_document_notify (RoofDocument *document, GParamSpec *pspec, RoofWindow *self)
{
  const char *name = g_param_spec_get_name (pspec);

  if (g_str_equal (name, "scenario"))
    {
      set_scenario (self, roof_document_get_scenario (document));
      /* another scenario (opened, restored): a history of its own */
      roof_history_set_scenario (self->history, self->scenario);
    }
  else if (g_str_equal (name, "file"))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
      update_title (self);
    }
  else
    update_title (self);
}

static void
on_autosave_failed (RoofDocument *document, GError *error, RoofWindow *self)
{
  /* said once a session: the edits themselves are not lost */
  if (g_object_get_data (G_OBJECT (self), "autosave-reported") != NULL)
    return;
  g_object_set_data (G_OBJECT (self), "autosave-reported", GINT_TO_POINTER (1));
  {
    /* Translators: %s says why */
    g_autofree char *text = g_strdup_printf (_("The recovery copy could not be written: %s"),
                                             error->message);
    _roof_window_toast (self, text);
  }
}

/* The catalog, the document and everything that follows them: the
 * application's shared catalog is a construct property, set after init. */
static void
set_up_document (RoofWindow *self)
{
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  g_autoptr (GFile) recovery_dir = NULL;
  GFile *store_file;

  self->history = roof_history_new ();
  if (self->user_catalog == NULL)
    self->user_catalog = roof_user_catalog_new (NULL);
  self->catalog = g_object_ref (roof_user_catalog_get_catalog (self->user_catalog));
  /* recovery copies next to the catalog file, none for one in memory */
  store_file = roof_user_catalog_get_file (self->user_catalog);
  if (store_file != NULL)
    {
      g_autoptr (GFile) parent = g_file_get_parent (store_file);

      recovery_dir = g_file_get_child (parent, "recovery");
    }
  self->document = roof_document_new (self->catalog, recovery_dir);
  g_signal_connect_object (self->document, "notify", G_CALLBACK (on_document_notify), self, 0);
  g_signal_connect_object (self->document, "autosave-failed", G_CALLBACK (on_autosave_failed),
                           self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATALOG]);

  /* the preferences are the starting point, not a change to save */
  set_scenario (self, scenario);
  apply_preferences (self);
  roof_document_set_scenario (self->document, scenario, NULL, FALSE);
  roof_history_set_scenario (self->history, scenario);

  /* a catalog without the signal yet (older library) only misses live
   * spec edits; never connect to a signal that does not exist */
  if (g_signal_lookup ("entry-changed", ROOF_TYPE_CATALOG) != 0)
    g_signal_connect_object (self->catalog, "entry-changed", G_CALLBACK (on_entry_changed), self,
                             0);
  g_signal_connect_object (roof_catalog_get_hardware (self->catalog), "items-changed",
                           G_CALLBACK (on_hardware_items_changed), self, 0);
  g_signal_connect_object (roof_catalog_get_models (self->catalog), "items-changed",
                           G_CALLBACK (on_hardware_items_changed), self, 0);
  update_title (self);
}

static void
roof_window_constructed (GObject *object)
{
  RoofWindow *self = ROOF_WINDOW (object);

  G_OBJECT_CLASS (roof_window_parent_class)->constructed (object);

  set_up_document (self);
  _roof_window_calibrate_init (self);
  _roof_window_history_init (self);
  _roof_window_watch_catalog (self);
  _roof_window_recent_init (self);
  /* the first frame already shows the answer */
  roof_window_recompute (self);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  else
    /* the first frame already at the right folds: docked panels would make
     * a small window wider */
    update_folds (self, g_settings_get_int (self->settings, "window-width"));
}

static void
roof_window_dispose (GObject *object)
{
  RoofWindow *self = ROOF_WINDOW (object);

  if (self->recompute_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->recompute_tick);
      self->recompute_tick = 0;
    }
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->scenario_changed_id, self->scenario);

  g_clear_handle_id (&self->doc_title_idle, g_source_remove);
  g_clear_pointer (&self->doc_shown, g_free);
  g_clear_pointer (&self->doc_tooltip, g_free);
  if (self->close_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->close_dialog));
  self->close_dialog = NULL;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  g_clear_object (&self->history);

  gtk_widget_dispose_template (GTK_WIDGET (self), ROOF_TYPE_WINDOW);

  g_clear_pointer (&self->data, roof_chart_data_unref);
  g_clear_object (&self->measured_actions);
  g_clear_object (&self->settings);
  /* closed: its recovery copy goes with it */
  g_clear_object (&self->document);

  G_OBJECT_CLASS (roof_window_parent_class)->dispose (object);
}

static void
roof_window_finalize (GObject *object)
{
  RoofWindow *self = ROOF_WINDOW (object);

  g_clear_object (&self->scenario);
  g_clear_object (&self->catalog);
  g_clear_object (&self->user_catalog);

  G_OBJECT_CLASS (roof_window_parent_class)->finalize (object);
}

static void
roof_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofWindow *self = ROOF_WINDOW (object);

  switch (prop_id)
    {
    case PROP_USER_CATALOG:
      g_value_set_object (value, self->user_catalog);
      break;
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_CATALOG:
      g_value_set_object (value, self->catalog);
      break;
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;
    case PROP_FILE:
      g_value_set_object (value,
                          self->document != NULL ? roof_document_get_file (self->document) : NULL);
      break;
    case PROP_CHART:
      g_value_set_string (value, roof_plot_kind_name (_roof_window_visible_kind (self)));
      break;
    /* the header's toggle buttons ask before the template is complete */
    case PROP_HARDWARE_PANEL_VISIBLE:
      g_value_set_boolean (value, self->hardware_flap == NULL
                                    || adw_flap_get_reveal_flap (self->hardware_flap));
      break;
    case PROP_MODEL_PANEL_VISIBLE:
      g_value_set_boolean (value, self->model_flap == NULL
                                    || adw_flap_get_reveal_flap (self->model_flap));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_window_set_property (GObject *object, guint prop_id, const GValue *value,
                          GParamSpec *pspec)
{
  RoofWindow *self = ROOF_WINDOW (object);

  switch (prop_id)
    {
    case PROP_USER_CATALOG:
      self->user_catalog = g_value_dup_object (value);
      break;
    case PROP_CHART:
      {
        const char *name = g_value_get_string (value);
        RoofPlotKind kind;
        if (name != NULL && roof_plot_kind_from_name (name, &kind))
          adw_view_stack_set_visible_child_name (self->stack, roof_plot_kind_name (kind));
      }
      break;
    case PROP_HARDWARE_PANEL_VISIBLE:
      reveal_panel (self, self->hardware_flap, g_value_get_boolean (value));
      break;
    case PROP_MODEL_PANEL_VISIBLE:
      reveal_panel (self, self->model_flap, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_window_class_init (RoofWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = roof_window_constructed;
  object_class->dispose = roof_window_dispose;
  object_class->finalize = roof_window_finalize;
  object_class->get_property = roof_window_get_property;
  object_class->set_property = roof_window_set_property;
  window_class->close_request = roof_window_close_request;

  properties[PROP_USER_CATALOG]
    = g_param_spec_object ("user-catalog", NULL, NULL, ROOF_TYPE_USER_CATALOG,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DOCUMENT] = g_param_spec_object ("document", NULL, NULL, ROOF_TYPE_DOCUMENT,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CATALOG] = g_param_spec_object ("catalog", NULL, NULL, ROOF_TYPE_CATALOG,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCENARIO] = g_param_spec_object ("scenario", NULL, NULL, ROOF_TYPE_SCENARIO,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHART] = g_param_spec_string ("chart", NULL, NULL, "roofline",
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                  | G_PARAM_STATIC_STRINGS);
  properties[PROP_HARDWARE_PANEL_VISIBLE]
    = g_param_spec_boolean ("hardware-panel-visible", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODEL_PANEL_VISIBLE]
    = g_param_spec_boolean ("model-panel-visible", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rooflinelab/Roofline/roof-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, hardware_flap);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, model_flap);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, hardware_handle);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, model_handle);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, strip_separator);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, summary_strip);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, hardware_panel);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, model_panel);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, measured_section);
  gtk_widget_class_bind_template_child_full (widget_class, "roofline_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_ROOFLINE]));
  gtk_widget_class_bind_template_child_full (widget_class, "cost_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_COST]));
  gtk_widget_class_bind_template_child_full (widget_class, "sensitivity_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow,
                                                              views[ROOF_PLOT_SENSITIVITY]));
  gtk_widget_class_bind_template_child_full (widget_class, "batch_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_BATCH]));
  gtk_widget_class_bind_template_child_full (widget_class, "context_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow,
                                                              views[ROOF_PLOT_CONTEXT]));
  gtk_widget_class_bind_template_child_full (widget_class, "memory_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_MEMORY]));
  gtk_widget_class_bind_template_child_full (widget_class, "trend_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_TREND]));
  gtk_widget_class_bind_template_child_full (widget_class, "pareto_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_PARETO]));
  gtk_widget_class_bind_template_child_full (widget_class, "plan_view", FALSE,
                                             G_STRUCT_OFFSET (RoofWindow, views[ROOF_PLOT_PLAN]));
  gtk_widget_class_bind_template_child (widget_class, RoofWindow, fleet_panel);

  _roof_window_class_actions_init (widget_class);
  _roof_window_class_open_init (widget_class);
  _roof_window_class_measured_init (widget_class);
  _roof_window_class_calibrate_init (widget_class);
}

static void
roof_window_init (RoofWindow *self)
{
  /* the catalog and the scenario come in constructed (): the panels bound
   * to them follow when they are set */
  self->settings = g_settings_new (APP_ID);

  g_type_ensure (ROOF_TYPE_CHART_VIEW);
  g_type_ensure (ROOF_TYPE_SUMMARY_STRIP);
  g_type_ensure (ROOF_TYPE_HARDWARE_PANEL);
  g_type_ensure (ROOF_TYPE_MODEL_PANEL);
  g_type_ensure (ROOF_TYPE_FLEET_PANEL);
  gtk_widget_init_template (GTK_WIDGET (self));

  /* the frontier chart's own settings, in the main menu: frontier.y
   * (device, kw, usd) and frontier.linear, properties of its view */
  g_autoptr (GSimpleActionGroup) frontier = g_simple_action_group_new ();
  g_autoptr (GPropertyAction) frontier_y
    = g_property_action_new ("y", self->views[ROOF_PLOT_PARETO], "frontier-y");
  g_autoptr (GPropertyAction) frontier_linear
    = g_property_action_new ("linear", self->views[ROOF_PLOT_PARETO], "frontier-linear");
  g_action_map_add_action (G_ACTION_MAP (frontier), G_ACTION (frontier_y));
  g_action_map_add_action (G_ACTION_MAP (frontier), G_ACTION (frontier_linear));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "frontier", G_ACTION_GROUP (frontier));
  _roof_window_measured_init (self);

  g_signal_connect_object (self->settings, "changed::chart-theme",
                           G_CALLBACK (on_chart_theme_changed), self, 0);
  g_signal_connect_object (self->settings, "changed::sensitivity-step",
                           G_CALLBACK (on_preferences_changed), self, 0);
  g_signal_connect_object (self->settings, "changed::batch-min",
                           G_CALLBACK (on_preferences_changed), self, 0);
  g_signal_connect_object (self->settings, "changed::batch-max",
                           G_CALLBACK (on_preferences_changed), self, 0);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed), self, 0);
  if (g_signal_lookup ("edit-hardware", G_OBJECT_TYPE (self->model_panel)) != 0)
    g_signal_connect_object (self->model_panel, "edit-hardware", G_CALLBACK (on_edit_hardware),
                             self, 0);
  g_signal_connect_object (self->stack, "notify::visible-child-name",
                           G_CALLBACK (on_visible_child_name), self, 0);

  g_settings_bind (self->settings, "last-chart", self, "chart", G_SETTINGS_BIND_DEFAULT);
  panels_init (self);
  /* the document's name in the summary while the view switcher takes the
   * middle; the switcher title shows it when narrow */
  g_signal_connect_object (self->switcher_title, "notify::title-visible",
                           G_CALLBACK (on_title_visible), self, 0);

  _roof_window_dnd_init (self);

  apply_theme (self);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofWindow *
roof_window_new (AdwApplication *application)
{
  RoofUserCatalog *user_catalog = NULL;

  g_return_val_if_fail (application == NULL || ADW_IS_APPLICATION (application), NULL);

  if (ROOF_IS_APPLICATION (application))
    user_catalog = roof_application_get_user_catalog (ROOF_APPLICATION (application));
  return g_object_new (ROOF_TYPE_WINDOW, "application", application, "user-catalog", user_catalog,
                       NULL);
}

RoofWindow *
roof_window_new_with_catalog (AdwApplication *application, RoofUserCatalog *user_catalog)
{
  g_return_val_if_fail (application == NULL || ADW_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (user_catalog == NULL || ROOF_IS_USER_CATALOG (user_catalog), NULL);

  return g_object_new (ROOF_TYPE_WINDOW, "application", application, "user-catalog", user_catalog,
                       NULL);
}

RoofHistory *
roof_window_get_history (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);

  return self->history;
}

RoofDocument *
roof_window_get_document (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->document;
}

RoofUserCatalog *
roof_window_get_user_catalog (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->user_catalog;
}

RoofCatalog *
roof_window_get_catalog (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->catalog;
}

RoofScenario *
roof_window_get_scenario (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->scenario;
}

GFile *
roof_window_get_file (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return roof_document_get_file (self->document);
}

RoofChartView *
roof_window_get_visible_chart (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->views[_roof_window_visible_kind (self)];
}

RoofChartView *
roof_window_get_chart (RoofWindow *self, RoofPlotKind kind)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  g_return_val_if_fail ((int) kind >= 0 && kind < ROOF_PLOT_COUNT, NULL);
  return self->views[kind];
}

RoofSummaryStrip *
roof_window_get_summary_strip (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->summary_strip;
}

GtkWidget *
roof_window_get_hardware_panel (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->hardware_panel;
}

GtkWidget *
roof_window_get_model_panel (RoofWindow *self)
{
  g_return_val_if_fail (ROOF_IS_WINDOW (self), NULL);
  return self->model_panel;
}

void
roof_window_recompute (RoofWindow *self)
{
  g_return_if_fail (ROOF_IS_WINDOW (self));

  if (self->recompute_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->recompute_tick);
      self->recompute_tick = 0;
    }
  g_clear_pointer (&self->data, roof_chart_data_unref);
  self->data = roof_chart_data_new (self->catalog, self->scenario);
  /* every view takes the data; only the visible one renders it */
  for (int i = 0; i < ROOF_PLOT_COUNT; i++)
    roof_chart_view_set_data (self->views[i], self->data);
  roof_summary_strip_set_data (self->summary_strip, self->data);
  update_empty_state (self);
  _roof_window_measured_sync (self);
  roof_fleet_panel_set_data (self->fleet_panel, self->data);
}
