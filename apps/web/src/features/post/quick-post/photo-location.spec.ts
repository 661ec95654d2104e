import { describe, expect, it } from 'vitest';
import { isUsablePoint } from './photo-location';

describe('a photo’s GPS point', () => {
  it('is used only when it is a real point', () => {
    expect(isUsablePoint({ latitude: 41.88, longitude: -87.63 })).toBe(true);
    expect(isUsablePoint({ latitude: 0, longitude: 0 })).toBe(false);
    expect(isUsablePoint({ latitude: 95, longitude: 10 })).toBe(false);
    expect(isUsablePoint({ latitude: Number.NaN, longitude: 10 })).toBe(false);
    expect(isUsablePoint({ latitude: '41', longitude: 10 })).toBe(false);
    expect(isUsablePoint(null)).toBe(false);
  });
});
