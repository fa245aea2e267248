import type { BillLine } from '@dairy/contract';
import { Stack, Text } from '@mantine/core';
import { lineText } from '../../lib/format';

/** Each product line: "Cow Milk ₹56.00 × 45 L (30 days) = ₹2,520.00", the amount the server's. */
export function ProductLines({ lines }: { lines: BillLine[] }) {
  return (
    <Stack gap={0}>
      {lines.map((l) => (
        <Text size="sm" key={`${l.productCode}-${l.price}`}>
          {lineText(l)}
        </Text>
      ))}
    </Stack>
  );
}
