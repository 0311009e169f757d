/* test-cli-parse.c — the argument parser and the formatting helpers of roofline-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "roof-cli-format.h"
#include "roof-cli-options.h"
#include "roof-cli-private.h"

/* Parses a NULL-terminated list of arguments (the program name is added). */
static gboolean
parse (RoofCliOptions *opts, GError **error, const char *first, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  va_list ap;

  g_ptr_array_add (argv, (gpointer) "roofline-cli");
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  roof_cli_options_init (opts);
  return roof_cli_parse ((int) argv->len - 1, (char **) argv->pdata, opts, error);
}

/* The same from one line split at spaces. */
static gboolean
parse_line (RoofCliOptions *opts, GError **error, const char *line)
{
  g_auto (GStrv) words = g_strsplit (line, " ", -1);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) "roofline-cli");
  for (guint i = 0; words[i] != NULL; i++)
    g_ptr_array_add (argv, words[i]);
  g_ptr_array_add (argv, NULL);
  roof_cli_options_init (opts);
  return roof_cli_parse ((int) argv->len - 1, (char **) argv->pdata, opts, error);
}

static void
test_solve_basic (void)
{
  RoofCliOptions o;
  g_autoptr (GError) error = NULL;

  g_assert_true (parse (&o, &error, "solve", "-H", "nvidia-h100-sxm", "-H", "nvidia-h200-sxm",
                        "-m", "llama-3.1-70b", "--batch", "8", "--context", "100", "--weights",
                        "fp8", "--kv", "fp8", "--compute", "fp8", "--devices", "2", "--overlap",
                        "sum", "--overhead-us", "20", "--phase", "prefill", "--prompt", "512",
                        "--output", "64", "--activations", "fp16", "--bytes-per-weight", "0.53",
                        "--json", "--breakdown", NULL));
  g_assert_no_error (error);
  g_assert_cmpint (o.command, ==, ROOF_CLI_COMMAND_SOLVE);
  g_assert_cmpuint (o.hardware->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (o.hardware, 0), ==, "nvidia-h100-sxm");
  g_assert_cmpstr (g_ptr_array_index (o.hardware, 1), ==, "nvidia-h200-sxm");
  g_assert_cmpstr (o.model, ==, "llama-3.1-70b");
  g_assert_cmpfloat (o.workload.batch, ==, 8);
  g_assert_cmpfloat (o.workload.context, ==, 100);
  g_assert_cmpfloat (o.workload.prompt, ==, 512);
  g_assert_cmpfloat (o.workload.output, ==, 64);
  g_assert_cmpint (o.workload.weights, ==, ROOF_PREC_FP8);
  g_assert_cmpint (o.workload.kv, ==, ROOF_PREC_FP8);
  g_assert_cmpint (o.workload.compute, ==, ROOF_PREC_FP8);
  g_assert_cmpint (o.workload.activations, ==, ROOF_PREC_FP16);
  g_assert_cmpfloat (o.workload.bytes_per_weight, ==, 0.53);
  g_assert_cmpfloat (o.workload.devices, ==, 2);
  g_assert_cmpint (o.workload.overlap, ==, ROOF_OVERLAP_SUM);
  g_assert_cmpfloat_with_epsilon (o.workload.overhead, 20e-6, 1e-15);
  g_assert_cmpint (o.workload.phase, ==, ROOF_PHASE_PREFILL);
  g_assert_true (o.json);
  g_assert_true (o.breakdown);
  g_assert_false (o.batch_is_range);
  /* every workload flag is recorded as given, so it overrides a scenario */
  g_assert_cmpuint (o.set & ROOF_CLI_SET_BATCH, !=, 0);
  g_assert_cmpuint (o.set & ROOF_CLI_SET_OVERHEAD, !=, 0);
  g_assert_cmpuint (o.set & ROOF_CLI_SET_STEP, ==, 0);
  roof_cli_options_clear (&o);
}

