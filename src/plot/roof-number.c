/* roof-number.c — numbers as text: roofline-cli's tables, the app and the charts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <math.h>
#include <string.h>

#include "roof-number.h"

#define LOG_EPS 1e-9

/* Wide enough for "%.0f" of any double below 1e300 and many decimals. */
#define NUMBER_BUF 512

static double
pow10i (int k)
{
  return pow (10.0, (double) k);
}

/* "%.<decimals><conversion>" for g_ascii_formatd, which takes no "*":
 * written by hand, as g_snprintf cost more than the number itself in the
 * charts. At most 99 decimals. */
static void
float_format (char *fmt, int decimals, char conversion)
{
  int n = 0;
  decimals = CLAMP (decimals, 0, 99);
  fmt[n++] = '%';
  fmt[n++] = '.';
  if (decimals >= 10)
    fmt[n++] = (char) ('0' + decimals / 10);
  fmt[n++] = (char) ('0' + decimals % 10);
  fmt[n++] = conversion;
  fmt[n] = '\0';
}

/* ---------------------------------------------------------------------- */
/* Figures                                                                 */

typedef struct
{
  double factor;
  const char *suffix;
} Prefix;

static const Prefix time_prefixes[] = {
  { 1e-9, "ns" }, { 1e-6, "µs" }, { 1e-3, "ms" }, { 1.0, "s" },
};
static const Prefix byte_prefixes[] = {
  { 1.0, "B" }, { 1e3, "kB" }, { 1e6, "MB" }, { 1e9, "GB" }, { 1e12, "TB" }, { 1e15, "PB" },
};
static const Prefix bandwidth_prefixes[] = {
  { 1.0, "B/s" },   { 1e3, "kB/s" },  { 1e6, "MB/s" },
  { 1e9, "GB/s" },  { 1e12, "TB/s" }, { 1e15, "PB/s" },
};
static const Prefix flops_prefixes[] = {
  { 1.0, "FLOP/s" },   { 1e3, "kFLOP/s" },  { 1e6, "MFLOP/s" },  { 1e9, "GFLOP/s" },
  { 1e12, "TFLOP/s" }, { 1e15, "PFLOP/s" }, { 1e18, "EFLOP/s" },
};
static const Prefix flop_prefixes[] = {
  { 1.0, "FLOP" },   { 1e3, "kFLOP" },  { 1e6, "MFLOP" },  { 1e9, "GFLOP" },
  { 1e12, "TFLOP" }, { 1e15, "PFLOP" }, { 1e18, "EFLOP" },
};
static const Prefix count_prefixes[] = {
  { 1.0, "" }, { 1e3, "k" }, { 1e6, "M" }, { 1e9, "B" }, { 1e12, "T" },
};

char *
roof_number_fixed (double value, int decimals, RoofLocale locale)
{
  char fmt[8];
  char buf[NUMBER_BUF];
  gboolean nonzero = FALSE;

  if (!isfinite (value))
    return g_strdup ("—");
  float_format (fmt, CLAMP (decimals, 0, 30), 'f');
  g_ascii_formatd (buf, sizeof buf, fmt, value);
  if (locale == ROOF_LOCALE_USER)
    roof_format_localize (buf, sizeof buf);
  /* "-0.000": the sign of a value that rounds to zero says nothing */
  for (const char *p = buf; *p != '\0' && !nonzero; p++)
    nonzero = *p >= '1' && *p <= '9';
  if (buf[0] == '-' && !nonzero)
    memmove (buf, buf + 1, strlen (buf));
  return g_strdup (buf);
}

/* Decimals that show `value` with `digits` significant digits, after the
 * rounding (999.96 at 4 digits is 1000, one decimal fewer). */
static int
significant_decimals (double value, int digits)
{
  double a = fabs (value);
  if (a == 0.0 || !isfinite (a))
    return 0;
  int e = (int) floor (log10 (a));
  double q = pow10i (e - digits + 1);
  if (round (a / q) * q >= pow10i (e + 1))
    e++;
  return MAX (digits - 1 - e, 0);
}

char *
roof_number_significant (double value, int digits, RoofLocale locale)
{
  if (!isfinite (value))
    return g_strdup ("—");
  if (value == 0.0)
    return g_strdup ("0");
  return roof_number_fixed (value, significant_decimals (value, digits), locale);
}

static void strip_zeros (char *buf);

