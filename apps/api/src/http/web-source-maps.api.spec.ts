import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWebDist } from '../test/built-web-dist';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * The build's source maps are hidden (no script names its map, so no browser asks for one that answers 404); the
 * server announces them in a SourceMap header only when it serves them (SERVE_SOURCE_MAPS=true).
 */
describe('source maps of the built web app', () => {
  let webDist: string;
  let assets: string[];
  let app: TestApp;
  let withMaps: TestApp;
  beforeAll(async () => {
    webDist = builtWebDist();
    assets = fs.readdirSync(path.join(webDist, 'assets'));
    [app, withMaps] = await Promise.all([
      startTestApp({ WEB_DIST_DIR: webDist }),
      startTestApp({ WEB_DIST_DIR: webDist, SERVE_SOURCE_MAPS: 'true' }),
    ]);
  });
  afterAll(() => Promise.all([app?.close(), withMaps?.close()]));

  const scriptsAndStyles = () => assets.filter((file) => /\.(js|css)$/.test(file));

  it('writes the maps (the entry script has one) but names them in none of the built scripts or stylesheets', () => {
    const entry = /<script type="module" crossorigin src="\/assets\/([^"]+\.js)"/.exec(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'))?.[1];
    expect(entry).toBeTruthy();
    expect(assets).toContain(`${entry}.map`);
    const naming = scriptsAndStyles().filter((file) => fs.readFileSync(path.join(webDist, 'assets', file), 'utf8').includes('sourceMappingURL'));
    expect(naming).toEqual([]);
  });

  it('sends no SourceMap header and no map unless SERVE_SOURCE_MAPS=true', async () => {
    for (const file of scriptsAndStyles()) {
      for (const encoding of ['gzip, br', 'identity']) {
        const response = await fetch(`${app.baseUrl}/assets/${file}`, { headers: { 'Accept-Encoding': encoding } });
        expect(response.status, file).toBe(200);
        expect(response.headers.get('sourcemap'), `${file} ${encoding}`).toBeNull();
      }
      if (assets.includes(`${file}.map`)) expect((await fetch(`${app.baseUrl}/assets/${file}.map`)).status, file).toBe(404);
    }
  });

  it('with SERVE_SOURCE_MAPS=true, announces the map of each script (and stylesheet with one) in a SourceMap header', async () => {
    for (const file of scriptsAndStyles()) {
      const hasMap = assets.includes(`${file}.map`);
      for (const encoding of ['gzip, br', 'identity']) {
        const response = await fetch(`${withMaps.baseUrl}/assets/${file}`, { headers: { 'Accept-Encoding': encoding } });
        expect(response.status, file).toBe(200);
        expect(response.headers.get('sourcemap'), `${file} ${encoding}`).toBe(hasMap ? `/assets/${file}.map` : null);
      }
      if (!hasMap) continue;
      const map = await fetch(`${withMaps.baseUrl}/assets/${file}.map`);
      expect(map.status, file).toBe(200);
      expect(((await map.json()) as { version: number }).version, file).toBe(3);
    }
  });
});
