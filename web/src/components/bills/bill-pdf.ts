// Loaded only when a person makes a bill (dynamic import): the PDF engine, the QR code and the
// fonts stay out of the first page load.

import {
  type ColonyStatementsResponse,
  daysInMonth,
  isoDate,
  mondayColumn,
  monthName,
  monthStart,
  quantityWithUnit,
  rupeeText,
  type StatementDay,
  type StatementResponse,
  sinceLines,
  statementTexts,
} from '@dairy/contract';
import type { Column, Content, Margins, TableCell } from 'pdfmake/interfaces';
import { dataTable, PDF_FOOTER, PDF_GREY, type PdfPart, savePdf } from '../../lib/pdf-document/document';
import { qrCode } from '../../lib/pdf-document/qr';
import { type BillLabels, billLabels } from './bill-labels';

/** What every bill is told: the product label ("Milk") and today's date (`YYYY-MM-DD`). */
interface BillContext {
  productLabel: string;
  printedOn: string;
}

const MARGIN = 28;
const WIDTH = 595.28 - 2 * MARGIN;
const RED = '#c92a2a';
const QR_SIZE = 110;

/** One customer's bill: `{customer}_{Month}_{year}_Bill.pdf`. */
export async function exportBillPdf(statement: StatementResponse, context: BillContext) {
  const fileName = `${statement.customer.customerName}_${monthName(statement.month)}_${statement.year}_Bill.pdf`;
  await savePdf(fileName, { printedOn: context.printedOn, ...billPart(statement, context) });
}

/** A colony's bills, one per customer in route order, each numbered on its own: `{colony}_{Month}_{year}_Bills.pdf`. */
export async function exportColonyBillsPdf(colony: ColonyStatementsResponse, context: BillContext) {
  const fileName = `${colony.colonyName}_${monthName(colony.month)}_${colony.year}_Bills.pdf`;
  const parts = colony.statements.map((statement) => billPart(statement, context));
  await savePdf(fileName, { printedOn: context.printedOn, parts });
}

/**
 * The whole bill in the customer's language (docs/rules.md section 21): business, customer, the
 * month's calendar, lines, figures with the QR code, the note.
 */
export function billPart(s: StatementResponse, context: BillContext): PdfPart {
  const labels = billLabels[s.customer.language];
  const month = `${labels.months[s.month - 1]} ${s.year}`;
  const contact = [s.business.address, s.business.phone && labels.phone(s.business.phone)].filter(Boolean);
  const content: Content[] = [
    {
      columns: [
        { text: s.business.businessName || labels.bill, bold: true, fontSize: 14 },
        { text: month, bold: true, fontSize: 14, alignment: 'right', width: 'auto' },
      ],
    },
    ...contact.map((line): Content => ({ text: line, color: PDF_GREY, margin: [0, 2, 0, 0] })),
    { canvas: [{ type: 'line', x1: 0, y1: 6, x2: WIDTH, y2: 6, lineWidth: 0.5, lineColor: PDF_GREY }] },
    {
      columns: [
        { text: s.customer.customerName, bold: true, fontSize: 11 },
        { text: labels.route(s.customer.route, s.customer.colonyName), alignment: 'right', width: 'auto' },
      ],
      margin: [0, 10, 0, 0],
    },
    {
      columns: [
        s.customer.address,
        s.customer.contactNumber
          ? { text: labels.phone(s.customer.contactNumber), alignment: 'right', width: 'auto' }
          : { text: '', width: 'auto' },
      ],
      margin: [0, 2, 0, 0],
    },
    { text: labels.deliveries, bold: true, fontSize: 9, margin: [0, 12, 0, 4] },
    calendar(s, labels),
    { ...linesTable(s, context, labels), margin: [0, 10, 0, 0] },
    figures(s, context, labels),
  ];
  if (s.business.billNote) content.push({ text: s.business.billNote, margin: [0, 14, 0, 0] });
  return { content, footer: labels.footer, pageMargins: [MARGIN, MARGIN, MARGIN, PDF_FOOTER] };
}

