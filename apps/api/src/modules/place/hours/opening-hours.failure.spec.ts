import { describe, expect, it, vi } from 'vitest';
import { HOURS_MESSAGES } from '@siplog/contracts';
import { evaluateHours, type HoursPlace } from './opening-hours';

/*
 * A text the library reads and then fails to evaluate (a holiday table it dropped, say) can't be written on demand:
 * here the library reads every text as usual and throws while evaluating this one.
 */
const failing = vi.hoisted(() => ({ text: 'Mo-Fr 08:00-17:00 "fails when evaluated"', message: 'There are no holidays (PH) defined for country us.\nsecond line' }));
vi.mock('opening_hours', async (importOriginal) => {
  const { default: Real } = await importOriginal<typeof import('opening_hours')>();
  class Failing extends Real {
    constructor(...args: ConstructorParameters<typeof Real>) {
      super(...args);
      if (args[0] === failing.text) {
        this.getOpenIntervals = () => {
          throw new Error(failing.message);
        };
      }
    }
  }
  return { default: Failing };
});

const CHICAGO: HoursPlace & { timeZone: null } = { lat: 41.8837, lng: -87.6289, country: 'US', state: 'IL', timeZone: null };
const NOW = Date.parse('2026-12-01T15:00:00Z');

describe('opening hours: evaluateHours when evaluating throws', () => {
  it('answers a sentence for the person (the first line of what was thrown) and what was thrown', () => {
    expect(evaluateHours(failing.text, CHICAGO, NOW)).toEqual({
      problem: HOURS_MESSAGES.invalid('There are no holidays (PH) defined for country us.'),
      error: expect.objectContaining({ message: failing.message }),
    });
  });

  it('evaluates every other text as usual', () => {
    expect(evaluateHours('Mo-Fr 08:00-17:00', CHICAGO, NOW)).toHaveProperty('intervals');
  });
});
