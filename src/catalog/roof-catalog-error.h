/* roof-catalog-error.h — the error domain of catalog and scenario files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ROOF_CATALOG_ERROR (roof_catalog_error_quark ())

typedef enum
{
  ROOF_CATALOG_ERROR_IO,        /* the file cannot be read or written */
  ROOF_CATALOG_ERROR_PARSE,     /* not JSON: message carries line:column */
  ROOF_CATALOG_ERROR_FORMAT,    /* wrong or missing "format" tag, wrong top-level shape */
  ROOF_CATALOG_ERROR_VERSION,   /* a newer "version" than this build reads */
  ROOF_CATALOG_ERROR_INVALID,   /* a field is missing, of the wrong type or out of range */
  ROOF_CATALOG_ERROR_DUPLICATE, /* two entries share an id */
  ROOF_CATALOG_ERROR_NOT_FOUND, /* an id that no entry has */
  ROOF_CATALOG_ERROR_TOO_LARGE, /* a file above the size or nesting limit */
} RoofCatalogError;

GQuark roof_catalog_error_quark (void);

/* Files larger than this are refused before parsing. */
#define ROOF_CATALOG_MAX_FILE_SIZE (64 * 1024 * 1024)
/* Deeper JSON nesting than this is refused (no valid file nests past 6). */
#define ROOF_CATALOG_MAX_DEPTH 32

#define ROOF_CATALOG_FORMAT "roofline-catalog"
#define ROOF_SCENARIO_FORMAT "roofline-scenario"
/* Version 2 (issue 12): catalogs may hold "systems", scenarios a "layout"
 * and embedded systems. Version 1 files still load; files are written as
 * version 2. */
#define ROOF_CATALOG_VERSION 2
#define ROOF_SCENARIO_VERSION 2

G_END_DECLS
