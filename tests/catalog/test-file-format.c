/* test-file-format.c — docs/file-format.md against the schema tables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The field tables of the document are preceded by a marker line
 * "<!-- schema: hardware -->" (or model, scenario). Every field of the table
 * in the code must have a row there and every row must name a field, and
 * the columns the code knows (type, unit, required, range) must say what
 * the code does. Default and Meaning are prose, checked by people.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-catalog-private.h"
#include "roof-spec-schema.h"

static const char *const columns[] = {
  "Field", "Type", "Unit", "Required", "Range", "Default", "Meaning", NULL,
};

enum
{
  COL_FIELD,
  COL_TYPE,
  COL_UNIT,
  COL_REQUIRED,
  COL_RANGE,
  N_CHECKED
};

typedef struct
{
  const char *name;
  const RoofFieldSpec *rows;
} Schema;

/* ------------------------------------------------------------------------ */
/* What the document must say                                               */

static const char *
type_text (RoofFieldType type)
{
  switch (type)
    {
    case ROOF_FIELD_STRING:
      return "string";
    case ROOF_FIELD_NUMBER:
      return "number";
    case ROOF_FIELD_INTEGER:
      return "integer";
    case ROOF_FIELD_BOOLEAN:
      return "boolean";
    case ROOF_FIELD_ENUM:
      return "enum";
    case ROOF_FIELD_STRINGS:
      return "array of strings";
    case ROOF_FIELD_CACHES:
      return "array of objects";
    case ROOF_FIELD_PRECISION_MAP:
      return "object of numbers";
    case ROOF_FIELD_RANGE:
      return "[low, high]";
    case ROOF_FIELD_COLOR_MAP:
      return "object of colours";
    default:
      g_assert_not_reached ();
    }
}

/* 0.5, 1900, 1e6, 2.5e7: how people write bounds */
static char *
bound_text (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (v != 0 && floor (v) == v && fabs (v) >= 1e5)
    {
      int exponent = (int) floor (log10 (fabs (v)));
      double mantissa = v / pow (10, exponent);

      g_ascii_formatd (buf, sizeof buf, "%.15g", mantissa);
      return g_strdup_printf ("%se%d", buf, exponent);
    }
  g_ascii_formatd (buf, sizeof buf, "%.15g", v);
  return g_strdup (buf);
}

static char *
range_text (const RoofFieldSpec *row)
{
  GString *out = g_string_new (NULL);

  switch (row->type)
    {
    case ROOF_FIELD_ENUM:
    case ROOF_FIELD_STRINGS:
      if (row->choices != NULL)
        {
          g_autofree char *joined = g_strjoinv (", ", (char **) row->choices);

          g_string_append (out, joined);
        }
      else if (row->type == ROOF_FIELD_STRINGS && row->max > 0)
        g_string_append_printf (out, "≤ %.0f characters each", row->max);
      break;

    case ROOF_FIELD_STRING:
      /* the validator counts characters, not bytes */
      if (row->max > 0)
        g_string_append_printf (out, "≤ %.0f characters", row->max);
      break;

    case ROOF_FIELD_NUMBER:
    case ROOF_FIELD_INTEGER:
    case ROOF_FIELD_PRECISION_MAP:
    case ROOF_FIELD_RANGE:
      {
        /* the validator always applies the lower bound, the upper one when
         * it lies above it */
        g_autofree char *lo = bound_text (row->min);

        g_string_append_printf (out, "%s %s", row->min_exclusive ? ">" : "≥", lo);
        if (row->max > row->min)
          {
            g_autofree char *hi = bound_text (row->max);

            g_string_append_printf (out, ", ≤ %s", hi);
          }
      }
      break;

    default:
      break;
    }
  return g_string_free (out, FALSE);
}

static char *
required_text (const RoofFieldSpec *row)
{
  if (row->required)
    return g_strdup ("yes");
  if (row->required_if != NULL)
    return g_strdup_printf ("if `%s`", row->required_if);
  return g_strdup ("no");
}

