/* fuzz-catalog.c — the catalog loader on arbitrary bytes, and its round trip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A load either fails with a catalog error and leaves the catalog as it was
 * (all or nothing), or succeeds; then the entries, saved as the app saves
 * them (roof_json_to_string), must load again and compare equal by value,
 * both as JSON and as the solver parameters they compile to.
 */
#include <math.h>
#include <string.h>

#include "fuzz-common.h"
#include "roof-catalog-private.h"
#include "roof-catalog.h"
#include "roof-json.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_setup_glib ();
  return 0;
}

static GPtrArray *
items (GListModel *list)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = g_list_model_get_n_items (list);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (out, g_list_model_get_item (list, i));
  return out;
}

static gboolean
same_double (double a, double b)
{
  /* −0 and 0 compile alike; NaN never gets past validation */
  return a == b;
}

static void
compare_hardware (RoofHardwareSpec *a, RoofHardwareSpec *b)
{
  const RoofHardwareParams *p = roof_hardware_spec_get_params (a);
  const RoofHardwareParams *q = roof_hardware_spec_get_params (b);
  const char *id = roof_spec_get_id (ROOF_SPEC (a));

  for (int i = 0; i < ROOF_PREC_COUNT; i++)
    if (!same_double (p->peak_flops[i], q->peak_flops[i]))
      fuzz_fail ("hardware %s: peak_flops[%d] %.17g became %.17g", id, i, p->peak_flops[i],
                 q->peak_flops[i]);
  if (!same_double (p->mem_bw, q->mem_bw) || !same_double (p->mem_capacity, q->mem_capacity)
      || !same_double (p->usable_fraction, q->usable_fraction) || p->n_caches != q->n_caches
      || !same_double (p->link_bw, q->link_bw) || !same_double (p->link_latency, q->link_latency)
      || p->has_price != q->has_price || !same_double (p->price_per_hour, q->price_per_hour)
      || !same_double (p->eff_compute, q->eff_compute)
      || !same_double (p->eff_memory, q->eff_memory))
    fuzz_fail ("hardware %s: compiled parameters changed in the round trip", id);
  for (int i = 0; i < p->n_caches && i < ROOF_MAX_CACHES; i++)
    if (!same_double (p->caches[i].capacity, q->caches[i].capacity)
        || !same_double (p->caches[i].bandwidth, q->caches[i].bandwidth))
      fuzz_fail ("hardware %s: cache %d changed in the round trip", id, i);
}

static void
compare_model (RoofModelSpec *a, RoofModelSpec *b)
{
  const RoofModelDerived *p = roof_model_spec_get_derived (a);
  const RoofModelDerived *q = roof_model_spec_get_derived (b);
  const char *id = roof_spec_get_id (ROOF_SPEC (a));

  if (!same_double (p->p_total, q->p_total) || !same_double (p->p_active, q->p_active)
      || !same_double (p->kv_elems_per_token, q->kv_elems_per_token)
      || !same_double (p->p_mm_active, q->p_mm_active)
      || !same_double (p->attn_flop_per_ctx, q->attn_flop_per_ctx) || p->is_moe != q->is_moe
      || p->kind != q->kind)
    fuzz_fail ("model %s: derived parameters changed in the round trip", id);
}

static void
compare_system (RoofSystemSpec *a, RoofSystemSpec *b)
{
  double pa = 0, pb = 0;

  if (roof_system_spec_get_size (a) != roof_system_spec_get_size (b)
      || roof_system_spec_get_topology (a) != roof_system_spec_get_topology (b)
      || roof_system_spec_get_collective (a) != roof_system_spec_get_collective (b)
      || !same_double (roof_system_spec_get_power (a), roof_system_spec_get_power (b))
      || roof_system_spec_get_price (a, &pa) != roof_system_spec_get_price (b, &pb)
      || !same_double (pa, pb))
    fuzz_fail ("system %s: compiled figures changed in the round trip",
               roof_spec_get_id (ROOF_SPEC (a)));
}

static void
compare_lists (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    fuzz_fail ("%u entries became %u in the round trip", a->len, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      RoofSpec *x = g_ptr_array_index (a, i);
      RoofSpec *y = g_ptr_array_index (b, i);
      g_autoptr (JsonObject) jx = roof_spec_to_json (x);
      g_autoptr (JsonObject) jy = roof_spec_to_json (y);

      if (g_strcmp0 (roof_spec_get_id (x), roof_spec_get_id (y)) != 0)
        fuzz_fail ("entry %u: id \"%s\" became \"%s\"", i, roof_spec_get_id (x),
                   roof_spec_get_id (y));
      if (!roof_json_object_equal (jx, jy))
        fuzz_fail ("entry \"%s\" differs by value after the round trip", roof_spec_get_id (x));
      if (ROOF_IS_HARDWARE_SPEC (x))
        compare_hardware (ROOF_HARDWARE_SPEC (x), ROOF_HARDWARE_SPEC (y));
      else if (ROOF_IS_SYSTEM_SPEC (x))
        compare_system (ROOF_SYSTEM_SPEC (x), ROOF_SYSTEM_SPEC (y));
      else
        compare_model (ROOF_MODEL_SPEC (x), ROOF_MODEL_SPEC (y));
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (RoofCatalog) catalog = roof_catalog_new ();
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;

  if (!roof_catalog_load_data (catalog, (const char *) data, (gssize) size, "fuzz.json",
                               warnings, &error))
    {
      if (error == NULL || error->domain != ROOF_CATALOG_ERROR || error->message[0] == '\0')
        fuzz_fail ("a failed load must set a catalog error with a message");
      if (g_list_model_get_n_items (roof_catalog_get_hardware (catalog)) != 0
          || g_list_model_get_n_items (roof_catalog_get_models (catalog)) != 0
          || g_list_model_get_n_items (roof_catalog_get_systems (catalog)) != 0)
        fuzz_fail ("a failed load changed the catalog: %s", error->message);
      return 0;
    }

  g_autoptr (GPtrArray) hardware = items (roof_catalog_get_hardware (catalog));
  g_autoptr (GPtrArray) models = items (roof_catalog_get_models (catalog));
  g_autoptr (GPtrArray) systems = items (roof_catalog_get_systems (catalog));
  g_autoptr (JsonNode) doc = roof_catalog_build_document_with_systems (hardware, models, systems);
  g_autofree char *text = roof_json_to_string (doc, TRUE);
  g_autoptr (RoofCatalog) again = roof_catalog_new ();
  g_autoptr (GError) error2 = NULL;

  if (!roof_catalog_load_data (again, text, -1, "saved.json", NULL, &error2))
    fuzz_fail ("a loaded catalog, saved, does not load again: %s\n--- saved:\n%s",
               error2->message, text);

  g_autoptr (GPtrArray) hardware2 = items (roof_catalog_get_hardware (again));
  g_autoptr (GPtrArray) models2 = items (roof_catalog_get_models (again));
  g_autoptr (GPtrArray) systems2 = items (roof_catalog_get_systems (again));
  compare_lists (hardware, hardware2);
  compare_lists (models, models2);
  compare_lists (systems, systems2);

  /* the saved text is a fixed point: saving the reloaded entries gives it back */
  g_autoptr (JsonNode) doc2 = roof_catalog_build_document_with_systems (hardware2, models2,
                                                                         systems2);
  g_autofree char *text2 = roof_json_to_string (doc2, TRUE);
  if (strcmp (text, text2) != 0)
    fuzz_fail ("saving is not idempotent:\n--- first:\n%s\n--- second:\n%s", text, text2);
  return 0;
}
