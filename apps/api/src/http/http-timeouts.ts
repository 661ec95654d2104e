import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpTimeouts } from '../config/app.config';

/**
 * How often Node checks open connections against the header and request limits, and this file its body rule.
 * Node's default (30 s) would let a slow client outlive its limit by up to half a minute; a check a second walks
 * the open connections once, which costs next to nothing.
 */
export const CONNECTION_CHECK_INTERVAL_MS = 1000;

/** The average rate a request body must keep once its grace (BODY_TIMEOUT_MS) is spent: 8 kbit/s, below any real link. */
export const BODY_MIN_BYTES_PER_SECOND = 1024;

/** What Node itself answers when a request runs out of time. */
const REQUEST_TIMEOUT_RESPONSE = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/** How long a refused connection keeps reading (and dropping) what its client still sends, at most. */
export const LINGER_MS = 2000;

/** Node's own answers to a request its parser gave up on (an `HPE_` code). */
function refusalFor(code: string | undefined): string {
  if (code === 'HPE_HEADER_OVERFLOW') return 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n';
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n';
  return 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
}

/**
 * Answers a request Node cannot parse as Node does (431 for a request line or headers past 16 KB, 400 for bad
 * syntax), but closes the connection gracefully: Node 24 destroys it at once, and a client still sending the rest
 * of a long URL then gets a reset (ECONNRESET) in place of the answer. Here the answer is sent, the connection
 * half-closed, and what still arrives is read and dropped until the client closes, for LINGER_MS at most.
 */
function refuseUnparsable(error: NodeJS.ErrnoException, socket: Socket): void {
  if (socket.destroyed) return;
  if (!socket.writable || !error.code?.startsWith('HPE_')) {
    if (socket.writable && socket.bytesWritten === 0 && error.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.write(REQUEST_TIMEOUT_RESPONSE);
    socket.destroy();
    return;
  }
  if (lingering.has(socket)) return;
  lingering.add(socket);
  if (socket.bytesWritten === 0) socket.write(refusalFor(error.code));
  socket.end();
  // The parser has given up on this connection: what comes now is only drained.
  socket.removeAllListeners('data');
  socket.on('data', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
const lingering = new WeakSet<Socket>();

interface BodyWatch {
  req: IncomingMessage;
  res: ServerResponse;
  socket: Socket;
  bytesAtStart: number;
  /** Time the client had to send while the app was reading (a paused socket is the app's wait, not the client's). */
  clientMs: number;
  lastCheckAt: number;
}

/**
 * Sets the server's limits on slow clients (see HttpTimeouts), so a handful of connections that send headers or a
 * body a byte at a time cannot hold the box. Node enforces the header, whole-request and keep-alive limits; Node
 * has no minimum body rate, so a body that keeps trickling under BODY_MIN_BYTES_PER_SECOND after its grace is cut
 * off here (Apache's mod_reqtimeout rule: the grace grows by a second per KiB received).
 */
export function applyHttpTimeouts(server: Server, timeouts: HttpTimeouts): void {
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // Read when the server starts listening, so setting it here (before listen) takes effect.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = CONNECTION_CHECK_INTERVAL_MS;

  server.on('clientError', refuseUnparsable);

  const watched = new Set<BodyWatch>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
    if (!hasBody || req.complete) return;
    const socket = req.socket;
    watched.add({ req, res, socket, bytesAtStart: socket.bytesRead, clientMs: 0, lastCheckAt: Date.now() });
  });

  const timer = setInterval(() => {
    const now = Date.now();
    for (const watch of watched) {
      const { req, res, socket } = watch;
      if (req.complete || socket.destroyed) {
        watched.delete(watch);
        continue;
      }
      if (!socket.isPaused()) watch.clientMs += now - watch.lastCheckAt;
      watch.lastCheckAt = now;
      const received = socket.bytesRead - watch.bytesAtStart;
      if (watch.clientMs <= timeouts.bodyMs + (received / BODY_MIN_BYTES_PER_SECOND) * 1000) continue;
      watched.delete(watch);
      if (socket.writable && !res.headersSent) socket.write(REQUEST_TIMEOUT_RESPONSE);
      socket.destroy();
    }
  }, CONNECTION_CHECK_INTERVAL_MS);
  timer.unref();
  server.on('close', () => clearInterval(timer));
}
