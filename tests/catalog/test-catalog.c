/* test-catalog.c — the built-in catalog, specs, overlay and edits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "catalog-test-util.h"

#include <math.h>
#include <string.h>

#include "roof-catalog.h"
#include "roof-scenario.h"
#include "roof-spec-schema.h"

#define RESOURCE "/io/github/rooflinelab/Roofline/catalog/"

static RoofHardwareSpec *
hw (RoofCatalog *catalog, const char *id)
{
  RoofHardwareSpec *spec = roof_catalog_find_hardware (catalog, id);

  if (spec == NULL)
    g_error ("no hardware %s", id);
  return spec;
}

static RoofModelSpec *
model (RoofCatalog *catalog, const char *id)
{
  RoofModelSpec *spec = roof_catalog_find_model (catalog, id);

  if (spec == NULL)
    g_error ("no model %s", id);
  return spec;
}

static void
count_changed (gpointer instance, guint *count)
{
  (*count)++;
}

/* ------------------------------------------------------------------------ */

static void
test_builtin_counts (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  GListModel *hardware = roof_catalog_get_hardware (catalog);
  GListModel *models = roof_catalog_get_models (catalog);

  g_assert_cmpuint (g_list_model_get_n_items (hardware), ==, 32);
  g_assert_cmpuint (g_list_model_get_n_items (models), ==, 23);

  for (guint i = 0; i < g_list_model_get_n_items (hardware); i++)
    {
      g_autoptr (RoofHardwareSpec) spec = g_list_model_get_item (hardware, i);

      g_assert_true (roof_spec_get_builtin (ROOF_SPEC (spec)));
      g_assert_false (roof_spec_get_modified (ROOF_SPEC (spec)));
      g_assert_true (roof_spec_id_is_valid (roof_spec_get_id (ROOF_SPEC (spec))));
      g_assert_cmpint (roof_hardware_validate (roof_hardware_spec_get_params (spec), NULL), ==,
                       ROOF_OK);
      g_assert_nonnull (roof_spec_get_sources (ROOF_SPEC (spec)));
      g_assert_nonnull (roof_spec_get_sources (ROOF_SPEC (spec))[0]);
    }
  for (guint i = 0; i < g_list_model_get_n_items (models); i++)
    {
      g_autoptr (RoofModelSpec) spec = g_list_model_get_item (models, i);
      RoofModelDerived derived;

      g_assert_true (roof_spec_get_builtin (ROOF_SPEC (spec)));
      g_assert_cmpint (roof_model_validate (roof_model_spec_get_params (spec), NULL), ==,
                       ROOF_OK);
      g_assert_cmpint (roof_model_derive (roof_model_spec_get_params (spec), &derived, NULL), ==,
                       ROOF_OK);
      /* the cached derivation is the one of the params */
      g_assert_cmpfloat (derived.p_total, ==, roof_model_spec_get_derived (spec)->p_total);
      g_assert_cmpfloat (derived.p_active, ==, roof_model_spec_get_derived (spec)->p_active);
    }
}

/* Every field the shipped files use is in the schema: no warnings. */
static void
test_builtin_no_warnings (void)
{
  static const char *const files[] = { "hardware.json", "models.json" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_strconcat (RESOURCE, files[i], NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = g_resources_lookup_data (path, 0, &error);
      g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
      g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
      gsize size;
      const char *data;

      g_assert_no_error (error);
      data = g_bytes_get_data (bytes, &size);
      g_assert_true (roof_catalog_load_data (catalog, data, (gssize) size, files[i], warnings,
                                             &error));
      g_assert_no_error (error);
      for (guint k = 0; k < warnings->len; k++)
        g_test_message ("%s", (char *) g_ptr_array_index (warnings, k));
      g_assert_cmpuint (warnings->len, ==, 0);
    }
}

static void
test_conversions (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  RoofHardwareSpec *h100 = hw (catalog, "nvidia-h100-sxm");
  const RoofHardwareParams *p = roof_hardware_spec_get_params (h100);

  catalog_test_assert_rel (p->mem_bw, 3.35e12, 1e-15);
  /* nvidia-smi's 81,559 MiB, not 80e9 (issue 12) */
  g_assert_cmpfloat (p->mem_capacity, ==, 81559.0 * 1048576.0);
  g_assert_cmpfloat (p->mem_capacity, ==, 85520809984.0);
  g_assert_cmpfloat (p->power_w, ==, 700);
  catalog_test_assert_rel (p->peak_flops[ROOF_PREC_BF16], 989.4e12, 1e-15);
  catalog_test_assert_rel (p->peak_flops[ROOF_PREC_FP8], 1978.9e12, 1e-15);
  catalog_test_assert_rel (p->peak_flops[ROOF_PREC_TF32], 494.7e12, 1e-15);
  g_assert_cmpfloat (p->peak_flops[ROOF_PREC_FP64], ==, 0.0); /* not in the entry */
  g_assert_cmpfloat (p->peak_flops[ROOF_PREC_FP4], ==, 0.0);
  catalog_test_assert_rel (p->link_bw, 450e9, 1e-15);
  catalog_test_assert_rel (p->link_latency, 1e-6, 1e-15);
  g_assert_false (roof_hardware_spec_link_is_pcie (h100));
  g_assert_true (p->has_price);
  g_assert_cmpfloat (p->price_per_hour, ==, 2.69);
  g_assert_cmpfloat (p->usable_fraction, ==, 0.9);
  g_assert_cmpfloat (p->eff_compute, ==, 1.0);
  g_assert_cmpfloat (p->eff_memory, ==, 1.0);
  g_assert_cmpint (p->n_caches, ==, 1);
  catalog_test_assert_rel (p->caches[0].capacity, 50e6, 1e-15);
  catalog_test_assert_rel (p->caches[0].bandwidth, 5500e9, 1e-15);
  g_assert_cmpstr (roof_hardware_spec_get_cache_name (h100, 0), ==, "L2");
  g_assert_cmpstr (roof_hardware_spec_get_kind (h100), ==, "gpu");
  g_assert_cmpstr (roof_hardware_spec_get_vendor (h100), ==, "NVIDIA");
  g_assert_cmpint (roof_spec_get_year (ROOF_SPEC (h100)), ==, 2022);
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, "NVIDIA H100 SXM5 80 GB");

  /* a cache without a published bandwidth */
  p = roof_hardware_spec_get_params (hw (catalog, "nvidia-a100-sxm-80gb"));
  g_assert_cmpfloat (p->mem_capacity, ==, 80.0 * 1073741824.0); /* 81,920 MiB */
  catalog_test_assert_rel (p->caches[0].capacity, 40e6, 1e-15);
  g_assert_cmpfloat (p->caches[0].bandwidth, ==, 0.0);
  g_assert_cmpfloat (p->price_per_hour, ==, 1.39);

  /* no fabric: tensor parallel over PCIe gen4 x16 */
  {
    RoofHardwareSpec *l40s = hw (catalog, "nvidia-l40s");

    p = roof_hardware_spec_get_params (l40s);
    g_assert_true (roof_hardware_spec_link_is_pcie (l40s));
    catalog_test_assert_rel (p->link_bw, 31.5e9, 1e-15);
    catalog_test_assert_rel (p->link_latency, 5e-6, 1e-15);
    catalog_test_assert_rel (p->peak_flops[ROOF_PREC_BF16], 362.05e12, 1e-15);
  }
  /* PCIe gen5 on the RTX 5090 */
  {
    RoofHardwareSpec *rtx = hw (catalog, "nvidia-rtx-5090");

    g_assert_true (roof_hardware_spec_link_is_pcie (rtx));
    catalog_test_assert_rel (roof_hardware_spec_get_params (rtx)->link_bw, 63e9, 1e-15);
  }
  /* neither fabric nor PCIe generation: no link */
  {
    RoofHardwareSpec *groq = hw (catalog, "groq-lpu-v1");

    g_assert_false (roof_hardware_spec_link_is_pcie (groq));
    g_assert_cmpfloat (roof_hardware_spec_get_params (groq)->link_bw, ==, 0.0);
    g_assert_false (roof_hardware_spec_get_params (groq)->has_price);
    catalog_test_assert_rel (roof_hardware_spec_get_params (groq)->mem_capacity, 0.23e9, 1e-15);
  }
  /* no dense figure at all */
  {
    const RoofHardwareParams *wse = roof_hardware_spec_get_params (hw (catalog, "cerebras-wse-3"));

    for (int i = 0; i < ROOF_PREC_COUNT; i++)
      g_assert_cmpfloat (wse->peak_flops[i], ==, 0.0);
    catalog_test_assert_rel (wse->mem_bw, 21000000e9, 1e-15);
  }
  /* field access by path */
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (h100), "memory.bandwidth_GBps", -1), ==,
                     3350);
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (h100), "caches[0].capacity_MB", -1), ==, 50);
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (h100), "compute_TFLOPS.fp64", -1), ==, -1);
  g_assert_cmpstr (roof_spec_get_string (ROOF_SPEC (h100), "memory.type"), ==, "HBM3");
  g_assert_cmpstr (roof_spec_get_string (ROOF_SPEC (h100), "caches[0].name"), ==, "L2");
  g_assert_true (roof_spec_has_field (ROOF_SPEC (h100), "interconnect.latency_us"));
  g_assert_false (roof_spec_has_field (ROOF_SPEC (h100), "memory.usable_fraction"));
  g_assert_false (roof_spec_has_field (ROOF_SPEC (h100), "caches[1]"));
}

