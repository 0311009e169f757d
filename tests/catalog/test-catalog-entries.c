/* test-catalog-entries.c — free ids, placeholders, copies, the default model, file kinds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "catalog-test-util.h"

#include <string.h>

#include "roof-catalog-entries.h"
#include "roof-scenario.h"

/* ------------------------------------------------------------------------ */
/* Ids                                                                      */

static void
test_free_id (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autofree char *free_model = roof_catalog_free_id (catalog, ROOF_ENTRY_MODEL, "new-model");
  g_autofree char *taken = roof_catalog_free_id (catalog, ROOF_ENTRY_HARDWARE, "nvidia-h100-sxm");
  g_autofree char *other_kind = NULL;
  g_autofree char *after_two = NULL;

  g_assert_cmpstr (free_model, ==, "new-model");
  g_assert_cmpstr (taken, ==, "nvidia-h100-sxm-2");
  /* ids are unique per kind: a model's id is free for a device */
  other_kind = roof_catalog_free_id (catalog, ROOF_ENTRY_HARDWARE, "llama-3.1-70b");
  g_assert_cmpstr (other_kind, ==, "llama-3.1-70b");

  g_assert_nonnull (roof_catalog_add_placeholder (catalog, ROOF_ENTRY_HARDWARE));
  g_assert_nonnull (roof_catalog_add_placeholder (catalog, ROOF_ENTRY_HARDWARE));
  after_two = roof_catalog_free_id (catalog, ROOF_ENTRY_HARDWARE, "new-accelerator");
  g_assert_cmpstr (after_two, ==, "new-accelerator-3");
}

static gboolean
taken_in_set (const char *id, gpointer user_data)
{
  return g_hash_table_contains (user_data, id);
}

static void
test_free_id_numbering (void)
{
  g_autoptr (GHashTable) set = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *long_base = g_strnfill (70, 'a');
  g_autofree char *first_free = NULL;
  g_autofree char *from_two = NULL;
  g_autofree char *shortened = NULL;
  guint n = 0;

  g_hash_table_add (set, "x");
  g_hash_table_add (set, "x-2");
  g_hash_table_add (set, "x-3");
  first_free = roof_free_id ("x", 1, taken_in_set, set, &n);
  g_assert_cmpstr (first_free, ==, "x-4");
  g_assert_cmpuint (n, ==, 4);
  /* a merge's "keep both" starts at 2 even when the base itself is free */
  from_two = roof_free_id ("y", 2, taken_in_set, set, &n);
  g_assert_cmpstr (from_two, ==, "y-2");
  g_assert_cmpuint (n, ==, 2);

  /* room is left for "-NNNN": the id stays valid whatever the number */
  shortened = roof_free_id (long_base, 1, taken_in_set, set, &n);
  g_assert_cmpuint (strlen (shortened), ==, ROOF_SPEC_ID_MAX - 5);
  g_assert_true (roof_spec_id_is_valid (shortened));
  g_assert_cmpuint (n, ==, 1);
}

/* ------------------------------------------------------------------------ */
/* Placeholders                                                             */

static void
test_placeholder_hardware (void)
{
  g_autoptr (RoofSpec) spec = roof_spec_new_placeholder (ROOF_ENTRY_HARDWARE, "my-gpu");
  const RoofHardwareParams *hw;

  g_assert_true (ROOF_IS_HARDWARE_SPEC (spec));
  g_assert_cmpstr (roof_spec_get_id (spec), ==, "my-gpu");
  g_assert_cmpstr (roof_spec_get_name (spec), ==, "New accelerator");
  g_assert_false (roof_spec_get_builtin (spec));
  g_assert_true (strstr (roof_spec_get_notes (spec), "Placeholder") != NULL);
  hw = roof_hardware_spec_get_params (ROOF_HARDWARE_SPEC (spec));
  catalog_test_assert_rel (hw->mem_capacity, 80e9, 1e-12);
  catalog_test_assert_rel (hw->mem_bw, 3000e9, 1e-12);
  catalog_test_assert_rel (hw->peak_flops[ROOF_PREC_BF16], 1000e12, 1e-12);
  catalog_test_assert_rel (hw->peak_flops[ROOF_PREC_FP16], 1000e12, 1e-12);
  catalog_test_assert_rel (hw->peak_flops[ROOF_PREC_FP8], 2000e12, 1e-12);
  catalog_test_assert_rel (hw->link_bw, 450e9, 1e-12);
}

