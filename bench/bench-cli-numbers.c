/* bench-cli-numbers.c — roofline-cli's number texts, nanoseconds a number
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-cli-numbers [ROUNDS]
 *
 * Formats three sets of 1,000,000 values with roof_cli_put_double, ROUNDS
 * times (default 15), and prints the median CPU time per value: values like a
 * sweep's (quotients of whole numbers, 1e-4 to 1e6, which print with 15 to
 * 17 digits), whole numbers below 1e12 (batches, byte counts), and the
 * reference roof_json_format_double on the first set for comparison (one
 * round). The text all JSON and CSV numbers take (docs/performance.md,
 * "sweep as JSON and CSV").
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "roof-cli-format.h"
#include "roof-json.h"

#define N 1000000

/* the thread's CPU time in ns: a busy machine delays the run, but the time
 * it gets is what this counts */
static gint64
cpu_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* median ns per value of roof_cli_put_double over `v` */
static double
time_put (const double *v, int rounds, gsize *sink)
{
  double *t = g_new (double, rounds);
  char buf[ROOF_CLI_NUMBER_MAX];
  double median;

  for (int r = 0; r < rounds; r++)
    {
      gint64 start = cpu_ns ();

      for (int i = 0; i < N; i++)
        *sink += roof_cli_put_double (buf, v[i]) + (guchar) buf[0];
      t[r] = (double) (cpu_ns () - start) / N;
    }
  qsort (t, rounds, sizeof *t, cmp_double);
  median = t[rounds / 2];
  g_free (t);
  return median;
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 15;
  double *quotients = g_new (double, N);
  double *whole = g_new (double, N);
  GRand *rand = g_rand_new_with_seed (11);
  gsize sink = 0;
  gint64 start;

  if (rounds < 1)
    {
      fprintf (stderr, "usage: bench-cli-numbers [ROUNDS]\n");
      return 2;
    }
  for (int i = 0; i < N; i++)
    {
      double a = g_rand_int_range (rand, 100000, 1000000);
      double b = g_rand_int_range (rand, 1000, 1000000);

      quotients[i] = a / b * (i % 2 ? 1e-3 : 1e3);
      whole[i] = (double) (((guint64) g_rand_int (rand) << 8) % G_GUINT64_CONSTANT (1000000000000));
    }

  printf ("roof_cli_put_double, like a sweep's results  %6.1f ns\n",
          time_put (quotients, rounds, &sink));
  printf ("roof_cli_put_double, whole numbers < 1e12    %6.1f ns\n", time_put (whole, rounds, &sink));
  start = cpu_ns ();
  for (int i = 0; i < N; i++)
    {
      g_autofree char *text = roof_json_format_double (quotients[i]);
      sink += text[0];
    }
  printf ("roof_json_format_double (printf), the first  %6.1f ns\n",
          (double) (cpu_ns () - start) / N);
  g_rand_free (rand);
  g_free (quotients);
  g_free (whole);
  return sink == 0;
}
