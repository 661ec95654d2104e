import type { Actor, Link, Recipient } from '@fedify/fedify/vocab';
import type { FollowerAddress, RemoteActorRecord } from './remote-actors.repository';

const clip = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

/**
 * A page elsewhere that the web app may link to: http(s) only (never `javascript:` or `data:`), at most 2 KiB, from
 * a URL or a Link as ActivityStreams gives one. Null for anything else.
 */
export function webLink(value: URL | Link | null | undefined): string | null {
  const url = value instanceof URL ? value : (value?.href ?? null);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.href.length > 2048) return null;
  return url.href;
}

/**
 * What we keep of a remote person's actor document, clipped to sane sizes. Null when it lacks what a follower must
 * have (an id and an inbox).
 */
export async function remoteActorRecord(actor: Actor): Promise<RemoteActorRecord | null> {
  if (!actor.id || !actor.inboxId || (actor.id.protocol !== 'https:' && actor.id.protocol !== 'http:')) return null;
  const username = clip(actor.preferredUsername?.toString(), 100) ?? actor.id.pathname.split('/').filter(Boolean).pop() ?? 'someone';
  const handle = `${username}@${actor.id.host}`;
  let iconUrl: string | null = null;
  try {
    const icon = await actor.getIcon();
    iconUrl = webLink(icon?.url);
  } catch {
    // An icon that cannot be fetched is only a missing avatar.
  }
  return {
    uri: actor.id.href,
    handle,
    host: actor.id.host,
    inbox: actor.inboxId.href,
    sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
    name: clip(actor.name?.toString(), 100) ?? username,
    iconUrl,
    profileUrl: webLink(actor.url),
  };
}

/** A follower as Fedify addresses a delivery: their inbox, and their server's shared inbox when it has one. */
export function recipientOfFollower(follower: FollowerAddress): Recipient {
  return {
    id: new URL(follower.uri),
    inboxId: new URL(follower.inbox),
    endpoints: follower.sharedInbox ? { sharedInbox: new URL(follower.sharedInbox) } : null,
  };
}
