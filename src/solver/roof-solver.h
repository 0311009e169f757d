/* roof-solver.h — the analytical roofline model of docs/model.md
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * C11 + libm only. Nothing here allocates, touches files or knows GLib.
 * Every entry point validates its inputs and returns ROOF_OK or an error code
 * with a message in a caller-provided RoofError; no result field is ever NaN
 * or infinite.
 *
 * Units are SI throughout: FLOP, byte, second, FLOP/s, byte/s, USD.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Errors                                                                   */

typedef enum
{
  ROOF_OK = 0,
  ROOF_ERR_INVALID,     /* a value is ≤ 0, NaN, inf or out of range */
  ROOF_ERR_PRECISION,   /* the device has no ceiling for the compute precision */
  ROOF_ERR_UNSUPPORTED, /* e.g. tensor parallel on a device with no interconnect */
  ROOF_ERR_INFEASIBLE,  /* e.g. an SLA no budget can meet */
} RoofStatus;

#define ROOF_ERROR_MESSAGE_MAX 256

typedef struct
{
  RoofStatus code;
  char message[ROOF_ERROR_MESSAGE_MAX];
} RoofError;

/* ------------------------------------------------------------------------ */
/* Precisions                                                               */

typedef enum
{
  ROOF_PREC_FP64 = 0,
  ROOF_PREC_FP32,
  ROOF_PREC_TF32,
  ROOF_PREC_BF16,
  ROOF_PREC_FP16,
  ROOF_PREC_FP8,
  ROOF_PREC_INT8,
  ROOF_PREC_INT4,
  ROOF_PREC_FP4,
  ROOF_PREC_COUNT
} RoofPrecision;

/* "fp64" … "fp4"; NULL for an out-of-range value. */
const char *roof_precision_name (RoofPrecision p);
/* Returns false for an unknown name. */
bool roof_precision_from_name (const char *name, RoofPrecision *out);
/* Bytes per element: fp64 8, fp32/tf32 4, bf16/fp16 2, fp8/int8 1, int4/fp4 0.5. */
double roof_precision_bytes (RoofPrecision p);

/* ------------------------------------------------------------------------ */
/* Hardware (one device)                                                    */

#define ROOF_MAX_CACHES 4

/* How devices of a scale-up domain are joined. */
typedef enum
{
  ROOF_TOPOLOGY_SWITCH = 0, /* every device one switch hop from every other (NVLink Switch) */
  ROOF_TOPOLOGY_MESH,       /* full mesh of point-to-point links (Infinity Fabric) */
  ROOF_TOPOLOGY_TORUS,      /* 2-D or 3-D torus (TPU ICI) */
} RoofTopology;

/* The algorithm a collective uses on the scale-up fabric. */
typedef enum
{
  ROOF_COLLECTIVE_RING = 0, /* 2(n−1) latency steps */
  ROOF_COLLECTIVE_TREE,     /* O(log n) latency steps */
  ROOF_COLLECTIVE_SWITCH,   /* in-network reduction (NVLS, SHARP): O(1) latency steps */
} RoofCollective;

const char *roof_topology_name (RoofTopology t);
bool roof_topology_from_name (const char *name, RoofTopology *out);
const char *roof_collective_name (RoofCollective c);
bool roof_collective_from_name (const char *name, RoofCollective *out);

typedef struct
{
  double capacity;  /* bytes */
  double bandwidth; /* byte/s */
} RoofCacheLevel;

typedef struct
{
  double peak_flops[ROOF_PREC_COUNT]; /* dense FLOP/s; 0 = no ceiling at this precision */
  double mem_bw;                      /* main memory, byte/s */
  double mem_capacity;                /* bytes */
  double usable_fraction;             /* u in (0, 1]; 0 means the default 0.9 */
  int n_caches;
  RoofCacheLevel caches[ROOF_MAX_CACHES];
  double link_bw;      /* scale-up interconnect, byte/s per direction; 0 = none */
  double link_latency; /* seconds per hop */
  bool has_price;
  double price_per_hour; /* USD per device-hour (≥ 0) when has_price */
  double eff_compute;    /* η_c in (0, 1]; 0 means 1 */
  double eff_memory;     /* η_m in (0, 1]; 0 means 1 */

  /* The system around the device (docs/model.md, "Systems"): a scale-up
   * domain of scaleup_size devices joined by the link above (link_bw per
   * device and direction, link_latency), and a scale-out network beyond it.
   * scaleup_size 0 is a bare device: any group shares its link, as before. */
  int scaleup_size;
  RoofTopology topology;
  RoofCollective collective; /* all-reduce algorithm on the scale-up fabric */
  double scaleout_bw;        /* byte/s per device and direction; 0 = none */
  double scaleout_latency;   /* seconds */
  double power_w;            /* watts per device, its share of the system included; 0 = unknown */
  int torus_dims;            /* dimensions of a torus topology (1–3); 0 means 2 */
} RoofHardwareParams;

