import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The server's parts depend on each other one way only (docs/architecture.md, Layout): no two
 * modules import each other, even through other files, and plugins take what they need from the
 * modules as arguments. The linter forbids cycles between files; this holds the folders to it.
 */

const root = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The part a file belongs to: `modules/<area>`, or the first folder (or file) under src/. */
function partOf(file: string): string {
  const [first, second] = path.relative(root, file).split(path.sep);
  return first === 'modules' && second && !second.endsWith('.ts') ? `modules/${second}` : first!.replace(/\.ts$/, '');
}

/** Each part and the parts its files import (relative imports, types included). */
function partGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = partOf(file);
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']*)'/g)) {
      const to = partOf(path.resolve(path.dirname(file), specifier!));
      if (to !== from) targets.add(to);
    }
  }
  return graph;
}

/** Every cycle's parts, as the path from a part back to itself (empty when there is none). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const walk = (part: string, trail: string[]) => {
    const at = trail.indexOf(part);
    if (at >= 0) return void found.push([...trail.slice(at), part]);
    if (done.has(part)) return;
    for (const next of graph.get(part) ?? []) walk(next, [...trail, part]);
    done.add(part);
  };
  for (const part of graph.keys()) walk(part, []);
  return found;
}

describe('the server parts', () => {
  it('import each other one way only', () => {
    const graph = partGraph();
    expect(graph.get('modules/transaction')?.size).toBeGreaterThan(0);
    expect(cycles(graph)).toEqual([]);
  });

  it('sees a cycle where there is one', () => {
    const graph = new Map([
      ['modules/a', new Set(['modules/b'])],
      ['modules/b', new Set(['plugins'])],
      ['plugins', new Set(['modules/a'])],
    ]);
    expect(cycles(graph)).toEqual([['modules/a', 'modules/b', 'plugins', 'modules/a']]);
  });

  it('keeps plugins and the domain clear of the modules', () => {
    const graph = partGraph();
    for (const part of ['plugins', 'domain', 'db', 'errors', 'current-user'])
      expect([...(graph.get(part) ?? [])].filter((to) => to.startsWith('modules/'))).toEqual([]);
  });
});
