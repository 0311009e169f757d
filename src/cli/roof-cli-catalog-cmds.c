/* roof-cli-catalog-cmds.c — `list` and `show`: the catalog as tables or JSON
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-cli-private.h"
#include "roof-json.h"
#include "roof-spec-schema.h"

/* ---------------------------------------------------------------------- */
/* Derived values                                                          */

static void
add_hardware_derived (JsonBuilder *b, RoofHardwareSpec *hw)
{
  const RoofHardwareParams *p = roof_hardware_spec_get_params (hw);
  double u = p->usable_fraction > 0.0 ? p->usable_fraction : ROOF_DEFAULT_USABLE_FRACTION;

  json_builder_set_member_name (b, "derived");
  json_builder_begin_object (b);
  roof_cli_json_number (b, "mem_bw_Bps", p->mem_bw);
  roof_cli_json_number (b, "mem_capacity_bytes", p->mem_capacity);
  roof_cli_json_number (b, "usable_fraction", u);
  roof_cli_json_number (b, "usable_bytes", p->mem_capacity * u);
  roof_cli_json_number (b, "t_read_all_memory_s", p->mem_capacity / p->mem_bw);
  json_builder_set_member_name (b, "peak_flops");
  json_builder_begin_object (b);
  for (int i = 0; i < ROOF_PREC_COUNT; i++)
    if (p->peak_flops[i] > 0.0)
      roof_cli_json_number (b, roof_precision_name ((RoofPrecision) i), p->peak_flops[i]);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "ridge");
  json_builder_begin_object (b);
  for (int i = 0; i < ROOF_PREC_COUNT; i++)
    if (p->peak_flops[i] > 0.0)
      roof_cli_json_number (b, roof_precision_name ((RoofPrecision) i),
                            roof_hardware_ridge (p, (RoofPrecision) i));
  json_builder_end_object (b);
  roof_cli_json_number (b, "link_bw_Bps", p->link_bw);
  roof_cli_json_bool (b, "link_is_pcie", roof_hardware_spec_link_is_pcie (hw));
  roof_cli_json_number_or_null (b, "usd_per_hour", p->has_price, p->price_per_hour);
  json_builder_end_object (b);
}

static void
add_model_derived (JsonBuilder *b, RoofModelSpec *model)
{
  const RoofModelDerived *md = roof_model_spec_get_derived (model);
  const RoofModelParams *mp = roof_model_spec_get_params (model);

  json_builder_set_member_name (b, "derived");
  json_builder_begin_object (b);
  roof_cli_json_number (b, "params_total_derived", md->p_total_derived);
  roof_cli_json_number (b, "params_active_derived", md->p_active_derived);
  roof_cli_json_number_or_null (b, "params_total_published", mp->params_total > 0.0,
                                mp->params_total);
  roof_cli_json_number_or_null (b, "params_active_published", mp->params_active > 0.0,
                                mp->params_active);
  roof_cli_json_number (b, "params_total", md->p_total);
  roof_cli_json_number (b, "params_active", md->p_active);
  roof_cli_json_number (b, "weight_scale", md->weight_scale);
  roof_cli_json_number (b, "flop_scale", md->flop_scale);
  if (md->kind == ROOF_MODEL_TRANSFORMER)
    {
      roof_cli_json_bool (b, "moe", md->is_moe);
      roof_cli_json_number (b, "matmul_params_per_token", md->p_mm_active);
      roof_cli_json_number (b, "kv_bytes_per_token_bf16", roof_model_kv_bytes_per_token (md, 2.0));
      roof_cli_json_number (b, "kv_bytes_per_token_fp8", roof_model_kv_bytes_per_token (md, 1.0));
    }
  else
    {
      roof_cli_json_number (b, "flop_per_sample", md->flop_per_sample);
      roof_cli_json_number (b, "bytes_per_sample", md->bytes_per_sample);
    }
  roof_cli_json_number (b, "weight_bytes_bf16", 2.0 * md->p_total);
  json_builder_end_object (b);
}

/* A system's totals over its N devices, and what the solver sees of one of
 * them (its device on the system's fabric). FALSE when the system cannot be
 * computed (its device gone). */
static gboolean
system_params (RoofCatalog *catalog, RoofSystemSpec *sys, RoofHardwareParams *p,
               GError **error)
{
  return roof_catalog_get_system_params (catalog, roof_spec_get_id (ROOF_SPEC (sys)), p, error);
}