#define ROOF_DEFAULT_USABLE_FRACTION 0.9

/* Sets every field to "absent" defaults (no ceilings, no price, η = 1, u = 0.9). */
void roof_hardware_init (RoofHardwareParams *hw);
RoofStatus roof_hardware_validate (const RoofHardwareParams *hw, RoofError *err);
/* Ridge point Π_p / β in FLOP/byte (peak, not derated); 0 if no ceiling at p. */
double roof_hardware_ridge (const RoofHardwareParams *hw, RoofPrecision p);
/* An efficiency η (eff_compute, eff_memory) as it applies: 0 (unset) means 1. */
double roof_efficiency (double eta);

/* Collectives (docs/model.md, "Collectives"). */
typedef enum
{
  ROOF_COLL_ALL_REDUCE = 0, /* `bytes` = each member's buffer, reduced in place */
  ROOF_COLL_ALL_TO_ALL,     /* `bytes` = what each member holds to scatter ((n−1)/n leaves) */
  ROOF_COLL_P2P,            /* `bytes` sent from one member to the next (stride apart) */
} RoofCollectiveOp;

/* Seconds one collective takes among `members` devices `stride` device
 * indices apart (TP groups are contiguous, stride 1; an EP group's members
 * are tp apart). Members in one scale-up domain (scaleup_size, or any count
 * when it is 0) use the fabric's algorithm: topology and collective;
 * a group spanning domains is hierarchical: inside each domain on the
 * fabric, across domains on the scale-out network (docs/model.md). For P2P,
 * `members` is 2 and the transfer crosses the scale-out network when the
 * two devices lie in different domains. Validates hw and the group. */
RoofStatus roof_collective_time (const RoofHardwareParams *hw,
                                 RoofCollectiveOp op,
                                 double members,
                                 double stride,
                                 double bytes,
                                 double *seconds,
                                 RoofError *err);

/* ------------------------------------------------------------------------ */
/* Model architecture                                                       */

typedef enum
{
  ROOF_MODEL_TRANSFORMER = 0,
  ROOF_MODEL_GENERIC, /* given directly as FLOP and bytes per sample */
} RoofModelKind;

typedef enum
{
  ROOF_ATTN_MHA = 0,
  ROOF_ATTN_GQA,
  ROOF_ATTN_MQA,
  ROOF_ATTN_MLA,
} RoofAttention;

const char *roof_attention_name (RoofAttention a);
bool roof_attention_from_name (const char *name, RoofAttention *out);

typedef struct
{
  RoofModelKind kind;

  /* transformer */
  double layers;   /* L */
  double hidden;   /* d */
  double heads;    /* H */
  double kv_heads; /* H_kv (MHA: = H, MQA: 1); unused for MLA */
  double head_dim; /* d_h; 0 means d / H */
  double ffn;      /* d_ff of dense layers */
  bool ffn_gated;  /* 3 matrices (gate, up, down) or 2 */
  double vocab;    /* V */
  bool tied_embeddings;
  bool qkv_bias;
  RoofAttention attention;
  double sliding_window; /* w in tokens; 0 = none */
  double window_layers;  /* layers that use the window; 0 with w > 0 means all */

  /* MLA (attention == ROOF_ATTN_MLA) */
  double mla_kv_lora_rank; /* r */
  double mla_rope_dim;     /* d_r */
  double mla_q_lora_rank;  /* 0 = full-rank query projection */
  double mla_v_head_dim;   /* 0 = head_dim − rope_dim */

  /* MoE; experts == 0 means dense */
  double experts;           /* E */
  double experts_per_token; /* k */
  double shared_experts;    /* E_s */
  double expert_ffn;        /* d_e */
  double dense_layers;      /* first layers with a dense FFN of width ffn */

  /* published totals; 0 = derive (see docs/model.md, "Overrides") */
  double params_total;
  double params_active;

  /* generic */
  double flop_per_sample;
  double bytes_per_sample; /* activation traffic per sample, weights excluded */
  double params;           /* weights, read once per step */
} RoofModelParams;

void roof_model_init (RoofModelParams *m);

/* Everything about a model that does not depend on the workload, computed once.
 * Counts are in parameters (elements), not bytes. */
