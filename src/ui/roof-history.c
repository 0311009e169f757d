/* roof-history.c — undo and redo of a window's edits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two stacks of steps. A scenario step holds two snapshots: the values of
 * the recorded properties (GValues, in the order of `pspecs`). Restoring a
 * snapshot sets the properties that differ, over as many passes as it takes:
 * a property the scenario refuses given the others (a layout that needs
 * more devices) is taken once the others are back.
 */
#include "config.h"

#include "roof-history.h"

typedef struct
{
  RoofSpec *spec;     /* NULL: a step of the scenario */
  JsonObject *before; /* spec steps */
  JsonObject *after;
  GValue *was; /* scenario steps: one value per recorded property */
  GValue *is;
  guint n_values;
} Step;

struct _RoofHistory
{
  GObject parent_instance;

  RoofScenario *scenario;
  GParamSpec **pspecs; /* the scenario's recorded properties */
  guint n_pspecs;
  GValue *snapshot; /* the scenario as last recorded */
  GPtrArray *undo;  /* Step, the last on top */
  GPtrArray *redo;
  gboolean applying;
  /* coalescing: the top step may still take the next change (no undo, redo
   * or other step since), when that came at `last_change` (monotonic µs) */
  gboolean top_open;
  gint64 last_change;
  guint group_depth;    /* roof_history_begin_group () without its end */
  gboolean group_has_step; /* the top step is the open group's */
};

/* Changes of the same properties this close together are one step. */
#define MERGE_INTERVAL_US (G_USEC_PER_SEC)

