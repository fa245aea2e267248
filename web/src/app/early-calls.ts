import { calendarDateIn, configResponse } from '@dairy/contract';
import { dashboardCall } from '../features/dashboard/api';
import { earlyAnswer, startEarly, withQuery } from '../lib/api';
import { paths } from '../lib/paths';

/*
 * The first screen's calls, started as soon as the app's code runs instead of one after another
 * as React renders (docs/performance.md, "The first screen"): who is signed in, the settings, and
 * on the Dashboard its month, which waits only for the settings' time zone when the address does
 * not name the month. Imported first by main.tsx.
 */
startEarly('/auth/state');
startEarly('/config');

const [screen = '', search = ''] = window.location.hash.replace(/^#/, '').split('?');
if (screen === paths.dashboard) {
  const asked = new URLSearchParams(search);
  const month = Number(asked.get('month'));
  const year = Number(asked.get('year'));
  if (month && year) startEarly(withQuery(...dashboardCall(month, year)));
  else
    void earlyAnswer('/config').then((config) => {
      if (!config) return;
      const today = calendarDateIn(configResponse.parse(config).timeZone, new Date());
      startEarly(withQuery(...dashboardCall(Number(today.slice(5, 7)), Number(today.slice(0, 4)))));
    });
}
