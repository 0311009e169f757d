/* roof-follow.c — an object a widget follows, and its "changed" handler
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "roof-follow.h"

gboolean
roof_follow_changed (gpointer slot,
                     gulong *handler,
                     gpointer object,
                     GCallback callback,
                     gpointer data,
                     GConnectFlags flags)
{
  GObject **followed = slot;

  g_return_val_if_fail (followed != NULL && handler != NULL, FALSE);
  g_return_val_if_fail (object == NULL || G_IS_OBJECT (object), FALSE);

  if (*followed == object)
    return FALSE;
  if (*followed != NULL)
    g_clear_signal_handler (handler, *followed);
  g_set_object (followed, object);
  if (object != NULL)
    *handler = g_signal_connect_data (object, "changed", callback, data, NULL, flags);
  return TRUE;
}
