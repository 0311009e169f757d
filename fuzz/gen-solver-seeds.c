/* gen-solver-seeds.c — fuzz/corpus/fuzz-solver/ from the built-in catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: gen-solver-seeds DIR
 *
 * Writes one seed per built-in device (paired with the models in turn) and
 * one per built-in model (paired with the devices in turn), each with a
 * workload and an SLA that vary with the pair, in the byte format of
 * fuzz-solver-io.h. Rerun it when that format or the catalog changes.
 */
#include <stdio.h>
#include <string.h>

#include "fuzz-solver-io.h"
#include "roof-catalog.h"

static void
write_seed (const char *dir, RoofHardwareSpec *h, RoofModelSpec *m, guint variant)
{
  RoofHardwareParams hw = *roof_hardware_spec_get_params (h);
  RoofModelParams model = *roof_model_spec_get_params (m);
  RoofWorkload wl;
  RoofSla sla;
  FuzzExtra x = { 0 };
  static const RoofPrecision precs[] = { ROOF_PREC_BF16, ROOF_PREC_FP8, ROOF_PREC_FP16,
                                         ROOF_PREC_INT8 };
  uint8_t buf[4096];
  FuzzIo io = { .out = buf, .cap = sizeof buf };

  roof_workload_init (&wl);
  wl.phase = variant % 3 == 2 ? ROOF_PHASE_PREFILL : ROOF_PHASE_DECODE;
  wl.batch = (double) (1u << (variant % 9));
  wl.context = 1024.0 * (1u << (variant % 6));
  wl.compute = precs[variant % G_N_ELEMENTS (precs)];
  wl.weights = wl.compute;
  wl.kv = variant % 2 ? ROOF_PREC_FP8 : ROOF_PREC_BF16;
  wl.devices = hw.link_bw > 0.0 ? (double) (1u << (variant % 4)) : 1.0;
  wl.overlap = variant % 5 == 4 ? ROOF_OVERLAP_SUM : ROOF_OVERLAP_MAX;
  wl.overhead = variant % 3 == 1 ? 20e-6 : 0.0;

  roof_sla_init (&sla);
  sla.itl = 0.05;
  sla.ttft = variant % 2 ? 2.0 : 0.0;
  sla.tokens_per_s = variant % 3 == 0 ? 1000.0 : 0.0;
  sla.max_devices = 8;

  x.step = 0.01;
  x.cost_batch = 64;
  x.sweep_axis = (int) (variant % 3);
  x.sweep_lo = 1;
  x.sweep_hi = 4096;
  x.sweep_n = 8;
  x.sweep_log = TRUE;
  x.eval_devices = 2;
  x.other_mem_bw = hw.mem_bw * 1.5;
  x.other_peak = hw.peak_flops[wl.compute] > 0.0 ? hw.peak_flops[wl.compute] * 0.7 : 1e15;
  x.other_price = 3.0;

  fuzz_io_all (&io, &hw, &model, &wl, &sla, &x);

  g_autofree char *name = g_strdup_printf ("%s--%s.bin", roof_spec_get_id (ROOF_SPEC (h)),
                                           roof_spec_get_id (ROOF_SPEC (m)));
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_file_set_contents (path, (const char *) buf, (gssize) io.len, &error))
    g_error ("%s", error->message);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofCatalog) catalog = NULL;

  if (argc != 2)
    {
      fprintf (stderr, "usage: %s DIR\n", argv[0]);
      return 2;
    }
  catalog = roof_catalog_new_builtin (&error);
  if (catalog == NULL)
    g_error ("%s", error->message);

  GListModel *hardware = roof_catalog_get_hardware (catalog);
  GListModel *models = roof_catalog_get_models (catalog);
  guint nh = g_list_model_get_n_items (hardware);
  guint nm = g_list_model_get_n_items (models);
  guint n = 0;

  g_mkdir_with_parents (argv[1], 0755);
  for (guint i = 0; i < MAX (nh, nm); i++)
    {
      g_autoptr (RoofHardwareSpec) h = g_list_model_get_item (hardware, i % nh);
      g_autoptr (RoofModelSpec) m = g_list_model_get_item (models, i % nm);
      write_seed (argv[1], h, m, i);
      n++;
    }
  /* every model on the first device too (the H100 SXM: a link, a price) */
  for (guint i = 0; i < nm; i++)
    {
      g_autoptr (RoofHardwareSpec) h = g_list_model_get_item (hardware, 0);
      g_autoptr (RoofModelSpec) m = g_list_model_get_item (models, i);
      write_seed (argv[1], h, m, i + 7);
      n++;
    }
  printf ("%u seeds in %s\n", n, argv[1]);
  return 0;
}