static void
add_system_derived (JsonBuilder *b, RoofSystemSpec *sys, RoofCatalog *catalog)
{
  RoofHardwareParams p;
  double n = roof_system_spec_get_size (sys), usd = 0.0;
  gboolean priced = roof_system_spec_get_price (sys, &usd);
  double u;

  json_builder_set_member_name (b, "derived");
  json_builder_begin_object (b);
  if (!system_params (catalog, sys, &p, NULL))
    {
      json_builder_end_object (b);
      return;
    }
  u = p.usable_fraction > 0.0 ? p.usable_fraction : ROOF_DEFAULT_USABLE_FRACTION;
  roof_cli_json_number (b, "devices", n);
  roof_cli_json_number (b, "mem_capacity_bytes", n * p.mem_capacity);
  roof_cli_json_number (b, "usable_bytes", n * p.mem_capacity * u);
  roof_cli_json_number (b, "mem_bw_Bps", n * p.mem_bw);
  json_builder_set_member_name (b, "peak_flops");
  json_builder_begin_object (b);
  for (int i = 0; i < ROOF_PREC_COUNT; i++)
    if (p.peak_flops[i] > 0.0)
      roof_cli_json_number (b, roof_precision_name ((RoofPrecision) i), n * p.peak_flops[i]);
  json_builder_end_object (b);
  roof_cli_json_number (b, "scaleup_bw_Bps", p.link_bw);
  roof_cli_json_number (b, "scaleup_latency_s", p.link_latency);
  roof_cli_json_string (b, "topology", roof_topology_name (p.topology));
  roof_cli_json_string (b, "collective", roof_collective_name (p.collective));
  roof_cli_json_number_or_null (b, "scaleout_bw_Bps", p.scaleout_bw > 0.0, p.scaleout_bw);
  roof_cli_json_number_or_null (b, "scaleout_latency_s", p.scaleout_bw > 0.0,
                                p.scaleout_latency);
  roof_cli_json_number_or_null (b, "power_w", p.power_w > 0.0, n * p.power_w);
  roof_cli_json_number_or_null (b, "power_w_per_device", p.power_w > 0.0, p.power_w);
  roof_cli_json_number_or_null (b, "usd_per_hour", p.has_price,
                                priced ? usd : n * p.price_per_hour);
  roof_cli_json_number_or_null (b, "usd_per_device_hour", p.has_price, p.price_per_hour);
  json_builder_end_object (b);
}

/* The entry's own members (shared, not copied: nothing here changes them)
 * followed by "derived": a device's, a model's or a system's. */
static void
add_entry (JsonBuilder *b, JsonObject *entry, RoofSpec *spec, RoofCatalog *catalog)
{
  g_autoptr (GList) members = json_object_get_members (entry);

  json_builder_begin_object (b);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      if (g_str_equal (name, "derived"))
        continue;
      json_builder_set_member_name (b, name);
      json_builder_add_value (b, json_node_copy (json_object_get_member (entry, name)));
    }
  if (ROOF_IS_HARDWARE_SPEC (spec))
    add_hardware_derived (b, ROOF_HARDWARE_SPEC (spec));
  else if (ROOF_IS_MODEL_SPEC (spec))
    add_model_derived (b, ROOF_MODEL_SPEC (spec));
  else
    add_system_derived (b, ROOF_SYSTEM_SPEC (spec), catalog);
  json_builder_end_object (b);
}

/* ---------------------------------------------------------------------- */
/* list                                                                    */

static char *
catalog_number (double value, double divisor)
{
  if (!isfinite (value))
    return g_strdup ("—");
  return roof_json_format_double (value / divisor);
}

static void
list_hardware_table (RoofCliContext *ctx, GListModel *list)
{
  g_autoptr (RoofCliTable) t = roof_cli_table_new (7);
  g_autoptr (GPtrArray) vendors = g_ptr_array_new ();
  guint n = g_list_model_get_n_items (list);

  roof_cli_table_set_align (t, 1, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_header (t, "id", "name", "memory GB", "bandwidth TB/s", "bf16 TFLOP/s",
                             "ridge FLOP/B", "$/h");

  /* grouped by vendor, in catalog order of each vendor's first entry */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RoofHardwareSpec) hw = g_list_model_get_item (list, i);
      const char *vendor = roof_hardware_spec_get_vendor (hw);
      gboolean seen = FALSE;
      for (guint v = 0; v < vendors->len; v++)
        seen = seen || g_strcmp0 (g_ptr_array_index (vendors, v), vendor) == 0;
      if (!seen)
        g_ptr_array_add (vendors, (gpointer) vendor);
    }

  for (guint v = 0; v < vendors->len; v++)
    {
      const char *vendor = g_ptr_array_index (vendors, v);

      if (v > 0)
        roof_cli_table_add_blank (t);
      roof_cli_table_add_section (t, vendor != NULL && *vendor ? vendor : "Other");
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (RoofHardwareSpec) hw = g_list_model_get_item (list, i);
          const RoofHardwareParams *p = roof_hardware_spec_get_params (hw);
          double bf16 = p->peak_flops[ROOF_PREC_BF16];

          if (g_strcmp0 (roof_hardware_spec_get_vendor (hw), vendor) != 0)
            continue;
          roof_cli_table_add_row (t);
          roof_cli_table_set (t, 0, roof_spec_get_id (ROOF_SPEC (hw)));
          roof_cli_table_set (t, 1, roof_spec_get_name (ROOF_SPEC (hw)));
          roof_cli_table_take (t, 2, catalog_number (p->mem_capacity, 1e9));
          roof_cli_table_take (t, 3, catalog_number (p->mem_bw, 1e12));
          roof_cli_table_take (t, 4, bf16 > 0.0 ? catalog_number (bf16, 1e12) : g_strdup ("—"));
          roof_cli_table_take (t, 5,
                               bf16 > 0.0
                                 ? roof_cli_format_significant (
                                     roof_hardware_ridge (p, ROOF_PREC_BF16), 4)
                                 : g_strdup ("—"));
          roof_cli_table_take (t, 6,
                               p->has_price ? roof_cli_format (p->price_per_hour,
                                                               ROOF_UNIT_USD)
                                            : g_strdup ("—"));
        }
    }
  roof_cli_table_print (t, ctx->out);
  roof_cli_stream_printf (ctx->out,
                          "\n%u devices. Compute is dense; — marks a figure the catalog lacks. "
                          "Ridge = bf16 peak / memory bandwidth.\n",
                          n);
}

