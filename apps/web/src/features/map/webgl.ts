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

/** Renderer names of WebGL drawn by the CPU (no GPU, or a blocklisted one). */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software/i;

let software: boolean | undefined;

/**
 * Whether this page's WebGL is drawn by the CPU. Every map frame is then paid for on the CPU, mostly in pixels, so
 * the maps draw at one device pixel per CSS pixel there (a little softer on a sharp screen, several times cheaper).
 */
export function isSoftwareWebGL(createCanvas: CanvasFactory = () => document.createElement('canvas')): boolean {
  if (software !== undefined) return software;
  try {
    const gl = createCanvas().getContext('webgl2') as WebGL2RenderingContext | null;
    if (!gl) return (software = false);
    const debug = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(debug ? debug.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return (software = SOFTWARE_RENDERER.test(renderer));
  } catch {
    return (software = false);
  }
}
