import helmet from 'helmet';
import type { AppConfig } from './config/app.config';

/**
 * A strict Content-Security-Policy: no inline script anywhere, because the session token lives in
 * browser storage and an injected script could read it.
 */
export function securityHeaders(config: AppConfig) {
  const mapboxHosts = config.mapboxToken ? ['https://api.mapbox.com', 'https://events.mapbox.com'] : [];
  // A style on another host brings its tiles, glyphs and sprites from there, and from MAP_STYLE_ORIGINS.
  const styleHosts = config.mapStyleUrl
    ? [...(config.mapStyleUrl.startsWith('/') ? [] : [new URL(config.mapStyleUrl).origin]), ...config.mapStyleOrigins]
    : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mapboxHosts, ...styleHosts],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...mapboxHosts, ...styleHosts],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The client log records the page an error came from (spec §7 clientLog): same-origin requests carry
    // the full URL, other sites get the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
