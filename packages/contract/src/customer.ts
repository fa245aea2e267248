import { z } from 'zod';
import { colonyOption } from './colony';
import { dateInput, flag, flagInput, idInput, intInput, MAX, msgResponse, pageQuery } from './common';
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
});
export type Customer = z.infer<typeof customer>;

export const customerListQuery = pageQuery(CUSTOMER_PAGE_SIZE).extend({
  customerId: idInput.optional(),
  colonyCode: z.string().trim().max(MAX.code).optional(),
  /** Customers last active on or before this date. */
  lastActive: dateInput().optional(),
  defaulter: flagInput.optional(),
  route: intInput('route must be a whole number')
    .pipe(z.number().max(ROUTE_MAX, { error: `route must be at most ${ROUTE_MAX}` }))
    .optional(),
});
export const customerListResponse = z.object({
  rows: z.array(customer),
  limit: z.number(),
  page: z.number(),
  total: z.number(),
  totalPages: z.number(),
});

export const customerActionParams = z.object({
  action: z.enum(['disable', 'enable'], { error: 'Action must be disable or enable' }),
  customerId: idInput,
});

export const customerAddFormResponse = z.object({ rows: z.array(colonyOption) });

/** Blank is "empty"; anything else that is not a whole number (1.5, "abc") has its own text. */
const route = intInput(customerTexts.routeWhole, customerTexts.routeRequired).pipe(
  z.number().min(1, { error: customerTexts.routeMin }).max(ROUTE_MAX, { error: customerTexts.routeMax }),
);

const customerFields = z.object({
  name: z
    .string({ error: customerTexts.nameRequired })
    .trim()
    .min(1, { error: customerTexts.nameRequired })
    .max(MAX.name, { error: customerTexts.nameMax }),
  contactNumber: z
    .string()
    .trim()
    .max(MAX.contact, { error: customerTexts.contactMax })
    .nullish()
    .transform((v) => v ?? ''),
  address: z
    .string({ error: customerTexts.addressRequired })
    .trim()
    .min(1, { error: customerTexts.addressRequired })
    .max(MAX.address, { error: customerTexts.addressMax }),
  /** The colony code. */
  colony: z
    .string({ error: customerTexts.colonyRequired })
    .trim()
    .min(1, { error: customerTexts.colonyRequired })
    .max(MAX.code, { error: customerTexts.colonyRequired }),
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
});
export type CustomerAddBody = z.input<typeof customerAddBody>;

/**
 * `paid` and `due` may be sent and are ignored: they are derived from bills and receipts.
 * A missing `defaulter` keeps the stored flag: only an operator clears it (DESIGN 7).
 */
export const customerUpdateBody = customerFields.extend({
  id: idInput,
  defaulter: flagInput.optional(),
  paid: z.unknown().optional(),
  due: z.unknown().optional(),
});
export type CustomerUpdateBody = z.input<typeof customerUpdateBody>;

export const customerAddResponse = msgResponse.extend({ row: customer });

export const customerUpdateGetResponse = z.object({
  data: customer,
  /** Active colonies, and the customer's own one even when disabled. */
  colonies: z.array(colonyOption),
});

/** POST /fetch/users: the customers of a colony that new records may use. */
export const fetchUsersBody = z.object({
  colonyId: z
    .string({ error: customerTexts.colonyRequired })
    .trim()
    .min(1, { error: customerTexts.colonyRequired })
    .max(MAX.code, { error: customerTexts.colonyRequired }),
});
export const customerOption = z.object({
  customerId: z.number(),
  customerName: z.string(),
  colonyCode: z.string(),
  route: z.number(),
  defaulter: flag,
});
export type CustomerOption = z.infer<typeof customerOption>;
export const fetchUsersResponse = z.object({ data: z.array(customerOption) });
