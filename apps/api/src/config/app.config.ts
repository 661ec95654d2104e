import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseMediaStore, type S3MediaStoreConfig } from '../modules/media/media-store.config';
import { ConfigError } from './config-error';

/** Runtime settings (design §2), read once from the environment. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  /** DATABASE_URL: a postgres:// URL puts the data in PostgreSQL (several API nodes may share it); unset, SQLite in databaseFile. */
  databaseUrl: string | null;
  mediaDir: string;
  /** MEDIA_STORE: null keeps photos under mediaDir; s3://bucket/prefix puts them in that bucket (see media-store.config.ts). */
  mediaStore: S3MediaStoreConfig | null;
  uploadsDir: string;
  logsDir: string;
  backupsDir: string;
  outboxDir: string;
  jwtSecret: Uint8Array;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  adminEmails: string[];
  adminPath: string;
  /** True when ADMIN_PATH is unset and adminPath was made up (on PostgreSQL the first node's is kept for all). */
  adminPathGenerated: boolean;
  mapboxToken?: string;
  /** Base URL of Mapbox's search APIs (MAPBOX_API_URL); tests point it at a local fake. */
  mapboxApiUrl: string;
  mapStyleUrl?: string;
  /** Other origins the map may load from (MAP_STYLE_ORIGINS): where a MAP_STYLE_URL style keeps its tiles, glyphs or PMTiles. */
  mapStyleOrigins: string[];
  /** Where installed map regions live (DATA_DIR/map): one `<slug>.pmtiles` each (issue 29). */
  mapDir: string;
  /**
   * MAP_SOURCE_URL: the Protomaps basemap archive regions are cut from (an http(s) URL or a local file); null: the
   * newest Protomaps daily build, found when a region is added.
   */
  mapSourceUrl: string | null;
  /** MAP_CENTER=lat,lng: the map's default centre; null: the first region's centre, else downtown Chicago. */
  mapCenter: { lat: number; lng: number } | null;
  /**
   * Federation (issue 30) where it can run: PUBLIC_URL is https. Null otherwise. Whether it is on is FEDERATION's
   * default (`onByDefault`) until the admin screen's switch says otherwise.
   */
  federation: FederationConfig | null;
  /** Express "trust proxy" value: which hops may set X-Forwarded-For. */
  trustProxy: boolean | number | string;
  logLevel: string;
  /** The built web app; served with SPA fallback when it exists. */
  webDistDir: string;
  /** Whether to also log to the console (off in tests to keep output readable). */
  logToConsole: boolean;
  /** SERVE_SOURCE_MAPS=true: send the web build's /assets/*.map files (they show the app's source); 404 otherwise. */
  serveSourceMaps: boolean;
  /** How long slow clients may hold a connection (HEADERS_TIMEOUT_MS, BODY_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS); see http-timeouts.ts. */
  httpTimeouts: HttpTimeouts;
  /** PUBLIC_CACHE_MB in bytes: the cap on signed-out answers kept ready (0 turns the cache off); see public-cache.service.ts. */
  publicCacheBytes: number;
  /** PUBLIC_URL: the site's address as people reach it, for links in e-mail and share previews (no trailing slash). */
  publicUrl: string;
  /** Whether PUBLIC_URL was set: unset, publicUrl is http://localhost:{PORT} and share previews derive their address from a loopback Host only (share-preview.ts). */
  publicUrlSet: boolean;
  /** NOTIFICATION_EMAIL=off: no notification e-mail at all (the site's bell and page still work). */
  notificationEmail: boolean;
  /** SHUTDOWN_GRACE_MS: on SIGTERM or SIGINT, how long requests in flight may take to finish before their connections are cut (graceful-stop.ts). */
  shutdownGraceMs: number;
  /** NODE_NAME: this process's name in the admin log viewer (each node reads its own logs); unset, `{host name}:{PORT}`, unique per process on a host. */
  nodeName: string;
}

export interface FederationConfig {
  /** PUBLIC_URL's origin, https: actors, their keys and WebFinger handles are named after it. */
  origin: string;
  /** FEDERATION_ALLOW_PRIVATE_ADDRESSES=true: remote servers on loopback and private addresses (tests, closed networks). */
  allowPrivateAddresses: boolean;
  /** FEDERATION=on: on until the admin switches it off; off (the default): off until the admin switches it on. */
  onByDefault: boolean;
}

