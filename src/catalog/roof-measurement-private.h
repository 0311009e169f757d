/* roof-measurement-private.h — what the measurement files share inside the catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "roof-catalog-private.h"
#include "roof-measurement.h"

G_BEGIN_DECLS

/* A CSV table (RFC 4180: commas, double quotes, "" inside quotes, CRLF or
 * LF): rows of cells, and the line each row starts on. */
typedef struct
{
  GPtrArray *rows; /* GStrv */
  GArray *lines;   /* guint */
} RoofCsv;

RoofCsv *roof_csv_parse (const char *data, gsize length, const char *origin, GError **error);
void roof_csv_free (RoofCsv *csv);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RoofCsv, roof_csv_free)
/* The column of the header row named `name` (ASCII case ignored), or −1. */
int roof_csv_column (RoofCsv *csv, const char *name);
/* Row `row`'s cell of `column`, "" past its end or for column −1. */
const char *roof_csv_cell (RoofCsv *csv, guint row, int column);

/* A JSON document parsed with the line each object starts on
 * (JsonObject* → line, GUINT_TO_POINTER). */
JsonNode *roof_measurement_json_parse (const char *data,
                                       gsize length,
                                       const char *origin,
                                       GHashTable **object_lines,
                                       GError **error);

/* A measurement from the cells of a table row whose header names the
 * fields: `get` returns a field's text or NULL when the row lacks it. */
typedef const char *(*RoofFieldTextFunc) (const char *field, gpointer user_data);
RoofMeasurement *roof_measurement_from_text (RoofFieldTextFunc get,
                                             gpointer user_data,
                                             const char *where,
                                             GError **error);
/* The name of field `i` of a measurement, in file order; NULL past the
 * last (docs/file-format.md's table, checked against this by a test). */
const char *roof_measurement_field_name (guint i);

/* Checks the fields a measurement needs (model, hardware or system,
 * lengths, tokens/s) and their ranges. */
gboolean roof_measurement_check (const RoofMeasurement *m, const char *where, GError **error);

/* `m` (or, when NULL, its error) into `out`, its ids resolved against
 * `catalog` (may be NULL), its source `source` when it names none. */
gboolean roof_measurement_add_resolved (GPtrArray *out,
                                        RoofMeasurement *m,
                                        RoofCatalog *catalog,
                                        const char *source,
                                        const char *where,
                                        GError **error);

/* roof_measurement_resolve (), keeping an id that `embedded` (may be
 * NULL: a scenario's own entries) holds. */
gboolean roof_measurement_resolve_in (RoofMeasurement *m,
                                      RoofCatalog *embedded,
                                      RoofCatalog *catalog,
                                      const char *where,
                                      GError **error);

G_END_DECLS