/** A month grid, Monday first: each day's quantity per product, absent days in red. */
function calendar(s: StatementResponse, labels: BillLabels): Content {
  const byDate = new Map<string, StatementDay[]>();
  for (const day of s.days) byDate.set(day.date, [...(byDate.get(day.date) ?? []), day]);
  const days = daysInMonth(s);
  const firstColumn = mondayColumn(monthStart(s));
  const entries = Math.max(1, ...[...byDate.values()].map((d) => d.length));
  const weeks: TableCell[][] = [];
  for (let slot = 0; slot < Math.ceil((firstColumn + days) / 7) * 7; slot++) {
    if (slot % 7 === 0) weeks.push([]);
    const date = slot - firstColumn + 1;
    const week = weeks.at(-1) as TableCell[];
    if (date < 1 || date > days) {
      week.push('');
      continue;
    }
    const lines = (byDate.get(isoDate(s.year, s.month, date)) ?? []).map((day) =>
      day.attendance === 1
        ? `${day.productCode} ${quantityWithUnit(day.quantity, day.unit)}`
        : { text: `${day.productCode} ${labels.absent}`, color: RED },
    );
    week.push({ stack: [{ text: String(date), bold: true, fontSize: 7 }, ...lines] });
  }
  const head = labels.weekdays.map((day) => ({ text: day, bold: true, color: PDF_GREY, alignment: 'center' as const }));
  return {
    table: {
      widths: labels.weekdays.map(() => '*'),
      heights: (row) => (row === 0 ? 'auto' : 14 + 8 * entries),
      dontBreakRows: true,
      body: [head, ...weeks],
    },
    layout: {
      hLineColor: () => '#c8c8c8',
      vLineColor: () => '#c8c8c8',
      hLineWidth: (row) => (row === 0 ? 0 : 0.5),
      vLineWidth: () => 0.5,
    },
    fontSize: 6,
  };
}

/** The bill's lines: product, price, days, quantity, amount (the amounts right-aligned). */
function linesTable(s: StatementResponse, { productLabel }: BillContext, labels: BillLabels) {
  const right = (text: string) => ({ text, alignment: 'right' as const });
  return dataTable({
    head: [productLabel, labels.price, labels.days, labels.quantity, labels.amount],
    body: s.lines.length
      ? s.lines.map((l) => [
          l.productName,
          right(rupeeText(l.price)),
          right(String(l.days)),
          right(quantityWithUnit(l.quantity, l.unit)),
          right(rupeeText(l.amount)),
        ])
      : [[{ text: labels.noBill, colSpan: 5 }, {}, {}, {}, {}]],
    widths: ['*', 70, 40, 70, 80],
  });
}

/**
 * The figures on the left (and, when later months changed what is owed, what was received since
 * and what is to pay now: docs/rules.md section 23), the QR code of what is to pay now (or why
 * there is none) on the right.
 */
function figures(s: StatementResponse, { productLabel }: BillContext, labels: BillLabels): Content {
  const since = sinceLines(s).map(([name, amount]): [string, number, boolean] => {
    const toPayNow = name === statementTexts.toPayNow;
    return [toPayNow ? labels.toPayNow : labels.receivedSince, amount, toPayNow];
  });
  const rows: [string, number, boolean][] = [
    [labels.productCharge(productLabel), s.productCharge, false],
    [labels.serviceCharge, s.serviceCharge, false],
    [labels.previousBalance, s.previousDue, false],
    [labels.paid, s.paid, false],
    // The balance and what is to pay now stand out, a little apart from the month's figures.
    [labels.balance, s.balance, true],
    ...since,
  ];
  const body = rows.map(([name, amount, strong], n): TableCell[] => {
    const style = { bold: strong, fontSize: strong ? 11 : 9, margin: [0, n === 4 ? 4 : 0, 0, 0] as Margins };
    return [
      { text: name, ...style },
      { text: rupeeText(amount), alignment: 'right' as const, ...style },
    ];
  });
  const payment: Column[] = s.upiLink
    ? [
        { width: '*', text: '' },
        {
          width: QR_SIZE,
          stack: [
            qrCode(s.upiLink, QR_SIZE),
            { text: labels.scanToPay(rupeeText(s.dueNow)), bold: true, fontSize: 9, alignment: 'center' },
          ],
        },
      ]
    : // Why there is no QR code, on one line beside the figures.
      [
        {
          width: '*',
          text: s.business.upiId ? labels.nothingToPay : labels.noUpi,
          color: PDF_GREY,
          margin: [24, 2, 0, 0],
        },
      ];
  return {
    columns: [{ width: 220, table: { widths: ['*', 'auto'], body }, layout: 'noBorders' }, ...payment],
    margin: [0, 14, 0, 0],
  };
}