char *
roof_number_plain (double value, int digits, RoofLocale locale)
{
  char buf[NUMBER_BUF];
  g_autofree char *text = NULL;

  if (!isfinite (value))
    return g_strdup ("—");
  if (value == 0.0)
    return g_strdup ("0");
  /* stripped before the locale's point goes in, which may be any string */
  text = roof_number_fixed (value, CLAMP (digits - 1 - (int) floor (log10 (fabs (value))), 0, 10),
                            ROOF_LOCALE_C);
  g_strlcpy (buf, text, sizeof buf);
  strip_zeros (buf);
  if (locale == ROOF_LOCALE_USER)
    roof_format_localize (buf, sizeof buf);
  return g_strdup (buf);
}

static double
round_significant (double value, int digits)
{
  double a = fabs (value);
  if (a == 0.0)
    return 0.0;
  int e = (int) floor (log10 (a));
  double q = pow10i (e - digits + 1);
  return copysign (round (a / q) * q, value);
}

static char *
format_prefixed (double value, const Prefix *prefixes, gsize n_prefixes, RoofLocale locale)
{
  const int digits = 4;
  double a = fabs (value);
  gsize i = 0;

  if (a == 0.0)
    {
      /* zero reads best in the base unit */
      for (i = 0; i < n_prefixes && prefixes[i].factor != 1.0; i++)
        ;
      if (i == n_prefixes)
        i = 0;
      return g_strdup_printf ("0%s%s", *prefixes[i].suffix ? " " : "", prefixes[i].suffix);
    }
  while (i + 1 < n_prefixes && a >= prefixes[i + 1].factor)
    i++;
  /* 999.96 kB rounds to 1000 kB: show 1.000 MB instead (1e-6 / 1e-9 is not
   * exactly 1000 in binary floating point, hence the tolerance) */
  if (i + 1 < n_prefixes && fabs (round_significant (value / prefixes[i].factor, digits)) >= 1000.0
      && fabs (prefixes[i + 1].factor / prefixes[i].factor - 1000.0) < 1e-6)
    i++;

  g_autofree char *num = roof_number_significant (value / prefixes[i].factor, digits, locale);
  if (*prefixes[i].suffix == '\0')
    return g_steal_pointer (&num);
  return g_strdup_printf ("%s %s", num, prefixes[i].suffix);
}

#define PREFIXED(value, table, locale) format_prefixed (value, table, G_N_ELEMENTS (table), locale)

static char *
format_usd (double value, RoofLocale locale)
{
  g_autofree char *num = NULL;
  double a = fabs (value);

  if (a == 0.0)
    num = g_strdup ("0");
  else if (a >= 1000.0)
    num = roof_number_fixed (value, 0, locale);
  else if (a >= 1.0)
    num = roof_number_fixed (value, 2, locale);
  else
    num = roof_number_significant (value, 3, locale);
  /* the sign before the dollar: the app's is the typographic minus, the
   * command line's the one that reads back */
  if (num[0] == '-')
    return g_strdup_printf ("%s$%s", locale == ROOF_LOCALE_C ? "-" : "−", num + 1);
  return g_strdup_printf ("$%s", num);
}

char *
roof_number_format (double value, RoofUnit unit, RoofLocale locale)
{
  if (!isfinite (value))
    return g_strdup ("—");

  switch (unit)
    {
    case ROOF_UNIT_TIME:
      return PREFIXED (value, time_prefixes, locale);
    case ROOF_UNIT_BYTES:
      return PREFIXED (value, byte_prefixes, locale);
    case ROOF_UNIT_BANDWIDTH:
      return PREFIXED (value, bandwidth_prefixes, locale);
    case ROOF_UNIT_FLOPS:
      return PREFIXED (value, flops_prefixes, locale);
    case ROOF_UNIT_FLOP:
      return PREFIXED (value, flop_prefixes, locale);
    case ROOF_UNIT_COUNT:
      return PREFIXED (value, count_prefixes, locale);
    case ROOF_UNIT_INTENSITY:
      {
        g_autofree char *num = roof_number_significant (value, 4, locale);
        return g_strdup_printf ("%s FLOP/B", num);
      }
    case ROOF_UNIT_RATE:
      if (fabs (value) >= 1000.0)
        return roof_number_fixed (value, 0, locale);
      return roof_number_significant (value, 4, locale);
    case ROOF_UNIT_PERCENT:
      {
        double p = value * 100.0;
        if (p > 0.0 && p < 0.005)
          return g_strdup ("<0.01 %");
        g_autofree char *num
            = roof_number_fixed (p, MIN (significant_decimals (p, 4), 2), locale);
        return g_strdup_printf ("%s %%", num);
      }
    case ROOF_UNIT_USD:
      return format_usd (value, locale);
    case ROOF_UNIT_NONE:
    default:
      return roof_number_significant (value, 4, locale);
    }
}

