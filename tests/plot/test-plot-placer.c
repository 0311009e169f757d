/* test-plot-placer.c — oriented boxes and the label placer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "roof-label-placer.h"

static void
test_obox (void)
{
  RoofOBox a = { 50, 50, 40, 10, 0 }, b = { 85, 50, 40, 10, 0 };
  g_assert_true (roof_obox_overlap (&a, &b));
  b.cx = 91;
  g_assert_false (roof_obox_overlap (&a, &b));
  /* touching edges do not overlap */
  b.cx = 90;
  g_assert_false (roof_obox_overlap (&a, &b));

  /* two thin boxes at 45° side by side: their bounds overlap, they do not */
  RoofOBox c = { 100, 100, 100, 8, G_PI / 4 }, d = { 112, 88, 100, 8, G_PI / 4 };
  RoofRect rc, rd;
  roof_obox_bounds (&c, &rc);
  roof_obox_bounds (&d, &rd);
  g_assert_cmpfloat (rc.x + rc.width, >, rd.x);
  g_assert_false (roof_obox_overlap (&c, &d));
  d.cx = 104, d.cy = 96;
  g_assert_true (roof_obox_overlap (&c, &d));
  /* crossing at right angles */
  RoofOBox e = { 100, 100, 100, 8, -G_PI / 4 };
  g_assert_true (roof_obox_overlap (&c, &e));

  /* segments */
  g_assert_true (roof_obox_hits_segment (&a, 0, 50, 100, 50));
  g_assert_false (roof_obox_hits_segment (&a, 0, 60, 100, 60));
  g_assert_true (roof_obox_hits_segment (&a, 50, 50, 51, 51)); /* inside */
  g_assert_true (roof_obox_hits_segment (&c, 0, 200, 200, 0));
  g_assert_false (roof_obox_hits_segment (&c, 0, 20, 20, 0));
}

static void
test_crowded_points (void)
{
  RoofRect bounds = { 0, 0, 300, 200 };
  RoofLabelPlacer *p = roof_label_placer_new (&bounds);
  GRand *rand = g_rand_new_with_seed (7);
  int n = 300;
  for (int i = 0; i < n; i++)
    roof_label_placer_add_point (p, 40 + g_rand_int_range (rand, 0, 30), 12,
                                 g_rand_double_range (rand, 0, 300), g_rand_double_range (rand, 0, 200),
                                 3, i == 17 ? 1000 : g_rand_int_range (rand, 0, 100), -1, TRUE);
  /* a hard obstacle: nothing may cover it */
  RoofOBox legend = { 250, 30, 90, 50, 0 };
  roof_label_placer_add_box (p, &legend);
  roof_label_placer_solve (p);
  int placed = 0;
  for (int i = 0; i < n; i++)
    {
      const RoofLabelRequest *a = roof_label_placer_get (p, i);
      if (!a->placed)
        continue;
      placed++;
      g_assert_true (roof_obox_inside (&a->box, &bounds));
      g_assert_false (roof_obox_overlap (&a->box, &legend));
      for (int j = i + 1; j < n; j++)
        {
          const RoofLabelRequest *b = roof_label_placer_get (p, j);
          if (b->placed)
            g_assert_false (roof_obox_overlap (&a->box, &b->box));
        }
    }
  /* the most important label always finds a place; the area cannot hold all */
  g_assert_true (roof_label_placer_get (p, 17)->placed);
  g_assert_cmpint (placed, >, 20);
  g_assert_cmpint (placed, <, n);
  g_rand_free (rand);
  roof_label_placer_free (p);
}

static void
test_line_labels (void)
{
  RoofRect bounds = { 0, 0, 600, 400 };
  RoofLabelPlacer *p = roof_label_placer_new (&bounds);
  /* parallel lines at −30° on screen, 20 px apart */
  double ang = -G_PI / 6;
  int ids[6];
  for (int k = 0; k < 6; k++)
    {
      double xy[4] = { 50, 350 - 20 * k, 50 + 500 * cos (ang), 350 - 20 * k + 500 * sin (ang) };
      roof_label_placer_add_polyline (p, xy, 2, k);
      ids[k] = roof_label_placer_add_line (p, 120, 12, xy, 2, 0.5, 70, k);
    }
  roof_label_placer_solve (p);
  int placed = 0;
  for (int k = 0; k < 6; k++)
    {
      const RoofLabelRequest *r = roof_label_placer_get (p, ids[k]);
      if (!r->placed)
        continue;
      placed++;
      /* at the line's slope */
      g_assert_cmpfloat (fabs (r->box.angle - ang), <, 1e-9);
      for (int j = 0; j < k; j++)
        {
          const RoofLabelRequest *o = roof_label_placer_get (p, ids[j]);
          if (o->placed)
            g_assert_false (roof_obox_overlap (&r->box, &o->box));
        }
    }
  g_assert_cmpint (placed, >=, 4);
  roof_label_placer_free (p);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/placer/obox", test_obox);
  g_test_add_func ("/plot/placer/crowded-points", test_crowded_points);
  g_test_add_func ("/plot/placer/line-labels", test_line_labels);
  return g_test_run ();
}
