/* roof-scenario.c — what is compared, on what, and how it is drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The object, its properties and setters; the file format is read and
 * written in roof-scenario-file.c.
 */
#include "config.h"

#include "roof-scenario.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "roof-catalog-entries.h"
#include "roof-catalog-private.h"
#include "roof-measurement.h"
#include "roof-scenario-private.h"

G_DEFINE_FINAL_TYPE (RoofScenario, roof_scenario, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_ENUM_TYPE (RoofPhase, roof_phase,
                    G_DEFINE_ENUM_VALUE (ROOF_PHASE_DECODE, "decode"),
                    G_DEFINE_ENUM_VALUE (ROOF_PHASE_PREFILL, "prefill"))
G_DEFINE_ENUM_TYPE (RoofOverlap, roof_overlap,
                    G_DEFINE_ENUM_VALUE (ROOF_OVERLAP_MAX, "max"),
                    G_DEFINE_ENUM_VALUE (ROOF_OVERLAP_SUM, "sum"))
G_DEFINE_ENUM_TYPE (RoofAttnParallel, roof_attn_parallel,
                    G_DEFINE_ENUM_VALUE (ROOF_ATTN_PARALLEL_DATA, "data"),
                    G_DEFINE_ENUM_VALUE (ROOF_ATTN_PARALLEL_TENSOR, "tensor"))
G_DEFINE_ENUM_TYPE (RoofPrecision, roof_precision,
                    G_DEFINE_ENUM_VALUE (ROOF_PREC_FP64, "fp64"),
                    G_DEFINE_ENUM_VALUE (ROOF_PREC_FP32, "fp32"),
                    G_DEFINE_ENUM_VALUE (ROOF_PREC_TF32, "tf32"),
                    G_DEFINE_ENUM_VALUE (ROOF_PREC_BF16, "bf16"),
                    G_DEFINE_ENUM_VALUE (ROOF_PREC_FP16, "fp16"),
                    G_DEFINE_ENUM_VALUE (ROOF_PREC_FP8, "fp8"),
                    G_DEFINE_ENUM_VALUE (ROOF_PREC_INT8, "int8"),
                    G_DEFINE_ENUM_VALUE (ROOF_PREC_INT4, "int4"),
                    G_DEFINE_ENUM_VALUE (ROOF_PREC_FP4, "fp4"))

/* One property per field of the workload and the SLA, in the units of the
 * structs (seconds, tokens); each set goes through the same validation as
 * roof_scenario_set_workload () and _set_sla (), and is refused (scenario
 * and notifications unchanged) when that fails. */
typedef enum
{
  IN_WORKLOAD,
  IN_SLA,
} FieldStruct;

typedef struct
{
  const char *name;
  FieldStruct in;
  gsize offset;
  GType (*enum_type) (void); /* NULL: a double */
  double min, max;
} FieldProperty;

#define WL(name, field, min, max)                                                                  \
  { name, IN_WORKLOAD, G_STRUCT_OFFSET (RoofWorkload, field), NULL, min, max }
#define WL_ENUM(name, field, type)                                                                 \
  { name, IN_WORKLOAD, G_STRUCT_OFFSET (RoofWorkload, field), type, 0, 0 }
#define SLA(name, field) { name, IN_SLA, G_STRUCT_OFFSET (RoofSla, field), NULL, 0, G_MAXDOUBLE }

/* clang-format off */
static const FieldProperty field_properties[] = {
  WL_ENUM ("phase", phase, roof_phase_get_type),
  WL ("batch", batch, 0, 1e9),
  WL ("context", context, 0, 1e10),
  WL ("prompt", prompt, 0, 1e10),
  WL ("output", output, 0, 1e10),
  WL_ENUM ("weights", weights, roof_precision_get_type),
  WL_ENUM ("kv", kv, roof_precision_get_type),
  WL_ENUM ("activations", activations, roof_precision_get_type),
  WL_ENUM ("compute", compute, roof_precision_get_type),
  WL ("bytes-per-weight", bytes_per_weight, 0, 64),
  WL ("attention-span", attention_span, 0, 1e10),
  WL ("devices", devices, 1, 1e6),
  WL_ENUM ("overlap", overlap, roof_overlap_get_type),
  WL ("overhead", overhead, 0, 1e4),
  WL ("ep", ep, 0, 1e6),
  WL ("pp", pp, 0, 1e6),
  WL ("dp", dp, 0, 1e6),
  WL_ENUM ("attn-parallel", attn_parallel, roof_attn_parallel_get_type),
  WL ("ep-imbalance", ep_imbalance, 0, 1e6),
  WL ("microbatches", microbatches, 0, 1e6),
  SLA ("itl", itl),
  SLA ("ttft", ttft),
  SLA ("tokens-per-s", tokens_per_s),
};
/* clang-format on */

#undef WL
#undef WL_ENUM
#undef SLA

enum
{
  PROP_0,
  PROP_HARDWARE,
  PROP_MODEL,
  PROP_SYSTEM,
  PROP_CHART,
  PROP_CEILINGS,
  PROP_SENSITIVITY_STEP,
  PROP_CUSTOM_COLORS,
  PROP_PUBLISHED_MEASUREMENTS, /* the measured results': roof-scenario-measured.c */
  PROP_SHOW_CALIBRATED,
  PROP_MEASURED_HIDDEN,
  PROP_RATE, /* the fleet's: roof-scenario-fleet.c */
  PROP_LENGTHS,
  PROP_TTFT_P50,
  PROP_TTFT_P99,
  PROP_FRONTIER_Y,
  PROP_FRONTIER_LINEAR,
  PROP_FIELD_FIRST, /* field_properties[i] is PROP_FIELD_FIRST + i */
  N_PROPS = PROP_FIELD_FIRST + G_N_ELEMENTS (field_properties)
};

static GParamSpec *properties[N_PROPS];


/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */

static gboolean
workload_equal (const RoofWorkload *a, const RoofWorkload *b)
{
  return a->phase == b->phase && a->batch == b->batch && a->context == b->context
         && a->prompt == b->prompt && a->output == b->output && a->weights == b->weights
         && a->kv == b->kv && a->activations == b->activations && a->compute == b->compute
         && a->bytes_per_weight == b->bytes_per_weight && a->attention_span == b->attention_span
         && a->devices == b->devices && a->overlap == b->overlap && a->overhead == b->overhead
         && a->ep == b->ep && a->pp == b->pp && a->dp == b->dp
         && a->attn_parallel == b->attn_parallel && a->ep_imbalance == b->ep_imbalance
         && a->microbatches == b->microbatches;
}

static gboolean
sla_equal (const RoofSla *a, const RoofSla *b)
{
  return a->itl == b->itl && a->ttft == b->ttft && a->tokens_per_s == b->tokens_per_s
         && a->eff_compute == b->eff_compute && a->eff_memory == b->eff_memory
         && a->link_bw == b->link_bw && a->link_latency == b->link_latency
         && a->usable_fraction == b->usable_fraction && a->max_devices == b->max_devices
         && a->max_batch == b->max_batch;
}

static void
emit_changed (RoofScenario *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

void
roof_scenario_emit_changed (RoofScenario *self)
{
  emit_changed (self);
}

static gpointer
field_in (const FieldProperty *fp, RoofWorkload *wl, RoofSla *sla)
{
  return G_STRUCT_MEMBER_P (fp->in == IN_WORKLOAD ? (gpointer) wl : (gpointer) sla, fp->offset);
}

static gboolean
field_equal (const FieldProperty *fp, gconstpointer a, gconstpointer b)
{
  if (fp->enum_type != NULL)
    return *(const int *) a == *(const int *) b;
  return *(const double *) a == *(const double *) b;
}

/* Takes `wl` and `sla` (valid) and notifies the properties they change,
 * then ::changed once, when anything did. */
static void
apply_fields (RoofScenario *self, const RoofWorkload *wl, const RoofSla *sla)
{
  RoofWorkload old_wl = self->workload;
  RoofSla old_sla = self->sla;

  if (workload_equal (&old_wl, wl) && sla_equal (&old_sla, sla))
    return;
  self->workload = *wl;
  self->sla = *sla;
  g_object_freeze_notify (G_OBJECT (self));
  for (guint i = 0; i < G_N_ELEMENTS (field_properties); i++)
    {
      const FieldProperty *fp = &field_properties[i];

      if (!field_equal (fp, field_in (fp, &old_wl, &old_sla),
                        field_in (fp, &self->workload, &self->sla)))
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FIELD_FIRST + i]);
    }
  g_object_thaw_notify (G_OBJECT (self));
  emit_changed (self);
}

