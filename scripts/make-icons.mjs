// Draws the app's icons (web/public/icons/icon-{192,512}.png) from the shapes of favicon.svg:
// a rounded dark-blue square, a white milk bottle, a light-blue label. Run once after changing them.
import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

const BLUE = [0x12, 0x35, 0x5b];
const WHITE = [0xf8, 0xf9, 0xfa];
const LABEL = [0x4d, 0xab, 0xf7];

/** The colour at (x, y) in the 64 x 64 drawing, or null outside the rounded square. */
function colourAt(x, y) {
  const r = 14;
  const cx = Math.min(Math.max(x, r), 64 - r);
  const cy = Math.min(Math.max(y, r), 64 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null;
  if (x >= 18 && x <= 46 && y >= 34 && y <= 44) return LABEL;
  // The bottle: a neck 24-40 down to y 18, shoulders widening to 18-46 at y 28, body to y 58.
  const neck = y >= 10 && y <= 18 && x >= 24 && x <= 40;
  const t = (y - 18) / 10;
  const shoulder = y > 18 && y <= 28 && x >= 24 - 6 * t && x <= 40 + 6 * t;
  const body = y > 28 && y <= 58 && x >= 18 && x <= 46;
  return neck || shoulder || body ? WHITE : BLUE;
}

for (const size of [192, 512]) {
  const png = new PNG({ width: size, height: size });
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = colourAt(((px + (sx + 0.5) / samples) * 64) / size, ((py + (sy + 0.5) / samples) * 64) / size);
          if (!c) continue;
          sum[0] += c[0];
          sum[1] += c[1];
          sum[2] += c[2];
          sum[3] += 255;
        }
      }
      const n = samples * samples;
      const i = (py * size + px) * 4;
      const covered = sum[3] / 255;
      png.data[i] = covered ? Math.round(sum[0] / covered) : 0;
      png.data[i + 1] = covered ? Math.round(sum[1] / covered) : 0;
      png.data[i + 2] = covered ? Math.round(sum[2] / covered) : 0;
      png.data[i + 3] = Math.round(sum[3] / n);
    }
  }
  writeFileSync(new URL(`../web/public/icons/icon-${size}.png`, import.meta.url), PNG.sync.write(png));
}
