/* roof-probe-machine.c — what the computer says about itself, and the entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CPU model, the CPUs and cores, the memory, the caches and the clock
 * from Linux's /proc and /sys (sysconf where they are missing), and the
 * catalog entry made of them and of the measured figures.
 */
#include "config.h"

#include "roof-probe-private.h"

#include "roof-catalog.h"
#include "roof-user-catalog.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

guint64
roof_probe_parse_size (const char *text)
{
  char *end = NULL;
  guint64 v;

  if (text == NULL || !g_ascii_isdigit (*text))
    return 0;
  v = g_ascii_strtoull (text, &end, 10);
  switch (*end)
    {
    case 'K': v <<= 10; end++; break;
    case 'M': v <<= 20; end++; break;
    case 'G': v <<= 30; end++; break;
    default: break;
    }
  while (g_ascii_isspace (*end))
    end++;
  return *end == '\0' ? v : 0;
}

int
roof_probe_count_cpu_list (const char *text)
{
  g_auto (GStrv) parts = NULL;
  g_autofree char *copy = NULL;
  int n = 0;

  if (text == NULL)
    return 0;
  copy = g_strstrip (g_strdup (text));
  parts = g_strsplit (copy, ",", -1);
  for (int i = 0; parts[i] != NULL; i++)
    {
      char *end = NULL;
      guint64 lo, hi;

      if (!g_ascii_isdigit (parts[i][0]))
        return 0;
      lo = hi = g_ascii_strtoull (parts[i], &end, 10);
      if (*end == '-')
        {
          if (!g_ascii_isdigit (end[1]))
            return 0;
          hi = g_ascii_strtoull (end + 1, &end, 10);
        }
      if (*end != '\0' || hi < lo || hi - lo > 65536)
        return 0;
      n += (int) (hi - lo + 1);
    }
  return n;
}

/* The first line of a small /proc or /sys file, stripped; NULL when absent. */
static char *
read_line (const char *path)
{
  g_autofree char *text = NULL;
  char *nl;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  if ((nl = strchr (text, '\n')) != NULL)
    *nl = '\0';
  return g_strdup (g_strstrip (text));
}

/* The value of the first "KEY : value" line of a /proc file. */
static char *
proc_value (const char *path, const char *key)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  gsize klen = strlen (key);

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    if (strncmp (lines[i], key, klen) == 0)
      {
        const char *p = lines[i] + klen;
        while (*p == ' ' || *p == '\t')
          p++;
        if (*p == ':')
          return g_strdup (g_strstrip ((char *) p + 1));
      }
  return NULL;
}

static void
read_caches (RoofProbeResult *r)
{
  for (int i = 0; i < 16 && r->n_caches < ROOF_PROBE_MAX_CACHES; i++)
    {
      g_autofree char *dir = g_strdup_printf ("/sys/devices/system/cpu/cpu0/cache/index%d", i);
      g_autofree char *p_type = g_build_filename (dir, "type", NULL);
      g_autofree char *p_level = g_build_filename (dir, "level", NULL);
      g_autofree char *p_size = g_build_filename (dir, "size", NULL);
      g_autofree char *p_shared = g_build_filename (dir, "shared_cpu_list", NULL);
      g_autofree char *type = read_line (p_type), *level = read_line (p_level);
      g_autofree char *size = read_line (p_size), *shared = read_line (p_shared);
      RoofProbeCache *c = &r->caches[r->n_caches];

      if (type == NULL)
        break;
      if (strcmp (type, "Instruction") == 0 || level == NULL)
        continue;
      c->level = atoi (level);
      c->size = roof_probe_parse_size (size);
      c->shared_cpus = MAX (roof_probe_count_cpu_list (shared), 1);
      if (c->level < 1 || c->size == 0)
        continue;
      g_snprintf (c->name, sizeof c->name, "L%d%s", c->level, c->level == 1 ? "d" : "");
      r->n_caches++;
    }
#ifdef _SC_LEVEL1_DCACHE_SIZE
  if (r->n_caches == 0)
    {
      /* glibc's sysconf: sizes only, each level taken as per core but the last */
      const long sizes[] = { sysconf (_SC_LEVEL1_DCACHE_SIZE), sysconf (_SC_LEVEL2_CACHE_SIZE),
                             sysconf (_SC_LEVEL3_CACHE_SIZE) };
      for (int i = 0; i < 3; i++)
        if (sizes[i] > 0)
          {
            RoofProbeCache *c = &r->caches[r->n_caches++];
            c->level = i + 1;
            c->size = (guint64) sizes[i];
            c->shared_cpus = 1;
            g_snprintf (c->name, sizeof c->name, "L%d%s", i + 1, i == 0 ? "d" : "");
          }
      if (r->n_caches > 1)
        r->caches[r->n_caches - 1].shared_cpus = r->cpus;
    }
#endif
  for (int i = 0; i < r->n_caches; i++)
    {
      RoofProbeCache *c = &r->caches[i];
      int instances = (r->cpus + c->shared_cpus - 1) / c->shared_cpus;
      c->total = c->size * (guint64) MAX (instances, 1);
    }
}