/* The row a maintainer pastes for a new field (prose columns left empty). */
static char *
expected_row (const RoofFieldSpec *row)
{
  g_autofree char *required = required_text (row);
  g_autofree char *range = range_text (row);

  return g_strdup_printf ("| `%s` | %s | %s | %s | %s |  |  |", row->path, type_text (row->type),
                          row->unit ? row->unit : "", required, range);
}

/* ------------------------------------------------------------------------ */
/* What the document says                                                   */

/* Cells of a table line, trimmed; "\|" stands for a literal bar. */
static GPtrArray *
split_cells (const char *line)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) cell = g_string_new (NULL);
  const char *p = line;

  g_assert_true (*p == '|');
  for (p++; *p != '\0'; p++)
    {
      if (p[0] == '\\' && p[1] == '|')
        {
          g_string_append_c (cell, '|');
          p++;
        }
      else if (*p == '|')
        {
          g_ptr_array_add (cells, g_strstrip (g_strdup (cell->str)));
          g_string_truncate (cell, 0);
        }
      else
        g_string_append_c (cell, *p);
    }
  /* text after the last bar is not a cell */
  g_assert_cmpstr (g_strstrip (cell->str), ==, "");
  return cells;
}

/* Every row below a "<!-- schema: NAME -->" marker, by field path: the
 * value is the row's cells. */
static GHashTable *
read_rows (const char *text, const char *name)
{
  GHashTable *rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) g_ptr_array_unref);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *marker = g_strdup_printf ("<!-- schema: %s -->", name);
  guint n_tables = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint row_index = 0;

      if (strcmp (g_strstrip (lines[i]), marker) != 0)
        continue;
      n_tables++;
      for (i++; lines[i] != NULL && *g_strstrip (lines[i]) == '\0'; i++)
        ;
      for (; lines[i] != NULL && lines[i][0] == '|'; i++, row_index++)
        {
          g_autoptr (GPtrArray) cells = split_cells (lines[i]);
          const char *field;

          if (row_index == 0)
            {
              g_assert_cmpuint (cells->len, ==, g_strv_length ((char **) columns));
              for (guint c = 0; columns[c] != NULL; c++)
                g_assert_cmpstr (g_ptr_array_index (cells, c), ==, columns[c]);
              continue;
            }
          if (row_index == 1)
            continue; /* |---|---| */

          if (cells->len != g_strv_length ((char **) columns))
            g_error ("docs/file-format.md, %s table: the row \"%s\" has %u cells, not %u", name,
                     lines[i], cells->len, g_strv_length ((char **) columns));
          field = g_ptr_array_index (cells, COL_FIELD);
          if (!(g_str_has_prefix (field, "`") && g_str_has_suffix (field, "`")
                && strlen (field) > 2))
            g_error ("docs/file-format.md, %s table: the field \"%s\" is not in backquotes",
                     name, field);
          field = g_strndup (field + 1, strlen (field) - 2);
          if (g_hash_table_contains (rows, field))
            g_error ("docs/file-format.md, %s table: %s has two rows", name, field);
          g_hash_table_insert (rows, (char *) field, g_steal_pointer (&cells));
        }
      if (lines[i] == NULL)
        break;
    }
  if (n_tables == 0)
    g_error ("docs/file-format.md has no table marked %s", marker);
  return rows;
}

static char *
read_document (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "docs", "file-format.md",
                                                 NULL);
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* ------------------------------------------------------------------------ */

