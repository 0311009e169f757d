/* catalog-test-util.c — helpers the catalog tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "catalog-test-util.h"

#include <math.h>

RoofCatalog *
catalog_test_builtin (void)
{
  g_autoptr (GError) error = NULL;
  RoofCatalog *catalog = roof_catalog_new_builtin (&error);

  g_assert_no_error (error);
  g_assert_nonnull (catalog);
  return catalog;
}

void
catalog_test_assert_rel (double got, double want, double tolerance)
{
  double scale = fmax (fabs (want), 1e-300);

  if (!(fabs (got - want) / scale <= tolerance))
    g_error ("got %.17g, want %.17g (relative tolerance %g)", got, want, tolerance);
}
