/* roof-model.c — parameter counts, KV bytes and per-operator costs of a model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "roof-model-private.h"

void
roof_model_init (RoofModelParams *m)
{
  memset (m, 0, sizeof *m);
  m->kind = ROOF_MODEL_TRANSFORMER;
  m->ffn_gated = true;
  m->attention = ROOF_ATTN_GQA;
}

static RoofStatus
check_dim (RoofError *err, const char *field, double v, double lo)
{
  if (!roof_whole (v) || v < lo || v > ROOF_MAX_DIM)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "%s must be a whole number from %g to %g, got %g", field, lo,
                           ROOF_MAX_DIM, v);
  return ROOF_OK;
}

#define CHECK_DIM(field, v, lo)                                                                   \
  do                                                                                              \
    {                                                                                             \
      RoofStatus s_ = check_dim (err, field, v, lo);                                              \
      if (s_ != ROOF_OK)                                                                          \
        return s_;                                                                                \
    }                                                                                             \
  while (0)

RoofStatus
roof_model_validate (const RoofModelParams *m, RoofError *err)
{
  if (m == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no model given");

  if (m->kind == ROOF_MODEL_GENERIC)
    {
      if (!roof_finite_pos (m->flop_per_sample) || m->flop_per_sample > ROOF_HUGE * 1e3)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "flop_per_sample must be finite and > 0, got %g",
                               m->flop_per_sample);
      if (!roof_finite_nonneg (m->bytes_per_sample) || m->bytes_per_sample > ROOF_HUGE * 1e3)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "bytes_per_sample must be finite and ≥ 0, got %g",
                               m->bytes_per_sample);
      if (!roof_finite_nonneg (m->params) || m->params > ROOF_HUGE)
        return roof_set_error (err, ROOF_ERR_INVALID, "params must be finite and ≥ 0, got %g",
                               m->params);
      return ROOF_OK;
    }
  if (m->kind != ROOF_MODEL_TRANSFORMER)
    return roof_set_error (err, ROOF_ERR_INVALID, "unknown model kind %d", (int) m->kind);

  CHECK_DIM ("layers", m->layers, 1);
  CHECK_DIM ("hidden", m->hidden, 1);
  CHECK_DIM ("heads", m->heads, 1);
  CHECK_DIM ("vocab", m->vocab, 1);
  if (m->head_dim != 0.0)
    CHECK_DIM ("head_dim", m->head_dim, 1);
  else if (floor (m->hidden / m->heads) != m->hidden / m->heads)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "head_dim is not given and hidden %g is not a multiple of heads %g",
                           m->hidden, m->heads);
  if ((int) m->attention < 0 || m->attention > ROOF_ATTN_MLA)
    return roof_set_error (err, ROOF_ERR_INVALID, "unknown attention kind %d",
                           (int) m->attention);

  if (m->attention == ROOF_ATTN_MLA)
    {
      double dh = m->head_dim != 0.0 ? m->head_dim : m->hidden / m->heads;

      CHECK_DIM ("mla.kv_lora_rank", m->mla_kv_lora_rank, 1);
      CHECK_DIM ("mla.rope_dim", m->mla_rope_dim, 1);
      if (m->mla_rope_dim >= dh)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "mla.rope_dim %g must be smaller than head_dim %g",
                               m->mla_rope_dim, dh);
      if (m->mla_q_lora_rank != 0.0)
        CHECK_DIM ("mla.q_lora_rank", m->mla_q_lora_rank, 1);
      if (m->mla_v_head_dim != 0.0)
        CHECK_DIM ("mla.v_head_dim", m->mla_v_head_dim, 1);
    }
  else
    {
      CHECK_DIM ("kv_heads", m->kv_heads, 1);
      if (m->kv_heads > m->heads)
        return roof_set_error (err, ROOF_ERR_INVALID, "kv_heads %g exceeds heads %g",
                               m->kv_heads, m->heads);
      if (fmod (m->heads, m->kv_heads) != 0.0)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "heads %g must be a multiple of kv_heads %g", m->heads,
                               m->kv_heads);
      if (m->attention == ROOF_ATTN_MHA && m->kv_heads != m->heads)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "attention \"mha\" needs kv_heads = heads (%g), got %g", m->heads,
                               m->kv_heads);
      if (m->attention == ROOF_ATTN_MQA && m->kv_heads != 1.0)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "attention \"mqa\" needs kv_heads = 1, got %g", m->kv_heads);
    }

  if (m->sliding_window != 0.0)
    CHECK_DIM ("sliding_window", m->sliding_window, 1);
  if (!roof_whole (m->window_layers) || m->window_layers < 0 || m->window_layers > m->layers)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "window_layers must be a whole number from 0 to layers (%g), got %g",
                           m->layers, m->window_layers);
  if (m->window_layers > 0 && m->sliding_window == 0.0)
    return roof_set_error (err, ROOF_ERR_INVALID, "window_layers is set but sliding_window is not");

  bool moe = m->experts != 0.0;
  if (moe)
    {
      CHECK_DIM ("moe.experts", m->experts, 1);
      CHECK_DIM ("moe.experts_per_token", m->experts_per_token, 1);
      if (m->experts_per_token > m->experts)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "moe.experts_per_token %g exceeds moe.experts %g",
                               m->experts_per_token, m->experts);
      CHECK_DIM ("moe.shared_experts", m->shared_experts, 0);
      CHECK_DIM ("moe.expert_ffn", m->expert_ffn, 1);
      if (!roof_whole (m->dense_layers) || m->dense_layers < 0 || m->dense_layers > m->layers)
        return roof_set_error (err, ROOF_ERR_INVALID,
                               "moe.dense_layers must be a whole number from 0 to layers (%g), "
                               "got %g",
                               m->layers, m->dense_layers);
    }
  if (!moe || m->dense_layers > 0)
    CHECK_DIM ("ffn", m->ffn, 1);
  else if (m->ffn != 0.0)
    CHECK_DIM ("ffn", m->ffn, 1);

  if (!roof_finite_nonneg (m->params_total) || m->params_total > ROOF_HUGE)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "params_total must be finite and ≥ 0, got %g", m->params_total);
  if (!roof_finite_nonneg (m->params_active) || m->params_active > ROOF_HUGE)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "params_active must be finite and ≥ 0, got %g", m->params_active);
  if (m->params_total > 0 && m->params_active > m->params_total)
    return roof_set_error (err, ROOF_ERR_INVALID, "params_active %g exceeds params_total %g",
                           m->params_active, m->params_total);
  return ROOF_OK;
}

void
roof_model_dims (const RoofModelParams *m, RoofModelDims *d)
{
  memset (d, 0, sizeof *d);
  d->d = m->hidden;
  d->H = m->heads;
  d->dh = m->head_dim != 0.0 ? m->head_dim : m->hidden / m->heads;
  d->V = m->vocab;
  d->mla = m->attention == ROOF_ATTN_MLA;
  if (d->mla)
    {
      d->r = m->mla_kv_lora_rank;
      d->dr = m->mla_rope_dim;
      d->ql = m->mla_q_lora_rank;
      d->nope = d->dh - d->dr;
      d->dv = m->mla_v_head_dim != 0.0 ? m->mla_v_head_dim : d->nope;
      d->Hkv = 0;
    }
  else
    {
      d->Hkv = m->kv_heads;
      d->dv = d->dh;
    }
  d->nmat = m->ffn_gated ? 3.0 : 2.0;
  d->ffn = m->ffn;
  d->moe = m->experts != 0.0;
  /* a dense model's moe fields are not validated: never let them in */
  d->E = d->moe ? m->experts : 0.0;
  d->k = d->moe ? m->experts_per_token : 0.0;
  d->Es = d->moe ? m->shared_experts : 0.0;
  d->de = d->moe ? m->expert_ffn : 0.0;
  d->n_dense = d->moe ? m->dense_layers : m->layers;
  d->n_moe = d->moe ? m->layers - m->dense_layers : 0.0;
  d->L = m->layers;
  d->window = m->sliding_window;
  d->n_window = m->sliding_window > 0 ? (m->window_layers > 0 ? m->window_layers : m->layers) : 0;
}

