import { z } from 'zod';
import { LIMITS } from './limits';
import { POST_MESSAGES } from './schemas/post';
import { idField, plainText, requiredText } from './schemas/fields';

/** Following people on other servers (issue 30): what the search box's handle look-up and Follow send and answer. */
export const REMOTE_FOLLOW_MESSAGES = {
  handleInvalid: 'Enter a handle like @name@server.example.',
  notFound: (handle: string) => `No one was found at ${handle}. Check the handle, or try again later if their server is down.`,
  unreachable: (host: string) => `${host} did not answer. Try again later.`,
  blocked: (host: string) => `${host} is blocked on this server.`,
  ours: 'That handle is on this server: search for the name alone.',
  off: 'Following people on other servers is off on this server.',
  noSuchPerson: 'That person is no longer known here. Look them up again.',
  leftOrSuspended: 'Your account cannot follow anyone right now.',
} as const;

/** A handle as typed: `@name@server.example` or `name@server.example` (not an e-mail: the search box asks for it so). */
export const FEDIVERSE_HANDLE = /^@?([A-Za-z0-9_.~-]{1,100})@((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}(?::\d{1,5})?)$/i;

/** Whether the text typed in the search box is a fediverse handle to look up (starts with @ and has a server). */
export function looksLikeFediverseHandle(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith('@') && FEDIVERSE_HANDLE.test(trimmed);
}

export const remoteLookupSchema = z.strictObject({
  handle: plainText({ error: REMOTE_FOLLOW_MESSAGES.handleInvalid })
    .trim()
    .max(360, { error: REMOTE_FOLLOW_MESSAGES.handleInvalid })
    .regex(FEDIVERSE_HANDLE, { error: REMOTE_FOLLOW_MESSAGES.handleInvalid }),
});

export const remoteFollowSchema = z.strictObject({ remote_actor_id: idField });

/** Where the person looking stands with someone elsewhere. */
export type RemoteFollowState = 'none' | 'pending' | 'following';

/** Someone elsewhere as a person here finds them by handle. */
export interface RemotePersonView {
  remote_actor_id: number;
  /** user@host */
  handle: string;
  name: string;
  server: string;
  /** Their page on their server. */
  url: string | null;
  /** Their picture as stored here, when it is. */
  avatar: string | null;
  following: RemoteFollowState;
  /** The person looking has blocked them (issue 30). */
  blocked: boolean;
}

/** Someone elsewhere on a person's followers or following list (issue 30), marked with their server. */
export interface PersonElsewhereView {
  /** user@host */
  handle: string;
  server: string;
  /** Their page on their server. */
  url: string | null;
  /** Their picture as stored here, when it is. */
  avatar: string | null;
}

/** A person's followers and following on other servers (accepted follows only). */
export interface PeopleElsewhereView {
  followers: PersonElsewhereView[];
  following: PersonElsewhereView[];
}

/** A like of a review from elsewhere (issue 30): its id in the Following feed (post_id of a card with `remote`). */
export const remoteReviewLikeSchema = z.strictObject({ remote_review_id: idField });

export const REMOTE_LIKE_MESSAGES = {
  noSuchReview: 'That review is no longer here: its author took it back or you no longer follow them.',
  noSuchReply: 'That reply is no longer here.',
} as const;

/** A reply to a review from elsewhere (issue 30): it goes to its author's server as a public Note. */
export const remoteReviewReplySchema = z.strictObject({
  remote_review_id: idField,
  comment: requiredText(POST_MESSAGES.enterComment, LIMITS.commentMax),
});

export const remoteReplyIdSchema = z.strictObject({ reply_id: idField });

/** One's own reply to a review from elsewhere. */
export interface RemoteReplyView {
  reply_id: number;
  comment: string;
  comment_date: string;
}
