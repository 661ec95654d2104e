import { Link } from 'react-router';
import { formatCount, formatPostDate } from '@siplog/contracts';
import { PhotoCarousel } from '../../components/carousel/PhotoCarousel';
import { Modal } from '../../components/dialog/Modal';
import { postImageUrl } from './images';
import { CalendarIcon, CupIcon, HeartIcon, PersonIcon, PlaceIcon } from './icons';
import { StarRating } from './StarRating';
import type { PostSummary } from './types';

/**
 * A post opened from a carousel: photos, order, rating, review, place, date and likes; with `showAuthor` (a place's
 * reviews come from many people) also who wrote it.
 */
export function PostDetailDialog({ post, onClose, showAuthor = false }: { post: PostSummary; onClose: () => void; showAuthor?: boolean }) {
  const likes = post.likes;
  const place = [post.establishment_name, post.est_city].filter(Boolean).join(', ');
  return (
    <Modal title={post.order} onClose={onClose} className="post-detail">
      <PhotoCarousel
        sources={post.images.map((image) => postImageUrl(image))}
        label={post.order}
        placeholder={<CupIcon width={56} height={56} />}
        className="post-detail__photos"
      />
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