static void
test_placeholder_model (void)
{
  g_autoptr (RoofSpec) spec = roof_spec_new_placeholder (ROOF_ENTRY_MODEL, "my-model");
  const RoofModelDerived *derived;

  g_assert_true (ROOF_IS_MODEL_SPEC (spec));
  g_assert_cmpstr (roof_spec_get_name (spec), ==, "New model");
  derived = roof_model_spec_get_derived (ROOF_MODEL_SPEC (spec));
  /* Llama 3.1 8B's shape: V·d twice (untied), 32 layers of GQA attention
   * (d² + 2·d·1024 + d²), a gated FFN (3·d·14336) and two norms, a final
   * norm: 8,030,261,248, its published count */
  g_assert_cmpfloat (derived->p_total_derived, ==, 8030261248.0);
  g_assert_cmpfloat (derived->layers, ==, 32);
}

static void
test_add_placeholder (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  guint before = g_list_model_get_n_items (roof_catalog_get_models (catalog));
  RoofSpec *first = roof_catalog_add_placeholder (catalog, ROOF_ENTRY_MODEL);
  RoofSpec *second = roof_catalog_add_placeholder (catalog, ROOF_ENTRY_MODEL);

  g_assert_cmpstr (roof_spec_get_id (first), ==, "new-model");
  g_assert_cmpstr (roof_spec_get_id (second), ==, "new-model-2");
  g_assert_true (ROOF_SPEC (roof_catalog_find_model (catalog, "new-model-2")) == second);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_models (catalog)), ==, before + 2);
  g_assert_null (roof_catalog_find_hardware (catalog, "new-model"));
}

/* ------------------------------------------------------------------------ */
/* Copies                                                                   */

static void
test_duplicate (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  RoofSpec *h100 = ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-h100-sxm"));
  g_autofree char *first = roof_catalog_duplicate_entry (catalog, h100);
  g_autofree char *second = roof_catalog_duplicate_entry (catalog, h100);
  g_autofree char *of_copy = NULL;
  RoofSpec *copy;

  g_assert_cmpstr (first, ==, "nvidia-h100-sxm-custom");
  g_assert_cmpstr (second, ==, "nvidia-h100-sxm-custom-2");
  copy = ROOF_SPEC (roof_catalog_find_hardware (catalog, first));
  g_assert_nonnull (copy);
  g_assert_cmpstr (roof_spec_get_name (copy), ==, "NVIDIA H100 SXM5 80 GB (custom)");
  g_assert_false (roof_spec_get_builtin (copy));
  g_assert_cmpfloat (roof_hardware_spec_get_params (ROOF_HARDWARE_SPEC (copy))->mem_bw, ==,
                     roof_hardware_spec_get_params (ROOF_HARDWARE_SPEC (h100))->mem_bw);
  copy = ROOF_SPEC (roof_catalog_find_hardware (catalog, second));
  g_assert_cmpstr (roof_spec_get_name (copy), ==, "NVIDIA H100 SXM5 80 GB (custom 2)");

  /* a copy of a copy counts on from the original, and is named after it */
  of_copy = roof_catalog_duplicate_entry (catalog, copy);
  g_assert_cmpstr (of_copy, ==, "nvidia-h100-sxm-custom-3");
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (roof_catalog_find_hardware (catalog, of_copy))),
                   ==, "NVIDIA H100 SXM5 80 GB (custom 3)");
}

static void
test_duplicate_custom_word (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofSpec) a = roof_spec_new_placeholder (ROOF_ENTRY_HARDWARE, "gpu-custom-a");
  g_autoptr (RoofSpec) b = roof_spec_new_placeholder (ROOF_ENTRY_HARDWARE, "gpu-customised");
  g_autofree char *copy_a = NULL;
  g_autofree char *copy_b = NULL;

  /* "-custom" is an earlier copy's only at the end, or before "-<number>" */
  roof_catalog_add_hardware (catalog, ROOF_HARDWARE_SPEC (a));
  roof_catalog_add_hardware (catalog, ROOF_HARDWARE_SPEC (b));
  copy_a = roof_catalog_duplicate_entry (catalog, a);
  copy_b = roof_catalog_duplicate_entry (catalog, b);
  g_assert_cmpstr (copy_a, ==, "gpu-custom-a-custom");
  g_assert_cmpstr (copy_b, ==, "gpu-customised-custom");
}

