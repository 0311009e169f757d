/* roof-measurement-store.c — catalog ids for measured results, the bundled set, the user's file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "roof-catalog-entries.h"
#include "roof-measurement-private.h"

/* ------------------------------------------------------------------------ */
/* Matching a benchmark's names to catalog ids                              */

/* `text` lowercased with everything but letters and digits left out, and
 * where each of its words (runs of letters and digits) starts. */
typedef struct
{
  GString *s;
  GArray *starts; /* gboolean per character of s */
} Stream;

static void
stream_init (Stream *st, const char *text)
{
  gboolean word = FALSE;

  st->s = g_string_new (NULL);
  st->starts = g_array_new (FALSE, TRUE, sizeof (gboolean));
  for (const char *p = text; *p != '\0'; p++)
    {
      gboolean alnum = g_ascii_isalnum (*p);
      if (alnum)
        {
          gboolean start = !word;
          g_string_append_c (st->s, g_ascii_tolower (*p));
          g_array_append_val (st->starts, start);
        }
      /* "3.1" is one word: the dot joins digits, as in a version */
      word = alnum || (word && *p == '.' && g_ascii_isdigit (p[1]));
    }
}

static void
stream_clear (Stream *st)
{
  g_string_free (st->s, TRUE);
  g_array_unref (st->starts);
}

/* The characters of `id`'s words found in `text`, in order, each starting
 * where a word of the text starts or right where the previous one ended
 * ("llama-2-70b" in "llama2-70b-99"); 0 when one is missing. */
static gsize
match_score (const Stream *text, const char *id)
{
  g_auto (GStrv) words = g_strsplit (id, "-", -1);
  gsize at = 0, score = 0;

  for (guint w = 0; words[w] != NULL; w++)
    {
      Stream word;
      gboolean found = FALSE;

      stream_init (&word, words[w]);
      for (gsize p = at; p + word.s->len <= text->s->len && word.s->len > 0; p++)
        if ((g_array_index (text->starts, gboolean, p) || (p == at && at > 0))
            && memcmp (text->s->str + p, word.s->str, word.s->len) == 0)
          {
            at = p + word.s->len;
            score += word.s->len;
            found = TRUE;
            break;
          }
      stream_clear (&word);
      if (!found)
        return 0;
    }
  return score;
}

static GListModel *
entries_of (RoofCatalog *catalog, RoofEntryKind kind)
{
  switch (kind)
    {
    case ROOF_ENTRY_HARDWARE:
      return roof_catalog_get_hardware (catalog);
    case ROOF_ENTRY_MODEL:
      return roof_catalog_get_models (catalog);
    case ROOF_ENTRY_SYSTEM:
    default:
      return roof_catalog_get_systems (catalog);
    }
}

static int
compare_distance (gconstpointer a, gconstpointer b, gpointer user_data)
{
  const char *query = user_data;
  const char *x = *(const char *const *) a, *y = *(const char *const *) b;
  guint dx = roof_edit_distance (query, x, TRUE), dy = roof_edit_distance (query, y, TRUE);

  return dx != dy ? (dx < dy ? -1 : 1) : strcmp (x, y);
}

/* "nvidia-h100-sxm, nvidia-h100-pcie, nvidia-h100-nvl": the three ids
 * nearest `text` by edit distance. */
