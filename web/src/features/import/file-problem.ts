/** A file that cannot be imported, with the reason in words for the person who chose it. */
export class SpreadsheetError extends Error {}
