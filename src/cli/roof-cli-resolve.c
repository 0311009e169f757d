/* roof-cli-resolve.c — what a roofline-cli command runs on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The catalog (built in, --catalog files, the --scenario's own entries),
 * then the model, the devices and systems, the workload and the SLA: the
 * scenario's first, every flag given over it, and the layout checked
 * against the model and every target before anything is computed.
 */
#include <fontconfig/fontconfig.h>
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-chart.h"
#include "roof-cli-private.h"
#include "roof-file-read.h"

/* ---------------------------------------------------------------------- */
/* Catalog and scenario                                                    */

static void
print_warnings (RoofCliContext *ctx, GPtrArray *warnings)
{
  for (guint i = 0; i < warnings->len; i++)
    roof_cli_warning (ctx, "%s", (const char *) g_ptr_array_index (warnings, i));
}

/* A file error that names its file, whatever the loader chose to say. */
static gboolean
file_error (GError **error, const char *path, GError *cause)
{
  g_autofree char *base = g_path_get_basename (path);

  if (strstr (cause->message, path) != NULL || strstr (cause->message, base) != NULL)
    g_set_error_literal (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, cause->message);
  else
    g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "%s: %s", path, cause->message);
  return FALSE;
}

typedef struct
{
  const RoofCliOptions *opts;
  GError **error;
} Loader;

/* fontconfig's configuration as FcInit loads it (FcInitLoadConfigAndFonts:
 * fonts.conf, or $FONTCONFIG_FILE, with what it includes, then the fonts'
 * caches), less the templates of conf.avail that FcInit also parses for
 * their descriptions only (fc-conflist's): 10 of its 24 million
 * instructions, on the path to the first text. Must run before a font map
 * exists; pango's own FcInit then finds the configuration in place. When a
 * step fails nothing is set and FcInit does it all, with its warnings and
 * fallbacks (no <cachedir>, no fonts.conf). */
static gboolean fonts_untouched;

void
roof_cli_fonts_untouched (void)
{
  fonts_untouched = TRUE;
}

static void
load_font_config (void)
{
  FcConfig *config;
  FcStrList *cache_dirs;
  gboolean cached = FALSE;

  if (!fonts_untouched)
    return;
  fonts_untouched = FALSE;
  if ((config = FcConfigCreate ()) == NULL)
    return;
  if (FcConfigParseAndLoad (config, NULL, FcTrue)
      && (cache_dirs = FcConfigGetCacheDirs (config)) != NULL)
    {
      cached = FcStrListNext (cache_dirs) != NULL;
      FcStrListDone (cache_dirs);
    }
  if (cached && FcConfigBuildFonts (config))
    FcConfigSetCurrent (config); /* takes a reference of its own */
  FcConfigDestroy (config);
}

/* the catalog, then a PNG's pixels: both shorter than the fonts beside them */
static gpointer
load_builtin (gpointer data)
{
  const Loader *l = data;
  RoofCatalog *catalog = roof_catalog_new_builtin (l->error);

  if (catalog != NULL && l->opts->plot_format == ROOF_EXPORT_PNG)
    roof_chart_export_reserve (l->opts->plot_width, l->opts->plot_height, l->opts->plot_scale);
  return catalog;
}

