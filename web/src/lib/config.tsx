import { type AppConfig, calendarDateIn, configResponse, withProductLabel } from '@dairy/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { call } from './api';

/** The product's own name, on the bar and the sign-in card. */
export const PRODUCT_NAME = 'DairyDesk';

export const configQuery = {
  queryKey: ['config'],
  queryFn: () => call.get('/config', configResponse),
  staleTime: Infinity,
};

export function useAppConfig(): AppConfig {
  return useSuspenseQuery(configQuery).data;
}

/** `label(text)` shows a text of the spec with `{product}` as the configured label. */
export function useLabel(): (text: string) => string {
  const { productLabel } = useAppConfig();
  return (text: string) => withProductLabel(text, productLabel);
}

/** Today's date (`YYYY-MM-DD`) in the business time zone, whatever the browser's zone is. */
export function useBusinessToday(): string {
  return calendarDateIn(useAppConfig().timeZone, new Date());
}

/** This month and year in the business time zone: where every month filter starts. */
export function useCurrentPeriod(): { month: number; year: number } {
  const today = useBusinessToday();
  return { month: Number(today.slice(5, 7)), year: Number(today.slice(0, 4)) };
}
