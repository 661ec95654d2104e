import { useCallback, useRef, useState } from 'react';
import { trpcClient, UNBATCHED } from '../../../lib/trpc';
import { decodeLogLines } from './log-range';

/** Days read at once: the server reads each from disk, and six at a time was the fastest in pnpm bench. */
const PARALLEL_DAYS = 6;

export interface LoadedLogs {
  /** Every line of the days found, oldest day first. */
  lines: string[];
  daysFound: number;
  daysAsked: number;
  /** Days the server cut to their last part (over its per-day cap). */
  daysTruncated: number;
  /** The API nodes whose log files these are: each node keeps its own. */
  nodes: string[];
}

/**
 * Reads the range's days, one call per day (spec §7 getFRLogfileInfo). A day that is missing or fails is skipped:
 * log load errors are swallowed (spec §8). A new Load abandons the one before it.
 */
export function useLogRange() {
  const [loaded, setLoaded] = useState<LoadedLogs | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const current = useRef<AbortController | null>(null);

  const load = useCallback(async (files: string[]) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const days: (string[] | null)[] = new Array(files.length).fill(null);
    let truncated = 0;
    const nodes = new Set<string>();
    let done = 0;
    let next = 0;
    setProgress({ done: 0, total: files.length });

    const worker = async () => {
      while (next < files.length && !controller.signal.aborted) {
        const index = next++;
        try {
          const answer = await trpcClient.admin.logFile.query({ filename: files[index] }, { ...UNBATCHED, signal: controller.signal });
          days[index] = decodeLogLines(answer.data);
          if (answer.truncated) truncated += 1;
          nodes.add(answer.node);
        } catch {
          // A day without a log, or one that failed: skipped, as the spec has it.
        }
        done += 1;
        if (!controller.signal.aborted) setProgress({ done, total: files.length });
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_DAYS, files.length) }, worker));
    if (controller.signal.aborted) return;
    const found = days.filter((day): day is string[] => day !== null);
    setLoaded({ lines: found.flat(), daysFound: found.length, daysAsked: files.length, daysTruncated: truncated, nodes: [...nodes].sort() });
    setProgress(null);
  }, []);

  return { loaded, progress, load };
}
