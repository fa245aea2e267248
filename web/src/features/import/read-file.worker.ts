import { importTexts } from '@dairy/contract';
import { SpreadsheetError } from './file-problem';
import { readSpreadsheet } from './spreadsheet';

/** What the worker answers for a file: its rows, or why it cannot be imported. */
export type WorkerAnswer =
  | { ok: true; read: Awaited<ReturnType<typeof readSpreadsheet>> }
  | { ok: false; problem: string };

// One file a message; the page starts a worker for each file it reads (read-file.ts).
self.onmessage = async (event: MessageEvent<File>) => {
  const file = event.data;
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, read: await readSpreadsheet(file.name, new Uint8Array(await file.arrayBuffer())) };
  } catch (error) {
    answer = { ok: false, problem: error instanceof SpreadsheetError ? error.message : importTexts.unreadable };
  }
  self.postMessage(answer);
};
