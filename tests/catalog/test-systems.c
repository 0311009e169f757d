/* test-systems.c — systems in the catalog: built-in ones, conversion, errors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected figure is worked out by hand from the sources the entries
 * cite (data/catalog/systems.json), not read back from the file.
 */
#include "config.h"

#include "catalog-test-util.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "roof-catalog-merge.h"
#include "roof-catalog-private.h"
#include "roof-catalog.h"
#include "roof-json.h"
#include "roof-scenario.h"
#include "roof-test-util.h"
#include "roof-user-catalog.h"

#define HEAD "{ \"format\": \"roofline-catalog\", \"version\": 1, "

/* A valid system of 8 x nvidia-b200 plus `extra` members (json-glib keeps
 * the last of two members with the same name, so `extra` may replace one). */
#define SYSTEM(extra)                                                                              \
  "{ \"id\": \"s\", \"name\": \"S\", \"device\": \"nvidia-b200\", \"devices\": 8, "                \
  "\"scaleup\": { \"bandwidth_GBps\": 900 }" extra " }"

static void
params_of (RoofCatalog *catalog, const char *id, RoofHardwareParams *out)
{
  g_autoptr (GError) error = NULL;

  if (!roof_catalog_get_system_params (catalog, id, out, &error))
    g_error ("%s: %s", id, error->message);
}

/* Loads `text` as bad.json over the built-in catalog: refused with `message`,
 * the catalog unchanged. */
static void
expect_error (const char *text, const char *message)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  guint n = g_list_model_get_n_items (roof_catalog_get_systems (catalog));

  g_assert_false (roof_catalog_load_data (catalog, text, -1, "bad.json", NULL, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_systems (catalog)), ==, n);
  g_assert_null (roof_catalog_find_system (catalog, "s"));
}

/* ------------------------------------------------------------------------ */

static void
test_builtin_all (void)
{
  static const char *const ids[] = {
    "nvidia-hgx-h100",       "nvidia-hgx-h200",     "nvidia-hgx-b200",     "nvidia-gb200-nvl72",
    "nvidia-gb300-nvl72",    "amd-mi300x-platform", "amd-mi325x-platform", "amd-mi355x-platform",
    "intel-gaudi3-platform", "google-tpu-v5e-8",    "google-tpu-v5e-256",  "google-tpu-v5p-128",
    "google-tpu-v6e-8",      "google-tpu-v6e-256",
  };
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  GListModel *systems = roof_catalog_get_systems (catalog);

  g_assert_cmpuint (g_list_model_get_n_items (systems), ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      RoofSystemSpec *system = roof_catalog_find_system (catalog, ids[i]);
      RoofHardwareSpec *device;
      RoofHardwareParams p;
      double price;

      g_assert_nonnull (system);
      g_assert_true (roof_spec_get_builtin (ROOF_SPEC (system)));
      g_assert_false (roof_spec_get_modified (ROOF_SPEC (system)));
      g_assert_cmpint (roof_spec_get_kind (ROOF_SPEC (system)), ==, ROOF_ENTRY_SYSTEM);
      /* every system cites its figures */
      g_assert_nonnull (roof_spec_get_sources (ROOF_SPEC (system))[0]);
      device = roof_catalog_find_hardware (catalog, roof_system_spec_get_device (system));
      g_assert_nonnull (device);

      params_of (catalog, ids[i], &p);
      g_assert_cmpint (p.scaleup_size, ==, roof_system_spec_get_size (system));
      g_assert_cmpint (p.scaleup_size, >, 1);
      g_assert_cmpfloat (p.link_bw, >, 0);
      g_assert_cmpfloat (p.scaleout_bw, >, 0);
      /* the device's own figures ride along */
      g_assert_cmpfloat (p.mem_bw, ==, roof_hardware_spec_get_params (device)->mem_bw);
      g_assert_cmpfloat (p.mem_capacity, ==, roof_hardware_spec_get_params (device)->mem_capacity);
      if (roof_system_spec_get_power (system) > 0)
        catalog_test_assert_rel (p.power_w, roof_system_spec_get_power (system) / p.scaleup_size, 1e-15);
      else
        g_assert_cmpfloat (p.power_w, ==, roof_hardware_spec_get_params (device)->power_w);
      if (roof_system_spec_get_price (system, &price))
        catalog_test_assert_rel (p.price_per_hour, price / p.scaleup_size, 1e-15);
      else
        {
          g_assert_true (p.has_price == roof_hardware_spec_get_params (device)->has_price);
          g_assert_cmpfloat (p.price_per_hour, ==,
                             roof_hardware_spec_get_params (device)->price_per_hour);
        }
    }
}

