import { useMediaQuery } from '@mantine/hooks';

/** Mantine's breakpoints: below `sm` is a phone, below `md` a small tablet. */
const BREAKPOINTS = { sm: '48em', md: '62em' } as const;

/**
 * Whether the screen is narrower than the breakpoint: the day's screens then lay each row out for
 * a phone (docs/rules.md section 13) instead of a wide table. Read at once, not after a first
 * render, so a phone never draws the wide table first.
 */
export function useNarrowScreen(below: keyof typeof BREAKPOINTS = 'sm'): boolean {
  return !useMediaQuery(`(min-width: ${BREAKPOINTS[below]})`, true, { getInitialValueInEffect: false });
}
