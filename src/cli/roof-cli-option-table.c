/* roof-cli-option-table.c — roofline-cli's commands and options as data, and its help
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A command or a flag is a row here: its name, synopsis and help, and for a
 * flag the commands it applies to. roof-cli-options.c parses against these
 * rows; the help is written from them.
 */
#include "config.h"

#include "roof-cli-option-table.h"

#include "roof-catalog.h"

#include <string.h>

typedef struct
{
  const char *name;
  const char *synopsis;
  const char *summary; /* one line for the general help */
  const char *description;
} CommandInfo;

static const CommandInfo commands[ROOF_CLI_N_COMMANDS] = {
  [ROOF_CLI_COMMAND_NONE] = { NULL, "roofline-cli COMMAND [OPTIONS]",
                              "", "Roofline models of LLM inference on accelerators." },
  [ROOF_CLI_COMMAND_LIST] = {
    "list", "roofline-cli list hardware|models|systems [--json]",
    "list the hardware, the models or the systems of the catalog",
    "Lists the devices, the models or the systems of the catalog (built-in\n"
    "entries, then those of every --catalog file and of the --scenario), with\n"
    "their headline figures.",
  },
  [ROOF_CLI_COMMAND_SHOW] = {
    "show", "roofline-cli show ID [--json]",
    "every field of one catalog entry, with derived values",
    "Shows every field of one device, model or system, with its unit, and the\n"
    "values derived from them: the ridge point per precision of a device; the\n"
    "derived parameter counts against the published ones and the KV-cache bytes\n"
    "per token of a model; the device, fabric and totals of a system.",
  },
  [ROOF_CLI_COMMAND_SOLVE] = {
    "solve",
    "roofline-cli solve (-H ID | --system ID)… -m ID [workload] [layout] [--json] [--breakdown]",
    "time one decode step (or one prefill) on each device",
    "Times one decode step (or one prefill) of the model on each device and\n"
    "prints the roofline terms side by side: FLOP, bytes, intensity, the ridge,\n"
    "compute, memory and communication times, ITL or TTFT, tokens/s, the bound,\n"
    "MFU and MBU, the memory footprint and the cost per million tokens. A --system\n"
    "column runs its device on its fabric; the layout flags spread the model over\n"
    "it (communication split by collective: all-reduce, all-to-all, point-to-point).",
  },
  [ROOF_CLI_COMMAND_SWEEP] = {
    "sweep",
    "roofline-cli sweep -H ID… -m ID --batch A:B | --context A:B [workload] [--json|--csv]",
    "the same over a range of batch sizes or context lengths",
    "Solves at every point of a batch or context range: by default A, 2A, 4A, …\n"
    "and B; with --points N, N points spaced evenly on a log scale. The other\n"
    "of --batch and --context may be given as a single value.",
  },
  [ROOF_CLI_COMMAND_SENSITIVITY] = {
    "sensitivity", "roofline-cli sensitivity -H ID… -m ID [workload] [--step H] [--json]",
    "which hardware parameter binds, as elasticities",
    "Elasticity of the step time to each parameter: the relative change of the\n"
    "time per relative change of the parameter, from perturbations of ±H\n"
    "(default 0.01). −1 means the time is inversely proportional to it (it\n"
    "binds); 0 means it does not matter. Capacity is a feasibility constraint:\n"
    "it never changes the time and is reported as the devices needed to fit.",
  },
  [ROOF_CLI_COMMAND_SYNTHESIZE] = {
    "synthesize",
    "roofline-cli synthesize -m ID [workload] [--itl-ms X] [--ttft-ms Y] [--tokens-per-s Z] "
    "[-H ID…] [--json]",
    "the hardware an SLA needs, and the cheapest devices that meet it",
    "The inverse roofline: the memory bandwidth, compute and memory an SLA needs,\n"
    "then, for every device of the catalog (or only those given with -H), the\n"
    "fewest devices that meet it, at the largest batch that still does, ranked\n"
    "by cost per million tokens. More devices hold a larger batch: the last\n"
    "column gives the device count (2, 4, … up to --max-devices) that is\n"
    "cheapest per token while still meeting the SLA.",
  },
  [ROOF_CLI_COMMAND_PLOT] = {
    "plot",
    "roofline-cli plot roofline|cost|sensitivity|batch|context|memory|trend|pareto|plan -H ID… -m ID "
    "[workload] -o FILE.png|svg|pdf [--width PX] [--height PX] [--scale S] "
    "[--theme light|dark|print]",
    "draw one of the nine charts to a PNG, SVG or PDF file",
    "Draws a chart through the same render function as the app and writes it\n"
    "atomically: roofline (memory roofs, compute ceilings, decode over batch and\n"
    "prefill over prompt length), cost (per million output tokens against batch),\n"
    "sensitivity (elasticities and the binding constraint), batch (throughput and\n"
    "ITL against batch), context (latency against context length), memory\n"
    "(footprint against capacity), trend (ridge point by year over the catalog),\n"
    "pareto (tokens/s per device against tokens/s per user over layouts and\n"
    "batches, each system's frontier; --y, --linear, --itl-ms), plan (the fleet's\n"
    "$/month against the request rate; --rate, --lengths, the TTFT targets).\n"
    "The format follows the file's extension. A caption under the chart states\n"
    "the assumptions.",
  },
  [ROOF_CLI_COMMAND_LAYOUTS] = {
    "layouts",
    "roofline-cli layouts -m ID (--system ID… | -H ID…) [workload] [--itl-ms X] "
    "[--ttft-ms Y] [--top N|--all] [--every-batch] [--json|--csv]",
    "the layouts that fit and meet the SLA, cheapest per token first",
    "Enumerates every valid layout (TP × EP × PP × DP) of the model on each system\n"
    "(or device) and every batch from 1 to 4096 that fits in memory and meets the\n"
    "targets, and ranks the layouts, each at its cheapest batch, by cost per\n"
    "million output tokens; it also reports output tokens/s per device and per kW\n"
    "(when the power is known). The table shows the best 20 (--top N, or --all);\n"
    "--json and --csv print every row; --every-batch gives every batch a row.",
  },
  [ROOF_CLI_COMMAND_PARETO] = {
    "pareto",
    "roofline-cli pareto -m ID (--system ID… | -H ID…) [workload] [--itl-ms X] "
    "[--y device|kw|usd] [--json|--csv]",
    "the interactivity–throughput frontier of each system",
    "Times every valid layout (TP × EP × PP × DP) of the model on each system (a\n"
    "device given with -H is a system of its own, of 8 devices) at batches 1, 2,\n"
    "3, 4, 6, 8, … 4096 and the largest that fits, and prints each system's Pareto\n"
    "frontier: tokens/s per user (1/ITL) rising, output tokens/s per device (or\n"
    "per kW, or per US$ per hour, --y) falling. --itl-ms marks the best point\n"
    "that meets the target. --json and --csv print the frontiers' points.",
  },
  [ROOF_CLI_COMMAND_MEASURED] = {
    "measured",
    "roofline-cli measured list|import FILE|show ID [-H ID|--system ID] [-m ID] [--devices N] "
    "[--batch N] [--prompt N] [--output N] [--weights PREC] [--kv PREC] [--json]",
    "measured serving results next to Roofline's bound",
    "list: every measurement, the bundled published ones and those imported, with\n"
    "the bound for its settings and the fraction of it measured. import FILE: reads\n"
    "a measurement file (JSON or CSV), a vLLM benchmark result (saved JSON or the\n"
    "printed \"Serving Benchmark Result\" block), SGLang bench_serving JSON lines or\n"
    "the MLPerf Inference results table, and keeps it in the data folder; the flags\n"
    "give what the file does not say. show ID: one measurement in full.",
  },
  [ROOF_CLI_COMMAND_PROBE] = {
    "probe", "roofline-cli probe [--seconds N] [--no-save] [--catalog FILE] [--json]",
    "measure this computer and save it to the user catalog as \"this-computer\"",
    "Measures the computer it runs on: the memory bandwidth (STREAM's triad on\n"
    "every CPU), the read bandwidth of each cache level (one thread per core) and\n"
    "the peak FLOP/s per precision the CPU has instructions for (FMA loops at its\n"
    "widest vectors on every CPU), best of repeated runs over about --seconds.\n"
    "Then writes the hardware entry \"this-computer\" (\"This computer\") to the\n"
    "user catalog, replacing the last one, unless --no-save. docs/probe.md gives\n"
    "the method.",
  },
  [ROOF_CLI_COMMAND_CALIBRATE] = {
    "calibrate",
    "roofline-cli calibrate -H ID [-m ID] [--measured FILE…] [--bundled-measurements] "
    "[--precision PREC] [--save] [--json]",
    "efficiencies and a per-step overhead fitted to measurements",
    "Fits the device's compute efficiency, memory-bandwidth efficiency and fixed\n"
    "overhead per step to its measurements (those imported, --measured files and,\n"
    "with --bundled-measurements, the published set) by least squares on the\n"
    "logarithm of the time per output token, and prints them with the residuals\n"
    "and the number of points; a parameter no measurement depends on is reported\n"
    "undetermined. --save writes the fit into the user catalog as the device's\n"
    "calibration, beside its ideal efficiency; solve and plot --calibrated use it.",
  },
  [ROOF_CLI_COMMAND_PLAN] = {
    "plan",
    "roofline-cli plan -m ID (--system ID… | -H ID…) --rate R [--prompt N --output N | "
    "--lengths P:O@S,…] [--ttft-p50-ms X] [--ttft-p99-ms Y] [--itl-ms Z] [workload] "
    "[--spec-k K --spec-accept A …] [--disagg …] [--cost rent|own] [--json|--csv]",
    "the replicas, devices, $/month and MW that serve a request rate",
    "Plans a fleet for R requests/s of the given lengths (one prompt and output\n"
    "length, or a histogram: --lengths 512:128@0.7,4096:512@0.3) under TTFT P50\n"
    "and P99 and ITL targets. Each system's layouts and batches are timed once;\n"
    "a replica at batch B is B servers of an M/M/c queue (Erlang C: the wait\n"
    "before a request is admitted), a request holding its slot for its prefill\n"
    "and its decode steps. For each system, the cheapest layout, batch and\n"
    "replica count that meet every target at utilisation below 1; ranked by\n"
    "$/month (30 days; --cost own prices owned devices). MW is every device at\n"
    "its power figure (TDP). --spec-k plans on the effective ITL of speculative\n"
    "decoding; --disagg prefills on a prefill pool whose replicas are counted.\n"
    "docs/model.md, \"The fleet plan\", says what is assumed.",
  },
  [ROOF_CLI_COMMAND_COST] = {
    "cost", "roofline-cli cost -H ID… -m ID [--batch A:B] [workload] [--json]",
    "cost per million tokens against batch size, and crossovers",
    "Decode cost per million output tokens at batch sizes A, 2A, … B (default\n"
    "1:4096), the batch at which each device turns compute-bound, and the batches\n"
    "at which two devices cost the same.",
  },
};