/* every layout flag reaches the workload, and is recorded as given */
static void
test_layout_flags (void)
{
  RoofCliOptions o;
  g_autoptr (GError) error = NULL;

  g_assert_true (parse (&o, &error, "solve", "--system", "nvidia-gb200-nvl72", "-H",
                        "nvidia-h200-sxm", "--system", "nvidia-hgx-h200", "-m", "deepseek-v3",
                        "--tp", "2", "--ep", "36", "--pp", "3", "--dp", "4", "--attention",
                        "tensor", "--ep-imbalance", "1.25", "--microbatches", "6", NULL));
  g_assert_no_error (error);
  g_assert_cmpfloat (o.workload.devices, ==, 2);
  g_assert_cmpfloat (o.workload.ep, ==, 36);
  g_assert_cmpfloat (o.workload.pp, ==, 3);
  g_assert_cmpfloat (o.workload.dp, ==, 4);
  g_assert_cmpint (o.workload.attn_parallel, ==, ROOF_ATTN_PARALLEL_TENSOR);
  g_assert_cmpfloat (o.workload.ep_imbalance, ==, 1.25);
  g_assert_cmpfloat (o.workload.microbatches, ==, 6);
  g_assert_cmpuint (o.set & ROOF_CLI_SET_LAYOUT, ==, ROOF_CLI_SET_LAYOUT);
  g_assert_cmpuint (o.set & ROOF_CLI_SET_ATTENTION, !=, 0);
  g_assert_cmpuint (o.set & ROOF_CLI_SET_EP_IMBALANCE, !=, 0);
  g_assert_cmpuint (o.set & ROOF_CLI_SET_MICROBATCHES, !=, 0);
  /* systems and devices keep the order they were given in */
  g_assert_cmpuint (o.systems->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (o.systems, 0), ==, "nvidia-gb200-nvl72");
  g_assert_cmpstr (g_ptr_array_index (o.systems, 1), ==, "nvidia-hgx-h200");
  g_assert_cmpuint (o.hardware->len, ==, 1);
  g_assert_cmpuint (o.target_is_system->len, ==, 3);
  g_assert_cmpuint (o.target_is_system->data[0], ==, 1);
  g_assert_cmpuint (o.target_is_system->data[1], ==, 0);
  g_assert_cmpuint (o.target_is_system->data[2], ==, 1);
  roof_cli_options_clear (&o);

  /* --devices N is --tp N: both may be given when they agree */
  g_assert_true (parse (&o, &error, "sensitivity", "-H", "a", "-m", "b", "--devices", "8",
                        "--tp", "8", NULL));
  g_assert_no_error (error);
  g_assert_cmpfloat (o.workload.devices, ==, 8);
  g_assert_cmpuint (o.set & ROOF_CLI_SET_TP, !=, 0);
  roof_cli_options_clear (&o);

  /* every timing command takes them */
  static const char *const lines[] = {
    "solve --system s -m b",
    "sweep --system s -m b --batch 1:2",
    "sensitivity --system s -m b",
    "cost --system s -m b --batch 1:4",
    "plot batch --system s -m b -o x.png",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autofree char *line = g_strconcat (lines[i], " --tp 4 --ep 8 --pp 2 --dp 3", NULL);
      g_assert_true (parse_line (&o, &error, line));
      g_assert_no_error (error);
      g_assert_cmpfloat (o.workload.devices, ==, 4);
      g_assert_cmpfloat (o.workload.ep, ==, 8);
      g_assert_cmpfloat (o.workload.pp, ==, 2);
      g_assert_cmpfloat (o.workload.dp, ==, 3);
      g_assert_cmpstr (g_ptr_array_index (o.systems, 0), ==, "s");
      roof_cli_options_clear (&o);
    }

  /* synthesize chooses TP itself; the rest of the layout is taken */
  g_assert_true (parse (&o, &error, "synthesize", "--system", "s", "-m", "b", "--itl-ms", "50",
                        "--ep", "8", NULL));
  g_assert_no_error (error);
  g_assert_cmpfloat (o.workload.ep, ==, 8);
  roof_cli_options_clear (&o);
}

