/* roof-solve.c — the forward model: one decode or prefill step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "roof-model-private.h"

static inline double
usable (const RoofHardwareParams *hw)
{
  return hw->usable_fraction > 0.0 ? hw->usable_fraction : ROOF_DEFAULT_USABLE_FRACTION;
}

/* Σ over tokens i = 1…S of min(i, c): the causal attention span of a prompt,
 * in the continuous form of docs/model.md (S²/2 without a cap). */
static double
causal_span_sum (double s, double cap)
{
  if (s <= cap)
    return 0.5 * s * s;
  return cap * s - 0.5 * cap * cap;
}

void
roof_work_compute (const RoofModelDerived *md, const RoofWorkload *wl, RoofWork *w)
{
  double b_w = roof_workload_weight_bytes (wl);
  double b_kv = roof_precision_bytes (wl->kv);
  double b_a = roof_precision_bytes (wl->activations);
  double B = wl->batch;
  bool decode = wl->phase == ROOF_PHASE_DECODE;

  memset (w, 0, sizeof *w);

  if (md->kind == ROOF_MODEL_GENERIC)
    {
      double t = decode && wl->step_tokens > 1.0 ? B * wl->step_tokens : B;
      w->tokens = t;
      w->flop_linear = t * md->flop_per_sample;
      w->bytes_weights = b_w * md->p_read_always;
      w->bytes_act = t * md->bytes_per_sample;
      return;
    }

  double span = wl->attention_span > 0.0 ? wl->attention_span : INFINITY;
  double n_win = md->n_window_layers;
  double n_glob = md->layers - n_win;
  double win_cap = roof_min (md->window > 0.0 ? md->window : INFINITY, span);
  /* 2·H·(d_h + d_v) per layer; MLA decodes absorbed, 2·H·(2r + d_r) */
  double per_layer_attn =
    (decode ? md->attn_flop_per_ctx_decode : md->attn_flop_per_ctx) / md->layers;
  double act_layers =
    decode ? md->n_dense_layers * md->act_per_token_dense_layer_decode
               + md->n_moe_layers * md->act_per_token_moe_layer_decode
           : md->n_dense_layers * md->act_per_token_dense_layer
               + md->n_moe_layers * md->act_per_token_moe_layer;
  double tokens, ctx_sum, experts_tokens;

  if (decode)
    {
      double S = wl->context;
      /* tokens per sequence in the step: k + 1 in a speculative verify */
      double q = wl->step_tokens > 1.0 ? wl->step_tokens : 1.0;
      /* attended context summed over layers, per sequence */
      ctx_sum = n_glob * roof_min (S, span) + n_win * roof_min (S, win_cap);
      tokens = B * q;
      w->flop_linear = 2.0 * tokens * md->p_mm_active;
      w->flop_attention = per_layer_attn * tokens * ctx_sum;
      /* the cache is read once per sequence (its q queries share the
       * read), q tokens are written */
      w->bytes_kv = b_kv * B
                    * (md->kv_elems_per_token_layer * ctx_sum + q * md->kv_elems_per_token);
      w->bytes_act = b_a * tokens * (act_layers + md->act_per_token_head);
      experts_tokens = tokens;
    }
  else
    {
      double S = wl->prompt;
      ctx_sum = n_glob * causal_span_sum (S, span) + n_win * causal_span_sum (S, win_cap);
      tokens = B * S;
      w->flop_linear = 2.0 * tokens * md->p_mm_body + 2.0 * B * md->p_mm_head;
      w->flop_attention = per_layer_attn * B * ctx_sum;
      w->bytes_kv = b_kv * tokens * md->kv_elems_per_token;
      w->bytes_act = b_a * (tokens * act_layers + B * md->act_per_token_head);
      experts_tokens = tokens;
    }

  double read = md->p_read_always;
  if (md->is_moe)
    read += md->n_moe_layers * md->p_read_expert
            * roof_moe_distinct_experts (md->src.experts, md->src.experts_per_token,
                                         experts_tokens);
  w->bytes_weights = b_w * read;
  w->tokens = tokens;
  w->comm_bytes_per_allreduce = tokens * md->hidden * b_a;
  w->n_allreduce = 2.0 * md->layers;
  w->flop_routed = 2.0 * tokens * md->p_mm_routed;
  w->bytes_act_routed = b_a * tokens * md->act_per_token_routed;
  w->bytes_weights_always = b_w * md->p_read_always;
  w->experts_tokens = experts_tokens;
}

/* Share of the replica's per-sequence work (attention, dense layers, KV)
 * on the busiest device's EP rank: data-parallel attention gives each rank
 * ceil(B/ep) of the B sequences, tensor-parallel attention 1/ep of all. */
