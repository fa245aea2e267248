import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { StartError } from '../db/folder-lock';

/**
 * What `npm run backup` and `npm run restore` share with the server: the settings (the
 * environment and `.env`), the database they name (DATABASE_URL, else DATA_DIR), and the folder
 * a relative file name is read from (where npm was started).
 */
export function commandSettings(): { config: Config; cwd: string } {
  try {
    process.loadEnvFile();
  } catch {
    // no .env file: the environment alone decides
  }
  return { config: loadConfig(), cwd: process.env.INIT_CWD ?? process.cwd() };
}

/** The database in words, for messages. */
export const describeDatabase = (config: Config) =>
  config.databaseUrl
    ? 'the PostgreSQL server of DATABASE_URL'
    : `the embedded database in ${path.resolve(config.dataDir)}`;

/**
 * Opens the database; a data folder another process holds (the running server) is a StartError
 * whose message ends with `advice`.
 */
export function openForCommand(config: Config, options: { mustExist: boolean; advice: string }): Database {
  const folder = path.resolve(config.dataDir);
  if (!config.databaseUrl && options.mustExist && !config.dataDir.startsWith('memory://') && !existsSync(folder))
    throw new StartError(`There is no database in ${folder} (DATA_DIR).`);
  try {
    return openDatabase(config);
  } catch (error) {
    if (error instanceof StartError && /in use/.test(error.message))
      throw new StartError(`${error.message.replace(/ Stop that server first.*$/, '')} ${options.advice}`);
    throw error;
  }
}

/** Prints the reason in words and ends the process with code 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
