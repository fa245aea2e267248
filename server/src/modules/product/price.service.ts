import {
  addDays,
  calendarDateIn,
  countValue,
  moneyValue,
  type Paise,
  PRICE_CHANGE_DAYS,
  productTexts,
} from '@dairy/contract';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { dateText, recordAudit } from '../audit/audit.service';
import { lockCustomers } from '../customer/customer.repo';
import { followDeliveries } from '../payment/payment.service';
import { customersToReprice, priceProductCode, type Repricing, repriceDeliveries, repricingCounts } from './price.repo';
import { lockProductCode, productRowsOfCode } from './product.repo';

/*
 * A price rise is one action (docs/rules.md section 23): every row of the code takes the new price,
 * and the deliveries from the from date that were at their row's old price take it too; the bills
 * of their months follow them (section 6). The preview counts the same without writing.
 */

export interface PriceChange {
  productCode: string;
  price: Paise;
  fromDate: string;
}

/** 400 unless the from date lies from `PRICE_CHANGE_DAYS` days ago to today, in the business time zone. */
function requireRecentDate(fromDate: string, timeZone: string) {
  const today = calendarDateIn(timeZone, new Date());
  if (fromDate > today || fromDate < addDays(today, -PRICE_CHANGE_DAYS))
    throw badRequest(productTexts.priceFromRange, 'fromDate');
}

/** The code's rows (404 when it has none) and what the change does to them. */
async function repricingOf(db: Db, change: PriceChange) {
  const rows = await productRowsOfCode(db, change.productCode);
  if (rows.length === 0) throw notFound(productTexts.notFound);
  const repricing: Repricing = {
    from: change.fromDate,
    rows: rows.filter((r) => r.price !== change.price).map((r) => ({ productId: r.productId, price: r.price })),
  };
  return { name: rows[0]!.productName, repricing };
}

/** How many rows, deliveries and bills the change would move. */
export async function previewPriceChange(db: Db, change: PriceChange, timeZone: string) {
  requireRecentDate(change.fromDate, timeZone);
  return db.transaction(async (tx) => {
    const { repricing } = await repricingOf(tx, change);
    return { rows: repricing.rows.length, ...(await repricingCounts(tx, repricing)) };
  });
}

/**
 * Makes the change in one database transaction: the code held (as every save of the code does), the
 * customers whose deliveries may move locked in id order (the customer locking rule), then the rows,
 * the deliveries and the bills of their months.
 */
export async function changePrice(db: Db, change: PriceChange, timeZone: string) {
  requireRecentDate(change.fromDate, timeZone);
  return db.transaction(async (tx) => {
    await lockProductCode(tx, change.productCode);
    const { name, repricing } = await repricingOf(tx, change);
    const customers = await lockCustomers(tx, { customerIds: await customersToReprice(tx, repricing) });
    const rows = await priceProductCode(tx, change.productCode, change.price);
    const { transactions, months } = await repriceDeliveries(tx, repricing, change.price, customers);
    await followDeliveries(tx, months);
    // The trail records changes: a price already in place changes nothing and writes no row.
    if (rows + transactions > 0) {
      await recordAudit(tx, {
        action: 'product.price',
        entity: 'product',
        entityId: change.productCode,
        phrase: {
          key: 'productPrice',
          values: {
            code: change.productCode,
            name,
            amount: moneyValue(change.price),
            date: dateText(change.fromDate),
            rows: countValue(rows, 'row'),
            deliveries: countValue(transactions, 'delivery'),
          },
        },
        before: { productCode: change.productCode, rows: repricing.rows },
        after: { productCode: change.productCode, price: change.price, fromDate: change.fromDate, rows, transactions },
      });
    }
    return { rows, transactions };
  });
}