/* The sourced figures, worked out by hand. */
static void
test_builtin_figures (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  RoofHardwareParams p;

  /* GB200 NVL72: 130 TB/s / 72 = 1.8 TB/s per GPU both ways = 900 GB/s per
   * direction; NVLS reduces in the switch; one 400 Gb/s NIC = 50 GB/s */
  params_of (catalog, "nvidia-gb200-nvl72", &p);
  g_assert_cmpfloat (p.link_bw, ==, 900e9);
  g_assert_cmpfloat (p.link_latency, ==, 1e-6);
  g_assert_cmpint (p.scaleup_size, ==, 72);
  g_assert_cmpint (p.topology, ==, ROOF_TOPOLOGY_SWITCH);
  g_assert_cmpint (p.collective, ==, ROOF_COLLECTIVE_SWITCH);
  g_assert_cmpfloat (p.scaleout_bw, ==, 50e9);
  g_assert_cmpfloat (p.scaleout_latency, ==, 5e-6);
  catalog_test_assert_rel (p.power_w, 120000.0 / 72, 1e-15); /* 1,666.7 W per GPU */
  /* the rack's $326.88 an hour (36 superchips × $9.08) shared by its 72 GPUs */
  g_assert_true (p.has_price);
  catalog_test_assert_rel (p.price_per_hour, 4.54, 1e-12);
  g_assert_cmpfloat (p.mem_capacity, ==, 186.0 * 1073741824.0);
  g_assert_cmpfloat (p.peak_flops[ROOF_PREC_FP4], ==, 10000e12);

  /* GB300 NVL72: the same NVLink; an 800 Gb/s ConnectX-8 = 100 GB/s; 142 kW */
  params_of (catalog, "nvidia-gb300-nvl72", &p);
  g_assert_cmpfloat (p.link_bw, ==, 900e9);
  g_assert_cmpint (p.scaleup_size, ==, 72);
  g_assert_cmpfloat (p.scaleout_bw, ==, 100e9);
  catalog_test_assert_rel (p.power_w, 142000.0 / 72, 1e-15);
  g_assert_cmpfloat (p.peak_flops[ROOF_PREC_FP4], ==, 15000e12);
  g_assert_cmpfloat (p.mem_capacity, ==, 279.0 * 1073741824.0);

  /* HGX H100: 900 GB/s bidirectional = 450 per direction; DGX H100 10.2 kW
   * / 8 = 1,275 W; AWS p5.48xlarge $39.328 / 8 = $4.916 per GPU-hour */
  params_of (catalog, "nvidia-hgx-h100", &p);
  g_assert_cmpfloat (p.link_bw, ==, 450e9);
  g_assert_cmpint (p.scaleup_size, ==, 8);
  g_assert_cmpint (p.collective, ==, ROOF_COLLECTIVE_SWITCH);
  g_assert_cmpfloat (p.power_w, ==, 1275);
  g_assert_true (p.has_price);
  catalog_test_assert_rel (p.price_per_hour, 4.916, 1e-15);
  g_assert_cmpfloat (p.mem_bw, ==, 3.35e12);

  /* HGX B200: NVLink 5, 18 x 50 GB/s = 900 per direction; DGX B200 14.3 kW;
   * no system price: the device's $5.98 per GPU-hour */
  params_of (catalog, "nvidia-hgx-b200", &p);
  g_assert_cmpfloat (p.link_bw, ==, 900e9);
  g_assert_cmpfloat (p.power_w, ==, 14300.0 / 8);
  g_assert_cmpfloat (p.price_per_hour, ==, 5.98);
  g_assert_cmpfloat (p.scaleout_bw, ==, 50e9);

  /* MI355X platform: 7 links x 76.8 GB/s = 537.6 per direction, full mesh,
   * ring; no platform power: the device's 1,400 W TBP */
  params_of (catalog, "amd-mi355x-platform", &p);
  catalog_test_assert_rel (p.link_bw, 537.6e9, 1e-15);
  g_assert_cmpint (p.topology, ==, ROOF_TOPOLOGY_MESH);
  g_assert_cmpint (p.collective, ==, ROOF_COLLECTIVE_RING);
  g_assert_cmpfloat (p.power_w, ==, 1400);
  g_assert_false (p.has_price);

  /* MI300X platform: 7 x 64 = 448 GB/s per direction */
  params_of (catalog, "amd-mi300x-platform", &p);
  g_assert_cmpfloat (p.link_bw, ==, 448e9);
  g_assert_cmpfloat (p.price_per_hour, ==, 1.71);

  /* Gaudi 3: 21 of 24 ports x 25 GB/s = 525 scale-up, 3 x 25 = 75 scale-out */
  params_of (catalog, "intel-gaudi3-platform", &p);
  g_assert_cmpfloat (p.link_bw, ==, 525e9);
  g_assert_cmpfloat (p.scaleout_bw, ==, 75e9);
  g_assert_cmpint (p.topology, ==, ROOF_TOPOLOGY_MESH);
  g_assert_cmpfloat (p.power_w, ==, 900);

  /* TPU v5p-128: 64 chips; ICI 1,200 GBps bidirectional = 600 per direction;
   * DCN 50 Gb/s = 6.25 GB/s; the chip's $4 per hour */
  params_of (catalog, "google-tpu-v5p-128", &p);
  g_assert_cmpint (p.scaleup_size, ==, 64);
  g_assert_cmpfloat (p.link_bw, ==, 600e9);
  g_assert_cmpint (p.topology, ==, ROOF_TOPOLOGY_TORUS);
  g_assert_cmpfloat (p.scaleout_bw, ==, 6.25e9);
  g_assert_cmpfloat (p.price_per_hour, ==, 4);

  /* TPU v6e-256: 800 GBps bidirectional = 400; DCN 100 Gb/s = 12.5 GB/s */
  params_of (catalog, "google-tpu-v6e-256", &p);
  g_assert_cmpint (p.scaleup_size, ==, 256);
  g_assert_cmpfloat (p.link_bw, ==, 400e9);
  g_assert_cmpfloat (p.scaleout_bw, ==, 12.5e9);
  g_assert_cmpfloat (p.price_per_hour, ==, 2.7);

  /* TPU v5e-8: 400 GBps bidirectional = 200; DCN 25 Gb/s = 3.125 GB/s */
  params_of (catalog, "google-tpu-v5e-8", &p);
  g_assert_cmpint (p.scaleup_size, ==, 8);
  g_assert_cmpfloat (p.link_bw, ==, 200e9);
  g_assert_cmpfloat (p.scaleout_bw, ==, 3.125e9);
}

/* What the catalog gives, the solver takes: the GB200 NVL72 example
 * (DeepSeek-V3, EP 72, fp8, batch 1, context 1) and TP 8 on an HGX H200. */
static void
test_solver_accepts (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  const RoofModelDerived *md
    = roof_model_spec_get_derived (roof_catalog_find_model (catalog, "deepseek-v3"));
  RoofHardwareParams p;
  RoofWorkload wl;
  RoofResult r;
  RoofError err = { 0 };

  params_of (catalog, "nvidia-gb200-nvl72", &p);
  roof_workload_init (&wl);
  wl.ep = 72;
  wl.batch = 1;
  wl.context = 1;
  wl.weights = wl.kv = wl.compute = ROOF_PREC_FP8;
  if (roof_solve (&p, md, &wl, &r, &err) != ROOF_OK)
    g_error ("GB200 NVL72, EP 72: %s", err.message);
  g_assert_cmpfloat (r.t_step, >, 0);
  g_assert_cmpfloat (r.t_step, <, 17e-3); /* the ring's 17 ms the issue reports */

  params_of (catalog, "nvidia-hgx-h200", &p);
  roof_workload_init (&wl);
  wl.devices = 8;
  wl.weights = wl.kv = wl.compute = ROOF_PREC_FP8;
  if (roof_solve (&p, md, &wl, &r, &err) != ROOF_OK)
    g_error ("HGX H200, TP 8: %s", err.message);
  g_assert_true (r.fits); /* 671e9 B of fp8 weights in 8 x 0.9 x 150.75e9 B */
  g_assert_true (r.has_cost);
}

