/** Pauses & Changes' texts beyond the spec's (docs/rules.md section 19). */
export const changesScreenTexts = {
  byCustomers: 'By customers',
  noneByCustomers: 'No current or upcoming changes made by customers.',
  noneByCustomersPast: 'No changes made by customers.',
} as const;
