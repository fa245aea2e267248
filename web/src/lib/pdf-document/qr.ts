import type { CanvasRect, ContentCanvas } from 'pdfmake/interfaces';
import { create as createQr } from 'qrcode';

/**
 * A QR code as vector squares, sharp at any zoom, with its four-module quiet zone left white. A run
 * of dark modules in a row is one rectangle, and the same run in the rows below makes it taller:
 * fewer shapes for a colony's hundreds of bills. `size` is the side in points, quiet zone included.
 */
export function qrCode(value: string, size: number): ContentCanvas {
  const { modules } = createQr(value, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const unit = size / (modules.size + 2 * quiet);
  const squares: CanvasRect[] = [{ type: 'rect', x: 0, y: 0, w: size, h: size, color: '#ffffff' }];
  // The rectangles still open at the row above, by where their run starts and ends.
  let open = new Map<string, CanvasRect>();
  for (let row = 0; row < modules.size; row++) {
    const next = new Map<string, CanvasRect>();
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      const key = `${start}-${col}`;
      let square = open.get(key);
      if (square) square.h += unit;
      else {
        square = { type: 'rect', x: (start + quiet) * unit, y: (row + quiet) * unit, w: (col - start) * unit, h: unit };
        square.color = '#000000';
        squares.push(square);
      }
      next.set(key, square);
    }
    open = next;
  }
  return { canvas: squares };
}
