import { describe, expect, it } from 'vitest';
import { importedCustomer, withoutGroupingCommas } from './import';

describe('withoutGroupingCommas', () => {
  it('drops Indian and international grouping commas', () => {
    expect(withoutGroupingCommas('1,200')).toBe('1200');
    expect(withoutGroupingCommas('1,00,000.50')).toBe('100000.50');
    expect(withoutGroupingCommas('-12,34,567.8')).toBe('-1234567.8');
    expect(withoutGroupingCommas('99,99,99,999.99')).toBe('999999999.99');
    expect(withoutGroupingCommas('100,000')).toBe('100000');
    expect(withoutGroupingCommas(' 1,000,000 ')).toBe(' 1000000 ');
  });

  it('keeps a comma that is not grouping, so the amount is refused', () => {
    for (const text of ['12,50', '1,2,3', ',100', '100,', '1,000,00', '1.000,50', '1,0000', '12,345,67', '--1,000'])
      expect(withoutGroupingCommas(text)).toBe(text);
    expect(withoutGroupingCommas('1200')).toBe('1200');
  });
});

describe('importedCustomer', () => {
  const good = { name: 'Asha', contactNumber: '', address: 'Here', colony: 'GP', route: '1' };
  const messageOf = (values: Record<string, string>) => {
    const parsed = importedCustomer.safeParse({ ...good, ...values });
    return parsed.success ? parsed.data.due : parsed.error.issues[0]!.message;
  };

  it("reads the opening balance in paise and speaks of the file's column", () => {
    expect(messageOf({ due: '1,00,000.50' })).toBe(100000_50);
    expect(messageOf({ due: '12,50' })).toBe('Opening Balance must be an amount with at most 2 decimals');
    expect(messageOf({ due: '1,00,00,000.01' })).toBe(
      'Opening Balance must be between -₹1,00,00,000.00 and ₹1,00,00,000.00',
    );
    expect(messageOf({ contactNumber: '1'.repeat(21) })).toBe('Phone must be at most 20 characters');
    expect(messageOf({ colony: ' ' })).toBe("Colony Code can't be empty!");
  });
});
