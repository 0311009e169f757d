/* roof-probe-kernels.c — the loops roofline-cli probe times
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each compute loop keeps ROOF_PROBE_ACCUMULATORS independent chains in
 * registers and returns their sum, so the compiler can neither drop nor
 * shorten it (check with `objdump -d` of the object, docs/probe.md: the
 * AVX-512 fp64 loop is 12 vfmadd…pd on zmm registers and a branch).
 */
#include "roof-probe-kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define ROOF_PROBE_X86 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#define ROOF_PROBE_NEON 1
#endif

/* The twelve accumulators as named variables (an array might be kept in
 * memory), the step on each, and their lanes summed in double. */
#define ACC_DECL(VEC, INIT)                                                                       \
  VEC a0 = INIT (0), a1 = INIT (1), a2 = INIT (2), a3 = INIT (3), a4 = INIT (4), a5 = INIT (5),   \
      a6 = INIT (6), a7 = INIT (7), a8 = INIT (8), a9 = INIT (9), a10 = INIT (10),              \
      a11 = INIT (11)
#define ACC_STEP(STEP)                                                                            \
  do                                                                                              \
    {                                                                                             \
      a0 = STEP (a0); a1 = STEP (a1); a2 = STEP (a2); a3 = STEP (a3);                             \
      a4 = STEP (a4); a5 = STEP (a5); a6 = STEP (a6); a7 = STEP (a7);                             \
      a8 = STEP (a8); a9 = STEP (a9); a10 = STEP (a10); a11 = STEP (a11);                         \
    }                                                                                             \
  while (0)
#define ACC_SUM(ELEM, LANES, STORE)                                                               \
  do                                                                                              \
    {                                                                                             \
      ELEM out_[ROOF_PROBE_ACCUMULATORS][LANES];                                                  \
      STORE (out_[0], a0); STORE (out_[1], a1); STORE (out_[2], a2); STORE (out_[3], a3);         \
      STORE (out_[4], a4); STORE (out_[5], a5); STORE (out_[6], a6); STORE (out_[7], a7);         \
      STORE (out_[8], a8); STORE (out_[9], a9); STORE (out_[10], a10); STORE (out_[11], a11);     \
      for (int k_ = 0; k_ < ROOF_PROBE_ACCUMULATORS; k_++)                                        \
        for (int l_ = 0; l_ < (LANES); l_++)                                                      \
          sum += (double) out_[k_][l_];                                                           \
    }                                                                                             \
  while (0)

/* a ← a·M + (1 − M), lane by lane, `n` times */
#define FMA_KERNEL(NAME, ATTR, VEC, ELEM, LANES, SET1, MADD, STORE)                               \
  ATTR static double NAME (uint64_t n, double seed)                                               \
  {                                                                                               \
    const VEC m = SET1 ((ELEM) ROOF_PROBE_M), c = SET1 ((ELEM) (1.0 - ROOF_PROBE_M));             \
    double sum = 0;                                                                               \
    ACC_DECL (VEC, INIT);                                                                         \
    for (uint64_t i = 0; i < n; i++)                                                              \
      ACC_STEP (STEP);                                                                            \
    ACC_SUM (ELEM, LANES, STORE);                                                                 \
    return sum;                                                                                   \
  }

#define INIT(k) SET1 ((ELEM) (seed + (k) * ROOF_PROBE_STEP))
#define STEP(a) MADD (a, m, c)

/* Portable C: a multiply and an add (2 FLOP), one lane. */
#define SCALAR_SET1(x) (x)
#define SCALAR_MADD(a, m, c) ((a) * (m) + (c))
#define SCALAR_STORE(p, a) ((p)[0] = (a))
#define SET1 SCALAR_SET1
#define MADD SCALAR_MADD
#define ELEM double
FMA_KERNEL (fp64_scalar, , double, double, 1, SCALAR_SET1, SCALAR_MADD, SCALAR_STORE)
#undef ELEM
#define ELEM float
FMA_KERNEL (fp32_scalar, , float, float, 1, SCALAR_SET1, SCALAR_MADD, SCALAR_STORE)
#undef ELEM
#undef SET1
#undef MADD

#if ROOF_PROBE_X86
#define AVX512 __attribute__ ((target ("avx512f")))
#define AVX2 __attribute__ ((target ("avx2,fma")))

