// Imported only by PDF modules, which load when a person exports (dynamic import): the engine and
// the fonts stay out of the first page load. docs/decisions.md '## PDFs' says why this engine.

import { formatDate } from '@dairy/contract';
import pdfMake from 'pdfmake/build/pdfmake';
import type {
  Content,
  ContentSection,
  ContentTable,
  Margins,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';
import { download } from '../download';
import { installActualText } from './actual-text';
import { fontsFor, LATIN_FAMILY } from './fonts';
import type { FontNeeds } from './scripts';
import { withScriptFonts } from './shape';

/** The left and right margin of every page, in points. */
export const PDF_MARGIN = 14;
/** Room under the content of every page for the footer, in points. */
export const PDF_FOOTER = 32;
/** Text colours: the body's and the quieter one of addresses and notes. */
export const PDF_DARK = '#212529';
export const PDF_GREY = '#6c757d';

/** The footer's words, in the document's language. */
export interface FooterTexts {
  /** The printing date on the left, given as dd/mm/yyyy. */
  printed(date: string): string;
  /** On the right: 'Page 2 of 3'. */
  page(n: number, of: number): string;
}

export const ENGLISH_FOOTER: FooterTexts = {
  printed: (date) => `Printed ${date}`,
  page: (n, of) => `Page ${n} of ${of}`,
};

/** A part of a document: it starts on a new page and numbers its own pages ('Page n of N'). */
export interface PdfPart {
  /** Bold, at the top of the part's first page. */
  title?: string;
  /** Small and grey at the top of every page of the part, e.g. the colony of a long sheet. */
  header?: string;
  content: Content;
  /** The footer's words; English unless told. */
  footer?: FooterTexts;
  /** In points, left-top-right-bottom; the bottom one must leave room for the footer. */
  pageMargins?: Margins;
}

/** A document of one part, or of `parts`, e.g. a colony's bills, each customer's numbered on its own. */
export type A4Document = (PdfPart | { parts: PdfPart[] }) & {
  /** `YYYY-MM-DD`: the footer's printing date. */
  printedOn: string;
};

/**
 * One part as a pdfmake section. Headers are laid out for every page before any footer, so the
 * header records the pages the part runs over and the footer numbers them within the part.
 */
function section(part: PdfPart, printedOn: string, needs: FontNeeds): ContentSection {
  const footer = part.footer ?? ENGLISH_FOOTER;
  /** The content with its Indic runs in their fonts; what it needs joins `needs`. */
  const shaped = (content: Content) => {
    const result = withScriptFonts(content);
    for (const script of result.needs.scripts) needs.scripts.add(script);
    needs.wholeLatin ||= result.needs.wholeLatin;
    return result.content;
  };
  // The page numbers are written at layout time: their words' scripts are found now (digits join any run).
  shaped(footer.page(1, 2));
  const title: Content[] = part.title
    ? [{ stack: [shaped(part.title)], bold: true, fontSize: 14, margin: [0, 0, 0, 8] }]
    : [];
  const header = part.header ? shaped(part.header) : null;
  const printed = shaped(footer.printed(formatDate(printedOn)));
  const pages: number[] = [];
  return {
    section: [...title, shaped(part.content)],
    pageMargins: part.pageMargins ?? [PDF_MARGIN, part.header ? 32 : 20, PDF_MARGIN, PDF_FOOTER],
    header: (page) => {
      if (!pages.includes(page)) pages.push(page);
      return header && { stack: [header], fontSize: 8, color: PDF_GREY, margin: [PDF_MARGIN, 14, PDF_MARGIN, 0] };
    },
    // The printing date on the left and 'Page n of N' on the right, so loose sheets can be put back in order.
    footer: (page) => ({
      columns: [
        printed,
        { stack: [withScriptFonts(footer.page(pages.indexOf(page) + 1, pages.length)).content], alignment: 'right' },
      ],
      fontSize: 8,
      margin: [PDF_MARGIN, PDF_FOOTER / 2 - 4, PDF_MARGIN, 0],
    }),
  };
}

/**
 * The document as a PDF, A4 in points, Noto Sans 8 pt. Text in an Indian script is shaped
 * (conjuncts joined, vowel signs in place) in its Noto font, fetched only when the text holds that
 * script (docs/rules.md section 21).
 */
export async function makePdf(doc: A4Document): Promise<Blob> {
  const parts = 'parts' in doc ? doc.parts : [doc];
  await installActualText(() => pdfMake.createPdf({ content: [] }));
  const needs: FontNeeds = { scripts: new Set(), wholeLatin: false };
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [PDF_MARGIN, 20, PDF_MARGIN, PDF_FOOTER],
    defaultStyle: { font: LATIN_FAMILY, fontSize: 8, color: PDF_DARK },
    content: parts.map((part) => section(part, doc.printedOn, needs)),
  };
  // The engine takes its fonts when the document is created: set with nothing awaited in between,
  // so two exports at once each get their own.
  pdfMake.setFonts(fontsFor(needs));
  return pdfMake.createPdf(definition).getBlob();
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
