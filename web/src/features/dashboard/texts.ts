import type { AgeingBucket } from '@dairy/contract';

/*
 * Every text of the Dashboard (docs/rules.md section 22) in one place, in English; the names the
 * rules give (Dashboard, Receiving Payments) as written there.
 */
export const dashboardTexts = {
  title: 'Dashboard',
  loadFailed: 'Unable to load the dashboard.',
  month: 'Month',
  year: 'Year',

  // The cards.
  delivered: (productName: string) => `${productName} delivered`,
  nothingDelivered: 'Nothing delivered',
  billed: 'Billed',
  collected: 'Collected',
  outstanding: 'Outstanding now',
  customersDelivered: 'Customers delivered to',
  customersStarted: 'Customers started',
  customersStopped: 'Customers stopped',

  // The charts, each with its table.
  daily: 'Quantity per day',
  months: 'Billed and collected, last 12 months',
  ageing: 'Outstanding by days since last paid',
  colonies: 'Collection rate by colony',
  topDues: '10 largest dues',
  /** The caption of a chart's table, read by screen readers. */
  tableOf: (chart: string, period: string) => `${chart}, ${period}`,
  nothingYet: 'Nothing in this month.',
  noDues: 'No one owes anything.',

  // The tables' columns (and the files' headers).
  date: 'Date',
  total: 'Total',
  monthColumn: 'Month',
  days: 'Days since last paid',
  bucket: (bucket: AgeingBucket) => (bucket === '90+' ? 'Over 90 days' : `${bucket} days`),
  customers: 'Customers',
  amount: 'Amount',
  colonyCode: 'Colony Code',
  colonyName: 'Colony Name',
  rate: 'Collection rate',
  ratePercent: 'Collection rate (%)',
  customerName: 'Customer Name',
  route: 'Route',
  due: 'Due',
  noRate: 'Nothing billed',
  /** The link of a due, to that customer's Receiving Payments. */
  receiveFrom: (customerName: string) => `Receiving Payments of ${customerName}`,
} as const;
