import type { Content } from 'pdfmake/interfaces';
import { familyOf } from './fonts';
import { type FontNeeds, inLatinSubset, scriptRuns } from './scripts';

/** Object keys of a content node that hold further content. */
const CHILDREN = ['stack', 'columns', 'ul', 'ol'] as const;

/** A text value with each Indic run in its script's font; what its runs need is added to `found`. */
function shapeText(value: unknown, found: FontNeeds): unknown {
  if (typeof value === 'string') {
    const runs = scriptRuns(value);
    for (const run of runs) if (run.script === null && !inLatinSubset(run.text)) found.wholeLatin = true;
    if (runs.every((run) => run.script === null)) return value;
    return runs.map(({ text, script }) => {
      if (script === null) return text;
      found.scripts.add(script);
      return { text, font: familyOf(script) };
    });
  }
  if (Array.isArray(value)) return value.map((part) => shapeText(part, found));
  if (value && typeof value === 'object' && 'text' in value) {
    return { ...value, text: shapeText((value as { text: unknown }).text, found) };
  }
  return value;
}

function shapeNode(node: unknown, found: FontNeeds): unknown {
  if (typeof node === 'string') {
    const text = shapeText(node, found);
    return text === node ? node : { text };
  }
  if (Array.isArray(node)) return node.map((child) => shapeNode(child, found));
  if (!node || typeof node !== 'object') return node;
  const shaped: Record<string, unknown> = { ...node };
  if ('text' in shaped) shaped.text = shapeText(shaped.text, found);
  for (const key of CHILDREN) if (Array.isArray(shaped[key])) shaped[key] = shapeNode(shaped[key], found);
  const table = shaped.table as { body?: unknown[][] } | undefined;
  if (table?.body) shaped.table = { ...table, body: table.body.map((row) => shapeNode(row, found)) };
  return shaped;
}

/**
 * The content with every text cut into script runs, each Indic run naming its script's Noto font
 * (docs/rules.md section 21), and the fonts it needs, which the document then loads.
 */
export function withScriptFonts(content: Content): { content: Content; needs: FontNeeds } {
  const needs: FontNeeds = { scripts: new Set(), wholeLatin: false };
  return { content: shapeNode(content, needs) as Content, needs };
}
