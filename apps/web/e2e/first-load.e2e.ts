import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { WebRouteName } from '@siplog/contracts';
import { webDist } from './harness';

/**
 * What a first visit to a page runs before it shows, from the build the server sends (issue 26: static pages had
 * grown to 2.3 s of script evaluation on a throttled phone). The server serves index.html's scripts to every page,
 * plus that page's screen chunks from route-preloads.json.
 */
const ENTRY_SCRIPTS = [...fs.readFileSync(path.join(webDist, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
  ([, file]) => file,
);
const ROUTE_PRELOADS = JSON.parse(fs.readFileSync(path.join(webDist, 'route-preloads.json'), 'utf8')) as Record<string, { js: string[] }>;

/** Bytes as a browser receives the file gzipped (the build's .gz copy; files under 1 KB are sent as they are). */
function gzippedBytes(file: string): number {
  const gz = path.join(webDist, `${file}.gz`);
  return fs.existsSync(gz) ? fs.statSync(gz).size : zlib.gzipSync(fs.readFileSync(path.join(webDist, file))).length;
}

/** The sources a script was built from (its hidden source map), as paths; none for the bundler's own runtime. */
function sourcesOf(file: string): string[] {
  const map = path.join(webDist, `${file}.map`);
  return fs.existsSync(map) ? (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
}

/** Pages without a map: they show text, a form or a list, and must stay light on a phone. */
const PAGES_WITHOUT_A_MAP: WebRouteName[] = ['login', 'join', 'contact', 'termsOfService', 'privacyPolicy', 'profile', 'profileByName', 'view', 'placeByLocation'];
const SCRIPT_BUDGET_BYTES = 150_000;

describe('first load', () => {
  it('the shell every page loads holds no zod: forms load their schema checks when they are first reached', () => {
    expect(ENTRY_SCRIPTS.length).toBeGreaterThan(0);
    const zodIn = ENTRY_SCRIPTS.filter((file) => sourcesOf(file).some((source) => source.includes('/zod/')));
    expect(zodIn).toEqual([]);
  });

  it.each(PAGES_WITHOUT_A_MAP)(`%s loads under ${SCRIPT_BUDGET_BYTES / 1000} KB of script, gzipped`, (page) => {
    const scripts = [...ENTRY_SCRIPTS, ...ROUTE_PRELOADS[page].js.map((href) => href.slice(1))];
    const total = scripts.reduce((sum, file) => sum + gzippedBytes(file), 0);
    expect(total, scripts.join(', ')).toBeLessThan(SCRIPT_BUDGET_BYTES);
  });
});
