/* test-chart-command.c — the roofline-cli command of a chart (roof-chart-command.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expected arguments are written out from docs/cli.md's flags and
 * defaults; the UI test (tests/ui/test-ui-layout.c) runs a copied command.
 */
#include "config.h"

#include "roof-chart-command.h"

static RoofCatalog *catalog;

static gboolean
has_pair (char **args, const char *flag, const char *value)
{
  for (int i = 0; args[i] != NULL && args[i + 1] != NULL; i++)
    if (g_str_equal (args[i], flag) && g_str_equal (args[i + 1], value))
      return TRUE;
  return FALSE;
}

/* The app's first screen: three devices, Llama 3.1 70B on 2 in tensor
 * parallel; every other value is the CLI's default and is left out. */
static void
test_default (void)
{
  g_autoptr (RoofScenario) s = roof_scenario_new_default ();
  g_auto (GStrv) args = roof_chart_command_args (s, catalog, ROOF_PLOT_ROOFLINE, "/x/catalog.json",
                                                 NULL, "roofline.png");
  const char *expected[] = { "plot", "roofline", "-H", "nvidia-h100-sxm", "-H", "nvidia-h200-sxm",
                             "-H", "nvidia-a100-sxm-80gb", "-m", "llama-3.1-70b", "--tp", "2",
                             "-o", "roofline.png", NULL };

  /* nothing custom: no --catalog */
  g_assert_cmpstrv (args, expected);
}

/* What differs from the defaults, in the C locale's shortest round-trip
 * text: 0.1 + 0.2 is 0.30000000000000004, 5 µs of overhead "5". */
static void
test_values (void)
{
  g_autoptr (RoofScenario) s = roof_scenario_new_default ();
  RoofWorkload wl = *roof_scenario_get_workload (s);
  g_auto (GStrv) args = NULL;

  wl.batch = 0.1 + 0.2;
  wl.overhead = 5e-6;
  wl.phase = ROOF_PHASE_PREFILL;
  wl.overlap = ROOF_OVERLAP_SUM;
  wl.kv = ROOF_PREC_FP8;
  wl.microbatches = 4;
  roof_scenario_set_workload (s, &wl);
  roof_scenario_set_ceilings (s, (1u << ROOF_PREC_FP32) | (1u << ROOF_PREC_FP8));
  args = roof_chart_command_args (s, catalog, ROOF_PLOT_ROOFLINE, NULL, NULL, "r.png");
  g_assert_true (has_pair (args, "--batch", "0.30000000000000004"));
  g_assert_true (has_pair (args, "--overhead-us", "5"));
  g_assert_true (has_pair (args, "--phase", "prefill"));
  g_assert_true (has_pair (args, "--overlap", "sum"));
  g_assert_true (has_pair (args, "--kv", "fp8"));
  g_assert_true (has_pair (args, "--microbatches", "4"));
  g_assert_true (has_pair (args, "--ceilings", "fp32,fp8"));
  g_assert_false (g_strv_contains ((const char *const *) args, "--context"));
  /* the ITL target is the cost and batch charts' only */
  g_assert_false (g_strv_contains ((const char *const *) args, "--itl-ms"));
  g_clear_pointer (&args, g_strfreev);
  args = roof_chart_command_args (s, catalog, ROOF_PLOT_BATCH, NULL, NULL, "b.png");
  g_assert_true (has_pair (args, "--itl-ms", "50"));
  g_assert_false (g_strv_contains ((const char *const *) args, "--ceilings"));
}

/* A sparse attention span has no flag: the saved scenario file comes
 * along, with every flag given so that none of its other values wins. */
static void
test_scenario_file (void)
{
  g_autoptr (RoofScenario) s = roof_scenario_new_default ();
  RoofWorkload wl = *roof_scenario_get_workload (s);
  g_auto (GStrv) args = NULL;

  wl.attention_span = 2048;
  roof_scenario_set_workload (s, &wl);
  args = roof_chart_command_args (s, catalog, ROOF_PLOT_MEMORY, NULL, "/s/a b.roofline", "m.png");
  g_assert_true (has_pair (args, "--scenario", "/s/a b.roofline"));
  g_assert_true (has_pair (args, "--context", "4096"));
  g_assert_true (has_pair (args, "--batch", "1"));
  g_assert_true (has_pair (args, "--weights", "bf16"));
  g_assert_true (has_pair (args, "--overlap", "max"));
  g_assert_true (has_pair (args, "--pp", "1"));
  /* without a saved file: no --scenario, the defaults left out */
  g_clear_pointer (&args, g_strfreev);
  args = roof_chart_command_args (s, catalog, ROOF_PLOT_MEMORY, NULL, NULL, "m.png");
  g_assert_false (g_strv_contains ((const char *const *) args, "--scenario"));
  g_assert_false (g_strv_contains ((const char *const *) args, "--context"));
}

/* Plain words stay as they are; anything else is quoted so that a shell
 * reads back the very same arguments. */
static void
test_line (void)
{
  const char *args[] = { "plot", "cost", "--catalog", "/home/o'neil/my catalog.json", "-H",
                         "a$b", "-o", "", NULL };
  g_autofree char *line = roof_chart_command_line (args);
  g_auto (GStrv) back = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_str_has_prefix (line, "roofline-cli plot cost --catalog "));
  g_assert_true (g_shell_parse_argv (line, NULL, &back, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (back[0], ==, "roofline-cli");
  g_assert_cmpstrv (back + 1, args);
}

int
main (int argc, char *argv[])
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = roof_catalog_new_builtin (&error);
  g_assert_no_error (error);
  g_test_add_func ("/chart-command/default", test_default);
  g_test_add_func ("/chart-command/values", test_values);
  g_test_add_func ("/chart-command/scenario-file", test_scenario_file);
  g_test_add_func ("/chart-command/line", test_line);
  status = g_test_run ();
  g_clear_object (&catalog);
  return status;
}
