import { type AuthUser, type Credentials, credentialsBody, loginBody } from '@dairy/contract';
import { Alert, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormStack } from '../components/record-form';
import { ApiError } from '../lib/api';
import { PRODUCT_NAME } from '../lib/config';
import { contractResolver, fieldProps } from '../lib/forms';
import { translateKnown } from '../lib/i18n';
import { authStateQuery, signIn } from '../lib/session';
import { AuthCard } from './auth-card';

/** Sign-in, or the first administrator's setup (which opens the home page's getting-started guide). */
export function CredentialsForm({
  mode,
  onSignedIn,
}: {
  mode: 'setup' | 'login';
  onSignedIn?: (user: AuthUser) => void;
}) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Credentials>({
    resolver: contractResolver(mode === 'setup' ? credentialsBody : loginBody, (text) => text),
    defaultValues: { username: '', password: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { user } = await signIn(mode, values);
      onSignedIn?.(user);
      await queryClient.invalidateQueries({ queryKey: authStateQuery.queryKey });
    } catch (error) {
      // No spec text to fall back on here: the server's reason, or what went wrong on the way.
      setFailure(error instanceof ApiError ? translateKnown(error.message) : t('signIn.wentWrong'));
    }
  });
  const { isSubmitting } = form.formState;
  return (
    <AuthCard title={mode === 'setup' ? t('signIn.setupTitle') : t('signIn.title', { product: PRODUCT_NAME })}>
      {mode === 'setup' && (
        <Text size="sm" mb="md">
          {t('signIn.setupIntro')}
        </Text>
      )}
      <FormStack onSubmit={submit}>
        <TextInput label={t('signIn.username')} autoComplete="username" {...fieldProps(form, 'username')} />
        <PasswordInput
          label={t('signIn.password')}
          autoComplete={mode === 'setup' ? 'new-password' : 'current-password'}
          {...fieldProps(form, 'password')}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={isSubmitting}>
          {mode === 'setup' ? t('signIn.createAdmin') : t('signIn.signIn')}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
