import { CUSTOMER_SEARCH_LIMIT, parsePaise } from '@dairy/contract';
import { or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { equalsIgnoringCase } from '../../db/ignoring-case';
import { rowsOf } from '../../db/rows';
import type { SearchTerms } from '../../domain/customer-search';
import { containsPattern } from '../../domain/search';

/*
 * Find any customer (docs/rules.md section 23). A dairy's customers are a few thousand rows, read
 * in one pass: every condition is on the customer's own row, so no index beyond the table is needed
 * (the scale bench holds it under 50 ms at 10,000 customers). Names are lowered by the database,
 * on both sides, as every lookup ignoring case is.
 *
 * A short text ('customer', 'a') matches nearly every row, so the cost is per matching row: each
 * name is lowered once (OFFSET 0 keeps the lowered name a column, where the planner would copy
 * lower() into every comparison of the ranking), and the colony's name is joined to the 20 kept
 * rather than to every match.
 */

interface FoundRow {
  customerId: number;
  customerName: string;
  colonyCode: string;
  colonyName: string;
  route: number;
  contactNumber: string;
  due: string;
}

/** The 20 best matches among the customers of `colonies` (every colony when undefined). */
export async function searchCustomers(db: Db, terms: SearchTerms, colonies: readonly string[] | undefined) {
  const part = containsPattern(terms.text).slice(1, -1);
  const nameLike = (pattern: string) => sql`c.lowered like lower(${pattern})`;
  const inPhone = terms.digits
    ? sql`regexp_replace(c.contact_number, '[^0-9]', '', 'g') like ${containsPattern(terms.digits)}`
    : undefined;
  const atRoute = terms.colonyRoute
    ? sql`(${equalsIgnoringCase(sql`c.colony_code`, terms.colonyRoute.code)} and c.route = ${terms.colonyRoute.route})`
    : undefined;
  const orIf = (condition: SQL | undefined) => (condition ? sql`or ${condition}` : sql``);
  // Best first: the whole name or the colony and route; a name's start or the phone; a word's start.
  const rank = sql`case
    when c.lowered = lower(${terms.text}) ${orIf(atRoute)} then 0
    when ${nameLike(`${part}%`)} ${orIf(inPhone)} then 1
    when ${nameLike(`% ${part}%`)} then 2
    else 3 end`;
  const visible = colonies ? sql`where colony_code = any(${sql.param([...colonies])}::text[])` : sql``;
  const rows = await rowsOf<FoundRow>(
    db,
    sql`select best.customer_id as "customerId", best.customer_name as "customerName",
        best.colony_code as "colonyCode", co.colony_name as "colonyName", best.route,
        best.contact_number as "contactNumber", best.due::text as due
      from (
        select c.*, ${rank} as rank
        from (
          select customer_id, customer_name, colony_code, route, contact_number, due,
            lower(customer_name) as lowered
          from customer ${visible} offset 0) c
        where ${or(nameLike(`%${part}%`), inPhone, atRoute)}
        order by rank, c.customer_name, c.customer_id
        limit ${CUSTOMER_SEARCH_LIMIT}) best
      join colony co on co.colony_code = best.colony_code
      order by best.rank, best.customer_name, best.customer_id`,
  );
  return rows.map((row) => ({ ...row, due: parsePaise(row.due) }));
}
