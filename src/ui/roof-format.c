/* roof-format.c — numbers with units for the app, in the user's locale
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-format.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

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
  { 1.0, "B/s" }, { 1e3, "kB/s" }, { 1e6, "MB/s" }, { 1e9, "GB/s" }, { 1e12, "TB/s" },
  { 1e15, "PB/s" },
};
static const Prefix flops_prefixes[] = {
  { 1.0, "FLOP/s" },   { 1e3, "kFLOP/s" },  { 1e6, "MFLOP/s" },  { 1e9, "GFLOP/s" },
  { 1e12, "TFLOP/s" }, { 1e15, "PFLOP/s" }, { 1e18, "EFLOP/s" },
};
static const Prefix flop_prefixes[] = {
  { 1.0, "FLOP" },   { 1e3, "kFLOP" },  { 1e6, "MFLOP" },  { 1e9, "GFLOP" },
  { 1e12, "TFLOP" }, { 1e15, "PFLOP" }, { 1e18, "EFLOP" },
};

/* Decimals that show `value` with `digits` significant digits, after the
 * rounding (999.96 at 4 digits is 1000: one decimal fewer). */
static int
significant_decimals (double value, int digits)
{
  double a = fabs (value);
  if (a == 0.0 || !isfinite (a))
    return 0;
  int e = (int) floor (log10 (a));
  double q = pow (10.0, e - digits + 1);
  if (round (a / q) * q >= pow (10.0, e + 1))
    e++;
  return MAX (digits - 1 - e, 0);
}

static double
round_significant (double value, int digits)
{
  double a = fabs (value);
  if (a == 0.0 || !isfinite (a))
    return value;
  int e = (int) floor (log10 (a));
  double q = pow (10.0, e - digits + 1);
  return copysign (round (a / q) * q, value);
}

/* Locale-aware fixed-point text with digit grouping (the ' flag of POSIX
 * printf, which glibc implements for LC_NUMERIC). */
static char *
format_fixed (double value, int decimals)
{
  char buf[512];

  decimals = CLAMP (decimals, 0, 20);
  if (fabs (value) >= 1e300)
    return g_strdup ("—");
  snprintf (buf, sizeof buf, "%'.*f", decimals, value);
  /* "-0.00": the sign of a value that rounds to zero says nothing */
  if (buf[0] == '-')
    {
      gboolean all_zero = TRUE;
      for (const char *p = buf + 1; *p; p++)
        if (*p >= '1' && *p <= '9')
          all_zero = FALSE;
      if (all_zero)
        memmove (buf, buf + 1, strlen (buf));
    }
  return g_strdup (buf);
}

char *
roof_format_significant (double value, int digits)
{
  if (!isfinite (value))
    return g_strdup ("—");
  if (value == 0.0)
    return g_strdup ("0");
  return format_fixed (value, significant_decimals (value, digits));
}

char *
roof_format_integer (double value)
{
  if (!isfinite (value))
    return g_strdup ("—");
  return format_fixed (round (value), 0);
}

static char *
format_prefixed (double value, const Prefix *prefixes, gsize n)
{
  const int digits = 4;
  double a = fabs (value);
  gsize i = 0;

  if (a == 0.0)
    {
      for (i = 0; i < n && prefixes[i].factor != 1.0; i++)
        ;
      if (i == n)
        i = 0;
      return g_strdup_printf ("0 %s", prefixes[i].suffix);
    }
  while (i + 1 < n && a >= prefixes[i + 1].factor)
    i++;
  /* 999.96 kB rounds to 1000 kB: show 1.000 MB instead */
  if (i + 1 < n && fabs (round_significant (value / prefixes[i].factor, digits)) >= 1000.0
      && prefixes[i + 1].factor / prefixes[i].factor == 1000.0)
    i++;

  g_autofree char *num = roof_format_significant (value / prefixes[i].factor, digits);
  return g_strdup_printf ("%s %s", num, prefixes[i].suffix);
}

char *
roof_format (double value, RoofUnit unit)
{
  if (!isfinite (value))
    return g_strdup ("—");

  switch (unit)
    {
    case ROOF_UNIT_TIME:
      return format_prefixed (value, time_prefixes, G_N_ELEMENTS (time_prefixes));
    case ROOF_UNIT_BYTES:
      return format_prefixed (value, byte_prefixes, G_N_ELEMENTS (byte_prefixes));
    case ROOF_UNIT_BANDWIDTH:
      return format_prefixed (value, bandwidth_prefixes, G_N_ELEMENTS (bandwidth_prefixes));
    case ROOF_UNIT_FLOPS:
      return format_prefixed (value, flops_prefixes, G_N_ELEMENTS (flops_prefixes));
    case ROOF_UNIT_FLOP:
      return format_prefixed (value, flop_prefixes, G_N_ELEMENTS (flop_prefixes));
    case ROOF_UNIT_INTENSITY:
      {
        g_autofree char *num = roof_format_significant (value, 4);
        return g_strdup_printf ("%s FLOP/B", num);
      }
    case ROOF_UNIT_RATE:
      if (fabs (value) >= 1000.0)
        return format_fixed (value, 0);
      return roof_format_significant (value, 4);
    case ROOF_UNIT_USD:
      {
        g_autofree char *num = NULL;
        double a = fabs (value);
        if (a == 0.0)
          num = g_strdup ("0");
        else if (a >= 1000.0)
          num = format_fixed (a, 0);
        else if (a >= 1.0)
          num = format_fixed (a, 2);
        else
          num = roof_format_significant (a, 3);
        return g_strdup_printf ("%s$%s", value < 0.0 ? "−" : "", num);
      }
    case ROOF_UNIT_PERCENT:
      {
        double p = value * 100.0;
        if (p > 0.0 && p < 0.005)
          return g_strdup ("<0.01 %");
        g_autofree char *num = format_fixed (p, MIN (significant_decimals (p, 4), 2));
        return g_strdup_printf ("%s %%", num);
      }
    case ROOF_UNIT_NONE:
    default:
      return roof_format_significant (value, 4);
    }
}