static gboolean
sla_is_valid (const RoofSla *sla)
{
  return isfinite (sla->itl) && sla->itl >= 0 && isfinite (sla->ttft) && sla->ttft >= 0
         && isfinite (sla->tokens_per_s) && sla->tokens_per_s >= 0;
}

/* `wl` and `sla` with the field set to `value`; FALSE (with a debug message)
 * when that makes the workload or SLA invalid (a batch of 0, 2.5 devices). */
static gboolean
field_candidate (RoofScenario *self,
                 const FieldProperty *fp,
                 const GValue *value,
                 RoofWorkload *wl,
                 RoofSla *sla)
{
  gpointer field;
  RoofError err = { 0 };

  *wl = self->workload;
  *sla = self->sla;
  field = field_in (fp, wl, sla);
  if (fp->enum_type != NULL)
    *(int *) field = g_value_get_enum (value);
  else
    *(double *) field = g_value_get_double (value);
  if (roof_workload_validate (wl, &err) != ROOF_OK)
    {
      g_debug ("%s refused: %s", fp->name, err.message);
      return FALSE;
    }
  if (!sla_is_valid (sla))
    {
      g_debug ("%s refused: targets are ≥ 0", fp->name);
      return FALSE;
    }
  return TRUE;
}

/* A field's property set: refused, changing nothing, when it is invalid. */
static void
set_field (RoofScenario *self, const FieldProperty *fp, const GValue *value)
{
  RoofWorkload wl;
  RoofSla sla;

  if (field_candidate (self, fp, value, &wl, &sla))
    apply_fields (self, &wl, &sla);
}