/* Defaults, a domain of one, and the device that must match. */
static void
test_conversion (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  RoofHardwareParams p;
  RoofSystemSpec *system;

  g_assert_true (roof_catalog_load_data (
      catalog,
      HEAD
      "\"systems\": [ "
      "{ \"id\": \"bare\", \"name\": \"Bare\", \"device\": \"nvidia-l40s\", \"devices\": 8, "
      "  \"scaleup\": { \"bandwidth_GBps\": 100 }, \"price_usd_per_hour\": 16, "
      "  \"scaleout\": { \"bandwidth_GBps\": 25 } }, "
      "{ \"id\": \"one\", \"name\": \"One\", \"device\": \"nvidia-h100-sxm\", \"devices\": 1 } ] }",
      -1, "mine.json", NULL, &error));
  g_assert_no_error (error);

  /* defaults: 1 µs, switch, ring, scale-out 5 µs; $16 / 8 = $2 per device-hour */
  params_of (catalog, "bare", &p);
  g_assert_cmpfloat (p.link_bw, ==, 100e9);
  g_assert_cmpfloat (p.link_latency, ==, 1e-6);
  g_assert_cmpint (p.topology, ==, ROOF_TOPOLOGY_SWITCH);
  g_assert_cmpint (p.collective, ==, ROOF_COLLECTIVE_RING);
  g_assert_cmpfloat (p.scaleout_bw, ==, 25e9);
  g_assert_cmpfloat (p.scaleout_latency, ==, 5e-6);
  g_assert_true (p.has_price);
  g_assert_cmpfloat (p.price_per_hour, ==, 2);
  g_assert_cmpfloat (p.power_w, ==, 350); /* the L40S's TDP */

  /* a domain of one: no scale-up fabric, the device's own link stays;
   * no scale-out network: 0 */
  params_of (catalog, "one", &p);
  g_assert_cmpint (p.scaleup_size, ==, 1);
  g_assert_cmpfloat (p.link_bw, ==, 450e9);
  g_assert_cmpfloat (p.scaleout_bw, ==, 0);
  g_assert_cmpfloat (p.price_per_hour, ==, 2.69);

  /* the device must be the one the system names */
  system = roof_catalog_find_system (catalog, "one");
  g_assert_false (roof_system_spec_get_params (
      system, roof_catalog_find_hardware (catalog, "nvidia-b200"), &p, &error));
  g_assert_cmpstr (error->message, ==,
                   "system \"one\": is built from \"nvidia-h100-sxm\", not \"nvidia-b200\"");
  g_clear_error (&error);

  /* a device a system is built from is not removed */
  g_assert_true (roof_catalog_get_device_user (catalog, "nvidia-l40s")
                 == roof_catalog_find_system (catalog, "bare"));
  g_assert_null (roof_catalog_get_device_user (catalog, "nvidia-a10g"));
  g_assert_false (roof_catalog_remove_hardware (catalog, "nvidia-l40s"));
  g_assert_nonnull (roof_catalog_find_hardware (catalog, "nvidia-l40s"));

  /* a system whose device went away another way (its device field edited) */
  g_assert_true (roof_spec_set_string (ROOF_SPEC (roof_catalog_find_system (catalog, "bare")),
                                       "device", "nvidia-l40t", &error));
  g_assert_no_error (error);
  g_assert_true (roof_catalog_remove_hardware (catalog, "nvidia-l40s"));
  g_assert_false (roof_catalog_get_system_params (catalog, "bare", &p, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==,
                   "system \"bare\": device \"nvidia-l40t\" names no hardware entry");
  g_clear_error (&error);

  /* an unknown system, with a suggestion */
  g_assert_false (roof_catalog_get_system_params (catalog, "nvidia-gb200-nvl27", &p, &error));
  g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==,
                   "no system with id \"nvidia-gb200-nvl27\"; did you mean "
                   "\"nvidia-gb200-nvl72\"?");
}

