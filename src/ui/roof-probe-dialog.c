/* roof-probe-dialog.c — "Measure This Computer…": the probe with a progress bar
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-probe-dialog.h"

#include <glib/gi18n.h>

#include "roof-format.h"
#include "roof-probe.h"

struct _RoofProbeDialog
{
  AdwWindow parent_instance;

  GtkWidget *close_button;
  GtkLabel *heading;
  GtkProgressBar *progress;
  GtkLabel *body;

  double seconds;
  GCancellable *cancellable;
  gboolean started, running;
};

G_DEFINE_FINAL_TYPE (RoofProbeDialog, roof_probe_dialog, ADW_TYPE_WINDOW)

enum
{
  MEASURED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
stage_title (RoofProbeStage stage)
{
  switch (stage)
    {
    case ROOF_PROBE_STAGE_SETUP: return _("Preparing");
    case ROOF_PROBE_STAGE_MEMORY: return _("Memory bandwidth");
    case ROOF_PROBE_STAGE_CACHES: return _("Cache bandwidth");
    case ROOF_PROBE_STAGE_COMPUTE:
    default: return _("Peak FLOP/s");
    }
}

/* ------------------------------------------------------------------------ */
/* Progress, from the measuring thread to the dialog's                      */

typedef struct
{
  RoofProbeDialog *self; /* a reference */
  double fraction;
  RoofProbeStage stage;
} Update;

static gboolean
apply_update (gpointer data)
{
  Update *u = data;

  if (u->self->running && u->self->progress != NULL)
    {
      gtk_progress_bar_set_fraction (u->self->progress, u->fraction);
      gtk_progress_bar_set_text (u->self->progress, stage_title (u->stage));
    }
  return G_SOURCE_REMOVE;
}

static void
update_free (gpointer data)
{
  Update *u = data;

  g_object_unref (u->self);
  g_free (u);
}

static void
on_progress (double fraction, RoofProbeStage stage, gpointer user_data)
{
  Update *u = g_new (Update, 1);

  u->self = g_object_ref (user_data);
  u->fraction = fraction;
  u->stage = stage;
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, apply_update, u, update_free);
}

/* ------------------------------------------------------------------------ */
/* The run                                                                  */

