import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  FEDERATION_LIMITS,
  FEDERATION_MESSAGES,
  type FederationAdminAnswer,
  type FederationDomainPolicy,
} from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { FederationDomainsRepository } from './federation-domains.repository';
import { activityTypeName } from './federation-paths';
import { FederationSwitch } from './federation-switch';
import { FederationQueueRepository } from './queue/federation-queue.repository';

const iso = (ms: number) => new Date(ms).toISOString();
const SERVERS_LISTED = 200;

/**
 * The operator's hold on federation (issue 30): the switch, other servers blocked or silenced, the servers this one
 * knows, and the delivery queue (retry or drop what failed). Admin checks are the caller's (the admin module).
 */
@Injectable()
export class FederationAdminService {
  private readonly logger = new Logger('FederationAdmin');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly federationSwitch: FederationSwitch,
    private readonly domains: FederationDomainsRepository,
    private readonly queue: FederationQueueRepository,
  ) {}

  async status(): Promise<FederationAdminAnswer> {
    const now = Date.now();
    const [domains, servers, depth, deliveries] = await Promise.all([
      this.domains.list(),
      this.domains.servers(SERVERS_LISTED),
      this.queue.depth(now),
      this.queue.list(FEDERATION_LIMITS.queueListed),
    ]);
    return {
      enabled: this.federationSwitch.on,
      unavailable: this.federationSwitch.unavailable,
      handle_domain: this.config.federation ? new URL(this.config.federation.origin).host : null,
      domains: domains.map((row) => ({ host: row.host, policy: row.policy, created_at: iso(row.createdAt) })),
      servers: servers.map((row) => ({ host: row.host, people: row.people, followers: row.followers, last_seen: iso(row.lastSeen), policy: row.policy })),
      queue: {
        ...depth,
        deliveries: deliveries.map((row) => ({
          id: row.id,
          kind: row.kind,
          target_host: row.targetHost,
          activity_type: activityTypeName(row.activityType),
          attempts: row.attempts,
          next_attempt_at: iso(row.runAt),
          failed_at: row.failedAt === null ? null : iso(row.failedAt),
          last_error: row.lastError,
          created_at: iso(row.createdAt),
        })),
      },
    };
  }

  async setEnabled(enabled: boolean): Promise<FederationAdminAnswer> {
    await this.federationSwitch.set(enabled);
    return this.status();
  }

  /** Blocks or silences a server; a block also ends every follow between it and this server. */
  async setDomainPolicy(host: string, policy: FederationDomainPolicy): Promise<FederationAdminAnswer> {
    if (this.config.federation && host === new URL(this.config.federation.origin).host) throw new AppError('BAD_REQUEST', FEDERATION_MESSAGES.hostIsOurs);
    await this.domains.set(host, policy, Date.now());
    if (policy === 'block') {
      const severed = await this.domains.severFollows(host);
      this.logger.log(`Blocked ${host}: ${severed} follows ended`);
    } else {
      this.logger.log(`Silenced ${host}`);
    }
    return this.status();
  }

  async removeDomainPolicy(host: string): Promise<FederationAdminAnswer> {
    if (!(await this.domains.remove(host))) throw new AppError('NOT_FOUND', FEDERATION_MESSAGES.noSuchDomain(host));
    this.logger.log(`${host} is neither blocked nor silenced any more`);
    return this.status();
  }

  async retryDelivery(id: number): Promise<FederationAdminAnswer> {
    if (!(await this.queue.retry(id, Date.now()))) throw new AppError('NOT_FOUND', FEDERATION_MESSAGES.noSuchDelivery);
    return this.status();
  }

  async dropDelivery(id: number): Promise<FederationAdminAnswer> {
    if (!(await this.queue.drop(id))) throw new AppError('NOT_FOUND', FEDERATION_MESSAGES.noSuchDelivery);
    return this.status();
  }
}
