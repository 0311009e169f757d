/* fuzz-solver-io.h — the byte format fuzz-solver reads and its seed writer writes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One function per struct walks its fields in a fixed order and either reads
 * each from the input or appends it to the output, so the reader and the
 * seed writer cannot disagree. A double costs a tag byte then:
 *
 *   tag & 3 == 0   8 raw bytes (little-endian IEEE 754): any value at all,
 *                  NaN and infinities included; the seeds use only this form
 *   tag & 3 == 1   1 byte: an index into `special` (0, ±1, DBL_MAX, NaN, …)
 *   tag & 3 == 2   2 bytes: a whole number 0 … 65535
 *   tag & 3 == 3   2 bytes: ±10^(−40 … +40) on a log scale (sign: tag & 4)
 *
 * so the mutator reaches both the validation (odd values) and the model
 * (plausible magnitudes) quickly. Enumerations and counts are one byte each,
 * taken modulo one more than their range, so out-of-range values occur.
 * Missing bytes read as zero.
 */
#pragma once

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "roof-solver.h"

typedef struct
{
  /* reading */
  const uint8_t *p;
  size_t n;
  /* writing (when `out` is not NULL): appended at out[len], up to cap */
  uint8_t *out;
  size_t len;
  size_t cap;
} FuzzIo;

static inline bool
fuzz_io_writing (const FuzzIo *io)
{
  return io->out != NULL;
}

static inline uint8_t
fuzz_io_byte (FuzzIo *io, uint8_t value)
{
  if (fuzz_io_writing (io))
    {
      if (io->len < io->cap)
        io->out[io->len++] = value;
      return value;
    }
  if (io->n == 0)
    return 0;
  io->n--;
  return *io->p++;
}

static inline void
fuzz_io_bytes (FuzzIo *io, uint8_t *buf, size_t n)
{
  for (size_t i = 0; i < n; i++)
    buf[i] = fuzz_io_byte (io, buf[i]);
}

static const double fuzz_special[] = {
  0.0,     -0.0,    1.0,     -1.0,  0.5,     2.0,     0.9,     1e-300, 5e-324, DBL_MIN,
  DBL_MAX, 1e15,    1e16,    1e21,  1e22,    1e9,     1e10,    1e6,    1e7,    64.0,
  65536.0, 1e-9,    1e308,   NAN,   INFINITY, -INFINITY, 4096.0, 8192.0, 1e-6, 3.0,
  128.0,   1e12,
};

static inline double
fuzz_io_double (FuzzIo *io, double value)
{
  uint8_t raw[8];

  if (fuzz_io_writing (io))
    {
      fuzz_io_byte (io, 0); /* tag: raw */
      memcpy (raw, &value, 8);
      fuzz_io_bytes (io, raw, 8);
      return value;
    }

  uint8_t tag = fuzz_io_byte (io, 0);
  switch (tag & 3)
    {
    case 0:
      memset (raw, 0, sizeof raw);
      fuzz_io_bytes (io, raw, 8);
      memcpy (&value, raw, 8);
      return value;
    case 1:
      return fuzz_special[fuzz_io_byte (io, 0) % (sizeof fuzz_special / sizeof fuzz_special[0])];
    case 2:
      {
        unsigned hi = fuzz_io_byte (io, 0);
        unsigned lo = fuzz_io_byte (io, 0);
        return (double) (hi << 8 | lo);
      }
    default:
      {
        unsigned hi = fuzz_io_byte (io, 0);
        unsigned lo = fuzz_io_byte (io, 0);
        double v = pow (10.0, (double) (hi << 8 | lo) / 65535.0 * 80.0 - 40.0);
        return (tag & 4) ? -v : v;
      }
    }
}

/* 0 … range (inclusive: `range` itself is one past the valid values) */
static inline int
fuzz_io_choice (FuzzIo *io, int value, int range)
{
  return fuzz_io_byte (io, (uint8_t) value) % (range + 1);
}

static inline bool
fuzz_io_bool (FuzzIo *io, bool value)
{
  return fuzz_io_byte (io, value ? 1 : 0) & 1;
}

#define FUZZ_D(field) (field) = fuzz_io_double (io, (field))
#define FUZZ_E(field, type, range) (field) = (type) fuzz_io_choice (io, (int) (field), (range))
#define FUZZ_B(field) (field) = fuzz_io_bool (io, (field))

static inline void
fuzz_io_hardware (FuzzIo *io, RoofHardwareParams *hw)
{
  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    FUZZ_D (hw->peak_flops[p]);
  FUZZ_D (hw->mem_bw);
  FUZZ_D (hw->mem_capacity);
  FUZZ_D (hw->usable_fraction);
  /* a signed byte: −128 … 127, so negative and too large counts occur */
  hw->n_caches = (int8_t) fuzz_io_byte (io, (uint8_t) (int8_t) hw->n_caches);
  for (int i = 0; i < ROOF_MAX_CACHES; i++)
    {
      FUZZ_D (hw->caches[i].capacity);
      FUZZ_D (hw->caches[i].bandwidth);
    }
  FUZZ_D (hw->link_bw);
  FUZZ_D (hw->link_latency);
  FUZZ_B (hw->has_price);
  FUZZ_D (hw->price_per_hour);
  FUZZ_D (hw->eff_compute);
  FUZZ_D (hw->eff_memory);
}