static void
measure_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  RoofProbeResult *r = task_data;
  RoofProbeDialog *self = source;
  GError *error = NULL;

  if (roof_probe_run (self->seconds, on_progress, self, cancellable, r, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
result_free (gpointer data)
{
  roof_probe_result_clear (data);
  g_free (data);
}

static void
show_failure (RoofProbeDialog *self, const GError *error)
{
  gtk_label_set_label (self->heading, _("The measurement failed"));
  gtk_label_set_label (self->body, error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), FALSE);
}

/* "Memory: 18.94 GB/s", a line per cache level and per precision */
char *
roof_probe_dialog_describe (const RoofProbeResult *r)
{
  GString *s = g_string_new (NULL);
  g_autofree char *mem = roof_format (r->memory_bytes_per_s, ROOF_UNIT_BANDWIDTH);
  g_autofree char *load = roof_format_significant (MAX (r->load_average, 0.0), 3);

  /* Translators: %s is a bandwidth, "18.94 GB/s" */
  g_string_append_printf (s, _("Memory: %s"), mem);
  if (r->triad_array_bytes < r->triad_rule_bytes)
    {
      g_autofree char *used = roof_format ((double) r->triad_array_bytes, ROOF_UNIT_BYTES);
      g_autofree char *rule = roof_format ((double) r->triad_rule_bytes, ROOF_UNIT_BYTES);

      g_string_append_c (s, '\n');
      /* Translators: both are sizes, "16.78 MB" and "2.131 GB" */
      g_string_append_printf (s, _("The memory figure comes from arrays of %s, smaller than the "
                                   "%s that STREAM's rule asks: filling them took longer than "
                                   "the time allowed, so part of it may come from a cache."),
                              used, rule);
    }
  for (int i = 0; i < r->n_caches; i++)
    {
      g_autofree char *bw = roof_format (r->caches[i].bytes_per_s, ROOF_UNIT_BANDWIDTH);
      g_string_append_printf (s, "\n%s: %s", r->caches[i].name, bw);
    }
  for (int i = 0; i < r->n_peaks; i++)
    {
      g_autofree char *f = roof_format (r->peaks[i].ops_per_s, ROOF_UNIT_FLOPS);
      g_string_append_printf (s, "\n%s (%s): %s",
                              roof_precision_name (roof_probe_op_precision (r->peaks[i].kernel->op)),
                              r->peaks[i].kernel->isa, f);
    }
  g_string_append (s, "\n\n");
  /* Translators: %s is the load average, "0.52" */
  g_string_append_printf (s, _("Saved to the catalog as “This computer” and added to the "
                               "comparison. The load average was %s when the measurement "
                               "started."),
                          load);
  return g_string_free (s, FALSE);
}

static void
on_measured (GObject *source, GAsyncResult *result, gpointer user_data)
{
  RoofProbeDialog *self = ROOF_PROBE_DIALOG (source);
  RoofProbeResult *r = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofHardwareSpec) spec = NULL;
  g_autofree char *text = NULL;

  self->running = FALSE;
  /* closed while it ran: the run was cancelled, the widgets may be gone */
  if (!g_task_propagate_boolean (G_TASK (result), &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (self->close_button == NULL)
    return;
  gtk_button_set_label (GTK_BUTTON (self->close_button), _("_Close"));
  if (error != NULL)
    {
      show_failure (self, error);
      return;
    }
  spec = roof_probe_entry_spec (r, &error);
  if (spec == NULL)
    {
      show_failure (self, error);
      return;
    }
  g_signal_emit (self, signals[MEASURED], 0, spec);
  text = roof_probe_dialog_describe (r);
  gtk_progress_bar_set_fraction (self->progress, 1.0);
  gtk_progress_bar_set_text (self->progress, _("Done"));
  gtk_label_set_label (self->heading, _("This computer is measured"));
  gtk_label_set_label (self->body, text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->body), "dim-label");
}

static void
start (RoofProbeDialog *self)
{
  g_autoptr (GTask) task = g_task_new (self, self->cancellable, on_measured, NULL);

  self->started = self->running = TRUE;
  g_task_set_task_data (task, g_new0 (RoofProbeResult, 1), result_free);
  g_task_set_name (task, "roof-probe");
  g_task_run_in_thread (task, measure_thread);
}

/* ------------------------------------------------------------------------ */

static gboolean
on_close_request (GtkWindow *window)
{
  g_cancellable_cancel (ROOF_PROBE_DIALOG (window)->cancellable);
  return FALSE;
}

static void
roof_probe_dialog_map (GtkWidget *widget)
{
  RoofProbeDialog *self = ROOF_PROBE_DIALOG (widget);

  GTK_WIDGET_CLASS (roof_probe_dialog_parent_class)->map (widget);
  if (!self->started)
    start (self);
}

static void
roof_probe_dialog_dispose (GObject *object)
{
  RoofProbeDialog *self = ROOF_PROBE_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), ROOF_TYPE_PROBE_DIALOG);
  G_OBJECT_CLASS (roof_probe_dialog_parent_class)->dispose (object);
}

static void
roof_probe_dialog_class_init (RoofProbeDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = roof_probe_dialog_dispose;
  widget_class->map = roof_probe_dialog_map;
  window_class->close_request = on_close_request;

  /**
   * RoofProbeDialog::measured:
   * @spec: the entry "this-computer", validated
   */
  signals[MEASURED] = g_signal_new ("measured", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, ROOF_TYPE_HARDWARE_SPEC);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rooflinelab/Roofline/"
                                               "roof-probe-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, RoofProbeDialog, close_button);
  gtk_widget_class_bind_template_child (widget_class, RoofProbeDialog, heading);
  gtk_widget_class_bind_template_child (widget_class, RoofProbeDialog, progress);
  gtk_widget_class_bind_template_child (widget_class, RoofProbeDialog, body);
}

static void
roof_probe_dialog_init (RoofProbeDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->seconds = ROOF_PROBE_DEFAULT_SECONDS;
  gtk_progress_bar_set_text (self->progress, stage_title (ROOF_PROBE_STAGE_SETUP));
}

RoofProbeDialog *
roof_probe_dialog_new (GtkWindow *parent, double seconds)
{
  RoofProbeDialog *self = g_object_new (ROOF_TYPE_PROBE_DIALOG, "transient-for", parent, NULL);

  g_return_val_if_fail (seconds > 0 && seconds <= ROOF_PROBE_MAX_SECONDS, self);
  self->seconds = seconds;
  return self;
}

gboolean
roof_probe_dialog_get_running (RoofProbeDialog *self)
{
  g_return_val_if_fail (ROOF_IS_PROBE_DIALOG (self), FALSE);

  return self->running;
}
