import { formatPaise, formatQuantity, type Hundredths, type Paise, parsePaise, parseQuantity } from '@dairy/contract';
import { customType, integer, smallint } from 'drizzle-orm/pg-core';

/** A numeric column of `dataType`, held in code as integer hundredths (paise, or 1.5 L as 150). */
const hundredthsColumn =
  <T>(parse: (text: string) => T, format: (value: T) => string) =>
  (dataType: string) =>
    customType<{ data: T; driverData: string }>({
      dataType: () => dataType,
      fromDriver: (value) => parse(String(value)),
      toDriver: (value) => format(value),
    });

const moneyColumn = hundredthsColumn<Paise>(parsePaise, formatPaise);
const quantityColumn = hundredthsColumn<Hundredths>(parseQuantity, formatQuantity);

/** An amount a person enters (at most ₹1,00,00,000.00, checked by the contract). */
export const money = moneyColumn('numeric(12,2)');

/**
 * A sum of entered amounts (a bill's total, what was paid, what is due): wide enough that no
 * realistic number of bounded amounts overflows it, and still a safe integer in paise.
 */
export const moneyTotal = moneyColumn('numeric(15,2)');

/** What one consumption, delivery or change carries: more than 0, at most 999.99 (a check). */
export const quantity = quantityColumn('numeric(7,2)');

/** A sum of quantities (a bill line's month). */
export const quantityTotal = quantityColumn('numeric(9,2)');

/** A 1/0 flag, as the API speaks of it. */
export const flag = (name: string) => smallint(name).notNull().default(0).$type<0 | 1>();

/** Grows with every change a person makes to the record (a trigger, migration 0003). */
export const version = () => integer('version').notNull().default(1);
