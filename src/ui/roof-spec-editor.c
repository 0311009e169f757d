/* roof-spec-editor.c — every field of a catalog entry, edited live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows are built once per entry (and again only when its shape changes:
 * a cache added, a model turned MoE). Typing never rebuilds anything: each
 * keystroke that parses goes to roof_spec_set_number and friends, and the
 * spec's ::changed refreshes every other field in place. The field being
 * typed in and fields holding a refused value keep their text.
 */
#include "config.h"

#include "roof-spec-editor.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "roof-solver.h"

typedef enum
{
  CONTROL_NUMBER,
  CONTROL_SWITCH,
  CONTROL_DROPDOWN,
  CONTROL_ENTRY,
} ControlKind;

typedef struct _Field Field;

struct _RoofSpecEditor
{
  GtkWidget parent_instance;

  RoofSpec *spec;
  gulong changed_handler;

  GPtrArray *fields;      /* Field, owned */
  GPtrArray *cache_groups; /* AdwPreferencesGroup, one per cache, unowned */
  Field *editing;         /* the field whose edit the spec is applying */
  char *shape;            /* what the rows were built for, see shape_of () */
  guint rebuild_source;
};

struct _Field
{
  RoofSpecEditor *editor;
  const RoofFieldSpec *schema;
  ControlKind kind;
  char *path;
  char *label;
  char *help;
  GtkWidget *row;     /* AdwEntryRow for numbers and strings, else AdwActionRow */
  GtkWidget *control; /* owned reference: the row itself when it is an AdwEntryRow */
  const char *const *choices; /* dropdowns: item i + 1 is choices[i]; item 0 is "absent" */
  gboolean optional;
  gboolean absent;
  gboolean in_error;
  gboolean updating; /* we are changing the control ourselves */
};

G_DEFINE_FINAL_TYPE (RoofSpecEditor, roof_spec_editor, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SPEC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Shown for an absent optional value (and in dropdowns, to choose absence). */
#define NONE_TEXT "—"

/* Booleans whose default (when the entry leaves them out) is true. */
static const char *const true_by_default[] = { "ffn_gated", NULL };

static void field_refresh (Field *f, gboolean force);
static void schedule_rebuild (RoofSpecEditor *self);

/* ------------------------------------------------------------------------ */
/* Numbers                                                                  */

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
    return g_strdup (NONE_TEXT);
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
    return g_strdup (NONE_TEXT);
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

static gboolean
text_is_none (const char *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  return *stripped == '\0' || strcmp (stripped, NONE_TEXT) == 0;
}

/* ------------------------------------------------------------------------ */
/* Rows the panels share                                                    */

static gboolean
same_number (double a, double b, double tolerance)
{
  return a == b || fabs (a - b) <= tolerance * MAX (fabs (a), fabs (b));
}

/* ---- a line under a row ---- */

#define ROW_NOTE "roof-row-note"   /* the AdwPreferencesRow under the row, owned */
#define ROW_HINT "roof-row-hint"   /* char *, owned */
#define ROW_ERROR "roof-row-error" /* char *, owned */

static GtkWidget *
note_row_new (void)
{
  GtkWidget *note = adw_preferences_row_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_add_css_class (label, "caption");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (note), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (note), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (note), FALSE);
  /* the row it explains is what the keyboard goes to */
  gtk_widget_set_focusable (note, FALSE);
  gtk_widget_set_name (note, "row-note");
  return note;
}

static void
row_update_note (GtkWidget *row)
{
  const char *error = g_object_get_data (G_OBJECT (row), ROW_ERROR);
  const char *hint = g_object_get_data (G_OBJECT (row), ROW_HINT);
  const char *text = error != NULL ? error : hint;
  GtkWidget *note = g_object_get_data (G_OBJECT (row), ROW_NOTE);
  GtkWidget *parent = gtk_widget_get_parent (row);
  GtkWidget *label;

  if (note == NULL)
    {
      /* made when first needed, right under the row in its list */
      if (text == NULL || !GTK_IS_LIST_BOX (parent))
        return;
      note = note_row_new ();
      gtk_list_box_insert (GTK_LIST_BOX (parent), note,
                           gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)) + 1);
      g_object_set_data_full (G_OBJECT (row), ROW_NOTE, g_object_ref (note), g_object_unref);
    }
  label = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (note));
  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
  if (error != NULL)
    {
      gtk_widget_remove_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "error");
    }
  else
    {
      gtk_widget_remove_css_class (label, "error");
      gtk_widget_add_css_class (label, "dim-label");
    }
  gtk_widget_set_visible (note, text != NULL && gtk_widget_get_visible (row));
}

void
roof_ui_row_set_hint (GtkWidget *row, const char *hint)
{
  g_return_if_fail (GTK_IS_LIST_BOX_ROW (row));

  g_object_set_data_full (G_OBJECT (row), ROW_HINT, g_strdup (hint), g_free);
  row_update_note (row);
}

void
roof_ui_row_set_error (GtkWidget *row, const char *message, const char *description)
{
  g_return_if_fail (GTK_IS_LIST_BOX_ROW (row));

  if (message == NULL && g_object_get_data (G_OBJECT (row), ROW_ERROR) == NULL)
    return;
  g_object_set_data_full (G_OBJECT (row), ROW_ERROR, g_strdup (message), g_free);
  if (message != NULL)
    {
      gtk_widget_add_css_class (row, "error");
      gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_INVALID,
                                   GTK_ACCESSIBLE_INVALID_TRUE, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      message, -1);
    }
  else
    {
      const char *tooltip = gtk_widget_get_tooltip_text (row);

      if (description == NULL)
        description = tooltip;
      gtk_widget_remove_css_class (row, "error");
      gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_INVALID,
                                   GTK_ACCESSIBLE_INVALID_FALSE, -1);
      if (description != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                        GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  row_update_note (row);
}

/* ---- whole titles ---- */

static void
wrap_labels_reading (GtkWidget *widget, const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)), text) == 0)
        {
          gtk_label_set_ellipsize (GTK_LABEL (child), PANGO_ELLIPSIZE_NONE);
          gtk_label_set_wrap (GTK_LABEL (child), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (child), PANGO_WRAP_WORD);
        }
      else
        wrap_labels_reading (child, text);
    }
}

