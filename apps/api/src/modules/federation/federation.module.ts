import { Module } from '@nestjs/common';
import { PlaceModule } from '../place/place.module';
import { PostModule } from '../post/post.module';
import { UserModule } from '../user/user.module';
import { FederationAccounts } from './federation-accounts.service';
import { FederationAdminService } from './federation-admin.service';
import { FederationDomainsRepository } from './federation-domains.repository';
import { FederationFollowRequestsController } from './federation-follow-requests.controller';
import { FederationFollowRequests } from './federation-follow-requests.service';
import { FederationFollowers } from './federation-followers.service';
import { FederationFollowingController } from './federation-following.controller';
import { FederationFollowing } from './federation-following.service';
import { RemoteFollowingRepository } from './remote-following.repository';
import { FederationInbox } from './federation-inbox.service';
import { FederationKvSweeper } from './federation-kv.sweeper';
import { FederationSwitch } from './federation-switch';
import { FederationReviews } from './federation-reviews.service';
import { RemoteActorsRepository } from './remote-actors.repository';
import { RemoteAvatarsRepository } from './remote-avatars.repository';
import { RemoteAvatars } from './remote-avatars.service';
import { FederationRepository } from './federation.repository';
import { FederationService } from './federation.service';
import { FederationQueueRepository } from './queue/federation-queue.repository';

/** ActivityPub (issue 30): people as actors, the inbox, reviews as Notes, the queue, the admin's hold; off by default. */
@Module({
  imports: [UserModule, PostModule, PlaceModule],
  controllers: [FederationFollowRequestsController, FederationFollowingController],
  providers: [FederationService, FederationRepository, FederationQueueRepository, RemoteActorsRepository, FederationInbox, FederationReviews, FederationSwitch, FederationDomainsRepository, FederationAdminService, FederationAccounts, FederationKvSweeper, RemoteAvatars, RemoteAvatarsRepository, FederationFollowers, FederationFollowRequests, FederationFollowing, RemoteFollowingRepository],
  exports: [FederationService, FederationAdminService],
})
export class FederationModule {}
