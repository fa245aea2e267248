import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one embedded database and saves it: each test database starts from this copy. */
export async function setup(project: TestProject) {
  const database = openPglite('memory://');
  await database.migrate();
  const dump = await database.dump();
  await database.close();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dairy-pglite-')), 'template.tar');
  writeFileSync(file, dump);
  project.provide('pgliteTemplate', file);
}
