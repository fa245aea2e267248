import type { CustomerSearchRow } from '@dairy/contract';
import { Button, Combobox, Group, Kbd, Modal, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useHotkeys } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../lib/format';
import { link, paths } from '../../lib/paths';
import { useCustomerSearch } from './api';
import { customerFileTexts as t } from './texts';

const SEARCH_DEBOUNCE_MS = 150;

/**
 * The bar's 'Search customers' (docs/rules.md section 23): `/` (outside a field) or Ctrl+K opens a
 * box that asks the server as the person types (a name's part, the phone's digits or 'GP 12');
 * arrows move through the matches and Enter opens the customer's file.
 */
export function CustomerSearch() {
  const [opened, { open, close }] = useDisclosure(false);
  useHotkeys([
    ['/', open],
    ['mod+K', open],
    ['ctrl+K', open],
  ]);
  return (
    <>
      <Button
        variant="light"
        color="gray.0"
        size="compact-sm"
        onClick={open}
        aria-label={t.searchButton}
        aria-keyshortcuts="/ Control+K"
        title={t.searchHint}
        rightSection={
          <Kbd size="xs" visibleFrom="sm">
            /
          </Kbd>
        }
      >
        {t.search}
      </Button>
      <Modal opened={opened} onClose={close} title={t.searchTitle} size="lg" yOffset="8vh">
        {opened && <SearchBox onDone={close} />}
      </Modal>
    </>
  );
}

function SearchBox({ onDone }: { onDone: () => void }) {
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
    ? t.searchFailed
    : asked.trim() !== '' && search.isSuccess && !search.isPlaceholderData && rows.length === 0
      ? t.noMatches
      : null;

  return (
    <Combobox store={combobox} onOptionSubmit={openFile} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          data-autofocus
          label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          autoComplete="off"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={rows.length === 0 && status === null} aria-label="Customers found">
        <Combobox.Options mah="60vh" style={{ overflowY: 'auto' }}>
          {rows.map((r) => (
            <Combobox.Option key={r.customerId} value={String(r.customerId)}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text fw={600}>{r.customerName}</Text>
                  <Text size="sm" c="dimmed">
                    {t.placeOf(r.colonyName, r.route)}
                    {r.contactNumber ? ` · ${r.contactNumber}` : ''}
                  </Text>
                </div>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(r.due)}
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
