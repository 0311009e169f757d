/* bench-cli-layouts.c — `roofline-cli layouts` in process, median of many runs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-cli-layouts [RUNS]
 *
 * Runs roof_cli_run () with the arguments below, its output written to
 * /dev/null, RUNS times (default 31) after one warm-up, and prints the
 * median wall time of each case in milliseconds. A run is the whole command
 * as a script's call would pay it, less the process: the built-in catalog
 * loaded, the model and system resolved, every layout and batch 1…4096
 * enumerated by the solver, the rows ranked and printed.
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "roof-cli.h"

#define DEEPSEEK_NVL72 "-m", "deepseek-v3", "--system", "nvidia-gb200-nvl72", "--weights", "fp8", \
                       "--kv", "fp8", "--compute", "fp8"

typedef struct
{
  const char *what;
  const char *argv[24];
} Case;

static const Case cases[] = {
  { "layouts, DeepSeek-V3 on a GB200 NVL72, table (top 20)",
    { "roofline-cli", "layouts", DEEPSEEK_NVL72, NULL } },
  { "the same at --itl-ms 50",
    { "roofline-cli", "layouts", DEEPSEEK_NVL72, "--itl-ms", "50", NULL } },
  { "the same, --json (every layout at its cheapest batch)",
    { "roofline-cli", "layouts", DEEPSEEK_NVL72, "--json", NULL } },
  { "the same, --every-batch --csv (every layout and batch)",
    { "roofline-cli", "layouts", DEEPSEEK_NVL72, "--every-batch", "--csv", NULL } },
  { "the same, --every-batch --json",
    { "roofline-cli", "layouts", DEEPSEEK_NVL72, "--every-batch", "--json", NULL } },
  { "for comparison: list models (catalog load and a table)",
    { "roofline-cli", "list", "models", NULL } },
};

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  int runs = argc > 1 ? atoi (argv[1]) : 31;
  FILE *null_out = fopen ("/dev/null", "w");
  double *t;

  if (runs < 1 || null_out == NULL)
    {
      fprintf (stderr, "usage: bench-cli-layouts [RUNS]\n");
      return 2;
    }
  t = g_new (double, runs);
  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      int n = 0;
      while (cases[c].argv[n] != NULL)
        n++;
      for (int i = -1; i < runs; i++)
        {
          gint64 t0 = g_get_monotonic_time ();
          int status = roof_cli_run (n, (char **) cases[c].argv, null_out, null_out);
          if (status != 0)
            {
              fprintf (stderr, "bench-cli-layouts: %s: exit status %d\n", cases[c].what, status);
              return 1;
            }
          if (i >= 0)
            t[i] = (g_get_monotonic_time () - t0) * 1e-3;
        }
      qsort (t, runs, sizeof *t, cmp_double);
      printf ("%-58s %8.2f ms (min %.2f, max %.2f)\n", cases[c].what, t[runs / 2], t[0],
              t[runs - 1]);
    }
  g_free (t);
  fclose (null_out);
  return 0;
}
