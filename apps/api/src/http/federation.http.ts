import { Readable } from 'node:stream';
import type { Federation } from '@fedify/fedify';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { FEDERATION_PATHS } from '../modules/federation/federation-paths';
import type { FederationService } from '../modules/federation/federation.service';

/**
 * Hands the fediverse's requests (WebFinger, NodeInfo, actors) to Fedify, before any body parser reads them (Fedify
 * verifies signatures over the raw body). Only those paths: the app's own routes never build a Fetch Request. What
 * Fedify does not answer (an unknown path, a browser asking an actor's address for HTML) goes on to the app.
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
    answer(federation, req, res, next).catch(next);
  });
}

async function answer(federation: Federation<void>, req: Request, res: Response, next: NextFunction): Promise<void> {
  let passOn = false;
  const fallThrough = () => {
    passOn = true;
    return new Response(null, { status: 404 });
  };
  const response = await federation.fetch(requestOf(req), { contextData: undefined, onNotFound: fallThrough, onNotAcceptable: fallThrough });
  if (passOn) return next();
  res.status(response.status);
  response.headers.forEach((value, key) => res.setHeader(key, value));
  if (!response.body) {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as never).pipe(res);
}

function requestOf(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (typeof value === 'string') headers.append(key, value);
  }
  const bodyless = req.method === 'GET' || req.method === 'HEAD';
  return new globalThis.Request(`${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`, {
    method: req.method,
    headers,
    ...(bodyless ? {} : { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' }),
  });
}