static char *
attention_label (const RoofModelParams *mp)
{
  const char *name = roof_attention_name (mp->attention);
  if (mp->sliding_window > 0.0)
    return g_strdup_printf ("%s, window %.15g", name, mp->sliding_window);
  return g_strdup (name);
}

static void
list_models_table (RoofCliContext *ctx, GListModel *list)
{
  g_autoptr (RoofCliTable) t = roof_cli_table_new (8);
  guint n = g_list_model_get_n_items (list);
  static const char *const groups[] = { "Dense transformers", "Mixture of experts",
                                        "Other workloads (FLOP and bytes per sample)" };

  roof_cli_table_set_align (t, 1, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 5, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_header (t, "id", "name", "params", "active", "layers", "attention",
                             "KV/token bf16", "max context");

  for (int g = 0; g < 3; g++)
    {
      gboolean any = FALSE;
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (RoofModelSpec) m = g_list_model_get_item (list, i);
          const RoofModelDerived *md = roof_model_spec_get_derived (m);
          const RoofModelParams *mp = roof_model_spec_get_params (m);
          int group = md->kind != ROOF_MODEL_TRANSFORMER ? 2 : md->is_moe ? 1 : 0;
          double max_ctx = roof_model_spec_get_max_context (m);

          if (group != g)
            continue;
          if (!any)
            {
              if (g > 0)
                roof_cli_table_add_blank (t);
              roof_cli_table_add_section (t, groups[g]);
            }
          any = TRUE;
          roof_cli_table_add_row (t);
          roof_cli_table_set (t, 0, roof_spec_get_id (ROOF_SPEC (m)));
          roof_cli_table_set (t, 1, roof_spec_get_name (ROOF_SPEC (m)));
          roof_cli_table_take (t, 2, roof_cli_format (md->p_total, ROOF_UNIT_COUNT));
          if (md->kind == ROOF_MODEL_TRANSFORMER)
            {
              roof_cli_table_take (t, 3, roof_cli_format (md->p_active, ROOF_UNIT_COUNT));
              roof_cli_table_take (t, 4, g_strdup_printf ("%.15g", md->layers));
              roof_cli_table_take (t, 5, attention_label (mp));
              roof_cli_table_take (t, 6,
                                   roof_cli_format (roof_model_kv_bytes_per_token (md, 2.0),
                                                    ROOF_UNIT_BYTES));
              roof_cli_table_take (t, 7, max_ctx > 0.0 ? g_strdup_printf ("%.15g", max_ctx)
                                                       : g_strdup ("—"));
            }
          else
            {
              g_autofree char *flop = roof_cli_format (md->flop_per_sample, ROOF_UNIT_FLOP);
              roof_cli_table_set (t, 3, "—");
              roof_cli_table_set (t, 4, "—");
              roof_cli_table_take (t, 5, g_strdup_printf ("%s/sample", flop));
              roof_cli_table_set (t, 6, "—");
              roof_cli_table_set (t, 7, "—");
            }
        }
    }
  roof_cli_table_print (t, ctx->out);
  roof_cli_stream_printf (ctx->out,
                          "\n%u models. params: weights as stored; active: per token (MoE); "
                          "KV/token: all layers at 2 bytes per element.\n",
                          n);
}