/* ---------------------------------------------------------------------- */
/* Chart labels                                                           */

/* The charts speak the user's language, numbers included: the decimal
 * point of a number written in the C locale becomes LC_NUMERIC's ("1,98"
 * in German). Thousands are never grouped. */
void
roof_format_localize (char *buf, gsize size)
{
  const char *dp = localeconv ()->decimal_point;
  gsize dp_len = dp != NULL ? strlen (dp) : 0;
  char *dot = strchr (buf, '.');

  if (dot == NULL || dp_len == 0 || strcmp (dp, ".") == 0)
    return;
  gsize len = strlen (buf);
  if (len - 1 + dp_len >= size)
    return; /* no room: the C form rather than a cut one */
  memmove (dot + dp_len, dot + 1, len - (gsize) (dot - buf)); /* includes the NUL */
  memcpy (dot, dp, dp_len);
}

static void
strip_zeros (char *buf)
{
  char *dot = strchr (buf, '.');
  if (dot == NULL)
    return;
  char *end = buf + strlen (buf) - 1;
  while (end > dot && *end == '0')
    *end-- = '\0';
  if (end == dot)
    *end = '\0';
}

/* "−" for negative values: the typographic minus is as wide as "+". */
static void
prepend_minus (char *buf, gsize size)
{
  if (buf[0] != '-')
    return;
  gsize len = strlen (buf);
  if (len + 3 >= size)
    return;
  memmove (buf + 3, buf + 1, len); /* includes the NUL */
  memcpy (buf, "\xe2\x88\x92", 3);
}

void
roof_format_number (double v, int digits, char *buf, gsize size)
{
  char fmt[8];

  if (digits <= 0)
    digits = 3;
  if (!isfinite (v))
    {
      g_strlcpy (buf, "–", size);
      return;
    }
  if (v == 0.0)
    {
      g_strlcpy (buf, "0", size);
      return;
    }
  double a = fabs (v);
  int mag = (int) floor (log10 (a));
  if (mag >= 15 || mag < -4)
    {
      float_format (fmt, digits - 1, 'e');
      g_ascii_formatd (buf, size, fmt, v);
      prepend_minus (buf, size);
      roof_format_localize (buf, size);
      return;
    }
  int decimals = digits - 1 - mag;
  if (decimals < 0)
    decimals = 0;
  float_format (fmt, decimals, 'f');
  g_ascii_formatd (buf, size, fmt, v);
  strip_zeros (buf);
  prepend_minus (buf, size);
  roof_format_localize (buf, size);
}

static const char *const si_prefix[] = { "", "k", "M", "G", "T", "P", "E" };

const char *
roof_format_si_prefix (int g)
{
  return si_prefix[CLAMP (g, 0, 6)];
}

void
roof_format_fixed (double v, int decimals, char *buf, gsize size)
{
  char fmt[8];

  float_format (fmt, decimals, 'f');
  g_ascii_formatd (buf, size, fmt, v);
  prepend_minus (buf, size);
  roof_format_localize (buf, size);
}

void
roof_format_si (double v, int digits, char *buf, gsize size)
{
  if (digits <= 0)
    digits = 3;
  if (!isfinite (v) || v == 0.0)
    {
      roof_format_number (v, digits, buf, size);
      return;
    }
  double a = fabs (v);
  if (a < 1e-3)
    {
      /* mantissa × 10ⁿ: "m" and "µ" would read as million */
      int e = (int) floor (log10 (a) + LOG_EPS);
      double m = v / pow10i (e);
      char mant[24], pw[24];
      if (fabs (fabs (m) - 1.0) < 1e-6)
        {
          roof_format_pow10 (e, pw, sizeof pw);
          g_snprintf (buf, size, "%s%s", v < 0 ? "\xe2\x88\x92" : "", pw);
          return;
        }
      roof_format_number (m, digits, mant, sizeof mant);
      roof_format_pow10 (e, pw, sizeof pw);
      g_snprintf (buf, size, "%s\xc3\x97%s", mant, pw);
      return;
    }
  int g = a >= 1000.0 ? (int) floor (log10 (a) / 3.0 + LOG_EPS) : 0;
  if (g > 6)
    g = 6;
  double m = v / pow (1000.0, g);
  char num[32];
  roof_format_number (m, digits, num, sizeof num);
  /* 999.7 rounds to "1000": move up a prefix */
  if (g < 6 && fabs (g_ascii_strtod (num[0] == '\xe2' ? num + 3 : num, NULL)) >= 1000.0)
    {
      g++;
      m = v / pow (1000.0, g);
      roof_format_number (m, digits, num, sizeof num);
    }
  g_snprintf (buf, size, "%s%s", num, si_prefix[g]);
}

