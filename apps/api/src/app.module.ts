import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { AppConfig } from './config/app.config';
import { ConfigModule } from './config/config.module';
import { HttpErrorFilter } from './common/http-error.filter';
import { AuthModule } from './modules/auth/auth.module';
import { DatabaseModule } from './modules/database/database.module';
import { EventsModule } from './modules/events/events.module';
import { SharedCacheModule } from './modules/shared-cache/shared-cache.module';
import { HealthModule } from './modules/health/health.module';
import { MailModule } from './modules/mail/mail.module';
import { MapModule } from './modules/map/map.module';
import { MediaModule } from './modules/media/media.module';
import { NotificationModule } from './modules/notification/notification.module';
import { BlockModule } from './modules/block/block.module';
import { ModerationModule } from './modules/moderation/moderation.module';
import { PlaceModule } from './modules/place/place.module';
import { AdminModule } from './modules/admin/admin.module';
import { PostModule } from './modules/post/post.module';
import { PublicCacheModule } from './modules/public-cache/public-cache.module';
import { RateLimitModule } from './modules/rate-limit/rate-limit.module';
import { SupportModule } from './modules/support/support.module';
import { UserModule } from './modules/user/user.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        EventsModule,
        SharedCacheModule,
        PublicCacheModule,
        MailModule,
        NotificationModule,
        BlockModule,
        RateLimitModule,
        MediaModule,
        MapModule,
        PlaceModule,
        AuthModule,
        UserModule,
        PostModule,
        SupportModule,
        AdminModule,
        ModerationModule,
        HealthModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
    };
  }
}
