/* roof-model-private.h — per-operator costs shared by derive and breakdown
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "roof-solver-private.h"

/* Normalised dimensions of a transformer. */
typedef struct
{
  double L, d, H, Hkv, dh, dv, V;
  bool mla;
  double r, dr, ql, nope;
  double nmat, ffn;
  bool moe;
  double E, k, Es, de;
  double n_dense, n_moe;
  double window, n_window;
} RoofModelDims;

/* Per-token cost of one operator row in one layer, in elements, unscaled. */
typedef struct
{
  bool present;
  bool counted;             /* FLOP and activations enter the step totals */
  double mm;                /* matmul parameters: FLOP = 2 · mm per token */
  double weights;           /* parameters read (always) */
  double expert_weights;    /* parameters of one routed expert (EXPERTS row) */
  double act;               /* activation elements read + written per token */
  double kv_write;          /* KV elements written per token */
  double attn_flop_per_ctx; /* FLOP per token per attended context token */
  double kv_read_per_ctx;   /* KV elements read per attended context token */
  double elem_flop;         /* elementwise FLOP per token (uncounted rows) */
  double elem_flop_per_ctx; /* elementwise FLOP per token per context token */
  double act_per_ctx;       /* activation elements per token per context token */
} RoofOpCost;

void roof_model_dims (const RoofModelParams *m, RoofModelDims *d);
/* `absorbed`: MLA's decode form (docs/model.md, "MLA"): the up-projections
 * are folded into the query and the output, attention runs over the cached
 * latent. Prefill and every other attention kind ignore it. */
void roof_model_op_cost (const RoofModelParams *m,
                         const RoofModelDims *d,
                         RoofOpKind op,
                         bool absorbed,
                         RoofOpCost *c);

extern const RoofOpKind roof_attention_ops[];
extern const int roof_n_attention_ops;
extern const RoofOpKind roof_dense_ffn_ops[];
extern const int roof_n_dense_ffn_ops;
extern const RoofOpKind roof_moe_ffn_ops[];
extern const int roof_n_moe_ffn_ops;
