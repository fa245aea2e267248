import { isIP } from 'node:net';

/** Faults a test can ask a real server process for (DAIRY_FAILPOINT); never set in use. */
export const FAILPOINTS = ['exit-after-commit'] as const;
export type Failpoint = (typeof FAILPOINTS)[number];

/** Settings of docs/rules.md sections 1 and 18, read from the environment (and `.env` when present). */
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
  /**
   * Which reverse proxies to believe about the client's address and protocol
   * (X-Forwarded-For, X-Forwarded-Proto): none, all, a number of hops, or their addresses.
   */
  trustProxy: boolean | number | string[];
  /** The session cookie is `Secure` (it is anyway on a request a trusted proxy says came over https). */
  cookieSecure: boolean;
  /** For tests only: the fault to inject. */
  failpoint: Failpoint | undefined;
  /** The daily backup's time of day, `HH:MM` in `businessTz`; undefined: no automatic backups. */
  backupAt: string | undefined;
  /** Folder of the backup files (automatic ones and 'Back up now'). */
  backupDir: string;
  /** How many of the newest backup files are kept. */
  backupKeep: number;
  /** The daily generation's time of day, `HH:MM` in `businessTz`; undefined: no automatic generation. */
  generateAt: string | undefined;
  /** The address customers reach the server at, without a trailing slash; unset: no page links. */
  publicUrl: string | undefined;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `TRUST_PROXY`: unset/false, true, a hop count, or addresses, subnets (a.b.c.d/n) and loopback/linklocal/uniquelocal. */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const parts = text.split(',').map((p) => p.trim());
  for (const part of parts) {
    const [address = '', prefix, ...rest] = part.split('/');
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= 128);
    if (!PROXY_NAMES.has(part) && (isIP(address) === 0 || !validPrefix || rest.length > 0))
      throw new Error(
        `TRUST_PROXY must be true, false, a number of proxies, or proxy addresses separated by commas, not ${part}`,
      );
  }
  return parts;
}

function parseFlag(name: string, value: string | undefined): boolean {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  throw new Error(`${name} must be true or false, not ${value}`);
}

function parseFailpoint(value: string | undefined): Failpoint | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if ((FAILPOINTS as readonly string[]).includes(text)) return text as Failpoint;
  throw new Error(`DAIRY_FAILPOINT is for tests only and must be one of ${FAILPOINTS.join(', ')}, not ${text}`);
}

/** `BACKUP_AT`, `GENERATE_AT`: a time of day `HH:MM` (24-hour clock), or `off`. */
function parseTimeOfDay(name: string, value: string | undefined, fallback: string): string | undefined {
  const text = value?.trim() || fallback;
  if (text.toLowerCase() === 'off') return undefined;
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59)
    throw new Error(`${name} must be a time of day like ${fallback}, or off, not ${value}`);
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

function parseBackupKeep(value: string | undefined): number {
  const text = value?.trim() || '30';
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new Error(`BACKUP_KEEP must be a whole number of 1 or more, not ${value}`);
  return Number(text);
}

/** `PUBLIC_URL`: an http(s) address such as `https://dairy.example.in` (a path prefix is kept). */
function parsePublicUrl(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username)
    throw new Error(`PUBLIC_URL must be an address like https://dairy.example.in, not ${value}`);
  return text.replace(/\/+$/, '');
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    cookieSecure: parseFlag('COOKIE_SECURE', env.COOKIE_SECURE),
    failpoint: parseFailpoint(env.DAIRY_FAILPOINT),
    backupAt: parseTimeOfDay('BACKUP_AT', env.BACKUP_AT, '23:00'),
    backupDir: env.BACKUP_DIR?.trim() || './backups',
    backupKeep: parseBackupKeep(env.BACKUP_KEEP),
    generateAt: parseTimeOfDay('GENERATE_AT', env.GENERATE_AT, '03:00'),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
  };
}
