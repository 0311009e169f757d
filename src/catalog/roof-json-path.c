/* roof-json-path.c — members of a JSON tree by path ("caches[0].capacity_MB")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How the spec editor, the catalog merge and the validator reach a field of
 * an entry: get, set (creating what is missing), unset, and typed getters.
 */
#include "config.h"

#include <string.h>

#include "roof-catalog-private.h"

/* ------------------------------------------------------------------------ */
/* Paths                                                                    */

typedef struct
{
  char *name;
  gboolean has_index;
  guint index;
} PathSegment;

/* Splits "caches[0].capacity_MB"; NULL when malformed. */
static GArray *
path_split (const char *path)
{
  g_auto (GStrv) parts = NULL;
  GArray *segments;

  if (path == NULL || *path == '\0')
    return NULL;

  segments = g_array_new (FALSE, TRUE, sizeof (PathSegment));
  parts = g_strsplit (path, ".", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      PathSegment seg = { 0 };
      char *bracket = strchr (parts[i], '[');

      if (bracket != NULL)
        {
          char *end = NULL;
          guint64 index;

          if (!g_ascii_isdigit (bracket[1]))
            goto fail;
          index = g_ascii_strtoull (bracket + 1, &end, 10);
          if (end == NULL || end[0] != ']' || end[1] != '\0' || index > G_MAXUINT)
            goto fail;
          seg.has_index = TRUE;
          seg.index = (guint) index;
          seg.name = g_strndup (parts[i], bracket - parts[i]);
        }
      else
        seg.name = g_strdup (parts[i]);
      if (*seg.name == '\0')
        {
          g_free (seg.name);
          goto fail;
        }
      g_array_append_val (segments, seg);
    }
  return segments;

fail:
  for (guint i = 0; i < segments->len; i++)
    g_free (g_array_index (segments, PathSegment, i).name);
  g_array_free (segments, TRUE);
  return NULL;
}

static void
path_free (GArray *segments)
{
  if (segments == NULL)
    return;
  for (guint i = 0; i < segments->len; i++)
    g_free (g_array_index (segments, PathSegment, i).name);
  g_array_free (segments, TRUE);
}

char *
roof_json_path_normalize (const char *path)
{
  GString *out = g_string_new (NULL);

  for (const char *p = path; *p != '\0'; p++)
    {
      g_string_append_c (out, *p);
      if (*p == '[')
        {
          while (p[1] != '\0' && p[1] != ']')
            p++;
        }
    }
  return g_string_free (out, FALSE);
}

JsonNode *
roof_json_path_get (JsonObject *root, const char *path)
{
  GArray *segments;
  JsonNode *node = NULL;
  JsonObject *object = root;

  /* a member's plain name, as most lookups are: what path_split would make
   * of it, without splitting and copying */
  if (path != NULL && *path != '\0' && strpbrk (path, ".[") == NULL)
    return root != NULL ? json_object_get_member (root, path) : NULL;
  if ((segments = path_split (path)) == NULL)
    return NULL;

  for (guint i = 0; i < segments->len; i++)
    {
      PathSegment *seg = &g_array_index (segments, PathSegment, i);

      if (object == NULL)
        {
          node = NULL;
          break;
        }
      node = json_object_get_member (object, seg->name);
      if (node != NULL && seg->has_index)
        {
          JsonArray *array;

          if (!JSON_NODE_HOLDS_ARRAY (node))
            {
              node = NULL;
              break;
            }
          array = json_node_get_array (node);
          node = seg->index < json_array_get_length (array)
                   ? json_array_get_element (array, seg->index)
                   : NULL;
        }
      if (node == NULL)
        break;
      object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
    }

  path_free (segments);
  return node;
}

