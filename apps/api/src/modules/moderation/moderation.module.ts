import { Module } from '@nestjs/common';
import { PlaceModule } from '../place/place.module';
import { PostModule } from '../post/post.module';
import { UserModule } from '../user/user.module';
import { ModerationController } from './moderation.controller';
import { ModerationRepository } from './moderation.repository';
import { ModerationService } from './moderation.service';
import { ReportController } from './report.controller';
import { ReportForwarding } from './report-forwarding';
import { ReportService } from './report.service';

/** Reports, the admins' queue, suspension (issue 17). */
@Module({
  imports: [PostModule, UserModule, PlaceModule],
  controllers: [ReportController, ModerationController],
  providers: [ModerationRepository, ReportService, ModerationService, ReportForwarding],
  exports: [ReportService, ModerationService, ReportForwarding],
})
export class ModerationModule {}
