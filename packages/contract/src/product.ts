import { z } from 'zod';
import { combinationOption } from './combination';
import {
  flag,
  flagInput,
  idInput,
  MAX,
  msgResponse,
  optional,
  optionalText,
  pageQuery,
  pickedId,
  requiredDate,
  versionInput,
} from './common';
import { atMostText, money, moneyInput } from './money';
import { MAX_UNIT_LENGTH } from './quantity';

export const PRODUCT_PAGE_SIZE = 200;
/** How far back a price change may reach (docs/rules.md section 23): about two billing months. */
export const PRICE_CHANGE_DAYS = 62;

export const productTexts = {
  codeRequired: "{product} Code can't be empty!",
  codeMax: `{product} Code must be at most ${MAX.code} characters`,
  nameRequired: "{product} Name can't be empty!",
  nameMin: '{product} Name must contain at least 5 alphabets',
  nameLetters: '{product} Name must contain only alphabets and spaces',
  nameMax: `{product} Name must be at most ${MAX.name} characters`,
  priceRequired: "Price can't be empty!",
  priceMin: 'Price must be at least 1',
  priceMax: atMostText('Price'),
  combinationRequired: 'Please select a combination.',
  unitMax: `Unit must be at most ${MAX_UNIT_LENGTH} characters`,
  unitInvalid: 'Unit must be a text.',
  updateCodeRequired: 'Please select a {product} code.',
  updateNameRequired: 'Name is required.',
  updatePriceRequired: 'Price is required.',
  updateCombinationRequired: 'Combination days are required.',
  added: '{product} Added Successfully',
  updated: '{product} updated Successfully',
  disabledOk: 'Disabled {product} successfully',
  enabledOk: 'Enabled {product} successfully',
  notFound: '{product} not found',
  duplicate: 'This {product} code already has a row with this combination.',
  combinationNotFound: 'Combination not found',
  combinationDisabled: 'This combination is disabled.',
  codeChanged: "{product} Code can't be changed.",
  addFailed: 'Unable to add {product}',
  updateFailed: 'Unable to update {product}',
  toggleFailed: 'Something went wrong.',
  toggleError: 'Internal Server Error',
  priceFromRequired: 'From date is required.',
  priceFromRange: `The price can change from a date in the last ${PRICE_CHANGE_DAYS} days.`,
  priceChanged: 'Price changed successfully.',
  priceChangeFailed: 'Unable to change the price.',
} as const;

/** A product row as lists and forms show it. */
export const product = z.object({
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  /** One unit per code, as the name ('L', 'kg', 'packet'). */
  unit: z.string(),
  price: money,
  available: flag,
  combinationId: z.number(),
  Combination: z.object({ combinationDays: z.string() }),
  version: z.number(),
});
export type Product = z.infer<typeof product>;

export const productListQuery = pageQuery(PRODUCT_PAGE_SIZE).extend({
  isActive: flagInput.optional(),
  /** Matches code or name, ignoring case. */
  name: optionalText(),
});
export const productListResponse = z.object({ rows: z.array(product), totalPages: z.number() });
export type ProductListResponse = z.output<typeof productListResponse>;

export const productIdParams = z.object({ productId: idInput });
export const productActiveBody = z.object({ isActive: flagInput });

/** One entry per code: the pickers of forms choose a code, the combination then picks the row. */
export const productCodeOption = z.object({ productCode: z.string(), productName: z.string(), unit: z.string() });
export type ProductCodeOption = z.infer<typeof productCodeOption>;

/** One entry per product row (`GET /product/api`). */
export const productRowOption = z.object({ productId: z.number(), ...productCodeOption.shape });
export type ProductRowOption = z.infer<typeof productRowOption>;

export const productAddFormResponse = z.object({
  rows: z.array(combinationOption),
  data: z.array(productCodeOption),
});
export type ProductAddFormResponse = z.output<typeof productAddFormResponse>;

