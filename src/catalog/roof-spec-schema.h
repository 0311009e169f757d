/* roof-spec-schema.h — every field of a catalog entry, described once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Validation, the editor panels, the CLI's `show` and docs/file-format.md all
 * read this table, so a field is added in exactly one place.
 *
 * Paths: "memory.bandwidth_GBps" names a member of the "memory" object.
 * "caches[].capacity_MB" describes a member of every element of the CACHES
 * array (`required` then means required in each element); editors show those
 * rows inside the "caches" row. The PRECISION_MAP row's bounds apply to each
 * of its members; roof_spec_schema_lookup ("compute_TFLOPS.bf16") finds it.
 *
 * `required_if` is a condition: clauses joined by " and ", alternatives
 * joined by " or " (and binds tighter). A clause is "PATH" (present),
 * "!PATH" (absent), "PATH=VALUE", "PATH!=VALUE" (with the field's default
 * or inferred value: a model's kind defaults to transformer, its attention
 * is mla when an "mla" object is given, else inferred from kv_heads) or
 * "PATH>NUMBER" (present and larger).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  ROOF_FIELD_STRING,
  ROOF_FIELD_NUMBER,  /* finite double */
  ROOF_FIELD_INTEGER, /* whole number stored as a JSON number */
  ROOF_FIELD_BOOLEAN,
  ROOF_FIELD_ENUM,    /* string, one of `choices` */
  ROOF_FIELD_STRINGS, /* array of strings */
  ROOF_FIELD_CACHES,  /* hardware "caches": array of {name, capacity_MB, bandwidth_GBps?} */
  ROOF_FIELD_PRECISION_MAP, /* "compute_TFLOPS": {precision name: number} */
  ROOF_FIELD_RANGE,   /* [lo, hi], two numbers with lo < hi (scenario chart ranges) */
  ROOF_FIELD_COLOR_MAP, /* scenario "chart.colors": {hardware id: "#rrggbb"} */
} RoofFieldType;

typedef enum
{
  ROOF_ENTRY_HARDWARE,
  ROOF_ENTRY_MODEL,
  ROOF_ENTRY_SYSTEM, /* a scale-up domain of N devices and its networks */
} RoofEntryKind;

typedef struct
{
  const char *path;       /* JSON path: "memory.bandwidth_GBps" */
  RoofFieldType type;
  const char *label;      /* translatable, marked with N_() */
  const char *unit;       /* "GB/s", "TFLOP/s", NULL */
  const char *group;      /* editor group: "Memory", "Compute", … (N_()) */
  gboolean required;      /* required for every entry of this kind */
  const char *required_if; /* required when this other path is present / kind matches, or NULL */
  double min;             /* inclusive lower bound … */
  gboolean min_exclusive; /* … or exclusive when TRUE */
  double max;             /* inclusive upper bound; of STRING and STRINGS: the most
                           * characters (of each string), 0 for no limit */
  const char *const *choices; /* ENUM values */
  const char *help;       /* one sentence for tooltips and docs (N_()) */
} RoofFieldSpec;

/* NULL-terminated by a zero entry (path == NULL). */
const RoofFieldSpec *roof_spec_schema (RoofEntryKind kind, guint *n_fields);
const RoofFieldSpec *roof_spec_schema_lookup (RoofEntryKind kind, const char *path);

/* An id is 1 to 64 characters of a-z, 0-9, ".", "_" and "-", starting with a
 * letter or a digit. */
#define ROOF_SPEC_ID_MAX 64
/* The longest texts, in characters: names and other short texts, each
 * source (and price_source), notes. */
#define ROOF_SPEC_NAME_MAX 200
#define ROOF_SPEC_SOURCE_MAX 2000
#define ROOF_SPEC_NOTES_MAX 10000
gboolean roof_spec_id_is_valid (const char *id);

G_END_DECLS
