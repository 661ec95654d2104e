import fs from 'node:fs';
import path from 'node:path';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ServeStaticModule } from '@nestjs/serve-static';
import type { AppConfig } from './config/app.config';
import { ConfigModule } from './config/config.module';
import { HttpErrorFilter } from './common/http-error.filter';
import { DatabaseModule } from './modules/database/database.module';
import { HealthController } from './modules/health/health.controller';
import { MailModule } from './modules/mail/mail.module';
import { RateLimitModule } from './modules/rate-limit/rate-limit.module';
import { SupportModule } from './modules/support/support.module';

/** The built web app, served with SPA fallback; /api and /trpc stay with the API (unknown paths are JSON 404s). */
function webAppModules(config: AppConfig): DynamicModule[] {
  if (!fs.existsSync(config.webDistDir)) return [];
  return [
    ServeStaticModule.forRoot({
      rootPath: config.webDistDir,
      exclude: ['/api/{*path}', '/trpc/{*path}'],
      serveStaticOptions: {
        // Vite fingerprints assets, so they may be cached for good; index.html must always revalidate.
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      },
    }),
  ];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        MailModule,
        RateLimitModule,
        SupportModule,
        ...webAppModules(config),
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
    };
  }
}
