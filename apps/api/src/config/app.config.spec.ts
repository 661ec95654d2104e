import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../http/security-headers';
import { previewOrigin } from '../http/share-preview';
import { loadConfig } from './app.config';
import { ConfigError } from './config-error';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-config-'));
const configWith = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

/** The Content-Security-Policy the headers middleware would send for a config. */
function cspOf(env: Record<string, string>): string {
  let csp = '';
  const response = {
    setHeader: (name: string, value: string) => name.toLowerCase() === 'content-security-policy' && (csp = value),
    removeHeader: () => undefined,
  };
  securityHeaders(configWith(env))({} as never, response as never, () => undefined);
  return csp;
}

describe('map settings', () => {
  it('lets the map reach only this server by default', () => {
    expect(cspOf({})).toContain("connect-src 'self';");
  });

  it("lets a MAP_STYLE_URL style reach its own host and the MAP_STYLE_ORIGINS, and a path on this server nothing more", () => {
    const csp = cspOf({ MAP_STYLE_URL: 'https://tiles.example.org/styles/light.json', MAP_STYLE_ORIGINS: 'https://cdn.example.net/pmtiles/, https://fonts.example.com' });
    expect(csp).toMatch(/connect-src 'self' https:\/\/tiles\.example\.org https:\/\/cdn\.example\.net https:\/\/fonts\.example\.com;/);
    expect(cspOf({ MAP_STYLE_URL: '/styles/mine.json' })).toContain("connect-src 'self';");
  });

  it('refuses a style URL or origin that is not http(s), at start-up', () => {
    expect(() => configWith({ MAP_STYLE_URL: 'styles/mine.json' })).toThrow(/http\(s\) URL/);
    expect(() => configWith({ MAP_STYLE_URL: 'javascript:alert(1)' })).toThrow(/http\(s\) URL/);
    expect(() => configWith({ MAP_STYLE_URL: '//evil.example/style.json' })).toThrow(/http\(s\) URL/);
    expect(() => configWith({ MAP_STYLE_URL: 'https://ok.example/s.json', MAP_STYLE_ORIGINS: 'ftp://x' })).toThrow(/http\(s\) URL/);
  });

  it('reads map regions: their folder, where they are cut from, and the default centre', () => {
    const config = configWith({ MAP_SOURCE_URL: ' https://mirror.example/planet.pmtiles ', MAP_CENTER: '38.7167, -9.1333' });
    expect(config.mapDir).toBe(path.join(config.dataDir, 'map'));
    expect(fs.existsSync(config.mapDir)).toBe(true);
    expect(config.mapSourceUrl).toBe('https://mirror.example/planet.pmtiles');
    expect(config.mapCenter).toEqual({ lat: 38.7167, lng: -9.1333 });
    expect(configWith({ MAP_SOURCE_URL: '/srv/planet.pmtiles' }).mapSourceUrl).toBe('/srv/planet.pmtiles');
    expect(configWith({}).mapSourceUrl).toBeNull();
    expect(configWith({}).mapCenter).toBeNull();
  });

  it('keeps federation off unless FEDERATION=on, and possible only at an https PUBLIC_URL, its origin', () => {
    expect(configWith({}).federation).toBeNull();
    expect(configWith({ PUBLIC_URL: 'http://siplog.example' }).federation).toBeNull();
    expect(configWith({ FEDERATION: 'off', PUBLIC_URL: 'https://siplog.example' }).federation).toEqual({
      origin: 'https://siplog.example',
      allowPrivateAddresses: false,
      onByDefault: false,
    });
    expect(configWith({ FEDERATION: 'on', PUBLIC_URL: 'https://siplog.example/' }).federation).toEqual({
      origin: 'https://siplog.example',
      allowPrivateAddresses: false,
      onByDefault: true,
    });
    expect(configWith({ FEDERATION: 'on', PUBLIC_URL: 'https://siplog.example', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' }).federation?.allowPrivateAddresses).toBe(true);
  });

  it('takes a public Mapbox token (pk.) and refuses any other at start-up, naming MAPBOX_TOKEN', () => {
    expect(configWith({ MAPBOX_TOKEN: 'pk.eyJ1IjoidGVzdCJ9.abc' }).mapboxToken).toBe('pk.eyJ1IjoidGVzdCJ9.abc');
    expect(configWith({}).mapboxToken).toBeUndefined();
    expect(configWith({ MAPBOX_TOKEN: '' }).mapboxToken).toBeUndefined();
    for (const token of ['sk.eyJ1IjoidGVzdCJ9.secret', 'tk.temporary', 'abc123', 'PK.upper']) {
      expect(() => configWith({ MAPBOX_TOKEN: token }), token).toThrow(/MAPBOX_TOKEN must be a public Mapbox token \(starting with "pk\."\)/);
    }
  });
});

describe('database settings', () => {
  it('keeps SQLite in DATA_DIR when DATABASE_URL is unset', () => {
    const config = configWith({});
    expect(config.databaseUrl).toBeNull();
    expect(config.databaseFile).toBe(path.join(dataDir, 'app.db'));
  });

  it('takes a postgres:// DATABASE_URL, and then requires JWT_SECRET (every node signs alike)', () => {
    const url = 'postgres://siplog:secret@db.internal:5432/siplog';
    expect(() => configWith({ DATABASE_URL: url })).toThrow(/JWT_SECRET is required when DATABASE_URL is set/);
    expect(configWith({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(40) }).databaseUrl).toBe(url);
  });

  it('refuses another kind of DATABASE_URL without showing its password', () => {
    let message = '';
    try {
      configWith({ DATABASE_URL: 'mysql://root:hunter2@db/siplog', JWT_SECRET: 'x'.repeat(40) });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(message).not.toContain('hunter2');
  });
});

describe('SMTP_URL', () => {
  it('takes an smtp:// or smtps:// URL, and refuses anything else at start-up without showing its password', () => {
    expect(configWith({ SMTP_URL: 'smtps://ann:hunter2@smtp.example.com:465' }).smtpUrl).toBe('smtps://ann:hunter2@smtp.example.com:465');
    expect(configWith({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    // What an unexpanded compose variable leaves behind: it used to fail in the mailer with a TypeError.
    expect(() => configWith({ SMTP_URL: '${SMTP_URL:-}' })).toThrow(new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL (smtps://user:pass@smtp.example.com:465), got "${SMTP_URL:-}"'));
    let message = '';
    try {
      configWith({ SMTP_URL: 'https://ann:hunter2@mail.example.com' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(message).not.toContain('hunter2');
  });
});

describe('PUBLIC_URL and the share previews made from it', () => {
  it('takes an http(s) address without its trailing slash, and refuses anything else at start-up', () => {
    expect(configWith({ PUBLIC_URL: 'https://siplog.example/' })).toMatchObject({ publicUrl: 'https://siplog.example', publicUrlSet: true });
    expect(configWith({ PUBLIC_URL: 'https://siplog.example/app/' }).publicUrl).toBe('https://siplog.example/app');
    for (const bad of ['siplog.example', 'ftp://siplog.example', 'https://siplog.example/?a=1', 'https://siplog.example/#x', 'https://me:pw@siplog.example']) {
      expect(() => configWith({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL|http\(s\) URL/);
    }
  });

  it('unset: e-mail links go to localhost, and previews use only a loopback Host, never a forged one', () => {
    const config = configWith({ PORT: '4100' });
    expect(config).toMatchObject({ publicUrl: 'http://localhost:4100', publicUrlSet: false });
    expect(previewOrigin(config, 'localhost:4100')).toBe('http://localhost:4100');
    expect(previewOrigin(config, '127.0.0.1:4100')).toBe('http://127.0.0.1:4100');
    expect(previewOrigin(config, '[::1]:4100')).toBe('http://[::1]:4100');
    for (const host of ['evil.example', 'localhost.evil.example', '127.0.0.1.evil.example', 'localhost:4100/x', undefined]) expect(previewOrigin(config, host), String(host)).toBeNull();
    // Set, it wins whatever the Host.
    expect(previewOrigin(configWith({ PUBLIC_URL: 'https://siplog.example' }), 'evil.example')).toBe('https://siplog.example');
  });
});

describe('refusals and the node name', () => {
  it('refuses every bad setting with a ConfigError naming it, the media store and DATA_DIR included', () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ PORT: 'eighty' }, /^PORT must be a port number/],
      [{ MEDIA_STORE: 'ftp://photos' }, /^MEDIA_STORE: expected unset/],
      [{ S3_REGION: 'eu-west-1' }, /^S3_REGION is set but MEDIA_STORE is not/],
      [{ MAP_STYLE_ORIGINS: 'ftp://x' }, /^MAP_STYLE_ORIGINS must be an http\(s\) URL/],
      [{ MAP_SOURCE_URL: 'ftp://mirror.example/planet.pmtiles' }, /^MAP_SOURCE_URL must be an http\(s\) URL/],
      [{ MAP_CENTER: '38.7' }, /^MAP_CENTER must be "lat,lng" in degrees/],
      [{ FEDERATION: 'on' }, /^FEDERATION=on needs PUBLIC_URL, the https address/],
      [{ FEDERATION: 'on', PUBLIC_URL: 'http://siplog.example' }, /^FEDERATION=on needs PUBLIC_URL/],
      [{ FEDERATION: 'maybe' }, /^FEDERATION must be on or off/],
      [{ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'yes' }, /^FEDERATION_ALLOW_PRIVATE_ADDRESSES must be on or off/],
      [{ MAP_CENTER: '91,10' }, /^MAP_CENTER must be "lat,lng"/],
      [{ MAP_CENTER: '38.7,-181' }, /^MAP_CENTER must be "lat,lng"/],
      [{ NOTIFICATION_EMAIL: 'maybe' }, /^NOTIFICATION_EMAIL must be on or off/],
      [{ SHUTDOWN_GRACE_MS: '8s' }, /^SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 600000, got "8s"$/],
      [{ SHUTDOWN_GRACE_MS: '-1' }, /^SHUTDOWN_GRACE_MS must be a whole number/],
      [{ SHUTDOWN_GRACE_MS: '1.5' }, /^SHUTDOWN_GRACE_MS must be a whole number/],
      [{ SHUTDOWN_GRACE_MS: '600001' }, /^SHUTDOWN_GRACE_MS must be a whole number/],
      [{ DATA_DIR: '/dev/null/siplog' }, /^DATA_DIR: cannot make the folder \/dev\/null\/siplog \(ENOTDIR\)$/],
    ];
    for (const [env, message] of refusals) {
      let refusal: unknown;
      try {
        configWith(env);
      } catch (error) {
        refusal = error;
      }
      expect(refusal, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((refusal as Error).message, JSON.stringify(env)).toMatch(message);
    }
  });

  it('gives requests in flight 8 s at a stop unless SHUTDOWN_GRACE_MS says otherwise (0: none)', () => {
    expect(configWith({}).shutdownGraceMs).toBe(8_000);
    expect(configWith({ SHUTDOWN_GRACE_MS: '' }).shutdownGraceMs).toBe(8_000);
    expect(configWith({ SHUTDOWN_GRACE_MS: '25000' }).shutdownGraceMs).toBe(25_000);
    expect(configWith({ SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0);
  });

  it('names the node by NODE_NAME, else by host name and port, so two nodes on one host differ', () => {
    expect(configWith({}).nodeName).toBe(`${os.hostname()}:3000`);
    expect(configWith({ PORT: '3001' }).nodeName).toBe(`${os.hostname()}:3001`);
    expect(configWith({ NODE_NAME: ' api-2 ' }).nodeName).toBe('api-2');
    expect(configWith({ NODE_NAME: '' }).nodeName).toBe(`${os.hostname()}:3000`);
  });
});