gboolean
roof_cli_load_catalog (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  g_autoptr (GError) local = NULL;

  if (opts->command == ROOF_CLI_COMMAND_PLOT)
    {
      /* the chart's fonts load here while another thread loads the
       * catalog, which touches no font; the render then draws at once */
      Loader l = { opts, &local };
      GThread *loader = g_thread_new ("roof-catalog", load_builtin, &l);
      load_font_config ();
      roof_chart_prepare ((RoofThemeKind) opts->plot_theme,
                          opts->plot_format == ROOF_EXPORT_PNG ? opts->plot_scale : 1.0);
      ctx->catalog = g_thread_join (loader);
    }
  else
    ctx->catalog = roof_catalog_new_builtin (&local);
  if (ctx->catalog == NULL)
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED,
                   "the built-in catalog cannot be read: %s", local->message);
      return FALSE;
    }

  /* files named on the command line may be pipes: --catalog /dev/stdin,
   * --scenario <(…), a FIFO */
  for (guint i = 0; i < opts->catalogs->len; i++)
    {
      const char *path = g_ptr_array_index (opts->catalogs, i);
      g_autoptr (GFile) file = g_file_new_for_commandline_arg (path);
      g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *contents = NULL;
      g_autofree char *origin = g_file_get_parse_name (file);
      gsize length = 0;

      if (!roof_file_read (file, ROOF_FILE_READ_ALLOW_PIPE, &contents, &length, &local)
          || !roof_catalog_load_data (ctx->catalog, contents, (gssize) length, origin, warnings,
                                      &local))
        return file_error (error, path, local);
      print_warnings (ctx, warnings);
    }

  if (opts->scenario != NULL)
    {
      g_autoptr (GFile) file = g_file_new_for_commandline_arg (opts->scenario);
      g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *contents = NULL;
      g_autofree char *origin = g_file_get_parse_name (file);
      gsize length = 0;

      if (!roof_file_read (file, ROOF_FILE_READ_ALLOW_PIPE, &contents, &length, &local))
        return file_error (error, opts->scenario, local);
      ctx->scenario = roof_scenario_load_data (contents, (gssize) length, origin, ctx->catalog,
                                               warnings, &local);
      if (ctx->scenario == NULL)
        return file_error (error, opts->scenario, local);
      print_warnings (ctx, warnings);
    }
  return TRUE;
}

/* The catalog suggests the id nearest by edit distance; a prefix the user
 * typed ("nvidia-h100") names its family better than that. */
static gboolean
not_found_error (GError **error, GListModel *entries, const char *noun, const char *id,
                 GError *cause)
{
  g_autoptr (GPtrArray) hits = g_ptr_array_new ();
  guint n = g_list_model_get_n_items (entries);

  for (guint i = 0; i < n && hits->len < 4; i++)
    {
      g_autoptr (RoofSpec) item = g_list_model_get_item (entries, i);
      const char *other = roof_spec_get_id (item);

      if (*id != '\0' && g_str_has_prefix (other, id))
        g_ptr_array_add (hits, (gpointer) other);
    }
  if (hits->len == 0)
    {
      g_set_error_literal (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_UNKNOWN_ID, cause->message);
      return FALSE;
    }

  g_autoptr (GString) msg = g_string_new (NULL);
  g_string_append_printf (msg, "no %s with id \"%s\"; did you mean ", noun, id);
  for (guint i = 0; i < MIN (hits->len, 3u); i++)
    {
      const char *sep = i == 0 ? "" : (i + 1 == hits->len ? " or " : ", ");
      g_string_append_printf (msg, "%s\"%s\"", sep, (const char *) g_ptr_array_index (hits, i));
    }
  g_string_append (msg, hits->len > 3 ? ", …?" : "?");
  g_set_error_literal (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_UNKNOWN_ID, msg->str);
  return FALSE;
}

/* `spec` as the catalog's lookup found it, or NULL with `error` set from
 * its `cause` by not_found_error () */
static gpointer
found_or_suggest (gpointer spec, GListModel *entries, const char *noun, const char *id,
                  GError *cause, GError **error)
{
  if (spec == NULL)
    not_found_error (error, entries, noun, id, cause);
  return spec;
}

RoofHardwareSpec *
roof_cli_lookup_hardware (RoofCatalog *catalog, const char *id, GError **error)
{
  g_autoptr (GError) local = NULL;
  RoofHardwareSpec *spec = roof_catalog_lookup_hardware (catalog, id, &local);

  return found_or_suggest (spec, roof_catalog_get_hardware (catalog), "hardware", id, local,
                           error);
}