/* AdwEntryRow ellipsizes its title, which a narrow side panel cuts short in
 * some languages ("Temps jusqu'au premier…"): its title labels wrap at word
 * boundaries instead. The row's layout measures the title for its width, so a
 * second line takes room above the value; where the labels are not found (a
 * later libadwaita), the title ellipsizes as before. */
static void
entry_row_wrap_title (GtkWidget *row)
{
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));

  if (title != NULL && *title != '\0')
    wrap_labels_reading (row, title);
}

/* ---- numbers in entry rows ---- */

#define NUMBER_ROW "roof-number-row"

typedef struct
{
  GtkAdjustment *adjustment; /* owned */
  guint digits;
  gboolean zero_is_none;
  gboolean updating; /* we are changing the text ourselves */
} NumberRow;

static void
number_row_free (NumberRow *n)
{
  g_object_unref (n->adjustment);
  g_free (n);
}

static NumberRow *
number_row_get (AdwEntryRow *row)
{
  return g_object_get_data (G_OBJECT (row), NUMBER_ROW);
}

/* The value in force, unless the text already says it (or `force`). */
static void
number_row_show (AdwEntryRow *row, NumberRow *n, gboolean force)
{
  GtkEditable *editable = GTK_EDITABLE (row);
  const char *text = gtk_editable_get_text (editable);
  double value = gtk_adjustment_get_value (n->adjustment);
  g_autofree char *shown = NULL;
  double typed;

  if (n->zero_is_none && value == 0)
    {
      if (!force && text_is_none (text))
        return;
      shown = g_strdup (NONE_TEXT);
    }
  else
    {
      if (!force && roof_ui_parse_number (text, &typed) && same_number (typed, value, 1e-12))
        return;
      shown = roof_ui_format_number (value);
    }
  /* what was refused is replaced: its message goes with it */
  roof_ui_row_set_error (GTK_WIDGET (row), NULL, NULL);
  if (strcmp (text, shown) != 0)
    {
      n->updating = TRUE;
      gtk_editable_set_text (editable, shown);
      n->updating = FALSE;
    }
}

/* Applies what is typed as it is typed: a value in range goes to the
 * adjustment (so ::value-changed fires) without touching the text. */
static void
number_row_changed_cb (AdwEntryRow *row, NumberRow *n)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));
  double lower = gtk_adjustment_get_lower (n->adjustment);
  double upper = gtk_adjustment_get_upper (n->adjustment);
  g_autofree char *message = NULL;
  double value = 0;

  if (n->updating)
    return;
  if (n->zero_is_none && text_is_none (text))
    value = 0;
  else if (!roof_ui_parse_number (text, &value))
    {
      g_autofree char *example = roof_ui_format_number (n->digits == 0 ? 1234 : 1234.5);

      /* Translators: %s is a number in the user's format, e.g. 1234.5 */
      message = g_strdup_printf (_("Not a number; type e.g. %s"), example);
    }
  else if (value < lower || value > upper)
    {
      g_autofree char *from = roof_ui_format_number (lower);
      g_autofree char *to = roof_ui_format_number (upper);

      /* Translators: under a number typed out of range; the bounds are included */
      message = g_strdup_printf (_("Must be between %s and %s"), from, to);
    }
  else if (n->digits == 0 && value != floor (value))
    message = g_strdup (_("Must be a whole number"));

  if (message != NULL)
    {
      roof_ui_row_set_error (GTK_WIDGET (row), message, NULL);
      return;
    }
  roof_ui_row_set_error (GTK_WIDGET (row), NULL, NULL);
  if (value != gtk_adjustment_get_value (n->adjustment))
    gtk_adjustment_set_value (n->adjustment, value);
}

static void
number_row_value_changed_cb (AdwEntryRow *row)
{
  number_row_show (row, number_row_get (row), FALSE);
}

/* Up and Down step, Page Up and Page Down page, as in a spin button. */
static gboolean
number_row_key_pressed_cb (GtkEventControllerKey *controller,
                           guint keyval,
                           guint keycode,
                           GdkModifierType state,
                           AdwEntryRow *row)
{
  NumberRow *n = number_row_get (row);
  double value = gtk_adjustment_get_value (n->adjustment);
  double delta;

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return GDK_EVENT_PROPAGATE;
  switch (keyval)
    {
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      delta = gtk_adjustment_get_step_increment (n->adjustment);
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      delta = -gtk_adjustment_get_step_increment (n->adjustment);
      break;
    case GDK_KEY_Page_Up:
    case GDK_KEY_KP_Page_Up:
      delta = gtk_adjustment_get_page_increment (n->adjustment);
      break;
    case GDK_KEY_Page_Down:
    case GDK_KEY_KP_Page_Down:
      delta = -gtk_adjustment_get_page_increment (n->adjustment);
      break;
    default:
      return GDK_EVENT_PROPAGATE;
    }

  value += delta;
  if (n->digits == 0)
    value = round (value);
  gtk_adjustment_set_value (n->adjustment, value); /* clamps to the range */
  /* from the value in force, whatever was typed */
  number_row_show (row, n, TRUE);
  gtk_editable_set_position (GTK_EDITABLE (row), -1);
  return GDK_EVENT_STOP;
}

static void
number_row_enter_cb (GtkEventControllerFocus *controller, AdwEntryRow *row)
{
  NumberRow *n = number_row_get (row);

  /* no value is typed into an empty row, not after the dash */
  if (n->zero_is_none && strcmp (gtk_editable_get_text (GTK_EDITABLE (row)), NONE_TEXT) == 0)
    {
      n->updating = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (row), "");
      n->updating = FALSE;
    }
}

static void
number_row_leave_cb (GtkEventControllerFocus *controller, AdwEntryRow *row)
{
  /* what was left refused reverts to the value in force */
  number_row_show (row, number_row_get (row), TRUE);
}

