import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '../components/page-card';
import { paths } from '../lib/paths';

/** An address that names no screen (a mistyped or outdated link). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('shell.notFoundTitle')}>
      <Text mb="md">{t('shell.notFound')}</Text>
      <Button component={Link} to={paths.home} w="fit-content">
        {t('shell.goHome')}
      </Button>
    </PageCard>
  );
}
