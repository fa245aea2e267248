import { generatePath } from 'react-router';

/**
 * Every screen's route (hash routes), in one place: the routers declare these patterns and
 * links fill them in with `link`.
 */
export const paths = {
  home: '/',
  today: '/today',
  colonies: '/ShowColony',
  addColony: '/AddColony',
  updateColony: '/colony/update/:code',
  combinations: '/combinations',
  addCombination: '/combinations/add',
  updateCombination: '/combinations/update/:id',
  products: '/products',
  addProduct: '/products/add',
  updateProduct: '/products/update/:id',
  customers: '/',
  addCustomer: '/customers/add',
  updateCustomer: '/customers/update/:id',
  consumptions: '/consumptions',
  addConsumption: '/consumptions/add',
  updateConsumption: '/consumptions/update/:id',
  changes: '/changes',
  transactions: '/transactions',
  singleTransaction: '/transactions/singletransaction',
  previewTransactions: '/transactions/dailyTransactions',
  generateTransactions: '/transactions/add',
  updateTransaction: '/transactions/update/:id',
  routeSheet: '/transactions/sheet',
  payments: '/payments',
  generatePayments: '/payments/add',
  receivingPayments: '/payments/receiving',
  paymentInfo: '/payments/info',
  paymentDetails: '/payments/details',
  collect: '/payments/collect',
  dailyReport: '/report',
  monthlyReport: '/report/monthly',
  balanceReport: '/report/balance',
  generateDefaulters: '/report/genrate-defaulters',
  backups: '/backups',
  importCustomers: '/import',
} as const;

/** A screen's address: `link(paths.updateColony, { code })`. */
export const link = generatePath;

export interface MenuGroup {
  /** `{product}` is replaced by the product label. */
  label: string;
  links: { label: string; to: string }[];
  /** Routes (prefixes) that belong to this group, for highlighting the current one. */
  match: (pathname: string) => boolean;
}

const startsWithAny = (pathname: string, prefixes: string[]) =>
  prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * The menu of spec master-data.md section 2, plus Users Payments Details (DESIGN.md section 9) and
 * Pauses & Changes (section 12); Data: backups and the customer import (section 16); Today first,
 * and Collection Entry under Payments (section 13).
 */
export const menu: MenuGroup[] = [
  {
    label: 'Today',
    links: [{ label: 'Today', to: paths.today }],
    match: (p) => startsWithAny(p, [paths.today]),
  },
  {
    label: 'Colony',
    links: [
      { label: 'Add Colony', to: paths.addColony },
      { label: 'Show All', to: paths.colonies },
    ],
    match: (p) => startsWithAny(p, [paths.addColony, paths.colonies, '/colony']),
  },
  {
    label: 'Combinations',
    links: [
      { label: 'Add Combination', to: paths.addCombination },
      { label: 'Show All', to: paths.combinations },
    ],
    match: (p) => startsWithAny(p, [paths.combinations]),
  },
  {
    label: '{product}',
    links: [
      { label: 'Add {product}', to: paths.addProduct },
      { label: 'Show All', to: paths.products },
    ],
    match: (p) => startsWithAny(p, [paths.products]),
  },
  {
    label: 'Customers',
    links: [
      { label: 'Add Customer', to: paths.addCustomer },
      { label: 'Show All', to: paths.customers },
    ],
    match: (p) => p === '/' || startsWithAny(p, ['/customers']),
  },
  {
    label: 'Consumptions',
    links: [
      { label: 'Add Consumption', to: paths.addConsumption },
      { label: 'Show All', to: paths.consumptions },
      { label: 'Pauses & Changes', to: paths.changes },
    ],
    match: (p) => startsWithAny(p, [paths.consumptions, paths.changes]),
  },
  {
    label: 'Transactions',
    links: [
      { label: 'Preview Transactions', to: paths.previewTransactions },
      { label: 'Single User Transaction', to: paths.singleTransaction },
      { label: 'Generate Transactions', to: paths.generateTransactions },
      { label: 'Show All Transactions', to: paths.transactions },
    ],
    match: (p) => startsWithAny(p, [paths.transactions]),
  },
  {
    label: 'Payments',
    links: [
      { label: 'Generate Payment', to: paths.generatePayments },
      { label: 'Payments', to: paths.payments },
      { label: 'Receiving Payments', to: paths.receivingPayments },
      { label: 'Users Payment Info', to: paths.paymentInfo },
      { label: 'Users Payments Details', to: paths.paymentDetails },
      { label: 'Collection Entry', to: paths.collect },
    ],
    match: (p) => startsWithAny(p, [paths.payments]),
  },
  {
    label: 'Report',
    links: [
      { label: 'Daily Consumption', to: paths.dailyReport },
      { label: 'Monthly Payment Report', to: paths.monthlyReport },
      { label: 'Balance of Customer Having No Transactions', to: paths.balanceReport },
      { label: 'Generate Defaulters', to: paths.generateDefaulters },
    ],
    match: (p) => startsWithAny(p, [paths.dailyReport]),
  },
  {
    label: 'Data',
    links: [
      { label: 'Backups', to: paths.backups },
      { label: 'Import Customers', to: paths.importCustomers },
    ],
    match: (p) => startsWithAny(p, [paths.backups, paths.importCustomers]),
  },
];
