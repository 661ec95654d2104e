import { Module } from '@nestjs/common';
import { ModerationModule } from '../moderation/moderation.module';
import { PlaceModule } from '../place/place.module';
import { PostModule } from '../post/post.module';
import { UserModule } from '../user/user.module';
import { FederationAccounts } from './federation-accounts.service';
import { FederationBlocksController } from './federation-blocks.controller';
import { FederationBlocks } from './federation-blocks.service';
import { FederationFlags } from './federation-flags.service';
import { FederationInstanceActor } from './federation-instance-actor';
import { FederationInstanceKeysRepository } from './federation-instance-keys.repository';
import { RemoteBlocksRepository } from './remote-blocks.repository';
import { FederationAdminService } from './federation-admin.service';
import { FederationDomainsRepository } from './federation-domains.repository';
import { FederationFollowRequestsController } from './federation-follow-requests.controller';
import { FederationFollowRequests } from './federation-follow-requests.service';
import { FederationFollowers } from './federation-followers.service';
import { FederationFollowingController } from './federation-following.controller';
import { FederationFollowing } from './federation-following.service';
import { FederationRemoteReactions } from './federation-remote-reactions.service';
import { RemoteReviewReactionsRepository } from './remote-review-reactions.repository';
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
  imports: [UserModule, PostModule, PlaceModule, ModerationModule],
  controllers: [FederationFollowRequestsController, FederationFollowingController, FederationBlocksController],
  providers: [FederationService, FederationRepository, FederationQueueRepository, RemoteActorsRepository, FederationInbox, FederationReviews, FederationSwitch, FederationDomainsRepository, FederationAdminService, FederationAccounts, FederationKvSweeper, RemoteAvatars, RemoteAvatarsRepository, FederationFollowers, FederationFollowRequests, FederationFollowing, RemoteFollowingRepository, FederationRemoteReactions, RemoteReviewReactionsRepository, FederationBlocks, FederationFlags, FederationInstanceActor, FederationInstanceKeysRepository, RemoteBlocksRepository],
  exports: [FederationService, FederationAdminService],
})
export class FederationModule {}
