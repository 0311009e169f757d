/* bench-app-latency.c — from an edit to the frame that shows it, in the real window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Needs a display: run it under Xvfb (xvfb-run -a build/bench/bench-app-latency).
 * Opens the main window with the app's stylesheet, compares 8 devices, then changes the batch through
 * the scenario (as the model panel's spin button does) and measures until the
 * frame clock's after-paint of the frame in which the chart was redrawn. Each
 * edit waits until the frame clock has been idle for 100 ms, so it starts
 * like a single keystroke: setting an AdwEntryRow's text (the batch row shows
 * the new value) plays libadwaita 1.2's 150 ms title animation, which keeps
 * the clock ticking, and an edit arriving then waits for the next frame slot.
 * A second figure for the roofline sends the edits 50 ms apart regardless,
 * like fast typing or dragging the batch slider, to show that wait.
 * Prints the median and 90th percentile over the edits, per chart (roofline,
 * cost, batch, context and sensitivity, or those named on the command line),
 * where the edits' time goes (medians of the frame clock's phases: until the
 * frame starts, update with the recompute, layout, paint with the chart's
 * render and GSK's drawing, and GDK's end of the frame until after-paint;
 * they need not add up to the median edit), the time from creating the
 * window to its first painted chart, and the process's peak resident set at
 * the end.
 *
 * Under callgrind, it counts the instructions of the edits only (from setting
 * the workload to the after-paint of its frame) and writes one profile per
 * edit, named after its chart; BENCH_EDITS=N (at most 60) makes fewer edits.
 * Unlike a time, the count barely moves with the machine's load, so two
 * builds can be compared on a busy machine: bench/count-app-instructions
 * prints the median per chart (docs/performance.md, issue 14).
 *
 *   bench-app-latency [roofline|cost|batch|context|sensitivity …]
 */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#if defined __has_include
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#endif
#endif
#ifndef CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_DUMP_STATS_AT(name) ((void) (name))
#endif

#include "roof-window.h"

#define N_EDITS 60

/* the frame clock's phases, each until the end of its signal's handlers */
enum
{
  PHASE_START, /* edit → before-paint */
  PHASE_UPDATE,
  PHASE_LAYOUT,
  PHASE_PAINT,
  PHASE_AFTER, /* paint → our after-paint handler (GDK's end of frame) */
  N_PHASES
};
static const char *const phase_names[N_PHASES] = { "frame start", "update", "layout", "paint",
                                                   "after paint" };

static const char *const eight[] = {
  "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-a100-sxm-80gb", "nvidia-b200",
  "amd-mi300x",      "nvidia-l40s",     "google-tpu-v5p",       "intel-gaudi3",
  NULL,
};

static const char *const charts[] = { "roofline", "cost", "batch", "context", "sensitivity" };

