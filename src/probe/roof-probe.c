/* roof-probe.c — timing the kernels on every CPU
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The method is docs/probe.md's: every figure is the best of repeated runs
 * of a kernel on a team of threads, each run timed from the first thread's
 * start to the last one's end, and long enough (doubled until it lasts a
 * few milliseconds) for the clock not to matter.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */
#include "config.h"

#include "roof-probe-private.h"

#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

/* ---------------------------------------------------------------------- */
/* A team of threads                                                       */

typedef void (*TeamWork) (gpointer data, int thread, guint64 count);

typedef struct
{
  GMutex lock;
  GCond cond;
  gboolean go, abort;
  TeamWork work;
  gpointer data;
  guint64 count;
} Team;

typedef struct
{
  Team *team;
  int index;
  double t0, t1; /* wall clock */
  double c0, c1; /* the thread's CPU time */
} Member;

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* The CPU time this thread has run. */
static double
cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

static gpointer
member_main (gpointer p)
{
  Member *m = p;
  Team *t = m->team;
  gboolean abort;

  g_mutex_lock (&t->lock);
  while (!t->go)
    g_cond_wait (&t->cond, &t->lock);
  abort = t->abort;
  g_mutex_unlock (&t->lock);
  if (abort)
    return NULL;
  m->c0 = cpu_now ();
  m->t0 = now ();
  t->work (t->data, m->index, t->count);
  m->t1 = now ();
  m->c1 = cpu_now ();
  return NULL;
}

/* Runs work (data, i, count) on `n` threads at once; returns the seconds
 * from the first start to the last end, or < 0 with `error` set when a
 * thread would not start. *on_cpu (may be NULL) is the smallest share of
 * its own wall time a thread spent running: well under 1 when the system
 * took the CPU away mid-run, which then times the other load, not the
 * hardware; *cpu_max (may be NULL) the longest thread's CPU time. */
static double
team_run (int n, TeamWork work, gpointer data, guint64 count, double *on_cpu, double *cpu_max,
          GError **error)
{
  Team t = { .work = work, .data = data, .count = count };
  g_autofree Member *m = g_new0 (Member, n);
  g_autofree GThread **threads = g_new0 (GThread *, n);
  double first = G_MAXDOUBLE, last = 0, share = 1.0, cpu = 1e-9;
  int started = 0;

  g_mutex_init (&t.lock);
  g_cond_init (&t.cond);
  for (; started < n; started++)
    {
      m[started] = (Member) { &t, started, 0, 0 };
      threads[started] = g_thread_try_new ("roof-probe", member_main, &m[started], error);
      if (threads[started] == NULL)
        break;
    }
  g_mutex_lock (&t.lock);
  t.go = TRUE;
  t.abort = started < n;
  g_cond_broadcast (&t.cond);
  g_mutex_unlock (&t.lock);
  for (int i = 0; i < started; i++)
    g_thread_join (threads[i]);
  g_mutex_clear (&t.lock);
  g_cond_clear (&t.cond);
  if (started < n)
    return -1;
  for (int i = 0; i < n; i++)
    {
      cpu = MAX (cpu, m[i].c1 - m[i].c0);
      first = MIN (first, m[i].t0);
      last = MAX (last, m[i].t1);
      if (m[i].t1 - m[i].t0 > 1e-4) /* shorter runs are below the clocks' grain */
        share = MIN (share, (m[i].c1 - m[i].c0) / (m[i].t1 - m[i].t0));
    }
  if (on_cpu != NULL)
    *on_cpu = share;
  if (cpu_max != NULL)
    *cpu_max = cpu;
  return MAX (last - first, 1e-9);
}

/* ---------------------------------------------------------------------- */
/* Repeated timing                                                         */

typedef struct
{
  RoofProbeProgress progress;
  gpointer user_data;
  GCancellable *cancellable;
  double start, seconds;
} Run;

