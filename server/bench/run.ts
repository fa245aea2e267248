/**
 * `npm run bench`: seeds realistic data into fresh databases on both engines and prints a table of
 * figures, each the median of alternating pairs with the least and the most (measure.ts), then the
 * load row (load.ts: 20 clients for 60 s against one client; `--clients N` and `--seconds S` for a
 * quicker run, `--engine pglite|postgres` for one engine, `--diagnose` to see where the calls wait).
 * One part alone: `--load` the load row, `--scale` a dairy of 10,000 customers and six months of
 * history (scale.ts, some minutes), `--restore` a restore of that dairy's backup (restore.ts),
 * `--sign-in` sign-in under spraying (sign-in.ts), `--customer-load` 200 customers on their pages
 * (customer-load.ts, a few minutes).
 */
import { customerLoadBenchmarks } from './customer-load';
import { benchmarks as day } from './day';
import { benchmarks as imports } from './imports';
import { loadBenchmarks, printLoad } from './load';
import { type Benchmark, type BenchResult, printResults } from './measure';
import { benchmarks as payments } from './payments';
import { restoreBenchmarks } from './restore';
import { scaleBenchmarks } from './scale';
import { benchmarks as signIn } from './sign-in';
import { benchmarks as transactions } from './transactions';

/** The text after `--name` (`--name 5` or `--name=5`), or undefined. */
function option(name: string): string | undefined {
  const args = process.argv;
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1];
}

/** A whole number after `--name`, or `fallback`. */
function count(name: string, fallback: number): number {
  const text = option(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0, not ${text}`);
  return value;
}

/** Each bench run in turn. */
async function inTurn(benches: Benchmark[]): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const bench of benches) results.push(...(await bench()));
  return results;
}

/** The engine after `--engine`, or undefined for both. */
function engineOption() {
  const name = option('engine');
  const engine = (['pglite', 'postgres'] as const).find((e) => e === name);
  if (name !== undefined && !engine) throw new Error(`--engine takes pglite or postgres, not ${name}`);
  return engine;
}

const load = {
  clients: count('clients', 20),
  seconds: count('seconds', 60),
  engine: engineOption(),
  diagnose: process.argv.includes('--diagnose'),
};
const results: BenchResult[] = [];
const alone: Record<string, () => Promise<BenchResult[]>> = {
  '--scale': scaleBenchmarks,
  '--restore': restoreBenchmarks,
  '--customer-load': customerLoadBenchmarks,
  '--sign-in': () => inTurn(signIn),
  '--load': async () => [],
};
const part = Object.keys(alone).find((flag) => process.argv.includes(flag));
if (part) results.push(...(await alone[part]!()));
else results.push(...(await inTurn([...transactions, ...day, ...payments, ...imports, ...signIn])));
if (results.length > 0) printResults(results);
if (part === undefined || part === '--load') printLoad(await loadBenchmarks(load), load.seconds);
