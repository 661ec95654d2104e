import { Link } from 'react-router';
import { mentionParts } from './mention-parts';
import './mention-text.css';

interface MentionTextProps {
  text: string;
  /** The usernames the API found mentioned (PostView.mentions, CommentView.mentions). */
  mentions: readonly string[] | undefined;
}

/** A review's or comment's text with each known `@username` as a link to that profile; the rest is text, never HTML. */
export function MentionText({ text, mentions }: MentionTextProps) {
  return (
    <>
      {mentionParts(text, mentions).map((part, index) =>
        'username' in part ? (
          <Link key={index} to={`/user/${encodeURIComponent(part.username)}`} className="mention">
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