typedef struct
{
  RoofModelKind kind;
  double layers;
  double hidden;
  double heads;
  double head_dim;
  double vocab;
  bool is_moe;
  double n_dense_layers; /* layers with a dense FFN */
  double n_moe_layers;
  double n_window_layers; /* layers whose KV stops at the window */
  double window;          /* 0 = none */

  double p_embedding;       /* input embedding table V·d */
  double p_lm_head;         /* V·d matrix multiplied at the output (tied or not) */
  double p_attn_layer;      /* attention projections (+ biases) of one layer */
  double p_norm_layer;      /* norm weights of one layer */
  double p_dense_ffn_layer; /* dense FFN of one layer */
  double p_expert;          /* one routed expert */
  double p_shared_layer;    /* shared experts of one MoE layer */
  double p_router_layer;    /* router of one MoE layer */
  double p_final_norm;

  double p_total_derived;  /* from the architecture */
  double p_active_derived; /* per token, input embedding included */
  double p_total;          /* used: override if given, else derived */
  double p_active;         /* used */
  double weight_scale;     /* p_total / p_total_derived */
  double flop_scale;       /* p_active / p_active_derived */

  double p_mm_active;   /* active matmul params per token (lm_head in, embedding out), scaled */
  double p_mm_body;     /* the layers' share of p_mm_active */
  double p_mm_head;     /* lm_head's share (applied to the last prompt token only in prefill) */
  double p_read_always; /* params read every step regardless of routing, scaled */
  double p_read_expert; /* one routed expert, scaled */
  double p_mm_routed;   /* the k routed experts' matmul params per token, all MoE layers, scaled */
  double act_per_token_routed; /* routed experts' activation elements per token, all MoE layers */

  double kv_elems_per_token_layer; /* K and V (or latent) elements per token per layer */
  double kv_elems_per_token;       /* all layers (upper bound when windowed) */
  double attn_flop_per_ctx; /* 2·L·H·(d_h + d_v), = 4·L·H·d_h unless MLA: FLOP per token per context token (prefill; MLA expanded) */
  double attn_flop_per_ctx_decode; /* the same in decode: MLA's absorbed form 2·L·H·(2r + d_r); else = attn_flop_per_ctx */

  /* per-token activation elements (in + out of every matmul) */
  double act_per_token_dense_layer;
  double act_per_token_moe_layer;
  double act_per_token_dense_layer_decode; /* the same in decode (MLA absorbed; else equal) */
  double act_per_token_moe_layer_decode;
  double act_per_token_head; /* d in + V out of lm_head */
  double workspace_per_token; /* peak live activation elements of one token */

  /* generic */
  double flop_per_sample;
  double bytes_per_sample;

  /* the architecture it came from, for the per-operator breakdown */
  RoofModelParams src;
} RoofModelDerived;

RoofStatus roof_model_validate (const RoofModelParams *m, RoofError *err);
RoofStatus roof_model_derive (const RoofModelParams *m, RoofModelDerived *out, RoofError *err);

/* KV-cache bytes per token, all layers, at element size b_kv (upper bound when windowed). */
double roof_model_kv_bytes_per_token (const RoofModelDerived *md, double b_kv);
/* KV-cache bytes of one sequence holding `context` tokens (windows applied). */
double roof_model_kv_bytes (const RoofModelDerived *md, double context, double b_kv);

/* ------------------------------------------------------------------------ */
/* Workload                                                                 */

typedef enum
{
  ROOF_PHASE_DECODE = 0,
  ROOF_PHASE_PREFILL,
} RoofPhase;

/* How attention is laid out beside expert parallelism. */
typedef enum
{
  ROOF_ATTN_PARALLEL_DATA = 0, /* data-parallel attention over the EP group (wide-EP serving) */
  ROOF_ATTN_PARALLEL_TENSOR,   /* attention tensor-parallel over the EP group */
} RoofAttnParallel;

const char *roof_attn_parallel_name (RoofAttnParallel a);
bool roof_attn_parallel_from_name (const char *name, RoofAttnParallel *out);

typedef enum
{
  ROOF_OVERLAP_MAX = 0, /* compute and memory overlap */
  ROOF_OVERLAP_SUM,     /* they don't */
} RoofOverlap;

const char *roof_phase_name (RoofPhase p);
bool roof_phase_from_name (const char *name, RoofPhase *out);
const char *roof_overlap_name (RoofOverlap o);
bool roof_overlap_from_name (const char *name, RoofOverlap *out);

typedef struct
{
  RoofPhase phase;
  double batch;   /* B, sequences */
  double context; /* S, tokens already cached at a decode step */
  double prompt;  /* S_in */
  double output;  /* S_out */
  RoofPrecision weights;
  RoofPrecision kv;
  RoofPrecision activations;
  RoofPrecision compute;
  double bytes_per_weight; /* 0 = from the weights precision; else e.g. 0.5 + 2/128 */
  double attention_span;   /* 0 = full; else a sparse span capping S_eff */
  double devices;          /* n in tensor parallel (integer ≥ 1): TP */
  RoofOverlap overlap;
  double overhead; /* t_0, seconds per step (≥ 0) */

  /* The layout beyond TP (docs/model.md, "Layouts"); 0 means 1. A replica
   * is tp · ep · pp devices, dp replicas serve in parallel; batch is per
   * replica. */
  double ep;
  double pp;
  double dp;
  RoofAttnParallel attn_parallel; /* attention beside EP */
  double ep_imbalance;            /* busiest device's routed load / mean, ≥ 1; 0 means 1 */
  double microbatches;            /* pipeline microbatches in flight; 0 means pp */

  /* Tokens each sequence feeds through one decode step (docs/model.md,
   * "Speculative decoding"): the verify step of a draft of k tokens runs
   * k + 1. 0 means 1. A decode step then processes batch · step_tokens
   * tokens (`tokens` of the result): k + 1 times the FLOP, activations and
   * KV writes, the cache read once per sequence, the weights once. */
  double step_tokens;
} RoofWorkload;

