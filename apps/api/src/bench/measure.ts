/** Timing helpers shared by the benchmarks: bounded loops, percentiles printed, never asserted. */
import { performance } from 'node:perf_hooks';

export interface Sample {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function measure(name: string, runs: number, call: (i: number) => Promise<Response>, expectedStatus = 200): Promise<Sample> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await call(i);
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (response.status !== expectedStatus) throw new Error(`${name}: HTTP ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { name, runs, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] };
}

/** Times a synchronous call `runs` times (a service method, no HTTP). */
/** Times an awaited call `runs` times, one after the other. */
export async function measureAsync(name: string, runs: number, call: (i: number) => Promise<unknown>): Promise<Sample> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, runs, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] };
}

export function measureSync(name: string, runs: number, call: (i: number) => unknown): Sample {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    call(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, runs, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] };
}

export function printSamples(samples: Sample[]): void {
  console.log('call'.padEnd(50), 'runs'.padStart(5), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9), 'max ms'.padStart(9));
  for (const sample of samples) {
    console.log(
      sample.name.padEnd(50),
      String(sample.runs).padStart(5),
      sample.p50.toFixed(2).padStart(9),
      sample.p95.toFixed(2).padStart(9),
      sample.max.toFixed(2).padStart(9),
    );
  }
}
