// Loaded only when a person exports (dynamic import): jsPDF and the font stay out of the first page load.

import {
  type MonthlyPaymentRecord,
  type MonthlyReportResponse,
  type NoTransactionRecord,
  quantityWithUnit,
  rupeeText,
} from '@dairy/contract';
import type { jsPDF } from 'jspdf';
import { autoTable, type CellInput, type RowInput } from 'jspdf-autotable';
import { lineText, titleCase } from '../../../lib/format';
import {
  a4WithFonts,
  PDF_FONT as FONT,
  PDF_FOOTER as FOOTER,
  PDF_MARGIN as MARGIN,
  writeFooters,
} from '../../../lib/pdf';
import { monthlySummaryText } from '../report-format';

/** An A4 document with the title written at the top. */
async function a4Document(title: string) {
  const doc = await a4WithFonts();
  doc.setFont(FONT, 'bold');
  doc.setFontSize(14);
  doc.text(title, MARGIN, 24);
  return doc;
}

/** Column widths as fixed shares of the page width minus 20 (the two margins). */
function columnWidths(doc: jsPDF, shares: number[]) {
  const usable = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  return Object.fromEntries(shares.map((share, i) => [i, { cellWidth: usable * share }]));
}

const tableStyles = {
  startY: 34,
  margin: { left: MARGIN, right: MARGIN, bottom: FOOTER },
  styles: { font: FONT, fontSize: 8, cellPadding: 3, valign: 'top' as const },
  headStyles: { font: FONT, fontStyle: 'bold' as const, fillColor: [33, 37, 41] as [number, number, number] },
  theme: 'grid' as const,
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
  const doc = await a4Document(`Customer Having No Transactions - ${colonyName}`);
  autoTable(doc, {
    ...tableStyles,
    head: [['Route', 'Customer Name', 'Phone No.', 'Total Due', productLabel, 'Receive']],
    body: records.map((r) => [
      String(r.customer.route),
      titleCase(r.customer.customerName),
      r.customer.contactNumber,
      rupeeText(r.totalDue),
      r.paymentProducts.map(lineText).join('\n'),
      '',
    ]),
    columnStyles: columnWidths(doc, [0.08, 0.2, 0.15, 0.14, 0.3, 0.13]),
    // Room to write the amount received by hand.
    bodyStyles: { minCellHeight: 20 },
  });
  writeFooters(doc, printedOn);
  doc.save(`${colonyName}_Report.pdf`);
}

/**
 * The rows of one customer: a row per product code (the server's sums: "Cow Milk (45 L)", its days
 * and amount), then the summary row.
 */
function monthlyRows(record: MonthlyPaymentRecord, productLabel: string): RowInput[] {
  const products = record.productTotals;
  const span = products.length + 1;
  const customerCells: CellInput[] = [
    { content: String(record.customer.route), rowSpan: span },
    { content: titleCase(record.customer.customerName), rowSpan: span },
    { content: record.customer.contactNumber, rowSpan: span },
  ];
  const receive: CellInput = { content: '', rowSpan: span };
  const productRows: CellInput[][] = products.map((p) => [
    `${p.productName} (${quantityWithUnit(p.quantity, p.unit)})`,
    String(p.days),
    rupeeText(p.amount),
  ]);
  const summaryRow: CellInput[] = [
    { content: monthlySummaryText(record, productLabel), colSpan: 2, styles: { fontStyle: 'bold' } },
    { content: rupeeText(record.balance), styles: { fontStyle: 'bold' } },
  ];
  const [first, ...rest] = [...productRows, summaryRow];
  return [[...customerCells, ...(first ?? []), receive], ...rest];
}

/** '{colony} {month} {year}', saved as '{colony}_{month}_{year}_Report.pdf'. */
export async function exportMonthlyPdf(
  names: { colony: string; month: string; year: number },
  report: MonthlyReportResponse,
  { productLabel, printedOn }: PdfContext,
) {
  const doc = await a4Document(`${names.colony} ${names.month} ${names.year}`);
  autoTable(doc, {
    ...tableStyles,
    head: [['Route', 'Customer Name', 'Phone Number', productLabel, 'Days', 'Total Amount', 'Receive']],
    body: report.data.flatMap((r) => monthlyRows(r, productLabel)),
    // The grand total: what is left to collect from the whole colony (the server's sum), once, after the last bill.
    foot: [[{ content: 'Grand Total', colSpan: 5 }, rupeeText(report.totals.balance), '']],
    showFoot: 'lastPage',
    footStyles: { font: FONT, fontStyle: 'bold', fillColor: [233, 236, 239], textColor: [33, 37, 41] },
    columnStyles: columnWidths(doc, [0.07, 0.17, 0.14, 0.3, 0.07, 0.14, 0.11]),
  });
  writeFooters(doc, printedOn);
  doc.save(`${names.colony}_${names.month}_${names.year}_Report.pdf`);
}
