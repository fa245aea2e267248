import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * No product source file over 450 lines (docs/architecture.md, Layout): a file that grows past it
 * has two jobs, and splits along the seam it already marks. Tests and generated files are not
 * product source.
 */

const MAX_LINES = 450;
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sourceRoots = ['server/src', 'web/src', 'packages/contract/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('product source', () => {
  it(`keeps every file within ${MAX_LINES} lines`, () => {
    const files = sourceRoots.flatMap((root) => sourceFiles(path.join(repository, root)));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({
        file: path.relative(repository, file),
        lines: readFileSync(file, 'utf8').split('\n').length - 1,
      }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
