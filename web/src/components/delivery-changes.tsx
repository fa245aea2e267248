import {
  CHANGE_PAGE_SIZE,
  type ChangeBody,
  type ChangeKind,
  type ChangeRow,
  changeBody,
  changeDeletedResponse,
  changeListResponse,
  changeSavedResponse,
  changeTexts,
  consumptionListResponse,
  quantityWithUnit,
} from '@dairy/contract';
import { Alert, Button, Group, Modal, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { ApiError, call, everyPage, type PageWindow } from '../lib/api';
import { useBusinessToday, useLabel } from '../lib/config';
import { formatDate } from '../lib/format';
import { contractResolver, fieldProps } from '../lib/forms';
import { useInvalidatingMutation } from '../lib/mutations';
import { resourceKeys } from '../lib/query-keys';
import { confirmAction } from './confirm';
import { type Column, DataTable } from './data-table';
import { FormDateField } from './date-field';
import { notify } from './notify';
import { CustomerSelect } from './pickers';
import { QuantityField, quantityFieldValue } from './quantity-input';
import { ReadOnlyField } from './read-only-field';
import { FormStack } from './record-form';
import { SelectField } from './select-field';

/*
 * Delivery changes (pauses and temporary quantities): the list and the add/edit dialog, shared
 * by Pauses & Changes and Update User.
 */

export interface ChangesQuery {
  colonyCode?: string | null;
  customerId?: number | string | null;
  /** Current and upcoming from this date; null: every change. */
  activeOn: string | null;
  /** Changes listed beside the current and upcoming ones whatever their dates (those just saved). */
  keep?: readonly number[];
  /** Only the changes customers made through their page (docs/rules.md section 19). */
  byCustomer?: boolean;
  page: number;
}

const changeKeys = resourceKeys<ChangesQuery>('changes');

const fetchChanges = (query: ChangesQuery, window: PageWindow) =>
  call.get('/changes', changeListResponse, {
    ...window,
    colonyCode: query.colonyCode,
    customerId: query.customerId,
    activeOn: query.activeOn,
    keep: query.activeOn && query.keep?.length ? query.keep.join(',') : undefined,
    byCustomer: query.byCustomer ? 'true' : undefined,
  });

export function useChanges(query: ChangesQuery, enabled = true) {
  return useQuery({
    queryKey: changeKeys.list(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => fetchChanges(query, { limit: CHANGE_PAGE_SIZE, offset: query.page }),
  });
}

/** Every change the filters choose, in the list's order. */
export const allChanges = (query: ChangesQuery): Promise<ChangeRow[]> =>
  everyPage(
    (window) => fetchChanges(query, window),
    (list) => list.rows,
  );

/** A change corrects generated deliveries (and a customer's last delivery): those lists read again. */
const useChangeMutation = <TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) =>
  useInvalidatingMutation([changeKeys.all, ['transactions'], ['customer']], mutationFn);

/** One customer's consumptions: what the dialog offers besides 'All'. */
function useConsumptionsOf(customerId: string) {
  return useQuery({
    queryKey: ['consumption', 'of-customer', customerId],
    enabled: customerId !== '',
    queryFn: async () =>
      (await call.get('/consumptions', consumptionListResponse, { customerId, limit: 1000 })).consumptions,
  });
}

/** A change in words: 'Pause', 'Quantity 2.5 L'. */
const changeWords = (c: ChangeRow) =>
  c.kind === 'pause' || c.quantity === null ? 'Pause' : `Quantity ${quantityWithUnit(c.quantity, c.unit ?? '')}`;

// ---- the list ---------------------------------------------------------------------------

export function ChangesTable({
  query,
  onPage,
  onEdit,
  showCustomer,
  empty = 'No pauses or changes.',
}: {
  query: ChangesQuery;
  onPage: (page: number) => void;
  onEdit: (change: ChangeRow) => void;
  /** Route and Customer columns (a colony's list, not one customer's). */
  showCustomer: boolean;
  empty?: string;
}) {
  const label = useLabel();
  const list = useChanges(query);
  const remove = useChangeMutation((changeId: number) => call.delete(`/changes/${changeId}`, changeDeletedResponse));

  const askDelete = (change: ChangeRow) =>
    confirmAction('Are you sure you want to delete this change?', async () => {
      try {
        const { affected } = await remove.mutateAsync(change.changeId);
        notify.success(changeTexts.deleted);
        if (affected > 0) notify.success(changeTexts.corrected(affected));
      } catch (error) {
        notify.failure(error, changeTexts.deleteFailed);
      }
    });

  const rowName = (c: ChangeRow) => `${c.customerName} ${formatDate(c.fromDate)}`;
  const columns: Column<ChangeRow>[] = [
    ...(showCustomer
      ? [
          { header: 'Route', cell: (c: ChangeRow) => c.route },
          { header: 'Customer', cell: (c: ChangeRow) => c.customerName },
        ]
      : []),
    { header: label('{product}'), key: 'product', cell: (c) => c.productName ?? 'All' },
    { header: 'Change', cell: changeWords },
    { header: 'From', cell: (c) => formatDate(c.fromDate) },
    { header: 'To', cell: (c) => (c.toDate ? formatDate(c.toDate) : 'Until further notice') },
    { header: 'Reason', cell: (c) => c.reason ?? '' },
    { header: 'By', cell: (c) => c.createdBy },
    {
      header: 'Action',
      cell: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => onEdit(c)} aria-label={`Edit ${rowName(c)}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => askDelete(c)}
            aria-label={`Delete ${rowName(c)}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      query={list}
      failure={changeTexts.loadFailed}
      rows={list.data?.rows ?? []}
      rowKey={(c) => c.changeId}
      columns={columns}
      empty={empty}
      minWidth={showCustomer ? 900 : 700}
      paging={{ page: query.page, totalPages: list.data?.totalPages ?? 0, onChange: onPage }}
    />
  );
}

// ---- the dialog -------------------------------------------------------------------------

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
    for (const e of placed) form.setError(e.path as keyof ChangeFormValues, { message: e.message });
    if (placed.length === 0) form.setError('root.server', { message: error.message });
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ changeId: change?.changeId, body: body as ChangeBody });
      onSaved?.(saved.change);
      notify.success(change ? changeTexts.updated : changeTexts.added);
      if (saved.affected > 0) notify.success(changeTexts.corrected(saved.affected));
      onClose();
    } catch (error) {
      showProblems(error);
      notify.failure(error, changeTexts.saveFailed);
    }
  });

  return (
    <Modal opened onClose={onClose} title={change ? 'Edit Change' : 'Add Change'} size="lg">
      <FormStack onSubmit={submit}>
        {fixedName !== undefined ? (
          <ReadOnlyField label="Customer" value={fixedName} />
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
          label="Consumption"
          disabled={customerId === ''}
          data={[
            { value: ALL, label: 'All' },
            ...(consumptions.data ?? []).map((c) => ({
              value: String(c.consumptionId),
              label: `${c.product.productName} (${c.combinations.combinationDays})`,
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
            <Radio.Group label="Kind" value={field.value} onChange={field.onChange} error={errors.kind?.message}>
              <Group mt="xs">
                <Radio value="pause" label="Pause" />
                <Radio value="quantity" label="Quantity change" />
              </Group>
            </Radio.Group>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormDateField
            name="fromDate"
            control={form.control}
            rules={{ deps: ['toDate'] }}
            label="From Date"
            error={errors.fromDate?.message}
          />
          <FormDateField
            name="toDate"
            control={form.control}
            clearable
            label="To Date"
            description={kind === 'pause' ? 'Empty: until further notice' : undefined}
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
        <TextInput label="Reason" {...fieldProps(form, 'reason')} />
        {errors.root?.server?.message && (
          <Alert color="red" role="alert">
            {errors.root.server.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save
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
