/** Settings of DESIGN.md section 1, read from the environment (and `.env` when present). */
export interface Config {
  port: number;
  host: string;
  /** A PostgreSQL server; when unset the embedded database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database, or `memory://` for a throwaway one. */
  dataDir: string;
  productLabel: string;
  businessTz: string;
  logLevel: string;
  /** Folder of the built web app; not served when it does not exist. */
  webDist: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const businessTz = env.BUSINESS_TZ?.trim() || 'Asia/Kolkata';
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: businessTz });
  } catch {
    throw new Error(`BUSINESS_TZ is not a time zone: ${businessTz}`);
  }
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: env.DATA_DIR?.trim() || './data',
    productLabel: env.PRODUCT_LABEL?.trim() || 'Milk',
    businessTz,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    webDist: env.WEB_DIST?.trim() || undefined,
  };
}
