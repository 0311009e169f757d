/* roof-cli-options.h — the command line of roofline-cli, parsed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * roof_cli_parse() is a pure function: it prints nothing, exits never and
 * knows nothing of the catalog (an unknown id is found later, when the
 * catalog is loaded). Usage errors carry ROOF_CLI_ERROR_USAGE.
 */
#pragma once

#include <glib.h>

#include "roof-levers.h"
#include "roof-solver.h"

G_BEGIN_DECLS

#define ROOF_CLI_ERROR (roof_cli_error_quark ())

typedef enum
{
  ROOF_CLI_ERROR_USAGE,      /* bad command line: exit status 2 */
  ROOF_CLI_ERROR_FAILED,     /* the work failed: exit status 1 */
  ROOF_CLI_ERROR_UNKNOWN_ID, /* no such device or model: exit status 2, like USAGE */
} RoofCliError;

GQuark roof_cli_error_quark (void);

#define ROOF_CLI_EXIT_OK 0
#define ROOF_CLI_EXIT_FAILED 1
#define ROOF_CLI_EXIT_USAGE 2

/* The most devices --devices accepts; a suggestion never exceeds it. */
#define ROOF_CLI_MAX_DEVICES 1000000

/* Subcommands. A new one gets a value here, a row in the command table of
 * roof-cli-option-table.c (name, synopsis, summary), its flags in the option
 * table, and a run function in roof-cli.c's dispatch table. */
typedef enum
{
  ROOF_CLI_COMMAND_NONE = 0,
  ROOF_CLI_COMMAND_LIST,
  ROOF_CLI_COMMAND_SHOW,
  ROOF_CLI_COMMAND_SOLVE,
  ROOF_CLI_COMMAND_SWEEP,
  ROOF_CLI_COMMAND_SENSITIVITY,
  ROOF_CLI_COMMAND_SYNTHESIZE,
  ROOF_CLI_COMMAND_COST,
  ROOF_CLI_COMMAND_PLOT,
  ROOF_CLI_COMMAND_LAYOUTS,
  ROOF_CLI_COMMAND_PARETO,
  ROOF_CLI_COMMAND_MEASURED,
  ROOF_CLI_COMMAND_PROBE,
  ROOF_CLI_COMMAND_CALIBRATE,
  ROOF_CLI_COMMAND_PLAN,
  ROOF_CLI_N_COMMANDS
} RoofCliCommand;

/* "solve", …; NULL for NONE or out of range. */
const char *roof_cli_command_name (RoofCliCommand command);
gboolean roof_cli_command_from_name (const char *name, RoofCliCommand *out);

typedef enum
{
  ROOF_CLI_LIST_HARDWARE = 0,
  ROOF_CLI_LIST_MODELS,
  ROOF_CLI_LIST_SYSTEMS,
} RoofCliListWhat;

typedef enum
{
  ROOF_CLI_MEASURED_LIST = 0,
  ROOF_CLI_MEASURED_IMPORT,
  ROOF_CLI_MEASURED_SHOW,
} RoofCliMeasuredAction;

/* Which values were given on the command line; only those override the
 * scenario's (or roof_workload_init's) defaults. */