static double
rank_share (const RoofLayoutDims *l, double seqs)
{
  if (l->ep == 1.0)
    return 1.0;
  if (!l->attn_data)
    return 1.0 / l->ep;
  double q = seqs / l->ep - 1e-9;
  double busiest = q <= 1.0 ? 1.0 : (q < 4e15 ? roof_ceil_pos (q) : ceil (q));
  return roof_min (1.0, busiest / seqs);
}

/* The busiest EP rank's share of the routed work for `tokens` tokens: its
 * experts' share × the imbalance, and never less than one token-expert pair
 * (a token's k experts land on k ranks: at B = 1 the busiest rank runs one
 * expert, not the mean's k/ep). */
static double
busy_load (const RoofModelDerived *md, const RoofLayoutDims *l, double tokens)
{
  if (l->ep == 1.0 || !md->is_moe)
    return l->load;
  double pairs = tokens * md->src.experts_per_token;
  return pairs >= 1.0 ? roof_min (1.0, roof_max (l->load, 1.0 / pairs)) : l->load;
}

/* Domain boundaries a replica's pipeline crosses: stages of tp·ep
 * contiguous devices, domains of scaleup_size. */

/* Communication of one microbatch of `seqs` sequences through one stage
 * (all-reduces and all-to-alls, before the stage factor) and through the
 * pipeline (p2p). */
static void
layout_comm (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofLayoutDims *l,
             double share, double tokens, RoofCommTimes *c)
{
  double b_a = l->b_a;
  double d = md->hidden;
  double t_rank = tokens * share;

  memset (c, 0, sizeof *c);
  if (md->kind != ROOF_MODEL_TRANSFORMER)
    return;
  /* two all-reduces per layer: attention and FFN (or the experts' partial
   * sums); over tp beside data-parallel attention, over tp·ep beside
   * tensor-parallel attention (which also combines the experts' outputs) */
  double group = l->attn_data ? l->tp : l->tp * l->ep;
  double msg = (l->attn_data ? t_rank : tokens) * d * b_a;
  if (group > 1.0)
    c->all_reduce = 2.0 * md->layers * roof_coll_at (&l->ar, msg);
  /* EP beside data-parallel attention: dispatch and combine per MoE layer;
   * the busiest device sends its tokens' k copies and receives its load */
  if (l->ep > 1.0 && l->attn_data && md->is_moe)
    {
      double k = md->src.experts_per_token;
      double send = t_rank * k * d * b_a / l->tp;
      double recv = tokens * k * busy_load (md, l, tokens) * d * b_a / l->tp;
      c->all_to_all = 2.0 * md->n_moe_layers * roof_coll_at (&l->a2a, roof_max (send, recv));
    }
  if (l->pp > 1.0)
    {
      double m = (l->attn_data ? t_rank / l->tp : tokens / (l->tp * l->ep)) * d * b_a;
      double cross = l->cross;
      double t_in = roof_coll_at (&l->p2p_in, m);
      double t_out = cross > 0.0 ? roof_coll_at (&l->p2p_out, m) : 0.0;
      c->p2p = cross * t_out + (l->pp - 1.0 - cross) * t_in;
    }
}

static double
layout_rounds (const RoofLayoutDims *l, bool decode)
{
  return decode ? roof_max (l->m, l->pp) : l->m + l->pp - 1.0;
}

/* Two all-reduces per layer over the one tensor-parallel group. */
static double
tp_comm (const RoofHardwareParams *hw, const RoofWorkload *wl, const RoofWork *w)
{
  double n = wl->devices;
  if (n <= 1.0 || w->n_allreduce <= 0.0)
    return 0.0;
  return w->n_allreduce
         * roof_coll_time (hw, ROOF_COLL_ALL_REDUCE, n, 1.0, w->comm_bytes_per_allreduce);
}

double
roof_comm_time (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
                const RoofWork *w, RoofCommTimes *split)
{
  RoofLayoutDims l;
  RoofCommTimes c = { 0 };

  roof_layout_dims (hw, md, wl, false, &l);
  if (l.trivial)
    c.all_reduce = tp_comm (hw, wl, w);
  else
    {
      RoofLayoutStep st;
      roof_layout_step (hw, md, wl, &l, w, 1.0 / l.m, &st, NULL);
      c = st.comm;
    }
  if (split)
    *split = c;
  return c.all_reduce + c.all_to_all + c.p2p;
}

