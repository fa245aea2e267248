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
});

describe("the bill actions' texts", () => {
  it('show the toasts of the contract translated', () => {
    const known = new Set(Object.values(en.known));
    const toasts = [statementTexts.noBills, statementTexts.printFailed, statementTexts.billFailed];
    expect(toasts.filter((text) => !known.has(text))).toEqual([]);
  });

  it("keep the contract's English on the buttons", () => {
    expect(en.bills.bill).toBe(statementTexts.bill);
    expect(en.bills.whatsApp).toBe(statementTexts.whatsApp);
    expect(en.bills.printAll).toBe(statementTexts.printAll);
    expect(en.bills.sendReceipt).toBe(statementTexts.sendReceipt);
    expect(en.bills.noWhatsApp.replace('{{name}}', 'Asha')).toBe(statementTexts.noWhatsApp('Asha'));
  });
});
