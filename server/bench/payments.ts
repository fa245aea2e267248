import type { Benchmark } from './run';

export const benchmarks: Benchmark[] = [];