const char *
roof_cli_command_name (RoofCliCommand command)
{
  if ((int) command <= ROOF_CLI_COMMAND_NONE || command >= ROOF_CLI_N_COMMANDS)
    return NULL;
  return commands[command].name;
}

gboolean
roof_cli_command_from_name (const char *name, RoofCliCommand *out)
{
  if (name == NULL)
    return FALSE;
  for (int c = ROOF_CLI_COMMAND_NONE + 1; c < ROOF_CLI_N_COMMANDS; c++)
    if (g_strcmp0 (commands[c].name, name) == 0)
      {
        if (out != NULL)
          *out = (RoofCliCommand) c;
        return TRUE;
      }
  return FALSE;
}

/* ---------------------------------------------------------------------- */
/* Options                                                                 */

#define CMD_POINT                                                                                 \
  (CMD (ROOF_CLI_COMMAND_SOLVE) | CMD (ROOF_CLI_COMMAND_SENSITIVITY)                              \
   | CMD (ROOF_CLI_COMMAND_SYNTHESIZE) | CMD (ROOF_CLI_COMMAND_PLOT))

/* The same long name may appear twice with different metavars for different
 * commands (--batch N in solve, A:B in cost); the first row found decides
 * only whether a value follows, which is the same for both. */
static const OptSpec options[] = {
  { OPT_HARDWARE, "hardware", 'H', "ID", CMD_SOLVING & ~CMD (ROOF_CLI_COMMAND_SYNTHESIZE),
    GROUP_COMMAND, "a device of the catalog (repeatable; replaces the scenario's list)" },
  { OPT_HARDWARE, "hardware", 'H', "ID", CMD (ROOF_CLI_COMMAND_SYNTHESIZE), GROUP_COMMAND,
    "only consider this device (repeatable; default: every device of the catalog)" },
  { OPT_SYSTEM, "system", 0, "ID", CMD_SOLVING & ~CMD (ROOF_CLI_COMMAND_SYNTHESIZE),
    GROUP_COMMAND,
    "a system of the catalog: its device on its fabric (repeatable; a column beside -H)" },
  { OPT_SYSTEM, "system", 0, "ID", CMD (ROOF_CLI_COMMAND_SYNTHESIZE), GROUP_COMMAND,
    "only consider this system (repeatable, beside -H)" },
  { OPT_MODEL, "model", 'm', "ID", CMD_SOLVING, GROUP_COMMAND, "a model of the catalog" },
  { OPT_BATCH, "batch", 'b', "A:B", CMD (ROOF_CLI_COMMAND_SWEEP), GROUP_COMMAND,
    "sweep the batch size from A to B (or a single batch size N)" },
  { OPT_CONTEXT, "context", 0, "A:B", CMD (ROOF_CLI_COMMAND_SWEEP), GROUP_COMMAND,
    "sweep the context length from A to B (or a single context N)" },
  { OPT_POINTS, "points", 0, "N", CMD (ROOF_CLI_COMMAND_SWEEP) | CMD (ROOF_CLI_COMMAND_COST),
    GROUP_COMMAND, "N points spaced evenly on a log scale instead of doubling" },
  { OPT_BATCH, "batch", 'b', "A:B", CMD (ROOF_CLI_COMMAND_COST), GROUP_COMMAND,
    "batch sizes A, 2A, 4A, … B (default 1:4096)" },
  { OPT_STEP, "step", 0, "H", CMD (ROOF_CLI_COMMAND_SENSITIVITY), GROUP_COMMAND,
    "relative perturbation, in (0, 0.5] (default 0.01)" },
  { OPT_ITL_MS, "itl-ms", 0, "X",
    CMD (ROOF_CLI_COMMAND_SYNTHESIZE) | CMD_LAYOUTS | CMD_PARETO | CMD_PLAN,
    GROUP_COMMAND, "inter-token latency target, milliseconds" },
  { OPT_TTFT_MS, "ttft-ms", 0, "Y", CMD (ROOF_CLI_COMMAND_SYNTHESIZE) | CMD_LAYOUTS,
    GROUP_COMMAND, "time-to-first-token target, milliseconds" },
  { OPT_RATE, "rate", 0, "R", CMD_PLAN | CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "plan: requests per second to serve, > 0 (default: the scenario's, else required)" },
  { OPT_LENGTHS, "lengths", 0, "P:O@S,…", CMD_PLAN | CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "plan: a histogram of prompt:output lengths and their shares, summing to 1 (default: "
    "--prompt:--output)" },
  { OPT_TTFT_P50_MS, "ttft-p50-ms", 0, "X", CMD_PLAN | CMD (ROOF_CLI_COMMAND_PLOT),
    GROUP_COMMAND, "plan: median time-to-first-token target, milliseconds" },
  { OPT_TTFT_P99_MS, "ttft-p99-ms", 0, "Y", CMD_PLAN | CMD (ROOF_CLI_COMMAND_PLOT),
    GROUP_COMMAND, "plan: 99th-percentile time-to-first-token target, milliseconds, ≥ the P50's" },
  { OPT_TOP, "top", 0, "N", CMD_LAYOUTS, GROUP_COMMAND,
    "the N cheapest rows (default: 20 in the table, every row with --json or --csv)" },
  { OPT_ALL, "all", 0, NULL, CMD_LAYOUTS, GROUP_COMMAND, "every row, in the table too" },
  { OPT_EVERY_BATCH, "every-batch", 0, NULL, CMD_LAYOUTS, GROUP_COMMAND,
    "a row for every batch that meets the targets, not only each layout's cheapest" },
  { OPT_Y, "y", 0, "device|kw|usd", CMD_PARETO | CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "pareto: output tokens/s per device (default), per kW of power, or per US$ per hour" },
  { OPT_LINEAR, "linear", 0, NULL, CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "pareto: linear axes instead of logarithmic ones" },
  { OPT_TOKENS_PER_S, "tokens-per-s", 0, "Z", CMD (ROOF_CLI_COMMAND_SYNTHESIZE), GROUP_COMMAND,
    "aggregate decode throughput target, tokens per second" },
  { OPT_MAX_DEVICES, "max-devices", 0, "N", CMD (ROOF_CLI_COMMAND_SYNTHESIZE), GROUP_COMMAND,
    "most devices in tensor parallel to try (default 64)" },
  { OPT_PLOT_FILE, "out", 'o', "FILE", CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "the file to write: .png, .svg or .pdf (required)" },
  { OPT_WIDTH, "width", 0, "PX", CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "width in pixels (default 1600)" },
  { OPT_HEIGHT, "height", 0, "PX", CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "height in pixels (default 1000)" },
  { OPT_SCALE, "scale", 0, "S", CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "device pixels per pixel in a PNG, for HiDPI, 1 to 4 (default 1); a PNG has at most "
    "100 megapixels" },
  { OPT_THEME, "theme", 0, "light|dark|print", CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "colours: light (default), dark, or print (white, heavier strokes)" },
  { OPT_CEILINGS, "ceilings", 0, "PREC,…", CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "roofline: the compute ceilings to draw (default: the scenario's, else bf16,fp8)" },
  { OPT_ITL_MS, "itl-ms", 0, "X", CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "cost and batch charts: an ITL target to mark, milliseconds; plan chart: the ITL target" },
  { OPT_NO_CAPTION, "no-caption", 0, NULL, CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "leave out the line of assumptions under the chart" },
  { OPT_TRANSPARENT, "transparent", 0, NULL, CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "PNG only: no background fill" },
  { OPT_BREAKDOWN, "breakdown", 0, NULL, CMD (ROOF_CLI_COMMAND_SOLVE), GROUP_COMMAND,
    "add a per-operator table (FLOP, bytes, time per layer)" },
  { OPT_JSON, "json", 0, NULL, CMD_ALL, GROUP_COMMAND, "print JSON instead of tables" },
  { OPT_CSV, "csv", 0, NULL, CMD (ROOF_CLI_COMMAND_SWEEP), GROUP_COMMAND,
    "print CSV: hardware,batch,context,t_step_s,tokens_per_s,intensity,bound,fits,usd_per_mtok" },
  { OPT_CSV, "csv", 0, NULL, CMD_LAYOUTS, GROUP_COMMAND, "print CSV, one row per layout and batch" },
  { OPT_CSV, "csv", 0, NULL, CMD_PARETO, GROUP_COMMAND, "print CSV, one row per frontier point" },
  { OPT_CSV, "csv", 0, NULL, CMD_PLAN, GROUP_COMMAND, "print CSV, one row per system" },

  { OPT_PHASE, "phase", 0, "decode|prefill", CMD_MODEL_ON_HW, GROUP_WORKLOAD,
    "one decode step (default) or the prefill of the prompt" },
  { OPT_BATCH, "batch", 'b', "N", CMD_POINT, GROUP_WORKLOAD, "sequences in the batch (default 1)" },
  { OPT_CONTEXT, "context", 0, "N", CMD_SOLVING & ~CMD (ROOF_CLI_COMMAND_SWEEP),
    GROUP_WORKLOAD, "tokens already in the KV cache at a decode step (default 4096)" },
  { OPT_PROMPT, "prompt", 0, "N", CMD_SOLVING, GROUP_WORKLOAD,
    "prompt length of the prefill (default 1024)" },
  { OPT_OUTPUT, "output", 0, "N", CMD_SOLVING, GROUP_WORKLOAD,
    "output length, for the memory footprint (default 256)" },
  { OPT_WEIGHTS, "weights", 0, "PREC", CMD_SOLVING, GROUP_WORKLOAD,
    "weight precision (default bf16)" },
  { OPT_KV, "kv", 0, "PREC", CMD_SOLVING, GROUP_WORKLOAD, "KV-cache precision (default bf16)" },
  { OPT_COMPUTE, "compute", 0, "PREC", CMD_SOLVING, GROUP_WORKLOAD,
    "precision whose compute ceiling applies (default bf16)" },
  { OPT_ACTIVATIONS, "activations", 0, "PREC", CMD_SOLVING, GROUP_WORKLOAD,
    "activation precision (default bf16)" },
  { OPT_BYTES_PER_WEIGHT, "bytes-per-weight", 0, "X", CMD_SOLVING, GROUP_WORKLOAD,
    "bytes per weight, scales included (e.g. 0.5156 for int4 with fp16 scales per 128)" },
  { OPT_OVERLAP, "overlap", 0, "max|sum", CMD_SOLVING, GROUP_WORKLOAD,
    "compute and memory overlap (max, default) or add up (sum)" },
  { OPT_OVERHEAD_US, "overhead-us", 0, "X", CMD_SOLVING, GROUP_WORKLOAD,
    "fixed overhead per step, microseconds (default 0)" },

  /* the layout (docs/model.md, "Layouts"); synthesize and layouts choose
   * the sizes themselves */
  { OPT_TP, "tp", 0, "N", CMD_MODEL_ON_HW & ~CMD (ROOF_CLI_COMMAND_SYNTHESIZE), GROUP_LAYOUT,
    "devices in tensor parallel (default 1)" },
  { OPT_DEVICES, "devices", 0, "N", CMD_MODEL_ON_HW & ~CMD (ROOF_CLI_COMMAND_SYNTHESIZE),
    GROUP_LAYOUT, "the same as --tp N (plot pareto: as for pareto)" },
  { OPT_DEVICES, "devices", 0, "N", CMD_LAYOUTS | CMD_PARETO, GROUP_LAYOUT,
    "the devices of the system a bare device (-H) stands for (default 8; a --system has its "
    "own)" },
  { OPT_EP, "ep", 0, "N", CMD_MODEL_ON_HW, GROUP_LAYOUT,
    "devices in expert parallel, MoE only, at most the experts (default 1)" },
  { OPT_PP, "pp", 0, "N", CMD_MODEL_ON_HW, GROUP_LAYOUT, "pipeline stages (default 1)" },
  { OPT_DP, "dp", 0, "N", CMD_MODEL_ON_HW, GROUP_LAYOUT,
    "data-parallel replicas; --batch is per replica (default 1)" },
  { OPT_ATTENTION, "attention", 0, "data|tensor", CMD_SOLVING, GROUP_LAYOUT,
    "attention beside EP: data parallel over the EP group (default) or tensor parallel" },
  { OPT_EP_IMBALANCE, "ep-imbalance", 0, "X", CMD_SOLVING, GROUP_LAYOUT,
    "routed tokens on the busiest device / the mean, ≥ 1 (default 1)" },
  { OPT_MICROBATCHES, "microbatches", 0, "N", CMD_MODEL_ON_HW, GROUP_LAYOUT,
    "pipeline microbatches in flight (default: one per stage)" },

  /* the levers (docs/model.md, "Speculative decoding", "Disaggregated
   * prefill and decode", "Energy and ownership") */
  { OPT_SPEC_K, "spec-k", 0, "K", CMD_SPECULATIVE, GROUP_LEVERS,
    "speculative decoding: tokens drafted per verify step, 1 to 64 (needs --spec-accept and a "
    "drafter)" },
  { OPT_SPEC_ACCEPT, "spec-accept", 0, "A", CMD_SPECULATIVE, GROUP_LEVERS,
    "the probability α that each drafted token is accepted, in [0, 1)" },
  { OPT_DRAFT_MODEL, "draft-model", 0, "ID", CMD_SPECULATIVE, GROUP_LEVERS,
    "the drafter: a model of the catalog, run on the same devices (TP as the workload's)" },
  { OPT_MTP_PARAMS, "mtp-params", 0, "N", CMD_SPECULATIVE, GROUP_LEVERS,
    "the drafter: multi-token-prediction heads of N parameters (DeepSeek-V3's one MTP "
    "module: 14e9)" },
  { OPT_DISAGG, "disagg", 0, NULL, CMD_DISAGG, GROUP_LEVERS,
    "disaggregated serving: each column is the decode pool, beside a prefill pool; compared "
    "with co-located serving and chunked prefill (plot cost and plan: the prefill pool's "
    "devices counted)" },
  { OPT_PREFILL_SYSTEM, "prefill-system", 0, "ID", CMD_DISAGG, GROUP_LEVERS,
    "--disagg: the prefill pool's system (default: the column's own)" },
  { OPT_PREFILL_HARDWARE, "prefill-hardware", 0, "ID", CMD_DISAGG,
    GROUP_LEVERS, "--disagg: the prefill pool's device, on its own fabric" },
  { OPT_PREFILL_TP, "prefill-tp", 0, "N", CMD_DISAGG, GROUP_LEVERS,
    "--disagg: the prefill pool's tensor parallel (default: --tp)" },
  { OPT_PREFILL_EP, "prefill-ep", 0, "N", CMD_DISAGG, GROUP_LEVERS,
    "--disagg: the prefill pool's expert parallel (default 1)" },
  { OPT_PREFILL_BATCH, "prefill-batch", 0, "N", CMD_DISAGG, GROUP_LEVERS,
    "--disagg: prompts per prefill step (default 1)" },
  { OPT_COST, "cost", 0, "rent|own", CMD_PRICED, GROUP_LEVERS,
    "price $/Mtok from the rental price (default) or as owned: --capex-usd over --years, plus "
    "power × --usd-per-kwh × --pue" },
  { OPT_CAPEX_USD, "capex-usd", 0, "X", CMD_PRICED, GROUP_LEVERS,
    "--cost own: purchase price of one device, USD (a system's: its price / its devices)" },
  { OPT_YEARS, "years", 0, "Y", CMD_PRICED, GROUP_LEVERS,
    "--cost own: years the purchase is amortised over" },
  { OPT_USD_PER_KWH, "usd-per-kwh", 0, "Z", CMD_PRICED, GROUP_LEVERS,
    "--cost own: electricity price, USD per kWh" },
  { OPT_PUE, "pue", 0, "P", CMD_PRICED, GROUP_LEVERS,
    "--cost own: power usage effectiveness of the facility, ≥ 1 (default 1)" },
  /* measured: what an imported file does not say */
  { OPT_HARDWARE, "hardware", 'H', "ID", CMD (ROOF_CLI_COMMAND_MEASURED), GROUP_COMMAND,
    "import: the device it ran on (a catalog id, or a name matched to one)" },
  { OPT_SYSTEM, "system", 0, "ID", CMD (ROOF_CLI_COMMAND_MEASURED), GROUP_COMMAND,
    "import: the system it ran on" },
  { OPT_MODEL, "model", 'm', "ID", CMD (ROOF_CLI_COMMAND_MEASURED), GROUP_COMMAND,
    "import: the model it served" },
  { OPT_DEVICES, "devices", 0, "N", CMD (ROOF_CLI_COMMAND_MEASURED), GROUP_COMMAND,
    "import: devices serving, in all" },
  { OPT_BATCH, "batch", 'b', "N", CMD (ROOF_CLI_COMMAND_MEASURED), GROUP_COMMAND,
    "import: requests in flight (the benchmark's max concurrency)" },
  { OPT_PROMPT, "prompt", 0, "N", CMD (ROOF_CLI_COMMAND_MEASURED), GROUP_COMMAND,
    "import: mean input tokens per request" },
  { OPT_OUTPUT, "output", 0, "N", CMD (ROOF_CLI_COMMAND_MEASURED), GROUP_COMMAND,
    "import: mean output tokens per request" },
  { OPT_WEIGHTS, "weights", 0, "PREC", CMD (ROOF_CLI_COMMAND_MEASURED), GROUP_COMMAND,
    "import: weight (and compute) precision (default bf16)" },
  { OPT_KV, "kv", 0, "PREC", CMD (ROOF_CLI_COMMAND_MEASURED), GROUP_COMMAND,
    "import: KV-cache precision (default bf16)" },
  { OPT_MEASURED, "measured", 0, "FILE",
    CMD (ROOF_CLI_COMMAND_PLOT) | CMD (ROOF_CLI_COMMAND_SOLVE), GROUP_COMMAND,
    "measured results to show beside the bound (any format measured import reads; "
    "repeatable)" },
  { OPT_BUNDLED_MEASUREMENTS, "bundled-measurements", 0, NULL, CMD (ROOF_CLI_COMMAND_PLOT),
    GROUP_COMMAND, "also draw the bundled published measurements of the model" },
  /* calibrate (docs/model.md, "Calibration") */
  { OPT_HARDWARE, "hardware", 'H', "ID", CMD (ROOF_CLI_COMMAND_CALIBRATE), GROUP_COMMAND,
    "the device to calibrate: measurements on it, or on a system of it" },
  { OPT_MODEL, "model", 'm', "ID", CMD (ROOF_CLI_COMMAND_CALIBRATE), GROUP_COMMAND,
    "only the measurements of this model (default: every model)" },
  { OPT_COMPUTE, "precision", 0, "PREC", CMD (ROOF_CLI_COMMAND_CALIBRATE), GROUP_COMMAND,
    "only the measurements at this compute precision (default: every precision)" },
  { OPT_MEASURED, "measured", 0, "FILE", CMD (ROOF_CLI_COMMAND_CALIBRATE), GROUP_COMMAND,
    "also these measurements (any format measured import reads; repeatable)" },
  { OPT_BUNDLED_MEASUREMENTS, "bundled-measurements", 0, NULL,
    CMD (ROOF_CLI_COMMAND_CALIBRATE), GROUP_COMMAND, "also the bundled published measurements" },
  { OPT_SAVE, "save", 0, NULL, CMD (ROOF_CLI_COMMAND_CALIBRATE), GROUP_COMMAND,
    "write the fit into the user catalog as the device's calibration" },
  { OPT_CALIBRATED, "calibrated", 0, NULL,
    CMD (ROOF_CLI_COMMAND_SOLVE) | CMD (ROOF_CLI_COMMAND_PLOT), GROUP_COMMAND,
    "use each device's saved calibration (calibrate --save): solve prints calibrated "
    "figures, plot draws them beside the ideal bound" },
  { OPT_MEASURED_HARDWARE, "measured-hardware", 0, "ID",
    CMD (ROOF_CLI_COMMAND_PLOT) | CMD (ROOF_CLI_COMMAND_SOLVE), GROUP_COMMAND,
    "the device the --measured files ran on (default: what they say, else the one -H)" },
  { OPT_MEASURED_SYSTEM, "measured-system", 0, "ID",
    CMD (ROOF_CLI_COMMAND_PLOT) | CMD (ROOF_CLI_COMMAND_SOLVE), GROUP_COMMAND,
    "the system the --measured files ran on (default: what they say, else the one --system)" },
  { OPT_MEASURED_MODEL, "measured-model", 0, "ID",
    CMD (ROOF_CLI_COMMAND_PLOT) | CMD (ROOF_CLI_COMMAND_SOLVE), GROUP_COMMAND,
    "the model the --measured files served (default: what they say, else -m)" },
  { OPT_MEASURED_DEVICES, "measured-devices", 0, "N",
    CMD (ROOF_CLI_COMMAND_PLOT) | CMD (ROOF_CLI_COMMAND_SOLVE), GROUP_COMMAND,
    "how many devices the --measured files ran on (default: what they say, else 1)" },

  { OPT_SECONDS, "seconds", 0, "N", CMD (ROOF_CLI_COMMAND_PROBE), GROUP_COMMAND,
    "about how long to measure, > 0 and at most 3600 seconds (default 5)" },
  { OPT_NO_SAVE, "no-save", 0, NULL, CMD (ROOF_CLI_COMMAND_PROBE), GROUP_COMMAND,
    "print the figures and the entry but write nothing" },
  { OPT_CATALOG, "catalog", 0, "FILE", CMD (ROOF_CLI_COMMAND_PROBE), GROUP_COMMAND,
    "the catalog file to write the entry to (default: the user catalog, "
    "$XDG_DATA_HOME/roofline/catalog.json)" },

  { OPT_CATALOG, "catalog", 0, "FILE", CMD_CATALOG, GROUP_COMMON,
    "overlay a catalog file on the built-in one (repeatable, in order)" },
  { OPT_SCENARIO, "scenario", 0, "FILE", CMD_CATALOG, GROUP_COMMON,
    "take hardware, model, workload and SLA from a scenario file; flags override" },
  { OPT_HELP, "help", 'h', NULL, CMD_ALL, GROUP_COMMON, "show this help and exit" },
  { OPT_VERSION, "version", 0, NULL, CMD_ALL, GROUP_COMMON, "show the version and exit" },
};

