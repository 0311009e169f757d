/* test-plot-scale.c — scales, ticks and number formatting
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <math.h>
#include <string.h>

#include "roof-scale.h"

static int
count (const RoofTicks *t, gboolean labelled_only)
{
  int n = 0;
  for (int i = 0; i < t->n; i++)
    n += !labelled_only || t->ticks[i].labelled;
  return n;
}

/* Labelled ticks must be far enough apart, sorted, inside the range, and
 * every label unique and non-empty. */
static void
check_ticks (const RoofScale *s, const RoofTicks *t, double min_px)
{
  double prev_px = NAN, prev_v = -INFINITY;
  for (int i = 0; i < t->n; i++)
    {
      const RoofTick *k = &t->ticks[i];
      g_assert_true (isfinite (k->value));
      g_assert_cmpfloat (k->value, >=, prev_v);
      prev_v = k->value;
      double tol = 1e-9 * (s->d1 - s->d0);
      g_assert_cmpfloat (k->value, >=, s->d0 - tol);
      g_assert_cmpfloat (k->value, <=, s->d1 + tol);
      if (!k->labelled)
        continue;
      g_assert_cmpuint (strlen (k->label), >, 0);
      double px = roof_scale_map (s, k->value);
      if (!isnan (prev_px))
        g_assert_cmpfloat (fabs (px - prev_px), >=, min_px - 1e-6);
      prev_px = px;
      for (int j = 0; j < i; j++)
        if (t->ticks[j].labelled)
          g_assert_cmpstr (t->ticks[j].label, !=, k->label);
    }
}

static void
test_log_decades (void)
{
  /* every span from 1e-3 up to 1e18, at two pixel lengths */
  for (int lo = -3; lo <= 17; lo++)
    for (int hi = lo + 1; hi <= 18; hi++)
      for (int len = 0; len < 2; len++)
        {
          RoofScale s;
          RoofTicks t;
          double px = len ? 1400.0 : 300.0;
          g_assert_true (roof_scale_init (&s, TRUE, pow (10, lo), pow (10, hi), 0, px));
          roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
          check_ticks (&s, &t, 40.0);
          g_assert_cmpint (count (&t, TRUE), >=, 2);
          /* majors on decades aligned to the step */
          for (int i = 0; i < t.n; i++)
            if (t.ticks[i].major)
              {
                double l = log10 (t.ticks[i].value);
                g_assert_cmpfloat (fabs (l - round (l)), <, 1e-9);
                g_assert_cmpint ((long) round (l) % (long) t.major_step, ==, 0);
              }
          /* wide spans use superscripts, narrow ones compact SI */
          if (hi - lo > 9)
            g_assert_true (t.superscript);
        }
}

static void
test_log_labels (void)
{
  RoofScale s;
  RoofTicks t;

  roof_scale_init (&s, TRUE, 0.1, 1e6, 0, 1000);
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  g_assert_false (t.superscript);
  const char *want[] = { "0.1", "1", "10", "100", "1k", "10k", "100k", "1M" };
  int w = 0;
  for (int i = 0; i < t.n; i++)
    if (t.ticks[i].major)
      g_assert_cmpstr (t.ticks[i].label, ==, want[w++]);
  g_assert_cmpint (w, ==, 8);

  /* TFLOP/s: values divided by the unit */
  roof_scale_init (&s, TRUE, 1e12, 1e16, 1000, 0);
  roof_scale_ticks (&s, 1e12, 30.0, 5.0, &t);
  g_assert_cmpstr (t.ticks[0].label, ==, "1");
  g_assert_cmpstr (t.ticks[t.n - 1].label, ==, "10k");

  /* 1e-6 … 1e12 spans 18 decades: 10ⁿ with superscripts */
  roof_scale_init (&s, TRUE, 1e-6, 1e12, 0, 800);
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  g_assert_true (t.superscript);
  gboolean seen = FALSE;
  for (int i = 0; i < t.n; i++)
    if (t.ticks[i].labelled && fabs (t.ticks[i].value - 1e-6) < 1e-18)
      {
        g_assert_cmpstr (t.ticks[i].label, ==, "10⁻⁶");
        seen = TRUE;
      }
  g_assert_true (seen);
}

