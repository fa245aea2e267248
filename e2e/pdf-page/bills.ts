import { type StatementDay, type StatementResponse, upiLink } from '@dairy/contract';
import { billPart } from '../../web/src/components/bills/bill-pdf';
import type { A4Document } from '../../web/src/lib/pdf-document/document';

const NAMES = ['क्षत्रिय प्रिया', 'સુનીતા પટેલ', 'தமிழ் செல்வி', 'Ramesh Kumar'];
const BUSINESS = {
  businessName: 'Green Dairy',
  address: '12 Station Road, Anand',
  phone: '9876543210',
  upiId: 'greendairy@okbank',
  upiName: 'Green Dairy',
  billNote: 'Please pay by the 10th. दूध का बिल, ધન્યવાદ.',
};

/** June 2026: two products a day, every Thursday absent; prices in paise, quantities in hundredths. */
function june(): StatementDay[] {
  const days: StatementDay[] = [];
  for (let date = 1; date <= 30; date++) {
    const iso = `2026-06-${String(date).padStart(2, '0')}`;
    const attendance = date % 7 === 4 ? 0 : 1;
    days.push({
      date: iso,
      productCode: 'COW',
      productName: 'Cow Milk',
      unit: 'L',
      quantity: 100,
      price: 6000,
      attendance,
    });
    days.push({
      date: iso,
      productCode: 'BUF',
      productName: 'Buffalo Milk',
      unit: 'L',
      quantity: 50,
      price: 7000,
      attendance,
    });
  }
  return days;
}

/** Customer `n`'s statement of June 2026, as the server answers it: its balance is ₹3,110.00 + n. */
export function statementOf(n: number): StatementResponse {
  const balance = 311_000 + n * 100;
  return {
    business: BUSINESS,
    customer: {
      customerId: n + 1,
      customerName: `${NAMES[n % NAMES.length]} ${n + 1}`,
      route: n + 1,
      address: `House ${n + 1}, Green Park`,
      contactNumber: '9876500000',
      colonyName: 'ગ્રીન પાર્ક',
      language: 'en',
    },
    month: 6,
    year: 2026,
    days: june(),
    lines: [
      {
        productCode: 'COW',
        productName: 'Cow Milk',
        unit: 'L',
        price: 6000,
        days: 26,
        quantity: 2600,
        amount: 156_000,
      },
      {
        productCode: 'BUF',
        productName: 'Buffalo Milk',
        unit: 'L',
        price: 7000,
        days: 26,
        quantity: 1300,
        amount: 91_000,
      },
    ],
    productCharge: 247_000,
    serviceCharge: 5000,
    totalPrice: 252_000,
    previousDue: 59_000 + n * 100,
    paid: 0,
    balance,
    receivedSince: 0,
    dueNow: balance,
    upiLink: upiLink(BUSINESS, balance, { month: 6, year: 2026 }),
    whatsappLink: null,
  };
}

/** `customers` bills in one document, one page each, as a colony's bills are printed. */
export function billsDocument(customers: number): A4Document {
  const context = { productLabel: 'Milk', printedOn: '2026-11-25' };
  return {
    printedOn: context.printedOn,
    parts: Array.from({ length: customers }, (_, n) => billPart(statementOf(n), context)),
  };
}
