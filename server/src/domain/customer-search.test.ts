import { describe, expect, it } from 'vitest';
import { searchTerms } from './customer-search';

describe('what a search text means', () => {
  it.each([
    ['asha', undefined, undefined],
    ['98765', '98765', undefined],
    // Read both ways: a phone, and route 43210 of a colony coded 98765.
    ['98765 43210', '9876543210', { code: '98765', route: 43210 }],
    ['+91 98765-43210', '9876543210', undefined],
    ['(0141) 222', '0141222', { code: '(0141)', route: 222 }],
    ['12', undefined, undefined],
    ['C07 12', undefined, { code: 'C07', route: 12 }],
    ['gokul 3', undefined, { code: 'gokul', route: 3 }],
    ['C07 0', undefined, undefined],
    ['C07 999999', undefined, undefined],
    ['Asha Rao', undefined, undefined],
  ])('%j: digits %j, colony and route %j', (text, digits, colonyRoute) => {
    expect(searchTerms(text)).toEqual({ text, digits, colonyRoute });
  });

  it('reads "12 34" as route 34 of colony 12 and as phone digits', () => {
    expect(searchTerms('12 34')).toEqual({ text: '12 34', digits: '1234', colonyRoute: { code: '12', route: 34 } });
  });
});