void
roof_ui_number_row_setup (AdwEntryRow *row,
                          GtkAdjustment *adjustment,
                          guint digits,
                          gboolean zero_is_none)
{
  GtkEventController *controller;
  NumberRow *n;

  g_return_if_fail (ADW_IS_ENTRY_ROW (row));
  g_return_if_fail (GTK_IS_ADJUSTMENT (adjustment));
  g_return_if_fail (number_row_get (row) == NULL);

  n = g_new0 (NumberRow, 1);
  n->adjustment = g_object_ref (adjustment);
  n->digits = digits;
  n->zero_is_none = zero_is_none;
  g_object_set_data_full (G_OBJECT (row), NUMBER_ROW, n, (GDestroyNotify) number_row_free);

  adw_entry_row_set_input_purpose (row, digits == 0 ? GTK_INPUT_PURPOSE_DIGITS
                                                    : GTK_INPUT_PURPOSE_NUMBER);
  gtk_widget_add_css_class (GTK_WIDGET (row), "numeric");
  entry_row_wrap_title (GTK_WIDGET (row));
  g_signal_connect (row, "changed", G_CALLBACK (number_row_changed_cb), n);
  g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (number_row_value_changed_cb),
                           row, G_CONNECT_SWAPPED);

  /* before the text's own bindings, which move the focus on Up and Down */
  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_name (controller, "roof-number-keys");
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "key-pressed", G_CALLBACK (number_row_key_pressed_cb), row);
  gtk_widget_add_controller (GTK_WIDGET (row), controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (number_row_enter_cb), row);
  g_signal_connect (controller, "leave", G_CALLBACK (number_row_leave_cb), row);
  gtk_widget_add_controller (GTK_WIDGET (row), controller);

  number_row_show (row, n, TRUE);
}

GtkAdjustment *
roof_ui_number_row_get_adjustment (AdwEntryRow *row)
{
  NumberRow *n;

  g_return_val_if_fail (ADW_IS_ENTRY_ROW (row), NULL);

  n = number_row_get (row);
  return n != NULL ? n->adjustment : NULL;
}

/* ---- the mouse wheel ---- */

#define SCROLL_GUARD "roof-scroll-guard"

gboolean
roof_ui_scroll_should_pass (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), TRUE);

  return (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_FOCUS_WITHIN) == 0;
}

/* The adjustment of the nearest scrolled window around `widget` that has
 * somewhere to go in `orientation`, as GTK passes a scroll outwards. */
static GtkAdjustment *
scrollable_adjustment (GtkWidget *widget, GtkOrientation orientation)
{
  GtkWidget *sw = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);

  while (sw != NULL)
    {
      GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (sw);
      GtkAdjustment *adj = orientation == GTK_ORIENTATION_VERTICAL
                             ? gtk_scrolled_window_get_vadjustment (scrolled)
                             : gtk_scrolled_window_get_hadjustment (scrolled);

      if (adj != NULL
          && gtk_adjustment_get_upper (adj) - gtk_adjustment_get_lower (adj)
               > gtk_adjustment_get_page_size (adj))
        return adj;
      sw = gtk_widget_get_parent (sw);
      sw = sw != NULL ? gtk_widget_get_ancestor (sw, GTK_TYPE_SCROLLED_WINDOW) : NULL;
    }
  return NULL;
}

static void
scroll_by (GtkAdjustment *adj, double delta, GdkScrollUnit unit)
{
  /* a wheel detent moves as far as GtkScrolledWindow moves it */
  if (unit == GDK_SCROLL_UNIT_WHEEL)
    delta *= pow (gtk_adjustment_get_page_size (adj), 2.0 / 3.0);
  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + delta); /* clamps */
}

static gboolean
guard_scroll_cb (GtkEventControllerScroll *controller, double dx, double dy, gpointer user_data)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GdkScrollUnit unit = gtk_event_controller_scroll_get_unit (controller);
  GtkAdjustment *adj;

  if (!roof_ui_scroll_should_pass (widget))
    return GDK_EVENT_PROPAGATE; /* the control's own wheel handling */
  if (dy != 0 && (adj = scrollable_adjustment (widget, GTK_ORIENTATION_VERTICAL)) != NULL)
    scroll_by (adj, dy, unit);
  if (dx != 0 && (adj = scrollable_adjustment (widget, GTK_ORIENTATION_HORIZONTAL)) != NULL)
    scroll_by (adj, dx, unit);
  /* never the control's value */
  return GDK_EVENT_STOP;
}

void
roof_ui_guard_scroll (GtkWidget *widget)
{
  GtkEventController *controller;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (g_object_get_data (G_OBJECT (widget), SCROLL_GUARD) != NULL)
    return;
  /* in the capture phase: before the control's own scroll controller, which
   * sits on it (or on a child) in the bubble phase */
  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  gtk_event_controller_set_name (controller, SCROLL_GUARD);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "scroll", G_CALLBACK (guard_scroll_cb), NULL);
  gtk_widget_add_controller (widget, controller);
  g_object_set_data (G_OBJECT (widget), SCROLL_GUARD, controller);
}

void
roof_ui_guard_scroll_all (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  /* a GtkScrollbar's inner range is no GtkScale: the wheel over a
   * scrollbar keeps scrolling */
  if (GTK_IS_SPIN_BUTTON (root) || GTK_IS_SCALE (root))
    {
      roof_ui_guard_scroll (root);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    roof_ui_guard_scroll_all (child);
}

/* ------------------------------------------------------------------------ */
/* Fields                                                                   */

static void
field_free (Field *f)
{
  if (f->control != NULL)
    {
      g_signal_handlers_disconnect_by_data (f->control, f);
      g_clear_object (&f->control);
    }
  g_free (f->path);
  g_free (f->label);
  g_free (f->help);
  g_free (f);
}

static RoofEntryKind
editor_kind (RoofSpecEditor *self)
{
  return roof_spec_get_kind (self->spec);
}

/* "hardware \"h100\": memory.bandwidth_GBps must be > 0, got -1" reads
 * "Bandwidth must be > 0, got -1" next to the field. */
static char *
field_message (Field *f, const char *message)
{
  g_autofree char *where = g_strdup_printf ("\"%s\": ", roof_spec_get_id (f->editor->spec));
  const char *rest = strstr (message, where);

  rest = rest != NULL ? rest + strlen (where) : message;
  if (g_str_has_prefix (rest, f->path) && rest[strlen (f->path)] == ' ')
    return g_strconcat (f->label, rest + strlen (f->path), NULL);
  return g_strdup (rest);
}

/* The help is the row's tooltip (a side panel has no room for it under every
 * label); a refused value's message shows under the label, or under the
 * entry row, which has no subtitle. */
static void
field_set_error (Field *f, const char *message)
{
  g_autofree char *shown = field_message (f, message);

  f->in_error = TRUE;
  if (ADW_IS_ENTRY_ROW (f->row))
    {
      roof_ui_row_set_error (f->row, shown, NULL);
      return;
    }
  gtk_widget_add_css_class (f->control, "error");
  gtk_widget_add_css_class (f->row, "error");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (f->row), shown);
  gtk_accessible_update_state (GTK_ACCESSIBLE (f->control), GTK_ACCESSIBLE_STATE_INVALID,
                               GTK_ACCESSIBLE_INVALID_TRUE, -1);
}

