/* test-cli-numbers.c — roof_cli_put_double and roof_cli_put_int against printf
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The texts every JSON and CSV number of roofline-cli takes (docs/cli.md):
 * a whole number below 1e16 as "%.0f"; any other finite value as the first
 * of "%.15g", "%.16g" and "%.17g" that strtod reads back to the value; zero
 * as "0", negative zero as "-0.0"; "null" when not finite. The reference
 * text is computed here from g_ascii_formatd and g_ascii_strtod, not through
 * the code under test or roof_json_format_double, and compared byte for
 * byte on edge values and on some two million others, drawn where the exact
 * integer formatter works (1e-6 ≤ |x| < 2^53), across the whole range of
 * exponents, subnormals included, and at ties of 15 and 16 digits.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "roof-cli-format.h"

/* The rule above, from printf and strtod */
static void
reference (double v, char buf[64])
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };

  if (!isfinite (v))
    {
      strcpy (buf, "null");
      return;
    }
  if (v == 0.0)
    {
      strcpy (buf, signbit (v) ? "-0.0" : "0");
      return;
    }
  if (fabs (v) < 1e16 && floor (v) == v)
    {
      g_ascii_formatd (buf, 64, "%.0f", v);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, 64, formats[i], v);
      if (g_ascii_strtod (buf, NULL) == v)
        return;
    }
  g_assert_not_reached ();
}

static void
assert_double (double v)
{
  char want[64];
  char got[ROOF_CLI_NUMBER_MAX + 1];
  gsize len;

  reference (v, want);
  len = roof_cli_put_double (got, v);
  g_assert_cmpuint (len, <=, ROOF_CLI_NUMBER_MAX);
  got[len] = '\0';
  if (strcmp (got, want) != 0)
    g_error ("%a (%.17g): roof_cli_put_double gives \"%s\", printf \"%s\"", v, v, got, want);
}

static double
from_bits (guint64 bits)
{
  double v;

  memcpy (&v, &bits, sizeof v);
  return v;
}

static guint64
random64 (GRand *rand)
{
  return ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
}

static void
test_double_edges (void)
{
  static const double edges[] = {
    0.0, 1.0, -1.0, 0.5, 0.1, 0.2, 0.3, 0.1 + 0.2, 1.0 / 3.0, 2.0 / 3.0,
    1e-6, 1e-7, 9.99999e-7, 1e-5, 1e-4, 1e-3, 0.01, 123.456, -123.456,
    1e-300, -1e-300, 1e300, -1e300, 1e308, 1.7976931348623157e308,
    2.2250738585072014e-308, 2.225073858507201e-308, 4.9406564584124654e-324,
    1e-320, 123456789012345.6, 999999999999999.9, 1e15 + 0.5, 4503599627370495.5,
    9007199254740991.0, 9007199254740992.0, 9007199254740993.0, 9999999999999998.0,
    1e16, 1.5e16, 1e17, 1e21, 1e22, 1e23, 6.02214076e23, 0.07, 8.4229999999999997,
    99.99999999999999, 9.999999999999998, 3.0000000000000004, 4.35e-12,
    /* integers: small, at 2^53 and at the 1e16 boundary */
    42.0, -42.0, 1e15, 4096.0, 142442523904.0, 9999999999999999.0,
  };

  for (gsize i = 0; i < G_N_ELEMENTS (edges); i++)
    assert_double (edges[i]);
  assert_double (-0.0);
  assert_double (NAN);
  assert_double (INFINITY);
  assert_double (-INFINITY);
  /* the neighbours of every power of ten and of two in range, both sides */
  for (int e = -320; e <= 308; e++)
    {
      double p = pow (10.0, e);

      for (int s = -4; s <= 4; s++)
        {
          double v = p;

          for (int k = 0; k < ABS (s); k++)
            v = nextafter (v, s < 0 ? 0.0 : INFINITY);
          if (v > 0.0 && isfinite (v))
            {
              assert_double (v);
              assert_double (-v);
            }
        }
    }
  for (int e = -1074; e <= 1023; e++)
    {
      double p = ldexp (1.0, e);

      assert_double (p);
      assert_double (nextafter (p, 0.0));
      assert_double (nextafter (p, INFINITY));
    }
}