double
roof_footprint (const RoofModelDerived *md, const RoofWorkload *wl, double *weights, double *kv,
                double *act)
{
  double b_w = roof_workload_weight_bytes (wl);
  double b_kv = roof_precision_bytes (wl->kv);
  double b_a = roof_precision_bytes (wl->activations);
  double B = wl->batch;
  double fw, fk, fa;

  fw = b_w * md->p_total;
  if (md->kind == ROOF_MODEL_GENERIC)
    {
      fk = 0.0;
      fa = B * md->bytes_per_sample;
    }
  else
    {
      double s_max = roof_max (wl->context, wl->prompt + wl->output);
      double in_flight = wl->phase == ROOF_PHASE_DECODE
                           ? B * (wl->step_tokens > 1.0 ? wl->step_tokens : 1.0)
                           : roof_min (B * wl->prompt, roof_max (B, ROOF_PREFILL_CHUNK_TOKENS));
      fk = B * roof_model_kv_bytes (md, s_max, b_kv);
      fa = b_a * (in_flight * md->workspace_per_token + B * md->vocab);
    }
  if (weights)
    *weights = fw;
  if (kv)
    *kv = fk;
  if (act)
    *act = fa;
  return fw + fk + fa;
}

RoofStatus
roof_check_basics (const RoofHardwareParams *hw, const RoofModelDerived *md,
                   const RoofWorkload *wl, RoofError *err)
{
  RoofStatus st;

  if (md == NULL)
    return roof_set_error (err, ROOF_ERR_INVALID, "no model given");
  if ((st = roof_hardware_validate (hw, err)) != ROOF_OK)
    return st;
  if ((st = roof_workload_validate (wl, err)) != ROOF_OK)
    return st;
  if (!(hw->peak_flops[wl->compute] > 0.0))
    return roof_set_error (err, ROOF_ERR_PRECISION, "the device has no %s compute ceiling",
                           roof_precision_name (wl->compute));
  return ROOF_OK;
}

static RoofStatus
check_inputs (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
              RoofError *err)
{
  RoofStatus st = roof_check_basics (hw, md, wl, err);
  if (st != ROOF_OK)
    return st;
  return roof_layout_validate (hw, md, wl, err);
}

static bool
result_finite (const RoofResult *r)
{
  const double v[] = { r->tokens,         r->flop,         r->flop_linear,  r->flop_attention,
                       r->bytes_weights,  r->bytes_kv,     r->bytes_act,    r->bytes_total,
                       r->intensity,      r->ridge,        r->t_compute,    r->t_memory,
                       r->t_comm,         r->t_overhead,   r->t_step,       r->tokens_per_s,
                       r->mfu,            r->mbu,          r->attained_flops,
                       r->footprint_weights, r->footprint_kv, r->footprint_act, r->footprint,
                       r->capacity,       r->usd_per_s,    r->usd_per_mtok,
                       r->t_memory_weights, r->t_comm_all_reduce, r->t_comm_all_to_all,
                       r->t_comm_p2p,     r->bubble,       r->tokens_per_s_total,
                       r->tokens_per_s_per_device, r->tokens_per_s_per_kw,
                       r->footprint_device, r->capacity_device };
  return roof_all_finite (v, ROOF_N_ELEMENTS (v)) && r->t_step > 0.0;
}

RoofStatus
roof_solve (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
            RoofResult *out, RoofError *err)
{
  RoofStatus st = check_inputs (hw, md, wl, err);
  if (st != ROOF_OK)
    return st;
  return roof_solve_unchecked (hw, md, wl, out, err);
}

/* Expected distinct routed experts among `experts` of E, hit by `tokens`
 * tokens of k each (log1p(−k/E) given). */
static double
distinct (double experts, double tokens, double log_miss)
{
  double x = tokens * log_miss;
  /* below −40, e^x < 4.3e-18 < ε/2: expm1 rounds to −1 exactly */
  return x < -40.0 ? experts : experts * -expm1 (x);
}

