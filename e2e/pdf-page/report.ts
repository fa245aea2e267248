import { type A4Document, dataTable } from '../../web/src/lib/pdf-document/document';

const NAMES = ['क्षत्रिय प्रिया', 'સુનીતા કિરણ', 'தமிழ் செல்வி', 'Ramesh Kumar'];

/** A report as the report PDFs have them: a title, a long table with room to write, a grand total. */
export function reportDocument(rows: number): A4Document {
  return {
    title: 'Customer Having No Transactions - ગ્રીન પાર્ક',
    printedOn: '2026-11-25',
    content: dataTable({
      head: ['Route', 'Customer Name', 'Total Due', 'Receive'],
      body: Array.from({ length: rows }, (_, n) => [
        String(n + 1),
        `${NAMES[n % NAMES.length]} ${n + 1}`,
        '₹120.00',
        '',
      ]),
      foot: [[{ text: 'Grand Total', colSpan: 2 }, {}, `₹${(120 * rows).toLocaleString('en-IN')}.00`, '']],
      widths: [40, '*', 80, 80],
      rowHeight: 20,
    }),
  };
}
