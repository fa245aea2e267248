import { notifications } from '@mantine/notifications';
import { ApiError } from '../lib/api';

/** Toasts: top-right, closing after 5000 ms (set once on the Notifications provider). */
export const notify = {
  success: (message: string) => notifications.show({ message, color: 'green' }),
  /** A detail equal to the message (a fallback text used for both) is shown once. */
  error: (message: string, detail?: string) =>
    detail && detail !== message
      ? notifications.show({ title: message, message: detail, color: 'red' })
      : notifications.show({ message, color: 'red' }),
  warning: (message: string) => notifications.show({ message, color: 'yellow' }),
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