void
roof_format_pow10 (int exponent, char *buf, gsize size)
{
  static const char *const sup[] = { "\xe2\x81\xb0", "\xc2\xb9", "\xc2\xb2", "\xc2\xb3",
                                     "\xe2\x81\xb4", "\xe2\x81\xb5", "\xe2\x81\xb6",
                                     "\xe2\x81\xb7", "\xe2\x81\xb8", "\xe2\x81\xb9" };
  char digits[16];
  GString *s = g_string_new ("10");

  if (exponent < 0)
    g_string_append (s, "\xe2\x81\xbb"); /* superscript minus */
  g_snprintf (digits, sizeof digits, "%d", exponent < 0 ? -exponent : exponent);
  for (const char *p = digits; *p; p++)
    g_string_append (s, sup[*p - '0']);
  g_strlcpy (buf, s->str, size);
  g_string_free (s, TRUE);
}

void
roof_format_unit (double v, const char *unit, char *buf, gsize size)
{
  char num[40];

  if (!isfinite (v) || fabs (v) < 1000.0)
    {
      roof_format_number (v, 3, num, sizeof num);
      g_snprintf (buf, size, "%s %s", num, unit);
      return;
    }
  int g = (int) floor (log10 (fabs (v)) / 3.0 + LOG_EPS);
  if (g > 6)
    g = 6;
  double m = v / pow (1000.0, g);
  roof_format_number (m, 3, num, sizeof num);
  if (g < 6 && fabs (g_ascii_strtod (num, NULL)) >= 1000.0)
    {
      g++;
      roof_format_number (v / pow (1000.0, g), 3, num, sizeof num);
    }
  g_snprintf (buf, size, "%s %s%s", num, si_prefix[g], unit);
}

void
roof_format_time (double s, char *buf, gsize size)
{
  char num[32];
  const char *u;
  double v;

  if (!isfinite (s))
    {
      g_strlcpy (buf, "–", size);
      return;
    }
  double a = fabs (s);
  if (a >= 1.0 || a == 0.0)
    v = s, u = "s";
  else if (a >= 1e-3)
    v = s * 1e3, u = "ms";
  else if (a >= 1e-6)
    v = s * 1e6, u = "µs";
  else
    v = s * 1e9, u = "ns";
  roof_format_number (v, 3, num, sizeof num);
  if (strcmp (num, "1000") == 0 && g_strcmp0 (u, "s") != 0)
    {
      /* 999.96 ms */
      roof_format_time (s >= 0 ? a * 1.0001 : -a * 1.0001, buf, size);
      return;
    }
  g_snprintf (buf, size, "%s %s", num, u);
}

void
roof_format_count (double v, char *buf, gsize size)
{
  if (isfinite (v) && fabs (v) < 10000.0)
    {
      roof_format_number (v, 5, buf, size);
      return;
    }
  if (isfinite (v) && fmod (v, 1024.0) == 0.0 && v < 1024.0 * 1024.0 * 10.0)
    {
      char num[32];
      roof_format_number (v / 1024.0, 5, num, sizeof num);
      g_snprintf (buf, size, "%sk", num);
      return;
    }
  roof_format_si (v, 3, buf, size);
}

void
roof_format_usd (double v, char *buf, gsize size)
{
  char num[40];

  if (!isfinite (v))
    {
      g_strlcpy (buf, "–", size);
      return;
    }
  if (fabs (v) >= 1e6)
    {
      roof_format_si (v, 3, num, sizeof num);
      g_snprintf (buf, size, "$%s", num);
    }
  else if (fabs (v) >= 100.0)
    {
      g_ascii_formatd (num, sizeof num, "%.0f", v);
      g_snprintf (buf, size, "$%s", num);
    }
  else if (fabs (v) >= 1.0)
    {
      g_ascii_formatd (num, sizeof num, "%.2f", v);
      roof_format_localize (num, sizeof num);
      g_snprintf (buf, size, "$%s", num);
    }
  else
    {
      roof_format_number (v, 2, num, sizeof num);
      g_snprintf (buf, size, "$%s", num);
    }
}

void
roof_csv_append_field (GString *line, const char *text)
{
  g_return_if_fail (line != NULL);

  if (text == NULL)
    return;
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (line, text);
      return;
    }
  g_string_append_c (line, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *p);
    }
  g_string_append_c (line, '"');
}