static void
list_systems_table (RoofCliContext *ctx, GListModel *list)
{
  g_autoptr (RoofCliTable) t = roof_cli_table_new (9);
  guint n = g_list_model_get_n_items (list);

  roof_cli_table_set_align (t, 1, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_align (t, 5, ROOF_CLI_ALIGN_LEFT);
  roof_cli_table_set_header (t, "id", "device × N", "memory TB", "bandwidth TB/s",
                             "bf16 PFLOP/s", "scale-up (per device)", "scale-out GB/s", "kW",
                             "$/h");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RoofSystemSpec) sys = g_list_model_get_item (list, i);
      double size = roof_system_spec_get_size (sys), usd = 0.0;
      gboolean priced = roof_system_spec_get_price (sys, &usd);
      RoofHardwareParams p;

      roof_cli_table_add_row (t);
      roof_cli_table_set (t, 0, roof_spec_get_id (ROOF_SPEC (sys)));
      roof_cli_table_take (t, 1, g_strdup_printf ("%s × %.15g", roof_system_spec_get_device (sys),
                                                  size));
      if (!system_params (ctx->catalog, sys, &p, NULL))
        {
          for (guint c = 2; c < 9; c++)
            roof_cli_table_set (t, c, "—");
          continue;
        }
      roof_cli_table_take (t, 2, roof_cli_format_significant (size * p.mem_capacity / 1e12, 4));
      roof_cli_table_take (t, 3, roof_cli_format_significant (size * p.mem_bw / 1e12, 4));
      roof_cli_table_take (t, 4, p.peak_flops[ROOF_PREC_BF16] > 0.0
                                   ? roof_cli_format_significant (
                                       size * p.peak_flops[ROOF_PREC_BF16] / 1e15, 4)
                                   : g_strdup ("—"));
      {
        g_autofree char *up = catalog_number (p.link_bw, 1e9);
        roof_cli_table_take (t, 5, g_strdup_printf ("%s GB/s, %s, %s", up,
                                                    roof_topology_name (p.topology),
                                                    roof_collective_name (p.collective)));
      }
      roof_cli_table_take (t, 6, p.scaleout_bw > 0.0 ? catalog_number (p.scaleout_bw, 1e9)
                                                     : g_strdup ("none"));
      roof_cli_table_take (t, 7, p.power_w > 0.0
                                   ? roof_cli_format_significant (size * p.power_w / 1e3, 3)
                                   : g_strdup ("—"));
      roof_cli_table_take (t, 8, p.has_price ? roof_cli_format (priced ? usd
                                                                       : size * p.price_per_hour,
                                                                ROOF_UNIT_USD)
                                             : g_strdup ("—"));
    }
  roof_cli_table_print (t, ctx->out);
  roof_cli_stream_printf (ctx->out,
                          "\n%u systems. Totals over the N devices; scale-up and scale-out are "
                          "per device and per direction; — marks a figure the catalog lacks.\n",
                          n);
}

gboolean
roof_cli_cmd_list (RoofCliContext *ctx, GError **error)
{
  RoofCliListWhat what = ctx->opts->list_what;
  GListModel *list = what == ROOF_CLI_LIST_HARDWARE ? roof_catalog_get_hardware (ctx->catalog)
                     : what == ROOF_CLI_LIST_MODELS ? roof_catalog_get_models (ctx->catalog)
                                                    : roof_catalog_get_systems (ctx->catalog);

  if (ctx->opts->json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      guint n = g_list_model_get_n_items (list);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, what == ROOF_CLI_LIST_HARDWARE ? "hardware"
                                       : what == ROOF_CLI_LIST_MODELS ? "models"
                                                                      : "systems");
      json_builder_begin_array (b);
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (RoofSpec) spec = g_list_model_get_item (list, i);
          g_autoptr (JsonObject) entry = roof_spec_to_json (spec);
          add_entry (b, entry, spec, ctx->catalog);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      roof_cli_print_json (ctx->out, b);
      return TRUE;
    }

  if (what == ROOF_CLI_LIST_HARDWARE)
    list_hardware_table (ctx, list);
  else if (what == ROOF_CLI_LIST_MODELS)
    list_models_table (ctx, list);
  else
    list_systems_table (ctx, list);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* show                                                                    */

static JsonNode *
lookup_path (JsonObject *object, const char *path)
{
  g_auto (GStrv) parts = g_strsplit (path, ".", -1);
  JsonNode *node = NULL;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (object == NULL || !json_object_has_member (object, parts[i]))
        return NULL;
      node = json_object_get_member (object, parts[i]);
      object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
    }
  return node;
}

static char *
with_unit (const char *number, const char *unit)
{
  if (unit == NULL || *unit == '\0')
    return g_strdup (number);
  return g_strdup_printf ("%s %s", number, unit);
}

static char *
scalar_text (JsonNode *node)
{
  if (JSON_NODE_HOLDS_VALUE (node))
    {
      GType type = json_node_get_value_type (node);
      if (type == G_TYPE_STRING)
        return g_strdup (json_node_get_string (node));
      if (type == G_TYPE_BOOLEAN)
        return g_strdup (json_node_get_boolean (node) ? "yes" : "no");
      if (type == G_TYPE_INT64 || type == G_TYPE_DOUBLE)
        return roof_json_format_double (json_node_get_double (node));
    }
  if (JSON_NODE_HOLDS_NULL (node))
    return g_strdup ("null");
  return roof_json_to_string (node, FALSE);
}

