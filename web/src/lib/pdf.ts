import { formatDate } from '@dairy/contract';
// Imported only by PDF modules, which load when a person exports: jsPDF and the fonts stay out of the first page load.

import regularFontUrl from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import boldFontUrl from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';
import { jsPDF } from 'jspdf';

/** The left and right margin of every PDF page. */
export const PDF_MARGIN = 10;
/** Room under a table on every page for the footer. */
export const PDF_FOOTER = 24;

/** The standard PDF fonts lack ₹: Noto Sans (SIL Open Font License, embedding allowed) has it. */
export const PDF_FONT = 'NotoSans';

async function base64Of(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The PDF font could not be loaded (${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** An empty A4 document in px units (446 x 631) with Noto Sans, regular and bold, embedded. */
export async function a4WithFonts(): Promise<jsPDF> {
  const [regular, bold] = await Promise.all([base64Of(regularFontUrl), base64Of(boldFontUrl)]);
  const doc = new jsPDF({ unit: 'px', format: 'a4', compress: true });
  doc.addFileToVFS('NotoSans-Regular.ttf', regular);
  doc.addFont('NotoSans-Regular.ttf', PDF_FONT, 'normal');
  doc.addFileToVFS('NotoSans-Bold.ttf', bold);
  doc.addFont('NotoSans-Bold.ttf', PDF_FONT, 'bold');
  return doc;
}

/**
 * Written once the table is laid out, when the page count is known: the printing date on the
 * left and 'Page n of N' on the right of every page, so loose sheets can be put back in order.
 * `from`: the first page of a document within the file (several delivery sheets in one file are
 * numbered each on its own); it runs to the last page.
 */
export function writeFooters(doc: jsPDF, printedOn: string, from = 1) {
  const last = doc.getNumberOfPages();
  const pages = last - from + 1;
  const width = doc.internal.pageSize.getWidth();
  const y = doc.internal.pageSize.getHeight() - PDF_FOOTER / 2;
  doc.setFont(PDF_FONT, 'normal');
  doc.setFontSize(8);
  for (let page = from; page <= last; page++) {
    doc.setPage(page);
    doc.text(`Printed ${formatDate(printedOn)}`, PDF_MARGIN, y);
    doc.text(`Page ${page - from + 1} of ${pages}`, width - PDF_MARGIN, y, { align: 'right' });
  }
}