typedef enum
{
  ROOF_CLI_SET_PHASE = 1 << 0,
  ROOF_CLI_SET_BATCH = 1 << 1,
  ROOF_CLI_SET_CONTEXT = 1 << 2,
  ROOF_CLI_SET_PROMPT = 1 << 3,
  ROOF_CLI_SET_OUTPUT = 1 << 4,
  ROOF_CLI_SET_WEIGHTS = 1 << 5,
  ROOF_CLI_SET_KV = 1 << 6,
  ROOF_CLI_SET_COMPUTE = 1 << 7,
  ROOF_CLI_SET_ACTIVATIONS = 1 << 8,
  ROOF_CLI_SET_DEVICES = 1 << 9,
  ROOF_CLI_SET_OVERLAP = 1 << 10,
  ROOF_CLI_SET_OVERHEAD = 1 << 11,
  ROOF_CLI_SET_BYTES_PER_WEIGHT = 1 << 12,
  ROOF_CLI_SET_STEP = 1 << 13,
  ROOF_CLI_SET_POINTS = 1 << 14,
  ROOF_CLI_SET_ITL = 1 << 15,
  ROOF_CLI_SET_TTFT = 1 << 16,
  ROOF_CLI_SET_TOKENS_PER_S = 1 << 17,
  ROOF_CLI_SET_MAX_DEVICES = 1 << 18,
  ROOF_CLI_SET_CEILINGS = 1 << 19,
  ROOF_CLI_SET_EP = 1 << 20,
  ROOF_CLI_SET_PP = 1 << 21,
  ROOF_CLI_SET_DP = 1 << 22,
  ROOF_CLI_SET_ATTENTION = 1 << 23,
  ROOF_CLI_SET_EP_IMBALANCE = 1 << 24,
  ROOF_CLI_SET_MICROBATCHES = 1 << 25,
  ROOF_CLI_SET_TOP = 1 << 26,
  ROOF_CLI_SET_FRONTIER_Y = 1 << 27,
} RoofCliSet;

/* The fleet flags given (RoofCliOptions.fleet_set). */
enum
{
  ROOF_CLI_FLEET_RATE = 1 << 0,
  ROOF_CLI_FLEET_LENGTHS = 1 << 1,
  ROOF_CLI_FLEET_TTFT_P50 = 1 << 2,
  ROOF_CLI_FLEET_TTFT_P99 = 1 << 3,
};

/* --tp and --devices are one value (ROOF_CLI_SET_DEVICES); both may be given
 * only when they agree. */
#define ROOF_CLI_SET_TP ROOF_CLI_SET_DEVICES
/* Every flag of the layout: --tp/--devices, --ep, --pp, --dp. */
#define ROOF_CLI_SET_LAYOUT                                                                       \
  (ROOF_CLI_SET_TP | ROOF_CLI_SET_EP | ROOF_CLI_SET_PP | ROOF_CLI_SET_DP)

/* How $/Mtok is priced (docs/model.md, "Energy and ownership"). */
typedef enum
{
  ROOF_CLI_COST_RENT = 0, /* the catalog's rental price per device-hour */
  ROOF_CLI_COST_OWN,      /* purchase price amortised, plus power × $/kWh × PUE */
} RoofCliCostBasis;

/* The levers of docs/model.md: speculative decoding, disaggregated
 * serving, ownership (flags --spec-*, --disagg and --prefill-*, --cost …). */
typedef struct
{
  gboolean spec;       /* --spec-k given */
  double spec_k;       /* --spec-k */
  gboolean has_accept; /* --spec-accept given */
  double spec_accept;
  char *draft_model;   /* --draft-model ID */
  double mtp_params;   /* --mtp-params N; 0 = not given */

  gboolean disagg;        /* --disagg */
  char *prefill_system;   /* --prefill-system ID */
  char *prefill_hardware; /* --prefill-hardware ID */
  double prefill_tp;      /* --prefill-tp; 0 = the workload's tp */
  double prefill_ep;      /* --prefill-ep; 0 = 1 */
  double prefill_batch;   /* --prefill-batch; 0 = 1 prompt per step */
  const char *prefill_flag; /* the first --prefill-* flag given (static), for messages */

  gboolean cost_given;     /* --cost given */
  RoofCliCostBasis cost;   /* --cost */
  RoofOwnership own;       /* --capex-usd, --years, --usd-per-kwh, --pue */
  guint own_set;           /* bits: 1 capex, 2 years, 4 usd/kWh, 8 pue */
  const char *own_flag;    /* the first ownership flag given (static), for messages */

  /* where each group came from, for messages: the flag, or the scenario's
   * field (set when the CLI resolves them, roof-cli-levers.c) */
  const char *draft_what;   /* "--draft-model" or "speculative.draft_model" */
  const char *prefill_what; /* "--prefill-system" or "disagg.prefill_system" … */
} RoofCliLevers;