RoofModelSpec *
roof_cli_lookup_model (RoofCatalog *catalog, const char *id, GError **error)
{
  g_autoptr (GError) local = NULL;
  RoofModelSpec *spec = roof_catalog_lookup_model (catalog, id, &local);

  return found_or_suggest (spec, roof_catalog_get_models (catalog), "model", id, local, error);
}

RoofSystemSpec *
roof_cli_lookup_system (RoofCatalog *catalog, const char *id, GError **error)
{
  g_autoptr (GError) local = NULL;
  RoofSystemSpec *spec = roof_catalog_lookup_system (catalog, id, &local);

  return found_or_suggest (spec, roof_catalog_get_systems (catalog), "system", id, local, error);
}

/* ---------------------------------------------------------------------- */
/* Devices, systems and the layout                                         */

void
roof_cli_target_clear (RoofCliTarget *t)
{
  g_clear_object (&t->device);
  g_clear_object (&t->system);
}

static void
target_clear (gpointer data)
{
  roof_cli_target_clear (data);
}

void
roof_cli_target_from_device (RoofHardwareSpec *hw, RoofCliTarget *t)
{
  memset (t, 0, sizeof *t);
  t->device = g_object_ref (hw);
  t->id = roof_spec_get_id (ROOF_SPEC (hw));
  t->params = *roof_hardware_spec_get_params (hw);
}

static void
add_device_target (RoofCliContext *ctx, RoofHardwareSpec *hw)
{
  RoofCliTarget t;

  roof_cli_target_from_device (hw, &t);
  g_array_append_val (ctx->targets, t);
}

gboolean
roof_cli_target_from_system (RoofCliContext *ctx, RoofSystemSpec *system, RoofCliTarget *t,
                             GError **error)
{
  g_autoptr (GError) local = NULL;
  const char *id = roof_spec_get_id (ROOF_SPEC (system));
  RoofHardwareSpec *device = roof_catalog_find_hardware (ctx->catalog,
                                                         roof_system_spec_get_device (system));

  memset (t, 0, sizeof *t);
  if (device == NULL || !roof_system_spec_get_params (system, device, &t->params, &local))
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "%s: %s", id,
                   local != NULL ? local->message : "its device is not in the catalog");
      return FALSE;
    }
  t->device = g_object_ref (device);
  t->system = G_OBJECT (g_object_ref (system));
  t->id = id;
  return TRUE;
}

/* The system's device on the system's fabric. A system the catalog has but
 * cannot compute (its device gone) fails naming the system. */
static gboolean
add_system_target (RoofCliContext *ctx, RoofSystemSpec *system, GError **error)
{
  RoofCliTarget t;

  if (!roof_cli_target_from_system (ctx, system, &t, error))
    return FALSE;
  g_array_append_val (ctx->targets, t);
  return TRUE;
}

/* "--tp 8 × --ep 16 = 128 devices", naming every factor above 1 (the flags
 * that set them, or their equivalents when a scenario did). */
static char *
describe_layout_flags (const RoofCliOptions *opts, const RoofWorkload *wl)
{
  GString *s = g_string_new (NULL);
  const double sizes[] = { wl->devices, roof_layout_size (wl->ep),
                           roof_layout_size (wl->pp) };
  const char *flags[] = { opts->tp_flag != NULL ? opts->tp_flag : "--tp", "--ep", "--pp" };
  double total = 1.0;
  guint factors = 0;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      total *= sizes[i];
      if (sizes[i] <= 1.0)
        continue;
      g_string_append_printf (s, "%s%s %.15g", factors > 0 ? " × " : "", flags[i], sizes[i]);
      factors++;
    }
  if (factors == 0)
    g_string_append (s, "one device");
  else if (factors > 1)
    g_string_append_printf (s, " = %.15g devices", total);
  return g_string_free (s, FALSE);
}

/* Divisors of n nearest to `near`, for a hint: "8 or 16". */
static char *
nearby_divisors (double n, double near)
{
  double below = 0.0, above = 0.0;

  for (double d = MIN (near, n); d >= 1.0 && below == 0.0; d--)
    if (fmod (n, d) == 0.0)
      below = d;
  for (double d = ceil (near); d <= n && above == 0.0; d++)
    if (fmod (n, d) == 0.0)
      above = d;
  if (below > 0.0 && above > 0.0 && below != above)
    return g_strdup_printf ("%.15g or %.15g", below, above);
  return g_strdup_printf ("%.15g", below > 0.0 ? below : above);
}