G_DEFINE_FINAL_TYPE (RoofHistory, roof_history, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------------------ */
/* Snapshots of the scenario                                                */

static void
values_free (GValue *values, guint n)
{
  if (values == NULL)
    return;
  for (guint i = 0; i < n; i++)
    g_value_unset (&values[i]);
  g_free (values);
}

static GValue *
take_snapshot (RoofHistory *self)
{
  GValue *values = g_new0 (GValue, self->n_pspecs);

  for (guint i = 0; i < self->n_pspecs; i++)
    {
      g_value_init (&values[i], self->pspecs[i]->value_type);
      g_object_get_property (G_OBJECT (self->scenario), self->pspecs[i]->name, &values[i]);
    }
  return values;
}

static gboolean
value_equal (GParamSpec *pspec, const GValue *a, const GValue *b)
{
  /* a boxed value compares by pointer in g_param_values_cmp () */
  if (G_VALUE_HOLDS (a, G_TYPE_STRV))
    {
      const char *const *x = g_value_get_boxed (a);
      const char *const *y = g_value_get_boxed (b);

      if (x == NULL || y == NULL)
        return x == y;
      return g_strv_equal (x, y);
    }
  return g_param_values_cmp (pspec, a, b) == 0;
}

static gboolean
snapshots_equal (RoofHistory *self, const GValue *a, const GValue *b)
{
  for (guint i = 0; i < self->n_pspecs; i++)
    if (!value_equal (self->pspecs[i], &a[i], &b[i]))
      return FALSE;
  return TRUE;
}

static void
restore_snapshot (RoofHistory *self, const GValue *values)
{
  gboolean progress = TRUE;

  for (guint pass = 0; pass < self->n_pspecs && progress; pass++)
    {
      g_autofree gboolean *differs = g_new0 (gboolean, self->n_pspecs);
      GValue *current = take_snapshot (self);
      gboolean any = FALSE;

      for (guint i = 0; i < self->n_pspecs; i++)
        any |= differs[i] = !value_equal (self->pspecs[i], &current[i], &values[i]);
      values_free (current, self->n_pspecs);
      if (!any)
        return;
      progress = FALSE;
      for (guint i = 0; i < self->n_pspecs; i++)
        if (differs[i])
          {
            GValue after = G_VALUE_INIT;

            g_object_set_property (G_OBJECT (self->scenario), self->pspecs[i]->name, &values[i]);
            g_value_init (&after, self->pspecs[i]->value_type);
            g_object_get_property (G_OBJECT (self->scenario), self->pspecs[i]->name, &after);
            progress |= value_equal (self->pspecs[i], &after, &values[i]);
            g_value_unset (&after);
          }
    }
}

/* ------------------------------------------------------------------------ */
/* Steps                                                                    */

static void
step_free (gpointer data)
{
  Step *step = data;

  g_clear_object (&step->spec);
  g_clear_pointer (&step->before, json_object_unref);
  g_clear_pointer (&step->after, json_object_unref);
  values_free (step->was, step->n_values);
  values_free (step->is, step->n_values);
  g_free (step);
}

static void
notify_state (RoofHistory *self, gboolean could_undo, gboolean could_redo)
{
  if (could_undo != roof_history_get_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != roof_history_get_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static void
push (RoofHistory *self, Step *step)
{
  gboolean could_undo = roof_history_get_can_undo (self);
  gboolean could_redo = roof_history_get_can_redo (self);

  g_ptr_array_add (self->undo, step);
  g_ptr_array_set_size (self->redo, 0);
  self->top_open = TRUE;
  self->last_change = g_get_monotonic_time ();
  self->group_has_step = self->group_depth > 0;
  notify_state (self, could_undo, could_redo);
}

/* TRUE when `was` to `now` changes the same properties as `step` does. */
static gboolean
same_properties (RoofHistory *self, Step *step, const GValue *was, const GValue *now)
{
  for (guint i = 0; i < self->n_pspecs; i++)
    if (value_equal (self->pspecs[i], &step->was[i], &step->is[i])
        != value_equal (self->pspecs[i], &was[i], &now[i]))
      return FALSE;
  return TRUE;
}

/* The top step, when the change to come continues it: within an open group
 * (a drag), the group's step; otherwise a step of `spec` (NULL: of the
 * scenario) that is still open and was last changed less than
 * MERGE_INTERVAL_US ago (a key held down, steps in a row). */
static Step *
open_step (RoofHistory *self, RoofSpec *spec)
{
  Step *top = self->undo->len > 0 ? g_ptr_array_index (self->undo, self->undo->len - 1) : NULL;

  if (top == NULL || !self->top_open || top->spec != spec)
    return NULL;
  if (self->group_depth > 0)
    return self->group_has_step ? top : NULL;
  if (g_get_monotonic_time () - self->last_change >= MERGE_INTERVAL_US)
    return NULL;
  return top;
}

/* `top` now ends where the last change left it; a step that comes back to
 * where it started is no step. */
static void
extend (RoofHistory *self, Step *top, gboolean back_to_start)
{
  self->last_change = g_get_monotonic_time ();
  if (back_to_start)
    {
      gboolean could_undo = roof_history_get_can_undo (self);
      gboolean could_redo = roof_history_get_can_redo (self);

      g_ptr_array_set_size (self->undo, self->undo->len - 1);
      self->top_open = FALSE;
      self->group_has_step = FALSE;
      notify_state (self, could_undo, could_redo);
    }
}

static void
scenario_changed_cb (RoofScenario *scenario, RoofHistory *self)
{
  GValue *now;
  Step *step;

  if (self->applying)
    return;
  now = take_snapshot (self);
  if (snapshots_equal (self, now, self->snapshot))
    {
      /* the chart on screen, a zoom: not an edit */
      values_free (now, self->n_pspecs);
      return;
    }
  step = open_step (self, NULL);
  if (step != NULL && (self->group_depth > 0 || same_properties (self, step, self->snapshot, now)))
    {
      values_free (step->is, step->n_values);
      step->is = now;
      values_free (self->snapshot, self->n_pspecs);
      self->snapshot = take_snapshot (self);
      extend (self, step, snapshots_equal (self, step->was, step->is));
      return;
    }
  step = g_new0 (Step, 1);
  step->was = self->snapshot;
  step->is = now;
  step->n_values = self->n_pspecs;
  self->snapshot = take_snapshot (self);
  push (self, step);
}

/* The state a step leaves (`forward`) or finds; FALSE, changing nothing,
 * when its entry was changed since by something else. */
static gboolean
apply (RoofHistory *self, Step *step, gboolean forward)
{
  if (step->spec != NULL)
    {
      g_autoptr (JsonObject) now = roof_spec_to_json (step->spec);
      g_autoptr (GError) error = NULL;

      if (!json_object_equal (now, forward ? step->before : step->after))
        return FALSE;
      if (!roof_spec_replace_json (step->spec, forward ? step->after : step->before, &error))
        {
          g_warning ("%s", error->message);
          return FALSE;
        }
      return TRUE;
    }
  if (self->scenario == NULL)
    return FALSE;
  restore_snapshot (self, forward ? step->is : step->was);
  values_free (self->snapshot, self->n_pspecs);
  self->snapshot = take_snapshot (self);
  return TRUE;
}

/* Moves the top step of `from` onto `to`, applied; a stale step is dropped
 * and the next one tried. */
static gboolean
move_step (RoofHistory *self, GPtrArray *from, GPtrArray *to, gboolean forward)
{
  gboolean could_undo = roof_history_get_can_undo (self);
  gboolean could_redo = roof_history_get_can_redo (self);
  gboolean done = FALSE;

  self->top_open = FALSE;
  self->group_has_step = FALSE;
  self->applying = TRUE;
  while (!done && from->len > 0)
    {
      Step *step = g_ptr_array_steal_index (from, from->len - 1);

      done = apply (self, step, forward);
      if (done)
        g_ptr_array_add (to, step);
      else
        step_free (step);
    }
  self->applying = FALSE;
  notify_state (self, could_undo, could_redo);
  return done;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
forget_scenario (RoofHistory *self)
{
  if (self->scenario != NULL)
    g_signal_handlers_disconnect_by_data (self->scenario, self);
  g_clear_object (&self->scenario);
  values_free (self->snapshot, self->n_pspecs);
  self->snapshot = NULL;
}

static void
roof_history_dispose (GObject *object)
{
  RoofHistory *self = ROOF_HISTORY (object);

  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  forget_scenario (self);

  G_OBJECT_CLASS (roof_history_parent_class)->dispose (object);
}

static void
roof_history_finalize (GObject *object)
{
  RoofHistory *self = ROOF_HISTORY (object);

  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  g_free (self->pspecs);

  G_OBJECT_CLASS (roof_history_parent_class)->finalize (object);
}

static void
roof_history_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofHistory *self = ROOF_HISTORY (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, roof_history_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, roof_history_get_can_redo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_history_class_init (RoofHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = roof_history_dispose;
  object_class->finalize = roof_history_finalize;
  object_class->get_property = roof_history_get_property;

  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
roof_history_init (RoofHistory *self)
{
  GObjectClass *klass = g_type_class_ref (ROOF_TYPE_SCENARIO);
  guint n = 0;
  g_autofree GParamSpec **all = g_object_class_list_properties (klass, &n);

  self->pspecs = g_new0 (GParamSpec *, n);
  for (guint i = 0; i < n; i++)
    if ((all[i]->flags & G_PARAM_READWRITE) == G_PARAM_READWRITE
        && (all[i]->flags & G_PARAM_CONSTRUCT_ONLY) == 0
        && g_strcmp0 (all[i]->name, "chart") != 0)
      self->pspecs[self->n_pspecs++] = all[i];
  g_type_class_unref (klass);

  self->undo = g_ptr_array_new_with_free_func (step_free);
  self->redo = g_ptr_array_new_with_free_func (step_free);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofHistory *
roof_history_new (void)
{
  return g_object_new (ROOF_TYPE_HISTORY, NULL);
}

void
roof_history_clear (RoofHistory *self)
{
  gboolean could_undo, could_redo;

  g_return_if_fail (ROOF_IS_HISTORY (self));

  could_undo = roof_history_get_can_undo (self);
  could_redo = roof_history_get_can_redo (self);
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  self->top_open = FALSE;
  self->group_has_step = FALSE;
  notify_state (self, could_undo, could_redo);
}

void
roof_history_begin_group (RoofHistory *self)
{
  g_return_if_fail (ROOF_IS_HISTORY (self));

  if (self->group_depth++ == 0)
    self->group_has_step = FALSE;
}

void
roof_history_end_group (RoofHistory *self)
{
  g_return_if_fail (ROOF_IS_HISTORY (self));
  g_return_if_fail (self->group_depth > 0);

  if (--self->group_depth == 0)
    {
      /* the interaction is over: what comes next is a step of its own */
      self->top_open = FALSE;
      self->group_has_step = FALSE;
    }
}

void
roof_history_set_scenario (RoofHistory *self, RoofScenario *scenario)
{
  g_return_if_fail (ROOF_IS_HISTORY (self));
  g_return_if_fail (scenario == NULL || ROOF_IS_SCENARIO (scenario));

  roof_history_clear (self);
  forget_scenario (self);
  if (scenario == NULL)
    return;
  self->scenario = g_object_ref (scenario);
  self->snapshot = take_snapshot (self);
  g_signal_connect (scenario, "changed", G_CALLBACK (scenario_changed_cb), self);
}

void
roof_history_record_spec (RoofHistory *self, RoofSpec *spec, JsonObject *before)
{
  g_autoptr (JsonObject) after = NULL;
  Step *step;

  g_return_if_fail (ROOF_IS_HISTORY (self));
  g_return_if_fail (ROOF_IS_SPEC (spec));
  g_return_if_fail (before != NULL);

  if (self->applying)
    return;
  after = roof_spec_to_json (spec);
  if (json_object_equal (before, after))
    return;
  /* spec editors step nothing by keys: only a group joins their edits */
  step = self->group_depth > 0 ? open_step (self, spec) : NULL;
  if (step != NULL)
    {
      json_object_unref (step->after);
      step->after = g_steal_pointer (&after);
      extend (self, step, json_object_equal (step->before, step->after));
      return;
    }
  step = g_new0 (Step, 1);
  step->spec = g_object_ref (spec);
  step->before = json_object_ref (before);
  step->after = g_steal_pointer (&after);
  push (self, step);
}

gboolean
roof_history_get_can_undo (RoofHistory *self)
{
  g_return_val_if_fail (ROOF_IS_HISTORY (self), FALSE);

  return self->undo->len > 0;
}

gboolean
roof_history_get_can_redo (RoofHistory *self)
{
  g_return_val_if_fail (ROOF_IS_HISTORY (self), FALSE);

  return self->redo->len > 0;
}

gboolean
roof_history_undo (RoofHistory *self)
{
  g_return_val_if_fail (ROOF_IS_HISTORY (self), FALSE);

  return move_step (self, self->undo, self->redo, FALSE);
}

gboolean
roof_history_redo (RoofHistory *self)
{
  g_return_val_if_fail (ROOF_IS_HISTORY (self), FALSE);

  return move_step (self, self->redo, self->undo, TRUE);
}
