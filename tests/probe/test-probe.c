/* test-probe.c — the probe's kernels counted by hand, its parsing of sysfs,
 * a short run checked for sanity, the entry it makes and saves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No test asserts a time: the figures depend on the machine and its load,
 * so a run is only checked to be finite and above 1 GB/s and 1 GFLOP/s.
 */
#include "roof-probe-private.h"

#include "roof-catalog.h"

#include <glib/gstdio.h>
#include <math.h>

/* What one iteration of each kernel does, from the instruction set's
 * manual: lanes per instruction and operations per lane. An FMA is a
 * multiply and an add (2 FLOP); vdpbf16ps adds two bf16 products per fp32
 * lane (4 FLOP); vpdpbusd adds four byte products per int32 lane (8 ops). */
static const struct
{
  RoofProbeOp op;
  const char *isa;
  int lanes, ops;
} by_hand[] = {
  { ROOF_PROBE_OP_FP64, "AVX-512", 512 / 64, 2 },
  { ROOF_PROBE_OP_FP64, "AVX2+FMA", 256 / 64, 2 },
  { ROOF_PROBE_OP_FP64, "SSE2", 128 / 64, 2 },
  { ROOF_PROBE_OP_FP64, "NEON", 128 / 64, 2 },
  { ROOF_PROBE_OP_FP64, "scalar", 1, 2 },
  { ROOF_PROBE_OP_FP32, "AVX-512", 512 / 32, 2 },
  { ROOF_PROBE_OP_FP32, "AVX2+FMA", 256 / 32, 2 },
  { ROOF_PROBE_OP_FP32, "SSE2", 128 / 32, 2 },
  { ROOF_PROBE_OP_FP32, "NEON", 128 / 32, 2 },
  { ROOF_PROBE_OP_FP32, "scalar", 1, 2 },
  { ROOF_PROBE_OP_BF16, "AVX-512 BF16", 512 / 32, 2 * 2 },
  { ROOF_PROBE_OP_INT8, "AVX-512 VNNI", 512 / 32, 4 * 2 },
};

static void
lanes_by_hand (const RoofProbeKernel *k, int *lanes, int *ops)
{
  for (gsize i = 0; i < G_N_ELEMENTS (by_hand); i++)
    if (by_hand[i].op == k->op && g_str_equal (by_hand[i].isa, k->isa))
      {
        *lanes = by_hand[i].lanes;
        *ops = by_hand[i].ops;
        return;
      }
  g_assert_not_reached ();
}

/* The sum a kernel returns after n iterations from seed 2, per lane, by
 * hand. FMA loops: a ← a/2 + 1/2 from a₀ = 2 + k/8 (k = 0…11) leaves
 * 1 + (1 + k/8)·2⁻ⁿ, exactly (every value is a short binary fraction):
 * Σₖ = 12 + (12 + 66/8)·2⁻ⁿ, with Σₖ k = 66. bf16: a ← a + 2·(0.5·0.25)
 * from 2 + k/8 gives Σₖ = 24 + 66/8 + 12·n·0.25. int8: a ← a + 4·(1·1)
 * from 2 + k gives Σₖ = 24 + 66 + 12·4·n. */
static double
sum_per_lane_by_hand (RoofProbeOp op, int n)
{
  switch (op)
    {
    case ROOF_PROBE_OP_FP64:
    case ROOF_PROBE_OP_FP32:
      return 12 + (12 + 66.0 / 8) * ldexp (1, -n);
    case ROOF_PROBE_OP_BF16:
      return 24 + 66.0 / 8 + 12 * n * 0.25;
    case ROOF_PROBE_OP_INT8:
      return 24 + 66 + 12 * 4 * n;
    case ROOF_PROBE_N_OPS:
    default:
      g_assert_not_reached ();
    }
}

/* Every kernel this CPU runs does the FLOP it is counted for: its lanes,
 * twelve accumulators and n iterations show in the sum it returns. */
