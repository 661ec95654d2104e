import type { Context } from '@fedify/fedify';

/** Where actors live: by id, so a handle may change without the fediverse losing the person. */
export const ACTOR_PATH = '/ap/users/{identifier}';
export const INBOX_PATH = '/ap/users/{identifier}/inbox';
export const SHARED_INBOX_PATH = '/ap/inbox';
export const FOLLOWERS_PATH = '/ap/users/{identifier}/followers';
export const OUTBOX_PATH = '/ap/users/{identifier}/outbox';
export const NOTE_PATH = '/ap/reviews/{id}';
export const NODEINFO_PATH = '/nodeinfo/2.1';
/** The paths Fedify answers: everything else never reaches it (no per-request work on the app's own routes). */
export const FEDERATION_PATHS = /^\/(?:\.well-known\/(?:webfinger|nodeinfo)|nodeinfo\/|ap\/)/;

const ID_PATTERN = /^[1-9]\d{0,15}$/;

/** A local identifier (a user's or a review's id) as a number, or null for anything else. */
export function userIdOf(identifier: string): number | null {
  return ID_PATTERN.test(identifier) ? Number(identifier) : null;
}

/** The local user an actor URI names, or null when it names someone elsewhere (or nothing). */
export function localUserId(ctx: Context<void>, uri: URL): number | null {
  const parsed = ctx.parseUri(uri);
  return parsed?.type === 'actor' ? userIdOf(parsed.identifier) : null;
}

/** The local review a Note URI names (`/ap/reviews/{id}`), or null. */
export function localReviewId(ctx: Context<void>, uri: URL): number | null {
  const parsed = ctx.parseUri(uri);
  return parsed?.type === 'object' && typeof parsed.values.id === 'string' ? userIdOf(parsed.values.id) : null;
}

/** An activity type as Fedify's queue notes it (`https://www.w3.org/ns/activitystreams#Delete`) by its name (`Delete`). */
export function activityTypeName(type: string | null | undefined): string | null {
  if (!type) return null;
  return type.slice(Math.max(type.lastIndexOf('#'), type.lastIndexOf('/')) + 1) || type;
}
