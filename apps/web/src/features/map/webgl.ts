/**
 * Both engines draw with WebGL2 (MapLibre 5+ and mapbox-gl 3 dropped WebGL1). Without it the page shows
 * a notice and the list of places instead of a map.
 */
export type CanvasFactory = () => Pick<HTMLCanvasElement, 'getContext'>;

export function supportsWebGL2(createCanvas: CanvasFactory = () => document.createElement('canvas')): boolean {
  try {
    return createCanvas().getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

let known: boolean | undefined;

/** supportsWebGL2 for this page, asked once: every check makes a canvas and a context. */
export function hasWebGL2(): boolean {
  return (known ??= supportsWebGL2());
}