static void
test_log_crowding (void)
{
  RoofScale s;
  RoofTicks t;

  /* 21 decades in 200 px at 40 px per label: the step widens */
  roof_scale_init (&s, TRUE, 1e-3, 1e18, 0, 200);
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  g_assert_cmpfloat (t.major_step, >, 1.0);
  g_assert_cmpint (count (&t, TRUE), <=, 6);
  check_ticks (&s, &t, 40.0);

  /* minors thin out: all of 2…9 when wide, 2 and 5, then none */
  roof_scale_init (&s, TRUE, 1, 1000, 0, 1200); /* 400 px per decade */
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  g_assert_cmpint (t.n, ==, 4 + 3 * 8);
  roof_scale_init (&s, TRUE, 1, 1000, 0, 120); /* 40 px per decade */
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  g_assert_cmpint (t.n, ==, 4 + 3 * 2);
  roof_scale_init (&s, TRUE, 1, 1e6, 0, 60); /* 10 px per decade */
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  for (int i = 0; i < t.n; i++)
    {
      double l = log10 (t.ticks[i].value);
      g_assert_cmpfloat (fabs (l - round (l)), <, 1e-9); /* decades only */
    }

  /* a very wide decade labels 2 and 5 too */
  roof_scale_init (&s, TRUE, 1, 100, 0, 900);
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  int n2 = 0;
  for (int i = 0; i < t.n; i++)
    if (t.ticks[i].labelled && (!strcmp (t.ticks[i].label, "2") || !strcmp (t.ticks[i].label, "50")))
      n2++;
  g_assert_cmpint (n2, ==, 2);
  check_ticks (&s, &t, 40.0);
}

static void
test_log_within_decade (void)
{
  RoofScale s;
  RoofTicks t;

  /* 2 … 8: mantissas */
  roof_scale_init (&s, TRUE, 2, 8, 0, 600);
  roof_scale_ticks (&s, 1.0, 30.0, 5.0, &t);
  check_ticks (&s, &t, 30.0);
  g_assert_cmpint (count (&t, TRUE), >=, 3);

  /* 300 … 3000 crosses one decade boundary */
  roof_scale_init (&s, TRUE, 300, 3000, 0, 500);
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  check_ticks (&s, &t, 40.0);
  g_assert_cmpint (count (&t, TRUE), >=, 2);

  /* below a decade: 1.02 … 1.08 gets linear ticks, labelled with decimals */
  roof_scale_init (&s, TRUE, 1.02, 1.08, 0, 600);
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  check_ticks (&s, &t, 40.0);
  g_assert_cmpint (count (&t, TRUE), >=, 3);
  for (int i = 0; i < t.n; i++)
    if (t.ticks[i].labelled)
      g_assert_nonnull (strchr (t.ticks[i].label, '.'));

  /* tiny spans far from 1 */
  roof_scale_init (&s, TRUE, 4.5e-7, 4.6e-7, 0, 400);
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  check_ticks (&s, &t, 40.0);
  g_assert_cmpint (count (&t, TRUE), >=, 2);
}

static void
test_linear (void)
{
  RoofScale s;
  RoofTicks t;

  roof_scale_init (&s, FALSE, 0, 250, 500, 0);
  roof_scale_ticks (&s, 1.0, 30.0, 5.0, &t);
  check_ticks (&s, &t, 30.0);
  g_assert_cmpstr (t.ticks[0].label, ==, "0");

  roof_scale_init (&s, FALSE, -1.5, 1.5, 0, 800);
  roof_scale_ticks (&s, 1.0, 50.0, 5.0, &t);
  check_ticks (&s, &t, 50.0);
  gboolean minus = FALSE;
  for (int i = 0; i < t.n; i++)
    if (t.ticks[i].labelled && g_str_has_prefix (t.ticks[i].label, "−"))
      minus = TRUE;
  g_assert_true (minus);

  /* ms from seconds */
  roof_scale_init (&s, FALSE, 0, 0.2, 0, 400);
  roof_scale_ticks (&s, 1e-3, 40.0, 5.0, &t);
  check_ticks (&s, &t, 40.0);
  g_assert_cmpstr (t.ticks[t.n - 1].label, ==, "200");

  /* large values get prefixes */
  roof_scale_init (&s, FALSE, 0, 2e11, 0, 400);
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  g_assert_cmpstr (t.ticks[t.n - 1].label, ==, "200G");
}

