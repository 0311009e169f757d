/* roof-spec-schema.c — every field of a catalog entry, described once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Upper bounds are sanity limits, far above any real part, that keep every
 * product the solver forms finite and catch unit slips (a bandwidth typed in
 * B/s instead of GB/s lands 1e9 too high):
 *
 *   memory.capacity_GB/GiB   1e6    (1 PB per device)
 *   memory.bandwidth_GBps    1e9    (Cerebras WSE-3 on-wafer SRAM is 2.1e7)
 *   caches[].capacity_MB     1e7    caches[].bandwidth_GBps 1e9
 *   compute_TFLOPS.*         1e7    (10 EFLOP/s per device)
 *   interconnect.bandwidth   1e7 GB/s, latency 1e6 µs (one second)
 *   tdp_W                    1e6    price_usd_per_hour 1e6
 *   layers 1e5, hidden 1e7, heads and kv_heads 1e6, head_dim 1e6, ffn 1e8,
 *   vocab 1e9, sliding_window 1e9, max_context 1e10, experts 1e6,
 *   params_total/active/params 1e15, flop_per_sample and bytes_per_sample 1e18
 *   year 1900 … 2200, pcie_gen 1 … 6
 *   systems: devices 1e6, scale-up and scale-out bandwidth 1e7 GB/s, latency
 *   1e6 µs, power_W 1e8 (a 140 kW rack is 1.4e5), price 1e7 USD per hour
 *
 * and on text, in characters (a 100 000-character name made `plot memory`
 * take 47 s): ids 64, names and other short texts 200, each source and
 * price_source 2000, notes 10 000.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "roof-spec-schema.h"

#include "roof-catalog-private.h"

static const char *const hardware_kinds[] = { "gpu", "tpu", "asic", "soc", "cpu", "other", NULL };
static const char *const confidences[] = { "high", "medium", "low", NULL };
static const char *const model_kinds[] = { "transformer", "generic", NULL };
static const char *const attentions[] = { "mha", "gqa", "mqa", "mla", NULL };

/* the names of roof_topology_name () and roof_collective_name () */
static const char *const topologies[] = { "switch", "mesh", "torus", NULL };
static const char *const collectives[] = { "ring", "tree", "switch", NULL };

#define TRANSFORMER "kind=transformer"

/* clang-format off */
/* Rows several kinds of entry share, word for word */
#define ROW_ID \
  { .path = "id", .type = ROOF_FIELD_STRING, .label = N_("Id"), .group = N_("General"), \
    .required = TRUE, .max = ROOF_SPEC_ID_MAX, \
    .help = N_("Unique key: 1 to 64 characters of a-z, 0-9, '.', '_' and '-'.") }
#define ROW_NAME \
  { .path = "name", .type = ROOF_FIELD_STRING, .label = N_("Name"), .group = N_("General"), \
    .required = TRUE, .max = ROOF_SPEC_NAME_MAX, .help = N_("Name shown in lists and charts.") }
#define ROW_YEAR \
  { .path = "year", .type = ROOF_FIELD_INTEGER, .label = N_("Year"), .group = N_("General"), \
    .min = 1900, .max = 2200, .help = N_("Year of release.") }
#define ROW_PRICE_DATE \
  { .path = "price_date", .type = ROOF_FIELD_STRING, .label = N_("Price date"), \
    .group = N_("Cost"), .max = ROOF_SPEC_NAME_MAX, .help = N_("When the price was observed.") }
#define ROW_PRICE_SOURCE \
  { .path = "price_source", .type = ROOF_FIELD_STRING, .label = N_("Price source"), \
    .group = N_("Cost"), .max = ROOF_SPEC_SOURCE_MAX, .help = N_("Where the price comes from.") }
#define ROW_CONFIDENCE \
  { .path = "confidence", .type = ROOF_FIELD_ENUM, .label = N_("Confidence"), \
    .group = N_("Sources"), .choices = confidences, \
    .help = N_("How well the figures are documented.") }
#define ROW_SOURCES \
  { .path = "sources", .type = ROOF_FIELD_STRINGS, .label = N_("Sources"), \
    .group = N_("Sources"), .max = ROOF_SPEC_SOURCE_MAX, \
    .help = N_("Datasheets and pages the figures come from.") }
