import type { Language } from '@dairy/contract';
import { useCallback, useEffect, useState } from 'react';
import { CallError, myApi, type PageData } from './api';
import { MonthCalendar } from './calendar';
import { ChangeForms } from './change-forms';
import { ChangesList } from './changes-list';
import { isLanguage, LANGUAGES, money, monthName, type Translate, translator } from './i18n';
import { monthSoFar } from './month';
import { PastMonths } from './months';
import { Payment } from './payment';

/*
 * The customer's page (docs/rules.md section 19): the dairy, this month, what is owed, the pauses
 * and quantity changes the customer makes, and the last 12 months. One read of /api/my/:token
 * fills it; every change reads it again, so the calendar and the list show what the server kept.
 */

const LANGUAGE_KEY = 'my-page-language';

function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

type Load = { state: 'loading' } | { state: 'ready'; data: PageData } | { state: 'invalid' } | { state: 'failed' };

export function CustomerPage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [chosen, setChosen] = useState<Language | null>(storedLanguage);
  const [status, setStatus] = useState('');
  const language: Language =
    chosen ?? (load.state === 'ready' && isLanguage(load.data.customer.language) ? load.data.customer.language : 'en');
  const t = translator(language);

  const refresh = useCallback(async () => {
    try {
      setLoad({ state: 'ready', data: await myApi.page() });
    } catch (error) {
      setLoad({ state: error instanceof CallError && error.status === 404 ? 'invalid' : 'failed' });
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => {
    if (load.state === 'ready' && load.data.business.businessName) document.title = load.data.business.businessName;
  }, [load]);

  const choose = (next: Language) => {
    setChosen(next);
    try {
      localStorage.setItem(LANGUAGE_KEY, next);
    } catch {
      // A phone that keeps nothing still shows the language for this visit.
    }
  };

  if (load.state === 'invalid')
    return (
      <main className="page">
        <p className="notice">{t('notValid')}</p>
      </main>
    );
  if (load.state === 'loading')
    return (
      <main className="page" aria-busy="true">
        <p className="notice">{t('loading')}</p>
      </main>
    );
  if (load.state === 'failed')
    return (
      <main className="page">
        <p className="notice" role="alert">
          {t('loadFailed')}
        </p>
        <button type="button" className="button" onClick={() => void refresh()}>
          {t('tryAgain')}
        </button>
      </main>
    );

  const { data } = load;
  return (
    <>
      <Header data={data} t={t} language={language} choose={choose} />
      <main className="page">
        <p className="status" role="status">
          {status}
        </p>
        <MonthCalendar data={data} t={t} />
        <SoFar data={data} t={t} />
        <Payment statement={data.statement} t={t} />
        <ChangeForms data={data} t={t} done={(message) => refresh().then(() => setStatus(message))} />
        <ChangesList data={data} t={t} done={(message) => refresh().then(() => setStatus(message))} />
        <PastMonths data={data} t={t} />
      </main>
    </>
  );
}

function Header({
  data,
  t,
  language,
  choose,
}: {
  data: PageData;
  t: Translate;
  language: Language;
  choose: (language: Language) => void;
}) {
  const { business, customer } = data;
  const phoneDigits = business.phone.replace(/[^\d+]/g, '');
  return (
    <header className="top">
      <div className="top-row">
        <h1>{business.businessName}</h1>
        <label className="language">
          <span className="sr-only">{t('language')}</span>
          <select value={language} onChange={(event) => choose(event.target.value as Language)}>
            {Object.entries(LANGUAGES).map(([code, messages]) => (
              <option key={code} value={code} lang={code}>
                {messages.languageName}
              </option>
            ))}
          </select>
        </label>
      </div>
      {business.phone && (
        <a className="call" href={`tel:${phoneDigits}`} aria-label={t('callDairyLabel', { phone: business.phone })}>
          {t('callDairy', { phone: business.phone })}
        </a>
      )}
      <p className="customer">
        <strong>{customer.customerName}</strong>
        <br />
        {customer.address}
        <br />
        {t('route', { route: customer.route, colony: customer.colonyName })}
      </p>
    </header>
  );
}

function SoFar({ data, t }: { data: PageData; t: Translate }) {
  const soFar = monthSoFar(data.statement);
  return (
    <section aria-labelledby="so-far" className="card">
      <h2 id="so-far">{t('soFarTitle')}</h2>
      <p className="figure">
        {money(soFar.amount)}{' '}
        <span className="muted">
          ({monthName(t, data.statement.month)}, {t('soFarDeliveries', { count: soFar.deliveries })})
        </span>
      </p>
    </section>
  );
}
