import {
  auditTexts,
  backupTexts,
  importTexts,
  paymentTexts,
  reportTexts,
  settingsTexts,
  staffTexts,
  statementTexts,
  transactionTexts,
} from '@dairy/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';

/*
 * The contract's texts the office screens show (reports, backups, staff, settings, audit trail,
 * import, transactions, payments) are looked up by their English under `known` (docs/decisions.md, Languages): a text
 * changed in the contract but not here would silently stay English.
 */
const screens = {
  auditTexts,
  backupTexts,
  importTexts,
  reportTexts,
  settingsTexts,
  staffTexts,
  transactionTexts,
  paymentTexts,
};

describe('the known texts', () => {
  const known = new Set(Object.values(en.known));
  it.each(Object.entries(screens))('hold every fixed text of %s', (_name, texts) => {
    const fixed = Object.values(texts).filter((text): text is string => typeof text === 'string');
    expect(fixed.length).toBeGreaterThan(0);
    expect(fixed.filter((text) => !known.has(text))).toEqual([]);
  });

  it("hold the bill buttons' texts the payment screens show", () => {
    const { bill, whatsApp, printAll, noBills, printFailed, billFailed, sendReceipt } = statementTexts;
    const shown = [bill, whatsApp, printAll, noBills, printFailed, billFailed, sendReceipt];
    expect(shown.filter((text) => !known.has(text))).toEqual([]);
  });
});
