/* roof-cli-options.c — the command line of roofline-cli, parsed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-cli-options.h"

#include "roof-chart.h"

#include <math.h>
#include <string.h>

G_DEFINE_QUARK (roof-cli-error-quark, roof_cli_error)

/* ---------------------------------------------------------------------- */
/* Commands                                                                */

#define CMD(c) (1u << (c))
#define CMD_MODEL_ON_HW                                                                           \
  (CMD (ROOF_CLI_COMMAND_SOLVE) | CMD (ROOF_CLI_COMMAND_SWEEP)                                    \
   | CMD (ROOF_CLI_COMMAND_SENSITIVITY) | CMD (ROOF_CLI_COMMAND_SYNTHESIZE)                       \
   | CMD (ROOF_CLI_COMMAND_COST) | CMD (ROOF_CLI_COMMAND_PLOT))
#define CMD_LAYOUTS CMD (ROOF_CLI_COMMAND_LAYOUTS)
/* the commands that solve: every -m command, layouts included */
#define CMD_SOLVING (CMD_MODEL_ON_HW | CMD_LAYOUTS)
#define CMD_ALL ((1u << ROOF_CLI_N_COMMANDS) - 1u)

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
    "roofline-cli plot roofline|cost|sensitivity|batch|context|memory|trend -H ID… -m ID "
    "[workload] -o FILE.png|svg|pdf [--width PX] [--height PX] [--scale S] "
    "[--theme light|dark|print]",
    "draw one of the seven charts to a PNG, SVG or PDF file",
    "Draws a chart through the same render function as the app and writes it\n"
    "atomically: roofline (memory roofs, compute ceilings, decode over batch and\n"
    "prefill over prompt length), cost (per million output tokens against batch),\n"
    "sensitivity (elasticities and the binding constraint), batch (throughput and\n"
    "ITL against batch), context (latency against context length), memory\n"
    "(footprint against capacity), trend (ridge point by year over the catalog).\n"
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

typedef enum
{
  OPT_HARDWARE,
  OPT_SYSTEM,
  OPT_MODEL,
  OPT_JSON,
  OPT_CSV,
  OPT_BREAKDOWN,
  OPT_PHASE,
  OPT_BATCH,
  OPT_CONTEXT,
  OPT_PROMPT,
  OPT_OUTPUT,
  OPT_WEIGHTS,
  OPT_KV,
  OPT_COMPUTE,
  OPT_ACTIVATIONS,
  OPT_BYTES_PER_WEIGHT,
  OPT_DEVICES,
  OPT_TP,
  OPT_EP,
  OPT_PP,
  OPT_DP,
  OPT_ATTENTION,
  OPT_EP_IMBALANCE,
  OPT_MICROBATCHES,
  OPT_TOP,
  OPT_ALL,
  OPT_EVERY_BATCH,
  OPT_OVERLAP,
  OPT_OVERHEAD_US,
  OPT_STEP,
  OPT_POINTS,
  OPT_ITL_MS,
  OPT_TTFT_MS,
  OPT_TOKENS_PER_S,
  OPT_MAX_DEVICES,
  OPT_PLOT_FILE,
  OPT_WIDTH,
  OPT_HEIGHT,
  OPT_SCALE,
  OPT_THEME,
  OPT_CEILINGS,
  OPT_NO_CAPTION,
  OPT_TRANSPARENT,
  OPT_CATALOG,
  OPT_SCENARIO,
  OPT_HELP,
  OPT_VERSION,
} OptId;

typedef enum
{
  GROUP_COMMAND,
  GROUP_WORKLOAD,
  GROUP_LAYOUT,
  GROUP_COMMON,
} OptGroup;

