import { Logger } from '@nestjs/common';
import type { MessageQueue, MessageQueueDepth, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { ClaimedMessage, FederationQueueRepository, NewQueueMessage } from './federation-queue.repository';

export interface QueueTiming {
  /** How often a listener looks for due messages it was not told of (another node's, a retry come due). */
  pollMs: number;
  /** How long a worker owns a message it took: a dead worker's message runs again once this has passed. */
  leaseMs: number;
  /** Messages one node handles at once. */
  concurrency: number;
  /**
   * On stop, how long the messages in hand may take to settle: a stop must end within the container's 10 s. What is
   * still in hand then runs again later (on SQLite at the next start, elsewhere when its claim runs out).
   */
  stopGraceMs: number;
  /**
   * How long one attempt may take before it counts as failed and is tried again later (a server that takes a
   * connection and never answers); well inside the lease, so no other worker takes the message meanwhile.
   */
  attemptTimeoutMs: number;
  /** Attempts before a message is kept as failed, for the admin to retry or drop. */
  maxAttempts: number;
  /** Wait before attempt n + 1 after n failures. */
  retryDelayMs: (failures: number) => number;
}

/** 1, 2, 4 … minutes, at most 6 hours: 12 attempts span about a day, as Mastodon's own retries do. */
export const DEFAULT_QUEUE_TIMING: QueueTiming = {
  pollMs: 1000,
  leaseMs: 2 * 60_000,
  attemptTimeoutMs: 60_000,
  concurrency: 4,
  stopGraceMs: 3000,
  maxAttempts: 12,
  retryDelayMs: (failures) => Math.min(60_000 * 2 ** (failures - 1), 6 * 60 * 60_000),
};

interface FedifyMessage {
  type?: string;
  inbox?: string;
}

/** `work`, or a rejection once `ms` have passed (the work itself cannot be stopped; its outcome is then ignored). */
function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const hostOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

/**
 * Fedify's message queue kept in the app's database (both engines): deliveries, received activities and fan-outs
 * wait in federation_queue until handled, so a restart or a kill -9 loses none, and every node of one database takes
 * from the same queue (a claim per message). Retries are ours (`nativeRetrial`): a failed message waits with backoff,
 * and after the last attempt stays as failed for the admin. A worker killed mid-delivery leaves its claim to run out
 * and the message runs again; the receiving inbox drops the repeat by the activity's id.
 */
export interface QueueControls {
  /** While true, nothing is taken from the queue (federation switched off): messages wait, none is lost. */
  paused?: () => boolean;
  /** Whether a taken message must be dropped unhandled (a delivery to a blocked server). */
  refuses?: (claimed: ClaimedMessage, message: unknown) => Promise<boolean>;
}

export class DatabaseMessageQueue implements MessageQueue {
  readonly nativeRetrial = true;
  private readonly logger = new Logger('FederationQueue');
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly repository: FederationQueueRepository,
    private readonly timing: QueueTiming = DEFAULT_QUEUE_TIMING,
    private readonly controls: QueueControls = {},
  ) {}

  /** Looks for due messages now (federation switched back on). */
  wakeUp(): void {
    this.wake();
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return;
    const now = Date.now();
    const delay = options?.delay ? Math.max(0, options.delay.total({ unit: 'millisecond' })) : 0;
    const rows: NewQueueMessage[] = messages.map((message) => {
      const fedify = message as FedifyMessage;
      return {
        kind: fedify.type ?? 'unknown',
        message: JSON.stringify(message),
        orderingKey: options?.orderingKey ?? null,
        targetHost: fedify.type === 'outbox' ? hostOf(fedify.inbox) : null,
        runAt: now + delay,
      };
    });
    await this.repository.enqueue(rows, now);
    if (delay === 0) this.wake();
  }

  async getDepth(): Promise<MessageQueueDepth> {
    const depth = await this.repository.depth(Date.now());
    return { queued: depth.ready + depth.delayed, ready: depth.ready, delayed: depth.delayed };
  }

  async listen(handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions): Promise<void> {
    const signal = options?.signal;
    const running = new Set<Promise<void>>();
    while (!signal?.aborted) {
      try {
        while (running.size < this.timing.concurrency && !signal?.aborted && !this.controls.paused?.()) {
          const now = Date.now();
          const claimed = await this.repository.claim(now, now + this.timing.leaseMs);
          if (!claimed) break;
          const task = this.handle(claimed, handler)
            .catch((error: Error) => this.logger.error(`Federation message ${claimed.id} was not settled: ${error.message}`))
            .finally(() => {
              running.delete(task);
              this.wake();
            });
          running.add(task);
        }
      } catch (error) {
        // The database away for a moment (a failover, a restart): try again at the next poll.
        this.logger.error(`Could not take from the federation queue: ${(error as Error).message}`);
      }
      await this.sleep(signal);
    }
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(running), new Promise((resolve) => (grace = setTimeout(resolve, this.timing.stopGraceMs)))]);
    clearTimeout(grace);
  }

  /** Runs one message; deletes it when handled, or records the failure for a later attempt. */
  private async handle(claimed: ClaimedMessage, handler: (message: unknown) => Promise<void> | void): Promise<void> {
    let message: unknown;
    try {
      message = JSON.parse(claimed.message);
    } catch {
      await this.repository.giveUp(claimed.id, Date.now(), 'The stored message is not JSON');
      return;
    }
    try {
      if (await this.controls.refuses?.(claimed, message)) {
        await this.repository.done(claimed.id);
        return;
      }
      await withTimeout(Promise.resolve(handler(message)), this.timing.attemptTimeoutMs);
    } catch (error) {
      const failures = claimed.attempts + 1;
      const reason = String((error as Error)?.message ?? error).slice(0, 500);
      if (failures >= this.timing.maxAttempts) {
        await this.repository.giveUp(claimed.id, Date.now(), reason);
        this.logger.warn(`Federation ${claimed.kind} message ${claimed.id} failed ${failures} times and is kept as failed: ${reason}`);
      } else {
        await this.repository.retryLater(claimed.id, Date.now() + this.timing.retryDelayMs(failures), reason);
      }
      return;
    }
    await this.repository.done(claimed.id);
  }

  private wake(): void {
    for (const waker of this.wakers) waker();
  }

  /** Until a message is enqueued here, a worker finishes, the poll interval passes, or the signal aborts. */
  private sleep(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, this.timing.pollMs);
      this.wakers.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