/* The rule `fit` says failed, in terms of the flags (the model's rules
 * name the model `model`, the others the target `t`): a usage error (2)
 * for a layout the model or the system cannot take, a failure (1) for a
 * fabric that cannot carry it. */
static void
layout_error (RoofCliContext *ctx, const RoofLayoutFit *fit, const char *model,
              const RoofCliTarget *t, GError **error)
{
  g_autofree char *layout = describe_layout_flags (ctx->opts, &ctx->workload);

  switch (fit->rule)
    {
    case ROOF_LAYOUT_EP_DENSE:
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE,
                   "--ep %.15g: %s is dense; expert parallelism needs a mixture-of-experts "
                   "model",
                   fit->ep, model);
      break;
    case ROOF_LAYOUT_EP_EXPERTS:
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE,
                   "--ep %.15g exceeds the %.15g routed experts of %s: some devices would hold "
                   "none (at most --ep %.15g)",
                   fit->ep, fit->experts, model, fit->experts);
      break;
    case ROOF_LAYOUT_PP_LAYERS:
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE,
                   "--pp %.15g: %s has only %.15g layers to split into stages", fit->pp, model,
                   fit->layers);
      break;
    case ROOF_LAYOUT_NO_SCALEOUT:
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE,
                   "%s: more devices per replica than the %d of %s, which has no "
                   "scale-out network",
                   layout, fit->scaleup_size, t->id);
      break;
    case ROOF_LAYOUT_NO_FABRIC:
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED,
                   "%s: %s has no %s bandwidth to spread the model over",
                   layout, t->id, t->system != NULL ? "scale-up fabric" : "interconnect");
      break;
    case ROOF_LAYOUT_VALIDATE:
      /* the solver's own rules (groups that span domains fill them, none
       * straddles two): its message, said of the flags */
      g_set_error (error, ROOF_CLI_ERROR,
                   fit->status == ROOF_ERR_INVALID ? ROOF_CLI_ERROR_USAGE
                                                   : ROOF_CLI_ERROR_FAILED,
                   "%s: %s: %s", layout, t->id, fit->err.message);
      break;
    case ROOF_LAYOUT_FITS:
    default:
      g_assert_not_reached ();
    }
}

/* What the layout asks of the model and of every device or system
 * (roof_layout_fit), said in terms of the flags. */
static gboolean
check_layout (RoofCliContext *ctx, GError **error)
{
  const RoofWorkload *wl = &ctx->workload;
  const RoofModelDerived *md = roof_model_spec_get_derived (ctx->model);
  const RoofModelParams *mp = roof_model_spec_get_params (ctx->model);
  const char *model = roof_spec_get_id (ROOF_SPEC (ctx->model));
  double ep = roof_layout_size (wl->ep);
  RoofLayoutFit fit;

  if (roof_layout_fit (NULL, md, wl, &fit) != ROOF_LAYOUT_FITS)
    {
      layout_error (ctx, &fit, model, NULL, error);
      return FALSE;
    }
  for (guint i = 0; i < ctx->targets->len; i++)
    {
      const RoofCliTarget *t = roof_cli_target (ctx, i);
      if (roof_layout_fit (&t->params, md, wl, &fit) != ROOF_LAYOUT_FITS)
        {
          layout_error (ctx, &fit, model, t, error);
          return FALSE;
        }
    }

  if (ep > 1.0 && fmod (mp->experts, ep) != 0.0)
    {
      /* uneven but served (EP 72 over 256 experts on an NVL72): the busiest
       * device holds ceil(E / EP) and sets the time (docs/model.md); said
       * once the layout is known to be good, so a failure stays one line */
      g_autofree char *try = nearby_divisors (mp->experts, ep);
      roof_cli_note (ctx, "--ep %.15g does not divide the %.15g routed experts of %s: the "
                          "busiest device holds %.15g of them (%.3g on average); --ep %s "
                          "divides them",
                     ep, mp->experts, model, ceil (mp->experts / ep), mp->experts / ep, try);
    }
  return TRUE;
}

