import { importTexts, MAX_IMPORT_BYTES } from '@dairy/contract';
import { unzipSync, zipSync } from 'fflate';
import { SpreadsheetError } from './file-problem';

/** What the zip's central directory says its files unpack to, in bytes; nothing is unpacked. */
export function declaredUnpackedSize(zip: Uint8Array): number {
  let total = 0;
  unzipSync(zip, {
    filter: (file) => {
      total += file.originalSize;
      return false;
    },
  });
  return total;
}

/**
 * An XLSX (a zip) made safe to hand to the spreadsheet reader (docs/rules.md section 24): refused
 * when its directory says it unpacks past 50 MB, then unpacked into buffers of the sizes the
 * directory declares (a file that lies about its size cannot grow past them) and packed again
 * without compression, so the reader inflates nothing it was not shown to fit.
 */
export function unpackXlsx(zip: Uint8Array): Uint8Array {
  let size: number;
  try {
    size = declaredUnpackedSize(zip);
  } catch {
    throw new SpreadsheetError(importTexts.unreadable);
  }
  if (size > MAX_IMPORT_BYTES) throw new SpreadsheetError(importTexts.unpacksTooLarge);
  try {
    return zipSync(unzipSync(zip), { level: 0 });
  } catch {
    throw new SpreadsheetError(importTexts.unreadable);
  }
}
