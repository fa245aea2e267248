import { performance } from 'node:perf_hooks';

/** The median of some timings (or ratios), with the least and the most. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('No values to summarize');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** One row of the printed table: ours against a baseline, the ratio a target bounds. */
export interface BenchResult {
  name: string;
  engine: string;
  /** Timings in ms of what is measured (an API call, a service call). */
  ours: Spread;
  /** Timings in ms of what it is compared with (bare SQL, the small dairy, idle, the other engine). */
  baseline: Spread;
  baselineName: string;
  /** ours / baseline, pair by pair. */
  ratio: Spread;
  /** The most the median ratio may be; left out where only a time is asked for. */
  limit?: number;
  /** The most the median of ours may take, in ms (an absolute target). */
  maxMs?: number;
  /** Anything else the target asks (an absolute time), already judged. */
  note?: string;
}

/** A group of measurements, run one after another by run.ts. */
export type Benchmark = () => Promise<BenchResult[]>;

export interface Pairs {
  /** Measured pairs (after the warm-up). */
  runs: number;
  /** Pairs run first and not counted: caches, plans, the engine's first touch. */
  warmup?: number;
  /** Untimed work before each side of every pair (a reset). */
  before?: (side: 'ours' | 'baseline', run: number) => Promise<void>;
  /** Untimed check after each side of every pair. */
  after?: (side: 'ours' | 'baseline', run: number) => Promise<void>;
}

/**
 * Times `ours` and `baseline` in alternating pairs: they take turns at going first, so neither
 * always finds the other's work in the caches; the ratio is taken pair by pair, so a slower
 * moment of the machine weighs on both sides of the pair it falls in.
 */
export async function alternatingPairs(
  ours: (run: number) => Promise<unknown>,
  baseline: (run: number) => Promise<unknown>,
  options: Pairs,
): Promise<{ ours: Spread; baseline: Spread; ratio: Spread }> {
  const warmup = options.warmup ?? 1;
  const times = { ours: [] as number[], baseline: [] as number[], ratio: [] as number[] };
  const sides = { ours, baseline };
  for (let run = 0; run < warmup + options.runs; run++) {
    const order = run % 2 === 0 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const);
    const ms = { ours: 0, baseline: 0 };
    for (const side of order) {
      await options.before?.(side, run);
      ms[side] = await timed(() => sides[side](run));
      await options.after?.(side, run);
    }
    if (run < warmup) continue;
    times.ours.push(ms.ours);
    times.baseline.push(ms.baseline);
    times.ratio.push(ms.ours / ms.baseline);
  }
  return { ours: spread(times.ours), baseline: spread(times.baseline), ratio: spread(times.ratio) };
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const shown = (s: Spread, unit = '') => `${ms(s.median)}${unit} [${ms(s.min)}-${ms(s.max)}]`;

/** Whether a result meets its targets: the ratio's limit and the time's, where each is given. */
export function met(r: BenchResult): boolean {
  return (r.limit === undefined || r.ratio.median <= r.limit) && (r.maxMs === undefined || r.ours.median <= r.maxMs);
}

/** The table `npm run bench` prints: medians with [min-max], the ratio and whether it is met. */
export function printResults(results: readonly BenchResult[]) {
  console.table(
    results.map((r) => ({
      measured: r.name,
      engine: r.engine,
      'ours ms': shown(r.ours),
      'baseline ms': `${shown(r.baseline)} (${r.baselineName})`,
      ratio: `${r.ratio.median.toFixed(2)} [${r.ratio.min.toFixed(2)}-${r.ratio.max.toFixed(2)}]`,
      target: [
        r.limit === undefined ? undefined : `ratio <= ${r.limit}`,
        r.maxMs === undefined ? undefined : `< ${r.maxMs} ms`,
        r.note,
      ]
        .filter(Boolean)
        .join('; '),
      met: met(r) ? 'yes' : 'NO',
    })),
  );
}
