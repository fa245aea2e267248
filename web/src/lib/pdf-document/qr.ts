import type { CanvasRect, ContentCanvas } from 'pdfmake/interfaces';
import { create as createQr } from 'qrcode';

/**
 * A QR code as vector squares (a run of dark modules in a row is one rectangle): sharp at any zoom,
 * with its four-module quiet zone left white. `size` is the side in points, quiet zone included.
 */
export function qrCode(value: string, size: number): ContentCanvas {
  const { modules } = createQr(value, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const unit = size / (modules.size + 2 * quiet);
  const squares: CanvasRect[] = [{ type: 'rect', x: 0, y: 0, w: size, h: size, color: '#ffffff' }];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      squares.push({
        type: 'rect',
        x: (start + quiet) * unit,
        y: (row + quiet) * unit,
        w: (col - start) * unit,
        h: unit,
        color: '#000000',
      });
    }
  }
  return { canvas: squares };
}
