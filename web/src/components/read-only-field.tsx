import { TextInput } from '@mantine/core';

/**
 * A value a screen shows but does not let change (a colony's code, the customer of a
 * consumption): every such field has this one look, grey and without an editing cursor.
 */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return <TextInput label={label} value={value} readOnly variant="filled" classNames={{ input: 'read-only-input' }} />;
}