static void
test_layouts_command (void)
{
  RoofCliOptions o;
  g_autoptr (GError) error = NULL;

  g_assert_true (parse (&o, &error, "layouts", "-m", "deepseek-v3", "--system", "a", "--system",
                        "b", "--itl-ms", "50", "--ttft-ms", "2000", "--weights", "fp8",
                        "--context", "8192", "--ep-imbalance", "1.1", "--top", "5", NULL));
  g_assert_no_error (error);
  g_assert_cmpint (o.command, ==, ROOF_CLI_COMMAND_LAYOUTS);
  g_assert_cmpuint (o.systems->len, ==, 2);
  g_assert_cmpfloat_with_epsilon (o.itl, 0.050, 1e-15);
  g_assert_cmpfloat_with_epsilon (o.ttft, 2.0, 1e-15);
  g_assert_cmpfloat (o.workload.context, ==, 8192);
  g_assert_cmpint (o.top, ==, 5);
  g_assert_false (o.all);
  roof_cli_options_clear (&o);

  g_assert_true (parse (&o, &error, "layouts", "-m", "b", "-H", "a", "--all", "--csv",
                        "--every-batch", NULL));
  g_assert_no_error (error);
  g_assert_true (o.all);
  g_assert_true (o.csv);
  g_assert_true (o.every_batch);
  roof_cli_options_clear (&o);

  g_assert_true (parse (&o, &error, "list", "systems", NULL));
  g_assert_no_error (error);
  g_assert_cmpint (o.list_what, ==, ROOF_CLI_LIST_SYSTEMS);
  roof_cli_options_clear (&o);
}

static void
test_defaults_not_set (void)
{
  RoofCliOptions o;
  g_autoptr (GError) error = NULL;

  g_assert_true (parse (&o, &error, "solve", "-H", "a", "-m", "b", NULL));
  g_assert_no_error (error);
  g_assert_cmpuint (o.set, ==, 0);
  g_assert_false (o.json);
  roof_cli_options_clear (&o);
}

static void
test_inline_values (void)
{
  RoofCliOptions o;
  g_autoptr (GError) error = NULL;

  g_assert_true (parse (&o, &error, "--catalog=x.json", "sensitivity", "-Hnvidia-h100-sxm",
                        "--model=llama-3.1-8b", "-b16", "--step=0.1", "--catalog", "y.json",
                        NULL));
  g_assert_no_error (error);
  g_assert_cmpint (o.command, ==, ROOF_CLI_COMMAND_SENSITIVITY);
  g_assert_cmpstr (g_ptr_array_index (o.hardware, 0), ==, "nvidia-h100-sxm");
  g_assert_cmpstr (o.model, ==, "llama-3.1-8b");
  g_assert_cmpfloat (o.workload.batch, ==, 16);
  g_assert_cmpfloat (o.step, ==, 0.1);
  /* catalogs keep their order: later files overlay earlier ones */
  g_assert_cmpuint (o.catalogs->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (o.catalogs, 0), ==, "x.json");
  g_assert_cmpstr (g_ptr_array_index (o.catalogs, 1), ==, "y.json");
  roof_cli_options_clear (&o);
}

