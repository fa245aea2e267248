import { TextInput } from '@mantine/core';

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
  return (
    <TextInput
      label="Search"
      placeholder={placeholder}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      mb="md"
      maw={360}
    />
  );
}
