import { writeFileSync } from 'node:fs';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/*
 * Comparing text a PDF prints with Chromium's rendering of the same text in the same font
 * (docs/rules.md section 21): each rendering's ink is cut out, aligned at its top left and compared.
 */

/**
 * The most a line may differ from Chromium's rendering of the same text in the same font, as a
 * share of its ink pixels (pixelmatch, colour threshold 0.1, anti-aliased edge pixels not counted).
 * Measured: a correctly shaped line differs by 0-0.6% (rasterizers round glyph positions
 * differently); the smallest real fault measured, 'हिन्दी' with the font's glyph positions ignored,
 * by 8%, and unshaped text by 14-72%. 3% sits well above the one and below the other.
 */
export const MAX_DIFFERENCE = 0.03;

export interface Ink {
  png: PNG;
  left: number;
  top: number;
  width: number;
  height: number;
}

const isInk = (png: PNG, i: number) => png.data[i]! + png.data[i + 1]! + png.data[i + 2]! < 3 * 160;

/** The ink inside a box of the image, in pixels (`right` and `bottom` excluded). */
export function inkIn(png: PNG, box: { left: number; top: number; right: number; bottom: number }): Ink {
  let [left, right, high, low] = [png.width, -1, png.height, -1];
  for (let y = Math.max(0, box.top); y < Math.min(png.height, box.bottom); y++) {
    for (let x = Math.max(0, box.left); x < Math.min(png.width, box.right); x++) {
      if (!isInk(png, (y * png.width + x) * 4)) continue;
      [left, right, high, low] = [Math.min(left, x), Math.max(right, x), Math.min(high, y), Math.max(low, y)];
    }
  }
  return { png, left, top: high, width: right - left + 1, height: low - high + 1 };
}

/** The share of ink pixels that differ between two renderings, their ink aligned at the top left; the diff image goes to `diffFile`. */
export function inkDifference(a: Ink, b: Ink, diffFile: string): number {
  const margin = 2;
  const width = Math.max(a.width, b.width) + 2 * margin;
  const height = Math.max(a.height, b.height) + 2 * margin;
  const crop = (ink: Ink) => {
    const out = new PNG({ width, height });
    out.data.fill(255);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [sx, sy] = [ink.left - margin + x, ink.top - margin + y];
        if (sx < 0 || sy < 0 || sx >= ink.png.width || sy >= ink.png.height) continue;
        ink.png.data.copy(
          out.data,
          (y * width + x) * 4,
          (sy * ink.png.width + sx) * 4,
          (sy * ink.png.width + sx + 1) * 4,
        );
      }
    }
    return out;
  };
  const [ca, cb, diff] = [crop(a), crop(b), new PNG({ width, height })];
  const differing = pixelmatch(ca.data, cb.data, diff.data, width, height, { threshold: 0.1 });
  writeFileSync(diffFile, PNG.sync.write(diff));
  let ink = 0;
  for (let i = 0; i < ca.data.length; i += 4) if (isInk(ca, i) || isInk(cb, i)) ink++;
  return differing / ink;
}