/* Uniform bits: every exponent, subnormals, NaNs and infinities alike */
static void
test_double_bits (void)
{
  GRand *rand = g_rand_new_with_seed (20261125);

  for (int i = 0; i < 400000; i++)
    assert_double (from_bits (random64 (rand)));
  /* subnormals */
  for (int i = 0; i < 50000; i++)
    assert_double (from_bits (random64 (rand) & ((G_GUINT64_CONSTANT (1) << 52) - 1)));
  g_rand_free (rand);
}

/* Where the exact formatter works: a random mantissa at each binary exponent
 * from 2^-20 to 2^53, and halves, quarters… of whole numbers near 2^53 */
static void
test_double_exact_range (void)
{
  GRand *rand = g_rand_new_with_seed (11);

  for (int i = 0; i < 1000000; i++)
    {
      guint64 mantissa = random64 (rand) & ((G_GUINT64_CONSTANT (1) << 52) - 1);
      guint64 exponent = (guint64) g_rand_int_range (rand, 1023 - 21, 1023 + 54);
      double v = from_bits ((exponent << 52) | mantissa);

      assert_double (g_rand_boolean (rand) ? v : -v);
    }
  for (int i = 0; i < 100000; i++)
    {
      double whole = (double) (random64 (rand) >> g_rand_int_range (rand, 11, 63));
      int bits = g_rand_int_range (rand, 1, 8);

      assert_double (whole + ldexp ((double) g_rand_int_range (rand, 1, 1 << bits), -bits));
    }
  g_rand_free (rand);
}

/* Values like the solver's: quotients of short decimals, and decimals of
 * 15, 16 and 17 digits, with a 5 after the 15th or 16th (the ties of the
 * shorter candidates), read back to the nearest double */
static void
test_double_decimals (void)
{
  GRand *rand = g_rand_new_with_seed (5);

  for (int i = 0; i < 200000; i++)
    {
      double a = g_rand_int_range (rand, 1, 1000000) / 1000.0;
      double b = g_rand_int_range (rand, 1, 1000000) / 100.0;

      assert_double (a / b * pow (10.0, g_rand_int_range (rand, -12, 16)));
    }
  for (int i = 0; i < 300000; i++)
    {
      char text[64];
      int digits = g_rand_int_range (rand, 15, 18);
      guint64 m = g_rand_int_range (rand, 1, 10);

      for (int d = 1; d < digits; d++)
        m = m * 10 + (guint64) g_rand_int_range (rand, 0, 10);
      if (i % 2 == 0)
        m = m / 10 * 10 + 5; /* ends in 5 */
      g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT "e%d", m,
                  g_rand_int_range (rand, -30, 10));
      assert_double (g_ascii_strtod (text, NULL));
    }
  g_rand_free (rand);
}

/* roof_cli_put_int against "%" G_GINT64_FORMAT */
static void
test_int (void)
{
  static const gint64 edges[] = {
    0, 1, -1, 9, 10, 99, 100, 101, 999, 1000, -1000, 4096, 142442523904,
    G_MAXINT32, G_MININT32, G_MAXINT64, G_MININT64, G_MAXINT64 - 1, G_MININT64 + 1,
  };
  GRand *rand = g_rand_new_with_seed (7);

  for (gsize i = 0; i < G_N_ELEMENTS (edges) + 200000; i++)
    {
      gint64 v = i < G_N_ELEMENTS (edges)
                   ? edges[i]
                   : (gint64) (random64 (rand) >> g_rand_int_range (rand, 0, 64));
      char want[32];
      char got[ROOF_CLI_NUMBER_MAX + 1];
      gsize len;

      if (i >= G_N_ELEMENTS (edges) && g_rand_boolean (rand))
        v = -v;
      g_snprintf (want, sizeof want, "%" G_GINT64_FORMAT, v);
      len = roof_cli_put_int (got, v);
      got[len] = '\0';
      g_assert_cmpstr (got, ==, want);
    }
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/numbers/double/edges", test_double_edges);
  g_test_add_func ("/cli/numbers/double/bits", test_double_bits);
  g_test_add_func ("/cli/numbers/double/exact-range", test_double_exact_range);
  g_test_add_func ("/cli/numbers/double/decimals", test_double_decimals);
  g_test_add_func ("/cli/numbers/int", test_int);
  return g_test_run ();
}
