/**
 * `npm run bench`: seeds realistic data into fresh databases on both engines and prints a table of
 * figures, each the median of alternating pairs with the least and the most (measure.ts). The
 * default is quick, for everyday runs; `npm run bench -- --scale` measures a dairy of 10,000
 * customers and six months of history (scale.ts, some minutes); `-- --restore` restores a backup
 * of that dairy (restore.ts); `-- --sign-in` runs sign-in.ts alone.
 */
import { benchmarks as day } from './day';
import { benchmarks as imports } from './imports';
import { type BenchResult, printResults } from './measure';
import { benchmarks as payments } from './payments';
import { restoreBenchmarks } from './restore';
import { scaleBenchmarks } from './scale';
import { benchmarks as signIn } from './sign-in';
import { benchmarks as transactions } from './transactions';

export type Benchmark = () => Promise<BenchResult[]>;

const scale = process.argv.includes('--scale');
const results: BenchResult[] = [];
const alone = process.argv.includes('--sign-in') ? signIn : undefined;
if (scale) results.push(...(await scaleBenchmarks()));
else if (process.argv.includes('--restore')) results.push(...(await restoreBenchmarks()));
else
  for (const bench of alone ?? [...transactions, ...day, ...payments, ...imports, ...signIn])
    results.push(...(await bench()));
printResults(results);