/* -H X -H X (or a scenario listing X twice) would solve, print and draw X
 * twice: each device or system counts once, where it first appears, with a
 * note. */
static void
merge_duplicates (RoofCliContext *ctx)
{
  GArray *targets = ctx->targets;

  for (guint i = 0; i < targets->len; i++)
    {
      const char *id = roof_cli_target (ctx, i)->id;
      guint times = 1;

      for (guint j = i + 1; j < targets->len;)
        if (g_str_equal (roof_cli_target (ctx, j)->id, id))
          {
            g_array_remove_index (targets, j);
            times++;
          }
        else
          j++;
      if (times > 1)
        roof_cli_note (ctx, "%s is given %u times: it is computed and shown once", id, times);
    }
}

/* The model: -m, else the scenario's. */
static gboolean
resolve_model (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  const char *command = roof_cli_command_name (opts->command);
  g_autoptr (GError) local = NULL;

  if (opts->model != NULL)
    {
      RoofModelSpec *m = roof_cli_lookup_model (ctx->catalog, opts->model, error);
      if (m == NULL)
        return FALSE;
      ctx->model = g_object_ref (m);
    }
  else if (ctx->scenario != NULL && roof_scenario_get_model (ctx->scenario) != NULL)
    {
      const char *id = roof_scenario_get_model (ctx->scenario);
      RoofModelSpec *m = roof_catalog_lookup_model (ctx->catalog, id, &local);
      if (m == NULL)
        {
          g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "%s: %s", opts->scenario,
                       local->message);
          return FALSE;
        }
      ctx->model = g_object_ref (m);
    }
  else
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE, "%s needs a model: -m ID",
                   command);
      return FALSE;
    }
  return TRUE;
}

/* The scenario's system (its layout runs there) first, then its devices. */
static gboolean
add_scenario_targets (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  g_autoptr (GError) local = NULL;
  const char *system_id = roof_scenario_get_system (ctx->scenario);
  const char *const *ids = roof_scenario_get_hardware (ctx->scenario);

  if (system_id != NULL)
    {
      RoofSystemSpec *sys = roof_catalog_lookup_system (ctx->catalog, system_id, &local);
      if (sys == NULL)
        {
          g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "%s: %s",
                       opts->scenario, local->message);
          return FALSE;
        }
      if (!add_system_target (ctx, sys, error))
        return FALSE;
    }
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      RoofHardwareSpec *h = roof_catalog_lookup_hardware (ctx->catalog, ids[i], &local);
      if (h == NULL)
        {
          g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "%s: %s",
                       opts->scenario, local->message);
          return FALSE;
        }
      add_device_target (ctx, h);
    }
  return TRUE;
}

/* The devices and systems, in command-line order; the scenario's, or every
 * device for synthesize, when none is given. */