typedef struct
{
  OptId id;
  const char *long_name;
  char short_name;
  const char *metavar; /* NULL: takes no value */
  guint commands;      /* CMD() bits where it applies */
  OptGroup group;
  const char *help;
} OptSpec;

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
  { OPT_ITL_MS, "itl-ms", 0, "X", CMD (ROOF_CLI_COMMAND_SYNTHESIZE) | CMD_LAYOUTS,
    GROUP_COMMAND, "inter-token latency target, milliseconds" },
  { OPT_TTFT_MS, "ttft-ms", 0, "Y", CMD (ROOF_CLI_COMMAND_SYNTHESIZE) | CMD_LAYOUTS,
    GROUP_COMMAND, "time-to-first-token target, milliseconds" },
  { OPT_TOP, "top", 0, "N", CMD_LAYOUTS, GROUP_COMMAND,
    "the N cheapest rows (default: 20 in the table, every row with --json or --csv)" },
  { OPT_ALL, "all", 0, NULL, CMD_LAYOUTS, GROUP_COMMAND, "every row, in the table too" },
  { OPT_EVERY_BATCH, "every-batch", 0, NULL, CMD_LAYOUTS, GROUP_COMMAND,
    "a row for every batch that meets the targets, not only each layout's cheapest" },
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
    "cost and batch charts: an ITL target to mark, milliseconds" },
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
    GROUP_LAYOUT, "the same as --tp N" },
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

  { OPT_CATALOG, "catalog", 0, "FILE", CMD_ALL, GROUP_COMMON,
    "overlay a catalog file on the built-in one (repeatable, in order)" },
  { OPT_SCENARIO, "scenario", 0, "FILE", CMD_ALL, GROUP_COMMON,
    "take hardware, model, workload and SLA from a scenario file; flags override" },
  { OPT_HELP, "help", 'h', NULL, CMD_ALL, GROUP_COMMON, "show this help and exit" },
  { OPT_VERSION, "version", 0, NULL, CMD_ALL, GROUP_COMMON, "show the version and exit" },
};

static const OptSpec *
find_long (const char *name, gsize len)
{
  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    if (strlen (options[i].long_name) == len && strncmp (options[i].long_name, name, len) == 0)
      return &options[i];
  return NULL;
}

static const OptSpec *
find_short (char c)
{
  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    if (options[i].short_name == c)
      return &options[i];
  return NULL;
}

static const OptSpec *
find_for_command (OptId id, RoofCliCommand command)
{
  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    if (options[i].id == id && (options[i].commands & CMD (command)))
      return &options[i];
  return NULL;
}

/* Levenshtein distance, for "did you mean". */
static gsize
edit_distance (const char *a, const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  g_autofree gsize *row = g_new (gsize, lb + 1);

  for (gsize j = 0; j <= lb; j++)
    row[j] = j;
  for (gsize i = 1; i <= la; i++)
    {
      gsize diag = row[0];
      row[0] = i;
      for (gsize j = 1; j <= lb; j++)
        {
          gsize up = row[j];
          gsize cost = a[i - 1] == b[j - 1] ? 0 : 1;
          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diag + cost);
          diag = up;
        }
    }
  return row[lb];
}

static const char *
closest_long_option (const char *name)
{
  const char *best = NULL;
  gsize best_d = G_MAXSIZE;

  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    {
      gsize d = edit_distance (name, options[i].long_name);
      if (d < best_d)
        {
          best_d = d;
          best = options[i].long_name;
        }
    }
  return best_d <= 2 ? best : NULL;
}

static const char *
closest_command (const char *name)
{
  const char *best = NULL;
  gsize best_d = G_MAXSIZE;

  for (int c = ROOF_CLI_COMMAND_NONE + 1; c < ROOF_CLI_N_COMMANDS; c++)
    {
      gsize d = edit_distance (name, commands[c].name);
      if (d < best_d)
        {
          best_d = d;
          best = commands[c].name;
        }
    }
  return best_d <= 2 ? best : NULL;
}

/* ---------------------------------------------------------------------- */
/* Values                                                                  */

static gboolean G_GNUC_PRINTF (2, 3)
usage_error (GError **error, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  if (error != NULL && *error == NULL)
    *error = g_error_new_valist (ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE, format, ap);
  va_end (ap);
  return FALSE;
}

