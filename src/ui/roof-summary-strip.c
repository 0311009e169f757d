/* roof-summary-strip.c — the comparison in figures, one row per device, under the chart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-summary-strip.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "roof-format.h"
#include "roof-summary-levers.h"
#include "roof-theme.h"

typedef struct
{
  char *cells[ROOF_SUMMARY_N_COLUMNS]; /* as shown */
  char *copy[ROOF_SUMMARY_N_COLUMNS];  /* as copied: numbers in the header's unit */
  char *csv[ROOF_SUMMARY_N_COLUMNS];   /* the same with C-locale numbers, NULL: copy's */
  char *tips[ROOF_SUMMARY_N_COLUMNS];
  RoofPlotDevice series; /* its colour: .color, .has_rgb, .rgb */
  gboolean failed; /* the solver refused this device: cells[1] holds why */
  gboolean warn_memory; /* the model does not fit: no figure of the row is achievable */
  double value[ROOF_SUMMARY_N_COLUMNS]; /* NAN where there is none */
  gboolean best[ROOF_SUMMARY_N_COLUMNS];
} Row;

struct _RoofSummaryStrip
{
  GtkWidget parent_instance;

  GtkLabel *document_label;
  GtkLabel *title_label;
  GtkLabel *problem_label;
  GtkGrid *grid;
  GtkWidget *copy_button;
  GtkWidget *table_scroller;

  RoofThemeKind theme;
  RoofChartData *data;
  GArray *rows; /* Row */
  GPtrArray *swatches;
  /* the labels of the grid as built, by row (from 0) and column, for
   * updating in place while the rows' structure stays the same */
  GPtrArray *labels;
  GString *structure;
  guint figures; /* how many sets of figures the strip has shown */
};

G_DEFINE_FINAL_TYPE (RoofSummaryStrip, roof_summary_strip, GTK_TYPE_WIDGET)

static const char *
column_title (RoofSummaryColumn column)
{
  switch (column)
    {
    case ROOF_SUMMARY_DEVICE:
      return _("Device");
    case ROOF_SUMMARY_ITL:
      return _("ITL");
    case ROOF_SUMMARY_TTFT:
      return _("TTFT");
    case ROOF_SUMMARY_TOKENS_PER_S:
      return _("Tokens/s");
    case ROOF_SUMMARY_USD_PER_MTOK:
      /* TRANSLATORS: cost per million output tokens */
      return _("$/Mtok");
    case ROOF_SUMMARY_BOUND:
      return _("Bound by");
    case ROOF_SUMMARY_MEMORY:
      return _("Memory");
    case ROOF_SUMMARY_N_COLUMNS:
    default:
      return "";
    }
}

static const char *
column_copy_title (RoofSummaryColumn column)
{
  switch (column)
    {
    case ROOF_SUMMARY_ITL:
      return _("ITL (ms)");
    case ROOF_SUMMARY_TTFT:
      return _("TTFT (ms)");
    case ROOF_SUMMARY_USD_PER_MTOK:
      return _("USD per million output tokens");
    case ROOF_SUMMARY_DEVICE:
    case ROOF_SUMMARY_TOKENS_PER_S:
    case ROOF_SUMMARY_BOUND:
    case ROOF_SUMMARY_MEMORY:
    case ROOF_SUMMARY_N_COLUMNS:
    default:
      return column_title (column);
    }
}

static const char *
column_tip (RoofSummaryColumn column)
{
  switch (column)
    {
    case ROOF_SUMMARY_ITL:
      return _("Inter-token latency: one decode step at the workload’s batch and context");
    case ROOF_SUMMARY_TTFT:
      return _("Time to first token: the prefill of the batch’s prompts");
    case ROOF_SUMMARY_TOKENS_PER_S:
      return _("Output tokens per second at the decode step: the whole batch, times the "
               "data-parallel replicas");
    case ROOF_SUMMARY_USD_PER_MTOK:
      return _("Cost per million output tokens at the device’s hourly price");
    case ROOF_SUMMARY_BOUND:
      return _("The hardware limit with the largest effect on the step time (sensitivity): "
               "memory bandwidth, compute, interconnect or fixed overhead");
    case ROOF_SUMMARY_MEMORY:
      return _("Whether weights, KV cache and activations fit in the devices’ usable memory");
    case ROOF_SUMMARY_DEVICE:
    case ROOF_SUMMARY_N_COLUMNS:
    default:
      return NULL;
    }
}

