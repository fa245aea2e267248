import { DEFAULT_UNIT, monthName, parsePaise, parseQuantity, quantityWithUnit, rupeeText } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRowsOf } from '../../db/rows';
import { linesOf, storedLine } from '../payment/billing.repo';

/** A bill line as a person reads it on a bill: "Cow Milk ₹62.50 × 9 L (9 days) = ₹562.50". */
interface LineText {
  productName: string;
  unit: string;
  price: string;
  attendance: number;
  quantity: string;
  amount: string;
}

const lineText = (l: LineText) =>
  `${l.productName} ${rupeeText(parsePaise(l.price))} × ${quantityWithUnit(parseQuantity(l.quantity), l.unit)} (${l.attendance} ${l.attendance === 1 ? 'day' : 'days'}) = ${rupeeText(parsePaise(l.amount))}`;

export const moneyMessages = {
  bill: (customer: string, period: string, stored: string, made: string) =>
    `The backup does not add up: the bill of ${customer} for ${period} is ${stored} but its deliveries make ${made}.`,
  lineNotMade: (customer: string, period: string, line: string) =>
    `The backup does not add up: the bill of ${customer} for ${period} has the line ${line}, which its deliveries do not make.`,
  lineMissing: (customer: string, period: string, line: string) =>
    `The backup does not add up: the bill of ${customer} for ${period} lacks the line ${line} that its deliveries make.`,
} as const;

interface Differing {
  customerName: string;
  year: number;
  month: number;
  totalPrice: string;
  /** The service charge and what the bill's stored lines add up to. */
  shown: string;
  /** The service charge and what the month's deliveries make. */
  made: string;
  notMade: LineText | null;
  notStored: LineText | null;
}

/**
 * Whether every bill holds what its month's deliveries make (docs/rules.md sections 6, 12 and 24):
 * its lines made again by `linesOf`, the one place deliveries become lines, each compared with a
 * stored line by product code, price, days, quantity and amount (names may have changed since),
 * and its total with those lines plus its own service charge. One statement over every bill;
 * answers the first bill that differs, by customer then month, in words, or undefined.
 */
export async function firstBillNotAddingUp(db: Db): Promise<string | undefined> {
  const firstDay = sql`make_date(b.payment_year, b.payment_month, 1)`;
  const compared = sql`payment_id, product_code, price, attendance, quantity, amount`;
  const asText = (table: string) =>
    sql.raw(`json_build_object('productName', ${table}.product_name, 'unit', ${table}.unit,
      'price', ${table}.price::text, 'attendance', ${table}.attendance, 'quantity', ${table}.quantity::text,
      'amount', ${table}.amount::text)`);
  const [first] = await jsonRowsOf<Differing>(
    db,
    sql`
      with made as (
        select d.payment_id, p.product_code, p.product_name, p.unit, d.price, d.attendance, d.quantity, d.amount
        from (${linesOf(
          {
            from: sql`payment b join "transaction" t on t.customer_id = b.customer_id
              and t.transaction_date >= ${firstDay} and t.transaction_date < (${firstDay} + interval '1 month')::date`,
            where: sql`true`,
          },
          sql`b.payment_id`,
        )}) d
        join product p on p.product_id = d.product_id
      ),
      stored as (
        select l.payment_id, l.product_code, l.product_name,
          coalesce((select p.unit from product p where p.product_code = l.product_code limit 1), ${DEFAULT_UNIT}) as unit,
          l.price, l.attendance, ${storedLine.quantity} as quantity, ${storedLine.amount} as amount
        from payment_line l
      ),
      not_made as (select ${compared} from stored except all select ${compared} from made),
      not_stored as (select ${compared} from made except all select ${compared} from stored),
      made_sums as (select payment_id, sum(amount) as amount from made group by payment_id),
      stored_sums as (select payment_id, sum(amount) as amount from stored group by payment_id),
      first_bill as (
        select b.payment_id, b.customer_id, b.payment_year, b.payment_month, b.total_price,
          b.charges + coalesce(s.amount, 0) as shown, b.charges + coalesce(m.amount, 0) as made
        from payment b
        left join made_sums m on m.payment_id = b.payment_id
        left join stored_sums s on s.payment_id = b.payment_id
        where b.total_price <> b.charges + coalesce(m.amount, 0) or coalesce(s.amount, 0) <> coalesce(m.amount, 0)
          or b.payment_id in (select payment_id from not_made union select payment_id from not_stored)
        order by b.customer_id, b.payment_year, b.payment_month
        limit 1
      )
      select c.customer_name as "customerName", f.payment_year as year, f.payment_month as month,
        f.total_price::text as "totalPrice", f.shown::text as shown, f.made::text as made,
        (select ${asText('s')} from stored s join not_made n using (${compared})
          where s.payment_id = f.payment_id order by s.product_code, s.price limit 1) as "notMade",
        (select ${asText('m')} from made m join not_stored n using (${compared})
          where m.payment_id = f.payment_id order by m.product_code, m.price limit 1) as "notStored"
      from first_bill f join customer c on c.customer_id = f.customer_id`,
    sql`q."customerName"`,
  );
  if (!first) return undefined;
  const period = `${monthName(first.month)} ${first.year}`;
  const made = rupeeText(parsePaise(first.made));
  if (parsePaise(first.totalPrice) !== parsePaise(first.made))
    return moneyMessages.bill(first.customerName, period, rupeeText(parsePaise(first.totalPrice)), made);
  if (parsePaise(first.shown) !== parsePaise(first.made))
    return moneyMessages.bill(first.customerName, period, rupeeText(parsePaise(first.shown)), made);
  if (first.notMade) return moneyMessages.lineNotMade(first.customerName, period, lineText(first.notMade));
  return moneyMessages.lineMissing(first.customerName, period, lineText(first.notStored!));
}
