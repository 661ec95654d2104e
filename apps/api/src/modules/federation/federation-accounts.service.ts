import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Federation } from '@fedify/fedify';
import { Delete, PUBLIC_COLLECTION } from '@fedify/fedify/vocab';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { AccountEvents } from '../user/account-events';
import { FederationSwitch } from './federation-switch';
import { FederationRepository } from './federation.repository';
import { recipientOfFollower } from './remote-actor-record';
import { RemoteActorsRepository } from './remote-actors.repository';
import { RemoteFollowingRepository } from './remote-following.repository';

/**
 * A person leaving (issue 30): when an account is erased or suspended, their followers elsewhere and the people
 * elsewhere they follow receive a Delete of the actor, so their servers drop the person, their reviews and follows. Sent to each follower's inbox directly, read before
 * the erasure removes the follows; suspended people's other deliveries stop at once (see FederationService). Their
 * public keys are kept for 30 days (federation_departures), so the actor can still prove that Delete.
 */
@Injectable()
export class FederationAccounts implements OnModuleInit {
  private readonly logger = new Logger('FederationAccounts');
  private federation: Federation<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountEvents,
    private readonly remoteActors: RemoteActorsRepository,
    private readonly federationSwitch: FederationSwitch,
    private readonly repository: FederationRepository,
    private readonly following: RemoteFollowingRepository,
  ) {}

  register(federation: Federation<void>): void {
    this.federation = federation;
  }

  onModuleInit(): void {
    if (!this.config.federation) return;
    this.accounts.on('erasing', ({ userId }) => this.leave(userId, 'erased'));
    this.accounts.on('suspending', ({ userId }) => this.leave(userId, 'suspended'));
    this.accounts.on('unsuspended', ({ userId }) => this.repository.forgetDeparture(String(userId)));
  }

  private async leave(userId: number, why: 'erased' | 'suspended'): Promise<void> {
    const federation = this.federation;
    if (!federation || !this.federationSwitch.on) return;
    // Their followers elsewhere, and the people elsewhere they follow (whose servers keep them as a follower).
    const followers = await this.remoteActors.allFollowersOf(userId);
    const followed = await this.following.followedBy(userId);
    const told = new Map([...followers, ...followed].map((address) => [address.actorId, address]));
    if (told.size === 0) return;
    // Their servers check the Delete's signature by fetching the key, maybe after the person is gone: keep it.
    const pairs = await this.repository.findKeyPairs(userId);
    await this.repository.keepDeparture(String(userId), pairs.map((pair) => pair.publicJwk), Date.now());
    const ctx = federation.createContext(new URL(this.config.federation!.origin), undefined);
    const identifier = String(userId);
    const actor = ctx.getActorUri(identifier);
    await ctx.sendActivity(
      { identifier },
      [...told.values()].map(recipientOfFollower),
      new Delete({ id: new URL(`#delete/${randomUUID()}`, actor), actor, to: PUBLIC_COLLECTION, object: actor }),
      { preferSharedInbox: true },
    );
    this.logger.log(`User ${userId} ${why}: ${told.size} people elsewhere told`);
  }
}
