import { LIMITS } from './limits';

/**
 * `@username` in a review or a comment: a username's characters (letters, digits, `_` and `.`), not inside a word or
 * an e-mail address (`ann@cafe.com` names nobody). A dot that ends the sentence is not part of the name.
 */
const MENTION = new RegExp(`(^|[^A-Za-z0-9_.@])@([A-Za-z0-9_.]{${LIMITS.usernameMin},${LIMITS.usernameMax + 1}})`, 'g');

export type TextPart = { text: string } | { mention: string; text: string };

/** The text cut into plain parts and `@name` parts (name lower-cased, as usernames are kept), in order. */
export function splitMentions(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(MENTION)) {
    const name = match[2].replace(/\.+$/, '');
    if (name.length < LIMITS.usernameMin || name.length > LIMITS.usernameMax) continue;
    const start = match.index + match[1].length;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ mention: name.toLowerCase(), text: `@${name}` });
    at = start + 1 + name.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The distinct usernames a text mentions, in order of first mention. */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const part of splitMentions(text)) if ('mention' in part) names.add(part.mention);
  return [...names];
}
