import { notifications } from '@mantine/notifications';
import { ApiError } from '../lib/api';
import { translateKnown } from '../lib/i18n';

/**
 * A toast, once: a toast of the same colour and text while one is still shown (a double click,
 * the same failure twice) collapses into it. Mantine skips a `show` whose id is already shown or queued.
 */
function show(color: string, text: string, heading?: string) {
  placeToasts();
  const message = translateKnown(text);
  const title = heading === undefined ? undefined : translateKnown(heading);
  return notifications.show({ id: `${color}|${title ?? ''}|${message}`, title, message, color });
}

/**
 * Toasts sit top-right (the spec), but below the screen's title row, whose buttons (Export, Add,
 * Generate all) they would otherwise cover: the top is measured when a toast is shown.
 */
function placeToasts() {
  const bottoms = [...document.querySelectorAll('[data-page-header], header')].map(
    (element) => element.getBoundingClientRect().bottom,
  );
  document.documentElement.style.setProperty('--toast-top', `${Math.round(Math.max(0, ...bottoms)) + 8}px`);
}

/** Toasts: top-right below the bar and the screen's title row, at most three at once, closing after 5000 ms (the Notifications provider). */
export const notify = {
  success: (message: string) => show('green', message),
  /** A detail equal to the message (a fallback text used for both) is shown once. */
  error: (message: string, detail?: string) =>
    detail && detail !== message ? show('red', detail, message) : show('red', message),
  warning: (message: string) => show('yellow', message),
  /**
   * The one rule for a failed action: when the server answered, the screen's failure text
   * (`failed`, as the spec words it) with the server's message beneath when it sent one; when no
   * answer came, `noAnswer(message)` (by default `failed` and why), also logged for whoever
   * looks at the browser's console.
   */
  failure(
    error: unknown,
    failed: string,
    noAnswer: (message: string) => string = (m) => `${translateKnown(failed)}: ${m}`,
  ) {
    if (error instanceof ApiError && error.status) return notify.error(failed, error.serverMessage);
    const text = noAnswer(error instanceof Error ? error.message : String(error));
    console.error(text, error);
    return notify.error(text);
  },
};
