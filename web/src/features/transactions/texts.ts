/** The route sheet's texts beyond the spec's (docs/rules.md section 19). */
export const routeSheetTexts = {
  /** A delivery a change the customer made on their page covers. */
  changedByCustomer: 'Changed by customer',
} as const;