void
roof_layout_step (const RoofHardwareParams *hw, const RoofModelDerived *md,
                  const RoofWorkload *wl, const RoofLayoutDims *l, const RoofWork *w, double f,
                  RoofLayoutStep *o, double *w_all)
{
  /* the busiest device of the busiest stage, one microbatch of b = B/m
   * sequences at a time (w × f), `rounds` stage times per step */
  bool decode = wl->phase == ROOF_PHASE_DECODE;
  double b = wl->batch / l->m;
  double share = rank_share (l, b);
  double rounds = layout_rounds (l, decode);
  double flop_b = (w->flop_linear + w->flop_attention) * f, routed_b = w->flop_routed * f;
  double act_b = w->bytes_act * f, act_routed_b = w->bytes_act_routed * f;
  double tok = w->experts_tokens * f;
  double w_rank = w->bytes_weights_always * (l->attn_data ? 1.0 : 1.0 / l->ep);

  if (w_all)
    *w_all = w->bytes_weights_always * (l->attn_data ? l->ep : 1.0);
  if (md->is_moe)
    {
      double E = md->src.experts, k = md->src.experts_per_token;
      double per = l->expert_bytes, miss = l->miss;
      /* the busiest rank's experts, hit by its tokens (× imbalance); at
       * least one once a token is routed */
      double busy = k >= E ? l->e_rank : distinct (l->e_rank, tok * l->imb, miss);
      if (tok * k >= 1.0)
        busy = roof_max (busy, roof_min (l->e_rank, 1.0));
      w_rank += per * busy;
      if (w_all)
        *w_all += per * (k >= E ? E : distinct (E, tok, miss));
    }
  double load = busy_load (md, l, tok);
  double rank_flop = (flop_b - routed_b) * share + routed_b * load;
  double rank_other = (w->bytes_kv * f + act_b - act_routed_b) * share + act_routed_b * load;
  double per_stage = l->stage / l->tp;
  double dev_flops = hw->peak_flops[wl->compute] * roof_eff (hw->eff_compute);
  double dev_bw = hw->mem_bw * roof_eff (hw->eff_memory);

  o->t_compute = rounds * rank_flop * per_stage / dev_flops;
  o->t_memory_weights = rounds * w_rank * per_stage / dev_bw;
  o->t_memory = o->t_memory_weights + rounds * rank_other * per_stage / dev_bw;
  o->rounds = rounds;
  o->bubble = decode ? roof_max (0.0, 1.0 - l->m / l->pp) : (l->pp - 1.0) / rounds;
  layout_comm (hw, md, l, share, w->tokens * f, &o->comm);
  o->comm.all_reduce *= rounds * l->stage;
  o->comm.all_to_all *= rounds * l->stage;
}

/* The busiest device's footprint under a layout; returns it and sets the
 * replica's total (attention weights counted on every EP rank that holds
 * them). Without a layout: footprint / tp. */
static double
footprint_device (const RoofModelDerived *md, const RoofWorkload *wl, const RoofLayoutDims *l,
                  double fw, double fk, double fa, double *total)
{
  if (l->trivial)
    {
      *total = fw + fk + fa;
      return *total / l->tp;
    }
  double b_w = roof_workload_weight_bytes (wl);
  double routed = md->is_moe ? b_w * md->n_moe_layers * md->src.experts * md->p_read_expert : 0.0;
  double rest = fw - routed;
  double share = rank_share (l, wl->batch);
  double replicas = l->attn_data ? l->ep : 1.0;
  *total = rest * replicas + routed + fk + fa;
  double dev_w = (rest * (l->attn_data ? 1.0 : 1.0 / l->ep)
                  + (md->is_moe ? b_w * md->n_moe_layers * l->e_rank * md->p_read_expert : 0.0))
                 * l->stage / l->tp;
  return dev_w + (fk * l->stage + fa) * share / l->tp;
}

