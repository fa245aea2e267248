import {
  generatePaymentsBody,
  type PreviewAllPaymentsResponse,
  type PreviewPaymentsResponse,
  paymentTexts,
  rupeeText,
} from '@dairy/contract';
import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MoneyField, moneyFieldValue } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { MonthSelect, PickerSelect, YearSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useCurrentPeriod, useLabel } from '../../lib/config';
import { contractResolver } from '../../lib/forms';
import {
  useGenerateAllPayments,
  useGeneratePayments,
  usePaymentColonies,
  usePreviewAllPayments,
  usePreviewPayments,
} from './api';
import { ProductLines } from './payment-cells';

/**
 * The colony picker's first choice: every enabled colony at once, each billed with its own stored
 * service charge. Colony codes are trimmed, so none starts with a space and none can be this.
 */
const ALL_COLONIES = ' all';

type ChargesValues = { charges: number | string };

/** The service charge field: the call's own rules and texts (0 or more, the limit). */
const chargesSchema = generatePaymentsBody.pick({ charges: true });

type Shown =
  | { kind: 'colony'; preview: PreviewPaymentsResponse }
  | { kind: 'all'; preview: PreviewAllPaymentsResponse };

/** Generate Payment (/payments/add): form, preview dialog, then 'Confirm & Generate'. */
export function GeneratePaymentPage() {
  const label = useLabel();
  const current = useCurrentPeriod();
  const colonies = usePaymentColonies();
  const preview = usePreviewPayments();
  const previewAll = usePreviewAllPayments();
  const generate = useGeneratePayments();
  const generateAll = useGenerateAllPayments();
  const [colony, setColony] = useState<string | null>(null);
  // Checked when Preview is pressed; what it earned stays until the next Preview or colony.
  const form = useForm<ChargesValues>({
    resolver: contractResolver<ChargesValues>(chargesSchema, label),
    defaultValues: { charges: '' },
    reValidateMode: 'onSubmit',
  });
  const [month, setMonth] = useState<string | null>(String(current.month));
  const [year, setYear] = useState<string | null>(String(current.year));
  const [shown, setShown] = useState<Shown | null>(null);
  const all = colony === ALL_COLONIES;

  const options = [
    { value: ALL_COLONIES, label: paymentTexts.allColonies },
    ...(colonies.data ?? []).filter((c) => c.disable === 0).map((c) => ({ value: c.colonyCode, label: c.colonyName })),
  ];

  const chooseColony = (code: string | null) => {
    setColony(code);
    // The service charge starts as the colony's and stays editable; all colonies bill their own.
    const chosen = colonies.data?.find((c) => c.colonyCode === code);
    form.reset({ charges: chosen ? moneyFieldValue(chosen.charges) : '' });
  };

  // The month is one-based on these calls, as the form holds it; the charge goes as typed.
  const period = () => ({ month: Number(month), year: Number(year) });
  const body = () => {
    const { charges } = form.getValues();
    return { colony: colony ?? '', ...period(), ...(charges === '' ? {} : { charges: String(charges) }) };
  };

  const askPreview = async () => {
    try {
      const next: Shown = all
        ? { kind: 'all', preview: await previewAll.mutateAsync(period()) }
        : { kind: 'colony', preview: await preview.mutateAsync(body()) };
      if (next.preview.totals.bills === 0) notify.warning(paymentTexts.noPreview);
      else setShown(next);
    } catch (error) {
      notify.failure(error, paymentTexts.previewFailed, (m) => `${paymentTexts.previewFailed} ${m}`);
    }
  };
  // The choices first, as a toast; then the service charge beside its field (all colonies bill their own).
  const showPreview = () => {
    if (!colony || !month || !year) notify.error(paymentTexts.selectAll);
    else if (all) void askPreview();
    else void form.handleSubmit(askPreview)();
  };

  const confirm = async () => {
    try {
      if (shown?.kind === 'all') {
        const answer = await generateAll.mutateAsync(period());
        const bills = answer.colonies.reduce((sum, c) => sum + c.billed, 0);
        const billedColonies = answer.colonies.filter((c) => c.billed > 0).length;
        notify.success(`${paymentTexts.generated} ${paymentTexts.generatedAll(bills, billedColonies)}`);
      } else {
        await generate.mutateAsync(body());
        notify.success(paymentTexts.generated);
      }
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
          <MoneyField
            name="charges"
            control={form.control}
            label="Service Charges"
            error={form.formState.errors.charges?.message}
            disabled={all}
            placeholder={all ? paymentTexts.eachColonyCharge : undefined}
          />
          <MonthSelect value={month} onChange={setMonth} />
          <YearSelect value={year} onChange={setYear} />
          <Button onClick={showPreview} loading={preview.isPending || previewAll.isPending} w="fit-content">
            Preview
          </Button>
        </Stack>
      </QueryState>
      <Modal opened={shown !== null} onClose={() => setShown(null)} title="Payment Preview" size="xl">
        {/*
          The rows scroll inside the dialog, so its buttons stay in sight however long the colony.
          Room is kept for the vertical scrollbar only: room below the rows would be padding under
          the sticky total row, where the rows behind it show through.
        */}
        <ScrollArea.Autosize mah="calc(100dvh - 18rem)" type="auto" offsetScrollbars="y">
          {shown?.kind === 'all' ? <ColoniesTable preview={shown.preview} /> : <BillsTable preview={shown?.preview} />}
        </ScrollArea.Autosize>
        <Group justify="space-between" mt="md">
          <Text size="sm">{shown?.preview.totals.bills ?? 0} bills</Text>
          <Group>
            <Button variant="default" onClick={() => setShown(null)}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={generate.isPending || generateAll.isPending}>
              Confirm & Generate
            </Button>
          </Group>
        </Group>
      </Modal>
    </PageCard>
  );
}

/** A preview table with its total row kept in sight at the bottom. */
function PreviewTable({ head, rows, total }: { head: ReactNode; rows: ReactNode; total: ReactNode }) {
  return (
    <Table striped stickyHeader>
      <Table.Thead>
        <Table.Tr>{head}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>{rows}</Table.Tbody>
      <Table.Tfoot fw={700} style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)' }}>
        <Table.Tr>{total}</Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** One colony: a row per bill with its lines. */
function BillsTable({ preview }: { preview: PreviewPaymentsResponse | undefined }) {
  const label = useLabel();
  return (
    <PreviewTable
      head={
        <>
          <Table.Th>#</Table.Th>
          <Table.Th>Customer Name</Table.Th>
          <Table.Th>{label('{product}')}</Table.Th>
          <Table.Th>Total Price</Table.Th>
        </>
      }
      rows={(preview?.data ?? []).map((r, i) => (
        <Table.Tr key={r.customerId}>
          <Table.Td>{i + 1}</Table.Td>
          <Table.Td>{r.customerName}</Table.Td>
          <Table.Td>
            <ProductLines lines={r.products} />
          </Table.Td>
          <Table.Td>{rupeeText(r.totalPrice)}</Table.Td>
        </Table.Tr>
      ))}
      total={
        <>
          <Table.Td />
          <Table.Td>Total</Table.Td>
          <Table.Td />
          <Table.Td>{preview && rupeeText(preview.totals.totalPrice)}</Table.Td>
        </>
      }
    />
  );
}

/** All colonies: a row per colony with its bills and what they come to. */
function ColoniesTable({ preview }: { preview: PreviewAllPaymentsResponse }) {
  return (
    <PreviewTable
      head={
        <>
          <Table.Th>#</Table.Th>
          <Table.Th>Colony</Table.Th>
          <Table.Th>Bills</Table.Th>
          <Table.Th>Service Charges</Table.Th>
          <Table.Th>Total Price</Table.Th>
        </>
      }
      rows={preview.colonies.map((c, i) => (
        <Table.Tr key={c.colonyCode}>
          <Table.Td>{i + 1}</Table.Td>
          <Table.Td>{c.colonyName}</Table.Td>
          <Table.Td>{c.bills}</Table.Td>
          <Table.Td>{rupeeText(c.charges)}</Table.Td>
          <Table.Td>{rupeeText(c.totalPrice)}</Table.Td>
        </Table.Tr>
      ))}
      total={
        <>
          <Table.Td />
          <Table.Td>Total</Table.Td>
          <Table.Td>{preview.totals.bills}</Table.Td>
          <Table.Td>{rupeeText(preview.totals.charges)}</Table.Td>
          <Table.Td>{rupeeText(preview.totals.totalPrice)}</Table.Td>
        </>
      }
    />
  );
}
