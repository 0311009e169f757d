/* roof-cli-options-serving.c — roofline-cli's serving flags: the targets,
 * the fleet's traffic and the levers (speculative decoding, disaggregation,
 * ownership)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-cli-options-private.h"

/* The service-level targets and the fleet's traffic (--itl-ms, --rate …). */
gboolean
apply_targets (RoofCliOptions *opts, const Given *g, GError **error)
{
  const char *flag = g->flag;
  const char *v = g->value;
  double x = 0.0;

  switch (g->spec->id)
    {
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
    case OPT_RATE:
      if (!parse_real (flag, v, 0, TRUE, 1e9, &opts->rate, error))
        return FALSE;
      opts->fleet_set |= ROOF_CLI_FLEET_RATE;
      break;
    case OPT_LENGTHS:
      g_free (opts->lengths);
      opts->lengths = g_strdup (v);
      opts->fleet_set |= ROOF_CLI_FLEET_LENGTHS;
      break;
    case OPT_TTFT_P50_MS:
    case OPT_TTFT_P99_MS:
      if (!parse_real (flag, v, 0, FALSE, 1e9, &x, error))
        return FALSE;
      *(g->spec->id == OPT_TTFT_P50_MS ? &opts->ttft_p50 : &opts->ttft_p99) = x * 1e-3;
      opts->fleet_set
        |= g->spec->id == OPT_TTFT_P50_MS ? ROOF_CLI_FLEET_TTFT_P50 : ROOF_CLI_FLEET_TTFT_P99;
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
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* An id-valued flag into *slot; '' is refused. */
static gboolean
set_id (char **slot, const char *flag, const char *v, GError **error)
{
  if (*v == '\0')
    return usage_error (error, "%s expects an id, got ''", flag);
  g_free (*slot);
  *slot = g_strdup (v);
  return TRUE;
}

/* Speculative decoding, disaggregation and ownership (docs/model.md). */
gboolean
apply_levers (RoofCliOptions *opts, const Given *g, GError **error)
{
  RoofCliLevers *lv = &opts->levers;
  const char *flag = g->flag;
  const char *v = g->value;
  OptId id = g->spec->id;
  double x = 0.0;

  if (id >= OPT_PREFILL_SYSTEM && id <= OPT_PREFILL_BATCH && lv->prefill_flag == NULL)
    lv->prefill_flag = g->spec->long_name;
  if (id >= OPT_CAPEX_USD && id <= OPT_PUE && lv->own_flag == NULL)
    lv->own_flag = g->spec->long_name;
  switch (id)
    {
    case OPT_SPEC_K:
      if (!parse_whole (flag, v, 1, 64, &lv->spec_k, error))
        return FALSE;
      lv->spec = TRUE;
      return TRUE;
    case OPT_SPEC_ACCEPT:
      if (!read_number (v, &x) || x < 0.0 || x >= 1.0)
        return usage_error (error,
                            "%s expects the acceptance rate α, a number in [0, 1), got '%s'",
                            flag, v);
      lv->spec_accept = x;
      lv->has_accept = TRUE;
      return TRUE;
    case OPT_DRAFT_MODEL:
      return set_id (&lv->draft_model, flag, v, error);
    case OPT_MTP_PARAMS:
      return parse_real (flag, v, 0, TRUE, 1e15, &lv->mtp_params, error);
    case OPT_DISAGG:
      lv->disagg = TRUE;
      return TRUE;
    case OPT_PREFILL_SYSTEM:
      return set_id (&lv->prefill_system, flag, v, error);
    case OPT_PREFILL_HARDWARE:
      return set_id (&lv->prefill_hardware, flag, v, error);
    case OPT_PREFILL_TP:
      return parse_whole (flag, v, 1, 1e6, &lv->prefill_tp, error);
    case OPT_PREFILL_EP:
      return parse_whole (flag, v, 1, 1e6, &lv->prefill_ep, error);
    case OPT_PREFILL_BATCH:
      return parse_whole (flag, v, 1, 1e9, &lv->prefill_batch, error);
    case OPT_COST:
      if (g_str_equal (v, "rent"))
        lv->cost = ROOF_CLI_COST_RENT;
      else if (g_str_equal (v, "own"))
        lv->cost = ROOF_CLI_COST_OWN;
      else
        return usage_error (error, "%s expects rent or own, got '%s'", flag, v);
      lv->cost_given = TRUE;
      return TRUE;
    case OPT_CAPEX_USD:
      lv->own_set |= 1;
      return parse_real (flag, v, 0, FALSE, 1e12, &lv->own.capex_usd, error);
    case OPT_YEARS:
      lv->own_set |= 2;
      return parse_real (flag, v, 0, TRUE, 100, &lv->own.years, error);
    case OPT_USD_PER_KWH:
      lv->own_set |= 4;
      return parse_real (flag, v, 0, FALSE, 1000, &lv->own.usd_per_kwh, error);
    case OPT_PUE:
      lv->own_set |= 8;
      return parse_real (flag, v, 1, FALSE, 10, &lv->own.pue, error);
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* The levers' flags together: what needs what. */
gboolean
check_levers (RoofCliOptions *opts, GError **error)
{
  RoofCliLevers *lv = &opts->levers;
  static const char *const own_flags[] = { "--capex-usd", "--years", "--usd-per-kwh" };

  if (lv->spec != lv->has_accept)
    return usage_error (error, lv->spec ? "--spec-k needs --spec-accept A"
                                        : "--spec-accept needs --spec-k K");
  if ((lv->draft_model != NULL || lv->mtp_params > 0.0) && !lv->spec)
    return usage_error (error, "%s needs --spec-k K and --spec-accept A",
                        lv->draft_model != NULL ? "--draft-model" : "--mtp-params");
  if (lv->spec && lv->draft_model != NULL && lv->mtp_params > 0.0)
    return usage_error (error, "--draft-model and --mtp-params exclude each other: one drafter");
  if (lv->spec && lv->draft_model == NULL && !(lv->mtp_params > 0.0))
    return usage_error (error, "--spec-k needs a drafter: --draft-model ID or --mtp-params N");
  if (lv->spec && (opts->set & ROOF_CLI_SET_PHASE) && opts->workload.phase != ROOF_PHASE_DECODE)
    return usage_error (error, "--spec-k applies to decode, not --phase prefill");
  if (lv->spec && lv->disagg && opts->command == ROOF_CLI_COMMAND_SOLVE)
    return usage_error (error, "--spec-k and --disagg exclude each other: one lever at a time");
  if (lv->prefill_flag != NULL && !lv->disagg)
    return usage_error (error, "--%s needs --disagg", lv->prefill_flag);
  if (lv->prefill_system != NULL && lv->prefill_hardware != NULL)
    return usage_error (error, "--prefill-system and --prefill-hardware exclude each other");
  if (lv->disagg && (opts->set & ROOF_CLI_SET_PHASE) && opts->workload.phase != ROOF_PHASE_DECODE)
    return usage_error (error, "--disagg times both phases: leave out --phase prefill");
  if (lv->own_flag != NULL && lv->cost != ROOF_CLI_COST_OWN)
    return usage_error (error, "--%s needs --cost own", lv->own_flag);
  if (lv->cost == ROOF_CLI_COST_OWN)
    {
      for (guint i = 0; i < G_N_ELEMENTS (own_flags); i++)
        if (!(lv->own_set & (1u << i)))
          return usage_error (error, "--cost own needs %s (no built-in device has a purchase "
                                     "price)",
                              own_flags[i]);
      if (!(lv->own_set & 8))
        lv->own.pue = 1.0;
    }
  return TRUE;
}