RoofStatus
roof_solve_unchecked (const RoofHardwareParams *hw, const RoofModelDerived *md,
                      const RoofWorkload *wl, RoofResult *out, RoofError *err)
{
  RoofWork w;
  RoofLayoutDims l;
  roof_work_compute (md, wl, &w);
  roof_layout_dims (hw, md, wl, false, &l);

  double n = wl->devices;
  double peak = hw->peak_flops[wl->compute];
  double flops = n * peak * roof_eff (hw->eff_compute);
  double bw = n * hw->mem_bw * roof_eff (hw->eff_memory);
  RoofResult *r = out;
  RoofCommTimes comm;

  memset (r, 0, sizeof *r);
  r->phase = wl->phase;
  r->tokens = w.tokens;
  r->flop_linear = w.flop_linear;
  r->flop_attention = w.flop_attention;
  r->flop = w.flop_linear + w.flop_attention;
  r->bytes_kv = w.bytes_kv;
  r->bytes_act = w.bytes_act;
  r->ridge = peak / hw->mem_bw;
  r->devices = l.devices;
  r->devices_total = l.devices * l.dp;
  r->microbatches = l.m;

  if (l.trivial)
    {
      /* one tensor-parallel group: every byte and FLOP split over n */
      r->bytes_weights = w.bytes_weights;
      r->bytes_total = w.bytes_weights + w.bytes_kv + w.bytes_act;
      r->t_compute = r->flop / flops;
      r->t_memory = r->bytes_total / bw;
      r->t_memory_weights = w.bytes_weights / bw;
      r->rounds = 1.0;
      comm.all_reduce = r->t_comm = tp_comm (hw, wl, &w);
      comm.all_to_all = comm.p2p = 0.0;
    }
  else
    {
      RoofLayoutStep st;
      double w_all;
      roof_layout_step (hw, md, wl, &l, &w, wl->batch / l.m / wl->batch, &st, &w_all);
      r->bytes_weights = l.m * w_all;
      r->bytes_total = r->bytes_weights + w.bytes_kv + w.bytes_act;
      r->t_compute = st.t_compute;
      r->t_memory_weights = st.t_memory_weights;
      r->t_memory = st.t_memory;
      r->rounds = st.rounds;
      r->bubble = st.bubble;
      comm = st.comm;
      r->t_comm = comm.all_reduce + comm.all_to_all + comm.p2p;
    }
  r->intensity = r->bytes_total > 0.0 ? r->flop / r->bytes_total : 0.0;

  r->t_comm_all_reduce = comm.all_reduce;
  r->t_comm_all_to_all = comm.all_to_all;
  r->t_comm_p2p = comm.p2p;
  r->t_overhead = wl->overhead;
  r->t_step = roof_step_time (wl->overlap, r->t_compute, r->t_memory, r->t_comm, r->t_overhead);
  r->bound = roof_bound_of (r->t_compute, r->t_memory, r->t_comm);

  double nd = l.devices;
  r->tokens_per_s = r->tokens / r->t_step;
  r->tokens_per_s_total = r->tokens_per_s * l.dp;
  r->tokens_per_s_per_device = r->tokens_per_s_total / r->devices_total;
  r->has_power = hw->power_w > 0.0;
  if (r->has_power)
    r->tokens_per_s_per_kw = r->tokens_per_s_per_device / (hw->power_w * 1e-3);
  r->mfu = r->flop / (r->t_step * nd * peak);
  r->mbu = r->bytes_total / (r->t_step * nd * hw->mem_bw);
  r->attained_flops = r->flop / r->t_step;

  double fw, fk, fa, total;
  roof_footprint (md, wl, &fw, &fk, &fa);
  r->footprint_device = footprint_device (md, wl, &l, fw, fk, fa, &total);
  r->footprint_weights = fw;
  r->footprint_kv = fk;
  r->footprint_act = fa;
  r->footprint = total;
  double per_device = hw->mem_capacity * usable (hw);
  r->capacity_device = per_device;
  r->capacity = nd * per_device;
  r->fits = l.trivial ? r->footprint <= r->capacity : r->footprint_device <= per_device;
  double need = ceil (r->footprint / per_device);
  /* 0/0 when both underflow: NaN must not reach the int conversion */
  r->min_devices = !(need >= 1.0) ? 1 : (need > 2e9 ? 2000000000 : (int) need);

  r->has_cost = hw->has_price;
  if (hw->has_price)
    {
      r->usd_per_s = r->devices_total * hw->price_per_hour / 3600.0;
      r->usd_per_mtok = r->usd_per_s * r->t_step / (r->tokens * l.dp) * 1e6;
    }

  if (!result_finite (r))
    return roof_overflow_error (err);
  return ROOF_OK;
}

/* ---------------------------------------------------------------------- */
/* End-to-end request                                                     */

typedef struct
{
  const RoofHardwareParams *hw;
  const RoofModelDerived *md;
  RoofWorkload wl;
  RoofError *err;
  RoofStatus status;
} ItlCtx;

static bool
itl_at (ItlCtx *c, double s, double *tc, double *tm, double *t)
{
  RoofResult r;

  c->wl.context = s;
  c->status = roof_solve (c->hw, c->md, &c->wl, &r, c->err);
  if (c->status != ROOF_OK)
    return false;
  *tc = r.t_compute;
  *tm = r.t_memory;
  *t = r.t_step;
  return true;
}

/* Σ_{s=p}^{q} ITL(s) where t_compute and t_memory are affine in s on [p, q]
 * (no window or span breakpoint inside). */
static bool
sum_affine (ItlCtx *c, double p, double q, int depth, double *sum)
{
  double tcp, tmp, tp, tcq, tmq, tq;

  if (!itl_at (c, p, &tcp, &tmp, &tp))
    return false;
  if (q <= p)
    {
      *sum = tp;
      return true;
    }
  if (!itl_at (c, q, &tcq, &tmq, &tq))
    return false;

  double dp = tcp - tmp, dq = tcq - tmq;
  if (c->wl.overlap == ROOF_OVERLAP_SUM || (dp >= 0) == (dq >= 0) || depth > 8 || q - p < 2)
    {
      if (c->wl.overlap == ROOF_OVERLAP_MAX && (dp >= 0) != (dq >= 0) && q - p < 2)
        *sum = tp + tq; /* two points */
      else
        *sum = (q - p + 1.0) * 0.5 * (tp + tq);
      return true;
    }
  /* the max switches branch at s*: split there */
  double s_star = p + (q - p) * dp / (dp - dq);
  double m = floor (s_star);
  if (m < p)
    m = p;
  if (m >= q)
    m = q - 1;
  double a, b;
  if (!sum_affine (c, p, m, depth + 1, &a) || !sum_affine (c, m + 1, q, depth + 1, &b))
    return false;
  *sum = a + b;
  return true;
}