/** Limits on how long a client may take to send a request, in milliseconds. */
export interface HttpTimeouts {
  /** Request line and headers, from the request's first byte. */
  headersMs: number;
  /** The body's grace before it must keep arriving at the minimum rate (BODY_MIN_BYTES_PER_SECOND). */
  bodyMs: number;
  /** The whole request, headers and body: the cap even for a client that keeps the minimum rate. */
  requestMs: number;
  /** An idle kept-alive connection between requests. */
  keepAliveMs: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

type Env = Record<string, string | undefined>;

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got "${raw}"`);
  return port;
}

/**
 * MAPBOX_TOKEN is sent to every browser (the map's config), so it must be a public token: a secret `sk.` token
 * (or anything not `pk.`) would leak, and is refused at start-up.
 */
function parseMapboxToken(raw: string | undefined): string | undefined {
  const token = raw?.trim();
  if (!token) return undefined;
  if (!token.startsWith('pk.')) {
    throw new ConfigError('MAPBOX_TOKEN must be a public Mapbox token (starting with "pk."): it is sent to every browser, so a secret "sk." token would leak');
  }
  return token;
}

/** A MapLibre style: an absolute http(s) URL, or a path on this server. */
function parseMapStyleUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  parseOrigin('MAP_STYLE_URL', raw);
  return raw;
}

function parseOrigin(name: string, raw: string): string {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // refused below, with the setting's name
  }
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  return url.origin;
}

/** An archive to cut regions from: an http(s) URL or a local file path (checked when a region is added). */
function parseMapSourceUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) parseOrigin('MAP_SOURCE_URL', value);
  return value;
}

/** 'lat,lng' in degrees. */
function parseMapCenter(raw: string | undefined): { lat: number; lng: number } | null {
  const value = raw?.trim();
  if (!value) return null;
  const match = /^(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(value);
  const [lat, lng] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(Math.abs(lat) <= 85) || !(Math.abs(lng) <= 180)) {
    throw new ConfigError(`MAP_CENTER must be "lat,lng" in degrees (latitude -85..85, longitude -180..180), got "${raw}"`);
  }
  return { lat, lng };
}

/**
 * FEDERATION (off by default) and its settings. Federation can run only at an https PUBLIC_URL: FEDERATION=on without
 * one is refused at start; off without one, the admin screen's switch says why it cannot be turned on.
 */
function parseFederation(env: Env): FederationConfig | null {
  const allowPrivateAddresses = parseOnOff('FEDERATION_ALLOW_PRIVATE_ADDRESSES', env.FEDERATION_ALLOW_PRIVATE_ADDRESSES, false);
  const onByDefault = parseOnOff('FEDERATION', env.FEDERATION, false);
  const url = env.PUBLIC_URL ? new URL(parsePublicUrl(env.PUBLIC_URL, 0)) : null;
  if (url?.protocol !== 'https:') {
    if (!onByDefault) return null;
    throw new ConfigError('FEDERATION=on needs PUBLIC_URL, the https address people and other servers reach this instance at (https://siplog.example)');
  }
  return { origin: url.origin, allowPrivateAddresses, onByDefault };
}

const MAX_TIMEOUT_MS = 24 * 60 * 60 * 1000;

function parseMilliseconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1 || ms > MAX_TIMEOUT_MS) throw new ConfigError(`${name} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got "${raw}"`);
  return ms;
}

/**
 * Defaults: a real client sends its headers in one packet, so 10 s only ever cuts off the stalled or the
 * deliberately slow. The body gets 10 s of grace plus one second per KiB received (an average of 1 KiB/s, far
 * below any real link), so a 1 byte/s trickle is dropped after about 10 s while a slow upload keeps going. The
 * whole request is capped at 10 minutes: the largest body, a review with three photos just under 50 MB (150 MB),
 * fits at 2 Mbit/s, a slow uplink; a phone's usual 3-5 MB photos take seconds. Idle kept-alive connections close
 * after 5 s (Node's default; behind a proxy that pools connections, set it above the proxy's idle timeout).
 */
function parseHttpTimeouts(env: Env): HttpTimeouts {
  const timeouts = {
    headersMs: parseMilliseconds('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 10_000),
    bodyMs: parseMilliseconds('BODY_TIMEOUT_MS', env.BODY_TIMEOUT_MS, 10_000),
    requestMs: parseMilliseconds('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 10 * 60_000),
    keepAliveMs: parseMilliseconds('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 5_000),
  };
  // Node refuses a header limit above the request limit; a body grace above it would never apply.
  if (timeouts.headersMs > timeouts.requestMs) throw new ConfigError('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  if (timeouts.bodyMs > timeouts.requestMs) throw new ConfigError('BODY_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  return timeouts;
}

const SHUTDOWN_GRACE_MS_MAX = 10 * 60_000;

/**
 * The grace for requests in flight at a stop. 8 s by default, so the whole stop (the grace, then closing the app)
 * ends within the 10 s a container runtime waits after SIGTERM before it kills (docker stop, compose). 0 cuts every
 * connection at once. Raise it with the runtime's own timeout (Kubernetes' terminationGracePeriodSeconds).
 */
function parseShutdownGraceMs(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8_000;
  const ms = Number(raw);
  if (!/^\d+$/.test(raw) || ms > SHUTDOWN_GRACE_MS_MAX) throw new ConfigError(`SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to ${SHUTDOWN_GRACE_MS_MAX}, got "${raw}"`);
  return ms;
}

const PUBLIC_CACHE_MB_MAX = 4096;

function parsePublicCacheBytes(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 64 * 1024 * 1024;
  const mb = Number(raw);
  if (!Number.isInteger(mb) || mb < 0 || mb > PUBLIC_CACHE_MB_MAX) throw new ConfigError(`PUBLIC_CACHE_MB must be a whole number of megabytes from 0 to ${PUBLIC_CACHE_MB_MAX}, got "${raw}"`);
  return mb * 1024 * 1024;
}

/** PUBLIC_URL: an http(s) address, path allowed (a site under /siplog), kept without its trailing slash. */
function parsePublicUrl(raw: string | undefined, port: number): string {
  if (!raw) return `http://localhost:${port}`;
  parseOrigin('PUBLIC_URL', raw);
  const url = new URL(raw);
  if (url.search || url.hash || url.username || url.password) throw new ConfigError(`PUBLIC_URL must be a plain http(s) address, got "${raw}"`);
  return url.href.replace(/\/+$/, '');
}

function parseDatabaseUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new ConfigError(`DATABASE_URL must be a postgres:// URL (unset for SQLite), got "${raw.replace(/:[^:@/]*@/, ':***@')}"`);
  return raw;
}

/** nodemailer takes more than URLs, and a stray word (an unexpanded `${SMTP_URL}`, say) failed deep in the mailer at start. */
function parseSmtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // refused below, with the setting's name
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    const shown = /^[a-z]+:\/\//i.test(raw) ? raw.replace(/:[^:@/]*@/, ':***@') : raw;
    throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// URL (smtps://user:pass@smtp.example.com:465), got "${shown}"`);
  }
  return raw;
}

function parseOnOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on' || raw === 'true') return true;
  if (raw === 'off' || raw === 'false') return false;
  throw new ConfigError(`${name} must be on or off, got "${raw}"`);
}

/**
 * The JWT secret: JWT_SECRET if set, else one generated on first start and kept in DATA_DIR. With DATABASE_URL several
 * nodes may verify each other's tokens, so it must come from the environment, the same on every node.
 */
function loadJwtSecret(env: Env, dataDir: string): Uint8Array {
  if (!env.JWT_SECRET && env.DATABASE_URL) throw new ConfigError('JWT_SECRET is required when DATABASE_URL is set: every API node must sign with the same secret');
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

/** DATA_DIR and its folders, made if missing: a DATA_DIR the app cannot write is a setting to fix, not a crash. */
function makeDataDirs(dirs: string[]): void {
  for (const dir of dirs) {
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw new ConfigError(`DATA_DIR: cannot make the folder ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
}

/** MEDIA_STORE and the S3_* settings: their parser (the media module's) refuses each mistake with a message naming the setting. */
function parseMediaStoreSettings(env: Env): S3MediaStoreConfig | null {
  try {
    return parseMediaStore(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

export function loadConfig(env: Env = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const dirs = {
    mediaDir: path.join(dataDir, 'media'),
    logsDir: path.join(dataDir, 'logs'),
    backupsDir: path.join(dataDir, 'backups'),
    outboxDir: path.join(dataDir, 'outbox'),
    /** Uploads land here while they are received, so a 50 MB photo streams to disk instead of sitting in memory. */
    uploadsDir: path.join(dataDir, 'tmp', 'uploads'),
    mapDir: path.join(dataDir, 'map'),
  };
  makeDataDirs([dataDir, ...Object.values(dirs)]);

  const port = parsePort(env.PORT);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseFile: path.join(dataDir, 'app.db'),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    ...dirs,
    mediaStore: parseMediaStoreSettings(env),
    jwtSecret: loadJwtSecret(env, dataDir),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Siplog <no-reply@siplog.local>',
    supportEmail: (env.SUPPORT_EMAIL || 'support@siplog.local').trim().toLowerCase(),
    adminEmails: (env.ADMIN_EMAILS || '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    adminPath: env.ADMIN_PATH || crypto.randomBytes(12).toString('hex'),
    adminPathGenerated: !env.ADMIN_PATH,
    mapboxToken: parseMapboxToken(env.MAPBOX_TOKEN),
    mapboxApiUrl: (env.MAPBOX_API_URL || 'https://api.mapbox.com').replace(/\/+$/, ''),
    mapStyleUrl: parseMapStyleUrl(env.MAP_STYLE_URL),
    mapStyleOrigins: (env.MAP_STYLE_ORIGINS || '').split(',').map((origin) => origin.trim()).filter(Boolean).map((origin) => parseOrigin('MAP_STYLE_ORIGINS', origin)),
    mapSourceUrl: parseMapSourceUrl(env.MAP_SOURCE_URL),
    mapCenter: parseMapCenter(env.MAP_CENTER),
    federation: parseFederation(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(__dirname, '..', '..', '..', 'web', 'dist')),
    logToConsole: env.LOG_TO_CONSOLE !== 'false',
    serveSourceMaps: env.SERVE_SOURCE_MAPS === 'true',
    httpTimeouts: parseHttpTimeouts(env),
    publicCacheBytes: parsePublicCacheBytes(env.PUBLIC_CACHE_MB),
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    publicUrlSet: Boolean(env.PUBLIC_URL),
    notificationEmail: parseOnOff('NOTIFICATION_EMAIL', env.NOTIFICATION_EMAIL, true),
    shutdownGraceMs: parseShutdownGraceMs(env.SHUTDOWN_GRACE_MS),
    nodeName: env.NODE_NAME?.trim() || `${os.hostname()}:${port}`,
  };
}
