/* roof-test-util.c — helpers shared by the test programs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "roof-test-util.h"

void
roof_test_remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);

  if (dir != NULL)
    {
      const char *name;

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          roof_test_remove_tree (child);
        }
      g_dir_close (dir);
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

double
roof_test_erlang_c (int c, double a)
{
  double term = 1.0, sum = 0.0;
  for (int k = 0; k < c; k++)
    {
      sum += term;
      term *= a / (k + 1);
    }
  double top = term * c / (c - a);
  return top / (sum + top);
}
