/**
 * A LIKE pattern that finds `text` anywhere: `%`, `_` and `\` typed by a person are searched
 * for as themselves, not as wildcards.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
