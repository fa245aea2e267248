/** A line of text at a place on the page, in points from the top left. */
export interface Line {
  text: string;
  /** The Noto family Chromium's rendering uses first (the PDF module picks by script). */
  family: 'NotoSans' | 'Devanagari' | 'Gujarati' | 'Tamil';
  x: number;
  y: number;
  size: number;
}