typedef struct
{
  RoofWindow *window;
  GMainLoop *loop;
  gint64 t_edit;
  gint64 t_frame; /* the last frame's start, any frame */
  gboolean busy;  /* edits 50 ms apart, not waiting for an idle clock */
  gboolean rendered;
  double samples[N_EDITS];
  int n;
  int n_edits;       /* N_EDITS, or fewer from BENCH_EDITS */
  const char *chart; /* the chart being edited, and "busy" for edits 50 ms apart */
  int batch;
  gint64 t_phase[N_PHASES]; /* when each phase of the current frame ended */
  double phases[N_PHASES][N_EDITS];
} Bench;

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (const double *sorted, int n)
{
  return n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

static void
on_rendered (RoofChartView *view, Bench *b)
{
  b->rendered = TRUE;
}

static void
on_phase (GdkFrameClock *clock, Bench *b, int phase)
{
  b->t_phase[phase] = g_get_monotonic_time ();
}

static void
on_before_paint (GdkFrameClock *clock, Bench *b)
{
  b->t_frame = g_get_monotonic_time ();
  on_phase (clock, b, PHASE_START);
}

static void
on_update (GdkFrameClock *clock, Bench *b)
{
  on_phase (clock, b, PHASE_UPDATE);
}

static void
on_layout (GdkFrameClock *clock, Bench *b)
{
  on_phase (clock, b, PHASE_LAYOUT);
}

static void
on_paint (GdkFrameClock *clock, Bench *b)
{
  on_phase (clock, b, PHASE_PAINT);
}

static void
on_after_paint (GdkFrameClock *clock, Bench *b)
{
  if (b->t_edit == 0 || !b->rendered)
    return;
  on_phase (clock, b, PHASE_AFTER);
  for (int i = 0; i < N_PHASES; i++)
    b->phases[i][b->n] = (b->t_phase[i] - (i == 0 ? b->t_edit : b->t_phase[i - 1])) / 1000.0;
  b->samples[b->n++] = (g_get_monotonic_time () - b->t_edit) / 1000.0;
  b->t_edit = 0;
  CALLGRIND_TOGGLE_COLLECT; /* off: this edit is on screen */
  CALLGRIND_DUMP_STATS_AT (b->chart);
  if (b->n == b->n_edits)
    g_main_loop_quit (b->loop);
}

static gboolean
edit (gpointer data)
{
  Bench *b = data;
  RoofScenario *scenario = roof_window_get_scenario (b->window);
  RoofWorkload wl = *roof_scenario_get_workload (scenario);

  if (b->n >= b->n_edits)
    return G_SOURCE_CONTINUE; /* run_chart removes this source */
  if (b->t_edit != 0)
    return G_SOURCE_CONTINUE; /* the last edit is not on screen yet */
  if (!b->busy && g_get_monotonic_time () - b->t_frame < 100000)
    return G_SOURCE_CONTINUE; /* the frame clock is still ticking */
  b->batch = b->batch % 64 + 1;
  wl.batch = b->batch;
  b->rendered = FALSE;
  b->t_edit = g_get_monotonic_time ();
  CALLGRIND_TOGGLE_COLLECT; /* on, until on_after_paint */
  roof_scenario_set_workload (scenario, &wl);
  return G_SOURCE_CONTINUE;
}

static gboolean
first_paint (gpointer data)
{
  Bench *b = data;
  if (b->rendered)
    {
      g_main_loop_quit (b->loop);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
run_chart (Bench *b, const char *chart, gboolean busy)
{
  RoofChartView *view;
  gulong id;
  guint source;
  double p50, p90;

  gtk_widget_activate_action (GTK_WIDGET (b->window), "win.chart", "s", chart);
  view = roof_window_get_visible_chart (b->window);
  id = g_signal_connect (view, "rendered", G_CALLBACK (on_rendered), b);
  b->n = 0;
  b->t_edit = 0;
  b->busy = busy;
  b->chart = busy ? "busy" : chart;
  source = g_timeout_add (busy ? 50 : 10, edit, b);
  g_main_loop_run (b->loop);
  g_source_remove (source);
  g_signal_handler_disconnect (view, id);

  qsort (b->samples, b->n_edits, sizeof (double), cmp_double);
  p50 = median (b->samples, b->n_edits);
  p90 = b->samples[(int) (0.9 * b->n_edits)];
  printf ("edit → painted frame, 8 devices, %-11s median %6.2f ms   p90 %6.2f ms   (%d edits%s)\n",
          chart, p50, p90, b->n_edits, busy ? ", 50 ms apart: frame clock running" : "");
  printf ("  phases, medians:");
  for (int i = 0; i < N_PHASES; i++)
    {
      qsort (b->phases[i], b->n_edits, sizeof (double), cmp_double);
      printf ("%s %s %.2f ms", i ? "," : "", phase_names[i], median (b->phases[i], b->n_edits));
    }
  printf ("\n");
}

int
main (int argc, char *argv[])
{
  Bench b = { 0 };
  gint64 t0;
  GdkFrameClock *clock;
  RoofChartView *view;
  gulong id;

  setvbuf (stdout, NULL, _IOLBF, 0);
  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  g_setenv ("GSETTINGS_SCHEMA_DIR", BUILD_DATA_DIR, FALSE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-app-latency: no display; run it under xvfb-run -a\n");
      return 1;
    }
  adw_init ();
  /* the app's own stylesheet, which AdwApplication loads from the resource
   * base path: the window is measured as the app shows it */
  {
    GtkCssProvider *css = gtk_css_provider_new ();
    gtk_css_provider_load_from_resource (css, "/io/github/rooflinelab/Roofline/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref (css);
  }
  b.loop = g_main_loop_new (NULL, FALSE);
  b.batch = 1; /* the default: every edit below changes it */
  b.n_edits = g_getenv ("BENCH_EDITS") ? atoi (g_getenv ("BENCH_EDITS")) : N_EDITS;
  b.n_edits = CLAMP (b.n_edits, 1, N_EDITS);

  /* start-up: a new window to its first painted chart */
  t0 = g_get_monotonic_time ();
  b.window = roof_window_new (NULL);
  view = roof_window_get_visible_chart (b.window);
  id = g_signal_connect (view, "rendered", G_CALLBACK (on_rendered), &b);
  gtk_window_present (GTK_WINDOW (b.window));
  g_timeout_add (1, first_paint, &b);
  g_main_loop_run (b.loop);
  printf ("window created → first chart painted: %.1f ms (catalog, scenario, widgets, render)\n",
          (g_get_monotonic_time () - t0) / 1000.0);
  g_signal_handler_disconnect (view, id);

  roof_scenario_set_hardware (roof_window_get_scenario (b.window), eight);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (b.window));
  /* after GTK's own handlers, also those it connects later */
  g_signal_connect_after (clock, "before-paint", G_CALLBACK (on_before_paint), &b);
  g_signal_connect_after (clock, "update", G_CALLBACK (on_update), &b);
  g_signal_connect_after (clock, "layout", G_CALLBACK (on_layout), &b);
  g_signal_connect_after (clock, "paint", G_CALLBACK (on_paint), &b);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &b);

  if (argc > 1)
    for (int i = 1; i < argc; i++)
      run_chart (&b, argv[i], FALSE);
  else
    for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
      run_chart (&b, charts[i], FALSE);
  run_chart (&b, "roofline", TRUE);

  {
    struct rusage ru;
    getrusage (RUSAGE_SELF, &ru);
    printf ("peak RSS: %.1f MB (the window with 8 devices, after the edits)\n",
            ru.ru_maxrss / 1024.0);
  }

  gtk_window_destroy (GTK_WINDOW (b.window));
  g_main_loop_unref (b.loop);
  return 0;
}
