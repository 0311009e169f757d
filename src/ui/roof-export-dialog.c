/* roof-export-dialog.c — format, size, scale and theme of a chart export, then a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-export-dialog.h"

#include <glib/gi18n.h>

#include "roof-spec-editor.h"

static const struct
{
  int width, height;
} size_presets[] = {
  { 1600, 1000 }, { 1920, 1080 }, { 1280, 800 }, { 800, 500 },
};
#define SIZE_CUSTOM G_N_ELEMENTS (size_presets)

static const char *const format_names[] = { "png", "svg", "pdf" };
static const char *const theme_names[] = { "light", "dark", "print" };

struct _RoofExportDialog
{
  AdwWindow parent_instance;

  AdwComboRow *format_row;
  AdwComboRow *size_row;
  AdwActionRow *width_row;
  AdwActionRow *height_row;
  AdwActionRow *scale_row;
  GtkSpinButton *width_spin;
  GtkSpinButton *height_spin;
  GtkSpinButton *scale_spin;
  AdwComboRow *theme_row;
  AdwActionRow *transparent_row;
  GtkSwitch *transparent_switch;
  GtkSwitch *caption_switch;
  GtkWidget *export_button;

  GSettings *settings;
  RoofPlotKind kind;
  GtkFileChooserNative *chooser;
  gboolean syncing;
};

G_DEFINE_FINAL_TYPE (RoofExportDialog, roof_export_dialog, ADW_TYPE_WINDOW)

enum
{
  EXPORT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* GSettings ↔ combo rows                                                   */

static gboolean
get_choice (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *const *names = user_data;
  const char *s = g_variant_get_string (variant, NULL);
  for (guint i = 0; names[i] != NULL; i++)
    if (g_strcmp0 (s, names[i]) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
set_choice (const GValue *value, const GVariantType *type, gpointer user_data)
{
  const char *const *names = user_data;
  guint i = g_value_get_uint (value);
  if (i >= g_strv_length ((char **) names))
    return NULL;
  return g_variant_new_string (names[i]);
}

static RoofExportFormat
selected_format (RoofExportDialog *self)
{
  return (RoofExportFormat) MIN (adw_combo_row_get_selected (self->format_row), 2u);
}

static void
sync_sensitivity (RoofExportDialog *self)
{
  gboolean png = selected_format (self) == ROOF_EXPORT_PNG;
  gboolean custom = adw_combo_row_get_selected (self->size_row) == SIZE_CUSTOM;
  g_autofree char *too_large = NULL;

  if (png
      && !roof_export_size_fits (gtk_spin_button_get_value (self->width_spin),
                                 gtk_spin_button_get_value (self->height_spin),
                                 gtk_spin_button_get_value (self->scale_spin), NULL, NULL))
    too_large = g_strdup_printf (_("Too large: a PNG may have at most %d megapixels (width × "
                                   "height × scale²) and %d pixels a side"),
                                 ROOF_EXPORT_MAX_MEGAPIXELS, ROOF_EXPORT_MAX_SIDE);

  gtk_widget_set_visible (GTK_WIDGET (self->width_row), custom);
  gtk_widget_set_visible (GTK_WIDGET (self->height_row), custom);
  gtk_widget_set_sensitive (GTK_WIDGET (self->scale_row), png);
  gtk_widget_set_sensitive (GTK_WIDGET (self->transparent_row), png);
  gtk_widget_set_sensitive (self->export_button, too_large == NULL);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->size_row),
                               too_large != NULL ? too_large
                               : png             ? _("Pixels before scaling")
                                                 : _("Points (1/72 inch)"));
}

static void
on_value_changed (GtkSpinButton *spin, RoofExportDialog *self)
{
  sync_sensitivity (self);
}

static void
select_preset_for_size (RoofExportDialog *self)
{
  int w = gtk_spin_button_get_value_as_int (self->width_spin);
  int h = gtk_spin_button_get_value_as_int (self->height_spin);
  guint preset = SIZE_CUSTOM;

  for (guint i = 0; i < G_N_ELEMENTS (size_presets); i++)
    if (size_presets[i].width == w && size_presets[i].height == h)
      preset = i;
  self->syncing = TRUE;
  adw_combo_row_set_selected (self->size_row, preset);
  self->syncing = FALSE;
}

static void
on_size_selected (AdwComboRow *row, GParamSpec *pspec, RoofExportDialog *self)
{
  guint i = adw_combo_row_get_selected (row);

  if (!self->syncing && i < G_N_ELEMENTS (size_presets))
    {
      gtk_spin_button_set_value (self->width_spin, size_presets[i].width);
      gtk_spin_button_set_value (self->height_spin, size_presets[i].height);
    }
  sync_sensitivity (self);
}

