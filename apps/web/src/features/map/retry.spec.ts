import { describe, expect, it } from 'vitest';
import { retryDelayMs, withRetries } from './retry';

describe('map engine load retries', () => {
  it('wait n × 2^n ms before retry n', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2, 8, 24]);
  });

  it('try once and then up to 3 more times, waiting the spec delays in between', async () => {
    const waits: number[] = [];
    const failures: number[] = [];
    let calls = 0;
    const load = () => (++calls < 4 ? Promise.reject(new Error(`fail ${calls}`)) : Promise.resolve('engine'));
    const result = await withRetries(load, 3, (attempt) => failures.push(attempt), async (ms) => void waits.push(ms));
    expect(result).toBe('engine');
    expect(calls).toBe(4);
    expect(failures).toEqual([1, 2, 3]);
    expect(waits).toEqual([2, 8, 24]);
  });

  it('give up with the last failure after the retries', async () => {
    let calls = 0;
    const load = () => Promise.reject(new Error(`fail ${++calls}`));
    await expect(withRetries(load, 3, undefined, async () => {})).rejects.toThrow('fail 4');
    expect(calls).toBe(4);
  });
});
