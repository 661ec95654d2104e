import { describe, expect, it } from 'vitest';
import { HeardWatermark } from './heard-watermark';

describe('HeardWatermark', () => {
  it('rises only over numbers heard without a hole, whatever order they arrive in', () => {
    const watermark = new HeardWatermark();
    watermark.settle(10);
    watermark.heard(12);
    watermark.heard(13);
    expect(watermark.mark).toBe(10);
    watermark.heard(11);
    expect(watermark.mark).toBe(13);
    watermark.heard(9); // from before it settled: beside the point
    expect(watermark.mark).toBe(13);
  });

  it('answers a wait at once when already there, and when the hole fills', async () => {
    const watermark = new HeardWatermark();
    watermark.settle(5);
    await expect(watermark.waitFor(5, 1_000)).resolves.toBe(true);
    const waiting = watermark.waitFor(7, 1_000);
    watermark.heard(7);
    watermark.heard(6);
    await expect(waiting).resolves.toBe(true);
  });

  it('gives up on a number that never comes, and settling past it releases later waits', async () => {
    const watermark = new HeardWatermark();
    watermark.heard(2); // 1 was taken by a transaction that rolled back
    await expect(watermark.waitFor(2, 30)).resolves.toBe(false);
    const later = watermark.waitFor(3, 1_000);
    watermark.settle(2);
    expect(watermark.mark).toBe(2);
    watermark.heard(3);
    await expect(later).resolves.toBe(true);
  });
});