/* The solver's derived counts against the published totals (2 %). */
/* Issue 12: a vendor's "80 GB" of HBM is 80 GiB. Every built-in capacity
 * is in bytes the device has, with its source; old files in GB still load. */
static void
test_capacity_units (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofCatalog) old = roof_catalog_new ();
  g_autoptr (GError) error = NULL;
  GListModel *list = roof_catalog_get_hardware (catalog);
  /* by hand: nvidia-smi's MiB × 2^20, or the marketed GiB × 2^30 */
  static const struct
  {
    const char *id;
    double bytes;
  } expected[] = {
    { "nvidia-a100-sxm-40gb", 40960.0 * 1048576 },  /* 42,949,672,960 */
    { "nvidia-a100-sxm-80gb", 81920.0 * 1048576 },  /* 85,899,345,920 */
    { "nvidia-h100-sxm", 81559.0 * 1048576 },       /* 85,520,809,984 */
    { "nvidia-h100-nvl", 99961274368.0 },           /* 95,330.5 MiB */
    { "nvidia-h200-sxm", 143771.0 * 1048576 },      /* 150,754,820,096 */
    { "nvidia-b200", 183359.0 * 1048576 },          /* 192,265,846,784 */
    { "nvidia-l4", 23034.0 * 1048576 },
    { "nvidia-l40s", 46068.0 * 1048576 },
    { "amd-mi300x", 192.0 * 1073741824 },           /* 206,158,430,208 */
    { "amd-mi355x", 288.0 * 1073741824 },
    { "google-tpu-v4", 32.0 * 1073741824 },         /* 34.4 GB */
    { "intel-gaudi3", 128.0 * 1073741824 },
    { "groq-lpu-v1", 0.23e9 },                      /* on-chip SRAM, decimal as published */
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpfloat (roof_hardware_spec_get_params (hw (catalog, expected[i].id))->mem_capacity,
                       ==, expected[i].bytes);

  /* every entry in GiB names where its figure comes from */
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (RoofSpec) spec = g_list_model_get_item (list, i);
      const char *const *sources = roof_spec_get_sources (spec);
      gboolean cited = FALSE;

      if (!roof_spec_has_field (spec, "memory.capacity_GiB"))
        {
          g_assert_true (roof_spec_has_field (spec, "memory.capacity_GB"));
          continue;
        }
      for (guint k = 0; sources[k] != NULL; k++)
        cited |= g_str_has_prefix (sources[k], "capacity: ");
      if (!cited)
        g_error ("%s: capacity_GiB without a \"capacity: \" source", roof_spec_get_id (spec));
    }

  /* a file written before capacity_GiB keeps its meaning */
  g_assert_true (roof_catalog_load_data (
    old,
    "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hardware\": [ { \"id\": \"x\", "
    "\"name\": \"X\", \"memory\": { \"capacity_GB\": 80, \"bandwidth_GBps\": 100 }, "
    "\"compute_TFLOPS\": {} } ] }",
    -1, "old.json", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (roof_hardware_spec_get_params (hw (old, "x"))->mem_capacity, ==, 80e9);
}

static void
test_params_match_published (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  GListModel *models = roof_catalog_get_models (catalog);
  guint checked = 0;

  for (guint i = 0; i < g_list_model_get_n_items (models); i++)
    {
      g_autoptr (RoofModelSpec) spec = g_list_model_get_item (models, i);
      const RoofModelDerived *d = roof_model_spec_get_derived (spec);
      double total = roof_spec_get_number (ROOF_SPEC (spec), "params_total", 0);
      double active = roof_spec_get_number (ROOF_SPEC (spec), "params_active", 0);

      if (roof_model_spec_get_params (spec)->kind != ROOF_MODEL_TRANSFORMER)
        continue;
      g_assert_cmpfloat (total, >, 0);
      g_test_message ("%-16s total %.4g derived %.4g", roof_spec_get_id (ROOF_SPEC (spec)), total,
                      d->p_total_derived);
      g_assert_cmpfloat (fabs (d->p_total_derived / total - 1), <, 0.02);
      if (active > 0)
        g_assert_cmpfloat (fabs (d->p_active_derived / active - 1), <, 0.02);
      /* the override is what the solver uses */
      catalog_test_assert_rel (d->p_total, total, 1e-12);
      checked++;
    }
  g_assert_cmpuint (checked, ==, 19);
}

/* docs/model.md's parameter count, written out independently of the solver
 * (data/catalog/gen_from_specs.py derive_params). */
typedef struct
{
  double L, d, H, Hkv, dh, ffn, V;
  gboolean gated, tied, qkv_bias, mla;
  double ql, r, dr, vh;
  gboolean moe;
  double E, k, Es, de, dense;
} Arch;

static void
formula (const Arch *a, double *total, double *active)
{
  double attn, norms = 2 * a->d, dense_ffn, emb, head, common;
  double n_dense = a->L, n_moe = 0, moe_total = 0, moe_active = 0;

  if (a->mla)
    attn = a->d * a->ql + a->ql + a->ql * a->H * a->dh + a->d * (a->r + a->dr) + a->r
           + a->r * a->H * (a->dh - a->dr + a->vh) + a->H * a->vh * a->d;
  else
    {
      attn = a->d * a->H * a->dh + 2 * a->d * a->Hkv * a->dh + a->H * a->dh * a->d;
      if (a->qkv_bias)
        attn += (a->H + 2 * a->Hkv) * a->dh;
    }
  if (a->moe)
    {
      n_dense = a->dense;
      n_moe = a->L - a->dense;
      moe_total = a->E * 3 * a->d * a->de + a->Es * 3 * a->d * a->de + a->d * a->E;
      moe_active = a->k * 3 * a->d * a->de + a->Es * 3 * a->d * a->de + a->d * a->E;
    }
  dense_ffn = n_dense > 0 ? (a->gated ? 3 : 2) * a->d * a->ffn : 0;
  emb = a->V * a->d;
  head = a->tied ? 0 : a->V * a->d;
  common = a->L * (attn + norms) + n_dense * dense_ffn + emb + head + a->d;
  *total = common + n_moe * moe_total;
  *active = common + n_moe * moe_active;
}

static void
check_formula (RoofCatalog *catalog, const char *id, const Arch *a)
{
  const RoofModelDerived *d = roof_model_spec_get_derived (model (catalog, id));
  double total, active;

  formula (a, &total, &active);
  g_test_message ("%s: formula total %.6g active %.6g", id, total, active);
  catalog_test_assert_rel (d->p_total_derived, total, 1e-9);
  catalog_test_assert_rel (d->p_active_derived, active, 1e-9);
}

static void
test_params_formula (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  const Arch llama70 = {
    .L = 80, .d = 8192, .H = 64, .Hkv = 8, .dh = 128, .ffn = 28672, .V = 128256, .gated = TRUE,
  };
  const Arch mixtral = {
    .L = 32, .d = 4096, .H = 32, .Hkv = 8, .dh = 128, .V = 32000, .gated = TRUE, .moe = TRUE,
    .E = 8, .k = 2, .Es = 0, .de = 14336, .dense = 0,
  };
  const Arch deepseek = {
    .L = 61, .d = 7168, .H = 128, .Hkv = 128, .dh = 192, .ffn = 18432, .V = 129280,
    .gated = TRUE, .mla = TRUE, .ql = 1536, .r = 512, .dr = 64, .vh = 128, .moe = TRUE,
    .E = 256, .k = 8, .Es = 1, .de = 2048, .dense = 3,
  };
  double total, active;

  check_formula (catalog, "llama-3.1-70b", &llama70);
  check_formula (catalog, "mixtral-8x7b", &mixtral);
  check_formula (catalog, "deepseek-v3", &deepseek);

  /* and the formula is the published one within 2 % */
  formula (&llama70, &total, &active);
  g_assert_cmpfloat (fabs (total / 70.55e9 - 1), <, 0.02);
  formula (&deepseek, &total, &active);
  g_assert_cmpfloat (fabs (total / 671e9 - 1), <, 0.02);
  g_assert_cmpfloat (fabs (active / 37e9 - 1), <, 0.02);
}

static void
test_model_fields (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  RoofModelSpec *llama = model (catalog, "llama-3.1-70b");
  RoofModelSpec *resnet = model (catalog, "resnet-50");
  const RoofModelParams *p = roof_model_spec_get_params (llama);

  g_assert_cmpint (p->kind, ==, ROOF_MODEL_TRANSFORMER);
  g_assert_cmpint (p->attention, ==, ROOF_ATTN_GQA);
  g_assert_cmpfloat (p->layers, ==, 80);
  g_assert_cmpfloat (p->kv_heads, ==, 8);
  g_assert_true (p->ffn_gated);
  g_assert_false (p->tied_embeddings);
  g_assert_cmpfloat (p->params_total, ==, 70550000000.0);
  g_assert_cmpfloat (roof_model_spec_get_max_context (llama), ==, 131072);
  g_assert_cmpstr (roof_model_spec_get_family (llama), ==, "Llama 3.1");
  g_assert_cmpint (roof_spec_get_year (ROOF_SPEC (llama)), ==, 2024);
  g_assert_true (roof_spec_get_boolean (ROOF_SPEC (llama), "ffn_gated", FALSE));

  p = roof_model_spec_get_params (model (catalog, "deepseek-v3"));
  g_assert_cmpint (p->attention, ==, ROOF_ATTN_MLA);
  g_assert_cmpfloat (p->mla_kv_lora_rank, ==, 512);
  g_assert_cmpfloat (p->mla_q_lora_rank, ==, 1536);
  g_assert_cmpfloat (p->experts, ==, 256);
  g_assert_cmpfloat (p->dense_layers, ==, 3);

  p = roof_model_spec_get_params (model (catalog, "gemma-2-9b"));
  g_assert_cmpfloat (p->sliding_window, ==, 4096);
  g_assert_cmpfloat (p->window_layers, ==, 21);
  g_assert_true (p->tied_embeddings);

  p = roof_model_spec_get_params (resnet);
  g_assert_cmpint (p->kind, ==, ROOF_MODEL_GENERIC);
  g_assert_cmpfloat (p->flop_per_sample, ==, 8.18e9);
  g_assert_cmpfloat (p->params, ==, 25.56e6);
  g_assert_cmpfloat (p->bytes_per_sample, ==, 56.8e6);
  g_assert_cmpstr (roof_spec_get_string (ROOF_SPEC (resnet), "input"), ==, "224x224x3 image");
}

static RoofModelSpec *
model_from (const char *json, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  return roof_model_spec_new_from_json (json_node_get_object (json_parser_get_root (parser)),
                                        "t.json: models[0]", NULL, error);
}

static void
test_model_inference (void)
{
  static const struct
  {
    const char *json;
    RoofAttention attention;
  } cases[] = {
    { "{\"id\":\"a\",\"layers\":2,\"hidden\":64,\"heads\":4,\"kv_heads\":4,\"ffn\":128,"
      "\"vocab\":100}", ROOF_ATTN_MHA },
    { "{\"id\":\"a\",\"layers\":2,\"hidden\":64,\"heads\":4,\"kv_heads\":1,\"ffn\":128,"
      "\"vocab\":100}", ROOF_ATTN_MQA },
    { "{\"id\":\"a\",\"layers\":2,\"hidden\":64,\"heads\":4,\"kv_heads\":2,\"ffn\":128,"
      "\"vocab\":100}", ROOF_ATTN_GQA },
    { "{\"id\":\"a\",\"layers\":2,\"hidden\":64,\"heads\":4,\"head_dim\":32,\"ffn\":128,"
      "\"vocab\":100,\"mla\":{\"kv_lora_rank\":16,\"rope_dim\":8}}", ROOF_ATTN_MLA },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (RoofModelSpec) spec = model_from (cases[i].json, &error);

      g_assert_no_error (error);
      g_assert_cmpint (roof_model_spec_get_params (spec)->attention, ==, cases[i].attention);
      /* defaults */
      g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (spec)), ==, "a");
      g_assert_true (roof_model_spec_get_params (spec)->ffn_gated);
      g_assert_false (roof_model_spec_get_params (spec)->tied_embeddings);
      g_assert_cmpstr (roof_spec_get_notes (ROOF_SPEC (spec)), ==, "");
      g_assert_cmpstr (roof_model_spec_get_family (spec), ==, "");
      g_assert_null (roof_spec_get_sources (ROOF_SPEC (spec))[0]);
    }

  /* MoE with every layer routed needs no ffn … */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (RoofModelSpec) spec
      = model_from ("{\"id\":\"m\",\"layers\":2,\"hidden\":64,\"heads\":4,\"kv_heads\":2,"
                    "\"vocab\":100,\"moe\":{\"experts\":4,\"experts_per_token\":2,"
                    "\"shared_experts\":0,\"expert_ffn\":32,\"dense_layers\":0}}",
                    &error);

    g_assert_no_error (error);
    g_assert_true (roof_model_spec_get_derived (spec)->is_moe);
  }
  /* … but dense first layers do */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (RoofModelSpec) spec
      = model_from ("{\"id\":\"m\",\"layers\":2,\"hidden\":64,\"heads\":4,\"kv_heads\":2,"
                    "\"vocab\":100,\"moe\":{\"experts\":4,\"experts_per_token\":2,"
                    "\"shared_experts\":0,\"expert_ffn\":32,\"dense_layers\":1}}",
                    &error);

    g_assert_null (spec);
    g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==, "t.json: models[0]: ffn is required");
  }
}