gboolean
roof_json_path_set (JsonObject *root, const char *path, JsonNode *value, GError **error)
{
  GArray *segments = path_split (path);
  JsonObject *object = root;
  gboolean ok = FALSE;

  if (segments == NULL)
    {
      g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                   "\"%s\" is not a field path", path ? path : "");
      json_node_unref (value);
      return FALSE;
    }

  for (guint i = 0; i < segments->len; i++)
    {
      PathSegment *seg = &g_array_index (segments, PathSegment, i);
      gboolean last = i + 1 == segments->len;
      JsonNode *node = json_object_get_member (object, seg->name);

      if (seg->has_index)
        {
          JsonArray *array;

          if (node == NULL)
            {
              node = json_node_new (JSON_NODE_ARRAY);
              json_node_take_array (node, json_array_new ());
              json_object_set_member (object, seg->name, node);
            }
          if (!JSON_NODE_HOLDS_ARRAY (node))
            {
              g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                           "%s is %s, not an array", seg->name, roof_json_node_kind (node));
              goto out;
            }
          array = json_node_get_array (node);
          if (seg->index > json_array_get_length (array))
            {
              g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                           "%s has %u elements: cannot set element %u", seg->name,
                           json_array_get_length (array), seg->index);
              goto out;
            }
          if (last)
            {
              if (seg->index == json_array_get_length (array))
                json_array_add_element (array, g_steal_pointer (&value));
              else
                {
                  /* JsonArray has no replace: rebuild it */
                  JsonArray *rebuilt = json_array_new ();

                  for (guint k = 0; k < json_array_get_length (array); k++)
                    json_array_add_element (rebuilt,
                                            k == seg->index
                                              ? g_steal_pointer (&value)
                                              : json_node_ref (json_array_get_element (array, k)));
                  json_node_take_array (node, rebuilt);
                }
              ok = TRUE;
              goto out;
            }
          if (seg->index == json_array_get_length (array))
            {
              JsonNode *element = json_node_new (JSON_NODE_OBJECT);

              json_node_take_object (element, json_object_new ());
              json_array_add_element (array, element);
            }
          node = json_array_get_element (array, seg->index);
        }
      else if (last)
        {
          json_object_set_member (object, seg->name, g_steal_pointer (&value));
          ok = TRUE;
          goto out;
        }
      else if (node == NULL)
        {
          node = json_node_new (JSON_NODE_OBJECT);
          json_node_take_object (node, json_object_new ());
          json_object_set_member (object, seg->name, node);
        }

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID,
                       "%s is %s, not an object", seg->name, roof_json_node_kind (node));
          goto out;
        }
      object = json_node_get_object (node);
    }

out:
  if (value != NULL)
    json_node_unref (value);
  path_free (segments);
  return ok;
}

gboolean
roof_json_path_unset (JsonObject *root, const char *path)
{
  g_autofree char *parent_path = NULL;
  const char *dot = strrchr (path, '.');
  const char *leaf = path;
  JsonObject *parent = root;
  g_autofree char *leaf_name = NULL;
  char *bracket;

  if (dot != NULL)
    {
      JsonNode *node;

      parent_path = g_strndup (path, dot - path);
      leaf = dot + 1;
      node = roof_json_path_get (root, parent_path);
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        return FALSE;
      parent = json_node_get_object (node);
    }

  leaf_name = g_strdup (leaf);
  bracket = strchr (leaf_name, '[');
  if (bracket != NULL)
    {
      guint64 index = g_ascii_strtoull (bracket + 1, NULL, 10);
      JsonNode *node;
      JsonArray *array, *rebuilt;

      *bracket = '\0';
      node = json_object_get_member (parent, leaf_name);
      if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
        return FALSE;
      array = json_node_get_array (node);
      if (index >= json_array_get_length (array))
        return FALSE;
      rebuilt = json_array_new ();
      for (guint k = 0; k < json_array_get_length (array); k++)
        if (k != index)
          json_array_add_element (rebuilt, json_node_ref (json_array_get_element (array, k)));
      json_node_take_array (node, rebuilt);
      return TRUE;
    }

  if (!json_object_has_member (parent, leaf_name))
    return FALSE;
  json_object_remove_member (parent, leaf_name);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Typed getters                                                            */

const char *
roof_json_get_string (JsonObject *object, const char *path)
{
  JsonNode *node = roof_json_path_get (object, path);

  return roof_json_node_is_string (node) ? json_node_get_string (node) : NULL;
}

double
roof_json_get_number (JsonObject *object, const char *path, double fallback)
{
  JsonNode *node = roof_json_path_get (object, path);

  return roof_json_node_is_number (node) ? roof_json_node_get_number (node) : fallback;
}

gboolean
roof_json_get_boolean (JsonObject *object, const char *path, gboolean fallback)
{
  JsonNode *node = roof_json_path_get (object, path);

  return roof_json_node_is_boolean (node) ? json_node_get_boolean (node) : fallback;
}

char **
roof_json_dup_strv (JsonObject *object, const char *member)
{
  GPtrArray *out = g_ptr_array_new ();
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (roof_json_node_is_string (element))
            g_ptr_array_add (out, g_strdup (json_node_get_string (element)));
        }
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}
