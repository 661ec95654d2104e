import { DECODE_MEMORY_BUDGET_BYTES } from './decode-cost';

/**
 * Memory set aside for image decodes, shared by every request of this process: a decode starts once its estimate
 * (decodeCostBytes) fits beside the ones in progress, so any number of uploads at once hold at most `capacityBytes`
 * (a few phone photos decode side by side; a large one waits for the room it needs). First come, first served: a
 * large decode at the head of the line is not passed by smaller ones, so it cannot wait forever.
 */
export class DecodeBudget {
  private inUseBytes = 0;
  private readonly waiting: Array<{ bytes: number; start: () => void }> = [];

  constructor(readonly capacityBytes: number) {}

  /** Whether a decode of this estimate can ever run (the caller refuses the image otherwise). */
  fits(bytes: number): boolean {
    return bytes <= this.capacityBytes;
  }

  /** Bytes held by decodes in progress. */
  get inUse(): number {
    return this.inUseBytes;
  }

  /** Decodes waiting for room. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `work` once `bytes` fit, and gives them back when it settles. */
  async run<T>(bytes: number, work: () => Promise<T>): Promise<T> {
    if (!this.fits(bytes)) throw new RangeError(`A decode of ${bytes} bytes exceeds the budget of ${this.capacityBytes}`);
    await this.acquire(bytes);
    try {
      return await work();
    } finally {
      this.release(bytes);
    }
  }

  private acquire(bytes: number): Promise<void> {
    if (this.waiting.length === 0 && this.inUseBytes + bytes <= this.capacityBytes) {
      this.inUseBytes += bytes;
      return Promise.resolve();
    }
    return new Promise((start) => this.waiting.push({ bytes, start }));
  }

  private release(bytes: number): void {
    this.inUseBytes -= bytes;
    while (this.waiting.length > 0 && this.inUseBytes + this.waiting[0].bytes <= this.capacityBytes) {
      const next = this.waiting.shift()!;
      this.inUseBytes += next.bytes;
      next.start();
    }
  }
}

/** The budget every image store of this process shares. */
export const processDecodeBudget = new DecodeBudget(DECODE_MEMORY_BUDGET_BYTES);
