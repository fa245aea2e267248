// Loaded only when the customer asks for a bill (dynamic import): the PDF maker and the contract's
// schemas stay out of the page's first view.

import { myStatement } from '@dairy/contract';
import { exportBillPdf } from '../components/bills/bill-pdf';
import { myApi } from './api';

/** A month's bill as the office prints it (docs/rules.md section 14), from the page's own statement call. */
export async function downloadBill(month: number, year: number, printedOn: string) {
  const [answer, config] = await Promise.all([
    myApi.statement(month, year),
    fetch('/api/config', { credentials: 'omit' }).then((r) => r.json() as Promise<{ productLabel?: string }>),
  ]);
  const statement = { ...myStatement.parse(answer), whatsappLink: null };
  await exportBillPdf(statement, { productLabel: config.productLabel ?? 'Milk', printedOn });
}