static void
show_field (RoofCliTable *t, const RoofFieldSpec *f, JsonNode *node)
{
  switch (f->type)
    {
    case ROOF_FIELD_STRINGS:
      if (JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *a = json_node_get_array (node);
          guint n = json_array_get_length (a);
          for (guint i = 0; i < n; i++)
            {
              roof_cli_table_add_row (t);
              roof_cli_table_set (t, 0, i == 0 ? f->label : "");
              roof_cli_table_take (t, 1, scalar_text (json_array_get_element (a, i)));
            }
          if (n == 0)
            {
              roof_cli_table_add_row (t);
              roof_cli_table_set (t, 0, f->label);
              roof_cli_table_set (t, 1, "—");
            }
          return;
        }
      break;

    case ROOF_FIELD_CACHES:
      if (JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *a = json_node_get_array (node);
          for (guint i = 0; i < json_array_get_length (a); i++)
            {
              JsonNode *c = json_array_get_element (a, i);
              g_autoptr (GString) s = g_string_new (NULL);
              if (JSON_NODE_HOLDS_OBJECT (c))
                {
                  JsonObject *o = json_node_get_object (c);
                  if (json_object_has_member (o, "name"))
                    g_string_append_printf (s, "%s: ", json_object_get_string_member (o, "name"));
                  if (json_object_has_member (o, "capacity_MB"))
                    {
                      g_autofree char *v =
                        roof_json_format_double (json_object_get_double_member (o, "capacity_MB"));
                      g_string_append_printf (s, "%s MB", v);
                    }
                  if (json_object_has_member (o, "bandwidth_GBps"))
                    {
                      g_autofree char *v = roof_json_format_double (
                        json_object_get_double_member (o, "bandwidth_GBps"));
                      g_string_append_printf (s, ", %s GB/s", v);
                    }
                }
              roof_cli_table_add_row (t);
              roof_cli_table_take (t, 0, g_strdup_printf ("%s %u", f->label, i + 1));
              roof_cli_table_set (t, 1, s->str);
            }
          return;
        }
      break;

    case ROOF_FIELD_PRECISION_MAP:
      if (JSON_NODE_HOLDS_OBJECT (node))
        {
          JsonObject *o = json_node_get_object (node);
          /* in precision order, whatever the file's order */
          for (int p = 0; p < ROOF_PREC_COUNT; p++)
            {
              const char *name = roof_precision_name ((RoofPrecision) p);
              if (!json_object_has_member (o, name))
                continue;
              g_autofree char *v = scalar_text (json_object_get_member (o, name));
              roof_cli_table_add_row (t);
              roof_cli_table_take (t, 0, g_strdup_printf ("%s %s", f->label, name));
              roof_cli_table_take (t, 1, with_unit (v, f->unit));
            }
          return;
        }
      break;

    case ROOF_FIELD_STRING:
    case ROOF_FIELD_NUMBER:
    case ROOF_FIELD_INTEGER:
    case ROOF_FIELD_BOOLEAN:
    case ROOF_FIELD_ENUM:
    default:
      break;
    }

  g_autofree char *v = scalar_text (node);
  if ((f->type == ROOF_FIELD_NUMBER || f->type == ROOF_FIELD_INTEGER)
      && (f->unit == NULL || *f->unit == '\0') && JSON_NODE_HOLDS_VALUE (node)
      && json_node_get_value_type (node) != G_TYPE_STRING
      && fabs (json_node_get_double (node)) >= 1e6)
    {
      /* 70550000000 (70.55 B): a count reads better with its prefix too */
      g_autofree char *count = roof_cli_format (json_node_get_double (node), ROOF_UNIT_COUNT);
      g_autofree char *both = g_strdup_printf ("%s (%s)", v, count);
      g_free (v);
      v = g_steal_pointer (&both);
    }
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, f->label);
  roof_cli_table_take (t, 1, with_unit (v, JSON_NODE_HOLDS_VALUE (node)
                                               && json_node_get_value_type (node)
                                                    != G_TYPE_STRING
                                             ? f->unit
                                             : NULL));
}

/* Members the schema does not describe (kept for round trips). */
static void
collect_unknown (RoofEntryKind kind, JsonObject *object, const char *prefix, GPtrArray *paths)
{
  g_autoptr (GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      g_autofree char *path = prefix ? g_strdup_printf ("%s.%s", prefix, name) : g_strdup (name);
      JsonNode *node = json_object_get_member (object, name);

      if (roof_spec_schema_lookup (kind, path) != NULL)
        continue;
      if (JSON_NODE_HOLDS_OBJECT (node))
        collect_unknown (kind, json_node_get_object (node), path, paths);
      else
        g_ptr_array_add (paths, g_steal_pointer (&path));
    }
}

