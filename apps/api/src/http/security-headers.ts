import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app.config';

/**
 * Browser features no page of ours uses are switched off, so an injected script or a third-party frame cannot ask
 * for them. Geolocation stays for our own pages: the map's 'near me' asks for the position. The clipboard (the
 * share buttons) is left at the browser's default, which is this origin only.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * A strict Content-Security-Policy: no inline script anywhere, because the session token lives in
 * browser storage and an injected script could read it. The one exception is the web app's own page
 * HTML, whose inline scripts (the theme, set before the first paint) are allowed by their hashes,
 * computed from the very HTML that is sent (withInlineScripts).
 */
export function securityHeaders(config: AppConfig) {
  const mapboxHosts = config.mapboxToken ? ['https://api.mapbox.com', 'https://events.mapbox.com'] : [];
  // A style on another host brings its tiles, glyphs and sprites from there, and from MAP_STYLE_ORIGINS.
  const styleHosts = config.mapStyleUrl
    ? [...(config.mapStyleUrl.startsWith('/') ? [] : [new URL(config.mapStyleUrl).origin]), ...config.mapStyleOrigins]
    : [];
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mapboxHosts, ...styleHosts],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...mapboxHosts, ...styleHosts],
        // The service worker (/sw.js) and MapLibre's worker (a blob: URL made from its script).
        workerSrc: ["'self'", 'blob:'],
        // The web app manifest (/manifest.webmanifest): installing the app reads it.
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Agrees with frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    // The client log records the page an error came from (spec §7 clientLog): same-origin requests carry
    // the full URL, other sites get the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}

/**
 * The headers securityHeaders sets, as a flat name/value list: the same on every answer, so the answers given before
 * Express (the front door's) carry them without running helmet per request.
 */
export function securityHeaderList(config: AppConfig): string[] {
  const list: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      for (const one of Array.isArray(value) ? value : [String(value)]) list.push(name.toLowerCase(), one);
    },
    removeHeader() {},
  };
  let done = false;
  securityHeaders(config)({} as Request, recorder as unknown as Response, () => (done = true));
  // helmet answers synchronously; were that to change, the list would be short of headers: refuse to start.
  if (!done) throw new Error('security headers were not set synchronously');
  return list;
}

/** JavaScript types of a script element; any other type (application/json) is data the browser never runs. */
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The CSP sources (`'sha256-…'`) of the inline scripts a page runs: script elements with no src and a JavaScript type. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    if (!SCRIPT_TYPES.has((type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase())) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** `policy` with its script-src widened to the inline scripts of `html` by hash, and nothing else changed. */
export function withInlineScripts(policy: string, html: string): string {
  const hashes = inlineScriptHashes(html);
  if (hashes.length === 0) return policy;
  return policy.replace(/(^|;)(\s*script-src\s[^;]*)/, (_match, lead: string, directive: string) => `${lead}${directive.trimEnd()} ${hashes.join(' ')}`);
}
