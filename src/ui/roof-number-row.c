/* roof-number-row.c — numbers typed into entry rows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two kinds of rows read a number in the format of roof_ui_format_number ():
 * RoofNumberRow, which has its owner (the spec editor, whose entry
 * validates it) check each number as it is typed and hands it over when the
 * user commits it, and shows the value it is given; and any AdwEntryRow set
 * up over a GtkAdjustment (roof_ui_number_row_setup, the model panel's),
 * which checks the adjustment's range itself and sets the adjustment on
 * commit. A commit is Enter or the focus leaving the row: a value half typed
 * ("9" of "90", the first nine digits of a number too large) never applies.
 * Both leave typing alone while the text already says the value in force.
 */
#include "config.h"

#include "roof-number-row.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "roof-format.h"
#include "roof-row-hints.h"

struct _RoofNumberRow
{
  AdwEntryRow parent_instance;

  double value;
  gboolean none; /* no value: "—" */
  gboolean whole;
  gboolean in_error;
};

G_DEFINE_FINAL_TYPE (RoofNumberRow, roof_number_row, ADW_TYPE_ENTRY_ROW)

enum
{
  PROP_0,
  PROP_VALUE,
  PROP_NONE,
  PROP_WHOLE,
  PROP_IN_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  TYPED,
  CHECK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static gboolean
text_is_none (const char *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  return *stripped == '\0' || strcmp (stripped, ROOF_UI_NONE_TEXT) == 0;
}

static gboolean
same_number (double a, double b, double tolerance)
{
  return a == b || fabs (a - b) <= tolerance * MAX (fabs (a), fabs (b));
}

/* The text that shows `value` ("—" when `none`), or NULL when `text`
 * already says it and the show is not forced. */
static char *
text_to_show (const char *text, gboolean none, double value, gboolean force)
{
  double typed;

  if (none)
    return !force && text_is_none (text) ? NULL : g_strdup (ROOF_UI_NONE_TEXT);
  if (!force && roof_ui_parse_number (text, &typed) && same_number (typed, value, 1e-12))
    return NULL;
  return roof_ui_format_number (value);
}

/* The text set without counting as typed: `changed` (with `data`), the
 * row's handler of what is typed, is blocked meanwhile. */
static void
set_text_quietly (GtkEditable *editable, const char *text, GCallback changed, gpointer data)
{
  if (strcmp (gtk_editable_get_text (editable), text) == 0)
    return;
  g_signal_handlers_block_by_func (editable, changed, data);
  gtk_editable_set_text (editable, text);
  g_signal_handlers_unblock_by_func (editable, changed, data);
}

static char *
not_a_number (gboolean whole)
{
  g_autofree char *example = roof_ui_format_number (whole ? 1234 : 1234.5);

  /* Translators: %s is a number in the user's format, e.g. 1234.5 */
  return g_strdup_printf (_("Not a number; type e.g. %s"), example);
}

/* ------------------------------------------------------------------------ */
/* RoofNumberRow                                                            */

static void changed_cb (RoofNumberRow *self);

static void
show (RoofNumberRow *self, gboolean force)
{
  g_autofree char *shown = NULL;

  if (!force && self->in_error)
    return; /* the refused text stays for the user to fix */
  shown = text_to_show (gtk_editable_get_text (GTK_EDITABLE (self)), self->none, self->value,
                        force);
  if (shown != NULL)
    set_text_quietly (GTK_EDITABLE (self), shown, G_CALLBACK (changed_cb), self);
}

/* What is typed, as it is typed: checked (text that is no number here, a
 * number or none by the owner's ::check), never applied. */
static void
changed_cb (RoofNumberRow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self));
  g_autofree char *message = NULL;
  double value = 0;

  if (text_is_none (text))
    g_signal_emit (self, signals[CHECK], 0, TRUE, 0.0, &message);
  else if (roof_ui_parse_number (text, &value))
    g_signal_emit (self, signals[CHECK], 0, FALSE, value, &message);
  else
    /* the spec editor's example has always had a decimal point */
    message = not_a_number (FALSE);
  roof_number_row_set_error (self, message);
}

/* Enter, or the focus leaving: what is typed goes to the owner (::typed),
 * unless it is no number or already says the value in force. */
static void
commit (RoofNumberRow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self));
  g_autofree char *shown = NULL;
  double value = 0;

  if (!self->in_error)
    {
      shown = text_to_show (text, self->none, self->value, FALSE);
      if (shown == NULL)
        return;
    }
  if (text_is_none (text))
    g_signal_emit (self, signals[TYPED], 0, TRUE, 0.0);
  else if (roof_ui_parse_number (text, &value))
    g_signal_emit (self, signals[TYPED], 0, FALSE, value);
}

static void
enter_cb (RoofNumberRow *self)
{
  /* an absent value is typed into an empty field, not after the dash */
  if (self->none && !self->in_error)
    set_text_quietly (GTK_EDITABLE (self), "", G_CALLBACK (changed_cb), self);
}