static void
test_errors (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    /* a device no catalog has, with the closest id */
    { HEAD "\"systems\": [ " SYSTEM (", \"device\": \"nvidia-b201\"") " ] }",
      "bad.json: systems[0] \"s\": device \"nvidia-b201\" names no hardware entry; did you mean "
      "\"nvidia-b200\"?" },
    { HEAD "\"systems\": [ " SYSTEM (", \"device\": \"zzzzzzzzzzzzzzzzzzzzzzz\"") " ] }",
      "bad.json: systems[0] \"s\": device \"zzzzzzzzzzzzzzzzzzzzzzz\" names no hardware entry" },
    { HEAD "\"systems\": [ " SYSTEM (", \"device\": 7") " ] }",
      "bad.json: systems[0] \"s\": device must be a string, got a number" },
    { HEAD "\"systems\": [ { \"id\": \"s\", \"name\": \"S\", \"devices\": 1 } ] }",
      "bad.json: systems[0] \"s\": device is required" },
    /* N < 1, N not whole */
    { HEAD "\"systems\": [ " SYSTEM (", \"devices\": 0") " ] }",
      "bad.json: systems[0] \"s\": devices must be at least 1, got 0" },
    { HEAD "\"systems\": [ " SYSTEM (", \"devices\": 2.5") " ] }",
      "bad.json: systems[0] \"s\": devices must be a whole number, got 2.5" },
    { HEAD "\"systems\": [ { \"id\": \"s\", \"name\": \"S\", \"device\": \"nvidia-b200\" } ] }",
      "bad.json: systems[0] \"s\": devices is required" },
    /* a fabric without bandwidth, and N > 1 without a fabric */
    { HEAD "\"systems\": [ " SYSTEM (", \"scaleup\": { \"name\": \"NVLink\" }") " ] }",
      "bad.json: systems[0] \"s\": scaleup.bandwidth_GBps is required" },
    { HEAD "\"systems\": [ { \"id\": \"s\", \"name\": \"S\", \"device\": \"nvidia-b200\", "
           "\"devices\": 8 } ] }",
      "bad.json: systems[0] \"s\": scaleup.bandwidth_GBps is required" },
    { HEAD "\"systems\": [ " SYSTEM (", \"scaleup\": { \"bandwidth_GBps\": 0 }") " ] }",
      "bad.json: systems[0] \"s\": scaleup.bandwidth_GBps must be > 0, got 0" },
    { HEAD "\"systems\": [ " SYSTEM (", \"scaleout\": { \"name\": \"IB\" }") " ] }",
      "bad.json: systems[0] \"s\": scaleout.bandwidth_GBps is required" },
    { HEAD "\"systems\": [ " SYSTEM (", \"scaleout\": { \"bandwidth_GBps\": -50 }") " ] }",
      "bad.json: systems[0] \"s\": scaleout.bandwidth_GBps must be > 0, got -50" },
    { HEAD "\"systems\": [ " SYSTEM (
          ", \"scaleup\": { \"bandwidth_GBps\": 900, \"latency_us\": -1 }") " ] }",
      "bad.json: systems[0] \"s\": scaleup.latency_us must be at least 0, got -1" },
    /* unknown topology and collective */
    { HEAD "\"systems\": [ " SYSTEM (
          ", \"scaleup\": { \"bandwidth_GBps\": 900, \"topology\": \"ring\" }") " ] }",
      "bad.json: systems[0] \"s\": scaleup.topology must be one of switch, mesh, torus, got "
      "\"ring\"" },
    { HEAD "\"systems\": [ " SYSTEM (
          ", \"scaleup\": { \"bandwidth_GBps\": 900, \"collective\": \"nvls\" }") " ] }",
      "bad.json: systems[0] \"s\": scaleup.collective must be one of ring, tree, switch, got "
      "\"nvls\"" },
    /* in-network reduction needs a switch (the solver's rule) */
    { HEAD "\"systems\": [ " SYSTEM (", \"scaleup\": { \"bandwidth_GBps\": 900, "
                                     "\"topology\": \"mesh\", \"collective\": \"switch\" }") " ] }",
      "bad.json: systems[0] \"s\": scaleup.collective \"switch\" (in-network reduction) needs "
      "scaleup.topology \"switch\", got \"mesh\"" },
    /* negative price and power */
    { HEAD "\"systems\": [ " SYSTEM (", \"price_usd_per_hour\": -1") " ] }",
      "bad.json: systems[0] \"s\": price_usd_per_hour must be at least 0, got -1" },
    { HEAD "\"systems\": [ " SYSTEM (", \"power_W\": -5") " ] }",
      "bad.json: systems[0] \"s\": power_W must be > 0, got -5" },
    { HEAD "\"systems\": [ " SYSTEM (", \"power_W\": 1e999") " ] }",
      "bad.json: systems[0] \"s\": power_W must be finite, got inf" },
    /* shapes */
    { HEAD "\"systems\": [ " SYSTEM (", \"scaleup\": 900") " ] }",
      "bad.json: systems[0] \"s\": scaleup must be an object, got a number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    expect_error (cases[i].text, cases[i].message);
  {
    g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
    g_autoptr (GError) error = NULL;

    g_assert_false (
        roof_catalog_load_data (catalog, HEAD "\"systems\": [ " SYSTEM ("") ", " SYSTEM ("") " ] }",
                                -1, "bad.json", NULL, &error));
    g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_DUPLICATE);
    g_assert_cmpstr (error->message, ==,
                     "bad.json: systems[1] \"s\": duplicate id, also used by systems[0]");
    g_clear_error (&error);
    g_assert_false (
        roof_catalog_load_data (catalog, HEAD "\"systems\": {} }", -1, "bad.json", NULL, &error));
    g_assert_error (error, ROOF_CATALOG_ERROR, ROOF_CATALOG_ERROR_FORMAT);
    g_assert_cmpstr (error->message, ==,
                     "bad.json: systems must be an array of entries, got an object");
  }
}

/* A system built from a device of the same file, or of a catalog the file
 * is laid over later (a file read apart). */
static void
test_device_sources (void)
{
  static const char file[] = HEAD
      "\"hardware\": [ { \"id\": \"npu\", \"name\": \"NPU\", \"memory\": { \"capacity_GiB\": 64, "
      "\"bandwidth_GBps\": 2000 }, \"compute_TFLOPS\": { \"bf16\": 500 } } ], "
      "\"systems\": [ { \"id\": \"npu-16\", \"name\": \"NPU x16\", \"device\": \"npu\", "
      "\"devices\": 16, \"scaleup\": { \"bandwidth_GBps\": 200, \"topology\": \"torus\" } }, "
      "{ \"id\": \"b200-4\", \"name\": \"4 x B200\", \"device\": \"nvidia-b200\", \"devices\": 4, "
      "\"scaleup\": { \"bandwidth_GBps\": 900 } } ] }";
  g_autoptr (RoofCatalog) empty = roof_catalog_new ();
  g_autoptr (RoofCatalog) context = catalog_test_builtin ();
  g_autoptr (RoofCatalog) apart = roof_catalog_new ();
  g_autoptr (GError) error = NULL;
  RoofHardwareParams p;

  /* alone, the B200 system names a device nobody has */
  g_assert_false (roof_catalog_load_data (empty, file, -1, "mine.json", NULL, &error));
  g_assert_cmpstr (error->message, ==,
                   "mine.json: systems[1] \"b200-4\": device \"nvidia-b200\" names no hardware "
                   "entry");
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_hardware (empty)), ==, 0);
  g_clear_error (&error);

  /* read apart against the catalog in use, it is fine */
  g_assert_true (roof_catalog_load_data_in (apart, file, -1, "mine.json", context, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_systems (apart)), ==, 2);

  /* and laid over it, both convert */
  g_assert_true (roof_catalog_load_data (context, file, -1, "mine.json", NULL, &error));
  g_assert_no_error (error);
  params_of (context, "npu-16", &p);
  g_assert_cmpint (p.scaleup_size, ==, 16);
  g_assert_cmpint (p.topology, ==, ROOF_TOPOLOGY_TORUS);
  g_assert_cmpfloat (p.mem_capacity, ==, 64.0 * 1073741824.0);
  params_of (context, "b200-4", &p);
  g_assert_cmpint (p.scaleup_size, ==, 4);
}

static void
count (guint *n)
{
  (*n)++;
}

/* Custom systems go through the catalog API like devices: new, duplicate,
 * edit (validated), reset, delete, and the document a user file holds. */
