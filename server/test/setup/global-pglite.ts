import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one embedded database and saves it: each test database starts from this copy. */
export async function setup(project: TestProject) {
  const client = new PGlite('memory://');
  const database = openPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dairy-pglite-')), 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}