static const char *
knob_words (RoofKnob knob)
{
  switch (knob)
    {
    case ROOF_KNOB_PEAK_FLOPS:
      return _("compute");
    case ROOF_KNOB_MEM_BW:
      /* TRANSLATORS: "bound by" memory bandwidth, short for a table cell */
      return _("bandwidth");
    case ROOF_KNOB_INTERCONNECT_BW:
      return _("interconnect");
    case ROOF_KNOB_OVERHEAD:
      return _("overhead");
    case ROOF_KNOB_MEM_CAPACITY:
      return _("memory capacity");
    case ROOF_KNOB_BATCH:
    case ROOF_KNOB_CONTEXT:
    case ROOF_KNOB_BYTES_PER_WEIGHT:
    case ROOF_KNOB_COUNT:
    default:
      return "—";
    }
}

static void
row_clear (gpointer data)
{
  Row *row = data;
  for (int c = 0; c < ROOF_SUMMARY_N_COLUMNS; c++)
    {
      g_free (row->cells[c]);
      g_free (row->copy[c]);
      g_free (row->csv[c]);
      g_free (row->tips[c]);
    }
}

/* Numbers for the clipboard: the shown precision, no unit, no grouping;
 * the user's decimal sign in the table, a point in CSV. */
static void
copy_number (Row *row, int c, double value, double factor, int digits)
{
  double v = value / factor;
  int decimals = 0;

  g_free (row->copy[c]);
  g_free (row->csv[c]);
  if (!isfinite (v))
    {
      row->copy[c] = g_strdup ("");
      row->csv[c] = NULL;
      return;
    }
  if (v != 0.0)
    decimals = MIN (MAX (digits - 1 - (int) floor (log10 (fabs (v))), 0), 12);
  row->copy[c] = roof_number_fixed (v, decimals, ROOF_LOCALE_USER);
  row->csv[c] = roof_number_fixed (v, decimals, ROOF_LOCALE_C);
}

/* A configuration that does not fit has no latency, throughput or cost to
 * rank: its figures give way to a dash that says why, it is copied without
 * them and it is never best. */
static void
not_achievable (Row *row, int devices, int min_devices)
{
  g_autofree char *tip = NULL;

  tip = g_strdup_printf (ngettext ("Not achievable: the model does not fit on %d device; "
                                   "it needs at least %d",
                                   "Not achievable: the model does not fit on %d devices; "
                                   "it needs at least %d",
                                   devices),
                         devices, min_devices);
  for (int c = ROOF_SUMMARY_ITL; c <= ROOF_SUMMARY_BOUND; c++)
    {
      row->value[c] = NAN;
      g_free (row->cells[c]);
      g_free (row->copy[c]);
      g_clear_pointer (&row->csv[c], g_free);
      g_free (row->tips[c]);
      /* TRANSLATORS: a figure that cannot be reached, in a table cell */
      row->cells[c] = g_strdup (C_("figure", "—"));
      row->copy[c] = g_strdup ("");
      row->tips[c] = g_strdup (tip);
    }
}

