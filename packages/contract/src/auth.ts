import { z } from 'zod';
import { language, languageTexts } from './language';
import { roles } from './staff';

export const authTexts = {
  signInRequired: 'Sign in required',
  invalidCredentials: 'Invalid username or password',
  usernameRequired: "Username can't be empty!",
  passwordMin: 'Password must contain at least 8 characters',
  setupDone: 'The first administrator already exists.',
  signedOut: 'Signed out',
  /** An address past its failed sign-ins (docs/rules.md section 24). */
  tooManyFromAddress: 'Too many attempts. Try again in a few minutes.',
} as const;

/** The answer to a sign-in that must wait: the wait rounded up, in seconds under a minute. */
export function tooManyAttemptsText(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed attempts. Wait ${wait} and try again.`;
}

/** The signed-in user: a collector's `colonies` are where they work; other roles have none. */
export const authUser = z.object({ username: z.string(), role: z.enum(roles), colonies: z.array(z.string()) });
export type AuthUser = z.infer<typeof authUser>;

/** `PUT /api/auth/language`: the signed-in user's own language. */
export const languageBody = z.object({ language }, { error: languageTexts.invalid });

/** The sign-in state's user carries their language, which the screens apply at sign-in. */
export const authStateResponse = z.object({
  setupRequired: z.boolean(),
  user: authUser.extend({ language }).nullable(),
});
export type AuthState = z.infer<typeof authStateResponse>;

export const credentialsBody = z.object({
  username: z
    .string({ error: authTexts.usernameRequired })
    .trim()
    .min(1, { error: authTexts.usernameRequired })
    .max(100, { error: 'Username must be at most 100 characters' }),
  password: z
    .string({ error: authTexts.passwordMin })
    .min(8, { error: authTexts.passwordMin })
    .max(1000, { error: 'Password must be at most 1000 characters' }),
});
export type Credentials = z.input<typeof credentialsBody>;

/** Sign-in checks only that something was typed; length rules apply when a password is set. */
export const loginBody = z.object({
  username: z
    .string({ error: authTexts.usernameRequired })
    .trim()
    .min(1, { error: authTexts.usernameRequired })
    .max(100),
  password: z.string({ error: "Password can't be empty!" }).min(1, { error: "Password can't be empty!" }).max(1000),
});

export const userResponse = z.object({ user: authUser });