static void
field_clear_error (Field *f)
{
  if (!f->in_error)
    return;
  f->in_error = FALSE;
  if (ADW_IS_ENTRY_ROW (f->row))
    {
      roof_ui_row_set_error (f->row, NULL, NULL);
      return;
    }
  gtk_widget_remove_css_class (f->control, "error");
  gtk_widget_remove_css_class (f->row, "error");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (f->row), "");
  gtk_accessible_update_state (GTK_ACCESSIBLE (f->control), GTK_ACCESSIBLE_STATE_INVALID,
                               GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

typedef enum
{
  APPLY_NUMBER,
  APPLY_STRING,
  APPLY_BOOLEAN,
  APPLY_UNSET,
} ApplyOp;

/* One edit through the spec's validation; the spec's ::changed refreshes
 * every other field while `editing` marks this one. */
static gboolean
field_apply (Field *f, ApplyOp op, double number, const char *string, gboolean boolean)
{
  RoofSpecEditor *self = f->editor;
  g_autoptr (GError) error = NULL;
  Field *outer = self->editing;
  gboolean ok = FALSE;

  self->editing = f;
  switch (op)
    {
    case APPLY_NUMBER:
      ok = roof_spec_set_number (self->spec, f->path, number, &error);
      break;
    case APPLY_STRING:
      ok = roof_spec_set_string (self->spec, f->path, string, &error);
      break;
    case APPLY_BOOLEAN:
      ok = roof_spec_set_boolean (self->spec, f->path, boolean, &error);
      break;
    case APPLY_UNSET:
      ok = roof_spec_unset (self->spec, f->path, &error);
      break;
    default:
      g_assert_not_reached ();
    }
  self->editing = outer;

  if (ok)
    field_clear_error (f);
  else
    field_set_error (f, error->message);
  return ok;
}

/* ---- numbers ---- */

/* The spec's value, unless the text already says it (or `force`). */
static void
number_show (Field *f, gboolean force)
{
  GtkEditable *editable = GTK_EDITABLE (f->control);
  const char *text = gtk_editable_get_text (editable);
  g_autofree char *shown = NULL;
  gboolean was_updating = f->updating;
  double typed;

  if (!force && f->in_error)
    return; /* the refused text stays for the user to fix */
  if (f->absent)
    {
      if (!force && text_is_none (text))
        return;
      shown = g_strdup (NONE_TEXT);
    }
  else
    {
      double value = roof_spec_get_number (f->editor->spec, f->path, 0);

      if (!force && roof_ui_parse_number (text, &typed) && same_number (typed, value, 1e-12))
        return;
      shown = roof_ui_format_number (value);
    }
  if (strcmp (text, shown) == 0)
    return;
  f->updating = TRUE;
  gtk_editable_set_text (editable, shown);
  f->updating = was_updating;
}

static void
number_changed_cb (GtkEditable *editable, Field *f)
{
  const char *text = gtk_editable_get_text (editable);
  RoofSpec *spec = f->editor->spec;
  double value;

  if (f->updating)
    return;
  if (text_is_none (text))
    {
      if (field_apply (f, APPLY_UNSET, 0, NULL, FALSE))
        f->absent = TRUE;
      return;
    }
  if (!roof_ui_parse_number (text, &value))
    {
      g_autofree char *example = roof_ui_format_number (1234.5);
      g_autofree char *message = NULL;

      /* Translators: %s is a number in the user's format, e.g. 1234.5 */
      message = g_strdup_printf (_("Not a number; type e.g. %s"), example);
      field_set_error (f, message);
      return;
    }
  if (!f->absent && roof_spec_has_field (spec, f->path)
      && roof_spec_get_number (spec, f->path, NAN) == value)
    field_clear_error (f); /* "4,000" after "4000": nothing new */
  else if (field_apply (f, APPLY_NUMBER, value, NULL, FALSE))
    f->absent = FALSE;
}

static void
number_enter_cb (GtkEventControllerFocus *controller, Field *f)
{
  gboolean was_updating = f->updating;

  /* an absent value is typed into an empty field, not after the dash */
  if (f->absent && !f->in_error)
    {
      f->updating = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (f->control), "");
      f->updating = was_updating;
    }
}

/* Typing is over: the value in the locale's format (or the refused text). */
static void
number_leave_cb (GtkEventControllerFocus *controller, Field *f)
{
  if (!f->in_error)
    number_show (f, TRUE);
}

/* ---- booleans, choices, strings ---- */

static gboolean
boolean_default (const char *path)
{
  return g_strv_contains (true_by_default, path);
}

static void
switch_active_cb (GtkSwitch *sw, GParamSpec *pspec, Field *f)
{
  if (f->updating)
    return;
  field_apply (f, APPLY_BOOLEAN, 0, NULL, gtk_switch_get_active (sw));
}

static void
dropdown_selected_cb (GtkDropDown *dropdown, GParamSpec *pspec, Field *f)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (f->updating || selected == GTK_INVALID_LIST_POSITION)
    return;
  if (selected == 0)
    {
      if (field_apply (f, APPLY_UNSET, 0, NULL, FALSE))
        f->absent = TRUE;
    }
  else if (field_apply (f, APPLY_STRING, 0, f->choices[selected - 1], FALSE))
    f->absent = FALSE;
}