/* Typing is over: what is typed is committed, then the value in force shows
 * in the locale's format (or the refused text stays). */
static void
leave_cb (RoofNumberRow *self)
{
  commit (self);
  if (!self->in_error)
    show (self, TRUE);
}

static void
roof_number_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofNumberRow *self = ROOF_NUMBER_ROW (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_double (value, self->value);
      break;
    case PROP_NONE:
      g_value_set_boolean (value, self->none);
      break;
    case PROP_WHOLE:
      g_value_set_boolean (value, self->whole);
      break;
    case PROP_IN_ERROR:
      g_value_set_boolean (value, self->in_error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_number_row_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  RoofNumberRow *self = ROOF_NUMBER_ROW (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      roof_number_row_show_value (self, g_value_get_double (value), FALSE);
      break;
    case PROP_NONE:
      if (g_value_get_boolean (value))
        roof_number_row_show_none (self, FALSE);
      else
        roof_number_row_show_value (self, self->value, FALSE);
      break;
    case PROP_WHOLE:
      roof_number_row_set_whole (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_number_row_class_init (RoofNumberRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = roof_number_row_get_property;
  object_class->set_property = roof_number_row_set_property;

  /* the value in force: shown unless the text already says it, or holds a
   * value refused (roof_number_row_set_error) */
  properties[PROP_VALUE] = g_param_spec_double ("value", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                                                flags);
  /* no value: "—" */
  properties[PROP_NONE] = g_param_spec_boolean ("none", NULL, NULL, FALSE, flags);
  /* whole numbers: the input purpose is digits */
  properties[PROP_WHOLE] = g_param_spec_boolean ("whole", NULL, NULL, FALSE, flags);
  properties[PROP_IN_ERROR] = g_param_spec_boolean ("in-error", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                      | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RoofNumberRow::typed:
   * @none: the text is empty or "—"
   * @value: the number typed, when not @none
   *
   * Emitted when the user commits what is typed (Enter, or the focus
   * leaving the row) and it is a number or empty, and not what the row
   * already shows; text that is no number is marked as an error instead.
   */
  signals[TYPED] = g_signal_new ("typed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_DOUBLE);
  /**
   * RoofNumberRow::check:
   * @none: the text is empty or "—"
   * @value: the number typed, when not @none
   *
   * Emitted as the user types a number or empties the row, before anything
   * is committed. Returns: (transfer full) (nullable): why the owner would
   * refuse it, shown under the row; NULL when it would take it.
   */
  signals[CHECK] = g_signal_new ("check", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 g_signal_accumulator_first_wins, NULL, NULL, G_TYPE_STRING, 2,
                                 G_TYPE_BOOLEAN, G_TYPE_DOUBLE);
}

static void
roof_number_row_init (RoofNumberRow *self)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self), FALSE);
  adw_entry_row_set_input_purpose (ADW_ENTRY_ROW (self), GTK_INPUT_PURPOSE_NUMBER);
  /* Ctrl+Z is the window's Undo, of committed values, not the text's */
  gtk_editable_set_enable_undo (GTK_EDITABLE (self), FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self), "numeric");
  g_signal_connect (self, "changed", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self, "entry-activated", G_CALLBACK (commit), self);
  gtk_event_controller_set_name (focus, "roof-number-focus");
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (enter_cb), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}

GtkWidget *
roof_number_row_new (gboolean whole)
{
  return g_object_new (ROOF_TYPE_NUMBER_ROW, "whole", whole, NULL);
}

double
roof_number_row_get_value (RoofNumberRow *self)
{
  g_return_val_if_fail (ROOF_IS_NUMBER_ROW (self), 0);

  return self->value;
}

gboolean
roof_number_row_get_none (RoofNumberRow *self)
{
  g_return_val_if_fail (ROOF_IS_NUMBER_ROW (self), FALSE);

  return self->none;
}

static void
set_state (RoofNumberRow *self, gboolean none, double value, gboolean force)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->none != none)
    {
      self->none = none;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NONE]);
    }
  if (!none && self->value != value)
    {
      self->value = value;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
    }
  show (self, force);
  g_object_thaw_notify (G_OBJECT (self));
}

void
roof_number_row_show_value (RoofNumberRow *self, double value, gboolean force)
{
  g_return_if_fail (ROOF_IS_NUMBER_ROW (self));
  g_return_if_fail (isfinite (value));

  set_state (self, FALSE, value, force);
}

void
roof_number_row_show_none (RoofNumberRow *self, gboolean force)
{
  g_return_if_fail (ROOF_IS_NUMBER_ROW (self));

  set_state (self, TRUE, self->value, force);
}

gboolean
roof_number_row_get_whole (RoofNumberRow *self)
{
  g_return_val_if_fail (ROOF_IS_NUMBER_ROW (self), FALSE);

  return self->whole;
}

