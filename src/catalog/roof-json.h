/* roof-json.h — JSON text as people diff it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-glib 1.6 prints 0.1 as 0.10000000000000001. Files analysts keep under
 * version control and the CLI's --json output use this writer instead: the
 * shortest decimal that reads back to the same double, whole numbers without
 * an exponent below 1e16, 2-space indentation, UTF-8, a final newline.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Shortest round-trip text of a finite double ("0.1", "70550000000", "1e-06").
 * Non-finite values give "null" (JSON has no NaN). Locale-independent. */
char *roof_json_format_double (double value);
/* Appends the same text to `out`. */
void roof_json_append_double (GString *out, double value);

/* Serialises `node`; `pretty` indents by two spaces and ends with a newline. */
char *roof_json_to_string (JsonNode *node, gboolean pretty);

/* Parses `data` (refusing files over ROOF_CATALOG_MAX_FILE_SIZE and nesting
 * deeper than ROOF_CATALOG_MAX_DEPTH before json-glib sees them). Errors are
 * ROOF_CATALOG_ERROR_PARSE "ORIGIN:LINE:COLUMN: message" or _TOO_LARGE. */
JsonNode *roof_json_parse (const char *data, gssize length, const char *origin, GError **error);

G_END_DECLS