#define SET1 _mm512_set1_pd
#define MADD _mm512_fmadd_pd
#define ELEM double
FMA_KERNEL (fp64_avx512, AVX512, __m512d, double, 8, SET1, MADD, _mm512_storeu_pd)
#undef ELEM
#undef SET1
#undef MADD
#define SET1 _mm512_set1_ps
#define MADD _mm512_fmadd_ps
#define ELEM float
FMA_KERNEL (fp32_avx512, AVX512, __m512, float, 16, SET1, MADD, _mm512_storeu_ps)
#undef ELEM
#undef SET1
#undef MADD

#define SET1 _mm256_set1_pd
#define MADD _mm256_fmadd_pd
#define ELEM double
FMA_KERNEL (fp64_avx2, AVX2, __m256d, double, 4, SET1, MADD, _mm256_storeu_pd)
#undef ELEM
#undef SET1
#undef MADD
#define SET1 _mm256_set1_ps
#define MADD _mm256_fmadd_ps
#define ELEM float
FMA_KERNEL (fp32_avx2, AVX2, __m256, float, 8, SET1, MADD, _mm256_storeu_ps)
#undef ELEM
#undef SET1
#undef MADD

/* SSE2, every x86-64: no FMA, a multiply and an add */
#define SSE2_MADD_PD(a, m, c) _mm_add_pd (_mm_mul_pd (a, m), c)
#define SSE2_MADD_PS(a, m, c) _mm_add_ps (_mm_mul_ps (a, m), c)
#define SET1 _mm_set1_pd
#define MADD SSE2_MADD_PD
#define ELEM double
FMA_KERNEL (fp64_sse2, , __m128d, double, 2, SET1, MADD, _mm_storeu_pd)
#undef ELEM
#undef SET1
#undef MADD
#define SET1 _mm_set1_ps
#define MADD SSE2_MADD_PS
#define ELEM float
FMA_KERNEL (fp32_sse2, , __m128, float, 4, SET1, MADD, _mm_storeu_ps)
#undef ELEM
#undef SET1
#undef MADD

/* bf16: each 32-bit lane adds the two products of its pair of bf16 values,
 * A·B + A·B (4 FLOP), to an fp32 accumulator starting at seed + k·STEP. */
#define BF16 __attribute__ ((target ("avx512f,avx512bf16")))
BF16 static double
bf16_avx512 (uint64_t n, double seed)
{
  const __m512bh x = _mm512_cvtne2ps_pbh (_mm512_set1_ps (ROOF_PROBE_BF16_A),
                                          _mm512_set1_ps (ROOF_PROBE_BF16_A));
  const __m512bh y = _mm512_cvtne2ps_pbh (_mm512_set1_ps (ROOF_PROBE_BF16_B),
                                          _mm512_set1_ps (ROOF_PROBE_BF16_B));
  double sum = 0;
#define BF16_INIT(k) _mm512_set1_ps ((float) (seed + (k) * ROOF_PROBE_STEP))
#define BF16_STEP(a) _mm512_dpbf16_ps (a, x, y)
  ACC_DECL (__m512, BF16_INIT);
  for (uint64_t i = 0; i < n; i++)
    ACC_STEP (BF16_STEP);
  ACC_SUM (float, 16, _mm512_storeu_ps);
  return sum;
}

/* int8: each 32-bit lane adds four products of an unsigned and a signed
 * byte, 1·1 (8 ops), to an int32 accumulator starting at ⌊seed⌋ + k. */
#define VNNI __attribute__ ((target ("avx512f,avx512vnni")))
VNNI static double
int8_avx512 (uint64_t n, double seed)
{
  const __m512i x = _mm512_set1_epi8 (1), y = _mm512_set1_epi8 (1);
  double sum = 0;
#define INT8_INIT(k) _mm512_set1_epi32 ((int32_t) seed + (k))
#define INT8_STEP(a) _mm512_dpbusd_epi32 (a, x, y)
#define INT8_STORE(p, a) _mm512_storeu_si512 ((void *) (p), a)
  ACC_DECL (__m512i, INT8_INIT);
  for (uint64_t i = 0; i < n; i++)
    ACC_STEP (INT8_STEP);
  ACC_SUM (int32_t, 16, INT8_STORE);
  return sum;
}
#endif /* ROOF_PROBE_X86 */