static void
compute_row (RoofChartData *data, int index, Row *row)
{
  const RoofChartInput *in = roof_chart_data_get_input (data);
  const RoofPlotDevice *dev = roof_chart_data_get_device (data, index);
  g_auto (RoofSummaryLevers) lv = { 0 };
  RoofWorkload decode = in->workload;
  RoofResult r, phase_r;
  RoofRequest req;
  RoofSensitivity sens;
  RoofError err = { 0 };
  double step = in->sensitivity_step > 0.0 ? in->sensitivity_step : ROOF_DEFAULT_SENSITIVITY_STEP;

  row->series = (RoofPlotDevice){ .color = dev->color, .has_rgb = dev->has_rgb, .rgb = dev->rgb };
  for (int c = 0; c < ROOF_SUMMARY_N_COLUMNS; c++)
    row->value[c] = NAN;
  row->cells[ROOF_SUMMARY_DEVICE] = g_strdup (dev->name);
  row->copy[ROOF_SUMMARY_DEVICE] = g_strdup (dev->name);

  decode.phase = ROOF_PHASE_DECODE;
  if (roof_solve (&dev->hw, in->model, &decode, &r, &err) != ROOF_OK
      || roof_solve (&dev->hw, in->model, &in->workload, &phase_r, &err) != ROOF_OK
      || roof_request (&dev->hw, in->model, &in->workload, &req, &err) != ROOF_OK
      || roof_sensitivity (&dev->hw, in->model, &in->workload, step, &sens, &err) != ROOF_OK)
    {
      row->failed = TRUE;
      row->cells[ROOF_SUMMARY_ITL] = g_strdup_printf (_("Cannot run this case: %s"), err.message);
      for (int c = ROOF_SUMMARY_ITL; c < ROOF_SUMMARY_N_COLUMNS; c++)
        row->copy[c] = g_strdup ("");
      g_free (row->copy[ROOF_SUMMARY_BOUND]);
      row->copy[ROOF_SUMMARY_BOUND] = g_strdup (err.message);
      return;
    }

  /* speculative decoding and disaggregation, where the scenario asks */
  roof_summary_levers_compute (data, index, &r, req.ttft, &lv);
  row->value[ROOF_SUMMARY_ITL] = lv.itl;
  row->value[ROOF_SUMMARY_TTFT] = lv.ttft;
  row->value[ROOF_SUMMARY_TOKENS_PER_S] = -lv.tokens_per_s; /* smaller is better everywhere */
  if (lv.has_cost)
    row->value[ROOF_SUMMARY_USD_PER_MTOK] = lv.usd_per_mtok;
  row->cells[ROOF_SUMMARY_ITL] = roof_format (lv.itl, ROOF_UNIT_TIME);
  copy_number (row, ROOF_SUMMARY_ITL, lv.itl, 1e-3, 4);
  row->tips[ROOF_SUMMARY_ITL] = g_steal_pointer (&lv.itl_tip);
  row->cells[ROOF_SUMMARY_TTFT] = roof_format (lv.ttft, ROOF_UNIT_TIME);
  copy_number (row, ROOF_SUMMARY_TTFT, lv.ttft, 1e-3, 4);
  row->tips[ROOF_SUMMARY_TTFT] = g_steal_pointer (&lv.ttft_tip);
  row->cells[ROOF_SUMMARY_TOKENS_PER_S] = roof_format (lv.tokens_per_s, ROOF_UNIT_RATE);
  copy_number (row, ROOF_SUMMARY_TOKENS_PER_S, lv.tokens_per_s, 1.0, 4);
  if (lv.has_cost)
    {
      row->cells[ROOF_SUMMARY_USD_PER_MTOK] = roof_format (lv.usd_per_mtok, ROOF_UNIT_USD);
      copy_number (row, ROOF_SUMMARY_USD_PER_MTOK, lv.usd_per_mtok, 1.0, 4);
      g_autofree char *hour = roof_format (r.usd_per_s * 3600.0, ROOF_UNIT_USD);
      g_autofree char *basis = roof_summary_cost_basis (in);
      row->tips[ROOF_SUMMARY_USD_PER_MTOK]
        = g_strdup_printf (_("%s per hour for the devices (%s)"), hour, basis);
    }
  else
    {
      row->cells[ROOF_SUMMARY_USD_PER_MTOK] = g_strdup (_("no price"));
      row->copy[ROOF_SUMMARY_USD_PER_MTOK] = g_strdup ("");
      row->tips[ROOF_SUMMARY_USD_PER_MTOK]
        = g_strdup (in->owned ? _("Owned, but the catalog entry has no power figure to price "
                                  "its electricity; set its TDP in the hardware editor")
                              : _("The catalog entry has no hourly price; set one in the "
                                  "hardware editor"));
    }
  row->cells[ROOF_SUMMARY_BOUND] = g_strdup (knob_words (sens.binding));
  row->copy[ROOF_SUMMARY_BOUND] = g_strdup (row->cells[ROOF_SUMMARY_BOUND]);
  {
    g_autofree char *e = roof_format_significant (sens.e[sens.binding].elasticity, 3);
    g_autofree char *ai = roof_format (r.intensity, ROOF_UNIT_INTENSITY);
    g_autofree char *ridge = roof_format (r.ridge, ROOF_UNIT_INTENSITY);
    row->tips[ROOF_SUMMARY_BOUND] = g_strdup_printf (_("Elasticity of the step time: %s\n"
                                                       "Arithmetic intensity %s, ridge point %s"),
                                                     e, ai, ridge);
  }
  if (phase_r.fits)
    {
      row->cells[ROOF_SUMMARY_MEMORY] = g_strdup (_("fits"));
      row->copy[ROOF_SUMMARY_MEMORY] = g_strdup (row->cells[ROOF_SUMMARY_MEMORY]);
    }
  else
    {
      row->warn_memory = TRUE;
      /* TRANSLATORS: at least this many devices are needed to hold the model */
      row->cells[ROOF_SUMMARY_MEMORY] = g_strdup_printf (_("needs ≥ %d"), phase_r.min_devices);
      row->copy[ROOF_SUMMARY_MEMORY] = g_strdup (row->cells[ROOF_SUMMARY_MEMORY]);
    }
  if (!phase_r.fits)
    not_achievable (row, (int) in->workload.devices, phase_r.min_devices);
  {
    g_autofree char *fp = roof_format (phase_r.footprint, ROOF_UNIT_BYTES);
    g_autofree char *cap = roof_format (phase_r.capacity, ROOF_UNIT_BYTES);
    if (phase_r.fits)
      row->tips[ROOF_SUMMARY_MEMORY] = g_strdup_printf (_("Footprint %s of %s usable"), fp, cap);
    else
      row->tips[ROOF_SUMMARY_MEMORY]
        = g_strdup_printf (ngettext ("Footprint %s of %s usable: needs at least %d device",
                                     "Footprint %s of %s usable: needs at least %d devices",
                                     phase_r.min_devices),
                           fp, cap, phase_r.min_devices);
  }
}

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  RoofSummaryStrip *self = user_data;
  const RoofPlotDevice *series = g_object_get_data (G_OBJECT (area), "series");
  const RoofTheme *th = roof_theme_get (self->theme);
  double r = MIN (width, height) / 2.0;

  roof_color_set (cr, roof_theme_plot_device_color (th, series));
  cairo_arc (cr, width / 2.0, height / 2.0, r, 0, 2 * G_PI);
  cairo_fill (cr);
}

