/**
 * How far this node has heard the numbered announcements of the other nodes (EventBus.announce): the highest number
 * up to which every announcement has arrived. NOTIFY delivers in commit order, but numbers are taken before commit,
 * so they may arrive out of order (kept above the mark until the holes fill) or never (a rolled-back transaction, a
 * dropped connection): `waitFor` then gives up after its timeout and the caller treats what was missed as unknown.
 */
export class HeardWatermark {
  private upTo = 0;
  private readonly above = new Set<number>();
  private waiters: Array<{ target: number; done: (heard: boolean) => void }> = [];

  /** Every announcement numbered up to here: heard, or known to be beside the point (from before we listened, or given up on). */
  get mark(): number {
    return this.upTo;
  }

  /** Announcement `number` arrived. */
  heard(number: number): void {
    if (number <= this.upTo) return;
    this.above.add(number);
    this.advance();
  }

  /** Everything up to `number` is settled (just started listening, or the caller has dropped what it might have missed). */
  settle(number: number): void {
    if (number <= this.upTo) return;
    this.upTo = number;
    for (const held of this.above) if (held <= number) this.above.delete(held);
    this.advance();
  }

  /** Resolves true once everything up to `target` is heard, false if that takes longer than `timeoutMs`. */
  waitFor(target: number, timeoutMs: number): Promise<boolean> {
    if (target <= this.upTo) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        target,
        done: (heard: boolean) => {
          clearTimeout(timer);
          resolve(heard);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        resolve(false);
      }, timeoutMs);
      timer.unref();
      this.waiters.push(waiter);
    });
  }

  private advance(): void {
    while (this.above.delete(this.upTo + 1)) this.upTo += 1;
    if (this.waiters.length === 0) return;
    const still: typeof this.waiters = [];
    for (const waiter of this.waiters) {
      if (waiter.target <= this.upTo) waiter.done(true);
      else still.push(waiter);
    }
    this.waiters = still;
  }
}