/* A plain weight matrix of `in` × `out`: every parameter read once and used
 * in one multiply-add per token; its input and output activations. */
static void
dense_matmul (RoofOpCost *c, double in, double out)
{
  c->mm = in * out;
  c->weights = c->mm;
  c->act = in + out;
}

/* The key or the value projection of plain attention: hidden → H_kv heads of
 * d_h, bias when the model has one, the result written to the KV cache. */
static void
kv_projection (const RoofModelParams *m, const RoofModelDims *d, RoofOpCost *c)
{
  c->mm = d->d * d->Hkv * d->dh;
  c->weights = c->mm + (m->qkv_bias ? d->Hkv * d->dh : 0.0);
  c->act = d->d;
  c->kv_write = d->Hkv * d->dh;
}

/* The attention rows: projections, scores, softmax and the value product;
 * MLA's latent when `absorbed`. */
static void
attention_op_cost (const RoofModelParams *m, const RoofModelDims *d, RoofOpKind op,
                   bool absorbed, RoofOpCost *c)
{
  switch (op)
    {
    case ROOF_OP_Q_PROJ:
      if (d->mla && d->ql > 0)
        {
          c->mm = d->d * d->ql + d->ql * d->H * d->dh;
          c->weights = c->mm + d->ql; /* + q_a norm */
          c->act = d->d + d->ql + d->ql + d->H * d->dh;
        }
      else
        {
          c->mm = d->d * d->H * d->dh;
          c->weights = c->mm + (m->qkv_bias && !d->mla ? d->H * d->dh : 0.0);
          c->act = d->d + d->H * d->dh;
        }
      break;

    case ROOF_OP_K_PROJ:
      if (d->mla)
        {
          /* kv_a: hidden → latent (r) + decoupled RoPE key (d_r), cached */
          c->mm = d->d * (d->r + d->dr);
          c->weights = c->mm + d->r; /* + kv_a norm */
          c->act = d->d;
          c->kv_write = d->r + d->dr;
        }
      else
        kv_projection (m, d, c);
      break;

    case ROOF_OP_V_PROJ:
      if (absorbed)
        {
          /* kv_b absorbed: its key half maps the new token's no-RoPE query
           * into the latent (H·d_nope in, H·r out), its value half maps the
           * latent attention output back (H·r in, H·d_v out); the same
           * r·H·(d_nope + d_v) multiply-adds per new token as expanding its
           * own latent, none per cached token */
          c->mm = d->r * d->H * (d->nope + d->dv);
          c->weights = c->mm;
          c->act = d->H * (d->nope + d->dv + 2.0 * d->r);
        }
      else if (d->mla)
        {
          /* kv_b: latent → per-head no-RoPE keys and values */
          c->mm = d->r * d->H * (d->nope + d->dv);
          c->weights = c->mm;
          c->act = d->r + d->H * (d->nope + d->dv);
        }
      else
        kv_projection (m, d, c);
      break;

    case ROOF_OP_ATTN_SCORES:
      /* absorbed MLA: every head's latent query (r + d_r) against the
       * cached latent and RoPE key */
      c->attn_flop_per_ctx = absorbed ? 2.0 * d->H * (d->r + d->dr) : 2.0 * d->H * d->dh;
      c->act = absorbed ? d->H * (d->r + d->dr) : d->H * d->dh; /* the query */
      c->kv_read_per_ctx = d->mla ? d->r + d->dr : d->Hkv * d->dh;
      break;

    case ROOF_OP_SOFTMAX:
      /* max, subtract, exp, sum, divide per score; scores read and written
       * when not fused */
      c->counted = false;
      c->elem_flop_per_ctx = 5.0 * d->H;
      c->act_per_ctx = 2.0 * d->H;
      break;

    case ROOF_OP_ATTN_V:
      /* the value width: d_h, MLA's v_head_dim, or (absorbed) the latent r */
      c->attn_flop_per_ctx = 2.0 * d->H * (absorbed ? d->r : d->dv);
      c->act = d->H * (absorbed ? d->r : d->dv);
      /* MLA reads the latent once for scores and values */
      c->kv_read_per_ctx = d->mla ? 0.0 : d->Hkv * d->dh;
      break;

    case ROOF_OP_O_PROJ:
      dense_matmul (c, d->H * d->dv, d->d);
      break;

    default:
      break;
    }
}

