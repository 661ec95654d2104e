import { splitMentions } from '@siplog/contracts';

/** A run of plain text, or an `@name` that names a person (`username` is whose profile it links to). */
export type MentionPart = { text: string } | { text: string; username: string };

/**
 * A review's or comment's text cut for display: `@name` becomes a link part only for the names the API listed in
 * its `mentions` (existing, active people); every other `@name` stays in the plain text around it.
 */
export function mentionParts(text: string, mentions: readonly string[] | undefined): MentionPart[] {
  const known = new Set(mentions?.map((name) => name.toLowerCase()));
  const parts: MentionPart[] = [];
  for (const part of splitMentions(text)) {
    if ('mention' in part && known.has(part.mention)) {
      parts.push({ text: part.text, username: part.mention });
      continue;
    }
    const last = parts.at(-1);
    if (last && !('username' in last)) last.text += part.text;
    else parts.push({ text: part.text });
  }
  return parts;
}