static void
test_ranges (void)
{
  RoofCliOptions o;
  g_autoptr (GError) error = NULL;

  g_assert_true (parse (&o, &error, "sweep", "-H", "a", "-m", "b", "--batch", "1:256",
                        "--context", "2048", "--csv", "--points", "5", NULL));
  g_assert_no_error (error);
  g_assert_true (o.batch_is_range);
  g_assert_cmpfloat (o.workload.batch, ==, 1);
  g_assert_cmpfloat (o.batch_hi, ==, 256);
  g_assert_false (o.context_is_range);
  g_assert_cmpfloat (o.workload.context, ==, 2048);
  g_assert_cmpint (o.points, ==, 5);
  g_assert_true (o.csv);
  roof_cli_options_clear (&o);

  g_assert_true (parse (&o, &error, "sweep", "-H", "a", "-m", "b", "--context", "128:131072",
                        NULL));
  g_assert_no_error (error);
  g_assert_true (o.context_is_range);
  g_assert_cmpfloat (o.workload.context, ==, 128);
  g_assert_cmpfloat (o.context_hi, ==, 131072);
  roof_cli_options_clear (&o);

  /* cost: optional range, a single value means that batch only */
  g_assert_true (parse (&o, &error, "cost", "-H", "a", "-m", "b", "--batch", "4:64", NULL));
  g_assert_no_error (error);
  g_assert_true (o.batch_is_range);
  g_assert_cmpfloat (o.batch_hi, ==, 64);
  roof_cli_options_clear (&o);
}

typedef struct
{
  const char *what;
  const char *args[12];
  const char *in_message; /* a substring the message must hold */
} Reject;

