/// <reference types="vite/client" />
// The page the PDF test and bench drive: it loads the PDF module only when asked, as the app does on export.

import devanagariUrl from '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf?url';
import gujaratiUrl from '@expo-google-fonts/noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf?url';
import tamilUrl from '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf?url';
import latinUrl from '../../web/src/lib/pdf-document/fonts/NotoSansLatin_400Regular.ttf?url';
import { prefetchPdf } from '../../web/src/lib/prefetch-pdf';
import type { Line } from './lines';

/** The same TTF files the PDF module embeds, for Chromium's own rendering of the same text. */
const FONT_URLS = { NotoSans: latinUrl, Devanagari: devanagariUrl, Gujarati: gujaratiUrl, Tamil: tamilUrl };

async function base64(blob: Blob) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Each line at its own place on an A4 page, through the PDF module. */
async function linesPdf(lines: Line[]) {
  const started = performance.now();
  const { makePdf } = await import('../../web/src/lib/pdf-document/document');
  const blob = await makePdf({
    printedOn: '2026-11-25',
    content: lines.map((line) => ({
      text: line.text,
      fontSize: line.size,
      absolutePosition: { x: line.x, y: line.y },
    })),
  });
  return { pdf: await base64(blob), ms: performance.now() - started };
}

/** `customers` bill-like pages in one document, timed from the click (module load included). */
async function billsPdf(customers: number) {
  const started = performance.now();
  const { billsDocument } = await import('./bills');
  const { makePdf } = await import('../../web/src/lib/pdf-document/document');
  const blob = await makePdf(billsDocument(customers));
  return { pdf: await base64(blob), ms: performance.now() - started };
}

/** A report of `rows` customers: a table over several pages with its head on each and a total at the end. */
async function reportPdf(rows: number) {
  const started = performance.now();
  const { reportDocument } = await import('./report');
  const { makePdf } = await import('../../web/src/lib/pdf-document/document');
  const blob = await makePdf(reportDocument(rows));
  return { pdf: await base64(blob), ms: performance.now() - started };
}

/** What pointing at the Bill button starts: its module, the engine and Noto Sans (web/src/lib/prefetch-pdf.ts). */
function pointAtBill() {
  prefetchPdf(() => import('./bills')).onPointerEnter();
}

Object.assign(window, { FONT_URLS, linesPdf, billsPdf, reportPdf, pointAtBill });