/* The feed-forward rows, dense or mixture-of-experts; false for a row this
 * architecture does not have. */
static bool
ffn_op_cost (const RoofModelParams *m, const RoofModelDims *d, RoofOpKind op, RoofOpCost *c)
{
  double ffn_act_one; /* activations of one FFN of width d_e per token */

  switch (op)
    {
    case ROOF_OP_FFN_GATE:
    case ROOF_OP_FFN_UP:
      if (d->n_dense <= 0 || (op == ROOF_OP_FFN_GATE && !m->ffn_gated))
        return false;
      dense_matmul (c, d->d, d->ffn);
      break;

    case ROOF_OP_FFN_DOWN:
      if (d->n_dense <= 0)
        return false;
      dense_matmul (c, d->ffn, d->d);
      break;

    case ROOF_OP_ROUTER:
      if (d->n_moe <= 0)
        return false;
      dense_matmul (c, d->d, d->E);
      break;

    case ROOF_OP_EXPERTS:
      if (d->n_moe <= 0)
        return false;
      ffn_act_one = d->nmat * (d->d + d->de);
      c->mm = d->k * d->nmat * d->d * d->de;
      c->expert_weights = d->nmat * d->d * d->de; /* per distinct expert read */
      c->act = d->k * ffn_act_one;
      break;

    case ROOF_OP_SHARED_EXPERTS:
      if (d->n_moe <= 0 || d->Es <= 0)
        return false;
      ffn_act_one = d->nmat * (d->d + d->de);
      c->mm = d->Es * d->nmat * d->d * d->de;
      c->weights = c->mm;
      c->act = d->Es * ffn_act_one;
      break;

    default:
      return false;
    }
  return true;
}

