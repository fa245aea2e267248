import { CUSTOMER_SEARCH_LIMIT } from '@dairy/contract';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { colony, customer } from '../../db/schema';
import type { SearchTerms } from '../../domain/customer-search';
import { containsPattern } from '../../domain/search';

/*
 * Find any customer (docs/rules.md section 23). A dairy's customers are a few thousand rows, read
 * in one pass: every condition is on the customer's own row, so no index beyond the table is needed
 * (the scale bench holds it under 50 ms at 10,000 customers). Names are lowered by the database,
 * on both sides, as every lookup ignoring case is.
 */

/** The 20 best matches among the customers of `colonies` (every colony when undefined). */
export async function searchCustomers(db: Db, terms: SearchTerms, colonies: readonly string[] | undefined) {
  const name = sql`lower(${customer.customerName})`;
  const lowered = (pattern: string) => sql`lower(${pattern})`;
  const phone = sql`regexp_replace(${customer.contactNumber}, '[^0-9]', '', 'g')`;
  const inPhone = terms.digits ? sql`${phone} like ${containsPattern(terms.digits)}` : undefined;
  const atRoute = terms.colonyRoute
    ? and(
        sql`lower(${customer.colonyCode}) = lower(${terms.colonyRoute.code})`,
        eq(customer.route, terms.colonyRoute.route),
      )
    : undefined;
  const part = containsPattern(terms.text).slice(1, -1);
  const inName = sql`${name} like ${lowered(`%${part}%`)}`;
  const orIf = (condition: SQL | undefined) => (condition ? sql`or ${condition}` : sql``);
  // Best first: the whole name or the colony and route; a name's start or the phone; a word's start.
  const rank = sql`case
    when ${name} = ${lowered(terms.text)} ${orIf(atRoute)} then 0
    when ${name} like ${lowered(`${part}%`)} ${orIf(inPhone)} then 1
    when ${name} like ${lowered(`% ${part}%`)} then 2
    else 3 end`;
  const visible: SQL | undefined = colonies
    ? sql`${customer.colonyCode} = any(${sql.param([...colonies])}::text[])`
    : undefined;
  return db
    .select({
      customerId: customer.customerId,
      customerName: customer.customerName,
      colonyCode: customer.colonyCode,
      colonyName: colony.colonyName,
      route: customer.route,
      contactNumber: customer.contactNumber,
      due: customer.due,
    })
    .from(customer)
    .innerJoin(colony, eq(colony.colonyCode, customer.colonyCode))
    .where(and(or(inName, inPhone, atRoute), visible))
    .orderBy(rank, asc(customer.customerName), asc(customer.customerId))
    .limit(CUSTOMER_SEARCH_LIMIT);
}
