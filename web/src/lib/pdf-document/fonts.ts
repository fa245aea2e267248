// The TTF files are build assets: only their addresses are in this chunk, and a document fetches
// the files of the scripts its text holds (docs/rules.md section 21). All are SIL Open Font License.

import wholeLatinRegular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import wholeLatinBold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';
import bengaliRegular from '@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf?url';
import bengaliBold from '@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf?url';
import devanagariRegular from '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf?url';
import devanagariBold from '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf?url';
import gujaratiRegular from '@expo-google-fonts/noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf?url';
import gujaratiBold from '@expo-google-fonts/noto-sans-gujarati/700Bold/NotoSansGujarati_700Bold.ttf?url';
import gurmukhiRegular from '@expo-google-fonts/noto-sans-gurmukhi/400Regular/NotoSansGurmukhi_400Regular.ttf?url';
import gurmukhiBold from '@expo-google-fonts/noto-sans-gurmukhi/700Bold/NotoSansGurmukhi_700Bold.ttf?url';
import kannadaRegular from '@expo-google-fonts/noto-sans-kannada/400Regular/NotoSansKannada_400Regular.ttf?url';
import kannadaBold from '@expo-google-fonts/noto-sans-kannada/700Bold/NotoSansKannada_700Bold.ttf?url';
import malayalamRegular from '@expo-google-fonts/noto-sans-malayalam/400Regular/NotoSansMalayalam_400Regular.ttf?url';
import malayalamBold from '@expo-google-fonts/noto-sans-malayalam/700Bold/NotoSansMalayalam_700Bold.ttf?url';
import oriyaRegular from '@expo-google-fonts/noto-sans-oriya/400Regular/NotoSansOriya_400Regular.ttf?url';
import oriyaBold from '@expo-google-fonts/noto-sans-oriya/700Bold/NotoSansOriya_700Bold.ttf?url';
import tamilRegular from '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf?url';
import tamilBold from '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf?url';
import teluguRegular from '@expo-google-fonts/noto-sans-telugu/400Regular/NotoSansTelugu_400Regular.ttf?url';
import teluguBold from '@expo-google-fonts/noto-sans-telugu/700Bold/NotoSansTelugu_700Bold.ttf?url';
import type { TFontDictionary } from 'pdfmake/interfaces';
import latinRegular from './fonts/NotoSansLatin_400Regular.ttf?url';
import latinBold from './fonts/NotoSansLatin_700Bold.ttf?url';
import type { FontNeeds, IndicScript } from './scripts';

/** The font family of the text no script font is listed for: Latin, digits and ₹ (LATIN_SUBSET). */
export const LATIN_FAMILY = 'NotoSans';

const FILES: Record<IndicScript | typeof LATIN_FAMILY, { regular: string; bold: string }> = {
  NotoSans: { regular: latinRegular, bold: latinBold },
  Bengali: { regular: bengaliRegular, bold: bengaliBold },
  Devanagari: { regular: devanagariRegular, bold: devanagariBold },
  Gujarati: { regular: gujaratiRegular, bold: gujaratiBold },
  Gurmukhi: { regular: gurmukhiRegular, bold: gurmukhiBold },
  Kannada: { regular: kannadaRegular, bold: kannadaBold },
  Malayalam: { regular: malayalamRegular, bold: malayalamBold },
  Oriya: { regular: oriyaRegular, bold: oriyaBold },
  Tamil: { regular: tamilRegular, bold: tamilBold },
  Telugu: { regular: teluguRegular, bold: teluguBold },
};

/** Noto Sans whole, for the rare document whose Latin family text goes beyond the subset. */
const WHOLE_LATIN = { regular: wholeLatinRegular, bold: wholeLatinBold };

/** The family name a script's runs are printed in. */
export function familyOf(script: IndicScript): string {
  return `NotoSans${script}`;
}

/**
 * The fonts of one document: Noto Sans (its Latin subset unless the text needs more) and the
 * scripts found in its text, nothing more (the engine fetches every font it is given). Addresses
 * are absolute, as the engine fetches only http(s) addresses; italics print upright, as no PDF
 * here uses them.
 */
export function fontsFor({ scripts, wholeLatin }: FontNeeds): TFontDictionary {
  const entry = ({ regular, bold }: { regular: string; bold: string }) => {
    const normal = new URL(regular, document.baseURI).href;
    const boldUrl = new URL(bold, document.baseURI).href;
    return { normal, bold: boldUrl, italics: normal, bolditalics: boldUrl };
  };
  const fonts: TFontDictionary = { [LATIN_FAMILY]: entry(wholeLatin ? WHOLE_LATIN : FILES.NotoSans) };
  for (const script of scripts) fonts[familyOf(script)] = entry(FILES[script]);
  return fonts;
}

/**
 * Fetches Noto Sans's Latin subset, which nearly every document embeds, into the browser's cache (the files are hashed
 * and kept a year), so the engine's own fetch at the first export finds them there.
 */
export async function warmLatinFonts(): Promise<void> {
  await Promise.all([FILES.NotoSans.regular, FILES.NotoSans.bold].map(async (url) => (await fetch(url)).arrayBuffer()));
}
