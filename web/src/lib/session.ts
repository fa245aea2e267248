import type { AuthState } from '@dairy/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { setReadsUser } from './offline-reads';
import { mayOpen } from './paths';

export const authStateQuery = {
  queryKey: ['auth', 'state'],
  queryFn: async () => {
    const state = await api.get<AuthState>('/auth/state');
    // Before any screen reads: whose kept answers they see (docs/rules.md section 20).
    setReadsUser(state.user?.username ?? null);
    return state;
  },
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