static void
test_catalog_api (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofSpec) dup = NULL;
  g_autoptr (JsonNode) doc = NULL;
  RoofSystemSpec *nvl72 = roof_catalog_find_system (catalog, "nvidia-gb200-nvl72");
  RoofHardwareParams p;
  JsonObject *root;
  guint changed = 0;

  g_signal_connect_swapped (catalog, "entry-changed", G_CALLBACK (count), &changed);

  /* duplicate: a custom NVL36 */
  dup = roof_spec_duplicate (ROOF_SPEC (nvl72), "my-nvl36", "My NVL36");
  g_assert_nonnull (dup);
  g_assert_true (ROOF_IS_SYSTEM_SPEC (dup));
  g_assert_false (roof_spec_get_builtin (dup));
  roof_catalog_add_system (catalog, ROOF_SYSTEM_SPEC (dup));
  g_assert_true (roof_spec_set_number (dup, "devices", 36, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);
  params_of (catalog, "my-nvl36", &p);
  g_assert_cmpint (p.scaleup_size, ==, 36);
  catalog_test_assert_rel (p.power_w, 120000.0 / 36, 1e-15);

  /* an edit that fails changes nothing and names the field */
  g_assert_false (roof_spec_set_number (dup, "devices", 0, &error));
  g_assert_cmpstr (error->message, ==, "system \"my-nvl36\": devices must be at least 1, got 0");
  g_clear_error (&error);
  g_assert_false (roof_spec_set_string (dup, "scaleup.collective", "nvls", &error));
  g_assert_cmpstr (error->message, ==,
                   "system \"my-nvl36\": scaleup.collective must be one of ring, tree, switch, "
                   "got \"nvls\"");
  g_clear_error (&error);
  g_assert_false (roof_spec_unset (dup, "scaleup.bandwidth_GBps", &error));
  g_assert_cmpstr (error->message, ==, "system \"my-nvl36\": scaleup.bandwidth_GBps is required");
  g_clear_error (&error);
  g_assert_false (roof_spec_set_number (dup, "price_usd_per_hour", -3, &error));
  g_clear_error (&error);
  g_assert_cmpint (roof_system_spec_get_size (ROOF_SYSTEM_SPEC (dup)), ==, 36);
  g_assert_true (roof_spec_set_string (dup, "scaleup.collective", "tree", &error));
  g_assert_cmpint (roof_system_spec_get_collective (ROOF_SYSTEM_SPEC (dup)), ==,
                   ROOF_COLLECTIVE_TREE);

  /* a built-in system edited is modified, and reset */
  g_assert_true (roof_spec_set_number (ROOF_SPEC (nvl72), "scaleout.bandwidth_GBps", 100, &error));
  g_assert_true (roof_spec_get_modified (ROOF_SPEC (nvl72)));

  /* what a user file holds: the custom and the modified system */
  doc = roof_catalog_build_custom_document (catalog);
  root = json_node_get_object (doc);
  g_assert_false (json_object_has_member (root, "hardware")
                  && json_array_get_length (json_object_get_array_member (root, "hardware")) > 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "systems")), ==, 2);

  /* and it reads back over a fresh built-in catalog */
  {
    g_autoptr (RoofCatalog) again = catalog_test_builtin ();
    g_autofree char *text = roof_json_to_string (doc, TRUE);

    g_assert_true (roof_catalog_load_data (again, text, -1, "user.json", NULL, &error));
    g_assert_no_error (error);
    params_of (again, "my-nvl36", &p);
    g_assert_cmpint (p.scaleup_size, ==, 36);
    g_assert_cmpint (p.collective, ==, ROOF_COLLECTIVE_TREE);
    params_of (again, "nvidia-gb200-nvl72", &p);
    g_assert_cmpfloat (p.scaleout_bw, ==, 100e9);
  }

  g_assert_true (roof_spec_reset (ROOF_SPEC (nvl72)));
  g_assert_false (roof_spec_get_modified (ROOF_SPEC (nvl72)));
  params_of (catalog, "nvidia-gb200-nvl72", &p);
  g_assert_cmpfloat (p.scaleout_bw, ==, 50e9);

  /* delete */
  g_assert_true (roof_catalog_remove_system (catalog, "my-nvl36"));
  g_assert_null (roof_catalog_find_system (catalog, "my-nvl36"));
  g_assert_false (roof_catalog_remove_system (catalog, "my-nvl36"));
  g_clear_pointer (&doc, json_node_unref);
  doc = roof_catalog_build_custom_document (catalog);
  g_assert_false (json_object_has_member (json_node_get_object (doc), "systems"));
}

/* ------------------------------------------------------------------------ */
/* Format version 2: layouts and systems in scenarios                       */

#define SCENARIO_V2 "{ \"format\": \"roofline-scenario\", \"version\": 2, "

static RoofScenario *
load_scenario (RoofCatalog *catalog, const char *text)
{
  g_autoptr (GError) error = NULL;
  RoofScenario *scenario = roof_scenario_load_data (text, -1, "s.json", catalog, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

static void
expect_scenario_error (const char *text, RoofCatalogError code, const char *message)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofScenario) scenario = NULL;
  guint n = g_list_model_get_n_items (roof_catalog_get_systems (catalog));

  scenario = roof_scenario_load_data (text, -1, "s.json", catalog, NULL, &error);
  g_assert_null (scenario);
  g_assert_error (error, ROOF_CATALOG_ERROR, (int) code);
  g_assert_cmpstr (error->message, ==, message);
  /* nothing of the file was added */
  g_assert_cmpuint (g_list_model_get_n_items (roof_catalog_get_systems (catalog)), ==, n);
}

/* A version-1 file opens as it meant: bare devices, TP only; saved, it is
 * version 2 with the layout written in full. */