static void
test_kernels_count (void)
{
  int checked = 0;

  /* the kernels' constants, as the sums above assume them */
  g_assert_cmpfloat (ROOF_PROBE_M, ==, 0.5);
  g_assert_cmpfloat (ROOF_PROBE_STEP, ==, 0.125);
  g_assert_cmpint (ROOF_PROBE_ACCUMULATORS, ==, 12);

  for (int op = 0; op < ROOF_PROBE_N_OPS; op++)
    {
      const RoofProbeKernel *ks[8];
      int n_k = roof_probe_kernels_supported ((RoofProbeOp) op, ks, G_N_ELEMENTS (ks));

      /* fp64 and fp32 always run (SSE2, NEON or scalar) */
      if (op == ROOF_PROBE_OP_FP64 || op == ROOF_PROBE_OP_FP32)
        g_assert_cmpint (n_k, >=, 1);
      for (int i = 0; i < n_k; i++)
        for (int n = 0; n <= 12; n += 3)
          {
            int lanes = 0, ops = 0;

            lanes_by_hand (ks[i], &lanes, &ops);
            g_test_message ("%s %s, %d iterations", roof_precision_name (roof_probe_op_precision (ks[i]->op)),
                            ks[i]->isa, n);
            /* n × 12 accumulators × lanes × ops */
            g_assert_cmpfloat (roof_probe_kernel_ops (ks[i], (guint64) n), ==,
                               (double) n * 12 * lanes * ops);
            g_assert_cmpfloat (ks[i]->run ((guint64) n, 2.0), ==,
                               lanes * sum_per_lane_by_hand ((RoofProbeOp) op, n));
            checked++;
          }
    }
  g_assert_cmpint (checked, >=, 2 * 5);
}

/* The widest kernel comes first: the best one has the most lanes. */
static void
test_kernels_widest (void)
{
  for (int op = 0; op < ROOF_PROBE_N_OPS; op++)
    {
      const RoofProbeKernel *ks[8];
      int n_k = roof_probe_kernels_supported ((RoofProbeOp) op, ks, G_N_ELEMENTS (ks));

      for (int i = 1; i < n_k; i++)
        g_assert_cmpint (ks[i]->lanes, <, ks[0]->lanes);
      if (n_k > 0)
        g_assert_true (roof_probe_kernel_best ((RoofProbeOp) op) == ks[0]);
      else
        g_assert_null (roof_probe_kernel_best ((RoofProbeOp) op));
    }
}

/* The read kernel sums what it reads, pass after pass; the triad is STREAM's. */
static void
test_stream_kernels (void)
{
  enum { N = 256 };
  double a[N], b[N], c[N];

  for (int i = 0; i < N; i++)
    {
      b[i] = i;
      c[i] = 2 * i;
    }
  /* Σ i for i < 256 = 256·255/2 = 32640, read 3 times */
  g_assert_cmpfloat (roof_probe_read (b, N, 3), ==, 3 * 32640.0);
  roof_probe_triad (a, b, c, 3.0, N);
  for (int i = 0; i < N; i++)
    g_assert_cmpfloat (a[i], ==, i + 3.0 * 2 * i);
}

static void
test_parse_sysfs (void)
{
  g_assert_cmpuint (roof_probe_parse_size ("48K"), ==, 48 * 1024);
  g_assert_cmpuint (roof_probe_parse_size ("32768K"), ==, 32 * 1024 * 1024);
  g_assert_cmpuint (roof_probe_parse_size ("1M"), ==, 1024 * 1024);
  g_assert_cmpuint (roof_probe_parse_size ("512"), ==, 512);
  g_assert_cmpuint (roof_probe_parse_size (""), ==, 0);
  g_assert_cmpuint (roof_probe_parse_size ("K"), ==, 0);
  g_assert_cmpuint (roof_probe_parse_size ("12Q"), ==, 0);
  g_assert_cmpuint (roof_probe_parse_size (NULL), ==, 0);

  /* 0,1,2,3 + 8 + 10,11 */
  g_assert_cmpint (roof_probe_count_cpu_list ("0-3,8,10-11"), ==, 7);
  g_assert_cmpint (roof_probe_count_cpu_list ("0\n"), ==, 1);
  g_assert_cmpint (roof_probe_count_cpu_list ("0-1"), ==, 2);
  g_assert_cmpint (roof_probe_count_cpu_list ("3-1"), ==, 0);
  g_assert_cmpint (roof_probe_count_cpu_list ("x"), ==, 0);
  g_assert_cmpint (roof_probe_count_cpu_list ("1-"), ==, 0);
  g_assert_cmpint (roof_probe_count_cpu_list (NULL), ==, 0);
}