RoofStatus
roof_request (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
              RoofRequest *out, RoofError *err)
{
  RoofStatus st = check_inputs (hw, md, wl, err);
  if (st != ROOF_OK)
    return st;

  RoofWorkload pre = *wl;
  RoofResult r;
  pre.phase = ROOF_PHASE_PREFILL;
  if ((st = roof_solve (hw, md, &pre, &r, err)) != ROOF_OK)
    return st;

  memset (out, 0, sizeof *out);
  out->ttft = r.t_step;

  double n_out = floor (wl->output);
  if (n_out >= 1.0)
    {
      ItlCtx c = { hw, md, *wl, err, ROOF_OK };
      double first = wl->prompt, last = wl->prompt + n_out - 1.0;
      double cuts[4];
      int n_cuts = 0;

      c.wl.phase = ROOF_PHASE_DECODE;
      /* affine pieces end where a window or span caps the attended context */
      if (md->window > 0.0 && md->window > first && md->window < last)
        cuts[n_cuts++] = md->window;
      if (wl->attention_span > 0.0 && wl->attention_span > first && wl->attention_span < last)
        cuts[n_cuts++] = floor (wl->attention_span);
      if (n_cuts == 2 && cuts[1] < cuts[0])
        {
          double t = cuts[0];
          cuts[0] = cuts[1];
          cuts[1] = t;
        }

      double total = 0.0, lo = first, piece;
      for (int i = 0; i <= n_cuts; i++)
        {
          double hi = i < n_cuts ? floor (cuts[i]) : last;
          if (hi < lo)
            continue;
          if (!sum_affine (&c, lo, hi, 0, &piece))
            return c.status;
          total += piece;
          lo = hi + 1.0;
        }
      double tc, tm;
      if (!itl_at (&c, first, &tc, &tm, &out->itl_first)
          || !itl_at (&c, last, &tc, &tm, &out->itl_last))
        return c.status;
      out->itl_mean = total / n_out;
    }
  out->total = out->ttft + n_out * out->itl_mean;
  out->has_cost = hw->has_price;
  if (hw->has_price)
    out->usd_per_request =
      roof_workload_replica_devices (wl) * hw->price_per_hour / 3600.0 * out->total / wl->batch;

  const double v[] = { out->ttft,  out->itl_mean, out->itl_first,
                       out->itl_last, out->total, out->usd_per_request };
  if (!roof_all_finite (v, ROOF_N_ELEMENTS (v)))
    return roof_overflow_error (err);
  return ROOF_OK;
}

/* ---------------------------------------------------------------------- */
/* Per-operator breakdown                                                 */

void
roof_linear (double m, double k, double n, double b, double *flop, double *bytes)
{
  if (flop)
    *flop = 2.0 * m * k * n;
  if (bytes)
    *bytes = b * (m * k + k * n + m * n);
}

static void
add_row (RoofBreakdown *bd, const RoofHardwareParams *hw, const RoofWorkload *wl, RoofOpKind op,
         unsigned flags, double layers, double flop, double bw, double bkv, double bact,
         bool counted)
{
  if (bd->n_rows >= ROOF_MAX_OP_ROWS || layers <= 0.0)
    return;
  RoofOpRow *row = &bd->rows[bd->n_rows++];
  double n = wl->devices;
  double flops = n * hw->peak_flops[wl->compute] * roof_eff (hw->eff_compute);
  double mbw = n * hw->mem_bw * roof_eff (hw->eff_memory);

  row->op = op;
  row->layer_flags = flags;
  row->layers = layers;
  row->flop = flop;
  row->bytes_weights = bw;
  row->bytes_kv = bkv;
  row->bytes_act = bact;
  row->bytes = bw + bkv + bact;
  row->intensity = row->bytes > 0.0 ? flop / row->bytes : 0.0;
  row->t_compute = flop / flops;
  row->t_memory = row->bytes / mbw;
  row->time = wl->overlap == ROOF_OVERLAP_MAX ? roof_max (row->t_compute, row->t_memory)
                                              : row->t_compute + row->t_memory;
  row->bound = row->t_compute > row->t_memory ? ROOF_BOUND_COMPUTE : ROOF_BOUND_MEMORY;
  row->counted = counted;
}