static void
entry_changed_cb (GtkEditable *editable, Field *f)
{
  g_autofree char *text = NULL;

  if (f->updating)
    return;
  text = g_strstrip (g_strdup (gtk_editable_get_text (editable)));
  if (*text == '\0')
    {
      if (field_apply (f, APPLY_UNSET, 0, NULL, FALSE))
        f->absent = TRUE;
    }
  else if (field_apply (f, APPLY_STRING, 0, gtk_editable_get_text (editable), FALSE))
    f->absent = FALSE;
}

/* ---- refresh ---- */

static void
field_refresh (Field *f, gboolean force)
{
  RoofSpec *spec = f->editor->spec;
  gboolean was_updating = f->updating;

  if (!force && (f == f->editor->editing || f->in_error))
    return;
  if (force)
    field_clear_error (f);

  f->absent = !roof_spec_has_field (spec, f->path);
  f->updating = TRUE;
  switch (f->kind)
    {
    case CONTROL_NUMBER:
      f->updating = was_updating;
      number_show (f, force);
      break;

    case CONTROL_SWITCH:
      gtk_switch_set_active (GTK_SWITCH (f->control),
                             roof_spec_get_boolean (spec, f->path, boolean_default (f->path)));
      break;

    case CONTROL_DROPDOWN:
      {
        const char *value = roof_spec_get_string (spec, f->path);
        guint selected = 0;

        for (guint i = 0; value != NULL && f->choices[i] != NULL; i++)
          if (strcmp (f->choices[i], value) == 0)
            selected = i + 1;
        gtk_drop_down_set_selected (GTK_DROP_DOWN (f->control), selected);
      }
      break;

    case CONTROL_ENTRY:
      {
        const char *value = roof_spec_get_string (spec, f->path);

        if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (f->control)), value ? value : "") != 0)
          gtk_editable_set_text (GTK_EDITABLE (f->control), value ? value : "");
      }
      break;

    default:
      g_assert_not_reached ();
    }
  f->updating = was_updating;
}

/* ------------------------------------------------------------------------ */
/* Building                                                                 */

static void
set_accessible (GtkWidget *widget, const char *label, const char *description)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  if (description != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static AdwPreferencesGroup *
new_group (RoofSpecEditor *self, const char *title)
{
  GtkWidget *group = adw_preferences_group_new ();
  g_autofree char *escaped = g_markup_escape_text (title, -1);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), escaped);
  gtk_widget_set_parent (group, GTK_WIDGET (self));
  return ADW_PREFERENCES_GROUP (group);
}

static AdwPreferencesGroup *
ensure_group (RoofSpecEditor *self, GHashTable *groups, const char *name)
{
  AdwPreferencesGroup *group = g_hash_table_lookup (groups, name);

  if (group == NULL)
    {
      group = new_group (self, _(name));
      g_hash_table_insert (groups, (gpointer) name, group);
    }
  return group;
}

static Field *
field_new (RoofSpecEditor *self, const RoofFieldSpec *schema, const char *path, const char *label)
{
  Field *f = g_new0 (Field, 1);

  f->editor = self;
  f->schema = schema;
  f->path = g_strdup (path);
  f->label = g_strdup (label);
  f->help = g_strdup (schema->help != NULL ? _(schema->help) : NULL);
  f->optional = !schema->required;
  f->absent = !roof_spec_has_field (self->spec, path);
  g_ptr_array_add (self->fields, f);
  return f;
}

static GtkWidget *
action_row_new (const char *title, const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  /* labels and messages are plain text: "> 0" must not be parsed as markup */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  return row;
}

/* One size group per preferences group: the units of a group line up
 * without every group paying for the widest unit of all. */
static GtkSizeGroup *
unit_size_group (AdwPreferencesGroup *group)
{
  GtkSizeGroup *units = g_object_get_data (G_OBJECT (group), "roof-units");

  if (units == NULL)
    {
      units = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
      g_object_set_data_full (G_OBJECT (group), "roof-units", units, g_object_unref);
    }
  return units;
}

static void
add_number_field (RoofSpecEditor *self,
                  AdwPreferencesGroup *group,
                  const RoofFieldSpec *schema,
                  const char *path,
                  const char *title,
                  const char *accessible_label,
                  const char *help,
                  gboolean optional)
{
  Field *f = field_new (self, schema, path, title);
  g_autofree char *tooltip = NULL;
  GtkWidget *row, *unit;
  GtkEventController *focus;

  f->kind = CONTROL_NUMBER;
  f->optional = optional;
  if (optional)
    /* Translators: added to a field's help */
    tooltip = help != NULL ? g_strdup_printf ("%s\n%s", help, _("Leave empty for none."))
                           : g_strdup (_("Leave empty for none."));
  else
    tooltip = g_strdup (help);

  /* the title above the value: a narrow panel keeps it whole */
  row = adw_entry_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_entry_row_set_input_purpose (ADW_ENTRY_ROW (row), schema->type == ROOF_FIELD_INTEGER
                                                          ? GTK_INPUT_PURPOSE_DIGITS
                                                          : GTK_INPUT_PURPOSE_NUMBER);
  gtk_widget_add_css_class (row, "numeric");
  entry_row_wrap_title (row);
  gtk_widget_set_tooltip_text (row, tooltip);
  gtk_widget_set_name (row, path);
  set_accessible (row, accessible_label, tooltip);
  f->row = row;
  f->control = g_object_ref (row);

  unit = gtk_label_new (schema->unit != NULL ? _(schema->unit) : NULL);
  gtk_label_set_xalign (GTK_LABEL (unit), 0);
  gtk_widget_add_css_class (unit, "dim-label");
  gtk_size_group_add_widget (unit_size_group (group), unit);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), unit);

  g_signal_connect (row, "changed", G_CALLBACK (number_changed_cb), f);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (number_enter_cb), f);
  g_signal_connect (focus, "leave", G_CALLBACK (number_leave_cb), f);
  gtk_widget_add_controller (row, focus);

  adw_preferences_group_add (group, row);
  field_refresh (f, TRUE);
}

