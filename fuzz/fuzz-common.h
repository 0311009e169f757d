/* fuzz-common.h — what every libFuzzer target of Roofline shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A finding must stop the run: sanitizer reports do (the fuzz build has
 * -fno-sanitize-recover), and so does fuzz_fail(), which the targets call
 * when an invariant of the API breaks. GLib criticals and warnings are made
 * fatal too: a g_return_if_fail () that fires on fuzzed input is a bug.
 */
#pragma once

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Prints why on stderr and aborts, which libFuzzer reports as a crash and
 * saves the input for. */
G_GNUC_NORETURN G_GNUC_PRINTF (1, 2) void fuzz_fail (const char *format, ...);

/* Criticals and warnings abort; debug and info messages are dropped, so a
 * long run does not spend its time printing. */
void fuzz_setup_glib (void);

/* TRUE if `text` (NUL-terminated) holds "nan" or "inf" as a word, in any
 * case: what printf makes of a non-finite double. */
gboolean fuzz_text_has_nonfinite (const char *text);