/* Per-token cost of one row, before any scaling. Rows that do not exist for
 * this architecture come back all zero with `present` false. */
void
roof_model_op_cost (const RoofModelParams *m, const RoofModelDims *d, RoofOpKind op,
                    bool absorbed, RoofOpCost *c)
{
  absorbed = absorbed && d->mla;
  memset (c, 0, sizeof *c);
  c->present = true;
  c->counted = true;

  switch (op)
    {
    case ROOF_OP_Q_PROJ:
    case ROOF_OP_K_PROJ:
    case ROOF_OP_V_PROJ:
    case ROOF_OP_ATTN_SCORES:
    case ROOF_OP_SOFTMAX:
    case ROOF_OP_ATTN_V:
    case ROOF_OP_O_PROJ:
      attention_op_cost (m, d, op, absorbed, c);
      return;

    case ROOF_OP_FFN_GATE:
    case ROOF_OP_FFN_UP:
    case ROOF_OP_FFN_DOWN:
    case ROOF_OP_ROUTER:
    case ROOF_OP_EXPERTS:
    case ROOF_OP_SHARED_EXPERTS:
      if (ffn_op_cost (m, d, op, c))
        return;
      break;

    case ROOF_OP_NORMS:
      /* two RMSNorms: square, accumulate, scale, weight per element; the
       * activations are read and written when not fused */
      c->counted = false;
      c->weights = 2.0 * d->d;
      c->elem_flop = 8.0 * d->d;
      c->act = 4.0 * d->d;
      return;

    case ROOF_OP_LM_HEAD:
      c->mm = d->V * d->d;
      c->weights = c->mm + d->d; /* + final norm */
      c->act = d->d + d->V;
      return;

    case ROOF_OP_GENERIC:
    case ROOF_OP_COUNT:
    default:
      break;
    }
  memset (c, 0, sizeof *c);
}

/* The row kinds of one decoder layer, in display order. */
const RoofOpKind roof_attention_ops[] = {
  ROOF_OP_Q_PROJ,  ROOF_OP_K_PROJ, ROOF_OP_V_PROJ, ROOF_OP_ATTN_SCORES,
  ROOF_OP_SOFTMAX, ROOF_OP_ATTN_V, ROOF_OP_O_PROJ, ROOF_OP_NORMS,
};
const int roof_n_attention_ops = sizeof roof_attention_ops / sizeof roof_attention_ops[0];
const RoofOpKind roof_dense_ffn_ops[] = { ROOF_OP_FFN_GATE, ROOF_OP_FFN_UP, ROOF_OP_FFN_DOWN };
const int roof_n_dense_ffn_ops = 3;
const RoofOpKind roof_moe_ffn_ops[] = { ROOF_OP_ROUTER, ROOF_OP_EXPERTS, ROOF_OP_SHARED_EXPERTS };
const int roof_n_moe_ffn_ops = 3;

