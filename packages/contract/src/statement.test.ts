import { describe, expect, it } from 'vitest';
import { settingsBody, settingsTexts } from './settings';
import { receiptMessage, statementMessage, upiLink, whatsappLink, whatsappNumber } from './statement';

describe('whatsappNumber', () => {
  it.each([
    ['10 digits', '9876543210', '919876543210'],
    ['+91 and 10 digits', '+919876543210', '919876543210'],
    ['91 and 10 digits', '919876543210', '919876543210'],
    ['spaces', '98765 43210', '919876543210'],
    ['dashes and brackets', '(+91) 98765-43-210', '919876543210'],
    ['too short', '98765 4321', null],
    ['a trunk 0 before 10 digits (11 digits)', '09876543210', null],
    ['too long', '9198765432101', null],
    ['foreign, 12 digits (UK)', '+44 20 7946 0958', '442079460958'],
    ['foreign, 11 digits (US)', '+1 415 555 2671', null],
    ['empty', '', null],
    ['letters only', 'none', null],
  ])('%s: %j → %j', (_case, contact, expected) => {
    expect(whatsappNumber(contact)).toBe(expected);
  });
});

describe('whatsappLink', () => {
  it('puts the number and the URL-encoded message on wa.me', () => {
    const link = whatsappLink('98765 43210', 'Balance: ₹1,200.00\nPay & smile?');
    expect(link).toBe(`https://wa.me/919876543210?text=${encodeURIComponent('Balance: ₹1,200.00\nPay & smile?')}`);
    expect(decodeURIComponent(link!.split('?text=')[1]!)).toBe('Balance: ₹1,200.00\nPay & smile?');
  });

  it('is null without a WhatsApp number', () => {
    expect(whatsappLink('12345', 'hello')).toBeNull();
  });
});

describe('upiLink', () => {
  const payee = { upiId: 'dairy.shop@okhdfcbank', upiName: 'Shree Dairy & Sons' };
  it.each([
    [
      'a balance in rupees and paise',
      payee,
      123450,
      { month: 3, year: 2026 },
      'upi://pay?pa=dairy.shop%40okhdfcbank&pn=Shree%20Dairy%20%26%20Sons&am=1234.50&cu=INR&tn=March%202026%20bill',
    ],
    [
      'a whole balance, 2 decimals',
      { upiId: '9876543210@ybl', upiName: 'Asha' },
      5000,
      { month: 12, year: 2025 },
      'upi://pay?pa=9876543210%40ybl&pn=Asha&am=50.00&cu=INR&tn=December%202025%20bill',
    ],
    [
      'one paisa',
      payee,
      1,
      { month: 1, year: 2026 },
      'upi://pay?pa=dairy.shop%40okhdfcbank&pn=Shree%20Dairy%20%26%20Sons&am=0.01&cu=INR&tn=January%202026%20bill',
    ],
  ])('%s', (_case, p, balance, period, expected) => {
    expect(upiLink(p, balance, period)).toBe(expected);
  });

  it.each([
    ['no UPI ID', { upiId: '', upiName: 'Asha' }, 5000],
    ['nothing to pay', payee, 0],
    ['a credit', payee, -2500],
  ])('is null with %s', (_case, p, balance) => {
    expect(upiLink(p, balance, { month: 3, year: 2026 })).toBeNull();
  });
});