/* Llama-style defaults: decode, B = 1, S = 4096, S_in = 1024, S_out = 256,
 * bf16 everywhere, one device, max overlap, no overhead. */
void roof_workload_init (RoofWorkload *wl);
RoofStatus roof_workload_validate (const RoofWorkload *wl, RoofError *err);
/* The layout against a model and a system: EP on a dense model, EP above
 * the expert count, PP above the layer count, a replica larger than the
 * scale-up domain without a scale-out network, a group that spans domains
 * without filling them, a TP group or pipeline stage that would straddle
 * two domains, a fabric without bandwidth, in-network reduction on
 * a fabric without a switch. Messages name the field. roof_solve and every
 * analysis call it. */
RoofStatus roof_layout_validate (const RoofHardwareParams *hw,
                                 const RoofModelDerived *md,
                                 const RoofWorkload *wl,
                                 RoofError *err);
/* A layout size of a workload (ep, pp, dp, ep_imbalance): 0 means 1. */
static inline double
roof_layout_size (double v)
{
  return v > 0.0 ? v : 1.0;
}

/* The rule of a layout's fit that failed (roof_layout_fit), first to last:
 * the model's three, then the device's or system's. */
typedef enum
{
  ROOF_LAYOUT_FITS,
  ROOF_LAYOUT_EP_DENSE,    /* ep > 1 on a dense model (or a generic one) */
  ROOF_LAYOUT_EP_EXPERTS,  /* ep above the routed experts: a device would hold none */
  ROOF_LAYOUT_PP_LAYERS,   /* pp above a transformer's layers */
  ROOF_LAYOUT_NO_SCALEOUT, /* a replica past the scale-up domain, no scale-out network */
  ROOF_LAYOUT_NO_FABRIC,   /* a replica within it (or no domain), no link bandwidth */
  ROOF_LAYOUT_VALIDATE,    /* one of roof_layout_validate's rules: status and err */
} RoofLayoutRule;

/* What a message about the failed rule needs. */
typedef struct
{
  RoofLayoutRule rule;
  double ep, pp;     /* the workload's, 0 read as 1 */
  double replica;    /* tp · ep · pp */
  double experts;    /* the model's routed experts (moe.experts) */
  double layers;     /* the model's layers */
  int scaleup_size;  /* the device's or system's domain, 0 for none */
  RoofStatus status; /* ROOF_LAYOUT_VALIDATE: roof_layout_validate's status */
  RoofError err;     /* and its message */
} RoofLayoutFit;

/* Whether the layout of `wl` fits the model and, when `hw` is not NULL,
 * the device or system `hw`: the first rule that fails, in `fit` with the
 * numbers its message needs. A replica of one device always fits `hw`.
 * The app's workload panel and roofline-cli say the rules in their own
 * words. */
RoofLayoutRule roof_layout_fit (const RoofHardwareParams *hw,
                                const RoofModelDerived *md,
                                const RoofWorkload *wl,
                                RoofLayoutFit *fit);
/* tp · ep · pp (one replica) and that × dp. */
double roof_workload_replica_devices (const RoofWorkload *wl);
double roof_workload_total_devices (const RoofWorkload *wl);
/* b_w actually used. */
double roof_workload_weight_bytes (const RoofWorkload *wl);

/* ------------------------------------------------------------------------ */
/* Forward model                                                            */

typedef enum
{
  ROOF_BOUND_COMPUTE = 0,
  ROOF_BOUND_MEMORY,
  ROOF_BOUND_COMMUNICATION,
} RoofBound;

const char *roof_bound_name (RoofBound b);

/* Activation workspace is sized for at most this many tokens in flight:
 * prefill runs in chunks in every serving engine. */
#define ROOF_PREFILL_CHUNK_TOKENS 8192.0