static void
test_lookup (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;

  g_assert_true (roof_catalog_lookup_hardware (catalog, "nvidia-h100-sxm", &error)
                 == roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"));
  g_assert_no_error (error);

  g_assert_null (roof_catalog_lookup_hardware (catalog, "h100", &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==,
                   "no hardware with id \"h100\"; did you mean \"nvidia-h100-sxm\"?");
  g_clear_error (&error);

  /* a typo: edit distance wins over containment */
  g_assert_null (roof_catalog_lookup_hardware (catalog, "nvidia-h200-smx", &error));
  g_assert_cmpstr (error->message, ==,
                   "no hardware with id \"nvidia-h200-smx\"; did you mean \"nvidia-h200-sxm\"?");
  g_clear_error (&error);

  g_assert_null (roof_catalog_lookup_model (catalog, "llama-3.1-7b", &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "did you mean \"llama-3.1-"));
  g_clear_error (&error);

  g_assert_null (roof_catalog_lookup_model (catalog, "zzzzzzzzzzzz", &error));
  g_assert_cmpstr (error->message, ==, "no model with id \"zzzzzzzzzzzz\"");
  g_clear_error (&error);

  g_assert_null (roof_catalog_find_model (catalog, "nvidia-h100-sxm"));
}

static const char overlay_json[] =
  "{ \"format\": \"roofline-catalog\", \"version\": 1,\n"
  "  \"hardware\": [\n"
  "    { \"id\": \"nvidia-h100-sxm\", \"name\": \"H100 (measured)\",\n"
  "      \"memory\": { \"capacity_GB\": 80, \"bandwidth_GBps\": 2900 },\n"
  "      \"compute_TFLOPS\": { \"bf16\": 700 } },\n"
  "    { \"id\": \"my-npu\", \"name\": \"My NPU\",\n"
  "      \"memory\": { \"capacity_GB\": 32, \"bandwidth_GBps\": 1000 },\n"
  "      \"compute_TFLOPS\": { \"int8\": 400 } }\n"
  "  ],\n"
  "  \"models\": [ { \"id\": \"tiny\", \"layers\": 2, \"hidden\": 64, \"heads\": 4,\n"
  "                \"kv_heads\": 4, \"ffn\": 256, \"vocab\": 1000 } ]\n"
  "}\n";

static void
test_overlay (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  GListModel *hardware = roof_catalog_get_hardware (catalog);
  guint position = G_MAXUINT;
  RoofHardwareSpec *h100;

  for (guint i = 0; i < g_list_model_get_n_items (hardware); i++)
    {
      g_autoptr (RoofHardwareSpec) spec = g_list_model_get_item (hardware, i);

      if (g_str_equal (roof_spec_get_id (ROOF_SPEC (spec)), "nvidia-h100-sxm"))
        position = i;
    }

  g_assert_true (roof_catalog_load_data (catalog, overlay_json, -1, "user.json", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (hardware), ==, 33);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_models (catalog)), ==, 24);

  /* same id: replaced in place, no longer built-in */
  h100 = hw (catalog, "nvidia-h100-sxm");
  {
    g_autoptr (RoofHardwareSpec) at = g_list_model_get_item (hardware, position);

    g_assert_true (at == h100);
  }
  g_assert_false (roof_spec_get_builtin (ROOF_SPEC (h100)));
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, "H100 (measured)");
  catalog_test_assert_rel (roof_hardware_spec_get_params (h100)->mem_bw, 2.9e12, 1e-15);
  g_assert_false (roof_hardware_spec_get_params (h100)->has_price);

  /* new id: appended */
  {
    g_autoptr (RoofHardwareSpec) last = g_list_model_get_item (hardware, 32);

    g_assert_cmpstr (roof_spec_get_id (ROOF_SPEC (last)), ==, "my-npu");
    g_assert_false (roof_spec_get_builtin (ROOF_SPEC (last)));
    g_assert_cmpstr (roof_hardware_spec_get_kind (last), ==, "other");
  }
  g_assert_false (roof_spec_get_builtin (ROOF_SPEC (model (catalog, "tiny"))));

  /* a failing file changes nothing, not even its valid first entries */
  {
    static const char bad[] =
      "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hardware\": [\n"
      "  { \"id\": \"nvidia-h100-sxm\", \"name\": \"again\",\n"
      "    \"memory\": { \"capacity_GB\": 1, \"bandwidth_GBps\": 1 }, \"compute_TFLOPS\": {} },\n"
      "  { \"id\": \"another\", \"name\": \"x\", \"memory\": { \"capacity_GB\": 1 },\n"
      "    \"compute_TFLOPS\": {} } ] }";

    g_assert_false (roof_catalog_load_data (catalog, bad, -1, "bad.json", NULL, &error));
    g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==,
                     "bad.json: hardware[1] \"another\": memory.bandwidth_GBps is required");
    g_clear_error (&error);
    g_assert_cmpuint (g_list_model_get_n_items (hardware), ==, 33);
    g_assert_true (hw (catalog, "nvidia-h100-sxm") == h100);
    g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, "H100 (measured)");
    g_assert_null (roof_catalog_find_hardware (catalog, "another"));
  }

  /* remove */
  g_assert_true (roof_catalog_remove_hardware (catalog, "my-npu"));
  g_assert_false (roof_catalog_remove_hardware (catalog, "my-npu"));
  g_assert_true (roof_catalog_remove_model (catalog, "tiny"));
  g_assert_cmpuint (g_list_model_get_n_items (hardware), ==, 32);
}