/* ------------------------------------------------------------------------ */
/* Numbers as the panels show them and read them                            */

static const char *
locale_decimal_point (void)
{
  const char *dp = localeconv ()->decimal_point;

  return dp != NULL && *dp != '\0' ? dp : ".";
}

/* `value` with at most six significant digits and no trailing zeros. */
static char *
format_plain (double value)
{
  double a = fabs (value);
  const char *dp = locale_decimal_point ();
  int decimals;
  char *text;
  char *point;

  if (a == 0)
    return g_strdup ("0");
  decimals = CLAMP (5 - (int) floor (log10 (a)), 0, 10);
  /* no grouping below five digits: years and four-digit figures read better */
  if (a >= 9999.5)
    text = g_strdup_printf ("%'.*f", decimals, value);
  else
    text = g_strdup_printf ("%.*f", decimals, value);

  point = strstr (text, dp);
  if (point != NULL)
    {
      char *end = text + strlen (text);

      while (end > point + strlen (dp) && end[-1] == '0')
        end--;
      if (end == point + strlen (dp))
        end = point;
      *end = '\0';
    }
  if (strcmp (text, "-0") == 0)
    {
      g_free (text);
      text = g_strdup ("0");
    }
  return text;
}

char *
roof_ui_format_number (double value)
{
  double a = fabs (value);

  if (!isfinite (value))
    return g_strdup (ROOF_UI_NONE_TEXT);
  if (a >= 1e9)
    {
      int exponent = 3 * (int) floor (log10 (a) / 3);
      double mantissa = value / pow (10, exponent);
      g_autofree char *m = NULL;

      /* 999.9999e9 rounds up to 1000e9: carry into the next exponent */
      if (fabs (mantissa) >= 999.9995)
        {
          exponent += 3;
          mantissa /= 1000;
        }
      m = format_plain (mantissa);
      return g_strdup_printf ("%se%d", m, exponent);
    }
  return format_plain (value);
}

gboolean
roof_ui_parse_number (const char *text, double *value)
{
  struct lconv *lc = localeconv ();
  const char *dp = locale_decimal_point ();
  const char *ts = lc->thousands_sep != NULL ? lc->thousands_sep : "";
  g_autoptr (GString) ascii = g_string_new (NULL);
  gboolean point = FALSE;
  char *end = NULL;
  double v;

  g_return_val_if_fail (text != NULL, FALSE);

  for (const char *p = text; *p != '\0';)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        return FALSE;
      if (g_unichar_isspace (c) || c == 0x00A0 || c == 0x202F || c == 0x2009)
        ; /* spaces, including the narrow no-break space some locales group with */
      else if (*ts != '\0' && strcmp (ts, dp) != 0 && strncmp (p, ts, strlen (ts)) == 0)
        {
          /* grouping after the decimal point: another locale's number */
          if (point)
            return FALSE;
          p += strlen (ts);
          continue;
        }
      else if (strncmp (p, dp, strlen (dp)) == 0)
        {
          g_string_append_c (ascii, '.');
          point = TRUE;
          p += strlen (dp);
          continue;
        }
      else if (c == ',' && strcmp (dp, ".") == 0)
        {
          /* grouping typed in a locale that defines none (C, en without it) */
          if (point)
            return FALSE;
        }
      else if (c == 0x2212) /* minus sign */
        g_string_append_c (ascii, '-');
      else if (g_ascii_isdigit (c) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')
        {
          point = point || c == '.';
          g_string_append_c (ascii, (char) c);
        }
      else
        return FALSE;
      p = g_utf8_next_char (p);
    }

  if (ascii->len == 0)
    return FALSE;
  v = g_ascii_strtod (ascii->str, &end);
  if (end == ascii->str || *end != '\0' || !isfinite (v))
    return FALSE;
  if (value != NULL)
    *value = v;
  return TRUE;
}

char *
roof_ui_format_count (double count)
{
  static const struct
  {
    double scale;
    const char *format;
  } units[] = {
    /* Translators: %s is a number such as 70.55 */
    { 1e12, N_("%s trillion") },
    /* Translators: %s is a number such as 70.55 */
    { 1e9, N_("%s billion") },
    /* Translators: %s is a number such as 70.55 */
    { 1e6, N_("%s million") },
  };

  if (!isfinite (count))
    return g_strdup (ROOF_UI_NONE_TEXT);
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (fabs (count) >= units[i].scale * 0.9995)
      {
        /* two decimals at most: 70.55 billion, 8.03 billion */
        double rounded = round (count / units[i].scale * 100) / 100;
        g_autofree char *number = format_plain (rounded);

        return g_strdup_printf (_(units[i].format), number);
      }
  return format_plain (round (count));
}
