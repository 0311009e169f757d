/* fuzz-solver.c — every solver entry point on arbitrary numbers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is read as hardware, model, workload, SLA and a few analysis
 * arguments (fuzz-solver-io.h). Every entry point is called with them; each
 * must either return ROOF_OK with every double of its result finite, or an
 * error code with a message. Sanitizers catch the rest (a float-to-int
 * conversion out of range, an array index past its end, …).
 */
#include <math.h>
#include <string.h>

#include "fuzz-common.h"
#include "fuzz-solver-io.h"
#include "roof-solver.h"

#define N_SWEEP 32

static const char *current; /* the call being checked, for messages */

#define CHECK(x)                                                                                  \
  do                                                                                              \
    {                                                                                             \
      double v_ = (x);                                                                            \
      if (!isfinite (v_))                                                                         \
        fuzz_fail ("%s returned ROOF_OK with %s = %g", current, #x, v_);                          \
    }                                                                                             \
  while (0)

#define REQUIRE(cond)                                                                             \
  do                                                                                              \
    {                                                                                             \
      if (!(cond))                                                                                \
        fuzz_fail ("%s: %s does not hold", current, #cond);                                      \
    }                                                                                             \
  while (0)

/* A failure must say why: a code other than OK and a message. */
static void
check_error (RoofStatus st, const RoofError *err)
{
  REQUIRE (st == ROOF_ERR_INVALID || st == ROOF_ERR_PRECISION || st == ROOF_ERR_UNSUPPORTED
           || st == ROOF_ERR_INFEASIBLE);
  REQUIRE (memchr (err->message, '\0', sizeof err->message) != NULL);
  REQUIRE (err->message[0] != '\0');
}

static void
check_derived (const RoofModelDerived *d)
{
  CHECK (d->layers);
  CHECK (d->hidden);
  CHECK (d->heads);
  CHECK (d->head_dim);
  CHECK (d->vocab);
  CHECK (d->n_dense_layers);
  CHECK (d->n_moe_layers);
  CHECK (d->n_window_layers);
  CHECK (d->window);
  CHECK (d->p_embedding);
  CHECK (d->p_lm_head);
  CHECK (d->p_attn_layer);
  CHECK (d->p_norm_layer);
  CHECK (d->p_dense_ffn_layer);
  CHECK (d->p_expert);
  CHECK (d->p_shared_layer);
  CHECK (d->p_router_layer);
  CHECK (d->p_final_norm);
  CHECK (d->p_total_derived);
  CHECK (d->p_active_derived);
  CHECK (d->p_total);
  CHECK (d->p_active);
  CHECK (d->weight_scale);
  CHECK (d->flop_scale);
  CHECK (d->p_mm_active);
  CHECK (d->p_mm_body);
  CHECK (d->p_mm_head);
  CHECK (d->p_read_always);
  CHECK (d->p_read_expert);
  CHECK (d->kv_elems_per_token_layer);
  CHECK (d->kv_elems_per_token);
  CHECK (d->attn_flop_per_ctx);
  CHECK (d->act_per_token_dense_layer);
  CHECK (d->act_per_token_moe_layer);
  CHECK (d->act_per_token_head);
  CHECK (d->workspace_per_token);
  CHECK (d->flop_per_sample);
  CHECK (d->bytes_per_sample);
}

static void
check_result (const RoofResult *r)
{
  CHECK (r->tokens);
  CHECK (r->flop);
  CHECK (r->flop_linear);
  CHECK (r->flop_attention);
  CHECK (r->bytes_weights);
  CHECK (r->bytes_kv);
  CHECK (r->bytes_act);
  CHECK (r->bytes_total);
  CHECK (r->intensity);
  CHECK (r->ridge);
  CHECK (r->t_compute);
  CHECK (r->t_memory);
  CHECK (r->t_comm);
  CHECK (r->t_overhead);
  CHECK (r->t_step);
  CHECK (r->tokens_per_s);
  CHECK (r->mfu);
  CHECK (r->mbu);
  CHECK (r->attained_flops);
  CHECK (r->footprint_weights);
  CHECK (r->footprint_kv);
  CHECK (r->footprint_act);
  CHECK (r->footprint);
  CHECK (r->capacity);
  CHECK (r->usd_per_s);
  CHECK (r->usd_per_mtok);
  /* what docs/model.md promises of any step */
  REQUIRE (r->t_step > 0.0);
  REQUIRE (r->t_compute >= 0.0 && r->t_memory >= 0.0 && r->t_comm >= 0.0);
  REQUIRE (r->min_devices >= 1);
  REQUIRE (r->bound == ROOF_BOUND_COMPUTE || r->bound == ROOF_BOUND_MEMORY
           || r->bound == ROOF_BOUND_COMMUNICATION);
}

static void
check_request (const RoofRequest *q)
{
  CHECK (q->ttft);
  CHECK (q->itl_mean);
  CHECK (q->itl_first);
  CHECK (q->itl_last);
  CHECK (q->total);
  CHECK (q->usd_per_request);
}

static void
check_breakdown (const RoofBreakdown *b)
{
  REQUIRE (b->n_rows >= 0 && b->n_rows <= ROOF_MAX_OP_ROWS);
  for (int i = 0; i < b->n_rows; i++)
    {
      const RoofOpRow *row = &b->rows[i];
      REQUIRE ((int) row->op >= 0 && row->op < ROOF_OP_COUNT);
      CHECK (row->layers);
      CHECK (row->flop);
      CHECK (row->bytes_weights);
      CHECK (row->bytes_kv);
      CHECK (row->bytes_act);
      CHECK (row->bytes);
      CHECK (row->intensity);
      CHECK (row->t_compute);
      CHECK (row->t_memory);
      CHECK (row->time);
    }
}

static void
check_cost (const RoofCostPoint *c)
{
  CHECK (c->batch);
  CHECK (c->total);
  CHECK (c->weights);
  CHECK (c->kv);
  CHECK (c->compute);
  CHECK (c->fixed);
}

static void
check_sensitivity (const RoofSensitivity *s)
{
  CHECK (s->step);
  CHECK (s->t_base);
  for (int k = 0; k < ROOF_KNOB_COUNT; k++)
    {
      CHECK (s->e[k].elasticity);
      CHECK (s->e[k].up);
      CHECK (s->e[k].down);
    }
  REQUIRE ((int) s->binding >= 0 && s->binding < ROOF_KNOB_HARDWARE_COUNT);
  REQUIRE (s->min_devices >= 1);
}

static void
check_requirements (const RoofRequirements *q)
{
  CHECK (q->mem_bw);
  CHECK (q->peak_flops);
  CHECK (q->mem_bytes);
  CHECK (q->decode_bytes);
  CHECK (q->decode_flop);
  CHECK (q->prefill_flop);
  CHECK (q->itl_budget);
  CHECK (q->ttft_budget);
}

static void
check_candidate (const RoofCandidate *c, int n_hw)
{
  REQUIRE (c->hardware_index >= 0 && c->hardware_index < n_hw);
  REQUIRE (c->meets || c->reason != NULL);
  CHECK (c->batch);
  CHECK (c->itl);
  CHECK (c->ttft);
  CHECK (c->tokens_per_s);
  CHECK (c->usd_per_hour);
  CHECK (c->usd_per_mtok);
  CHECK (c->best_batch);
  CHECK (c->best_itl);
  CHECK (c->best_tokens_per_s);
  CHECK (c->best_usd_per_hour);
  CHECK (c->best_usd_per_mtok);
}

/* Calls `call`, then `check` on success or check_error on failure. */
#define RUN(name, call, check)                                                                    \
  do                                                                                              \
    {                                                                                             \
      RoofError err_ = { 0 };                                                                     \
      RoofStatus st_;                                                                             \
      RoofError *err = &err_;                                                                     \
      current = name;                                                                             \
      st_ = (call);                                                                               \
      if (st_ == ROOF_OK)                                                                         \
        {                                                                                         \
          check;                                                                                  \
        }                                                                                         \
      else                                                                                        \
        check_error (st_, &err_);                                                                 \
    }                                                                                             \
  while (0)

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_setup_glib ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  RoofHardwareParams hw, hw2;
  RoofModelParams m;
  RoofModelDerived md;
  RoofWorkload wl;
  RoofSla sla;
  FuzzExtra x;
  FuzzIo io = { .p = data, .n = size };
  bool derived = false;

  memset (&hw, 0, sizeof hw);
  memset (&m, 0, sizeof m);
  memset (&wl, 0, sizeof wl);
  memset (&sla, 0, sizeof sla);
  memset (&x, 0, sizeof x);
  fuzz_io_all (&io, &hw, &m, &wl, &sla, &x);

  hw2 = hw;
  hw2.mem_bw = x.other_mem_bw;
  if ((int) wl.compute >= 0 && wl.compute < ROOF_PREC_COUNT)
    hw2.peak_flops[wl.compute] = x.other_peak;
  hw2.price_per_hour = x.other_price;

  RUN ("roof_hardware_validate", roof_hardware_validate (&hw, err), {
    for (int p = 0; p < ROOF_PREC_COUNT; p++)
      CHECK (roof_hardware_ridge (&hw, (RoofPrecision) p));
  });
  RUN ("roof_workload_validate", roof_workload_validate (&wl, err), {
    CHECK (roof_workload_weight_bytes (&wl));
  });
  RUN ("roof_model_derive", roof_model_derive (&m, &md, err), {
    check_derived (&md);
    derived = true;
  });
  /* the analyses take a derived model: without one there is nothing to call */
  if (!derived)
    return 0;

  RoofResult r;
  bool solved = false;
  RUN ("roof_solve", roof_solve (&hw, &md, &wl, &r, err), {
    check_result (&r);
    solved = true;
  });
  if (solved)
    {
      /* valid workload: the KV helpers and the fit search must be finite too */
      current = "roof_model_kv_bytes";
      CHECK (roof_model_kv_bytes_per_token (&md, roof_precision_bytes (wl.kv)));
      CHECK (roof_model_kv_bytes (&md, wl.context, roof_precision_bytes (wl.kv)));
      current = "roof_max_batch_that_fits";
      double b = roof_max_batch_that_fits (&hw, &md, &wl);
      CHECK (b);
      REQUIRE (b >= 0.0);
    }

  RoofRequest q;
  RUN ("roof_request", roof_request (&hw, &md, &wl, &q, err), check_request (&q));

  static RoofBreakdown bd;
  RUN ("roof_breakdown", roof_breakdown (&hw, &md, &wl, &bd, err), check_breakdown (&bd));

  static RoofResult sweep[N_SWEEP];
  int n = x.sweep_n;
  if (n > N_SWEEP)
    n = N_SWEEP;
  RUN ("roof_sweep",
       roof_sweep (&hw, &md, &wl, (RoofSweepAxis) x.sweep_axis, x.sweep_lo, x.sweep_hi, n,
                   x.sweep_log, sweep, err),
       {
         for (int i = 0; i < n; i++)
           check_result (&sweep[i]);
       });

  RoofBalance bal;
  RUN ("roof_balance_batch", roof_balance_batch (&hw, &md, &wl, &bal, err), {
    if (!bal.never)
      {
        CHECK (bal.batch);
        REQUIRE (bal.batch >= 0.0);
      }
  });

  RoofCostPoint cp;
  RUN ("roof_cost_point", roof_cost_point (&hw, &md, &wl, x.cost_batch, &cp, err),
       check_cost (&cp));

  double crossings[ROOF_MAX_CROSSOVERS];
  int n_found = 0;
  RUN ("roof_cost_crossovers",
       roof_cost_crossovers (&hw, &hw2, &md, &wl, x.sweep_lo, x.sweep_hi, crossings, &n_found,
                             err),
       {
         REQUIRE (n_found >= 0 && n_found <= ROOF_MAX_CROSSOVERS);
         for (int i = 0; i < n_found; i++)
           CHECK (crossings[i]);
       });

  RoofSensitivity sens;
  RUN ("roof_sensitivity", roof_sensitivity (&hw, &md, &wl, x.step, &sens, err),
       check_sensitivity (&sens));

  RoofRequirements req;
  RUN ("roof_requirements", roof_requirements (&md, &wl, &sla, &req, err),
       check_requirements (&req));

  const RoofHardwareParams *devices[2] = { &hw, &hw2 };
  RoofCandidate cands[2];
  RUN ("roof_synthesize", roof_synthesize (devices, 2, &md, &wl, &sla, cands, err), {
    check_candidate (&cands[0], 2);
    check_candidate (&cands[1], 2);
    REQUIRE (cands[0].hardware_index != cands[1].hardware_index);
  });

  RoofCandidate one;
  RUN ("roof_candidate_eval",
       roof_candidate_eval (&hw, &md, &wl, &sla, x.eval_devices, &one, err), {
         one.hardware_index = 0;
         check_candidate (&one, 1);
       });
  return 0;
}