static void
get_field (RoofScenario *self, const FieldProperty *fp, GValue *value)
{
  gpointer field = field_in (fp, &self->workload, &self->sla);

  if (fp->enum_type != NULL)
    g_value_set_enum (value, *(int *) field);
  else
    g_value_set_double (value, *(double *) field);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                  */

static void
roof_scenario_finalize (GObject *object)
{
  RoofScenario *self = ROOF_SCENARIO (object);

  g_clear_pointer (&self->hardware, g_strfreev);
  g_clear_pointer (&self->model, g_free);
  g_clear_pointer (&self->system, g_free);
  g_clear_pointer (&self->original, json_object_unref);
  g_clear_pointer (&self->colors, g_hash_table_unref);
  g_clear_pointer (&self->colors_for, g_strfreev);
  roof_scenario_levers_clear (&self->levers);
  g_clear_pointer (&self->custom_colors, g_hash_table_unref);
  g_clear_pointer (&self->measurements, g_ptr_array_unref);
  g_clear_pointer (&self->measured_hidden, g_strfreev);
  roof_scenario_fleet_clear (&self->fleet);

  G_OBJECT_CLASS (roof_scenario_parent_class)->finalize (object);
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Sorts the `n` strings of `strv` in place, by strcmp. */
void
roof_strv_sort (char **strv, guint n)
{
  qsort (strv, n, sizeof (char *), compare_strings);
}

/* "id #rrggbb" for each colour the user chose, by id. */
static char **
list_custom_colors (RoofScenario *self)
{
  g_autoptr (GPtrArray) list = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->custom_colors);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_ptr_array_add (list, g_strdup_printf ("%s #%06x", (const char *) key,
                                            GPOINTER_TO_UINT (value)));
  g_ptr_array_add (list, NULL);
  {
    char **strv = (char **) g_ptr_array_free (g_steal_pointer (&list), FALSE);

    /* by id: two equal sets read the same */
    roof_strv_sort (strv, g_strv_length (strv));
    return strv;
  }
}

/* The colours of `list` ("id #rrggbb"; NULL: none) in place of all the
 * user's; anything else in it is refused and nothing changes. */
static void
set_custom_colors (RoofScenario *self, const char *const *list)
{
  g_autoptr (GHashTable) colors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto (GStrv) before = list_custom_colors (self);
  g_auto (GStrv) after = NULL;

  for (guint i = 0; list != NULL && list[i] != NULL; i++)
    {
      const char *space = strchr (list[i], ' ');
      g_autofree char *id = space != NULL ? g_strndup (list[i], space - list[i]) : NULL;
      guint32 rgb;

      if (id == NULL || !roof_spec_id_is_valid (id) || !roof_scenario_parse_color (space + 1, &rgb))
        return;
      g_hash_table_insert (colors, g_steal_pointer (&id), GUINT_TO_POINTER (rgb));
    }
  g_hash_table_unref (self->custom_colors);
  self->custom_colors = g_steal_pointer (&colors);
  after = list_custom_colors (self);
  if (!g_strv_equal ((const char *const *) before, (const char *const *) after))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CUSTOM_COLORS]);
      emit_changed (self);
    }
}

