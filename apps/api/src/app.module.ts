import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { AppConfig } from './config/app.config';
import { ConfigModule } from './config/config.module';
import { HttpErrorFilter } from './common/http-error.filter';
import { APP_MODULES } from './app.registry';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      // Every part of the API, in one list (app.registry.ts).
      imports: [ConfigModule.forRoot(config), ...APP_MODULES],
      providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
    };
  }
}
