import { type BillLine, quantityWithUnit, rupeeText } from '@dairy/contract';
import { Stack, Text } from '@mantine/core';
import { i18n } from '../../lib/i18n';

/**
 * "Cow Milk ₹56.00 × 45 L (30 days) = ₹2,520.00": a bill line in the language shown (its days
 * counted in words of that language), the amount the server's.
 */
const shownLineText = (l: BillLine) =>
  i18n.t('payment.line', {
    name: l.productName,
    price: rupeeText(l.price),
    quantity: quantityWithUnit(l.quantity, l.unit),
    count: l.attendance,
    amount: rupeeText(l.amount),
  });

/** Each product line of a bill, one under the other. */
export function ProductLines({ lines }: { lines: BillLine[] }) {
  return (
    <Stack gap={0}>
      {lines.map((l) => (
        <Text size="sm" key={`${l.productCode}-${l.price}`}>
          {shownLineText(l)}
        </Text>
      ))}
    </Stack>
  );
}