static void
roof_scenario_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RoofScenario *self = ROOF_SCENARIO (object);

  switch (prop_id)
    {
    case PROP_HARDWARE:
      g_value_set_boxed (value, self->hardware);
      break;
    case PROP_MODEL:
      g_value_set_string (value, self->model);
      break;
    case PROP_SYSTEM:
      g_value_set_string (value, self->system);
      break;
    case PROP_CHART:
      g_value_set_uint (value, self->chart);
      break;
    case PROP_CEILINGS:
      g_value_set_uint (value, self->ceilings);
      break;
    case PROP_SENSITIVITY_STEP:
      g_value_set_double (value, self->sensitivity_step);
      break;
    case PROP_CUSTOM_COLORS:
      g_value_take_boxed (value, list_custom_colors (self));
      break;
    case PROP_PUBLISHED_MEASUREMENTS:
    case PROP_SHOW_CALIBRATED:
    case PROP_MEASURED_HIDDEN:
      roof_scenario_measured_get_value (self, pspec->name, value);
      break;
    case PROP_FRONTIER_Y:
      g_value_set_string (value, roof_frontier_metric_name (self->frontier_y));
      break;
    case PROP_FRONTIER_LINEAR:
      g_value_set_boolean (value, self->frontier_linear);
      break;
    default:
      if (prop_id >= PROP_FIELD_FIRST && prop_id < N_PROPS)
        get_field (self, &field_properties[prop_id - PROP_FIELD_FIRST], value);
      else if (prop_id >= N_PROPS && prop_id < N_PROPS + roof_scenario_levers_n_properties ())
        roof_scenario_levers_get_property (self, prop_id - N_PROPS, value);
      else if (prop_id >= PROP_RATE) /* the fleet's, below the fields */
        roof_scenario_fleet_get_value (self, pspec->name, value);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
roof_scenario_set_property (GObject *object,
                            guint prop_id,
                            const GValue *value,
                            GParamSpec *pspec)
{
  RoofScenario *self = ROOF_SCENARIO (object);

  switch (prop_id)
    {
    case PROP_HARDWARE:
      roof_scenario_set_hardware (self, g_value_get_boxed (value));
      break;
    case PROP_MODEL:
      /* a model is required: no id is refused */
      if (g_value_get_string (value) != NULL)
        roof_scenario_set_model (self, g_value_get_string (value));
      break;
    case PROP_SYSTEM:
      if (g_value_get_string (value) == NULL || roof_spec_id_is_valid (g_value_get_string (value)))
        roof_scenario_set_system (self, g_value_get_string (value));
      break;
    case PROP_CHART:
      roof_scenario_set_chart (self, g_value_get_uint (value));
      break;
    case PROP_CEILINGS:
      roof_scenario_set_ceilings (self, g_value_get_uint (value));
      break;
    case PROP_SENSITIVITY_STEP:
      /* (0, 0.5]: 0 itself is refused */
      if (g_value_get_double (value) > 0)
        roof_scenario_set_sensitivity_step (self, g_value_get_double (value));
      break;
    case PROP_CUSTOM_COLORS:
      set_custom_colors (self, g_value_get_boxed (value));
      break;
    case PROP_PUBLISHED_MEASUREMENTS:
    case PROP_SHOW_CALIBRATED:
    case PROP_MEASURED_HIDDEN:
      roof_scenario_measured_set (self, pspec->name, value);
      break;
    case PROP_FRONTIER_Y:
      {
        RoofFrontierMetric m; /* an unknown name is refused */
        if (roof_frontier_metric_from_name (g_value_get_string (value), &m))
          roof_scenario_set_frontier_y (self, m);
      }
      break;
    case PROP_FRONTIER_LINEAR:
      roof_scenario_set_frontier_linear (self, g_value_get_boolean (value));
      break;
    default:
      if (prop_id >= PROP_FIELD_FIRST && prop_id < N_PROPS)
        set_field (self, &field_properties[prop_id - PROP_FIELD_FIRST], value);
      else if (prop_id >= N_PROPS && prop_id < N_PROPS + roof_scenario_levers_n_properties ())
        roof_scenario_levers_set_property (self, prop_id - N_PROPS, value);
      else if (prop_id >= PROP_RATE)
        roof_scenario_fleet_set (self, pspec, value);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
install_field_properties (void)
{
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  RoofWorkload wl;
  RoofSla sla;

  roof_workload_init (&wl);
  roof_sla_init (&sla);
  for (guint i = 0; i < G_N_ELEMENTS (field_properties); i++)
    {
      const FieldProperty *fp = &field_properties[i];
      gpointer field = field_in (fp, &wl, &sla);

      if (fp->enum_type != NULL)
        properties[PROP_FIELD_FIRST + i]
          = g_param_spec_enum (fp->name, NULL, NULL, fp->enum_type (), *(int *) field, flags);
      else
        properties[PROP_FIELD_FIRST + i]
          = g_param_spec_double (fp->name, NULL, NULL, fp->min, fp->max,
                                 CLAMP (*(double *) field, fp->min, fp->max), flags);
    }
}

static void
roof_scenario_class_init (RoofScenarioClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = roof_scenario_finalize;
  object_class->get_property = roof_scenario_get_property;
  object_class->set_property = roof_scenario_set_property;

  /**
   * RoofScenario:hardware: (type GStrv)
   *
   * The compared hardware ids, in order.
   */
  properties[PROP_HARDWARE] = g_param_spec_boxed ("hardware", NULL, NULL, G_TYPE_STRV, flags);
  /* the colours the user chose, "id #rrggbb" by id (set_custom_color) */
  properties[PROP_CUSTOM_COLORS] = g_param_spec_boxed ("custom-colors", NULL, NULL, G_TYPE_STRV,
                                                       flags);
  properties[PROP_MODEL] = g_param_spec_string ("model", NULL, NULL, "", flags);
  roof_scenario_measured_install (&properties[PROP_PUBLISHED_MEASUREMENTS]);
  /* NULL: the compared devices bare */
  properties[PROP_SYSTEM] = g_param_spec_string ("system", NULL, NULL, NULL, flags);
  /* a RoofPlotKind */
  properties[PROP_CHART] = g_param_spec_uint ("chart", NULL, NULL, 0, ROOF_PLOT_COUNT - 1,
                                              ROOF_PLOT_ROOFLINE, flags);
  properties[PROP_CEILINGS] = g_param_spec_uint ("ceilings", NULL, NULL, 0, ALL_CEILINGS,
                                                 DEFAULT_CEILINGS, flags);
  properties[PROP_SENSITIVITY_STEP]
    = g_param_spec_double ("sensitivity-step", NULL, NULL, 0, 0.5, ROOF_DEFAULT_SENSITIVITY_STEP,
                           flags);
  roof_scenario_fleet_install (&properties[PROP_RATE]); /* rate … ttft-p99, in order */
  /* the frontier chart's y axis ("device", "kw", "usd") and linear axes */
  properties[PROP_FRONTIER_Y] = g_param_spec_string ("frontier-y", NULL, NULL, "device", flags);
  properties[PROP_FRONTIER_LINEAR]
    = g_param_spec_boolean ("frontier-linear", NULL, NULL, FALSE, flags);
  /* the workload's fields (phase, batch, … microbatches: overhead in
   * seconds) and the SLA's targets (itl, ttft in seconds, tokens-per-s) */
  install_field_properties ();
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* the levers: speculative decoding, disaggregation, the cost basis */
  roof_scenario_levers_install (object_class, N_PROPS);

  /**
   * RoofScenario::changed:
   *
   * Emitted by every setter that changes something.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
roof_scenario_init (RoofScenario *self)
{
  self->hardware = g_new0 (char *, 1);
  self->measurements = roof_measurements_new ();
  self->measured_hidden = g_new0 (char *, 1);
  self->colors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->custom_colors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->model = g_strdup ("");
  roof_workload_init (&self->workload);
  roof_sla_init (&self->sla);
  self->chart = ROOF_PLOT_ROOFLINE;
  self->ceilings = DEFAULT_CEILINGS;
  self->sensitivity_step = ROOF_DEFAULT_SENSITIVITY_STEP;
  self->batch_lo = 1;
  self->batch_hi = 4096;
  self->context_lo = 128;
  self->context_hi = 131072;
  self->spec_k = 1;
  roof_scenario_fleet_init (&self->fleet);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                               */

RoofScenario *
roof_scenario_new_default (void)
{
  static const char *const hardware[] = {
    "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-a100-sxm-80gb", NULL,
  };
  RoofScenario *self = g_object_new (ROOF_TYPE_SCENARIO, NULL);

  g_strfreev (self->hardware);
  self->hardware = g_strdupv ((char **) hardware);
  g_free (self->model);
  self->model = g_strdup (ROOF_DEFAULT_MODEL);
  /* 141 GB of bf16 weights fit on none of them alone: two in tensor
   * parallel, so the first screen compares configurations that run */
  self->workload.devices = 2;
  self->sla.itl = 0.050;
  return self;
}

const char *const *
roof_scenario_get_hardware (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), NULL);

  return (const char *const *) self->hardware;
}

void
roof_scenario_set_hardware (RoofScenario *self, const char *const *ids)
{
  static const char *const none[] = { NULL };

  g_return_if_fail (ROOF_IS_SCENARIO (self));

  if (ids == NULL)
    ids = none;
  if (g_strv_equal ((const char *const *) self->hardware, ids))
    return;
  g_strfreev (self->hardware);
  self->hardware = g_strdupv ((char **) ids);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HARDWARE]);
  emit_changed (self);
}

