import type { Content } from 'pdfmake/interfaces';
import { type A4Document, dataTable, PDF_GREY } from '../../web/src/lib/pdf-document/document';
import { qrCode } from '../../web/src/lib/pdf-document/qr';

const NAMES = ['क्षत्रिय प्रिया', 'સુનીતા પટેલ', 'தமிழ் செல்வி', 'Ramesh Kumar'];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A month grid as the bill has it: 30 days from a Monday, two products a day, one absent day a week. */
function calendar(): Content {
  const weeks: Content[][] = [];
  for (let week = 0; week < 5; week++) {
    const row: Content[] = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      const date = week * 7 + weekday + 1;
      if (date > 30) row.push('');
      else if (weekday === 3)
        row.push({
          stack: [
            { text: String(date), bold: true },
            { text: 'absent', color: '#c92a2a' },
          ],
        });
      else row.push({ stack: [{ text: String(date), bold: true }, 'COW 1 L', 'BUF 0.5 L'] });
    }
    weeks.push(row);
  }
  return {
    table: {
      widths: WEEKDAYS.map(() => '*'),
      heights: (row) => (row === 0 ? 'auto' : 34),
      body: [WEEKDAYS.map((day) => ({ text: day, bold: true, color: PDF_GREY, alignment: 'center' })), ...weeks],
    },
    layout: { hLineColor: () => '#c8c8c8', vLineColor: () => '#c8c8c8', hLineWidth: () => 0.5, vLineWidth: () => 0.5 },
    fontSize: 6,
  };
}

/** One customer's page, like the bill: business, customer, calendar, lines, figures and the UPI QR code. */
function bill(n: number): Content[] {
  const name = `${NAMES[n % NAMES.length]} ${n + 1}`;
  const balance = `₹${(3110 + n).toLocaleString('en-IN')}.00`;
  const upi = `upi://pay?pa=greendairy@okbank&pn=Green%20Dairy&am=${3110 + n}.00&cu=INR&tn=June%202026`;
  return [
    {
      columns: [
        { text: 'Green Dairy', bold: true, fontSize: 14 },
        { text: 'June 2026', bold: true, fontSize: 14, alignment: 'right' },
      ],
      ...(n > 0 ? { pageBreak: 'before' as const } : {}),
    },
    { text: '12 Station Road, Anand · Phone 9876543210', color: PDF_GREY },
    { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 567, y2: 4, lineWidth: 0.5, lineColor: PDF_GREY }] },
    {
      columns: [
        { text: name, bold: true, fontSize: 11 },
        { text: `Route ${n + 1} · ગ્રીન પાર્ક`, alignment: 'right' },
      ],
      margin: [0, 10, 0, 0],
    },
    { columns: [`House ${n + 1}, Green Park`, { text: 'Phone 9876500000', alignment: 'right' }] },
    { text: 'Deliveries', bold: true, fontSize: 9, margin: [0, 10, 0, 4] },
    calendar(),
    {
      ...dataTable({
        head: ['Milk', 'Price', 'Days', 'Quantity', 'Amount'],
        body: [
          ['Cow Milk', '₹60.00', '26', '26 L', '₹1,560.00'],
          ['Buffalo Milk', '₹70.00', '26', '13 L', '₹910.00'],
        ],
        widths: ['*', 60, 40, 60, 70],
      }),
      margin: [0, 10, 0, 0],
    },
    {
      columns: [
        {
          width: 200,
          table: {
            widths: ['*', 'auto'],
            body: [
              ['Milk charge', { text: '₹2,470.00', alignment: 'right' }],
              ['Service charge', { text: '₹50.00', alignment: 'right' }],
              ['Previous balance', { text: '₹590.00', alignment: 'right' }],
              ['Paid', { text: '₹0.00', alignment: 'right' }],
              [
                { text: 'Balance', bold: true, fontSize: 11 },
                { text: balance, bold: true, fontSize: 11, alignment: 'right' },
              ],
            ],
          },
          layout: 'noBorders',
          fontSize: 9,
        },
        { width: '*', text: '' },
        {
          width: 110,
          stack: [qrCode(upi, 110), { text: `Scan to pay ${balance}`, bold: true, fontSize: 9, alignment: 'center' }],
        },
      ],
      margin: [0, 14, 0, 0],
    },
    { text: 'Please pay by the 10th. दूध का बिल, ધન્યવાદ.', margin: [0, 14, 0, 0] },
  ];
}

/** `customers` bills in one document, one page each, as a colony's bills are printed. */
export function billsDocument(customers: number): A4Document {
  const content: Content[] = [];
  for (let n = 0; n < customers; n++) content.push(...bill(n));
  return { printedOn: '2026-11-25', content };
}
