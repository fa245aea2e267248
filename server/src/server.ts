import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { isDatabaseUnavailable } from './db/faults';
import { StartError } from './db/folder-lock';
import { analyzeAtStart } from './db/statistics';
import { insecureCookieWarning } from './modules/auth/auth.plugin';
import { startBackupSchedule } from './modules/backup/schedule';
import { startGenerationSchedule } from './modules/transaction/generation-schedule';

try {
  process.loadEnvFile();
} catch {
  // no .env file: the environment alone decides
}

const config = loadConfig();

/** The migrated database, or the reason it cannot be used in words and a failing exit code. */
async function openForServing(): Promise<Database> {
  let database: Database | undefined;
  try {
    database = openDatabase(config);
    await database.migrate();
    await analyzeAtStart(database);
    return database;
  } catch (error) {
    const reason =
      error instanceof StartError
        ? error.message
        : isDatabaseUnavailable(error)
          ? `The database cannot be reached: ${(error as Error).message}`
          : String((error as Error)?.stack ?? error);
    console.error(`The server cannot start. ${reason}`);
    await database?.close().catch(() => {});
    process.exit(1);
  }
}

const database = await openForServing();
const app = await buildApp(config, database);

const schedules: { stop(): void }[] = [];
const shutdown = async () => {
  for (const schedule of schedules) schedule.stop();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const cookieWarning = insecureCookieWarning(config);
if (cookieWarning) app.log.warn(cookieWarning);
schedules.push(
  startBackupSchedule(database.db, config, app.log),
  startGenerationSchedule(database.db, config, app.log),
);
app.log.info(
  `serving http://${config.host}:${config.port} on ${database.kind === 'pglite' ? `embedded database ${config.dataDir}` : 'PostgreSQL server'}`,
);
