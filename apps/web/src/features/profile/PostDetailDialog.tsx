import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatCount, formatPostDate } from '@siplog/contracts';
import { Modal } from '../../components/dialog/Modal';
import { postImageUrl } from './images';
import { CalendarIcon, ChevronIcon, CupIcon, HeartIcon, PersonIcon, PlaceIcon } from './icons';
import { StarRating } from './StarRating';
import type { PostSummary } from './types';

/** The post's photos, one at a time: swipe, or use the arrows; dots show where you are. */
function PhotoStrip({ images, alt }: { images: string[]; alt: string }) {
  const stripRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <div className="post-detail__images">
        <span className="post-detail__no-image">
          <CupIcon width={56} height={56} />
        </span>
      </div>
    );
  }
  const go = (next: number) => {
    const strip = stripRef.current;
    if (strip) strip.scrollTo({ left: next * strip.clientWidth, behavior: 'smooth' });
  };
  const many = images.length > 1;
  return (
    <div className="post-detail__gallery">
      <div
        ref={stripRef}
        className="post-detail__images"
        onScroll={(event) => {
          const strip = event.currentTarget;
          setIndex(Math.round(strip.scrollLeft / Math.max(1, strip.clientWidth)));
        }}
      >
        {images.map((image, position) => (
          <img
            key={image}
            src={postImageUrl(image)}
            alt={many ? `${alt}, photo ${position + 1} of ${images.length}` : alt}
            loading={position === 0 ? 'eager' : 'lazy'}
          />
        ))}
      </div>
      {many && (
        <>
          <button
            type="button"
            className="icon-button post-detail__arrow post-detail__arrow--left"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-label="Previous photo"
          >
            <ChevronIcon direction="left" />
          </button>
          <button
            type="button"
            className="icon-button post-detail__arrow post-detail__arrow--right"
            onClick={() => go(index + 1)}
            disabled={index >= images.length - 1}
            aria-label="Next photo"
          >
            <ChevronIcon direction="right" />
          </button>
          <span className="post-detail__dots" aria-hidden="true">
            {images.map((image, position) => (
              <span key={image} className={position === index ? 'is-active' : undefined} />
            ))}
          </span>
        </>
      )}
    </div>
  );
}

/**
 * A post opened from a carousel: photos, order, rating, review, place, date and likes; with `showAuthor` (a place's
 * reviews come from many people) also who wrote it.
 */
export function PostDetailDialog({ post, onClose, showAuthor = false }: { post: PostSummary; onClose: () => void; showAuthor?: boolean }) {
  const likes = post.likes;
  const place = [post.establishment_name, post.est_city].filter(Boolean).join(', ');
  return (
    <Modal title={post.order} onClose={onClose} className="post-detail">
      <PhotoStrip images={post.images} alt={post.order} />
      <div className="post-detail__body">
        <div className="post-detail__rating-row">
          <StarRating rating={post.rating} size={20} />
          <span className="post-detail__likes" aria-label={`${likes} ${likes === 1 ? 'like' : 'likes'}`}>
            <HeartIcon width={18} height={18} />
            {formatCount(likes)}
          </span>
        </div>
        {post.review && <p className="post-detail__review">{post.review}</p>}
        <dl className="post-detail__facts">
          {showAuthor && (
            <div>
              <dt>
                <PersonIcon width={16} height={16} />
                <span className="visually-hidden">Author</span>
              </dt>
              <dd>
                <Link to={`/user/${encodeURIComponent(post.username)}`}>@{post.username}</Link>
              </dd>
            </div>
          )}
          <div>
            <dt>
              <PlaceIcon width={16} height={16} />
              <span className="visually-hidden">Place</span>
            </dt>
            <dd>
              <Link to={`/view/${post.establishment_id}`}>{place}</Link>
            </dd>
          </div>
          <div>
            <dt>
              <CalendarIcon width={16} height={16} />
              <span className="visually-hidden">Date</span>
            </dt>
            <dd>
              <time dateTime={post.post_date}>{formatPostDate(post.post_date)}</time>
            </dd>
          </div>
        </dl>
      </div>
    </Modal>
  );
}
