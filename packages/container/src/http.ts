import http from 'node:http';
import net from 'node:net';
import sharp from 'sharp';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the URL answers 200 (bounded); answers how long it took. */
export async function waitForOk(url: string, timeoutMs: number, why: () => string = () => ''): Promise<number> {
  const started = Date.now();
  let last = 'no answer';
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return Date.now() - started;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})\n${why()}`);
}

export async function postJson(base: string, route: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  // The app's answers are read field by field in the tests, as the API tests do.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let answer: any;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = text;
  }
  return { status: response.status, body: answer };
}

export const cupPhoto = () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 150, g: 100, b: 60 } } }).jpeg().toBuffer();

/** A review with one photo as the app's multipart call, with its headers: the body can then be sent in pieces. */
export function reviewUpload(photo: Buffer, data: Record<string, unknown>): { body: Buffer; contentType: string } {
  const boundary = `siplog${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file1"; filename="cup.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Sends a request whose body arrives in two halves: the first at once, the second when `release` resolves.
 * Answers the status and body once the server has replied (or the error, if the connection was cut).
 */
export function slowRequest(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  release: Promise<unknown>,
): { sentFirstHalf: Promise<void>; answer: Promise<{ status: number; body: string } | { error: string }> } {
  let firstHalfSent!: () => void;
  const sentFirstHalf = new Promise<void>((resolve) => (firstHalfSent = resolve));
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const request = http.request(url, { method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) }, agent: false });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', (error) => resolve({ error: String(error) }));
    });
    request.on('error', (error) => resolve({ error: String(error) }));
    const half = Math.floor(body.length / 2);
    request.write(body.subarray(0, half), () => firstHalfSent());
    void release.then(() => request.end(body.subarray(half)));
  });
  return { sentFirstHalf, answer };
}
