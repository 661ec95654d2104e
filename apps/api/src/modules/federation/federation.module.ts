import { Module } from '@nestjs/common';
import { UserModule } from '../user/user.module';
import { FederationRepository } from './federation.repository';
import { FederationService } from './federation.service';
import { FederationQueueRepository } from './queue/federation-queue.repository';

/** ActivityPub (issue 30): local people as actors, WebFinger and NodeInfo; off unless FEDERATION=on. */
@Module({
  imports: [UserModule],
  providers: [FederationService, FederationRepository, FederationQueueRepository],
  exports: [FederationService],
})
export class FederationModule {}