static void
test_unknown_fields (void)
{
  static const char json[] =
    "{ \"format\": \"roofline-catalog\", \"version\": 1, \"comment\": \"mine\",\n"
    "  \"hardware\": [ { \"id\": \"x\", \"name\": \"X\", \"foo\": [1, 2],\n"
    "    \"memory\": { \"capacity_GB\": 8, \"bandwidth_GBps\": 100, \"ecc\": true },\n"
    "    \"caches\": [ { \"name\": \"L2\", \"capacity_MB\": 4, \"ways\": 16 } ],\n"
    "    \"compute_TFLOPS\": { \"fp32\": 10 } } ] }";
  g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) object = NULL;
  RoofHardwareSpec *spec;

  g_assert_true (roof_catalog_load_data (catalog, json, -1, "mine.json", warnings, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==,
                   "mine.json: unknown field \"comment\" (kept, ignored)");
  g_assert_cmpstr (g_ptr_array_index (warnings, 1), ==,
                   "mine.json: hardware[0] \"x\": unknown field \"foo\" (kept, ignored)");
  g_assert_cmpstr (g_ptr_array_index (warnings, 2), ==,
                   "mine.json: hardware[0] \"x\": unknown field \"memory.ecc\" (kept, ignored)");
  g_assert_cmpstr (g_ptr_array_index (warnings, 3), ==,
                   "mine.json: hardware[0] \"x\": unknown field \"caches[0].ways\" "
                   "(kept, ignored)");

  spec = hw (catalog, "x");
  object = roof_spec_to_json (ROOF_SPEC (spec));
  g_assert_true (json_object_has_member (object, "foo"));
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (object, "memory"),
                                                 "ecc"));
  /* and they survive an edit */
  g_assert_true (roof_spec_set_number (ROOF_SPEC (spec), "memory.capacity_GB", 16, &error));
  g_assert_no_error (error);
  g_clear_pointer (&object, json_object_unref);
  object = roof_spec_to_json (ROOF_SPEC (spec));
  g_assert_true (json_object_has_member (object, "foo"));
  g_assert_true (roof_spec_has_field (ROOF_SPEC (spec), "memory.ecc"));
  g_assert_true (roof_spec_has_field (ROOF_SPEC (spec), "caches[0].ways"));
}

