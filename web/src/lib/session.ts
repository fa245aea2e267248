import { type AuthState, authStateResponse, type Credentials, msgResponse, userResponse } from '@dairy/contract';
import { useQuery } from '@tanstack/react-query';
import { call, forgetEarly } from './api';
import { setReadsUser } from './offline-reads';
import { mayOpen } from './paths';

export const authStateQuery = {
  queryKey: ['auth', 'state'],
  queryFn: async () => {
    const state = await call.get('/auth/state', authStateResponse);
    // Before any screen reads: whose kept answers they see (docs/rules.md section 20).
    setReadsUser(state.user?.username ?? null);
    return state;
  },
};

/** Signs in, or (on a new installation) creates the first administrator and signs them in. */
export const signIn = (mode: 'setup' | 'login', credentials: Credentials) => {
  forgetEarly();
  return call.post(mode === 'setup' ? '/auth/setup' : '/auth/login', userResponse, credentials);
};

export const signOut = () => {
  forgetEarly();
  return call.post('/auth/logout', msgResponse);
};

/** The signed-in user; only for screens inside the sign-in gate, where one exists. */
export function useCurrentUser(): NonNullable<AuthState['user']> {
  const user = useQuery(authStateQuery).data?.user;
  if (!user) throw new Error('useCurrentUser outside the sign-in gate');
  return user;
}

/**
 * Whether the signed-in user may open the screen at `path`: a screen offers an action only to
 * those who may open the screen that does it (Generate: `paths.generateTransactions`).
 */
export function useMayOpen(path: string): boolean {
  return mayOpen(useCurrentUser().role, path);
}