#define ROW_NOTES \
  { .path = "notes", .type = ROOF_FIELD_STRING, .label = N_("Notes"), .group = N_("Sources"), \
    .max = ROOF_SPEC_NOTES_MAX, .help = N_("Caveats and assumptions.") }

static const RoofFieldSpec hardware_fields[] = {
  /* General */
  ROW_ID,
  ROW_NAME,
  { .path = "vendor", .type = ROOF_FIELD_STRING, .label = N_("Vendor"), .group = N_("General"),
    .max = ROOF_SPEC_NAME_MAX, .help = N_("Company that makes the device.") },
  ROW_YEAR,
  { .path = "kind", .type = ROOF_FIELD_ENUM, .label = N_("Kind"), .group = N_("General"),
    .choices = hardware_kinds, .help = N_("Type of device; \"other\" when absent.") },
  { .path = "arch", .type = ROOF_FIELD_STRING, .label = N_("Architecture"),
    .group = N_("General"), .max = ROOF_SPEC_NAME_MAX,
    .help = N_("Micro-architecture, e.g. Hopper.") },
  { .path = "form_factor", .type = ROOF_FIELD_STRING, .label = N_("Form factor"),
    .group = N_("General"), .max = ROOF_SPEC_NAME_MAX,
    .help = N_("Package or board, e.g. SXM5 or PCIe card.") },

  /* Memory */
  { .path = "memory.capacity_GB", .type = ROOF_FIELD_NUMBER, .label = N_("Capacity"),
    .unit = "GB", .group = N_("Memory"), .required_if = "!memory.capacity_GiB", .min = 0,
    .min_exclusive = TRUE, .max = 1e6,
    .help = N_("Main memory per device, in 10⁹ bytes.") },
  { .path = "memory.capacity_GiB", .type = ROOF_FIELD_NUMBER, .label = N_("Capacity (binary)"),
    .unit = "GiB", .group = N_("Memory"), .required_if = "!memory.capacity_GB", .min = 0,
    .min_exclusive = TRUE, .max = 1e6,
    .help = N_("Main memory per device, in 2³⁰ bytes (a vendor's \"80 GB\" of HBM is 80 GiB); "
               "or give capacity_GB.") },
  { .path = "memory.bandwidth_GBps", .type = ROOF_FIELD_NUMBER, .label = N_("Bandwidth"),
    .unit = "GB/s", .group = N_("Memory"), .required = TRUE, .min = 0, .min_exclusive = TRUE,
    .max = 1e9, .help = N_("Peak main-memory bandwidth, in 10⁹ bytes per second.") },
  { .path = "memory.type", .type = ROOF_FIELD_STRING, .label = N_("Memory type"),
    .group = N_("Memory"), .max = ROOF_SPEC_NAME_MAX, .help = N_("E.g. HBM3 or GDDR6.") },
  { .path = "memory.usable_fraction", .type = ROOF_FIELD_NUMBER, .label = N_("Usable fraction"),
    .group = N_("Memory"), .min = 0, .min_exclusive = TRUE, .max = 1,
    .help = N_("Share of the capacity left for weights, KV cache and activations (default 0.9).") },

  /* Caches */
  { .path = "caches", .type = ROOF_FIELD_CACHES, .label = N_("Caches"), .group = N_("Caches"),
    .help = N_("Faster memory levels (L2, SRAM), innermost last; at most four.") },
  { .path = "caches[].name", .type = ROOF_FIELD_STRING, .label = N_("Cache name"),
    .group = N_("Caches"), .required = TRUE, .max = ROOF_SPEC_NAME_MAX,
    .help = N_("Label of the level, e.g. L2.") },
  { .path = "caches[].capacity_MB", .type = ROOF_FIELD_NUMBER, .label = N_("Cache capacity"),
    .unit = "MB", .group = N_("Caches"), .required = TRUE, .min = 0, .min_exclusive = TRUE,
    .max = 1e7, .help = N_("Size of the level, in 10⁶ bytes.") },
  { .path = "caches[].bandwidth_GBps", .type = ROOF_FIELD_NUMBER, .label = N_("Cache bandwidth"),
    .unit = "GB/s", .group = N_("Caches"), .min = 0, .min_exclusive = TRUE, .max = 1e9,
    .help = N_("Bandwidth of the level; leave out when not published.") },

  /* Compute */
  { .path = "compute_TFLOPS", .type = ROOF_FIELD_PRECISION_MAP, .label = N_("Peak compute"),
    .unit = "TFLOP/s", .group = N_("Compute"), .required = TRUE, .min = 0,
    .min_exclusive = TRUE, .max = 1e7,
    .help = N_("Dense peak per precision (fp64 fp32 tf32 bf16 fp16 fp8 int8 int4 fp4); "
               "leave a precision out when the device has no such unit.") },
  { .path = "efficiency.compute", .type = ROOF_FIELD_NUMBER, .label = N_("Compute efficiency"),
    .group = N_("Compute"), .min = 0, .min_exclusive = TRUE, .max = 1,
    .help = N_("Achievable fraction of peak compute (default 1).") },
  { .path = "efficiency.memory", .type = ROOF_FIELD_NUMBER, .label = N_("Memory efficiency"),
    .group = N_("Memory"), .min = 0, .min_exclusive = TRUE, .max = 1,
    .help = N_("Achievable fraction of peak memory bandwidth (default 1).") },

  /* Calibration (roofline-cli calibrate, docs/model.md "Calibration") */
  { .path = "calibration.compute", .type = ROOF_FIELD_NUMBER,
    .label = N_("Calibrated compute efficiency"), .group = N_("Calibration"), .min = 0,
    .min_exclusive = TRUE, .max = 1,
    .help = N_("Fraction of peak compute fitted to measurements; absent when they do not "
               "determine it.") },
  { .path = "calibration.memory", .type = ROOF_FIELD_NUMBER,
    .label = N_("Calibrated memory efficiency"), .group = N_("Calibration"), .min = 0,
    .min_exclusive = TRUE, .max = 1,
    .help = N_("Fraction of peak memory bandwidth fitted to measurements; absent when they "
               "do not determine it.") },
  { .path = "calibration.overhead_us", .type = ROOF_FIELD_NUMBER,
    .label = N_("Calibrated overhead"), .unit = "µs", .group = N_("Calibration"), .min = 0,
    .max = 1e10,
    .help = N_("Fixed time per step fitted to measurements; absent when they do not "
               "determine it.") },
  { .path = "calibration.points", .type = ROOF_FIELD_INTEGER,
    .label = N_("Calibration points"), .group = N_("Calibration"),
    .required_if = "calibration", .min = 1, .max = 1e9,
    .help = N_("Measurements the fit used.") },
  { .path = "calibration.rms", .type = ROOF_FIELD_NUMBER, .label = N_("Calibration RMS"),
    .group = N_("Calibration"), .min = 0, .max = 1e3,
    .help = N_("Root mean square of ln (predicted / measured time).") },
  { .path = "calibration.max_residual", .type = ROOF_FIELD_NUMBER,
    .label = N_("Calibration largest residual"), .group = N_("Calibration"), .min = 0,
    .max = 1e3, .help = N_("Largest |ln (predicted / measured time)|.") },
  { .path = "calibration.model", .type = ROOF_FIELD_STRING, .label = N_("Calibration model"),
    .group = N_("Calibration"), .max = ROOF_SPEC_NAME_MAX,
    .help = N_("The one model the fit used; absent: every model measured.") },
  { .path = "calibration.precision", .type = ROOF_FIELD_STRING,
    .label = N_("Calibration precision"), .group = N_("Calibration"), .max = ROOF_SPEC_NAME_MAX,
    .help = N_("The one compute precision the fit used; absent: every precision measured.") },
  { .path = "calibration.date", .type = ROOF_FIELD_STRING, .label = N_("Calibration date"),
    .group = N_("Calibration"), .max = ROOF_SPEC_NAME_MAX,
    .help = N_("When the fit was made.") },
  { .path = "calibration.sources", .type = ROOF_FIELD_STRINGS,
    .label = N_("Calibration sources"), .group = N_("Calibration"),
    .max = ROOF_SPEC_SOURCE_MAX, .help = N_("Where the measurements come from.") },

  /* Interconnect */
  { .path = "interconnect.name", .type = ROOF_FIELD_STRING, .label = N_("Interconnect"),
    .group = N_("Interconnect"), .max = ROOF_SPEC_NAME_MAX,
    .help = N_("Scale-up fabric, e.g. NVLink 4.") },
  { .path = "interconnect.bandwidth_GBps", .type = ROOF_FIELD_NUMBER,
    .label = N_("Link bandwidth"), .unit = "GB/s", .group = N_("Interconnect"),
    .required_if = "interconnect", .min = 0, .min_exclusive = TRUE, .max = 1e7,
    .help = N_("Per device and per direction, used for tensor-parallel all-reduce.") },
  { .path = "interconnect.latency_us", .type = ROOF_FIELD_NUMBER, .label = N_("Link latency"),
    .unit = "µs", .group = N_("Interconnect"), .min = 0, .max = 1e6,
    .help = N_("Per hop (default 1 µs, a modelling assumption: vendors publish none).") },
  { .path = "pcie_gen", .type = ROOF_FIELD_INTEGER, .label = N_("PCIe generation"),
    .group = N_("Interconnect"), .min = 1, .max = 6,
    .help = N_("Host link. Without an interconnect, tensor parallelism runs over PCIe x16 "
               "(gen3 15.75, gen4 31.5, gen5 63, gen6 121 GB/s per direction, 5 µs).") },

  /* Cost and power */
  { .path = "tdp_W", .type = ROOF_FIELD_NUMBER, .label = N_("Power"), .unit = "W",
    .group = N_("Cost"), .min = 0, .min_exclusive = TRUE, .max = 1e6,
    .help = N_("Thermal design power.") },
  { .path = "price_usd_per_hour", .type = ROOF_FIELD_NUMBER, .label = N_("Price"),
    .unit = "USD/h", .group = N_("Cost"), .min = 0, .max = 1e6,
    .help = N_("Rental price per device-hour; leave out when unknown.") },
  ROW_PRICE_DATE,
  ROW_PRICE_SOURCE,

  /* Sources */
  ROW_CONFIDENCE,
  ROW_SOURCES,
  ROW_NOTES,

  { NULL }
};