void
roof_scenario_add_hardware (RoofScenario *self, const char *id)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (id != NULL);

  if (g_strv_contains ((const char *const *) self->hardware, id))
    return;
  guint n = g_strv_length (self->hardware);
  self->hardware = g_renew (char *, self->hardware, n + 2);
  self->hardware[n] = g_strdup (id);
  self->hardware[n + 1] = NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HARDWARE]);
  emit_changed (self);
}

gboolean
roof_scenario_remove_hardware (RoofScenario *self, const char *id)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  guint j = 0;
  gboolean found = FALSE;
  for (guint i = 0; self->hardware[i] != NULL; i++)
    {
      if (!found && strcmp (self->hardware[i], id) == 0)
        {
          g_free (self->hardware[i]);
          found = TRUE;
          continue;
        }
      self->hardware[j++] = self->hardware[i];
    }
  self->hardware[j] = NULL;
  if (found)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HARDWARE]);
      emit_changed (self);
    }
  return found;
}

gboolean
roof_scenario_has_hardware (RoofScenario *self, const char *id)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  return g_strv_contains ((const char *const *) self->hardware, id);
}

/* The palette index a device would like: a hash of its id, the same on
 * every machine and in every run (FNV-1a, 32 bits). */
static guint
preferred_color (const char *id)
{
  guint32 h = 2166136261u;
  for (const guchar *p = (const guchar *) id; *p; p++)
    h = (h ^ *p) * 16777619u;
  return h % ROOF_SCENARIO_N_COLORS;
}