#if ROOF_PROBE_NEON
#define NEON_MADD_F64(a, m, c) vfmaq_f64 (c, a, m)
#define NEON_MADD_F32(a, m, c) vfmaq_f32 (c, a, m)
#define SET1 vdupq_n_f64
#define MADD NEON_MADD_F64
#define ELEM double
FMA_KERNEL (fp64_neon, , float64x2_t, double, 2, SET1, MADD, vst1q_f64)
#undef ELEM
#undef SET1
#undef MADD
#define SET1 vdupq_n_f32
#define MADD NEON_MADD_F32
#define ELEM float
FMA_KERNEL (fp32_neon, , float32x4_t, float, 4, SET1, MADD, vst1q_f32)
#undef ELEM
#undef SET1
#undef MADD
#endif

/* Widest first within each op; `supported` decides at run time. */
typedef struct
{
  RoofProbeKernel k;
  int (*supported) (void);
} Entry;

static int yes (void) { return 1; }

#if ROOF_PROBE_X86
static int has_avx512 (void) { return __builtin_cpu_supports ("avx512f"); }
static int has_avx2 (void)
{
  return __builtin_cpu_supports ("avx2") && __builtin_cpu_supports ("fma");
}
static int has_bf16 (void)
{
  return __builtin_cpu_supports ("avx512f") && __builtin_cpu_supports ("avx512bf16");
}
static int has_vnni (void)
{
  return __builtin_cpu_supports ("avx512f") && __builtin_cpu_supports ("avx512vnni");
}
#endif

static const Entry kernels[] = {
#if ROOF_PROBE_X86
  { { ROOF_PROBE_OP_FP64, "AVX-512", "vfmadd (zmm, 8 × fp64)", 8, 2, fp64_avx512 }, has_avx512 },
  { { ROOF_PROBE_OP_FP64, "AVX2+FMA", "vfmadd (ymm, 4 × fp64)", 4, 2, fp64_avx2 }, has_avx2 },
  { { ROOF_PROBE_OP_FP64, "SSE2", "mulpd + addpd (xmm, 2 × fp64)", 2, 2, fp64_sse2 }, yes },
  { { ROOF_PROBE_OP_FP32, "AVX-512", "vfmadd (zmm, 16 × fp32)", 16, 2, fp32_avx512 }, has_avx512 },
  { { ROOF_PROBE_OP_FP32, "AVX2+FMA", "vfmadd (ymm, 8 × fp32)", 8, 2, fp32_avx2 }, has_avx2 },
  { { ROOF_PROBE_OP_FP32, "SSE2", "mulps + addps (xmm, 4 × fp32)", 4, 2, fp32_sse2 }, yes },
  { { ROOF_PROBE_OP_BF16, "AVX-512 BF16", "vdpbf16ps (zmm, 32 × bf16 into 16 × fp32)", 16, 4,
      bf16_avx512 }, has_bf16 },
  { { ROOF_PROBE_OP_INT8, "AVX-512 VNNI", "vpdpbusd (zmm, 64 × int8 into 16 × int32)", 16, 8,
      int8_avx512 }, has_vnni },
#elif ROOF_PROBE_NEON
  { { ROOF_PROBE_OP_FP64, "NEON", "fmla (2 × fp64)", 2, 2, fp64_neon }, yes },
  { { ROOF_PROBE_OP_FP32, "NEON", "fmla (4 × fp32)", 4, 2, fp32_neon }, yes },
#endif
  { { ROOF_PROBE_OP_FP64, "scalar", "multiply + add (fp64)", 1, 2, fp64_scalar }, yes },
  { { ROOF_PROBE_OP_FP32, "scalar", "multiply + add (fp32)", 1, 2, fp32_scalar }, yes },
};

int
roof_probe_kernels_supported (RoofProbeOp op, const RoofProbeKernel **out, int max)
{
  int n = 0;

  for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
    if (kernels[i].k.op == op && kernels[i].supported ())
      {
        if (n < max)
          out[n] = &kernels[i].k;
        n++;
      }
  return n;
}

const RoofProbeKernel *
roof_probe_kernel_best (RoofProbeOp op)
{
  const RoofProbeKernel *k = NULL;

  return roof_probe_kernels_supported (op, &k, 1) > 0 ? k : NULL;
}

