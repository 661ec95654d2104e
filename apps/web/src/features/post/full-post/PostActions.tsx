import { useState, type ReactNode } from 'react';
import { postPath } from '@siplog/contracts';
import { useShareLink } from '../../../lib/useShareLink';
import { HeartIcon, ShareIcon } from '../../../components/icons/icons';
import type { PostView } from '../types';
import { JoinNowDialog } from './JoinNowDialog';
import { usePostLike } from './usePostLike';

/** The like toggle; a guest gets the 'Join Now!' prompt instead. */
function LikeButton({ post }: { post: PostView }) {
  const { signedIn, liked, busy, toggle } = usePostLike(post);
  const [prompting, setPrompting] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`icon-button icon-button--large icon-button--ghost full-post__like${liked ? ' is-liked' : ''}`}
        aria-pressed={liked}
        aria-label="Like"
        // Not `disabled`: the button keeps its focus while a change runs; the hook ignores clicks until it ends.
        aria-disabled={busy}
        onClick={() => (signedIn ? void toggle() : setPrompting(true))}
      >
        <HeartIcon width={26} height={26} />
      </button>
      {prompting && <JoinNowDialog onClose={() => setPrompting(false)} />}
    </>
  );
}

/** The review's own link (/post/{id}): the share sheet, or copied with a confirmation; a real link for the browser's menu. */
function ShareButton({ post }: { post: PostView }) {
  const path = postPath(post.post_id);
  const { share, statusText } = useShareLink(`${post.order} at ${post.establishment_name}`, path);
  return (
    <span className="full-post__share">
      <a
        href={path}
        className="icon-button icon-button--large icon-button--ghost"
        aria-label="Share this review"
        onClick={(event) => {
          event.preventDefault();
          void share();
        }}
      >
        <ShareIcon width={24} height={24} />
      </a>
      <span className="full-post__share-status" role="status">
        {statusText}
      </span>
    </span>
  );
}

/** Like and share, then whatever the caller adds on the right (the author's Edit and Delete). */
export function PostActions({ post, children }: { post: PostView; children?: ReactNode }) {
  return (
    <div className="full-post__actions">
      <LikeButton post={post} />
      <ShareButton post={post} />
      {children && <div className="full-post__own-actions">{children}</div>}
    </div>
  );
}