static int
compare_ids (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Palette indices whose colours look alike (CIE76 ΔE below 40 in the light
 * or the dark palette of src/plot/roof-theme.c): blue and sky blue (ΔE 26),
 * vermillion and orange (33), orange and olive (29 light, 39 dark), sky
 * blue and grey (27 dark), reddish purple and grey (38 dark). A bit per
 * index; tests/ui/test-ui-marker.c checks the resulting colours. */
static const guint8 look_alike[ROOF_SCENARIO_N_COLORS] = {
  [0] = 1u << 5,
  [1] = 1u << 4,
  [3] = 1u << 7,
  [4] = 1u << 1 | 1u << 6,
  [5] = 1u << 0 | 1u << 7,
  [6] = 1u << 4,
  [7] = 1u << 3 | 1u << 5,
};

/* The palette index `id` takes beside those `used`: the one its id hashes
 * to, or the next free one, preferring one whose colour looks like none
 * used (the first free one when every free colour looks like a used one). */
static guint
pick_color (const char *id, const gboolean used[ROOF_SCENARIO_N_COLORS])
{
  guint c = preferred_color (id), taken = 0;

  for (guint k = 0; k < ROOF_SCENARIO_N_COLORS; k++)
    taken |= used[k] ? 1u << k : 0u;
  for (guint k = 0; k < ROOF_SCENARIO_N_COLORS; k++)
    {
      guint t = (c + k) % ROOF_SCENARIO_N_COLORS;
      if (!used[t] && (look_alike[t] & taken) == 0)
        return t;
    }
  for (guint k = 0; k < ROOF_SCENARIO_N_COLORS && used[c]; k++)
    c = (c + 1) % ROOF_SCENARIO_N_COLORS;
  return c;
}

/* Gives each compared device a palette index that depends on the set of
 * devices compared alone, never on the order they were added: in the order
 * of their ids, each takes the index its id hashes to, or the next free one
 * when another took it (no two share one while there are colours),
 * preferring one whose colour looks like none taken (with up to four
 * devices there always is one). Only when the devices changed since the last
 * time: every device row and every series asks on every edit. */
static void
reconcile_colors (RoofScenario *self)
{
  guint n = g_strv_length (self->hardware);
  g_autofree char **sorted = NULL;
  gboolean used[ROOF_SCENARIO_N_COLORS] = { FALSE };
  guint n_used = 0;

  if (self->colors_for != NULL
      && g_strv_equal ((const char *const *) self->colors_for, (const char *const *) self->hardware))
    return;
  g_strfreev (self->colors_for);
  self->colors_for = g_strdupv (self->hardware);
  sorted = g_memdup2 (self->hardware, (n + 1) * sizeof (char *));
  g_hash_table_remove_all (self->colors);
  qsort (sorted, n, sizeof (char *), compare_ids);
  for (guint i = 0; i < n; i++)
    {
      guint c = pick_color (sorted[i], used);
      used[c] = TRUE;
      if (++n_used == ROOF_SCENARIO_N_COLORS)
        {
          /* more devices than colours: round again */
          memset (used, 0, sizeof used);
          n_used = 0;
        }
      g_hash_table_insert (self->colors, g_strdup (sorted[i]), GUINT_TO_POINTER (c + 1));
    }
}

int
roof_scenario_get_color (RoofScenario *self, const char *id)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), -1);
  g_return_val_if_fail (id != NULL, -1);

  reconcile_colors (self);
  gpointer value = g_hash_table_lookup (self->colors, id);
  return value != NULL ? (int) GPOINTER_TO_UINT (value) - 1 : -1;
}

