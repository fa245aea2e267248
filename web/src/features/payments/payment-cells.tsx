import type { PaymentLine } from '@dairy/contract';
import { Stack, Text } from '@mantine/core';
import { formatRupees } from '../../lib/format';

/** Each product line: name, rupee price and delivered days. */
export function ProductLines({ lines }: { lines: PaymentLine[] }) {
  return (
    <Stack gap={0}>
      {lines.map((l) => (
        <Text size="sm" key={`${l.productCode}-${l.price}`}>
          {l.productName} {formatRupees(l.price)} x {l.attendance} days
        </Text>
      ))}
    </Stack>
  );
}

/** Rupee amounts added in paise, so no floating-point sum reaches the screen. */
export function addRupees(...amounts: number[]): number {
  return amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100;
}
