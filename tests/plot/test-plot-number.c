/* test-plot-number.c — the shared number formatter (roof-number.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The figures of roofline-cli's tables and of the app: units chosen by
 * magnitude, rounding that moves up a prefix, no "-0", and the decimal point
 * of the locale only when asked for. Runs with LC_ALL=C.UTF-8; the German
 * cases are skipped on a machine without de_DE.UTF-8.
 */
#include <locale.h>
#include <math.h>

#include "roof-number.h"

static void
assert_number (double value, RoofUnit unit, RoofLocale locale, const char *expected)
{
  g_autofree char *s = roof_number_format (value, unit, locale);
  g_assert_cmpstr (s, ==, expected);
}

#define C ROOF_LOCALE_C
#define USER ROOF_LOCALE_USER

static void
test_units_by_magnitude (void)
{
  assert_number (2.5e-9, ROOF_UNIT_TIME, C, "2.500 ns");
  assert_number (151.3e-6, ROOF_UNIT_TIME, C, "151.3 µs");
  assert_number (0.04253, ROOF_UNIT_TIME, C, "42.53 ms");
  assert_number (7.146, ROOF_UNIT_TIME, C, "7.146 s");
  assert_number (7146.0, ROOF_UNIT_TIME, C, "7146 s"); /* no unit past seconds */
  assert_number (512.0, ROOF_UNIT_BYTES, C, "512.0 B");
  assert_number (1342504960.0, ROOF_UNIT_BYTES, C, "1.343 GB");
  assert_number (3.35e12, ROOF_UNIT_BANDWIDTH, C, "3.350 TB/s");
  assert_number (2.25e15, ROOF_UNIT_FLOPS, C, "2.250 PFLOP/s");
  assert_number (3.2e21, ROOF_UNIT_FLOPS, C, "3200 EFLOP/s"); /* past the last prefix */
  assert_number (33.55e6, ROOF_UNIT_FLOP, C, "33.55 MFLOP");
  assert_number (999.0, ROOF_UNIT_COUNT, C, "999.0");
  assert_number (70.55e9, ROOF_UNIT_COUNT, C, "70.55 B");
  assert_number (295.343, ROOF_UNIT_INTENSITY, C, "295.3 FLOP/B");
  assert_number (23.8655, ROOF_UNIT_RATE, C, "23.87");
  assert_number (64270.4, ROOF_UNIT_RATE, C, "64270");
  assert_number (0.0036117, ROOF_UNIT_PERCENT, C, "0.36 %");
  assert_number (0.00001, ROOF_UNIT_PERCENT, C, "<0.01 %");
  assert_number (1234.6, ROOF_UNIT_USD, C, "$1235"); /* whole dollars, never grouped */
  assert_number (2.694, ROOF_UNIT_USD, C, "$2.69");
  assert_number (0.0116, ROOF_UNIT_USD, C, "$0.0116");
  assert_number (1.23456, ROOF_UNIT_NONE, C, "1.235");
  assert_number (NAN, ROOF_UNIT_TIME, C, "—");
  assert_number (INFINITY, ROOF_UNIT_USD, C, "—");
}

/* 999.95 has four nines after rounding to four digits: 1000, one decimal
 * fewer, and with a unit the next prefix up. */
static void
test_rounding_boundaries (void)
{
  g_autofree char *a = roof_number_significant (999.95, 4, C);
  g_autofree char *b = roof_number_significant (999.94, 4, C);
  g_autofree char *c = roof_number_significant (0.99996, 4, C);
  g_autofree char *d = roof_number_significant (-999.95, 4, C);

  g_assert_cmpstr (a, ==, "1000");
  g_assert_cmpstr (b, ==, "999.9");
  g_assert_cmpstr (c, ==, "1.000");
  g_assert_cmpstr (d, ==, "-1000");
  assert_number (999.96e3, ROOF_UNIT_BYTES, C, "1.000 MB");
  assert_number (999.94e3, ROOF_UNIT_BYTES, C, "999.9 kB");
  assert_number (0.99996, ROOF_UNIT_TIME, C, "1.000 s");
  /* below a second the prefixes' ratio is not exactly 1000 in binary:
   * 999.96 ns and 999.96 µs printed "1000 ns" and "1000 µs" */
  assert_number (999.96e-9, ROOF_UNIT_TIME, C, "1.000 µs");
  assert_number (999.96e-6, ROOF_UNIT_TIME, C, "1.000 ms");
  assert_number (999.94e-6, ROOF_UNIT_TIME, C, "999.9 µs");
  assert_number (999.96e12, ROOF_UNIT_FLOPS, C, "1.000 PFLOP/s");
  assert_number (999.996, ROOF_UNIT_USD, C, "$1000.00"); /* cents below $1,000 */
  assert_number (0.99996, ROOF_UNIT_USD, C, "$1.00");
}

