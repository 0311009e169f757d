/* fuzz-catalog-copy.h — a catalog holding another's entries, for the targets
 * that share the built-in catalog parsed once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "roof-catalog.h"

/* A new catalog holding the same entry objects as `from`, in its order. */
RoofCatalog *fuzz_catalog_copy (RoofCatalog *from);
