import {
  customerLinkDeletedResponse,
  customerLinkResponse,
  customerPageLine,
  type Language,
  whatsappLink,
} from '@dairy/contract';
import { Alert, Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Trans } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { ApiError, call } from '../../lib/api';
import { useAppConfig } from '../../lib/config';
import { formatInstant } from '../../lib/format';
import { useInvalidatingMutation } from '../../lib/mutations';
import { useCustomerPageTexts } from './customer-page-texts';

const linkKey = (customerId: number) => ['customer-link', customerId] as const;

/** The customer's link, or null while they have none (the call's 404). */
function useCustomerLink(customerId: number) {
  return useQuery({
    queryKey: linkKey(customerId),
    queryFn: async () => {
      try {
        return await call.get(`/customer-links/${customerId}`, customerLinkResponse);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/**
 * 'Customer page' (docs/rules.md section 19): make the customer's private link (a new one replaces
 * the old at once), copy it, send it on WhatsApp, delete it, and see when it was last opened.
 */
export function CustomerPagePanel({
  customer,
  titled = true,
}: {
  customer: { customerId: number; customerName: string; contactNumber: string; language: Language };
  /** False inside a dialog that already bears the title. */
  titled?: boolean;
}) {
  const t = useCustomerPageTexts();
  const { timeZone } = useAppConfig();
  const fieldId = useId();
  const current = useCustomerLink(customer.customerId);
  const keys = [linkKey(customer.customerId)];
  const make = useInvalidatingMutation(keys, () =>
    call.post(`/customer-links/${customer.customerId}`, customerLinkResponse),
  );
  const remove = useInvalidatingMutation(keys, () =>
    call.delete(`/customer-links/${customer.customerId}`, customerLinkDeletedResponse),
  );
  const link = current.data;
  const when = (iso: string) => formatInstant(iso, timeZone);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify.success(done);
    } catch (error) {
      notify.failure(error, t.saveFailed);
    }
  };
  const create = () =>
    link
      ? confirmAction(t.confirmRenew, () => run(() => make.mutateAsync(), t.made))
      : run(() => make.mutateAsync(), t.made);
  const erase = () => confirmAction(t.confirmDelete, () => run(() => remove.mutateAsync(), t.deleted));
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t.copied);
    } catch {
      // No clipboard (a page served over plain HTTP on a LAN): the link is in the box to copy by hand.
      notify.warning(t.copyFailed);
      document.getElementById(fieldId)?.focus();
    }
  };
  const whatsApp = link?.url
    ? whatsappLink(customer.contactNumber, customerPageLine(link.url, customer.language))
    : null;

  return (
    <section aria-label={t.title}>
      {titled && (
        <Title order={3} mb="xs">
          {t.title}
        </Title>
      )}
      <Text size="sm" c="dimmed" mb="sm">
        {t.intro}
      </Text>
      {current.isError ? (
        <Alert color="red" role="alert">
          {t.loadFailed}
        </Alert>
      ) : current.isPending ? (
        <Text size="sm">{t.loading}</Text>
      ) : (
        <Stack gap="sm" maw={640}>
          {!link && <Text>{t.noLink}</Text>}
          {link && (
            <>
              {link.url ? (
                <TextInput
                  id={fieldId}
                  label={t.link}
                  value={link.url}
                  readOnly
                  onFocus={(e) => e.currentTarget.select()}
                />
              ) : (
                <Alert color="yellow">
                  <Trans i18nKey="customer.page.noPublicUrl" components={{ code: <Code /> }} />
                </Alert>
              )}
              <Text size="sm">
                {t.created(when(link.createdAt))} ·{' '}
                {link.lastSeenAt ? t.lastOpened(when(link.lastSeenAt)) : t.neverOpened}
              </Text>
            </>
          )}
          <Group gap="xs">
            <Button size="xs" onClick={create} loading={make.isPending}>
              {link ? t.renew : t.create}
            </Button>
            {link?.url && (
              <Button size="xs" variant="light" onClick={() => copy(link.url ?? '')}>
                {t.copy}
              </Button>
            )}
            {link?.url &&
              (whatsApp ? (
                <Button
                  size="xs"
                  variant="light"
                  color="green"
                  component="a"
                  href={whatsApp}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t.send}
                </Button>
              ) : (
                <Text size="xs" c="dimmed">
                  {t.noWhatsApp}
                </Text>
              ))}
            {link && (
              <Button size="xs" variant="light" color="red" onClick={erase} loading={remove.isPending}>
                {t.remove}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </section>
  );
}
