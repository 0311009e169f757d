/* catalog-test-util.h — helpers the catalog tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "roof-catalog.h"

/* The built-in catalog; fails the test when it does not load. */
RoofCatalog *catalog_test_builtin (void);

/* Fails the test unless |got − want| ≤ tolerance · |want|. */
void catalog_test_assert_rel (double got, double want, double tolerance);
