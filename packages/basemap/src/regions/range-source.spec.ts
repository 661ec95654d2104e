import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SourceChangedError } from './errors';
import { openRangeSource } from './range-source';

const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
type Reply = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const servers: http.Server[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-source-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server answering the nth request with replies[n] (the last reply repeats); counts requests. */
async function scripted(replies: Reply[]): Promise<{ url: string; count: () => number }> {
  let n = 0;
  const server = http.createServer((req, res) => replies[Math.min(n++, replies.length - 1)](req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/a.pmtiles`, count: () => n };
}

/** A correct 206 for the Range asked, with the given ETag. */
const ranged =
  (etag = '"v1"'): Reply =>
  (req, res) => {
    const [, start, end] = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '')!.map(Number);
    const last = Math.min(end, body.length - 1);
    res.writeHead(206, { etag, 'content-range': `bytes ${start}-${last}/${body.length}`, 'content-length': last - start + 1 });
    res.end(body.subarray(start, last + 1));
  };
const status =
  (code: number): Reply =>
  (_req, res) => {
    res.writeHead(code);
    res.end();
  };
const fast = { retryDelayMs: 1, timeoutMs: 2000 };

describe('range source over HTTP', () => {
  it('reads a range with one request, short only where the file ends, and counts the bytes', async () => {
    const server = await scripted([ranged()]);
    const source = openRangeSource(server.url, fast);
    expect(await source.read(10, 20)).toEqual(body.subarray(10, 30));
    expect(await source.read(990, 100)).toEqual(body.subarray(990));
    expect(source).toMatchObject({ remote: true, size: 1000, identity: 'etag "v1"', bytesReceived: 30 });
    expect(server.count()).toBe(2);
  });

  it('retries network errors, 5xx and 429 with backoff, then succeeds', async () => {
    const drop: Reply = (req) => req.socket.destroy();
    const server = await scripted([status(503), status(429), drop, ranged()]);
    const source = openRangeSource(server.url, fast);
    expect(await source.read(0, 4)).toEqual(body.subarray(0, 4));
    expect(server.count()).toBe(4);
  });

  it('gives up after the retries with the last failure in the message', async () => {
    const server = await scripted([status(500)]);
    await expect(openRangeSource(server.url, fast).read(0, 4)).rejects.toThrow(/failed 4 times in a row, last: the server answered 500.*resumes/);
    expect(server.count()).toBe(4);
  });

  it('times out a request that never answers', async () => {
    const server = await scripted([() => undefined]);
    await expect(openRangeSource(server.url, { ...fast, timeoutMs: 100, retries: 1 }).read(0, 4)).rejects.toThrow(/no answer within 0.1 s/);
    expect(server.count()).toBe(2);
  });

  it('refuses a server that ignores ranges, a missing file and other statuses, without retrying', async () => {
    const whole: Reply = (_req, res) => {
      res.writeHead(200, { 'content-length': body.length });
      res.end(body);
    };
    const server = await scripted([whole, status(404), status(403)]);
    const source = openRangeSource(server.url, fast);
    await expect(source.read(0, 4)).rejects.toThrow(/does not answer range requests/);
    await expect(source.read(0, 4)).rejects.toThrow(/was not found \(404\)/);
    await expect(source.read(0, 4)).rejects.toThrow(/answered 403 Forbidden to a range request/);
    expect(server.count()).toBe(3);
  });

  it('pins the ETag: a different one mid-read fails clearly', async () => {
    const server = await scripted([ranged('"v1"'), ranged('"v2"')]);
    const source = openRangeSource(server.url, fast);
    await source.read(0, 4);
    await expect(source.read(4, 4)).rejects.toThrow(SourceChangedError);
    await expect(openRangeSource(server.url, fast).read(0, 1).then(() => 'ok')).resolves.toBe('ok');
  });

  it('stops at once when the AbortSignal fires, also while backing off', async () => {
    const server = await scripted([status(503)]);
    const controller = new AbortController();
    const source = openRangeSource(server.url, { retryDelayMs: 60_000, signal: controller.signal });
    const read = source.read(0, 4);
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses what is not a URL or a path', () => {
    expect(() => openRangeSource('')).toThrow(/http\(s\) URL or a file path/);
    expect(() => openRangeSource('http://')).toThrow(/not a valid URL/);
    expect(() => openRangeSource('s3://bucket/planet.pmtiles')).toThrow(/unsupported scheme/);
  });
});

describe('range source over a local file', () => {
  it('reads ranges, counts bytes and notices when the file changes', async () => {
    const file = path.join(dir, 'local.bin');
    fs.writeFileSync(file, body);
    const source = openRangeSource(file);
    expect(await source.read(5, 5)).toEqual(body.subarray(5, 10));
    expect(await source.read(995, 50)).toEqual(body.subarray(995));
    expect(source).toMatchObject({ remote: false, size: 1000, bytesReceived: 10 });
    await expect(source.read(2000, 5)).rejects.toThrow(/has no bytes at 2000/);
    fs.appendFileSync(file, 'more');
    await expect(source.read(0, 5)).rejects.toThrow(SourceChangedError);
    await source.close();
    await expect(openRangeSource(path.join(dir, 'none.bin')).read(0, 1)).rejects.toThrow(/does not exist/);
  });
});