typedef struct
{
  RoofPhase phase;
  double tokens; /* tokens produced (decode: B) or consumed (prefill: B·S_in) */

  double flop;
  double flop_linear;
  double flop_attention;

  double bytes_weights;
  double bytes_kv;
  double bytes_act;
  double bytes_total;

  double intensity; /* FLOP / byte */
  double ridge;     /* Π_p / β of the device at the compute precision (peak) */

  /* Times of one step (decode: one token for each of the replica's B
   * sequences; prefill: the B prompts), on the busiest device, pipeline
   * stages and microbatches included: a stage's time × rounds (see
   * `rounds`). */
  double t_compute;
  double t_memory;
  double t_memory_weights; /* the weights' share of t_memory */
  double t_comm;           /* = all_reduce + all_to_all + p2p */
  double t_comm_all_reduce;
  double t_comm_all_to_all; /* EP dispatch and combine */
  double t_comm_p2p;        /* pipeline stage to stage */
  double t_overhead;
  double t_step; /* decode: ITL; prefill: TTFT */
  RoofBound bound; /* the largest of t_compute, t_memory, t_comm */

  double tokens_per_s; /* one replica */
  double mfu;
  double mbu;
  double attained_flops; /* FLOP / t_step, aggregate */

  /* The layout (docs/model.md, "Layouts"). FLOP and bytes above are one
   * replica's, summed over its devices (attention weights read by every EP
   * rank when attention is data-parallel, weights read once per microbatch). */
  double devices;       /* one replica: tp · ep · pp */
  double devices_total; /* × dp */
  double microbatches;  /* m used (0 in the workload means pp) */
  double rounds;        /* stage times per step: decode max(m, pp), prefill m + pp − 1 */
  double bubble;        /* fraction of a device's step spent idle in the pipeline */
  double tokens_per_s_total;      /* × dp */
  double tokens_per_s_per_device; /* tokens_per_s_total / devices_total */
  bool has_power;
  double tokens_per_s_per_kw; /* per kW of the devices' power (power_w) when has_power */

  double footprint_weights;
  double footprint_kv;
  double footprint_act;
  double footprint;
  double capacity; /* n · C · u */
  double footprint_device; /* the busiest device's bytes (= footprint / n without a layout) */
  double capacity_device;  /* C · u */
  bool fits;
  int min_devices; /* ceil(footprint / (C · u)): a lower bound under a layout */

  bool has_cost;
  double usd_per_s;    /* devices_total · price / 3600 */
  double usd_per_mtok; /* per million output (decode) or input (prefill) tokens */
} RoofResult;

RoofStatus roof_solve (const RoofHardwareParams *hw,
                       const RoofModelDerived *md,
                       const RoofWorkload *wl,
                       RoofResult *out,
                       RoofError *err);

/* TTFT + S_out × mean ITL over the contexts S_in … S_in + S_out − 1. */
typedef struct
{
  double ttft;
  double itl_mean;
  double itl_first;
  double itl_last;
  double total;
  bool has_cost;
  double usd_per_request;
} RoofRequest;

RoofStatus roof_request (const RoofHardwareParams *hw,
                         const RoofModelDerived *md,
                         const RoofWorkload *wl,
                         RoofRequest *out,
                         RoofError *err);

/* ------------------------------------------------------------------------ */
/* Per-operator breakdown                                                   */

typedef enum
{
  ROOF_OP_Q_PROJ = 0,
  ROOF_OP_K_PROJ,
  ROOF_OP_V_PROJ,
  ROOF_OP_ATTN_SCORES,
  ROOF_OP_SOFTMAX,
  ROOF_OP_ATTN_V,
  ROOF_OP_O_PROJ,
  ROOF_OP_FFN_GATE,
  ROOF_OP_FFN_UP,
  ROOF_OP_FFN_DOWN,
  ROOF_OP_ROUTER,
  ROOF_OP_EXPERTS, /* routed experts (gate, up and down together) */
  ROOF_OP_SHARED_EXPERTS,
  ROOF_OP_NORMS,
  ROOF_OP_LM_HEAD,
  ROOF_OP_GENERIC, /* a non-transformer model as one operator */
  ROOF_OP_COUNT
} RoofOpKind;

const char *roof_op_name (RoofOpKind op);

typedef enum
{
  ROOF_LAYER_DENSE = 1 << 0,
  ROOF_LAYER_MOE = 1 << 1,
  ROOF_LAYER_WINDOW = 1 << 2, /* sliding-window attention */
  ROOF_LAYER_HEAD = 1 << 3,   /* not a layer: lm_head */
} RoofLayerFlags;

typedef struct
{
  RoofOpKind op;
  unsigned layer_flags;
  double layers; /* how many layers carry this row (1 for lm_head) */
  double flop;   /* per layer */
  double bytes_weights;
  double bytes_kv;
  double bytes_act;
  double bytes;     /* sum of the three */
  double intensity; /* flop / bytes; 0 when bytes == 0 */
  double t_compute; /* per layer, on the whole tensor-parallel group */
  double t_memory;
  double time; /* max or sum of the two, per the overlap mode */
  RoofBound bound;
  /* Elementwise work (softmax, norms) is fused into its neighbours by every
   * serving engine: its FLOP and (unfused) activation bytes are listed for
   * their intensity but are not part of the step totals; its weights (the
   * norms') are. So, × layers and summed over rows: the weight and KV bytes
   * of every row, and the FLOP and activation bytes of counted rows, equal
   * the totals of roof_solve. */
  bool counted;
} RoofOpRow;

#define ROOF_MAX_OP_ROWS 64

typedef struct
{
  int n_rows;
  RoofOpRow rows[ROOF_MAX_OP_ROWS];
} RoofBreakdown;

RoofStatus roof_breakdown (const RoofHardwareParams *hw,
                           const RoofModelDerived *md,
                           const RoofWorkload *wl,
                           RoofBreakdown *out,
                           RoofError *err);

