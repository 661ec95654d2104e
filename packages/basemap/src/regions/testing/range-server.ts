/**
 * A real HTTP server on 127.0.0.1 serving one file (or the files of a folder) the way static hosts and
 * object stores do: single byte ranges with 206, 416 past the end, ETag and Last-Modified from the file's
 * size and time, HEAD. Tests can make it ignore ranges or cut connections mid-body.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface RangeServerRequest {
  method: string;
  path: string;
  /** The Range header as sent, or null. */
  range: string | null;
  status: number;
  /** Body bytes actually sent. */
  bytes: number;
}

export interface RangeServerOptions {
  /** false: answer every GET with 200 and the whole file, as servers without range support do. */
  ranges?: boolean;
}

export interface RangeServer {
  /** The file's URL when serving one file; the folder's URL (ending in /) when serving a folder. */
  url: string;
  requests: RangeServerRequest[];
  /** Body bytes sent so far, all requests together. */
  bytesSent(): number;
  /**
   * Sends at most `bytes` more body bytes, then cuts every response mid-body (the connection drops) until
   * called again; null lifts the limit.
   */
  cutAfterBytes(bytes: number | null): void;
  close(): Promise<void>;
}

const RANGE = /^bytes=(\d*)-(\d*)$/;

export async function startRangeServer(fileOrDir: string, options: RangeServerOptions = {}): Promise<RangeServer> {
  const single = fs.statSync(fileOrDir).isFile();
  const root = single ? path.dirname(fileOrDir) : fileOrDir;
  const requests: RangeServerRequest[] = [];
  let budget: number | null = null;
  let sent = 0;

  const server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0]).replace(/^\/+/, '');
    const record: RangeServerRequest = { method: req.method ?? 'GET', path: `/${name}`, range: req.headers.range ?? null, status: 0, bytes: 0 };
    requests.push(record);
    const answer = (status: number, headers: http.OutgoingHttpHeaders = {}) => {
      record.status = status;
      res.writeHead(status, headers);
      res.end();
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, { allow: 'GET, HEAD' });
    const file = path.join(root, name);
    if (name.includes('..') || (single && file !== path.resolve(fileOrDir))) return answer(404);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
      if (!stat.isFile()) return answer(404);
    } catch {
      return answer(404);
    }
    const common = {
      etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs * 1000).toString(16)}"`,
      'last-modified': stat.mtime.toUTCString(),
      'accept-ranges': options.ranges === false ? 'none' : 'bytes',
      'content-type': 'application/octet-stream',
    };
    let start = 0;
    let end = stat.size - 1;
    let status = 200;
    const range = options.ranges === false ? null : req.headers.range;
    if (range) {
      const match = RANGE.exec(range.trim());
      if (!match || (match[1] === '' && match[2] === '')) return answer(416, { ...common, 'content-range': `bytes */${stat.size}` });
      if (match[1] === '') {
        start = Math.max(0, stat.size - Number(match[2]));
      } else {
        start = Number(match[1]);
        end = match[2] === '' ? stat.size - 1 : Math.min(Number(match[2]), stat.size - 1);
      }
      if (start >= stat.size || start > end) return answer(416, { ...common, 'content-range': `bytes */${stat.size}` });
      status = 206;
    }
    const length = end - start + 1;
    record.status = status;
    res.writeHead(status, { ...common, 'content-length': length, ...(status === 206 ? { 'content-range': `bytes ${start}-${end}/${stat.size}` } : {}) });
    if (req.method === 'HEAD' || length === 0) return res.end();
    const allowed = budget === null ? length : Math.max(0, Math.min(length, budget - sent));
    // Cut mid-body: send what the budget allows, then drop the connection without finishing the response.
    const cut = () => res.socket?.destroy();
    if (allowed === 0) {
      res.flushHeaders();
      setImmediate(cut);
      return;
    }
    const stream = fs.createReadStream(file, { start, end: start + allowed - 1 });
    stream.on('data', (chunk) => {
      record.bytes += chunk.length;
      sent += chunk.length;
    });
    if (allowed === length) {
      stream.pipe(res);
      return;
    }
    stream.on('data', (chunk) => res.write(chunk));
    stream.on('end', cut);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/`;
  return {
    url: single ? `${base}${encodeURIComponent(path.basename(fileOrDir))}` : base,
    requests,
    bytesSent: () => sent,
    cutAfterBytes(bytes) {
      budget = bytes === null ? null : sent + bytes;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
