import { Global, Module } from '@nestjs/common';
import { NotificationMailer } from './notification-mailer.service';
import { NotificationController } from './notification.controller';
import { NotificationStreamController } from './notification-stream.controller';
import { NotificationAudienceRepository } from './notification-audience.repository';
import { NotificationRepository } from './notification.repository';
import { NotificationService } from './notification.service';
import { UnsubscribeService } from './unsubscribe.service';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

/** Global: the writers in the post, user and place modules record notifications through NotificationService. */
@Global()
@Module({
  controllers: [NotificationController, NotificationStreamController],
  providers: [NotificationRepository, NotificationAudienceRepository, NotificationService, NotificationMailer, UnsubscribeTokens, UnsubscribeService],
  exports: [NotificationService, UnsubscribeService, NotificationMailer],
})
export class NotificationModule {}
