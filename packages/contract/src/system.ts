import { z } from 'zod';

/** `GET /api/config`: what the screens need before anyone signs in. */
export const configResponse = z.object({
  productLabel: z.string(),
  currency: z.literal('INR'),
  /** BUSINESS_TZ: the screens' "today" is the date there, as on the server. */
  timeZone: z.string(),
});
export type AppConfig = z.infer<typeof configResponse>;

/** `GET /api/health` when the database answers and can write. */
export const healthResponse = z.object({ status: z.literal('ok') });

/** `GET /api/health`'s 503: the database cannot be reached, or it cannot write (a full disk, read-only). */
export const healthProblemResponse = z.object({ status: z.enum(['unreachable', 'cannot-write']), message: z.string() });
