import type { AuthUser } from '@dairy/contract';
import { Alert, Button, Center, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setUnauthorizedHandler } from '../lib/api';
import { configQuery, PRODUCT_NAME } from '../lib/config';
import { applyLanguage, rememberedLanguage } from '../lib/i18n';
import { authStateQuery } from '../lib/session';
import { AuthCard } from './auth-card';

// Loaded only when someone must sign in: a signed-in first screen does without the form library.
const credentialsFormQuery = {
  queryKey: ['credentials-form'],
  queryFn: () => import('./credentials-form'),
  staleTime: Number.POSITIVE_INFINITY,
};

/** Nothing but sign-in (or, on a new installation, creating the first administrator) until signed in. */
export function AuthGate({ children, onSignedIn }: { children: ReactNode; onSignedIn: (user: AuthUser) => void }) {
  const queryClient = useQueryClient();
  const state = useQuery(authStateQuery);
  const { t } = useTranslation();
  // The signed-in user's language, else the one this browser last showed (the sign-in screen's).
  const wanted = state.data?.user?.language ?? rememberedLanguage();
  const language = useQuery({
    queryKey: ['language', wanted],
    queryFn: () => applyLanguage(wanted),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: !state.isPending,
  });
  // The shell reads the settings by suspending; asked here first, they are in when it draws. A first
  // render that suspends is shown no sooner than 300 ms after React drew its empty fallback.
  const settings = useQuery({ ...configQuery, enabled: Boolean(state.data?.user) });
  // The sign-in form's code, asked for (not suspended on) when nobody is signed in.
  const form = useQuery({ ...credentialsFormQuery, enabled: Boolean(state.data && !state.data.user) });
  useEffect(() => {
    setUnauthorizedHandler(() => void queryClient.invalidateQueries({ queryKey: authStateQuery.queryKey }));
  }, [queryClient]);

  // Once the state is known, the next screen needs the language's texts and, signed in, the
  // settings, else the sign-in form's code.
  const next = state.data?.user ? settings : form;
  const waiting = language.isPending || (state.data !== undefined && next.isPending);
  if (state.isPending || (waiting && !state.isError)) {
    return (
      <Center h="100vh">
        <Loader color="white" />
      </Center>
    );
  }
  if (state.isError) {
    return (
      <AuthCard title={PRODUCT_NAME}>
        <Alert color="red" title={t('signIn.unreachable')}>
          <Button mt="sm" size="xs" onClick={() => state.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      </AuthCard>
    );
  }
  if (!state.data.user) {
    // A form that could not load shows the error page, as any screen whose code fails.
    if (form.isError) throw form.error;
    const { CredentialsForm } = form.data!;
    if (state.data.setupRequired) return <CredentialsForm mode="setup" />;
    return <CredentialsForm mode="login" onSignedIn={onSignedIn} />;
  }
  return <>{children}</>;
}
