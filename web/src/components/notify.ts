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
   * The one rule for a failed action: when the server answered, the screen's failure text
   * (`failed`, as the spec words it) with the server's message beneath when it sent one; when no
   * answer came, `noAnswer(message)` (by default `failed` and why), also logged for whoever
   * looks at the browser's console.
   */
  failure(error: unknown, failed: string, noAnswer: (message: string) => string = (m) => `${failed}: ${m}`) {
    if (error instanceof ApiError && error.status) return notify.error(failed, error.serverMessage);
    const text = noAnswer(error instanceof Error ? error.message : String(error));
    console.error(text, error);
    return notify.error(text);
  },
};