static void
on_format_selected (AdwComboRow *row, GParamSpec *pspec, RoofExportDialog *self)
{
  sync_sensitivity (self);
}

/* ------------------------------------------------------------------------ */
/* The file                                                                 */

static void
on_chooser_response (GtkNativeDialog *native, int response, RoofExportDialog *self)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;

  {
    /* a name without a known extension gets the chosen format's */
    g_autofree char *path = g_file_get_path (file);
    if (path != NULL && !roof_export_format_from_path (path, NULL))
      {
        g_autofree char *fixed = g_strdup_printf ("%s.%s", path,
                                                  format_names[selected_format (self)]);
        g_object_unref (file);
        file = g_file_new_for_path (fixed);
      }
  }
  g_object_ref (self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_signal_emit (self, signals[EXPORT], 0, file);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
on_export_clicked (RoofExportDialog *self)
{
  RoofExportFormat format = selected_format (self);
  g_autofree char *name = roof_export_dialog_suggest_name (self->kind, format);
  g_autofree char *folder = g_settings_get_string (self->settings, "export-folder");
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  static const char *const mime[] = { "image/png", "image/svg+xml", "application/pdf" };

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Export Chart"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_add_mime_type (filter, mime[format]);
  gtk_file_filter_add_suffix (filter, format_names[format]);
  {
    GObject *item = adw_combo_row_get_selected_item (self->format_row);
    if (GTK_IS_STRING_OBJECT (item))
      gtk_file_filter_set_name (filter, gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
  }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  if (folder != NULL && *folder != '\0' && g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_autoptr (GFile) dir = g_file_new_for_path (folder);
      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), dir, NULL);
    }
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_export_dialog_dispose (GObject *object)
{
  RoofExportDialog *self = ROOF_EXPORT_DIALOG (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), ROOF_TYPE_EXPORT_DIALOG);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (roof_export_dialog_parent_class)->dispose (object);
}

static void
roof_export_dialog_class_init (RoofExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = roof_export_dialog_dispose;

  /**
   * RoofExportDialog::export:
   * @file: where to write, its extension matching the chosen format
   */
  signals[EXPORT] = g_signal_new ("export", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rooflinelab/Roofline/"
                                               "roof-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, size_row);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, width_row);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, height_row);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, scale_row);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, width_spin);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, height_spin);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, scale_spin);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, theme_row);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, transparent_row);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, transparent_switch);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, caption_switch);
  gtk_widget_class_bind_template_child (widget_class, RoofExportDialog, export_button);
  gtk_widget_class_bind_template_callback (widget_class, on_export_clicked);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
roof_export_dialog_init (RoofExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the wheel scrolls the page; it changes a size only once focused */
  roof_ui_guard_scroll_all (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  g_settings_bind_with_mapping (self->settings, "export-format", self->format_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, get_choice, set_choice,
                                (gpointer) format_names, NULL);
  g_settings_bind_with_mapping (self->settings, "export-theme", self->theme_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, get_choice, set_choice,
                                (gpointer) theme_names, NULL);
  g_settings_bind (self->settings, "export-width", self->width_spin, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-height", self->height_spin, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-scale", self->scale_spin, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-transparent", self->transparent_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-caption", self->caption_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);

  select_preset_for_size (self);
  g_signal_connect_object (self->size_row, "notify::selected", G_CALLBACK (on_size_selected),
                           self, 0);
  g_signal_connect_object (self->format_row, "notify::selected",
                           G_CALLBACK (on_format_selected), self, 0);
  g_signal_connect_object (self->width_spin, "value-changed", G_CALLBACK (on_value_changed), self,
                           0);
  g_signal_connect_object (self->height_spin, "value-changed", G_CALLBACK (on_value_changed),
                           self, 0);
  g_signal_connect_object (self->scale_spin, "value-changed", G_CALLBACK (on_value_changed), self,
                           0);
  sync_sensitivity (self);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofExportDialog *
roof_export_dialog_new (GtkWindow *parent, RoofPlotKind kind)
{
  RoofExportDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = g_object_new (ROOF_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->kind = kind;
  return self;
}

char *
roof_export_dialog_suggest_name (RoofPlotKind kind, RoofExportFormat format)
{
  const char *chart = roof_plot_kind_name (kind);
  return g_strdup_printf ("roofline-%s.%s", chart ? chart : "chart",
                          format_names[MIN ((guint) format, 2u)]);
}
