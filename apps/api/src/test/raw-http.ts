import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** false: a connection of its own, closed after the answer. */
  agent?: http.Agent | false;
}

/**
 * One request through node:http, which (unlike fetch) sends any method (TRACE), any header and any bytes, so tests
 * can send what a hostile client would.
 */
export function rawRequest(baseUrl: string, { method = 'GET', path, headers = {}, body, agent }: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  // Framed by length whatever the method: Node would send a GET's body unframed, which the server reads as a second request.
  const framing = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path, headers: { ...framing, ...headers }, agent }, (response) => {
      const chunks: Buffer[] = [];
      const answer = () => ({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') });
      // An event stream stays open: its head and first event are the answer, then the connection is closed.
      const stream = (response.headers['content-type'] ?? '').startsWith('text/event-stream');
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (stream) {
          resolve(answer());
          request.destroy();
        }
      });
      response.on('end', () => resolve(answer()));
      response.on('error', stream ? () => undefined : reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export interface TrickleResult {
  /** Milliseconds from the first byte until the server closed the connection, or null if it was still open at the end. */
  closedAfterMs: number | null;
  /** What the server sent before closing. */
  received: string;
}

/**
 * Opens a raw connection, sends `head` at once, then one piece of `pieces` (a character of a string) every `everyMs`,
 * and reports whether and when the server hung up within `waitMs`.
 */
export function trickle(baseUrl: string, head: string, pieces: string | readonly string[], everyMs: number, waitMs: number): Promise<TrickleResult> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const startedAt = Date.now();
    let received = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs, received });
    };
    const giveUp = setTimeout(() => finish(null), waitMs);
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(Date.now() - startedAt));
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < pieces.length && !socket.destroyed) socket.write(pieces[sent++]);
      }, everyMs);
    });
  });
}

/** An answer as two servers' answers to one request are compared: status, headers less `ignored`, the body as JSON when it is. */
export function comparableAnswer(answer: RawAnswer, ignored: ReadonlySet<string>) {
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !ignored.has(name)));
  let body: unknown = answer.text;
  try {
    body = JSON.parse(answer.text);
  } catch {
    // not JSON (HEAD, say): compared as text
  }
  return { status: answer.status, headers, body };
}
