// Loaded only when a person exports (dynamic import): the PDF engine and the fonts stay out of the first page load.

import {
  type MonthlyPaymentRecord,
  type MonthlyReportResponse,
  monthName,
  type NoTransactionRecord,
  quantityWithUnit,
  rupeeText,
} from '@dairy/contract';
import type { TableCell } from 'pdfmake/interfaces';
import { lineText, titleCase } from '../../../lib/format';
import { monthName as shownMonthName } from '../../../lib/i18n';
import { dataTable, savePdf } from '../../../lib/pdf-document/document';
import { staffTexts } from '../../../lib/pdf-document/staff-texts';
import { monthlySummaryText, type SummaryWords, summaryWords } from '../report-format';

/*
 * Every word the report PDFs print is the `pdf` messages' in the exporting person's language
 * (docs/rules.md section 21); names, codes, units and the configured product label stay as
 * entered, and file names stay English.
 */

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
  const { t, footer } = staffTexts();
  await savePdf(`${colonyName}_Report.pdf`, {
    title: t('pdf.balanceTitle', { colony: colonyName }),
    printedOn,
    footer,
    content: dataTable({
      head: [
        t('pdf.route'),
        t('pdf.customerName'),
        t('pdf.phoneNo'),
        t('pdf.totalDue'),
        productLabel,
        t('pdf.receive'),
      ],
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
function monthlyRows(record: MonthlyPaymentRecord, productLabel: string, words: SummaryWords): TableCell[][] {
  const span = record.productTotals.length + 1;
  const productRows: TableCell[][] = record.productTotals.map((p) => [
    `${p.productName} (${quantityWithUnit(p.quantity, p.unit)})`,
    String(p.days),
    rupeeText(p.amount),
  ]);
  const summaryRow: TableCell[] = [
    { text: monthlySummaryText(record, productLabel, words), colSpan: 2, bold: true },
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

/**
 * '{colony} {month} {year}' (the month named in the exporting person's language), saved as
 * '{colony}_{Month}_{year}_Report.pdf' with the month's English name. `month` is 1-12.
 */
export async function exportMonthlyPdf(
  names: { colony: string; month: number; year: number },
  report: MonthlyReportResponse,
  { productLabel, printedOn }: PdfContext,
) {
  const { t, footer } = staffTexts();
  const words = summaryWords(t);
  await savePdf(`${names.colony}_${monthName(names.month)}_${names.year}_Report.pdf`, {
    title: t('pdf.monthlyTitle', { colony: names.colony, month: shownMonthName(names.month), year: names.year }),
    printedOn,
    footer,
    content: dataTable({
      head: [
        t('pdf.route'),
        t('pdf.customerName'),
        t('pdf.phoneNumber'),
        productLabel,
        t('pdf.days'),
        t('pdf.totalAmount'),
        t('pdf.receive'),
      ],
      body: report.data.flatMap((r) => monthlyRows(r, productLabel, words)),
      // The grand total: what is left to collect from the whole colony (the server's sum), once, after the last bill.
      foot: [[{ text: t('pdf.grandTotal'), colSpan: 5 }, {}, {}, {}, {}, rupeeText(report.totals.balance), '']],
      widths: ['7%', '17%', '14%', '30%', '7%', '14%', '11%'],
    }),
  });
}