static inline void
fuzz_io_model (FuzzIo *io, RoofModelParams *m)
{
  FUZZ_E (m->kind, RoofModelKind, 2);
  FUZZ_D (m->layers);
  FUZZ_D (m->hidden);
  FUZZ_D (m->heads);
  FUZZ_D (m->kv_heads);
  FUZZ_D (m->head_dim);
  FUZZ_D (m->ffn);
  FUZZ_B (m->ffn_gated);
  FUZZ_D (m->vocab);
  FUZZ_B (m->tied_embeddings);
  FUZZ_B (m->qkv_bias);
  FUZZ_E (m->attention, RoofAttention, 4);
  FUZZ_D (m->sliding_window);
  FUZZ_D (m->window_layers);
  FUZZ_D (m->mla_kv_lora_rank);
  FUZZ_D (m->mla_rope_dim);
  FUZZ_D (m->mla_q_lora_rank);
  FUZZ_D (m->mla_v_head_dim);
  FUZZ_D (m->experts);
  FUZZ_D (m->experts_per_token);
  FUZZ_D (m->shared_experts);
  FUZZ_D (m->expert_ffn);
  FUZZ_D (m->dense_layers);
  FUZZ_D (m->params_total);
  FUZZ_D (m->params_active);
  FUZZ_D (m->flop_per_sample);
  FUZZ_D (m->bytes_per_sample);
  FUZZ_D (m->params);
}

static inline void
fuzz_io_workload (FuzzIo *io, RoofWorkload *wl)
{
  FUZZ_E (wl->phase, RoofPhase, 2);
  FUZZ_D (wl->batch);
  FUZZ_D (wl->context);
  FUZZ_D (wl->prompt);
  FUZZ_D (wl->output);
  FUZZ_E (wl->weights, RoofPrecision, ROOF_PREC_COUNT);
  FUZZ_E (wl->kv, RoofPrecision, ROOF_PREC_COUNT);
  FUZZ_E (wl->activations, RoofPrecision, ROOF_PREC_COUNT);
  FUZZ_E (wl->compute, RoofPrecision, ROOF_PREC_COUNT);
  FUZZ_D (wl->bytes_per_weight);
  FUZZ_D (wl->attention_span);
  FUZZ_D (wl->devices);
  FUZZ_E (wl->overlap, RoofOverlap, 2);
  FUZZ_D (wl->overhead);
}

static inline void
fuzz_io_sla (FuzzIo *io, RoofSla *sla)
{
  FUZZ_D (sla->itl);
  FUZZ_D (sla->ttft);
  FUZZ_D (sla->tokens_per_s);
  FUZZ_D (sla->eff_compute);
  FUZZ_D (sla->eff_memory);
  FUZZ_D (sla->link_bw);
  FUZZ_D (sla->link_latency);
  FUZZ_D (sla->usable_fraction);
  FUZZ_D (sla->max_devices);
  FUZZ_D (sla->max_batch);
}

/* What the analyses are asked beyond the structs. */
typedef struct
{
  double step;       /* sensitivity */
  double cost_batch; /* cost point */
  int sweep_axis;
  double sweep_lo;
  double sweep_hi;
  int sweep_n;
  bool sweep_log;
  int eval_devices; /* candidate_eval */
  /* the second device of crossovers and synthesis: the first with these */
  double other_mem_bw;
  double other_peak;
  double other_price;
} FuzzExtra;

static inline void
fuzz_io_extra (FuzzIo *io, FuzzExtra *x)
{
  FUZZ_D (x->step);
  FUZZ_D (x->cost_batch);
  FUZZ_E (x->sweep_axis, int, 3);
  FUZZ_D (x->sweep_lo);
  FUZZ_D (x->sweep_hi);
  x->sweep_n = (int8_t) fuzz_io_byte (io, (uint8_t) (int8_t) x->sweep_n);
  FUZZ_B (x->sweep_log);
  x->eval_devices = (int8_t) fuzz_io_byte (io, (uint8_t) (int8_t) x->eval_devices);
  FUZZ_D (x->other_mem_bw);
  FUZZ_D (x->other_peak);
  FUZZ_D (x->other_price);
}

/* The whole input, in this order. */
static inline void
fuzz_io_all (FuzzIo *io, RoofHardwareParams *hw, RoofModelParams *m, RoofWorkload *wl,
             RoofSla *sla, FuzzExtra *x)
{
  fuzz_io_hardware (io, hw);
  fuzz_io_model (io, m);
  fuzz_io_workload (io, wl);
  fuzz_io_sla (io, sla);
  fuzz_io_extra (io, x);
}

#undef FUZZ_D
#undef FUZZ_E
#undef FUZZ_B
