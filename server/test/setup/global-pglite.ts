import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

let folder: string | undefined;

/** Migrates one embedded database and saves it: each test database starts from this copy. */
export async function setup(project: TestProject) {
  const database = openPglite('memory://');
  await database.migrate();
  const dump = await database.dump();
  await database.close();
  folder = mkdtempSync(path.join(tmpdir(), 'dairy-pglite-'));
  const file = path.join(folder, 'template.tar');
  writeFileSync(file, dump);
  project.provide('pgliteTemplate', file);
}

/** The copy is 40 MB: removed at the end of the run. */
export function teardown() {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