static void
sum_ops (const RoofModelParams *m, const RoofModelDims *d, const RoofOpKind *ops, int n,
         bool active, bool absorbed, double *weights, double *mm, double *act, double *kv_write,
         double *ws_peak)
{
  for (int i = 0; i < n; i++)
    {
      RoofOpCost c;

      roof_model_op_cost (m, d, ops[i], absorbed, &c);
      if (ops[i] == ROOF_OP_EXPERTS)
        *weights += (active ? d->k : d->E) * c.expert_weights;
      else
        *weights += c.weights;
      if (!c.counted)
        continue;
      *mm += c.mm;
      *act += c.act;
      *kv_write += c.kv_write;
      if (c.act > *ws_peak)
        *ws_peak = c.act;
    }
}

RoofStatus
roof_model_derive (const RoofModelParams *m, RoofModelDerived *out, RoofError *err)
{
  RoofStatus st = roof_model_validate (m, err);
  if (st != ROOF_OK)
    return st;

  memset (out, 0, sizeof *out);
  out->src = *m;
  out->kind = m->kind;

  if (m->kind == ROOF_MODEL_GENERIC)
    {
      out->p_total_derived = m->params;
      out->p_active_derived = m->params;
      out->p_total = m->params;
      out->p_active = m->params;
      out->weight_scale = 1.0;
      out->flop_scale = 1.0;
      out->p_read_always = m->params;
      out->flop_per_sample = m->flop_per_sample;
      out->bytes_per_sample = m->bytes_per_sample;
      return ROOF_OK;
    }

  RoofModelDims d;
  roof_model_dims (m, &d);

  out->layers = d.L;
  out->hidden = d.d;
  out->heads = d.H;
  out->head_dim = d.dh;
  out->vocab = d.V;
  out->is_moe = d.moe;
  out->n_dense_layers = d.n_dense;
  out->n_moe_layers = d.n_moe;
  out->n_window_layers = d.n_window;
  out->window = d.window;

  /* attention part of one layer (same in dense and MoE layers) */
  double attn_w = 0, attn_mm = 0, attn_act = 0, kv_write = 0, ws_attn = 0;
  sum_ops (m, &d, roof_attention_ops, roof_n_attention_ops, false, false, &attn_w, &attn_mm,
           &attn_act, &kv_write, &ws_attn);
  /* MLA decodes in the absorbed form: only its activations differ per token
   * (weights, matmul parameters and the KV written are the same) */
  double abs_w = 0, abs_mm = 0, abs_act = 0, abs_kv = 0, abs_ws = 0;
  sum_ops (m, &d, roof_attention_ops, roof_n_attention_ops, false, true, &abs_w, &abs_mm,
           &abs_act, &abs_kv, &abs_ws);
  double dense_w = 0, dense_mm = 0, dense_act = 0, dense_kv = 0, ws_dense = 0;
  sum_ops (m, &d, roof_dense_ffn_ops, roof_n_dense_ffn_ops, false, false, &dense_w, &dense_mm,
           &dense_act, &dense_kv, &ws_dense);
  double moe_w = 0, moe_w_active = 0, moe_mm = 0, moe_act = 0, moe_kv = 0, ws_moe = 0;
  double scratch_mm = 0, scratch_act = 0, scratch_kv = 0, scratch_ws = 0;
  sum_ops (m, &d, roof_moe_ffn_ops, roof_n_moe_ffn_ops, false, false, &moe_w, &moe_mm, &moe_act,
           &moe_kv, &ws_moe);
  sum_ops (m, &d, roof_moe_ffn_ops, roof_n_moe_ffn_ops, true, false, &moe_w_active, &scratch_mm,
           &scratch_act, &scratch_kv, &scratch_ws);

  RoofOpCost head, experts, norms;
  roof_model_op_cost (m, &d, ROOF_OP_LM_HEAD, false, &head);
  roof_model_op_cost (m, &d, ROOF_OP_EXPERTS, false, &experts);
  roof_model_op_cost (m, &d, ROOF_OP_NORMS, false, &norms);

  out->p_embedding = d.V * d.d;
  out->p_lm_head = d.V * d.d;
  out->p_norm_layer = norms.weights;
  out->p_attn_layer = attn_w - norms.weights;
  out->p_dense_ffn_layer = dense_w;
  out->p_expert = experts.expert_weights;
  {
    RoofOpCost sh, rt;
    roof_model_op_cost (m, &d, ROOF_OP_SHARED_EXPERTS, false, &sh);
    roof_model_op_cost (m, &d, ROOF_OP_ROUTER, false, &rt);
    out->p_shared_layer = sh.weights;
    out->p_router_layer = rt.weights;
  }
  out->p_final_norm = d.d;

  double separate_embedding = m->tied_embeddings ? 0.0 : out->p_embedding;
  double body = d.L * attn_w + d.n_dense * dense_w + d.n_moe * moe_w;
  double body_active = d.L * attn_w + d.n_dense * dense_w + d.n_moe * moe_w_active;

  /* lm_head's weights include the final norm; tied models read the
   * embedding table as lm_head, untied ones never read the table */
  out->p_total_derived = separate_embedding + head.weights + body;
  out->p_active_derived = separate_embedding + head.weights + body_active;

  out->weight_scale = m->params_total > 0 ? m->params_total / out->p_total_derived : 1.0;
  out->flop_scale =
    m->params_active > 0 ? m->params_active / out->p_active_derived : out->weight_scale;
  out->p_total = out->p_total_derived * out->weight_scale;
  out->p_active = out->p_active_derived * out->flop_scale;

  double expert_all = d.n_moe * d.E * out->p_expert;
  out->p_read_always = (head.weights + body - expert_all) * out->weight_scale;
  out->p_read_expert = out->p_expert * out->weight_scale;
  out->p_mm_body = (d.L * attn_mm + d.n_dense * dense_mm + d.n_moe * moe_mm) * out->flop_scale;
  out->p_mm_head = head.mm * out->flop_scale;
  out->p_mm_active = out->p_mm_body + out->p_mm_head;
  out->p_mm_routed = d.n_moe * experts.mm * out->flop_scale;
  out->act_per_token_routed = d.n_moe * experts.act;

  out->kv_elems_per_token_layer = kv_write;
  out->kv_elems_per_token = kv_write * d.L;
  out->attn_flop_per_ctx = 2.0 * d.H * (d.dh + d.dv) * d.L;
  /* absorbed MLA: 2·H·(r + d_r) scores + 2·H·r weighted sum */
  out->attn_flop_per_ctx_decode =
    d.mla ? 2.0 * d.H * (2.0 * d.r + d.dr) * d.L : out->attn_flop_per_ctx;

  out->act_per_token_dense_layer = attn_act + dense_act;
  out->act_per_token_moe_layer = attn_act + moe_act;
  out->act_per_token_dense_layer_decode = abs_act + dense_act;
  out->act_per_token_moe_layer_decode = abs_act + moe_act;
  out->act_per_token_head = head.act;
  out->workspace_per_token = d.d + roof_max (ws_attn, roof_max (ws_dense, ws_moe));
  return ROOF_OK;
}

double
roof_model_kv_bytes_per_token (const RoofModelDerived *md, double b_kv)
{
  return md->kv_elems_per_token * b_kv;
}

double
roof_model_kv_bytes (const RoofModelDerived *md, double context, double b_kv)
{
  if (md->kind != ROOF_MODEL_TRANSFORMER)
    return 0.0;
  double n_global = md->layers - md->n_window_layers;
  double stored = n_global * context + md->n_window_layers * roof_min (context, md->window);
  return md->kv_elems_per_token_layer * stored * b_kv;
}

double
roof_moe_distinct_experts (double experts, double k, double tokens)
{
  /* expected number of distinct experts hit by `tokens` tokens routing to k
   * of E experts each, uniformly: E (1 − (1 − k/E)^T) */
  if (k >= experts)
    return experts;
  return experts * -expm1 (tokens * log1p (-k / experts));
}
