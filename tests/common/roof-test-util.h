/* roof-test-util.h — helpers shared by the test programs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Deletes `path` and, when it is a directory, everything below it; what is
 * already gone is not an error. For the temporary directories of tests. */
void roof_test_remove_tree (const char *path);

/* Erlang C, the probability that an arrival waits in an M/M/c queue of
 * offered load a < c, by its textbook form (not the solver's recursion):
 *   C = (a^c/c! · c/(c − a)) / (Σ_{k<c} a^k/k! + a^c/c! · c/(c − a)) */
double roof_test_erlang_c (int c, double a);

G_END_DECLS