double
roof_probe_kernel_ops (const RoofProbeKernel *k, uint64_t iterations)
{
  return (double) iterations * ROOF_PROBE_ACCUMULATORS * k->lanes * k->ops_per_lane;
}

/* ---------------------------------------------------------------------- */
/* Streaming                                                               */

/* Plain C, vectorised by the compiler: a memory-bound loop needs no more. */
void
roof_probe_triad (double *restrict a, const double *restrict b, const double *restrict c,
                  double s, size_t n)
{
  for (size_t i = 0; i < n; i++)
    a[i] = b[i] + s * c[i];
}

/* Eight vector accumulators: two loads a cycle with a 4-cycle add. */
#define READ_KERNEL(NAME, ATTR, VEC, W, ZERO, LOAD, ADD, STORE)                                   \
  ATTR static double NAME (const double *x, size_t n, uint64_t passes)                           \
  {                                                                                               \
    VEC s0 = ZERO (), s1 = ZERO (), s2 = ZERO (), s3 = ZERO (), s4 = ZERO (), s5 = ZERO (),       \
        s6 = ZERO (), s7 = ZERO ();                                                               \
    double out[8 * (W)], sum = 0;                                                                 \
    for (uint64_t p = 0; p < passes; p++)                                                         \
      for (size_t i = 0; i < n; i += 8 * (W))                                                     \
        {                                                                                         \
          s0 = ADD (s0, LOAD (x + i + 0 * (W))); s1 = ADD (s1, LOAD (x + i + 1 * (W)));           \
          s2 = ADD (s2, LOAD (x + i + 2 * (W))); s3 = ADD (s3, LOAD (x + i + 3 * (W)));           \
          s4 = ADD (s4, LOAD (x + i + 4 * (W))); s5 = ADD (s5, LOAD (x + i + 5 * (W)));           \
          s6 = ADD (s6, LOAD (x + i + 6 * (W))); s7 = ADD (s7, LOAD (x + i + 7 * (W)));           \
        }                                                                                         \
    STORE (out + 0 * (W), s0); STORE (out + 1 * (W), s1); STORE (out + 2 * (W), s2);              \
    STORE (out + 3 * (W), s3); STORE (out + 4 * (W), s4); STORE (out + 5 * (W), s5);              \
    STORE (out + 6 * (W), s6); STORE (out + 7 * (W), s7);                                         \
    for (int l = 0; l < 8 * (W); l++)                                                             \
      sum += out[l];                                                                              \
    return sum;                                                                                   \
  }

#if ROOF_PROBE_X86
READ_KERNEL (read_avx512, AVX512, __m512d, 8, _mm512_setzero_pd, _mm512_loadu_pd, _mm512_add_pd,
             _mm512_storeu_pd)
READ_KERNEL (read_avx2, AVX2, __m256d, 4, _mm256_setzero_pd, _mm256_loadu_pd, _mm256_add_pd,
             _mm256_storeu_pd)
READ_KERNEL (read_sse2, , __m128d, 2, _mm_setzero_pd, _mm_loadu_pd, _mm_add_pd, _mm_storeu_pd)
#elif ROOF_PROBE_NEON
#define NEON_ZERO() vdupq_n_f64 (0.0)
READ_KERNEL (read_neon, , float64x2_t, 2, NEON_ZERO, vld1q_f64, vaddq_f64, vst1q_f64)
#else
#define SCALAR_ZERO() 0.0
#define SCALAR_LOAD(p) (*(p))
#define SCALAR_ADD(a, b) ((a) + (b))
READ_KERNEL (read_scalar, , double, 1, SCALAR_ZERO, SCALAR_LOAD, SCALAR_ADD, SCALAR_STORE)
#endif

double
roof_probe_read (const double *x, size_t n, uint64_t passes)
{
#if ROOF_PROBE_X86
  if (has_avx512 ())
    return read_avx512 (x, n, passes);
  if (has_avx2 ())
    return read_avx2 (x, n, passes);
  return read_sse2 (x, n, passes);
#elif ROOF_PROBE_NEON
  return read_neon (x, n, passes);
#else
  return read_scalar (x, n, passes);
#endif
}

const char *
roof_probe_read_isa (void)
{
#if ROOF_PROBE_X86
  return has_avx512 () ? "AVX-512" : has_avx2 () ? "AVX2" : "SSE2";
#elif ROOF_PROBE_NEON
  return "NEON";
#else
  return "scalar";
#endif
}
