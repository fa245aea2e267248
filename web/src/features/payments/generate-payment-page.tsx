import { generatePaymentsBody, type PreviewPaymentsResponse, paymentTexts } from '@dairy/contract';
import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { MoneyInput, moneyFieldValue } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { MonthSelect, PickerSelect, YearSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useCurrentPeriod, useLabel } from '../../lib/config';
import { formatMoney } from '../../lib/format';
import { useGeneratePayments, usePaymentColonies, usePreviewPayments } from './api';
import { ProductLines } from './payment-cells';

/** Generate Payment (/payments/add): form, preview dialog, then 'Confirm & Generate'. */
export function GeneratePaymentPage() {
  const label = useLabel();
  const current = useCurrentPeriod();
  const colonies = usePaymentColonies();
  const preview = usePreviewPayments();
  const generate = useGeneratePayments();
  const [colony, setColony] = useState<string | null>(null);
  const [charges, setCharges] = useState<number | string>('');
  const [chargesError, setChargesError] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(String(current.month));
  const [year, setYear] = useState<string | null>(String(current.year));
  const [shown, setShown] = useState<PreviewPaymentsResponse | null>(null);

  const options = (colonies.data ?? [])
    .filter((c) => c.disable === 0)
    .map((c) => ({ value: c.colonyCode, label: c.colonyName }));

  const chooseColony = (code: string | null) => {
    setColony(code);
    // The service charge starts as the colony's and stays editable.
    const chosen = colonies.data?.find((c) => c.colonyCode === code);
    setCharges(chosen ? moneyFieldValue(chosen.charges) : '');
    setChargesError(null);
  };

  // The month is one-based on these calls, as the form holds it; the charge goes as typed.
  const body = () => ({
    colony: colony ?? '',
    month: Number(month),
    year: Number(year),
    ...(charges === '' ? {} : { charges: String(charges) }),
  });

  const showPreview = async () => {
    if (!colony || !month || !year) {
      notify.error(paymentTexts.selectAll);
      return;
    }
    const checked = generatePaymentsBody.shape.charges.safeParse(charges);
    setChargesError(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (!checked.success) return;
    try {
      const answer = await preview.mutateAsync(body());
      if (answer.data.length === 0) notify.warning(paymentTexts.noPreview);
      else setShown(answer);
    } catch (error) {
      notify.failure(error, paymentTexts.previewFailed, (m) => `${paymentTexts.previewFailed} ${m}`);
    }
  };

  const confirm = async () => {
    try {
      await generate.mutateAsync(body());
      notify.success(paymentTexts.generated);
      setShown(null);
    } catch (error) {
      notify.failure(error, paymentTexts.generateFailed, () => paymentTexts.generateError);
    }
  };

  return (
    <PageCard title="Generate Payment">
      <QueryState query={colonies} failure={paymentTexts.coloniesFailed}>
        <Stack maw={480}>
          <PickerSelect
            label="Colony"
            placeholder="Select Colony"
            clearable
            data={options}
            value={colony}
            onChange={chooseColony}
            nothingFoundMessage="No colonies"
          />
          <MoneyInput label="Service Charges" min={0} value={charges} onChange={setCharges} error={chargesError} />
          <MonthSelect value={month} onChange={setMonth} />
          <YearSelect value={year} onChange={setYear} />
          <Button onClick={showPreview} loading={preview.isPending} w="fit-content">
            Preview
          </Button>
        </Stack>
      </QueryState>
      <Modal opened={shown !== null} onClose={() => setShown(null)} title="Payment Preview" size="xl">
        {/* The rows scroll inside the dialog, so its buttons stay in sight however long the colony. */}
        <ScrollArea.Autosize mah="calc(100dvh - 18rem)" type="auto" offsetScrollbars>
          <Table striped stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Customer Name</Table.Th>
                <Table.Th>{label('{product}')}</Table.Th>
                <Table.Th>Total Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(shown?.data ?? []).map((r, i) => (
                <Table.Tr key={r.customerId}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{r.customerName}</Table.Td>
                  <Table.Td>
                    <ProductLines lines={r.products} />
                  </Table.Td>
                  <Table.Td>{formatMoney(r.totalPrice)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            {shown && (
              <Table.Tfoot fw={700} style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)' }}>
                <Table.Tr>
                  <Table.Td />
                  <Table.Td>Total</Table.Td>
                  <Table.Td />
                  <Table.Td>{formatMoney(shown.totals.totalPrice)}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </ScrollArea.Autosize>
        <Group justify="space-between" mt="md">
          <Text size="sm">{shown?.totals.bills ?? 0} bills</Text>
          <Group>
            <Button variant="default" onClick={() => setShown(null)}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={generate.isPending}>
              Confirm & Generate
            </Button>
          </Group>
        </Group>
      </Modal>
    </PageCard>
  );
}