static gboolean
resolve_targets (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  const char *command = roof_cli_command_name (opts->command);

  ctx->targets = g_array_new (FALSE, TRUE, sizeof (RoofCliTarget));
  g_array_set_clear_func (ctx->targets, target_clear);
  if (opts->target_is_system->len > 0)
    {
      guint next_hw = 0, next_sys = 0;
      for (guint i = 0; i < opts->target_is_system->len; i++)
        {
          if (opts->target_is_system->data[i])
            {
              const char *id = g_ptr_array_index (opts->systems, next_sys++);
              RoofSystemSpec *sys = roof_cli_lookup_system (ctx->catalog, id, error);
              if (sys == NULL || !add_system_target (ctx, sys, error))
                return FALSE;
            }
          else
            {
              const char *id = g_ptr_array_index (opts->hardware, next_hw++);
              RoofHardwareSpec *h = roof_cli_lookup_hardware (ctx->catalog, id, error);
              if (h == NULL)
                return FALSE;
              add_device_target (ctx, h);
            }
        }
    }
  else if (opts->command != ROOF_CLI_COMMAND_SYNTHESIZE && ctx->scenario != NULL
           && ((roof_scenario_get_hardware (ctx->scenario) != NULL
                && roof_scenario_get_hardware (ctx->scenario)[0] != NULL)
               || roof_scenario_get_system (ctx->scenario) != NULL))
    {
      if (!add_scenario_targets (ctx, error))
        return FALSE;
    }
  else if (opts->command == ROOF_CLI_COMMAND_SYNTHESIZE)
    {
      /* the candidates are every device of the catalog, not the scenario's
       * comparison; systems only when given (--system) */
      GListModel *all = roof_catalog_get_hardware (ctx->catalog);
      guint n = g_list_model_get_n_items (all);
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (RoofHardwareSpec) h = g_list_model_get_item (all, i);
          add_device_target (ctx, h);
        }
    }
  else
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_USAGE,
                   "%s needs at least one device or system: -H ID or --system ID", command);
      return FALSE;
    }
  merge_duplicates (ctx);
  return TRUE;
}

/* The workload: the scenario's (or the defaults), then every flag given. */
static void
resolve_workload (RoofCliContext *ctx)
{
  const RoofCliOptions *opts = ctx->opts;

  const RoofWorkload *given = &opts->workload;
  RoofWorkload *wl = &ctx->workload;
  if (ctx->scenario != NULL)
    *wl = *roof_scenario_get_workload (ctx->scenario);
  else
    roof_workload_init (wl);
  if (opts->set & ROOF_CLI_SET_PHASE)
    wl->phase = given->phase;
  if (opts->set & ROOF_CLI_SET_BATCH)
    wl->batch = given->batch;
  if (opts->set & ROOF_CLI_SET_CONTEXT)
    wl->context = given->context;
  if (opts->set & ROOF_CLI_SET_PROMPT)
    wl->prompt = given->prompt;
  if (opts->set & ROOF_CLI_SET_OUTPUT)
    wl->output = given->output;
  if (opts->set & ROOF_CLI_SET_WEIGHTS)
    {
      wl->weights = given->weights;
      /* a precision replaces the scenario's explicit bytes per weight */
      if (!(opts->set & ROOF_CLI_SET_BYTES_PER_WEIGHT))
        wl->bytes_per_weight = 0.0;
    }
  if (opts->set & ROOF_CLI_SET_BYTES_PER_WEIGHT)
    wl->bytes_per_weight = given->bytes_per_weight;
  if (opts->set & ROOF_CLI_SET_KV)
    wl->kv = given->kv;
  if (opts->set & ROOF_CLI_SET_COMPUTE)
    wl->compute = given->compute;
  if (opts->set & ROOF_CLI_SET_ACTIVATIONS)
    wl->activations = given->activations;
  if (opts->set & ROOF_CLI_SET_TP)
    wl->devices = given->devices;
  if (opts->set & ROOF_CLI_SET_EP)
    wl->ep = given->ep;
  if (opts->set & ROOF_CLI_SET_PP)
    wl->pp = given->pp;
  if (opts->set & ROOF_CLI_SET_DP)
    wl->dp = given->dp;
  if (opts->set & ROOF_CLI_SET_ATTENTION)
    wl->attn_parallel = given->attn_parallel;
  if (opts->set & ROOF_CLI_SET_EP_IMBALANCE)
    wl->ep_imbalance = given->ep_imbalance;
  if (opts->set & ROOF_CLI_SET_MICROBATCHES)
    wl->microbatches = given->microbatches;
  if (opts->set & ROOF_CLI_SET_OVERLAP)
    wl->overlap = given->overlap;
  if (opts->set & ROOF_CLI_SET_OVERHEAD)
    wl->overhead = given->overhead;
}

