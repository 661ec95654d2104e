import type { IncomingMessage } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AdminScreenService } from './modules/admin/admin-screen.service';
import type { AppConfig } from './config/app.config';
import { refuseDeepJson } from './common/json-depth';
import { applyHttpTimeouts } from './http/http-timeouts';
import { createNestLogger } from './logging/logger';
import proxyAddr from 'proxy-addr';
import { securityHeaderList, securityHeaders } from './http/security-headers';
import { previewOrigin } from './http/share-preview';
import { installFrontDoor } from './http/front-door.http';
import { PublicCacheService } from './modules/public-cache/public-cache.service';
import { mountTrpc } from './trpc/trpc.mount';
import { restReadsFastPath } from './http/rest-reads.fast-path';
import { fastRestReads } from './http/fast-rest-reads';
import { serveWebApp } from './http/web-app.static';
import { mountFederation } from './http/federation.http';
import { FederationService } from './modules/federation/federation.service';
import { TokenService } from './modules/auth/token.service';
import { BlockService, publicAnswersAudience } from './modules/block/block.service';

export const JSON_BODY_LIMIT = '256kb';

/** Builds the whole app (used by main.ts and by the API tests, so both run the same wiring). */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: createNestLogger(config),
    bodyParser: false,
  });
  app.set('trust proxy', config.trustProxy);
  app.set('x-powered-by', false);
  // API answers are fresh JSON (mostly to POSTs): hashing every body for an ETag costs CPU and saves nothing.
  // Static files keep their own ETags (serve-static, sendFile).
  app.set('etag', false);
  // Express 5's default, said out loud: flat query strings, so `a[b][c]…` never builds nested objects.
  app.set('query parser', 'simple');
  applyHttpTimeouts(app.getHttpServer(), config.httpTimeouts);
  app.use(securityHeaders(config));
  mountFederation(app, app.get(FederationService));
  // Nest's types leave `verify` out (it uses it for rawBody, which this app does not turn on).
  const jsonOptions = { limit: JSON_BODY_LIMIT, verify: refuseDeepJson };
  app.useBodyParser('json', jsonOptions);
  const express = app.getHttpAdapter().getInstance();
  // req.ip as Express reads it behind the trusted proxy, for the requests the front door answers before Express.
  const trustProxy = express.get('trust proxy fn') as Parameters<typeof proxyAddr>[1];
  const addressOf = (req: IncomingMessage) => proxyAddr(req, trustProxy);
  const trpc = mountTrpc(app, addressOf);
  serveWebApp(app, config.webDistDir, app.get(AdminScreenService));
  const tokens = app.get(TokenService);
  installFrontDoor(app.getHttpServer(), express, {
    cache: app.get(PublicCacheService),
    pageOrigin: (host) => previewOrigin(config, host),
    trpc,
    rest: restReadsFastPath({ reads: fastRestReads(app), callerOf: (authorization) => tokens.callerOf(authorization), addressOf, app: express }),
    headers: securityHeaderList(config),
    audienceOf: publicAnswersAudience(tokens, app.get(BlockService)),
  });
  // No enableShutdownHooks(): main.ts stops on SIGTERM and SIGINT itself (graceful-stop.ts), and exits 0.

  const openApi = new DocumentBuilder()
    .setTitle('Siplog API')
    .setDescription('The documented REST paths of Siplog. The web app itself talks tRPC at /trpc.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs/json',
  });
  return app;
}
