// Loaded only when a person exports (dynamic import): the PDF engine and the fonts stay out of the first page load.

import {
  type MonthlyPaymentRecord,
  type MonthlyReportResponse,
  type NoTransactionRecord,
  quantityWithUnit,
  rupeeText,
} from '@dairy/contract';
import type { TableCell } from 'pdfmake/interfaces';
import { lineText, titleCase } from '../../../lib/format';
import { dataTable, savePdf } from '../../../lib/pdf-document/document';
import { monthlySummaryText } from '../report-format';

/** Every word the report PDFs print, in one place; the product label is the configured one. */
const LABELS = {
  balanceTitle: (colonyName: string) => `Customer Having No Transactions - ${colonyName}`,
  monthlyTitle: (colonyName: string, month: string, year: number) => `${colonyName} ${month} ${year}`,
  route: 'Route',
  customerName: 'Customer Name',
  phoneNo: 'Phone No.',
  phoneNumber: 'Phone Number',
  totalDue: 'Total Due',
  days: 'Days',
  totalAmount: 'Total Amount',
  receive: 'Receive',
  grandTotal: 'Grand Total',
};

/** What every report PDF is told: the configured product label and today's date (`YYYY-MM-DD`). */
interface PdfContext {
  productLabel: string;
  printedOn: string;
}

/** 'Customer Having No Transactions - {colony}', saved as '{colony}_Report.pdf'. */
export async function exportBalancePdf(
  colonyName: string,
  records: NoTransactionRecord[],
  { productLabel, printedOn }: PdfContext,
) {
  await savePdf(`${colonyName}_Report.pdf`, {
    title: LABELS.balanceTitle(colonyName),
    printedOn,
    content: dataTable({
      head: [LABELS.route, LABELS.customerName, LABELS.phoneNo, LABELS.totalDue, productLabel, LABELS.receive],
      body: records.map((r) => [
        String(r.customer.route),
        titleCase(r.customer.customerName),
        r.customer.contactNumber,
        rupeeText(r.totalDue),
        r.paymentProducts.map(lineText).join('\n'),
        '',
      ]),
      widths: ['8%', '20%', '15%', '14%', '30%', '13%'],
      // Room to write the amount received by hand.
      rowHeight: 20,
    }),
  });
}

/**
 * The rows of one customer: a row per product code (the server's sums: "Cow Milk (45 L)", its days
 * and amount), then the summary row.
 */
function monthlyRows(record: MonthlyPaymentRecord, productLabel: string): TableCell[][] {
  const span = record.productTotals.length + 1;
  const productRows: TableCell[][] = record.productTotals.map((p) => [
    `${p.productName} (${quantityWithUnit(p.quantity, p.unit)})`,
    String(p.days),
    rupeeText(p.amount),
  ]);
  const summaryRow: TableCell[] = [
    { text: monthlySummaryText(record, productLabel), colSpan: 2, bold: true },
    {},
    { text: rupeeText(record.balance), bold: true },
  ];
  // The customer's cells and 'Receive' span all of its rows; the rows they cover hold `{}`.
  return [...productRows, summaryRow].map((cells, n) =>
    n === 0
      ? [
          { text: String(record.customer.route), rowSpan: span },
          { text: titleCase(record.customer.customerName), rowSpan: span },
          { text: record.customer.contactNumber, rowSpan: span },
          ...cells,
          { text: '', rowSpan: span },
        ]
      : [{}, {}, {}, ...cells, {}],
  );
}

/** '{colony} {month} {year}', saved as '{colony}_{month}_{year}_Report.pdf'. */
export async function exportMonthlyPdf(
  names: { colony: string; month: string; year: number },
  report: MonthlyReportResponse,
  { productLabel, printedOn }: PdfContext,
) {
  await savePdf(`${names.colony}_${names.month}_${names.year}_Report.pdf`, {
    title: LABELS.monthlyTitle(names.colony, names.month, names.year),
    printedOn,
    content: dataTable({
      head: [
        LABELS.route,
        LABELS.customerName,
        LABELS.phoneNumber,
        productLabel,
        LABELS.days,
        LABELS.totalAmount,
        LABELS.receive,
      ],
      body: report.data.flatMap((r) => monthlyRows(r, productLabel)),
      // The grand total: what is left to collect from the whole colony (the server's sum), once, after the last bill.
      foot: [[{ text: LABELS.grandTotal, colSpan: 5 }, {}, {}, {}, {}, rupeeText(report.totals.balance), '']],
      widths: ['7%', '17%', '14%', '30%', '7%', '14%', '11%'],
    }),
  });
}