const OptSpec *
roof_cli_option_find_long (const char *name, gsize len)
{
  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    if (strlen (options[i].long_name) == len && strncmp (options[i].long_name, name, len) == 0)
      return &options[i];
  return NULL;
}

const OptSpec *
roof_cli_option_find_short (char c)
{
  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    if (options[i].short_name == c)
      return &options[i];
  return NULL;
}

const OptSpec *
roof_cli_option_find_for_command (OptId id, RoofCliCommand command)
{
  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    if (options[i].id == id && (options[i].commands & CMD (command)))
      return &options[i];
  return NULL;
}

/* "Did you mean": the closest long option or command, at most two edits
 * away; flags and commands are lower case, so case counts as an edit. */
#define CLOSEST_MAX_EDITS 2

const char *
roof_cli_option_closest (const char *name)
{
  const char *best = NULL;
  guint best_d = CLOSEST_MAX_EDITS + 1;

  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    roof_edit_distance_consider (name, options[i].long_name, FALSE, &best, &best_d);
  return best;
}

const char *
roof_cli_command_closest (const char *name)
{
  const char *best = NULL;
  guint best_d = CLOSEST_MAX_EDITS + 1;

  for (int c = ROOF_CLI_COMMAND_NONE + 1; c < ROOF_CLI_N_COMMANDS; c++)
    roof_edit_distance_consider (name, commands[c].name, FALSE, &best, &best_d);
  return best;
}