static void
add_switch_field (RoofSpecEditor *self, AdwPreferencesGroup *group, const RoofFieldSpec *schema)
{
  Field *f = field_new (self, schema, schema->path, _(schema->label));
  GtkWidget *sw = gtk_switch_new ();

  f->kind = CONTROL_SWITCH;
  f->row = action_row_new (f->label, NULL);
  gtk_widget_set_tooltip_text (f->row, f->help);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  gtk_widget_set_name (sw, schema->path);
  set_accessible (sw, f->label, f->help);
  f->control = g_object_ref (sw);
  adw_action_row_add_suffix (ADW_ACTION_ROW (f->row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (f->row), sw);
  field_refresh (f, TRUE);
  g_signal_connect (sw, "notify::active", G_CALLBACK (switch_active_cb), f);
  adw_preferences_group_add (group, f->row);
}

static void
add_dropdown_field (RoofSpecEditor *self, AdwPreferencesGroup *group, const RoofFieldSpec *schema)
{
  Field *f = field_new (self, schema, schema->path, _(schema->label));
  g_autoptr (GtkStringList) items = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  f->kind = CONTROL_DROPDOWN;
  f->choices = schema->choices;
  f->row = action_row_new (f->label, NULL);
  gtk_widget_set_tooltip_text (f->row, f->help);
  gtk_string_list_append (items, NONE_TEXT);
  for (guint i = 0; schema->choices[i] != NULL; i++)
    gtk_string_list_append (items, schema->choices[i]);
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&items)), NULL);
  gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
  gtk_widget_set_name (dropdown, schema->path);
  set_accessible (dropdown, f->label, f->help);
  f->control = g_object_ref (dropdown);
  adw_action_row_add_suffix (ADW_ACTION_ROW (f->row), dropdown);
  field_refresh (f, TRUE);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (dropdown_selected_cb), f);
  adw_preferences_group_add (group, f->row);
}

static void
add_entry_field (RoofSpecEditor *self,
                 AdwPreferencesGroup *group,
                 const RoofFieldSpec *schema,
                 const char *path,
                 const char *label)
{
  Field *f = field_new (self, schema, path, label);
  GtkWidget *row = adw_entry_row_new ();
  GtkWidget *no_unit = gtk_label_new (NULL);

  f->kind = CONTROL_ENTRY;
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), label);
  entry_row_wrap_title (row);
  gtk_widget_set_tooltip_text (row, f->help);
  gtk_widget_set_name (row, path);
  set_accessible (row, label, f->help);
  /* as wide as the units of the group's numbers: the edit icons line up */
  gtk_size_group_add_widget (unit_size_group (group), no_unit);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), no_unit);
  f->row = row;
  f->control = g_object_ref (row);
  field_refresh (f, TRUE);
  g_signal_connect (row, "changed", G_CALLBACK (entry_changed_cb), f);
  adw_preferences_group_add (group, row);
}

static void
add_id_row (RoofSpecEditor *self, AdwPreferencesGroup *group, const RoofFieldSpec *schema)
{
  GtkWidget *row = action_row_new (_(schema->label), NULL);
  GtkWidget *label = gtk_label_new (roof_spec_get_id (self->spec));

  gtk_widget_set_tooltip_text (row, _(schema->help));
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_name (label, "id");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (group, row);
}

static void
add_text_row (AdwPreferencesGroup *group, const char *text, const char *name)
{
  GtkWidget *row = action_row_new (text, NULL);

  adw_preferences_row_set_title_selectable (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (name != NULL)
    gtk_widget_set_name (row, name);
  adw_preferences_group_add (group, row);
}

static void
add_sources (RoofSpecEditor *self, AdwPreferencesGroup *group)
{
  const char *const *sources = roof_spec_get_sources (self->spec);

  for (guint i = 0; sources[i] != NULL; i++)
    add_text_row (group, sources[i], "source");
  if (sources[0] == NULL)
    {
      GtkWidget *row = action_row_new (_("No sources given"), NULL);

      gtk_widget_add_css_class (row, "dim-label");
      adw_preferences_group_add (group, row);
    }
}

static guint
count_caches (RoofSpec *spec)
{
  guint n = 0;

  while (n < 64)
    {
      g_autofree char *path = g_strdup_printf ("caches[%u]", n);

      if (!roof_spec_has_field (spec, path))
        break;
      n++;
    }
  return n;
}

static void
add_cache_clicked_cb (GtkButton *button, RoofSpecEditor *self)
{
  g_autoptr (JsonObject) json = roof_spec_to_json (self->spec);
  g_autoptr (GError) error = NULL;
  JsonObject *cache = json_object_new ();
  JsonArray *caches;
  g_autofree char *name = NULL;

  if (!json_object_has_member (json, "caches"))
    json_object_set_array_member (json, "caches", json_array_new ());
  caches = json_object_get_array_member (json, "caches");
  /* Translators: name of a new cache level, %u its position (1, 2, …) */
  name = g_strdup_printf (_("Cache %u"), json_array_get_length (caches) + 1);
  json_object_set_string_member (cache, "name", name);
  json_object_set_int_member (cache, "capacity_MB", 1);
  json_array_add_object_element (caches, cache);
  if (!roof_spec_replace_json (self->spec, json, &error))
    g_warning ("Cannot add a cache: %s", error->message);
}

static void
remove_cache_clicked_cb (GtkButton *button, RoofSpecEditor *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "cache-index"));
  g_autofree char *path = g_strdup_printf ("caches[%u]", index);
  g_autoptr (GError) error = NULL;

  if (!roof_spec_unset (self->spec, path, &error))
    g_warning ("Cannot remove %s: %s", path, error->message);
}

static const char *
cache_title (RoofSpec *spec, guint index, char **owned)
{
  g_autofree char *path = g_strdup_printf ("caches[%u].name", index);
  const char *name = roof_spec_get_string (spec, path);

  if (name != NULL && *name != '\0')
    return name;
  /* Translators: %u is the position of a cache level (1, 2, …) */
  *owned = g_strdup_printf (_("Cache %u"), index + 1);
  return *owned;
}

/* the schema's rows of one cache level: "caches[].name", … */
#define CACHE_ROW "caches[]."

