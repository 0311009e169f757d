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

char *
roof_format_significant (double value, int digits)
{
  return roof_number_significant (value, digits, ROOF_LOCALE_USER);
}

char *
roof_format_integer (double value)
{
  return roof_number_fixed (round (value), 0, ROOF_LOCALE_USER);
}

char *
roof_format (double value, RoofUnit unit)
{
  return roof_number_format (value, unit, ROOF_LOCALE_USER);
}

/* ------------------------------------------------------------------------ */
/* Numbers as the panels show them and read them                            */

static const char *
locale_decimal_point (void)
{
  const char *dp = localeconv ()->decimal_point;

  return dp != NULL && *dp != '\0' ? dp : ".";
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
      m = roof_number_plain (mantissa, 6, ROOF_LOCALE_USER);
      return g_strdup_printf ("%se%d", m, exponent);
    }
  return roof_number_plain (value, 6, ROOF_LOCALE_USER);
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
        g_autofree char *number = roof_number_plain (rounded, 6, ROOF_LOCALE_USER);

        return g_strdup_printf (_(units[i].format), number);
      }
  return roof_number_plain (round (count), 6, ROOF_LOCALE_USER);
}