typedef struct
{
  double last;
  int calls;
  gboolean monotonic;
  GCancellable *cancel_at_first;
} Progress;

static void
on_progress (double fraction, RoofProbeStage stage, gpointer data)
{
  Progress *p = data;

  if (fraction < p->last || fraction < 0 || fraction > 1)
    p->monotonic = FALSE;
  p->last = fraction;
  p->calls++;
  if (p->cancel_at_first != NULL)
    g_cancellable_cancel (p->cancel_at_first);
}

static void
assert_sane (double v, double floor)
{
  g_assert_true (isfinite (v));
  g_assert_cmpfloat (v, >, floor);
}

/* The arrays are filled a chunk at a time against the clock: a deadline
 * already past stops at the first chunk boundary at or past the floor, a
 * far one fills everything; what is written is a prefix, each array with
 * its own value, and nothing past it is touched. */
static void
test_fill_deadline (void)
{
  const gsize chunk = ROOF_PROBE_FILL_CHUNK;
  const gsize n = 5 * chunk + 100;
  const double values[2] = { 3.0, -7.5 };
  g_autofree double *a = g_new (double, n);
  g_autofree double *b = g_new (double, n);
  double *const arrays[2] = { a, b };
  struct
  {
    gsize floor;
    double deadline;
    gsize expect;
  } cases[] = {
    /* the floor is in the second chunk: two chunks, then the clock says stop */
    { chunk + 7, 0.0, 2 * chunk },
    /* exactly one chunk */
    { chunk, 0.0, chunk },
    /* no floor: the first chunk is written all the same */
    { 0, 0.0, chunk },
    /* the floor is everything */
    { n, 0.0, n },
    /* a deadline never reached: everything */
    { 0, G_MAXDOUBLE, n },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      gsize got;

      for (gsize i = 0; i < n; i++)
        a[i] = b[i] = 99.0;
      got = _roof_probe_fill (arrays, values, 2, n, cases[c].floor, cases[c].deadline);
      g_assert_cmpuint (got, ==, cases[c].expect);
      for (gsize i = 0; i < got; i++)
        if (a[i] != 3.0 || b[i] != -7.5)
          g_error ("case %u: element %" G_GSIZE_FORMAT " not written", c, i);
      for (gsize i = got; i < n; i++)
        if (a[i] != 99.0 || b[i] != 99.0)
          g_error ("case %u: element %" G_GSIZE_FORMAT " past the prefix written", c, i);
    }
  /* fewer elements than a chunk */
  for (gsize i = 0; i < n; i++)
    a[i] = b[i] = 99.0;
  g_assert_cmpuint (_roof_probe_fill (arrays, values, 2, 10, 0, 0.0), ==, 10);
  g_assert_cmpfloat (a[9], ==, 3.0);
  g_assert_cmpfloat (a[10], ==, 99.0);
}

/* A run of about a second: sane figures, progress to 1, an entry that the
 * catalog's validation accepts, saved beside the file's other entries and
 * read back the same. */
