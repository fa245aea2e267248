import { useState } from 'react';
import type { PageData, PageMonth } from './api';
import { money, monthName, type Translate } from './i18n';

/*
 * The last 12 months' bills, newest first (docs/rules.md section 19), each with its bill PDF, the
 * same bill the office prints (docs/rules.md section 14), made on the phone when asked for.
 */

function BillButton({ month, t, today }: { month: PageMonth; t: Translate; today: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const name = `${monthName(t, month.month)} ${month.year}`;
  const make = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { downloadBill } = await import('./bill');
      await downloadBill(month.month, month.year, today);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button secondary small"
        onClick={make}
        disabled={busy}
        aria-label={t('billPdfLabel', { month: name })}
      >
        {t('billPdf')}
      </button>
      {failed && (
        <span className="error" role="alert">
          {t('billFailed')}
        </span>
      )}
    </>
  );
}

export function PastMonths({ data, t }: { data: PageData; t: Translate }) {
  return (
    <section aria-labelledby="months-title" className="card">
      <h2 id="months-title">{t('monthsTitle')}</h2>
      {data.months.length === 0 ? (
        <p className="muted">{t('noMonths')}</p>
      ) : (
        <ul className="months">
          {data.months.map((m) => (
            <li key={`${m.year}-${m.month}`} className="month">
              <h3>
                {monthName(t, m.month)} {m.year}
              </h3>
              <dl>
                <div>
                  <dt>{t('monthBill')}</dt>
                  <dd>{money(m.totalPrice)}</dd>
                </div>
                <div>
                  <dt>{t('monthPaid')}</dt>
                  <dd>{money(m.paid)}</dd>
                </div>
                <div>
                  <dt>{t('monthBalance')}</dt>
                  <dd>{money(m.balance)}</dd>
                </div>
              </dl>
              <BillButton month={m} t={t} today={data.today} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
