import { importTexts } from '@dairy/contract';
import { SpreadsheetError } from './file-problem';
import type { WorkerAnswer } from './read-file.worker';
import type { ReadFile } from './spreadsheet';

/**
 * Reads a chosen file off the page's main thread (docs/rules.md section 24): a worker of its own,
 * which loads the CSV and XLSX readers, answers the rows or the file's problem as a
 * SpreadsheetError. Aborting `signal` (another file was chosen) stops the worker at once, however
 * far it got.
 */
export function readSpreadsheet(file: File, signal: AbortSignal): Promise<ReadFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./read-file.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
    const done = () => {
      worker.terminate();
      signal.removeEventListener('abort', stop);
    };
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      done();
      if (event.data.ok) resolve(event.data.read);
      else reject(new SpreadsheetError(event.data.problem));
    };
    worker.onerror = () => {
      done();
      reject(new SpreadsheetError(importTexts.unreadable));
    };
    worker.postMessage(file);
  });
}

export { SpreadsheetError };
