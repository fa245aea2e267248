import { describe, expect, it } from 'vitest';
import { containsPattern } from './search';

describe('containsPattern', () => {
  it.each([
    ['milk', '%milk%'],
    ['', '%%'],
    ['T_1', '%T\\_1%'],
    ['50%', '%50\\%%'],
    ['a\\b', '%a\\\\b%'],
    ['%_\\', '%\\%\\_\\\\%'],
  ])('%j becomes %j', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});
