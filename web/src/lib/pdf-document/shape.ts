import type { Content } from 'pdfmake/interfaces';
import { familyOf } from './fonts';
import { type IndicScript, scriptRuns } from './scripts';

/** Object keys of a content node that hold further content. */
const CHILDREN = ['stack', 'columns', 'ul', 'ol'] as const;

/** A text value with each Indic run in its script's font; the scripts met are added to `found`. */
function shapeText(value: unknown, found: Set<IndicScript>): unknown {
  if (typeof value === 'string') {
    const runs = scriptRuns(value);
    if (runs.every((run) => run.script === null)) return value;
    return runs.map(({ text, script }) => {
      if (script === null) return text;
      found.add(script);
      return { text, font: familyOf(script) };
    });
  }
  if (Array.isArray(value)) return value.map((part) => shapeText(part, found));
  if (value && typeof value === 'object' && 'text' in value) {
    return { ...value, text: shapeText((value as { text: unknown }).text, found) };
  }
  return value;
}

function shapeNode(node: unknown, found: Set<IndicScript>): unknown {
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
 * (docs/rules.md section 21), and the scripts it holds, whose fonts the document then loads.
 */
export function withScriptFonts(content: Content): { content: Content; scripts: Set<IndicScript> } {
  const scripts = new Set<IndicScript>();
  return { content: shapeNode(content, scripts) as Content, scripts };
}