static char *
closest_ids (GListModel *list, const char *text)
{
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *lower = g_ascii_strdown (text, -1);
  const char *slash = strrchr (lower, '/');

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (RoofSpec) spec = g_list_model_get_item (list, i);
      g_ptr_array_add (ids, (gpointer) roof_spec_get_id (spec));
    }
  g_ptr_array_sort_with_data (ids, compare_distance, slash != NULL ? (gpointer) (slash + 1) : lower);
  for (guint i = 0; i < ids->len && i < 3; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", (char *) g_ptr_array_index (ids, i));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
roof_catalog_match_id (RoofCatalog *catalog, RoofEntryKind kind, const char *text, GError **error)
{
  GListModel *list;
  Stream stream;
  g_autoptr (GPtrArray) best = g_ptr_array_new ();
  gsize best_score = 0;
  const char *noun = kind == ROOF_ENTRY_HARDWARE ? "hardware"
                     : kind == ROOF_ENTRY_MODEL  ? "model"
                                                 : "system";

  g_return_val_if_fail (ROOF_IS_CATALOG (catalog), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  if (roof_catalog_find_entry (catalog, kind, text) != NULL)
    return g_strdup (text);
  list = entries_of (catalog, kind);
  stream_init (&stream, text);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (RoofSpec) spec = g_list_model_get_item (list, i);
      const char *id = roof_spec_get_id (spec);
      gsize score = g_ascii_strcasecmp (roof_spec_get_name (spec), text) == 0
                      ? G_MAXSIZE
                      : match_score (&stream, id);

      if (score == 0 || score < best_score)
        continue;
      if (score > best_score)
        g_ptr_array_set_size (best, 0);
      best_score = score;
      g_ptr_array_add (best, (gpointer) id);
    }
  stream_clear (&stream);
  if (best->len == 1)
    return g_strdup (g_ptr_array_index (best, 0));
  if (best->len > 1)
    {
      g_ptr_array_add (best, NULL);
      g_autofree char *list_text = g_strjoinv (", ", (char **) best->pdata);
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_NOT_FOUND,
                   "%s \"%s\" could be any of %s: name one", noun, text, list_text);
      return NULL;
    }
  g_autofree char *near = closest_ids (list, text);
  g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_NOT_FOUND,
               "%s \"%s\" is not in the catalog; the closest ids are %s", noun, text, near);
  return NULL;
}

static gboolean
resolve_one (char **id,
             RoofCatalog *embedded,
             RoofCatalog *catalog,
             RoofEntryKind kind,
             const char *where,
             GError **error)
{
  char *matched;

  if (*id == NULL || (embedded != NULL && roof_catalog_find_entry (embedded, kind, *id) != NULL))
    return TRUE;
  matched = roof_catalog_match_id (catalog, kind, *id, error);
  if (matched == NULL)
    {
      g_prefix_error (error, "%s: ", where);
      return FALSE;
    }
  g_free (*id);
  *id = matched;
  return TRUE;
}

gboolean
roof_measurement_resolve_in (RoofMeasurement *m,
                             RoofCatalog *embedded,
                             RoofCatalog *catalog,
                             const char *where,
                             GError **error)
{
  g_return_val_if_fail (m != NULL, FALSE);
  g_return_val_if_fail (ROOF_IS_CATALOG (catalog), FALSE);

  return resolve_one (&m->hardware, embedded, catalog, ROOF_ENTRY_HARDWARE, where, error)
         && resolve_one (&m->system, embedded, catalog, ROOF_ENTRY_SYSTEM, where, error)
         && resolve_one (&m->model, embedded, catalog, ROOF_ENTRY_MODEL, where, error);
}

gboolean
roof_measurement_resolve (RoofMeasurement *m, RoofCatalog *catalog, const char *where, GError **error)
{
  return roof_measurement_resolve_in (m, NULL, catalog, where, error);
}

/* ------------------------------------------------------------------------ */
/* Ids                                                                      */

RoofMeasurement *
roof_measurements_find (GPtrArray *set, const char *id)
{
  g_return_val_if_fail (set != NULL, NULL);

  for (guint i = 0; id != NULL && i < set->len; i++)
    {
      RoofMeasurement *m = g_ptr_array_index (set, i);
      if (m->id != NULL && strcmp (m->id, id) == 0)
        return m;
    }
  return NULL;
}

static gboolean
id_taken (const char *id, gpointer user_data)
{
  return roof_measurements_find (user_data, id) != NULL;
}

/* "TensorRT 10.8, CUDA 12.8" → "tensorrt": the first word, lowercased,
 * letters, digits and dashes only. */