typedef struct
{
  RoofCliCommand command;
  gboolean help;    /* --help, -h or `help COMMAND` */
  gboolean version; /* --version */

  RoofCliListWhat list_what; /* list */
  char *show_id;             /* show */
  RoofCliMeasuredAction measured_action; /* measured list|import FILE|show ID */
  char *measured_arg;                    /* the FILE or the ID */
  GPtrArray *measured_files; /* char*, every --measured FILE (plot, solve) */
  gboolean bundled_measurements; /* plot, calibrate --bundled-measurements */
  gboolean save;                 /* calibrate --save */
  gboolean calibrated;           /* solve, plot --calibrated */
  /* plot and solve: what a --measured file does not say (NULL, 0: the
   * command's own device and model when there is one of each) */
  char *measured_hardware, *measured_system, *measured_model;
  double measured_devices;

  GPtrArray *hardware; /* char*, every -H in order */
  GPtrArray *systems;  /* char*, every --system in order */
  /* The columns in command-line order: one byte per -H (0) or --system (1),
   * so `-H a --system b -H c` compares a, b, c in that order. */
  GByteArray *target_is_system;
  char *model;         /* -m */
  GPtrArray *catalogs; /* char*, every --catalog in order */
  char *scenario;      /* --scenario */

  gboolean json;
  gboolean csv;       /* sweep */
  gboolean breakdown; /* solve */

  guint set; /* RoofCliSet */
  /* Workload values given on the command line (see `set`). In sweep and
   * cost, --batch / --context A:B put A in batch / context and B below. */
  RoofWorkload workload;
  gboolean batch_is_range;
  double batch_hi;
  gboolean context_is_range;
  double context_hi;

  double step;         /* sensitivity --step */
  int points;          /* sweep/cost --points */
  double itl;          /* synthesize --itl-ms, in seconds */
  double ttft;         /* synthesize --ttft-ms, in seconds */
  double tokens_per_s; /* synthesize --tokens-per-s */
  int max_devices;     /* synthesize --max-devices */
  int top;             /* layouts --top N; 0 = the default (see ROOF_CLI_SET_TOP) */
  gboolean all;         /* layouts --all */
  gboolean every_batch; /* layouts --every-batch */
  int frontier_metric;  /* pareto and plot pareto --y: RoofFrontierMetric */
  gboolean plot_linear; /* plot pareto --linear */
  /* plan and plot plan: --rate, --lengths, --ttft-p50-ms, --ttft-p99-ms
   * (seconds); fleet_set says which were given (ROOF_CLI_FLEET_*) */
  double rate;
  char *lengths;
  double ttft_p50, ttft_p99;
  guint fleet_set;
  const char *tp_flag; /* "--tp" or "--devices", whichever came first (static) */
  /* layouts, pareto and plot pareto --devices N: the devices of the system
   * a bare device (-H) stands for; 0 = 8. A system's own size is its own. */
  double system_devices;

  /* plot */
  int plot_kind;         /* RoofPlotKind */
  char *plot_file;       /* -o FILE */
  int plot_format;       /* RoofExportFormat, from the file's extension */
  double plot_width;     /* --width, default 1600 */
  double plot_height;    /* --height, default 1000 */
  double plot_scale;     /* --scale, default 1 */
  int plot_theme;        /* RoofThemeKind, --theme */
  guint plot_ceilings;   /* --ceilings, a bit per RoofPrecision */
  gboolean plot_no_caption;
  gboolean plot_transparent;

  RoofCliLevers levers;
  /* probe */
  double probe_seconds; /* --seconds, default ROOF_PROBE_DEFAULT_SECONDS */
  gboolean no_save;     /* --no-save */
} RoofCliOptions;

void roof_cli_options_init (RoofCliOptions *opts);
void roof_cli_options_clear (RoofCliOptions *opts);

/* Parses argv[1..argc) (argv[0] is the program name) into `opts`, which must
 * have been initialised. On failure returns FALSE with a ROOF_CLI_ERROR_USAGE
 * error; `opts->command` then still names the subcommand when one was
 * recognised, so the caller can point at its --help. `opts` must be cleared
 * either way. */
gboolean roof_cli_parse (int argc, char **argv, RoofCliOptions *opts, GError **error);

/* The text of `roofline-cli COMMAND --help` (NONE: the general help). */
char *roof_cli_help_text (RoofCliCommand command);

G_END_DECLS