static GtkWidget *
cell_label (const char *text, gboolean numeric)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0f : 0.0f);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
set_label (GtkWidget *label, const char *text, const char *tip)
{
  if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) != 0)
    gtk_label_set_text (GTK_LABEL (label), text);
  if (g_strcmp0 (gtk_widget_get_tooltip_text (label), tip) != 0)
    gtk_widget_set_tooltip_text (label, tip);
}

static void
style_cell (GtkWidget *label, const Row *row, int c)
{
  /* a row that does not fit is greyed but for what it needs */
  if (row->warn_memory && c != ROOF_SUMMARY_MEMORY)
    gtk_widget_add_css_class (label, "dim-label");
  else if (c != ROOF_SUMMARY_USD_PER_MTOK)
    gtk_widget_remove_css_class (label, "dim-label");
  if (row->best[c])
    gtk_widget_add_css_class (label, "best");
  else
    gtk_widget_remove_css_class (label, "best");
  if (c == ROOF_SUMMARY_MEMORY)
    {
      if (row->warn_memory)
        gtk_widget_add_css_class (label, "warning");
      else
        gtk_widget_remove_css_class (label, "warning");
    }
  if (c == ROOF_SUMMARY_USD_PER_MTOK)
    {
      if (row->warn_memory || row->copy[c] == NULL || row->copy[c][0] == '\0')
        gtk_widget_add_css_class (label, "dim-label");
      else
        gtk_widget_remove_css_class (label, "dim-label");
    }
}

/* What decides the grid's widgets: rows, which failed, their colours. */
static void
structure_key (RoofSummaryStrip *self, GString *key)
{
  g_string_truncate (key, 0);
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = &g_array_index (self->rows, Row, i);
      g_string_append_printf (key, "%d/%d/%06x%c;", row->series.color, row->series.has_rgb,
                              row->series.rgb, row->failed ? 'f' : 'o');
    }
}

/* Every edit changes numbers, few change the rows: relabelling is an order
 * of magnitude cheaper than rebuilding some sixty widgets. */
static gboolean
update_grid (RoofSummaryStrip *self)
{
  g_autoptr (GString) key = g_string_new (NULL);

  structure_key (self, key);
  if (self->structure == NULL || strcmp (key->str, self->structure->str) != 0)
    return FALSE;
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = &g_array_index (self->rows, Row, i);
      for (int c = 0; c < ROOF_SUMMARY_N_COLUMNS; c++)
        {
          GtkWidget *label = g_ptr_array_index (self->labels, i * ROOF_SUMMARY_N_COLUMNS + c);
          if (label == NULL)
            continue;
          if (c == ROOF_SUMMARY_DEVICE)
            {
              set_label (label, row->cells[c], row->cells[c]);
              style_cell (label, row, c);
            }
          else if (row->failed)
            set_label (label, row->cells[ROOF_SUMMARY_ITL], row->cells[ROOF_SUMMARY_ITL]);
          else
            {
              set_label (label, row->cells[c], row->tips[c]);
              style_cell (label, row, c);
            }
        }
    }
  return TRUE;
}

