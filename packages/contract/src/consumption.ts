import { z } from 'zod';
import { flag, flagInput, idInput, MAX, msgResponse, optionalText, pageQuery, pickedId } from './common';
import { customerOption } from './customer';
import { money } from './money';
import { dayOption, productCodeOption } from './product';

export const CONSUMPTION_PAGE_SIZE = 200;

export const consumptionTexts = {
  addColonyRequired: 'Colony is required',
  addCustomerRequired: 'Customer is required',
  addProductRequired: '{product} is required',
  addDayRequired: 'A day is required',
  updateColonyRequired: 'Please select a colony.',
  updateProductRequired: 'Please select a {product}.',
  updateDaysRequired: 'Please select days.',
  idsRequired: 'Select at least one consumption.',
  added: 'Successfully created consumption.',
  updated: 'Successfully Updated Consumptions',
  disabledOk: 'Disable successful!',
  enabledOk: 'Enable successful!',
  deletedOk: 'Delete successful!',
  statusOk: 'Status changed successfully!',
  bulkDeleted: 'Selected records deleted!',
  notFound: 'Consumption not found',
  deleteActive: 'Disable the consumption before deleting it.',
  duplicate: 'This customer already has this {product} on these days.',
  customerNotFound: 'Customer not found',
  customerDisabled: 'This customer is disabled.',
  customerNotInColony: 'This customer is not in the chosen colony.',
  productRowNotFound: 'This {product} is not offered on these days.',
  productRowUnavailable: 'This {product} is not available on these days.',
} as const;

export const consumption = z.object({
  consumptionId: z.number(),
  customer: z.object({ customerName: z.string(), route: z.number() }),
  colony: z.object({ colonyName: z.string() }).nullable(),
  product: z.object({ productCode: z.string(), productName: z.string(), price: money }),
  combinations: z.object({ combinationDays: z.string() }),
  isActive: flag,
  disable: flag,
  colonyCode: z.string(),
  customerId: z.number(),
  /** The product row's id. */
  productId: z.number(),
  combinationId: z.number(),
});
export type Consumption = z.infer<typeof consumption>;

export const consumptionListQuery = pageQuery(CONSUMPTION_PAGE_SIZE).extend({
  colonyCode: z.string().trim().max(MAX.code).optional(),
  customerId: idInput.optional(),
  /** A product code or name, ignoring case. */
  productName: optionalText(MAX.name),
});
export const consumptionListResponse = z.object({
  consumptions: z.array(consumption),
  limit: z.number(),
  page: z.number(),
  total: z.number(),
  totalPages: z.number(),
});

export const consumptionActionParams = z.object({
  action: z.enum(['disable', 'enable', 'delete'], { error: 'Action must be disable, enable or delete' }),
  id: idInput,
});

export const consumptionBulkDeleteBody = z.object({
  ids: z
    .array(idInput, { error: consumptionTexts.idsRequired })
    .min(1, { error: consumptionTexts.idsRequired })
    .max(1000, { error: 'At most 1000 consumptions at once.' }),
});
export const bulkDeleteResponse = msgResponse.extend({ deleted: z.number() });

const colonyOptionShort = z.object({ colonyCode: z.string(), colonyName: z.string() });
const combinationOption = z.object({ combinationId: z.number(), combinationDays: z.string() });

export const consumptionAddFormResponse = z.object({
  data: z.object({
    colonies: z.array(colonyOptionShort),
    customers: z.array(customerOption),
    products: z.array(productCodeOption),
    days: z.array(combinationOption),
  }),
});

const requiredText = (message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message }),
  );

/** `colonyId` is the colony code, `productId` the product code, `day` the combination id. */
export const consumptionAddBody = z.object({
  colonyId: requiredText(consumptionTexts.addColonyRequired, MAX.code),
  customerId: pickedId(consumptionTexts.addCustomerRequired),
  productId: requiredText(consumptionTexts.addProductRequired, MAX.code),
  day: pickedId(consumptionTexts.addDayRequired),
});
export type ConsumptionAddBody = z.input<typeof consumptionAddBody>;

export const consumptionAddResponse = msgResponse.extend({ row: consumption });

export const consumptionUpdateGetResponse = z.object({
  consumption,
  dropdownData: z.object({
    colonies: z.array(colonyOptionShort),
    customers: z.array(customerOption),
    products: z.array(productCodeOption),
    days: z.array(dayOption),
  }),
});

/**
 * Colony and customer are fixed once created: they are sent back for the form's sake, not changed.
 * A missing `isActive` keeps the stored flag.
 */
export const consumptionUpdateBody = z.object({
  id: idInput,
  colonyCode: requiredText(consumptionTexts.updateColonyRequired, MAX.code),
  customerId: idInput.optional(),
  productId: requiredText(consumptionTexts.updateProductRequired, MAX.code),
  combinationId: pickedId(consumptionTexts.updateDaysRequired),
  isActive: flagInput.optional(),
});
export type ConsumptionUpdateBody = z.input<typeof consumptionUpdateBody>;
