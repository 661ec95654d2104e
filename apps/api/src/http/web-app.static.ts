import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { webPageOf } from '@siplog/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import type { AdminScreenService } from '../modules/admin/admin-screen.service';
import { PlaceService } from '../modules/place/place.service';
import { PostService } from '../modules/post/post.service';
import { UserService } from '../modules/user/user.service';
import { logReferredVisit } from './referred-visit';
import { withInlineScripts } from './security-headers';
import { previewHead, previewOrigin, withPreviewTitle } from './share-preview';
import { pageData, type PageData, type PageServices } from './web-page-data';
import { pageHtmlCache, withHeadLinks } from './web-page-html';

const API_PATHS = /^\/(api|trpc)(\/|$)/;
/** The build's source maps (and any compressed copy of one): they show the app's whole source, so off by default. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

/** Tested on the decoded path, as the static file server reads it (`.ma%70` is `.map` too). */
function isSourceMap(pathname: string): boolean {
  try {
    return SOURCE_MAP.test(decodeURIComponent(pathname));
  } catch {
    return SOURCE_MAP.test(pathname);
  }
}

/**
 * The address of the source map of the script or stylesheet at filePath (or at a compressed copy of it), if the
 * build wrote one: sent in a SourceMap header when maps are served, since the build names them in no file (it cannot
 * know whether they will be served).
 */
function sourceMapUrl(webDistDir: string, filePath: string): string | undefined {
  const file = filePath.replace(/\.(br|gz)$/, '');
  if (!/\.(js|css)$/.test(file) || !fs.existsSync(`${file}.map`)) return undefined;
  return encodeURI(`/${path.relative(webDistDir, file).split(path.sep).join('/')}.map`);
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
  // Read here rather than passed in: the app factory's call stays as it is.
  const config = app.get<AppConfig>(APP_CONFIG);
  const { serveSourceMaps } = config;
  const pageHtml = pageHtmlCache(webDistDir, indexFile);
  const services: PageServices = { users: app.get(UserService), places: app.get(PlaceService), posts: app.get(PostService) };

  // The build writes .br and .gz beside each asset; the best one the browser accepts is sent as it is.
  const staticFiles = expressStaticGzip(webDistDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      // Vite fingerprints what it puts in assets/, so those files may be cached for good.
      setHeaders: (res, filePath) => {
        const isAsset = filePath.startsWith(assetsDir);
        res.setHeader('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        const sourceMap = serveSourceMaps && isAsset ? sourceMapUrl(webDistDir, filePath) : undefined;
        if (sourceMap) res.setHeader('SourceMap', sourceMap);
      },
    },
  });
  // API calls never look for a file: a tRPC GET would otherwise cost a disk lookup on every call.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (API_PATHS.test(req.path)) return next();
    if (!serveSourceMaps && isSourceMap(req.path)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    staticFiles(req, res, next);
  });
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || API_PATHS.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // Any path that is no page still gets the app (it shows the not-found page), but with the honest status.
    const page = webPageOf(req.path, (secret) => adminScreen.isScreenSecret(secret));
    const isPage = page !== null;
    if (!isPage) res.status(404);
    else logReferredVisit(req.path, req.get('referer'), req.get('host'));
    let data: PageData | null = null;
    try {
      if (isPage) data = await pageData(services, req.path);
    } catch (error) {
      next(error);
      return;
    }
    // A review, place or person that is not there (or out of sight): the app's not-found page, 404, and no preview.
    if (data?.missing) res.status(404);
    const preview = data?.preview ?? null;
    const shell = pageHtml(page ?? '');
    const head = [...(preview ? previewHead(preview, previewOrigin(config, req.get('host'))) : []), ...(data?.head ?? [])];
    const html = withHeadLinks(preview ? withPreviewTitle(shell, preview) : shell, head);
    // The build's own inline scripts (the theme before the first paint) run, allowed by hash; the hashes come from the
    // build's HTML, never from the page's data, so nothing a person wrote could ever be allowed to run.
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string') res.setHeader('Content-Security-Policy', withInlineScripts(policy, shell));
    res.setHeader('ETag', `"${crypto.createHash('sha1').update(html).digest('base64url')}"`);
    if (isPage && !data?.missing && req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('html').send(html);
  });
}
