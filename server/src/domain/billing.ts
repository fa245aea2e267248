import type { Paise } from '@dairy/contract';

/**
 * A monthly bill (DESIGN.md section 6): one line per product row and price with the number of
 * delivered days; total = product charge + the service charge. Integer paise.
 */
export interface BillLine {
  productCode: string;
  productName: string;
  price: Paise;
  /** Delivered days at this price. */
  attendance: number;
}

export interface Bill {
  lines: BillLine[];
  /** Sum of price x attendance over the lines. */
  productCharge: Paise;
  /** The service charge. */
  charges: Paise;
  totalPrice: Paise;
}

export function makeBill(lines: readonly BillLine[], charges: Paise): Bill {
  if (lines.length === 0) throw new Error('A bill needs at least one delivered day');
  let productCharge = 0;
  for (const line of lines) {
    if (!Number.isInteger(line.attendance) || line.attendance < 1) throw new Error('Attendance must be 1 or more');
    productCharge += line.price * line.attendance;
  }
  return { lines: [...lines], productCharge, charges, totalPrice: productCharge + charges };
}
