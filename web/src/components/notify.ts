import { notifications } from '@mantine/notifications';
import { ApiError } from '../lib/api';

/**
 * A toast, once: a toast of the same colour and text while one is still shown (a double click,
 * the same failure twice) collapses into it. Mantine skips a `show` whose id is already shown or queued.
 */
function show(color: string, message: string, title?: string) {
  return notifications.show({ id: `${color}|${title ?? ''}|${message}`, title, message, color });
}

/** Toasts: top-right below the bar, at most three at once, closing after 5000 ms (the Notifications provider). */
export const notify = {
  success: (message: string) => show('green', message),
  /** A detail equal to the message (a fallback text used for both) is shown once. */
  error: (message: string, detail?: string) =>
    detail && detail !== message ? show('red', detail, message) : show('red', message),
  warning: (message: string) => show('yellow', message),
  /**
   * A failed action, as the spec words it: `failed` ('Bulk delete failed!') when the server
   * answered, with its message; `${errorPrefix}: {message}` when no answer came (also logged).
   */
  failure(error: unknown, failed: string, errorPrefix: string) {
    if (error instanceof ApiError && error.status) return notify.error(failed, error.serverMessage);
    console.error(errorPrefix, error);
    return notify.error(`${errorPrefix}: ${error instanceof Error ? error.message : String(error)}`);
  },
};