static void
test_setters (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  RoofHardwareSpec *h100 = hw (catalog, "nvidia-h100-sxm");
  RoofModelSpec *llama = model (catalog, "llama-3.1-70b");
  guint changed = 0, model_changed = 0;
  double bw = roof_hardware_spec_get_params (h100)->mem_bw;

  g_signal_connect (h100, "changed", G_CALLBACK (count_changed), &changed);
  g_signal_connect (llama, "changed", G_CALLBACK (count_changed), &model_changed);

  /* refused: nothing changes, no signal */
  g_assert_false (roof_spec_set_number (ROOF_SPEC (h100), "memory.bandwidth_GBps", -1, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "hardware \"nvidia-h100-sxm\": memory.bandwidth_GBps must be > 0, got -1");
  g_clear_error (&error);
  g_assert_false (roof_spec_set_number (ROOF_SPEC (h100), "memory.bandwidth_GBps", NAN, &error));
  g_assert_nonnull (strstr (error->message, "memory.bandwidth_GBps must be finite"));
  g_clear_error (&error);
  g_assert_false (roof_spec_set_number (ROOF_SPEC (h100), "compute_TFLOPS.bf16", 1e300, &error));
  g_assert_nonnull (strstr (error->message,
                            "compute_TFLOPS.bf16 must be at most 1e+07, got 1e+300"));
  g_clear_error (&error);
  g_assert_false (roof_spec_set_number (ROOF_SPEC (h100), "compute_TFLOPS.fp12", 1, &error));
  g_assert_nonnull (strstr (error->message, "give a precision"));
  g_clear_error (&error);
  g_assert_false (roof_spec_set_string (ROOF_SPEC (h100), "kind", "fpga", &error));
  g_assert_cmpstr (error->message, ==,
                   "hardware \"nvidia-h100-sxm\": kind must be one of gpu, tpu, asic, soc, cpu, "
                   "other, got \"fpga\"");
  g_clear_error (&error);
  g_assert_false (roof_spec_set_string (ROOF_SPEC (h100), "id", "other-id", &error));
  g_assert_nonnull (strstr (error->message, "the id cannot be changed"));
  g_clear_error (&error);
  g_assert_false (roof_spec_set_number (ROOF_SPEC (h100), "name", 3, &error));
  g_assert_nonnull (strstr (error->message, "name is not a number"));
  g_clear_error (&error);
  g_assert_false (roof_spec_set_number (ROOF_SPEC (h100), "flux_capacitor", 3, &error));
  g_assert_cmpstr (error->message, ==,
                   "hardware \"nvidia-h100-sxm\": hardware entries have no field "
                   "\"flux_capacitor\"");
  g_clear_error (&error);
  g_assert_false (roof_spec_unset (ROOF_SPEC (h100), "memory.capacity_GiB", &error));
  g_assert_cmpstr (error->message, ==,
                   "hardware \"nvidia-h100-sxm\": memory.capacity_GB or memory.capacity_GiB is "
                   "required");
  g_clear_error (&error);
  g_assert_false (roof_spec_set_number (ROOF_SPEC (h100), "caches[3].capacity_MB", 1, &error));
  g_assert_nonnull (strstr (error->message, "caches has 1 elements"));
  g_clear_error (&error);
  /* a new cache level needs a name too */
  g_assert_false (roof_spec_set_number (ROOF_SPEC (h100), "caches[1].capacity_MB", 1, &error));
  g_assert_nonnull (strstr (error->message, "caches[1].name is required"));
  g_clear_error (&error);

  g_assert_cmpuint (changed, ==, 0);
  g_assert_false (roof_spec_get_modified (ROOF_SPEC (h100)));
  g_assert_cmpfloat (roof_hardware_spec_get_params (h100)->mem_bw, ==, bw);
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (h100), "memory.bandwidth_GBps", 0), ==, 3350);
  g_assert_false (roof_spec_has_field (ROOF_SPEC (h100), "caches[1]"));

  /* accepted */
  g_assert_true (roof_spec_set_number (ROOF_SPEC (h100), "memory.bandwidth_GBps", 3000, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (roof_spec_get_modified (ROOF_SPEC (h100)));
  catalog_test_assert_rel (roof_hardware_spec_get_params (h100)->mem_bw, 3e12, 1e-15);

  g_assert_true (roof_spec_set_number (ROOF_SPEC (h100), "compute_TFLOPS.fp4", 4000, &error));
  catalog_test_assert_rel (roof_hardware_spec_get_params (h100)->peak_flops[ROOF_PREC_FP4], 4e15, 1e-15);
  g_assert_true (roof_spec_unset (ROOF_SPEC (h100), "compute_TFLOPS.fp8", &error));
  g_assert_cmpfloat (roof_hardware_spec_get_params (h100)->peak_flops[ROOF_PREC_FP8], ==, 0);
  g_assert_true (roof_spec_unset (ROOF_SPEC (h100), "compute_TFLOPS.fp8", &error)); /* no-op */
  g_assert_cmpuint (changed, ==, 3);

  /* dropping the fabric falls back to PCIe gen5 */
  g_assert_true (roof_spec_unset (ROOF_SPEC (h100), "interconnect", &error));
  g_assert_no_error (error);
  g_assert_true (roof_hardware_spec_link_is_pcie (h100));
  catalog_test_assert_rel (roof_hardware_spec_get_params (h100)->link_bw, 63e9, 1e-15);
  /* a new fabric from one field: latency defaults to 1 µs */
  g_assert_true (
    roof_spec_set_number (ROOF_SPEC (h100), "interconnect.bandwidth_GBps", 900, &error));
  g_assert_false (roof_hardware_spec_link_is_pcie (h100));
  catalog_test_assert_rel (roof_hardware_spec_get_params (h100)->link_bw, 900e9, 1e-15);
  catalog_test_assert_rel (roof_hardware_spec_get_params (h100)->link_latency, 1e-6, 1e-15);
  /* one cache level removed by index */
  g_assert_true (roof_spec_unset (ROOF_SPEC (h100), "caches[0]", &error));
  g_assert_no_error (error);
  g_assert_cmpint (roof_hardware_spec_get_params (h100)->n_caches, ==, 0);
  g_assert_true (roof_spec_has_field (ROOF_SPEC (h100), "caches"));
  g_assert_true (roof_spec_set_string (ROOF_SPEC (h100), "name", "Mine", &error));
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, "Mine");
  g_assert_cmpuint (changed, ==, 7);

  /* models: integers, booleans, cross-field rules from the solver */
  g_assert_false (roof_spec_set_number (ROOF_SPEC (llama), "layers", 2.5, &error));
  g_assert_cmpstr (error->message, ==,
                   "model \"llama-3.1-70b\": layers must be a whole number, got 2.5");
  g_clear_error (&error);
  g_assert_false (roof_spec_set_number (ROOF_SPEC (llama), "kv_heads", 3, &error));
  g_assert_cmpstr (error->message, ==,
                   "model \"llama-3.1-70b\": heads 64 must be a multiple of kv_heads 3");
  g_clear_error (&error);
  g_assert_false (roof_spec_set_string (ROOF_SPEC (llama), "attention", "mha", &error));
  g_assert_nonnull (strstr (error->message, "attention \"mha\" needs kv_heads = heads"));
  g_clear_error (&error);
  g_assert_false (roof_spec_set_boolean (ROOF_SPEC (llama), "layers", TRUE, &error));
  g_clear_error (&error);
  g_assert_cmpuint (model_changed, ==, 0);

  {
    double before = roof_model_spec_get_derived (llama)->p_total_derived;

    g_assert_true (roof_spec_set_boolean (ROOF_SPEC (llama), "tied_embeddings", TRUE, &error));
    g_assert_no_error (error);
    catalog_test_assert_rel (roof_model_spec_get_derived (llama)->p_total_derived, before - 128256.0 * 8192,
                1e-12);
    g_assert_true (roof_spec_unset (ROOF_SPEC (llama), "params_total", &error));
    g_assert_cmpfloat (roof_model_spec_get_derived (llama)->weight_scale, ==, 1.0);
    g_assert_cmpuint (model_changed, ==, 2);
  }
}

