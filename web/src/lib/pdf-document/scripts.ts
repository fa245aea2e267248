/**
 * The Indian scripts a PDF prints with their own Noto font (docs/rules.md section 21), by Unicode
 * block. Latin, digits, punctuation and ₹ are Noto Sans's; each script's font has them too, so a
 * space or a comma inside a Devanagari name stays in the Devanagari run.
 */
export const INDIC_SCRIPTS = [
  { script: 'Devanagari', from: 0x0900, to: 0x097f },
  { script: 'Bengali', from: 0x0980, to: 0x09ff },
  { script: 'Gurmukhi', from: 0x0a00, to: 0x0a7f },
  { script: 'Gujarati', from: 0x0a80, to: 0x0aff },
  { script: 'Oriya', from: 0x0b00, to: 0x0b7f },
  { script: 'Tamil', from: 0x0b80, to: 0x0bff },
  { script: 'Telugu', from: 0x0c00, to: 0x0c7f },
  { script: 'Kannada', from: 0x0c80, to: 0x0cff },
  { script: 'Malayalam', from: 0x0d00, to: 0x0d7f },
] as const;

export type IndicScript = (typeof INDIC_SCRIPTS)[number]['script'];
/** `null`: Noto Sans (Latin, Greek, Cyrillic, digits, ₹ and everything no script font is listed for). */
export type Script = IndicScript | null;

/** Characters every script shares: they join the run they stand in rather than start one. */
const SHARED = /[\s\d.,;:!?'"()[\]{}/\\\-–—_&@#%*+=<>|~`^₹·\u0964\u0965\u200b-\u200d\u2018-\u201f\u00a0]/u;

/** The Indic script of one character, `null` for Noto Sans's, `undefined` for a shared one. */
export function scriptOf(char: string): Script | undefined {
  if (SHARED.test(char)) return undefined;
  const code = char.codePointAt(0) ?? 0;
  // Devanagari Extended and Vedic Extensions belong with Devanagari.
  if ((code >= 0xa8e0 && code <= 0xa8ff) || (code >= 0x1cd0 && code <= 0x1cff)) return 'Devanagari';
  for (const s of INDIC_SCRIPTS) if (code >= s.from && code <= s.to) return s.script;
  return null;
}

export interface ScriptRun {
  text: string;
  script: Script;
}

/**
 * The text cut where its script changes, each piece to be printed in its script's font; shared
 * characters go with the run before them (at the start, with the first run after them).
 */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let pending = '';
  for (const char of text) {
    const script = scriptOf(char);
    const last = runs.at(-1);
    if (script === undefined) {
      if (last) last.text += char;
      else pending += char;
    } else if (last && last.script === script) last.text += char;
    else {
      runs.push({ text: pending + char, script });
      pending = '';
    }
  }
  if (pending) runs.push({ text: pending, script: null });
  return runs;
}

/**
 * The characters of the Latin part of Noto Sans every PDF embeds (`fonts/NotoSansLatin_*.ttf`, cut
 * from the whole font by scripts/subset-latin-font.ts with these ranges): English, the Latin letters
 * of European names, punctuation, arrows and ₹. A tenth of the whole font, so the first export
 * reads a tenth of the tables; a document whose other text holds anything more embeds the whole.
 */
export const LATIN_SUBSET: readonly (readonly [from: number, to: number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2000, 0x206f],
  [0x20b9, 0x20b9],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
];

/** Whether the Latin subset prints every character of the text (line breaks and tabs print nothing). */
export function inLatinSubset(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
    if (!LATIN_SUBSET.some(([from, to]) => code >= from && code <= to)) return false;
  }
  return true;
}

/** The fonts a document's text needs besides the Latin subset of Noto Sans. */
export interface FontNeeds {
  scripts: Set<IndicScript>;
  /** Some text outside the Indic runs is beyond the subset (Greek, Cyrillic, …): the whole Noto Sans. */
  wholeLatin: boolean;
}

/** Whether the text needs a font other than Noto Sans. */
export function hasIndicScript(text: string): boolean {
  for (const char of text) if (scriptOf(char)) return true;
  return false;
}
