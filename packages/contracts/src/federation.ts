import { z } from 'zod';
import { idField, plainText } from './schemas/fields';

/**
 * Federation (issue 30): Siplog speaking ActivityPub. What the admin's Federation panel reads and sends: the switch,
 * other servers' domains blocked or silenced, the servers this one knows, and the delivery queue.
 */
export const FEDERATION_DOMAIN_POLICIES = ['block', 'silence'] as const;
export type FederationDomainPolicy = (typeof FEDERATION_DOMAIN_POLICIES)[number];

/** What each policy means, as the panel explains it. */
export const FEDERATION_POLICY_LABELS: Record<FederationDomainPolicy, string> = {
  block: 'Blocked: nothing is accepted from it and nothing is delivered to it; its follows are removed.',
  silence: 'Silenced: it may follow and read public reviews, but its replies, likes and reports are dropped.',
};

export const FEDERATION_LIMITS = {
  hostMax: 253,
  /** Deliveries the panel lists: failed ones first, then the newest. */
  queueListed: 100,
} as const;

export const FEDERATION_MESSAGES = {
  hostInvalid: "Enter a server's domain, like mastodon.social.",
  hostIsOurs: 'That is this server.',
  policyInvalid: 'Choose block or silence.',
  noSuchDomain: (host: string) => `${host} is neither blocked nor silenced.`,
  noSuchDelivery: 'That delivery is no longer in the queue.',
  notFailed: 'Only a failed delivery can be retried.',
  unavailable: 'Federation needs PUBLIC_URL to be the https address of this server (https://siplog.example).',
  noSuchFollowRequest: 'That follow request is not waiting for your answer: it was answered or taken back.',
  followRequestsUnavailable: 'Follow requests from other servers cannot be answered here until federation is set up (PUBLIC_URL must be the https address of this server).',
  followerAccepted: (handle: string) => `${handle} now follows you.`,
  followerRejected: (handle: string) => `You declined ${handle}'s follow request.`,
} as const;

const HOST_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/;

/** A server's domain as typed ('Mastodon.Social', 'https://mastodon.social/', '@ann@mastodon.social'): its host, or null. */
export function federationHostOf(text: string): string | null {
  let host = text.trim().toLowerCase();
  if (host.includes('@')) host = host.slice(host.lastIndexOf('@') + 1);
  host = host.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  return HOST_PATTERN.test(host) && host.includes('.') ? host : null;
}

const hostField = plainText({ error: FEDERATION_MESSAGES.hostInvalid })
  .max(FEDERATION_LIMITS.hostMax + 20, { error: FEDERATION_MESSAGES.hostInvalid })
  .transform((text, ctx) => {
    const host = federationHostOf(text);
    if (!host) {
      ctx.addIssue({ code: 'custom', message: FEDERATION_MESSAGES.hostInvalid });
      return z.NEVER;
    }
    return host;
  });

export const federationDomainPolicySchema = z.strictObject({
  host: hostField,
  policy: z.enum(FEDERATION_DOMAIN_POLICIES, { error: FEDERATION_MESSAGES.policyInvalid }),
});

export const federationHostSchema = z.strictObject({ host: hostField });

export const federationDeliverySchema = z.strictObject({ id: idField });

export const federationSwitchSchema = z.strictObject({ enabled: z.boolean() });

/**
 * A person's answer to a follow request from another server (issue 30): the requester as the follow_request
 * notification names them (its remote_actor_id). Only the person asked can answer.
 */
export const followRequestSchema = z.strictObject({ remote_actor_id: idField });

/** What accepting or declining a follow request answers. */
export interface FollowRequestAnswer {
  status: 200;
  /** The requester's handle, user@host. */
  handle: string;
  accepted: boolean;
  msg: string;
}

export interface FederationDomainView {
  host: string;
  policy: FederationDomainPolicy;
  created_at: string;
}

/** A server some of whose people this one knows. */
export interface FederationServerView {
  host: string;
  /** Its people we know of (followers, people followed, authors of replies). */
  people: number;
  /** How many of them follow someone here. */
  followers: number;
  last_seen: string;
  policy: FederationDomainPolicy | null;
}

export interface FederationDeliveryView {
  id: number;
  /** 'outbox': one delivery to one inbox; 'fanout': one activity to all of a person's followers. */
  kind: string;
  target_host: string | null;
  activity_type: string | null;
  attempts: number;
  next_attempt_at: string;
  failed_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface FederationAdminAnswer {
  /** Whether this server speaks ActivityPub now (FEDERATION, or the panel's switch). */
  enabled: boolean;
  /** Null when federation can be switched on; else why not. */
  unavailable: string | null;
  /** People here are @username@<handle_domain>. */
  handle_domain: string | null;
  domains: FederationDomainView[];
  servers: FederationServerView[];
  queue: { ready: number; delayed: number; failed: number; deliveries: FederationDeliveryView[] };
}
