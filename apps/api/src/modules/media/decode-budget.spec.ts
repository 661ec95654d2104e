import { describe, expect, it } from 'vitest';
import { DecodeBudget } from './decode-budget';

/** A decode that finishes when told, recording when it ran. */
function heldDecode(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the decode budget', () => {
  it('runs decodes side by side while they fit, and makes the next wait for room', async () => {
    const budget = new DecodeBudget(100);
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldDecode(log, name));
    const runs = [budget.run(40, a.work), budget.run(40, b.work), budget.run(40, c.work)];
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect(budget.inUse).toBe(80);
    expect(budget.queued).toBe(1);
    a.finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'end a', 'start c']);
    b.finish();
    c.finish();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    expect(budget.inUse).toBe(0);
  });

  it('serves in order: a large decode at the head is not passed by small ones behind it', async () => {
    const budget = new DecodeBudget(100);
    const log: string[] = [];
    const [first, large, small] = ['first', 'large', 'small'].map((name) => heldDecode(log, name));
    const runs = [budget.run(50, first.work), budget.run(95, large.work), budget.run(10, small.work)];
    await tick();
    expect(log).toEqual(['start first']);
    first.finish();
    await tick();
    expect(log).toEqual(['start first', 'end first', 'start large']);
    large.finish();
    await tick();
    expect(log.at(-1)).toBe('start small');
    small.finish();
    await Promise.all(runs);
  });

  it('gives the room back when a decode fails, and refuses one that could never fit', async () => {
    const budget = new DecodeBudget(100);
    await expect(budget.run(60, async () => Promise.reject(new Error('not an image')))).rejects.toThrow('not an image');
    expect(budget.inUse).toBe(0);
    expect(budget.fits(100)).toBe(true);
    expect(budget.fits(101)).toBe(false);
    await expect(budget.run(101, async () => 'never')).rejects.toThrow(RangeError);
  });
});
