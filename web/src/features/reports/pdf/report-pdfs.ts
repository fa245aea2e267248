// Loaded only when a person exports (dynamic import): jsPDF and the font stay out of the first page load.

import {
  type MonthlyPaymentRecord,
  type MonthlyReportResponse,
  type NoTransactionRecord,
  quantityWithUnit,
} from '@dairy/contract';
import regularFontUrl from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import boldFontUrl from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';
import { jsPDF } from 'jspdf';
import { autoTable, type CellInput, type RowInput } from 'jspdf-autotable';
import { formatDate, formatMoney, lineText, titleCase } from '../../../lib/format';
import { monthlySummaryText } from '../report-format';

/** The standard PDF fonts lack ₹: Noto Sans (SIL Open Font License, embedding allowed) has it. */
const FONT = 'NotoSans';
const MARGIN = 10;

async function base64Of(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The PDF font could not be loaded (${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** An A4 document in px units with the font embedded and the title written at the top. */
async function a4Document(title: string) {
  const [regular, bold] = await Promise.all([base64Of(regularFontUrl), base64Of(boldFontUrl)]);
  const doc = new jsPDF({ unit: 'px', format: 'a4', compress: true });
  doc.addFileToVFS('NotoSans-Regular.ttf', regular);
  doc.addFont('NotoSans-Regular.ttf', FONT, 'normal');
  doc.addFileToVFS('NotoSans-Bold.ttf', bold);
  doc.addFont('NotoSans-Bold.ttf', FONT, 'bold');
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

/** Room under the table on every page for the footer. */
const FOOTER = 24;

const tableStyles = {
  startY: 34,
  margin: { left: MARGIN, right: MARGIN, bottom: FOOTER },
  styles: { font: FONT, fontSize: 8, cellPadding: 3, valign: 'top' as const },
  headStyles: { font: FONT, fontStyle: 'bold' as const, fillColor: [33, 37, 41] as [number, number, number] },
  theme: 'grid' as const,
};

/**
 * Written once the table is laid out, when the page count is known: the printing date on the
 * left and 'Page n of N' on the right of every page, so loose sheets can be put back in order.
 */
function writeFooters(doc: jsPDF, printedOn: string) {
  const pages = doc.getNumberOfPages();
  const width = doc.internal.pageSize.getWidth();
  const y = doc.internal.pageSize.getHeight() - FOOTER / 2;
  doc.setFont(FONT, 'normal');
  doc.setFontSize(8);
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.text(`Printed ${formatDate(printedOn)}`, MARGIN, y);
    doc.text(`Page ${page} of ${pages}`, width - MARGIN, y, { align: 'right' });
  }
}

/** What every report PDF is told: the configured product label and today's date (`YYYY-MM-DD`). */
export interface PdfContext {
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
      formatMoney(r.totalDue),
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
    formatMoney(p.amount),
  ]);
  const summaryRow: CellInput[] = [
    { content: monthlySummaryText(record, productLabel), colSpan: 2, styles: { fontStyle: 'bold' } },
    { content: formatMoney(record.balance), styles: { fontStyle: 'bold' } },
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
    foot: [[{ content: 'Grand Total', colSpan: 5 }, formatMoney(report.totals.balance), '']],
    showFoot: 'lastPage',
    footStyles: { font: FONT, fontStyle: 'bold', fillColor: [233, 236, 239], textColor: [33, 37, 41] },
    columnStyles: columnWidths(doc, [0.07, 0.17, 0.14, 0.3, 0.07, 0.14, 0.11]),
  });
  writeFooters(doc, printedOn);
  doc.save(`${names.colony}_${names.month}_${names.year}_Report.pdf`);
}
