import { type FormEvent, useId, useState } from 'react';
import { myApi, type PageData } from './api';
import { dayAndMonth, failureText, type Translate } from './i18n';

/*
 * 'Pause deliveries' and 'Change quantity' (docs/rules.md section 19): each a form that opens
 * under its title. Dates start at the first one still open (the cut-off's `earliestDate`); the
 * server checks every rule and its message is shown, in the page's language, under the form.
 */

interface FormProps {
  data: PageData;
  t: Translate;
  done: (message: string) => Promise<void>;
}

/** Sends `body`, shows the server's refusal under the form, or tells the page what was saved. */
function useSave(t: Translate, done: FormProps['done']) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const save = async (body: Parameters<typeof myApi.addChange>[0], message: string) => {
    setBusy(true);
    setError('');
    try {
      await myApi.addChange(body);
      await done(message);
      return true;
    } catch (failure) {
      setError(failureText(t, failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, save };
}

function Earliest({ data, t }: { data: PageData; t: Translate }) {
  return (
    <p className="muted">{t('earliest', { time: data.cutoff.time, date: dayAndMonth(t, data.cutoff.earliestDate) })}</p>
  );
}

function FormError({ id, error }: { id: string; error: string }) {
  return (
    <p id={id} className="error" role="alert">
      {error}
    </p>
  );
}

function PauseForm({ data, t, done }: FormProps) {
  const id = useId();
  const earliest = data.cutoff.earliestDate;
  const [consumption, setConsumption] = useState('');
  const [fromDate, setFromDate] = useState(earliest);
  const [toDate, setToDate] = useState(earliest);
  const [untilNotice, setUntilNotice] = useState(false);
  const { busy, error, save } = useSave(t, done);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      kind: 'pause' as const,
      consumptionId: consumption ? Number(consumption) : undefined,
      fromDate,
      toDate: untilNotice ? undefined : toDate || undefined,
    };
    if (await save(body, t('pauseSaved', { date: dayAndMonth(t, fromDate) }))) setUntilNotice(false);
  };
  return (
    <form onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
      <Earliest data={data} t={t} />
      <label className="field">
        {t('product')}
        <select value={consumption} onChange={(e) => setConsumption(e.target.value)}>
          <option value="">{t('allProducts')}</option>
          {data.consumptions.map((c) => (
            <option key={c.consumptionId} value={c.consumptionId}>
              {c.productName}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {t('fromDate')}
        <input type="date" min={earliest} value={fromDate} onChange={(e) => setFromDate(e.target.value)} />
      </label>
      <label className="check">
        <input type="checkbox" checked={untilNotice} onChange={(e) => setUntilNotice(e.target.checked)} />
        {t('untilNotice')}
      </label>
      {!untilNotice && (
        <label className="field">
          {t('toDate')}
          <input type="date" min={fromDate || earliest} value={toDate} onChange={(e) => setToDate(e.target.value)} />
        </label>
      )}
      {error && <FormError id={`${id}-error`} error={error} />}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('saving') : t('savePause')}
      </button>
    </form>
  );
}

/** A quantity as typed: a number where it reads as one (a comma taken as the point), else the text. */
function quantityOf(typed: string): number | string | undefined {
  const text = typed.trim().replace(',', '.');
  if (text === '') return undefined;
  return Number.isFinite(Number(text)) ? Number(text) : text;
}

function QuantityForm({ data, t, done }: FormProps) {
  const id = useId();
  const earliest = data.cutoff.earliestDate;
  const first = data.consumptions[0];
  const [consumption, setConsumption] = useState(String(first?.consumptionId ?? ''));
  const [fromDate, setFromDate] = useState(earliest);
  const [toDate, setToDate] = useState(earliest);
  const [quantity, setQuantity] = useState(String(first?.quantity ?? ''));
  const { busy, error, save } = useSave(t, done);
  const chosen = data.consumptions.find((c) => String(c.consumptionId) === consumption);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      kind: 'quantity' as const,
      consumptionId: Number(consumption),
      fromDate,
      toDate: toDate || undefined,
      // Sent as typed: the server says what is wrong with it, in its own words.
      quantity: quantityOf(quantity),
    };
    await save(body, t('quantitySaved', { date: dayAndMonth(t, fromDate) }));
  };
  return (
    <form onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
      <Earliest data={data} t={t} />
      <label className="field">
        {t('product')}
        <select
          value={consumption}
          onChange={(e) => {
            setConsumption(e.target.value);
            const next = data.consumptions.find((c) => String(c.consumptionId) === e.target.value);
            if (next) setQuantity(String(next.quantity));
          }}
        >
          {data.consumptions.map((c) => (
            <option key={c.consumptionId} value={c.consumptionId}>
              {c.productName}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {t('fromDate')}
        <input type="date" min={earliest} value={fromDate} onChange={(e) => setFromDate(e.target.value)} />
      </label>
      <label className="field">
        {t('toDate')}
        <input type="date" min={fromDate || earliest} value={toDate} onChange={(e) => setToDate(e.target.value)} />
      </label>
      <label className="field">
        {t('newQuantity', { unit: chosen?.unit ?? '' })}
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
      </label>
      {error && <FormError id={`${id}-error`} error={error} />}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('saving') : t('saveQuantity')}
      </button>
    </form>
  );
}

export function ChangeForms(props: FormProps) {
  const { t, data } = props;
  return (
    <>
      <details className="card form-card">
        <summary>
          <h2>{t('pauseTitle')}</h2>
        </summary>
        <PauseForm {...props} />
      </details>
      {data.consumptions.length > 0 && (
        <details className="card form-card">
          <summary>
            <h2>{t('quantityTitle')}</h2>
          </summary>
          <QuantityForm {...props} />
        </details>
      )}
    </>
  );
}