/* FLOP and bytes of one linear layer y = W x, W M×K, N columns of x
 * (the GEMV at N = 1), all elements of b bytes. */
void roof_linear (double m, double k, double n, double b, double *flop, double *bytes);

/* ------------------------------------------------------------------------ */
/* Sweeps                                                                   */

typedef enum
{
  ROOF_SWEEP_BATCH = 0,
  ROOF_SWEEP_CONTEXT,
  ROOF_SWEEP_PROMPT,
} RoofSweepAxis;

/* Fills out[0..n) with results at `n` points between lo and hi inclusive,
 * geometrically spaced when `log_spacing`, linear otherwise. Batch, context
 * and prompt values are rounded to whole numbers. */
RoofStatus roof_sweep (const RoofHardwareParams *hw,
                       const RoofModelDerived *md,
                       const RoofWorkload *wl,
                       RoofSweepAxis axis,
                       double lo,
                       double hi,
                       int n,
                       bool log_spacing,
                       RoofResult *out,
                       RoofError *err);

/* Largest integer batch (per replica) whose footprint fits the layout's
 * busiest device (0 if not even B = 1 fits). */
double roof_max_batch_that_fits (const RoofHardwareParams *hw,
                                 const RoofModelDerived *md,
                                 const RoofWorkload *wl);

/* ------------------------------------------------------------------------ */
/* Balance batch and cost                                                   */

typedef struct
{
  bool never;   /* KV and activation bytes grow as fast as compute: no balance */
  double batch; /* real-valued B where t_compute = t_memory (max model) */
  /* Communication is a third term: the balance above is where compute and
   * memory meet, which says nothing when t_comm exceeds both there. */
  /* what binds just above `batch` (at B = 1 when never): communication
   * when it dominates there, else compute (memory when never) */
  RoofBound bound;
  bool comm_dominates; /* t_comm ≥ max(t_compute, t_memory) at `batch`: the balance is moot */
  /* The honest "turns compute-bound": the smallest batch ≤ 1e9 from which
   * roof_solve says bound = compute (t_compute above both t_memory and
   * t_comm), found by doubling and bisection; compute_bound_never when none. */
  bool compute_bound_never;
  double compute_bound_batch;
} RoofBalance;

/* Closed form for dense models, bisection for MoE. Uses the decode step at
 * the workload's context. */
RoofStatus roof_balance_batch (const RoofHardwareParams *hw,
                               const RoofModelDerived *md,
                               const RoofWorkload *wl,
                               RoofBalance *out,
                               RoofError *err);

/* Cost per million output tokens split into the three terms of the
 * hyperbola (each the cost if that term alone set the step time). */
typedef struct
{
  double batch;
  double total;   /* usd per Mtok */
  double weights; /* ∝ 1/B */
  double kv;      /* flat: KV and activation traffic */
  double compute; /* flat */
  double comm;    /* communication: grows with B (bandwidth) plus ∝ 1/B (latency) */
  double fixed;   /* the per-step overhead t_0 alone, ∝ 1/B */
  RoofBound bound; /* roof_solve's bound at this batch */
  bool fits;
} RoofCostPoint;

RoofStatus roof_cost_point (const RoofHardwareParams *hw,
                            const RoofModelDerived *md,
                            const RoofWorkload *wl,
                            double batch,
                            RoofCostPoint *out,
                            RoofError *err);

#define ROOF_MAX_CROSSOVERS 4

/* Batches in [lo, hi] where the decode costs per token of two devices are
 * equal. Both must have a price. Returns the count (≤ ROOF_MAX_CROSSOVERS). */
RoofStatus roof_cost_crossovers (const RoofHardwareParams *a,
                                 const RoofHardwareParams *b,
                                 const RoofModelDerived *md,
                                 const RoofWorkload *wl,
                                 double lo,
                                 double hi,
                                 double *batches,
                                 int *n_found,
                                 RoofError *err);

/* ------------------------------------------------------------------------ */
/* Layout enumeration (docs/model.md, "Enumerating layouts")                */

typedef struct
{
  double devices;   /* devices available; 0 = hw->scaleup_size, or 8 without one */
  double max_batch; /* batches 1 … max_batch per replica; 0 = 4096 */
  double itl;       /* SLA: ITL ≤ itl seconds; 0 = no target */
  double ttft;      /* SLA: TTFT ≤ ttft seconds (prefill of the batch's prompts); 0 = no target */
  /* Batches on a grid rather than every one: 1, 2, 3, 4, 6, 8, 12, …
   * (powers of two and 1.5 times them) up to max_batch, and the largest
   * batch that fits when it lies between two grid points (the frontier). */
  bool batch_grid;
  /* Speculative decoding (roof-levers.h), or NULL: every point is then
   * roof_speculative_layout_point's, and a point whose drafter does not fit
   * or cannot run on its layout is left out. `draft` is the draft model of
   * a ROOF_DRAFTER_MODEL drafter. */
  const struct RoofSpeculative *spec;
  const RoofModelDerived *draft;
} RoofLayoutSearch;

