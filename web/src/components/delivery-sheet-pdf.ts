// Loaded only when a person prints (dynamic import): jsPDF and the font stay out of the first page load.

import { formatDate, quantityWithUnit, type RouteSheetRow } from '@dairy/contract';
import type { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { a4WithFonts, PDF_FONT as FONT, PDF_FOOTER as FOOTER, PDF_MARGIN as MARGIN, writeFooters } from '../lib/pdf';

interface DeliverySheet {
  colonyName: string;
  /** `YYYY-MM-DD` */
  date: string;
  /** The rows to deliver, in route order. */
  rows: RouteSheetRow[];
}

interface Printing {
  productLabel: string;
  /** `YYYY-MM-DD`: the footers' printing date. */
  printedOn: string;
}

/** The quantity of each product code the rows deliver, in code order. */
function totalsOf(rows: readonly RouteSheetRow[]) {
  const totals = new Map<
    string,
    { productCode: string; productName: string; unit: string; quantity: number; n: number }
  >();
  for (const r of rows) {
    const t = totals.get(r.productCode);
    if (t) {
      t.quantity += r.quantity;
      t.n += 1;
    } else
      totals.set(r.productCode, {
        productCode: r.productCode,
        productName: r.productName,
        unit: r.unit,
        quantity: r.quantity,
        n: 1,
      });
  }
  return [...totals.values()].sort((a, b) => (a.productCode < b.productCode ? -1 : 1));
}

/** One colony's sheet from the current page of `doc`: title, the rows, the totals, its own footers. */
function writeSheet(doc: jsPDF, sheet: DeliverySheet, { productLabel, printedOn }: Printing) {
  const firstPage = doc.getNumberOfPages();
  doc.setFont(FONT, 'bold');
  doc.setFontSize(14);
  doc.text(`${sheet.colonyName} Deliveries ${formatDate(sheet.date)}`, MARGIN, 24);

  const usable = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  const widths = [0.08, 0.22, 0.34, 0.16, 0.12, 0.08];
  const styles = {
    margin: { left: MARGIN, right: MARGIN, bottom: FOOTER },
    styles: { font: FONT, fontSize: 8, cellPadding: 3, valign: 'middle' as const },
    headStyles: { font: FONT, fontStyle: 'bold' as const, fillColor: [33, 37, 41] as [number, number, number] },
    theme: 'grid' as const,
  };
  autoTable(doc, {
    ...styles,
    startY: 34,
    head: [['Route', 'Customer', 'Address', productLabel, 'Qty', 'Tick']],
    body: sheet.rows.map((r) => [
      String(r.route),
      r.customerName,
      r.address,
      `${r.productCode} ${r.productName}`,
      quantityWithUnit(r.quantity, r.unit),
      '',
    ]),
    columnStyles: Object.fromEntries(widths.map((share, i) => [i, { cellWidth: usable * share }])),
    bodyStyles: { minCellHeight: 16 },
  });
  const totals = totalsOf(sheet.rows);
  const after = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY;
  autoTable(doc, {
    ...styles,
    startY: after + 12,
    head: [['Totals', productLabel, 'Deliveries', 'Qty']],
    body: totals.map((t) => [
      '',
      `${t.productCode} ${t.productName}`,
      String(t.n),
      quantityWithUnit(t.quantity, t.unit),
    ]),
    tableWidth: usable * 0.7,
  });
  writeFooters(doc, printedOn, firstPage);
}

/**
 * Delivery sheets (docs/rules.md section 13): per colony, A4, Route, Customer, Address, product, Qty
 * and an empty column to tick by hand, the totals per product at the end. Several colonies go in
 * one file, each from a new page and numbered on its own, so each collector takes their pages.
 */
export async function printDeliverySheets(sheets: readonly DeliverySheet[], printing: Printing, fileName: string) {
  const doc = await a4WithFonts();
  sheets.forEach((sheet, i) => {
    if (i > 0) doc.addPage();
    writeSheet(doc, sheet, printing);
  });
  doc.save(fileName);
}

/** One colony's delivery sheet, saved as `{colony}_{date}_Deliveries.pdf`. */
export const printDeliverySheet = (sheet: DeliverySheet, printing: Printing) =>
  printDeliverySheets([sheet], printing, `${sheet.colonyName}_${sheet.date}_Deliveries.pdf`);
