// Cuts the Latin part of Noto Sans that every PDF embeds (web/src/lib/pdf-document/fonts/) from the
// whole font of @expo-google-fonts/noto-sans, with the ranges of LATIN_SUBSET. Run after changing
// them or the font package: `npx tsx scripts/subset-latin-font.ts`. Needs Debian's
// python3-fonttools (`apt-get install python3-fonttools`); every layout feature is kept, and the
// font's licence is copied beside it.
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LATIN_SUBSET } from '../web/src/lib/pdf-document/scripts';

const require = createRequire(import.meta.url);
const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
const unicodes = LATIN_SUBSET.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`));

for (const weight of ['400Regular', '700Bold']) {
  const whole = require.resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`);
  const output = `web/src/lib/pdf-document/fonts/NotoSansLatin_${weight}.ttf`;
  execFileSync('/usr/bin/python3', [
    '-m',
    'fontTools.subset',
    whole,
    `--unicodes=${unicodes.join(',')}`,
    '--layout-features=*',
    `--output-file=${output}`,
  ]);
  console.log(output);
}
// The Open Font License travels with the font it covers.
copyFileSync(require.resolve('@expo-google-fonts/noto-sans/LICENSE_FONT'), 'web/src/lib/pdf-document/fonts/OFL.txt');