static void
report (Run *run, RoofProbeStage stage)
{
  if (run->progress != NULL)
    run->progress (CLAMP ((now () - run->start) / run->seconds, 0.0, 0.99), stage,
                   run->user_data);
}

/* The time from now until `until` of the run, shared by `left` measurements;
 * at least a hundredth of the run each. */
static double
remaining (Run *run, double until, int left)
{
  double t = run->start + until * run->seconds - now ();

  return MAX (t / MAX (left, 1), 0.01 * run->seconds);
}

typedef struct
{
  int threads;
  TeamWork work;
  gpointer data;
  double units_per_count; /* bytes or ops of one count, all threads */
  RoofProbeStage stage;
} Job;

/* The best rate (units per second) of runs of `job` within `budget`
 * seconds: the count grows until a run lasts `min_run` of CPU time, then
 * runs repeat until the budget is spent; at least two timed runs either
 * way. A run during which a thread was off its CPU for more than half its
 * time (a busy machine) does not count, until four budgets have passed:
 * then the runs are taken as they come. */
static gboolean
measure (Run *run, const Job *job, double budget, double *best, int *runs, GError **error)
{
  double start = now ();
  double min_run = CLAMP (budget / 10, 0.002, 0.05);
  guint64 count = 1;
  int n = 0;

  *best = 0;
  for (;;)
    {
      double t, on_cpu, cpu;

      if (g_cancellable_set_error_if_cancelled (run->cancellable, error))
        return FALSE;
      t = team_run (job->threads, job->work, job->data, count, &on_cpu, &cpu, error);
      if (t < 0)
        return FALSE;
      report (run, job->stage);
      /* the work per run grows by the threads' CPU time, which a busy
       * machine does not stretch */
      if (cpu < min_run && count < (G_GUINT64_CONSTANT (1) << 40))
        {
          count *= (guint64) CLAMP (ceil (1.5 * min_run / cpu), 2, 1024);
          continue;
        }
      if (on_cpu < 0.5 && now () - start < 4 * budget)
        continue;
      *best = MAX (*best, job->units_per_count * (double) count / t);
      n++;
      if (n >= 2 && now () - start >= budget)
        break;
    }
  if (runs != NULL)
    *runs = n;
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Memory: the triad                                                       */

/* Writes values[k] into arrays[k][0…n) for each of the n_arrays, a chunk of
 * each in turn, and stops early once at least `floor` elements of each are
 * written and the monotonic clock (seconds) has passed `deadline`. The first
 * write to a page costs a page fault, which on some virtual machines costs
 * a hundred times the write (3 ms a MiB on one, where the three arrays that
 * STREAM's rule asks for its reported 508 MiB last-level cache took 19 s to
 * fill); the probe is to take about the time it was given. Returns the
 * elements written to each array, a prefix of it. */
gsize
_roof_probe_fill (double *const *arrays, const double *values, int n_arrays, gsize n, gsize floor,
                  double deadline)
{
  gsize done = 0;

  while (done < n)
    {
      gsize end = done + MIN (ROOF_PROBE_FILL_CHUNK, n - done);

      for (int k = 0; k < n_arrays; k++)
        for (gsize i = done; i < end; i++)
          arrays[k][i] = values[k];
      done = end;
      if (done >= floor && now () >= deadline)
        break;
    }
  return done;
}

/* The arrays and buffers are mapped, not allocated: malloc writes every
 * byte of a block under MALLOC_PERTURB_ (as meson's test runner sets it),
 * which would touch all of an array the clock was to cut short. NULL when
 * there is no room. */
static double *
probe_alloc (gsize elements)
{
  void *p = mmap (NULL, MAX (elements, 1) * sizeof (double), PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

  return p == MAP_FAILED ? NULL : p;
}

static void
probe_free (double *p, gsize elements)
{
  if (p != NULL)
    munmap (p, MAX (elements, 1) * sizeof (double));
}

/* Each thread streams arrays of its own (STREAM's one array in contiguous
 * parts, a part a thread), written first by that thread so that on a NUMA
 * machine its pages sit near it. */
typedef struct
{
  double **a, **b, **c; /* each thread's part of the three arrays */
  gsize n;              /* elements of each part */
  gsize floor;          /* elements each part gets however long it takes */
  gsize *filled;        /* elements each thread wrote before the deadline */
  double deadline;
  int threads;
} Triad;

static void
triad_fill (gpointer data, int thread, guint64 count)
{
  static const double values[3] = { 0.0, 1.0, 2.0 };
  Triad *tr = data;
  double *const arrays[3] = { tr->a[thread], tr->b[thread], tr->c[thread] };

  tr->filled[thread] = _roof_probe_fill (arrays, values, 3, tr->n, tr->floor, tr->deadline);
}

static void
triad_work (gpointer data, int thread, guint64 count)
{
  Triad *tr = data;

  for (guint64 k = 0; k < count; k++)
    roof_probe_triad (tr->a[thread], tr->b[thread], tr->c[thread], 3.0, tr->n);
}

/* STREAM's rule: each array at least four times the last-level caches
 * together; at least 16 MiB, at most an eighth of the memory. */
static gsize
triad_elements (const RoofProbeResult *r)
{
  guint64 llc = r->n_caches > 0 ? r->caches[r->n_caches - 1].total : 0;
  guint64 bytes = MAX (4 * llc, (guint64) 16 << 20);

  if (r->memory_bytes > 0)
    bytes = MIN (bytes, MAX (r->memory_bytes / 8, (guint64) 1 << 20));
  return (gsize) (bytes / sizeof (double));
}

static void
triad_free (Triad *tr, gsize elements)
{
  for (int t = 0; t < tr->threads; t++)
    {
      probe_free (tr->a[t], elements);
      probe_free (tr->b[t], elements);
      probe_free (tr->c[t], elements);
    }
  g_free (tr->a);
  g_free (tr->b);
  g_free (tr->c);
  g_free (tr->filled);
}

static gsize
least (const gsize *v, int n)
{
  gsize m = G_MAXSIZE;

  for (int i = 0; i < n; i++)
    m = MIN (m, v[i]);
  return m;
}

static gboolean
measure_memory (Run *run, RoofProbeResult *r, GError **error)
{
  Triad tr = { .threads = r->cpus };
  gsize rule = MAX (triad_elements (r) / (gsize) tr.threads, 1); /* of each part */
  gboolean ok = FALSE, allocated = TRUE;
  double best = 0;
  Job job;

  tr.n = rule;
  tr.floor = MIN (((gsize) 16 << 20) / sizeof (double) / (gsize) tr.threads, rule);
  /* filling the arrays takes at most half of the memory's share of the
   * time, unless the 16 MiB take longer */
  tr.deadline = run->start + 0.2 * run->seconds;
  tr.a = g_new0 (double *, tr.threads);
  tr.b = g_new0 (double *, tr.threads);
  tr.c = g_new0 (double *, tr.threads);
  tr.filled = g_new0 (gsize, tr.threads);
  for (int t = 0; t < tr.threads && allocated; t++)
    allocated = (tr.a[t] = probe_alloc (rule)) != NULL && (tr.b[t] = probe_alloc (rule)) != NULL
                && (tr.c[t] = probe_alloc (rule)) != NULL;
  if (!allocated)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                 "not enough memory for the triad's three arrays of %" G_GSIZE_FORMAT " MiB",
                 rule * (gsize) tr.threads * sizeof (double) >> 20);
  else if (team_run (tr.threads, triad_fill, &tr, 1, NULL, NULL, error) >= 0)
    {
      tr.n = least (tr.filled, tr.threads);
      job = (Job) { tr.threads, triad_work, &tr, 3.0 * sizeof (double) * (double) tr.n * tr.threads,
                    ROOF_PROBE_STAGE_MEMORY };
      /* filling the arrays counts against the memory's share of the time */
      ok = measure (run, &job, remaining (run, 0.4, 1), &best, &r->triad_runs, error);
    }
  r->memory_bytes_per_s = best;
  r->triad_array_bytes = tr.n * (gsize) tr.threads * sizeof (double);
  r->triad_rule_bytes = rule * (gsize) tr.threads * sizeof (double);
  triad_free (&tr, rule);
  return ok;
}

/* ---------------------------------------------------------------------- */
/* Caches: reading a working set per thread                                */

typedef struct
{
  double **x;     /* one buffer per thread */
  gsize n;        /* elements per thread, a multiple of 64 */
  gsize floor;    /* elements each buffer gets however long it takes */
  gsize *filled;  /* elements each thread wrote before the deadline */
  double deadline;
  double *sink; /* one per thread: what each read, so it is read */
} Reader;

static void
reader_fill (gpointer data, int thread, guint64 count)
{
  static const double one = 1.0;
  Reader *rd = data;

  rd->filled[thread] = _roof_probe_fill (&rd->x[thread], &one, 1, rd->n, rd->floor, rd->deadline);
}

static void
reader_work (gpointer data, int thread, guint64 count)
{
  Reader *rd = data;

  rd->sink[thread] = roof_probe_read (rd->x[thread], rd->n, count);
}

/* Half the level (all of it over the threads), but at least twice the
 * level inside it and at most three quarters of this one, so that the reads
 * come from this level and not the one inside. */
static guint64
cache_working_set (const RoofProbeResult *r, int i)
{
  guint64 total = r->caches[i].total;
  guint64 inner = i > 0 ? r->caches[i - 1].total : 0;

  return MIN (MAX (total / 2, 2 * inner), total / 4 * 3);
}

/* Elements per thread of `bytes` over `threads`, a multiple of 64, at least 64. */
static gsize
per_thread (guint64 bytes, int threads, gboolean round_up)
{
  guint64 n = bytes / sizeof (double) / (guint64) threads;

  if (round_up)
    n += 63;
  return (gsize) MAX (n / 64 * 64, 64);
}

static gboolean
measure_cache (Run *run, RoofProbeResult *r, int i, double budget, GError **error)
{
  RoofProbeCache *c = &r->caches[i];
  Reader rd = { 0 };
  gboolean ok = FALSE, allocated = TRUE;
  int threads = r->cores;
  gsize rule = per_thread (cache_working_set (r, i), threads, FALSE);
  Job job;

  rd.n = rule;
  /* a working set cut short by the clock still holds twice the inner level,
   * so that what is read comes from this one */
  rd.floor = i > 0 ? MIN (per_thread (2 * r->caches[i - 1].total, threads, TRUE), rule) : rule;
  rd.deadline = now () + budget / 2;
  rd.x = g_new0 (double *, threads);
  rd.filled = g_new0 (gsize, threads);
  rd.sink = g_new0 (double, threads);
  for (int t = 0; t < threads && allocated; t++)
    allocated = (rd.x[t] = probe_alloc (rule)) != NULL;
  if (!allocated)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                 "not enough memory for the %s working set of %" G_GUINT64_FORMAT " MiB",
                 c->name, (guint64) rule * sizeof (double) * (guint64) threads >> 20);
  else if (team_run (threads, reader_fill, &rd, 1, NULL, NULL, error) >= 0)
    {
      rd.n = MAX (least (rd.filled, threads) / 64 * 64, 64);
      job = (Job) { threads, reader_work, &rd, sizeof (double) * (double) rd.n * threads,
                    ROOF_PROBE_STAGE_CACHES };
      ok = measure (run, &job, budget, &c->bytes_per_s, NULL, error);
    }
  c->working_set = rd.n * sizeof (double) * (guint64) threads;
  c->working_set_rule = rule * sizeof (double) * (guint64) threads;
  for (int t = 0; t < threads; t++)
    probe_free (rd.x[t], rule);
  g_free (rd.x);
  g_free (rd.filled);
  g_free (rd.sink);
  return ok;
}

