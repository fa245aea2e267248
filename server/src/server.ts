import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';

try {
  process.loadEnvFile();
} catch {
  // no .env file: the environment alone decides
}

const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
const app = await buildApp(config, database);

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `serving http://${config.host}:${config.port} on ${database.kind === 'pglite' ? `embedded database ${config.dataDir}` : 'PostgreSQL server'}`,
);
