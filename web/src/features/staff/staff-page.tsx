import {
  type Role,
  roles,
  type StaffAddBody,
  type StaffRow,
  type StaffUpdateBody,
  staffAddBody,
  staffPasswordBody,
  staffTexts,
  staffUpdateBody,
} from '@dairy/contract';
import { Badge, Button, Checkbox, Group, Modal, MultiSelect, PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { useColonyOptions } from '../../components/pickers';
import { FormStack } from '../../components/record-form';
import { SelectField } from '../../components/select-field';
import { ApiError } from '../../lib/api';
import { useAppConfig } from '../../lib/config';
import { formatInstant } from '../../lib/format';
import { contractResolver, fieldProps } from '../../lib/forms';
import { useAddStaff, useResetPassword, useStaff, useUpdateStaff } from './api';

const same = (text: string) => text;

/** What was open: adding, changing a member, or a member's new password. */
type Dialog = { kind: 'add' } | { kind: 'edit'; row: StaffRow } | { kind: 'password'; row: StaffRow } | null;

/** Staff (/staff, admins): who signs in, their role and a collector's colonies (docs/rules.md section 15). */
export function StaffPage() {
  const list = useStaff();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const { timeZone } = useAppConfig();
  const { t } = useTranslation();

  const columns: Column<StaffRow>[] = [
    { header: t('staff.username'), cell: (r) => r.username },
    { header: t('staff.role'), cell: (r) => t(`staff.roles.${r.role}`) },
    {
      header: t('staff.colonies'),
      cell: (r) => (r.role === 'collector' ? r.colonies.join(', ') : t('staff.allColonies')),
    },
    {
      header: t('staff.status'),
      cell: (r) =>
        r.disabled ? (
          <Badge color="gray" variant="light">
            {t('staff.disabled')}
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            {t('staff.enabled')}
          </Badge>
        ),
    },
    { header: t('staff.createdAt'), cell: (r) => formatInstant(r.createdAt, timeZone) },
    {
      header: t('staff.action'),
      cell: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'edit', row: r })}>
            {t('staff.edit')}
          </Button>
          <Button size="xs" variant="light" color="gray" onClick={() => setDialog({ kind: 'password', row: r })}>
            {t('staff.resetPassword')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <PageCard
      title={t('staff.title')}
      actions={<Button onClick={() => setDialog({ kind: 'add' })}>{t('staff.add')}</Button>}
    >
      <DataTable
        query={list}
        failure={staffTexts.loadFailed}
        rows={list.data?.rows ?? []}
        rowKey={(r) => r.userId}
        columns={columns}
        empty={t('staff.empty')}
        minWidth={760}
      />
      <Modal opened={dialog?.kind === 'add'} onClose={close} title={t('staff.add')}>
        {dialog?.kind === 'add' && <AddStaffForm onDone={close} />}
      </Modal>
      <Modal
        opened={dialog?.kind === 'edit'}
        onClose={close}
        title={dialog?.kind === 'edit' ? t('staff.editTitle', { username: dialog.row.username }) : ''}
      >
        {dialog?.kind === 'edit' && <EditStaffForm row={dialog.row} onDone={close} />}
      </Modal>
      <Modal
        opened={dialog?.kind === 'password'}
        onClose={close}
        title={dialog?.kind === 'password' ? t('staff.passwordTitle', { username: dialog.row.username }) : ''}
      >
        {dialog?.kind === 'password' && <PasswordForm row={dialog.row} onDone={close} />}
      </Modal>
    </PageCard>
  );
}

/** The server's field messages beside the fields; the message alone in a toast otherwise. */
function showFailure(error: unknown, failed: string, setError: (path: string, message: string) => void) {
  const fields = (error instanceof ApiError ? error.errors : undefined) ?? [];
  for (const problem of fields) setError(problem.path, problem.message);
  notify.failure(error, failed);
}

/** Role, and a collector's colonies (shown only for a collector). */
function RoleFields<T extends { role: Role; colonies: string[] }>({ control }: { control: Control<T> }) {
  const colonies = useColonyOptions();
  const { t } = useTranslation();
  const roleOptions = roles.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }));
  const role = useWatch({ control: control as unknown as Control<{ role: Role }>, name: 'role' });
  const options = (colonies.data?.rows ?? []).map((c) => ({
    value: c.colonyCode,
    label: `${c.colonyCode} - ${c.colonyName}`,
  }));
  return (
    <>
      <SelectField
        control={control as unknown as Control<{ role: Role }>}
        name="role"
        label={t('staff.role')}
        data={roleOptions}
        withAsterisk
      />
      {role === 'collector' && (
        <Controller
          control={control as unknown as Control<{ colonies: string[] }>}
          name="colonies"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={t('staff.colonies')}
              placeholder={t('staff.chooseColonies')}
              data={options}
              searchable
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              withAsterisk
            />
          )}
        />
      )}
    </>
  );
}

function AddStaffForm({ onDone }: { onDone: () => void }) {
  const add = useAddStaff();
  const { t } = useTranslation();
  const form = useForm<StaffAddBody & { role: Role; colonies: string[] }>({
    resolver: contractResolver(staffAddBody, same),
    defaultValues: { username: '', password: '', role: 'operator', colonies: [] },
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      notify.success(staffTexts.added);
      onDone();
    } catch (error) {
      showFailure(error, staffTexts.addFailed, (path, message) => form.setError(path as 'username', { message }));
    }
  });
  return (
    <FormStack onSubmit={submit}>
      <TextInput label={t('staff.username')} withAsterisk {...fieldProps(form, 'username')} />
      <PasswordInput label={t('staff.password')} withAsterisk {...fieldProps(form, 'password')} />
      <RoleFields control={form.control} />
      <Button type="submit" loading={isSubmitting} w="fit-content">
        {t('staff.addButton')}
      </Button>
    </FormStack>
  );
}

function EditStaffForm({ row, onDone }: { row: StaffRow; onDone: () => void }) {
  const update = useUpdateStaff();
  const { t } = useTranslation();
  const form = useForm<StaffUpdateBody & { role: Role; colonies: string[]; disabled: boolean }>({
    resolver: contractResolver(staffUpdateBody, same),
    defaultValues: { role: row.role, colonies: row.colonies, disabled: row.disabled },
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ userId: row.userId, body: values });
      notify.success(staffTexts.updated);
      onDone();
    } catch (error) {
      showFailure(error, staffTexts.updateFailed, (path, message) => form.setError(path as 'role', { message }));
    }
  });
  return (
    <FormStack onSubmit={submit}>
      <RoleFields control={form.control} />
      <Checkbox label={t('staff.disabledCheck')} {...form.register('disabled')} />
      <Button type="submit" loading={isSubmitting} w="fit-content">
        {t('common.save')}
      </Button>
    </FormStack>
  );
}

function PasswordForm({ row, onDone }: { row: StaffRow; onDone: () => void }) {
  const reset = useResetPassword();
  const { t } = useTranslation();
  const form = useForm<{ password: string }>({
    resolver: contractResolver(staffPasswordBody, same),
    defaultValues: { password: '' },
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ userId: row.userId, password });
      notify.success(staffTexts.passwordReset);
      onDone();
    } catch (error) {
      showFailure(error, staffTexts.resetFailed, (_path, message) => form.setError('password', { message }));
    }
  });
  return (
    <FormStack onSubmit={submit}>
      <PasswordInput label={t('staff.newPassword')} withAsterisk {...fieldProps(form, 'password')} />
      <Button type="submit" loading={isSubmitting} w="fit-content">
        {t('staff.changePassword')}
      </Button>
    </FormStack>
  );
}
