import type { Role } from '@dairy/contract';
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
  settings: '/settings',
  staff: '/staff',
  audit: '/audit',
} as const;

/** A screen's address: `link(paths.updateColony, { code })`. */
export const link = generatePath;

export interface MenuLink {
  label: string;
  to: string;
  /** Who sees it (docs/rules.md section 15); left out: admins and operators. The server decides what a call may do. */
  roles?: readonly Role[];
}

export interface MenuGroup {
  /** `{product}` is replaced by the product label. */
  label: string;
  links: MenuLink[];
  /** Routes (prefixes) that belong to this group, for highlighting the current one. */
  match: (pathname: string) => boolean;
}

const OFFICE: readonly Role[] = ['admin', 'operator'];
const ADMIN: readonly Role[] = ['admin'];
const EVERYONE: readonly Role[] = ['admin', 'operator', 'collector'];

const startsWithAny = (pathname: string, prefixes: string[]) =>
  prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * The menu of spec master-data.md section 2, plus Users Payments Details (docs/rules.md section 9) and
 * Pauses & Changes (section 12); Today first, and Collection Entry under Payments (section 13); Data:
 * backups, the customer import (section 16) and the business's Settings printed on bills (section 14);
 * Team: staff and the audit trail (section 15).
 */
export const menu: MenuGroup[] = [
  {
    label: 'Today',
    links: [{ label: 'Today', to: paths.today, roles: EVERYONE }],
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
      { label: 'Receiving Payments', to: paths.receivingPayments, roles: EVERYONE },
      { label: 'Users Payment Info', to: paths.paymentInfo },
      { label: 'Users Payments Details', to: paths.paymentDetails },
      { label: 'Collection Entry', to: paths.collect, roles: EVERYONE },
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
      { label: 'Backups', to: paths.backups, roles: ADMIN },
      { label: 'Import Customers', to: paths.importCustomers },
      { label: 'Settings', to: paths.settings, roles: ADMIN },
    ],
    match: (p) => startsWithAny(p, [paths.backups, paths.importCustomers, paths.settings]),
  },
  {
    label: 'Team',
    links: [
      { label: 'Staff', to: paths.staff, roles: ADMIN },
      { label: 'Audit Trail', to: paths.audit, roles: ADMIN },
    ],
    match: (p) => startsWithAny(p, [paths.staff, paths.audit]),
  },
];

/** The menu a role sees: the links it may open, and only the groups left with any. */
export function menuFor(role: Role): MenuGroup[] {
  return menu
    .map((group) => ({ ...group, links: group.links.filter((link) => (link.roles ?? OFFICE).includes(role)) }))
    .filter((group) => group.links.length > 0);
}
