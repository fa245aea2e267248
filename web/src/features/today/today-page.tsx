import {
  addDays,
  formatDate,
  type GenerateAllTransactionsResponse,
  type TodayResponse,
  todayTexts,
  transactionTexts,
} from '@dairy/contract';
import { Alert, Button, Group, List, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmGenerationDate, DateField } from '../../components/date-field';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { useBusinessToday, useLabel } from '../../lib/config';
import { i18n } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { prefetchPdf } from '../../lib/prefetch-pdf';
import { useNarrowScreen } from '../../lib/screen-size';
import { useMayOpen } from '../../lib/session';
import { useUrlState } from '../../lib/url-state';
import { fetchRouteSheet, useGenerateAll, useToday } from './api';
import { DayTable } from './day-table';

/** "3 colonies" in the language shown, for the toast after generating. */
const coloniesText = (count: number) => i18n.t('today.colonies', { count });

const loadSheetPdf = () => import('../../components/delivery-sheet-pdf');

/**
 * Today (/today, docs/rules.md sections 13 and 23): the day of every active colony at a glance, with
 * the morning's actions: generate (one colony or all, for the roles that may; the server also
 * generates by itself), the route sheets (one or all printed at once), collection entry.
 */
export function TodayPage() {
  const businessToday = useBusinessToday();
  const [filters, setFilters] = useUrlState({ date: businessToday });
  const date = filters.date || businessToday;
  const day = useToday(date);
  const generateAll = useGenerateAll();
  const mayGenerate = useMayOpen(paths.generateTransactions);
  const [generated, setGenerated] = useState<GenerateAllTransactionsResponse | null>(null);
  const label = useLabel();
  const [printing, setPrinting] = useState(false);
  // A phone's row of date buttons: arrows only, so the date fits beside them.
  const narrow = useNarrowScreen();
  const { t } = useTranslation();

  const setDate = (next: string) => {
    setGenerated(null);
    setFilters({ date: next });
  };

  const runGenerateAll = async () => {
    try {
      const response = await generateAll.mutateAsync({ date });
      const created = response.colonies.reduce((sum, c) => sum + c.created, 0);
      notify.success(t('today.generated', { count: created, colonies: coloniesText(response.colonies.length) }));
      setGenerated(response);
    } catch (error) {
      notify.failure(error, todayTexts.generateFailed, () => transactionTexts.generateNoAnswer);
    }
  };

  /** Every colony's delivery sheet of the date in one file, the colonies with nothing to deliver left out. */
  const printAll = async () => {
    setPrinting(true);
    try {
      const colonies = (day.data?.colonies ?? []).filter((c) => c.generated > 0);
      const sheets = (await Promise.all(colonies.map((c) => fetchRouteSheet(c.colonyCode, date))))
        .map((sheet) => ({ ...sheet, rows: sheet.rows.filter((r) => r.attendance === 1) }))
        .filter((sheet) => sheet.rows.length > 0);
      if (sheets.length === 0) {
        notify.warning(todayTexts.sheetEmpty);
        return;
      }
      const { printDeliverySheets } = await loadSheetPdf();
      await printDeliverySheets(
        sheets,
        { productLabel: label('{product}'), printedOn: businessToday },
        `All colonies_${date}_Deliveries.pdf`,
      );
    } catch (error) {
      notify.failure(error, t('today.printFailed'));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <PageCard title={t('today.title')}>
      <Stack gap="sm">
        <Group gap="xs" align="end" wrap="wrap">
          <Button variant="default" onClick={() => setDate(addDays(date, -1))} aria-label="Previous day">
            {narrow ? '‹' : t('today.previous')}
          </Button>
          <DateField
            label={t('common.date')}
            value={date}
            onChange={(next) => next && setDate(next)}
            w={narrow ? 150 : 170}
          />
          <Button variant="default" onClick={() => setDate(addDays(date, 1))} aria-label="Next day">
            {narrow ? '›' : t('today.next')}
          </Button>
          {date !== businessToday && (
            <Button variant="subtle" onClick={() => setDate(businessToday)}>
              {t('today.title')}
            </Button>
          )}
          <Group gap="xs" ml={{ sm: 'auto' }}>
            {mayGenerate && (
              <Button
                onClick={() => confirmGenerationDate(date, businessToday, runGenerateAll)}
                loading={generateAll.isPending}
              >
                {t('known.generateAll')}
              </Button>
            )}
            <Button
              variant="default"
              onClick={printAll}
              loading={printing}
              disabled={!day.data}
              {...prefetchPdf(loadSheetPdf)}
            >
              {t('today.printAll')}
            </Button>
          </Group>
        </Group>
        {generated?.date === date && (
          <GeneratedAlert result={generated} day={day.data} onClose={() => setGenerated(null)} />
        )}
        <QueryState query={day} failure={todayTexts.loadFailed}>
          {day.data && <DayTable day={day.data} mayGenerate={mayGenerate} />}
        </QueryState>
      </Stack>
    </PageCard>
  );
}

function GeneratedAlert({
  result,
  day,
  onClose,
}: {
  result: GenerateAllTransactionsResponse;
  day: TodayResponse | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = (code: string) => day?.colonies.find((c) => c.colonyCode === code)?.colonyName ?? code;
  return (
    <Alert
      color="green"
      title={t('today.generatedFor', { date: formatDate(result.date) })}
      withCloseButton
      onClose={onClose}
    >
      <List size="sm" spacing={2} aria-label="Generated per colony">
        {result.colonies.map((c) => (
          <List.Item key={c.colonyCode}>
            {nameOf(c.colonyCode)}: {t('today.created', { count: c.created })}
            {c.existing > 0 ? ` ${t('today.existing', { count: c.existing })}` : ''}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
