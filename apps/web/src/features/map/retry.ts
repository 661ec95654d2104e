/** Spec §8 "Map script load failure": retried, waiting n × 2^n ms before retry n (2, 8, 24 ms for 3 retries). */
export function retryDelayMs(attempt: number): number {
  return attempt * 2 ** attempt;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `load`, and again up to `retries` times after a failure; rejects with the last failure.
 * `load` hears which retry it is (0 for the first try), `onFailure` every failed attempt (1 is the first try).
 */
export async function withRetries<T>(
  load: (retry: number) => Promise<T>,
  retries: number,
  onFailure: (attempt: number, error: unknown) => void = () => {},
  sleep: (ms: number) => Promise<void> = wait,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load(attempt);
    } catch (error) {
      onFailure(attempt + 1, error);
      if (attempt >= retries) throw error;
      await sleep(retryDelayMs(attempt + 1));
    }
  }
}