static const Reject rejects[] = {
  { "non-numeric batch", { "solve", "-H", "a", "-m", "b", "--batch", "abc" }, "--batch" },
  { "negative batch", { "solve", "-H", "a", "-m", "b", "--batch", "-1" }, "-1" },
  { "zero batch", { "solve", "-H", "a", "-m", "b", "-b", "0" }, "-b" },
  { "fractional batch", { "solve", "-H", "a", "-m", "b", "--batch", "1.5" }, "1.5" },
  { "hex batch", { "solve", "-H", "a", "-m", "b", "--batch", "0x10" }, "0x10" },
  { "infinite batch", { "solve", "-H", "a", "-m", "b", "--batch", "inf" }, "inf" },
  { "batch with trailing junk", { "solve", "-H", "a", "-m", "b", "--batch", "8k" }, "8k" },
  { "empty batch", { "solve", "-H", "a", "-m", "b", "--batch", "" }, "--batch" },
  { "zero devices", { "solve", "-H", "a", "-m", "b", "--devices", "0" }, "--devices" },
  { "step 2", { "sensitivity", "-H", "a", "-m", "b", "--step", "2" }, "--step" },
  { "step 0", { "sensitivity", "-H", "a", "-m", "b", "--step", "0" }, "--step" },
  { "unknown precision", { "solve", "-H", "a", "-m", "b", "--weights", "fp12" }, "fp12" },
  { "unknown phase", { "solve", "-H", "a", "-m", "b", "--phase", "train" }, "train" },
  { "unknown overlap", { "solve", "-H", "a", "-m", "b", "--overlap", "min" }, "min" },
  { "negative overhead", { "solve", "-H", "a", "-m", "b", "--overhead-us", "-3" }, "overhead" },
  { "range in solve", { "solve", "-H", "a", "-m", "b", "--batch", "1:8" }, "1:8" },
  { "reversed range", { "sweep", "-H", "a", "-m", "b", "--batch", "8:1" }, "8:1" },
  { "half range", { "sweep", "-H", "a", "-m", "b", "--batch", "8:" }, "8:" },
  { "context range from 0", { "sweep", "-H", "a", "-m", "b", "--context", "0:8" }, "context" },
  { "sweep without range", { "sweep", "-H", "a", "-m", "b" }, "range" },
  { "sweep with two ranges",
    { "sweep", "-H", "a", "-m", "b", "--batch", "1:2", "--context", "1:2" }, "one axis" },
  { "json and csv", { "sweep", "-H", "a", "-m", "b", "--batch", "1:2", "--json", "--csv" },
    "--csv" },
  { "csv in solve", { "solve", "-H", "a", "-m", "b", "--csv" }, "--csv" },
  { "step in solve", { "solve", "-H", "a", "-m", "b", "--step", "0.1" }, "--step" },
  { "devices in synthesize", { "synthesize", "-m", "b", "--devices", "2" }, "--devices" },
  { "one point", { "sweep", "-H", "a", "-m", "b", "--batch", "1:8", "--points", "1" }, "--points" },
  { "unknown option", { "solve", "-H", "a", "-m", "b", "--bacth", "8" }, "did you mean '--batch'" },
  { "unknown short option", { "solve", "-x" }, "-x" },
  { "missing value", { "solve", "-H", "a", "-m" }, "-m" },
  { "value to a flag", { "solve", "-H", "a", "-m", "b", "--json=yes" }, "--json" },
  { "unknown command", { "solv", "-H", "a" }, "did you mean 'solve'" },
  { "no command", { "--json" }, "no command" },
  { "list what", { "list", "gpus" }, "gpus" },
  { "list nothing", { "list" }, "models or systems" },
  { "show two", { "show", "a", "b" }, "'b'" },
  { "stray argument", { "solve", "-H", "a", "-m", "b", "extra" }, "extra" },
  { "zero itl", { "synthesize", "-m", "b", "--itl-ms", "0" }, "--itl-ms" },
  { "bytes per weight 0", { "solve", "-H", "a", "-m", "b", "--bytes-per-weight", "0" },
    "--bytes-per-weight" },
  /* the layout */
  { "zero tp", { "solve", "-H", "a", "-m", "b", "--tp", "0" }, "--tp" },
  { "fractional ep", { "solve", "-H", "a", "-m", "b", "--ep", "2.5" }, "--ep" },
  { "zero pp", { "sweep", "-H", "a", "-m", "b", "--batch", "1:8", "--pp", "0" }, "--pp" },
  { "negative dp", { "cost", "-H", "a", "-m", "b", "--dp", "-2" }, "--dp" },
  { "tp and devices disagree", { "solve", "-H", "a", "-m", "b", "--tp", "4", "--devices", "8" },
    "--devices 8 contradicts --tp 4" },
  { "devices and tp disagree", { "solve", "-H", "a", "-m", "b", "--devices", "2", "--tp", "8" },
    "--tp 8 contradicts --devices 2" },
  { "unknown attention", { "solve", "-H", "a", "-m", "b", "--attention", "pipeline" },
    "pipeline" },
  { "imbalance below 1", { "solve", "-H", "a", "-m", "b", "--ep-imbalance", "0.9" },
    "--ep-imbalance" },
  { "zero microbatches", { "solve", "-H", "a", "-m", "b", "--microbatches", "0" },
    "--microbatches" },
  { "empty system", { "solve", "--system", "", "-m", "b" }, "--system" },
  { "tp in synthesize", { "synthesize", "-m", "b", "--tp", "2" }, "--tp" },
  { "tp in layouts", { "layouts", "--system", "s", "-m", "b", "--tp", "2" }, "--tp" },
  { "batch in layouts", { "layouts", "--system", "s", "-m", "b", "--batch", "8" }, "--batch" },
  { "layouts json and csv", { "layouts", "--system", "s", "-m", "b", "--json", "--csv" },
    "--csv" },
  { "layouts top and all", { "layouts", "--system", "s", "-m", "b", "--top", "3", "--all" },
    "--all" },
  { "layouts top 0", { "layouts", "--system", "s", "-m", "b", "--top", "0" }, "--top" },
  { "top in solve", { "solve", "-H", "a", "-m", "b", "--top", "3" }, "--top" },
};

