import { displayPlaceName, formatPostDate, postPath } from '@siplog/contracts';
import { lazy, Suspense, useState } from 'react';
import { CameraIcon, CupIcon, HeartIcon } from '../../../components/icons/icons';
import { avatarUrlOf, postImageUrl } from '../../../lib/images';
import { StarRating } from '../../../components/rating/StarRating';
import { DrinkChips } from '../../drink/DrinkChips';
import type { PostView } from '../types';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure } from '../../../lib/trpc-errors';
import { isPlainClick } from './feed-pages';

/** Replying to a review from elsewhere: loaded when someone opens it. */
const RemoteReplyDialog = lazy(() => import('../../federation/RemoteReplyDialog').then((module) => ({ default: module.RemoteReplyDialog })));

/**
 * One review in the feed: its first photo, the place and city, the order, stars, author and date. The whole card is
 * a link to the post's own page (a new tab with a middle or modified click); a plain click opens it in place.
 */
export function FeedPostCard({ post, onOpen }: { post: PostView; onOpen: (post: PostView) => void }) {
  if (post.remote) return <RemoteReviewCard post={post} remote={post.remote} />;
  const [photo] = post.images;
  return (
    <li className="feed-post">
      <a
        className="feed-post__link"
        href={postPath(post.post_id)}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onOpen(post);
        }}
      >
        <span className="feed-post__photo">
          {photo ? (
            <img src={postImageUrl(photo, 'card')} alt="" loading="lazy" decoding="async" width={800} height={600} />
          ) : (
            <CupIcon width={40} height={40} />
          )}
          <PhotoCount count={post.images.length} />
        </span>
        <span className="feed-post__body">
          <span className="feed-post__title-row">
            <span className="feed-post__place" title={post.establishment_name}>
              {displayPlaceName(post.establishment_name)}
            </span>
            <StarRating rating={post.rating} size={14} />
          </span>
          {post.est_city && <span className="feed-post__city">{post.est_city}</span>}
          <span className="feed-post__order">{post.order}</span>
          <DrinkChips drink={post.drink} className="feed-post__drink" />
          <span className="feed-post__footer">
            <img className="feed-post__avatar" src={avatarUrlOf(post.username)} alt="" width={24} height={24} loading="lazy" />
            <span className="feed-post__author">@{post.username}</span>
            <time className="feed-post__date" dateTime={post.post_date}>
              {formatPostDate(post.post_date)}
            </time>
          </span>
        </span>
      </a>
    </li>
  );
}

/**
 * A review by someone on another server whom the reader follows (issue 30): the same card, marked with their
 * server, opening the review where it lives (a new tab). Its photos are our stored copies (fetched once by the
 * server), with the alt text they came with: nothing is loaded from elsewhere.
 */
function RemoteReviewCard({ post, remote }: { post: PostView; remote: NonNullable<PostView['remote']> }) {
  const [replying, setReplying] = useState(false);
  const [photo] = post.images;
  const body = (
    <>
      <span className="feed-post__photo feed-post__photo--remote">
        {photo ? (
          <img src={postImageUrl(photo, 'card')} alt={remote.image_alts[0] ?? ''} loading="lazy" decoding="async" width={800} height={600} />
        ) : (
          <CupIcon width={40} height={40} />
        )}
        <PhotoCount count={post.images.length} />
        <span className="feed-post__server">{remote.server}</span>
      </span>
      <span className="feed-post__body">
        <span className="feed-post__title-row">
          <span className="feed-post__place" title={post.establishment_name}>
            {displayPlaceName(post.establishment_name)}
          </span>
          <StarRating rating={post.rating} size={14} />
        </span>
        {post.est_street && <span className="feed-post__city">{post.est_street}</span>}
        <span className="feed-post__order">{post.order || post.review}</span>
        <span className="feed-post__footer">
          {remote.avatar ? (
            <img className="feed-post__avatar" src={remote.avatar} alt="" width={24} height={24} loading="lazy" />
          ) : (
            <span className="feed-post__avatar feed-post__avatar--none" aria-hidden="true" />
          )}
          <span className="feed-post__author">@{post.username}</span>
          <time className="feed-post__date" dateTime={post.post_date}>
            {formatPostDate(post.post_date)}
          </time>
        </span>
      </span>
    </>
  );
  const href = remote.url ?? remote.profile_url;
  return (
    <li className="feed-post feed-post--remote">
      {href ? (
        <a className="feed-post__link" href={href} target="_blank" rel="noopener noreferrer nofollow" aria-label={`Review by @${post.username} on ${remote.server} (opens their server)`}>
          {body}
        </a>
      ) : (
        <div className="feed-post__link">{body}</div>
      )}
      <span className="feed-post__remote-actions">
        <RemoteLikeButton reviewId={post.post_id} liked={remote.liked} author={post.username} />
        <button type="button" className="icon-button icon-button--small feed-post__remote-reply" aria-haspopup="dialog" onClick={() => setReplying(true)}>
          Reply
        </button>
      </span>
      {replying && (
        <Suspense fallback={null}>
          <RemoteReplyDialog reviewId={post.post_id} author={post.username} server={remote.server} onClose={() => setReplying(false)} />
        </Suspense>
      )}
    </li>
  );
}

/** The heart on a review from elsewhere: a Like (or its Undo) goes to its author's server. */
function RemoteLikeButton({ reviewId, liked: likedAtFirst, author }: { reviewId: number; liked: boolean; author: string }) {
  const [liked, setLiked] = useState(likedAtFirst);
  const like = trpc.federation.likeReview.useMutation();
  const unlike = trpc.federation.unlikeReview.useMutation();
  const busy = like.isPending || unlike.isPending;
  const toggle = async () => {
    const wanted = !liked;
    setLiked(wanted);
    try {
      await (wanted ? like : unlike).mutateAsync({ remote_review_id: reviewId });
    } catch (error) {
      setLiked(!wanted);
      logToServer('warn', describeFailure('Liking a review from elsewhere failed', error));
    }
  };
  return (
    <button
      type="button"
      className={`feed-post__remote-like icon-button icon-button--small${liked ? ' is-liked' : ''}`}
      aria-pressed={liked}
      aria-label={`Like the review by @${author}`}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <HeartIcon width={18} height={18} />
    </button>
  );
}

/** How many photos a review has, over its first one; nothing for one or none. */
function PhotoCount({ count }: { count: number }) {
  if (count < 2) return null;
  return (
    <span className="feed-post__photo-count">
      <CameraIcon width={13} height={13} />
      {count}
      <span className="visually-hidden"> photos</span>
    </span>
  );
}

/** The shape of a card while its review loads, so the list does not jump when it arrives. */
export function FeedPostSkeleton() {
  return (
    <li className="feed-post feed-post--skeleton" aria-hidden="true">
      <span className="feed-post__photo feed-skeleton" />
      <span className="feed-post__body">
        <span className="feed-skeleton feed-skeleton__line" />
        <span className="feed-skeleton feed-skeleton__line feed-skeleton__line--short" />
      </span>
    </li>
  );
}