void
roof_number_row_set_whole (RoofNumberRow *self, gboolean whole)
{
  g_return_if_fail (ROOF_IS_NUMBER_ROW (self));

  whole = !!whole;
  if (self->whole == whole)
    return;
  self->whole = whole;
  adw_entry_row_set_input_purpose (ADW_ENTRY_ROW (self), whole ? GTK_INPUT_PURPOSE_DIGITS
                                                               : GTK_INPUT_PURPOSE_NUMBER);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WHOLE]);
}

gboolean
roof_number_row_get_in_error (RoofNumberRow *self)
{
  g_return_val_if_fail (ROOF_IS_NUMBER_ROW (self), FALSE);

  return self->in_error;
}

void
roof_number_row_set_error (RoofNumberRow *self, const char *message)
{
  g_return_if_fail (ROOF_IS_NUMBER_ROW (self));

  roof_ui_row_set_error (GTK_WIDGET (self), message, NULL);
  if (self->in_error == (message != NULL))
    return;
  self->in_error = message != NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IN_ERROR]);
}

/* ------------------------------------------------------------------------ */
/* Any AdwEntryRow over a GtkAdjustment                                     */

#define NUMBER_ROW "roof-number-row"

typedef struct
{
  GtkAdjustment *adjustment; /* owned */
  guint digits;
  gboolean zero_is_none;
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

static void number_row_changed_cb (AdwEntryRow *row, NumberRow *n);

/* The value in force, unless the text already says it (or `force`). */
static void
number_row_show (AdwEntryRow *row, NumberRow *n, gboolean force)
{
  double value = gtk_adjustment_get_value (n->adjustment);
  g_autofree char *shown = text_to_show (gtk_editable_get_text (GTK_EDITABLE (row)),
                                         n->zero_is_none && value == 0, value, force);

  if (shown == NULL)
    return;
  /* what was refused is replaced: its message goes with it */
  roof_ui_row_set_error (GTK_WIDGET (row), NULL, NULL);
  set_text_quietly (GTK_EDITABLE (row), shown, G_CALLBACK (number_row_changed_cb), n);
}

/* What `text` reads as (`value`), or why it cannot be the adjustment's
 * value (NULL when it can). */
static char *
number_row_check (NumberRow *n, const char *text, double *value)
{
  double lower = gtk_adjustment_get_lower (n->adjustment);
  double upper = gtk_adjustment_get_upper (n->adjustment);

  *value = 0;
  if (n->zero_is_none && text_is_none (text))
    return NULL;
  if (!roof_ui_parse_number (text, value))
    return not_a_number (n->digits == 0);
  if (*value < lower || *value > upper)
    {
      g_autofree char *from = roof_ui_format_number (lower);
      g_autofree char *to = roof_ui_format_number (upper);

      /* Translators: under a number typed out of range; the bounds are included */
      return g_strdup_printf (_("Must be between %s and %s"), from, to);
    }
  if (n->digits == 0 && *value != floor (*value))
    return g_strdup (_("Must be a whole number"));
  return NULL;
}

/* As it is typed: marked when it cannot be the value, never applied. */
static void
number_row_changed_cb (AdwEntryRow *row, NumberRow *n)
{
  double value;
  g_autofree char *message = number_row_check (n, gtk_editable_get_text (GTK_EDITABLE (row)),
                                               &value);

  roof_ui_row_set_error (GTK_WIDGET (row), message, NULL);
}

/* Enter, or the focus leaving: a value that can be goes to the adjustment
 * (so ::value-changed fires) without touching the text. */
static gboolean
number_row_commit (AdwEntryRow *row, NumberRow *n)
{
  double value;
  g_autofree char *message = number_row_check (n, gtk_editable_get_text (GTK_EDITABLE (row)),
                                               &value);

  if (message != NULL)
    return FALSE;
  if (value != gtk_adjustment_get_value (n->adjustment))
    gtk_adjustment_set_value (n->adjustment, value);
  return TRUE;
}

static void
number_row_activated_cb (AdwEntryRow *row, NumberRow *n)
{
  number_row_commit (row, n);
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
  if (n->zero_is_none
      && strcmp (gtk_editable_get_text (GTK_EDITABLE (row)), ROOF_UI_NONE_TEXT) == 0)
    set_text_quietly (GTK_EDITABLE (row), "", G_CALLBACK (number_row_changed_cb), n);
}

static void
number_row_leave_cb (GtkEventControllerFocus *controller, AdwEntryRow *row)
{
  NumberRow *n = number_row_get (row);

  /* what is typed is committed; what was left refused reverts to the
   * value in force */
  number_row_commit (row, n);
  number_row_show (row, n, TRUE);
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
  /* Ctrl+Z is the window's Undo, of committed values, not the text's */
  gtk_editable_set_enable_undo (GTK_EDITABLE (row), FALSE);
  roof_ui_entry_row_wrap_title (GTK_WIDGET (row));
  g_signal_connect (row, "changed", G_CALLBACK (number_row_changed_cb), n);
  g_signal_connect (row, "entry-activated", G_CALLBACK (number_row_activated_cb), n);
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