int
roof_scenario_get_system_color (RoofScenario *self)
{
  gboolean used[ROOF_SCENARIO_N_COLORS] = { FALSE };
  guint n_used = 0;

  g_return_val_if_fail (ROOF_IS_SCENARIO (self), -1);

  if (self->system == NULL)
    return -1;
  reconcile_colors (self);
  for (guint i = 0; self->hardware[i] != NULL; i++)
    {
      guint c = GPOINTER_TO_UINT (g_hash_table_lookup (self->colors, self->hardware[i])) - 1;
      n_used += used[c] ? 0 : 1;
      used[c] = TRUE;
    }
  if (n_used == ROOF_SCENARIO_N_COLORS)
    memset (used, 0, sizeof used); /* every colour taken: round again */
  return (int) pick_color (self->system, used);
}

gboolean
roof_scenario_get_custom_color (RoofScenario *self, const char *id, guint32 *rgb)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  gpointer value;
  if (!g_hash_table_lookup_extended (self->custom_colors, id, NULL, &value))
    return FALSE;
  if (rgb != NULL)
    *rgb = GPOINTER_TO_UINT (value);
  return TRUE;
}

void
roof_scenario_set_custom_color (RoofScenario *self, const char *id, gint64 rgb)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (id != NULL);
  g_return_if_fail (rgb <= 0xffffff);

  guint32 old;
  gboolean had = roof_scenario_get_custom_color (self, id, &old);
  if (rgb < 0 ? !had : had && old == (guint32) rgb)
    return;
  if (rgb < 0)
    g_hash_table_remove (self->custom_colors, id);
  else
    g_hash_table_insert (self->custom_colors, g_strdup (id), GUINT_TO_POINTER ((guint32) rgb));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CUSTOM_COLORS]);
  emit_changed (self);
}

