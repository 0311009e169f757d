/* roof-probe-kernels.h — the loops roofline-cli probe times
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain C with compiler intrinsics, no GLib: each loop is compiled for one
 * instruction set with a target attribute and chosen at run time with
 * __builtin_cpu_supports, so one binary runs on any x86-64 and uses the
 * widest vectors the CPU has (docs/probe.md, "Method").
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* Independent accumulators of the compute loops: enough chains to hide the
 * latency of an FMA (4 cycles) on two FMA pipes, 8 in flight, with margin;
 * 12 vectors and 2 constants fit the 16 registers of AVX2 and NEON. */
#define ROOF_PROBE_ACCUMULATORS 12

/* The compute loops iterate a ← a·M + (1 − M) on every lane of every
 * accumulator (a fixed point at 1, so nothing overflows or turns
 * subnormal); accumulator k of every lane starts at seed + k·STEP. With
 * M = 1/2 every value is a short binary fraction, so a few iterations are
 * exact and a test can count them (tests/probe/test-probe.c). */
#define ROOF_PROBE_M 0.5
#define ROOF_PROBE_STEP 0.125

/* The bf16 and int8 dot-product loops add, per 32-bit lane and iteration,
 * two products of bf16 values (0.5 · 0.25 each) or four of bytes (1 · 1). */
#define ROOF_PROBE_BF16_A 0.5f
#define ROOF_PROBE_BF16_B 0.25f

typedef enum
{
  ROOF_PROBE_OP_FP64,
  ROOF_PROBE_OP_FP32,
  ROOF_PROBE_OP_BF16, /* bf16 pairs into fp32 (AVX512_BF16 vdpbf16ps) */
  ROOF_PROBE_OP_INT8, /* 4 u8·s8 products into int32 (AVX512_VNNI vpdpbusd) */
  ROOF_PROBE_N_OPS
} RoofProbeOp;

typedef struct
{
  RoofProbeOp op;
  const char *isa;         /* "AVX-512", "AVX2+FMA", "SSE2", "NEON", "scalar" */
  const char *instruction; /* what the loop is made of, for the sources line */
  int lanes;               /* 32- or 64-bit lanes of one vector */
  int ops_per_lane;        /* FLOP (or integer ops) per lane and instruction: an FMA is 2 */
  /* `iterations` rounds over the accumulators; returns the sum of every
   * lane of every accumulator, so nothing can be left out. */
  double (*run) (uint64_t iterations, double seed);
} RoofProbeKernel;

/* The widest kernel this CPU runs for `op`, or NULL when it has no
 * instruction for it (bf16 and int8 need AVX-512 BF16 / VNNI). */
const RoofProbeKernel *roof_probe_kernel_best (RoofProbeOp op);
/* Every kernel this CPU can run for `op`, widest first; returns the count. */
int roof_probe_kernels_supported (RoofProbeOp op, const RoofProbeKernel **out, int max);

/* FLOP (or ops) of `iterations` rounds of one run of `k`:
 * iterations × accumulators × lanes × ops per lane. */
double roof_probe_kernel_ops (const RoofProbeKernel *k, uint64_t iterations);

/* The streaming and reading loops, widest vectors the CPU has. */
/* a[i] = b[i] + s·c[i] for i < n: STREAM's triad. */
void roof_probe_triad (double *a, const double *b, const double *c, double s, size_t n);
/* The sum of x[0..n) read `passes` times (n a multiple of 64); reads
 * 8 · n · passes bytes. */
double roof_probe_read (const double *x, size_t n, uint64_t passes);
/* The instruction set roof_probe_read uses. */
const char *roof_probe_read_isa (void);
