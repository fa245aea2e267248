import type { PreviewPaymentRow } from '@dairy/contract';
import { Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { MoneyInput } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { MonthSelect, YearSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { ApiError } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { formatRupees } from '../../lib/format';
import { useGeneratePayments, usePaymentColonies, usePreviewPayments } from './api';
import { ProductLines } from './payment-cells';

/** Generate Payment (/payments/add): form, preview dialog, then 'Confirm & Generate'. */
export function GeneratePaymentPage() {
  const label = useLabel();
  const colonies = usePaymentColonies();
  const preview = usePreviewPayments();
  const generate = useGeneratePayments();
  const [colony, setColony] = useState<string | null>(null);
  const [charges, setCharges] = useState<number | string>('');
  const [month, setMonth] = useState<string | null>(null);
  const [year, setYear] = useState<string | null>(null);
  const [rows, setRows] = useState<PreviewPaymentRow[] | null>(null);

  const options = (colonies.data ?? [])
    .filter((c) => c.disable === 0)
    .map((c) => ({ value: c.colonyCode, label: c.colonyName }));

  const chooseColony = (code: string | null) => {
    setColony(code);
    // The service charge starts as the colony's and stays editable.
    setCharges(colonies.data?.find((c) => c.colonyCode === code)?.charges ?? '');
  };

  const body = () => ({
    colony: colony ?? '',
    month: Number(month),
    year: Number(year),
    ...(charges === '' ? {} : { charges: String(charges) }),
  });

  const showPreview = async () => {
    if (!colony || !month || !year) {
      notify.error('Please select all fields.');
      return;
    }
    try {
      const data = await preview.mutateAsync(body());
      if (data.length === 0) notify.warning('No data available for preview.');
      else setRows(data);
    } catch (error) {
      notify.error('Failed to fetch preview data.', error instanceof ApiError ? error.message : undefined);
    }
  };

  const confirm = async () => {
    try {
      await generate.mutateAsync(body());
      notify.success('Payments generated successfully!');
      setRows(null);
    } catch (error) {
      if (error instanceof ApiError && error.status) notify.error('Failed to generate payments.', error.message);
      else notify.error('Error generating payments.');
    }
  };

  return (
    <PageCard title="Generate Payment">
      <QueryState query={colonies} failure="Failed to fetch colony data.">
        <Stack maw={480}>
          <Select
            label="Colony"
            placeholder="Select Colony"
            searchable
            clearable
            data={options}
            value={colony}
            onChange={chooseColony}
            nothingFoundMessage="No colonies"
          />
          <MoneyInput label="Service Charges" min={0} value={charges} onChange={setCharges} />
          <MonthSelect value={month} onChange={setMonth} />
          <YearSelect value={year} onChange={setYear} />
          <Button onClick={showPreview} loading={preview.isPending} w="fit-content">
            Preview
          </Button>
        </Stack>
      </QueryState>
      <Modal opened={rows !== null} onClose={() => setRows(null)} title="Payment Preview" size="xl">
        <Table.ScrollContainer minWidth={500}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Customer Name</Table.Th>
                <Table.Th>{label('{product}')}</Table.Th>
                <Table.Th>Total Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(rows ?? []).map((r, i) => (
                <Table.Tr key={r.customerId}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{r.customerName}</Table.Td>
                  <Table.Td>
                    <ProductLines lines={r.products} />
                  </Table.Td>
                  <Table.Td>{formatRupees(r.totalPrice)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" mt="sm">
          {rows?.length ?? 0} bills
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRows(null)}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={generate.isPending}>
            Confirm & Generate
          </Button>
        </Group>
      </Modal>
    </PageCard>
  );
}