static char *
slug (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0' && *p != ' ' && *p != ','; p++)
    if (g_ascii_isalnum (*p) || *p == '-')
      g_string_append_c (s, g_ascii_tolower (*p));
  if (s->len == 0)
    g_string_append (s, "measured");
  return g_string_free (s, FALSE);
}

void
roof_measurement_assign_id (RoofMeasurement *m, GPtrArray *set, RoofCatalog *catalog)
{
  g_autofree char *base = NULL;
  g_autofree char *engine = NULL;
  const char *device, *dash;

  g_return_if_fail (m != NULL && set != NULL);

  if (m->id != NULL && !id_taken (m->id, set))
    return;
  device = roof_measurement_device_id (m, catalog);
  if (device == NULL)
    device = "device";
  /* "nvidia-h100-sxm" → "h100-sxm": the vendor is in the device's name */
  if ((dash = strchr (device, '-')) != NULL && dash[1] != '\0')
    device = dash + 1;
  engine = slug (m->engine != NULL ? m->engine : "measured");
  base = g_strdup_printf ("%s-%s-%s-%.0f-%.0f", engine, device, m->model, m->prompt, m->output);
  g_free (m->id);
  m->id = roof_free_id (base, 1, id_taken, set, NULL);
}

/* ------------------------------------------------------------------------ */
/* The bundled set and the user's file                                      */

GPtrArray *
roof_measurements_bundled (RoofCatalog *catalog, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  GPtrArray *set;
  gsize length = 0;
  const char *data;

  bytes = g_resources_lookup_data ("/io/github/rooflinelab/Roofline/catalog/measurements.json",
                                   G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  set = roof_measurements_parse (data, length, "measurements.json (built in)", catalog, error);
  for (guint i = 0; set != NULL && i < set->len; i++)
    ((RoofMeasurement *) g_ptr_array_index (set, i))->builtin = TRUE;
  return set;
}

GFile *
roof_measurements_default_file (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "roofline",
                                            "measurements.json", NULL);

  return g_file_new_for_path (path);
}

GPtrArray *
roof_measurements_load_file (GFile *file, RoofCatalog *catalog, GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *origin = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  /* nothing imported yet */
  if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_UNKNOWN)
    return roof_measurements_new ();
  if (!roof_file_read (file, ROOF_FILE_READ_REGULAR, &contents, &length, error))
    return NULL;
  origin = g_file_get_parse_name (file);
  return roof_measurements_parse (contents, length, origin, catalog, error);
}

gboolean
roof_measurements_save_file (GPtrArray *measurements, GFile *file, GError **error)
{
  g_autoptr (JsonNode) root = NULL;

  g_return_val_if_fail (measurements != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  root = roof_measurements_to_document (measurements);
  return roof_json_save_atomic (root, file, error);
}

gboolean
roof_measurements_add_to_file (GPtrArray *added,
                               GFile *file,
                               RoofCatalog *catalog,
                               GPtrArray *also_taken,
                               GError **error)
{
  g_autoptr (GPtrArray) user = NULL;
  g_autoptr (GPtrArray) bundled = NULL;
  g_autoptr (GPtrArray) taken = g_ptr_array_new ();

  g_return_val_if_fail (added != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if ((user = roof_measurements_load_file (file, catalog, error)) == NULL
      || (bundled = roof_measurements_bundled (catalog, error)) == NULL)
    return FALSE;
  g_ptr_array_extend (taken, bundled, NULL, NULL);
  g_ptr_array_extend (taken, user, NULL, NULL);
  if (also_taken != NULL)
    g_ptr_array_extend (taken, also_taken, NULL, NULL);
  for (guint i = 0; i < added->len; i++)
    {
      RoofMeasurement *m = g_ptr_array_index (added, i);
      roof_measurement_assign_id (m, taken, catalog);
      g_ptr_array_add (taken, m);
      g_ptr_array_add (user, roof_measurement_copy (m));
    }
  return roof_measurements_save_file (user, file, error);
}
