import {
  IMPORT_COLUMNS,
  type ImportCustomersResponse,
  type ImportProblem,
  type ImportRow,
  importTexts,
  REQUIRED_IMPORT_COLUMNS,
} from '@dairy/contract';
import { Alert, Button, Code, FileInput, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ApiError } from '../../lib/api';
import { translateKnown } from '../../lib/i18n';
import { useImportCustomers } from './api';
import { readSpreadsheet, SpreadsheetError } from './read-file';
import type { ReadFile } from './spreadsheet';
import { downloadTemplate } from './template';

const PROBLEMS_PER_PAGE = 50;
/** Counts as the file's rows are counted: Indian grouping, digits 0-9. */
const counted = (count: number) => count.toLocaleString('en-IN');
const optionalColumns = IMPORT_COLUMNS.filter((c) => !REQUIRED_IMPORT_COLUMNS.includes(c));

/**
 * Import Customers (docs/rules.md section 16): the file is read here, every row checked by the server
 * (a dry run) and its problems listed by row and column; 'Import' writes all rows or none.
 */
export function ImportPage() {
  const importing = useImportCustomers();
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<ImportRow[]>();
  const [encoding, setEncoding] = useState<ReadFile['encoding']>();
  const [check, setCheck] = useState<ImportCustomersResponse>();
  const [fileProblem, setFileProblem] = useState<string>();
  const [reading, setReading] = useState(false);
  const [page, setPage] = useState(1);
  // The file chosen last wins over a check of an earlier one still under way; choosing another
  // stops the reading of the earlier one.
  const chosen = useRef(0);
  const reader = useRef<AbortController>(undefined);
  useEffect(
    () => () => {
      // Leaving the screen: the reading stops and nothing is shown of it.
      chosen.current++;
      reader.current?.abort();
    },
    [],
  );

  const show = (read: ImportRow[] | undefined, answer: ImportCustomersResponse | undefined) => {
    setRows(read);
    setCheck(answer);
    setPage(1);
  };

  const choose = async (next: File | null) => {
    const token = ++chosen.current;
    reader.current?.abort();
    setFile(next);
    show(undefined, undefined);
    setEncoding(undefined);
    setFileProblem(undefined);
    if (!next) return;
    setReading(true);
    try {
      reader.current = new AbortController();
      const read = await readSpreadsheet(next, reader.current.signal);
      const answer = await importing.mutateAsync({ rows: read.rows, dryRun: true });
      if (token !== chosen.current) return;
      show(read.rows, answer);
      setEncoding(read.encoding);
    } catch (error) {
      if (token !== chosen.current) return;
      if (error instanceof SpreadsheetError) setFileProblem(error.message);
      else if (error instanceof ApiError && error.status === 400 && error.serverMessage)
        setFileProblem(error.serverMessage);
      else notify.failure(error, importTexts.failed);
    } finally {
      if (token === chosen.current) setReading(false);
    }
  };

  const importAll = async () => {
    if (!rows) return;
    try {
      const answer = await importing.mutateAsync({ rows, dryRun: false });
      if (answer.valid) {
        notify.success(t('import.imported', { count: answer.created, customers: counted(answer.created) }));
        chosen.current++;
        setFile(null);
        show(undefined, undefined);
        setEncoding(undefined);
      } else show(rows, answer); // the data changed since the check: its problems now
    } catch (error) {
      notify.failure(error, importTexts.failed);
    }
  };

  const template = (kind: 'csv' | 'xlsx') => () =>
    downloadTemplate(kind).catch((error: unknown) => notify.failure(error, t('import.templateFailed')));

  const problems = check?.errors ?? [];
  const badRows = new Set(problems.map((p) => p.row)).size;
  const columns: Column<ImportProblem>[] = [
    { header: t('import.row'), cell: (p) => p.row },
    { header: t('import.name'), cell: (p) => rows?.[p.row - 1]?.Name ?? '' },
    { header: t('import.column'), cell: (p) => p.column },
    { header: t('import.problem'), cell: (p) => translateKnown(p.message) },
  ];

  return (
    <PageCard title={t('import.title')}>
      <Stack gap="sm">
        <Text size="sm">
          <Trans
            i18nKey="import.intro"
            values={{ required: REQUIRED_IMPORT_COLUMNS.join(', '), optional: optionalColumns.join(', ') }}
            components={{ code: <Code /> }}
          />
        </Text>
        <Group gap="sm">
          <Button variant="light" onClick={template('csv')}>
            {t('import.csvTemplate')}
          </Button>
          <Button variant="light" onClick={template('xlsx')}>
            {t('import.xlsxTemplate')}
          </Button>
        </Group>
        <FileInput
          label={t('import.file')}
          placeholder={t('import.chooseFile')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={choose}
          clearable
          maw={420}
        />
        {reading && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('import.checking')}</Text>
          </Group>
        )}
        {fileProblem && (
          <Alert color="red" title={t('import.cannotImport')} role="alert">
            {translateKnown(fileProblem)}
          </Alert>
        )}
        {check && rows && encoding === 'windows-1252' && (
          <Alert color="blue">{translateKnown(importTexts.readAsWindows1252)}</Alert>
        )}
        {check && rows && check.valid && (
          <Alert color="green" title={t('import.ready', { count: rows.length, rows: counted(rows.length) })}>
            <Button mt="xs" onClick={importAll} loading={importing.isPending}>
              {t('import.importButton')}
            </Button>
          </Alert>
        )}
        {check && rows && !check.valid && (
          <>
            <Alert
              color="red"
              title={t('import.rowsWithProblems', { bad: counted(badRows), total: counted(rows.length) })}
              role="alert"
            >
              {t('import.rowNumbers')}
            </Alert>
            <DataTable
              query={{ isPending: false, isError: false, error: undefined, refetch: () => undefined }}
              rows={problems.slice((page - 1) * PROBLEMS_PER_PAGE, page * PROBLEMS_PER_PAGE)}
              rowKey={(p) => `${p.row} ${p.column}`}
              columns={columns}
              empty={t('import.noProblems')}
              minWidth={600}
              paging={{
                page,
                totalPages: Math.ceil(problems.length / PROBLEMS_PER_PAGE),
                onChange: setPage,
              }}
            />
          </>
        )}
      </Stack>
    </PageCard>
  );
}