void roof_layout_search_init (RoofLayoutSearch *s);

typedef struct
{
  double tp, ep, pp, dp;
  double devices;      /* used: tp · ep · pp · dp */
  double devices_idle; /* available − used */
  double batch;        /* per replica (dp replicas each run it) */
  double itl_s;
  double ttft_s;
  double tokens_per_s;            /* output tokens/s of all dp replicas */
  double tokens_per_s_per_device; /* per used device */
  bool has_power;
  double tokens_per_s_per_kw; /* per kW of the used devices */
  bool has_cost;
  double usd_per_mtok; /* the used devices' price */
  double usd_per_hour; /* devices · price per device-hour (0 without a price) */
  RoofBound bound;     /* decode */
  bool fits;           /* always true: points that do not fit are not visited */
  bool meets;          /* every SLA target given is met */
} RoofLayoutPoint;

/* Called once per point; return false to stop the enumeration. */
typedef bool (*RoofLayoutVisit) (const RoofLayoutPoint *point, void *user);

/* Every valid layout of the model on the system and every batch that fits,
 * in order: tp, then ep, then pp ascending, batches ascending. The rule:
 * tp, ep and pp are powers of two (ep ≤ E, 1 for dense models; pp ≤ L),
 * plus ep = devices/tp when whole (a replica filling the system: EP 72 on
 * an NVL72); tp · ep · pp ≤ devices; dp = floor(devices / (tp·ep·pp))
 * replicas; layouts roof_layout_validate rejects are skipped. The
 * workload's tp/ep/pp/dp/microbatches are replaced (microbatches = pp, its
 * attn_parallel and ep_imbalance kept), its phase is decode (TTFT from a
 * prefill of the same batch). Nothing is allocated: the point is on the
 * stack and handed to `visit`. n_layouts / n_points (either may be NULL)
 * count the valid layouts and the points visited. */
RoofStatus roof_layouts_enumerate (const RoofHardwareParams *hw,
                                   const RoofModelDerived *md,
                                   const RoofWorkload *wl,
                                   const RoofLayoutSearch *search,
                                   RoofLayoutVisit visit,
                                   void *user,
                                   int *n_layouts,
                                   long *n_points,
                                   RoofError *err);

/* ------------------------------------------------------------------------ */
/* The interactivity–throughput frontier (docs/model.md, "The frontier")    */

/* What the frontier's y axis counts: output tokens/s per device used, per
 * kW of those devices' power (power_w), or per US$ per hour of their price. */
typedef enum
{
  ROOF_FRONTIER_PER_DEVICE = 0,
  ROOF_FRONTIER_PER_KW,
  ROOF_FRONTIER_PER_USD_HOUR,
  ROOF_FRONTIER_METRIC_COUNT
} RoofFrontierMetric;

/* "device", "kw", "usd"; NULL out of range. */
const char *roof_frontier_metric_name (RoofFrontierMetric m);
bool roof_frontier_metric_from_name (const char *name, RoofFrontierMetric *out);

typedef struct
{
  double x;      /* tokens/s per user: 1 / ITL */
  double y;      /* the metric */
  bool frontier; /* on the Pareto frontier (roof_frontier_mark) */
  RoofLayoutPoint p;
} RoofFrontierPoint;

/* ROOF_ERR_INVALID when the hardware has no figure for the metric: no
 * power (power_w) for per kW, no price or a price of 0 for per $/h. */
RoofStatus roof_frontier_check_metric (const RoofHardwareParams *hw,
                                       RoofFrontierMetric metric,
                                       RoofError *err);

/* Every layout × batch of roof_layouts_enumerate (the search's batch_grid
 * as given) as a frontier point, into points[0 … capacity). *n_points is
 * the count of points there are: when it exceeds capacity, only the first
 * `capacity` were written and the caller calls again with room for all.
 * n_layouts (may be NULL) counts the valid layouts. Checks the metric. */
RoofStatus roof_frontier_collect (const RoofHardwareParams *hw,
                                  const RoofModelDerived *md,
                                  const RoofWorkload *wl,
                                  const RoofLayoutSearch *search,
                                  RoofFrontierMetric metric,
                                  RoofFrontierPoint *points,
                                  size_t capacity,
                                  size_t *n_points,
                                  int *n_layouts,
                                  RoofError *err);

/* Sorts points[0 … n) by rising x (rising y among equal x) and sets
 * `frontier` on the points no other point dominates (no other has x and y
 * both at least as large, one larger; of equal points, one): taken in
 * order, the frontier's x rise and its y fall. Returns how many. */
size_t roof_frontier_mark (RoofFrontierPoint *points, size_t n);

/* "TP4·EP8·PP2": the degrees above 1 after TP (TP always). */
void roof_layout_label (double tp, double ep, double pp, char *buf, size_t size);

