import { z } from 'zod';

const howMany = z.number().int().nonnegative();

/** GET /overview: how many records each first step of a new installation has made. */
export const overviewResponse = z.object({
  colonies: howMany,
  combinations: howMany,
  products: howMany,
  customers: howMany,
  consumptions: howMany,
});
export type Overview = z.infer<typeof overviewResponse>;
