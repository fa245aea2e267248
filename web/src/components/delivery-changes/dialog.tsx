import {
  type ChangeBody,
  type ChangeKind,
  type ChangeRow,
  changeBody,
  changeSavedResponse,
  changeTexts,
} from '@dairy/contract';
import { Alert, Button, Group, Modal, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../lib/api';
import { useBusinessToday, useLabel } from '../../lib/config';
import { daysText } from '../../lib/day-names';
import { contractResolver, fieldProps } from '../../lib/forms';
import { translateKnown } from '../../lib/i18n';
import { FormDateField } from '../form-date-field';
import { notify } from '../notify';
import { CustomerSelect } from '../pickers';
import { QuantityField, quantityFieldValue } from '../quantity-input';
import { ReadOnlyField } from '../read-only-field';
import { FormStack } from '../record-form';
import { SelectField } from '../select-field';
import { useChangeMutation, useConsumptionsOf } from './calls';

/* The add/edit dialog of a delivery change (a pause or a temporary quantity). */

/** The consumption picker's value for a change of every consumption. */
const ALL = 'all';

type ChangeFormValues = {
  customerId: string;
  consumptionId: string;
  kind: ChangeKind;
  fromDate: string;
  toDate: string;
  quantity: number | string;
  reason: string;
};
const FIELDS = new Set(['customerId', 'consumptionId', 'kind', 'fromDate', 'toDate', 'quantity', 'reason']);

/** What the form sends: 'All' is no consumption, and a pause has no quantity. */
function toBody(values: ChangeFormValues): ChangeBody {
  return {
    customerId: values.customerId,
    consumptionId: values.consumptionId === ALL ? undefined : values.consumptionId,
    kind: values.kind,
    fromDate: values.fromDate,
    toDate: values.toDate,
    quantity: values.kind === 'quantity' ? values.quantity : undefined,
    reason: values.reason,
  };
}

export interface FixedCustomer {
  customerId: number;
  customerName: string;
}

function ChangeDialog({
  change,
  colonyCode,
  customer,
  onSaved,
  onClose,
}: {
  /** The change to edit; none: a new one. */
  change?: ChangeRow | undefined;
  /** Whose customers a new change may be for, when no customer is fixed. */
  colonyCode: string | null;
  customer?: FixedCustomer | undefined;
  onSaved?: ((change: ChangeRow) => void) | undefined;
  onClose: () => void;
}) {
  const label = useLabel();
  const { t } = useTranslation();
  const today = useBusinessToday();
  const save = useChangeMutation(({ changeId, body }: { changeId?: number; body: ChangeBody }) =>
    changeId === undefined
      ? call.post('/changes', changeSavedResponse, body)
      : call.put(`/changes/${changeId}`, changeSavedResponse, body),
  );
  const validate = contractResolver<ChangeBody>(changeBody, label);
  const resolver: Resolver<ChangeFormValues> = (values, context, options) =>
    validate(toBody(values), context, options as never) as never;
  const form = useForm<ChangeFormValues>({
    resolver,
    defaultValues: change
      ? {
          customerId: String(change.customerId),
          consumptionId: change.consumptionId === null ? ALL : String(change.consumptionId),
          kind: change.kind,
          fromDate: change.fromDate,
          toDate: change.toDate ?? '',
          quantity: change.quantity === null ? 1 : quantityFieldValue(change.quantity),
          reason: change.reason ?? '',
        }
      : {
          customerId: customer ? String(customer.customerId) : '',
          consumptionId: ALL,
          kind: 'pause',
          fromDate: today,
          toDate: '',
          quantity: 1,
          reason: '',
        },
  });
  const { errors, isSubmitting } = form.formState;
  const [customerId, consumptionId, kind] = form.watch(['customerId', 'consumptionId', 'kind']);
  const consumptions = useConsumptionsOf(customerId);
  const chosen = consumptions.data?.find((c) => String(c.consumptionId) === consumptionId);
  const revalidate = { shouldValidate: form.formState.isSubmitted };
  const fixedName = change?.customerName ?? customer?.customerName;

  /** The server's problems beside their fields; one that names no field above the buttons. */
  const showProblems = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.status) return;
    const placed = (error.errors ?? []).filter((e) => FIELDS.has(e.path));
    for (const e of placed)
      form.setError(e.path as keyof ChangeFormValues, { message: label(translateKnown(e.message)) });
    if (placed.length === 0) form.setError('root.server', { message: label(translateKnown(error.message)) });
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ changeId: change?.changeId, body: body as ChangeBody });
      onSaved?.(saved.change);
      notify.success(change ? changeTexts.updated : changeTexts.added);
      if (saved.affected > 0) notify.success(t('change.corrected', { count: saved.affected }));
      onClose();
    } catch (error) {
      showProblems(error);
      notify.failure(error, changeTexts.saveFailed);
    }
  });

  return (
    <Modal opened onClose={onClose} title={change ? t('change.edit') : t('change.add')} size="lg">
      <FormStack onSubmit={submit}>
        {fixedName !== undefined ? (
          <ReadOnlyField label={t('common.customer')} value={fixedName} />
        ) : (
          <Controller
            name="customerId"
            control={form.control}
            render={({ field }) => (
              <CustomerSelect
                activeOnly
                colonyCode={colonyCode}
                value={field.value || null}
                onChange={(value) => {
                  field.onChange(value ?? '');
                  // A consumption is the customer's own: another customer starts at 'All'.
                  form.setValue('consumptionId', ALL, revalidate);
                }}
                error={errors.customerId?.message}
              />
            )}
          />
        )}
        <SelectField
          name="consumptionId"
          control={form.control}
          label={t('change.consumption')}
          disabled={customerId === ''}
          data={[
            { value: ALL, label: t('change.all') },
            ...(consumptions.data ?? []).map((c) => ({
              value: String(c.consumptionId),
              label: `${c.product.productName} (${daysText(c.combinations.combinationDays)})`,
            })),
          ]}
          error={errors.consumptionId?.message}
        />
        <Controller
          name="kind"
          control={form.control}
          // The kind decides what the other fields must hold: their messages follow it.
          rules={{ deps: ['consumptionId', 'toDate', 'quantity'] }}
          render={({ field }) => (
            <Radio.Group
              label={t('change.kind')}
              value={field.value}
              onChange={field.onChange}
              error={errors.kind?.message}
            >
              <Group mt="xs">
                <Radio value="pause" label={t('change.pause')} />
                <Radio value="quantity" label={t('change.quantityChange')} />
              </Group>
            </Radio.Group>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormDateField
            name="fromDate"
            control={form.control}
            rules={{ deps: ['toDate'] }}
            label={t('change.fromDate')}
            error={errors.fromDate?.message}
          />
          <FormDateField
            name="toDate"
            control={form.control}
            clearable
            label={t('change.toDate')}
            description={kind === 'pause' ? t('change.toDateHint') : undefined}
            error={errors.toDate?.message}
          />
        </SimpleGrid>
        {kind === 'quantity' && (
          <QuantityField
            name="quantity"
            control={form.control}
            unit={chosen?.product.unit}
            error={errors.quantity?.message}
          />
        )}
        <TextInput label={t('change.reason')} {...fieldProps(form, 'reason')} />
        {errors.root?.server?.message && (
          <Alert color="red" role="alert">
            {errors.root.server.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('common.save')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}

/**
 * The add/edit dialog of a list: `openNew()` or `openEdit(change)`, and `element` to render.
 * `customer` fixes the customer (Update User); otherwise a new change picks one of `colonyCode`.
 * `onSaved` hears of each change saved.
 */
export function useChangeDialog(options: {
  colonyCode: string | null;
  customer?: FixedCustomer;
  onSaved?: (change: ChangeRow) => void;
}): {
  openNew: () => void;
  openEdit: (change: ChangeRow) => void;
  element: ReactNode;
} {
  const [editing, setEditing] = useState<{ change?: ChangeRow; opened: number } | null>(null);
  return {
    openNew: () => setEditing({ opened: Date.now() }),
    openEdit: (change) => setEditing({ change, opened: Date.now() }),
    element: editing && (
      <ChangeDialog
        key={editing.opened}
        change={editing.change}
        colonyCode={options.colonyCode}
        customer={options.customer}
        onSaved={options.onSaved}
        onClose={() => setEditing(null)}
      />
    ),
  };
}
