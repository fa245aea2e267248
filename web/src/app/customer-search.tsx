import { type CustomerSearchRow, customerSearchResponse, rupeeText } from '@dairy/contract';
import { ActionIcon, Button, Combobox, Group, Kbd, Modal, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useHotkeys } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../lib/api';
import { link, paths } from '../lib/paths';

const SEARCH_DEBOUNCE_MS = 150;

/** Find any customer (docs/rules.md section 23): blank text asks nothing. */
function useCustomerSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['customer', 'search', q],
    enabled: q !== '',
    placeholderData: keepPreviousData,
    queryFn: () => call.get('/customers/search', customerSearchResponse, { q }),
  });
}

/**
 * The bar's 'Search customers' (docs/rules.md section 23): `/` (outside a field) or Ctrl+K opens a
 * box that asks the server as the person types (a name's part, the phone's digits or 'GP 12');
 * arrows move through the matches, Enter opens the customer's file and Escape leaves.
 */
export function CustomerSearch() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  useHotkeys([
    ['/', open],
    ['mod+K', open],
    ['ctrl+K', open],
  ]);
  const trigger = {
    onClick: open,
    'aria-label': t('search.button'),
    'aria-keyshortcuts': '/ Control+K',
    title: t('search.hint'),
  };
  return (
    <>
      {/* Below lg the menu is folded away and the words fit; beside the whole menu only the glass does. */}
      <Button
        hiddenFrom="lg"
        variant="light"
        color="gray.0"
        size="compact-sm"
        rightSection={
          <Kbd size="xs" visibleFrom="sm">
            /
          </Kbd>
        }
        {...trigger}
      >
        {t('search.open')}
      </Button>
      <ActionIcon visibleFrom="lg" variant="light" color="gray.0" size="md" {...trigger}>
        <MagnifyingGlass />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title={t('search.title')} size="lg" yOffset="8vh">
        {opened && <SearchBox onDone={close} />}
      </Modal>
    </>
  );
}

function SearchBox({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [asked] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(asked);
  const combobox = useCombobox();
  const rows: CustomerSearchRow[] = asked.trim() === '' ? [] : (search.data?.rows ?? []);

  // The best match is highlighted as the answer comes, so Enter opens it.
  useEffect(() => {
    if (rows.length > 0) combobox.selectFirstOption();
  }, [rows, combobox.selectFirstOption]);

  const openFile = (customerId: string) => {
    onDone();
    navigate(link(paths.customerFile, { customerId }));
  };

  const status = search.isError
    ? t('search.failed')
    : asked.trim() !== '' && search.isSuccess && !search.isPlaceholderData && rows.length === 0
      ? t('search.none')
      : null;

  return (
    <Combobox store={combobox} onOptionSubmit={openFile} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          data-autofocus
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          // The list of matches would take the first Escape; a person pressing it means to leave.
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone();
          }}
          autoComplete="off"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={rows.length === 0 && status === null} aria-label={t('search.found')}>
        <Combobox.Options mah="60vh" style={{ overflowY: 'auto' }}>
          {rows.map((r) => (
            <Combobox.Option key={r.customerId} value={String(r.customerId)}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text fw={600}>{r.customerName}</Text>
                  <Text size="sm" c="dimmed">
                    {t('search.place', { colony: r.colonyName, route: r.route })}
                    {r.contactNumber ? ` · ${r.contactNumber}` : ''}
                  </Text>
                </div>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {rupeeText(r.due)}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {status && <Combobox.Empty>{status}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The search's mark: a lens and its handle, in the text's colour. */
function MagnifyingGlass() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="6.5" cy="6.5" r="4.5" />
      <path d="M10 10l4.5 4.5" strokeLinecap="round" />
    </svg>
  );
}