static void
test_run_and_save (void)
{
  g_auto (RoofProbeResult) r = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofHardwareSpec) spec = NULL;
  g_autoptr (JsonObject) entry = NULL;
  g_autoptr (RoofCatalog) back = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roofline-probe-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "catalog.json", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  Progress p = { 0, 0, TRUE, NULL };
  RoofHardwareSpec *saved;
  const char *other = "{\"format\": \"roofline-catalog\", \"version\": 2, \"hardware\": [{\"id\": "
                      "\"other\", \"name\": \"Other\", \"memory\": {\"capacity_GB\": 1, "
                      "\"bandwidth_GBps\": 2}, \"compute_TFLOPS\": {}}]}";

  g_assert_true (roof_probe_run (1.0, on_progress, &p, NULL, &r, &error));
  g_assert_no_error (error);
  g_assert_true (p.monotonic);
  g_assert_cmpfloat (p.last, ==, 1.0);
  g_assert_cmpint (r.cpus, >=, 1);
  g_assert_cmpint (r.cores, >=, 1);
  g_assert_cmpint (r.cores, <=, r.cpus);
  g_assert_cmpuint (r.memory_bytes, >, 0);
  assert_sane (r.memory_bytes_per_s, 1e9);
  g_assert_cmpint (r.triad_runs, >=, 2);
  /* arrays cut short by the clock keep STREAM's 16 MiB (less only where
   * an eighth of the memory is less) */
  g_assert_cmpuint (r.triad_array_bytes, <=, r.triad_rule_bytes);
  g_assert_cmpuint (r.triad_array_bytes, >=, MIN (r.triad_rule_bytes, (guint64) 16 << 20));
  for (int i = 0; i < r.n_caches; i++)
    {
      assert_sane (r.caches[i].bytes_per_s, 0);
      g_assert_cmpuint (r.caches[i].working_set, <=, r.caches[i].working_set_rule);
      /* a working set cut short still holds twice the level inside */
      if (i > 0)
        g_assert_cmpuint (r.caches[i].working_set, >=,
                          MIN (r.caches[i].working_set_rule, 2 * r.caches[i - 1].total));
      /* innermost first */
      if (i > 0)
        g_assert_cmpint (r.caches[i].level, >, r.caches[i - 1].level);
    }
  g_assert_cmpint (r.n_peaks, >=, 2);
  for (int i = 0; i < r.n_peaks; i++)
    assert_sane (r.peaks[i].ops_per_s, 1e9);

  entry = roof_probe_entry_json (&r);
  spec = roof_probe_entry_spec (&r, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (roof_spec_get_id (ROOF_SPEC (spec)), ==, "this-computer");
  g_assert_cmpstr (roof_hardware_spec_get_kind (spec), ==, "cpu");
  g_assert_cmpuint (g_strv_length ((char **) roof_spec_get_sources (ROOF_SPEC (spec))), >=, 1);
  g_assert_nonnull (strstr (roof_spec_get_sources (ROOF_SPEC (spec))[0], r.date));
  /* GB/s in the entry, B/s measured: four significant digits */
  g_assert_cmpfloat_with_epsilon (roof_hardware_spec_get_params (spec)->mem_bw,
                                  r.memory_bytes_per_s, 1e-3 * r.memory_bytes_per_s);

  g_assert_true (g_file_set_contents (path, other, -1, &error));
  g_assert_true (roof_probe_save (spec, file, &error));
  g_assert_no_error (error);
  back = roof_catalog_new_builtin (&error);
  g_assert_true (roof_catalog_load_file (back, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (roof_catalog_find_hardware (back, "other"));
  saved = roof_catalog_find_hardware (back, "this-computer");
  g_assert_nonnull (saved);
  {
    g_autoptr (JsonObject) again = roof_spec_to_json (ROOF_SPEC (saved));
    g_autoptr (JsonNode) a = json_node_init_object (json_node_alloc (), again);
    g_autoptr (JsonNode) b = json_node_init_object (json_node_alloc (), entry);
    g_assert_true (json_node_equal (a, b));
  }
  g_remove (path);
  g_remove (backup);
  g_rmdir (dir);
}

/* Cancelled at the first progress report: FALSE, G_IO_ERROR_CANCELLED. */
static void
test_cancel (void)
{
  g_auto (RoofProbeResult) r = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  Progress p = { 0, 0, TRUE, cancel };

  g_assert_false (roof_probe_run (60.0, on_progress, &p, cancel, &r, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/probe/kernels/count", test_kernels_count);
  g_test_add_func ("/probe/kernels/widest", test_kernels_widest);
  g_test_add_func ("/probe/kernels/stream", test_stream_kernels);
  g_test_add_func ("/probe/sysfs", test_parse_sysfs);
  g_test_add_func ("/probe/fill-deadline", test_fill_deadline);
  g_test_add_func ("/probe/run-and-save", test_run_and_save);
  g_test_add_func ("/probe/cancel", test_cancel);
  return g_test_run ();
}
