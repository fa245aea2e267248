import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageNumbers } from './page-numbers';

/**
 * Previous, page numbers, Next; nothing when there is one page, or with `always` only when
 * there is none (payment details). With `collapse`, more than 10 pages show the window
 * current-4 … current+5 with an ellipsis each side (transactions list).
 */
export function PageButtons({
  page,
  totalPages,
  onChange,
  collapse = false,
  always = false,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  collapse?: boolean;
  always?: boolean;
}) {
  const { t } = useTranslation();
  if (totalPages < (always ? 1 : 2)) return null;
  const pages = pageNumbers(page, totalPages, collapse);
  return (
    <Group component="nav" aria-label="Pagination" gap={4} mt="md" justify="center">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('list.previous')}
      </Button>
      {pages.map((p, i) =>
        p === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the two gaps are told apart by position
          <Text key={`gap-${i}`} aria-hidden px={4}>
            …
          </Text>
        ) : (
          <Button
            key={p}
            size="xs"
            variant={p === page ? 'filled' : 'default'}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        {t('list.next')}
      </Button>
    </Group>
  );
}
