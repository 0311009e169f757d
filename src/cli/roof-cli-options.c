/* roof-cli-options.c — the command line of roofline-cli, parsed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-cli-options.h"

#include "roof-cli-option-table.h"
#include "roof-cli-options-private.h"

#include "roof-chart.h"
#include "roof-probe.h"

#include <math.h>
#include <string.h>

G_DEFINE_QUARK (roof-cli-error-quark, roof_cli_error)

/* ---------------------------------------------------------------------- */
/* Values                                                                  */

gboolean
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
gboolean
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

gboolean
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

gboolean
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
  opts->measured_files = g_ptr_array_new_with_free_func (g_free);
  roof_workload_init (&opts->workload);
  opts->step = ROOF_DEFAULT_SENSITIVITY_STEP;
  opts->plot_width = 1600;
  opts->plot_height = 1000;
  opts->plot_scale = 1;
  opts->plot_theme = ROOF_THEME_LIGHT;
  opts->probe_seconds = ROOF_PROBE_DEFAULT_SECONDS;
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
  g_clear_pointer (&opts->measured_arg, g_free);
  g_clear_pointer (&opts->measured_files, g_ptr_array_unref);
  g_clear_pointer (&opts->measured_hardware, g_free);
  g_clear_pointer (&opts->measured_system, g_free);
  g_clear_pointer (&opts->measured_model, g_free);
  g_clear_pointer (&opts->model, g_free);
  g_clear_pointer (&opts->scenario, g_free);
  g_clear_pointer (&opts->plot_file, g_free);
  g_clear_pointer (&opts->lengths, g_free);
  g_clear_pointer (&opts->levers.draft_model, g_free);
  g_clear_pointer (&opts->levers.prefill_system, g_free);
  g_clear_pointer (&opts->levers.prefill_hardware, g_free);
}


static void
given_clear (gpointer data)
{
  Given *g = data;

  g_free (g->flag);
}

