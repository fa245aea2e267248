import { describe, expect, it } from 'vitest';
import { hasIndicScript, inLatinSubset, scriptOf, scriptRuns } from './scripts';
import { withScriptFonts } from './shape';

describe('scriptRuns', () => {
  it('keeps Latin text, digits and ₹ in one Noto Sans run', () => {
    expect(scriptRuns('Ramesh Kumar ₹1,234.50')).toEqual([{ text: 'Ramesh Kumar ₹1,234.50', script: null }]);
  });

  it('keeps a name of one script whole, spaces included', () => {
    expect(scriptRuns('क्षत्रिय प्रिया')).toEqual([{ text: 'क्षत्रिय प्रिया', script: 'Devanagari' }]);
  });

  it('cuts where the script changes; shared characters stay with the run before them', () => {
    expect(scriptRuns('Route 4 · સુનીતા, தமிழ் (12)')).toEqual([
      { text: 'Route 4 · ', script: null },
      { text: 'સુનીતા, ', script: 'Gujarati' },
      { text: 'தமிழ் (12)', script: 'Tamil' },
    ]);
  });

  it('gives leading shared characters to the first run', () => {
    expect(scriptRuns('12 हिन्दी')).toEqual([{ text: '12 हिन्दी', script: 'Devanagari' }]);
    expect(scriptRuns('  ')).toEqual([{ text: '  ', script: null }]);
    expect(scriptRuns('')).toEqual([]);
  });

  it('puts the joiners and the danda inside the run they join', () => {
    expect(scriptRuns('क्\u200dष।')).toEqual([{ text: 'क्\u200dष।', script: 'Devanagari' }]);
  });
});

describe('scriptOf', () => {
  it('knows each Indian script a Noto font is shipped for', () => {
    const samples: [string, string][] = [
      ['क', 'Devanagari'],
      ['ক', 'Bengali'],
      ['ਕ', 'Gurmukhi'],
      ['ક', 'Gujarati'],
      ['କ', 'Oriya'],
      ['க', 'Tamil'],
      ['క', 'Telugu'],
      ['ಕ', 'Kannada'],
      ['ക', 'Malayalam'],
    ];
    for (const [char, script] of samples) expect(scriptOf(char)).toBe(script);
    expect(scriptOf('A')).toBeNull();
    expect(scriptOf('₹')).toBeUndefined();
  });

  it('tells whether a text needs a script font', () => {
    expect(hasIndicScript('Green Park ₹50')).toBe(false);
    expect(hasIndicScript('Green Park ગ્રીન')).toBe(true);
  });
});

describe('the Latin subset of Noto Sans', () => {
  it('prints English, European Latin names, punctuation and ₹', () => {
    expect(inLatinSubset('Ramesh Kumar ₹1,23,456.78 — 12 × 0.5 L → Zoë Ørsted, Łódź “café” …\n')).toBe(true);
  });

  it('leaves Greek, Cyrillic and Vietnamese to the whole font', () => {
    for (const text of ['Ψ', 'Дмитрий', 'Nguyễn']) expect(inLatinSubset(text)).toBe(false);
  });

  it('asks for the whole font only when text outside the Indic runs goes beyond the subset', () => {
    const needs = (content: string) => withScriptFonts({ stack: [content, { text: 'Page 1 of 2' }] }).needs;
    expect(needs('क्षत्रिय प्रिया ₹50')).toEqual({ scripts: new Set(['Devanagari']), wholeLatin: false });
    expect(needs('Zoë Ørsted')).toEqual({ scripts: new Set(), wholeLatin: false });
    expect(needs('Дмитрий, સુનીતા')).toEqual({ scripts: new Set(['Gujarati']), wholeLatin: true });
  });
});
