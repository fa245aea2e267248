import type { BillLine } from '@dairy/contract';
import { Stack, Text } from '@mantine/core';
import { formatMoney } from '../../lib/format';

/** Each product line: name, rupee price and delivered days. */
export function ProductLines({ lines }: { lines: BillLine[] }) {
  return (
    <Stack gap={0}>
      {lines.map((l) => (
        <Text size="sm" key={`${l.productCode}-${l.price}`}>
          {l.productName} {formatMoney(l.price)} x {l.attendance} days
        </Text>
      ))}
    </Stack>
  );
}
