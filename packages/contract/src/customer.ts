import { z } from 'zod';
import { colonyOption } from './colony';
import {
  dateInput,
  flag,
  flagInput,
  idInput,
  intInput,
  MAX,
  msgResponse,
  optional,
  optionalText,
  pageFields,
  pageQuery,
  requiredText,
  versionInput,
  withDefault,
} from './common';
import { language, languages } from './language';
import { money, moneyInput } from './money';

export const CUSTOMER_PAGE_SIZE = 200;
/** Routes are small numbers; the bound keeps a typo from reaching the database. */
export const ROUTE_MAX = 100_000;

export const customerTexts = {
  nameRequired: "Name can't be empty!",
  nameMax: `Name must be at most ${MAX.name} characters`,
  addressRequired: "Address can't be empty!",
  addressMax: `Address must be at most ${MAX.address} characters`,
  contactMax: `Contact number must be at most ${MAX.contact} characters`,
  colonyRequired: 'Please select a colony.',
  routeRequired: "Route can't be empty!",
  routeWhole: 'Route must be a whole number.',
  routeMin: 'Route must be at least 1',
  routeMax: `Route must be at most ${ROUTE_MAX}`,
  dueInvalid: 'Due must be an amount with at most 2 decimals',
  dueMax: 'Due must be between -₹1,00,00,000.00 and ₹1,00,00,000.00',
  paidNotZero: 'Paid must be 0 for a new customer: receipts record payments.',
  added: 'Successfully added a customer.',
  updated: 'Update Customer Successfully',
  disabledOk: 'Customer disabled successfully!',
  enabledOk: 'Customer enabled successfully!',
  notFound: 'Customer not found',
  /** Add Customer and the list's Enable/Disable. */
  failed: 'Something went wrong.',
  /** Update Customer, as the spec writes it there. */
  updateFailed: 'Something Went Wrong.',
} as const;

export const customer = z.object({
  customerId: z.number(),
  customerName: z.string(),
  contactNumber: z.string(),
  address: z.string(),
  colonyCode: z.string(),
  colony: z.object({ colonyName: z.string() }),
  route: z.number(),
  paid: money,
  due: money,
  defaulter: flag,
  disable: flag,
  lastActive: z.string().nullable(),
  /** The language of the customer's bill, messages and page (docs/rules.md section 21). */
  language: z.enum(languages),
  version: z.number(),
});
export type Customer = z.output<typeof customer>;

/** Blank is "empty"; anything else that is not a whole number (1.5, "abc") has its own text. */
const route = intInput(customerTexts.routeWhole, customerTexts.routeRequired).pipe(
  z.number().min(1, { error: customerTexts.routeMin }).max(ROUTE_MAX, { error: customerTexts.routeMax }),
);

export const customerListQuery = pageQuery(CUSTOMER_PAGE_SIZE).extend({
  customerId: optional(idInput),
  colonyCode: optionalText(MAX.code),
  /** Customers last active on or before this date. */
  lastActive: optional(dateInput()),
  defaulter: optional(flagInput),
  /** The same rule as the forms' route: the list filter shows its text beside the field. */
  route: optional(route),
});
export const customerListResponse = z.object({ rows: z.array(customer), ...pageFields });
export type CustomerListResponse = z.output<typeof customerListResponse>;

export const customerActionParams = z.object({
  action: z.enum(['disable', 'enable'], { error: 'Action must be disable or enable' }),
  customerId: idInput,
});

export const customerAddFormResponse = z.object({ rows: z.array(colonyOption) });
export type CustomerAddFormResponse = z.output<typeof customerAddFormResponse>;

const customerFields = z.object({
  name: requiredText(customerTexts.nameRequired, MAX.name, customerTexts.nameMax),
  /** Optional: blank (or absent) is stored as an empty text. */
  contactNumber: withDefault(z.string().trim().max(MAX.contact, { error: customerTexts.contactMax }), ''),
  address: requiredText(customerTexts.addressRequired, MAX.address, customerTexts.addressMax),
  /** The colony code. */
  colony: requiredText(customerTexts.colonyRequired, MAX.code, customerTexts.colonyRequired),
  route,
});

/** `due` is the opening balance (negative for an advance); `paid` is derived, so only 0 is accepted. */
export const customerAddBody = customerFields.extend({
  paid: moneyInput({ required: customerTexts.paidNotZero })
    .refine((p) => p === 0, { error: customerTexts.paidNotZero })
    .optional(),
  due: moneyInput({
    required: customerTexts.dueInvalid,
    invalid: customerTexts.dueInvalid,
    max: customerTexts.dueMax,
  }).optional(),
  language: withDefault(language, 'en'),
});
export type CustomerAddBody = z.input<typeof customerAddBody>;

/**
 * `paid` and `due` may be sent and are ignored: they are derived from bills and receipts.
 * A missing `defaulter` keeps the stored flag: only an operator clears it (docs/rules.md section 7);
 * a missing `language` keeps the stored one.
 * `version` is the one the screen read: a save from an older copy is refused.
 */
export const customerUpdateBody = customerFields.extend({
  id: idInput,
  defaulter: optional(flagInput),
  language: optional(language),
  paid: z.unknown().optional(),
  due: z.unknown().optional(),
  version: versionInput,
});
export type CustomerUpdateBody = z.input<typeof customerUpdateBody>;

export const customerAddResponse = msgResponse.extend({ row: customer });
export type CustomerAddResponse = z.output<typeof customerAddResponse>;

export const customerUpdateGetResponse = z.object({
  data: customer,
  /** Active colonies, and the customer's own one even when disabled. */
  colonies: z.array(colonyOption),
});
export type CustomerUpdateGetResponse = z.output<typeof customerUpdateGetResponse>;

/** POST /fetch/users: the customers of a colony that new records may use. */
export const fetchUsersBody = z.object({
  colonyId: requiredText(customerTexts.colonyRequired, MAX.code, customerTexts.colonyRequired),
});
/** A customer as a row of a list or a sheet names it. */
export const customerOfRow = z.object({ customerId: z.number(), customerName: z.string(), route: z.number() });

/** A customer as pickers offer it. */
export const customerOption = z.object({
  customerId: z.number(),
  customerName: z.string(),
  colonyCode: z.string(),
  route: z.number(),
  defaulter: flag,
});
export type CustomerOption = z.output<typeof customerOption>;
export const fetchUsersResponse = z.object({ data: z.array(customerOption) });
export type FetchUsersResponse = z.output<typeof fetchUsersResponse>;
