import type { Actor, Recipient } from '@fedify/fedify/vocab';
import type { FollowerAddress, RemoteActorRecord } from './remote-actors.repository';

const clip = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

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
    const url = icon?.url;
    iconUrl = url instanceof URL ? url.href : (url?.href?.href ?? null);
  } catch {
    // An icon that cannot be fetched is only a missing avatar.
  }
  const profile = actor.url;
  return {
    uri: actor.id.href,
    handle,
    host: actor.id.host,
    inbox: actor.inboxId.href,
    sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
    name: clip(actor.name?.toString(), 100) ?? username,
    iconUrl: clip(iconUrl, 2048),
    profileUrl: clip(profile instanceof URL ? profile.href : (profile?.href?.href ?? null), 2048),
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
