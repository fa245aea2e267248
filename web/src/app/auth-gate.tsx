import { type AuthUser, type Credentials, credentialsBody, loginBody, userResponse } from '@dairy/contract';
import { Alert, Button, Center, Loader, Paper, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormStack } from '../components/record-form';
import { ApiError, call, setUnauthorizedHandler } from '../lib/api';
import { contractResolver, fieldProps } from '../lib/forms';
import { authStateQuery } from '../lib/session';
import { PRODUCT_NAME } from './layout';

/** Nothing but sign-in (or, on a new installation, creating the first administrator) until signed in. */
export function AuthGate({ children, onSignedIn }: { children: ReactNode; onSignedIn: (user: AuthUser) => void }) {
  const queryClient = useQueryClient();
  const state = useQuery(authStateQuery);
  useEffect(() => {
    setUnauthorizedHandler(() => void queryClient.invalidateQueries({ queryKey: authStateQuery.queryKey }));
  }, [queryClient]);

  if (state.isPending) {
    return (
      <Center h="100vh">
        <Loader color="white" />
      </Center>
    );
  }
  if (state.isError) {
    return (
      <AuthCard title={PRODUCT_NAME}>
        <Alert color="red" title="The server cannot be reached.">
          <Button mt="sm" size="xs" onClick={() => state.refetch()}>
            Retry
          </Button>
        </Alert>
      </AuthCard>
    );
  }
  if (state.data.setupRequired) return <CredentialsForm mode="setup" />;
  if (!state.data.user) return <CredentialsForm mode="login" onSignedIn={onSignedIn} />;
  return <>{children}</>;
}

function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper shadow="lg" radius="md" p="xl" w="100%" maw={420}>
        <Title order={2} mb="md">
          {title}
        </Title>
        {children}
      </Paper>
    </Center>
  );
}

/** Sign-in, or the first administrator's setup (which opens the home page's getting-started guide). */
function CredentialsForm({ mode, onSignedIn }: { mode: 'setup' | 'login'; onSignedIn?: (user: AuthUser) => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Credentials>({
    resolver: contractResolver(mode === 'setup' ? credentialsBody : loginBody, (t) => t),
    defaultValues: { username: '', password: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { user } = await call.post(mode === 'setup' ? '/auth/setup' : '/auth/login', userResponse, values);
      onSignedIn?.(user);
      await queryClient.invalidateQueries({ queryKey: authStateQuery.queryKey });
    } catch (error) {
      // No spec text to fall back on here: the server's reason, or what went wrong on the way.
      setFailure(error instanceof ApiError ? error.message : 'Something went wrong.');
    }
  });
  const { isSubmitting } = form.formState;
  return (
    <AuthCard title={mode === 'setup' ? 'Create the first administrator' : `Sign in to ${PRODUCT_NAME}`}>
      {mode === 'setup' && (
        <Text size="sm" mb="md">
          This is a new installation. Choose the name and password of its first administrator.
        </Text>
      )}
      <FormStack onSubmit={submit}>
        <TextInput label="Username" autoComplete="username" {...fieldProps(form, 'username')} />
        <PasswordInput
          label="Password"
          autoComplete={mode === 'setup' ? 'new-password' : 'current-password'}
          {...fieldProps(form, 'password')}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={isSubmitting}>
          {mode === 'setup' ? 'Create administrator' : 'Sign in'}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
