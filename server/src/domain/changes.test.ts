import { describe, expect, it } from 'vitest';
import {
  concerns,
  corrections,
  coveringChange,
  coversDate,
  type Delivery,
  type DeliveryChange,
  overlaps,
  planFor,
} from './changes';

const pause = (consumptionId: number | null, fromDate: string, toDate: string | null): DeliveryChange => ({
  consumptionId,
  kind: 'pause',
  quantity: null,
  fromDate,
  toDate,
});
const more = (consumptionId: number, quantity: number, fromDate: string, toDate: string): DeliveryChange => ({
  consumptionId,
  kind: 'quantity',
  quantity,
  fromDate,
  toDate,
});

describe('coversDate and concerns', () => {
  it.each<[DeliveryChange, string, boolean]>([
    [pause(1, '2026-06-10', '2026-06-12'), '2026-06-09', false],
    [pause(1, '2026-06-10', '2026-06-12'), '2026-06-10', true],
    [pause(1, '2026-06-10', '2026-06-12'), '2026-06-12', true],
    [pause(1, '2026-06-10', '2026-06-12'), '2026-06-13', false],
    [pause(1, '2026-06-10', null), '2099-12-31', true],
    [pause(1, '2026-06-10', null), '2026-06-09', false],
    [pause(1, '2026-06-10', '2026-06-10'), '2026-06-10', true],
  ])('%j covers %s: %s', (change, date, expected) => {
    expect(coversDate(change, date)).toBe(expected);
  });

  it('a customer-wide pause concerns every consumption; another concerns its own', () => {
    expect(concerns(pause(null, '2026-06-10', null), 7)).toBe(true);
    expect(concerns(pause(7, '2026-06-10', null), 7)).toBe(true);
    expect(concerns(pause(7, '2026-06-10', null), 8)).toBe(false);
    expect(concerns(more(7, 150, '2026-06-10', '2026-06-11'), 8)).toBe(false);
  });
});

describe('coveringChange', () => {
  const changes = [
    more(1, 250, '2026-06-01', '2026-06-30'),
    pause(null, '2026-06-10', '2026-06-12'),
    pause(2, '2026-06-20', null),
  ];
  it.each<[number, string, number | undefined]>([
    [1, '2026-05-31', undefined],
    [1, '2026-06-01', 0],
    [1, '2026-06-10', 1], // the pause wins over the quantity change
    [1, '2026-06-13', 0],
    [1, '2026-06-25', 0], // consumption 2's pause is not consumption 1's
    [2, '2026-06-05', undefined], // consumption 1's quantity is not consumption 2's
    [2, '2026-06-11', 1], // the customer-wide pause
    [2, '2027-01-01', 2], // open-ended
  ])('consumption %d on %s: change #%j', (consumptionId, date, index) => {
    expect(coveringChange(changes, consumptionId, date)).toBe(index === undefined ? undefined : changes[index]);
  });
});

describe('overlaps', () => {
  it.each<[string, DeliveryChange, DeliveryChange, boolean]>([
    [
      'same consumption, common dates',
      pause(1, '2026-06-01', '2026-06-10'),
      pause(1, '2026-06-10', '2026-06-20'),
      true,
    ],
    ['same consumption, next to each other', pause(1, '2026-06-01', '2026-06-09'), pause(1, '2026-06-10', null), false],
    ['other consumptions', pause(1, '2026-06-01', '2026-06-10'), pause(2, '2026-06-01', '2026-06-10'), false],
    [
      'customer-wide and one consumption',
      pause(null, '2026-06-05', '2026-06-06'),
      pause(2, '2026-06-01', '2026-06-10'),
      true,
    ],
    [
      'one consumption and customer-wide',
      pause(2, '2026-06-01', '2026-06-10'),
      pause(null, '2026-06-10', '2026-06-10'),
      true,
    ],
    ['customer-wide, apart', pause(null, '2026-06-01', '2026-06-04'), pause(2, '2026-06-05', '2026-06-10'), false],
    ['open-ended, later start', pause(1, '2026-06-01', null), pause(1, '2027-01-01', '2027-01-02'), true],
    ['open-ended, earlier end', pause(1, '2026-06-01', null), pause(1, '2026-05-01', '2026-05-31'), false],
    ['both open-ended', pause(null, '2026-06-01', null), pause(3, '2030-01-01', null), true],
    ['inside another', pause(1, '2026-06-01', '2026-06-30'), pause(1, '2026-06-10', '2026-06-11'), true],
    [
      'quantities, common dates',
      more(1, 200, '2026-06-01', '2026-06-10'),
      more(1, 300, '2026-06-10', '2026-06-10'),
      true,
    ],
    [
      'quantities, other consumptions',
      more(1, 200, '2026-06-01', '2026-06-10'),
      more(2, 300, '2026-06-01', '2026-06-10'),
      false,
    ],
    ['quantities, apart', more(1, 200, '2026-06-01', '2026-06-10'), more(1, 300, '2026-06-11', '2026-06-12'), false],
    [
      'a pause and a quantity change',
      pause(1, '2026-06-01', '2026-06-10'),
      more(1, 300, '2026-06-01', '2026-06-10'),
      false,
    ],
  ])('%s: %s', (_name, a, b, expected) => {
    expect(overlaps(a, b)).toBe(expected);
    expect(overlaps(b, a)).toBe(expected);
  });
});

