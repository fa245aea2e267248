import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type RowAction = 'disable' | 'enable' | 'delete';

/**
 * A list row's actions: Update (a link to its screen), then Disable on an enabled row, or Enable
 * on a disabled one, and Delete beside it where a disabled record may be deleted.
 */
export function RowActions(
  props: { update: string; disabled: boolean } & (
    | { deletable: true; onAction: (action: RowAction) => void }
    | { deletable?: false; onAction: (action: 'disable' | 'enable') => void }
  ),
) {
  const { update, disabled, onAction } = props;
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to={update} size="xs" variant="light">
        {t('records.update')}
      </Button>
      {disabled ? (
        <>
          <Button size="xs" variant="light" color="green" onClick={() => onAction('enable')}>
            {t('records.enable')}
          </Button>
          {props.deletable && (
            <Button size="xs" variant="light" color="red" onClick={() => props.onAction('delete')}>
              {t('records.delete')}
            </Button>
          )}
        </>
      ) : (
        <Button size="xs" variant="light" color="red" onClick={() => onAction('disable')}>
          {t('records.disable')}
        </Button>
      )}
    </Group>
  );
}
