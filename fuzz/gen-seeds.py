#!/usr/bin/env python3
"""Writes the seed corpora of fuzz-catalog, fuzz-scenario and fuzz-cli-args
into fuzz/corpus/ (fuzz-solver's come from gen-solver-seeds, a C program
that reads the built-in catalog through the solver's own structs).

- fuzz-catalog: every built-in entry of data/catalog/*.json as a catalog file
  of its own (the whole files are 30 to 60 kB: each execution would take
  milliseconds), fuzz/data/*.json, and small hand-written catalogs, valid and
  one of each kind of invalid;
- fuzz-scenario: the scenario of docs/file-format.md, fuzz/data's, and one of
  each kind of invalid;
- fuzz-cli-args: argv lines (NUL-separated) of docs/cli.md, the README and
  tests/cli, one per subcommand and flag.

Deterministic: rerun after changing the catalog or the formats and commit
the result. Usage: fuzz/gen-seeds.py (from anywhere)."""
import json
import os
import shutil

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(TOP, "fuzz", "corpus")


def write(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def reset(target):
    shutil.rmtree(os.path.join(CORPUS, target), ignore_errors=True)
    os.makedirs(os.path.join(CORPUS, target))


def catalog(hardware=None, models=None, systems=None, version=1):
    doc = {"format": "roofline-catalog", "version": version}
    if hardware is not None:
        doc["hardware"] = hardware
    if models is not None:
        doc["models"] = models
    if systems is not None:
        doc["systems"] = systems
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


HW = {"id": "x", "name": "X", "memory": {"capacity_GB": 80, "bandwidth_GBps": 3350},
      "compute_TFLOPS": {"bf16": 989.4}}
SYSTEM = {"id": "s", "name": "S", "device": "x", "devices": 8,
          "scaleup": {"bandwidth_GBps": 450}}
MODEL = {"id": "m", "layers": 2, "hidden": 64, "heads": 4, "kv_heads": 2, "ffn": 128,
         "vocab": 1000}


def with_(base, **changes):
    e = json.loads(json.dumps(base))
    for k, v in changes.items():
        if v is None:
            e.pop(k, None)
        else:
            e[k] = v
    return e


def catalog_seeds():
    reset("fuzz-catalog")
    for name in ("hardware.json", "models.json"):
        doc = json.load(open(os.path.join(TOP, "data", "catalog", name), encoding="utf-8"))
        for key in ("hardware", "models"):
            for entry in doc.get(key, []):
                text = catalog(**{key: [entry]})
                write("fuzz-catalog", f"builtin-{key}-{entry['id']}.json", text)
    # a built-in system with the device it is built from (version 2)
    devices = {h["id"]: h for h in json.load(open(os.path.join(
        TOP, "data", "catalog", "hardware.json"), encoding="utf-8"))["hardware"]}
    systems = json.load(open(os.path.join(TOP, "data", "catalog", "systems.json"),
                             encoding="utf-8"))["systems"]
    for entry in systems:
        text = catalog(hardware=[devices[entry["device"]]], systems=[entry], version=2)
        write("fuzz-catalog", f"builtin-systems-{entry['id']}.json", text)
    for name in ("custom.json", "bad.json"):
        shutil.copy(os.path.join(TOP, "fuzz", "data", name),
                    os.path.join(CORPUS, "fuzz-catalog", "data-" + name))

    hand = {
        "empty-object": "{}",
        "empty-catalog": catalog(),
        "comment": '/* a comment */ {"format": "roofline-catalog", "version": 1}',
        "syntax-trailing-comma": '{"format": "roofline-catalog", "version": 1,}',
        "syntax-truncated": catalog([HW])[:40],
        "not-object": "[1, 2, 3]",
        "format-missing": json.dumps({"version": 1, "hardware": []}),
        "format-wrong": json.dumps({"format": "roofline-scenario", "version": 1}),
        "version-newer": json.dumps({"format": "roofline-catalog", "version": 3}),
        "version-fraction": json.dumps({"format": "roofline-catalog", "version": 1.5}),
        "long-integer": '{"format": "roofline-catalog", "version": 99999999999999999999}',
        "deep": "[" * 40 + "]" * 40,
        "hardware-not-array": json.dumps({"format": "roofline-catalog", "version": 1,
                                          "hardware": {}}),
        "entry-not-object": catalog([1]),
        "duplicate-id": catalog([HW, HW]),
        "unknown-field": catalog([with_(HW, colour="red")]),
        "hw-min": catalog([HW]),
        "hw-full": catalog([with_(HW, vendor="V", year=2024, kind="gpu", arch="A",
                                  caches=[{"name": "L2", "capacity_MB": 50,
                                           "bandwidth_GBps": 5500}],
                                  interconnect={"name": "L", "bandwidth_GBps": 450,
                                                "latency_us": 1.0},
                                  tdp_W=700, price_usd_per_hour=2.5,
                                  efficiency={"compute": 0.8, "memory": 0.9},
                                  confidence="high", sources=["s"], notes="n")]),
        "hw-pcie": catalog([with_(HW, pcie_gen=5)]),
        "hw-gib": catalog([with_(HW, memory={"capacity_GiB": 79.6474609375,
                                             "bandwidth_GBps": 3350})]),
        "hw-gb-and-gib": catalog([with_(HW, memory={"capacity_GB": 80, "capacity_GiB": 80,
                                                    "bandwidth_GBps": 3350})]),
        "sys-min": catalog([HW], systems=[SYSTEM], version=2),
        "sys-full": catalog([HW], systems=[with_(
            SYSTEM, vendor="V", year=2025, scaleup={"name": "F", "bandwidth_GBps": 900,
                                                     "latency_us": 0.5, "topology": "mesh",
                                                     "collective": "tree"},
            scaleout={"name": "N", "bandwidth_GBps": 50, "latency_us": 4}, power_W=12000,
            price_usd_per_hour=40, price_date="2026", price_source="P", confidence="low",
            sources=["S"], notes="N")], version=2),
        "sys-one": catalog([HW], systems=[with_(SYSTEM, devices=1, scaleup=None)], version=2),
        "sys-unknown-device": catalog([HW], systems=[with_(SYSTEM, device="y")], version=2),
        "sys-no-bandwidth": catalog([HW], systems=[with_(SYSTEM, scaleup={"name": "F"})],
                                    version=2),
        "sys-zero-devices": catalog([HW], systems=[with_(SYSTEM, devices=0)], version=2),
        "sys-bad-collective": catalog([HW], systems=[with_(
            SYSTEM, scaleup={"bandwidth_GBps": 1, "collective": "nvls"})], version=2),
        "hw-negative-capacity": catalog([with_(HW, memory={"capacity_GB": -1,
                                                          "bandwidth_GBps": 1})]),
        "hw-infinite-bandwidth": catalog([HW]).replace("3350", "1e999"),
        "hw-tiny-bandwidth": catalog([HW]).replace("3350", "1e-300"),
        "hw-null": catalog([with_(HW, price_usd_per_hour=None)]).replace(
            '"name": "X"', '"name": "X", "price_usd_per_hour": null'),
        "hw-bad-id": catalog([with_(HW, id="Bad Id")]),
        "hw-five-caches": catalog([with_(HW, caches=[{"name": "c", "capacity_MB": 1}] * 5)]),
        "hw-unknown-precision": catalog([with_(HW, compute_TFLOPS={"fp12": 1})]),
        "model-min": catalog(models=[MODEL]),
        "model-moe": catalog(models=[with_(MODEL, moe={"experts": 8, "experts_per_token": 8,
                                                       "shared_experts": 1,
                                                       "expert_ffn": 64,
                                                       "dense_layers": 1})]),
        "model-mla": catalog(models=[with_(MODEL, kv_heads=None, attention="mla",
                                           head_dim=32,
                                           mla={"kv_lora_rank": 16, "rope_dim": 8,
                                                "q_lora_rank": 24, "v_head_dim": 16})]),
        "model-window": catalog(models=[with_(MODEL, sliding_window=16, window_layers=1,
                                              max_context=1024)]),
        "model-generic": catalog(models=[{"id": "g", "kind": "generic",
                                          "flop_per_sample": 8.2e9,
                                          "bytes_per_sample": 1.2e8, "params": 25.6e6}]),
        "model-overrides": catalog(models=[with_(MODEL, params_total=1e6,
                                                 params_active=5e5)]),
        "model-k-above-e": catalog(models=[with_(MODEL, moe={"experts": 2,
                                                             "experts_per_token": 3,
                                                             "shared_experts": 0,
                                                             "expert_ffn": 64,
                                                             "dense_layers": 0})]),
        "model-heads-not-multiple": catalog(models=[with_(MODEL, kv_heads=3)]),
        "model-fraction": catalog(models=[with_(MODEL, layers=2.5)]),
        "model-string-number": catalog(models=[with_(MODEL, layers="2")]),
        "both": catalog([HW], [MODEL]),
        "unicode": catalog([with_(HW, name="Ünïcødé \u00e9 \u2603", notes="tab\tnew\nline")]),
        # numbers JSON has not, which json-glib 1.6 reads (0070 as 56, 0x10 as 16)
        "number-octal": catalog([HW]).replace("3350", "0070"),
        "number-hex": catalog([HW]).replace("3350", "0x10"),
        "number-dollar-hex": catalog([HW]).replace("3350", "$10"),
        "number-binary": catalog([HW]).replace("3350", "0b101"),
        "number-leading-dot": catalog([HW]).replace("3350", ".5"),
        "number-trailing-dot": catalog([HW]).replace("3350", "1."),
        "number-spaced-minus": catalog([HW]).replace("3350", "- 1"),
        # a NUL cuts a string in json-glib: this id was the built-in H100's
        "nul-id": catalog([with_(HW, id="nvidia-h100-sxm\u0000-mine")]),
        "nul-key": catalog([with_(HW, **{"no\u0000tes": ""})]),
        "nul-octal": catalog([HW]).replace('"name": "X"', '"name": "X\\0Y"'),
        "nul-raw": catalog([HW]).replace('"name": "X"', '"name": "X\0Y"'),
        "single-quotes": "{'format': 'roofline-catalog', 'version': 1}",
        # texts at and over their limits, in characters
        "name-at-limit": catalog([with_(HW, name="\u00e9" * 200)]),
        "name-too-long": catalog([with_(HW, name="n" * 201)]),
        "notes-too-long": catalog([with_(HW, notes="n" * 10001)]),
        "source-too-long": catalog(models=[with_(MODEL, sources=["ok", "s" * 2001])]),
        "id-too-long": catalog([with_(HW, id="a" * 65)]),
    }
    for name, text in hand.items():
        write("fuzz-catalog", f"hand-{name}.json", text)


SCENARIO = {
    "format": "roofline-scenario",
    "version": 1,
    "hardware": ["nvidia-h100-sxm", "nvidia-h200-sxm"],
    "model": "llama-3.1-70b",
    "workload": {"phase": "decode", "batch": 1, "context": 4096, "prompt": 1024,
                 "output": 256, "weights": "bf16", "kv": "bf16", "activations": "bf16",
                 "compute": "bf16", "devices": 1, "overlap": "max", "overhead_us": 0},
    "sla": {"itl_ms": 50, "ttft_ms": 0, "tokens_per_s": 0},
    "chart": {"kind": "roofline", "ceilings": ["bf16", "fp8"], "sensitivity_step": 0.01,
              "batch_range": [1, 4096], "context_range": [128, 131072]},
    "catalog": {"hardware": [], "models": []},
}


def scenario(**changes):
    return json.dumps(with_(SCENARIO, **changes), indent=2) + "\n"


def scenario_seeds():
    reset("fuzz-scenario")
    for name in ("scenario.json", "embedded.json"):
        shutil.copy(os.path.join(TOP, "fuzz", "data", name),
                    os.path.join(CORPUS, "fuzz-scenario", "data-" + name))
    wl = SCENARIO["workload"]
    hand = {
        "docs-example": scenario(),
        "minimal": json.dumps({"format": "roofline-scenario", "version": 1, "hardware": [],
                               "model": "llama-3.1-8b"}),
        "prefill-sum": scenario(workload=dict(wl, phase="prefill", overlap="sum",
                                              overhead_us=12.5, bytes_per_weight=0.515625,
                                              attention_span=2048, devices=8)),
        "moe-fp8": scenario(model="deepseek-v3", hardware=["nvidia-h200-sxm"],
                            workload=dict(wl, weights="fp8", compute="fp8", kv="fp8")),
        "sla-all": scenario(sla={"itl_ms": 20, "ttft_ms": 500, "tokens_per_s": 1e4}),
        "unknown-field": scenario(colour="red"),
        "syntax": scenario()[:-30],
        "format-wrong": scenario(format="roofline-catalog"),
        "version-newer": scenario(version=7),
        "hardware-missing": scenario(hardware=None),
        "model-unknown": scenario(model="llama-3.1-71b"),
        "hardware-unknown": scenario(hardware=["nvidia-h1000"]),
        "hardware-twice": scenario(hardware=["nvidia-h100-sxm", "nvidia-h100-sxm"]),
        "batch-zero": scenario(workload=dict(wl, batch=0)),
        "devices-fraction": scenario(workload=dict(wl, devices=1.5)),
        "precision-unknown": scenario(workload=dict(wl, kv="fp12")),
        "step-too-big": scenario(chart=dict(SCENARIO["chart"], sensitivity_step=0.9)),
        "range-reversed": scenario(chart=dict(SCENARIO["chart"], batch_range=[10, 1])),
        "catalog-not-object": scenario(catalog=[]),
        "catalog-embedded": scenario(
            hardware=["lab"], model="tiny",
            catalog={"hardware": [with_(HW, id="lab", price_usd_per_hour=1)],
                     "models": [with_(MODEL, id="tiny")]}),
        "catalog-embedded-bad": scenario(
            catalog={"hardware": [with_(HW, memory={"capacity_GB": 0})]}),
        "layout-gb200": scenario(version=2, model="deepseek-v3", hardware=[],
                                 layout={"system": "nvidia-gb200-nvl72", "tp": 1, "ep": 72,
                                         "pp": 1, "dp": 1, "attention": "data",
                                         "ep_imbalance": 1.1, "microbatches": 0}),
        "layout-embedded": scenario(
            version=2, layout={"system": "rack", "tp": 2, "ep": 4, "pp": 2, "dp": 3,
                               "attention": "tensor", "microbatches": 8},
            catalog={"systems": [with_(SYSTEM, id="rack", device="nvidia-b200")]}),
        "layout-ep-fraction": scenario(version=2, layout={"ep": 2.5}),
        "layout-tp-disagrees": scenario(version=2, layout={"tp": 8}),
        "layout-system-unknown": scenario(version=2, layout={"system": "nvidia-gb200-nv72"}),
        "catalog-embedded-tagged": scenario(
            catalog={"format": "roofline-catalog", "version": 1,
                     "models": [with_(MODEL, id="llama-3.1-70b")]}),
        "number-octal": scenario().replace('"batch": 1,', '"batch": 010,'),
        "model-nul": scenario(model="llama-3.1-8b\u0000x"),
        "catalog-name-too-long": scenario(
            hardware=["lab"], catalog={"hardware": [with_(HW, id="lab", name="n" * 201)]}),
    }
    for name, text in hand.items():
        write("fuzz-scenario", f"hand-{name}.json", text)


CLI = [
    "list hardware", "list models --json", "list model", "list",
    "show nvidia-h100-sxm", "show llama-3.1-70b --json", "show deepseek-v3",
    "show resnet-50 --json", "show nvidia-h10",
    "solve -H nvidia-h100-sxm -H nvidia-a100-sxm-80gb -m llama-3.1-70b",
    "solve -H nvidia-h100-sxm -H nvidia-h200-sxm -m llama-3.1-70b --devices 2",
    "solve -H nvidia-h100-sxm -m llama-3.1-70b --json --breakdown",
    "solve -H nvidia-h200-sxm -m deepseek-v3 --phase prefill --prompt 8192 --batch 4 "
    "--weights fp8 --compute fp8 --kv fp8 --activations fp16 --overlap sum --overhead-us 20",
    "solve -H google-tpu-v5e -m gemma-2-9b --bytes-per-weight 0.515625 --context 131072",
    "solve -H apple-m4-max -m resnet-50 -b 64",
    "solve -H nvidia-l4 -m llama-3.1-8b --compute fp64",
    "sweep -H nvidia-b200 -m llama-3.1-70b --batch 1:2048 --csv",
    "sweep -H nvidia-h100-sxm -m mixtral-8x7b --context 128:131072 --points 12 --json",
    "sensitivity -H nvidia-a100-sxm-80gb -m llama-3.1-70b",
    "sensitivity -H nvidia-h100-sxm -m llama-3.1-8b -b 256 --context 32768 --step 0.1 --json",
    "synthesize -m llama-3.1-70b --itl-ms 50",
    "synthesize -m deepseek-v3 --itl-ms 50 --weights fp8 --compute fp8",
    "synthesize -m llama-3.1-8b --ttft-ms 200 --tokens-per-s 5000 --max-devices 8 "
    "-H nvidia-l4 -H nvidia-h100-sxm --json",
    "cost -H nvidia-h100-sxm -H nvidia-h200-sxm -m llama-3.1-70b --json",
    "cost -H amd-mi300x -H nvidia-h100-sxm -m qwen3-235b-a22b --batch 1:65536 --points 20",
    "solve --catalog custom.json -H lab-card -m tiny-moe",
    "solve --catalog=custom.json -H nvidia-h100-sxm -m cnn --json",
    "list hardware --catalog bad.json",
    "solve --scenario scenario.json",
    "cost --scenario embedded.json --batch 1:64",
    "synthesize --scenario=embedded.json --catalog custom.json",
    # plot writes a file: fuzz-cli-args parses it, never runs it
    "plot roofline -H nvidia-h100-sxm -H nvidia-h200-sxm -m llama-3.1-70b -o out.png",
    "plot cost -H nvidia-h100-sxm -m llama-3.1-70b --itl-ms 50 -o out.svg --theme dark "
    "--width 800 --height 600 --scale 2 --no-caption",
    "plot roofline -H nvidia-b200 -m deepseek-v3 --ceilings bf16,fp8,fp4 --transparent -o out.pdf",
    "plot trend -o out.png --theme print",
    "--help", "help solve", "sweep --help", "--version", "solve -h", "plot --help",
    "solve -H nvidia-h100-sxm -m llama-3.1-70b --bacth 8", "frobnicate", "solve -- -H",
    # the long run's one finding: a note on stderr with exit status 0 (a
    # device without a price), which the harness took for an error
    "cost -H nvidia-b300 -m laa-h100-sxm -H nvidia-h100-sxm -H nvidia-h200-sxm -m2sxm "
    "-m llama-3.1-70b --json",
    # systems and layouts (issue 12)
    "list systems --json", "show nvidia-gb200-nvl72",
    "solve --system nvidia-gb200-nvl72 -m deepseek-v3 --ep 72 --weights fp8 --kv fp8 "
    "--compute fp8 -b 1 --context 1 --json",
    "solve --system nvidia-hgx-h200 -H nvidia-b200 -m deepseek-v3 --tp 2 --ep 4 --pp 2 --dp 3 "
    "--attention tensor --ep-imbalance 1.25 --microbatches 4",
    "solve -H nvidia-h100-sxm -m llama-3.1-70b --tp 4 --devices 8",
    "sweep --system amd-mi300x-platform -m mixtral-8x7b --ep 8 --batch 1:512 --csv",
    "layouts -m deepseek-v3 --system nvidia-hgx-h200 --system nvidia-gb200-nvl72 --weights fp8 "
    "--kv fp8 --compute fp8 --itl-ms 50 --json",
    "layouts -m llama-3.1-70b -H nvidia-h100-sxm --ttft-ms 500 --top 5 --every-batch --csv",
]


def cli_seeds():
    reset("fuzz-cli-args")
    for i, line in enumerate(CLI):
        write("fuzz-cli-args", f"argv-{i:02d}", "\0".join(line.split()))


def dictionaries():
    """JSON keys and values of both formats; options, commands and ids."""
    keys = set()

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                keys.add(k)
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    ids = []
    for name in ("hardware.json", "models.json", "systems.json"):
        doc = json.load(open(os.path.join(TOP, "data", "catalog", name), encoding="utf-8"))
        walk(doc)
        for key in ("hardware", "models", "systems"):
            ids += [e["id"] for e in doc.get(key, [])]
    walk(SCENARIO)
    walk(json.load(open(os.path.join(TOP, "fuzz", "data", "custom.json"), encoding="utf-8")))
    keys |= {"attention_span", "bytes_per_weight", "overhead_us", "pcie_gen", "confidence",
             "max_context", "window_layers", "sliding_window", "params_active", "input",
             "layout", "system", "tp", "ep", "pp", "dp", "ep_imbalance", "microbatches"}
    values = ["roofline-catalog", "roofline-scenario", "transformer", "generic", "mha", "gqa",
              "mqa", "mla", "decode", "prefill", "max", "sum", "fp64", "fp32", "tf32", "bf16",
              "fp16", "fp8", "int8", "int4", "fp4", "gpu", "tpu", "asic", "soc", "cpu", "other",
              "high", "medium", "low", "roofline", "cost", "sensitivity", "batch", "context",
              "memory", "trend", "switch", "mesh", "torus", "ring", "tree", "data", "tensor"]
    tokens = ["true", "false", "null", "1e999", "-0.0", "0.1", "1e-300", "99999999999999999999",
              "/*", "*/", "\\u0000", "\\ud800", "0070", "0x10", "$10", "0b101", ".5", "1.",
              "- 1", "\\0", "\\400", "'"]

    def q(s):
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

    with open(os.path.join(TOP, "fuzz", "json.dict"), "w", encoding="utf-8") as f:
        f.write("# Keys and values of Roofline's catalog and scenario files (gen-seeds.py)\n")
        for k in sorted(keys):
            f.write(q('"' + k + '":') + "\n")
        for v in values:
            f.write(q('"' + v + '"') + "\n")
        for t in tokens:
            f.write(q(t) + "\n")
        for i in sorted(set(ids)):
            f.write(q('"' + i + '"') + "\n")

    options = ["--hardware", "-H", "--model", "-m", "--json", "--csv", "--breakdown", "--phase",
               "--batch", "-b", "--context", "--prompt", "--output", "--weights", "--kv",
               "--compute", "--activations", "--bytes-per-weight", "--devices", "--overlap",
               "--overhead-us", "--step", "--points", "--itl-ms", "--ttft-ms", "--tokens-per-s",
               "--max-devices", "--catalog", "--scenario", "--help", "-h", "--version", "--",
               "-o", "--out", "--width", "--height", "--scale", "--theme", "--ceilings",
               "--no-caption", "--transparent", "--system", "--tp", "--ep", "--pp", "--dp",
               "--attention", "--ep-imbalance", "--microbatches", "--top", "--all",
               "--every-batch", "--seconds", "--no-save"]
    commands = ["list", "show", "solve", "sweep", "sensitivity", "synthesize", "cost", "help",
                "hardware", "models", "plot", "layouts", "systems", "data", "tensor", "probe"]
    with open(os.path.join(TOP, "fuzz", "cli.dict"), "w", encoding="utf-8") as f:
        f.write("# roofline-cli options, commands, values and ids (gen-seeds.py); "
                "arguments are NUL-separated\n")
        for o in options:
            f.write(q("\\x00" + o + "\\x00").replace("\\\\x00", "\\x00") + "\n")
            f.write(q(o + "=") + "\n")
        for c in commands + values + ["custom.json", "bad.json", "scenario.json",
                                      "embedded.json", "1:4096", "0.515625", "1e9", "65536",
                                      "light", "dark", "print", "out.png", "out.svg",
                                      "out.pdf", "bf16,fp8"]:
            f.write(q(c) + "\n")
        for i in sorted(set(ids)) + ["lab-card", "tiny-moe", "cnn", "tiny-dense"]:
            f.write(q(i) + "\n")


if __name__ == "__main__":
    catalog_seeds()
    scenario_seeds()
    cli_seeds()
    dictionaries()
    for t in sorted(os.listdir(CORPUS)):
        print(t, len(os.listdir(os.path.join(CORPUS, t))), "seeds")
