import { calendarDateIn, dateTimeFormat } from '@dairy/contract';
import { Cron } from 'croner';
import { runAs } from '../../current-user';
import type { Db } from '../../db/client';
import { allColonies } from '../colony/colony.repo';
import { generateForAllColonies, pendingOn } from './generation.service';

export interface GenerationSettings {
  /** `HH:MM` in `businessTz`; undefined: no automatic generation (GENERATE_AT=off). */
  generateAt: string | undefined;
  businessTz: string;
}

export interface GenerationSchedule {
  /** The daily job; undefined when automatic generation is off. */
  job: Cron | undefined;
  /** Settles once the generation at start (when one was due) is done. */
  started: Promise<void>;
  stop(): void;
}

interface Log {
  info(message: string): void;
  error(details: object, message: string): void;
}

/** "03:05": the time of day at `at` in the time zone, on the 24-hour clock. */
const timeOfDayIn = (timeZone: string, at: Date) =>
  dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/**
 * Whether generation would still create deliveries on the date in some enabled colony: what the
 * Today screen shows as 'To generate' above 0.
 */
async function somethingToGenerate(db: Db, date: string): Promise<boolean> {
  const enabled = (await allColonies(db)).filter((c) => c.disable === 0).map((c) => c.colonyCode);
  if (enabled.length === 0) return false;
  return (await pendingOn(db, enabled, date)).some((p) => p.rows > 0);
}

/**
 * Daily generation (docs/rules.md section 23): every day at `generateAt` in BUSINESS_TZ, and at
 * start when that time has passed, today's deliveries of every enabled colony are generated as
 * Generate all does, its audit row written as `system`, unless nothing is left to generate.
 * `now` is the clock (tests pass their own). A failed run is logged; the server goes on.
 */
export function startGenerationSchedule(
  db: Db,
  settings: GenerationSettings,
  log: Log,
  now: () => Date = () => new Date(),
): GenerationSchedule {
  const { generateAt, businessTz } = settings;
  if (!generateAt) return { job: undefined, started: Promise.resolve(), stop() {} };
  /** Generates today when something is left to generate: a day already done gets no empty audit row. */
  const run = async (when: string) => {
    const date = calendarDateIn(businessTz, now());
    try {
      if (!(await somethingToGenerate(db, date))) return;
      // No signed-in user: the audit row names `system`.
      const colonies = await runAs(null, () => generateForAllColonies(db, date));
      const created = colonies.reduce((sum, c) => sum + c.created, 0);
      log.info(`${when} generation of ${date}: ${created} transactions in ${colonies.length} colonies`);
    } catch (error) {
      log.error({ err: error }, `${when} generation of ${date} failed`);
    }
  };
  const [hour, minute] = generateAt.split(':').map(Number);
  const job = new Cron(`${minute} ${hour} * * *`, { timezone: businessTz, protect: true, unref: true }, () =>
    run('daily'),
  );
  const started = timeOfDayIn(businessTz, now()) >= generateAt ? run('start') : Promise.resolve();
  return { job, started, stop: () => job.stop() };
}