static void
check_schema (gconstpointer data)
{
  const Schema *schema = data;
  g_autofree char *text = read_document ();
  g_autoptr (GHashTable) rows = read_rows (text, schema->name);
  GHashTableIter iter;
  gpointer key;
  guint n = 0;

  for (const RoofFieldSpec *row = schema->rows; row->path != NULL; row++, n++)
    {
      GPtrArray *cells = g_hash_table_lookup (rows, row->path);
      g_autofree char *expected = expected_row (row);
      g_autofree char *required = required_text (row);
      g_autofree char *range = range_text (row);
      const char *want[N_CHECKED] = {
        [COL_TYPE] = type_text (row->type),
        [COL_UNIT] = row->unit ? row->unit : "",
        [COL_REQUIRED] = required,
        [COL_RANGE] = range,
      };

      if (cells == NULL)
        g_error ("docs/file-format.md, %s table: no row for %s; add\n%s", schema->name,
                 row->path, expected);
      for (int c = COL_TYPE; c < N_CHECKED; c++)
        if (strcmp (g_ptr_array_index (cells, c), want[c]) != 0)
          g_error ("docs/file-format.md, %s table: %s: the %s column says \"%s\", the code "
                   "\"%s\"; the row should start\n%s",
                   schema->name, row->path, columns[c], (char *) g_ptr_array_index (cells, c),
                   want[c], expected);
    }

  g_hash_table_iter_init (&iter, rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      gboolean known = FALSE;

      for (const RoofFieldSpec *row = schema->rows; row->path != NULL && !known; row++)
        known = strcmp (row->path, key) == 0;
      if (!known)
        g_error ("docs/file-format.md, %s table: %s is not a field of the code's table",
                 schema->name, (char *) key);
    }
  g_assert_cmpuint (g_hash_table_size (rows), ==, n);
}

/* The checker itself: a row that lies is caught. */
static void
test_checker (void)
{
  const RoofFieldSpec *row = roof_spec_schema_lookup (ROOF_ENTRY_HARDWARE,
                                                      "memory.bandwidth_GBps");
  g_autofree char *range = range_text (row);
  g_autofree char *line = expected_row (row);
  g_autoptr (GPtrArray) cells = split_cells ("| `a` | b \\| c |  | d |");

  g_assert_cmpstr (range, ==, "> 0, ≤ 1e9");
  g_assert_cmpstr (line, ==,
                   "| `memory.bandwidth_GBps` | number | GB/s | yes | > 0, ≤ 1e9 |  |  |");
  g_assert_cmpuint (cells->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (cells, 1), ==, "b | c");
  g_assert_cmpstr (g_ptr_array_index (cells, 2), ==, "");

  g_clear_pointer (&range, g_free);
  range = range_text (roof_spec_schema_lookup (ROOF_ENTRY_HARDWARE, "year"));
  g_assert_cmpstr (range, ==, "≥ 1900, ≤ 2200");
  g_clear_pointer (&range, g_free);
  range = range_text (roof_spec_schema_lookup (ROOF_ENTRY_HARDWARE, "interconnect.latency_us"));
  g_assert_cmpstr (range, ==, "≥ 0, ≤ 1e6");
  g_clear_pointer (&range, g_free);
  range = range_text (roof_spec_schema_lookup (ROOF_ENTRY_MODEL, "attention"));
  g_assert_cmpstr (range, ==, "mha, gqa, mqa, mla");
  g_clear_pointer (&range, g_free);
  range = range_text (roof_spec_schema_lookup (ROOF_ENTRY_MODEL, "name"));
  g_assert_cmpstr (range, ==, "≤ 200 characters");
  g_clear_pointer (&range, g_free);
  range = range_text (roof_spec_schema_lookup (ROOF_ENTRY_HARDWARE, "sources"));
  g_assert_cmpstr (range, ==, "≤ 2000 characters each");
}

int
main (int argc, char **argv)
{
  static Schema schemas[4];

  g_test_init (&argc, &argv, NULL);

  schemas[0] = (Schema) { "hardware", roof_spec_schema (ROOF_ENTRY_HARDWARE, NULL) };
  schemas[1] = (Schema) { "model", roof_spec_schema (ROOF_ENTRY_MODEL, NULL) };
  schemas[2] = (Schema) { "scenario", roof_scenario_schema () };
  schemas[3] = (Schema) { "system", roof_spec_schema (ROOF_ENTRY_SYSTEM, NULL) };

  g_test_add_func ("/file-format/checker", test_checker);
  g_test_add_data_func ("/file-format/hardware", &schemas[0], check_schema);
  g_test_add_data_func ("/file-format/model", &schemas[1], check_schema);
  g_test_add_data_func ("/file-format/scenario", &schemas[2], check_schema);
  g_test_add_data_func ("/file-format/system", &schemas[3], check_schema);

  return g_test_run ();
}