/* The workload: phase, sizes, precisions and timing (--batch, --weights …). */
static gboolean
apply_workload (RoofCliOptions *opts, const Given *g, GError **error)
{
  const char *flag = g->flag;
  const char *v = g->value;
  RoofWorkload *wl = &opts->workload;
  RoofCliCommand cmd = opts->command;
  double x = 0.0;

  switch (g->spec->id)
    {
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
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* How the model is spread over devices (--tp, --ep, --pp, --dp …). */
static gboolean
apply_layout (RoofCliOptions *opts, const Given *g, GError **error)
{
  const char *flag = g->flag;
  const char *v = g->value;
  RoofWorkload *wl = &opts->workload;
  double x = 0.0;

  switch (g->spec->id)
    {
    case OPT_DEVICES:
    case OPT_TP:
      /* one value under two names: a second spelling must agree */
      if (!parse_whole (flag, v, 1, ROOF_CLI_MAX_DEVICES, &x, error))
        return FALSE;
      if (g->spec->id == OPT_DEVICES && (opts->command == ROOF_CLI_COMMAND_LAYOUTS
                                         || opts->command == ROOF_CLI_COMMAND_PARETO))
        return (opts->system_devices = x) > 0.0; /* the size of a bare device's system */
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
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* The file and look of `plot` (-o, --width, --theme …). */
static gboolean
apply_plot (RoofCliOptions *opts, const Given *g, GError **error)
{
  const char *flag = g->flag;
  const char *v = g->value;

  switch (g->spec->id)
    {
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
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* --measured-hardware, --measured-system, --measured-model, --measured-devices */
static gboolean
apply_measured (RoofCliOptions *opts, const Given *g, GError **error)
{
  char **id = g->spec->id == OPT_MEASURED_HARDWARE ? &opts->measured_hardware
              : g->spec->id == OPT_MEASURED_SYSTEM ? &opts->measured_system
                                                   : &opts->measured_model;

  if (g->spec->id == OPT_MEASURED_DEVICES)
    return parse_whole (g->flag, g->value, 1, ROOF_CLI_MAX_DEVICES, &opts->measured_devices,
                        error);
  if (*g->value == '\0')
    return usage_error (error, "%s expects an id, got ''", g->flag);
  if ((g->spec->id == OPT_MEASURED_HARDWARE && opts->measured_system != NULL)
      || (g->spec->id == OPT_MEASURED_SYSTEM && opts->measured_hardware != NULL))
    return usage_error (error, "give --measured-hardware or --measured-system, not both");
  g_free (*id);
  *id = g_strdup (g->value);
  return TRUE;
}

/* What to compute and on what: ids, files, output forms and the commands' own flags. */
static gboolean
apply_command (RoofCliOptions *opts, const Given *g, GError **error)
{
  const char *flag = g->flag;
  const char *v = g->value;
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
    case OPT_MEASURED:
      if (*v == '\0')
        return usage_error (error, "%s expects a file, got ''", flag);
      g_ptr_array_add (opts->measured_files, g_strdup (v));
      break;
    case OPT_BUNDLED_MEASUREMENTS:
      opts->bundled_measurements = TRUE;
      break;
    case OPT_SAVE:
      opts->save = TRUE;
      break;
    case OPT_CALIBRATED:
      opts->calibrated = TRUE;
      break;
    case OPT_MEASURED_HARDWARE:
    case OPT_MEASURED_SYSTEM:
    case OPT_MEASURED_MODEL:
    case OPT_MEASURED_DEVICES:
      return apply_measured (opts, g, error);
    case OPT_CSV:
      opts->csv = TRUE;
      break;
    case OPT_BREAKDOWN:
      opts->breakdown = TRUE;
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
    case OPT_Y:
      {
        RoofFrontierMetric m;
        if (!roof_frontier_metric_from_name (v, &m))
          return usage_error (error, "%s expects device, kw or usd, got '%s'", flag, v);
        opts->frontier_metric = (int) m;
        opts->set |= ROOF_CLI_SET_FRONTIER_Y;
      }
      break;
    case OPT_LINEAR:
      opts->plot_linear = TRUE;
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
    case OPT_TTFT_MS:
    case OPT_RATE:
    case OPT_LENGTHS:
    case OPT_TTFT_P50_MS:
    case OPT_TTFT_P99_MS:
    case OPT_TOKENS_PER_S:
    case OPT_MAX_DEVICES:
      return apply_targets (opts, g, error);
    case OPT_SECONDS:
      if (!parse_real (flag, v, 0, TRUE, ROOF_PROBE_MAX_SECONDS, &opts->probe_seconds, error))
        return FALSE;
      break;
    case OPT_NO_SAVE:
      opts->no_save = TRUE;
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
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}


/* One flag and its value into `opts`. */
static gboolean
apply (RoofCliOptions *opts, const Given *g, GError **error)
{
  switch (g->spec->id)
    {
    case OPT_PHASE:
    case OPT_BATCH:
    case OPT_CONTEXT:
    case OPT_PROMPT:
    case OPT_OUTPUT:
    case OPT_WEIGHTS:
    case OPT_KV:
    case OPT_COMPUTE:
    case OPT_ACTIVATIONS:
    case OPT_BYTES_PER_WEIGHT:
    case OPT_OVERLAP:
    case OPT_OVERHEAD_US:
      return apply_workload (opts, g, error);
    case OPT_DEVICES:
    case OPT_TP:
    case OPT_EP:
    case OPT_PP:
    case OPT_DP:
    case OPT_ATTENTION:
    case OPT_EP_IMBALANCE:
    case OPT_MICROBATCHES:
      return apply_layout (opts, g, error);
    case OPT_PLOT_FILE:
    case OPT_WIDTH:
    case OPT_HEIGHT:
    case OPT_SCALE:
    case OPT_THEME:
    case OPT_CEILINGS:
    case OPT_NO_CAPTION:
    case OPT_TRANSPARENT:
      return apply_plot (opts, g, error);
    case OPT_SPEC_K:
    case OPT_SPEC_ACCEPT:
    case OPT_DRAFT_MODEL:
    case OPT_MTP_PARAMS:
    case OPT_DISAGG:
    case OPT_PREFILL_SYSTEM:
    case OPT_PREFILL_HARDWARE:
    case OPT_PREFILL_TP:
    case OPT_PREFILL_EP:
    case OPT_PREFILL_BATCH:
    case OPT_COST:
    case OPT_CAPEX_USD:
    case OPT_YEARS:
    case OPT_USD_PER_KWH:
    case OPT_PUE:
      return apply_levers (opts, g, error);
    default:
      return apply_command (opts, g, error);
    }
}

/* measured list | import FILE | show ID */
static gboolean
check_measured (RoofCliOptions *opts, GPtrArray *positionals, GError **error)
{
  guint n_args = positionals->len - 1;
  const char *action = n_args > 0 ? g_ptr_array_index (positionals, 1) : NULL;
  guint wanted = 1;

  if (action == NULL)
    return usage_error (error, "measured needs an action: list, import FILE or show ID");
  if (g_str_equal (action, "list"))
    opts->measured_action = ROOF_CLI_MEASURED_LIST;
  else if (g_str_equal (action, "import"))
    opts->measured_action = ROOF_CLI_MEASURED_IMPORT, wanted = 2;
  else if (g_str_equal (action, "show"))
    opts->measured_action = ROOF_CLI_MEASURED_SHOW, wanted = 2;
  else
    return usage_error (error, "measured expects list, import or show, got '%s'", action);
  if (n_args < wanted)
    return usage_error (error, "measured %s needs %s", action,
                        opts->measured_action == ROOF_CLI_MEASURED_IMPORT ? "the file to read"
                                                                          : "a measurement id");
  if (n_args > wanted)
    return usage_error (error, "unexpected argument '%s'",
                        (const char *) g_ptr_array_index (positionals, wanted + 1));
  if (wanted == 2)
    opts->measured_arg = g_strdup (g_ptr_array_index (positionals, 2));
  if (opts->hardware->len > 1 || opts->systems->len > 1
      || (opts->hardware->len > 0 && opts->systems->len > 0))
    return usage_error (error, "measured import takes one -H or one --system");
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
    case ROOF_CLI_COMMAND_MEASURED:
      return check_measured (opts, positionals, error);
    case ROOF_CLI_COMMAND_CALIBRATE:
      if (opts->hardware->len != 1 || opts->systems->len > 0)
        return usage_error (error, "calibrate needs one device: -H ID");
      break;
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
                                     "context, memory, trend, pareto or plan");
        if (!roof_plot_kind_from_name (kind, &k))
          return usage_error (error, "plot expects roofline, cost, sensitivity, batch, context, "
                                     "memory, trend, pareto or plan, got '%s'", kind);
        if (k != ROOF_PLOT_PARETO && opts->plot_linear)
          return usage_error (error, "--linear applies to the pareto chart only");
        opts->plot_kind = (int) k;
        if (opts->levers.spec && k != ROOF_PLOT_PARETO && k != ROOF_PLOT_BATCH
            && k != ROOF_PLOT_COST && k != ROOF_PLOT_CONTEXT && k != ROOF_PLOT_ROOFLINE
            && k != ROOF_PLOT_PLAN)
          return usage_error (error, "--spec-k applies to the roofline, batch, cost, context, "
                                     "pareto and plan charts");
        if (opts->levers.disagg && k != ROOF_PLOT_COST && k != ROOF_PLOT_PLAN)
          return usage_error (error, "--disagg applies to the cost and plan charts");
        if (k == ROOF_PLOT_PARETO && g_strcmp0 (opts->tp_flag, "--devices") == 0)
          {
            /* plot pareto --devices N: a bare device's system, as on pareto */
            opts->system_devices = opts->workload.devices;
            opts->workload.devices = 1.0;
            opts->set &= ~ROOF_CLI_SET_TP;
          }
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
    case ROOF_CLI_COMMAND_PARETO:
    case ROOF_CLI_COMMAND_LAYOUTS:
    case ROOF_CLI_COMMAND_PLAN:
      if (opts->json && opts->csv)
        return usage_error (error, "--json and --csv exclude each other");
      if (opts->all && (opts->set & ROOF_CLI_SET_TOP))
        return usage_error (error, "--top N and --all exclude each other");
      break;
    case ROOF_CLI_COMMAND_PROBE:
      if (opts->catalogs->len > 1)
        return usage_error (error, "probe writes one catalog file: --catalog is given %u times",
                            opts->catalogs->len);
      if (opts->no_save && opts->catalogs->len > 0)
        return usage_error (error, "--no-save and --catalog exclude each other");
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

          spec = roof_cli_option_find_long (name, len);
          flag = g_strdup_printf ("--%.*s", (int) len, name);
          if (eq != NULL)
            inline_value = eq + 1;
          if (spec == NULL)
            {
              g_autofree char *bare = g_strndup (name, len);
              const char *near = roof_cli_option_closest (bare);
              if (near != NULL)
                usage_error (&pending, "unknown option '%s' (did you mean '--%s'?)", flag, near);
              else
                usage_error (&pending, "unknown option '%s'", flag);
              continue;
            }
        }
      else
        {
          spec = roof_cli_option_find_short (arg[1]);
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
      const char *near = roof_cli_command_closest (command_name);
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
      const OptSpec *spec = roof_cli_option_find_for_command (g->spec->id, opts->command);

      if (spec == NULL)
        return usage_error (error, "option '%s' does not apply to %s", g->flag,
                            roof_cli_command_name (opts->command));
      g->spec = spec;
      if (!apply (opts, g, error))
        return FALSE;
    }

  return check_levers (opts, error) && check_command (opts, positionals, error);
}