static void
read_clock (RoofProbeResult *r)
{
  g_autofree char *khz = read_line ("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  g_autofree char *mhz = NULL;
  double v;

  if (khz != NULL && (v = g_ascii_strtod (khz, NULL)) > 0 && isfinite (v))
    {
      r->max_freq_hz = v * 1e3;
      r->freq_source = "cpuinfo_max_freq";
      return;
    }
  mhz = proc_value ("/proc/cpuinfo", "cpu MHz");
  if (mhz != NULL && (v = g_ascii_strtod (mhz, NULL)) > 0 && isfinite (v))
    {
      r->max_freq_hz = v * 1e6;
      r->freq_source = "cpu MHz";
    }
}

void
_roof_probe_read_machine (RoofProbeResult *r)
{
  g_autofree char *siblings = read_line ("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list");
  g_autofree char *mem = proc_value ("/proc/meminfo", "MemTotal");
  g_autofree char *load = read_line ("/proc/loadavg");
  g_autoptr (GDateTime) dt = g_date_time_new_now_local ();
  int smt = MAX (roof_probe_count_cpu_list (siblings), 1);

  r->cpu_model = proc_value ("/proc/cpuinfo", "model name");
  if (r->cpu_model == NULL || *r->cpu_model == '\0')
    {
      g_free (r->cpu_model);
      r->cpu_model = g_strdup ("unknown CPU");
    }
  r->date = g_date_time_format (dt, "%Y-%m-%d");
  r->cpus = MAX ((int) g_get_num_processors (), 1);
  r->cores = MAX (r->cpus / smt, 1);
  if (mem != NULL)
    r->memory_bytes = g_ascii_strtoull (mem, NULL, 10) * 1024; /* "24684092 kB" */
  if (r->memory_bytes == 0 && sysconf (_SC_PHYS_PAGES) > 0 && sysconf (_SC_PAGESIZE) > 0)
    r->memory_bytes = (guint64) sysconf (_SC_PHYS_PAGES) * (guint64) sysconf (_SC_PAGESIZE);
  r->load_average = load != NULL ? g_ascii_strtod (load, NULL) : -1;
  read_caches (r);
  read_clock (r);
}

/* ---------------------------------------------------------------------- */
/* The entry                                                               */

/* four significant digits: the last ones are noise */
static double
round4 (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_ascii_strtod (g_ascii_formatd (buf, sizeof buf, "%.4g", v), NULL);
}

static char *
method_text (const RoofProbeResult *r)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s,
                          "Measured on this computer by Roofline %s (roofline-cli probe) on %s: "
                          "memory bandwidth by STREAM's triad a = b + s·c over three arrays of "
                          "%" G_GUINT64_FORMAT " MiB",
                          PACKAGE_VERSION, r->date, r->triad_array_bytes >> 20);
  if (r->triad_array_bytes < r->triad_rule_bytes)
    g_string_append_printf (s, " (STREAM's rule asks %" G_GUINT64_FORMAT " MiB, which took longer "
                            "to fill than the time allowed)",
                            r->triad_rule_bytes >> 20);
  g_string_append_printf (s, " on %d threads, counting 24 bytes per element "
                          "(write-allocate traffic not counted), best of %d runs; ",
                          r->cpus, r->triad_runs);
  g_string_append_printf (s, "cache bandwidth by %s reads of a working set per level on %d "
                          "threads (one per core); peaks by ",
                          roof_probe_read_isa (), r->cores);
  for (int i = 0; i < r->n_peaks; i++)
    g_string_append_printf (s, "%s%s %s", i > 0 ? ", " : "",
                            roof_precision_name (roof_probe_op_precision (r->peaks[i].kernel->op)),
                            r->peaks[i].kernel->instruction);
  g_string_append_printf (s, " loops with %d independent accumulators on %d threads "
                          "(docs/probe.md)",
                          ROOF_PROBE_ACCUMULATORS, r->cpus);
  return g_string_free (s, FALSE);
}