gboolean
roof_scenario_parse_color (const char *text, guint32 *rgb)
{
  guint32 v = 0;

  if (text == NULL || text[0] != '#' || strlen (text) != 7)
    return FALSE;
  for (int i = 1; i < 7; i++)
    {
      int d = g_ascii_xdigit_value (text[i]);
      if (d < 0)
        return FALSE;
      v = v << 4 | (guint32) d;
    }
  if (rgb != NULL)
    *rgb = v;
  return TRUE;
}

const char *
roof_scenario_get_model (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), NULL);

  return self->model;
}

void
roof_scenario_set_model (RoofScenario *self, const char *id)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (id != NULL);

  if (g_strcmp0 (self->model, id) == 0)
    return;
  g_free (self->model);
  self->model = g_strdup (id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
  emit_changed (self);
}

const char *
roof_scenario_get_system (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), NULL);

  return self->system;
}

void
roof_scenario_set_system (RoofScenario *self, const char *id)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (id == NULL || roof_spec_id_is_valid (id));

  if (g_strcmp0 (self->system, id) == 0)
    return;
  g_free (self->system);
  self->system = g_strdup (id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SYSTEM]);
  emit_changed (self);
}

const RoofWorkload *
roof_scenario_get_workload (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), NULL);

  return &self->workload;
}

void
roof_scenario_set_workload (RoofScenario *self, const RoofWorkload *workload)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (workload != NULL);
  g_return_if_fail (roof_workload_validate (workload, NULL) == ROOF_OK);

  apply_fields (self, workload, &self->sla);
}

const RoofSla *
roof_scenario_get_sla (RoofScenario *self)
{
  g_return_val_if_fail (ROOF_IS_SCENARIO (self), NULL);

  return &self->sla;
}

void
roof_scenario_set_sla (RoofScenario *self, const RoofSla *sla)
{
  g_return_if_fail (ROOF_IS_SCENARIO (self));
  g_return_if_fail (sla != NULL);
  g_return_if_fail (isfinite (sla->itl) && sla->itl >= 0);
  g_return_if_fail (isfinite (sla->ttft) && sla->ttft >= 0);
  g_return_if_fail (isfinite (sla->tokens_per_s) && sla->tokens_per_s >= 0);

  apply_fields (self, &self->workload, sla);
}

gboolean
roof_scenario_accepts (RoofScenario *self, const char *property, const GValue *value)
{
  RoofWorkload wl;
  RoofSla sla;

  g_return_val_if_fail (ROOF_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (property != NULL, FALSE);
  g_return_val_if_fail (G_IS_VALUE (value), FALSE);

  for (guint p = PROP_RATE; p <= PROP_TTFT_P99; p++)
    if (strcmp (properties[p]->name, property) == 0)
      return roof_scenario_fleet_accepts (self, properties[p], value);
  for (guint i = 0; i < G_N_ELEMENTS (field_properties); i++)
    if (strcmp (field_properties[i].name, property) == 0)
      {
        GParamSpec *pspec = properties[PROP_FIELD_FIRST + i];
        g_auto (GValue) copy = G_VALUE_INIT;

        g_value_init (&copy, G_PARAM_SPEC_VALUE_TYPE (pspec));
        if (!g_value_transform (value, &copy) || g_param_value_validate (pspec, &copy))
          return FALSE;
        return field_candidate (self, &field_properties[i], &copy, &wl, &sla);
      }
  g_return_val_if_reached (FALSE);
}