static void
test_rejects (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (rejects); i++)
    {
      const Reject *r = &rejects[i];
      g_autoptr (GPtrArray) argv = g_ptr_array_new ();
      g_autoptr (GError) error = NULL;
      RoofCliOptions o;
      gboolean ok;

      g_ptr_array_add (argv, (gpointer) "roofline-cli");
      for (gsize k = 0; k < G_N_ELEMENTS (r->args) && r->args[k] != NULL; k++)
        g_ptr_array_add (argv, (gpointer) r->args[k]);
      g_ptr_array_add (argv, NULL);

      roof_cli_options_init (&o);
      ok = roof_cli_parse ((int) argv->len - 1, (char **) argv->pdata, &o, &error);
      if (ok)
        g_error ("%s: accepted", r->what);
      g_assert_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE);
      if (strstr (error->message, r->in_message) == NULL)
        g_error ("%s: message \"%s\" lacks \"%s\"", r->what, error->message, r->in_message);
      /* one line: the runner prints it as it is */
      g_assert_null (strchr (error->message, '\n'));
      roof_cli_options_clear (&o);
    }
}

static void
test_help_and_version (void)
{
  RoofCliOptions o;
  g_autoptr (GError) error = NULL;

  g_assert_true (parse (&o, &error, "help", "solve", NULL));
  g_assert_no_error (error);
  g_assert_true (o.help);
  g_assert_cmpint (o.command, ==, ROOF_CLI_COMMAND_SOLVE);
  roof_cli_options_clear (&o);

  /* --help wins over anything wrong on the line */
  g_assert_true (parse (&o, &error, "cost", "--bogus", "--batch", "x", "--help", NULL));
  g_assert_no_error (error);
  g_assert_true (o.help);
  g_assert_cmpint (o.command, ==, ROOF_CLI_COMMAND_COST);
  roof_cli_options_clear (&o);

  g_assert_true (parse (&o, &error, "-h", NULL));
  g_assert_true (o.help);
  g_assert_cmpint (o.command, ==, ROOF_CLI_COMMAND_NONE);
  roof_cli_options_clear (&o);

  g_assert_true (parse (&o, &error, "--version", NULL));
  g_assert_true (o.version);
  roof_cli_options_clear (&o);

  g_assert_false (parse (&o, &error, "help", "nope", NULL));
  g_assert_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE);
  roof_cli_options_clear (&o);
}

static void
test_help_texts (void)
{
  static const struct
  {
    RoofCliCommand command;
    const char *flags[6];
  } expect[] = {
    { ROOF_CLI_COMMAND_LIST, { "hardware|models", "--json", "--catalog" } },
    { ROOF_CLI_COMMAND_SHOW, { "--json", "--catalog" } },
    { ROOF_CLI_COMMAND_SOLVE, { "--hardware", "--model", "--breakdown", "--batch N", "--phase" } },
    { ROOF_CLI_COMMAND_SWEEP, { "--batch A:B", "--context A:B", "--points", "--csv" } },
    { ROOF_CLI_COMMAND_SENSITIVITY, { "--step", "--overhead-us", "--devices" } },
    { ROOF_CLI_COMMAND_SYNTHESIZE, { "--itl-ms", "--ttft-ms", "--tokens-per-s", "--max-devices" } },
    { ROOF_CLI_COMMAND_COST, { "--batch A:B", "--points", "--context", "--system", "--ep" } },
    { ROOF_CLI_COMMAND_LAYOUTS, { "--system", "--itl-ms", "--ttft-ms", "--top N", "--all" } },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (expect); i++)
    {
      g_autofree char *text = roof_cli_help_text (expect[i].command);
      for (gsize k = 0; k < G_N_ELEMENTS (expect[i].flags) && expect[i].flags[k]; k++)
        if (strstr (text, expect[i].flags[k]) == NULL)
          g_error ("help of %s lacks %s", roof_cli_command_name (expect[i].command),
                   expect[i].flags[k]);
      /* options a command does not take are not advertised */
      if (expect[i].command != ROOF_CLI_COMMAND_SENSITIVITY)
        g_assert_null (strstr (text, "--step"));
    }
  g_autofree char *general = roof_cli_help_text (ROOF_CLI_COMMAND_NONE);
  for (int c = ROOF_CLI_COMMAND_NONE + 1; c < ROOF_CLI_N_COMMANDS; c++)
    g_assert_nonnull (strstr (general, roof_cli_command_name ((RoofCliCommand) c)));
}