/* The batch and context ranges, the sensitivity step and the SLA. */
static void
resolve_ranges_and_sla (RoofCliContext *ctx)
{
  const RoofCliOptions *opts = ctx->opts;

  /* ranges */
  ctx->batch_lo = opts->workload.batch;
  ctx->batch_hi = opts->batch_hi;
  ctx->context_lo = opts->workload.context;
  ctx->context_hi = opts->context_hi;
  if (opts->command == ROOF_CLI_COMMAND_COST && !(opts->set & ROOF_CLI_SET_BATCH))
    {
      ctx->batch_lo = 1.0;
      ctx->batch_hi = 4096.0;
      if (ctx->scenario != NULL)
        roof_scenario_get_batch_range (ctx->scenario, &ctx->batch_lo, &ctx->batch_hi);
      if (!(ctx->batch_lo >= 1.0 && ctx->batch_hi >= ctx->batch_lo))
        {
          ctx->batch_lo = 1.0;
          ctx->batch_hi = 4096.0;
        }
    }

  /* sensitivity step and SLA */
  ctx->step = ROOF_DEFAULT_SENSITIVITY_STEP;
  if (opts->set & ROOF_CLI_SET_STEP)
    ctx->step = opts->step;
  else if (ctx->scenario != NULL && roof_scenario_get_sensitivity_step (ctx->scenario) > 0.0)
    ctx->step = roof_scenario_get_sensitivity_step (ctx->scenario);

  if (ctx->scenario != NULL)
    ctx->sla = *roof_scenario_get_sla (ctx->scenario);
  else
    roof_sla_init (&ctx->sla);
  if (opts->set & ROOF_CLI_SET_ITL)
    ctx->sla.itl = opts->itl;
  if (opts->set & ROOF_CLI_SET_TTFT)
    ctx->sla.ttft = opts->ttft;
  if (opts->set & ROOF_CLI_SET_TOKENS_PER_S)
    ctx->sla.tokens_per_s = opts->tokens_per_s;
  if (opts->set & ROOF_CLI_SET_MAX_DEVICES)
    ctx->sla.max_devices = opts->max_devices;
}

gboolean
roof_cli_resolve (RoofCliContext *ctx, GError **error)
{
  const RoofCliOptions *opts = ctx->opts;
  RoofWorkload *wl = &ctx->workload;

  if (!resolve_model (ctx, error) || !resolve_targets (ctx, error))
    return FALSE;
  resolve_workload (ctx);

  /* layouts and the frontier enumerate the sizes: the scenario's are not used */
  gboolean enumerates = opts->command == ROOF_CLI_COMMAND_LAYOUTS
                        || opts->command == ROOF_CLI_COMMAND_PARETO
                        || opts->command == ROOF_CLI_COMMAND_PLAN
                        || (opts->command == ROOF_CLI_COMMAND_PLOT
                            && (opts->plot_kind == ROOF_PLOT_PARETO
                                || opts->plot_kind == ROOF_PLOT_PLAN));
  if (!enumerates && !check_layout (ctx, error))
    return FALSE;
  RoofError rerr = { 0 };
  if (roof_workload_validate (wl, &rerr) != ROOF_OK)
    {
      g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_FAILED, "invalid workload: %s",
                   rerr.message);
      return FALSE;
    }

  resolve_ranges_and_sla (ctx);
  if (!roof_cli_resolve_levers (ctx, error))
    return FALSE;

  /* a context past what the model was trained for still computes; say so */
  double max_ctx = roof_model_spec_get_max_context (ctx->model);
  double used = wl->phase == ROOF_PHASE_DECODE ? wl->context : wl->prompt;
  if (opts->command == ROOF_CLI_COMMAND_SWEEP && opts->context_is_range)
    used = ctx->context_hi;
  if (max_ctx > 0.0 && used > max_ctx)
    roof_cli_warning (ctx, "%s handles at most %.15g tokens of context, %.15g asked",
                      roof_spec_get_id (ROOF_SPEC (ctx->model)), max_ctx, used);
  return TRUE;
}
