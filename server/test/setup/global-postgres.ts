import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/db/client';
import { type Cluster, postgresAvailable, startCluster } from './postgres-cluster';

export const TEMPLATE_DATABASE = 'dairy_template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

let cluster: Cluster | undefined;

/** Starts one cluster for the run, migrates a template database, and stops it at the end. */
export async function setup(project: TestProject) {
  if (!postgresAvailable()) throw new Error('PostgreSQL 15 binaries not found in /usr/lib/postgresql/15/bin');
  cluster = await startCluster();
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = openPostgres(cluster.url(TEMPLATE_DATABASE), 1);
  await template.migrate();
  await template.close();
  project.provide('postgresUrl', cluster.url('postgres'));
}

export function teardown() {
  cluster?.stop();
}
