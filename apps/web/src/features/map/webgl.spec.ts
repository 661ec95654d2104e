import { describe, expect, it } from 'vitest';
import { supportsWebGL2, type CanvasFactory } from './webgl';

const canvasAnswering = (answer: (kind: string) => unknown): CanvasFactory => () =>
  ({ getContext: (kind: string) => answer(kind) }) as unknown as HTMLCanvasElement;

describe('WebGL2 detection', () => {
  it('says yes when a WebGL2 context can be made', () => {
    expect(supportsWebGL2(canvasAnswering((kind) => (kind === 'webgl2' ? {} : null)))).toBe(true);
  });

  it('says no when only WebGL1 or nothing is there, so the page falls back to the list', () => {
    expect(supportsWebGL2(canvasAnswering((kind) => (kind === 'webgl' ? {} : null)))).toBe(false);
    expect(supportsWebGL2(canvasAnswering(() => null))).toBe(false);
  });

  it('says no when asking throws', () => {
    expect(
      supportsWebGL2(
        canvasAnswering(() => {
          throw new Error('blocked');
        }),
      ),
    ).toBe(false);
  });
});
