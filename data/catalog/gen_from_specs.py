#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate the built-in catalog (hardware.json, models.json) from specs.json.

Usage: python3 data/catalog/gen_from_specs.py [--specs PATH] [--out DIR] [--check-only]

specs.json is the sourced reference data set (31 accelerators, 23 models); by
default it is read from ../shared/reference/specs.json beside the repository.
The output is two complete "roofline-catalog" version-2 files, pretty-printed
with a 2-space indent and keys in a fixed order, so a regenerated file diffs
cleanly. Every choice that is not a plain copy of a specs.json field is made
in this file and explained next to the code that makes it.

Python 3 standard library only. The self-check at the end (run on every
invocation) verifies ids, numbers and the parameter counts derived from the
model dimensions against the published totals (2% tolerance).
"""

import argparse
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_SPECS = os.path.join(os.path.dirname(REPO), "shared", "reference", "specs.json")

LINK_LATENCY_US = 1.0
LATENCY_NOTE = ("Interconnect latency_us 1.0 is a modelling assumption: vendors publish "
                "no per-hop latency.")

# --------------------------------------------------------------------------
# Helpers


def as_number(x):
    """Plain JSON number: integral values as int, others as float."""
    if isinstance(x, bool):
        raise TypeError("boolean where a number was expected")
    if isinstance(x, int):
        return x
    if not math.isfinite(x):
        raise ValueError("non-finite number %r" % x)
    if x == int(x) and abs(x) < 2 ** 53:
        return int(x)
    return x


def scaled(x, factor):
    """x * factor as an exact-looking integer (e.g. 70.55 B -> 70550000000)."""
    return int(round(x * factor))


def sig3(x):
    """Round to 3 significant figures, as an integer (x is large)."""
    digits = int(math.floor(math.log10(abs(x))))
    return int(round(x, -(digits - 2)))


def cite(src):
    return "%s: %s" % (src["key"], src["citation"])


def join_notes(*parts):
    out = []
    for p in parts:
        if p is None:
            continue
        if isinstance(p, (list, tuple)):
            out.extend(s for s in p if s)
        elif p:
            out.append(p)
    return " ".join(out)


# --------------------------------------------------------------------------
# Hardware

# kind by vendor / id: Apple SoCs, Google TPUs, fixed-function ASICs.
def hw_kind(h):
    v = h["vendor"]
    if v == "Apple":
        return "soc"
    if v == "Google":
        return "tpu"
    if v.startswith("Intel") or v in ("Groq", "Cerebras"):
        return "asic"
    if v in ("NVIDIA", "AMD"):
        return "gpu"
    raise ValueError("no kind for vendor %r (%s)" % (v, h["id"]))


# Name of the on-chip level described by onchip_cache_MB (specs.md: "NVIDIA/AMD
# L2 or Infinity Cache; TPU VMEM; Gaudi on-die SRAM; Groq/Cerebras on-chip SRAM").
def cache_name(h):
    hid, v = h["id"], h["vendor"]
    if v == "NVIDIA":
        return "L2"
    if hid == "amd-mi250x":
        return "L2"
    if hid in ("amd-mi300x", "amd-mi325x", "amd-mi355x"):
        return "Infinity Cache"
    if v == "Google":
        return "VMEM"
    if v.startswith("Intel") or v in ("Groq", "Cerebras"):
        return "SRAM"
    raise ValueError("no cache name for %s" % hid)


# Memory capacity in bytes the device really has (issue 12). A vendor's "80 GB"
# of HBM or GDDR is 80 GiB: an A100 80GB exposes 81,920 MiB (85.9e9 B), so
# mem_GB x 1e9 understates every fit by ~7 %. Each entry is written as
# memory.capacity_GiB with the figure's source added to "sources":
#   - where nvidia-smi's total (MiB) is published, that total / 1024 (exact in
#     binary, so the bytes are exactly MiB x 2^20);
#   - else the marketed figure read as GiB, and the source says so.
# Devices missing here keep capacity_GB (on-chip SRAM quoted in decimal MB/GB).
NVSMI = "nvidia-smi reports %s MiB"
MARKETED = ("capacity: the marketed %s GB read as %s GiB (memory is sold in binary sizes; "
            "no nvidia-smi or driver total found)")
CAPACITY_GiB = {
    "nvidia-v100-sxm2-32gb": (32, MARKETED % (32, 32)),
    "nvidia-a100-sxm-40gb": (40960 / 1024, "capacity: " + NVSMI % "40,960"
                             + " (modal-labs/modal-client PR #2797, nvidia-smi totals of "
                             "Modal's GPUs)"),
    "nvidia-a100-sxm-80gb": (81920 / 1024, "capacity: " + NVSMI % "81,920"
                             + " (reference specs.md conventions; modal-labs/modal-client "
                             "PR #2797)"),
    "nvidia-a100-pcie-80gb": (80, MARKETED % (80, 80)
                              + "; the SXM4 80 GB part's nvidia-smi total is 81,920 MiB = 80 GiB"),
    "nvidia-h100-sxm": (81559 / 1024, "capacity: " + NVSMI % "81,559"
                        + " (reference specs.md conventions; NVIDIA/nccl issue #1264, "
                        "nvidia-smi of an HGX H100; modal-labs/modal-client PR #2797)"),
    "nvidia-h100-pcie": (80, MARKETED % (80, 80)
                         + "; the H100 SXM's HBM3 reports 81,559 MiB, so this may be ~0.4 % high"),
    "nvidia-h100-nvl": (99961274368 / 2**30, "capacity: the driver reports 99,961,274,368 B "
                        "(95,330.5 MiB) "
                        "per H100 NVL (fastfetch-cli/fastfetch issue #1658)"),
    "nvidia-h200-sxm": (143771 / 1024, "capacity: " + NVSMI % "143,771"
                        + " (reference specs.md conventions)"),
    "nvidia-b200": (183359 / 1024, "capacity: " + NVSMI % "183,359"
                    + " per B200 (NVIDIA/TensorRT-LLM issue #10278, nvidia-smi of an 8x B200 "
                    "node); HGX B200 '1.44 TB' / 8 = 180 and Vultr's '179 GB' are this figure "
                    "in GiB"),
    "nvidia-gb200-per-gpu": (186, "capacity: NVL72 rack total 13.4 TB HBM3e / 72 = 186, read as "
                             "186 GiB (72 x 186 GiB = 13.4 TiB); no nvidia-smi total found"),
    "nvidia-b300": (270, "capacity: NVIDIA's usable 270 GB per B300 (288 GB physical; verda.com "
                    "gb300-nvl72-architecture) read as 270 GiB, as the B200's usable '180 GB' is "
                    "nvidia-smi's 179.06 GiB; no nvidia-smi total found"),
    "nvidia-l4": (23034 / 1024, "capacity: " + NVSMI % "23,034"
                  + " (modal-labs/modal-client PR #2797)"),
    "nvidia-l40s": (46068 / 1024, "capacity: " + NVSMI % "46,068"
                    + " (modal-labs/modal-client PR #2797)"),
    "nvidia-a10g": (24, MARKETED % (24, 24)),
    "nvidia-rtx-4090": (24, MARKETED % (24, 24)),
    "nvidia-rtx-5090": (32, MARKETED % (32, 32)),
    "amd-mi250x": (128, MARKETED % (128, 128) + " (2 x 64 GiB, one per GCD)"),
    "amd-mi300x": (192, "capacity: MI300X's 192 GB is 192 GiB (reference specs.md conventions)"),
    "amd-mi325x": (256, MARKETED % (256, 256)),
    "amd-mi355x": (288, MARKETED % (288, 288)),
    "google-tpu-v4": (32, "capacity: 32 GiB HBM2 per chip (Google Cloud TPU v4 docs; reference "
                      "specs.md: 32 GiB = 34.4 GB)"),
    "google-tpu-v5e": (16, MARKETED % (16, 16)),
    "google-tpu-v5p": (95, "capacity: 95 GiB per chip (Google Cloud TPU v5p docs list 95 GB, "
                       "GiB in the newest table; reference specs.md)"),
    "google-tpu-v6e": (32, MARKETED % (32, 32)),
    "intel-gaudi2": (96, MARKETED % (96, 96)),
    "intel-gaudi3": (128, MARKETED % (128, 128)),
    "apple-m2-ultra": (192, MARKETED % (192, 192) + " (unified memory shared with the CPU)"),
    "apple-m3-max": (128, MARKETED % (128, 128) + " (unified memory shared with the CPU)"),
    "apple-m4-max": (128, MARKETED % (128, 128) + " (unified memory shared with the CPU)"),
}
CAPACITY_DECIMAL = {
    # on-chip SRAM, quoted in decimal units; no binary total published
    "groq-lpu-v1", "cerebras-wse-3",
}


# specs.json field -> catalog precision name, in catalog order.
COMPUTE_FIELDS = [
    ("fp32", "fp32_tflops"),
    ("tf32", "tf32_dense_tflops"),
    ("bf16", "bf16_dense_tflops"),
    ("fp16", "fp16_dense_tflops"),
    ("fp8", "fp8_dense_tflops"),
    ("int8", "int8_dense_tops"),
    ("fp4", "fp4_dense_tflops"),
]


def convert_hardware(h):
    e = {}
    added = []
    e["id"] = h["id"]
    e["name"] = h["name"]
    e["vendor"] = h["vendor"]
    e["year"] = h["year"]
    e["kind"] = hw_kind(h)
    e["arch"] = h["arch"]
    if h.get("form_factor"):
        e["form_factor"] = h["form_factor"]
    capacity_source = None
    if h["id"] in CAPACITY_GiB:
        gib, capacity_source = CAPACITY_GiB[h["id"]]
        capacity = {"capacity_GiB": as_number(gib)}
    else:
        assert h["id"] in CAPACITY_DECIMAL, h["id"]
        capacity = {"capacity_GB": as_number(h["mem_GB"])}
    e["memory"] = dict(capacity, **{
        "bandwidth_GBps": as_number(h["mem_bw_GBps"]),
        "type": h["memory_type"],
    })
    if h.get("onchip_cache_MB") is not None:
        c = {"name": cache_name(h), "capacity_MB": as_number(h["onchip_cache_MB"])}
        if h.get("onchip_cache_bw_GBps") is not None:
            c["bandwidth_GBps"] = as_number(h["onchip_cache_bw_GBps"])
        e["caches"] = [c]

    # Dense values exactly as in specs.json (sparse-only figures were already
    # halved there). No fp64: specs.json does not carry it.
    compute = {}
    for prec, field in COMPUTE_FIELDS:
        if h.get(field) is not None:
            compute[prec] = as_number(h[field])
    e["compute_TFLOPS"] = compute
    if not compute:
        added.append("compute_TFLOPS is empty: no dense peak at a named precision is "
                     "published, so this entry has no compute ceiling.")

    # Scale-up fabric: only when it exists and has a published bandwidth.
    fabric = h.get("scaleup_interconnect")
    has_fabric = bool(fabric) and not fabric.lower().startswith("none")
    uni, bi = h.get("scaleup_bw_GBps_unidir"), h.get("scaleup_bw_GBps_bidir")
    if has_fabric and (uni is not None or bi is not None):
        if uni is not None:
            bw = uni
        else:
            bw = bi / 2
            added.append("Interconnect bandwidth_GBps %s is the published bidirectional "
                         "%s GB/s halved (no per-direction figure published)."
                         % (as_number(bw), as_number(bi)))
        e["interconnect"] = {
            "name": fabric,
            "bandwidth_GBps": as_number(bw),
            "latency_us": LINK_LATENCY_US,
        }
        added.append(LATENCY_NOTE)
    elif has_fabric:
        added.append("No interconnect entry: the vendor publishes no per-device bandwidth "
                     "for its fabric (%s), so tensor parallel is not modelled." % fabric)

    if h.get("pcie_gen") is not None:
        e["pcie_gen"] = int(h["pcie_gen"])
    if h.get("tdp_W") is not None:
        e["tdp_W"] = as_number(h["tdp_W"])
    if h.get("price_usd_per_hour") is not None:
        e["price_usd_per_hour"] = as_number(h["price_usd_per_hour"])
        if h.get("price_date"):
            e["price_date"] = str(h["price_date"])
        if h.get("price_source"):
            e["price_source"] = h["price_source"]["citation"]
    e["efficiency"] = {"compute": 1.0, "memory": 1.0}
    e["confidence"] = h["confidence"]
    e["sources"] = [cite(s) for s in h["sources"]]
    if capacity_source:
        e["sources"].append(capacity_source)
    e["notes"] = join_notes(h.get("notes"), added)
    return e


# Devices the built-in systems need that specs.json lacks, appended after its
# entries (systems.json names them). Every figure cites its source.
def extra_hardware(specs):
    by_id = {h["id"]: h for h in specs["hardware"]}
    ultra = [src for src in by_id["nvidia-b300"]["sources"] if src["key"] == "nv_blackwell_ultra"]
    assert len(ultra) == 1
    return [{
        "id": "nvidia-gb300-per-gpu",
        "name": "NVIDIA GB300 (per Blackwell Ultra GPU, NVL72, 1,400 W)",
        "vendor": "NVIDIA",
        "year": 2025,
        "kind": "gpu",
        "arch": "Blackwell Ultra",
        "form_factor": "GB300 superchip (1 Grace + 2 Blackwell Ultra), NVL72 rack",
        "memory": {
            "capacity_GiB": 279,
            "bandwidth_GBps": 8000,
            "type": "HBM3e (12-high)",
        },
        # Dense per-GPU GB300 figures of reference specs.md (nvidia-b300 notes):
        # "GB300 (per GPU): BF16 2.5 PF, FP8 5 PF, FP4 15 PF dense, 1.4 kW";
        # INT8 ~0.165 POPS dense. TF32 and FP32 are not given for GB300: left out.
        "compute_TFLOPS": {"bf16": 2500, "fp16": 2500, "fp8": 5000, "int8": 165, "fp4": 15000},
        "interconnect": {
            "name": "NVLink 5, 72-GPU NVLink domain (130 TB/s per rack)",
            "bandwidth_GBps": 900,
            "latency_us": LINK_LATENCY_US,
        },
        "pcie_gen": 6,
        "tdp_W": 1400,
        "efficiency": {"compute": 1.0, "memory": 1.0},
        "confidence": "low",
        "sources": [
            cite(ultra[0]),
            "reference specs.md, nvidia-b300 notes: GB300 (per GPU) BF16 2.5 PF, FP8 5 PF, "
            "FP4 15 PF dense, 1.4 kW; INT8 ~0.165 POPS dense; memory 288 GB physical, 279 GB "
            "usable (verda)",
            "capacity: NVIDIA's usable 279 GB per GB300 GPU (verda.com "
            "gb300-nvl72-architecture) read as 279 GiB, as the B200's usable '180 GB' is "
            "nvidia-smi's 179.06 GiB; no nvidia-smi total found",
        ],
        "notes": join_notes(
            "Added for the built-in nvidia-gb300-nvl72 system (issue 12); not in specs.json.",
            "Dense FP4 is quoted as 15 PF for GB300 against 13.5-14 PF for HGX B300; INT8 and "
            "FP64 were cut on Blackwell Ultra.",
            "Interconnect bandwidth_GBps 900 is NVLink 5's 1.8 TB/s bidirectional per GPU "
            "halved (18 links x 50 GB/s per direction).",
            LATENCY_NOTE),
    }]


# --------------------------------------------------------------------------
# Transformer models

# Models whose every layer is MoE: no dense FFN, so "ffn" is omitted.
# The value is the note added about the config's intermediate_size ("" where
# the specs.json notes already say what it is).
ALL_MOE = {
    "mixtral-8x7b": "",
    "mixtral-8x22b": "Config intermediate_size 16384 is the per-expert width (moe.expert_ffn).",
    "qwen3-30b-a3b": "",
    "qwen3-235b-a22b": "",
    "gpt-oss-20b": "Config intermediate_size 2880 is the per-expert width (moe.expert_ffn).",
    "gpt-oss-120b": "Config intermediate_size 2880 is the per-expert width (moe.expert_ffn).",
}

NOT_GATED = {"gpt-3-175b"}  # GELU MLP, two matrices
QKV_BIAS = {"qwen2.5-7b", "qwen2.5-72b", "gpt-oss-20b", "gpt-oss-120b"}

# Sliding window: (window, layers that use it or None = all layers).
WINDOWS = {
    "mistral-7b-v0.1": (4096, None),
    "gemma-2-9b": (4096, 21),
    "gemma-2-27b": (4096, 23),
    "gpt-oss-20b": (128, 12),
    "gpt-oss-120b": (128, 18),
    "phi-3-mini-4k": (2047, None),
}

# Published active counts that include the input embedding (the app's derived
# active count includes it too, so these can override it).
PARAMS_ACTIVE = {
    "mixtral-8x7b": 12.9e9,
    "mixtral-8x22b": 39e9,
    "deepseek-v3": 37e9,
    "qwen3-30b-a3b": 3.3e9,
    "qwen3-235b-a22b": 22e9,
}

EXTRA_MODEL_NOTES = {
    "gpt-3-175b": ["No sliding_window field: the paper's alternating locally banded "
                   "sparse attention layers have no published band width, so all layers "
                   "are modelled as dense attention."],
    "phi-3-mini-4k": ["sliding_window 2047 (all layers) is taken from config.json."],
    "gpt-oss-20b": ["params_active is not set: OpenAI's published 3.6B active excludes the "
                    "input embedding, whereas the catalog's active count includes it, so "
                    "the app derives it from the dimensions."],
    "gpt-oss-120b": ["params_active is not set: OpenAI's published 5.1B active excludes the "
                     "input embedding, whereas the catalog's active count includes it, so "
                     "the app derives it from the dimensions."],
}


def attention_kind(m):
    t = m["attention_type"].upper()
    if t.startswith("MLA"):
        kind = "mla"
    elif t.startswith("GQA"):
        kind = "gqa"
    elif t.startswith("MQA"):
        kind = "mqa"
    elif t.startswith("MHA"):
        kind = "mha"
    else:
        raise ValueError("unknown attention %r (%s)" % (m["attention_type"], m["id"]))
    # Cross-check with the head counts.
    H, Hkv = m["num_attention_heads"], m["num_key_value_heads"]
    if kind == "mha":
        assert Hkv == H, m["id"]
    elif kind == "gqa":
        assert 1 < Hkv < H, m["id"]
    elif kind == "mqa":
        assert Hkv == 1, m["id"]
    return kind


def convert_transformer(m):
    mid = m["id"]
    e = {}
    added = []
    e["id"] = mid
    e["name"] = m["name"]
    e["family"] = m["family"]
    e["year"] = m["year"]
    e["kind"] = "transformer"
    e["layers"] = m["num_layers"]
    e["hidden"] = m["hidden_size"]
    e["heads"] = m["num_attention_heads"]
    e["kv_heads"] = m["num_key_value_heads"]
    e["head_dim"] = m["head_dim"]
    if mid in ALL_MOE:
        added.append(join_notes("ffn omitted: every layer is MoE.", ALL_MOE[mid]))
    else:
        e["ffn"] = m["intermediate_size"]
    e["ffn_gated"] = mid not in NOT_GATED
    e["vocab"] = m["vocab_size"]
    e["tied_embeddings"] = bool(m["tied_embeddings"])
    e["qkv_bias"] = mid in QKV_BIAS
    e["attention"] = attention_kind(m)
    if mid in WINDOWS:
        w, wl = WINDOWS[mid]
        assert w == m["sliding_window_tokens"], mid
        e["sliding_window"] = w
        if wl is not None:
            e["window_layers"] = wl
    else:
        assert m["sliding_window_tokens"] is None, mid
    if e["attention"] == "mla":
        mla = m["mla"]
        e["mla"] = {
            "kv_lora_rank": mla["kv_lora_rank"],
            "rope_dim": mla["qk_rope_head_dim"],
            "q_lora_rank": mla["q_lora_rank"],
            "v_head_dim": mla["v_head_dim"],
        }
        assert m["head_dim"] == mla["qk_nope_head_dim"] + mla["qk_rope_head_dim"], mid
    if m.get("num_experts"):
        e["moe"] = {
            "experts": m["num_experts"],
            "experts_per_token": m["experts_per_token"],
            "shared_experts": m["shared_experts"] or 0,
            "expert_ffn": m["moe_intermediate_size"],
            "dense_layers": m.get("dense_layers") or 0,
        }
    e["max_context"] = m["max_context_tokens"]
    e["params_total"] = scaled(m["total_params_B"], 1e9)
    if mid in PARAMS_ACTIVE:
        assert abs(PARAMS_ACTIVE[mid] - m["active_params_B"] * 1e9) < 1e6, mid
        e["params_active"] = scaled(m["active_params_B"], 1e9)
    e["sources"] = [cite(s) for s in m["sources"]]
    kv_note = m.get("kv_cache_note")
    e["notes"] = join_notes(m.get("notes"), kv_note and "KV cache: " + kv_note,
                            EXTRA_MODEL_NOTES.get(mid), added)
    return e


# --------------------------------------------------------------------------
# Generic models: activation bytes per sample
#
# bytes_per_sample is the activation traffic of one forward pass of one
# sample at 2 bytes per element (fp16/bf16), weights excluded: every kernel
# reads its input tensors from memory and writes its output tensor, with the
# usual inference fusions (no extra round trip for BN/ReLU/GELU or bias).
#
# ResNet-50 (torchvision v1.5, 224x224x3 input):
#   - each conv (BN + ReLU fused) reads its input and writes its output
#     feature map: 53 convs = stem 7x7, 16 bottlenecks x (1x1, 3x3, 1x1),
#     4 projection shortcuts (1x1); stride 2 on the 3x3 (v1.5);
#   - the residual add (+ ReLU) is fused into each block's last 1x1 conv, which
#     additionally reads the shortcut tensor (out_c x H x W);
#   - 3x3/2 max pool reads 64x112x112, writes 64x56x56;
#   - global average pool reads 2048x7x7, writes 2048; fc reads 2048, writes 1000.
#   Sum = 28,404,712 elements (see resnet50_elements) x 2 B = 56.8 MB -> 5.68e7.
#
# BERT (sequence s = 128, hidden d, FFN f, heads h, L layers), per layer:
#   - q, k, v, o projections: input + output each        4 x 2sd  =  8sd
#   - attention core: reads Q, K, V (3sd), writes the context (sd), and the
#     score/probability matrix h x s x s is written once and read once
#     (softmax fused into the score kernel)              4sd + 2hs^2
#   - FFN: up reads sd, writes sf (GELU fused); down reads sf, writes sd
#                                                         2sd + 2sf
#   - 2 x (residual add + LayerNorm): read 2sd, write sd   6sd
#   per layer = 20sd + 2sf + 2hs^2; plus the embedding output (token + position
#   + segment, LayerNorm fused) sd. Pooler/classifier (d elements) neglected.
#   BERT-base  (d 768,  f 3072, h 12, L 12): 37,847,040 elements -> 75.7 MB -> 7.57e7
#   BERT-large (d 1024, f 4096, h 16, L 24): 100,794,368 elements -> 202 MB -> 2.02e8
#
# ViT-B/16 (197 tokens = 196 patches + CLS, d 768, f 3072, h 12, L 12): the same
#   per-layer count as BERT at s = 197, plus the patch embedding (16x16/16 conv
#   reads the 3x224x224 image and writes 196 x 768), the token sequence with
#   CLS and position embedding written once (197 x 768), final LayerNorm and
#   head on the CLS token neglected (< 2k elements).
#   12 x 5,167,704 + 150,528 + 150,528 + 151,296 = 62,464,800 elements
#   x 2 B = 124.9 MB -> 1.25e8


def resnet50_elements():
    total = 0
    total += 3 * 224 * 224 + 64 * 112 * 112           # stem conv 7x7/2
    total += 64 * 112 * 112 + 64 * 56 * 56             # max pool 3x3/2
    in_c, hw = 64, 56
    for width, blocks, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
        out_c = 4 * width
        for b in range(blocks):
            s = stride if b == 0 else 1
            hw_out = hw // s
            total += in_c * hw * hw + width * hw * hw              # 1x1 reduce
            total += width * hw * hw + width * hw_out * hw_out     # 3x3 (stride)
            total += width * hw_out * hw_out + out_c * hw_out * hw_out  # 1x1 expand
            total += out_c * hw_out * hw_out                       # shortcut read (fused add)
            if b == 0:
                total += in_c * hw * hw + out_c * hw_out * hw_out  # projection shortcut
            in_c, hw = out_c, hw_out
    total += 2048 * 7 * 7 + 2048                       # global average pool
    total += 2048 + 1000                               # fc
    return total


def encoder_layer_elements(s, d, f, h):
    return 20 * s * d + 2 * s * f + 2 * h * s * s


def bert_elements(s, d, f, h, L):
    return L * encoder_layer_elements(s, d, f, h) + s * d


def vit_elements(s, d, f, h, L):
    patch = 3 * 224 * 224 + 196 * d
    return patch + s * d + L * encoder_layer_elements(s, d, f, h)


ACT_BYTES = 2  # bytes per activation element

GENERIC = {
    "resnet-50": (resnet50_elements,
                  "bytes_per_sample DERIVED (activations only, 2 B/element, weights "
                  "excluded): each conv (BN+ReLU fused) reads its input and writes its "
                  "output feature map (53 convs incl. 4 projection shortcuts, stride on "
                  "the 3x3), each block's residual add is fused into its last 1x1 conv "
                  "(+1 read of the shortcut), plus max pool, global average pool and fc "
                  "in/out: 28.40 M elements x 2 B = 56.8 MB -> 5.68e7."),
    "bert-base": (lambda: bert_elements(128, 768, 3072, 12, 12),
                  "bytes_per_sample DERIVED at s = 128 (activations only, 2 B/element): "
                  "per layer q,k,v,o in+out 8sd, attention reads Q,K,V and writes the "
                  "context 4sd, score matrix h*s^2 written and read once 2hs^2, FFN "
                  "in/out 2sd + 2sf, two residual+LayerNorm 6sd; total "
                  "12 x (20sd + 2sf + 2hs^2) + sd (embeddings) = 37.85 M elements "
                  "= 75.7 MB -> 7.57e7. flop_per_sample is also at s = 128."),
    "bert-large": (lambda: bert_elements(128, 1024, 4096, 16, 24),
                   "bytes_per_sample DERIVED at s = 128 (activations only, 2 B/element), "
                   "same accounting as BERT-base: 24 x (20sd + 2sf + 2hs^2) + sd = "
                   "100.8 M elements = 202 MB -> 2.02e8. flop_per_sample is also at "
                   "s = 128."),
    "vit-b-16": (lambda: vit_elements(197, 768, 3072, 12, 12),
                 "bytes_per_sample DERIVED at 197 tokens (activations only, 2 B/element): "
                 "per layer as BERT, 20sd + 2sf + 2hs^2 (q,k,v,o in+out, attention "
                 "Q,K,V/context, score matrix written and read once, FFN in/out, two "
                 "residual+LayerNorm), x 12, plus patch embedding in/out (3x224x224 image, "
                 "196x768) and the CLS+position sequence 197x768 = 62.46 M elements "
                 "= 124.9 MB -> 1.25e8."),
}


def convert_generic(m):
    mid = m["id"]
    fn, note = GENERIC[mid]
    e = {}
    e["id"] = mid
    e["name"] = m["name"]
    e["family"] = m["family"]
    e["year"] = m["year"]
    e["kind"] = "generic"
    e["input"] = m["input"]
    e["flop_per_sample"] = scaled(m["gflops_per_sample"], 1e9)
    e["params"] = scaled(m["total_params_M"], 1e6)
    e["bytes_per_sample"] = sig3(fn() * ACT_BYTES)
    if m.get("max_context_tokens") is not None:
        e["max_context"] = m["max_context_tokens"]
    e["sources"] = [cite(s) for s in m["sources"]]
    e["notes"] = join_notes(m.get("notes"), note)
    return e


# --------------------------------------------------------------------------
# Parameter derivation (docs/model.md), for the self-check


def derive_params(e):
    L, d, H, Hkv, dh = e["layers"], e["hidden"], e["heads"], e["kv_heads"], e["head_dim"]
    V = e["vocab"]
    if e["attention"] == "mla":
        mla = e["mla"]
        ql, r, dr, vh = mla["q_lora_rank"], mla["kv_lora_rank"], mla["rope_dim"], mla["v_head_dim"]
        attn = (d * ql + ql + ql * H * dh
                + d * (r + dr) + r + r * H * (dh - dr + vh)
                + H * vh * d)
    else:
        attn = d * H * dh + 2 * d * Hkv * dh + H * dh * d
        if e["qkv_bias"]:
            attn += (H + 2 * Hkv) * dh
    norms = 2 * d
    moe = e.get("moe")
    if moe:
        n_dense = moe["dense_layers"]
        n_moe = L - n_dense
        de, E, k, Es = moe["expert_ffn"], moe["experts"], moe["experts_per_token"], moe["shared_experts"]
        moe_total = E * 3 * d * de + Es * 3 * d * de + d * E
        moe_active = k * 3 * d * de + Es * 3 * d * de + d * E
    else:
        n_dense, n_moe, moe_total, moe_active = L, 0, 0, 0
    dense_ffn = (3 if e["ffn_gated"] else 2) * d * e["ffn"] if n_dense else 0
    emb = V * d
    head = 0 if e["tied_embeddings"] else V * d
    common = L * (attn + norms) + n_dense * dense_ffn + emb + head + d
    total = common + n_moe * moe_total
    active = common + n_moe * moe_active
    return total, active, emb


# --------------------------------------------------------------------------
# Self-check


def walk_numbers(obj, path, out):
    if isinstance(obj, bool) or isinstance(obj, str):
        return
    if isinstance(obj, (int, float)):
        out.append((path, obj))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            walk_numbers(v, path + "." + k, out)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            walk_numbers(v, "%s[%d]" % (path, i), out)
    elif obj is None:
        raise ValueError("null at %s" % path)


ZERO_ALLOWED = (".moe.shared_experts", ".moe.dense_layers")


def self_check(specs, hw_cat, model_cat):
    ok = True

    def fail(msg):
        nonlocal ok
        ok = False
        print("FAIL:", msg)

    for kind, cat, ref in (("hardware", hw_cat, specs["hardware"]),
                           ("models", model_cat, specs["models"])):
        ids = [x["id"] for x in cat[kind]]
        ref_ids = [x["id"] for x in ref]
        if kind == "hardware":
            ref_ids += [x["id"] for x in extra_hardware(specs)]
        if ids != ref_ids:
            fail("%s ids/order differ from specs.json" % kind)
        if len(set(ids)) != len(ids):
            fail("%s ids not unique" % kind)
        nums = []
        walk_numbers(cat, kind, nums)
        for path, v in nums:
            if not math.isfinite(v):
                fail("%s is not finite" % path)
            elif v < 0 or (v == 0 and not path.endswith(ZERO_ALLOWED)):
                fail("%s = %r is not > 0" % (path, v))
        print("%s: %d entries, %d numbers checked (finite; > 0 except moe.shared_experts "
              "and moe.dense_layers, which may be 0)" % (kind, len(ids), len(nums)))
        json.dumps(cat, allow_nan=False)

    for h in hw_cat["hardware"]:
        if "interconnect" in h and LATENCY_NOTE not in h["notes"]:
            fail("%s: interconnect without the latency note" % h["id"])

    print()
    print("Derived parameters (docs/model.md formula; active includes the input embedding)")
    hdr = "%-16s %11s %11s %7s  %11s %11s %7s  %s" % (
        "model", "derived", "published", "diff", "act.derived", "act.publ.", "diff", "")
    print(hdr)
    print("-" * len(hdr))
    spec_by_id = {m["id"]: m for m in specs["models"]}
    for e in model_cat["models"]:
        if e["kind"] != "transformer":
            continue
        total, active, emb = derive_params(e)
        pt = e["params_total"]
        if "params_active" in e:
            pa, pa_label = e["params_active"], ""
        elif "moe" in e:
            # gpt-oss: published active excludes the input embedding, so compare
            # the derived count without it to the published figure.
            pa = spec_by_id[e["id"]]["active_params_B"] * 1e9
            active_cmp = active - emb
            pa_label = "(excl. input embedding: derived %.2fB, incl. %.2fB)" % (
                active_cmp / 1e9, active / 1e9)
        else:
            pa, pa_label = pt, "(dense: active = total)"
        a_derived = active - emb if "moe" in e and "params_active" not in e else active
        dt = (total - pt) / pt * 100
        da = (a_derived - pa) / pa * 100
        print("%-16s %10.3fB %10.3fB %+6.2f%%  %10.3fB %10.3fB %+6.2f%%  %s" % (
            e["id"], total / 1e9, pt / 1e9, dt, a_derived / 1e9, pa / 1e9, da, pa_label))
        if abs(dt) > 2:
            fail("%s: derived total off by %.2f%%" % (e["id"], dt))
        if abs(da) > 2:
            fail("%s: derived active off by %.2f%%" % (e["id"], da))

    print()
    print("Generic models")
    for e in model_cat["models"]:
        if e["kind"] == "generic":
            fn = GENERIC[e["id"]][0]
            print("%-12s flop %.4g  params %.4g  activation elements %d -> bytes %.3g" % (
                e["id"], e["flop_per_sample"], e["params"], fn(), e["bytes_per_sample"]))
            # The derivation text in the notes must state the value written.
            m, x = ("%.2e" % e["bytes_per_sample"]).split("e")
            if "-> %se%d." % (m, int(x)) not in e["notes"]:
                fail("%s: notes do not state bytes_per_sample %se%d" % (e["id"], m, int(x)))
    print()
    print("self-check:", "OK" if ok else "FAILED")
    return ok


# --------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--specs", default=DEFAULT_SPECS)
    ap.add_argument("--out", default=HERE)
    ap.add_argument("--check-only", action="store_true",
                    help="generate and check, but do not write the files")
    args = ap.parse_args()

    with open(args.specs, encoding="utf-8") as f:
        specs = json.load(f)

    hw_cat = {"format": "roofline-catalog", "version": 2,
              "hardware": [convert_hardware(h) for h in specs["hardware"]]
              + extra_hardware(specs)}
    models = []
    for m in specs["models"]:
        if m["id"] in GENERIC:
            models.append(convert_generic(m))
        else:
            models.append(convert_transformer(m))
    model_cat = {"format": "roofline-catalog", "version": 2, "models": models}

    ok = self_check(specs, hw_cat, model_cat)
    if not ok:
        return 1
    if not args.check_only:
        for name, cat in (("hardware.json", hw_cat), ("models.json", model_cat)):
            path = os.path.join(args.out, name)
            with open(path, "w", encoding="utf-8") as f:
                f.write(json.dumps(cat, indent=2, ensure_ascii=False, allow_nan=False))
                f.write("\n")
            print("wrote", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
