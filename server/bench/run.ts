/**
 * `npm run bench`: seeds realistic data into fresh databases on both engines and prints a table of
 * figures, each the median of alternating pairs with the least and the most (measure.ts). The
 * default is quick, for everyday runs; `npm run bench -- --scale` measures a dairy of 10,000
 * customers and six months of history (scale.ts, some minutes); `-- --customer-load` plays 200
 * customers on their pages (customer-load.ts, a few minutes).
 */
import { customerLoadBenchmarks } from './customer-load';
import { benchmarks as day } from './day';
import { benchmarks as imports } from './imports';
import { type BenchResult, printResults } from './measure';
import { benchmarks as payments } from './payments';
import { scaleBenchmarks } from './scale';
import { benchmarks as transactions } from './transactions';

export type Benchmark = () => Promise<BenchResult[]>;

const scale = process.argv.includes('--scale');
const results: BenchResult[] = [];
if (scale) results.push(...(await scaleBenchmarks()));
else if (process.argv.includes('--customer-load')) results.push(...(await customerLoadBenchmarks()));
else for (const bench of [...transactions, ...day, ...payments, ...imports]) results.push(...(await bench()));
printResults(results);
