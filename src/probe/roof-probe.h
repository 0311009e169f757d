/* roof-probe.h — the roofline of the computer Roofline runs on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Measures the memory bandwidth (STREAM's triad on every CPU), the
 * bandwidth of each cache level (reads of working sets sized from the cache
 * sizes, one thread per core) and the peak FLOP/s per precision the CPU has
 * instructions for (FMA loops at its widest vector width, every CPU), and
 * turns them into a hardware entry "This computer" for the user catalog.
 * The method and its limits are in docs/probe.md. Used by `roofline-cli
 * probe` and the app's "Measure This Computer…"; no GTK.
 */
#pragma once

#include <gio/gio.h>

#include "roof-hardware-spec.h"
#include "roof-probe-kernels.h"

G_BEGIN_DECLS

/* The id and name of the entry the probe writes (replaced on every run). */
#define ROOF_PROBE_ENTRY_ID "this-computer"
#define ROOF_PROBE_ENTRY_NAME "This computer"

/* --seconds: the default and the accepted range */
#define ROOF_PROBE_DEFAULT_SECONDS 5.0
#define ROOF_PROBE_MAX_SECONDS 3600.0

#define ROOF_PROBE_MAX_CACHES 4

typedef enum
{
  ROOF_PROBE_STAGE_SETUP,   /* reading the machine, filling the arrays */
  ROOF_PROBE_STAGE_MEMORY,  /* the triad */
  ROOF_PROBE_STAGE_CACHES,  /* the read kernels */
  ROOF_PROBE_STAGE_COMPUTE, /* the FMA loops */
} RoofProbeStage;

typedef struct
{
  char name[8];          /* "L1d", "L2", "L3" */
  int level;
  guint64 size;          /* bytes of one instance (sysfs "size") */
  int shared_cpus;       /* CPUs sharing one instance */
  guint64 total;         /* bytes over the machine: size × instances */
  guint64 working_set;   /* bytes read per pass, all threads together */
  guint64 working_set_rule; /* what the rule of docs/probe.md asks; more than
                             * working_set when filling it took too long */
  double bytes_per_s;    /* measured read bandwidth, all threads together */
} RoofProbeCache;

typedef struct
{
  const RoofProbeKernel *kernel;
  double ops_per_s; /* all threads together */
} RoofProbePeak;

typedef struct
{
  char *cpu_model;   /* /proc/cpuinfo "model name" (or "unknown CPU") */
  char *date;        /* YYYY-MM-DD, local time */
  int cpus;          /* online CPUs this process may run on */
  int cores;         /* cpus / SMT threads per core */
  guint64 memory_bytes;      /* /proc/meminfo MemTotal, else sysconf */
  double max_freq_hz;        /* 0 when unknown */
  const char *freq_source;   /* where max_freq_hz comes from; NULL when unknown */
  double load_average;       /* 1-minute load average before the run; < 0 unknown */
  double seconds;            /* the time asked for */

  double memory_bytes_per_s; /* the triad: 3 × 8 bytes per element */
  guint64 triad_array_bytes; /* bytes of each of the three arrays */
  guint64 triad_rule_bytes;  /* what STREAM's rule asks of each; more than
                              * triad_array_bytes when filling took too long */
  int triad_runs;            /* repetitions, of which the best is kept */

  RoofProbeCache caches[ROOF_PROBE_MAX_CACHES]; /* innermost first */
  int n_caches;
  RoofProbePeak peaks[ROOF_PROBE_N_OPS];
  int n_peaks;
} RoofProbeResult;

/* `fraction` of the run done, in [0, 1], and what is being measured; called
 * from the thread that runs roof_probe_run (). */
typedef void (*RoofProbeProgress) (double fraction, RoofProbeStage stage, gpointer user_data);

/* Measures this computer for about `seconds` (in (0, ROOF_PROBE_MAX_SECONDS]).
 * FALSE with G_IO_ERROR_CANCELLED when cancelled, or an error naming what
 * failed (no memory for the arrays, a thread that would not start). `out`
 * must be cleared with roof_probe_result_clear () either way. */
gboolean roof_probe_run (double seconds,
                         RoofProbeProgress progress,
                         gpointer user_data,
                         GCancellable *cancellable,
                         RoofProbeResult *out,
                         GError **error);
void roof_probe_result_clear (RoofProbeResult *r);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RoofProbeResult, roof_probe_result_clear)

/* The catalog precision of a kernel's operation. */
RoofPrecision roof_probe_op_precision (RoofProbeOp op);

/* cores × frequency × lanes × FLOP per lane of `peak`'s instruction: the
 * peak of ONE such instruction per core and cycle (multiply by the FMA pipes
 * per core for the data-sheet figure); 0 when the frequency is unknown. */
double roof_probe_nominal_per_pipe (const RoofProbeResult *r, const RoofProbePeak *peak);

/* The catalog entry of the result (a new object; "sources" says how and
 * when it was measured). */
JsonObject *roof_probe_entry_json (const RoofProbeResult *r);
/* The same, validated by the catalog's own rules. */
RoofHardwareSpec *roof_probe_entry_spec (const RoofProbeResult *r, GError **error);

/* Adds or replaces `spec` in the user catalog `file` (NULL: the default,
 * $XDG_DATA_HOME/roofline/catalog.json) and saves it atomically, keeping
 * every other entry. Refuses, changing nothing, a file that does not load. */
gboolean roof_probe_save (RoofHardwareSpec *spec, GFile *file, GError **error);

/* Bytes of a sysfs size such as "48K", "1024K", "32M"; 0 when malformed. */
guint64 roof_probe_parse_size (const char *text);
/* CPUs in a sysfs CPU list such as "0-3,8,10-11"; 0 when malformed. */
int roof_probe_count_cpu_list (const char *text);

G_END_DECLS
