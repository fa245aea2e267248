import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '../components/page-card';
import { paths } from '../lib/paths';

/**
 * A screen the signed-in role may not open (docs/rules.md section 15), typed or followed from an
 * old link: said plainly in place of the screen, which is not shown and asks the server nothing.
 */
export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('shell.noAccessTitle')}>
      <Text mb="md">{t('shell.noAccess')}</Text>
      <Button component={Link} to={paths.today} w="fit-content">
        {t('shell.goToday')}
      </Button>
    </PageCard>
  );
}