describe('planFor', () => {
  const consumption = { consumptionId: 1, quantity: 150 };
  const changes = [more(1, 300, '2026-06-01', '2026-06-30'), pause(null, '2026-06-10', '2026-06-12')];
  it.each<[string, ReturnType<typeof planFor>]>([
    ['2026-05-31', { paused: false, quantity: 150 }],
    ['2026-06-01', { paused: false, quantity: 300 }],
    ['2026-06-10', { paused: true, change: changes[1]! }],
    ['2026-06-30', { paused: false, quantity: 300 }],
    ['2026-07-01', { paused: false, quantity: 150 }],
  ])('on %s: %j', (date, plan) => {
    expect(planFor(consumption, date, changes)).toEqual(plan);
  });

  it('without changes, the consumption quantity', () => {
    expect(planFor(consumption, '2026-06-10', [])).toEqual({ paused: false, quantity: 150 });
  });
});

describe('corrections', () => {
  const consumptions = new Map([
    [1, 150],
    [2, 100],
  ]);
  const row = (transactionId: number, consumptionId: number, date: string, attendance: 0 | 1, quantity: number) =>
    ({ transactionId, consumptionId, date, attendance, quantity }) satisfies Delivery;

  it('a new pause sets attendance 0 on the rows it covers, and only those', () => {
    const holiday = pause(1, '2026-06-10', '2026-06-11');
    const rows = [
      row(1, 1, '2026-06-09', 1, 150),
      row(2, 1, '2026-06-10', 1, 150),
      row(3, 1, '2026-06-11', 1, 150),
      row(4, 2, '2026-06-10', 1, 100),
    ];
    expect(corrections(rows, consumptions, [holiday], [holiday])).toEqual([
      { transactionId: 2, attendance: 0, quantity: 150 },
      { transactionId: 3, attendance: 0, quantity: 150 },
    ]);
  });

  it('a customer-wide pause covers every consumption; rows already absent are not counted', () => {
    const away = pause(null, '2026-06-10', null);
    const rows = [row(1, 1, '2026-06-10', 1, 150), row(2, 2, '2026-06-20', 0, 100), row(3, 2, '2026-06-09', 1, 100)];
    expect(corrections(rows, consumptions, [away], [away])).toEqual([
      { transactionId: 1, attendance: 0, quantity: 150 },
    ]);
  });

  it('a deleted pause brings its rows back to the plan: delivered, at the planned quantity', () => {
    const holiday = pause(1, '2026-06-10', '2026-06-11');
    const extra = more(1, 300, '2026-06-11', '2026-06-11');
    const rows = [row(1, 1, '2026-06-10', 0, 150), row(2, 1, '2026-06-11', 0, 150), row(3, 1, '2026-06-12', 0, 150)];
    expect(corrections(rows, consumptions, [extra], [holiday])).toEqual([
      { transactionId: 1, attendance: 1, quantity: 150 },
      { transactionId: 2, attendance: 1, quantity: 300 },
    ]);
  });

  it('a quantity change sets the quantity, leaves attendance and a paused row alone', () => {
    const extra = more(1, 250, '2026-06-10', '2026-06-12');
    const holiday = pause(null, '2026-06-12', '2026-06-12');
    const rows = [row(1, 1, '2026-06-10', 1, 150), row(2, 1, '2026-06-11', 0, 150), row(3, 1, '2026-06-12', 0, 150)];
    expect(corrections(rows, consumptions, [extra, holiday], [extra])).toEqual([
      { transactionId: 1, attendance: 1, quantity: 250 },
      { transactionId: 2, attendance: 0, quantity: 250 },
    ]);
  });

  it("a deleted quantity change restores the consumption's quantity, attendance kept", () => {
    const extra = more(1, 250, '2026-06-10', '2026-06-11');
    const rows = [row(1, 1, '2026-06-10', 1, 250), row(2, 1, '2026-06-11', 0, 250)];
    expect(corrections(rows, consumptions, [], [extra])).toEqual([
      { transactionId: 1, attendance: 1, quantity: 150 },
      { transactionId: 2, attendance: 0, quantity: 150 },
    ]);
  });

  it('an edit moves the range: the old dates come back, the new ones pause', () => {
    const before = { ...pause(1, '2026-06-10', '2026-06-11'), changeId: 5 };
    const after = { ...pause(1, '2026-06-11', '2026-06-12'), changeId: 5 };
    const rows = [row(1, 1, '2026-06-10', 0, 150), row(2, 1, '2026-06-11', 0, 150), row(3, 1, '2026-06-12', 1, 150)];
    expect(corrections(rows, consumptions, [after], [before, after])).toEqual([
      { transactionId: 1, attendance: 1, quantity: 150 },
      { transactionId: 3, attendance: 0, quantity: 150 },
    ]);
  });

  it('a row of no consumption (an extra product) is left alone', () => {
    const away = pause(null, '2026-06-10', null);
    expect(corrections([row(1, 9, '2026-06-10', 1, 100)], consumptions, [away], [away])).toEqual([]);
  });
});
