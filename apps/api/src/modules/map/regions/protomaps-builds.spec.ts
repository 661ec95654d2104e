import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestProtomapsBuild } from './protomaps-builds';

/** A stand-in for build.protomaps.com on 127.0.0.1: the builds of some days, each answering range requests for its header. */
let server: http.Server;
let base: string;
const builds = new Set<string>();
const asked: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    asked.push(`${request.url} ${request.headers.range}`);
    const name = request.url?.slice(1) ?? '';
    if (!builds.has(name)) return response.writeHead(404).end();
    response.writeHead(206, { 'Content-Range': 'bytes 0-6/1000', 'Content-Length': 7 }).end('PMTiles');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the newest Protomaps daily build (MAP_SOURCE_URL unset)', () => {
  it('is the newest day that answers, asked for by a range request for its header', async () => {
    builds.clear();
    builds.add('20261126.pmtiles');
    builds.add('20261120.pmtiles');
    asked.length = 0;
    expect(await newestProtomapsBuild(base, new Date('2026-11-28T10:00:00Z'))).toBe(`${base}/20261126.pmtiles`);
    expect(asked).toEqual(['/20261128.pmtiles bytes=0-6', '/20261127.pmtiles bytes=0-6', '/20261126.pmtiles bytes=0-6']);
  });

  it('says to set MAP_SOURCE_URL when no build of the last days answers, or the host cannot be reached', async () => {
    builds.clear();
    await expect(newestProtomapsBuild(base, new Date('2026-11-28T10:00:00Z'))).rejects.toThrow(/No Protomaps build answered.*MAP_SOURCE_URL/);
    await expect(newestProtomapsBuild('http://127.0.0.1:9', new Date())).rejects.toThrow(/Could not reach .*MAP_SOURCE_URL/);
  });
});
