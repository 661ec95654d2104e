import type { InboxContext } from '@fedify/fedify';
import { Mention, PUBLIC_COLLECTION, type Note } from '@fedify/fedify/vocab';
import { convert } from 'html-to-text';
import { LIMITS } from '@siplog/contracts';
import { localUserId } from './federation-paths';

/** A reply's tags read at most: Mastodon sends one per mention and hashtag, so this is generous. */
const TAGS_READ_MAX = 50;

/**
 * A reply's HTML (Mastodon's `<p>` and `<br>`, mention and hashtag links) as the plain text a comment here is, cut to
 * the comment limit. Empty when nothing readable is left.
 */
export function replyText(html: string): string {
  return cut(plainText(html), LIMITS.commentMax);
}

/** Text cut to `max` characters, with an ellipsis when anything was left out. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** HTML from elsewhere as plain text: links as their words, images and scripts dropped, paragraphs a blank line apart. */
export function plainText(html: string): string {
  return convert(html.slice(0, 64 * 1024), {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
    ],
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The Note's content in whatever language it came (Fedify reads a language map as a LanguageString). */
export function noteHtml(note: Pick<Note, 'content'>): string {
  const content = note.content;
  return content === null ? '' : String(content);
}

/** The local people a reply's Mention tags name (by their actor URIs here), once each. */
export async function mentionedLocalPeople(ctx: InboxContext<void>, note: Note): Promise<number[]> {
  const people = new Set<number>();
  let read = 0;
  for await (const tag of note.getTags({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true })) {
    if (++read > TAGS_READ_MAX) break;
    if (!(tag instanceof Mention) || !tag.href) continue;
    const userId = localUserId(ctx, tag.href);
    if (userId !== null) people.add(userId);
  }
  return [...people];
}

/** Public or unlisted (addressed to everyone); a followers-only or direct reply is private and is never shown here. */
export function isPublicNote(note: Pick<Note, 'toIds' | 'ccIds'>): boolean {
  return [...note.toIds, ...note.ccIds].some((id) => id.href === PUBLIC_COLLECTION.href);
}