/* ---------------------------------------------------------------------- */
/* Help                                                                    */

static void
append_option_help (GString *s, const OptSpec *o)
{
  g_autofree char *left = NULL;
  g_auto (GStrv) words = NULL;
  const glong column = 30, width = 79;
  glong w;

  if (o->short_name != 0)
    left = g_strdup_printf ("  -%c, --%s%s%s", o->short_name, o->long_name,
                            o->metavar ? " " : "", o->metavar ? o->metavar : "");
  else
    left = g_strdup_printf ("      --%s%s%s", o->long_name, o->metavar ? " " : "",
                            o->metavar ? o->metavar : "");
  g_string_append (s, left);
  w = g_utf8_strlen (left, -1);
  if (w + 2 > column)
    {
      g_string_append_c (s, '\n');
      w = 0;
    }
  for (; w < column; w++)
    g_string_append_c (s, ' ');

  /* the help text wrapped at `width`, continued under itself */
  words = g_strsplit (o->help, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      glong len = g_utf8_strlen (words[i], -1);
      if (w > column && w + 1 + len > width)
        {
          g_string_append_c (s, '\n');
          for (w = 0; w < column; w++)
            g_string_append_c (s, ' ');
        }
      else if (w > column)
        {
          g_string_append_c (s, ' ');
          w++;
        }
      g_string_append (s, words[i]);
      w += len;
    }
  g_string_append_c (s, '\n');
}