describe('the WhatsApp messages', () => {
  const figures = {
    businessName: 'Shree Dairy',
    customerName: 'Asha Rao',
    month: 3,
    year: 2026,
    productCharge: 150000,
    serviceCharge: 2000,
    previousDue: 10000,
    paid: 50000,
    balance: 112000,
    receivedSince: 0,
    dueNow: 112000,
  };

  it('names the month, every figure and the UPI link', () => {
    expect(statementMessage({ ...figures, upiLink: 'upi://pay?pa=x%40y' }, 'Milk')).toBe(
      [
        'Shree Dairy: bill for March 2026, Asha Rao',
        'Milk charge: ₹1,500.00',
        'Service charge: ₹20.00',
        'Previous balance: ₹100.00',
        'Paid: ₹500.00',
        'Balance: ₹1,120.00',
        'Pay by UPI: upi://pay?pa=x%40y',
      ].join('\n'),
    );
  });

  it("ends with the customer's page when there is one", () => {
    const text = statementMessage({ ...figures, upiLink: null, pageUrl: 'https://dairy.example.in/my/abc' }, 'Milk');
    expect(text.split('\n').at(-1)).toBe('Your deliveries and bills: https://dairy.example.in/my/abc');
    expect(statementMessage({ ...figures, upiLink: null, pageUrl: null }, 'Milk')).not.toContain('/my/');
  });

  it('leaves the UPI line out without a link, and the business name when it is not set', () => {
    const text = statementMessage({ ...figures, businessName: '', upiLink: null }, 'Milk');
    expect(text.startsWith('bill for March 2026, Asha Rao\n')).toBe(true);
    expect(text).not.toContain('UPI');
  });

  it('says what was received since and what is to pay now when a later month was paid', () => {
    const text = statementMessage({ ...figures, receivedSince: 115000, dueNow: -3000, upiLink: null }, 'Milk');
    expect(text.endsWith('Balance: ₹1,120.00\nReceived since: ₹1,150.00\nTo pay now: -₹30.00')).toBe(true);
  });

  it('says what is to pay now alone when later bills changed it and nothing was received since', () => {
    const text = statementMessage({ ...figures, dueNow: 150000, upiLink: 'upi://pay?pa=x%40y' }, 'Milk');
    expect(text).toContain('Balance: ₹1,120.00\nTo pay now: ₹1,500.00\nPay by UPI: upi://pay?pa=x%40y');
    expect(text).not.toContain('Received since');
  });

  it('words a receipt and a refund', () => {
    const receipt = { businessName: 'Shree Dairy', customerName: 'Asha Rao', month: 3, year: 2026, balance: 62000 };
    expect(receiptMessage({ ...receipt, amount: 50000 })).toBe(
      'Shree Dairy: Received ₹500.00 from Asha Rao for March 2026.\nBalance now: ₹620.00',
    );
    expect(receiptMessage({ ...receipt, amount: -1000 })).toContain('Returned ₹10.00 to Asha Rao');
  });

  it("words a receipt in the customer's language, amounts and names as they are", () => {
    const receipt = { businessName: 'Shree Dairy', customerName: 'Asha Rao', month: 3, year: 2026, balance: 62000 };
    expect(receiptMessage({ ...receipt, amount: 50000 }, 'hi')).toBe(
      'Shree Dairy: Asha Rao से मार्च 2026 के लिए ₹500.00 मिले।\nअब बाकी: ₹620.00',
    );
    expect(receiptMessage({ ...receipt, amount: -1000 }, 'gu')).toBe(
      'Shree Dairy: Asha Raoને માર્ચ 2026ના ₹10.00 પાછા આપ્યા.\nહવે બાકી: ₹620.00',
    );
  });
});

describe('settingsBody', () => {
  it('trims, and keeps blanks as empty strings', () => {
    expect(settingsBody.parse({ businessName: ' Shree Dairy ', upiId: ' shop@okaxis ', phone: null })).toEqual({
      businessName: 'Shree Dairy',
      address: '',
      phone: '',
      upiId: 'shop@okaxis',
      upiName: '',
      billNote: '',
    });
  });

  it.each(['dairy.shop@okhdfcbank', '9876543210@ybl', 'a_b-c@paytm', ''])('takes the UPI ID %j', (upiId) => {
    expect(settingsBody.safeParse({ upiId }).success).toBe(true);
  });

  it.each(['dairy', '@ybl', 'a@', 'a@b', 'name@bank.com', 'two words@ybl', 'x@@ybl', 'n@1bank'])(
    'refuses the UPI ID %j',
    (upiId) => {
      const result = settingsBody.safeParse({ upiId });
      expect(result.error?.issues[0]?.message).toBe(settingsTexts.upiInvalid);
    },
  );
});
