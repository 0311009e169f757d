#!/usr/bin/env python3
# matplotlib-reference.py — the reference roofline chart drawn by matplotlib, for scale
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The chart of bench-plot's roofline (docs/performance.md): 6 devices, each a
# memory roof and 4 compute ceilings (fp32, bf16, fp8, int8), log-log FLOP/s
# against FLOP/byte, and Llama 3.1 70B decode at B = 1 … 2048 and prefill at
# S = 128 … 262144 as points, the 24 workload values labelled, 1600 × 1000
# pixels (dpi 100), Agg backend, to PNG. The numbers come from roofline-cli,
# so both charts draw the same data:
#
#   matplotlib-reference.py --prepare build/src/cli/roofline-cli > data.json
#   matplotlib-reference.py --data data.json [-n 25]      median ms per render
#   matplotlib-reference.py --data data.json --once -o x.png   one render
#
# A render builds the figure from the data and writes the PNG into memory,
# as roof_chart_export_bytes does.

import argparse
import io
import json
import statistics
import subprocess
import sys
import time

DEVICES = ["nvidia-a100-sxm-80gb", "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-b200",
           "amd-mi300x", "nvidia-l40s"]
MODEL = "llama-3.1-70b"
CEILINGS = ["fp32", "bf16", "fp8", "int8"]
BATCHES = [2 ** k for k in range(12)]             # 1 … 2048
PROMPTS = [128 * 2 ** k for k in range(12)]       # 128 … 262144
DASHES = {"fp32": (0, (6, 2.5, 1, 2.5)), "bf16": "-", "fp8": (0, (5, 3)), "int8": (0, (1, 2.2))}


def cli_json(cli, *args):
    out = subprocess.run([cli, *args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def prepare(cli):
    """Everything the chart draws, from the CLI's own solver and catalog."""
    hw = []
    for d in DEVICES:
        h = cli_json(cli, "show", d)["hardware"]
        hw.append({"id": d, "name": h["name"],
                   "mem_bw": h["memory"]["bandwidth_GBps"] * 1e9,
                   "peaks": {p: h["compute_TFLOPS"][p] * 1e12 for p in CEILINGS
                             if h["compute_TFLOPS"].get(p)}})
    hflags = [a for d in DEVICES for a in ("-H", d)]
    points = []
    for b in BATCHES:
        for r in cli_json(cli, "solve", *hflags, "-m", MODEL, "-b", str(b))["results"]:
            points.append({"device": r["hardware"], "phase": "decode", "label": f"B={b}",
                           "x": r["intensity"], "y": r["attained_flops"], "fits": r["fits"]})
    for s in PROMPTS:
        args = ("solve", *hflags, "-m", MODEL, "--phase", "prefill", "--prompt", str(s))
        for r in cli_json(cli, *args)["results"]:
            points.append({"device": r["hardware"], "phase": "prefill", "label": f"S={s}",
                           "x": r["intensity"], "y": r["attained_flops"], "fits": r["fits"]})
    return {"model": MODEL, "hardware": hw, "points": points}


def render(plt, data):
    """The whole chart to PNG bytes."""
    fig, ax = plt.subplots(figsize=(16, 10), dpi=100)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    xs = [p["x"] for p in data["points"]]
    x0, x1 = min(xs) / 2, max(xs) * 4
    for i, h in enumerate(data["hardware"]):
        c = colors[i % len(colors)]
        bw, top = h["mem_bw"], max(h["peaks"].values())
        ax.plot([x0, top / bw], [bw * x0, top], color=c, lw=2, label=h["name"])
        for p, peak in h["peaks"].items():
            ax.plot([peak / bw, x1], [peak, peak], color=c, lw=1.5, linestyle=DASHES[p])
            ax.plot([peak / bw], [peak], "o", color=c, mfc="white", ms=5)
        for phase, marker in (("decode", "o"), ("prefill", "s")):
            pts = [p for p in data["points"] if p["device"] == h["id"] and p["phase"] == phase]
            for fits in (True, False):
                sel = [p for p in pts if p["fits"] == fits]
                ax.plot([p["x"] for p in sel], [p["y"] for p in sel], marker, color=c, ms=6,
                        mfc=c if fits else "white", linestyle="none")
            if phase == "decode":
                ax.plot([p["x"] for p in pts], [p["y"] for p in pts], color=c, lw=1, alpha=0.75)
    # each workload value labelled once, on its topmost point
    top = {}
    for p in data["points"]:
        if p["label"] not in top or p["y"] > top[p["label"]]["y"]:
            top[p["label"]] = p
    for p in top.values():
        ax.annotate(p["label"], (p["x"], p["y"]), xytext=(6, 4), textcoords="offset points",
                    fontsize=9)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(x0, x1)
    ax.set_xlabel("Arithmetic intensity (FLOP/byte)")
    ax.set_ylabel("Performance (FLOP/s)")
    ax.set_title(f"Roofline · {data['model']}")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc="lower right")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    plt.close(fig)
    return buf.getvalue()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--prepare", metavar="CLI", help="write the chart's data (JSON) to stdout")
    ap.add_argument("--data", help="the data written by --prepare")
    ap.add_argument("-n", type=int, default=25, help="renders to time (default 25)")
    ap.add_argument("--once", action="store_true", help="render once and exit")
    ap.add_argument("-o", "--out", help="write the PNG here")
    args = ap.parse_args()

    if args.prepare:
        json.dump(prepare(args.prepare), sys.stdout)
        return 0
    if not args.data:
        ap.error("--data or --prepare is required")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    with open(args.data) as f:
        data = json.load(f)

    png = render(plt, data)  # the warm-up: font cache, first figure
    if not args.once:
        times = []
        for _ in range(max(args.n, 1)):
            t0 = time.perf_counter()
            png = render(plt, data)
            times.append((time.perf_counter() - t0) * 1000.0)
        print(f"matplotlib {matplotlib.__version__} reference roofline, 1600×1000 PNG: "
              f"median {statistics.median(times):.1f} ms over {len(times)} renders")
    if args.out:
        with open(args.out, "wb") as f:
            f.write(png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