static void
test_scenario_v1 (void)
{
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofScenario) scenario = load_scenario (
      catalog, "{ \"format\": \"roofline-scenario\", \"version\": 1, "
               "\"hardware\": [\"nvidia-h100-sxm\"], \"model\": \"llama-3.1-70b\", "
               "\"workload\": { \"devices\": 4 } }");
  const RoofWorkload *wl = roof_scenario_get_workload (scenario);
  g_autoptr (JsonNode) doc = roof_scenario_to_json (scenario, catalog);
  JsonObject *root = json_node_get_object (doc);
  JsonObject *layout;

  g_assert_null (roof_scenario_get_system (scenario));
  g_assert_cmpfloat (wl->devices, ==, 4);
  /* 0 means 1 in the solver's layout fields */
  g_assert_cmpfloat (wl->ep, ==, 0);
  g_assert_cmpfloat (wl->pp, ==, 0);
  g_assert_cmpfloat (wl->dp, ==, 0);
  g_assert_cmpint (wl->attn_parallel, ==, ROOF_ATTN_PARALLEL_DATA);

  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 2);
  layout = json_object_get_object_member (root, "layout");
  g_assert_false (json_object_has_member (layout, "system"));
  g_assert_cmpint (json_object_get_int_member (layout, "tp"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (layout, "ep"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (layout, "pp"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (layout, "dp"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (layout, "attention"), ==, "data");
  g_assert_cmpint (json_object_get_int_member (layout, "ep_imbalance"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (layout, "microbatches"), ==, 0);
  g_assert_cmpint (
      json_object_get_int_member (json_object_get_object_member (root, "workload"), "devices"), ==,
      4);
  g_assert_false (json_object_has_member (root, "catalog"));
}

/* A layout on a custom system embedded in the scenario, built from a
 * built-in device; another built from a custom device. */
static void
test_scenario_layout (void)
{
  static const char text[] = SCENARIO_V2
      "\"hardware\": [\"nvidia-b200\"], \"model\": \"deepseek-v3\", "
      "\"workload\": { \"batch\": 16, \"weights\": \"fp8\" }, "
      "\"layout\": { \"system\": \"my-rack\", \"tp\": 2, \"ep\": 4, \"pp\": 2, \"dp\": 3, "
      "  \"attention\": \"tensor\", \"ep_imbalance\": 1.25, \"microbatches\": 8 }, "
      "\"catalog\": { \"systems\": [ { \"id\": \"my-rack\", \"name\": \"My rack\", "
      "  \"device\": \"nvidia-b200\", \"devices\": 16, \"scaleup\": { \"bandwidth_GBps\": 900, "
      "  \"collective\": \"tree\" }, \"scaleout\": { \"bandwidth_GBps\": 100 }, "
      "  \"price_usd_per_hour\": 80 } ] } }";
  g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
  g_autoptr (RoofScenario) scenario = load_scenario (catalog, text);
  g_autoptr (RoofScenario) back = NULL;
  g_autoptr (JsonNode) doc = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = NULL;
  const RoofWorkload *wl = roof_scenario_get_workload (scenario);
  RoofHardwareParams p;
  JsonObject *embedded;

  g_assert_cmpstr (roof_scenario_get_system (scenario), ==, "my-rack");
  g_assert_cmpfloat (wl->devices, ==, 2);
  g_assert_cmpfloat (wl->ep, ==, 4);
  g_assert_cmpfloat (wl->pp, ==, 2);
  g_assert_cmpfloat (wl->dp, ==, 3);
  g_assert_cmpint (wl->attn_parallel, ==, ROOF_ATTN_PARALLEL_TENSOR);
  g_assert_cmpfloat (wl->ep_imbalance, ==, 1.25);
  g_assert_cmpfloat (wl->microbatches, ==, 8);
  g_assert_cmpfloat (wl->batch, ==, 16);

  /* the embedded system is in the catalog now, and converts: $80 / 16 */
  params_of (catalog, "my-rack", &p);
  g_assert_cmpint (p.scaleup_size, ==, 16);
  g_assert_cmpint (p.collective, ==, ROOF_COLLECTIVE_TREE);
  g_assert_cmpfloat (p.price_per_hour, ==, 5);

  /* saved: the custom system travels, its built-in device does not */
  doc = roof_scenario_to_json (scenario, catalog);
  embedded = json_object_get_object_member (json_node_get_object (doc), "catalog");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (embedded, "systems")), ==,
                    1);
  g_assert_false (json_object_has_member (embedded, "hardware"));
  saved = roof_json_to_string (doc, TRUE);
  {
    g_autoptr (RoofCatalog) fresh = catalog_test_builtin ();

    back = roof_scenario_load_data (saved, -1, "saved.json", fresh, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (roof_scenario_get_system (back), ==, "my-rack");
    g_assert_cmpfloat (roof_scenario_get_workload (back)->ep, ==, 4);
    g_assert_cmpfloat (roof_scenario_get_workload (back)->microbatches, ==, 8);
    params_of (fresh, "my-rack", &p);
    g_assert_cmpfloat (p.scaleout_bw, ==, 100e9);
  }

  /* a system of a custom device: both travel, though the device is not
   * among the compared ones */
  {
    g_autoptr (RoofSpec) npu = roof_spec_duplicate (
        ROOF_SPEC (roof_catalog_find_hardware (catalog, "nvidia-b200")), "my-npu", "My NPU");
    g_autoptr (RoofSpec) rack = roof_spec_duplicate (
        ROOF_SPEC (roof_catalog_find_system (catalog, "my-rack")), "npu-rack", "NPU rack");
    g_autoptr (JsonNode) doc2 = NULL;
    JsonObject *cat;

    roof_catalog_add_hardware (catalog, ROOF_HARDWARE_SPEC (npu));
    g_assert_true (roof_spec_set_string (rack, "device", "my-npu", &error));
    roof_catalog_add_system (catalog, ROOF_SYSTEM_SPEC (rack));
    roof_scenario_set_system (scenario, "npu-rack");
    doc2 = roof_scenario_to_json (scenario, catalog);
    cat = json_object_get_object_member (json_node_get_object (doc2), "catalog");
    g_assert_cmpstr (
        json_object_get_string_member (
            json_array_get_object_element (json_object_get_array_member (cat, "systems"), 0), "id"),
        ==, "npu-rack");
    g_assert_cmpstr (
        json_object_get_string_member (
            json_array_get_object_element (json_object_get_array_member (cat, "hardware"), 0),
            "id"),
        ==, "my-npu");

    /* and it opens on a catalog that has neither */
    {
      g_autoptr (RoofCatalog) fresh = catalog_test_builtin ();
      g_autofree char *text2 = roof_json_to_string (doc2, FALSE);
      g_autoptr (RoofScenario) again
          = roof_scenario_load_data (text2, -1, "npu.json", fresh, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (again);
      g_assert_cmpstr (roof_scenario_get_system (again), ==, "npu-rack");
      params_of (fresh, "npu-rack", &p);
      g_assert_cmpint (p.scaleup_size, ==, 16);
    }
    roof_scenario_set_system (scenario, NULL);
    g_clear_pointer (&doc2, json_node_unref);
    doc2 = roof_scenario_to_json (scenario, catalog);
    g_assert_false (json_object_has_member (
        json_object_get_object_member (json_node_get_object (doc2), "layout"), "system"));
  }
}

static void
test_scenario_errors (void)
{
#define BASE SCENARIO_V2 "\"hardware\": [\"nvidia-b200\"], \"model\": \"deepseek-v3\", "
  expect_scenario_error (BASE "\"layout\": { \"tp\": 0 } }", ROOF_CATALOG_ERROR_INVALID,
                         "s.json: layout.tp must be at least 1, got 0");
  expect_scenario_error (BASE "\"layout\": { \"ep\": 2.5 } }", ROOF_CATALOG_ERROR_INVALID,
                         "s.json: layout.ep must be a whole number, got 2.5");
  expect_scenario_error (BASE "\"layout\": { \"pp\": -1 } }", ROOF_CATALOG_ERROR_INVALID,
                         "s.json: layout.pp must be at least 1, got -1");
  expect_scenario_error (BASE "\"layout\": { \"dp\": \"2\" } }", ROOF_CATALOG_ERROR_INVALID,
                         "s.json: layout.dp must be a number, got a string");
  expect_scenario_error (BASE "\"layout\": { \"attention\": \"expert\" } }",
                         ROOF_CATALOG_ERROR_INVALID,
                         "s.json: layout.attention must be one of data, tensor, got \"expert\"");
  expect_scenario_error (BASE "\"layout\": { \"ep_imbalance\": 0.5 } }", ROOF_CATALOG_ERROR_INVALID,
                         "s.json: layout.ep_imbalance must be at least 1, got 0.5");
  expect_scenario_error (BASE "\"layout\": { \"microbatches\": 1.5 } }", ROOF_CATALOG_ERROR_INVALID,
                         "s.json: layout.microbatches must be a whole number, got 1.5");
  expect_scenario_error (BASE "\"layout\": 8 }", ROOF_CATALOG_ERROR_INVALID,
                         "s.json: layout must be an object, got a number");
  expect_scenario_error (BASE "\"workload\": { \"devices\": 4 }, \"layout\": { \"tp\": 8 } }",
                         ROOF_CATALOG_ERROR_INVALID,
                         "s.json: layout.tp 8 and workload.devices 4 disagree (both are the "
                         "tensor-parallel degree; give one, or the same)");
  expect_scenario_error (BASE "\"layout\": { \"system\": \"nvidia-gb200-nv72\" } }",
                         ROOF_CATALOG_ERROR_NOT_FOUND,
                         "s.json: layout.system: no system with id \"nvidia-gb200-nv72\"; did you "
                         "mean \"nvidia-gb200-nvl72\"?");
  expect_scenario_error (
      BASE "\"catalog\": { \"systems\": [ { \"id\": \"x\", \"name\": \"X\", "
           "\"device\": \"nope\", \"devices\": 1 } ] } }",
      ROOF_CATALOG_ERROR_INVALID,
      "s.json: catalog.systems[0] \"x\": device \"nope\" names no hardware entry");
  expect_scenario_error (BASE "\"catalog\": { \"systems\": [ { \"id\": \"x\", \"name\": \"X\", "
                              "\"device\": \"nvidia-b200\", \"devices\": 0 } ] } }",
                         ROOF_CATALOG_ERROR_INVALID,
                         "s.json: catalog.systems[0] \"x\": devices must be at least 1, got 0");
  expect_scenario_error (
      "{ \"format\": \"roofline-scenario\", \"version\": 3, \"hardware\": [], "
      "\"model\": \"x\" }",
      ROOF_CATALOG_ERROR_VERSION,
      "s.json: written by a newer Roofline (file version 3, this build reads 2)");
  /* both given and equal is fine */
  {
    g_autoptr (RoofCatalog) catalog = catalog_test_builtin ();
    g_autoptr (RoofScenario) scenario = load_scenario (
        catalog, BASE "\"workload\": { \"devices\": 8 }, \"layout\": { \"tp\": 8 } }");

    g_assert_cmpfloat (roof_scenario_get_workload (scenario)->devices, ==, 8);
  }
#undef BASE
}

/* Opening a scenario whose embedded system conflicts with the user's, Keep
 * Both: the scenario's layout follows the kept copy. */
static void
test_merge_system (void)
{
  g_autoptr (RoofCatalog) target = catalog_test_builtin ();
  g_autoptr (RoofCatalogMerge) merge = NULL;
  g_autoptr (RoofScenario) scenario = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofSpec) mine = roof_spec_duplicate (
      ROOF_SPEC (roof_catalog_find_system (target, "nvidia-hgx-b200")), "my-rack", "My rack");
  static const char text[]
      = SCENARIO_V2 "\"hardware\": [], \"model\": \"deepseek-v3\", "
                    "\"layout\": { \"system\": \"my-rack\", \"ep\": 4 }, "
                    "\"catalog\": { \"systems\": [ { \"id\": \"my-rack\", \"name\": \"My rack\", "
                    "  \"device\": \"nvidia-b200\", \"devices\": 4, \"scaleup\": { "
                    "\"bandwidth_GBps\": 900 } } ] } }";
  RoofSpec *existing = NULL;

  roof_catalog_add_system (target, ROOF_SYSTEM_SPEC (mine));
  scenario = roof_catalog_merge_load_scenario (target, text, -1, "s.json", NULL, &merge, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (roof_catalog_merge_get_n_conflicts (merge), ==, 1);
  g_assert_true (ROOF_IS_SYSTEM_SPEC (roof_catalog_merge_get_conflict (merge, 0, &existing)));
  g_assert_true (existing == mine);
  {
    g_auto (GStrv) diff = roof_catalog_merge_get_differences (merge, 0);

    g_assert_true (g_strv_contains ((const char *const *)diff, "devices"));
  }
  /* nothing changed yet */
  g_assert_cmpint (roof_system_spec_get_size (ROOF_SYSTEM_SPEC (mine)), ==, 8);

  g_assert_cmpuint (roof_catalog_merge_apply (merge, scenario), ==, 1);
  g_assert_cmpstr (roof_scenario_get_system (scenario), ==, "my-rack-2");
  g_assert_cmpint (roof_system_spec_get_size (roof_catalog_find_system (target, "my-rack-2")), ==,
                   4);
  g_assert_cmpint (roof_system_spec_get_size (ROOF_SYSTEM_SPEC (mine)), ==, 8);
}

/* Importing a device under a new id (Keep Both): the file's systems built
 * from it follow it, and the user's system keeps the user's device. */
static void
test_merge_device_renamed (void)
{
  static const char file[] =
    HEAD "\"hardware\": [ { \"id\": \"npu\", \"name\": \"NPU\", \"memory\": { "
    "\"capacity_GiB\": 64, \"bandwidth_GBps\": 2000 }, \"compute_TFLOPS\": { \"bf16\": 500 } } ], "
    "\"systems\": [ { \"id\": \"npu-8\", \"name\": \"NPU x 8\", \"device\": \"npu\", "
    "\"devices\": 8, \"scaleup\": { \"bandwidth_GBps\": 200 } } ] }";
  g_autoptr (RoofCatalog) target = catalog_test_builtin ();
  g_autoptr (RoofCatalogMerge) merge = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RoofSpec) mine = roof_spec_duplicate (
    ROOF_SPEC (roof_catalog_find_hardware (target, "nvidia-l4")), "npu", "NPU");
  g_autoptr (RoofSpec) my_rack = roof_spec_duplicate (
    ROOF_SPEC (roof_catalog_find_system (target, "nvidia-hgx-b200")), "my-rack", "My rack");
  RoofHardwareParams p;

  roof_catalog_add_hardware (target, ROOF_HARDWARE_SPEC (mine));
  g_assert_true (roof_spec_set_string (my_rack, "device", "npu", &error));
  roof_catalog_add_system (target, ROOF_SYSTEM_SPEC (my_rack));

  merge = roof_catalog_merge_new_from_data (target, file, -1, "npu.json", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (roof_catalog_merge_get_n_new (merge), ==, 1);
  g_assert_cmpuint (roof_catalog_merge_get_n_conflicts (merge), ==, 1);
  g_assert_cmpstr (roof_catalog_merge_get_new_id (merge, 0), ==, "npu-2");
  roof_catalog_merge_apply (merge, NULL);

  params_of (target, "npu-8", &p);
  g_assert_cmpstr (roof_system_spec_get_device (roof_catalog_find_system (target, "npu-8")), ==,
                   "npu-2");
  g_assert_cmpfloat (p.mem_bw, ==, 2000e9);
  params_of (target, "my-rack", &p);
  g_assert_cmpfloat (p.mem_bw, ==, 300e9); /* the user's NPU, an L4 copy */
}

/* The app's user catalog: a version-1 file loaded and not changed is not
 * rewritten; the first change writes version 2, systems included. */
static void
test_user_catalog_v1 (void)
{
  static const char v1[]
      = "{ \"format\": \"roofline-catalog\", \"version\": 1, \"hardware\": [ { \"id\": \"my-npu\", "
        "\"name\": \"My NPU\", \"memory\": { \"capacity_GB\": 32, \"bandwidth_GBps\": 1000 }, "
        "\"compute_TFLOPS\": { \"bf16\": 100 } } ] }\n";
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("roofline-systems-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "catalog.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, v1, -1, &error));
  {
    g_autoptr (RoofUserCatalog) store = roof_user_catalog_new (file);
    RoofCatalog *catalog = roof_user_catalog_get_catalog (store);
    g_autoptr (RoofSpec) rack = NULL;

    roof_user_catalog_set_save_delay (store, 0);
    g_assert_true (roof_user_catalog_load (store, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpfloat (
        roof_hardware_spec_get_params (roof_catalog_find_hardware (catalog, "my-npu"))
            ->mem_capacity,
        ==, 32e9);
    g_assert_true (roof_user_catalog_save (store, &error));
    g_assert_true (roof_user_catalog_flush (store, &error));
    g_assert_true (g_file_get_contents (path, &text, NULL, &error));
    g_assert_cmpstr (text, ==, v1);
    g_clear_pointer (&text, g_free);

    /* a custom system built from the file's device */
    rack = roof_spec_duplicate (ROOF_SPEC (roof_catalog_find_system (catalog, "nvidia-hgx-b200")),
                                "npu-8", "NPU x 8");
    g_assert_true (roof_spec_set_string (rack, "device", "my-npu", &error));
    roof_catalog_add_system (catalog, ROOF_SYSTEM_SPEC (rack));
    g_assert_true (roof_user_catalog_get_pending (store));
    g_assert_true (roof_user_catalog_flush (store, &error));
    g_assert_no_error (error);
  }
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_nonnull (strstr (text, "\"version\": 2"));
  g_assert_nonnull (strstr (text, "\"systems\""));
  {
    g_autoptr (RoofUserCatalog) again = roof_user_catalog_new (file);
    RoofHardwareParams p;

    g_assert_true (roof_user_catalog_load (again, NULL, NULL, &error));
    g_assert_no_error (error);
    params_of (roof_user_catalog_get_catalog (again), "npu-8", &p);
    g_assert_cmpint (p.scaleup_size, ==, 8);
    g_assert_cmpfloat (p.mem_bw, ==, 1000e9);
  }
  roof_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/systems/builtin/all", test_builtin_all);
  g_test_add_func ("/systems/builtin/figures", test_builtin_figures);
  g_test_add_func ("/systems/conversion", test_conversion);
  g_test_add_func ("/systems/solver-accepts", test_solver_accepts);
  g_test_add_func ("/systems/errors", test_errors);
  g_test_add_func ("/systems/device-sources", test_device_sources);
  g_test_add_func ("/systems/catalog-api", test_catalog_api);
  g_test_add_func ("/systems/scenario/v1", test_scenario_v1);
  g_test_add_func ("/systems/scenario/layout", test_scenario_layout);
  g_test_add_func ("/systems/scenario/errors", test_scenario_errors);
  g_test_add_func ("/systems/merge", test_merge_system);
  g_test_add_func ("/systems/merge-device-renamed", test_merge_device_renamed);
  g_test_add_func ("/systems/user-catalog-v1", test_user_catalog_v1);

  return g_test_run ();
}
