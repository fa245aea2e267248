import { notifications } from '@mantine/notifications';

/** Toasts: top-right, closing after 5000 ms (set once on the Notifications provider). */
export const notify = {
  success: (message: string) => notifications.show({ message, color: 'green' }),
  /** A detail equal to the message (a fallback text used for both) is shown once. */
  error: (message: string, detail?: string) =>
    detail && detail !== message
      ? notifications.show({ title: message, message: detail, color: 'red' })
      : notifications.show({ message, color: 'red' }),
  warning: (message: string) => notifications.show({ message, color: 'yellow' }),
};