static void
add_caches (RoofSpecEditor *self, GHashTable *groups, const RoofFieldSpec *schema)
{
  const RoofFieldSpec *members = schema + 1; /* "caches[].…" follow the "caches" row */
  AdwPreferencesGroup *caches = ensure_group (self, groups, schema->group);
  guint n = count_caches (self->spec);
  GtkWidget *add = gtk_button_new_from_icon_name ("list-add-symbolic");

  gtk_widget_add_css_class (add, "flat");
  gtk_widget_set_valign (add, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (add, _("Add a cache level"));
  set_accessible (add, _("Add a cache level"), NULL);
  gtk_widget_set_sensitive (add, n < ROOF_MAX_CACHES);
  gtk_widget_set_name (add, "add-cache");
  g_signal_connect (add, "clicked", G_CALLBACK (add_cache_clicked_cb), self);
  adw_preferences_group_set_header_suffix (caches, add);
  adw_preferences_group_set_description (caches, _(schema->help));

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *owned = NULL;
      AdwPreferencesGroup *group = new_group (self, cache_title (self->spec, i, &owned));
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      g_autofree char *remove_label = NULL;

      /* Translators: %s is the name of a cache level, e.g. L2 */
      remove_label = g_strdup_printf (_("Remove %s"), cache_title (self->spec, i, &owned));
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (remove, remove_label);
      set_accessible (remove, remove_label, NULL);
      g_object_set_data (G_OBJECT (remove), "cache-index", GUINT_TO_POINTER (i));
      gtk_widget_set_name (remove, "remove-cache");
      g_signal_connect (remove, "clicked", G_CALLBACK (remove_cache_clicked_cb), self);
      adw_preferences_group_set_header_suffix (group, remove);
      g_ptr_array_add (self->cache_groups, group);

      for (const RoofFieldSpec *m = members; m->path != NULL && g_str_has_prefix (m->path, CACHE_ROW);
           m++)
        {
          g_autofree char *path = g_strdup_printf ("caches[%u].%s", i, m->path + strlen (CACHE_ROW));

          if (m->type == ROOF_FIELD_STRING)
            add_entry_field (self, group, m, path, _(m->label));
          else
            add_number_field (self, group, m, path, _(m->label), _(m->label), _(m->help),
                              !m->required);
        }
    }
}

static void
add_precision_map (RoofSpecEditor *self, AdwPreferencesGroup *group, const RoofFieldSpec *schema)
{
  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    {
      const char *precision = roof_precision_name (p);
      g_autofree char *path = g_strdup_printf ("%s.%s", schema->path, precision);
      /* Translators: "Peak compute, bf16" */
      g_autofree char *accessible = g_strdup_printf (_("%s, %s"), _(schema->label), precision);

      add_number_field (self, group, schema, path, precision, accessible, NULL, TRUE);
    }
  /* the help once for the nine rows */
  adw_preferences_group_set_description (group, _(schema->help));
}

static gboolean
model_is_generic (RoofSpec *spec)
{
  return g_strcmp0 (roof_spec_get_string (spec, "kind"), "generic") == 0;
}

static gboolean
model_is_mla (RoofSpec *spec)
{
  return roof_spec_has_field (spec, "mla")
         || g_strcmp0 (roof_spec_get_string (spec, "attention"), "mla") == 0;
}

/* Model rows that cannot apply are left out: the generic model's figures on
 * a transformer, MoE rows on a dense model (turning a dense model into an
 * MoE one takes all five at once, which only a catalog file can say). */
static gboolean
row_applies (RoofSpecEditor *self, const RoofFieldSpec *row)
{
  static const char *const generic_groups[] = { "General", "Generic model", "Sources", NULL };

  if (editor_kind (self) != ROOF_ENTRY_MODEL)
    return TRUE;
  if (model_is_generic (self->spec))
    return g_strv_contains (generic_groups, row->group);
  if (strcmp (row->group, "Generic model") == 0)
    return FALSE;
  if (g_str_has_prefix (row->path, "moe."))
    return roof_spec_has_field (self->spec, "moe");
  if (g_str_has_prefix (row->path, "mla."))
    return model_is_mla (self->spec);
  return TRUE;
}

/* Everything that decides which rows exist. */
static char *
shape_of (RoofSpecEditor *self)
{
  RoofSpec *spec = self->spec;
  g_autofree char *sources = NULL;

  if (spec == NULL)
    return NULL;
  sources = g_strjoinv ("\n", (char **) roof_spec_get_sources (spec));
  return g_strdup_printf ("%s|%d|%d|%d|%u|%s|%s", roof_spec_get_id (spec),
                          model_is_generic (spec), roof_spec_has_field (spec, "moe"),
                          model_is_mla (spec), count_caches (spec), sources,
                          roof_spec_get_notes (spec));
}

static void
clear_rows (RoofSpecEditor *self)
{
  GtkWidget *child;

  self->editing = NULL;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_ptr_array_set_size (self->cache_groups, 0);
  g_ptr_array_set_size (self->fields, 0);
}

static void
build (RoofSpecEditor *self)
{
  g_autoptr (GHashTable) groups = g_hash_table_new (g_str_hash, g_str_equal);
  const RoofFieldSpec *rows;
  const char *notes;

  clear_rows (self);
  g_clear_pointer (&self->shape, g_free);
  if (self->spec == NULL)
    return;
  self->shape = shape_of (self);

  rows = roof_spec_schema (editor_kind (self), NULL);
  for (const RoofFieldSpec *row = rows; row->path != NULL; row++)
    {
      AdwPreferencesGroup *group;

      if (g_str_has_prefix (row->path, "caches[]") || !row_applies (self, row))
        continue;
      if (strcmp (row->path, "notes") == 0)
        continue; /* read-only, at the very end */
      group = ensure_group (self, groups, row->group);

      switch (row->type)
        {
        case ROOF_FIELD_STRING:
          if (strcmp (row->path, "id") == 0)
            add_id_row (self, group, row);
          else
            add_entry_field (self, group, row, row->path, _(row->label));
          break;
        case ROOF_FIELD_NUMBER:
        case ROOF_FIELD_INTEGER:
          add_number_field (self, group, row, row->path, _(row->label), _(row->label),
                            _(row->help), !row->required);
          break;
        case ROOF_FIELD_BOOLEAN:
          add_switch_field (self, group, row);
          break;
        case ROOF_FIELD_ENUM:
          add_dropdown_field (self, group, row);
          break;
        case ROOF_FIELD_STRINGS:
          add_sources (self, group);
          break;
        case ROOF_FIELD_CACHES:
          add_caches (self, groups, row);
          break;
        case ROOF_FIELD_PRECISION_MAP:
          add_precision_map (self, group, row);
          break;
        case ROOF_FIELD_RANGE:
        default:
          break;
        }
    }

  notes = roof_spec_get_notes (self->spec);
  if (notes != NULL && *notes != '\0')
    {
      const RoofFieldSpec *schema = roof_spec_schema_lookup (editor_kind (self), "notes");
      AdwPreferencesGroup *group = new_group (self, _(schema->label));

      add_text_row (group, notes, "notes");
    }
}

