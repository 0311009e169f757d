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

G_END_DECLS