static void
test_reset (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  RoofHardwareSpec *h100 = hw (catalog, "nvidia-h100-sxm");
  RoofModelSpec *llama = model (catalog, "llama-3.1-70b");
  g_autoptr (JsonObject) shipped = roof_spec_to_json (ROOF_SPEC (h100));
  g_autofree char *shipped_text = NULL;
  guint changed = 0;

  {
    g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), shipped);

    shipped_text = json_to_string (node, FALSE);
  }
  g_signal_connect (h100, "changed", G_CALLBACK (count_changed), &changed);

  g_assert_true (roof_spec_set_number (ROOF_SPEC (h100), "price_usd_per_hour", 3.5, &error));
  g_assert_true (roof_spec_unset (ROOF_SPEC (h100), "caches", &error));
  g_assert_true (roof_spec_get_modified (ROOF_SPEC (h100)));
  g_assert_cmpint (roof_hardware_spec_get_params (h100)->n_caches, ==, 0);

  g_assert_true (roof_spec_reset (ROOF_SPEC (h100)));
  g_assert_false (roof_spec_get_modified (ROOF_SPEC (h100)));
  g_assert_cmpuint (changed, ==, 3);
  g_assert_cmpfloat (roof_hardware_spec_get_params (h100)->price_per_hour, ==, 2.69);
  g_assert_cmpint (roof_hardware_spec_get_params (h100)->n_caches, ==, 1);
  {
    g_autoptr (JsonObject) now = roof_spec_to_json (ROOF_SPEC (h100));
    g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), now);
    g_autofree char *text = json_to_string (node, FALSE);

    g_assert_cmpstr (text, ==, shipped_text);
  }
  /* reset of an unmodified entry: nothing to do */
  g_assert_true (roof_spec_reset (ROOF_SPEC (h100)));
  g_assert_cmpuint (changed, ==, 3);

  /* setting a field back to its shipped value is no modification */
  g_assert_true (roof_spec_set_number (ROOF_SPEC (llama), "ffn", 1000, &error));
  g_assert_true (roof_spec_get_modified (ROOF_SPEC (llama)));
  g_assert_true (roof_spec_set_number (ROOF_SPEC (llama), "ffn", 28672, &error));
  g_assert_false (roof_spec_get_modified (ROOF_SPEC (llama)));
  g_assert_true (roof_spec_set_number (ROOF_SPEC (llama), "ffn", 1000, &error));
  g_assert_true (roof_spec_reset (ROOF_SPEC (llama)));
  g_assert_cmpfloat (roof_model_spec_get_params (llama)->ffn, ==, 28672);

  /* a custom entry has nothing to reset to */
  {
    g_autoptr (RoofHardwareSpec) dup
      = ROOF_HARDWARE_SPEC (roof_spec_duplicate (ROOF_SPEC (h100), "mine", NULL));

    g_assert_false (roof_spec_reset (ROOF_SPEC (dup)));
  }
}

static void
test_duplicate (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  RoofHardwareSpec *h100 = hw (catalog, "nvidia-h100-sxm");
  g_autoptr (RoofHardwareSpec) dup
    = ROOF_HARDWARE_SPEC (roof_spec_duplicate (ROOF_SPEC (h100), "my-h100", "My H100"));
  g_autoptr (RoofModelSpec) mdup = NULL;

  g_assert_nonnull (dup);
  g_assert_cmpstr (roof_spec_get_id (ROOF_SPEC (dup)), ==, "my-h100");
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (dup)), ==, "My H100");
  g_assert_false (roof_spec_get_builtin (ROOF_SPEC (dup)));
  g_assert_false (roof_spec_get_modified (ROOF_SPEC (dup)));
  g_assert_cmpfloat (roof_hardware_spec_get_params (dup)->mem_bw, ==,
                     roof_hardware_spec_get_params (h100)->mem_bw);
  g_assert_cmpstr (roof_spec_get_sources (ROOF_SPEC (dup))[0], ==,
                   roof_spec_get_sources (ROOF_SPEC (h100))[0]);

  /* a deep copy: editing one leaves the other alone */
  g_assert_true (roof_spec_set_number (ROOF_SPEC (dup), "memory.capacity_GB", 96, &error));
  g_assert_cmpfloat (roof_spec_get_number (ROOF_SPEC (h100), "memory.capacity_GiB", 0), ==,
                     79.6474609375);
  /* the capacity in GB replaced the one in GiB, which would contradict it */
  g_assert_false (roof_spec_has_field (ROOF_SPEC (dup), "memory.capacity_GiB"));
  g_assert_cmpfloat (roof_hardware_spec_get_params (dup)->mem_capacity, ==, 96e9);
  g_assert_true (roof_spec_set_number (ROOF_SPEC (dup), "memory.capacity_GiB", 96, &error));
  g_assert_false (roof_spec_has_field (ROOF_SPEC (dup), "memory.capacity_GB"));
  g_assert_cmpfloat (roof_hardware_spec_get_params (dup)->mem_capacity, ==, 96.0 * 1073741824.0);
  g_assert_false (roof_spec_get_modified (ROOF_SPEC (h100)));

  roof_catalog_add_hardware (catalog, dup);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)), ==, 33);
  g_assert_true (roof_catalog_find_hardware (catalog, "my-h100") == dup);

  mdup = ROOF_MODEL_SPEC (
    roof_spec_duplicate (ROOF_SPEC (model (catalog, "deepseek-v3")), "ds3-copy", NULL));
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (mdup)), ==,
                   "DeepSeek-V3 (671B / 37B active) (copy)");
  g_assert_cmpfloat (roof_model_spec_get_derived (mdup)->p_total, ==,
                     roof_model_spec_get_derived (model (catalog, "deepseek-v3"))->p_total);
}

static void
test_replace_json (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  RoofHardwareSpec *h100 = hw (catalog, "nvidia-h100-sxm");
  g_autoptr (JsonObject) object = json_object_new ();
  g_autoptr (JsonObject) memory = json_object_new ();
  g_autoptr (JsonObject) compute = json_object_new ();

  json_object_set_string_member (object, "id", "nvidia-h100-sxm");
  json_object_set_string_member (object, "name", "Minimal");
  json_object_set_double_member (memory, "capacity_GB", 80);
  json_object_set_object_member (object, "memory", json_object_ref (memory));
  json_object_set_object_member (object, "compute_TFLOPS", json_object_ref (compute));

  g_assert_false (roof_spec_replace_json (ROOF_SPEC (h100), object, &error));
  g_assert_cmpstr (error->message, ==,
                   "hardware \"nvidia-h100-sxm\": memory.bandwidth_GBps is required");
  g_clear_error (&error);
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, "NVIDIA H100 SXM5 80 GB");

  json_object_set_double_member (memory, "bandwidth_GBps", 1000);
  g_assert_true (roof_spec_replace_json (ROOF_SPEC (h100), object, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (h100)), ==, "Minimal");
  g_assert_false (roof_hardware_spec_get_params (h100)->has_price);

  json_object_set_string_member (object, "id", "other");
  g_assert_false (roof_spec_replace_json (ROOF_SPEC (h100), object, &error));
  g_assert_nonnull (strstr (error->message, "the id cannot be changed"));
}

static void
test_custom_document (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) empty = roof_catalog_build_custom_document (catalog);
  g_autoptr (JsonNode) doc = NULL;
  g_autoptr (RoofModelSpec) dup = NULL;
  JsonObject *root;

  root = json_node_get_object (empty);
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "roofline-catalog");
  /* written as version 2 (issue 12), read back by every version-2 build */
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "hardware")), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "models")), ==, 0);

  g_assert_true (roof_spec_set_number (ROOF_SPEC (hw (catalog, "nvidia-l4")), "tdp_W", 75, &error));
  dup = ROOF_MODEL_SPEC (
    roof_spec_duplicate (ROOF_SPEC (model (catalog, "llama-3.1-8b")), "llama-8b-fp8", NULL));
  roof_catalog_add_model (catalog, dup);

  doc = roof_catalog_build_custom_document (catalog);
  root = json_node_get_object (doc);
  {
    JsonArray *hardware = json_object_get_array_member (root, "hardware");
    JsonArray *models = json_object_get_array_member (root, "models");

    g_assert_cmpuint (json_array_get_length (hardware), ==, 1);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (hardware, 0),
                                                    "id"),
                     ==, "nvidia-l4");
    g_assert_cmpuint (json_array_get_length (models), ==, 1);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (models, 0),
                                                    "id"),
                     ==, "llama-8b-fp8");
  }
}

