import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { declaredUnpackedSize, unpackXlsx } from './unpack';

const MB = 1024 * 1024;
const zeros = (size: number) => new Uint8Array(size);

/** Sets every size the zip declares for `name` (central directory and local header) to `size`. */
function declare(zip: Uint8Array, name: string, size: number) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = 0; at + 46 <= zip.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const length = view.getUint16(at + 28, true);
    if (new TextDecoder().decode(zip.subarray(at + 46, at + 46 + length)) !== name) continue;
    view.setUint32(at + 24, size, true);
    view.setUint32(view.getUint32(at + 42, true) + 22, size, true);
  }
}

describe('unpackXlsx', () => {
  it("sums the unpacked sizes from the zip's directory", () => {
    const zip = zipSync({ 'a.xml': zeros(3 * MB), 'b.xml': strToU8('<x/>') }, { level: 9 });
    expect(zip.length).toBeLessThan(MB / 10);
    expect(declaredUnpackedSize(zip)).toBe(3 * MB + 4);
  });

  it('refuses a zip that unpacks past 50 MB, before unpacking it', () => {
    const zip = zipSync({ 'sheet.xml': zeros(30 * MB), 'more.xml': zeros(21 * MB) }, { level: 1 });
    expect(() => unpackXlsx(zip)).toThrow(
      "This file unpacks to more than 50 MB: save it again with only the customers' rows.",
    );
    expect(() => unpackXlsx(zipSync({ 'sheet.xml': zeros(50 * MB) }, { level: 1 }))).not.toThrow();
  });

  it('repacks the files unchanged, without compression', () => {
    const files = { 'xl/workbook.xml': strToU8('<workbook/>'.repeat(1000)) };
    const repacked = unpackXlsx(zipSync(files, { level: 9 }));
    expect(unzipSync(repacked)).toEqual(files);
    expect(repacked.length).toBeGreaterThan(11_000);
  });

  it('never unpacks a file past the size its headers declare', () => {
    const zip = zipSync({ 'sheet.xml': zeros(8 * MB) }, { level: 1 });
    declare(zip, 'sheet.xml', 4096);
    expect(declaredUnpackedSize(zip)).toBe(4096);
    expect(unzipSync(unpackXlsx(zip))['sheet.xml']!.length).toBe(4096);
  });

  it('refuses what is not a zip', () => {
    expect(() => unpackXlsx(strToU8('this is not a spreadsheet'))).toThrow(
      'The file could not be read as CSV or XLSX.',
    );
  });
});
