// Imported only by PDF modules, which load when a person exports (dynamic import): the engine and
// the fonts stay out of the first page load. docs/decisions.md '## PDFs' says why this engine.

import { formatDate } from '@dairy/contract';
import pdfMake from 'pdfmake/build/pdfmake';
import type { Content, ContentTable, Margins, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { download } from '../download';
import { installActualText } from './actual-text';
import { fontsFor, LATIN_FAMILY } from './fonts';
import { withScriptFonts } from './shape';

/** The left and right margin of every page, in points. */
export const PDF_MARGIN = 14;
/** Room under the content of every page for the footer, in points. */
export const PDF_FOOTER = 32;
/** Text colours: the body's and the quieter one of addresses and notes. */
export const PDF_DARK = '#212529';
export const PDF_GREY = '#6c757d';

export interface A4Document {
  /** Bold, at the top of the first page. */
  title?: string;
  /** Small and grey at the top of every page, e.g. the colony of a long sheet. */
  header?: string;
  content: Content;
  /** `YYYY-MM-DD`: the footer's printing date. */
  printedOn: string;
  /** In points, left-top-right-bottom; the bottom one must leave room for the footer. */
  pageMargins?: Margins;
}

/** The parts that hold text, each with its Indic runs in their script's font. */
interface Shaped {
  title: Content;
  header: Content;
  content: Content;
}

/** pdfmake's document: A4 in points, Noto Sans 8 pt, each page's footer and header. */
function definition(doc: A4Document, shaped: Shaped): TDocumentDefinitions {
  const title: Content[] = doc.title ? [{ text: shaped.title, bold: true, fontSize: 14, margin: [0, 0, 0, 8] }] : [];
  return {
    pageSize: 'A4',
    pageMargins: doc.pageMargins ?? [PDF_MARGIN, doc.header ? 32 : 20, PDF_MARGIN, PDF_FOOTER],
    defaultStyle: { font: LATIN_FAMILY, fontSize: 8, color: PDF_DARK },
    content: [...title, shaped.content],
    header: doc.header
      ? () => ({ text: shaped.header, fontSize: 8, color: PDF_GREY, margin: [PDF_MARGIN, 14, PDF_MARGIN, 0] })
      : undefined,
    // The printing date on the left and 'Page n of N' on the right, so loose sheets can be put back in order.
    footer: (page, pages) => ({
      columns: [`Printed ${formatDate(doc.printedOn)}`, { text: `Page ${page} of ${pages}`, alignment: 'right' }],
      fontSize: 8,
      margin: [PDF_MARGIN, PDF_FOOTER / 2 - 4, PDF_MARGIN, 0],
    }),
  };
}

/**
 * The document as a PDF. Text in an Indian script is shaped (conjuncts joined, vowel signs in
 * place) in its Noto font, fetched only when the text holds that script (docs/rules.md section 21).
 */
export async function makePdf(doc: A4Document): Promise<Blob> {
  const title = withScriptFonts(doc.title ?? '');
  const header = withScriptFonts(doc.header ?? '');
  const content = withScriptFonts(doc.content);
  await installActualText(() => pdfMake.createPdf({ content: [] }));
  const shaped = { title: title.content, header: header.content, content: content.content };
  // The engine takes its fonts when the document is created: set with nothing awaited in between,
  // so two exports at once each get their own.
  pdfMake.setFonts(fontsFor(new Set([...title.scripts, ...header.scripts, ...content.scripts])));
  return pdfMake.createPdf(definition(doc, shaped)).getBlob();
}

/** Makes the document and hands it to the person as `fileName`. */
export async function savePdf(fileName: string, doc: A4Document): Promise<void> {
  download(fileName, await makePdf(doc));
}

export interface DataTable {
  /** The column names, in a dark band repeated at the top of every page the table runs onto. */
  head: string[];
  body: TableCell[][];
  /** Rows after the body in bold on grey, e.g. a grand total. */
  foot?: TableCell[][];
  /** Per column: points, a share like '20%', '*' for the rest, or 'auto'. */
  widths?: (number | string)[];
  /** Least height of a body row, e.g. room to write by hand. */
  rowHeight?: number;
}

/** A table cell in bold, whatever form it was given in; `{}`, the place a span covers, stays empty. */
function bold(cell: TableCell): TableCell {
  if (Array.isArray(cell)) return { stack: cell, bold: true };
  if (typeof cell === 'object') return Object.keys(cell).length ? ({ ...cell, bold: true } as TableCell) : cell;
  return { text: String(cell), bold: true };
}

/** The grid table every PDF uses: thin grey rules, a dark head, rows never split over two pages. */
export function dataTable({ head, body, foot = [], widths, rowHeight }: DataTable): ContentTable {
  const headRow = head.map((text) => ({ text, bold: true, color: '#ffffff' }));
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: widths ?? head.map(() => '*'),
      heights: rowHeight ? (row) => (row === 0 || row > body.length ? 'auto' : rowHeight) : undefined,
      body: [headRow, ...body, ...foot.map((row) => row.map(bold))],
    },
    layout: {
      fillColor: (row) => (row === 0 ? PDF_DARK : row > body.length ? '#e9ecef' : null),
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      hLineColor: () => '#bdbdbd',
      vLineColor: () => '#bdbdbd',
      paddingLeft: () => 4,
      paddingRight: () => 4,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
  };
}
