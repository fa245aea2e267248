import { STALE_RECORD } from '@dairy/contract';
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { translateKnown } from '../lib/i18n';

/** The 409 of a save made from an older copy of the record (docs/rules.md section 18). */
export function isStaleRecord(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.serverMessage === STALE_RECORD;
}

/** Says someone else changed the record, and offers to read it again (the form then shows it). */
export function StaleRecordAlert({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={translateKnown(STALE_RECORD)} role="alert">
      <Button size="xs" variant="light" color="yellow" onClick={onReload}>
        {t('records.reload')}
      </Button>
    </Alert>
  );
}
