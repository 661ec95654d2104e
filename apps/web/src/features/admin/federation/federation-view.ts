import { federationHostOf, FEDERATION_MESSAGES, type FederationDeliveryView, type FederationDomainPolicy } from '@siplog/contracts';
import { relativeTime } from '../../notifications/relative-time';

/** What the 'Federation' panel says about the switch, servers and deliveries: pure, so the spec reads it without a page. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const countText = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export const POLICY_BADGES: Record<FederationDomainPolicy, string> = { block: 'Blocked', silence: 'Silenced' };
export const POLICY_VERBS: Record<FederationDomainPolicy, string> = { block: 'Block', silence: 'Silence' };

/** The form's box as the setFederationDomain call takes it, or the contract's words for what is plainly no domain. */
export function checkDomainText(text: string): { ok: true; host: string } | { ok: false; error: string } {
  const host = federationHostOf(text);
  return host ? { ok: true, host } : { ok: false, error: FEDERATION_MESSAGES.hostInvalid };
}

/** A date and time in the reader's own locale and zone, for a title or a moment too far off to say in words. */
export function localDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A moment either side of `now`: '5 min ago' as the app says it, or 'in 5 min', 'in 3 hours', then the local date. */
export function whenText(iso: string, now: number): string {
  const ahead = Date.parse(iso) - now;
  if (Number.isNaN(ahead)) return iso;
  if (ahead <= 0) return relativeTime(iso, now);
  if (ahead < MINUTE) return 'in under a minute';
  if (ahead < HOUR) return `in ${Math.ceil(ahead / MINUTE)} min`;
  if (ahead < DAY) {
    const hours = Math.round(ahead / HOUR);
    return hours === 1 ? 'in 1 hour' : `in ${hours} hours`;
  }
  return `on ${localDateTime(iso)}`;
}

/** The switch's state in words, with what it means for people here. */
export function switchStateText(enabled: boolean): string {
  if (enabled) return 'On: people on Mastodon and other servers can find and follow people here, and receive their reviews.';
  return 'Off: this server speaks no ActivityPub; nobody elsewhere can find or follow people here.';
}

/** What a delivery carries and where to: 'Create to mastodon.social', or a fan-out to an author's followers. */
export function deliveryWhat(delivery: Pick<FederationDeliveryView, 'kind' | 'activity_type' | 'target_host'>): string {
  const activity = delivery.activity_type ?? 'Activity';
  if (delivery.target_host) return `${activity} to ${delivery.target_host}`;
  return delivery.kind === 'fanout' ? `${activity} to an author's followers` : activity;
}

/** When a delivery failed or is tried next: 'Failed 5 min ago', 'Next attempt in 3 min', 'Next attempt now'. */
export function deliveryWhen(delivery: Pick<FederationDeliveryView, 'failed_at' | 'next_attempt_at'>, now: number): { label: string; iso: string; text: string } {
  if (delivery.failed_at) return { label: 'Failed', iso: delivery.failed_at, text: whenText(delivery.failed_at, now) };
  const due = Date.parse(delivery.next_attempt_at) <= now;
  return { label: 'Next attempt', iso: delivery.next_attempt_at, text: due ? 'now' : whenText(delivery.next_attempt_at, now) };
}

/** What the panel says once a call succeeded. */
export function domainDoneText(host: string, policy: FederationDomainPolicy | null): string {
  if (policy === 'block') return `${host} is blocked.`;
  if (policy === 'silence') return `${host} is silenced.`;
  return `${host} is neither blocked nor silenced any more.`;
}
