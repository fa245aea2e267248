// Loaded only when a person makes a bill (dynamic import): jsPDF, the QR code and the fonts stay out of the first page load.

import {
  type ColonyStatementsResponse,
  formatDate,
  monthName,
  quantityWithUnit,
  rupeeText,
  type StatementDay,
  type StatementResponse,
  sinceLines,
  statementTexts,
} from '@dairy/contract';
import type { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { create as createQr } from 'qrcode';
import { a4WithFonts, PDF_FONT as FONT } from '../../lib/pdf';

/** What every bill is told: the product label ("Milk") and today's date (`YYYY-MM-DD`). */
interface BillContext {
  productLabel: string;
  printedOn: string;
}

const MARGIN = 20;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const DARK: [number, number, number] = [33, 37, 41];
const GREY: [number, number, number] = [108, 117, 125];
const RED: [number, number, number] = [201, 42, 42];

/** One customer's bill: `{customer}_{Month}_{year}_Bill.pdf`. */
export async function exportBillPdf(statement: StatementResponse, context: BillContext) {
  const doc = await a4WithFonts();
  drawBill(doc, statement, context);
  doc.save(`${statement.customer.customerName}_${monthName(statement.month)}_${statement.year}_Bill.pdf`);
}

/** A colony's bills, one page per customer in route order: `{colony}_{Month}_{year}_Bills.pdf`. */
export async function exportColonyBillsPdf(colony: ColonyStatementsResponse, context: BillContext) {
  const doc = await a4WithFonts();
  colony.statements.forEach((statement, n) => {
    if (n > 0) doc.addPage();
    drawBill(doc, statement, context);
  });
  doc.save(`${colony.colonyName}_${monthName(colony.month)}_${colony.year}_Bills.pdf`);
}

function text(doc: jsPDF, size: number, style: 'normal' | 'bold', color = DARK) {
  doc.setFont(FONT, style);
  doc.setFontSize(size);
  doc.setTextColor(...color);
}

/** The whole bill on the current page. */
function drawBill(doc: jsPDF, s: StatementResponse, context: BillContext) {
  const width = doc.internal.pageSize.getWidth();
  const right = width - MARGIN;
  let y = MARGIN + 8;

  // The business, and the bill's month.
  text(doc, 14, 'bold');
  doc.text(s.business.businessName || 'Bill', MARGIN, y);
  doc.text(`${monthName(s.month)} ${s.year}`, right, y, { align: 'right' });
  text(doc, 8, 'normal', GREY);
  const contact = [s.business.address, s.business.phone && `Phone ${s.business.phone}`].filter(Boolean);
  for (const line of contact) {
    y += 10;
    doc.text(line, MARGIN, y);
  }
  y += 8;
  doc.setDrawColor(...GREY);
  doc.line(MARGIN, y, right, y);

  // The customer.
  y += 14;
  text(doc, 11, 'bold');
  doc.text(s.customer.customerName, MARGIN, y);
  text(doc, 8, 'normal');
  doc.text(`Route ${s.customer.route} · ${s.customer.colonyName}`, right, y, { align: 'right' });
  y += 10;
  doc.text(s.customer.address, MARGIN, y);
  if (s.customer.contactNumber) doc.text(`Phone ${s.customer.contactNumber}`, right, y, { align: 'right' });

  y = drawCalendar(doc, s, y + 14);
  y = drawLines(doc, s, context, y + 8);
  drawFigures(doc, s, context, y + 14);

  text(doc, 7, 'normal', GREY);
  doc.text(`Printed ${formatDate(context.printedOn)}`, MARGIN, doc.internal.pageSize.getHeight() - MARGIN / 2);
}

/** A month grid, Monday first: each day's quantity per product, absent days marked. Returns the y below it. */
function drawCalendar(doc: jsPDF, s: StatementResponse, top: number): number {
  const width = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  const cell = width / 7;
  const byDate = new Map<string, StatementDay[]>();
  for (const day of s.days) byDate.set(day.date, [...(byDate.get(day.date) ?? []), day]);
  const daysInMonth = new Date(Date.UTC(s.year, s.month, 0)).getUTCDate();
  const firstColumn = (new Date(Date.UTC(s.year, s.month - 1, 1)).getUTCDay() + 6) % 7;
  const weeks = Math.ceil((firstColumn + daysInMonth) / 7);
  const entries = Math.max(1, ...[...byDate.values()].map((d) => d.length));
  const rowHeight = 11 + 8 * entries;

  text(doc, 9, 'bold');
  doc.text('Deliveries', MARGIN, top);
  const gridTop = top + 6;
  text(doc, 7, 'bold', GREY);
  WEEKDAYS.forEach((name, i) => {
    doc.text(name, MARGIN + i * cell + cell / 2, gridTop + 8, { align: 'center' });
  });
  const rowsTop = gridTop + 11;
  doc.setDrawColor(200, 200, 200);
  for (let date = 1; date <= daysInMonth; date++) {
    const slot = firstColumn + date - 1;
    const x = MARGIN + (slot % 7) * cell;
    const y = rowsTop + Math.floor(slot / 7) * rowHeight;
    doc.rect(x, y, cell, rowHeight);
    text(doc, 7, 'bold');
    doc.text(String(date), x + 3, y + 8);
    const iso = `${s.year}-${String(s.month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
    (byDate.get(iso) ?? []).forEach((day, n) => {
      const delivered = day.attendance === 1;
      text(doc, 6, 'normal', delivered ? DARK : RED);
      const what = delivered ? quantityWithUnit(day.quantity, day.unit) : 'absent';
      doc.text(`${day.productCode} ${what}`, x + 3, y + 16 + n * 8, { maxWidth: cell - 5 });
    });
  }
  return rowsTop + weeks * rowHeight;
}

/** The bill's lines as a table. Returns the y below it. */
function drawLines(doc: jsPDF, s: StatementResponse, { productLabel }: BillContext, top: number): number {
  autoTable(doc, {
    startY: top,
    margin: { left: MARGIN, right: MARGIN },
    theme: 'grid',
    styles: { font: FONT, fontSize: 8, cellPadding: 3 },
    headStyles: { font: FONT, fontStyle: 'bold', fillColor: DARK },
    head: [[productLabel, 'Price', 'Days', 'Quantity', 'Amount']],
    body: s.lines.length
      ? s.lines.map((l) => [
          l.productName,
          rupeeText(l.price),
          String(l.days),
          quantityWithUnit(l.quantity, l.unit),
          rupeeText(l.amount),
        ])
      : [[{ content: 'No bill for this month.', colSpan: 5 }]],
    columnStyles: { 1: { halign: 'right' }, 2: { halign: 'right' }, 3: { halign: 'right' }, 4: { halign: 'right' } },
  });
  return (doc as jsPDF & { lastAutoTable: { finalY: number } }).lastAutoTable.finalY;
}

/**
 * The figures on the left (and, when later months changed what is owed, what was received since
 * and what is to pay now: docs/rules.md section 23), the QR code of what is to pay now (or why
 * there is none) on the right, the note below.
 */
function drawFigures(doc: jsPDF, s: StatementResponse, { productLabel }: BillContext, top: number) {
  const figures: [string, number][] = [
    [`${productLabel} charge`, s.productCharge],
    ['Service charge', s.serviceCharge],
    ['Previous balance', s.previousDue],
    ['Paid', s.paid],
    ['Balance', s.balance],
    ...sinceLines(s),
  ];
  // The balance and what is to pay now stand out, a little apart from the month's figures.
  const balanceAt = 4;
  const valueX = MARGIN + 190;
  figures.forEach(([name, amount], n) => {
    const strong = n === balanceAt || name === statementTexts.toPayNow;
    text(doc, strong ? 11 : 9, strong ? 'bold' : 'normal');
    const y = top + n * 14 + (n >= balanceAt ? 4 : 0);
    doc.text(name, MARGIN, y);
    doc.text(rupeeText(amount), valueX, y, { align: 'right' });
  });
  let bottom = top + figures.length * 14 + 4;

  const qrSize = 110;
  const qrX = doc.internal.pageSize.getWidth() - MARGIN - qrSize;
  const qrTop = top - 10;
  if (s.upiLink) {
    drawQr(doc, s.upiLink, qrX, qrTop, qrSize);
    text(doc, 9, 'bold');
    doc.text(statementTexts.scanToPay(rupeeText(s.dueNow)), qrX + qrSize / 2, qrTop + qrSize + 10, {
      align: 'center',
    });
    bottom = Math.max(bottom, qrTop + qrSize + 14);
  } else {
    text(doc, 8, 'normal', GREY);
    const why = s.business.upiId ? statementTexts.nothingToPay : statementTexts.noUpi;
    doc.text(why, qrX, top, { maxWidth: qrSize });
  }

  if (s.business.billNote) {
    text(doc, 8, 'normal');
    doc.text(s.business.billNote, MARGIN, bottom + 14, { maxWidth: doc.internal.pageSize.getWidth() - 2 * MARGIN });
  }
}

/** The QR code drawn as squares (a run of dark modules is one): sharp at any zoom, with its quiet zone left white. */
function drawQr(doc: jsPDF, value: string, x: number, y: number, size: number) {
  const { modules } = createQr(value, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const unit = size / (modules.size + 2 * quiet);
  doc.setFillColor(255, 255, 255);
  doc.rect(x, y, size, size, 'F');
  doc.setFillColor(0, 0, 0);
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      doc.rect(x + (start + quiet) * unit, y + (row + quiet) * unit, (col - start) * unit, unit, 'F');
    }
  }
}
