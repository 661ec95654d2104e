import type { IncomingMessage } from 'node:http';
import { jsonNestsDeeperThan } from '../common/json-depth';

/** The hot reads' bodies are a few ids; anything larger is no read worth answering before Express (or keeping). */
export const MAX_SMALL_BODY_BYTES = 4096;

/**
 * The length of a request's body when it is small JSON framed by Content-Length, as the JSON body parser reads it
 * plainly (no charset but UTF-8, no content encoding); null for anything else, which is left to Express whole.
 */
export function smallJsonBodyLength(req: IncomingMessage): number | null {
  const { headers } = req;
  const length = Number(headers['content-length']);
  const type = headers['content-type'] ?? '';
  const isJson = type === 'application/json' || type.toLowerCase().replace(/\s/g, '') === 'application/json;charset=utf-8';
  if (!isJson || !Number.isInteger(length) || length < 1 || length > MAX_SMALL_BODY_BYTES) return null;
  if (headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) return null;
  return length;
}

/**
 * Reads exactly `length` bytes of the body without letting the stream end, so they can be put back (`unshift`)
 * for the app when it is the app that answers. A client that goes away before sending them is simply never answered.
 */
export function readWholeBody(req: IncomingMessage, length: number, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let received = 0;
  const onReadable = () => {
    let chunk: Buffer | null;
    while (received < length && (chunk = req.read() as Buffer | null) !== null) {
      chunks.push(chunk);
      received += chunk.length;
    }
    if (received < length) return;
    req.removeListener('readable', onReadable);
    done(Buffer.concat(chunks));
  };
  req.on('readable', onReadable);
}

/** The body as the JSON body parser hands it on (strict: an object or an array), or null when it would refuse it. */
export function smallJsonInput(bytes: Buffer): object | null {
  if (jsonNestsDeeperThan(bytes)) return null;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}