static void
show_fields (RoofCliTable *t, RoofEntryKind kind, JsonObject *entry)
{
  guint n_fields = 0;
  const RoofFieldSpec *schema = roof_spec_schema (kind, &n_fields);
  g_autoptr (GPtrArray) groups = g_ptr_array_new ();
  g_autoptr (GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_fields && schema[i].path != NULL; i++)
    {
      gboolean seen = FALSE;
      for (guint g = 0; g < groups->len; g++)
        seen = seen || g_strcmp0 (g_ptr_array_index (groups, g), schema[i].group) == 0;
      if (!seen)
        g_ptr_array_add (groups, (gpointer) schema[i].group);
    }

  for (guint g = 0; g < groups->len; g++)
    {
      const char *group = g_ptr_array_index (groups, g);
      gboolean any = FALSE;

      for (guint i = 0; i < n_fields && schema[i].path != NULL; i++)
        {
          JsonNode *node;
          if (g_strcmp0 (schema[i].group, group) != 0)
            continue;
          node = lookup_path (entry, schema[i].path);
          if (node == NULL)
            continue;
          if (!any)
            {
              roof_cli_table_add_blank (t);
              roof_cli_table_add_section (t, group != NULL ? group : "Other");
            }
          any = TRUE;
          show_field (t, &schema[i], node);
        }
    }

  collect_unknown (kind, entry, NULL, unknown);
  if (unknown->len > 0)
    {
      roof_cli_table_add_blank (t);
      roof_cli_table_add_section (t, "Fields this version does not know (kept as they are)");
      for (guint i = 0; i < unknown->len; i++)
        {
          const char *path = g_ptr_array_index (unknown, i);
          roof_cli_table_add_row (t);
          roof_cli_table_set (t, 0, path);
          roof_cli_table_take (t, 1, scalar_text (lookup_path (entry, path)));
        }
    }
}

/* "ID — Name (built-in)", then every field of the entry in `t` */
static void
show_heading_and_fields (RoofCliContext *ctx, RoofCliTable *t, RoofSpec *spec, RoofEntryKind kind,
                         JsonObject *entry)
{
  g_autofree char *name = roof_cli_escape (roof_spec_get_name (spec));

  roof_cli_table_set_align (t, 1, ROOF_CLI_ALIGN_LEFT);
  roof_cli_stream_printf (ctx->out, "%s — %s%s\n", roof_spec_get_id (spec), name,
                          roof_spec_get_builtin (spec) ? " (built-in)" : "");
  show_fields (t, kind, entry);
}

static void
derived_row (RoofCliTable *t, const char *label, char *value)
{
  roof_cli_table_add_row (t);
  roof_cli_table_set (t, 0, label);
  roof_cli_table_take (t, 1, value);
}

static void
show_hardware (RoofCliContext *ctx, RoofHardwareSpec *hw)
{
  const RoofHardwareParams *p = roof_hardware_spec_get_params (hw);
  g_autoptr (JsonObject) entry = roof_spec_to_json (ROOF_SPEC (hw));
  g_autoptr (RoofCliTable) t = roof_cli_table_new (2);
  double u = p->usable_fraction > 0.0 ? p->usable_fraction : ROOF_DEFAULT_USABLE_FRACTION;

  show_heading_and_fields (ctx, t, ROOF_SPEC (hw), ROOF_ENTRY_HARDWARE, entry);

  roof_cli_table_add_blank (t);
  roof_cli_table_add_section (t, "Derived");
  for (int i = 0; i < ROOF_PREC_COUNT; i++)
    {
      g_autofree char *label = NULL;
      if (!(p->peak_flops[i] > 0.0))
        continue;
      label = g_strdup_printf ("Ridge point %s", roof_precision_name ((RoofPrecision) i));
      derived_row (t, label,
                   roof_cli_format (roof_hardware_ridge (p, (RoofPrecision) i),
                                    ROOF_UNIT_INTENSITY));
    }
  {
    g_autofree char *label = g_strdup_printf ("Usable memory (%.15g %%)", u * 100.0);
    derived_row (t, label, roof_cli_format (p->mem_capacity * u, ROOF_UNIT_BYTES));
  }
  derived_row (t, "Time to read all memory",
               roof_cli_format (p->mem_capacity / p->mem_bw, ROOF_UNIT_TIME));
  if (p->link_bw > 0.0)
    {
      g_autofree char *bw = roof_cli_format (p->link_bw, ROOF_UNIT_BANDWIDTH);
      derived_row (t, "Tensor-parallel link",
                   g_strdup_printf ("%s per direction%s", bw,
                                    roof_hardware_spec_link_is_pcie (hw)
                                      ? " (PCIe: no scale-up fabric)"
                                      : ""));
    }
  else
    derived_row (t, "Tensor-parallel link", g_strdup ("none (one device only)"));
  roof_cli_table_print (t, ctx->out);
}