static void
refresh_all (RoofSpecEditor *self, gboolean force)
{
  for (guint i = 0; i < self->fields->len; i++)
    field_refresh (g_ptr_array_index (self->fields, i), force);
  for (guint i = 0; i < self->cache_groups->len; i++)
    {
      g_autofree char *owned = NULL;
      g_autofree char *escaped = g_markup_escape_text (cache_title (self->spec, i, &owned), -1);

      adw_preferences_group_set_title (g_ptr_array_index (self->cache_groups, i), escaped);
    }
}

static gboolean
rebuild_cb (gpointer user_data)
{
  RoofSpecEditor *self = ROOF_SPEC_EDITOR (user_data);

  self->rebuild_source = 0;
  build (self);
  return G_SOURCE_REMOVE;
}

/* Not from inside the handler of the control that caused it. */
static void
schedule_rebuild (RoofSpecEditor *self)
{
  if (self->rebuild_source == 0)
    self->rebuild_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, rebuild_cb, self, NULL);
}

static void
spec_changed_cb (RoofSpec *spec, RoofSpecEditor *self)
{
  g_autofree char *shape = shape_of (self);

  if (g_strcmp0 (shape, self->shape) != 0)
    {
      refresh_all (self, FALSE);
      schedule_rebuild (self);
      return;
    }
  refresh_all (self, FALSE);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_spec_editor_dispose (GObject *object)
{
  RoofSpecEditor *self = ROOF_SPEC_EDITOR (object);

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  clear_rows (self);
  if (self->spec != NULL)
    g_clear_signal_handler (&self->changed_handler, self->spec);
  g_clear_object (&self->spec);

  G_OBJECT_CLASS (roof_spec_editor_parent_class)->dispose (object);
}

static void
roof_spec_editor_finalize (GObject *object)
{
  RoofSpecEditor *self = ROOF_SPEC_EDITOR (object);

  g_ptr_array_unref (self->fields);
  g_ptr_array_unref (self->cache_groups);
  g_free (self->shape);

  G_OBJECT_CLASS (roof_spec_editor_parent_class)->finalize (object);
}

static void
roof_spec_editor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofSpecEditor *self = ROOF_SPEC_EDITOR (object);

  switch (prop_id)
    {
    case PROP_SPEC:
      g_value_set_object (value, self->spec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_spec_editor_set_property (GObject *object,
                               guint prop_id,
                               const GValue *value,
                               GParamSpec *pspec)
{
  RoofSpecEditor *self = ROOF_SPEC_EDITOR (object);

  switch (prop_id)
    {
    case PROP_SPEC:
      roof_spec_editor_set_spec (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_spec_editor_class_init (RoofSpecEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = roof_spec_editor_dispose;
  object_class->finalize = roof_spec_editor_finalize;
  object_class->get_property = roof_spec_editor_get_property;
  object_class->set_property = roof_spec_editor_set_property;

  properties[PROP_SPEC] = g_param_spec_object ("spec", NULL, NULL, ROOF_TYPE_SPEC,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                 | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "roofspeceditor");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
roof_spec_editor_init (RoofSpecEditor *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 18);
  self->fields = g_ptr_array_new_with_free_func ((GDestroyNotify) field_free);
  self->cache_groups = g_ptr_array_new ();
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

GtkWidget *
roof_spec_editor_new (void)
{
  return g_object_new (ROOF_TYPE_SPEC_EDITOR, NULL);
}

RoofSpec *
roof_spec_editor_get_spec (RoofSpecEditor *self)
{
  g_return_val_if_fail (ROOF_IS_SPEC_EDITOR (self), NULL);

  return self->spec;
}

void
roof_spec_editor_set_spec (RoofSpecEditor *self, RoofSpec *spec)
{
  g_return_if_fail (ROOF_IS_SPEC_EDITOR (self));
  g_return_if_fail (spec == NULL || ROOF_IS_SPEC (spec));

  if (self->spec == spec)
    return;
  if (self->spec != NULL)
    g_clear_signal_handler (&self->changed_handler, self->spec);
  g_set_object (&self->spec, spec);
  if (spec != NULL)
    self->changed_handler = g_signal_connect (spec, "changed", G_CALLBACK (spec_changed_cb), self);
  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  build (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEC]);
}

void
roof_spec_editor_reload (RoofSpecEditor *self)
{
  g_autofree char *shape = NULL;

  g_return_if_fail (ROOF_IS_SPEC_EDITOR (self));

  shape = shape_of (self);
  if (g_strcmp0 (shape, self->shape) != 0)
    {
      g_clear_handle_id (&self->rebuild_source, g_source_remove);
      build (self);
    }
  else
    refresh_all (self, TRUE);
}

GtkWidget *
roof_spec_editor_get_field (RoofSpecEditor *self, const char *path)
{
  g_return_val_if_fail (ROOF_IS_SPEC_EDITOR (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  if (self->rebuild_source != 0)
    {
      g_clear_handle_id (&self->rebuild_source, g_source_remove);
      build (self);
    }
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = g_ptr_array_index (self->fields, i);

      if (strcmp (f->path, path) == 0)
        return f->control;
    }
  return NULL;
}