/* A finite number spelled completely ("8", "0.5", "1e3"); never the locale's. */
static gboolean
read_number (const char *text, double *out)
{
  char *end = NULL;
  double v;

  if (text == NULL || *text == '\0' || g_ascii_isspace (*text))
    return FALSE;
  /* g_ascii_strtod reads hex and "inf"; a command line means decimal */
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p) && strchr ("+-.eE", *p) == NULL)
      return FALSE;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (v))
    return FALSE;
  /* "-0" is 0: its sign would only show up as "context -0" and "-0.0" */
  *out = v == 0.0 ? 0.0 : v;
  return TRUE;
}

static gboolean
parse_whole (const char *flag, const char *text, double min, double max, double *out,
             GError **error)
{
  double v;

  if (!read_number (text, &v) || floor (v) != v || v < min || v > max)
    return usage_error (error, "%s expects a whole number from %.15g to %.15g, got '%s'", flag,
                        min, max, text);
  *out = v;
  return TRUE;
}

static gboolean
parse_real (const char *flag, const char *text, double min, gboolean min_exclusive, double max,
            double *out, GError **error)
{
  double v;

  if (!read_number (text, &v) || (min_exclusive ? v <= min : v < min) || v > max)
    return usage_error (error, "%s expects a number %s %.15g and at most %.15g, got '%s'", flag,
                        min_exclusive ? ">" : "≥", min, max, text);
  *out = v;
  return TRUE;
}

/* "N" or "A:B" (A ≤ B), whole numbers from min to max. */
static gboolean
parse_range (const char *flag, const char *text, double min, double max, gboolean allow_range,
             const char *command, double *lo, double *hi, gboolean *is_range, GError **error)
{
  const char *colon = strchr (text, ':');

  if (colon == NULL)
    {
      if (!parse_whole (flag, text, min, max, lo, error))
        return FALSE;
      *hi = *lo;
      *is_range = FALSE;
      return TRUE;
    }
  if (!allow_range)
    return usage_error (error, "%s takes a single number in %s, got '%s'", flag, command, text);

  g_autofree char *a = g_strndup (text, colon - text);
  const char *b = colon + 1;
  double va, vb;
  if (!read_number (a, &va) || !read_number (b, &vb) || floor (va) != va || floor (vb) != vb
      || va < min || vb > max || va > vb)
    return usage_error (error,
                        "%s expects a range A:B of whole numbers, %.15g ≤ A ≤ B ≤ %.15g, "
                        "got '%s'",
                        flag, min, max, text);
  *lo = va;
  *hi = vb;
  *is_range = TRUE;
  return TRUE;
}

