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
import { useTranslation } from 'react-i18next';
import { MoneyField, moneyFieldValue } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { MonthSelect, PickerSelect, YearSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useCurrentPeriod, useLabel } from '../../lib/config';
import { contractResolver } from '../../lib/forms';
import { translateKnown } from '../../lib/i18n';
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
  const { t } = useTranslation();
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
    { value: ALL_COLONIES, label: translateKnown(paymentTexts.allColonies) },
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
      notify.failure(error, paymentTexts.previewFailed, (message) => t('payment.previewFailedWhy', { message }));
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
        notify.success(
          t('payment.generatedAll', {
            generated: translateKnown(paymentTexts.generated),
            bills: t('payment.billCount', { count: bills }),
            colonies: t('payment.colonyCount', { count: billedColonies }),
          }),
        );
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
    <PageCard title={t('payment.generateTitle')}>
      <QueryState query={colonies} failure={paymentTexts.coloniesFailed}>
        <Stack maw={480}>
          <PickerSelect
            label={t('picker.colony')}
            placeholder={t('picker.selectColony')}
            clearable
            data={options}
            value={colony}
            onChange={chooseColony}
            nothingFoundMessage={t('picker.noColonies')}
          />
          <MoneyField
            name="charges"
            control={form.control}
            label={t('payment.serviceCharges')}
            error={form.formState.errors.charges?.message}
            disabled={all}
            placeholder={all ? translateKnown(paymentTexts.eachColonyCharge) : undefined}
          />
          <MonthSelect value={month} onChange={setMonth} />
          <YearSelect value={year} onChange={setYear} />
          <Button onClick={showPreview} loading={preview.isPending || previewAll.isPending} w="fit-content">
            {t('payment.preview')}
          </Button>
        </Stack>
      </QueryState>
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={t('payment.previewTitle')} size="xl">
        {/*
          The rows scroll inside the dialog, so its buttons stay in sight however long the colony.
          Room is kept for the vertical scrollbar only: room below the rows would be padding under
          the sticky total row, where the rows behind it show through.
        */}
        <ScrollArea.Autosize mah="calc(100dvh - 18rem)" type="auto" offsetScrollbars="y">
          {shown?.kind === 'all' ? <ColoniesTable preview={shown.preview} /> : <BillsTable preview={shown?.preview} />}
        </ScrollArea.Autosize>
        <Group justify="space-between" mt="md">
          <Text size="sm">{t('payment.bills', { count: shown?.preview.totals.bills ?? 0 })}</Text>
          <Group>
            <Button variant="default" onClick={() => setShown(null)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={confirm} loading={generate.isPending || generateAll.isPending}>
              {t('payment.confirmGenerate')}
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
  const { t } = useTranslation();
  return (
    <PreviewTable
      head={
        <>
          <Table.Th>#</Table.Th>
          <Table.Th>{t('payment.customerName')}</Table.Th>
          <Table.Th>{label('{product}')}</Table.Th>
          <Table.Th>{t('payment.totalPrice')}</Table.Th>
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
          <Table.Td>{t('common.total')}</Table.Td>
          <Table.Td />
          <Table.Td>{preview && rupeeText(preview.totals.totalPrice)}</Table.Td>
        </>
      }
    />
  );
}

/** All colonies: a row per colony with its bills and what they come to. */
function ColoniesTable({ preview }: { preview: PreviewAllPaymentsResponse }) {
  const { t } = useTranslation();
  return (
    <PreviewTable
      head={
        <>
          <Table.Th>#</Table.Th>
          <Table.Th>{t('payment.colony')}</Table.Th>
          <Table.Th>{t('payment.billsColumn')}</Table.Th>
          <Table.Th>{t('payment.serviceCharges')}</Table.Th>
          <Table.Th>{t('payment.totalPrice')}</Table.Th>
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
          <Table.Td>{t('common.total')}</Table.Td>
          <Table.Td>{preview.totals.bills}</Table.Td>
          <Table.Td>{rupeeText(preview.totals.charges)}</Table.Td>
          <Table.Td>{rupeeText(preview.totals.totalPrice)}</Table.Td>
        </>
      }
    />
  );
}