static void
show_model (RoofCliContext *ctx, RoofModelSpec *model)
{
  const RoofModelDerived *md = roof_model_spec_get_derived (model);
  const RoofModelParams *mp = roof_model_spec_get_params (model);
  g_autoptr (JsonObject) entry = roof_spec_to_json (ROOF_SPEC (model));
  g_autoptr (RoofCliTable) t = roof_cli_table_new (2);

  show_heading_and_fields (ctx, t, ROOF_SPEC (model), ROOF_ENTRY_MODEL, entry);

  roof_cli_table_add_blank (t);
  roof_cli_table_add_section (t, "Derived");
  if (md->kind == ROOF_MODEL_TRANSFORMER)
    {
      g_autofree char *total = roof_cli_format (md->p_total_derived, ROOF_UNIT_COUNT);
      if (mp->params_total > 0.0)
        {
          g_autofree char *pub = roof_cli_format (mp->params_total, ROOF_UNIT_COUNT);
          g_autofree char *diff =
            roof_cli_format_significant ((md->p_total_derived / mp->params_total - 1.0) * 100.0,
                                         3);
          derived_row (t, "Parameters from the architecture",
                       g_strdup_printf ("%s (published %s, %s%s %%)", total, pub,
                                        md->p_total_derived >= mp->params_total ? "+" : "",
                                        diff));
        }
      else
        derived_row (t, "Parameters from the architecture", g_steal_pointer (&total));

      g_autofree char *active = roof_cli_format (md->p_active_derived, ROOF_UNIT_COUNT);
      if (mp->params_active > 0.0)
        {
          g_autofree char *pub = roof_cli_format (mp->params_active, ROOF_UNIT_COUNT);
          derived_row (t, "Active per token from the architecture",
                       g_strdup_printf ("%s (published %s)", active, pub));
        }
      else
        derived_row (t, "Active per token from the architecture", g_steal_pointer (&active));
      if (md->weight_scale != 1.0 || md->flop_scale != 1.0)
        derived_row (t, "Scale to the published counts",
                     g_strdup_printf ("weights × %.6f, FLOP × %.6f", md->weight_scale,
                                      md->flop_scale));
      {
        g_autofree char *mm = roof_cli_format (md->p_mm_active, ROOF_UNIT_COUNT);
        g_autofree char *flop = roof_cli_format (2.0 * md->p_mm_active, ROOF_UNIT_FLOP);
        derived_row (t, "Matmul parameters per token",
                     g_strdup_printf ("%s (%s per token, linear layers)", mm, flop));
      }
      derived_row (t, "KV cache per token (bf16)",
                   roof_cli_format (roof_model_kv_bytes_per_token (md, 2.0),
                                    ROOF_UNIT_BYTES));
      derived_row (t, "KV cache per token (fp8)",
                   roof_cli_format (roof_model_kv_bytes_per_token (md, 1.0),
                                    ROOF_UNIT_BYTES));
      double max_ctx = roof_model_spec_get_max_context (model);
      if (max_ctx > 0.0)
        derived_row (t, "KV cache at max context (bf16)",
                     roof_cli_format (roof_model_kv_bytes (md, max_ctx, 2.0),
                                      ROOF_UNIT_BYTES));
    }
  else
    {
      derived_row (t, "Intensity per sample (weights excluded)",
                   md->bytes_per_sample > 0.0
                     ? roof_cli_format (md->flop_per_sample / md->bytes_per_sample,
                                        ROOF_UNIT_INTENSITY)
                     : g_strdup ("—"));
    }
  derived_row (t, "Weights at bf16", roof_cli_format (2.0 * md->p_total, ROOF_UNIT_BYTES));
  derived_row (t, "Weights at fp8", roof_cli_format (md->p_total, ROOF_UNIT_BYTES));
  roof_cli_table_print (t, ctx->out);
}