/* ---------------------------------------------------------------------- */

static void
assert_format (double v, RoofCliUnit unit, const char *expected)
{
  g_autofree char *s = roof_cli_format (v, unit);
  g_assert_cmpstr (s, ==, expected);
}

static void
test_units (void)
{
  assert_format (0.04253, ROOF_CLI_UNIT_TIME, "42.53 ms");
  assert_format (151.3e-6, ROOF_CLI_UNIT_TIME, "151.3 µs");
  assert_format (2.5e-9, ROOF_CLI_UNIT_TIME, "2.500 ns");
  assert_format (7.146, ROOF_CLI_UNIT_TIME, "7.146 s");
  assert_format (0.0, ROOF_CLI_UNIT_TIME, "0 s");
  /* rounding to 4 digits carries into the next prefix */
  assert_format (0.99996, ROOF_CLI_UNIT_TIME, "1.000 s");
  assert_format (999960.0, ROOF_CLI_UNIT_BYTES, "1.000 MB");
  assert_format (141.1e9, ROOF_CLI_UNIT_BYTES, "141.1 GB");
  assert_format (1342504960.0, ROOF_CLI_UNIT_BYTES, "1.343 GB");
  assert_format (512.0, ROOF_CLI_UNIT_BYTES, "512.0 B");
  assert_format (3.35e12, ROOF_CLI_UNIT_BANDWIDTH, "3.350 TB/s");
  assert_format (450e9, ROOF_CLI_UNIT_BANDWIDTH, "450.0 GB/s");
  assert_format (989.4e12, ROOF_CLI_UNIT_FLOPS, "989.4 TFLOP/s");
  assert_format (2.25e15, ROOF_CLI_UNIT_FLOPS, "2.250 PFLOP/s");
  assert_format (33.55e6, ROOF_CLI_UNIT_FLOP, "33.55 MFLOP");
  assert_format (141.6e12, ROOF_CLI_UNIT_FLOP, "141.6 TFLOP");
  assert_format (0.9995, ROOF_CLI_UNIT_INTENSITY, "0.9995 FLOP/B");
  assert_format (295.343, ROOF_CLI_UNIT_INTENSITY, "295.3 FLOP/B");
  assert_format (70.55e9, ROOF_CLI_UNIT_COUNT, "70.55 B");
  assert_format (25.56e6, ROOF_CLI_UNIT_COUNT, "25.56 M");
  assert_format (23.8655, ROOF_CLI_UNIT_RATE, "23.87");
  assert_format (64270.4, ROOF_CLI_UNIT_RATE, "64270");
  assert_format (1.0, ROOF_CLI_UNIT_PERCENT, "100.0 %");
  assert_format (0.0036117, ROOF_CLI_UNIT_PERCENT, "0.36 %");
  assert_format (0.00001, ROOF_CLI_UNIT_PERCENT, "<0.01 %");
  assert_format (31.3097, ROOF_CLI_UNIT_USD, "$31.31");
  assert_format (2.69, ROOF_CLI_UNIT_USD, "$2.69");
  assert_format (0.0116, ROOF_CLI_UNIT_USD, "$0.0116");
  assert_format (0.44, ROOF_CLI_UNIT_USD, "$0.440");
  assert_format (12345.6, ROOF_CLI_UNIT_USD, "$12346");
  assert_format (NAN, ROOF_CLI_UNIT_TIME, "—");

  g_autofree char *e1 = roof_cli_format_elasticity (-1.0000000000000009);
  g_autofree char *e0 = roof_cli_format_elasticity (-1e-9);
  g_assert_cmpstr (e1, ==, "-1.000");
  g_assert_cmpstr (e0, ==, "0.000");
}

