/* roof-cli-options-private.h — what the option parser's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "roof-cli-options.h"
#include "roof-cli-option-table.h"

G_BEGIN_DECLS

/* One flag as given: its table row, its value and how it was written. */
typedef struct
{
  const OptSpec *spec;
  const char *value;
  char *flag; /* as written, for messages: "--batch" or "-b" */
} Given;

G_GNUC_INTERNAL gboolean usage_error (GError **error, const char *format, ...)
  G_GNUC_PRINTF (2, 3);
G_GNUC_INTERNAL gboolean read_number (const char *text, double *out);
G_GNUC_INTERNAL gboolean parse_whole (const char *flag, const char *text, double min, double max,
                                      double *out, GError **error);
G_GNUC_INTERNAL gboolean parse_real (const char *flag, const char *text, double min,
                                     gboolean min_exclusive, double max, double *out,
                                     GError **error);

/* in roof-cli-options-serving.c */
G_GNUC_INTERNAL gboolean apply_targets (RoofCliOptions *opts, const Given *g, GError **error);
G_GNUC_INTERNAL gboolean apply_levers (RoofCliOptions *opts, const Given *g, GError **error);
G_GNUC_INTERNAL gboolean check_levers (RoofCliOptions *opts, GError **error);

G_END_DECLS
