import type { Role } from '@dairy/contract';
import { generatePath, matchPath } from 'react-router';

/**
 * Every screen's route (hash routes), in one place: the routers declare these patterns and
 * links fill them in with `link`.
 */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
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
  /** A customer's file (docs/rules.md section 23); after add and update, whose addresses it would match too. */
  customerFile: '/customers/:customerId',
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

const OFFICE: readonly Role[] = ['admin', 'operator'];
const ADMIN: readonly Role[] = ['admin'];
const EVERYONE: readonly Role[] = ['admin', 'operator', 'collector'];

type Screen = keyof typeof paths;

/**
 * Who may open each screen (docs/rules.md section 15); a screen left out is the office's (admins
 * and operators), as the server's permission table leaves a call out for them. The menu and the
 * route guard both read this: a link shows exactly where the screen opens. The server still
 * decides what each call may do.
 */
const screenRoles: Partial<Record<Screen, readonly Role[]>> = {
  today: EVERYONE,
  customerFile: EVERYONE,
  routeSheet: EVERYONE,
  receivingPayments: EVERYONE,
  collect: EVERYONE,
  backups: ADMIN,
  settings: ADMIN,
  staff: ADMIN,
  audit: ADMIN,
};

const rolesOf = (screen: Screen) => screenRoles[screen] ?? OFFICE;

/**
 * Whether `role` may open the screen at `pathname` (a route pattern such as `paths.generateTransactions`,
 * or an address such as `/colony/update/GP`). An address that names no screen is the not-found page's.
 */
export function mayOpen(role: Role, pathname: string): boolean {
  const screen = (Object.keys(paths) as Screen[]).find((s) => matchPath(paths[s], pathname));
  return screen === undefined || rolesOf(screen).includes(role);
}

export interface MenuLink {
  label: string;
  to: string;
}

export interface MenuGroup<L = MenuLink> {
  /** `{product}` is replaced by the product label. */
  label: string;
  links: L[];
  /** Routes (prefixes) that belong to this group, for highlighting the current one. */
  match: (pathname: string) => boolean;
}

const startsWithAny = (pathname: string, prefixes: string[]) =>
  prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * The menu of spec master-data.md section 2, plus Users Payments Details (docs/rules.md section 9) and
 * Pauses & Changes (section 12); the office's Dashboard first (section 22), then Today, and
 * Collection Entry under Payments (section 13); Data: backups, the customer import (section 16)
 * and the business's Settings printed on bills (section 14); Team: staff and the audit trail
 * (section 15).
 */
const menu: MenuGroup<{ label: string; screen: Screen }>[] = [
  {
    label: 'Dashboard',
    links: [{ label: 'Dashboard', screen: 'dashboard' }],
    match: (p) => startsWithAny(p, [paths.dashboard]),
  },
  {
    label: 'Today',
    links: [{ label: 'Today', screen: 'today' }],
    match: (p) => startsWithAny(p, [paths.today]),
  },
  {
    label: 'Colony',
    links: [
      { label: 'Add Colony', screen: 'addColony' },
      { label: 'Show All', screen: 'colonies' },
    ],
    match: (p) => startsWithAny(p, [paths.addColony, paths.colonies, '/colony']),
  },
  {
    label: 'Combinations',
    links: [
      { label: 'Add Combination', screen: 'addCombination' },
      { label: 'Show All', screen: 'combinations' },
    ],
    match: (p) => startsWithAny(p, [paths.combinations]),
  },
  {
    label: '{product}',
    links: [
      { label: 'Add {product}', screen: 'addProduct' },
      { label: 'Show All', screen: 'products' },
    ],
    match: (p) => startsWithAny(p, [paths.products]),
  },
  {
    label: 'Customers',
    links: [
      { label: 'Add Customer', screen: 'addCustomer' },
      { label: 'Show All', screen: 'customers' },
    ],
    match: (p) => p === '/' || startsWithAny(p, ['/customers']),
  },
  {
    label: 'Consumptions',
    links: [
      { label: 'Add Consumption', screen: 'addConsumption' },
      { label: 'Show All', screen: 'consumptions' },
      { label: 'Pauses & Changes', screen: 'changes' },
    ],
    match: (p) => startsWithAny(p, [paths.consumptions, paths.changes]),
  },
  {
    label: 'Transactions',
    links: [
      { label: 'Preview Transactions', screen: 'previewTransactions' },
      { label: 'Single User Transaction', screen: 'singleTransaction' },
      { label: 'Generate Transactions', screen: 'generateTransactions' },
      { label: 'Show All Transactions', screen: 'transactions' },
    ],
    match: (p) => startsWithAny(p, [paths.transactions]),
  },
  {
    label: 'Payments',
    links: [
      { label: 'Generate Payment', screen: 'generatePayments' },
      { label: 'Payments', screen: 'payments' },
      { label: 'Receiving Payments', screen: 'receivingPayments' },
      { label: 'Users Payment Info', screen: 'paymentInfo' },
      { label: 'Users Payments Details', screen: 'paymentDetails' },
      { label: 'Collection Entry', screen: 'collect' },
    ],
    match: (p) => startsWithAny(p, [paths.payments]),
  },
  {
    label: 'Report',
    links: [
      { label: 'Daily Consumption', screen: 'dailyReport' },
      { label: 'Monthly Payment Report', screen: 'monthlyReport' },
      { label: 'Balance of Customer Having No Transactions', screen: 'balanceReport' },
      { label: 'Generate Defaulters', screen: 'generateDefaulters' },
    ],
    match: (p) => startsWithAny(p, [paths.dailyReport]),
  },
  {
    label: 'Data',
    links: [
      { label: 'Backups', screen: 'backups' },
      { label: 'Import Customers', screen: 'importCustomers' },
      { label: 'Settings', screen: 'settings' },
    ],
    match: (p) => startsWithAny(p, [paths.backups, paths.importCustomers, paths.settings]),
  },
  {
    label: 'Team',
    links: [
      { label: 'Staff', screen: 'staff' },
      { label: 'Audit Trail', screen: 'audit' },
    ],
    match: (p) => startsWithAny(p, [paths.staff, paths.audit]),
  },
];

/**
 * The screen signing in on the home address opens: the month at a glance for admins
 * (docs/rules.md section 22), the day's work for everyone else.
 */
export const signInScreen = (role: Role): string => (role === 'admin' ? paths.dashboard : paths.today);

/** The menu a role sees: the links it may open, and only the groups left with any. */
export function menuFor(role: Role): MenuGroup[] {
  return menu
    .map((group) => ({
      ...group,
      links: group.links
        .filter((link) => rolesOf(link.screen).includes(role))
        .map((link) => ({ label: link.label, to: paths[link.screen] })),
    }))
    .filter((group) => group.links.length > 0);
}
