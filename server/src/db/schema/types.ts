import { formatPaise, type Paise, parsePaise } from '@dairy/contract';
import { customType, integer, smallint } from 'drizzle-orm/pg-core';

/** numeric(12,2) in the database, integer paise in code. */
export const money = customType<{ data: Paise; driverData: string }>({
  dataType: () => 'numeric(12,2)',
  fromDriver: (value) => parsePaise(String(value)),
  toDriver: (value) => formatPaise(value),
});

/** A 1/0 flag, as the API speaks of it. */
export const flag = (name: string) => smallint(name).notNull().default(0).$type<0 | 1>();

/** Grows with every change a person makes to the record (a trigger, migration 0003). */
export const version = () => integer('version').notNull().default(1);