static void
test_negative_zero (void)
{
  g_autofree char *a = roof_number_fixed (-0.0001, 2, C);
  g_autofree char *b = roof_number_fixed (-0.0, 0, C);
  g_autofree char *c = roof_number_significant (-0.0, 4, C);
  g_autofree char *d = roof_number_fixed (-0.004, 3, C);

  g_assert_cmpstr (a, ==, "0.00");
  g_assert_cmpstr (b, ==, "0");
  g_assert_cmpstr (c, ==, "0");
  g_assert_cmpstr (d, ==, "-0.004"); /* not zero once rounded: the sign stays */
  assert_number (-0.0, ROOF_UNIT_TIME, C, "0 s");
  assert_number (-0.0, ROOF_UNIT_USD, C, "$0");
  assert_number (-0.0, ROOF_UNIT_COUNT, C, "0");
  assert_number (-0.0, ROOF_UNIT_PERCENT, C, "0 %");
  /* a negative price: the command line's sign reads back, the app's is typographic */
  assert_number (-2.5, ROOF_UNIT_USD, C, "-$2.50");
  assert_number (-2.5, ROOF_UNIT_USD, USER, "−$2.50");
}

/* In German the app writes a decimal comma and roofline-cli still a point;
 * neither groups thousands. */
static void
test_locale (void)
{
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));

  if (setlocale (LC_NUMERIC, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("no de_DE.UTF-8 locale on this machine");
      return;
    }
  assert_number (0.04253, ROOF_UNIT_TIME, USER, "42,53 ms");
  assert_number (0.04253, ROOF_UNIT_TIME, C, "42.53 ms");
  assert_number (64270.4, ROOF_UNIT_RATE, USER, "64270");
  assert_number (1234567.0, ROOF_UNIT_USD, USER, "$1234567");
  assert_number (2.694, ROOF_UNIT_USD, USER, "$2,69");
  assert_number (0.0036117, ROOF_UNIT_PERCENT, USER, "0,36 %");
  assert_number (999.96e3, ROOF_UNIT_BYTES, USER, "1,000 MB");
  {
    g_autofree char *z = roof_number_fixed (-0.0001, 2, USER);
    g_autofree char *e = roof_number_fixed (-1.0005, 3, USER);
    char buf[32];

    g_assert_cmpstr (z, ==, "0,00");
    g_assert_cmpstr (e, ==, "-1,000"); /* %.3f rounds the double below 1.0005 down */
    roof_format_fixed (-1.5, 2, buf, sizeof buf);
    g_assert_cmpstr (buf, ==, "\xe2\x88\x92" "1,50");
  }
  {
    g_autofree char *p = roof_number_plain (0.515625, 6, USER);
    g_autofree char *q = roof_number_plain (131072, 6, USER);

    g_assert_cmpstr (p, ==, "0,515625");
    g_assert_cmpstr (q, ==, "131072"); /* no grouping */
  }
  setlocale (LC_NUMERIC, old);
  assert_number (0.04253, ROOF_UNIT_TIME, USER, "42.53 ms");
}

/* The panels' numbers: six significant digits, trailing zeros dropped. */
static void
test_plain (void)
{
  static const struct
  {
    double value;
    const char *text;
  } cases[] = {
    { 0.515625, "0.515625" }, { 1.0 / 3, "0.333333" }, { 989.4, "989.4" },
    { 131072, "131072" },     { 2.1e7, "21000000" },   { -5, "-5" },
    { 999999.7, "1000000" },  { 1e-12, "0" },          { -1e-12, "0" }, /* 10 decimals at most */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = roof_number_plain (cases[i].value, 6, C);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
  {
    g_autofree char *nan_text = roof_number_plain (NAN, 6, C);
    g_assert_cmpstr (nan_text, ==, "—");
  }
}

static void
test_chart_helpers (void)
{
  char buf[32];

  roof_format_fixed (-1.5, 2, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "\xe2\x88\x92" "1.50");
  roof_format_fixed (2.0, 0, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "2");
  g_assert_cmpstr (roof_format_si_prefix (0), ==, "");
  g_assert_cmpstr (roof_format_si_prefix (4), ==, "T");
  g_assert_cmpstr (roof_format_si_prefix (9), ==, "E"); /* clamped */
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/number/units-by-magnitude", test_units_by_magnitude);
  g_test_add_func ("/plot/number/rounding-boundaries", test_rounding_boundaries);
  g_test_add_func ("/plot/number/negative-zero", test_negative_zero);
  g_test_add_func ("/plot/number/locale", test_locale);
  g_test_add_func ("/plot/number/plain", test_plain);
  g_test_add_func ("/plot/number/chart-helpers", test_chart_helpers);
  return g_test_run ();
}
