import { notifications } from '@mantine/notifications';

/** Toasts: top-right, closing after 5000 ms (set once on the Notifications provider). */
export const notify = {
  success: (message: string) => notifications.show({ message, color: 'green' }),
  error: (message: string, detail?: string) =>
    notifications.show({ title: detail ? message : undefined, message: detail ?? message, color: 'red' }),
  warning: (message: string) => notifications.show({ message, color: 'yellow' }),
};