static void
rebuild_grid (RoofSummaryStrip *self)
{
  GtkWidget *child;

  if (update_grid (self))
    return;
  g_ptr_array_set_size (self->labels, 0);
  if (self->structure == NULL)
    self->structure = g_string_new (NULL);
  structure_key (self, self->structure);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_ptr_array_set_size (self->swatches, 0);

  /* header */
  for (int c = 0; c < ROOF_SUMMARY_N_COLUMNS; c++)
    {
      GtkWidget *label = cell_label (column_title (c), c != ROOF_SUMMARY_DEVICE
                                                         && c != ROOF_SUMMARY_BOUND
                                                         && c != ROOF_SUMMARY_MEMORY);
      gtk_widget_add_css_class (label, "caption-heading");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_set_tooltip_text (label, column_tip (c));
      gtk_grid_attach (self->grid, label, c + 1, 0, 1, 1);
    }

  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = &g_array_index (self->rows, Row, i);
      GtkWidget *swatch = gtk_drawing_area_new ();
      int y = (int) i + 1;

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 10);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 10);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      g_object_set_data_full (G_OBJECT (swatch), "series", g_memdup2 (&row->series, sizeof row->series),
                              g_free);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, self, NULL);
      gtk_accessible_update_property (GTK_ACCESSIBLE (swatch), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Series colour"), -1);
      gtk_grid_attach (self->grid, swatch, 0, y, 1, 1);
      g_ptr_array_add (self->swatches, swatch);

      {
        GtkWidget *name = cell_label (row->cells[ROOF_SUMMARY_DEVICE], FALSE);
        gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
        gtk_label_set_width_chars (GTK_LABEL (name), 14);
        gtk_label_set_max_width_chars (GTK_LABEL (name), 28);
        gtk_widget_set_tooltip_text (name, row->cells[ROOF_SUMMARY_DEVICE]);
        style_cell (name, row, ROOF_SUMMARY_DEVICE);
        gtk_grid_attach (self->grid, name, 1, y, 1, 1);
        g_ptr_array_add (self->labels, name);
      }
      if (row->failed)
        {
          GtkWidget *why = cell_label (row->cells[ROOF_SUMMARY_ITL], FALSE);
          gtk_label_set_ellipsize (GTK_LABEL (why), PANGO_ELLIPSIZE_END);
          gtk_widget_set_tooltip_text (why, row->cells[ROOF_SUMMARY_ITL]);
          gtk_widget_add_css_class (why, "error");
          gtk_grid_attach (self->grid, why, 2, y, ROOF_SUMMARY_N_COLUMNS - 1, 1);
          g_ptr_array_add (self->labels, why);
          for (int c = ROOF_SUMMARY_TTFT; c < ROOF_SUMMARY_N_COLUMNS; c++)
            g_ptr_array_add (self->labels, NULL);
          continue;
        }
      for (int c = ROOF_SUMMARY_ITL; c < ROOF_SUMMARY_N_COLUMNS; c++)
        {
          GtkWidget *label = cell_label (row->cells[c], c != ROOF_SUMMARY_BOUND
                                                          && c != ROOF_SUMMARY_MEMORY);
          if (row->tips[c] != NULL)
            gtk_widget_set_tooltip_text (label, row->tips[c]);
          style_cell (label, row, c);
          gtk_grid_attach (self->grid, label, c + 1, y, 1, 1);
          g_ptr_array_add (self->labels, label);
        }
    }
}

/* The $/Mtok column's header says on which basis it prices. */
static void
show_cost_basis (RoofSummaryStrip *self)
{
  GtkWidget *header = gtk_grid_get_child_at (self->grid, ROOF_SUMMARY_USD_PER_MTOK + 1, 0);
  const RoofChartInput *in;

  if (header == NULL || !GTK_IS_LABEL (header) || self->data == NULL)
    return;
  in = roof_chart_data_get_input (self->data);
  g_autofree char *basis = roof_summary_cost_basis (in);
  g_autofree char *tip = g_strdup_printf ("%s\n%s", column_tip (ROOF_SUMMARY_USD_PER_MTOK),
                                          basis);
  /* TRANSLATORS: the $/Mtok column's header on each cost basis */
  gtk_label_set_text (GTK_LABEL (header), in->owned ? _("$/Mtok owned") : _("$/Mtok rented"));
  gtk_widget_set_tooltip_text (header, tip);
}

static char *
describe_workload (RoofChartData *data)
{
  const RoofChartInput *in = roof_chart_data_get_input (data);
  const RoofWorkload *wl = &in->workload;
  g_autofree char *batch = roof_format_integer (wl->batch);
  g_autofree char *context = roof_format_integer (wl->phase == ROOF_PHASE_DECODE ? wl->context
                                                                                 : wl->prompt);
  const char *model = roof_chart_data_get_model_name (data);
  GString *s = g_string_new (model ? model : _("No model"));

  g_string_append (s, " · ");
  g_string_append (s, wl->phase == ROOF_PHASE_DECODE ? _("decode") : _("prefill"));
  g_string_append_printf (s, " · %s %s", _("batch"), batch);
  g_string_append_printf (s, " · %s %s", wl->phase == ROOF_PHASE_DECODE ? _("context")
                                                                          : _("prompt"),
                          context);
  g_string_append_printf (s, " · %s", roof_precision_name (wl->weights));
  if (roof_append_layout (s, wl))
    ; /* TP×EP×PP×DP and the devices it takes */
  else if (wl->devices > 1)
    {
      int n = (int) wl->devices;
      g_string_append (s, " · ");
      g_string_append_printf (s, ngettext ("%d device", "%d devices", n), n);
    }
  if (roof_chart_data_get_levers (data)->spec)
    g_string_append_printf (s, " · %s", _("speculative decoding"));
  if (roof_chart_data_get_levers (data)->disagg)
    g_string_append_printf (s, " · %s", _("disaggregated prefill"));
  g_autofree char *basis = roof_summary_cost_basis (in);
  /* TRANSLATORS: the cost basis of $/Mtok: "rented" or "owned: …" */
  g_string_append_printf (s, _(" · cost %s"), basis);
  return g_string_free (s, FALSE);
}

