/* roof-catalog-error.c — the error domain of catalog and scenario files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-catalog-error.h"

G_DEFINE_QUARK (roof-catalog-error-quark, roof_catalog_error)
