/** The month calendar's texts (the office's customer file and the customer's own page). */
export const calendarTexts = {
  weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  paused: 'Paused',
  absent: 'Absent',
  today: 'Today',
  /** A quantity change still to come. */
  planned: 'planned',
} as const;