static void
copy_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  RoofSummaryStrip *self = ROOF_SUMMARY_STRIP (widget);
  RoofSummaryFormat format = ROOF_SUMMARY_TSV;
  g_autofree char *table = NULL;
  const char *done = _("Table copied to the clipboard");
  GtkWidget *overlay;

  if (g_strcmp0 (action_name, "strip.copy-csv") == 0)
    {
      format = ROOF_SUMMARY_CSV;
      done = _("Table copied as CSV");
    }
  else if (g_strcmp0 (action_name, "strip.copy-markdown") == 0)
    {
      format = ROOF_SUMMARY_MARKDOWN;
      done = _("Table copied as Markdown");
    }
  table = roof_summary_strip_build_table_as (self, format);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), table);

  overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (done));
}

static void
roof_summary_strip_dispose (GObject *object)
{
  RoofSummaryStrip *self = ROOF_SUMMARY_STRIP (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), ROOF_TYPE_SUMMARY_STRIP);
  /* GTK 4.8 leaves the template's unnamed children in place */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->data, roof_chart_data_unref);

  G_OBJECT_CLASS (roof_summary_strip_parent_class)->dispose (object);
}

static void
roof_summary_strip_finalize (GObject *object)
{
  RoofSummaryStrip *self = ROOF_SUMMARY_STRIP (object);

  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_pointer (&self->swatches, g_ptr_array_unref);
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  if (self->structure != NULL)
    g_string_free (self->structure, TRUE);

  G_OBJECT_CLASS (roof_summary_strip_parent_class)->finalize (object);
}

/* GSK (4.8) repaints what changed between two frames as separate rectangles
 * only up to 30 of them: past that it gives up and repaints the whole of the
 * node it was comparing, here the one holding the chart, this strip and the
 * side panel. Every edit changes the chart, the batch row and slider in the
 * panel, and some thirty figures of the table, so every such frame repainted
 * the whole panel as well (docs/performance.md, "App"). With each new set of
 * figures the strip reports its change as one rectangle instead, its own: its
 * children are drawn under a clip node that clips nothing (it is far larger
 * than the window) and that differs from the last frame's, which GSK cannot
 * compare and so repaints whole. Nothing is drawn differently; a change of
 * anything else in the strip (a hovered button) is compared as before. */
static void
roof_summary_strip_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  RoofSummaryStrip *self = ROOF_SUMMARY_STRIP (widget);
  GtkSnapshot *children = gtk_snapshot_new ();
  GskRenderNode *node, *clip;
  graphene_rect_t everywhere;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_snapshot_child (widget, child, children);
  node = gtk_snapshot_free_to_node (children);
  if (node == NULL)
    return;
  graphene_rect_init (&everywhere, -65536.0f - (float) (self->figures % 2), -65536.0f, 131072.0f,
                      131072.0f);
  clip = gsk_clip_node_new (node, &everywhere);
  gtk_snapshot_append_node (snapshot, clip);
  gsk_render_node_unref (clip);
  gsk_render_node_unref (node);
}

static void
roof_summary_strip_class_init (RoofSummaryStripClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = roof_summary_strip_dispose;
  object_class->finalize = roof_summary_strip_finalize;
  widget_class->snapshot = roof_summary_strip_snapshot;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rooflinelab/Roofline/"
                                               "roof-summary-strip.ui");
  gtk_widget_class_bind_template_child (widget_class, RoofSummaryStrip, document_label);
  gtk_widget_class_bind_template_child (widget_class, RoofSummaryStrip, title_label);
  gtk_widget_class_bind_template_child (widget_class, RoofSummaryStrip, problem_label);
  gtk_widget_class_bind_template_child (widget_class, RoofSummaryStrip, grid);
  gtk_widget_class_bind_template_child (widget_class, RoofSummaryStrip, copy_button);
  gtk_widget_class_bind_template_child (widget_class, RoofSummaryStrip, table_scroller);

  gtk_widget_class_install_action (widget_class, "strip.copy", NULL, copy_activated);
  gtk_widget_class_install_action (widget_class, "strip.copy-csv", NULL, copy_activated);
  gtk_widget_class_install_action (widget_class, "strip.copy-markdown", NULL, copy_activated);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "summarystrip");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