static void
test_duplicate_model_without_original (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  RoofSpec *llama = ROOF_SPEC (roof_catalog_find_model (catalog, "llama-3.1-70b"));
  g_autofree char *copy_id = roof_catalog_duplicate_entry (catalog, llama);
  g_autoptr (RoofSpec) copy = g_object_ref (ROOF_SPEC (roof_catalog_find_model (catalog, copy_id)));
  g_autofree char *again = NULL;

  g_assert_cmpstr (copy_id, ==, "llama-3.1-70b-custom");
  g_assert_true (roof_spec_set_string (copy, "name", "Mine", NULL));
  roof_catalog_remove_model (catalog, "llama-3.1-70b");
  again = roof_catalog_duplicate_entry (catalog, copy);
  g_assert_cmpstr (again, ==, "llama-3.1-70b-custom-2");
  /* the original gone, the copy is named after the entry copied */
  g_assert_cmpstr (roof_spec_get_name (ROOF_SPEC (roof_catalog_find_model (catalog, again))), ==,
                   "Mine (custom 2)");
}

/* ------------------------------------------------------------------------ */
/* The default model                                                        */

static void
test_default_model (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofCatalog) empty = roof_catalog_new ();
  g_autoptr (RoofScenario) scenario = roof_scenario_new_default ();
  g_autoptr (RoofSpec) first = NULL;

  g_assert_cmpstr (roof_catalog_get_default_model (catalog), ==, "llama-3.1-70b");
  /* a new scenario shows the model a deleted one falls back to */
  g_assert_cmpstr (roof_scenario_get_model (scenario), ==, ROOF_DEFAULT_MODEL);

  roof_catalog_remove_model (catalog, "llama-3.1-70b");
  first = g_list_model_get_item (roof_catalog_get_models (catalog), 0);
  g_assert_cmpstr (roof_catalog_get_default_model (catalog), ==, roof_spec_get_id (first));
  g_assert_cmpstr (roof_catalog_get_default_model (catalog), !=, "llama-3.1-70b");

  g_assert_null (roof_catalog_get_default_model (empty));
}

/* ------------------------------------------------------------------------ */
/* File kinds                                                               */

static void
test_sniff (void)
{
  static const struct
  {
    const char *text;
    RoofFileKind kind;
  } cases[] = {
    { "{\"format\": \"roofline-catalog\", \"version\": 2, \"hardware\": []}",
      ROOF_FILE_KIND_CATALOG },
    { "{\"format\": \"roofline-scenario\", \"version\": 2}", ROOF_FILE_KIND_SCENARIO },
    /* only the tag counts: the rest is the loader's to judge */
    { "{\"format\": \"roofline-catalog\", \"version\": \"two\"}", ROOF_FILE_KIND_CATALOG },
    { "\n  {\n  \"models\": [],\n  \"format\": \"roofline-catalog\"\n}\n", ROOF_FILE_KIND_CATALOG },
    { "{\"format\": \"roofline-catalogue\"}", ROOF_FILE_KIND_UNKNOWN },
    { "{\"format\": \"Roofline-Catalog\"}", ROOF_FILE_KIND_UNKNOWN },
    { "{\"format\": 1}", ROOF_FILE_KIND_UNKNOWN },
    { "{\"format\": [\"roofline-catalog\"]}", ROOF_FILE_KIND_UNKNOWN },
    { "{\"hardware\": []}", ROOF_FILE_KIND_UNKNOWN },
    { "[{\"format\": \"roofline-catalog\"}]", ROOF_FILE_KIND_UNKNOWN },
    { "{\"format\": \"roofline-catalog\",", ROOF_FILE_KIND_UNKNOWN },
    { "", ROOF_FILE_KIND_UNKNOWN },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].text);
      g_assert_cmpint (roof_file_kind_sniff (cases[i].text, -1), ==, cases[i].kind);
    }
  /* `length` is honoured: the tag cut off is no tag */
  g_assert_cmpint (roof_file_kind_sniff ("{\"format\": \"roofline-scenario\"}", 10), ==,
                   ROOF_FILE_KIND_UNKNOWN);
  g_assert_cmpint (roof_file_kind_sniff (NULL, 0), ==, ROOF_FILE_KIND_UNKNOWN);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/catalog-entries/free-id", test_free_id);
  g_test_add_func ("/catalog-entries/free-id-numbering", test_free_id_numbering);
  g_test_add_func ("/catalog-entries/placeholder-hardware", test_placeholder_hardware);
  g_test_add_func ("/catalog-entries/placeholder-model", test_placeholder_model);
  g_test_add_func ("/catalog-entries/add-placeholder", test_add_placeholder);
  g_test_add_func ("/catalog-entries/duplicate", test_duplicate);
  g_test_add_func ("/catalog-entries/duplicate-custom-word", test_duplicate_custom_word);
  g_test_add_func ("/catalog-entries/duplicate-model-without-original",
                   test_duplicate_model_without_original);
  g_test_add_func ("/catalog-entries/default-model", test_default_model);
  g_test_add_func ("/catalog-entries/sniff", test_sniff);

  return g_test_run ();
}