static bool
rows_finite (const RoofBreakdown *bd)
{
  for (int i = 0; i < bd->n_rows; i++)
    {
      const RoofOpRow *r = &bd->rows[i];
      const double v[] = { r->layers,    r->flop,      r->bytes_weights, r->bytes_kv, r->bytes_act,
                           r->bytes,     r->intensity, r->t_compute,     r->t_memory, r->time };
      if (!roof_all_finite (v, ROOF_N_ELEMENTS (v)))
        return false;
    }
  return true;
}

RoofStatus
roof_breakdown (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
                RoofBreakdown *out, RoofError *err)
{
  RoofStatus st = check_inputs (hw, md, wl, err);
  if (st != ROOF_OK)
    return st;

  memset (out, 0, sizeof *out);
  double b_w = roof_workload_weight_bytes (wl);
  double b_kv = roof_precision_bytes (wl->kv);
  double b_a = roof_precision_bytes (wl->activations);
  double B = wl->batch;
  bool decode = wl->phase == ROOF_PHASE_DECODE;

  if (md->kind == ROOF_MODEL_GENERIC)
    {
      RoofWork w;
      roof_work_compute (md, wl, &w);
      add_row (out, hw, wl, ROOF_OP_GENERIC, 0, 1.0, w.flop_linear, w.bytes_weights, 0.0,
               w.bytes_act, true);
      return rows_finite (out) ? ROOF_OK : roof_overflow_error (err);
    }

  const RoofModelParams *m = &md->src;
  RoofModelDims d;
  roof_model_dims (m, &d);

  double T = decode ? B : B * wl->prompt; /* tokens through the layers */
  double ws = md->weight_scale, fs = md->flop_scale;
  double span = wl->attention_span > 0.0 ? wl->attention_span : INFINITY;
  double win_cap = roof_min (d.window > 0.0 ? d.window : INFINITY, span);
  double n_glob = d.L - d.n_window;

  /* attended context per token (decode) or summed over the prompt (prefill),
   * per sequence, for global and windowed layers */
  double ctx_glob, ctx_win;
  if (decode)
    {
      ctx_glob = roof_min (wl->context, span);
      ctx_win = roof_min (wl->context, win_cap);
    }
  else
    {
      double S = wl->prompt;
      ctx_glob = S <= span ? 0.5 * S * S : span * S - 0.5 * span * span;
      ctx_win = S <= win_cap ? 0.5 * S * S : win_cap * S - 0.5 * win_cap * win_cap;
    }

  for (int i = 0; i < roof_n_attention_ops; i++)
    {
      RoofOpKind op = roof_attention_ops[i];
      RoofOpCost c;
      roof_model_op_cost (m, &d, op, decode, &c);

      bool ctx_dependent = c.attn_flop_per_ctx > 0.0 || c.kv_read_per_ctx > 0.0
                           || c.act_per_ctx > 0.0 || c.elem_flop_per_ctx > 0.0;
      if (!ctx_dependent)
        {
          double flop = c.counted ? 2.0 * T * c.mm * fs : c.elem_flop * T;
          add_row (out, hw, wl, op, ROOF_LAYER_DENSE | ROOF_LAYER_MOE, d.L, flop,
                   b_w * c.weights * ws, b_kv * T * c.kv_write, b_a * T * c.act, c.counted);
          continue;
        }
      /* scores, softmax and attn×V differ between global and windowed layers */
      for (int win = 0; win < 2; win++)
        {
          double layers = win ? d.n_window : n_glob;
          double ctx = win ? ctx_win : ctx_glob; /* per sequence */
          double flop = c.counted ? c.attn_flop_per_ctx * B * ctx : c.elem_flop_per_ctx * B * ctx;
          /* decode reads the cache; prefill keeps K and V on chip */
          double kv = decode ? b_kv * B * ctx * c.kv_read_per_ctx : 0.0;
          double act = b_a * (T * c.act + B * ctx * c.act_per_ctx);
          add_row (out, hw, wl, op,
                   (ROOF_LAYER_DENSE | ROOF_LAYER_MOE) | (win ? ROOF_LAYER_WINDOW : 0), layers,
                   flop, 0.0, kv, act, c.counted);
        }
    }

  for (int i = 0; i < roof_n_dense_ffn_ops; i++)
    {
      RoofOpCost c;
      roof_model_op_cost (m, &d, roof_dense_ffn_ops[i], false, &c);
      if (!c.present)
        continue;
      add_row (out, hw, wl, roof_dense_ffn_ops[i], ROOF_LAYER_DENSE, d.n_dense,
               2.0 * T * c.mm * fs, b_w * c.weights * ws, 0.0, b_a * T * c.act, true);
    }

  for (int i = 0; i < roof_n_moe_ffn_ops; i++)
    {
      RoofOpCost c;
      roof_model_op_cost (m, &d, roof_moe_ffn_ops[i], false, &c);
      if (!c.present)
        continue;
      double weights = c.weights;
      if (roof_moe_ffn_ops[i] == ROOF_OP_EXPERTS)
        weights = c.expert_weights * roof_moe_distinct_experts (d.E, d.k, T);
      add_row (out, hw, wl, roof_moe_ffn_ops[i], ROOF_LAYER_MOE, d.n_moe, 2.0 * T * c.mm * fs,
               b_w * weights * ws, 0.0, b_a * T * c.act, true);
    }

  {
    RoofOpCost c;
    roof_model_op_cost (m, &d, ROOF_OP_LM_HEAD, false, &c);
    /* prefill computes logits for the last prompt token only */
    add_row (out, hw, wl, ROOF_OP_LM_HEAD, ROOF_LAYER_HEAD, 1.0, 2.0 * B * c.mm * fs,
             b_w * c.weights * ws, 0.0, b_a * B * c.act, true);
  }
  return rows_finite (out) ? ROOF_OK : roof_overflow_error (err);
}

