import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('imports once, however often it is loaded or preloaded', async () => {
    let imports = 0;
    const checks = lazyModule(async () => ({ value: ++imports }));
    checks.preload();
    const [first, second] = await Promise.all([checks.load(), checks.load()]);
    expect(first).toBe(second);
    expect(imports).toBe(1);
  });

  it('tries again after a failed import', async () => {
    let attempts = 0;
    const checks = lazyModule(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return 'loaded';
    });
    checks.preload();
    await expect(checks.load()).rejects.toThrow('offline');
    await expect(checks.load()).resolves.toBe('loaded');
    expect(attempts).toBe(2);
  });
});
