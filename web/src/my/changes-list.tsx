import { addDays } from '@dairy/contract/periods';
import { useRef, useState } from 'react';
import { myApi, type PageChange, type PageData } from './api';
import { dayAndMonth, failureText, type Translate } from './i18n';

/*
 * The customer's running and upcoming changes (docs/rules.md section 19), the dairy's too.
 * 'Cancel' deletes one the customer made that has not started; 'Resume from {date}' ends a
 * running pause the day before the first date still open. What the server refuses is said
 * under the change, in the page's language.
 */

interface ListProps {
  data: PageData;
  t: Translate;
  done: (message: string) => Promise<void>;
}

function what(t: Translate, change: PageChange, allProducts: string) {
  const kind =
    change.kind === 'pause'
      ? t('kindPause')
      : t('kindQuantity', { quantity: change.quantity ?? '', unit: change.unit ?? '' });
  return `${kind}: ${change.productName ?? allProducts}`;
}

function when(t: Translate, change: PageChange) {
  const from = dayAndMonth(t, change.fromDate);
  return change.toDate === null ? t('fromOn', { from }) : t('fromTo', { from, to: dayAndMonth(t, change.toDate) });
}

function ChangeItem({ change, data, t, done, focusList }: ListProps & { change: PageChange; focusList: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const earliest = data.cutoff.earliestDate;
  const started = change.fromDate < earliest;
  const canCancel = change.byCustomer && !started;
  const canResume = change.kind === 'pause' && started && (change.toDate === null || change.toDate >= earliest);
  const run = async (action: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setError('');
    try {
      await action();
      await done(message);
      focusList();
    } catch (failure) {
      setError(failureText(t, failure));
      setBusy(false);
    }
  };
  const errorId = `change-${change.changeId}-error`;
  return (
    <li className="change" aria-describedby={error ? errorId : undefined}>
      <p>
        <strong>{what(t, change, t('allProducts'))}</strong>
        <br />
        {when(t, change)}
        <br />
        <span className="muted">{change.byCustomer ? t('byYou') : t('byDairy')}</span>
      </p>
      {canCancel && (
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() => run(() => myApi.deleteChange(change.changeId), t('cancelled'))}
        >
          {t('cancel')}
        </button>
      )}
      {canResume && (
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() =>
            run(
              () => myApi.endChange(change.changeId, addDays(earliest, -1)),
              t('resumed', { date: dayAndMonth(t, earliest) }),
            )
          }
        >
          {t('resumeFrom', { date: dayAndMonth(t, earliest) })}
        </button>
      )}
      {error && (
        <p id={errorId} className="error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

export function ChangesList(props: ListProps) {
  const { data, t } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  // The button pressed may be gone once the list is read again: the list's title takes the focus.
  const focusList = () => heading.current?.focus();
  return (
    <section aria-labelledby="changes-title" className="card">
      <h2 id="changes-title" ref={heading} tabIndex={-1}>
        {t('changesTitle')}
      </h2>
      {data.changes.length === 0 ? (
        <p className="muted">{t('noChanges')}</p>
      ) : (
        <ul className="changes">
          {data.changes.map((change) => (
            <ChangeItem key={change.changeId} change={change} focusList={focusList} {...props} />
          ))}
        </ul>
      )}
    </section>
  );
}
