/* roof-follow.h — an object a widget follows, and its "changed" handler
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Points `*slot` (a GObject pointer the caller owns a reference in) at
 * `object` (may be NULL) and moves `*handler` with it: disconnected from the
 * old object, `callback` connected with `flags` (0 or G_CONNECT_SWAPPED)
 * and `data` to the new one's "changed". FALSE, and nothing done, when
 * `*slot` already is `object`. */
gboolean roof_follow_changed (gpointer slot,
                              gulong *handler,
                              gpointer object,
                              GCallback callback,
                              gpointer data,
                              GConnectFlags flags);

G_END_DECLS
