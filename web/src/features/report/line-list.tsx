import type { BillLine } from '@dairy/contract';
import { lineText } from '../../lib/format';

/** A bill's lines, one per row of text. Plain elements: a colony's report has thousands of them. */
export function LineList({ lines }: { lines: BillLine[] }) {
  return (
    <>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a bill may hold one code at two prices
        <div key={i}>{lineText(line)}</div>
      ))}
    </>
  );
}
