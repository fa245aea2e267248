// Loaded only when a person prints (dynamic import): the PDF engine and the fonts stay out of the first page load.

import { formatDate, quantityWithUnit, type RouteSheetRow } from '@dairy/contract';
import { dataTable, type PdfPart, savePdf } from '../lib/pdf-document/document';
import { type StaffTexts, staffTexts } from '../lib/pdf-document/staff-texts';

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

/**
 * One colony's sheet: title, the rows with room to tick, the totals; its pages numbered on their
 * own. Every word is the printing person's language; the product label is the configured one.
 */
function sheetPart(sheet: DeliverySheet, { productLabel }: Printing, { t, footer }: StaffTexts): PdfPart {
  const rows = dataTable({
    head: [t('pdf.route'), t('pdf.customer'), t('pdf.address'), productLabel, t('pdf.qty'), t('pdf.tick')],
    body: sheet.rows.map((r) => [
      String(r.route),
      r.customerName,
      r.address,
      `${r.productCode} ${r.productName}`,
      quantityWithUnit(r.quantity, r.unit),
      '',
    ]),
    widths: ['8%', '22%', '34%', '16%', '12%', '8%'],
    rowHeight: 16,
  });
  const totals = dataTable({
    head: [t('pdf.totals'), productLabel, t('pdf.deliveries'), t('pdf.qty')],
    body: totalsOf(sheet.rows).map((total) => [
      '',
      `${total.productCode} ${total.productName}`,
      String(total.n),
      quantityWithUnit(total.quantity, total.unit),
    ]),
    widths: ['14%', '28%', '14%', '14%'],
  });
  return {
    title: t('pdf.sheetTitle', { colony: sheet.colonyName, date: formatDate(sheet.date) }),
    content: [rows, { ...totals, margin: [0, 12, 0, 0] }],
    footer,
  };
}

/**
 * Delivery sheets (docs/rules.md section 13): per colony, A4, Route, Customer, Address, product, Qty
 * and an empty column to tick by hand, the totals per product at the end. Several colonies go in
 * one file, each from a new page and numbered on its own, so each collector takes their pages.
 */
export async function printDeliverySheets(sheets: readonly DeliverySheet[], printing: Printing, fileName: string) {
  const words = staffTexts();
  const parts = sheets.map((sheet) => sheetPart(sheet, printing, words));
  await savePdf(fileName, { printedOn: printing.printedOn, parts });
}

/** One colony's delivery sheet, saved as `{colony}_{date}_Deliveries.pdf`. */
export const printDeliverySheet = (sheet: DeliverySheet, printing: Printing) =>
  printDeliverySheets([sheet], printing, `${sheet.colonyName}_${sheet.date}_Deliveries.pdf`);