roof_summary_strip_init (RoofSummaryStrip *self)
{
  GtkLayoutManager *layout;

  gtk_widget_init_template (GTK_WIDGET (self));

  layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);

  self->theme = ROOF_THEME_LIGHT;
  self->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_array_set_clear_func (self->rows, row_clear);
  self->swatches = g_ptr_array_new ();
  self->labels = g_ptr_array_new ();
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "strip.copy", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "strip.copy-csv", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "strip.copy-markdown", FALSE);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

GtkWidget *
roof_summary_strip_new (void)
{
  return g_object_new (ROOF_TYPE_SUMMARY_STRIP, NULL);
}

void
roof_summary_strip_set_data (RoofSummaryStrip *self, RoofChartData *data)
{
  const RoofChartInput *in;
  const char *problem;

  g_return_if_fail (ROOF_IS_SUMMARY_STRIP (self));

  if (data != NULL)
    roof_chart_data_ref (data);
  g_clear_pointer (&self->data, roof_chart_data_unref);
  self->data = data;
  g_array_set_size (self->rows, 0);
  /* a label whose text changes redraws the strip, under the new clip;
   * figures that all stay the same cost no repaint */
  self->figures++;

  if (data != NULL && (in = roof_chart_data_get_input (data))->model != NULL)
    {
      for (int i = 0; i < roof_chart_data_get_n_devices (data); i++)
        {
          Row row = { 0 };
          compute_row (data, i, &row);
          g_array_append_val (self->rows, row);
        }
    }

  /* the best figure of each column stands out when there is a choice */
  for (int c = ROOF_SUMMARY_ITL; c <= ROOF_SUMMARY_USD_PER_MTOK && self->rows->len > 1; c++)
    {
      double best = INFINITY;
      int n_valued = 0;
      for (guint i = 0; i < self->rows->len; i++)
        {
          double v = g_array_index (self->rows, Row, i).value[c];
          if (!isnan (v))
            {
              best = MIN (best, v);
              n_valued++;
            }
        }
      for (guint i = 0; i < self->rows->len && n_valued > 1; i++)
        {
          Row *row = &g_array_index (self->rows, Row, i);
          /* ties within the shown precision are all best */
          row->best[c] = !isnan (row->value[c])
                         && fabs (row->value[c] - best) <= 5e-5 * fabs (best);
        }
    }

  if (data != NULL)
    {
      g_autofree char *title = describe_workload (data);
      gtk_label_set_text (self->title_label, title);
    }
  else
    gtk_label_set_text (self->title_label, "");

  /* with no device compared, the window's empty page says what to do; the
   * strip keeps its heading, the document's name */
  problem = data ? roof_chart_data_get_problem (data) : NULL;
  if (problem == NULL && data != NULL)
    problem = roof_chart_data_get_levers (data)->problem;
  gtk_label_set_text (self->problem_label, problem ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);

  rebuild_grid (self);
  gtk_widget_set_visible (self->table_scroller, self->rows->len > 0);
  gtk_widget_set_visible (self->copy_button, self->rows->len > 0);
  show_cost_basis (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "strip.copy", self->rows->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "strip.copy-csv", self->rows->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "strip.copy-markdown", self->rows->len > 0);
}

void
roof_summary_strip_set_document (RoofSummaryStrip *self, const char *title, const char *tooltip)
{
  g_return_if_fail (ROOF_IS_SUMMARY_STRIP (self));

  gtk_label_set_text (self->document_label, title != NULL ? title : "");
  gtk_widget_set_visible (GTK_WIDGET (self->document_label), title != NULL && *title != '\0');
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->document_label), tooltip);
}

const char *
roof_summary_strip_get_document (RoofSummaryStrip *self)
{
  g_return_val_if_fail (ROOF_IS_SUMMARY_STRIP (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->document_label))
           ? gtk_label_get_text (self->document_label)
           : NULL;
}

void
roof_summary_strip_set_theme (RoofSummaryStrip *self, RoofThemeKind theme)
{
  g_return_if_fail (ROOF_IS_SUMMARY_STRIP (self));

  if (self->theme == theme)
    return;
  self->theme = theme;
  for (guint i = 0; i < self->swatches->len; i++)
    gtk_widget_queue_draw (g_ptr_array_index (self->swatches, i));
}

int
roof_summary_strip_get_n_rows (RoofSummaryStrip *self)
{
  g_return_val_if_fail (ROOF_IS_SUMMARY_STRIP (self), 0);
  return (int) self->rows->len;
}