static void
test_bad_ranges (void)
{
  RoofScale s;
  RoofTicks t;
  double lo, hi;
  const double bad_log[][2] = { { 0, 10 }, { -1, 10 }, { NAN, 10 }, { 1, INFINITY }, { 0, 0 },
                                { -5, -1 } };

  for (guint i = 0; i < G_N_ELEMENTS (bad_log); i++)
    {
      g_assert_false (roof_scale_init (&s, TRUE, bad_log[i][0], bad_log[i][1], 0, 100));
      g_assert_cmpfloat (s.d0, ==, 1.0);
      g_assert_cmpfloat (s.d1, ==, 10.0);
      roof_scale_ticks (&s, 1.0, 20.0, 5.0, &t);
      check_ticks (&s, &t, 20.0);
      g_assert_false (roof_scale_nice_bounds (TRUE, bad_log[i][0], bad_log[i][1], &lo, &hi));
      g_assert_cmpfloat (lo, ==, 1.0);
      g_assert_cmpfloat (hi, ==, 10.0);
    }
  g_assert_false (roof_scale_init (&s, FALSE, NAN, 1, 0, 100));
  g_assert_false (roof_scale_nice_bounds (FALSE, 0, -INFINITY, &lo, &hi));

  /* reversed: swapped */
  g_assert_true (roof_scale_init (&s, TRUE, 1000, 10, 0, 100));
  g_assert_cmpfloat (s.d0, ==, 10.0);
  g_assert_cmpfloat (s.d1, ==, 1000.0);
  g_assert_true (roof_scale_nice_bounds (FALSE, 7, -3, &lo, &hi));
  g_assert_cmpfloat (lo, <=, -3);
  g_assert_cmpfloat (hi, >=, 7);

  /* empty: widened around the value */
  g_assert_true (roof_scale_init (&s, TRUE, 50, 50, 0, 100));
  g_assert_cmpfloat (s.d0, <, 50);
  g_assert_cmpfloat (s.d1, >, 50);
  g_assert_true (roof_scale_init (&s, FALSE, 0, 0, 0, 100));
  g_assert_cmpfloat (s.d0, ==, -1.0);
  g_assert_cmpfloat (s.d1, ==, 1.0);
  g_assert_true (roof_scale_nice_bounds (TRUE, 100, 100, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 10.0);
  g_assert_cmpfloat (hi, ==, 1000.0);

  /* zero pixel length: no ticks, no crash */
  roof_scale_init (&s, TRUE, 1, 1000, 50, 50);
  roof_scale_ticks (&s, 1.0, 40.0, 5.0, &t);
  g_assert_cmpint (t.n, ==, 0);
  /* a log scale maps 0 and negatives far outside, never NaN */
  roof_scale_init (&s, TRUE, 1, 1000, 0, 100);
  g_assert_cmpfloat (roof_scale_map (&s, 0.0), <, -1000.0);
  g_assert_false (isnan (roof_scale_map (&s, NAN)));
}

static void
test_nice_bounds (void)
{
  double lo, hi;
  g_assert_true (roof_scale_nice_bounds (TRUE, 0.37, 4200, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0.1);
  g_assert_cmpfloat (hi, ==, 10000.0);
  g_assert_true (roof_scale_nice_bounds (TRUE, 1e-3, 1e18, &lo, &hi));
  g_assert_cmpfloat (fabs (lo / 1e-3 - 1), <, 1e-12);
  g_assert_cmpfloat (fabs (hi / 1e18 - 1), <, 1e-12);
  g_assert_true (roof_scale_nice_bounds (FALSE, 0.0, 213.0, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0.0);
  g_assert_cmpfloat (hi, ==, 250.0);
}

static void
test_mapping (void)
{
  RoofScale s;
  roof_scale_init (&s, TRUE, 1, 1e4, 100, 500);
  g_assert_cmpfloat (fabs (roof_scale_map (&s, 100) - 300), <, 1e-9);
  g_assert_cmpfloat (fabs (roof_scale_fraction (&s, 1e4) - 1), <, 1e-12);
  g_assert_cmpfloat (fabs (roof_scale_unmap (&s, 300) - 100), <, 1e-9);
  roof_scale_init (&s, FALSE, -2, 2, 400, 0);
  g_assert_cmpfloat (fabs (roof_scale_map (&s, 0) - 200), <, 1e-9);
  g_assert_cmpfloat (fabs (roof_scale_unmap (&s, 100) - 1), <, 1e-9);
}

static void
test_format (void)
{
  char b[64];
  roof_format_si (1500, 3, b, sizeof b);
  g_assert_cmpstr (b, ==, "1.5k");
  roof_format_si (999.96, 3, b, sizeof b);
  g_assert_cmpstr (b, ==, "1k");
  roof_format_si (2e18, 3, b, sizeof b);
  g_assert_cmpstr (b, ==, "2E");
  roof_format_si (0.25, 3, b, sizeof b);
  g_assert_cmpstr (b, ==, "0.25");
  roof_format_si (-2e6, 3, b, sizeof b);
  g_assert_cmpstr (b, ==, "−2M");
  roof_format_si (2e-5, 3, b, sizeof b);
  g_assert_cmpstr (b, ==, "2×10⁻⁵");
  roof_format_pow10 (-12, b, sizeof b);
  g_assert_cmpstr (b, ==, "10⁻¹²");
  roof_format_pow10 (18, b, sizeof b);
  g_assert_cmpstr (b, ==, "10¹⁸");
  roof_format_unit (3.35e12, "B/s", b, sizeof b);
  g_assert_cmpstr (b, ==, "3.35 TB/s");
  roof_format_unit (989.4e12, "FLOP/s", b, sizeof b);
  g_assert_cmpstr (b, ==, "989 TFLOP/s");
  roof_format_time (0.0294, b, sizeof b);
  g_assert_cmpstr (b, ==, "29.4 ms");
  roof_format_time (8.5e-4, b, sizeof b);
  g_assert_cmpstr (b, ==, "850 µs");
  roof_format_count (2048, b, sizeof b);
  g_assert_cmpstr (b, ==, "2048");
  roof_format_count (131072, b, sizeof b);
  g_assert_cmpstr (b, ==, "128k");
  roof_format_usd (0.0456, b, sizeof b);
  g_assert_cmpstr (b, ==, "$0.046");
  roof_format_usd (12.345, b, sizeof b);
  g_assert_cmpstr (b, ==, "$12.35");
  roof_format_number (295.3, 3, b, sizeof b);
  g_assert_cmpstr (b, ==, "295");
  roof_format_number (0.9995, 4, b, sizeof b);
  g_assert_cmpstr (b, ==, "0.9995");
}

/* Chart numbers take the locale's decimal point (the app and roofline-cli
 * run under the user's locale); grouping never. German writes 1,98; the C
 * locale of every other test stays 1.98. */
static void
test_format_locale (void)
{
  char buf[64];
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));
  RoofTicks t;

  if (setlocale (LC_NUMERIC, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("no de_DE.UTF-8 locale on this machine");
      return;
    }
  roof_format_number (1.98, 3, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "1,98");
  roof_format_number (-0.25, 3, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "\xe2\x88\x92" "0,25");
  roof_format_number (131072, 6, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "131072"); /* no grouping */
  roof_format_number (2.5e-5, 3, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "2,50e-05");
  roof_format_si (1500, 3, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "1,5k");
  roof_format_si (999.7, 3, buf, sizeof buf); /* rounds up a prefix */
  g_assert_cmpstr (buf, ==, "1k");
  roof_format_unit (3.35e12, "B/s", buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "3,35 TB/s");
  roof_format_time (0.02128, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "21,3 ms");
  roof_format_usd (26.83, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "$26,83");
  roof_format_usd (0.045, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "$0,045");
  /* a linear axis from 0 to 1 in steps of 0.2 */
  {
    RoofScale sc = { 0 };
    gboolean found = FALSE;
    g_assert_true (roof_scale_init (&sc, FALSE, 0.0, 1.0, 0.0, 500.0));
    roof_scale_ticks (&sc, 1.0, 40.0, 8.0, &t);
    for (int i = 0; i < t.n; i++)
      if (t.ticks[i].labelled && fabs (t.ticks[i].value - 0.4) < 1e-12)
        {
          g_assert_cmpstr (t.ticks[i].label, ==, "0,4");
          found = TRUE;
        }
    g_assert_true (found);
  }
  setlocale (LC_NUMERIC, old);
  roof_format_number (1.98, 3, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "1.98");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/scale/log-decades", test_log_decades);
  g_test_add_func ("/plot/scale/log-labels", test_log_labels);
  g_test_add_func ("/plot/scale/log-crowding", test_log_crowding);
  g_test_add_func ("/plot/scale/log-within-decade", test_log_within_decade);
  g_test_add_func ("/plot/scale/linear", test_linear);
  g_test_add_func ("/plot/scale/bad-ranges", test_bad_ranges);
  g_test_add_func ("/plot/scale/nice-bounds", test_nice_bounds);
  g_test_add_func ("/plot/scale/mapping", test_mapping);
  g_test_add_func ("/plot/scale/format", test_format);
  g_test_add_func ("/plot/scale/format-locale", test_format_locale);
  return g_test_run ();
}