/* ------------------------------------------------------------------------ */
/* Sensitivity                                                              */

typedef enum
{
  ROOF_KNOB_PEAK_FLOPS = 0,
  ROOF_KNOB_MEM_BW,
  ROOF_KNOB_INTERCONNECT_BW,
  ROOF_KNOB_OVERHEAD,
  ROOF_KNOB_MEM_CAPACITY,
  /* workload knobs: reported, never binding */
  ROOF_KNOB_BATCH,
  ROOF_KNOB_CONTEXT,
  ROOF_KNOB_BYTES_PER_WEIGHT,
  ROOF_KNOB_COUNT
} RoofKnob;

#define ROOF_KNOB_HARDWARE_COUNT (ROOF_KNOB_MEM_CAPACITY + 1)

/* JSON names: peak_flops, mem_bw, interconnect_bw, overhead, mem_capacity,
 * batch, context, bytes_per_weight. */
const char *roof_knob_name (RoofKnob k);

typedef struct
{
  double elasticity; /* symmetric (arc) elasticity, see docs/model.md */
  double up;         /* one-sided, x(1 + h) */
  double down;       /* one-sided, x(1 − h) */
  bool applicable;   /* false when x = 0 or T does not depend on x */
} RoofElasticity;

typedef struct
{
  double step; /* h */
  double t_base;
  RoofElasticity e[ROOF_KNOB_COUNT];
  RoofKnob binding; /* hardware knob with the largest |e| */
  bool fits;
  int min_devices;
} RoofSensitivity;

#define ROOF_DEFAULT_SENSITIVITY_STEP 0.01

RoofStatus roof_sensitivity (const RoofHardwareParams *hw,
                             const RoofModelDerived *md,
                             const RoofWorkload *wl,
                             double step,
                             RoofSensitivity *out,
                             RoofError *err);

/* ------------------------------------------------------------------------ */
/* Synthesis (inverse roofline)                                             */

typedef struct
{
  double itl;            /* seconds; 0 = no target */
  double ttft;           /* seconds; 0 = no target */
  double tokens_per_s;   /* aggregate decode tokens/s; 0 = no target */
  double eff_compute;    /* assumed η_c for the requirements; 0 = 1 */
  double eff_memory;     /* assumed η_m; 0 = 1 */
  double link_bw;        /* for n > 1: assumed link, byte/s per direction; 0 = ignore comm */
  double link_latency;   /* seconds */
  double usable_fraction;/* 0 = 0.9 */
  double max_devices;    /* largest n tried per device; 0 = 64 */
  double max_batch;      /* largest batch tried; 0 = 65536 */
} RoofSla;

void roof_sla_init (RoofSla *sla);

typedef struct
{
  double mem_bw;     /* aggregate byte/s */
  double peak_flops; /* aggregate FLOP/s */
  double mem_bytes;  /* aggregate usable bytes */
  double decode_bytes;
  double decode_flop;
  double prefill_flop;
  double itl_budget; /* ITL − overhead − communication */
  double ttft_budget;
} RoofRequirements;

RoofStatus roof_requirements (const RoofModelDerived *md,
                              const RoofWorkload *wl,
                              const RoofSla *sla,
                              RoofRequirements *out,
                              RoofError *err);

typedef struct
{
  int hardware_index; /* into the array passed in */
  bool meets;
  int devices;  /* smallest n that meets every target (or 0 if none ≤ max) */
  double batch; /* largest batch that still meets the SLA at that n */
  double itl;
  double ttft;
  double tokens_per_s;
  bool has_cost;
  double usd_per_hour;
  double usd_per_mtok;
  const char *reason; /* static text when !meets */
  /* More devices free memory for a larger batch and can lower the cost per
   * token: the cheapest count among devices, 2·devices, … ≤ max_devices
   * (equal to the fields above when nothing cheaper exists or no price). */
  int best_devices;
  double best_batch;
  double best_itl;
  double best_tokens_per_s;
  double best_usd_per_hour;
  double best_usd_per_mtok;
} RoofCandidate;

/* Evaluates every device; fills candidates[0..n_hw) sorted: meeting ones
 * first by usd_per_mtok (priced before unpriced), then the rest. A device
 * whose evaluation fails (e.g. no ceiling at the compute precision) is a
 * non-meeting candidate with a reason, not an error. */
RoofStatus roof_synthesize (const RoofHardwareParams *const *hw,
                            int n_hw,
                            const RoofModelDerived *md,
                            const RoofWorkload *wl,
                            const RoofSla *sla,
                            RoofCandidate *candidates,
                            RoofError *err);

/* Checks one device at n devices: the largest batch ≤ sla->max_batch that meets
 * every target, or meets = false. */
RoofStatus roof_candidate_eval (const RoofHardwareParams *hw,
                                const RoofModelDerived *md,
                                const RoofWorkload *wl,
                                const RoofSla *sla,
                                int devices,
                                RoofCandidate *out,
                                RoofError *err);

#ifdef __cplusplus
}
#endif
