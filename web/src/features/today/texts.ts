/** Today's texts beyond the spec's (docs/rules.md section 19: the office sees customers' requests). */
export const todayScreenTexts = {
  requests: 'Requests',
  /** Changes customers made through their page in the last 24 hours that reach this day or later. */
  requestsHint: 'Pauses and changes customers made on their page in the last 24 hours',
  requestsOf: (colonyName: string) => `Requests ${colonyName}`,
} as const;
