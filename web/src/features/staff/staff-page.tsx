import {
  type Role,
  roleLabels,
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

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));
const same = (text: string) => text;

/** What was open: adding, changing a member, or a member's new password. */
type Dialog = { kind: 'add' } | { kind: 'edit'; row: StaffRow } | { kind: 'password'; row: StaffRow } | null;

/** Staff (/staff, admins): who signs in, their role and a collector's colonies (docs/rules.md section 15). */
export function StaffPage() {
  const list = useStaff();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const { timeZone } = useAppConfig();

  const columns: Column<StaffRow>[] = [
    { header: 'Username', cell: (r) => r.username },
    { header: 'Role', cell: (r) => roleLabels[r.role] },
    { header: 'Colonies', cell: (r) => (r.role === 'collector' ? r.colonies.join(', ') : 'All') },
    {
      header: 'Status',
      cell: (r) =>
        r.disabled ? (
          <Badge color="gray" variant="light">
            Disabled
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            Enabled
          </Badge>
        ),
    },
    { header: 'Created At', cell: (r) => formatInstant(r.createdAt, timeZone) },
    {
      header: 'Action',
      cell: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'edit', row: r })}>
            Edit
          </Button>
          <Button size="xs" variant="light" color="gray" onClick={() => setDialog({ kind: 'password', row: r })}>
            Reset Password
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <PageCard title="Staff" actions={<Button onClick={() => setDialog({ kind: 'add' })}>Add Staff</Button>}>
      <DataTable
        query={list}
        failure={staffTexts.loadFailed}
        rows={list.data?.rows ?? []}
        rowKey={(r) => r.userId}
        columns={columns}
        empty="No staff"
        minWidth={760}
      />
      <Modal opened={dialog?.kind === 'add'} onClose={close} title="Add Staff">
        {dialog?.kind === 'add' && <AddStaffForm onDone={close} />}
      </Modal>
      <Modal
        opened={dialog?.kind === 'edit'}
        onClose={close}
        title={dialog?.kind === 'edit' ? `Edit ${dialog.row.username}` : ''}
      >
        {dialog?.kind === 'edit' && <EditStaffForm row={dialog.row} onDone={close} />}
      </Modal>
      <Modal
        opened={dialog?.kind === 'password'}
        onClose={close}
        title={dialog?.kind === 'password' ? `Reset the password of ${dialog.row.username}` : ''}
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
        label="Role"
        data={roleOptions}
        withAsterisk
      />
      {role === 'collector' && (
        <Controller
          control={control as unknown as Control<{ colonies: string[] }>}
          name="colonies"
          render={({ field, fieldState }) => (
            <MultiSelect
              label="Colonies"
              placeholder="Choose the colonies"
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
      <TextInput label="Username" withAsterisk {...fieldProps(form, 'username')} />
      <PasswordInput label="Password" withAsterisk {...fieldProps(form, 'password')} />
      <RoleFields control={form.control} />
      <Button type="submit" loading={isSubmitting} w="fit-content">
        Add
      </Button>
    </FormStack>
  );
}

function EditStaffForm({ row, onDone }: { row: StaffRow; onDone: () => void }) {
  const update = useUpdateStaff();
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
      <Checkbox label="Disabled (cannot sign in)" {...form.register('disabled')} />
      <Button type="submit" loading={isSubmitting} w="fit-content">
        Save
      </Button>
    </FormStack>
  );
}

function PasswordForm({ row, onDone }: { row: StaffRow; onDone: () => void }) {
  const reset = useResetPassword();
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
      <PasswordInput label="New Password" withAsterisk {...fieldProps(form, 'password')} />
      <Button type="submit" loading={isSubmitting} w="fit-content">
        Change Password
      </Button>
    </FormStack>
  );
}