static gboolean
parse_precision (const char *flag, const char *text, RoofPrecision *out, GError **error)
{
  if (!roof_precision_from_name (text, out))
    return usage_error (error,
                        "%s expects one of fp64 fp32 tf32 bf16 fp16 fp8 int8 int4 fp4, got '%s'",
                        flag, text);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Parsing                                                                 */

void
roof_cli_options_init (RoofCliOptions *opts)
{
  g_return_if_fail (opts != NULL);

  memset (opts, 0, sizeof *opts);
  opts->hardware = g_ptr_array_new_with_free_func (g_free);
  opts->systems = g_ptr_array_new_with_free_func (g_free);
  opts->target_is_system = g_byte_array_new ();
  opts->catalogs = g_ptr_array_new_with_free_func (g_free);
  roof_workload_init (&opts->workload);
  opts->step = ROOF_DEFAULT_SENSITIVITY_STEP;
  opts->plot_width = 1600;
  opts->plot_height = 1000;
  opts->plot_scale = 1;
  opts->plot_theme = ROOF_THEME_LIGHT;
}

void
roof_cli_options_clear (RoofCliOptions *opts)
{
  g_return_if_fail (opts != NULL);

  g_clear_pointer (&opts->hardware, g_ptr_array_unref);
  g_clear_pointer (&opts->systems, g_ptr_array_unref);
  g_clear_pointer (&opts->target_is_system, g_byte_array_unref);
  g_clear_pointer (&opts->catalogs, g_ptr_array_unref);
  g_clear_pointer (&opts->show_id, g_free);
  g_clear_pointer (&opts->model, g_free);
  g_clear_pointer (&opts->scenario, g_free);
  g_clear_pointer (&opts->plot_file, g_free);
}

typedef struct
{
  const OptSpec *spec;
  const char *value;
  char *flag; /* as written, for messages: "--batch" or "-b" */
} Given;

static void
given_clear (gpointer data)
{
  Given *g = data;

  g_free (g->flag);
}

static gboolean
apply (RoofCliOptions *opts, const Given *g, GError **error)
{
  const char *flag = g->flag;
  const char *v = g->value;
  RoofWorkload *wl = &opts->workload;
  RoofCliCommand cmd = opts->command;
  double x = 0.0;

  switch (g->spec->id)
    {
    case OPT_HARDWARE:
      if (*v == '\0')
        return usage_error (error, "%s expects a device id, got ''", flag);
      g_ptr_array_add (opts->hardware, g_strdup (v));
      g_byte_array_append (opts->target_is_system, (const guint8[]){ 0 }, 1);
      break;
    case OPT_SYSTEM:
      if (*v == '\0')
        return usage_error (error, "%s expects a system id, got ''", flag);
      g_ptr_array_add (opts->systems, g_strdup (v));
      g_byte_array_append (opts->target_is_system, (const guint8[]){ 1 }, 1);
      break;
    case OPT_MODEL:
      if (*v == '\0')
        return usage_error (error, "%s expects a model id, got ''", flag);
      g_free (opts->model);
      opts->model = g_strdup (v);
      break;
    case OPT_JSON:
      opts->json = TRUE;
      break;
    case OPT_CSV:
      opts->csv = TRUE;
      break;
    case OPT_BREAKDOWN:
      opts->breakdown = TRUE;
      break;
    case OPT_PHASE:
      if (!roof_phase_from_name (v, &wl->phase))
        return usage_error (error, "%s expects decode or prefill, got '%s'", flag, v);
      opts->set |= ROOF_CLI_SET_PHASE;
      break;
    case OPT_BATCH:
      if (!parse_range (flag, v, 1, 1e9,
                        cmd == ROOF_CLI_COMMAND_SWEEP || cmd == ROOF_CLI_COMMAND_COST,
                        roof_cli_command_name (cmd), &wl->batch, &opts->batch_hi,
                        &opts->batch_is_range, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_BATCH;
      break;
    case OPT_CONTEXT:
      if (!parse_range (flag, v, 0, 1e10, cmd == ROOF_CLI_COMMAND_SWEEP,
                        roof_cli_command_name (cmd), &wl->context,
                        &opts->context_hi, &opts->context_is_range, error))
        return FALSE;
      if (opts->context_is_range && wl->context < 1)
        return usage_error (error, "%s range must start at 1 or more (the points are spaced "
                            "on a log scale), got '%s'", flag, v);
      opts->set |= ROOF_CLI_SET_CONTEXT;
      break;
    case OPT_PROMPT:
      if (!parse_whole (flag, v, 1, 1e10, &wl->prompt, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_PROMPT;
      break;
    case OPT_OUTPUT:
      if (!parse_whole (flag, v, 0, 1e10, &wl->output, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_OUTPUT;
      break;
    case OPT_WEIGHTS:
      if (!parse_precision (flag, v, &wl->weights, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_WEIGHTS;
      break;
    case OPT_KV:
      if (!parse_precision (flag, v, &wl->kv, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_KV;
      break;
    case OPT_COMPUTE:
      if (!parse_precision (flag, v, &wl->compute, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_COMPUTE;
      break;
    case OPT_ACTIVATIONS:
      if (!parse_precision (flag, v, &wl->activations, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_ACTIVATIONS;
      break;
    case OPT_BYTES_PER_WEIGHT:
      if (!parse_real (flag, v, 0, TRUE, 64, &wl->bytes_per_weight, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_BYTES_PER_WEIGHT;
      break;
    case OPT_DEVICES:
    case OPT_TP:
      /* one value under two names: a second spelling must agree */
      if (!parse_whole (flag, v, 1, ROOF_CLI_MAX_DEVICES, &x, error))
        return FALSE;
      if ((opts->set & ROOF_CLI_SET_TP) && x != wl->devices)
        return usage_error (error, "%s %.15g contradicts %s %.15g (--devices N means --tp N)",
                            flag, x, opts->tp_flag, wl->devices);
      if (!(opts->set & ROOF_CLI_SET_TP))
        opts->tp_flag = g->spec->id == OPT_TP ? "--tp" : "--devices";
      wl->devices = x;
      opts->set |= ROOF_CLI_SET_TP;
      break;
    case OPT_EP:
      if (!parse_whole (flag, v, 1, ROOF_CLI_MAX_DEVICES, &wl->ep, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_EP;
      break;
    case OPT_PP:
      if (!parse_whole (flag, v, 1, ROOF_CLI_MAX_DEVICES, &wl->pp, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_PP;
      break;
    case OPT_DP:
      if (!parse_whole (flag, v, 1, ROOF_CLI_MAX_DEVICES, &wl->dp, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_DP;
      break;
    case OPT_ATTENTION:
      if (!roof_attn_parallel_from_name (v, &wl->attn_parallel))
        return usage_error (error, "%s expects data or tensor, got '%s'", flag, v);
      opts->set |= ROOF_CLI_SET_ATTENTION;
      break;
    case OPT_EP_IMBALANCE:
      if (!parse_real (flag, v, 1, FALSE, 1e3, &wl->ep_imbalance, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_EP_IMBALANCE;
      break;
    case OPT_MICROBATCHES:
      if (!parse_whole (flag, v, 1, 1e6, &wl->microbatches, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_MICROBATCHES;
      break;
    case OPT_TOP:
      if (!parse_whole (flag, v, 1, 1e9, &x, error))
        return FALSE;
      opts->top = (int) x;
      opts->set |= ROOF_CLI_SET_TOP;
      break;
    case OPT_ALL:
      opts->top = 0;
      opts->all = TRUE;
      break;
    case OPT_EVERY_BATCH:
      opts->every_batch = TRUE;
      break;
    case OPT_OVERLAP:
      if (!roof_overlap_from_name (v, &wl->overlap))
        return usage_error (error, "%s expects max or sum, got '%s'", flag, v);
      opts->set |= ROOF_CLI_SET_OVERLAP;
      break;
    case OPT_OVERHEAD_US:
      if (!parse_real (flag, v, 0, FALSE, 1e10, &x, error))
        return FALSE;
      wl->overhead = x * 1e-6;
      opts->set |= ROOF_CLI_SET_OVERHEAD;
      break;
    case OPT_STEP:
      if (!parse_real (flag, v, 0, TRUE, 0.5, &opts->step, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_STEP;
      break;
    case OPT_POINTS:
      if (!parse_whole (flag, v, 2, 10000, &x, error))
        return FALSE;
      opts->points = (int) x;
      opts->set |= ROOF_CLI_SET_POINTS;
      break;
    case OPT_ITL_MS:
      if (!parse_real (flag, v, 0, TRUE, 1e9, &x, error))
        return FALSE;
      opts->itl = x * 1e-3;
      opts->set |= ROOF_CLI_SET_ITL;
      break;
    case OPT_TTFT_MS:
      if (!parse_real (flag, v, 0, TRUE, 1e9, &x, error))
        return FALSE;
      opts->ttft = x * 1e-3;
      opts->set |= ROOF_CLI_SET_TTFT;
      break;
    case OPT_TOKENS_PER_S:
      if (!parse_real (flag, v, 0, TRUE, 1e15, &opts->tokens_per_s, error))
        return FALSE;
      opts->set |= ROOF_CLI_SET_TOKENS_PER_S;
      break;
    case OPT_MAX_DEVICES:
      if (!parse_whole (flag, v, 1, 65536, &x, error))
        return FALSE;
      opts->max_devices = (int) x;
      opts->set |= ROOF_CLI_SET_MAX_DEVICES;
      break;
    case OPT_PLOT_FILE:
      if (*v == '\0')
        return usage_error (error, "%s expects a file name, got ''", flag);
      {
        RoofExportFormat format;
        if (!roof_export_format_from_path (v, &format))
          return usage_error (error, "%s: the file name must end in .png, .svg or .pdf, got '%s'",
                              flag, v);
        opts->plot_format = (int) format;
      }
      g_free (opts->plot_file);
      opts->plot_file = g_strdup (v);
      break;
    case OPT_WIDTH:
      if (!parse_whole (flag, v, 100, 16384, &opts->plot_width, error))
        return FALSE;
      break;
    case OPT_HEIGHT:
      if (!parse_whole (flag, v, 100, 16384, &opts->plot_height, error))
        return FALSE;
      break;
    case OPT_SCALE:
      if (!parse_real (flag, v, 1, FALSE, 4, &opts->plot_scale, error))
        return FALSE;
      break;
    case OPT_THEME:
      {
        RoofThemeKind theme;
        if (!roof_theme_from_name (v, &theme))
          return usage_error (error, "%s expects light, dark or print, got '%s'", flag, v);
        opts->plot_theme = (int) theme;
      }
      break;
    case OPT_CEILINGS:
      {
        g_auto (GStrv) names = g_strsplit (v, ",", -1);
        guint mask = 0;
        for (guint i = 0; names[i] != NULL; i++)
          {
            RoofPrecision p;
            if (!parse_precision (flag, g_strstrip (names[i]), &p, error))
              return FALSE;
            mask |= 1u << p;
          }
        if (mask == 0)
          return usage_error (error, "%s expects at least one precision", flag);
        opts->plot_ceilings = mask;
        opts->set |= ROOF_CLI_SET_CEILINGS;
      }
      break;
    case OPT_NO_CAPTION:
      opts->plot_no_caption = TRUE;
      break;
    case OPT_TRANSPARENT:
      opts->plot_transparent = TRUE;
      break;
    case OPT_CATALOG:
      if (*v == '\0')
        return usage_error (error, "%s expects a file name, got ''", flag);
      g_ptr_array_add (opts->catalogs, g_strdup (v));
      break;
    case OPT_SCENARIO:
      if (*v == '\0')
        return usage_error (error, "%s expects a file name, got ''", flag);
      g_free (opts->scenario);
      opts->scenario = g_strdup (v);
      break;
    case OPT_HELP:
    case OPT_VERSION:
    default:
      break;
    }
  return TRUE;
}

static gboolean
check_command (RoofCliOptions *opts, GPtrArray *positionals, GError **error)
{
  const char *name = roof_cli_command_name (opts->command);
  guint n_args = positionals->len - 1; /* after the command */

  switch (opts->command)
    {
    case ROOF_CLI_COMMAND_LIST:
      {
        const char *what = n_args > 0 ? g_ptr_array_index (positionals, 1) : NULL;
        if (what == NULL)
          return usage_error (error, "list needs what to list: hardware, models or systems");
        if (g_str_equal (what, "hardware"))
          opts->list_what = ROOF_CLI_LIST_HARDWARE;
        else if (g_str_equal (what, "models") || g_str_equal (what, "model"))
          opts->list_what = ROOF_CLI_LIST_MODELS;
        else if (g_str_equal (what, "systems") || g_str_equal (what, "system"))
          opts->list_what = ROOF_CLI_LIST_SYSTEMS;
        else
          return usage_error (error, "list expects hardware, models or systems, got '%s'",
                              what);
        if (n_args > 1)
          return usage_error (error, "unexpected argument '%s'",
                              (const char *) g_ptr_array_index (positionals, 2));
        return TRUE;
      }
    case ROOF_CLI_COMMAND_SHOW:
      if (n_args == 0)
        return usage_error (error, "show needs the id of a device, a model or a system");
      if (n_args > 1)
        return usage_error (error, "unexpected argument '%s' (show takes one id)",
                            (const char *) g_ptr_array_index (positionals, 2));
      opts->show_id = g_strdup (g_ptr_array_index (positionals, 1));
      return TRUE;
    case ROOF_CLI_COMMAND_SWEEP:
      if (opts->json && opts->csv)
        return usage_error (error, "--json and --csv exclude each other");
      if (opts->batch_is_range && opts->context_is_range)
        return usage_error (error, "sweep one axis at a time: --batch A:B or --context A:B, "
                            "not both");
      if (!opts->batch_is_range && !opts->context_is_range)
        return usage_error (error, "sweep needs a range: --batch A:B or --context A:B");
      break;
    case ROOF_CLI_COMMAND_PLOT:
      {
        const char *kind = n_args > 0 ? g_ptr_array_index (positionals, 1) : NULL;
        RoofPlotKind k;
        if (kind == NULL)
          return usage_error (error, "plot needs a chart: roofline, cost, sensitivity, batch, "
                                     "context, memory or trend");
        if (!roof_plot_kind_from_name (kind, &k))
          return usage_error (error, "plot expects roofline, cost, sensitivity, batch, context, "
                                     "memory or trend, got '%s'", kind);
        opts->plot_kind = (int) k;
        if (n_args > 1)
          return usage_error (error, "unexpected argument '%s'",
                              (const char *) g_ptr_array_index (positionals, 2));
        if (opts->plot_file == NULL)
          return usage_error (error, "plot needs the file to write: -o FILE.png|svg|pdf");
        if (opts->plot_transparent && opts->plot_format != ROOF_EXPORT_PNG)
          return usage_error (error, "--transparent applies to PNG files only");
        double w, h;
        if (opts->plot_format == ROOF_EXPORT_PNG
            && !roof_export_size_fits (opts->plot_width, opts->plot_height, opts->plot_scale, &w,
                                       &h))
          return usage_error (error,
                              "--width %.15g --height %.15g --scale %.15g make a PNG of %.0f × "
                              "%.0f pixels, past the limit of %d megapixels and %d pixels a "
                              "side: lower --width, --height or --scale, or write an SVG or "
                              "PDF",
                              opts->plot_width, opts->plot_height, opts->plot_scale, w, h,
                              ROOF_EXPORT_MAX_MEGAPIXELS, ROOF_EXPORT_MAX_SIDE);
        return TRUE;
      }
    case ROOF_CLI_COMMAND_LAYOUTS:
      if (opts->json && opts->csv)
        return usage_error (error, "--json and --csv exclude each other");
      if (opts->all && (opts->set & ROOF_CLI_SET_TOP))
        return usage_error (error, "--top N and --all exclude each other");
      break;
    case ROOF_CLI_COMMAND_SOLVE:
    case ROOF_CLI_COMMAND_SENSITIVITY:
    case ROOF_CLI_COMMAND_SYNTHESIZE:
    case ROOF_CLI_COMMAND_COST:
    case ROOF_CLI_COMMAND_NONE:
    case ROOF_CLI_N_COMMANDS:
    default:
      break;
    }
  if (n_args > 0)
    return usage_error (error, "unexpected argument '%s' (%s takes options only)",
                        (const char *) g_ptr_array_index (positionals, 1), name);
  return TRUE;
}

gboolean
roof_cli_parse (int argc, char **argv, RoofCliOptions *opts, GError **error)
{
  g_autoptr (GArray) given = NULL;
  g_autoptr (GPtrArray) positionals = NULL;
  g_autoptr (GError) pending = NULL;
  gboolean only_positionals = FALSE;
  const char *command_name;

  g_return_val_if_fail (argc >= 0, FALSE);
  g_return_val_if_fail (argc == 0 || argv != NULL, FALSE);
  g_return_val_if_fail (opts != NULL && opts->hardware != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  given = g_array_new (FALSE, TRUE, sizeof (Given));
  g_array_set_clear_func (given, given_clear);
  positionals = g_ptr_array_new ();

  /* First pass: split options from positionals. The command is not known
   * yet (options may precede it), so values are only collected here. */
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      const OptSpec *spec = NULL;
      const char *inline_value = NULL;
      g_autofree char *flag = NULL;

      if (arg == NULL)
        continue;
      if (only_positionals || arg[0] != '-' || arg[1] == '\0')
        {
          g_ptr_array_add (positionals, (gpointer) arg);
          continue;
        }
      if (g_str_equal (arg, "--"))
        {
          only_positionals = TRUE;
          continue;
        }

      if (arg[1] == '-')
        {
          const char *name = arg + 2;
          const char *eq = strchr (name, '=');
          gsize len = eq != NULL ? (gsize) (eq - name) : strlen (name);

          spec = find_long (name, len);
          flag = g_strdup_printf ("--%.*s", (int) len, name);
          if (eq != NULL)
            inline_value = eq + 1;
          if (spec == NULL)
            {
              g_autofree char *bare = g_strndup (name, len);
              const char *near = closest_long_option (bare);
              if (near != NULL)
                usage_error (&pending, "unknown option '%s' (did you mean '--%s'?)", flag, near);
              else
                usage_error (&pending, "unknown option '%s'", flag);
              continue;
            }
        }
      else
        {
          spec = find_short (arg[1]);
          flag = g_strdup_printf ("-%c", arg[1]);
          if (arg[2] != '\0')
            inline_value = arg + 2;
          if (spec == NULL)
            {
              usage_error (&pending, "unknown option '%s'", flag);
              continue;
            }
        }

      if (spec->id == OPT_HELP)
        opts->help = TRUE;
      else if (spec->id == OPT_VERSION)
        opts->version = TRUE;

      Given g = { spec, NULL, NULL };
      if (spec->metavar != NULL)
        {
          if (inline_value != NULL)
            g.value = inline_value;
          else if (i + 1 < argc && argv[i + 1] != NULL)
            g.value = argv[++i];
          else
            {
              usage_error (&pending, "option '%s' needs a value (%s)", flag, spec->metavar);
              continue;
            }
        }
      else if (inline_value != NULL)
        {
          usage_error (&pending, "option '%s' takes no value", flag);
          continue;
        }
      g.flag = g_steal_pointer (&flag);
      g_array_append_val (given, g);
    }

  /* The command */
  command_name = positionals->len > 0 ? g_ptr_array_index (positionals, 0) : NULL;
  if (command_name != NULL && g_str_equal (command_name, "help"))
    {
      opts->help = TRUE;
      g_ptr_array_remove_index (positionals, 0);
      command_name = positionals->len > 0 ? g_ptr_array_index (positionals, 0) : NULL;
    }
  if (command_name != NULL && !roof_cli_command_from_name (command_name, &opts->command))
    {
      const char *near = closest_command (command_name);
      if (near != NULL)
        return usage_error (error, "unknown command '%s' (did you mean '%s'?)", command_name,
                            near);
      return usage_error (error, "unknown command '%s'", command_name);
    }

  /* --help and --version win over anything else on the line */
  if (opts->help || opts->version)
    return TRUE;
  if (pending != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&pending));
      return FALSE;
    }
  if (opts->command == ROOF_CLI_COMMAND_NONE)
    return usage_error (error, "no command given");

  /* Second pass: the values, now that the command is known */
  for (guint i = 0; i < given->len; i++)
    {
      Given *g = &g_array_index (given, Given, i);
      const OptSpec *spec = find_for_command (g->spec->id, opts->command);

      if (spec == NULL)
        return usage_error (error, "option '%s' does not apply to %s", g->flag,
                            roof_cli_command_name (opts->command));
      g->spec = spec;
      if (!apply (opts, g, error))
        return FALSE;
    }

  return check_command (opts, positionals, error);
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
      if (command == ROOF_CLI_COMMAND_NONE && o->commands != CMD_ALL)
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
  append_group (s, command, GROUP_COMMON, "Common options");
  if (command != ROOF_CLI_COMMAND_LIST && command != ROOF_CLI_COMMAND_SHOW)
    g_string_append (s, "\nPrecisions (PREC): fp64 fp32 tf32 bf16 fp16 fp8 int8 int4 fp4.\n"
                        "Workload defaults come from --scenario when given; flags override "
                        "them.\n");
  return g_string_free (s, FALSE);
}