/** Optional: blank counts as absent (a new code gets 'L', an existing one keeps its unit). */
const unit = optional(
  z.string({ error: productTexts.unitInvalid }).trim().max(MAX_UNIT_LENGTH, { error: productTexts.unitMax }),
);

const productCode = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(MAX.code, { error: productTexts.codeMax });

export const productAddBody = z.object({
  code: productCode(productTexts.codeRequired),
  name: z
    .string({ error: productTexts.nameRequired })
    .trim()
    .min(1, { error: productTexts.nameRequired })
    .min(5, { error: productTexts.nameMin })
    .max(MAX.name, { error: productTexts.nameMax })
    .regex(/^[A-Za-z ]+$/, { error: productTexts.nameLetters }),
  price: moneyInput({
    required: productTexts.priceRequired,
    min: { paise: 100, message: productTexts.priceMin },
    max: productTexts.priceMax,
  }),
  available: flagInput.default(1),
  days: pickedId(productTexts.combinationRequired),
  unit,
});
export type ProductAddBody = z.input<typeof productAddBody>;

/**
 * The code cannot change on update: it is sent for the form's sake and must be the stored one.
 * A missing `available` or `unit` keeps the stored value.
 */
export const productUpdateBody = z.object({
  code: productCode(productTexts.updateCodeRequired),
  name: z
    .string({ error: productTexts.updateNameRequired })
    .trim()
    .min(1, { error: productTexts.updateNameRequired })
    .max(MAX.name, { error: productTexts.nameMax }),
  price: moneyInput({
    required: productTexts.updatePriceRequired,
    min: { paise: 100, message: productTexts.priceMin },
    max: productTexts.priceMax,
  }),
  available: flagInput.optional(),
  days: pickedId(productTexts.updateCombinationRequired),
  unit,
  version: versionInput,
});
export type ProductUpdateBody = z.input<typeof productUpdateBody>;

export const productAddResponse = msgResponse.extend({ row: product });
export type ProductAddResponse = z.output<typeof productAddResponse>;

export const productUpdateGetResponse = z.object({
  rows: z.array(product),
  /** Active combinations, and the row's own one even when disabled. */
  data: z.array(combinationOption),
});
export type ProductUpdateGetResponse = z.output<typeof productUpdateGetResponse>;

export const productApiResponse = z.object({ rows: z.array(productRowOption) });
export type ProductApiResponse = z.output<typeof productApiResponse>;

/** POST /fetch/days: the rows of one code a new record may use. `productId` is the code. */
export const fetchDaysBody = z.object({ productId: productCode('{product} is required') });
export const dayOption = z.object({ id: z.number(), name: z.string(), price: money });
export type DayOption = z.infer<typeof dayOption>;
export const fetchDaysResponse = z.object({ data: z.array(dayOption) });
export type FetchDaysResponse = z.output<typeof fetchDaysResponse>;

// ---- A price rise (docs/rules.md section 23) ---------------------------------------------

/** POST /product/price and its preview: the code's new price and the first date it holds for. */
export const productPriceBody = z.object({
  productCode: productCode(productTexts.updateCodeRequired),
  price: moneyInput({
    required: productTexts.priceRequired,
    min: { paise: 100, message: productTexts.priceMin },
    max: productTexts.priceMax,
  }),
  /** From `PRICE_CHANGE_DAYS` days ago to today in the business time zone (the server checks). */
  fromDate: requiredDate(productTexts.priceFromRequired),
});
export type ProductPriceBody = z.input<typeof productPriceBody>;

export const productPriceResponse = z.object({
  /** Product rows of the code whose price changed. */
  rows: z.number(),
  /** Deliveries from the date that were at their row's old price and now are at the new one. */
  transactions: z.number(),
});
export type ProductPriceResponse = z.output<typeof productPriceResponse>;

/** What the change would do, written nowhere; `bills`: the bills it would bring up to date. */
export const productPricePreviewResponse = productPriceResponse.extend({ bills: z.number() });
export type ProductPricePreviewResponse = z.output<typeof productPricePreviewResponse>;
