import { z } from 'zod';
import { colonyOption } from './colony';
import { combination } from './combination';
import {
  flag,
  flagInput,
  idInput,
  MAX,
  msgResponse,
  optional,
  optionalText,
  pageFields,
  pageQuery,
  pickedId,
  requiredText,
  versionInput,
  withDefault,
} from './common';
import { customerOption } from './customer';
import { money } from './money';
import { dayOption, productCodeOption } from './product';
import { quantity, quantityInput } from './quantity';

export const CONSUMPTION_PAGE_SIZE = 200;

export const consumptionTexts = {
  addColonyRequired: 'Colony is required',
  addCustomerRequired: 'Customer is required',
  addProductRequired: '{product} is required',
  addDayRequired: 'A day is required',
  updateColonyRequired: 'Please select a colony.',
  updateProductRequired: 'Please select a {product}.',
  updateDaysRequired: 'Please select days.',
  colonyMax: `Colony Code must be at most ${MAX.code} characters`,
  productMax: `{product} Code must be at most ${MAX.code} characters`,
  idsRequired: 'Select at least one consumption.',
  added: 'Successfully created consumption.',
  updated: 'Successfully Updated Consumptions',
  /** '{Action} successful!' of each row action. */
  disabledOk: 'Disable successful!',
  enabledOk: 'Enable successful!',
  deletedOk: 'Delete successful!',
  statusOk: 'Status change successful!',
  bulkDeleted: 'Selected records deleted!',
  actionFailed: 'Action failed!',
  actionError: (message: string) => `Error during action: ${message}`,
  bulkDeleteFailed: 'Bulk delete failed!',
  bulkDeleteError: (message: string) => `Error during bulk delete: ${message}`,
  /** Add and Update Consumption: 'Submission failed: {message}'. */
  submitFailed: 'Submission failed',
  submitError: (message: string) => `Submission failed: ${message}`,
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
  product: z.object({ productCode: z.string(), productName: z.string(), price: money, unit: z.string() }),
  combinations: z.object({ combinationDays: z.string() }),
  /** Units delivered each scheduled day. */
  quantity,
  isActive: flag,
  disable: flag,
  colonyCode: z.string(),
  customerId: z.number(),
  /** The product row's id. */
  productId: z.number(),
  combinationId: z.number(),
  version: z.number(),
});
export type Consumption = z.output<typeof consumption>;

export const consumptionListQuery = pageQuery(CONSUMPTION_PAGE_SIZE).extend({
  colonyCode: optionalText(MAX.code),
  customerId: optional(idInput),
  /** A product code or name, ignoring case. */
  productName: optionalText(MAX.name),
});
export const consumptionListResponse = z.object({ consumptions: z.array(consumption), ...pageFields });
export type ConsumptionListResponse = z.output<typeof consumptionListResponse>;

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
export type ConsumptionBulkDeleteBody = z.input<typeof consumptionBulkDeleteBody>;
export const bulkDeleteResponse = msgResponse.extend({ deleted: z.number() });
export type BulkDeleteResponse = z.output<typeof bulkDeleteResponse>;

export const consumptionAddFormResponse = z.object({
  data: z.object({
    colonies: z.array(colonyOption),
    customers: z.array(customerOption),
    products: z.array(productCodeOption),
    days: z.array(combination.pick({ combinationId: true, combinationDays: true })),
  }),
});
export type ConsumptionAddFormResponse = z.output<typeof consumptionAddFormResponse>;

/** `colonyId` is the colony code, `productId` the product code, `day` the combination id. */
export const consumptionAddBody = z.object({
  colonyId: requiredText(consumptionTexts.addColonyRequired, MAX.code, consumptionTexts.colonyMax),
  customerId: pickedId(consumptionTexts.addCustomerRequired),
  productId: requiredText(consumptionTexts.addProductRequired, MAX.code, consumptionTexts.productMax),
  day: pickedId(consumptionTexts.addDayRequired),
  /** Units a day; 1 when left out. */
  quantity: withDefault(quantityInput, 1),
});
export type ConsumptionAddBody = z.input<typeof consumptionAddBody>;

export const consumptionAddResponse = msgResponse.extend({ row: consumption });
export type ConsumptionAddResponse = z.output<typeof consumptionAddResponse>;

export const consumptionUpdateGetResponse = z.object({
  consumption,
  dropdownData: z.object({
    colonies: z.array(colonyOption),
    customers: z.array(customerOption),
    products: z.array(productCodeOption),
    days: z.array(dayOption),
  }),
});
export type ConsumptionUpdateGetResponse = z.output<typeof consumptionUpdateGetResponse>;

/**
 * Colony and customer are fixed once created: they are sent back for the form's sake, not changed.
 * A missing `isActive` or `quantity` keeps the stored value. `version` is the one the screen read:
 * a save from an older copy is refused.
 */
export const consumptionUpdateBody = z.object({
  id: idInput,
  colonyCode: requiredText(consumptionTexts.updateColonyRequired, MAX.code, consumptionTexts.colonyMax),
  customerId: optional(idInput),
  productId: requiredText(consumptionTexts.updateProductRequired, MAX.code, consumptionTexts.productMax),
  combinationId: pickedId(consumptionTexts.updateDaysRequired),
  isActive: optional(flagInput),
  quantity: optional(quantityInput),
  version: versionInput,
});
export type ConsumptionUpdateBody = z.input<typeof consumptionUpdateBody>;
