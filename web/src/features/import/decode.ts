import { importTexts } from '@dairy/contract';
import { SpreadsheetError } from './file-problem';

/** The encodings a CSV is read in (docs/rules.md section 24). */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * A CSV file's text: UTF-16 when it starts with a UTF-16 byte-order mark, else UTF-8 when its bytes
 * are valid UTF-8 (a UTF-8 byte-order mark is dropped), else Windows-1252, which is what Excel on
 * Windows saves as "CSV" and which gives every byte a character. The browser's decoders do the
 * reading; `fatal` makes them refuse bytes that are not of their encoding rather than put in '�'.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : undefined;
  if (utf16) {
    try {
      return { text: new TextDecoder(utf16, { fatal: true }).decode(bytes), encoding: utf16 };
    } catch {
      throw new SpreadsheetError(importTexts.unreadable);
    }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
