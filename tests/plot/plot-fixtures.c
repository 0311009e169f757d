/* plot-fixtures.c — devices, models and chart inputs for the plot tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "plot-fixtures.h"

const char *const plot_fixture_eight[8] = {
  "nvidia-a100-sxm-80gb", "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-b200",
  "amd-mi300x",           "nvidia-l40s",     "google-tpu-v5p",  "intel-gaudi3",
};

static const char *const short_names[][2] = {
  { "nvidia-a100-sxm-80gb", "A100 SXM 80GB" }, { "nvidia-h100-sxm", "H100 SXM" },
  { "nvidia-h200-sxm", "H200" },               { "nvidia-b200", "B200" },
  { "amd-mi300x", "MI300X" },                  { "nvidia-l40s", "L40S" },
  { "google-tpu-v5p", "TPU v5p" },             { "intel-gaudi3", "Gaudi 3" },
};

static void
fill_device (const PlotFixtureDevice *f, int color, RoofPlotDevice *out)
{
  memset (out, 0, sizeof *out);
  out->id = f->id;
  out->name = f->name;
  for (guint i = 0; i < G_N_ELEMENTS (short_names); i++)
    if (strcmp (short_names[i][0], f->id) == 0)
      out->name = short_names[i][1];
  out->vendor = f->vendor;
  out->year = f->year;
  out->color = color;
  roof_hardware_init (&out->hw);
  for (int p = 0; p < ROOF_PREC_COUNT; p++)
    out->hw.peak_flops[p] = f->peak[p];
  out->hw.mem_bw = f->mem_bw;
  out->hw.mem_capacity = f->mem_capacity;
  out->hw.n_caches = f->n_caches;
  for (int k = 0; k < f->n_caches; k++)
    {
      out->hw.caches[k].capacity = f->caches[k].capacity;
      out->hw.caches[k].bandwidth = f->caches[k].bandwidth;
      out->cache_names[k] = f->caches[k].name;
    }
  out->hw.link_bw = f->link_bw;
  out->hw.link_latency = f->link_latency;
  out->hw.has_price = f->has_price;
  out->hw.price_per_hour = f->price;
  out->hw.eff_compute = f->eff_compute;
  out->hw.eff_memory = f->eff_memory;
}

gboolean
plot_fixture_device (const char *id, int color, RoofPlotDevice *out)
{
  for (int i = 0; i < plot_fixture_n_catalog; i++)
    if (strcmp (plot_fixture_catalog[i].id, id) == 0)
      {
        fill_device (&plot_fixture_catalog[i], color, out);
        return TRUE;
      }
  return FALSE;
}

const char *
plot_fixture_model (const char *id, RoofModelDerived *md)
{
  for (int i = 0; i < plot_fixture_n_models; i++)
    {
      const PlotFixtureModel *f = &plot_fixture_models[i];
      RoofModelParams m;
      RoofError err;
      if (strcmp (f->id, id) != 0)
        continue;
      roof_model_init (&m);
      if (f->generic)
        {
          m.kind = ROOF_MODEL_GENERIC;
          m.flop_per_sample = f->flop_per_sample;
          m.bytes_per_sample = f->bytes_per_sample;
          m.params = f->params;
        }
      else
        {
          m.kind = ROOF_MODEL_TRANSFORMER;
          m.layers = f->layers;
          m.hidden = f->hidden;
          m.heads = f->heads;
          m.kv_heads = f->kv_heads;
          m.head_dim = f->head_dim;
          m.ffn = f->ffn;
          m.ffn_gated = f->gated;
          m.vocab = f->vocab;
          m.tied_embeddings = f->tied;
          m.qkv_bias = f->qkv_bias;
          roof_attention_from_name (f->attention, &m.attention);
          m.sliding_window = f->window;
          m.window_layers = f->window_layers;
          m.mla_kv_lora_rank = f->kv_lora;
          m.mla_rope_dim = f->rope;
          m.mla_q_lora_rank = f->q_lora;
          m.mla_v_head_dim = f->v_head;
          m.experts = f->experts;
          m.experts_per_token = f->k;
          m.shared_experts = f->shared;
          m.expert_ffn = f->expert_ffn;
          m.dense_layers = f->dense_layers;
          if (f->experts > 0)
            {
              m.params_total = f->params_total;
              m.params_active = f->params_active;
            }
        }
      if (roof_model_derive (&m, md, &err) != ROOF_OK)
        {
          g_warning ("%s: %s", id, err.message);
          return NULL;
        }
      return f->name;
    }
  return NULL;
}

void
plot_scenario_init (PlotScenario *s, RoofPlotKind kind, const char *model_id, int n,
                    const char *const *ids)
{
  memset (s, 0, sizeof *s);
  roof_chart_input_init (&s->in);
  s->in.kind = kind;
  for (int i = 0; i < n && i < ROOF_PLOT_MAX_DEVICES; i++)
    {
      const char *id = ids ? ids[i] : plot_fixture_eight[i];
      if (!plot_fixture_device (id, i, &s->devices[i]))
        g_error ("no fixture device %s", id);
    }
  s->in.devices = s->devices;
  s->in.n_devices = n;
  s->in.model_name = plot_fixture_model (model_id ? model_id : "llama-3.1-70b", &s->model);
  g_assert_nonnull (s->in.model_name);
  s->in.model = &s->model;
  s->in.sla.itl = 0.050;
  s->catalog = g_new0 (RoofPlotDevice, plot_fixture_n_catalog);
  for (int i = 0; i < plot_fixture_n_catalog; i++)
    fill_device (&plot_fixture_catalog[i], i % ROOF_PLOT_PALETTE_SIZE, &s->catalog[i]);
  s->in.catalog = s->catalog;
  s->in.n_catalog = plot_fixture_n_catalog;
}

void
plot_scenario_clear (PlotScenario *s)
{
  g_clear_pointer (&s->catalog, g_free);
}
