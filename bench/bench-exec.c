/* bench-exec.c — a whole process, timed: median wall time and peak RSS
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-exec N COMMAND [ARG…]
 *
 * Runs COMMAND N times, one after the other, its output discarded, and prints
 * "MEDIAN_MS PEAK_RSS_KB": the median wall time from fork to exit, and the
 * largest resident set of any run (getrusage's ru_maxrss of the waited
 * children). Fails when a run fails. For run-all: hyperfine and
 * /usr/bin/time are not everywhere.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main (int argc, char **argv)
{
  int n = argc > 2 ? atoi (argv[1]) : 0;
  struct rusage ru;
  double *t;

  if (n < 1)
    {
      fprintf (stderr, "usage: bench-exec N COMMAND [ARG…]\n");
      return 2;
    }
  t = calloc ((size_t) n, sizeof *t);
  for (int i = 0; i < n; i++)
    {
      int status;
      double t0 = now_ms ();
      pid_t pid = fork ();

      if (pid < 0)
        {
          perror ("bench-exec: fork");
          return 1;
        }
      if (pid == 0)
        {
          int null = open ("/dev/null", O_WRONLY);
          dup2 (null, STDOUT_FILENO);
          dup2 (null, STDERR_FILENO);
          execvp (argv[2], argv + 2);
          _exit (127);
        }
      if (waitpid (pid, &status, 0) < 0)
        {
          perror ("bench-exec: waitpid");
          return 1;
        }
      t[i] = now_ms () - t0;
      if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
        {
          fprintf (stderr, "bench-exec: %s failed (status %d)\n", argv[2], status);
          return 1;
        }
    }
  getrusage (RUSAGE_CHILDREN, &ru);
  qsort (t, (size_t) n, sizeof *t, cmp_double);
  printf ("%.2f %ld\n", n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]), ru.ru_maxrss);
  free (t);
  return 0;
}