static const RoofFieldSpec model_fields[] = {
  /* General */
  ROW_ID,
  { .path = "name", .type = ROOF_FIELD_STRING, .label = N_("Name"), .group = N_("General"),
    .max = ROOF_SPEC_NAME_MAX, .help = N_("Name shown in lists and charts (default: the id).") },
  { .path = "family", .type = ROOF_FIELD_STRING, .label = N_("Family"), .group = N_("General"),
    .max = ROOF_SPEC_NAME_MAX, .help = N_("Model family, e.g. Llama 3.1.") },
  ROW_YEAR,
  { .path = "kind", .type = ROOF_FIELD_ENUM, .label = N_("Kind"), .group = N_("General"),
    .choices = model_kinds,
    .help = N_("A transformer described by its dimensions (default), or a generic model "
               "given as FLOP and bytes per sample.") },

  /* Architecture */
  { .path = "layers", .type = ROOF_FIELD_INTEGER, .label = N_("Layers"),
    .group = N_("Architecture"), .required_if = TRANSFORMER, .min = 1, .max = 1e5,
    .help = N_("Decoder layers L.") },
  { .path = "hidden", .type = ROOF_FIELD_INTEGER, .label = N_("Hidden size"),
    .group = N_("Architecture"), .required_if = TRANSFORMER, .min = 1, .max = 1e7,
    .help = N_("Model width d.") },
  { .path = "heads", .type = ROOF_FIELD_INTEGER, .label = N_("Attention heads"),
    .group = N_("Architecture"), .required_if = TRANSFORMER, .min = 1, .max = 1e6,
    .help = N_("Query heads H.") },
  { .path = "kv_heads", .type = ROOF_FIELD_INTEGER, .label = N_("Key/value heads"),
    .group = N_("Architecture"), .required_if = TRANSFORMER " and attention!=mla", .min = 1,
    .max = 1e6, .help = N_("Key/value heads (= heads for MHA, 1 for MQA).") },
  { .path = "head_dim", .type = ROOF_FIELD_INTEGER, .label = N_("Head dimension"),
    .group = N_("Architecture"), .min = 1, .max = 1e6,
    .help = N_("Per-head width d_h (default hidden / heads).") },
  { .path = "attention", .type = ROOF_FIELD_ENUM, .label = N_("Attention"),
    .group = N_("Architecture"), .choices = attentions,
    .help = N_("mha, gqa, mqa or mla; inferred from kv_heads when absent.") },
  { .path = "ffn", .type = ROOF_FIELD_INTEGER, .label = N_("FFN size"),
    .group = N_("Architecture"),
    .required_if = TRANSFORMER " and !moe or " TRANSFORMER " and moe.dense_layers>0", .min = 1,
    .max = 1e8, .help = N_("Intermediate size d_ff of the dense feed-forward layers.") },
  { .path = "ffn_gated", .type = ROOF_FIELD_BOOLEAN, .label = N_("Gated FFN"),
    .group = N_("Architecture"),
    .help = N_("Three FFN matrices (gate, up, down) as in SwiGLU, or two (default true).") },
  { .path = "vocab", .type = ROOF_FIELD_INTEGER, .label = N_("Vocabulary"),
    .group = N_("Architecture"), .required_if = TRANSFORMER, .min = 1, .max = 1e9,
    .help = N_("Vocabulary size V.") },
  { .path = "tied_embeddings", .type = ROOF_FIELD_BOOLEAN, .label = N_("Tied embeddings"),
    .group = N_("Architecture"),
    .help = N_("The output head reuses the input embedding table (default false).") },
  { .path = "qkv_bias", .type = ROOF_FIELD_BOOLEAN, .label = N_("QKV bias"),
    .group = N_("Architecture"), .help = N_("Biases on the q, k, v projections (default false).") },

  /* Attention */
  { .path = "sliding_window", .type = ROOF_FIELD_INTEGER, .label = N_("Sliding window"),
    .unit = N_("tokens"), .group = N_("Attention"), .min = 1, .max = 1e9,
    .help = N_("Attention window w of the windowed layers.") },
  { .path = "window_layers", .type = ROOF_FIELD_INTEGER, .label = N_("Window layers"),
    .group = N_("Attention"), .min = 0, .max = 1e5,
    .help = N_("Layers that use the window (default all when a window is set).") },
  { .path = "max_context", .type = ROOF_FIELD_INTEGER, .label = N_("Maximum context"),
    .unit = N_("tokens"), .group = N_("Attention"), .min = 1, .max = 1e10,
    .help = N_("Longest context the model supports.") },
  { .path = "mla.kv_lora_rank", .type = ROOF_FIELD_INTEGER, .label = N_("MLA latent rank"),
    .group = N_("Attention"), .required_if = "attention=mla", .min = 1, .max = 1e6,
    .help = N_("Width r of the cached key/value latent.") },
  { .path = "mla.rope_dim", .type = ROOF_FIELD_INTEGER, .label = N_("MLA RoPE dimension"),
    .group = N_("Attention"), .required_if = "attention=mla", .min = 1, .max = 1e6,
    .help = N_("Width d_r of the decoupled RoPE key, cached per token.") },
  { .path = "mla.q_lora_rank", .type = ROOF_FIELD_INTEGER, .label = N_("MLA query rank"),
    .group = N_("Attention"), .min = 0, .max = 1e6,
    .help = N_("Rank of the low-rank query projection (0 or absent: full rank).") },
  { .path = "mla.v_head_dim", .type = ROOF_FIELD_INTEGER, .label = N_("MLA value head dim"),
    .group = N_("Attention"), .min = 0, .max = 1e6,
    .help = N_("Per-head value width (0 or absent: head_dim − rope_dim).") },

  /* Mixture of experts */
  { .path = "moe.experts", .type = ROOF_FIELD_INTEGER, .label = N_("Experts"),
    .group = N_("Mixture of experts"), .required_if = "moe", .min = 1, .max = 1e6,
    .help = N_("Routed experts E per MoE layer.") },
  { .path = "moe.experts_per_token", .type = ROOF_FIELD_INTEGER, .label = N_("Experts per token"),
    .group = N_("Mixture of experts"), .required_if = "moe", .min = 1, .max = 1e6,
    .help = N_("Routed experts k each token goes through.") },
  { .path = "moe.shared_experts", .type = ROOF_FIELD_INTEGER, .label = N_("Shared experts"),
    .group = N_("Mixture of experts"), .required_if = "moe", .min = 0, .max = 1e6,
    .help = N_("Experts every token goes through.") },
  { .path = "moe.expert_ffn", .type = ROOF_FIELD_INTEGER, .label = N_("Expert FFN size"),
    .group = N_("Mixture of experts"), .required_if = "moe", .min = 1, .max = 1e8,
    .help = N_("Intermediate size d_e of one expert.") },
  { .path = "moe.dense_layers", .type = ROOF_FIELD_INTEGER, .label = N_("Dense layers"),
    .group = N_("Mixture of experts"), .required_if = "moe", .min = 0, .max = 1e5,
    .help = N_("First layers that keep a dense FFN of size ffn.") },

  /* Parameters */
  { .path = "params_total", .type = ROOF_FIELD_NUMBER, .label = N_("Total parameters"),
    .group = N_("Parameters"), .min = 0, .min_exclusive = TRUE, .max = 1e15,
    .help = N_("Published total; overrides the derived count for weight bytes.") },
  { .path = "params_active", .type = ROOF_FIELD_NUMBER, .label = N_("Active parameters"),
    .group = N_("Parameters"), .min = 0, .min_exclusive = TRUE, .max = 1e15,
    .help = N_("Published parameters used per token, input embedding included; overrides "
               "the derived count for FLOP.") },

  /* Generic */
  { .path = "flop_per_sample", .type = ROOF_FIELD_NUMBER, .label = N_("FLOP per sample"),
    .unit = "FLOP", .group = N_("Generic model"), .required_if = "kind=generic", .min = 0,
    .min_exclusive = TRUE, .max = 1e18, .help = N_("Work of one inference.") },
  { .path = "bytes_per_sample", .type = ROOF_FIELD_NUMBER, .label = N_("Bytes per sample"),
    .unit = N_("bytes"), .group = N_("Generic model"), .min = 0, .max = 1e18,
    .help = N_("Activation traffic of one inference, weights excluded (default 0).") },
  { .path = "params", .type = ROOF_FIELD_NUMBER, .label = N_("Parameters"),
    .group = N_("Generic model"), .min = 0, .max = 1e15,
    .help = N_("Weights, read once per step (default 0).") },
  { .path = "input", .type = ROOF_FIELD_STRING, .label = N_("Input"),
    .group = N_("Generic model"), .max = ROOF_SPEC_NAME_MAX,
    .help = N_("What one sample is, e.g. a 224×224 image.") },

  /* Sources */
  { .path = "sources", .type = ROOF_FIELD_STRINGS, .label = N_("Sources"),
    .group = N_("Sources"), .max = ROOF_SPEC_SOURCE_MAX,
    .help = N_("Papers, model cards and configs the figures come from.") },
  ROW_NOTES,

  { NULL }
};
static const RoofFieldSpec system_fields[] = {
  /* General */
  ROW_ID,
  ROW_NAME,
  { .path = "vendor", .type = ROOF_FIELD_STRING, .label = N_("Vendor"), .group = N_("General"),
    .max = ROOF_SPEC_NAME_MAX, .help = N_("Company that makes the system.") },
  ROW_YEAR,
  { .path = "device", .type = ROOF_FIELD_STRING, .label = N_("Device"), .group = N_("General"),
    .required = TRUE, .max = ROOF_SPEC_ID_MAX,
    .help = N_("Id of the hardware entry the system is built from.") },
  { .path = "devices", .type = ROOF_FIELD_INTEGER, .label = N_("Devices"),
    .group = N_("General"), .required = TRUE, .min = 1, .max = 1e6,
    .help = N_("Devices in the scale-up domain, N.") },

  /* Scale-up */
  { .path = "scaleup.name", .type = ROOF_FIELD_STRING, .label = N_("Scale-up fabric"),
    .group = N_("Scale-up"), .max = ROOF_SPEC_NAME_MAX,
    .help = N_("E.g. NVLink 5 and NVLink Switch.") },
  { .path = "scaleup.bandwidth_GBps", .type = ROOF_FIELD_NUMBER,
    .label = N_("Scale-up bandwidth"), .unit = "GB/s", .group = N_("Scale-up"),
    .required_if = "scaleup or devices>1", .min = 0, .min_exclusive = TRUE, .max = 1e7,
    .help = N_("Per device and per direction (NVIDIA's \"1.8 TB/s\" is 900 each way).") },
  { .path = "scaleup.latency_us", .type = ROOF_FIELD_NUMBER, .label = N_("Scale-up latency"),
    .unit = "µs", .group = N_("Scale-up"), .min = 0, .max = 1e6,
    .help = N_("Per hop (default 1 µs, a modelling assumption: vendors publish none).") },
  { .path = "scaleup.topology", .type = ROOF_FIELD_ENUM, .label = N_("Topology"),
    .group = N_("Scale-up"), .choices = topologies,
    .help = N_("How the devices are joined: switch (default), full mesh or torus.") },
  { .path = "scaleup.collective", .type = ROOF_FIELD_ENUM, .label = N_("Collective"),
    .group = N_("Scale-up"), .choices = collectives,
    .help = N_("All-reduce algorithm: ring (default), tree, or switch (in-network reduction).") },

  /* Scale-out */
  { .path = "scaleout.name", .type = ROOF_FIELD_STRING, .label = N_("Scale-out network"),
    .group = N_("Scale-out"), .max = ROOF_SPEC_NAME_MAX,
    .help = N_("E.g. ConnectX-7 400G InfiniBand.") },
  { .path = "scaleout.bandwidth_GBps", .type = ROOF_FIELD_NUMBER,
    .label = N_("Scale-out bandwidth"), .unit = "GB/s", .group = N_("Scale-out"),
    .required_if = "scaleout", .min = 0, .min_exclusive = TRUE, .max = 1e7,
    .help = N_("Per device and per direction (a 400 Gb/s NIC is 50).") },
  { .path = "scaleout.latency_us", .type = ROOF_FIELD_NUMBER, .label = N_("Scale-out latency"),
    .unit = "µs", .group = N_("Scale-out"), .min = 0, .max = 1e6,
    .help = N_("Per hop (default 5 µs, a modelling assumption).") },

  /* Cost and power */
  { .path = "power_W", .type = ROOF_FIELD_NUMBER, .label = N_("System power"), .unit = "W",
    .group = N_("Cost"), .min = 0, .min_exclusive = TRUE, .max = 1e8,
    .help = N_("Power of the whole system; absent: the devices' TDP.") },
  { .path = "price_usd_per_hour", .type = ROOF_FIELD_NUMBER, .label = N_("System price"),
    .unit = "USD/h", .group = N_("Cost"), .min = 0, .max = 1e7,
    .help = N_("Rental price per system-hour; absent: the device's price.") },
  ROW_PRICE_DATE,
  ROW_PRICE_SOURCE,

  /* Sources */
  ROW_CONFIDENCE,
  ROW_SOURCES,
  ROW_NOTES,

  { NULL }
};
/* clang-format on */

