import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatPostDate, SAFETY_MESSAGES } from '@siplog/contracts';
import { MentionText } from '../../../components/mentions/MentionText';
import { RemoteReplyMenu } from '../../safety/RemoteReplyMenu';
import { ReportMenu } from '../../safety/ReportMenu';
import type { CommentView } from '../types';
import { DeleteCommentButton } from './DeleteCommentButton';

interface CommentItemProps {
  postId: number;
  comment: CommentView;
  /** The signed-in person's username, or null for a guest. */
  viewer: string | null;
  reviewAuthor: string;
}

/**
 * One comment: its author, its text (known @names as links) and its date, with Delete for its author and the
 * review's author and Report for everyone else. A comment by someone the review's author blocked (only they get
 * those) is folded to one line they can open, and keeps its Delete and Report (issue 26). A reply from someone on
 * another server (issue 30) shows their handle, linked to their page there, with their picture as stored here; the
 * review's author may delete it, and anyone may report it or block its author from its menu.
 */
export function CommentItem({ postId, comment, viewer, reviewAuthor }: CommentItemProps) {
  const [unfolded, setUnfolded] = useState(false);
  const bodyId = useId();
  const folded = comment.blocked === true && !unfolded;

  return (
    <li className={comment.blocked ? 'full-post__comment full-post__comment--blocked' : 'full-post__comment'}>
      {comment.blocked && (
        <span className="full-post__comment-folded">
          <span className="full-post__comment-blocked-note">{SAFETY_MESSAGES.blockedComment}</span>{' '}
          <button
            type="button"
            className="full-post__comment-unfold"
            aria-expanded={!folded}
            aria-controls={bodyId}
            onClick={() => setUnfolded(!unfolded)}
          >
            {folded ? 'Show' : 'Hide'}
          </button>
        </span>
      )}
      <span id={bodyId} className="full-post__comment-body" hidden={folded}>
        {comment.remote ? <RemoteAuthor handle={comment.username} {...comment.remote} /> : (
          <Link to={`/user/${encodeURIComponent(comment.username)}`} className="full-post__comment-author">
            @{comment.username}
          </Link>
        )}{' '}
        <span className="full-post__comment-text">
          <MentionText text={comment.comment} mentions={comment.mentions} />
        </span>
      </span>
      <span className="full-post__comment-meta">
        <time className="full-post__comment-date" dateTime={comment.comment_date}>
          {formatPostDate(comment.comment_date)}
        </time>
        {viewer !== null && (viewer === reviewAuthor || (viewer === comment.username && !comment.remote)) && (
          <DeleteCommentButton postId={postId} commentId={comment.comment_id} remote={comment.remote !== undefined} author={folded ? 'someone you blocked' : comment.username} />
        )}
        {comment.remote && (
          <RemoteReplyMenu
            commentId={comment.comment_id}
            handle={comment.username}
            label={folded ? 'More actions for the reply from someone you blocked' : `More actions for the reply by @${comment.username}`}
          />
        )}
        {viewer !== comment.username && !comment.remote && (
          <ReportMenu
            target={{ kind: 'comment', id: comment.comment_id }}
            label={folded ? 'More actions for the comment from someone you blocked' : `More actions for the comment by @${comment.username}`}
            size="small"
          />
        )}
      </span>
    </li>
  );
}

/** Someone elsewhere: their handle (user@host), opening their page on their server in a new tab when they gave one. */
function RemoteAuthor({ handle, url, avatar }: { handle: string; url: string | null; avatar: string | null }) {
  const name = (
    <>
      {avatar && <img className="full-post__comment-avatar" src={avatar} alt="" width={20} height={20} loading="lazy" />}@{handle}
    </>
  );
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="full-post__comment-author full-post__comment-author--remote">
      {name}
    </a>
  ) : (
    <span className="full-post__comment-author full-post__comment-author--remote">{name}</span>
  );
}
