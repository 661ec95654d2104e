import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ShippedMigration } from '@siplog/db';
import { failureReason, type BlobStore } from '../media/blob-store';
import { BLOB_STORE } from '../media/media.module';
import { HealthRepository } from './health.repository';

/** What readiness looks at. */
export type ReadinessCheck = 'database' | 'migrations' | 'mediaStore';

export const READY = 'ok';

/** Each check's answer: READY, or what is wrong in a few words (an error code or name, never a secret or a stack). */
export interface Readiness {
  ready: boolean;
  checks: Record<ReadinessCheck, string>;
}

/** How long an answer is reused: proxies polling every few seconds, however many, cost one round of checks a second. */
export const READINESS_MEMO_MS = 1_000;
/** How long one check may take before it counts as not answering: a probe must answer well within its own timeout. */
export const CHECK_TIMEOUT_MS = 2_000;

/** `work`, or a TimeoutError once `ms` have passed (the work itself is left to finish or fail on its own). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms} ms`), { name: 'TimeoutError' })), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness (issue 26): whether this node can serve, for a proxy or an orchestrator deciding whether to send it
 * requests. Liveness (/api/health) says only that the process answers; this also asks the database, checks that it
 * records this build's newest migration, and asks the media store (folder writable, bucket there). It runs only when
 * asked, never on another request's path, and one round serves every poll for READINESS_MEMO_MS.
 */
@Injectable()
export class ReadinessService {
  private readonly logger = new Logger('Readiness');
  private readonly shipped: ShippedMigration;
  private last: { at: number; readiness: Readiness } | null = null;
  private running: Promise<Readiness> | null = null;
  /** What was last logged: a change is logged once, not at every poll. */
  private loggedProblems = '';

  constructor(
    private readonly repository: HealthRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {
    this.shipped = repository.newestMigrationShipped();
  }

  check(): Promise<Readiness> {
    if (this.last && Date.now() - this.last.at < READINESS_MEMO_MS) return Promise.resolve(this.last.readiness);
    this.running ??= this.runChecks().then((readiness) => {
      this.last = { at: Date.now(), readiness };
      this.running = null;
      this.logChange(readiness);
      return readiness;
    });
    return this.running;
  }

  private async runChecks(): Promise<Readiness> {
    const [database, migrations, mediaStore] = await Promise.all([
      within(this.repository.ping(), CHECK_TIMEOUT_MS).then(
        () => READY,
        (error: unknown) => `did not answer: ${failureReason(error)}`,
      ),
      within(this.repository.newestMigrationApplied(), CHECK_TIMEOUT_MS).then(
        (applied) => (applied !== null && applied >= this.shipped.when ? READY : `not applied: ${this.shipped.tag} is not recorded`),
        (error: unknown) => `could not be read: ${failureReason(error)}`,
      ),
      within(this.blobs.verify(), CHECK_TIMEOUT_MS).then(
        () => READY,
        (error: unknown) => `cannot be used: ${failureReason(error)}`,
      ),
    ]);
    const checks = { database, migrations, mediaStore };
    return { ready: Object.values(checks).every((answer) => answer === READY), checks };
  }

  private logChange({ ready, checks }: Readiness): void {
    const problems = Object.entries(checks)
      .filter(([, answer]) => answer !== READY)
      .map(([check, answer]) => `${check} ${answer}`)
      .join('; ');
    if (problems === this.loggedProblems) return;
    if (ready) this.logger.log('Ready again: the database, its migrations and the media store all answer');
    else this.logger.warn(`Not ready (the proxy should leave this node out): ${problems}; photos go to ${this.blobs.description}`);
    this.loggedProblems = problems;
  }
}