static void
test_schema (void)
{
  static const RoofEntryKind kinds[] = { ROOF_ENTRY_HARDWARE, ROOF_ENTRY_MODEL };
  const RoofFieldSpec *row;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      guint n = 0;
      const RoofFieldSpec *table = roof_spec_schema (kinds[k], &n);

      g_assert_cmpuint (n, >, 20);
      g_assert_null (table[n].path);
      for (guint i = 0; i < n; i++)
        {
          g_assert_nonnull (table[i].label);
          g_assert_nonnull (table[i].group);
          g_assert_nonnull (table[i].help);
          g_assert_true (roof_spec_schema_lookup (kinds[k], table[i].path) == &table[i]);
          if (table[i].type == ROOF_FIELD_ENUM)
            g_assert_nonnull (table[i].choices);
          if (table[i].type == ROOF_FIELD_NUMBER || table[i].type == ROOF_FIELD_INTEGER)
            g_assert_cmpfloat (table[i].max, >, table[i].min);
          /* every text has a length limit (a name of 100 000 characters
           * made a chart take 47 s to draw) */
          if (table[i].type == ROOF_FIELD_STRING
              || (table[i].type == ROOF_FIELD_STRINGS && table[i].choices == NULL))
            g_assert_cmpfloat (table[i].max, >=, ROOF_SPEC_ID_MAX);
          /* paths are unique */
          for (guint j = 0; j < i; j++)
            g_assert_cmpstr (table[i].path, !=, table[j].path);
        }
    }

  row = roof_spec_schema_lookup (ROOF_ENTRY_HARDWARE, "compute_TFLOPS.bf16");
  g_assert_nonnull (row);
  g_assert_cmpint (row->type, ==, ROOF_FIELD_PRECISION_MAP);
  g_assert_cmpfloat (row->max, ==, 1e7);
  row = roof_spec_schema_lookup (ROOF_ENTRY_HARDWARE, "caches[2].capacity_MB");
  g_assert_nonnull (row);
  g_assert_cmpstr (row->path, ==, "caches[].capacity_MB");
  g_assert_cmpstr (row->unit, ==, "MB");
  g_assert_null (roof_spec_schema_lookup (ROOF_ENTRY_HARDWARE, "memory"));
  g_assert_null (roof_spec_schema_lookup (ROOF_ENTRY_MODEL, "memory.capacity_GB"));
  row = roof_spec_schema_lookup (ROOF_ENTRY_MODEL, "kv_heads");
  g_assert_cmpstr (row->required_if, ==, "kind=transformer and attention!=mla");

  g_assert_true (roof_spec_id_is_valid ("llama-3.1-70b"));
  g_assert_true (roof_spec_id_is_valid ("0x"));
  g_assert_true (roof_spec_id_is_valid ("a_b.c-d"));
  g_assert_false (roof_spec_id_is_valid (""));
  g_assert_false (roof_spec_id_is_valid ("-a"));
  g_assert_false (roof_spec_id_is_valid (".a"));
  g_assert_false (roof_spec_id_is_valid ("A100"));
  g_assert_false (roof_spec_id_is_valid ("a b"));
  g_assert_false (roof_spec_id_is_valid ("é"));
  {
    char id[ROOF_SPEC_ID_MAX + 2];

    memset (id, 'a', sizeof id);
    id[ROOF_SPEC_ID_MAX] = '\0';
    g_assert_true (roof_spec_id_is_valid (id));
    id[ROOF_SPEC_ID_MAX] = 'a';
    id[ROOF_SPEC_ID_MAX + 1] = '\0';
    g_assert_false (roof_spec_id_is_valid (id));
  }
}

static void
test_finalize (void)
{
  RoofCatalog *catalog = catalog_test_builtin ();
  RoofHardwareSpec *h100 = g_object_ref (hw (catalog, "nvidia-h100-sxm"));

  g_assert_finalize_object (catalog);
  g_assert_cmpstr (roof_spec_get_id (ROOF_SPEC (h100)), ==, "nvidia-h100-sxm");
  g_assert_finalize_object (h100);
}

static void
count_entry_changed (RoofCatalog *catalog, RoofSpec *spec, gpointer data)
{
  RoofSpec **last = data;
  *last = spec;
  last[1] = GINT_TO_POINTER (GPOINTER_TO_INT (last[1]) + 1); /* a counter in the pointer slot */
}

static void
test_entry_changed (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  RoofSpec *seen[2] = { NULL, NULL };
  RoofSpec *h100 = ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"));

  g_signal_connect (catalog, "entry-changed", G_CALLBACK (count_entry_changed), seen);
  g_assert_true (roof_spec_set_number (h100, "memory.bandwidth_GBps", 3000, &error));
  g_assert_no_error (error);
  g_assert_true (seen[0] == h100);
  g_assert_cmpint (GPOINTER_TO_INT (seen[1]), ==, 1);

  /* a refused edit changes nothing and says nothing */
  g_assert_false (roof_spec_set_number (h100, "memory.bandwidth_GBps", -1, &error));
  g_clear_error (&error);
  g_assert_cmpint (GPOINTER_TO_INT (seen[1]), ==, 1);

  /* a replaced entry is no longer relayed; its replacement is */
  g_autoptr (RoofSpec) copy = roof_spec_duplicate (h100, "nvidia-h100-sxm", "Mine");
  g_object_ref (h100);
  roof_catalog_add_hardware (catalog, ROOF_HARDWARE_SPEC (copy));
  g_assert_true (roof_spec_set_number (h100, "memory.bandwidth_GBps", 3100, &error));
  g_assert_cmpint (GPOINTER_TO_INT (seen[1]), ==, 1);
  g_assert_true (roof_spec_set_number (copy, "memory.bandwidth_GBps", 3200, &error));
  g_assert_true (seen[0] == copy);
  g_assert_cmpint (GPOINTER_TO_INT (seen[1]), ==, 2);
  g_object_unref (h100);

  /* removed: silent (once the system built from it, HGX H100, is gone) */
  g_assert_false (roof_catalog_remove_hardware (catalog, "nvidia-h100-sxm"));
  g_assert_true (roof_catalog_remove_system (catalog, "nvidia-hgx-h100"));
  g_assert_true (roof_catalog_remove_hardware (catalog, "nvidia-h100-sxm"));
  g_assert_true (roof_spec_set_number (copy, "memory.bandwidth_GBps", 3300, &error));
  g_assert_cmpint (GPOINTER_TO_INT (seen[1]), ==, 2);
}

static void
count_signal (guint *count)
{
  (*count)++;
}

/* The palette index a device's id asks for: FNV-1a (32 bits) of the id,
 * modulo the 8 colours. Worked out by hand (Python) for the ids below:
 *   nvidia-h100-sxm       407110117 % 8 = 5
 *   nvidia-h200-sxm      3716804756 % 8 = 4
 *   nvidia-a100-sxm-80gb 2766976618 % 8 = 2
 *   nvidia-b200          4186423649 % 8 = 1
 *   amd-mi300x           1290539673 % 8 = 1 */
static void
test_scenario_colors (void)
{
  g_autoptr (RoofScenario) s = roof_scenario_new_default ();

  /* the defaults take their own indices: no two ask for the same */
  g_assert_cmpint (roof_scenario_get_color (s, "nvidia-h100-sxm"), ==, 5);
  g_assert_cmpint (roof_scenario_get_color (s, "nvidia-h200-sxm"), ==, 4);
  g_assert_cmpint (roof_scenario_get_color (s, "nvidia-a100-sxm-80gb"), ==, 2);
  g_assert_cmpint (roof_scenario_get_color (s, "nvidia-b200"), ==, -1);

  /* removing one keeps the others' colours */
  g_assert_true (roof_scenario_remove_hardware (s, "nvidia-h200-sxm"));
  g_assert_false (roof_scenario_remove_hardware (s, "nvidia-h200-sxm"));
  g_assert_false (roof_scenario_has_hardware (s, "nvidia-h200-sxm"));
  g_assert_cmpint (roof_scenario_get_color (s, "nvidia-a100-sxm-80gb"), ==, 2);
  g_assert_cmpint (roof_scenario_get_color (s, "nvidia-h200-sxm"), ==, -1);
  roof_scenario_add_hardware (s, "nvidia-b200");
  roof_scenario_add_hardware (s, "nvidia-b200"); /* no duplicate */
  g_assert_cmpuint (g_strv_length ((char **) roof_scenario_get_hardware (s)), ==, 3);
  g_assert_cmpint (roof_scenario_get_color (s, "nvidia-b200"), ==, 1);
  g_assert_true (roof_scenario_has_hardware (s, "nvidia-b200"));
}