const RoofFieldSpec *
roof_spec_schema (RoofEntryKind kind, guint *n_fields)
{
  const RoofFieldSpec *table;
  guint n = 0;

  g_return_val_if_fail (kind == ROOF_ENTRY_HARDWARE || kind == ROOF_ENTRY_MODEL
                          || kind == ROOF_ENTRY_SYSTEM,
                        NULL);

  table = kind == ROOF_ENTRY_HARDWARE ? hardware_fields
          : kind == ROOF_ENTRY_MODEL  ? model_fields
                                      : system_fields;
  while (table[n].path != NULL)
    n++;
  if (n_fields != NULL)
    *n_fields = n;
  return table;
}

const RoofFieldSpec *
roof_spec_schema_lookup (RoofEntryKind kind, const char *path)
{
  const RoofFieldSpec *table = roof_spec_schema (kind, NULL);
  g_autofree char *normal = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  /* "caches[2].name" -> "caches[].name" */
  normal = roof_json_path_normalize (path);

  for (guint i = 0; table != NULL && table[i].path != NULL; i++)
    {
      const RoofFieldSpec *row = &table[i];
      gsize len = strlen (row->path);

      if (strcmp (row->path, normal) == 0)
        return row;
      /* a member of the precision map: "compute_TFLOPS.bf16" */
      if (row->type == ROOF_FIELD_PRECISION_MAP && strncmp (row->path, normal, len) == 0
          && normal[len] == '.' && strchr (normal + len + 1, '.') == NULL)
        return row;
    }
  return NULL;
}

gboolean
roof_spec_id_is_valid (const char *id)
{
  gsize len;

  if (id == NULL)
    return FALSE;
  len = strlen (id);
  if (len == 0 || len > ROOF_SPEC_ID_MAX)
    return FALSE;
  if (!(g_ascii_islower (id[0]) || g_ascii_isdigit (id[0])))
    return FALSE;
  for (gsize i = 1; i < len; i++)
    if (!(g_ascii_islower (id[i]) || g_ascii_isdigit (id[i]) || id[i] == '.' || id[i] == '_'
          || id[i] == '-'))
      return FALSE;
  return TRUE;
}
