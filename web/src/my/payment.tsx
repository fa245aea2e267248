import { useEffect, useState } from 'react';
import type { PageStatement } from './api';
import { money, type Translate } from './i18n';

/*
 * What the customer owes now and how to pay it (docs/rules.md sections 14 and 19): 'Pay ₹… by
 * UPI' opens the statement's own upiLink in the phone's UPI app; its QR code, for paying from
 * another phone, encodes the same link.
 */

/**
 * The QR code as one SVG path, one square per dark module, with the four-module quiet zone. Drawn
 * once the page is on the screen: its library loads after the calendar, not before it.
 */
function QrCode({ value, label }: { value: string; label: string }) {
  const [drawn, setDrawn] = useState<{ size: number; path: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(({ create }) => {
      const { modules } = create(value, { errorCorrectionLevel: 'M' });
      let path = '';
      for (let row = 0; row < modules.size; row++)
        for (let col = 0; col < modules.size; col++)
          if (modules.get(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
      if (current) setDrawn({ size: modules.size + 8, path });
    });
    return () => {
      current = false;
    };
  }, [value]);
  if (!drawn) return <div className="qr" />;
  const { size, path } = drawn;
  return (
    <svg className="qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

export function Payment({ statement, t }: { statement: PageStatement; t: Translate }) {
  const due = statement.dueNow;
  const amount = money(due);
  return (
    <section aria-labelledby="balance-title" className="card payment">
      <h2 id="balance-title">{t('balanceTitle')}</h2>
      {due > 0 ? (
        <>
          <p className="figure">
            {t('toPay')}: <strong>{amount}</strong>
          </p>
          {statement.upiLink ? (
            <>
              <a className="button pay" href={statement.upiLink}>
                {t('pay', { amount })}
              </a>
              <p className="muted">{t('scanToPay', { amount })}</p>
              <QrCode value={statement.upiLink} label={t('qrLabel', { amount })} />
            </>
          ) : (
            <p>{t('payTheDairy')}</p>
          )}
        </>
      ) : (
        <p className="figure">{due < 0 ? t('inAdvance', { amount: money(-due) }) : t('nothingToPay')}</p>
      )}
    </section>
  );
}
