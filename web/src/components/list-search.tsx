import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The 'Search' box above a list that the spec searches on the client. */
export function ListSearch({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: string | null;
  onChange: (search: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('records.search')}
      placeholder={placeholder}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      mb="md"
      maw={360}
    />
  );
}