/* The same comparison ticked in any order gets the same colours: amd-mi300x
 * and nvidia-b200 both ask for 1; in the order of the ids amd-mi300x takes
 * it, nvidia-a100-sxm-80gb takes its 2, and nvidia-b200 moves on past 1
 * and 2 to 3. */
static void
test_scenario_colors_order (void)
{
  static const char *const orders[][3] = {
    { "nvidia-b200", "nvidia-a100-sxm-80gb", "amd-mi300x" },
    { "amd-mi300x", "nvidia-b200", "nvidia-a100-sxm-80gb" },
    { "nvidia-a100-sxm-80gb", "amd-mi300x", "nvidia-b200" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (orders); k++)
    {
      g_autoptr (RoofScenario) s = roof_scenario_new_default ();
      const char *ids[4] = { orders[k][0], NULL, NULL, NULL };

      /* ticked one by one, as in the app */
      roof_scenario_set_hardware (s, ids);
      roof_scenario_add_hardware (s, orders[k][1]);
      roof_scenario_add_hardware (s, orders[k][2]);
      g_assert_cmpint (roof_scenario_get_color (s, "amd-mi300x"), ==, 1);
      g_assert_cmpint (roof_scenario_get_color (s, "nvidia-a100-sxm-80gb"), ==, 2);
      g_assert_cmpint (roof_scenario_get_color (s, "nvidia-b200"), ==, 3);
    }
}

/* A colour the user chose: kept, saved as "#rrggbb" in chart.colors, read
 * back; a malformed one is refused with the field's name. */
static void
test_scenario_custom_colors (void)
{
  g_autoptr (RoofScenario) s = roof_scenario_new_default ();
  g_autoptr (RoofScenario) back = NULL;
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *text = NULL;
  guint32 rgb = 0;
  guint changes = 0;

  g_assert_false (roof_scenario_get_custom_color (s, "nvidia-h100-sxm", &rgb));
  g_signal_connect_swapped (s, "changed", G_CALLBACK (count_signal), &changes);
  roof_scenario_set_custom_color (s, "nvidia-h100-sxm", 0x12ab34);
  roof_scenario_set_custom_color (s, "nvidia-h100-sxm", 0x12ab34); /* no change */
  g_assert_cmpuint (changes, ==, 1);
  g_assert_true (roof_scenario_get_custom_color (s, "nvidia-h100-sxm", &rgb));
  g_assert_cmphex (rgb, ==, 0x12ab34);

  node = roof_scenario_to_json (s, NULL);
  text = json_to_string (node, FALSE);
  g_assert_nonnull (strstr (text, "\"colors\":{\"nvidia-h100-sxm\":\"#12ab34\"}"));
  back = roof_scenario_load_data (text, -1, "test.json", catalog, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (roof_scenario_get_custom_color (back, "nvidia-h100-sxm", &rgb));
  g_assert_cmphex (rgb, ==, 0x12ab34);

  /* back to the palette: the field goes */
  roof_scenario_set_custom_color (s, "nvidia-h100-sxm", -1);
  g_assert_cmpuint (changes, ==, 2);
  g_clear_pointer (&node, json_node_unref);
  g_clear_pointer (&text, g_free);
  node = roof_scenario_to_json (s, NULL);
  text = json_to_string (node, FALSE);
  g_assert_null (strstr (text, "colors"));

  g_clear_object (&back);
  back = roof_scenario_load_data ("{\"format\": \"roofline-scenario\", \"version\": 2, "
                                  "\"hardware\": [\"nvidia-h100-sxm\"], \"model\": \"llama-3.1-8b\", "
                                  "\"chart\": {\"colors\": {\"nvidia-h100-sxm\": \"#12ab3\"}}}",
                                  -1, "bad.json", catalog, NULL, &error);
  g_assert_null (back);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "chart.colors.nvidia-h100-sxm must be a colour"));
}

/* "Did you mean": Levenshtein distances counted by hand. */
static void
test_edit_distance (void)
{
  /* kitten → sitting: k→s, e→i, insert g */
  g_assert_cmpuint (roof_edit_distance ("kitten", "sitting", FALSE), ==, 3);
  g_assert_cmpuint (roof_edit_distance ("", "abc", FALSE), ==, 3);
  g_assert_cmpuint (roof_edit_distance ("abc", "", TRUE), ==, 3);
  /* case is five substitutions, or nothing when folded */
  g_assert_cmpuint (roof_edit_distance ("BATCH", "batch", FALSE), ==, 5);
  g_assert_cmpuint (roof_edit_distance ("BATCH", "batch", TRUE), ==, 0);
  /* Solv → solve: S→s and insert e; folded, only the insertion */
  g_assert_cmpuint (roof_edit_distance ("Solv", "solve", FALSE), ==, 2);
  g_assert_cmpuint (roof_edit_distance ("Solv", "solve", TRUE), ==, 1);

  /* the first of the closest wins; nothing at or past the limit */
  const char *best = NULL;
  guint best_d = 3;
  roof_edit_distance_consider ("tq", "tp", FALSE, &best, &best_d); /* 1 */
  roof_edit_distance_consider ("tq", "ep", FALSE, &best, &best_d); /* 2 */
  roof_edit_distance_consider ("tq", "tz", FALSE, &best, &best_d); /* 1, a tie */
  g_assert_cmpstr (best, ==, "tp");
  g_assert_cmpuint (best_d, ==, 1);
  best = NULL, best_d = 3;
  roof_edit_distance_consider ("kv", "batch", FALSE, &best, &best_d); /* 5 */
  roof_edit_distance_consider ("kv", "KV", FALSE, &best, &best_d);    /* 2 */
  g_assert_cmpstr (best, ==, "KV");
  roof_edit_distance_consider ("kv", "model", FALSE, &best, &best_d); /* 5 */
  g_assert_cmpstr (best, ==, "KV");
  best = NULL, best_d = 2;
  roof_edit_distance_consider ("kv", "KV", FALSE, &best, &best_d); /* 2: not below 2 */
  g_assert_null (best);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/catalog/builtin/counts", test_builtin_counts);
  g_test_add_func ("/catalog/scenario-colors-order", test_scenario_colors_order);
  g_test_add_func ("/catalog/scenario-custom-colors", test_scenario_custom_colors);
  g_test_add_func ("/catalog/builtin/no-warnings", test_builtin_no_warnings);
  g_test_add_func ("/catalog/builtin/conversions", test_conversions);
  g_test_add_func ("/catalog/builtin/capacity-units", test_capacity_units);
  g_test_add_func ("/catalog/builtin/params-published", test_params_match_published);
  g_test_add_func ("/catalog/builtin/params-formula", test_params_formula);
  g_test_add_func ("/catalog/builtin/model-fields", test_model_fields);
  g_test_add_func ("/catalog/model/inference", test_model_inference);
  g_test_add_func ("/catalog/lookup", test_lookup);
  g_test_add_func ("/catalog/overlay", test_overlay);
  g_test_add_func ("/catalog/unknown-fields", test_unknown_fields);
  g_test_add_func ("/catalog/spec/setters", test_setters);
  g_test_add_func ("/catalog/spec/reset", test_reset);
  g_test_add_func ("/catalog/spec/duplicate", test_duplicate);
  g_test_add_func ("/catalog/spec/replace-json", test_replace_json);
  g_test_add_func ("/catalog/custom-document", test_custom_document);
  g_test_add_func ("/catalog/schema", test_schema);
  g_test_add_func ("/catalog/finalize", test_finalize);
  g_test_add_func ("/catalog/entry-changed", test_entry_changed);
  g_test_add_func ("/catalog/scenario-colors", test_scenario_colors);
  g_test_add_func ("/catalog/edit-distance", test_edit_distance);

  return g_test_run ();
}