/* ---------------------------------------------------------------------- */
/* Sweeps                                                                 */

RoofStatus
roof_sweep (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
            RoofSweepAxis axis, double lo, double hi, int n, bool log_spacing, RoofResult *out,
            RoofError *err)
{
  if (n < 1 || n > 10000000)
    return roof_set_error (err, ROOF_ERR_INVALID, "a sweep needs 1 to 1e7 points, got %d", n);
  if (!isfinite (lo) || !isfinite (hi) || lo > hi || lo < 0.0 || (axis != ROOF_SWEEP_CONTEXT && lo <= 0.0))
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "sweep range %g:%g must be finite, increasing and positive", lo, hi);
  if (log_spacing && lo <= 0.0)
    return roof_set_error (err, ROOF_ERR_INVALID,
                           "a logarithmic sweep needs a start above 0, got %g", lo);
  if (axis != ROOF_SWEEP_BATCH && axis != ROOF_SWEEP_CONTEXT && axis != ROOF_SWEEP_PROMPT)
    return roof_set_error (err, ROOF_ERR_INVALID, "unknown sweep axis %d", (int) axis);

  RoofWorkload w = *wl;
  double llo = log_spacing ? log (lo) : lo, lhi = log_spacing ? log (hi) : hi;
  for (int i = 0; i < n; i++)
    {
      double f = n > 1 ? (double) i / (n - 1) : 0.0;
      double v = llo + (lhi - llo) * f;
      v = log_spacing ? exp (v) : v;
      v = round (v);
      if (axis != ROOF_SWEEP_CONTEXT && v < 1.0)
        v = 1.0;
      switch (axis)
        {
        case ROOF_SWEEP_BATCH:
          w.batch = v;
          break;
        case ROOF_SWEEP_CONTEXT:
          w.context = v;
          break;
        case ROOF_SWEEP_PROMPT:
        default:
          w.prompt = v;
          break;
        }
      RoofStatus st = roof_solve (hw, md, &w, &out[i], err);
      if (st != ROOF_OK)
        return st;
    }
  return ROOF_OK;
}

/* Whether batch B fits the layout's busiest device (the aggregate without
 * a layout, as roof_solve decides). */
static bool
batch_fits (const RoofHardwareParams *hw, const RoofModelDerived *md, const RoofWorkload *wl,
            const RoofLayoutDims *l, double cap_device)
{
  double fw, fk, fa, total;
  roof_footprint (md, wl, &fw, &fk, &fa);
  if (l->trivial)
    return fw + fk + fa <= wl->devices * cap_device;
  return footprint_device (md, wl, l, fw, fk, fa, &total) <= cap_device;
}

double
roof_max_batch_that_fits (const RoofHardwareParams *hw, const RoofModelDerived *md,
                          const RoofWorkload *wl)
{
  RoofWorkload w = *wl;
  RoofLayoutDims l;
  double cap = hw->mem_capacity * usable (hw);

  roof_layout_dims (hw, md, wl, false, &l);
  w.batch = 1.0;
  if (!batch_fits (hw, md, &w, &l, cap))
    return 0.0;
  /* the footprint grows with B (affine in decode, piecewise for chunked
   * prefill and data-parallel attention's ceil(B/ep)): double, then bisect */
  double lo = 1.0, hi = 2.0;
  for (;;)
    {
      w.batch = hi;
      if (!batch_fits (hw, md, &w, &l, cap))
        break;
      lo = hi;
      hi *= 2.0;
      if (hi > 1e9)
        return 1e9;
    }
  while (hi - lo > 1.0)
    {
      double mid = floor (0.5 * (lo + hi));
      w.batch = mid;
      if (!batch_fits (hw, md, &w, &l, cap))
        hi = mid;
      else
        lo = mid;
    }
  return lo;
}
