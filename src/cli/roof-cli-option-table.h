/* roof-cli-option-table.h — roofline-cli's commands and options as data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Private to src/cli: the tables of roof-cli-option-table.c, which the
 * parser (roof-cli-options.c) reads and the help is written from.
 */
#pragma once

#include <glib.h>

#include "roof-cli-options.h"

G_BEGIN_DECLS

#define CMD(c) (1u << (c))
#define CMD_MODEL_ON_HW                                                                           \
  (CMD (ROOF_CLI_COMMAND_SOLVE) | CMD (ROOF_CLI_COMMAND_SWEEP)                                    \
   | CMD (ROOF_CLI_COMMAND_SENSITIVITY) | CMD (ROOF_CLI_COMMAND_SYNTHESIZE)                       \
   | CMD (ROOF_CLI_COMMAND_COST) | CMD (ROOF_CLI_COMMAND_PLOT))
#define CMD_LAYOUTS CMD (ROOF_CLI_COMMAND_LAYOUTS)
#define CMD_PARETO CMD (ROOF_CLI_COMMAND_PARETO)
#define CMD_PLAN CMD (ROOF_CLI_COMMAND_PLAN)
/* the commands that solve: every -m command, layouts and pareto included */
#define CMD_SOLVING (CMD_MODEL_ON_HW | CMD_LAYOUTS | CMD_PARETO | CMD_PLAN)
#define CMD_ALL ((1u << ROOF_CLI_N_COMMANDS) - 1u)
/* the commands that time decode steps speculatively (--spec-k and its drafter) */
#define CMD_SPECULATIVE                                                                           \
  (CMD (ROOF_CLI_COMMAND_SOLVE) | CMD (ROOF_CLI_COMMAND_SWEEP) | CMD_LAYOUTS | CMD_PARETO        \
   | CMD (ROOF_CLI_COMMAND_PLOT) | CMD_PLAN)
/* the commands with a prefill pool beside the decode pool (--disagg and its pool) */
#define CMD_DISAGG (CMD (ROOF_CLI_COMMAND_SOLVE) | CMD (ROOF_CLI_COMMAND_PLOT) | CMD_PLAN)
/* the commands that print or draw $/Mtok of the devices given: --cost own applies */
#define CMD_PRICED                                                                                \
  (CMD (ROOF_CLI_COMMAND_SOLVE) | CMD (ROOF_CLI_COMMAND_SWEEP) | CMD (ROOF_CLI_COMMAND_COST)      \
   | CMD_LAYOUTS | CMD_PARETO | CMD_PLAN | CMD (ROOF_CLI_COMMAND_SYNTHESIZE)                     \
   | CMD (ROOF_CLI_COMMAND_PLOT))
/* the commands that read the catalog (--catalog, --scenario): all but probe,
 * whose --catalog is the file it writes */
#define CMD_CATALOG (CMD_ALL & ~CMD (ROOF_CLI_COMMAND_PROBE))

typedef enum
{
  OPT_HARDWARE,
  OPT_SAVE,
  OPT_CALIBRATED,
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
  OPT_Y,
  OPT_LINEAR,
  OPT_OVERLAP,
  OPT_OVERHEAD_US,
  OPT_STEP,
  OPT_POINTS,
  OPT_ITL_MS,
  OPT_TTFT_MS,
  OPT_RATE,
  OPT_LENGTHS,
  OPT_TTFT_P50_MS,
  OPT_TTFT_P99_MS,
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
  OPT_SPEC_K,
  OPT_SPEC_ACCEPT,
  OPT_DRAFT_MODEL,
  OPT_MTP_PARAMS,
  OPT_DISAGG,
  OPT_PREFILL_SYSTEM,
  OPT_PREFILL_HARDWARE,
  OPT_PREFILL_TP,
  OPT_PREFILL_EP,
  OPT_PREFILL_BATCH,
  OPT_COST,
  OPT_CAPEX_USD,
  OPT_YEARS,
  OPT_USD_PER_KWH,
  OPT_PUE,
  OPT_SECONDS,
  OPT_NO_SAVE,
  OPT_CATALOG,
  OPT_SCENARIO,
  OPT_HELP,
  OPT_VERSION,
  OPT_MEASURED,
  OPT_BUNDLED_MEASUREMENTS,
  OPT_MEASURED_HARDWARE,
  OPT_MEASURED_SYSTEM,
  OPT_MEASURED_MODEL,
  OPT_MEASURED_DEVICES,
} OptId;

typedef enum
{
  GROUP_COMMAND,
  GROUP_WORKLOAD,
  GROUP_LAYOUT,
  GROUP_LEVERS,
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

/* The row of a long option (`len` bytes of `name`) or a short one; NULL
 * when there is none. */
const OptSpec *roof_cli_option_find_long (const char *name, gsize len);
const OptSpec *roof_cli_option_find_short (char c);
/* The row of option `id` that applies to `command`, or NULL. */
const OptSpec *roof_cli_option_find_for_command (OptId id, RoofCliCommand command);
/* The long option or command name within two edits of `name`, for "did you
 * mean"; NULL when none is that close. */
const char *roof_cli_option_closest (const char *name);
const char *roof_cli_command_closest (const char *name);

G_END_DECLS