static void
append_group (GString *s, RoofCliCommand command, OptGroup group, const char *title)
{
  gboolean any = FALSE;

  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    {
      const OptSpec *o = &options[i];
      if (o->group != group)
        continue;
      if (command != ROOF_CLI_COMMAND_NONE && !(o->commands & CMD (command)))
        continue;
      if (command == ROOF_CLI_COMMAND_NONE && (o->commands & CMD_CATALOG) != CMD_CATALOG)
        continue;
      if (!any)
        g_string_append_printf (s, "\n%s:\n", title);
      any = TRUE;
      append_option_help (s, o);
    }
}

char *
roof_cli_help_text (RoofCliCommand command)
{
  GString *s = g_string_new (NULL);

  if ((int) command < 0 || command >= ROOF_CLI_N_COMMANDS)
    command = ROOF_CLI_COMMAND_NONE;

  g_string_append_printf (s, "Usage: %s\n\n%s\n", commands[command].synopsis,
                          commands[command].description);

  if (command == ROOF_CLI_COMMAND_NONE)
    {
      g_string_append (s, "\nCommands:\n");
      for (int c = ROOF_CLI_COMMAND_NONE + 1; c < ROOF_CLI_N_COMMANDS; c++)
        g_string_append_printf (s, "  %-13s%s\n", commands[c].name, commands[c].summary);
      append_group (s, command, GROUP_COMMON, "Options of every command");
      g_string_append (s,
                       "\nPrecisions: fp64 fp32 tf32 bf16 fp16 fp8 int8 int4 fp4. Units: SI, "
                       "decimal\nprefixes (1 GB = 1e9 B).\n"
                       "Run 'roofline-cli COMMAND --help' or 'roofline-cli help COMMAND' for "
                       "the\noptions of a command.\n"
                       "\nExit status: 0 on success, 1 when the work failed (bad file, "
                       "infeasible\ninput), 2 on a usage error.\n");
      return g_string_free (s, FALSE);
    }

  append_group (s, command, GROUP_COMMAND, "Options");
  append_group (s, command, GROUP_WORKLOAD, "Workload");
  append_group (s, command, GROUP_LAYOUT, "Layout");
  append_group (s, command, GROUP_LEVERS, "Speculative decoding, disaggregation, cost");
  append_group (s, command, GROUP_COMMON, "Common options");
  if (command != ROOF_CLI_COMMAND_LIST && command != ROOF_CLI_COMMAND_SHOW)
    g_string_append (s, "\nPrecisions (PREC): fp64 fp32 tf32 bf16 fp16 fp8 int8 int4 fp4.\n"
                        "Workload defaults come from --scenario when given; flags override "
                        "them.\n");
  return g_string_free (s, FALSE);
}
