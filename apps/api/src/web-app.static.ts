import fs from 'node:fs';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { isWebRoute } from '@siplog/contracts';
import type { AdminScreenService } from './modules/admin/admin-screen.service';

const API_PATHS = /^\/(api|trpc)(\/|$)/;
const logger = new Logger('WebApp');

/**
 * A visit that arrived from another site (a search engine, a link elsewhere) is logged with where it came from, so
 * the admin's log viewer can count them (its search-engine quick pick). Only the referrer's origin is kept: the
 * rest of its address may carry someone's search terms.
 */
function logReferredVisit(req: Request): void {
  const referrer = req.get('referer');
  if (!referrer) return;
  let origin: string;
  try {
    const url = new URL(referrer);
    if (url.host === req.get('host')) return;
    origin = url.origin;
  } catch {
    return;
  }
  logger.log(`Referred visit: ${req.path.slice(0, 200)} from ${origin.slice(0, 200)}`);
}

/**
 * Serves the built web app with SPA fallback. /api and /trpc never fall back: unknown paths there stay
 * JSON 404s. (Written here rather than with @nestjs/serve-static, whose error hook turns body-parser
 * errors on excluded paths into 404s.)
 */
export function serveWebApp(app: NestExpressApplication, webDistDir: string, adminScreen: AdminScreenService): void {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const assetsDir = path.join(webDistDir, 'assets') + path.sep;

  // The build writes .br and .gz beside each asset; the best one the browser accepts is sent as it is.
  const staticFiles = expressStaticGzip(webDistDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      // Vite fingerprints what it puts in assets/, so those files may be cached for good.
      setHeaders: (res, filePath) => {
        res.setHeader('Cache-Control', filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    },
  });
  // API calls never look for a file: a tRPC GET would otherwise cost a disk lookup on every call.
  app.use((req: Request, res: Response, next: NextFunction) => (API_PATHS.test(req.path) ? next() : staticFiles(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || API_PATHS.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // Any path that is no page still gets the app (it shows the not-found page), but with the honest status.
    if (!isWebRoute(req.path, (secret) => adminScreen.isScreenSecret(secret))) res.status(404);
    else logReferredVisit(req);
    res.sendFile(indexFile);
  });
}
