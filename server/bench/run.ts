/**
 * `npm run bench`: seeds realistic data into fresh databases and prints a table of figures.
 * Each area adds its measurements as a module exporting `benchmarks`.
 */
import { benchmarks as imports } from './imports';
import { benchmarks as payments } from './payments';
import { benchmarks as transactions } from './transactions';

export interface BenchResult {
  name: string;
  database: 'pglite' | 'postgres';
  ours_ms: number;
  bare_sql_ms: number;
  target: string;
}

export type Benchmark = () => Promise<BenchResult[]>;

const results: BenchResult[] = [];
for (const bench of [...transactions, ...payments, ...imports]) results.push(...(await bench()));
console.table(
  results.map((r) => ({ ...r, ratio: r.bare_sql_ms > 0 ? Number((r.ours_ms / r.bare_sql_ms).toFixed(2)) : null })),
);