static void
show_system (RoofCliContext *ctx, RoofSystemSpec *sys)
{
  g_autoptr (JsonObject) entry = roof_spec_to_json (ROOF_SPEC (sys));
  g_autoptr (RoofCliTable) t = roof_cli_table_new (2);
  g_autoptr (GError) local = NULL;
  double n = roof_system_spec_get_size (sys), usd = 0.0, u;
  gboolean priced = roof_system_spec_get_price (sys, &usd);
  RoofHardwareParams p;

  show_heading_and_fields (ctx, t, ROOF_SPEC (sys), ROOF_ENTRY_SYSTEM, entry);

  roof_cli_table_add_blank (t);
  roof_cli_table_add_section (t, "Derived (totals over the devices)");
  if (!system_params (ctx->catalog, sys, &p, &local))
    derived_row (t, "Solver view", g_strdup (local->message));
  else
    {
      u = p.usable_fraction > 0.0 ? p.usable_fraction : ROOF_DEFAULT_USABLE_FRACTION;
      derived_row (t, "Memory", roof_cli_format (n * p.mem_capacity, ROOF_UNIT_BYTES));
      {
        g_autofree char *label = g_strdup_printf ("Usable memory (%.15g %%)", u * 100.0);
        derived_row (t, label, roof_cli_format (n * p.mem_capacity * u, ROOF_UNIT_BYTES));
      }
      derived_row (t, "Memory bandwidth", roof_cli_format (n * p.mem_bw,
                                                           ROOF_UNIT_BANDWIDTH));
      for (int i = 0; i < ROOF_PREC_COUNT; i++)
        {
          g_autofree char *label = NULL;
          if (!(p.peak_flops[i] > 0.0))
            continue;
          label = g_strdup_printf ("Compute %s (dense)", roof_precision_name ((RoofPrecision) i));
          derived_row (t, label, roof_cli_format (n * p.peak_flops[i], ROOF_UNIT_FLOPS));
        }
      {
        g_autofree char *bw = roof_cli_format (p.link_bw, ROOF_UNIT_BANDWIDTH);
        g_autofree char *lat = roof_cli_format (p.link_latency, ROOF_UNIT_TIME);
        derived_row (t, "Scale-up, per device",
                     g_strdup_printf ("%s per direction, %s per hop, %s, %s collectives", bw, lat,
                                      roof_topology_name (p.topology),
                                      roof_collective_name (p.collective)));
      }
      if (p.scaleout_bw > 0.0)
        {
          g_autofree char *bw = roof_cli_format (p.scaleout_bw, ROOF_UNIT_BANDWIDTH);
          g_autofree char *lat = roof_cli_format (p.scaleout_latency, ROOF_UNIT_TIME);
          derived_row (t, "Scale-out, per device",
                       g_strdup_printf ("%s per direction, %s per hop", bw, lat));
        }
      else
        derived_row (t, "Scale-out, per device",
                     g_strdup ("none: a layout stays within the system"));
      if (p.power_w > 0.0)
        {
          g_autofree char *w = roof_cli_format_significant (p.power_w, 4);
          derived_row (t, "Power per device", g_strdup_printf ("%s W", w));
        }
      if (p.has_price)
        {
          g_autofree char *dev = roof_cli_format (p.price_per_hour, ROOF_UNIT_USD);
          g_autofree char *all = roof_cli_format (priced ? usd : n * p.price_per_hour,
                                                  ROOF_UNIT_USD);
          derived_row (t, "Price", g_strdup_printf ("%s per hour, %s per device-hour%s", all,
                                                    dev, priced ? "" : " (the device's)"));
        }
      else
        derived_row (t, "Price", g_strdup ("none in the catalog"));
    }
  roof_cli_table_print (t, ctx->out);
}

gboolean
roof_cli_cmd_show (RoofCliContext *ctx, GError **error)
{
  const char *id = ctx->opts->show_id;
  RoofSpec *spec = (RoofSpec *) roof_catalog_find_hardware (ctx->catalog, id);

  if (spec == NULL)
    spec = (RoofSpec *) roof_catalog_find_model (ctx->catalog, id);
  if (spec == NULL)
    spec = (RoofSpec *) roof_catalog_find_system (ctx->catalog, id);
  if (spec == NULL)
    {
      g_autoptr (GError) hw_error = NULL;
      g_autoptr (GError) model_error = NULL;
      g_autoptr (GError) system_error = NULL;

      roof_cli_lookup_hardware (ctx->catalog, id, &hw_error);
      roof_cli_lookup_model (ctx->catalog, id, &model_error);
      roof_cli_lookup_system (ctx->catalog, id, &system_error);
      if (strstr (hw_error->message, "did you mean") != NULL)
        g_propagate_error (error, g_steal_pointer (&hw_error));
      else if (strstr (model_error->message, "did you mean") != NULL)
        g_propagate_error (error, g_steal_pointer (&model_error));
      else if (strstr (system_error->message, "did you mean") != NULL)
        g_propagate_error (error, g_steal_pointer (&system_error));
      else
        g_set_error (error, ROOF_CLI_ERROR, ROOF_CLI_ERROR_UNKNOWN_ID,
                     "no device, model or system with id '%s' (see 'roofline-cli list "
                     "hardware', 'list models' and 'list systems')",
                     id);
      return FALSE;
    }

  if (ctx->opts->json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      g_autoptr (JsonObject) entry = roof_spec_to_json (spec);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, ROOF_IS_HARDWARE_SPEC (spec) ? "hardware"
                                       : ROOF_IS_MODEL_SPEC (spec)  ? "model"
                                                                     : "system");
      add_entry (b, entry, spec, ctx->catalog);
      json_builder_end_object (b);
      roof_cli_print_json (ctx->out, b);
      return TRUE;
    }

  if (ROOF_IS_HARDWARE_SPEC (spec))
    show_hardware (ctx, ROOF_HARDWARE_SPEC (spec));
  else if (ROOF_IS_MODEL_SPEC (spec))
    show_model (ctx, ROOF_MODEL_SPEC (spec));
  else
    show_system (ctx, ROOF_SYSTEM_SPEC (spec));
  return TRUE;
}