/* ---------------------------------------------------------------------- */
/* Compute: the FMA loops on every CPU                                     */

typedef struct
{
  const RoofProbeKernel *kernel;
  double *sink; /* one per thread: the sum each loop returns */
} Fma;

static void
fma_work (gpointer data, int thread, guint64 count)
{
  Fma *f = data;

  f->sink[thread] = f->kernel->run (count, 2.0);
}

static gboolean
measure_peak (Run *run, RoofProbeResult *r, const RoofProbeKernel *k, double budget,
              GError **error)
{
  g_autofree double *sink = g_new0 (double, r->cpus);
  Fma f = { k, sink };
  RoofProbePeak *p = &r->peaks[r->n_peaks];
  Job job = { r->cpus, fma_work, &f, roof_probe_kernel_ops (k, 1) * r->cpus,
              ROOF_PROBE_STAGE_COMPUTE };

  p->kernel = k;
  if (!measure (run, &job, budget, &p->ops_per_s, NULL, error))
    return FALSE;
  r->n_peaks++;
  return TRUE;
}

/* ---------------------------------------------------------------------- */

gboolean
roof_probe_run (double seconds,
                RoofProbeProgress progress,
                gpointer user_data,
                GCancellable *cancellable,
                RoofProbeResult *out,
                GError **error)
{
  Run run = { progress, user_data, cancellable, now (), seconds };
  const RoofProbeKernel *kernels[ROOF_PROBE_N_OPS];
  int n_kernels = 0;

  g_return_val_if_fail (isfinite (seconds) && seconds > 0 && seconds <= ROOF_PROBE_MAX_SECONDS,
                        FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  out->seconds = seconds;
  report (&run, ROOF_PROBE_STAGE_SETUP);
  _roof_probe_read_machine (out);
  for (int op = 0; op < ROOF_PROBE_N_OPS; op++)
    if ((kernels[n_kernels] = roof_probe_kernel_best ((RoofProbeOp) op)) != NULL)
      n_kernels++;

  /* memory until four tenths of the time, the caches until seven, compute
   * after: each stage gets what the one before left, shared evenly among
   * its measurements */
  if (!measure_memory (&run, out, error))
    return FALSE;
  for (int i = 0; i < out->n_caches; i++)
    if (!measure_cache (&run, out, i, remaining (&run, 0.7, out->n_caches - i), error))
      return FALSE;
  for (int i = 0; i < n_kernels; i++)
    if (!measure_peak (&run, out, kernels[i], remaining (&run, 1.0, n_kernels - i), error))
      return FALSE;
  if (progress != NULL)
    progress (1.0, ROOF_PROBE_STAGE_COMPUTE, user_data);
  return TRUE;
}

void
roof_probe_result_clear (RoofProbeResult *r)
{
  g_clear_pointer (&r->cpu_model, g_free);
  g_clear_pointer (&r->date, g_free);
}

RoofPrecision
roof_probe_op_precision (RoofProbeOp op)
{
  switch (op)
    {
    case ROOF_PROBE_OP_FP64: return ROOF_PREC_FP64;
    case ROOF_PROBE_OP_FP32: return ROOF_PREC_FP32;
    case ROOF_PROBE_OP_BF16: return ROOF_PREC_BF16;
    case ROOF_PROBE_OP_INT8:
    case ROOF_PROBE_N_OPS:
    default: return ROOF_PREC_INT8;
    }
}

double
roof_probe_nominal_per_pipe (const RoofProbeResult *r, const RoofProbePeak *peak)
{
  return (double) r->cores * r->max_freq_hz * peak->kernel->lanes * peak->kernel->ops_per_lane;
}