const char *
roof_summary_strip_get_cell (RoofSummaryStrip *self, int row, RoofSummaryColumn column)
{
  GtkWidget *child;

  g_return_val_if_fail (ROOF_IS_SUMMARY_STRIP (self), NULL);
  g_return_val_if_fail (row >= 0 && (guint) row < self->rows->len, NULL);
  g_return_val_if_fail (column < ROOF_SUMMARY_N_COLUMNS, NULL);

  /* read what the grid shows, not what was computed */
  child = gtk_grid_get_child_at (self->grid, column + 1, row + 1);
  if (child == NULL || !GTK_IS_LABEL (child))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (child));
}

/* One Markdown table cell: the punctuation that would start emphasis, code,
 * a link, HTML or end the cell is escaped; a line break becomes a space. */
static void
append_markdown (GString *s, const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\n' || *p == '\r')
        g_string_append_c (s, ' ');
      else
        {
          if (strchr ("\\`*_[]<>|#~", *p) != NULL)
            g_string_append_c (s, '\\');
          g_string_append_c (s, *p);
        }
    }
}

static void
append_cell (GString *s, RoofSummaryFormat format, int c, const char *text)
{
  switch (format)
    {
    case ROOF_SUMMARY_CSV:
      if (c > 0)
        g_string_append_c (s, ',');
      roof_csv_append_field (s, text);
      break;
    case ROOF_SUMMARY_MARKDOWN:
      g_string_append (s, c > 0 ? " " : "| ");
      append_markdown (s, text);
      g_string_append (s, " |");
      break;
    case ROOF_SUMMARY_TSV:
    default:
      if (c > 0)
        g_string_append_c (s, '\t');
      /* a tab or line break in a name would split the cell */
      for (const char *p = text; *p != '\0'; p++)
        g_string_append_c (s, *p == '\t' || *p == '\n' || *p == '\r' ? ' ' : *p);
      break;
    }
}

static gboolean
column_numeric (int c)
{
  return c != ROOF_SUMMARY_DEVICE && c != ROOF_SUMMARY_BOUND && c != ROOF_SUMMARY_MEMORY;
}

char *
roof_summary_strip_build_table_as (RoofSummaryStrip *self, RoofSummaryFormat format)
{
  GString *s;

  g_return_val_if_fail (ROOF_IS_SUMMARY_STRIP (self), NULL);

  s = g_string_new (NULL);
  for (int c = 0; c < ROOF_SUMMARY_N_COLUMNS; c++)
    {
      g_autofree char *title = NULL;
      if (c == ROOF_SUMMARY_USD_PER_MTOK && self->data != NULL)
        {
          /* the cost basis, in the header of the column it prices */
          g_autofree char *basis
            = roof_summary_cost_basis (roof_chart_data_get_input (self->data));
          title = g_strdup_printf ("%s (%s)", column_copy_title (c), basis);
        }
      append_cell (s, format, c, title != NULL ? title : column_copy_title (c));
    }
  g_string_append_c (s, '\n');
  if (format == ROOF_SUMMARY_MARKDOWN)
    {
      for (int c = 0; c < ROOF_SUMMARY_N_COLUMNS; c++)
        g_string_append (s, column_numeric (c) ? (c ? " ---: |" : "| ---: |")
                                               : (c ? " --- |" : "| --- |"));
      g_string_append_c (s, '\n');
    }
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = &g_array_index (self->rows, Row, i);
      for (int c = 0; c < ROOF_SUMMARY_N_COLUMNS; c++)
        {
          const char *text = row->copy[c] ? row->copy[c] : "";
          if (format == ROOF_SUMMARY_CSV && row->csv[c] != NULL)
            text = row->csv[c];
          append_cell (s, format, c, text);
        }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

char *
roof_summary_strip_build_table (RoofSummaryStrip *self)
{
  return roof_summary_strip_build_table_as (self, ROOF_SUMMARY_TSV);
}

static gboolean
cell_has_class (RoofSummaryStrip *self, int row, RoofSummaryColumn column, const char *name)
{
  GtkWidget *child;

  g_return_val_if_fail (ROOF_IS_SUMMARY_STRIP (self), FALSE);
  child = gtk_grid_get_child_at (self->grid, column + 1, row + 1);
  return child != NULL && gtk_widget_has_css_class (child, name);
}

gboolean
roof_summary_strip_get_cell_best (RoofSummaryStrip *self, int row, RoofSummaryColumn column)
{
  return cell_has_class (self, row, column, "best");
}

gboolean
roof_summary_strip_get_cell_dimmed (RoofSummaryStrip *self, int row, RoofSummaryColumn column)
{
  return cell_has_class (self, row, column, "dim-label");
}
