import { describe, expect, it } from 'vitest';
import { decodeCsv } from './decode';
import { SpreadsheetError } from './file-problem';

const bytes = (...values: number[]) => Uint8Array.from(values);
const utf16le = (text: string) => new Uint8Array(Buffer.from(`\uFEFF${text}`, 'utf16le'));

describe('decodeCsv', () => {
  it('reads UTF-8, with or without its byte-order mark', () => {
    const text = 'Name\r\nZoë,अनिल\r\n';
    expect(decodeCsv(new TextEncoder().encode(text))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeCsv(new TextEncoder().encode(`\uFEFF${text}`))).toEqual({ text, encoding: 'utf-8' });
  });

  it('reads bytes that are not UTF-8 as Windows-1252, as Excel on Windows saves CSV', () => {
    // "Ramé" with é as the single byte E9.
    expect(decodeCsv(bytes(0x52, 0x61, 0x6d, 0xe9))).toEqual({ text: 'Ramé', encoding: 'windows-1252' });
  });

  it('reads UTF-16 by its byte-order mark, either byte order', () => {
    const text = 'Name\r\nZoë,अनिल\r\n';
    const little = utf16le(text);
    const big = new Uint8Array(Buffer.from(little).swap16());
    expect(decodeCsv(little)).toEqual({ text, encoding: 'utf-16le' });
    expect(decodeCsv(big)).toEqual({ text, encoding: 'utf-16be' });
  });

  it('refuses UTF-16 that is cut short or broken rather than guess', () => {
    const odd = utf16le('Asha').slice(0, -1);
    expect(() => decodeCsv(odd)).toThrow(SpreadsheetError);
    // A lone high surrogate.
    expect(() => decodeCsv(bytes(0xff, 0xfe, 0x3d, 0xd8, 0x41, 0x00))).toThrow(
      'The file could not be read as CSV or XLSX.',
    );
  });
});