/* the CPU's model string, valid UTF-8, within the schema's 200 characters */
static char *
model_text (const RoofProbeResult *r)
{
  g_autofree char *valid = g_utf8_make_valid (r->cpu_model, -1);
  const char *end = g_utf8_offset_to_pointer (valid, MIN (g_utf8_strlen (valid, -1), 120));

  return g_strndup (valid, (gsize) (end - valid));
}

JsonObject *
roof_probe_entry_json (const RoofProbeResult *r)
{
  JsonObject *o = json_object_new ();
  JsonObject *memory = json_object_new ();
  JsonObject *compute = json_object_new ();
  JsonArray *caches = json_array_new ();
  JsonArray *sources = json_array_new ();
  g_autofree char *model = model_text (r);
  g_autofree char *method = method_text (r);

  json_object_set_string_member (o, "id", ROOF_PROBE_ENTRY_ID);
  json_object_set_string_member (o, "name", ROOF_PROBE_ENTRY_NAME);
  json_object_set_string_member (o, "kind", "cpu");
  json_object_set_string_member (o, "arch", model);

  json_object_set_double_member (memory, "capacity_GiB",
                                 round4 ((double) r->memory_bytes / (1024.0 * 1024 * 1024)));
  json_object_set_double_member (memory, "bandwidth_GBps", round4 (r->memory_bytes_per_s / 1e9));
  json_object_set_object_member (o, "memory", memory);

  /* the catalog lists caches innermost last */
  for (int i = r->n_caches - 1; i >= 0; i--)
    {
      JsonObject *c = json_object_new ();
      json_object_set_string_member (c, "name", r->caches[i].name);
      json_object_set_double_member (c, "capacity_MB", round4 ((double) r->caches[i].total / 1e6));
      if (r->caches[i].bytes_per_s > 0)
        json_object_set_double_member (c, "bandwidth_GBps", round4 (r->caches[i].bytes_per_s / 1e9));
      json_array_add_object_element (caches, c);
    }
  if (json_array_get_length (caches) > 0)
    json_object_set_array_member (o, "caches", caches);
  else
    json_array_unref (caches);

  for (int i = 0; i < r->n_peaks; i++)
    json_object_set_double_member (compute,
                                   roof_precision_name (roof_probe_op_precision (r->peaks[i].kernel->op)),
                                   round4 (r->peaks[i].ops_per_s / 1e12));
  json_object_set_object_member (o, "compute_TFLOPS", compute);

  json_array_add_string_element (sources, method);
  json_array_add_string_element (sources,
                                 "CPU model from /proc/cpuinfo, memory from /proc/meminfo "
                                 "(MemTotal), cache sizes from /sys/devices/system/cpu/cpu0/cache");
  json_object_set_array_member (o, "sources", sources);
  json_object_set_string_member (o, "confidence", "medium");
  {
    g_autofree char *notes = g_strdup_printf (
      "Measured figures, not a data sheet's peaks: %s, %d CPUs (%d cores); the 1-minute load "
      "average was %.2f when the measurement started, and anything else running lowers the "
      "figures. Run the measurement again on an idle computer for its best.",
      model, r->cpus, r->cores, MAX (r->load_average, 0.0));
    json_object_set_string_member (o, "notes", notes);
  }
  return o;
}

RoofHardwareSpec *
roof_probe_entry_spec (const RoofProbeResult *r, GError **error)
{
  g_autoptr (JsonObject) o = roof_probe_entry_json (r);

  return roof_hardware_spec_new_from_json (o, "the measured entry \"" ROOF_PROBE_ENTRY_ID "\"",
                                           NULL, error);
}

gboolean
roof_probe_save (RoofHardwareSpec *spec, GFile *file, GError **error)
{
  g_autoptr (GFile) target = file != NULL ? g_object_ref (file) : roof_user_catalog_default_file ();
  g_autoptr (RoofUserCatalog) user = NULL;

  g_return_val_if_fail (ROOF_IS_HARDWARE_SPEC (spec), FALSE);

  /* the user catalog moves a malformed file aside; here it is refused and
   * left as it is */
  if (g_file_query_exists (target, NULL))
    {
      g_autoptr (RoofCatalog) check = roof_catalog_new_builtin (error);
      if (check == NULL || !roof_catalog_load_file (check, target, NULL, error))
        return FALSE;
    }
  user = roof_user_catalog_new (target);
  if (!roof_user_catalog_load (user, NULL, NULL, error))
    return FALSE;
  if (roof_user_catalog_get_read_only (user))
    {
      g_autofree char *name = g_file_get_parse_name (target);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY, "%s cannot be saved to", name);
      return FALSE;
    }
  roof_catalog_add_hardware (roof_user_catalog_get_catalog (user), spec);
  return roof_user_catalog_save (user, error);
}