static void
test_table_utf8 (void)
{
  g_autoptr (RoofCliTable) t = roof_cli_table_new (3);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;

  roof_cli_table_set_header (t, "metric", "a", "b");
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, "t_compute");
  roof_cli_table_set (t, 1, "151.3 µs");
  roof_cli_table_set (t, 2, "1.000 s");
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, "ITL");
  roof_cli_table_set (t, 1, "42.53 ms");
  roof_cli_table_set (t, 2, "—");
  text = roof_cli_table_to_string (t);
  lines = g_strsplit (text, "\n", -1);

  /* header, rule, two rows, and the empty string after the final newline */
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  /* right-aligned columns end at the same character column: widths count
   * characters, not bytes ("µ" and "—" are two and three bytes) */
  glong w0 = g_utf8_strlen (lines[0], -1);
  for (int i = 1; i < 4; i++)
    g_assert_cmpint (g_utf8_strlen (lines[i], -1), ==, w0);
  g_assert_true (g_str_has_suffix (lines[3], "  —"));
  g_assert_true (g_str_has_prefix (lines[2], "t_compute  151.3 µs"));
}

static void
test_csv (void)
{
  g_autoptr (GString) s = g_string_new (NULL);

  roof_cli_csv_append_field (s, "plain");
  g_string_append_c (s, ',');
  roof_cli_csv_append_field (s, "a,b \"c\"");
  g_string_append_c (s, ',');
  roof_cli_csv_append_number (s, 0.1);
  g_string_append_c (s, ',');
  roof_cli_csv_append_number (s, 70550000000.0);
  g_assert_cmpstr (s->str, ==, "plain,\"a,b \"\"c\"\"\",0.1,70550000000");
}

static void
test_axis_values (void)
{
  g_autoptr (GArray) a = roof_cli_axis_values (1, 4096, 0);
  g_autoptr (GArray) b = roof_cli_axis_values (3, 10, 0);
  g_autoptr (GArray) c = roof_cli_axis_values (1, 1000, 4);
  g_autoptr (GArray) d = roof_cli_axis_values (1, 3, 10);
  g_autoptr (GArray) e = roof_cli_axis_values (5, 5, 0);

  g_assert_cmpuint (a->len, ==, 13);
  g_assert_cmpfloat (g_array_index (a, double, 12), ==, 4096);
  /* doubling from A, always ending at B */
  g_assert_cmpuint (b->len, ==, 3);
  g_assert_cmpfloat (g_array_index (b, double, 0), ==, 3);
  g_assert_cmpfloat (g_array_index (b, double, 1), ==, 6);
  g_assert_cmpfloat (g_array_index (b, double, 2), ==, 10);
  /* log-spaced: 1, 10, 100, 1000 */
  g_assert_cmpuint (c->len, ==, 4);
  g_assert_cmpfloat (g_array_index (c, double, 1), ==, 10);
  g_assert_cmpfloat (g_array_index (c, double, 2), ==, 100);
  /* rounding collapses duplicates */
  g_assert_cmpuint (d->len, ==, 3);
  g_assert_cmpuint (e->len, ==, 1);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/parse/solve-basic", test_solve_basic);
  g_test_add_func ("/cli/parse/defaults-not-set", test_defaults_not_set);
  g_test_add_func ("/cli/parse/layout-flags", test_layout_flags);
  g_test_add_func ("/cli/parse/layouts", test_layouts_command);
  g_test_add_func ("/cli/parse/inline-values", test_inline_values);
  g_test_add_func ("/cli/parse/ranges", test_ranges);
  g_test_add_func ("/cli/parse/rejects", test_rejects);
  g_test_add_func ("/cli/parse/help-and-version", test_help_and_version);
  g_test_add_func ("/cli/parse/help-texts", test_help_texts);
  g_test_add_func ("/cli/format/units", test_units);
  g_test_add_func ("/cli/format/table-utf8", test_table_utf8);
  g_test_add_func ("/cli/format/csv", test_csv);
  g_test_add_func ("/cli/format/axis-values", test_axis_values);
  return g_test_run ();
}
