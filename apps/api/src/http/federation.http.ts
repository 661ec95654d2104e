import type { Federation } from '@fedify/fedify';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { FEDERATION_PATHS } from '../modules/federation/federation-paths';
import type { FederationService } from '../modules/federation/federation.service';

/** The most an activity may weigh: Mastodon's largest (an actor with many fields) is a few KiB. */
export const FEDERATION_BODY_MAX_BYTES = 256 * 1024;

class BodyTooLarge extends Error {}

const logger = new Logger('Federation');

/**
 * Hands the fediverse's requests (WebFinger, NodeInfo, actors, inboxes) to Fedify, before any body parser reads them
 * (Fedify verifies signatures over the raw body). Only those paths: the app's own routes never build a Fetch Request.
 * What Fedify does not answer (an unknown path, a browser asking an actor's address for HTML) goes on to the app.
 * A body over FEDERATION_BODY_MAX_BYTES is refused (413) before anything reads it.
 * Mounted where federation can run (an https PUBLIC_URL); answered only while it is switched on.
 *
 * Written here rather than taken from @fedify/express: that adapter is for Fedify 1 on Express 4, and on a miss it
 * both calls next() and writes its own 404/406.
 */
export function mountFederation(app: NestExpressApplication, service: FederationService): void {
  const federation = service.federation;
  if (!federation) return;
  app.use((req: Request, res: Response, next: NextFunction) => {
    // Switched off (the admin screen, or FEDERATION's default): the paths are the app's again, which answers 404.
    if (!service.on || !FEDERATION_PATHS.test(req.path)) return next();
    answer(federation, req, res, next).catch((error: unknown) => {
      if (error instanceof BodyTooLarge) {
        res.status(413).json({ status: 413, msg: 'The activity is too large.' });
      } else if (req.method === 'POST' && !res.headersSent) {
        // An inbox only reads, checks and queues what it is sent (handlers run from the queue): what fails here is
        // the activity itself (a JSON-LD context that cannot be loaded, say), not the server.
        logger.debug(`An activity POSTed to ${req.path} was refused: ${(error as Error).message}`);
        res.status(400).json({ status: 400, msg: 'The activity could not be read.' });
      } else {
        next(error);
      }
    });
  });
}

async function answer(federation: Federation<void>, req: Request, res: Response, next: NextFunction): Promise<void> {
  let passOn = false;
  const fallThrough = () => {
    passOn = true;
    return new Response(null, { status: 404 });
  };
  const response = await federation.fetch(await requestOf(req), { contextData: undefined, onNotFound: fallThrough, onNotAcceptable: fallThrough });
  if (passOn) return next();
  res.status(response.status);
  response.headers.forEach((value, key) => res.setHeader(key, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function requestOf(req: Request): Promise<globalThis.Request> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (typeof value === 'string') headers.append(key, value);
  }
  const bodyless = req.method === 'GET' || req.method === 'HEAD';
  return new globalThis.Request(`${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`, {
    method: req.method,
    headers,
    ...(bodyless ? {} : { body: await bodyOf(req) }),
  });
}

/**
 * The whole body, refused past FEDERATION_BODY_MAX_BYTES (by its Content-Length, or as it arrives). What arrives past
 * the limit is read and dropped, so the connection stays usable for the 413.
 */
function bodyOf(req: Request): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > FEDERATION_BODY_MAX_BYTES) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= FEDERATION_BODY_MAX_BYTES) chunks.push(chunk);
    });
    req.on('end', () => (size > FEDERATION_BODY_MAX_BYTES ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}
